/*
 * sort_radix.h - the stable LSD radix sort of `gbr sort` and `gbr directory`:
 * arrays of structs ordered by a 64-bit member, eight passes of one byte
 * each, a pass skipped when every item has the same byte there (the counts
 * of all eight bytes are taken in one pass over the items first). Equal keys
 * keep their order, so a caller that needs a finer order sorts only the runs
 * of equal keys further.
 *
 * Written once as a macro: SORT_RADIX_DEFINE(name, type, member) defines
 *   static void name(type *items, type *scratch, size_t n)
 * which sorts items[0, n) by items[i].member, using scratch (n items) as the
 * other buffer of each pass. A function on sizes alone would copy every item
 * with a call to memcpy; typed, each copy is a few moves.
 */
#ifndef GBR_SORT_RADIX_H
#define GBR_SORT_RADIX_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define SORT_RADIX_DEFINE(name, type, member)                                                                      \
    static void name(type *items, type *scratch, size_t n)                                                         \
    {                                                                                                              \
        if (n < 2)                                                                                                 \
            return;                                                                                                \
        size_t count[8][256];                                                                                      \
        memset(count, 0, sizeof count);                                                                            \
        for (size_t i = 0; i < n; i++) {                                                                           \
            uint64_t k = items[i].member;                                                                          \
            for (unsigned b = 0; b < 8; b++)                                                                       \
                count[b][(k >> (8 * b)) & 255u]++;                                                                 \
        }                                                                                                          \
        type *src = items, *dst = scratch;                                                                         \
        for (unsigned b = 0; b < 8; b++) {                                                                         \
            unsigned shift = 8 * b;                                                                                \
            if (count[b][(src[0].member >> shift) & 255u] == n)                                                    \
                continue; /* every item has this byte: the pass would change nothing */                            \
            size_t at = 0;                                                                                         \
            for (unsigned d = 0; d < 256; d++) {                                                                   \
                size_t c = count[b][d];                                                                            \
                count[b][d] = at;                                                                                  \
                at += c;                                                                                           \
            }                                                                                                      \
            for (size_t i = 0; i < n; i++)                                                                         \
                dst[count[b][(src[i].member >> shift) & 255u]++] = src[i];                                         \
            type *t = src;                                                                                         \
            src = dst;                                                                                             \
            dst = t;                                                                                               \
        }                                                                                                          \
        if (src != items)                                                                                          \
            memcpy(items, src, n * sizeof *items);                                                                 \
    }

#endif /* GBR_SORT_RADIX_H */
