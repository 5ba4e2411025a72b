/*
 * Shrinking steps (see conform_shrink.h). Byte steps find the bytes a
 * disagreement needs; structure steps reach what byte steps cannot without
 * passing through texts that no longer disagree (a study's two brackets go
 * together); a position form keeps its
 * men count in step with its squares only if a man and its count go
 * together, and a square moves towards a1 only a file or a rank at a time.
 */
#include "conform_shrink.h"

#include <string.h>

static unsigned weight(uint8_t b)
{
    if (b == '0')
        return 0;
    if (b >= '1' && b <= '9')
        return (unsigned)(b - '0');
    if (b >= 'a' && b <= 'h')
        return (unsigned)(b - 'a' + 1);
    if (b == ' ')
        return 1;
    if (b < 0x80)
        return 50;
    return 100;
}

static unsigned long total_weight(const gen_bytes *t)
{
    unsigned long w = 0;
    for (size_t i = 0; i < t->len; i++)
        w += weight(t->data[i]);
    return w;
}

int conform_shrink_smaller(const gen_bytes *a, const gen_bytes *b)
{
    if (a->len != b->len)
        return a->len < b->len;
    return total_weight(a) < total_weight(b);
}

typedef struct sink {
    const gen_bytes *in;
    gen_bytes *out;
    size_t n, cap;
} sink;

/* The input with len bytes at `at` replaced by the n bytes `with`. */
static void add(sink *s, size_t at, size_t len, const uint8_t *with, size_t n)
{
    if (s->n >= s->cap || at + len > s->in->len || s->in->len - len + n > GEN_BYTES_MAX)
        return;
    gen_bytes *c = &s->out[s->n];
    memcpy(c->data, s->in->data, at);
    if (n > 0)
        memcpy(c->data + at, with, n);
    memcpy(c->data + at + n, s->in->data + at + len, s->in->len - at - len);
    c->len = s->in->len - len + n;
    if (conform_shrink_smaller(c, s->in))
        s->n++;
}

/* A whole new text. */
static void add_whole(sink *s, const char *text, size_t n)
{
    if (s->n >= s->cap || n > GEN_BYTES_MAX)
        return;
    gen_bytes *c = &s->out[s->n];
    memcpy(c->data, text, n);
    c->len = n;
    if (conform_shrink_smaller(c, s->in))
        s->n++;
}

static int is_digit(uint8_t c) { return c >= '0' && c <= '9'; }
static int is_file(uint8_t c) { return c >= 'a' && c <= 'h'; }
static int is_rank(uint8_t c) { return c >= '1' && c <= '8'; }

/* The first token (up to a space) holds a '/' outside braces: a FEN. */
static size_t fen_placement_end(const gen_bytes *t)
{
    int slash = 0;
    size_t i = 0;
    for (; i < t->len && t->data[i] != ' '; i++)
        slash |= t->data[i] == '/' || t->data[i] == '{';
    return slash && memchr(t->data, '{', i) == NULL ? i : 0;
}

/* A board written back in the form it was read from. */
static void add_board(sink *s, const gbr_position *p, int fen)
{
    char text[GBR_POSITION_MAX + GBR_FEN_MAX + 1];
    gbr_result r = fen ? gbr_format_fen(gbr_codec_ref(), text, sizeof text, p)
                       : gbr_format_position(gbr_codec_ref(), text, sizeof text, p);
    if (r.error == GBR_OK && r.length <= GEN_BYTES_MAX)
        add_whole(s, text, r.length);
}

/* Steps on the board of a valid position form or FEN: a man dropped (its
 * count and material with it), a man moved a file or a rank towards a1,
 * the indicator dropped. */
static void board_steps(sink *s)
{
    gbr_position p, c;
    int fen = 0;
    const char *text = (const char *)s->in->data;
    if (gbr_parse_position(gbr_codec_ref(), text, s->in->len, &p).error != GBR_OK) {
        if (gbr_parse_fen(gbr_codec_ref(), text, s->in->len, &p).error != GBR_OK)
            return;
        fen = 1;
    }
    for (size_t i = 0; position_shrink(&p, i, &c); i++)
        add_board(s, &c, fen);
    for (int sq = 0; sq < 64; sq++) {
        uint8_t man = p.board[sq];
        if (man == GBR_EMPTY)
            continue;
        int towards[2] = {sq - 8, sq % 8 ? sq - 1 : -1}; /* a file left, a rank down */
        for (int k = 0; k < 2; k++) {
            int to = towards[k];
            if (to < 0 || p.board[to] != GBR_EMPTY)
                continue;
            if ((man == GBR_WP || man == GBR_BP) && (to % 8 == 0 || to % 8 == 7))
                continue;
            c = p;
            c.board[to] = man;
            c.board[sq] = GBR_EMPTY;
            add_board(s, &c, fen);
        }
    }
}

size_t conform_shrink_candidates(const gen_bytes *in, gen_bytes *out, size_t cap)
{
    sink s = {in, out, 0, cap};
    const uint8_t *d = in->data;
    size_t len = in->len;
    /* Runs of bytes: halves down to pairs. */
    for (size_t chunk = len; chunk >= 2; chunk /= 2)
        for (size_t at = 0; at + chunk <= len; at += chunk)
            add(&s, at, chunk, NULL, 0);
    board_steps(&s);
    /* A field: each space-separated token with the space before it (or the
     * one after, for the first). */
    for (size_t at = 0; at < len;) {
        size_t end = at;
        while (end < len && d[end] != ' ')
            end++;
        if (at > 0)
            add(&s, at - 1, end - at + 1, NULL, 0);
        else if (end < len)
            add(&s, 0, end + 1, NULL, 0);
        at = end + 1;
    }
    /* A group, braces and all; the part of an order input before or after its bar. */
    for (size_t at = 0; at < len; at++) {
        if (d[at] == '{') {
            const uint8_t *close = memchr(d + at, '}', len - at);
            if (close)
                add(&s, at, (size_t)(close - (d + at)) + 1, NULL, 0);
        }
        if (d[at] == '|') {
            add(&s, 0, at, NULL, 0);
            add(&s, at + 1, len - at - 1, NULL, 0);
        }
    }
    /* A study's wrapper, both its brackets. */
    if (len >= 2 && ((d[0] == '[' && d[len - 1] == ']') || (d[0] == '(' && d[len - 1] == ')'))) {
        gen_bytes *c = s.n < cap ? &out[s.n] : NULL;
        if (c) {
            memcpy(c->data, d + 1, len - 2);
            c->len = len - 2;
            s.n++;
        }
    }
    /* A man: a square (file letter and rank digit) anywhere. */
    for (size_t at = 0; at + 1 < len; at++)
        if (is_file(d[at]) && is_rank(d[at + 1]))
            add(&s, at, 2, NULL, 0);
    /* Single bytes. */
    for (size_t at = 0; at < len; at++)
        add(&s, at, 1, NULL, 0);
    /* A FEN's man made an empty square; two neighbouring counts of empty
     * squares made one. */
    size_t placement = fen_placement_end(in);
    for (size_t at = 0; at < placement; at++) {
        uint8_t c = d[at];
        if (strchr("KQRBNPkqrbnp", c) && c) {
            uint8_t one = '1';
            add(&s, at, 1, &one, 1);
        }
        if (at + 1 < placement && is_digit(d[at]) && is_digit(d[at + 1])) {
            int sum = (d[at] - '0') + (d[at + 1] - '0');
            uint8_t merged = (uint8_t)('0' + (sum > 9 ? 9 : sum));
            if (sum <= 9)
                add(&s, at, 2, &merged, 1);
        }
    }
    /* A man moved towards a1: to a1 at once, then a file or a rank down. */
    for (size_t at = 0; at + 1 < len; at++) {
        if (!is_file(d[at]) || !is_rank(d[at + 1]))
            continue;
        static const uint8_t a1[2] = {'a', '1'};
        add(&s, at, 2, a1, 2);
        uint8_t left[2] = {(uint8_t)(d[at] - 1), d[at + 1]}, down[2] = {d[at], (uint8_t)(d[at + 1] - 1)};
        if (d[at] > 'a')
            add(&s, at, 2, left, 2);
        if (d[at + 1] > '1')
            add(&s, at, 2, down, 2);
    }
    /* A count lowered: each digit by one (and to 0, below). */
    for (size_t at = 0; at < len; at++)
        if (d[at] > '0' && d[at] <= '9') {
            uint8_t lower = (uint8_t)(d[at] - 1);
            add(&s, at, 1, &lower, 1);
        }
    /* Bytes made plainer. */
    static const uint8_t plainer[] = {'0', 'a', ' '};
    for (size_t at = 0; at < len; at++)
        for (size_t k = 0; k < sizeof plainer; k++)
            add(&s, at, 1, &plainer[k], 1);
    return s.n;
}
