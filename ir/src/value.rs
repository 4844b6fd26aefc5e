//! Value and type handles.

use std::ffi::CString;
use std::marker::PhantomData;

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMCallConv, LLVMOpcode, LLVMValueKind};

use crate::ffi;
use crate::module::bytes_to_string;

/// Linkage of a global value (LLVM's `LLVMLinkage`).
pub type Linkage = llvm_sys::LLVMLinkage;
/// Visibility of a global value.
pub type Visibility = llvm_sys::LLVMVisibility;

/// Calling conventions the toolkit cares about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallConv {
    /// `ccc`
    C,
    /// `spir_func`
    SpirFunc,
    /// `spir_kernel`
    SpirKernel,
    /// `ptx_kernel`
    PtxKernel,
    /// `ptx_device`
    PtxDevice,
    /// `amdgpu_kernel`
    AmdgpuKernel,
    /// Any other convention, by number.
    Other(u32),
}

impl CallConv {
    fn from_raw(cc: u32) -> Self {
        match cc {
            x if x == LLVMCallConv::LLVMCCallConv as u32 => CallConv::C,
            x if x == LLVMCallConv::LLVMSPIRFUNCCallConv as u32 => CallConv::SpirFunc,
            x if x == LLVMCallConv::LLVMSPIRKERNELCallConv as u32 => CallConv::SpirKernel,
            x if x == LLVMCallConv::LLVMPTXKernelCallConv as u32 => CallConv::PtxKernel,
            x if x == LLVMCallConv::LLVMPTXDeviceCallConv as u32 => CallConv::PtxDevice,
            x if x == LLVMCallConv::LLVMAMDGPUKERNELCallConv as u32 => CallConv::AmdgpuKernel,
            x => CallConv::Other(x),
        }
    }

    /// The raw LLVM number.
    pub fn to_raw(self) -> u32 {
        match self {
            CallConv::C => LLVMCallConv::LLVMCCallConv as u32,
            CallConv::SpirFunc => LLVMCallConv::LLVMSPIRFUNCCallConv as u32,
            CallConv::SpirKernel => LLVMCallConv::LLVMSPIRKERNELCallConv as u32,
            CallConv::PtxKernel => LLVMCallConv::LLVMPTXKernelCallConv as u32,
            CallConv::PtxDevice => LLVMCallConv::LLVMPTXDeviceCallConv as u32,
            CallConv::AmdgpuKernel => LLVMCallConv::LLVMAMDGPUKERNELCallConv as u32,
            CallConv::Other(x) => x,
        }
    }

    /// A device kernel convention (`spir_kernel`, `ptx_kernel`, `amdgpu_kernel`).
    pub fn is_kernel(self) -> bool {
        matches!(
            self,
            CallConv::SpirKernel | CallConv::PtxKernel | CallConv::AmdgpuKernel
        )
    }
}

/// What a [`Value`] is, coarsely.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueKind {
    /// A function (definition or declaration).
    Function,
    /// A global variable.
    GlobalVariable,
    /// A global alias.
    GlobalAlias,
    /// A global ifunc.
    GlobalIFunc,
    /// An instruction.
    Instruction,
    /// A function argument.
    Argument,
    /// A basic block used as a value.
    BasicBlock,
    /// Metadata wrapped as a value.
    Metadata,
    /// Any other constant (constant expressions, aggregates, data).
    Constant,
    /// Inline asm and anything else.
    Other,
}

/// A handle to an LLVM value living in a context with lifetime `'c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Value<'c> {
    raw: LLVMValueRef,
    _ctx: PhantomData<&'c ()>,
}

impl std::fmt::Debug for Value<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Value({})", self.name())
    }
}

// Safety: handles are only used on the thread owning their context; the
// marker impls let them live in rayon-independent data structures built and
// consumed on one thread.
impl<'c> Value<'c> {
    pub(crate) unsafe fn from_raw(raw: LLVMValueRef) -> Self {
        Value { raw, _ctx: PhantomData }
    }

    pub(crate) unsafe fn from_raw_opt(raw: LLVMValueRef) -> Option<Self> {
        (!raw.is_null()).then(|| Value::from_raw(raw))
    }

    pub(crate) fn raw(self) -> LLVMValueRef {
        self.raw
    }

    /// The value's name (empty for unnamed values).
    pub fn name(self) -> String {
        unsafe {
            let mut len = 0usize;
            let p = LLVMGetValueName2(self.raw, &mut len);
            bytes_to_string(p, len)
        }
    }

    /// Renames the value.
    pub fn set_name(self, name: &str) {
        unsafe { LLVMSetValueName2(self.raw, name.as_ptr() as *const _, name.len()) }
    }

    /// Coarse kind.
    pub fn kind(self) -> ValueKind {
        use LLVMValueKind::*;
        // Constants other than global values first: LLVM's C API has no
        // kind for `dso_local_equivalent` and `no_cfi` (LLVMGetValueKind
        // reaches llvm_unreachable on them), and all such constants are
        // one kind here.
        unsafe {
            if !LLVMIsAConstant(self.raw).is_null() && LLVMIsAGlobalValue(self.raw).is_null() {
                return ValueKind::Constant;
            }
        }
        match unsafe { LLVMGetValueKind(self.raw) } {
            LLVMFunctionValueKind => ValueKind::Function,
            LLVMGlobalVariableValueKind => ValueKind::GlobalVariable,
            LLVMGlobalAliasValueKind => ValueKind::GlobalAlias,
            LLVMGlobalIFuncValueKind => ValueKind::GlobalIFunc,
            LLVMInstructionValueKind => ValueKind::Instruction,
            LLVMArgumentValueKind => ValueKind::Argument,
            LLVMBasicBlockValueKind => ValueKind::BasicBlock,
            LLVMMetadataAsValueValueKind => ValueKind::Metadata,
            LLVMInlineAsmValueKind | LLVMMemoryUseValueKind | LLVMMemoryDefValueKind | LLVMMemoryPhiValueKind => {
                ValueKind::Other
            }
            _ => ValueKind::Constant,
        }
    }

    /// True for functions.
    pub fn is_function(self) -> bool {
        self.kind() == ValueKind::Function
    }

    /// True for global variables.
    pub fn is_global_variable(self) -> bool {
        self.kind() == ValueKind::GlobalVariable
    }

    /// True for any global value (function, variable, alias, ifunc).
    pub fn is_global_value(self) -> bool {
        matches!(
            self.kind(),
            ValueKind::Function | ValueKind::GlobalVariable | ValueKind::GlobalAlias | ValueKind::GlobalIFunc
        )
    }

    /// True for a constant that is not a global value (constant expression,
    /// aggregate, ...).
    pub fn is_plain_constant(self) -> bool {
        self.kind() == ValueKind::Constant
    }

    /// The type of the value.
    pub fn ty(self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMTypeOf(self.raw)) }
    }

    // ---- uses -------------------------------------------------------------

    /// The users of this value, one entry per use (a user appears as often as
    /// it uses the value), in use-list order.
    pub fn users(self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let mut u = LLVMGetFirstUse(self.raw);
            while !u.is_null() {
                v.push(Value::from_raw(LLVMGetUser(u)));
                u = LLVMGetNextUse(u);
            }
        }
        v
    }

    /// True if nothing uses the value.
    pub fn has_no_uses(self) -> bool {
        unsafe { LLVMGetFirstUse(self.raw).is_null() }
    }

    /// Replaces every use of this value by `new`.
    pub fn replace_all_uses_with(self, new: Value<'c>) {
        unsafe { LLVMReplaceAllUsesWith(self.raw, new.raw) }
    }

    /// Operands of a user (instruction or constant).
    pub fn operands(self) -> Vec<Value<'c>> {
        unsafe {
            let n = LLVMGetNumOperands(self.raw);
            (0..n.max(0) as u32)
                .filter_map(|i| Value::from_raw_opt(LLVMGetOperand(self.raw, i)))
                .collect()
        }
    }

    /// Operand `i` of a user.
    pub fn operand(self, i: u32) -> Option<Value<'c>> {
        unsafe {
            if (i as i32) < LLVMGetNumOperands(self.raw) {
                Value::from_raw_opt(LLVMGetOperand(self.raw, i))
            } else {
                None
            }
        }
    }

    /// `Value::stripPointerCasts`.
    pub fn strip_pointer_casts(self) -> Value<'c> {
        unsafe { Value::from_raw(ffi::SyclStripPointerCasts(self.raw)) }
    }

    /// Destroys a constant (not a global) that has no uses left, after
    /// removing dead constant users. Returns true if destroyed.
    pub fn destroy_if_dead_constant(self) -> bool {
        unsafe { ffi::SyclDestroyDeadConstant(self.raw) != 0 }
    }

    // ---- global values ------------------------------------------------------

    /// True for a declaration (a function without body, a variable without
    /// initializer).
    pub fn is_declaration(self) -> bool {
        unsafe { ffi::SyclIsDeclaration(self.raw) != 0 }
    }

    /// The number of instructions in a loaded function's body; 0 for a
    /// declaration, a body not read yet, or any other value.
    pub fn instruction_count(self) -> usize {
        unsafe { ffi::SyclInstructionCount(self.raw) }
    }

    /// `GlobalValue::isDiscardableIfUnused`.
    pub fn is_discardable_if_unused(self) -> bool {
        unsafe { ffi::SyclIsDiscardableIfUnused(self.raw) != 0 }
    }

    /// Linkage of a global value.
    pub fn linkage(self) -> Linkage {
        unsafe { LLVMGetLinkage(self.raw) }
    }

    /// Sets the linkage of a global value.
    pub fn set_linkage(self, l: Linkage) {
        unsafe { LLVMSetLinkage(self.raw, l) }
    }

    /// True for internal or private linkage.
    pub fn has_local_linkage(self) -> bool {
        matches!(
            self.linkage(),
            Linkage::LLVMInternalLinkage | Linkage::LLVMPrivateLinkage
        )
    }

    /// Visibility of a global value.
    pub fn visibility(self) -> Visibility {
        unsafe { LLVMGetVisibility(self.raw) }
    }

    /// Sets the visibility of a global value.
    pub fn set_visibility(self, v: Visibility) {
        unsafe { LLVMSetVisibility(self.raw, v) }
    }

    /// `externally_initialized` global variable.
    pub fn is_externally_initialized(self) -> bool {
        self.is_global_variable() && unsafe { LLVMIsExternallyInitialized(self.raw) != 0 }
    }

    /// A global variable marked `constant`.
    pub fn is_global_constant(self) -> bool {
        self.is_global_variable() && unsafe { LLVMIsGlobalConstant(self.raw) != 0 }
    }

    /// DLL storage class is `dllexport`.
    pub fn is_dll_export(self) -> bool {
        unsafe { LLVMGetDLLStorageClass(self.raw) == llvm_sys::LLVMDLLStorageClass::LLVMDLLExportStorageClass }
    }

    /// An identity for the comdat of a global object, if it has one: two
    /// objects share a comdat iff their ids are equal.
    pub fn comdat_id(self) -> Option<usize> {
        unsafe {
            let c = llvm_sys::comdat::LLVMGetComdat(self.raw);
            if c.is_null() {
                return None;
            }
            Some(c as usize)
        }
    }

    /// Removes the object from its comdat.
    pub fn clear_comdat(self) {
        unsafe { llvm_sys::comdat::LLVMSetComdat(self.raw, std::ptr::null_mut()) }
    }

    /// Sets the comdat's selection kind to `nodeduplicate`.
    pub fn set_comdat_nodeduplicate(self) {
        unsafe {
            let c = llvm_sys::comdat::LLVMGetComdat(self.raw);
            if !c.is_null() {
                llvm_sys::comdat::LLVMSetComdatSelectionKind(
                    c,
                    llvm_sys::comdat::LLVMComdatSelectionKind::LLVMNoDuplicatesComdatSelectionKind,
                );
            }
        }
    }

    /// The value type of a global (function type for functions).
    pub fn global_value_type(self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMGlobalGetValueType(self.raw)) }
    }

    /// Deletes a global value (function or variable) from its module.
    pub fn erase_global(self) {
        unsafe {
            match self.kind() {
                ValueKind::Function => LLVMDeleteFunction(self.raw),
                ValueKind::GlobalVariable => LLVMDeleteGlobal(self.raw),
                _ => {}
            }
        }
    }

    // ---- global variables -------------------------------------------------

    /// Initializer of a global variable.
    pub fn initializer(self) -> Option<Value<'c>> {
        unsafe { Value::from_raw_opt(LLVMGetInitializer(self.raw)) }
    }

    /// Sets the initializer of a global variable.
    pub fn set_initializer(self, init: Value<'c>) {
        unsafe { LLVMSetInitializer(self.raw, init.raw) }
    }

    /// Turns a global variable definition into an external declaration.
    pub fn make_global_declaration(self) {
        unsafe { ffi::SyclMakeGlobalDeclaration(self.raw) }
    }

    /// A string attribute of a global variable (`"sycl-unique-id"`, ...).
    pub fn global_attr(self, key: &str) -> Option<String> {
        unsafe {
            let mut p = std::ptr::null();
            let mut len = 0usize;
            if ffi::SyclGlobalVarStringAttr(self.raw, key.as_ptr() as *const _, key.len(), &mut p, &mut len) != 0 {
                Some(bytes_to_string(p, len))
            } else {
                None
            }
        }
    }

    /// Sets the section of a global.
    pub fn set_section(self, s: &str) {
        let c = CString::new(s).unwrap_or_default();
        unsafe { LLVMSetSection(self.raw, c.as_ptr()) }
    }

    // ---- functions ----------------------------------------------------------

    /// Calling convention of a function or call.
    pub fn call_conv(self) -> CallConv {
        unsafe {
            if self.kind() == ValueKind::Instruction {
                CallConv::from_raw(LLVMGetInstructionCallConv(self.raw))
            } else {
                CallConv::from_raw(LLVMGetFunctionCallConv(self.raw))
            }
        }
    }

    /// Sets the calling convention of a function or call.
    pub fn set_call_conv(self, cc: CallConv) {
        unsafe {
            if self.kind() == ValueKind::Instruction {
                LLVMSetInstructionCallConv(self.raw, cc.to_raw())
            } else {
                LLVMSetFunctionCallConv(self.raw, cc.to_raw())
            }
        }
    }

    /// Value of the string function attribute `key`, if present (`Some("")`
    /// for a value-less attribute).
    pub fn fn_attr(self, key: &str) -> Option<String> {
        unsafe {
            let a = LLVMGetStringAttributeAtIndex(
                self.raw,
                llvm_sys::LLVMAttributeFunctionIndex,
                key.as_ptr() as *const _,
                key.len() as u32,
            );
            if a.is_null() {
                return None;
            }
            let mut len = 0u32;
            let p = LLVMGetStringAttributeValue(a, &mut len);
            Some(bytes_to_string(p, len as usize))
        }
    }

    /// True if the function has string attribute `key`.
    pub fn has_fn_attr(self, key: &str) -> bool {
        self.fn_attr(key).is_some()
    }

    /// A string attribute `key`=`value` in this value's context.
    pub(crate) fn string_attribute(self, key: &str, value: &str) -> llvm_sys::prelude::LLVMAttributeRef {
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw));
            LLVMCreateStringAttribute(
                ctx,
                key.as_ptr() as *const _,
                key.len() as u32,
                value.as_ptr() as *const _,
                value.len() as u32,
            )
        }
    }

    /// Adds (or replaces) a string function attribute.
    pub fn add_fn_attr(self, key: &str, value: &str) {
        unsafe {
            let a = self.string_attribute(key, value);
            LLVMAddAttributeAtIndex(self.raw, llvm_sys::LLVMAttributeFunctionIndex, a);
        }
    }

    /// Removes a string function attribute.
    pub fn remove_fn_attr(self, key: &str) {
        unsafe {
            LLVMRemoveStringAttributeAtIndex(
                self.raw,
                llvm_sys::LLVMAttributeFunctionIndex,
                key.as_ptr() as *const _,
                key.len() as u32,
            )
        }
    }

    /// True if parameter `index` (0-based) carries string attribute `key`.
    pub fn has_param_attr(self, index: u32, key: &str) -> bool {
        unsafe {
            !LLVMGetStringAttributeAtIndex(self.raw, index + 1, key.as_ptr() as *const _, key.len() as u32).is_null()
        }
    }

    /// Number of parameters of a function.
    pub fn param_count(self) -> u32 {
        unsafe { LLVMCountParams(self.raw) }
    }

    /// Parameter `i` of a function.
    pub fn param(self, i: u32) -> Value<'c> {
        unsafe { Value::from_raw(LLVMGetParam(self.raw, i)) }
    }

    /// The LLVM intrinsic ID, 0 if the function is not an intrinsic.
    pub fn intrinsic_id(self) -> u32 {
        unsafe { LLVMGetIntrinsicID(self.raw) }
    }

    /// Turns a function definition into a declaration.
    pub fn delete_body(self) {
        unsafe { ffi::SyclDeleteFunctionBody(self.raw) }
    }

    /// Instructions of a function, in order.
    pub fn instructions(self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let mut bb = LLVMGetFirstBasicBlock(self.raw);
            while !bb.is_null() {
                let mut i = LLVMGetFirstInstruction(bb);
                while !i.is_null() {
                    v.push(Value::from_raw(i));
                    i = LLVMGetNextInstruction(i);
                }
                bb = LLVMGetNextBasicBlock(bb);
            }
        }
        v
    }

    /// The entry block of a function (as a value), `None` for a declaration.
    pub fn entry_block(self) -> Option<Value<'c>> {
        unsafe {
            if LLVMCountBasicBlocks(self.raw) == 0 {
                return None;
            }
            Value::from_raw_opt(LLVMBasicBlockAsValue(LLVMGetEntryBasicBlock(self.raw)))
        }
    }

    /// The instructions of a basic block (given as a value), in order.
    pub fn block_instructions(self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let bb = LLVMValueAsBasicBlock(self.raw);
            let mut i = LLVMGetFirstInstruction(bb);
            while !i.is_null() {
                v.push(Value::from_raw(i));
                i = LLVMGetNextInstruction(i);
            }
        }
        v
    }

    /// The successors of a basic block (given as a value), in the order of
    /// its terminator's operands.
    pub fn block_successors(self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let t = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(self.raw));
            if t.is_null() {
                return v;
            }
            for k in 0..LLVMGetNumSuccessors(t) {
                v.push(Value::from_raw(LLVMBasicBlockAsValue(LLVMGetSuccessor(t, k))));
            }
        }
        v
    }

    /// Calls `f` for every instruction of the function.
    pub fn for_each_instruction(self, mut f: impl FnMut(Value<'c>)) {
        unsafe {
            let mut bb = LLVMGetFirstBasicBlock(self.raw);
            while !bb.is_null() {
                let mut i = LLVMGetFirstInstruction(bb);
                while !i.is_null() {
                    f(Value::from_raw(i));
                    i = LLVMGetNextInstruction(i);
                }
                bb = LLVMGetNextBasicBlock(bb);
            }
        }
    }

    // ---- metadata attachments -------------------------------------------------

    /// The metadata node attached to a global object (function or variable)
    /// under kind `kind` (see [`crate::Module::md_kind`]), as a value.
    pub fn metadata(self, kind: u32) -> Option<Value<'c>> {
        unsafe {
            let mut n = 0usize;
            let entries = LLVMGlobalCopyAllMetadata(self.raw, &mut n);
            let mut found = None;
            for i in 0..n as u32 {
                if LLVMValueMetadataEntriesGetKind(entries, i) == kind {
                    let md = LLVMValueMetadataEntriesGetMetadata(entries, i);
                    let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw));
                    found = Some(Value::from_raw(LLVMMetadataAsValue(ctx, md)));
                    break;
                }
            }
            if !entries.is_null() {
                LLVMDisposeValueMetadataEntries(entries);
            }
            found
        }
    }

    /// Attaches metadata node `node` (a metadata-as-value) under `kind`.
    pub fn set_metadata(self, kind: u32, node: Value<'c>) {
        assert_ne!(
            kind,
            crate::MD_KIND_ABSENT,
            "attach metadata with a kind from md_kind_for_write"
        );
        unsafe { LLVMGlobalSetMetadata(self.raw, kind, ffi::SyclValueAsMDNode(node.raw)) }
    }

    /// The metadata attachment `kind` of an instruction.
    pub fn inst_metadata(self, kind: u32) -> Option<Value<'c>> {
        unsafe {
            if LLVMHasMetadata(self.raw) == 0 {
                return None;
            }
            Value::from_raw_opt(LLVMGetMetadata(self.raw, kind))
        }
    }

    // ---- instructions -----------------------------------------------------

    /// Opcode of an instruction.
    pub fn opcode(self) -> Option<LLVMOpcode> {
        unsafe {
            if LLVMIsAInstruction(self.raw).is_null() {
                None
            } else {
                Some(LLVMGetInstructionOpcode(self.raw))
            }
        }
    }

    /// True for `call` instructions (not `invoke`).
    pub fn is_call(self) -> bool {
        unsafe { !LLVMIsACallInst(self.raw).is_null() }
    }

    /// True for `call`, `invoke` and `callbr`.
    pub fn is_call_base(self) -> bool {
        unsafe {
            !LLVMIsACallInst(self.raw).is_null()
                || !LLVMIsAInvokeInst(self.raw).is_null()
                || !LLVMIsACallBrInst(self.raw).is_null()
        }
    }

    /// For a call: `CallBase::isIndirectCall`.
    pub fn is_indirect_call(self) -> bool {
        self.is_call_base() && unsafe { ffi::SyclIsIndirectCall(self.raw) != 0 }
    }

    /// For a call: the called operand.
    pub fn called_value(self) -> Option<Value<'c>> {
        unsafe {
            if !self.is_call_base() {
                return None;
            }
            Value::from_raw_opt(LLVMGetCalledValue(self.raw))
        }
    }

    /// For a call: the called function if the callee operand is a function.
    pub fn called_function(self) -> Option<Value<'c>> {
        self.called_value().filter(|v| v.is_function())
    }

    /// For a call: its function type.
    pub fn called_function_type(self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMGetCalledFunctionType(self.raw)) }
    }

    /// Number of call arguments.
    pub fn arg_count(self) -> u32 {
        unsafe { LLVMGetNumArgOperands(self.raw) }
    }

    /// The function containing an instruction.
    pub fn parent_function(self) -> Option<Value<'c>> {
        unsafe {
            if LLVMIsAInstruction(self.raw).is_null() {
                return None;
            }
            let bb = LLVMGetInstructionParent(self.raw);
            if bb.is_null() {
                return None;
            }
            Value::from_raw_opt(LLVMGetBasicBlockParent(bb))
        }
    }

    /// Erases an instruction.
    pub fn erase_instruction(self) {
        unsafe { LLVMInstructionEraseFromParent(self.raw) }
    }

    // ---- constants ------------------------------------------------------------

    /// Zero-extended value of a constant integer.
    pub fn const_int_zext(self) -> Option<u64> {
        unsafe {
            if LLVMIsAConstantInt(self.raw).is_null() {
                None
            } else {
                Some(LLVMConstIntGetZExtValue(self.raw))
            }
        }
    }

    /// The little-endian bytes of a constant integer or floating-point
    /// scalar of up to 128 bits (`i128`, `fp128`; narrower ones too), as
    /// many as `store_size`: the whole value, where [`Value::const_int_zext`]
    /// and [`Value::const_fp_bits`] give 64 bits. `None` for other values.
    pub fn const_scalar_le_bytes(self, store_size: usize) -> Option<Vec<u8>> {
        let is_int = unsafe { !LLVMIsAConstantInt(self.raw).is_null() };
        let is_fp = unsafe { !LLVMIsAConstantFP(self.raw).is_null() };
        if !is_int && !is_fp {
            return None;
        }
        // The printed form is LLVM's own exact spelling: "i128 -5", or for
        // fp128 "fp128 0xL<low 64 bits><high 64 bits>" in hex.
        let text = unsafe {
            let p = LLVMPrintValueToString(self.raw);
            let s = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
            LLVMDisposeMessage(p);
            s
        };
        let literal = text.split_whitespace().nth(1)?;
        let bits: u128 = if is_int {
            literal
                .parse::<i128>()
                .ok()
                .map(|v| v as u128)
                .or_else(|| literal.parse::<u128>().ok())?
        } else if let Some(hex) = literal.strip_prefix("0xL") {
            let (lo, hi) = (hex.get(..16)?, hex.get(16..32)?);
            (u128::from(u64::from_str_radix(hi, 16).ok()?) << 64) | u128::from(u64::from_str_radix(lo, 16).ok()?)
        } else {
            u128::from(self.const_fp_bits()?)
        };
        (store_size <= 16).then(|| bits.to_le_bytes()[..store_size].to_vec())
    }

    /// Sign-extended value of a constant integer.
    pub fn const_int_sext(self) -> Option<i64> {
        unsafe {
            if LLVMIsAConstantInt(self.raw).is_null() {
                None
            } else {
                Some(LLVMConstIntGetSExtValue(self.raw))
            }
        }
    }

    /// The string of an MDString value.
    pub fn md_string(self) -> Option<String> {
        crate::metadata::md_string(self)
    }

    /// Operands of an MDNode value.
    pub fn md_operands(self) -> Vec<crate::MdOperand<'c>> {
        crate::metadata::md_operands(self)
    }
}

/// A handle to an LLVM type.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Type<'c> {
    raw: LLVMTypeRef,
    _ctx: PhantomData<&'c ()>,
}

impl std::fmt::Debug for Type<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        unsafe {
            let p = LLVMPrintTypeToString(self.raw);
            let s = std::ffi::CStr::from_ptr(p).to_string_lossy().into_owned();
            LLVMDisposeMessage(p);
            f.write_str(&s)
        }
    }
}

impl<'c> Type<'c> {
    pub(crate) unsafe fn from_raw(raw: LLVMTypeRef) -> Self {
        Type { raw, _ctx: PhantomData }
    }

    pub(crate) fn raw(self) -> LLVMTypeRef {
        self.raw
    }
}

/// Common types of a context.
pub struct Types<'c> {
    ctx: LLVMContextRef,
    _ctx: PhantomData<&'c ()>,
}

impl<'c> Types<'c> {
    pub(crate) fn new(ctx: LLVMContextRef) -> Self {
        Types { ctx, _ctx: PhantomData }
    }

    /// `void`
    pub fn void(&self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMVoidTypeInContext(self.ctx)) }
    }

    /// `i<bits>`
    pub fn int(&self, bits: u32) -> Type<'c> {
        unsafe { Type::from_raw(LLVMIntTypeInContext(self.ctx, bits)) }
    }

    /// `ptr addrspace(n)`
    pub fn ptr(&self, addr_space: u32) -> Type<'c> {
        unsafe { Type::from_raw(LLVMPointerTypeInContext(self.ctx, addr_space)) }
    }

    /// A function type.
    pub fn function(&self, ret: Type<'c>, params: &[Type<'c>], var_arg: bool) -> Type<'c> {
        let mut p: Vec<LLVMTypeRef> = params.iter().map(|t| t.raw).collect();
        unsafe {
            Type::from_raw(LLVMFunctionType(
                ret.raw,
                p.as_mut_ptr(),
                p.len() as u32,
                var_arg as i32,
            ))
        }
    }

    /// A constant integer of type `ty`.
    pub fn const_int(&self, ty: Type<'c>, v: u64) -> Value<'c> {
        unsafe { Value::from_raw(LLVMConstInt(ty.raw, v, 0)) }
    }

    /// A constant array of `elem` values.
    pub fn const_array(&self, elem: Type<'c>, values: &[Value<'c>]) -> Value<'c> {
        let mut v: Vec<LLVMValueRef> = values.iter().map(|x| x.raw()).collect();
        unsafe { Value::from_raw(LLVMConstArray2(elem.raw, v.as_mut_ptr(), v.len() as u64)) }
    }

    /// An MDString.
    pub fn md_string(&self, s: &str) -> Value<'c> {
        unsafe {
            Value::from_raw(LLVMMetadataAsValue(
                self.ctx,
                LLVMMDStringInContext2(self.ctx, s.as_ptr() as *const _, s.len()),
            ))
        }
    }
}
