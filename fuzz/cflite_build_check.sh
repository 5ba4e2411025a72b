#!/bin/sh
# Runs .clusterfuzzlite/build.sh here, without Docker, with the variables
# OSS-Fuzz would set for one engine, then checks that every harness of the
# list has its binary, seed corpus, dictionary and options in $OUT and that
# each binary runs its own seed corpus.
# Usage: cflite_build_check.sh libfuzzer|afl SOURCE_DIR WORK_DIR
# Exit 77 (CTest's SKIP_RETURN_CODE) when the engine's compiler is missing.
set -eu
engine=$1 source_dir=$2 work=$3

case $engine in
libfuzzer)
  command -v clang >/dev/null 2>&1 && command -v clang++ >/dev/null 2>&1 || { echo "skip: no clang"; exit 77; }
  CC=clang CXX=clang++ CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address" LIB_FUZZING_ENGINE=-fsanitize=fuzzer ;;
afl)
  command -v afl-clang-fast >/dev/null 2>&1 && command -v afl-clang-fast++ >/dev/null 2>&1 || { echo "skip: no afl-clang-fast"; exit 77; }
  driver=/usr/lib/afl/libAFLDriver.a
  [ -f "$driver" ] || { echo "skip: no $driver"; exit 77; }
  CC=afl-clang-fast CXX=afl-clang-fast++ CFLAGS="-O1 -g -fsanitize=address" LIB_FUZZING_ENGINE=$driver ;;
*)
  echo "usage: $0 libfuzzer|afl SOURCE_DIR WORK_DIR" >&2; exit 2 ;;
esac

rm -rf "$work"
mkdir -p "$work/src" "$work/out" "$work/work"
ln -s "$source_dir" "$work/src/gbr"
CXXFLAGS=$CFLAGS SRC=$work/src OUT=$work/out WORK=$work/work AFL_QUIET=1
export CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE SRC OUT WORK AFL_QUIET
bash "$source_dir/.clusterfuzzlite/build.sh"

status=0
count=0
for harness in $("$source_dir/fuzz/harnesses.sh"); do
  count=$((count + 1))
  for file in "$harness" "${harness}_seed_corpus.zip" "$harness.dict" "$harness.options"; do
    if [ ! -s "$OUT/$file" ]; then
      echo "missing or empty: $OUT/$file"
      status=1
    fi
  done
  [ -x "$OUT/$harness" ] || { echo "not executable: $OUT/$harness"; status=1; continue; }
  # Each binary replays its seed corpus (both drivers run files named as arguments).
  seeds=$work/seeds/$harness
  mkdir -p "$seeds"
  unzip -q -o "$OUT/${harness}_seed_corpus.zip" -d "$seeds"
  if [ "$engine" = libfuzzer ]; then
    "$OUT/$harness" -runs=0 "$seeds" >"$work/$harness.log" 2>&1 || { echo "$harness failed on its seeds:"; tail -5 "$work/$harness.log"; status=1; }
  else
    "$OUT/$harness" "$seeds"/* >"$work/$harness.log" 2>&1 || { echo "$harness failed on its seeds:"; tail -5 "$work/$harness.log"; status=1; }
  fi
done
[ "$count" -gt 0 ] || { echo "no harnesses listed"; status=1; }
[ "$status" = 0 ] && echo "cflite build ($engine): $count harnesses with binary, seed corpus, dictionary and options"
exit $status
