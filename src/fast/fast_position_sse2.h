/* The position form's SSE2 paths: the head in one step, and the common
 * form of 1 to 6 men besides the kings taken whole, each man in a 16-bit
 * lane. */
#include <emmintrin.h>

/* The head's syntax, all 13 bytes at once (s has at least 16): *x is the
 * text less "a1a1 0000.00 ", each byte at most its limit, 7 for the kings'
 * files and ranks, 8 for the digits and pawns, 0 for the spaces and the
 * '.' (a byte below its base wraps past its limit). */
static inline int head_vector(const unsigned char *s, __m128i *x)
{
    *x = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)s),
                      _mm_setr_epi8('a', '1', 'a', '1', ' ', '0', '0', '0', '0', '.', '0', '0', ' ', 0, 0, 0));
    __m128i over = _mm_subs_epu8(*x, _mm_setr_epi8(7, 7, 7, 7, 0, 8, 8, 8, 8, 0, 8, 8, 0, -1, -1, -1));
    return _mm_movemask_epi8(_mm_cmpeq_epi8(over, _mm_setzero_si128())) == 0xFFFF;
}

/* The text after the men count's digits, as a number: its bytes (first
 * byte lowest) and its length in the top byte. Slot h of these tables is
 * the text whose number times INDICATOR_HASH has h in its top three
 * bits (a multiplier found by search: the seven texts take seven slots). */
#define INDICATOR_HASH 0xDEFC044A09325627ULL
static const uint64_t indicator_key[8] = {
    0x0200000000002E2BULL, /* "+." */
    0x010000000000002EULL, /* "." */
    UINT64_MAX,            /* no text */
    0x03000000002E3D2DULL, /* "-=." */
    0x0500002E4D545720ULL, /* " WTM." */
    0x0200000000002E3DULL, /* "=." */
    0x03000000002E2B2DULL, /* "-+." */
    0x0500002E4D544220ULL, /* " BTM." */
};
static const uint8_t indicator_value[8] = {GBR_IND_WIN,  GBR_IND_NONE, 0,           GBR_IND_BLACK_DRAW,
                                           GBR_IND_WTM, GBR_IND_DRAW, GBR_IND_BLACK_WIN, GBR_IND_BTM};

/* 16-bit lanes 0 to n - 1 all ones, the others zero: 8 lanes from
 * ones_then_zeros + 8 - n. */
static const uint16_t ones_then_zeros[16] = {0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF, 0xFFFF};
static inline __m128i lanes_below(unsigned n)
{
    return _mm_loadu_si128((const __m128i *)(const void *)(ones_then_zeros + 8 - n));
}

/* Each 16-bit lane "file rank" less "a1" as a square, file * 8 + rank when
 * both bytes are 0-7 (rank * 2048, a multiple of 64, masked away); 0-63
 * in every lane. */
static inline __m128i lane_squares(__m128i x)
{
    return _mm_and_si128(_mm_add_epi16(_mm_slli_epi16(x, 3), _mm_srli_epi16(x, 8)), _mm_set1_epi16(63));
}

/* v with its 16-bit lanes turned by one (lane k moved to lane k - 1). */
static inline __m128i turn_lanes(__m128i v) { return _mm_or_si128(_mm_srli_si128(v, 2), _mm_slli_si128(v, 14)); }

/* The squares of a form with 1 to 6 men besides the kings, each man in a
 * 16-bit lane of one vector and no loop: the field's bytes (at most 14 from
 * s + 13) are all in one load. kings holds the kings' squares in lanes 0
 * and 1, code64 the men's board codes, a byte each in written order.
 * Returns 1 and writes board[] when the squares pass the checks below and
 * marks (the field's other bytes wrong) and tail_bad (the text after the
 * field wrong) are 0; else board[] is untouched and it returns 0. */
static inline __attribute__((always_inline)) int few_men_squares(const unsigned char *s, size_t len, __m128i kings,
                                                                unsigned pieces, unsigned men, uint64_t code64,
                                                                unsigned marks, uint64_t tail_bad, uint8_t *board)
{
    /* The 16 bytes from s + 13 without reading past the text: a shorter
     * text's last 16 bytes, shifted down by the bytes before s + 13. */
    size_t q = len >= 29 ? 13 : len - 16;
    int shift = 8 * (int)(13 - q); /* 0-96 bits; a count past 63 clears */
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + q)), high = _mm_srli_si128(v, 8);
    __m128i field = _mm_or_si128(_mm_or_si128(_mm_srl_epi64(v, _mm_cvtsi32_si128(shift)),
                                              _mm_sll_epi64(high, _mm_cvtsi32_si128(64 - shift))),
                                 _mm_srl_epi64(high, _mm_cvtsi32_si128(shift - 64)));
    /* Man k's two bytes: at 2k for a piece, one further on for a pawn. */
    __m128i piece_lanes = lanes_below(pieces), man_lanes = lanes_below(men);
    __m128i pairs = _mm_or_si128(_mm_and_si128(piece_lanes, field),
                                 _mm_andnot_si128(piece_lanes, _mm_srli_si128(field, 1)));
    /* Less "a1": a square only when both bytes are 0-7 (a byte below its
     * base borrows, which sets high bits). */
    __m128i x = _mm_sub_epi16(pairs, _mm_set1_epi16(0x3161));
    __m128i not_square = _mm_and_si128(x, _mm_set1_epi16((short)0xF8F8));
    __m128i zero = _mm_setzero_si128();
    __m128i sq = lane_squares(x);
    /* Each man as (code << 8 | square); 0 in the lanes past the men. */
    __m128i codes = _mm_unpacklo_epi8(zero, _mm_set_epi64x(0, (long long)code64));
    __m128i man = _mm_and_si128(man_lanes, _mm_or_si128(sq, codes));
    /* Out of order: the lane before has the same code and a square not
     * below (the difference is then 0-63; other codes differ by 193 or more). */
    __m128i back = _mm_sub_epi16(_mm_slli_si128(man, 2), man);
    __m128i bad = _mm_and_si128(man_lanes, _mm_cmpeq_epi16(_mm_subs_epu16(back, _mm_set1_epi16(63)), zero));
    bad = _mm_or_si128(bad, _mm_andnot_si128(_mm_cmpeq_epi16(not_square, zero), man_lanes));
    /* A pawn (a man past the pieces) on rank 1 or 8: rank + 1 is 1 or 8, no bit of 6. */
    __m128i pawn = _mm_andnot_si128(piece_lanes, man_lanes);
    __m128i edge = _mm_cmpeq_epi16(_mm_and_si128(_mm_add_epi16(man, _mm_set1_epi16(1)), _mm_set1_epi16(6)), zero);
    bad = _mm_or_si128(bad, _mm_and_si128(pawn, edge));
    /* A square used twice: every pair of the men's squares, the kings' in
     * lanes 6 and 7 and, in the lanes between, 0x100 + lane (no square, all
     * different); a lane against the lanes 1 to 4 after it (cyclically). */
    __m128i others = _mm_or_si128(_mm_setr_epi16(0x100, 0x101, 0x102, 0x103, 0x104, 0x105, 0, 0),
                                  _mm_slli_si128(kings, 12));
    __m128i at = _mm_or_si128(_mm_and_si128(man_lanes, sq), _mm_andnot_si128(man_lanes, others));
    __m128i one = turn_lanes(at);
    __m128i twice = _mm_or_si128(_mm_cmpeq_epi16(at, one), _mm_cmpeq_epi16(at, _mm_shuffle_epi32(at, 0x39)));
    twice = _mm_or_si128(twice, _mm_cmpeq_epi16(at, _mm_shuffle_epi32(one, 0x39)));
    twice = _mm_or_si128(twice, _mm_cmpeq_epi16(at, _mm_shuffle_epi32(at, 0x4E)));
    unsigned field_bad = (unsigned)_mm_movemask_epi8(_mm_or_si128(bad, twice)) | marks;
    if (field_bad | tail_bad)
        return 0;

    uint16_t lane[8];
    _mm_storeu_si128((__m128i *)(void *)lane, man);
    for (unsigned k = 0; k < 4; k++)
        _mm_storeu_si128((__m128i *)(void *)(board + 16 * k), zero);
    /* Highest lane first: the lanes past the men (code 0 on a1) come
     * before any man, so one on a1 is written after them. */
#pragma GCC unroll 6
    for (unsigned k = 6; k-- > 0;)
        board[(uint8_t)lane[k]] = (uint8_t)(lane[k] >> 8); /* the low byte, a square, is 0-63 */
    board[_mm_extract_epi16(at, 6)] = GBR_WK;
    board[_mm_extract_epi16(at, 7)] = GBR_BK;
    return 1;
}

/* A form with 1 to 6 men besides the kings and one-digit men counts, the
 * common case, taken whole by few_men_squares: returns its indicator with
 * the board in board[] (written only for a valid form), else -1 (hand over
 * to the precise scanner). */
static inline __attribute__((always_inline)) int position_few_men(const unsigned char *s, size_t len, uint8_t *board)
{
    /* Equal kings are caught with the men's squares (few_men_squares), and
     * at most 6 men always fit §2.4 (a side's promoted pieces and pawns
     * together number at most its men). */
    __m128i x;
    if (len < 17 || !head_vector(s, &x))
        return -1;
    uint32_t digits = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(x, 5));
    unsigned pawn_digits = (unsigned)_mm_extract_epi16(x, 5), pw = pawn_digits & 0xFFu, pb = pawn_digits >> 8;
    __m128i kings = lane_squares(x); /* lanes 0 and 1 */
    /* The men of the first two types (at2 of them) and of the last two. */
    unsigned d0 = digits & 0xFFu, d1 = (digits >> 8) & 0xFFu, d2 = (digits >> 16) & 0xFFu, d3 = digits >> 24;
    unsigned men01 = fast_pair_men[9 * d0 + d1], men23 = fast_pair_men[9 * d2 + d3];
    unsigned at2 = men01 & 0xFFu, pawns = pw + pb, pieces = at2 + (men23 & 0xFFu), men = pieces + pawns;
    unsigned black = (men01 >> 8) + (men23 >> 8) + pb, white = men - black;
    if (men - 1u >= 6u)
        return -1;
    /* The field: squares, '.' before any pawns, closing space; then
     * the men counts "w/b" (one digit each here) and an indicator of
     * 1 to 5 bytes. */
    size_t field = 2u * men + (pawns != 0) + 1u, r = len - 13 - field;
    if (r - 4u > 4u) /* 4-8 bytes, else too short or too long */
        return -1;
    uint64_t tail;
    memcpy(&tail, s + len - 8, 8);
    tail >>= 8 * (8 - r);
    uint64_t key = (tail >> 24) | (uint64_t)(r - 3) << 56;
    unsigned h = (unsigned)((key * INDICATOR_HASH) >> 61);
    uint32_t counts = 0x312F31u + white + (black << 16); /* "1/1" plus the men */
    uint64_t tail_bad = (((uint32_t)tail ^ counts) & 0xFFFFFFu) | (indicator_key[h] ^ key);
    /* Each man's board code: the first two types' from one table entry,
     * the other two's after them; pawns 5 from the first, 13 from the
     * first black one (lanes past the men are not read). */
    uint64_t code64 = fast_pair_codes[0][9 * d0 + d1] | fast_pair_codes[1][9 * d2 + d3] << (8 * at2) |
                      FAST_BYTES(GBR_WP) << (8 * pieces) | FAST_BYTES(8) << (8 * (pieces + pw));
    /* After the pieces '.' (or the closing space when there are no
     * pawns); the closing space after the men. */
    const unsigned char *f = s + 13;
    unsigned marks = (f[2 * pieces] ^ (pawns ? '.' : ' ')) | (f[field - 1] ^ ' ');
    if (!few_men_squares(s, len, kings, pieces, men, code64, marks, tail_bad, board))
        return -1;
    return indicator_value[h];
}
