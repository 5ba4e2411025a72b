/*
 * arena.c - the memory of the package's WebAssembly modules (gbr.wasm and
 * gbr_replay.wasm each link it): a bump arena in the module's memory,
 * where the package puts the bytes and structs it hands to libgbr and
 * reads back the answers.
 *
 * libgbr's codecs never allocate; this arena is the caller's memory, as a
 * C program's stack or heap would be. It lies after the module's data and
 * stack (__heap_base) and grows the memory by pages when a text needs it.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "glue.h"

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
