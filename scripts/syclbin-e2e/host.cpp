// Host side of the SYCLBIN end-to-end suite (scripts/syclbin-e2e-test.sh):
// loads SYCLBIN files with Intel's SYCL runtime and runs their free-function
// kernels (`__sycl_kernel_<name>`, found as "<name>"). Compiled by clang++-22
// against the runtime wheel's headers, without -fsycl.
//
//   host <case> <files...>      exit 0 and "PASS: ..." lines when the case holds
//
// Every check prints one line; any failure makes the exit status 1.
#include <sycl/sycl.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <string>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;
using State = sycl::bundle_state;

static int Failures = 0;

static void check(bool Ok, const std::string &What) {
  std::cout << (Ok ? "PASS: " : "FAIL: ") << What << '\n';
  if (!Ok)
    ++Failures;
}

// State "input-link": an input-state file whose images import from each
// other is compiled then linked (sycl::build of runtime 2026.2 does not
// resolve imports between the images of one SYCLBIN).
static bool CompileAndLinkInput = false;

// Loads `Path` in state `S` and returns an executable bundle (build / link).
static sycl::kernel_bundle<State::executable> loadExecutable(sycl::queue &Q, const std::string &Path, State S) {
  auto Ctx = Q.get_context();
  std::vector<sycl::device> Devs{Q.get_device()};
  switch (S) {
  case State::input:
    if (CompileAndLinkInput)
      return sycl::link(sycl::compile(syclex::get_kernel_bundle<State::input>(Ctx, Devs, Path)));
    return sycl::build(syclex::get_kernel_bundle<State::input>(Ctx, Devs, Path));
  case State::object:
    return sycl::link(syclex::get_kernel_bundle<State::object>(Ctx, Devs, Path));
  default:
    return syclex::get_kernel_bundle<State::executable>(Ctx, Devs, Path);
  }
}

static State parseState(const std::string &S) {
  CompileAndLinkInput = S == "input-link";
  if (S == "input" || S == "input-link")
    return State::input;
  if (S == "object")
    return State::object;
  return State::executable;
}

// Runs `K` over N work-items with `Args` and returns the int output buffer.
template <typename... Args>
static std::vector<int> run(sycl::queue &Q, const sycl::kernel &K, size_t N, Args... A) {
  int *Out = sycl::malloc_shared<int>(N, Q);
  for (size_t I = 0; I < N; ++I)
    Out[I] = -7;
  Q.submit([&](sycl::handler &H) {
     H.set_args(Out, A...);
     H.parallel_for(sycl::range<1>{N}, K);
   }).wait();
  std::vector<int> R(Out, Out + N);
  sycl::free(Out, Q);
  return R;
}

static bool expect(const std::vector<int> &Got, const std::function<int(int)> &F) {
  for (size_t I = 0; I < Got.size(); ++I)
    if (Got[I] != F(static_cast<int>(I))) {
      std::cout << "  item " << I << ": got " << Got[I] << ", expected " << F(static_cast<int>(I)) << '\n';
      return false;
    }
  return true;
}

// The "done when" kernels of dev.ll: add, scale (eliminated argument), gpu_only (aspect gpu).
static void caseSplit(sycl::queue &Q, const std::string &Path, State S) {
  auto KB = loadExecutable(Q, Path, S);
  check(KB.ext_oneapi_has_kernel("add"), "add is in the bundle");
  check(expect(run(Q, KB.ext_oneapi_get_kernel("add"), 16, 100), [](int I) { return I + 100; }),
        "add(out, 100) = i + 100");
  check(KB.ext_oneapi_has_kernel("scale"), "scale is in the bundle");
  // Three arguments as the source had them; the runtime drops the eliminated one.
  check(expect(run(Q, KB.ext_oneapi_get_kernel("scale"), 16, 999, 3), [](int I) { return I * 3; }),
        "scale(out, <eliminated>, 3) = i * 3");
  check(!KB.ext_oneapi_has_kernel("gpu_only"), "gpu_only (aspect gpu) is absent on the CPU device");
}

// Loading a file in another state throws.
static void caseWrongState(sycl::queue &Q, const std::string &Path, State Asked) {
  bool Threw = false;
  try {
    (void)loadExecutable(Q, Path, Asked);
  } catch (const sycl::exception &E) {
    Threw = true;
    std::cout << "  (" << E.what() << ")\n";
  }
  check(Threw, "loading the file in another state throws");
}

// An importing object-state SYCLBIN linked with an exporting one.
static void caseLink(sycl::queue &Q, const std::string &App, const std::string &Lib) {
  auto Ctx = Q.get_context();
  std::vector<sycl::device> Devs{Q.get_device()};
  auto A = syclex::get_kernel_bundle<State::object>(Ctx, Devs, App);
  auto L = syclex::get_kernel_bundle<State::object>(Ctx, Devs, Lib);
  auto KB = sycl::link({A, L});
  check(expect(run(Q, KB.ext_oneapi_get_kernel("use_ext"), 16, 5), [](int I) { return I * 10 + 5; }),
        "use_ext(out, 5) = ext_add(i * 10, 5) from the exporting SYCLBIN");
}

// One SYCLBIN holding both sides (sycl-link of app and lib): use_ext resolves ext_add inside it.
static void caseUseExt(sycl::queue &Q, const std::string &Path, State S) {
  auto KB = loadExecutable(Q, Path, S);
  check(expect(run(Q, KB.ext_oneapi_get_kernel("use_ext"), 16, 5), [](int I) { return I * 10 + 5; }),
        "use_ext(out, 5) = ext_add(i * 10, 5) within one SYCLBIN");
}

// Specialization constants at their default values.
static void caseSpecConst(sycl::queue &Q, const std::string &Path, State S) {
  auto KB = loadExecutable(Q, Path, S);
  check(expect(run(Q, KB.ext_oneapi_get_kernel("spec"), 8), [](int I) { return I + 40 + 2; }),
        "spec(out) = i + A(default 40) + B(default 2)");
}

// Many kernels: k<j>(out) writes i * j + j, for j in 0..N-1.
static void caseMany(sycl::queue &Q, const std::string &Path, State S, int N) {
  auto KB = loadExecutable(Q, Path, S);
  int Ok = 0;
  for (int J = 0; J < N; ++J) {
    std::string Name = "k" + std::to_string(J);
    if (!KB.ext_oneapi_has_kernel(Name))
      continue;
    std::vector<int> Got = run(Q, KB.ext_oneapi_get_kernel(Name), 8);
    // The values themselves, for the one-piece/pieces comparison.
    std::cout << "  " << Name << ":";
    for (int V : Got)
      std::cout << ' ' << V;
    std::cout << '\n';
    if (expect(Got, [J](int I) { return I * J + J; }))
      ++Ok;
  }
  check(Ok == N, std::to_string(Ok) + " of " + std::to_string(N) + " kernels run with the right results");
}

// A device global: bump(out, v) adds v to the device global `counter` and writes the new value.
static void caseDeviceGlobal(sycl::queue &Q, const std::string &Path, State S) {
  auto KB = loadExecutable(Q, Path, S);
  auto K = KB.ext_oneapi_get_kernel("bump");
  auto Once = [&](int V) {
    int *Out = sycl::malloc_shared<int>(1, Q);
    Q.submit([&](sycl::handler &H) {
       H.set_args(Out, V);
       H.single_task(K);
     }).wait();
    int R = *Out;
    sycl::free(Out, Q);
    return R;
  };
  int A = Once(5), B = Once(-2);
  check(A == 5 && B == 3, "the device global keeps its value between launches (5, 3): got " + std::to_string(A) +
                              ", " + std::to_string(B));
}

// A device global the host reads and writes by name ("DG"), as in upstream's SYCLBIN dg tests:
// zero-initialized, written by the host, updated by dg_adder(v), distinct per bundle.
static void caseDeviceGlobalHost(sycl::queue &Q, const std::string &Path, State S) {
  auto KB1 = loadExecutable(Q, Path, S);
  auto KB2 = loadExecutable(Q, Path, S);
  check(KB1.ext_oneapi_has_device_global("DG"), "the bundle has device global DG");
  check(!KB1.ext_oneapi_has_device_global("bogus_DG"), "no device global bogus_DG");
  if (!KB1.ext_oneapi_has_device_global("DG"))
    return;
  sycl::device Dev = Q.get_device();
  void *Addr = KB1.ext_oneapi_get_device_global_address("DG", Dev);
  size_t Size = KB1.ext_oneapi_get_device_global_size("DG");
  check(Size == 4, "DG has size 4");
  auto Read = [&](void *A) {
    int V = -1;
    Q.memcpy(&V, A, 4).wait();
    return V;
  };
  check(Read(Addr) == 0, "DG starts at zero");
  int V = 123;
  Q.memcpy(Addr, &V, 4).wait();
  auto K = KB1.ext_oneapi_get_kernel("dg_adder");
  Q.submit([&](sycl::handler &H) {
     H.set_args(-17);
     H.single_task(K);
   }).wait();
  int Got = Read(Addr);
  check(Got == 106, "dg_adder(-17) after the host wrote 123 gives 106: got " + std::to_string(Got));
  check(Read(KB2.ext_oneapi_get_device_global_address("DG", Dev)) == 0, "another bundle has its own DG (0)");
}

// A free-function kernel from clang-22's SYCL device mode or OpenCL C: sq(out) = i * i.
static void caseFrontEnd(sycl::queue &Q, const std::string &Path, State S, const std::string &Name) {
  auto KB = loadExecutable(Q, Path, S);
  check(KB.ext_oneapi_has_kernel(Name), Name + " is in the bundle");
  if (KB.ext_oneapi_has_kernel(Name))
    check(expect(run(Q, KB.ext_oneapi_get_kernel(Name), 16), [](int I) { return I * I; }), Name + "(out) = i * i");
}

static bool writeFile(const std::string &Path, const std::vector<char> &Bytes) {
  std::ofstream F(Path, std::ios::binary);
  F.write(Bytes.data(), static_cast<std::streamsize>(Bytes.size()));
  return static_cast<bool>(F);
}

// ext_oneapi_get_content() of a loaded bundle, written to `Out`, loaded back and run.
static void caseContent(sycl::queue &Q, const std::string &Path, const std::string &Out) {
  auto Ctx = Q.get_context();
  std::vector<sycl::device> Devs{Q.get_device()};
  auto KB = syclex::get_kernel_bundle<State::object>(Ctx, Devs, Path);
  std::vector<char> Bytes = KB.ext_oneapi_get_content();
  check(!Bytes.empty() && writeFile(Out, Bytes), "ext_oneapi_get_content() written (" +
                                                     std::to_string(Bytes.size()) + " bytes)");
  auto Again = sycl::link(syclex::get_kernel_bundle<State::object>(Ctx, Devs, Out));
  check(expect(run(Q, Again.ext_oneapi_get_kernel("add"), 8, 1), [](int I) { return I + 1; }),
        "the runtime's own SYCLBIN loads back and runs add");
}

// Intel's toolchain in the runtime: SYCL source -> object bundle -> SYCLBIN (the oracle), and a run.
static const char *RtcSource = R"SRC(
#include <sycl/sycl.hpp>
namespace syclext = sycl::ext::oneapi;
namespace syclexp = sycl::ext::oneapi::experimental;

extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void add(int *out, int x) {
  size_t i = syclext::this_work_item::get_nd_item<1>().get_global_id(0);
  out[i] = static_cast<int>(i) + x;
}

extern "C" SYCL_EXT_ONEAPI_FUNCTION_PROPERTY((syclexp::nd_range_kernel<1>))
void scale(int *out, int skip, int k) {
  size_t i = syclext::this_work_item::get_nd_item<1>().get_global_id(0);
  out[i] = static_cast<int>(i) * k;
}
)SRC";

static void caseIntel(sycl::queue &Q, const std::string &Out) {
  auto Ctx = Q.get_context();
  auto Src = syclex::create_kernel_bundle_from_source(Ctx, syclex::source_language::sycl, RtcSource);
  auto Obj = syclex::compile(Src);
  std::vector<char> Bytes = Obj.ext_oneapi_get_content();
  check(!Bytes.empty() && writeFile(Out, Bytes), "Intel's object-state SYCLBIN written (" +
                                                     std::to_string(Bytes.size()) + " bytes)");
  auto KB = sycl::link(Obj);
  auto RunNd = [&](const sycl::kernel &K, auto... A) {
    constexpr size_t N = 16;
    int *Buf = sycl::malloc_shared<int>(N, Q);
    Q.submit([&](sycl::handler &H) {
       H.set_args(Buf, A...);
       H.parallel_for(sycl::nd_range<1>{{N}, {N}}, K);
     }).wait();
    std::vector<int> R(Buf, Buf + N);
    sycl::free(Buf, Q);
    return R;
  };
  check(expect(RunNd(KB.ext_oneapi_get_kernel("add"), 100), [](int I) { return I + 100; }),
        "Intel: add(out, 100) = i + 100");
  check(expect(RunNd(KB.ext_oneapi_get_kernel("scale"), 999, 3), [](int I) { return I * 3; }),
        "Intel: scale(out, 999, 3) = i * 3");
  // Its file loads back through the SYCLBIN path, as ours does.
  auto Back = sycl::link(syclex::get_kernel_bundle<State::object>(Ctx, std::vector<sycl::device>{Q.get_device()}, Out));
  check(Back.ext_oneapi_has_kernel("add") && Back.ext_oneapi_has_kernel("scale"),
        "Intel's SYCLBIN loads back with add and scale");
}

int main(int Argc, char **Argv) {
  std::vector<std::string> A(Argv + 1, Argv + Argc);
  if (A.empty()) {
    std::cerr << "usage: host <case> <files...>\n";
    return 2;
  }
  try {
    sycl::queue Q{sycl::cpu_selector_v};
    std::cout << "device: " << Q.get_device().get_info<sycl::info::device::name>() << '\n';
    const std::string &C = A[0];
    if (C == "split" && A.size() == 3)
      caseSplit(Q, A[1], parseState(A[2]));
    else if (C == "wrong-state" && A.size() == 3)
      caseWrongState(Q, A[1], parseState(A[2]));
    else if (C == "link" && A.size() == 3)
      caseLink(Q, A[1], A[2]);
    else if (C == "use-ext" && A.size() == 3)
      caseUseExt(Q, A[1], parseState(A[2]));
    else if (C == "spec-const" && A.size() == 3)
      caseSpecConst(Q, A[1], parseState(A[2]));
    else if (C == "many" && A.size() == 4)
      caseMany(Q, A[1], parseState(A[2]), std::stoi(A[3]));
    else if (C == "device-global" && A.size() == 3)
      caseDeviceGlobal(Q, A[1], parseState(A[2]));
    else if (C == "device-global-host" && A.size() == 3)
      caseDeviceGlobalHost(Q, A[1], parseState(A[2]));
    else if (C == "front-end" && A.size() == 4)
      caseFrontEnd(Q, A[1], parseState(A[2]), A[3]);
    else if (C == "content" && A.size() == 3)
      caseContent(Q, A[1], A[2]);
    else if (C == "intel" && A.size() == 2)
      caseIntel(Q, A[1]);
    else {
      std::cerr << "host: unknown case or wrong arguments: " << C << '\n';
      return 2;
    }
  } catch (const sycl::exception &E) {
    std::cout << "FAIL: SYCL exception: " << E.what() << '\n';
    return 1;
  } catch (const std::exception &E) {
    std::cout << "FAIL: exception: " << E.what() << '\n';
    return 1;
  }
  return Failures ? 1 : 0;
}
