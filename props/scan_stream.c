/*
 * Generated: scanning a text as a stream, in reads of random sizes into a
 * buffer that drops what the scanner no longer needs, finds what one call
 * over the whole text finds (gbr_scan_next, spec §10.1): the same matches
 * (offset, end, form, canonical text) at the same lines and columns, through
 * both codecs.
 *
 * Texts are generated codes of every form (valid, varied, mutated; some of
 * their spaces made line breaks) joined by separators and noise. The
 * streaming reader does what a reader of a file would: read, scan with more
 * to follow until the scanner asks for more, keep the text from
 * GBR_SCAN_LOOKBEHIND before its resume offset, read again. Every buffer the
 * scanner sees is a malloc'd copy of exactly its length.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "prop.h"

enum { CASES = 3000, TEXT_MAX = 1600, LOG_MAX = 16384 };

typedef struct stream_case {
    uint64_t reads_seed; /* the read sizes and buffer capacity */
    uint8_t codec;       /* 0 ref, 1 fast */
    size_t len;
    char text[TEXT_MAX];
} stream_case;

static const char *const separators[] = {" ", " ", "\n", "\r\n", ", ", "(", ")", "[", "]", "+", "=", "x",
                                         ".", "1. ", "\xA0", "\xC3\xA9", "\t", "{", "/", "2023.11.05 ",
                                         ".?", "?", "[Date \"1930.02.??\"]"};

static void generate(gen_rng *rng, void *value, void *ctx)
{
    (void)ctx;
    stream_case *k = value;
    memset(k, 0, sizeof *k);
    k->reads_seed = gen_next(rng);
    k->codec = (uint8_t)gen_below(rng, 2);
    const gbr_codec *c = k->codec ? gbr_codec_fast() : gbr_codec_ref();
    size_t want = 1 + gen_below(rng, TEXT_MAX - 300);
    while (k->len < want) {
        gen_bytes piece;
        gen_text(rng, c, 20, &piece);
        if (gen_chance(rng, 1, 4)) /* a form wrapped over lines */
            for (size_t i = 0; i < piece.len; i++)
                if (piece.data[i] == ' ' && gen_chance(rng, 1, 2))
                    piece.data[i] = '\n';
        const char *sep = separators[gen_below(rng, sizeof separators / sizeof separators[0])];
        size_t sep_len = strlen(sep);
        if (k->len + piece.len + sep_len > TEXT_MAX)
            break;
        memcpy(k->text + k->len, piece.data, piece.len);
        k->len += piece.len;
        memcpy(k->text + k->len, sep, sep_len);
        k->len += sep_len;
    }
}

/* Shorter texts: runs deleted, halves down to single bytes (prop_run_deletion). */
static int shrink(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    const stream_case *v = value;
    stream_case *c = candidate;
    size_t at, run;
    if (!prop_run_deletion(v->len, &index, &at, &run))
        return 0;
    *c = *v;
    c->len = v->len - run;
    memmove(c->text + at, v->text + at + run, v->len - at - run);
    return 1;
}

static void print(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const stream_case *k = value;
    fprintf(out, "codec %s, reads seed %llu, text ", k->codec ? "fast" : "ref", (unsigned long long)k->reads_seed);
    prop_print_text(out, k->text, k->len);
}

typedef struct match_log {
    char text[LOG_MAX];
    size_t len;
} match_log;

/* Line bookkeeping over absolute offsets. */
typedef struct lines {
    unsigned long line;
    size_t line_start;
} lines;

static void add_breaks(lines *l, size_t base, const gbr_scan_match *m)
{
    if (m->newlines) {
        l->line += (unsigned long)m->newlines;
        l->line_start = base + m->line_start;
    }
}

static void log_match(match_log *log, lines *l, size_t base, const char *buf, const gbr_scan_match *m)
{
    int n = snprintf(log->text + log->len, sizeof log->text - log->len, "%zu-%zu %lu:%zu %s %.*s\n", base + m->start,
                     base + m->end, l->line, base + m->start - l->line_start + 1, gbr_form_name(m->code.form),
                     (int)m->canonical_len, m->canonical);
    if (n > 0 && (size_t)n < sizeof log->text - log->len)
        log->len += (size_t)n;
    for (size_t i = m->start; i < m->end; i++)
        if (buf[i] == '\n') {
            l->line++;
            l->line_start = base + i + 1;
        }
}

static gbr_scan_status scan_copy(const gbr_codec *c, const char *buf, size_t n, size_t from, int more,
                                 gbr_scan_match *m)
{
    char *copy = malloc(n ? n : 1);
    if (!copy)
        abort();
    memcpy(copy, buf, n);
    gbr_scan_status st = gbr_scan_next(c, copy, n, from, more, m);
    free(copy);
    return st;
}

static int check(const void *value, void *ctx, prop_why *why)
{
    (void)ctx;
    const stream_case *k = value;
    const gbr_codec *c = k->codec ? gbr_codec_fast() : gbr_codec_ref();
    static match_log whole, streamed;

    /* One call over the whole text at a time. */
    whole.len = 0;
    lines l = {1, 0};
    size_t from = 0;
    for (;;) {
        gbr_scan_match m;
        gbr_scan_status st = scan_copy(c, k->text, k->len, from, 0, &m);
        add_breaks(&l, 0, &m);
        if (st != GBR_SCAN_MATCH) {
            if (st != GBR_SCAN_NONE)
                return prop_fail(why, "whole text: status %d", (int)st);
            break;
        }
        log_match(&whole, &l, 0, k->text, &m);
        from = m.resume;
    }

    /* As a stream. */
    gen_rng rng;
    gen_seed(&rng, k->reads_seed);
    size_t cap = 2 * GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD + 8 + gen_below(&rng, 600);
    char buf[2 * GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD + 8 + 600];
    streamed.len = 0;
    lines s = {1, 0};
    size_t base = 0, n = 0, read_at = 0;
    from = 0;
    int eof = 0;
    while (!eof) {
        size_t room = cap - n;
        if (room == 0)
            return prop_fail(why, "the buffer of %zu bytes is full at offset %zu", cap, base);
        size_t want = 1 + gen_below(&rng, (uint32_t)room);
        if (want > k->len - read_at)
            want = k->len - read_at;
        memcpy(buf + n, k->text + read_at, want);
        n += want;
        read_at += want;
        eof = read_at == k->len;
        for (;;) {
            gbr_scan_match m;
            gbr_scan_status st = scan_copy(c, buf, n, from, !eof, &m);
            add_breaks(&s, base, &m);
            if (st == GBR_SCAN_MATCH) {
                log_match(&streamed, &s, base, buf, &m);
                from = m.resume;
                continue;
            }
            if (st == GBR_SCAN_MORE) {
                if (eof)
                    return prop_fail(why, "more asked for at the end of the text");
                if (m.resume < from || n - m.resume >= GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD)
                    return prop_fail(why, "resume %zu from %zu in a buffer of %zu", base + m.resume, base + from,
                                     n);
            } else if (st != GBR_SCAN_NONE || !eof) {
                return prop_fail(why, "status %d at offset %zu, eof %d", (int)st, base + from, eof);
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
    if (whole.len != streamed.len || memcmp(whole.text, streamed.text, whole.len) != 0)
        return prop_fail(why, "buffer %zu: streamed\n%.*s\nwhole\n%.*s", cap, (int)(streamed.len > 200 ? 200 : streamed.len),
                         streamed.text, (int)(whole.len > 200 ? 200 : whole.len), whole.text);
    if (s.line != l.line)
        return prop_fail(why, "lines at the end: streamed %lu, whole %lu", s.line, l.line);
    return 0;
}

int main(void)
{
    static const prop_type type = {sizeof(stream_case), generate, shrink, print};
    long failed = prop_run("scan_stream", &type, check, NULL, CASES);
    return failed ? 1 : 0;
}
