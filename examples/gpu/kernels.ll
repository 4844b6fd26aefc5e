; A small SYCL-style NVPTX device module, as the device compiler would
; produce it before the target lowering, for a run on a real GPU (see
; README.md beside this file):
;
; - @offset_kernel writes, for each work-item in range, its SYCL global id
;   (position in the launch plus the implicit global offset, read through
;   @llvm.nvvm.implicit.offset in a helper) plus 1000 times the offset's y
;   component (read through __spirv_BuiltInGlobalOffset(1));
; - @reduce_kernel reduces one work-group's inputs, indexed by global id, to
;   their sum and maximum in two local accessors (work-group local memory,
;   address space 3), and writes both per work-group.
;
; build-ptx.sh lowers it with sycl-opt (globaloffset, then
; localaccessortosharedmemory, as the NVPTX back end orders them) and
; compiles it to PTX with llc-22.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()
declare i64 @_Z27__spirv_BuiltInGlobalOffseti(i32)
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

; The position of the work-item in the launch (dimension 0).
define internal i32 @linear_id_x() {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %base = mul i32 %ctaid, %ntid
  %lin = add i32 %base, %tid
  ret i32 %lin
}

; SYCL's item::get_global_id(0): the position plus the global offset.
define internal i64 @global_id_x() {
entry:
  %lin = call i32 @linear_id_x()
  %offset = call ptr @llvm.nvvm.implicit.offset()
  %ox = load i32, ptr %offset, align 4
  %g = add i32 %lin, %ox
  %g64 = zext i32 %g to i64
  ret i64 %g64
}

define ptx_kernel void @offset_kernel(ptr addrspace(1) %out, i32 %n) {
entry:
  %lin = call i32 @linear_id_x()
  %in_range = icmp ult i32 %lin, %n
  br i1 %in_range, label %body, label %exit

body:
  %gid = call i64 @global_id_x()
  %oy = call i64 @_Z27__spirv_BuiltInGlobalOffseti(i32 1)
  %oy1000 = mul i64 %oy, 1000
  %v = add i64 %gid, %oy1000
  %v32 = trunc i64 %v to i32
  %idx = zext i32 %lin to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %idx
  store i32 %v32, ptr addrspace(1) %p, align 4
  br label %exit

exit:
  ret void
}

define ptx_kernel void @reduce_kernel(ptr addrspace(3) %sums, ptr addrspace(3) %maxs, ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %ntid = call i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %ctaid = call i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
  %gid = call i64 @global_id_x()
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %gid
  %v = load i32, ptr addrspace(1) %pin, align 4
  %ps = getelementptr inbounds i32, ptr addrspace(3) %sums, i32 %tid
  %pm = getelementptr inbounds i32, ptr addrspace(3) %maxs, i32 %tid
  store i32 %v, ptr addrspace(3) %ps, align 4
  store i32 %v, ptr addrspace(3) %pm, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %s0 = lshr i32 %ntid, 1
  br label %loop

loop:
  %s = phi i32 [ %s0, %entry ], [ %s.next, %latch ]
  %more = icmp ugt i32 %s, 0
  br i1 %more, label %step, label %done

step:
  %active = icmp ult i32 %tid, %s
  br i1 %active, label %combine, label %latch

combine:
  %other = add i32 %tid, %s
  %pso = getelementptr inbounds i32, ptr addrspace(3) %sums, i32 %other
  %pmo = getelementptr inbounds i32, ptr addrspace(3) %maxs, i32 %other
  %a = load i32, ptr addrspace(3) %ps, align 4
  %b = load i32, ptr addrspace(3) %pso, align 4
  %sum = add i32 %a, %b
  store i32 %sum, ptr addrspace(3) %ps, align 4
  %c = load i32, ptr addrspace(3) %pm, align 4
  %d = load i32, ptr addrspace(3) %pmo, align 4
  %c.gt = icmp sgt i32 %c, %d
  %max = select i1 %c.gt, i32 %c, i32 %d
  store i32 %max, ptr addrspace(3) %pm, align 4
  br label %latch

latch:
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %s.next = lshr i32 %s, 1
  br label %loop

done:
  %first = icmp eq i32 %tid, 0
  br i1 %first, label %write, label %exit

write:
  %total = load i32, ptr addrspace(3) %sums, align 4
  %top = load i32, ptr addrspace(3) %maxs, align 4
  %slot = shl i32 %ctaid, 1
  %slot64 = zext i32 %slot to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %slot64
  store i32 %total, ptr addrspace(1) %po, align 4
  %po1 = getelementptr inbounds i32, ptr addrspace(1) %po, i64 1
  store i32 %top, ptr addrspace(1) %po1, align 4
  br label %exit

exit:
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"sycl-device", i32 1}
