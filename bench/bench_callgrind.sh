#!/bin/sh
# Instructions per operation of each codec, counted by callgrind: the
# repeatable second opinion to bench/bench.sh's timings on a noisy machine.
#   bench/bench_callgrind.sh [build-dir] [items] [--valid]
# --valid: valid inputs only (by default about 10% have one byte changed).
set -eu
cd "$(dirname "$0")/.."
build=${1:-build-fast}
items=${2:-20000}
valid=${3:-}
case $valid in "" | --valid) ;; *) echo "bench_callgrind: the third argument is --valid or nothing" >&2; exit 2 ;; esac
bench=$build/bench/gbr_bench
command -v valgrind >/dev/null || { echo "bench_callgrind: valgrind is not installed" >&2; exit 2; }
[ -x "$bench" ] || { echo "bench_callgrind: build $bench first (bench/bench.sh builds it)" >&2; exit 2; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
printf '%-27s %12s %12s %9s\n' operation "ref instr" "fast instr" "ref/fast"
for op in material-parse material-parse-column study-parse study-parse-column position-parse fen-to-position \
    position-to-fen material-from-counts material-from-counts-column position-key material-key study-key; do
    for codec in ref fast; do
        # Only the timed loop (run_*) is counted; input generation is not.
        valgrind --tool=callgrind --callgrind-out-file="$out/$op.$codec" --toggle-collect='run_*' \
            "$bench" --callgrind "$op" "$codec" "$items" $valid >/dev/null 2>&1
        callgrind_annotate "$out/$op.$codec" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}' \
            >"$out/$op.$codec.total"
    done
    awk -v op="$op" -v n="$items" -v r="$(cat "$out/$op.ref.total")" -v f="$(cat "$out/$op.fast.total")" \
        'BEGIN { printf "%-27s %12.1f %12.1f %8.1fx\n", op, r / n, f / n, r / f }'
done
