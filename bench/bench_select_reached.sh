#!/bin/sh
# gbr select --reached (the positions a game's main line reaches, matched
# as pgn-extract's -y/-z match them) against the replay alone on the same
# file: gbr_bench_replay (bench/bench_replay.c: every game read, every move
# read, checked and played, each position handed to a visitor that does
# nothing) is the floor; select adds the material kept from move to move,
# the queries' runs and the games held until their end. The file:
# corpus/games/lichess_sample.pgn (438 Lichess games, CC0) repeated REPEAT
# times (default 50). The -z description file is written below,
# $dir/reached_z.txt: six endings (rook and pawns with unbalanced pawns, a
# rook and pawns against a rook, queens, bishop against knight, pawns, two
# rooks with a pawn more), each either colour.
# Figures: the median of RUNS runs (default 5) of the CPU seconds (user +
# system, /usr/bin/time) of the replay alone, select --reached -z writing
# the games (to /dev/null), select --reached --count -z, and pgn-extract -z
# with the same file, games a second and the ratios to the replay alone
# (the goal: select at most 1.3x); then callgrind's instruction counts of
# the replay alone and of select --reached -z on one copy of the sample,
# which repeat exactly.
#
# With CALLGRIND_BEFORE=BUILD_DIR (a build of the commit before --reached),
# the instructions of `gbr select --count` (no --reached) on Debian's
# eco.pgn are counted for that build's gbr and this one's, each copied to
# the same path first: select without --reached replays nothing, so the two
# counts must be close (the script prints both and their ratio).
#
# usage: bench/bench_select_reached.sh [BUILD_DIR]   (default build)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
. "$root/bench/bench_common.sh"
bench_need_time
bench_gbr_and_dir "$build"
replay=$build/bench/gbr_bench_replay
[ -x "$replay" ] || { echo "no $replay: build first" >&2; exit 2; }
runs=${RUNS:-5}
extract=/usr/games/pgn-extract
sample=$root/corpus/games/lichess_sample.pgn
bench_cpu_line

if [ -n "${CALLGRIND_BEFORE:-}" ]; then
    bench_select_count_before_after bench_select_reached "$CALLGRIND_BEFORE" "$build" "$dir"
    exit 0
fi

z=$dir/reached_z.txt
printf 'R+P+ R=P#\nrp* r\nq* q*\nb n\np+ p+\nr2p* r=p1>=\n' >"$z"
file=$dir/reached_lichess.pgn
i=0
: >"$file"
while [ $i -lt "${REPEAT:-50}" ]; do cat "$sample" >>"$file"; i=$((i + 1)); done
rm -f "$dir"/t_reached_*.*
i=0
while [ $i -lt "$runs" ]; do
    bench_time "$dir" reached_replay "$replay" "$file" >"$dir/reached_replay.out"
    bench_time "$dir" reached_select "$build/gbr" select --reached -z "$z" "$file" >/dev/null
    bench_time "$dir" reached_count "$build/gbr" select --reached --count -z "$z" "$file" >"$dir/reached_count.out"
    if [ -x "$extract" ]; then
        bench_time "$dir" reached_px "$extract" -s -z "$z" "$file" -o /dev/null 2>/dev/null || true
    fi
    i=$((i + 1))
done
games=$(cut -d' ' -f1 "$dir/reached_replay.out")
rate() { echo "$games $1" | awk '{printf "%.0f", $1 / $2}'; }
ratio() { echo "$1 $2" | awk '{printf "%.2f", $1 / $2}'; }
replay_cpu=$(bench_median <"$dir/t_reached_replay.cpu")
select_cpu=$(bench_median <"$dir/t_reached_select.cpu")
count_cpu=$(bench_median <"$dir/t_reached_count.cpu")
echo "$games games ($(wc -c <"$file") bytes), -z file $z, $runs runs; games selected per description:"
sed 's/^/  /' "$dir/reached_count.out"
echo "  replay alone:               median $replay_cpu s CPU, $(rate "$replay_cpu") games/s"
echo "  select --reached -z:        median $select_cpu s CPU, $(rate "$select_cpu") games/s," \
    "$(ratio "$select_cpu" "$replay_cpu")x the replay alone (goal: at most 1.3x)"
echo "  select --reached --count:   median $count_cpu s CPU, $(rate "$count_cpu") games/s," \
    "$(ratio "$count_cpu" "$replay_cpu")x the replay alone"
if [ -x "$extract" ]; then
    px_cpu=$(bench_median <"$dir/t_reached_px.cpu")
    echo "  pgn-extract -z:             median $px_cpu s CPU, $(rate "$px_cpu") games/s;" \
        "select --reached -z is $(ratio "$px_cpu" "$select_cpu")x faster"
fi
if command -v valgrind >/dev/null; then
    valgrind -q --tool=callgrind --callgrind-out-file="$dir/callgrind.replay" "$replay" "$sample" >/dev/null
    valgrind -q --tool=callgrind --callgrind-out-file="$dir/callgrind.reached" \
        "$build/gbr" select --reached -z "$z" "$sample" >/dev/null
    replay_ir=$(sed -n 's/^summary: *//p' "$dir/callgrind.replay")
    reached_ir=$(sed -n 's/^summary: *//p' "$dir/callgrind.reached")
    echo "  callgrind, one copy of the sample: replay alone $replay_ir instructions," \
        "select --reached -z $reached_ir, ratio $(ratio "$reached_ir" "$replay_ir")"
fi
