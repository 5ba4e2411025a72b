#!/bin/sh
# Benchmark of gbr lookup ("is my study already known?"), measured in one run
# on a generated database of GAMES studies (default 100,000;
# src/cli/tests/gen/gen_pgn.py --studies --seed 1):
#  - gbr lookup -p FEN of one of its games (symmetry none), the answer checked:
#    the game's composer must be named, else the script fails;
#  - the same against a copy of the database holding only that game's mirror
#    image, with --symmetry mirror (and all), the composer checked again;
#  - gbr duplicates --symmetry mirror on the database: what a composer ran
#    before gbr lookup (their file and the database, read as groups).
# These compare start positions alone (--start-only): the generated games'
# moves are invented. Then positions reached, on the same studies with
# solutions of random legal moves (bench/bench_solutions.c, 30 plies and a
# variation of two replacing the third move; gbr_bench_solutions must be
# built in BUILD_DIR/bench):
#  - gbr lookup -p FEN of the position after ply 6 of a game three quarters
#    of the way in, checked: that game is listed with "after" its move;
#  - the same with --start-only (what the replay costs);
#  - gbr lookup --new of 1,000 of its studies, and of all of them (the whole
#    collection against itself: the new side held in memory, and spilled to
#    disk under --memory 64M, the answers compared byte for byte);
#  - gbr duplicates --reached on them, beside gbr duplicates.
# Each command is timed by /usr/bin/time (wall and CPU time, peak memory);
# figures are medians of RUNS runs (default 5), the commands alternating in
# each run. Files stay under $BENCH_DIR (default /tmp/gbr-bench). No
# pass/fail on speed: it prints figures and ratios (the target, "well under
# a second" for 100,000 studies, is read from them).
#
# usage: bench/bench_lookup.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_gbr_and_dir "${1:-}"
runs=${RUNS:-5}
games=${GAMES:-100000}
bench_need_time

bench_cpu_line
db=$dir/lookup_$games.pgn
mirrored=$dir/lookup_${games}_mirrored.pgn
[ -s "$db" ] || python3 "$root/src/cli/tests/gen/gen_pgn.py" --studies --games "$games" --seed 1 --out "$db"
# The game asked about: one three quarters of the way in whose position is
# not its own mirror image, with an ASCII composer; and the database with
# only that game's position mirrored.
PYTHONPATH="$root/testsupport" python3 - "$db" "$mirrored" "$dir/lookup_asked" <<'PY'
import re, sys
from gbrtest.fen import mirror
db, mirrored, asked = sys.argv[1:]
data = open(db, "rb").read().decode("latin-1")
games = re.findall(r'\[White "([^"]*)"\][^\[]*(?:\[[^\]]*\]\s*)*?\[FEN "([^"]*)"\]', data)
fens = {}
for composer, fen in games:
    fens[fen] = fens.get(fen, 0) + 1
for composer, fen in games[len(games) * 3 // 4:]:
    if composer.isascii() and composer != "?" and fens[fen] == 1 and mirror(fen) != fen and mirror(fen) not in fens:
        break
open(asked, "w").write("%s\n%s\n" % (fen, composer))
open(mirrored, "wb").write(data.replace('[FEN "%s"]' % fen, '[FEN "%s"]' % mirror(fen)).encode("latin-1"))
PY
fen=$(sed -n 1p "$dir/lookup_asked")
composer=$(sed -n 2p "$dir/lookup_asked")
echo "database: $games studies, $(wc -c <"$db") bytes; asked: $fen ($composer)"
cat "$db" "$mirrored" >/dev/null   # into the page cache

# Each answer must name the composer; exit status 0 (found).
check() {
    grep -F -q -- "$composer" "$dir/lookup_out.txt" || { echo "bench: $1: $composer not named" >&2; exit 1; }
}
rm -f "$dir"/t_lk_*.*
for i in $(seq "$runs"); do
    bench_time "$dir" lk_none "$gbr" lookup --start-only -p "$fen" "$db" >"$dir/lookup_out.txt"
    check "symmetry none"
    bench_time "$dir" lk_mirror "$gbr" lookup --start-only --symmetry mirror -p "$fen" "$mirrored" >"$dir/lookup_out.txt"
    check "mirror image, --symmetry mirror"
    grep -q ') mirror$' "$dir/lookup_out.txt" || { echo "bench: the mirror image is not told as mirror" >&2; exit 1; }
    bench_time "$dir" lk_all "$gbr" lookup --start-only --symmetry all -p "$fen" "$mirrored" >"$dir/lookup_out.txt"
    check "mirror image, --symmetry all"
    bench_time "$dir" lk_dup "$gbr" duplicates --symmetry mirror "$db" >/dev/null
done
med() { bench_median <"$dir/t_$1.$2"; }
row() { printf '%-44s %8s s wall %8s s cpu %8s KiB\n' "$1" "$(med "$2" wall)" "$(med "$2" cpu)" "$(med "$2" rss)"; }
row "lookup -p FEN (symmetry none)" lk_none
row "lookup -p FEN, mirror image, --symmetry mirror" lk_mirror
row "lookup -p FEN, mirror image, --symmetry all" lk_all
row "duplicates --symmetry mirror (the old way)" lk_dup
awk -v a="$(med lk_mirror wall)" -v b="$(med lk_dup wall)" -v n="$games" 'BEGIN {
    printf "lookup (mirror): %.0f studies/s; duplicates takes %.1fx as long\n", (a > 0 ? n / a : 0), (a > 0 ? b / a : 0) }'

# ---- Positions reached: the studies with solutions of legal moves ----
solver=$(dirname "$gbr")/bench/gbr_bench_solutions
[ -x "$solver" ] || { echo "bench: build gbr_bench_solutions first ($solver)" >&2; exit 2; }
solved=$dir/lookup_${games}_solved.pgn
ask_game=$((games * 3 / 4))
if [ ! -s "$solved" ] || [ ! -s "$dir/lookup_solved_asked" ]; then
    study_lines "$db" >"$dir/lookup_lines.tsv"
    "$solver" 30 1 "$ask_game" 6 "$dir/lookup_solved_asked" <"$dir/lookup_lines.tsv" >"$solved.tmp" 2>"$dir/lookup_solved.count"
    mv "$solved.tmp" "$solved"
fi
asked=$(cut -f1 "$dir/lookup_solved_asked")
asked_composer=$(cut -f2 "$dir/lookup_solved_asked")
awk 'BEGIN { RS = ""; n = 0 } /^\[Event / { n++ } n <= 1000 && /^\[Event / { print; print "" }' "$solved" >"$dir/lookup_new_1000.pgn"
positions=$("$(dirname "$gbr")/bench/gbr_bench_replay" "$solved" 1 | awk '{print $2}')
echo "solved: $(cat "$dir/lookup_solved.count"), $positions positions, $(wc -c <"$solved") bytes; asked after ply 6: $asked ($asked_composer)"
cat "$solved" >/dev/null
rm -f "$dir"/t_lr_*.*
for i in $(seq "$runs"); do
    bench_time "$dir" lr_one "$gbr" lookup -p "$asked" "$solved" >"$dir/lookup_out.txt"
    grep -F -q -- "(game $ask_game) after " "$dir/lookup_out.txt" ||
        { echo "bench: the position after ply 6 of game $ask_game is not found" >&2; exit 1; }
    bench_time "$dir" lr_start "$gbr" lookup --start-only -p "$asked" "$solved" >/dev/null || true
    bench_time "$dir" lr_1000 "$gbr" lookup --new "$dir/lookup_new_1000.pgn" "$solved" >/dev/null
    if [ "$i" -eq 1 ]; then
        bench_time "$dir" lr_all "$gbr" lookup --new "$solved" "$solved" >"$dir/lookup_all.txt"
        bench_time "$dir" lr_all_small "$gbr" lookup --memory 64M --new "$solved" "$solved" >"$dir/lookup_all_small.txt"
        cmp -s "$dir/lookup_all.txt" "$dir/lookup_all_small.txt" ||
            { echo "bench: --memory 64M answers the collection against itself otherwise" >&2; exit 1; }
    fi
    bench_time "$dir" lr_dup "$gbr" duplicates --reached "$solved" >/dev/null
    bench_time "$dir" lr_dup_start "$gbr" duplicates "$solved" >/dev/null
done
row "lookup -p FEN after ply 6, positions reached" lr_one
row "the same, --start-only" lr_start
row "lookup --new 1,000 studies, positions reached" lr_1000
row "lookup --new all (once), positions reached" lr_all
row "the same, --memory 64M (spilled, once)" lr_all_small
row "duplicates --reached" lr_dup
row "duplicates (start positions only)" lr_dup_start
awk -v a="$(med lr_one cpu)" -v b="$(med lr_start cpu)" -v n="$positions" 'BEGIN {
    printf "positions reached: %.0f positions/s; %.1fx the CPU of --start-only\n", (a > 0 ? n / a : 0), (b > 0 ? a / b : 0) }'
