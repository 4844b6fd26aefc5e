; Images keep the debug information of what they define. Functions with
; debug information, block addresses or metadata naming local values are
; cloned the general way, plain ones the fast way, in the same image; every
; image passes the verifier (SPL_VERIFY_EACH). StripDeadDebugInfo still runs
; when an image has debug information: the compile unit's global-variable
; list keeps only the globals the image defines.
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=kernel -symbols -S < %s -o %t/out.table
; RUN: FileCheck %s --input-file=%t/out_1.ll --check-prefix=A
; RUN: FileCheck %s --input-file=%t/out_0.ll --check-prefix=B

target triple = "spir64-unknown-unknown"

@gA = internal addrspace(1) global i32 1, align 4, !dbg !10
@gB = internal addrspace(1) global i32 2, align 4, !dbg !12

; A: define spir_kernel void @kA(i32 %x) {{.*}}!dbg ![[SPA:[0-9]+]]
; A: %v = load i32, ptr addrspace(1) @gA, align 4, !dbg ![[LOCA:[0-9]+]]
; A: call spir_func i32 @plain(i32 %sum)
; A: call spir_func i32 @jumps(i32 %r)
; A-NOT: @gB
; A-NOT: @kB
define spir_kernel void @kA(i32 %x) #0 !dbg !20 {
entry:
  %v = load i32, ptr addrspace(1) @gA, align 4, !dbg !22
  %sum = add i32 %v, %x, !dbg !22
  %r = call spir_func i32 @plain(i32 %sum), !dbg !22
  %j = call spir_func i32 @jumps(i32 %r), !dbg !22
  ret void, !dbg !22
}

; B: define spir_kernel void @kB(i32 %y) {{.*}}!dbg ![[SPB:[0-9]+]]
; B: #dbg_value(i32 %y, ![[VARY:[0-9]+]], !DIExpression(),
; B: load i32, ptr addrspace(1) @gB
; B: call spir_func i32 @plain(
; B-NOT: @gA
; B-NOT: @jumps
define spir_kernel void @kB(i32 %y) #0 !dbg !30 {
entry:
    #dbg_value(i32 %y, !32, !DIExpression(), !33)
  %w = load i32, ptr addrspace(1) @gB, align 4, !dbg !33
  %m = mul i32 %w, %y, !dbg !33
  %p = call spir_func i32 @plain(i32 %m), !dbg !33
  ret void, !dbg !33
}

; No debug information: the fast path. Names, phis, a switch and metadata
; attachments come through unchanged.
; A: define internal spir_func i32 @plain(i32 %n)
; A-NOT: !dbg
; A: loop:
; A-NEXT: %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
; A-NEXT: %acc = phi i32 [ %n, %entry ], [ %acc.next, %loop ]
; A-NEXT: %acc.next = add i32 %acc, %i, !annotation ![[NOTE:[0-9]+]]
; A: switch i32 %acc.next, label %done [
; B: define internal spir_func i32 @plain(i32 %n)
define internal spir_func i32 @plain(i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ %n, %entry ], [ %acc.next, %loop ]
  %acc.next = add i32 %acc, %i, !annotation !40
  %i.next = add i32 %i, 1
  %c = icmp ult i32 %i.next, 8
  br i1 %c, label %loop, label %out
out:
  switch i32 %acc.next, label %done [
    i32 0, label %zero
  ]
zero:
  br label %done
done:
  %res = phi i32 [ %acc.next, %out ], [ -1, %zero ]
  ret i32 %res
}

; A block address: the general path, which maps it to the image's block.
; A: define internal spir_func i32 @jumps(i32 %k)
; A: select i1 %c, ptr blockaddress(@jumps, %one), ptr blockaddress(@jumps, %two)
; A-NEXT: indirectbr ptr %dest, [label %one, label %two]
define internal spir_func i32 @jumps(i32 %k) {
entry:
  %c = icmp eq i32 %k, 0
  %dest = select i1 %c, ptr blockaddress(@jumps, %one), ptr blockaddress(@jumps, %two)
  indirectbr ptr %dest, [label %one, label %two]
one:
  ret i32 1
two:
  ret i32 2
}

attributes #0 = { "sycl-module-id"="a.cpp" }

; A-DAG: !llvm.dbg.cu = !{![[CUA:[0-9]+]]}
; A-DAG: ![[CUA]] = distinct !DICompileUnit({{.*}}globals: ![[GLOBSA:[0-9]+]]
; A-DAG: ![[GLOBSA]] = !{![[GEA:[0-9]+]]}
; A-DAG: ![[GEA]] = !DIGlobalVariableExpression(var: ![[GVA:[0-9]+]]
; A-DAG: ![[GVA]] = distinct !DIGlobalVariable(name: "gA"
; A-DAG: ![[SPA]] = distinct !DISubprogram(name: "kA"
; A-DAG: ![[NOTE]] = !{!"loop sum"}
; A-NOT: name: "gB"
; B-DAG: ![[CUB:[0-9]+]] = distinct !DICompileUnit({{.*}}globals: ![[GLOBSB:[0-9]+]]
; B-DAG: ![[GLOBSB]] = !{![[GEB:[0-9]+]]}
; B-DAG: ![[GEB]] = !DIGlobalVariableExpression(var: ![[GVB:[0-9]+]]
; B-DAG: ![[GVB]] = distinct !DIGlobalVariable(name: "gB"
; B-DAG: ![[SPB]] = distinct !DISubprogram(name: "kB"
; B-DAG: ![[VARY]] = !DILocalVariable(name: "y"
; B-NOT: name: "gA"

!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2, !3}

!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug, globals: !9)
!1 = !DIFile(filename: "a.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 7, !"Dwarf Version", i32 5}
!5 = !DIBasicType(name: "int", size: 32, encoding: DW_ATE_signed)
!6 = !DISubroutineType(types: !7)
!7 = !{null, !5}
!9 = !{!10, !12}
!10 = !DIGlobalVariableExpression(var: !11, expr: !DIExpression())
!11 = distinct !DIGlobalVariable(name: "gA", scope: !0, file: !1, line: 1, type: !5, isLocal: true, isDefinition: true)
!12 = !DIGlobalVariableExpression(var: !13, expr: !DIExpression())
!13 = distinct !DIGlobalVariable(name: "gB", scope: !0, file: !1, line: 2, type: !5, isLocal: true, isDefinition: true)
!20 = distinct !DISubprogram(name: "kA", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0)
!22 = !DILocation(line: 11, column: 3, scope: !20)
!30 = distinct !DISubprogram(name: "kB", scope: !1, file: !1, line: 20, type: !6, scopeLine: 20, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !0, retainedNodes: !31)
!31 = !{!32}
!32 = !DILocalVariable(name: "y", arg: 1, scope: !30, file: !1, line: 20, type: !5)
!33 = !DILocation(line: 21, column: 3, scope: !30)
!40 = !{!"loop sum"}
