/*
 * Scanning text for embedded codes: spec/gbr.md §10.1, as gbr.h states the
 * contract of gbr_scan_next.
 *
 * Every match contains a long-form material code `abcd.ef`: its point is the
 * anchor the search looks for. Around an anchor the matcher decides whether
 * it is a study code, a position form or a material code, and lets
 * gbr_recognise judge the candidate text. Each read near the end of the text
 * goes through one test (`beyond`) that also notes that the end was reached,
 * so that a caller with more text to come is told to call again rather than
 * given a decision that the following bytes could change.
 */
#include <string.h>

#include "recognise.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__)) && !defined(GBR_PORTABLE)
#define SCAN_HAVE_AVX2 1
#include <immintrin.h>
#endif

/* ---- Character classes ---------------------------------------------------- */
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_pawn_digit(unsigned char c) { return c >= '0' && c <= '8'; }
static int is_file(unsigned char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(unsigned char c) { return c >= '1' && c <= '8'; }

/* A byte that glues a code to its neighbour (§10.1 rule 2): ASCII letters
 * and digits, '_', '.', '/', and any byte above 0x7f except 0xA0. */
static int is_word(unsigned char c)
{
    if (c >= 0x80)
        return c != 0xA0;
    return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == '.' || c == '/';
}

/* The text as the matcher sees it. reached_end is set by every test that
 * wanted a byte at or after len. */
typedef struct scan_text {
    const unsigned char *t;
    size_t len;
    int reached_end;
} scan_text;

static int beyond(scan_text *s, size_t at)
{
    if (at < s->len)
        return 0;
    s->reached_end = 1;
    return 1;
}

static int square_at(scan_text *s, size_t at)
{
    return !beyond(s, at) && is_file(s->t[at]) && !beyond(s, at + 1) && is_rank(s->t[at + 1]);
}

/* Whether a code may end just before t[end]: the text ends, or a non-word
 * byte follows, or a full stop followed by neither a digit nor '?' (the end
 * of a sentence, not "2023.11.05" nor the PGN date "1930.02.??"). */
static int right_boundary(scan_text *s, size_t end)
{
    if (beyond(s, end) || !is_word(s->t[end]))
        return 1;
    return s->t[end] == '.' && (beyond(s, end + 1) || (!is_digit(s->t[end + 1]) && s->t[end + 1] != '?'));
}

/* Whether a code may start at t[start] (reads only before it). */
static int left_boundary(const scan_text *s, size_t start)
{
    return start == 0 || !is_word(s->t[start - 1]);
}

/* Judges the candidate text by the parser of the form the scan rule chose
 * (the one gbr_recognise gives it: the candidate is written in that form)
 * and fills *out. */
static int accept(const gbr_codec *c, const char *text, size_t len, gbr_form form, size_t start, size_t end,
                  gbr_scan_match *out)
{
    gbr_result r = gbr_parse_as_form(c, form, text, len, &out->code);
    if (r.error)
        return 0;
    r = gbr_recognised_canonical(c, out->canonical, sizeof out->canonical, &out->code);
    if (r.error)
        return 0;
    out->canonical_len = r.length;
    out->start = start;
    out->end = end;
    return 1;
}

/* ---- One anchor ------------------------------------------------------------- */

/* A separator inside a position form: one space, or one line break ("\n" or
 * "\r\n"), so that a position wrapped at the end of a line is still found.
 * Returns its length, 0 when there is none at t[at]. */
static size_t separator_at(scan_text *s, size_t at)
{
    if (beyond(s, at))
        return 0;
    if (s->t[at] == ' ' || s->t[at] == '\n')
        return 1;
    if (s->t[at] == '\r' && !beyond(s, at + 1) && s->t[at + 1] == '\n')
        return 2;
    return 0;
}

/* The position form whose material code is t[material, material + 7), with
 * the separator ending at `material`. Copies it with each separator made one
 * space and lets the codec judge it. The copy holds at most
 * GBR_POSITION_MAX bytes, and a separator is never followed by another, so
 * the reads end below material + 7 + 3 * GBR_POSITION_MAX / 2 + 2, inside
 * GBR_SCAN_LOOKAHEAD of the anchor. */
static int match_position(const gbr_codec *c, scan_text *s, size_t material, gbr_scan_match *out)
{
    const unsigned char *t = s->t;
    /* Before the material: a separator, then the two kings. */
    if (material < 5)
        return 0;
    size_t sep = 0;
    if (t[material - 1] == ' ')
        sep = 1;
    else if (t[material - 1] == '\n')
        sep = (material >= 6 && t[material - 2] == '\r') ? 2 : 1;
    if (sep == 0 || material < sep + 4)
        return 0;
    size_t kings = material - sep - 4;
    if (!square_at(s, kings) || !square_at(s, kings + 2) || !left_boundary(s, kings))
        return 0;

    char text[GBR_POSITION_MAX + 8];
    memcpy(text, t + kings, 4);
    text[4] = ' ';
    memcpy(text + 5, t + material, 7);
    size_t len = 12;
    /* After the material: up to the '.' that follows the men count's '/'
     * (a '/' inside a {white/black} group does not count). */
    int depth = 0, slash_seen = 0;
    size_t at = material + 7;
    for (;;) {
        if (len >= GBR_POSITION_MAX || beyond(s, at))
            return 0;
        size_t n = separator_at(s, at);
        if (n) {
            if (text[len - 1] == ' ')
                return 0; /* two separators in a row: not one form */
            text[len++] = ' ';
            at += n;
            continue;
        }
        unsigned char ch = t[at++];
        if (ch < 0x20 || ch >= 0x7f)
            return 0;
        text[len++] = (char)ch;
        if (ch == '{')
            depth++;
        else if (ch == '}')
            depth--;
        else if (ch == '/' && depth == 0)
            slash_seen = 1;
        else if (ch == '.' && slash_seen)
            break;
    }
    if (!right_boundary(s, at))
        return 0;
    return accept(c, text, len, GBR_FORM_POSITION, kings, at, out);
}

/* Tries the anchor candidate at `dot`: 1 with *out filled with the longest
 * form matched there, 0 when it is no code. */
static int match_at(const gbr_codec *c, scan_text *s, size_t dot, gbr_scan_match *out)
{
    const unsigned char *t = s->t;
    if (dot < 4 || beyond(s, dot + 1) || beyond(s, dot + 2))
        return 0;
    size_t material = dot - 4;
    if (!is_digit(t[material]) || !is_digit(t[material + 1]) || !is_digit(t[material + 2]) ||
        !is_digit(t[material + 3]) || t[dot] != '.' || !is_pawn_digit(t[dot + 1]) || !is_pawn_digit(t[dot + 2]))
        return 0;
    if (!left_boundary(s, material))
        return 0;
    size_t after = dot + 3;

    /* Two squares right after the pawn digits: a study code. */
    if (!beyond(s, after) && is_file(t[after])) {
        if (!square_at(s, after) || !square_at(s, after + 2) || !right_boundary(s, after + 4))
            return 0;
        size_t start = material;
        /* A stipulation counts when it stands at a boundary itself. */
        if (material > 0 && (t[material - 1] == '+' || t[material - 1] == '=') && left_boundary(s, material - 1))
            start = material - 1;
        return accept(c, (const char *)t + start, after + 4 - start, GBR_FORM_STUDY, start, after + 4, out);
    }
    if (!right_boundary(s, after))
        return 0;
    if (match_position(c, s, material, out))
        return 1;
    return accept(c, (const char *)t + material, 7, GBR_FORM_MATERIAL, material, after, out);
}

/* ---- Anchors and lines ------------------------------------------------------
 * Move numbers make '.' frequent in PGN ("12. Nf3"), so the search does not
 * stop at every '.'. A candidate is a '.' with a digit before it and a pawn
 * digit after it; match_at checks the rest. The search counts the line
 * breaks it passes on the way, so that a caller locating matches (§10.1
 * rule 5) needs no pass of its own over the text. */
typedef struct scan_lines {
    size_t count;    /* '\n' bytes counted */
    size_t last_end; /* one past the last of them (valid when count > 0) */
} scan_lines;

/* Counts the line breaks in [from, candidate) and returns the candidate. */
static size_t next_anchor_scalar(const unsigned char *t, size_t from, size_t to, scan_lines *lines)
{
    for (size_t i = from; i < to; i++) {
        if (t[i] == '.' && is_pawn_digit(t[i + 1]) && is_digit(t[i - 1]))
            return i;
        if (t[i] == '\n') {
            lines->count++;
            lines->last_end = i + 1;
        }
    }
    return to;
}

#ifdef SCAN_HAVE_AVX2
#define SCAN_AVX2_INLINE __attribute__((target("avx2"), always_inline)) static inline

/* Bytes where c - '0' (wrapping) is below `limit`, as 0xFF: digits (limit 10)
 * or pawn digits (limit 9). The bias makes the unsigned test a signed one. */
SCAN_AVX2_INLINE __m256i digits_below(__m256i bytes, int limit)
{
    const __m256i bias = _mm256_set1_epi8((char)(0x80 - '0'));
    return _mm256_cmpgt_epi8(_mm256_set1_epi8((char)(-0x80 + limit)), _mm256_add_epi8(bytes, bias));
}

SCAN_AVX2_INLINE __m256i load32(const unsigned char *p) { return _mm256_loadu_si256((const __m256i *)(const void *)p); }

/* The whole anchor pattern (four digits, '.', two pawn digits) tested on the
 * 32 positions from `at` (whose bytes are `here`), so every bit set is a
 * real anchor; reads at[-4] to at[33]. */
SCAN_AVX2_INLINE uint32_t anchor_bits32(const unsigned char *at, __m256i here)
{
    __m256i hit = _mm256_cmpeq_epi8(here, _mm256_set1_epi8('.'));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 1), 10));
    hit = _mm256_and_si256(hit, digits_below(load32(at + 1), 9));
    hit = _mm256_and_si256(hit, digits_below(load32(at + 2), 9));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 2), 10));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 3), 10));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 4), 10));
    return (uint32_t)_mm256_movemask_epi8(hit);
}

/* 64 positions a step while they and the 2 bytes after them lie before
 * `to` + 2; from >= 4. */
__attribute__((target("avx2"))) static size_t next_anchor_avx2(const unsigned char *t, size_t from, size_t to,
                                                               scan_lines *lines)
{
    const __m256i newline = _mm256_set1_epi8('\n');
    size_t i = from;
    for (; i + 64 <= to; i += 64) {
        __m256i low = load32(t + i), high = load32(t + i + 32);
        uint64_t anchors = (uint64_t)anchor_bits32(t + i, low) | (uint64_t)anchor_bits32(t + i + 32, high) << 32;
        uint64_t breaks = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, newline)) |
                          (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, newline)) << 32;
        unsigned at = anchors ? (unsigned)__builtin_ctzll(anchors) : 64u;
        if (at < 64)
            breaks &= ((uint64_t)1 << at) - 1; /* only those before the anchor */
        if (breaks) {
            lines->count += (size_t)__builtin_popcountll(breaks);
            lines->last_end = i + 64u - (unsigned)__builtin_clzll(breaks);
        }
        if (at < 64)
            return i + at;
    }
    return next_anchor_scalar(t, i, to, lines);
}
#endif

/* The first candidate in [from, to), counting the line breaks before it:
 * reads t[from - 4] to t[to + 1]. */
static size_t next_anchor(const unsigned char *t, size_t from, size_t to, scan_lines *lines)
{
    if (from >= to)
        return to;
#ifdef SCAN_HAVE_AVX2
    if (__builtin_cpu_supports("avx2"))
        return next_anchor_avx2(t, from, to, lines);
#endif
    return next_anchor_scalar(t, from, to, lines);
}

/* Takes back the line breaks of [from, counted) from lines counted over
 * [start, counted), finding the last one before `from` again if needed. */
static void uncount_lines(const unsigned char *t, size_t start, size_t from, size_t counted, scan_lines *lines)
{
    if (from < start)
        from = start; /* a match that begins before start: nothing counted before it */
    if (lines->count == 0 || lines->last_end <= from)
        return;
    for (size_t i = from; i < counted; i++)
        lines->count -= t[i] == '\n';
    lines->last_end = 0;
    for (size_t i = from; lines->count > 0 && i > start; i--)
        if (t[i - 1] == '\n') {
            lines->last_end = i;
            break;
        }
}

/* ---- The call ------------------------------------------------------------------ */

static gbr_scan_status no_match(gbr_scan_match *out, size_t resume, const scan_lines *lines, gbr_scan_status status)
{
    out->code.form = GBR_FORM_UNKNOWN;
    out->start = out->end = out->resume = resume;
    out->canonical_len = 0;
    out->newlines = lines->count;
    out->line_start = lines->count ? lines->last_end : 0;
    return status;
}

gbr_scan_status gbr_scan_next(const gbr_codec *c, const char *text, size_t len, size_t start, int more_follows,
                              gbr_scan_match *out)
{
    scan_lines lines = {0, 0};
    if (out == NULL)
        return GBR_SCAN_ARGUMENT;
    if ((text == NULL && len != 0) || start > len)
        return no_match(out, start <= len ? start : len, &lines, GBR_SCAN_ARGUMENT);
    if (c == NULL)
        c = gbr_codec_default();
    const unsigned char *t = (const unsigned char *)text;
    /* Anchors lie in [4, len - 2): four digits before the point, two after.
     * Bytes before `from` that are not searched are still counted. */
    size_t to = len >= 2 ? len - 2 : 0;
    size_t from = start;
    if (from < 4 && from < to) {
        for (; from < 4 && from < to; from++)
            if (t[from] == '\n') {
                lines.count++;
                lines.last_end = from + 1;
            }
    }
    while (from < to) {
        size_t dot = next_anchor(t, from, to, &lines);
        if (dot >= to) {
            from = to;
            break;
        }
        scan_text s = {t, len, 0};
        int matched = match_at(c, &s, dot, out);
        /* A decision that read up to the end may change with the text after
         * it; one whose reads stayed GBR_SCAN_LOOKAHEAD short of it cannot
         * have needed it (see match_position), which keeps the promise about
         * text[resume, len). No match begins more than GBR_SCAN_LOOKBEHIND
         * bytes before its anchor, nor before start. */
        if (more_follows && s.reached_end && len - dot < GBR_SCAN_LOOKAHEAD) {
            size_t resume = dot - start > GBR_SCAN_LOOKBEHIND ? dot - GBR_SCAN_LOOKBEHIND : start;
            uncount_lines(t, start, resume, dot, &lines);
            return no_match(out, resume, &lines, GBR_SCAN_MORE);
        }
        if (matched) {
            uncount_lines(t, start, out->start, dot, &lines);
            out->resume = out->end;
            out->newlines = lines.count;
            out->line_start = lines.count ? lines.last_end : 0;
            return GBR_SCAN_MATCH;
        }
        from = dot + 1; /* t[dot] is '.', no line break */
    }
    if (more_follows) {
        /* Candidates from `to` on need the bytes after len. */
        size_t resume = from - start > GBR_SCAN_LOOKBEHIND ? from - GBR_SCAN_LOOKBEHIND : start;
        uncount_lines(t, start, resume, from, &lines);
        return no_match(out, resume, &lines, GBR_SCAN_MORE);
    }
    for (; from < len; from++)
        if (t[from] == '\n') {
            lines.count++;
            lines.last_end = from + 1;
        }
    return no_match(out, len, &lines, GBR_SCAN_NONE);
}
