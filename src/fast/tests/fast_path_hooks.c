/* Each fast path of the optimised codec alone (src/fast/fast_hooks.h): on
 * generated and mutated inputs from the generator library (src/gen), a path
 * either hands the input over, leaving *out untouched, or accepts it with
 * exactly the reference codec's parsed value. A path that never accepts
 * anything fails too (it would pass this test by handing everything over),
 * except the lanes of position_few_men in a build without SSE2.
 *
 *   fast_path_hooks [iterations] [seed]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fast_config.h"
#include "fast_hooks.h"
#include "gen.h"

static gen_rng rng;
static const gbr_codec *ref;
static unsigned long failures;

typedef struct path_tally {
    const char *name;
    unsigned long tried, accepted;
} path_tally;

static void report(const char *path, const char *what, const void *input, size_t len, int text)
{
    if (failures++ < 10) {
        if (text)
            printf("FAIL %s: %s on \"%.*s\"\n", path, what, (int)len, (const char *)input);
        else
            printf("FAIL %s: %s on a struct\n", path, what);
    }
}

/* One text path against the reference parser of its form: out is filled
 * with `fill` first, so that an untouched *out can be told. */
typedef int (*text_path)(const char *s, size_t len, void *out);
typedef gbr_result (*ref_parser)(const char *s, size_t len, void *out);

static void check_text_path(path_tally *t, text_path path, ref_parser parse, size_t size, const char *s, size_t len)
{
    unsigned char got[sizeof(gbr_position)], want[sizeof(gbr_position)], untouched[sizeof(gbr_position)];
    memset(got, 0xA5, size);
    memset(untouched, 0xA5, size);
    memset(want, 0xA5, size);
    t->tried++;
    if (!path(s, len, got)) {
        if (memcmp(got, untouched, size) != 0)
            report(t->name, "handed over but wrote *out", s, len, 1);
        return;
    }
    t->accepted++;
    gbr_result r = parse(s, len, want);
    if (r.error != GBR_OK)
        report(t->name, "accepted a text the reference refuses", s, len, 1);
    else if (memcmp(got, want, size) != 0)
        report(t->name, "accepted with a value other than the reference's", s, len, 1);
}

/* Adapters to the void * types above. */
static int material_long(const char *s, size_t n, void *o) { return fast_hook_material_long(s, n, o); }
static int study_usual(const char *s, size_t n, void *o) { return fast_hook_study_usual(s, n, o); }
static int study_one_pass(const char *s, size_t n, void *o) { return fast_hook_study_one_pass(s, n, o); }
static int few_men(const char *s, size_t n, void *o) { return fast_hook_position_few_men(s, n, o); }
static int fen_placement(const char *s, size_t n, void *o) { return fast_hook_fen_placement(s, n, o); }
static int fen_common_shape(const char *s, size_t n, void *o) { return fast_hook_fen_common_shape(s, n, o); }
static gbr_result ref_material(const char *s, size_t n, void *o) { return gbr_parse_material(ref, s, n, o); }
static gbr_result ref_study(const char *s, size_t n, void *o) { return gbr_parse_study(ref, s, n, o); }
static gbr_result ref_position(const char *s, size_t n, void *o) { return gbr_parse_position(ref, s, n, o); }
static gbr_result ref_fen(const char *s, size_t n, void *o) { return gbr_parse_fen(ref, s, n, o); }

enum { MATERIAL_LONG, STUDY_USUAL, STUDY_ONE_PASS, FEW_MEN, FEN_PLACEMENT, FEN_COMMON, COUNTS_USUAL, COUNTS_UNUSUAL,
       PATHS };
static path_tally tally[PATHS] = {{"material_long", 0, 0},    {"study_usual", 0, 0},      {"study_one_pass", 0, 0},
                                  {"position_few_men", 0, 0}, {"fen_placement", 0, 0},    {"fen_common_shape", 0, 0},
                                  {"counts_usual", 0, 0},     {"counts_unusual", 0, 0}};

/* Every text path on one text (in a heap block of exactly its length, so
 * that ASan sees a read past it). */
static void check_text(const gen_bytes *t)
{
    char *s = malloc(t->len ? t->len : 1);
    if (s == NULL)
        exit(2);
    memcpy(s, t->data, t->len);
    check_text_path(&tally[MATERIAL_LONG], material_long, ref_material, sizeof(gbr_material), s, t->len);
    check_text_path(&tally[STUDY_USUAL], study_usual, ref_study, sizeof(gbr_study), s, t->len);
    check_text_path(&tally[STUDY_ONE_PASS], study_one_pass, ref_study, sizeof(gbr_study), s, t->len);
    check_text_path(&tally[FEW_MEN], few_men, ref_position, sizeof(gbr_position), s, t->len);
    check_text_path(&tally[FEN_PLACEMENT], fen_placement, ref_fen, sizeof(gbr_position), s, t->len);
    check_text_path(&tally[FEN_COMMON], fen_common_shape, ref_fen, sizeof(gbr_position), s, t->len);
    free(s);
}

static void check_counts_path(path_tally *t, int (*path)(const gbr_counts *, gbr_material *), const gbr_counts *c)
{
    gbr_material got, want, untouched;
    memset(&got, 0xA5, sizeof got);
    memset(&untouched, 0xA5, sizeof untouched);
    t->tried++;
    if (!path(c, &got)) {
        if (memcmp(&got, &untouched, sizeof got) != 0)
            report(t->name, "handed over but wrote *out", c, 0, 0);
        return;
    }
    t->accepted++;
    gbr_result r = gbr_material_from_counts(ref, c, &want);
    if (r.error != GBR_OK || memcmp(&got, &want, sizeof got) != 0)
        report(t->name, r.error != GBR_OK ? "accepted counts the reference refuses" : "another material", c, 0, 0);
}

/* Two bytes copied over two others: a square written twice (equal kings,
 * a used square, a list out of order), which byte mutations seldom make. */
static void copy_pair(gen_bytes *t)
{
    if (t->len < 4)
        return;
    size_t from = gen_below(&rng, (uint32_t)t->len - 1), to = gen_below(&rng, (uint32_t)t->len - 1);
    memmove(t->data + to, t->data + from, 2);
}

int main(int argc, char **argv)
{
    unsigned long iterations = argc > 1 ? strtoul(argv[1], NULL, 10) : 60000;
    gen_seed(&rng, argc > 2 ? strtoull(argv[2], NULL, 10) : 0x5DEECE66DULL);
    ref = gbr_codec_ref();
    for (unsigned long it = 0; it < iterations; it++) {
        gbr_counts c;
        gbr_position p;
        gen_bytes t = {0, {0}};
        gen_any_counts(&rng, &c, gen_below(&rng, 4) ? 8 : 14);
        if (gen_below(&rng, 4) == 0) /* counts beyond the rules or the usual: 9 pawns, promotions, 255 */
            c.count[gen_below(&rng, 2)][gen_below(&rng, 5)] =
                (uint8_t)(gen_below(&rng, 8) ? gen_below(&rng, 12) : gen_below(&rng, 256));
        check_counts_path(&tally[COUNTS_USUAL], fast_hook_counts_usual, &c);
        check_counts_path(&tally[COUNTS_UNUSUAL], fast_hook_counts_unusual, &c);
        switch (it % 4) {
        case 0: gen_write_material(&rng, &t, &c); break;
        case 1: gen_write_study(&rng, &t, &c); break;
        case 2:
            if (!gen_board(&rng, &p, &c))
                continue;
            gen_write_position(&t, &p);
            break;
        default:
            if (!gen_board(&rng, &p, &c))
                continue;
            gen_write_fen(&rng, &t, &p);
            break;
        }
        check_text(&t);
        gen_bytes copied = t;
        copy_pair(&copied);
        check_text(&copied);
        gen_mutate(&rng, &t);
        check_text(&t);
    }
    int lanes = (gbr_fast_paths & FAST_PATH_SSE2) != 0;
    for (unsigned k = 0; k < PATHS; k++) {
        printf("%-20s %8lu tried %8lu accepted\n", tally[k].name, tally[k].tried, tally[k].accepted);
        if (tally[k].accepted == 0 && (k != FEW_MEN || lanes)) {
            printf("FAIL %s: accepted nothing\n", tally[k].name);
            failures++;
        }
    }
    printf("%lu failures\n", failures);
    return failures != 0;
}
