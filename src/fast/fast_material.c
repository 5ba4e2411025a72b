/* Material codes (§2), exact counts and the material order key (§8). */
#include "fast_internal.h"

/* The precise scanner, run only when the fast path of a 7-byte code fails:
 * it finds the first rule broken, left to right (§9.3). */
static __attribute__((noinline)) gbr_result material_slow(const unsigned char *s, size_t len, gbr_material *out)
{
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    for (size_t i = 0; i < 4; i++) {
        if (i >= len)
            return fast_error(GBR_E_TRUNCATED, len + 1);
        if (fast_digit_value[s[i]] == FAST_NONE)
            return fast_error(GBR_E_EXPECTED_DIGIT, i + 1);
    }
    gbr_material m = {{fast_digit_value[s[0]], fast_digit_value[s[1]], fast_digit_value[s[2]], fast_digit_value[s[3]]},
                      {0, 0}};
    if (len > 4) {
        if (s[4] != '.')
            return fast_error(GBR_E_EXPECTED_POINT, 5);
        for (size_t i = 5; i < 7; i++) {
            if (i >= len)
                return fast_error(GBR_E_TRUNCATED, len + 1);
            if (fast_pawn_value[s[i]] == FAST_NONE)
                return fast_error(s[i] == '9' ? GBR_E_PAWN_COUNT : GBR_E_EXPECTED_DIGIT, i + 1);
            m.pawns[i - 5] = fast_pawn_value[s[i]];
        }
        if (len > 7)
            return fast_error(GBR_E_TRAILING, 8);
    }
    if (!fast_material_possible(m.digit, m.pawns[0], m.pawns[1]))
        return fast_error(GBR_E_PROMOTIONS, 1);
    *out = m;
    return fast_ok(0);
}

#if FAST_LITTLE_ENDIAN
/* The material of fast_material7_scan's *x (digits in bytes 0-3, pawns in
 * bytes 5-6). */
static inline void material7_store(uint64_t x, gbr_material *dst)
{
    uint32_t digits = (uint32_t)x;
    uint16_t pawns = (uint16_t)(x >> 40);
    memcpy(dst->digit, &digits, 4);
    memcpy(dst->pawns, &pawns, 2);
}

/* 7-byte texts: no branch on their bytes but for the rare codes
 * fast_material7_scan leaves to the precise scanner. */
static inline gbr_result material7(const unsigned char *s, gbr_material *out)
{
    uint64_t x;
    unsigned first;
    if (__builtin_expect(!fast_material7_scan(s, &x, &first), 0))
        return material_slow(s, 7, out);
    /* *out is written only on success: a failure stores to scratch. */
    gbr_material scratch;
    material7_store(x, first == 7 ? out : &scratch);
    return fast_result_row(fast_material7_error[first]);
}

/* A column item of 7 bytes, settled as material7 settles it but with zero
 * bytes for a failed item: returns 1 once *out and *result are set; 0 when
 * the precise scanner must decide. */
static int material_accept(const unsigned char *s, size_t len, void *out, gbr_result *result)
{
    uint64_t x;
    unsigned first;
    if (len != 7 || !fast_material7_scan(s, &x, &first))
        return 0;
    uint64_t keep = (uint64_t)0 - (first == 7);
    material7_store(x & keep, out);
    *result = fast_result_row(fast_material7_error[first]);
    return 1;
}
#else
static inline gbr_result material7(const unsigned char *s, gbr_material *out)
{
    return fast_material7(s, out) ? fast_ok(0) : material_slow(s, 7, out);
}

static int material_accept(const unsigned char *s, size_t len, void *out, gbr_result *result)
{
    if (len != 7 || !fast_material7(s, out))
        return 0;
    *result = fast_ok(0);
    return 1;
}
#endif

gbr_result fast_parse_material(const char *src, size_t len, gbr_material *out)
{
    if (__builtin_expect(len == 7 && src != NULL && out != NULL, 1))
        return material7((const unsigned char *)src, out);
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    return material_slow((const unsigned char *)src, len, out);
}

/* The column entry's single entry, in fast_text_column's types. */
static gbr_result material_parse(const char *src, size_t len, void *out) { return fast_parse_material(src, len, out); }

size_t fast_parse_material_column(const char *text, const size_t *offsets, size_t n, gbr_material *out,
                                  gbr_result *results)
{
    return fast_text_column(text, offsets, n, out, sizeof *out, results, material_accept, material_parse);
}

gbr_result fast_format_material(char *dst, size_t cap, const gbr_material *m)
{
    if (m == NULL || fast_bad_output(dst, cap) || !fast_material_valid(m))
        return fast_error(GBR_E_ARGUMENT, 0);
    if (cap < GBR_MATERIAL_MAX) {
        gbr_result r = {GBR_E_BUFFER_TOO_SMALL, 0, GBR_MATERIAL_MAX};
        return r;
    }
    fast_put_material(dst, m);
    return fast_ok(GBR_MATERIAL_MAX);
}

gbr_error fast_check_counts(const gbr_counts *c)
{
    unsigned over = 0;
    for (int side = 0; side < 2; side++) {
        over |= c->count[side][0] > 9;
        for (int type = 1; type < 4; type++)
            over |= c->count[side][type] > 10;
    }
    if (over)
        return GBR_E_ARGUMENT;
    if (c->count[0][GBR_PAWN] > 8 || c->count[1][GBR_PAWN] > 8)
        return GBR_E_TOO_MANY_PAWNS;
    for (int side = 0; side < 2; side++) {
        const uint8_t *n = c->count[side];
        unsigned promoted = (unsigned)fast_promoted[0][n[0]] + fast_promoted[1][n[1]] + fast_promoted[2][n[2]] +
                            fast_promoted[3][n[3]];
        if (promoted + n[GBR_PAWN] > 8)
            return GBR_E_PROMOTIONS;
    }
    return GBR_OK;
}

void fast_material_of_counts(const gbr_counts *c, gbr_material *out)
{
    for (int type = 0; type < 4; type++)
        out->digit[type] = fast_count_digit[c->count[0][type]][c->count[1][type]];
    out->pawns[0] = c->count[0][GBR_PAWN];
    out->pawns[1] = c->count[1][GBR_PAWN];
}

static __attribute__((noinline)) gbr_result counts_slow(const gbr_counts *c, gbr_material *out)
{
    gbr_error e = fast_check_counts(c);
    if (e == GBR_OK)
        fast_material_of_counts(c, out);
    return e == GBR_OK ? fast_ok(0) : fast_error(e, 0);
}

/* The material of usual counts. */
static inline void counts_usual_store(const gbr_counts *c, gbr_material *out)
{
    uint32_t w4, b4;
    memcpy(&w4, c->count[0], 4);
    memcpy(&b4, c->count[1], 4);
    fast_usual_material(w4, c->count[0][GBR_PAWN], b4, c->count[1][GBR_PAWN], out);
}

/* Usual counts (fast_usual_counts): returns 1 and fills *out; 0 for any
 * other counts. */
static inline int counts_usual(const gbr_counts *c, gbr_material *out)
{
#if FAST_LITTLE_ENDIAN
#if FAST_SSE2
    /* The ten bytes in one register (bytes 0-7, then 8-9): one test for all. */
    int16_t last;
    memcpy(&last, c->count[1] + 3, 2);
    if (!fast_usual_counts_lanes(_mm_insert_epi16(_mm_loadl_epi64((const __m128i *)(const void *)c), last, 4)))
        return 0;
    counts_usual_store(c, out);
    return 1;
#else
    uint32_t w4, b4;
    memcpy(&w4, c->count[0], 4);
    memcpy(&b4, c->count[1], 4);
    return fast_usual_counts(w4, c->count[0][GBR_PAWN], b4, c->count[1][GBR_PAWN], out);
#endif
#else
    (void)c;
    (void)out;
    return 0;
#endif
}

/* Counts within 15 each that can exist, as one word per side: returns 1
 * and fills *out; 0 for every other input (the caller asks counts_slow). */
static inline int counts_within_15(const gbr_counts *c, gbr_material *out)
{
#if FAST_LITTLE_ENDIAN
    /* The ten counts as bytes 0-7 and 2-9 of the struct. */
    uint64_t a, b;
    memcpy(&a, c->count[0], 8);
    memcpy(&b, c->count[0] + 2, 8);
    if ((a | b) & FAST_BYTES(0xF0))
        return 0;
    /* Every count below 16: one pair entry per type, white | black << 4. */
    uint32_t pairs = (uint32_t)a | (uint32_t)(b >> 24) << 4;
    uint64_t sum = fast_count_pair[0][pairs & 0xFFu] + fast_count_pair[1][(pairs >> 8) & 0xFFu] +
                   fast_count_pair[2][(pairs >> 16) & 0xFFu] + fast_count_pair[3][pairs >> 24];
    /* Promoted pieces plus pawns within 8 a side, no count past its
     * limit: bytes 4 and 5 at most 8, byte 6 zero (no byte carries). */
    uint64_t pawns = (a & 0xFF00000000ULL) | (b >> 56) << 40;
    if ((((sum + pawns) >> 32) + 0x7777u) & 0xFF8080u)
        return 0;
    uint32_t digits = (uint32_t)sum;
    uint16_t pawn_digits = (uint16_t)(pawns >> 32); /* white, black */
    memcpy(out->digit, &digits, 4);
    memcpy(out->pawns, &pawn_digits, 2);
    return 1;
#else
    (void)c;
    (void)out;
    return 0;
#endif
}

/* Counts that are not usual, out of line so that the usual case needs no
 * registers saved. */
static __attribute__((noinline)) gbr_result counts_unusual(const gbr_counts *c, gbr_material *out)
{
    return counts_within_15(c, out) ? fast_ok(0) : counts_slow(c, out);
}

gbr_result fast_material_from_counts(const gbr_counts *c, gbr_material *out)
{
    if (c == NULL || out == NULL)
        return fast_error(GBR_E_ARGUMENT, 0);
    return counts_usual(c, out) ? fast_ok(0) : counts_unusual(c, out);
}

/* A column item that is not usual: zero bytes for a failed item. */
static __attribute__((noinline)) gbr_result counts_item_unusual(const gbr_counts *c, gbr_material *out)
{
    if (counts_within_15(c, out))
        return fast_ok(0);
    static const gbr_material none;
    *out = none;
    return counts_slow(c, out);
}

size_t fast_material_from_counts_column(const gbr_counts *counts, size_t n, gbr_material *out, gbr_result *results)
{
    if (n == 0)
        return 0;
    if (counts == NULL || out == NULL || results == NULL)
        return SIZE_MAX;
    size_t errors = 0, k = 0;
#if FAST_SSE2 && FAST_LITTLE_ENDIAN
    /* A 16-byte load per item while 16 bytes remain (all items but the
     * last); an ok result as one 16-byte store. */
    _Static_assert(GBR_OK == 0 && sizeof(gbr_result) == 16, "an ok result is 16 zero bytes");
    for (; k + 1 < n; k++) {
        if (fast_usual_counts_lanes(_mm_loadu_si128((const __m128i *)(const void *)&counts[k]))) {
            counts_usual_store(&counts[k], &out[k]);
            _mm_storeu_si128((__m128i *)(void *)&results[k], _mm_setzero_si128());
        } else {
            results[k] = counts_item_unusual(&counts[k], &out[k]);
            errors += results[k].error != GBR_OK;
        }
    }
#endif
    for (; k < n; k++) {
        results[k] = counts_usual(&counts[k], &out[k]) ? fast_ok(0) : counts_item_unusual(&counts[k], &out[k]);
        errors += results[k].error != GBR_OK;
    }
    return errors;
}

int fast_material_split(const gbr_material *m, int type, uint8_t *white, uint8_t *black)
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
    return fast_material_in_range(m) && fast_material_possible(m->digit, m->pawns[0], m->pawns[1]);
}

/* The key of a material that is not usual, out of line so that the usual
 * key saves no register. */
static __attribute__((noinline)) uint32_t material_key_unusual(const gbr_material *m)
{
    return fast_material_valid_unusual(m) ? fast_material_number(m) : 0;
}

/* 0 for what format_material refuses (gbr.h). */
uint32_t fast_material_key(const gbr_material *m)
{
    if (m == NULL)
        return 0;
    if (__builtin_expect(!fast_material_usual(m), 0))
        return material_key_unusual(m);
    return fast_material_number(m);
}
