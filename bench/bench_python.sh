#!/bin/sh
# Benchmark of the Python binding (bindings/python), in one run: the
# conversions gbr.material_code and gbr.study_code per call and in bulk
# (gbr.material_codes, gbr.study_codes) on N generated FENs, against
#   - libgbr's own rate on the same FENs (gbr_bench_lines, C, no Python), measured
#     in turn with the bulk call it is set against (the load moves; both see it),
#   - the pure-Python fixture spec/vectors/fixtures/fen_material.py (the
#     material_study.py implementation with FEN input), per call,
#   - spawning `gbr material` / `gbr study` once per position.
# It prints each figure and the ratios the targets are set on (docs/performance.md):
# a call returning str >= 1 M calls/s; bulk >= 80% of C; per call >= 50x the fixture;
# then threads (scan of a large bytes text: 4 threads >= 1.7x one on 2 cores;
# the column functions' speedup, GIL share and Amdahl bound), scan of a
# non-ASCII str against bytes, and MaterialCode.parse against material_canonical.
# Not a test: the figures depend on the machine; the ratios are of one run.
#
#   bench/bench_python.sh [--fens N] [--reps N]      (defaults 1000000, 5)
#
# Uses build/ (cmake --preset default; gbr, gbr_bench, gbr_bench_lines) and
# makes build/bench-python/venv with /usr/bin/python3 (GBR_PYTHON overrides),
# installing bindings/python into it as README.md says.
set -eu
cd "$(dirname "$0")/.."
fens=1000000
reps=5
while [ $# -gt 0 ]; do
    case $1 in
    --fens) fens=$2; shift ;;
    --reps) reps=$2; shift ;;
    *) echo "usage: bench/bench_python.sh [--fens N] [--reps N]" >&2; exit 2 ;;
    esac
    shift
done
python=${GBR_PYTHON:-/usr/bin/python3}
cmake --build --preset default --target gbr gbr_bench gbr_bench_lines >/dev/null
work=build/bench-python
rm -rf "$work"
mkdir -p "$work"
"$python" -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --quiet --no-build-isolation --no-index --disable-pip-version-check ./bindings/python
rm -rf bindings/python/build bindings/python/*.egg-info
build/bench/gbr_bench --valid --write-fens "$fens" "$work/fens.txt"
echo "interpreter: $python ($("$python" -c 'import sys; print(sys.version.split()[0])')); $fens FENs, medians of $reps"
"$work/venv/bin/python" bench/bench_python.py --fens "$work/fens.txt" --reps "$reps" --gbr build/gbr \
    --bench-lines build/bench/gbr_bench_lines
