/* Private to the optimised codec: shared inline helpers over the generated
 * tables. Its one rule (accept exactly, or hand over):
 * docs/performance.md. */
#ifndef GBR_FAST_INTERNAL_H
#define GBR_FAST_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gbr.h"
#include "fast_config.h"
#include "fast_tables.h"

#define FAST_PRIVATE __attribute__((visibility("hidden")))
/* A parameter that a function (or one form of it) does not read. */
#define FAST_UNUSED __attribute__((unused))
/* The codec parameter every entry takes first (gbr_codec's function types)
 * and none reads: the optimised codec has no state. */
#define FAST_CODEC const gbr_codec *codec FAST_UNUSED
/* An entry's out-of-line slow path, declared with the entry's parameters
 * (codec first; the entry passes NULL), so that neither path of the entry
 * moves an argument to another register. noipa keeps GCC from dropping the
 * unused first parameter, which would bring the moves back. */
#if defined(__GNUC__) && !defined(__clang__)
#define FAST_SLOW_PATH __attribute__((noipa))
#else
#define FAST_SLOW_PATH __attribute__((noinline))
#endif

#define FAST_BYTES(b) (0x0101010101010101ULL * (uint64_t)(b))
/* The squares of ranks 1 and 8 (bits a1, a8, b1, ... h8): no pawn stands there. */
#define FAST_RANKS_1_AND_8 0x8181818181818181ULL

static inline gbr_result fast_error(gbr_error e, size_t column) { return (gbr_result){e, (uint32_t)column, 0}; }

/* The precise scanners' error at s[i] (i <= len): truncated when the text
 * ends there (§9.3 rule 1: column len + 1), else e at it. */
static inline gbr_result fast_error_at(size_t i, size_t len, gbr_error e)
{
    return fast_error(i >= len ? GBR_E_TRUNCATED : e, i + 1);
}

static inline gbr_result fast_ok(size_t length) { return (gbr_result){GBR_OK, 0, length}; }

static inline gbr_result fast_too_small(size_t need) { return (gbr_result){GBR_E_BUFFER_TOO_SMALL, 0, need}; }

/* The precise scanners' early return on the first broken rule. */
#define TRY(call)                                                                                                      \
    do {                                                                                                               \
        gbr_result try_result_ = (call);                                                                               \
        if (try_result_.error)                                                                                         \
            return try_result_;                                                                                        \
    } while (0)

/* Words of text bytes, byte k of the text as byte k of the word counted from
 * the lowest: the one place the byte order (FAST_LITTLE_ENDIAN) matters. */
static inline uint32_t fast_load32(const unsigned char *s)
{
#if FAST_LITTLE_ENDIAN
    uint32_t w;
    memcpy(&w, s, 4);
    return w;
#else
    return (uint32_t)s[0] | (uint32_t)s[1] << 8 | (uint32_t)s[2] << 16 | (uint32_t)s[3] << 24;
#endif
}

static inline uint64_t fast_load64(const unsigned char *s)
{
#if FAST_LITTLE_ENDIAN
    uint64_t w;
    memcpy(&w, s, 8);
    return w;
#else
    return (uint64_t)fast_load32(s) | (uint64_t)fast_load32(s + 4) << 32;
#endif
}

/* The low n bytes (at most 8) of w written to d[0..n-1], lowest first. */
static inline void fast_store(void *d, uint64_t w, size_t n)
{
#if FAST_LITTLE_ENDIAN
    memcpy(d, &w, n);
#else
    for (size_t k = 0; k < n; k++)
        ((unsigned char *)d)[k] = (unsigned char)(w >> 8 * k);
#endif
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

/* The precise scanners' reading of a material code's digits (§9.3): n bytes
 * from s[*i] through `value` (fast_digit_value for the four piece digits,
 * fast_pawn_value for the two pawn digits, where a 9 is pawn-count). */
static inline gbr_result fast_precise_digits(const unsigned char *s, size_t len, size_t *i, uint8_t *digit,
                                             unsigned n, const uint8_t value[256])
{
    for (unsigned k = 0; k < n; k++, (*i)++) {
        if (*i >= len)
            return fast_error(GBR_E_TRUNCATED, len + 1);
        if (value[s[*i]] == FAST_NONE)
            return fast_error(s[*i] == '9' ? GBR_E_PAWN_COUNT : GBR_E_EXPECTED_DIGIT, *i + 1);
        digit[k] = value[s[*i]];
    }
    return fast_ok(0);
}

/* Byte `want` at s[*i], else `e` at it; on success *i moves past it. */
static inline gbr_result fast_precise_byte(const unsigned char *s, size_t len, size_t *i, unsigned char want,
                                           gbr_error e)
{
    if (*i >= len || s[*i] != want)
        return fast_error_at(*i, len, e);
    (*i)++;
    return fast_ok(0);
}

/* The square at s[*i] (§9.3 rule 2: a bad file or rank is expected-square at
 * it); on success *sq is its index and *i moves past it. */
static inline gbr_result fast_precise_square(const unsigned char *s, size_t len, size_t *i, unsigned *sq)
{
    size_t at = *i;
    if (at >= len || fast_file_value[s[at]] == FAST_NONE)
        return fast_error_at(at, len, GBR_E_EXPECTED_SQUARE);
    if (at + 1 >= len || fast_rank_value[s[at + 1]] == FAST_NONE)
        return fast_error_at(at + 1, len, GBR_E_EXPECTED_SQUARE);
    *sq = (unsigned)fast_file_value[s[at]] + fast_rank_value[s[at + 1]];
    *i = at + 2;
    return fast_ok(0);
}

/* The long material code "abcd.ef" at s[0..6], when it is grammatical and
 * §2.4 allows it: returns 1 and fills *m; else 0 (hand over). One pass over
 * the seven bytes as a word. */
static inline int fast_material7(const unsigned char *s, gbr_material *m)
{
    /* Bytes: s0 s1 s2 s3 s3 s4 s5 s6. XOR with the expected characters
     * leaves each byte's value; every byte must be below 16 (else its high
     * nibble shows in x) and at most its limit (9 for piece digits, 0 for
     * the '.', 8 for pawns: adding 15 - limit then reaches 16; no carry
     * crosses a byte below 16). */
    uint64_t x = ((uint64_t)fast_load32(s) | (uint64_t)fast_load32(s + 3) << 32) ^ 0x30302E3030303030ULL;
    /* The usual digits (fast_material_usual) need no table: the same test
     * with limits 8 and 7. */
    if (__builtin_expect((((x + 0x08080F0707070707ULL) | x) & FAST_BYTES(0xF0)) != 0, 0)) {
        if (((x + 0x07070F0606060606ULL) | x) & FAST_BYTES(0xF0))
            return 0;
        /* A piece digit (0-9) plus 7 reaches 16 only for a 9: bits 12, 20,
         * 28 for the R, B, N digits, gathered into bits 16-18 by one multiply. */
        uint32_t nine_bits = (((uint32_t)x + 0x07070700u) & 0x10101000u) >> 12;
        unsigned nines = (nine_bits * 0x10204u >> 16) & 7u;
        if (!(((unsigned)fast_material_allowed[x & 15u][nines][(x >> 48) & 15u] >> (x >> 56)) & 1u))
            return 0;
    }
    fast_store(m->digit, x, 4);
    fast_store(m->pawns, x >> 48, 2);
    return 1;
}

/* The usual material, piece digits 0-8 and pawns 0-7, is always valid:
 * without a 9 a side has at most one promoted piece (a second queen), so
 * §2.4 holds with 7 pawns. Tested on the six bytes as one word, as in
 * fast_material7, whatever the byte order. */
static inline int fast_material_usual(const gbr_material *m)
{
    uint32_t digits;
    uint16_t pawns;
    memcpy(&digits, m->digit, 4);
    memcpy(&pawns, m->pawns, 2);
    uint64_t x = digits | (uint64_t)pawns << 32;
    return (((x + 0x0000080807070707ULL) | x) & 0x0000F0F0F0F0F0F0ULL) == 0;
}

/* fast_material_valid for a material that is not usual (out of line). */
FAST_PRIVATE int fast_material_valid_unusual(const gbr_material *m);

/* An in-range material that §2.4 allows: what a parser can produce. */
static inline int fast_material_valid(const gbr_material *m)
{
    return __builtin_expect(fast_material_usual(m), 1) || fast_material_valid_unusual(m);
}

/* Whether one side's exact counts (Q R B N P) break §1's promotion rule.
 * Piece counts saturate at the tables' last index, 15 (already too many). */
static inline int fast_side_over_promoted(const unsigned count[5])
{
    unsigned promoted = 0;
    for (unsigned type = 0; type < 4; type++)
        promoted += fast_promoted[type][count[type] < 15 ? count[type] : 15];
    return promoted + count[GBR_PAWN] > 8;
}

/* The material number abcdef of §8. */
static inline uint32_t fast_material_number(const gbr_material *m)
{
    return (uint32_t)m->digit[0] * 100000u + (uint32_t)m->digit[1] * 10000u + (uint32_t)m->digit[2] * 1000u +
           (uint32_t)m->digit[3] * 100u + (uint32_t)m->pawns[0] * 10u + m->pawns[1];
}

/* "abcd.ef " of an in-range material as a word (byte k: the text's byte k). */
static inline uint64_t fast_material_text(const gbr_material *m)
{
    return ((uint64_t)fast_load32(m->digit) | (uint64_t)(m->pawns[0] | m->pawns[1] << 8) << 40) + 0x2030302E30303030ULL;
}

/* The one path from exact counts (white and black: Q R B N P) to a material
 * code, for material_from_counts, the FEN reader and the board checks: 1
 * and *out filled when the counts can exist, else 0 (fast_check_counts
 * then says which rule fails). The usual counts, at most two of each piece
 * and 7 pawns, by one word test inline (their digits, white + 3 * black,
 * are a usual material); any other counts out of line. */
FAST_PRIVATE int fast_unusual_counts_to_material(const uint8_t white[5], const uint8_t black[5], gbr_material *out);

static inline int fast_usual_counts_to_material(const uint8_t white[5], const uint8_t black[5], gbr_material *out)
{
    uint32_t w4, b4;
    memcpy(&w4, white, 4);
    memcpy(&b4, black, 4);
    /* A byte's bit 7 flags a count past 2: adding 125 reaches it, a count of
     * 128 or more has it already (its carry only reaches a refused byte).
     * Byte by byte, so whatever the byte order. */
    if ((((w4 + 0x7D7D7D7Du) | w4 | (b4 + 0x7D7D7D7Du) | b4) & 0x80808080u) || white[4] > 7 || black[4] > 7)
        return 0;
    uint32_t digits = w4 + 3u * b4;
    memcpy(out->digit, &digits, 4);
    out->pawns[0] = white[4];
    out->pawns[1] = black[4];
    return 1;
}

static inline int fast_counts_to_material(const uint8_t white[5], const uint8_t black[5], gbr_material *out)
{
    return __builtin_expect(fast_usual_counts_to_material(white, black, out), 1) ||
           fast_unusual_counts_to_material(white, black, out);
}

/* Exact counts checked the way material_from_counts does: argument (a piece
 * count above 10, queens above 9), then too-many-pawns, then promotions,
 * White before Black. GBR_OK when the counts can exist. */
FAST_PRIVATE gbr_error fast_check_counts(const gbr_counts *c);

/* Writes the position form of a checked board (board[sq] the code of each
 * square in occ, no other square read; count[] of codes 1-6 and 9-14), its
 * material and indicator 0-6; buffer-too-small with the length needed when
 * cap is short (nothing written then). */
FAST_PRIVATE gbr_result fast_put_position(char *dst, size_t cap, const uint8_t *board, uint64_t occ,
                                          const uint8_t count[16], const gbr_material *m, unsigned indicator);
/* Writes the FEN of a checked board. */
FAST_PRIVATE gbr_result fast_put_fen(char *dst, size_t cap, const gbr_position *p);

FAST_PRIVATE gbr_result fast_parse_material(FAST_CODEC, const char *src, size_t len, gbr_material *out);
FAST_PRIVATE gbr_result fast_format_material(FAST_CODEC, char *dst, size_t cap, const gbr_material *m);
FAST_PRIVATE gbr_result fast_material_from_counts(FAST_CODEC, const gbr_counts *c, gbr_material *out);
FAST_PRIVATE int fast_material_split(FAST_CODEC, const gbr_material *m, int type, uint8_t *white, uint8_t *black);
FAST_PRIVATE uint32_t fast_material_key(FAST_CODEC, const gbr_material *m);
FAST_PRIVATE gbr_result fast_parse_name(FAST_CODEC, const char *src, size_t len, gbr_counts *out);
FAST_PRIVATE gbr_result fast_format_name(FAST_CODEC, char *dst, size_t cap, const gbr_counts *c);
FAST_PRIVATE gbr_result fast_parse_study(FAST_CODEC, const char *src, size_t len, gbr_study *out);
FAST_PRIVATE gbr_result fast_format_study(FAST_CODEC, char *dst, size_t cap, const gbr_study *s);
FAST_PRIVATE uint64_t fast_study_key(FAST_CODEC, const gbr_study *s);
FAST_PRIVATE gbr_result fast_parse_position(FAST_CODEC, const char *src, size_t len, gbr_position *out);
FAST_PRIVATE gbr_result fast_format_position(FAST_CODEC, char *dst, size_t cap, const gbr_position *p);
FAST_PRIVATE void fast_position_key(FAST_CODEC, const gbr_position *p, gbr_position_key *out);
FAST_PRIVATE gbr_result fast_parse_fen(FAST_CODEC, const char *src, size_t len, gbr_position *out);
FAST_PRIVATE gbr_result fast_format_fen(FAST_CODEC, char *dst, size_t cap, const gbr_position *p);
FAST_PRIVATE gbr_result fast_fen_to_position(FAST_CODEC, char *dst, size_t cap, const char *src, size_t len,
                                             gbr_result_option result);
FAST_PRIVATE gbr_result fast_position_to_fen(FAST_CODEC, char *dst, size_t cap, const char *src, size_t len);
/* The loop both text column entries share (gbr.h). accept(s, len, out) is
 * a parser's fast path: 1 when it took the item, *out filled. Any other item
 * goes to fast_column_item, which zeroes out[k] and asks the single entry
 * `parse`. Always inlined, so each entry's accept (a constant there) is
 * inlined into its loop. */
typedef int (*fast_accept_item)(const unsigned char *s, size_t len, void *out);
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
        gbr_result r = fast_ok(0);
        if (!(end >= start && t != NULL && accept(t + start, end - start, item)))
            r = fast_column_item(text, start, end, item, size, parse);
        results[k] = r;
        errors += r.error != GBR_OK;
        start = end;
    }
    return errors;
}

FAST_PRIVATE size_t fast_parse_material_column(FAST_CODEC, const char *text, const size_t *offsets,
                                               size_t n, gbr_material *out, gbr_result *results);
FAST_PRIVATE size_t fast_parse_study_column(FAST_CODEC, const char *text, const size_t *offsets, size_t n,
                                            gbr_study *out, gbr_result *results);
FAST_PRIVATE size_t fast_material_from_counts_column(FAST_CODEC, const gbr_counts *counts, size_t n,
                                                     gbr_material *out, gbr_result *results);

#endif
