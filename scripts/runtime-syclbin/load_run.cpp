// Loads a SYCLBIN file (object state) with Intel's SYCL runtime, links it, and runs the free-function kernel
// `scale` of get_content.cpp on 8 integers: prints "ok" and exits 0 when every result is right, prints the
// runtime's exception and exits 1 when the file is refused. Used by scripts/runtime-syclbin.sh --check to see
// which forms written by `syclbin convert` the runtime loads.
#include <sycl/sycl.hpp>

#include <iostream>

namespace syclex = sycl::ext::oneapi::experimental;

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: load_run <file.syclbin>\n";
    return 2;
  }
  sycl::queue q{sycl::cpu_selector_v};
  try {
    auto obj = syclex::get_kernel_bundle<sycl::bundle_state::object>(q.get_context(), {q.get_device()},
                                                                     std::string(argv[1]));
    sycl::kernel_bundle<sycl::bundle_state::executable> exe = sycl::link(obj);
    sycl::kernel k = exe.ext_oneapi_get_kernel("scale");
    constexpr size_t N = 8;
    int *data = sycl::malloc_shared<int>(N, q);
    for (size_t i = 0; i < N; ++i)
      data[i] = int(i);
    q.submit([&](sycl::handler &h) {
       h.set_args(data, 3);
       h.parallel_for(sycl::nd_range<1>{N, N}, k);
     }).wait();
    bool ok = true;
    for (size_t i = 0; i < N; ++i)
      ok &= data[i] == int(3 * i);
    sycl::free(data, q);
    std::cout << (ok ? "ok" : "wrong results") << "\n";
    return ok ? 0 : 1;
  } catch (const sycl::exception &e) {
    std::cout << "refused: " << e.what() << "\n";
    return 1;
  }
}
