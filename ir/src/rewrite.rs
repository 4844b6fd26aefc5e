//! Rewriting instructions in place, for passes that replace calls by other
//! instructions the way LLVM's `IRBuilder` does (constant operands folded,
//! the replaced instruction's debug location copied): `OpBuilder`; enum
//! function attributes by name; vector and floating-point types; function
//! signatures.

use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::debuginfo::{LLVMInstructionGetDebugLoc, LLVMInstructionSetDebugLoc};
use llvm_sys::prelude::*;
use llvm_sys::{LLVMIntPredicate, LLVMOpcode};

use crate::module::Module;
use crate::value::{Type, Types, Value};

fn cname(name: &str) -> CString {
    CString::new(name.replace('\0', "")).unwrap_or_default()
}

/// The casts [`OpBuilder::cast`] creates.
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

    fn from_raw(op: LLVMOpcode) -> Option<Self> {
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

fn enum_kind(name: &str) -> u32 {
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
}

impl<'c> Value<'c> {
    /// True if the function has the enum attribute `name` (`noinline`,
    /// `optnone`, `alwaysinline`, ...).
    pub fn has_enum_fn_attr(self, name: &str) -> bool {
        let kind = enum_kind(name);
        kind != 0
            && unsafe { !LLVMGetEnumAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, kind).is_null() }
    }

    /// Adds the enum function attribute `name` (no value).
    pub fn add_enum_fn_attr(self, name: &str) {
        let kind = enum_kind(name);
        if kind == 0 {
            return;
        }
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw()));
            let a = LLVMCreateEnumAttribute(ctx, kind, 0);
            LLVMAddAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, a);
        }
    }

    /// Removes the enum function attribute `name`.
    pub fn remove_enum_fn_attr(self, name: &str) {
        let kind = enum_kind(name);
        if kind != 0 {
            unsafe { LLVMRemoveEnumAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, kind) }
        }
    }

    /// Adds (or replaces) the string attribute `key`=`value` of parameter
    /// `index` (0-based).
    pub fn add_param_string_attr(self, index: u32, key: &str, value: &str) {
        let a = self.string_attribute(key, value);
        unsafe { LLVMAddAttributeAtIndex(self.raw(), index + 1, a) }
    }

    /// The value of string attribute `key` of parameter `index` (0-based).
    pub fn param_string_attr(self, index: u32, key: &str) -> Option<String> {
        unsafe {
            let a = LLVMGetStringAttributeAtIndex(self.raw(), index + 1, key.as_ptr() as *const _, key.len() as u32);
            if a.is_null() {
                return None;
            }
            let mut len = 0u32;
            let p = LLVMGetStringAttributeValue(a, &mut len);
            let bytes = std::slice::from_raw_parts(p as *const u8, len as usize);
            Some(String::from_utf8_lossy(bytes).into_owned())
        }
    }

    /// Removes the string attribute `key` of parameter `index` (0-based).
    pub fn remove_param_string_attr(self, index: u32, key: &str) {
        unsafe { LLVMRemoveStringAttributeAtIndex(self.raw(), index + 1, key.as_ptr() as *const _, key.len() as u32) }
    }

    /// The parameter types of a function.
    pub fn param_types(self) -> Vec<Type<'c>> {
        let fty = self.global_value_type();
        unsafe {
            let n = LLVMCountParamTypes(fty.raw()) as usize;
            let mut raw = vec![std::ptr::null_mut(); n];
            if n > 0 {
                LLVMGetParamTypes(fty.raw(), raw.as_mut_ptr());
            }
            raw.into_iter().map(|t| Type::from_raw(t)).collect()
        }
    }

    /// True for a cast instruction (`trunc`, `fptoui`, `bitcast`, ...).
    pub fn is_cast_instruction(self) -> bool {
        unsafe { !LLVMIsACastInst(self.raw()).is_null() }
    }

    /// The cast of a cast instruction, when it is one [`CastOp`] names.
    pub fn cast_op(self) -> Option<CastOp> {
        if self.is_cast_instruction() {
            CastOp::from_raw(unsafe { LLVMGetInstructionOpcode(self.raw()) })
        } else {
            None
        }
    }

    /// True for a constant expression.
    pub fn is_constant_expr(self) -> bool {
        unsafe { !LLVMIsAConstantExpr(self.raw()).is_null() }
    }

    /// True for a `bitcast` or `addrspacecast`, instruction or constant
    /// expression (upstream's `isCast`).
    pub fn is_pointer_cast_op(self) -> bool {
        unsafe {
            let op = if !LLVMIsAInstruction(self.raw()).is_null() {
                LLVMGetInstructionOpcode(self.raw())
            } else if self.is_constant_expr() {
                LLVMGetConstOpcode(self.raw())
            } else {
                return false;
            };
            matches!(op, LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast)
        }
    }
}

impl<'c> Type<'c> {
    /// True for a scalar or vector floating-point type.
    pub fn is_fp_or_fp_vector(self) -> bool {
        use crate::TypeKind::*;
        let t = if self.kind() == Vector {
            self.element_type()
        } else {
            self
        };
        matches!(t.kind(), Half | BFloat | Float | Double)
    }

    /// The element type of a vector, the type itself otherwise.
    pub fn scalar_type(self) -> Type<'c> {
        if self.kind() == crate::TypeKind::Vector {
            self.element_type()
        } else {
            self
        }
    }

    /// The width in bits of a scalar type or of a vector's elements (0 for
    /// types without one, like pointers).
    pub fn scalar_bits(self) -> u32 {
        use crate::TypeKind::*;
        match self.scalar_type().kind() {
            Integer(n) => n,
            Half | BFloat => 16,
            Float => 32,
            Double => 64,
            _ => 0,
        }
    }

    /// The suffix LLVM gives an overloaded intrinsic for this type
    /// (`i32`, `f32`, `v16i32`, `p4`); `None` for types this helper does not
    /// spell (structures, arrays, target types).
    pub fn intrinsic_suffix(self) -> Option<String> {
        use crate::TypeKind::*;
        Some(match self.kind() {
            Integer(n) => format!("i{n}"),
            Half => "f16".into(),
            BFloat => "bf16".into(),
            Float => "f32".into(),
            Double => "f64".into(),
            Pointer(a) => format!("p{a}"),
            Vector => format!("v{}{}", self.element_count(), self.element_type().intrinsic_suffix()?),
            _ => return None,
        })
    }
}

impl<'c> Types<'c> {
    /// `target("name", type_params..., int_params...)`, a target extension
    /// type (`target("spirv.Image", void, 1, 0, 0, 0, 0, 0, 2)`).
    pub fn target_ext(&self, name: &str, type_params: &[Type<'c>], int_params: &[u32]) -> Type<'c> {
        let n = cname(name);
        let mut tys: Vec<LLVMTypeRef> = type_params.iter().map(|t| t.raw()).collect();
        let mut ints = int_params.to_vec();
        unsafe {
            Type::from_raw(LLVMTargetExtTypeInContext(
                LLVMGetTypeContext(self.void().raw()),
                n.as_ptr(),
                tys.as_mut_ptr(),
                tys.len() as u32,
                ints.as_mut_ptr(),
                ints.len() as u32,
            ))
        }
    }

    /// `<n x elem>`
    pub fn vector(&self, elem: Type<'c>, n: u32) -> Type<'c> {
        unsafe { Type::from_raw(LLVMVectorType(elem.raw(), n)) }
    }

    /// `float`
    pub fn float(&self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMFloatTypeInContext(LLVMGetTypeContext(self.void().raw()))) }
    }

    /// The literal (unnamed, unpacked) structure `{ elems... }`.
    pub fn literal_struct(&self, elems: &[Type<'c>]) -> Type<'c> {
        let mut raw: Vec<LLVMTypeRef> = elems.iter().map(|t| t.raw()).collect();
        unsafe {
            let ctx = match elems.first() {
                Some(t) => LLVMGetTypeContext(t.raw()),
                None => LLVMGetTypeContext(self.void().raw()),
            };
            Type::from_raw(LLVMStructTypeInContext(ctx, raw.as_mut_ptr(), raw.len() as u32, 0))
        }
    }
}

/// Creates instructions before a given instruction through LLVM's
/// `IRBuilder` (constant operands are folded, as upstream's passes do), each
/// with the debug location of that instruction.
pub struct OpBuilder<'c> {
    raw: LLVMBuilderRef,
    loc: LLVMMetadataRef,
    _m: std::marker::PhantomData<&'c ()>,
}

impl Drop for OpBuilder<'_> {
    fn drop(&mut self) {
        unsafe { LLVMDisposeBuilder(self.raw) }
    }
}

impl<'c> OpBuilder<'c> {
    /// A builder inserting before `inst` (of module `m`).
    pub fn before(m: &Module<'c>, inst: Value<'c>) -> Self {
        unsafe {
            let raw = LLVMCreateBuilderInContext(LLVMGetModuleContext(m.raw()));
            LLVMPositionBuilderBefore(raw, inst.raw());
            OpBuilder {
                raw,
                loc: LLVMInstructionGetDebugLoc(inst.raw()),
                _m: std::marker::PhantomData,
            }
        }
    }

    fn done(&self, v: LLVMValueRef) -> Value<'c> {
        unsafe {
            if !self.loc.is_null() && !LLVMIsAInstruction(v).is_null() {
                LLVMInstructionSetDebugLoc(v, self.loc);
            }
            Value::from_raw(v)
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

    /// A cast `op` of `v` to `ty`.
    pub fn cast(&self, op: CastOp, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { self.done(LLVMBuildCast(self.raw, op.to_raw(), v.raw(), ty.raw(), n.as_ptr())) }
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

    /// `load ty, ptr %p` with alignment `align` (0: none written).
    pub fn load(&self, ty: Type<'c>, p: Value<'c>, align: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let l = LLVMBuildLoad2(self.raw, ty.raw(), p.raw(), n.as_ptr());
            if align > 0 {
                LLVMSetAlignment(l, align);
            }
            self.done(l)
        }
    }

    /// `store %v, ptr %p` with alignment `align` (0: the ABI alignment LLVM
    /// picks).
    pub fn store(&self, v: Value<'c>, p: Value<'c>, align: u32) -> Value<'c> {
        unsafe {
            let s = LLVMBuildStore(self.raw, v.raw(), p.raw());
            if align > 0 {
                LLVMSetAlignment(s, align);
            }
            self.done(s)
        }
    }

    /// A call of function `f` with `args`; the result is named `name`
    /// unless it is `void`.
    pub fn call(&self, f: Value<'c>, args: &[Value<'c>], name: &str) -> Value<'c> {
        self.done(build_direct_call(self.raw, f, args, name))
    }
}

/// `LLVMBuildCall2` of function `f` with `args` at `b`'s position; the
/// result is named `name` unless it is `void`.
pub(crate) fn build_direct_call(b: LLVMBuilderRef, f: Value<'_>, args: &[Value<'_>], name: &str) -> LLVMValueRef {
    let fty = f.global_value_type();
    let void = unsafe { LLVMGetTypeKind(LLVMGetReturnType(fty.raw())) } == llvm_sys::LLVMTypeKind::LLVMVoidTypeKind;
    let n = cname(if void { "" } else { name });
    let mut raw: Vec<LLVMValueRef> = args.iter().map(|a| a.raw()).collect();
    unsafe { LLVMBuildCall2(b, fty.raw(), f.raw(), raw.as_mut_ptr(), raw.len() as u32, n.as_ptr()) }
}

impl<'c> Module<'c> {
    /// The declaration of LLVM intrinsic `name` (`llvm.fma`) overloaded on
    /// `types`, with LLVM's own attributes; `None` for an unknown name.
    pub fn intrinsic_declaration(&self, name: &str, types: &[Type<'c>]) -> Option<Value<'c>> {
        let mut raw: Vec<LLVMTypeRef> = types.iter().map(|t| t.raw()).collect();
        unsafe {
            let id = LLVMLookupIntrinsicID(name.as_ptr() as *const _, name.len());
            if id == 0 {
                return None;
            }
            Value::from_raw_opt(LLVMGetIntrinsicDeclaration(self.raw(), id, raw.as_mut_ptr(), raw.len()))
        }
    }
}

impl<'c> Value<'c> {
    /// Replaces operand `i` of an instruction (or other user) by `v`.
    pub fn set_operand(self, i: u32, v: Value<'c>) {
        unsafe { LLVMSetOperand(self.raw(), i, v.raw()) }
    }

    /// Adds the `memory(none)` attribute to a function (the `memory`
    /// attribute whose value, no location accessed, is 0).
    pub fn set_memory_none(self) {
        self.add_enum_fn_attr("memory");
    }
}

fn fn_attrs_at(f: LLVMValueRef, idx: u32) -> Vec<LLVMAttributeRef> {
    unsafe {
        let n = LLVMGetAttributeCountAtIndex(f, idx) as usize;
        let mut v = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetAttributesAtIndex(f, idx, v.as_mut_ptr());
        }
        v
    }
}

fn call_attrs_at(c: LLVMValueRef, idx: u32) -> Vec<LLVMAttributeRef> {
    unsafe {
        let n = LLVMGetCallSiteAttributeCount(c, idx) as usize;
        let mut v = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetCallSiteAttributes(c, idx, v.as_mut_ptr());
        }
        v
    }
}

impl<'c> Value<'c> {
    /// LLVM's `CloneFunction` of this function with parameter `arg_no`
    /// replaced by `poison` and dropped from the signature; the clone is
    /// appended to the module under this function's name made unique.
    /// Returns the clone and the copy of `inst` (an instruction of this
    /// function) in it.
    pub fn clone_dropping_param(self, arg_no: u32, inst: Value<'c>) -> (Value<'c>, Option<Value<'c>>) {
        let mut copy = std::ptr::null_mut();
        unsafe {
            let nf = crate::ffi::SyclCloneFunctionDroppingParam(self.raw(), arg_no, inst.raw(), &mut copy);
            (Value::from_raw(nf), Value::from_raw_opt(copy))
        }
    }

    /// For a call: makes `f` the called operand (its function type must be
    /// the call's).
    pub fn set_called_operand(self, f: Value<'c>) {
        unsafe {
            let n = LLVMGetNumOperands(self.raw());
            LLVMSetOperand(self.raw(), (n - 1) as u32, f.raw());
        }
    }

    /// For a function argument: its function and position.
    pub fn argument_parent(self) -> Option<(Value<'c>, u32)> {
        unsafe {
            if LLVMIsAArgument(self.raw()).is_null() {
                return None;
            }
            let f = LLVMGetParamParent(self.raw());
            let n = LLVMCountParams(f);
            (0..n)
                .find(|&i| LLVMGetParam(f, i) == self.raw())
                .map(|i| (Value::from_raw(f), i))
        }
    }

    /// For a function: gives it `from`'s function attributes and, shifted
    /// left by `shift`, its parameter attributes (parameter `i` gets `from`'s
    /// parameter `i + shift`); return attributes are not copied.
    pub fn copy_attributes_shifted(self, from: Value<'c>, shift: u32) {
        unsafe {
            for a in fn_attrs_at(from.raw(), llvm_sys::LLVMAttributeFunctionIndex) {
                LLVMAddAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, a);
            }
            for i in 0..LLVMCountParams(self.raw()) {
                for a in fn_attrs_at(from.raw(), i + shift + 1) {
                    LLVMAddAttributeAtIndex(self.raw(), i + 1, a);
                }
            }
        }
    }

    /// For a call: gives it `from`'s (a call's) calling convention,
    /// fast-math flags, function attributes and, shifted left by `shift`,
    /// its argument attributes; return attributes are not copied.
    pub fn copy_call_attributes_shifted(self, from: Value<'c>, shift: u32) {
        unsafe {
            LLVMSetInstructionCallConv(self.raw(), LLVMGetInstructionCallConv(from.raw()));
            if LLVMCanValueUseFastMathFlags(from.raw()) != 0 && LLVMCanValueUseFastMathFlags(self.raw()) != 0 {
                LLVMSetFastMathFlags(self.raw(), LLVMGetFastMathFlags(from.raw()));
            }
            for a in call_attrs_at(from.raw(), llvm_sys::LLVMAttributeFunctionIndex) {
                LLVMAddCallSiteAttribute(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, a);
            }
            for i in 0..LLVMGetNumArgOperands(self.raw()) {
                for a in call_attrs_at(from.raw(), i + shift + 1) {
                    LLVMAddCallSiteAttribute(self.raw(), i + 1, a);
                }
            }
        }
    }

    /// Erases a function from its module (it must have no uses).
    pub fn erase_function(self) {
        unsafe { LLVMDeleteFunction(self.raw()) }
    }
}

impl<'c> Module<'c> {
    /// The preferred alignment of `ty` in the module's data layout
    /// (`DataLayout::getPrefTypeAlign`).
    pub fn pref_align(&self, ty: Type<'c>) -> u32 {
        unsafe {
            llvm_sys::target::LLVMPreferredAlignmentOfType(
                llvm_sys::target::LLVMGetModuleDataLayout(self.raw()),
                ty.raw(),
            )
        }
    }
}

impl<'c> Value<'c> {
    /// For a function created to replace `old`: gives it `old`'s linkage,
    /// calling convention, function and return attributes, comdat, section,
    /// visibility and the like (`copyAttributesFrom`), without parameter
    /// attributes (see [`Value::copy_param_attributes`]).
    pub fn copy_function_properties_from(self, old: Value<'c>) {
        unsafe {
            crate::ffi::SyclCopyFunctionAttributes(self.raw(), old.raw(), std::ptr::null(), 0);
            LLVMSetLinkage(self.raw(), LLVMGetLinkage(old.raw()));
        }
    }

    /// For a function: adds the attributes of parameter `from_index` of
    /// function `from` to its parameter `to_index`.
    pub fn copy_param_attributes(self, from: Value<'c>, from_index: u32, to_index: u32) {
        for a in fn_attrs_at(from.raw(), from_index + 1) {
            unsafe { LLVMAddAttributeAtIndex(self.raw(), to_index + 1, a) }
        }
    }

    /// For a call: gives it `from`'s (a call's) calling convention,
    /// fast-math flags and tail-call marker (`copyIRFlags`,
    /// `setCallingConv`, `setTailCall`), not its attributes.
    pub fn copy_call_flags(self, from: Value<'c>) {
        unsafe {
            LLVMSetInstructionCallConv(self.raw(), LLVMGetInstructionCallConv(from.raw()));
            if LLVMCanValueUseFastMathFlags(from.raw()) != 0 && LLVMCanValueUseFastMathFlags(self.raw()) != 0 {
                LLVMSetFastMathFlags(self.raw(), LLVMGetFastMathFlags(from.raw()));
            }
            LLVMSetTailCall(self.raw(), LLVMIsTailCall(from.raw()));
        }
    }

    /// True for a `ret` instruction.
    pub fn is_return(self) -> bool {
        unsafe { !LLVMIsAReturnInst(self.raw()).is_null() }
    }
}

impl<'c> OpBuilder<'c> {
    /// A builder inserting before `inst` whose instructions get no debug
    /// location (as instructions created with `new` in upstream's passes).
    pub fn before_without_location(m: &Module<'c>, inst: Value<'c>) -> Self {
        let mut b = OpBuilder::before(m, inst);
        b.loc = std::ptr::null_mut();
        b
    }

    /// `alloca ty, align align` in the data layout's alloca address space.
    pub fn alloca(&self, ty: Type<'c>, align: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            let a = LLVMBuildAlloca(self.raw, ty.raw(), n.as_ptr());
            LLVMSetAlignment(a, align);
            self.done(a)
        }
    }

    /// `ret %v`
    pub fn ret(&self, v: Value<'c>) -> Value<'c> {
        unsafe { self.done(LLVMBuildRet(self.raw, v.raw())) }
    }
}

/// `llvm.masked.gather` (`scatter == None`) or `llvm.masked.scatter` of
/// `scatter`'s value, inserted before `before` through LLVM's `IRBuilder`.
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

impl<'c> MaskedAccess<'c> {
    /// Inserts the gather (named `name`) or, with `scatter = Some(v)`, the
    /// scatter of `v`, before `before`.
    pub fn insert(&self, before: Value<'c>, scatter: Option<Value<'c>>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(crate::ffi::SyclInsertMaskedGatherScatter(
                before.raw(),
                i32::from(scatter.is_some()),
                self.ty.raw(),
                scatter.map_or(std::ptr::null_mut(), |v| v.raw()),
                self.ptrs.raw(),
                self.align,
                self.mask.raw(),
                self.pass_thru.map_or(std::ptr::null_mut(), |v| v.raw()),
                n.as_ptr(),
            ))
        }
    }
}
