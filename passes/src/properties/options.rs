//! What [`super::compute_properties`] is asked for: which optional sets to
//! compute and what kind of image it looks at (the command's `-emit-*`
//! options and the split's view of the image).

/// SYCL/ESIMD status of an image (`sycl-esimd-split-status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EsimdStatus {
    /// Only SYCL entry points.
    #[default]
    SyclOnly,
    /// Only ESIMD entry points.
    EsimdOnly,
    /// Both, linked back together.
    SyclAndEsimd,
}

/// Which optional sets to compute, and what the image is.
#[derive(Debug, Clone, Default)]
pub struct PropertyOptions {
    /// `-emit-param-info`
    pub param_info: bool,
    /// `-emit-program-metadata`
    pub program_metadata: bool,
    /// `-emit-exported-symbols`
    pub exported_symbols: bool,
    /// `-emit-imported-symbols`
    pub imported_symbols: bool,
    /// `-device-globals`
    pub device_globals: bool,
    /// `-emit-kernel-names`
    pub kernel_names: bool,
    /// `-split=none`: `reqd_work_group_size_uint64_t` is dropped from the
    /// device requirements (the whole module is one image, whose other
    /// kernels must stay launchable with other work-group sizes).
    pub split_none: bool,
    /// Imported symbols by the rule of dynamic linking: with
    /// `-allow-device-image-dependencies`, or with `-import-undefined-externals`
    /// (where the image's declarations are what the module does not define).
    pub dynamic_linking: bool,
    /// The image's SYCL/ESIMD status.
    pub esimd_status: EsimdStatus,
    /// The image is a default-specialization-constant copy.
    pub spec_consts_replaced_with_default: bool,
    /// `-id-queries-range=`: 0 (`int`, no property), 1 (`uint`) or 2
    /// (`size_t`).
    pub id_queries_range: u32,
    /// Also write `[SYCL/devicelib req mask]` (`-emit-devicelib-req-mask`),
    /// first, as the revisions before upstream PR #20777 did.
    pub devicelib_req_mask: bool,
}
