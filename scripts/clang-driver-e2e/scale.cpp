// Device unit 1: the SYCL_EXTERNAL function scale and ScaleKernel, which
// calls it.
// device.hpp and kernels.hpp: examples/upstream-clang (kernel_entry, the
// global id, the declaration of scale, ScaleKernel and ScaleArgs).
#include "device.hpp"

[[clang::sycl_external]] int scale(int x) { return 3 * x; }

struct Scale : ScaleArgs {
  void operator()() const {
    unsigned long i = __spirv_BuiltInGlobalInvocationId(0);
    out[i] = scale(base + static_cast<int>(i));
  }
};

void launch_scale(ScaleArgs a) { kernel_entry<ScaleKernel>(Scale{a}); }
