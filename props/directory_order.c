/*
 * Generated: study codes and position forms sort in the directory order of
 * spec §8 under each codec's order keys.
 *
 * The comparators below are written from §8's prose over the structs (test
 * code, not codec code): studies by material number, white king, black king,
 * stipulation; positions by material number, kings, white counts of the
 * 9-types, the square field's squares in written order, indicator. For pairs
 * of nearby values (sharing material and often more, so every tie-breaker is
 * reached) the key order must have the comparator's sign, equal keys only for
 * equal values; batches sorted by the comparator must have strictly
 * increasing keys. study_key must also be the integer §8 gives.
 *
 * Across forms: gbr_directory_key_of's byte order against §8's "Across
 * forms" prose over mixed pairs (a position, the study code and material
 * code of it or of a nearby position), written here from the struct fields.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen.h"
#include "prop.h"

enum { PAIR_CASES = 50000, BATCHES = 400, BATCH_SIZE = 48 };

static int sign(long long v) { return (v > 0) - (v < 0); }

static uint32_t material_number(const gbr_material *m)
{
    uint32_t n = 0;
    for (int i = 0; i < 4; i++)
        n = n * 10 + m->digit[i];
    return (n * 10 + m->pawns[0]) * 10 + m->pawns[1];
}

/* ---- studies ---- */
static int study_compare(const gbr_study *a, const gbr_study *b)
{
    uint32_t ma = material_number(&a->material), mb = material_number(&b->material);
    if (ma != mb)
        return ma < mb ? -1 : 1;
    if (a->white_king != b->white_king)
        return a->white_king < b->white_king ? -1 : 1;
    if (a->black_king != b->black_king)
        return a->black_king < b->black_king ? -1 : 1;
    return sign((long long)a->stipulation - b->stipulation); /* none < + < = */
}

typedef struct study_pair {
    gbr_study a, b;
} study_pair;

static void generate_study_pair(gen_rng *rng, void *value, void *ctx)
{
    study_pair *pair = value;
    gen_study_or_bare(rng, ctx, &pair->a);
    pair->b = pair->a;
    switch (gen_below(rng, 5)) {
    case 0: pair->b.stipulation = (uint8_t)gen_below(rng, 3); break;
    case 1:
        do
            pair->b.white_king = (uint8_t)gen_below(rng, 64);
        while (pair->b.white_king == pair->b.black_king);
        break;
    case 2:
        do
            pair->b.black_king = (uint8_t)gen_below(rng, 64);
        while (pair->b.white_king == pair->b.black_king);
        break;
    default:
        gen_study_or_bare(rng, ctx, &pair->b);
        break;
    }
}

static int check_study_pair(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const study_pair *pair = value;
    uint64_t ka = gbr_study_key_of(c, &pair->a), kb = gbr_study_key_of(c, &pair->b);
    const gbr_study *each[2] = {&pair->a, &pair->b};
    uint64_t keys[2] = {ka, kb};
    for (int i = 0; i < 2; i++) {
        const gbr_study *s = each[i];
        uint64_t expected = ((uint64_t)material_number(&s->material) << 14) + ((uint64_t)s->white_king << 8) +
                            ((uint64_t)s->black_king << 2) + s->stipulation;
        if (keys[i] != expected)
            return prop_fail(why, "study_key %llu, §8 gives %llu", (unsigned long long)keys[i],
                             (unsigned long long)expected);
    }
    int by_key = ka < kb ? -1 : ka > kb, by_prose = study_compare(&pair->a, &pair->b);
    if (by_key != by_prose)
        return prop_fail(why, "key order %d, §8 order %d", by_key, by_prose);
    return 0;
}

static void print_study_pair(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const study_pair *pair = value;
    study_print(out, &pair->a);
    fprintf(out, " vs ");
    study_print(out, &pair->b);
}

static const prop_type study_pair_type = {sizeof(study_pair), generate_study_pair, NULL, print_study_pair};

/* ---- positions ---- */
typedef struct written_form {
    uint32_t material;
    int white_king, black_king;
    int nine_white[4];
    int squares[32];
    int square_count;
    int indicator;
} written_form;

/* The fields §8 compares, read off the struct in the order the position form
 * writes them. */
static void written(const gbr_position *p, written_form *w)
{
    memset(w, 0, sizeof *w);
    gbr_counts counts;
    gbr_position_counts(p, &counts);
    uint32_t number = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        int white = counts.count[GBR_WHITE][type], black = counts.count[GBR_BLACK][type];
        int nine = white >= 3 || black >= 3;
        number = number * 10 + (uint32_t)(nine ? 9 : white + 3 * black);
        w->nine_white[type] = nine ? white : 0;
    }
    w->material = (number * 10 + counts.count[GBR_WHITE][GBR_PAWN]) * 10 + counts.count[GBR_BLACK][GBR_PAWN];
    w->white_king = position_king(p, GBR_WHITE);
    w->black_king = position_king(p, GBR_BLACK);
    for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
        for (int colour = 0; colour < 2; colour++)
            for (int sq = 0; sq < 64; sq++)
                if (p->board[sq] == ((colour << 3) | (type + 1)))
                    w->squares[w->square_count++] = sq;
    w->indicator = p->indicator;
}

static int position_compare(const gbr_position *a, const gbr_position *b)
{
    written_form wa, wb;
    written(a, &wa);
    written(b, &wb);
    if (wa.material != wb.material)
        return wa.material < wb.material ? -1 : 1;
    if (wa.white_king != wb.white_king)
        return sign(wa.white_king - wb.white_king);
    if (wa.black_king != wb.black_king)
        return sign(wa.black_king - wb.black_king);
    for (int type = 0; type < 4; type++)
        if (wa.nine_white[type] != wb.nine_white[type])
            return sign(wa.nine_white[type] - wb.nine_white[type]);
    /* One by one in written order; a field that ends first sorts first. */
    for (int i = 0; i < wa.square_count || i < wb.square_count; i++) {
        if (i >= wa.square_count || i >= wb.square_count)
            return i >= wa.square_count ? -1 : 1;
        if (wa.squares[i] != wb.squares[i])
            return sign(wa.squares[i] - wb.squares[i]);
    }
    return sign(wa.indicator - wb.indicator); /* none < + < = < -+ < -= < WTM < BTM */
}

typedef struct position_pair {
    gbr_position a, b;
} position_pair;

static void generate_position_pair(gen_rng *rng, void *value, void *ctx)
{
    (void)ctx;
    position_pair *pair = value;
    gen_position(rng, &pair->a);
    gen_position_near(rng, &pair->a, &pair->b);
}

static int shrink_position_pair(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    const position_pair *v = value;
    position_pair *c = candidate;
    *c = *v;
    size_t a_candidates = 0;
    while (position_shrink(&v->a, a_candidates, &c->a))
        a_candidates++;
    c->a = v->a;
    if (index < a_candidates)
        return position_shrink(&v->a, index, &c->a);
    return position_shrink(&v->b, index - a_candidates, &c->b);
}

static void print_position_pair(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const position_pair *pair = value;
    position_print(out, &pair->a);
    fprintf(out, " vs ");
    position_print(out, &pair->b);
}

static const prop_type position_pair_type = {sizeof(position_pair), generate_position_pair, shrink_position_pair,
                                             print_position_pair};

static int check_position_pair(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const position_pair *pair = value;
    gbr_position_key ka, kb;
    gbr_position_key_of(c, &pair->a, &ka);
    gbr_position_key_of(c, &pair->b, &kb);
    int by_key = sign(memcmp(ka.bytes, kb.bytes, GBR_POSITION_KEY_SIZE));
    int by_prose = position_compare(&pair->a, &pair->b);
    if (by_key != by_prose)
        return prop_fail(why, "key order %d, §8 order %d", by_key, by_prose);
    if (by_key == 0 && !position_equal(&pair->a, &pair->b))
        return prop_fail(why, "different positions share a key");
    return 0;
}

static int compare_positions_for_qsort(const void *a, const void *b) { return position_compare(a, b); }

/* Batches of nearby positions sorted by the §8 comparator: keys strictly
 * increase (exact duplicates dropped). */
static long check_sorted_batches(const gbr_codec *c)
{
    prop_name name = prop_name_for("position_batches_sorted", c);
    prop_tally t = {name.text, 0, 0};
    gen_rng rng;
    gen_seed(&rng, 0x5eed0f0b);
    gbr_position batch[BATCH_SIZE];
    for (int round = 0; round < BATCHES; round++) {
        gen_position(&rng, &batch[0]);
        for (int i = 1; i < BATCH_SIZE; i++)
            gen_position_near(&rng, &batch[gen_below(&rng, (uint32_t)i)], &batch[i]);
        qsort(batch, BATCH_SIZE, sizeof batch[0], compare_positions_for_qsort);
        gbr_position_key previous, key;
        for (int i = 0; i < BATCH_SIZE; i++) {
            gbr_position_key_of(c, &batch[i], &key);
            t.checked++;
            if (i && !position_equal(&batch[i], &batch[i - 1]) &&
                memcmp(previous.bytes, key.bytes, GBR_POSITION_KEY_SIZE) >= 0) {
                fprintf(stderr, "  ");
                position_print(stderr, &batch[i - 1]);
                fprintf(stderr, "\n  ");
                position_print(stderr, &batch[i]);
                fputc('\n', stderr);
                prop_tally_fail(&t, "%s: batch %d: key of entry %d does not exceed the one before", gbr_codec_name(c),
                                round, i);
            }
            previous = key;
        }
    }
    return prop_tally_report(&t);
}


/* ---- across forms ---- */
typedef struct mixed {
    gbr_form form;
    gbr_position position; /* what the value is taken from */
    int stipulation;       /* of the study code */
} mixed;

typedef struct mixed_pair {
    mixed a, b;
} mixed_pair;

static void generate_mixed(gen_rng *rng, const gbr_position *p, mixed *m)
{
    static const gbr_form forms[3] = {GBR_FORM_MATERIAL, GBR_FORM_STUDY, GBR_FORM_POSITION};
    m->form = forms[gen_below(rng, 3)];
    m->position = *p;
    m->stipulation = (int)gen_below(rng, 3);
}

static void generate_mixed_pair(gen_rng *rng, void *value, void *ctx)
{
    (void)ctx;
    mixed_pair *pair = value;
    gbr_position a, b;
    gen_position(rng, &a);
    if (gen_below(rng, 3) == 0)
        b = a; /* same material and kings: only the form and its rest differ */
    else
        gen_position_near(rng, &a, &b);
    generate_mixed(rng, &a, &pair->a);
    generate_mixed(rng, &b, &pair->b);
}

/* The value of a mixed item in the struct its form takes. */
typedef union mixed_value {
    gbr_material material;
    gbr_study study;
    gbr_position position;
} mixed_value;

static int mixed_value_of(const gbr_codec *c, const mixed *m, mixed_value *v)
{
    gbr_counts counts;
    gbr_position_counts(&m->position, &counts);
    gbr_material material;
    if (gbr_material_from_counts(c, &counts, &material).error)
        return -1;
    switch (m->form) {
    case GBR_FORM_MATERIAL: v->material = material; break;
    case GBR_FORM_STUDY:
        v->study.material = material;
        v->study.white_king = (uint8_t)position_king(&m->position, GBR_WHITE);
        v->study.black_king = (uint8_t)position_king(&m->position, GBR_BLACK);
        v->study.stipulation = (uint8_t)m->stipulation;
        break;
    default: v->position = m->position; break;
    }
    return 0;
}

/* §8 "Across forms": material; a material code alone first; kings; a study
 * code before a position form; then each form's own order. */
static int mixed_compare(const mixed *a, const mixed *b)
{
    written_form wa, wb;
    written(&a->position, &wa);
    written(&b->position, &wb);
    if (wa.material != wb.material)
        return wa.material < wb.material ? -1 : 1;
    int alone_a = a->form == GBR_FORM_MATERIAL, alone_b = b->form == GBR_FORM_MATERIAL;
    if (alone_a || alone_b)
        return sign(alone_b - alone_a);
    if (wa.white_king != wb.white_king)
        return sign(wa.white_king - wb.white_king);
    if (wa.black_king != wb.black_king)
        return sign(wa.black_king - wb.black_king);
    if (a->form != b->form)
        return a->form == GBR_FORM_STUDY ? -1 : 1;
    if (a->form == GBR_FORM_STUDY)
        return sign(a->stipulation - b->stipulation);
    return position_compare(&a->position, &b->position);
}

static int mixed_equal(const mixed *a, const mixed *b)
{
    return mixed_compare(a, b) == 0 && a->form == b->form;
}

static int check_mixed_pair(const void *value, void *ctx, prop_why *why)
{
    const gbr_codec *c = ctx;
    const mixed_pair *pair = value;
    mixed_value va, vb;
    if (mixed_value_of(c, &pair->a, &va) != 0 || mixed_value_of(c, &pair->b, &vb) != 0)
        return prop_fail(why, "material_from_counts rejected a generated position");
    gbr_directory_key ka, kb;
    if (gbr_directory_key_of(c, pair->a.form, &va, &ka) != 0 || gbr_directory_key_of(c, pair->b.form, &vb, &kb) != 0)
        return prop_fail(why, "gbr_directory_key_of refused a material, study or position");
    int by_key = sign(memcmp(ka.bytes, kb.bytes, GBR_DIRECTORY_KEY_SIZE));
    int by_prose = mixed_compare(&pair->a, &pair->b);
    if (by_key != by_prose)
        return prop_fail(why, "directory key order %d, §8 order %d (forms %d, %d)", by_key, by_prose,
                         (int)pair->a.form, (int)pair->b.form);
    if (by_key == 0 && !mixed_equal(&pair->a, &pair->b))
        return prop_fail(why, "different values share a directory key");
    return 0;
}

static void print_mixed_pair(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const mixed_pair *pair = value;
    fprintf(out, "%s(stip %d) ", gbr_form_name(pair->a.form), pair->a.stipulation);
    position_print(out, &pair->a.position);
    fprintf(out, " vs %s(stip %d) ", gbr_form_name(pair->b.form), pair->b.stipulation);
    position_print(out, &pair->b.position);
}

static const prop_type mixed_pair_type = {sizeof(mixed_pair), generate_mixed_pair, NULL, print_mixed_pair};

/* Forms the key does not cover are refused with zero bytes. */
static long check_other_forms(const gbr_codec *c)
{
    prop_tally t = {"directory_key_other_forms", 0, 0};
    gbr_directory_key k;
    gbr_material m = {{1, 0, 0, 0}, {0, 0}};
    static const gbr_directory_key zero;
    const gbr_form refused[] = {GBR_FORM_UNKNOWN, GBR_FORM_FEN, GBR_FORM_NAME};
    for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
        memset(k.bytes, 0xAA, sizeof k.bytes);
        t.checked++;
        if (gbr_directory_key_of(c, refused[i], &m, &k) != -1 || memcmp(k.bytes, zero.bytes, sizeof k.bytes) != 0)
            prop_tally_fail(&t, "%s: form %d not refused with zero bytes", gbr_codec_name(c), (int)refused[i]);
    }
    memset(k.bytes, 0xAA, sizeof k.bytes);
    t.checked++;
    if (gbr_directory_key_of(c, GBR_FORM_MATERIAL, NULL, &k) != -1 || memcmp(k.bytes, zero.bytes, sizeof k.bytes) != 0)
        prop_tally_fail(&t, "%s: a NULL value not refused with zero bytes", gbr_codec_name(c));
    return prop_tally_report(&t);
}

/* The three examples of §8's directory key, byte for byte. */
static long check_spec_examples(const gbr_codec *c)
{
    prop_tally t = {"directory_key_spec_examples", 0, 0};
    static const struct {
        gbr_form form;
        const char *text;
        uint8_t head[13];
        size_t head_len;
    } examples[] = {
        {GBR_FORM_MATERIAL, "0103.00", {0x00, 0x28, 0x3c, 0, 0, 0, 0, 0}, 8},
        {GBR_FORM_STUDY, "+0103.00a1c3", {0x00, 0x28, 0x3c, 1, 0, 0x12, 0, 1}, 8},
        {GBR_FORM_POSITION, "a1c3 0103.00 b1c1 2/2.", {0x00, 0x28, 0x3c, 1, 0, 0x12, 1, 0, 0, 0, 0, 0x09, 0x11}, 13},
    };
    for (size_t i = 0; i < sizeof examples / sizeof examples[0]; i++) {
        mixed_value v;
        const char *text = examples[i].text;
        gbr_result r = examples[i].form == GBR_FORM_MATERIAL ? gbr_parse_material(c, text, strlen(text), &v.material)
                       : examples[i].form == GBR_FORM_STUDY  ? gbr_parse_study(c, text, strlen(text), &v.study)
                                                             : gbr_parse_position(c, text, strlen(text), &v.position);
        gbr_directory_key k, expected = {{0}};
        memcpy(expected.bytes, examples[i].head, examples[i].head_len);
        t.checked++;
        if (r.error || gbr_directory_key_of(c, examples[i].form, &v, &k) != 0 ||
            memcmp(k.bytes, expected.bytes, sizeof k.bytes) != 0)
            prop_tally_fail(&t, "%s: %s: not the key §8 gives", gbr_codec_name(c), text);
    }
    return prop_tally_report(&t);
}

/* Every property of this file over one codec. */
static long check_codec(const gbr_codec *c)
{
    long failed = prop_run_for("study_key_order", c, &study_pair_type, check_study_pair, PAIR_CASES);
    failed += prop_run_for("position_key_order", c, &position_pair_type, check_position_pair, PAIR_CASES);
    failed += check_sorted_batches(c);
    failed += prop_run_for("directory_key_across_forms", c, &mixed_pair_type, check_mixed_pair, PAIR_CASES);
    failed += check_other_forms(c);
    failed += check_spec_examples(c);
    return failed;
}

int main(void)
{
    return prop_each_codec(check_codec) ? 1 : 0;
}
