#!/bin/sh
# The input layer (src/input): compressed input decoded on a thread of its
# own, one input on several threads, and the memory bound.
#
# The input, $dir/input_varied.pgn (about SIZE_MB MB, default 60), is made
# of varied real games, not one sample repeated (which compresses
# unrealistically well): the Lichess sample (corpus/games), the bundled
# studies and Debian's eco.pgn, their games shuffled, every round with the
# Lichess games' clock comments, [Site] ids, Elo and times drawn afresh, so
# that zstd's ratio is near a real month's. Figures, medians of RUNS runs
# (default 5), ratios in one run:
#   1. zstd at -j1 against the plain file: the wall time of
#      `gbr select --reached --count` (every game replayed, through
#      pgn_read_input) on input_varied.pgn and on input_varied.pgn.zst
#      (zstd -3), and their ratio (target at most 1.10);
#   2. -j2 against -j1 on the plain file: the wall time of gbr_bench_input
#      (bench/bench_input.c: input_games_parallel, every game of each chunk
#      replayed, the chunks' counts added in input order) at 1 and 2
#      threads, and their ratio (target at least 1.8 on 2 free cores; the
#      load average is printed beside it);
#   2b. the pipeline's own scaling, which a busy machine hides: the same
#      at 1, 2 and 4 threads with every game also sleeping 100 us (no CPU;
#      SLEEP_US=100) on the Lichess sample 20 times;
#   3. peak memory through a pipe: GB_PIPE gigabytes (default 3) of PGN
#      made on the fly (input_varied.pgn over and over, as `yes` repeats a
#      line: enough for the memory bound, which does not depend on what the
#      games hold) compressed by zstd -1 into `gbr select --count '*'` and
#      into gbr_bench_input -j2 reading standard input: their peak resident
#      memory (KiB, /usr/bin/time).
#
# usage: bench/bench_input.sh [BUILD_DIR]   (default build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_need_time
bench_gbr_and_dir "${1:-}"
build=${1:-$root/build}
parallel=$build/bench/gbr_bench_input
[ -x "$parallel" ] || { echo "no $parallel: build first" >&2; exit 2; }
command -v zstd >/dev/null || { echo "needs zstd (Debian package zstd)" >&2; exit 2; }
runs=${RUNS:-5}
size_mb=${SIZE_MB:-60}
gb_pipe=${GB_PIPE:-3}
input=$dir/input_varied.pgn

if [ ! -s "$input" ] || [ "$(wc -c <"$input")" -lt $((size_mb * 1000000)) ]; then
    python3 "$root/bench/bench_varied.py" "$input" "$size_mb" "$root/corpus/games/lichess_sample.pgn" \
        "$root/src/cli/examples/studies.pgn" /usr/share/pgn-extract/eco.pgn
fi
[ -s "$input.zst" ] && [ "$input.zst" -nt "$input" ] || zstd -q -f -3 "$input" -o "$input.zst"

bench_cpu_line
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
plain_bytes=$(wc -c <"$input")
zst_bytes=$(wc -c <"$input.zst")
echo "input: $plain_bytes bytes, zstd -3 $zst_bytes bytes (ratio $(echo "$plain_bytes $zst_bytes" | awk '{printf "%.2f", $1/$2}'))"

rm -f "$dir"/t_in_*.wall "$dir"/t_in_*.cpu "$dir"/t_in_*.rss
i=0
while [ "$i" -lt "$runs" ]; do
    bench_reported bench_time "$dir" in_plain "$gbr" select --reached --count 'KR...vKR...' "$input" >/dev/null 2>&1
    bench_reported bench_time "$dir" in_zst "$gbr" select --reached --count 'KR...vKR...' "$input.zst" >/dev/null 2>&1
    bench_time "$dir" in_j1 "$parallel" 1 "$input" >/dev/null 2>&1
    bench_time "$dir" in_j2 "$parallel" 2 "$input" >/dev/null 2>&1
    i=$((i + 1))
done
plain=$(bench_median <"$dir/t_in_plain.wall")
zst=$(bench_median <"$dir/t_in_zst.wall")
j1=$(bench_median <"$dir/t_in_j1.wall")
j2=$(bench_median <"$dir/t_in_j2.wall")
cpu() { bench_median <"$dir/t_in_$1.cpu"; }
echo "1. select --reached --count, wall s (median of $runs): plain $plain, zstd $zst, zstd/plain $(echo "$zst $plain" | awk '{printf "%.3f", $1/$2}') (target <= 1.10); CPU s plain $(cpu plain), zstd $(cpu zst)"
echo "2. gbr_bench_input, wall s (median of $runs): -j1 $j1, -j2 $j2, -j1/-j2 $(echo "$j1 $j2" | awk '{printf "%.2f", $1/$2}') (target >= 1.8); CPU s -j1 $(cpu j1), -j2 $(cpu j2); load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# 2b. Sleeping games: what the threads overlap when there is no core to win.
sample=$dir/input_sample20.pgn
[ -s "$sample" ] || { k=0; while [ "$k" -lt 20 ]; do cat "$root/corpus/games/lichess_sample.pgn"; k=$((k + 1)); done >"$sample"; }
for t in 1 2 4; do
    rm -f "$dir/t_in_sleep$t.wall"
    i=0
    while [ "$i" -lt "$runs" ]; do
        SLEEP_US=100 bench_time "$dir" "in_sleep$t" "$parallel" "$t" 1048576 "$sample" >/dev/null 2>&1
        i=$((i + 1))
    done
done
s1=$(bench_median <"$dir/t_in_sleep1.wall")
s2=$(bench_median <"$dir/t_in_sleep2.wall")
s4=$(bench_median <"$dir/t_in_sleep4.wall")
echo "2b. 8,760 games sleeping 100 us each, chunks of 1 MiB, wall s (median of $runs): -j1 $s1, -j2 $s2, -j4 $s4; -j1/-j2 $(echo "$s1 $s2" | awk '{printf "%.2f", $1/$2}'), -j1/-j4 $(echo "$s1 $s4" | awk '{printf "%.2f", $1/$2}')"

# 3. The memory bound: GB_PIPE GB through a pipe.
copies=$(( gb_pipe * 1000000000 / plain_bytes + 1 ))
repeat() { k=0; while [ "$k" -lt "$copies" ]; do cat "$input"; k=$((k + 1)); done; }
repeat | zstd -q -1 -c | bench_reported bench_time "$dir" in_pipe_select "$gbr" select --count '*' >/dev/null 2>/dev/null
repeat | zstd -q -1 -c | bench_time "$dir" in_pipe_j2 "$parallel" 2 - >/dev/null 2>/dev/null
echo "3. $copies copies ($(( copies * plain_bytes / 1000000 )) MB) through zstd -1 and a pipe: peak RSS select --count $(tail -n 1 "$dir/t_in_pipe_select.rss") KiB ($(tail -n 1 "$dir/t_in_pipe_select.wall") s), gbr_bench_input -j2 $(tail -n 1 "$dir/t_in_pipe_j2.rss") KiB ($(tail -n 1 "$dir/t_in_pipe_j2.wall") s)"
