#!/bin/sh
# Perft with the rules of chess (src/chess): the start position to depth 6
# (119,060,324 nodes) and Kiwipete to depth 5 (193,690,690; depth 6, 8.03 G
# nodes, with DEPTH_KIWIPETE=6), by gbr_bench_perft (bench/bench_perft.c):
# the last ply counted rather than played, one core. Each count must be the
# published one (the script fails otherwise). Figures: the median of RUNS
# runs (default 3) of the CPU seconds and nodes per second.
# Then the replay of moves as text: GAMES (default 20,000) random games from
# the start position (a fixed seed, up to 160 plies) written as SAN, read back
# and played move by move (chess_move_read, chess_play), in moves and games a
# second of the replay alone.
# With CALLGRIND=1, the instructions of perft depth 4 of each position are
# counted by callgrind instead (repeatable on a noisy machine), and
# instructions per node printed.
#
# usage: bench/bench_perft.sh [BUILD]   (default build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
perft=$build/bench/gbr_bench_perft
[ -x "$perft" ] || { echo "no $perft: build first" >&2; exit 2; }
. "$root/bench/bench_common.sh"
runs=${RUNS:-3}
start='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
depth_kiwipete=${DEPTH_KIWIPETE:-5}
case $depth_kiwipete in 5) kiwipete_nodes=193690690 ;; 6) kiwipete_nodes=8031647685 ;;
    *) echo "DEPTH_KIWIPETE is 5 or 6" >&2; exit 2 ;; esac
bench_cpu_line

if [ "${CALLGRIND:-0}" = 1 ]; then
    command -v valgrind >/dev/null || { echo "bench_perft: valgrind is not installed" >&2; exit 2; }
    out=$(mktemp "${TMPDIR:-/tmp}/gbr-bench-perft.XXXXXX")
    trap 'rm -f "$out"' EXIT
    for name in start kiwipete; do
        eval "fen=\$$name"
        nodes=$(valgrind -q --tool=callgrind --callgrind-out-file="$out" "$perft" "$fen" 4 | cut -d' ' -f1)
        instructions=$(sed -n 's/^summary: *//p' "$out")
        echo "$name depth 4: $nodes nodes, $instructions instructions, $(echo "$instructions $nodes" | awk '{printf "%.1f", $1 / $2}') a node"
    done
    exit 0
fi

one() { # NAME FEN DEPTH EXPECTED
    rates=$(mktemp "${TMPDIR:-/tmp}/gbr-bench-perft.XXXXXX")
    seconds=$rates.s
    i=0
    while [ $i -lt "$runs" ]; do
        set -- "$1" "$2" "$3" "$4" $("$perft" "$2" "$3")
        [ "$5" = "$4" ] || { echo "bench_perft: $1 depth $3 gave $5 nodes, published $4" >&2; exit 1; }
        echo "$7" >>"$rates"
        echo "$6" >>"$seconds"
        i=$((i + 1))
    done
    echo "$1 depth $3: $4 nodes, median $(bench_median <"$seconds") s CPU, $(bench_median <"$rates" | awk '{printf "%.1f", $1 / 1e6}') M nodes/s (runs: $runs)"
    rm -f "$rates" "$seconds"
}
one start "$start" 6 119060324
one kiwipete "$kiwipete" "$depth_kiwipete" "$kiwipete_nodes"
games=${GAMES:-20000}
rates=$(mktemp "${TMPDIR:-/tmp}/gbr-bench-perft.XXXXXX")
i=0
while [ $i -lt "$runs" ]; do
    set -- $("$perft" --replay "$games")
    echo "$3 $4 $1" >>"$rates"
    i=$((i + 1))
done
sort -g "$rates" | awk -v runs="$runs" '{m[NR]=$1; g[NR]=$2; n=$3} END {k=int((NR+1)/2); printf "replay of %d random games (%d moves) as SAN: median %.1f M moves/s, %.0f games/s (runs: %d)\n", '"$games"', n, m[k]/1e6, g[k], runs}'
rm -f "$rates"
