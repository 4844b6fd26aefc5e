//! Property test of device code split: for random linked modules, every
//! kernel lands in exactly one image, every function an image's entry points
//! reach is defined in that image (or, with dynamic linking, imported),
//! nothing unreachable is kept, and every image verifies.

use std::collections::{BTreeSet, HashMap};

use proptest::prelude::*;
use sycl_integration_tests::gen::ModuleSpec;
use sycl_ir::Context;
use sycl_passes::cleanup::{cleanup, CleanupOptions};
use sycl_split::{group_entry_points, DependencyGraph, EntryPointOptions, SplitMode};

fn spec_strategy() -> impl Strategy<Value = ModuleSpec> {
    (1usize..8, 1usize..12, 1usize..4, 1usize..3).prop_flat_map(|(kernels, helpers, sources, tables)| {
        let helper_calls = (0..helpers)
            .map(|h| {
                proptest::collection::btree_set((h + 1)..helpers.max(h + 2), 0..3)
                    .prop_map(move |s| s.into_iter().filter(|&c| c < helpers).collect::<Vec<_>>())
            })
            .collect::<Vec<_>>();
        (
            Just((kernels, helpers, sources, tables)),
            proptest::collection::vec(proptest::collection::btree_set(0..helpers, 0..4), kernels),
            helper_calls,
            proptest::collection::vec(proptest::option::of(0..tables), helpers),
            proptest::collection::vec(proptest::bool::weighted(0.25), helpers),
            proptest::collection::vec(proptest::bool::weighted(0.25), helpers),
            proptest::collection::vec(proptest::bool::weighted(0.3), kernels),
        )
            .prop_map(
                |((kernels, helpers, sources, tables), kc, hc, ht, ext, ind, kic)| ModuleSpec {
                    kernels,
                    helpers,
                    sources,
                    tables,
                    kernel_calls: kc.into_iter().map(|s| s.into_iter().collect()).collect(),
                    helper_calls: hc,
                    helper_table: ht,
                    external: ext,
                    indirect: ind,
                    kernel_indirect_call: kic,
                },
            )
    })
}

/// The functions an image with these entry points must define, computed
/// from the spec alone: direct calls, plus every `referenced-indirectly`
/// helper for kernels making an indirect call; with dynamic linking,
/// SYCL_EXTERNAL helpers called directly are not followed (they are
/// imported), and indirect calls pull in nothing: as upstream, a function
/// that can be imported — which includes every definition carrying
/// `sycl-module-id`, kernels too — contributes no indirect-call edges to the
/// dependency graph.
fn expected_defs(spec: &ModuleSpec, entries: &[String], dynamic: bool) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut work: Vec<String> = entries.to_vec();
    while let Some(f) = work.pop() {
        if !out.insert(f.clone()) {
            continue;
        }
        let mut callees: Vec<usize> = Vec::new();
        if let Some(k) = f.strip_prefix("kernel") {
            let k: usize = k.parse().expect("kernel index");
            callees.extend(&spec.kernel_calls[k]);
            if spec.kernel_indirect_call[k] && !dynamic {
                callees.extend((0..spec.helpers).filter(|&h| spec.indirect[h]));
            }
        } else if let Some(h) = f.strip_prefix("helper") {
            let h: usize = h.parse().expect("helper index");
            callees.extend(&spec.helper_calls[h]);
        }
        for c in callees {
            if dynamic && spec.external[c] && !entries.contains(&format!("helper{c}")) {
                continue;
            }
            work.push(format!("helper{c}"));
        }
    }
    out
}

fn check(spec: &ModuleSpec, mode: SplitMode, dynamic: bool) -> Result<(), TestCaseError> {
    let ir = spec.to_ir();
    let ctx = Context::new();
    let m = ctx
        .parse_ir(ir.as_bytes(), "gen.ll")
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    let opts = EntryPointOptions {
        only_kernels: false,
        dynamic_linking: dynamic,
        import_undefined: false,
    };
    let groups = group_entry_points(&m, mode, false, opts);
    let graph = DependencyGraph::build(&m, dynamic);

    // Every kernel is an entry point of exactly one group.
    let mut seen: HashMap<String, usize> = HashMap::new();
    for g in &groups {
        for n in g.names() {
            *seen.entry(n).or_default() += 1;
        }
    }
    for k in 0..spec.kernels {
        prop_assert_eq!(
            seen.get(&format!("kernel{k}")).copied(),
            Some(1),
            "kernel{} placement",
            k
        );
    }

    for g in &groups {
        let names = g.names();
        let image = m.extract(&graph.collect(&g.entry_points, |_| false));
        let copts = CleanupOptions {
            dynamic_linking: dynamic,
            has_virtual_functions: g.has_virtual_functions,
        };
        cleanup(&image, &names, copts).map_err(|e| TestCaseError::fail(e.to_string()))?;
        image
            .verify()
            .map_err(|e| TestCaseError::fail(format!("{e}\n{}", image.to_text())))?;
        let defined: BTreeSet<String> = image
            .functions()
            .into_iter()
            .filter(|f| !f.is_declaration())
            .map(|f| f.name())
            .collect();
        let want = expected_defs(spec, &names, dynamic);
        prop_assert_eq!(&defined, &want, "image of {:?}\n{}", names, image.to_text());
        // What is called but not defined is imported (dynamic linking) or
        // the module's own declaration.
        for f in image.functions().into_iter().filter(|f| f.is_declaration()) {
            let n = f.name();
            let ok = n == "external_decl"
                || (dynamic
                    && n.strip_prefix("helper")
                        .and_then(|h| h.parse::<usize>().ok())
                        .is_some_and(|h| spec.external[h]));
            prop_assert!(ok, "unexpected declaration {} in image of {:?}", n, names);
        }
        // Tables: exactly those read by defined helpers.
        let tables: BTreeSet<String> = image.globals().into_iter().map(|g| g.name()).collect();
        let want_tables: BTreeSet<String> = want
            .iter()
            .filter_map(|f| f.strip_prefix("helper").and_then(|h| h.parse::<usize>().ok()))
            .filter_map(|h| spec.helper_table[h].map(|t| format!("table{t}")))
            .collect();
        prop_assert_eq!(tables, want_tables);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, .. ProptestConfig::default() })]

    #[test]
    fn per_kernel_split(spec in spec_strategy()) {
        check(&spec, SplitMode::Kernel, false)?;
    }

    #[test]
    fn per_source_split(spec in spec_strategy()) {
        check(&spec, SplitMode::Source, false)?;
    }

    #[test]
    fn per_kernel_split_dynamic_linking(spec in spec_strategy()) {
        check(&spec, SplitMode::Kernel, true)?;
    }

    #[test]
    fn per_source_split_dynamic_linking(spec in spec_strategy()) {
        check(&spec, SplitMode::Source, true)?;
    }
}
