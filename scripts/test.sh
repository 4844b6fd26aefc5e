#!/usr/bin/env bash
# Runs every test: Rust unit and integration tests, the project's lit suite,
# the real-device specialization-constant check, the SYCLBIN end-to-end suite
# on Intel's SYCL runtime, real device code built on that runtime, and the upstream conformance corpus against
# lit/conformance-expected.txt.
#
# scripts/test.sh --quick: the quick tier for a change (build, cargo tests,
# the lit suite, the layout check, the option pages), a few minutes; the full command (what
# the README and CI run) does everything below and prints the time of each
# stage at its end.
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
case "${1:-}" in
  --quick) quick=1 ;;
  "") ;;
  *) echo "usage: scripts/test.sh [--quick]" >&2; exit 2 ;;
esac
# The time of each stage, printed at the end (and on a failure, up to it).
stage_names=(); stage_secs=(); stage_start=$SECONDS; stage_name=setup
stage() {
  stage_names+=("$stage_name"); stage_secs+=($((SECONDS - stage_start)))
  stage_name=$1; stage_start=$SECONDS
}
report_stages() {
  local rc=$?
  stage_names+=("$stage_name"); stage_secs+=($((SECONDS - stage_start)))
  echo "test: stage times (s):" >&2
  for i in "${!stage_names[@]}"; do printf '  %-28s %5d\n' "${stage_names[$i]}" "${stage_secs[$i]}" >&2; done
  printf '  %-28s %5d\n' total "$SECONDS" >&2
  [ "$rc" = 0 ] || echo "test: FAILED in stage '$stage_name' (exit $rc)" >&2
  rm -rf "${SPL_CACHE_DIR:-/nonexistent-spl}"
}
scripts/setup.sh
# Every module written goes through the LLVM verifier in tests (release
# builds verify only when asked).
export SPL_VERIFY_EACH=1
# Splits use exactly the -j threads asked for (driver::exact_threads), so that
# the tests comparing bytes at several thread counts run the threaded path.
export SPL_EXACT_THREADS=1
# The code cache of sycl-link, syclbin create and the C entry points: one of
# the tests' own, never the user's (removed at the end).
SPL_CACHE_DIR=$(mktemp -d)
export SPL_CACHE_DIR
trap report_stages EXIT
stage "cargo test"
cargo test --release --workspace
if [ "$quick" = 1 ]; then
  stage "lit"
  lit-22 -sv lit/
  stage "layout check"
  python3 scripts/layout-check.py
  python3 scripts/option-docs.py --check
  echo "test: the quick tier passed (scripts/test.sh without --quick runs everything)"
  exit 0
fi
stage "package, layout, docs, fuzz"
# Every crate packages (metadata, versions on path dependencies, files).
cargo package --workspace --no-verify --allow-dirty --quiet
# Layout rules: no import circle between files of a crate, no over-long function in the pipeline crates.
python3 scripts/layout-check.py
# docs/options/ is what each command's --help (its option table) says.
python3 scripts/option-docs.py --check
# The API documentation builds without a warning (broken or private links).
RUSTDOCFLAGS="-D warnings" cargo doc --workspace --no-deps --quiet
# The fuzz targets build (on stable Rust, without coverage instrumentation;
# `cargo fuzz run <target>` in fuzz/ runs them with it, on nightly).
(cd fuzz && cargo build --release --target-dir ../target/fuzz --quiet)
stage "static tools"
# The command-line tools linked with LLVM's static archives (SPL_LLVM_LINK=static,
# ir/build.rs: less memory per process) write the same bytes as the default build.
SPL_LLVM_LINK=static cargo build --release -p sycl-tools --bins --target-dir target/static
static_out=$(mktemp -d)
for mode in kernel source; do
  for build in release static/release; do
    d=$static_out/${build%/release}-$mode
    mkdir -p "$d"
    (cd "$d" && "$OLDPWD/target/$build/sycl-post-link" -split=$mode -symbols -properties \
      "$OLDPWD/examples/example.ll" -o out.table)
  done
  diff -r "$static_out/release-$mode" "$static_out/static-$mode"
done
rm -rf "$static_out"
stage "lit"
lit-22 -sv lit/
stage "fault campaign, interrupts"
# Mutated inputs and unwritable outputs through every command and the C
# entry points (short form; scripts/fault-campaign.py --cases 5000 for more).
scripts/fault-campaign.py --cases 600
# Interrupted and stuck runs: SIGTERM, SIGINT and SIGHUP while files are
# written or images compiled leave nothing and end by the signal; workers
# die with a SIGKILLed command; a dead run's temporaries go on the next run;
# a stopped worker is killed by --codegen-timeout.
scripts/interrupt-test.py --tools target/release
stage "code cache, remote cache"
# The code cache as shared state: 8 sycl-link processes at once on one cache
# directory, entries corrupted between rounds, every output the bytes of a
# build without the cache (short form; bench/relink-bench.py runs 20 rounds).
scripts/cache-concurrency-test.py --rounds 4
# The remote code cache against nginx (WebDAV PUT on 127.0.0.1, installed
# and started by the test): a second machine hits a first one's entries,
# and a server that is killed, answers 500, answers slowly or sends
# another entry's bytes is a miss with one warning, outputs unchanged.
scripts/remote-cache-test.py --tools target/release
stage "runtime: spec constants, SYCLBIN e2e, builds"
# Specialization constants on a real OpenCL device (Intel's CPU runtime from PyPI).
scripts/spec-const-device-test.sh target/release
# SYCLBIN end to end on Intel's SYCL runtime (PyPI wheels, OpenCL CPU device),
# with every image of two functions or more compiled in pieces (the default,
# large images only, cuts none of its small images); its "one piece against
# pieces" case compiles the per-source images both ways and compares results.
SPL_CODEGEN_PIECES=force scripts/syclbin-e2e-test.sh target/release
# Upstream clang 22's own -fsycl driver with sycl-link as its clang-sycl-linker
# (first on PATH): a program of two device units and a host unit, run per
# source and per kernel on Intel's runtime; LLVM 22's own linker shown to fail.
scripts/clang-driver-e2e-test.sh target/release
# Real device code built on Intel's runtime, image by image (tensor_impl per
# source, the ggml and dpnp kernels of issue 27's causes, bfloat16 conversions).
scripts/runtime-build-test.sh target/release
stage "conformance corpus"
shared=${SPL_SHARED:-}
if [ -z "$shared" ]; then
  for d in ../shared /work/shared; do
    if [ -x "$d/conformance/run" ]; then shared=$d; break; fi
  done
fi
if [ -n "$shared" ] && [ -x "$shared/conformance/run" ]; then
  # The corpus's lit configuration passes few variables to the tools: they
  # run through wrappers that set SPL_VERIFY_EACH.
  vtools=target/verify-each-tools
  mkdir -p "$vtools"
  for b in sycl-post-link sycl-module-split sycl-opt file-table-tform syclbin; do
    printf '#!/bin/sh\nSPL_VERIFY_EACH=1 exec %s "$@"\n' "$PWD/target/release/$b" >"$vtools/$b"
    chmod +x "$vtools/$b"
  done
  "$shared/conformance/run" --tools "$vtools" --expect lit/conformance-expected.txt
elif [ "${SPL_REQUIRE_CORPUS:-0}" != 0 ] || [ -n "${CI:-}" ]; then
  # CI (.ci/run sets SPL_REQUIRE_CORPUS=1; CI=... as CI services set it)
  # always has the corpus: its absence there is a failure.
  echo "test: error: conformance corpus not found at ${shared:-../shared}/conformance (set SPL_SHARED); required in CI" >&2
  exit 1
else
  echo "test: SKIPPED the upstream conformance corpus: not found at ${shared:-../shared or /work/shared}/conformance" >&2
  echo "test: (set SPL_SHARED=<dir holding conformance/>; CI requires it). Everything else ran and passed." >&2
fi
stage "pieces on the runtime"
# Real device code (llama.cpp) per source: images of 8 to 30 kernels that
# build on the runtime in one piece (seconds each; the largest take minutes,
# and many others crash the CPU compiler either way) build in pieces too.
if [ -n "$shared" ] && [ -e "$shared/bench/real/ggml_sycl.restored.bc.xz" ]; then
  SPL_SHARED="$shared" scripts/pieces-build-check.sh --names=t_2,t_10,t_13 \
    "$shared/bench/real/ggml_sycl.restored.bc.xz"
fi
