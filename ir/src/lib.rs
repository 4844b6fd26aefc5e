//! The IR layer: the only crate of the workspace that calls `llvm-sys` or the
//! C++ shims in `llvm-wrapper/`, and SPIRV-Tools' validator library
//! ([`validate_spirv`]).
//!
//! It owns LLVM contexts and modules (through `inkwell`) and hands out small
//! `Copy` handles ([`Value`], [`Type`]) tied to the context's lifetime, in the
//! way rustc's `&'ll Value` works. Handles are valid until the value they
//! name is erased, so the methods that erase or delete values are `unsafe`
//! ([`Value::erase_instruction`], [`Value::erase_function`],
//! [`Value::erase_global`], [`Value::delete_body`] and the few that replace
//! a value by a new one): each says under "Safety" which handles die and
//! what must hold first (no uses left).
//! Everything else in the workspace — the splitter, the passes, the tools —
//! sees only these safe types.
//!
//! What this crate does not do: decide anything about SYCL. It knows LLVM
//! concepts (linkage, calling conventions, metadata, users, module cloning),
//! never entry points or property sets.

mod builder;
mod codegen;
mod cstr;
mod ffi;
mod handles;
mod link;
mod linkage;
mod metadata;
mod module;
mod types;
mod validator;
mod value;

pub use builder::{Builder, CastOp, MaskedAccess};
pub use codegen::{exit_on_out_of_memory, CodegenError, CodegenTarget, OutputKind};
pub use handles::{Type, Value};
pub use link::LinkError;
pub use linkage::{linkage_from_cpp, linkage_to_cpp};
pub use metadata::{MdOperand, MD_KIND_ABSENT};
pub use module::{
    borrowed_module_bitcode, escape_controls, is_bitcode, verify_bitcode_in_shares, Bitcode, Context, Extractor,
    IrError, Module, ShareRead, UnusedContext,
};
pub use types::{type_to_string, DataLayout, TypeKind, Types};
pub use validator::{validate_spirv, ValidationError};
pub use value::{CallConv, Linkage, ValueKind, Visibility};

/// Re-export for the few places (tests, tools) that need inkwell directly.
pub use inkwell;

/// The version of the LLVM library in use (`22.1.3`), as LLVM itself
/// reports it at run time (`LLVMGetVersion`).
pub fn llvm_version() -> String {
    let (mut major, mut minor, mut patch) = (0, 0, 0);
    // SAFETY: LLVMGetVersion only writes the three numbers.
    unsafe { llvm_sys::core::LLVMGetVersion(&mut major, &mut minor, &mut patch) };
    format!("{major}.{minor}.{patch}")
}
