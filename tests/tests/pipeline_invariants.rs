//! The whole post-link pipeline on random linked modules that mix its
//! features (`sycl_integration_tests::features`), split in every mode, checked
//! against what upstream guarantees of its output:
//!
//! - every kernel, SYCL_EXTERNAL function and virtual function is an entry
//!   point of exactly one image, and the symbol table lists the entry points;
//! - an image defines exactly what its entry points reach, declares nothing
//!   but the SPIR-V builtins lowering left, and verifies;
//! - its property sets agree with the functions it defines: aspects (union),
//!   `reqd_work_group_size_uint64_t` (kept only when every function agrees,
//!   never with `-split=none`), `reqd_sub_group_size` (first entry point),
//!   specialization constants (those its functions read), kernel parameter
//!   info (its kernels with eliminated arguments), device globals
//!   (non-discardable ones everywhere, discardable ones where read) and
//!   virtual-function sets;
//! - the same bytes (IR, symbols, properties) at 1, 2 and 3 threads.
//!
//! The modules come from a seed (a small xorshift generator): a failing case
//! prints its seed and module.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use sycl_integration_tests::features::{
    device_global_id, helper_name, kernel_name, set_name, spec_const_name, virtual_name, DeviceGlobal, FeatureModule,
    Features, Helper, Kernel, VirtualFunction,
};
use sycl_ir::Context;
use sycl_postlink::settings::RunTuning;
use sycl_postlink::{post_link_images, Image, ImageOrder, Input, Settings, SpecConstMode, SplitMode};
use sycl_props::property_set::names;

/// A tiny deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
    fn subset(&mut self, n: usize, max: usize, percent: u64) -> Vec<usize> {
        let mut v: BTreeSet<usize> = BTreeSet::new();
        for _ in 0..max {
            if n > 0 && self.chance(percent) {
                v.insert(self.below(n));
            }
        }
        v.into_iter().collect()
    }
}

fn features(r: &mut Rng, spec_consts: usize, device_globals: usize) -> Features {
    const ASPECTS: [u32; 4] = [1, 5, 6, 28];
    const SIZES: [[u64; 3]; 2] = [[16, 1, 1], [32, 2, 1]];
    Features {
        aspects: r.subset(ASPECTS.len(), 2, 20).into_iter().map(|i| ASPECTS[i]).collect(),
        reqd_wg: r.chance(15).then(|| SIZES[r.below(2)]),
        spec_consts: r.subset(spec_consts, 2, 30),
        device_globals: r.subset(device_globals, 2, 25),
    }
}

/// A random module from `seed`.
fn generate(seed: u64) -> FeatureModule {
    let mut r = Rng(seed | 1);
    let sources = 1 + r.below(3);
    let spec_consts = r.below(4);
    let device_globals: Vec<DeviceGlobal> = (0..r.below(3))
        .map(|_| DeviceGlobal {
            discardable: r.chance(60),
        })
        .collect();
    let dg = device_globals.len();
    let nhelpers = r.below(7);
    let helpers: Vec<Helper> = (0..nhelpers)
        .map(|h| Helper {
            calls: r.subset(nhelpers, 2, 40).into_iter().filter(|&c| c > h).collect(),
            features: features(&mut r, spec_consts, dg),
            external_source: r.chance(20).then(|| r.below(sources)),
        })
        .collect();
    let sets = r.below(3);
    let virtual_functions: Vec<VirtualFunction> = (0..if sets > 0 { 1 + r.below(3) } else { 0 })
        .map(|_| VirtualFunction {
            set: r.below(sets),
            source: r.below(sources),
            features: features(&mut r, spec_consts, dg),
        })
        .collect();
    let kernels: Vec<Kernel> = (0..1 + r.below(6))
        .map(|_| Kernel {
            source: r.below(sources),
            calls: r.subset(nhelpers, 3, 50),
            features: features(&mut r, spec_consts, dg),
            sub_group: r.chance(15).then(|| [8, 16][r.below(2)]),
            omit_args: r.chance(25).then(|| [r.chance(50), r.chance(50), r.chance(50)]),
            calls_sets: r.subset(sets, 2, 30),
        })
        .collect();
    FeatureModule {
        kernels,
        helpers,
        virtual_functions,
        spec_consts,
        device_globals,
    }
}

fn settings(mode: SplitMode, threads: usize) -> Settings {
    Settings {
        text: true,
        split: mode,
        symbols: true,
        properties: true,
        spec_const: Some(SpecConstMode::Native),
        emit_param_info: true,
        device_globals: true,
        threads: Some(threads),
        // The threaded path even on small modules, every module verified
        // (as the test scripts' SPL_EXACT_THREADS=1 SPL_VERIFY_EACH=1 did).
        tuning: RunTuning {
            exact_threads: true,
            verify_each: true,
            ..RunTuning::default()
        },
        ..Settings::default()
    }
}

/// The functions (by name) that `entries` reach through direct calls.
fn closure(spec: &FeatureModule, entries: &[String]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut work: Vec<String> = entries.to_vec();
    while let Some(f) = work.pop() {
        if !out.insert(f.clone()) {
            continue;
        }
        let calls = if let Some(k) = f.strip_prefix("kernel").and_then(|i| i.parse::<usize>().ok()) {
            spec.kernels[k].calls.clone()
        } else if let Some(h) = f.strip_prefix("helper").and_then(|i| i.parse::<usize>().ok()) {
            spec.helpers[h].calls.clone()
        } else {
            Vec::new()
        };
        work.extend(calls.into_iter().map(helper_name));
    }
    out
}

fn index(name: &str, prefix: &str) -> Option<usize> {
    name.strip_prefix(prefix).and_then(|i| i.parse().ok())
}

/// Checks one image against the spec.
fn check_image(spec: &FeatureModule, mode: SplitMode, image: &Image) -> Result<(), TestCaseError> {
    let ctx = Context::new();
    let text = String::from_utf8_lossy(&image.ir).into_owned();
    let m = ctx
        .parse_ir(&image.ir, "image.ll")
        .map_err(|e| TestCaseError::fail(format!("image {} does not parse: {e}", image.number)))?;
    m.verify()
        .map_err(|e| TestCaseError::fail(format!("image {} does not verify: {e}\n{text}", image.number)))?;

    // Definitions: what the entry points reach; declarations: builtins only.
    let defined: BTreeSet<String> = m
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration())
        .map(|f| f.name())
        .collect();
    prop_assert_eq!(
        &defined,
        &closure(spec, &image.entry_points),
        "image {}\n{}",
        image.number,
        text
    );
    for f in m.functions().into_iter().filter(|f| f.is_declaration()) {
        let n = f.name();
        prop_assert!(
            n.starts_with("_Z20__spirv_SpecConstant") && !f.has_no_uses(),
            "image {} declares {}\n{}",
            image.number,
            n,
            text
        );
    }
    prop_assert_eq!(
        image.symbols.clone().unwrap_or_default(),
        image.entry_points.iter().map(|e| format!("{e}\n")).collect::<String>()
    );

    let reg = image
        .properties
        .as_ref()
        .ok_or_else(|| TestCaseError::fail("no properties"))?;
    let feats: Vec<&Features> = defined.iter().filter_map(|f| spec.features_of(f)).collect();

    // Device requirements.
    let aspects: BTreeSet<u32> = feats.iter().flat_map(|f| f.aspects.iter().copied()).collect();
    let got = reg
        .value(names::DEVICE_REQUIREMENTS, "aspects")
        .and_then(|v| v.as_u32_array());
    prop_assert_eq!(
        got,
        Some(aspects.into_iter().collect::<Vec<_>>()),
        "aspects, image {}",
        image.number
    );
    let sizes: BTreeSet<[u64; 3]> = feats.iter().filter_map(|f| f.reqd_wg).collect();
    let want_wg = match (mode, sizes.len()) {
        (SplitMode::None, _) => None,
        (_, 1) => sizes.first().map(|s| s.to_vec()),
        _ => None,
    };
    let got = reg
        .value(names::DEVICE_REQUIREMENTS, "reqd_work_group_size_uint64_t")
        .and_then(|v| v.as_u64_array());
    prop_assert_eq!(got, want_wg, "reqd_work_group_size, image {}", image.number);
    let want_sg = image
        .entry_points
        .iter()
        .filter_map(|e| index(e, "kernel"))
        .find_map(|k| spec.kernels[k].sub_group);
    let got = reg
        .value(names::DEVICE_REQUIREMENTS, "reqd_sub_group_size")
        .and_then(|v| v.as_u32());
    prop_assert_eq!(got, want_sg, "reqd_sub_group_size, image {}", image.number);

    // Specialization constants read by the image's functions.
    let want: BTreeSet<String> = feats
        .iter()
        .flat_map(|f| f.spec_consts.iter().map(|&s| spec_const_name(s)))
        .collect();
    let got: BTreeSet<String> = reg
        .get(names::SPEC_CONST_MAP)
        .map(|s| s.keys().map(str::to_string).collect())
        .unwrap_or_default();
    prop_assert_eq!(got, want, "specialization constants, image {}", image.number);

    // Kernels with eliminated arguments.
    let want: BTreeMap<String, Vec<u8>> = defined
        .iter()
        .filter_map(|f| index(f, "kernel"))
        .filter_map(|k| {
            spec.kernels[k].omit_args.map(|flags| {
                let bits = flags.iter().enumerate().fold(0u8, |b, (i, &f)| b | (u8::from(f) << i));
                (kernel_name(k), vec![bits])
            })
        })
        .collect();
    let got: BTreeMap<String, Vec<u8>> = reg
        .get(names::KERNEL_PARAM_OPT_INFO)
        .map(|s| {
            s.iter()
                .map(|(k, v)| (k.to_string(), v.as_byte_payload().unwrap_or_default().to_vec()))
                .collect()
        })
        .unwrap_or_default();
    prop_assert_eq!(got, want, "kernel param opt, image {}", image.number);

    // Device globals: non-discardable ones in every image, the others where read.
    let read: BTreeSet<usize> = feats.iter().flat_map(|f| f.device_globals.iter().copied()).collect();
    let want: BTreeSet<String> = spec
        .device_globals
        .iter()
        .enumerate()
        .filter(|(d, g)| !g.discardable || read.contains(d))
        .map(|(d, _)| device_global_id(d))
        .collect();
    let got: BTreeSet<String> = reg
        .get(names::DEVICE_GLOBALS)
        .map(|s| s.keys().map(str::to_string).collect())
        .unwrap_or_default();
    prop_assert_eq!(got, want, "device globals, image {}", image.number);

    // Virtual functions: an image of a set names it; a kernel image names the
    // sets its kernels call.
    let vset = defined
        .iter()
        .filter_map(|f| index(f, "virtual"))
        .map(|v| set_name(spec.virtual_functions[v].set))
        .next();
    let got = reg
        .value(names::VIRTUAL_FUNCTIONS, "virtual-functions-set")
        .and_then(|v| v.as_str().map(str::to_string));
    prop_assert_eq!(&got, &vset, "virtual-functions-set, image {}", image.number);
    if vset.is_none() {
        let sets: BTreeSet<String> = defined
            .iter()
            .filter_map(|f| index(f, "kernel"))
            .flat_map(|k| spec.kernels[k].calls_sets.iter().map(|&s| set_name(s)))
            .collect();
        let want = (!sets.is_empty()).then(|| sets.into_iter().collect::<Vec<_>>().join(","));
        let got = reg
            .value(names::VIRTUAL_FUNCTIONS, "uses-virtual-functions-set")
            .and_then(|v| v.as_str().map(str::to_string));
        prop_assert_eq!(got, want, "uses-virtual-functions-set, image {}", image.number);
    }
    Ok(())
}

/// Runs every split mode on the module of `seed` and checks it.
fn check(seed: u64) -> Result<(), TestCaseError> {
    let spec = generate(seed);
    let ir = spec.to_ir();
    let fail = |e: String| TestCaseError::fail(format!("seed {seed}: {e}\n{ir}"));
    for mode in [SplitMode::Kernel, SplitMode::Source, SplitMode::Auto, SplitMode::None] {
        let run = |threads| {
            post_link_images(&settings(mode, threads), Input::from_bytes(ir.as_bytes(), "gen.ll"))
                .map(|(images, _)| images)
                .map_err(|e| fail(format!("{mode:?}: {e}")))
        };
        let images = run(1)?;
        // Entry points: each exactly once over the images.
        let mut count: BTreeMap<String, usize> = BTreeMap::new();
        for image in &images {
            for e in &image.entry_points {
                *count.entry(e.clone()).or_default() += 1;
            }
        }
        let mut want: Vec<String> = (0..spec.kernels.len()).map(kernel_name).collect();
        want.extend((0..spec.virtual_functions.len()).map(virtual_name));
        want.extend(
            spec.helpers
                .iter()
                .enumerate()
                .filter(|(_, h)| h.external_source.is_some())
                .map(|(i, _)| helper_name(i)),
        );
        for name in &want {
            if count.get(name) != Some(&1) {
                return Err(fail(format!(
                    "{mode:?}: {name} is an entry point of {:?} images",
                    count.get(name)
                )));
            }
        }
        if count.len() != want.len() {
            return Err(fail(format!("{mode:?}: unexpected entry points {count:?}")));
        }
        for image in &images {
            check_image(&spec, mode, image).map_err(|e| fail(format!("{mode:?}: {e}")))?;
        }
        // Same bytes at any thread count.
        let bytes = |images: &[Image]| -> Vec<(Vec<u8>, Option<String>, Option<String>)> {
            images
                .iter()
                .map(|i| (i.ir.clone(), i.symbols.clone(), i.properties_text("")))
                .collect()
        };
        for threads in [2, 3] {
            if bytes(&run(threads)?) != bytes(&images) {
                return Err(fail(format!("{mode:?}: {threads} threads give other bytes than 1")));
            }
        }
        // Images handed over as they are made: the same images, put in
        // place by number.
        for threads in [1, 3] {
            let mut s = settings(mode, threads);
            s.image_order = ImageOrder::AsMade;
            let (mut made, _) = post_link_images(&s, Input::from_bytes(ir.as_bytes(), "gen.ll"))
                .map_err(|e| fail(format!("{mode:?}: {e}")))?;
            made.sort_by_key(|i| i.number);
            if bytes(&made) != bytes(&images) {
                return Err(fail(format!(
                    "{mode:?}: images as made on {threads} threads differ from table order"
                )));
            }
        }
        // Bitcode input: the workers read their copies from the input's own
        // bytes (text input makes them write the module as bitcode first).
        // Compared with bitcode input at one thread (the bitcode reader
        // upgrades the data layout, so text and bitcode input differ there).
        let ctx = Context::new();
        let bitcode = ctx
            .parse_ir(ir.as_bytes(), "gen.ll")
            .map_err(|e| fail(e.to_string()))?
            .to_bitcode();
        let run_bitcode = |threads| {
            post_link_images(&settings(mode, threads), Input::from_bytes(bitcode.clone(), "gen.bc"))
                .map(|(images, _)| images)
                .map_err(|e| fail(format!("{mode:?}: {e}")))
        };
        let one = bytes(&run_bitcode(1)?);
        for threads in [2, 3] {
            if bytes(&run_bitcode(threads)?) != one {
                return Err(fail(format!(
                    "{mode:?}: bitcode input: {threads} threads give other bytes than 1"
                )));
            }
        }
        // Bitcode verified in shares: where the pre-split steps need no
        // body, the threads read it in shares for the analysis too, and no
        // thread reads it whole.
        let run_shares = |threads| {
            let input = Input::from_bytes(bitcode.clone(), "gen.bc").verify_in_shares(threads);
            post_link_images(&settings(mode, threads), input)
                .map(|(images, _)| images)
                .map_err(|e| fail(format!("{mode:?}: {e}")))
        };
        for threads in [1, 2, 3] {
            if bytes(&run_shares(threads)?) != one {
                return Err(fail(format!(
                    "{mode:?}: bitcode verified in shares: {threads} threads give other bytes than 1"
                )));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, .. ProptestConfig::default() })]

    #[test]
    fn random_modules_keep_upstream_invariants(seed in any::<u64>()) {
        check(seed)?;
    }
}

/// A few fixed seeds, so a plain run always covers the same modules too.
#[test]
fn fixed_seeds_keep_upstream_invariants() {
    for seed in 1..=24u64 {
        if let Err(e) = check(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)) {
            panic!("{e}");
        }
    }
}
