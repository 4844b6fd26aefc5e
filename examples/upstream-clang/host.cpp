// Host program for the SYCLBIN files of scale.cpp, scale_kernel.cpp and
// add.cpp: loads them with Intel's SYCL runtime as the SYCL 2020
// kernel-bundle API is written to be used and runs ScaleKernel and
// AddKernel by the names the device code gives them. Compiled by clang++-22
// against the runtime's headers (no -fsycl).
//
//   host <app.syclbin> input        one SYCLBIN, both kernels: sycl::build
//   host <app.syclbin> input-link   sycl::link(sycl::compile(bundle))
//   host <app.syclbin> object       sycl::link(bundle)
//   host <app.syclbin> executable   get_kernel_bundle<executable>
//   host <kernels.syclbin> <scale.syclbin>   two object-state SYCLBINs
//                                            joined by sycl::link
//
// Prints one line per check; exit status 0 when all hold.
#include <sycl/sycl.hpp>

#include <iostream>
#include <string>
#include <vector>

#include "kernels.hpp"

namespace syclex = sycl::ext::oneapi::experimental;
using State = sycl::bundle_state;

static int Failures = 0;

static void check(bool Ok, const std::string &What) {
  std::cout << (Ok ? "PASS: " : "FAIL: ") << What << '\n';
  Failures += !Ok;
}

// The executable bundle of one SYCLBIN file loaded as `How` says.
// "input-link" compiles then links an input-state file: for images that
// import SYCL_EXTERNAL functions from each other (sycl-link
// --allow-device-image-dependencies), which only sycl::link resolves.
static sycl::kernel_bundle<State::executable> load(const sycl::context &Ctx, const std::vector<sycl::device> &Devs,
                                                   const std::string &Path, const std::string &How) {
  if (How == "input")
    return sycl::build(syclex::get_kernel_bundle<State::input>(Ctx, Devs, Path));
  if (How == "input-link")
    return sycl::link(sycl::compile(syclex::get_kernel_bundle<State::input>(Ctx, Devs, Path)));
  if (How == "object")
    return sycl::link(syclex::get_kernel_bundle<State::object>(Ctx, Devs, Path));
  return syclex::get_kernel_bundle<State::executable>(Ctx, Devs, Path);
}

// Runs kernel `Name` over N work-items with its function object `Args`
// (whose first member is the output pointer) and checks out[i] == F(i).
template <typename ArgsT, typename F>
static void run(sycl::queue &Q, sycl::kernel_bundle<State::executable> &KB, const std::string &Name,
                ArgsT Args, F Expected) {
  if (!KB.ext_oneapi_has_kernel(Name)) {
    check(false, Name + " is in the bundle");
    return;
  }
  constexpr size_t N = 16;
  int *Out = sycl::malloc_shared<int>(N, Q);
  Args.out = Out;
  Q.submit([&](sycl::handler &H) {
     H.set_arg(0, Args); // the function object, by value
     H.parallel_for(sycl::range<1>{N}, KB.ext_oneapi_get_kernel(Name));
   }).wait();
  bool Ok = true;
  for (size_t I = 0; I < N; ++I)
    if (Out[I] != Expected(static_cast<int>(I))) {
      std::cout << "  " << Name << " item " << I << ": got " << Out[I] << ", expected "
                << Expected(static_cast<int>(I)) << '\n';
      Ok = false;
    }
  sycl::free(Out, Q);
  check(Ok, Name + " gives the right results");
}

static void runBoth(sycl::queue &Q, sycl::kernel_bundle<State::executable> KB) {
  run(Q, KB, "ScaleKernel", ScaleArgs{nullptr, 100}, [](int I) { return 3 * (100 + I); });
  run(Q, KB, "AddKernel", AddArgs{nullptr, 7}, [](int I) { return 3 * I + 7; });
}

int main(int Argc, char **Argv) {
  if (Argc != 3) {
    std::cerr << "usage: host <app.syclbin> input|input-link|object|executable | host <kernels.syclbin> <scale.syclbin>\n";
    return 2;
  }
  try {
    sycl::queue Q;
    sycl::context Ctx = Q.get_context();
    std::vector<sycl::device> Devs{Q.get_device()};
    std::string Second = Argv[2];
    if (Second == "input" || Second == "input-link" || Second == "object" || Second == "executable") {
      runBoth(Q, load(Ctx, Devs, Argv[1], Second));
    } else {
      // Dynamic linking: the kernels' images import scale, which the other
      // file's image exports.
      auto App = syclex::get_kernel_bundle<State::object>(Ctx, Devs, std::string{Argv[1]});
      auto Lib = syclex::get_kernel_bundle<State::object>(Ctx, Devs, std::string{Second});
      runBoth(Q, sycl::link({App, Lib}));
    }
  } catch (const sycl::exception &E) {
    std::cout << "FAIL: SYCL exception: " << E.what() << '\n';
    return 1;
  }
  return Failures ? 1 : 0;
}
