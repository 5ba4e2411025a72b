/* Test hooks: each fast path of the optimised codec on its own, so that
 * src/fast/tests/fast_path_hooks.c can check, one path at a time, that it
 * either hands an input over (returns 0, *out untouched) or accepts it
 * (returns 1) with exactly the reference codec's parsed value. Hidden
 * symbols of libgbr, reached by tests linked to the static library. */
#ifndef GBR_FAST_HOOKS_H
#define GBR_FAST_HOOKS_H
#include "gbr.h"

#define FAST_HOOK __attribute__((visibility("hidden")))

/* One hook a path of the table in docs/performance.md ("The optimised codec:
 * accept exactly, or hand over"), named after it. */
FAST_HOOK int fast_hook_material_long(const char *s, size_t len, gbr_material *out);
FAST_HOOK int fast_hook_counts_usual(const gbr_counts *c, gbr_material *out);
FAST_HOOK int fast_hook_counts_unusual(const gbr_counts *c, gbr_material *out);
FAST_HOOK int fast_hook_study_usual(const char *s, size_t len, gbr_study *out);
FAST_HOOK int fast_hook_study_one_pass(const char *s, size_t len, gbr_study *out);
FAST_HOOK int fast_hook_position_few_men(const char *s, size_t len, gbr_position *out);
FAST_HOOK int fast_hook_fen_placement(const char *s, size_t len, gbr_position *out);
FAST_HOOK int fast_hook_fen_common_shape(const char *s, size_t len, gbr_position *out);

#endif
