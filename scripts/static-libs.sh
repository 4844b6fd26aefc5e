#!/usr/bin/env bash
# Records in <build dir>/sycl_post_link.static-libs the native libraries a
# program linking libsycl_post_link.a needs besides it, as rustc reports
# them (--print native-static-libs) for this build.
# Usage: scripts/static-libs.sh [build dir, default target/release]
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${1:-target/release}
out="$build_dir/sycl_post_link.static-libs"
cargo rustc --release -q -p sycl-post-link-c --lib --crate-type staticlib -- --print native-static-libs 2>&1 \
  | sed -n 's/.*native-static-libs: //p' | tail -1 >"$out.tmp"
[ -s "$out.tmp" ] || { echo "static-libs.sh: error: rustc reported no native-static-libs" >&2; rm -f "$out.tmp"; exit 1; }
mv "$out.tmp" "$out"
