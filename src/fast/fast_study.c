/* Study codes (§3) and their order key (§8). */
#include "fast_internal.h"

/* Reads the square at s[*i] into *sq; a bad file or rank is expected-square
 * at that character (§9.3 rule 2). */
static inline gbr_result read_plain_square(const unsigned char *s, size_t len, size_t *i, unsigned *sq)
{
    size_t at = *i;
    if (at >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    unsigned file = fast_file_value[s[at]];
    if (file == FAST_NONE)
        return fast_error(GBR_E_EXPECTED_SQUARE, at + 1);
    if (at + 1 >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    unsigned rank = fast_rank_value[s[at + 1]];
    if (rank == FAST_NONE)
        return fast_error(GBR_E_EXPECTED_SQUARE, at + 2);
    *sq = file + rank;
    *i = at + 2;
    return fast_ok(0);
}

/* The stipulation of a first character: '+' 1, '=' 2, anything else 0
 * (none). A table: one load where two compares took eight instructions on
 * the usual path. */
static const uint8_t study_stipulation[256] = {['+'] = GBR_STIP_WIN, ['='] = GBR_STIP_DRAW};
static inline unsigned stipulation_of(unsigned char c) { return study_stipulation[c]; }

/* The common shape, [wrapper][stipulation]abcd.efWKBK[closer], accepted in
 * one pass; 0 sends every other text to the precise scanner. With SSE2 it
 * follows study_usual, for the wrappers and the 9s; without, it comes
 * first. Always inlined: as a call of its own it cost a sixth of the parse
 * (callgrind). */
static inline __attribute__((always_inline)) int study_fast(const unsigned char *s, size_t len, gbr_study *out)
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
                             !fast_two_squares(s + i + 7, &wk, &bk) || wk == bk,
                         0))
        return 0;
    out->material = m;
    out->stipulation = (uint8_t)stipulation;
    out->white_king = (uint8_t)wk;
    out->black_king = (uint8_t)bk;
    return 1;
}

#if FAST_SSE2 && FAST_LITTLE_ENDIAN
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
 * step: returns 1 and fills *out; 0 for any other text (study_fast then
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
#define STUDY_USUAL_STEP 1
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
    st.stipulation = GBR_STIP_NONE;
    if (i < len && (s[i] == '+' || s[i] == '=')) {
        st.stipulation = s[i] == '+' ? GBR_STIP_WIN : GBR_STIP_DRAW;
        i++;
    }
    size_t material_at = i;
    for (unsigned k = 0; k < 4; k++, i++) {
        if (i >= len)
            return fast_error(GBR_E_TRUNCATED, len + 1);
        unsigned d = fast_digit_value[s[i]];
        if (d == FAST_NONE)
            return fast_error(GBR_E_EXPECTED_DIGIT, i + 1);
        st.material.digit[k] = (uint8_t)d;
    }
    st.material.pawns[0] = st.material.pawns[1] = 0;
    if (i >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    if (s[i] == '.') {
        i++;
        for (unsigned k = 0; k < 2; k++, i++) {
            if (i >= len)
                return fast_error(GBR_E_TRUNCATED, len + 1);
            unsigned p = fast_pawn_value[s[i]];
            if (p == FAST_NONE)
                return fast_error(s[i] == '9' ? GBR_E_PAWN_COUNT : GBR_E_EXPECTED_DIGIT, i + 1);
            st.material.pawns[k] = (uint8_t)p;
        }
    } else if (fast_file_value[s[i]] == FAST_NONE) {
        return fast_error(GBR_E_EXPECTED_SQUARE, i + 1);
    }
    if (!fast_material_possible(st.material.digit, st.material.pawns[0], st.material.pawns[1]))
        return fast_error(GBR_E_PROMOTIONS, material_at + 1);
    unsigned wk, bk;
    gbr_result r = read_plain_square(s, len, &i, &wk);
    if (r.error)
        return r;
    size_t black_at = i;
    r = read_plain_square(s, len, &i, &bk);
    if (r.error)
        return r;
    if (bk == wk)
        return fast_error(GBR_E_DUPLICATE_SQUARE, black_at + 1);
    if (closer) {
        if (i >= len)
            return fast_error(GBR_E_TRUNCATED, len + 1);
        if (s[i] != closer)
            return fast_error(GBR_E_EXPECTED_CLOSE, i + 1);
        i++;
    }
    if (i < len)
        return fast_error(GBR_E_TRAILING, i + 1);
    st.white_king = (uint8_t)wk;
    st.black_king = (uint8_t)bk;
    *out = st;
    return fast_ok(0);
}

#if FAST_SSE2 && FAST_LITTLE_ENDIAN
/* A text of the usual shape study_usual refused, settled from the same
 * vector with no further branch on its bytes (damaged texts are common
 * there; the rule-by-rule scanner would branch on each): returns 1 with *r
 * its error; 0 for any other text, or when a 9 or a pawn 8 or 9 comes
 * before the first bad byte (§2.4 or pawn-count may apply: the precise
 * scanner decides). */
static inline int study_settle(const unsigned char *s, size_t len, gbr_result *r)
{
    size_t i = len - 11;
    if (i > 1)
        return 0;
    __m128i v = study_vector(s, i);
    unsigned plain = study_within(v, STUDY_PLAIN);
    unsigned within = study_within(v, _mm_setr_epi8(9, 9, 9, 9, 0, 9, 9, 7, 9, 0, 9, 9, 7, 7, 7, 7));
    /* The first bad byte of abcd.efWKBK (lanes 0-7, 13-15), 11 when none;
     * 12 for equal kings. */
    unsigned bad = ~within;
    unsigned at = (unsigned)__builtin_ctz((bad & 0xFFu) | (bad >> 5 & 0x700u) | 0x800u);
    at += (at == 11) & (_mm_extract_epi16(v, 6) == _mm_extract_epi16(v, 7));
    /* The 9s and pawn 8s and 9s: within the lenient limits, not the plain
     * ones (lanes 8-11 repeat lanes 3-6). */
    unsigned nines = within ^ plain;
    /* The shape: with 12 bytes a stipulation leads; with 11, s[0] is a
     * digit unless at is 0, and a bad first byte (perhaps a wrapper or a
     * stipulation) is left to the scanners. After the four digits a file
     * letter starts the short form, another shape. */
    unsigned lead = i != 0 ? stipulation_of(s[0]) : at;
    int settled = ((nines & ((1u << at) - 1)) == 0) & (lead != 0) & ((at != 4) | ((unsigned)s[i + 4] - 'a' >= 8u)) &
                  (at != 11);
    *r = fast_result_row(fast_study11_error[i][at]);
    return settled;
}
#elif FAST_LITTLE_ENDIAN
/* Without SSE2 the one-pass check comes first. */
static inline __attribute__((always_inline)) int study_usual(const unsigned char *s, size_t len, gbr_study *out)
{
    return study_fast(s, len, out);
}

/* A text of the usual shape, [stipulation]abcd.efWKBK without wrapper,
 * that study_fast refused, settled with no further branch on its bytes
 * (that refusal is itself often mispredicted; the rule-by-rule scanner
 * would add more): returns 1 with *r its error; 0 for any other text, or a
 * code fast_material7_scan leaves to the precise scanner. */
static inline int study_settle(const unsigned char *s, size_t len, gbr_result *r)
{
    if (len - 11 > 1 || s[0] == '[' || s[0] == '(')
        return 0;
    size_t i = stipulation_of(s[0]) != 0;
    uint64_t x;
    unsigned first;
    if (len != i + 11)
        return 0;
    int settled = fast_material7_scan(s + i, &x, &first);
    /* After the four digits a file letter starts the short form: another
     * shape, left to the precise scanner. */
    settled &= (first != 4) | ((unsigned)s[i + 4] - 'a' >= 8u);
    /* The kings: file less 'a', rank less '1', each byte 0-7 (see
     * fast_two_squares); the first bad byte, 4 when none. */
    uint32_t w;
    memcpy(&w, s + i + 7, 4);
    uint32_t q = w - 0x31613161u;
    uint32_t bad = (((q & 0x7F7F7F7Fu) + 0x78787878u) | q) & 0x80808080u;
    unsigned square_first = (unsigned)__builtin_ctzll(bad | 1ULL << 32) >> 3;
    /* The first bad byte after the stipulation (11: none), 12 for equal kings. */
    unsigned at = first + (square_first & (0u - (first == 7))); /* a mask, not a branch */
    at += (at == 11) & ((q & 0xFFFFu) == q >> 16);
    *r = fast_result_row(fast_study11_error[i][at]);
    return settled & (at != 11);
}
#endif

#if FAST_LITTLE_ENDIAN
/* A text study_usual did not accept: the usual shape's error from
 * study_settle; then study_fast's one pass (when study_usual was not it);
 * any other text rule by rule. *out is written only on success. */
static __attribute__((noinline)) gbr_result study_other(const char *src, size_t len, gbr_study *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    gbr_result r;
    if (src != NULL && study_settle((const unsigned char *)src, len, &r))
        return r;
#ifdef STUDY_USUAL_STEP
    if (src != NULL && study_fast((const unsigned char *)src, len, out))
        return fast_ok(0);
#endif
    return study_precise(src, len, out);
}

gbr_result fast_parse_study(const char *src, size_t len, gbr_study *out)
{
    if (__builtin_expect(src != NULL && out != NULL && study_usual((const unsigned char *)src, len, out), 1))
        return fast_ok(0);
    return study_other(src, len, out);
}

/* The column entry's fast path, in fast_text_column's types: study_usual,
 * else the usual shape's error from study_settle (zero bytes), else
 * study_fast; any other item goes to the single entry. */
static __attribute__((noinline)) int study_accept_other(const unsigned char *s, size_t len, void *out,
                                                        gbr_result *result)
{
    if (study_settle(s, len, result)) {
        memset(out, 0, sizeof(gbr_study));
        return 1;
    }
#ifdef STUDY_USUAL_STEP
    *result = fast_ok(0);
    return study_fast(s, len, out);
#else
    return 0;
#endif
}

/* Its other texts out of line: the loop around study_usual keeps its
 * registers (inlined, study_settle made it spill on every item). */
static int study_accept(const unsigned char *s, size_t len, void *out, gbr_result *result)
{
    if (study_usual(s, len, out)) {
        *result = fast_ok(0);
        return 1;
    }
    gbr_result r; /* its own: *result stays in registers on the path above */
    int settled = study_accept_other(s, len, out, &r);
    *result = r;
    return settled;
}
#else
gbr_result fast_parse_study(const char *src, size_t len, gbr_study *out)
{
    if (src != NULL && out != NULL && study_fast((const unsigned char *)src, len, out))
        return fast_ok(0);
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    return study_precise(src, len, out);
}

static int study_accept(const unsigned char *s, size_t len, void *out, gbr_result *result)
{
    *result = fast_ok(0);
    return study_fast(s, len, out);
}
#endif

/* The column entry's single entry, in fast_text_column's types. */
static gbr_result study_parse(const char *src, size_t len, void *out) { return fast_parse_study(src, len, out); }

size_t fast_parse_study_column(const char *text, const size_t *offsets, size_t n, gbr_study *out,
                               gbr_result *results)
{
    return fast_text_column(text, offsets, n, out, sizeof *out, results, study_accept, study_parse);
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

gbr_result fast_format_study(char *dst, size_t cap, const gbr_study *s)
{
    if (s == NULL || fast_bad_output(dst, cap) || !study_valid(s))
        return fast_error(GBR_E_ARGUMENT, 0);
    size_t need = 11u + (s->stipulation != GBR_STIP_NONE);
    if (cap < need) {
        gbr_result r = {GBR_E_BUFFER_TOO_SMALL, 0, need};
        return r;
    }
    char *d = dst;
    if (s->stipulation != GBR_STIP_NONE)
        *d++ = s->stipulation == GBR_STIP_WIN ? '+' : '=';
    fast_put_material(d, &s->material);
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
static __attribute__((noinline)) uint64_t study_key_unusual(const gbr_study *s)
{
    return study_valid(s) ? study_key_of(s) : 0;
}

/* 0 for what format_study refuses (gbr.h): study_valid, with the usual
 * material's test inline and any other material out of line. */
uint64_t fast_study_key(const gbr_study *s)
{
    if (s == NULL)
        return 0;
    if (__builtin_expect(!fast_material_usual(&s->material), 0))
        return study_key_unusual(s);
    return study_fields_valid(s) ? study_key_of(s) : 0;
}
