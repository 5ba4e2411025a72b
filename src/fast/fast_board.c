/* Boards: writing position forms (§4, §5) and FEN placements (§6), and the
 * position order key (§8). A board is read once into occupancy masks; all
 * writing walks set bits in GBR square order. */
#include "fast_internal.h"

static inline unsigned lowest(uint64_t m) { return (unsigned)__builtin_ctzll(m); }

/* A board as occupancy masks: man[code] has bit sq set for each square
 * holding board code `code` (0-15), and count[code] is how many there are
 * (counted during the scan: baseline x86-64 has no popcount instruction).
 * Codes above 15 are gathered under the never-valid code 7. */
typedef struct board_masks {
    uint64_t man[16];
    uint8_t count[16];
    uint64_t occupied; /* every non-empty square */
} board_masks;

/* occupied(p): bit sq set for each non-empty square. masks_clear(b):
 * zeroes man[] and count[] (occupied is left to the caller). */
#if FAST_SSE2
#include "fast_board_sse2.h"
#else
static inline uint64_t occupied(const gbr_position *p)
{
    uint64_t occ = 0;
    for (unsigned sq = 0; sq < 64; sq++)
        occ |= (uint64_t)(p->board[sq] != 0) << sq;
    return occ;
}

static inline void masks_clear(board_masks *b)
{
    memset(b->man, 0, sizeof b->man);
    memset(b->count, 0, sizeof b->count);
}
#endif

static void scan_board(const gbr_position *p, board_masks *out)
{
    masks_clear(out);
    out->occupied = occupied(p);
    for (uint64_t occ = out->occupied; occ; occ &= occ - 1) {
        unsigned sq = lowest(occ);
        unsigned code = p->board[sq];
        code = code < 16 ? code : 7;
        out->man[code] |= 1ULL << sq;
        out->count[code]++;
    }
}

/* The indicator and the full stop, ending each 8 bytes (the bytes before
 * them are written over). */
static const char indicator_tail[7][8] = {"       .", "      +.", "      =.", "     -+.",
                                          "     -=.", "    WTM.", "    BTM."};
static const uint8_t indicator_length[7] = {0, 1, 1, 2, 2, 4, 4};

/* Writes the position form from square order: each man's square goes
 * straight to its place in the text. A cursor per board code starts where
 * that code's squares begin (the kings' at 0 and 2, the others' from the
 * counts: §4's order, Q R B N white then black, '.', pawns; §5's groups
 * add "{", "/" and "}"), so one loop over the occupied squares, ascending,
 * writes every list in order, with one unforeseeable exit instead of one a
 * code. */
gbr_result fast_put_position(char *dst, size_t cap, const uint8_t *board, uint64_t occ, const uint8_t count[16],
                             const gbr_material *m, unsigned indicator)
{
    /* Byte c of each word: the men of code c (white) or 8 + c (black) for
     * c = 1-5, Q R B N P; the other bytes cleared (kings, unused codes). */
    const uint64_t men_bytes = 0x0000FFFFFFFFFF00ULL, ones = 0x0101010101010101ULL;
    uint64_t white = fast_load64(count) & men_bytes, black = fast_load64(count + 8) & men_bytes;
    /* Digits are 0-9: + 0x77 sets bit 7 of a byte only for a 9. Groups in
     * bytes 1-4, by type. */
    uint64_t groups = (uint64_t)(((fast_load32(m->digit) + 0x77777777u) >> 7) & 0x01010101u) << 8;
    /* Each type's text: two bytes a square, three more for a group. Its
     * first square is after the texts of the types before it (a prefix sum
     * in bytes: every sum stays below 256), the men field's space (index
     * 12), a '{' and, for the pawns, the '.'. */
    uint64_t type_bytes = 2u * (white + black) + 3u * groups;
    /* A side has at most 15 men besides its king: white's sum in the low
     * nibble, black's in the high one, of one byte sum. */
    unsigned sides = (unsigned)(((white + (black << 4)) * ones) >> 56);
    unsigned white_men = sides & 15u, black_men = sides >> 4;
    unsigned field = (unsigned)((type_bytes * ones) >> 56), pawns = (count[GBR_WP] | count[GBR_BP]) != 0;
    uint64_t white_at = ((type_bytes << 8) * ones + 13u * ones + groups + ((uint64_t)pawns << 40)) & men_bytes;
    uint64_t black_at = ((white_at + 2u * white + groups) & men_bytes) | 2ULL << 48;
    /* The space before " W/B" (12 without men: no square field, no space). */
    size_t tail = 12u + (white_men + black_men != 0) + field + pawns;
    unsigned w = white_men + 1, k = black_men + 1;
    size_t need = tail + 4u + (w >= 10) + (k >= 10) + indicator_length[indicator] + 1u;
    if (cap < need)
        return fast_too_small(need);
    uint8_t at[16];
    fast_store(at, white_at, 8);
    fast_store(at + 8, black_at, 8);
    /* The indicator first: the bytes its copy covers before it are all
     * written below (need is at least 17). */
    memcpy(dst + need - 8, indicator_tail[indicator], 8);
    dst[4] = ' ';
    /* The space after the material: the men or the count start with it
     * (written again below). */
    fast_store(dst + 5, fast_material_text(m), 8);
    /* The '.' before the pawns; without pawns the count's space (or, with no
     * men at all, its first digit) covers it below. */
    dst[((white_at >> 40) & 0xFFu) - pawns] = '.';
    /* A checked board's occupied squares hold codes 1-6 and 9-14 only. */
    for (; occ; occ &= occ - 1) {
        unsigned sq = lowest(occ), code = board[sq], place = at[code];
        at[code] = (uint8_t)(place + 2u);
        memcpy(dst + place, fast_square_name[sq], 2);
    }
    if (groups) {
        for (unsigned t = 1; t <= 4; t++) {
            if ((groups >> 8 * t) & 1u) {
                unsigned first = (unsigned)(white_at >> 8 * t) & 0xFFu, second = (unsigned)(black_at >> 8 * t) & 0xFFu;
                dst[first - 1] = '{';
                dst[second - 1] = '/';
                dst[second + 2u * ((unsigned)(black >> 8 * t) & 0xFFu)] = '}';
            }
        }
    }
    char *d = dst + tail;
    *d++ = ' ';
    if (w >= 10)
        *d++ = '1' + (char)(w >= 20); /* at most 16 men a side besides the king */
    /* Units digits from a table, not a division (both counts are below 32). */
    static const char units[] = "01234567890123456789012345678901";
    *d++ = units[w & 31u];
    *d++ = '/';
    if (k >= 10)
        *d++ = '1' + (char)(k >= 20);
    *d = units[k & 31u];
    return fast_ok(need);
}

/* What format_position, format_fen and position_key accept: a board a
 * parser could produce (codes in range, one king a side, no pawn on rank 1
 * or 8, counts that can exist) and an indicator 0-6. Fills *b and *m when so. */
static inline int position_valid(const gbr_position *p, board_masks *b, gbr_material *m)
{
    if (p == NULL || p->indicator > GBR_IND_BTM)
        return 0;
    scan_board(p, b);
    return (b->man[7] | b->man[8] | b->man[15]) == 0 && b->count[GBR_WK] == 1 && b->count[GBR_BK] == 1 &&
           ((b->man[GBR_WP] | b->man[GBR_BP]) & FAST_RANKS_1_AND_8) == 0 &&
           fast_counts_to_material(b->count + GBR_WQ, b->count + GBR_BQ, m);
}

gbr_result fast_format_position(FAST_CODEC, char *dst, size_t cap, const gbr_position *p)
{
    board_masks b;
    gbr_material m;
    if (fast_bad_output(dst, cap) || !position_valid(p, &b, &m))
        return fast_error(GBR_E_ARGUMENT, 0);
    return fast_put_position(dst, cap, p->board, b.occupied, b.count, &m, p->indicator);
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

gbr_result fast_put_fen(char *dst, size_t cap, const gbr_position *p)
{
    uint64_t occ = occupied(p), ranks = rank_major(occ);
    /* A rank's text has a byte per man and one per run of empty files: a
     * run starts on each empty file whose left neighbour is not empty. */
    uint64_t empty = ~ranks, run_starts = empty & ~((empty << 1) & 0xFEFEFEFEFEFEFEFEULL);
    size_t need = 7 + 10 + bit_count(ranks | run_starts);
    if (cap < need)
        return fast_too_small(need);
    /* Each rank's template stored whole (every rank's text is followed by at
     * least 10 more bytes of the FEN, so its slack is written over later),
     * unrolled so each rank's shift and separator are constants. */
    uint8_t occ8[8], start[8];
    char *d = dst;
#pragma GCC unroll 8
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

gbr_result fast_format_fen(FAST_CODEC, char *dst, size_t cap, const gbr_position *p)
{
    board_masks b;
    gbr_material m;
    if (fast_bad_output(dst, cap) || !position_valid(p, &b, &m))
        return fast_error(GBR_E_ARGUMENT, 0);
    return fast_put_fen(dst, cap, p);
}

void fast_position_key(FAST_CODEC, const gbr_position *p, gbr_position_key *out)
{
    if (out == NULL)
        return;
    memset(out->bytes, 0, sizeof out->bytes);
    board_masks b;
    gbr_material m;
    if (!position_valid(p, &b, &m)) /* all zero bytes (gbr.h) */
        return;
    uint32_t number = fast_material_number(&m);
    uint8_t *k = out->bytes;
    k[0] = (uint8_t)(number >> 16);
    k[1] = (uint8_t)(number >> 8);
    k[2] = (uint8_t)number;
    k[3] = (uint8_t)lowest(b.man[GBR_WK]); /* a checked board has one king a side */
    k[4] = (uint8_t)lowest(b.man[GBR_BK]);
    for (unsigned type = 0; type < 4; type++)
        k[5 + type] = m.digit[type] == 9 ? b.count[GBR_WQ + type] : 0;
    /* A checked board has at most 15 men a side besides the king: 30 squares
     * (the bound is kept anyway, so that the key is never overrun). */
    static const uint8_t written_order[10] = {GBR_WQ, GBR_BQ, GBR_WR, GBR_BR, GBR_WB,
                                              GBR_BB, GBR_WN, GBR_BN, GBR_WP, GBR_BP};
    unsigned n = 0;
    for (unsigned j = 0; j < 10; j++)
        for (uint64_t sq = b.man[written_order[j]]; sq && n < 30; sq &= sq - 1)
            k[9 + n++] = (uint8_t)(lowest(sq) + 1);
    k[39] = p->indicator;
}
