//! The dependency graph of a module (reference 3.4): nodes are functions,
//! global variables and aliases; an edge A → B means "if A is in a device
//! image, B must be too".
//!
//! Edges come from
//! - uses: an instruction using B gives (its function) → B; a global variable
//!   or alias whose initializer uses B gives (that global) → B; constant
//!   expressions and aggregates are looked through;
//! - indirect calls: a `call` through a pointer in F gives F → every
//!   non-kernel function with `referenced-indirectly` and exactly the call's
//!   function type;
//! - in dynamic-linking mode, functions that can be imported get no incoming
//!   use edges (callers keep them as declarations) and no edges for their
//!   own indirect calls, as upstream.

use std::collections::{HashMap, HashSet, VecDeque};

use petgraph::graph::{DiGraph, NodeIndex};
use sycl_ir::{Module, Type, Value, ValueKind};

use crate::entry_points::{can_be_imported, is_kernel, ATTR_REFERENCED_INDIRECTLY};

/// Dependency graph over the global objects of one module.
pub struct DependencyGraph<'c> {
    graph: DiGraph<Value<'c>, ()>,
    nodes: HashMap<Value<'c>, NodeIndex>,
    /// Global variables that go into every image (not discardable if unused).
    always: Vec<Value<'c>>,
}

impl<'c> DependencyGraph<'c> {
    /// Builds the graph of `m`. `dynamic_linking` applies the import rule.
    pub fn build(m: &Module<'c>, dynamic_linking: bool) -> Self {
        let mut g = DependencyGraph {
            graph: DiGraph::new(),
            nodes: HashMap::new(),
            always: Vec::new(),
        };
        let functions = m.functions();
        let globals = m.globals();
        let aliases = m.aliases();
        for &v in globals.iter().chain(&functions).chain(&aliases) {
            g.node(v);
        }
        for &v in &globals {
            if !v.is_discardable_if_unused() {
                g.always.push(v);
            }
        }

        // Address-taken candidates of indirect calls, by function type.
        let mut by_type: HashMap<Type<'c>, Vec<Value<'c>>> = HashMap::new();
        for &f in &functions {
            if !is_kernel(f) && f.has_fn_attr(ATTR_REFERENCED_INDIRECTLY) {
                by_type.entry(f.global_value_type()).or_default().push(f);
            }
        }

        let mut seen_constants = HashSet::new();
        for &f in &functions {
            // As upstream: an importable function (dynamic linking) gets
            // neither incoming use edges nor edges for its own indirect calls.
            if dynamic_linking && can_be_imported(f, true) {
                continue;
            }
            g.add_use_edges(f, &mut seen_constants);
            if !by_type.is_empty() && !f.is_declaration() {
                let src = g.nodes[&f];
                f.for_each_instruction(|i| {
                    if i.is_call() && i.is_indirect_call() {
                        if let Some(cands) = by_type.get(&i.called_function_type()) {
                            for &c in cands {
                                let dst = g.nodes[&c];
                                g.graph.update_edge(src, dst, ());
                            }
                        }
                    }
                });
            }
        }
        for &v in globals.iter().chain(&aliases) {
            g.add_use_edges(v, &mut seen_constants);
        }
        g
    }

    fn node(&mut self, v: Value<'c>) -> NodeIndex {
        if let Some(&n) = self.nodes.get(&v) {
            return n;
        }
        let n = self.graph.add_node(v);
        self.nodes.insert(v, n);
        n
    }

    /// Adds an edge (user's global object) → `target` for every use of
    /// `target`, looking through constants.
    fn add_use_edges(&mut self, target: Value<'c>, seen: &mut HashSet<(Value<'c>, Value<'c>)>) {
        let dst = self.nodes[&target];
        let mut work: Vec<Value<'c>> = target.users();
        while let Some(u) = work.pop() {
            match u.kind() {
                ValueKind::Instruction => {
                    if let Some(f) = u.parent_function() {
                        if let Some(&src) = self.nodes.get(&f) {
                            self.graph.update_edge(src, dst, ());
                        }
                    }
                }
                ValueKind::GlobalVariable | ValueKind::GlobalAlias | ValueKind::Function => {
                    // A global whose initializer (or a function whose
                    // personality/prefix data) refers to the target.
                    if let Some(&src) = self.nodes.get(&u) {
                        self.graph.update_edge(src, dst, ());
                    }
                }
                // A constant expression or aggregate, or an ifunc whose
                // resolver is the target (a constant to upstream's graph,
                // which looks through it to the calls): look through it, once.
                ValueKind::Constant | ValueKind::GlobalIFunc if seen.insert((u, target)) => work.extend(u.users()),
                _ => {}
            }
        }
    }

    /// Why `target` is in the image of `entries`: the shortest chain of
    /// dependencies from one of `entries` (or a global variable that goes
    /// into every image) to `target`, both ends included, found the way
    /// [`DependencyGraph::collect`] walks (functions for which `exclude`
    /// returns true are not followed). `None` when `target` is not reached.
    pub fn path(
        &self,
        entries: &[Value<'c>],
        target: Value<'c>,
        exclude: impl Fn(Value<'c>) -> bool,
    ) -> Option<Vec<Value<'c>>> {
        let goal = *self.nodes.get(&target)?;
        let mut parent: HashMap<NodeIndex, Option<NodeIndex>> = HashMap::new();
        let mut queue: VecDeque<NodeIndex> = VecDeque::new();
        for v in entries.iter().chain(&self.always) {
            if let Some(&n) = self.nodes.get(v) {
                if parent.insert(n, None).is_none() {
                    queue.push_back(n);
                }
            }
        }
        while let Some(n) = queue.pop_front() {
            if n == goal {
                let mut chain = vec![self.graph[n]];
                let mut at = n;
                while let Some(Some(p)) = parent.get(&at) {
                    chain.push(self.graph[*p]);
                    at = *p;
                }
                chain.reverse();
                return Some(chain);
            }
            let v = self.graph[n];
            if v.is_function() && exclude(v) {
                continue;
            }
            for next in self.graph.neighbors(n) {
                if let std::collections::hash_map::Entry::Vacant(e) = parent.entry(next) {
                    e.insert(Some(n));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    /// [`DependencyGraph::collect`] with nothing excluded, as sorted
    /// positions (`position`: [`crate::summary::positions`] of the graph's
    /// module): how a split names the values an image defines.
    pub fn collect_positions(&self, entries: &[Value<'c>], position: &HashMap<Value<'c>, u32>) -> Vec<u32> {
        let mut defs: Vec<u32> = self
            .collect(entries, |_| false)
            .iter()
            .filter_map(|v| position.get(v).copied())
            .collect();
        defs.sort_unstable();
        defs
    }

    /// The global objects a device image with entry points `entries` must
    /// define: the entry points, every global variable that is not
    /// discardable if unused, and everything they transitively depend on.
    /// Declarations are never included (they stay declarations); functions
    /// for which `exclude` returns true are neither included nor followed.
    pub fn collect(&self, entries: &[Value<'c>], exclude: impl Fn(Value<'c>) -> bool) -> Vec<Value<'c>> {
        let mut visited: HashSet<NodeIndex> = HashSet::new();
        let mut queue: VecDeque<NodeIndex> = VecDeque::new();
        for v in entries.iter().chain(&self.always) {
            if let Some(&n) = self.nodes.get(v) {
                if visited.insert(n) {
                    queue.push_back(n);
                }
            }
        }
        let mut out = Vec::new();
        while let Some(n) = queue.pop_front() {
            let v = self.graph[n];
            if v.is_function() && exclude(v) {
                continue;
            }
            if !v.is_declaration() || v.kind() != ValueKind::Function {
                out.push(v);
            }
            for next in self.graph.neighbors(n) {
                if visited.insert(next) {
                    queue.push_back(next);
                }
            }
        }
        out
    }
}
