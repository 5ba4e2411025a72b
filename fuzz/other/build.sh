#!/bin/bash
# Builds the coverage-guided differential harness of another GBR
# implementation: fuzz/other/harness.c, libgbr and the implementer's adapter
# and library, in one fuzzer binary.
#
#   fuzz/other/build.sh OUTPUT FILE...
#
# FILE: the adapter (a .c file defining adapter.h's functions) and the other
# implementation, as sources (.c compiled with $CC, .cc/.cpp/.cxx with $CXX,
# both with $CFLAGS/$CXXFLAGS and $ADAPTER_CFLAGS, e.g. -I their/include),
# objects (.o) or archives (.a), linked as given.
# Environment, as OSS-Fuzz and ClusterFuzzLite set it (defaults for a local
# libFuzzer build): CC (clang), CXX (clang++, else $CC), CFLAGS
# ("-g -O1 -fsanitize=fuzzer-no-link,address,undefined"), CXXFLAGS ($CFLAGS),
# LIB_FUZZING_ENGINE (-fsanitize=fuzzer, plus the sanitizers of the default
# CFLAGS), ADAPTER_CFLAGS, WORK (a scratch directory; default a new one under
# $TMPDIR), GBR_SOURCE_DIR (the gbr checkout; default this script's ../..),
# LD (ld) and OBJCOPY (objcopy), NM (nm).
#
# Names: libgbr and reference.c are first linked into one relocatable object
# (ld -r), and every global symbol it defines is then made local (objcopy
# --localize-symbols) but the three gbr_other_reference_ functions the harness
# calls and the compiler's and sanitizers' own names (those starting with __,
# which C code may not define; their __odr_asan_gen_ indicators of libgbr's
# globals are made local too). So no name of libgbr can clash with a name of
# the other implementation or its adapter, whatever they are called: even a
# second copy of libgbr links beside it (fuzz/other/example/adapter_libgbr.c).
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 OUTPUT FILE... (the adapter and the other implementation: .c .cc .cpp .cxx .o .a)" >&2
  exit 2
fi
output=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
gbr=${GBR_SOURCE_DIR:-$(cd "$here/../.." && pwd)}
CC=${CC:-clang}
if [ -z "${CFLAGS:-}" ]; then
  CFLAGS="-g -O1 -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all"
  LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:-"-fsanitize=fuzzer,address,undefined"}
fi
CXX=${CXX:-$CC}
CXXFLAGS=${CXXFLAGS:-$CFLAGS}
LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:--fsanitize=fuzzer}
ADAPTER_CFLAGS=${ADAPTER_CFLAGS:-}
LD=${LD:-ld}
OBJCOPY=${OBJCOPY:-objcopy}
NM=${NM:-nm}
work=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/gbr-other.XXXXXX")}/gbr-other-$(basename "$output")
rm -rf "$work"
mkdir -p "$work/gbr" "$work/other"

# ---- libgbr's side: one object whose only global names are the harness's --
gbr_objects=()
for source in "$gbr"/src/lib/*.c "$gbr"/src/ref/*.c "$gbr"/src/fast/*.c "$here/reference.c"; do
  object="$work/gbr/$(basename "$(dirname "$source")")_$(basename "$source" .c).o"
  # shellcheck disable=SC2086
  $CC $CFLAGS -std=c11 -I"$gbr/src/include" -I"$gbr/src/codec_interface" -I"$here" -c "$source" -o "$object"
  gbr_objects+=("$object")
done
$LD -r -o "$work/gbr_side.o" "${gbr_objects[@]}"
$NM -g --defined-only "$work/gbr_side.o" | awk 'NF == 3 {print $3}' |
  grep -v -e '^gbr_other_reference_' -e '^__' > "$work/localize.txt" || true
$NM -g --defined-only "$work/gbr_side.o" | awk 'NF == 3 {print $3}' | grep -e '^__odr_asan_gen_' >> "$work/localize.txt" || true
grep -q '^gbr_protocol_answer$' "$work/localize.txt" || { echo "$0: libgbr's symbols not found in $work/gbr_side.o" >&2; exit 1; }
$OBJCOPY --localize-symbols="$work/localize.txt" "$work/gbr_side.o"
left=$($NM -g --defined-only "$work/gbr_side.o" | awk 'NF == 3 {print $3}' | grep -v -e '^gbr_other_reference_' -e '^__' || true)
if [ -n "$left" ]; then
  echo "$0: global names left in libgbr's object: $left" >&2
  exit 1
fi

# ---- the harness, the adapter and the other implementation -------------------
# shellcheck disable=SC2086
$CC $CFLAGS -std=c11 -I"$here" -c "$here/harness.c" -o "$work/harness.o"
other_objects=()
n=0
for file in "$@"; do
  n=$((n + 1))
  base="$work/other/$n-$(basename "$file")"
  case $file in
  *.c)
    # shellcheck disable=SC2086
    $CC $CFLAGS $ADAPTER_CFLAGS -I"$here" -c "$file" -o "$base.o"; other_objects+=("$base.o") ;;
  *.cc|*.cpp|*.cxx)
    # shellcheck disable=SC2086
    $CXX $CXXFLAGS $ADAPTER_CFLAGS -I"$here" -c "$file" -o "$base.o"; other_objects+=("$base.o") ;;
  *.o|*.a)
    other_objects+=("$file") ;;
  *)
    echo "$0: $file: not a .c, .cc, .cpp, .cxx, .o or .a file" >&2; exit 2 ;;
  esac
done
# Linked with the C++ driver, as OSS-Fuzz does: libFuzzer is C++.
# shellcheck disable=SC2086
$CXX $CXXFLAGS "$work/harness.o" "$work/gbr_side.o" "${other_objects[@]}" $LIB_FUZZING_ENGINE -o "$output"
