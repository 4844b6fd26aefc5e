#!/usr/bin/env bash
# Upstream clang 22's own SYCL driver with sycl-link as its device linker
# (issue 44), on Intel's SYCL runtime 2026.2 (PyPI wheels, OpenCL CPU
# device). `clang++-22 -fsycl` builds a program of two device units and a
# host unit (scripts/clang-driver-e2e/, with examples/upstream-clang's headers: kernels declared with
# [[clang::sycl_kernel_entry_point]], a [[clang::sycl_external]] function
# defined in one unit and called from both; the host finds the kernels
# with sycl::get_kernel_ids() and runs them with handler::set_arg). Its
# link step runs clang-linker-wrapper, whose inner `clang --sycl-link` runs
# the `clang-sycl-linker` found first on PATH: here a link to sycl-link in
# a folder of its own (what scripts/install.sh installs). The program runs
# per source (the default split) and per kernel (-Xoffload-linker
# --module-split-mode=kernel); built with LLVM 22's own clang-sycl-linker it
# is shown to fail ("Kernel is incompatible with all devices"), so the
# passing builds owe their images to sycl-link.
#
# Usage: scripts/clang-driver-e2e-test.sh [TOOL_DIR]   (default target/release)
# The runtime comes from scripts/sycl-runtime-venv.sh ($SPL_SYCL_VENV,
# default .sycl-venv). Exit status 0 when every case passes.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$(cd "${1:-${SPL_TOOL_DIR:-$ROOT/target/release}}" && pwd)"
VENV="${SPL_SYCL_VENV:-$ROOT/.sycl-venv}"
SRC="$ROOT/scripts/clang-driver-e2e"
LLVM_BIN=/usr/lib/llvm-22/bin
say() { echo "clang-driver-e2e: $*" >&2; }

[ -x "$TOOLS/sycl-link" ] || { say "missing $TOOLS/sycl-link (cargo build --release)"; exit 1; }
for t in clang++-22 llvm-objdump-22; do
  command -v "$t" >/dev/null || { say "$t not found (scripts/setup.sh)"; exit 1; }
done
[ -x "$LLVM_BIN/clang-sycl-linker" ] || { say "missing $LLVM_BIN/clang-sycl-linker (the clang-tools-22 package)"; exit 1; }

. "$ROOT/scripts/sycl-runtime-venv.sh"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
use_cpu_device "$WORK"
export SPL_CACHE_DIR="$WORK/cache"
# The device linker the driver finds: sycl-link as clang-sycl-linker, in a
# folder of its own put first on PATH.
mkdir linker && ln -s "$TOOLS/sycl-link" linker/clang-sycl-linker
OURS="$WORK/linker:$PATH"

# What every build of the program passes: the runtime's headers and library.
# The device units share examples/upstream-clang's device.hpp and kernels.hpp.
FLAGS=(-std=c++17 -I"$SRC" -I"$ROOT/examples/upstream-clang" -I"$VENV/include" -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING)
LIBS=(-L"$VENV/lib" -lsycl -Wl,-rpath,"$VENV/lib")

PASSED=() FAILED=()
run_case() {
  local name=$1; shift
  echo "== $name"
  if "$@" > case.log 2>&1; then
    sed 's/^/   /' case.log; PASSED+=("$name")
  else
    sed 's/^/   /' case.log; FAILED+=("$name"); echo "   -> FAILED"
  fi
}

# images LOG: the device image count sycl-link reported with -v.
images() { sed -n 's/^sycl-device-link: \([0-9]*\) device image(s).*/\1/p' "$1"; }

# One command from sources to program, as a user types it.
one_command() {
  PATH="$OURS" clang++-22 -fsycl "${FLAGS[@]}" "$SRC/scale.cpp" "$SRC/add.cpp" "$SRC/host.cpp" "${LIBS[@]}" \
    -Xoffload-linker -v -o app 2> link.log || { cat link.log; return 1; }
  grep -E '^(clang-sycl-linker|sycl-device-link)' link.log || true
  [ "$(images link.log)" = 2 ] || { echo "expected 2 images (one per device unit), got '$(images link.log)'"; return 1; }
  ./app
}
run_case "clang++-22 -fsycl scale.cpp add.cpp host.cpp: per source (2 images)" one_command

# The units compiled once, linked in several ways below.
compile_units() {
  local f
  for f in scale add host; do
    clang++-22 -fsycl "${FLAGS[@]}" -c "$SRC/$f.cpp" -o "$f.o" || return 1
  done
  echo "compiled scale.o add.o host.o with clang++-22 -fsycl -c"
}
run_case "clang++-22 -fsycl -c of each unit" compile_units

# link_and_run NAME EXPECTED_IMAGES [LINKER ARGS...]
link_and_run() {
  local name=$1 want=$2; shift 2
  local x=()
  for a in "$@"; do x+=(-Xoffload-linker "$a"); done
  PATH="$OURS" clang++-22 -fsycl scale.o add.o host.o "${LIBS[@]}" -Xoffload-linker -v "${x[@]}" -o "$name" \
    2> "$name.log" || { cat "$name.log"; return 1; }
  [ "$(images "$name.log")" = "$want" ] || { echo "expected $want images, got '$(images "$name.log")'"; return 1; }
  echo "$want device images"
  "./$name"
}
run_case "linked per kernel (-Xoffload-linker --module-split-mode=kernel: 3 images)" \
  link_and_run app-kernel 3 --module-split-mode=kernel
run_case "LLVM 23's spelling and a joined thread count (--module-split-mode=translation_unit -j2)" \
  link_and_run app-tu 2 --module-split-mode=translation_unit -j2
run_case "one image for the link (--module-split-mode=link_unit)" \
  link_and_run app-one 1 --module-split-mode=link_unit

# The same program with LLVM 22's own clang-sycl-linker: it links, and the
# runtime refuses its images (triple spirv64-unknown-unknown).
llvm_linker_fails() {
  PATH="$LLVM_BIN:$PATH" clang++-22 -fsycl scale.o add.o host.o "${LIBS[@]}" -o app-llvm 2> llvm.log \
    || { cat llvm.log; echo "the link itself failed"; return 1; }
  if ./app-llvm > run.log 2>&1; then
    cat run.log; echo "expected the program to fail with LLVM's clang-sycl-linker"; return 1
  fi
  grep -m1 -o 'Kernel is incompatible with all devices' run.log \
    || { cat run.log; echo "failed, but not as expected"; return 1; }
}
run_case "with LLVM 22's own clang-sycl-linker the program fails" llvm_linker_fails

echo
echo "clang-driver-e2e: ${#PASSED[@]} passed, ${#FAILED[@]} failed"
for f in "${FAILED[@]}"; do echo "  FAILED: $f"; done
[ "${#FAILED[@]}" -eq 0 ]
