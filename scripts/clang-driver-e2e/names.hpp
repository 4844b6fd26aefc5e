// The kernel names of scripts/clang-driver-e2e-test.sh's program beside
// ScaleKernel (examples/upstream-clang/kernels.hpp, with the function
// objects ScaleArgs and AddArgs): a qualified name and a template
// specialization, shared by the device units and the host unit.
#pragma once

namespace ns {
class AddKernel; // out[i] = scale(i) + k
}
template <int N> class OffsetKernel; // out[i] = scale(i) + N
