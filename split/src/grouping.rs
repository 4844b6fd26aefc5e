//! Grouping entry points into device images by a category key (reference
//! 3.3): one group per source, per kernel, or one global group; source
//! groups are further split by optional-feature requirements.

use indexmap::IndexMap;
use sycl_ir::{MdOperand, Module, Value};

use crate::entry_points::{is_entry_point, EntryPointOptions, ATTR_INDIRECTLY_CALLABLE, ATTR_MODULE_ID};

/// Device-code split mode (`-split=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum SplitMode {
    /// `-split=none`: one image with every entry point (the input module
    /// is passed through, not extracted).
    None,
    /// `-split=source`: one image per translation unit (and feature set).
    Source,
    /// `-split=kernel`: one image per entry point.
    Kernel,
    /// `-split=auto`: currently per source, except with `-ir-output-only`.
    /// The default of `sycl-post-link` since upstream PR #21257 (2026).
    #[default]
    Auto,
}

impl SplitMode {
    /// Parses an option value (`source`, `kernel`, `auto`, `none`).
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "none" => Some(SplitMode::None),
            "source" => Some(SplitMode::Source),
            "kernel" => Some(SplitMode::Kernel),
            "auto" => Some(SplitMode::Auto),
            _ => None,
        }
    }
}

/// A set of entry points that goes into one device image.
#[derive(Debug, Clone)]
pub struct EntryPointGroup<'c> {
    /// The category key (only compared; its byte order gives output order).
    pub key: String,
    /// Entry points, in module order.
    pub entry_points: Vec<Value<'c>>,
    /// True if an entry point has `indirectly-callable` (virtual functions).
    pub has_virtual_functions: bool,
}

impl<'c> EntryPointGroup<'c> {
    /// Names of the entry points, in order.
    pub fn names(&self) -> Vec<String> {
        self.entry_points.iter().map(|f| f.name()).collect()
    }
}

/// Key of the global group.
pub const GLOBAL_KEY: &str = "<GLOBAL>";

/// Groups the entry points of `m`. The result is in **output order**
/// (descending key order, as upstream hands groups out from the back of an
/// ordered map). A module without entry points gives one empty group.
/// `global_scope` forces one group (no split, or `auto` with
/// `-ir-output-only`).
pub fn group_entry_points<'c>(
    m: &Module<'c>,
    mode: SplitMode,
    global_scope: bool,
    opts: EntryPointOptions,
) -> Vec<EntryPointGroup<'c>> {
    group_entry_points_by(m, opts, |f| group_key(m, f, mode, global_scope))
}

/// The category key of entry point `f` of `m` (see [`group_entry_points`]).
/// Per source it reads `f`'s function metadata, which a module read lazily
/// has only once `f`'s body is read.
pub fn group_key(m: &Module<'_>, f: Value<'_>, mode: SplitMode, global_scope: bool) -> String {
    if global_scope || mode == SplitMode::None {
        format!("{GLOBAL_KEY}-")
    } else if mode == SplitMode::Kernel {
        format!("{}-", f.name())
    } else {
        source_key(m, f)
    }
}

/// [`group_entry_points`] with each entry point's key given by `key_of`
/// (the [`group_key`] of the function, which may have been found in
/// another copy of the module: [`crate::summary`]).
pub fn group_entry_points_by<'c>(
    m: &Module<'c>,
    opts: EntryPointOptions,
    mut key_of: impl FnMut(Value<'c>) -> String,
) -> Vec<EntryPointGroup<'c>> {
    let mut groups: IndexMap<String, EntryPointGroup<'c>> = IndexMap::new();
    for f in m.functions() {
        if !is_entry_point(f, opts) {
            continue;
        }
        let key = key_of(f);
        let g = groups.entry(key.clone()).or_insert_with(|| EntryPointGroup {
            key,
            entry_points: Vec::new(),
            has_virtual_functions: false,
        });
        g.has_virtual_functions |= f.has_fn_attr(ATTR_INDIRECTLY_CALLABLE);
        g.entry_points.push(f);
    }
    if groups.is_empty() {
        return vec![EntryPointGroup {
            key: GLOBAL_KEY.into(),
            entry_points: Vec::new(),
            has_virtual_functions: false,
        }];
    }
    let mut v: Vec<EntryPointGroup<'c>> = groups.into_values().collect();
    v.sort_by(|a, b| b.key.as_bytes().cmp(a.key.as_bytes()));
    v
}

/// Values of a metadata list attached to `f`: for `{!"name", iN v}` pairs the
/// integer, for plain integers the integer, each zero-extended from its own
/// width as upstream's `getZExtValue` does: `i32 -1` is 4294967295, not
/// 2^64-1. The digits decide the byte order of keys, hence the output order.
fn md_ints(m: &Module<'_>, f: Value<'_>, kind: &str) -> Vec<u64> {
    let Some(node) = f.metadata(m.md_kind(kind)) else {
        return Vec::new();
    };
    node.md_operands()
        .iter()
        .filter_map(|op| match op {
            MdOperand::Node(n) => n.md_operands().get(1).and_then(|o| o.as_u64()),
            other => other.as_u64(),
        })
        .collect()
}

fn md_strings(m: &Module<'_>, f: Value<'_>, kind: &str) -> Vec<String> {
    let Some(node) = f.metadata(m.md_kind(kind)) else {
        return Vec::new();
    };
    node.md_operands().iter().filter_map(|o| o.as_string()).collect()
}

/// The per-source category key of an entry point (reference 3.3), as the
/// newest upstream categorizer builds it: `sycl-register-alloc-mode` is no
/// longer one of its parts (only `sycl-grf-size` is).
pub fn source_key(m: &Module<'_>, f: Value<'_>) -> String {
    let mut key = String::new();
    let attr = |k: &str| f.fn_attr(k).unwrap_or_default();
    key += &attr(ATTR_MODULE_ID);
    key.push('-');
    key += &attr(ATTR_INDIRECTLY_CALLABLE);
    key.push('-');
    key += &attr("sycl-grf-size");
    key.push('-');
    let mut aspects = md_ints(m, f, "sycl_used_aspects");
    aspects.sort_unstable();
    for a in aspects {
        key += &format!("-{a}");
    }
    key.push('-');
    for kind in [
        "reqd_work_group_size",
        "work_group_num_dim",
        "intel_reqd_sub_group_size",
    ] {
        for v in md_ints(m, f, kind) {
            key += &format!("-{v}");
        }
        key.push('-');
    }
    key += &attr("sycl-optlevel");
    key.push('-');
    for kind in ["sycl_joint_matrix", "sycl_joint_matrix_mad"] {
        for s in md_strings(m, f, kind) {
            key += &format!("-{s}");
        }
        key.push('-');
    }
    key
}
