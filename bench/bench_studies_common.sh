# shellcheck shell=sh disable=SC2154 # root, dir, games and out are set by the script that sources this
# Helpers of the benchmarks on the generated study collection, sourced by
# bench/bench_studies.sh, bench_ceiling.sh and bench_lookup_reached.sh (POSIX
# sh) after
# bench/bench_common.sh. Before sourcing, set root (the source tree), dir (where
# the collection is kept), games and out (a directory for timings and outputs).

# The games of a file: a line starting "[Event", the first after a byte-order mark.
count_games() { sed '1s/^\xef\xbb\xbf//' "$1" | grep -ac '^\[Event '; }
# time_cmd NAME CMD...: CMD's figures appended to $out/t_NAME.{wall,cpu,rss}.
time_cmd() { bench_time "$out" "$@"; }
med() { bench_median <"$out/t_$1.$2"; }
# repeated NAME COUNT CMD...: CMD run COUNT times in one timing (for the fast ones).
repeated() {
    name=$1 count=$2; shift 2
    # shellcheck disable=SC2016 # expanded by the inner shell
    time_cmd "$name" sh -c 'n=$1; shift; for i in $(seq "$n"); do "$@" >/dev/null; done' sh "$count" "$@"
}

# The collection of $games games (src/cli/tests/gen/gen_pgn.py --studies, seed 1), made
# once into $dir; sets file to its path.
studies_file() {
    file=$dir/studies_$games.pgn
    if [ ! -s "$file" ]; then
        /usr/bin/time -f "%e %U %S" -o "$out/gen.time" python3 "$root/src/cli/tests/gen/gen_pgn.py" --studies --games "$games" \
            --seed 1 --wrong-every 100 --broken-every 10007 --duplicate-every 500 --out "$file.tmp"
        mv "$file.tmp" "$file"
        awk '{printf "generated in %.1f s wall, %.1f s CPU\n", $1, $2 + $3}' "$out/gen.time"
    fi
}
