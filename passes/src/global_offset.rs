//! The implicit global offset on NVPTX and AMDGCN (upstream's
//! `GlobalOffsetPass`, `opt -passes=globaloffset`).
//!
//! SYCL's global offset has no counterpart in CUDA or HIP. Device code reads
//! it through `llvm.nvvm.implicit.offset` / `llvm.amdgcn.implicit.offset`
//! (a pointer to three `i32`) or through `__spirv_BuiltInGlobalOffset(int)`.
//! Following the call graph upwards from every such read:
//!
//! * every function that reads the offset, directly or through its callees,
//!   gets a clone `<name>_with_offset` that takes the offset pointer as an
//!   extra last parameter (`ptr` on NVPTX, `ptr addrspace(5)` on AMDGCN)
//!   and passes it on to the clones of its callees;
//! * every kernel that reaches a read keeps its original and gains a clone
//!   `<kernel>_with_offset` whose extra parameter is the offset itself:
//!   `ptr byval([3 x i32])` on NVPTX; `ptr addrspace(4) byref([3 x i32])`
//!   on AMDGCN for `amdgpu_kernel`s (older, annotated kernels: `ptr
//!   byref([3 x i32])`, cast to `addrspace(4)`), copied into an `alloca` in
//!   the private address space. Kernels named in `!nvvm.annotations` /
//!   `!amdgcn.annotations` get a `!{ptr @clone, !"kernel", i32 1}` entry;
//! * the originals read zeros: loads from the intrinsic's pointer become
//!   `0` and the pointer arithmetic leading to them goes away; calls of
//!   `__spirv_BuiltInGlobalOffset` become `0`; a read whose value is unused
//!   is simply deleted. The intrinsic's declaration is erased.
//!
//! The runtime launches the original kernel when the offset is zero and the
//! `_with_offset` clone otherwise. Upstream runs this pass in the code
//! generators' IR pipelines (NVPTX for CUDA: global offset, then local
//! accessors; AMDGCN for AMDHSA: the other way round), not in
//! `sycl-post-link`; here `sycl-opt` runs it. Clones are made with LLVM's
//! `CloneFunctionInto` (global changes), so each clone owns a copy of its
//! `DISubprogram` and its debug locations point there; calls re-created in
//! clones keep call-site attributes, tail-call kind and metadata.
//!
//! Before (NVPTX):
//! ```llvm
//! define i64 @get(i32 %d) {
//!   %o = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 %d)
//!   ret i64 %o
//! }
//! define ptx_kernel void @k() {
//!   %0 = call i64 @get(i32 0)
//!   ret void
//! }
//! ```
//! After:
//! ```llvm
//! define i64 @get(i32 %d) {
//!   ret i64 0
//! }
//! define i64 @get_with_offset(i32 %d, ptr %0) {
//!   %2 = getelementptr inbounds i32, ptr %0, i32 %d
//!   %3 = load i32, ptr %2, align 4
//!   %4 = zext i32 %3 to i64
//!   ret i64 %4
//! }
//! define ptx_kernel void @k() {
//!   %0 = call i64 @get(i32 0)
//!   ret void
//! }
//! define ptx_kernel void @k_with_offset(ptr byval([3 x i32]) %0) {
//!   %1 = call i64 @get_with_offset(i32 0, ptr %0)
//!   ret void
//! }
//! ```
//!
//! Differences from upstream: upstream's newest pass runs only on modules
//! with the `sycl-device` module flag; this one runs on any NVPTX or AMDGCN
//! module it is asked to lower (as upstream's older pass did, and as the
//! tests of that time expect), and on a module without a triple it follows
//! the intrinsic that is declared. Where an original function uses the
//! offset pointer for anything but loads (through GEPs, phis, selects and
//! casts), upstream leaves invalid IR; here the pointer is replaced by a
//! zero-filled `alloca` instead.

use std::collections::{HashMap, HashSet};

use sycl_ir::{Builder, CallConv, Module, Type, TypeKind, Value};

use crate::target_helpers::{annotate_kernel, GpuTarget, Kernels};
use crate::PassError;

/// Mangled names of `size_t __spirv_BuiltInGlobalOffset(int)`.
pub const GLOBAL_OFFSET_BUILTINS: &[&str] = &["_Z27__spirv_BuiltInGlobalOffseti"];

/// Suffix of the clones that take the offset.
pub const WITH_OFFSET_SUFFIX: &str = "_with_offset";

/// Options of the pass.
#[derive(Debug, Clone, Copy)]
pub struct GlobalOffsetOptions {
    /// Upstream's `-enable-global-offset` (default true): thread the offset
    /// through `_with_offset` clones. With false, offset reads are only
    /// replaced by zeros.
    pub enable_global_offset: bool,
}

impl Default for GlobalOffsetOptions {
    fn default() -> Self {
        GlobalOffsetOptions {
            enable_global_offset: true,
        }
    }
}

/// How a read of the offset is spelled.
#[derive(Clone, Copy)]
enum Read {
    /// A call of the target's implicit-offset intrinsic.
    Intrinsic,
    /// A call of `__spirv_BuiltInGlobalOffset(dim)`.
    Builtin,
}

/// What the calls being rewritten call.
#[derive(Clone, Copy)]
enum Callee<'c> {
    /// A read of the offset.
    Offset(Read),
    /// A function that has a `_with_offset` clone, given here.
    FunctionWithClone(Value<'c>),
}

/// Lowers the implicit global offset of `m` (see the module doc). Returns
/// true if the module changed.
pub fn global_offset(m: &Module<'_>, opts: GlobalOffsetOptions) -> Result<bool, PassError> {
    let Some(target) = target_of(m) else {
        return Ok(false);
    };
    let intrinsic = m
        .function(target.implicit_offset_intrinsic())
        .filter(|f| f.is_declaration());
    let builtins: Vec<Value<'_>> = GLOBAL_OFFSET_BUILTINS
        .iter()
        .filter_map(|n| m.function(n))
        .filter(|f| f.is_declaration())
        .collect();
    let used = intrinsic.is_some_and(|f| !f.has_no_uses()) || builtins.iter().any(|f| !f.has_no_uses());
    if !used {
        return Ok(false);
    }
    let types = m.types();
    let offset_ptr = types.ptr(target.offset_addr_space());
    if let Some(i) = intrinsic {
        if i.global_value_type().return_type() != offset_ptr {
            return Err(PassError::Message(format!(
                "{} does not return ptr addrspace({})",
                i.name(),
                target.offset_addr_space()
            )));
        }
    }
    if opts.enable_global_offset {
        let kernels = Kernels::find(m, target);
        kernels.check_unused()?;
        let mut lowering = Lowering {
            m,
            target,
            kernels,
            offset_ptr,
            processed: HashMap::new(),
            clones: HashSet::new(),
            copies: HashMap::new(),
        };
        if let Some(i) = intrinsic {
            lowering.thread_offset_to_callers(i, Callee::Offset(Read::Intrinsic))?;
        }
        for &b in &builtins {
            lowering.thread_offset_to_callers(b, Callee::Offset(Read::Builtin))?;
        }
    }
    // What is left are the reads in the original functions: zeros there.
    if let Some(i) = intrinsic {
        zero_intrinsic_reads(m, i)?;
        if i.has_no_uses() {
            // SAFETY: a declaration without uses; `intrinsic` is not read
            // again (`lowering`, which held it, is gone).
            unsafe { i.erase_global() };
        }
    }
    for b in builtins {
        zero_builtin_reads(m, b);
        if b.has_no_uses() {
            // SAFETY: a declaration without uses; `builtins` holds each
            // once (one per name) and is consumed by this loop.
            unsafe { b.erase_global() };
        }
    }
    Ok(true)
}

/// The target from the triple; without a triple, from the intrinsic that
/// is declared.
fn target_of(m: &Module<'_>) -> Option<GpuTarget> {
    let triple = m.triple();
    if !triple.is_empty() {
        return GpuTarget::of_triple(&triple);
    }
    [GpuTarget::Nvptx, GpuTarget::Amdgcn]
        .into_iter()
        .find(|t| m.function(t.implicit_offset_intrinsic()).is_some())
}

/// The distinct users of `v`, in use-list order.
fn distinct_users<'c>(v: Value<'c>) -> Vec<Value<'c>> {
    let mut seen = HashSet::new();
    v.users().into_iter().filter(|u| seen.insert(*u)).collect()
}

struct Lowering<'m, 'c> {
    m: &'m Module<'c>,
    target: GpuTarget,
    kernels: Kernels<'c>,
    /// `ptr addrspace(N)` of the offset inside functions.
    offset_ptr: Type<'c>,
    /// Original function → its `_with_offset` clone and the offset pointer
    /// inside the clone.
    processed: HashMap<Value<'c>, (Value<'c>, Value<'c>)>,
    clones: HashSet<Value<'c>>,
    /// Instruction of an original function → the same instruction in its
    /// clone, for the calls not rewritten yet.
    copies: HashMap<Value<'c>, Value<'c>>,
}

impl<'c> Lowering<'_, 'c> {
    /// Rewrites, in the clones of their callers, the calls of `callee_fn`
    /// (what they call is `callee`), cloning callers and kernels on the way,
    /// then does the same for the callers' own callers.
    fn thread_offset_to_callers(&mut self, callee_fn: Value<'c>, callee: Callee<'c>) -> Result<(), PassError> {
        // The calls in original functions, chosen before anything changes:
        // the loop erases instructions of clones only (the copies of calls),
        // so every call listed here stays valid while it runs. (Calls in
        // clones are rewritten through `copies`, from their originals.)
        let calls: Vec<Value<'c>> = distinct_users(callee_fn)
            .into_iter()
            .filter(|c| c.is_call() && c.called_value() == Some(callee_fn))
            .filter(|c| c.parent_function().is_some_and(|f| !self.clones.contains(&f)))
            .collect();
        for call in calls {
            let Some(caller) = call.parent_function() else { continue };
            if self.kernels.contains(caller) {
                self.clone_kernel(caller)?;
            }
            let already_processed = self.processed.contains_key(&caller);
            if !already_processed {
                self.clone_function(caller)?;
            }
            let (clone, offset) = self.processed[&caller];
            let copy = self.copies.remove(&call).ok_or_else(|| {
                PassError::Message(format!(
                    "internal error: no copy of a call in '{}_with_offset'",
                    caller.name()
                ))
            })?;
            match callee {
                Callee::Offset(Read::Intrinsic) => {
                    copy.replace_all_uses_with(offset);
                    // SAFETY: its uses were just replaced; `copy` is in a
                    // clone, so not in `calls`, and was taken out of
                    // `copies`, the one place that held it.
                    unsafe { copy.erase_instruction() };
                }
                Callee::Offset(Read::Builtin) => self.read_offset(copy, offset)?,
                Callee::FunctionWithClone(c) => {
                    // SAFETY: a call, of the function whose clone `c` is;
                    // `copy` is in a clone, so not in `calls`, and was taken
                    // out of `copies`, the one place that held it.
                    unsafe { copy.replace_call_adding_args(c, &[offset]) };
                }
            }
            if !already_processed {
                self.thread_offset_to_callers(caller, Callee::FunctionWithClone(clone))?;
            }
        }
        Ok(())
    }

    /// Clones `f` with `param` as an extra last parameter and records the
    /// correspondence of their instructions.
    fn clone_with_param(&mut self, f: Value<'c>, param: Type<'c>) -> Result<Value<'c>, PassError> {
        if f.global_value_type().is_var_arg() {
            return Err(PassError::Message(format!(
                "variadic arguments prohibited in SYCL: '{}'",
                f.name()
            )));
        }
        let clone = f.clone_with_extra_param(param, &format!("{}{WITH_OFFSET_SUFFIX}", f.name()));
        let originals = f.instructions();
        let copies = clone.instructions();
        if originals.len() != copies.len() {
            return Err(PassError::Message(format!(
                "internal error: the clone of '{}' differs from it",
                f.name()
            )));
        }
        self.copies.extend(originals.into_iter().zip(copies));
        self.clones.insert(clone);
        Ok(clone)
    }

    /// The `_with_offset` clone of a function that is not a kernel: the
    /// offset is its new parameter.
    fn clone_function(&mut self, f: Value<'c>) -> Result<(), PassError> {
        let clone = self.clone_with_param(f, self.offset_ptr)?;
        let offset = clone.param(clone.param_count() - 1);
        self.processed.insert(f, (clone, offset));
        Ok(())
    }

    /// The `_with_offset` clone of a kernel, whose new parameter carries the
    /// three offsets by value (NVPTX) or by reference (AMDGCN).
    fn clone_kernel(&mut self, k: Value<'c>) -> Result<(), PassError> {
        if self.processed.contains_key(&k) {
            return Ok(());
        }
        let types = self.m.types();
        let offsets_ty = types.array(types.int(32), 3);
        let param_ty = match self.target {
            GpuTarget::Amdgcn if k.call_conv() == CallConv::AmdgpuKernel => types.ptr(4),
            _ => types.ptr(0),
        };
        let clone = self.clone_with_param(k, param_ty)?;
        let index = clone.param_count() - 1;
        let param = clone.param(index);
        let offset = match self.target {
            GpuTarget::Nvptx => {
                clone.add_param_type_attr(index, "byval", offsets_ty);
                param
            }
            GpuTarget::Amdgcn => {
                clone.add_param_type_attr(index, "byref", offsets_ty);
                self.copy_offsets_to_private(k, clone, param, offsets_ty)?
            }
        };
        self.processed.insert(k, (clone, offset));
        if self.kernels.is_annotated(k) {
            annotate_kernel(self.m, self.target, clone);
        }
        Ok(())
    }

    /// AMDGCN: copies the kernel argument (in the constant address space 4
    /// once arguments are lowered) into an `alloca` in the private address
    /// space, which is what the callees take.
    fn copy_offsets_to_private(
        &self,
        k: Value<'c>,
        clone: Value<'c>,
        param: Value<'c>,
        offsets_ty: Type<'c>,
    ) -> Result<Value<'c>, PassError> {
        let private = self.target.offset_addr_space();
        if self.m.alloca_addr_space() != private {
            return Err(PassError::Message(format!(
                "cannot add the global offset to kernel '{}': the data layout's alloca address space is {}, not {private}",
                k.name(),
                self.m.alloca_addr_space()
            )));
        }
        let first = clone
            .entry_first_instruction()
            .ok_or_else(|| PassError::Message(format!("kernel '{}' has an empty entry block", k.name())))?;
        let b = Builder::new(self.m);
        b.position_before(first);
        let alloca = b.alloca_in(offsets_ty, private, "");
        let constant = self.m.types().ptr(4);
        let src = if param.ty() == constant {
            param
        } else {
            b.addrspacecast(param, constant, "")
        };
        b.memcpy(alloca, alloca.alignment(), src, 1, 12);
        Ok(alloca)
    }

    /// In a clone: `__spirv_BuiltInGlobalOffset(dim)` becomes a load of
    /// `offset[dim]`, widened to the call's type; an unused call goes.
    fn read_offset(&self, call: Value<'c>, offset: Value<'c>) -> Result<(), PassError> {
        if call.has_no_uses() {
            // SAFETY: no uses; the caller took `call`, a copy in a clone,
            // out of `copies` and does not look at it again.
            unsafe { call.erase_instruction() };
            return Ok(());
        }
        let ret = call.ty();
        let (TypeKind::Integer(_), 1) = (ret.kind(), call.arg_count()) else {
            return Err(PassError::Message(format!(
                "unexpected call of '{}': expected an integer result and one argument",
                call.callee_name()
            )));
        };
        let dim = call
            .operand(0)
            .ok_or_else(|| PassError::Message("call without argument".into()))?;
        let i32_ty = self.m.types().int(32);
        let b = Builder::new(self.m);
        b.position_before(call);
        let gep = b.inbounds_gep(i32_ty, offset, &[dim], "");
        let load = b.load(i32_ty, gep, 4, "");
        let value = b.zext_or_trunc(load, ret, "");
        call.replace_all_uses_with(value);
        // SAFETY: its uses were just replaced; as above.
        unsafe { call.erase_instruction() };
        Ok(())
    }
}

/// What the offset pointer of one function's intrinsic calls flows into.
struct OffsetUses<'c> {
    /// GEPs, phis, selects and casts computing pointers from the offset.
    derived: Vec<Value<'c>>,
    /// Loads through those pointers.
    loads: Vec<Value<'c>>,
}

/// Follows the pointers returned by `calls` through GEPs, phis, selects and
/// casts to loads. None if a pointer is used otherwise (stored, passed,
/// compared, ...) or meets pointers of other origin.
fn offset_uses<'c>(calls: &[Value<'c>]) -> Option<OffsetUses<'c>> {
    let mut from_offset: HashSet<Value<'c>> = calls.iter().copied().collect();
    let mut derived = Vec::new();
    let mut loads = Vec::new();
    let mut work: Vec<Value<'c>> = calls.to_vec();
    while let Some(v) = work.pop() {
        for u in distinct_users(v) {
            if u.is_load() {
                if !loads.contains(&u) {
                    loads.push(u);
                }
            } else if (u.is_gep() && u.operand(0) == Some(v))
                || (u.is_select() && u.operand(0) != Some(v))
                || u.is_phi()
                || u.is_pointer_cast()
            {
                if from_offset.insert(u) {
                    derived.push(u);
                    work.push(u);
                }
            } else {
                return None;
            }
        }
    }
    let all_from_offset = |ops: &[Value<'c>]| ops.iter().all(|o| from_offset.contains(o));
    for d in &derived {
        let ops = d.operands();
        let pointers_ok = if d.is_phi() {
            all_from_offset(&ops)
        } else if d.is_select() {
            all_from_offset(&ops[1..])
        } else {
            true
        };
        if !pointers_ok {
            return None;
        }
    }
    Some(OffsetUses { derived, loads })
}

/// Replaces the reads of the offset left in original functions by zeros.
fn zero_intrinsic_reads<'c>(m: &Module<'c>, intrinsic: Value<'c>) -> Result<(), PassError> {
    let mut by_function: Vec<(Value<'c>, Vec<Value<'c>>)> = Vec::new();
    for call in distinct_users(intrinsic) {
        if !call.is_call() || call.called_value() != Some(intrinsic) {
            return Err(PassError::Message(format!("unexpected use of {}", intrinsic.name())));
        }
        let Some(f) = call.parent_function() else { continue };
        match by_function.iter_mut().find(|(g, _)| *g == f) {
            Some((_, calls)) => calls.push(call),
            None => by_function.push((f, vec![call])),
        }
    }
    for (f, calls) in by_function {
        match offset_uses(&calls) {
            Some(uses) => erase_offset_loads(m, &calls, uses),
            None => replace_by_zero_alloca(m, f, &calls)?,
        }
    }
    Ok(())
}

/// Loads become zeros; the pointer arithmetic and the calls go, and so do
/// the instructions that only computed their operands (calls excepted).
fn erase_offset_loads<'c>(m: &Module<'c>, calls: &[Value<'c>], uses: OffsetUses<'c>) {
    let types = m.types();
    for l in &uses.loads {
        l.replace_all_uses_with(types.null(l.ty()));
        // SAFETY: its uses were just replaced; `loads` holds each load once
        // and is not read again (the operands below are read after this).
        unsafe { l.erase_instruction() };
    }
    let gone: HashSet<Value<'c>> = uses.derived.iter().chain(calls).copied().collect();
    let mut operands = Vec::new();
    for d in &uses.derived {
        operands.extend(
            d.operands()
                .into_iter()
                .filter(|o| o.parent_function().is_some() && !gone.contains(o)),
        );
    }
    for d in &uses.derived {
        d.replace_all_uses_with(types.poison(d.ty()));
    }
    for d in uses.derived {
        // SAFETY: its uses became poison above; `derived` holds each value
        // once (`from_offset`) and is consumed here; `gone` is not read
        // again.
        unsafe { d.erase_instruction() };
    }
    for c in calls {
        // SAFETY: its users were all loads or derived values
        // (`offset_uses`), erased above; each call is listed once (distinct
        // users) and the list is not read after this pass over it.
        unsafe { c.erase_instruction() };
    }
    let mut erased = HashSet::new();
    while let Some(v) = operands.pop() {
        if erased.contains(&v) || v.is_call_base() || !v.is_trivially_dead() {
            continue;
        }
        operands.extend(v.operands().into_iter().filter(|o| o.parent_function().is_some()));
        erased.insert(v);
        // SAFETY: trivially dead, so without uses; a handle left in
        // `operands` for it is caught by `erased` before it is read, and
        // nothing else erases here.
        unsafe { v.erase_instruction() };
    }
}

/// Where the offset pointer is used for more than loads: it becomes a
/// pointer to three zeros on the stack.
fn replace_by_zero_alloca<'c>(m: &Module<'c>, f: Value<'c>, calls: &[Value<'c>]) -> Result<(), PassError> {
    let types = m.types();
    let first = f
        .entry_first_instruction()
        .ok_or_else(|| PassError::Message(format!("function '{}' has an empty entry block", f.name())))?;
    let b = Builder::new(m);
    b.position_before(first);
    b.clear_debug_location();
    let offsets_ty = types.array(types.int(32), 3);
    let alloca = b.alloca_in(offsets_ty, m.alloca_addr_space(), "");
    b.memset(alloca, 0, 12, alloca.alignment());
    let want = calls[0].ty();
    let zeros = if alloca.ty() == want {
        alloca
    } else {
        b.addrspacecast(alloca, want, "")
    };
    for c in calls {
        c.replace_all_uses_with(zeros);
        // SAFETY: its uses were just replaced; each call is listed once
        // (distinct users) and the list is not read after this loop.
        unsafe { c.erase_instruction() };
    }
    Ok(())
}

/// Calls of `__spirv_BuiltInGlobalOffset` left in original functions return 0.
fn zero_builtin_reads<'c>(m: &Module<'c>, builtin: Value<'c>) {
    let types = m.types();
    for call in distinct_users(builtin) {
        if call.is_call() && call.called_value() == Some(builtin) {
            if !call.has_no_uses() {
                call.replace_all_uses_with(types.null(call.ty()));
            }
            // SAFETY: no uses left; `distinct_users` lists each call once,
            // and the loop does not look at this one again.
            unsafe { call.erase_instruction() };
        }
    }
}
