#!/usr/bin/env bash
# The runtime build check of the test command (issue 27): images built on
# Intel's SYCL runtime 2026.2 with its OpenCL CPU device, each alone, every
# kernel created (scripts/runtime-build-check.sh):
# - the bfloat16 conversions sycl-link links (postlink/devicelib/bf16.ll)
#   run against the C++ reference of the runtime's header;
# - tensor_impl (dpnp) split per source, every image;
# - kernels of ggml and dpnp_all that covered each cause of issue 27, cut
#   out with llvm-extract-22 and split per kernel: ggml's pool2d (the CPU
#   compiler crashed in vplan-vec under OpSource OpenCL_C), count_equal and
#   three dpnp histograms (generic-pointer atomics on int, long, float,
#   double: "Symbols not found: _Z10atomic_addPU3AS4Vii"), two bfloat16
#   conversions (imported __devicelib_* functions nothing provided);
# - the three dpnp histograms as one image of weak_odr kernels compiled in
#   pieces.
# The real inputs come from ../shared/bench/real (SPL_SHARED); without them
# only the bfloat16 check runs, except in CI (SPL_REQUIRE_CORPUS or CI set),
# where their absence fails. bench/real-runtime-build.sh checks every image.
#
# Usage: scripts/runtime-build-test.sh [TOOL_DIR]   (default target/release)
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$(cd "${1:-$ROOT/target/release}" && pwd)"
say() { echo "runtime-build-test: $*" >&2; }
shared=${SPL_SHARED:-}
if [ -z "$shared" ]; then
  for d in "$ROOT/../shared" /work/shared; do
    if [ -d "$d/bench/real" ]; then shared=$d; break; fi
  done
fi
# The timeout guards against a hang, not speed: tensor_impl's largest images
# take 2-3 minutes of CPU JIT each; on a busy machine, more.
CHECK=("$ROOT/scripts/runtime-build-check.sh" --tools="$TOOLS" --quiet --timeout="${SPL_RUNTIME_BUILD_TIMEOUT:-900}")
real="${shared:+$shared/bench/real}"
if [ -z "$real" ] || [ ! -e "$real/ggml_sycl.restored.bc.xz" ]; then
  if [ "${SPL_REQUIRE_CORPUS:-0}" != 0 ] || [ -n "${CI:-}" ]; then
    say "error: ../shared/bench/real not found (set SPL_SHARED); required in CI"; exit 1
  fi
  say "SKIPPED the real device code: ../shared/bench/real not found (set SPL_SHARED)"
  exec "${CHECK[@]}" --bf16
fi
W="$(mktemp -d)"
trap 'rm -rf "$W"' EXIT
for m in tensor_impl ggml_sycl dpnp_all; do xz -dc "$real/$m.restored.bc.xz" > "$W/$m.bc"; done
"$TOOLS/sycl-link" --sycl-module-split-mode=source --syclbin=executable "$W/tensor_impl.bc" -o "$W/tensor_impl.syclbin"
ggml=(
  '_ZTSZL19ggml_sycl_op_pool2dR25ggml_backend_sycl_contextP11ggml_tensorEUlN4sycl3_V17nd_itemILi3EEEE_'
  '_ZTSZ21ggml_sycl_count_equalR25ggml_backend_sycl_contextP11ggml_tensorEUlN4sycl3_V17nd_itemILi3EEEE_'
  '_ZTSZL21convert_unary_nc_syclIfN4sycl3_V13ext6oneapi8bfloat16EEvPKvPT0_lllllllPNS1_5queueEEUlNS1_7nd_itemILi3EEEE_'
)
# The bfloat16 get_rows kernel's name is long: matched by its start.
ggml_re='^_ZTSZL19get_rows_sycl_floatIN4sycl3_V13ext6oneapi8bfloat16EEv.*'
dpnp=(
  '_ZTSN4dpnp7kernels9histogram16HistogramFunctorImN10statistics9histogram19HistWithLocalCopiesIliEEN12_GLOBAL__N_113BincountEdgesImEENS4_9NoWeightsIjEEEE'
  '_ZTSN4dpnp7kernels9histogram16HistogramFunctorImN10statistics9histogram19HistWithLocalCopiesIffEEN12_GLOBAL__N_17EdgesDdINS4_10CachedDataIKmLi1EEESB_EENS4_7WeightsIKfEEEE'
  '_ZTSN4dpnp7kernels9histogram16HistogramFunctorIdN10statistics9histogram19HistWithLocalCopiesIddEEN12_GLOBAL__N_17EdgesDdINS4_12UncachedDataIKdLi1EEENS4_10CachedDataIKmLi1EEEEENS4_7WeightsISA_EEEE'
)
llvm-extract-22 --recursive "${ggml[@]/#/--func=}" "--rfunc=$ggml_re" "$W/ggml_sycl.bc" -o "$W/ggml_selected.bc"
llvm-extract-22 --recursive "${dpnp[@]/#/--func=}" "$W/dpnp_all.bc" -o "$W/dpnp_selected.bc"
for m in ggml_selected dpnp_selected; do
  "$TOOLS/sycl-link" --sycl-module-split-mode=kernel --syclbin=executable "$W/$m.bc" -o "$W/$m.syclbin"
done
# The histograms' weak_odr kernels and their helpers as one image compiled
# in pieces (issue 41: DPC++'s linkages restored by the join), every
# function in a piece of its own.
"$TOOLS/sycl-link" --sycl-module-split-mode=none --codegen-pieces=force --no-cache --time-trace="$W/pieces.json" \
  --syclbin=executable "$W/dpnp_selected.bc" -o "$W/dpnp_pieces.syclbin"
if ! grep -q '"image 0 piece 1"' "$W/pieces.json"; then
  say "error: the weak_odr image was not compiled in pieces"; exit 1
fi
"${CHECK[@]}" --bf16 "$W/tensor_impl.syclbin" "$W/ggml_selected.syclbin" "$W/dpnp_selected.syclbin" \
  "$W/dpnp_pieces.syclbin"
