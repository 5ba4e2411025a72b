/* The study code's SSE2 path (inlined into the column entry's loop too):
 * the usual text, [stipulation]abcd.efWKBK with digits 0-8 and pawns 0-7,
 * in one step. */
#include <emmintrin.h>

/* The last 11 bytes of a text of 11 + i bytes (i at most 1), abcd.efWKBK
 * in the usual shape, as one vector from two overlapping 8-byte loads that
 * stay inside the text: lanes 0-7 abcd.efW, lanes 8-15 d.efWKBK, each less
 * its base, so a lane is good when at most its limit (a byte below its base
 * wraps past it). */
static inline __m128i study_vector(const unsigned char *s, size_t i)
{
    __m128i v = _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(s + i)),
                                   _mm_loadl_epi64((const __m128i *)(const void *)(s + i + 3)));
    return _mm_sub_epi8(v, _mm_setr_epi8('0', '0', '0', '0', '.', '0', '0', 'a', '0', '.', '0', '0', 'a', '1', 'a', '1'));
}

/* Bit k set when lane k of v is at most lane k of limit. */
static inline unsigned study_within(__m128i v, __m128i limit)
{
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, limit), limit));
}

/* Piece digits 0-8 and pawns 0-7: no table needed, §2.4 then holds (see
 * fast_material7). */
#define STUDY_PLAIN _mm_setr_epi8(8, 8, 8, 8, 0, 7, 7, 7, 8, 0, 7, 7, 7, 7, 7, 7)

/* The usual text, [stipulation]abcd.efWKBK with plain digits, in one SSE2
 * step: returns 1 and fills *out; 0 for any other text (study_one_pass then
 * takes the 9s, the eighth pawns and the wrappers). */
static inline __attribute__((always_inline)) int study_usual(const unsigned char *s, size_t len, gbr_study *out)
{
    size_t i = len - 11; /* 1 when a stipulation leads */
    if (i > 1)
        return 0;
    __m128i v = study_vector(s, i);
    unsigned good = study_within(v, STUDY_PLAIN);
    /* Without a stipulation s[0] is a digit: stipulation 0. */
    unsigned stipulation = stipulation_of(s[0]);
    uint64_t high = (uint64_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v));
    uint32_t kings = (uint32_t)(high >> 32); /* bytes: files and ranks, white then black */
    if (__builtin_expect(good != 0xFFFF || stipulation < i || kings == (kings >> 16 | kings << 16), 0))
        return 0;
    /* Byte 0 the white king (file * 8 + rank), byte 2 the black (each below
     * 64: no carry). */
    uint32_t squares = kings * 8 + (kings >> 8);
    uint32_t digits = (uint32_t)_mm_cvtsi128_si32(v);
    uint16_t pawns = (uint16_t)(high >> 16);
    memcpy(out->material.digit, &digits, 4);
    memcpy(out->material.pawns, &pawns, 2);
    out->stipulation = (uint8_t)stipulation;
    out->white_king = (uint8_t)squares;
    out->black_king = (uint8_t)(squares >> 16);
    return 1;
}
