// Shared by the device code (scale_kernel.cpp, add.cpp) and the host program
// (host.cpp): the kernel names and the function objects the kernels take.
// A kernel's one parameter is its function object, passed by value; the
// host passes an object of the same layout with handler::set_arg.
#pragma once

class ScaleKernel; // out[i] = scale(base + i)
class AddKernel;   // out[i] = scale(i) + k

struct ScaleArgs {
  int *out;
  int base;
};

struct AddArgs {
  int *out;
  int k;
};
