//===- GlobalsWrapper.cpp - C shims for global-value properties -----------===//
//
// Every function here has a C signature declared in ir/src/ffi.rs. Used by the
// sanitizer post-link steps (ir/src/value.rs): string attributes of global
// variables and the dso_local flag, which the LLVM C API cannot set, the
// rewrite of an array global into a struct-wrapped one, and the retyping of
// an ESIMD simd-object global to its vector type.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

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

/// Replaces a global variable of array type with an initializer by one whose
/// type is a new unnamed identified struct holding that array, as upstream's
/// SanitizerKernelMetadataPass does: the old global is renamed "<name>_del";
/// the new one takes the name, external linkage, the same address space,
/// local_unnamed_addr and dso_local, then the old one's attributes (which
/// may override those two) and metadata; uses are redirected (the address is
/// the same) and the old global is erased. Returns the new global, or null
/// (and changes nothing) if G is not such a global.
LLVMValueRef SyclWrapGlobalArrayInStruct(LLVMValueRef G) {
  auto *Old = dyn_cast<GlobalVariable>(unwrap(G));
  if (!Old || !Old->hasInitializer() || !Old->getValueType()->isArrayTy())
    return nullptr;
  Module &M = *Old->getParent();
  std::string Name = Old->getName().str();
  Old->setName(Name + "_del");
  StructType *STy = StructType::create(M.getContext());
  STy->setBody(Old->getValueType());
  auto *New = new GlobalVariable(
      M, STy, /*isConstant=*/false, GlobalValue::ExternalLinkage,
      ConstantStruct::get(STy, Old->getInitializer()), Name, nullptr,
      GlobalValue::NotThreadLocal, Old->getAddressSpace());
  New->setUnnamedAddr(GlobalValue::UnnamedAddr::Local);
  New->setDSOLocal(true);
  New->copyAttributesFrom(Old);
  New->copyMetadata(Old, 0);
  Old->replaceAllUsesWith(New);
  Old->eraseFromParent();
  return wrap(New);
}

/// Replaces global variable G by one of type NewTy with the same name, as
/// upstream's LowerESIMD lowerGlobalsToVector does for simd-object globals:
/// same constness, linkage, thread-local mode and address space; initializer
/// undef if G's is undef (or poison), zeroinitializer otherwise (also for a
/// declaration); externally-initialized flag, visibility, the other global
/// attributes (alignment, section, dso_local, string attributes...) and
/// metadata copied; the new global goes to the end of the module's list;
/// uses are redirected and G is erased. Returns the new global, or null if G
/// is not a global variable.
LLVMValueRef SyclRetypeGlobal(LLVMValueRef G, LLVMTypeRef NewTy) {
  auto *Old = dyn_cast<GlobalVariable>(unwrap(G));
  if (!Old)
    return nullptr;
  Type *Ty = unwrap(NewTy);
  Constant *Init = Old->hasInitializer() && isa<UndefValue>(Old->getInitializer())
                       ? static_cast<Constant *>(UndefValue::get(Ty))
                       : static_cast<Constant *>(ConstantAggregateZero::get(Ty));
  auto *New = new GlobalVariable(Ty, Old->isConstant(), Old->getLinkage(), Init,
                                 "", Old->getThreadLocalMode(),
                                 Old->getAddressSpace());
  New->setExternallyInitialized(Old->isExternallyInitialized());
  New->setVisibility(Old->getVisibility());
  New->copyAttributesFrom(Old);
  New->takeName(Old);
  New->copyMetadata(Old, 0);
  Old->getParent()->insertGlobalVariable(New);
  Old->replaceAllUsesWith(New);
  Old->eraseFromParent();
  return wrap(New);
}

} // extern "C"
