// Shared by the device units (scale.cpp, add.cpp) and the host unit
// (host.cpp) of scripts/clang-driver-e2e-test.sh: the kernel names and the
// function objects the kernels take by value, which the host passes with
// handler::set_arg (same layout on both sides).
#pragma once

class ScaleKernel; // out[i] = scale(base + i)
namespace ns {
class AddKernel; // out[i] = scale(i) + k
}
template <int N> class OffsetKernel; // out[i] = scale(i) + N

struct ScaleArgs {
  int *out;
  int base;
};

struct AddArgs {
  int *out;
  int k;
};
