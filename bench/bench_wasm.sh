#!/bin/sh
# The WebAssembly module's size and speed against the native library (not a
# test: the figures depend on the machine; the ratios are measured in one run).
#
#   bench/bench_wasm.sh [--fens N] [--reps N] [--codec fast|ref]
#
# On the same N generated FENs (default 200,000; gbr_bench --write-fens),
# nanoseconds per call of materialCode (gbr_fen_to_material) and
# positionForm (gbr_fen_to_position): the native static library, the
# module's call alone from Node (input bytes already in its memory) and the
# package's whole string API (encoding in, decoding out) with the invalid
# tenth thrown as GBRError, the same with the invalid lines answered by the
# non-throwing validate() (checked_ns), and validate() alone over every line;
# medians of --reps passes. Then the ratios to native against the targets:
# the module every page loads (gbr.wasm; the replayer's gbr_replay.wasm is
# loaded apart, its size shown) <= 150 KB, the module's call within 4x native, the string API
# within 10x, and the boundary's own cost (API - module call). Builds build-fast: Release -O2,
# portable x86-64 (no -march=native), and the module with -O2.
set -eu
cd "$(dirname "$0")/.."
fens=200000
reps=7
codec=fast
while [ $# -gt 0 ]; do
    case $1 in
    --fens) fens=$2; shift ;;
    --reps) reps=$2; shift ;;
    --codec) codec=$2; shift ;;
    *) echo "usage: bench/bench_wasm.sh [--fens N] [--reps N] [--codec fast|ref]" >&2; exit 2 ;;
    esac
    shift
done
command -v node >/dev/null || { echo "bench/bench_wasm.sh: needs node" >&2; exit 2; }

build=build-fast
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" >/dev/null
cmake --build "$build" -j2 --target gbr_bench gbr_bench_calls gbr_js >/dev/null
wasm=$build/bindings/js/gbr.wasm
[ -f "$wasm" ] || { echo "bench/bench_wasm.sh: $wasm was not built (clang-14, lld-14, wasi-libc)" >&2; exit 2; }

. bench/bench_common.sh
bench_cpu_line
echo "node $(node --version); codec $codec; $fens FENs; median of $reps passes"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$build/bench/gbr_bench" --write-fens "$fens" "$tmp/fens.txt"

size=$(wc -c <"$wasm")
gz=$(gzip -9 <"$wasm" | wc -c)
echo
echo "module: gbr.wasm $size bytes ($(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1024 }') KB; gzip -9: $gz bytes)"
awk -v s="$size" 'BEGIN { printf "  target <= 150 KB: %s\n", s <= 150 * 1024 ? "met" : "MISSED" }'
# The replayer's module, loaded only by replayLine's first call (no target:
# what every page loads is gbr.wasm alone).
replay_size=$(wc -c <"$build/bindings/js/gbr_replay.wasm")
echo "replayer: gbr_replay.wasm $replay_size bytes (gzip -9: $(gzip -9 <"$build/bindings/js/gbr_replay.wasm" | wc -c) bytes), loaded on first use"

"$build/bench/gbr_bench_calls" "$tmp/fens.txt" "$reps" "$codec" >"$tmp/native"
node bench/bench_wasm.mjs "$build/bindings/js" "$tmp/fens.txt" "$reps" "$codec" >"$tmp/wasm"

echo
printf '%-13s %9s %9s %9s %10s %11s %8s %8s %10s %11s\n' operation native_ns module_ns api_ns checked_ns validate_ns \
    module/n api/n checked/n boundary_ns
join "$tmp/native" "$tmp/wasm" | while read -r op native nsum module api checked valid wsum; do
    if [ "$nsum" != "$wsum" ]; then
        echo "bench/bench_wasm.sh: $op: the module's answers differ from the native ones (checksums $wsum, $nsum)" >&2
        exit 1
    fi
    awk -v op="$op" -v n="$native" -v m="$module" -v a="$api" -v c="$checked" -v v="$valid" 'BEGIN {
        printf "%-13s %9.1f %9.1f %9.1f %10.1f %11.1f %7.2fx %7.2fx %9.2fx %11.1f\n", op, n, m, a, c, v, m / n, a / n, c / n, a - m
        printf "  targets: module call within 4x native: %s; string API within 10x: %s thrown, %s with validate()\n",
               m <= 4 * n ? "met" : "MISSED", a <= 10 * n ? "met" : "MISSED", c <= 10 * n ? "met" : "MISSED"
    }'
done
