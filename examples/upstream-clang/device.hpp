// Device side of upstream clang 22's SYCL dialect (-fsycl-is-device), for
// scale.cpp, scale_kernel.cpp and add.cpp: no SYCL headers, only clang's
// attributes.
#pragma once
#include "kernels.hpp"

// Each instantiation is a kernel: clang emits a spir_kernel named
// _ZTS<KernelName> that takes the function object by value; sycl-link
// renames it __sycl_kernel_<KernelName>, which the SYCL runtime finds as
// "<KernelName>".
template <typename KernelName, typename Func>
[[clang::sycl_kernel_entry_point(KernelName)]] void kernel_entry(Func f) {
  f();
}

// The global id, from LLVM's SPIR-V back end. Declare it with C++ linkage
// (mangled _Z33__spirv_BuiltInGlobalInvocationIdi): declared extern "C",
// the back end emits one Import variable per use and the runtime's JIT
// fails with "Symbols not found".
unsigned long __spirv_BuiltInGlobalInvocationId(int dim);

// SYCL_EXTERNAL: defined in scale.cpp, called from the kernels of the two
// other translation units.
[[clang::sycl_external]] int scale(int x);
