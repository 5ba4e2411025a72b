#!/bin/sh
# census_dask under CTest: the recipe of docs/census.md,
# examples/census_dask.py, on a LocalCluster of 2 worker processes (loopback
# only) over a folder of several files (the Lichess sample in three parts, one
# of them compressed with zstd, the bundled studies with games that cannot be
# replayed, and a file whose comments hold blank lines and lines starting
# with '[', so that some byte ranges end inside a game and are taken again
# with the next), cut in parts of a few kilobytes. The merged tally must be
# `gbr census --json` of the files concatenated, byte for byte, and so must
# the text table; the reports and the exit status must be the command's.
#
#   test_census_dask.sh BUILD_DIR GBR_BIN
#
# Exit status 77 (CTest's skip) when /usr/bin/python3 (GBR_PYTHON overrides
# it) cannot import dask and distributed (Debian's python3-dask and
# python3-distributed), or lacks what the package's build needs.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
build=$1
gbr_bin=$2
. "$here/venv_common.sh"

venv_need "python3-dask python3-distributed python3-venv" dask distributed venv
work="$build/python-dask"
venv_install "$work"

# The folder: the Lichess sample cut at game starts into three files.
games="$work/games"
mkdir -p "$games"
"$work/venv/bin/python" - "$root/corpus/games/lichess_sample.pgn" "$games" <<'EOF'
import sys
data = open(sys.argv[1], "rb").read()
starts = [0] + [i + 2 for i in range(len(data)) if data.startswith(b"\n\n[Event ", i)]
a, b = starts[len(starts) // 3], starts[2 * len(starts) // 3]
for name, part in (("a.pgn", data[:a]), ("b.pgn", data[a:b]), ("c.pgn", data[b:])):
    open(f"{sys.argv[2]}/{name}", "wb").write(part)
game = ('[Event "e@"]\n[Result "1-0"]\n\n1. e4 {a comment\n\n[%clk 0:01:00] going on\n\n[not a tag}\n'
        'e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n')
open(f"{sys.argv[2]}/d_comments.pgn", "w").write("".join(game.replace("@", str(n)) for n in range(200)))
EOF
zstd -q --rm "$games/b.pgn" -o "$games/b.pgn.zst"
cp "$root/src/cli/examples/studies.pgn" "$games/e_studies.pgn"
# The same games, one after the other, for the command.
{ cat "$games/a.pgn"; zstd -dc "$games/b.pgn.zst"; cat "$games/c.pgn" "$games/d_comments.pgn" "$games/e_studies.pgn"; } \
    > "$work/all.pgn"

fails=0
for options in "" "--ending final --fold"; do
    for format in --json ""; do
        # shellcheck disable=SC2086
        "$gbr_bin" census $format $options "$work/all.pgn" > "$work/want" 2> "$work/want.err" && want=0 || want=$?
        # shellcheck disable=SC2086
        (cd "$work" && timeout 600 "$work/venv/bin/python" "$root/bindings/python/examples/census_dask.py" --workers 2 \
            --part-size 7000 $format $options -o "$work/got" "$games" 2> "$work/got.err") && got=0 || got=$?
        # The command names the file it read, the recipe each of the files;
        # in a byte range, lines and game numbers count from its start: the
        # messages are compared.
        strip='s|^gbr: [^:]*:[0-9]*:[0-9]*: \(game [0-9]*: \)\{0,1\}||'
        sed -e "$strip" "$work/want.err" > "$work/want.reports"
        grep '^gbr: ' "$work/got.err" | sed -e "$strip" > "$work/got.reports" || true
        label="census_dask.py ${format:-(text)} ${options:-(default options)}"
        if ! cmp -s "$work/want" "$work/got"; then
            echo "FAIL $label: the output is not gbr census's of the files concatenated"
            diff "$work/want" "$work/got" | head -20
            fails=$((fails + 1))
        elif ! cmp -s "$work/want.reports" "$work/got.reports" || [ ! -s "$work/want.reports" ]; then
            echo "FAIL $label: the reports are not the command's"
            diff "$work/want.reports" "$work/got.reports" | head -20
            fails=$((fails + 1))
        elif [ "$want" != "$got" ]; then
            echo "FAIL $label: exit status $got, the command's $want"
            fails=$((fails + 1))
        elif [ -z "$format" ] && ! grep -q "in [0-9]* parts, [1-9][0-9]* taken again" "$work/got.err"; then
            echo "FAIL $label: no part ended inside a game: the case is not tried"
            fails=$((fails + 1))
        else
            echo "ok   $label: $(wc -c < "$work/got") bytes as gbr census's, $(wc -l < "$work/got.reports") reports, exit $got; $(grep -o "[0-9]* files in .* after" "$work/got.err")"
        fi
    done
done
echo "$((4 - fails)) passed, $fails failed"
[ "$fails" = 0 ]
