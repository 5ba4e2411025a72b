#!/bin/bash -eu
# Builds every fuzz harness of gbr for ClusterFuzzLite / OSS-Fuzz, with the
# compiler, flags and engine the environment gives ($CC $CXX $CFLAGS
# $CXXFLAGS $LIB_FUZZING_ENGINE), into $OUT: each harness binary, its seed
# corpus <name>_seed_corpus.zip (corpus/<name> and corpus/regressions/<name>),
# its dictionary <name>.dict and <name>.options.
# The harness names come from the one list in fuzz/CMakeLists.txt.
# Local run (no Docker):
#   CC=clang CXX=clang++ CFLAGS="-fsanitize=fuzzer-no-link,address" CXXFLAGS="$CFLAGS" \
#   LIB_FUZZING_ENGINE=-fsanitize=fuzzer SRC=<dir holding gbr/> OUT=<dir> .clusterfuzzlite/build.sh

project="${GBR_SOURCE_DIR:-$SRC/gbr}"
work="${WORK:-$(mktemp -d)}/gbr-objects"
mkdir -p "$work" "$OUT"

# The library: the shared layer and both codecs, as src/CMakeLists.txt builds it.
objects=()
for source in "$project"/src/lib/*.c "$project"/src/ref/*.c "$project"/src/fast/*.c; do
  object="$work/$(basename "$(dirname "$source")")_$(basename "$source" .c).o"
  $CC $CFLAGS -std=c11 -I"$project/src/include" -I"$project/src/codec_interface" -c "$source" -o "$object"
  objects+=("$object")
done
$CC $CFLAGS -std=c11 -I"$project/src/include" -c "$project/fuzz/fuzz_common.c" -o "$work/fuzz_common.o"
# The PGN reader and its movetext walk, the audit rule, the rules of chess,
# the replay and the census's tally and JSON reader, for the pgn_, audit_,
# chess_ and census_ harnesses; the input layer and util, which it reports
# through, for pgn_chunks (linked with libzstd, zlib, libbz2 and threads).
subsystems=(-I"$project/src/pgn" -I"$project/src/collection" -I"$project/src/util" -I"$project/src/chess"
  -I"$project/src/replay" -I"$project/src/census" -I"$project/src/input")
support=("$work/fuzz_common.o")
for source in "$project"/src/pgn/pgn_reader.c "$project"/src/pgn/pgn_movetext.c "$project"/src/collection/code_check.c \
  "$project"/src/chess/*.c "$project"/src/replay/replay.c "$project"/src/census/census_tally.c \
  "$project"/src/census/census_json.c "$project"/src/input/*.c "$project"/src/util/*.c; do
  object="$work/$(basename "$(dirname "$source")")_$(basename "$source" .c).o"
  $CC $CFLAGS -std=c11 -I"$project/src/include" "${subsystems[@]}" -c "$source" -o "$object"
  support+=("$object")
done

for harness in $("$project/fuzz/harnesses.sh"); do
  $CC $CFLAGS -std=c11 -I"$project/src/include" "${subsystems[@]}" -c "$project/fuzz/$harness.c" -o "$work/$harness.o"
  # Linked with the C++ driver: libFuzzer and some engines' libraries are C++.
  $CXX $CXXFLAGS "$work/$harness.o" "${support[@]}" "${objects[@]}" $LIB_FUZZING_ENGINE -lzstd -lz -lbz2 -pthread \
    -o "$OUT/$harness"

  surface="${harness%%_*}"
  cp "$project/fuzz/$surface.dict" "$OUT/$harness.dict"
  printf '[libfuzzer]\ndict = %s.dict\nmax_len = 512\n' "$harness" > "$OUT/$harness.options"
  rm -f "$OUT/${harness}_seed_corpus.zip"
  find "$project/corpus/$harness" "$project/corpus/regressions/$harness" -maxdepth 1 -type f \
      ! -name '.*' 2>/dev/null | zip -q -j "$OUT/${harness}_seed_corpus.zip" -@
done
