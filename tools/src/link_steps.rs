//! `sycl-link`'s steps as commands a user can re-run (`-v`, `--dry-run`)
//! and their intermediate files (`--save-temps`): the link
//! (`llvm-link-22`, device libraries with `--only-needed`), the post-link
//! step (`sycl-post-link` with upstream's SYCLBIN-mode options) and the
//! packaging (`syclbin create --table`); `--save-temps` compiles each
//! image's `.spv` in a worker process, as the link does.
//! The link itself runs in process in one go (`device_link`); these
//! commands do the same work as separate processes, and give the same
//! SYCLBIN (`lit/sycl-link/steps.test`).

use std::path::Path;

use sycl_codegen::syclbin::Container;
use sycl_codegen::worker::{compile_in_worker, WorkerCommand};
use sycl_codegen::CodegenOptions;
use sycl_postlink::device_link::{link_inputs, syclbin_settings, DeviceLinkOptions};
use sycl_postlink::output::Outputs;
use sycl_postlink::{OutputSpec, PostLinkOptions};
use sycl_props::offload_binary::OffloadBinary;

use crate::cli::post_link_command;
use crate::syclbin_opts::create_command;

/// The names of the intermediate files of a link writing `output`:
/// `<dir>/<stem>.linked.bc` (inputs and device libraries linked), the
/// post-link file table `<dir>/<stem>.table` and its images
/// `<dir>/<stem>_<N>.bc|.prop|.sym`, and each image's SPIR-V
/// `<dir>/<stem>_<N>.spv`.
pub struct Temps {
    /// `<dir>/<stem>`
    pub prefix: String,
}

impl Temps {
    /// The temporaries of a link writing `output` (`-` for standard
    /// output: `sycl-link-out` in the current directory).
    pub fn for_output(output: &str) -> Self {
        let p = Path::new(output);
        let stem = match p.file_stem() {
            Some(s) if output != "-" => s.to_string_lossy().into_owned(),
            _ => "sycl-link-out".into(),
        };
        let prefix = match p.parent().filter(|d| !d.as_os_str().is_empty() && output != "-") {
            Some(d) => format!("{}/{stem}", d.display()),
            None => stem,
        };
        Temps { prefix }
    }

    fn linked(&self) -> String {
        format!("{}.linked.bc", self.prefix)
    }

    fn inputs_linked(&self) -> String {
        format!("{}.inputs.bc", self.prefix)
    }

    fn table(&self) -> String {
        format!("{}.table", self.prefix)
    }
}

fn post_link_options(o: &DeviceLinkOptions, t: &Temps) -> PostLinkOptions {
    PostLinkOptions {
        input: t.linked(),
        outputs: vec![OutputSpec {
            target: String::new(),
            path: t.table(),
        }],
        settings: syclbin_settings(o, false),
        read_check: o.syclbin.read_check(),
        ..Default::default()
    }
}

/// The commands that do what `sycl-link` does for `o`, writing `output`,
/// with the intermediate files of [`Temps`].
pub fn commands(o: &DeviceLinkOptions, output: &str, t: &Temps) -> Vec<Vec<String>> {
    let mut cmds = Vec::new();
    let s = |x: &str| x.to_string();
    if o.device_libs.is_empty() {
        let mut c = vec![s("llvm-link-22")];
        c.extend(o.inputs.iter().cloned());
        c.extend([s("-o"), t.linked()]);
        cmds.push(c);
    } else {
        let mut c = vec![s("llvm-link-22")];
        c.extend(o.inputs.iter().cloned());
        c.extend([s("-o"), t.inputs_linked()]);
        cmds.push(c);
        let mut c = vec![s("llvm-link-22"), t.inputs_linked(), s("--only-needed")];
        c.extend(o.device_libs.iter().cloned());
        c.extend([s("-o"), t.linked()]);
        cmds.push(c);
    }
    cmds.push(post_link_command(&post_link_options(o, t)));
    cmds.push(create_command(
        o.syclbin.state,
        &t.table(),
        o.syclbin.container,
        o.syclbin.threads,
        output,
    ));
    cmds
}

/// The inputs and device libraries of `o` linked, as bitcode (each file
/// read in a worker first, as the link does).
fn linked_bitcode(o: &DeviceLinkOptions) -> Result<Vec<u8>, String> {
    let check = o.syclbin.read_check();
    link_inputs(
        &o.inputs,
        &o.device_libs,
        o.kernel_names,
        check.as_ref(),
        o.syclbin.threads,
    )
    .map(|(bitcode, _)| bitcode)
    .map_err(|e| e.0)
}

/// Writes the intermediate files of [`Temps`] for `o`: the linked module,
/// the post-link table and images (as `sycl-post-link` writes them), and
/// each image's SPIR-V, compiled in a worker process as the link does (a
/// back end's crash is one line). Returns the files written, which are
/// removed again unless the caller keeps them ([`SavedTemps::keep`], once
/// the link succeeded): all or nothing, also when a step here fails.
pub fn save_temps(o: &DeviceLinkOptions, t: &Temps) -> Result<SavedTemps, String> {
    let mut written = SavedTemps(Vec::new());
    let bitcode = linked_bitcode(o)?;
    let mut outs = Outputs::new();
    outs.write(&t.linked(), &bitcode)?;
    outs.commit()?;
    written.0.push(t.linked());
    let po = post_link_options(o, t);
    sycl_postlink::run(&po).map_err(|e| e.0)?;
    written.0.push(t.table());
    let table_text = std::fs::read_to_string(t.table()).map_err(|e| format!("{}: {e}", t.table()))?;
    let table = sycl_props::file_table::FileTable::parse(&table_text).map_err(|e| format!("{}: {e}", t.table()))?;
    for row in table.rows() {
        written.0.extend(row.iter().cloned());
    }
    let code = table.column_index("Code").unwrap_or(0);
    // Each image compiled in a worker process (a back end's crash is one
    // line), with the extensions, validation and memory limit of the link.
    let workers = match &o.syclbin.workers {
        Some(w) => w.clone(),
        None => WorkerCommand::current_exe().map_err(|e| format!("cannot find this program: {e}"))?,
    };
    let codegen = CodegenOptions {
        memory_limit: Some(o.syclbin.memory_limit()),
        ..o.syclbin.codegen.clone()
    };
    let mut outs = Outputs::new();
    let mut listed = vec![t.linked(), t.table()];
    for row in table.rows() {
        let ir = std::fs::read(&row[code]).map_err(|e| format!("{}: {e}", row[code]))?;
        let spv = compile_in_worker(&workers, &codegen, &row[code], &ir)
            .map_err(|e| format!("{}: {e}", row[code]))?
            .spirv;
        let path = Path::new(&row[code])
            .with_extension("spv")
            .to_string_lossy()
            .into_owned();
        outs.write(&path, &spv)?;
        listed.extend(row.iter().cloned());
        listed.push(path);
    }
    outs.commit()?;
    written.0 = listed;
    Ok(written)
}

/// The files [`save_temps`] wrote, in the order written; removed when
/// dropped unless kept.
pub struct SavedTemps(Vec<String>);

impl SavedTemps {
    /// The files, in the order written.
    pub fn files(&self) -> &[String] {
        &self.0
    }

    /// Leaves the files in place (the run succeeded).
    pub fn keep(mut self) {
        self.0.clear();
    }
}

impl Drop for SavedTemps {
    fn drop(&mut self) {
        for f in &self.0 {
            let _ = std::fs::remove_file(f);
        }
    }
}

/// `-L<dir>` (clang-sycl-linker's joined form) as `-L <dir>`, for the
/// LLVM-style parser; other arguments as they are.
pub fn split_joined_library_paths(args: &[String]) -> Vec<String> {
    let mut out = Vec::with_capacity(args.len());
    let mut positional_only = false;
    for a in args {
        positional_only |= a == "--";
        match a.strip_prefix("-L") {
            Some(dir) if !positional_only && !dir.is_empty() && !dir.starts_with('=') => {
                out.push("-L".to_string());
                out.push(dir.to_string());
            }
            _ => out.push(a.clone()),
        }
    }
    out
}

/// `--print-linked-module`: the inputs and device libraries linked, as
/// textual IR.
pub fn linked_module_text(o: &DeviceLinkOptions) -> Result<String, String> {
    let bitcode = linked_bitcode(o)?;
    let ctx = sycl_ir::Context::new();
    let m = ctx
        .parse_ir(&bitcode, sycl_postlink::device_link::LINKED_MODULE)
        .map_err(|e| e.to_string())?;
    Ok(m.to_text())
}

/// `--spirv-dump-device-code=<dir>`: each device image's SPIR-V, taken from
/// the file written (`bytes`: a SYCLBIN, or the offload binaries of
/// [`Container::OffloadImages`]), as `<dir>/<stem of output>_<N>.spv`.
pub fn dump_spirv(
    bytes: &[u8],
    container: Container,
    output: &str,
    dir: &str,
    outs: &mut Outputs,
) -> Result<(), String> {
    let modules: Vec<Vec<u8>> = match container {
        // A link without kernels writes no image.
        Container::OffloadImages if bytes.is_empty() => Vec::new(),
        Container::OffloadImages => OffloadBinary::parse_all(bytes)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|ob| ob.image)
            .collect(),
        _ => sycl_props::syclbin::SyclbinFile::read(bytes)
            .map_err(|e| e.to_string())?
            .syclbin
            .abstract_modules
            .into_iter()
            .flat_map(|am| am.ir_modules.into_iter().map(|ir| ir.bytes))
            .collect(),
    };
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {}", sycl_postlink::output::io_reason(&e)))?;
    let prefix = Temps::for_output(output).prefix;
    let stem = Path::new(&prefix)
        .file_name()
        .map_or_else(|| "sycl-link-out".to_string(), |s| s.to_string_lossy().into_owned());
    for (n, spirv) in modules.iter().enumerate() {
        let path = Path::new(dir).join(format!("{stem}_{n}.spv"));
        outs.write(&path.to_string_lossy(), spirv)?;
    }
    Ok(())
}
