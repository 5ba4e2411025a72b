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
    bench_time "$dir" lk_none "$gbr" lookup -p "$fen" "$db" >"$dir/lookup_out.txt"
    check "symmetry none"
    bench_time "$dir" lk_mirror "$gbr" lookup --symmetry mirror -p "$fen" "$mirrored" >"$dir/lookup_out.txt"
    check "mirror image, --symmetry mirror"
    grep -q ') mirror$' "$dir/lookup_out.txt" || { echo "bench: the mirror image is not told as mirror" >&2; exit 1; }
    bench_time "$dir" lk_all "$gbr" lookup --symmetry all -p "$fen" "$mirrored" >"$dir/lookup_out.txt"
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
