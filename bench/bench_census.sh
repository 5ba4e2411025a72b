#!/bin/sh
# The endgame census (gbr census) on one core, beside the replay it is built
# on: the Lichess games of corpus/games/lichess_sample.pgn (438 games, 65
# plies each, a clock comment after every move) copied COPIES times (default
# 40) into one file, and for each of RUNS runs (default 5):
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
# least 0.8). With CALLGRIND=1, instead: callgrind's instruction counts of
# a census and a replay pass over the sample, and their ratio.
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
            "$gbr" census --json "$input" >/dev/null
        valgrind -q --tool=callgrind --callgrind-out-file="$dir/callgrind.census_replay.$n" \
            "$replay" "$sample" $n >/dev/null
    done
    c=$(($(sed -n 's/^summary: *//p' "$dir/callgrind.census.2") - $(sed -n 's/^summary: *//p' "$dir/callgrind.census.1")))
    r=$(($(sed -n 's/^summary: *//p' "$dir/callgrind.census_replay.2") -
        $(sed -n 's/^summary: *//p' "$dir/callgrind.census_replay.1")))
    echo "a pass over the sample (438 games): census $c instructions, replay $r; replay / census:" \
        "$(echo "$r $c" | awk '{printf "%.3f", $1 / $2}')"
    exit 0
fi

file=$dir/census_lichess.pgn
copies=${COPIES:-40}
: >"$file"
i=0
while [ $i -lt "$copies" ]; do cat "$sample" >>"$file"; i=$((i + 1)); done
rm -f "$dir"/t_census_*
i=0
while [ $i -lt "$runs" ]; do
    bench_time "$dir" census_replay "$replay" "$file" 1 >"$dir/census_replay.out"
    bench_time "$dir" census_phase "$gbr" census --json "$file" >/dev/null
    bench_time "$dir" census_every "$gbr" census --json --ending every --fold "$file" >/dev/null
    bench_time "$dir" census_filtered "$gbr" census --json --min-elo 1800 --time-control blitz "$file" >/dev/null
    i=$((i + 1))
done
games=$(cut -d' ' -f1 "$dir/census_replay.out")
"$gbr" census --json --min-elo 1800 --time-control blitz "$file" >"$dir/census_filtered.json"
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
