//! Local accessors to shared memory on NVPTX and AMDGCN (upstream's
//! `LocalAccessorToSharedMemoryPass`, `opt -passes=localaccessortosharedmemory`).
//!
//! CUDA and HIP cannot take a pointer to work-group local memory as a kernel
//! argument. For every kernel with parameters that are pointers to local
//! memory (address space 3), the kernel is rebuilt with those parameters
//! turned into `i32` byte offsets into one external, dynamically sized
//! shared-memory array per kernel, `@<kernel>_shared_mem` (`[0 x i8]`,
//! `addrspace(3)`, `align 4`). At the top of the entry block each offset
//! becomes a pointer again (`getelementptr` into the array, then a
//! `bitcast` to the parameter's old type) that takes over the old
//! parameter's name and uses. Other parameters keep their types, names and
//! attributes. The new function takes the kernel's name, attributes, calling
//! convention, comdat and metadata (debug info included) and is placed at the
//! end of the module; references to the old kernel follow it, and the
//! `!nvvm.annotations` / `!amdgcn.annotations` entries naming it become
//! distinct nodes naming the new one.
//!
//! The runtime passes, for each local accessor, its offset in the kernel's
//! dynamic shared memory and launches with the sum of their sizes as the
//! dynamic shared-memory size. Upstream runs this pass in the NVPTX (CUDA)
//! and AMDGCN (AMDHSA) code generators' IR pipelines, not in
//! `sycl-post-link`; here `sycl-opt` runs it.
//!
//! Before:
//! ```llvm
//! define ptx_kernel void @k(ptr addrspace(3) %a, ptr addrspace(1) %b) {
//! entry:
//!   %0 = load i32, ptr addrspace(3) %a
//!   ret void
//! }
//! ```
//! After:
//! ```llvm
//! @k_shared_mem = external addrspace(3) global [0 x i8], align 4
//! define ptx_kernel void @k(i32 %0, ptr addrspace(1) %b) {
//! entry:
//!   %1 = getelementptr inbounds [0 x i8], ptr addrspace(3) @k_shared_mem, i32 0, i32 %0
//!   %a = bitcast ptr addrspace(3) %1 to ptr addrspace(3)
//!   %2 = load i32, ptr addrspace(3) %a
//!   ret void
//! }
//! ```
//!
//! Differences from upstream: upstream's newest pass runs only on modules
//! with the `sycl-device` module flag; this one runs on any NVPTX or AMDGCN
//! module it is asked to lower, as upstream's older pass did. Kernels are
//! found by calling convention or annotation on both targets (see
//! [`crate::target_helpers`]).

use sycl_ir::{Builder, Module, Type, TypeKind, Value};

use crate::target_helpers::{make_annotations_distinct, GpuTarget, Kernels, LOCAL_ADDR_SPACE};
use crate::PassError;

/// Suffix of the shared-memory array of a kernel.
pub const SHARED_MEM_SUFFIX: &str = "_shared_mem";

/// Rewrites the local-memory pointer parameters of the kernels of `m` (see
/// the module doc). Returns true if the module changed.
pub fn local_accessor_to_shared_memory(m: &Module<'_>) -> Result<bool, PassError> {
    let Some(target) = GpuTarget::of_triple(&m.triple()) else {
        return Ok(false);
    };
    let kernels = Kernels::find(m, target);
    let todo: Vec<Value<'_>> = kernels
        .iter()
        .filter(|k| !k.is_declaration())
        .filter(|k| (0..k.param_count()).any(|i| is_local_pointer(k.param(i).ty())))
        .collect();
    if todo.is_empty() {
        return Ok(false);
    }
    kernels.check_unused()?;
    for k in todo {
        rewrite_kernel(m, target, k)?;
    }
    Ok(true)
}

fn is_local_pointer(ty: Type<'_>) -> bool {
    ty.kind() == TypeKind::Pointer(LOCAL_ADDR_SPACE)
}

fn rewrite_kernel<'c>(m: &Module<'c>, target: GpuTarget, k: Value<'c>) -> Result<(), PassError> {
    if k.global_value_type().is_var_arg() {
        return Err(PassError::Message(format!(
            "variadic arguments prohibited in SYCL: '{}'",
            k.name()
        )));
    }
    let types = m.types();
    let i32_ty = types.int(32);
    let name = k.name();
    let shared_ty = types.array(types.int(8), 0);
    let shared = m.add_global(&format!("{name}{SHARED_MEM_SUFFIX}"), shared_ty, LOCAL_ADDR_SPACE);
    shared.set_alignment(4);

    let old_params: Vec<Value<'c>> = (0..k.param_count()).map(|i| k.param(i)).collect();
    let replaced: Vec<bool> = old_params.iter().map(|p| is_local_pointer(p.ty())).collect();
    let new_types: Vec<Type<'c>> = old_params
        .iter()
        .zip(&replaced)
        .map(|(p, &r)| if r { i32_ty } else { p.ty() })
        .collect();
    let keep_attrs: Vec<bool> = replaced.iter().map(|r| !r).collect();

    let nf = k.rebuild_with_params(&new_types, &keep_attrs);
    k.set_name("");
    nf.set_name(&name);
    k.move_body_into(nf);

    let b = Builder::new(m);
    let zero = types.const_int(i32_ty, 0);
    for (i, (old, &r)) in old_params.iter().zip(&replaced).enumerate() {
        let new = nf.param(i as u32);
        let old_name = old.name();
        let value = if r {
            let front = nf
                .entry_first_instruction()
                .ok_or_else(|| PassError::Message(format!("kernel '{name}' has an empty entry block")))?;
            b.position_before(front);
            b.clear_debug_location();
            let gep = b.inbounds_gep(shared_ty, shared, &[zero, new], &new.name());
            b.bitcast_instruction(gep, old.ty(), "")
        } else {
            new
        };
        old.replace_all_uses_with(value);
        old.set_name("");
        value.set_name(&old_name);
    }
    k.replace_all_uses_with(nf);
    make_annotations_distinct(m, target, nf);
    // SAFETY: `k`'s uses and its parameters' moved to `nf` above, its body
    // into `nf`; the caller's `todo` holds each kernel once (`Kernels`
    // lists each once) and does not look at `k` again, nor is `kernels`
    // read after the loop.
    unsafe { k.erase_global() };
    Ok(())
}
