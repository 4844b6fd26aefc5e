#!/usr/bin/env bash
# Byte-comparison harness for speed work: runs the project's lit suite, the
# upstream conformance corpus and the benchmark modules with a reference
# build (OLD) and a candidate build (NEW, at several thread counts), keeps
# every file the RUN lines and the splits write, and compares them byte for
# byte. Test verdicts are not compared here (run the suites for that): only
# the files written. Besides the lit and corpus tests' files, it compares the
# splits of generated modules (300 and 1,000 kernels) and of the real modules
# (llama.cpp's ggml and dpnp's tensor_impl, ../shared/bench/real) per kernel,
# source and auto, and whole SYCLBIN files: `sycl-link` per source and per
# kernel (ggml and the 300-kernel module) and `syclbin create` from a table,
# all without the code cache.
#
# usage: bench/compare-outputs.sh OLD_TOOL_DIR NEW_TOOL_DIR [THREADS...]
#   THREADS: SPL_THREADS values for NEW (default: 1 2 5); OLD runs with the
#   machine's parallelism. Work goes to bench/out/compare/ (ignored by git).
# env: SPL_SHARED (default ../shared) locates conformance/ and bench/.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$(realpath "$1")
new=$(realpath "$2")
shift 2
threads=("${@:-1 2 5}")
read -r -a threads <<<"${threads[*]}"
shared=${SPL_SHARED:-../shared}
work=$PWD/bench/out/compare
rm -rf "$work"
mkdir -p "$work"

# A tool directory whose binaries run the real ones with SPL_THREADS set
# (the lit configurations pass only a few variables through). Every run
# uses the same tool and output paths, since tables and lit scripts name them.
wrap() { # wrap REAL_DIR THREADS
  local d=$work/tools
  rm -rf "$d"
  mkdir -p "$d"
  for b in "$1"/*; do
    [ -f "$b" ] && [ -x "$b" ] || continue
    local n
    n=$(basename "$b")
    if [ -n "$2" ]; then
      printf '#!/bin/sh\nSPL_THREADS=%s exec %s "$@"\n' "$2" "$b" >"$d/$n"
    else
      printf '#!/bin/sh\nexec %s "$@"\n' "$b" >"$d/$n"
    fi
    chmod +x "$d/$n"
  done
  echo "$d"
}

bench_inputs=()
for k in 300 1000; do
  f=$work/k$k.bc
  python3 "$shared/bench/gen-module.py" --kernels $k --sources $((k / 20)) | llvm-as-22 -o "$f"
  bench_inputs+=("$f")
done
# The real modules, with the translator's decorations dropped (their README:
# LLVM 22's SPIR-V back end refuses them), as sycl-link compiles them.
real_inputs=()
for m in ggml_sycl tensor_impl; do
  xz=$shared/bench/real/$m.restored.bc.xz
  [ -e "$xz" ] || continue
  f=$work/$m.bc
  xz -dc "$xz" | llvm-dis-22 - -o - | sed -E 's/, !spirv.Decorations ![0-9]+//g' | llvm-as-22 -o "$f"
  bench_inputs+=("$f")
  real_inputs+=("$f")
done

run_config() { # run_config NAME TOOL_DIR
  local name=$1 tools=$2 out=$work/run
  rm -rf "$out"
  mkdir -p "$out"
  rm -rf lit/Output
  SPL_TOOL_DIR=$tools lit-22 -q lit/ >"$out/lit.log" 2>&1 || true
  mv lit/Output "$out/lit"
  CONFORMANCE_OUT=$out/conformance SPL_TOOL_DIR=$tools lit-22 -q "$shared/conformance" \
    >"$out/conformance.log" 2>&1 || true
  for f in "${bench_inputs[@]}"; do
    local b
    b=$(basename "$f" .bc)
    for mode in kernel source auto; do
      local d=$out/bench/$b-$mode
      mkdir -p "$d"
      "$tools/sycl-post-link" -split=$mode -symbols -properties -emit-param-info \
        -emit-exported-symbols -emit-program-metadata "$f" -o "$d/t.table" 2>"$d/stderr" || true
    done
    mkdir -p "$out/bench/$b-module-split"
    "$tools/sycl-module-split" -split=source "$f" -o "$out/bench/$b-module-split/m" 2>/dev/null || true
  done
  # Whole SYCLBIN files: sycl-link (split streamed into code generation) and
  # syclbin create from the table of a split.
  local link_inputs=("$work/k300.bc")
  [ ${#real_inputs[@]} -gt 0 ] && link_inputs+=("${real_inputs[0]}")
  for f in "${link_inputs[@]}"; do
    local b
    b=$(basename "$f" .bc)
    for mode in source kernel; do
      "$tools/sycl-link" --no-cache --sycl-module-split-mode=$mode "$f" \
        -o "$out/bench/$b-link-$mode.syclbin" 2>"$out/bench/$b-link-$mode.stderr" || true
    done
    (cd "$out/bench/$b-kernel" && "$tools/syclbin" create --no-cache --table=t.table -o ../$b-create.syclbin \
      2>../$b-create.stderr) || true
  done
  mv "$out" "$work/$name"
}

# by_design DIFF_LIST: prints the lines of `diff -r -q` output that are real
# differences, and fails if there are any. By design, these vary between two
# builds or runs: Chrome traces (times), the code cache's folder files (its
# random secret and team key, its statistics, the program digests named by
# the tool's binary), and text that differs only in cache entry names (a key
# holds the tool's binary) or in thread counts (OLD runs with the machine's
# parallelism, NEW with SPL_THREADS).
by_design() {
  python3 - "$1" <<'PY'
import re, sys
real = []
def norm(path):
    try:
        text = open(path, encoding="utf-8").read()
    except (OSError, UnicodeDecodeError):
        return None
    text = re.sub(r"([0-9a-f]{2}/)?[0-9a-f]{64}", "HASH", text)
    text = re.sub(r"--threads=[0-9]+", "--threads=N", text)
    return re.sub(r"[0-9]+ worker thread\(s\)", "N worker thread(s)", text)
bookkeeping = re.compile(r"/(secret|team\.key|stats|last-prune)$|/programs(/|:|$)")
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    m = re.match(r"Files (.*) and (.*) differ$", line)
    if m:
        a, b = m.groups()
        if bookkeeping.search(a):
            continue
        try:
            head = open(a, "rb").read(16)
        except OSError:
            head = b""
        if head.startswith(b'{"traceEvents"'):
            continue
        na = norm(a)
        if na is not None and na == norm(b):
            continue
    elif line.startswith("Only in ") and bookkeeping.search(line.split(":")[0]):
        continue
    real.append(line)
print("\n".join(real), end="\n" if real else "")
sys.exit(1 if real else 0)
PY
}

echo "compare: reference run ($old)"
run_config old "$(wrap "$old" "")"
status=0
for t in "${threads[@]}"; do
  echo "compare: candidate run, SPL_THREADS=$t ($new)"
  run_config "new-t$t" "$(wrap "$new" "$t")"
  # lit's own bookkeeping files differ by run; so do Chrome traces (times)
  # and code-cache entries (named by a key that holds the tool's commit).
  if diff -r -q -x '*.log' -x '.lit_test_times.txt' -x '*trace.json' -x 'entries' \
    "$work/old" "$work/new-t$t" >"$work/diff-t$t.txt"; then
    echo "compare: SPL_THREADS=$t: identical ($(find "$work/new-t$t" -type f | wc -l) files)"
  elif by_design "$work/diff-t$t.txt" >"$work/diff-t$t-real.txt"; then
    echo "compare: SPL_THREADS=$t: identical ($(find "$work/new-t$t" -type f | wc -l) files) but for" \
      "$(wc -l <"$work/diff-t$t.txt") that vary by design (see $work/diff-t$t.txt)"
  else
    echo "compare: SPL_THREADS=$t: DIFFERENT, see $work/diff-t$t-real.txt"
    head -20 "$work/diff-t$t-real.txt"
    status=1
  fi
done
exit $status
