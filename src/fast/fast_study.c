/* Study codes (§3) and their order key (§8). */
#include "fast_internal.h"
#include "fast_hooks.h"

/* The stipulation of a first character: '+' 1, '=' 2, anything else 0
 * (none). A table: one load where two compares took eight instructions on
 * the usual path. */
static const uint8_t study_stipulation[256] = {['+'] = GBR_STIP_WIN, ['='] = GBR_STIP_DRAW};
static inline unsigned stipulation_of(unsigned char c) { return study_stipulation[c]; }

/* Two squares "e1e8" at s[0..3] as indices: returns 1 and sets *first,
 * *second when both are squares; 0 otherwise. */
static inline int two_squares(const unsigned char *s, unsigned *first, unsigned *second)
{
    /* File bytes minus 'a', rank bytes minus '1': each must be 0-7. A byte
     * below its base wraps to 0x9E or more, so its bit 7 flags it (and the
     * borrow it passes up only touches a text already rejected). */
    uint32_t x = fast_load32(s) - 0x31613161u;
    if ((((x & 0x7F7F7F7Fu) + 0x78787878u) | x) & 0x80808080u)
        return 0;
    *first = (x & 7u) * 8 + ((x >> 8) & 7u);
    *second = ((x >> 16) & 7u) * 8 + ((x >> 24) & 7u);
    return 1;
}

/* The common shape, [wrapper][stipulation]abcd.efWKBK[closer], accepted in
 * one pass; 0 hands every other text to the precise scanner. With SSE2 it
 * follows study_usual, for the wrappers and the 9s; without, it is
 * study_usual. Always inlined: as a call of its own it cost a sixth of the parse
 * (callgrind). */
static inline __attribute__((always_inline)) int study_one_pass(const unsigned char *s, size_t len, gbr_study *out)
{
    if (len < 11)
        return 0;
    size_t i = 0, closers = 0;
    if (__builtin_expect(s[0] == '[' || s[0] == '(', 0)) {
        /* The closer must end the text: ']' is '[' + 2, ')' is '(' + 1. */
        if (s[len - 1] != s[0] + (s[0] == '[' ? 2 : 1))
            return 0;
        i = 1;
        closers = 1;
    }
    unsigned stipulation = stipulation_of(s[i]);
    i += stipulation != 0;
    unsigned wk, bk;
    gbr_material m; /* *out is written only once the whole text is good */
    if (__builtin_expect(len != i + 11 + closers || !fast_material7(s + i, &m) ||
                             !two_squares(s + i + 7, &wk, &bk) || wk == bk,
                         0))
        return 0;
    out->material = m;
    out->stipulation = (uint8_t)stipulation;
    out->white_king = (uint8_t)wk;
    out->black_king = (uint8_t)bk;
    return 1;
}

#if FAST_SSE2
#include "fast_study_sse2.h"
#else
/* Without SSE2 the one-pass path is the usual one. */
static inline __attribute__((always_inline)) int study_usual(const unsigned char *s, size_t len, gbr_study *out)
{
    return study_one_pass(s, len, out);
}
#endif

/* The precise scanner: the first rule broken, left to right (§9.3). Kept
 * out of line so the fast path above stays light. */
static __attribute__((noinline)) gbr_result study_precise(const char *src, size_t len, gbr_study *out)
{
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    const unsigned char *s = (const unsigned char *)src;
    size_t i = 0;
    unsigned char closer = 0;
    if (s[0] == '[' || s[0] == '(') {
        closer = s[0] == '[' ? ']' : ')';
        i++;
    }
    gbr_study st;
    st.stipulation = (uint8_t)(i < len ? stipulation_of(s[i]) : GBR_STIP_NONE);
    i += st.stipulation != GBR_STIP_NONE;
    size_t material_at = i;
    st.material.pawns[0] = st.material.pawns[1] = 0;
    TRY(fast_precise_digits(s, len, &i, st.material.digit, 4, fast_digit_value));
    if (i < len && s[i] == '.') {
        i++;
        TRY(fast_precise_digits(s, len, &i, st.material.pawns, 2, fast_pawn_value));
    } else if (i >= len || fast_file_value[s[i]] == FAST_NONE) {
        return fast_error_at(i, len, GBR_E_EXPECTED_SQUARE);
    }
    if (!fast_material_possible(st.material.digit, st.material.pawns[0], st.material.pawns[1]))
        return fast_error(GBR_E_PROMOTIONS, material_at + 1);
    unsigned wk, bk;
    TRY(fast_precise_square(s, len, &i, &wk));
    size_t black_at = i;
    TRY(fast_precise_square(s, len, &i, &bk));
    if (bk == wk)
        return fast_error(GBR_E_DUPLICATE_SQUARE, black_at + 1);
    if (closer)
        TRY(fast_precise_byte(s, len, &i, closer, GBR_E_EXPECTED_CLOSE));
    if (i < len)
        return fast_error(GBR_E_TRAILING, i + 1);
    st.white_king = (uint8_t)wk;
    st.black_king = (uint8_t)bk;
    *out = st;
    return fast_ok(0);
}

/* A text study_usual did not take: study_one_pass's one pass (with SSE2,
 * study_usual leaves it the wrappers, the 9s and the eighth pawns), else the
 * precise scanner. *out is written only on success. */
static FAST_SLOW_PATH gbr_result study_other(FAST_CODEC, const char *src, size_t len, gbr_study *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    if (src != NULL && study_one_pass((const unsigned char *)src, len, out))
        return fast_ok(0);
    return study_precise(src, len, out);
}

gbr_result fast_parse_study(FAST_CODEC, const char *src, size_t len, gbr_study *out)
{
    if (__builtin_expect(src != NULL && out != NULL && study_usual((const unsigned char *)src, len, out), 1))
        return fast_ok(0);
    return study_other(NULL, src, len, out);
}

/* The column entry's fast path and single entry, in fast_text_column's types. */
static int study_column_accept(const unsigned char *s, size_t len, void *out) { return study_usual(s, len, out); }

static gbr_result study_parse(const char *src, size_t len, void *out) { return fast_parse_study(NULL, src, len, out); }

size_t fast_parse_study_column(FAST_CODEC, const char *text, const size_t *offsets, size_t n,
                               gbr_study *out, gbr_result *results)
{
    return fast_text_column(text, offsets, n, out, sizeof *out, results, study_column_accept, study_parse);
}

/* A study's fields besides its material: stipulation 0-2, kings 0-63 on
 * different squares. */
static inline int study_fields_valid(const gbr_study *s)
{
    return s->stipulation <= GBR_STIP_DRAW && s->white_king <= 63 && s->black_king <= 63 &&
           s->white_king != s->black_king;
}

/* What format_study and study_key accept: a valid material code and valid
 * other fields. */
static inline int study_valid(const gbr_study *s)
{
    return fast_material_valid(&s->material) && study_fields_valid(s);
}

gbr_result fast_format_study(FAST_CODEC, char *dst, size_t cap, const gbr_study *s)
{
    if (s == NULL || fast_bad_output(dst, cap) || !study_valid(s))
        return fast_error(GBR_E_ARGUMENT, 0);
    size_t need = 11u + (s->stipulation != GBR_STIP_NONE);
    if (cap < need)
        return fast_too_small(need);
    char *d = dst;
    if (s->stipulation != GBR_STIP_NONE)
        *d++ = s->stipulation == GBR_STIP_WIN ? '+' : '=';
    fast_store(d, fast_material_text(&s->material), 7);
    memcpy(d + 7, fast_square_name[s->white_king], 2);
    memcpy(d + 9, fast_square_name[s->black_king], 2);
    return fast_ok(need);
}

/* The key of a checked study (§8). */
static inline uint64_t study_key_of(const gbr_study *s)
{
    return ((uint64_t)fast_material_number(&s->material) << 14) | ((uint64_t)s->white_king << 8) |
           ((uint64_t)s->black_king << 2) | s->stipulation;
}

/* A study whose material is not usual, out of line so that the usual key
 * saves no register. */
static FAST_SLOW_PATH uint64_t study_key_unusual(FAST_CODEC, const gbr_study *s)
{
    return study_valid(s) ? study_key_of(s) : 0;
}

/* 0 for what format_study refuses (gbr.h): study_valid, with the usual
 * material's test inline and any other material out of line. */
uint64_t fast_study_key(FAST_CODEC, const gbr_study *s)
{
    if (s == NULL)
        return 0;
    if (__builtin_expect(!fast_material_usual(&s->material), 0))
        return study_key_unusual(NULL, s);
    return study_fields_valid(s) ? study_key_of(s) : 0;
}

int fast_hook_study_usual(const char *s, size_t len, gbr_study *out)
{
    return study_usual((const unsigned char *)s, len, out);
}

int fast_hook_study_one_pass(const char *s, size_t len, gbr_study *out)
{
    return study_one_pass((const unsigned char *)s, len, out);
}
