#!/bin/sh
# Installs the build into a scratch prefix and builds a program against it
# twice: with find_package(gbr) and with pkg-config. Also checks that the
# command and its man page were installed, that the installed gbr.h keeps the
# codec's layout private, that libgbr.so exports exactly the headers'
# functions and libgbr.a those and its internals renamed gbr_internal_*, and
# that a program's own function named as one of those internals does not clash.
# usage: install_consumer.sh CMAKE BUILD_DIR CONSUMER_SOURCE_DIR WORK_DIR C_COMPILER [C_FLAGS]
# (C_FLAGS: the sanitizer flags the library was built with, if any)
set -eu
cmake=$1 build=$2 consumer=$3 work=$4 cc=$5 cflags=${6-}
fen='8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1'
want='a7d3 0116.00 b2b3c6d6 3/3+.'
fail() { echo "FAIL: $*" >&2; exit 1; }

rm -rf "$work"
mkdir -p "$work"
prefix=$work/prefix
"$cmake" --install "$build" --prefix "$prefix" >"$work/install.log" || fail "cmake --install (see $work/install.log)"

[ -x "$prefix/bin/gbr" ] || fail "bin/gbr not installed"
[ -f "$prefix/share/man/man1/gbr.1" ] || fail "share/man/man1/gbr.1 not installed"
[ -f "$prefix/include/gbr.h" ] || fail "include/gbr.h not installed"
[ -f "$prefix/include/gbr_replay.h" ] || fail "include/gbr_replay.h not installed"
got=$("$prefix/bin/gbr" position --result win "$fen") || fail "installed gbr position failed"
[ "$got" = "$want" ] || fail "installed gbr position gave '$got', want '$want'"

# The golden vectors are installed with gbr, and gbr conform finds them from
# its own directory, outside any checkout: a vector run and --fuzz.
for f in material.tsv study.tsv position.tsv extensions.tsv vectors.schema.json fuzz_report.schema.json json/material.json; do
    [ -f "$prefix/share/gbr/vectors/$f" ] || fail "share/gbr/vectors/$f not installed"
done
got=$(cd "$work" && "$prefix/bin/gbr" conform --level study -- "$prefix/bin/gbr" conform --answer) \
    || fail "installed gbr conform outside a checkout: $got"
case $got in *" passed, 0 failed, 0 skipped, 0 crashed") ;; *) fail "installed gbr conform: $got" ;; esac
got=$(cd "$work" && "$prefix/bin/gbr" conform --fuzz 1 --level material -- "$prefix/bin/gbr" conform --answer) \
    || fail "installed gbr conform --fuzz outside a checkout: $got"
case $got in *" 0 distinct disagreements "*) ;; *) fail "installed gbr conform --fuzz: $got" ;; esac

# find_package(gbr)
"$cmake" -S "$consumer" -B "$work/consumer-build" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_C_COMPILER="$cc" -DCMAKE_C_FLAGS="$cflags" >"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "configuring the consumer"; }
"$cmake" --build "$work/consumer-build" >>"$work/consumer.log" 2>&1 || { cat "$work/consumer.log"; fail "building the consumer"; }
gbr_version=$("$prefix/bin/gbr" --version | sed -n '1s/^gbr \([^ ]*\).*/\1/p')
for program in consumer consumer_shared; do
    got=$("$work/consumer-build/$program" "$fen") || fail "$program failed"
    [ "$got" = "$want" ] || fail "$program gave '$got', want '$want'"
    got=$("$work/consumer-build/$program" --version) || fail "$program --version failed"
    [ "$got" = "$gbr_version" ] || fail "$program: gbr_version() gave '$got', gbr --version '$gbr_version'"
done

# The replayer through gbr_replay.h: a file of two games (a variation, a
# move refused) fed in chunks, and a line from a FEN, both ways.
for program in consumer_replay consumer_replay_shared; do
    "$work/consumer-build/$program" "$consumer/replay.pgn" >"$work/$program.out" || fail "$program failed"
    diff "$consumer/replay.expected" "$work/$program.out" >&2 || fail "$program: positions differ from replay.expected"
    got=$("$work/consumer-build/$program" --line '8/8/8/8/8/k7/8/K6R w - - 0 1' '1. Rh3+ Kb4 2. Rh4+ Kc5') \
        || fail "$program --line failed"
    [ "$(echo "$got" | tail -n 1)" = "line: status 0, 4 moves" ] || fail "$program --line gave '$got'"
    [ "$(echo "$got" | sed -n 5p)" = "1 4 main Kc5 Kc5 8/8/8/2k5/7R/8/8/K7 w - - 4 3" ] \
        || fail "$program --line: the position after 2...Kc5 is not the one expected: '$got'"
done

# pkg-config, shared and static
PKG_CONFIG_PATH=$(dirname "$(find "$prefix" -name gbr.pc)")
export PKG_CONFIG_PATH
[ "$(pkg-config --modversion gbr)" = "$gbr_version" ] \
    || fail "gbr.pc version differs from gbr --version"
# shellcheck disable=SC2046,SC2086  # flags and pkg-config output are word lists on purpose
"$cc" $cflags -o "$work/pc_shared" "$consumer/consumer.c" $(pkg-config --cflags --libs gbr) || fail "pkg-config build"
got=$(LD_LIBRARY_PATH=$(pkg-config --variable=libdir gbr) "$work/pc_shared" "$fen") || fail "pkg-config program failed"
[ "$got" = "$want" ] || fail "pkg-config program gave '$got', want '$want'"
# shellcheck disable=SC2046,SC2086
"$cc" $cflags -o "$work/pc_static" "$consumer/consumer.c" $(pkg-config --cflags gbr) \
    "$(pkg-config --variable=libdir gbr)/libgbr.a" || fail "static build from the pkg-config paths"
got=$("$work/pc_static" "$fen") || fail "static program failed"
[ "$got" = "$want" ] || fail "static program gave '$got', want '$want'"

# A program with functions of its own under the names of libgbr's internals
# links the static library and replays as before: the library's are renamed.
# shellcheck disable=SC2046,SC2086
"$cc" $cflags -o "$work/pc_clash" "$consumer/consumer_replay.c" "$consumer/own_names.c" $(pkg-config --cflags gbr) \
    "$(pkg-config --variable=libdir gbr)/libgbr.a" || fail "a program naming its own pgn_reader_new does not link libgbr.a"
"$work/pc_clash" "$consumer/replay.pgn" >"$work/pc_clash.out" || fail "the program with its own names failed"
diff "$consumer/replay.expected" "$work/pc_clash.out" >&2 || fail "the program with its own names replays otherwise"

# The codec is opaque (its layout is private to libgbr, so entries can be
# added without changing the ABI): a program that reads a codec's member
# does not compile against the installed header.
printf '#include <gbr.h>\nint main(void) { return gbr_codec_ref()->name != 0; }\n' >"$work/layout.c"
# shellcheck disable=SC2046,SC2086
if "$cc" $cflags -c -o "$work/layout.o" "$work/layout.c" $(pkg-config --cflags gbr) 2>"$work/layout.log"; then
    fail "gbr.h exposes the layout of gbr_codec (a program read gbr_codec_ref()->name)"
fi
grep -q 'incomplete' "$work/layout.log" || fail "the layout test failed for another reason: $(cat "$work/layout.log")"

# The shared library exports exactly the functions gbr.h and gbr_replay.h
# declare GBR_API, and nothing else of any kind: none of the chess_, pgn_,
# replay_ or util_ functions behind them, nor the codecs' tables. The static
# library defines those functions and, besides them, only its internals
# renamed gbr_internal_*.
libdir=$(pkg-config --variable=libdir gbr)
declared=$(sed -n 's/^GBR_API [^(]*[ *]\(gbr_[a-z_]*\)(.*/\1/p' "$prefix/include/gbr.h" "$prefix/include/gbr_replay.h" | sort)
exported=$(nm -D --defined-only "$libdir/libgbr.so" | awk 'NF == 3 {print $3}' | sort)
archived=$(nm -g --defined-only "$libdir/libgbr.a" | awk 'NF == 3 {print $3}' | grep -v '^gbr_internal_' | sort)
[ -n "$archived" ] || fail "nm found no global symbol in libgbr.a"
[ "$declared" = "$archived" ] || fail "libgbr.a defines other global symbols than its headers declare and gbr_internal_*:
$(printf '%s\n' "$declared" >"$work/declared"; printf '%s\n' "$archived" | diff "$work/declared" - || true)"
[ -n "$declared" ] || fail "no GBR_API declarations found in gbr.h"
for function in gbr_version gbr_error_name gbr_error_message gbr_codec_fast gbr_codec_name gbr_parse_material \
    gbr_material_from_counts_column gbr_position_key_of gbr_replayer_new gbr_replay_line; do
    echo "$declared" | grep -qx "$function" || fail "gbr.h and gbr_replay.h declare no GBR_API $function (the declaration pattern missed it?)"
done
[ "$declared" = "$exported" ] || fail "libgbr.so exports other functions than its headers declare:
$(printf '%s\n' "$declared" >"$work/declared"; printf '%s\n' "$exported" | diff "$work/declared" - || true)"
echo "install: find_package (static, shared) and pkg-config (shared, static) consumers all print '$want';" \
     "libgbr.so exports the $(echo "$declared" | wc -l) functions of gbr.h and gbr_replay.h and nothing else, libgbr.a those and gbr_internal_*;" \
     "the replayer's consumers replay replay.pgn"
