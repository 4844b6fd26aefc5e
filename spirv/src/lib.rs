//! SPIR-V for device images: compilation in process through LLVM 22's SPIR-V
//! back end (`sycl-ir`'s target machine, the bytes `llc
//! -mtriple=spirv64-unknown-unknown -filetype=obj` writes), PTX through the
//! NVPTX back end, validation in process with SPIRV-Tools' validator library
//! (`sycl-ir`'s `validate_spirv`, the checks of `spirv-val`), the SPIR-V
//! extensions DPC++ allows ([`DPCPP_EXTENSIONS`], `-spirv-ext=`), and
//! inspection with `rspirv`:
//! entry points, linkage (exported and imported functions), and the
//! specialization constants of a module (their `SpecId` decorations and
//! default values) checked against an image's `[SYCL/specialization
//! constants]` property set.
//!
//! What this crate does not do: lower or split IR (that is `sycl-passes`
//! and `sycl-split`).
#![forbid(unsafe_code)]

pub mod backend_limits;
mod pieces;

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use rspirv::dr::{Instruction, Module, Operand};
use rspirv::spirv::{Decoration, ExecutionModel, LinkageType, Op};
use sycl_ir::{CodegenTarget, Context, OutputKind};
use sycl_props::property_set::{names, PropertySetRegistry};

pub use pieces::{join_pieces, PIECE_SYMBOL_PREFIX};

/// The first word of every SPIR-V module.
pub const MAGIC: u32 = 0x0723_0203;

/// Errors of SPIR-V emission and inspection.
#[derive(Debug, thiserror::Error)]
pub enum SpirvError {
    /// The input is not LLVM IR LLVM can read.
    #[error("{0}")]
    Ir(String),
    /// The back end failed on the module.
    #[error("code generation failed: {0}")]
    Codegen(String),
    /// The bytes are not a SPIR-V module.
    #[error("not a SPIR-V module: {0}")]
    Parse(String),
    /// The SPIR-V module and the property set disagree.
    #[error("{0}")]
    Mismatch(String),
    /// SPIRV-Tools' validator refuses the module.
    #[error("invalid SPIR-V: {0}")]
    Invalid(String),
    /// A `-spirv-ext=` list that cannot be used.
    #[error("{0}")]
    Extensions(String),
    /// The module has a construct the back end cannot compile
    /// ([`backend_limits`]).
    #[error("{0}")]
    Unsupported(backend_limits::Unsupported),
    /// The back end gave two blocks of one function the same id, which
    /// LLVM 22 does in a process that compiled another module before
    /// ([`canonical_ids`]); a fresh process compiles the module.
    #[error(
        "code generation failed: the SPIR-V back end gave two blocks of one function the same id ({0}), \
         which LLVM 22 does when it keeps block ids from an earlier compilation in the same process; \
         compile each module in a process of its own"
    )]
    StaleBlockIds(u32),
}

/// The SPIR-V extensions DPC++ allows when it makes SPIR-V for its SPIR-V
/// targets (intel/llvm's driver, `getTripleBasedSPIRVTransOpts` in
/// `clang/lib/Driver/ToolChains/Clang.cpp` and `SYCL.cpp`, passes them to
/// `llvm-spirv` as `-spirv-ext=-all,+...`), in the driver's order, less the
/// ones LLVM 22's SPIR-V back end does not know (`llc-22 -spirv-ext=+X`
/// refuses them): SPV_INTEL_device_side_avc_motion_estimation, the FPGA
/// ones (fpga_loop_controls, fpga_reg, blocking_pipes, io_pipes,
/// fpga_buffer_location, fpga_argument_interfaces,
/// fpga_invocation_pipelining_attributes, fpga_latency_control),
/// unstructured_loop_controls, arbitrary_precision_integers /
/// fixed_point / floating_point, vector_compute, fp_fast_math_mode,
/// arithmetic_fence, global_variable_decorations, task_sequence,
/// hw_thread_queries and masked_gather_scatter; and less
/// SPV_INTEL_memory_access_aliasing, whose global declarations
/// (`OpAliasDomainDeclINTEL`) the validator of Debian's SPIRV-Tools
/// (2023.1) refuses ("must appear in a block"): without it the back end
/// drops the alias-scope metadata, which only serves optimization.
pub const DPCPP_EXTENSIONS: &[&str] = &[
    "SPV_EXT_shader_atomic_float_add",
    "SPV_EXT_shader_atomic_float_min_max",
    "SPV_KHR_no_integer_wrap_decoration",
    "SPV_KHR_float_controls",
    "SPV_KHR_expect_assume",
    "SPV_KHR_linkonce_odr",
    "SPV_INTEL_subgroups",
    "SPV_INTEL_media_block_io",
    "SPV_INTEL_function_pointers",
    "SPV_INTEL_kernel_attributes",
    "SPV_INTEL_inline_assembly",
    "SPV_INTEL_float_controls2",
    "SPV_INTEL_variable_length_array",
    "SPV_INTEL_long_composites",
    "SPV_INTEL_cache_controls",
    "SPV_KHR_shader_clock",
    "SPV_INTEL_bindless_images",
    "SPV_INTEL_bfloat16_conversion",
    "SPV_INTEL_joint_matrix",
    "SPV_KHR_uniform_group_instructions",
    "SPV_INTEL_tensor_float32_conversion",
    "SPV_INTEL_optnone",
    "SPV_KHR_non_semantic_info",
    "SPV_KHR_cooperative_matrix",
    "SPV_EXT_shader_atomic_float16_add",
    "SPV_INTEL_fp_max_error",
];

/// The default extension list ([`DPCPP_EXTENSIONS`]) as owned strings.
pub fn default_extensions() -> Vec<String> {
    DPCPP_EXTENSIONS.iter().map(|s| s.to_string()).collect()
}

/// The extension list a `-spirv-ext=` value gives, spelled as `llc`'s:
/// comma-separated names, each `+NAME` (allow it), `-NAME` (disallow it) or
/// `NAME` (allow). With only signed names the list changes the default
/// ([`DPCPP_EXTENSIONS`]); with any unsigned name it starts from nothing;
/// an empty value allows none. `all` is not supported (the set of every
/// extension is the back end's, which it does not export). Names the back
/// end does not know are refused when code is generated.
pub fn parse_extensions(value: &str) -> Result<Vec<String>, SpirvError> {
    let items: Vec<&str> = value.split(',').map(str::trim).filter(|s| !s.is_empty()).collect();
    let from_default = items.iter().all(|i| i.starts_with('+') || i.starts_with('-'));
    let mut list = if from_default && !items.is_empty() {
        default_extensions()
    } else {
        Vec::new()
    };
    for item in items {
        let (add, name) = match item.as_bytes()[0] {
            b'+' => (true, &item[1..]),
            b'-' => (false, &item[1..]),
            _ => (true, item),
        };
        if name.eq_ignore_ascii_case("all") {
            return Err(SpirvError::Extensions(
                "-spirv-ext: 'all' is not supported: name the extensions".into(),
            ));
        }
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(SpirvError::Extensions(format!(
                "-spirv-ext: invalid extension name '{item}'"
            )));
        }
        list.retain(|e| e != name);
        if add {
            list.push(name.to_string());
        }
    }
    Ok(list)
}

/// Whether `bytes` start with the SPIR-V magic number (little-endian, as
/// LLVM writes it).
pub fn is_spirv(bytes: &[u8]) -> bool {
    bytes.len() >= 4 && bytes[..4] == MAGIC.to_le_bytes()
}

/// Whether `bytes` look like LLVM IR: bitcode (raw or in the bitcode
/// wrapper) or text. SPIR-V is not.
pub fn is_llvm_ir(bytes: &[u8]) -> bool {
    sycl_ir::is_bitcode(bytes) || (!is_spirv(bytes) && std::str::from_utf8(bytes).is_ok())
}

/// Compiles a module to a SPIR-V binary in process (the SPIR-V back end's
/// `spirv64-unknown-unknown` target, no extension allowed, as `llc`), with
/// result ids numbered canonically ([`canonical_ids`]). The module is not
/// changed.
pub fn compile_module(module: &sycl_ir::Module<'_>) -> Result<Vec<u8>, SpirvError> {
    compile_module_with(module, &[])
}

/// [`compile_module`] with the SPIR-V extensions `extensions` allowed.
/// The module's source language ([`source_language`]) is written into
/// `OpSource`.
pub fn compile_module_with(module: &sycl_ir::Module<'_>, extensions: &[String]) -> Result<Vec<u8>, SpirvError> {
    compile_module_at(module, extensions, DEFAULT_OPT_LEVEL)
}

/// The back end's optimization level the tools compile at (`llc -O<n>`);
/// `bench/HISTORY.md` ("The back end's optimization level") has the figures
/// it was chosen from.
pub const DEFAULT_OPT_LEVEL: u8 = 2;

/// [`compile_module_with`] at the back end's optimization level `opt_level`
/// (0 to 3, as `llc -O<n>`).
pub fn compile_module_at(
    module: &sycl_ir::Module<'_>,
    extensions: &[String],
    opt_level: u8,
) -> Result<Vec<u8>, SpirvError> {
    check_backend_limits(module)?;
    let target = CodegenTarget {
        opt_level,
        ..CodegenTarget::spirv64_with(extensions)
    };
    let bytes = module
        .emit_to_memory(&target, OutputKind::Object)
        .map_err(|e| SpirvError::Codegen(e.0))?;
    if !is_spirv(&bytes) {
        return Err(SpirvError::Codegen("the back end wrote no SPIR-V module".into()));
    }
    canonicalize(&bytes, source_language(module))
}

/// Refuses a module with IR the back end cannot compile
/// ([`backend_limits::find_unsupported`]).
pub fn check_backend_limits(module: &sycl_ir::Module<'_>) -> Result<(), SpirvError> {
    match backend_limits::find_unsupported(module) {
        Some(u) => Err(SpirvError::Unsupported(u)),
        None => Ok(()),
    }
}

/// `OpSource`'s SourceLanguage operand for OpenCL C (`3`).
pub const SOURCE_LANGUAGE_OPENCL_C: u32 = 3;
/// `OpSource`'s SourceLanguage operand for OpenCL C++ (`4`), what DPC++
/// writes for SYCL device code.
pub const SOURCE_LANGUAGE_OPENCL_CPP: u32 = 4;
/// The version DPC++ writes with [`SOURCE_LANGUAGE_OPENCL_CPP`] for SYCL
/// device code (OpenCL C++ 1.0).
pub const SYCL_SOURCE_VERSION: u32 = 100_000;

/// The source language and version `OpSource` must say for `module`, as
/// DPC++ writes them; `None` where the back end's own choice stands.
///
/// 1. `!spirv.Source = !{!{i32 Lang, i32 Version, ...}}`, which the Khronos
///    translator (`LLVMToSPIRV::transSourceLanguage`, from `getSPIRVSource`)
///    writes as `OpSource Lang Version` and which DPC++'s front end emits as
///    `!{i32 4, i32 100000}` (OpenCL C++ 1.0) for every SYCL translation
///    unit. LLVM 22's SPIR-V back end ignores it: it writes `OpenCL_C` with
///    the version of `!opencl.ocl.version` when the module has that (real
///    DPC++ code brought back from SPIR-V carries `!opencl.ocl.version =
///    !{i32 1, i32 0}`), else `OpenCL_CPP 100000`.
/// 2. Without `!spirv.Source`, SYCL device code (a function with a
///    `sycl-module-id` attribute) that carries `!opencl.ocl.version` gets
///    `OpenCL_CPP 100000` too; OpenCL C (no `sycl-module-id`) keeps the back
///    end's `OpenCL_C <version>`.
///
/// Why it matters on Intel's runtime (2026.2, OpenCL CPU device): its
/// compiler keys on `OpSource`. With `OpenCL_C` it maps `OpAtomicIAdd` and
/// friends on Generic pointers to the OpenCL 1.x builtins
/// (`_Z10atomic_addPU3AS4Vii`), which it does not define ("Symbols not
/// found" at build), and its vectorizer (`vplan-vec`) crashes on some
/// kernels calling `fmax_common` (ggml's `pool2d`, flash attention); with
/// `OpenCL_CPP 100000` the same images build (`OpenCL_C 200000` does not
/// help the atomics).
pub fn source_language(module: &sycl_ir::Module<'_>) -> Option<(u32, u32)> {
    if let Some(node) = module.named_metadata("spirv.Source").first() {
        let ops = node.md_operands();
        let lang = ops.first().and_then(|o| o.as_u64()).and_then(|v| u32::try_from(v).ok());
        let version = ops.get(1).and_then(|o| o.as_u64()).and_then(|v| u32::try_from(v).ok());
        if let Some(lang) = lang {
            return Some((lang, version.unwrap_or(0)));
        }
    }
    let sycl = module.functions().into_iter().any(|f| f.has_fn_attr("sycl-module-id"));
    (sycl && module.has_named_metadata("opencl.ocl.version"))
        .then_some((SOURCE_LANGUAGE_OPENCL_CPP, SYCL_SOURCE_VERSION))
}

/// Gives a SPIR-V module from LLVM's SPIR-V back end ids that depend on its
/// instructions alone: every basic-block label gets a fresh id (references
/// rewritten where the grammar puts a label), then all ids are renumbered in
/// the order they first occur (result type, result id, operands) and the
/// bound is set to one past the last. Each `OpEntryPoint`'s interface
/// variables are first put in the order of their definitions.
///
/// Why: LLVM 22's SPIR-V back end keeps block-label ids in a process-wide
/// map keyed by the address of the `MachineFunction`, which is not cleared
/// between modules. In a process that has compiled another module before,
/// a function allocated at a reused address gets the earlier module's label
/// id: the output then depends on what was compiled before, and a stale id
/// can collide with an id of the new module (llvm/llvm-project#160613).
/// `llc` compiles one module per process and never sees this, nor do the
/// tools, which compile each image in a freshly forked process
/// (`sycl_codegen::worker`). Relabeling repairs a collision with another
/// result; two blocks of one function with one id cannot be repaired and
/// are an error. Canonical numbering makes the bytes a function of the
/// input. The back end also
/// lists an entry point's interface variables in the order of a
/// pointer-keyed container, which follows heap addresses once a process has
/// compiled another module; their definitions' order does not.
pub fn canonical_ids(bytes: &[u8]) -> Result<Vec<u8>, SpirvError> {
    canonicalize(bytes, None)
}

/// [`canonical_ids`], with `OpSource`'s language and version set to
/// `source` where it is given ([`source_language`]).
fn canonicalize(bytes: &[u8], source: Option<(u32, u32)>) -> Result<Vec<u8>, SpirvError> {
    use rspirv::binary::Assemble;
    // The instructions in binary order: rspirv's module structure does not
    // know where every extension's global instructions go (e.g.
    // SPV_INTEL_memory_access_aliasing's AliasDomainDeclINTEL).
    let (mut header, mut insts) = Flat::parse(bytes)?;
    relabel_blocks(&mut insts)?;
    sort_interfaces(&mut insts);
    integer_nulls_as_zero(&mut insts);
    if let Some((lang, version)) = source {
        set_source_language(&mut insts, lang, version);
    }
    let mut map: HashMap<u32, u32> = HashMap::new();
    let mut renumber = |id: &mut u32| {
        let next = map.len() as u32 + 1;
        *id = *map.entry(*id).or_insert(next);
    };
    for inst in insts.iter_mut() {
        if let Some(t) = inst.result_type.as_mut() {
            renumber(t);
        }
        if let Some(r) = inst.result_id.as_mut() {
            renumber(r);
        }
        for op in inst.operands.iter_mut() {
            if let Some(id) = op.id_ref_any_mut() {
                renumber(id);
            }
        }
    }
    header.bound = map.len() as u32 + 1;
    let mut words = header.assemble();
    for inst in &insts {
        inst.assemble_into(&mut words);
    }
    Ok(words.iter().flat_map(|w| w.to_le_bytes()).collect())
}

/// A module as its header and its instructions in binary order.
#[derive(Default)]
struct Flat {
    header: Option<rspirv::dr::ModuleHeader>,
    insts: Vec<Instruction>,
}

impl Flat {
    /// The header and instructions of the module `bytes`. rspirv's parser
    /// puts its own generator in the header: the module's (its third
    /// word, which names who wrote the code) is kept.
    fn parse(bytes: &[u8]) -> Result<(rspirv::dr::ModuleHeader, Vec<Instruction>), SpirvError> {
        let mut flat = Flat::default();
        rspirv::binary::parse_bytes(bytes, &mut flat).map_err(|e| SpirvError::Parse(e.to_string()))?;
        let Some(mut header) = flat.header else {
            return Err(SpirvError::Parse("no module header".into()));
        };
        if let Some(word) = bytes.get(8..12) {
            header.generator = u32::from_le_bytes([word[0], word[1], word[2], word[3]]);
        }
        Ok((header, flat.insts))
    }
}

impl rspirv::binary::Consumer for Flat {
    fn initialize(&mut self) -> rspirv::binary::ParseAction {
        rspirv::binary::ParseAction::Continue
    }
    fn finalize(&mut self) -> rspirv::binary::ParseAction {
        rspirv::binary::ParseAction::Continue
    }
    fn consume_header(&mut self, header: rspirv::dr::ModuleHeader) -> rspirv::binary::ParseAction {
        self.header = Some(header);
        rspirv::binary::ParseAction::Continue
    }
    fn consume_instruction(&mut self, inst: Instruction) -> rspirv::binary::ParseAction {
        self.insts.push(inst);
        rspirv::binary::ParseAction::Continue
    }
}

/// Sets the language and version of the module's `OpSource` (the back end
/// writes one, before any debug name), or inserts one before the first
/// debug or annotation instruction where there is none.
fn set_source_language(insts: &mut Vec<Instruction>, lang: u32, version: u32) {
    use rspirv::spirv::SourceLanguage;
    let Some(language) = SourceLanguage::from_u32(lang) else {
        return;
    };
    let operands = |rest: &[Operand]| {
        let mut ops = vec![Operand::SourceLanguage(language), Operand::LiteralBit32(version)];
        ops.extend(rest.iter().skip(2).cloned());
        ops
    };
    if let Some(src) = insts.iter_mut().find(|i| i.class.opcode == Op::Source) {
        src.operands = operands(&src.operands);
        return;
    }
    let at = insts
        .iter()
        .position(|i| {
            !matches!(
                i.class.opcode,
                Op::Capability
                    | Op::Extension
                    | Op::ExtInstImport
                    | Op::MemoryModel
                    | Op::EntryPoint
                    | Op::ExecutionMode
                    | Op::ExecutionModeId
            )
        })
        .unwrap_or(insts.len());
    insts.insert(at, Instruction::new(Op::Source, None, None, operands(&[])));
}

/// Writes every `OpConstantNull` of an integer type as `OpConstant` 0, its
/// value. LLVM 22's SPIR-V back end makes a zero index `OpConstantNull`,
/// and where it indexes a structure (`OpInBoundsPtrAccessChain`) the
/// validator requires an `OpConstant` ("must be an OpConstant"): seen on
/// most per-source images of `../shared/bench/real/`.
fn integer_nulls_as_zero(insts: &mut [Instruction]) {
    let int_widths: HashMap<u32, u32> = insts
        .iter()
        .filter(|i| i.class.opcode == Op::TypeInt)
        .filter_map(|i| match (i.result_id, i.operands.first()) {
            (Some(id), Some(Operand::LiteralBit32(w))) => Some((id, *w)),
            _ => None,
        })
        .collect();
    for inst in insts.iter_mut().filter(|i| i.class.opcode == Op::ConstantNull) {
        let zero = match inst.result_type.and_then(|t| int_widths.get(&t)) {
            Some(w) if *w <= 32 => Operand::LiteralBit32(0),
            Some(64) => Operand::LiteralBit64(0),
            _ => continue,
        };
        *inst = Instruction::new(Op::Constant, inst.result_type, inst.result_id, vec![zero]);
    }
}

/// Puts every `OpEntryPoint`'s interface ids (its operands after the
/// execution model, the function and the name) in the order the module
/// defines them.
fn sort_interfaces(insts: &mut [Instruction]) {
    let order: HashMap<u32, usize> = insts
        .iter()
        .filter_map(|i| i.result_id)
        .enumerate()
        .map(|(n, id)| (id, n))
        .collect();
    for ep in insts.iter_mut().filter(|i| i.class.opcode == Op::EntryPoint) {
        if ep.operands.len() <= 4 {
            continue;
        }
        let mut interface: Vec<Operand> = ep.operands.split_off(3);
        interface.sort_by_key(|o| match o.id_ref_any() {
            Some(id) => (order.get(&id).copied().unwrap_or(usize::MAX), id),
            None => (usize::MAX, u32::MAX),
        });
        ep.operands.extend(interface);
    }
}

/// The operand indices of `op` that name a basic block.
fn label_operands(op: Op, n: usize) -> Vec<usize> {
    match op {
        Op::Branch | Op::SelectionMerge => vec![0],
        Op::BranchConditional => vec![1, 2],
        Op::LoopMerge => vec![0, 1],
        // Selector, default, then (literal, label) pairs.
        Op::Switch => std::iter::once(1).chain((3..n).step_by(2)).collect(),
        // (value, parent) pairs.
        Op::Phi => (1..n).step_by(2).collect(),
        _ => Vec::new(),
    }
}

/// Gives every block label a fresh id, above all ids in use, and rewrites
/// the label operands of its function. A label's old id may be stale (see
/// [`canonical_ids`]) and then also be the id of another result, elsewhere
/// in the module: names of old label ids are dropped unless another result
/// has that id (the shim strips block names before the back end runs, so
/// such a name is that result's). Two labels of one function with the same
/// id cannot be told apart in the branches that name them: that is an
/// error, never a guess.
fn relabel_blocks(insts: &mut Vec<Instruction>) -> Result<(), SpirvError> {
    let mut next = insts
        .iter()
        .flat_map(|i| {
            i.result_id
                .into_iter()
                .chain(i.result_type)
                .chain(i.operands.iter().filter_map(|o| o.id_ref_any()))
        })
        .max()
        .unwrap_or(0)
        + 1;
    let other_results: BTreeSet<u32> = insts
        .iter()
        .filter(|i| i.class.opcode != Op::Label)
        .filter_map(|i| i.result_id)
        .collect();
    let mut old_labels = BTreeSet::new();
    let mut start = 0;
    while let Some(offset) = insts[start..].iter().position(|i| i.class.opcode == Op::Function) {
        let begin = start + offset;
        let end = insts[begin..]
            .iter()
            .position(|i| i.class.opcode == Op::FunctionEnd)
            .map_or(insts.len(), |e| begin + e + 1);
        let function = &mut insts[begin..end];
        let mut map = BTreeMap::new();
        for inst in function.iter_mut().filter(|i| i.class.opcode == Op::Label) {
            if let Some(id) = inst.result_id.as_mut() {
                if map.insert(*id, next).is_some() {
                    return Err(SpirvError::StaleBlockIds(*id));
                }
                old_labels.insert(*id);
                *id = next;
                next += 1;
            }
        }
        for inst in function.iter_mut() {
            let n = inst.operands.len();
            for i in label_operands(inst.class.opcode, n) {
                if let Some(Operand::IdRef(id)) = inst.operands.get_mut(i) {
                    if let Some(new) = map.get(id) {
                        *id = *new;
                    }
                }
            }
        }
        start = end;
    }
    insts.retain(|i| {
        i.class.opcode != Op::Name
            || !matches!(i.operands.first(), Some(Operand::IdRef(id))
                if old_labels.contains(id) && !other_results.contains(id))
    });
    Ok(())
}

/// A back end of this crate, for the inputs it serves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    /// SPIR-V: `spir*` and `spirv*` triples (or none, as a linked device
    /// module may come).
    Spirv,
    /// PTX: `nvptx*` triples (or none).
    Ptx,
}

impl Backend {
    /// Whether a module with target `triple` is for this back end.
    pub fn serves(self, triple: &str) -> bool {
        triple.is_empty()
            || match self {
                Backend::Spirv => triple.starts_with("spir"),
                Backend::Ptx => triple.starts_with("nvptx"),
            }
    }

    /// The back end's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            Backend::Spirv => "SPIR-V",
            Backend::Ptx => "PTX",
        }
    }
}

/// Checks that module `m` (read from `name`) is for `backend`; the error
/// says what it is for instead.
pub fn check_target(m: &sycl_ir::Module<'_>, backend: Backend) -> Result<(), SpirvError> {
    let triple = m.triple();
    if backend.serves(&triple) {
        Ok(())
    } else {
        Err(SpirvError::Ir(format!(
            "the module's target '{triple}' is not a {} target",
            backend.name()
        )))
    }
}

/// Parses LLVM IR for `backend`: refuses an empty input, a module that fails
/// the verifier and one for another target.
fn parse_for<'c>(ir: &[u8], name: &str, backend: Backend, ctx: &'c Context) -> Result<sycl_ir::Module<'c>, SpirvError> {
    if ir.is_empty() {
        return Err(SpirvError::Ir(format!(
            "{name}: empty input: expected LLVM IR or bitcode"
        )));
    }
    let m = ctx.parse_ir(ir, name).map_err(|e| SpirvError::Ir(e.to_string()))?;
    m.verify().map_err(|e| SpirvError::Ir(e.to_string()))?;
    check_target(&m, backend)?;
    Ok(m)
}

/// Parses LLVM IR (text or bitcode; `name` names it in diagnostics) in a
/// fresh context, verifies it and compiles it to a SPIR-V binary.
pub fn compile_ir(ir: &[u8], name: &str) -> Result<Vec<u8>, SpirvError> {
    let ctx = Context::new();
    let m = parse_for(ir, name, Backend::Spirv, &ctx)?;
    compile_module(&m)
}

/// Parses LLVM IR in a fresh context and compiles it to PTX for `cpu`
/// (`sm_90`) with the NVPTX back end (`nvptx64-nvidia-cuda`).
pub fn compile_ir_to_ptx(ir: &[u8], name: &str, cpu: &str) -> Result<Vec<u8>, SpirvError> {
    let ctx = Context::new();
    let m = parse_for(ir, name, Backend::Ptx, &ctx)?;
    m.emit_to_memory(&CodegenTarget::nvptx64(cpu), OutputKind::Assembly)
        .map_err(|e| SpirvError::Codegen(e.0))
}

/// Validates a SPIR-V file in process (SPIRV-Tools' validator, the checks
/// of `spirv-val`).
pub fn validate(spirv: &Path) -> Result<(), SpirvError> {
    let bytes = std::fs::read(spirv).map_err(|e| SpirvError::Parse(format!("{}: {e}", spirv.display())))?;
    validate_bytes(&bytes)
}

/// Validates a SPIR-V binary in memory, in process (SPIRV-Tools'
/// validator, the checks of `spirv-val`; universal SPIR-V 1.6 rules).
pub fn validate_bytes(spirv: &[u8]) -> Result<(), SpirvError> {
    sycl_ir::validate_spirv(spirv).map_err(|e| SpirvError::Invalid(e.0))
}

/// An `OpEntryPoint` of a module.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EntryPoint {
    /// The entry point's name.
    pub name: String,
    /// Its execution model (`Kernel` for OpenCL-style SPIR-V).
    pub model: ExecutionModel,
}

/// The entry points of `module`, in module order.
pub fn entry_points(module: &Module) -> Vec<EntryPoint> {
    module
        .entry_points
        .iter()
        .filter_map(|inst| match inst.operands.as_slice() {
            [Operand::ExecutionModel(model), Operand::IdRef(_), Operand::LiteralString(name), ..] => Some(EntryPoint {
                name: name.clone(),
                model: *model,
            }),
            _ => None,
        })
        .collect()
}

/// Names with a `LinkageAttributes` decoration of `kind` (`Export` for
/// definitions other modules may use, `Import` for declarations), sorted.
pub fn linkage_names(module: &Module, kind: LinkageType) -> Vec<String> {
    let mut out: Vec<String> = module
        .annotations
        .iter()
        .filter(|i| i.class.opcode == Op::Decorate)
        .filter_map(|i| match i.operands.as_slice() {
            [Operand::IdRef(_), Operand::Decoration(Decoration::LinkageAttributes), Operand::LiteralString(name), Operand::LinkageType(k)]
                if *k == kind =>
            {
                Some(name.clone())
            }
            _ => None,
        })
        .collect();
    out.sort();
    out
}

/// One `OpSpecConstant*` of a module with a `SpecId` decoration.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpecConstant {
    /// The `SpecId` decoration's literal.
    pub spec_id: u32,
    /// The result id of the constant.
    pub result_id: u32,
    /// Its default: the literal words of `OpSpecConstant`, `[1]`/`[0]` for
    /// `OpSpecConstantTrue`/`False`.
    pub default_words: Vec<u32>,
}

/// Parses a SPIR-V binary. The instruction stream's bounds are checked
/// first ([`check_instruction_bounds`]): rspirv 0.12 indexes past the end of
/// its input, and panics, on an instruction whose word count runs past the
/// end (a truncated file).
pub fn load(bytes: &[u8]) -> Result<Module, SpirvError> {
    check_instruction_bounds(bytes)?;
    rspirv::dr::load_bytes(bytes).map_err(|e| SpirvError::Parse(e.to_string()))
}

/// Number of words of the SPIR-V module header.
const HEADER_WORDS: usize = 5;

/// Checks the shape of a SPIR-V binary's instruction stream without decoding
/// operands: whole words, a complete header, and every instruction's word
/// count (the high half of its first word) at least 1 and within the
/// stream.
pub fn check_instruction_bounds(bytes: &[u8]) -> Result<(), SpirvError> {
    if !bytes.len().is_multiple_of(4) {
        return Err(SpirvError::Parse(format!(
            "{} bytes is not a whole number of 32-bit words",
            bytes.len()
        )));
    }
    let words = bytes.len() / 4;
    if words < HEADER_WORDS {
        return Err(SpirvError::Parse(format!(
            "truncated header ({words} of {HEADER_WORDS} words)"
        )));
    }
    let word = |i: usize| u32::from_le_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]]);
    let mut at = HEADER_WORDS;
    while at < words {
        let count = (word(at) >> 16) as usize;
        if count == 0 {
            return Err(SpirvError::Parse(format!(
                "instruction at word {at} has a word count of 0"
            )));
        }
        if count > words - at {
            return Err(SpirvError::Parse(format!(
                "instruction at word {at} has {count} words, {} left in the module",
                words - at
            )));
        }
        at += count;
    }
    Ok(())
}

/// The specialization constants of `module`, by `SpecId`.
pub fn spec_constants(module: &Module) -> Vec<SpecConstant> {
    let mut spec_ids: BTreeMap<u32, u32> = BTreeMap::new();
    for inst in &module.annotations {
        if inst.class.opcode != Op::Decorate {
            continue;
        }
        if let [Operand::IdRef(target), Operand::Decoration(Decoration::SpecId), Operand::LiteralBit32(id), ..] =
            inst.operands.as_slice()
        {
            spec_ids.insert(*target, *id);
        }
    }
    let mut out = Vec::new();
    for inst in &module.types_global_values {
        let Some(result_id) = inst.result_id else {
            continue;
        };
        let Some(&spec_id) = spec_ids.get(&result_id) else {
            continue;
        };
        let default_words = match inst.class.opcode {
            Op::SpecConstantTrue => vec![1],
            Op::SpecConstantFalse => vec![0],
            Op::SpecConstant => inst
                .operands
                .iter()
                .flat_map(|o| match o {
                    Operand::LiteralBit32(w) => vec![*w],
                    Operand::LiteralBit64(w) => vec![*w as u32, (*w >> 32) as u32],
                    _ => vec![],
                })
                .collect(),
            _ => continue,
        };
        out.push(SpecConstant {
            spec_id,
            result_id,
            default_words,
        });
    }
    out.sort_by_key(|s| s.spec_id);
    out
}

/// Checks that the `SpecId`s of `module` are exactly the numeric IDs that
/// `props` (a device image's property sets) assigns to its specialization
/// constants (padding descriptors excluded). Returns `(name, id)` pairs in
/// property-set order.
pub fn check_against_properties(
    module: &Module,
    props: &PropertySetRegistry,
) -> Result<Vec<(String, u32)>, SpirvError> {
    let mut expected = Vec::new();
    for (name, value) in props.get(names::SPEC_CONST_MAP).into_iter().flat_map(|s| s.iter()) {
        let words = value
            .as_u32_array()
            .filter(|w| w.len() % 3 == 0)
            .ok_or_else(|| SpirvError::Mismatch(format!("{name}: malformed descriptor list")))?;
        for d in words.chunks_exact(3).filter(|d| d[0] != u32::MAX) {
            expected.push((name.to_string(), d[0]));
        }
    }
    let in_props: BTreeSet<u32> = expected.iter().map(|(_, id)| *id).collect();
    let in_spirv: BTreeSet<u32> = spec_constants(module).iter().map(|s| s.spec_id).collect();
    if in_props != in_spirv {
        return Err(SpirvError::Mismatch(format!(
            "SpecIds in SPIR-V {in_spirv:?} differ from the property set's IDs {in_props:?}"
        )));
    }
    Ok(expected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rspirv::binary::Assemble;
    use rspirv::dr::Builder;
    use sycl_props::property_set::PropertyValue;

    fn module_with_spec_constant(spec_id: u32, value: u32) -> Module {
        let mut b = Builder::new();
        b.set_version(1, 0);
        let int = b.type_int(32, 0);
        let c = b.spec_constant_bit32(int, value);
        b.decorate(c, Decoration::SpecId, [Operand::LiteralBit32(spec_id)]);
        b.module()
    }

    #[test]
    fn reads_spec_ids_and_defaults() {
        let words = module_with_spec_constant(7, 40).assemble();
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
        let m = load(&bytes).expect("load");
        let sc = spec_constants(&m);
        assert_eq!(sc.len(), 1);
        assert_eq!((sc[0].spec_id, sc[0].default_words.clone()), (7, vec![40]));
    }

    const KERNELS: &str = r#"target triple = "spir64-unknown-unknown"
declare spir_func i32 @_Z7ext_addii(i32, i32)
define spir_func i32 @_Z3twoi(i32 %x) {
  %r = shl i32 %x, 1
  ret i32 %r
}
define spir_kernel void @__sycl_kernel_k(ptr addrspace(1) %p) {
  %v = call spir_func i32 @_Z7ext_addii(i32 1, i32 2)
  store i32 %v, ptr addrspace(1) %p
  ret void
}
"#;

    #[test]
    fn compiles_ir_to_valid_spirv_with_entry_points_and_linkage() {
        let bytes = compile_ir(KERNELS.as_bytes(), "k.ll").expect("compile");
        assert!(is_spirv(&bytes) && !is_llvm_ir(&bytes));
        validate_bytes(&bytes).expect("spirv-val");
        let m = load(&bytes).expect("load");
        let eps = entry_points(&m);
        assert_eq!(eps.len(), 1);
        assert_eq!(
            (eps[0].name.as_str(), eps[0].model),
            ("__sycl_kernel_k", ExecutionModel::Kernel)
        );
        assert_eq!(linkage_names(&m, LinkageType::Import), vec!["_Z7ext_addii".to_string()]);
        assert_eq!(linkage_names(&m, LinkageType::Export), vec!["_Z3twoi".to_string()]);
        // Deterministic: the same input gives the same bytes.
        assert_eq!(bytes, compile_ir(KERNELS.as_bytes(), "k.ll").expect("again"));
    }

    #[test]
    fn source_language_as_dpcpp_writes_it() {
        let ctx = Context::new();
        let lang = |ir: &str| {
            let m = ctx.parse_ir(ir.as_bytes(), "s.ll").expect("parse");
            source_language(&m)
        };
        let kernel = "define spir_kernel void @k() #0 { ret void }\nattributes #0 = { \"sycl-module-id\"=\"a.cpp\" }\n";
        let ocl = "!opencl.ocl.version = !{!1}\n!1 = !{i32 1, i32 2}\n";
        let src = "!spirv.Source = !{!0}\n!0 = !{i32 3, i32 200000}\n";
        // !spirv.Source wins, whatever else the module says.
        assert_eq!(lang(&format!("{kernel}{src}{ocl}")), Some((3, 200_000)));
        // SYCL code with !opencl.ocl.version and no !spirv.Source.
        assert_eq!(
            lang(&format!("{kernel}{ocl}")),
            Some((SOURCE_LANGUAGE_OPENCL_CPP, SYCL_SOURCE_VERSION))
        );
        // OpenCL C, or nothing said: the back end's choice stands.
        assert_eq!(
            lang(&format!("define spir_kernel void @k() {{ ret void }}\n{ocl}")),
            None
        );
        assert_eq!(lang(kernel), None);
    }

    #[test]
    fn the_back_ends_generator_and_source_are_kept() {
        let bytes = compile_ir(KERNELS.as_bytes(), "k.ll").expect("compile");
        let m = load(&bytes).expect("load");
        // Word 2: LLVM's SPIR-V back end (tool 43), not rspirv's.
        assert_eq!(u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) >> 16, 43);
        let src = m
            .debug_string_source
            .iter()
            .find(|i| i.class.opcode == Op::Source)
            .expect("OpSource");
        assert_eq!(src.operands[1], Operand::LiteralBit32(SYCL_SOURCE_VERSION));
    }

    /// rspirv's loader drops the generator word; put the original back.
    fn keep_generator(m: &mut Module, bytes: &[u8]) {
        if let Some(h) = m.header.as_mut() {
            h.generator = u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]);
        }
    }

    #[test]
    fn canonical_ids_undo_a_permutation_and_keep_first_occurrence_order() {
        // Canonical already: unchanged.
        let llvm = compile_ir(KERNELS.as_bytes(), "k.ll").expect("compile");
        assert_eq!(canonical_ids(&llvm).expect("canonical"), llvm);
        validate_bytes(&llvm).expect("spirv-val");
        // Swap two ids throughout: the canonical form is the original again.
        let mut m = load(&llvm).expect("load");
        keep_generator(&mut m, &llvm);
        let (a, b) = (2u32, 3u32);
        let swap = |id: &mut u32| {
            if *id == a {
                *id = b
            } else if *id == b {
                *id = a
            }
        };
        for inst in m.all_inst_iter_mut() {
            inst.result_type.as_mut().map(swap);
            inst.result_id.as_mut().map(swap);
            for op in inst.operands.iter_mut() {
                op.id_ref_any_mut().map(swap);
            }
        }
        let swapped: Vec<u8> = m.assemble().iter().flat_map(|w| w.to_le_bytes()).collect();
        assert_ne!(swapped, llvm);
        assert_eq!(canonical_ids(&swapped).expect("canonical"), llvm);
    }

    /// A kernel of three blocks and a conditional branch.
    const BRANCHES: &[u8] = b"define spir_kernel void @k(ptr addrspace(1) %p, i32 %c) {\n\
entry:\n  %b = icmp eq i32 %c, 0\n  br i1 %b, label %t, label %e\n\
t:\n  store i32 1, ptr addrspace(1) %p\n  br label %e\n\
e:\n  ret void\n}\n";

    #[test]
    fn a_stale_label_id_that_collides_is_repaired() {
        let good = compile_ir(BRANCHES, "k.ll").expect("compile");
        // Give the first label the id of another result, as a stale entry would.
        let other = load(&good).expect("load").types_global_values[0]
            .result_id
            .expect("a type");
        let broken = with_label_id(&good, 0, other);
        assert!(validate_bytes(&broken).is_err());
        let repaired = canonical_ids(&broken).expect("canonical");
        validate_bytes(&repaired).expect("spirv-val");
        assert_eq!(repaired, good);
    }

    /// `good` with the label of its first function's block `block` given
    /// the id `id` (references to the label follow), as a stale entry of
    /// the back end would.
    fn with_label_id(good: &[u8], block: usize, id: u32) -> Vec<u8> {
        let mut m = load(good).expect("load");
        keep_generator(&mut m, good);
        let label = &mut m.functions[0].blocks[block].label;
        let old = label.as_ref().and_then(|l| l.result_id).expect("label");
        label.as_mut().expect("label").result_id = Some(id);
        for b in m.functions[0].blocks.iter_mut() {
            for i in b.instructions.iter_mut() {
                for op in i.operands.iter_mut() {
                    if *op == Operand::IdRef(old) {
                        *op = Operand::IdRef(id);
                    }
                }
            }
        }
        m.assemble().iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    #[test]
    fn a_stale_label_id_on_a_named_global_keeps_the_globals_name() {
        let ir = kernel_with_globals(3);
        let good = compile_ir(ir.as_bytes(), "g.ll").expect("compile");
        let m = load(&good).expect("load");
        let g1 = m
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::Variable)
            .nth(1)
            .and_then(|i| i.result_id)
            .expect("@g1");
        let broken = with_label_id(&good, 0, g1);
        assert!(validate_bytes(&broken).is_err());
        let repaired = canonical_ids(&broken).expect("canonical");
        assert_eq!(repaired, good, "@g1 keeps its OpName");
    }

    #[test]
    fn two_blocks_of_one_function_with_one_id_are_an_error() {
        let good = compile_ir(BRANCHES, "k.ll").expect("compile");
        let m = load(&good).expect("load");
        let first = m.functions[0].blocks[1]
            .label
            .as_ref()
            .and_then(|l| l.result_id)
            .expect("label");
        let e = canonical_ids(&with_label_id(&good, 2, first)).expect_err("ambiguous branches");
        assert!(matches!(e, SpirvError::StaleBlockIds(id) if id == first), "{e}");
        assert!(e.to_string().contains("same id"), "{e}");
    }

    /// Control flow of every kind that names blocks (branches, a switch,
    /// phis, a loop), over several functions.
    const CONTROL_FLOW: &str = r#"target triple = "spir64-unknown-unknown"
define spir_func i32 @pick(i32 %x) {
entry:
  switch i32 %x, label %other [ i32 0, label %zero
                                i32 7, label %seven ]
zero:
  br label %done
seven:
  br label %done
other:
  br label %done
done:
  %r = phi i32 [ 10, %zero ], [ 70, %seven ], [ %x, %other ]
  ret i32 %r
}
define spir_kernel void @__sycl_kernel_loop(ptr addrspace(1) %p, i32 %n) {
entry:
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %next, %body ]
  %c = icmp slt i32 %i, %n
  br i1 %c, label %body, label %exit
body:
  %v = call spir_func i32 @pick(i32 %i)
  %q = getelementptr inbounds i32, ptr addrspace(1) %p, i32 %i
  store i32 %v, ptr addrspace(1) %q
  %next = add i32 %i, 1
  br label %head
exit:
  ret void
}
"#;

    /// Compilations in one process, from several threads, with other
    /// modules in between, all give valid SPIR-V with the same bytes (or
    /// the refusal of a module the back end's kept block ids made
    /// ambiguous).
    /// LLVM 22's SPIR-V back end keeps block ids between the modules of one
    /// process; canonical ids repair what that does to a module's ids (it
    /// once dropped a global's name here about once in twenty runs). The
    /// tools still compile each image in a forked worker
    /// (`sycl_codegen::worker`), which never sees an earlier module, and
    /// `lit/codegen/interface-order.test` compares their bytes across runs
    /// and thread counts.
    /// `ir` compiled in this process: `None` where the back end's block ids
    /// kept from an earlier module made it ambiguous (refused, as
    /// documented: the tools compile it again in a fresh process).
    fn in_this_process(ir: &str, name: &str) -> Option<Vec<u8>> {
        match compile_ir(ir.as_bytes(), name) {
            Ok(bytes) => Some(bytes),
            Err(SpirvError::StaleBlockIds(_)) => None,
            Err(e) => panic!("{name}: {e}"),
        }
    }

    #[test]
    fn repeated_compilation_in_one_process_is_valid() {
        let first = compile_ir(CONTROL_FLOW.as_bytes(), "cf.ll").expect("compile");
        validate_bytes(&first).expect("spirv-val");
        let threads: Vec<_> = (0..4)
            .map(|t| {
                std::thread::spawn(move || {
                    (0..6)
                        .map(|i| {
                            // Other modules in between shift what the back end has seen.
                            let other = if (i + t) % 2 == 0 { KERNELS } else { CONTROL_FLOW };
                            in_this_process(other, "other.ll");
                            in_this_process(CONTROL_FLOW, "cf.ll")
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for t in threads {
            for bytes in t.join().expect("thread").into_iter().flatten() {
                validate_bytes(&bytes).expect("spirv-val");
                assert_eq!(bytes, first, "the same bytes");
            }
        }
    }

    #[test]
    fn invalid_spirv_fails_validation_and_bad_ir_is_an_error() {
        assert!(validate_bytes(&[3, 2, 0x23, 7, 0, 0]).is_err());
        let e = compile_ir(b"define void @f( {", "bad.ll").expect_err("parse error");
        assert!(e.to_string().contains("bad.ll"), "{e}");
    }

    #[test]
    fn compiles_ptx() {
        let ptx = compile_ir_to_ptx(
            b"define ptx_kernel void @k(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n",
            "k.ll",
            "sm_90",
        )
        .expect("ptx");
        assert!(String::from_utf8_lossy(&ptx).contains(".visible .entry k"));
    }

    #[test]
    fn compares_with_the_property_set() {
        let m = module_with_spec_constant(3, 1);
        let props = |words: &[u32]| {
            let mut reg = PropertySetRegistry::new();
            reg.add(names::SPEC_CONST_MAP, "A", PropertyValue::u32_array(words));
            reg
        };
        let ok = props(&[3, 0, 4, u32::MAX, 4, 4]);
        assert_eq!(
            check_against_properties(&m, &ok).expect("match"),
            vec![("A".to_string(), 3)]
        );
        assert!(check_against_properties(&m, &props(&[1, 0, 4])).is_err());
    }

    /// A kernel that uses `n` module-scope variables (each an interface
    /// variable of its entry point).
    fn kernel_with_globals(n: usize) -> String {
        let mut ir = String::from("target triple = \"spir64-unknown-unknown\"\n");
        for i in 0..n {
            ir += &format!("@g{i} = addrspace(1) global i32 {i}\n");
        }
        ir += "define spir_kernel void @__sycl_kernel_many(ptr addrspace(1) %p) {\n";
        for i in 0..n {
            ir += &format!("  %v{i} = load i32, ptr addrspace(1) @g{i}\n  store i32 %v{i}, ptr addrspace(1) %p\n");
        }
        ir += "  ret void\n}\n";
        ir
    }

    #[test]
    fn interface_lists_do_not_depend_on_what_the_process_compiled_before() {
        let many = kernel_with_globals(12);
        let first = compile_ir(many.as_bytes(), "many.ll").expect("compile");
        let m = load(&first).expect("load");
        assert!(m.entry_points[0].operands.len() > 10, "interface variables listed");
        for round in 0..6 {
            // Other modules in between move the back end's heap.
            for k in 0..round {
                compile_ir(kernel_with_globals(k + 1).as_bytes(), "other.ll").expect("compile");
            }
            let again = compile_ir(many.as_bytes(), "many.ll").expect("compile");
            assert_eq!(first, again, "round {round}");
        }
        validate_bytes(&first).expect("valid");
    }

    #[test]
    fn extension_lists_follow_llc_spelling() {
        assert_eq!(parse_extensions("").unwrap(), Vec::<String>::new());
        assert_eq!(
            parse_extensions("SPV_INTEL_subgroups").unwrap(),
            vec!["SPV_INTEL_subgroups"]
        );
        let d = parse_extensions("-SPV_INTEL_subgroups,+SPV_KHR_bit_instructions").unwrap();
        assert!(!d.contains(&"SPV_INTEL_subgroups".to_string()));
        assert_eq!(d.last().map(String::as_str), Some("SPV_KHR_bit_instructions"));
        assert_eq!(d.len(), DPCPP_EXTENSIONS.len());
        assert!(parse_extensions("+all").is_err());
        assert!(parse_extensions("+SPV x").is_err());
    }

    #[test]
    fn subgroup_builtins_need_the_dpcpp_extensions() {
        let ir = "target triple = \"spir64-unknown-unknown\"\n\
declare spir_func i32 @_Z28__spirv_SubgroupShuffleINTELIiET_S0_j(i32, i32)\n\
define spir_kernel void @__sycl_kernel_s(ptr addrspace(1) %p) {\n\
  %v = call spir_func i32 @_Z28__spirv_SubgroupShuffleINTELIiET_S0_j(i32 1, i32 2)\n\
  store i32 %v, ptr addrspace(1) %p\n  ret void\n}\n";
        let ctx = Context::new();
        let m = ctx.parse_ir(ir.as_bytes(), "s.ll").expect("parse");
        // Without them the back end stops with a fatal error, which ends
        // code generation in this process: lit/syclbin tests that through
        // the worker processes.
        let bytes = compile_module_with(&m, &default_extensions()).expect("compiles with DPC++'s extensions");
        validate_bytes(&bytes).expect("valid");
        let e = compile_module_with(&m, &["SPV_NO_SUCH".to_string()]).expect_err("unknown");
        assert!(e.to_string().contains("SPV_NO_SUCH"), "{e}");
    }
}
