#!/usr/bin/env bash
# Runtime build check (issue 27): every image of a SYCLBIN built on Intel's
# SYCL runtime 2026.2 with its OpenCL CPU device, and every kernel created.
# A validator passing is not the runtime building: this is the runtime.
#
# Usage: scripts/runtime-build-check.sh [options] FILE...
#   FILE            a SYCLBIN (any form `syclbin` reads); each of its images is
#                   packaged alone as an executable-state SYCLBIN (`syclbin
#                   extract`, then `syclbin create --state=executable --image=`)
#                   and loaded by scripts/runtime-build-check/loader.cpp in a
#                   process of its own (a crash of the CPU compiler is that
#                   image's failure), under a timeout
#   --timeout=S     seconds per image (default 300)
#   --exempt-mb=M   a timeout of an image over M MB of SPIR-V is reported but
#                   not counted as a failure (default 10)
#   --tools=DIR     where syclbin is (default target/release, or $SPL_TOOL_DIR)
#   --bf16          also check the bfloat16 conversions sycl-link links
#                   (postlink/devicelib/bf16.ll): scripts/runtime-build-check/
#                   bf16.ll through sycl-link, run on the device and compared
#                   with the C++ reference of the runtime's header
#   --only=N,M,...  check only these images (0-based, in the file's order)
#   --quiet         print only failures, timeouts and the summary
# Per image one line: <file>#<n> <status> <kernels> <KiB> <seconds> [first error line]
# Summary per file: built / failed / timed out / incompatible (the runtime left
# the image out for this device: no program). Exit 0 when nothing failed and no image of
# at most --exempt-mb MB timed out.
# Set-up as scripts/syclbin-e2e-test.sh: the PyPI wheels in $SPL_SYCL_VENV
# (default .sycl-venv), libhwloc15, an ICD file for the OpenCL CPU device.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
VENV="${SPL_SYCL_VENV:-$ROOT/.sycl-venv}"
TIMEOUT=300 EXEMPT_MB=10 QUIET=0 ONLY= BF16=0
TOOLS="${SPL_TOOL_DIR:-$ROOT/target/release}"
FILES=()
for a in "$@"; do
  case "$a" in
    --timeout=*) TIMEOUT="${a#*=}" ;;
    --exempt-mb=*) EXEMPT_MB="${a#*=}" ;;
    --tools=*) TOOLS="${a#*=}" ;;
    --only=*) ONLY=",${a#*=}," ;;
    --quiet) QUIET=1 ;;
    --bf16) BF16=1 ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "runtime-build-check: error: unknown option '$a'" >&2; exit 1 ;;
    *) FILES+=("$(realpath "$a")") ;;
  esac
done
say() { echo "runtime-build-check: $*" >&2; }
[ ${#FILES[@]} -gt 0 ] || [ $BF16 = 1 ] || { say "error: no SYCLBIN file given (--help)"; exit 1; }
TOOLS="$(cd "$TOOLS" && pwd)"
for t in syclbin sycl-link; do
  [ -x "$TOOLS/$t" ] || { say "error: missing $TOOLS/$t (cargo build --release)"; exit 1; }
done
command -v clang++-22 >/dev/null || { say "error: clang++-22 not found (scripts/setup.sh)"; exit 1; }

# The runtime, as scripts/syclbin-e2e-test.sh installs it (PyPI wheels in
# $VENV, libhwloc).
. "$ROOT/scripts/sycl-runtime-venv.sh"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
use_cpu_device "$WORK"
# The loader is compiled once per host, next to the venv it links.
LOADER="$VENV/runtime-build-check-loader"
SRC="$ROOT/scripts/runtime-build-check/loader.cpp"
if [ ! -x "$LOADER" ] || [ "$SRC" -nt "$LOADER" ]; then
  clang++-22 -std=c++17 -O1 -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING -I"$VENV/include" "$SRC" \
    -L"$VENV/lib" -lsycl -lOpenCL -Wl,-rpath,"$VENV/lib" -o "$WORK/loader" 2> "$WORK/loader.log" \
    || { cat "$WORK/loader.log" >&2; say "error: cannot compile the loader"; exit 1; }
  mv "$WORK/loader" "$LOADER"
fi

STATUS=0
T_IMAGES=0 T_BUILT=0 T_FAILED=0 T_TIMEDOUT=0 T_EXEMPT=0 T_INCOMPATIBLE=0
if [ $BF16 = 1 ]; then
  "$TOOLS/sycl-link" --syclbin=executable "$ROOT/scripts/runtime-build-check/bf16.ll" -o "$WORK/bf16.syclbin"
  if timeout -k 5 "$TIMEOUT" "$LOADER" --bf16 "$WORK/bf16.syclbin"; then :; else STATUS=1; fi
fi
for f in ${FILES[@]+"${FILES[@]}"}; do
  name="$(basename "$f")"
  d="$WORK/x"; rm -rf "$d"
  "$TOOLS/syclbin" extract "$f" -o "$d" || { say "error: $name: cannot extract"; STATUS=1; continue; }
  built=0 failed=0 timedout=0 exempt=0 incompatible=0 n=0
  while IFS='|' read -r code prop sym; do
    if [ -n "$ONLY" ] && [[ "$ONLY" != *",$n,"* ]]; then n=$((n + 1)); continue; fi
    one="$d/one.syclbin"
    "$TOOLS/syclbin" create --state=executable --no-validate "--image=$code,props=$prop,sym=$sym" -o "$one"
    kib=$(( $(stat -c %s "$code") / 1024 ))
    start=$(date +%s%N)
    set +e
    out="$(cd "$d" && timeout -k 5 "$TIMEOUT" "$LOADER" "$one" "$sym" 2>&1)"
    rc=$?
    set -e
    ds=$(( ($(date +%s%N) - start) / 100000000 )); secs="$((ds / 10)).$((ds % 10))"
    last="$(printf '%s\n' "$out" | grep -E '^(built|error|incompatible):' | tail -1 || true)"
    case $rc in
      0) built=$((built + 1)); st=built; detail="${last#built: }" ;;
      3) incompatible=$((incompatible + 1)); st=incompatible; detail="${last#incompatible: }" ;;
      124|137)
        if [ "$kib" -gt $((EXEMPT_MB * 1024)) ]; then exempt=$((exempt + 1)); st="timeout(>${EXEMPT_MB}MB)"
        else timedout=$((timedout + 1)); st=timeout; fi
        detail="over ${TIMEOUT}s" ;;
      *)
        failed=$((failed + 1)); st=FAILED
        if [ $rc -gt 128 ]; then
          detail="killed by signal $((rc - 128)) (the CPU compiler crashed$(printf '%s\n' "$out" \
            | grep -o 'Running pass "[^"(]*' | tail -1 | sed 's/^/ in /; s/$/"/' || true))"
        else detail="${last#error: }"; [ -n "$detail" ] || detail="$(printf '%s\n' "$out" | grep . | head -1)"; fi ;;
    esac
    if [ "$QUIET" = 0 ] || [ "$st" != built ]; then
      printf '%s#%d %s %s %dKiB %ss\n' "$name" "$n" "$st" "$detail" "$kib" "$secs"
    fi
    n=$((n + 1))
  done < <(tail -n +2 "$d/extract.table")
  [ -z "$ONLY" ] || n=$((built + failed + timedout + exempt + incompatible))
  echo "$name: $n images: built $built, failed $failed, timed out $((timedout + exempt)) ($exempt over ${EXEMPT_MB} MB, not counted), incompatible $incompatible"
  if [ $failed -gt 0 ] || [ $timedout -gt 0 ]; then STATUS=1; fi
  T_IMAGES=$((T_IMAGES + n)) T_BUILT=$((T_BUILT + built)) T_FAILED=$((T_FAILED + failed))
  T_TIMEDOUT=$((T_TIMEDOUT + timedout + exempt)) T_EXEMPT=$((T_EXEMPT + exempt)) T_INCOMPATIBLE=$((T_INCOMPATIBLE + incompatible))
done
if [ ${#FILES[@]} -gt 1 ]; then
  echo "total: ${#FILES[@]} files, $T_IMAGES images: built $T_BUILT, failed $T_FAILED, timed out $T_TIMEDOUT ($T_EXEMPT over ${EXEMPT_MB} MB, not counted), incompatible $T_INCOMPATIBLE"
fi
exit $STATUS
