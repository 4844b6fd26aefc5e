; Output names since upstream PR #21674: the SYCL and ESIMD parts of one
; split share its ID (<prefix>_<ID>.bc and <prefix>_<ID>.esimd.bc) and the
; next split takes the next ID. Property files of an -o <target>,<table>
; are <prefix>_<ID>.<target>.prop, .esimd replaced as upstream does; an
; ESIMD part that shares its ID with a SYCL part keeps its .esimd
; (<prefix>_<ID>.esimd.<target>.prop) so that the two parts of one image do
; not write the same file (upstream's would, the last one winning).
; RUN: rm -rf %t && mkdir -p %t
; RUN: sycl-post-link -split=source -split-esimd -properties -symbols %S/Inputs/mixed.ll \
; RUN:   -o %t/x.table -o intel_gpu_pvc,%t/pvc.table
; RUN: FileCheck %s --input-file=%t/x.table --check-prefix=PLAIN -DT=%t
; RUN: FileCheck %s --input-file=%t/pvc.table --check-prefix=PVC -DT=%t
; RUN: FileCheck %s --input-file=%t/x_1.esimd.intel_gpu_pvc.prop --check-prefix=ESIMD-PROP
; RUN: FileCheck %s --input-file=%t/x_1.intel_gpu_pvc.prop --check-prefix=SYCL-PROP

; PLAIN: [Code|Properties|Symbols]
; PLAIN-NEXT: [[T]]/x_0.esimd.bc|[[T]]/x_0.esimd.prop|[[T]]/x_0.esimd.sym
; PLAIN-NEXT: [[T]]/x_1.esimd.bc|[[T]]/x_1.esimd.prop|[[T]]/x_1.esimd.sym
; PLAIN-NEXT: [[T]]/x_1.bc|[[T]]/x_1.prop|[[T]]/x_1.sym
; PLAIN-NEXT: [[T]]/x_2.esimd.bc|[[T]]/x_2.esimd.prop|[[T]]/x_2.esimd.sym
; PLAIN-NEXT: [[T]]/x_2.bc|[[T]]/x_2.prop|[[T]]/x_2.sym
; PLAIN-EMPTY:

; PVC: [Code|Properties|Symbols]
; PVC-NEXT: [[T]]/x_0.esimd.bc|[[T]]/x_0.intel_gpu_pvc.prop|[[T]]/x_0.esimd.sym
; PVC-NEXT: [[T]]/x_1.esimd.bc|[[T]]/x_1.esimd.intel_gpu_pvc.prop|[[T]]/x_1.esimd.sym
; PVC-NEXT: [[T]]/x_1.bc|[[T]]/x_1.intel_gpu_pvc.prop|[[T]]/x_1.sym
; PVC-NEXT: [[T]]/x_2.esimd.bc|[[T]]/x_2.esimd.intel_gpu_pvc.prop|[[T]]/x_2.esimd.sym
; PVC-NEXT: [[T]]/x_2.bc|[[T]]/x_2.intel_gpu_pvc.prop|[[T]]/x_2.sym
; PVC-EMPTY:

; ESIMD-PROP: [SYCL/device requirements]
; ESIMD-PROP: compile_target=2|{{.+}}
; ESIMD-PROP: isEsimdImage=1|1
; SYCL-PROP: [SYCL/device requirements]
; SYCL-PROP: compile_target=2|{{.+}}
; SYCL-PROP-NOT: isEsimdImage
