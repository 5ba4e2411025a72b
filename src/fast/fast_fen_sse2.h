/* The FEN placement's SSE2 path: a placement of 17-32 bytes, most of them,
 * read 16 bytes at a time. The index of fen_read_placement_scalar after
 * each byte is a prefix sum in byte lanes, started at 7 (a8). A valid
 * placement keeps it within 0-71 after every byte, and within 0-6 after a
 * '/'; checking that in every lane keeps the byte sums exact (one step moves
 * at most +64 or -65, and a wrap would leave the range), so the scalar
 * scan's argument holds. Men are the lanes that are neither digits 1-8 nor
 * '/': their square is the index before them, their code from fast_fen_step
 * (0, a scratch code, for any other byte: refused). */
#include <emmintrin.h>

typedef struct fen_piece {
    __m128i after; /* the index after each byte */
    unsigned bad;  /* lanes out of range, or pawns on rank 1 or 8 */
    unsigned men;  /* lanes that are men */
} fen_piece;

/* Lanes lo-15 of v (the lanes below lo were read before), the index before
 * lane lo in every lane of `index`; bad and men only cover `lanes`, the
 * bytes of the placement among lanes lo-15 (lanes past its end do not
 * change the sums below them). */
static inline fen_piece fen_read_piece(__m128i v, unsigned lo, unsigned lanes, __m128i index)
{
    /* Lane k is kept when k >= lo: loadu(keep + 16 - lo). */
    static const uint8_t keep[32] = {0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
                                     0,    0,    0,    0,    0,    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                     0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    fen_piece p;
    __m128i d = _mm_sub_epi8(v, _mm_set1_epi8('1'));
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(7)), d);
    __m128i slash = _mm_cmpeq_epi8(v, _mm_set1_epi8('/'));
    /* Steps: (d + 1) * 8 for a digit, 8 for a man, 8 - 73 for '/'. */
    __m128i q = _mm_add_epi8(_mm_slli_epi16(_mm_and_si128(d, digit), 3), _mm_set1_epi8(8));
    q = _mm_sub_epi8(q, _mm_and_si128(slash, _mm_set1_epi8(73)));
    q = _mm_and_si128(q, _mm_loadu_si128((const __m128i *)(const void *)(keep + 16 - lo)));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 1));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 2));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 4));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 8));
    p.after = _mm_add_epi8(q, index);
    /* Limits: 71 after a file, 6 after a '/'. */
    __m128i limit = _mm_sub_epi8(_mm_set1_epi8(71), _mm_and_si128(slash, _mm_set1_epi8(65)));
    __m128i within = _mm_cmpeq_epi8(_mm_min_epu8(p.after, limit), p.after);
    /* A pawn ('P' or 'p': no other byte becomes 'p' with bit 5 set) on rank
     * 1 or 8: its square's rank, after & 7, is 0 or 7, so after + 1 has
     * neither bit 1 nor bit 2. */
    __m128i pawn = _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('p'));
    __m128i edge = _mm_cmpeq_epi8(_mm_and_si128(_mm_add_epi8(p.after, _mm_set1_epi8(1)), _mm_set1_epi8(6)),
                                  _mm_setzero_si128());
    __m128i good = _mm_andnot_si128(_mm_and_si128(pawn, edge), within);
    p.bad = ~(unsigned)_mm_movemask_epi8(good) & lanes;
    p.men = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(digit, slash)) & lanes;
    return p;
}

/* Lane 15 in every lane: the index the next piece starts from. */
static inline __m128i fen_last_index(__m128i after)
{
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(_mm_unpackhi_epi8(after, after), 0xFF), 0xFF);
}

/* Men at bytes `men` (bit k for byte k of s) onto the board, on squares
 * at[k]. */
static inline void fen_put_men(const unsigned char *s, const uint8_t *at, uint64_t men, fen_board *b)
{
    uint64_t occupied = 0;
    for (; men; men &= men - 1) {
        size_t k = (size_t)__builtin_ctzll(men);
        /* A man's step holds its board code; any other byte (a space too)
         * takes 0, a scratch code, refused. */
        unsigned code = (unsigned)fast_fen_step[s[k]] & 15u, sq = at[k];
        b->board[sq] = (uint8_t)code;
        b->count[code]++;
        occupied |= 1ULL << (sq & 63u);
    }
    b->occupied |= occupied;
}

/* A man's square: the index before it, 8 less than after it. */
static inline __m128i fen_squares(__m128i after) { return _mm_sub_epi8(after, _mm_set1_epi8(8)); }

/* A placement of 33-80 bytes (many men, or split runs), piece by piece,
 * the last piece ending with the placement (its lanes below lo repeat the
 * piece before). */
static __attribute__((noinline)) int fen_read_long_placement(const unsigned char *s, size_t n, fen_board *b)
{
    __m128i index = _mm_set1_epi8(7);
    unsigned bad = 0;
    uint8_t at[16];
    for (size_t off = 0; off < n; off += 16) {
        size_t base = off + 16 <= n ? off : n - 16;
        unsigned lo = (unsigned)(off - base);
        fen_piece p = fen_read_piece(_mm_loadu_si128((const __m128i *)(const void *)(s + base)), lo,
                                     0xFFFFu >> lo << lo, index);
        _mm_storeu_si128((__m128i *)(void *)at, fen_squares(p.after));
        fen_put_men(s + base, at, p.men, b);
        bad |= p.bad;
        index = fen_last_index(p.after);
    }
    return !bad && at[15] == 56;
}

/* A placement of exactly n bytes onto the board (fen_read_placement's
 * contract): 17-32 bytes, most of them, as two pieces, bytes 0-15 and n-16
 * to n-1; up to 80 piece by piece; any other length by the scalar loop. */
static inline __attribute__((always_inline)) int fen_read_placement(const unsigned char *s, size_t n, fen_board *b)
{
    if (n - 17 > 15)
        return n - 33 < 48 ? fen_read_long_placement(s, n, b) : fen_read_placement_scalar(s, n, b);
    size_t base = n - 16;
    unsigned lo = (unsigned)(32 - n);
    fen_piece p0 = fen_read_piece(_mm_loadu_si128((const __m128i *)(const void *)s), 0, 0xFFFFu, _mm_set1_epi8(7));
    fen_piece p1 = fen_read_piece(_mm_loadu_si128((const __m128i *)(const void *)(s + base)), lo,
                                  0xFFFFu >> lo << lo, fen_last_index(p0.after));
    /* at[k]: the square of byte k (lanes below lo of the second piece are
     * the first's, stored after it). */
    uint8_t at[32];
    _mm_storeu_si128((__m128i *)(void *)(at + base), fen_squares(p1.after));
    _mm_storeu_si128((__m128i *)(void *)at, fen_squares(p0.after));
    fen_put_men(s, at, p0.men | (uint64_t)p1.men << base, b);
    /* Index 64 after the last byte: the eighth rank complete. */
    return !(p0.bad | p1.bad) && at[n - 1] == 56;
}
