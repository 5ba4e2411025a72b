/*
 * The scanner (gbr_scan_next, spec §10.1) on any bytes:
 *  - over the whole text, both codecs find the same matches (span, form,
 *    canonical text, line breaks before each); every match lies inside the
 *    text, after the previous one, and its canonical text is what gbr_check
 *    makes of it, in the same form;
 *  - read as a stream, in reads of sizes drawn from the last option byte
 *    into a buffer whose capacity the second-last byte sets, keeping only
 *    the text from GBR_SCAN_LOOKBEHIND before the resume offset, it finds
 *    exactly the matches of the whole text, at the same lines, and never
 *    asks for more than the promised distance before the end of a buffer.
 * Every buffer the scanner sees is an allocation of exactly its length.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

typedef struct found {
    size_t start, end, line, line_start;
    gbr_form form;
    size_t canonical_len;
    char canonical[GBR_POSITION_MAX];
} found;

static gbr_scan_status scan_exact(const gbr_codec *c, const char *buf, size_t n, size_t from, int more,
                                  gbr_scan_match *m)
{
    char *copy = malloc(n ? n : 1);
    FUZZ_ASSERT(copy != NULL, "out of memory");
    if (n)
        memcpy(copy, buf, n);
    gbr_scan_status st = gbr_scan_next(c, copy, n, from, more, m);
    free(copy);
    return st;
}

static void record(found *f, const gbr_scan_match *m, size_t base, size_t line, size_t line_start)
{
    f->start = base + m->start;
    f->end = base + m->end;
    f->line = line;
    f->line_start = line_start;
    f->form = m->code.form;
    f->canonical_len = m->canonical_len;
    memcpy(f->canonical, m->canonical, m->canonical_len);
}

static int same(const found *a, const found *b)
{
    return a->start == b->start && a->end == b->end && a->line == b->line && a->line_start == b->line_start &&
           a->form == b->form && a->canonical_len == b->canonical_len &&
           memcmp(a->canonical, b->canonical, a->canonical_len) == 0;
}

/* Every match of the whole text; returns how many. */
static size_t scan_whole(const gbr_codec *c, const char *text, size_t len, found *out)
{
    size_t n = 0, from = 0, line = 0, line_start = 0;
    for (;;) {
        gbr_scan_match m;
        gbr_scan_status st = scan_exact(c, text, len, from, 0, &m);
        line += m.newlines;
        if (m.newlines)
            line_start = m.line_start;
        if (st == GBR_SCAN_NONE) {
            FUZZ_ASSERT(m.resume == len, "%s: no match, resume %zu of %zu", gbr_codec_name(c), m.resume, len);
            return n;
        }
        FUZZ_ASSERT(st == GBR_SCAN_MATCH, "%s: status %d over a whole text", gbr_codec_name(c), (int)st);
        FUZZ_ASSERT(m.start >= from && m.start < m.end && m.end <= len && m.resume == m.end,
                    "%s: span [%zu, %zu) from %zu of %zu", gbr_codec_name(c), m.start, m.end, from, len);
        FUZZ_ASSERT(n < len / 7 + 1, "%s: more matches than a text of %zu bytes holds", gbr_codec_name(c), len);
        record(&out[n++], &m, 0, line, line_start);
        for (size_t i = m.start; i < m.end; i++)
            if (text[i] == '\n') {
                line++;
                line_start = i + 1;
            }
        /* The canonical text is a fixed point of gbr_check, in the same form. */
        char again[GBR_POSITION_MAX];
        gbr_form form = GBR_FORM_UNKNOWN;
        gbr_result r = gbr_check(c, again, sizeof again, m.canonical, m.canonical_len, &form);
        FUZZ_ASSERT(!r.error && form == m.code.form && r.length == m.canonical_len &&
                        memcmp(again, m.canonical, r.length) == 0,
                    "%s: gbr_check of the match's canonical '%.*s': %s", gbr_codec_name(c), (int)m.canonical_len, m.canonical,
                    gbr_error_name(r.error));
        from = m.resume;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_data d = fuzz_data_init(data, size);
    uint32_t reads = fuzz_data_take_byte(&d) * 2654435761u + 1u;
    size_t cap = 2 * GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD + 1 + 2 * (size_t)fuzz_data_take_byte(&d);
    char *text;
    size_t len = fuzz_data_take_text(&d, &text);
    fuzz_note_input(text, len);

    const gbr_codec *a = fuzz_codec_a(), *b = fuzz_codec_b();
    found *whole = malloc((len / 7 + 1) * sizeof *whole);
    found *other = malloc((len / 7 + 1) * sizeof *other);
    FUZZ_ASSERT(whole && other, "out of memory");
    size_t count = scan_whole(a, text, len, whole);
    size_t count_b = scan_whole(b, text, len, other);
    FUZZ_ASSERT(count == count_b, "%s finds %zu matches, %s %zu", gbr_codec_name(a), count, gbr_codec_name(b), count_b);
    for (size_t i = 0; i < count; i++)
        FUZZ_ASSERT(same(&whole[i], &other[i]), "match %zu differs between %s and %s", i, gbr_codec_name(a), gbr_codec_name(b));

    /* As a stream, through codec B. */
    char *buf = malloc(cap);
    FUZZ_ASSERT(buf != NULL, "out of memory");
    size_t base = 0, n = 0, read_at = 0, from = 0, line = 0, line_start = 0, seen = 0;
    int eof = 0;
    while (!eof) {
        FUZZ_ASSERT(n < cap, "the buffer of %zu bytes is full at offset %zu", cap, base);
        reads ^= reads << 13;
        reads ^= reads >> 17;
        reads ^= reads << 5;
        size_t want = 1 + reads % (cap - n);
        if (want > len - read_at)
            want = len - read_at;
        if (want)
            memcpy(buf + n, text + read_at, want);
        n += want;
        read_at += want;
        eof = read_at == len;
        for (;;) {
            gbr_scan_match m;
            gbr_scan_status st = scan_exact(b, buf, n, from, !eof, &m);
            line += m.newlines;
            if (m.newlines)
                line_start = base + m.line_start;
            if (st == GBR_SCAN_MATCH) {
                found f;
                record(&f, &m, base, line, line_start);
                FUZZ_ASSERT(seen < count && same(&f, &whole[seen]),
                            "streamed match %zu ([%zu, %zu) %.*s) is not the whole text's", seen, f.start, f.end,
                            (int)f.canonical_len, f.canonical);
                seen++;
                for (size_t i = m.start; i < m.end; i++)
                    if (buf[i] == '\n') {
                        line++;
                        line_start = base + i + 1;
                    }
                from = m.resume;
                continue;
            }
            if (eof) {
                FUZZ_ASSERT(st == GBR_SCAN_NONE, "status %d at the end of the text", (int)st);
            } else {
                FUZZ_ASSERT(st == GBR_SCAN_MORE && m.resume >= from &&
                                n - m.resume < GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD,
                            "status %d, resume %zu from %zu in a buffer of %zu", (int)st, base + m.resume,
                            base + from, n);
            }
            from = m.resume;
            break;
        }
        size_t keep = from > GBR_SCAN_LOOKBEHIND ? from - GBR_SCAN_LOOKBEHIND : 0;
        memmove(buf, buf + keep, n - keep);
        n -= keep;
        base += keep;
        from -= keep;
    }
    FUZZ_ASSERT(seen == count, "the stream found %zu matches, the whole text %zu", seen, count);
    free(buf);
    free(whole);
    free(other);
    free(text);
    return 0;
}
