// Translation unit 2: ScaleKernel, which calls scale from scale.cpp.
#include "device.hpp"

struct Scale : ScaleArgs {
  void operator()() const {
    unsigned long i = __spirv_BuiltInGlobalInvocationId(0);
    out[i] = scale(base + static_cast<int>(i));
  }
};

// Host code in a device compilation is not emitted; it only names the kernel.
void launch_scale(ScaleArgs a) { kernel_entry<ScaleKernel>(Scale{a}); }
