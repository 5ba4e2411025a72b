/*
 * Generated: the left-to-right error reporting of §9.3, through every codec's
 * parsers, checked without any expected answers of our own.
 *
 *  - prefixes_of_valid_texts: every proper prefix of a valid text of a form is
 *    valid, or fails with `truncated` at length + 1 (rule 1), or, in the
 *    position form, with `men-mismatch` (rule 4: a count cut short is a
 *    complete, smaller count). The empty prefix is `empty` at 1.
 *  - errors_ignore_unread_bytes: when a parser reports a character-level error
 *    (found at most one byte after its column: the second byte of a square),
 *    replacing or cutting everything after that byte gives the same error at
 *    the same column, since a checker that reads once, left to right, has not
 *    looked there yet. Whole-field checks (promotions, fen-kings, overflow
 *    groups closed too small, men counts) are found later than their column
 *    and are left out.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "prop.h"

enum { PREFIX_CASES = 6000, UNREAD_CASES = 30000, FORMS = 5 };

typedef gbr_result (*parse_fn)(const gbr_codec *c, const char *src, size_t len);

static gbr_result parse_material(const gbr_codec *c, const char *s, size_t n)
{
    gbr_material v;
    return gbr_parse_material(c, s, n, &v);
}
static gbr_result parse_study(const gbr_codec *c, const char *s, size_t n)
{
    gbr_study v;
    return gbr_parse_study(c, s, n, &v);
}
static gbr_result parse_position(const gbr_codec *c, const char *s, size_t n)
{
    gbr_position v;
    return gbr_parse_position(c, s, n, &v);
}
static gbr_result parse_fen(const gbr_codec *c, const char *s, size_t n)
{
    gbr_position v;
    return gbr_parse_fen(c, s, n, &v);
}
static gbr_result parse_name(const gbr_codec *c, const char *s, size_t n)
{
    gbr_counts v;
    return gbr_parse_name(c, s, n, &v);
}

/* Indexed by gen_form. */
static const struct {
    const char *name;
    parse_fn parse;
} parsers[FORMS] = {
    {"material", parse_material}, {"study", parse_study}, {"position", parse_position},
    {"fen", parse_fen},           {"name", parse_name},
};

typedef struct form_text {
    int form;
    gen_bytes text;
} form_text;

static void print_form_text(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const form_text *v = value;
    fprintf(out, "%s ", parsers[v->form].name);
    prop_print_text(out, v->text.data, v->text.len);
}

/* ---- prefixes ---- */
static void generate_valid(gen_rng *rng, void *value, void *ctx)
{
    form_text *v = value;
    v->form = (int)gen_below(rng, FORMS);
    v->text.len = gen_valid_text(rng, ctx, (gen_form)v->form, (char *)v->text.data);
}

static int check_prefixes(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const form_text *v = value;
    const char *src = (const char *)v->text.data;
    if (v->text.len == 0)
        return prop_fail(why, "the codec could not write a valid %s text", parsers[v->form].name);
    gbr_result whole = parsers[v->form].parse(c, src, v->text.len);
    if (whole.error)
        return prop_fail(why, "the text itself fails: %s at %u", gbr_error_name(whole.error), whole.column);
    for (size_t len = 0; len < v->text.len; len++) {
        gbr_result r = parsers[v->form].parse(c, src, len);
        int allowed = r.error == GBR_OK || (len == 0 && r.error == GBR_E_EMPTY && r.column == 1) ||
                      (r.error == GBR_E_TRUNCATED && r.column == len + 1) ||
                      (v->form == GEN_POSITION && r.error == GBR_E_MEN_MISMATCH);
        if (!allowed)
            return prop_fail(why, "prefix \"%.*s\" (%zu bytes) gives %s at %u", (int)len, src, len,
                             gbr_error_name(r.error), r.column);
    }
    return 0;
}

static const prop_type valid_type = {sizeof(form_text), generate_valid, NULL, print_form_text};

/* ---- unread bytes ---- */
typedef struct unread_case {
    gen_bytes text;
    uint64_t tail_seed; /* for the replacement tails */
} unread_case;

static void generate_unread(gen_rng *rng, void *value, void *ctx)
{
    unread_case *v = value;
    gen_text(rng, ctx, 85, &v->text);
    v->tail_seed = gen_next(rng);
}

static int shrink_unread(const void *value, size_t index, void *candidate, void *ctx)
{
    const unread_case *v = value;
    unread_case *c = candidate;
    c->tail_seed = v->tail_seed;
    return prop_bytes_shrink(&v->text, index, &c->text, ctx);
}

static void print_unread(FILE *out, const void *value, void *ctx)
{
    const unread_case *v = value;
    prop_bytes_print(out, &v->text, ctx);
    fprintf(out, " tail seed 0x%016llx", (unsigned long long)v->tail_seed);
}

static int found_at_its_column(gbr_error e)
{
    switch (e) {
    case GBR_E_TRAILING: case GBR_E_EXPECTED_DIGIT: case GBR_E_PAWN_COUNT: case GBR_E_EXPECTED_POINT:
    case GBR_E_EXPECTED_SPACE: case GBR_E_EXPECTED_SLASH: case GBR_E_EXPECTED_CLOSE: case GBR_E_EXPECTED_SQUARE:
    case GBR_E_SQUARE_COUNT: case GBR_E_DUPLICATE_SQUARE: case GBR_E_SQUARE_ORDER: case GBR_E_PAWN_RANK:
    case GBR_E_TOO_MANY_PAWNS: case GBR_E_INDICATOR: case GBR_E_FEN_PIECE: case GBR_E_FEN_RANK:
    case GBR_E_FEN_FIELD: case GBR_E_NAME_SYNTAX:
        return 1;
    default:
        return 0;
    }
}

/* How many errors were re-checked with other tails (shrinking included). */
static long rechecked_errors;

static int check_unread(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const unread_case *v = value;
    for (int form = 0; form < FORMS; form++) {
        gbr_result r = parsers[form].parse(c, (const char *)v->text.data, v->text.len);
        if (!found_at_its_column(r.error))
            continue;
        if (r.column == 0 || r.column > v->text.len)
            return prop_fail(why, "%s: %s at column %u of a %zu-byte text", parsers[form].name,
                             gbr_error_name(r.error), r.column, v->text.len);
        rechecked_errors++;
        size_t keep = r.column + 1 < v->text.len ? r.column + 1 : v->text.len; /* bytes read so far */
        gen_rng rng;
        gen_seed(&rng, v->tail_seed);
        for (int variant = 0; variant < 4; variant++) {
            gen_bytes other = v->text;
            other.len = keep;
            if (variant > 0) { /* a tail of random GBR bytes, or a valid text's bytes */
                gen_bytes tail;
                gen_text(&rng, c, variant == 1 ? 100 : 0, &tail);
                size_t n = tail.len < GEN_BYTES_MAX - keep ? tail.len : GEN_BYTES_MAX - keep;
                memcpy(other.data + keep, tail.data, n);
                other.len = keep + n;
            }
            gbr_result again = parsers[form].parse(c, (const char *)other.data, other.len);
            if (again.error != r.error || again.column != r.column)
                return prop_fail(why, "%s: %s at %u, but with the bytes after column %zu changed to \"%.*s\": %s at %u",
                                 parsers[form].name, gbr_error_name(r.error), r.column, keep,
                                 (int)(other.len - keep), (const char *)other.data + keep,
                                 gbr_error_name(again.error), again.column);
        }
    }
    return 0;
}

static const prop_type unread_type = {sizeof(unread_case), generate_unread, shrink_unread, print_unread};

/* Every property of this file over one codec. */
static long check_codec(const gbr_codec *c)
{
    long failed = prop_run_for("prefixes_of_valid_texts", c, &valid_type, check_prefixes, PREFIX_CASES);
    rechecked_errors = 0;
    failed += prop_run_for("errors_ignore_unread_bytes", c, &unread_type, check_unread, UNREAD_CASES);
    printf("  (%ld character-level errors re-checked with 4 other tails each)\n", rechecked_errors);
    return failed;
}

int main(void)
{
    return prop_each_codec(check_codec) ? 1 : 0;
}
