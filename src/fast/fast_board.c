/* Boards: writing position forms (§4, §5) and FEN placements (§6), and the
 * position order key (§8). A board is read once into occupancy masks; all
 * writing walks set bits in GBR square order. */
#include "fast_internal.h"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif


static inline unsigned lowest(uint64_t m) { return (unsigned)__builtin_ctzll(m); }

/* Bit sq set for each non-empty square. */
static inline uint64_t occupied(const gbr_position *p)
{
#if defined(__SSE2__)
    uint64_t occ = 0;
    const __m128i zero = _mm_setzero_si128();
    for (unsigned k = 0; k < 4; k++) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p->board + 16 * k));
        unsigned empty = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero));
        occ |= (uint64_t)(~empty & 0xFFFFu) << (16 * k);
    }
    return occ;
#else
    uint64_t occ = 0;
    for (unsigned sq = 0; sq < 64; sq++)
        occ |= (uint64_t)(p->board[sq] != 0) << sq;
    return occ;
#endif
}

void fast_scan_board(const gbr_position *p, fast_board_masks *out)
{
    fast_masks_clear(out);
    out->occupied = occupied(p);
    for (uint64_t occ = out->occupied; occ; occ &= occ - 1) {
        unsigned sq = lowest(occ);
        unsigned code = p->board[sq];
        code = code < 16 ? code : 7;
        out->man[code] |= 1ULL << sq;
        out->count[code]++;
    }
}

gbr_error fast_check_board(const fast_board_masks *b, gbr_material *m)
{
    if ((b->man[7] | b->man[8] | b->man[15]) != 0 || b->count[GBR_WK] != 1 || b->count[GBR_BK] != 1 ||
        ((b->man[GBR_WP] | b->man[GBR_BP]) & FAST_RANKS_1_AND_8) != 0)
        return GBR_E_ARGUMENT;
    uint32_t w4, b4;
    memcpy(&w4, b->count + GBR_WQ, 4);
    memcpy(&b4, b->count + GBR_BQ, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    return fast_counts_to_material(w4, b->count[GBR_WP], b4, b->count[GBR_BP], m) ? GBR_OK : GBR_E_ARGUMENT;
#else
    gbr_counts counts;
    memcpy(counts.count[0], b->count + GBR_WQ, 5);
    memcpy(counts.count[1], b->count + GBR_BQ, 5);
    if (fast_check_counts(&counts) != GBR_OK)
        return GBR_E_ARGUMENT;
    fast_material_of_counts(&counts, m);
    return GBR_OK;
#endif
}

static inline char *put_squares(char *d, uint64_t m)
{
    for (; m; m &= m - 1) {
        memcpy(d, fast_square_name[lowest(m)], 2);
        d += 2;
    }
    return d;
}

/* The indicator and the full stop. */
static const char indicator_end[7][8] = {".", "+.", "=.", "-+.", "-=.", " WTM.", " BTM."};
static const uint8_t indicator_length[7] = {0, 1, 1, 2, 2, 4, 4};

/* Men of codes 1-5 (or 9-13) from their five count bytes, in one word. */
static inline unsigned side_men(const uint8_t *count)
{
    uint64_t w;
    memcpy(&w, count, 8);
    return (unsigned)((((w & 0xFFFFFFFFFFULL) * 0x0101010101ULL) >> 32) & 0xFFu);
}

/* Board codes in written order: white then black of Q, R, B, N, then the
 * pawns (§4). */
static const uint8_t written_code[10] = {GBR_WQ, GBR_BQ, GBR_WR, GBR_BR, GBR_WB,
                                         GBR_BB, GBR_WN, GBR_BN, GBR_WP, GBR_BP};

/* Bit j set when written_code[j] has men. */
static inline unsigned written_nonempty(const uint8_t count[16])
{
#if defined(__SSE2__)
    /* Codes 1-8 interleaved with 9-16 (zero past the end) are in written
     * order: count[1], count[9], count[2], count[10], ... */
    __m128i c = _mm_loadu_si128((const __m128i *)(const void *)count);
    __m128i order = _mm_unpacklo_epi8(_mm_srli_si128(c, GBR_WQ), _mm_srli_si128(c, GBR_BQ));
    return ~(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(order, _mm_setzero_si128())) & 0x3FFu;
#else
    unsigned bits = 0;
    for (unsigned j = 0; j < 10; j++)
        bits |= (unsigned)(count[written_code[j]] != 0) << j;
    return bits;
#endif
}

/* The men of a board without {} groups, from its non-empty codes: one pass
 * over those codes only (the empty ones would each cost a branch). */
static inline char *put_men(char *d, const fast_board_masks *b, unsigned nonempty)
{
    /* The '.' before the pawns: written ahead of every code, kept (d moved
     * past it) only ahead of the first pawn code; else a square covers it. */
    unsigned first_pawns = nonempty & 0x300u;
    first_pawns &= 0u - first_pawns;
    for (; nonempty; nonempty &= nonempty - 1) {
        unsigned j = (unsigned)__builtin_ctz(nonempty);
        *d = '.';
        d += (nonempty & (0u - nonempty)) == first_pawns;
        uint64_t m = b->man[written_code[j]];
        do {
            memcpy(d, fast_square_name[lowest(m)], 2);
            d += 2;
            m &= m - 1;
        } while (m);
    }
    return d;
}

/* Writes the position form (exactly its bytes). */
static size_t position_text(char *dst, const fast_board_masks *b, const gbr_material *m, unsigned indicator,
                            unsigned white_men, unsigned black_men, unsigned groups)
{
    char *d = dst;
    memcpy(d, fast_square_name[lowest(b->man[GBR_WK])], 2);
    memcpy(d + 2, fast_square_name[lowest(b->man[GBR_BK])], 2);
    d[4] = ' ';
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    /* "abcd.ef" and the space after it (which the men or the count
     * starts with, written again below) as one word. */
    uint32_t digits;
    uint16_t pawns;
    memcpy(&digits, m->digit, 4);
    memcpy(&pawns, m->pawns, 2);
    uint64_t text = ((uint64_t)digits | (uint64_t)pawns << 40) + 0x2030302E30303030ULL;
    memcpy(d + 5, &text, 8);
#else
    fast_put_material(d + 5, m);
#endif
    d += 12;
    if (groups == 0) {
        /* The space before the men, kept only when there are some. */
        *d = ' ';
        d += white_men + black_men != 0;
        d = put_men(d, b, written_nonempty(b->count));
    } else {
        *d++ = ' ';
        for (unsigned type = 0; type < 4; type++) {
            if (m->digit[type] == 9) {
                *d++ = '{';
                d = put_squares(d, b->man[GBR_WQ + type]);
                *d++ = '/';
                d = put_squares(d, b->man[GBR_BQ + type]);
                *d++ = '}';
            } else {
                d = put_squares(d, b->man[GBR_WQ + type]);
                d = put_squares(d, b->man[GBR_BQ + type]);
            }
        }
        if (b->man[GBR_WP] | b->man[GBR_BP]) {
            *d++ = '.';
            d = put_squares(d, b->man[GBR_WP]);
            d = put_squares(d, b->man[GBR_BP]);
        }
    }
    *d++ = ' ';
    unsigned w = white_men + 1, k = black_men + 1;
    if (w >= 10)
        *d++ = '1' + (char)(w >= 20); /* at most 16 men a side besides the king */
    /* Units digits from a table, not a division (both counts are below 32). */
    static const char units[] = "01234567890123456789012345678901";
    *d++ = units[w & 31u];
    *d++ = '/';
    if (k >= 10)
        *d++ = '1' + (char)(k >= 20);
    *d++ = units[k & 31u];
    /* The 1-5 bytes exactly, in fixed-size copies that overlap. */
    const char *t = indicator_end[indicator];
    unsigned n = indicator_length[indicator] + 1u;
    if (n >= 4) {
        memcpy(d, t, 4);
        memcpy(d + n - 4, t + n - 4, 4);
    } else {
        d[0] = t[0];
        d[n / 2] = t[n / 2];
        d[n - 1] = t[n - 1];
    }
    return (size_t)(d + n - dst);
}

gbr_result fast_put_position(char *dst, size_t cap, const fast_board_masks *b, const gbr_material *m,
                             unsigned indicator)
{
    unsigned white_men = side_men(b->count + GBR_WQ), black_men = side_men(b->count + GBR_BQ);
    uint32_t digits;
    memcpy(&digits, m->digit, 4);
    /* Digits are 0-9: + 0x77 sets bit 7 of a byte only for a 9. */
    unsigned groups = ((((digits + 0x77777777u) >> 7) & 0x01010101u) * 0x01010101u) >> 24;
    unsigned men = white_men + black_men;
    /* "wkbk abcd.ef", the field, " W/B", the indicator, "." (without men
     * there are no groups and no pawns: only the field's space to count). */
    size_t need = 12u + (men != 0) + 2u * men + 3u * groups + (m->pawns[0] + m->pawns[1] != 0) + 2u +
                  (white_men >= 9) + 1u + 1u + (black_men >= 9) + indicator_length[indicator] + 1u;
    if (cap < need) {
        gbr_result r = {GBR_E_BUFFER_TOO_SMALL, 0, need};
        return r;
    }
    return fast_ok(position_text(dst, b, m, indicator, white_men, black_men, groups));
}

gbr_result fast_format_position(char *dst, size_t cap, const gbr_position *p)
{
    if (p == NULL || fast_bad_output(dst, cap) || p->indicator > GBR_IND_BTM)
        return fast_error(GBR_E_ARGUMENT, 0);
    fast_board_masks b;
    gbr_material m;
    fast_scan_board(p, &b);
    if (fast_check_board(&b, &m) != GBR_OK)
        return fast_error(GBR_E_ARGUMENT, 0);
    return fast_put_position(dst, cap, &b, &m, p->indicator);
}

/* The occupancy as ranks: bit 8 * file + rank moves to bit 8 * rank + file,
 * so byte r holds the files of rank r that hold a man (an 8x8 bit matrix
 * transposed by three delta swaps). */
static inline uint64_t rank_major(uint64_t x)
{
    uint64_t t = (x ^ (x >> 7)) & 0x00AA00AA00AA00AAULL;
    x ^= t ^ (t << 7);
    t = (x ^ (x >> 14)) & 0x0000CCCC0000CCCCULL;
    x ^= t ^ (t << 14);
    t = (x ^ (x >> 28)) & 0x00000000F0F0F0F0ULL;
    x ^= t ^ (t << 28);
    return x;
}

/* Set bits (baseline x86-64 has no popcount instruction). */
static inline unsigned bit_count(uint64_t x)
{
    x -= (x >> 1) & 0x5555555555555555ULL;
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (unsigned)((x * 0x0101010101010101ULL) >> 56);
}

gbr_result fast_put_fen(char *dst, size_t cap, const gbr_position *p, uint64_t occ)
{
    uint64_t ranks = rank_major(occ);
    /* A rank's text has a byte per man and one per run of empty files: a
     * run starts on each empty file whose left neighbour is not empty. */
    uint64_t empty = ~ranks, run_starts = empty & ~((empty << 1) & 0xFEFEFEFEFEFEFEFEULL);
    size_t need = 7 + 10 + bit_count(ranks | run_starts);
    if (cap < need) {
        gbr_result r = {GBR_E_BUFFER_TOO_SMALL, 0, need};
        return r;
    }
    /* Each rank's template stored whole (every rank's text is followed by at
     * least 10 more bytes of the FEN, so its slack is written over later),
     * unrolled so each rank's shift and separator are constants. */
    uint8_t occ8[8], start[8];
    char *d = dst;
#if defined(__GNUC__)
#pragma GCC unroll 8
#endif
    for (unsigned rank = 8; rank-- > 0;) {
        unsigned o = (unsigned)(ranks >> (8 * rank)) & 0xFFu;
        memcpy(d, fast_fen_rank_template[o], 8);
        occ8[rank] = (uint8_t)o;
        start[rank] = (uint8_t)(d - dst);
        d += fast_fen_rank_length[o];
        *d++ = rank ? '/' : ' ';
    }
    /* Then each man's letter, in one loop over the board (one unforeseeable
     * exit, not one a rank). */
    for (uint64_t m = occ; m; m &= m - 1) {
        unsigned sq = lowest(m), rank = sq & 7u;
        dst[start[rank] + fast_fen_rank_at[occ8[rank]][sq >> 3]] = fast_board_letter[p->board[sq] & 15u];
    }
    int black = p->indicator == GBR_IND_BLACK_WIN || p->indicator == GBR_IND_BLACK_DRAW || p->indicator == GBR_IND_BTM;
    memcpy(d, black ? "b - - 0 1" : "w - - 0 1", 9);
    d += 9;
    return fast_ok((size_t)(d - dst));
}

gbr_result fast_format_fen(char *dst, size_t cap, const gbr_position *p)
{
    if (p == NULL || fast_bad_output(dst, cap) || p->indicator > GBR_IND_BTM)
        return fast_error(GBR_E_ARGUMENT, 0);
    fast_board_masks b;
    gbr_material m;
    fast_scan_board(p, &b);
    if (fast_check_board(&b, &m) != GBR_OK)
        return fast_error(GBR_E_ARGUMENT, 0);
    return fast_put_fen(dst, cap, p, b.occupied);
}

void fast_position_key(const gbr_position *p, gbr_position_key *out)
{
    if (out == NULL)
        return;
    memset(out->bytes, 0, sizeof out->bytes);
    if (p == NULL)
        return;
    fast_board_masks b;
    fast_scan_board(p, &b);
    /* Defined for every board; meaningful for the boards a parser produces. */
    unsigned digit[4], nine[4];
    for (unsigned type = 0; type < 4; type++) {
        unsigned w = b.count[GBR_WQ + type], k = b.count[GBR_BQ + type];
        nine[type] = w >= 3 || k >= 3;
        digit[type] = nine[type] ? 9 : w + 3 * k;
    }
    uint32_t number = digit[0] * 100000u + digit[1] * 10000u + digit[2] * 1000u + digit[3] * 100u +
                      b.count[GBR_WP] * 10u + b.count[GBR_BP];
    uint8_t *k = out->bytes;
    k[0] = (uint8_t)(number >> 16);
    k[1] = (uint8_t)(number >> 8);
    k[2] = (uint8_t)number;
    k[3] = b.man[GBR_WK] ? (uint8_t)lowest(b.man[GBR_WK]) : 0;
    k[4] = b.man[GBR_BK] ? (uint8_t)lowest(b.man[GBR_BK]) : 0;
    for (unsigned type = 0; type < 4; type++)
        k[5 + type] = nine[type] ? b.count[GBR_WQ + type] : 0;
    static const uint8_t written_order[10] = {GBR_WQ, GBR_BQ, GBR_WR, GBR_BR, GBR_WB,
                                              GBR_BB, GBR_WN, GBR_BN, GBR_WP, GBR_BP};
    unsigned n = 0;
    for (unsigned j = 0; j < 10; j++)
        for (uint64_t m = b.man[written_order[j]]; m && n < 30; m &= m - 1)
            k[9 + n++] = (uint8_t)(lowest(m) + 1);
    k[39] = p->indicator;
}
