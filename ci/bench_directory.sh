#!/bin/sh
# Benchmarks of the look-up-directory commands, measured in one run:
#  - gbr scan over a large PGN-like file, in GB/s, against the ceiling of
#    reading the same file in the same-size buffers and memchr-ing each one;
#  - gbr sort against `LC_ALL=C sort -s` on the same 10-million-line file.
# Medians of RUNS runs (default 5 for scan, 3 for sort). Generated files stay
# under $BENCH_DIR (default /tmp/gbr-bench).
#
# The sort comparison: sort(1) cannot find GBR codes, so it gets the same
# lines with a precomputed sortable key column (ci/gen/gen_directory.py
# computes it independently of libgbr) and sorts on that column only:
# `LC_ALL=C sort -s -t TAB -k1,1`. It thus does less work than gbr sort, which
# finds and parses every line's code; the script checks that both produce the
# same order (sort(1)'s output with the key column cut off, byte for byte).
#
# usage: ci/bench_directory.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
gbr=$build/gbr
dir=${BENCH_DIR:-/tmp/gbr-bench}
scan_runs=${SCAN_RUNS:-5}
sort_runs=${SORT_RUNS:-3}
sort_lines_unique=${SORT_UNIQUE:-1000000}   # x10 repeats = 10 million lines
[ -x "$gbr" ] || { echo "no $gbr: build first" >&2; exit 2; }
mkdir -p "$dir"
tab=$(printf '\t')

now() { date +%s.%N; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# time_cmd OUT_FILE CMD...: appends the wall time of CMD to OUT_FILE.
time_cmd() {
    out=$1; shift
    t0=$(now); "$@"; t1=$(now)
    echo "$t0 $t1" | awk '{printf "%.4f\n", $2 - $1}' >>"$out"
}

# ---- scan ---------------------------------------------------------------
cc -O2 -o "$dir/memchr_ceiling" "$root/ci/gen/memchr_ceiling.c"
if [ ! -s "$dir/scan.pgn" ]; then
    python3 "$root/ci/gen/gen_pgn.py" --games 60000 --movetext 40 --crlf --out "$dir/scan_block.pgn"
    : >"$dir/scan.pgn"
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do cat "$dir/scan_block.pgn" >>"$dir/scan.pgn"; done
fi
bytes=$(wc -c <"$dir/scan.pgn")
cat "$dir/scan.pgn" >/dev/null   # into the page cache
rm -f "$dir/t_ceiling" "$dir/t_scan"
for i in $(seq "$scan_runs"); do
    time_cmd "$dir/t_ceiling" "$dir/memchr_ceiling" "$dir/scan.pgn" >/dev/null
    time_cmd "$dir/t_scan" "$gbr" scan "$dir/scan.pgn" >"$dir/scan.out"
done
matches=$(wc -l <"$dir/scan.out")
t_ceiling=$(median <"$dir/t_ceiling")
t_scan=$(median <"$dir/t_scan")
echo "scan: $bytes bytes, $matches matches"
awk -v b="$bytes" -v c="$t_ceiling" -v s="$t_scan" 'BEGIN {
    printf "scan: gbr scan %.2f GB/s (median %.3f s); read+memchr ceiling %.2f GB/s (median %.3f s); scan/ceiling %.2f\n",
           b / s / 1e9, s, b / c / 1e9, c, c / s }'

# ---- sort ---------------------------------------------------------------
if [ ! -s "$dir/sort.txt" ] || [ ! -s "$dir/sort.keyed" ]; then
    python3 "$root/ci/gen/gen_directory.py" --unique "$sort_lines_unique" --repeat 10 \
        --out "$dir/sort.txt" --keyed "$dir/sort.keyed"
fi
lines=$(wc -l <"$dir/sort.txt")
cat "$dir/sort.txt" "$dir/sort.keyed" >/dev/null
rm -f "$dir/t_gbr_sort" "$dir/t_sort"
for i in $(seq "$sort_runs"); do
    time_cmd "$dir/t_sort" env LC_ALL=C sort -s -t "$tab" -k1,1 -o "$dir/sorted.keyed" "$dir/sort.keyed"
    time_cmd "$dir/t_gbr_sort" "$gbr" sort -o "$dir/sorted.txt" "$dir/sort.txt" 2>/dev/null
done
cut -f2- "$dir/sorted.keyed" | cmp -s - "$dir/sorted.txt" \
    && same="same order" || same="DIFFERENT ORDER"
t_gbr=$(median <"$dir/t_gbr_sort")
t_sort=$(median <"$dir/t_sort")
echo "sort: $lines lines, outputs: $same"
awk -v g="$t_gbr" -v s="$t_sort" 'BEGIN {
    printf "sort: gbr sort %.2f s, LC_ALL=C sort -s (key column) %.2f s (medians); speed-up %.2fx\n", g, s, s / g }'
[ "$same" = "same order" ]
