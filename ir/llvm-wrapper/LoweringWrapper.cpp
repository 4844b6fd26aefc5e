//===- LoweringWrapper.cpp - C shims for rewriting functions --------------===//
//
// Shims used by the NVPTX/AMDGCN lowering passes (global offset, local
// accessors to shared memory): cloning or rebuilding a function with another
// signature, re-creating a call with extra arguments, instructions the C API's
// IRBuilder would fold away, distinct metadata nodes and a parse that keeps
// `nvvm.annotations` as written. Every function here has a C signature
// declared at the end of ir/src/ffi.rs.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/AttributeMask.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <string>
#include <utility>
#include <vector>

using namespace llvm;

extern "C" {

/// Creates a function with the return type, linkage and address space of
/// \p F and the \p NumParams parameter types \p Params, named \p Name. With
/// \p AtEnd it is appended to the module, otherwise inserted right after
/// \p F. Nothing else is copied.
LLVMValueRef SyclCreateFunctionLike(LLVMValueRef F, LLVMTypeRef *Params,
                                    unsigned NumParams, const char *Name,
                                    size_t NameLen, int AtEnd) {
  auto *Old = cast<Function>(unwrap(F));
  SmallVector<Type *, 8> Tys;
  for (unsigned I = 0; I < NumParams; ++I)
    Tys.push_back(unwrap(Params[I]));
  auto *FTy = FunctionType::get(Old->getReturnType(), Tys, /*isVarArg=*/false);
  Function *New = Function::Create(FTy, Old->getLinkage(),
                                   Old->getAddressSpace(),
                                   StringRef(Name, NameLen));
  Module *M = Old->getParent();
  if (AtEnd)
    M->getFunctionList().push_back(New);
  else
    M->getFunctionList().insertAfter(Old->getIterator(), New);
  return wrap(New);
}

/// Clones the body of \p OldF into \p NewF (which has at least as many
/// parameters; the first ones stand for OldF's) with CloneFunctionInto and
/// CloneFunctionChangeType::GlobalChanges: attributes and parameter
/// attributes are copied, the DISubprogram and the debug metadata local to it
/// are cloned so that the clone owns its debug info.
void SyclCloneFunctionBodyInto(LLVMValueRef NewF, LLVMValueRef OldF) {
  auto *New = cast<Function>(unwrap(NewF));
  auto *Old = cast<Function>(unwrap(OldF));
  ValueToValueMapTy VMap;
  auto NewArg = New->arg_begin();
  for (Argument &A : Old->args())
    VMap[&A] = &*NewArg++;
  SmallVector<ReturnInst *, 8> Returns;
  CloneFunctionInto(New, Old, VMap, CloneFunctionChangeType::GlobalChanges,
                    Returns);
}

/// Gives \p NewF the attributes of \p OldF (calling convention, function and
/// return attributes, comdat, section, ...); parameter \p I of NewF gets
/// OldF's parameter attributes when KeepParamAttrs[I] is non-zero, none
/// otherwise. Kept attributes that NewF's parameter type cannot carry
/// (`align` on a parameter that is no longer a pointer, ...) are dropped.
void SyclCopyFunctionAttributes(LLVMValueRef NewF, LLVMValueRef OldF,
                                const int *KeepParamAttrs, unsigned N) {
  auto *New = cast<Function>(unwrap(NewF));
  auto *Old = cast<Function>(unwrap(OldF));
  const AttributeList &OldAttrs = Old->getAttributes();
  SmallVector<AttributeSet, 8> Params;
  for (unsigned I = 0; I < N; ++I) {
    if (!KeepParamAttrs[I] || I >= New->arg_size()) {
      Params.push_back(AttributeSet());
      continue;
    }
    AttributeSet AS = OldAttrs.getParamAttrs(I);
    Params.push_back(AS.removeAttributes(
        Old->getContext(),
        AttributeFuncs::typeIncompatible(New->getArg(I)->getType(), AS)));
  }
  New->copyAttributesFrom(Old);
  New->setComdat(Old->getComdat());
  New->setAttributes(AttributeList::get(Old->getContext(),
                                        OldAttrs.getFnAttrs(),
                                        OldAttrs.getRetAttrs(), Params));
}

/// Moves the basic blocks of \p From into \p To (which must have no body)
/// and copies From's metadata attachments (debug info descriptor included)
/// to To. The arguments of From are left for the caller to replace.
void SyclMoveFunctionBody(LLVMValueRef From, LLVMValueRef To) {
  auto *F = cast<Function>(unwrap(From));
  auto *T = cast<Function>(unwrap(To));
  T->splice(T->begin(), F);
  SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
  F->getAllMetadata(MDs);
  for (const auto &MD : MDs)
    T->addMetadata(MD.first, *MD.second);
  F->clearMetadata();
}

/// Replaces the call \p Call by a call to \p Callee with the same arguments
/// followed by the \p N values in \p Extra. Calling convention, tail-call
/// kind, operand bundles, call-site attributes of the existing arguments,
/// metadata (!dbg included) and the name carry over; uses of the old call
/// are redirected and the old call is erased. Returns the new call.
LLVMValueRef SyclReplaceCallAddingArgs(LLVMValueRef Call, LLVMValueRef Callee,
                                       LLVMValueRef *Extra, unsigned N) {
  auto *Old = cast<CallInst>(unwrap(Call));
  auto *F = cast<Function>(unwrap(Callee));
  SmallVector<Value *, 8> Args(Old->args());
  for (unsigned I = 0; I < N; ++I)
    Args.push_back(unwrap(Extra[I]));
  SmallVector<OperandBundleDef, 2> Bundles;
  Old->getOperandBundlesAsDefs(Bundles);
  CallInst *New = CallInst::Create(F->getFunctionType(), F, Args, Bundles, "",
                                   Old->getIterator());
  New->setCallingConv(Old->getCallingConv());
  New->setTailCallKind(Old->getTailCallKind());
  const AttributeList &OldAttrs = Old->getAttributes();
  SmallVector<AttributeSet, 8> ArgAttrs;
  for (unsigned I = 0, E = Old->arg_size(); I < E; ++I)
    ArgAttrs.push_back(OldAttrs.getParamAttrs(I));
  New->setAttributes(AttributeList::get(Old->getContext(),
                                        OldAttrs.getFnAttrs(),
                                        OldAttrs.getRetAttrs(), ArgAttrs));
  New->copyMetadata(*Old);
  Old->replaceAllUsesWith(New);
  New->takeName(Old);
  Old->eraseFromParent();
  return wrap(New);
}

/// An `alloca` of \p Ty in address space \p AddrSpace at the builder's
/// position, aligned as the data layout prefers (IRBuilder::CreateAlloca).
LLVMValueRef SyclBuildAllocaInAddrSpace(LLVMBuilderRef B, LLVMTypeRef Ty,
                                        unsigned AddrSpace, const char *Name) {
  return wrap(unwrap(B)->CreateAlloca(unwrap(Ty), AddrSpace, nullptr, Name));
}

/// A cast instruction that is created even where IRBuilder would fold it
/// away (a `bitcast` between identical pointer types, for instance).
LLVMValueRef SyclBuildCastInstruction(LLVMBuilderRef B, LLVMOpcode Op,
                                      LLVMValueRef V, LLVMTypeRef Ty,
                                      const char *Name) {
  Instruction::CastOps Opc;
  switch (Op) {
  case LLVMBitCast:
    Opc = Instruction::BitCast;
    break;
  case LLVMAddrSpaceCast:
    Opc = Instruction::AddrSpaceCast;
    break;
  default:
    return nullptr;
  }
  return wrap(unwrap(B)->Insert(CastInst::Create(Opc, unwrap(V), unwrap(Ty)),
                                Name));
}

/// The address space of `alloca`s in \p M's data layout.
unsigned SyclAllocaAddrSpace(LLVMModuleRef M) {
  return unwrap(M)->getDataLayout().getAllocaAddrSpace();
}

/// True if the instruction \p I has no uses and no side effects
/// (llvm::isInstructionTriviallyDead).
int SyclIsTriviallyDead(LLVMValueRef I) {
  auto *Inst = dyn_cast<Instruction>(unwrap(I));
  return Inst && isInstructionTriviallyDead(Inst);
}

/// A distinct MDNode with the \p N operands \p MDs, as a metadata-as-value.
LLVMValueRef SyclMDNodeDistinct(LLVMContextRef C, LLVMMetadataRef *MDs,
                                size_t N) {
  SmallVector<Metadata *, 8> Ops;
  for (size_t I = 0; I < N; ++I)
    Ops.push_back(unwrap(MDs[I]));
  LLVMContext &Ctx = *unwrap(C);
  return wrap(MetadataAsValue::get(Ctx, MDNode::getDistinct(Ctx, Ops)));
}

/// True if the metadata-as-value \p V wraps a distinct MDNode.
int SyclMDNodeIsDistinct(LLVMValueRef V) {
  auto *MAV = dyn_cast<MetadataAsValue>(unwrap(V));
  if (!MAV)
    return 0;
  auto *N = dyn_cast<MDNode>(MAV->getMetadata());
  return N && N->isDistinct();
}

/// Renames the named metadata \p From of \p M to \p To, keeping the position
/// of every named metadata in the module's list (and hence the numbering of
/// the nodes when the module is printed). Returns 0 if \p From is absent or
/// \p To already exists.
int SyclRenameNamedMetadata(LLVMModuleRef Mod, const char *From,
                            size_t FromLen, const char *To, size_t ToLen) {
  Module *M = unwrap(Mod);
  StringRef FromName(From, FromLen), ToName(To, ToLen);
  if (!M->getNamedMetadata(FromName) || M->getNamedMetadata(ToName))
    return 0;
  std::vector<std::pair<std::string, std::vector<MDNode *>>> All;
  for (NamedMDNode &NMD : M->named_metadata()) {
    std::vector<MDNode *> Ops(NMD.op_begin(), NMD.op_end());
    std::string Name = NMD.getName() == FromName ? ToName.str()
                                                 : NMD.getName().str();
    All.emplace_back(std::move(Name), std::move(Ops));
  }
  while (!M->named_metadata_empty())
    M->eraseNamedMetadata(&*M->named_metadata_begin());
  for (auto &[Name, Ops] : All) {
    NamedMDNode *NMD = M->getOrInsertNamedMetadata(Name);
    for (MDNode *N : Ops)
      NMD->addOperand(N);
  }
  return 1;
}

} // extern "C"

/// LLVM's CloneFunction of \p F with its parameter \p ArgNo mapped to poison
/// (so dropped from the clone's signature): the clone is appended to the
/// module under F's name made unique. \p Inst is an instruction of F; its
/// copy in the clone is returned in \p InstInClone.
extern "C" LLVMValueRef SyclCloneFunctionDroppingParam(LLVMValueRef F,
                                                       unsigned ArgNo,
                                                       LLVMValueRef Inst,
                                                       LLVMValueRef *InstInClone) {
  auto *Fn = cast<Function>(unwrap(F));
  ValueToValueMapTy VMap;
  Argument *A = Fn->getArg(ArgNo);
  VMap[A] = PoisonValue::get(A->getType());
  Function *New = CloneFunction(Fn, VMap);
  *InstInClone = nullptr;
  if (Inst) {
    auto It = VMap.find(unwrap(Inst));
    if (It != VMap.end())
      *InstInClone = wrap(It->second);
  }
  return wrap(New);
}

/// IRBuilder's CreateMaskedGather (\p Scatter == 0) or CreateMaskedScatter
/// before \p Before, with \p Before's debug location: gathers a value of
/// type \p Ty from the vector of pointers \p Ptrs under the i1-vector \p Mask
/// with \p PassThru for disabled lanes, or scatters \p Val.
extern "C" LLVMValueRef SyclInsertMaskedGatherScatter(LLVMValueRef Before, int Scatter, LLVMTypeRef Ty,
                                                      LLVMValueRef Val, LLVMValueRef Ptrs, unsigned AlignBytes,
                                                      LLVMValueRef Mask, LLVMValueRef PassThru,
                                                      const char *Name) {
  auto *I = cast<Instruction>(unwrap(Before));
  IRBuilder<> B(I);
  CallInst *CI;
  if (Scatter)
    CI = B.CreateMaskedScatter(unwrap(Val), unwrap(Ptrs), Align(AlignBytes), unwrap(Mask));
  else
    CI = B.CreateMaskedGather(unwrap(Ty), unwrap(Ptrs), Align(AlignBytes), unwrap(Mask), unwrap(PassThru),
                              Name);
  CI->setDebugLoc(I->getDebugLoc());
  return wrap(CI);
}
