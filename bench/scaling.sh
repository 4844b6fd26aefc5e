#!/usr/bin/env bash
# Core scaling of sycl-post-link on a machine without LLVM (the `run`
# device: 16 cores), issue 13.
#
#   bench/scaling.sh pack [KERNELS]  here: bench/out/dev/pkg.tar.xz gets
#                                    sycl-post-link (stripped), the shared
#                                    libraries it and BASE need but the C
#                                    library's (libLLVM.so.22.1 for a build
#                                    linked with SPL_LLVM_LINK=dynamic), and the
#                                    bitcode of a generated module of KERNELS
#                                    kernels (default 16000; the one
#                                    split-bench.py made if present)
#   bench/scaling.sh run [OUT_DIR]   there (from the repository root, with
#                                    bench/out/dev carried): unpacks, runs
#                                    -split=kernel and -split=source -symbols
#                                    -properties at 1 2 4 8 16 threads (or
#                                    THREADS="..."), writing under OUT_DIR
#                                    (default: a temporary directory on disk;
#                                    /dev/shm leaves the disk out), and prints
#                                    wall time and peak RSS of each run
# env: SPL_SHARED (default ../shared) locates bench/gen-module.py (pack);
#      BIN=<binary> (pack) packs another build than target/release's (the
#      static one: target/static/release/sycl-post-link);
#      BASE=<another sycl-post-link> (pack) takes it along, and run times it
#      beside this build; REPS=N (run) runs each configuration N times and
#      prints the median, the spread and the highest peak RSS.
set -euo pipefail
cd "$(dirname "$0")/.."
dev=bench/out/dev
case "${1:-}" in
pack)
  rm -rf "$dev" && mkdir -p "$dev/pkg"
  bin=${BIN:-target/release/sycl-post-link}
  cp "$bin" "$dev/pkg/sycl-post-link" && strip "$dev/pkg/sycl-post-link"
  if [ -n "${BASE:-}" ]; then cp "$BASE" "$dev/pkg/base-sycl-post-link" && strip "$dev/pkg/base-sycl-post-link"; fi
  # Every shared library but the C library's own (the device has those).
  ldd "$bin" ${BASE:+"$BASE"} | awk '/=> \//{print $3}' | sort -u | while read -r lib; do
    case "$(basename "$lib")" in
    libc.so* | libm.so* | libpthread.so* | libdl.so* | librt.so* | ld-linux*) ;;
    *) cp -L "$lib" "$dev/pkg/" ;;
    esac
  done
  kernels=${2:-16000}
  if [ -e "bench/out/k$kernels.bc" ]; then
    cp "bench/out/k$kernels.bc" "$dev/pkg/in.bc"
  else
    python3 "${SPL_SHARED:-../shared}/bench/gen-module.py" --kernels "$kernels" | llvm-as-22 -o "$dev/pkg/in.bc"
  fi
  tar -C "$dev" -cJf "$dev/pkg.tar.xz" pkg && rm -rf "$dev/pkg"
  du -sh "$dev"/*
  ;;
run)
  work=$(mktemp -d)
  outs=$(mktemp -d -p "${2:-${TMPDIR:-/tmp}}")
  tar -C "$work" -xJf "$dev/pkg.tar.xz"
  export LD_LIBRARY_PATH="$work/pkg"
  echo "machine: $(nproc) CPUs,$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "input: $(du -h "$work/pkg/in.bc" | cut -f1) of bitcode"
  reps=${REPS:-1}
  printf '%-22s %-7s %-7s %9s %17s %9s\n' build mode threads seconds "(min-max)" peak_MiB
  for bin in sycl-post-link base-sycl-post-link; do
    [ -x "$work/pkg/$bin" ] || continue
    for mode in kernel source; do
      for t in ${THREADS:-1 2 4 8 16}; do
        times=() peak=0
        for _ in $(seq "$reps"); do
          out="$outs/out-$mode-$t" && mkdir -p "$out"
          stats=$( { SPL_THREADS=$t /usr/bin/time -f '%e %M' "$work/pkg/$bin" \
            -split=$mode -symbols -properties "$work/pkg/in.bc" -o "$out/t.table" >/dev/null; } 2>&1 | tail -1)
          read -r secs kib <<<"$stats"
          times+=("$secs")
          [ "$kib" -gt "$peak" ] && peak=$kib
          rm -rf "$out"
        done
        read -r med lo hi < <(printf '%s\n' "${times[@]}" | sort -g |
          awk '{v[NR]=$1} END {print v[int((NR+1)/2)], v[1], v[NR]}')
        printf '%-22s %-7s %-7s %9s %17s %9d\n' "$bin" "$mode" "$t" "$med" "($lo-$hi)" "$((peak / 1024))"
      done
    done
  done
  rm -rf "$work" "$outs"
  ;;
*)
  sed -n 2,22p "$0"
  exit 2
  ;;
esac
