#!/bin/sh
# The replay against pgn-extract, main line and variations: each file is
# numbered (a [GbrGame "N"] tag before each game), written by pgn-extract
# with the FEN after every move (--fencomments, variations kept), and
# compared by replay_vs_pgn_extract with gbr's replay of the same numbered
# file. The files: the .pgn files of each folder of $GBR_REAL_PGN_DIRS
# (space-separated; default /usr/share/pgn-extract, where Debian's
# pgn-extract puts eco.pgn), and the folders given: the bundled examples and
# the test's own games (data/variations.pgn: eco.pgn has no variation, and the
# examples' two are refused by both programs). Exits 77 (skipped) without
# /usr/games/pgn-extract or without a file.
#
# usage: replay_vs_pgn_extract.sh CHECKER WORK_DIR DIR...
checker=$1 work=$2
shift 2
extract=/usr/games/pgn-extract
[ -x "$extract" ] || { echo "no $extract: skipped"; exit 77; }
mkdir -p "$work" || exit 2
status=0 files=0
for dir in ${GBR_REAL_PGN_DIRS:-/usr/share/pgn-extract} "$@"; do
    for file in "$dir"/*.pgn; do
        [ -f "$file" ] || continue
        files=$((files + 1))
        name=$(basename "$file")
        "$checker" number "$file" >"$work/numbered.pgn" || { echo "$name: cannot number"; status=1; continue; }
        "$extract" --fencomments -C -N -s -w 100000 --nomovenumbers --noresults "$work/numbered.pgn" \
            >"$work/extracted.pgn" 2>/dev/null
        "$checker" compare "$work/numbered.pgn" "$work/extracted.pgn" "$name" || status=1
    done
done
[ "$files" -gt 0 ] || { echo "no PGN file: skipped"; exit 77; }
exit $status
