#!/usr/bin/env bash
# Produces a SYCLBIN written by Intel's SYCL runtime itself (intel-sycl-rt 2026.2 from PyPI, on Intel's
# OpenCL CPU device): scripts/runtime-syclbin/get_content.cpp compiles a free-function kernel from SYCL source
# with the runtime's kernel compiler, brings it to object state and saves ext_oneapi_get_content().
# lit/syclbin/Inputs/runtime-2026.2-object.syclbin was made by this script; `syclbin dump` must read it.
#
# Usage: scripts/runtime-syclbin.sh OUT.syclbin
# Venv: $SYCL_VENV (default /work/cache/sycl-venv), created from the recipe in
# ../shared/research/real-clients.md when missing:
#   pip install --no-deps intel-sycl-rt==2026.2.0 intel-opencl-rt==2026.2.0 intel-cmplr-lib-rt==2026.2.0 \
#     intel-cmplr-lib-ur==2026.1.2 umf==1.2.0; pip install "tbb==2023.*"   (and apt-get install libhwloc15)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:?usage: runtime-syclbin.sh OUT.syclbin}"
VENV="${SYCL_VENV:-/work/cache/sycl-venv}"
if [ ! -e "$VENV/lib/libsycl.so" ] || [ ! -e "$VENV/lib/libur_adapter_opencl.so" ] || [ ! -e "$VENV/lib/libtbb.so.12" ]; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet --no-deps intel-sycl-rt==2026.2.0 intel-opencl-rt==2026.2.0 \
    intel-cmplr-lib-rt==2026.2.0 intel-cmplr-lib-ur==2026.1.2 umf==1.2.0
  "$VENV/bin/pip" install --quiet "tbb==2023.*"
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
echo "$VENV/lib/libintelocl.so" > "$WORK/intel.icd"
clang++-22 -std=c++17 -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING -Wno-everything -I"$VENV/include" \
  "$ROOT/scripts/runtime-syclbin/get_content.cpp" -L"$VENV/lib" -lsycl -Wl,-rpath,"$VENV/lib" -o "$WORK/get_content"
OCL_ICD_VENDORS="$WORK" LD_LIBRARY_PATH="$VENV/lib" "$WORK/get_content" "$OUT"
