//! The ESIMD step of the post-link pipeline, run on every device image after
//! its extraction and cleanup (reference 3.7, 3.8; upstream `handleESIMD` in
//! llvm/lib/SYCLPostLink/ESIMDPostSplitProcessing.cpp and the code around it
//! in llvm/tools/sycl-post-link/sycl-post-link.cpp):
//!
//! 1. `invoke_simd` targets get non-discardable linkage
//!    ([`sycl_passes::esimd::invoke_simd_linkage`]);
//! 2. the image's entry points are sorted into ESIMD and SYCL ones
//!    ([`sycl_split::esimd`]); an image with one kind is passed on unchanged,
//!    with status ESIMD_ONLY or SYCL_ONLY;
//! 3. an image with both is split into an ESIMD and a SYCL part, each cleaned
//!    up; with `-split-esimd` both are saved, ESIMD first; otherwise they are
//!    linked back into one SYCL_AND_ESIMD module
//!    ([`sycl_passes::esimd::link`]).
//!
//! With `-lower-esimd`, every ESIMD part (an ESIMD-only image, or the ESIMD
//! part of a mixed one before it is linked back) runs the ESIMD lowering
//! pipeline ([`lower_esimd_constructs`], upstream `lowerESIMDConstructs`).

use sycl_ir::{Module, Value};
use sycl_passes::cleanup::{cleanup, CleanupOptions};
use sycl_passes::esimd::genx_spirv_writer::genx_spirv_writer_adaptor;
use sycl_passes::esimd::invoke_simd_linkage::fixup_direct_target_linkage;
use sycl_passes::esimd::link::link_parts;
use sycl_passes::esimd::lower::{lower_esimd, LowerEsimdOptions};
use sycl_passes::esimd::lower_load_store::lower_load_store;
use sycl_passes::esimd::slm_reservation::lower_slm_reservation_calls;
use sycl_passes::esimd::vec_arg_call_conv::optimize_vec_arg_call_conv;
use sycl_passes::properties::EsimdStatus;
use sycl_split::entry_points::{is_entry_point, EntryPointOptions};
use sycl_split::esimd::{extract_parts, EsimdPartition, PartKind};

use crate::error::PostLinkError;
use crate::image::{undefined_function_warnings, DeviceImage, ImagePart};

/// Upstream's error for `invoke_simd` calls with `-split-esimd`.
pub const INVOKE_SIMD_ERROR: &str = "'invoke_simd' calls detected, '-split-esimd' must not be specified";

/// What the ESIMD step is asked to do.
#[derive(Debug, Clone, Copy, Default)]
pub struct EsimdOptions {
    /// `-split-esimd`: keep the ESIMD and SYCL parts separate.
    pub split_esimd: bool,
    /// `-lower-esimd`: lower ESIMD parts.
    pub lower_esimd: bool,
    /// `-force-disable-esimd-opt`: no optimization passes in the lowering.
    pub force_disable_opt: bool,
    /// `-lower-esimd-force-stateless-mem=false`: accessor arguments are
    /// surfaces.
    pub stateful_accessors: bool,
}

/// What the ESIMD step needs to know about an image besides its module.
#[derive(Debug, Clone, Copy)]
pub struct ImageInfo<'a> {
    /// Names of the image's entry points, in order.
    pub entry_points: &'a [String],
    /// The image's group has virtual function definitions (for the cleanup
    /// of the parts).
    pub has_virtual_functions: bool,
}

/// Runs the ESIMD step on `image`, a cleaned-up device image described by
/// `info`; `input` names the input in messages. Returns the image's parts in
/// output order and the warnings of the step.
pub fn process_image<'c>(
    image: Module<'c>,
    info: &ImageInfo<'_>,
    ep: EntryPointOptions,
    o: &EsimdOptions,
    input: &str,
) -> Result<(DeviceImage<'c>, Vec<String>), PostLinkError> {
    fixup_direct_target_linkage(&image);
    let functions: Vec<Value<'c>> = info
        .entry_points
        .iter()
        .filter_map(|n| image.function(n))
        .filter(|&f| is_entry_point(f, ep))
        .collect();
    let partition = EsimdPartition::new(&image, &functions);
    // An image with SYCL and ESIMD code under `-split=kernel` without
    // `-split-esimd` (a SYCL kernel reaching an ESIMD function) is split and
    // linked back like any other: the newest `handleESIMD` no longer refuses
    // it; the SYCL part's warning names the ESIMD callee it lacks.
    let kinds = partition.parts();
    if let [kind] = kinds[..] {
        // Names first: lowering may replace functions (upstream saves the
        // entry point names and rebuilds the list after it).
        let entry_points = partition.entry_point_names(kind);
        drop(partition);
        let lowered = o.lower_esimd && kind == PartKind::Esimd;
        if lowered {
            lower_esimd_constructs(&image, o, input)?;
        }
        let status = match kind {
            PartKind::Esimd => EsimdStatus::EsimdOnly,
            PartKind::Sycl => EsimdStatus::SyclOnly,
        };
        let part = ImagePart {
            entry_points,
            module: image,
            status,
        };
        let mut image = DeviceImage::new(vec![part]);
        image.esimd_lowered = lowered;
        return Ok((image, Vec::new()));
    }

    let esimd_names = partition.entry_point_names(PartKind::Esimd);
    let sycl_names = partition.entry_point_names(PartKind::Sycl);
    let parts = extract_parts(&image, &partition, ep.dynamic_linking);
    drop(image);
    let opts = CleanupOptions {
        dynamic_linking: ep.dynamic_linking,
        has_virtual_functions: info.has_virtual_functions,
    };
    let pass_err = |e: sycl_passes::PassError| PostLinkError::new(e.to_string());
    cleanup(&parts.esimd, &esimd_names, opts).map_err(pass_err)?;
    cleanup(&parts.sycl, &sycl_names, opts).map_err(pass_err)?;
    if o.lower_esimd {
        lower_esimd_constructs(&parts.esimd, o, input)?;
    }
    // Upstream checks the SYCL part like any extracted image.
    let mut warnings = undefined_function_warnings(&parts.sycl, ep);

    let parts = if o.split_esimd {
        vec![
            ImagePart {
                module: parts.esimd,
                entry_points: esimd_names,
                status: EsimdStatus::EsimdOnly,
            },
            ImagePart {
                module: parts.sycl,
                entry_points: sycl_names,
                status: EsimdStatus::SyclOnly,
            },
        ]
    } else {
        let linked =
            link_parts(parts.esimd, &esimd_names, parts.sycl, &sycl_names, ep.dynamic_linking).map_err(pass_err)?;
        warnings.extend(linked.warnings);
        vec![ImagePart {
            module: linked.module,
            entry_points: linked.entry_points,
            status: EsimdStatus::SyclAndEsimd,
        }]
    };
    let mut image = DeviceImage::new(parts);
    image.esimd_split = true;
    image.esimd_lowered = o.lower_esimd;
    Ok((image, warnings))
}

/// The function passes upstream runs after the first lowering step unless
/// `-force-disable-esimd-opt` (`SROAPass(ModifyCFG)`).
pub const ESIMD_EARLY_OPT_PIPELINE: &str = "function(sroa<modify-cfg>)";

/// The function passes upstream runs after the load/store lowering unless
/// `-force-disable-esimd-opt`: SROA, EarlyCSE with MemorySSA, InstCombine
/// and DCE, twice.
pub const ESIMD_MAIN_OPT_PIPELINE: &str = "function(sroa<modify-cfg>,early-cse<memssa>,instcombine,dce,\
                                           sroa<modify-cfg>,early-cse<memssa>,instcombine,dce)";

/// Upstream's ESIMD lowering pipeline (`buildESIMDLoweringPipeline` in
/// llvm/lib/SYCLPostLink/ESIMDPostSplitProcessing.cpp) on an ESIMD module:
///
/// 1. `LowerESIMD` ([`sycl_passes::esimd::lower`]), keeping `optnone` and
///    `noinline` unless `-split-esimd` (the module may hold SYCL code);
/// 2. SROA (unless `-force-disable-esimd-opt`);
/// 3. `ESIMDOptimizeVecArgCallConv` ([`sycl_passes::esimd::vec_arg_call_conv`]);
/// 4. `ESIMDLowerSLMReservationCalls`
///    ([`sycl_passes::esimd::slm_reservation`]), then `ESIMDLowerLoadStore`
///    ([`sycl_passes::esimd::lower_load_store`]);
/// 5. SROA, EarlyCSE, InstCombine, DCE twice (unless
///    `-force-disable-esimd-opt`); the `-O` levels do not change this: the
///    newest `buildESIMDLoweringPipeline(const ESIMDProcessingOptions &)`
///    reads only `ForceDisableESIMDOpt` (the revisions before it, taking
///    `OptLevelO0`/`Optimize`, skipped the passes at `-O0`; their tests ran
///    `-O0` alone, the newest ones `-O0 -force-disable-esimd-opt`);
/// 6. `GenXSPIRVWriterAdaptor` ([`sycl_passes::esimd::genx_spirv_writer`]).
pub fn lower_esimd_constructs(m: &Module<'_>, o: &EsimdOptions, input: &str) -> Result<(), PostLinkError> {
    let pass_err = |e: sycl_passes::PassError| PostLinkError::new(format!("{input}: {e}"));
    let ir_err = |e: sycl_ir::IrError| PostLinkError::new(format!("{input}: {e}"));
    lower_esimd(
        m,
        LowerEsimdOptions {
            module_contains_scalar_code: !o.split_esimd,
            stateful_accessors: o.stateful_accessors,
        },
    )
    .map_err(pass_err)?;
    if !o.force_disable_opt {
        m.run_passes(ESIMD_EARLY_OPT_PIPELINE).map_err(ir_err)?;
    }
    optimize_vec_arg_call_conv(m).map_err(pass_err)?;
    lower_slm_reservation_calls(m).map_err(pass_err)?;
    lower_load_store(m).map_err(pass_err)?;
    if !o.force_disable_opt {
        m.run_passes(ESIMD_MAIN_OPT_PIPELINE).map_err(ir_err)?;
    }
    genx_spirv_writer_adaptor(m).map_err(pass_err)
}
