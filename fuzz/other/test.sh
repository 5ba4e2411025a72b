#!/bin/bash
# The harness template's own test (CTest fuzz_other_template): builds the
# example harnesses with clang -fsanitize=fuzzer and checks that
#  1. the implementation's names do not clash with libgbr's: linked without
#     build.sh's localisation the example fails with multiple definitions, and
#     with it links (minigbr defines gbr_material_canonical and
#     gbr_fen_to_material, adapter_libgbr.c a whole second libgbr);
#  2. the seeds alone (the vectors and `gbr vectors --fuzz-corpus`) do not
#     show minigbr's planted defect;
#  3. a run of RUNS executions (fixed seed) finds it: a crash whose report
#     names fen-material, gbr's fen-field and a clock of six or more digits
#     with a leading zero, and whose input minigbr without the defect answers
#     as libgbr does;
#  4. the same run against minigbr without the defect (-DMINIGBR_FIXED) and
#     against libgbr itself behind the adapter reports nothing.
# Prints the executions and seconds each run took.
#
#   fuzz/other/test.sh SOURCE_DIR GBR WORK [RUNS]     (RUNS default 2000000)
#
# Exit 77 (CTest's SKIP_RETURN_CODE) when there is no clang that links
# -fsanitize=fuzzer, or no python3.
set -euo pipefail
source_dir=$1 gbr=$2 work=$3 runs=${4:-2000000}

clang=$(command -v clang || command -v clang-14 || true)
[ -n "$clang" ] || { echo "skip: no clang"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "skip: no python3"; exit 77; }
rm -rf "$work"
mkdir -p "$work"
printf '#include <stddef.h>\n#include <stdint.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return d && n > 9 ? 1 : 0; }\n' \
    > "$work/probe.c"
"$clang" -fsanitize=fuzzer "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 ||
    { echo "skip: $clang does not link -fsanitize=fuzzer (libFuzzer missing)"; exit 77; }

other=$source_dir/fuzz/other
example=$other/example
export CC=$clang CXX=$clang WORK=$work/objects GBR_SOURCE_DIR=$source_dir
export CFLAGS="-g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer,address,undefined"
mkdir -p "$WORK"

# ---- seeds -------------------------------------------------------------------
"$gbr" vectors --out "$work/vectors" --cases "$source_dir/spec/vectors/cases" --fuzz-corpus "$work/generated" >/dev/null
python3 "$other/make_corpus.py" "$work/seeds-minigbr" --vectors "$source_dir/spec/vectors" \
    --fuzz-corpus "$work/generated" --operations material,fen-material
python3 "$other/make_corpus.py" "$work/seeds-all" --vectors "$source_dir/spec/vectors" --fuzz-corpus "$work/generated"

# ---- builds ------------------------------------------------------------------
ADAPTER_CFLAGS= bash "$other/build.sh" "$work/minigbr" "$example/adapter_minigbr.c" "$example/minigbr.c"
ADAPTER_CFLAGS=-DMINIGBR_FIXED bash "$other/build.sh" "$work/minigbr-fixed" "$example/adapter_minigbr.c" "$example/minigbr.c"
ADAPTER_CFLAGS="-std=c11 -I$source_dir/src/include -I$source_dir/src/codec_interface" \
    bash "$other/build.sh" "$work/libgbr" "$example/adapter_libgbr.c" \
    "$source_dir"/src/lib/*.c "$source_dir"/src/ref/*.c "$source_dir"/src/fast/*.c

# 1. Without the localisation the same objects do not link: the names clash.
objects=$WORK/gbr-other-minigbr
if "$clang" $LIB_FUZZING_ENGINE "$objects/harness.o" "$objects"/gbr/*.o "$objects"/other/*.o \
       -o "$work/unlocalised" >"$work/unlocalised.log" 2>&1; then
  echo "FAIL: the example linked without localising libgbr's names: the test shows no clash"
  exit 1
fi
grep -q 'multiple definition of .gbr_material_canonical' "$work/unlocalised.log" ||
    { echo "FAIL: linking without localisation failed, but not on the clashing name:"; tail -5 "$work/unlocalised.log"; exit 1; }
echo "names: without localisation the link fails (multiple definition of gbr_material_canonical); with it, it links"

dict=$other/other.dict
fuzz() { # fuzz NAME BINARY SEEDS: RUNS executions, seed 1; sets status, execs, seconds
  mkdir -p "$work/$1-new"
  local start end
  start=$(date +%s.%N)
  status=0
  "$2" -seed=1 -runs="$runs" -print_final_stats=1 -dict="$dict" -artifact_prefix="$work/$1-" \
      "$work/$1-new" "$3" >"$work/$1.log" 2>&1 || status=$?
  end=$(date +%s.%N)
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$work/$1.log")
  seconds=$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.1f", b - a}')
}

# 2. The seeds alone agree.
"$work/minigbr" -runs=0 "$work/seeds-minigbr" >"$work/seeds-only.log" 2>&1 ||
    { echo "FAIL: the seeds alone already disagree (the planted defect must need the fuzzer):"; grep -A6 '==gbr-other==' "$work/seeds-only.log"; exit 1; }

# 3. The planted defect is found.
fuzz planted "$work/minigbr" "$work/seeds-minigbr"
report=$(grep -A6 '==gbr-other== DISAGREEMENT on fen-material' "$work/planted.log" || true)
if [ "$status" = 0 ] || [ -z "$report" ]; then
  echo "FAIL: $runs executions against minigbr found no disagreement (exit $status)"; tail -5 "$work/planted.log"; exit 1
fi
echo "$report"
echo "$report" | grep -q '^  gbr     error fen-field' || { echo "FAIL: not the planted defect (gbr's answer is not fen-field)"; exit 1; }
echo "$report" | grep -Eq '^  input   .* 0[0-9]{5,}' ||
    { echo "FAIL: not the planted defect (no clock of six or more digits with a leading zero)"; exit 1; }
# The input the engine kept agrees once only the planted defect is removed.
crash=$(ls "$work"/planted-crash-* 2>/dev/null | head -1)
[ -n "$crash" ] || { echo "FAIL: libFuzzer kept no crash input"; exit 1; }
"$work/minigbr-fixed" "$crash" >"$work/planted-replay.log" 2>&1 ||
    { echo "FAIL: minigbr without the planted defect disagrees on the same input:"; grep -A6 '==gbr-other==' "$work/planted-replay.log"; exit 1; }
echo "planted defect: found after $execs executions, $seconds s"

# 4. Nothing is reported against correct implementations.
for clean in minigbr-fixed:seeds-minigbr libgbr:seeds-all; do
  name=${clean%%:*}
  fuzz "$name" "$work/$name" "$work/${clean#*:}"
  if [ "$status" != 0 ] || grep -q '==gbr-other==' "$work/$name.log"; then
    echo "FAIL: $name: a report against a correct implementation (exit $status):"
    grep -A6 '==gbr-other==' "$work/$name.log" || tail -5 "$work/$name.log"
    exit 1
  fi
  echo "$name: no disagreement in $execs executions, $seconds s"
done
