//! Every method of a [`Value`] handle: names, kinds, users and operands,
//! constants, globals and their attributes, functions (parameters,
//! attributes, cloning and rebuilding them), calls, instructions and
//! metadata attachments; with the enums that describe values
//! ([`Linkage`], [`Visibility`], [`CallConv`], [`ValueKind`]). Instructions
//! are created by `builder.rs`.

use llvm_sys::core::*;
use llvm_sys::prelude::*;
use llvm_sys::{LLVMCallConv, LLVMOpcode, LLVMValueKind};

use crate::builder::CastOp;
use crate::cstr::{bytes_to_string, name_ptr};
use crate::ffi;
use crate::handles::{Type, Value};
use crate::metadata::{MdOperand, MD_KIND_ABSENT};
use crate::IrError;

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

impl<'c> Value<'c> {
    /// The value's name (empty for unnamed values).
    pub fn name(self) -> String {
        unsafe {
            let mut len = 0usize;
            let p = LLVMGetValueName2(self.raw(), &mut len);
            bytes_to_string(p, len)
        }
    }

    /// Renames the value.
    pub fn set_name(self, name: &str) {
        unsafe { LLVMSetValueName2(self.raw(), name.as_ptr() as *const _, name.len()) }
    }

    /// Coarse kind.
    pub fn kind(self) -> ValueKind {
        use LLVMValueKind::*;
        // Constants other than global values first: LLVM's C API has no
        // kind for `dso_local_equivalent` and `no_cfi` (LLVMGetValueKind
        // reaches llvm_unreachable on them), and all such constants are
        // one kind here.
        unsafe {
            if !LLVMIsAConstant(self.raw()).is_null() && LLVMIsAGlobalValue(self.raw()).is_null() {
                return ValueKind::Constant;
            }
        }
        match unsafe { LLVMGetValueKind(self.raw()) } {
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
        unsafe { Type::from_raw(LLVMTypeOf(self.raw())) }
    }

    // ---- uses -------------------------------------------------------------

    /// The users of this value, one entry per use (a user appears as often as
    /// it uses the value), in use-list order.
    pub fn users(self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let mut u = LLVMGetFirstUse(self.raw());
            while !u.is_null() {
                v.push(Value::from_raw(LLVMGetUser(u)));
                u = LLVMGetNextUse(u);
            }
        }
        v
    }

    /// True if nothing uses the value.
    pub fn has_no_uses(self) -> bool {
        unsafe { LLVMGetFirstUse(self.raw()).is_null() }
    }

    /// Replaces every use of this value by `new`.
    pub fn replace_all_uses_with(self, new: Value<'c>) {
        unsafe { LLVMReplaceAllUsesWith(self.raw(), new.raw()) }
    }

    /// Operands of a user (instruction or constant).
    pub fn operands(self) -> Vec<Value<'c>> {
        unsafe {
            let n = LLVMGetNumOperands(self.raw());
            (0..n.max(0) as u32)
                .filter_map(|i| Value::from_raw_opt(LLVMGetOperand(self.raw(), i)))
                .collect()
        }
    }

    /// Operand `i` of a user.
    pub fn operand(self, i: u32) -> Option<Value<'c>> {
        unsafe {
            if (i as i32) < LLVMGetNumOperands(self.raw()) {
                Value::from_raw_opt(LLVMGetOperand(self.raw(), i))
            } else {
                None
            }
        }
    }

    /// `Value::stripPointerCasts`.
    pub fn strip_pointer_casts(self) -> Value<'c> {
        unsafe { Value::from_raw(ffi::SyclStripPointerCasts(self.raw())) }
    }

    /// Destroys a constant (not a global) that has no uses left, after
    /// removing dead constant users (see
    /// [`Value::remove_dead_constant_users`]). Returns true if destroyed.
    ///
    /// # Safety
    ///
    /// Where it returns true, no handle to this constant is used after the
    /// call; in either case, no handle to a constant expression that the
    /// call destroyed as a dead user of it is (those of
    /// [`Value::remove_dead_constant_users`]).
    pub unsafe fn destroy_if_dead_constant(self) -> bool {
        // SAFETY: the shim leaves anything but a constant that is not a
        // global alone; what it frees, the caller no longer uses.
        unsafe { ffi::SyclDestroyDeadConstant(self.raw()) != 0 }
    }

    // ---- global values ------------------------------------------------------

    /// True for a declaration (a function without body, a variable without
    /// initializer).
    pub fn is_declaration(self) -> bool {
        unsafe { ffi::SyclIsDeclaration(self.raw()) != 0 }
    }

    /// The number of instructions in a loaded function's body; 0 for a
    /// declaration, a body not read yet, or any other value.
    pub fn instruction_count(self) -> usize {
        unsafe { ffi::SyclInstructionCount(self.raw()) }
    }

    /// The global values this function, global variable or alias refers
    /// to, each once: what its instructions (and personality, prefix and
    /// prologue data), its initializer or its aliasee use, looking through
    /// constants and ifuncs (to their resolvers), not through metadata. A
    /// function's body must be read for its instructions to count
    /// ([`Value::read_body`]). Over a whole module this is the relation its
    /// use lists give, seen from the other end.
    pub fn referenced_global_values(self) -> Vec<Value<'c>> {
        let mut out: Vec<LLVMValueRef> = vec![std::ptr::null_mut(); 64];
        loop {
            let n = unsafe { ffi::SyclReferencedGlobalValues(self.raw(), out.as_mut_ptr(), out.len()) };
            if n <= out.len() {
                out.truncate(n);
                return out.into_iter().map(|v| unsafe { Value::from_raw(v) }).collect();
            }
            out.resize(n, std::ptr::null_mut());
        }
    }

    /// Reads this function's body where it is left to read (a module read
    /// lazily or in two steps), as an extraction that needs it does.
    pub fn read_body(self) -> Result<(), IrError> {
        let mut msg: *mut std::os::raw::c_char = std::ptr::null_mut();
        if unsafe { ffi::SyclMaterializeFunction(self.raw(), &mut msg) } != 0 {
            let why = unsafe { crate::cstr::take_message(msg) };
            return Err(IrError::Parse(format!(
                "cannot read the body of '{}': {why}",
                self.name()
            )));
        }
        Ok(())
    }

    /// `GlobalValue::isDiscardableIfUnused`.
    pub fn is_discardable_if_unused(self) -> bool {
        unsafe { ffi::SyclIsDiscardableIfUnused(self.raw()) != 0 }
    }

    /// Linkage of a global value.
    pub fn linkage(self) -> Linkage {
        unsafe { LLVMGetLinkage(self.raw()) }
    }

    /// Sets the linkage of a global value.
    pub fn set_linkage(self, l: Linkage) {
        unsafe { LLVMSetLinkage(self.raw(), l) }
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
        unsafe { LLVMGetVisibility(self.raw()) }
    }

    /// Sets the visibility of a global value.
    pub fn set_visibility(self, v: Visibility) {
        unsafe { LLVMSetVisibility(self.raw(), v) }
    }

    /// `externally_initialized` global variable.
    pub fn is_externally_initialized(self) -> bool {
        self.is_global_variable() && unsafe { LLVMIsExternallyInitialized(self.raw()) != 0 }
    }

    /// A global variable marked `constant`.
    pub fn is_global_constant(self) -> bool {
        self.is_global_variable() && unsafe { LLVMIsGlobalConstant(self.raw()) != 0 }
    }

    /// DLL storage class is `dllexport`.
    pub fn is_dll_export(self) -> bool {
        unsafe { LLVMGetDLLStorageClass(self.raw()) == llvm_sys::LLVMDLLStorageClass::LLVMDLLExportStorageClass }
    }

    /// An identity for the comdat of a global object, if it has one: two
    /// objects share a comdat iff their ids are equal.
    pub fn comdat_id(self) -> Option<usize> {
        unsafe {
            let c = llvm_sys::comdat::LLVMGetComdat(self.raw());
            if c.is_null() {
                return None;
            }
            Some(c as usize)
        }
    }

    /// Removes the object from its comdat.
    pub fn clear_comdat(self) {
        unsafe { llvm_sys::comdat::LLVMSetComdat(self.raw(), std::ptr::null_mut()) }
    }

    /// Sets the comdat's selection kind to `nodeduplicate`.
    pub fn set_comdat_nodeduplicate(self) {
        unsafe {
            let c = llvm_sys::comdat::LLVMGetComdat(self.raw());
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
        unsafe { Type::from_raw(LLVMGlobalGetValueType(self.raw())) }
    }

    /// Deletes a global value (function or variable) from its module;
    /// anything else is left as it is.
    ///
    /// # Safety
    ///
    /// - The value has no uses ([`Value::has_no_uses`]; a dead constant
    ///   expression is a use too, see [`Value::remove_dead_constant_users`]).
    ///   LLVM deletes it regardless: a user left would point at freed memory
    ///   (an LLVM built with assertions stops at "Uses remain when a value
    ///   is destroyed!"; a release build, such as the distributions', goes
    ///   on with undefined behaviour).
    /// - No handle to it, or, for a function, to one of its arguments, basic
    ///   blocks or instructions, is used after the call.
    ///
    /// Metadata that refers to it is no use: LLVM makes the reference null.
    pub unsafe fn erase_global(self) {
        // SAFETY: the kind is checked first; the caller guarantees no uses
        // and drops its handles.
        unsafe {
            match self.kind() {
                ValueKind::Function => LLVMDeleteFunction(self.raw()),
                ValueKind::GlobalVariable => LLVMDeleteGlobal(self.raw()),
                _ => {}
            }
        }
    }

    // ---- global variables -------------------------------------------------

    /// Initializer of a global variable.
    pub fn initializer(self) -> Option<Value<'c>> {
        unsafe { Value::from_raw_opt(LLVMGetInitializer(self.raw())) }
    }

    /// Sets the initializer of a global variable.
    pub fn set_initializer(self, init: Value<'c>) {
        unsafe { LLVMSetInitializer(self.raw(), init.raw()) }
    }

    /// Turns a global variable definition into an external declaration.
    pub fn make_global_declaration(self) {
        unsafe { ffi::SyclMakeGlobalDeclaration(self.raw()) }
    }

    /// A string attribute of a global variable (`"sycl-unique-id"`, ...).
    pub fn global_attr(self, key: &str) -> Option<String> {
        unsafe {
            let mut p = std::ptr::null();
            let mut len = 0usize;
            if ffi::SyclGlobalVarStringAttr(self.raw(), key.as_ptr() as *const _, key.len(), &mut p, &mut len) != 0 {
                Some(bytes_to_string(p, len))
            } else {
                None
            }
        }
    }

    /// Sets the section of a global.
    pub fn set_section(self, s: &str) {
        let c = name_ptr(s);
        unsafe { LLVMSetSection(self.raw(), c.as_ptr()) }
    }

    // ---- functions ----------------------------------------------------------

    /// Calling convention of a function or call.
    pub fn call_conv(self) -> CallConv {
        unsafe {
            if self.kind() == ValueKind::Instruction {
                CallConv::from_raw(LLVMGetInstructionCallConv(self.raw()))
            } else {
                CallConv::from_raw(LLVMGetFunctionCallConv(self.raw()))
            }
        }
    }

    /// Sets the calling convention of a function or call.
    pub fn set_call_conv(self, cc: CallConv) {
        unsafe {
            if self.kind() == ValueKind::Instruction {
                LLVMSetInstructionCallConv(self.raw(), cc.to_raw())
            } else {
                LLVMSetFunctionCallConv(self.raw(), cc.to_raw())
            }
        }
    }

    /// Value of the string function attribute `key`, if present (`Some("")`
    /// for a value-less attribute).
    pub fn fn_attr(self, key: &str) -> Option<String> {
        unsafe {
            let a = LLVMGetStringAttributeAtIndex(
                self.raw(),
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
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw()));
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
            LLVMAddAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, a);
        }
    }

    /// Removes a string function attribute.
    pub fn remove_fn_attr(self, key: &str) {
        unsafe {
            LLVMRemoveStringAttributeAtIndex(
                self.raw(),
                llvm_sys::LLVMAttributeFunctionIndex,
                key.as_ptr() as *const _,
                key.len() as u32,
            )
        }
    }

    /// True if parameter `index` (0-based) carries string attribute `key`.
    pub fn has_param_attr(self, index: u32, key: &str) -> bool {
        unsafe {
            !LLVMGetStringAttributeAtIndex(self.raw(), index + 1, key.as_ptr() as *const _, key.len() as u32).is_null()
        }
    }

    /// Number of parameters of a function.
    pub fn param_count(self) -> u32 {
        unsafe { LLVMCountParams(self.raw()) }
    }

    /// Parameter `i` of a function.
    pub fn param(self, i: u32) -> Value<'c> {
        unsafe { Value::from_raw(LLVMGetParam(self.raw(), i)) }
    }

    /// The LLVM intrinsic ID, 0 if the function is not an intrinsic.
    pub fn intrinsic_id(self) -> u32 {
        unsafe { LLVMGetIntrinsicID(self.raw()) }
    }

    /// Turns a function definition into a declaration
    /// (`Function::deleteBody`: its basic blocks and their instructions are
    /// deleted, the function and its arguments stay; linkage becomes
    /// external).
    ///
    /// # Safety
    ///
    /// `self` is a function, and no handle to a basic block or instruction
    /// of its body is used after the call. (In a valid module the body's
    /// instructions are used only inside it; block addresses and metadata
    /// that refer to it are updated by LLVM.)
    pub unsafe fn delete_body(self) {
        // SAFETY: the caller guarantees a function and drops its handles
        // into the body.
        unsafe { ffi::SyclDeleteFunctionBody(self.raw()) }
    }

    /// Instructions of a function, in order.
    pub fn instructions(self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let mut bb = LLVMGetFirstBasicBlock(self.raw());
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
            if LLVMCountBasicBlocks(self.raw()) == 0 {
                return None;
            }
            Value::from_raw_opt(LLVMBasicBlockAsValue(LLVMGetEntryBasicBlock(self.raw())))
        }
    }

    /// The instructions of a basic block (given as a value), in order.
    pub fn block_instructions(self) -> Vec<Value<'c>> {
        let mut v = Vec::new();
        unsafe {
            let bb = LLVMValueAsBasicBlock(self.raw());
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
            let t = LLVMGetBasicBlockTerminator(LLVMValueAsBasicBlock(self.raw()));
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
            let mut bb = LLVMGetFirstBasicBlock(self.raw());
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
            let entries = LLVMGlobalCopyAllMetadata(self.raw(), &mut n);
            let mut found = None;
            for i in 0..n as u32 {
                if LLVMValueMetadataEntriesGetKind(entries, i) == kind {
                    let md = LLVMValueMetadataEntriesGetMetadata(entries, i);
                    let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw()));
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
            kind, MD_KIND_ABSENT,
            "attach metadata with a kind from md_kind_for_write"
        );
        unsafe { LLVMGlobalSetMetadata(self.raw(), kind, ffi::SyclValueAsMDNode(node.raw())) }
    }

    /// The metadata attachment `kind` of an instruction.
    pub fn inst_metadata(self, kind: u32) -> Option<Value<'c>> {
        unsafe {
            if LLVMHasMetadata(self.raw()) == 0 {
                return None;
            }
            Value::from_raw_opt(LLVMGetMetadata(self.raw(), kind))
        }
    }

    // ---- instructions -----------------------------------------------------

    /// Opcode of an instruction.
    pub fn opcode(self) -> Option<LLVMOpcode> {
        unsafe {
            if LLVMIsAInstruction(self.raw()).is_null() {
                None
            } else {
                Some(LLVMGetInstructionOpcode(self.raw()))
            }
        }
    }

    /// True for `call` instructions (not `invoke`).
    pub fn is_call(self) -> bool {
        unsafe { !LLVMIsACallInst(self.raw()).is_null() }
    }

    /// True for `call`, `invoke` and `callbr`.
    pub fn is_call_base(self) -> bool {
        unsafe {
            !LLVMIsACallInst(self.raw()).is_null()
                || !LLVMIsAInvokeInst(self.raw()).is_null()
                || !LLVMIsACallBrInst(self.raw()).is_null()
        }
    }

    /// For a call: `CallBase::isIndirectCall`.
    pub fn is_indirect_call(self) -> bool {
        self.is_call_base() && unsafe { ffi::SyclIsIndirectCall(self.raw()) != 0 }
    }

    /// For a call: the called operand.
    pub fn called_value(self) -> Option<Value<'c>> {
        unsafe {
            if !self.is_call_base() {
                return None;
            }
            Value::from_raw_opt(LLVMGetCalledValue(self.raw()))
        }
    }

    /// For a call: the called function if the callee operand is a function.
    pub fn called_function(self) -> Option<Value<'c>> {
        self.called_value().filter(|v| v.is_function())
    }

    /// For a call: its function type.
    pub fn called_function_type(self) -> Type<'c> {
        unsafe { Type::from_raw(LLVMGetCalledFunctionType(self.raw())) }
    }

    /// Number of call arguments.
    pub fn arg_count(self) -> u32 {
        unsafe { LLVMGetNumArgOperands(self.raw()) }
    }

    /// The function containing an instruction.
    pub fn parent_function(self) -> Option<Value<'c>> {
        unsafe {
            if LLVMIsAInstruction(self.raw()).is_null() {
                return None;
            }
            let bb = LLVMGetInstructionParent(self.raw());
            if bb.is_null() {
                return None;
            }
            Value::from_raw_opt(LLVMGetBasicBlockParent(bb))
        }
    }

    /// Erases an instruction from its basic block and deletes it.
    ///
    /// # Safety
    ///
    /// - `self` is an instruction in a basic block.
    /// - It has no uses: replace them first ([`Value::replace_all_uses_with`]).
    ///   LLVM deletes it regardless, and a user left would point at freed
    ///   memory (undefined behaviour in a release build of LLVM).
    /// - No handle to it is used after the call.
    ///
    /// Erasing a terminator is not undefined behaviour, but leaves the block
    /// invalid until it has another.
    pub unsafe fn erase_instruction(self) {
        // SAFETY: the caller guarantees an instruction in a block, without
        // uses, and drops its handles.
        unsafe { LLVMInstructionEraseFromParent(self.raw()) }
    }

    // ---- constants ------------------------------------------------------------

    /// Zero-extended value of a constant integer.
    pub fn const_int_zext(self) -> Option<u64> {
        unsafe {
            if LLVMIsAConstantInt(self.raw()).is_null() {
                None
            } else {
                Some(LLVMConstIntGetZExtValue(self.raw()))
            }
        }
    }

    /// The little-endian bytes of a constant integer or floating-point
    /// scalar of up to 128 bits (`i128`, `fp128`; narrower ones too), as
    /// many as `store_size`: the whole value, where [`Value::const_int_zext`]
    /// and [`Value::const_fp_bits`] give 64 bits. `None` for other values.
    pub fn const_scalar_le_bytes(self, store_size: usize) -> Option<Vec<u8>> {
        let is_int = unsafe { !LLVMIsAConstantInt(self.raw()).is_null() };
        let is_fp = unsafe { !LLVMIsAConstantFP(self.raw()).is_null() };
        if !is_int && !is_fp {
            return None;
        }
        // The printed form is LLVM's own exact spelling: "i128 -5", or for
        // fp128 "fp128 0xL<low 64 bits><high 64 bits>" in hex.
        let text = unsafe {
            let p = LLVMPrintValueToString(self.raw());
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
            if LLVMIsAConstantInt(self.raw()).is_null() {
                None
            } else {
                Some(LLVMConstIntGetSExtValue(self.raw()))
            }
        }
    }

    /// The string of an MDString value.
    pub fn md_string(self) -> Option<String> {
        crate::metadata::md_string(self)
    }

    /// Operands of an MDNode value.
    pub fn md_operands(self) -> Vec<MdOperand<'c>> {
        crate::metadata::md_operands(self)
    }

    /// True for any constant (including globals).
    pub fn is_constant(self) -> bool {
        unsafe { !LLVMIsAConstant(self.raw()).is_null() }
    }

    /// True for a null constant (`null`, `0`, `zeroinitializer`).
    pub fn is_null_constant(self) -> bool {
        self.is_constant() && unsafe { LLVMIsNull(self.raw()) != 0 }
    }

    /// True for `undef` and `poison`.
    pub fn is_undef(self) -> bool {
        unsafe { !LLVMIsAUndefValue(self.raw()).is_null() }
    }

    /// True for `zeroinitializer` of an aggregate or vector.
    pub fn is_zero_aggregate(self) -> bool {
        unsafe { !LLVMIsAConstantAggregateZero(self.raw()).is_null() }
    }

    /// True for packed constant data (`[3 x float] [...]`, `<2 x i32> <...>`, `c"..."`).
    pub fn is_constant_data_sequential(self) -> bool {
        unsafe { !LLVMIsAConstantDataSequential(self.raw()).is_null() }
    }

    /// True for a constant integer.
    pub fn is_const_int(self) -> bool {
        self.const_int_zext().is_some()
    }

    /// True for a constant floating-point value.
    pub fn is_const_fp(self) -> bool {
        unsafe { !LLVMIsAConstantFP(self.raw()).is_null() }
    }

    /// The bit pattern of a constant floating-point value of at most 64 bits.
    pub fn const_fp_bits(self) -> Option<u64> {
        let mut ok = 0;
        let bits = unsafe { ffi::SyclConstFPBits(self.raw(), &mut ok) };
        (ok != 0).then_some(bits)
    }

    /// `Constant::getAggregateElement(i)` of a constant aggregate, vector,
    /// `zeroinitializer` or `undef`.
    pub fn aggregate_element(self, i: u32) -> Option<Value<'c>> {
        unsafe { Value::from_raw_opt(LLVMGetAggregateElement(self.raw(), i)) }
    }

    /// The bytes of a constant data array (`c"abc\00"`), terminator included.
    pub fn const_data_array_bytes(self) -> Option<Vec<u8>> {
        unsafe {
            if LLVMIsAConstantDataArray(self.raw()).is_null() {
                return None;
            }
            let mut len = 0usize;
            let p = LLVMGetAsString(self.raw(), &mut len);
            if p.is_null() {
                return Some(Vec::new());
            }
            Some(std::slice::from_raw_parts(p as *const u8, len).to_vec())
        }
    }

    /// For a function: `Function::hasStructRetAttr` (parameter 0 or 1 is `sret`).
    pub fn has_struct_ret_attr(self) -> bool {
        unsafe { ffi::SyclHasStructRetAttr(self.raw()) != 0 }
    }

    /// For a function: the `sret` type of parameter `i`, if it has one.
    pub fn param_struct_ret_type(self, i: u32) -> Option<Type<'c>> {
        unsafe {
            let t = ffi::SyclParamStructRetType(self.raw(), i);
            (!t.is_null()).then(|| Type::from_raw(t))
        }
    }

    /// Removes the dead constant expressions that use this constant
    /// (`Constant::removeDeadConstantUsers`): those used by nothing but
    /// other dead constants, directly or through other constant
    /// expressions. Nothing happens for a value that is not a constant.
    ///
    /// # Safety
    ///
    /// No handle to a constant expression the call destroys is used after
    /// it (a handle to one with uses left, or to anything that is not a
    /// constant expression, stays valid).
    pub unsafe fn remove_dead_constant_users(self) {
        // SAFETY: the shim checks that the value is a constant; the caller
        // drops its handles to what goes.
        unsafe { ffi::SyclRemoveDeadConstantUsers(self.raw()) }
    }

    /// True for a `load` instruction.
    pub fn is_load(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMLoad)
    }

    /// True for a `store` instruction.
    pub fn is_store(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMStore)
    }

    /// True for an `alloca` instruction.
    pub fn is_alloca(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMAlloca)
    }

    /// True for an `addrspacecast` instruction.
    pub fn is_addrspacecast_inst(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMAddrSpaceCast)
    }

    /// True for a `getelementptr` instruction.
    pub fn is_gep_inst(self) -> bool {
        self.opcode() == Some(LLVMOpcode::LLVMGetElementPtr)
    }

    /// The name of the called function of a direct call (empty otherwise).
    pub fn callee_name(self) -> String {
        self.called_function().map(|f| f.name()).unwrap_or_default()
    }

    /// Adds (or replaces) the string attribute `key`=`value` of a global
    /// variable. Returns false (and changes nothing) for other values.
    pub fn add_global_attr(self, key: &str, value: &str) -> bool {
        if !self.is_global_variable() {
            return false;
        }
        unsafe {
            ffi::SyclGlobalVarAddStringAttr(
                self.raw(),
                key.as_ptr() as *const _,
                key.len(),
                value.as_ptr() as *const _,
                value.len(),
            ) != 0
        }
    }

    /// Sets or clears `dso_local` on a global value.
    pub fn set_dso_local(self, local: bool) {
        unsafe { ffi::SyclSetDSOLocal(self.raw(), i32::from(local)) }
    }

    /// Appends the metadata node `node` (a metadata-as-value) to a global
    /// object's attachments of kind `kind` (`GlobalObject::addMetadata`: an
    /// existing attachment of that kind is kept).
    pub fn add_global_metadata(self, kind: u32, node: Value<'c>) {
        unsafe { LLVMGlobalAddMetadata(self.raw(), kind, ffi::SyclValueAsMDNode(node.raw())) }
    }

    /// Replaces this global variable, if it is of array type and has an
    /// initializer, by one of a new unnamed struct type `{ [N x T] }` with
    /// the same name (upstream `SanitizerKernelMetadataPass`): external
    /// linkage, same address space, `local_unnamed_addr` and `dso_local`
    /// unless the old global's attributes say otherwise, the old global's
    /// attributes and metadata; uses move to the new global and the old one
    /// is erased. Returns the new global, or `None` (nothing changed) for
    /// other values.
    ///
    /// # Safety
    ///
    /// Where it returns `Some`, no handle to this global, or to a constant
    /// expression that used it (LLVM rebuilds those on the new global and
    /// destroys them), is used after the call.
    pub unsafe fn wrap_global_array_in_struct(self) -> Option<Value<'c>> {
        // SAFETY: the shim checks what the value is; what it frees, the
        // caller no longer uses.
        unsafe { Value::from_raw_opt(ffi::SyclWrapGlobalArrayInStruct(self.raw())) }
    }

    /// Replaces this global variable by one of type `ty` under the same name
    /// (upstream LowerESIMD's `lowerGlobalsToVector`): same constness,
    /// linkage, thread-local mode and address space, an `undef` initializer
    /// if the old one is `undef`/`poison` and `zeroinitializer` otherwise
    /// (also for a declaration), the old global's attributes and metadata;
    /// it goes to the end of the module's globals, uses move to it and the
    /// old global is erased. Returns the new global, or `None` (nothing
    /// changed) for other values.
    ///
    /// # Safety
    ///
    /// Where it returns `Some`, no handle to this global, or to a constant
    /// expression that used it (LLVM rebuilds those on the new global and
    /// destroys them), is used after the call.
    pub unsafe fn retype_global(self, ty: Type<'c>) -> Option<Value<'c>> {
        // SAFETY: the shim checks what the value is; what it frees, the
        // caller no longer uses.
        unsafe { Value::from_raw_opt(ffi::SyclRetypeGlobal(self.raw(), ty.raw())) }
    }

    /// Gives a function declaration of type `void()` a body: one block named
    /// `entry` holding `ret void`.
    pub fn add_ret_void_body(self) {
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw()));
            let bb = LLVMAppendBasicBlockInContext(ctx, self.raw(), c"entry".as_ptr());
            let b = LLVMCreateBuilderInContext(ctx);
            LLVMPositionBuilderAtEnd(b, bb);
            LLVMBuildRetVoid(b);
            LLVMDisposeBuilder(b);
        }
    }

    /// For a function: a new function named `name`, inserted right after
    /// this one, with this function's parameters followed by one parameter of
    /// type `extra`, and a copy of this function's body
    /// (`CloneFunctionInto` with global changes: attributes, parameter
    /// attributes and calling convention are copied, the `DISubprogram` is
    /// cloned for the new function). The new parameter has no attributes.
    /// Instruction `i` of the copy corresponds to instruction `i` of this
    /// function (see [`Value::instructions`]).
    pub fn clone_with_extra_param(self, extra: Type<'c>, name: &str) -> Value<'c> {
        let mut params: Vec<LLVMTypeRef> = (0..self.param_count()).map(|i| self.param(i).ty().raw()).collect();
        params.push(extra.raw());
        unsafe {
            let nf = ffi::SyclCreateFunctionLike(
                self.raw(),
                params.as_mut_ptr(),
                params.len() as u32,
                name.as_ptr() as *const _,
                name.len(),
                0,
            );
            ffi::SyclCloneFunctionBodyInto(nf, self.raw());
            Value::from_raw(nf)
        }
    }

    /// For a function: a new, unnamed function with the same return type,
    /// linkage, calling convention, function and return attributes and
    /// comdat, and parameter types `params`, appended to the module.
    /// Parameter `i` keeps this function's parameter attributes where
    /// `keep_param_attrs[i]`. The body stays here (see
    /// [`Value::move_body_into`]).
    pub fn rebuild_with_params(self, params: &[Type<'c>], keep_param_attrs: &[bool]) -> Value<'c> {
        self.rebuild(params, keep_param_attrs, true)
    }

    /// As [`Value::rebuild_with_params`], but the new function is placed
    /// right after this one (it takes this function's place in the module
    /// once this one is erased). Kept parameter attributes that a new
    /// parameter type cannot carry are dropped.
    pub fn rebuild_in_place_with_params(self, params: &[Type<'c>], keep_param_attrs: &[bool]) -> Value<'c> {
        self.rebuild(params, keep_param_attrs, false)
    }

    fn rebuild(self, params: &[Type<'c>], keep_param_attrs: &[bool], at_end: bool) -> Value<'c> {
        let mut raw: Vec<LLVMTypeRef> = params.iter().map(|t| t.raw()).collect();
        let keep: Vec<i32> = (0..params.len())
            .map(|i| i32::from(keep_param_attrs.get(i).copied().unwrap_or(false)))
            .collect();
        unsafe {
            let nf = ffi::SyclCreateFunctionLike(
                self.raw(),
                raw.as_mut_ptr(),
                raw.len() as u32,
                std::ptr::null(),
                0,
                i32::from(at_end),
            );
            ffi::SyclCopyFunctionAttributes(nf, self.raw(), keep.as_ptr(), keep.len() as u32);
            Value::from_raw(nf)
        }
    }

    /// For a function: moves its basic blocks into `to` (a function without
    /// body) and moves its metadata attachments (debug info included) there.
    /// Uses of this function's parameters are left for the caller.
    pub fn move_body_into(self, to: Value<'c>) {
        unsafe { ffi::SyclMoveFunctionBody(self.raw(), to.raw()) }
    }

    /// For a call: replaces it by a call of `callee` with the same arguments
    /// followed by `extra`, keeping calling convention, tail-call kind,
    /// operand bundles, call-site attributes, metadata and name; its uses
    /// move to the new call, and it is erased. Returns the new call.
    ///
    /// # Safety
    ///
    /// `self` is a call instruction and `callee` a function; no handle to
    /// `self` is used after the call.
    pub unsafe fn replace_call_adding_args(self, callee: Value<'c>, extra: &[Value<'c>]) -> Value<'c> {
        let mut raw: Vec<LLVMValueRef> = extra.iter().map(|v| v.raw()).collect();
        // SAFETY: the caller guarantees a call and a function and drops its
        // handles to the old call.
        unsafe {
            Value::from_raw(ffi::SyclReplaceCallAddingArgs(
                self.raw(),
                callee.raw(),
                raw.as_mut_ptr(),
                raw.len() as u32,
            ))
        }
    }

    /// For a function: adds a type attribute (`byval`, `byref`, `sret`, ...)
    /// of type `ty` to parameter `index`.
    pub fn add_param_type_attr(self, index: u32, kind: &str, ty: Type<'c>) {
        unsafe {
            let id = LLVMGetEnumAttributeKindForName(kind.as_ptr() as *const _, kind.len());
            let ctx = LLVMGetTypeContext(ty.raw());
            let attr = LLVMCreateTypeAttribute(ctx, id, ty.raw());
            LLVMAddAttributeAtIndex(self.raw(), index + 1, attr);
        }
    }

    /// For a function with a body: the first instruction of its entry block.
    pub fn entry_first_instruction(self) -> Option<Value<'c>> {
        unsafe {
            if LLVMCountBasicBlocks(self.raw()) == 0 {
                return None;
            }
            let bb = LLVMGetEntryBasicBlock(self.raw());
            Value::from_raw_opt(LLVMGetFirstInstruction(bb))
        }
    }

    /// Sets the alignment of a global variable, `alloca`, `load` or `store`.
    pub fn set_alignment(self, bytes: u32) {
        unsafe { LLVMSetAlignment(self.raw(), bytes) }
    }

    /// For an instruction: no uses and no side effects
    /// (`isInstructionTriviallyDead`).
    pub fn is_trivially_dead(self) -> bool {
        unsafe { ffi::SyclIsTriviallyDead(self.raw()) != 0 }
    }

    /// For a metadata node: `distinct !{...}`.
    pub fn is_distinct_md_node(self) -> bool {
        unsafe { ffi::SyclMDNodeIsDistinct(self.raw()) != 0 }
    }

    /// The alignment (bytes) of a global variable, `alloca`, `load` or `store`.
    pub fn alignment(self) -> u32 {
        unsafe { LLVMGetAlignment(self.raw()) }
    }

    /// True for a `getelementptr` instruction.
    pub fn is_gep(self) -> bool {
        unsafe { !LLVMIsAGetElementPtrInst(self.raw()).is_null() }
    }

    /// True for a `phi` instruction.
    pub fn is_phi(self) -> bool {
        unsafe { !LLVMIsAPHINode(self.raw()).is_null() }
    }

    /// True for a `select` instruction.
    pub fn is_select(self) -> bool {
        unsafe { !LLVMIsASelectInst(self.raw()).is_null() }
    }

    /// True for a `bitcast` or `addrspacecast` instruction.
    pub fn is_pointer_cast(self) -> bool {
        unsafe { !LLVMIsABitCastInst(self.raw()).is_null() || !LLVMIsAAddrSpaceCastInst(self.raw()).is_null() }
    }

    /// True if the function has the enum attribute `name` (`noinline`,
    /// `optnone`, `alwaysinline`, ...).
    pub fn has_enum_fn_attr(self, name: &str) -> bool {
        let kind = enum_kind(name);
        kind != 0
            && unsafe { !LLVMGetEnumAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, kind).is_null() }
    }

    /// Adds the enum function attribute `name` (no value).
    pub fn add_enum_fn_attr(self, name: &str) {
        let kind = enum_kind(name);
        if kind == 0 {
            return;
        }
        unsafe {
            let ctx = LLVMGetTypeContext(LLVMTypeOf(self.raw()));
            let a = LLVMCreateEnumAttribute(ctx, kind, 0);
            LLVMAddAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, a);
        }
    }

    /// Removes the enum function attribute `name`.
    pub fn remove_enum_fn_attr(self, name: &str) {
        let kind = enum_kind(name);
        if kind != 0 {
            unsafe { LLVMRemoveEnumAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, kind) }
        }
    }

    /// Adds (or replaces) the string attribute `key`=`value` of parameter
    /// `index` (0-based).
    pub fn add_param_string_attr(self, index: u32, key: &str, value: &str) {
        let a = self.string_attribute(key, value);
        unsafe { LLVMAddAttributeAtIndex(self.raw(), index + 1, a) }
    }

    /// The value of string attribute `key` of parameter `index` (0-based).
    pub fn param_string_attr(self, index: u32, key: &str) -> Option<String> {
        unsafe {
            let a = LLVMGetStringAttributeAtIndex(self.raw(), index + 1, key.as_ptr() as *const _, key.len() as u32);
            if a.is_null() {
                return None;
            }
            let mut len = 0u32;
            let p = LLVMGetStringAttributeValue(a, &mut len);
            let bytes = std::slice::from_raw_parts(p as *const u8, len as usize);
            Some(String::from_utf8_lossy(bytes).into_owned())
        }
    }

    /// Removes the string attribute `key` of parameter `index` (0-based).
    pub fn remove_param_string_attr(self, index: u32, key: &str) {
        unsafe { LLVMRemoveStringAttributeAtIndex(self.raw(), index + 1, key.as_ptr() as *const _, key.len() as u32) }
    }

    /// The parameter types of a function.
    pub fn param_types(self) -> Vec<Type<'c>> {
        let fty = self.global_value_type();
        unsafe {
            let n = LLVMCountParamTypes(fty.raw()) as usize;
            let mut raw = vec![std::ptr::null_mut(); n];
            if n > 0 {
                LLVMGetParamTypes(fty.raw(), raw.as_mut_ptr());
            }
            raw.into_iter().map(|t| Type::from_raw(t)).collect()
        }
    }

    /// True for a cast instruction (`trunc`, `fptoui`, `bitcast`, ...).
    pub fn is_cast_instruction(self) -> bool {
        unsafe { !LLVMIsACastInst(self.raw()).is_null() }
    }

    /// The cast of a cast instruction, when it is one [`CastOp`] names.
    pub fn cast_op(self) -> Option<CastOp> {
        if self.is_cast_instruction() {
            CastOp::from_raw(unsafe { LLVMGetInstructionOpcode(self.raw()) })
        } else {
            None
        }
    }

    /// For a `ptrtoint` or `inttoptr` instruction, its opcode's name.
    pub fn ptr_int_cast_name(self) -> Option<&'static str> {
        match self.opcode()? {
            LLVMOpcode::LLVMPtrToInt => Some("ptrtoint"),
            LLVMOpcode::LLVMIntToPtr => Some("inttoptr"),
            _ => None,
        }
    }

    /// True for a constant expression.
    pub fn is_constant_expr(self) -> bool {
        unsafe { !LLVMIsAConstantExpr(self.raw()).is_null() }
    }

    /// True for a `bitcast` or `addrspacecast`, instruction or constant
    /// expression (upstream's `isCast`).
    pub fn is_pointer_cast_op(self) -> bool {
        unsafe {
            let op = if !LLVMIsAInstruction(self.raw()).is_null() {
                LLVMGetInstructionOpcode(self.raw())
            } else if self.is_constant_expr() {
                LLVMGetConstOpcode(self.raw())
            } else {
                return false;
            };
            matches!(op, LLVMOpcode::LLVMBitCast | LLVMOpcode::LLVMAddrSpaceCast)
        }
    }

    /// Replaces operand `i` of an instruction (or other user) by `v`.
    pub fn set_operand(self, i: u32, v: Value<'c>) {
        unsafe { LLVMSetOperand(self.raw(), i, v.raw()) }
    }

    /// Adds the `memory(none)` attribute to a function (the `memory`
    /// attribute whose value, no location accessed, is 0).
    pub fn set_memory_none(self) {
        self.add_enum_fn_attr("memory");
    }

    /// LLVM's `CloneFunction` of this function with parameter `arg_no`
    /// replaced by `poison` and dropped from the signature; the clone is
    /// appended to the module under this function's name made unique.
    /// Returns the clone and the copy of `inst` (an instruction of this
    /// function) in it.
    pub fn clone_dropping_param(self, arg_no: u32, inst: Value<'c>) -> (Value<'c>, Option<Value<'c>>) {
        let mut copy = std::ptr::null_mut();
        unsafe {
            let nf = ffi::SyclCloneFunctionDroppingParam(self.raw(), arg_no, inst.raw(), &mut copy);
            (Value::from_raw(nf), Value::from_raw_opt(copy))
        }
    }

    /// For a call: makes `f` the called operand (its function type must be
    /// the call's).
    pub fn set_called_operand(self, f: Value<'c>) {
        unsafe {
            let n = LLVMGetNumOperands(self.raw());
            LLVMSetOperand(self.raw(), (n - 1) as u32, f.raw());
        }
    }

    /// For a function argument: its function and position.
    pub fn argument_parent(self) -> Option<(Value<'c>, u32)> {
        unsafe {
            if LLVMIsAArgument(self.raw()).is_null() {
                return None;
            }
            let f = LLVMGetParamParent(self.raw());
            let n = LLVMCountParams(f);
            (0..n)
                .find(|&i| LLVMGetParam(f, i) == self.raw())
                .map(|i| (Value::from_raw(f), i))
        }
    }

    /// For a function: gives it `from`'s function attributes and, shifted
    /// left by `shift`, its parameter attributes (parameter `i` gets `from`'s
    /// parameter `i + shift`); return attributes are not copied.
    pub fn copy_attributes_shifted(self, from: Value<'c>, shift: u32) {
        unsafe {
            for a in fn_attrs_at(from.raw(), llvm_sys::LLVMAttributeFunctionIndex) {
                LLVMAddAttributeAtIndex(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, a);
            }
            for i in 0..LLVMCountParams(self.raw()) {
                for a in fn_attrs_at(from.raw(), i + shift + 1) {
                    LLVMAddAttributeAtIndex(self.raw(), i + 1, a);
                }
            }
        }
    }

    /// For a call: gives it `from`'s (a call's) calling convention,
    /// fast-math flags, function attributes and, shifted left by `shift`,
    /// its argument attributes; return attributes are not copied.
    pub fn copy_call_attributes_shifted(self, from: Value<'c>, shift: u32) {
        unsafe {
            LLVMSetInstructionCallConv(self.raw(), LLVMGetInstructionCallConv(from.raw()));
            if LLVMCanValueUseFastMathFlags(from.raw()) != 0 && LLVMCanValueUseFastMathFlags(self.raw()) != 0 {
                LLVMSetFastMathFlags(self.raw(), LLVMGetFastMathFlags(from.raw()));
            }
            for a in call_attrs_at(from.raw(), llvm_sys::LLVMAttributeFunctionIndex) {
                LLVMAddCallSiteAttribute(self.raw(), llvm_sys::LLVMAttributeFunctionIndex, a);
            }
            for i in 0..LLVMGetNumArgOperands(self.raw()) {
                for a in call_attrs_at(from.raw(), i + shift + 1) {
                    LLVMAddCallSiteAttribute(self.raw(), i + 1, a);
                }
            }
        }
    }

    /// Erases a function from its module and deletes it.
    ///
    /// # Safety
    ///
    /// - `self` is a function.
    /// - It has no uses ([`Value::has_no_uses`]; a dead constant expression
    ///   is a use too, see [`Value::remove_dead_constant_users`]).
    ///   `LLVMDeleteFunction` deletes it regardless: a user left would point
    ///   at freed memory (an LLVM built with assertions stops at "Uses
    ///   remain when a value is destroyed!"; a release build, such as the
    ///   distributions', goes on with undefined behaviour).
    /// - No handle to it, or to one of its arguments, basic blocks or
    ///   instructions, is used after the call.
    ///
    /// Metadata that refers to it is no use: LLVM makes the reference null.
    pub unsafe fn erase_function(self) {
        // SAFETY: the caller guarantees a function without uses and drops
        // its handles.
        unsafe { LLVMDeleteFunction(self.raw()) }
    }

    /// For a function created to replace `old`: gives it `old`'s linkage,
    /// calling convention, function and return attributes, comdat, section,
    /// visibility and the like (`copyAttributesFrom`), without parameter
    /// attributes (see [`Value::copy_param_attributes`]).
    pub fn copy_function_properties_from(self, old: Value<'c>) {
        unsafe {
            ffi::SyclCopyFunctionAttributes(self.raw(), old.raw(), std::ptr::null(), 0);
            LLVMSetLinkage(self.raw(), LLVMGetLinkage(old.raw()));
        }
    }

    /// For a function: adds the attributes of parameter `from_index` of
    /// function `from` to its parameter `to_index`.
    pub fn copy_param_attributes(self, from: Value<'c>, from_index: u32, to_index: u32) {
        for a in fn_attrs_at(from.raw(), from_index + 1) {
            unsafe { LLVMAddAttributeAtIndex(self.raw(), to_index + 1, a) }
        }
    }

    /// For a call: gives it `from`'s (a call's) calling convention,
    /// fast-math flags and tail-call marker (`copyIRFlags`,
    /// `setCallingConv`, `setTailCall`), not its attributes.
    pub fn copy_call_flags(self, from: Value<'c>) {
        unsafe {
            LLVMSetInstructionCallConv(self.raw(), LLVMGetInstructionCallConv(from.raw()));
            if LLVMCanValueUseFastMathFlags(from.raw()) != 0 && LLVMCanValueUseFastMathFlags(self.raw()) != 0 {
                LLVMSetFastMathFlags(self.raw(), LLVMGetFastMathFlags(from.raw()));
            }
            LLVMSetTailCall(self.raw(), LLVMIsTailCall(from.raw()));
        }
    }

    /// True for a `ret` instruction.
    pub fn is_return(self) -> bool {
        unsafe { !LLVMIsAReturnInst(self.raw()).is_null() }
    }
}

fn enum_kind(name: &str) -> u32 {
    unsafe { LLVMGetEnumAttributeKindForName(name.as_ptr() as *const _, name.len()) }
}

fn fn_attrs_at(f: LLVMValueRef, idx: u32) -> Vec<LLVMAttributeRef> {
    unsafe {
        let n = LLVMGetAttributeCountAtIndex(f, idx) as usize;
        let mut v = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetAttributesAtIndex(f, idx, v.as_mut_ptr());
        }
        v
    }
}

fn call_attrs_at(c: LLVMValueRef, idx: u32) -> Vec<LLVMAttributeRef> {
    unsafe {
        let n = LLVMGetCallSiteAttributeCount(c, idx) as usize;
        let mut v = vec![std::ptr::null_mut(); n];
        if n > 0 {
            LLVMGetCallSiteAttributes(c, idx, v.as_mut_ptr());
        }
        v
    }
}
