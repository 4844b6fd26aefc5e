//! One image's SPIR-V joined from the SPIR-V of its pieces: an image
//! compiled in pieces (each function defined in exactly one piece, a
//! caller's piece declaring its callees; see `sycl-postlink`'s `pieces`) is
//! linked: the pieces' instructions in one module ([`concatenate`]), the
//! types they share once, an import of what another piece exports resolved
//! to it; then everything the partition left is taken out again, so that
//! the module says what the image compiled in one piece says:
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
//! - calls into another piece: bound to the definition's types, pointer
//!   arguments and results cast where the caller's piece typed the
//!   declaration otherwise ([`bind_calls`], [`fold_pointer_casts`]);
//! - types and capabilities only the pieces needed: dropped
//!   ([`drop_unused_types`]);
//! - every entry point's interface: all the module's global variables, as
//!   the back end lists them (a piece lists its own).
//!
//! Ids are then numbered canonically ([`crate::canonical_ids`]), so the
//! bytes are a function of the pieces alone.

use std::collections::{HashMap, HashSet};

use rspirv::binary::Assemble;
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Capability, Decoration, LinkageType, Op};

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
/// refuses a call whose declaration the back end typed otherwise than the
/// definition ("Type mismatch on symbol"), which [`bind_calls`] casts.
fn concatenate(pieces: &[Vec<u8>]) -> Result<(rspirv::dr::ModuleHeader, Vec<Instruction>), SpirvError> {
    let mut sections: Vec<Vec<Instruction>> = vec![Vec::new(); 11];
    let mut functions: Vec<Instruction> = Vec::new();
    let mut header: Option<rspirv::dr::ModuleHeader> = None;
    let mut offset = 0u32;
    for piece in pieces {
        let (h, piece_insts) = Flat::parse(piece)?;
        let shift = offset;
        offset = offset
            .checked_add(h.bound)
            .ok_or_else(|| SpirvError::Parse("the pieces have too many ids".into()))?;
        match header.as_mut() {
            None => header = Some(h),
            Some(first) => first.version = first.version.max(h.version),
        }
        let mut in_functions = false;
        for mut inst in piece_insts {
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
    let result = rewrite_ids(kept, &remap, renamed)?;
    let mut result = drop_unused_types(fold_pointer_casts(bind_calls(result)?));
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
/// imported name, an import of what a piece exports (or defines
/// `LinkOnceODR`) that definition. (Not
/// spec constants: the back end writes one per use, in one piece too.)
fn merge_by_decoration(insts: &[Instruction], types: &HashMap<u32, Option<u32>>, remap: &mut HashMap<u32, u32>) {
    let mut exports: HashMap<String, u32> = HashMap::new();
    for inst in insts {
        if let Some((id, Decoration::LinkageAttributes, literals)) = decoration_of(inst) {
            // A `linkonce_odr` definition is written `LinkOnceODR` where
            // SPV_KHR_linkonce_odr is allowed; the other pieces import it.
            if let Some((name, LinkageType::Export | LinkageType::LinkOnceODR)) = linkage_of(literals) {
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
    // The merged ids, and the ids inside a merged function (its
    // parameters), which names and decorations before it may refer to.
    let mut removed: HashSet<u32> = remap.keys().copied().collect();
    let mut in_removed_function = false;
    for inst in &insts {
        let op = inst.class.opcode;
        if op == Op::Function {
            in_removed_function = inst.result_id.is_some_and(|id| removed.contains(&id));
        } else if in_removed_function {
            removed.extend(inst.result_id);
        }
    }
    let mut out: Vec<Instruction> = Vec::with_capacity(insts.len());
    let mut in_removed_function = false;
    for inst in insts {
        let op = inst.class.opcode;
        if op == Op::Function && inst.result_id.is_some_and(|id| removed.contains(&id)) {
            in_removed_function = true;
        }
        if in_removed_function {
            in_removed_function = op != Op::FunctionEnd;
            continue;
        }
        if inst.result_id.is_some_and(|id| removed.contains(&id)) {
            continue;
        }
        let target = match inst.operands.first() {
            Some(Operand::IdRef(id)) if is_annotation_or_name(op) => Some(*id),
            _ => None,
        };
        if target.is_some_and(|t| removed.contains(&t)) {
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

/// Makes every call's arguments and result the types of the function it
/// calls. A call into another piece was typed by its caller's piece: LLVM's
/// SPIR-V back end gives a declaration's pointer parameters the pointee
/// types of its calls' arguments and a definition's those of its body, so
/// an argument can be a pointer to another type than the parameter (and
/// likewise a result). Such an argument is cast (`OpBitcast`, same storage
/// class) before the call, such a result after it; any other difference
/// fails the join.
fn bind_calls(insts: Vec<Instruction>) -> Result<Vec<Instruction>, SpirvError> {
    let mut type_of: HashMap<u32, u32> = HashMap::new();
    let mut pointers: HashMap<u32, Operand> = HashMap::new();
    let mut function_types: HashMap<u32, Vec<u32>> = HashMap::new();
    let mut next_id = 0u32;
    for inst in &insts {
        let Some(id) = inst.result_id else { continue };
        next_id = next_id.max(id + 1);
        if let Some(t) = inst.result_type {
            type_of.insert(id, t);
        }
        match inst.class.opcode {
            Op::TypePointer => {
                if let Some(sc) = inst.operands.first() {
                    pointers.insert(id, sc.clone());
                }
            }
            Op::TypeFunction => {
                function_types.insert(id, inst.operands.iter().filter_map(Operand::id_ref_any).collect());
            }
            _ => {}
        }
    }
    // Each function's return and parameter types.
    let signature: HashMap<u32, &Vec<u32>> = insts
        .iter()
        .filter(|i| i.class.opcode == Op::Function)
        .filter_map(|i| Some((i.result_id?, function_types.get(&i.operands.get(1)?.id_ref_any()?)?)))
        .collect();
    let castable =
        |from: u32, to: u32| matches!((pointers.get(&from), pointers.get(&to)), (Some(a), Some(b)) if a == b);
    let mismatch =
        |what: &str| SpirvError::Mismatch(format!("a call between pieces does not match its definition: {what}"));
    let mut out = Vec::with_capacity(insts.len());
    for mut inst in insts {
        if inst.class.opcode != Op::FunctionCall {
            out.push(inst);
            continue;
        }
        let callee = inst.operands.first().and_then(Operand::id_ref_any);
        let Some(sig) = callee.and_then(|c| signature.get(&c)) else {
            out.push(inst);
            continue;
        };
        if sig.len() != inst.operands.len() {
            return Err(mismatch("another number of arguments"));
        }
        for (o, &want) in inst.operands.iter_mut().zip(sig.iter()).skip(1) {
            let Some(arg) = o.id_ref_any() else { continue };
            let Some(&have) = type_of.get(&arg) else { continue };
            if have == want {
                continue;
            }
            if !castable(have, want) {
                return Err(mismatch("an argument of another type"));
            }
            let cast = next_id;
            next_id += 1;
            out.push(Instruction::new(
                Op::Bitcast,
                Some(want),
                Some(cast),
                vec![Operand::IdRef(arg)],
            ));
            type_of.insert(cast, want);
            *o = Operand::IdRef(cast);
        }
        let (have, want) = (inst.result_type, sig[0]);
        match (have, inst.result_id) {
            (Some(have), Some(result)) if have != want => {
                if !castable(want, have) {
                    return Err(mismatch("a result of another type"));
                }
                let raw = next_id;
                next_id += 1;
                inst.result_type = Some(want);
                inst.result_id = Some(raw);
                out.push(inst);
                out.push(Instruction::new(
                    Op::Bitcast,
                    Some(have),
                    Some(result),
                    vec![Operand::IdRef(raw)],
                ));
            }
            _ => out.push(inst),
        }
    }
    Ok(out)
}

/// Folds chains of pointer casts that [`bind_calls`] made (the caller's
/// piece cast an argument to its declaration's type, the join casts it on
/// to the definition's): a cast of a cast casts the first cast's operand,
/// a cast back to that operand's own type is the operand, and a cast
/// nothing uses any more is dropped. Only casts between pointers.
fn fold_pointer_casts(insts: Vec<Instruction>) -> Vec<Instruction> {
    let pointers: HashSet<u32> = insts
        .iter()
        .filter(|i| i.class.opcode == Op::TypePointer)
        .filter_map(|i| i.result_id)
        .collect();
    let mut type_of: HashMap<u32, u32> = HashMap::new();
    for i in &insts {
        if let (Some(id), Some(t)) = (i.result_id, i.result_type) {
            type_of.insert(id, t);
        }
    }
    let pointer_cast = |i: &Instruction| -> Option<(u32, u32, u32)> {
        let (r, t) = (i.result_id?, i.result_type?);
        let a = i.operands.first()?.id_ref_any()?;
        (i.class.opcode == Op::Bitcast && pointers.contains(&t) && pointers.contains(type_of.get(&a)?))
            .then_some((r, t, a))
    };
    // Each pointer cast's first operand that is not a pointer cast, and
    // casts that are that operand.
    let mut source: HashMap<u32, u32> = HashMap::new();
    let mut same: HashMap<u32, u32> = HashMap::new();
    let mut insts = insts;
    for i in insts.iter_mut() {
        let Some((r, t, a)) = pointer_cast(i) else { continue };
        let a = same.get(&a).copied().unwrap_or(a);
        let root = source.get(&a).copied().unwrap_or(a);
        if type_of.get(&root) == Some(&t) {
            same.insert(r, root);
        } else {
            source.insert(r, root);
            i.operands[0] = Operand::IdRef(root);
        }
    }
    let mut uses: HashMap<u32, usize> = HashMap::new();
    for i in insts.iter_mut() {
        for o in i.operands.iter_mut() {
            if let Some(id) = o.id_ref_any_mut() {
                if let Some(&to) = same.get(id) {
                    *id = to;
                }
                *uses.entry(*id).or_default() += 1;
            }
        }
    }
    // Casts without uses, last first (a cast's operand may be another).
    let mut keep = vec![true; insts.len()];
    for n in (0..insts.len()).rev() {
        let Some((r, _, a)) = pointer_cast(&insts[n]) else {
            continue;
        };
        if same.contains_key(&r) || uses.get(&r).copied().unwrap_or(0) == 0 {
            keep[n] = false;
            if let Some(u) = uses.get_mut(&a) {
                *u = u.saturating_sub(1);
            }
        }
    }
    insts
        .into_iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(i, _)| i)
        .collect()
}

/// Drops the types nothing uses any more (the function types of merged
/// declarations, and the pointer types the back end made up for a
/// declaration's parameters), `Int8` when no 8-bit integer type is left
/// and `Linkage` when no symbol is linked: the back end writes no unused
/// type, and these capabilities only when needed, for an image in one piece.
fn drop_unused_types(insts: Vec<Instruction>) -> Vec<Instruction> {
    let mut uses: HashMap<u32, usize> = HashMap::new();
    let used_ids = |i: &Instruction| -> Vec<u32> {
        if is_annotation_or_name(i.class.opcode) {
            return Vec::new();
        }
        i.result_type
            .into_iter()
            .chain(i.operands.iter().filter_map(Operand::id_ref_any))
            .collect()
    };
    for i in &insts {
        for id in used_ids(i) {
            *uses.entry(id).or_default() += 1;
        }
    }
    let types: HashMap<u32, usize> = insts
        .iter()
        .enumerate()
        .filter(|(_, i)| is_type(i.class.opcode))
        .filter_map(|(n, i)| Some((i.result_id?, n)))
        .collect();
    let mut dead: HashSet<u32> = HashSet::new();
    let mut work: Vec<u32> = types.keys().copied().filter(|t| !uses.contains_key(t)).collect();
    while let Some(t) = work.pop() {
        if !dead.insert(t) {
            continue;
        }
        for id in used_ids(&insts[types[&t]]) {
            let n = uses.entry(id).or_default();
            *n = n.saturating_sub(1);
            if *n == 0 && types.contains_key(&id) {
                work.push(id);
            }
        }
    }
    let int8_left = insts.iter().any(|i| {
        i.class.opcode == Op::TypeInt
            && i.result_id.is_some_and(|id| !dead.contains(&id))
            && matches!(i.operands.first(), Some(Operand::LiteralBit32(8)))
    });
    let linkage_left = insts
        .iter()
        .any(|i| matches!(decoration_of(i), Some((_, Decoration::LinkageAttributes, _))));
    let unneeded = |c: &Capability| match c {
        Capability::Int8 => !int8_left,
        Capability::Linkage => !linkage_left,
        _ => false,
    };
    insts
        .into_iter()
        .filter(|i| {
            let target = match i.operands.first() {
                Some(Operand::IdRef(id)) if is_annotation_or_name(i.class.opcode) => Some(*id),
                _ => i.result_id,
            };
            if target.is_some_and(|id| dead.contains(&id)) {
                return false;
            }
            !(i.class.opcode == Op::Capability
                && matches!(i.operands.first(), Some(Operand::Capability(c)) if unneeded(c)))
        })
        .collect()
}

/// Gives every entry point the same interface, every global variable of
/// the module: LLVM's SPIR-V back end lists them all in each entry point's
/// interface, in definition order (a piece lists its own, and a piece
/// without an entry point lists none).
fn same_interfaces(insts: &mut [Instruction]) {
    let all: Vec<Operand> = insts
        .iter()
        .take_while(|i| i.class.opcode != Op::Function)
        .filter(|i| i.class.opcode == Op::Variable)
        .filter_map(|i| i.result_id.map(Operand::IdRef))
        .collect();
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
