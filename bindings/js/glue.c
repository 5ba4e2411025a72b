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

#include <string.h>

#include "gbr.h"
#include "gbr_replay.h"
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
    sizeof(gbr_replay_position), offsetof(gbr_replay_position, fen), offsetof(gbr_replay_position, san),
    offsetof(gbr_replay_position, written), offsetof(gbr_replay_position, written_length),
    offsetof(gbr_replay_position, line), offsetof(gbr_replay_position, column),
    offsetof(gbr_replay_position, ply), offsetof(gbr_replay_position, depth),
    offsetof(gbr_replay_position, main_line),
    sizeof(gbr_replay_outcome), offsetof(gbr_replay_outcome, status), offsetof(gbr_replay_outcome, line),
    offsetof(gbr_replay_outcome, column), offsetof(gbr_replay_outcome, message),
};
GLUE_EXPORT(gbrjs_layout) const uint32_t *gbrjs_layout(void) { return layout; }
GLUE_EXPORT(gbrjs_layout_count) size_t gbrjs_layout_count(void) { return sizeof layout / sizeof layout[0]; }

/* The C allocator over the arena, for the replayer (gbr_replay.h, the one
 * part of libgbr that allocates): a block keeps its size in the 8 bytes
 * before it; free keeps it, and the arena's release after the call frees
 * every block of the call at once. (wasi-libc's malloc would take the same
 * memory after __heap_base as the arena: it is not linked.) */
void *malloc(size_t n)
{
    if (n > SIZE_MAX - 8u)
        return NULL;
    unsigned char *p = gbrjs_alloc(n + 8u);
    if (!p)
        return NULL;
    memcpy(p, &n, sizeof n);
    return p + 8;
}
void free(void *p) { (void)p; }
void *calloc(size_t count, size_t size)
{
    if (size && count > SIZE_MAX / size)
        return NULL;
    void *p = malloc(count * size);
    if (p)
        memset(p, 0, count * size);
    return p;
}
void *realloc(void *p, size_t n)
{
    if (!p)
        return malloc(n);
    size_t old;
    memcpy(&old, (unsigned char *)p - 8, sizeof old);
    if (n <= old)
        return p;
    void *q = malloc(n);
    if (q)
        memcpy(q, p, old);
    return q;
}

/* The positions of a line gathered for the package: copies of the
 * replayer's, their `written` pointing into the moves in the arena. */
struct gathered {
    gbr_replay_position *positions;
    size_t n, cap;
    int failed;
};

static int gather(void *context, const gbr_replay_position *p)
{
    struct gathered *g = context;
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        gbr_replay_position *more = realloc(g->positions, cap * sizeof *more);
        if (!more) {
            g->failed = 1;
            return 1;
        }
        g->positions = more;
        g->cap = cap;
    }
    g->positions[g->n++] = *p;
    return 0;
}

/* A line of moves from a FEN (fen NULL: the standard start): *outcome
 * filled, *positions the array of the positions played; their number, or
 * SIZE_MAX when the arguments are refused or memory runs out. Everything
 * lies in the arena, released by the caller's mark. */
GLUE_EXPORT(gbrjs_replay_line) size_t gbrjs_replay_line(const char *fen, size_t fen_len, const char *moves,
                                                        size_t moves_len, gbr_replay_outcome *outcome,
                                                        gbr_replay_position **positions)
{
    struct gathered g = {NULL, 0, 0, 0};
    gbr_replay_visitor visitor = {gather, NULL};
    gbr_replayer *r = gbr_replayer_new(&visitor, &g);
    if (!r || !positions)
        return SIZE_MAX;
    gbr_error e = gbr_replay_line(r, fen, fen_len, moves, moves_len, outcome);
    gbr_replayer_free(r);
    if (e != GBR_OK || g.failed)
        return SIZE_MAX;
    *positions = g.positions;
    return g.n;
}
