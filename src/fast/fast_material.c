/* Material codes (§2), exact counts and the material order key (§8). */
#include "fast_internal.h"
#include "fast_hooks.h"

/* The precise scanner: the first rule broken, left to right (§9.3). */
static FAST_SLOW_PATH gbr_result material_precise(FAST_CODEC, const unsigned char *s, size_t len, gbr_material *out)
{
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    gbr_material m = {{0, 0, 0, 0}, {0, 0}};
    size_t i = 0;
    TRY(fast_precise_digits(s, len, &i, m.digit, 4, fast_digit_value));
    if (len > 4) {
        TRY(fast_precise_byte(s, len, &i, '.', GBR_E_EXPECTED_POINT));
        TRY(fast_precise_digits(s, len, &i, m.pawns, 2, fast_pawn_value));
        if (len > 7)
            return fast_error(GBR_E_TRAILING, 8);
    }
    if (!fast_material_possible(m.digit, m.pawns[0], m.pawns[1]))
        return fast_error(GBR_E_PROMOTIONS, 1);
    *out = m;
    return fast_ok(0);
}

/* material_long, the one fast path: a 7-byte code as one word; in
 * fast_text_column's types for the column entry and the test hook. */
static inline int material_long(const unsigned char *s, size_t len, void *out)
{
    return len == 7 && fast_material7(s, out);
}

gbr_result fast_parse_material(FAST_CODEC, const char *src, size_t len, gbr_material *out)
{
    if (__builtin_expect(src != NULL && out != NULL && len == 7 && fast_material7((const unsigned char *)src, out), 1))
        return fast_ok(0);
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    return material_precise(NULL, (const unsigned char *)src, len, out);
}

/* The column entry's single entry, in fast_text_column's types. */
static gbr_result material_parse(const char *src, size_t len, void *out)
{
    return fast_parse_material(NULL, src, len, out);
}

size_t fast_parse_material_column(FAST_CODEC, const char *text, const size_t *offsets, size_t n,
                                  gbr_material *out, gbr_result *results)
{
    return fast_text_column(text, offsets, n, out, sizeof *out, results, material_long, material_parse);
}

gbr_result fast_format_material(FAST_CODEC, char *dst, size_t cap, const gbr_material *m)
{
    if (m == NULL || fast_bad_output(dst, cap) || !fast_material_valid(m))
        return fast_error(GBR_E_ARGUMENT, 0);
    if (cap < GBR_MATERIAL_MAX)
        return fast_too_small(GBR_MATERIAL_MAX);
    fast_store(dst, fast_material_text(m), 7);
    return fast_ok(GBR_MATERIAL_MAX);
}

gbr_error fast_check_counts(const gbr_counts *c)
{
    for (int side = 0; side < 2; side++)
        for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
            if (c->count[side][type] > (type == GBR_QUEEN ? 9 : 10))
                return GBR_E_ARGUMENT;
    if (c->count[0][GBR_PAWN] > 8 || c->count[1][GBR_PAWN] > 8)
        return GBR_E_TOO_MANY_PAWNS;
    for (int side = 0; side < 2; side++) {
        const uint8_t *n = c->count[side];
        unsigned wide[5] = {n[0], n[1], n[2], n[3], n[4]};
        if (fast_side_over_promoted(wide))
            return GBR_E_PROMOTIONS;
    }
    return GBR_OK;
}

/* fast_counts_to_material's counts that are not usual: every count that
 * can exist, both sides at once as one word (white's Q R B N in bytes 0-3,
 * black's in 4-7); 0 for any other (the caller asks fast_check_counts why). */
int fast_unusual_counts_to_material(const uint8_t white[5], const uint8_t black[5], gbr_material *out)
{
    const uint64_t high = FAST_BYTES(0x80);
    uint64_t pieces = (uint64_t)fast_load32(white) | (uint64_t)fast_load32(black) << 32;
    /* Bit 7 of a byte is set when the count exceeds its limit, queens 9 and
     * the others 10 (carry-free: bit 7 is cleared before the add). */
    const uint64_t limit = 0x0A0A0A090A0A0A09ULL;
    if (((((pieces & FAST_BYTES(0x7F)) + (FAST_BYTES(0x7F) - limit)) | pieces) & high) != 0 || white[4] > 8 ||
        black[4] > 8)
        return 0;
    /* Promoted pieces: count - original, saturating at 0, summed per side
     * (white's sum lands in byte 3, black's in byte 7). */
    uint64_t e = (pieces | high) - 0x0202020102020201ULL;
    uint64_t kept = (e >> 7) & FAST_BYTES(0x01);
    uint64_t sums = (e & (kept * 0x7F)) * 0x01010101ULL;
    if (((sums >> 24) & 0xFFu) + white[4] > 8 || (sums >> 56) + black[4] > 8)
        return 0;
    /* Digits: white + 3 * black, or 9 where a side has three or more. */
    uint64_t three = ((pieces | high) - FAST_BYTES(0x03)) & high;
    uint32_t big = (uint32_t)((three | three >> 32) >> 7) & 0x01010101u;
    uint32_t mask = big * 0xFFu;
    uint32_t sum = (uint32_t)pieces + 3u * (uint32_t)(pieces >> 32);
    fast_store(out->digit, (sum & ~mask) | (0x09090909u & mask), 4);
    out->pawns[0] = white[4];
    out->pawns[1] = black[4];
    return 1;
}

#if FAST_SSE2
#include "fast_material_sse2.h"
#else
/* The usual counts of a gbr_counts (fast_usual_counts_to_material); more:
 * whether another item follows it in memory (the SSE2 path reads 16 bytes). */
static inline int counts_usual(const gbr_counts *c, gbr_material *out, int more FAST_UNUSED)
{
    return fast_usual_counts_to_material(c->count[0], c->count[1], out);
}
#endif

/* Counts that are not usual: the rest of fast_counts_to_material, else the
 * rule they break. */
static FAST_SLOW_PATH gbr_result counts_unusual(FAST_CODEC, const gbr_counts *c, gbr_material *out)
{
    if (fast_unusual_counts_to_material(c->count[0], c->count[1], out))
        return fast_ok(0);
    return fast_error(fast_check_counts(c), 0);
}

gbr_result fast_material_from_counts(FAST_CODEC, const gbr_counts *c, gbr_material *out)
{
    if (c == NULL || out == NULL)
        return fast_error(GBR_E_ARGUMENT, 0);
    return counts_usual(c, out, 0) ? fast_ok(0) : counts_unusual(NULL, c, out);
}

/* One column item; 1 when it failed. Always inlined, so `more` is a constant. */
static inline __attribute__((always_inline)) size_t counts_item(const gbr_counts *c, gbr_material *out,
                                                                gbr_result *result, int more)
{
    if (__builtin_expect(counts_usual(c, out, more), 1)) {
        *result = fast_ok(0);
        return 0;
    }
    *result = counts_unusual(NULL, c, out);
    if (result->error == GBR_OK)
        return 0;
    memset(out, 0, sizeof *out); /* gbr.h: zero bytes for a failed item */
    return 1;
}

size_t fast_material_from_counts_column(FAST_CODEC, const gbr_counts *counts, size_t n, gbr_material *out,
                                        gbr_result *results)
{
    if (n == 0)
        return 0;
    if (counts == NULL || out == NULL || results == NULL)
        return SIZE_MAX;
    size_t errors = 0, k = 0;
    for (; k + 1 < n; k++) /* another item follows: see counts_usual */
        errors += counts_item(&counts[k], &out[k], &results[k], 1);
    return errors + counts_item(&counts[k], &out[k], &results[k], 0);
}

int fast_material_split(FAST_CODEC, const gbr_material *m, int type, uint8_t *white, uint8_t *black)
{
    if (m == NULL || white == NULL || black == NULL || type < GBR_QUEEN || type > GBR_KNIGHT ||
        m->digit[type] > 8)
        return 0;
    *white = fast_digit_split[m->digit[type]][0];
    *black = fast_digit_split[m->digit[type]][1];
    return 1;
}

int fast_material_valid_unusual(const gbr_material *m)
{
    for (int type = 0; type < 4; type++)
        if (m->digit[type] > 9)
            return 0;
    return m->pawns[0] <= 8 && m->pawns[1] <= 8 && fast_material_possible(m->digit, m->pawns[0], m->pawns[1]);
}

/* The key of a material that is not usual, out of line so that the usual
 * key saves no register. */
static __attribute__((noinline)) uint32_t material_key_unusual(const gbr_material *m)
{
    return fast_material_valid_unusual(m) ? fast_material_number(m) : 0;
}

/* 0 for what format_material refuses (gbr.h). */
uint32_t fast_material_key(FAST_CODEC, const gbr_material *m)
{
    if (m == NULL)
        return 0;
    if (__builtin_expect(!fast_material_usual(m), 0))
        return material_key_unusual(m);
    return fast_material_number(m);
}

int fast_hook_material_long(const char *s, size_t len, gbr_material *out)
{
    return material_long((const unsigned char *)s, len, out);
}

int fast_hook_counts_usual(const gbr_counts *c, gbr_material *out) { return counts_usual(c, out, 0); }

int fast_hook_counts_unusual(const gbr_counts *c, gbr_material *out)
{
    return fast_unusual_counts_to_material(c->count[0], c->count[1], out);
}
