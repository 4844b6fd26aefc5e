//! Setting properties of global values that the passes need beyond what
//! `value.rs` offers: string attributes of global variables, `dso_local`,
//! extra metadata attachments, wrapping an array global in a struct, and
//! giving a new function a trivial body.

use llvm_sys::core::*;

use crate::ffi;
use crate::value::Value;

impl<'c> Value<'c> {
    /// Adds (or replaces) the string attribute `key`=`value` of a global
    /// variable. Returns false (and changes nothing) for other values.
    pub fn add_global_attr(self, key: &str, value: &str) -> bool {
        if !self.is_global_variable() {
            return false;
        }
        unsafe {
            ffi::SyclGlobalVarAddStringAttr(
                self.raw(),
                key.as_ptr() as *const _,
                key.len(),
                value.as_ptr() as *const _,
                value.len(),
            ) != 0
        }
    }

    /// Sets or clears `dso_local` on a global value.
    pub fn set_dso_local(self, local: bool) {
        unsafe { ffi::SyclSetDSOLocal(self.raw(), i32::from(local)) }
    }

    /// Appends the metadata node `node` (a metadata-as-value) to a global
    /// object's attachments of kind `kind` (`GlobalObject::addMetadata`: an
    /// existing attachment of that kind is kept).
    pub fn add_global_metadata(self, kind: u32, node: Value<'c>) {
        unsafe { LLVMGlobalAddMetadata(self.raw(), kind, ffi::SyclValueAsMDNode(node.raw())) }
    }

    /// Replaces this global variable, if it is of array type and has an
    /// initializer, by one of a new unnamed struct type `{ [N x T] }` with
    /// the same name (upstream `SanitizerKernelMetadataPass`): external
    /// linkage, same address space, `local_unnamed_addr` and `dso_local`
    /// unless the old global's attributes say otherwise, the old global's
    /// attributes and metadata; uses move to the new global and the old one
    /// is erased. Returns the new global, or `None` (nothing changed) for
    /// other values.
    pub fn wrap_global_array_in_struct(self) -> Option<Value<'c>> {
        unsafe { Value::from_raw_opt(ffi::SyclWrapGlobalArrayInStruct(self.raw())) }
    }

    /// Replaces this global variable by one of type `ty` under the same name
    /// (upstream LowerESIMD's `lowerGlobalsToVector`): same constness,
    /// linkage, thread-local mode and address space, an `undef` initializer
    /// if the old one is `undef`/`poison` and `zeroinitializer` otherwise
    /// (also for a declaration), the old global's attributes and metadata;
    /// it goes to the end of the module's globals, uses move to it and the
    /// old global is erased. Returns the new global, or `None` (nothing
    /// changed) for other values.
    pub fn retype_global(self, ty: crate::value::Type<'c>) -> Option<Value<'c>> {
        unsafe { Value::from_raw_opt(ffi::SyclRetypeGlobal(self.raw(), ty.raw())) }
    }

    /// Gives a function declaration of type `void()` a body: one block named
    /// `entry` holding `ret void`.
    pub fn add_ret_void_body(self) {
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw()));
            let bb = LLVMAppendBasicBlockInContext(ctx, self.raw(), c"entry".as_ptr());
            let b = LLVMCreateBuilderInContext(ctx);
            LLVMPositionBuilderAtEnd(b, bb);
            LLVMBuildRetVoid(b);
            LLVMDisposeBuilder(b);
        }
    }
}
