#!/usr/bin/env bash
# Builds the toolkit and runs sycl-post-link on the bundled example module
# (two translation units, three kernels, a shared helper), then shows the
# file table, the device images, their symbols and their properties.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
out=target/demo
rm -rf "$out" && mkdir -p "$out"
cmd=(target/release/sycl-post-link -split=source -symbols -properties -emit-exported-symbols -S
     -o "$out/example.table" examples/example.ll)
echo "\$ ${cmd[*]}"
"${cmd[@]}"
for f in "$out"/example.table "$out"/example_*; do
  echo
  echo "==> $f <=="
  cat "$f"
done
