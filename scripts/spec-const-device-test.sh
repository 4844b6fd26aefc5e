#!/usr/bin/env bash
# Real-device check of specialization constants (issue #6):
#   sycl-post-link -spec-const=native -> split image + property set
#   sycl-spirv-emit (LLVM's SPIR-V back end, in a worker process) -> SPIR-V, validated by spirv-val
#   sycl-spirv-check: SpecId decorations == IDs of [SYCL/specialization constants]
#   Intel OpenCL CPU runtime (pip intel-opencl-rt + pyopencl): run the kernel
#   with the defaults and with values set by the property set's IDs.
# Usage: scripts/spec-const-device-test.sh [TOOL_DIR]   (default target/release)
# Creates .venv (gitignored) on first use; exits non-zero on any mismatch.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="${1:-${SPL_TOOL_DIR:-$ROOT/target/release}}"
VENV="${SPL_VENV:-$ROOT/.venv}"
for t in sycl-post-link sycl-spirv-emit sycl-spirv-check; do
  [ -x "$TOOLS/$t" ] || { echo "spec-const-device-test: missing $TOOLS/$t (cargo build --release)" >&2; exit 1; }
done
command -v spirv-val >/dev/null || { echo "spec-const-device-test: spirv-val not found (apt-get install spirv-tools)" >&2; exit 1; }

if [ ! -x "$VENV/bin/python" ]; then
  python3 -m venv "$VENV"
fi
if ! "$VENV/bin/python" -c "import pyopencl, numpy" 2>/dev/null || [ ! -e "$VENV/lib/libintelocl.so" ] || [ ! -e "$VENV/lib/libimf.so" ]; then
  "$VENV/bin/pip" install --quiet intel-opencl-rt intel-cmplr-lib-rt pyopencl numpy
fi
OCL_LIB="$(ls "$VENV"/lib/libintelocl.so 2>/dev/null | head -1)"
[ -n "$OCL_LIB" ] || { echo "spec-const-device-test: libintelocl.so not found in $VENV/lib" >&2; exit 1; }

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
echo "$OCL_LIB" > "$WORK/intel.icd"

"$TOOLS/sycl-post-link" -properties -symbols -split=kernel -spec-const=native -S \
  "$ROOT/scripts/spec-const-device/kernel.ll" -o "$WORK/img.table"
echo "== property set"; sed -n '/specialization constants\]/,/^\[SYCL\/spec.*default/p' "$WORK/img_0.prop"
"$TOOLS/sycl-spirv-emit" "$WORK/img_0.ll" -o "$WORK/img_0.spv"
spirv-val "$WORK/img_0.spv"
echo "== spirv-val: valid"
"$TOOLS/sycl-spirv-check" "$WORK/img_0.spv" "$WORK/img_0.prop" | tee "$WORK/ids.txt"
echo "== SpecIds match the property set"
OCL_ICD_VENDORS="$WORK" LD_LIBRARY_PATH="$VENV/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$VENV/bin/python" "$ROOT/scripts/spec-const-device/run_kernel.py" "$WORK/img_0.spv" "$WORK/ids.txt"
