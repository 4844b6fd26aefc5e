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
// SPIR-V goes through the back end's own entry point, SPIRVTranslate
// (lib/Target/SPIRV/SPIRVAPI.cpp, exported by libLLVM but in no public
// header): it is what sets the SPIR-V extensions allowed for one compilation
// on its subtarget, which `llc -spirv-ext=` does through a process-wide
// option instead. The module first takes the target's triple and data
// layout, as with `llc -mtriple`, so the bytes are llc's.
//
// LLVM 22's SPIR-V back end keeps its module analysis in a static
// (SPIRVModuleAnalysis::MAI), so two SPIR-V compilations on two threads
// corrupt each other (seen as crashes in the asm printer): SPIR-V code
// generation is serialized process-wide. Other targets run in parallel.
//
// Back ends also end the process on input they cannot handle
// (report_fatal_error: "Unsupported Integer width!" for an i256 in the SPIR-V
// back end) and may crash. A library must not take its caller down, so code
// generation runs in a CrashRecoveryContext, with a fatal-error handler that
// returns to it: such a failure becomes this call's error. What the aborted
// compilation had allocated is leaked, and since LLVM's state (the SPIR-V
// back end's statics, locks taken inside LLVM) may be inconsistent after it,
// every later code generation in the process fails with a message saying so.
// While a code generation runs, LLVM's fatal-error handler and the crash
// signal handlers are this file's (LLVM allows one of each per process).
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
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"

#include <atomic>
#include <new>
#include <vector>
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>

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

namespace llvm {
// Defined in lib/Target/SPIRV/SPIRVAPI.cpp (extern "C", exported).
extern "C" bool SPIRVTranslate(Module *M, std::string &SpirvObj,
                               std::string &ErrMsg,
                               const std::vector<std::string> &AllowExtNames,
                               CodeGenOptLevel OLevel, Triple TargetTriple);
} // namespace llvm

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

/// Where the fatal-error handler puts the reason, on a thread that is inside
/// a recovered code generation.
thread_local std::string *FatalReason = nullptr;

/// Set once a code generation ended in a fatal error or a crash.
std::atomic<bool> Poisoned{false};

void onFatalError(void *, const char *Reason, bool GenCrashDiag) {
  if (FatalReason && CrashRecoveryContext::GetCurrent()) {
    *FatalReason = Reason;
    // Returns to CrashRecoveryContext::RunSafely (HandleExit), not to LLVM.
    sys::Process::Exit(1);
  }
  // Outside a recovered code generation: what LLVM does without a handler.
  std::string Message = std::string("LLVM ERROR: ") + Reason + "\n";
  (void)!::write(2, Message.data(), Message.size());
  sys::RunInterruptHandlers();
  if (GenCrashDiag)
    abort();
  exit(1);
}

/// Installs the fatal-error handler and crash recovery while at least one
/// code generation runs.
class RecoveryScope {
public:
  RecoveryScope() {
    std::lock_guard<std::mutex> Lock(M);
    if (Users++ == 0) {
      CrashRecoveryContext::Enable();
      install_fatal_error_handler(onFatalError, nullptr);
    }
  }
  ~RecoveryScope() {
    std::lock_guard<std::mutex> Lock(M);
    if (--Users == 0) {
      remove_fatal_error_handler();
      CrashRecoveryContext::Disable();
    }
  }

private:
  static inline std::mutex M;
  static inline unsigned Users = 0;
};

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
/// \p SpirvExtensions (for a SPIR-V target; may be null for none) is the
/// comma-separated list of SPIR-V extensions the back end may use.
/// Returns 0 on success with \p Out (free with free()) and \p OutLen set;
/// otherwise 1 with \p Error set (free with LLVMDisposeMessage).
int SyclEmitToMemory(LLVMModuleRef M, const char *TripleStr, const char *CPU,
                     const char *Features, int Assembly,
                     const char *SpirvExtensions, int OptLevel, char **Out,
                     size_t *OutLen, char **Error) {
  *Out = nullptr;
  *OutLen = 0;
  *Error = nullptr;
  if (Poisoned) {
    *Error = LLVMCreateMessage(
        "an earlier code generation in this process ended in a fatal error "
        "of LLVM's back end, whose state may now be inconsistent; start a "
        "new process");
    return 1;
  }
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
  // llc's -O0..-O3 (CodeGenOpt::parseLevel); anything else is -O2.
  CodeGenOptLevel Level = CodeGenOpt::getLevel(OptLevel).value_or(
      CodeGenOptLevel::Default);
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, CPU, Features, Options, std::nullopt, std::nullopt, Level));
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
  bool Failed = false;
  std::string Fatal;
  bool Completed = true;
  if (TT.isSPIRV() && !Assembly) {
    // Block names would become OpNames of block labels, which
    // sycl_spirv::canonical_ids drops. They go before the back end sees
    // them: a label whose id is stale from an earlier compilation in this
    // process can share its id with another result, and then a block's name
    // cannot be told from that result's.
    for (Function &F : Mod)
      for (BasicBlock &BB : F)
        BB.setName("");
    std::vector<std::string> Extensions;
    StringRef List = SpirvExtensions ? SpirvExtensions : "";
    while (!List.empty()) {
      auto [Head, Tail] = List.split(',');
      if (!Head.trim().empty())
        Extensions.push_back(Head.trim().str());
      List = Tail;
    }
    std::string Translated, Message;
    bool Ok = false;
    {
      RecoveryScope Recovery;
      FatalReason = &Fatal;
      CrashRecoveryContext CRC;
      Completed = CRC.RunSafely([&] {
        Ok = SPIRVTranslate(&Mod, Translated, Message, Extensions, Level,
                            TT);
      });
      FatalReason = nullptr;
    }
    if (!Completed) {
      Poisoned = true;
    } else if (!Ok) {
      Failed = true;
      if (C->Errors.empty())
        C->Errors = Message.empty() ? "code generation failed" : Message;
    } else {
      Buffer = std::move(Translated);
    }
  } else {
    raw_string_ostream OS(Buffer);
    // Heap-allocated: after a fatal error they are leaked, not destroyed
    // half-way through a run.
    auto *BOS = new buffer_ostream(OS);
    auto *PM = new legacy::PassManager();
    Failed = TM->addPassesToEmitFile(
        *PM, *BOS, nullptr,
        Assembly ? CodeGenFileType::AssemblyFile : CodeGenFileType::ObjectFile);
    if (Failed) {
      C->Errors = "the target cannot emit this file type";
    } else {
      RecoveryScope Recovery;
      FatalReason = &Fatal;
      CrashRecoveryContext CRC;
      Completed = CRC.RunSafely([&] { PM->run(Mod); });
      FatalReason = nullptr;
    }
    if (Completed) {
      delete PM;
      delete BOS;
    } else {
      Poisoned = true;
      (void)TM.release();
    }
  }
  if (Serial.owns_lock())
    Serial.unlock();
  std::string Errors = C->Errors;
  Ctx.setDiagnosticHandler(std::move(Previous));
  if (!Completed) {
    std::string Message = "LLVM's back end stopped: " +
                          (Fatal.empty() ? std::string("it crashed") : Fatal);
    *Error = LLVMCreateMessage(Message.c_str());
    return 1;
  }
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

namespace {
int OutOfMemoryExitCode = 1;

[[noreturn]] void exitOutOfMemory() { ::_exit(OutOfMemoryExitCode); }

void onBadAlloc(void *, const char *, bool) { exitOutOfMemory(); }
} // namespace

/// For a process that exists to run one job (a code generation child):
/// from now on, an allocation that fails in LLVM (report_bad_alloc_error)
/// or in C++ `new` ends the process at once with exit status `Code`, which
/// its parent reads as "out of memory", instead of an abort that crash
/// recovery would report as a crash.
extern "C" void SyclExitOnOutOfMemory(int Code) {
  OutOfMemoryExitCode = Code;
  install_bad_alloc_error_handler(onBadAlloc, nullptr);
  std::set_new_handler(exitOutOfMemory);
}
