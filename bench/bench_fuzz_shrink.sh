#!/bin/sh
# Benchmark of `gbr conform --fuzz` shrinking within its share of the budget
# (docs/implementers.md, "Differential fuzzing"), in one run, printing figures
# and ratios (not a test; no target is asserted here): for every defect
# fixture of spec/vectors/fixtures
# (each at the levels it breaks), one run with the default --shrink-share and
# one with --shrink-share 0 (no shrinking), each of SECONDS (default 6) with
# seed 1, and for each: generated cases per second, the share of the run spent
# shrinking, the findings and the fault lines, whether any finding was found
# (every planted defect must be), and the rate with shrinking over the rate
# without. REPEAT (default 1) runs each REPEAT times and quotes medians.
# MODE=per-case runs the fixtures one process a case instead of batch mode.
#
# usage: bench/bench_fuzz_shrink.sh [BUILD_DIR]   (default build; needs BUILD_DIR/gbr)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
gbr=$build/gbr
vectors=$root/spec/vectors
fixtures=$root/spec/vectors/fixtures
seconds=${SECONDS_EACH:-6}
repeat=${REPEAT:-1}
mode=${MODE:-auto}
py=$(command -v python3)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT INT TERM
export PYTHONPYCACHEPREFIX="$scratch/pycache"
. "$root/bench/bench_common.sh"
[ -x "$gbr" ] || { echo "bench_fuzz_shrink: no $gbr (build first)" >&2; exit 2; }

fen_ops=fen-material,fen-study,fen-study-win,fen-study-draw
# fixture and the options that choose the operations it breaks
levels() {
  case $1 in
    defect_stipulation_range|defect_kings_apart|defect_unicode_digits) echo "--level study" ;;
    defect_fen_*) echo "--level extensions --operations $fen_ops" ;;
    *) echo "--level material" ;;
  esac
}

bench_cpu_line
echo "each run: --fuzz $seconds --seed 1, mode $mode, $repeat run(s) a figure (medians)"
printf '%-28s %12s %12s %6s %9s %9s %6s %s\n' fixture "cases/s" "no shrink" ratio shrinking findings faults found
status=0
for path in "$fixtures"/defect_*.py; do
  name=$(basename "$path" .py)
  for share in default 0; do
    : >"$scratch/$name.$share"
    i=0
    while [ $i -lt "$repeat" ]; do
      set -- --fuzz "$seconds" --seed 1 --json --mode "$mode" --vectors "$vectors"
      [ "$share" = default ] || set -- "$@" --shrink-share "$share"
      # shellcheck disable=SC2046 # the level options are words
      "$gbr" conform "$@" $(levels "$name") -- "$py" -S "$path" >"$scratch/report.json" 2>/dev/null || true
      "$py" -c '
import json, sys
r = json.load(open(sys.argv[1]))
print(r["cases"] / r["seconds"], 100 * r["shrink_seconds"] / r["seconds"], r["shrink_share"], r["distinct"],
      len(r["faults"]))' "$scratch/report.json" >>"$scratch/$name.$share"
      i=$((i + 1))
    done
  done
  rate=$(awk '{print $1}' "$scratch/$name.default" | bench_median)
  rate0=$(awk '{print $1}' "$scratch/$name.0" | bench_median)
  spent=$(awk '{print $2}' "$scratch/$name.default" | bench_median)
  share=$(awk 'NR == 1 {print $3}' "$scratch/$name.default")
  findings=$(awk '{print $4}' "$scratch/$name.default" | bench_median)
  faults=$(awk '{print $5}' "$scratch/$name.default" | bench_median)
  found=yes
  [ "$findings" -gt 0 ] || { found=NO; status=1; }
  printf '%-28s %12.0f %12.0f %6.2f %8.1f%% %9d %6d %s\n' "$name" "$rate" "$rate0" \
    "$(awk "BEGIN { print $rate / $rate0 }")" "$spent" "$findings" "$faults" "$found"
done
echo "(shrinking: the median share of the run spent shrinking, against a share of ${share:-25}%;"
echo " ratio: cases/s with shrinking over cases/s without)"
exit $status
