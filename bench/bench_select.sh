#!/bin/sh
# Benchmark of gbr select, measured in one run on one generated study PGN
# (src/cli/tests/gen/gen_select.py: legal studies with FEN tags, comments and variations,
# a block of GAMES games repeated 8 times):
#  - gbr select with a pgn-extract description (-y FILE) and with a material
#    code pattern, against gbr scan's rate on the same file (target: select at
#    >= 1/2 of scan's rate);
#  - pgn-extract -y with the same description (the games selected must be the
#    same: the script compares their [Event] tags and fails otherwise);
#  - gbr audit on the same file, which reads every game with the same PGN
#    reader and parses its FEN, with no code tag to check: what select does
#    less the matching;
#  - src/cli/tests/select/select_ref.py, the standard-library Python reading of the same
#    queries, on one block (its rate is scaled, not its time).
# Each command is timed by /usr/bin/time; figures are medians of RUNS runs
# (default 3) of CPU time (user + system), the commands alternating in each
# run, as in bench/bench_directory.sh. Files stay under $BENCH_DIR
# (default /tmp/gbr-bench). No pass/fail on speed: it prints figures and ratios.
#
# usage: bench/bench_select.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_gbr_and_dir "${1:-}"
runs=${RUNS:-3}
games=${GAMES:-50000}
scan_repeat=${SCAN_REPEAT:-20}
pgn_extract=/usr/games/pgn-extract
bench_need_time

time_cmd() { bench_time "$dir" "$@"; }
cpu() { bench_median <"$dir/t_$1.cpu"; }

bench_cpu_line
block=$dir/select_block_$games.pgn
file=$dir/select_$games.pgn
if [ ! -s "$file" ]; then
    python3 "$root/src/cli/tests/gen/gen_select.py" --games "$games" --seed 1 --comments --out "$block"
    : >"$file"
    for i in 1 2 3 4 5 6 7 8; do cat "$block" >>"$file"; done
fi
description='r+p* r*p*'
pattern='0?00.*'
printf '%s\n' "$description" >"$dir/select_desc.txt"
bytes=$(wc -c <"$file")
block_bytes=$(wc -c <"$block")
cat "$file" >/dev/null   # into the page cache
rm -f "$dir"/t_sel_*.*
have_px=0
[ -x "$pgn_extract" ] && have_px=1
for i in $(seq "$runs"); do
    # scan is ~20x faster than select here: timed over SCAN_REPEAT runs in one
    # command, so that /usr/bin/time's 10 ms resolution does not dominate.
    time_cmd sel_scan sh -c 'for i in $(seq "$1"); do "$2" scan "$3" >/dev/null; done' sh "$scan_repeat" "$gbr" "$file"
    time_cmd sel_desc "$gbr" select -y "$dir/select_desc.txt" "$file" >"$dir/select_gbr.pgn"
    time_cmd sel_code "$gbr" select "$pattern" "$file" >/dev/null
    # Reading and FEN parsing alone: gbr audit reads every game with the same
    # reader and parses its FEN; with no code tags in the file, nothing more.
    time_cmd sel_reader "$gbr" audit "$file" >/dev/null
    if [ $have_px = 1 ]; then
        time_cmd sel_px "$pgn_extract" -s -y "$dir/select_desc.txt" "$file" -o "$dir/select_px.pgn"
    fi
done
time_cmd sel_py python3 "$root/src/cli/tests/select/select_ref.py" "$description" -- "$block" >"$dir/select_py.pgn"

events() { grep -a '^\[Event ' "$1" | sort; }
selected=$(grep -ac '^\[Event ' "$dir/select_gbr.pgn")
all=$(grep -ac '^\[Event ' "$file")
echo "file: $bytes bytes, $all games; description '$description' selects $selected games"
if [ $have_px = 1 ]; then
    events "$dir/select_px.pgn" >"$dir/select_px.events"
    events "$dir/select_gbr.pgn" | cmp -s - "$dir/select_px.events" || {
        echo "pgn-extract -y selects other games than gbr select" >&2; exit 1; }
    echo "pgn-extract -y selects the same $selected games"
fi
"$gbr" select -y "$dir/select_desc.txt" "$block" >"$dir/select_block_gbr.pgn"
cmp -s "$dir/select_block_gbr.pgn" "$dir/select_py.pgn" || {
    echo "src/cli/tests/select/select_ref.py selects other bytes than gbr select on the block" >&2; exit 1; }
echo "src/cli/tests/select/select_ref.py writes the same bytes as gbr select on the block"
echo "$bytes $block_bytes $(cpu sel_scan | awk -v r="$scan_repeat" '{print $1 / r}') $(cpu sel_desc) $(cpu sel_code) $(cpu sel_py) \
$( [ $have_px = 1 ] && cpu sel_px || echo 0) $(cpu sel_reader)" | awk '{
    mb = $1 / 1e6
    printf "gbr scan:                       %8.1f MB/s (median %.4f s CPU a run)\n", mb / $3, $3
    printf "gbr select -y description:      %8.1f MB/s (median %.3f s CPU): %.2f of scan rate\n", mb / $4, $4, $3 / $4
    printf "gbr select code pattern:        %8.1f MB/s (median %.3f s CPU): %.2f of scan rate\n", mb / $5, $5, $3 / $5
    printf "reader + FEN (gbr audit):       %8.1f MB/s (median %.3f s CPU): select takes %.2f of its time more\n", mb / $8, $8, ($5 - $8) / $8
    if ($7 > 0)
        printf "pgn-extract -y description:     %8.1f MB/s (median %.3f s CPU): gbr select %.1fx faster\n", mb / $7, $7, $7 / $4
    printf "src/cli/tests/select/select_ref.py (one block):   %8.1f MB/s (%.3f s CPU): gbr select %.1fx faster\n",
           $2 / 1e6 / $6, $6, ($6 / $2) / ($4 / $1) }'
