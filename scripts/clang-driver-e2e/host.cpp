// Host unit of scripts/clang-driver-e2e-test.sh, written against Intel's
// SYCL runtime and compiled by `clang++-22 -fsycl` with the device units.
// (Its device compilation sees nothing: __SYCL_DEVICE_ONLY__.) The kernels
// come from the images clang-linker-wrapper registered at start-up: found
// as the SYCL 2020 kernel-bundle API finds them, by the kernel_id whose
// name is the one clang gives the kernel's name type
// (__builtin_sycl_unique_stable_name), each run from an executable bundle
// of its id, from an input bundle built with sycl::build, and from the
// bundle of every kernel; arguments by handler::set_arg. One line per
// check; exit status 0 when all hold.
#ifndef __SYCL_DEVICE_ONLY__
#include <sycl/sycl.hpp>

#include <iostream>
#include <string>
#include <vector>

#include "kernels.hpp" // examples/upstream-clang: ScaleKernel, ScaleArgs, AddArgs
#include "names.hpp"

using State = sycl::bundle_state;
static int Failures = 0;

static void check(bool Ok, const std::string &What) {
  std::cout << (Ok ? "PASS: " : "FAIL: ") << What << '\n';
  Failures += !Ok;
}

// The id of the kernel named `Name`, if the program has one.
static const sycl::kernel_id *find(const std::vector<sycl::kernel_id> &Ids, const std::string &Name) {
  for (const auto &Id : Ids)
    if (Name == Id.get_name())
      return &Id;
  return nullptr;
}

// Runs `K` over 16 work-items with `Args` (first member: the output) and
// checks out[i] == Expected(i).
template <typename ArgsT, typename F>
static void run(sycl::queue &Q, const sycl::kernel &K, ArgsT Args, F Expected, const std::string &What) {
  constexpr size_t N = 16;
  int *Out = sycl::malloc_shared<int>(N, Q);
  Args.out = Out;
  Q.submit([&](sycl::handler &H) {
     H.set_arg(0, Args); // the function object, by value
     H.parallel_for(sycl::range<1>{N}, K);
   }).wait();
  bool Ok = true;
  for (size_t I = 0; I < N; ++I)
    if (Out[I] != Expected(static_cast<int>(I))) {
      std::cout << "  item " << I << ": got " << Out[I] << ", expected " << Expected(static_cast<int>(I)) << '\n';
      Ok = false;
      break;
    }
  sycl::free(Out, Q);
  check(Ok, What);
}

template <typename ArgsT, typename F>
static void runAllWays(sycl::queue &Q, const std::vector<sycl::kernel_id> &Ids, const std::string &Name, ArgsT Args,
                       F Expected) {
  const sycl::kernel_id *Id = find(Ids, Name);
  check(Id != nullptr, Name + " has a kernel id");
  if (!Id)
    return;
  sycl::context Ctx = Q.get_context();
  auto Exe = sycl::get_kernel_bundle<State::executable>(Ctx, {*Id});
  check(Exe.has_kernel(*Id), Name + " is in its executable bundle");
  run(Q, Exe.get_kernel(*Id), Args, Expected, Name + " from get_kernel_bundle<executable>(ctx, {id})");
  auto Built = sycl::build(sycl::get_kernel_bundle<State::input>(Ctx, {*Id}));
  run(Q, Built.get_kernel(*Id), Args, Expected, Name + " from sycl::build(get_kernel_bundle<input>(ctx, {id}))");
  auto All = sycl::get_kernel_bundle<State::executable>(Ctx);
  run(Q, All.get_kernel(*Id), Args, Expected, Name + " from the bundle of every kernel");
}

int main() {
  sycl::queue Q{sycl::cpu_selector_v};
  std::vector<sycl::kernel_id> Ids = sycl::get_kernel_ids();
  std::cout << Ids.size() << " kernel ids:";
  for (const auto &Id : Ids)
    std::cout << ' ' << Id.get_name();
  std::cout << '\n';
  check(Ids.size() == 3, "three kernels registered");
  runAllWays(Q, Ids, __builtin_sycl_unique_stable_name(ScaleKernel), ScaleArgs{nullptr, 100},
             [](int I) { return 3 * (100 + I); });
  runAllWays(Q, Ids, __builtin_sycl_unique_stable_name(ns::AddKernel), AddArgs{nullptr, 7},
             [](int I) { return 3 * I + 7; });
  runAllWays(Q, Ids, __builtin_sycl_unique_stable_name(OffsetKernel<5>), AddArgs{nullptr, 0},
             [](int I) { return 3 * I + 5; });
  std::cout << (Failures ? "FAILED" : "all checks passed") << '\n';
  return Failures ? 1 : 0;
}
#endif
