//! Random linked SYCL device modules that mix the features the post-link
//! step handles: kernels of several translation units calling a DAG of
//! helpers, optional kernel features (used aspects, required work-group and
//! sub-group sizes), SYCL 2020 specialization constants, device globals,
//! kernels with eliminated arguments, and virtual functions in sets called
//! through `calls-indirectly`. [`FeatureModule::to_ir`] writes the module;
//! the spec itself is what a test predicts each image's properties from.

use std::collections::BTreeSet;
use std::fmt::Write;

/// Optional features of a function (kernel, helper or virtual function).
#[derive(Debug, Clone, Default)]
pub struct Features {
    /// `sycl_used_aspects` values (may be empty).
    pub aspects: Vec<u32>,
    /// `reqd_work_group_size`, if any.
    pub reqd_wg: Option<[u64; 3]>,
    /// Specialization constants read (indices).
    pub spec_consts: Vec<usize>,
    /// Device globals read (indices).
    pub device_globals: Vec<usize>,
}

/// A kernel.
#[derive(Debug, Clone, Default)]
pub struct Kernel {
    /// Translation unit (its `sycl-module-id`).
    pub source: usize,
    /// Helpers called.
    pub calls: Vec<usize>,
    /// Optional features used by the kernel itself.
    pub features: Features,
    /// `intel_reqd_sub_group_size`, if any.
    pub sub_group: Option<u32>,
    /// `sycl_kernel_omit_args` flags of its 3 arguments, if any.
    pub omit_args: Option<[bool; 3]>,
    /// Virtual-function sets it calls (`calls-indirectly`).
    pub calls_sets: Vec<usize>,
}

/// A helper: internal to its callers, or SYCL_EXTERNAL.
#[derive(Debug, Clone, Default)]
pub struct Helper {
    /// Helpers called (all of higher index: a DAG).
    pub calls: Vec<usize>,
    /// Optional features used.
    pub features: Features,
    /// SYCL_EXTERNAL: carries a `sycl-module-id` of this translation unit.
    pub external_source: Option<usize>,
}

/// A virtual function (`indirectly-callable` in a set).
#[derive(Debug, Clone, Default)]
pub struct VirtualFunction {
    /// Its set.
    pub set: usize,
    /// Translation unit.
    pub source: usize,
    /// Optional features used.
    pub features: Features,
}

/// A device global.
#[derive(Debug, Clone, Default)]
pub struct DeviceGlobal {
    /// `linkonce_odr` (kept only where used) rather than `weak_odr`
    /// (non-discardable: in every image).
    pub discardable: bool,
}

/// The shape of a generated module.
#[derive(Debug, Clone, Default)]
pub struct FeatureModule {
    /// Kernels.
    pub kernels: Vec<Kernel>,
    /// Helpers.
    pub helpers: Vec<Helper>,
    /// Virtual functions.
    pub virtual_functions: Vec<VirtualFunction>,
    /// Number of specialization constants (all `int`, default `10 + i`).
    pub spec_consts: usize,
    /// Device globals.
    pub device_globals: Vec<DeviceGlobal>,
}

/// The name of kernel `k`.
pub fn kernel_name(k: usize) -> String {
    format!("kernel{k}")
}

/// The name of helper `h`.
pub fn helper_name(h: usize) -> String {
    format!("helper{h}")
}

/// The name of virtual function `v`.
pub fn virtual_name(v: usize) -> String {
    format!("virtual{v}")
}

/// The symbolic name of specialization constant `s`.
pub fn spec_const_name(s: usize) -> String {
    format!("sc{s}")
}

/// The `sycl-unique-id` of device global `d`.
pub fn device_global_id(d: usize) -> String {
    format!("uid{d}")
}

/// The name of virtual-function set `s`.
pub fn set_name(s: usize) -> String {
    format!("set{s}")
}

impl FeatureModule {
    /// The functions kernel `k` reaches (itself included), by name.
    pub fn reached_from_kernel(&self, k: usize) -> BTreeSet<String> {
        let mut out = BTreeSet::from([kernel_name(k)]);
        let mut work: Vec<usize> = self.kernels[k].calls.clone();
        while let Some(h) = work.pop() {
            if out.insert(helper_name(h)) {
                work.extend(&self.helpers[h].calls);
            }
        }
        out
    }

    /// The features of the function named `name`.
    pub fn features_of(&self, name: &str) -> Option<&Features> {
        let index = |p: &str| name.strip_prefix(p).and_then(|i| i.parse::<usize>().ok());
        if let Some(k) = index("kernel") {
            return self.kernels.get(k).map(|k| &k.features);
        }
        if let Some(h) = index("helper") {
            return self.helpers.get(h).map(|h| &h.features);
        }
        index("virtual").and_then(|v| self.virtual_functions.get(v).map(|v| &v.features))
    }

    /// Textual IR of the module.
    pub fn to_ir(&self) -> String {
        let mut s = String::new();
        let mut md = Vec::<String>::new();
        let node = |text: String, md: &mut Vec<String>| {
            md.push(text);
            md.len() - 1
        };
        s += "target triple = \"spir64-unknown-unknown\"\n\n";
        s += "%\"class.sycl::_V1::specialization_id\" = type { i32 }\n";
        s += "%\"class.sycl::_V1::ext::oneapi::experimental::device_global\" = type { i32 }\n\n";
        for i in 0..self.spec_consts {
            let _ = writeln!(
                s,
                "@sc_id{i} = internal addrspace(1) constant %\"class.sycl::_V1::specialization_id\" {{ i32 {} }}",
                10 + i
            );
            let name = spec_const_name(i);
            let _ = writeln!(
                s,
                "@sc_name{i} = private unnamed_addr constant [{} x i8] c\"{name}\\00\"",
                name.len() + 1
            );
        }
        for (d, g) in self.device_globals.iter().enumerate() {
            let linkage = if g.discardable { "linkonce_odr" } else { "weak_odr" };
            let _ = writeln!(
                s,
                "@dg{d} = {linkage} addrspace(1) global %\"class.sycl::_V1::ext::oneapi::experimental::device_global\" zeroinitializer, align 4 #{}",
                d
            );
        }
        s += "\ndeclare spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4), ptr addrspace(4), ptr addrspace(4))\n\n";

        // Attribute groups: #0..#D-1 device globals, then one per function.
        let mut attrs: Vec<String> = (0..self.device_globals.len())
            .map(|d| {
                format!(
                    "\"sycl-device-global-size\"=\"4\" \"sycl-unique-id\"=\"{}\"",
                    device_global_id(d)
                )
            })
            .collect();
        let mut attr = |text: String| {
            attrs.push(text);
            attrs.len() - 1
        };

        let body = |f: &Features, calls: &[String], s: &mut String| {
            for &i in &f.spec_consts {
                let _ = writeln!(
                    s,
                    "  %sc{i} = call spir_func i32 @_Z37__sycl_getScalar2020SpecConstantValueIiET_PKcPKvS4_(ptr addrspace(4) addrspacecast (ptr @sc_name{i} to ptr addrspace(4)), ptr addrspace(4) addrspacecast (ptr addrspace(1) @sc_id{i} to ptr addrspace(4)), ptr addrspace(4) null)"
                );
                let _ = writeln!(s, "  store volatile i32 %sc{i}, ptr addrspace(1) %out");
            }
            for &d in &f.device_globals {
                let _ = writeln!(s, "  %dg{d} = load volatile i32, ptr addrspace(1) @dg{d}");
                let _ = writeln!(s, "  store volatile i32 %dg{d}, ptr addrspace(1) %out");
            }
            for c in calls {
                let _ = writeln!(s, "  call spir_func void @{c}(ptr addrspace(1) %out)");
            }
        };
        let feature_md = |f: &Features, md: &mut Vec<String>| {
            let mut out = String::new();
            if !f.aspects.is_empty() {
                let list: Vec<String> = f.aspects.iter().map(|a| format!("i32 {a}")).collect();
                let n = node(format!("!{{{}}}", list.join(", ")), md);
                let _ = write!(out, " !sycl_used_aspects !{n}");
            }
            if let Some([x, y, z]) = f.reqd_wg {
                let n = node(format!("!{{i64 {x}, i64 {y}, i64 {z}}}"), md);
                let _ = write!(out, " !reqd_work_group_size !{n}");
            }
            out
        };

        for (h, helper) in self.helpers.iter().enumerate().rev() {
            let mut a = String::from("nounwind");
            if let Some(src) = helper.external_source {
                let _ = write!(a, " \"sycl-module-id\"=\"tu{src}.cpp\"");
            }
            let group = attr(a);
            let mdtext = feature_md(&helper.features, &mut md);
            let linkage = if helper.external_source.is_some() {
                ""
            } else {
                "internal "
            };
            let _ = writeln!(
                s,
                "define {linkage}spir_func void @{}(ptr addrspace(1) %out) #{group}{mdtext} {{",
                helper_name(h)
            );
            let calls: Vec<String> = helper.calls.iter().map(|&c| helper_name(c)).collect();
            body(&helper.features, &calls, &mut s);
            s += "  ret void\n}\n\n";
        }
        for (v, vf) in self.virtual_functions.iter().enumerate() {
            let group = attr(format!(
                "\"indirectly-callable\"=\"{}\" \"sycl-module-id\"=\"tu{}.cpp\"",
                set_name(vf.set),
                vf.source
            ));
            let mdtext = feature_md(&vf.features, &mut md);
            let _ = writeln!(
                s,
                "define spir_func void @{}(ptr addrspace(1) %out) #{group}{mdtext} {{",
                virtual_name(v)
            );
            body(&vf.features, &[], &mut s);
            s += "  ret void\n}\n\n";
        }
        for (k, kernel) in self.kernels.iter().enumerate() {
            let mut a = format!("\"sycl-module-id\"=\"tu{}.cpp\"", kernel.source);
            if !kernel.calls_sets.is_empty() {
                let sets: Vec<String> = kernel.calls_sets.iter().map(|&x| set_name(x)).collect();
                let _ = write!(a, " \"calls-indirectly\"=\"{}\"", sets.join(","));
            }
            let group = attr(a);
            let mut mdtext = feature_md(&kernel.features, &mut md);
            if let Some(sg) = kernel.sub_group {
                let n = node(format!("!{{i32 {sg}}}"), &mut md);
                let _ = write!(mdtext, " !intel_reqd_sub_group_size !{n}");
            }
            if let Some(flags) = kernel.omit_args {
                let list: Vec<String> = flags.iter().map(|&f| format!("i1 {f}")).collect();
                let n = node(format!("!{{{}}}", list.join(", ")), &mut md);
                let _ = write!(mdtext, " !sycl_kernel_omit_args !{n}");
            }
            let _ = writeln!(
                s,
                "define spir_kernel void @{}(ptr addrspace(1) %out, i32 %a, i32 %b) #{group}{mdtext} {{",
                kernel_name(k)
            );
            let calls: Vec<String> = kernel.calls.iter().map(|&c| helper_name(c)).collect();
            body(&kernel.features, &calls, &mut s);
            s += "  ret void\n}\n\n";
        }
        for (i, a) in attrs.iter().enumerate() {
            let _ = writeln!(s, "attributes #{i} = {{ {a} }}");
        }
        s += "\n";
        for (i, m) in md.iter().enumerate() {
            let _ = writeln!(s, "!{i} = {m}");
        }
        s
    }
}
