#!/bin/sh
# gbr directory --format tsv against src/cli/tests/directory/directory_ref.py, an independent
# standard-library Python reading of the spec, byte for byte, on generated
# study collections (src/cli/tests/gen/gen_pgn.py --studies): one with LF line ends and a
# fixed seed, one with CRLF and a new seed each run (printed; GBR_TEST_SEED
# repeats one). The fixed one must hold every planted case (wrong codes in
# [Black] and [GBR] tags, two wrong tags in one game, each kind of broken FEN,
# a game without FEN, material digits of 9), or the test fails: the
# comparison cannot pass on easy input alone. The generated names are
# Latin-1; the bundled Windows-1252 sample (src/cli/examples/studies-cp1252.pgn,
# its composer and source in [Composer]/[Author] and [Source]) is compared
# too, under each --encoding and with tag lists named, and so is a file of
# every byte value in tag values. Skipped (exit 77) without python3.
#
# usage: directory_reference.sh GBR WORK_DIR
set -eu
gbr=$1
work=$2
command -v python3 >/dev/null 2>&1 || { echo "skipped: python3 is not installed"; exit 77; }
root=$(cd "$(dirname "$0")/../../../.." && pwd)
mkdir -p "$work"
case $gbr in /*) ;; *) gbr=$(pwd)/$gbr ;; esac
cd "$work"
seed=${GBR_TEST_SEED:-$(od -An -N2 -tu2 /dev/urandom | tr -d ' ')}
echo "seed $seed"
python3 "$root/src/cli/tests/gen/gen_pgn.py" --studies --games 300 --seed 1 --wrong-every 4 --broken-every 40 --out lf.pgn
python3 "$root/src/cli/tests/gen/gen_pgn.py" --studies --games 300 --seed "$seed" --crlf --wrong-every 5 --broken-every 30 \
    --out crlf.pgn
status=0
"$gbr" directory --format tsv lf.pgn crlf.pgn >gbr.tsv 2>gbr.err || status=$?
python3 "$root/src/cli/tests/directory/directory_ref.py" lf.pgn crlf.pgn >ref.tsv
failed=0
fail() { echo "FAIL: $*"; failed=1; }
cmp -s gbr.tsv ref.tsv || { fail "gbr directory and src/cli/tests/directory/directory_ref.py differ:"; diff gbr.tsv ref.tsv | head -n 20; }
# What the data must hold for the comparison to mean something.
[ "$status" = 1 ] || fail "exit status $status, not 1 (the broken FENs)"
[ "$(wc -l <gbr.tsv)" = 601 ] || fail "$(wc -l <gbr.tsv) lines, not a header and 600 entries"
unclassified=$(awk -F '\t' '$11 != "" && NR > 1' gbr.tsv | wc -l)
[ "$unclassified" = 17 ] || fail "$unclassified entries could not be classified, not the 7 + 10 broken FENs"
[ "$(grep -vc 'values converted from Windows-1252 to UTF-8$' gbr.err)" = 17 ] ||
    fail "$(wc -l <gbr.err) lines on standard error, not 17 reports and the count of values converted"
grep -q '^gbr: directory: [0-9]* values converted from Windows-1252 to UTF-8$' gbr.err ||
    fail "no count of the Latin-1 values converted on standard error"
grep -q 'Müller' gbr.tsv || fail "no Latin-1 name (Müller) written in UTF-8"
# The Windows-1252 sample, and a file holding every byte value (but '"', '\\',
# line ends) in [White] and [Event] values, alone and among ASCII and UTF-8.
python3 - <<'PY'
out = []
for b in list(range(1, 256)):
    if b in b'"\\\n\r':
        continue
    for value in (bytes([b]), b"a" + bytes([b]) + b"z", b"\xc3\xa9" + bytes([b]), bytes([b]) + b"\x80\xbf"):
        n = len(out) // 9 + 1
        out += [b'[Event "' + value + b'"]', b'[White "' + value + b'"]', b'[Date "1900.??.??"]',
                b'[Result "*"]', b'[FEN "8/8/8/8/8/8/8/K1k5 w - - 0 1"]', b'', b'*', b'', b'']
# Sequences that are valid UTF-8, and cut short or out of range.
for value in (b"\xe2\x82\xac", b"\xf0\x9f\x98\x80", b"\xe2\x82", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
              b"\xc0\xaf", b"\xe0\x80\xaf", b"\xf0\x9f\x98"):
    out += [b'[Event "' + value + b'"]', b'[White "?"]', b'[Composer "' + value + b'x"]', b'', b'*', b'']
# A joint study: co-authors in digit order, an unknown one left out.
out += [b'[Event "Joint \xe9"]', b'[Composer "Afek, Y"]', b'[Composer3 "Kalandadze, V\xe9"]', b'[Composer2 "?"]',
        b'[Source "EG#14437"]', b'', b'*', b'']
open("bytes.pgn", "wb").write(b"\n".join(out) + b"\n")
PY
sample="$root/src/cli/examples/studies-cp1252.pgn"
for options in "" "--encoding utf-8" "--encoding latin-1" "--encoding cp1252" \
    "--composer-tag White,Author --source-tag Source,Event --year-tag Year,EventDate,Date --reference-tag Round" \
    "--source-tag Source,Event"; do
    # shellcheck disable=SC2086 # the options are words
    "$gbr" directory --format tsv $options "$sample" bytes.pgn >gbr-sample.tsv 2>/dev/null || true
    # shellcheck disable=SC2086
    python3 "$root/src/cli/tests/directory/directory_ref.py" $options "$sample" bytes.pgn >ref-sample.tsv
    cmp -s gbr-sample.tsv ref-sample.tsv ||
        { fail "gbr directory $options and src/cli/tests/directory/directory_ref.py differ on the samples:"; diff gbr-sample.tsv ref-sample.tsv | head -n 10; }
done
"$gbr" directory --format tsv "$sample" >sample.tsv 2>/dev/null
grep -q '	É. Lefèvre	?	1927	.*	Revue d’Échecs$' sample.tsv || fail "the Windows-1252 sample's first composer and reference not in UTF-8"
awk -F '\t' '$8 == "lf.pgn"' gbr.tsv >lf.tsv
for pattern in 'not a FEN piece letter' 'must cover 8 files' 'exactly one king' 'malformed FEN side'; do
    grep -q "$pattern" lf.tsv || fail "no broken FEN reported as '$pattern'"
done
has() { awk -F '\t' "$1" lf.tsv | grep -q . || fail "$2"; }
has '$12 ~ /^Black tag says [+=]/' "no wrong [Black] code"
has '$12 ~ /^GBR tag says [0-9][0-9][0-9][0-9]\.[0-9][0-9],/' "no wrong [GBR] material code"
has '$12 ~ /^GBR tag says [+=]/' "no wrong [GBR] study code"
has '$12 ~ /; GBR tag says/' "no game with two wrong code tags"
has '$1 ~ /9/ && $2 == "" && $4 ~ /[{]/' "no class with a digit 9"
has '$1 == "4888.88"' "no game without FEN (the start position)"
has '$4 ~ / WTM[.]$/' "no entry without a stipulation"
[ "$failed" = 0 ] && echo "gbr directory --format tsv and src/cli/tests/directory/directory_ref.py agree on $(($(wc -l <gbr.tsv) - 1)) entries"
exit "$failed"
