//! What a [`Type`] is and how types are made: [`TypeKind`], every method of
//! [`Type`] and of [`Types`] (the types and constants of a context), and the
//! module's [`DataLayout`] (sizes, alignments, structure layouts).

use std::marker::PhantomData;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::target::*;
use llvm_sys::LLVMTypeKind;

use crate::cstr::{bytes_to_string, cname};
use crate::handles::{Type, Value};

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

    /// The return type of a function type.
    pub fn return_type(self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMGetReturnType(self.raw())) }
    }

    /// True for a variadic function type.
    pub fn is_var_arg(self) -> bool {
        unsafe { LLVMIsFunctionVarArg(self.raw()) != 0 }
    }

    /// True for a scalar or vector floating-point type.
    pub fn is_fp_or_fp_vector(self) -> bool {
        use TypeKind::*;
        let t = if self.kind() == Vector {
            self.element_type()
        } else {
            self
        };
        matches!(t.kind(), Half | BFloat | Float | Double)
    }

    /// The element type of a vector, the type itself otherwise.
    pub fn scalar_type(self) -> Type<'c> {
        if self.kind() == TypeKind::Vector {
            self.element_type()
        } else {
            self
        }
    }

    /// The width in bits of a scalar type or of a vector's elements (0 for
    /// types without one, like pointers).
    pub fn scalar_bits(self) -> u32 {
        use TypeKind::*;
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
        use TypeKind::*;
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

/// Common types of a context.
pub struct Types<'c> {
    ctx: LLVMContextRef,
    _ctx: PhantomData<&'c ()>,
}

impl<'c> Types<'c> {
    pub(crate) fn new(ctx: LLVMContextRef) -> Self {
        Types { ctx, _ctx: PhantomData }
    }

    /// `void`
    pub fn void(&self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMVoidTypeInContext(self.ctx)) }
    }

    /// `i<bits>`
    pub fn int(&self, bits: u32) -> Type<'c> {
        unsafe { Type::from_raw(LLVMIntTypeInContext(self.ctx, bits)) }
    }

    /// `ptr addrspace(n)`
    pub fn ptr(&self, addr_space: u32) -> Type<'c> {
        unsafe { Type::from_raw(LLVMPointerTypeInContext(self.ctx, addr_space)) }
    }

    /// A function type.
    pub fn function(&self, ret: Type<'c>, params: &[Type<'c>], var_arg: bool) -> Type<'c> {
        let mut p: Vec<LLVMTypeRef> = params.iter().map(|t| t.raw()).collect();
        unsafe {
            Type::from_raw(LLVMFunctionType(
                ret.raw(),
                p.as_mut_ptr(),
                p.len() as u32,
                var_arg as i32,
            ))
        }
    }

    /// A constant integer of type `ty`.
    pub fn const_int(&self, ty: Type<'c>, v: u64) -> Value<'c> {
        unsafe { Value::from_raw(LLVMConstInt(ty.raw(), v, 0)) }
    }

    /// A constant array of `elem` values.
    pub fn const_array(&self, elem: Type<'c>, values: &[Value<'c>]) -> Value<'c> {
        let mut v: Vec<LLVMValueRef> = values.iter().map(|x| x.raw()).collect();
        unsafe { Value::from_raw(LLVMConstArray2(elem.raw(), v.as_mut_ptr(), v.len() as u64)) }
    }

    /// An MDString.
    pub fn md_string(&self, s: &str) -> Value<'c> {
        unsafe {
            Value::from_raw(LLVMMetadataAsValue(
                self.ctx,
                LLVMMDStringInContext2(self.ctx, s.as_ptr() as *const _, s.len()),
            ))
        }
    }

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

    /// `poison` of type `ty`.
    pub fn poison(&self, ty: Type<'c>) -> Value<'c> {
        unsafe { Value::from_raw(LLVMGetPoison(ty.raw())) }
    }

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

/// The data layout of a module: sizes, alignments and structure layouts.
pub struct DataLayout<'m> {
    td: LLVMTargetDataRef,
    _m: std::marker::PhantomData<&'m ()>,
}

impl DataLayout<'_> {
    /// The data layout of module `m`.
    ///
    /// # Safety
    /// `m` must be a valid module that outlives the result.
    pub(crate) unsafe fn of(m: LLVMModuleRef) -> Self {
        DataLayout {
            td: LLVMGetModuleDataLayout(m),
            _m: PhantomData,
        }
    }

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

/// Printable form of a type (`%struct.A`, `[3 x float]`).
pub fn type_to_string(ty: Type<'_>) -> String {
    unsafe {
        let p = LLVMPrintTypeToString(ty.raw());
        let s = bytes_to_string(p, std::ffi::CStr::from_ptr(p).to_bytes().len());
        LLVMDisposeMessage(p);
        s
    }
}
