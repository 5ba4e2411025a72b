#!/bin/sh
# Benchmark of the conformance runner's two modes (spec/gbr.md §13.3), in one
# run, printing figures and ratios (not a test; no target is asserted here):
#  - the Python fixture (spec/vectors/fixtures/material_study.py) over its
#    levels, material and study, in per-case mode (one interpreter a case)
#    and in batch mode (one interpreter, a request line a case): seconds of
#    wall-clock time, cases per second, and batch / per-case;
#  - gbr against itself (gbr conform --answer) in batch mode over the vectors
#    of every level repeated COPIES times (default 200), in cases per second,
#    and the same through `gbr conform --fuzz` (generation and the reference
#    codec's answers included).
# Every run must pass (or, for --fuzz, agree); the script fails otherwise.
#
# usage: bench/bench_conform.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
gbr=$build/gbr
vectors=$root/spec/vectors
fixture=$root/spec/vectors/fixtures/material_study.py
copies=${COPIES:-200}
py=$(command -v python3)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM
export PYTHONPYCACHEPREFIX="$scratch/pycache"
. "$root/bench/bench_common.sh"

calc() { awk "BEGIN { print $1 }"; }
# seconds of one command (its closing line must say 0 failed, 0 crashed)
timed() {
  start=$(bench_now)
  "$@" > "$scratch/out" 2>&1 || { tail -5 "$scratch/out"; echo "bench_conform: failed: $*" >&2; exit 1; }
  end=$(bench_now)
  tail -1 "$scratch/out" >&2
  calc "$end - $start"
}

echo "== Python fixture, levels material and study"
per_case=$(timed "$gbr" conform --mode per-case --level study --vectors "$vectors" -- "$py" -S "$fixture")
batch=$(timed "$gbr" conform --mode batch --level study --vectors "$vectors" -- "$py" -S "$fixture")
cases=$(sed -n 's/^\([0-9]*\) passed.*/\1/p' "$scratch/out")
printf 'per-case: %d cases in %.2f s (%.0f cases/s)\n' "$cases" "$per_case" "$(calc "$cases / $per_case")"
printf 'batch:    %d cases in %.3f s (%.0f cases/s)\n' "$cases" "$batch" "$(calc "$cases / $batch")"
printf 'batch / per-case: %.0fx\n' "$(calc "$per_case / $batch")"

echo "== gbr against itself, batch mode, the vectors of every level x $copies"
mkdir -p "$scratch/vectors"
for level in material study position extensions; do
  i=0
  while [ $i -lt "$copies" ]; do grep -v '^#' "$vectors/$level.tsv"; i=$((i + 1)); done > "$scratch/vectors/$level.tsv"
done
for impl in ref fast; do
  took=$(timed "$gbr" conform --mode batch --vectors "$scratch/vectors" -- "$gbr" conform --impl $impl --answer)
  cases=$(sed -n 's/^\([0-9]*\) passed.*/\1/p' "$scratch/out")
  printf '%s: %d cases in %.3f s: %.0f cases/s\n' "$impl" "$cases" "$took" "$(calc "$cases / $took")"
done
echo "== gbr conform --fuzz 5 against gbr itself (default codec)"
"$gbr" conform --fuzz 5 --seed 1 --vectors "$vectors" -- "$gbr" conform --answer
