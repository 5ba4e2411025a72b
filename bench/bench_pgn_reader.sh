#!/bin/sh
# The PGN reader's commands, two builds of gbr against each other on one file
# (a change to src/pgn/pgn_reader.c: the build before it and the build after
# it), with gbr scan and the bandwidth ceilings on the same file:
#  - gbr directory --format tsv, gbr audit, gbr select with a code pattern and
#    with a pgn-extract description (-y), each by BEFORE and by AFTER, the two
#    alternating in every run;
#  - gbr scan (AFTER's), memchr over the file for a byte it lacks
#    (bench/memchr_ceiling.c: what scan's rate is measured against), and
#    bench/classify_ceiling.c: every byte compared with the 11 bytes movetext
#    stops at, 16 at a time (the least a reader that classifies every byte
#    does), the same visiting each stop, and memchr from newline to newline.
#    These run REPEAT times in one timing (they are fast).
# Figures are medians of RUNS runs (default 3) of CPU time (user + system) by
# /usr/bin/time, in MB/s, and each command's rate against scan's. Both
# builds' outputs must be identical (the script fails otherwise). No
# pass/fail on speed.
#
# With CALLGRIND=1 the four commands of each build are counted by callgrind
# instead (instructions, repeatable on a noisy machine: the whole program,
# reading, parsing and writing), a run each, and nothing is timed.
#
# usage: bench/bench_pgn_reader.sh BEFORE_GBR AFTER_GBR FILE
#   e.g. python3 src/cli/tests/gen/gen_pgn.py --games 20000 --movetext 40 --crlf --out x.pgn
set -eu
[ $# -eq 3 ] || { echo "usage: bench/bench_pgn_reader.sh BEFORE_GBR AFTER_GBR FILE" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
before=$1 after=$2 file=$3
runs=${RUNS:-3}
repeat=${REPEAT:-10}
dir=$(mktemp -d "${TMPDIR:-/tmp}/gbr-bench-reader.XXXXXX")
trap 'rm -rf "$dir"' EXIT
. "$root/bench/bench_common.sh"
bench_need_time
cc -O2 -o "$dir/memchr_ceiling" "$root/bench/memchr_ceiling.c"
cc -O2 -o "$dir/classify_ceiling" "$root/bench/classify_ceiling.c"
printf 'r+p* r*p*\n' >"$dir/desc.txt"

if [ "${CALLGRIND:-0}" = 1 ]; then
    command -v valgrind >/dev/null || { echo "bench_pgn_reader: valgrind is not installed" >&2; exit 2; }
    bytes=$(wc -c <"$file")
    echo "file: $file, $bytes bytes; instructions of the whole command, counted by callgrind"
    set -f # the queries are words, not globs
    for command in "directory --format tsv" "audit" "select 0?00.*" "select -y $dir/desc.txt"; do
        for build in before after; do
            case $build in before) gbr=$before ;; *) gbr=$after ;; esac
            # shellcheck disable=SC2086 # the command's words
            valgrind -q --tool=callgrind --callgrind-out-file="$dir/cg_$build" "$gbr" $command "$file" \
                >"$dir/cg_out_$build" 2>&1 || true
        done
        cmp -s "$dir/cg_out_before" "$dir/cg_out_after" || echo "$command: the two builds' outputs differ" >&2
        b=$(callgrind_annotate "$dir/cg_before" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
        a=$(callgrind_annotate "$dir/cg_after" 2>/dev/null | awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}')
        echo "${command%% *} $b $a $bytes" | awk '{ printf "%-10s before %12d after %12d instructions (%.2f and %.2f a byte), after/before %.3f\n",
            $1, $2, $3, $2 / $4, $3 / $4, $3 / $2 }'
    done
    exit 0
fi

# time_cmd NAME CMD...: CMD's CPU time appended to $dir/t_NAME.cpu, its output
# kept in $dir/out_NAME; it may fail (select and directory exit 1 on a file
# with planted errors).
time_cmd() { name=$1; bench_reported bench_time "$dir" "$@" >"$dir/out_$name" 2>&1; }
repeated() { # repeated NAME CMD...: CMD run REPEAT times in one timing
    name=$1; shift
    # shellcheck disable=SC2016 # expanded by the inner shell
    time_cmd "$name" sh -c 'n=$1; shift; for i in $(seq "$n"); do "$@" >/dev/null; done' sh "$repeat" "$@"
}

bench_cpu_line
cat "$file" >/dev/null # into the page cache
for _ in $(seq "$runs"); do
    for build in before after; do
        case $build in before) gbr=$before ;; *) gbr=$after ;; esac
        time_cmd "directory_$build" "$gbr" directory --format tsv "$file"
        time_cmd "audit_$build" "$gbr" audit "$file"
        time_cmd "select_code_$build" "$gbr" select '0?00.*' "$file"
        time_cmd "select_description_$build" "$gbr" select -y "$dir/desc.txt" "$file"
    done
    repeated scan "$after" scan "$file"
    repeated memchr "$dir/memchr_ceiling" "$file"
    repeated classify "$dir/classify_ceiling" classify "$file"
    repeated stops "$dir/classify_ceiling" stops "$file"
    repeated newlines "$dir/classify_ceiling" newlines "$file"
done
for command in directory audit select_code select_description; do
    cmp -s "$dir/out_${command}_before" "$dir/out_${command}_after" || {
        echo "$command: the two builds' outputs differ" >&2; exit 1; }
done
bytes=$(wc -c <"$file")
scan=$(bench_median <"$dir/t_scan.cpu")
echo "file: $file, $bytes bytes; medians of $runs runs of CPU time; outputs identical"
for name in directory_before directory_after audit_before audit_after select_code_before select_code_after \
            select_description_before select_description_after scan memchr classify stops newlines; do
    case $name in *_before|*_after) n=1 ;; *) n=$repeat ;; esac
    echo "$name $(bench_median <"$dir/t_$name.cpu") $n $bytes $scan $repeat" | awk '{
        printf "%-26s %9.1f MB/s  (%.3f s a run), %.3f of scan rate\n", $1, $4 * $3 / $2 / 1e6, $2 / $3,
               ($5 / $6) / ($2 / $3) }'
done
