//! Rewriting functions and building instructions for the target lowering
//! passes (implicit global offset, local accessors to shared memory):
//! cloning a function with an extra parameter, rebuilding one with another
//! signature, re-creating calls with extra arguments, an instruction builder
//! with a position, distinct metadata nodes, and a parse that keeps
//! `!nvvm.annotations` as written.
//!
//! What this file does not do: decide which functions are kernels or what
//! the offset is; that is the passes' business.

use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::LLVMOpcode;

use crate::ffi;
use crate::metadata::MdOperand;
use crate::module::{Context, IrError, Module};
use crate::value::{Type, Types, Value};

/// Name under which `!nvvm.annotations` is parsed by
/// [`Context::parse_ir_keeping_nvvm_annotations`].
const KEPT_NVVM_ANNOTATIONS: &str = "sycl.kept.nvvm.annotations";

fn cname(name: &str) -> CString {
    CString::new(name.replace('\0', "")).unwrap_or_default()
}

/// Renames the named metadata `!nvvm.annotations` in textual IR: only
/// top-level definitions (lines that start with it) are touched.
fn hide_nvvm_annotations(text: &str) -> Option<String> {
    const NAME: &str = "!nvvm.annotations";
    let mut out = String::with_capacity(text.len() + 32);
    let mut changed = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        let rest = trimmed.strip_prefix(NAME);
        let is_definition = rest.is_some_and(|r| r.starts_with([' ', '\t', '=']));
        if is_definition {
            out.push_str(&line[..line.len() - trimmed.len()]);
            out.push('!');
            out.push_str(KEPT_NVVM_ANNOTATIONS);
            out.push_str(rest.unwrap_or_default());
            changed = true;
        } else {
            out.push_str(line);
        }
    }
    changed.then_some(out)
}

/// Whether `data` is LLVM bitcode: its magic number, or the bitcode
/// wrapper's (text IR is not).
pub fn is_bitcode(data: &[u8]) -> bool {
    data.starts_with(b"BC\xC0\xDE") || data.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

impl Context {
    /// Parses like [`Context::parse_ir`], but keeps textual
    /// `!nvvm.annotations` as written: LLVM 22's parser otherwise upgrades
    /// `!{ptr @f, !"kernel", i32 1}` entries to the `ptx_kernel` calling
    /// convention and drops the named metadata's entries. The named metadata
    /// keeps its place among the module's named metadata. Bitcode is parsed
    /// (and upgraded) as LLVM does.
    pub fn parse_ir_keeping_nvvm_annotations(&self, data: &[u8], name: &str) -> Result<Module<'_>, IrError> {
        let hidden = if is_bitcode(data) {
            None
        } else {
            std::str::from_utf8(data).ok().and_then(hide_nvvm_annotations)
        };
        let Some(text) = hidden else {
            return self.parse_ir(data, name);
        };
        let m = self.parse_ir(text.as_bytes(), name)?;
        m.rename_named_metadata(KEPT_NVVM_ANNOTATIONS, "nvvm.annotations");
        Ok(m)
    }
}

impl<'c> Module<'c> {
    /// Sets the target triple.
    pub fn set_triple(&self, triple: &str) {
        let c = cname(triple);
        unsafe { LLVMSetTarget(self.raw(), c.as_ptr()) }
    }

    /// The address space of `alloca`s in the module's data layout.
    pub fn alloca_addr_space(&self) -> u32 {
        unsafe { ffi::SyclAllocaAddrSpace(self.raw()) }
    }

    /// Renames named metadata `from` to `to`, keeping its position among the
    /// module's named metadata. False if `from` is absent or `to` exists.
    pub fn rename_named_metadata(&self, from: &str, to: &str) -> bool {
        unsafe {
            ffi::SyclRenameNamedMetadata(
                self.raw(),
                from.as_ptr() as *const _,
                from.len(),
                to.as_ptr() as *const _,
                to.len(),
            ) != 0
        }
    }

    /// Builds a distinct `MDNode` (`distinct !{...}`) and returns it as a value.
    pub fn md_node_distinct(&self, ops: &[MdOperand<'c>]) -> Value<'c> {
        unsafe {
            let ctx = LLVMGetModuleContext(self.raw());
            let mut mds: Vec<LLVMMetadataRef> = ops
                .iter()
                .map(|o| match o {
                    MdOperand::Null => std::ptr::null_mut(),
                    MdOperand::Node(v) => ffi::SyclValueAsMDNode(v.raw()),
                    MdOperand::String(v) | MdOperand::Value(v) => LLVMValueAsMetadata(v.raw()),
                })
                .collect();
            Value::from_raw(ffi::SyclMDNodeDistinct(ctx, mds.as_mut_ptr(), mds.len()))
        }
    }
}

impl<'c> Types<'c> {
    /// `poison` of type `ty`.
    pub fn poison(&self, ty: Type<'c>) -> Value<'c> {
        unsafe { Value::from_raw(LLVMGetPoison(ty.raw())) }
    }
}

impl<'c> Type<'c> {
    /// The return type of a function type.
    pub fn return_type(self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMGetReturnType(self.raw())) }
    }

    /// True for a variadic function type.
    pub fn is_var_arg(self) -> bool {
        unsafe { LLVMIsFunctionVarArg(self.raw()) != 0 }
    }
}

impl<'c> Value<'c> {
    /// For a function: a new function named `name`, inserted right after
    /// this one, with this function's parameters followed by one parameter of
    /// type `extra`, and a copy of this function's body
    /// (`CloneFunctionInto` with global changes: attributes, parameter
    /// attributes and calling convention are copied, the `DISubprogram` is
    /// cloned for the new function). The new parameter has no attributes.
    /// Instruction `i` of the copy corresponds to instruction `i` of this
    /// function (see [`Value::instructions`]).
    pub fn clone_with_extra_param(self, extra: Type<'c>, name: &str) -> Value<'c> {
        let mut params: Vec<LLVMTypeRef> = (0..self.param_count()).map(|i| self.param(i).ty().raw()).collect();
        params.push(extra.raw());
        unsafe {
            let nf = ffi::SyclCreateFunctionLike(
                self.raw(),
                params.as_mut_ptr(),
                params.len() as u32,
                name.as_ptr() as *const _,
                name.len(),
                0,
            );
            ffi::SyclCloneFunctionBodyInto(nf, self.raw());
            Value::from_raw(nf)
        }
    }

    /// For a function: a new, unnamed function with the same return type,
    /// linkage, calling convention, function and return attributes and
    /// comdat, and parameter types `params`, appended to the module.
    /// Parameter `i` keeps this function's parameter attributes where
    /// `keep_param_attrs[i]`. The body stays here (see
    /// [`Value::move_body_into`]).
    pub fn rebuild_with_params(self, params: &[Type<'c>], keep_param_attrs: &[bool]) -> Value<'c> {
        self.rebuild(params, keep_param_attrs, true)
    }

    /// As [`Value::rebuild_with_params`], but the new function is placed
    /// right after this one (it takes this function's place in the module
    /// once this one is erased). Kept parameter attributes that a new
    /// parameter type cannot carry are dropped.
    pub fn rebuild_in_place_with_params(self, params: &[Type<'c>], keep_param_attrs: &[bool]) -> Value<'c> {
        self.rebuild(params, keep_param_attrs, false)
    }

    fn rebuild(self, params: &[Type<'c>], keep_param_attrs: &[bool], at_end: bool) -> Value<'c> {
        let mut raw: Vec<LLVMTypeRef> = params.iter().map(|t| t.raw()).collect();
        let keep: Vec<i32> = (0..params.len())
            .map(|i| i32::from(keep_param_attrs.get(i).copied().unwrap_or(false)))
            .collect();
        unsafe {
            let nf = ffi::SyclCreateFunctionLike(
                self.raw(),
                raw.as_mut_ptr(),
                raw.len() as u32,
                std::ptr::null(),
                0,
                i32::from(at_end),
            );
            ffi::SyclCopyFunctionAttributes(nf, self.raw(), keep.as_ptr(), keep.len() as u32);
            Value::from_raw(nf)
        }
    }

    /// For a function: moves its basic blocks into `to` (a function without
    /// body) and moves its metadata attachments (debug info included) there.
    /// Uses of this function's parameters are left for the caller.
    pub fn move_body_into(self, to: Value<'c>) {
        unsafe { ffi::SyclMoveFunctionBody(self.raw(), to.raw()) }
    }

    /// For a call: replaces it by a call of `callee` with the same arguments
    /// followed by `extra`, keeping calling convention, tail-call kind,
    /// operand bundles, call-site attributes, metadata and name. Returns the
    /// new call; this handle is dead afterwards.
    pub fn replace_call_adding_args(self, callee: Value<'c>, extra: &[Value<'c>]) -> Value<'c> {
        let mut raw: Vec<LLVMValueRef> = extra.iter().map(|v| v.raw()).collect();
        unsafe {
            Value::from_raw(ffi::SyclReplaceCallAddingArgs(
                self.raw(),
                callee.raw(),
                raw.as_mut_ptr(),
                raw.len() as u32,
            ))
        }
    }

    /// For a function: adds a type attribute (`byval`, `byref`, `sret`, ...)
    /// of type `ty` to parameter `index`.
    pub fn add_param_type_attr(self, index: u32, kind: &str, ty: Type<'c>) {
        unsafe {
            let id = LLVMGetEnumAttributeKindForName(kind.as_ptr() as *const _, kind.len());
            let ctx = LLVMGetTypeContext(ty.raw());
            let attr = LLVMCreateTypeAttribute(ctx, id, ty.raw());
            LLVMAddAttributeAtIndex(self.raw(), index + 1, attr);
        }
    }

    /// For a function with a body: the first instruction of its entry block.
    pub fn entry_first_instruction(self) -> Option<Value<'c>> {
        unsafe {
            if LLVMCountBasicBlocks(self.raw()) == 0 {
                return None;
            }
            let bb = LLVMGetEntryBasicBlock(self.raw());
            Value::from_raw_opt(LLVMGetFirstInstruction(bb))
        }
    }

    /// Sets the alignment of a global variable, `alloca`, `load` or `store`.
    pub fn set_alignment(self, bytes: u32) {
        unsafe { LLVMSetAlignment(self.raw(), bytes) }
    }

    /// For an instruction: no uses and no side effects
    /// (`isInstructionTriviallyDead`).
    pub fn is_trivially_dead(self) -> bool {
        unsafe { ffi::SyclIsTriviallyDead(self.raw()) != 0 }
    }

    /// For a metadata node: `distinct !{...}`.
    pub fn is_distinct_md_node(self) -> bool {
        unsafe { ffi::SyclMDNodeIsDistinct(self.raw()) != 0 }
    }

    /// The alignment (bytes) of a global variable, `alloca`, `load` or `store`.
    pub fn alignment(self) -> u32 {
        unsafe { LLVMGetAlignment(self.raw()) }
    }

    // `is_load` is defined in builder.rs.

    /// True for a `getelementptr` instruction.
    pub fn is_gep(self) -> bool {
        unsafe { !LLVMIsAGetElementPtrInst(self.raw()).is_null() }
    }

    /// True for a `phi` instruction.
    pub fn is_phi(self) -> bool {
        unsafe { !LLVMIsAPHINode(self.raw()).is_null() }
    }

    /// True for a `select` instruction.
    pub fn is_select(self) -> bool {
        unsafe { !LLVMIsASelectInst(self.raw()).is_null() }
    }

    /// True for a `bitcast` or `addrspacecast` instruction.
    pub fn is_pointer_cast(self) -> bool {
        unsafe { !LLVMIsABitCastInst(self.raw()).is_null() || !LLVMIsAAddrSpaceCastInst(self.raw()).is_null() }
    }
}

/// Builds instructions at a position, as LLVM's `IRBuilder` does (constant
/// operands are folded, except where a method says otherwise).
pub struct InstBuilder<'c> {
    raw: LLVMBuilderRef,
    _ctx: std::marker::PhantomData<&'c ()>,
}

impl Drop for InstBuilder<'_> {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.raw) }
    }
}

impl<'c> InstBuilder<'c> {
    /// A builder for module `m`, with no position yet.
    pub fn new(m: &Module<'c>) -> Self {
        unsafe {
            let ctx = LLVMGetModuleContext(m.raw());
            InstBuilder {
                raw: LLVMCreateBuilderInContext(ctx),
                _ctx: std::marker::PhantomData,
            }
        }
    }

    /// Inserts before instruction `inst`; new instructions get its debug
    /// location.
    pub fn position_before(&self, inst: Value<'c>) {
        unsafe { LLVMPositionBuilderBefore(self.raw, inst.raw()) }
    }

    /// New instructions get no debug location.
    pub fn clear_debug_location(&self) {
        unsafe { LLVMSetCurrentDebugLocation2(self.raw, std::ptr::null_mut()) }
    }

    /// `getelementptr inbounds elem_ty, ptr %ptr, <indices>`.
    pub fn inbounds_gep(&self, elem_ty: Type<'c>, ptr: Value<'c>, indices: &[Value<'c>], name: &str) -> Value<'c> {
        let n = cname(name);
        let mut idx: Vec<LLVMValueRef> = indices.iter().map(|v| v.raw()).collect();
        unsafe {
            Value::from_raw(LLVMBuildInBoundsGEP2(
                self.raw,
                elem_ty.raw(),
                ptr.raw(),
                idx.as_mut_ptr(),
                idx.len() as u32,
                n.as_ptr(),
            ))
        }
    }

    /// `load ty, ptr %ptr, align <align>`.
    pub fn load(&self, ty: Type<'c>, ptr: Value<'c>, align: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let l = LLVMBuildLoad2(self.raw, ty.raw(), ptr.raw(), n.as_ptr());
            LLVMSetAlignment(l, align);
            Value::from_raw(l)
        }
    }

    /// `zext`, `trunc` or nothing, to bring integer `v` to type `ty`.
    pub fn zext_or_trunc(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let from = LLVMGetIntTypeWidth(LLVMTypeOf(v.raw()));
            let to = LLVMGetIntTypeWidth(ty.raw());
            let r = if from < to {
                LLVMBuildZExt(self.raw, v.raw(), ty.raw(), n.as_ptr())
            } else if from > to {
                LLVMBuildTrunc(self.raw, v.raw(), ty.raw(), n.as_ptr())
            } else {
                v.raw()
            };
            Value::from_raw(r)
        }
    }

    /// `addrspacecast %v to ty`.
    pub fn addrspacecast(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(LLVMBuildAddrSpaceCast(self.raw, v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// `ptrtoint %v to ty`.
    pub fn ptrtoint(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(LLVMBuildPtrToInt(self.raw, v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// A direct call of function `f` with `args` (the result named `name`
    /// unless `void`).
    pub fn call(&self, f: Value<'c>, args: &[Value<'c>], name: &str) -> Value<'c> {
        unsafe { Value::from_raw(crate::rewrite::build_direct_call(self.raw, f, args, name)) }
    }

    /// A `bitcast` instruction, also between identical types (never folded).
    pub fn bitcast_instruction(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(ffi::SyclBuildCastInstruction(
                self.raw,
                LLVMOpcode::LLVMBitCast,
                v.raw(),
                ty.raw(),
                n.as_ptr(),
            ))
        }
    }

    /// `alloca ty, addrspace(<addr_space>)`, aligned as the data layout
    /// prefers.
    pub fn alloca_in(&self, ty: Type<'c>, addr_space: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(ffi::SyclBuildAllocaInAddrSpace(
                self.raw,
                ty.raw(),
                addr_space,
                n.as_ptr(),
            ))
        }
    }

    /// `call @llvm.memcpy.*(dst, src, i64 <size>, i1 false)` with the given
    /// alignments (bytes).
    pub fn memcpy(&self, dst: Value<'c>, dst_align: u32, src: Value<'c>, src_align: u32, size: u64) -> Value<'c> {
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(dst.raw()));
            let len = LLVMConstInt(LLVMInt64TypeInContext(ctx), size, 0);
            Value::from_raw(LLVMBuildMemCpy(
                self.raw,
                dst.raw(),
                dst_align,
                src.raw(),
                src_align,
                len,
            ))
        }
    }

    /// `call @llvm.memset.*(dst, i8 <byte>, i64 <size>, i1 false)` with
    /// alignment `align` (bytes).
    pub fn memset(&self, dst: Value<'c>, byte: u8, size: u64, align: u32) -> Value<'c> {
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(dst.raw()));
            let val = LLVMConstInt(LLVMInt8TypeInContext(ctx), u64::from(byte), 0);
            let len = LLVMConstInt(LLVMInt64TypeInContext(ctx), size, 0);
            Value::from_raw(LLVMBuildMemSet(self.raw, dst.raw(), val, len, align))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_definitions_are_renamed() {
        let text = "; !nvvm.annotations in a comment\n!nvvm.annotations = !{!0}\n!nvvm.annotationsx = !{}\n";
        let out = hide_nvvm_annotations(text).unwrap();
        assert!(out.contains("; !nvvm.annotations in a comment"));
        assert!(out.contains("!sycl.kept.nvvm.annotations = !{!0}"));
        assert!(out.contains("!nvvm.annotationsx = !{}"));
        assert!(hide_nvvm_annotations("define void @f() {\n  ret void\n}\n").is_none());
    }

    #[test]
    fn annotations_survive_the_parse_in_place() {
        let ctx = Context::new();
        let src = "target triple = \"nvptx64-nvidia-cuda\"\ndefine void @k() {\n  ret void\n}\n\
                   !nvvm.annotations = !{!0}\n!nvvmir.version = !{!1}\n\
                   !0 = !{ptr @k, !\"kernel\", i32 1}\n!1 = !{i32 1, i32 4}\n";
        let m = ctx.parse_ir_keeping_nvvm_annotations(src.as_bytes(), "t.ll").unwrap();
        let text = m.to_text();
        let annotations = text.find("!nvvm.annotations = !{!0}").expect("annotations kept");
        let version = text.find("!nvvmir.version = !{!1}").expect("version kept");
        assert!(annotations < version, "{text}");
        assert!(text.contains("define void @k()"), "{text}");
        // The plain parse upgrades the annotation to the calling convention.
        let upgraded = ctx.parse_ir(src.as_bytes(), "t.ll").unwrap().to_text();
        assert!(upgraded.contains("define ptx_kernel void @k()"), "{upgraded}");
    }
}
