//===- CodegenWrapper.cpp - C shim for in-process code generation ---------===//
//
// Every function here has a C signature declared in ir/src/ffi.rs. Used by
// ir/src/codegen.rs.
//
// Compiles a module to an object file (SPIR-V binary) or assembly (PTX) in
// memory, as `llc -mtriple=<triple> -mcpu=<cpu> -filetype=<obj|asm>` does:
// the module takes the target's triple and data layout, then the legacy
// code generation pipeline writes into a string. Error diagnostics of the
// back end are collected instead of ending the process; the context's
// previous handler is put back afterwards.
//
// LLVM 22's SPIR-V back end keeps its module analysis in a static
// (SPIRVModuleAnalysis::MAI), so two SPIR-V compilations on two threads
// corrupt each other (seen as crashes in the asm printer): SPIR-V code
// generation is serialized process-wide. Other targets run in parallel.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

extern "C" {
void LLVMInitializeSPIRVTargetInfo();
void LLVMInitializeSPIRVTarget();
void LLVMInitializeSPIRVTargetMC();
void LLVMInitializeSPIRVAsmPrinter();
void LLVMInitializeNVPTXTargetInfo();
void LLVMInitializeNVPTXTarget();
void LLVMInitializeNVPTXTargetMC();
void LLVMInitializeNVPTXAsmPrinter();
}

using namespace llvm;

namespace {

/// Collects error diagnostics as text, one per line.
struct ErrorCollector final : DiagnosticHandler {
  std::string Errors;

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (DI.getSeverity() != DS_Error)
      return true;
    if (!Errors.empty())
      Errors += '\n';
    raw_string_ostream OS(Errors);
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    return true;
  }
};

void initializeTargets() {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeSPIRVTargetInfo();
    LLVMInitializeSPIRVTarget();
    LLVMInitializeSPIRVTargetMC();
    LLVMInitializeSPIRVAsmPrinter();
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    LLVMInitializeNVPTXAsmPrinter();
  });
}

char *copyBytes(const std::string &S, size_t *Len) {
  char *P = static_cast<char *>(std::malloc(S.size() ? S.size() : 1));
  if (P && !S.empty())
    std::memcpy(P, S.data(), S.size());
  *Len = S.size();
  return P;
}

} // namespace

extern "C" {

/// Compiles \p M for \p TripleStr / \p CPU / \p Features (LLVM's default
/// optimisation level, as llc) into \p Out: an object file when \p Assembly
/// is 0, assembly text otherwise. The module is changed: it takes the
/// target's triple and data layout and code generation runs on it.
/// Returns 0 on success with \p Out (free with free()) and \p OutLen set;
/// otherwise 1 with \p Error set (free with LLVMDisposeMessage).
int SyclEmitToMemory(LLVMModuleRef M, const char *TripleStr, const char *CPU,
                     const char *Features, int Assembly, char **Out,
                     size_t *OutLen, char **Error) {
  *Out = nullptr;
  *OutLen = 0;
  *Error = nullptr;
  initializeTargets();
  Module &Mod = *unwrap(M);
  Triple TT(TripleStr);
  std::string Lookup;
  const Target *T = TargetRegistry::lookupTarget(TT, Lookup);
  if (!T) {
    *Error = LLVMCreateMessage(Lookup.c_str());
    return 1;
  }
  TargetOptions Options;
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, CPU, Features, Options, std::nullopt, std::nullopt,
      CodeGenOptLevel::Default));
  if (!TM) {
    *Error = LLVMCreateMessage("cannot create a target machine");
    return 1;
  }
  Mod.setTargetTriple(TT);
  Mod.setDataLayout(TM->createDataLayout());

  LLVMContext &Ctx = Mod.getContext();
  std::unique_ptr<DiagnosticHandler> Previous = Ctx.getDiagnosticHandler();
  auto Collect = std::make_unique<ErrorCollector>();
  ErrorCollector *C = Collect.get();
  Ctx.setDiagnosticHandler(std::move(Collect));

  static std::mutex SpirvCodegen;
  std::unique_lock<std::mutex> Serial(SpirvCodegen, std::defer_lock);
  if (TT.isSPIRV())
    Serial.lock();

  std::string Buffer;
  bool Failed;
  {
    raw_string_ostream OS(Buffer);
    buffer_ostream BOS(OS);
    legacy::PassManager PM;
    Failed = TM->addPassesToEmitFile(
        PM, BOS, nullptr,
        Assembly ? CodeGenFileType::AssemblyFile : CodeGenFileType::ObjectFile);
    if (Failed)
      C->Errors = "the target cannot emit this file type";
    else
      PM.run(Mod);
  }
  if (Serial.owns_lock())
    Serial.unlock();
  std::string Errors = C->Errors;
  Ctx.setDiagnosticHandler(std::move(Previous));
  if (Failed || !Errors.empty()) {
    *Error = LLVMCreateMessage(Errors.c_str());
    return 1;
  }
  *Out = copyBytes(Buffer, OutLen);
  if (!*Out) {
    *Error = LLVMCreateMessage("out of memory");
    return 1;
  }
  return 0;
}

} // extern "C"
