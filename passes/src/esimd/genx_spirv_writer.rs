//! `GenXSPIRVWriterAdaptor`: turns the VC (ESIMD) back end's metadata into
//! the attributes that LLVM's SPIR-V writer and Intel's VC back end read, the
//! last step of the ESIMD lowering pipeline (upstream: intel/vc-intrinsics
//! GenXIntrinsics/lib/GenXIntrinsics/GenXSPIRVWriterAdaptor.cpp, run by
//! sycl-post-link with `RewriteTypes=true`, `RewriteSingleElementVectors=false`).
//!
//! - a `genx32`/`genx64` triple becomes `spir`/`spir64`;
//! - every global variable gets `"VCGlobalVariable"` (`genx_volatile` ones
//!   `"VCVolatile"`, `genx_byte_offset` ones `"VCByteOffset"`);
//! - every function except LLVM's own intrinsics gets `"VCFunction"`, and
//!   `"CMStackCall"`, `"CMCallable"`, `"CMEntry"`, `"CMGenxSIMT"`,
//!   `"CMFloatControl"` get their `"VC..."` counterparts;
//! - with `!genx.kernels`: a function with `"oclrt"="N"` gets
//!   `!intel_reqd_sub_group_size !{i32 N}`; a kernel of the metadata is
//!   `spir_kernel`, takes its metadata name, and gets `"VCSLMSize"`,
//!   `"VCNamedBarrierCount"` and, per argument, `"VCArgumentKind"`,
//!   `"VCArgumentIOKind"`, `"VCArgumentDesc"`; the metadata goes;
//! - kernel signatures are rewritten to SPIR-V types: `svmptr_t` pointers
//!   are `ptr addrspace(1)`, samplers `target("spirv.Sampler")`, images
//!   `target("spirv.Image", void, ...)`, buffers
//!   `target("spirv.BufferSurfaceINTEL", access)`, other general arguments
//!   keep their type; the body reaches the old values through
//!   `llvm.genx.address.convert` (or `ptrtoint`), and the rewritten
//!   arguments lose `"VCArgumentKind"` and `"VCArgumentDesc"`. A descriptor
//!   upstream stops on (a surface described as a pointer, ...) is an error
//!   naming the kernel and the argument.
//!
//! Before and after:
//! ```text
//! define spir_kernel void @k(ptr addrspace(1) %p) #0 { ... }
//! attributes #0 = { "CMGenxMain" "oclrt"="1" }
//! !genx.kernels = !{!0}
//! !0 = !{ptr @k, !"k", !{i32 0}, i32 0, i32 0, !{i32 0}, !{!"svmptr_t"}, i32 0, i32 0}
//! ==>
//! define spir_kernel void @k(ptr addrspace(1) "VCArgumentIOKind"="0" %p) #0 !intel_reqd_sub_group_size !1 { ... }
//! attributes #0 = { "CMGenxMain" "VCFunction" "VCNamedBarrierCount"="0" "VCSLMSize"="0" "oclrt"="1" }
//! !1 = !{i32 1}
//! ```

/// The metadata kinds this pass may attach that its input need not have:
/// a split registers them in every context that builds images before the
/// first image is made, since LLVM writes every kind its context has
/// registered into each module's bitcode (so that an image's bytes do not
/// depend on which images a thread lowered before it).
pub const WRITTEN_MD_KINDS: &[&str] = &["intel_reqd_sub_group_size"];

use sycl_ir::{Builder, CallConv, MdOperand, Module, Type, TypeKind, Value};

use crate::esimd::lower::GENX_KERNELS;
use crate::PassError;

const ARG_KINDS: usize = 2;
const SLM_SIZE: usize = 3;
const ARG_IO_KINDS: usize = 5;
const ARG_DESCS: usize = 6;
const NBARRIER_COUNT: usize = crate::esimd::lower::NBARRIER_COUNT_OP;

/// Runs the pass (it always changes the module, as upstream reports).
pub fn genx_spirv_writer_adaptor(m: &Module<'_>) -> Result<(), PassError> {
    let triple = m.triple();
    if triple.starts_with("genx32") {
        m.set_triple("spir");
    } else if triple.starts_with("genx") {
        m.set_triple("spir64");
    }
    for g in m.globals() {
        g.add_global_attr("VCGlobalVariable", "");
        if g.global_attr("genx_volatile").is_some() {
            g.add_global_attr("VCVolatile", "");
        }
        if let Some(off) = g.global_attr("genx_byte_offset") {
            g.add_global_attr("VCByteOffset", &off);
        }
    }
    let kernels = m.named_metadata(GENX_KERNELS);
    let has_kernels = m.has_named_metadata(GENX_KERNELS);
    for f in m.functions() {
        let name = f.name();
        if name.starts_with("llvm.") && !name.starts_with("llvm.genx.") {
            continue;
        }
        function_attributes(m, f, has_kernels.then_some(&kernels[..]));
    }
    if has_kernels {
        m.set_named_metadata(GENX_KERNELS, &[]);
    }
    rewrite_kernel_types(m)
}

fn function_attributes<'c>(m: &Module<'c>, f: Value<'c>, kernels: Option<&[Value<'c>]>) {
    f.add_fn_attr("VCFunction", "");
    if f.has_fn_attr("CMStackCall") {
        f.add_fn_attr("VCStackCall", "");
    }
    if f.has_fn_attr("CMCallable") {
        f.add_fn_attr("VCCallable", "");
    }
    if f.has_fn_attr("CMEntry") {
        f.add_fn_attr("VCFCEntry", "");
    }
    if let Some(mode) = f.fn_attr("CMGenxSIMT") {
        f.add_fn_attr("VCSIMTCall", &mode);
    }
    if let Some(fc) = f.fn_attr("CMFloatControl") {
        f.add_fn_attr("VCFloatControl", &parse_uint(&fc).to_string());
    }
    let Some(kernels) = kernels else { return };
    let ty = m.types();
    if let Some(simd) = f.fn_attr("oclrt") {
        let size = ty.const_int(ty.int(32), parse_uint(&simd));
        let node = m.md_node(&[MdOperand::Value(size)]);
        f.set_metadata(m.md_kind_for_write(WRITTEN_MD_KINDS[0]), node);
    }
    let Some(ops) = kernels
        .iter()
        .map(|k| k.md_operands())
        .find(|ops| ops.first().and_then(|o| o.as_value()) == Some(f))
    else {
        return;
    };
    f.set_call_conv(CallConv::SpirKernel);
    if let Some(md_name) = ops.get(1).and_then(|o| o.as_string()) {
        if md_name != f.name() {
            f.set_name(&md_name);
        }
    }
    let per_arg = |i: usize, key: &str| {
        if let Some(MdOperand::Node(n)) = ops.get(i) {
            for (arg, o) in n.md_operands().iter().enumerate() {
                if let Some(v) = o.as_u64() {
                    f.add_param_string_attr(arg as u32, key, &v.to_string());
                }
            }
        }
    };
    per_arg(ARG_KINDS, "VCArgumentKind");
    if let Some(v) = ops.get(SLM_SIZE).and_then(|o| o.as_u64()) {
        f.add_fn_attr("VCSLMSize", &v.to_string());
    }
    per_arg(ARG_IO_KINDS, "VCArgumentIOKind");
    if let Some(MdOperand::Node(n)) = ops.get(ARG_DESCS) {
        for (arg, o) in n.md_operands().iter().enumerate() {
            if let Some(d) = o.as_string() {
                f.add_param_string_attr(arg as u32, "VCArgumentDesc", &d);
            }
        }
    }
    if let Some(v) = ops.get(NBARRIER_COUNT).and_then(|o| o.as_u64()) {
        f.add_fn_attr("VCNamedBarrierCount", &v.to_string());
    }
}

/// `getAsInteger(0, ...)`: decimal, `0x` hexadecimal or `0` octal; 0 when
/// the text is not a number.
fn parse_uint(s: &str) -> u64 {
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).unwrap_or(0)
    } else if s.len() > 1 && s.starts_with('0') {
        u64::from_str_radix(&s[1..], 8).unwrap_or(0)
    } else {
        s.parse().unwrap_or(0)
    }
}

/// Surface and sampler types of an argument descriptor (upstream
/// `SPIRVType`; `svmptr_t` is a global pointer).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DescType {
    Buffer,
    Image1d,
    Image1dArray,
    Image1dBuffer,
    Image2d,
    Image2dArray,
    Image3d,
    Sampler,
    Svm,
}

/// Access qualifier of a surface (the `spirv.Image`/`spirv.BufferSurfaceINTEL`
/// access parameter: read_only 0, write_only 1, read_write 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    ReadOnly = 0,
    WriteOnly = 1,
    ReadWrite = 2,
}

/// The SPIR-V form upstream gives a kernel argument of this kind and
/// descriptor (`analyzeKernelArg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SpirvArg {
    /// No `"VCArgumentKind"`: untouched.
    None,
    /// Keeps its type.
    Other,
    /// A global pointer (`ptr addrspace(1)`).
    Pointer,
    /// A sampler, image or buffer: a SPIR-V target extension type.
    Opaque(DescType, Access),
}

/// Upstream's `parseArgDesc`: the first type word and the first access word
/// of the space-separated descriptor; read_write when no access is given.
fn parse_desc(desc: &str) -> (Option<DescType>, Access) {
    let mut ty = None;
    let mut access = None;
    for t in desc.split(' ').filter(|t| !t.is_empty()) {
        ty = ty.or(match t {
            "buffer_t" => Some(DescType::Buffer),
            "image1d_t" => Some(DescType::Image1d),
            "image1d_array_t" => Some(DescType::Image1dArray),
            "image1d_buffer_t" => Some(DescType::Image1dBuffer),
            "image2d_t" => Some(DescType::Image2d),
            "image2d_array_t" => Some(DescType::Image2dArray),
            "image3d_t" => Some(DescType::Image3d),
            "svmptr_t" => Some(DescType::Svm),
            "sampler_t" => Some(DescType::Sampler),
            _ => None,
        });
        access = access.or(match t {
            "read_only" => Some(Access::ReadOnly),
            "write_only" => Some(Access::WriteOnly),
            "read_write" => Some(Access::ReadWrite),
            _ => None,
        });
        if ty.is_some() && access.is_some() {
            break;
        }
    }
    (ty, access.unwrap_or(Access::ReadWrite))
}

/// Upstream's `analyzeArgumentAttributes` for argument kind `kind` (0
/// general, 1 sampler, 2 surface) and descriptor `desc`; `Err` where
/// upstream stops (`llvm_unreachable`): a surface described as a pointer or
/// a sampler, a sampler described as something else.
fn classify(kind: u64, desc: &str) -> Result<SpirvArg, &'static str> {
    let (ty, access) = parse_desc(desc);
    Ok(match kind {
        0 => match ty {
            Some(DescType::Svm) => SpirvArg::Pointer,
            _ => SpirvArg::Other,
        },
        1 => match ty {
            None | Some(DescType::Sampler) => SpirvArg::Opaque(DescType::Sampler, Access::ReadWrite),
            Some(_) => return Err("a sampler argument described as another type"),
        },
        2 => match ty {
            // CMRT does not annotate surfaces: a read_write buffer.
            None => SpirvArg::Opaque(DescType::Buffer, Access::ReadWrite),
            Some(DescType::Svm | DescType::Sampler) => {
                return Err("a surface argument described as a pointer or sampler")
            }
            Some(t) => SpirvArg::Opaque(t, access),
        },
        _ => SpirvArg::None,
    })
}

/// The target extension type of a sampler or surface and its spelling in
/// an intrinsic name (LLVM's mangling: `t_<name>[_<type>][_<int>]...`).
fn opaque_type<'c>(m: &Module<'c>, ty: DescType, access: Access) -> (Type<'c>, String) {
    let types = m.types();
    let acc = access as u32;
    // spirv.Image: sampled type, Dim (1D 0, 2D 1, 3D 2, Buffer 5), Depth,
    // Arrayed, MS, Sampled, Format, access qualifier.
    let image = |dim: u32, arrayed: u32| {
        let ints = [dim, 0, arrayed, 0, 0, 0, acc];
        let suffix = ints.iter().map(|i| format!("_{i}")).collect::<String>();
        (
            types.target_ext("spirv.Image", &[types.void()], &ints),
            format!("t_spirv.Image_isVoid{suffix}"),
        )
    };
    match ty {
        DescType::Sampler => (types.target_ext("spirv.Sampler", &[], &[]), "t_spirv.Sampler".into()),
        DescType::Buffer | DescType::Svm => (
            types.target_ext("spirv.BufferSurfaceINTEL", &[], &[acc]),
            format!("t_spirv.BufferSurfaceINTEL_{acc}"),
        ),
        DescType::Image1d => image(0, 0),
        DescType::Image1dArray => image(0, 1),
        DescType::Image1dBuffer => image(5, 0),
        DescType::Image2d => image(1, 0),
        DescType::Image2dArray => image(1, 1),
        DescType::Image3d => image(2, 0),
    }
}

/// Upstream's `rewriteKernelsTypes` (intel/vc-intrinsics
/// GenXSPIRVWriterAdaptor.cpp and its opaque-pointer tests,
/// test/Adaptors/opaque_ptrs/*_writer.ll, the 2024-2025 revisions): each
/// `spir_kernel` without uses gets the SPIR-V types of its annotated
/// arguments (`svmptr_t` `ptr addrspace(1)`, samplers `target("spirv.Sampler")`,
/// images `target("spirv.Image", void, ...)`, buffers
/// `target("spirv.BufferSurfaceINTEL", access)`), their `"VCArgumentKind"`
/// and `"VCArgumentDesc"` go, and the body sees the old values through
/// conversions at the top of the entry block, in argument order: a surface
/// or sampler through `@llvm.genx.address.convert.<old>.<new>`, a pointer
/// argument that was an integer through `ptrtoint` (another address space:
/// `addrspacecast`). A kernel whose types already are the SPIR-V ones keeps
/// its signature. `legalizeParamAttributes` re-types `byval`-like
/// attributes from `i8`; for LLVM 17 and later it changes nothing (the
/// attribute keeps its type), so nothing is done here; attributes that a
/// new parameter type cannot carry (`align` on a target type) are dropped.
fn rewrite_kernel_types(m: &Module<'_>) -> Result<(), PassError> {
    for f in m.functions() {
        if f.call_conv() != CallConv::SpirKernel || !f.has_no_uses() || f.is_declaration() {
            continue;
        }
        rewrite_kernel(m, f)?;
    }
    Ok(())
}

fn rewrite_kernel<'c>(m: &Module<'c>, f: Value<'c>) -> Result<(), PassError> {
    let name = f.name();
    let unsupported = |i: u32, what: &str| {
        PassError::Message(format!(
            "ESIMD lowering: argument {i} of kernel '{name}': {what} (GenXSPIRVWriterAdaptor, \
             llvm.genx.address.convert): not supported"
        ))
    };
    let types = m.types();
    let old_types = f.param_types();
    let mut classes = Vec::with_capacity(old_types.len());
    let mut new_types = Vec::with_capacity(old_types.len());
    for (i, &t) in old_types.iter().enumerate() {
        let i = i as u32;
        let kind = param_attr(f, i, "VCArgumentKind").and_then(|k| k.parse::<u64>().ok());
        let class = match kind {
            Some(k) => classify(k, &param_attr(f, i, "VCArgumentDesc").unwrap_or_default())
                .map_err(|what| unsupported(i, what))?,
            None => SpirvArg::None,
        };
        new_types.push(match class {
            SpirvArg::None | SpirvArg::Other => (t, None),
            SpirvArg::Pointer => (types.ptr(1), None),
            SpirvArg::Opaque(ty, access) => {
                let (nt, suffix) = opaque_type(m, ty, access);
                (nt, Some(suffix))
            }
        });
        classes.push(class);
    }
    let annotated: Vec<u32> = (0..old_types.len() as u32)
        .filter(|&i| classes[i as usize] != SpirvArg::None)
        .collect();
    if new_types.iter().zip(&old_types).all(|((n, _), o)| n == o) {
        for i in annotated {
            f.remove_param_string_attr(i, "VCArgumentKind");
            f.remove_param_string_attr(i, "VCArgumentDesc");
        }
        return Ok(());
    }
    let params: Vec<Type<'c>> = new_types.iter().map(|(t, _)| *t).collect();
    let nf = f.rebuild_in_place_with_params(&params, &vec![true; params.len()]);
    for i in annotated {
        nf.remove_param_string_attr(i, "VCArgumentKind");
        nf.remove_param_string_attr(i, "VCArgumentDesc");
    }
    let old_params: Vec<Value<'c>> = (0..f.param_count()).map(|i| f.param(i)).collect();
    f.set_name("");
    nf.set_name(&name);
    f.move_body_into(nf);
    let front = nf
        .entry_first_instruction()
        .ok_or_else(|| PassError::Message(format!("kernel '{name}' has an empty entry block")))?;
    let b = Builder::new(m);
    b.position_before(front);
    b.clear_debug_location();
    for (i, (old, (new_ty, opaque))) in old_params.iter().zip(&new_types).enumerate() {
        let new = nf.param(i as u32);
        let old_ty = old.ty();
        let arg_name = old.name();
        new.set_name(&arg_name);
        let value = if old_ty == *new_ty {
            new
        } else if let Some(new_suffix) = opaque {
            let old_suffix = old_ty
                .intrinsic_suffix()
                .ok_or_else(|| unsupported(i as u32, "a surface or sampler of a type without an intrinsic name"))?;
            let conv = address_convert(m, &format!("{old_suffix}.{new_suffix}"), old_ty, *new_ty);
            b.call(conv, &[new], "")
        } else {
            match old_ty.kind() {
                TypeKind::Integer(_) => b.ptrtoint(new, old_ty, ""),
                TypeKind::Pointer(_) => b.addrspacecast(new, old_ty, ""),
                _ => {
                    return Err(unsupported(
                        i as u32,
                        "an svmptr_t that is neither a pointer nor an integer",
                    ))
                }
            }
        };
        old.replace_all_uses_with(value);
    }
    f.replace_all_uses_with(nf);
    // SAFETY: `f`'s uses and its parameters' moved to `nf` above, its body
    // into `nf`; the caller's loop (over `m.functions()`, each once) does
    // not look at `f` again.
    unsafe { f.erase_global() };
    Ok(())
}

/// `declare <old> @llvm.genx.address.convert.<suffix>(<new>)`, as the
/// adaptor's GenX declarations: `nounwind`, `memory(none)` and
/// `"VCFunction"` (vc-intrinsics test/Adaptors/addr_conv_attribute_writer.ll).
fn address_convert<'c>(m: &Module<'c>, suffix: &str, old: Type<'c>, new: Type<'c>) -> Value<'c> {
    let name = format!("llvm.genx.address.convert.{suffix}");
    if let Some(d) = m.function(&name) {
        return d;
    }
    let d = m.add_function(&name, m.types().function(old, &[new], false));
    d.add_enum_fn_attr("nounwind");
    d.set_memory_none();
    d.add_fn_attr("VCFunction", "");
    d
}

fn param_attr(f: Value<'_>, i: u32, key: &str) -> Option<String> {
    f.param_string_attr(i, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_classes() {
        use Access::*;
        use DescType::*;
        assert_eq!(classify(0, "svmptr_t"), Ok(SpirvArg::Pointer));
        assert_eq!(classify(0, ""), Ok(SpirvArg::Other));
        assert_eq!(classify(0, "image2d_t read_only"), Ok(SpirvArg::Other));
        assert_eq!(classify(2, ""), Ok(SpirvArg::Opaque(Buffer, ReadWrite)));
        assert_eq!(
            classify(2, "buffer_t read_only"),
            Ok(SpirvArg::Opaque(Buffer, ReadOnly))
        );
        assert_eq!(
            classify(2, "write_only image2d_array_t"),
            Ok(SpirvArg::Opaque(Image2dArray, WriteOnly))
        );
        assert_eq!(classify(1, ""), Ok(SpirvArg::Opaque(Sampler, ReadWrite)));
        assert_eq!(classify(1, "sampler_t"), Ok(SpirvArg::Opaque(Sampler, ReadWrite)));
        assert!(classify(1, "image2d_t").is_err());
        assert!(classify(2, "svmptr_t").is_err());
        assert_eq!(classify(7, ""), Ok(SpirvArg::None));
        assert_eq!(parse_uint("0x10"), 16);
        assert_eq!(parse_uint("010"), 8);
        assert_eq!(parse_uint("7"), 7);
    }
}
