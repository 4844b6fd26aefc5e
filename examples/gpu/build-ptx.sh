#!/bin/sh
# Lowers kernels.ll with sycl-opt (globaloffset, then
# localaccessortosharedmemory) and compiles it to PTX for sm_90.
#
# usage: build-ptx.sh [OUT_DIR]        (default: target/gpu)
# environment: SYCL_OPT (default: target/release/sycl-opt if present, else
# sycl-opt on PATH), LLC (default: llc-22).
# Writes OUT_DIR/kernels.lowered.ll and OUT_DIR/kernels.ptx.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-target/gpu}
if [ -z "${SYCL_OPT:-}" ]; then
  if [ -x target/release/sycl-opt ]; then SYCL_OPT=target/release/sycl-opt; else SYCL_OPT=sycl-opt; fi
fi
LLC=${LLC:-llc-22}

mkdir -p "$out"
"$SYCL_OPT" -passes=globaloffset,localaccessortosharedmemory -S "$here/kernels.ll" -o "$out/kernels.lowered.ll"
"$LLC" -mtriple=nvptx64-nvidia-cuda -mcpu=sm_90 "$out/kernels.lowered.ll" -o "$out/kernels.ptx"
echo "$out/kernels.ptx"
