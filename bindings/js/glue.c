/*
 * glue.c - what the JavaScript package needs beside libgbr in its
 * WebAssembly module: a bump arena in the module's memory, where the
 * package puts the bytes and structs it hands to libgbr and reads back
 * the answers, and the layout of the structs it reads, checked at load.
 *
 * libgbr itself never allocates; this arena is the caller's memory, as a
 * C program's stack or heap would be. It lies after the module's data and
 * stack (__heap_base) and grows the memory by pages when a text needs it.
 */
#include <stddef.h>
#include <stdint.h>

#include "gbr.h"
#include "glue.h"

#define GLUE_EXPORT(name) __attribute__((export_name(#name), visibility("default")))
#define PAGE 65536u

extern unsigned char __heap_base;
static size_t used; /* bytes of the arena in use, from __heap_base */

/* n bytes, 8-aligned, from the arena; 0 when the memory cannot grow. */
GLUE_EXPORT(gbrjs_alloc) void *gbrjs_alloc(size_t n) {
    size_t base = (size_t)&__heap_base;
    size_t start = (used + 7u) & ~(size_t)7u;
    if (n > SIZE_MAX - base - start - 8u)
        return NULL;
    size_t end = base + start + n;
    size_t have = __builtin_wasm_memory_size(0) * PAGE;
    if (end > have) {
        size_t pages = (end - have + PAGE - 1u) / PAGE;
        if (__builtin_wasm_memory_grow(0, pages) == SIZE_MAX)
            return NULL;
    }
    used = start + n;
    return (void *)(base + start);
}

/* The arena's mark, and the release of everything allocated after one. */
GLUE_EXPORT(gbrjs_mark) size_t gbrjs_mark(void) { return used; }
GLUE_EXPORT(gbrjs_release) void gbrjs_release(size_t mark) {
    if (mark <= used)
        used = mark;
}

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
