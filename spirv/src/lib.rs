//! SPIR-V for device images: emission through LLVM 22's SPIR-V backend
//! (`llc -mtriple=spirv64-unknown-unknown -filetype=obj`), validation with
//! `spirv-val`, and inspection with `rspirv` — here, the specialization
//! constants of a module (their `SpecId` decorations and default values),
//! to check them against an image's `[SYCL/specialization constants]`
//! property set.
//!
//! What this crate does not do: lower or split IR (that is `sycl-passes`
//! and `sycl-split`); it only runs the external tools and reads their output.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

use rspirv::dr::{Module, Operand};
use rspirv::spirv::{Decoration, Op};
use sycl_props::property_set::{names, PropertySetRegistry};

/// Errors of SPIR-V emission and inspection.
#[derive(Debug, thiserror::Error)]
pub enum SpirvError {
    /// An external tool could not be started.
    #[error("cannot run {tool}: {reason}")]
    Spawn {
        /// The tool.
        tool: String,
        /// Why.
        reason: String,
    },
    /// An external tool failed.
    #[error("{tool} failed: {stderr}")]
    Tool {
        /// The tool.
        tool: String,
        /// Its standard error.
        stderr: String,
    },
    /// The bytes are not a SPIR-V module.
    #[error("not a SPIR-V module: {0}")]
    Parse(String),
    /// The SPIR-V module and the property set disagree.
    #[error("{0}")]
    Mismatch(String),
}

fn run(tool: &str, args: &[&str]) -> Result<(), SpirvError> {
    let out = Command::new(tool).args(args).output().map_err(|e| SpirvError::Spawn {
        tool: tool.into(),
        reason: e.to_string(),
    })?;
    if !out.status.success() {
        return Err(SpirvError::Tool {
            tool: tool.into(),
            stderr: String::from_utf8_lossy(&out.stderr).trim().to_string(),
        });
    }
    Ok(())
}

/// The `llc` to use: `$LLC`, else `llc-22`.
pub fn llc() -> String {
    std::env::var("LLC").unwrap_or_else(|_| "llc-22".into())
}

/// Compiles LLVM IR (text or bitcode) at `input` to a SPIR-V binary at `output`.
pub fn emit_spirv(input: &Path, output: &Path) -> Result<(), SpirvError> {
    let (i, o) = (input.to_string_lossy(), output.to_string_lossy());
    run(
        &llc(),
        &["-mtriple=spirv64-unknown-unknown", "-filetype=obj", &i, "-o", &o],
    )
}

/// Validates a SPIR-V binary with `spirv-val` (`$SPIRV_VAL` overrides).
pub fn validate(spirv: &Path) -> Result<(), SpirvError> {
    let tool = std::env::var("SPIRV_VAL").unwrap_or_else(|_| "spirv-val".into());
    run(&tool, &[&spirv.to_string_lossy()])
}

/// One `OpSpecConstant*` of a module with a `SpecId` decoration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecConstant {
    /// The `SpecId` decoration's literal.
    pub spec_id: u32,
    /// The result id of the constant.
    pub result_id: u32,
    /// Its default: the literal words of `OpSpecConstant`, `[1]`/`[0]` for
    /// `OpSpecConstantTrue`/`False`.
    pub default_words: Vec<u32>,
}

/// Parses a SPIR-V binary.
pub fn load(bytes: &[u8]) -> Result<Module, SpirvError> {
    rspirv::dr::load_bytes(bytes).map_err(|e| SpirvError::Parse(e.to_string()))
}

/// The specialization constants of `module`, by `SpecId`.
pub fn spec_constants(module: &Module) -> Vec<SpecConstant> {
    let mut spec_ids: BTreeMap<u32, u32> = BTreeMap::new();
    for inst in &module.annotations {
        if inst.class.opcode != Op::Decorate {
            continue;
        }
        if let [Operand::IdRef(target), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(id), ..] =
            inst.operands.as_slice()
        {
            spec_ids.insert(*target, *id);
        }
    }
    let mut out = Vec::new();
    for inst in &module.types_global_values {
        let Some(result_id) = inst.result_id else {
            continue;
        };
        let Some(&spec_id) = spec_ids.get(&result_id) else {
            continue;
        };
        let default_words = match inst.class.opcode {
            Op::SpecConstantTrue => vec![1],
            Op::SpecConstantFalse => vec![0],
            Op::SpecConstant => inst
                .operands
                .iter()
                .flat_map(|o| match o {
                    Operand::LiteralBit32(w) => vec![*w],
                    Operand::LiteralBit64(w) => vec![*w as u32, (*w >> 32) as u32],
                    _ => vec![],
                })
                .collect(),
            _ => continue,
        };
        out.push(SpecConstant {
            spec_id,
            result_id,
            default_words,
        });
    }
    out.sort_by_key(|s| s.spec_id);
    out
}

/// Checks that the `SpecId`s of `module` are exactly the numeric IDs that
/// `props` (a device image's property sets) assigns to its specialization
/// constants (padding descriptors excluded). Returns `(name, id)` pairs in
/// property-set order.
pub fn check_against_properties(
    module: &Module,
    props: &PropertySetRegistry,
) -> Result<Vec<(String, u32)>, SpirvError> {
    let mut expected = Vec::new();
    for (name, value) in props.get(names::SPEC_CONST_MAP).into_iter().flat_map(|s| s.iter()) {
        let words = value
            .as_u32_array()
            .filter(|w| w.len() % 3 == 0)
            .ok_or_else(|| SpirvError::Mismatch(format!("{name}: malformed descriptor list")))?;
        for d in words.chunks_exact(3).filter(|d| d[0] != u32::MAX) {
            expected.push((name.to_string(), d[0]));
        }
    }
    let in_props: BTreeSet<u32> = expected.iter().map(|(_, id)| *id).collect();
    let in_spirv: BTreeSet<u32> = spec_constants(module).iter().map(|s| s.spec_id).collect();
    if in_props != in_spirv {
        return Err(SpirvError::Mismatch(format!(
            "SpecIds in SPIR-V {in_spirv:?} differ from the property set's IDs {in_props:?}"
        )));
    }
    Ok(expected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;
    use rspirv::dr::Builder;
    use sycl_props::property_set::PropertyValue;

    fn module_with_spec_constant(spec_id: u32, value: u32) -> Module {
        let mut b = Builder::new();
        b.set_version(1, 0);
        let int = b.type_int(32, 0);
        let c = b.spec_constant_bit32(int, value);
        b.decorate(c, Decoration::SpecId, [Operand::LiteralBit32(spec_id)]);
        b.module()
    }

    #[test]
    fn reads_spec_ids_and_defaults() {
        let words = module_with_spec_constant(7, 40).assemble();
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let m = load(&bytes).expect("load");
        let sc = spec_constants(&m);
        assert_eq!(sc.len(), 1);
        assert_eq!((sc[0].spec_id, sc[0].default_words.clone()), (7, vec![40]));
    }

    #[test]
    fn compares_with_the_property_set() {
        let m = module_with_spec_constant(3, 1);
        let props = |words: &[u32]| {
            let mut reg = PropertySetRegistry::new();
            reg.add(names::SPEC_CONST_MAP, "A", PropertyValue::u32_array(words));
            reg
        };
        let ok = props(&[3, 0, 4, u32::MAX, 4, 4]);
        assert_eq!(
            check_against_properties(&m, &ok).expect("match"),
            vec![("A".to_string(), 3)]
        );
        assert!(check_against_properties(&m, &props(&[1, 0, 4])).is_err());
    }
}
