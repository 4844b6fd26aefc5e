#!/usr/bin/env bash
# Produces a SYCLBIN written by Intel's SYCL runtime itself (intel-sycl-rt 2026.2 from PyPI, on Intel's
# OpenCL CPU device): scripts/runtime-syclbin/get_content.cpp compiles a free-function kernel from SYCL source
# with the runtime's kernel compiler, brings it to object state and saves ext_oneapi_get_content().
# lit/syclbin/Inputs/runtime-2026.2-object.syclbin was made by this script; `syclbin dump` must read it.
#
# Usage: scripts/runtime-syclbin.sh OUT.syclbin
#        scripts/runtime-syclbin.sh --check [TOOL_DIR]
# --check also repackages the runtime's file with `syclbin convert` into every form and loads each with the
# runtime (scripts/runtime-syclbin/load_run.cpp: link, run `scale`, check the results). Expected: the
# runtime's own file, offload-v1 and offload-v2 load and compute the right results; bare and syclbin-v2 are
# refused (the 2026.2 runtime reads only a SYCLBIN v1 inside a single-entry offload binary). Exits non-zero
# on any other outcome.
# Venv: $SYCL_VENV (default /work/cache/sycl-venv), created from the recipe in
# ../shared/research/real-clients.md when missing:
#   pip install --no-deps intel-sycl-rt==2026.2.0 intel-opencl-rt==2026.2.0 intel-cmplr-lib-rt==2026.2.0 \
#     intel-cmplr-lib-ur==2026.1.2 umf==1.2.0; pip install "tbb==2023.*"   (and apt-get install libhwloc15)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
CHECK=0
if [ "${1:-}" = "--check" ]; then
  CHECK=1
  TOOLS="${2:-${SPL_TOOL_DIR:-$ROOT/target/release}}"
  [ -x "$TOOLS/syclbin" ] || { echo "runtime-syclbin: missing $TOOLS/syclbin (cargo build --release)" >&2; exit 1; }
else
  OUT="${1:?usage: runtime-syclbin.sh OUT.syclbin | --check [TOOL_DIR]}"
fi
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
build() {
  clang++-22 -std=c++17 -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING -Wno-everything -I"$VENV/include" \
    "$ROOT/scripts/runtime-syclbin/$1.cpp" -L"$VENV/lib" -lsycl -Wl,-rpath,"$VENV/lib" -o "$WORK/$1"
}
runtime() { OCL_ICD_VENDORS="$WORK" LD_LIBRARY_PATH="$VENV/lib" "$@"; }
build get_content
if [ "$CHECK" = 0 ]; then
  runtime "$WORK/get_content" "$OUT"
  exit 0
fi
build load_run
runtime "$WORK/get_content" "$WORK/runtime.syclbin"
"$TOOLS/syclbin" dump "$WORK/runtime.syclbin" > /dev/null
status=0
expect() { # expect ok|refused FILE
  local got
  got="$(runtime "$WORK/load_run" "$2" || true)"
  printf '%-12s %s\n' "$(basename "$2")" "$got"
  case "$1:$got" in ok:ok | refused:refused*) ;; *) echo "  expected: $1" >&2; status=1 ;; esac
}
expect ok "$WORK/runtime.syclbin"
for form in bare offload-v1 offload-v2 syclbin-v2; do
  "$TOOLS/syclbin" convert "$WORK/runtime.syclbin" --format=$form -o "$WORK/$form"
done
expect refused "$WORK/bare"
expect ok "$WORK/offload-v1"
expect ok "$WORK/offload-v2"
expect refused "$WORK/syclbin-v2"
exit $status
