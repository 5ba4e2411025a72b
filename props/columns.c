/*
 * Generated: the column entries (parse_material_column, parse_study_column,
 * material_from_counts_column) against the single entries, per codec.
 *
 *  - results[k] is the single entry's result for item k (an item ending
 *    before it starts: argument); out[k] is its value on success and zero
 *    bytes on failure; the return value is the number of failed items; no
 *    entry past n is written.
 *  - ref and fast give identical columns.
 *  - Unusable pointers with n > 0 give SIZE_MAX and write nothing; n == 0
 *    gives 0.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "prop.h"

#define ITEMS_MAX 12
#define COLUMN_CASES 20000

typedef struct column_case {
    size_t n;
    gen_bytes text[ITEMS_MAX];
    gbr_counts counts[ITEMS_MAX];
    size_t backwards; /* item whose end is set before its start; >= n for none */
    int null_text;    /* the column's text pointer is NULL */
} column_case;

typedef struct pair_ctx {
    const gbr_codec *codec[2];
    int codecs;
} pair_ctx;

static void generate(gen_rng *rng, void *value, void *ctx)
{
    column_case *v = value;
    const gbr_codec *ref = ((pair_ctx *)ctx)->codec[0];
    memset(v, 0, sizeof *v);
    v->n = gen_below(rng, ITEMS_MAX + 1);
    for (size_t k = 0; k < v->n; k++) {
        gen_bytes *t = &v->text[k];
        if (gen_chance(rng, 1, 8)) {
            gen_text(rng, ref, 50, t); /* any form, or noise */
        } else {
            t->len = gen_valid_text(rng, ref, gen_chance(rng, 1, 2) ? GEN_MATERIAL : GEN_STUDY, (char *)t->data);
            if (gen_chance(rng, 1, 4))
                gen_mutate(rng, t);
        }
        if (gen_chance(rng, 3, 4)) {
            gen_counts(rng, &v->counts[k]);
        } else { /* out of range now and then: argument, too-many-pawns, promotions */
            for (int colour = 0; colour < 2; colour++)
                for (int type = 0; type <= GBR_PAWN; type++)
                    v->counts[k].count[colour][type] = (uint8_t)gen_below(rng, gen_chance(rng, 1, 8) ? 256 : 12);
        }
    }
    v->backwards = gen_chance(rng, 1, 6) ? gen_below(rng, ITEMS_MAX) : ITEMS_MAX;
    v->null_text = gen_chance(rng, 1, 30);
}

static int shrink(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    const column_case *v = value;
    column_case *c = candidate;
    *c = *v;
    if (v->n > 0 && index-- == 0) {
        c->n--;
        return 1;
    }
    if (v->null_text && index-- == 0) {
        c->null_text = 0;
        return 1;
    }
    if (v->backwards < v->n && index-- == 0) {
        c->backwards = ITEMS_MAX;
        return 1;
    }
    for (size_t k = 0; k < v->n; k++)
        if (v->text[k].len && index-- == 0) {
            c->text[k].len--;
            return 1;
        }
    return 0;
}

static void print_case(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const column_case *v = value;
    fprintf(out, "%zu items%s%s\n", v->n, v->null_text ? ", NULL text" : "",
            v->backwards < v->n ? ", one item backwards" : "");
    for (size_t k = 0; k < v->n; k++) {
        fprintf(out, "  item %zu: ", k);
        prop_print_text(out, v->text[k].data, v->text[k].len);
        fprintf(out, "\n");
    }
}

/* The text column: items back to back, offsets[k + 1] moved before
 * offsets[k] for the backwards item. */
static size_t build_column(const column_case *v, char *text, size_t offsets[ITEMS_MAX + 1])
{
    size_t at = 0;
    offsets[0] = 0;
    for (size_t k = 0; k < v->n; k++) {
        memcpy(text + at, v->text[k].data, v->text[k].len);
        at += v->text[k].len;
        offsets[k + 1] = at;
    }
    if (v->backwards < v->n && offsets[v->backwards] > 0)
        offsets[v->backwards + 1] = offsets[v->backwards] - 1;
    return at;
}

static int same_result(gbr_result a, gbr_result b)
{
    return a.error == b.error && a.column == b.column && a.length == b.length;
}

/* Item k of a column against the single entry's answer. */
static int item_differs(prop_why *why, const char *what, const gbr_codec *c, size_t k, gbr_result column,
                        const void *value, gbr_result single, const void *single_value, size_t size)
{
    static const unsigned char zero[sizeof(gbr_study)];
    if (!same_result(column, single))
        return prop_fail(why, "%s %s item %zu: %s at %u, single entry %s at %u", gbr_codec_name(c), what, k,
                         gbr_error_name(column.error), column.column, gbr_error_name(single.error), single.column);
    if (memcmp(value, single.error ? zero : single_value, size) != 0)
        return prop_fail(why, "%s %s item %zu: %s", gbr_codec_name(c), what, k,
                         single.error ? "out not zero bytes on failure" : "value differs from the single entry");
    return 0;
}

typedef struct column_output {
    gbr_material material[ITEMS_MAX + 1];
    gbr_study study[ITEMS_MAX + 1];
    gbr_material from_counts[ITEMS_MAX + 1];
    gbr_result results[3][ITEMS_MAX + 1];
    size_t errors[3];
} column_output;

static int run_codec(const gbr_codec *c, const column_case *v, const char *text, const size_t *offsets,
                     column_output *o, prop_why *why)
{
    memset(o, 0x5a, sizeof *o); /* one spare entry each: it must stay untouched */
    o->errors[0] = gbr_parse_material_column(c, text, offsets, v->n, o->material, o->results[0]);
    o->errors[1] = gbr_parse_study_column(c, text, offsets, v->n, o->study, o->results[1]);
    o->errors[2] = gbr_material_from_counts_column(c, v->counts, v->n, o->from_counts, o->results[2]);
    size_t counted[3] = {0, 0, 0};
    for (size_t k = 0; k < v->n; k++) {
        gbr_result single[3];
        gbr_material m, from_counts;
        gbr_study s;
        if (offsets[k + 1] < offsets[k]) {
            gbr_result argument = {GBR_E_ARGUMENT, 0, 0};
            single[0] = single[1] = argument;
        } else {
            const char *src = text ? text + offsets[k] : NULL;
            single[0] = gbr_parse_material(c, src, offsets[k + 1] - offsets[k], &m);
            single[1] = gbr_parse_study(c, src, offsets[k + 1] - offsets[k], &s);
        }
        single[2] = gbr_material_from_counts(c, &v->counts[k], &from_counts);
        if (item_differs(why, "parse_material_column", c, k, o->results[0][k], &o->material[k], single[0], &m,
                         sizeof m) ||
            item_differs(why, "parse_study_column", c, k, o->results[1][k], &o->study[k], single[1], &s, sizeof s) ||
            item_differs(why, "material_from_counts_column", c, k, o->results[2][k], &o->from_counts[k], single[2],
                         &from_counts, sizeof from_counts))
            return 1;
        for (int e = 0; e < 3; e++)
            counted[e] += single[e].error != GBR_OK;
    }
    for (int e = 0; e < 3; e++)
        if (o->errors[e] != counted[e])
            return prop_fail(why, "%s column %d: returned %zu errors, items have %zu", gbr_codec_name(c), e,
                             o->errors[e], counted[e]);
    column_output spare;
    memset(&spare, 0x5a, sizeof spare);
    if (memcmp(&o->material[v->n], &spare.material[0], sizeof(gbr_material)) != 0 ||
        memcmp(&o->study[v->n], &spare.study[0], sizeof(gbr_study)) != 0 ||
        memcmp(&o->from_counts[v->n], &spare.from_counts[0], sizeof(gbr_material)) != 0 ||
        memcmp(&o->results[0][v->n], &spare.results[0][0], sizeof(gbr_result)) != 0)
        return prop_fail(why, "%s: a column wrote past its n items", gbr_codec_name(c));
    return 0;
}

static int check(const void *value, void *ctx, prop_why *why)
{
    const column_case *v = value;
    const pair_ctx *pc = ctx;
    char text[ITEMS_MAX * GEN_BYTES_MAX];
    size_t offsets[ITEMS_MAX + 1];
    build_column(v, text, offsets);
    static column_output out[2];
    for (int i = 0; i < pc->codecs; i++)
        if (run_codec(pc->codec[i], v, v->null_text ? NULL : text, offsets, &out[i], why))
            return 1;
    if (pc->codecs == 2) {
        for (size_t k = 0; k < v->n; k++)
            for (int e = 0; e < 3; e++)
                if (!same_result(out[0].results[e][k], out[1].results[e][k]))
                    return prop_fail(why, "column %d item %zu: ref and fast results differ", e, k);
        size_t n = v->n;
        if (memcmp(out[0].material, out[1].material, n * sizeof(gbr_material)) != 0 ||
            memcmp(out[0].study, out[1].study, n * sizeof(gbr_study)) != 0 ||
            memcmp(out[0].from_counts, out[1].from_counts, n * sizeof(gbr_material)) != 0)
            return prop_fail(why, "ref and fast column values differ");
    }
    return 0;
}

static const prop_type column_type = {sizeof(column_case), generate, shrink, print_case};

/* Fixed cases: the pointer rules of gbr.h's column entries. */
static long check_pointers(const gbr_codec *c, prop_tally *t)
{
    size_t offsets[2] = {0, 7};
    gbr_counts counts;
    memset(&counts, 0, sizeof counts);
    gbr_material m;
    gbr_study s;
    gbr_result r;
    memset(&r, 0x5a, sizeof r);
    const gbr_result untouched = r;
    size_t got[12] = {
        gbr_parse_material_column(c, "0000.00", NULL, 1, &m, &r),
        gbr_parse_material_column(c, "0000.00", offsets, 1, NULL, &r),
        gbr_parse_material_column(c, "0000.00", offsets, 1, &m, NULL),
        gbr_parse_study_column(c, "0000a1h8", NULL, 1, &s, &r),
        gbr_parse_study_column(c, "0000a1h8", offsets, 1, NULL, &r),
        gbr_parse_study_column(c, "0000a1h8", offsets, 1, &s, NULL),
        gbr_material_from_counts_column(c, NULL, 1, &m, &r),
        gbr_material_from_counts_column(c, &counts, 1, NULL, &r),
        gbr_material_from_counts_column(c, &counts, 1, &m, NULL),
        gbr_parse_material_column(c, NULL, NULL, 0, NULL, NULL),
        gbr_parse_study_column(c, NULL, NULL, 0, NULL, NULL),
        gbr_material_from_counts_column(c, NULL, 0, NULL, NULL),
    };
    for (int k = 0; k < 12; k++) {
        size_t want = k < 9 ? SIZE_MAX : 0;
        t->checked++;
        if (got[k] != want)
            prop_tally_fail(t, "%s: pointer case %d returned %zu, expected %zu", gbr_codec_name(c), k, got[k], want);
    }
    t->checked++;
    if (memcmp(&r, &untouched, sizeof r) != 0)
        prop_tally_fail(t, "%s: a column with a NULL pointer wrote a result", gbr_codec_name(c));
    return t->failed;
}

int main(void)
{
    pair_ctx pc;
    pc.codecs = prop_codecs(pc.codec);
    prop_tally pointers = {"column_pointers", 0, 0};
    for (int i = 0; i < pc.codecs; i++)
        check_pointers(pc.codec[i], &pointers);
    long failed = prop_tally_report(&pointers);
    failed += prop_run("column_equals_single", &column_type, check, &pc, COLUMN_CASES);
    return failed ? 1 : 0;
}
