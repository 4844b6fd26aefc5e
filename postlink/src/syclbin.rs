//! SYCLBIN packaging of device images: what `syclbin create`, `sycl-link`
//! and the C ABI share. Each image (its code, its whole property registry,
//! optionally its symbol table) becomes one abstract module; code that is
//! LLVM IR is compiled to SPIR-V in process (`sycl-spirv`), code that is
//! already SPIR-V (or another IR type) is stored as it is. Every abstract
//! module carries `[SYCL/kernel names]`, as upstream's SYCLBIN mode
//! (`-emit-kernel-names`) gives it, and an LLVM IR image with eliminated
//! kernel arguments `[SYCL/kernel param opt]` (`-emit-param-info`), when its
//! property sets lack them. The result is wrapped in an LLVM offload
//! binary (image kind SYCLBIN, offload kind SYCL), the form the SYCL runtime
//! reads, unless a bare SYCLBIN is asked for.
//!
//! Images are compiled on worker threads, each in its own LLVM context;
//! modules are put back in image order, so the bytes do not depend on the
//! thread count.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use sycl_ir::Context;
use sycl_passes::properties::param_opt;
use sycl_props::property_set::{names, PropertySetRegistry, PropertyValue};
use sycl_props::syclbin::{AbstractModule, BundleState, IrModule, IrType, Syclbin};

/// The offload binary `triple` string written by default.
pub const DEFAULT_TRIPLE: &str = "spir64-unknown-unknown";

/// One device image to package.
#[derive(Debug, Clone)]
pub struct SyclbinImage {
    /// The image's name in messages (its file name, for a tool).
    pub name: String,
    /// LLVM IR (bitcode or text) or a module of the options' IR type.
    pub code: Vec<u8>,
    /// The image's property sets, all of which are stored.
    pub properties: PropertySetRegistry,
    /// The image's symbol table (a `.sym` file's lines), used for
    /// `[SYCL/kernel names]` when neither the properties nor LLVM IR give them.
    pub symbols: Option<Vec<String>>,
}

impl From<crate::image::Image> for SyclbinImage {
    /// An image of the in-memory pipeline ([`crate::post_link_images`]):
    /// its IR, its property sets (none unless properties were asked for) and
    /// its symbol table, named `image <N>` after its number.
    fn from(image: crate::image::Image) -> Self {
        SyclbinImage {
            name: format!("image {}", image.number),
            code: image.ir,
            properties: image.properties.unwrap_or_default(),
            symbols: image
                .symbols
                .map(|s| s.lines().filter(|l| !l.is_empty()).map(str::to_string).collect()),
        }
    }
}

/// What wraps the SYCLBIN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Container {
    /// An LLVM offload binary holding the SYCLBIN: what the SYCL runtime loads.
    #[default]
    OffloadBinary,
    /// The SYCLBIN alone.
    Bare,
}

/// How to package images.
#[derive(Debug, Clone)]
pub struct SyclbinOptions {
    /// The bundle state written to the global metadata.
    pub state: BundleState,
    /// The IR type of modules that are not LLVM IR (LLVM IR becomes SPIR-V).
    pub ir_type: IrType,
    /// The `target` string of every IR module; when `None`, an LLVM IR
    /// image's triple, and none for other images.
    pub target: Option<String>,
    /// Offload binary or bare SYCLBIN.
    pub container: Container,
    /// The offload binary's `triple` string.
    pub triple: String,
    /// The offload binary's `arch` string, if any.
    pub arch: Option<String>,
    /// Worker threads for compiling images (at least one).
    pub threads: usize,
}

impl Default for SyclbinOptions {
    fn default() -> Self {
        SyclbinOptions {
            state: BundleState::Input,
            ir_type: IrType::SpirV,
            target: None,
            container: Container::OffloadBinary,
            triple: DEFAULT_TRIPLE.into(),
            arch: None,
            threads: 1,
        }
    }
}

/// A failure while packaging.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SyclbinPackError {
    /// One image could not be used; `name` is [`SyclbinImage::name`]
    /// (not repeated when `reason`, an LLVM diagnostic, starts with it).
    #[error("{}", image_message(name, reason))]
    Image {
        /// The image.
        name: String,
        /// What is wrong.
        reason: String,
    },
    /// The SYCLBIN or offload binary could not be written.
    #[error("{0}")]
    Format(String),
}

fn image_message(name: &str, reason: &str) -> String {
    if reason.starts_with(&format!("{name}:")) {
        reason.to_string()
    } else {
        format!("{name}: {reason}")
    }
}

fn image_error(image: &SyclbinImage, reason: impl Into<String>) -> SyclbinPackError {
    SyclbinPackError::Image {
        name: image.name.clone(),
        reason: reason.into(),
    }
}

/// The code of an abstract module and the kernel names read from it.
struct Compiled {
    ir_type: IrType,
    bytes: Vec<u8>,
    /// Kernels of the LLVM IR module (`None` when the code was not LLVM IR).
    kernels: Option<Vec<String>>,
    /// `[SYCL/kernel param opt]` of the LLVM IR module, if it has
    /// eliminated arguments.
    param_opt: Option<PropertySetRegistry>,
    /// The LLVM IR module's target triple, if it has one.
    triple: Option<String>,
}

fn compile(image: &SyclbinImage, ir_type: IrType) -> Result<Compiled, SyclbinPackError> {
    let stored = |ir_type| {
        Ok(Compiled {
            ir_type,
            bytes: image.code.clone(),
            kernels: None,
            param_opt: None,
            triple: None,
        })
    };
    if ir_type != IrType::SpirV {
        // PTX and AMDGCN modules are stored as given: compiling LLVM IR to
        // them needs a target architecture this interface does not take.
        if is_bitcode(&image.code) {
            return Err(image_error(
                image,
                format!("not supported: LLVM bitcode for IR type {}", ir_type.name()),
            ));
        }
        return stored(ir_type);
    }
    if sycl_spirv::is_spirv(&image.code) {
        return stored(IrType::SpirV);
    }
    if !sycl_spirv::is_llvm_ir(&image.code) {
        return Err(image_error(image, "neither SPIR-V nor LLVM IR"));
    }
    let ctx = Context::new();
    let m = ctx
        .parse_ir(&image.code, &image.name)
        .map_err(|e| image_error(image, e.to_string()))?;
    m.verify().map_err(|e| image_error(image, e.to_string()))?;
    let kernels = m
        .functions()
        .into_iter()
        .filter(|f| !f.is_declaration() && f.call_conv().is_kernel())
        .map(|f| f.name())
        .collect();
    let param_opt = (!param_opt::kernel_param_opt_info(&m).is_empty()).then(|| {
        let mut reg = PropertySetRegistry::new();
        param_opt::add_kernel_param_opt(&m, &mut reg);
        reg
    });
    let step = crate::trace::span("CodeGen", &image.name);
    let bytes = sycl_spirv::compile_module(&m).map_err(|e| image_error(image, e.to_string()))?;
    drop(step);
    crate::trace::progress("images compiled");
    Ok(Compiled {
        ir_type: IrType::SpirV,
        bytes,
        kernels: Some(kernels),
        param_opt,
        triple: Some(m.triple()).filter(|t| !t.is_empty()),
    })
}

fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(&[b'B', b'C', 0xC0, 0xDE]) || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// The kernel names of an image: its SPIR-V entry points when the code is a
/// SPIR-V module rspirv reads, else its symbol table.
fn kernel_names_of(image: &SyclbinImage, compiled: &Compiled) -> Vec<String> {
    if let Some(k) = &compiled.kernels {
        return k.clone();
    }
    if let Some(sym) = &image.symbols {
        return sym.clone();
    }
    if compiled.ir_type == IrType::SpirV {
        if let Ok(m) = sycl_spirv::load(&compiled.bytes) {
            return sycl_spirv::entry_points(&m).into_iter().map(|e| e.name).collect();
        }
    }
    Vec::new()
}

/// Makes one abstract module of `image`: its code compiled when it is LLVM
/// IR, its property sets, and `[SYCL/kernel names]` added when missing.
pub fn abstract_module(image: &SyclbinImage, opts: &SyclbinOptions) -> Result<AbstractModule, SyclbinPackError> {
    let compiled = compile(image, opts.ir_type)?;
    let mut metadata = image.properties.clone();
    // Upstream's SYCLBIN mode runs sycl-post-link with -emit-param-info: the
    // runtime must know which arguments were eliminated to pass the others.
    if let Some(reg) = &compiled.param_opt {
        if metadata.get(names::KERNEL_PARAM_OPT_INFO).is_none() {
            for (key, value) in reg.get(names::KERNEL_PARAM_OPT_INFO).into_iter().flat_map(|s| s.iter()) {
                metadata.add(names::KERNEL_PARAM_OPT_INFO, key, value.clone());
            }
        }
    }
    if metadata.get(names::KERNEL_NAMES).is_none() {
        let kernels = kernel_names_of(image, &compiled);
        if !kernels.is_empty() {
            let set = metadata.set_mut(names::KERNEL_NAMES);
            for k in kernels.iter().filter(|k| !k.is_empty()) {
                set.insert(k, PropertyValue::UInt32(1));
            }
        }
    }
    let mut am = AbstractModule {
        metadata,
        ..AbstractModule::default()
    };
    // The IR module's target: the one asked for, else the LLVM IR's triple
    // (`spir64-unknown-unknown`), as Intel's toolchain records it.
    let target = opts.target.as_deref().or(compiled.triple.as_deref());
    am.ir_modules
        .push(IrModule::new(compiled.ir_type, target, compiled.bytes));
    Ok(am)
}

/// The abstract modules of `images`, in order, compiled on up to
/// `opts.threads` threads. The first failing image (in image order) is the
/// error.
pub fn abstract_modules(
    images: &[SyclbinImage],
    opts: &SyclbinOptions,
) -> Result<Vec<AbstractModule>, SyclbinPackError> {
    let threads = opts.threads.clamp(1, images.len().max(1));
    if threads == 1 {
        return images.iter().map(|i| abstract_module(i, opts)).collect();
    }
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<AbstractModule, SyclbinPackError>>>> =
        Mutex::new((0..images.len()).map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(image) = images.get(i) else { break };
                let r = abstract_module(image, opts);
                if let Ok(mut v) = results.lock() {
                    v[i] = Some(r);
                }
            });
        }
    });
    let results = results
        .into_inner()
        .map_err(|_| SyclbinPackError::Format("a compile thread failed".into()))?;
    results
        .into_iter()
        .map(|r| r.unwrap_or_else(|| Err(SyclbinPackError::Format("a compile thread failed".into()))))
        .collect()
}

/// Serializes `bin` in the container `opts` asks for.
pub fn write(bin: &Syclbin, opts: &SyclbinOptions) -> Result<Vec<u8>, SyclbinPackError> {
    let format = |e: &dyn std::fmt::Display| SyclbinPackError::Format(e.to_string());
    match opts.container {
        Container::Bare => bin.to_bytes().map_err(|e| format(&e)),
        Container::OffloadBinary => {
            let mut strings = vec![("triple", opts.triple.as_str())];
            if let Some(a) = &opts.arch {
                strings.push(("arch", a.as_str()));
            }
            let ob = bin.to_offload_binary(strings).map_err(|e| format(&e))?;
            ob.to_bytes().map_err(|e| format(&e))
        }
    }
}

/// Packages `images` into SYCLBIN bytes (see the module documentation).
pub fn package(images: &[SyclbinImage], opts: &SyclbinOptions) -> Result<Vec<u8>, SyclbinPackError> {
    let mut bin = Syclbin::new(opts.state);
    bin.abstract_modules = abstract_modules(images, opts)?;
    write(&bin, opts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sycl_props::offload_binary::{ImageKind, OffloadBinary, OffloadKind};

    const TWO_KERNELS: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func void @helper() {
  ret void
}
define spir_kernel void @__sycl_kernel_a(ptr addrspace(1) %p) {
  store i32 1, ptr addrspace(1) %p
  ret void
}
define spir_kernel void @__sycl_kernel_b(ptr addrspace(1) %p) !sycl_kernel_omit_args !0 {
  store i32 2, ptr addrspace(1) %p
  ret void
}
!0 = !{i1 false, i1 true, i1 false}
"#;

    fn image(code: &[u8], props: PropertySetRegistry) -> SyclbinImage {
        SyclbinImage {
            name: "img_0.ll".into(),
            code: code.to_vec(),
            properties: props,
            symbols: None,
        }
    }

    #[test]
    fn ir_becomes_spirv_in_an_offload_binary_with_kernel_names_and_all_properties() {
        let mut props = PropertySetRegistry::new();
        props.add(names::DEVICE_REQUIREMENTS, "aspects", PropertyValue::u32_array(&[2]));
        let images = vec![image(TWO_KERNELS.as_bytes(), props.clone())];
        let opts = SyclbinOptions {
            threads: 4,
            ..SyclbinOptions::default()
        };
        let bytes = package(&images, &opts).expect("package");
        let entries = OffloadBinary::parse_all(&bytes).expect("offload binary");
        let [ob] = entries.as_slice() else {
            panic!("expected one offload entry, got {}", entries.len())
        };
        assert_eq!(
            (ob.image_kind, ob.offload_kind),
            (ImageKind::SYCLBIN, OffloadKind::SYCL)
        );
        assert_eq!(ob.triple(), DEFAULT_TRIPLE);
        let bin = Syclbin::parse_any(&bytes).expect("syclbin");
        let am = &bin.abstract_modules[0];
        assert_eq!(am.kernel_names(), vec!["__sycl_kernel_a", "__sycl_kernel_b"]);
        assert!(am.metadata.get(names::DEVICE_REQUIREMENTS).is_some());
        let param_opt = am.metadata.get(names::KERNEL_PARAM_OPT_INFO).expect("param opt");
        assert_eq!(
            param_opt.iter().map(|(k, _)| k).collect::<Vec<_>>(),
            vec!["__sycl_kernel_b"]
        );
        let spirv = &am.ir_modules[0];
        assert_eq!(spirv.ir_type(), Some(IrType::SpirV));
        assert_eq!(spirv.target(), Some("spir64-unknown-unknown"));
        sycl_spirv::validate_bytes(&spirv.bytes).expect("spirv-val");
        // Same input, same bytes, whatever the thread count.
        let one = SyclbinOptions::default();
        assert_eq!(bytes, package(&images, &one).expect("package"));
    }

    #[test]
    fn parallel_compilation_gives_the_same_bytes() {
        let images: Vec<SyclbinImage> = (0..8)
            .map(|i| {
                let text = TWO_KERNELS.replace("__sycl_kernel_a", &format!("__sycl_kernel_a{i}"));
                image(text.as_bytes(), PropertySetRegistry::new())
            })
            .collect();
        let serial = package(&images, &SyclbinOptions::default()).expect("serial");
        for _ in 0..4 {
            let opts = SyclbinOptions {
                threads: 8,
                ..SyclbinOptions::default()
            };
            assert_eq!(serial, package(&images, &opts).expect("parallel"));
        }
    }

    #[test]
    fn spirv_is_kept_and_bare_output_is_a_syclbin() {
        let spirv = sycl_spirv::compile_ir(TWO_KERNELS.as_bytes(), "k.ll").expect("compile");
        let opts = SyclbinOptions {
            container: Container::Bare,
            state: BundleState::Object,
            ..SyclbinOptions::default()
        };
        let bytes = package(&[image(&spirv, PropertySetRegistry::new())], &opts).expect("package");
        assert!(!OffloadBinary::has_magic(&bytes));
        let bin = Syclbin::parse(&bytes).expect("bare syclbin");
        assert_eq!(bin.state(), Some(BundleState::Object));
        assert_eq!(bin.abstract_modules[0].ir_modules[0].bytes, spirv);
        // Kernel names from the SPIR-V entry points.
        assert_eq!(
            bin.abstract_modules[0].kernel_names(),
            vec!["__sycl_kernel_a", "__sycl_kernel_b"]
        );
    }

    #[test]
    fn bad_images_are_named() {
        let e = package(
            &[image(b"define void @f( {", PropertySetRegistry::new())],
            &SyclbinOptions::default(),
        )
        .expect_err("bad IR");
        // LLVM's diagnostic names the image: not repeated.
        assert!(e.to_string().starts_with("img_0.ll:1:"), "{e}");
        let e = package(
            &[image(&[0, 1, 2, 3, 0xff], PropertySetRegistry::new())],
            &SyclbinOptions::default(),
        )
        .expect_err("binary junk");
        assert_eq!(e.to_string(), "img_0.ll: neither SPIR-V nor LLVM IR");
    }
}
