//===- ReaderWrapper.cpp - Reading modules that may be broken -------------===//
//
// LLVM's readers run the verifier on a module that carries debug information
// of the current version (UpgradeDebugInfo) and call report_fatal_error when
// it fails, which aborts the process: a hand-written .ll file with one bad
// instruction would kill the tool, or the linker wrapper that called the
// library. Here such a module is verified before that step, and a broken one
// becomes an error message. Modules without current debug information are
// verified only when asked (SPL_VERIFY_EACH), as before: reading them costs
// what LLVM's readers cost. Text that the bitcode writer cannot write back
// readably (a NUL byte in a string attribute) is refused here too, so that
// every later step can rely on bitcode round trips. Declared in ir/src/ffi.rs.
//
//===----------------------------------------------------------------------===//

#include "llvm-c/Core.h"
#include "llvm/AsmParser/LLParser.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Attributes.h"
#include "llvm/IR/AutoUpgrade.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>

using namespace llvm;

namespace {

char *copyMessage(const std::string &S) { return strdup(S.c_str()); }

/// "<name>: error: <what>", as LLVMParseIRInContext words its messages.
char *errorMessage(const char *Name, const std::string &What) {
  return copyMessage(std::string(Name) + ": error: " + What);
}

/// The "Debug Info Version" module flag, 0 if absent. The module is not
/// verified yet, so nothing about the flags' shape is assumed (as in
/// UpgradeDebugInfo).
unsigned debugInfoVersion(const Module &M) {
  const NamedMDNode *Flags = M.getModuleFlagsMetadata();
  if (!Flags)
    return 0;
  for (const MDNode *Flag : Flags->operands()) {
    if (!Flag || Flag->getNumOperands() < 3)
      continue;
    const auto *Key = dyn_cast_or_null<MDString>(Flag->getOperand(1));
    if (!Key || Key->getString() != "Debug Info Version")
      continue;
    if (const auto *V =
            dyn_cast_or_null<ConstantAsMetadata>(Flag->getOperand(2)))
      if (const auto *CI = dyn_cast<ConstantInt>(V->getValue()))
        return static_cast<unsigned>(CI->getZExtValue());
  }
  return 0;
}

/// Reads bitcode's module-level records and metadata, leaving the function
/// bodies to read (readBodies).
Expected<std::unique_ptr<Module>>
readBitcodeModuleLevel(std::unique_ptr<MemoryBuffer> Buf, LLVMContext &Ctx) {
  Expected<std::unique_ptr<Module>> M =
      getOwningLazyBitcodeModule(std::move(Buf), Ctx);
  if (!M)
    return M.takeError();
  if (Error E = (*M)->materializeMetadata())
    return std::move(E);
  return M;
}

/// Reads the function bodies of \p M (read by readBitcodeModuleLevel) left
/// to read: every one, or with \p Count > 1 share \p Index of them (every
/// Count-th body, counted from the Index-th), so that Count readers read
/// each body once.
Error readBodies(Module &M, unsigned Index = 0, unsigned Count = 1) {
  unsigned I = 0;
  for (Function &F : M)
    if (F.isMaterializable() && I++ % Count == Index)
      if (Error E = F.materialize())
        return E;
  return Error::success();
}

/// Reads bitcode with the metadata and function bodies loaded, but without
/// the module-level upgrades that materializeAll finishes with: every body,
/// or with \p Count > 1 share \p Index of them (readBodies).
Expected<std::unique_ptr<Module>>
readBitcodeBodies(std::unique_ptr<MemoryBuffer> Buf, LLVMContext &Ctx,
                  unsigned Index = 0, unsigned Count = 1) {
  Expected<std::unique_ptr<Module>> M =
      readBitcodeModuleLevel(std::move(Buf), Ctx);
  if (!M)
    return M.takeError();
  if (Error E = readBodies(**M, Index, Count))
    return std::move(E);
  return M;
}

/// The end of a read of \p M (named \p Name) whose bodies are all read:
/// where UpgradeDebugInfo would verify it (and abort), it is verified first;
/// then the module-level upgrades. Returns 0, or 1 with *Err set.
int finishRead(Module &M, bool IsBitcode, const char *Name, char **Err) {
  bool Versioned = debugInfoVersion(M) == DEBUG_METADATA_VERSION;
  bool BrokenDebugInfo = false;
  if (Versioned) {
    std::string Msg;
    raw_string_ostream OS(Msg);
    if (verifyModule(M, &OS, &BrokenDebugInfo)) {
      StringRef First = StringRef(Msg).split('\n').first.trim();
      *Err = errorMessage(Name, "invalid module: " + First.str());
      return 1;
    }
  }
  if (IsBitcode) {
    // The module-level upgrades, UpgradeDebugInfo among them (it verifies
    // a versioned module again; it is known to pass).
    if (Error E = M.materializeAll()) {
      *Err = errorMessage(Name, toString(std::move(E)));
      return 1;
    }
  } else if (!Versioned || BrokenDebugInfo) {
    // What the text parser would have done: UpgradeDebugInfo drops outdated
    // or broken debug information (with LLVM's warning). With current, valid
    // debug information it would only verify again.
    UpgradeDebugInfo(M);
  }
  return 0;
}

/// \p S with its NUL bytes written as `\00` (as the IR printer does).
std::string escapeNul(StringRef S) {
  std::string Out;
  for (char C : S) {
    if (C == '\0')
      Out += "\\00";
    else
      Out += C;
  }
  return Out;
}

/// The first string attribute in \p AL whose key or value holds a NUL byte,
/// described; empty if none. The bitcode writer ends such strings at the
/// NUL, so the bitcode it writes cannot be read back.
std::string nulAttribute(AttributeList AL) {
  for (AttributeSet AS : AL)
    for (Attribute A : AS)
      if (A.isStringAttribute() && (A.getKindAsString().contains('\0') ||
                                    A.getValueAsString().contains('\0')))
        return "string attribute \"" + escapeNul(A.getKindAsString()) +
               "\"=\"" + escapeNul(A.getValueAsString()) + "\"";
  return {};
}

/// Refuses what the text parser accepts but LLVM bitcode cannot hold: a NUL
/// byte in a string attribute (of a function, its parameters or return
/// value, a call, or a global variable) or in a garbage collector name.
/// Every path that writes bitcode (the images, the copies that worker
/// threads read) would write an unreadable file, so such an input is an
/// error however many threads there are. Empty if the module is fine.
std::string unrepresentable(const Module &M) {
  for (const GlobalVariable &G : M.globals())
    if (G.hasAttributes())
      if (std::string A = nulAttribute(AttributeList::get(
              G.getContext(), AttributeList::FunctionIndex, G.getAttributes()));
          !A.empty())
        return A + " of global variable '" + G.getName().str() + "'";
  for (const Function &F : M) {
    std::string Where = " of function '" + F.getName().str() + "'";
    if (std::string A = nulAttribute(F.getAttributes()); !A.empty())
      return A + Where;
    if (F.hasGC() && F.getGC().find('\0') != std::string::npos)
      return "garbage collector name \"" + escapeNul(F.getGC()) + "\"" + Where;
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (const auto *CB = dyn_cast<CallBase>(&I))
          if (std::string A = nulAttribute(CB->getAttributes()); !A.empty())
            return A + " of a call in function '" + F.getName().str() + "'";
  }
  return {};
}

} // namespace

extern "C" {

/// Reads textual IR or bitcode (told apart by the bytes) named \p Name into a
/// new module of \p C. Returns 0 with *Out set; or 1 with
/// *Err set (free with LLVMDisposeMessage): the parser's diagnostic as
/// LLVMParseIRInContext prints it, or, for a module with current-version
/// debug information that fails the verifier, "invalid module: " and the
/// verifier's first message. Otherwise the result is what
/// LLVMParseIRInContext gives. With \p ModuleLevelOnly, bitcode is read in
/// two steps, so that the caller may change the module while it is small:
/// this call reads the module-level records and metadata only, and
/// SyclReadFunctionBodies then reads the bodies and ends the read.
int SyclParseIR(LLVMContextRef C, const char *Data, size_t Len,
                const char *Name, int ModuleLevelOnly, LLVMModuleRef *Out,
                char **Err) {
  LLVMContext &Ctx = *unwrap(C);
  *Out = nullptr;
  *Err = nullptr;
  std::unique_ptr<MemoryBuffer> Buf =
      MemoryBuffer::getMemBufferCopy(StringRef(Data, Len), Name);
  const auto *Start =
      reinterpret_cast<const unsigned char *>(Buf->getBufferStart());
  std::unique_ptr<Module> M;
  bool IsBitcode = isBitcode(Start, Start + Buf->getBufferSize());
  if (IsBitcode && ModuleLevelOnly) {
    Expected<std::unique_ptr<Module>> MOrErr =
        readBitcodeModuleLevel(std::move(Buf), Ctx);
    if (!MOrErr) {
      *Err = errorMessage(Name, toString(MOrErr.takeError()));
      return 1;
    }
    *Out = wrap(MOrErr->release());
    return 0;
  }
  if (IsBitcode) {
    Expected<std::unique_ptr<Module>> MOrErr =
        readBitcodeBodies(std::move(Buf), Ctx);
    if (!MOrErr) {
      *Err = errorMessage(Name, toString(MOrErr.takeError()));
      return 1;
    }
    M = std::move(*MOrErr);
  } else {
    StringRef Text = Buf->getBuffer();
    SourceMgr SM;
    SM.AddNewSourceBuffer(std::move(Buf), SMLoc());
    M = std::make_unique<Module>(Name, Ctx);
    SMDiagnostic Diag;
    if (LLParser(Text, SM, Diag, M.get(), nullptr, Ctx)
            .Run(/*UpgradeDebugInfo=*/false)) {
      std::string S;
      raw_string_ostream OS(S);
      Diag.print(nullptr, OS, /*ShowColors=*/false);
      *Err = copyMessage(S);
      return 1;
    }
  }

  if (!IsBitcode) {
    std::string What = unrepresentable(*M);
    if (!What.empty()) {
      *Err = errorMessage(
          Name, What + " holds a NUL byte, which LLVM bitcode cannot hold");
      return 1;
    }
  }

  if (finishRead(*M, IsBitcode, Name, Err))
    return 1;
  *Out = wrap(M.release());
  return 0;
}

/// The second step of SyclParseIR's read of bitcode in two steps: reads the
/// bodies of \p M left to read, then ends the read as SyclParseIR does
/// (verification of current debug information, the module-level upgrades).
/// Returns 0, or 1 with *Err set.
int SyclReadFunctionBodies(LLVMModuleRef M, const char *Name, char **Err) {
  *Err = nullptr;
  if (Error E = readBodies(*unwrap(M))) {
    *Err = errorMessage(Name, toString(std::move(E)));
    return 1;
  }
  return finishRead(*unwrap(M), /*IsBitcode=*/true, Name, Err);
}

/// Whether share module \p M (its module-level records, its metadata and
/// the bodies read into it, the others left to read) passes what LLVM's
/// verifier checks, so that the shares passing means the whole module
/// would. The verifier checks each body read and the module-level records;
/// two of its checks need every body at once, and are made here instead or
/// left to a whole verification: an intrinsic's address taken (skipped by
/// the verifier on a module not wholly read) is looked for among the uses
/// this share sees, which between the shares are every use; a subprogram
/// attached to two functions cannot be seen across shares, so a module
/// with debug information is not verified in shares at all.
bool shareVerifies(const Module &M) {
  for (const Function &F : M) {
    if (F.isMaterializable())
      continue;
    if (F.getSubprogram())
      return false;
    const User *U = nullptr;
    if (F.getIntrinsicID() &&
        F.hasAddressTaken(&U, /*IgnoreCallbackUses=*/false,
                          /*IgnoreAssumeLikeCalls=*/true,
                          /*IgnoreLLVMUsed=*/false,
                          /*IgnoreARCAttachedCall=*/true))
      return false;
  }
  return !verifyModule(M, nullptr);
}

/// Reads share \p Index of \p Count of a bitcode module's function bodies,
/// with its module-level records and metadata, into a module of \p C that
/// is then freed: what one thread of a read check does (ReadCheck in
/// postlink/src/codegen_worker.rs), \p Count threads between them reading
/// every body once, and verifies the share (shareVerifies). Returns 0
/// (read and verified), 1 where the reader refused the bytes (the
/// diagnostic is the caller's own read's business), or 2 where the share
/// was read but not found to verify (the caller's own verification then
/// decides).
int SyclReadBitcodeShare(LLVMContextRef C, const char *Data, size_t Len,
                         unsigned Index, unsigned Count) {
  Expected<std::unique_ptr<Module>> M = readBitcodeBodies(
      MemoryBuffer::getMemBuffer(StringRef(Data, Len), "",
                                 /*RequiresNullTerminator=*/false),
      *unwrap(C), Index, Count);
  if (!M) {
    consumeError(M.takeError());
    return 1;
  }
  if (!shareVerifies(**M))
    return 2;
  return 0;
}

/// Reads the body of function \p V where it is left to read (a module read
/// lazily), as the extraction does when an image needs it. Returns 0, or 1
/// with *Err set to LLVM's message.
int SyclMaterializeFunction(LLVMValueRef V, char **Err) {
  *Err = nullptr;
  auto *F = cast<Function>(unwrap(V));
  if (!F->isMaterializable())
    return 0;
  if (Error E = F->materialize()) {
    *Err = copyMessage(toString(std::move(E)));
    return 1;
  }
  return 0;
}

} // extern "C"
