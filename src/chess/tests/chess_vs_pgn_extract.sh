#!/bin/sh
# The rules against pgn-extract on real game files: each file written by
# pgn-extract with the FEN after every move (--fencomments), in SAN and in
# each of its long forms (-Wlalg e2e4, -Whalg e2-e4, -Welalg Ng1f3, -Wuci),
# replayed by chess_vs_pgn_extract, which compares every position. The files:
# the .pgn files of $GBR_REAL_PGN_DIR (default /usr/share/pgn-extract, where
# Debian's pgn-extract puts eco.pgn) and the bundled examples. Exits 77
# (skipped) without /usr/games/pgn-extract or without a file.
#
# usage: chess_vs_pgn_extract.sh CHECKER EXAMPLES_DIR
checker=$1 examples=$2
extract=/usr/games/pgn-extract
[ -x "$extract" ] || { echo "no $extract: skipped"; exit 77; }
dir=${GBR_REAL_PGN_DIR:-/usr/share/pgn-extract}
set -- "$dir"/*.pgn "$examples"/*.pgn
status=0 files=0
for file in "$@"; do
    [ -f "$file" ] || continue
    files=$((files + 1))
    for form in san lalg halg elalg uci; do
        "$extract" --fencomments -C -N -V --nomovenumbers --noresults -s -w 100000 -W"$form" "$file" 2>/dev/null |
            "$checker" "$(basename "$file") -W$form" || status=1
    done
done
[ "$files" -gt 0 ] || { echo "no PGN file: skipped"; exit 77; }
exit $status
