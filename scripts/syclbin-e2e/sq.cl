// OpenCL C through clang-22: a kernel named as a SYCL free-function kernel.
// __sycl_kernel_sq(out): out[i] = i * i.
kernel void __sycl_kernel_sq(global int *out) {
  size_t i = get_global_id(0);
  out[i] = (int)(i * i);
}
