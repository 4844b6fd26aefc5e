// SYCL device code compiled by clang-22's SYCL device mode
// (-fsycl-is-device): a SYCL_EXTERNAL function, linked by sycl-link with
// the OpenCL C kernel of sq_linked.cl that calls it.
extern "C" [[clang::sycl_external]] int sq_value(unsigned long i) { return static_cast<int>(i * i); }
