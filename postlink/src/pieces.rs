//! An image compiled in pieces: the partition of one device image's
//! functions into pieces that LLVM's SPIR-V back end compiles one by one
//! (in parallel, in the worker processes of [`crate::syclbin`]), joined
//! again by `sycl_spirv::join_pieces`.
//!
//! Why: the back end's time and memory grow faster than the size of what it
//! compiles (one per-source image of 294 functions: 2.83 s and 660 MB with
//! `llc-22`; its functions in pieces: about 0.1 s and 80 MB each), and the
//! wall time of a build is that of its largest image. This is what LLVM's
//! `splitCodeGen` (`llvm/lib/CodeGen/ParallelCG.cpp`) does for LTO with
//! `SplitModule`, with `sycl_spirv::join_pieces` in the system linker's place.
//!
//! The cut: the image's function definitions grouped into call components
//! (no call crosses pieces: `call_components`), the components packed
//! in order of their first function into pieces of about
//! [`PieceSettings::piece_instructions`] instructions each, at most
//! [`PieceSettings::max_pieces`]. It depends on the image alone, so the
//! bytes do not depend on the thread count or the run. No function is copied: each is defined in one piece.
//! Internal functions are made external under the names
//! `sycl_spirv::PIECE_SYMBOL_PREFIX<N>` (which the pieces link by, should a
//! piece refer to another's function), and are made internal again, under
//! their own names, when the pieces are joined. An internal global variable is defined in
//! each piece that uses it (LLVM's SPIR-V back end may give a declaration
//! another pointer type than the definition), and the join merges the copies into one; an exported one is
//! defined in the first piece and declared in the others.
//!
//! Kept in one piece: images below [`PieceSettings::min_instructions`] or of
//! one function, and images the cut does not handle (aliases, linkages
//! other than external and local, hidden definitions, an unnamed internal
//! variable that is not constant, a name that already starts with the
//! prefix). An unnamed internal constant used by several pieces keeps one
//! copy per piece.

use std::collections::{HashMap, HashSet};

use sycl_ir::{Linkage, Module, Value, ValueKind, Visibility};

/// When and how an image is compiled in pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PieceSettings {
    /// Images with fewer instructions (in function bodies) stay one piece;
    /// 0 cuts every image of two functions or more.
    pub min_instructions: usize,
    /// About how many instructions each piece holds.
    pub piece_instructions: usize,
    /// The most pieces one image is cut into.
    pub max_pieces: usize,
}

impl PieceSettings {
    /// Every image in one piece.
    pub const OFF: PieceSettings = PieceSettings {
        min_instructions: usize::MAX,
        piece_instructions: usize::MAX,
        max_pieces: 1,
    };

    /// Every image of two functions or more in pieces, as many as it has
    /// functions up to `max_pieces` (what the tests use to compile every
    /// image they can in pieces).
    pub fn forced(max_pieces: usize) -> Self {
        PieceSettings {
            min_instructions: 0,
            piece_instructions: 1,
            max_pieces,
        }
    }

    /// Whether any image can be cut.
    pub fn enabled(&self) -> bool {
        self.max_pieces > 1 && self.min_instructions != usize::MAX
    }

    /// The worker argument's value: `MIN,SIZE,MAX`.
    pub(crate) fn to_arg(self) -> String {
        format!(
            "{},{},{}",
            self.min_instructions, self.piece_instructions, self.max_pieces
        )
    }

    /// Reads [`PieceSettings::to_arg`].
    pub(crate) fn from_arg(v: &str) -> Option<Self> {
        let mut it = v.split(',').map(|n| n.parse::<usize>().ok());
        let s = PieceSettings {
            min_instructions: it.next()??,
            piece_instructions: it.next()??,
            max_pieces: it.next()??,
        };
        it.next().is_none().then_some(s)
    }
}

impl Default for PieceSettings {
    /// Images of more than 8,000 instructions in pieces of about 2,000, at
    /// most 16 (`bench/README.md`, "Images compiled in pieces").
    fn default() -> Self {
        PieceSettings {
            min_instructions: 8_000,
            piece_instructions: 2_000,
            max_pieces: 16,
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

/// Which piece each function goes to: its call component (`components`,
/// numbered in order of first appearance) with the whole component, the
/// components in order, a piece closed once it holds its share of the
/// instructions (`sizes`) of `pieces` pieces. No piece is empty.
fn cut(sizes: &[usize], components: &[usize], pieces: usize) -> Vec<usize> {
    let count = components.iter().max().map_or(0, |c| c + 1);
    let mut size = vec![0usize; count];
    for (s, c) in sizes.iter().zip(components) {
        size[*c] += (*s).max(1);
    }
    let total: usize = size.iter().sum();
    let share = total.div_ceil(pieces.max(1)).max(1);
    let mut piece_of_component = vec![0usize; count];
    let (mut piece, mut filled) = (0usize, 0usize);
    for (c, s) in size.iter().enumerate() {
        if filled > 0 && filled + s / 2 > share && piece + 1 < pieces {
            piece += 1;
            filled = 0;
        }
        piece_of_component[c] = piece;
        filled += s;
    }
    components.iter().map(|c| piece_of_component[*c]).collect()
}

/// The call components of the function definitions `defs`: two functions
/// where one calls (or otherwise uses) the other are in one component, so
/// that no call crosses pieces (LLVM's SPIR-V back end types a declaration's
/// pointer parameters from its calls and a definition's from its body, so
/// an import's type need not be its export's).
/// Components are numbered in order of their first function. `None` when a
/// global variable's initializer uses a function (function pointer tables:
/// kept in one piece).
fn call_components(defs: &[Value<'_>]) -> Option<Vec<usize>> {
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
                if let Some(j) = u.parent_function().and_then(|g| index.get(&g)) {
                    let (a, b) = (root(&mut parent, i), root(&mut parent, *j));
                    // The smaller index is the root: components keep the
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

/// Cuts module `m` (an image, changed in the process) into pieces by
/// `settings`; `None` when it stays one piece.
pub fn partition(m: &Module<'_>, settings: &PieceSettings) -> Option<Partition> {
    if !settings.enabled() || !m.aliases().is_empty() {
        return None;
    }
    let defs: Vec<_> = m.functions().into_iter().filter(|f| !f.is_declaration()).collect();
    if defs.len() < 2 {
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
    let count = total
        .div_ceil(settings.piece_instructions.max(1))
        .clamp(2, settings.max_pieces.min(defs.len()));
    let components = call_components(&defs)?;
    let piece_of = cut(&sizes, &components, count);
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

    #[test]
    fn cuts_keep_components_whole_balanced_and_never_empty() {
        assert_eq!(cut(&[10, 10, 10, 10], &[0, 1, 2, 3], 2), vec![0, 0, 1, 1]);
        assert_eq!(cut(&[100, 1, 1, 1], &[0, 1, 2, 3], 2), vec![0, 1, 1, 1]);
        assert_eq!(cut(&[5; 6], &[0, 1, 2, 3, 4, 5], 3), vec![0, 0, 1, 1, 2, 2]);
        assert_eq!(cut(&[5; 6], &[0, 1, 0, 1, 2, 2], 3), vec![0, 1, 0, 1, 2, 2]);
        assert_eq!(cut(&[5; 3], &[0, 0, 0], 3), vec![0, 0, 0]);
    }

    #[test]
    fn settings_travel_as_one_argument() {
        for s in [PieceSettings::default(), PieceSettings::forced(8), PieceSettings::OFF] {
            assert_eq!(PieceSettings::from_arg(&s.to_arg()), Some(s));
        }
        assert_eq!(PieceSettings::from_arg("1,2"), None);
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
        assert_eq!(p.pieces.len(), 3);
        let mut defined = Vec::new();
        let mut with_g = 0;
        for bc in &p.pieces {
            let piece = ctx.parse_ir(bc, "piece").expect("piece");
            piece.verify().expect("verifies");
            with_g += piece.global("g").is_some_and(|g| !g.is_declaration()) as usize;
            defined.extend(
                piece
                    .functions()
                    .into_iter()
                    .filter(|f| !f.is_declaration())
                    .map(|f| f.name()),
            );
        }
        // The caller and its callee stay together; @g is defined where used.
        assert_eq!(defined, ["__sycl_piece.0", "k1", "k2", "k3"]);
        assert_eq!(with_g, 2);
        assert!(partition(&m, &PieceSettings::OFF).is_none());
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
        let p = partition(&m, &PieceSettings::forced(8)).expect("pieces");
        assert_eq!(p.pieces.len(), 2);
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
}
