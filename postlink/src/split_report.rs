//! The split report (`sycl-post-link -split-report=<file>`): what each
//! split mode makes of a module, so that a user can choose one. Per image:
//! its entry points, the functions it defines with their instruction
//! counts, its instruction total and IR bytes; the functions defined in
//! several images and what the copies cost; and, for every function of an
//! image, why it is there: the chain of dependencies from one of the
//! image's entry points (call, address taken, indirect call, global
//! variable), as the splitter's dependency graph (`sycl_split::graph`)
//! follows them.
//!
//! The images are those of the in-memory pipeline ([`post_link_images`])
//! run once per mode with the command's other settings: the report counts
//! what the command writes, after cleanup. Written as JSON, or as a
//! readable summary.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use sycl_ir::{Context, Module, Value, ValueKind};
use sycl_passes::remove_llvm_used::{remove_device_globals_from_compiler_used, remove_llvm_used};
use sycl_split::entry_points::ATTR_INDIRECTLY_CALLABLE;
use sycl_split::{can_be_imported, is_kernel, DependencyGraph, SplitMode};

use crate::error::{err, PostLinkError};
use crate::input::{parse_module, Input};
use crate::pipeline::post_link_images;
use crate::settings::Settings;

/// One function defined in an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FunctionInImage {
    /// Its name.
    pub name: String,
    /// Instructions in its body.
    pub instructions: usize,
    /// Why it is in the image: the chain from an entry point, each step
    /// `(global object, how the next one depends on it)`; the last step is
    /// the function itself with an empty `how`. For an entry point, one
    /// step whose `how` says what kind of entry point it is.
    pub why: Vec<(String, String)>,
}

/// One device image of one split mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageInReport {
    /// The number in the command's file names.
    pub number: usize,
    /// Entry points, in order.
    pub entry_points: Vec<String>,
    /// Functions defined, by name.
    pub functions: Vec<FunctionInImage>,
    /// Instructions of all its functions.
    pub instructions: usize,
    /// Bytes of its IR as written (bitcode, or text with `-S`).
    pub bytes: usize,
}

/// A function defined in more than one image of a mode.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Duplicate {
    /// Its name.
    pub name: String,
    /// The images (numbers) that define it.
    pub images: Vec<usize>,
    /// Instructions of one copy.
    pub instructions: usize,
}

impl Duplicate {
    /// Instructions of the copies beyond the first: what the duplication
    /// costs.
    pub fn extra_instructions(&self) -> usize {
        self.instructions * (self.images.len() - 1)
    }
}

/// What one split mode makes of the module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModeReport {
    /// `source`, `kernel`, `auto` or `none`.
    pub mode: &'static str,
    /// The images, in table order.
    pub images: Vec<ImageInReport>,
    /// Functions in several images, most costly first.
    pub duplicates: Vec<Duplicate>,
}

impl ModeReport {
    /// Instructions over all images.
    pub fn instructions(&self) -> usize {
        self.images.iter().map(|i| i.instructions).sum()
    }

    /// IR bytes over all images.
    pub fn bytes(&self) -> usize {
        self.images.iter().map(|i| i.bytes).sum()
    }

    /// Instructions of the copies beyond the first of every duplicate.
    pub fn duplicated_instructions(&self) -> usize {
        self.duplicates.iter().map(Duplicate::extra_instructions).sum()
    }
}

/// The report of one module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SplitReport {
    /// The input's name.
    pub input: String,
    /// Defined functions of the input and their instructions.
    pub input_instructions: usize,
    /// One per mode asked for.
    pub modes: Vec<ModeReport>,
}

fn mode_name(m: SplitMode) -> &'static str {
    match m {
        SplitMode::None => "none",
        SplitMode::Source => "source",
        SplitMode::Kernel => "kernel",
        SplitMode::Auto => "auto",
    }
}

fn instruction_count(f: Value<'_>) -> usize {
    let mut n = 0;
    f.for_each_instruction(|_| n += 1);
    n
}

/// How `b` depends on `a` (a step of a chain), in the graph's terms.
fn dependency(a: Value<'_>, b: Value<'_>) -> String {
    if a.kind() == ValueKind::GlobalVariable || a.kind() == ValueKind::GlobalAlias {
        return "initializer refers to".into();
    }
    if b.kind() == ValueKind::GlobalVariable {
        return "uses global variable".into();
    }
    let (mut call, mut indirect) = (false, false);
    a.for_each_instruction(|i| {
        if i.is_call() {
            if i.is_indirect_call() {
                indirect |= b.is_function() && i.called_function_type() == b.global_value_type();
            } else {
                call |= i.called_function() == Some(b);
            }
        }
    });
    if call {
        "calls".into()
    } else if indirect {
        "calls indirectly (a referenced-indirectly function of the call's type)".into()
    } else {
        "takes the address of".into()
    }
}

/// What kind of entry point `f` is.
fn entry_kind(f: Value<'_>) -> String {
    if let Some(set) = f.fn_attr(ATTR_INDIRECTLY_CALLABLE) {
        format!("entry point: virtual function of set '{set}'")
    } else if is_kernel(f) {
        "entry point: kernel".into()
    } else {
        "entry point: exported function (SYCL_EXTERNAL)".into()
    }
}

/// Builds the report of `input` for `modes`, each run with `settings` (its
/// split mode replaced).
pub fn split_report(settings: &Settings, input: &Input, modes: &[SplitMode]) -> Result<SplitReport, PostLinkError> {
    // The input as the splitter sees it: llvm.used and the device globals'
    // llvm.compiler.used entries removed.
    let ctx = Context::new();
    let m: Module<'_> = parse_module(&ctx, &input.data, input.name())?;
    remove_llvm_used(&m).map_err(|e| err(e.to_string()))?;
    remove_device_globals_from_compiler_used(&m);
    let graph = DependencyGraph::build(&m, settings.dynamic_linking);
    let functions: BTreeMap<String, Value<'_>> = m.functions().into_iter().map(|f| (f.name(), f)).collect();
    let input_instructions = functions.values().map(|f| instruction_count(*f)).sum();
    let dynamic = settings.dynamic_linking;
    let exclude = |v: Value<'_>| dynamic && can_be_imported(v, true);

    let mut out = SplitReport {
        input: input.name().to_string(),
        input_instructions,
        modes: Vec::new(),
    };
    for &mode in modes {
        let mut s = settings.clone();
        s.split = mode;
        let (images, _) = post_link_images(&s, Input::from_bytes(input.data.clone(), input.name()))?;
        let mut report_images = Vec::new();
        let mut defined_in: BTreeMap<String, (Vec<usize>, usize)> = BTreeMap::new();
        for image in &images {
            let ictx = Context::new();
            let im = parse_module(&ictx, &image.ir, &format!("image {}", image.number))?;
            let entries: Vec<Value<'_>> = image
                .entry_points
                .iter()
                .filter_map(|n| functions.get(n).copied())
                .collect();
            let mut fns = Vec::new();
            for f in im.functions().into_iter().filter(|f| !f.is_declaration()) {
                let name = f.name();
                let instructions = instruction_count(f);
                let entry = defined_in.entry(name.clone()).or_default();
                entry.0.push(image.number);
                entry.1 = instructions;
                let why = match functions.get(&name) {
                    Some(&orig) if image.entry_points.contains(&name) => vec![(name.clone(), entry_kind(orig))],
                    Some(&orig) => match graph.path(&entries, orig, exclude) {
                        Some(chain) => chain
                            .iter()
                            .enumerate()
                            .map(|(k, v)| {
                                let mut how = match chain.get(k + 1) {
                                    Some(next) => dependency(*v, *next),
                                    None => String::new(),
                                };
                                if k == 0 && v.kind() == ValueKind::GlobalVariable {
                                    how = format!("kept in every image (not discardable); its {how}");
                                }
                                let name = if v.is_function() {
                                    v.name()
                                } else {
                                    format!("@{}", v.name())
                                };
                                (name, how)
                            })
                            .collect(),
                        None => vec![(
                            name.clone(),
                            "not reached from an entry point (kept by the pipeline)".into(),
                        )],
                    },
                    None => vec![(name.clone(), "made by the pipeline (not in the input)".into())],
                };
                fns.push(FunctionInImage {
                    name,
                    instructions,
                    why,
                });
            }
            fns.sort_by(|a, b| a.name.cmp(&b.name));
            report_images.push(ImageInReport {
                number: image.number,
                entry_points: image.entry_points.clone(),
                instructions: fns.iter().map(|f| f.instructions).sum(),
                functions: fns,
                bytes: image.ir.len(),
            });
        }
        let mut duplicates: Vec<Duplicate> = defined_in
            .into_iter()
            .filter(|(_, (imgs, _))| imgs.len() > 1)
            .map(|(name, (images, instructions))| Duplicate {
                name,
                images,
                instructions,
            })
            .collect();
        duplicates.sort_by(|a, b| {
            b.extra_instructions()
                .cmp(&a.extra_instructions())
                .then(a.name.cmp(&b.name))
        });
        out.modes.push(ModeReport {
            mode: mode_name(mode),
            images: report_images,
            duplicates,
        });
    }
    Ok(out)
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(o, "\\u{:04x}", c as u32);
            }
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

impl SplitReport {
    /// The report as JSON (stable key order, two-space indentation):
    /// `{"input", "input_instructions", "modes": [{"mode", "images":
    /// [{"number", "entry_points", "instructions", "bytes", "functions":
    /// [{"name", "instructions", "why": [{"from", "how"}]}]}],
    /// "duplicated": [{"name", "images", "instructions",
    /// "extra_instructions"}], "total_instructions", "total_bytes",
    /// "duplicated_instructions"}]}`.
    pub fn to_json(&self) -> String {
        let list = |v: &[String]| v.iter().map(|s| json_str(s)).collect::<Vec<_>>().join(", ");
        let mut o = String::new();
        let _ = writeln!(o, "{{\n  \"input\": {},", json_str(&self.input));
        let _ = writeln!(
            o,
            "  \"input_instructions\": {},\n  \"modes\": [",
            self.input_instructions
        );
        for (mi, m) in self.modes.iter().enumerate() {
            let _ = writeln!(o, "    {{\n      \"mode\": {},\n      \"images\": [", json_str(m.mode));
            for (ii, img) in m.images.iter().enumerate() {
                let _ = writeln!(
                    o,
                    "        {{\n          \"number\": {},\n          \"entry_points\": [{}],\n          \"instructions\": {},\n          \"bytes\": {},\n          \"functions\": [",
                    img.number,
                    list(&img.entry_points),
                    img.instructions,
                    img.bytes
                );
                for (fi, f) in img.functions.iter().enumerate() {
                    let why: Vec<String> = f
                        .why
                        .iter()
                        .map(|(from, how)| format!("{{\"from\": {}, \"how\": {}}}", json_str(from), json_str(how)))
                        .collect();
                    let _ = writeln!(
                        o,
                        "            {{\"name\": {}, \"instructions\": {}, \"why\": [{}]}}{}",
                        json_str(&f.name),
                        f.instructions,
                        why.join(", "),
                        if fi + 1 < img.functions.len() { "," } else { "" }
                    );
                }
                let _ = writeln!(
                    o,
                    "          ]\n        }}{}",
                    if ii + 1 < m.images.len() { "," } else { "" }
                );
            }
            let _ = writeln!(o, "      ],\n      \"duplicated\": [");
            for (di, d) in m.duplicates.iter().enumerate() {
                let imgs: Vec<String> = d.images.iter().map(usize::to_string).collect();
                let _ = writeln!(
                    o,
                    "        {{\"name\": {}, \"images\": [{}], \"instructions\": {}, \"extra_instructions\": {}}}{}",
                    json_str(&d.name),
                    imgs.join(", "),
                    d.instructions,
                    d.extra_instructions(),
                    if di + 1 < m.duplicates.len() { "," } else { "" }
                );
            }
            let _ = writeln!(
                o,
                "      ],\n      \"total_instructions\": {},\n      \"total_bytes\": {},\n      \"duplicated_instructions\": {}\n    }}{}",
                m.instructions(),
                m.bytes(),
                m.duplicated_instructions(),
                if mi + 1 < self.modes.len() { "," } else { "" }
            );
        }
        o.push_str("  ]\n}\n");
        o
    }

    /// The report as readable text: a table of the modes side by side,
    /// then per mode its images, its duplicated functions with their cost,
    /// and why each function that is not an entry point is in its image.
    pub fn to_text(&self) -> String {
        let mut o = String::new();
        let _ = writeln!(
            o,
            "split report for {} ({} instructions in its functions)",
            self.input, self.input_instructions
        );
        let _ = writeln!(
            o,
            "\n{:<8} {:>7} {:>13} {:>12} {:>13}",
            "mode", "images", "instructions", "bytes", "duplicated"
        );
        for m in &self.modes {
            let _ = writeln!(
                o,
                "{:<8} {:>7} {:>13} {:>12} {:>13}",
                m.mode,
                m.images.len(),
                m.instructions(),
                m.bytes(),
                m.duplicated_instructions()
            );
        }
        for m in &self.modes {
            let _ = writeln!(o, "\n== -split={}: {} image(s)", m.mode, m.images.len());
            for img in &m.images {
                let _ = writeln!(
                    o,
                    "image {}: {} function(s), {} instructions, {} bytes; entry points: {}",
                    img.number,
                    img.functions.len(),
                    img.instructions,
                    img.bytes,
                    img.entry_points.join(", ")
                );
                for f in &img.functions {
                    let why = match f.why.as_slice() {
                        [(_, how)] => how.clone(),
                        chain => chain
                            .iter()
                            .map(|(from, how)| {
                                if how.is_empty() {
                                    from.clone()
                                } else {
                                    format!("{from} -{how}->")
                                }
                            })
                            .collect::<Vec<_>>()
                            .join(" "),
                    };
                    let _ = writeln!(o, "  {:>6}  {}: {why}", f.instructions, f.name);
                }
            }
            if m.duplicates.is_empty() {
                let _ = writeln!(o, "no function is in more than one image");
            } else {
                let _ = writeln!(
                    o,
                    "in more than one image ({} extra instructions in all):",
                    m.duplicated_instructions()
                );
                for d in &m.duplicates {
                    let imgs: Vec<String> = d.images.iter().map(usize::to_string).collect();
                    let _ = writeln!(
                        o,
                        "  {}: {} copies (images {}), {} instructions each, {} extra",
                        d.name,
                        d.images.len(),
                        imgs.join(", "),
                        d.instructions,
                        d.extra_instructions()
                    );
                }
            }
        }
        o
    }
}
