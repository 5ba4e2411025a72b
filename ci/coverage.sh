#!/bin/sh
# Line and branch coverage of the two codecs (src/ref, src/fast) reached by
# replaying the fuzz corpora: corpus/<harness>/ and corpus/regressions/<harness>/.
#
#   ci/coverage.sh [MIN_LINE_PERCENT]
#
# Builds build-fuzz-coverage with gcc --coverage -O0 (replay engine), runs
# every harness of fuzz/CMakeLists.txt over its inputs, and prints gcovr's
# figures for each codec and for both together. With MIN_LINE_PERCENT, exits 1
# when the codecs' line coverage together is below it.
set -eu
min=${1:-}
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
build=build-fuzz-coverage
harnesses=$(fuzz/harnesses.sh)

cmake -S . -B "$build" -DCMAKE_C_COMPILER=gcc -DCMAKE_BUILD_TYPE=Debug -DGBR_FUZZ_ENGINE=replay \
      -DCMAKE_C_FLAGS="--coverage -O0" -DCMAKE_EXE_LINKER_FLAGS=--coverage -DCMAKE_SHARED_LINKER_FLAGS=--coverage \
      >/dev/null
# shellcheck disable=SC2086
cmake --build "$build" -j2 --target $harnesses >/dev/null
find "$build" -name '*.gcda' -delete

for h in $harnesses; do
  set -- "corpus/$h"
  if [ -d "corpus/regressions/$h" ]; then set -- "$@" "corpus/regressions/$h"; fi
  "$build/fuzz/$h" "$@" >/dev/null
done

codec_sources='src/(ref|fast)/[^/]*\.c$'
for part in ref fast; do
  echo "---- src/$part"
  gcovr -r . --filter "src/$part/[^/]*\\.c\$" --print-summary -o /dev/null "$build" | sed 's/^/  /'
done
echo "---- src/ref and src/fast together"
summary=$(gcovr -r . --filter "$codec_sources" --print-summary -o /dev/null "$build")
echo "$summary" | sed 's/^/  /'
echo "---- per file (lines)"
gcovr -r . --filter "$codec_sources" "$build" | sed -n '/^File/,$p' | grep -v '^-' | sed 's/^/  /'

if [ -n "$min" ]; then
  percent=$(echo "$summary" | sed -n 's/^lines: *\([0-9.]*\)%.*/\1/p')
  if awk -v p="$percent" -v m="$min" 'BEGIN {exit !(p < m)}'; then
    echo "coverage: lines $percent% is below $min%"
    exit 1
  fi
fi
