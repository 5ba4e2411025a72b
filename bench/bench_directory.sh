#!/bin/sh
# Benchmarks of the look-up-directory commands, measured in one run:
#  - gbr scan over a large PGN-like file, in GB/s, against the ceiling of
#    reading the same file in the same-size buffers and memchr-ing each one;
#  - gbr sort against `LC_ALL=C sort -s` on the same 10-million-line file;
#  - gbr directory --format tsv of the scan file against gbr scan's rate on it
#    (target: at least 1/4 of scan's bytes per second of CPU time), with its
#    peak resident memory with the default --memory (entries held in memory)
#    and with --memory 16M (spilled runs; its output checked the same).
# Each command is timed by /usr/bin/time, in wall-clock time and in CPU time
# (user + system): the machine may be shared, and CPU time is what one core
# spent whatever else ran. Medians of RUNS runs (default 5 for scan, 3 for
# sort), gbr and its baseline alternating in the same run; the ratios use the
# medians. Generated files stay under $BENCH_DIR (default /tmp/gbr-bench).
# sort(1) runs with --parallel=1: gbr sort uses one core, and the target is
# for one core. The scan ceiling reads the file in 256 KiB buffers while gbr
# scan maps a regular file: it is the cost of getting the bytes, not a bound.
#
# The sort comparison: sort(1) cannot find GBR codes, so it gets the same
# lines with a precomputed sortable key column (src/cli/tests/gen/gen_directory.py
# computes it independently of libgbr) and sorts on that column only:
# `LC_ALL=C sort -s -t TAB -k1,1`. It thus does less work than gbr sort, which
# finds and parses every line's code; the script checks that both produce the
# same order (sort(1)'s output with the key column cut off, byte for byte).
#
# usage: bench/bench_directory.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_gbr_and_dir "${1:-}"
scan_runs=${SCAN_RUNS:-5}
sort_runs=${SORT_RUNS:-3}
sort_lines_unique=${SORT_UNIQUE:-1000000}   # x10 repeats = 10 million lines
tab=$(printf '\t')

# time_cmd NAME CMD...: runs CMD, appending its figures to $dir/t_NAME.*.
time_cmd() { bench_time "$dir" "$@"; }
medians() { echo "$(bench_median <"$dir/t_$1.wall") $(bench_median <"$dir/t_$1.cpu")"; }
bench_need_time

bench_cpu_line

# ---- scan ---------------------------------------------------------------
cc -O2 -o "$dir/memchr_ceiling" "$root/bench/memchr_ceiling.c"
if [ ! -s "$dir/scan.pgn" ]; then
    python3 "$root/src/cli/tests/gen/gen_pgn.py" --games 60000 --movetext 40 --crlf --out "$dir/scan_block.pgn"
    : >"$dir/scan.pgn"
    for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do cat "$dir/scan_block.pgn" >>"$dir/scan.pgn"; done
fi
bytes=$(wc -c <"$dir/scan.pgn")
cat "$dir/scan.pgn" >/dev/null   # into the page cache
rm -f "$dir"/t_ceiling.* "$dir"/t_scan.*
for i in $(seq "$scan_runs"); do
    time_cmd ceiling "$dir/memchr_ceiling" "$dir/scan.pgn" >/dev/null
    time_cmd scan "$gbr" scan "$dir/scan.pgn" >"$dir/scan.out"
done
matches=$(wc -l <"$dir/scan.out")
echo "scan: $bytes bytes, $matches matches, medians of $scan_runs runs"
echo "$bytes $(medians scan) $(medians ceiling)" | awk '{
    printf "scan: gbr scan %.2f GB/s of CPU time (median %.3f s user+sys), %.2f GB/s wall (median %.3f s)\n",
           $1 / $3 / 1e9, $3, $1 / $2 / 1e9, $2
    printf "scan: read+memchr ceiling %.2f GB/s of CPU time (median %.3f s), %.2f GB/s wall (median %.3f s)\n",
           $1 / $5 / 1e9, $5, $1 / $4 / 1e9, $4
    printf "scan: gbr scan / ceiling time ratio: CPU %.2f, wall %.2f\n", $3 / $5, $2 / $4 }'

# ---- directory ------------------------------------------------------------
rm -f "$dir"/t_directory.* "$dir"/t_directory_rss.* "$dir"/t_scan2.*
directory_runs=${DIRECTORY_RUNS:-3}
for i in $(seq "$directory_runs"); do
    time_cmd scan2 "$gbr" scan "$dir/scan.pgn" >/dev/null
    time_cmd directory_rss "$gbr" directory --format tsv "$dir/scan.pgn" >"$dir/directory.tsv" 2>/dev/null || true
    time_cmd directory "$gbr" directory --format tsv "$dir/scan.pgn" >"$dir/directory.tsv" 2>/dev/null
done
entries=$(($(wc -l <"$dir/directory.tsv") - 1))
echo "directory: $bytes bytes, $entries entries, medians of $directory_runs runs"
echo "$bytes $(medians directory) $(medians scan2) $(bench_median <"$dir/t_directory_rss.rss")" | awk '{
    printf "directory: gbr directory --format tsv %.1f MB/s of CPU time (median %.3f s), %.1f MB/s wall (median %.3f s)\n",
           $1 / $3 / 1e6, $3, $1 / $2 / 1e6, $2
    printf "directory: gbr scan on the same file %.1f MB/s of CPU time (median %.3f s)\n", $1 / $5 / 1e6, $5
    printf "directory: rate against scan (CPU time): %.2f (target >= 0.25)\n", $5 / $3
    printf "directory: peak resident memory %.0f MB (%.0f bytes a game)\n", $6 / 1024, $6 * 1024 / '"$entries"' }'
rm -f "$dir"/t_directory_rss.* "$dir"/t_directory16.*
time_cmd directory16 "$gbr" directory --memory 16M --format tsv "$dir/scan.pgn" >"$dir/directory16.tsv" 2>/dev/null
cmp -s "$dir/directory.tsv" "$dir/directory16.tsv" || { echo "directory: --memory 16M output differs" >&2; exit 1; }
echo "$bytes $(medians directory16) $(cat "$dir/t_directory16.rss")" | awk '{
    printf "directory: --memory 16M %.1f MB/s of CPU time (%.3f s), peak resident memory %.0f MB, output the same\n",
           $1 / $3 / 1e6, $3, $4 / 1024 }'
rm -f "$dir"/t_directory16.* "$dir/directory16.tsv"

# ---- sort ---------------------------------------------------------------
if [ ! -s "$dir/sort.txt" ] || [ ! -s "$dir/sort.keyed" ]; then
    python3 "$root/src/cli/tests/gen/gen_directory.py" --unique "$sort_lines_unique" --repeat 10 \
        --out "$dir/sort.txt" --keyed "$dir/sort.keyed"
fi
lines=$(wc -l <"$dir/sort.txt")
cat "$dir/sort.txt" "$dir/sort.keyed" >/dev/null
rm -f "$dir"/t_gbr_sort.* "$dir"/t_sort.*
for i in $(seq "$sort_runs"); do
    time_cmd sort env LC_ALL=C sort -s --parallel=1 -t "$tab" -k1,1 -o "$dir/sorted.keyed" "$dir/sort.keyed"
    time_cmd gbr_sort "$gbr" sort -o "$dir/sorted.txt" "$dir/sort.txt" 2>/dev/null
done
cut -f2- "$dir/sorted.keyed" | cmp -s - "$dir/sorted.txt" \
    && same="same order" || same="DIFFERENT ORDER"
echo "sort: $lines lines ($(wc -c <"$dir/sort.txt") bytes), outputs: $same, medians of $sort_runs runs"
echo "$(medians gbr_sort) $(medians sort)" | awk '{
    printf "sort: gbr sort CPU %.2f s, wall %.2f s; LC_ALL=C sort -s --parallel=1 (key column) CPU %.2f s, wall %.2f s\n",
           $2, $1, $4, $3
    printf "sort: speed-up of gbr sort: CPU time %.2fx, wall %.2fx\n", $4 / $2, $3 / $1 }'
[ "$same" = "same order" ]
