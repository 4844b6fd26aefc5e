//===- ModuleWrapper.cpp - C shims the LLVM C API lacks -------------------===//
//
// Every function here has a C signature declared in ir/src/ffi.rs. Keep this
// file small: only what the C API cannot express.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/IPO/GlobalDCE.h"
#include "llvm/Transforms/IPO/StripDeadPrototypes.h"
#include "llvm/Transforms/IPO/StripSymbols.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <vector>

using namespace llvm;

namespace {

void copyComdat(GlobalObject *Dst, const GlobalObject *Src) {
  const Comdat *SC = Src->getComdat();
  if (!SC)
    return;
  Comdat *DC = Dst->getParent()->getOrInsertComdat(SC->getName());
  DC->setSelectionKind(SC->getSelectionKind());
  Dst->setComdat(DC);
}

/// Position of every global value of a module in CloneModule's creation
/// order (global variables, functions, aliases, ifuncs). Built once per
/// input module and shared by all extractions from it.
struct SourceIndex {
  explicit SourceIndex(const Module &M) : Src(M) {
    size_t N = 0;
    for (const GlobalVariable &G : M.globals())
      Pos[&G] = N++;
    for (const Function &F : M)
      Pos[&F] = N++;
    for (const GlobalAlias &A : M.aliases())
      Pos[&A] = N++;
    for (const GlobalIFunc &I : M.ifuncs())
      Pos[&I] = N++;
  }
  const Module &Src;
  DenseMap<const GlobalValue *, size_t> Pos;
};

/// Extracts a device image: the result is what CloneModule(M, VMap,
/// ShouldCloneDefinition) followed by removal of unreferenced declarations
/// would give, but global values that the kept definitions never reference are
/// never created, so the cost is proportional to the image, not to M.
class ImageExtractor final : public ValueMaterializer {
public:
  ImageExtractor(const SourceIndex &Index, ArrayRef<const GlobalValue *> Defs)
      : Src(Index.Src), Index(Index),
        New(std::make_unique<Module>(Src.getModuleIdentifier(),
                                     Src.getContext())) {
    for (const GlobalValue *GV : Defs)
      if (Keep.insert(GV).second)
        Kept.push_back(GV);
  }

  std::unique_ptr<Module> run() {
    defineUsedIFuncResolvers();
    std::sort(Kept.begin(), Kept.end(),
              [&](const GlobalValue *A, const GlobalValue *B) {
                return Index.Pos.lookup(A) < Index.Pos.lookup(B);
              });
    New->setSourceFileName(Src.getSourceFileName());
    New->setDataLayout(Src.getDataLayout());
    New->setTargetTriple(Src.getTargetTriple());
    New->setModuleInlineAsm(Src.getModuleInlineAsm());

    // Shells for the kept definitions first (in source order), so that
    // references between them resolve to the right objects.
    for (const GlobalValue *GV : Kept)
      makeShell(GV);

    // Bodies and initializers.
    for (const GlobalValue *GV : Kept) {
      if (const auto *G = dyn_cast<GlobalVariable>(GV)) {
        auto *NG = cast<GlobalVariable>(VMap[G]);
        if (G->hasInitializer())
          NG->setInitializer(
              MapValue(G->getInitializer(), VMap, RF_None, nullptr, this));
        copyComdat(NG, G);
      } else if (const auto *F = dyn_cast<Function>(GV)) {
        // Lazily loaded modules: read the body now.
        if (F->isMaterializable())
          if (Error E = const_cast<Function *>(F)->materialize()) {
            consumeError(std::move(E));
            Failed = true;
            continue;
          }
        if (F->isDeclaration())
          continue;
        auto *NF = cast<Function>(VMap[F]);
        Function::arg_iterator DestI = NF->arg_begin();
        for (const Argument &J : F->args()) {
          DestI->setName(J.getName());
          VMap[&J] = &*DestI++;
        }
        if (isPlainBody(*F)) {
          clonePlainBody(*F, *NF);
        } else {
          SmallVector<ReturnInst *, 8> Returns;
          CloneFunctionInto(NF, F, VMap, CloneFunctionChangeType::ClonedModule,
                            Returns, "", nullptr, nullptr, this);
        }
        if (F->hasPersonalityFn())
          NF->setPersonalityFn(
              MapValue(F->getPersonalityFn(), VMap, RF_None, nullptr, this));
        copyComdat(NF, F);
      } else if (const auto *A = dyn_cast<GlobalAlias>(GV)) {
        auto *GA = cast<GlobalAlias>(VMap[A]);
        if (const Constant *C = A->getAliasee())
          GA->setAliasee(MapValue(C, VMap, RF_None, nullptr, this));
      }
    }
    for (const NamedMDNode &NMD : Src.named_metadata()) {
      NamedMDNode *NewNMD = New->getOrInsertNamedMetadata(NMD.getName());
      for (unsigned I = 0, E = NMD.getNumOperands(); I != E; ++I)
        NewNMD->addOperand(
            MapMetadata(NMD.getOperand(I), VMap, RF_None, nullptr, this));
    }
    // Metadata attached to global variables and to declarations (function
    // definitions got theirs from CloneFunctionInto; CloneModule drops the
    // metadata of functions it does not clone). Mapping it may create
    // further shells, hence the worklist.
    for (size_t I = 0; I < Shells.size(); ++I) {
      const auto *GO = dyn_cast<GlobalObject>(Shells[I]);
      if (!GO || (isa<Function>(GO) && !GO->isDeclaration()))
        continue;
      auto *NGO = dyn_cast<GlobalObject>(VMap[GO]);
      if (!NGO)
        continue;
      SmallVector<std::pair<unsigned, MDNode *>, 1> MDs;
      GO->getAllMetadata(MDs);
      for (auto &MD : MDs)
        NGO->addMetadata(MD.first, *MapMetadata(MD.second, VMap, RF_None,
                                                nullptr, this));
    }
    for (const GlobalIFunc *I : IFuncs)
      if (const Constant *R = I->getResolver())
        cast<GlobalIFunc>(VMap[I])->setResolver(
            MapValue(R, VMap, RF_None, nullptr, this));
    resolveBlockAddresses();
    restoreOrder();
    return std::move(New);
  }

  Value *materialize(Value *V) override {
    if (auto *BA = dyn_cast<BlockAddress>(V))
      return mapBlockAddress(*BA);
    auto *GV = dyn_cast<GlobalValue>(V);
    if (!GV || GV->getParent() != &Src)
      return nullptr;
    return makeShell(GV);
  }

private:
  /// An ifunc the image references needs its resolver defined (the
  /// verifier refuses an ifunc whose resolver is a declaration). Upstream's
  /// dependency graph gets there by walking the resolver's users through
  /// the ifunc (a constant) to the instructions that use it; the split here
  /// does not follow ifuncs, so the extraction adds the resolver of every
  /// ifunc that a kept definition uses, until no more are added (a
  /// resolver may use another ifunc).
  void defineUsedIFuncResolvers() {
    if (Src.ifunc_empty())
      return;
    // The uses are in the bodies: read those of a lazily loaded module.
    for (const GlobalValue *GV : Kept)
      materializeBody(GV);
    bool Changed = true;
    while (Changed) {
      Changed = false;
      for (const GlobalIFunc &I : Src.ifuncs()) {
        const auto *F = dyn_cast_or_null<Function>(
            I.getResolver() ? I.getResolver()->stripPointerCasts() : nullptr);
        if (!F || F->getParent() != &Src || Keep.count(F) ||
            (F->isDeclaration() && !F->isMaterializable()) || !usedByKept(I))
          continue;
        Keep.insert(F);
        Kept.push_back(F);
        materializeBody(F);
        Changed = true;
      }
    }
  }

  /// Reads the body of \p GV if it is a function of a lazily loaded module
  /// that has not been read yet.
  void materializeBody(const GlobalValue *GV) {
    if (const auto *F = dyn_cast<Function>(GV))
      if (F->isMaterializable())
        if (Error E = const_cast<Function *>(F)->materialize()) {
          consumeError(std::move(E));
          Failed = true;
        }
  }

  /// True if a kept definition uses \p GV (through constants, aliases and
  /// ifuncs).
  bool usedByKept(const GlobalValue &GV) const {
    SmallVector<const User *, 8> Work(GV.users());
    SmallPtrSet<const User *, 8> Seen;
    while (!Work.empty()) {
      const User *U = Work.pop_back_val();
      if (!Seen.insert(U).second)
        continue;
      if (const auto *I = dyn_cast<Instruction>(U)) {
        if (Keep.count(I->getFunction()))
          return true;
      } else if (const auto *G = dyn_cast<GlobalValue>(U)) {
        if (Keep.count(G))
          return true;
        if (isa<GlobalAlias>(G) || isa<GlobalIFunc>(G))
          Work.append(G->user_begin(), G->user_end());
      } else {
        Work.append(U->user_begin(), U->user_end());
      }
    }
    return false;
  }

  /// True if \p F's body can be cloned by clonePlainBody: no debug information
  /// (subprogram, locations, records), no metadata operand that refers to a
  /// local value, no block whose address is taken. Such bodies are the common
  /// case; the others go through CloneFunctionInto.
  static bool isPlainBody(const Function &F) {
    if (F.getSubprogram())
      return false;
    for (const BasicBlock &BB : F) {
      if (BB.hasAddressTaken())
        return false;
      for (const Instruction &I : BB) {
        if (I.getDebugLoc() || I.hasDbgRecords())
          return false;
        for (const Use &Op : I.operands())
          if (const auto *MAV = dyn_cast<MetadataAsValue>(Op.get()))
            if (isa<LocalAsMetadata>(MAV->getMetadata()) ||
                isa<DIArgList>(MAV->getMetadata()))
              return false;
      }
    }
    return true;
  }

  /// Clones the body of \p F into \p NF (whose arguments are mapped in VMap)
  /// with the result CloneFunctionInto(ClonedModule) gives for a plain body
  /// (isPlainBody): the same blocks, instructions, names set in the same
  /// order, operands and metadata attachments mapped in the same order. Local
  /// values are mapped through a plain map instead of VMap, whose entries are
  /// value handles (two registrations in the context per entry), and constant
  /// data maps to itself without an entry; one ValueMapper serves the whole
  /// image instead of one per instruction.
  void clonePlainBody(const Function &F, Function &NF) {
    CloneFunctionAttributesInto(&NF, &F, VMap, /*ModuleLevelChanges=*/true,
                                nullptr, this);
    CloneFunctionMetadataInto(NF, F, VMap, RF_None, nullptr, this);
    Local.clear();
    Function::arg_iterator NA = NF.arg_begin();
    for (const Argument &A : F.args())
      Local[&A] = &*NA++;
    LLVMContext &Ctx = NF.getContext();
    for (const BasicBlock &BB : F) {
      BasicBlock *NBB = BasicBlock::Create(Ctx, "", &NF);
      if (BB.hasName())
        NBB->setName(BB.getName());
      for (const Instruction &I : BB) {
        Instruction *NI = I.clone();
        if (I.hasName())
          NI->setName(I.getName());
        NI->insertBefore(*NBB, NBB->end());
        Local[&I] = NI;
      }
      Local[&BB] = NBB;
    }
    SmallVector<std::pair<unsigned, MDNode *>, 4> MDs;
    for (BasicBlock &NBB : NF)
      for (Instruction &NI : NBB) {
        for (Use &Op : NI.operands()) {
          Value *V = Op.get();
          Value *Mapped;
          if (isa<Instruction>(V) || isa<Argument>(V) || isa<BasicBlock>(V))
            Mapped = Local.lookup(V);
          else if (isa<ConstantData>(V))
            Mapped = V;
          else
            Mapped = Mapper.mapValue(*V);
          if (Mapped)
            Op = Mapped;
        }
        if (auto *PN = dyn_cast<PHINode>(&NI))
          for (unsigned I = 0, E = PN->getNumIncomingValues(); I != E; ++I)
            if (Value *B = Local.lookup(PN->getIncomingBlock(I)))
              PN->setIncomingBlock(I, cast<BasicBlock>(B));
        if (!NI.hasMetadata())
          continue;
        MDs.clear();
        NI.getAllMetadata(MDs);
        for (const auto &MD : MDs) {
          MDNode *New = Mapper.mapMDNode(*MD.second);
          if (New != MD.second)
            NI.setMetadata(MD.first, New);
        }
      }
  }

  /// The image's value of a block address of the source module. LLVM's
  /// ValueMapper maps a block address of a function whose body it has not
  /// cloned yet, or never clones, to the source module's block (a reference
  /// from one module into another, which crashes whatever reads the image
  /// next). Here:
  /// - the function is defined in the image: a placeholder now, the block
  ///   address of the cloned block once every body is cloned
  ///   (resolveBlockAddresses), whatever the order of the references;
  /// - it is not (only declared, or not referenced at all): what LLVM itself
  ///   leaves where a block's function body is deleted, as llvm-extract
  ///   does with the functions it does not extract (~BasicBlock):
  ///   `inttoptr (i32 1 to ptr)`, a valid module that names no block.
  Value *mapBlockAddress(const BlockAddress &BA) {
    const Function *F = BA.getFunction();
    if (!F || F->getParent() != &Src)
      return nullptr;
    if (!Keep.count(F) || (F->isDeclaration() && !F->isMaterializable()))
      return ConstantExpr::getIntToPtr(
          ConstantInt::get(Type::getInt32Ty(New->getContext()), 1),
          BA.getType());
    auto *Placeholder = new GlobalVariable(
        *New, Type::getInt8Ty(New->getContext()), false,
        GlobalValue::PrivateLinkage, nullptr, "", nullptr,
        GlobalValue::NotThreadLocal, BA.getType()->getPointerAddressSpace());
    PendingBlockAddresses.push_back({Placeholder, BA.getBasicBlock()});
    return Placeholder;
  }

  /// Replaces the placeholders of mapBlockAddress by the block addresses of
  /// the cloned blocks (or `inttoptr (i32 1 to ptr)` where the body could
  /// not be read).
  void resolveBlockAddresses() {
    for (auto &[Placeholder, SrcBB] : PendingBlockAddresses) {
      Constant *Addr;
      auto It = VMap.find(SrcBB);
      auto *NewBB = It == VMap.end() ? nullptr
                                     : dyn_cast_or_null<BasicBlock>(It->second);
      if (NewBB && NewBB->getParent())
        Addr = BlockAddress::get(NewBB);
      else
        Addr = ConstantExpr::getIntToPtr(
            ConstantInt::get(Type::getInt32Ty(New->getContext()), 1),
            Placeholder->getType());
      Placeholder->replaceAllUsesWith(Addr);
      Placeholder->eraseFromParent();
    }
    PendingBlockAddresses.clear();
  }

  GlobalValue *makeShell(const GlobalValue *GV) {
    auto It = VMap.find(GV);
    if (It != VMap.end())
      return cast<GlobalValue>(It->second);
    bool Define = Keep.count(GV);
    GlobalValue *NGV = nullptr;
    if (const auto *G = dyn_cast<GlobalVariable>(GV)) {
      auto *NG = new GlobalVariable(*New, G->getValueType(), G->isConstant(),
                                    G->getLinkage(), nullptr, G->getName(),
                                    nullptr, G->getThreadLocalMode(),
                                    G->getType()->getAddressSpace());
      NG->copyAttributesFrom(G);
      if (!Define && !G->isDeclaration())
        NG->setLinkage(GlobalValue::ExternalLinkage);
      NGV = NG;
    } else if (const auto *F = dyn_cast<Function>(GV)) {
      Function *NF = Function::Create(F->getFunctionType(), F->getLinkage(),
                                      F->getAddressSpace(), F->getName(),
                                      New.get());
      NF->copyAttributesFrom(F);
      if (!Define && !F->isDeclaration()) {
        NF->setLinkage(GlobalValue::ExternalLinkage);
        NF->setPersonalityFn(nullptr);
      }
      NGV = NF;
    } else if (const auto *A = dyn_cast<GlobalAlias>(GV)) {
      if (Define) {
        auto *GA = GlobalAlias::create(A->getValueType(),
                                       A->getType()->getPointerAddressSpace(),
                                       A->getLinkage(), A->getName(), New.get());
        GA->copyAttributesFrom(A);
        NGV = GA;
      } else if (A->getValueType()->isFunctionTy()) {
        NGV = Function::Create(cast<FunctionType>(A->getValueType()),
                               GlobalValue::ExternalLinkage,
                               A->getAddressSpace(), A->getName(), New.get());
      } else {
        NGV = new GlobalVariable(*New, A->getValueType(), false,
                                 GlobalValue::ExternalLinkage, nullptr,
                                 A->getName(), nullptr,
                                 A->getThreadLocalMode(),
                                 A->getType()->getAddressSpace());
      }
    } else if (const auto *I = dyn_cast<GlobalIFunc>(GV)) {
      auto *GI = GlobalIFunc::create(I->getValueType(), I->getAddressSpace(),
                                     I->getLinkage(), I->getName(), nullptr,
                                     New.get());
      GI->copyAttributesFrom(I);
      NGV = GI;
      IFuncs.push_back(I);
    }
    VMap[GV] = NGV;
    Order[NGV] = Index.Pos.lookup(GV);
    Shells.push_back(GV);
    return NGV;
  }

  /// Puts globals, functions and aliases in the order of the source module,
  /// as CloneModule would have created them.
  void restoreOrder() {
    auto ByIndex = [&](const GlobalValue *A, const GlobalValue *B) {
      return Order.lookup(A) < Order.lookup(B);
    };
    std::vector<GlobalVariable *> Gs;
    for (GlobalVariable &G : New->globals())
      Gs.push_back(&G);
    if (!std::is_sorted(Gs.begin(), Gs.end(), ByIndex)) {
      std::stable_sort(Gs.begin(), Gs.end(), ByIndex);
      for (GlobalVariable *G : Gs) {
        G->removeFromParent();
        New->insertGlobalVariable(G);
      }
    }
    std::vector<Function *> Fs;
    for (Function &F : *New)
      Fs.push_back(&F);
    if (!std::is_sorted(Fs.begin(), Fs.end(), ByIndex)) {
      // Splicing within the module's own list keeps the symbol table as it
      // is (no renaming, unlike remove + insert).
      std::stable_sort(Fs.begin(), Fs.end(), ByIndex);
      auto &List = New->getFunctionList();
      for (Function *F : Fs)
        List.splice(List.end(), List, F->getIterator());
    }
    std::vector<GlobalAlias *> As;
    for (GlobalAlias &A : New->aliases())
      As.push_back(&A);
    if (!std::is_sorted(As.begin(), As.end(), ByIndex)) {
      std::stable_sort(As.begin(), As.end(), ByIndex);
      for (GlobalAlias *A : As) {
        A->removeFromParent();
        New->insertAlias(A);
      }
    }
  }

public:
  /// A function body could not be read from a lazily loaded module.
  bool Failed = false;

private:
  const Module &Src;
  const SourceIndex &Index;
  std::unique_ptr<Module> New;
  ValueToValueMapTy VMap;
  /// Maps values through VMap and this extractor (clonePlainBody).
  ValueMapper Mapper{VMap, RF_None, nullptr, this};
  /// Arguments, blocks and instructions of the body being cloned.
  DenseMap<const Value *, Value *> Local;
  DenseSet<const GlobalValue *> Keep;
  std::vector<const GlobalValue *> Kept;
  DenseMap<const GlobalValue *, size_t> Order;
  std::vector<const GlobalValue *> Shells;
  std::vector<const GlobalIFunc *> IFuncs;
  /// Placeholders of block addresses of the image's own functions and the
  /// source blocks they stand for (mapBlockAddress).
  std::vector<std::pair<GlobalVariable *, const BasicBlock *>>
      PendingBlockAddresses;
};

} // namespace

extern "C" {

/// Indexes \p Src for extractions; free with SyclSourceIndexDispose.
void *SyclSourceIndexCreate(LLVMModuleRef Src) {
  return new SourceIndex(*unwrap(Src));
}

void SyclSourceIndexDispose(void *Index) {
  delete static_cast<SourceIndex *>(Index);
}

/// Builds a new module, in the context of the indexed module, that defines
/// exactly the \p NumDefs global values in \p Defs and declares what they
/// reference.
LLVMModuleRef SyclExtractModule(void *Index, LLVMValueRef *Defs,
                                size_t NumDefs) {
  std::vector<const GlobalValue *> Keep;
  Keep.reserve(NumDefs);
  for (size_t I = 0; I < NumDefs; ++I)
    Keep.push_back(cast<GlobalValue>(unwrap(Defs[I])));
  ImageExtractor X(*static_cast<SourceIndex *>(Index), Keep);
  std::unique_ptr<Module> New = X.run();
  if (X.Failed)
    return nullptr;
  return wrap(New.release());
}

/// Frees the body of function \p V of an extraction source that no later
/// extraction defines, so that a worker's copy of the module shrinks as the
/// split goes on. Later extractions that only reference the function declare
/// it exactly as they would have from the definition: makeShell gives such a
/// shell external linkage and no personality, and copies no attachments of a
/// definition. Functions whose body leaves a trace elsewhere (block addresses),
/// ifunc resolvers (defined wherever their ifunc is used) and functions whose
/// shell would copy prefix or prologue data are kept. Returns 1 if
/// the body was freed.
int SyclReleaseFunctionBody(LLVMValueRef V) {
  auto *F = dyn_cast<Function>(unwrap(V));
  if (!F || F->isDeclaration() || F->isMaterializable() || F->hasPrefixData() ||
      F->hasPrologueData())
    return 0;
  for (const BasicBlock &BB : *F)
    if (BB.hasAddressTaken())
      return 0;
  // An ifunc's resolver: extractions define it wherever the ifunc is used
  // (ImageExtractor::defineUsedIFuncResolvers).
  for (const User *U : F->users())
    if (isa<GlobalIFunc>(U))
      return 0;
  F->deleteBody();
  return 1;
}

/// Turns a function definition into a declaration (Function::deleteBody: the
/// body, personality and prefix data go; linkage becomes external).
void SyclDeleteFunctionBody(LLVMValueRef F) {
  cast<Function>(unwrap(F))->deleteBody();
}

/// Drops the initializer of a global variable, making it a declaration with
/// external linkage.
void SyclMakeGlobalDeclaration(LLVMValueRef G) {
  auto *GV = cast<GlobalVariable>(unwrap(G));
  GV->setInitializer(nullptr);
  GV->setLinkage(GlobalValue::ExternalLinkage);
  GV->setComdat(nullptr);
}

/// The number of instructions of \p V's body: 0 for anything but a loaded
/// function definition (Function::getInstructionCount).
size_t SyclInstructionCount(LLVMValueRef V) {
  auto *F = dyn_cast<Function>(unwrap(V));
  return F && !F->isMaterializable() ? F->getInstructionCount() : 0;
}

/// The global values \p V (a function, global variable or alias) refers
/// to, found from \p V itself rather than from their use lists: the
/// operands of a function's instructions and its personality, prefix and
/// prologue data, a variable's initializer, an alias's aliasee; constants
/// (expressions, aggregates, block addresses) are looked through, and so is
/// an ifunc (to its resolver); metadata is not followed. Between them, the
/// global values of a module refer to each other exactly as their use lists
/// say (the split's dependency graph, split/src/graph.rs, walks those), so
/// a module's graph can be made from copies of it that each have some of
/// its bodies read. Writes up to \p Cap of them, each once, into \p Out and
/// returns how many there are.
size_t SyclReferencedGlobalValues(LLVMValueRef V, LLVMValueRef *Out,
                                  size_t Cap) {
  const auto *GV = cast<GlobalValue>(unwrap(V));
  SmallVector<const Constant *, 32> Work;
  SmallPtrSet<const Constant *, 32> Seen;
  auto Follow = [&](const Value *Op) {
    if (const auto *C = dyn_cast_or_null<Constant>(Op))
      if (Seen.insert(C).second)
        Work.push_back(C);
  };
  if (const auto *F = dyn_cast<Function>(GV)) {
    if (F->hasPersonalityFn())
      Follow(F->getPersonalityFn());
    if (F->hasPrefixData())
      Follow(F->getPrefixData());
    if (F->hasPrologueData())
      Follow(F->getPrologueData());
    for (const BasicBlock &BB : *F)
      for (const Instruction &I : BB)
        for (const Use &U : I.operands())
          Follow(U.get());
  } else if (const auto *G = dyn_cast<GlobalVariable>(GV)) {
    if (G->hasInitializer())
      Follow(G->getInitializer());
  } else if (const auto *A = dyn_cast<GlobalAlias>(GV)) {
    Follow(A->getAliasee());
  }
  size_t N = 0;
  while (!Work.empty()) {
    const Constant *C = Work.pop_back_val();
    if (const auto *IF = dyn_cast<GlobalIFunc>(C)) {
      Follow(IF->getResolver());
      continue;
    }
    if (const auto *Target = dyn_cast<GlobalValue>(C)) {
      if (N < Cap)
        Out[N] = wrap(Target);
      ++N;
      continue;
    }
    for (const Use &U : C->operands())
      Follow(U.get());
  }
  return N;
}

/// True if \p V (a global value) is a declaration.
int SyclIsDeclaration(LLVMValueRef V) {
  return cast<GlobalValue>(unwrap(V))->isDeclaration();
}

/// True if the global value may be removed when it has no uses
/// (GlobalValue::isDiscardableIfUnused).
int SyclIsDiscardableIfUnused(LLVMValueRef V) {
  return cast<GlobalValue>(unwrap(V))->isDiscardableIfUnused();
}

/// True if \p Call (a call or invoke) is an indirect call
/// (CallBase::isIndirectCall).
int SyclIsIndirectCall(LLVMValueRef Call) {
  return cast<CallBase>(unwrap(Call))->isIndirectCall();
}

/// Strips pointer casts (Value::stripPointerCasts).
LLVMValueRef SyclStripPointerCasts(LLVMValueRef V) {
  return wrap(unwrap(V)->stripPointerCasts());
}

/// Removes a constant that has no uses (Constant::destroyConstant when safe).
/// Returns 1 if it was destroyed.
int SyclDestroyDeadConstant(LLVMValueRef V) {
  auto *C = dyn_cast<Constant>(unwrap(V));
  if (!C || isa<GlobalValue>(C))
    return 0;
  C->removeDeadConstantUsers();
  if (!C->use_empty())
    return 0;
  C->destroyConstant();
  return 1;
}

} // extern "C"

extern "C" {

/// The MDNode behind a metadata-as-value handle. MetadataAsValue::get
/// canonicalizes a one-operand node `!{i32 1}` to the operand itself, so such
/// handles are turned back into a node here.
LLVMMetadataRef SyclValueAsMDNode(LLVMValueRef V) {
  auto *MAV = cast<MetadataAsValue>(unwrap(V));
  Metadata *MD = MAV->getMetadata();
  if (auto *N = dyn_cast<MDNode>(MD))
    return wrap(N);
  return wrap(MDNode::get(MAV->getContext(), {MD}));
}

/// Replaces the operands of the named metadata \p Name by the \p N nodes in
/// \p Ops (metadata-as-value handles); with N == 0 the named metadata is
/// erased. Creates it if absent and N > 0.
void SyclSetNamedMetadata(LLVMModuleRef M, const char *Name, size_t NameLen,
                          LLVMValueRef *Ops, size_t N) {
  Module *Mod = unwrap(M);
  StringRef Key(Name, NameLen);
  NamedMDNode *NMD = Mod->getNamedMetadata(Key);
  if (N == 0) {
    if (NMD)
      Mod->eraseNamedMetadata(NMD);
    return;
  }
  if (!NMD)
    NMD = Mod->getOrInsertNamedMetadata(Key);
  NMD->clearOperands();
  for (size_t I = 0; I < N; ++I)
    NMD->addOperand(unwrap<MDNode>(SyclValueAsMDNode(Ops[I])));
}

} // extern "C"

extern "C" {

/// Looks up a string attribute of a global variable (the C API has no
/// accessor for global-variable attributes). Returns 1 and sets the value
/// pointer/length if present.
int SyclGlobalVarStringAttr(LLVMValueRef G, const char *Key, size_t KeyLen,
                            const char **Val, size_t *ValLen) {
  auto *GV = dyn_cast<GlobalVariable>(unwrap(G));
  if (!GV)
    return 0;
  StringRef K(Key, KeyLen);
  if (!GV->hasAttribute(K))
    return 0;
  StringRef V = GV->getAttribute(K).getValueAsString();
  *Val = V.data();
  *ValLen = V.size();
  return 1;
}

} // extern "C"

extern "C" {

/// Writes \p M as bitcode into a new buffer (free with free()), keeping the
/// use-list order so that a module read back from it iterates users in the
/// same order as \p M.
char *SyclWriteBitcodeWithUseListOrder(LLVMModuleRef M, size_t *Len) {
  SmallVector<char, 0> Buf;
  raw_svector_ostream OS(Buf);
  WriteBitcodeToFile(*unwrap(M), OS, /*ShouldPreserveUseListOrder=*/true);
  char *Out = static_cast<char *>(malloc(Buf.size() ? Buf.size() : 1));
  if (!Buf.empty())
    memcpy(Out, Buf.data(), Buf.size());
  *Len = Buf.size();
  return Out;
}

} // extern "C"

extern "C" {

/// The ID of metadata kind \p Name if the context already knows it, else -1.
/// Unlike LLVMGetMDKindIDInContext this never registers a new kind: the set
/// of registered kinds is written into every bitcode file, so registering
/// kinds while merely looking for attachments would make output depend on
/// what ran before in the same context.
long long SyclLookupMDKind(LLVMContextRef C, const char *Name, size_t Len) {
  SmallVector<StringRef, 64> Names;
  unwrap(C)->getMDKindNames(Names);
  StringRef Key(Name, Len);
  for (size_t I = 0; I < Names.size(); ++I)
    if (Names[I] == Key)
      return static_cast<long long>(I);
  return -1;
}

} // extern "C"

extern "C" {

/// True if \p M has debug information StripDeadDebugInfo could act on: a
/// compile unit listed in llvm.dbg.cu or reachable from a subprogram, a
/// location or a debug record (where its DebugInfoFinder looks).
static bool hasDebugInfo(const Module &M) {
  if (M.getNamedMetadata("llvm.dbg.cu"))
    return true;
  for (const Function &F : M) {
    if (F.getSubprogram())
      return true;
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (I.getDebugLoc() || I.hasDbgRecords())
          return true;
  }
  return false;
}

/// Runs GlobalDCE, StripDeadDebugInfo and StripDeadPrototypes on \p M, as
/// upstream's device-image cleanup does: a module pass manager with only the
/// instrumentation analysis registered, without building a PassBuilder (and
/// every analysis it registers) for each image. StripDeadDebugInfo only
/// changes compile units it finds, so it is left out when there are none
/// (its DebugInfoFinder walks every instruction twice); GlobalDCE never adds
/// any, so looking before it runs is enough.
void SyclRunImageCleanupPasses(LLVMModuleRef M) {
  Module &Mod = *unwrap(M);
  ModuleAnalysisManager MAM;
  MAM.registerPass([&] { return PassInstrumentationAnalysis(); });
  ModulePassManager MPM;
  MPM.addPass(GlobalDCEPass());
  if (hasDebugInfo(Mod))
    MPM.addPass(StripDeadDebugInfoPass());
  MPM.addPass(StripDeadPrototypesPass());
  MPM.run(Mod, MAM);
}

} // extern "C"
