#!/bin/sh
# Benchmarks of the optimised codec against the reference (not a test: the
# figures depend on the machine; the ratios are measured in one run).
#
#   bench/bench.sh [--callgrind] [--valid] [--fens N] [--reps N]
#   (--valid: the codec table and the instruction counts on valid inputs only)
#
# 1. gbr_bench: MB/s and items/s of each operation for ref and fast, the
#    fast/ref ratio and the fraction of memcpy bandwidth (the ceiling, timed
#    beside every repetition), medians of --reps; for the small operations,
#    "at most": the fast/ref that entries doing no work would reach.
# 2. `gbr position` end to end on N generated FENs (default 1,000,000)
#    against bench/bench_fen.py doing the same job in Python, after checking
#    that both give the same answer on every line.
# 3. With --callgrind, instructions per operation (bench/bench_callgrind.sh).
#
# Builds build-fast: Release, -O2, portable x86-64 (no -march=native).
set -eu
cd "$(dirname "$0")/.."
callgrind=0
valid=
fens=1000000
reps=7
while [ $# -gt 0 ]; do
    case $1 in
    --callgrind) callgrind=1 ;;
    --valid) valid=--valid ;;
    --fens) fens=$2; shift ;;
    --reps) reps=$2; shift ;;
    *) echo "usage: bench/bench.sh [--callgrind] [--valid] [--fens N] [--reps N]" >&2; exit 2 ;;
    esac
    shift
done

build=build-fast
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" >/dev/null
cmake --build "$build" -j2 --target gbr gbr_bench >/dev/null

echo "machine: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1); $(nproc) cores; load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "compiler flags: Release -O2 (portable x86-64)"
echo
"$build/bench/gbr_bench" --reps "$reps" $valid
echo

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bench/gbr_bench" --write-fens "$fens" "$tmp/fens.txt"

. bench/bench_common.sh
# Median of three runs of a command reading the FEN file.
time_median() {
    for run in 1 2 3; do
        start=$(bench_now)
        "$@" <"$tmp/fens.txt" >"$tmp/out.$run" 2>/dev/null || true
        end=$(bench_now)
        awk -v a="$end" -v b="$start" 'BEGIN { printf "%.6f\n", a - b }'
    done | bench_median
}
gbr_seconds=$(time_median "$build/gbr" position --impl fast)
py_seconds=$(time_median python3 bench/bench_fen.py)
"$build/gbr" position --impl fast <"$tmp/fens.txt" >"$tmp/gbr.txt" 2>/dev/null || true
python3 bench/bench_fen.py <"$tmp/fens.txt" >"$tmp/py.txt"
disagree=$(paste -d '\t' "$tmp/gbr.txt" "$tmp/py.txt" | awk -F'\t' '
    { if ($1 ~ /^error/) { if ($2 != "error") bad++ } else if ($1 != $2) bad++ }
    END { print bad + 0 }')
bytes=$(wc -c <"$tmp/fens.txt")
echo "gbr position vs bench/bench_fen.py on $fens FENs ($bytes bytes), medians of 3 runs:"
awk -v g="$gbr_seconds" -v p="$py_seconds" -v n="$fens" -v b="$bytes" 'BEGIN {
    printf "  gbr position (fast): %8.3f s  %7.2f M FENs/s  %7.1f MB/s\n", g, n / g / 1e6, b / g / 1e6
    printf "  python3 bench_fen.py: %7.3f s  %7.2f M FENs/s  %7.1f MB/s\n", p, n / p / 1e6, b / p / 1e6
    printf "  gbr / python: %.0fx\n", p / g
}'
echo "  lines where the two disagree: $disagree"

if [ "$callgrind" = 1 ]; then
    echo
    bench/bench_callgrind.sh "$build" 20000 $valid
fi
