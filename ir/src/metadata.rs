//! Metadata: [`MdOperand`], the operand of a node, the readers and builder
//! of nodes behind the metadata methods of `Value` and `Module`, and
//! [`MD_KIND_ABSENT`].

use llvm_sys::core::*;
use llvm_sys::prelude::*;

use crate::cstr::bytes_to_string;
use crate::ffi;
use crate::handles::Value;

/// One operand of an MDNode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MdOperand<'c> {
    /// A null operand.
    Null,
    /// An MDString (as a value; read it with [`Value::md_string`]).
    String(Value<'c>),
    /// A nested MDNode (as a value).
    Node(Value<'c>),
    /// A value wrapped in metadata (`i32 1`, `ptr @f`).
    Value(Value<'c>),
}

impl<'c> MdOperand<'c> {
    /// The string of an MDString operand.
    pub fn as_string(&self) -> Option<String> {
        match self {
            MdOperand::String(v) => v.md_string(),
            _ => None,
        }
    }

    /// The zero-extended integer of a constant-integer operand.
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            MdOperand::Value(v) => v.const_int_zext(),
            _ => None,
        }
    }

    /// The sign-extended integer of a constant-integer operand.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            MdOperand::Value(v) => v.const_int_sext(),
            _ => None,
        }
    }

    /// The wrapped value of a value operand.
    pub fn as_value(&self) -> Option<Value<'c>> {
        match self {
            MdOperand::Value(v) => Some(*v),
            _ => None,
        }
    }
}

/// A metadata kind ID that no attachment has: what [`Module::md_kind`](crate::Module::md_kind)
/// returns for a kind the context has never seen.
pub const MD_KIND_ABSENT: u32 = u32::MAX;

pub(crate) fn md_string(v: Value<'_>) -> Option<String> {
    unsafe {
        if LLVMIsAMDString(v.raw()).is_null() {
            return None;
        }
        let mut len = 0u32;
        let p = LLVMGetMDString(v.raw(), &mut len);
        Some(bytes_to_string(p, len as usize))
    }
}

pub(crate) fn md_operands<'c>(v: Value<'c>) -> Vec<MdOperand<'c>> {
    unsafe {
        if LLVMIsAMDNode(v.raw()).is_null() {
            return Vec::new();
        }
        let n = LLVMGetMDNodeNumOperands(v.raw());
        let mut ops: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); n as usize];
        if n > 0 {
            LLVMGetMDNodeOperands(v.raw(), ops.as_mut_ptr());
        }
        ops.into_iter()
            .map(|o| {
                if o.is_null() {
                    MdOperand::Null
                } else {
                    let val = Value::from_raw(o);
                    if !LLVMIsAMDString(o).is_null() {
                        MdOperand::String(val)
                    } else if !LLVMIsAMDNode(o).is_null() {
                        MdOperand::Node(val)
                    } else {
                        MdOperand::Value(val)
                    }
                }
            })
            .collect()
    }
}

/// The operands of a node to build, as LLVM metadata (a null for
/// [`MdOperand::Null`]).
pub(crate) fn metadata_refs(ops: &[MdOperand<'_>]) -> Vec<LLVMMetadataRef> {
    ops.iter()
        .map(|o| match o {
            MdOperand::Null => std::ptr::null_mut(),
            // SAFETY: `v` is a live metadata-as-value handle of this context.
            MdOperand::Node(v) => unsafe { ffi::SyclValueAsMDNode(v.raw()) },
            // SAFETY: `v` is a live value handle.
            MdOperand::String(v) | MdOperand::Value(v) => unsafe { LLVMValueAsMetadata(v.raw()) },
        })
        .collect()
}

pub(crate) fn build_node<'c>(ctx: LLVMContextRef, ops: &[MdOperand<'c>]) -> Value<'c> {
    let mut mds = metadata_refs(ops);
    unsafe {
        let node = LLVMMDNodeInContext2(ctx, mds.as_mut_ptr(), mds.len());
        Value::from_raw(LLVMMetadataAsValue(ctx, node))
    }
}
