// Writes the SYCLBIN that Intel's SYCL runtime itself produces: a free-function kernel compiled from SYCL
// source by the runtime's kernel compiler (DPC++ front end and post-link in libsycl-jit.so), brought to
// object state, and saved with kernel_bundle::ext_oneapi_get_content(). Built and run by
// scripts/runtime-syclbin.sh; the output is a test input for `syclbin dump`.
#include <sycl/sycl.hpp>

#include <fstream>
#include <iostream>

namespace syclex = sycl::ext::oneapi::experimental;

static const char *Source = R"""(
#include <sycl/sycl.hpp>
namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

extern "C" SYCL_EXTERNAL SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void scale(int *data, int factor) {
  size_t id = syclext::this_work_item::get_nd_item<1>().get_global_linear_id();
  data[id] *= factor;
}
)""";

int main(int argc, char **argv) {
  if (argc != 2) {
    std::cerr << "usage: get_content <out.syclbin>\n";
    return 2;
  }
  sycl::queue q{sycl::cpu_selector_v};
  sycl::context ctx = q.get_context();
  auto src = syclex::create_kernel_bundle_from_source(ctx, syclex::source_language::sycl, Source);
  sycl::kernel_bundle<sycl::bundle_state::object> obj = syclex::compile(src);
  std::vector<char> content = obj.ext_oneapi_get_content();
  std::ofstream(argv[1], std::ios::binary).write(content.data(), content.size());
  std::cout << "wrote " << content.size() << " bytes to " << argv[1] << " on "
            << q.get_device().get_info<sycl::info::device::name>() << "\n";
  return 0;
}
