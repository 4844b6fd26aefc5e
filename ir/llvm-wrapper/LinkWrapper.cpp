//===- LinkWrapper.cpp - C shim for LLVM's IR linker ----------------------===//
//
// Every function here has a C signature declared in ir/src/ffi.rs. Used by
// ir/src/link.rs.
//
// LLVMLinkModules2 reports link errors through the context's diagnostic
// handler; with the default handler an error is printed and the process
// exits. This shim installs a handler that collects the diagnostics for the
// duration of the link and puts the previous handler back afterwards.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

using namespace llvm;

namespace {

/// Collects error and warning diagnostics as text, one per line.
struct CollectingDiagnosticHandler final : DiagnosticHandler {
  std::string Errors;
  std::string Warnings;

  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    std::string *Out = nullptr;
    if (DI.getSeverity() == DS_Error)
      Out = &Errors;
    else if (DI.getSeverity() == DS_Warning)
      Out = &Warnings;
    if (!Out)
      return true;
    if (!Out->empty())
      *Out += '\n';
    raw_string_ostream OS(*Out);
    DiagnosticPrinterRawOStream DP(OS);
    DI.print(DP);
    return true;
  }
};

char *messageOrNull(const std::string &S) {
  return S.empty() ? nullptr : LLVMCreateMessage(S.c_str());
}

} // namespace

extern "C" {

/// Links \p Src into \p Dest (Linker::linkModules; with \p OnlyNeeded,
/// Linker::LinkOnlyNeeded: only definitions \p Dest references) and
/// destroys \p Src. Returns 1 if linking failed. The linker's error and
/// warning diagnostics are returned in \p Errors and \p Warnings (null when
/// there are none; free with LLVMDisposeMessage).
int SyclLinkModules(LLVMModuleRef Dest, LLVMModuleRef Src, int OnlyNeeded,
                    char **Errors, char **Warnings) {
  Module &D = *unwrap(Dest);
  LLVMContext &Ctx = D.getContext();
  std::unique_ptr<DiagnosticHandler> Previous = Ctx.getDiagnosticHandler();
  auto Collect = std::make_unique<CollectingDiagnosticHandler>();
  CollectingDiagnosticHandler *C = Collect.get();
  Ctx.setDiagnosticHandler(std::move(Collect));
  bool Failed = Linker::linkModules(
      D, std::unique_ptr<Module>(unwrap(Src)),
      OnlyNeeded ? Linker::Flags::LinkOnlyNeeded : Linker::Flags::None);
  *Errors = messageOrNull(C->Errors);
  *Warnings = messageOrNull(C->Warnings);
  Ctx.setDiagnosticHandler(std::move(Previous));
  return Failed ? 1 : 0;
}

} // extern "C"
