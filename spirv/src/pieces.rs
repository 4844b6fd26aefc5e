//! One image's SPIR-V joined from the SPIR-V of its pieces: an image
//! compiled in pieces (each function defined in exactly one piece, declared
//! in the others; see `sycl-postlink`'s `pieces`) is linked with SPIRV-Tools'
//! linker (`sycl-ir`'s [`sycl_ir::link_spirv`]), then everything the
//! partition left is taken out again, so that the module says what the
//! image compiled in one piece says:
//!
//! - built-in variables: one per built-in (each piece declares its own, and
//!   the linker does not link built-ins);
//! - imports nothing exports (a SYCL_EXTERNAL function of another image, a
//!   device library function): one declaration per name;
//! - specialization constants: one per `SpecId`;
//! - constants, `OpString`s and debug instructions the pieces repeat: once;
//! - the copies of an internal variable that several pieces defined (same
//!   name, type, initializer and decorations): one; copies that differ fail
//!   the join;
//! - the symbols the partition made linkable ([`PIECE_SYMBOL_PREFIX`] and
//!   their number): their `Export` decoration removed and their `OpName`
//!   put back to the image's name (none for an unnamed value);
//! - the header's generator word: the back end's, not the linker's, and no
//!   `OpModuleProcessed` note of the linker;
//! - every entry point's interface: all the module's global variables, as
//!   the back end lists them (a piece lists its own).
//!
//! Ids are then numbered canonically ([`crate::canonical_ids`]), so the
//! bytes are a function of the pieces alone.

use std::collections::{HashMap, HashSet};

use rspirv::binary::Assemble;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, LinkageType, Op};

use crate::{canonical_ids, Flat, SpirvError};

/// The prefix of the names under which a partition makes an image's
/// internal (or hidden) definitions linkable between its pieces:
/// `<prefix><N>`, where N indexes the original names handed to
/// [`join_pieces`]. No name of an image may start with it (the partition
/// keeps such an image in one piece).
pub const PIECE_SYMBOL_PREFIX: &str = "__sycl_piece.";

/// Links the SPIR-V of an image's pieces (in piece order) into the image's
/// module; `renamed[N]` is the original name of the symbol the partition
/// named [`PIECE_SYMBOL_PREFIX`]`N` (empty for an unnamed value).
pub fn join_pieces(pieces: &[Vec<u8>], renamed: &[String]) -> Result<Vec<u8>, SpirvError> {
    let first = pieces
        .first()
        .ok_or_else(|| SpirvError::Parse("an image of no pieces".into()))?;
    if first.len() < 20 {
        return Err(SpirvError::Parse("a piece has no SPIR-V header".into()));
    }
    let generator = u32::from_le_bytes([first[8], first[9], first[10], first[11]]);
    let refs: Vec<&[u8]> = pieces.iter().map(Vec::as_slice).collect();
    let linked = sycl_ir::link_spirv(&refs).map_err(|e| SpirvError::Codegen(e.to_string()))?;
    let mut flat = Flat::default();
    rspirv::binary::parse_bytes(&linked, &mut flat).map_err(|e| SpirvError::Parse(e.to_string()))?;
    let Some(mut header) = flat.header else {
        return Err(SpirvError::Parse("no module header".into()));
    };
    header.generator = generator;
    let insts = tidy(flat.insts, renamed)?;
    let mut words = header.assemble();
    for inst in &insts {
        inst.assemble_into(&mut words);
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    canonical_ids(&bytes)
}

/// The target id, decoration and its literals of an `OpDecorate`.
fn decoration_of(inst: &Instruction) -> Option<(u32, Decoration, &[Operand])> {
    if inst.class.opcode != Op::Decorate {
        return None;
    }
    match (inst.operands.first(), inst.operands.get(1)) {
        (Some(Operand::IdRef(id)), Some(Operand::Decoration(d))) => Some((*id, *d, &inst.operands[2..])),
        _ => None,
    }
}

/// The name and type of a `LinkageAttributes` decoration's literals.
fn linkage_of(literals: &[Operand]) -> Option<(&str, LinkageType)> {
    match (literals.first(), literals.get(1)) {
        (Some(Operand::LiteralString(name)), Some(Operand::LinkageType(t))) => Some((name.as_str(), *t)),
        _ => None,
    }
}

/// Constants and other global instructions whose result is a function of
/// their opcode, type and operands, so that two equal ones are one.
fn is_pure_global(op: Op) -> bool {
    matches!(
        op,
        Op::Constant
            | Op::ConstantTrue
            | Op::ConstantFalse
            | Op::ConstantComposite
            | Op::ConstantNull
            | Op::ConstantSampler
            | Op::SpecConstantComposite
            | Op::SpecConstantOp
            | Op::Undef
            | Op::String
            | Op::ExtInstImport
            | Op::ConstantFunctionPointerINTEL
    )
}

/// Instructions without a result that a linked module may repeat once per
/// piece, of which one is kept.
fn is_repeatable(op: Op) -> bool {
    matches!(
        op,
        Op::Capability
            | Op::Extension
            | Op::Source
            | Op::SourceExtension
            | Op::SourceContinued
            | Op::ModuleProcessed
            | Op::Decorate
            | Op::MemberDecorate
            | Op::DecorateId
            | Op::DecorateString
            | Op::ExecutionMode
            | Op::ExecutionModeId
    )
}

fn tidy(mut insts: Vec<Instruction>, renamed: &[String]) -> Result<Vec<Instruction>, SpirvError> {
    let types: HashMap<u32, Option<u32>> = insts
        .iter()
        .filter_map(|i| i.result_id.map(|id| (id, i.result_type)))
        .collect();
    // Ids to replace by another (kept) id, decided by decorations.
    let mut remap: HashMap<u32, u32> = HashMap::new();
    {
        let mut builtins: HashMap<(String, Option<u32>), u32> = HashMap::new();
        let mut imports: HashMap<(String, Option<u32>), u32> = HashMap::new();
        let mut spec_ids: HashMap<(u32, Option<u32>), u32> = HashMap::new();
        let mut keep_first = |first: u32, id: u32| {
            if first != id {
                remap.insert(id, first);
            }
        };
        for inst in &insts {
            let Some((id, decoration, literals)) = decoration_of(inst) else {
                continue;
            };
            let ty = types.get(&id).copied().flatten();
            match decoration {
                Decoration::BuiltIn => {
                    let key = (format!("{:?}", literals.first()), ty);
                    keep_first(*builtins.entry(key).or_insert(id), id);
                }
                Decoration::SpecId => {
                    if let Some(Operand::LiteralBit32(n)) = literals.first() {
                        keep_first(*spec_ids.entry((*n, ty)).or_insert(id), id);
                    }
                }
                Decoration::LinkageAttributes => {
                    if let Some((name, LinkageType::Import)) = linkage_of(literals) {
                        let key = (name.to_string(), ty);
                        keep_first(*imports.entry(key).or_insert(id), id);
                    }
                }
                _ => {}
            }
        }
    }
    // Built-ins are also imports: an id merged as both keeps the first.
    let resolve = |remap: &HashMap<u32, u32>, mut id: u32| {
        while let Some(&next) = remap.get(&id) {
            if next == id {
                break;
            }
            id = next;
        }
        id
    };
    // Equal constants and copies of one variable (after the replacements
    // so far), in definition order.
    let first_function = insts
        .iter()
        .position(|i| i.class.opcode == Op::Function)
        .unwrap_or(insts.len());
    // What names and decorates each id, for merging variables.
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut decorations: HashMap<u32, Vec<Vec<Operand>>> = HashMap::new();
    for inst in &insts {
        match (inst.class.opcode, inst.operands.first(), inst.operands.get(1)) {
            (Op::Name, Some(Operand::IdRef(id)), Some(Operand::LiteralString(n))) => {
                names.insert(*id, n.clone());
            }
            (Op::Decorate, Some(Operand::IdRef(id)), _) => {
                decorations.entry(*id).or_default().push(inst.operands[1..].to_vec());
            }
            _ => {}
        }
    }
    for d in decorations.values_mut() {
        d.sort_by_key(|o| format!("{o:?}"));
    }
    let mut seen: HashMap<(Op, Option<u32>, Vec<Operand>), u32> = HashMap::new();
    let mut variables: HashMap<(Option<u32>, Vec<Operand>, String, Vec<Vec<Operand>>), u32> = HashMap::new();
    let mut variable_names: HashMap<String, u32> = HashMap::new();
    for inst in insts[..first_function].iter_mut() {
        let Some(id) = inst.result_id else { continue };
        let op = inst.class.opcode;
        if remap.contains_key(&id) || !(is_pure_global(op) || op == Op::Variable) {
            continue;
        }
        for o in inst.operands.iter_mut() {
            if let Some(r) = o.id_ref_any_mut() {
                *r = resolve(&remap, *r);
            }
        }
        let ty = inst.result_type.map(|t| resolve(&remap, t));
        if op == Op::Variable {
            // The copies of an internal variable the pieces each defined:
            // one when name, type, initializer and decorations agree.
            let Some(name) = names.get(&id) else { continue };
            let key = (
                ty,
                inst.operands.clone(),
                name.clone(),
                decorations.remove(&id).unwrap_or_default(),
            );
            match variables.get(&key) {
                Some(&first) => {
                    remap.insert(id, first);
                }
                None => {
                    if variable_names.insert(name.clone(), id).is_some() {
                        return Err(SpirvError::Mismatch(format!(
                            "the pieces define variable '{name}' differently"
                        )));
                    }
                    variables.insert(key, id);
                }
            }
            continue;
        }
        let key = (op, ty, inst.operands.clone());
        match seen.get(&key) {
            Some(&first) => {
                remap.insert(id, first);
            }
            None => {
                seen.insert(key, id);
            }
        }
    }
    let removed: HashSet<u32> = remap.keys().copied().collect();
    // Drop the merged definitions (a merged function declaration with its
    // parameters) and what names or decorates them.
    let mut out: Vec<Instruction> = Vec::with_capacity(insts.len());
    let mut dropped_params: HashSet<u32> = HashSet::new();
    let mut in_removed_function = false;
    for inst in insts.drain(..) {
        let op = inst.class.opcode;
        if op == Op::Function && inst.result_id.is_some_and(|id| removed.contains(&id)) {
            in_removed_function = true;
            continue;
        }
        if in_removed_function {
            if let Some(id) = inst.result_id {
                dropped_params.insert(id);
            }
            if op == Op::FunctionEnd {
                in_removed_function = false;
            }
            continue;
        }
        if inst.result_id.is_some_and(|id| removed.contains(&id)) {
            continue;
        }
        let target = match inst.operands.first() {
            Some(Operand::IdRef(id)) if is_annotation_or_name(op) => Some(*id),
            _ => None,
        };
        if target.is_some_and(|t| removed.contains(&t) || dropped_params.contains(&t)) {
            continue;
        }
        out.push(inst);
    }
    // Replace the merged ids everywhere; keep one of each repeated
    // instruction and one of each entry point interface id.
    let mut repeated: HashSet<(Op, Vec<Operand>)> = HashSet::new();
    let mut result: Vec<Instruction> = Vec::with_capacity(out.len());
    for mut inst in out {
        if let Some(t) = inst.result_type.as_mut() {
            *t = resolve(&remap, *t);
        }
        for op in inst.operands.iter_mut() {
            if let Some(r) = op.id_ref_any_mut() {
                *r = resolve(&remap, *r);
            }
        }
        let op = inst.class.opcode;
        if op == Op::EntryPoint && inst.operands.len() > 3 {
            let interface = inst.operands.split_off(3);
            let mut ids = HashSet::new();
            inst.operands.extend(
                interface
                    .into_iter()
                    .filter(|o| o.id_ref_any().is_none_or(|id| ids.insert(id))),
            );
        }
        if is_repeatable(op) && !repeated.insert((op, inst.operands.clone())) {
            continue;
        }
        if let Some(keep) = restore_symbol(&mut inst, renamed)? {
            if !keep {
                continue;
            }
        }
        if op == Op::ModuleProcessed
            && matches!(inst.operands.first(), Some(Operand::LiteralString(t)) if t.as_str() == LINKER_NOTE)
        {
            continue;
        }
        result.push(inst);
    }
    same_interfaces(&mut result);
    Ok(declarations_first(result))
}

/// The `OpModuleProcessed` note SPIRV-Tools' linker adds.
const LINKER_NOTE: &str = "Linked by SPIR-V Tools Linker";

/// Gives every entry point the same interface, all the global variables
/// any lists: LLVM's SPIR-V back end lists every global variable of the
/// module in each entry point's interface (in definition order, which
/// `canonical_ids` restores), and a piece lists its own.
fn same_interfaces(insts: &mut [Instruction]) {
    let mut all: Vec<Operand> = Vec::new();
    let mut seen = HashSet::new();
    for ep in insts.iter().filter(|i| i.class.opcode == Op::EntryPoint) {
        for o in ep.operands.iter().skip(3) {
            if o.id_ref_any().is_some_and(|id| seen.insert(id)) {
                all.push(o.clone());
            }
        }
    }
    for ep in insts
        .iter_mut()
        .filter(|i| i.class.opcode == Op::EntryPoint && i.operands.len() >= 3)
    {
        ep.operands.truncate(3);
        ep.operands.extend(all.iter().cloned());
    }
}

/// Moves every function declaration (a function without blocks) before the
/// first function definition, in their order: SPIR-V wants them there, and
/// each piece's own declarations follow the pieces before it.
fn declarations_first(insts: Vec<Instruction>) -> Vec<Instruction> {
    let Some(start) = insts.iter().position(|i| i.class.opcode == Op::Function) else {
        return insts;
    };
    let mut out = insts;
    let functions = out.split_off(start);
    let (mut declarations, mut definitions) = (Vec::new(), Vec::new());
    let mut current: Vec<Instruction> = Vec::new();
    for inst in functions {
        let end = inst.class.opcode == Op::FunctionEnd;
        current.push(inst);
        if end {
            let body = std::mem::take(&mut current);
            if body.iter().any(|i| i.class.opcode == Op::Label) {
                definitions.extend(body);
            } else {
                declarations.extend(body);
            }
        }
    }
    out.extend(declarations);
    out.extend(definitions);
    out.extend(current);
    out
}

fn is_annotation_or_name(op: Op) -> bool {
    matches!(
        op,
        Op::Name | Op::MemberName | Op::Decorate | Op::MemberDecorate | Op::DecorateId | Op::DecorateString
    )
}

/// The index N of a [`PIECE_SYMBOL_PREFIX`]`N` name.
fn piece_symbol(name: &str) -> Option<usize> {
    name.strip_prefix(PIECE_SYMBOL_PREFIX)?.parse().ok()
}

/// For an instruction about a symbol the partition renamed: `Some(false)`
/// to drop it (its `Export` decoration, or the name of an unnamed value),
/// `Some(true)` to keep it with the original name put back; `None` for any
/// other instruction.
fn restore_symbol(inst: &mut Instruction, renamed: &[String]) -> Result<Option<bool>, SpirvError> {
    let original = |n: usize| {
        renamed
            .get(n)
            .ok_or_else(|| SpirvError::Mismatch(format!("piece symbol {n} has no original name")))
    };
    if inst.class.opcode == Op::Name {
        if let Some(Operand::LiteralString(name)) = inst.operands.get_mut(1) {
            if let Some(n) = piece_symbol(name) {
                let o = original(n)?;
                if o.is_empty() {
                    return Ok(Some(false));
                }
                *name = o.clone();
                return Ok(Some(true));
            }
        }
        return Ok(None);
    }
    if let Some((_, Decoration::LinkageAttributes, literals)) = decoration_of(inst) {
        if let Some((name, _)) = linkage_of(literals) {
            if let Some(n) = piece_symbol(name) {
                original(n)?;
                return Ok(Some(false));
            }
        }
    }
    Ok(None)
}
