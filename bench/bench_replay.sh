#!/bin/sh
# The replay of PGN games (src/replay): every game read, its movetext
# walked, every move of the main line and the variations read, checked legal
# and played, each position handed to a visitor, on one core, by
# gbr_bench_replay (bench/bench_replay.c; the file held in memory and read
# PASSES times, CPU time of the process). Beside it, pgn-extract -z on the
# same file with the material description file written below,
# $dir/replay_z.txt ("KQQQ K": no game matches, so pgn-extract replays every
# move of every game and writes nothing), which also replays every move.
# Three files, each made of COPIES copies of its source:
#   - the Lichess games of corpus/games/lichess_sample.pgn (438 games, 65
#     plies each, a clock comment after every move), 40 copies, gbr's 20
#     passes over them; its games a second are also given as a share of the
#     goal of 150,000 Lichess games a second on one core;
#   - Debian's eco.pgn (2,014 games, about 10 plies each), 50 copies (ECO_REPEAT),
#     gbr's 20 passes;
#   - LARGE_FILE (default the largest file of other projects' test games at
#     hand, pychess's testing/gamefiles/world_matches.pgn, 580 games with
#     variations, 909,946 bytes), 20 copies (LARGE_REPEAT), gbr's 10 passes.
# Figures: the median of RUNS runs (default 5) of the CPU seconds (user +
# system, /usr/bin/time) of each program, games a second, and the ratio.
#
# With CALLGRIND=1, instead: the instructions callgrind counts for one pass
# of gbr_bench_replay over the Lichess sample and over eco.pgn (a run of two
# passes less a run of one, so that start-up and the file's reading cancel
# out), a game and a move, and the functions that take the most of them
# (with callgrind_annotate).
#
# With CALLGRIND_BEFORE=BUILD_DIR (a build of the commit before the replay
# existed), the instructions of `gbr select --count` on eco.pgn are counted
# by callgrind for that build's gbr and this one's, each copied to the same
# path first: the commands that need no moves do not call the replay, so the
# two counts must be close (the script prints both and their ratio).
#
# usage: bench/bench_replay.sh [BUILD_DIR]   (default build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
replay=$build/bench/gbr_bench_replay
[ -x "$replay" ] || { echo "no $replay: build first" >&2; exit 2; }
. "$root/bench/bench_common.sh"
bench_need_time
dir=${BENCH_DIR:-/tmp/gbr-bench}
mkdir -p "$dir"
runs=${RUNS:-5}
extract=/usr/games/pgn-extract
eco=/usr/share/pgn-extract/eco.pgn
lichess=$root/corpus/games/lichess_sample.pgn
large=${LARGE_FILE:-/tmp/outside/pychess+pychess__testing_gamefiles_world_matches.pgn}
bench_cpu_line

if [ -n "${CALLGRIND_BEFORE:-}" ]; then
    bench_select_count_before_after bench_replay "$CALLGRIND_BEFORE" "$build" "$dir"
    exit 0
fi

if [ -n "${CALLGRIND:-}" ]; then
    command -v valgrind >/dev/null || { echo "bench_replay: valgrind is not installed" >&2; exit 2; }
    for name in lichess eco; do
        if [ $name = lichess ]; then file=$lichess; else file=$eco; fi
        for passes in 1 2; do
            valgrind -q --tool=callgrind --callgrind-out-file="$dir/callgrind.replay.$name.$passes" \
                "$replay" "$file" $passes >"$dir/replay_callgrind.out"
        done
        one=$(sed -n 's/^summary: *//p' "$dir/callgrind.replay.$name.1")
        two=$(sed -n 's/^summary: *//p' "$dir/callgrind.replay.$name.2")
        games=$(($(cut -d' ' -f1 "$dir/replay_callgrind.out") / 2))
        positions=$(($(cut -d' ' -f2 "$dir/replay_callgrind.out") / 2))
        moves=$((positions - games)) # every game's start is a position, not a move
        echo "$name: $games games, $moves moves: $((two - one)) instructions a pass," \
            "$(((two - one) / games)) a game, $(((two - one) / moves)) a move"
        callgrind_annotate "$dir/callgrind.replay.$name.1" 2>/dev/null |
            sed -n '/file:function/,$p' | sed -n '3,12p' | sed 's/ \[.*//; s/^/    /'
    done
    exit 0
fi

[ -x "$extract" ] || { echo "no $extract" >&2; exit 2; }
printf 'KQQQ K\n' >"$dir/replay_z.txt"
one() { # NAME SOURCE COPIES PASSES
    file=$dir/replay_$1.pgn
    i=0
    : >"$file"
    while [ $i -lt "$3" ]; do cat "$2" >>"$file"; i=$((i + 1)); done
    rm -f "$dir"/t_replay_gbr.* "$dir"/t_replay_px.*
    i=0
    while [ $i -lt "$runs" ]; do
        bench_time "$dir" replay_gbr "$replay" "$file" "$4" >"$dir/replay_gbr.out"
        bench_time "$dir" replay_px "$extract" -s -z "$dir/replay_z.txt" "$file" -o /dev/null 2>/dev/null || true
        i=$((i + 1))
    done
    games=$(($(cut -d' ' -f1 "$dir/replay_gbr.out") / $4))
    positions=$(($(cut -d' ' -f2 "$dir/replay_gbr.out") / $4))
    refused=$(($(cut -d' ' -f3 "$dir/replay_gbr.out") / $4))
    gbr_cpu=$(bench_median <"$dir/t_replay_gbr.cpu")
    px_cpu=$(bench_median <"$dir/t_replay_px.cpu")
    gbr_rate=$(echo "$games $4 $gbr_cpu" | awk '{printf "%.0f", $1 * $2 / $3}')
    px_rate=$(echo "$games $px_cpu" | awk '{printf "%.0f", $1 / $2}')
    echo "$1: $games games, $positions positions ($refused games stopped at a move), $(wc -c <"$file") bytes"
    echo "  gbr replay:        median $gbr_cpu s CPU for $4 passes, $gbr_rate games/s"
    echo "  pgn-extract -z:    median $px_cpu s CPU, $px_rate games/s"
    echo "  ratio: $(echo "$gbr_rate $px_rate" | awk '{printf "%.1f", $1 / $2}')x (runs: $runs)"
    if [ "$1" = lichess ]; then
        echo "  goal 150,000 games/s: $(echo "$gbr_rate" | awk '{printf "%.2f", $1 / 150000}') of it"
    fi
}
one lichess "$lichess" "${LICHESS_REPEAT:-40}" 20
one eco "$eco" "${ECO_REPEAT:-50}" 20
if [ -f "$large" ]; then one large "$large" "${LARGE_REPEAT:-20}" 10; else echo "no $large: the large file left out"; fi
