#!/usr/bin/env bash
# From source files to SYCLBIN files to results: scale.cpp (a SYCL_EXTERNAL
# function), scale_kernel.cpp and add.cpp (kernels that call it) compiled by
# upstream clang 22, linked by sycl-link (input state per source and per
# kernel loaded with sycl::build, executable state per source and per kernel,
# a library and an application in object state joined by sycl::link, and
# dynamic linking between the images of one file, compiled then linked),
# run on Intel's SYCL runtime by host.cpp. docs/upstream-clang.md shows these
# commands; scripts/syclbin-e2e-test.sh runs this script and checks that the
# guide's commands are these.
#
# Usage: run.sh WORK_DIR   with sycl-link on PATH, SYCL_RT the directory of
# Intel's SYCL runtime (include/, lib/) and its OpenCL device registered.
set -euo pipefail
cp "$(dirname "$0")"/{kernels.hpp,device.hpp,scale.cpp,scale_kernel.cpp,add.cpp,host.cpp} "$1"
cd "$1"
: "${SYCL_RT:?the SYCL runtime directory}"
set -x
# commands
clang++-22 --target=spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -emit-llvm -c scale.cpp -o scale.bc
clang++-22 --target=spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -emit-llvm -c scale_kernel.cpp -o scale_kernel.bc
clang++-22 --target=spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -emit-llvm -c add.cpp -o add.bc
sycl-link scale.bc scale_kernel.bc add.bc -o app.syclbin
sycl-link scale.bc scale_kernel.bc add.bc --sycl-module-split-mode=kernel -o app-kernel.syclbin
sycl-link scale.bc scale_kernel.bc add.bc --syclbin=executable -o app-exe.syclbin
sycl-link scale.bc scale_kernel.bc add.bc --syclbin=executable --sycl-module-split-mode=kernel -o app-exe-kernel.syclbin
sycl-link scale.bc --syclbin=object -o scale.syclbin
sycl-link scale_kernel.bc add.bc --syclbin=object -o kernels.syclbin
sycl-link scale.bc scale_kernel.bc add.bc --allow-device-image-dependencies -o app-dyn.syclbin
clang++-22 -std=c++17 -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING -I"$SYCL_RT/include" host.cpp -L"$SYCL_RT/lib" -lsycl -Wl,-rpath,"$SYCL_RT/lib" -o host
./host app.syclbin input
./host app-kernel.syclbin input
./host app-exe.syclbin executable
./host app-exe-kernel.syclbin executable
./host kernels.syclbin scale.syclbin
./host app-dyn.syclbin input-link
# end commands
