#!/bin/sh
# Benchmark of gbr lookup's positions reached at the scale of a real study
# database, measured in one run:
#  - the database: STUDIES (default 100,000) studies cut from real games, each
#    starting at a position of corpus/games/lichess_sample.pgn from its ply 30
#    on (bench/bench_cut.c: composer, source naming the game and ply, date), with
#    a solution of 20 to 60 random legal plies and a variation of two
#    (bench/bench_solutions.c); seeds fixed, so the same file every time;
#  - gbr lookup -p FEN of the position after ply 6 of the study three quarters
#    of the way in, checked: that study is listed with "after" its move;
#  - new collections of 1,000 and 10,000 studies cut the same way (another
#    seed) against the database, at the default --memory (held in memory) and
#    at --memory SMALL (default 4M: spilled to disk and joined), the answers
#    compared byte for byte;
#  - a new collection of 100,000 studies whose positions no database study has
#    (src/cli/tests/gen/gen_pgn.py --studies with the same random solutions):
#    its positions are most of the memory, so the peak memory shows --memory.
# Each command is timed by /usr/bin/time (wall and CPU time, peak memory);
# figures are medians of RUNS runs (default 5; the 100,000 once), the commands
# alternating in each run. Files stay under $BENCH_DIR (default
# /tmp/gbr-bench). No pass/fail on speed: it prints figures and ratios (the
# targets, the look-up of one study under a second and time proportional to
# the new collection and the database, are read from them).
#
# usage: bench/bench_lookup_reached.sh [BUILD_DIR]   (default build; needs
# BUILD_DIR/gbr and BUILD_DIR/bench/gbr_bench_{cut,solutions,replay})
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_gbr_and_dir "${1:-}"
runs=${RUNS:-5}
games=${STUDIES:-100000}
small=${SMALL:-4M}
out=$dir/lookup_reached
mkdir -p "$out"
. "$root/bench/bench_studies_common.sh"
bench_need_time
tools=$(dirname "$gbr")/bench
for tool in gbr_bench_cut gbr_bench_solutions gbr_bench_replay; do
    [ -x "$tools/$tool" ] || { echo "bench: build $tools/$tool first" >&2; exit 2; }
done
lichess=$root/corpus/games/lichess_sample.pgn

bench_cpu_line
db=$dir/reached_db_$games.pgn
ask_game=$((games * 3 / 4))
if [ ! -s "$db" ] || [ ! -s "$out/asked" ]; then
    "$tools/gbr_bench_cut" "$lichess" "$games" 1 30 2>/dev/null | "$tools/gbr_bench_solutions" 40 1 "$ask_game" 6 "$out/asked" >"$db.tmp"
    mv "$db.tmp" "$db"
fi
for n in 1000 10000; do
    [ -s "$dir/reached_new_$n.pgn" ] ||
        "$tools/gbr_bench_cut" "$lichess" "$n" 2 30 2>/dev/null | "$tools/gbr_bench_solutions" 40 2 >"$dir/reached_new_$n.pgn"
done
unseen=$dir/reached_unseen_$games.pgn
if [ ! -s "$unseen" ]; then
    python3 "$root/src/cli/tests/gen/gen_pgn.py" --studies --games "$games" --seed 3 --out "$out/unseen_starts.pgn"
    study_lines "$out/unseen_starts.pgn" >"$out/unseen_lines.tsv"
    "$tools/gbr_bench_solutions" 40 3 <"$out/unseen_lines.tsv" >"$unseen.tmp"
    mv "$unseen.tmp" "$unseen"
fi
positions() { "$tools/gbr_bench_replay" "$1" 1 | awk '{print $2}'; }
asked=$(cut -f1 "$out/asked")
echo "database: $(count_games "$db") studies, $(positions "$db") positions, $(wc -c <"$db") bytes"
echo "asked after ply 6 of game $ask_game: $asked"
for n in 1000 10000; do
    echo "new: $n studies, $(positions "$dir/reached_new_$n.pgn") positions"
done
echo "new, unseen: $(count_games "$unseen") studies, $(positions "$unseen") positions"
cat "$db" "$dir"/reached_new_*.pgn "$unseen" >/dev/null   # into the page cache

rm -f "$out"/t_*.*
for _ in $(seq "$runs"); do
    time_cmd one "$gbr" lookup -p "$asked" "$db" >"$out/one.txt"
    grep -F -q -- "(game $ask_game) after " "$out/one.txt" ||
        { echo "bench: the position after ply 6 of game $ask_game is not found" >&2; exit 1; }
    time_cmd one_start "$gbr" lookup --start-only -p "$asked" "$db" >/dev/null || true
    for n in 1000 10000; do
        time_cmd "new$n" "$gbr" lookup --new "$dir/reached_new_$n.pgn" "$db" >"$out/new$n.txt"
        time_cmd "new${n}_small" "$gbr" lookup --memory "$small" --new "$dir/reached_new_$n.pgn" "$db" >"$out/new${n}_small.txt"
        cmp -s "$out/new$n.txt" "$out/new${n}_small.txt" ||
            { echo "bench: --memory $small answers $n new studies otherwise" >&2; exit 1; }
    done
done
time_cmd unseen "$gbr" lookup --new "$unseen" "$db" >"$out/unseen.txt" || true
time_cmd unseen_small "$gbr" lookup --memory "$small" --new "$unseen" "$db" >"$out/unseen_small.txt" || true
cmp -s "$out/unseen.txt" "$out/unseen_small.txt" ||
    { echo "bench: --memory $small answers the unseen studies otherwise" >&2; exit 1; }

row() { printf '%-52s %8s s wall %8s s cpu %9s KiB\n' "$1" "$(med "$2" wall)" "$(med "$2" cpu)" "$(med "$2" rss)"; }
row "lookup -p FEN after ply 6" one
row "the same, --start-only" one_start
for n in 1000 10000; do
    row "lookup --new $n studies" "new$n"
    row "lookup --new $n studies, --memory $small" "new${n}_small"
done
row "lookup --new $(count_games "$unseen") unseen studies (once)" unseen
row "the same, --memory $small (once)" unseen_small
awk -v a="$(med new1000 cpu)" -v b="$(med new10000 cpu)" -v c="$(med one cpu)" \
    -v sa="$(med new1000_small cpu)" -v sb="$(med new10000_small cpu)" 'BEGIN {
    printf "CPU, 10,000 new over 1,000 new: %.2fx in memory, %.2fx at --memory; beyond one look-up: %.2f s and %.2f s\n",
        (a > 0 ? b / a : 0), (sa > 0 ? sb / sa : 0), a - c, b - c }'
