/*
 * Generated round trips through every codec, with shrinking.
 *
 *  - position_fen: a position's FEN parses back to the same placement and side
 *    to move; FEN -> position form -> FEN gives the same FEN for every result
 *    option; the FEN ends in " w - - 0 1" or " b - - 0 1".
 *  - position_form: parse(format(p)) == p, format(parse(s)) == s, and the
 *    material code written is the codec's material_from_counts of p's men.
 *  - study: parse(format(s)) == s, format(parse(t)) == t; the [..] and (..)
 *    wrappers and the short form parse to the same study.
 *  - name: parse(format(c)) == c, format(parse(t)) == t, and the name's material
 *    code is material_from_counts of the counts.
 *  - conversions: gbr_fen_to_position and gbr_position_to_fen return exactly
 *    what the codec's own parse and format composed return (result, column,
 *    length, bytes), at full and too-small capacities, on valid texts and
 *    mutations. Where the codec has a fused conversion (the optimised one
 *    does), that is what answers them; for the reference, the library's
 *    composition is held to this one.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "prop.h"

enum { CASES = 20000 };

static int black_to_move(uint8_t indicator)
{
    return indicator == GBR_IND_BLACK_WIN || indicator == GBR_IND_BLACK_DRAW || indicator == GBR_IND_BTM;
}

/* ---- positions ---- */
static void generate_position(gen_rng *rng, void *value, void *ctx)
{
    (void)ctx;
    gen_position(rng, value);
}
static int shrink_position(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    return position_shrink(value, index, candidate);
}
static void print_position(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    position_print(out, value);
}
static const prop_type position_type = {sizeof(gbr_position), generate_position, shrink_position, print_position};

static int check_position_fen(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const gbr_position *p = value;
    char fen[GBR_FEN_MAX + 1], form[GBR_POSITION_MAX + 1], fen_again[GBR_FEN_MAX + 1];
    gbr_result r = gbr_format_fen(c, fen, sizeof fen, p);
    if (r.error)
        return prop_fail(why, "format_fen: %s", gbr_error_name(r.error));
    size_t fen_len = r.length;
    const char *tail = black_to_move(p->indicator) ? " b - - 0 1" : " w - - 0 1";
    if (fen_len < 10 || memcmp(fen + fen_len - 10, tail, 10) != 0)
        return prop_fail(why, "FEN \"%.*s\" does not end in \"%s\"", (int)fen_len, fen, tail);
    gbr_position q;
    r = gbr_parse_fen(c, fen, fen_len, &q);
    if (r.error)
        return prop_fail(why, "parse_fen(\"%.*s\"): %s at %u", (int)fen_len, fen, gbr_error_name(r.error), r.column);
    if (memcmp(q.board, p->board, sizeof q.board) != 0)
        return prop_fail(why, "parse_fen(\"%.*s\") gave another placement", (int)fen_len, fen);
    uint8_t side = black_to_move(p->indicator) ? GBR_IND_BTM : GBR_IND_WTM;
    if (q.indicator != side)
        return prop_fail(why, "parse_fen(\"%.*s\") gave indicator %u, expected %u", (int)fen_len, fen, q.indicator, side);
    for (int result = GBR_RESULT_NONE; result <= GBR_RESULT_DRAW; result++) {
        r = gbr_fen_to_position(c, form, sizeof form, fen, fen_len, (gbr_result_option)result);
        if (r.error)
            return prop_fail(why, "fen_to_position(\"%.*s\", %d): %s", (int)fen_len, fen, result, gbr_error_name(r.error));
        size_t form_len = r.length;
        r = gbr_position_to_fen(c, fen_again, sizeof fen_again, form, form_len);
        if (r.error || r.length != fen_len || memcmp(fen_again, fen, fen_len) != 0)
            return prop_fail(why, "FEN \"%.*s\" -> \"%.*s\" -> \"%.*s\" (%s)", (int)fen_len, fen, (int)form_len, form,
                             r.error ? 0 : (int)r.length, fen_again, gbr_error_name(r.error));
    }
    return 0;
}

static int check_position_form(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const gbr_position *p = value;
    char text[GBR_POSITION_MAX + 1], again[GBR_POSITION_MAX + 1], code[GBR_MATERIAL_MAX + 1];
    gbr_result r = gbr_format_position(c, text, sizeof text, p);
    if (r.error)
        return prop_fail(why, "format_position: %s", gbr_error_name(r.error));
    size_t len = r.length;
    gbr_position q;
    memset(&q, 0, sizeof q);
    r = gbr_parse_position(c, text, len, &q);
    if (r.error)
        return prop_fail(why, "parse_position(\"%.*s\"): %s at %u", (int)len, text, gbr_error_name(r.error), r.column);
    if (!position_equal(&q, p))
        return prop_fail(why, "parse_position(\"%.*s\") is another position", (int)len, text);
    r = gbr_format_position(c, again, sizeof again, &q);
    if (r.error || r.length != len || memcmp(again, text, len) != 0)
        return prop_fail(why, "\"%.*s\" formatted back as \"%.*s\"", (int)len, text, r.error ? 0 : (int)r.length, again);
    gbr_counts counts;
    gbr_material m;
    gbr_position_counts(p, &counts);
    r = gbr_material_from_counts(c, &counts, &m);
    if (r.error)
        return prop_fail(why, "material_from_counts: %s", gbr_error_name(r.error));
    r = gbr_format_material(c, code, sizeof code, &m);
    if (r.error || len < 12 || memcmp(text + 5, code, 7) != 0)
        return prop_fail(why, "\"%.*s\" does not carry the material code %.7s", (int)len, text, code);
    return 0;
}

/* ---- studies ---- */
static void generate_study(gen_rng *rng, void *value, void *ctx)
{
    gen_study_or_bare(rng, ctx, value);
}
/* Zero a digit, a pawn count, the stipulation or a king: all keep it valid
 * (fewer men never need more promotions) and lower the sum of fields. */
static int shrink_study(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    const gbr_study *s = value;
    uint8_t *fields[9];
    gbr_study *c = candidate;
    *c = *s;
    fields[0] = &c->stipulation;
    for (int i = 0; i < 4; i++)
        fields[1 + i] = &c->material.digit[i];
    fields[5] = &c->material.pawns[0];
    fields[6] = &c->material.pawns[1];
    fields[7] = &c->white_king;
    fields[8] = &c->black_king;
    for (int f = 0; f < 9; f++) {
        if (*fields[f] == 0)
            continue;
        if (f == 7 && s->black_king == 0)
            continue;
        if (f == 8 && s->white_king == 0)
            continue;
        if (index-- == 0) {
            *fields[f] = 0;
            return 1;
        }
    }
    return 0;
}
static void print_study(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    study_print(out, value);
}
static const prop_type study_type = {sizeof(gbr_study), generate_study, shrink_study, print_study};

static int parse_study_text(const gbr_codec *c, const char *text, size_t len, const gbr_study *expected,
                            prop_why *why)
{
    gbr_study t;
    memset(&t, 0, sizeof t);
    gbr_result r = gbr_parse_study(c, text, len, &t);
    if (r.error)
        return prop_fail(why, "parse_study(\"%.*s\"): %s at %u", (int)len, text, gbr_error_name(r.error), r.column);
    if (memcmp(&t, expected, sizeof t) != 0)
        return prop_fail(why, "parse_study(\"%.*s\") is another study", (int)len, text);
    return 0;
}

static int check_study(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const gbr_study *s = value;
    char text[GBR_STUDY_MAX + 3], again[GBR_STUDY_MAX + 1];
    gbr_result r = gbr_format_study(c, text + 1, GBR_STUDY_MAX, s);
    if (r.error)
        return prop_fail(why, "format_study: %s", gbr_error_name(r.error));
    size_t len = r.length;
    if (parse_study_text(c, text + 1, len, s, why))
        return 1;
    gbr_study t;
    gbr_parse_study(c, text + 1, len, &t);
    r = gbr_format_study(c, again, sizeof again, &t);
    if (r.error || r.length != len || memcmp(again, text + 1, len) != 0)
        return prop_fail(why, "\"%.*s\" formatted back as \"%.*s\"", (int)len, text + 1, r.error ? 0 : (int)r.length,
                         again);
    static const char wrappers[2][2] = {{'[', ']'}, {'(', ')'}};
    for (int w = 0; w < 2; w++) {
        text[0] = wrappers[w][0];
        text[len + 1] = wrappers[w][1];
        if (parse_study_text(c, text, len + 2, s, why))
            return 1;
    }
    if (s->material.pawns[0] == 0 && s->material.pawns[1] == 0) {
        size_t at = 1 + (s->stipulation ? 1 : 0) + 4; /* the ".00" */
        memmove(text + at, text + at + 3, len + 1 - at - 3);
        if (parse_study_text(c, text + 1, len - 3, s, why))
            return 1;
    }
    return 0;
}

/* ---- names ---- */
static void generate_counts(gen_rng *rng, void *value, void *ctx)
{
    (void)ctx;
    gen_counts(rng, value);
}
/* One man fewer of some type and colour: stays within §1. */
static int shrink_counts(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    const gbr_counts *v = value;
    for (int colour = 0; colour < 2; colour++)
        for (int type = 0; type <= GBR_PAWN; type++)
            if (v->count[colour][type] && index-- == 0) {
                gbr_counts *c = candidate;
                *c = *v;
                c->count[colour][type]--;
                return 1;
            }
    return 0;
}
static void print_counts(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const gbr_counts *v = value;
    fprintf(out, "white Q%u R%u B%u N%u P%u, black Q%u R%u B%u N%u P%u", v->count[0][0], v->count[0][1],
            v->count[0][2], v->count[0][3], v->count[0][4], v->count[1][0], v->count[1][1], v->count[1][2],
            v->count[1][3], v->count[1][4]);
}
static const prop_type counts_type = {sizeof(gbr_counts), generate_counts, shrink_counts, print_counts};

static int check_name(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const gbr_counts *counts = value;
    char name[GBR_NAME_MAX + 1], again[GBR_NAME_MAX + 1], code[GBR_MATERIAL_MAX + 1], expected[GBR_MATERIAL_MAX + 1];
    gbr_result r = gbr_format_name(c, name, sizeof name, counts);
    if (r.error)
        return prop_fail(why, "format_name: %s", gbr_error_name(r.error));
    size_t len = r.length;
    gbr_counts parsed;
    memset(&parsed, 0, sizeof parsed);
    r = gbr_parse_name(c, name, len, &parsed);
    if (r.error)
        return prop_fail(why, "parse_name(\"%.*s\"): %s at %u", (int)len, name, gbr_error_name(r.error), r.column);
    if (memcmp(&parsed, counts, sizeof parsed) != 0)
        return prop_fail(why, "parse_name(\"%.*s\") gave other counts", (int)len, name);
    r = gbr_format_name(c, again, sizeof again, &parsed);
    if (r.error || r.length != len || memcmp(again, name, len) != 0)
        return prop_fail(why, "\"%.*s\" formatted back as \"%.*s\"", (int)len, name, r.error ? 0 : (int)r.length, again);
    gbr_material m;
    r = gbr_material_from_counts(c, counts, &m);
    if (r.error)
        return prop_fail(why, "material_from_counts: %s", gbr_error_name(r.error));
    gbr_format_material(c, expected, sizeof expected, &m);
    r = gbr_name_to_material(c, code, sizeof code, name, len);
    if (r.error || r.length != 7 || memcmp(code, expected, 7) != 0)
        return prop_fail(why, "name_to_material(\"%.*s\") = \"%.*s\" (%s), expected %.7s", (int)len, name,
                         r.error ? 0 : (int)r.length, code, gbr_error_name(r.error), expected);
    return 0;
}

/* ---- conversions, fused or composed ---- */
static void generate_text(gen_rng *rng, void *value, void *ctx) { gen_text(rng, ctx, 50, value); }
static const prop_type text_type = {sizeof(gen_bytes), generate_text, prop_bytes_shrink, prop_bytes_print};

static gbr_result composed(const gbr_codec *c, int to_fen, int option, char *dst, size_t cap, const char *src,
                           size_t len)
{
    gbr_position p;
    gbr_result r = to_fen ? gbr_parse_position(c, src, len, &p) : gbr_parse_fen(c, src, len, &p);
    if (r.error)
        return r;
    if (to_fen)
        return gbr_format_fen(c, dst, cap, &p);
    p.indicator = (uint8_t)gbr_indicator_for(p.indicator == GBR_IND_BTM, (gbr_result_option)option);
    return gbr_format_position(c, dst, cap, &p);
}

static int check_conversions(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const gen_bytes *t = value;
    const char *src = (const char *)t->data;
    char converted_out[GBR_POSITION_MAX + 1], composed_out[GBR_POSITION_MAX + 1];
    for (int to_fen = 0; to_fen < 2; to_fen++) {
        for (int option = 0; option < (to_fen ? 1 : 3); option++) {
            size_t caps[3] = {sizeof converted_out, 0, 0};
            for (int k = 0; k < 3; k++) {
                gbr_result a =
                    to_fen ? gbr_position_to_fen(c, converted_out, caps[k], src, t->len)
                           : gbr_fen_to_position(c, converted_out, caps[k], src, t->len, (gbr_result_option)option);
                gbr_result b = composed(c, to_fen, option, composed_out, caps[k], src, t->len);
                if (a.error != b.error || a.column != b.column || a.length != b.length ||
                    (!a.error && memcmp(converted_out, composed_out, a.length) != 0))
                    return prop_fail(why,
                                     "%s (option %d, capacity %zu): converted %s col %u len %zu \"%.*s\", composed %s "
                                     "col %u len %zu \"%.*s\"",
                                     to_fen ? "position_to_fen" : "fen_to_position", option, caps[k],
                                     gbr_error_name(a.error), a.column, a.length, a.error ? 0 : (int)a.length,
                                     converted_out, gbr_error_name(b.error), b.column, b.length,
                                     b.error ? 0 : (int)b.length, composed_out);
                if (k == 0 && !b.error && b.length > 0) {
                    caps[1] = b.length - 1; /* too small by one */
                    caps[2] = 0;
                } else if (k == 0) {
                    break;
                }
            }
        }
    }
    return 0;
}

/* Every property of this file over one codec. */
static long check_codec(const gbr_codec *c)
{
    long failed = prop_run_for("position_fen_round_trip", c, &position_type, check_position_fen, CASES);
    failed += prop_run_for("position_form_round_trip", c, &position_type, check_position_form, CASES);
    failed += prop_run_for("study_round_trip", c, &study_type, check_study, CASES);
    failed += prop_run_for("name_round_trip", c, &counts_type, check_name, CASES);
    failed += prop_run_for("conversions_equal_composed", c, &text_type, check_conversions, CASES);
    return failed;
}

int main(void)
{
    return prop_each_codec(check_codec) ? 1 : 0;
}
