//! Declarations of the C++ shims in `ir/llvm-wrapper/`. Every shim the
//! project uses is listed here, and only the IR layer calls them.

use llvm_sys::prelude::{LLVMMetadataRef, LLVMModuleRef, LLVMValueRef};

extern "C" {
    pub fn SyclParseIR(
        c: llvm_sys::prelude::LLVMContextRef,
        data: *const libc_char,
        len: usize,
        name: *const libc_char,
        module_level_only: i32,
        out: *mut LLVMModuleRef,
        err: *mut *mut libc_char,
    ) -> i32;
    pub fn SyclReadFunctionBodies(m: LLVMModuleRef, name: *const libc_char, err: *mut *mut libc_char) -> i32;
    pub fn SyclReadBitcodeShare(
        c: llvm_sys::prelude::LLVMContextRef,
        data: *const libc_char,
        len: usize,
        index: u32,
        count: u32,
    ) -> i32;
    pub fn SyclSourceIndexCreate(src: LLVMModuleRef) -> *mut std::ffi::c_void;
    pub fn SyclSourceIndexDispose(index: *mut std::ffi::c_void);
    pub fn SyclExtractModule(index: *mut std::ffi::c_void, defs: *mut LLVMValueRef, n: usize) -> LLVMModuleRef;
    pub fn SyclDeleteFunctionBody(f: LLVMValueRef);
    pub fn SyclReleaseFunctionBody(f: LLVMValueRef) -> i32;
    pub fn SyclMakeGlobalDeclaration(g: LLVMValueRef);
    pub fn SyclIsDeclaration(v: LLVMValueRef) -> i32;
    pub fn SyclInstructionCount(v: LLVMValueRef) -> usize;
    pub fn SyclReferencedGlobalValues(v: LLVMValueRef, out: *mut LLVMValueRef, cap: usize) -> usize;
    pub fn SyclMaterializeFunction(f: LLVMValueRef, err: *mut *mut libc_char) -> i32;
    pub fn SyclIsDiscardableIfUnused(v: LLVMValueRef) -> i32;
    pub fn SyclIsIndirectCall(call: LLVMValueRef) -> i32;
    pub fn SyclStripPointerCasts(v: LLVMValueRef) -> LLVMValueRef;
    pub fn SyclDestroyDeadConstant(v: LLVMValueRef) -> i32;
    pub fn SyclSetNamedMetadata(
        m: LLVMModuleRef,
        name: *const libc_char,
        name_len: usize,
        ops: *mut LLVMValueRef,
        n: usize,
    );
    pub fn SyclValueAsMDNode(v: LLVMValueRef) -> LLVMMetadataRef;
}

#[allow(non_camel_case_types)]
type libc_char = std::os::raw::c_char;

extern "C" {
    pub fn SyclGlobalVarStringAttr(
        g: LLVMValueRef,
        key: *const libc_char,
        key_len: usize,
        val: *mut *const libc_char,
        val_len: *mut usize,
    ) -> i32;
}

// Shims of llvm-wrapper/InstructionWrapper.cpp (used by builder.rs, types.rs and value.rs).
extern "C" {
    pub fn SyclInsertGEPI8(
        before: LLVMValueRef,
        ptr: LLVMValueRef,
        offset: u32,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclInsertBitCast(
        before: LLVMValueRef,
        v: LLVMValueRef,
        ty: llvm_sys::prelude::LLVMTypeRef,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclInsertTrunc(
        before: LLVMValueRef,
        v: LLVMValueRef,
        ty: llvm_sys::prelude::LLVMTypeRef,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclInsertLoad(
        before: LLVMValueRef,
        ty: llvm_sys::prelude::LLVMTypeRef,
        ptr: LLVMValueRef,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclInsertStore(before: LLVMValueRef, v: LLVMValueRef, ptr: LLVMValueRef) -> LLVMValueRef;
    pub fn SyclInsertAlloca(
        before: LLVMValueRef,
        ty: llvm_sys::prelude::LLVMTypeRef,
        addr_space: u32,
        array_size: LLVMValueRef,
        align: u64,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclInsertCall(
        before: LLVMValueRef,
        fn_ty: llvm_sys::prelude::LLVMTypeRef,
        callee: LLVMValueRef,
        args: *mut LLVMValueRef,
        n: usize,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclConstFPBits(c: LLVMValueRef, ok: *mut i32) -> u64;
    pub fn SyclParamStructRetType(f: LLVMValueRef, arg_no: u32) -> llvm_sys::prelude::LLVMTypeRef;
    pub fn SyclHasStructRetAttr(f: LLVMValueRef) -> i32;
    pub fn SyclRemoveDeadConstantUsers(v: LLVMValueRef);
}

// Shims of llvm-wrapper/LoweringWrapper.cpp (function cloning and rebuilding,
// call re-creation, unfolded casts, distinct metadata, named-metadata
// renaming), used by the NVPTX/AMDGCN lowering passes.
extern "C" {
    pub fn SyclCreateFunctionLike(
        f: LLVMValueRef,
        params: *mut llvm_sys::prelude::LLVMTypeRef,
        num_params: u32,
        name: *const libc_char,
        name_len: usize,
        at_end: i32,
    ) -> LLVMValueRef;
    pub fn SyclCloneFunctionBodyInto(new_f: LLVMValueRef, old_f: LLVMValueRef);
    pub fn SyclInsertMaskedGatherScatter(
        before: LLVMValueRef,
        scatter: i32,
        ty: llvm_sys::prelude::LLVMTypeRef,
        val: LLVMValueRef,
        ptrs: LLVMValueRef,
        align: u32,
        mask: LLVMValueRef,
        pass_thru: LLVMValueRef,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclCloneFunctionDroppingParam(
        f: LLVMValueRef,
        arg_no: u32,
        inst: LLVMValueRef,
        inst_in_clone: *mut LLVMValueRef,
    ) -> LLVMValueRef;
    pub fn SyclCopyFunctionAttributes(new_f: LLVMValueRef, old_f: LLVMValueRef, keep_param_attrs: *const i32, n: u32);
    pub fn SyclMoveFunctionBody(from: LLVMValueRef, to: LLVMValueRef);
    pub fn SyclReplaceCallAddingArgs(
        call: LLVMValueRef,
        callee: LLVMValueRef,
        extra: *mut LLVMValueRef,
        n: u32,
    ) -> LLVMValueRef;
    pub fn SyclBuildAllocaInAddrSpace(
        b: llvm_sys::prelude::LLVMBuilderRef,
        ty: llvm_sys::prelude::LLVMTypeRef,
        addr_space: u32,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclBuildCastInstruction(
        b: llvm_sys::prelude::LLVMBuilderRef,
        op: llvm_sys::LLVMOpcode,
        v: LLVMValueRef,
        ty: llvm_sys::prelude::LLVMTypeRef,
        name: *const libc_char,
    ) -> LLVMValueRef;
    pub fn SyclAllocaAddrSpace(m: LLVMModuleRef) -> u32;
    pub fn SyclIsTriviallyDead(i: LLVMValueRef) -> i32;
    pub fn SyclMDNodeDistinct(
        c: llvm_sys::prelude::LLVMContextRef,
        mds: *mut LLVMMetadataRef,
        n: usize,
    ) -> LLVMValueRef;
    pub fn SyclMDNodeIsDistinct(v: LLVMValueRef) -> i32;
    pub fn SyclRenameNamedMetadata(
        m: LLVMModuleRef,
        from: *const libc_char,
        from_len: usize,
        to: *const libc_char,
        to_len: usize,
    ) -> i32;
}

// Shims of llvm-wrapper/GlobalsWrapper.cpp (used by value.rs).
extern "C" {
    pub fn SyclGlobalVarAddStringAttr(
        g: LLVMValueRef,
        key: *const libc_char,
        key_len: usize,
        val: *const libc_char,
        val_len: usize,
    ) -> i32;
    pub fn SyclSetDSOLocal(g: LLVMValueRef, local: i32);
    pub fn SyclWrapGlobalArrayInStruct(g: LLVMValueRef) -> LLVMValueRef;
    pub fn SyclRetypeGlobal(g: LLVMValueRef, ty: llvm_sys::prelude::LLVMTypeRef) -> LLVMValueRef;
}

extern "C" {
    pub fn SyclWriteBitcodeWithUseListOrder(m: LLVMModuleRef, len: *mut usize) -> *mut libc_char;
}

extern "C" {
    pub fn SyclLookupMDKind(c: llvm_sys::prelude::LLVMContextRef, name: *const libc_char, len: usize) -> i64;
}

// Shims of llvm-wrapper/LinkWrapper.cpp (used by link.rs).
extern "C" {
    pub fn SyclLinkModules(
        dest: LLVMModuleRef,
        src: LLVMModuleRef,
        only_needed: i32,
        errors: *mut *mut libc_char,
        warnings: *mut *mut libc_char,
    ) -> i32;
}

extern "C" {
    pub fn SyclRunImageCleanupPasses(m: LLVMModuleRef);
}

// Shims of llvm-wrapper/CodegenWrapper.cpp (used by codegen.rs).
extern "C" {
    pub fn SyclEmitToMemory(
        m: LLVMModuleRef,
        triple: *const libc_char,
        cpu: *const libc_char,
        features: *const libc_char,
        assembly: i32,
        spirv_extensions: *const libc_char,
        opt_level: i32,
        out: *mut *mut libc_char,
        out_len: *mut usize,
        error: *mut *mut libc_char,
    ) -> i32;
    pub fn SyclExitOnOutOfMemory(code: i32);
}
