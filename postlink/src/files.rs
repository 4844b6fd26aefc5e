//! The file sink: what the `sycl-post-link` command writes, built on the
//! in-memory image stream ([`crate::pipeline::post_link`]) so the command and
//! the library give the same bytes. Per image: the IR, the `.sym` file and
//! one `.prop` file per table; then one file table `[Code|Properties|Symbols]`
//! per `-o` (reference 2.2-2.5). All or nothing: files are written under
//! temporary names and renamed into place when the whole run succeeded.

use std::path::Path;

use sycl_passes::properties::EsimdStatus;
use sycl_props::file_table::FileTable;

use crate::error::{err, PostLinkError, Report};
use crate::input::Input;
use crate::output::Outputs;
use crate::pipeline::post_link;
use crate::settings::Settings;

/// One `-o [target,]file` occurrence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputSpec {
    /// Target name (empty when none).
    pub target: String,
    /// Output file name.
    pub path: String,
}

impl OutputSpec {
    /// Splits `target,file` at the first comma, as upstream does.
    pub fn parse(s: &str) -> Self {
        match s.split_once(',') {
            Some((t, f)) if !f.is_empty() => OutputSpec {
                target: t.to_string(),
                path: f.to_string(),
            },
            Some((t, _)) => OutputSpec {
                target: String::new(),
                path: t.to_string(),
            },
            None => OutputSpec {
                target: String::new(),
                path: s.to_string(),
            },
        }
    }
}

/// Everything `sycl-post-link` can be asked to do: the [`Settings`] of the
/// run and where its files go.
#[derive(Debug, Clone, Default)]
pub struct PostLinkOptions {
    /// Input path, `-` for standard input.
    pub input: String,
    /// `-o` occurrences, in order: one file table each; their targets are
    /// the run's targets (see [`PostLinkOptions::run_settings`]).
    pub outputs: Vec<OutputSpec>,
    /// `-out-dir`
    pub out_dir: Option<String>,
    /// `-f`
    pub force: bool,
    /// How the images are made.
    pub settings: Settings,
    /// Read the input in a worker process first, so that a crash of LLVM's
    /// reader on a corrupt file is an error, not the end of this process.
    pub read_check: Option<sycl_codegen::worker::ReadCheck>,
}

impl PostLinkOptions {
    /// The settings of the run: [`PostLinkOptions::settings`] with the
    /// targets of the `-o` occurrences.
    pub fn run_settings(&self) -> Settings {
        let mut s = self.settings.clone();
        s.targets = self.outputs.iter().map(|o| o.target.clone()).collect();
        s
    }
}

/// Output prefix (directory + stem) of the generated files (reference 2.2).
pub fn output_prefix(first_output: &str, out_dir: Option<&str>) -> String {
    let p = Path::new(first_output);
    let dir = match out_dir {
        Some(d) => d.to_string(),
        None => p.parent().map(|d| d.to_string_lossy().into_owned()).unwrap_or_default(),
    };
    let stem = stem_of(first_output);
    if dir.is_empty() {
        stem
    } else if dir.ends_with('/') {
        format!("{dir}{stem}")
    } else {
        format!("{dir}/{stem}")
    }
}

fn stem_of(path: &str) -> String {
    let base = Path::new(path)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    match base.rfind('.') {
        Some(i) if i > 0 => base[..i].to_string(),
        _ => base,
    }
}

/// Checks the option combinations upstream rejects (reference 1.2, 1.3).
pub fn check_options(o: &PostLinkOptions, actions_given: bool) -> Result<(), PostLinkError> {
    if !actions_given {
        return Err(err("no actions specified; try --help for usage info"));
    }
    o.settings.check()
}

/// Which file of an image.
#[derive(Debug, Clone, Copy)]
pub enum ImageFile<'a> {
    /// The IR, with this extension (`bc` or `ll`).
    Ir(&'a str),
    /// The symbol table.
    Symbols,
    /// The property sets of the table of this target (empty: none).
    Properties(&'a str),
    /// The same, for an image whose number another image of the table
    /// shares (see [`image_file_name`]).
    SharedEsimdProperties(&'a str),
}

/// The one rule for the names of an image's files (upstream's `saveModule`
/// in llvm/tools/sycl-post-link/sycl-post-link.cpp since PR #21674, 2026):
/// `<prefix>_<n>`, then `.esimd` for an ESIMD_ONLY image (with or without
/// `-split-esimd`: `ModuleDesc::isESIMD()`), then the extension; the
/// property file of an `-o <target>,<table>` takes `.<target>` instead of
/// `.esimd`. The SYCL and ESIMD parts of one image share its number:
/// `out_0.bc`, `out_0.esimd.bc`, `out_0.intel_gpu_pvc.prop`.
///
/// Where the ESIMD and the SYCL part of one image share the number
/// ([`ImageFile::SharedEsimdProperties`]), upstream's rule gives both the
/// same target property file and the last one written wins (the ESIMD row
/// then lists the SYCL part's properties); there the ESIMD part's keeps
/// `.esimd`: `out_0.esimd.intel_gpu_pvc.prop`.
pub fn image_file_name(prefix: &str, number: usize, status: EsimdStatus, file: ImageFile<'_>) -> String {
    let esimd = if status == EsimdStatus::EsimdOnly { ".esimd" } else { "" };
    match file {
        ImageFile::Ir(ext) => format!("{prefix}_{number}{esimd}.{ext}"),
        ImageFile::Symbols => format!("{prefix}_{number}{esimd}.sym"),
        ImageFile::Properties("") | ImageFile::SharedEsimdProperties("") => format!("{prefix}_{number}{esimd}.prop"),
        ImageFile::Properties(target) => format!("{prefix}_{number}.{target}.prop"),
        ImageFile::SharedEsimdProperties(target) => format!("{prefix}_{number}{esimd}.{target}.prop"),
    }
}

/// Runs `sycl-post-link`: the in-memory pipeline, with every image written
/// to files and listed in the file tables.
pub fn run(o: &PostLinkOptions) -> Result<Report, PostLinkError> {
    let settings = o.run_settings();
    let step = sycl_process::trace::span("Read", &o.input);
    let mut input = Input::read(&o.input)?;
    drop(step);
    if let Some(c) = &o.read_check {
        let _step = sycl_process::trace::span("Read check", &o.input);
        input.verified = c
            .check(input.name(), &input.data, settings.thread_count())
            .map_err(|e| err(format!("{}: {e}", input.name())))?;
    }
    let split_step = sycl_process::trace::span("Post-link", &o.input);
    let outputs: Vec<OutputSpec> = if o.outputs.is_empty() {
        let ext = if settings.ir_output_only { "out" } else { "files" };
        let stem = if o.input == "-" { "-".into() } else { stem_of(&o.input) };
        vec![OutputSpec {
            target: String::new(),
            path: format!("{stem}.{ext}"),
        }]
    } else {
        o.outputs.clone()
    };
    let prefix = output_prefix(&outputs[0].path, o.out_dir.as_deref());
    let ext = if settings.text { "ll" } else { "bc" };
    // With an output named, an unmodified image is still written as a copy.
    let copy_unmodified = !o.outputs.is_empty();
    let mut columns = vec!["Code".to_string()];
    if settings.properties {
        columns.push("Properties".into());
    }
    if settings.symbols {
        columns.push("Symbols".into());
    }
    let mut tables: Vec<FileTable> = outputs.iter().map(|_| FileTable::new(columns.clone())).collect();
    let mut files = Outputs::new();
    let mut report = post_link(&settings, input, |image| {
        sycl_process::trace::progress("images");
        if settings.ir_output_only {
            return files.write(&outputs[0].path, &image.ir).map_err(err);
        }
        let code = if image.modified || copy_unmodified {
            let path = image_file_name(&prefix, image.number, image.esimd_status, ImageFile::Ir(ext));
            files.write(&path, &image.ir).map_err(err)?;
            path
        } else {
            o.input.clone()
        };
        let sym = image_file_name(&prefix, image.number, image.esimd_status, ImageFile::Symbols);
        if let Some(text) = &image.symbols {
            files.write(&sym, text.as_bytes()).map_err(err)?;
        }
        // An image a target cannot run is left out of that target's table.
        // Tables of one target (several plain `-o`) share the image's `.prop`
        // file: upstream writes the same file once per table; it is written
        // once here.
        let mut props_written: Vec<String> = Vec::new();
        for (table, outcome) in tables.iter_mut().zip(&image.targets) {
            if !outcome.accepted {
                continue;
            }
            let mut row = vec![code.clone()];
            if let Some(text) = image.properties_text(&outcome.target) {
                let file = if image.shares_number {
                    ImageFile::SharedEsimdProperties(&outcome.target)
                } else {
                    ImageFile::Properties(&outcome.target)
                };
                let prop = image_file_name(&prefix, image.number, image.esimd_status, file);
                if !props_written.contains(&prop) {
                    files.write(&prop, text.as_bytes()).map_err(err)?;
                    props_written.push(prop.clone());
                }
                row.push(prop);
            }
            if image.symbols.is_some() {
                row.push(sym.clone());
            }
            table.add_row(row).map_err(|e| err(e.to_string()))?;
        }
        Ok(())
    })?;
    if !settings.ir_output_only {
        if !report.input_modified && !copy_unmodified {
            report
                .notes
                .push("sycl-post-link NOTE: no modifications to the input LLVM IR have been made".into());
        }
        for (spec, table) in outputs.iter().zip(&tables) {
            files.write(&spec.path, table.to_text().as_bytes()).map_err(err)?;
        }
    }
    drop(split_step);
    let _step = sycl_process::trace::span("Write", &outputs[0].path);
    files.commit().map_err(err)?;
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn image_file_names_follow_the_2026_scheme() {
        let name = |status, file| image_file_name("d/out", 3, status, file);
        assert_eq!(name(EsimdStatus::SyclOnly, ImageFile::Ir("bc")), "d/out_3.bc");
        assert_eq!(name(EsimdStatus::SyclAndEsimd, ImageFile::Symbols), "d/out_3.sym");
        assert_eq!(name(EsimdStatus::EsimdOnly, ImageFile::Ir("ll")), "d/out_3.esimd.ll");
        assert_eq!(
            name(EsimdStatus::EsimdOnly, ImageFile::Properties("")),
            "d/out_3.esimd.prop"
        );
        assert_eq!(
            name(EsimdStatus::SyclOnly, ImageFile::Properties("intel_gpu_pvc")),
            "d/out_3.intel_gpu_pvc.prop"
        );
        assert_eq!(
            name(EsimdStatus::EsimdOnly, ImageFile::Properties("intel_gpu_pvc")),
            "d/out_3.intel_gpu_pvc.prop"
        );
        assert_eq!(
            name(
                EsimdStatus::EsimdOnly,
                ImageFile::SharedEsimdProperties("intel_gpu_pvc")
            ),
            "d/out_3.esimd.intel_gpu_pvc.prop"
        );
        assert_eq!(
            name(EsimdStatus::SyclOnly, ImageFile::SharedEsimdProperties("intel_gpu_pvc")),
            "d/out_3.intel_gpu_pvc.prop"
        );
    }
}
