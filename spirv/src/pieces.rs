//! One image's SPIR-V joined from the SPIR-V of its pieces: an image
//! compiled in pieces (each function defined in exactly one piece, no call
//! between pieces; see `sycl-postlink`'s `pieces`) is linked: the pieces'
//! instructions in one module ([`concatenate`]), the types they share once,
//! an import of what another piece exports resolved to it; then everything
//! the partition left is taken out again, so that the module says what the
//! image compiled in one piece says:
//!
//! - built-in variables: one per built-in (each piece declares its own);
//! - imports nothing exports (a SYCL_EXTERNAL function of another image, a
//!   device library function): one declaration per name;
//! - constants, `OpString`s and debug instructions the pieces repeat: once;
//! - the copies of an internal variable that several pieces defined (same
//!   name, type, initializer and decorations): one; copies that differ fail
//!   the join;
//! - the symbols the partition made linkable ([`PIECE_SYMBOL_PREFIX`] and
//!   their number): their `Export` decoration removed and their `OpName`
//!   put back to the image's name (none for an unnamed value);
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

/// Joins the SPIR-V of an image's pieces (in piece order) into the image's
/// module; `renamed[N]` is the original name of the symbol the partition
/// named [`PIECE_SYMBOL_PREFIX`]`N` (empty for an unnamed value).
pub fn join_pieces(pieces: &[Vec<u8>], renamed: &[String]) -> Result<Vec<u8>, SpirvError> {
    let (mut header, insts) = concatenate(pieces)?;
    let insts = tidy(insts, renamed)?;
    header.bound = insts
        .iter()
        .flat_map(|i| i.result_id.into_iter().chain(i.result_type))
        .max()
        .unwrap_or(0)
        + 1;
    let mut words = header.assemble();
    for inst in &insts {
        inst.assemble_into(&mut words);
    }
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    canonical_ids(&bytes)
}

/// The logical layout section of a module-level instruction (SPIR-V 2.4),
/// in order; functions come last.
fn section(op: Op) -> usize {
    match op {
        Op::Capability => 0,
        Op::Extension => 1,
        Op::ExtInstImport => 2,
        Op::MemoryModel => 3,
        Op::EntryPoint => 4,
        Op::ExecutionMode | Op::ExecutionModeId => 5,
        Op::String | Op::SourceExtension | Op::Source | Op::SourceContinued => 6,
        Op::Name | Op::MemberName => 7,
        Op::ModuleProcessed => 8,
        Op::Decorate
        | Op::MemberDecorate
        | Op::DecorateId
        | Op::DecorateString
        | Op::MemberDecorateString
        | Op::DecorationGroup
        | Op::GroupDecorate
        | Op::GroupMemberDecorate => 9,
        _ => 10,
    }
}

/// The pieces' instructions in one module: each piece's ids moved above the
/// previous pieces', each layout section the pieces' sections in piece
/// order, then every piece's functions. What the pieces share (types,
/// constants, built-ins, copies of variables, imports) is merged by
/// [`tidy`]; an import of a symbol another piece exports becomes that
/// symbol there. The header is the first piece's, with the highest version.
///
/// SPIRV-Tools' linker does this too, but took 1.36 s of a 1.9 s join of
/// llama.cpp's largest per-source image (its duplicate-removal pass), and
/// the cut leaves no call between pieces that it would be needed for.
fn concatenate(pieces: &[Vec<u8>]) -> Result<(rspirv::dr::ModuleHeader, Vec<Instruction>), SpirvError> {
    let mut sections: Vec<Vec<Instruction>> = vec![Vec::new(); 11];
    let mut functions: Vec<Instruction> = Vec::new();
    let mut header: Option<rspirv::dr::ModuleHeader> = None;
    let mut offset = 0u32;
    for piece in pieces {
        let mut flat = Flat::default();
        rspirv::binary::parse_bytes(piece, &mut flat).map_err(|e| SpirvError::Parse(e.to_string()))?;
        let h = flat
            .header
            .ok_or_else(|| SpirvError::Parse("a piece has no module header".into()))?;
        let shift = offset;
        offset = offset
            .checked_add(h.bound)
            .ok_or_else(|| SpirvError::Parse("the pieces have too many ids".into()))?;
        match header.as_mut() {
            None => header = Some(h),
            Some(first) => first.version = first.version.max(h.version),
        }
        let mut in_functions = false;
        for mut inst in flat.insts {
            if let Some(t) = inst.result_type.as_mut() {
                *t += shift;
            }
            if let Some(r) = inst.result_id.as_mut() {
                *r += shift;
            }
            for o in inst.operands.iter_mut() {
                if let Some(r) = o.id_ref_any_mut() {
                    *r += shift;
                }
            }
            in_functions |= inst.class.opcode == Op::Function;
            if in_functions {
                functions.push(inst);
            } else {
                sections[section(inst.class.opcode)].push(inst);
            }
        }
    }
    let header = header.ok_or_else(|| SpirvError::Parse("an image of no pieces".into()))?;
    let mut insts: Vec<Instruction> = sections.into_iter().flatten().collect();
    insts.extend(functions);
    Ok((header, insts))
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
    is_type(op)
        || matches!(
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

/// A type declaration other than a forward pointer (the pieces declare the
/// same types, which SPIR-V allows once).
fn is_type(op: Op) -> bool {
    op != Op::TypeForwardPointer && format!("{op:?}").starts_with("Type")
}

/// Instructions without a result that a linked module may repeat once per
/// piece, of which one is kept.
fn is_repeatable(op: Op) -> bool {
    matches!(
        op,
        Op::Capability
            | Op::Extension
            | Op::MemoryModel
            | Op::Name
            | Op::MemberName
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

/// What makes two types or constants one: opcode, type, operands, and for
/// a structure its name.
type ValueKey = (Op, Option<u32>, Vec<Operand>, Option<String>);

/// What makes two copies of a variable one: type, operands (storage class,
/// initializer), name and decorations.
type VariableKey = (Option<u32>, Vec<Operand>, String, Vec<Vec<Operand>>);

/// Takes out of the joined instructions what the partition left (see the
/// module documentation), step by step: copies merged into their first,
/// then the merged definitions dropped, then every id rewritten.
fn tidy(mut insts: Vec<Instruction>, renamed: &[String]) -> Result<Vec<Instruction>, SpirvError> {
    let types: HashMap<u32, Option<u32>> = insts
        .iter()
        .filter_map(|i| i.result_id.map(|id| (id, i.result_type)))
        .collect();
    // Ids to replace by another (kept) id.
    let mut remap: HashMap<u32, u32> = HashMap::new();
    let (names, mut decorations) = names_and_decorations(&insts);
    merge_equal_globals(&mut insts, &names, &mut decorations, &mut remap)?;
    merge_by_decoration(&insts, &types, &mut remap);
    let kept = drop_merged(insts, &remap);
    let mut result = rewrite_ids(kept, &remap, renamed)?;
    same_interfaces(&mut result);
    Ok(declarations_first(result))
}

/// The id `id` stands for after the replacements of `remap`.
fn resolve(remap: &HashMap<u32, u32>, mut id: u32) -> u32 {
    while let Some(&next) = remap.get(&id) {
        if next == id {
            break;
        }
        id = next;
    }
    id
}

/// Each id's name, and each id's decorations (their operands).
type NamesAndDecorations = (HashMap<u32, String>, HashMap<u32, Vec<Vec<Operand>>>);

/// What names and decorates each id, for merging variables (each id's
/// decorations in a fixed order).
fn names_and_decorations(insts: &[Instruction]) -> NamesAndDecorations {
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut decorations: HashMap<u32, Vec<Vec<Operand>>> = HashMap::new();
    for inst in insts {
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
    (names, decorations)
}

/// Equal types and constants, and copies of one variable (a built-in,
/// an imported variable, an internal variable several pieces use), in
/// definition order, each after the replacements so far.
fn merge_equal_globals(
    insts: &mut [Instruction],
    names: &HashMap<u32, String>,
    decorations: &mut HashMap<u32, Vec<Vec<Operand>>>,
    remap: &mut HashMap<u32, u32>,
) -> Result<(), SpirvError> {
    let first_function = insts
        .iter()
        .position(|i| i.class.opcode == Op::Function)
        .unwrap_or(insts.len());
    let mut seen: HashMap<ValueKey, u32> = HashMap::new();
    let mut variables: HashMap<VariableKey, u32> = HashMap::new();
    let mut variable_names: HashMap<String, u32> = HashMap::new();
    for inst in insts[..first_function].iter_mut() {
        let Some(id) = inst.result_id else { continue };
        let op = inst.class.opcode;
        if !(is_pure_global(op) || op == Op::Variable) {
            continue;
        }
        for o in inst.operands.iter_mut() {
            if let Some(r) = o.id_ref_any_mut() {
                *r = resolve(remap, *r);
            }
        }
        let ty = inst.result_type.map(|t| resolve(remap, t));
        if op == Op::Variable {
            // Copies of an internal variable; built-ins and other linked
            // variables go by their decorations below.
            let linked = decorations.get(&id).is_some_and(|d| {
                d.iter()
                    .any(|o| matches!(o.first(), Some(Operand::Decoration(Decoration::LinkageAttributes))))
            });
            let Some(name) = names.get(&id).filter(|_| !linked) else {
                continue;
            };
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
        // A structure's name is part of it (two LLVM types of one layout).
        let name = (op == Op::TypeStruct).then(|| names.get(&id).cloned()).flatten();
        let key = (op, ty, inst.operands.clone(), name);
        match seen.get(&key) {
            Some(&first) => {
                remap.insert(id, first);
            }
            None => {
                seen.insert(key, id);
            }
        }
    }
    Ok(())
}

/// Then by decorations: one variable per built-in, one declaration per
/// imported name, an import of what a piece exports that export. (Not
/// spec constants: the back end writes one per use, in one piece too.)
fn merge_by_decoration(insts: &[Instruction], types: &HashMap<u32, Option<u32>>, remap: &mut HashMap<u32, u32>) {
    let mut exports: HashMap<String, u32> = HashMap::new();
    for inst in insts {
        if let Some((id, Decoration::LinkageAttributes, literals)) = decoration_of(inst) {
            if let Some((name, LinkageType::Export)) = linkage_of(literals) {
                exports.entry(name.to_string()).or_insert(id);
            }
        }
    }
    let mut firsts: HashMap<(String, Option<u32>), u32> = HashMap::new();
    for inst in insts {
        let Some((id, decoration, literals)) = decoration_of(inst) else {
            continue;
        };
        if remap.contains_key(&id) {
            continue;
        }
        let ty = types.get(&id).copied().flatten().map(|t| resolve(remap, t));
        let key = match (decoration, literals.first()) {
            (Decoration::BuiltIn, Some(b)) => format!("builtin {b:?}"),
            (Decoration::LinkageAttributes, _) => match linkage_of(literals) {
                Some((name, LinkageType::Import)) => {
                    if let Some(&export) = exports.get(name) {
                        remap.insert(id, export);
                        continue;
                    }
                    format!("import {name}")
                }
                _ => continue,
            },
            _ => continue,
        };
        let first = *firsts.entry((key, ty)).or_insert(id);
        if first != id {
            remap.insert(id, first);
        }
    }
}

/// Drops the merged definitions (a merged function declaration with its
/// parameters) and what names or decorates them.
fn drop_merged(insts: Vec<Instruction>, remap: &HashMap<u32, u32>) -> Vec<Instruction> {
    let removed: HashSet<u32> = remap.keys().copied().collect();
    let mut out: Vec<Instruction> = Vec::with_capacity(insts.len());
    let mut dropped_params: HashSet<u32> = HashSet::new();
    let mut in_removed_function = false;
    for inst in insts {
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
    out
}

/// Replaces the merged ids everywhere; keeps one of each repeated
/// instruction and one of each entry point interface id; gives the
/// partition's symbols their names back.
fn rewrite_ids(
    insts: Vec<Instruction>,
    remap: &HashMap<u32, u32>,
    renamed: &[String],
) -> Result<Vec<Instruction>, SpirvError> {
    let mut repeated: HashSet<(Op, Vec<Operand>)> = HashSet::new();
    let mut result: Vec<Instruction> = Vec::with_capacity(insts.len());
    for mut inst in insts {
        if let Some(t) = inst.result_type.as_mut() {
            *t = resolve(remap, *t);
        }
        for op in inst.operands.iter_mut() {
            if let Some(r) = op.id_ref_any_mut() {
                *r = resolve(remap, *r);
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
        result.push(inst);
    }
    Ok(result)
}

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
