; 30 kernels, one per source file: 30 images with -split=kernel. Input of
; the C clients of lit/capi that stop a streaming run early.
target datalayout = "e-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-n8:16:32:64"
target triple = "spir64-unknown-unknown"

define spir_kernel void @_ZTS8Kernel00(ptr addrspace(1) %out) #0 {
  store i32 0, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel01(ptr addrspace(1) %out) #1 {
  store i32 1, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel02(ptr addrspace(1) %out) #2 {
  store i32 2, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel03(ptr addrspace(1) %out) #3 {
  store i32 3, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel04(ptr addrspace(1) %out) #4 {
  store i32 4, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel05(ptr addrspace(1) %out) #5 {
  store i32 5, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel06(ptr addrspace(1) %out) #6 {
  store i32 6, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel07(ptr addrspace(1) %out) #7 {
  store i32 7, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel08(ptr addrspace(1) %out) #8 {
  store i32 8, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel09(ptr addrspace(1) %out) #9 {
  store i32 9, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel10(ptr addrspace(1) %out) #10 {
  store i32 10, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel11(ptr addrspace(1) %out) #11 {
  store i32 11, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel12(ptr addrspace(1) %out) #12 {
  store i32 12, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel13(ptr addrspace(1) %out) #13 {
  store i32 13, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel14(ptr addrspace(1) %out) #14 {
  store i32 14, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel15(ptr addrspace(1) %out) #15 {
  store i32 15, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel16(ptr addrspace(1) %out) #16 {
  store i32 16, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel17(ptr addrspace(1) %out) #17 {
  store i32 17, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel18(ptr addrspace(1) %out) #18 {
  store i32 18, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel19(ptr addrspace(1) %out) #19 {
  store i32 19, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel20(ptr addrspace(1) %out) #20 {
  store i32 20, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel21(ptr addrspace(1) %out) #21 {
  store i32 21, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel22(ptr addrspace(1) %out) #22 {
  store i32 22, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel23(ptr addrspace(1) %out) #23 {
  store i32 23, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel24(ptr addrspace(1) %out) #24 {
  store i32 24, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel25(ptr addrspace(1) %out) #25 {
  store i32 25, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel26(ptr addrspace(1) %out) #26 {
  store i32 26, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel27(ptr addrspace(1) %out) #27 {
  store i32 27, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel28(ptr addrspace(1) %out) #28 {
  store i32 28, ptr addrspace(1) %out, align 4
  ret void
}

define spir_kernel void @_ZTS8Kernel29(ptr addrspace(1) %out) #29 {
  store i32 29, ptr addrspace(1) %out, align 4
  ret void
}

attributes #0 = { "sycl-module-id"="k00.cpp" }
attributes #1 = { "sycl-module-id"="k01.cpp" }
attributes #2 = { "sycl-module-id"="k02.cpp" }
attributes #3 = { "sycl-module-id"="k03.cpp" }
attributes #4 = { "sycl-module-id"="k04.cpp" }
attributes #5 = { "sycl-module-id"="k05.cpp" }
attributes #6 = { "sycl-module-id"="k06.cpp" }
attributes #7 = { "sycl-module-id"="k07.cpp" }
attributes #8 = { "sycl-module-id"="k08.cpp" }
attributes #9 = { "sycl-module-id"="k09.cpp" }
attributes #10 = { "sycl-module-id"="k10.cpp" }
attributes #11 = { "sycl-module-id"="k11.cpp" }
attributes #12 = { "sycl-module-id"="k12.cpp" }
attributes #13 = { "sycl-module-id"="k13.cpp" }
attributes #14 = { "sycl-module-id"="k14.cpp" }
attributes #15 = { "sycl-module-id"="k15.cpp" }
attributes #16 = { "sycl-module-id"="k16.cpp" }
attributes #17 = { "sycl-module-id"="k17.cpp" }
attributes #18 = { "sycl-module-id"="k18.cpp" }
attributes #19 = { "sycl-module-id"="k19.cpp" }
attributes #20 = { "sycl-module-id"="k20.cpp" }
attributes #21 = { "sycl-module-id"="k21.cpp" }
attributes #22 = { "sycl-module-id"="k22.cpp" }
attributes #23 = { "sycl-module-id"="k23.cpp" }
attributes #24 = { "sycl-module-id"="k24.cpp" }
attributes #25 = { "sycl-module-id"="k25.cpp" }
attributes #26 = { "sycl-module-id"="k26.cpp" }
attributes #27 = { "sycl-module-id"="k27.cpp" }
attributes #28 = { "sycl-module-id"="k28.cpp" }
attributes #29 = { "sycl-module-id"="k29.cpp" }
