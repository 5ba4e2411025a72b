/* The counts' SSE2 path (fast_material.c includes it when FAST_SSE2; a
 * header so that it is inlined): the usual counts test of
 * fast_usual_counts_to_material on the ten counts in one register. */
#include <emmintrin.h>

/* more: another item follows in memory, so 16 bytes can be read at once;
 * else bytes 0-7 and 8-9 are read apart. */
static inline int counts_usual(const gbr_counts *c, gbr_material *out, int more)
{
    __m128i v;
    if (more) {
        v = _mm_loadu_si128((const __m128i *)(const void *)c);
    } else {
        int16_t last;
        memcpy(&last, c->count[1] + 3, 2);
        v = _mm_insert_epi16(_mm_loadl_epi64((const __m128i *)(const void *)c), last, 4);
    }
    /* Pieces at most 2, pawns at most 7; bytes 10-15 anything. */
    const __m128i limit = _mm_setr_epi8(2, 2, 2, 2, 7, 2, 2, 2, 2, 7, -1, -1, -1, -1, -1, -1);
    if (_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, limit), limit)) != 0xFFFF)
        return 0;
    uint32_t w4, b4;
    memcpy(&w4, c->count[0], 4);
    memcpy(&b4, c->count[1], 4);
    uint32_t digits = w4 + 3u * b4;
    memcpy(out->digit, &digits, 4);
    out->pawns[0] = c->count[0][GBR_PAWN];
    out->pawns[1] = c->count[1][GBR_PAWN];
    return 1;
}
