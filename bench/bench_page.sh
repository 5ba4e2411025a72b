#!/bin/sh
# Benchmark of the HTML directory page (gbr directory --format html) in the
# system's headless Chromium, on GAMES generated studies (default 100,000;
# src/cli/tests/gen/gen_pgn.py --studies, seed 1):
#  - the page's size, and its bytes an entry;
#  - the page's own figures: opened at #bench=WORDS it times with
#    performance.now() each step of its work, reading the data (parse),
#    building the filter's index (index), the first drawing (render), the
#    filter WORDS (filter), clearing it (clear) and going to the last class
#    (scroll), and puts them in its title, which `chromium --dump-dom`
#    prints; load is the time from the start of the navigation to the
#    page's script (reading and parsing the HTML);
#  - the whole headless run: starting chromium, loading the page, the report
#    printed (wall time of the chromium command).
#  - bench_page_scroll.py: the document's elements and the heap while the
#    page is scrolled from top to bottom and back (SCROLL_STEP pixels a
#    step, default 20,000), and a filter typed key by key (keydown to next
#    frame, per key; the longest frame while the page works);
#  - --split-by class: the files, their bytes and the wall time of writing
#    them (SPLIT=0 leaves it out).
# Targets: a page under 40 MB, its work (parse to scroll) under 2 s, the
# whole run under 5 s. Figures are medians of RUNS runs (default 3); wall
# times, so they move with the machine's load (the load average is
# printed). Files stay under $BENCH_DIR (default /tmp/gbr-bench). No
# pass/fail on speed: it prints figures and whether each target is met.
#
# usage: bench/bench_page.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr and chromium)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
. "$root/bench/bench_common.sh"
bench_gbr_and_dir "${1:-}"
runs=${RUNS:-3}
games=${GAMES:-100000}
words=${BENCH_FILTER:-fenwick}
browser=$(command -v chromium || command -v chromium-browser || true)
[ -n "$browser" ] || { echo "needs chromium (Debian: apt-get install -y chromium)" >&2; exit 2; }

bench_cpu_line
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
pgn=$dir/page_studies_$games.pgn
page=$dir/page_studies_$games.html
[ -s "$pgn" ] || python3 "$root/src/cli/tests/gen/gen_pgn.py" --studies --games "$games" --seed 1 --out "$pgn"
written_at=$(bench_now)
bench_reported "$gbr" directory --format html -o "$page" "$pgn"
written=$(echo "$written_at $(bench_now)" | awk '{printf "%.2f", $2 - $1}')
bytes=$(wc -c <"$page")
echo "page: $games studies, $bytes bytes, $((bytes / games)) bytes an entry (written in $written s)"

profile=$dir/page_profile
rm -f "$dir"/page_t_*
for i in $(seq "$runs"); do
    rm -rf "$profile"
    started=$(bench_now)
    "$browser" --headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run \
        --disable-background-networking --disable-component-update --disable-sync \
        --window-size=1000,760 --user-data-dir="$profile" \
        --dump-dom "file://$page#bench=$words" 2>/dev/null >"$dir/page_dump.html"
    ended=$(bench_now)
    report=$(sed -n 's/.*<title>bench \([^<]*\)<\/title>.*/\1/p' "$dir/page_dump.html")
    [ -n "$report" ] || { echo "bench: the page reported nothing (see $dir/page_dump.html)" >&2; exit 1; }
    echo "run $i: $report"
    echo "$started $ended" | awk '{printf "%.3f\n", $2 - $1}' >>"$dir/page_t_run"
    for step in load parse index render filter clear scroll found; do
        echo "$report" | tr ' ' '\n' | sed -n "s/^$step=//p" >>"$dir/page_t_$step"
    done
    echo "$report" | tr ' ' '\n' | awk -F= '$1 ~ /^(parse|index|render|filter|clear|scroll)$/ {s += $2} END {printf "%.1f\n", s}' \
        >>"$dir/page_t_work"
done
med() { bench_median <"$dir/page_t_$1"; }
mb=$(echo "$bytes" | awk '{printf "%.1f", $1 / 1e6}')
met() { awk -v a="$1" -v b="$2" 'BEGIN {print (a < b) ? "yes" : "no"}'; }
echo
echo "| figure ($games studies, median of $runs) | value | target | met |"
echo "|---|---|---|---|"
echo "| page size | $mb MB ($((bytes / games)) bytes an entry) | < 40 MB | $(met "$bytes" 40000000) |"
echo "| load: the HTML read and parsed, to the script | $(med load) ms | | |"
for step in parse index render filter clear scroll; do
    echo "| $step | $(med $step) ms | | |"
done
echo "| the page's work, parse to scroll | $(med work) ms | < 2000 ms | $(met "$(med work)" 2000) |"
echo "| whole headless run (start, load, report) | $(med run) s | < 5 s | $(met "$(med run)" 5) |"
echo "(the filter '$words' kept $(med found) entries)"
echo
python3 "$root/bench/bench_page_scroll.py" "$page" "$profile" "${SCROLL_STEP:-20000}" "$runs" "$words"

if [ "${SPLIT:-1}" != 0 ]; then
    echo
    split=$dir/page_split
    rm -rf "$split"
    mkdir -p "$split"
    sync
    started=$(bench_now)
    bench_reported "$gbr" directory --format html --split-by class -o "$split/studies.html" "$pgn" 2>/dev/null
    ended=$(bench_now)
    echo "--split-by class: $(find "$split" -type f | wc -l) files, $(du -sb "$split" | cut -f1) bytes, written in" \
        "$(echo "$started $ended" | awk '{printf "%.2f", $2 - $1}') s"
fi
