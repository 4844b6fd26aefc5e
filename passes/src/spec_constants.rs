//! Specialization constants (reference 3.9; upstream `SpecConstantsPass` in
//! `llvm/lib/SYCLLowerIR/SpecConstants.cpp` and its driver
//! `llvm/lib/SYCLPostLink/SpecializationConstants.cpp`).
//!
//! The SYCL front end turns every `get_specialization_constant` into a call
//! of a `__sycl_get*SpecConstantValue` intrinsic naming the constant by a
//! symbolic ID (a string literal) and, for SYCL 2020, pointing at the
//! `specialization_id` object whose initializer is the default value. This
//! pass assigns numeric IDs, in module order of the intrinsic declarations
//! and use-list order of their calls, and lowers the calls:
//!
//! * [`HandlingMode::Native`] — to `__spirv_SpecConstant(i32 id, default)`
//!   per scalar leaf and `__spirv_SpecConstantComposite(...)` per aggregate;
//! * [`HandlingMode::Emulation`] — to loads from the run-time buffer passed
//!   as the last intrinsic argument, at offsets aligned for each constant;
//! * [`HandlingMode::DefaultValues`] — to the default value itself (the
//!   device images of `-generate-device-image-default-spec-consts`).
//!
//! Before (native mode):
//! ```llvm
//! @name = private unnamed_addr constant [3 x i8] c"SC\00"
//! @id = internal addrspace(1) constant { { i32, float } } { { i32, float } { i32 1, float 2.0 } }
//! call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(
//!     ptr addrspace(4) sret(%struct.A) %res, ptr addrspace(4) addrspacecast (ptr @name to ptr addrspace(4)),
//!     ptr addrspace(4) addrspacecast (ptr addrspace(1) @id to ptr addrspace(4)), ptr addrspace(4) null)
//! ```
//! After:
//! ```llvm
//! %1 = call i32 @_Z20__spirv_SpecConstantii(i32 0, i32 1)
//! %2 = call float @_Z20__spirv_SpecConstantif(i32 1, float 2.0)
//! %3 = call %struct.A @_Z29__spirv_SpecConstantCompositeif_Rstruct.A(i32 %1, float %2)
//! store %struct.A %3, ptr addrspace(4) %res, align 4
//! !sycl.specialization-constants = !{!0}
//! !sycl.specialization-constants-default-values = !{!1}
//! !0 = !{!"SC", i32 0, i32 0, i32 4, i32 1, i32 4, i32 4}
//! !1 = !{{ i32, float } { i32 1, float 2.0 }}
//! ```
//! The metadata becomes the `[SYCL/specialization constants]` and
//! `[SYCL/specialization constants default values]` property sets
//! ([`property_sets`]). The pre-2020 intrinsics
//! (`__sycl_getScalarSpecConstantValue`, `__sycl_getCompositeSpecConstantValue`)
//! have no default-value argument: their default is the C++ default (zero),
//! they get no default-value metadata, and emulation replaces them by that
//! zero, as upstream's older pass did. `llvm.sycl.alloca` calls become
//! `alloca`s whose element count is the specialization constant.
//! Symbolic-ID string literals left unused are erased; the
//! `specialization_id` objects are kept (debug info may refer to them).

use std::collections::{HashMap, HashSet};

use indexmap::IndexMap;
use sycl_ir::{Builder, CallConv, MdOperand, Module, Type, TypeKind, Value};
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

use crate::PassError;

/// Named metadata listing every specialization constant of a module:
/// `!{!"symbolic id", i32 id, i32 offset, i32 size, ...}` per constant.
pub const SPEC_CONST_MD: &str = "sycl.specialization-constants";
/// Named metadata listing the default value of every specialization constant.
pub const SPEC_CONST_DEFAULT_VALUES_MD: &str = "sycl.specialization-constants-default-values";
/// Operand-less named metadata marking a default-value device image.
pub const DEFAULT_VALUES_MODULE_MD: &str = "sycl.specialization-constants-default-values-module";

const SCALAR_2020: &str = "_Z37__sycl_getScalar2020SpecConstantValue";
const COMPOSITE_2020: &str = "_Z40__sycl_getComposite2020SpecConstantValue";
const SCALAR_OLD: &str = "_Z33__sycl_getScalarSpecConstantValue";
const COMPOSITE_OLD: &str = "_Z36__sycl_getCompositeSpecConstantValue";
const SYCL_ALLOCA: &str = "llvm.sycl.alloca";
const SPIRV_SPEC_CONSTANT: &str = "__spirv_SpecConstant";
const SPIRV_SPEC_CONSTANT_COMPOSITE: &str = "__spirv_SpecConstantComposite";

/// How the intrinsics are lowered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandlingMode {
    /// `-spec-const=native` (`rt`): SPIR-V specialization-constant intrinsics.
    Native,
    /// `-spec-const=emulation` (`default`): loads from the run-time buffer.
    Emulation,
    /// Replacement by the default values (default-value device images).
    DefaultValues,
}

/// Which intrinsic a declaration is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Intrinsic {
    Scalar2020,
    Composite2020,
    ScalarOld,
    CompositeOld,
    SyclAlloca,
}

impl Intrinsic {
    fn classify(name: &str) -> Option<Self> {
        if name.starts_with(SCALAR_2020) {
            Some(Intrinsic::Scalar2020)
        } else if name.starts_with(COMPOSITE_2020) {
            Some(Intrinsic::Composite2020)
        } else if name.starts_with(SCALAR_OLD) {
            Some(Intrinsic::ScalarOld)
        } else if name.starts_with(COMPOSITE_OLD) {
            Some(Intrinsic::CompositeOld)
        } else if name.starts_with(SYCL_ALLOCA) {
            Some(Intrinsic::SyclAlloca)
        } else {
            None
        }
    }

    /// SYCL 2020 forms carry a `specialization_id` pointer and a run-time buffer.
    fn has_default_arg(self) -> bool {
        !matches!(self, Intrinsic::ScalarOld | Intrinsic::CompositeOld)
    }
}

/// One numeric ID; `undef` IDs stand for padding and are not reported.
#[derive(Debug, Clone, Copy)]
struct Id {
    id: u32,
    undef: bool,
}

/// True if `m` calls or declares an intrinsic that a default-value image
/// would replace (upstream's `checkModuleContainsSpecConsts`: the SYCL 2020
/// intrinsics and `llvm.sycl.alloca`).
pub fn module_contains_spec_consts(m: &Module<'_>) -> bool {
    m.functions().into_iter().any(|f| {
        let n = f.name();
        n.starts_with(SCALAR_2020) || n.starts_with(COMPOSITE_2020) || n.starts_with(SYCL_ALLOCA)
    })
}

/// `Triple::isSPIR` (also for intel/llvm's `spir64_<subarch>` spellings).
fn is_spir_triple(triple: &str) -> bool {
    let arch = triple.split('-').next().unwrap_or("");
    arch == "spir" || arch == "spir64" || arch.starts_with("spir_") || arch.starts_with("spir64_")
}

/// Upstream's `Triple::isSPIROrSPIRV`: SPIR (`spir`, `spir64` and Intel's
/// `spir64_*` sub-architectures) or SPIR-V (`spirv`, `spirv32`, `spirv64`,
/// with or without a version).
fn is_spir_or_spirv_triple(triple: &str) -> bool {
    is_spir_triple(triple) || triple.split('-').next().unwrap_or("").starts_with("spirv")
}

fn err(s: impl Into<String>) -> PassError {
    PassError::Message(s.into())
}

/// Lowers the specialization-constant intrinsics of `m`. Returns true if
/// any call was rewritten (upstream's "spec constants met").
pub fn lower_spec_constants(m: &Module<'_>, mode: HandlingMode) -> Result<bool, PassError> {
    Lowering::new(m, mode).run()
}

struct Lowering<'m, 'c> {
    m: &'m Module<'c>,
    mode: HandlingMode,
    /// The module targets SPIR or SPIR-V: SPIR-V builtins are `spir_func`.
    spir_target: bool,
    next_id: u32,
    next_offset: u64,
    ids: HashMap<String, Vec<Id>>,
    offsets: HashMap<String, u64>,
    /// Symbolic ID → descriptor words (id, offset, size)*, in first-use order.
    metadata: IndexMap<String, Vec<u32>>,
    defaults: Vec<Value<'c>>,
    literals: Vec<Value<'c>>,
}

impl<'m, 'c> Lowering<'m, 'c> {
    fn new(m: &'m Module<'c>, mode: HandlingMode) -> Self {
        Lowering {
            m,
            mode,
            spir_target: is_spir_or_spirv_triple(&m.triple()),
            next_id: 0,
            next_offset: 0,
            ids: HashMap::new(),
            offsets: HashMap::new(),
            metadata: IndexMap::new(),
            defaults: Vec::new(),
            literals: Vec::new(),
        }
    }

    fn run(mut self) -> Result<bool, PassError> {
        let spir_emulated = is_spir_triple(&self.m.triple()) && self.mode == HandlingMode::Emulation;
        let mut modified = false;
        for f in self.m.functions() {
            if !f.is_declaration() {
                continue;
            }
            let Some(kind) = Intrinsic::classify(&f.name()) else {
                continue;
            };
            // AOT SPIR targets cannot emulate llvm.sycl.alloca: left as is.
            if spir_emulated && kind == Intrinsic::SyclAlloca {
                continue;
            }
            let mut calls: Vec<Value<'c>> = Vec::new();
            for u in f.users() {
                if u.is_call() && !calls.contains(&u) {
                    calls.push(u);
                }
            }
            modified |= !calls.is_empty();
            for call in calls {
                if call.called_value() != Some(f) {
                    return Err(err(format!(
                        "{}: unexpected use of a specialization constant intrinsic",
                        f.name()
                    )));
                }
                self.lower_call(f, kind, call)?;
            }
        }
        self.finish();
        Ok(modified)
    }

    fn lower_call(&mut self, callee: Value<'c>, kind: Intrinsic, call: Value<'c>) -> Result<(), PassError> {
        let t = self.m.types();
        let ins = &Builder::before(self.m, call);
        let mut erase: Vec<Value<'c>> = vec![call];
        let has_sret = callee.has_struct_ret_attr();
        if has_sret && kind == Intrinsic::SyclAlloca {
            return Err(err("'llvm.sycl.alloca' returns a pointer, not through 'sret'"));
        }
        let name_arg = u32::from(has_sret);
        let sym_id = self.string_literal_arg(call, name_arg, &mut erase)?;
        let given_default = if kind.has_default_arg() {
            initializer_from_call(call, name_arg + 1)?
        } else {
            None
        };
        let sc_ty: Type<'c> = if has_sret {
            callee
                .param_struct_ret_type(0)
                .ok_or_else(|| err(format!("{}: the 'sret' parameter must come first", callee.name())))?
        } else if kind == Intrinsic::SyclAlloca {
            // The in-memory type of the default (i8 for bool).
            given_default
                .ok_or_else(|| err("'llvm.sycl.alloca' needs a specialization_id with a default value"))?
                .ty()
        } else {
            call.ty()
        };
        // Pre-2020 intrinsics (and a null specialization_id) default to the
        // C++ default value: zero.
        let default = given_default.unwrap_or_else(|| t.null(sc_ty));
        let record_default = kind.has_default_arg();

        let mut is_new = false;
        let mut padding = 0u64;
        let replacement = match self.mode {
            HandlingMode::Native => {
                let existing = self.ids.remove(&sym_id);
                is_new = existing.is_none();
                let mut ids = existing.unwrap_or_else(|| {
                    vec![Id {
                        id: self.next_id,
                        undef: false,
                    }]
                });
                let r = self.emit_recursive(sc_ty, ins, &mut ids, default)?;
                if is_new {
                    self.next_id += ids.len() as u32;
                    let mut words = Vec::new();
                    let mut it = 0usize;
                    let mut offset = 0u64;
                    self.describe(sc_ty, &ids, &mut it, &mut offset, &mut words);
                    self.metadata.insert(sym_id.clone(), words);
                }
                self.ids.insert(sym_id.clone(), ids);
                r
            }
            HandlingMode::Emulation if kind.has_default_arg() => {
                let buffer_arg = if has_sret { 3 } else { 2 };
                let buffer = call
                    .operand(buffer_arg)
                    .ok_or_else(|| err(format!("{}: missing run-time buffer argument", callee.name())))?;
                let offset = match self.offsets.get(&sym_id) {
                    Some(&o) => o,
                    None => {
                        is_new = true;
                        let (offset, pad) = self.assign_offset(&sym_id, sc_ty, default)?;
                        padding = pad;
                        offset
                    }
                };
                load_from_buffer(self.m, ins, buffer, offset, sc_ty)?
            }
            HandlingMode::Emulation => t.null(sc_ty),
            HandlingMode::DefaultValues => {
                if sc_ty.is_int(1) && kind.has_default_arg() {
                    if !default.ty().is_int(8) {
                        return Err(err(format!(
                            "{sym_id}: the default value of a bool specialization constant must be i8"
                        )));
                    }
                    ins.new_trunc(default, t.int(1), "bool")
                } else {
                    default
                }
            }
        };

        if is_new {
            if padding != 0 {
                let pad = t.null(t.array(t.int(8), padding));
                self.defaults.push(pad);
            }
            if record_default {
                self.defaults.push(default);
            }
        }

        let replacement = if kind == Intrinsic::SyclAlloca {
            // Emulation keeps the default as the size (the run time refuses such
            // kernels); the other modes size the allocation by the constant.
            let size = if self.mode == HandlingMode::Emulation {
                default
            } else {
                replacement
            };
            sycl_alloca(call, ins, size, &sym_id)?
        } else {
            replacement
        };

        if has_sret {
            let dst = call.operand(0).ok_or_else(|| err("missing 'sret' argument"))?;
            ins.new_store(replacement, dst);
        } else {
            call.replace_all_uses_with(replacement);
        }
        let mut erased: HashSet<Value<'c>> = HashSet::new();
        for i in erase {
            if erased.insert(i) {
                // SAFETY: the call's uses were replaced above (with `sret`
                // it returns `void`, the verifier's rule) and a store has
                // none; `erased` lets each go once, `erase` is consumed
                // here, and the caller's loop does not look at the call
                // again.
                unsafe { i.erase_instruction() };
            }
        }
        Ok(())
    }

    /// Emulation: gives `sym_id` (of type `sc_ty`, default `default`) the
    /// next offset in the run-time buffer, aligned for its type, and its
    /// descriptor; returns the offset and the padding put before it.
    fn assign_offset(&mut self, sym_id: &str, sc_ty: Type<'c>, default: Value<'c>) -> Result<(u64, u64), PassError> {
        let dl = self.m.data_layout();
        let size = dl.store_size(sc_ty);
        let align = dl.abi_align(sc_ty).max(1);
        let mut current = self.next_offset;
        let mut padding = 0u64;
        if !current.is_multiple_of(align) {
            padding = align - current % align;
            self.next_offset += padding;
            current += padding;
            self.pad_last_entry(padding)?;
        }
        self.offsets.insert(sym_id.to_string(), current);
        let words = vec![self.next_id, 0, dl.store_size(default.ty()) as u32];
        self.metadata.insert(sym_id.to_string(), words);
        self.next_id += 1;
        self.next_offset += size;
        Ok((current, padding))
    }

    /// Upstream's `getStringLiteralArg`: the symbolic ID passed directly, or
    /// (at -O0) stored into an alloca and loaded back; the store is erased
    /// with the call.
    fn string_literal_arg(
        &mut self,
        call: Value<'c>,
        arg: u32,
        erase: &mut Vec<Value<'c>>,
    ) -> Result<String, PassError> {
        let mut v = call
            .operand(arg)
            .ok_or_else(|| err("missing symbolic ID argument"))?
            .strip_pointer_casts();
        if v.is_load() {
            let tmp = v.operand(0).ok_or_else(|| err("unexpected instruction type"))?;
            if !value_is_alloca(tmp) {
                return Err(err("unexpected instruction type"));
            }
            let mut store = None;
            for u in tmp.users() {
                if u.is_store() {
                    if store.is_some() && store != Some(u) {
                        return Err(err("single store expected"));
                    }
                    store = Some(u);
                }
            }
            let store = store.ok_or_else(|| err("unexpected spec const IR pattern 0"))?;
            erase.push(store);
            v = store
                .operand(0)
                .ok_or_else(|| err("store not met"))?
                .strip_pointer_casts();
        }
        if !v.is_global_variable() {
            return Err(err(
                "the symbolic ID of a specialization constant must be a string literal",
            ));
        }
        let bytes = v
            .initializer()
            .and_then(|i| i.const_data_array_bytes())
            .ok_or_else(|| {
                err(format!(
                    "{}: the symbolic ID of a specialization constant must be a string literal",
                    v.name()
                ))
            })?;
        if !self.literals.contains(&v) {
            self.literals.push(v);
        }
        let mut s: &[u8] = &bytes;
        if let Some((&0, rest)) = s.split_last() {
            s = rest;
        }
        Ok(String::from_utf8_lossy(s).into_owned())
    }

    /// `emitSpecConstantRecursive`: scalars become `__spirv_SpecConstant`
    /// calls, aggregates `__spirv_SpecConstantComposite` calls; elements
    /// without a defined default (padding) are passed as `undef` and use an
    /// ID that is never reported.
    fn emit_recursive(
        &self,
        ty: Type<'c>,
        ins: &Builder<'c>,
        ids: &mut Vec<Id>,
        default: Value<'c>,
    ) -> Result<Value<'c>, PassError> {
        let mut defined = Vec::new();
        collect_defined(self.m, default, 0, &mut defined)?;
        let mut index = 0usize;
        self.emit_impl(ty, ins, ids, &mut index, 0, &defined)
    }

    fn emit_impl(
        &self,
        ty: Type<'c>,
        ins: &Builder<'c>,
        ids: &mut Vec<Id>,
        index: &mut usize,
        offset: u64,
        defined: &[(u64, Value<'c>)],
    ) -> Result<Value<'c>, PassError> {
        let t = self.m.types();
        let find = |off: u64| defined.iter().find(|(o, _)| *o == off).map(|(_, v)| *v);
        if !ty.is_aggregate_or_vector() {
            let default = find(offset).ok_or_else(|| err("a specialization constant's default value is undefined"))?;
            if *index >= ids.len() {
                let last = ids.last().map(|i| i.id).unwrap_or(self.next_id);
                ids.push(Id {
                    id: last + 1,
                    undef: false,
                });
            }
            let id = ids[*index].id;
            *index += 1;
            let args = [t.const_int(t.int(32), u64::from(id)), default];
            return self.emit_call(ins, ty, SPIRV_SPEC_CONSTANT, &args);
        }
        let dl = self.m.data_layout();
        let members: Vec<(Type<'c>, u64)> = match ty.kind() {
            TypeKind::Struct => ty.struct_elements().into_iter().zip(dl.member_offsets(ty)).collect(),
            _ => {
                let el = ty.element_type();
                let size = dl.alloc_size(el);
                (0..ty.element_count()).map(|i| (el, i * size)).collect()
            }
        };
        let mut elements = Vec::with_capacity(members.len());
        for (el_ty, local) in members {
            let el_off = offset + local;
            if find(el_off).is_some() {
                elements.push(self.emit_impl(el_ty, ins, ids, index, el_off, defined)?);
            } else {
                if *index >= ids.len() {
                    let last = ids.last().map(|i| i.id).unwrap_or(self.next_id);
                    ids.push(Id {
                        id: last + 1,
                        undef: true,
                    });
                }
                elements.push(t.undef(el_ty));
                *index += 1;
            }
        }
        self.emit_call(ins, ty, SPIRV_SPEC_CONSTANT_COMPOSITE, &elements)
    }

    /// `emitCall`: declares the mangled SPIR-V intrinsic and calls it. A
    /// bool constant with an i8 default is read as i8 and truncated. On
    /// SPIR and SPIR-V targets the declaration and the call use the
    /// `spir_func` convention, as every SPIR-V builtin does (intel/llvm
    /// #15718); elsewhere (NVPTX, AMDGCN) the C convention.
    fn emit_call(
        &self,
        ins: &Builder<'c>,
        ret: Type<'c>,
        base: &str,
        args: &[Value<'c>],
    ) -> Result<Value<'c>, PassError> {
        let t = self.m.types();
        let arg_tys: Vec<Type<'c>> = args.iter().map(|a| a.ty()).collect();
        let name = mangle_function(base, ret, &arg_tys)?;
        let bool_from_i8 = ret.is_int(1) && arg_tys.len() == 2 && arg_tys[1].is_int(8);
        let fty = t.function(if bool_from_i8 { t.int(8) } else { ret }, &arg_tys, false);
        let callee = self.m.get_or_insert_function(&name, fty);
        let call = ins.new_call(fty, callee, args, "");
        if self.spir_target {
            if callee.is_function() {
                callee.set_call_conv(CallConv::SpirFunc);
            }
            call.set_call_conv(CallConv::SpirFunc);
        }
        if bool_from_i8 {
            return Ok(ins.new_trunc(call, ret, "tobool"));
        }
        Ok(call)
    }

    /// `collectCompositeElementsInfoRecursive`: one (id, offset, size) per
    /// scalar leaf, undef IDs skipped, and a padding descriptor (id
    /// `u32::MAX`) where a structure ends after its last reported element.
    fn describe(&self, ty: Type<'c>, ids: &[Id], it: &mut usize, offset: &mut u64, out: &mut Vec<u32>) {
        let dl = self.m.data_layout();
        if ids.get(*it).is_some_and(|i| i.undef) {
            *it += 1;
            return;
        }
        match ty.kind() {
            TypeKind::Array | TypeKind::Vector => {
                for _ in 0..ty.element_count() {
                    self.describe(ty.element_type(), ids, it, offset, out);
                }
            }
            TypeKind::Struct => {
                let base = *offset;
                let mut local = *offset;
                for (el, member) in ty.struct_elements().into_iter().zip(dl.member_offsets(ty)) {
                    local = *offset + member;
                    self.describe(el, ids, it, &mut local, out);
                }
                let size = dl.store_size(ty);
                let tail = (base + size).saturating_sub(local);
                if tail > 0 {
                    out.extend([u32::MAX, local as u32, tail as u32]);
                }
                *offset += size;
            }
            _ => {
                let id = ids.get(*it).map(|i| i.id).unwrap_or(u32::MAX);
                let size = dl.store_size(ty);
                out.extend([id, *offset as u32, size as u32]);
                *it += 1;
                *offset += size;
            }
        }
    }

    /// `updatePaddingInLastMDNode`: an emulated constant that needs
    /// alignment padding announces it on the previous constant's entry.
    fn pad_last_entry(&mut self, padding: u64) -> Result<(), PassError> {
        let Some((_, words)) = self.metadata.last_mut() else {
            return Err(err("cannot add padding before the first specialization constant"));
        };
        let prev_size = words.get(2).copied().unwrap_or(0);
        words.extend([u32::MAX, prev_size, padding as u32]);
        Ok(())
    }

    /// Emits the metadata and erases the symbolic-ID literals nothing uses
    /// any more.
    fn finish(self) {
        let t = self.m.types();
        let i32t = t.int(32);
        self.m.get_or_insert_named_metadata(SPEC_CONST_MD);
        for (name, words) in &self.metadata {
            let mut ops = vec![MdOperand::String(t.md_string(name))];
            ops.extend(words.iter().map(|&w| MdOperand::Value(t.const_int(i32t, u64::from(w)))));
            self.m.add_named_metadata(SPEC_CONST_MD, self.m.md_node(&ops));
        }
        self.m.get_or_insert_named_metadata(SPEC_CONST_DEFAULT_VALUES_MD);
        for d in &self.defaults {
            self.m
                .add_named_metadata(SPEC_CONST_DEFAULT_VALUES_MD, self.m.md_node(&[MdOperand::Value(*d)]));
        }
        for g in self.literals {
            // SAFETY: what goes are dead constants that use `g`; none is
            // held (`self`, `defaults` included, is consumed here, and the
            // metadata above is not a handle).
            unsafe { g.remove_dead_constant_users() };
            if g.has_no_uses() && g.has_local_linkage() {
                // SAFETY: a global without uses; `literals` holds each once
                // and is consumed by this loop.
                unsafe { g.erase_global() };
            }
        }
    }
}

/// The `alloca` that replaces an `llvm.sycl.alloca` call (of the constant
/// `sym_id`), `size` elements of the call's element type.
fn sycl_alloca<'c>(call: Value<'c>, ins: &Builder<'c>, size: Value<'c>, sym_id: &str) -> Result<Value<'c>, PassError> {
    if !matches!(size.ty().kind(), TypeKind::Integer(_)) {
        return Err(err(format!(
            "{sym_id}: 'llvm.sycl.alloca' needs an integer specialization constant"
        )));
    }
    let elem = call
        .operand(3)
        .ok_or_else(|| err("'llvm.sycl.alloca': missing element type argument"))?
        .ty();
    let align = call
        .operand(4)
        .and_then(|a| a.const_int_zext())
        .ok_or_else(|| err("'llvm.sycl.alloca': the alignment must be a constant integer"))?;
    let TypeKind::Pointer(addr_space) = call.ty().kind() else {
        return Err(err("'llvm.sycl.alloca' must return a pointer"));
    };
    Ok(ins.new_alloca(elem, addr_space, size, align.max(1), "alloca"))
}

/// `ValueIsAlloca` of upstream's -O0 pattern: an alloca, possibly behind an
/// addrspacecast and a constant-index GEP.
fn value_is_alloca(v: Value<'_>) -> bool {
    let mut v = v;
    if v.is_addrspacecast_inst() {
        match v.operand(0) {
            Some(p) => v = p.strip_pointer_casts(),
            None => return false,
        }
    }
    if v.is_gep_inst() && v.operands().len() == 2 {
        if let (Some(base), Some(idx)) = (v.operand(0), v.operand(1)) {
            if idx.is_constant() {
                v = base;
            }
        }
    }
    v.is_alloca()
}

/// `getSpecConstInitializerFromCI`: the default value, i.e. the only field of
/// the `specialization_id` object the argument points to; `None` for a null
/// pointer (older front ends).
fn initializer_from_call<'c>(call: Value<'c>, arg: u32) -> Result<Option<Value<'c>>, PassError> {
    let v = call
        .operand(arg)
        .ok_or_else(|| err("missing specialization_id argument"))?
        .strip_pointer_casts();
    if v.is_null_constant() && !v.is_global_value() {
        return Ok(None);
    }
    if !v.is_global_variable() {
        return Err(err("the specialization_id argument must be a global variable"));
    }
    let init = v
        .initializer()
        .ok_or_else(|| err(format!("{}: a specialization_id must have an initializer", v.name())))?;
    if !init.ty().is_aggregate_or_vector() {
        return Err(err(format!("{}: expected a specialization_id instance", v.name())));
    }
    init.aggregate_element(0)
        .map(Some)
        .ok_or_else(|| err(format!("{}: expected a specialization_id instance", v.name())))
}

/// `collectDefinedElements`: the scalar leaves of a default value with their
/// byte offsets, `undef` parts left out.
fn collect_defined<'c>(
    m: &Module<'c>,
    c: Value<'c>,
    offset: u64,
    out: &mut Vec<(u64, Value<'c>)>,
) -> Result<(), PassError> {
    if c.is_undef() {
        return Ok(());
    }
    let ty = c.ty();
    let dl = m.data_layout();
    let element = |i: u64| -> Result<Value<'c>, PassError> {
        c.aggregate_element(i as u32)
            .ok_or_else(|| err("unsupported constant in a specialization constant default value"))
    };
    match ty.kind() {
        TypeKind::Struct => {
            for (i, member) in dl.member_offsets(ty).into_iter().enumerate() {
                collect_defined(m, element(i as u64)?, offset + member, out)?;
            }
        }
        TypeKind::Array | TypeKind::Vector => {
            let size = dl.alloc_size(ty.element_type());
            for i in 0..ty.element_count() {
                collect_defined(m, element(i)?, offset + i * size, out)?;
            }
        }
        _ => out.push((offset, c)),
    }
    Ok(())
}

/// `createLoadFromBuffer`: `gep i8` at `offset`, a (no-op) bitcast and a
/// load; a bool is loaded as i8 and truncated.
fn load_from_buffer<'c>(
    m: &Module<'c>,
    ins: &Builder<'c>,
    buffer: Value<'c>,
    offset: u64,
    ty: Type<'c>,
) -> Result<Value<'c>, PassError> {
    let TypeKind::Pointer(addr_space) = buffer.ty().kind() else {
        return Err(err("the specialization constant buffer argument must be a pointer"));
    };
    let offset = u32::try_from(offset).map_err(|_| err("specialization constant buffer too large"))?;
    let t = m.types();
    let gep = ins.new_gep_i8(buffer, offset, "gep");
    if ty.is_int(1) {
        let load = ins.new_load(t.int(8), gep, "load");
        return Ok(ins.new_trunc(load, ty, "tobool"));
    }
    let bc = ins.new_bitcast(gep, t.ptr(addr_space), "bc");
    Ok(ins.new_load(ty, bc, "load"))
}

/// Itanium-like mangling of a specialization-constant type (upstream's
/// `mangleType`).
fn mangle_type(t: Type<'_>) -> Result<String, PassError> {
    Ok(match t.kind() {
        TypeKind::Float => "f".into(),
        TypeKind::Double => "d".into(),
        TypeKind::Half => "Dh".into(),
        TypeKind::Integer(1) => "b".into(),
        TypeKind::Integer(8) => "a".into(),
        TypeKind::Integer(16) => "s".into(),
        TypeKind::Integer(32) => "i".into(),
        TypeKind::Integer(64) => "x".into(),
        TypeKind::Struct => t.struct_name(),
        TypeKind::Array => format!("A{}_{}", t.element_count(), mangle_type(t.element_type())?),
        TypeKind::Vector => format!("Dv{}_{}", t.element_count(), mangle_type(t.element_type())?),
        _ => {
            return Err(err(format!(
                "unsupported specialization constant type {}",
                sycl_ir::type_to_string(t)
            )))
        }
    })
}

/// `mangleFuncItanium`: `_Z<len><name><params>`, plus `_R<ret>` for an
/// aggregate or vector result.
fn mangle_function(base: &str, ret: Type<'_>, params: &[Type<'_>]) -> Result<String, PassError> {
    let mut s = format!("_Z{}{}", base.len(), base);
    for p in params {
        s += &mangle_type(*p)?;
    }
    if ret.is_aggregate_or_vector() {
        s += "_R";
        s += &mangle_type(ret)?;
    }
    Ok(s)
}

/// The `[SYCL/specialization constants]` entries of `m` (from its
/// metadata, in metadata order; a repeated name keeps its first position
/// and its last descriptors).
pub fn spec_constant_map(m: &Module<'_>) -> Result<IndexMap<String, Vec<u32>>, PassError> {
    let mut map = IndexMap::new();
    for node in m.named_metadata(SPEC_CONST_MD) {
        let ops = node.md_operands();
        let Some(name) = ops.first().and_then(|o| o.as_string()) else {
            return Err(err(format!(
                "!{SPEC_CONST_MD}: the first operand must be the symbolic ID"
            )));
        };
        if !(ops.len() - 1).is_multiple_of(3) {
            return Err(err(format!(
                "!{SPEC_CONST_MD}: unexpected amount of operands for '{name}'"
            )));
        }
        let words = ops[1..]
            .iter()
            .map(|o| o.as_u64().map(|v| v as u32))
            .collect::<Option<Vec<u32>>>()
            .ok_or_else(|| err(format!("!{SPEC_CONST_MD}: non-integer descriptor for '{name}'")))?;
        map.insert(name, words);
    }
    Ok(map)
}

/// The bytes of every default value of `m`, laid out like the emulation
/// buffer (upstream's `collectSpecConstantDefaultValuesMetadata`).
pub fn default_values_blob(m: &Module<'_>) -> Result<Vec<u8>, PassError> {
    let mut bytes = Vec::new();
    let mut offset = 0u64;
    for node in m.named_metadata(SPEC_CONST_DEFAULT_VALUES_MD) {
        let Some(c) = node.md_operands().first().and_then(|o| o.as_value()) else {
            return Err(err(format!("!{SPEC_CONST_DEFAULT_VALUES_MD}: expected a constant")));
        };
        default_bytes(m, c, &mut offset, &mut bytes)?;
    }
    Ok(bytes)
}

/// `collectCompositeElementsDefaultValuesRecursive`.
fn default_bytes(m: &Module<'_>, c: Value<'_>, offset: &mut u64, out: &mut Vec<u8>) -> Result<(), PassError> {
    let dl = m.data_layout();
    let ty = c.ty();
    if c.is_zero_aggregate() || c.is_undef() {
        let n = dl.store_size(ty);
        out.resize(out.len() + n as usize, 0);
        *offset += n;
        return Ok(());
    }
    let element = |i: u64| {
        c.aggregate_element(i as u32)
            .ok_or_else(|| err("unsupported constant in a default value"))
    };
    match ty.kind() {
        TypeKind::Array | TypeKind::Vector => {
            for i in 0..ty.element_count() {
                default_bytes(m, element(i)?, offset, out)?;
            }
            Ok(())
        }
        TypeKind::Struct => {
            let base = out.len() as u64;
            for (i, member) in dl.member_offsets(ty).into_iter().enumerate() {
                let mut local = *offset + member;
                if (out.len() as u64) < local {
                    out.resize(local as usize, 0);
                }
                default_bytes(m, element(i as u64)?, &mut local, out)?;
            }
            let size = dl.store_size(ty);
            if (out.len() as u64) < base + size {
                out.resize((base + size) as usize, 0);
            }
            *offset += size;
            Ok(())
        }
        _ => {
            // Scalars of up to 128 bits (`i128`, `fp128`) are accepted, as
            // upstream accepts them in emulation mode; their whole value is
            // written (upstream copies through a 64-bit temporary, whose
            // upper bytes are not the value's).
            let n = dl.store_size(ty) as usize;
            let Some(bytes) = c.const_scalar_le_bytes(n) else {
                return Err(err(
                    "unexpected constant scalar type in a specialization constant default value",
                ));
            };
            out.extend_from_slice(&bytes);
            *offset += n as u64;
            Ok(())
        }
    }
}

/// Adds `[SYCL/specialization constants]` and `[SYCL/specialization
/// constants default values]` (key `all`) for the metadata of `m`, right
/// after `[SYCL/device requirements]` (reference 5.4). Nothing is added when
/// the module lists no specialization constant.
pub fn property_sets(m: &Module<'_>, reg: PropertySetRegistry) -> Result<PropertySetRegistry, PassError> {
    let map = spec_constant_map(m)?;
    if map.is_empty() || reg.get(names::SPEC_CONST_MAP).is_some() {
        return Ok(reg);
    }
    let blob = default_values_blob(m)?;
    let mut out = PropertySetRegistry::new();
    let mut added = false;
    let add_sets = |out: &mut PropertySetRegistry| {
        for (name, words) in &map {
            out.add(names::SPEC_CONST_MAP, name.clone(), PropertyValue::u32_array(words));
        }
        out.add(
            names::SPEC_CONST_DEFAULT_VALUES,
            names::SPEC_CONST_DEFAULT_VALUES_KEY,
            PropertyValue::bytes(&blob),
        );
    };
    for (set, props) in reg.iter() {
        let s = out.set_mut(set);
        for (k, v) in props.iter() {
            s.insert(k, v.clone());
        }
        if set == names::DEVICE_REQUIREMENTS && !added {
            add_sets(&mut out);
            added = true;
        }
    }
    if !added {
        add_sets(&mut out);
    }
    Ok(out)
}

/// A default-value device image of `m` (upstream's
/// `cloneModuleWithSpecConstsReplacedByDefaultValues`): a copy whose
/// specialization constants are replaced by their defaults, with dead
/// prototypes stripped, and its entry points: every `spir_kernel` function.
/// `None` if `m` has nothing to replace.
pub fn default_value_image<'c>(m: &Module<'c>) -> Result<Option<(Module<'c>, Vec<String>)>, PassError> {
    if !module_contains_spec_consts(m) {
        return Ok(None);
    }
    let copy = m.clone_module();
    lower_spec_constants(&copy, HandlingMode::DefaultValues)?;
    copy.run_passes("strip-dead-prototypes")?;
    let entries = copy
        .functions()
        .into_iter()
        .filter(|f| f.call_conv() == CallConv::SpirKernel)
        .map(|f| f.name())
        .collect();
    Ok(Some((copy, entries)))
}

/// Marks `m` as a default-value image (`!sycl.specialization-constants-default-values-module`).
pub fn mark_default_value_image(m: &Module<'_>) {
    m.get_or_insert_named_metadata(DEFAULT_VALUES_MODULE_MD);
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_ir::Context;

    const HEADER: &str = "target datalayout = \"e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64\"\ntarget triple = \"spir64-unknown-unknown\"\n";

    fn lower(ir: &str, mode: HandlingMode) -> (String, PropertySetRegistry) {
        let ctx = Context::new();
        let m = ctx.parse_ir(format!("{HEADER}{ir}").as_bytes(), "t.ll").expect("parse");
        lower_spec_constants(&m, mode).expect("lower");
        m.verify().expect("verify");
        let reg = property_sets(&m, PropertySetRegistry::new()).expect("props");
        (m.to_text(), reg)
    }

    const PADDED: &str = r#"
%struct.A = type <{ i32, i8, [3 x i8] }>
@n = private unnamed_addr constant [2 x i8] c"A\00"
@d = internal addrspace(1) constant { { i32, i8 } } { { i32, i8 } { i32 20, i8 99 } }
@n2 = private unnamed_addr constant [2 x i8] c"B\00"
@d2 = internal addrspace(1) constant { i8 } { i8 1 }
declare spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr addrspace(4) sret(%struct.A), ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
define spir_kernel void @k(ptr addrspace(1) %buf) {
  %a = alloca %struct.A
  %a4 = addrspacecast ptr %a to ptr addrspace(4)
  %b4 = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  call spir_func void @_Z40__sycl_getComposite2020SpecConstantValueI1AET_PKcPKvS5_(ptr addrspace(4) sret(%struct.A) %a4, ptr addrspace(4) addrspacecast (ptr @n to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @d to ptr addrspace(4)), ptr addrspace(4) %b4)
  %c = call spir_func zeroext i1 @_Z37__sycl_getScalar2020SpecConstantValueIbET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @n2 to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @d2 to ptr addrspace(4)), ptr addrspace(4) %b4)
  ret void
}
"#;

    #[test]
    fn native_descriptors_report_tail_padding() {
        let (text, reg) = lower(PADDED, HandlingMode::Native);
        assert!(
            text.contains("call spir_func %struct.A @_Z29__spirv_SpecConstantCompositeiaA3_a_Rstruct.A(i32 %"),
            "{text}"
        );
        let words = |k: &str| reg.value(names::SPEC_CONST_MAP, k).and_then(|v| v.as_u32_array());
        assert_eq!(words("A"), Some(vec![0, 0, 4, 1, 4, 1, u32::MAX, 5, 3]));
        // The undef [3 x i8] consumed ID 2: the bool gets 3.
        assert_eq!(words("B"), Some(vec![3, 0, 1]));
        let all = reg
            .value(names::SPEC_CONST_DEFAULT_VALUES, "all")
            .and_then(|v| v.as_byte_payload());
        assert_eq!(all, Some(&[20, 0, 0, 0, 99, 0, 0, 0, 1][..]));
        assert!(!text.contains("@n ="), "unused symbolic IDs are erased: {text}");
        assert!(text.contains("@d ="), "specialization_id objects are kept: {text}");
    }

    #[test]
    fn emulation_writes_whole_128_bit_default_values() {
        let ir = r#"
@na = private unnamed_addr constant [2 x i8] c"A\00"
@nf = private unnamed_addr constant [2 x i8] c"F\00"
@ida = internal addrspace(1) constant { i128 } { i128 -2 }
@idf = internal addrspace(1) constant { fp128 } { fp128 0xL00000000000000013FFF000000000000 }
define spir_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %buf) {
  %b4 = addrspacecast ptr addrspace(1) %buf to ptr addrspace(4)
  %a = call spir_func i128 @_Z37__sycl_getScalar2020SpecConstantValueInET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @na to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @ida to ptr addrspace(4)), ptr addrspace(4) %b4)
  store i128 %a, ptr addrspace(1) %out
  %f = call spir_func fp128 @_Z37__sycl_getScalar2020SpecConstantValueIgET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @nf to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @idf to ptr addrspace(4)), ptr addrspace(4) %b4)
  store fp128 %f, ptr addrspace(1) %out
  ret void
}
declare spir_func i128 @_Z37__sycl_getScalar2020SpecConstantValueInET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
declare spir_func fp128 @_Z37__sycl_getScalar2020SpecConstantValueIgET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))
"#;
        let (_, reg) = lower(ir, HandlingMode::Emulation);
        let all = reg
            .value(names::SPEC_CONST_DEFAULT_VALUES, "all")
            .and_then(|v| v.as_byte_payload())
            .map(<[u8]>::to_vec);
        let mut want = vec![0xfe];
        want.extend([0xff; 15]);
        // fp128: low 64 bits (1), then high 64 bits (0x3fff000000000000).
        want.extend(1u64.to_le_bytes());
        want.extend(0x3fff_0000_0000_0000u64.to_le_bytes());
        assert_eq!(all, Some(want));
    }

    #[test]
    fn emulation_offsets_and_encoding_match_upstream() {
        let (text, reg) = lower(PADDED, HandlingMode::Emulation);
        assert!(
            text.contains("%gep = getelementptr i8, ptr addrspace(4) %b4, i32 0"),
            "{text}"
        );
        assert!(
            text.contains("%bc = bitcast ptr addrspace(4) %gep to ptr addrspace(4)"),
            "{text}"
        );
        assert!(text.contains("getelementptr i8, ptr addrspace(4) %b4, i32 8"), "{text}");
        let prop = reg.to_text();
        // Byte-for-byte the values of upstream's composite-default-value-padding test.
        assert!(
            prop.contains("A=2|gBAAAAAAAAAAAAAAAAAAAgAAAAA\nB=2|gBAAAAAAAAQAAAAAAAAAAEAAAAA\n"),
            "{prop}"
        );
        assert!(prop.contains("all=2|IBAAAAAAAAAFAAAAjBAAAEA\n"), "{prop}");
    }

    #[test]
    fn default_values_mode_uses_the_defaults() {
        let (text, reg) = lower(PADDED, HandlingMode::DefaultValues);
        assert!(
            text.contains("store { i32, i8 } { i32 20, i8 99 }, ptr addrspace(4) %a4"),
            "{text}"
        );
        assert!(text.contains("trunc i8 1 to i1"), "{text}");
        assert!(reg.is_empty());
        assert!(text.contains("!sycl.specialization-constants = !{}"), "{text}");
    }

    #[test]
    fn mangling_follows_upstream() {
        let ctx = Context::new();
        let m = ctx.create_module("m");
        let t = m.types();
        let i32t = t.int(32);
        let arr = t.array(t.int(8), 3);
        assert_eq!(
            mangle_function("__spirv_SpecConstant", i32t, &[i32t, i32t]).unwrap(),
            "_Z20__spirv_SpecConstantii"
        );
        assert_eq!(
            mangle_function("__spirv_SpecConstantComposite", arr, &[t.int(8); 3]).unwrap(),
            "_Z29__spirv_SpecConstantCompositeaaa_RA3_a"
        );
        assert!(mangle_type(t.int(128)).is_err());
    }
}
