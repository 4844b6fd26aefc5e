// Translation unit 3: AddKernel, which calls scale from scale.cpp.
#include "device.hpp"

struct Add : AddArgs {
  void operator()() const {
    unsigned long i = __spirv_BuiltInGlobalInvocationId(0);
    out[i] = scale(static_cast<int>(i)) + k;
  }
};

void launch_add(AddArgs a) { kernel_entry<AddKernel>(Add{a}); }
