//! Declarations of the C++ shims in `ir/llvm-wrapper/`. Every shim the
//! project uses is listed here, and only the IR layer calls them.

use llvm_sys::prelude::{LLVMMetadataRef, LLVMModuleRef, LLVMValueRef};

extern "C" {
    pub fn SyclExtractModule(src: LLVMModuleRef, defs: *mut LLVMValueRef, n: usize) -> LLVMModuleRef;
    pub fn SyclDeleteFunctionBody(f: LLVMValueRef);
    pub fn SyclMakeGlobalDeclaration(g: LLVMValueRef);
    pub fn SyclIsDeclaration(v: LLVMValueRef) -> i32;
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
    pub fn SyclEraseGlobalMetadata(g: LLVMValueRef, kind: u32);
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
