#!/usr/bin/env bash
# Split benchmark: our per-kernel and per-source split against LLVM 22's
# llvm-split (--split-by-category=kernel / =module-id) on the same bitcode,
# in one run, printing wall time, peak memory and the ratios; plus llvm-dis
# of the input (the floor: read and print the module once).
#
# usage: bench/split-bench.sh [KERNELS...]     (default: 2000 4000)
# env:   SPL_SHARED (default ../shared), SPL_THREADS (worker threads),
#        SKIP_LLVM_SPLIT=1 to skip the (slow, quadratic) llvm-split runs.
set -euo pipefail
cd "$(dirname "$0")/.."
shared=${SPL_SHARED:-../shared}
bin=/usr/lib/llvm-22/bin
spl=target/release/sycl-post-link
[ -x "$spl" ] || cargo build --release -p sycl-tools --bin sycl-post-link
work=bench/out
mkdir -p "$work"

# Prints "<seconds> <peak KiB>" for a command (outputs to a fresh dir).
measure() {
  local out
  out=$( { /usr/bin/time -f '%e %M' "$@" >/dev/null 2>/dev/null; } 2>&1 | tail -1)
  echo "$out"
}

printf '%-8s %-34s %10s %12s\n' kernels tool seconds peak-MiB
for n in "${@:-2000 4000}"; do
  for k in $n; do
    ll=$work/k$k.ll; bc=$work/k$k.bc; mid=$work/k$k-module-id.bc
    if [ ! -f "$bc" ]; then
      python3 "$shared/bench/gen-module.py" --kernels "$k" > "$ll"
      $bin/llvm-as "$ll" -o "$bc"
      sed 's/"sycl-module-id"/"module-id"/g' "$ll" | $bin/llvm-as -o "$mid"
    fi
    row() { printf '%-8s %-34s %10s %12.1f\n' "$k" "$1" "$2" "$(echo "$3 / 1024" | bc -l)"; }
    read -r t m < <(measure $bin/llvm-dis "$bc" -o /dev/null); row "llvm-dis (floor)" "$t" "$m"; floor=$t
    rm -rf "$work/o" && mkdir -p "$work/o"
    read -r t m < <(measure $spl -split=kernel -symbols "$bc" -o "$work/o/k.table"); row "sycl-post-link -split=kernel" "$t" "$m"; ours_k=$t; ours_km=$m
    rm -rf "$work/o" && mkdir -p "$work/o"
    read -r t m < <(measure $spl -split=source -symbols "$bc" -o "$work/o/s.table"); row "sycl-post-link -split=source" "$t" "$m"; ours_s=$t
    if [ -z "${SKIP_LLVM_SPLIT:-}" ]; then
      rm -rf "$work/o" && mkdir -p "$work/o"
      read -r t m < <(measure $bin/llvm-split --split-by-category=kernel -o "$work/o/l" "$mid"); row "llvm-split --split-by-category=kernel" "$t" "$m"; ls_k=$t; ls_km=$m
      rm -rf "$work/o" && mkdir -p "$work/o"
      read -r t m < <(measure $bin/llvm-split --split-by-category=module-id -o "$work/o/l" "$mid"); row "llvm-split --split-by-category=module-id" "$t" "$m"; ls_s=$t
      printf '%-8s per-kernel: %.1fx faster than llvm-split, %.1fx the floor, memory %.2fx of llvm-split\n' \
        "$k" "$(echo "$ls_k / $ours_k" | bc -l)" "$(echo "$ours_k / $floor" | bc -l)" "$(echo "$ours_km / $ls_km" | bc -l)"
      printf '%-8s per-source: %.1fx faster than llvm-split\n' "$k" "$(echo "$ls_s / $ours_s" | bc -l)"
    else
      printf '%-8s per-kernel: %.1fx the floor\n' "$k" "$(echo "$ours_k / $floor" | bc -l)"
    fi
    rm -rf "$work/o"
  done
done
