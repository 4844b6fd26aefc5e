#!/usr/bin/env bash
# SYCLBIN end to end on Intel's SYCL runtime (issue 11): device IR ->
# sycl-post-link -> syclbin create (SPIR-V compiled in process) -> the
# runtime loads the file with get_kernel_bundle and runs its free-function
# kernels; sycl-link; upstream clang 22's SYCL device code through sycl-link
# (examples/upstream-clang, the commands of docs/upstream-clang.md); the
# runtime's own SYCLBIN read back by `syclbin dump`; a differential check
# against Intel's kernel compiler in the runtime; the per-source images
# compiled in one piece and in pieces, with the same results. Run with
# SPL_CODEGEN_PIECES=force (scripts/test.sh does) every case compiles every
# image of two functions or more in pieces.
#
# Usage: scripts/syclbin-e2e-test.sh [TOOL_DIR]   (default target/release)
# Set-up (../shared/research/real-clients.md): PyPI wheels pinned below in a
# venv cached at $SPL_SYCL_VENV (default .sycl-venv, gitignored), libhwloc15
# (scripts/setup.sh), an ICD file for the OpenCL CPU device. Host programs are
# compiled by clang++-22 against the wheel's headers, without -fsycl.
# Exit status 0 when every case passes.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$(cd "${1:-${SPL_TOOL_DIR:-$ROOT/target/release}}" && pwd)"
VENV="${SPL_SYCL_VENV:-$ROOT/.sycl-venv}"
SRC="$ROOT/scripts/syclbin-e2e"
say() { echo "syclbin-e2e: $*" >&2; }

for t in sycl-post-link syclbin sycl-link sycl-spirv-emit; do
  [ -x "$TOOLS/$t" ] || { say "missing $TOOLS/$t (cargo build --release)"; exit 1; }
done
for t in clang++-22 clang-22 llvm-as-22 spirv-val spirv-dis python3; do
  command -v "$t" >/dev/null || { say "$t not found (scripts/setup.sh)"; exit 1; }
done

# The runtime (PyPI wheels in $VENV, libhwloc).
. "$ROOT/scripts/sycl-runtime-venv.sh"

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
use_cpu_device "$WORK"
export PATH="$TOOLS:$PATH"

clang++-22 -std=c++17 -O1 -DSYCL_DISABLE_FSYCL_SYCLHPP_WARNING -I"$VENV/include" "$SRC/host.cpp" \
  -L"$VENV/lib" -lsycl -Wl,-rpath,"$VENV/lib" -o host 2> host.log \
  || { cat host.log >&2; say "cannot compile the host program"; exit 1; }

PASSED=() FAILED=()
# run_case NAME CMD...: runs CMD, shows its output indented, records the result.
run_case() {
  local name=$1; shift
  echo "== $name"
  if "$@" > case.log 2>&1; then
    sed 's/^/   /' case.log; PASSED+=("$name")
  else
    sed 's/^/   /' case.log; FAILED+=("$name"); echo "   -> FAILED"
  fi
}
# Rows of a file table (the table is read, not file names guessed).
rows() { tail -n +2 "$1" | grep -c .; }
code_files() { local col; col=$(head -1 "$1" | tr -d '[]' | tr '|' '\n' | grep -n '^Code$' | cut -d: -f1); tail -n +2 "$1" | cut -d'|' -f"$col"; }

# --- the "done when" flow: no llc, no extra flags ---------------------------
done_when() {
  sycl-post-link -split=kernel -symbols -properties -o t.table "$SRC/dev.ll" 2> /dev/null
  [ "$(rows t.table)" = 3 ] || { echo "expected 3 images, got $(rows t.table)"; return 1; }
  syclbin create --table=t.table -o a.syclbin
  ./host split a.syclbin input
}
run_case "two kernels split per kernel, an eliminated argument, an unsupported aspect (input state)" done_when

spirv_valid() {
  local n=0 f
  for f in $(code_files t.table); do
    sycl-spirv-emit "$f" -o "$f.spv" && spirv-val "$f.spv" && n=$((n + 1))
  done
  echo "$n images compiled in process pass spirv-val"
  [ "$n" = "$(rows t.table)" ]
}
run_case "every image's in-process SPIR-V passes spirv-val" spirv_valid

states() {
  syclbin create --state=object --table=t.table -o obj.syclbin
  syclbin create --state=executable --table=t.table -o exe.syclbin
  ./host split obj.syclbin object && ./host split exe.syclbin executable \
    && ./host wrong-state a.syclbin executable && ./host wrong-state obj.syclbin input \
    && ./host wrong-state exe.syclbin object
}
run_case "object and executable states; a file loaded in another state throws" states

link_pair() {
  for n in lib app; do
    sycl-post-link -split=kernel -symbols -properties -o $n.table "$SRC/$n.ll" 2> /dev/null
    syclbin create --state=object --table=$n.table -o $n.syclbin
  done
  ./host link app.syclbin lib.syclbin
}
run_case "an importing SYCLBIN linked with an exporting one (object state)" link_pair

spec_const() {
  sycl-post-link -split=kernel -symbols -properties -spec-const=native -o spec.table "$SRC/spec.ll"
  syclbin create --table=spec.table -o spec.syclbin
  ./host spec-const spec.syclbin input
}
run_case "specialization constants with their default values" spec_const

many() {
  sycl-post-link -split=kernel -symbols -properties -o mk.table "$SRC/many.ll"
  sycl-post-link -split=source -symbols -properties -o ms.table "$SRC/many.ll"
  echo "per kernel: $(rows mk.table) images, per source: $(rows ms.table) images"
  [ "$(rows mk.table)" = 8 ] && [ "$(rows ms.table)" = 2 ] || return 1
  syclbin create --table=mk.table -o mk.syclbin
  syclbin create --state=executable --table=ms.table -o ms.syclbin
  ./host many mk.syclbin input 8 && ./host many ms.syclbin executable 8
}
run_case "eight kernels split per kernel and per source" many

# One piece against pieces (issue 28): the per-source images compiled whole
# and cut into pieces (every image of two functions or more), run on the
# runtime; the kernels' results (the host's output) must be the same.
pieces() {
  local p
  for p in off force; do
    syclbin create --codegen-pieces=$p --state=executable --table=ms.table -o ms-$p.syclbin || return 1
    ./host many ms-$p.syclbin executable 8 > many-$p.out || { cat many-$p.out; return 1; }
    syclbin extract ms-$p.syclbin -o x-$p > /dev/null || return 1
  done
  for f in x-force/*.spv; do spirv-val "$f" || return 1; done
  diff many-off.out many-force.out || { echo "results differ between one piece and pieces"; return 1; }
  echo "$(grep -c PASS many-force.out) results the same in one piece and in pieces;" \
    "$(for f in x-off/*.spv; do cmp -s "$f" "x-force/${f#x-off/}" && echo same; done | grep -c same)" \
    "of $(ls x-off/*.spv | wc -l) images byte for byte"
}
run_case "one piece against pieces: the same kernel results" pieces

device_global() {
  sycl-post-link -split=kernel -symbols -properties -device-globals -o dg.table "$SRC/dg.ll"
  syclbin create --table=dg.table -o dg.syclbin
  syclbin dump dg.syclbin | grep -A1 'SYCL/device globals'
  ./host device-global dg.syclbin input
}
run_case "a device global (device_image_scope)" device_global

# Input and executable states: after sycl::link of an object-state file the
# 2026.2 runtime finds no device global by name, for its own
# ext_oneapi_get_content() output as well.
device_global_host() {
  sycl-post-link -split=kernel -symbols -properties -device-globals -o dgh.table "$SRC/dg_host.ll"
  syclbin create --table=dgh.table -o dgh.syclbin
  syclbin create --state=executable --table=dgh.table -o dghx.syclbin
  ./host device-global-host dgh.syclbin input && ./host device-global-host dghx.syclbin executable
}
run_case "a device global the host reads and writes by name" device_global_host

opencl_c() {
  clang-22 --target=spir64-unknown-unknown -cl-std=CL2.0 -O2 -emit-llvm -c -Xclang -finclude-default-header \
    "$SRC/sq.cl" -o sq.bc
  sycl-post-link -split=kernel -symbols -properties -o sq.table sq.bc 2> /dev/null
  syclbin create --table=sq.table -o sq.syclbin
  ./host front-end sq.syclbin input sq
}
run_case "OpenCL C compiled by clang-22" opencl_c

sycl_device_mode() {
  clang++-22 --target=spir64-unknown-unknown -Xclang -fsycl-is-device -std=c++17 -O2 -emit-llvm -c \
    "$SRC/sq.cpp" -o sqpp.bc
  clang-22 --target=spir64-unknown-unknown -cl-std=CL2.0 -O2 -emit-llvm -c -Xclang -finclude-default-header \
    "$SRC/sq_linked.cl" -o sqk.bc
  # Executable state: in input and object state the OpenCL C builtin
  # declaration get_global_id, which the link does not define, would be an
  # import.
  sycl-link sqk.bc sqpp.bc --syclbin=executable -o sql.syclbin && ./host front-end sql.syclbin executable sq_linked
}
run_case "sycl-link: SYCL_EXTERNAL code from clang-22 -fsycl-is-device with an OpenCL C kernel" sycl_device_mode

sycl_link() {
  llvm-as-22 "$SRC/app.ll" -o app.bc && llvm-as-22 "$SRC/lib.ll" -o lib.bc
  local libdir="$VENV/lib/dpcpp-2026/sycl"
  # Input state: lib.bc defines what app.bc imports, so the images carry
  # their own copies and sycl::build runs the file.
  sycl-link -v app.bc lib.bc --library-path="$libdir" --device-libs=libsycl-asan.bc -o linked.syclbin \
    && ./host use-ext linked.syclbin input || return 1
  sycl-link app.bc lib.bc --syclbin=executable -o linked-exe.syclbin \
    && ./host use-ext linked-exe.syclbin executable || return 1
  sycl-link app.bc lib.bc --syclbin=object -o linked-deps.syclbin && syclbin dump linked-deps.syclbin | grep -A1 'symbols\]' \
    && ./host use-ext linked-deps.syclbin object || return 1
  ! sycl-link app.bc lib.bc --syclbin=object --allow-device-image-dependencies=false -o no.syclbin 2> no.err
  cat no.err
  [ ! -e no.syclbin ] && grep -q "contradicts '--syclbin=object'" no.err
}
run_case "sycl-link: two bitcode files and a device library from the wheel" sycl_link

# Upstream clang 22's SYCL device code (sycl_kernel_entry_point kernels in
# two translation units calling a SYCL_EXTERNAL function of a third) through
# sycl-link alone, no IR edit, loaded as the SYCL 2020 kernel-bundle API is
# written to be used (sycl::build of the default input-state file, per
# source and per kernel; executable state; sycl::link of object-state
# files): the commands of examples/upstream-clang/run.sh, which
# docs/upstream-clang.md shows.
upstream_clang() {
  mkdir -p upstream
  SYCL_RT="$VENV" "$ROOT/examples/upstream-clang/run.sh" "$WORK/upstream" > upstream.log 2>&1
  local rc=$?
  grep -v '^remark' upstream.log | grep .
  [ "$rc" = 0 ] || return 1
  # Explicit dynamic linking (app-dyn) warns once, naming the import.
  [ "$(grep -c "^sycl-link: warning: device image [0-9]* imports '_Z5scalei'" upstream.log)" = 1 ] \
    || { echo "expected one warning about the import between images"; return 1; }
  # The guide's commands are the script's, line for line.
  local script guide
  script=$(sed -n '/^# commands$/,/^# end commands$/p' "$ROOT/examples/upstream-clang/run.sh" | grep -v '^#')
  guide=$(sed -n '/^<!-- commands -->$/,/^<!-- end commands -->$/p' "$ROOT/docs/upstream-clang.md" | grep -vE '^(<!--|```)')
  [ -n "$script" ] && [ "$script" = "$guide" ] || { echo "docs/upstream-clang.md and run.sh give different commands"; return 1; }
  cd upstream
  for f in app app-kernel app-exe scale kernels app-dyn; do syclbin dump $f.syclbin > $f.dump; done
  cd ..
  local d=upstream f
  # Per source and per kernel: one image per translation unit (per kernel),
  # scale.cpp's exports scale, and no image imports: each kernel's image
  # carries its own copy of scale.
  for f in app app-kernel; do
    grep -q 'abstract modules: 3' $d/$f.dump && grep -A1 'exported symbols' $d/$f.dump | grep -q _Z5scalei \
      && ! grep -q 'imported symbols' $d/$f.dump || { echo "$f: images wrong"; return 1; }
  done
  # The library exports scale, the application's images import it.
  grep -A1 'exported symbols' $d/scale.dump | grep -q _Z5scalei \
    && [ "$(grep -A1 'imported symbols' $d/kernels.dump | grep -c _Z5scalei)" = 2 ] \
    || { echo "object files' symbols wrong"; return 1; }
  # Dynamic linking asked for: the kernels' images import scale.
  [ "$(grep -A1 'imported symbols' $d/app-dyn.dump | grep -c _Z5scalei)" = 2 ] || { echo "app-dyn: imports wrong"; return 1; }
  grep -h 'kernel names:' $d/app.dump
}
run_case "upstream clang 22: three translation units, sycl::build per source and per kernel, executable state, sycl::link of object files" upstream_clang

# `syclbin dump` of a file the runtime writes (OffloadBinary version 2).
content() {
  ./host content obj.syclbin content.syclbin || return 1
  syclbin dump content.syclbin > content.syclbin.dump || return 1
  grep -E 'kernel names|state:' content.syclbin.dump
  grep -q '__sycl_kernel_add' content.syclbin.dump
}
run_case "ext_oneapi_get_content() round trip, read by syclbin dump" content

# --- differential check against Intel's kernel compiler ---------------------
# Set names and kernel names of a dump, one per line.
sets() { grep -oE '^ +\[SYCL/[^]]+\]' "$1" | sed 's/^ *//' | sort -u; }
spirv_of() { # the first IR module of SYCLBIN file $1 (dumped to $1.dump) -> $2
  local table off size
  table=$(sed -n 's/.*binary byte table: offset \([0-9]*\).*/\1/p' "$1.dump" | head -1)
  read -r off size < <(sed -n 's/.*IR bytes: offset \([0-9]*\), \([0-9]*\) bytes.*/\1 \2/p' "$1.dump" | head -1)
  [ -e "$1.bare" ] || syclbin convert "$1" -o "$1.bare" --format=bare
  dd if="$1.bare" of="$2" bs=1 skip=$((table + off)) count="$size" status=none
}
differential() {
  ./host intel intel.syclbin || return 1
  syclbin dump intel.syclbin > intel.syclbin.dump || return 1
  syclbin dump obj.syclbin > obj.syclbin.dump || return 1
  echo "Intel: $(grep -c '^abstract module' intel.syclbin.dump) abstract module(s); ours (-split=kernel): $(grep -c '^abstract module' obj.syclbin.dump)"
  echo "Intel kernel names:$(grep 'kernel names:' intel.syclbin.dump | cut -d: -f2 | tr '\n' ' ')"
  echo "our kernel names:  $(grep 'kernel names:' obj.syclbin.dump | cut -d: -f2 | tr '\n' ' ')"
  sets intel.syclbin.dump > intel.sets; sets obj.syclbin.dump > ours.sets
  echo "property sets only Intel writes: $(comm -23 intel.sets ours.sets | tr '\n' ' ')"
  echo "property sets only we write:     $(comm -13 intel.sets ours.sets | tr '\n' ' ')"
  echo "Intel's [SYCL/misc properties]: $(grep -A1 'SYCL/misc properties' intel.syclbin.dump | tail -1 | sed 's/^ *//')"
  echo "Intel's [SYCL/kernel param opt] entries: $(sed -n '/SYCL\/kernel param opt/,/^  \[/p' intel.syclbin.dump | grep -c '=' || true)"
  echo "IR module targets: Intel $(grep -m1 -o 'target [^ ]*$' intel.syclbin.dump), ours $(grep -m1 -o 'target [^ ]*$' obj.syclbin.dump)"
  spirv_of intel.syclbin intel.spv && spirv_of obj.syclbin ours.spv
  spirv-val intel.spv && spirv-val ours.spv
  for f in intel ours; do
    spirv-dis "$f.spv" > "$f.spvasm"
    echo "$f SPIR-V: $(grep -m1 '; Version' $f.spvasm | sed 's/; //'), $(grep -m1 '; Generator' $f.spvasm | sed 's/; //')"
    echo "   capabilities: $(grep -oE 'OpCapability [A-Za-z0-9]+' $f.spvasm | cut -d' ' -f2 | sort | tr '\n' ' ')"
    echo "   extensions: $(grep -oE 'OpExtension "[^"]+"' $f.spvasm | cut -d'"' -f2 | sort | tr '\n' ' ')"
  done
  # What must agree: both name the same free-function kernels.
  for k in __sycl_kernel_add __sycl_kernel_scale; do
    grep -q "kernel names:.*$k" intel.syclbin.dump && grep -q "kernel names:.*$k" obj.syclbin.dump \
      || { echo "$k missing from one side"; return 1; }
  done
  grep -qx '\[SYCL/kernel names\]' ours.sets && grep -qx '\[SYCL/device requirements\]' ours.sets
}
run_case "differential: Intel's create_kernel_bundle_from_source + compile vs ours" differential

echo
echo "syclbin-e2e: ${#PASSED[@]} passed, ${#FAILED[@]} failed"
for f in "${FAILED[@]+"${FAILED[@]}"}"; do echo "  FAILED: $f"; done
[ ${#FAILED[@]} = 0 ]
