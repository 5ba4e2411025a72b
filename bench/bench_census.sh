#!/bin/sh
# The endgame census (gbr census) on one core, beside the replay it is built
# on: the Lichess games of corpus/games/lichess_sample.pgn (438 games, 65
# plies each, a clock comment after every move) copied COPIES times (default
# 200, 200 MB, so that runs last most of a second and the clock's 10 ms steps
# matter little) into one file, and for each of RUNS runs (default 5):
#   - gbr_bench_replay FILE 1 (bench/bench_replay.c: the reader, the walk,
#     every move read, checked and played, a visitor that counts positions;
#     the file held in memory, one pass): the replay rate;
#   - gbr census --json FILE >/dev/null, the default ending (phase, N 6),
#     and with --ending every --fold: the whole command, the file read
#     through the reader, each game replayed (main line), its classes tallied;
#   - gbr census --json with --min-elo 1800 --time-control blitz, filters
#     that leave most games out (not replayed).
# Figures: median CPU seconds (user + system, /usr/bin/time) of each, games
# a second, and the census's rate as a share of the replay's (the goal is at
# least 0.8). These runs are on one thread (-j 1).
#
# Then, on $dir/census_varied_SIZE_MB.pgn (SIZE_MB MB, default 200, of varied real
# games: bench_varied.py, as bench_input.sh makes it) and its zstd -3 copy,
# RUNS runs each, ratios from the same runs:
#   - gbr census --json -j 1 and -j 2 on the plain file: wall times, games a
#     second, and -j1 / -j2 (target at least 1.8 on 2 free cores; the load
#     average is printed beside it);
#   - two gbr census --json -j 1 of the file at once, as two processes that
#     share nothing: 2 x the -j1 time / their wall time is what two cores of
#     this machine give two threads (on a virtual machine whose two cores
#     slow each other, less than 2), the ceiling of -j1 / -j2, and -j2's
#     share of it;
#   - gbr census --json -j 1 on the .zst against the plain file: wall times
#     and zstd / plain (target at most 1.10; the decoding has a thread);
#   - peak memory through a pipe: GB_PIPE GB (default 10; 0 skips it) of
#     PGN made on the fly (that file over and over) through zstd -1
#     into gbr census --json -j 2 -: peak resident memory (KiB,
#     /usr/bin/time), the games counted and the time taken.
# With CALLGRIND=1, instead: callgrind's instruction counts of a census and
# a replay pass over the sample, and their ratio; and of census -j 2 against
# -j 1 over 20 MB of varied games (the instructions the threads add).
#
# usage: bench/bench_census.sh [BUILD_DIR]   (default build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_need_time
bench_gbr_and_dir "${1:-}"
replay=$(dirname "$gbr")/bench/gbr_bench_replay
[ -x "$replay" ] || { echo "no $replay: build first" >&2; exit 2; }
runs=${RUNS:-5}
sample=$root/corpus/games/lichess_sample.pgn
bench_cpu_line

if [ -n "${CALLGRIND:-}" ]; then
    # Two copies of the sample less one, so that start-up, reading the
    # tally's output and its writing cancel out: a pass over the games.
    command -v valgrind >/dev/null || { echo "bench_census: valgrind is not installed" >&2; exit 2; }
    cat "$sample" "$sample" >"$dir/census_twice.pgn"
    for n in 1 2; do
        if [ $n = 1 ]; then input=$sample; else input=$dir/census_twice.pgn; fi
        valgrind -q --tool=callgrind --callgrind-out-file="$dir/callgrind.census.$n" \
            "$gbr" census --json -j 1 "$input" >/dev/null
        valgrind -q --tool=callgrind --callgrind-out-file="$dir/callgrind.census_replay.$n" \
            "$replay" "$sample" $n >/dev/null
    done
    c=$(($(sed -n 's/^summary: *//p' "$dir/callgrind.census.2") - $(sed -n 's/^summary: *//p' "$dir/callgrind.census.1")))
    r=$(($(sed -n 's/^summary: *//p' "$dir/callgrind.census_replay.2") -
        $(sed -n 's/^summary: *//p' "$dir/callgrind.census_replay.1")))
    echo "a pass over the sample (438 games): census $c instructions, replay $r; replay / census:" \
        "$(echo "$r $c" | awk '{printf "%.3f", $1 / $2}')"
    # The threads' own cost: -j2 against -j1 over 20 MB of varied games.
    varied=$dir/census_varied_20.pgn
    [ -s "$varied" ] || python3 "$root/bench/bench_varied.py" "$varied" 20 "$sample" \
        "$root/src/cli/examples/studies.pgn" /usr/share/pgn-extract/eco.pgn
    for j in 1 2; do
        bench_reported valgrind -q --tool=callgrind --callgrind-out-file="$dir/callgrind.census_j$j" \
            "$gbr" census --json -j $j "$varied" >/dev/null 2>&1
    done
    c1=$(sed -n 's/^summary: *//p' "$dir/callgrind.census_j1")
    c2=$(sed -n 's/^summary: *//p' "$dir/callgrind.census_j2")
    echo "20 MB of varied games: census -j 1 $c1 instructions, -j 2 $c2 (all threads); -j2 / -j1:" \
        "$(echo "$c2 $c1" | awk '{printf "%.3f", $1 / $2}')"
    exit 0
fi

file=$dir/census_lichess.pgn
copies=${COPIES:-200}
: >"$file"
i=0
while [ $i -lt "$copies" ]; do cat "$sample" >>"$file"; i=$((i + 1)); done
rm -f "$dir"/t_census_*
i=0
while [ $i -lt "$runs" ]; do
    bench_time "$dir" census_replay "$replay" "$file" 1 >"$dir/census_replay.out"
    bench_time "$dir" census_phase "$gbr" census --json -j 1 "$file" >/dev/null
    bench_time "$dir" census_every "$gbr" census --json -j 1 --ending every --fold "$file" >/dev/null
    bench_time "$dir" census_filtered "$gbr" census --json -j 1 --min-elo 1800 --time-control blitz "$file" >/dev/null
    i=$((i + 1))
done
games=$(cut -d' ' -f1 "$dir/census_replay.out")
"$gbr" census --json -j 1 --min-elo 1800 --time-control blitz "$file" >"$dir/census_filtered.json"
counted=$(sed -n 's/.*"counted": \([0-9]*\).*/\1/p' "$dir/census_filtered.json")
replay_cpu=$(bench_median <"$dir/t_census_replay.cpu")
replay_rate=$(echo "$games $replay_cpu" | awk '{printf "%.0f", $1 / $2}')
echo "lichess sample x $copies: $games games, $(wc -c <"$file") bytes; medians of $runs runs"
echo "  replay (gbr_bench_replay, 1 pass): $replay_cpu s CPU, $replay_rate games/s"
for name in phase every filtered; do
    cpu=$(bench_median <"$dir/t_census_$name.cpu")
    rss=$(bench_median <"$dir/t_census_$name.rss")
    rate=$(echo "$games $cpu" | awk '{printf "%.0f", $1 / $2}')
    echo "  census $name: $cpu s CPU, $rate games/s, peak $rss KiB;" \
        "census / replay: $(echo "$rate $replay_rate" | awk '{printf "%.2f", $1 / $2}')"
done
echo "  (filtered: --min-elo 1800 --time-control blitz counts $counted of the $games games)"

# On every core, and compressed: varied games (bench_varied.py).
command -v zstd >/dev/null || { echo "needs zstd (Debian package zstd)" >&2; exit 2; }
size_mb=${SIZE_MB:-200}
gb_pipe=${GB_PIPE:-10}
input=$dir/census_varied_$size_mb.pgn # its own, not bench_input.sh's (60 MB)
if [ ! -s "$input" ]; then
    python3 "$root/bench/bench_varied.py" "$input" "$size_mb" "$sample" "$root/src/cli/examples/studies.pgn" \
        /usr/share/pgn-extract/eco.pgn
fi
[ -s "$input.zst" ] && [ "$input.zst" -nt "$input" ] || zstd -q -f -3 "$input" -o "$input.zst"
# The varied games hold a few that cannot be replayed (reported: status 1).
bench_reported "$gbr" census --json -j 1 "$input" >"$dir/census_varied.json" 2>/dev/null
varied_games=$(sed -n 's/.*"games": \([0-9]*\).*/\1/p' "$dir/census_varied.json" | head -n 1)
echo "varied games: $varied_games games, $(wc -c <"$input") bytes, zstd -3 $(wc -c <"$input.zst") bytes"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
rm -f "$dir"/t_cj_*
i=0
while [ $i -lt "$runs" ]; do
    bench_reported bench_time "$dir" cj_j1 "$gbr" census --json -j 1 "$input" >/dev/null 2>&1
    bench_reported bench_time "$dir" cj_j2 "$gbr" census --json -j 2 "$input" >/dev/null 2>&1
    bench_reported bench_time "$dir" cj_pair sh -c \
        '"$1" census --json -j 1 "$2" >/dev/null 2>&1 & "$1" census --json -j 1 "$2" >/dev/null 2>&1; wait' \
        sh "$gbr" "$input" >/dev/null 2>&1
    bench_reported bench_time "$dir" cj_zst "$gbr" census --json -j 1 "$input.zst" >/dev/null 2>&1
    i=$((i + 1))
done
wall() { bench_median <"$dir/t_cj_$1.wall"; }
cpu() { bench_median <"$dir/t_cj_$1.cpu"; }
j1=$(wall j1)
j2=$(wall j2)
zst=$(wall zst)
rate() { echo "$varied_games $1" | awk '{printf "%.0f", $1 / $2}'; }
echo "  census -j 1: $j1 s wall ($(cpu j1) s CPU), $(rate "$j1") games/s"
echo "  census -j 2: $j2 s wall ($(cpu j2) s CPU), $(rate "$j2") games/s;" \
    "-j1 / -j2 $(echo "$j1 $j2" | awk '{printf "%.2f", $1 / $2}') (target >= 1.8)"
pair=$(wall pair)
ceiling=$(echo "$j1 $pair" | awk '{printf "%.2f", 2 * $1 / $2}')
echo "  two census -j 1 at once: $pair s wall; 2 x -j1 / that: $ceiling (two cores' ceiling);" \
    "-j2 reaches $(echo "$j1 $j2 $ceiling" | awk '{printf "%.2f", $1 / $2 / $3}') of it"
echo "  census -j 1 of the .zst: $zst s wall ($(cpu zst) s CPU);" \
    "zstd / plain $(echo "$zst $j1" | awk '{printf "%.3f", $1 / $2}') (target <= 1.10)"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# The memory bound: GB_PIPE GB made on the fly through zstd and a pipe.
if [ "$gb_pipe" -gt 0 ]; then
    bytes=$(wc -c <"$input")
    copies=$((gb_pipe * 1000000000 / bytes + 1))
    repeat() { k=0; while [ "$k" -lt "$copies" ]; do cat "$input"; k=$((k + 1)); done; }
    repeat | zstd -q -1 -c | bench_reported bench_time "$dir" cj_pipe "$gbr" census --json -j 2 - \
        >"$dir/census_pipe.json" 2>/dev/null
    piped=$(sed -n 's/.*"games": \([0-9]*\).*/\1/p' "$dir/census_pipe.json" | head -n 1)
    echo "  $copies copies ($((copies * bytes / 1000000)) MB, $piped games) through zstd -1 and a pipe," \
        "census -j 2: peak RSS $(tail -n 1 "$dir/t_cj_pipe.rss") KiB, $(tail -n 1 "$dir/t_cj_pipe.wall") s wall"
fi
