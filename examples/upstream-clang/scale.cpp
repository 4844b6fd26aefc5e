// Translation unit 1: the SYCL_EXTERNAL function scale, alone: no kernel of
// this unit calls it; ScaleKernel (scale_kernel.cpp) and AddKernel (add.cpp)
// do.
#include "device.hpp"

[[clang::sycl_external]] int scale(int x) { return 3 * x; }
