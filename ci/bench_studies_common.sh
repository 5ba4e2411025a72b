# shellcheck shell=sh disable=SC2154 # root, dir, games and out are set by the script that sources this
# Helpers of the benchmarks on the generated study collection, sourced by
# ci/bench_studies.sh and ci/bench_ceiling.sh (POSIX sh). Before sourcing, set
# root (the source tree), dir (where the collection is kept), games and out
# (a directory for timings and outputs).

# The games of a file: a line starting "[Event", the first after a byte-order mark.
count_games() { sed '1s/^\xef\xbb\xbf//' "$1" | grep -ac '^\[Event '; }
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# time_cmd NAME CMD...: runs CMD, appending its wall time, CPU time (user +
# system) and peak resident memory (KiB) to $out/t_NAME.{wall,cpu,rss}.
time_cmd() {
    name=$1; shift
    /usr/bin/time -f "%e %U %S %M" -o "$out/t_$name.last" "$@"
    # The last line: before it, time notes a non-zero exit status (a broken FEN gives 1).
    tail -n 1 "$out/t_$name.last" >"$out/t_$name.line"
    awk '{printf "%.3f\n", $1}' "$out/t_$name.line" >>"$out/t_$name.wall"
    awk '{printf "%.3f\n", $2 + $3}' "$out/t_$name.line" >>"$out/t_$name.cpu"
    awk '{print $4}' "$out/t_$name.line" >>"$out/t_$name.rss"
}
med() { median <"$out/t_$1.$2"; }
# repeated NAME COUNT CMD...: CMD run COUNT times in one timing (for the fast ones).
repeated() {
    name=$1 count=$2; shift 2
    # shellcheck disable=SC2016 # expanded by the inner shell
    time_cmd "$name" sh -c 'n=$1; shift; for i in $(seq "$n"); do "$@" >/dev/null; done' sh "$count" "$@"
}

# The collection of $games games (ci/gen/gen_pgn.py --studies, seed 1), made
# once into $dir; sets file to its path.
studies_file() {
    file=$dir/studies_$games.pgn
    if [ ! -s "$file" ]; then
        /usr/bin/time -f "%e %U %S" -o "$out/gen.time" python3 "$root/ci/gen/gen_pgn.py" --studies --games "$games" \
            --seed 1 --wrong-every 100 --broken-every 10007 --duplicate-every 500 --out "$file.tmp"
        mv "$file.tmp" "$file"
        awk '{printf "generated in %.1f s wall, %.1f s CPU\n", $1, $2 + $3}' "$out/gen.time"
    fi
}
