//! `sycl-module-split`: the split alone, with the properties of a plain
//! split, written as `<prefix>_<N>.ll|.bc`, `<prefix>_<N>.sym`,
//! `<prefix>_<N>.prop` and `<prefix>.table` (ESIMD-only images
//! `<prefix>_<N>.esimd.*`, named by [`crate::files::image_file_name`]).

use sycl_ir::Module;
use sycl_passes::properties::{compute_properties, PropertyOptions};
use sycl_passes::remove_llvm_used::{remove_device_globals_from_compiler_used, remove_llvm_used};
use sycl_props::file_table::FileTable;
use sycl_split::entry_points::EntryPointOptions;
use sycl_split::SplitMode;

use crate::driver::{split_and_save, ImageSink, SplitInput, SplitSettings};
use crate::error::{err, PostLinkError, Report};
use crate::files::{image_file_name, ImageFile};
use crate::image::DeviceImage;
use crate::input::read_input;
use crate::output::{Outputs, PendingFile};
use crate::pipeline::{add_esimd_status, check_supported, pre_split_needs_bodies, serialize};

/// What the `sycl-module-split` sink wrote for one image.
#[derive(Default)]
struct ImageOutput {
    /// Files written under temporary names.
    files: Vec<PendingFile>,
    /// Its rows of the file table.
    rows: Vec<Vec<String>>,
}

/// Options of `sycl-module-split`.
#[derive(Debug, Clone)]
pub struct ModuleSplitOptions {
    /// Input path or `-`.
    pub input: String,
    /// Output prefix (`-o`, default `output`).
    pub prefix: String,
    /// `-split=`; `None` means no split.
    pub split: Option<SplitMode>,
    /// `-S`
    pub text: bool,
    /// `-j N` / `--threads=N` (see [`crate::Settings::threads`]).
    pub threads: Option<usize>,
    /// How the run is carried out (thread default, verification).
    pub tuning: crate::settings::RunTuning,
    /// Reads the input in a worker process first (see
    /// [`crate::PostLinkOptions::read_check`]).
    pub read_check: Option<sycl_codegen::worker::ReadCheck>,
}

struct ModuleSplitSink<'a> {
    o: &'a ModuleSplitOptions,
}

impl ImageSink for ModuleSplitSink<'_> {
    type Output = ImageOutput;

    fn save(&self, n: usize, image: &DeviceImage<'_>) -> Result<ImageOutput, PostLinkError> {
        let o = self.o;
        let mut out = ImageOutput::default();
        for part in &image.parts {
            let (im, entry_points) = (&part.module, &part.entry_points);
            add_esimd_status(im, part.status);
            if o.tuning.verifies() {
                im.verify()
                    .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
            }
            let ext = if o.text { "ll" } else { "bc" };
            let name = |file| image_file_name(&o.prefix, n, part.status, file);
            let code = name(ImageFile::Ir(ext));
            let prop = name(ImageFile::Properties(""));
            let sym = name(ImageFile::Symbols);
            let popts = PropertyOptions {
                split_none: o.split.is_none(),
                esimd_status: part.status,
                ..Default::default()
            };
            let reg = compute_properties(im, entry_points, &popts);
            reg.check_writable()
                .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
            crate::image::check_symbol_names(entry_points)
                .map_err(|e| err(format!("{}: output module {n}: {e}", im.identifier())))?;
            let symbols = format!("{}\n", entry_points.join("\n"));
            for (path, bytes) in [(&code, serialize(im, o.text)), (&prop, reg.to_text().into_bytes())] {
                out.files.push(PendingFile::write(path, &bytes).map_err(err)?);
            }
            let sym_file = PendingFile::write(&sym, symbols.as_bytes()).map_err(err)?;
            out.files.push(sym_file);
            out.rows.push(vec![code, prop, sym]);
        }
        Ok(out)
    }
}

/// Runs `sycl-module-split`: writes `<prefix>_<N>.ll|.bc`, `<prefix>_<N>.sym`,
/// `<prefix>_<N>.prop` and `<prefix>.table`.
pub fn run_module_split(o: &ModuleSplitOptions) -> Result<Report, PostLinkError> {
    let mut report = Report::default();
    let (data, name) = read_input(&o.input)?;
    let threads = o.tuning.thread_count(o.threads);
    let verified = match &o.read_check {
        Some(c) => c
            .check(&name, &data, threads)
            .map_err(|e| err(format!("{name}: {e}")))?,
        None => false,
    };
    let prepare = |m: &Module<'_>| {
        check_supported(m, &name, false)?;
        let removed_used = remove_llvm_used(m).map_err(|e| err(e.to_string()))?;
        Ok(remove_device_globals_from_compiler_used(m) | removed_used)
    };
    let mode = o.split.unwrap_or(SplitMode::None);
    let settings = SplitSettings {
        mode,
        split_given: o.split.is_some(),
        global_scope: mode == SplitMode::None,
        ep: EntryPointOptions::default(),
        threads,
        exact_threads: o.tuning.exact_threads,
        costliest_first: false,
        esimd: None,
    };
    let input = SplitInput::Bytes { data, verified };
    let result = split_and_save(
        input,
        &name,
        &settings,
        &ModuleSplitSink { o },
        prepare,
        |_, _| Ok(()),
        |m| pre_split_needs_bodies(m, false),
    )?;
    report.warnings.extend(result.warnings);
    let mut files = Outputs::new();
    let mut table = FileTable::new(vec!["Code".into(), "Properties".into(), "Symbols".into()]);
    for image in result.images {
        files.extend(image.files);
        for row in image.rows {
            table.add_row(row).map_err(|e| err(e.to_string()))?;
        }
    }
    files
        .write(&format!("{}.table", o.prefix), table.to_text().as_bytes())
        .map_err(err)?;
    files.commit().map_err(err)?;
    Ok(report)
}
