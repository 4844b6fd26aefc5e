//! Per-target filtering of device images: which images go into the table of
//! `sycl-post-link -o <target>,<table>` (upstream `isTargetCompatibleWithModule`
//! in llvm/tools/sycl-post-link/sycl-post-link.cpp, with the device
//! configuration table of llvm/include/llvm/SYCLLowerIR/DeviceConfigFile.td;
//! reference 2.5).
//!
//! ```text
//! define spir_kernel void @k() !sycl_used_aspects !0
//! !0 = !{!1}
//! !1 = !{!"fp64", i32 6}
//!   -o intel_gpu_tgllp,t.table  =>  @k's image is left out of t.table (no fp64)
//!   -o intel_gpu_pvc,p.table    =>  it is listed (fp16, fp64, atomic64, ...)
//!   -o my_board,m.table         =>  it is listed (unknown target)
//! ```
//!
//! Rules, all upstream's:
//! - an empty target, or one not in the table, accepts every image (upstream
//!   keeps this as a TODO rather than an error);
//! - a known target accepts an image when the **name** of every aspect in its
//!   device requirements is in the target's aspect list. Names, not values,
//!   are compared; they come from the image's own `sycl_used_aspects` pairs
//!   (`{!"fp64", i32 6}`) — neither the module's `!sycl_aspects` list nor a
//!   built-in value-to-name table is consulted — so an aspect that was only
//!   given as a plain integer has the name `""` and no known target accepts
//!   it (see [`DeviceRequirements::aspect_names`]);
//! - and, unless the image is ESIMD_ONLY (its `reqd_sub_group_size` is 1,
//!   which no target lists), when its required sub-group size, if any, is in
//!   the target's sub-group sizes;
//! - `maySupportOtherAspects` of the table plays no part, so targets with an
//!   empty aspect list (`spir64`, `spir64_gen`, `amd_gpu_gfx1200`, ...) accept
//!   only images that use no aspect and require no sub-group size.
//!
//! The decision only picks tables: the image's IR and `.sym` files are
//! written whatever the targets say; a table that does not accept an image
//! gets neither its row nor its `.prop` file.

use std::cell::OnceCell;

use sycl_ir::{Module, Value};

use crate::properties::{DeviceRequirements, EsimdStatus};

/// One target of the device configuration table.
#[derive(Debug)]
pub struct TargetInfo {
    /// The target name as given to `-o <target>,<file>` (upstream `DeviceId`).
    pub name: &'static str,
    /// The supported aspects: the union of these lists (the `.td` file builds
    /// them by list concatenation).
    aspect_lists: &'static [&'static [&'static str]],
    /// The supported sub-group sizes.
    pub sub_group_sizes: &'static [u32],
}

impl TargetInfo {
    /// Whether the target lists the aspect `name`.
    pub fn supports_aspect(&self, name: &str) -> bool {
        self.aspects().any(|a| a == name)
    }

    /// The supported aspect names, in table order (a name may repeat).
    pub fn aspects(&self) -> impl Iterator<Item = &'static str> {
        self.aspect_lists.iter().flat_map(|l| l.iter().copied())
    }

    /// Whether the target lists the sub-group size `size`.
    pub fn supports_sub_group_size(&self, size: u32) -> bool {
        self.sub_group_sizes.contains(&size)
    }
}

/// The target of that name, `None` when it is not in the table.
pub fn find_target(name: &str) -> Option<&'static TargetInfo> {
    TARGETS.iter().find(|t| t.name == name)
}

/// Every target of the table, in the `.td` file's order.
pub fn targets() -> &'static [TargetInfo] {
    TARGETS
}

/// Whether an image with requirements `reqs` can be compiled for and run on
/// `target` (upstream `isTargetCompatibleWithModule` for a known target).
pub fn is_compatible(target: &TargetInfo, reqs: &DeviceRequirements, status: EsimdStatus) -> bool {
    if !reqs.aspect_names.iter().all(|name| target.supports_aspect(name)) {
        return false;
    }
    match reqs.reqd_sub_group_size {
        Some(size) if status != EsimdStatus::EsimdOnly => target.supports_sub_group_size(size),
        _ => true,
    }
}

/// Decides, table by table, whether one saved image belongs to a target's
/// table. The image's requirements are computed once, on the first known
/// target asked about.
pub struct TargetFilter<'a, 'c> {
    module: &'a Module<'c>,
    entry_points: &'a [String],
    status: EsimdStatus,
    reqs: OnceCell<DeviceRequirements>,
}

impl<'a, 'c> TargetFilter<'a, 'c> {
    /// A filter for module `m` with entry points `entry_points` (names) and
    /// ESIMD status `status`.
    pub fn new(m: &'a Module<'c>, entry_points: &'a [String], status: EsimdStatus) -> Self {
        TargetFilter {
            module: m,
            entry_points,
            status,
            reqs: OnceCell::new(),
        }
    }

    /// Whether the image goes into the table of `target` (empty for an `-o`
    /// without a target).
    pub fn accepts(&self, target: &str) -> bool {
        if target.is_empty() {
            return true;
        }
        let Some(info) = find_target(target) else {
            return true;
        };
        let reqs = self.reqs.get_or_init(|| {
            let m = self.module;
            let entries: Vec<Value<'_>> = self.entry_points.iter().filter_map(|n| m.function(n)).collect();
            DeviceRequirements::compute(m, &entries)
        });
        is_compatible(info, reqs, self.status)
    }
}

// The device configuration table, written from the facts of
// llvm/include/llvm/SYCLLowerIR/DeviceConfigFile.td (target names, aspect
// names, sub-group sizes). Revision: the newest copy found, the one at
// KornevNikita/llvm@fabc8bf0a5902556f20a44644ae1a96d26abca15 (a fork that
// follows intel/llvm's sycl branch; the intel/llvm copy in the index,
// @89110f9ef3217ff04ff722d21c0d470273ef14b8, is older: it lacks the Battlemage,
// Lunar Lake, Panther Lake and CPU entries and has different HIP lists).
// Names and lists below keep the `.td` file's grouping and order.

/// Every aspect of the SYCL runtime (the `.td` file's `__TestAspectList`).
const ALL_ASPECTS: &[&str] = &[
    "cpu",
    "gpu",
    "accelerator",
    "custom",
    "fp16",
    "fp64",
    "image",
    "online_compiler",
    "online_linker",
    "queue_profiling",
    "usm_device_allocations",
    "usm_host_allocations",
    "usm_shared_allocations",
    "usm_system_allocations",
    "ext_intel_pci_address",
    "ext_intel_gpu_eu_count",
    "ext_intel_gpu_eu_simd_width",
    "ext_intel_gpu_slices",
    "ext_intel_gpu_subslices_per_slice",
    "ext_intel_gpu_eu_count_per_subslice",
    "ext_intel_max_mem_bandwidth",
    "usm_atomic_host_allocations",
    "usm_atomic_shared_allocations",
    "atomic64",
    "ext_intel_device_info_uuid",
    "ext_oneapi_srgb",
    "ext_oneapi_native_assert",
    "host_debuggable",
    "ext_intel_gpu_hw_threads_per_eu",
    "ext_oneapi_cuda_async_barrier",
    "ext_intel_free_memory",
    "ext_intel_device_id",
    "ext_intel_memory_clock_rate",
    "ext_intel_memory_bus_width",
    "emulated",
    "ext_intel_legacy_image",
    "ext_oneapi_bindless_images",
    "ext_oneapi_bindless_images_shared_usm",
    "ext_oneapi_bindless_images_1d_usm",
    "ext_oneapi_bindless_images_2d_usm",
    "ext_oneapi_external_memory_import",
    "ext_oneapi_external_semaphore_import",
    "ext_oneapi_mipmap",
    "ext_oneapi_mipmap_anisotropy",
    "ext_oneapi_mipmap_level_reference",
    "ext_oneapi_cubemap",
    "ext_oneapi_cubemap_seamless_filtering",
    "ext_oneapi_image_array",
    "ext_oneapi_unique_addressing_per_dim",
    "ext_oneapi_bindless_images_sample_1d_usm",
    "ext_oneapi_bindless_images_sample_2d_usm",
    "ext_oneapi_bindless_sampled_image_fetch_1d_usm",
    "ext_oneapi_bindless_sampled_image_fetch_1d",
    "ext_oneapi_bindless_sampled_image_fetch_2d_usm",
    "ext_oneapi_bindless_sampled_image_fetch_2d",
    "ext_oneapi_bindless_sampled_image_fetch_3d",
    "ext_oneapi_bindless_images_gather",
    "ext_intel_esimd",
    "ext_oneapi_fragment",
    "ext_oneapi_chunk",
    "ext_oneapi_tangle",
    "ext_intel_matrix",
    "ext_oneapi_is_composite",
    "ext_oneapi_is_component",
    "ext_oneapi_graph",
    "ext_oneapi_limited_graph",
    "ext_oneapi_private_alloca",
    "ext_oneapi_queue_profiling_tag",
    "ext_oneapi_virtual_mem",
    "ext_oneapi_cuda_cluster_group",
    "ext_oneapi_atomic16",
    "ext_oneapi_virtual_functions",
    "ext_intel_spill_memory_size",
    "ext_intel_current_clock_throttle_reasons",
    "ext_intel_fan_speed",
    "ext_intel_power_limits",
    "ext_oneapi_async_memory_alloc",
    "ext_intel_device_info_luid",
    "ext_intel_device_info_node_mask",
    "ext_oneapi_exportable_device_mem",
    "ext_oneapi_clock_sub_group",
    "ext_oneapi_clock_work_group",
    "ext_oneapi_clock_device",
    "ext_oneapi_is_integrated_gpu",
    "ext_oneapi_ipc_memory",
    "ext_oneapi_device_wait",
    "ext_intel_xe_stack_count",
    "ext_intel_xe_regions_per_stack",
    "ext_intel_xe_clusters_per_region",
    "ext_intel_xe_cores_per_cluster",
    "ext_intel_eus_per_xe_core",
    "ext_intel_max_lanes_per_hw_thread",
    "ext_oneapi_ipc_physical_memory",
    "ext_oneapi_register_host_memory",
    "ext_oneapi_per_event_profiling",
    "ext_oneapi_ipc_event",
    "ext_intel_igca",
];

/// Deprecated aspects (`__TestDeprecatedAspectList`).
const DEPRECATED_ASPECTS: &[&str] = &[
    "int64_base_atomics",
    "int64_extended_atomics",
    "usm_system_allocator",
    "usm_restricted_shared_allocations",
    "host",
];

/// `AllUSMAspects`.
const ALL_USM: &[&str] = &[
    "usm_device_allocations",
    "usm_host_allocations",
    "usm_shared_allocations",
    "usm_system_allocations",
    "usm_atomic_host_allocations",
    "usm_atomic_shared_allocations",
];

/// `IntelCpuAspects` without its `AllUSMAspects` part.
const INTEL_CPU: &[&str] = &[
    "cpu",
    "fp16",
    "fp64",
    "queue_profiling",
    "atomic64",
    "ext_oneapi_srgb",
    "ext_oneapi_native_assert",
    "ext_intel_legacy_image",
    "ext_oneapi_fragment",
    "ext_oneapi_chunk",
    "ext_oneapi_tangle",
    "ext_oneapi_private_alloca",
    "online_compiler",
    "online_linker",
    "ext_intel_gpu_slices",
    "ext_intel_gpu_subslices_per_slice",
    "ext_intel_gpu_eu_count_per_subslice",
    "ext_intel_gpu_hw_threads_per_eu",
    "ext_intel_device_id",
    "ext_oneapi_virtual_functions",
];
const INTEL_CPU_ASPECTS: &[&[&str]] = &[INTEL_CPU, ALL_USM];
const SG_CPU: &[u32] = &[4, 8, 16, 32, 64];

/// `IntelGPUBaseAspects`, part of every Intel GPU.
const INTEL_GPU_BASE: &[&str] = &[
    "ext_intel_esimd",
    "ext_oneapi_fragment",
    "ext_oneapi_chunk",
    "ext_oneapi_tangle",
];
/// `IntelGPUBaseAspects # Fp16Fp64Atomic64`.
const INTEL_GPU_FP64: &[&[&str]] = &[INTEL_GPU_BASE, &["fp16", "fp64", "atomic64"]];
/// `IntelGPUBaseAspects # Fp16Atomic64`.
const INTEL_GPU_NO_FP64: &[&[&str]] = &[INTEL_GPU_BASE, &["fp16", "atomic64"]];
const SG_8_16_32: &[u32] = &[8, 16, 32];
const SG_16_32: &[u32] = &[16, 32];

/// `CudaMinUSMAspects`.
const CUDA_MIN_USM: &[&str] = &[
    "usm_device_allocations",
    "usm_host_allocations",
    "usm_shared_allocations",
];
/// `CudaSM90USMAspects`.
const CUDA_SM90_USM: &[&str] = &[
    "usm_system_allocations",
    "usm_atomic_host_allocations",
    "usm_atomic_shared_allocations",
];
/// `CudaMinAspects` without its `CudaMinUSMAspects` part.
const CUDA_MIN: &[&str] = &[
    "gpu",
    "fp64",
    "online_compiler",
    "online_linker",
    "queue_profiling",
    "ext_intel_pci_address",
    "ext_intel_memory_bus_width",
    "ext_intel_device_info_uuid",
    "ext_oneapi_native_assert",
    "ext_intel_free_memory",
    "ext_intel_device_id",
    "ext_intel_memory_clock_rate",
    "ext_oneapi_fragment",
    "ext_oneapi_chunk",
    "ext_oneapi_graph",
    "ext_oneapi_limited_graph",
];
/// `CudaBindlessImagesAspects` (the `.td` file lists
/// `ext_oneapi_bindless_images_sample_2d_usm` twice; so does this list).
const CUDA_BINDLESS: &[&str] = &[
    "ext_oneapi_bindless_images",
    "ext_oneapi_bindless_images_shared_usm",
    "ext_oneapi_bindless_images_1d_usm",
    "ext_oneapi_bindless_images_2d_usm",
    "ext_oneapi_external_memory_import",
    "ext_oneapi_external_semaphore_import",
    "ext_oneapi_mipmap",
    "ext_oneapi_mipmap_anisotropy",
    "ext_oneapi_mipmap_level_reference",
    "ext_oneapi_cubemap",
    "ext_oneapi_cubemap_seamless_filtering",
    "ext_oneapi_image_array",
    "ext_oneapi_unique_addressing_per_dim",
    "ext_oneapi_bindless_images_sample_2d_usm",
    "ext_oneapi_bindless_images_sample_2d_usm",
];
const CUDA_SM50: &[&[&str]] = &[CUDA_MIN_USM, CUDA_MIN, CUDA_BINDLESS];
const CUDA_SM53: &[&[&str]] = &[CUDA_MIN_USM, CUDA_MIN, CUDA_BINDLESS, &["fp16"]];
const CUDA_SM60: &[&[&str]] = &[CUDA_MIN_USM, CUDA_MIN, CUDA_BINDLESS, &["fp16", "atomic64"]];
const CUDA_SM80: &[&[&str]] = &[
    CUDA_MIN_USM,
    CUDA_MIN,
    CUDA_BINDLESS,
    &["fp16", "atomic64", "ext_oneapi_cuda_async_barrier"],
];
const CUDA_SM90: &[&[&str]] = &[
    CUDA_MIN_USM,
    CUDA_MIN,
    CUDA_SM90_USM,
    CUDA_BINDLESS,
    &[
        "fp16",
        "atomic64",
        "ext_oneapi_cuda_async_barrier",
        "ext_oneapi_cuda_cluster_group",
    ],
];
/// CUDA targets have one sub-group size, 32 (the `.td` file asserts it).
const SG_CUDA: &[u32] = &[32];

/// `HipMinAspects` without `ext_intel_free_memory`
/// (`!listremove(HipMinAspects, [AspectExt_intel_free_memory])`).
const HIP_MIN_NO_FREE_MEMORY: &[&str] = &[
    "gpu",
    "fp16",
    "fp64",
    "online_compiler",
    "online_linker",
    "queue_profiling",
    "ext_intel_pci_address",
    "ext_intel_device_id",
    "ext_intel_memory_clock_rate",
    "ext_intel_memory_bus_width",
];
/// `HipMinAspects` = the list above + `ext_intel_free_memory`.
const HIP_MIN: &[&[&str]] = &[HIP_MIN_NO_FREE_MEMORY, &["ext_intel_free_memory"]];
/// `HipUSMAspects`: `AllUSMAspects` without `usm_system_allocations`.
const HIP_USM: &[&str] = &[
    "usm_device_allocations",
    "usm_host_allocations",
    "usm_shared_allocations",
    "usm_atomic_host_allocations",
    "usm_atomic_shared_allocations",
];
/// `HipGraphAspects`.
const HIP_GRAPH: &[&str] = &["ext_oneapi_graph", "ext_oneapi_limited_graph"];
const HIP_MIN_USM: &[&[&str]] = &[HIP_MIN_NO_FREE_MEMORY, &["ext_intel_free_memory"], HIP_USM];
const HIP_GFX1031: &[&[&str]] = &[HIP_MIN_NO_FREE_MEMORY, HIP_USM];
const HIP_CDNA_UUID: &[&[&str]] = &[
    HIP_MIN_NO_FREE_MEMORY,
    &["ext_intel_free_memory"],
    HIP_USM,
    HIP_GRAPH,
    &["ext_intel_device_info_uuid"],
];
const HIP_GFX90A: &[&[&str]] = &[
    HIP_MIN_NO_FREE_MEMORY,
    &["ext_intel_free_memory"],
    HIP_USM,
    HIP_GRAPH,
    &["atomic64", "ext_intel_device_info_uuid", "ext_oneapi_native_assert"],
];
const HIP_GFX1030: &[&[&str]] = &[
    HIP_MIN_NO_FREE_MEMORY,
    &["ext_intel_free_memory"],
    HIP_USM,
    HIP_GRAPH,
    &["atomic64", "ext_intel_device_info_uuid"],
];
/// GCN2 (gfx7) and GCN3 (gfx8).
const SG_HIP_GCN2_3: &[u32] = &[16];
/// GCN5 (gfx9 "Vega") and CDNA (gfx908, gfx90a, gfx94x).
const SG_HIP_64: &[u32] = &[64];
/// RDNA (gfx10, gfx11): wave32.
const SG_HIP_RDNA: &[u32] = &[32];

const NONE: &[&[&str]] = &[];

const fn target(
    name: &'static str,
    aspect_lists: &'static [&'static [&'static str]],
    sub_group_sizes: &'static [u32],
) -> TargetInfo {
    TargetInfo {
        name,
        aspect_lists,
        sub_group_sizes,
    }
}

static TARGETS: &[TargetInfo] = &[
    target("__TestAspectList", &[ALL_ASPECTS], &[]),
    target("__TestDeprecatedAspectList", &[DEPRECATED_ASPECTS], &[]),
    // Generic and CPU targets.
    target("spir64", NONE, &[]),
    target("spir64_gen", NONE, &[]),
    target("spir64_x86_64", INTEL_CPU_ASPECTS, SG_CPU),
    target("x86_64", INTEL_CPU_ASPECTS, SG_CPU),
    target("intel_cpu_spr", INTEL_CPU_ASPECTS, SG_CPU),
    target("intel_cpu_gnr", INTEL_CPU_ASPECTS, SG_CPU),
    // Intel GPUs (canonical names only).
    target("intel_gpu_cri", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_nvl_p", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_nvl_u", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_nvl_s", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_wcl", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_ptl", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_ptl_u", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_ptl_h", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_bmg", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_lnl_m", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_bmg_g31", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_bmg_g21", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_arl_h", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_mtl", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_mtl_h", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_mtl_u", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_pvc_vg", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_pvc", INTEL_GPU_FP64, SG_16_32),
    target("intel_gpu_dg2", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_acm_g12", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_acm_g11", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_acm_g10", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_dg1", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_adl_n", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_adl_p", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_adl_s", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_rkl", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_tgllp", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_ehl", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_icllp", INTEL_GPU_NO_FP64, SG_8_16_32),
    target("intel_gpu_cml", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_aml", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_whl", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_glk", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_apl", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_cfl", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_kbl", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_skl", INTEL_GPU_FP64, SG_8_16_32),
    target("intel_gpu_bdw", INTEL_GPU_FP64, SG_8_16_32),
    // NVIDIA GPUs.
    target("nvidia_gpu_sm_50", CUDA_SM50, SG_CUDA),
    target("nvidia_gpu_sm_52", CUDA_SM50, SG_CUDA),
    target("nvidia_gpu_sm_53", CUDA_SM53, SG_CUDA),
    target("nvidia_gpu_sm_60", CUDA_SM60, SG_CUDA),
    target("nvidia_gpu_sm_61", CUDA_SM60, SG_CUDA),
    target("nvidia_gpu_sm_62", CUDA_SM60, SG_CUDA),
    target("nvidia_gpu_sm_70", CUDA_SM60, SG_CUDA),
    target("nvidia_gpu_sm_72", CUDA_SM60, SG_CUDA),
    target("nvidia_gpu_sm_75", CUDA_SM60, SG_CUDA),
    target("nvidia_gpu_sm_80", CUDA_SM80, SG_CUDA),
    target("nvidia_gpu_sm_86", CUDA_SM80, SG_CUDA),
    target("nvidia_gpu_sm_87", CUDA_SM80, SG_CUDA),
    target("nvidia_gpu_sm_89", CUDA_SM80, SG_CUDA),
    target("nvidia_gpu_sm_90", CUDA_SM90, SG_CUDA),
    target("nvidia_gpu_sm_90a", CUDA_SM90, SG_CUDA),
    // AMD GPUs: officially supported.
    target("amd_gpu_gfx908", HIP_CDNA_UUID, SG_HIP_64),
    target("amd_gpu_gfx90a", HIP_GFX90A, SG_HIP_64),
    target("amd_gpu_gfx940", HIP_CDNA_UUID, SG_HIP_64),
    target("amd_gpu_gfx941", HIP_CDNA_UUID, SG_HIP_64),
    target("amd_gpu_gfx942", HIP_CDNA_UUID, SG_HIP_64),
    target("amd_gpu_gfx1030", HIP_GFX1030, SG_HIP_RDNA),
    target("amd_gpu_gfx1100", HIP_CDNA_UUID, SG_HIP_RDNA),
    // Deprecated support.
    target("amd_gpu_gfx906", HIP_MIN_USM, SG_HIP_64),
    // Unsupported (or unofficially supported).
    target("amd_gpu_gfx700", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx701", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx702", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx703", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx704", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx705", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx801", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx802", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx803", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx805", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx810", HIP_MIN, SG_HIP_GCN2_3),
    target("amd_gpu_gfx900", HIP_MIN, SG_HIP_64),
    target("amd_gpu_gfx902", HIP_MIN, SG_HIP_64),
    target("amd_gpu_gfx904", HIP_MIN, SG_HIP_64),
    target("amd_gpu_gfx909", HIP_MIN, SG_HIP_64),
    target("amd_gpu_gfx90c", HIP_MIN_USM, SG_HIP_64),
    target("amd_gpu_gfx1010", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1011", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1012", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1013", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1031", HIP_GFX1031, SG_HIP_RDNA),
    target("amd_gpu_gfx1032", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1033", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1034", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1035", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1036", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1101", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1102", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1103", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1150", HIP_MIN_USM, SG_HIP_RDNA),
    target("amd_gpu_gfx1151", HIP_MIN_USM, SG_HIP_RDNA),
    // To be announced: no aspects, no sub-group sizes yet.
    target("amd_gpu_gfx1200", NONE, &[]),
    target("amd_gpu_gfx1201", NONE, &[]),
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use sycl_ir::Context;

    fn reqs(aspects: &[(&str, u32)], sub_group_size: Option<u32>) -> DeviceRequirements {
        DeviceRequirements {
            aspects: aspects.iter().map(|a| a.1).collect(),
            aspect_names: aspects.iter().map(|a| a.0.to_string()).collect(),
            reqd_sub_group_size: sub_group_size,
            ..Default::default()
        }
    }

    fn target_of(name: &str) -> &'static TargetInfo {
        find_target(name).unwrap_or_else(|| panic!("{name} is in the table"))
    }

    #[test]
    fn target_names_are_unique() {
        let mut seen = HashSet::new();
        for t in targets() {
            assert!(seen.insert(t.name), "{} twice", t.name);
        }
        assert_eq!(targets().len(), 103);
    }

    #[test]
    fn every_listed_aspect_is_a_runtime_aspect() {
        let known: HashSet<&str> = ALL_ASPECTS.iter().chain(DEPRECATED_ASPECTS).copied().collect();
        for t in targets() {
            for a in t.aspects() {
                assert!(known.contains(a), "{}: unknown aspect {a}", t.name);
            }
        }
    }

    #[test]
    fn fp64_separates_tiger_lake_from_ponte_vecchio() {
        let fp64 = reqs(&[("fp64", 6)], None);
        assert!(!is_compatible(
            target_of("intel_gpu_tgllp"),
            &fp64,
            EsimdStatus::SyclOnly
        ));
        assert!(is_compatible(target_of("intel_gpu_pvc"), &fp64, EsimdStatus::SyclOnly));
        assert!(is_compatible(target_of("intel_gpu_cfl"), &fp64, EsimdStatus::SyclOnly));
    }

    #[test]
    fn names_not_values_are_compared() {
        // A plain-integer aspect has no name: no known target accepts it,
        // and a name the target lists passes whatever its value.
        let pvc = target_of("intel_gpu_pvc");
        assert!(!is_compatible(pvc, &reqs(&[("", 6)], None), EsimdStatus::SyclOnly));
        assert!(is_compatible(pvc, &reqs(&[("fp16", 999)], None), EsimdStatus::SyclOnly));
    }

    #[test]
    fn sub_group_sizes_unless_esimd_only() {
        let sg8 = reqs(&[], Some(8));
        assert!(!is_compatible(target_of("intel_gpu_pvc"), &sg8, EsimdStatus::SyclOnly));
        assert!(is_compatible(target_of("intel_gpu_tgllp"), &sg8, EsimdStatus::SyclOnly));
        let sg1 = reqs(&[("ext_intel_esimd", 53)], Some(1));
        assert!(is_compatible(target_of("intel_gpu_dg1"), &sg1, EsimdStatus::EsimdOnly));
        assert!(!is_compatible(
            target_of("intel_gpu_dg1"),
            &sg1,
            EsimdStatus::SyclAndEsimd
        ));
        assert!(!is_compatible(target_of("intel_gpu_dg1"), &sg1, EsimdStatus::SyclOnly));
    }

    #[test]
    fn empty_lists_accept_only_images_without_requirements() {
        let spir64 = target_of("spir64");
        assert!(is_compatible(spir64, &reqs(&[], None), EsimdStatus::SyclOnly));
        assert!(!is_compatible(
            spir64,
            &reqs(&[("fp16", 5)], None),
            EsimdStatus::SyclOnly
        ));
        assert!(!is_compatible(spir64, &reqs(&[], Some(16)), EsimdStatus::SyclOnly));
    }

    #[test]
    fn table_spot_checks() {
        assert!(!target_of("amd_gpu_gfx1031").supports_aspect("ext_intel_free_memory"));
        assert!(target_of("amd_gpu_gfx1032").supports_aspect("ext_intel_free_memory"));
        assert!(!target_of("amd_gpu_gfx906").supports_aspect("usm_system_allocations"));
        assert!(target_of("nvidia_gpu_sm_90").supports_aspect("usm_system_allocations"));
        assert!(!target_of("nvidia_gpu_sm_89").supports_aspect("usm_system_allocations"));
        assert!(target_of("x86_64").supports_sub_group_size(4));
        assert!(target_of("__TestAspectList").supports_aspect("ext_intel_igca"));
        assert!(find_target("spir64_fpga").is_none());
    }

    #[test]
    fn filter_reads_the_module() {
        let ctx = Context::new();
        let ir = "target triple = \"spir64-unknown-unknown\"\n\
                  define spir_kernel void @k() !sycl_used_aspects !0 !intel_reqd_sub_group_size !2 { ret void }\n\
                  !0 = !{!1}\n!1 = !{!\"fp64\", i32 6}\n!2 = !{i32 8}\n";
        let m = ctx.parse_ir(ir.as_bytes(), "t.ll").expect("test IR parses");
        let entries = vec!["k".to_string()];
        let f = TargetFilter::new(&m, &entries, EsimdStatus::SyclOnly);
        assert!(f.accepts(""));
        assert!(f.accepts("no_such_target"));
        assert!(f.accepts("intel_gpu_cfl"));
        assert!(!f.accepts("intel_gpu_tgllp"));
        assert!(!f.accepts("intel_gpu_pvc"));
    }
}
