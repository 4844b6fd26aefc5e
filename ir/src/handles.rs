//! The handles themselves: [`Value`] and [`Type`], a raw LLVM pointer with
//! the lifetime of its context, and their conversions from and to the raw
//! pointers. What a handle can do is in `value.rs` and `types.rs`; this file
//! sits below both so that neither imports the other.

use std::marker::PhantomData;

use llvm_sys::core::*;
use llvm_sys::prelude::*;

/// A handle to an LLVM value living in a context with lifetime `'c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value<'c> {
    raw: LLVMValueRef,
    _ctx: PhantomData<&'c ()>,
}

impl std::fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Value({})", self.name())
    }
}

// Handles are neither `Send` nor `Sync` (they hold raw LLVM pointers): they
// live on the thread that owns their context.
impl<'c> Value<'c> {
    pub(crate) unsafe fn from_raw(raw: LLVMValueRef) -> Self {
        Value { raw, _ctx: PhantomData }
    }

    pub(crate) unsafe fn from_raw_opt(raw: LLVMValueRef) -> Option<Self> {
        (!raw.is_null()).then(|| Value::from_raw(raw))
    }

    pub(crate) fn raw(self) -> LLVMValueRef {
        self.raw
    }
}

/// A handle to an LLVM type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Type<'c> {
    raw: LLVMTypeRef,
    _ctx: PhantomData<&'c ()>,
}

impl std::fmt::Debug for Type<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        unsafe {
            let p = LLVMPrintTypeToString(self.raw);
            let s = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
            LLVMDisposeMessage(p);
            f.write_str(&s)
        }
    }
}

impl<'c> Type<'c> {
    pub(crate) unsafe fn from_raw(raw: LLVMTypeRef) -> Self {
        Type { raw, _ctx: PhantomData }
    }

    pub(crate) fn raw(self) -> LLVMTypeRef {
        self.raw
    }
}
