//===- GlobalsWrapper.cpp - C shims for global-value properties -----------===//
//
// Every function here has a C signature declared in ir/src/ffi.rs. Used by the
// sanitizer post-link steps (ir/src/globals.rs): string attributes of global
// variables and the dso_local flag, which the LLVM C API cannot set.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/GlobalVariable.h"

using namespace llvm;

extern "C" {

/// Adds (or replaces) the string attribute Key=Value of a global variable.
/// Returns 0 if G is not a global variable.
int SyclGlobalVarAddStringAttr(LLVMValueRef G, const char *Key, size_t KeyLen,
                               const char *Val, size_t ValLen) {
  auto *GV = dyn_cast<GlobalVariable>(unwrap(G));
  if (!GV)
    return 0;
  GV->addAttribute(StringRef(Key, KeyLen), StringRef(Val, ValLen));
  return 1;
}

/// Sets or clears dso_local on a global value.
void SyclSetDSOLocal(LLVMValueRef G, int Local) {
  if (auto *GV = dyn_cast<GlobalValue>(unwrap(G)))
    GV->setDSOLocal(Local != 0);
}

} // extern "C"
