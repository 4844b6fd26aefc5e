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
//!   are `ptr addrspace(1)`, other general arguments keep their type; the
//!   rewritten arguments lose `"VCArgumentKind"` and `"VCArgumentDesc"`.
//!   Samplers, images and buffers (target extension types with
//!   `llvm.genx.address.convert`) are not supported: an error names the
//!   kernel.
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

use sycl_ir::{CallConv, MdOperand, Module, TypeKind, Value};

use crate::esimd_lower::GENX_KERNELS;
use crate::PassError;

const ARG_KINDS: usize = 2;
const SLM_SIZE: usize = 3;
const ARG_IO_KINDS: usize = 5;
const ARG_DESCS: usize = 6;
const NBARRIER_COUNT: usize = crate::esimd_lower::NBARRIER_COUNT_OP;

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
        f.set_metadata(m.md_kind_for_write("intel_reqd_sub_group_size"), node);
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

/// The SPIR-V type upstream gives a kernel argument of this kind and
/// descriptor.
#[derive(Debug, PartialEq, Eq)]
enum SpirvArg {
    /// No `"VCArgumentKind"`: untouched.
    None,
    /// Keeps its type.
    Other,
    /// A global pointer.
    Pointer,
    /// A sampler, image or buffer.
    Opaque(&'static str),
}

fn classify(kind: u64, desc: &str) -> SpirvArg {
    const OPAQUE: &[&str] = &[
        "buffer_t",
        "image1d_t",
        "image1d_array_t",
        "image1d_buffer_t",
        "image2d_t",
        "image2d_array_t",
        "image3d_t",
    ];
    let tokens: Vec<&str> = desc.split(' ').filter(|t| !t.is_empty()).collect();
    let ty = tokens.iter().find_map(|t| {
        OPAQUE.iter().find(|o| *o == t).copied().or(match *t {
            "svmptr_t" => Some("svmptr_t"),
            "sampler_t" => Some("sampler_t"),
            _ => None,
        })
    });
    match kind {
        0 => match ty {
            Some("svmptr_t") => SpirvArg::Pointer,
            _ => SpirvArg::Other,
        },
        1 => SpirvArg::Opaque("sampler_t"),
        2 => SpirvArg::Opaque(
            ty.filter(|t| *t != "svmptr_t" && *t != "sampler_t")
                .unwrap_or("buffer_t"),
        ),
        _ => SpirvArg::None,
    }
}

fn rewrite_kernel_types(m: &Module<'_>) -> Result<(), PassError> {
    for f in m.functions() {
        if f.call_conv() != CallConv::SpirKernel || !f.has_no_uses() {
            continue;
        }
        let types = f.param_types();
        let mut rewritten = Vec::new();
        for (i, t) in types.iter().enumerate() {
            let i = i as u32;
            let kind = param_attr(f, i, "VCArgumentKind").and_then(|k| k.parse::<u64>().ok());
            let class = match kind {
                Some(k) => classify(k, &param_attr(f, i, "VCArgumentDesc").unwrap_or_default()),
                None => SpirvArg::None,
            };
            match class {
                SpirvArg::None => continue,
                SpirvArg::Other => {}
                SpirvArg::Pointer if t.kind() == TypeKind::Pointer(1) => {}
                SpirvArg::Pointer => {
                    return Err(PassError::Message(format!(
                        "ESIMD lowering: argument {i} of kernel '{}' is an svmptr_t that is not a global pointer \
                         (llvm.genx.address.convert): not supported",
                        f.name()
                    )))
                }
                SpirvArg::Opaque(what) => {
                    return Err(PassError::Message(format!(
                        "ESIMD lowering: {what} argument {i} of kernel '{}' (SPIR-V target types): not supported",
                        f.name()
                    )))
                }
            }
            rewritten.push(i);
        }
        for i in rewritten {
            f.remove_param_string_attr(i, "VCArgumentKind");
            f.remove_param_string_attr(i, "VCArgumentDesc");
        }
    }
    Ok(())
}

fn param_attr(f: Value<'_>, i: u32, key: &str) -> Option<String> {
    f.param_string_attr(i, key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn argument_classes() {
        assert_eq!(classify(0, "svmptr_t"), SpirvArg::Pointer);
        assert_eq!(classify(0, ""), SpirvArg::Other);
        assert_eq!(classify(0, "image2d_t read_only"), SpirvArg::Other);
        assert_eq!(classify(2, ""), SpirvArg::Opaque("buffer_t"));
        assert_eq!(classify(2, "image2d_t read_write"), SpirvArg::Opaque("image2d_t"));
        assert_eq!(classify(1, ""), SpirvArg::Opaque("sampler_t"));
        assert_eq!(classify(7, ""), SpirvArg::None);
        assert_eq!(parse_uint("0x10"), 16);
        assert_eq!(parse_uint("010"), 8);
        assert_eq!(parse_uint("7"), 7);
    }
}
