//! Inspecting types, constants and the data layout, and creating
//! instructions exactly as written (no constant folding, no dropped no-op
//! casts), for passes that reproduce upstream's IR instruction for
//! instruction.

use std::ffi::CString;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::{LLVMOpcode, LLVMTypeKind};

use crate::ffi;
use crate::module::{bytes_to_string, Module};
use crate::value::{Type, Types, Value};

/// What a [`Type`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TypeKind {
    /// `void`
    Void,
    /// `half`
    Half,
    /// `bfloat`
    BFloat,
    /// `float`
    Float,
    /// `double`
    Double,
    /// `iN`, with its width.
    Integer(u32),
    /// `ptr addrspace(N)`, with its address space.
    Pointer(u32),
    /// A named or literal structure.
    Struct,
    /// `[N x T]`
    Array,
    /// `<N x T>` (fixed width).
    Vector,
    /// A function type.
    Function,
    /// Anything else (x86_fp80, scalable vectors, target types, ...).
    Other,
}

impl<'c> Type<'c> {
    /// The kind of the type.
    pub fn kind(self) -> TypeKind {
        use LLVMTypeKind::*;
        unsafe {
            match LLVMGetTypeKind(self.raw()) {
                LLVMVoidTypeKind => TypeKind::Void,
                LLVMHalfTypeKind => TypeKind::Half,
                LLVMBFloatTypeKind => TypeKind::BFloat,
                LLVMFloatTypeKind => TypeKind::Float,
                LLVMDoubleTypeKind => TypeKind::Double,
                LLVMIntegerTypeKind => TypeKind::Integer(LLVMGetIntTypeWidth(self.raw())),
                LLVMPointerTypeKind => TypeKind::Pointer(LLVMGetPointerAddressSpace(self.raw())),
                LLVMStructTypeKind => TypeKind::Struct,
                LLVMArrayTypeKind => TypeKind::Array,
                LLVMVectorTypeKind => TypeKind::Vector,
                LLVMFunctionTypeKind => TypeKind::Function,
                _ => TypeKind::Other,
            }
        }
    }

    /// True for `iN` with `N == bits`.
    pub fn is_int(self, bits: u32) -> bool {
        self.kind() == TypeKind::Integer(bits)
    }

    /// True for structures, arrays and fixed vectors.
    pub fn is_aggregate_or_vector(self) -> bool {
        matches!(self.kind(), TypeKind::Struct | TypeKind::Array | TypeKind::Vector)
    }

    /// The name of a structure type (`StructType::getName`): empty for a
    /// literal structure.
    pub fn struct_name(self) -> String {
        unsafe {
            if LLVMIsLiteralStruct(self.raw()) != 0 {
                return String::new();
            }
            let p = LLVMGetStructName(self.raw());
            if p.is_null() {
                return String::new();
            }
            std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned()
        }
    }

    /// The element types of a structure.
    pub fn struct_elements(self) -> Vec<Type<'c>> {
        unsafe {
            let n = LLVMCountStructElementTypes(self.raw());
            (0..n)
                .map(|i| Type::from_raw(LLVMStructGetTypeAtIndex(self.raw(), i)))
                .collect()
        }
    }

    /// The number of elements of an array or fixed vector (0 otherwise).
    pub fn element_count(self) -> u64 {
        unsafe {
            match self.kind() {
                TypeKind::Array => LLVMGetArrayLength2(self.raw()),
                TypeKind::Vector => u64::from(LLVMGetVectorSize(self.raw())),
                _ => 0,
            }
        }
    }

    /// The element type of an array or vector.
    pub fn element_type(self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMGetElementType(self.raw())) }
    }
}

impl<'c> Types<'c> {
    /// `[n x elem]`
    pub fn array(&self, elem: Type<'c>, n: u64) -> Type<'c> {
        unsafe { Type::from_raw(LLVMArrayType2(elem.raw(), n)) }
    }

    /// The null value of `ty` (`zeroinitializer`, `0`, `0.0`, `null`).
    pub fn null(&self, ty: Type<'c>) -> Value<'c> {
        unsafe { Value::from_raw(LLVMConstNull(ty.raw())) }
    }

    /// `undef` of type `ty`.
    pub fn undef(&self, ty: Type<'c>) -> Value<'c> {
        unsafe { Value::from_raw(LLVMGetUndef(ty.raw())) }
    }
}

/// The data layout of a module: sizes, alignments and structure layouts.
pub struct DataLayout<'m> {
    td: LLVMTargetDataRef,
    _m: std::marker::PhantomData<&'m ()>,
}

impl DataLayout<'_> {
    /// `DataLayout::getTypeStoreSize`.
    pub fn store_size(&self, ty: Type<'_>) -> u64 {
        unsafe { LLVMStoreSizeOfType(self.td, ty.raw()) }
    }

    /// `DataLayout::getTypeAllocSize`.
    pub fn alloc_size(&self, ty: Type<'_>) -> u64 {
        unsafe { LLVMABISizeOfType(self.td, ty.raw()) }
    }

    /// `DataLayout::getABITypeAlign`, in bytes.
    pub fn abi_align(&self, ty: Type<'_>) -> u64 {
        unsafe { u64::from(LLVMABIAlignmentOfType(self.td, ty.raw())) }
    }

    /// Offsets of the elements of structure `ty` (`StructLayout::getMemberOffsets`).
    pub fn member_offsets(&self, ty: Type<'_>) -> Vec<u64> {
        let n = ty.struct_elements().len() as u32;
        unsafe { (0..n).map(|i| LLVMOffsetOfElement(self.td, ty.raw(), i)).collect() }
    }
}

impl<'c> Module<'c> {
    /// The module's data layout.
    pub fn data_layout(&self) -> DataLayout<'_> {
        DataLayout {
            td: unsafe { LLVMGetModuleDataLayout(self.raw()) },
            _m: std::marker::PhantomData,
        }
    }

    /// Creates named metadata `name` if absent, keeping it even with no
    /// operands (`Module::getOrInsertNamedMetadata`).
    pub fn get_or_insert_named_metadata(&self, name: &str) {
        unsafe {
            LLVMGetOrInsertNamedMetadata(self.raw(), name.as_ptr() as *const _, name.len());
        }
    }

    /// The function `name`, declared with type `fn_ty` if absent
    /// (`Module::getOrInsertFunction`; an existing function is returned as
    /// it is, whatever its type).
    pub fn get_or_insert_function(&self, name: &str, fn_ty: Type<'c>) -> Value<'c> {
        match self.function(name) {
            Some(f) => f,
            None => self.add_function(name, fn_ty),
        }
    }
}

impl<'c> Value<'c> {
    /// True for any constant (including globals).
    pub fn is_constant(self) -> bool {
        unsafe { !LLVMIsAConstant(self.raw()).is_null() }
    }

    /// True for a null constant (`null`, `0`, `zeroinitializer`).
    pub fn is_null_constant(self) -> bool {
        self.is_constant() && unsafe { LLVMIsNull(self.raw()) != 0 }
    }

    /// True for `undef` and `poison`.
    pub fn is_undef(self) -> bool {
        unsafe { !LLVMIsAUndefValue(self.raw()).is_null() }
    }

    /// True for `zeroinitializer` of an aggregate or vector.
    pub fn is_zero_aggregate(self) -> bool {
        unsafe { !LLVMIsAConstantAggregateZero(self.raw()).is_null() }
    }

    /// True for packed constant data (`[3 x float] [...]`, `<2 x i32> <...>`, `c"..."`).
    pub fn is_constant_data_sequential(self) -> bool {
        unsafe { !LLVMIsAConstantDataSequential(self.raw()).is_null() }
    }

    /// True for a constant integer.
    pub fn is_const_int(self) -> bool {
        self.const_int_zext().is_some()
    }

    /// True for a constant floating-point value.
    pub fn is_const_fp(self) -> bool {
        unsafe { !LLVMIsAConstantFP(self.raw()).is_null() }
    }

    /// The bit pattern of a constant floating-point value of at most 64 bits.
    pub fn const_fp_bits(self) -> Option<u64> {
        let mut ok = 0;
        let bits = unsafe { ffi::SyclConstFPBits(self.raw(), &mut ok) };
        (ok != 0).then_some(bits)
    }

    /// `Constant::getAggregateElement(i)` of a constant aggregate, vector,
    /// `zeroinitializer` or `undef`.
    pub fn aggregate_element(self, i: u32) -> Option<Value<'c>> {
        unsafe { Value::from_raw_opt(LLVMGetAggregateElement(self.raw(), i)) }
    }

    /// The bytes of a constant data array (`c"abc\00"`), terminator included.
    pub fn const_data_array_bytes(self) -> Option<Vec<u8>> {
        unsafe {
            if LLVMIsAConstantDataArray(self.raw()).is_null() {
                return None;
            }
            let mut len = 0usize;
            let p = LLVMGetAsString(self.raw(), &mut len);
            if p.is_null() {
                return Some(Vec::new());
            }
            Some(std::slice::from_raw_parts(p as *const u8, len).to_vec())
        }
    }

    /// For a function: `Function::hasStructRetAttr` (parameter 0 or 1 is `sret`).
    pub fn has_struct_ret_attr(self) -> bool {
        unsafe { ffi::SyclHasStructRetAttr(self.raw()) != 0 }
    }

    /// For a function: the `sret` type of parameter `i`, if it has one.
    pub fn param_struct_ret_type(self, i: u32) -> Option<Type<'c>> {
        unsafe {
            let t = ffi::SyclParamStructRetType(self.raw(), i);
            (!t.is_null()).then(|| Type::from_raw(t))
        }
    }

    /// Removes the dead constant expressions that use this constant.
    pub fn remove_dead_constant_users(self) {
        unsafe { ffi::SyclRemoveDeadConstantUsers(self.raw()) }
    }

    /// True for a `load` instruction.
    pub fn is_load(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMLoad)
    }

    /// True for a `store` instruction.
    pub fn is_store(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMStore)
    }

    /// True for an `alloca` instruction.
    pub fn is_alloca(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMAlloca)
    }

    /// True for an `addrspacecast` instruction.
    pub fn is_addrspacecast_inst(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMAddrSpaceCast)
    }

    /// True for a `getelementptr` instruction.
    pub fn is_gep_inst(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMGetElementPtr)
    }

    /// The name of the called function of a direct call (empty otherwise).
    pub fn callee_name(self) -> String {
        self.called_function().map(|f| f.name()).unwrap_or_default()
    }
}

/// Creates instructions before a given instruction, without folding.
#[derive(Clone, Copy)]
pub struct Inserter<'c> {
    before: Value<'c>,
}

fn cname(name: &str) -> CString {
    CString::new(name.replace('\0', "")).unwrap_or_default()
}

impl<'c> Inserter<'c> {
    /// Inserts before instruction `before`.
    pub fn before(before: Value<'c>) -> Self {
        Inserter { before }
    }

    /// `getelementptr i8, ptr %ptr, i32 offset`.
    pub fn gep_i8(&self, ptr: Value<'c>, offset: u32, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(ffi::SyclInsertGEPI8(self.before.raw(), ptr.raw(), offset, n.as_ptr())) }
    }

    /// `bitcast %v to ty` (an instruction even when the types are equal).
    pub fn bitcast(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(ffi::SyclInsertBitCast(self.before.raw(), v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// `trunc %v to ty` (an instruction even for a constant operand).
    pub fn trunc(&self, v: Value<'c>, ty: Type<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(ffi::SyclInsertTrunc(self.before.raw(), v.raw(), ty.raw(), n.as_ptr())) }
    }

    /// `load ty, ptr %ptr` with the ABI alignment of `ty`.
    pub fn load(&self, ty: Type<'c>, ptr: Value<'c>, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe { Value::from_raw(ffi::SyclInsertLoad(self.before.raw(), ty.raw(), ptr.raw(), n.as_ptr())) }
    }

    /// `store %v, ptr %ptr` with the ABI alignment of the stored type.
    pub fn store(&self, v: Value<'c>, ptr: Value<'c>) -> Value<'c> {
        unsafe { Value::from_raw(ffi::SyclInsertStore(self.before.raw(), v.raw(), ptr.raw())) }
    }

    /// `alloca ty, <array_size>, align align` in address space `addr_space`.
    pub fn alloca(&self, ty: Type<'c>, addr_space: u32, array_size: Value<'c>, align: u64, name: &str) -> Value<'c> {
        let n = cname(name);
        unsafe {
            Value::from_raw(ffi::SyclInsertAlloca(
                self.before.raw(),
                ty.raw(),
                addr_space,
                array_size.raw(),
                align,
                n.as_ptr(),
            ))
        }
    }

    /// A direct call of `callee` (of function type `fn_ty`) with `args`.
    pub fn call(&self, fn_ty: Type<'c>, callee: Value<'c>, args: &[Value<'c>], name: &str) -> Value<'c> {
        let n = cname(name);
        let mut raw: Vec<LLVMValueRef> = args.iter().map(|a| a.raw()).collect();
        unsafe {
            Value::from_raw(ffi::SyclInsertCall(
                self.before.raw(),
                fn_ty.raw(),
                callee.raw(),
                raw.as_mut_ptr(),
                raw.len(),
                n.as_ptr(),
            ))
        }
    }
}

/// Printable form of a type (`%struct.A`, `[3 x float]`).
pub fn type_to_string(ty: Type<'_>) -> String {
    unsafe {
        let p = LLVMPrintTypeToString(ty.raw());
        let s = bytes_to_string(p, std::ffi::CStr::from_ptr(p).to_bytes().len());
        LLVMDisposeMessage(p);
        s
    }
}
