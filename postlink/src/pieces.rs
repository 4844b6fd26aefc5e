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
//! image. This is what LLVM's `splitCodeGen` (`llvm/lib/CodeGen/ParallelCG.cpp`)
//! does for LTO with `SplitModule`, with `sycl_spirv::join_pieces` in the
//! system linker's place. Images of few large functions (llama.cpp's) gain
//! nothing and stay whole: [`PieceSettings::min_functions`].
//!
//! The cut (`cut`): the function definitions in module order, a piece
//! ended before a function whose name hashes to a boundary once the piece
//! holds about [`PieceSettings::piece_instructions`] instructions, at most
//! [`PieceSettings::max_pieces`] pieces. It depends on the image alone, so
//! the bytes do not depend on the thread count or the run, and an edit of
//! one function changes one or two pieces (which the code cache then finds
//! unchanged). A function whose address is taken stays with its users
//! (`address_groups`); calls cross pieces: the callee is declared in the
//! caller's piece and the join binds the call to the definition, casting
//! pointer arguments where the back end typed the declaration otherwise.
//! No function is copied: each is defined in one piece.
//! Internal functions are made external under the names
//! `sycl_spirv::PIECE_SYMBOL_PREFIX<N>` (which the pieces link by), and are
//! made internal again, under their own names, when the pieces are joined.
//! An internal global variable is defined in each piece that uses it (LLVM's
//! SPIR-V back end may give a declaration another pointer type than the
//! definition), and the join merges the copies into one; an exported one is
//! defined in the first piece and declared in the others.
//!
//! Kept in one piece: images below [`PieceSettings::min_instructions`] or
//! [`PieceSettings::min_functions`], and images the cut does not handle
//! (aliases, function pointers in global initializers, linkages other than
//! external and local, hidden definitions, an unnamed internal variable
//! that is not constant, a name that already starts with the prefix). An
//! unnamed internal constant used by several pieces keeps one copy per
//! piece.

use std::collections::{HashMap, HashSet};

use sycl_ir::{Linkage, Module, Value, ValueKind, Visibility};

/// When and how an image is compiled in pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceSettings {
    /// Images with fewer instructions (in function bodies) stay one piece.
    pub min_instructions: usize,
    /// Images with fewer function definitions stay one piece (at least 2).
    pub min_functions: usize,
    /// About how many instructions each piece holds.
    pub piece_instructions: usize,
    /// The most pieces one image is cut into.
    pub max_pieces: usize,
}

impl PieceSettings {
    /// Every image in one piece.
    pub const OFF: PieceSettings = PieceSettings {
        min_instructions: usize::MAX,
        min_functions: usize::MAX,
        piece_instructions: usize::MAX,
        max_pieces: 1,
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
        }
    }

    /// Whether any image can be cut.
    pub fn enabled(&self) -> bool {
        self.max_pieces > 1 && self.min_instructions != usize::MAX && self.min_functions != usize::MAX
    }

    /// The four numbers, in the order of [`PieceSettings::to_arg`].
    pub fn numbers(&self) -> [usize; 4] {
        [
            self.min_instructions,
            self.min_functions,
            self.piece_instructions,
            self.max_pieces,
        ]
    }

    /// The settings as one argument: `MIN_INSTRUCTIONS,MIN_FUNCTIONS,SIZE,MAX`
    /// (the worker's, and `--codegen-pieces`' explicit form).
    pub fn to_arg(self) -> String {
        self.numbers().map(|n| n.to_string()).join(",")
    }

    /// Reads [`PieceSettings::to_arg`].
    pub fn from_arg(v: &str) -> Option<Self> {
        let mut it = v.split(',').map(|n| n.parse::<usize>().ok());
        let s = PieceSettings {
            min_instructions: it.next()??,
            min_functions: it.next()??,
            piece_instructions: it.next()??,
            max_pieces: it.next()??,
        };
        it.next().is_none().then_some(s)
    }
}

impl Default for PieceSettings {
    /// Images of 64 functions or more and 2,000 instructions or more in
    /// pieces of about 250 instructions, at most 256 (`bench/README.md`,
    /// "Images compiled in pieces").
    fn default() -> Self {
        PieceSettings {
            min_instructions: 2_000,
            min_functions: 64,
            piece_instructions: 250,
            max_pieces: 256,
        }
    }
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
/// Groups are numbered in order of their first function. `None` when a
/// global variable's initializer uses a function (function pointer tables:
/// kept in one piece).
fn address_groups(defs: &[Value<'_>]) -> Option<Vec<usize>> {
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
            return None;
        }
    }
    let mut number: HashMap<usize, usize> = HashMap::new();
    let mut out = Vec::with_capacity(defs.len());
    for i in 0..defs.len() {
        let r = root(&mut parent, i);
        let next = number.len();
        out.push(*number.entry(r).or_insert(next));
    }
    Some(out)
}

/// Whether instruction `u` is a direct call of `f` that uses `f` only as
/// its callee (not also as an argument).
fn is_direct_call_of<'c>(u: Value<'c>, f: Value<'c>) -> bool {
    u.is_call_base() && u.called_value() == Some(f) && u.operands().into_iter().filter(|o| *o == f).count() == 1
}

/// Cuts module `m` (an image, changed in the process) into pieces by
/// `settings`; `None` when it stays one piece.
pub fn partition(m: &Module<'_>, settings: &PieceSettings) -> Option<Partition> {
    if !settings.enabled() || !m.aliases().is_empty() {
        return None;
    }
    let defs: Vec<_> = m.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    if defs.len() < settings.min_functions.max(2) {
        return None;
    }
    let sizes: Vec<usize> = defs.iter().map(|f| f.instruction_count()).collect();
    let total: usize = sizes.iter().sum();
    if total < settings.min_instructions {
        return None;
    }
    let globals: Vec<_> = m.globals().into_iter().filter(|g| !g.is_declaration()).collect();
    let prefix = sycl_spirv::PIECE_SYMBOL_PREFIX;
    let local = |v: &Value<'_>| v.has_local_linkage();
    let exported = |v: &Value<'_>| {
        v.linkage() == Linkage::LLVMExternalLinkage && v.visibility() == Visibility::LLVMDefaultVisibility
    };
    if defs.iter().chain(&globals).any(|v| !local(v) && !exported(v))
        || defs.iter().any(|f| f.call_conv().is_kernel() && !exported(f))
        // An unnamed internal variable's copies could not be merged again
        // (an unnamed constant's copies are harmless and stay).
        || globals.iter().any(|g| local(g) && g.name().is_empty() && !g.is_global_constant())
        || m.global_values().iter().any(|v| v.name().starts_with(prefix))
    {
        return None;
    }
    let groups = address_groups(&defs)?;
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
        return None;
    }
    let needs = pieces_using_globals(&globals, &defs, &piece_of, pieces);
    // Internal functions become external under new names. Internal global
    // variables are defined in each piece that uses them, under their own
    // names (the join merges the copies), exported ones in the first piece.
    let mut renamed = Vec::new();
    for f in defs.iter().filter(|f| local(f)) {
        renamed.push(f.name());
        f.set_name(&format!("{prefix}{}", renamed.len() - 1));
        f.set_linkage(Linkage::LLVMExternalLinkage);
    }
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
        out.push(extractor.try_extract(&keep).ok()?.to_bitcode());
    }
    Some(Partition { pieces: out, renamed })
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
        assert_eq!(PieceSettings::from_arg("1,2,3,4,5"), None);
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
        assert!(partition(&m, &PieceSettings::OFF).is_none());
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
