#!/usr/bin/env bash
# Pieces build where one piece builds (issue 28): real device code
# (../shared/bench/real/*.bc.xz; $SPL_SHARED, else ../shared or /work/shared) split per source, each
# image packaged twice, compiled in one piece (--codegen-pieces=off) and cut
# into pieces (--codegen-pieces=force: every image of two functions or
# more), and both built on Intel's SYCL runtime 2026.2 with its OpenCL CPU
# device (scripts/runtime-build-check.sh). Fails when an image that builds
# in one piece does not build in pieces.
#
# Usage: scripts/pieces-build-check.sh [--largest=N|--names=A,B] [--max-bytes=B] [--tools=DIR] [MODULE...]
#   --largest=N   only the N largest per-source images of each module (by
#                 bitcode size; default 4, 0 for every image)
#   --names=A,B   only these images (table file names without .bc, e.g.
#                 t_2,t_10), instead of the largest
#   --max-bytes=B only images of at most B bytes of bitcode (default: all;
#                 the largest llama.cpp images take minutes to build on the
#                 CPU device)
#   --tools=DIR   where syclbin and sycl-post-link are (default target/release)
#   MODULE        .bc.xz files (default: ggml_sycl and dpnp_all of bench/real)
# Set-up as scripts/runtime-build-check.sh.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
SHARED="${SPL_SHARED:-}"
if [ -z "$SHARED" ]; then
  for d in "$ROOT/../shared" /work/shared; do [ -d "$d/bench/real" ] && { SHARED=$d; break; }; done
fi
TOOLS="${SPL_TOOL_DIR:-$ROOT/target/release}"
LARGEST=4 MAX_BYTES=0 NAMES=
MODULES=()
for a in "$@"; do
  case "$a" in
    --largest=*) LARGEST="${a#*=}" ;;
    --max-bytes=*) MAX_BYTES="${a#*=}" ;;
    --names=*) NAMES="${a#*=}" ;;
    --tools=*) TOOLS="${a#*=}" ;;
    -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "pieces-build-check: error: unknown option '$a'" >&2; exit 1 ;;
    *) MODULES+=("$(realpath "$a")") ;;
  esac
done
TOOLS="$(cd "$TOOLS" && pwd)"
if [ ${#MODULES[@]} = 0 ]; then
  for m in ggml_sycl dpnp_all; do
    f="$SHARED/bench/real/$m.restored.bc.xz"
    [ -e "$f" ] || { echo "pieces-build-check: $f not found (SPL_SHARED)" >&2; exit 1; }
    MODULES+=("$f")
  done
fi
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
status=0
for m in "${MODULES[@]}"; do
  name="$(basename "$m" .restored.bc.xz)"
  d="$WORK/$name"
  mkdir -p "$d"
  xz -dc "$m" > "$d/in.bc"
  "$TOOLS/sycl-post-link" -split=source -symbols -properties -o "$d/t.table" "$d/in.bc"
  # The images by size, largest first (image files are the table's .bc).
  mapfile -t images < <(ls -S "$d"/t_*.bc | while read -r f; do
    [ "$MAX_BYTES" = 0 ] || [ "$(stat -c %s "$f")" -le "$MAX_BYTES" ] && echo "$f"; done)
  if [ -n "$NAMES" ]; then
    images=()
    for i in ${NAMES//,/ }; do images+=("$d/$i.bc"); done
  elif [ "$LARGEST" != 0 ]; then
    images=("${images[@]:0:$LARGEST}")
  fi
  for p in off force; do
    args=()
    for i in "${images[@]}"; do args+=("--image=$i"); done
    "$TOOLS/syclbin" create --codegen-pieces=$p "${args[@]}" -o "$d/$p.syclbin"
    "$ROOT/scripts/runtime-build-check.sh" --tools="$TOOLS" "$d/$p.syclbin" > "$d/$p.log" 2>&1 || true
  done
  n=0 both=0 worse=0 better=0
  for i in "${images[@]}"; do
    off=$(grep -E "^off\.syclbin#$n " "$d/off.log" | cut -d' ' -f2 || true)
    force=$(grep -E "^force\.syclbin#$n " "$d/force.log" | cut -d' ' -f2 || true)
    if [ "$off" = built ] && [ "$force" != built ]; then
      worse=$((worse + 1)); status=1
      echo "$name $(basename "$i"): builds in one piece, not in pieces: $(grep -E "^force\.syclbin#$n " "$d/force.log")"
    elif [ "$off" != built ] && [ "$force" = built ]; then better=$((better + 1))
    elif [ "$off" = built ]; then both=$((both + 1)); fi
    n=$((n + 1))
  done
  echo "pieces-build-check: $name: $n images; built in one piece and in pieces $both," \
    "in one piece only $worse, in pieces only $better"
  if [ $((both + worse)) = 0 ]; then
    echo "pieces-build-check: $name: no image built in one piece: nothing compared"; status=1
  fi
done
exit $status
