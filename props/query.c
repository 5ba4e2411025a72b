/*
 * Queries (spec/query.md) over generated positions and texts:
 *
 *  - parse: any bytes, query-like or not, either parse or fail at a column
 *    within 1..len+1 with a message, leaving the struct untouched on failure
 *    (the struct is written only on success);
 *  - own code and name: the material code and the material name of a
 *    position, as queries, match it; so does the name with '...' ending each
 *    side and '*' or '+' after some men, which is no 1.0 query; and the name
 *    with a '*' after each side's last man, which reads differently from
 *    GBR queries 1.0 exactly when it has a '*' (section 4.1);
 *  - code versus position (section 7.2): for a position without a 9 every
 *    code, name, count and pgn-extract query answers the same for the
 *    position and for its material code;
 *  - exchanged colours (section 7.3): a query marked either colour answers
 *    the same for a position and for the position with the board turned over
 *    and the colours changed, built square by square here.
 */
#include <stdio.h>
#include <string.h>

#include "prop.h"

#define QUERY_MAX 64

typedef struct query_case {
    gbr_position position;
    char query[QUERY_MAX];
    uint32_t suffixes; /* two bits a man of the own name: none, '*' or '+' */
} query_case;

static size_t put(char *q, size_t n, const char *s)
{
    size_t len = strlen(s);
    if (n + len < QUERY_MAX) {
        memcpy(q + n, s, len);
        n += len;
    }
    q[n] = '\0';
    return n;
}

static char pick(gen_rng *rng, const char *set) { return set[gen_below(rng, (uint32_t)strlen(set))]; }

/* A valid or nearly valid query of a random form. */
static void gen_query(gen_rng *rng, char *q)
{
    size_t n = 0;
    char one[2] = {0, 0};
    q[0] = '\0';
    switch (gen_below(rng, 4)) {
    case 0: /* code or study pattern */
        for (int k = 0; k < 7; k++) {
            one[0] = k == 4 ? '.' : pick(rng, k < 4 ? "0123456789???" : "012345??");
            n = put(q, n, one);
            if (gen_chance(rng, 1, 12)) {
                n = put(q, n, "*");
                return;
            }
        }
        if (gen_chance(rng, 1, 3)) {
            for (int k = 0; k < 4; k++) {
                one[0] = pick(rng, k % 2 ? "12345678??" : "abcdefgh??");
                n = put(q, n, one);
            }
        }
        return;
    case 1: /* name pattern */
        for (int side = 0; side < 2; side++) {
            n = put(q, n, side ? "vK" : "K");
            for (uint32_t k = gen_below(rng, 4); k > 0; k--) {
                one[0] = pick(rng, "QRBNPP*");
                n = put(q, n, one);
            }
        }
        return;
    case 2: /* count conditions */
        for (int side = 0; side < 2; side++) {
            if (side && gen_chance(rng, 1, 2))
                return;
            n = put(q, n, side ? " black:" : "white:");
            for (uint32_t k = 1 + gen_below(rng, 2); k > 0; k--) {
                char cond[8];
                static const char *const ops[] = {"=", "<", "<=", ">", ">="};
                snprintf(cond, sizeof cond, "%c%s%d%s", pick(rng, "QRBNP"), ops[gen_below(rng, 5)],
                         gen_range(rng, 0, 3), k > 1 ? "," : "");
                n = put(q, n, cond);
            }
        }
        return;
    default: /* pgn-extract description */
        for (int side = 0; side < 2; side++) {
            static const char *const suffixes[] = {"", "", "*", "+", "1", "2", "1+", "2-", "=", "#",
                                                   ">", "<", "2>", "1<", ">=", "<=", "2>=", "1<="};
            if (side)
                n = put(q, n, " ");
            for (uint32_t k = 1 + gen_below(rng, 3); k > 0; k--) {
                one[0] = pick(rng, "qrbnpQRBNPk");
                n = put(q, n, one);
                n = put(q, n, suffixes[gen_below(rng, sizeof suffixes / sizeof suffixes[0])]);
            }
        }
        return;
    }
}

static void exchange(const gbr_position *p, gbr_position *out);

/* A study pattern of the position or of its exchange, some places '?', so
 * that the matches the properties compare are often true. */
static void gen_own_study(gen_rng *rng, const gbr_position *p, char *q)
{
    gbr_position turned;
    const gbr_codec *ref = gbr_codec_ref();
    gbr_study st;
    gbr_query_subject s;
    exchange(p, &turned);
    q[0] = '\0';
    if (gbr_query_subject_of_position(ref, gen_chance(rng, 1, 2) ? &turned : p, GBR_STIP_NONE, &s).error)
        return;
    st.material = s.material;
    st.stipulation = GBR_STIP_NONE;
    st.white_king = s.white_king;
    st.black_king = s.black_king;
    gbr_result r = gbr_format_study(ref, q, QUERY_MAX - 1, &st);
    q[r.error ? 0 : r.length] = '\0';
    for (size_t i = 0; i < r.length; i++)
        if (q[i] != '.' && gen_chance(rng, 1, 4))
            q[i] = '?';
}

static void gen_case(gen_rng *rng, void *value, void *ctx)
{
    (void)ctx;
    query_case *c = value;
    gen_position(rng, &c->position);
    c->suffixes = gen_below(rng, UINT32_MAX);
    if (gen_chance(rng, 1, 3))
        gen_own_study(rng, &c->position, c->query);
    else
        gen_query(rng, c->query);
}

static int no_shrink(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)value, (void)index, (void)candidate, (void)ctx;
    return 0;
}

static void print_case(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const query_case *c = value;
    char fen[GBR_FEN_MAX];
    gbr_result r = gbr_format_fen(gbr_codec_ref(), fen, sizeof fen, &c->position);
    fprintf(out, "query \"%s\", position %.*s", c->query, r.error ? 0 : (int)r.length, fen);
}

static int has_nine(const gbr_material *m)
{
    for (int t = 0; t < 4; t++)
        if (m->digit[t] == 9)
            return 1;
    return 0;
}

/* The board turned over (rank r to 9 - r) with every man's colour changed. */
static void exchange(const gbr_position *p, gbr_position *out)
{
    memset(out, 0, sizeof *out);
    for (int sq = 0; sq < 64; sq++) {
        uint8_t man = p->board[sq];
        int turned = (sq & ~7) | (7 - (sq & 7));
        out->board[turned] = man ? (uint8_t)(man ^ 8) : 0;
    }
}

static int check_case(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *codec = ctx;
    const query_case *c = value;
    gbr_query q;
    memset(&q, 0xa5, sizeof q);
    gbr_query before = q;
    const char *message = NULL;
    size_t len = strlen(c->query);
    gbr_result r = gbr_query_parse(&q, c->query, len, &message);
    if (r.error) {
        if (r.error != GBR_E_UNKNOWN_FORM || r.column < 1 || r.column > len + 1 || !message)
            return prop_fail(why, "bad failure: %s at %u", gbr_error_name(r.error), (unsigned)r.column);
        if (memcmp(&q, &before, sizeof q) != 0)
            return prop_fail(why, "a failed parse wrote the query");
        return 0;
    }
    gbr_query_subject s;
    if (gbr_query_subject_of_position(codec, &c->position, GBR_STIP_NONE, &s).error)
        return prop_fail(why, "no subject for a generated position");

    /* Its own code and name. */
    char text[GBR_NAME_MAX + 4];
    gbr_query own;
    r = gbr_format_material(codec, text, sizeof text, &s.material);
    if (r.error || gbr_query_parse(&own, text, r.length, NULL).error || !gbr_query_match(&own, &s))
        return prop_fail(why, "the position's own material code does not match it");
    r = gbr_format_name(codec, text, sizeof text - 2, &s.counts);
    if (r.error || gbr_query_parse(&own, text, r.length, NULL).error || !gbr_query_match(&own, &s))
        return prop_fail(why, "the position's own name %.*s does not match it", (int)r.length, text);
    /* With "..." ending each side (any further men), and with '*' or '+'
     * after some men (any number, one or more: GBR queries 1.1), it still
     * matches; with "..." it is no 1.0 query, so not one that changed. */
    char wide[3 * (GBR_NAME_MAX + 4)];
    size_t n = 0;
    unsigned man = 0;
    for (size_t i = 0; i < r.length; i++) {
        if (text[i] == 'v')
            memcpy(wide + n, "...", 3), n += 3;
        wide[n++] = text[i];
        if (text[i] != 'K' && text[i] != 'v') {
            unsigned suffix = (c->suffixes >> (2 * (man++ % 16))) & 3;
            if (suffix == 1 || suffix == 2)
                wide[n++] = suffix == 1 ? '*' : '+';
        }
    }
    memcpy(wide + n, "...", 3), n += 3;
    if (gbr_query_parse(&own, wide, n, NULL).error || !gbr_query_match(&own, &s))
        return prop_fail(why, "%.*s does not match the position", (int)n, wide);
    if (gbr_query_reading_changed(wide, n) != 0)
        return prop_fail(why, "%.*s (no 1.0 query) is told as changed from 1.0", (int)n, wide);
    /* Written as for 1.0, a '*' after each side's last man: it matches (the
     * last type any number), and reads differently from 1.0 exactly when
     * some side has a man, at the first '*'. Without men there is no '*'. */
    n = 0;
    for (size_t i = 0; i < r.length; i++) {
        wide[n++] = text[i];
        if (text[i] != 'K' && text[i] != 'v' && (i + 1 == r.length || text[i + 1] == 'v'))
            wide[n++] = '*';
    }
    if (gbr_query_parse(&own, wide, n, NULL).error || !gbr_query_match(&own, &s))
        return prop_fail(why, "%.*s does not match the position", (int)n, wide);
    const char *star = memchr(wide, '*', n);
    if (gbr_query_reading_changed(wide, n) != (star ? (size_t)(star - wide) + 1 : 0))
        return prop_fail(why, "%.*s: changed from 1.0 says %zu", (int)n, wide, gbr_query_reading_changed(wide, n));

    /* The code answers as the position does, when it has no 9. */
    if (!has_nine(&s.material) && q.kind != GBR_QUERY_STUDY) {
        gbr_query_subject code;
        gbr_query_subject_of_material(&s.material, &code);
        if (gbr_query_match(&q, &code) != gbr_query_match(&q, &s))
            return prop_fail(why, "the code and the position answer differently");
    }

    /* Either colour: the same answer for the exchanged position. */
    gbr_position turned;
    exchange(&c->position, &turned);
    gbr_query_subject t;
    if (gbr_query_subject_of_position(codec, &turned, GBR_STIP_NONE, &t).error)
        return prop_fail(why, "no subject for the exchanged position");
    q.either_colour = 1;
    if (gbr_query_match(&q, &s) != gbr_query_match(&q, &t))
        return prop_fail(why, "either colour answers differently for the exchanged position");
    return 0;
}

/* Random bytes, biased to query characters: parse failures are well formed. */
static void query_like_bytes(gen_rng *rng, void *value, void *ctx)
{
    (void)ctx;
    gen_bytes *b = value;
    static const char alphabet[] = "0123456789?*.+=abcdefghKQRBNPqrbnpvl:,<>=#- whiteblack";
    b->len = gen_below(rng, 24);
    for (size_t i = 0; i < b->len; i++)
        b->data[i] = gen_chance(rng, 1, 10) ? (uint8_t)gen_below(rng, 256)
                                              : (uint8_t)alphabet[gen_below(rng, sizeof alphabet - 1)];
}

static int check_bytes(const void *value, void *ctx, prop_why *why)
{
    (void)ctx;
    const gen_bytes *b = value;
    gbr_query q, before;
    memset(&q, 0x5a, sizeof q);
    before = q;
    const char *message = NULL;
    gbr_result r = gbr_query_parse(&q, (const char *)b->data, b->len, &message);
    if (!r.error)
        return r.column != 0 ? prop_fail(why, "a column on success") : 0;
    if (r.error != GBR_E_UNKNOWN_FORM || r.column < 1 || r.column > b->len + 1 || !message)
        return prop_fail(why, "bad failure: %s at %u", gbr_error_name(r.error), (unsigned)r.column);
    if (memcmp(&q, &before, sizeof q) != 0)
        return prop_fail(why, "a failed parse wrote the query");
    return 0;
}

int main(void)
{
    const gbr_codec *codecs[2];
    int n = prop_codecs(codecs);
    long failed = 0;
    static const prop_type case_type = {sizeof(query_case), gen_case, no_shrink, print_case};
    static const prop_type bytes_type = {sizeof(gen_bytes), query_like_bytes, prop_bytes_shrink, prop_bytes_print};
    for (int i = 0; i < n; i++)
        failed += prop_run(gbr_codec_name(codecs[i])[0] == 'r' ? "query_ref" : "query_fast", &case_type, check_case,
                           (void *)codecs[i], 20000);
    failed += prop_run("query_parse_bytes", &bytes_type, check_bytes, NULL, 50000);
    return failed ? 1 : 0;
}
