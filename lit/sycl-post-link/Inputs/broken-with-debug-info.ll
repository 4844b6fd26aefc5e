; Fails the verifier (!range on an add) and carries current-version debug
; information, which makes LLVM's own readers abort (UpgradeDebugInfo).
target triple = "spir64-unknown-unknown"
define spir_kernel void @k(i32 %x) #0 !dbg !5 {
  %a = add i32 %x, 1, !range !9, !dbg !8
  ret void, !dbg !8
}
attributes #0 = { "sycl-module-id"="a.cpp" }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!2}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !1, producer: "clang", isOptimized: true, runtimeVersion: 0, emissionKind: FullDebug)
!1 = !DIFile(filename: "a.cpp", directory: "/src")
!2 = !{i32 2, !"Debug Info Version", i32 3}
!5 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 10, type: !6, scopeLine: 10, spFlags: DISPFlagDefinition, unit: !0)
!6 = !DISubroutineType(types: !7)
!7 = !{null}
!8 = !DILocation(line: 11, column: 3, scope: !5)
!9 = !{i32 0, i32 10}
