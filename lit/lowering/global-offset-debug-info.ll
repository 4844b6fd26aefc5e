; RUN: sycl-opt -passes=globaloffset %s -S -o - | FileCheck %s

; Debug info survives the cloning: originals keep their subprograms and
; locations; each clone owns a copy of its function's DISubprogram (same
; fields, a distinct node) and its locations and local variables point to
; that copy; call sites re-created in clones keep their !dbg. Debug records
; of a function without a subprogram are copied unchanged. In originals, the
; value of a deleted offset read becomes poison in debug records.

target datalayout = "e-i64:64-i128:128-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

declare ptr @llvm.nvvm.implicit.offset()

define i32 @reader() !dbg !10 {
entry:
  %p = call ptr @llvm.nvvm.implicit.offset(), !dbg !14
    #dbg_value(ptr %p, !12, !DIExpression(), !14)
  %x = load i32, ptr %p, align 4, !dbg !15
  ret i32 %x, !dbg !15
}
; CHECK:       define i32 @reader() !dbg [[SP_READER:![0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:      #dbg_value(ptr poison, [[VAR:![0-9]+]], !DIExpression(), [[LOC_CALL:![0-9]+]])
; CHECK-NEXT:    ret i32 0, !dbg [[LOC_RET:![0-9]+]]
; CHECK:       define i32 @reader_with_offset(ptr %0) !dbg [[SP_READER2:![0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:      #dbg_value(ptr %0, [[VAR2:![0-9]+]], !DIExpression(), [[LOC_CALL2:![0-9]+]])
; CHECK-NEXT:    %x = load i32, ptr %0, align 4, !dbg [[LOC_RET2:![0-9]+]]
; CHECK-NEXT:    ret i32 %x, !dbg [[LOC_RET2]]

define void @no_subprogram() {
entry:
    #dbg_value(i32 7, !12, !DIExpression(), !14)
  %x = call i32 @reader()
  ret void
}
; CHECK-LABEL: define void @no_subprogram() {
; CHECK-NEXT:  entry:
; CHECK-NEXT:      #dbg_value(i32 7, [[VAR]], !DIExpression(), [[LOC_CALL]])
; CHECK-LABEL: define void @no_subprogram_with_offset(ptr %0) {
; CHECK-NEXT:  entry:
; CHECK-NEXT:      #dbg_value(i32 7, [[VAR]], !DIExpression(), [[LOC_CALL]])
; CHECK-NEXT:    %x = call i32 @reader_with_offset(ptr %0)

define void @kernel() !dbg !20 {
entry:
  %x = call i32 @reader(), !dbg !21
  call void @no_subprogram(), !dbg !21
  ret void
}
; CHECK:       define void @kernel() !dbg [[SP_K:![0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %x = call i32 @reader(), !dbg [[LOC_K:![0-9]+]]
; CHECK:       define void @kernel_with_offset(ptr byval([3 x i32]) %0) !dbg [[SP_K2:![0-9]+]] {
; CHECK-NEXT:  entry:
; CHECK-NEXT:    %x = call i32 @reader_with_offset(ptr %0), !dbg [[LOC_K2:![0-9]+]]
; CHECK-NEXT:    call void @no_subprogram_with_offset(ptr %0), !dbg [[LOC_K2]]

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!nvvm.annotations = !{!4}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: false, runtimeVersion: 0, emissionKind: FullDebug, enums: !2)
!1 = !DIFile(filename: "offset.cpp", directory: "/src")
!2 = !{}
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !{ptr @kernel, !"kernel", i32 1}
!10 = distinct !DISubprogram(name: "reader", linkageName: "reader", scope: !1, file: !1, line: 10, type: !11, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!11 = !DISubroutineType(types: !2)
!12 = !DILocalVariable(name: "p", scope: !10, file: !1, line: 11, type: !13)
!13 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!14 = !DILocation(line: 11, column: 3, scope: !10)
!15 = !DILocation(line: 12, column: 3, scope: !10)
!20 = distinct !DISubprogram(name: "kernel", linkageName: "kernel", scope: !1, file: !1, line: 20, type: !11, scopeLine: 20, spFlags: DISPFlagDefinition, unit: !0, retainedNodes: !2)
!21 = !DILocation(line: 21, column: 5, scope: !20)

; CHECK-DAG: [[SP_READER]] = distinct !DISubprogram(name: "reader", linkageName: "reader", scope: [[FILE:![0-9]+]], file: [[FILE]], line: 10,
; CHECK-DAG: [[SP_READER2]] = distinct !DISubprogram(name: "reader", linkageName: "reader", scope: [[FILE]], file: [[FILE]], line: 10,
; CHECK-DAG: [[VAR]] = !DILocalVariable(name: "p", scope: [[SP_READER]],
; CHECK-DAG: [[VAR2]] = !DILocalVariable(name: "p", scope: [[SP_READER2]],
; CHECK-DAG: [[LOC_CALL]] = !DILocation(line: 11, column: 3, scope: [[SP_READER]])
; CHECK-DAG: [[LOC_CALL2]] = !DILocation(line: 11, column: 3, scope: [[SP_READER2]])
; CHECK-DAG: [[LOC_RET]] = !DILocation(line: 12, column: 3, scope: [[SP_READER]])
; CHECK-DAG: [[LOC_RET2]] = !DILocation(line: 12, column: 3, scope: [[SP_READER2]])
; CHECK-DAG: [[SP_K]] = distinct !DISubprogram(name: "kernel", linkageName: "kernel",
; CHECK-DAG: [[SP_K2]] = distinct !DISubprogram(name: "kernel", linkageName: "kernel",
; CHECK-DAG: [[LOC_K]] = !DILocation(line: 21, column: 5, scope: [[SP_K]])
; CHECK-DAG: [[LOC_K2]] = !DILocation(line: 21, column: 5, scope: [[SP_K2]])
