#!/usr/bin/env bash
# ci/mutants.sh - mutation check of the test suite.
#
# Plants simple defects, one at a time, in each codec's source (a comparison
# flipped, an off-by-one, the 9 rule written as min(white + 3*black, 9), two
# digits swapped when formatting, a pawn limit of 9 instead of 8, ...), builds
# the tree and runs the test suite (ctest). A mutant is caught when some test
# that passes on the unmutated tree fails; it survives otherwise. Prints one
# line per mutant, the catch rate, and exits non-zero when any mutant survives.
#
# Everything happens in a temporary copy of the working tree (build
# directories and .git left out); the real tree is never modified. Each
# pattern is a sed expression that must change its file: a pattern that no
# longer matches, or a mutant that does not compile, is a failure of this
# script (exit 2), so the list keeps up with the codecs' code.
#
# Usage: ci/mutants.sh [--list | --check] [ref | fast | all | MUTANT-ID]
#   --list prints the mutants; --check only verifies that every pattern applies.
# Environment: GBR_MUTANT_JOBS (default 2); GBR_MUTANT_TESTS, a ctest -R regex
# limiting the suite (default the whole suite); GBR_MUTANT_EXCLUDE, a ctest -E
# regex of tests to leave out (for example the builds of other trees, which a
# codec defect cannot change); GBR_MUTANT_KEEP=1 keeps the temporary copy and
# logs.
#
# Exit: 0 every mutant caught; 1 some mutant survived; 2 a pattern did not
# apply, a mutant did not build, or the unmutated tree did not build;
# 3 every mutant caught but some tests already failed on the unmutated tree
# (they were left out of the judgement and are listed).
set -euo pipefail

jobs=${GBR_MUTANT_JOBS:-2}
only_tests=${GBR_MUTANT_TESTS:-}
excluded_tests=${GBR_MUTANT_EXCLUDE:-}
which=all
list_only=0
check_only=0
for arg in "$@"; do
  case $arg in
    --list) list_only=1 ;;
    --check) check_only=1 ;;
    ref|fast|all) which=$arg ;;
    [a-z]*-*) which=$arg ;; # one mutant by its id
    -h|--help) sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "mutants.sh: unknown argument '$arg' (try --help)" >&2; exit 2 ;;
  esac
done

root=$(cd "$(dirname "$0")/.." && pwd)

# ---- The mutants ---------------------------------------------------------
# mutant CODEC ID FILE SED-EXPRESSION DESCRIPTION [regenerate-fast-tables]
# Quotes inside patterns are matched with '.' to keep the shell quoting plain.
ids=() codecs=() files=() exprs=() descriptions=() regens=()
mutant() {
  codecs+=("$1") ids+=("$2") files+=("$3") exprs+=("$4") descriptions+=("$5") regens+=("${6:-}")
}

# Reference codec.
mutant ref ref-nine-as-min src/ref/ref_internal.h \
  's/return (white >= 3 || black >= 3) ? 9 : white + 3 \* black;/return white + 3 * black < 9 ? white + 3 * black : 9;/' \
  "the 9 rule written as min(white + 3*black, 9)"
mutant ref ref-format-pawns-swapped src/ref/ref_material.c \
  '/^void gbr_ref_put_material/,/^}/{s/pawns\[GBR_WHITE\]/pawns[SWAP]/;s/pawns\[GBR_BLACK\]/pawns[GBR_WHITE]/;s/pawns\[SWAP\]/pawns[GBR_BLACK]/}' \
  "the two pawn digits swapped when formatting a material code"
mutant ref ref-counts-nine-pawns src/ref/ref_material.c \
  's/if (c->count\[colour\]\[GBR_PAWN\] > 8)/if (c->count[colour][GBR_PAWN] > 9)/' \
  "material_from_counts allows 9 pawns a side"
mutant ref ref-fen-nine-pawns src/ref/ref_fen.c \
  's/count\[colour\]\[GBR_PAWN\] == 8)/count[colour][GBR_PAWN] == 9)/' \
  "a FEN may hold a ninth pawn of a colour"
mutant ref ref-square-order-flipped src/ref/ref_position.c \
  's/if (square <= \*previous)/if (square >= *previous \&\& *previous >= 0)/' \
  "squares of one colour and type must descend instead of ascend"
mutant ref ref-group-two-black src/ref/ref_position.c \
  's/pr->count\[GBR_BLACK\]\[type\] < 3)/pr->count[GBR_BLACK][type] < 2)/' \
  "a group with only two black squares counts as a 9"
mutant ref ref-promotions-off-by-one src/ref/ref_material.c \
  's/return promoted <= 8 - count\[GBR_PAWN\];/return promoted < 8 - count[GBR_PAWN];/' \
  "promotion rule off by one (promoted < missing pawns)"
mutant ref ref-study-key-shift src/ref/ref_order.c \
  's/key \* (1u << 14)/key * (1u << 13)/' \
  "study key with the material shifted by 13 bits instead of 14"
mutant ref ref-study-key-unchecked src/ref/ref_order.c \
  's/if (s == NULL || !gbr_ref_study_valid(s))/if (s == NULL)/' \
  "the study key of a study that format_study refuses is not 0"
mutant ref ref-study-same-kings src/ref/ref_study.c \
  's/\&\& s->white_king != s->black_king;/;/' \
  "a study with both kings on one square is formatted and keyed"
mutant ref ref-rank-eight-rejected src/ref/ref_internal.h \
  "s/return c >= .1. && c <= .8.;/return c >= '1' \&\& c < '8';/" \
  "rank digit 8 not accepted in squares"
mutant ref ref-fen-run-off-by-one src/ref/ref_fen.c \
  's/if (file + (c - .0.) > 8)/if (file + (c - '"'"'0'"'"') > 9)/' \
  "a FEN digit run may reach a ninth file"

mutant ref ref-truncated-as-other src/ref/ref_text.c \
  '/^gbr_result gbr_ref_expect/,/^}/s/return ref_truncated(r);/return ref_fail_here(r, otherwise);/' \
  "a required byte missing at the end reported as the wrong byte instead of truncated"
mutant ref ref-name-repeat-refused src/ref/ref_name.c \
  's/if (type < latest_type)/if (type <= latest_type)/' \
  "a material name may not repeat a piece letter (KRR refused)"

# Optimised codec.
mutant fast fast-key-counts-not-nine src/fast/fast_board.c \
  's/k\[5 + type\] = m.digit\[type\] == 9 ? /k[5 + type] = m.digit[type] >= 3 ? /' \
  "the position key gives the white count of every type with a digit of 3 or more, not only of a 9"
mutant fast fast-key-indicator-unchecked src/fast/fast_board.c \
  's/if (p == NULL || p->indicator > GBR_IND_BTM)/if (p == NULL || p->indicator > 7)/' \
  "the position key of a board with indicator 7 is not all zero bytes"
mutant fast fast-study-key-unchecked src/fast/fast_study.c \
  's/return study_fields_valid(s) ? study_key_of(s) : 0;/return study_key_of(s);/' \
  "the study key of a study that format_study refuses is not 0"
mutant fast fast-usual-material-eight-pawns src/fast/fast_internal.h \
  's/(x + 0x0000080807070707ULL)/(x + 0x0000070707070707ULL)/' \
  "the usual-material shortcut of the formatters and keys takes 8 pawns (a promoted queen beside them left unchecked)"
mutant fast fast-material-key-unchecked src/fast/fast_material.c \
  's/return fast_material_valid_unusual(m) ? fast_material_number(m) : 0;/return fast_material_number(m);/' \
  "the material key of a material that format_material refuses is not 0"
mutant fast fast-format-digits-swapped src/fast/fast_internal.h \
  '/^static inline uint64_t fast_material_text/,/^}/s/(uint64_t)fast_load32(m->digit)/((uint64_t)m->digit[1] | (uint64_t)m->digit[0] << 8 | (uint64_t)(fast_load32(m->digit) \& 0xFFFF0000u))/' \
  "the queen and rook digits swapped when formatting a material code"
# (Not mutated: the pawn limit inside fast_unusual_counts_to_material's one-word check.
# Its promotion sum already refuses a ninth pawn, so raising that limit is an
# equivalent mutant that no test can catch.)
mutant fast fast-name-nine-pawns src/fast/fast_name.c \
  's/if (type == GBR_PAWN && count\[side\]\[GBR_PAWN\] == 8)/if (type == GBR_PAWN \&\& count[side][GBR_PAWN] == 9)/' \
  "a material name may hold a ninth P"
mutant fast fast-counts-rule-nine-pawns src/fast/fast_material.c \
  's/if (c->count\[0\]\[GBR_PAWN\] > 8 || c->count\[1\]\[GBR_PAWN\] > 8)/if (c->count[0][GBR_PAWN] > 9 || c->count[1][GBR_PAWN] > 9)/' \
  "the rule finder for refused counts allows 9 pawns a side"
mutant fast fast-nine-from-four src/fast/fast_material.c \
  's/uint64_t three = ((pieces | high) - FAST_BYTES(0x03)) & high;/uint64_t three = ((pieces | high) - FAST_BYTES(0x04)) \& high;/' \
  "the 9 rule of exact counts off by one (a 9 only from four of a type)"
mutant fast fast-fen-nine-pawns src/fast/fast_fen.c \
  's/if (men\[cls\] == 8)/if (men[cls] == 9)/' \
  "a FEN may hold a ninth pawn of a colour"
mutant fast fast-square-order-flipped src/fast/fast_position.c \
  's/if ((int)sq <= \*previous)/if ((int)sq >= *previous \&\& *previous >= 0)/' \
  "squares of one colour and type must descend instead of ascend"
mutant fast fast-group-off-by-one src/fast/fast_position.c \
  's/if (n\[0\] < 3 && n\[1\] < 3)/if (n[0] < 2 \&\& n[1] < 2)/' \
  "a group with two squares on a side counts as a 9"
mutant fast fast-promotions-off-by-one src/fast/fast_internal.h \
  's/return promoted + count\[GBR_PAWN\] > 8;/return promoted + count[GBR_PAWN] >= 8;/' \
  "promotion rule of exact counts off by one"
mutant fast fast-pawn-rank-seven src/fast/fast_fen.c \
  's/if (rank == 0 || rank == 7)/if (rank == 0 || rank == 6)/' \
  "FEN pawns refused on rank 7 instead of rank 8"
mutant fast fast-fen-lanes-pawn-edge src/fast/fast_fen_sse2.h \
  's/_mm_andnot_si128(_mm_and_si128(pawn, edge), within)/_mm_andnot_si128(_mm_and_si128(_mm_and_si128(pawn, edge), _mm_setzero_si128()), within)/' \
  "the SSE2 FEN placement reader lets a pawn stand on rank 1 or 8"
mutant fast fast-men-count-ten src/fast/fast_board.c \
  's/if (w >= 10)/if (w > 10)/' \
  "a white men count of 10 written with one digit"

mutant fast fast-square-truncated-column src/fast/fast_internal.h \
  '/^static inline gbr_result fast_precise_square/,/^}/s/return fast_error_at(at + 1, len, GBR_E_EXPECTED_SQUARE);/return at + 1 >= len ? fast_error(GBR_E_TRUNCATED, len) : fast_error_at(at + 1, len, GBR_E_EXPECTED_SQUARE);/' \
  "a square cut after its file letter reported at the length, not length + 1"
mutant fast fast-lanes-kings-unchecked src/fast/fast_position_sse2.h \
  's/_mm_slli_si128(kings, 12));/_mm_setr_epi16(0, 0, 0, 0, 0, 0, 0x106, 0x107));/' \
  "the position lanes never compare a square with the kings' (a man on a king, or equal kings, accepted)"
mutant fast fast-usual-counts-eight-pawns src/fast/fast_internal.h \
  's/|| white\[4\] > 7 || black\[4\] > 7)/|| white[4] > 8 || black[4] > 8)/' \
  "the usual-endgame shortcut takes 8 pawns beside a second queen (a promoted queen left unchecked)"
mutant fast fast-column-keeps-out src/fast/fast_column.c \
  's/    memset(out, 0, size);.*$//' \
  "a failed item of a text column keeps what out[k] held instead of zero bytes"
mutant fast fast-column-error-count src/fast/fast_internal.h \
  '/^static inline __attribute__((always_inline)) size_t fast_text_column/,/^}/s/errors += r.error != GBR_OK;//' \
  "the text columns do not count their failed items"
mutant ref ref-column-backwards-item src/ref/ref_column.c \
  's/            results\[k\] = ref_argument_error();/            results[k] = parse(text, 0, item);/' \
  "the reference column reads an item that ends before it starts as an empty one"
mutant fast fast-usual-counts-lanes-eight-pawns src/fast/fast_material_sse2.h \
  's/0x7D, 0x7D, 0x7D, 0x7D, 0x78, 0x7D, 0x7D, 0x7D, 0x7D, 0x78,/0x7D, 0x7D, 0x7D, 0x7D, 0x77, 0x7D, 0x7D, 0x7D, 0x7D, 0x77,/' \
  "the SSE2 usual-counts test takes 8 pawns beside a second queen (a promoted queen left unchecked)"
mutant fast fast-counts-column-keeps-out src/fast/fast_material.c \
  's/    memset(out, 0, sizeof \*out); \/\* gbr.h: zero bytes for a failed item \*\//    ;/' \
  "a failed item of the counts column keeps what out[k] held instead of zero bytes"
mutant fast fast-material-trailing-column src/fast/fast_material.c \
  's/return fast_error(GBR_E_TRAILING, 8);/return fast_error(GBR_E_TRAILING, 9);/' \
  "trailing bytes after a material code reported one column late"
mutant fast fast-study-lanes-eighth-pawn src/fast/fast_study_sse2.h \
  's/#define STUDY_PLAIN _mm_setr_epi8(8, 8, 8, 8, 0, 7, 7, 7, 8, 0, 7, 7, 7, 7, 7, 7)/#define STUDY_PLAIN _mm_setr_epi8(8, 8, 8, 8, 0, 8, 8, 7, 8, 0, 8, 8, 7, 7, 7, 7)/' \
  "the study lanes take an eighth pawn without asking the §2.4 table (promoted pieces beside 8 pawns accepted)"

selected() { [ "$which" = all ] || [ "$which" = "${codecs[$1]}" ] || [ "$which" = "${ids[$1]}" ]; }
known=0
for i in "${!ids[@]}"; do selected "$i" && known=1; done
if [ "$known" = 0 ]; then echo "mutants.sh: no mutant '$which' (try --list)" >&2; exit 2; fi

if [ "$list_only" = 1 ]; then
  for i in "${!ids[@]}"; do
    selected "$i" || continue
    printf '%-28s %s: %s\n' "${ids[$i]}" "${files[$i]}" "${descriptions[$i]}"
  done
  exit 0
fi

if [ "$check_only" = 1 ]; then
  bad=0
  for i in "${!ids[@]}"; do
    selected "$i" || continue
    if sed -e "${exprs[$i]}" "$root/${files[$i]}" | cmp -s - "$root/${files[$i]}"; then
      echo "BROKEN   ${ids[$i]}: the pattern no longer matches ${files[$i]}"; bad=1
    else
      echo "applies  ${ids[$i]}"
    fi
  done
  exit $((bad * 2))
fi

# ---- A private copy of the tree ------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/gbr-mutants.XXXXXX")
if [ "${GBR_MUTANT_KEEP:-0}" = 1 ]; then
  echo "keeping $work"
else
  trap 'rm -rf "$work"' EXIT
fi
tree=$work/tree build=$work/build logs=$work/logs
mkdir -p "$tree" "$logs"
tar -C "$root" --exclude='./build*' --exclude='./.git' -cf - . | tar -C "$tree" -xf -

regenerate_fast_tables() {
  cc -std=c11 -O1 -I"$tree/src/include" -o "$work/gen_tables" "$tree/src/fast/gen/gen_tables.c" &&
    "$work/gen_tables" > "$tree/src/fast/fast_tables.h"
}

build_tree() { cmake --build "$build" -j "$jobs" > "$1" 2>&1; }

# Runs the suite (less the excluded tests); prints the names of failing tests.
run_suite() {
  local log=$1 exclude=$2
  local args=(--test-dir "$build" -j "$jobs" --no-tests=error --output-on-failure --timeout 900)
  [ -n "$only_tests" ] && args+=(-R "$only_tests")
  [ -n "$exclude" ] && args+=(-E "$exclude")
  ctest "${args[@]}" > "$log" 2>&1 || true
  sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) (.*)$/\1/p' "$log" | sort -u
}

echo "mutants.sh: configuring and building the unmutated copy in $work"
cmake -S "$tree" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo > "$logs/configure.log" 2>&1 ||
  { echo "mutants.sh: the copy does not configure (see $logs/configure.log)" >&2; exit 2; }
build_tree "$logs/build-baseline.log" ||
  { echo "mutants.sh: the unmutated copy does not build:" >&2; tail -20 "$logs/build-baseline.log" >&2; exit 2; }
baseline_failures=$(run_suite "$logs/ctest-baseline.log" "$excluded_tests")
exclude=$excluded_tests
if [ -n "$baseline_failures" ]; then
  echo "mutants.sh: WARNING: these tests fail on the unmutated tree and are left out of the judgement:"
  printf '  %s\n' $baseline_failures
  exclude="^($(printf '%s\n' $baseline_failures | paste -sd'|'))\$${exclude:+|$exclude}"
fi
grep -E 'tests passed|tests failed' "$logs/ctest-baseline.log" | sed 's/^/baseline: /'

total=0 caught=0 survived=0 broken=0
for i in "${!ids[@]}"; do
  selected "$i" || continue
  id=${ids[$i]} file=${files[$i]}
  target=$tree/$file
  if [ ! -f "$target" ]; then
    echo "BROKEN   $id: $file does not exist"
    broken=$((broken + 1)); continue
  fi
  cp "$target" "$work/pristine"
  sed -i -e "${exprs[$i]}" "$target"
  if cmp -s "$target" "$work/pristine"; then
    echo "BROKEN   $id: the pattern no longer matches $file"
    broken=$((broken + 1)); continue
  fi
  if [ -n "${regens[$i]}" ] && ! regenerate_fast_tables > "$logs/$id-regen.log" 2>&1; then
    echo "BROKEN   $id: regenerating the fast tables failed"
    broken=$((broken + 1))
  elif ! build_tree "$logs/$id-build.log"; then
    echo "BROKEN   $id: the mutant does not build (see $logs/$id-build.log)"
    broken=$((broken + 1))
  else
    total=$((total + 1))
    failing=$(run_suite "$logs/$id-ctest.log" "$exclude")
    if [ -n "$failing" ]; then
      caught=$((caught + 1))
      printf 'caught   %-28s %s\n         by: %s\n' "$id" "${descriptions[$i]}" "$(echo $failing)"
    else
      survived=$((survived + 1))
      printf 'SURVIVED %-28s %s (%s)\n' "$id" "${descriptions[$i]}" "$file"
    fi
  fi
  cp "$work/pristine" "$target"
  if [ -n "${regens[$i]}" ]; then
    regenerate_fast_tables > /dev/null 2>&1 || { echo "mutants.sh: cannot restore the fast tables" >&2; exit 2; }
  fi
done
build_tree "$logs/build-restored.log" || { echo "mutants.sh: the restored copy does not build" >&2; exit 2; }

rate=0
[ "$total" -gt 0 ] && rate=$((100 * caught / total))
echo "mutants.sh: $caught of $total mutants caught ($rate%), $survived survived, $broken broken patterns"
if [ "$broken" -gt 0 ]; then exit 2; fi
if [ "$survived" -gt 0 ]; then exit 1; fi
if [ -n "$baseline_failures" ]; then exit 3; fi
exit 0
