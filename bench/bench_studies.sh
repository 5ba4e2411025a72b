#!/bin/sh
# The large realistic benchmark: one generated study collection of GAMES games
# (default 1,000,000; src/cli/tests/gen/gen_pgn.py --studies: legal studies with FEN,
# composer, source and year tags, codes in [Black "(+...)"] or [GBR] tags,
# 1 in 100 of them wrong, 1 FEN in 10,007 broken, 1 game in 500 repeating an
# earlier position, solutions with comments and variations, 2% of games
# without FEN), kept under $BENCH_DIR (default /tmp/gbr-bench) once made.
#
# Timed by /usr/bin/time in one run, CPU time (user + system) and wall time,
# medians of RUNS runs (default 3), the commands alternating in each run:
#  - gbr scan (SCAN_REPEAT runs in one command: it is fast), the yardstick;
#  - gbr directory --format tsv, with its peak resident memory, and with
#    --memory 16M when this gbr has that option (the two outputs must be equal);
#  - gbr select with a code pattern and with a pgn-extract description (-y);
#  - gbr duplicates;
#  - pgn-extract -y with the same description (the same games must be
#    selected: their number and their FENs are compared, or the script fails);
#  - pgn-extract -d FILE (its duplicate detection), against gbr duplicates: counts, and what
#    each finds that the other does not (src/cli/tests/duplicates/duplicates_compare.py).
# Once, on the first 1/PY_PART of the games (default 8; their rates are
# scaled, not their times): src/cli/tests/directory/directory_ref.py and src/cli/tests/select/select_ref.py, the
# standard-library Python readings, whose output must equal gbr's on the same
# part byte for byte (cmp), or the script fails. pgn-extract runs once, not
# RUNS times, when one run takes more than a minute (the script says so).
# No pass or fail on speed: it prints figures and ratios. bench/bench_ceiling.sh
# (the same file and helpers, bench/bench_studies_common.sh) sets the reader's
# commands against the ceilings of a PGN reader in a few minutes.
#
# usage: bench/bench_studies.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_gbr_and_dir "${1:-}"
runs=${RUNS:-3}
games=${GAMES:-1000000}
py_part=${PY_PART:-8}
scan_repeat=${SCAN_REPEAT:-5}
pgn_extract=/usr/games/pgn-extract
bench_need_time
out=$dir/studies_out
mkdir -p "$out"

# shellcheck source=bench/bench_studies_common.sh
. "$root/bench/bench_studies_common.sh"

bench_cpu_line
studies_file
bytes=$(wc -c <"$file")
# The first 1/PY_PART of the games, cut where a game starts, for the Python readings.
part=$dir/studies_${games}_part$py_part.pgn
if [ ! -s "$part" ]; then
    cut_line=$(sed '1s/^\xef\xbb\xbf//' "$file" | grep -a -n -m "$((games / py_part + 1))" '^\[Event ' |
        tail -n 1 | cut -d: -f1)
    head -n "$((cut_line - 1))" "$file" >"$part"
fi
part_bytes=$(wc -c <"$part")
part_games=$(count_games "$part")
description='r+p* r*p*'
pattern='0?00.*'
printf '%s\n' "$description" >"$out/desc.txt"
have_px=0
[ -x "$pgn_extract" ] && have_px=1
have_memory=0
"$gbr" directory --help 2>&1 | grep -q -- '--memory' && have_memory=1
cat "$file" >/dev/null   # into the page cache
rm -f "$out"/t_*

# gbr's commands (and pgn-extract's while a run stays under a minute), alternating.
px_runs=$runs
for i in $(seq "$runs"); do
    time_cmd scan sh -c 'for i in $(seq "$1"); do "$2" scan "$3" >/dev/null; done' sh "$scan_repeat" "$gbr" "$file"
    bench_reported time_cmd directory "$gbr" directory --format tsv "$file" >"$out/directory.tsv" 2>"$out/directory.err"
    if [ $have_memory = 1 ]; then
        bench_reported time_cmd directory_mem "$gbr" directory --memory 16M --format tsv "$file" >"$out/directory_mem.tsv" \
            2>/dev/null
    fi
    bench_reported time_cmd select_code "$gbr" select "$pattern" "$file" >"$out/select_code.pgn" 2>/dev/null
    bench_reported time_cmd select_desc "$gbr" select -y "$out/desc.txt" "$file" >"$out/select_desc.pgn" 2>/dev/null
    bench_reported time_cmd duplicates "$gbr" duplicates --format tsv "$file" >"$out/duplicates.tsv" 2>/dev/null
    if [ $have_px = 1 ] && [ "$i" -le "$px_runs" ]; then
        bench_reported time_cmd px_select "$pgn_extract" -s -y "$out/desc.txt" "$file" -o "$out/px_select.pgn" 2>/dev/null
        # -d writes the duplicates (with -D it would drop them instead, writing nothing there).
        bench_reported time_cmd px_dups "$pgn_extract" -s -d"$out/px_dups.pgn" "$file" -o /dev/null 2>/dev/null
        if [ "$i" = 1 ] && awk '{exit !($1 > 60)}' "$out/t_px_select.line"; then
            px_runs=1
        fi
    fi
done
[ $have_px = 1 ] && [ "$px_runs" = 1 ] && echo "pgn-extract: over a minute a run, timed once"

# The Python readings, once, on the part; gbr on the same part for cmp.
time_cmd py_directory python3 "$root/src/cli/tests/directory/directory_ref.py" "$part" >"$out/py_directory.tsv"
bench_reported "$gbr" directory --format tsv "$part" >"$out/part_directory.tsv" 2>/dev/null
bench_reported time_cmd py_select python3 "$root/src/cli/tests/select/select_ref.py" "$description" -- "$part" >"$out/py_select.pgn" 2>/dev/null
bench_reported "$gbr" select -y "$out/desc.txt" "$part" >"$out/part_select.pgn" 2>/dev/null

# The outputs must agree.
status=0
cmp -s "$out/py_directory.tsv" "$out/part_directory.tsv" \
    && echo "src/cli/tests/directory/directory_ref.py writes the same bytes as gbr directory --format tsv ($part_games games)" \
    || { echo "src/cli/tests/directory/directory_ref.py and gbr directory --format tsv DIFFER" >&2; status=1; }
cmp -s "$out/py_select.pgn" "$out/part_select.pgn" \
    && echo "src/cli/tests/select/select_ref.py writes the same bytes as gbr select -y ($part_games games)" \
    || { echo "src/cli/tests/select/select_ref.py and gbr select -y DIFFER" >&2; status=1; }
if [ $have_memory = 1 ]; then
    cmp -s "$out/directory.tsv" "$out/directory_mem.tsv" \
        && echo "gbr directory --memory 16M writes the same bytes as without it" \
        || { echo "gbr directory --memory 16M writes other bytes" >&2; status=1; }
fi
all=$(count_games "$file")
entries=$(($(wc -l <"$out/directory.tsv") - 1))
unclassified=$(awk -F '\t' 'NR > 1 && $11 != ""' "$out/directory.tsv" | wc -l)
flagged=$(awk -F '\t' 'NR > 1 && $12 != ""' "$out/directory.tsv" | wc -l)
classes=$(awk -F '\t' 'NR > 1 && $1 != ""' "$out/directory.tsv" | cut -f1 | uniq | wc -l)
echo "file: $bytes bytes, $all games; directory: $entries entries in $classes classes, $flagged flagged" \
     "(wrong code), $unclassified could not be classified (broken FEN)"
selected=$(grep -ac '^\[Event ' "$out/select_desc.pgn")
echo "select: '$pattern' selects $(grep -ac '^\[Event ' "$out/select_code.pgn") games," \
     "description '$description' $selected games"
if [ $have_px = 1 ]; then
    px_selected=$(grep -ac '^\[Event ' "$out/px_select.pgn")
    grep -a '^\[FEN ' "$out/px_select.pgn" | sort >"$out/px_select.fens"
    if [ "$px_selected" = "$selected" ] && grep -a '^\[FEN ' "$out/select_desc.pgn" | sort | cmp -s - "$out/px_select.fens"
    then
        echo "pgn-extract -y selects the same $px_selected games (their FENs compared)"
    else
        echo "pgn-extract -y selects $px_selected games, gbr select -y $selected: not the same games" >&2
        status=1
    fi
    python3 "$root/src/cli/tests/duplicates/duplicates_compare.py" "$file" "$out/duplicates.tsv" "$out/px_dups.pgn"
fi

# The table: rates of CPU time (and wall), against scan's, gbr against Python and pgn-extract.
{
    echo "scan $(med scan cpu) $(med scan wall) $(med scan rss) $bytes $scan_repeat"
    for n in directory directory_mem select_code select_desc duplicates px_select px_dups; do
        [ -s "$out/t_$n.cpu" ] && echo "$n $(med $n cpu) $(med $n wall) $(med $n rss) $bytes 1"
    done
    echo "py_directory $(med py_directory cpu) $(med py_directory wall) $(med py_directory rss) $part_bytes 1"
    echo "py_select $(med py_select cpu) $(med py_select wall) $(med py_select rss) $part_bytes 1"
} | awk -v runs="$runs" '
    { cpu[$1] = $2 / $6; wall[$1] = $3 / $6; rss[$1] = $4; size[$1] = $5; seen[NR] = $1 }
    END {
        label["scan"] = "gbr scan"; label["directory"] = "gbr directory --format tsv"
        label["directory_mem"] = "gbr directory --memory 16M --format tsv"
        label["select_code"] = "gbr select 0?00.*"; label["select_desc"] = "gbr select -y (r+p* r*p*)"
        label["duplicates"] = "gbr duplicates --format tsv"; label["px_select"] = "pgn-extract -y (r+p* r*p*)"
        label["px_dups"] = "pgn-extract -d (duplicates)"; label["py_directory"] = "src/cli/tests/directory/directory_ref.py (part)"
        label["py_select"] = "src/cli/tests/select/select_ref.py -y (part)"
        scan = size["scan"] / cpu["scan"]
        printf "%-42s %10s %10s %10s %9s %9s\n", "command", "CPU s", "MB/s CPU", "MB/s wall", "of scan", "peak MB"
        for (i = 1; i <= NR; i++) {
            n = seen[i]; r = size[n] / cpu[n]
            printf "%-42s %10.3f %10.1f %10.1f %9.3f %9.0f\n", label[n], cpu[n], r / 1e6, size[n] / wall[n] / 1e6,
                   r / scan, rss[n] / 1024
        }
        rate["directory"] = size["directory"] / cpu["directory"]
        rate["select"] = size["select_desc"] / cpu["select_desc"]
        printf "gbr directory against src/cli/tests/directory/directory_ref.py: %.1fx (CPU time per byte)\n",
               rate["directory"] / (size["py_directory"] / cpu["py_directory"])
        printf "gbr select -y against src/cli/tests/select/select_ref.py: %.1fx\n", rate["select"] / (size["py_select"] / cpu["py_select"])
        if ("px_select" in cpu) {
            printf "gbr select -y against pgn-extract -y: %.1fx\n", rate["select"] / (size["px_select"] / cpu["px_select"])
            printf "gbr duplicates against pgn-extract -d: %.1fx\n",
                   (size["duplicates"] / cpu["duplicates"]) / (size["px_dups"] / cpu["px_dups"])
        }
        printf "(medians of %s runs for gbr; CPU time = user + system; targets: directory >= 0.25 of scan, select >= 0.5)\n", runs
    }'
exit $status
