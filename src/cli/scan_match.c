/* Finding GBR codes in arbitrary text (see scan_match.h and spec/gbr.md,
 * "Scanning text"). */
#define _POSIX_C_SOURCE 200809L /* read(2) */

#include "scan_match.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SCAN_HAVE_AVX2 1
#include <immintrin.h>
#endif

/* ---- Character classes ---------------------------------------------------- */
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_pawn_digit(unsigned char c) { return c >= '0' && c <= '8'; }
static int is_file(unsigned char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(unsigned char c) { return c >= '1' && c <= '8'; }

/* A byte that glues a code to its neighbour: ASCII letters and digits, '_',
 * '.', '/', and any byte above 0x7f (a letter of some 8-bit or UTF-8 text,
 * or a currency sign) except 0xA0, the no-break space. */
static int is_word(unsigned char c)
{
    if (c >= 0x80)
        return c != 0xA0;
    return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == '.' || c == '/';
}

static int is_square_at(const unsigned char *t, size_t at, size_t hi)
{
    return at + 2 <= hi && is_file(t[at]) && is_rank(t[at + 1]);
}

/* Whether a code may end just before t[end]: the text ends, or a non-word
 * byte follows, or a full stop that is not followed by a digit (the end of a
 * sentence, not "2023.11.05"). */
static int right_boundary(const unsigned char *t, size_t end, size_t hi)
{
    if (end >= hi || !is_word(t[end]))
        return 1;
    return t[end] == '.' && (end + 1 >= hi || !is_digit(t[end + 1]));
}

/* Whether a code may start at t[start]. */
static int left_boundary(const unsigned char *t, size_t start, size_t lo)
{
    return start == lo || !is_word(t[start - 1]);
}

unsigned scan_form_bit(gbr_form form)
{
    switch (form) {
    case GBR_FORM_MATERIAL: return SCAN_MATERIAL;
    case GBR_FORM_STUDY: return SCAN_STUDY;
    case GBR_FORM_POSITION: return SCAN_POSITION;
    default: return 0;
    }
}

/* ---- Anchors ----------------------------------------------------------------
 * Move numbers make '.' frequent in PGN ("12. Nf3"), so the anchor test is
 * done on 32 bytes at once rather than stopping at every '.'. */
static size_t next_anchor_scalar(const unsigned char *t, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (t[i] == '.' && is_pawn_digit(t[i + 1]) && is_digit(t[i - 1]))
            return i;
    return to;
}

#ifdef SCAN_HAVE_AVX2
/* 64 bytes a step: a '.' followed by a pawn digit is rare in any text, so
 * the digit before it is checked on the few bytes that pass. */
__attribute__((target("avx2"))) static size_t next_anchor_avx2(const unsigned char *t, size_t from, size_t to)
{
    const __m256i dot = _mm256_set1_epi8('.');
    const __m256i zero = _mm256_set1_epi8('0');
    const __m256i eight = _mm256_set1_epi8(8);
    size_t i = from;
    for (; i + 64 <= to; i += 64) {
        __m256i here0 = _mm256_loadu_si256((const __m256i *)(const void *)(t + i));
        __m256i here1 = _mm256_loadu_si256((const __m256i *)(const void *)(t + i + 32));
        __m256i after0 = _mm256_sub_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(t + i + 1)), zero);
        __m256i after1 = _mm256_sub_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(t + i + 33)), zero);
        __m256i hit0 = _mm256_and_si256(_mm256_cmpeq_epi8(here0, dot),
                                        _mm256_cmpeq_epi8(_mm256_min_epu8(after0, eight), after0));
        __m256i hit1 = _mm256_and_si256(_mm256_cmpeq_epi8(here1, dot),
                                        _mm256_cmpeq_epi8(_mm256_min_epu8(after1, eight), after1));
        uint64_t mask = (uint64_t)(uint32_t)_mm256_movemask_epi8(hit0) |
                        (uint64_t)(uint32_t)_mm256_movemask_epi8(hit1) << 32;
        while (mask) {
            size_t at = i + (unsigned)__builtin_ctzll(mask);
            if (is_digit(t[at - 1]))
                return at;
            mask &= mask - 1;
        }
    }
    return next_anchor_scalar(t, i, to);
}

__attribute__((target("avx2"))) static size_t count_newlines_avx2(const unsigned char *t, size_t len, size_t *last)
{
    const __m256i newline = _mm256_set1_epi8('\n');
    size_t count = 0, i = 0;
    for (; i + 32 <= len; i += 32) {
        __m256i block = _mm256_loadu_si256((const __m256i *)(const void *)(t + i));
        unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, newline));
        if (mask) {
            count += (size_t)__builtin_popcount(mask);
            *last = i + 31u - (unsigned)__builtin_clz(mask);
        }
    }
    for (; i < len; i++)
        if (t[i] == '\n') {
            count++;
            *last = i;
        }
    return count;
}

static int have_avx2(void) { return __builtin_cpu_supports("avx2"); }
#endif

size_t scan_next_anchor(const char *text, size_t from, size_t to)
{
    const unsigned char *t = (const unsigned char *)text;
    if (from >= to)
        return to;
#ifdef SCAN_HAVE_AVX2
    if (have_avx2())
        return next_anchor_avx2(t, from, to);
#endif
    return next_anchor_scalar(t, from, to);
}

size_t scan_count_newlines(const char *text, size_t len, size_t *last)
{
    const unsigned char *t = (const unsigned char *)text;
#ifdef SCAN_HAVE_AVX2
    if (have_avx2())
        return count_newlines_avx2(t, len, last);
#endif
    size_t count = 0;
    const unsigned char *p = t, *end = t + len;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        count++;
        *last = (size_t)(p - t);
        p++;
    }
    return count;
}

/* ---- One anchor ------------------------------------------------------------- */

/* A separator inside a position form: one space, or one line break ("\n" or
 * "\r\n"), so that a position wrapped at the end of a line is still found.
 * Returns its length, 0 when there is none at t[at]. */
static size_t separator_at(const unsigned char *t, size_t at, size_t hi)
{
    if (at >= hi)
        return 0;
    if (t[at] == ' ' || t[at] == '\n')
        return 1;
    if (t[at] == '\r' && at + 1 < hi && t[at + 1] == '\n')
        return 2;
    return 0;
}

/* The position form whose material code is t[material, material + 7), with
 * the separator ending at `material`. Copies it with each separator made one
 * space and lets the codec judge it. */
static int match_position(const gbr_codec *codec, const unsigned char *t, size_t lo, size_t hi, size_t material,
                          scan_match *out)
{
    /* Before the material: a separator, then the two kings. */
    if (material < lo + 5)
        return 0;
    size_t sep = 0;
    if (t[material - 1] == ' ')
        sep = 1;
    else if (t[material - 1] == '\n')
        sep = (material >= lo + 6 && t[material - 2] == '\r') ? 2 : 1;
    if (sep == 0 || material < lo + sep + 4)
        return 0;
    size_t kings = material - sep - 4;
    if (!is_square_at(t, kings, hi) || !is_square_at(t, kings + 2, hi) || !left_boundary(t, kings, lo))
        return 0;

    char text[GBR_POSITION_MAX + 8];
    size_t len = 0;
    memcpy(text, t + kings, 4);
    text[4] = ' ';
    memcpy(text + 5, t + material, 7);
    len = 12;
    /* After the material: up to the '.' that follows the men count's '/'
     * (a '/' inside a {white/black} group does not count). */
    int depth = 0, slash_seen = 0;
    size_t at = material + 7;
    for (;;) {
        if (at >= hi || len >= GBR_POSITION_MAX)
            return 0;
        size_t s = separator_at(t, at, hi);
        if (s) {
            if (text[len - 1] == ' ')
                return 0; /* two separators in a row: not one form */
            text[len++] = ' ';
            at += s;
            continue;
        }
        unsigned char c = t[at++];
        if (c < 0x20 || c >= 0x7f)
            return 0;
        text[len++] = (char)c;
        if (c == '{')
            depth++;
        else if (c == '}')
            depth--;
        else if (c == '/' && depth == 0)
            slash_seen = 1;
        else if (c == '.' && slash_seen)
            break;
    }
    if (!right_boundary(t, at, hi))
        return 0;
    gbr_result r = codec->parse_position(text, len, &out->value.position);
    if (r.error)
        return 0;
    r = codec->format_position(out->canonical, sizeof out->canonical, &out->value.position);
    if (r.error)
        return 0;
    out->canonical_len = r.length;
    out->form = GBR_FORM_POSITION;
    out->start = kings;
    out->end = at;
    return 1;
}

int scan_match_at(const gbr_codec *codec, const char *text, size_t lo, size_t hi, size_t dot, scan_match *out)
{
    const unsigned char *t = (const unsigned char *)text;
    if (dot < lo + 4 || dot + 3 > hi)
        return 0;
    size_t material = dot - 4;
    if (!is_digit(t[material]) || !is_digit(t[material + 1]) || !is_digit(t[material + 2]) ||
        !is_digit(t[material + 3]) || !is_pawn_digit(t[dot + 1]) || !is_pawn_digit(t[dot + 2]))
        return 0;
    if (!left_boundary(t, material, lo))
        return 0;
    size_t after = dot + 3;

    /* Two squares right after the pawn digits: a study code. */
    if (after < hi && is_file(t[after])) {
        if (!is_square_at(t, after, hi) || !is_square_at(t, after + 2, hi) || !right_boundary(t, after + 4, hi))
            return 0;
        size_t start = material;
        /* A stipulation counts when it stands at a boundary itself. */
        if (material > lo && (t[material - 1] == '+' || t[material - 1] == '=') && left_boundary(t, material - 1, lo))
            start = material - 1;
        gbr_result r = codec->parse_study(text + start, after + 4 - start, &out->value.study);
        if (r.error)
            return 0;
        r = codec->format_study(out->canonical, sizeof out->canonical, &out->value.study);
        if (r.error)
            return 0;
        out->canonical_len = r.length;
        out->form = GBR_FORM_STUDY;
        out->start = start;
        out->end = after + 4;
        return 1;
    }
    if (!right_boundary(t, after, hi))
        return 0;
    if (match_position(codec, t, lo, hi, material, out))
        return 1;
    gbr_result r = codec->parse_material(text + material, 7, &out->value.material);
    if (r.error)
        return 0;
    r = codec->format_material(out->canonical, sizeof out->canonical, &out->value.material);
    if (r.error)
        return 0;
    out->canonical_len = r.length;
    out->form = GBR_FORM_MATERIAL;
    out->start = material;
    out->end = after;
    return 1;
}

int scan_first(const gbr_codec *codec, const char *text, size_t len, size_t from, scan_match *out)
{
    if (len < 7)
        return 0;
    if (from < 4)
        from = 4;
    size_t to = len - 2; /* an anchor needs two pawn digits after it */
    while (from < to) {
        size_t dot = scan_next_anchor(text, from, to);
        if (dot >= to)
            return 0;
        if (scan_match_at(codec, text, 0, len, dot, out))
            return 1;
        from = dot + 1;
    }
    return 0;
}

/* ---- Streams ---------------------------------------------------------------
 * The buffer holds the bytes at absolute offsets [base, base + n). Anchors are
 * tried while SCAN_LOOKAHEAD bytes follow them (or the input has ended); then
 * the last bytes are carried to the front so that a code straddling two reads
 * is seen whole. Lines are counted lazily, up to each match and over every
 * byte before it is dropped. */
typedef struct scan_state {
    unsigned long line;     /* line number at offset `counted` */
    uint64_t line_start;    /* absolute offset where that line starts */
    uint64_t counted;       /* newlines before this offset are counted */
} scan_state;

static void count_up_to(scan_state *s, const char *buf, uint64_t base, uint64_t to)
{
    if (to <= s->counted)
        return;
    size_t last = 0;
    size_t from = (size_t)(s->counted - base);
    size_t n = scan_count_newlines(buf + from, (size_t)(to - s->counted), &last);
    if (n) {
        s->line += (unsigned long)n;
        s->line_start = s->counted + last + 1;
    }
    s->counted = to;
}

static size_t fill(int fd, char *buf, size_t n, size_t cap, int *eof, int *failed)
{
    while (n < cap) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            *failed = errno;
            *eof = 1;
            break;
        }
        if (got == 0) {
            *eof = 1;
            break;
        }
        n += (size_t)got;
    }
    return n;
}

int scan_stream(const gbr_codec *codec, int fd, const char *source, unsigned forms, size_t buffer_size,
                scan_report_fn report, void *context)
{
    if (buffer_size < SCAN_MIN_BUFFER)
        buffer_size = SCAN_MIN_BUFFER;
    size_t cap = buffer_size;
    char *buf = malloc(cap);
    if (!buf) {
        fprintf(stderr, "gbr: %s: out of memory\n", source);
        return -1;
    }
    scan_state state = {1, 0, 0};
    uint64_t base = 0;      /* absolute offset of buf[0] */
    uint64_t text_start = 0; /* after a byte-order mark */
    uint64_t next = 0;      /* absolute offset from which to look for anchors */
    size_t n = 0;
    int eof = 0, failed = 0, first = 1;
    scan_match match;
    scan_location where = {source, 0, 0};

    while (!eof) {
        n = fill(fd, buf, n, cap, &eof, &failed);
        if (first) {
            first = 0;
            if (n >= 3 && memcmp(buf, "\xEF\xBB\xBF", 3) == 0)
                text_start = state.line_start = state.counted = next = 3;
        }
        size_t lo = text_start > base ? (size_t)(text_start - base) : 0;
        size_t from = (size_t)(next - base);
        if (from < lo + 4)
            from = lo + 4;
        size_t to;
        if (eof)
            to = n >= 2 ? n - 2 : 0;
        else
            to = n > SCAN_LOOKAHEAD ? n - SCAN_LOOKAHEAD : 0;
        while (from < to) {
            size_t dot = scan_next_anchor(buf, from, to);
            if (dot >= to)
                break;
            if (scan_match_at(codec, buf, lo, n, dot, &match)) {
                from = match.end > dot + 1 ? match.end : dot + 1;
                if (forms & scan_form_bit(match.form)) {
                    count_up_to(&state, buf, base, base + match.start);
                    where.line = state.line;
                    where.column = (unsigned long)(base + match.start - state.line_start + 1);
                    report(context, &where, &match);
                }
            } else {
                from = dot + 1;
            }
        }
        next = base + (from > to ? from : to);
        if (eof)
            break;
        /* Carry the tail: enough before the next anchor to see its left side. */
        size_t keep = to > SCAN_LOOKBEHIND ? to - SCAN_LOOKBEHIND : 0;
        if (keep < lo)
            keep = lo;
        count_up_to(&state, buf, base, base + keep);
        memmove(buf, buf + keep, n - keep);
        n -= keep;
        base += keep;
    }
    free(buf);
    if (failed) {
        fprintf(stderr, "gbr: %s: cannot read: %s\n", source, strerror(failed));
        return -1;
    }
    return 0;
}
