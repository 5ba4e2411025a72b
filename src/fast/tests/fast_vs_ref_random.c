/*
 * fast_vs_ref_random: the optimised codec against the reference, entry by
 * entry, through the public gbr_codec tables only. Valid texts of every form
 * are generated from a fixed seed by the generator library (src/gen: its
 * writers that use no codec), then mutated (gen_mutate, and now and then the
 * tail of the previous text spliced in); every text goes through
 * every parser of both codecs, and the two must agree on the error class,
 * the column, result.length and, when accepted, the parsed value, the
 * canonical text (also into too-small buffers) and the order key. Structs
 * (counts, materials, studies, boards) are also generated directly, valid
 * and invalid, for the format, counts, split and key entries (keys of
 * invalid structs too: both codecs give 0).
 *
 *   fast_vs_ref_random [-v] [iterations] [seed]
 *
 * Exits 1 when the codecs disagreed anywhere, printing the first inputs of
 * each kind of disagreement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbr.h"
#include "gen.h"

/* The generator library's generator (src/gen), seeded from the command line. */
static gen_rng rng;
static unsigned below(unsigned n) { return gen_below(&rng, n); }

static const gbr_codec *ref, *fast;
static unsigned long comparisons;

/* Disagreements are counted by kind; the first few of each are printed. */
static unsigned long disagreements;
static struct {
    const char *what;
    unsigned long count;
} kinds[64];

static void fail(const char *what, const char *src, size_t len, gbr_result a, gbr_result b)
{
    disagreements++;
    unsigned k = 0;
    while (k < 63 && kinds[k].what && strcmp(kinds[k].what, what) != 0)
        k++;
    kinds[k].what = what;
    if (kinds[k].count++ < 5)
        printf("DISAGREE %s on \"%.*s\" (len %zu): ref %s col %u len %zu, fast %s col %u len %zu\n", what,
               (int)len, src ? src : "", len, gbr_error_name(a.error), a.column, a.length, gbr_error_name(b.error),
               b.column, b.length);
}

/* How often each parser's reference result had each error class: the
 * spread shows which rules the generated inputs reach (printed with -v). */
static unsigned long seen[5][GBR_ERROR_COUNT];
static const char *const parser_names[5] = {"material", "study", "position", "fen", "name"};
static void tally(unsigned parser, gbr_result a)
{
    if ((unsigned)a.error < GBR_ERROR_COUNT)
        seen[parser][a.error]++;
}

static void same_result(const char *what, const char *src, size_t len, gbr_result a, gbr_result b)
{
    comparisons++;
    if (a.error != b.error || a.column != b.column || a.length != b.length)
        fail(what, src, len, a, b);
}

static void same_bytes(const char *what, const char *src, size_t len, const void *a, const void *b, size_t n,
                       gbr_result ra, gbr_result rb)
{
    comparisons++;
    if (memcmp(a, b, n) != 0)
        fail(what, src, len, ra, rb);
}

typedef gbr_result (*format_fn)(char *, size_t, const void *);

/* One format entry of both codecs on the same value: full buffer, exact
 * size, one byte short, and a size query. */
static void compare_format(const char *what, const char *src, size_t len, gbr_result (*fa)(char *, size_t, const void *),
                           gbr_result (*fb)(char *, size_t, const void *), const void *va, const void *vb)
{
    char outa[256], outb[256];
    memset(outa, 0x55, sizeof outa);
    memset(outb, 0x55, sizeof outb);
    gbr_result a = fa(outa, sizeof outa, va), b = fb(outb, sizeof outb, vb);
    same_result(what, src, len, a, b);
    if (a.error == GBR_OK)
        same_bytes(what, src, len, outa, outb, sizeof outa, a, b);
    size_t need = a.length;
    if (a.error == GBR_OK) {
        size_t caps[3] = {need, need ? need - 1 : 0, 0};
        for (int k = 0; k < 3; k++) {
            memset(outa, 0x55, sizeof outa);
            memset(outb, 0x55, sizeof outb);
            a = fa(caps[k] ? outa : NULL, caps[k], va);
            b = fb(caps[k] ? outb : NULL, caps[k], vb);
            same_result(what, src, len, a, b);
            if (a.error == GBR_OK)
                same_bytes(what, src, len, outa, outb, sizeof outa, a, b);
            /* Never a byte past cap. */
            for (size_t j = caps[k]; j < sizeof outb; j++)
                if ((unsigned char)outb[j] != 0x55)
                    fail("fast wrote past cap", src, len, a, b);
        }
    }
}

/* Adapters so the formats share one comparison. */
#define ADAPT(entry, type)                                                                                             \
    static gbr_result ref_##entry(char *d, size_t c, const void *v)                                                    \
    {                                                                                                                  \
        return gbr_##entry(ref, d, c, (const type *)v);                                                                \
    }                                                                                                                  \
    static gbr_result fast_##entry(char *d, size_t c, const void *v)                                                   \
    {                                                                                                                  \
        return gbr_##entry(fast, d, c, (const type *)v);                                                               \
    }
ADAPT(format_material, gbr_material)
ADAPT(format_study, gbr_study)
ADAPT(format_position, gbr_position)
ADAPT(format_fen, gbr_position)
ADAPT(format_name, gbr_counts)

static void compare_material_value(const char *src, size_t len, const gbr_material *ma, const gbr_material *mb,
                                   gbr_result ra, gbr_result rb)
{
    same_bytes("parsed material", src, len, ma, mb, sizeof *ma, ra, rb);
    comparisons++;
    if (gbr_material_key_of(ref, ma) != gbr_material_key_of(fast, mb))
        fail("material_key", src, len, ra, rb);
    compare_format("format_material", src, len, ref_format_material, fast_format_material, ma, mb);
    for (int type = -1; type <= 5; type++) {
        uint8_t wa = 0, ba = 0, wb = 0, bb = 0;
        int sa = gbr_material_split(ref, ma, type, &wa, &ba), sb = gbr_material_split(fast, mb, type, &wb, &bb);
        comparisons++;
        if (sa != sb || (sa && (wa != wb || ba != bb)))
            fail("material_split", src, len, ra, rb);
    }
}

static void compare_position_value(const char *src, size_t len, const gbr_position *pa, const gbr_position *pb,
                                   gbr_result ra, gbr_result rb)
{
    same_bytes("parsed board", src, len, pa, pb, sizeof *pa, ra, rb);
    gbr_position_key ka, kb;
    gbr_position_key_of(ref, pa, &ka);
    gbr_position_key_of(fast, pb, &kb);
    same_bytes("position_key", src, len, ka.bytes, kb.bytes, sizeof ka.bytes, ra, rb);
    compare_format("format_position", src, len, ref_format_position, fast_format_position, pa, pb);
    compare_format("format_fen", src, len, ref_format_fen, fast_format_fen, pa, pb);
}

/* The conversions the fast codec fuses (fen_to_position for each result
 * option, position_to_fen) against the reference's composition: full
 * buffer, exact size, one byte short and a size query. */
static void compare_fused(const char *src, size_t len)
{
    for (int op = 0; op < 4; op++) {
        char outa[256], outb[256];
        size_t caps[4] = {sizeof outa, 0, 0, 0};
        for (int k = 0; k < 4; k++) {
            memset(outa, 0x55, sizeof outa);
            memset(outb, 0x55, sizeof outb);
            gbr_result a, b;
            char *da = caps[k] ? outa : NULL, *db = caps[k] ? outb : NULL;
            if (op < 3) {
                a = gbr_fen_to_position(ref, da, caps[k], src, len, (gbr_result_option)op);
                b = gbr_fen_to_position(fast, db, caps[k], src, len, (gbr_result_option)op);
            } else {
                a = gbr_position_to_fen(ref, da, caps[k], src, len);
                b = gbr_position_to_fen(fast, db, caps[k], src, len);
            }
            const char *what = op < 3 ? "fused fen_to_position" : "fused position_to_fen";
            same_result(what, src, len, a, b);
            same_bytes(what, src, len, outa, outb, sizeof outa, a, b);
            if (k == 0 && a.error == GBR_OK) {
                caps[1] = a.length;
                caps[2] = a.length - 1;
            } else if (k == 0) {
                break;
            }
        }
    }
}

/* Every parser of both codecs on one text. */
static void compare_text(const char *src, size_t len)
{
    gbr_result a, b;
    compare_fused(src, len);
    {
        gbr_material ma, mb;
        memset(&ma, 0, sizeof ma);
        memset(&mb, 0, sizeof mb);
        a = gbr_parse_material(ref, src, len, &ma);
        b = gbr_parse_material(fast, src, len, &mb);
        same_result("parse_material", src, len, a, b);
        tally(0, a);
        if (a.error == GBR_OK)
            compare_material_value(src, len, &ma, &mb, a, b);
    }
    {
        gbr_study sa, sb;
        memset(&sa, 0, sizeof sa);
        memset(&sb, 0, sizeof sb);
        a = gbr_parse_study(ref, src, len, &sa);
        b = gbr_parse_study(fast, src, len, &sb);
        same_result("parse_study", src, len, a, b);
        tally(1, a);
        if (a.error == GBR_OK) {
            same_bytes("parsed study", src, len, &sa, &sb, sizeof sa, a, b);
            comparisons++;
            if (gbr_study_key_of(ref, &sa) != gbr_study_key_of(fast, &sb))
                fail("study_key", src, len, a, b);
            compare_format("format_study", src, len, ref_format_study, fast_format_study, &sa, &sb);
        }
    }
    {
        gbr_position pa, pb;
        memset(&pa, 0, sizeof pa);
        memset(&pb, 0, sizeof pb);
        a = gbr_parse_position(ref, src, len, &pa);
        b = gbr_parse_position(fast, src, len, &pb);
        same_result("parse_position", src, len, a, b);
        tally(2, a);
        if (a.error == GBR_OK)
            compare_position_value(src, len, &pa, &pb, a, b);
        memset(&pa, 0, sizeof pa);
        memset(&pb, 0, sizeof pb);
        a = gbr_parse_fen(ref, src, len, &pa);
        b = gbr_parse_fen(fast, src, len, &pb);
        same_result("parse_fen", src, len, a, b);
        tally(3, a);
        if (a.error == GBR_OK)
            compare_position_value(src, len, &pa, &pb, a, b);
    }
    {
        gbr_counts ca, cb;
        memset(&ca, 0, sizeof ca);
        memset(&cb, 0, sizeof cb);
        a = gbr_parse_name(ref, src, len, &ca);
        b = gbr_parse_name(fast, src, len, &cb);
        same_result("parse_name", src, len, a, b);
        tally(4, a);
        if (a.error == GBR_OK) {
            same_bytes("parsed counts", src, len, &ca, &cb, sizeof ca, a, b);
            compare_format("format_name", src, len, ref_format_name, fast_format_name, &ca, &cb);
        }
    }
}

/* Each text both as written and, with the text in a heap block of exactly
 * its length, so a read past len is caught by ASan. */
static void compare_exact(const gen_bytes *t)
{
    char *copy = malloc(t->len ? t->len : 1);
    if (!copy)
        exit(2);
    memcpy(copy, t->data, t->len);
    compare_text(t->len ? copy : NULL, t->len);
    free(copy);
}

static void compare_structs(void)
{
    gbr_counts c;
    gen_any_counts(&rng, &c, 10);
    /* Sometimes out of range or beyond §1. */
    if (below(4) == 0)
        c.count[below(2)][below(5)] = (uint8_t)(below(2) ? below(13) : below(256));
    char what[96];
    int wn = snprintf(what, sizeof what, "counts white %u %u %u %u %u black %u %u %u %u %u", c.count[0][0],
                      c.count[0][1], c.count[0][2], c.count[0][3], c.count[0][4], c.count[1][0], c.count[1][1],
                      c.count[1][2], c.count[1][3], c.count[1][4]);
    gbr_material ma, mb;
    memset(&ma, 0, sizeof ma);
    memset(&mb, 0, sizeof mb);
    gbr_result a = gbr_material_from_counts(ref, &c, &ma), b = gbr_material_from_counts(fast, &c, &mb);
    same_result("material_from_counts", what, (size_t)wn, a, b);
    if (a.error == GBR_OK)
        compare_material_value(what, (size_t)wn, &ma, &mb, a, b);
    compare_format("format_name(struct)", what, (size_t)wn, ref_format_name, fast_format_name, &c, &c);

    gbr_material m;
    for (int k = 0; k < 4; k++)
        m.digit[k] = (uint8_t)(below(8) ? below(10) : below(256));
    m.pawns[0] = (uint8_t)(below(8) ? below(9) : below(12));
    m.pawns[1] = (uint8_t)(below(8) ? below(9) : below(12));
    wn = snprintf(what, sizeof what, "material %u %u %u %u . %u %u", m.digit[0], m.digit[1], m.digit[2], m.digit[3],
                  m.pawns[0], m.pawns[1]);
    compare_format("format_material(struct)", what, (size_t)wn, ref_format_material, fast_format_material, &m, &m);
    /* Keys of every struct, in range or not (gbr.h: 0 for what the formatter refuses). */
    comparisons++;
    if (gbr_material_key_of(ref, &m) != gbr_material_key_of(fast, &m))
        fail("material_key(struct)", what, (size_t)wn, a, b);
    gbr_study s;
    s.material = m;
    s.stipulation = (uint8_t)(below(8) ? below(3) : below(256));
    s.white_king = (uint8_t)(below(8) ? below(64) : below(256));
    s.black_king = (uint8_t)(below(8) ? below(64) : below(256));
    wn = snprintf(what, sizeof what, "study %u %u %u %u . %u %u stip %u wk %u bk %u", m.digit[0], m.digit[1],
                  m.digit[2], m.digit[3], m.pawns[0], m.pawns[1], s.stipulation, s.white_king, s.black_king);
    compare_format("format_study(struct)", what, (size_t)wn, ref_format_study, fast_format_study, &s, &s);
    comparisons++;
    if (gbr_study_key_of(ref, &s) != gbr_study_key_of(fast, &s))
        fail("study_key(struct)", what, (size_t)wn, a, b);

    gbr_position p;
    gen_any_counts(&rng, &c, 12);
    if (gen_board(&rng, &p, &c)) {
        if (below(8) == 0)
            p.board[below(64)] = (uint8_t)below(20);
        if (below(16) == 0)
            p.indicator = (uint8_t)below(10);
        compare_format("format_position(board)", "", 0, ref_format_position, fast_format_position, &p, &p);
        compare_format("format_fen(board)", "", 0, ref_format_fen, fast_format_fen, &p, &p);
        gbr_position_key ka, kb;
        memset(&ka, 0xA5, sizeof ka);
        memset(&kb, 0x5A, sizeof kb);
        gbr_position_key_of(ref, &p, &ka);
        gbr_position_key_of(fast, &p, &kb);
        same_bytes("position_key(board)", "", 0, ka.bytes, kb.bytes, sizeof ka.bytes, a, b);
    }
}

/* Texts at the places where §9.3 decides between close error classes; each
 * is also compared cut short at every length. */
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

/* Every pair of bytes where a square stands: a king in a study code and in
 * a position form, and a man in the square field. */
static void compare_all_square_bytes(void)
{
    static const struct {
        const char *text;
        size_t at;
    } frames[] = {{"0000.00XYh8", 7}, {"+0001.00a1XY", 9}, {"XYe8 0000.00 2/2.", 0}, {"e1e8 0001.00 XY 2/1.", 13},
                  {"e1e8 0000.10 .XY 2/1.", 14}};
    for (size_t f = 0; f < sizeof frames / sizeof frames[0]; f++) {
        char t[32];
        size_t n = strlen(frames[f].text);
        memcpy(t, frames[f].text, n);
        for (unsigned pair = 0; pair < 65536; pair++) {
            t[frames[f].at] = (char)(pair & 0xFF);
            t[frames[f].at + 1] = (char)(pair >> 8);
            compare_text(t, n);
        }
    }
}

static void compare_edge_texts(void)
{
    for (size_t k = 0; k < sizeof edge_texts / sizeof edge_texts[0]; k++) {
        gen_bytes t;
        t.len = strlen(edge_texts[k]);
        memcpy(t.data, edge_texts[k], t.len);
        for (size_t cut = 0; cut <= strlen(edge_texts[k]); cut++) {
            t.len = cut;
            compare_exact(&t);
        }
    }
}

int main(int argc, char **argv)
{
    int verbose = argc > 1 && strcmp(argv[1], "-v") == 0;
    if (verbose) {
        argc--;
        argv++;
    }
    unsigned long iterations = argc > 1 ? strtoul(argv[1], NULL, 10) : 100000;
    gen_seed(&rng, argc > 2 ? strtoull(argv[2], NULL, 10) : 0x9E3779B97F4A7C15ULL);
    ref = gbr_codec_ref();
    fast = gbr_codec_fast();
    if (!ref || !fast) {
        printf("both codecs are needed (fast available: %s)\n", fast ? "yes" : "no");
        return 1;
    }
    compare_edge_texts();
    compare_all_square_bytes();
    gen_bytes previous = {0, {0}};
    for (unsigned long it = 0; it < iterations; it++) {
        gbr_counts c;
        gbr_position p;
        gen_bytes t = {0, {0}};
        gen_any_counts(&rng, &c, below(4) ? 6 : 14);
        if (below(4) == 0) {
            /* Counts beyond the rules: 9 pawns, many promoted pieces. */
            for (unsigned side = 0; side < 2; side++)
                for (unsigned type = 0; type < 5; type++)
                    if (below(3) == 0)
                        c.count[side][type] = (uint8_t)below(type == GBR_PAWN ? 10 : 7);
        }
        switch (it % 5) {
        case 0: gen_write_material(&rng, &t, &c); break;
        case 1: gen_write_study(&rng, &t, &c); break;
        case 2:
            if (!gen_board(&rng, &p, &c))
                continue;
            gen_write_position(&t, &p);
            break;
        case 3:
            if (!gen_board(&rng, &p, &c))
                continue;
            gen_write_fen(&rng, &t, &p);
            break;
        default: gen_write_name(&t, &c); break;
        }
        compare_exact(&t);
        gen_bytes mutated = t;
        gen_mutate(&rng, &mutated);
        if (below(6) == 0)
            gen_splice(&rng, &mutated, &previous);
        compare_exact(&mutated);
        previous = t;
        compare_structs();
    }
    if (verbose)
        for (unsigned parser = 0; parser < 5; parser++) {
            printf("%s:", parser_names[parser]);
            for (unsigned e = 0; e < GBR_ERROR_COUNT; e++)
                if (seen[parser][e])
                    printf(" %s=%lu", gbr_error_name((gbr_error)e), seen[parser][e]);
            printf("\n");
        }
    for (unsigned k = 0; k < 64 && kinds[k].what; k++)
        printf("%lu disagreements: %s\n", kinds[k].count, kinds[k].what);
    printf("%lu iterations, %lu comparisons, %lu disagreements\n", iterations, comparisons, disagreements);
    return disagreements != 0;
}
