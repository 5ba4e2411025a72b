/*
 * glue.c - what the JavaScript package needs beside libgbr's codecs in
 * gbr.wasm: the layout of the structs it reads, checked at load (the
 * arena where it puts what it hands over is arena.c's).
 */
#include <stddef.h>
#include <stdint.h>

#include "gbr.h"
#include "glue.h"

/* Sizes and offsets of the structs the package reads and writes, so that
 * it refuses a module built with another layout instead of misreading. */
static const uint32_t layout[] = {
    sizeof(gbr_result),      offsetof(gbr_result, error),  offsetof(gbr_result, column),
    offsetof(gbr_result, length),
    sizeof(gbr_material),    sizeof(gbr_study),            offsetof(gbr_study, stipulation),
    offsetof(gbr_study, white_king),                       offsetof(gbr_study, black_king),
    sizeof(gbr_position),    offsetof(gbr_position, indicator),
    sizeof(gbr_counts),
    sizeof(gbr_recognised),  offsetof(gbr_recognised, value),
    sizeof(gbr_scan_match),  offsetof(gbr_scan_match, start), offsetof(gbr_scan_match, end),
    offsetof(gbr_scan_match, resume), offsetof(gbr_scan_match, canonical_len),
    offsetof(gbr_scan_match, canonical),
    sizeof(gbr_query),       sizeof(gbr_query_subject),
};
GLUE_EXPORT(gbrjs_layout) const uint32_t *gbrjs_layout(void) { return layout; }
GLUE_EXPORT(gbrjs_layout_count) size_t gbrjs_layout_count(void) { return sizeof layout / sizeof layout[0]; }
