//===- InstructionWrapper.cpp - instruction creation without folding ------===//
//
// Every function here has a C signature declared in ir/src/ffi.rs. The C
// API's IRBuilder folds constant operands (a GEP on `ptr null`, a trunc of a
// constant) and drops no-op casts; passes that must reproduce upstream's IR
// instruction for instruction create them here directly, the way upstream's
// passes do (`GetElementPtrInst::Create`, `new BitCastInst`, ...). Each new
// instruction is inserted before \p Before.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

extern "C" {

/// `getelementptr i8, ptr %Ptr, i32 Offset`, never folded.
LLVMValueRef SyclInsertGEPI8(LLVMValueRef Before, LLVMValueRef Ptr,
                             uint32_t Offset, const char *Name) {
  auto *I = cast<Instruction>(unwrap(Before));
  LLVMContext &Ctx = I->getContext();
  Value *Idx = ConstantInt::get(Type::getInt32Ty(Ctx), Offset, false);
  return wrap(GetElementPtrInst::Create(Type::getInt8Ty(Ctx), unwrap(Ptr),
                                        {Idx}, Name, I->getIterator()));
}

/// A `bitcast` instruction, also when source and destination types are equal.
LLVMValueRef SyclInsertBitCast(LLVMValueRef Before, LLVMValueRef V,
                               LLVMTypeRef DestTy, const char *Name) {
  auto *I = cast<Instruction>(unwrap(Before));
  return wrap(new BitCastInst(unwrap(V), unwrap(DestTy), Name,
                              I->getIterator()));
}

/// A `trunc` instruction, also of a constant operand.
LLVMValueRef SyclInsertTrunc(LLVMValueRef Before, LLVMValueRef V,
                             LLVMTypeRef DestTy, const char *Name) {
  auto *I = cast<Instruction>(unwrap(Before));
  return wrap(new TruncInst(unwrap(V), unwrap(DestTy), Name, I->getIterator()));
}

/// `load Ty, ptr %Ptr` with the data layout's ABI alignment of \p Ty.
LLVMValueRef SyclInsertLoad(LLVMValueRef Before, LLVMTypeRef Ty,
                            LLVMValueRef Ptr, const char *Name) {
  auto *I = cast<Instruction>(unwrap(Before));
  return wrap(new LoadInst(unwrap(Ty), unwrap(Ptr), Name, I->getIterator()));
}

/// `store %V, ptr %Ptr` with the data layout's ABI alignment of V's type.
LLVMValueRef SyclInsertStore(LLVMValueRef Before, LLVMValueRef V,
                             LLVMValueRef Ptr) {
  auto *I = cast<Instruction>(unwrap(Before));
  IRBuilder<> B(I);
  return wrap(B.CreateStore(unwrap(V), unwrap(Ptr)));
}

/// `alloca Ty, <ArraySize>, align Align` in address space \p AddrSpace.
LLVMValueRef SyclInsertAlloca(LLVMValueRef Before, LLVMTypeRef Ty,
                              unsigned AddrSpace, LLVMValueRef ArraySize,
                              uint64_t Align, const char *Name) {
  auto *I = cast<Instruction>(unwrap(Before));
  return wrap(new AllocaInst(unwrap(Ty), AddrSpace, unwrap(ArraySize),
                             llvm::Align(Align), Name, I->getIterator()));
}

/// A direct call of \p Callee with function type \p FnTy.
LLVMValueRef SyclInsertCall(LLVMValueRef Before, LLVMTypeRef FnTy,
                            LLVMValueRef Callee, LLVMValueRef *Args, size_t N,
                            const char *Name) {
  auto *I = cast<Instruction>(unwrap(Before));
  SmallVector<Value *, 8> A;
  for (size_t K = 0; K < N; ++K)
    A.push_back(unwrap(Args[K]));
  return wrap(CallInst::Create(cast<FunctionType>(unwrap(FnTy)), unwrap(Callee),
                               A, Name, I->getIterator()));
}

/// The bit pattern of a floating-point constant (half, bfloat, float,
/// double), zero-extended. Returns 0 and sets *Ok to 0 for anything else.
uint64_t SyclConstFPBits(LLVMValueRef C, int *Ok) {
  auto *FP = dyn_cast<ConstantFP>(unwrap(C));
  if (!FP || FP->getValueAPF().bitcastToAPInt().getBitWidth() > 64) {
    *Ok = 0;
    return 0;
  }
  *Ok = 1;
  return FP->getValueAPF().bitcastToAPInt().getZExtValue();
}

/// The type of the `sret` parameter \p ArgNo of function \p F, or null.
LLVMTypeRef SyclParamStructRetType(LLVMValueRef F, unsigned ArgNo) {
  auto *Fn = dyn_cast<Function>(unwrap(F));
  if (!Fn || ArgNo >= Fn->arg_size())
    return nullptr;
  return wrap(Fn->getParamStructRetType(ArgNo));
}

/// Function::hasStructRetAttr: parameter 0 or 1 carries `sret`.
int SyclHasStructRetAttr(LLVMValueRef F) {
  auto *Fn = dyn_cast<Function>(unwrap(F));
  return Fn && Fn->hasStructRetAttr();
}

/// Removes the dead constant users of a global value (constant expressions
/// left behind when the instructions that used them were erased).
void SyclRemoveDeadConstantUsers(LLVMValueRef V) {
  if (auto *C = dyn_cast<Constant>(unwrap(V)))
    C->removeDeadConstantUsers();
}

} // extern "C"
