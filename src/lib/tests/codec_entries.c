/*
 * codec_entries: the opaque codec's free functions (src/lib/codecs.c) against
 * the table entries they stand for (src/codec_interface/codecs_internal.h).
 *
 *  - Both tables fill every entry but the optional fused ones, which the
 *    reference leaves empty (gbr.h promises every operation of both codecs).
 *  - Each free function, with the reference, the optimised codec and NULL
 *    (the default: the optimised codec), returns exactly what its own entry
 *    returns when called directly (result, column, length, output bytes),
 *    on texts of every form, so a free function wired to another entry of
 *    the same type (gbr_format_fen calling format_position, say) is found.
 *    The two codecs answer alike by design, so what shows that NULL is the
 *    optimised codec is gbr_codec_name.
 *  - Through a table of the test's own, whose entries only record the codec
 *    they were given and answer with a mark no codec gives, every free
 *    function and a composed operation reach that table's entry once, with
 *    the table as the entry's first argument (codecs_internal.h).
 *
 * Exits 1 when anything differed (each printed), 0 when everything held.
 */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "gbr.h"
#include "codecs_internal.h"

/* One text of each form, and texts every parser refuses at different columns. */
static const char *const texts[] = {
    "0116.00",
    "0109.21",
    "+0020.42c1a1",
    "(=0323.12g3g1)",
    "a7d3 0116.00 b2b3c6d6 3/3+.",
    "e1e8 0009.00 {b1c1d1/f6} 4/2.",
    "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1",
    "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1",
    "KRPvKR",
    "KQQQvKN",
    "",
    "x",
    "0116.0",
    "a7d3 0116.00 b2b3c6 3/3+.",
};
enum { TEXTS = sizeof texts / sizeof texts[0], CAP = GBR_POSITION_MAX + 8 };

static int same(gbr_result a, gbr_result b) { return a.error == b.error && a.column == b.column && a.length == b.length; }

/* The two outputs, filled with different bytes before the calls, hold the
 * same bytes after them. */
static void prepare(void *a, void *b, size_t n)
{
    memset(a, 0xA5, n);
    memset(b, 0xA5, n);
}

static void check_tables(void)
{
    const gbr_codec *tables[2] = {&gbr_ref_codec, &gbr_fast_codec};
    for (int i = 0; i < 2; i++) {
        const gbr_codec *t = tables[i];
        CHECK(t->parse_material && t->format_material && t->parse_study && t->format_study && t->parse_position &&
                  t->format_position && t->parse_fen && t->format_fen && t->parse_name && t->format_name &&
                  t->material_from_counts && t->material_split && t->material_key && t->study_key &&
                  t->position_key && t->parse_material_column && t->parse_study_column &&
                  t->material_from_counts_column,
              "%s: an entry every codec must have is empty", t->name ? t->name : "(unnamed)");
    }
    CHECK(strcmp(gbr_ref_codec.name, "ref") == 0 && strcmp(gbr_fast_codec.name, "fast") == 0,
          "table names %s, %s", gbr_ref_codec.name, gbr_fast_codec.name);
    CHECK(!gbr_ref_codec.fen_to_position && !gbr_ref_codec.position_to_fen,
          "the reference has a fused conversion: its answer must be the composition");
    CHECK(gbr_codec_ref() == &gbr_ref_codec && gbr_codec_fast() == &gbr_fast_codec &&
              gbr_codec_default() == &gbr_fast_codec,
          "a getter returns another table");
}

/* Every free function through codec c against the entries of table t. */
static void check_free_functions(const gbr_codec *c, const gbr_codec *t)
{
    const char *who = t->name;
    CHECK(strcmp(gbr_codec_name(c), t->name) == 0, "%s: gbr_codec_name gave %s", who, gbr_codec_name(c));

    char da[CAP], db[CAP];
    size_t offsets[TEXTS + 1];
    char column_text[TEXTS * 40];
    offsets[0] = 0;
    for (int k = 0; k < TEXTS; k++) {
        size_t len = strlen(texts[k]);
        memcpy(column_text + offsets[k], texts[k], len);
        offsets[k + 1] = offsets[k] + len;

        const char *src = texts[k];
        gbr_material ma, mb;
        gbr_study sa, sb;
        gbr_position pa, pb;
        gbr_counts ca, cb;
        gbr_result a, b;

        prepare(&ma, &mb, sizeof ma);
        a = gbr_parse_material(c, src, len, &ma);
        b = t->parse_material(t, src, len, &mb);
        CHECK(same(a, b) && memcmp(&ma, &mb, sizeof ma) == 0, "%s: gbr_parse_material(\"%s\")", who, src);
        if (!a.error) {
            prepare(da, db, sizeof da);
            for (size_t cap = 0; cap <= GBR_MATERIAL_MAX; cap += GBR_MATERIAL_MAX) {
                a = gbr_format_material(c, da, cap, &ma);
                b = t->format_material(t, db, cap, &ma);
                CHECK(same(a, b) && memcmp(da, db, sizeof da) == 0, "%s: gbr_format_material of \"%s\", cap %zu", who,
                      src, cap);
            }
            CHECK(gbr_material_key_of(c, &ma) == t->material_key(t, &ma), "%s: gbr_material_key_of \"%s\"", who, src);
            for (int type = -1; type <= GBR_PAWN; type++) {
                uint8_t wa = 0xA5, ba = 0xA5, wb = 0xA5, bb = 0xA5;
                int ra = gbr_material_split(c, &ma, type, &wa, &ba), rb = t->material_split(t, &ma, type, &wb, &bb);
                CHECK(ra == rb && wa == wb && ba == bb, "%s: gbr_material_split of \"%s\", type %d", who, src, type);
            }
        }

        prepare(&sa, &sb, sizeof sa);
        a = gbr_parse_study(c, src, len, &sa);
        b = t->parse_study(t, src, len, &sb);
        CHECK(same(a, b) && memcmp(&sa, &sb, sizeof sa) == 0, "%s: gbr_parse_study(\"%s\")", who, src);
        if (!a.error) {
            prepare(da, db, sizeof da);
            a = gbr_format_study(c, da, sizeof da, &sa);
            b = t->format_study(t, db, sizeof db, &sa);
            CHECK(same(a, b) && memcmp(da, db, sizeof da) == 0, "%s: gbr_format_study of \"%s\"", who, src);
            CHECK(gbr_study_key_of(c, &sa) == t->study_key(t, &sa), "%s: gbr_study_key_of \"%s\"", who, src);
        }

        /* Positions from both the position form and the FEN parser, each
         * formatted both ways. */
        for (int fen = 0; fen < 2; fen++) {
            prepare(&pa, &pb, sizeof pa);
            a = fen ? gbr_parse_fen(c, src, len, &pa) : gbr_parse_position(c, src, len, &pa);
            b = fen ? t->parse_fen(t, src, len, &pb) : t->parse_position(t, src, len, &pb);
            CHECK(same(a, b) && memcmp(&pa, &pb, sizeof pa) == 0, "%s: gbr_parse_%s(\"%s\")", who,
                  fen ? "fen" : "position", src);
            if (a.error)
                continue;
            for (int to_fen = 0; to_fen < 2; to_fen++) {
                prepare(da, db, sizeof da);
                a = to_fen ? gbr_format_fen(c, da, sizeof da, &pa) : gbr_format_position(c, da, sizeof da, &pa);
                b = to_fen ? t->format_fen(t, db, sizeof db, &pa) : t->format_position(t, db, sizeof db, &pa);
                CHECK(same(a, b) && memcmp(da, db, sizeof da) == 0, "%s: gbr_format_%s of \"%s\"", who,
                      to_fen ? "fen" : "position", src);
            }
            gbr_position_key ka, kb;
            prepare(&ka, &kb, sizeof ka);
            gbr_position_key_of(c, &pa, &ka);
            t->position_key(t, &pa, &kb);
            CHECK(memcmp(&ka, &kb, sizeof ka) == 0, "%s: gbr_position_key_of \"%s\"", who, src);
        }

        prepare(&ca, &cb, sizeof ca);
        a = gbr_parse_name(c, src, len, &ca);
        b = t->parse_name(t, src, len, &cb);
        CHECK(same(a, b) && memcmp(&ca, &cb, sizeof ca) == 0, "%s: gbr_parse_name(\"%s\")", who, src);
        if (!a.error) {
            prepare(da, db, sizeof da);
            a = gbr_format_name(c, da, sizeof da, &ca);
            b = t->format_name(t, db, sizeof db, &ca);
            CHECK(same(a, b) && memcmp(da, db, sizeof da) == 0, "%s: gbr_format_name of \"%s\"", who, src);
            prepare(&ma, &mb, sizeof ma);
            a = gbr_material_from_counts(c, &ca, &ma);
            b = t->material_from_counts(t, &ca, &mb);
            CHECK(same(a, b) && memcmp(&ma, &mb, sizeof ma) == 0, "%s: gbr_material_from_counts of \"%s\"", who, src);
        }
    }

    /* The column operations over all the texts at once. */
    gbr_material mca[TEXTS], mcb[TEXTS];
    gbr_study sca[TEXTS], scb[TEXTS];
    gbr_result ra[TEXTS], rb[TEXTS];
    prepare(mca, mcb, sizeof mca);
    prepare(ra, rb, sizeof ra);
    size_t ea = gbr_parse_material_column(c, column_text, offsets, TEXTS, mca, ra);
    size_t eb = t->parse_material_column(t, column_text, offsets, TEXTS, mcb, rb);
    CHECK(ea == eb && memcmp(mca, mcb, sizeof mca) == 0 && memcmp(ra, rb, sizeof ra) == 0,
          "%s: gbr_parse_material_column", who);
    prepare(sca, scb, sizeof sca);
    prepare(ra, rb, sizeof ra);
    ea = gbr_parse_study_column(c, column_text, offsets, TEXTS, sca, ra);
    eb = t->parse_study_column(t, column_text, offsets, TEXTS, scb, rb);
    CHECK(ea == eb && memcmp(sca, scb, sizeof sca) == 0 && memcmp(ra, rb, sizeof ra) == 0,
          "%s: gbr_parse_study_column", who);

    /* Counts within and beyond the limits: every error of the 9 rule. */
    gbr_counts counts[4];
    memset(counts, 0, sizeof counts);
    counts[0].count[GBR_WHITE][GBR_ROOK] = 1;
    counts[1].count[GBR_BLACK][GBR_KNIGHT] = 3;
    counts[2].count[GBR_WHITE][GBR_PAWN] = 9;
    counts[3].count[GBR_WHITE][GBR_QUEEN] = 10;
    prepare(mca, mcb, sizeof mca);
    prepare(ra, rb, sizeof ra);
    ea = gbr_material_from_counts_column(c, counts, 4, mca, ra);
    eb = t->material_from_counts_column(t, counts, 4, mcb, rb);
    CHECK(ea == eb && ea == 2 && memcmp(mca, mcb, 4 * sizeof mca[0]) == 0 && memcmp(ra, rb, 4 * sizeof ra[0]) == 0,
          "%s: gbr_material_from_counts_column (%zu and %zu errors)", who, ea, eb);
}

/* ---- a table of the test's own ---- */

static const gbr_codec *spy_given; /* the codec the last spy entry was given */
static int spy_calls;
enum { SPY_MARK = 77 };

static gbr_result spy_called(const gbr_codec *codec)
{
    spy_given = codec;
    spy_calls++;
    gbr_result mark = {GBR_E_ARGUMENT, SPY_MARK, SPY_MARK};
    return mark;
}

/* The spy entries look at nothing but the codec they are given. */
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif
#define SPY_TEXT(name, type)                                                                                           \
    static gbr_result spy_##name(const gbr_codec *codec, const char *src, size_t len, type *out)                       \
    {                                                                                                                  \
        return spy_called(codec);                                                                                      \
    }
#define SPY_WRITE(name, type)                                                                                          \
    static gbr_result spy_##name(const gbr_codec *codec, char *dst, size_t cap, const type *in)                        \
    {                                                                                                                  \
        return spy_called(codec);                                                                                      \
    }
SPY_TEXT(parse_material, gbr_material)
SPY_TEXT(parse_study, gbr_study)
SPY_TEXT(parse_position, gbr_position)
SPY_TEXT(parse_fen, gbr_position)
SPY_TEXT(parse_name, gbr_counts)
SPY_WRITE(format_material, gbr_material)
SPY_WRITE(format_study, gbr_study)
SPY_WRITE(format_position, gbr_position)
SPY_WRITE(format_fen, gbr_position)
SPY_WRITE(format_name, gbr_counts)

static gbr_result spy_material_from_counts(const gbr_codec *codec, const gbr_counts *c, gbr_material *out)
{
    return spy_called(codec);
}

static int spy_material_split(const gbr_codec *codec, const gbr_material *m, int type, uint8_t *white, uint8_t *black)
{
    return (int)spy_called(codec).column;
}

static uint32_t spy_material_key(const gbr_codec *codec, const gbr_material *m) { return spy_called(codec).column; }

static uint64_t spy_study_key(const gbr_codec *codec, const gbr_study *s) { return spy_called(codec).column; }

static void spy_position_key(const gbr_codec *codec, const gbr_position *p, gbr_position_key *out)
{
    out->bytes[0] = (uint8_t)spy_called(codec).column;
}

static gbr_result spy_fen_to_position(const gbr_codec *codec, char *dst, size_t cap, const char *src, size_t len,
                                      gbr_result_option result)
{
    return spy_called(codec);
}

static gbr_result spy_position_to_fen(const gbr_codec *codec, char *dst, size_t cap, const char *src, size_t len)
{
    return spy_called(codec);
}

static size_t spy_parse_material_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                        gbr_material *out, gbr_result *results)
{
    return spy_called(codec).column;
}

static size_t spy_parse_study_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                     gbr_study *out, gbr_result *results)
{
    return spy_called(codec).column;
}

static size_t spy_material_from_counts_column(const gbr_codec *codec, const gbr_counts *counts, size_t n,
                                              gbr_material *out, gbr_result *results)
{
    return spy_called(codec).column;
}
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

static const gbr_codec spy_codec = {
    .name = "spy",
    .parse_material = spy_parse_material,
    .format_material = spy_format_material,
    .parse_study = spy_parse_study,
    .format_study = spy_format_study,
    .parse_position = spy_parse_position,
    .format_position = spy_format_position,
    .parse_fen = spy_parse_fen,
    .format_fen = spy_format_fen,
    .parse_name = spy_parse_name,
    .format_name = spy_format_name,
    .material_from_counts = spy_material_from_counts,
    .material_split = spy_material_split,
    .material_key = spy_material_key,
    .study_key = spy_study_key,
    .position_key = spy_position_key,
    .fen_to_position = spy_fen_to_position,
    .position_to_fen = spy_position_to_fen,
    .parse_material_column = spy_parse_material_column,
    .parse_study_column = spy_parse_study_column,
    .material_from_counts_column = spy_material_from_counts_column,
};

/* Before each call through the spy table: nothing seen yet. */
static const gbr_codec *spy_reset(void)
{
    spy_given = NULL;
    spy_calls = 0;
    return &spy_codec;
}

/* The call just made reached one spy entry, given the spy table, and
 * returned its mark (`got`: 1 when the mark came back). */
#define CHECK_SPY(got, call) CHECK(spy_calls == 1 && spy_given == &spy_codec && (got), "spy: %s", call)

static void check_spy(void)
{
    const gbr_codec *c = spy_reset();
    CHECK(strcmp(gbr_codec_name(c), "spy") == 0, "spy: gbr_codec_name gave %s", gbr_codec_name(c));
    char dst[CAP];
    const char *src = "0116.00";
    size_t len = 7, offsets[2] = {0, 7};
    gbr_material m = {{0, 1, 1, 6}, {0, 0}};
    gbr_study s = {m, GBR_STIP_WIN, 0, 63};
    gbr_position p;
    gbr_counts counts = {{{0}}};
    gbr_position_key key = {{0}};
    gbr_result results[1];
    uint8_t w, b;
    memset(&p, 0, sizeof p);
    gbr_result r;

#define SPY_RESULT(call)                                                                                               \
    do {                                                                                                               \
        c = spy_reset();                                                                                               \
        r = call;                                                                                                      \
        CHECK_SPY(r.column == SPY_MARK && r.length == SPY_MARK, #call);                                                \
    } while (0)
    SPY_RESULT(gbr_parse_material(c, src, len, &m));
    SPY_RESULT(gbr_format_material(c, dst, sizeof dst, &m));
    SPY_RESULT(gbr_parse_study(c, src, len, &s));
    SPY_RESULT(gbr_format_study(c, dst, sizeof dst, &s));
    SPY_RESULT(gbr_parse_position(c, src, len, &p));
    SPY_RESULT(gbr_format_position(c, dst, sizeof dst, &p));
    SPY_RESULT(gbr_parse_fen(c, src, len, &p));
    SPY_RESULT(gbr_format_fen(c, dst, sizeof dst, &p));
    SPY_RESULT(gbr_parse_name(c, src, len, &counts));
    SPY_RESULT(gbr_format_name(c, dst, sizeof dst, &counts));
    SPY_RESULT(gbr_material_from_counts(c, &counts, &m));
    SPY_RESULT(gbr_fen_to_position(c, dst, sizeof dst, src, len, GBR_RESULT_NONE));
    SPY_RESULT(gbr_position_to_fen(c, dst, sizeof dst, src, len));
    /* A composed operation (src/lib/ops.c) calls the table's entries too. */
    SPY_RESULT(gbr_material_canonical(c, dst, sizeof dst, src, len));
#undef SPY_RESULT

#define SPY_VALUE(call)                                                                                                \
    do {                                                                                                               \
        c = spy_reset();                                                                                               \
        int marked = (call) == SPY_MARK;                                                                               \
        CHECK_SPY(marked, #call);                                                                                      \
    } while (0)
    SPY_VALUE(gbr_material_split(c, &m, GBR_ROOK, &w, &b));
    SPY_VALUE(gbr_material_key_of(c, &m));
    SPY_VALUE(gbr_study_key_of(c, &s));
    SPY_VALUE(gbr_parse_material_column(c, src, offsets, 1, &m, results));
    SPY_VALUE(gbr_parse_study_column(c, src, offsets, 1, &s, results));
    SPY_VALUE(gbr_material_from_counts_column(c, &counts, 1, &m, results));
#undef SPY_VALUE
    c = spy_reset();
    gbr_position_key_of(c, &p, &key);
    CHECK_SPY(key.bytes[0] == SPY_MARK, "gbr_position_key_of");
}

int main(void)
{
    check_tables();
    check_free_functions(gbr_codec_ref(), &gbr_ref_codec);
    check_free_functions(gbr_codec_fast(), &gbr_fast_codec);
    check_free_functions(NULL, &gbr_fast_codec);
    check_spy();
    printf("codec_entries: 18 free functions and gbr_codec_name against the entries of ref, fast and NULL (the "
           "default), and through a table of the test's own, %d failure(s)\n",
           failures);
    return failures ? 1 : 0;
}
