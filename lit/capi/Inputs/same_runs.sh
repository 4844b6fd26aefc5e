#!/bin/sh
# same_runs.sh <root> <n>: <root>/run0 .. run<n-1> hold the same files, and
# their tables differ only in the run directory they name.
set -e
root=$1
n=$2
i=1
while [ "$i" -lt "$n" ]; do
  sed "s|/run$i/|/run0/|g" "$root/run$i/out.table" | diff "$root/run0/out.table" -
  diff -r -x out.table "$root/run0" "$root/run$i"
  i=$((i + 1))
done
echo "same_runs: $n runs equal ($(ls "$root/run0" | wc -l) files each)"
