// The runtime build check's loader (scripts/runtime-build-check.sh): builds
// one executable-state SYCLBIN on Intel's SYCL runtime with its OpenCL CPU
// device and creates every kernel of it, as a program that loads the file
// with get_kernel_bundle would. Compiled by clang++-22 against the runtime
// wheel's headers, without -fsycl (as scripts/syclbin-e2e/host.cpp).
//
//   loader <file.syclbin> [<kernel-names file>]
//   loader --bf16 <file.syclbin>
//
// Loading an executable-state SYCLBIN builds its SPIR-V at once
// (urProgramCreateWithIL + urProgramBuild on the CPU compiler); the built
// OpenCL programs (sycl::get_native) then have every kernel created
// (clCreateKernelsInProgram): the runtime's kernel ids cover only kernels
// the host program registered, which a loader of foreign code has none of.
// With a kernel-names file (one name a line, the `.sym` of `syclbin
// extract`) every name must be among the created kernels.
//
// Output: one line. "built: <n> kernels" (exit 0); "error: <first line of
// the runtime's message>" (exit 1); "incompatible: ..." when the runtime
// leaves the image out for this device (its device requirements: no
// program), exit 3.
// A crash of the CPU compiler ends this process by a signal: the script runs
// one process per image.
//
// --bf16: runs the kernels of scripts/runtime-build-check/bf16.ll (bf16_scalar,
// bf16_vec16) on every bfloat16 value and on floats around every rounding
// case, and compares their conversions with the C++ reference of the
// runtime's own header (sycl/ext/oneapi/bfloat16.hpp on the host:
// detail::from_float_to_uint16_t, bfloat16 -> float): "bf16: <n> values
// agree" (exit 0) or the first value that differs (exit 1).
#include <CL/cl.h>
#include <sycl/sycl.hpp>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

// The runtime's message in one line: its first line, and where the message
// carries a build log, the log's first line that says what failed.
static std::string firstLine(const std::string &S) {
  std::string First = S.substr(0, S.find('\n')), Why;
  for (size_t B = 0; B < S.size();) {
    size_t E = S.find('\n', B);
    std::string L = S.substr(B, E == std::string::npos ? std::string::npos : E - B);
    B = E == std::string::npos ? S.size() : E + 1;
    if (L.find("Symbols not found") != std::string::npos || L.find("error") != std::string::npos ||
        L.find("Error") != std::string::npos || L.find("Exception") != std::string::npos) {
      Why = L;
      if (L.find("Symbols not found") != std::string::npos)
        break;
    }
  }
  std::string R = Why.empty() || Why == First ? First : First + ": " + Why;
  return R.size() > 400 ? R.substr(0, 400) + "..." : R;
}

// The bfloat16 check (see the file comment).
static int checkBf16(const std::string &Path) {
  namespace oneapi = sycl::ext::oneapi;
  sycl::queue Q{sycl::cpu_selector_v};
  auto KB = syclex::get_kernel_bundle<sycl::bundle_state::executable>(Q.get_context(), {Q.get_device()}, Path);
  // Floats: every bfloat16 value's bits with low halves 0, 0x7fff, 0x8000
  // (the tie), 0x8001 and 0xffff; NaNs with payloads only in the low half.
  std::vector<uint32_t> Bits;
  for (uint32_t H = 0; H < 0x10000; ++H)
    for (uint32_t L : {0x0u, 0x1u, 0x7fffu, 0x8000u, 0x8001u, 0xffffu})
      Bits.push_back(H << 16 | L);
  const size_t N = Bits.size(); // a multiple of 16
  float *F = sycl::malloc_shared<float>(N, Q);
  uint16_t *ToB = sycl::malloc_shared<uint16_t>(N, Q);
  uint16_t *B = sycl::malloc_shared<uint16_t>(N, Q);
  float *ToF = sycl::malloc_shared<float>(N, Q);
  for (size_t I = 0; I < N; ++I) {
    F[I] = sycl::bit_cast<float>(Bits[I]);
    B[I] = static_cast<uint16_t>(I);
  }
  int Status = 0;
  for (const char *Name : {"bf16_scalar", "bf16_vec16"}) {
    size_t Items = std::string(Name) == "bf16_vec16" ? N / 16 : N;
    std::fill(ToB, ToB + N, 0x1234);
    std::fill(ToF, ToF + N, -7.0f);
    sycl::kernel K = KB.ext_oneapi_get_kernel(Name);
    Q.submit([&](sycl::handler &H) {
       H.set_args(F, ToB, B, ToF);
       H.parallel_for(sycl::range<1>{Items}, K);
     }).wait();
    for (size_t I = 0; I < N; ++I) {
      uint16_t WantB = oneapi::detail::from_float_to_uint16_t(F[I]);
      float WantF = static_cast<float>(sycl::bit_cast<oneapi::bfloat16>(B[I]));
      if (ToB[I] != WantB || sycl::bit_cast<uint32_t>(ToF[I]) != sycl::bit_cast<uint32_t>(WantF)) {
        std::printf("error: %s: float bits 0x%08x -> 0x%04x (reference 0x%04x); bfloat16 0x%04x -> 0x%08x "
                    "(reference 0x%08x)\n",
                    Name, Bits[I], ToB[I], WantB, B[I], sycl::bit_cast<uint32_t>(ToF[I]),
                    sycl::bit_cast<uint32_t>(WantF));
        Status = 1;
        break;
      }
    }
  }
  sycl::free(F, Q), sycl::free(ToB, Q), sycl::free(B, Q), sycl::free(ToF, Q);
  if (Status == 0)
    std::printf("bf16: %zu floats and %zu bfloat16 values agree with the C++ reference, scalar and Vec16\n", N, N);
  return Status;
}

int main(int Argc, char **Argv) {
  if (Argc == 3 && std::string(Argv[1]) == "--bf16") {
    try {
      return checkBf16(Argv[2]);
    } catch (const std::exception &E) {
      std::cout << "error: " << firstLine(E.what()) << '\n';
      return 1;
    }
  }
  if (Argc < 2 || Argc > 3) {
    std::cerr << "usage: loader <file.syclbin> [<kernel-names file>]\n";
    return 2;
  }
  std::set<std::string> Expected;
  if (Argc == 3) {
    std::ifstream In(Argv[2]);
    if (!In) {
      std::cout << "error: cannot read " << Argv[2] << '\n';
      return 1;
    }
    for (std::string L; std::getline(In, L);)
      if (!L.empty())
        Expected.insert(L);
  }
  try {
    sycl::device Dev{sycl::cpu_selector_v};
    sycl::context Ctx{Dev};
    auto KB = syclex::get_kernel_bundle<sycl::bundle_state::executable>(Ctx, {Dev}, std::string(Argv[1]));
    std::vector<cl_program> Programs = sycl::get_native<sycl::backend::opencl>(KB);
    if (Programs.empty()) {
      std::cout << "incompatible: no program built for this device\n";
      return 3;
    }
    std::set<std::string> Found;
    for (cl_program P : Programs) {
      cl_uint N = 0;
      cl_int Err = clCreateKernelsInProgram(P, 0, nullptr, &N);
      std::vector<cl_kernel> Ks(N);
      if (Err == CL_SUCCESS && N > 0)
        Err = clCreateKernelsInProgram(P, N, Ks.data(), nullptr);
      if (Err != CL_SUCCESS) {
        std::cout << "error: clCreateKernelsInProgram: " << Err << '\n';
        return 1;
      }
      for (cl_kernel K : Ks) {
        size_t Len = 0;
        clGetKernelInfo(K, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &Len);
        std::string Name(Len, '\0');
        clGetKernelInfo(K, CL_KERNEL_FUNCTION_NAME, Len, Name.data(), nullptr);
        Found.insert(Name.c_str());
        clReleaseKernel(K);
      }
      clReleaseProgram(P);
    }
    for (const std::string &Name : Expected)
      if (!Found.count(Name)) {
        std::cout << "error: kernel " << Name << " is not in the built program (" << Found.size()
                  << " kernels are)\n";
        return 1;
      }
    std::cout << "built: " << Found.size() << " kernels\n";
    return 0;
  } catch (const std::exception &E) {
    std::cout << "error: " << firstLine(E.what()) << '\n';
    return 1;
  }
}
