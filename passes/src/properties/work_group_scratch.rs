//! `[SYCL/work group dynamic local mem]`: the kernels that use work-group
//! scratch memory (`get_work_group_scratch_memory`), so that the runtime can
//! refuse a launch without the `work_group_scratch_size` property (upstream
//! PR #21850, 2026; `getKernelNamesUsingWorkGroupDynamicMem`).
//!
//! ```text
//! define spir_kernel void @k() #0   ; #0 = { "sycl-work-group-scratch" }
//!   =>  [SYCL/work group dynamic local mem]
//!       k=1|1
//! ```
//!
//! The front end's `SYCLLowerWGLocalMemory` pass marks every kernel that
//! reaches `__sycl_dynamicLocalMemoryPlaceholder` with the function attribute
//! `sycl-work-group-scratch`; the set lists the kernels (any kernel calling
//! convention) that carry it, in module order, with value 1.

use sycl_ir::Module;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};

/// Function attribute of a kernel that uses work-group scratch memory.
pub const ATTR_WORK_GROUP_SCRATCH: &str = "sycl-work-group-scratch";

/// The kernels of `m` that use work-group scratch memory, in module order.
pub fn kernels_using_work_group_scratch(m: &Module<'_>) -> Vec<String> {
    m.functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && f.call_conv().is_kernel() && f.has_fn_attr(ATTR_WORK_GROUP_SCRATCH))
        .map(|f| f.name())
        .collect()
}

/// Adds `[SYCL/work group dynamic local mem]` when some kernel qualifies.
pub fn add_work_group_dynamic_local_mem(m: &Module<'_>, reg: &mut PropertySetRegistry) {
    for k in kernels_using_work_group_scratch(m) {
        reg.add(names::WORK_GROUP_DYNAMIC_LOCAL_MEM, k, PropertyValue::UInt32(1));
    }
}
