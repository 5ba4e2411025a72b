#!/bin/sh
# Behaviour of the gbr command: exit codes, report format and columns, one
# output line per input in order (arguments and stdin, CRLF, empty, very long
# and unterminated lines, NUL bytes), --help everywhere, --impl.
# usage: cli_test.sh PATH/TO/gbr SCRATCH_DIR
set -u
gbr=$1
tmp=$2
rm -rf "$tmp" && mkdir -p "$tmp" || exit 1
failures=0
tab=$(printf '\t')
checks=0

fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }

# expect WANT_STATUS WANT_STDOUT WANT_STDERR -- ARGS... (stdin from $tmp/in when it exists)
expect() {
    want_status=$1 want_out=$2 want_err=$3
    shift 4
    checks=$((checks + 1))
    if [ -f "$tmp/in" ]; then
        "$gbr" "$@" <"$tmp/in" >"$tmp/out" 2>"$tmp/err"
    else
        "$gbr" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
    fi
    status=$?
    [ "$status" = "$want_status" ] || fail "gbr $*: exit $status, want $want_status"
    printf '%s' "$want_out" >"$tmp/want_out"
    [ -n "$want_out" ] && printf '\n' >>"$tmp/want_out"
    if ! cmp -s "$tmp/out" "$tmp/want_out"; then
        fail "gbr $*: stdout differs"
        diff "$tmp/want_out" "$tmp/out" | head -20 >&2
    fi
    if [ "$want_err" != "*" ]; then
        printf '%s' "$want_err" >"$tmp/want_err"
        [ -n "$want_err" ] && printf '\n' >>"$tmp/want_err"
        if ! cmp -s "$tmp/err" "$tmp/want_err"; then
            fail "gbr $*: stderr differs"
            diff "$tmp/want_err" "$tmp/err" | head -20 >&2
        fi
    fi
}

# The seeds' positions, and FENs derived square by square from them.
pos1='a7d3 0116.00 b2b3c6d6 3/3+.'
fen1='8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1'
pos2='a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.'
fen2='8/8/8/8/2kPp3/4Pp2/K4P2/8 w - - 0 1'
fen3='4k3/8/8/8/8/8/8/4K3 b - - 0 1'

# ---- Conversions, arguments mode ----
expect 0 "0116.00" "" -- material "$fen1"
expect 0 "0116.00
0000.32" "" -- material "$fen1" "$fen2"
expect 0 "+0116.00a7d3" "" -- study --result win "$fen1"
expect 0 "=0116.00a7d3" "" -- study --result=draw "$fen1"
expect 0 "0000.32a2c4" "" -- study "$fen2"
expect 0 "$pos1" "" -- position --result win "$fen1"
expect 0 "$pos2" "" -- position "$fen2"
expect 0 "e1e8 0000.00 1/1-=." "" -- position --result draw "$fen3"
expect 0 "$fen1
$fen2" "" -- fen "$pos1" "$pos2"
expect 0 "0116.00: White: rook, bishop; Black: two knights; name KRBvKNN" "" -- decode 0116.00
expect 0 "0009.00: White: an unknown number of knights; Black: an unknown number of knights; three or more knights on one side (split unknown)" "" -- decode 0009
expect 0 "KRBvKNN: 0116.00" "" -- decode KRBvKNN
expect 0 '{"input":"0116.00","code":"0116.00","name":"KRBvKNN","white":{"queens":0,"rooks":1,"bishops":1,"knights":0,"pawns":0},"black":{"queens":0,"rooks":0,"bishops":0,"knights":2,"pawns":0},"overflow":[]}' "" -- decode --json 0116.00
expect 0 '{"input":"0009.00","code":"0009.00","name":null,"white":{"queens":0,"rooks":0,"bishops":0,"knights":null,"pawns":0},"black":{"queens":0,"rooks":0,"bishops":0,"knights":null,"pawns":0},"overflow":["knights"]}' "" -- decode --json 0009.00
expect 0 "position ok $pos1
study ok +0116.00a7d3
material ok 0116.00" "" -- check "$pos1" "[+0116a7d3]" 0116

# ---- Bad inputs: report format and column, and the stdout line kept ----
expect 1 "error fen-field 27" \
    "gbr: arg:1:27: malformed FEN side, castling, en passant or clock field" -- material '8/K7/2nn4/8/8/1B1k4/1R6/8 x - - 0 1'
expect 1 "0116.00
error fen-rank 26" \
    "gbr: arg:2:26: a FEN rank must cover 8 files, and there must be 8 ranks" -- material "$fen1" '8/K7/2nn4/8/8/1B1k4/1R6/8/ w'
expect 1 "error fen-kings 1" "gbr: arg:1:1: a FEN needs exactly one king a side" -- study '8/K7/2nn4/8/8/1B6/1R6/8 w'
expect 1 "position error men-mismatch 23
material error expected-digit 7
unknown error empty 1
unknown error unknown-form 1" \
    "gbr: arg:1:23: the men count disagrees with the men listed
gbr: arg:2:7: expected a material digit 0-9
gbr: arg:3:1: the input is empty
gbr: arg:4:1: not a GBR material code, study code, position form, FEN or name" -- check 'a7d3 0116.00 b2b3c6d6 4/3+.' 0116.0x '' Z
expect 1 "error name-syntax 3" "gbr: arg:1:3: malformed material name (expected e.g. KRPvKR)" -- decode KRxvK

# ---- Batch mode: one stdout line per stdin line, in order ----
long_name=K$(head -c 299999 /dev/zero | tr '\000' Q)
{
    printf '%s\r\n' "$pos1"    # CRLF: the "\r" is not input
    printf '\n'                # an empty line is an (empty) input
    printf '0116.00\r\r\n'     # only one "\r" is removed
    printf '0116.00\000x\n'    # a NUL byte is input, not an end
    printf '%s\n' "$long_name" # 300000 bytes, truncated at its end
    printf '4888.88'           # the last line has no newline
} >"$tmp/in"
expect 1 "position ok $pos1
unknown error empty 1
material error trailing 8
material error trailing 8
name error truncated 300001
material ok 4888.88" \
    "gbr: -:2:1: the input is empty
gbr: -:3:8: unexpected characters after the end of the form
gbr: -:4:8: unexpected characters after the end of the form
gbr: -:5:300001: the input ended where more was required" -- check
printf '%s\n%s\r\n' "$fen1" "$fen2" >"$tmp/in"
expect 0 "$pos1
a2c4 0000.32 .d4e3f2e4f3 4/3+." "" -- position --result win
: >"$tmp/in"
expect 0 "" "" -- material # no input at all: no output, success
rm -f "$tmp/in"

# Many lines in, the same number out, in order (the reader refills its buffer).
awk -v a="$fen1" -v b="$fen2" 'BEGIN { for (i = 0; i < 50000; i++) print (i % 2 ? b : a) }' >"$tmp/many"
"$gbr" material <"$tmp/many" >"$tmp/many_out" 2>"$tmp/err" || fail "batch of 50000: exit status $?"
checks=$((checks + 1))
awk 'BEGIN { for (i = 0; i < 50000; i++) print (i % 2 ? "0000.32" : "0116.00") }' | cmp -s - "$tmp/many_out" \
    || fail "batch of 50000: output lines differ"

# A line over 16 MiB is judged on its first 16 MiB, reported at column
# 16777217 and skipped; the lines around it keep their output lines.
{ printf '%s\n' "$fen1"; head -c 17000000 /dev/zero | tr '\0' x; printf '\n%s\n' "$fen2"; } >"$tmp/in"
expect 1 "0116.00
error fen-piece 1
0000.32" "gbr: -:2:16777217: line longer than 16777216 bytes: judged on its first 16777216 bytes, the rest skipped
gbr: -:2:1: not a FEN piece letter, digit 1-8 or '/'" -- material
rm -f "$tmp/in"

# Output that cannot be written: reported once, reading stops, exit 1
# (endless input must not keep the command running).
if [ -w /dev/full ] && command -v timeout >/dev/null 2>&1; then
    checks=$((checks + 1))
    yes "$fen1" | timeout 20 "$gbr" material >/dev/full 2>"$tmp/err"
    status=$?
    [ "$status" = 1 ] || fail "endless input to /dev/full: exit $status, want 1"
    [ "$(grep -c 'cannot write the output' "$tmp/err")" = 1 ] || fail "endless input to /dev/full: not one report"
fi

# ---- Usage errors and help ----
expect 2 "" "*" --
expect 2 "" "gbr: unknown command 'nosuch'
Try 'gbr --help'." -- nosuch
expect 2 "" "gbr material: unknown option '--nosuch'
Try 'gbr material --help'." -- material --nosuch "$fen1"
expect 2 "" "gbr study: unknown result 'lose' for --result (expected win or draw)
Try 'gbr study --help'." -- study --result lose "$fen1"
expect 2 "" "gbr position: option '--result' needs a value
Try 'gbr position --help'." -- position --result
expect 2 "" "gbr fen: unknown codec 'slow' for --impl (expected ref or fast)
Try 'gbr fen --help'." -- fen --impl slow "$pos1"
expect 0 "$fen1" "" -- fen -- "$pos1"
expect 2 "" "gbr select: --count takes no value
Try 'gbr select --help'." -- select --count=yes KRvK
expect 2 "" "gbr decode: --json takes no value
Try 'gbr decode --help'." -- decode --json=1 "$pos1"

"$gbr" --version >"$tmp/version" || fail "gbr --version: exit $?"
grep -q '^gbr [0-9][0-9.]* (GBR 1\.3)$' "$tmp/version" || fail "gbr --version: no version line"
"$gbr" --help >"$tmp/help" || fail "gbr --help: exit $?"
commands=$(sed -n '/^Commands:$/,/^$/s/^  \([a-z][a-z0-9_]*\) .*/\1/p' "$tmp/help")
[ -n "$commands" ] || fail "gbr --help lists no commands"
for command in $commands; do
    checks=$((checks + 1))
    "$gbr" "$command" --help >"$tmp/out" 2>"$tmp/err" || fail "gbr $command --help: exit $?"
    grep -q "^usage: gbr $command" "$tmp/out" || fail "gbr $command --help: no usage line"
    [ "$(grep -c 'Exit status' "$tmp/out")" = 1 ] || fail "gbr $command --help: not one exit status paragraph"
    [ -s "$tmp/err" ] && fail "gbr $command --help wrote to stderr"
done

# ---- Codecs: both always present; fast is the default and agrees with ref ----
grep -q '^codecs: ref fast; default fast$' "$tmp/version" || fail "gbr --version: unexpected codecs line"
expect 0 "$pos1" "" -- position --impl ref --result win "$fen1"
expect 0 "$pos1" "" -- position --impl fast --result win "$fen1"
"$gbr" check --impl fast <"$tmp/many" >"$tmp/fast_out" 2>&1
"$gbr" check --impl ref <"$tmp/many" >"$tmp/ref_out" 2>&1
cmp -s "$tmp/fast_out" "$tmp/ref_out" || fail "--impl fast and --impl ref differ on the batch"

# ---- Input files: one that cannot be opened is reported, the next is still read ----
printf 'x 0002.01 y\n' >"$tmp/good.txt"
missing=$tmp/no-such-file
expect 1 "$tmp/good.txt:1:3: material: 0002.01" "gbr: $missing: cannot open: No such file or directory" \
    -- scan "$missing" "$tmp/good.txt"
printf '[Event "a"]\n\n1. e4 *\n' >"$tmp/good.pgn"
expect 1 "1 games, 0 checked, 0 mismatches" "gbr: $missing: cannot open: No such file or directory" \
    -- audit "$missing" "$tmp/good.pgn"
# select, directory and duplicates open their inputs the same way (cli_open_input).
expect 1 "1${tab}4888.88" "gbr: $missing: cannot open: No such file or directory" \
    -- select --count 4888.88 -- "$missing" "$tmp/good.pgn"
checks=$((checks + 1))
"$gbr" directory --format tsv "$missing" "$tmp/good.pgn" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || fail "directory with a missing input: exit status not 1"
[ "$(cat "$tmp/err")" = "gbr: $missing: cannot open: No such file or directory" ] || fail "directory: missing input report"
[ "$(wc -l <"$tmp/out")" = 2 ] || fail "directory: the next input is not read after a missing one"
checks=$((checks + 1))
"$gbr" duplicates "$missing" "$tmp/good.pgn" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] || fail "duplicates with a missing input: exit status not 1"
[ "$(cat "$tmp/err")" = "gbr: $missing: cannot open: No such file or directory" ] || fail "duplicates: missing input report"
grep -q "^GBR duplicates: 1 game " "$tmp/out" || fail "duplicates: the next input is not read after a missing one"
# sort checks every input first: with one missing it sorts nothing.
expect 1 "" "gbr: $missing: cannot open: No such file or directory" -- sort "$missing" "$tmp/good.txt"

# ---- conform --list-operations: libgbr's table of operations, for scripts ----
checks=$((checks + 1))
"$gbr" conform --list-operations >"$tmp/ops" 2>"$tmp/err" || fail "conform --list-operations: exit $?"
[ -s "$tmp/err" ] && fail "conform --list-operations wrote to stderr"
awk -F'\t' 'NF != 5 { bad = 1 } END { exit bad }' "$tmp/ops" || fail "conform --list-operations: a line without 5 fields"
for line in "material${tab}material${tab}material${tab}1${tab}none" "check${tab}material${tab}any${tab}1${tab}none" \
    "fen-study-win${tab}position${tab}fen${tab}1${tab}win" "position-order${tab}position${tab}position${tab}2${tab}none"; do
    grep -qxF "$line" "$tmp/ops" || fail "conform --list-operations: no line '$line'"
done
expect 2 "" "*" -- conform --list-operations -- true
# Listing and answering read none of a run's options, and say so rather than ignore one.
expect 2 "" "gbr conform: --json goes with a run of the kit, not with --list-operations
Try 'gbr conform --help'." -- conform --json --list-operations
expect 2 "" "gbr conform: --level goes with a run of the kit, not with --answer
Try 'gbr conform --help'." -- conform --answer material --level study

echo "$checks checks, $failures failed"
[ "$failures" = 0 ]
