/*
 * Generated: the reference and the optimised codec agree on every input.
 *
 * Texts of every form (canonical, valid variants, and mutations by replace,
 * insert, delete, truncate and duplicate; written through a codec or, half
 * of them, by src/gen's writers that use none, of counts that may break §1),
 * each in a heap block of exactly its length, go through every codec entry and
 * every text operation of both codecs: the same acceptance, error class and
 * column, output bytes and length, parsed struct and order keys. Each text
 * operation is also run with small output capacities, where both must report
 * buffer-too-small with the same needed length. Every operation of the
 * conformance protocol (libgbr's table, spec §13.2) answers the text, and the
 * order operations also "TEXT|TEXT", with the same answer line in both codecs.
 *
 * Fixed texts too: where §9.3 decides between close error classes, each cut
 * at every length, and every pair of bytes where a square stands.
 *
 * Structs, valid and with any field out of range (digits and pawn counts,
 * stipulations, king squares, board bytes, indicators, counts, whole structs
 * of random bytes, NULL pointers), go through every entry that reads one:
 * the formatters, material_from_counts, material_split and the three order
 * keys give the same answer in both codecs; where the test itself sees a
 * field out of range (from gbr.h alone) that answer is GBR_E_ARGUMENT (or
 * too-many-pawns, in gbr.h's order); a key is 0 (all zero bytes) exactly for
 * what the matching formatter refuses, and the §8 number otherwise; and
 * gbr_position_counts counts the board or refuses a byte that is no board
 * code, leaving *out alone.
 *
 * Fails when gbr_codec_fast() is NULL or the reference codec itself.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "prop.h"

enum { TEXT_CASES = 200000, STRUCT_CASES = 50000 };

typedef struct pair_ctx {
    const gbr_codec *ref, *fast;
} pair_ctx;

static int same_result(gbr_result a, gbr_result b) { return a.error == b.error && a.column == b.column && a.length == b.length; }

static int result_differs(prop_why *why, const char *what, gbr_result a, gbr_result b)
{
    return prop_fail(why, "%s: ref %s col %u len %zu, fast %s col %u len %zu", what, gbr_error_name(a.error), a.column,
                     a.length, gbr_error_name(b.error), b.column, b.length);
}

/* ---- text operations, run at several capacities ---- */
typedef gbr_result (*text_op)(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len, int option);

static gbr_result op_material(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_material_canonical(c, d, n, s, l); }
static gbr_result op_study(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_study_canonical(c, d, n, s, l); }
static gbr_result op_position(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_position_canonical(c, d, n, s, l); }
static gbr_result op_fen_material(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_fen_to_material(c, d, n, s, l); }
static gbr_result op_fen_study(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { return gbr_fen_to_study(c, d, n, s, l, (gbr_result_option)o); }
static gbr_result op_fen_position(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { return gbr_fen_to_position(c, d, n, s, l, (gbr_result_option)o); }
static gbr_result op_position_fen(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_position_to_fen(c, d, n, s, l); }
static gbr_result op_name_material(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_name_to_material(c, d, n, s, l); }
static gbr_result op_material_name(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_material_to_name(c, d, n, s, l); }
static gbr_result op_check(const gbr_codec *c, char *d, size_t n, const char *s, size_t l, int o) { (void)o; return gbr_check(c, d, n, s, l, NULL); }

static const struct {
    const char *name;
    text_op op;
    int options; /* result options 0..options-1 */
} text_ops[] = {
    {"material_canonical", op_material, 1},   {"study_canonical", op_study, 1},
    {"position_canonical", op_position, 1},   {"fen_to_material", op_fen_material, 1},
    {"fen_to_study", op_fen_study, 3},        {"fen_to_position", op_fen_position, 3},
    {"position_to_fen", op_position_fen, 1},  {"name_to_material", op_name_material, 1},
    {"material_to_name", op_material_name, 1}, {"check", op_check, 1},
};

enum { OUT_CAP = 256 };

static int compare_op(const pair_ctx *pc, size_t which, int option, const char *src, size_t len, prop_why *why)
{
    char out_ref[OUT_CAP], out_fast[OUT_CAP], what[96];
    gbr_result a = text_ops[which].op(pc->ref, out_ref, OUT_CAP, src, len, option);
    gbr_result b = text_ops[which].op(pc->fast, out_fast, OUT_CAP, src, len, option);
    snprintf(what, sizeof what, "%s(option %d)", text_ops[which].name, option);
    if (!same_result(a, b))
        return result_differs(why, what, a, b);
    if (a.error)
        return 0;
    if (memcmp(out_ref, out_fast, a.length) != 0)
        return prop_fail(why, "%s: ref wrote \"%.*s\", fast \"%.*s\"", what, (int)a.length, out_ref, (int)b.length,
                         out_fast);
    /* Too small by one, and empty: both say so and both need the same length. */
    size_t caps[2] = {a.length - 1, 0};
    for (int i = 0; i < 2; i++) {
        if (a.length == 0)
            break;
        memset(out_fast, 0x55, OUT_CAP);
        gbr_result sa = text_ops[which].op(pc->ref, caps[i] ? out_ref : NULL, caps[i], src, len, option);
        gbr_result sb = text_ops[which].op(pc->fast, caps[i] ? out_fast : NULL, caps[i], src, len, option);
        for (size_t j = caps[i]; j < OUT_CAP; j++)
            if ((unsigned char)out_fast[j] != 0x55)
                return prop_fail(why, "%s(option %d): fast wrote byte %zu with capacity %zu", text_ops[which].name,
                                 option, j, caps[i]);
        snprintf(what, sizeof what, "%s(option %d) with capacity %zu of %zu", text_ops[which].name, option, caps[i],
                 a.length);
        if (!same_result(sa, sb))
            return result_differs(why, what, sa, sb);
        if (sa.error != GBR_E_BUFFER_TOO_SMALL || sa.length != a.length)
            return prop_fail(why, "%s: %s needing %zu, expected buffer-too-small needing %zu", what,
                             gbr_error_name(sa.error), sa.length, a.length);
    }
    return 0;
}

/* ---- codec entries ---- */
static int compare_entries(const pair_ctx *pc, const char *src, size_t len, prop_why *why)
{
    const gbr_codec *r = pc->ref, *f = pc->fast;
    char out_ref[OUT_CAP], out_fast[OUT_CAP];
    gbr_result a, b;

    gbr_material ma, mb;
    a = gbr_parse_material(r, src, len, &ma);
    b = gbr_parse_material(f, src, len, &mb);
    if (!same_result(a, b))
        return result_differs(why, "parse_material", a, b);
    if (!a.error) {
        if (memcmp(&ma, &mb, sizeof ma) != 0)
            return prop_fail(why, "parse_material: different structs");
        if (gbr_material_key_of(r, &ma) != gbr_material_key_of(f, &mb))
            return prop_fail(why, "material_key differs");
        for (int type = 0; type < 4; type++) {
            uint8_t w1 = 0, b1 = 0, w2 = 0, b2 = 0;
            int s1 = gbr_material_split(r, &ma, type, &w1, &b1), s2 = gbr_material_split(f, &ma, type, &w2, &b2);
            if (s1 != s2 || (s1 && (w1 != w2 || b1 != b2)))
                return prop_fail(why, "material_split of type %d differs", type);
        }
    }

    gbr_study sa, sb;
    a = gbr_parse_study(r, src, len, &sa);
    b = gbr_parse_study(f, src, len, &sb);
    if (!same_result(a, b))
        return result_differs(why, "parse_study", a, b);
    if (!a.error && (memcmp(&sa, &sb, sizeof sa) != 0 || gbr_study_key_of(r, &sa) != gbr_study_key_of(f, &sb)))
        return prop_fail(why, "parse_study: different structs or keys");

    gbr_position pa, pb;
    for (int fen = 0; fen < 2; fen++) {
        a = fen ? gbr_parse_fen(r, src, len, &pa) : gbr_parse_position(r, src, len, &pa);
        b = fen ? gbr_parse_fen(f, src, len, &pb) : gbr_parse_position(f, src, len, &pb);
        if (!same_result(a, b))
            return result_differs(why, fen ? "parse_fen" : "parse_position", a, b);
        if (a.error)
            continue;
        if (!position_equal(&pa, &pb))
            return prop_fail(why, "%s: different positions", fen ? "parse_fen" : "parse_position");
        gbr_position_key ka, kb;
        gbr_position_key_of(r, &pa, &ka);
        gbr_position_key_of(f, &pb, &kb);
        if (memcmp(&ka, &kb, sizeof ka) != 0)
            return prop_fail(why, "position_key differs");
    }

    gbr_counts ca, cb;
    a = gbr_parse_name(r, src, len, &ca);
    b = gbr_parse_name(f, src, len, &cb);
    if (!same_result(a, b))
        return result_differs(why, "parse_name", a, b);
    if (!a.error) {
        if (memcmp(&ca, &cb, sizeof ca) != 0)
            return prop_fail(why, "parse_name: different counts");
        a = gbr_material_from_counts(r, &ca, &ma);
        b = gbr_material_from_counts(f, &cb, &mb);
        if (!same_result(a, b) || (!a.error && memcmp(&ma, &mb, sizeof ma) != 0))
            return result_differs(why, "material_from_counts of the name", a, b);
        a = gbr_format_name(r, out_ref, OUT_CAP, &ca);
        b = gbr_format_name(f, out_fast, OUT_CAP, &ca);
        if (!same_result(a, b) || (!a.error && memcmp(out_ref, out_fast, a.length) != 0))
            return result_differs(why, "format_name", a, b);
    }
    return 0;
}

/* The protocol's answer line through both codecs. */
static int compare_answer(const pair_ctx *pc, const gbr_operation *op, const char *src, size_t len, prop_why *why)
{
    char line_ref[GBR_ANSWER_MAX], line_fast[GBR_ANSWER_MAX], what[96];
    gbr_result a = gbr_protocol_answer(pc->ref, op, line_ref, sizeof line_ref, src, len);
    gbr_result b = gbr_protocol_answer(pc->fast, op, line_fast, sizeof line_fast, src, len);
    snprintf(what, sizeof what, "protocol %s", op->name);
    if (!same_result(a, b))
        return result_differs(why, what, a, b);
    if (a.length == 0 || memcmp(line_ref, line_fast, a.length) != 0)
        return prop_fail(why, "%s: ref answered \"%.*s\", fast \"%.*s\"", what, (int)a.length, line_ref,
                         (int)b.length, line_fast);
    return 0;
}

/* Every operation's answer line on src, and on "src|src" for the order
 * operations (in a heap block of exactly its length). */
static int compare_answers(const pair_ctx *pc, const char *src, size_t len, prop_why *why)
{
    char *pair = malloc(2 * len + 1);
    if (pair == NULL)
        exit(2);
    if (len)
        memcpy(pair, src, len);
    pair[len] = '|';
    if (len)
        memcpy(pair + len + 1, src, len);
    int failed = 0;
    for (size_t i = 0; !failed && gbr_operation_at(i); i++) {
        const gbr_operation *op = gbr_operation_at(i);
        failed = compare_answer(pc, op, src, len, why) || (op->pair && compare_answer(pc, op, pair, 2 * len + 1, why));
    }
    free(pair);
    return failed;
}

/* Every entry and text operation of both codecs on src[0..len-1]. */
static int compare_text(const pair_ctx *pc, const char *src, size_t len, prop_why *why)
{
    if (compare_entries(pc, src, len, why))
        return 1;
    for (size_t i = 0; i < sizeof text_ops / sizeof text_ops[0]; i++)
        for (int option = 0; option < text_ops[i].options; option++)
            if (compare_op(pc, i, option, src, len, why))
                return 1;
    return compare_answers(pc, src, len, why);
}

/* The text in a heap block of exactly its length (NULL when empty), so
 * that ASan sees any read past it. */
static char *exact_copy(const gen_bytes *t)
{
    char *copy = t->len ? malloc(t->len) : NULL;
    if (t->len && copy == NULL)
        exit(2);
    if (copy)
        memcpy(copy, t->data, t->len);
    return copy;
}

static int check_text(const void *value, void *ctx, prop_why *why)
{
    const gen_bytes *t = value;
    char *copy = exact_copy(t);
    int failed = compare_text(ctx, copy, t->len, why);
    free(copy);
    return failed;
}

static void generate_text(gen_rng *rng, void *value, void *ctx)
{
    const pair_ctx *pc = ctx;
    gen_bytes *t = value;
    if (gen_chance(rng, 1, 2)) {
        /* Valid texts written by either codec, most of them mutated. */
        gen_text(rng, gen_chance(rng, 1, 2) ? pc->ref : pc->fast, 70, t);
        return;
    }
    /* Texts written by hand (src/gen's writers that use no codec), of counts
     * that now and then break §1 (9 pawns, many promoted pieces), most of
     * them mutated or with another such text's tail spliced in. */
    gbr_counts c;
    gbr_position p;
    gen_any_counts(rng, &c, gen_chance(rng, 3, 4) ? 6 : 14);
    if (gen_chance(rng, 1, 4))
        for (unsigned side = 0; side < 2; side++)
            for (unsigned type = 0; type < 5; type++)
                if (gen_chance(rng, 1, 3))
                    c.count[side][type] = (uint8_t)gen_below(rng, type == GBR_PAWN ? 10 : 7);
    t->len = 0;
    switch (gen_below(rng, 5)) {
    case 0: gen_write_material(rng, t, &c); break;
    case 1: gen_write_study(rng, t, &c); break;
    case 2:
        if (gen_board(rng, &p, &c))
            gen_write_position(t, &p);
        break;
    case 3:
        if (gen_board(rng, &p, &c))
            gen_write_fen(rng, t, &p);
        break;
    default: gen_write_name(t, &c); break;
    }
    if (gen_chance(rng, 7, 10))
        gen_mutate(rng, t);
    if (gen_chance(rng, 1, 6)) {
        gen_bytes other = {0, {0}};
        gen_write_material(rng, &other, &c);
        gen_splice(rng, t, &other);
    }
}

/* ---- fixed texts: where §9.3 decides between close error classes ---- */

/* Each is also compared cut short at every length. */
static const char *const edge_texts[] = {
    "e1e8 0000.00 2/2.", "e1e8 0000.00a1 2/2.", "e1e8 0000.00 a1 2/2.", "e1e8 0000.00 . 2/2.",
    "e1e8 0000.00 {} 2/2.", "e1e8 0000.00  2/2.", "e1e8 0001.00 a1{ 2/2.", "e1e8 0001.00 a1. 2/1.",
    "e1e8 0001.00 a1b1 2/1.", "e1e8 0001.00 {a1} 2/1.", "e1e8 0001.00 .a1 2/1.", "e1e8 0001.00  2/1.",
    "e1e8 0001.10 a1.d4{ 3/1.", "e1e8 0001.10 a1.d4. 3/1.", "e1e8 0001.10 a1.d4d5 3/1.", "e1e8 0001.10 a1 d4 3/1.",
    "e1e8 0001.10 a1{d4 3/1.", "e1e8 0001.10 a1.{ 3/1.", "e1e8 0001.10 a1.d1 3/1.", "e1e8 0001.10 a1.e1 3/1.",
    "e1e8 0001.10 a1.a1 3/1.", "e1e8 0002.00 b1a1 3/1.", "e1e8 0002.00 a1a1 3/1.", "e1e8 0002.00 a1e1 3/1.",
    "e1e8 0009.00 {b1c1d1/f6} 5/2.", "e1e8 0009.00 {b1c1/f6} 4/2.", "e1e8 0009.00 {b1c1d1/f6 5/2.",
    "e1e8 0009.00 {b1c1d1/f6/} 5/2.", "e1e8 0009.00 {b1c1d1}f6} 5/2.", "e1e8 0009.00 {b1c9d1/f6} 5/2.",
    "e1e8 0009.00 b1 5/2.", "e1e8 0009.00 {/} 1/1.", "e1e8 0009.00 {/a1b1c1} 1/4.", "e1e8 0009.00 {c1b1d1/} 4/1.",
    "e1e8 0009.00 {b1c1d1/b1} 5/2.", "e1e8 0009.00 {b1c1d1/}. 4/1.", "e1e8 0009.88 {b1c1d1/} 4/1.",
    "e1e8 9000.08 {a1b1c1d1/} 5/9.", "e1e8 9000.80 {a1b1c1/}.a2b2c2d2e2f2g2h2 12/1.",
    "e1e8 0009.80 {a1b1c1/}.a2b2c2d2e2f2g2h2 12/1.", "e1e8 0090.00 {a1b1c1d1e1f1g1h1a2b2/} 11/1.",
    "e1e8 0000.00 2", "e1e8 0000.00 02/2.", "e1e8 0000.00 222/2.", "e1e8 0000.00 3/2.", "e1e8 0000.00 2/3.",
    "e1e8 0000.00 2/2 W.", "e1e8 0000.00 2/2 WTX.", "e1e8 0000.00 2/2-x.", "e1e8 0000.00 2/2+", "e1e8 0000.00 2/2+x",
    "e1e8 0000.00 2/2 BTM.", "e1e8 0000.00 2/2 BTM. ", "e1e8 0000.00 2/2-=.", "e1e8 0000.00 2/2x.", "e1e8 0000.00 2x2.",
    "e1e8 0000.00 2/2/", "e1e8 0000.00 2/22.", "e1e8 0000.00 2/222.", "e1e8 0000.00 10/2.", "e1e1 0000.00 2/2.",
    "e1e9 0000.00 2/2.", "i1e8 0000.00 2/2.", "e1e8 0000 2/2.", "e1e8 0000.0 2/2.", "e1e8 0000.09 2/2.",
    "e1e8 8000.88 2/2.", "e1e8x0000.00 2/2.", "e1e8 000a.00 2/2.",
    "K", "Kv", "KvK", "KvKv", "KQRQvK", "KPPPPPPPPPvK", "KvKPPPPPPPPP", "KQQQQQQQQQQvK", "KvKQQQQQQQQQQ",
    "KQQvKQQPPPPPPPP", "kvK", "KVK", "KxvK", "KvKx", "KQRBNPvKQRBNP", "KPQvK", "v", "KKvK",
    "8/8/8/8/8/8/8/8", "8/8/8/8/8/8/8/8 w", "k7/8/8/8/8/8/8/7K", "k7/8/8/8/8/8/8/7K ", "k7/8/8/8/8/8/8/7K w ",
    "k7/8/8/8/8/8/8/7K w  - -", "k7/8/8/8/8/8/8/7K w KQkq", "k7/8/8/8/8/8/8/7K w KQkq ",
    "k7/8/8/8/8/8/8/7K w KQkq -", "k7/8/8/8/8/8/8/7K w - e3 0", "k7/8/8/8/8/8/8/7K w - e3 0 ",
    "k7/8/8/8/8/8/8/7K w - e3 123456 1", "k7/8/8/8/8/8/8/7K w - - 0 1 x", "k7/8/8/8/8/8/8/7K w - - 0 1x",
    "k7/8/8/8/8/8/8/7K w - - 0 123456", "k7/8/8/8/8/8/8/7K/", "k7/8/8/8/8/8/8/7K1", "k7/8/8/8/8/8/8/7K b QK - 0 1",
    "k7/8/8/8/8/8/8/7K b KK - 0 1", "k7/8/8/8/8/8/8/7K b -- - 0 1", "k7/8/8/8/8/8/8/7K b - e4 0 1",
    "k7/8/8/8/8/8/8/7K b - i3 0 1", "k7/8/8/8/8/8/8/7K x", "k7/8/8/8/8/8/8/7K wb", "k7/8/8/8/8/8/8/7K w -",
    "k7/8/8/8/8/8/8/7K w - -  0 1", "k7/8/8/8/8/8/8/7K w - - a 1", "k7/8/8/8/8/8/8/7K w - - 0", "k6/8/8/8/8/8/8/7K w",
    "k8/8/8/8/8/8/8/7K w", "k71/8/8/8/8/8/8/7K w", "k7/8/8/8/8/8/8/7KK w", "kk6/8/8/8/8/8/8/7K w",
    "k7/8/8/8/8/8/8/6KK w", "P6k/8/8/8/8/8/8/7K w", "k7/8/8/8/8/8/8/P6K w", "k7/PPPPPPPP/P7/8/8/8/8/7K w",
    "k7/8/8/8/8/8/8 w", "k7/8/8/8/8/8/8/8/7K w", "k7/8/8/8/8/8/8/7K w", "k7/9/8/8/8/8/8/7K w", "k7/0/8/8/8/8/8/7K w",
    "k7/8/8/8/8/8/8/7K", "7K/8/8/8/8/8/8/7k w", "7K/8/8/8/8/8/8/8 w", "QQQQQQQQ/QQk5/8/8/8/8/8/7K w",
    "+0020.42c1a1", "=0323.12g3g1", "(+0016.32d4g7)", "[+0016.32d4g7]", "[+0016.32d4g7)", "(+0016.32d4g7", "+0020c1a1",
    "+0020x1a1", "+0020.4c1a1", "+0020.49c1a1", "+8000.88c1a1", "+0020.42c1c1", "+0020.42c1c9", "+0020.42c1a1x",
    "[[0020c1a1]", "+=0020c1a1", "0020c1a1", "0020.00", "0020", "002", "0020.", "0020.0", "0020.000", "0020x00",
    "9999.00", "9999.88", "0009.78", "0009.88", "8000.88", "4888.88", "0000.99", "0000.90",
};

static long fixed_failure(const char *name, const gen_bytes *t, const prop_why *why)
{
    printf("%s: FAIL on \"", name);
    prop_print_text(stdout, t->data, t->len);
    printf("\": %s\n", why->text);
    return 1;
}

/* Every edge text at every length, through every entry and operation. */
static long check_edge_texts(const pair_ctx *pc)
{
    long failed = 0, cases = 0;
    for (size_t k = 0; k < sizeof edge_texts / sizeof edge_texts[0]; k++) {
        gen_bytes t;
        size_t n = strlen(edge_texts[k]);
        memcpy(t.data, edge_texts[k], n);
        for (t.len = 0; t.len <= n; t.len++, cases++) {
            prop_why why;
            if (check_text(&t, (void *)pc, &why) && failed++ < 5)
                fixed_failure("ref_equals_fast_on_edge_texts", &t, &why);
        }
    }
    printf("ref_equals_fast_on_edge_texts: %ld cases, %ld failed\n", cases, failed);
    return failed;
}

/* Every pair of bytes where a square stands (a king in a study code and in a
 * position form, a man in the square field), through every parser: each
 * byte value at each place where the fast paths read squares as words. */
static long check_square_bytes(const pair_ctx *pc)
{
    static const struct {
        const char *text;
        size_t at;
    } frames[] = {{"0000.00XYh8", 7}, {"+0001.00a1XY", 9}, {"XYe8 0000.00 2/2.", 0}, {"e1e8 0001.00 XY 2/1.", 13},
                  {"e1e8 0000.10 .XY 2/1.", 14}};
    long failed = 0, cases = 0;
    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++) {
        gen_bytes t;
        t.len = strlen(frames[f].text);
        memcpy(t.data, frames[f].text, t.len);
        for (unsigned pair = 0; pair < 65536; pair++, cases++) {
            t.data[frames[f].at] = (uint8_t)(pair & 0xFF);
            t.data[frames[f].at + 1] = (uint8_t)(pair >> 8);
            prop_why why;
            char *copy = exact_copy(&t);
            if (compare_entries(pc, copy, t.len, &why) && failed++ < 5)
                fixed_failure("ref_equals_fast_on_square_bytes", &t, &why);
            free(copy);
        }
    }
    printf("ref_equals_fast_on_square_bytes: %ld cases, %ld failed\n", cases, failed);
    return failed;
}

static const prop_type text_type = {sizeof(gen_bytes), generate_text, prop_bytes_shrink, prop_bytes_print};

/* ---- structs into every entry that reads one ---- */

/* A pointer a struct case passes as NULL: bit set, that argument is NULL. */
enum {
    NULL_MATERIAL = 1 << 0,
    NULL_STUDY = 1 << 1,
    NULL_POSITION = 1 << 2,
    NULL_COUNTS = 1 << 3,
    NULL_OUT = 1 << 4, /* the struct an entry writes (counts, material, key, split) */
    NULL_DST = 1 << 5, /* dst with a non-zero capacity */
    NULL_KINDS = 6
};

typedef struct struct_case {
    gbr_material material;
    gbr_study study;
    gbr_position position;
    gbr_counts counts;
    unsigned nulls;
    int split_type; /* the type handed to material_split, sometimes out of range */
} struct_case;

/* A byte past `limit`: mostly just past it, else anywhere up to 255. */
static uint8_t past(gen_rng *rng, int limit)
{
    return (uint8_t)(gen_chance(rng, 1, 2) ? gen_range(rng, limit + 1, limit + 3) : gen_range(rng, limit + 1, 255));
}

static void random_bytes(gen_rng *rng, void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ((uint8_t *)p)[i] = (uint8_t)gen_below(rng, 256);
}

/* A byte that gbr.h's board codes do not include. */
static uint8_t not_board_code(gen_rng *rng)
{
    static const uint8_t near[] = {7, 8, 15, 16, 17, 22, 25, 30, 128, 255};
    return gen_chance(rng, 1, 2) ? near[gen_below(rng, sizeof near)] : (uint8_t)gen_range(rng, 16, 255);
}

/* Valid values, then 0-3 faults, each in one field (every field of every
 * struct can be hit), now and then a whole struct of random bytes, and now
 * and then one pointer NULL. */
static void generate_structs(gen_rng *rng, void *value, void *ctx)
{
    const pair_ctx *pc = ctx;
    struct_case *v = value;
    gen_study_or_bare(rng, pc->ref, &v->study);
    v->material = v->study.material;
    gen_position(rng, &v->position);
    gen_counts(rng, &v->counts);
    v->nulls = gen_chance(rng, 1, 8) ? 1u << gen_below(rng, NULL_KINDS) : 0;
    v->split_type = gen_chance(rng, 1, 8) ? gen_range(rng, -2, 6) : (int)gen_below(rng, 4);
    if (gen_chance(rng, 1, 16)) {
        switch (gen_below(rng, 4)) {
        case 0: random_bytes(rng, &v->material, sizeof v->material); break;
        case 1: random_bytes(rng, &v->study, sizeof v->study); break;
        case 2: random_bytes(rng, &v->position, sizeof v->position); break;
        default: random_bytes(rng, &v->counts, sizeof v->counts); break;
        }
    }
    int faults = gen_chance(rng, 1, 3) ? 0 : gen_range(rng, 1, 3);
    for (int i = 0; i < faults; i++) {
        gbr_position *p = &v->position;
        switch (gen_below(rng, 14)) {
        case 0: v->material.digit[gen_below(rng, 4)] = gen_chance(rng, 1, 3) ? 9 : past(rng, 9); break;
        case 1: v->material.pawns[gen_below(rng, 2)] = gen_chance(rng, 1, 3) ? 8 : past(rng, 8); break;
        case 2: v->study.stipulation = past(rng, GBR_STIP_DRAW); break;
        case 3: v->study.white_king = past(rng, 63); break;
        case 4: v->study.black_king = past(rng, 63); break;
        case 5: v->study.black_king = v->study.white_king; break;
        case 6:
            if (gen_chance(rng, 1, 2))
                v->study.material.digit[gen_below(rng, 4)] = past(rng, 8); /* a 9, or out of range */
            else
                v->study.material.pawns[gen_below(rng, 2)] = past(rng, 7);
            break;
        case 7: p->board[gen_below(rng, 64)] = (uint8_t)gen_below(rng, 256); break;
        case 8: p->board[gen_below(rng, 64)] = not_board_code(rng); break;
        case 9: /* a second king of a colour, or a king gone */
            if (gen_chance(rng, 1, 2))
                p->board[gen_below(rng, 64)] = gen_chance(rng, 1, 2) ? GBR_WK : GBR_BK;
            else
                for (int sq = 0; sq < 64; sq++)
                    if (p->board[sq] == (gen_chance(rng, 1, 2) ? GBR_WK : GBR_BK))
                        p->board[sq] = GBR_EMPTY;
            break;
        case 10: /* a pawn on rank 1 or 8 */
            p->board[8 * gen_below(rng, 8) + (gen_chance(rng, 1, 2) ? 0 : 7)] = gen_chance(rng, 1, 2) ? GBR_WP : GBR_BP;
            break;
        case 11: p->indicator = past(rng, GBR_IND_BTM); break;
        case 12: v->counts.count[gen_below(rng, 2)][gen_below(rng, 5)] = (uint8_t)gen_below(rng, 256); break;
        default: {
            int type = (int)gen_below(rng, 5);
            v->counts.count[gen_below(rng, 2)][type] = past(rng, gen_type_limit(type));
            break;
        }
        }
    }
}

static void print_structs(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const struct_case *v = value;
    const gbr_material *m = &v->material;
    fprintf(out, "material {%u %u %u %u . %u %u}, study ", m->digit[0], m->digit[1], m->digit[2], m->digit[3],
            m->pawns[0], m->pawns[1]);
    study_print(out, &v->study);
    fprintf(out, " {%u %u %u %u . %u %u stipulation %u kings %u %u}, position ", v->study.material.digit[0],
            v->study.material.digit[1], v->study.material.digit[2], v->study.material.digit[3],
            v->study.material.pawns[0], v->study.material.pawns[1], v->study.stipulation, v->study.white_king,
            v->study.black_king);
    position_print(out, &v->position);
    fprintf(out, " {board");
    for (int sq = 0; sq < 64; sq++)
        if (v->position.board[sq])
            fprintf(out, " %d:%u", sq, v->position.board[sq]);
    fprintf(out, " indicator %u}, counts W", v->position.indicator);
    for (int t = 0; t < 5; t++)
        fprintf(out, " %u", v->counts.count[0][t]);
    fprintf(out, " B");
    for (int t = 0; t < 5; t++)
        fprintf(out, " %u", v->counts.count[1][t]);
    fprintf(out, ", NULL mask %#x, split type %d", v->nulls, v->split_type);
}

static int formats_differ(prop_why *why, const char *name, gbr_result a, gbr_result b, const char *out_ref,
                          const char *out_fast)
{
    if (!same_result(a, b))
        return result_differs(why, name, a, b);
    if (!a.error && memcmp(out_ref, out_fast, a.length) != 0)
        return prop_fail(why, "%s: ref wrote \"%.*s\", fast \"%.*s\"", name, (int)a.length, out_ref, (int)b.length,
                         out_fast);
    return 0;
}

/* ---- What the test knows to be out of range, from gbr.h alone ---- */

static int material_out_of_range(const gbr_material *m)
{
    for (int t = 0; t < 4; t++)
        if (m->digit[t] > 9)
            return 1;
    return m->pawns[0] > 8 || m->pawns[1] > 8;
}

static int study_out_of_range(const gbr_study *s)
{
    return material_out_of_range(&s->material) || s->stipulation > GBR_STIP_DRAW || s->white_king > 63 ||
           s->black_king > 63 || s->white_king == s->black_king;
}

static int board_code(unsigned v)
{
    return v == GBR_EMPTY || (v >= GBR_WQ && v <= GBR_WK) || (v >= GBR_BQ && v <= GBR_BK);
}

/* Board codes all known: the counts gbr_position_counts must give (1);
 * else 0. */
static int oracle_counts(const gbr_position *p, gbr_counts *counts)
{
    memset(counts, 0, sizeof *counts);
    for (int sq = 0; sq < 64; sq++) {
        unsigned v = p->board[sq];
        if (!board_code(v))
            return 0;
        if (v != GBR_EMPTY && v != GBR_WK && v != GBR_BK)
            counts->count[v >> 3][(v & 7u) - 1u]++;
    }
    return 1;
}

static int position_out_of_range(const gbr_position *p)
{
    gbr_counts counts;
    if (!oracle_counts(p, &counts) || p->indicator > GBR_IND_BTM)
        return 1;
    int kings[2] = {0, 0};
    for (int sq = 0; sq < 64; sq++) {
        unsigned v = p->board[sq];
        kings[0] += v == GBR_WK;
        kings[1] += v == GBR_BK;
        if ((v == GBR_WP || v == GBR_BP) && (sq % 8 == 0 || sq % 8 == 7))
            return 1;
    }
    return kings[0] != 1 || kings[1] != 1 || counts.count[0][GBR_PAWN] > 8 || counts.count[1][GBR_PAWN] > 8;
}

/* gbr.h's order for material_from_counts: argument, then too-many-pawns. */
static gbr_error counts_out_of_range(const gbr_counts *c)
{
    for (int colour = 0; colour < 2; colour++)
        for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
            if (c->count[colour][type] > gen_type_limit(type))
                return GBR_E_ARGUMENT;
    return c->count[0][GBR_PAWN] > 8 || c->count[1][GBR_PAWN] > 8 ? GBR_E_TOO_MANY_PAWNS : GBR_OK;
}

static int is_zero(const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (((const uint8_t *)p)[i])
            return 0;
    return 1;
}

/* Both codecs' answer is `want` (when the test knows it must be). */
static int must_be(prop_why *why, const char *name, gbr_result a, gbr_error want)
{
    return a.error == want && a.column == 0 && a.length == 0
               ? 0
               : prop_fail(why, "%s: %s, expected %s", name, gbr_error_name(a.error), gbr_error_name(want));
}

static int check_formats(const pair_ctx *pc, const struct_case *v, prop_why *why)
{
    const gbr_codec *r = pc->ref, *f = pc->fast;
    unsigned nulls = v->nulls;
    char x[OUT_CAP], y[OUT_CAP];
    char *dx = nulls & NULL_DST ? NULL : x, *dy = nulls & NULL_DST ? NULL : y;
    const gbr_material *m = nulls & NULL_MATERIAL ? NULL : &v->material;
    const gbr_study *s = nulls & NULL_STUDY ? NULL : &v->study;
    const gbr_position *p = nulls & NULL_POSITION ? NULL : &v->position;
    const gbr_counts *c = nulls & NULL_COUNTS ? NULL : &v->counts;
    gbr_result a, b;
#define FORMAT_PAIR(entry, arg, bad)                                                                                   \
    do {                                                                                                               \
        a = gbr_##entry(r, dx, OUT_CAP, arg);                                                                          \
        b = gbr_##entry(f, dy, OUT_CAP, arg);                                                                          \
        if (formats_differ(why, #entry, a, b, x, y))                                                                   \
            return 1;                                                                                                  \
        if ((arg == NULL || dx == NULL || (bad)) && must_be(why, #entry, a, GBR_E_ARGUMENT))                           \
            return 1;                                                                                                  \
    } while (0)
    FORMAT_PAIR(format_material, m, material_out_of_range(&v->material));
    FORMAT_PAIR(format_study, s, study_out_of_range(&v->study));
    FORMAT_PAIR(format_position, p, position_out_of_range(&v->position));
    FORMAT_PAIR(format_fen, p, position_out_of_range(&v->position));
    FORMAT_PAIR(format_name, c, counts_out_of_range(&v->counts) != GBR_OK);
#undef FORMAT_PAIR

    gbr_material ma, mb;
    memset(&ma, 0xA5, sizeof ma);
    memset(&mb, 0xA5, sizeof mb);
    gbr_material *oa = nulls & NULL_OUT ? NULL : &ma, *ob = nulls & NULL_OUT ? NULL : &mb;
    a = gbr_material_from_counts(r, c, oa);
    b = gbr_material_from_counts(f, c, ob);
    if (!same_result(a, b) || (!a.error && memcmp(&ma, &mb, sizeof ma) != 0))
        return result_differs(why, "material_from_counts", a, b);
    if (c == NULL || oa == NULL)
        return must_be(why, "material_from_counts with a NULL pointer", a, GBR_E_ARGUMENT);
    gbr_error want = counts_out_of_range(c);
    if (want != GBR_OK && must_be(why, "material_from_counts", a, want))
        return 1;
    return 0;
}

/* The keys and the split of every struct: the same in both codecs, and a
 * key is 0 (all zero bytes) exactly for what the formatter refuses. */
static int check_keys(const pair_ctx *pc, const struct_case *v, prop_why *why)
{
    const gbr_codec *r = pc->ref, *f = pc->fast;
    unsigned nulls = v->nulls;
    const gbr_material *m = nulls & NULL_MATERIAL ? NULL : &v->material;
    const gbr_study *s = nulls & NULL_STUDY ? NULL : &v->study;
    const gbr_position *p = nulls & NULL_POSITION ? NULL : &v->position;
    char x[OUT_CAP];

    uint32_t mk = gbr_material_key_of(r, m);
    if (mk != gbr_material_key_of(f, m))
        return prop_fail(why, "material_key: ref %u, fast %u", mk, gbr_material_key_of(f, m));
    gbr_result fr = gbr_format_material(r, x, OUT_CAP, m);
    if (fr.error && mk != 0)
        return prop_fail(why, "material_key %u of a material format_material refuses (%s)", mk,
                         gbr_error_name(fr.error));
    if (!fr.error) {
        uint32_t number = 0; /* §8: the six digits as a number */
        for (int t = 0; t < 4; t++)
            number = number * 10u + m->digit[t];
        number = (number * 10u + m->pawns[0]) * 10u + m->pawns[1];
        if (mk != number)
            return prop_fail(why, "material_key %u, §8 gives %u", mk, number);
    }

    uint64_t sk = gbr_study_key_of(r, s);
    if (sk != gbr_study_key_of(f, s))
        return prop_fail(why, "study_key: ref %llu, fast %llu", (unsigned long long)sk,
                         (unsigned long long)gbr_study_key_of(f, s));
    fr = gbr_format_study(r, x, OUT_CAP, s);
    if ((fr.error != GBR_OK) != (sk == 0))
        return prop_fail(why, "study_key %llu, format_study %s: the key must be 0 exactly when it refuses",
                         (unsigned long long)sk, gbr_error_name(fr.error));

    gbr_position_key ka, kb;
    memset(&ka, 0xA5, sizeof ka);
    memset(&kb, 0x5A, sizeof kb);
    gbr_position_key_of(r, p, nulls & NULL_OUT ? NULL : &ka);
    gbr_position_key_of(f, p, nulls & NULL_OUT ? NULL : &kb);
    if (nulls & NULL_OUT) {
        /* Nothing to write: both leave the caller's bytes alone. */
        ka.bytes[0] = kb.bytes[0] = 0;
    } else {
        if (memcmp(&ka, &kb, sizeof ka) != 0)
            return prop_fail(why, "position_key differs");
        fr = gbr_format_position(r, x, OUT_CAP, p);
        if ((fr.error != GBR_OK) != is_zero(&ka, sizeof ka))
            return prop_fail(why, "position_key %s, format_position %s: all zero exactly when it refuses",
                             is_zero(&ka, sizeof ka) ? "all zero" : "not zero", gbr_error_name(fr.error));
    }

    uint8_t w[2] = {0xA5, 0xA5}, k[2] = {0xA5, 0xA5};
    uint8_t *wa = nulls & NULL_OUT ? NULL : &w[0];
    int sa = gbr_material_split(r, m, v->split_type, wa, &k[0]);
    int sb = gbr_material_split(f, m, v->split_type, nulls & NULL_OUT ? NULL : &w[1], &k[1]);
    if (sa != sb || memcmp(w, w + 1, 1) != 0 || memcmp(k, k + 1, 1) != 0)
        return prop_fail(why, "material_split of type %d: ref %d (%u %u), fast %d (%u %u)", v->split_type, sa, w[0],
                         k[0], sb, w[1], k[1]);
    int split_defined = m != NULL && wa != NULL && v->split_type >= GBR_QUEEN && v->split_type <= GBR_KNIGHT &&
                        m->digit[v->split_type] <= 8;
    if (sa != split_defined || (!sa && (w[0] != 0xA5 || k[0] != 0xA5)))
        return prop_fail(why, "material_split of type %d: %d, expected %d with nothing written on 0", v->split_type,
                         sa, split_defined);
    return 0;
}

/* gbr_position_counts (shared, no codec) against the counts gbr.h defines. */
static int check_position_counts(const struct_case *v, prop_why *why)
{
    const gbr_position *p = v->nulls & NULL_POSITION ? NULL : &v->position;
    gbr_counts got, want;
    memset(&got, 0xA5, sizeof got);
    gbr_result r = gbr_position_counts(p, v->nulls & NULL_OUT ? NULL : &got);
    int known = p != NULL && oracle_counts(p, &want);
    if (!known || (v->nulls & NULL_OUT)) {
        if (must_be(why, "gbr_position_counts", r, GBR_E_ARGUMENT))
            return 1;
        for (size_t i = 0; i < sizeof got; i++)
            if (((const uint8_t *)&got)[i] != 0xA5)
                return prop_fail(why, "gbr_position_counts wrote *out with an argument error");
        return 0;
    }
    if (r.error != GBR_OK || memcmp(&got, &want, sizeof got) != 0)
        return prop_fail(why, "gbr_position_counts: %s, or counts other than the board's", gbr_error_name(r.error));
    return 0;
}

static int check_structs(const void *value, void *ctx, prop_why *why)
{
    const pair_ctx *pc = ctx;
    const struct_case *v = value;
    return check_formats(pc, v, why) || check_keys(pc, v, why) || check_position_counts(v, why);
}

/* Simplify one part at a time: the material and the study to bare kings'
 * values, the position and the counts one man fewer. */
static int shrink_structs(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    const struct_case *v = value;
    struct_case *c = candidate;
    static const gbr_material none = {{0, 0, 0, 0}, {0, 0}};
    *c = *v;
    for (unsigned bit = 0; bit < NULL_KINDS; bit++)
        if ((v->nulls >> bit) & 1u && index-- == 0) {
            c->nulls &= ~(1u << bit);
            return 1;
        }
    if (memcmp(&v->material, &none, sizeof none) != 0 && index-- == 0) {
        c->material = none;
        return 1;
    }
    if (memcmp(&v->study.material, &none, sizeof none) != 0 && index-- == 0) {
        c->study.material = none;
        return 1;
    }
    size_t position_candidates = 0;
    while (position_shrink(&v->position, position_candidates, &c->position))
        position_candidates++;
    c->position = v->position;
    if (index < position_candidates)
        return position_shrink(&v->position, index, &c->position);
    index -= position_candidates;
    for (int colour = 0; colour < 2; colour++)
        for (int type = 0; type <= GBR_PAWN; type++)
            if (v->counts.count[colour][type] && index-- == 0) {
                c->counts.count[colour][type]--;
                return 1;
            }
    return 0;
}

static const prop_type struct_type = {sizeof(struct_case), generate_structs, shrink_structs, print_structs};

int main(void)
{
    pair_ctx pc = {gbr_codec_ref(), gbr_codec_fast()};
    /* A differential check never compares a codec with itself. */
    if (!pc.fast || pc.fast == pc.ref) {
        printf("ref_equals_fast: FAIL, gbr_codec_fast() is %s\n", pc.fast ? "the reference codec" : "NULL");
        return 1;
    }
    long failed = 0;
    failed += check_edge_texts(&pc);
    failed += check_square_bytes(&pc);
    failed += prop_run("ref_equals_fast_on_texts", &text_type, check_text, &pc, TEXT_CASES);
    failed += prop_run("ref_equals_fast_on_structs", &struct_type, check_structs, &pc, STRUCT_CASES);
    return failed ? 1 : 0;
}
