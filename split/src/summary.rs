//! The split's analysis of a module made in parts: each global value's
//! [`ValueSummary`] (its dependencies, its instruction count and, for an
//! entry point, its category key) can be found in any copy of the module
//! that has the value's body read ([`Summarizer`]), so threads that each
//! read some of the bodies into their own copy share the analysis. From the
//! summaries, [`collect`] gives each image's values, and
//! [`crate::grouping::group_entry_points_by`] the groups.
//!
//! The result is the whole module's analysis ([`crate::group_entry_points`],
//! [`crate::DependencyGraph`]): the same keys, and the same edges with the
//! same rules, found from each value's own operands
//! ([`sycl_ir::Value::referenced_global_values`]) instead of from the use
//! lists of the values they reach (which need every body read).

use std::collections::{HashMap, HashSet, VecDeque};

use sycl_ir::{IrError, Module, Type, Value};

use crate::entry_points::{can_be_imported, is_entry_point, is_kernel, EntryPointOptions, ATTR_REFERENCED_INDIRECTLY};
use crate::grouping::{group_key, SplitMode};

/// Each of `values` (a module's [`Module::global_values`]) by its position.
pub fn positions<'c>(values: &[Value<'c>]) -> HashMap<Value<'c>, u32> {
    values.iter().enumerate().map(|(i, &v)| (v, i as u32)).collect()
}

/// What the split needs to know of one global value.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValueSummary {
    /// The positions (in [`Module::global_values`]) of the values an image
    /// that defines this one must define too: the edges of the dependency
    /// graph from it, sorted.
    pub deps: Vec<u32>,
    /// The instructions of a function's body (0 for anything else).
    pub instructions: usize,
    /// An entry point's category key ([`crate::grouping::group_key`]).
    pub key: Option<String>,
}

/// How entry points are chosen and grouped.
#[derive(Debug, Clone, Copy)]
pub struct Grouping {
    /// The split mode.
    pub mode: SplitMode,
    /// One group for all entry points.
    pub global_scope: bool,
    /// Entry-point and dynamic-linking options.
    pub ep: EntryPointOptions,
}

/// Summarises the global values of one copy of a module.
pub struct Summarizer<'m, 'c> {
    m: &'m Module<'c>,
    values: Vec<Value<'c>>,
    position: HashMap<Value<'c>, u32>,
    /// Functions that get no incoming use edges ([`crate::DependencyGraph`]'s
    /// import rule), by position.
    importable: Vec<bool>,
    /// The targets of indirect calls, by function type.
    candidates: HashMap<Type<'c>, Vec<u32>>,
    grouping: Grouping,
}

impl<'m, 'c> Summarizer<'m, 'c> {
    /// Indexes `m` (its module-level records are enough).
    pub fn new(m: &'m Module<'c>, grouping: Grouping) -> Self {
        let values = m.global_values();
        let position = positions(&values);
        let dynamic_linking = grouping.ep.dynamic_linking;
        let importable = values
            .iter()
            .map(|&v| dynamic_linking && v.is_function() && can_be_imported(v, true))
            .collect();
        let mut candidates: HashMap<Type<'c>, Vec<u32>> = HashMap::new();
        for (i, &f) in values.iter().enumerate() {
            if f.is_function() && !is_kernel(f) && f.has_fn_attr(ATTR_REFERENCED_INDIRECTLY) {
                candidates.entry(f.global_value_type()).or_default().push(i as u32);
            }
        }
        Summarizer {
            m,
            values,
            position,
            importable,
            candidates,
            grouping,
        }
    }

    /// How many global values the module has.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// True for a module without global values.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The summary of the value at `position`, whose body is read first if
    /// it was left to read. Fails only where the body cannot be read.
    pub fn summarize(&self, position: u32) -> Result<ValueSummary, IrError> {
        let v = self.values[position as usize];
        let function = v.is_function();
        if function {
            v.read_body()?;
        }
        let mut deps: Vec<u32> = v
            .referenced_global_values()
            .into_iter()
            .filter_map(|t| self.position.get(&t).copied())
            .filter(|&t| !self.importable[t as usize])
            .collect();
        // Indirect calls reach every candidate of their type; an importable
        // function's own indirect calls count for nothing (as in the graph).
        if function && !self.candidates.is_empty() && !v.is_declaration() && !self.importable[position as usize] {
            v.for_each_instruction(|i| {
                if i.is_call() && i.is_indirect_call() {
                    if let Some(c) = self.candidates.get(&i.called_function_type()) {
                        deps.extend(c);
                    }
                }
            });
        }
        deps.sort_unstable();
        deps.dedup();
        let g = self.grouping;
        let key = (function && is_entry_point(v, g.ep)).then(|| group_key(self.m, v, g.mode, g.global_scope));
        Ok(ValueSummary {
            deps,
            instructions: v.instruction_count(),
            key,
        })
    }
}

/// The positions of the values an image with entry points `entries` (by
/// position) defines, sorted: what [`crate::DependencyGraph::collect`]
/// gives, with nothing excluded, on the whole module. `summaries` are by
/// position; `always` are the global variables that go into every image;
/// `declared(p)` says whether the value at `p` is a function declaration
/// (followed but not defined).
pub fn collect(
    summaries: &[ValueSummary],
    entries: &[u32],
    always: &[u32],
    declared: impl Fn(u32) -> bool,
) -> Vec<u32> {
    let mut visited: HashSet<u32> = HashSet::new();
    let mut queue: VecDeque<u32> = VecDeque::new();
    for &p in entries.iter().chain(always) {
        if (p as usize) < summaries.len() && visited.insert(p) {
            queue.push_back(p);
        }
    }
    let mut out = Vec::new();
    while let Some(p) = queue.pop_front() {
        if !declared(p) {
            out.push(p);
        }
        for &next in &summaries[p as usize].deps {
            if (next as usize) < summaries.len() && visited.insert(next) {
                queue.push_back(next);
            }
        }
    }
    out.sort_unstable();
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{group_entry_points, DependencyGraph};
    use sycl_ir::Context;

    /// A module with every kind of edge: calls, a constant expression in
    /// an initializer, an alias, an ifunc, a block address, indirect calls
    /// by type, SYCL_EXTERNAL functions that dynamic linking imports,
    /// per-source keys from function metadata, and a global variable that
    /// goes into every image.
    const IR: &str = r#"
target triple = "spir64-unknown-unknown"

@table = internal global [2 x ptr] [ptr @ind_a, ptr @helper_b]
@always = global i32 0
@alias_to_c = internal alias void (), ptr @helper_c
@ifn = internal ifunc void (), ptr @resolver
@unused = internal global ptr null

define internal ptr @resolver() {
  ret ptr @helper_c
}

define internal void @helper_a() {
  %p = load ptr, ptr @table
  ret void
}

define internal void @helper_b() {
  ret void
}

define internal void @helper_c() {
  ret void
}

define internal void @ind_a(i32 %x) #2 {
  ret void
}

define internal void @ind_b(i32 %x) #2 {
  ret void
}

define internal void @ind_other(float %x) #2 {
  ret void
}

define void @ext_f() #3 {
  call void @helper_b()
  ret void
}

define internal void @with_blockaddress() {
entry:
  br label %bb
bb:
  store ptr blockaddress(@with_blockaddress, %bb), ptr @always
  ret void
}

define spir_kernel void @k1() #0 !reqd_work_group_size !0 {
  call void @helper_a()
  call void @ext_f()
  ret void
}

define spir_kernel void @k2(ptr %fp) #0 {
  call void %fp(i32 1)
  call void @alias_to_c()
  ret void
}

define spir_kernel void @k3() #1 !reqd_work_group_size !1 {
  call void @ifn()
  call void @with_blockaddress()
  ret void
}

attributes #0 = { "sycl-module-id"="a.cpp" }
attributes #1 = { "sycl-module-id"="b.cpp" }
attributes #2 = { "referenced-indirectly" }
attributes #3 = { "sycl-module-id"="a.cpp" }

!0 = !{i32 8, i32 1, i32 1}
!1 = !{i32 4, i32 1, i32 1}
"#;

    /// The groups and each group's sorted value positions, from the whole
    /// module's analysis.
    fn whole(data: &[u8], g: Grouping) -> Vec<(String, Vec<String>, Vec<u32>)> {
        let ctx = Context::new();
        let m = ctx.parse_ir(data, "m").unwrap();
        let graph = DependencyGraph::build(&m, g.ep.dynamic_linking);
        let position = positions(&m.global_values());
        group_entry_points(&m, g.mode, g.global_scope, g.ep)
            .into_iter()
            .map(|grp| {
                let defs = graph.collect_positions(&grp.entry_points, &position);
                (grp.key.clone(), grp.names(), defs)
            })
            .collect()
    }

    /// The same from summaries made in `parts` lazily read copies, each
    /// reading the bodies of every `parts`-th value only, and a module with
    /// no body read.
    fn in_parts(data: &[u8], g: Grouping, parts: u32) -> Vec<(String, Vec<String>, Vec<u32>)> {
        let mut summaries: Vec<Option<ValueSummary>> = Vec::new();
        for part in 0..parts {
            let ctx = Context::new();
            let copy = ctx.parse_bitcode_lazy(data, "m").unwrap();
            let s = Summarizer::new(&copy, g);
            summaries.resize(s.len(), None);
            for p in (0..s.len() as u32).filter(|p| p % parts == part) {
                summaries[p as usize] = Some(s.summarize(p).unwrap());
            }
        }
        let summaries: Vec<ValueSummary> = summaries.into_iter().map(Option::unwrap).collect();
        let ctx = Context::new();
        let m = ctx.parse_bitcode_module_level(data, "m").unwrap();
        let values = m.global_values();
        let position = positions(&values);
        let always: Vec<u32> = m
            .globals()
            .into_iter()
            .filter(|v| !v.is_discardable_if_unused())
            .map(|v| position[&v])
            .collect();
        let declared = |p: u32| values[p as usize].is_function() && values[p as usize].is_declaration();
        crate::grouping::group_entry_points_by(&m, g.ep, |f| {
            summaries[position[&f] as usize].key.clone().unwrap_or_default()
        })
        .into_iter()
        .map(|grp| {
            let entries: Vec<u32> = grp.entry_points.iter().map(|f| position[f]).collect();
            let defs = collect(&summaries, &entries, &always, declared);
            (grp.key.clone(), grp.names(), defs)
        })
        .collect()
    }

    #[test]
    fn summaries_in_parts_give_the_whole_module_analysis() {
        let ctx = Context::new();
        let bitcode = ctx.parse_ir(IR.as_bytes(), "m").unwrap().to_bitcode();
        for mode in [SplitMode::Source, SplitMode::Kernel, SplitMode::None] {
            for dynamic_linking in [false, true] {
                for only_kernels in [false, true] {
                    let g = Grouping {
                        mode,
                        global_scope: false,
                        ep: EntryPointOptions {
                            only_kernels,
                            dynamic_linking,
                            import_undefined: false,
                        },
                    };
                    let want = whole(&bitcode, g);
                    assert!(want.len() > 1 || mode == SplitMode::None);
                    for parts in 1..=3 {
                        assert_eq!(
                            in_parts(&bitcode, g, parts),
                            want,
                            "{mode:?} {dynamic_linking} {only_kernels} {parts}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn every_kind_of_edge_is_found() {
        let ctx = Context::new();
        let bitcode = ctx.parse_ir(IR.as_bytes(), "m").unwrap().to_bitcode();
        let g = Grouping {
            mode: SplitMode::Kernel,
            global_scope: false,
            ep: EntryPointOptions::default(),
        };
        let names = |defs: &[u32]| -> Vec<String> {
            let ctx = Context::new();
            let m = ctx.parse_ir(IR.as_bytes(), "m").unwrap();
            let values = m.global_values();
            defs.iter().map(|&p| values[p as usize].name()).collect()
        };
        let groups = in_parts(&bitcode, g, 2);
        let defs = |k: &str| names(&groups.iter().find(|(_, n, _)| n == &[k.to_string()]).unwrap().2);
        // Through a load of a global whose initializer holds functions.
        assert_eq!(
            defs("k1"),
            ["table", "always", "helper_a", "helper_b", "ind_a", "ext_f", "k1"]
        );
        // Indirect call of type void(i32): both candidates; an alias and
        // its aliasee.
        assert_eq!(defs("k2"), ["always", "helper_c", "ind_a", "ind_b", "k2", "alias_to_c"]);
        // An ifunc (to its resolver and on), a block address.
        assert_eq!(
            defs("k3"),
            ["always", "resolver", "helper_c", "with_blockaddress", "k3"]
        );
    }
}
