//! The instruction builder: [`Builder`], one `IRBuilder` positioned before
//! an instruction, with every method of the crate that creates an
//! instruction (as rustc's `rustc_codegen_llvm::Builder`), and the operand
//! types of its methods ([`CastOp`], [`MaskedAccess`]).

use std::cell::Cell;
use std::marker::PhantomData;

use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use crate::cstr::cname;
use crate::ffi;
use crate::handles::{Type, Value};
use crate::module::Module;
use crate::types::TypeKind;

/// The casts [`Builder::cast`] creates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CastOp {
    /// `trunc`
    Trunc,
    /// `zext`
    ZExt,
    /// `bitcast`
    BitCast,
    /// `inttoptr`
    IntToPtr,
    /// `fptoui`
    FPToUI,
    /// `fptosi`
    FPToSI,
    /// `addrspacecast`
    AddrSpaceCast,
}

impl CastOp {
    fn to_raw(self) -> LLVMOpcode {
        match self {
            CastOp::Trunc => LLVMOpcode::LLVMTrunc,
            CastOp::ZExt => LLVMOpcode::LLVMZExt,
            CastOp::BitCast => LLVMOpcode::LLVMBitCast,
            CastOp::IntToPtr => LLVMOpcode::LLVMIntToPtr,
            CastOp::FPToUI => LLVMOpcode::LLVMFPToUI,
            CastOp::FPToSI => LLVMOpcode::LLVMFPToSI,
            CastOp::AddrSpaceCast => LLVMOpcode::LLVMAddrSpaceCast,
        }
    }

    pub(crate) fn from_raw(op: LLVMOpcode) -> Option<Self> {
        Some(match op {
            LLVMOpcode::LLVMTrunc => CastOp::Trunc,
            LLVMOpcode::LLVMZExt => CastOp::ZExt,
            LLVMOpcode::LLVMBitCast => CastOp::BitCast,
            LLVMOpcode::LLVMIntToPtr => CastOp::IntToPtr,
            LLVMOpcode::LLVMFPToUI => CastOp::FPToUI,
            LLVMOpcode::LLVMFPToSI => CastOp::FPToSI,
            LLVMOpcode::LLVMAddrSpaceCast => CastOp::AddrSpaceCast,
            _ => return None,
        })
    }
}

/// The one instruction builder of the crate: a wrapper of LLVM's `IRBuilder`
/// (`LLVMBuilderRef`) positioned before an instruction, with every method
/// that creates instructions.
///
/// Two families of methods, as upstream's passes create instructions in two
/// ways:
/// - through `IRBuilder` (`load`, `store`, `call`, `cast`, `fadd`, ...):
///   constant operands are folded, and each new instruction gets the debug
///   location picked when the builder was made ([`Builder::before`]: the
///   location of the instruction it was positioned before;
///   [`Builder::before_without_location`] and [`Builder::new`]: the
///   builder's own, see [`Builder::clear_debug_location`]);
/// - `new_*` (`new_load`, `new_call`, `new_gep_i8`, ...), as upstream's
///   `new LoadInst(..., InsertBefore)`: created exactly as written (no
///   folding, no dropped no-op cast), without a debug location, before the
///   instruction the builder was last positioned before.
pub struct Builder<'c> {
    raw: LLVMBuilderRef,
    /// The instruction the builder was last positioned before (null: none).
    before: Cell<LLVMValueRef>,
    /// The debug location given to each instruction made through `IRBuilder`
    /// (null: the builder's own).
    loc: LLVMMetadataRef,
    _ctx: PhantomData<&'c ()>,
}

impl Drop for Builder<'_> {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.raw) }
    }
}

impl<'c> Builder<'c> {
    /// A builder for module `m`, with no position yet (see
    /// [`Builder::position_before`]).
    pub fn new(m: &Module<'c>) -> Self {
        unsafe {
            let ctx = LLVMGetModuleContext(m.raw());
            Builder {
                raw: LLVMCreateBuilderInContext(ctx),
                before: Cell::new(std::ptr::null_mut()),
                loc: std::ptr::null_mut(),
                _ctx: PhantomData,
            }
        }
    }

    /// A builder inserting before `inst` (of module `m`); each instruction
    /// it makes through `IRBuilder` gets `inst`'s debug location.
    pub fn before(m: &Module<'c>, inst: Value<'c>) -> Self {
        let mut b = Builder::new(m);
        b.position_before(inst);
        b.loc = unsafe { LLVMInstructionGetDebugLoc(inst.raw()) };
        b
    }

    /// A builder inserting before `inst` whose instructions get no debug
    /// location of their own (as instructions created with `new` in
    /// upstream's passes).
    pub fn before_without_location(m: &Module<'c>, inst: Value<'c>) -> Self {
        let b = Builder::new(m);
        b.position_before(inst);
        b
    }

    /// Inserts before instruction `inst`; the builder's own debug location
    /// becomes `inst`'s.
    pub fn position_before(&self, inst: Value<'c>) {
        self.before.set(inst.raw());
        unsafe { LLVMPositionBuilderBefore(self.raw, inst.raw()) }
    }

    /// The builder's own debug location is cleared.
    pub fn clear_debug_location(&self) {
        unsafe { LLVMSetCurrentDebugLocation2(self.raw, std::ptr::null_mut()) }
    }

    /// Gives `v` (just made through `IRBuilder`) the builder's chosen debug
    /// location.
    fn done(&self, v: LLVMValueRef) -> Value<'c> {
        unsafe {
            if !self.loc.is_null() && !LLVMIsAInstruction(v).is_null() {
                LLVMInstructionSetDebugLoc(v, self.loc);
            }
            Value::from_raw(v)
        }
    }

    /// The instruction the `new_*` methods insert before.
    fn insert_point(&self) -> LLVMValueRef {
        let before = self.before.get();
        assert!(!before.is_null(), "Builder: position the builder before inserting");
        before
    }

    // Through IRBuilder: folded, with the builder's debug location.

    /// `alloca ty, align align` in the data layout's alloca address space.
    pub fn alloca(&self, ty: Type<'c>, align: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let a = LLVMBuildAlloca(self.raw, ty.raw(), n.as_ptr());
            LLVMSetAlignment(a, align);
            self.done(a)
        }
    }

    /// `alloca ty, addrspace(<addr_space>)`, aligned as the data layout
    /// prefers.
    pub fn alloca_in(&self, ty: Type<'c>, addr_space: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            self.done(ffi::SyclBuildAllocaInAddrSpace(
                self.raw,
                ty.raw(),
                addr_space,
                n.as_ptr(),
            ))
        }
    }

    /// `load ty, ptr %ptr` with alignment `align` (0: none written).
    pub fn load(&self, ty: Type<'c>, ptr: Value<'c>, align: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let l = LLVMBuildLoad2(self.raw, ty.raw(), ptr.raw(), n.as_ptr());
            if align > 0 {
                LLVMSetAlignment(l, align);
            }
            self.done(l)
        }
    }

    /// `store %v, ptr %ptr` with alignment `align` (0: the ABI alignment LLVM
    /// picks).
    pub fn store(&self, v: Value<'c>, ptr: Value<'c>, align: u32) -> Value<'c> {
        unsafe {
            let s = LLVMBuildStore(self.raw, v.raw(), ptr.raw());
            if align > 0 {
                LLVMSetAlignment(s, align);
            }
            self.done(s)
        }
    }

    /// `getelementptr inbounds elem_ty, ptr %ptr, <indices>`.
    pub fn inbounds_gep(&self, elem_ty: Type<'c>, ptr: Value<'c>, indices: &[Value<'c>], name: &str) -> Value<'c> {
        let n = cname(name);
        let mut idx: Vec<LLVMValueRef> = indices.iter().map(|v| v.raw()).collect();
        unsafe {
            self.done(LLVMBuildInBoundsGEP2(
                self.raw,
                elem_ty.raw(),
                ptr.raw(),
                idx.as_mut_ptr(),
                idx.len() as u32,
                n.as_ptr(),
            ))
        }
    }

    /// A direct call of function `f` with `args`; the result is named `name`
    /// unless it is `void`.
    pub fn call(&self, f: Value<'c>, args: &[Value<'c>], name: &str) -> Value<'c> {
        let fty = f.global_value_type();
        let void = fty.return_type().kind() == TypeKind::Void;
        let n = cname(if void { "" } else { name });
        let mut raw: Vec<LLVMValueRef> = args.iter().map(|a| a.raw()).collect();
        unsafe {
            self.done(LLVMBuildCall2(
                self.raw,
                fty.raw(),
                f.raw(),
                raw.as_mut_ptr(),
                raw.len() as u32,
                n.as_ptr(),
            ))
        }
    }

    /// `ret %v`
    pub fn ret(&self, v: Value<'c>) -> Value<'c> {
        unsafe { self.done(LLVMBuildRet(self.raw, v.raw())) }
    }

    /// A cast `op` of `v` to `ty`.
    pub fn cast(&self, op: CastOp, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { self.done(LLVMBuildCast(self.raw, op.to_raw(), v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// `zext`, `trunc` or nothing, to bring integer `v` to type `ty`.
    pub fn zext_or_trunc(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let from = LLVMGetIntTypeWidth(LLVMTypeOf(v.raw()));
            let to = LLVMGetIntTypeWidth(ty.raw());
            if from < to {
                self.done(LLVMBuildZExt(self.raw, v.raw(), ty.raw(), n.as_ptr()))
            } else if from > to {
                self.done(LLVMBuildTrunc(self.raw, v.raw(), ty.raw(), n.as_ptr()))
            } else {
                v
            }
        }
    }

    /// `addrspacecast %v to ty`.
    pub fn addrspacecast(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { self.done(LLVMBuildAddrSpaceCast(self.raw, v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// `ptrtoint %v to ty`.
    pub fn ptrtoint(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { self.done(LLVMBuildPtrToInt(self.raw, v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// A `bitcast` instruction, also between identical types (never folded),
    /// with the builder's debug location.
    pub fn bitcast_instruction(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            self.done(ffi::SyclBuildCastInstruction(
                self.raw,
                LLVMOpcode::LLVMBitCast,
                v.raw(),
                ty.raw(),
                n.as_ptr(),
            ))
        }
    }

    /// `icmp ne %v, 0` (element-wise for vectors).
    pub fn icmp_ne_zero(&self, v: Value<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let zero = LLVMConstNull(LLVMTypeOf(v.raw()));
            self.done(LLVMBuildICmp(
                self.raw,
                LLVMIntPredicate::LLVMIntNE,
                v.raw(),
                zero,
                n.as_ptr(),
            ))
        }
    }

    /// `fmul`
    pub fn fmul(&self, a: Value<'c>, b: Value<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { self.done(LLVMBuildFMul(self.raw, a.raw(), b.raw(), n.as_ptr())) }
    }

    /// `fadd`
    pub fn fadd(&self, a: Value<'c>, b: Value<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { self.done(LLVMBuildFAdd(self.raw, a.raw(), b.raw(), n.as_ptr())) }
    }

    /// `call @llvm.memcpy.*(dst, src, i64 <size>, i1 false)` with the given
    /// alignments (bytes).
    pub fn memcpy(&self, dst: Value<'c>, dst_align: u32, src: Value<'c>, src_align: u32, size: u64) -> Value<'c> {
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(dst.raw()));
            let len = LLVMConstInt(LLVMInt64TypeInContext(ctx), size, 0);
            self.done(LLVMBuildMemCpy(
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
            self.done(LLVMBuildMemSet(self.raw, dst.raw(), val, len, align))
        }
    }

    /// `llvm.masked.gather` of `access` (`scatter == None`, the result named
    /// `name`) or `llvm.masked.scatter` of `scatter`'s value, through
    /// `IRBuilder` before the builder's position, with that instruction's
    /// debug location.
    pub fn masked_access(&self, access: &MaskedAccess<'c>, scatter: Option<Value<'c>>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(ffi::SyclInsertMaskedGatherScatter(
                self.insert_point(),
                i32::from(scatter.is_some()),
                access.ty.raw(),
                scatter.map_or(std::ptr::null_mut(), |v| v.raw()),
                access.ptrs.raw(),
                access.align,
                access.mask.raw(),
                access.pass_thru.map_or(std::ptr::null_mut(), |v| v.raw()),
                n.as_ptr(),
            ))
        }
    }

    // As written (`new XInst(..., InsertBefore)`): never folded, no debug
    // location.

    /// `getelementptr i8, ptr %ptr, i32 offset`.
    pub fn new_gep_i8(&self, ptr: Value<'c>, offset: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(ffi::SyclInsertGEPI8(self.insert_point(), ptr.raw(), offset, n.as_ptr())) }
    }

    /// `bitcast %v to ty` (an instruction even when the types are equal).
    pub fn new_bitcast(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(ffi::SyclInsertBitCast(
                self.insert_point(),
                v.raw(),
                ty.raw(),
                n.as_ptr(),
            ))
        }
    }

    /// `trunc %v to ty` (an instruction even for a constant operand).
    pub fn new_trunc(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(ffi::SyclInsertTrunc(self.insert_point(), v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// `load ty, ptr %ptr` with the ABI alignment of `ty`.
    pub fn new_load(&self, ty: Type<'c>, ptr: Value<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(ffi::SyclInsertLoad(
                self.insert_point(),
                ty.raw(),
                ptr.raw(),
                n.as_ptr(),
            ))
        }
    }

    /// `store %v, ptr %ptr` with the ABI alignment of the stored type (this
    /// one gets the debug location of the instruction it is inserted
    /// before, as upstream's `IRBuilder<> B(I)` gives it).
    pub fn new_store(&self, v: Value<'c>, ptr: Value<'c>) -> Value<'c> {
        unsafe { Value::from_raw(ffi::SyclInsertStore(self.insert_point(), v.raw(), ptr.raw())) }
    }

    /// `alloca ty, <array_size>, align align` in address space `addr_space`.
    pub fn new_alloca(
        &self,
        ty: Type<'c>,
        addr_space: u32,
        array_size: Value<'c>,
        align: u64,
        name: &str,
    ) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(ffi::SyclInsertAlloca(
                self.insert_point(),
                ty.raw(),
                addr_space,
                array_size.raw(),
                align,
                n.as_ptr(),
            ))
        }
    }

    /// A direct call of `callee` (of function type `fn_ty`) with `args`.
    pub fn new_call(&self, fn_ty: Type<'c>, callee: Value<'c>, args: &[Value<'c>], name: &str) -> Value<'c> {
        let n = cname(name);
        let mut raw: Vec<LLVMValueRef> = args.iter().map(|a| a.raw()).collect();
        unsafe {
            Value::from_raw(ffi::SyclInsertCall(
                self.insert_point(),
                fn_ty.raw(),
                callee.raw(),
                raw.as_mut_ptr(),
                raw.len(),
                n.as_ptr(),
            ))
        }
    }
}

/// The operands of `llvm.masked.gather` or `llvm.masked.scatter`
/// ([`Builder::masked_access`]).
pub struct MaskedAccess<'c> {
    /// The type gathered (ignored for a scatter).
    pub ty: Type<'c>,
    /// The vector of pointers.
    pub ptrs: Value<'c>,
    /// The alignment in bytes.
    pub align: u32,
    /// The `i1` vector of enabled lanes.
    pub mask: Value<'c>,
    /// Values of disabled lanes (gather).
    pub pass_thru: Option<Value<'c>>,
}
