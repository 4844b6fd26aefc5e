// Device side of upstream clang 22's SYCL dialect for scale.cpp and
// add.cpp: clang's attributes and a SPIR-V builtin, no SYCL header (Intel's
// do not compile in upstream clang's device mode).
#pragma once
#include "kernels.hpp"

// Each instantiation is a kernel, a spir_kernel named _ZTS<KernelName>
// that takes the function object by value. On the host, clang emits no
// body for it.
template <typename KernelName, typename Func>
[[clang::sycl_kernel_entry_point(KernelName)]] void kernel_entry(Func f) {
  f();
}

// The global id (C++ linkage: the mangled name is what LLVM's SPIR-V back
// end lowers to the GlobalInvocationId builtin variable).
unsigned long __spirv_BuiltInGlobalInvocationId(int dim);

// SYCL_EXTERNAL: defined in scale.cpp, called from both units.
[[clang::sycl_external]] int scale(int x);
