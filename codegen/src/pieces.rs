//! An image compiled in pieces: the partition of one device image's
//! functions into pieces that LLVM's SPIR-V back end compiles one by one
//! (in parallel, in the worker processes of [`crate::syclbin`]), joined
//! again by `sycl_spirv::join_pieces`.
//!
//! Why: the back end's time and memory grow faster than the number of
//! functions it compiles at once (a per-source image of the generated
//! 4,000-kernel module, 294 small functions: 2.83 s and 660 MB with
//! `llc-22`; in pieces of about 250 instructions, a third of the CPU time
//! and 80 MB each), and the wall time of a build is that of its largest
//! image. For each function it compiles, LLVM 22's SPIR-V back end walks
//! every global variable of the module, initializer included
//! ([`estimated_cost`]): llama.cpp's image of 55 functions beside lookup
//! tables of 4,776 entries takes 1.4 s whole and 0.34 s in pieces, dpnp's
//! image of 1,228 kernels and 696 variables 38 s whole. This is what LLVM's
//! `splitCodeGen` (`llvm/lib/CodeGen/ParallelCG.cpp`) does for LTO with
//! `SplitModule`, with `sycl_spirv::join_pieces` in the system linker's
//! place. Images of a few large functions and few variables gain little and
//! lose what each piece costs (its compilation's start, and the join): an
//! image is cut when it has
//! [`PieceSettings::min_functions`] and [`PieceSettings::min_instructions`],
//! or an estimated cost of [`PieceSettings::min_cost`].
//!
//! The cut (`cut`): the function definitions in module order, a piece
//! ended before a function whose name hashes to a boundary once the piece
//! holds about [`PieceSettings::piece_instructions`] of estimated cost (a
//! function's instructions and the variables it uses), at most
//! [`PieceSettings::max_pieces`] pieces; a function heavier than that is a
//! piece of its own. It depends on the image alone, so
//! the bytes do not depend on the thread count or the run, and an edit of
//! one function changes one or two pieces (which the code cache then finds
//! unchanged). A function whose address is taken stays with its users
//! (`address_groups`); calls cross pieces: the callee is declared in the
//! caller's piece and the join binds the call to the definition, casting
//! pointer arguments where the back end typed the declaration otherwise.
//! No function is copied: each is defined in one piece.
//!
//! Each symbol comes out of the join as the one-piece image has it
//! ([`partition`]): functions the back end does not link (internal or
//! hidden) are made external under the names
//! `sycl_spirv::PIECE_SYMBOL_PREFIX<N>` (which the pieces link by), and
//! get their names back without `LinkageAttributes` when the pieces are
//! joined; `weak_odr` and `linkonce_odr` kernels, helpers and variables
//! keep their linkage where they are defined. An internal (or hidden)
//! global variable is defined in each piece that uses it (LLVM's SPIR-V
//! back end may give a declaration another pointer type than the
//! definition), and the join merges the copies into one (an unnamed one
//! under a prefixed name the join drops); an exported one is defined in
//! the first piece and declared in the others. Comdats are dropped.
//!
//! Kept in one piece, with the reason ([`Whole::Unsupported`], which `-v`
//! and the time trace give): images with aliases, function pointers in
//! global initializers, `available_externally`, appending or common
//! definitions, a local kernel, a hidden kernel other code uses, or a name
//! that already starts with the prefix.

use std::collections::{HashMap, HashSet};

use sycl_ir::{Linkage, Module, Value, ValueKind, Visibility};

/// When and how an image is compiled in pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceSettings {
    /// Images with fewer instructions (in function bodies) stay one piece,
    /// unless their estimated cost reaches [`PieceSettings::min_cost`].
    pub min_instructions: usize,
    /// Images with fewer function definitions stay one piece (at least 2),
    /// unless their estimated cost reaches [`PieceSettings::min_cost`].
    pub min_functions: usize,
    /// About how much of the estimated cost ([`estimated_cost`]) each piece
    /// holds: about this many instructions where the image has no large
    /// constant tables.
    pub piece_instructions: usize,
    /// The most pieces one image is cut into.
    pub max_pieces: usize,
    /// Images of two functions or more whose estimated cost
    /// ([`estimated_cost`]) reaches this are cut whatever their function
    /// count: the images that would otherwise be a build's critical path.
    pub min_cost: usize,
}

impl PieceSettings {
    /// Every image in one piece.
    pub const OFF: PieceSettings = PieceSettings {
        min_instructions: usize::MAX,
        min_functions: usize::MAX,
        piece_instructions: usize::MAX,
        max_pieces: 1,
        min_cost: usize::MAX,
    };

    /// Every image of two functions or more in pieces, as many as it has
    /// functions up to `max_pieces` (what the tests use to compile every
    /// image they can in pieces).
    pub fn forced(max_pieces: usize) -> Self {
        PieceSettings {
            min_instructions: 0,
            min_functions: 2,
            piece_instructions: 1,
            max_pieces,
            min_cost: 0,
        }
    }

    /// Whether any image can be cut.
    pub fn enabled(&self) -> bool {
        self.max_pieces > 1
            && ((self.min_instructions != usize::MAX && self.min_functions != usize::MAX)
                || self.min_cost != usize::MAX)
    }

    /// The five numbers, in the order of [`PieceSettings::to_arg`].
    pub fn numbers(&self) -> [usize; 5] {
        [
            self.min_instructions,
            self.min_functions,
            self.piece_instructions,
            self.max_pieces,
            self.min_cost,
        ]
    }

    /// The settings as one argument: `MIN_INSTRUCTIONS,MIN_FUNCTIONS,SIZE,MAX,MIN_COST`
    /// (`--codegen-pieces`' explicit form).
    pub fn to_arg(self) -> String {
        self.numbers().map(|n| n.to_string()).join(",")
    }

    /// Reads [`PieceSettings::to_arg`]; with four numbers, no image is cut
    /// by its estimated cost alone.
    pub fn from_arg(v: &str) -> Option<Self> {
        let n: Vec<usize> = v.split(',').map(|n| n.parse::<usize>().ok()).collect::<Option<_>>()?;
        (4..=5).contains(&n.len()).then(|| PieceSettings {
            min_instructions: n[0],
            min_functions: n[1],
            piece_instructions: n[2],
            max_pieces: n[3],
            min_cost: n.get(4).copied().unwrap_or(usize::MAX),
        })
    }
}

impl Default for PieceSettings {
    /// Images of 64 functions or more and 2,000 instructions or more, and
    /// images of two functions or more whose estimated cost reaches 12,000
    /// (about a third of a second of the back end's time), in pieces of
    /// about 250, at most 32 (`bench/HISTORY.md`, "Images compiled in
    /// pieces": pieces of 500 or 1,000 take 1.4 and 1.9 times the CPU on
    /// the generated 4,000 kernels per source; more than 32 pieces pay
    /// each piece's own compilation for no gain on dpnp's large images).
    fn default() -> Self {
        PieceSettings {
            min_instructions: 2_000,
            min_functions: 64,
            piece_instructions: 250,
            max_pieces: 32,
            min_cost: 12_000,
        }
    }
}

/// Why an image is compiled in one piece.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Whole {
    /// Pieces are off, or the image is below the settings' thresholds.
    Small,
    /// The image holds something the cut does not handle (said in words:
    /// what and where); `-v` and the time trace name it.
    Unsupported(String),
}

/// An image cut into pieces: each piece's bitcode, in order, and the
/// original names of the symbols made linkable (`renamed[N]` for
/// `PIECE_SYMBOL_PREFIX<N>`; empty for an unnamed value).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Partition {
    /// Each piece's LLVM bitcode.
    pub pieces: Vec<Vec<u8>>,
    /// The original names of the renamed symbols.
    pub renamed: Vec<String>,
}

/// Which piece each function goes to, content-defined so that an edit
/// moves few functions between pieces (and the code cache finds the other
/// pieces unchanged): the groups (`groups`, numbered in order of first
/// appearance; a group stays whole) in order, a piece ended before a group
/// whose first function's name hashes (`hashes`) to a multiple of `d`,
/// once the piece holds half of `target` instructions (`sizes`), or
/// before a group that would take it past 1.5 times `target`. `d` is the power
/// of two that makes pieces of about `target` instructions on average;
/// both double until there are at most `max` pieces. No piece is empty.
fn cut(sizes: &[usize], groups: &[usize], hashes: &[u64], target: usize, max: usize) -> Vec<usize> {
    let count = groups.iter().max().map_or(0, |g| g + 1);
    let mut size = vec![0usize; count];
    let mut hash = vec![None; count];
    for ((s, g), h) in sizes.iter().zip(groups).zip(hashes) {
        size[*g] += (*s).max(1);
        hash[*g].get_or_insert(*h);
    }
    let total: usize = size.iter().sum();
    let mut target = target.max(1);
    let wanted = total.div_ceil(target).max(1);
    let mut d = (count / wanted).max(1).next_power_of_two() as u64;
    loop {
        let mut piece_of_group = vec![0usize; count];
        let (mut piece, mut filled) = (0usize, 0usize);
        for g in 0..count {
            let boundary = hash[g].unwrap_or(0) % d == 0 && filled >= target / 2;
            if filled > 0 && (boundary || filled + size[g] > target + target / 2) {
                piece += 1;
                filled = 0;
            }
            piece_of_group[g] = piece;
            filled += size[g];
        }
        if piece < max.max(1) {
            return groups.iter().map(|g| piece_of_group[*g]).collect();
        }
        d = d.saturating_mul(2);
        target = target.saturating_mul(2);
    }
}

/// A hash of a function's name that is the same in every run and build
/// (FNV-1a, then mixed so that its low bits are spread).
fn name_hash(name: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    h ^= h >> 33;
    h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
    h ^ (h >> 33)
}

/// Which function definitions of `defs` must share a piece: a function
/// used other than as the callee of a direct call (its address taken by an
/// instruction) goes with the functions that use it. Calls cross pieces
/// (the callee declared in the caller's piece, the join binds them).
/// Groups are numbered in order of their first function. An error naming
/// the function when a global variable's initializer uses one (function
/// pointer tables: kept in one piece).
fn address_groups(defs: &[Value<'_>]) -> Result<Vec<usize>, String> {
    let index: HashMap<Value<'_>, usize> = defs.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let mut parent: Vec<usize> = (0..defs.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    for (i, f) in defs.iter().enumerate() {
        let mut in_initializer = false;
        for_each_user(*f, |u| match u.kind() {
            ValueKind::Instruction => {
                if is_direct_call_of(u, *f) {
                    return;
                }
                if let Some(j) = u.parent_function().and_then(|g| index.get(&g)) {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, *j));
                    // The smaller index is the root: groups keep the
                    // order of their first function.
                    parent[a.max(b)] = a.min(b);
                }
            }
            _ => in_initializer = true,
        });
        if in_initializer {
            return Err(format!("a global initializer takes the address of @{}", f.name()));
        }
    }
    let mut number: HashMap<usize, usize> = HashMap::new();
    let mut out = Vec::with_capacity(defs.len());
    for i in 0..defs.len() {
        let r = root(&mut parent, i);
        let next = number.len();
        out.push(*number.entry(r).or_insert(next));
    }
    Ok(out)
}

/// Whether instruction `u` is a direct call of `f` that uses `f` only as
/// its callee (not also as an argument).
fn is_direct_call_of<'c>(u: Value<'c>, f: Value<'c>) -> bool {
    u.is_call_base() && u.called_value() == Some(f) && u.operands().into_iter().filter(|o| *o == f).count() == 1
}

/// What the back end's time on a module grows with, in instructions: its
/// instructions, and for each function every global variable of the module
/// again (LLVM 22's SPIR-V back end walks all of them, initializers
/// included, for each function it compiles: llama.cpp's image of 55
/// functions and 4,776 table entries takes 1.4 s, 55 empty functions beside
/// the same tables 1.5 s, one function with them 0.05 s).
/// `table_weight` weighs each variable; three tenths of an instruction per
/// weight and function fit llama.cpp's per-source images best
/// (`bench/HISTORY.md`, "What the back end's time grows with").
pub fn estimated_cost(m: &Module<'_>) -> usize {
    let defs: Vec<_> = m.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    let instructions: usize = defs.iter().map(|f| f.instruction_count()).sum();
    let tables: usize = m
        .globals()
        .into_iter()
        .filter(|g| !g.is_declaration())
        .map(table_weight)
        .sum();
    cost_of(instructions, defs.len(), tables)
}

/// [`estimated_cost`] of a module of `functions` function definitions of
/// `instructions` in all, beside global variables of `weight` in all.
pub fn cost_of(instructions: usize, functions: usize, weight: usize) -> usize {
    instructions.saturating_add(tables_cost(functions, weight))
}

/// The cost of `functions` functions in a module of global variables of
/// `weight` in all ([`estimated_cost`]).
fn tables_cost(functions: usize, weight: usize) -> usize {
    functions.saturating_mul(weight).saturating_mul(3) / 10
}

/// A global variable's weight in [`estimated_cost`]: one, plus the scalar
/// elements of its initializer where that is neither zero nor undefined.
pub fn table_weight(g: Value<'_>) -> usize {
    match g.initializer() {
        Some(init) if !init.is_null_constant() && !init.is_zero_aggregate() => {
            1usize.saturating_add(scalar_elements(g.global_value_type()))
        }
        _ => 1,
    }
}

/// The scalars a value of type `ty` holds.
fn scalar_elements(ty: sycl_ir::Type<'_>) -> usize {
    use sycl_ir::TypeKind;
    match ty.kind() {
        TypeKind::Array | TypeKind::Vector => {
            (ty.element_count() as usize).saturating_mul(scalar_elements(ty.element_type()))
        }
        TypeKind::Struct => ty.struct_elements().into_iter().map(scalar_elements).sum(),
        _ => 1,
    }
}

/// The symbols of the image the cut does not handle, as a reason to keep
/// it whole (aliases, `available_externally` or appending definitions, a
/// name starting with the pieces' prefix, a local kernel, a hidden kernel
/// that other code uses).
fn unsupported(m: &Module<'_>, defs: &[Value<'_>], globals: &[Value<'_>]) -> Result<(), Whole> {
    let why = |s: String| Err(Whole::Unsupported(s));
    if let Some(a) = m.aliases().first() {
        return why(format!("alias @{}", a.name()));
    }
    let prefix = sycl_spirv::PIECE_SYMBOL_PREFIX;
    if let Some(v) = m.global_values().into_iter().find(|v| v.name().starts_with(prefix)) {
        return why(format!("@{} has the pieces' symbol prefix", v.name()));
    }
    for v in defs.iter().chain(globals) {
        match v.linkage() {
            Linkage::LLVMAvailableExternallyLinkage => {
                return why(format!("available_externally definition @{}", v.name()))
            }
            Linkage::LLVMAppendingLinkage | Linkage::LLVMCommonLinkage => {
                return why(format!("appending or common variable @{}", v.name()))
            }
            _ => {}
        }
    }
    for k in defs.iter().filter(|f| f.call_conv().is_kernel()) {
        if k.has_local_linkage() {
            return why(format!("local kernel @{}", k.name()));
        }
        if k.visibility() == Visibility::LLVMHiddenVisibility && !k.users().is_empty() {
            return why(format!("hidden kernel @{} used by other code", k.name()));
        }
    }
    Ok(())
}

/// Whether a symbol the back end gives no `LinkageAttributes` (local or
/// hidden), which the pieces must link otherwise.
fn unlinked(v: &Value<'_>) -> bool {
    v.has_local_linkage() || v.visibility() == Visibility::LLVMHiddenVisibility
}

/// Cuts module `m` (an image, changed in the process) into pieces by
/// `settings`, or says why it stays one piece.
///
/// What the back end writes of each symbol in the one-piece image is kept:
/// - a function without `LinkageAttributes` there (local or hidden, not a
///   kernel) is renamed [`sycl_spirv::PIECE_SYMBOL_PREFIX`]`N` and made
///   external, and the join removes its `Export` and gives its name back;
/// - a hidden global variable is made internal (defined in each piece that
///   uses it, merged by the join), as local ones are; an unnamed local
///   variable is named with the prefix, and the join drops that name;
/// - everything else keeps its linkage in the piece that defines it
///   (`weak_odr` and `linkonce_odr` kernels, helpers and variables), and
///   the join binds the other pieces' imports to it;
/// - comdats, which SPIR-V does not have, are dropped.
pub fn partition(m: &Module<'_>, settings: &PieceSettings) -> Result<Partition, Whole> {
    if !settings.enabled() {
        return Err(Whole::Small);
    }
    let defs: Vec<_> = m.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    let globals: Vec<_> = m.globals().into_iter().filter(|g| !g.is_declaration()).collect();
    let instructions: Vec<usize> = defs.iter().map(|f| f.instruction_count()).collect();
    let total: usize = instructions.iter().sum();
    let weights: Vec<usize> = globals.iter().map(|g| table_weight(*g)).collect();
    let cost = cost_of(total, defs.len(), weights.iter().sum());
    let by_size = defs.len() >= settings.min_functions.max(2) && total >= settings.min_instructions;
    let by_cost = defs.len() >= 2 && cost >= settings.min_cost;
    if !(by_size || by_cost) {
        return Err(Whole::Small);
    }
    unsupported(m, &defs, &globals)?;
    let groups = address_groups(&defs).map_err(Whole::Unsupported)?;
    let sizes = weighted_sizes(&defs, &instructions, &globals, &weights);
    let hashes: Vec<u64> = defs.iter().map(|f| name_hash(&f.name())).collect();
    let piece_of = cut(
        &sizes,
        &groups,
        &hashes,
        settings.piece_instructions,
        settings.max_pieces,
    );
    let pieces = piece_of.iter().max().map_or(1, |p| p + 1);
    if pieces < 2 {
        return Err(Whole::Small);
    }
    let renamed = make_linkable(&defs, &globals);
    let local = |v: &Value<'_>| v.has_local_linkage();
    let needs = pieces_using_globals(&globals, &defs, &piece_of, pieces);
    let extractor = sycl_ir::Extractor::new(m);
    let mut out = Vec::with_capacity(pieces);
    for p in 0..pieces {
        let mut keep: Vec<_> = globals
            .iter()
            .zip(&needs)
            .filter(|(g, n)| {
                if local(g) {
                    n[p] || (p == 0 && !n.contains(&true))
                } else {
                    p == 0
                }
            })
            .map(|(g, _)| *g)
            .collect();
        keep.extend(defs.iter().zip(&piece_of).filter(|(_, q)| **q == p).map(|(f, _)| *f));
        let piece = extractor
            .try_extract(&keep)
            .map_err(|e| Whole::Unsupported(format!("a piece cannot be extracted: {e}")))?;
        out.push(piece.to_bitcode());
    }
    Ok(Partition { pieces: out, renamed })
}

/// Each function's size for the cut: its instructions, and the weight of
/// the global variables it uses ([`estimated_cost`]: a piece's functions
/// pay for the variables of their piece).
fn weighted_sizes(defs: &[Value<'_>], instructions: &[usize], globals: &[Value<'_>], weights: &[usize]) -> Vec<usize> {
    let index: HashMap<Value<'_>, usize> = defs.iter().enumerate().map(|(i, f)| (*f, i)).collect();
    let mut tables = vec![0usize; defs.len()];
    for (g, w) in globals.iter().zip(weights) {
        let mut users = HashSet::new();
        for_each_user(*g, |u| {
            if let Some(i) = u.parent_function().and_then(|f| index.get(&f)) {
                users.insert(*i);
            }
        });
        for i in users {
            tables[i] = tables[i].saturating_add(*w);
        }
    }
    instructions
        .iter()
        .zip(tables)
        .map(|(n, t)| n.saturating_add(tables_cost(1, t)))
        .collect()
}

/// Makes the symbols the back end would not link linkable between pieces
/// (see [`partition`]); returns the original names of the renamed ones, in
/// the order of their numbers.
fn make_linkable(defs: &[Value<'_>], globals: &[Value<'_>]) -> Vec<String> {
    let prefix = sycl_spirv::PIECE_SYMBOL_PREFIX;
    let mut renamed = Vec::new();
    for f in defs.iter().filter(|f| unlinked(f) && !f.call_conv().is_kernel()) {
        renamed.push(f.name());
        f.set_name(&format!("{prefix}{}", renamed.len() - 1));
        f.set_linkage(Linkage::LLVMExternalLinkage);
        f.set_visibility(Visibility::LLVMDefaultVisibility);
    }
    for g in globals {
        if g.visibility() == Visibility::LLVMHiddenVisibility {
            g.set_linkage(Linkage::LLVMInternalLinkage);
            g.set_visibility(Visibility::LLVMDefaultVisibility);
        }
        if g.has_local_linkage() && g.name().is_empty() {
            renamed.push(String::new());
            g.set_name(&format!("{prefix}{}", renamed.len() - 1));
        }
    }
    for v in defs.iter().chain(globals) {
        v.clear_comdat();
    }
    renamed
}

/// Calls `f` once for each instruction or global value that uses `v`,
/// directly or through constant expressions and aggregates.
fn for_each_user<'c>(v: Value<'c>, mut f: impl FnMut(Value<'c>)) {
    let mut stack = v.users();
    let mut seen = HashSet::new();
    while let Some(u) = stack.pop() {
        if !seen.insert(u) {
            continue;
        }
        match u.kind() {
            ValueKind::Constant => stack.extend(u.users()),
            ValueKind::Instruction
            | ValueKind::GlobalVariable
            | ValueKind::GlobalAlias
            | ValueKind::GlobalIFunc
            | ValueKind::Function => f(u),
            _ => {}
        }
    }
}

/// For each global variable, which pieces use it: through an instruction of
/// a function of the piece, through a constant expression, or through the
/// initializer of another global variable a piece uses.
fn pieces_using_globals(
    globals: &[Value<'_>],
    defs: &[Value<'_>],
    piece_of: &[usize],
    pieces: usize,
) -> Vec<Vec<bool>> {
    let piece: HashMap<Value<'_>, usize> = defs.iter().copied().zip(piece_of.iter().copied()).collect();
    let index: HashMap<Value<'_>, usize> = globals.iter().enumerate().map(|(i, g)| (*g, i)).collect();
    let mut needs = vec![vec![false; pieces]; globals.len()];
    // Global variables whose initializers use each global variable.
    let mut used_by_global: Vec<Vec<usize>> = vec![Vec::new(); globals.len()];
    for (i, g) in globals.iter().enumerate() {
        for_each_user(*g, |u| match u.kind() {
            ValueKind::Instruction => {
                if let Some(p) = u.parent_function().and_then(|f| piece.get(&f)) {
                    needs[i][*p] = true;
                }
            }
            _ => {
                if let Some(j) = index.get(&u) {
                    used_by_global[i].push(*j);
                }
            }
        });
    }
    // A global used by the initializer of a global a piece uses.
    let mut changed = true;
    while changed {
        changed = false;
        for (i, users) in used_by_global.iter().enumerate() {
            for &j in users {
                let user = needs[j].clone();
                for (need, used) in needs[i].iter_mut().zip(user) {
                    if used && !*need {
                        *need = true;
                        changed = true;
                    }
                }
            }
        }
    }
    needs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Checks a cut: groups whole, pieces numbered from 0 in order, none
    /// empty, at most `max`; returns the number of pieces.
    fn check_cut(piece_of: &[usize], groups: &[usize], max: usize) -> usize {
        for (i, g) in groups.iter().enumerate() {
            let first = groups.iter().position(|h| h == g).unwrap();
            assert_eq!(piece_of[i], piece_of[first], "group {g} split");
        }
        let mut last = 0;
        for p in piece_of {
            assert!(*p == last || *p == last + 1, "{piece_of:?}");
            last = *p;
        }
        assert!(last < max, "{} pieces, at most {max}", last + 1);
        last + 1
    }

    #[test]
    fn cuts_keep_groups_whole_are_never_empty_and_keep_to_the_most_pieces() {
        let hashes: Vec<u64> = (0..200).map(|i| name_hash(&format!("f{i}"))).collect();
        let sizes: Vec<usize> = (0..200).map(|i| 5 + i % 40).collect();
        let singles: Vec<usize> = (0..200).collect();
        let n = check_cut(&cut(&sizes, &singles, &hashes, 250, 64), &singles, 64);
        // About total / target pieces (total 4,900).
        assert!((8..=40).contains(&n), "{n} pieces");
        assert_eq!(check_cut(&cut(&sizes, &singles, &hashes, 250, 4), &singles, 4), 4);
        let pairs: Vec<usize> = (0..200).map(|i| i / 2).collect();
        check_cut(&cut(&sizes, &pairs, &hashes[..], 100, 64), &pairs, 64);
        // Forced: one function each.
        assert_eq!(cut(&[5; 4], &[0, 1, 2, 3], &hashes[..4], 1, 8), vec![0, 1, 2, 3]);
        assert_eq!(cut(&[5; 3], &[0, 0, 0], &hashes[..3], 1, 8), vec![0, 0, 0]);
    }

    /// An edit that grows or shrinks one function moves few others to
    /// another piece: the cut is by the functions' names, not by running
    /// totals.
    #[test]
    fn an_edit_of_one_function_moves_few_others() {
        let hashes: Vec<u64> = (0..300).map(|i| name_hash(&format!("_Z6helper{i}"))).collect();
        let sizes: Vec<usize> = (0..300).map(|i| 10 + (i * 7) % 50).collect();
        let groups: Vec<usize> = (0..300).collect();
        let before = cut(&sizes, &groups, &hashes, 300, 64);
        for edited in [3, 150, 299] {
            let mut grown = sizes.clone();
            grown[edited] += 40;
            let after = cut(&grown, &groups, &hashes, 300, 64);
            // Pieces as sets of functions: those that changed.
            let set = |cut: &[usize]| {
                let mut v: Vec<Vec<usize>> = Vec::new();
                for (f, p) in cut.iter().enumerate() {
                    if v.len() <= *p {
                        v.push(Vec::new());
                    }
                    v[*p].push(f);
                }
                v
            };
            let (a, b) = (set(&before), set(&after));
            let changed = b.iter().filter(|p| !a.contains(p)).count();
            assert!(
                changed <= 3,
                "edit of {edited}: {changed} of {} pieces changed",
                b.len()
            );
        }
    }

    #[test]
    fn settings_travel_as_one_argument() {
        for s in [PieceSettings::default(), PieceSettings::forced(8), PieceSettings::OFF] {
            assert_eq!(PieceSettings::from_arg(&s.to_arg()), Some(s));
        }
        assert_eq!(PieceSettings::from_arg("1,2,3"), None);
        assert_eq!(PieceSettings::from_arg("1,2,3,4,5,6"), None);
        assert_eq!(PieceSettings::from_arg("1,2,3,4").map(|s| s.min_cost), Some(usize::MAX));
        assert_eq!(PieceSettings::from_arg("1,2,3,4,5").map(|s| s.min_cost), Some(5));
    }

    #[test]
    fn internal_functions_are_renamed_and_each_defined_once() {
        let ir = b"target triple = \"spir64-unknown-unknown\"\n\
@g = internal addrspace(1) global i32 0\n\
define internal spir_func void @helper(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n\
define spir_kernel void @k1(ptr addrspace(1) %p) {\n  call spir_func void @helper(ptr addrspace(1) %p)\n  ret void\n}\n\
define spir_kernel void @k2() {\n  store i32 2, ptr addrspace(1) @g\n  ret void\n}\n\
define spir_kernel void @k3() {\n  store i32 3, ptr addrspace(1) @g\n  ret void\n}\n";
        let ctx = sycl_ir::Context::new();
        let m = ctx.parse_ir(ir, "t.ll").expect("parse");
        let p = partition(&m, &PieceSettings::forced(8)).expect("pieces");
        assert_eq!(p.renamed, vec!["helper".to_string()]);
        assert_eq!(p.pieces.len(), 4);
        let mut defined = Vec::new();
        let mut with_g = 0;
        let mut declares_helper = 0;
        for bc in &p.pieces {
            let piece = ctx.parse_ir(bc, "piece").expect("piece");
            piece.verify().expect("verifies");
            declares_helper += piece
                .functions()
                .into_iter()
                .any(|f| f.is_declaration() && f.name() == "__sycl_piece.0") as usize;
            with_g += piece.global("g").is_some_and(|g| !g.is_declaration()) as usize;
            defined.extend(
                piece
                    .functions()
                    .into_iter()
                    .filter(|f| !f.is_declaration())
                    .map(|f| f.name()),
            );
        }
        // Each function in its own piece, the caller declaring its callee;
        // @g is defined where used.
        assert_eq!(defined, ["__sycl_piece.0", "k1", "k2", "k3"]);
        assert_eq!(declares_helper, 1);
        assert_eq!(with_g, 2);
        assert_eq!(partition(&m, &PieceSettings::OFF), Err(Whole::Small));
    }

    /// Module `m` cut with every function in a piece of its own (`count`
    /// pieces), each piece compiled alone, joined and validated.
    fn compiled_in_pieces(ctx: &sycl_ir::Context, m: &Module<'_>, count: usize) -> Vec<u8> {
        let p = partition(m, &PieceSettings::forced(8)).expect("pieces");
        assert_eq!(p.pieces.len(), count);
        let spirv: Vec<Vec<u8>> = p
            .pieces
            .iter()
            .map(|bc| {
                let piece = ctx.parse_ir(bc, "piece").expect("piece");
                sycl_spirv::compile_module(&piece).expect("piece compiles")
            })
            .collect();
        let joined = sycl_spirv::join_pieces(&spirv, &p.renamed).expect("join");
        sycl_spirv::validate_bytes(&joined).expect("valid");
        joined
    }

    /// Two kernels reading a built-in and a specialization constant, a
    /// helper each, an internal table both read and an internal counter one
    /// writes: compiled in pieces and joined, the module says what the
    /// image compiled in one piece says (in another order).
    const IMAGE: &[u8] = b"target triple = \"spir64-unknown-unknown\"\n\
@__spirv_BuiltInGlobalInvocationId = external addrspace(1) constant <3 x i64>, align 32\n\
@table = internal addrspace(1) constant [4 x i32] [i32 1, i32 2, i32 3, i32 4], align 4\n\
@count = internal addrspace(1) global i32 0, align 4\n\
declare spir_func i32 @_Z20__spirv_SpecConstantii(i32, i32)\n\
define internal spir_func i32 @at(i64 %i) {\n  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @table, i64 0, i64 %i\n  %v = load i32, ptr addrspace(1) %p, align 4\n  ret i32 %v\n}\n\
define internal spir_func i32 @twice(i64 %i) {\n  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @table, i64 0, i64 %i\n  %v = load i32, ptr addrspace(1) %p, align 4\n  %w = shl i32 %v, 1\n  store i32 %w, ptr addrspace(1) @count, align 4\n  ret i32 %w\n}\n\
define spir_kernel void @k1(ptr addrspace(1) %out) {\n  %g = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32\n  %i = extractelement <3 x i64> %g, i64 0\n  %s = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 7, i32 3)\n  %v = call spir_func i32 @at(i64 %i)\n  %r = add i32 %v, %s\n  store i32 %r, ptr addrspace(1) %out, align 4\n  ret void\n}\n\
define spir_kernel void @k2(ptr addrspace(1) %out) {\n  %g = load <3 x i64>, ptr addrspace(1) @__spirv_BuiltInGlobalInvocationId, align 32\n  %i = extractelement <3 x i64> %g, i64 0\n  %s = call spir_func i32 @_Z20__spirv_SpecConstantii(i32 7, i32 3)\n  %v = call spir_func i32 @twice(i64 %i)\n  %r = mul i32 %v, %s\n  store i32 %r, ptr addrspace(1) %out, align 4\n  ret void\n}\n";

    #[test]
    fn pieces_join_into_the_one_piece_module() {
        let ctx = sycl_ir::Context::new();
        let whole = ctx.parse_ir(IMAGE, "t.ll").expect("parse");
        let one = sycl_spirv::compile_module(&whole).expect("one piece");
        let m = ctx.parse_ir(IMAGE, "t.ll").expect("parse");
        let joined = compiled_in_pieces(&ctx, &m, 4);
        let (a, b) = (sycl_spirv::load(&one).unwrap(), sycl_spirv::load(&joined).unwrap());
        let names = |m: &rspirv::dr::Module| {
            sycl_spirv::entry_points(m)
                .into_iter()
                .map(|e| e.name)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(&a), names(&b));
        let spec = |m: &rspirv::dr::Module| {
            sycl_spirv::spec_constants(m)
                .into_iter()
                .map(|s| (s.spec_id, s.default_words))
                .collect::<Vec<_>>()
        };
        // The back end writes one spec constant per use, in one piece too.
        assert_eq!(spec(&b), vec![(7, vec![3]), (7, vec![3])]);
        assert_eq!(spec(&a), spec(&b));
        let text = |m: &rspirv::dr::Module| {
            use rspirv::binary::Disassemble;
            m.disassemble()
        };
        let joined_text = text(&b);
        assert_eq!(joined_text.matches("BuiltIn GlobalInvocationId").count(), 1);
        assert!(!joined_text.contains(sycl_spirv::PIECE_SYMBOL_PREFIX));
        // The same instructions; functions and variables in piece order.
        let lines = |t: &str| {
            let mut v: Vec<String> = t
                .lines()
                .map(|l| {
                    l.split_whitespace()
                        .map(|w| if w.starts_with('%') { "%" } else { w })
                        .collect()
                })
                .collect();
            v.sort();
            v
        };
        assert_eq!(lines(&text(&a)), lines(&joined_text));
    }

    /// An image as DPC++ writes them: `weak_odr` kernels, `linkonce_odr`
    /// helpers in comdats, hidden and protected helpers, hidden,
    /// `linkonce_odr` and `weak_odr` variables, unnamed internal variables
    /// (a mutable one two kernels write, a constant two read).
    const DPCPP_IMAGE: &[u8] = b"target triple = \"spir64-unknown-unknown\"\n\
$lo = comdat any\n\
@0 = internal addrspace(1) global [4 x i32] zeroinitializer, align 4\n\
@1 = internal unnamed_addr addrspace(1) constant [4 x i32] [i32 5, i32 6, i32 7, i32 8], align 4\n\
@hg = hidden addrspace(1) global i32 6, align 4\n\
@lg = linkonce_odr addrspace(1) constant [2 x i32] [i32 3, i32 4], comdat($lo), align 4\n\
@wg = weak_odr addrspace(1) global i32 7, align 4\n\
define linkonce_odr spir_func i32 @lo(i32 %x) comdat {\n  %p = getelementptr inbounds [2 x i32], ptr addrspace(1) @lg, i64 0, i64 1\n  %a = load i32, ptr addrspace(1) %p, align 4\n  %b = add i32 %x, %a\n  ret i32 %b\n}\n\
define hidden spir_func i32 @hid(i32 %x) {\n  %a = load i32, ptr addrspace(1) @hg, align 4\n  %b = mul i32 %x, %a\n  store i32 %b, ptr addrspace(1) @0, align 4\n  ret i32 %b\n}\n\
define protected spir_func i32 @prot(i32 %x) {\n  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @1, i64 0, i64 2\n  %a = load i32, ptr addrspace(1) %p, align 4\n  %b = xor i32 %x, %a\n  ret i32 %b\n}\n\
define weak_odr spir_func i32 @wf(i32 %x) {\n  %a = load i32, ptr addrspace(1) @wg, align 4\n  %b = sub i32 %x, %a\n  ret i32 %b\n}\n\
define weak_odr spir_kernel void @k1(ptr addrspace(1) %out) {\n  %v = call spir_func i32 @lo(i32 1)\n  %w = call spir_func i32 @hid(i32 %v)\n  %u = call spir_func i32 @wf(i32 %w)\n  store i32 %u, ptr addrspace(1) %out, align 4\n  ret void\n}\n\
define weak_odr hidden spir_kernel void @k2(ptr addrspace(1) %out) {\n  %v = call spir_func i32 @prot(i32 2)\n  %w = call spir_func i32 @lo(i32 %v)\n  %p = getelementptr inbounds [4 x i32], ptr addrspace(1) @1, i64 0, i64 1\n  %a = load i32, ptr addrspace(1) %p, align 4\n  %b = add i32 %w, %a\n  store i32 %b, ptr addrspace(1) @0, align 4\n  store i32 %b, ptr addrspace(1) %out, align 4\n  ret void\n}\n";

    /// Sorted disassembly lines with every id written `%`: the same
    /// instructions, whatever the order of functions and variables.
    fn normalized_lines(spirv: &[u8]) -> Vec<String> {
        use rspirv::binary::Disassemble;
        let text = sycl_spirv::load(spirv).expect("load").disassemble();
        let mut v: Vec<String> = text
            .lines()
            .map(|l| {
                l.split_whitespace()
                    .map(|w| if w.starts_with('%') { "%" } else { w })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        v.sort();
        v
    }

    /// The DPC++ image cut into a piece per function: each symbol's
    /// linkage, visibility and decorations come out of the join as the
    /// one-piece image has them (no import left, no prefix, the same
    /// `LinkageAttributes`, one copy of each variable).
    #[test]
    fn dpcpp_linkages_join_as_the_one_piece_image_has_them() {
        let ctx = sycl_ir::Context::new();
        let whole = ctx.parse_ir(DPCPP_IMAGE, "t.ll").expect("parse");
        whole.verify().expect("verifies");
        let one = sycl_spirv::compile_module(&whole).expect("one piece");
        let m = ctx.parse_ir(DPCPP_IMAGE, "t.ll").expect("parse");
        let joined = compiled_in_pieces(&ctx, &m, 6);
        assert_eq!(normalized_lines(&one), normalized_lines(&joined));
        let text = {
            use rspirv::binary::Disassemble;
            sycl_spirv::load(&joined).unwrap().disassemble()
        };
        assert!(
            !text.contains("\" Import") && !text.contains(sycl_spirv::PIECE_SYMBOL_PREFIX),
            "{text}"
        );
    }

    /// What the cut does not handle stays whole with the reason; small
    /// images stay whole for their size, and a costly image of few
    /// functions (large tables) is cut by its cost alone.
    #[test]
    fn images_stay_whole_with_a_reason_or_are_cut_by_cost() {
        let ctx = sycl_ir::Context::new();
        let alias = b"target triple = \"spir64-unknown-unknown\"\n\
@a = alias void (), ptr @f\n\
define spir_func void @f() {\n  ret void\n}\n\
define spir_kernel void @k() {\n  call spir_func void @a()\n  ret void\n}\n";
        let m = ctx.parse_ir(alias, "a.ll").expect("parse");
        assert_eq!(
            partition(&m, &PieceSettings::forced(8)),
            Err(Whole::Unsupported("alias @a".into()))
        );
        let table = b"target triple = \"spir64-unknown-unknown\"\n\
@fp = addrspace(1) global ptr @f\n\
define spir_func void @f() {\n  ret void\n}\n\
define spir_kernel void @k() {\n  ret void\n}\n";
        let m = ctx.parse_ir(table, "t.ll").expect("parse");
        assert_eq!(
            partition(&m, &PieceSettings::forced(8)),
            Err(Whole::Unsupported(
                "a global initializer takes the address of @f".into()
            ))
        );
        let m = ctx.parse_ir(DPCPP_IMAGE, "t.ll").expect("parse");
        assert_eq!(partition(&m, &PieceSettings::default()), Err(Whole::Small));
        // Two kernels beside a table of 4,096 entries: 2 x 4,097 x 0.3.
        let mut big = String::from(
            "target triple = \"spir64-unknown-unknown\"\n@t = internal addrspace(1) constant [4096 x i32] [",
        );
        big.push_str(&(0..4096).map(|i| format!("i32 {i}")).collect::<Vec<_>>().join(", "));
        big.push_str("]\n");
        for k in 0..2 {
            big.push_str(&format!(
                "define spir_kernel void @k{k}(ptr addrspace(1) %o) {{\n  %p = getelementptr [4096 x i32], ptr addrspace(1) @t, i64 0, i64 {k}\n  %v = load i32, ptr addrspace(1) %p\n  store i32 %v, ptr addrspace(1) %o\n  ret void\n}}\n"
            ));
        }
        let m = ctx.parse_ir(big.as_bytes(), "big.ll").expect("parse");
        assert_eq!(estimated_cost(&m), 8 + 2 * 4097 * 3 / 10);
        let cheap = PieceSettings {
            min_cost: 2_000,
            ..PieceSettings::default()
        };
        assert_eq!(partition(&m, &cheap).map(|p| p.pieces.len()), Ok(2));
        let m = ctx.parse_ir(big.as_bytes(), "big.ll").expect("parse");
        assert_eq!(partition(&m, &PieceSettings::default()), Err(Whole::Small));
    }

    /// A helper that stores an `i32` through its parameter, called with a
    /// pointer its caller reads as a `float`: in their own pieces the back
    /// end types the parameter `i32*` in the definition and `float*` in the
    /// caller's declaration. The join casts the argument; the module
    /// validates and has the one-piece image's entry points.
    #[test]
    fn calls_between_pieces_are_bound_to_the_definitions_types() {
        let ir = b"target triple = \"spir64-unknown-unknown\"\n\
define internal spir_func ptr addrspace(1) @store(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p, align 4\n  ret ptr addrspace(1) %p\n}\n\
define spir_kernel void @k(ptr addrspace(1) %p) {\n  %f = load float, ptr addrspace(1) %p, align 4\n  %g = fadd float %f, 1.0\n  store float %g, ptr addrspace(1) %p, align 4\n  %r = call spir_func ptr addrspace(1) @store(ptr addrspace(1) %p)\n  store float %f, ptr addrspace(1) %r, align 4\n  ret void\n}\n";
        let ctx = sycl_ir::Context::new();
        let m = ctx.parse_ir(ir, "t.ll").expect("parse");
        let joined = compiled_in_pieces(&ctx, &m, 2);
        let text = {
            use rspirv::binary::Disassemble;
            sycl_spirv::load(&joined).expect("load").disassemble()
        };
        assert!(text.contains("OpBitcast"), "{text}");
        assert!(!text.contains(sycl_spirv::PIECE_SYMBOL_PREFIX));
        assert!(!text.contains("LinkageAttributes"), "{text}");
        assert_eq!(text.matches("= OpFunction ").count(), 2, "{text}");
        assert_eq!(text.matches("OpBitcast").count(), 2, "{text}");
        // Nothing of the caller's declaration is left: its function type,
        // the `i8*` it made up, the capability for it.
        assert_eq!(text.matches("OpTypeFunction").count(), 2, "{text}");
        assert!(!text.contains("Int8") && !text.contains("Linkage"), "{text}");
    }
}
