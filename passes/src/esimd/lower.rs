//! `LowerESIMD`: lowers the constructs of the ESIMD extension in a module
//! that holds ESIMD code (upstream `SYCLLowerESIMDPass`, intel/llvm
//! llvm/lib/SYCLLowerIR/ESIMD/LowerESIMD.cpp), the first step of the ESIMD
//! lowering pipeline that `sycl-post-link -lower-esimd` runs on ESIMD images.
//!
//! In upstream's order:
//! 0. `slm_init` checks: it must be called directly (not through a pointer),
//!    reach an ESIMD kernel, at most once per kernel, and not in kernels
//!    with local accessors (upstream's messages);
//! 1. inlining: every function that is not an ESIMD kernel, not
//!    `"VCStackCall"` and not `__assert_fail` gets `alwaysinline` unless it is
//!    `noinline` (functions of the `sycl::_V1::ext::intel::esimd` namespaces
//!    always); when the module holds no scalar (SYCL) code, `noinline` and
//!    `optnone` are dropped first (except from `"CMGenxSIMT"` functions),
//!    since the VC back end does not support them; LLVM's `always-inline`
//!    pass then runs;
//! 2. `!genx.kernels` metadata for each ESIMD kernel (argument kinds and
//!    descriptors, SLM size 0, named-barrier count) and the kernel attributes
//!    `"oclrt"="1"` and `"CMGenxMain"`;
//! 3. named barriers: the count of `__esimd_nbarrier_init(N)` goes into the
//!    metadata of every kernel that reaches the call, and
//!    `__esimd_named_barrier_allocate(N)` returns the kernel's count so far
//!    and adds `N` to it;
//! 4. `genx_volatile` globals and simd-object globals
//!    ([`crate::esimd::globals`]): plain stores of volatile types become
//!    vstores, simd-object globals are retyped to their vectors;
//! 5. per instruction: vector `fptoui`/`fptosi` to narrow integers go through
//!    `i32`; `llvm.assume` is dropped and `llvm.fmuladd` becomes `fmul` +
//!    `fadd`; loads of `__spirv_BuiltInSubgroupLocalInvocationId` become 0
//!    and of `__spirv_BuiltInSubgroupSize`/`SubgroupMaxSize` 1; the
//!    `__esimd_*` calls are lowered (block loads and stores, masked gathers
//!    and scatters, mask packing,
//!    `vload`/`vstore`, `fmadd`, the bfloat16 device-library conversions,
//!    and the table of [`crate::esimd::intrinsics`]).
//!
//! Before and after (`sycl-opt -passes=LowerESIMD`):
//! ```text
//! define spir_kernel void @k() !sycl_explicit_simd !0 {
//!   call spir_func void @_Z15__esimd_barrierv()
//!   ret void
//! }
//! ==>
//! define spir_kernel void @k() #0 !sycl_explicit_simd !0 {
//!   call void @llvm.genx.barrier()
//!   ret void
//! }
//! attributes #0 = { "CMGenxMain" "oclrt"="1" }
//! !genx.kernels = !{!1}
//! !1 = !{ptr @k, !"k", !2, i32 0, i32 0, !2, !2, i32 0, i32 0}
//! !2 = !{}
//! ```
//!
//! `__esimd_slm_alloc`/`__esimd_slm_free` calls are left to
//! [`crate::esimd::slm_reservation`].
//!
//! Not supported (a clear error naming the function, never a silent
//! difference): the `__esimd_*` intrinsics outside the table of
//! [`crate::esimd::intrinsics`] (the 2D block access through descriptors and
//! other intrinsics of newer ESIMD headers whose GenX form this project
//! could not read; atomic operations a row's GenX intrinsic has no overloads
//! listed for) and a `named_barrier_allocate` whose count is not a constant
//! or that kernels with different named-barrier counts reach.

use std::collections::{BTreeMap, BTreeSet, HashSet, VecDeque};

use sycl_ir::{Builder, CallConv, CastOp, MaskedAccess, MdOperand, Module, Type, TypeKind, Value};

use crate::esimd::globals;
use crate::esimd::intrinsics::{self, Arg, Conv, Shape, TemplateArg};
use crate::PassError;
use sycl_split::esimd::ESIMD_MARKER_MD as ESIMD_MD;

/// The named metadata of ESIMD kernels.
pub const GENX_KERNELS: &str = "genx.kernels";
/// Operand index of the named-barrier count in a `!genx.kernels` node.
pub const NBARRIER_COUNT_OP: usize = 7;

const SPIRV_BUILTIN_PREFIX: &str = "__spirv_BuiltIn";

/// Options of the pass.
#[derive(Debug, Clone, Copy, Default)]
pub struct LowerEsimdOptions {
    /// The module may hold SYCL (non-ESIMD) code too: `noinline`/`optnone`
    /// are kept (upstream passes `!SplitESIMD`).
    pub module_contains_scalar_code: bool,
    /// Accessor kernel arguments are surfaces (`buffer_t`, argument kind 2)
    /// rather than stateless pointers (`svmptr_t`): upstream's
    /// `-lower-esimd-force-stateless-mem=false`.
    pub stateful_accessors: bool,
}

fn not_supported(what: impl std::fmt::Display) -> PassError {
    PassError::Message(format!("ESIMD lowering: {what}: not supported"))
}

fn is_esimd(m: &Module<'_>, f: Value<'_>) -> bool {
    let k = m.md_kind(ESIMD_MD);
    k != sycl_ir::MD_KIND_ABSENT && f.metadata(k).is_some()
}

/// An ESIMD kernel: `spir_kernel` with `!sycl_explicit_simd`.
pub fn is_esimd_kernel(m: &Module<'_>, f: Value<'_>) -> bool {
    f.call_conv() == CallConv::SpirKernel && is_esimd(m, f)
}

/// The ESIMD-intrinsic name after `_Z<digits>`, if `name` is one.
fn esimd_intrinsic_stem(name: &str) -> Option<&str> {
    let rest = name.strip_prefix("_Z")?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    rest.starts_with("__esimd_").then_some(rest)
}

/// Runs the pass; returns whether the module changed.
pub fn lower_esimd(m: &Module<'_>, o: LowerEsimdOptions) -> Result<bool, PassError> {
    check_slm_init(m)?;
    let inline = prepare_for_always_inliner(m, o);
    if inline {
        m.run_passes("always-inline")?;
    }
    generate_kernel_metadata(m, o.stateful_accessors);
    translate_nbarrier_init(m)?;
    let volatile_types = globals::genx_volatile_types(m)?;
    globals::lower_global_stores(m, &volatile_types);
    let retyped = globals::lower_globals_to_vector(m);
    let mut lowered = 0;
    for f in m.functions() {
        if !f.is_declaration() {
            lowered += lower_function(m, f, &volatile_types)?;
        }
    }
    Ok(lowered > 0 || inline || retyped || m.functions().iter().any(|&f| is_esimd_kernel(m, f)))
}

fn is_slm_init(f: Value<'_>) -> bool {
    esimd_intrinsic_stem(&f.name()).is_some_and(|s| s.starts_with("__esimd_slm_init"))
}

/// The functions that reach `f` (itself included) through direct calls and
/// through other instructions that use them (upstream's
/// `traverseCallgraphUp` without errors on non-call uses).
fn reaching_functions<'c>(f: Value<'c>) -> Vec<Value<'c>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut work = vec![f];
    while let Some(g) = work.pop() {
        if !seen.insert(g) {
            continue;
        }
        out.push(g);
        for u in g.users() {
            if u.is_call() {
                if u.called_value() == Some(g) {
                    work.extend(u.parent_function());
                }
            } else if u.opcode().is_some() {
                work.extend(u.parent_function());
            }
        }
    }
    out
}

fn has_local_accessor_argument(m: &Module<'_>, f: Value<'_>) -> bool {
    let kind = m.md_kind("kernel_arg_accessor_ptr");
    let Some(acc) = (kind != sycl_ir::MD_KIND_ABSENT).then(|| f.metadata(kind)).flatten() else {
        return false;
    };
    let flags = acc.md_operands();
    f.param_types()
        .iter()
        .enumerate()
        .any(|(i, t)| t.kind() == TypeKind::Pointer(3) && flags.get(i).and_then(|o| o.as_u64()).is_some_and(|v| v != 0))
}

/// Upstream's `checkSLMInit`.
fn check_slm_init(m: &Module<'_>) -> Result<(), PassError> {
    let err = |msg: String| Err(PassError::Message(msg));
    let mut slm_kernels: HashSet<Value<'_>> = HashSet::new();
    let mut local_acc_kernels: HashSet<Value<'_>> = HashSet::new();
    for f in m.functions() {
        if !is_slm_init(f) {
            if is_esimd_kernel(m, f) && has_local_accessor_argument(m, f) {
                local_acc_kernels.insert(f);
            }
        } else {
            for u in f.users() {
                if !(u.is_call() && u.called_value() == Some(f)) {
                    return err("slm_init can only be used as a direct call.".into());
                }
                let Some(caller) = u.parent_function() else { continue };
                let reached = reaching_functions(caller);
                for k in &reached {
                    if !is_esimd_kernel(m, *k) {
                        continue;
                    }
                    if !slm_kernels.insert(*k) {
                        let name = k.name();
                        let shown = sycl_split::entry_points::demangle(&name).unwrap_or(name);
                        return err(format!("slm_init is called more than once from kernel '{shown}'."));
                    }
                }
                if !reached.iter().any(|k| is_esimd_kernel(m, *k)) {
                    return err("slm_init must be called directly from ESIMD kernel.".into());
                }
            }
        }
        if local_acc_kernels.iter().any(|k| slm_kernels.contains(k)) {
            return err("slm_init can not be used with local accessors.".into());
        }
    }
    Ok(())
}

fn is_slm_allocator_ctor_or_dtor(name: &str) -> bool {
    name.contains("13slm_allocatorILi") && ["C1Ev", "C2Ev", "D1Ev", "D2Ev"].iter().any(|s| name.ends_with(s))
}

fn in_esimd_namespace(name: &str) -> bool {
    let Some(rest) = name.strip_prefix("_ZN") else {
        return false;
    };
    let rest = rest.trim_start_matches(['r', 'V', 'K', 'R', 'O']);
    rest.starts_with("4sycl3_V13ext5intel5esimd") || rest.starts_with("4sycl3_V13ext5intel12experimental5esimd")
}

fn mark_always_inline(f: Value<'_>) {
    f.remove_enum_fn_attr("noinline");
    f.remove_enum_fn_attr("inlinehint");
    f.add_enum_fn_attr("alwaysinline");
}

fn mark_no_inline(f: Value<'_>) {
    f.remove_enum_fn_attr("alwaysinline");
    f.remove_enum_fn_attr("inlinehint");
    f.add_enum_fn_attr("noinline");
}

/// The direct callers of `f`, or `None` when `f` has another use.
fn direct_callers<'c>(f: Value<'c>) -> Option<Vec<Value<'c>>> {
    let mut out = Vec::new();
    for u in f.users() {
        if u.is_call() && u.called_value() == Some(f) {
            out.extend(u.parent_function());
        } else {
            return None;
        }
    }
    Some(out)
}

fn prepare_for_always_inliner(m: &Module<'_>, o: LowerEsimdOptions) -> bool {
    // With genx_volatile globals every function is inlined: whether a load
    // or store reaches one of them is only known after inlining.
    let inline_all = globals::has_genx_volatile(m);
    let mut need = false;
    for f in m.functions() {
        if f.has_enum_fn_attr("alwaysinline") {
            need = true;
            continue;
        }
        if f.has_fn_attr("VCStackCall") || is_esimd_kernel(m, f) {
            continue;
        }
        let name = f.name();
        if is_slm_allocator_ctor_or_dtor(&name) {
            mark_always_inline(f);
            need = true;
            continue;
        }
        if name.starts_with("__assert_fail") {
            mark_no_inline(f);
            continue;
        }
        if !o.module_contains_scalar_code && !f.has_fn_attr("CMGenxSIMT") {
            f.remove_enum_fn_attr("noinline");
            f.remove_enum_fn_attr("optnone");
        }
        if !f.has_enum_fn_attr("noinline") || inline_all || in_esimd_namespace(&name) {
            mark_always_inline(f);
            need = true;
        }
        if !esimd_intrinsic_stem(&name).is_some_and(|s| s.starts_with("__esimd_slm_init")) {
            continue;
        }
        // A kernel's slm_init call that the front end moved into a helper
        // called from that one kernel only: inline the helper.
        for u in f.users() {
            if !(u.is_call() && u.called_value() == Some(f)) {
                continue;
            }
            let Some(helper) = u.parent_function() else { continue };
            let callers: HashSet<String> = direct_callers(helper)
                .unwrap_or_default()
                .into_iter()
                .map(|c| c.name())
                .collect();
            if callers.len() == 1 {
                let k = callers.iter().next().and_then(|n| m.function(n));
                if k.is_some_and(|k| is_esimd_kernel(m, k)) {
                    mark_always_inline(helper);
                    need = true;
                }
            }
        }
    }
    need
}

fn md_string_op<'c>(node: Option<Value<'c>>, i: usize) -> String {
    node.and_then(|n| n.md_operands().get(i).and_then(|o| o.as_string()))
        .unwrap_or_default()
}

/// The argument kind of a surface in `!genx.kernels` (general: 0).
const ARG_KIND_SURFACE: u64 = 2;

/// Builds `!genx.kernels` (unless the module already has it): per argument
/// its kind and descriptor: an image (`image1d_t`/`image2d_t`/`image3d_t` in
/// `!kernel_arg_type`) is a surface described by its type string; a pointer
/// is `svmptr_t`, except a local accessor (no descriptor) and, with
/// `stateful_accessors`, a buffer accessor (a `buffer_t` surface).
fn generate_kernel_metadata(m: &Module<'_>, stateful_accessors: bool) {
    if m.has_named_metadata(GENX_KERNELS) {
        return;
    }
    let ty = m.types();
    let i32t = ty.int(32);
    let int = |v: u64| MdOperand::Value(ty.const_int(i32t, v));
    let zero = int(0);
    let arg_type_kind = m.md_kind("kernel_arg_type");
    let acc_kind = m.md_kind("kernel_arg_accessor_ptr");
    for f in m.functions() {
        if !is_esimd_kernel(m, f) {
            continue;
        }
        let arg_types = (arg_type_kind != sycl_ir::MD_KIND_ABSENT)
            .then(|| f.metadata(arg_type_kind))
            .flatten();
        let acc_ptrs = (acc_kind != sycl_ir::MD_KIND_ABSENT)
            .then(|| f.metadata(acc_kind))
            .flatten();
        let mut kinds = Vec::new();
        let mut io_kinds = Vec::new();
        let mut descs = Vec::new();
        for (i, pt) in f.param_types().into_iter().enumerate() {
            let arg_type = md_string_op(arg_types, i);
            let mut kind = 0;
            let desc = if ["image1d_t", "image2d_t", "image3d_t"]
                .iter()
                .any(|t| arg_type.contains(t))
            {
                kind = ARG_KIND_SURFACE;
                arg_type
            } else if let TypeKind::Pointer(addr_space) = pt.kind() {
                let is_acc = acc_ptrs
                    .and_then(|n| n.md_operands().get(i).and_then(|o| o.as_u64()))
                    .is_some_and(|v| v != 0);
                if is_acc && addr_space == 3 {
                    String::new()
                } else if is_acc && stateful_accessors {
                    kind = ARG_KIND_SURFACE;
                    "buffer_t".to_string()
                } else {
                    "svmptr_t".to_string()
                }
            } else {
                String::new()
            };
            kinds.push(int(kind));
            io_kinds.push(zero);
            descs.push(MdOperand::String(ty.md_string(&desc)));
        }
        let node = m.md_node(&[
            MdOperand::Value(f),
            MdOperand::String(ty.md_string(&f.name())),
            MdOperand::Node(m.md_node(&kinds)),
            zero,
            zero,
            MdOperand::Node(m.md_node(&io_kinds)),
            MdOperand::Node(m.md_node(&descs)),
            zero,
            zero,
        ]);
        m.add_named_metadata(GENX_KERNELS, node);
        f.add_fn_attr("oclrt", "1");
        f.add_fn_attr("CMGenxMain", "");
    }
}

/// `f` and every function that reaches it through direct calls.
fn callers_up<'c>(f: Value<'c>) -> Vec<Value<'c>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut queue = VecDeque::from([f]);
    while let Some(g) = queue.pop_front() {
        if !seen.insert(g.name()) {
            continue;
        }
        out.push(g);
        for u in g.users() {
            if u.is_call() && u.called_value() == Some(g) {
                queue.extend(u.parent_function());
            }
        }
    }
    out
}

/// Named barriers. The count given to `__esimd_nbarrier_init(N)` becomes the
/// kernel's (the largest, when several calls reach it), as upstream's
/// `translateNbarrierInit`; the calls go. Then each
/// `__esimd_named_barrier_allocate(N)` (experimental `named_barrier_allocate<N>`)
/// reserves `N` more barriers in every kernel that reaches it and returns
/// the first of them: the kernel's count before the call, which replaces
/// the call. Calls are taken in program order (functions in module order,
/// their instructions in order).
/// Upstream's implementation of this step is not in the sources read here;
/// the behaviour follows its test
/// sycl/test/check_device_code/esimd/NBarrierAttr.cpp (a kernel reaching
/// `named_barrier_init<13>` that allocates 35 waits on barrier 13 and has 48
/// named barriers). Refused, naming the function and the intrinsic: a
/// non-constant count, and a call reached by kernels whose counts differ
/// (no single barrier number can be returned).
fn translate_nbarrier_init(m: &Module<'_>) -> Result<(), PassError> {
    let mut counts: BTreeMap<String, u64> = BTreeMap::new();
    let mut allocates = Vec::new();
    for f in m.functions() {
        let name = f.name();
        let Some(stem) = esimd_intrinsic_stem(&name) else {
            continue;
        };
        if stem.starts_with("__esimd_named_barrier_allocate") {
            allocates.push(f);
            continue;
        }
        if !stem.starts_with("__esimd_nbarrier_init") {
            continue;
        }
        for u in direct_calls(f) {
            let Some(n) = u.operand(0).and_then(|v| v.const_int_zext()) else {
                return Err(PassError::Message(
                    "ESIMD lowering: integral constant is expected for named barrier count".into(),
                ));
            };
            let Some(caller) = u.parent_function() else { continue };
            for g in callers_up(caller) {
                let e = counts.entry(g.name()).or_insert(0);
                *e = (*e).max(n);
            }
        }
    }
    // In program order: functions in module order, instructions in order.
    let calls: Vec<Value<'_>> = m
        .functions()
        .into_iter()
        .flat_map(|g| g.instructions())
        .filter(|i| i.is_call() && i.called_value().is_some_and(|c| allocates.contains(&c)))
        .collect();
    for u in calls {
        let intrinsic = u.callee_name();
        let Some(caller) = u.parent_function() else { continue };
        let refuse = |what: &str| {
            not_supported(format!(
                "call of '{intrinsic}' (named_barrier_allocate) in function '{}': {what}",
                caller.name()
            ))
        };
        let n = u
            .operand(0)
            .and_then(|v| v.const_int_zext())
            .ok_or_else(|| refuse("the barrier count is not a constant"))?;
        let kernels: Vec<String> = callers_up(caller)
            .into_iter()
            .filter(|g| g.call_conv() == CallConv::SpirKernel)
            .map(|g| g.name())
            .collect();
        let firsts: BTreeSet<u64> = kernels.iter().map(|k| counts.get(k).copied().unwrap_or(0)).collect();
        if firsts.len() > 1 {
            return Err(refuse("reached by kernels with different named barrier counts"));
        }
        let first = firsts.into_iter().next().unwrap_or(0);
        for k in kernels {
            counts.insert(k, first + n);
        }
        u.replace_all_uses_with(m.types().const_int(u.ty(), first));
    }
    if !counts.is_empty() {
        set_kernel_md_op(m, NBARRIER_COUNT_OP, &counts, true);
    }
    Ok(())
}

/// The calls of function `f` (its users that call it).
fn direct_calls<'c>(f: Value<'c>) -> Vec<Value<'c>> {
    f.users()
        .into_iter()
        .filter(|u| u.is_call() && u.called_value() == Some(f))
        .collect()
}

/// Sets operand `op` (an `i32`) of the `!genx.kernels` node of each kernel
/// named in `values` to its value; with `only_if_larger`, only where that
/// is larger than the current one.
pub fn set_kernel_md_op(m: &Module<'_>, op: usize, values: &BTreeMap<String, u64>, only_if_larger: bool) {
    let ty = m.types();
    let nodes: Vec<Value<'_>> = m
        .named_metadata(GENX_KERNELS)
        .into_iter()
        .map(|node| {
            let mut ops = node.md_operands();
            let kernel = ops.first().and_then(|o| o.as_value()).map(|v| v.name());
            match kernel.and_then(|k| values.get(&k)).copied() {
                Some(n) if ops.len() > op => {
                    if !only_if_larger || n > ops[op].as_u64().unwrap_or(0) {
                        ops[op] = MdOperand::Value(ty.const_int(ty.int(32), n));
                    }
                    m.md_node(&ops)
                }
                _ => node,
            }
        })
        .collect();
    m.set_named_metadata(GENX_KERNELS, &nodes);
}

/// Reads integer template argument `n` of the callee of `call` as upstream
/// types it under `conv`: (value, bit width).
fn template_arg(call: Value<'_>, n: u8, conv: Conv) -> Result<(i128, u32), PassError> {
    let name = call.callee_name();
    let (_, args) = intrinsics::parse_template_function(&name)
        .ok_or_else(|| not_supported(format!("template arguments of '{name}'")))?;
    let arg = args
        .get(usize::from(n))
        .ok_or_else(|| not_supported(format!("template argument {n} of '{name}'")))?;
    let (value, own_bits) = match *arg {
        TemplateArg::Int(v, bits) => (v, bits),
        TemplateArg::Bool(b) => (i128::from(b), Some(32)),
        TemplateArg::Enum(v) => (v, Some(32)),
        TemplateArg::Other => return Err(not_supported(format!("template argument {n} of '{name}'"))),
    };
    let bits = match conv {
        Conv::None => own_bits.ok_or_else(|| not_supported(format!("template argument {n} of '{name}'")))?,
        Conv::I1 => 1,
        Conv::I8 => 8,
        Conv::I16 => 16,
        Conv::I32 => 32,
        Conv::I64 => 64,
    };
    Ok((value, bits))
}

fn const_of<'c>(m: &Module<'c>, bits: u32, v: i128) -> Value<'c> {
    let ty = m.types();
    let mask = if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 };
    ty.const_int(ty.int(bits), (v as u64) & mask)
}

/// Lowers the instructions of `f`; returns the number of ESIMD intrinsic
/// calls translated through the table.
fn lower_function<'c>(m: &Module<'c>, f: Value<'c>, volatile_types: &HashSet<Type<'c>>) -> Result<usize, PassError> {
    let ty = m.types();
    let mut table_calls = Vec::new();
    let mut erase = Vec::new();
    for inst in f.instructions() {
        if inst.is_cast_instruction() {
            narrow_fp_to_int_cast(m, inst, &mut erase);
            continue;
        }
        if inst.is_call() {
            let Some(callee) = inst.called_function() else { continue };
            let name = callee.name();
            if name.starts_with("llvm.") {
                if name.starts_with("llvm.assume") {
                    erase.push(inst);
                } else if name.starts_with("llvm.fmuladd.") {
                    let b = Builder::before(m, inst);
                    let ops = inst.operands();
                    let mul = b.fmul(ops[0], ops[1], "");
                    let add = b.fadd(mul, ops[2], "");
                    inst.replace_all_uses_with(add);
                    erase.push(inst);
                }
                continue;
            }
            if let Some(spirv) = devicelib_bf16_conversion(&name) {
                lower_devicelib_bf16_conversion(m, inst, spirv)?;
                erase.push(inst);
                continue;
            }
            let Some(stem) = esimd_intrinsic_stem(&name) else {
                continue;
            };
            let stem = stem.to_string();
            let starts = |p: &str| stem.starts_with(p);
            if starts("__esimd_slm_alloc") || starts("__esimd_slm_free") {
                // Lowered by ESIMDLowerSLMReservationCalls.
                continue;
            }
            if starts("__esimd_svm_block_ld") || starts("__esimd_slm_block_ld") {
                block_load(m, inst, starts("__esimd_slm_block_ld"))?;
                erase.push(inst);
            } else if starts("__esimd_svm_block_st") || starts("__esimd_slm_block_st") {
                block_store(m, inst, starts("__esimd_slm_block_st"))?;
                erase.push(inst);
            } else if starts("__esimd_gather_ld") || starts("__esimd_slm_gather_ld") {
                masked_gather_scatter(m, inst, starts("__esimd_slm_gather_ld"), false)?;
                erase.push(inst);
            } else if starts("__esimd_scatter_st") || starts("__esimd_slm_scatter_st") {
                masked_gather_scatter(m, inst, starts("__esimd_slm_scatter_st"), true)?;
                erase.push(inst);
            } else if starts("__esimd_nbarrier_init") || starts("__esimd_named_barrier_allocate") {
                erase.push(inst);
            } else if starts("__esimd_pack_mask") {
                pack_mask(m, inst)?;
                erase.push(inst);
            } else if starts("__esimd_unpack_mask") {
                unpack_mask(m, inst)?;
                erase.push(inst);
            } else if starts("__esimd_vload") && !volatile_types.contains(&inst.ty()) {
                let b = Builder::before(m, inst);
                let l = b.load(inst.ty(), inst.operands()[0], 0, &inst.name());
                inst.replace_all_uses_with(l);
                erase.push(inst);
            } else if starts("__esimd_vstore") && !volatile_types.contains(&inst.operands()[1].ty()) {
                let b = Builder::before(m, inst);
                let ops = inst.operands();
                b.store(ops[1], ops[0], 0);
                erase.push(inst);
            } else if starts("__esimd_fmadd") {
                let t = inst.ty();
                let fma = m
                    .intrinsic_declaration("llvm.fma", &[t])
                    .ok_or_else(|| not_supported("llvm.fma"))?;
                let ops = inst.operands();
                let b = Builder::before(m, inst);
                let r = b.call(fma, &ops[..3], "");
                inst.replace_all_uses_with(r);
                erase.push(inst);
            } else {
                table_calls.push(inst);
            }
            continue;
        }
        if inst.is_load() {
            let Some(p) = inst.operand(0) else { continue };
            let g = if p.is_constant_expr() {
                p.operand(0).unwrap_or(p)
            } else {
                p
            };
            if !g.is_global_variable() {
                continue;
            }
            let gname = g.name();
            let Some(builtin) = gname.strip_prefix(SPIRV_BUILTIN_PREFIX) else {
                continue;
            };
            let lt = inst.ty();
            let v = match builtin {
                "SubgroupLocalInvocationId" => ty.null(lt),
                "SubgroupSize" | "SubgroupMaxSize" if matches!(lt.kind(), TypeKind::Integer(_)) => ty.const_int(lt, 1),
                _ => continue,
            };
            inst.replace_all_uses_with(v);
            erase.push(inst);
        }
    }
    let n = table_calls.len();
    for call in table_calls {
        translate_table_call(m, call)?;
    }
    // Calls lowered to something without a result (stores, scatters,
    // barriers) are erased with their uses left: a declaration that is not
    // `void`, used, is refused.
    if let Some(i) = erase.iter().find(|i| !i.has_no_uses()) {
        return Err(not_supported(format!("a use of the result of '{}'", i.callee_name())));
    }
    for i in erase {
        // SAFETY: no uses (just checked); each instruction of `f` was
        // visited once, so listed once, and `erase` is consumed here.
        unsafe { i.erase_instruction() };
    }
    Ok(n)
}

/// The SPIR-V conversion (and its operand's type: `f32` or `i16` bits)
/// that replaces a bfloat16 device-library function, which takes its
/// operand by reference.
fn devicelib_bf16_conversion(name: &str) -> Option<(&'static str, bool)> {
    match name {
        "__devicelib_ConvertFToBF16INTEL" => Some(("__spirv_ConvertFToBF16INTEL", true)),
        "__devicelib_ConvertBF16ToFINTEL" => Some(("__spirv_ConvertBF16ToFINTEL", false)),
        _ => None,
    }
}

/// `__devicelib_ConvertFToBF16INTEL(ptr %f)` and
/// `__devicelib_ConvertBF16ToFINTEL(ptr %b)`: the operand is loaded (a
/// `float`, an `i16`) and passed by value to the SPIR-V conversion
/// (declared `spir_func`, `nounwind`, `convergent`, `dso_local`), as
/// upstream's `createDeviceLibESIMDDeclaration`.
fn lower_devicelib_bf16_conversion<'c>(
    m: &Module<'c>,
    call: Value<'c>,
    (spirv, from_float): (&'static str, bool),
) -> Result<(), PassError> {
    let ty = m.types();
    let callee = call.callee_name();
    let ops = call.operands();
    let [p, _] = ops.as_slice() else {
        return Err(not_supported(format!("arguments of '{callee}'")));
    };
    if !matches!(p.ty().kind(), TypeKind::Pointer(_)) {
        return Err(not_supported(format!("operand of '{callee}' (not a pointer)")));
    }
    let operand_ty = if from_float { ty.float() } else { ty.int(16) };
    let fn_ty = ty.function(call.ty(), &[operand_ty], false);
    let decl = match m.function(spirv) {
        Some(d) if d.global_value_type() == fn_ty => d,
        Some(_) => {
            return Err(not_supported(format!(
                "'{callee}': '{spirv}' is already declared with another type"
            )))
        }
        None => {
            let d = m.add_function(spirv, fn_ty);
            d.add_enum_fn_attr("nounwind");
            d.add_enum_fn_attr("convergent");
            d.set_dso_local(true);
            d.set_call_conv(CallConv::SpirFunc);
            d
        }
    };
    let b = Builder::before(m, call);
    let v = b.load(operand_ty, *p, 0, "");
    let r = b.call(decl, &[v], &format!("{}.esimd", call.name()));
    call.replace_all_uses_with(r);
    Ok(())
}

/// Vector `fptoui` to at most 32-bit and `fptosi` to less than 32-bit
/// elements: convert to `i32` elements, then truncate.
fn narrow_fp_to_int_cast<'c>(m: &Module<'c>, inst: Value<'c>, erase: &mut Vec<Value<'c>>) {
    let dst = inst.ty();
    if dst.kind() != TypeKind::Vector {
        return;
    }
    let bits = dst.scalar_bits();
    let op = inst.cast_op();
    let unsigned = op == Some(CastOp::FPToUI) && bits <= 32;
    let signed = op == Some(CastOp::FPToSI) && bits < 32;
    if !unsigned && !signed {
        return;
    }
    let ty = m.types();
    let tmp = ty.vector(ty.int(32), dst.element_count() as u32);
    let b = Builder::before(m, inst);
    let src = inst.operands()[0];
    let wide = b.cast(if unsigned { CastOp::FPToUI } else { CastOp::FPToSI }, src, tmp, "");
    let narrow = b.cast(CastOp::Trunc, wide, dst, "");
    inst.replace_all_uses_with(narrow);
    erase.push(inst);
}

/// The address of a block load or store (`inttoptr` to `addrspace(3)` for
/// SLM offsets) and its alignment (template argument 2).
fn block_address<'c>(
    m: &Module<'c>,
    b: &Builder<'c>,
    call: Value<'c>,
    slm: bool,
) -> Result<(Value<'c>, u32), PassError> {
    let (align, _) = template_arg(call, 2, Conv::I64)?;
    let align = u32::try_from(align)
        .ok()
        .filter(|a| a.is_power_of_two())
        .ok_or_else(|| not_supported(format!("alignment {align} of '{}'", call.callee_name())))?;
    let mut p = call.operands()[0];
    if slm {
        p = b.cast(CastOp::IntToPtr, p, m.types().ptr(3), "");
    }
    Ok((p, align))
}

fn block_load<'c>(m: &Module<'c>, call: Value<'c>, slm: bool) -> Result<(), PassError> {
    let b = Builder::before(m, call);
    let (p, align) = block_address(m, &b, call, slm)?;
    let l = b.load(call.ty(), p, align, &call.name());
    call.replace_all_uses_with(l);
    Ok(())
}

fn block_store<'c>(m: &Module<'c>, call: Value<'c>, slm: bool) -> Result<(), PassError> {
    let b = Builder::before(m, call);
    let (p, align) = block_address(m, &b, call, slm)?;
    b.store(call.operands()[1], p, align);
    Ok(())
}

/// `__esimd_gather_ld(offsets, mask, pass_thru)` and
/// `__esimd_scatter_st(values, offsets, mask)` (and their SLM forms):
/// `llvm.masked.gather`/`llvm.masked.scatter` on the offsets turned into
/// generic (SLM: `addrspace(3)`) pointers, the `iN` mask into `i1`, with the
/// alignment of template argument 2.
fn masked_gather_scatter<'c>(m: &Module<'c>, call: Value<'c>, slm: bool, scatter: bool) -> Result<(), PassError> {
    let (align, _) = template_arg(call, 2, Conv::I64)?;
    let align = u32::try_from(align)
        .ok()
        .filter(|a| a.is_power_of_two())
        .ok_or_else(|| not_supported(format!("alignment {align} of '{}'", call.callee_name())))?;
    let ops = call.operands();
    let (offsets, mask, data) = if scatter {
        (ops[1], ops[2], ops[0])
    } else {
        (ops[0], ops[1], ops[2])
    };
    let data_ty = if scatter { data.ty() } else { call.ty() };
    if data_ty.kind() != TypeKind::Vector {
        return Err(not_supported(format!("scalar data of '{}'", call.callee_name())));
    }
    let ty = m.types();
    let b = Builder::before(m, call);
    let mask = b.icmp_ne_zero(mask, "");
    let space = if slm { 3 } else { 4 };
    let ptrs_ty = ty.vector(ty.ptr(space), data_ty.element_count() as u32);
    let ptrs = b.cast(CastOp::IntToPtr, offsets, ptrs_ty, "");
    let access = MaskedAccess {
        ty: data_ty,
        ptrs,
        align,
        mask,
        pass_thru: (!scatter).then_some(data),
    };
    if scatter {
        b.masked_access(&access, Some(data), "");
    } else {
        let g = b.masked_access(&access, None, "");
        call.replace_all_uses_with(g);
    }
    Ok(())
}

/// The mask width of `pack_mask`/`unpack_mask` (template argument 0).
fn mask_width(call: Value<'_>) -> Result<u32, PassError> {
    let (n, _) = template_arg(call, 0, Conv::None)?;
    u32::try_from(n)
        .ok()
        .filter(|n| (1..=32).contains(n))
        .ok_or_else(|| not_supported(format!("mask width {n} of '{}'", call.callee_name())))
}

fn pack_mask<'c>(m: &Module<'c>, call: Value<'c>) -> Result<(), PassError> {
    let n = mask_width(call)?;
    let ty = m.types();
    let b = Builder::before(m, call);
    let name = call.name();
    let arg = call.operands()[0];
    let bits = b.icmp_ne_zero(arg, "");
    let mut r = b.cast(CastOp::BitCast, bits, ty.int(n), if n == 32 { &name } else { "" });
    if n != 32 {
        r = b.cast(CastOp::ZExt, r, ty.int(32), &name);
    }
    call.replace_all_uses_with(r);
    Ok(())
}

fn unpack_mask<'c>(m: &Module<'c>, call: Value<'c>) -> Result<(), PassError> {
    let n = mask_width(call)?;
    let ty = m.types();
    let b = Builder::before(m, call);
    let mut arg = call.operands()[0];
    if arg.ty().scalar_bits() > n {
        arg = b.cast(CastOp::Trunc, arg, ty.int(n), "");
    }
    let v = b.cast(CastOp::BitCast, arg, ty.vector(ty.int(1), n), "");
    let name = call.name();
    call.set_name("");
    let r = b.cast(CastOp::ZExt, v, ty.vector(ty.int(16), n), &name);
    call.replace_all_uses_with(r);
    Ok(())
}

/// The name of the GenX declaration for `rule` with these types (`op`: the
/// atomic operation's suffix; `overloads`: the overloaded types, the row's
/// or those of its atomic operation; `ret_types`: the overloaded result
/// types, one or, for a pair result, two).
fn genx_name(
    rule: &intrinsics::Rule,
    op: Option<&str>,
    overloads: intrinsics::Overloads,
    ret_types: &[Type<'_>],
    args: &[Value<'_>],
) -> Option<String> {
    let mut name = format!("llvm.genx.{}", rule.genx);
    if rule.shape == Shape::Unmangled {
        return Some(name);
    }
    if let Some(op) = op {
        name.push('.');
        name.push_str(op);
    }
    if rule.num_kind_suffix {
        let ret = ret_types.first()?;
        name.push(if ret.scalar_type().is_fp_or_fp_vector() {
            'f'
        } else {
            'i'
        });
    }
    if overloads.ret {
        for t in ret_types {
            name.push('.');
            name.push_str(&t.intrinsic_suffix()?);
        }
    }
    for &i in overloads.args {
        name.push('.');
        name.push_str(&args.get(i)?.ty().intrinsic_suffix()?);
    }
    Some(name)
}

fn translate_table_call<'c>(m: &Module<'c>, call: Value<'c>) -> Result<(), PassError> {
    let callee = call.callee_name();
    let (base, _) = intrinsics::parse_template_function(&callee)
        .ok_or_else(|| not_supported(format!("ESIMD intrinsic '{callee}' (its mangled name)")))?;
    let source = base.strip_prefix("__esimd_").unwrap_or(&base);
    let rule = intrinsics::lookup(source)
        .ok_or_else(|| not_supported(format!("ESIMD intrinsic '{callee}' (__esimd_{source})")))?;
    let ty = m.types();
    let ops = call.operands();
    let operand = |i: u8| -> Result<Value<'c>, PassError> {
        ops.get(usize::from(i))
            .copied()
            .filter(|_| usize::from(i) + 1 < ops.len())
            .ok_or_else(|| not_supported(format!("arguments of ESIMD intrinsic '{callee}'")))
    };
    // A pair result is returned through the first argument: the address
    // cast of the caller's slot, where the GenX result is stored.
    let slot = if rule.shape == Shape::StructRet {
        // The call goes without a replacement.
        if !call.has_no_uses() {
            return Err(not_supported(format!(
                "a use of the result of ESIMD intrinsic '{callee}'"
            )));
        }
        let sret = operand(0)?;
        if !sret.is_addrspacecast_inst() {
            return Err(not_supported(format!(
                "result address of ESIMD intrinsic '{callee}' (not an addrspacecast instruction)"
            )));
        }
        Some(sret.operands()[0])
    } else {
        None
    };
    let b = Builder::before(m, call);
    let mut args = Vec::new();
    for a in rule.args {
        let v = match *a {
            Arg::Call(i) => operand(i)?,
            Arg::CallI1(i) => b.icmp_ne_zero(operand(i)?, ""),
            Arg::Surface(i) => {
                let v = operand(i)?;
                if v.ty().kind() != TypeKind::Integer(32) {
                    return Err(not_supported(format!(
                        "surface index argument {i} of ESIMD intrinsic '{callee}' (not an i32)"
                    )));
                }
                v
            }
            Arg::Tmpl(i, conv) => {
                let (v, bits) = template_arg(call, i, conv)?;
                const_of(m, bits, v)
            }
            Arg::Undef(i) => {
                let t = if i < 0 { call.ty() } else { operand(i as u8)?.ty() };
                ty.undef(t)
            }
            Arg::C8(v) => ty.const_int(ty.int(8), v),
            Arg::C16(v) => ty.const_int(ty.int(16), v),
            Arg::C32(v) => ty.const_int(ty.int(32), v),
            Arg::C64(v) => ty.const_int(ty.int(64), v),
        };
        args.push(v);
    }
    // The result type of a GenX intrinsic with an overloaded result is the
    // call's; any/all return i1; a pair is {T, T} of the first argument.
    let ret_types: Vec<Type<'c>> = match rule.shape {
        Shape::StructRet => {
            let t = args
                .first()
                .ok_or_else(|| not_supported(format!("arguments of ESIMD intrinsic '{callee}'")))?
                .ty();
            vec![t, t]
        }
        _ if rule.source == "any" || rule.source == "all" => vec![ty.int(1)],
        _ => vec![call.ty()],
    };
    let ret = match rule.shape {
        Shape::StructRet => ty.literal_struct(&ret_types),
        _ => ret_types[0],
    };
    let (op, overloads) = match rule.bin_op_suffix {
        Some(t) => {
            let (code, _) = template_arg(call, t, Conv::None)?;
            let found = intrinsics::bin_op_name(code)
                .and_then(|op| Some((op, intrinsics::bin_op_overloads(rule, op)?)))
                .ok_or_else(|| not_supported(format!("atomic operation {code} of ESIMD intrinsic '{callee}'")))?;
            (Some(found.0), found.1)
        }
        None => (None, rule.overloads),
    };
    let name = genx_name(rule, op, overloads, &ret_types, &args)
        .ok_or_else(|| not_supported(format!("types of ESIMD intrinsic '{callee}'")))?;
    let decl = match m.function(&name) {
        Some(d) => d,
        None => {
            let param_types: Vec<Type<'c>> = args.iter().map(|a| a.ty()).collect();
            let d = m.add_function(&name, ty.function(ret, &param_types, false));
            if rule.shape != Shape::Unmangled {
                d.add_enum_fn_attr("nounwind");
                if rule.no_mem {
                    d.set_memory_none();
                }
                if rule.convergent {
                    d.add_enum_fn_attr("convergent");
                }
            }
            d
        }
    };
    if decl.global_value_type() != ty.function(ret, &args.iter().map(|a| a.ty()).collect::<Vec<_>>(), false) {
        return Err(not_supported(format!(
            "ESIMD intrinsic '{callee}': '{name}' is already declared with another type"
        )));
    }
    // Named `<name>.esimd` (`.esimd` for an unnamed call) unless void, as
    // upstream names it.
    let new_name = format!("{}.esimd", call.name());
    let new_call = b.call(decl, &args, &new_name);
    if let Some(slot) = slot {
        b.store(new_call, slot, 0);
        // SAFETY: no uses (checked where `slot` was found); the caller
        // (`lower_function`) lists each call once and does not look at it
        // again.
        unsafe { call.erase_instruction() };
        return Ok(());
    }
    let result = if new_call.ty() != call.ty() && call.ty().kind() != TypeKind::Void {
        let op = match (new_call.ty().scalar_bits(), call.ty().scalar_bits()) {
            (a, b) if a < b => CastOp::ZExt,
            (a, b) if a > b => CastOp::Trunc,
            _ => CastOp::BitCast,
        };
        let cast_name = format!("{}.cast.ty", new_call.name());
        b.cast(op, new_call, call.ty(), &cast_name)
    } else {
        new_call
    };
    call.replace_all_uses_with(result);
    // SAFETY: its uses moved to `result` just above; the caller
    // (`lower_function`) lists each call once and does not look at it again.
    unsafe { call.erase_instruction() };
    Ok(())
}
