/* Test hooks: each fast path of the optimised codec on its own, so that
 * src/fast/tests/fast_path_hooks.c can check, one path at a time, that it
 * either hands an input over (returns 0, *out untouched) or accepts it
 * (returns 1) with exactly the reference codec's parsed value. Hidden
 * symbols of libgbr, reached by tests linked to the static library. */
#ifndef GBR_FAST_HOOKS_H
#define GBR_FAST_HOOKS_H
#include "gbr.h"

#define FAST_HOOK __attribute__((visibility("hidden")))

/* Material codes: the 7-byte long code as one word (fast_material7). */
FAST_HOOK int fast_hook_material_long(const char *s, size_t len, gbr_material *out);
/* Exact counts: the usual counts (at most 2 pieces of a type, 7 pawns),
 * with SSE2 in one register; and every other count that can exist. */
FAST_HOOK int fast_hook_counts_usual(const gbr_counts *c, gbr_material *out);
FAST_HOOK int fast_hook_counts_unusual(const gbr_counts *c, gbr_material *out);
/* Study codes: the usual text (SSE2: one step; else the one-pass path),
 * and the one pass over [wrapper][stipulation]abcd.efWKBK[closer]. */
FAST_HOOK int fast_hook_study_usual(const char *s, size_t len, gbr_study *out);
FAST_HOOK int fast_hook_study_one_pass(const char *s, size_t len, gbr_study *out);
/* Position forms: 1 to 6 men besides the kings in 16-bit lanes (SSE2 only;
 * the portable build hands every text over). */
FAST_HOOK int fast_hook_position_few_men(const char *s, size_t len, gbr_position *out);
/* FEN: the placement up to its space then the other fields (parse_fen's
 * fast path), and the common shape "PLACEMENT w|b - - 0 1" of
 * fen_to_position, whose placement is the first len - 10 bytes. */
FAST_HOOK int fast_hook_fen_placement(const char *s, size_t len, gbr_position *out);
FAST_HOOK int fast_hook_fen_common_shape(const char *s, size_t len, gbr_position *out);

#endif
