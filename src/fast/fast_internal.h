/* Private to the optimised codec: shared inline helpers over the generated
 * tables. Nothing here is visible outside src/fast. */
#ifndef GBR_FAST_INTERNAL_H
#define GBR_FAST_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gbr.h"
#include "fast_config.h"
#include "fast_tables.h"

#if FAST_SSE2
#include <emmintrin.h>
#endif

#define FAST_PRIVATE __attribute__((visibility("hidden")))

#define FAST_BYTES(b) (0x0101010101010101ULL * (uint64_t)(b))
/* The squares of ranks 1 and 8 (bits a1, a8, b1, ... h8): no pawn stands there. */
#define FAST_RANKS_1_AND_8 0x8181818181818181ULL

static inline gbr_result fast_error(gbr_error e, size_t column)
{
    gbr_result r = {e, (uint32_t)column, 0};
    return r;
}

static inline gbr_result fast_ok(size_t length)
{
    gbr_result r = {GBR_OK, 0, length};
    return r;
}

/* A generated table row {gbr_error, column} as a gbr_result: the two
 * members copied as they lie in the struct (one load, no branch). */
static inline gbr_result fast_result_row(const uint32_t row[2])
{
    _Static_assert(sizeof(gbr_error) == 4 && offsetof(gbr_result, column) == 4, "gbr_result layout");
    gbr_result r = {GBR_OK, 0, 0};
    memcpy(&r, row, 8);
    return r;
}

/* Bad (src, len) pair, or no place for the result. `out` first: on a good
 * call that test settles it without looking at src (the order that
 * branches least). */
static inline int fast_bad_input(const void *src, size_t len, const void *out)
{
    return out == NULL || (src == NULL && len != 0);
}

/* dst == NULL is allowed only with cap == 0 (a size query). */
static inline int fast_bad_output(const void *dst, size_t cap) { return dst == NULL && cap != 0; }

/* §2.4: whether a material code with these digits and pawns can exist. */
static inline int fast_material_possible(const uint8_t digit[4], unsigned white_pawns, unsigned black_pawns)
{
    unsigned nines = (digit[1] == 9) | (unsigned)(digit[2] == 9) << 1 | (unsigned)(digit[3] == 9) << 2;
    return (fast_material_allowed[digit[0]][nines][white_pawns] >> black_pawns) & 1u;
}

/* The long material code "abcd.ef" at s[0..6], when it is grammatical and
 * §2.4 allows it: returns 1 and fills *m; else 0 (the caller then finds the
 * exact error by scanning). One pass over the seven bytes as a word. */
static inline int fast_material7(const unsigned char *s, gbr_material *m)
{
#if FAST_LITTLE_ENDIAN
    uint32_t lo, hi;
    memcpy(&lo, s, 4);
    memcpy(&hi, s + 3, 4);
    /* Bytes: s0 s1 s2 s3 s3 s4 s5 s6. XOR with the expected characters
     * leaves each byte's value; every byte must be below 16 (else its high
     * nibble shows in x) and at most its limit (9 for piece digits, 0 for
     * the '.', 8 for pawns: adding 15 - limit then reaches 16; no carry
     * crosses a byte below 16). */
    uint64_t x = ((uint64_t)lo | (uint64_t)hi << 32) ^ 0x30302E3030303030ULL;
    uint32_t digits = (uint32_t)x;
    uint16_t pawns = (uint16_t)(x >> 48);
    /* The common case needs no table: piece digits 0-8 and pawns 0-7 (the
     * same test with limits 8 and 7). Without a 9 a side has at most one
     * forced promotion (a second queen), so §2.4 holds with 7 pawns. */
    if (__builtin_expect((((x + 0x08080F0707070707ULL) | x) & FAST_BYTES(0xF0)) == 0, 1)) {
        memcpy(m->digit, &digits, 4);
        memcpy(m->pawns, &pawns, 2);
        return 1;
    }
    if (((x + 0x07070F0606060606ULL) | x) & FAST_BYTES(0xF0))
        return 0;
    /* A piece digit (0-9) plus 7 reaches 16 only for a 9: bits 12, 20, 28
     * for the R, B, N digits, gathered into bits 16-18 by one multiply. */
    uint32_t nine_bits = (((uint32_t)x + 0x07070700u) & 0x10101000u) >> 12;
    unsigned nines = (nine_bits * 0x10204u >> 16) & 7u;
    unsigned pw = (unsigned)(x >> 48) & 15u, pb = (unsigned)(x >> 56);
    if (!((fast_material_allowed[x & 15u][nines][pw] >> pb) & 1u))
        return 0;
    memcpy(m->digit, &digits, 4);
    memcpy(m->pawns, &pawns, 2);
    return 1;
#else
    unsigned d0 = fast_digit_value[s[0]], d1 = fast_digit_value[s[1]], d2 = fast_digit_value[s[2]],
             d3 = fast_digit_value[s[3]], pw = fast_pawn_value[s[5]], pb = fast_pawn_value[s[6]];
    if ((d0 | d1 | d2 | d3 | pw | pb) & 0x80u || s[4] != '.')
        return 0;
    unsigned nines = (d1 == 9) | (unsigned)(d2 == 9) << 1 | (unsigned)(d3 == 9) << 2;
    if (!((fast_material_allowed[d0][nines][pw] >> pb) & 1u))
        return 0;
    m->digit[0] = (uint8_t)d0;
    m->digit[1] = (uint8_t)d1;
    m->digit[2] = (uint8_t)d2;
    m->digit[3] = (uint8_t)d3;
    m->pawns[0] = (uint8_t)pw;
    m->pawns[1] = (uint8_t)pb;
    return 1;
#endif
}

#if FAST_LITTLE_ENDIAN
/* A 7-byte text read as a long material code "abcd.ef" without a branch on
 * its bytes (where damaged texts are common, a mispredicted branch on them
 * costs more than this whole reading). Returns 0 when the precise scanner must
 * decide (a digit 9 or a pawn digit 8 or 9 before any other bad byte, where
 * §2.4 or pawn-count may apply); else 1, with *x the bytes less their
 * expected characters (bytes 0-3 the piece digits, 5-6 the pawns) and
 * *first the first bad byte, 7 when there is none (then the code is valid:
 * with piece digits 0-8 and pawns 0-7 a side has at most one forced
 * promotion, a second queen, so §2.4 holds). */
static inline int fast_material7_scan(const unsigned char *s, uint64_t *x, unsigned *first)
{
    uint32_t lo, hi;
    memcpy(&lo, s, 4);
    memcpy(&hi, s + 3, 4);
    /* Bytes s0-s6 XOR "0000.00", and 0xF0 as byte 7: always bad, so a first
     * bad byte exists. A byte is bad when it is 16 or more, or adding
     * 15 - its limit reaches 16 (the high nibbles of `plain` and
     * `lenient`); a carry out of a bad byte only reaches later bytes. */
    uint64_t v = ((uint64_t)lo | (uint64_t)hi << 24) ^ 0xF030302E30303030ULL;
    uint64_t plain = ((v + 0x0008080F07070707ULL) | v) & FAST_BYTES(0xF0);   /* digits 0-8, pawns 0-7 */
    uint64_t lenient = ((v + 0x0006060F06060606ULL) | v) & FAST_BYTES(0xF0); /* digits 0-9, pawns 0-9 */
    /* Equal masks: the first bad byte breaks both limits, so it is no 9,
     * pawn 8 or pawn '9' but a character the grammar refuses there, and
     * every byte before it is plain. */
    *x = v;
    *first = (unsigned)__builtin_ctzll(lenient) >> 3;
    return plain == lenient;
}
#endif

/* Two squares "e1e8" at s[0..3] as indices: returns 1 and sets *first,
 * *second when both are squares; 0 otherwise. */
static inline int fast_two_squares(const unsigned char *s, unsigned *first, unsigned *second)
{
#if FAST_LITTLE_ENDIAN
    uint32_t w;
    memcpy(&w, s, 4);
    /* File bytes minus 'a', rank bytes minus '1': each must be 0-7. A byte
     * below its base wraps to 0x9E or more, so its bit 7 flags it (and the
     * borrow it passes up only touches a text already rejected). */
    uint32_t x = w - 0x31613161u;
    if ((((x & 0x7F7F7F7Fu) + 0x78787878u) | x) & 0x80808080u)
        return 0;
    *first = (x & 7u) * 8 + ((x >> 8) & 7u);
    *second = ((x >> 16) & 7u) * 8 + ((x >> 24) & 7u);
    return 1;
#else
    unsigned f0 = fast_file_value[s[0]], r0 = fast_rank_value[s[1]], f1 = fast_file_value[s[2]],
             r1 = fast_rank_value[s[3]];
    if ((f0 | r0 | f1 | r1) & 0x80u)
        return 0;
    *first = f0 + r0;
    *second = f1 + r1;
    return 1;
#endif
}

/* Whether a gbr_material holds digits 0-9 and pawns 0-8. */
static inline int fast_material_in_range(const gbr_material *m)
{
    return (m->digit[0] | m->digit[1] | m->digit[2] | m->digit[3]) < 16 && m->digit[0] <= 9 && m->digit[1] <= 9 &&
           m->digit[2] <= 9 && m->digit[3] <= 9 && m->pawns[0] <= 8 && m->pawns[1] <= 8;
}

/* Piece digits 0-8 and pawns 0-7: always a valid material (no 9, so a side
 * has at most one promoted piece, a second queen, and §2.4 holds with 7
 * pawns). The usual case, tested on the six bytes as one word. */
static inline int fast_material_usual(const gbr_material *m)
{
#if FAST_LITTLE_ENDIAN
    uint32_t digits;
    uint16_t pawns;
    memcpy(&digits, m->digit, 4);
    memcpy(&pawns, m->pawns, 2);
    uint64_t x = digits | (uint64_t)pawns << 32;
    /* Each byte below 16, and adding 15 - its limit (8 for digits, 7 for
     * pawns) stays below 16; a carry only leaves a byte already flagged. */
    return (((x + 0x0000080807070707ULL) | x) & 0x0000F0F0F0F0F0F0ULL) == 0;
#else
    return m->digit[0] <= 8 && m->digit[1] <= 8 && m->digit[2] <= 8 && m->digit[3] <= 8 && m->pawns[0] <= 7 &&
           m->pawns[1] <= 7;
#endif
}

/* fast_material_valid for a material that is not usual (out of line). */
FAST_PRIVATE int fast_material_valid_unusual(const gbr_material *m);

/* An in-range material that §2.4 allows: what a parser can produce. */
static inline int fast_material_valid(const gbr_material *m)
{
    return __builtin_expect(fast_material_usual(m), 1) || fast_material_valid_unusual(m);
}

/* Promoted pieces of one side's exact counts (types Q..N; pawns ignored). */
static inline unsigned fast_side_promoted(const unsigned count[5])
{
    return (unsigned)fast_promoted[0][count[0]] + fast_promoted[1][count[1]] + fast_promoted[2][count[2]] +
           fast_promoted[3][count[3]];
}

/* The material number abcdef of §8. */
static inline uint32_t fast_material_number(const gbr_material *m)
{
    return (uint32_t)m->digit[0] * 100000u + (uint32_t)m->digit[1] * 10000u + (uint32_t)m->digit[2] * 1000u +
           (uint32_t)m->digit[3] * 100u + (uint32_t)m->pawns[0] * 10u + m->pawns[1];
}

/* Writes "abcd.ef" (7 bytes) for an in-range material. */
static inline void fast_put_material(char *dst, const gbr_material *m)
{
    dst[0] = (char)('0' + m->digit[0]);
    dst[1] = (char)('0' + m->digit[1]);
    dst[2] = (char)('0' + m->digit[2]);
    dst[3] = (char)('0' + m->digit[3]);
    dst[4] = '.';
    dst[5] = (char)('0' + m->pawns[0]);
    dst[6] = (char)('0' + m->pawns[1]);
}


/* The usual endgame's counts: at most two of each piece a side and 7
 * pawns. No digit is then a 9, so the digits are white + 3 * black; a side
 * has at most one promoted piece (a second queen), so §1's promotion rule
 * holds with 7 pawns. */
#define FAST_USUAL_PIECES 2
#define FAST_USUAL_PAWNS 7

/* The material of usual counts (w4, b4: Q R B N in bytes 0-3). */
static inline void fast_usual_material(uint32_t w4, unsigned white_pawns, uint32_t b4, unsigned black_pawns,
                                       gbr_material *out)
{
    uint32_t digits = w4 + 3u * b4;
    memcpy(out->digit, &digits, 4);
    out->pawns[0] = (uint8_t)white_pawns;
    out->pawns[1] = (uint8_t)black_pawns;
}

/* Usual counts: returns 1 and fills *out; 0 for any other counts (not
 * necessarily refused). w4 and b4 hold Q R B N in bytes 0-3 (little-endian:
 * byte 0 the lowest). A byte's bit 7 flags a count past its limit: adding
 * 127 - limit reaches it, and a count of 128 or more has it already (and
 * carries only into bytes of a text refused anyway). */
static inline int fast_usual_counts(uint32_t w4, unsigned white_pawns, uint32_t b4, unsigned black_pawns,
                                    gbr_material *out)
{
    const uint32_t past_limit = 0x7F7F7F7Fu - FAST_USUAL_PIECES * 0x01010101u;
    if ((((w4 + past_limit) | w4 | (b4 + past_limit) | b4) & 0x80808080u) || white_pawns > FAST_USUAL_PAWNS ||
        black_pawns > FAST_USUAL_PAWNS)
        return 0;
    fast_usual_material(w4, white_pawns, b4, black_pawns, out);
    return 1;
}

#if FAST_SSE2
/* fast_usual_counts's test on a gbr_counts in bytes 0-9 of v, bytes 10-15
 * anything (the next item of a column, or zero). */
static inline int fast_usual_counts_lanes(__m128i v)
{
    const char n = FAST_USUAL_PIECES, p = FAST_USUAL_PAWNS;
    const __m128i limit = _mm_setr_epi8(n, n, n, n, p, n, n, n, n, p, -1, -1, -1, -1, -1, -1);
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, limit), limit)) == 0xFFFF;
}
#endif

/* Exact counts to a material code, both sides at once as one word: white's
 * Q R B N counts in w4 (byte 0 = queens), black's in b4, and the pawns.
 * Returns 1 and fills *out when the counts can exist (pieces within 10,
 * queens within 9, pawns within 8, §1's promotion rule); 0 otherwise, and
 * fast_check_counts then says which rule failed. */
static inline int fast_counts_to_material(uint32_t w4, unsigned white_pawns, uint32_t b4, unsigned black_pawns,
                                          gbr_material *out)
{
    if (fast_usual_counts(w4, white_pawns, b4, black_pawns, out))
        return 1;
    const uint64_t high = FAST_BYTES(0x80);
    uint64_t pieces = (uint64_t)w4 | (uint64_t)b4 << 32;
    /* Bit 7 of a byte is set when the count exceeds its limit (carry-free). */
    const uint64_t limit = 0x0A0A0A090A0A0A09ULL;
    if (((((pieces & FAST_BYTES(0x7F)) + (FAST_BYTES(0x7F) - limit)) | pieces) & high) != 0 || white_pawns > 8 ||
        black_pawns > 8)
        return 0;
    /* Promoted pieces: count - original, saturating at 0, summed per side
     * (white's sum lands in byte 3, black's in byte 7). */
    uint64_t e = (pieces | high) - 0x0202020102020201ULL;
    uint64_t kept = (e >> 7) & FAST_BYTES(0x01);
    uint64_t sums = (e & (kept * 0x7F)) * 0x01010101ULL;
    if (((sums >> 24) & 0xFFu) + white_pawns > 8 || (sums >> 56) + black_pawns > 8)
        return 0;
    /* Digits: white + 3 * black, or 9 where a side has three or more. */
    uint64_t three = ((pieces | high) - FAST_BYTES(0x03)) & high;
    uint32_t big = (uint32_t)((three | three >> 32) >> 7) & 0x01010101u;
    uint32_t mask = big * 0xFFu;
    uint32_t sum = w4 + 3u * b4;
    uint32_t digits = (sum & ~mask) | (0x09090909u & mask);
    memcpy(out->digit, &digits, 4);
    out->pawns[0] = (uint8_t)white_pawns;
    out->pawns[1] = (uint8_t)black_pawns;
    return 1;
}

/* Exact counts checked the way material_from_counts does: argument (a piece
 * count above 10, queens above 9), then too-many-pawns, then promotions,
 * White before Black. GBR_OK when the counts can exist. */
FAST_PRIVATE gbr_error fast_check_counts(const gbr_counts *c);
/* Material code of counts that passed fast_check_counts. */
FAST_PRIVATE void fast_material_of_counts(const gbr_counts *c, gbr_material *out);

/* A board as occupancy masks: man[code] has bit sq set for each square
 * holding board code `code` (0-15), and count[code] is how many there are
 * (counted during the scan: baseline x86-64 has no popcount instruction).
 * Codes above 15 are gathered under the never-valid code 7. */
typedef struct fast_board_masks {
    uint64_t man[16];
    uint8_t count[16];
    uint64_t occupied; /* every non-empty square */
} fast_board_masks;

FAST_PRIVATE void fast_scan_board(const gbr_position *p, fast_board_masks *out);
/* GBR_OK when the board is one a parser could produce: codes in range, one
 * king a side, no pawn on rank 1 or 8, at most 8 pawns a side, §1's
 * promotion rule; *m receives its material code. */
FAST_PRIVATE gbr_error fast_check_board(const fast_board_masks *b, gbr_material *m);

/* Writes the position form of a checked board (board[sq] the code of each
 * square in occ, no other square read; count[] of codes 1-6 and 9-14), its
 * material and indicator 0-6; buffer-too-small with the length needed when
 * cap is short (nothing written then). */
FAST_PRIVATE gbr_result fast_put_position(char *dst, size_t cap, const uint8_t *board, uint64_t occ,
                                          const uint8_t count[16], const gbr_material *m, unsigned indicator);
/* Writes the FEN of a checked board whose occupied squares are `occ`. */
FAST_PRIVATE gbr_result fast_put_fen(char *dst, size_t cap, const gbr_position *p, uint64_t occ);

FAST_PRIVATE gbr_result fast_parse_material(const char *src, size_t len, gbr_material *out);
FAST_PRIVATE gbr_result fast_format_material(char *dst, size_t cap, const gbr_material *m);
FAST_PRIVATE gbr_result fast_material_from_counts(const gbr_counts *c, gbr_material *out);
FAST_PRIVATE int fast_material_split(const gbr_material *m, int type, uint8_t *white, uint8_t *black);
FAST_PRIVATE uint32_t fast_material_key(const gbr_material *m);
FAST_PRIVATE gbr_result fast_parse_name(const char *src, size_t len, gbr_counts *out);
FAST_PRIVATE gbr_result fast_format_name(char *dst, size_t cap, const gbr_counts *c);
FAST_PRIVATE gbr_result fast_parse_study(const char *src, size_t len, gbr_study *out);
FAST_PRIVATE gbr_result fast_format_study(char *dst, size_t cap, const gbr_study *s);
FAST_PRIVATE uint64_t fast_study_key(const gbr_study *s);
FAST_PRIVATE gbr_result fast_parse_position(const char *src, size_t len, gbr_position *out);
FAST_PRIVATE gbr_result fast_format_position(char *dst, size_t cap, const gbr_position *p);
FAST_PRIVATE void fast_position_key(const gbr_position *p, gbr_position_key *out);
FAST_PRIVATE gbr_result fast_parse_fen(const char *src, size_t len, gbr_position *out);
FAST_PRIVATE gbr_result fast_format_fen(char *dst, size_t cap, const gbr_position *p);
FAST_PRIVATE gbr_result fast_fen_to_position(char *dst, size_t cap, const char *src, size_t len,
                                             gbr_result_option result);
FAST_PRIVATE gbr_result fast_position_to_fen(char *dst, size_t cap, const char *src, size_t len);
/* The loop both text column entries share (gbr.h). accept(s, len, out,
 * result) is a parser's fast path: 1 once it has settled the item, *result
 * set and *out filled (zero bytes when *result is an error). Any other item
 * goes to fast_column_item, which zeroes out[k] and asks the single entry
 * `parse`. Always inlined, so each entry's accept (a constant there) is
 * inlined into its loop. */
typedef int (*fast_accept_item)(const unsigned char *s, size_t len, void *out, gbr_result *result);
typedef gbr_result (*fast_parse_item)(const char *src, size_t len, void *out);
FAST_PRIVATE gbr_result fast_column_item(const char *text, size_t start, size_t end, void *out, size_t size,
                                         fast_parse_item parse);

static inline __attribute__((always_inline)) size_t fast_text_column(const char *text, const size_t *offsets,
                                                                     size_t n, void *out, size_t size,
                                                                     gbr_result *results, fast_accept_item accept,
                                                                     fast_parse_item parse)
{
    if (n == 0)
        return 0;
    if (offsets == NULL || out == NULL || results == NULL)
        return SIZE_MAX;
    const unsigned char *t = (const unsigned char *)text;
    unsigned char *item = out;
    size_t errors = 0, start = offsets[0];
    for (size_t k = 0; k < n; k++, item += size) {
        size_t end = offsets[k + 1];
        gbr_result r;
        if (!(end >= start && t != NULL && accept(t + start, end - start, item, &r)))
            r = fast_column_item(text, start, end, item, size, parse);
        results[k] = r;
        errors += r.error != GBR_OK;
        start = end;
    }
    return errors;
}

FAST_PRIVATE size_t fast_parse_material_column(const char *text, const size_t *offsets, size_t n, gbr_material *out,
                                              gbr_result *results);
FAST_PRIVATE size_t fast_parse_study_column(const char *text, const size_t *offsets, size_t n, gbr_study *out,
                                           gbr_result *results);
FAST_PRIVATE size_t fast_material_from_counts_column(const gbr_counts *counts, size_t n, gbr_material *out,
                                                    gbr_result *results);

#endif
