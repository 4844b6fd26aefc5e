; bfloat16 conversions of SYCL's device library, in software: the
; functions that DPC++'s libsycl-fallback-bfloat16 defines (names and
; signatures as sycl/ext/oneapi/bfloat16.hpp of the 2026.2 runtime declares
; them), for images that call them where no bfloat16 device library exists
; for the device (the 2026.2 runtime wheels ship none for SPIR-V).
; sycl-link links this module for what the linked module needs
; (postlink/src/device_link.rs), so the split copies each function into the
; images that call it.
;
; Rules, as the C++ reference (bfloat16.hpp, detail::from_float_to_uint16_t
; and bfloat16::to_float on the host):
;   bfloat16 -> float: the 16 bits become the float's upper half (exact);
;   float -> bfloat16: a NaN gives 0xffc1 (a NaN); any other value is
;   rounded to nearest even: (bits + 0x7fff + ((bits >> 16) & 1)) >> 16
;   (infinities stay infinite, values past the largest bfloat16 round to
;   infinity).
; Vector forms take a source and a destination array of N elements.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64-G1"
target triple = "spir64-unknown-unknown"

define weak_odr spir_func float @__devicelib_ConvertBF16ToFINTEL(ptr addrspace(4) align 2 dereferenceable(2) %x) #0 {
  %b = load i16, ptr addrspace(4) %x, align 2
  %f = call spir_func float @__spl_bf16_to_float(i16 %b)
  ret float %f
}

define weak_odr spir_func zeroext i16 @__devicelib_ConvertFToBF16INTEL(ptr addrspace(4) align 4 dereferenceable(4) %x) #0 {
  %f = load float, ptr addrspace(4) %x, align 4
  %b = call spir_func i16 @__spl_float_to_bf16(float %f)
  ret i16 %b
}

define internal spir_func float @__spl_bf16_to_float(i16 %b) #1 {
  %w = zext i16 %b to i32
  %s = shl i32 %w, 16
  %f = bitcast i32 %s to float
  ret float %f
}

define internal spir_func i16 @__spl_float_to_bf16(float %f) #1 {
  %u = bitcast float %f to i32
  %abs = and i32 %u, 2147483647
  %nan = icmp ugt i32 %abs, 2139095040
  %hi = lshr i32 %u, 16
  %lsb = and i32 %hi, 1
  %bias = add i32 %lsb, 32767
  %r = add i32 %u, %bias
  %rh = lshr i32 %r, 16
  %res = select i1 %nan, i32 65473, i32 %rh
  %t = trunc i32 %res to i16
  ret i16 %t
}

define weak_odr spir_func void @__devicelib_ConvertBF16ToFINTELVec1(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds i16, ptr addrspace(4) %src, i64 %i
  %v = load i16, ptr addrspace(4) %sp, align 2
  %c = call spir_func float @__spl_bf16_to_float(i16 %v)
  %dp = getelementptr inbounds float, ptr addrspace(4) %dst, i64 %i
  store float %c, ptr addrspace(4) %dp, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 1
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertFToBF16INTELVec1(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds float, ptr addrspace(4) %src, i64 %i
  %v = load float, ptr addrspace(4) %sp, align 4
  %c = call spir_func i16 @__spl_float_to_bf16(float %v)
  %dp = getelementptr inbounds i16, ptr addrspace(4) %dst, i64 %i
  store i16 %c, ptr addrspace(4) %dp, align 2
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 1
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertBF16ToFINTELVec2(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds i16, ptr addrspace(4) %src, i64 %i
  %v = load i16, ptr addrspace(4) %sp, align 2
  %c = call spir_func float @__spl_bf16_to_float(i16 %v)
  %dp = getelementptr inbounds float, ptr addrspace(4) %dst, i64 %i
  store float %c, ptr addrspace(4) %dp, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 2
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertFToBF16INTELVec2(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds float, ptr addrspace(4) %src, i64 %i
  %v = load float, ptr addrspace(4) %sp, align 4
  %c = call spir_func i16 @__spl_float_to_bf16(float %v)
  %dp = getelementptr inbounds i16, ptr addrspace(4) %dst, i64 %i
  store i16 %c, ptr addrspace(4) %dp, align 2
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 2
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertBF16ToFINTELVec3(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds i16, ptr addrspace(4) %src, i64 %i
  %v = load i16, ptr addrspace(4) %sp, align 2
  %c = call spir_func float @__spl_bf16_to_float(i16 %v)
  %dp = getelementptr inbounds float, ptr addrspace(4) %dst, i64 %i
  store float %c, ptr addrspace(4) %dp, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 3
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertFToBF16INTELVec3(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds float, ptr addrspace(4) %src, i64 %i
  %v = load float, ptr addrspace(4) %sp, align 4
  %c = call spir_func i16 @__spl_float_to_bf16(float %v)
  %dp = getelementptr inbounds i16, ptr addrspace(4) %dst, i64 %i
  store i16 %c, ptr addrspace(4) %dp, align 2
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 3
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertBF16ToFINTELVec4(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds i16, ptr addrspace(4) %src, i64 %i
  %v = load i16, ptr addrspace(4) %sp, align 2
  %c = call spir_func float @__spl_bf16_to_float(i16 %v)
  %dp = getelementptr inbounds float, ptr addrspace(4) %dst, i64 %i
  store float %c, ptr addrspace(4) %dp, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 4
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertFToBF16INTELVec4(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds float, ptr addrspace(4) %src, i64 %i
  %v = load float, ptr addrspace(4) %sp, align 4
  %c = call spir_func i16 @__spl_float_to_bf16(float %v)
  %dp = getelementptr inbounds i16, ptr addrspace(4) %dst, i64 %i
  store i16 %c, ptr addrspace(4) %dp, align 2
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 4
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertBF16ToFINTELVec8(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds i16, ptr addrspace(4) %src, i64 %i
  %v = load i16, ptr addrspace(4) %sp, align 2
  %c = call spir_func float @__spl_bf16_to_float(i16 %v)
  %dp = getelementptr inbounds float, ptr addrspace(4) %dst, i64 %i
  store float %c, ptr addrspace(4) %dp, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 8
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertFToBF16INTELVec8(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds float, ptr addrspace(4) %src, i64 %i
  %v = load float, ptr addrspace(4) %sp, align 4
  %c = call spir_func i16 @__spl_float_to_bf16(float %v)
  %dp = getelementptr inbounds i16, ptr addrspace(4) %dst, i64 %i
  store i16 %c, ptr addrspace(4) %dp, align 2
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 8
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertBF16ToFINTELVec16(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds i16, ptr addrspace(4) %src, i64 %i
  %v = load i16, ptr addrspace(4) %sp, align 2
  %c = call spir_func float @__spl_bf16_to_float(i16 %v)
  %dp = getelementptr inbounds float, ptr addrspace(4) %dst, i64 %i
  store float %c, ptr addrspace(4) %dp, align 4
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 16
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

define weak_odr spir_func void @__devicelib_ConvertFToBF16INTELVec16(ptr addrspace(4) %src, ptr addrspace(4) %dst) #0 {
entry:
  br label %loop
loop:
  %i = phi i64 [ 0, %entry ], [ %next, %loop ]
  %sp = getelementptr inbounds float, ptr addrspace(4) %src, i64 %i
  %v = load float, ptr addrspace(4) %sp, align 4
  %c = call spir_func i16 @__spl_float_to_bf16(float %v)
  %dp = getelementptr inbounds i16, ptr addrspace(4) %dst, i64 %i
  store i16 %c, ptr addrspace(4) %dp, align 2
  %next = add nuw nsw i64 %i, 1
  %done = icmp eq i64 %next, 16
  br i1 %done, label %exit, label %loop
exit:
  ret void
}

attributes #0 = { mustprogress norecurse nounwind }
attributes #1 = { alwaysinline mustprogress norecurse nounwind willreturn memory(none) }
