/*
 * gbr_recognise and gbr_scan_next (gbr.h; spec §10 and §10.1), through both
 * codecs:
 *  - recognising: the form, value, error and canonical text of one text of
 *    each form, and the argument checks;
 *  - scanning: the matches of texts from §10.1's table of look-alikes and
 *    others, written out here (start, form, canonical text);
 *  - lines: the line breaks the scanner reports, against a count of them;
 *  - need more: for every text and every cut, scanning the part before the
 *    cut as a buffer with more to follow and then the whole text from where
 *    the scanner asked to resume gives the matches of one call over the
 *    whole, never a match the cut made wrong, and a resume offset within the
 *    promised distance of the cut;
 *  - bounds: every buffer handed to the scanner is a malloc'd copy of
 *    exactly its length, so under ASan a read past len fails the test.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbr.h"

static int failures;

static void fail(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    fputs("FAIL: ", stderr);
    vfprintf(stderr, format, ap);
    fputc('\n', stderr);
    va_end(ap);
    failures++;
}

/* A copy of text[0, len) in a block of exactly len bytes (1 when len is 0,
 * never read then). */
static char *exact_copy(const char *text, size_t len)
{
    char *copy = malloc(len ? len : 1);
    if (!copy) {
        fputs("out of memory\n", stderr);
        exit(2);
    }
    memcpy(copy, text, len);
    return copy;
}

/* ---- Recognising ---------------------------------------------------------- */

typedef struct recognise_case {
    const char *text;
    gbr_form form;
    gbr_error error;
    uint32_t column;
    const char *canonical; /* when error is GBR_OK */
} recognise_case;

static const recognise_case recognise_cases[] = {
    {"0002.01", GBR_FORM_MATERIAL, GBR_OK, 0, "0002.01"},
    {"4100", GBR_FORM_MATERIAL, GBR_OK, 0, "4100.00"},
    {"8000.88", GBR_FORM_MATERIAL, GBR_E_PROMOTIONS, 1, NULL},
    {"+0020.42c1a1", GBR_FORM_STUDY, GBR_OK, 0, "+0020.42c1a1"},
    {"[=0323.12g3g1]", GBR_FORM_STUDY, GBR_OK, 0, "=0323.12g3g1"},
    {"0000.00a1a1", GBR_FORM_STUDY, GBR_E_DUPLICATE_SQUARE, 10, NULL},
    {"a7d3 0116.00 b2b3c6d6 3/3+.", GBR_FORM_POSITION, GBR_OK, 0, "a7d3 0116.00 b2b3c6d6 3/3+."},
    {"a7d3 0116.00 b2b3c6 3/3+.", GBR_FORM_POSITION, GBR_E_SQUARE_COUNT, 20, NULL},
    {"8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1", GBR_FORM_FEN, GBR_OK, 0, "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1"},
    {"8/K7/2nn4/8/8/1B1k4/1R6/8 b", GBR_FORM_FEN, GBR_OK, 0, "8/K7/2nn4/8/8/1B1k4/1R6/8 b - - 0 1"},
    {"KRPvKR", GBR_FORM_NAME, GBR_OK, 0, "KRPvKR"},
    {"", GBR_FORM_UNKNOWN, GBR_E_EMPTY, 1, NULL},
    {"xyz", GBR_FORM_UNKNOWN, GBR_E_UNKNOWN_FORM, 1, NULL},
};

static void check_recognise(const gbr_codec *c)
{
    for (size_t i = 0; i < sizeof recognise_cases / sizeof recognise_cases[0]; i++) {
        const recognise_case *k = &recognise_cases[i];
        size_t len = strlen(k->text);
        char *src = exact_copy(k->text, len);
        gbr_recognised r;
        gbr_result res = gbr_recognise(c, src, len, &r);
        if (r.form != k->form || res.error != k->error || (k->error != GBR_OK && res.column != k->column)) {
            fail("%s: recognise '%s': form %s, %s at %u; want %s, %s at %u", gbr_codec_name(c), k->text,
                 gbr_form_name(r.form), gbr_error_name(res.error), (unsigned)res.column, gbr_form_name(k->form),
                 gbr_error_name(k->error), (unsigned)k->column);
        } else if (k->error == GBR_OK) {
            char out[GBR_POSITION_MAX];
            gbr_result f = gbr_recognised_canonical(c, out, sizeof out, &r);
            if (f.error || f.length != strlen(k->canonical) || memcmp(out, k->canonical, f.length) != 0)
                fail("%s: canonical of '%s': %s '%.*s', want '%s'", gbr_codec_name(c), k->text, gbr_error_name(f.error),
                     (int)f.length, out, k->canonical);
            /* gbr_check answers the same. */
            char checked[GBR_POSITION_MAX];
            gbr_form form = GBR_FORM_UNKNOWN;
            gbr_result g = gbr_check(c, checked, sizeof checked, src, len, &form);
            if (g.error || form != k->form || g.length != f.length || memcmp(checked, out, f.length) != 0)
                fail("%s: gbr_check '%s' differs from gbr_recognise", gbr_codec_name(c), k->text);
            /* Too small a buffer: the size needed. */
            f = gbr_recognised_canonical(c, out, f.length - 1, &r);
            if (f.error != GBR_E_BUFFER_TOO_SMALL || f.length != strlen(k->canonical))
                fail("%s: canonical of '%s' into a short buffer: %s %zu", gbr_codec_name(c), k->text,
                     gbr_error_name(f.error), f.length);
        } else {
            gbr_form form = GBR_FORM_MATERIAL;
            char checked[GBR_POSITION_MAX];
            gbr_result g = gbr_check(c, checked, sizeof checked, src, len, &form);
            if (g.error != res.error || g.column != res.column || form != k->form)
                fail("%s: gbr_check '%s' differs from gbr_recognise", gbr_codec_name(c), k->text);
        }
        free(src);
    }
    /* The values themselves, for one text of each form. */
    gbr_recognised r;
    if (gbr_recognise(c, "0002.01", 7, &r).error || r.value.material.digit[3] != 2 || r.value.material.digit[0] != 0 ||
        r.value.material.pawns[GBR_WHITE] != 0 || r.value.material.pawns[GBR_BLACK] != 1)
        fail("%s: value of 0002.01", gbr_codec_name(c));
    if (gbr_recognise(c, "=0323.12g3g1", 12, &r).error || r.value.study.stipulation != GBR_STIP_DRAW ||
        r.value.study.white_king != 6 * 8 + 2 || r.value.study.black_king != 6 * 8 + 0)
        fail("%s: value of =0323.12g3g1", gbr_codec_name(c));
    if (gbr_recognise(c, "e1e8 0000.00 1/1 BTM.", 21, &r).error || r.value.position.board[4 * 8 + 0] != GBR_WK ||
        r.value.position.board[4 * 8 + 7] != GBR_BK || r.value.position.indicator != GBR_IND_BTM)
        fail("%s: value of e1e8 0000.00 1/1 BTM.", gbr_codec_name(c));
    if (gbr_recognise(c, "KRPvKR", 6, &r).error || r.value.counts.count[GBR_WHITE][GBR_ROOK] != 1 ||
        r.value.counts.count[GBR_WHITE][GBR_PAWN] != 1 || r.value.counts.count[GBR_BLACK][GBR_ROOK] != 1 ||
        r.value.counts.count[GBR_BLACK][GBR_PAWN] != 0)
        fail("%s: value of KRPvKR", gbr_codec_name(c));

    /* Arguments. */
    if (gbr_recognise(c, "0002.01", 7, NULL).error != GBR_E_ARGUMENT)
        fail("%s: recognise with a NULL out", gbr_codec_name(c));
    r.form = GBR_FORM_STUDY;
    if (gbr_recognise(c, NULL, 3, &r).error != GBR_E_ARGUMENT || r.form != GBR_FORM_UNKNOWN)
        fail("%s: recognise of NULL with a length", gbr_codec_name(c));
    if (gbr_recognise(c, NULL, 0, &r).error != GBR_E_EMPTY)
        fail("%s: recognise of NULL, 0", gbr_codec_name(c));
    char out[16];
    if (gbr_recognised_canonical(c, out, sizeof out, NULL).error != GBR_E_ARGUMENT)
        fail("%s: canonical of NULL", gbr_codec_name(c));
    r.form = (gbr_form)9;
    if (gbr_recognised_canonical(c, out, sizeof out, &r).error != GBR_E_ARGUMENT)
        fail("%s: canonical of form 9", gbr_codec_name(c));
    r.form = GBR_FORM_UNKNOWN;
    if (gbr_recognised_canonical(c, out, sizeof out, &r).error != GBR_E_ARGUMENT)
        fail("%s: canonical of no form", gbr_codec_name(c));
    gbr_recognise(c, "0002.01", 7, &r);
    if (gbr_recognised_canonical(c, NULL, 8, &r).error != GBR_E_ARGUMENT)
        fail("%s: canonical into NULL with a capacity", gbr_codec_name(c));
}

/* ---- Scanning -------------------------------------------------------------- */

/* Matches as "start:form:canonical;..." plus the line bookkeeping. */
typedef struct scan_log {
    char text[8192];
    size_t len;
    int bad_lines; /* a reported line count disagreed with the text */
} scan_log;

static void log_match(scan_log *log, const gbr_scan_match *m)
{
    int n = snprintf(log->text + log->len, sizeof log->text - log->len, "%zu:%s:%.*s;", m->start,
                     gbr_form_name(m->code.form), (int)m->canonical_len, m->canonical);
    if (n > 0 && (size_t)n < sizeof log->text - log->len)
        log->len += (size_t)n;
}

/* Line state carried across calls, checked against the text at each match:
 * line is the number of '\n' before `at`, line_start one past the last. */
typedef struct line_state {
    size_t breaks;
    size_t line_start; /* absolute */
} line_state;

static void add_lines(line_state *ls, const gbr_scan_match *m)
{
    ls->breaks += m->newlines;
    if (m->newlines)
        ls->line_start = m->line_start;
}

static void check_lines(scan_log *log, const char *whole, const line_state *ls, size_t at)
{
    size_t breaks = 0, line_start = 0;
    for (size_t i = 0; i < at; i++)
        if (whole[i] == '\n') {
            breaks++;
            line_start = i + 1;
        }
    if (breaks != ls->breaks || line_start != ls->line_start)
        log->bad_lines++;
}

static void count_inside(line_state *ls, const char *whole, const gbr_scan_match *m)
{
    for (size_t i = m->start; i < m->end; i++)
        if (whole[i] == '\n') {
            ls->breaks++;
            ls->line_start = i + 1;
        }
}

/* One call over the whole text at a time, more_follows 0. */
static void scan_whole(const gbr_codec *c, const char *text, size_t len, scan_log *log)
{
    char *buf = exact_copy(text, len);
    line_state ls = {0, 0};
    size_t from = 0;
    for (;;) {
        gbr_scan_match m;
        gbr_scan_status st = gbr_scan_next(c, buf, len, from, 0, &m);
        add_lines(&ls, &m);
        if (st == GBR_SCAN_NONE) {
            if (m.resume != len || m.code.form != GBR_FORM_UNKNOWN)
                fail("%s: no match: resume %zu of %zu", gbr_codec_name(c), m.resume, len);
            check_lines(log, text, &ls, len);
            break;
        }
        if (st != GBR_SCAN_MATCH || m.resume != m.end || m.start >= m.end || m.end > len || m.start < from) {
            fail("%s: scan of a whole text: status %d, span [%zu, %zu) from %zu", gbr_codec_name(c), (int)st, m.start, m.end,
                 from);
            break;
        }
        check_lines(log, text, &ls, m.start);
        log_match(log, &m);
        count_inside(&ls, text, &m);
        from = m.resume;
    }
    free(buf);
}

/* The text cut at `cut`: the part before it as a buffer with more to
 * follow, then the whole from where the scanner asked to resume. */
static void scan_cut(const gbr_codec *c, const char *text, size_t len, size_t cut, scan_log *log)
{
    char *part = exact_copy(text, cut);
    line_state ls = {0, 0};
    size_t from = 0;
    for (;;) {
        gbr_scan_match m;
        gbr_scan_status st = gbr_scan_next(c, part, cut, from, 1, &m);
        add_lines(&ls, &m);
        if (st == GBR_SCAN_MORE) {
            if (m.resume < from || m.resume > cut || cut - m.resume >= GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD ||
                m.code.form != GBR_FORM_UNKNOWN)
                fail("%s: more at cut %zu: resume %zu from %zu", gbr_codec_name(c), cut, m.resume, from);
            check_lines(log, text, &ls, m.resume);
            from = m.resume;
            break;
        }
        if (st != GBR_SCAN_MATCH) {
            fail("%s: status %d with more to follow", gbr_codec_name(c), (int)st);
            free(part);
            return;
        }
        check_lines(log, text, &ls, m.start);
        log_match(log, &m);
        count_inside(&ls, text, &m);
        from = m.resume;
    }
    free(part);
    char *whole = exact_copy(text, len);
    for (;;) {
        gbr_scan_match m;
        gbr_scan_status st = gbr_scan_next(c, whole, len, from, 0, &m);
        add_lines(&ls, &m);
        if (st != GBR_SCAN_MATCH) {
            check_lines(log, text, &ls, len);
            break;
        }
        check_lines(log, text, &ls, m.start);
        log_match(log, &m);
        count_inside(&ls, text, &m);
        from = m.resume;
    }
    free(whole);
}

/* The whole text's matches, then every cut against them. */
static void check_text(const gbr_codec *c, const char *text, size_t len, const char *expected)
{
    scan_log whole;
    whole.len = 0;
    whole.text[0] = '\0';
    whole.bad_lines = 0;
    scan_whole(c, text, len, &whole);
    if (expected && strcmp(whole.text, expected) != 0)
        fail("%s: scan of \"%.*s\": %s, want %s", gbr_codec_name(c), (int)len, text, whole.text, expected);
    if (whole.bad_lines)
        fail("%s: scan of \"%.*s\": line breaks miscounted", gbr_codec_name(c), (int)len, text);
    for (size_t cut = 0; cut <= len; cut++) {
        scan_log part;
        part.len = 0;
        part.text[0] = '\0';
        part.bad_lines = 0;
        scan_cut(c, text, len, cut, &part);
        if (strcmp(part.text, whole.text) != 0 || part.bad_lines) {
            fail("%s: \"%.*s\" cut at %zu: %s (%d line counts wrong), whole %s", gbr_codec_name(c), (int)len, text, cut,
                 part.text, part.bad_lines, whole.text);
            break;
        }
    }
}

typedef struct scan_case {
    const char *text;
    const char *matches;
} scan_case;

#define PAD "The quick brown fox, 12. Nf3 Nc6 13. O-O; 1999.99, 3.14 and 192.168.1.1 on 2023.11.05.\n"

static const scan_case scan_cases[] = {
    /* spec §10.1, "What the rule does with look-alikes" */
    {"0002.01", "0:material:0002.01;"},
    {"(+0016.32d4g7) 1st Prize", "1:study:+0016.32d4g7;"},
    {"[+0020.42c1a1]", "1:study:+0020.42c1a1;"},
    {"=0323.12g3g1.", "0:study:=0323.12g3g1;"},
    {"1234.56", "0:material:1234.56;"},
    {"$1234.56", "1:material:1234.56;"},
    {"2023.11", "0:material:2023.11;"},
    {"0000.00", "0:material:0000.00;"},
    {"2023.11.05", ""},
    {"1930.02.??", ""},
    /* The boundary after the pawn digits: a '.' followed by a digit or '?'
     * (a number, a PGN date with unknown parts) ends no code; followed by
     * anything else it is a full stop. */
    {"[Date \"1930.02.??\"]", ""},
    {"1930.02.?", ""},
    {"1930.02.?x", ""},
    {"1930.02.", "0:material:1930.02;"},
    {"1930.02.\"]", "0:material:1930.02;"},
    {"1930.02. ?", "0:material:1930.02;"},
    {"1930.02.\n??", "0:material:1930.02;"},
    {"1930.02?", "0:material:1930.02;"},
    {"+0020.42c1a1.?", ""},
    {"+0020.42c1a1.? =0323.12g3g1.", "15:study:=0323.12g3g1;"},
    {"a7d3 0116.00 b2b3c6d6 3/3+.?", "0:position:a7d3 0116.00 b2b3c6d6 3/3+.;"},
    {"a7d3 0116.00 b2b3c6d6 3/3+..", "0:position:a7d3 0116.00 b2b3c6d6 3/3+.;"},
    {"1.2023.11", ""},
    {"v2023.11", ""},
    {"KNNKP0002.01", ""},
    {"12345.67", ""},
    {"1234.567", ""},
    {"+44 1234.567890", ""},
    {"1234.56\xE2\x82\xAC", ""},
    {"1234.56EUR", ""},
    {"192.168.1.1", ""},
    {"0.0000", ""},
    {"3.14", ""},
    {"1999.99", ""},
    {"1234.56e7", ""},
    {"8000.88", ""},
    /* Forms, boundaries, several matches, separators. */
    {"kings a7d3 0116.00 b2b3c6d6 3/3+. end", "6:position:a7d3 0116.00 b2b3c6d6 3/3+.;"},
    {"a7d3 0116.00 b2b3c6 3/3+.", "5:material:0116.00;"},
    {"0002.01 and +0020.42c1a1, 0400.10.", "0:material:0002.01;12:study:+0020.42c1a1;26:material:0400.10;"},
    {"e1e8 0009.00 {b1c1d1/f6} 4/2.", "0:position:e1e8 0009.00 {b1c1d1/f6} 4/2.;"},
    {"x+0020.42c1a1 =0323.12g3g1 a+0002.01",
     "2:study:0020.42c1a1;14:study:=0323.12g3g1;29:material:0002.01;"},
    {"x a7d3\r\n0116.00 b2b3c6d6\n3/3+.\n", "2:position:a7d3 0116.00 b2b3c6d6 3/3+.;"},
    {"a7d3  0116.00 b2b3c6d6 3/3+.", "6:material:0116.00;"},
    {"\xA0" "0002.01\xA0", "1:material:0002.01;"},
    {"\xC3\xA9" "0002.01", ""},
    {"a2c4 0000.32 .d4e3f2e4f3 4/3 WTM. a2c4 0000.32 .d4e3f2e4f3 4/3 WTM",
     "0:position:a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.;39:material:0000.32;"},
    /* Long texts: the 64-byte blocks of the search, lines before matches. */
    {PAD PAD "[Black \"(+0016.32d4g7) Prize\"]\r\n" PAD "0400.10\n",
     "183:study:+0016.32d4g7;" "293:material:0400.10;"},
    {PAD "a7d3\n0116.00\nb2b3c6d6\n3/3+.\n" PAD PAD PAD "e1e8 0009.00 {b1c1d1/f6} 4/2.",
     "87:position:a7d3 0116.00 b2b3c6d6 3/3+.;" "376:position:e1e8 0009.00 {b1c1d1/f6} 4/2.;"},
    /* A position form whose reads go far past its anchor: separators of two
     * bytes between its fields, and a men count that never comes. */
    {"h1h8 9999.88\r\n{a1a2a3a4a5a6a7/b1b2b3b4b5b6b7}\r\n{c1c2c3c4c5c6c7/d1d2d3d4d5d6d7}\r\n"
     "{e1e2e3e4e5e6e7/f1f2f3f4f5f6f7}\r\n{g1g2g3g4g5g6g7/h2h3h4h5h6h7}\r\n.a2\r\n1/1.", ""},
};

/* ---- Generated texts: codes, near-misses and noise in random order. ---- */
static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint32_t next_below(uint32_t n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state % n);
}

static const char *const pieces[] = {
    "0002.01", "+0020.42c1a1", "=0323.12g3g1", "(+0016.32d4g7)", "[=0000.00e1e8]", "0400.10", "8000.88",
    "a7d3 0116.00 b2b3c6d6 3/3+.", "a7d3\r\n0116.00 b2b3c6d6\n3/3+.", "e1e8 0009.00 {b1c1d1/f6} 4/2.",
    "a2c4 0000.32 .d4e3f2e4f3 4/3 WTM.", "e1e8 0000.00 1/1.", "e1e8 0000.00 1/1", "2023.11.05", "1999.99",
    "1930.02.??", "?", "12. Nf3", "1.", "0116.0", "a1", "c1a1", " ", " ", " ", "\n", "\r\n", "x", "$", "+", "=", "/", ".", "{", "}",
    "\xC3\xA9", "\xA0", "1234.567", "0000.00a1a1", "e1e8 0116.00 ", "Kb1 ", "\"",
};

int main(void)
{
    const gbr_codec *codecs[2] = {gbr_codec_ref(), gbr_codec_fast()};
    long texts = 0;
    for (int k = 0; k < 2; k++) {
        const gbr_codec *c = codecs[k];
        check_recognise(c);
        for (size_t i = 0; i < sizeof scan_cases / sizeof scan_cases[0]; i++, texts++)
            check_text(c, scan_cases[i].text, strlen(scan_cases[i].text), scan_cases[i].matches);
        /* Generated: 150 texts of up to about 400 bytes a codec. */
        for (int n = 0; n < 150; n++, texts++) {
            char text[512];
            size_t len = 0;
            size_t want = 20 + next_below(380);
            while (len < want) {
                const char *piece = pieces[next_below((uint32_t)(sizeof pieces / sizeof pieces[0]))];
                size_t plen = strlen(piece);
                if (len + plen > sizeof text)
                    break;
                memcpy(text + len, piece, plen);
                len += plen;
            }
            check_text(c, text, len, NULL);
        }

        /* Arguments. */
        gbr_scan_match m;
        if (gbr_scan_next(c, "0002.01", 7, 0, 0, NULL) != GBR_SCAN_ARGUMENT)
            fail("%s: scan with a NULL out", gbr_codec_name(c));
        if (gbr_scan_next(c, NULL, 7, 0, 0, &m) != GBR_SCAN_ARGUMENT)
            fail("%s: scan of NULL with a length", gbr_codec_name(c));
        if (gbr_scan_next(c, "0002.01", 7, 8, 0, &m) != GBR_SCAN_ARGUMENT || m.resume != 7)
            fail("%s: scan from past the end", gbr_codec_name(c));
        if (gbr_scan_next(c, NULL, 0, 0, 0, &m) != GBR_SCAN_NONE || m.resume != 0)
            fail("%s: scan of NULL, 0", gbr_codec_name(c));
        if (gbr_scan_next(c, NULL, 0, 0, 1, &m) != GBR_SCAN_MORE || m.resume != 0)
            fail("%s: scan of NULL, 0 with more to follow", gbr_codec_name(c));
        /* start past an anchor: the next one is found. */
        if (gbr_scan_next(c, "0002.01 0400.10", 15, 5, 0, &m) != GBR_SCAN_MATCH || m.start != 8)
            fail("%s: scan from inside a code", gbr_codec_name(c));
    }
    if (gbr_scan_next(NULL, "0002.01", 7, 0, 0, &(gbr_scan_match){0}) != GBR_SCAN_MATCH)
        fail("the default codec (NULL) does not scan");
    if (failures) {
        fprintf(stderr, "lib_scan: %d failures\n", failures);
        return 1;
    }
    printf("lib_scan: %zu recognise cases and %ld texts (every cut of each), both codecs: ok\n",
           sizeof recognise_cases / sizeof recognise_cases[0], texts);
    return 0;
}
