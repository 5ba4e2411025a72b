#!/bin/sh
# The replay against pgn-extract, main line and variations: each file is
# numbered (a [GbrGame "N"] tag before each game), written by pgn-extract
# with the FEN after every move (--fencomments, variations kept), and
# compared by replay_vs_pgn_extract with gbr's replay of the same numbered
# file. The files: the .pgn files of each folder of $GBR_REAL_PGN_DIRS
# (space-separated; default /usr/share/pgn-extract, where Debian's
# pgn-extract puts eco.pgn), and the folders and files given: the bundled
# examples, the test's own games (data/variations.pgn: eco.pgn has no
# variation, and the examples' two are refused by both programs) and the
# Lichess games of corpus/games (clocks in comments). Exits 77 (skipped)
# without /usr/games/pgn-extract or without a file.
#
# usage: replay_vs_pgn_extract.sh CHECKER WORK_DIR DIR_OR_FILE...
checker=$1 work=$2
shift 2
extract=/usr/games/pgn-extract
[ -x "$extract" ] || { echo "no $extract: skipped"; exit 77; }
mkdir -p "$work" || exit 2
status=0 files=0
check() { # FILE
    files=$((files + 1))
    name=$(basename "$1")
    "$checker" number "$1" >"$work/numbered.pgn" || { echo "$name: cannot number"; status=1; return; }
    "$extract" --fencomments -C -N -s -w 100000 --nomovenumbers --noresults "$work/numbered.pgn" \
        >"$work/extracted.pgn" 2>/dev/null
    "$checker" compare "$work/numbered.pgn" "$work/extracted.pgn" "$name" || status=1
}
for place in ${GBR_REAL_PGN_DIRS:-/usr/share/pgn-extract} "$@"; do
    if [ -f "$place" ]; then
        check "$place"
        continue
    fi
    for file in "$place"/*.pgn; do
        [ -f "$file" ] && check "$file"
    done
done
[ "$files" -gt 0 ] || { echo "no PGN file: skipped"; exit 77; }
exit $status
