/* The counts' SSE2 path: the usual counts test of
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
    /* Pieces at most 2, pawns at most 7: adding 0x7F - limit, saturating,
     * sets bit 7 of exactly the counts past their limit. Bytes 10-15 are
     * not counts (their bits are masked off). */
    const __m128i past = _mm_setr_epi8(0x7D, 0x7D, 0x7D, 0x7D, 0x78, 0x7D, 0x7D, 0x7D, 0x7D, 0x78, 0, 0, 0, 0, 0, 0);
    if (_mm_movemask_epi8(_mm_adds_epu8(v, past)) & 0x3FF)
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
