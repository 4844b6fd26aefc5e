//! `sycl-spirv-check IMAGE.spv IMAGE.prop`: checks that the `SpecId`s of a
//! SPIR-V module are the IDs of its `[SYCL/specialization constants]`
//! property set and prints `name id default-words` per constant (a helper
//! of the specialization-constant tests). Errors: `sycl-spirv-check:
//! error: <file>: <what>`, exit status 1; a wrong command line, exit 2.
use std::process::ExitCode;

use sycl_props::property_set::PropertySetRegistry;
use sycl_spirv::{check_against_properties, load, spec_constants};

const TOOL: &str = "sycl-spirv-check";

sycl_tools::command_main!(TOOL, main_with_args);

fn main_with_args(args: &[String]) -> ExitCode {
    let [spv, prop] = args else {
        sycl_tools::errln!("usage: {TOOL} IMAGE.spv IMAGE.prop");
        return ExitCode::from(2);
    };
    match check(spv, prop) {
        Ok(lines) => {
            for l in lines {
                sycl_tools::out!("{l}\n");
            }
            ExitCode::SUCCESS
        }
        Err(e) => sycl_tools::report_error(TOOL, &e),
    }
}

fn check(spv: &str, prop: &str) -> Result<Vec<String>, String> {
    let bytes = std::fs::read(spv).map_err(|e| format!("{spv}: {e}"))?;
    let text = std::fs::read_to_string(prop).map_err(|e| format!("{prop}: {e}"))?;
    let props = PropertySetRegistry::parse(&text).map_err(|e| format!("{prop}: {e}"))?;
    let module = load(&bytes).map_err(|e| format!("{spv}: {e}"))?;
    let pairs = check_against_properties(&module, &props).map_err(|e| e.to_string())?;
    let defaults = spec_constants(&module);
    Ok(pairs
        .into_iter()
        .map(|(name, id)| {
            let words = defaults
                .iter()
                .find(|s| s.spec_id == id)
                .map(|s| s.default_words.clone())
                .unwrap_or_default();
            format!("{name} {id} {words:?}")
        })
        .collect())
}
