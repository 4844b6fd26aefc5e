; Kernels that each use several module-scope variables, some shared: each
; OpEntryPoint lists several interface variables.
target triple = "spir64-unknown-unknown"
@g0 = addrspace(1) global i32 0
@g1 = addrspace(1) global i32 1
@g2 = addrspace(1) global i32 2
@g3 = addrspace(1) global i32 3
@g4 = addrspace(1) global i32 4
@g5 = addrspace(1) global i32 5
@g6 = addrspace(1) global i32 6
@g7 = addrspace(1) global i32 7
@g8 = addrspace(1) global i32 8
@g9 = addrspace(1) global i32 9
@g10 = addrspace(1) global i32 10
@g11 = addrspace(1) global i32 11
define spir_kernel void @__sycl_kernel_k0(ptr addrspace(1) %p) #0 {
  %v0 = load i32, ptr addrspace(1) @g0
  %q0 = getelementptr i32, ptr addrspace(1) %p, i64 0
  store i32 %v0, ptr addrspace(1) %q0
  %v1 = load i32, ptr addrspace(1) @g5
  %q1 = getelementptr i32, ptr addrspace(1) %p, i64 1
  store i32 %v1, ptr addrspace(1) %q1
  %v2 = load i32, ptr addrspace(1) @g10
  %q2 = getelementptr i32, ptr addrspace(1) %p, i64 2
  store i32 %v2, ptr addrspace(1) %q2
  %v3 = load i32, ptr addrspace(1) @g3
  %q3 = getelementptr i32, ptr addrspace(1) %p, i64 3
  store i32 %v3, ptr addrspace(1) %q3
  %v4 = load i32, ptr addrspace(1) @g8
  %q4 = getelementptr i32, ptr addrspace(1) %p, i64 4
  store i32 %v4, ptr addrspace(1) %q4
  %v5 = load i32, ptr addrspace(1) @g1
  %q5 = getelementptr i32, ptr addrspace(1) %p, i64 5
  store i32 %v5, ptr addrspace(1) %q5
  store i32 0, ptr addrspace(1) @g0
  ret void
}
define spir_kernel void @__sycl_kernel_k1(ptr addrspace(1) %p) #1 {
  %v0 = load i32, ptr addrspace(1) @g2
  %q0 = getelementptr i32, ptr addrspace(1) %p, i64 0
  store i32 %v0, ptr addrspace(1) %q0
  %v1 = load i32, ptr addrspace(1) @g7
  %q1 = getelementptr i32, ptr addrspace(1) %p, i64 1
  store i32 %v1, ptr addrspace(1) %q1
  %v2 = load i32, ptr addrspace(1) @g0
  %q2 = getelementptr i32, ptr addrspace(1) %p, i64 2
  store i32 %v2, ptr addrspace(1) %q2
  %v3 = load i32, ptr addrspace(1) @g5
  %q3 = getelementptr i32, ptr addrspace(1) %p, i64 3
  store i32 %v3, ptr addrspace(1) %q3
  %v4 = load i32, ptr addrspace(1) @g10
  %q4 = getelementptr i32, ptr addrspace(1) %p, i64 4
  store i32 %v4, ptr addrspace(1) %q4
  %v5 = load i32, ptr addrspace(1) @g3
  %q5 = getelementptr i32, ptr addrspace(1) %p, i64 5
  store i32 %v5, ptr addrspace(1) %q5
  store i32 1, ptr addrspace(1) @g7
  ret void
}
define spir_kernel void @__sycl_kernel_k2(ptr addrspace(1) %p) #2 {
  %v0 = load i32, ptr addrspace(1) @g4
  %q0 = getelementptr i32, ptr addrspace(1) %p, i64 0
  store i32 %v0, ptr addrspace(1) %q0
  %v1 = load i32, ptr addrspace(1) @g9
  %q1 = getelementptr i32, ptr addrspace(1) %p, i64 1
  store i32 %v1, ptr addrspace(1) %q1
  %v2 = load i32, ptr addrspace(1) @g2
  %q2 = getelementptr i32, ptr addrspace(1) %p, i64 2
  store i32 %v2, ptr addrspace(1) %q2
  %v3 = load i32, ptr addrspace(1) @g7
  %q3 = getelementptr i32, ptr addrspace(1) %p, i64 3
  store i32 %v3, ptr addrspace(1) %q3
  %v4 = load i32, ptr addrspace(1) @g0
  %q4 = getelementptr i32, ptr addrspace(1) %p, i64 4
  store i32 %v4, ptr addrspace(1) %q4
  %v5 = load i32, ptr addrspace(1) @g5
  %q5 = getelementptr i32, ptr addrspace(1) %p, i64 5
  store i32 %v5, ptr addrspace(1) %q5
  store i32 2, ptr addrspace(1) @g2
  ret void
}
define spir_kernel void @__sycl_kernel_k3(ptr addrspace(1) %p) #0 {
  %v0 = load i32, ptr addrspace(1) @g6
  %q0 = getelementptr i32, ptr addrspace(1) %p, i64 0
  store i32 %v0, ptr addrspace(1) %q0
  %v1 = load i32, ptr addrspace(1) @g11
  %q1 = getelementptr i32, ptr addrspace(1) %p, i64 1
  store i32 %v1, ptr addrspace(1) %q1
  %v2 = load i32, ptr addrspace(1) @g4
  %q2 = getelementptr i32, ptr addrspace(1) %p, i64 2
  store i32 %v2, ptr addrspace(1) %q2
  %v3 = load i32, ptr addrspace(1) @g9
  %q3 = getelementptr i32, ptr addrspace(1) %p, i64 3
  store i32 %v3, ptr addrspace(1) %q3
  %v4 = load i32, ptr addrspace(1) @g2
  %q4 = getelementptr i32, ptr addrspace(1) %p, i64 4
  store i32 %v4, ptr addrspace(1) %q4
  %v5 = load i32, ptr addrspace(1) @g7
  %q5 = getelementptr i32, ptr addrspace(1) %p, i64 5
  store i32 %v5, ptr addrspace(1) %q5
  store i32 3, ptr addrspace(1) @g9
  ret void
}
define spir_kernel void @__sycl_kernel_k4(ptr addrspace(1) %p) #1 {
  %v0 = load i32, ptr addrspace(1) @g8
  %q0 = getelementptr i32, ptr addrspace(1) %p, i64 0
  store i32 %v0, ptr addrspace(1) %q0
  %v1 = load i32, ptr addrspace(1) @g1
  %q1 = getelementptr i32, ptr addrspace(1) %p, i64 1
  store i32 %v1, ptr addrspace(1) %q1
  %v2 = load i32, ptr addrspace(1) @g6
  %q2 = getelementptr i32, ptr addrspace(1) %p, i64 2
  store i32 %v2, ptr addrspace(1) %q2
  %v3 = load i32, ptr addrspace(1) @g11
  %q3 = getelementptr i32, ptr addrspace(1) %p, i64 3
  store i32 %v3, ptr addrspace(1) %q3
  %v4 = load i32, ptr addrspace(1) @g4
  %q4 = getelementptr i32, ptr addrspace(1) %p, i64 4
  store i32 %v4, ptr addrspace(1) %q4
  %v5 = load i32, ptr addrspace(1) @g9
  %q5 = getelementptr i32, ptr addrspace(1) %p, i64 5
  store i32 %v5, ptr addrspace(1) %q5
  store i32 4, ptr addrspace(1) @g4
  ret void
}
define spir_kernel void @__sycl_kernel_k5(ptr addrspace(1) %p) #2 {
  %v0 = load i32, ptr addrspace(1) @g10
  %q0 = getelementptr i32, ptr addrspace(1) %p, i64 0
  store i32 %v0, ptr addrspace(1) %q0
  %v1 = load i32, ptr addrspace(1) @g3
  %q1 = getelementptr i32, ptr addrspace(1) %p, i64 1
  store i32 %v1, ptr addrspace(1) %q1
  %v2 = load i32, ptr addrspace(1) @g8
  %q2 = getelementptr i32, ptr addrspace(1) %p, i64 2
  store i32 %v2, ptr addrspace(1) %q2
  %v3 = load i32, ptr addrspace(1) @g1
  %q3 = getelementptr i32, ptr addrspace(1) %p, i64 3
  store i32 %v3, ptr addrspace(1) %q3
  %v4 = load i32, ptr addrspace(1) @g6
  %q4 = getelementptr i32, ptr addrspace(1) %p, i64 4
  store i32 %v4, ptr addrspace(1) %q4
  %v5 = load i32, ptr addrspace(1) @g11
  %q5 = getelementptr i32, ptr addrspace(1) %p, i64 5
  store i32 %v5, ptr addrspace(1) %q5
  store i32 5, ptr addrspace(1) @g11
  ret void
}
attributes #0 = { "sycl-module-id"="src0.cpp" }
attributes #1 = { "sycl-module-id"="src1.cpp" }
attributes #2 = { "sycl-module-id"="src2.cpp" }
