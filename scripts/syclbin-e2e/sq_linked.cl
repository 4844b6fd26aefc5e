// OpenCL C through clang-22: a free-function-named kernel calling sq_value,
// which SYCL device code (sq.cpp) defines; sycl-link joins the two.
int sq_value(ulong i);
kernel void __sycl_kernel_sq_linked(global int *out) {
  size_t i = get_global_id(0);
  out[i] = sq_value(i);
}
