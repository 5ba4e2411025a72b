/* The board scan's SSE2 paths (their contracts: fast_board.c). */
#include <emmintrin.h>

static inline uint64_t occupied(const gbr_position *p)
{
    uint64_t occ = 0;
    const __m128i zero = _mm_setzero_si128();
    for (unsigned k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p->board + 16 * k));
        unsigned empty = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero));
        occ |= (uint64_t)(~empty & 0xFFFFu) << (16 * k);
    }
    return occ;
}

/* Nine 16-byte stores, unrolled: a plain memset of this size (or a loop the
 * compiler turns into one) may become `rep stos`, whose start-up costs more
 * than the board scan itself. */
static inline void masks_clear(board_masks *b)
{
    const __m128i zero = _mm_setzero_si128();
#pragma GCC unroll 8
    for (unsigned k = 0; k < 16; k += 2)
        _mm_storeu_si128((__m128i *)(void *)(b->man + k), zero);
    _mm_storeu_si128((__m128i *)(void *)b->count, zero);
}
