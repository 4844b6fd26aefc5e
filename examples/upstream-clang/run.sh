#!/usr/bin/env bash
# From source files to SYCLBIN files to results, as docs/upstream-clang.md
# shows: scale.cpp and add.cpp compiled by upstream clang 22, linked by
# sycl-link (per source, per kernel, and as two object-state files joined at
# run time), run on Intel's SYCL runtime by host.cpp.
#
# Usage: run.sh WORK_DIR SYCL_RUNTIME_DIR   (tools on PATH; the runtime's
# OpenCL device registered: scripts/upstream-clang-e2e-test.sh sets it up)
set -euo pipefail
SRC="$(cd "$(dirname "$0")" && pwd)"
cd "$1"
RT="$2"

# 1. Device code: upstream clang 22, SYCL device mode, LLVM bitcode.
for tu in scale add; do
  clang++-22 --target=spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -O2 \
    -emit-llvm -c "$SRC/$tu.cpp" -o $tu.bc
done

# 2. SYCLBIN files.
sycl-link scale.bc add.bc -o app.syclbin                                  # one image per source file
sycl-link scale.bc add.bc --sycl-module-split-mode=kernel -o app-kernel.syclbin  # one image per kernel
sycl-link scale.bc add.bc --syclbin=executable -o app-exe.syclbin         # self-contained images
sycl-link scale.bc --syclbin=object -o scale.syclbin                      # exports scale
sycl-link add.bc --syclbin=object -o add.syclbin                          # imports scale

# 3. The host program (no -fsycl), then each SYCLBIN run.
clang++-22 -std=c++17 -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING -I"$SRC" -I"$RT/include" "$SRC/host.cpp" \
  -L"$RT/lib" -lsycl -Wl,-rpath,"$RT/lib" -o host
./host app.syclbin input
./host app-kernel.syclbin input
./host app-exe.syclbin executable
./host add.syclbin scale.syclbin
