// The runtime build check's loader (scripts/runtime-build-check.sh): builds
// one executable-state SYCLBIN on Intel's SYCL runtime with its OpenCL CPU
// device and creates every kernel of it, as a program that loads the file
// with get_kernel_bundle would. Compiled by clang++-22 against the runtime
// wheel's headers, without -fsycl (as scripts/syclbin-e2e/host.cpp).
//
//   loader <file.syclbin> [<kernel-names file>]
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
#include <CL/cl.h>
#include <sycl/sycl.hpp>

#include <fstream>
#include <iostream>
#include <set>
#include <string>
#include <vector>

namespace syclex = sycl::ext::oneapi::experimental;

static std::string firstLine(const std::string &S) {
  std::string L = S.substr(0, S.find('\n'));
  return L.size() > 400 ? L.substr(0, 400) + "..." : L;
}

int main(int Argc, char **Argv) {
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
