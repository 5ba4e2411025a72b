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

/* The stipulation of a first character: '+' 1, '=' 2, anything else 0 (none). */
static inline unsigned stipulation_of(unsigned char c) { return (c == '+') | (unsigned)(c == '=') << 1; }

/* The common shape, [wrapper][stipulation]abcd.efWKBK[closer], accepted in
 * one pass; 0 sends every other text to the precise scanner. Always inlined:
 * as a call of its own it cost a sixth of the parse (callgrind). */
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

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* A text of the usual shape, [stipulation]abcd.efWKBK without wrapper,
 * settled with no further branch on its bytes (it follows study_fast's
 * refusal, itself often mispredicted; the rule-by-rule scanner would add
 * more): returns 1 with *r its result and *head, *black_king the study's
 * bytes (in gbr_study order: material, stipulation, white king; then the
 * black king; meaningful when *r is GBR_OK); 0 for any other text, or a
 * code fast_material7_scan leaves to the precise scanner. */
static inline int study_scan(const unsigned char *s, size_t len, gbr_result *r, uint64_t *head, uint8_t *black_king)
{
    if (len - 11 > 1 || s[0] == '[' || s[0] == '(')
        return 0;
    unsigned stipulation = stipulation_of(s[0]);
    size_t i = stipulation != 0;
    uint64_t x;
    unsigned first;
    if (len != i + 11)
        return 0;
    int settled = fast_material7_scan(s + i, &x, &first);
    /* After the four digits a file letter starts the short form: another
     * shape, left to the precise scanner. */
    settled &= (first != 4) | ((unsigned)s[i + 4] - 'a' >= 8u);
    if (!settled)
        return 0;
    /* The kings: file less 'a', rank less '1', each byte 0-7 (see
     * fast_two_squares); the first bad byte, 4 when none. */
    uint32_t w;
    memcpy(&w, s + i + 7, 4);
    uint32_t q = w - 0x31613161u;
    uint32_t bad = (((q & 0x7F7F7F7Fu) + 0x78787878u) | q) & 0x80808080u;
    unsigned square_first = (unsigned)__builtin_ctzll(bad | 1ULL << 32) >> 3;
    unsigned wk = (q & 7u) * 8 + ((q >> 8) & 7u), bk = ((q >> 16) & 7u) * 8 + ((q >> 24) & 7u);
    /* The first bad byte after the stipulation (11: none), 12 for equal kings. */
    unsigned at = first + (square_first & (0u - (first == 7))); /* a mask, not a branch */
    at += (at == 11) & (wk == bk);
    *r = fast_result_row(fast_study11_error[i][at]);
    _Static_assert(offsetof(gbr_study, stipulation) == 6 && offsetof(gbr_study, white_king) == 7 &&
                       offsetof(gbr_study, black_king) == 8,
                   "gbr_study layout");
    *head = (x & 0xFFFFFFFFu) | ((x >> 8) & 0xFFFF00000000ULL) | (uint64_t)stipulation << 48 | (uint64_t)wk << 56;
    *black_king = (uint8_t)bk;
    return 1;
}

/* A text study_fast did not accept: the usual shape's error (or result)
 * from study_scan, with no further branch on its bytes; any other text
 * rule by rule. */
static __attribute__((noinline)) gbr_result study_other(const char *src, size_t len, gbr_study *out)
{
    gbr_result r;
    uint64_t head;
    uint8_t black_king;
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    if (src == NULL || !study_scan((const unsigned char *)src, len, &r, &head, &black_king))
        return study_precise(src, len, out);
    /* *out is written only on success: a failure stores to scratch. */
    gbr_study scratch;
    gbr_study *dst = r.error == GBR_OK ? out : &scratch;
    memcpy(dst, &head, 8);
    dst->black_king = black_king;
    return r;
}

gbr_result fast_parse_study(const char *src, size_t len, gbr_study *out)
{
    if (__builtin_expect(src != NULL && out != NULL && study_fast((const unsigned char *)src, len, out), 1))
        return fast_ok(0);
    return study_other(src, len, out);
}

/* The column entry's fast path, in fast_text_column's types: study_fast's
 * one pass, else the usual shape settled by study_scan (zero bytes for a
 * failed item); any other item goes to the single entry. */
static int study_accept(const unsigned char *s, size_t len, void *out, gbr_result *result)
{
    *result = fast_ok(0);
    if (study_fast(s, len, out))
        return 1;
    uint64_t head;
    uint8_t black_king;
    if (!study_scan(s, len, result, &head, &black_king))
        return 0;
    uint64_t keep = (uint64_t)0 - (result->error == GBR_OK);
    head &= keep;
    black_king &= (uint8_t)keep;
    memcpy(out, &head, 8);
    ((gbr_study *)out)->black_king = black_king;
    return 1;
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

gbr_result fast_format_study(char *dst, size_t cap, const gbr_study *s)
{
    if (s == NULL || fast_bad_output(dst, cap) || !fast_material_valid(&s->material) ||
        s->stipulation > GBR_STIP_DRAW || s->white_king > 63 || s->black_king > 63 ||
        s->white_king == s->black_king)
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

uint64_t fast_study_key(const gbr_study *s)
{
    if (s == NULL)
        return 0;
    return ((uint64_t)fast_material_number(&s->material) << 14) | ((uint64_t)(s->white_king & 63u) << 8) |
           ((uint64_t)(s->black_king & 63u) << 2) | (s->stipulation & 3u);
}
