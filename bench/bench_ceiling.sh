#!/bin/sh
# How far the PGN reader's commands are from what any PGN reader costs, in one
# run on bench/bench_studies.sh's collection (GAMES games, default 1,000,000; made
# once under $BENCH_DIR, default /tmp/gbr-bench, as that script makes it):
#  - gbr scan, the yardstick of the targets (directory >= 1/4 of its rate,
#    select >= 1/2), and the two ceilings of bench/classify_ceiling.c:
#    "classify", every byte compared with the 11 bytes movetext stops at, 16 at
#    a time (the least a reader that looks at every byte does), and "stops",
#    the same visiting each stop it finds (the least a reader does per stop);
#    these are fast, so each timing runs them REPEAT times (default 5);
#  - gbr audit, gbr select (a code pattern, and a pgn-extract description)
#    and gbr directory --format tsv.
# Each is timed by /usr/bin/time (CPU time, user + system), all alternating in
# each of RUNS runs (default 3); figures are medians. Printed: MB/s of CPU
# time, and each rate as a ratio to scan's and to the "stops" ceiling's. No
# pass or fail on speed.
#
# usage: bench/bench_ceiling.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_gbr_and_dir "${1:-}"
runs=${RUNS:-3}
games=${GAMES:-1000000}
repeat=${REPEAT:-5}
bench_need_time
out=$(mktemp -d "${TMPDIR:-/tmp}/gbr-bench-ceiling.XXXXXX")
trap 'rm -rf "$out"' EXIT
# shellcheck source=bench/bench_studies_common.sh
. "$root/bench/bench_studies_common.sh"

bench_cpu_line
studies_file
bytes=$(wc -c <"$file")
cc -O2 -o "$out/classify_ceiling" "$root/bench/classify_ceiling.c"
printf 'r+p* r*p*\n' >"$out/desc.txt"
cat "$file" >/dev/null # into the page cache

for _ in $(seq "$runs"); do
    repeated scan "$repeat" "$gbr" scan "$file"
    repeated classify "$repeat" "$out/classify_ceiling" classify "$file"
    repeated stops "$repeat" "$out/classify_ceiling" stops "$file"
    # Exit status 1 is expected: the collection has planted broken FENs.
    bench_reported time_cmd audit "$gbr" audit "$file" >/dev/null 2>&1
    bench_reported time_cmd select_code "$gbr" select '0?00.*' "$file" >/dev/null 2>&1
    bench_reported time_cmd select_desc "$gbr" select -y "$out/desc.txt" "$file" >/dev/null 2>&1
    bench_reported time_cmd directory "$gbr" directory --format tsv "$file" >/dev/null 2>&1
done

echo "file: $file, $bytes bytes; medians of $runs runs of CPU time (user + system)"
for n in scan classify stops; do echo "$n $(med $n cpu) $repeat"; done >"$out/table"
for n in audit select_code select_desc directory; do echo "$n $(med $n cpu) 1"; done >>"$out/table"
awk -v bytes="$bytes" '
    { rate[$1] = bytes * $3 / $2; order[NR] = $1 }
    END {
        label["scan"] = "gbr scan"; label["classify"] = "ceiling: classify every byte"
        label["stops"] = "ceiling: visit every stop"; label["audit"] = "gbr audit"
        label["select_code"] = "gbr select 0?00.*"; label["select_desc"] = "gbr select -y (r+p* r*p*)"
        label["directory"] = "gbr directory --format tsv"
        printf "%-30s %10s %9s %11s\n", "command", "MB/s CPU", "of scan", "of stops"
        for (i = 1; i <= NR; i++) {
            n = order[i]
            printf "%-30s %10.1f %9.3f %11.3f\n", label[n], rate[n] / 1e6, rate[n] / rate["scan"], rate[n] / rate["stops"]
        }
    }' "$out/table"
