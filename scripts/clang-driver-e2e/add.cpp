// Device unit 2: ns::AddKernel and OffsetKernel<5>, which call scale from
// scale.cpp: a qualified name and a template specialization as kernel names.
#include "device.hpp"
#include "names.hpp"

struct Add : AddArgs {
  void operator()() const {
    unsigned long i = __spirv_BuiltInGlobalInvocationId(0);
    out[i] = scale(static_cast<int>(i)) + k;
  }
};

template <int N> struct Offset : AddArgs {
  void operator()() const {
    unsigned long i = __spirv_BuiltInGlobalInvocationId(0);
    out[i] = scale(static_cast<int>(i)) + N;
  }
};

void launch_add(AddArgs a) { kernel_entry<ns::AddKernel>(Add{a}); }
void launch_offset(AddArgs a) { kernel_entry<OffsetKernel<5>>(Offset<5>{a}); }
