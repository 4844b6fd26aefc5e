#!/usr/bin/env bash
# Every per-source image of the real DPC++ device code (../shared/bench/real:
# ggml, dpnp_all, tensor_impl) built on Intel's SYCL runtime 2026.2 with its
# OpenCL CPU device, each image alone (scripts/runtime-build-check.sh):
# built / failed / timed out with the first error line. Not a test (hours of
# CPU JIT on 2 cores for dpnp_all); the test command checks a selection.
#
# Usage: bench/real-runtime-build.sh [--timeout=S] [--only-inputs=ggml,...] [TOOL_DIR]
# Inputs are decompressed to $SPL_REAL_WORK (default /tmp/spl-real), their
# translator decorations dropped (../shared/bench/real/README.md), and
# linked with `sycl-link --sycl-module-split-mode=source --syclbin=executable`.
# With --intel=DIR, each DIR/*.syclbin (bench/intel-images.py: Intel's own
# images of the same code) is checked the same way, as the reference.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="${SPL_SHARED:-$ROOT/../shared}"
WORK="${SPL_REAL_WORK:-/tmp/spl-real}"
TIMEOUT=300 INPUTS="ggml_sycl,tensor_impl,dpnp_all" INTEL= TOOLS="$ROOT/target/release"
for a in "$@"; do
  case "$a" in
    --timeout=*) TIMEOUT="${a#*=}" ;;
    --only-inputs=*) INPUTS="${a#*=}" ;;
    --intel=*) INTEL="${a#*=}" ;;
    -*) echo "real-runtime-build: error: unknown option '$a'" >&2; exit 1 ;;
    *) TOOLS="$a" ;;
  esac
done
mkdir -p "$WORK"
STATUS=0
for m in ${INPUTS//,/ }; do
  xz="$SHARED/bench/real/$m.restored.bc.xz"
  [ -e "$xz" ] || { echo "real-runtime-build: error: $xz not found" >&2; exit 1; }
  bc="$WORK/$m.nodec.bc"
  if [ ! -e "$bc" ]; then
    xz -dc "$xz" | llvm-dis-22 - -o - | sed -E 's/, !spirv.Decorations ![0-9]+//g' | llvm-as-22 -o "$bc.tmp"
    mv "$bc.tmp" "$bc"
  fi
  "$TOOLS/sycl-link" --sycl-module-split-mode=source --syclbin=executable "$bc" -o "$WORK/$m.syclbin"
  echo "== $m (ours, per source)"
  "$ROOT/scripts/runtime-build-check.sh" --tools="$TOOLS" --quiet --timeout="$TIMEOUT" "$WORK/$m.syclbin" || STATUS=1
done
if [ -n "$INTEL" ]; then
  echo "== Intel's images ($INTEL)"
  "$ROOT/scripts/runtime-build-check.sh" --tools="$TOOLS" --quiet --timeout="$TIMEOUT" "$INTEL"/*.syclbin || STATUS=1
fi
exit $STATUS
