//! `sycl-spirv-check IMAGE.spv IMAGE.prop`: checks that the `SpecId`s of a
//! SPIR-V module are the IDs of its `[SYCL/specialization constants]`
//! property set and prints `name id default-words` per constant.
use std::process::ExitCode;

use sycl_props::property_set::PropertySetRegistry;
use sycl_spirv::{check_against_properties, load, spec_constants};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [spv, prop] = args.as_slice() else {
        eprintln!("usage: sycl-spirv-check IMAGE.spv IMAGE.prop");
        return ExitCode::from(2);
    };
    match check(spv, prop) {
        Ok(lines) => {
            for l in lines {
                println!("{l}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sycl-spirv-check: error: {e}");
            ExitCode::from(1)
        }
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
