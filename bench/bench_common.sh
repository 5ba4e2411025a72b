# bench/bench_common.sh - the helpers the benchmark scripts share (sourced, not
# run: `. "$root/bench/bench_common.sh"`). POSIX sh; the names start with bench_
# so that a script's own variables and functions cannot collide with them.

# The median of the numbers on standard input, one a line (the lower of the
# two middle ones for an even count), printed as it was read.
bench_median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Seconds since the epoch, with nanoseconds: the difference of two is a wall time.
bench_now() { date +%s.%N; }

# The line that says which machine the figures come from.
bench_cpu_line() { echo "cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) cores online"; }

# Exits 2 unless /usr/bin/time (GNU time) is there for bench_time.
bench_need_time() {
    [ -x /usr/bin/time ] || { echo "needs /usr/bin/time (Debian package time)" >&2; exit 2; }
}

# bench_time DIR NAME CMD...: runs CMD under /usr/bin/time and appends its
# wall time, its CPU time (user + system, in seconds to 3 places) and its peak
# resident memory (KiB) to DIR/t_NAME.wall, .cpu and .rss; DIR/t_NAME.line
# holds the last run's figures. Returns CMD's exit status (the figures are
# kept either way: time(1) writes a line about a failing command before them,
# so the figures are its last line).
bench_time() {
    bench_dir=$1 bench_name=$2
    shift 2
    bench_status=0
    /usr/bin/time -f "%e %U %S %M" -o "$bench_dir/t_$bench_name.last" "$@" || bench_status=$?
    tail -n 1 "$bench_dir/t_$bench_name.last" >"$bench_dir/t_$bench_name.line"
    awk '{printf "%.3f\n", $1}' "$bench_dir/t_$bench_name.line" >>"$bench_dir/t_$bench_name.wall"
    awk '{printf "%.3f\n", $2 + $3}' "$bench_dir/t_$bench_name.line" >>"$bench_dir/t_$bench_name.cpu"
    awk '{print $4}' "$bench_dir/t_$bench_name.line" >>"$bench_dir/t_$bench_name.rss"
    return $bench_status
}

# bench_gbr_and_dir [BUILD_DIR]: sets gbr to BUILD_DIR/gbr (BUILD_DIR defaults
# to $root/build; exits 2 when it is not built) and dir to $BENCH_DIR (default
# /tmp/gbr-bench, where the generated files stay between runs), made if need be.
bench_gbr_and_dir() {
    gbr=${1:-$root/build}/gbr
    [ -x "$gbr" ] || { echo "no $gbr: build first" >&2; exit 2; }
    dir=${BENCH_DIR:-/tmp/gbr-bench}
    mkdir -p "$dir"
}

# bench_reported CMD...: runs CMD, for the commands whose inputs hold planted
# errors: exit status 1 (errors reported) is expected, anything above it (a
# crash, a signal) stops the benchmark with a message on the script's own
# standard error (descriptor 9, kept here, as CMD's may be redirected).
exec 9>&2
bench_reported() {
    bench_rc=0
    "$@" || bench_rc=$?
    [ "$bench_rc" -le 1 ] || { echo "bench: exit status $bench_rc from: $*" >&9; exit 1; }
}

# Instructions of `gbr select --count` on Debian's eco.pgn (a command that
# replays nothing) for BEFORE's gbr and AFTER's, each copied to the same path
# in DIR so that the path's length cannot differ; prints both and their ratio.
# usage: bench_select_count_before_after NAME BEFORE_BUILD AFTER_BUILD DIR
bench_select_count_before_after() {
    command -v valgrind >/dev/null || { echo "$1: valgrind is not installed" >&2; exit 2; }
    for which in before after; do
        if [ $which = before ]; then from=$2/gbr; else from=$3/gbr; fi
        [ -x "$from" ] || { echo "no $from" >&2; exit 2; }
        cp "$from" "$4/gbr-callgrind"
        valgrind -q --tool=callgrind --callgrind-out-file="$4/callgrind.$which" \
            "$4/gbr-callgrind" select --count 'KR...vKR...' /usr/share/pgn-extract/eco.pgn >/dev/null
        eval "count_$which=\$(sed -n 's/^summary: *//p' \"$4/callgrind.$which\")"
    done
    echo "gbr select --count on eco.pgn: $count_before instructions before, $count_after after, ratio" \
        "$(echo "$count_after $count_before" | awk '{printf "%.4f", $1 / $2}')"
}

# study_lines PGN: a line a study with a [FEN] (composer, source, date, FEN,
# tab-separated), which bench/bench_solutions.c gives solutions to.
study_lines() {
    python3 - "$1" <<'PY'
import re, sys
data = open(sys.argv[1], "rb").read().decode("latin-1")
for game in re.split(r"\n(?=\[Event )", data):
    tags = dict(re.findall(r'(?m)^\[(\w+) "([^"\t]*)"\]', game))
    if "FEN" in tags:
        sys.stdout.write("%s\t%s\t%s\t%s\n" % (tags.get("White", "?"), tags.get("Event", "?"),
                                             tags.get("Date", "????.??.??"), tags["FEN"]))
PY
}
