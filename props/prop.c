/* The property-testing driver: see prop.h. */
#include "prop.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

int prop_fail(prop_why *why, const char *format, ...)
{
    va_list args;
    va_start(args, format);
    vsnprintf(why->text, sizeof why->text, format, args);
    va_end(args);
    return 1;
}

static uint64_t name_hash(const char *name)
{
    uint64_t h = 0xcbf29ce484222325u; /* FNV-1a */
    for (; *name; name++)
        h = (h ^ (uint8_t)*name) * 0x100000001b3u;
    return h;
}

static long env_long(const char *var, long fallback)
{
    const char *text = getenv(var);
    if (!text || !*text)
        return fallback;
    char *end;
    long v = strtol(text, &end, 0);
    if (*end || v < 0) {
        fprintf(stderr, "%s=%s: not a non-negative number\n", var, text);
        exit(2);
    }
    return v;
}

/* GBR_PROP_SEED=NAME:SEED. Returns 0 when unset, 1 with *seed when it names
 * this property, -1 when it names another one. */
static int replay_request(const char *name, uint64_t *seed)
{
    const char *text = getenv("GBR_PROP_SEED");
    if (!text || !*text)
        return 0;
    const char *colon = strrchr(text, ':');
    if (!colon) {
        fprintf(stderr, "GBR_PROP_SEED=%s: expected NAME:SEED\n", text);
        exit(2);
    }
    if ((size_t)(colon - text) != strlen(name) || strncmp(text, name, strlen(name)) != 0)
        return -1;
    char *end;
    *seed = strtoull(colon + 1, &end, 0);
    if (*end || end == colon + 1) {
        fprintf(stderr, "GBR_PROP_SEED=%s: bad seed\n", text);
        exit(2);
    }
    return 1;
}

enum { SHRINK_CHECK_LIMIT = 20000, PRINTED_FAILURE_LIMIT = 3 };

/* Greedy: take the first candidate that still fails, start again from it. */
static long shrink(const prop_type *type, prop_check check, void *ctx, void *value, prop_why *why)
{
    void *candidate = malloc(type->size);
    long steps = 0, checks = 0;
    int improved = 1;
    while (improved && type->shrink && checks < SHRINK_CHECK_LIMIT) {
        improved = 0;
        for (size_t i = 0; checks < SHRINK_CHECK_LIMIT && type->shrink(value, i, candidate, ctx); i++) {
            prop_why candidate_why;
            checks++;
            if (check(candidate, ctx, &candidate_why)) {
                memcpy(value, candidate, type->size);
                *why = candidate_why;
                steps++;
                improved = 1;
                break;
            }
        }
    }
    free(candidate);
    return steps;
}

static void report_failure(const char *name, const prop_type *type, prop_check check, void *ctx, uint64_t seed,
                           void *value, const prop_why *first_why)
{
    fprintf(stderr, "\nFAIL property %s, case seed 0x%016" PRIx64 "\n", name, seed);
    fprintf(stderr, "  input:  ");
    type->print(stderr, value, ctx);
    fprintf(stderr, "\n  why:    %s\n", first_why->text);
    prop_why why = *first_why;
    long steps = shrink(type, check, ctx, value, &why);
    fprintf(stderr, "  shrunk (%ld steps): ", steps);
    type->print(stderr, value, ctx);
    fprintf(stderr, "\n  why:    %s\n", why.text);
    fprintf(stderr, "  replay: GBR_PROP_SEED=%s:0x%016" PRIx64 " <this test binary>\n", name, seed);
}

long prop_run(const char *name, const prop_type *type, prop_check check, void *ctx, long default_cases)
{
    uint64_t replay_seed = 0;
    int replay = replay_request(name, &replay_seed);
    if (replay < 0) {
        printf("%s: skipped (GBR_PROP_SEED names another property)\n", name);
        return 0;
    }
    long cases = replay ? 1 : env_long("GBR_PROP_CASES", default_cases);
    uint64_t base = (uint64_t)env_long("GBR_PROP_BASE_SEED", 0) ^ name_hash(name);
    void *value = malloc(type->size);
    long failed = 0;
    for (long i = 0; i < cases; i++) {
        uint64_t seed = replay ? replay_seed : base + (uint64_t)i * 0x9e3779b97f4a7c15u;
        gen_rng rng;
        gen_seed(&rng, seed);
        memset(value, 0, type->size);
        type->generate(&rng, value, ctx);
        prop_why why;
        why.text[0] = 0;
        if (check(value, ctx, &why)) {
            if (failed < PRINTED_FAILURE_LIMIT)
                report_failure(name, type, check, ctx, seed, value, &why);
            failed++;
        }
    }
    free(value);
    printf("%s: %ld cases checked, %ld failed%s\n", name, cases, failed, replay ? " (replay)" : "");
    return failed;
}

int prop_run_deletion(size_t len, size_t *index, size_t *at, size_t *run)
{
    for (size_t r = len / 2 ? len / 2 : 1; len; r /= 2) {
        size_t positions = len - r + 1;
        if (*index < positions) {
            *at = *index;
            *run = r;
            return 1;
        }
        *index -= positions;
        if (r == 1)
            break;
    }
    return 0;
}

/* Candidates in order: the run deletions (prop_run_deletion); then replace
 * one byte by 'a' or '0' when it is neither. Each shortens the string or
 * lowers its count of bytes other than 'a' and '0'. */
int prop_bytes_shrink(const void *value, size_t index, void *candidate, void *ctx)
{
    (void)ctx;
    const gen_bytes *v = value;
    gen_bytes *c = candidate;
    size_t at, run;
    if (prop_run_deletion(v->len, &index, &at, &run)) {
        c->len = v->len - run;
        memcpy(c->data, v->data, at);
        memcpy(c->data + at, v->data + at + run, v->len - at - run);
        return 1;
    }
    for (size_t i = 0; i < v->len; i++) {
        if (v->data[i] == 'a' || v->data[i] == '0')
            continue;
        for (int k = 0; k < 2; k++) {
            if (index-- == 0) {
                *c = *v;
                c->data[i] = (uint8_t)(k ? '0' : 'a');
                return 1;
            }
        }
    }
    return 0;
}

void prop_print_text(FILE *out, const void *data, size_t len)
{
    const uint8_t *bytes = data;
    fputc('"', out);
    for (size_t i = 0; i < len; i++) {
        uint8_t b = bytes[i];
        if (b == '"' || b == '\\')
            fprintf(out, "\\%c", b);
        else if (b >= 0x20 && b < 0x7f)
            fputc(b, out);
        else
            fprintf(out, "\\x%02x", b);
    }
    fprintf(out, "\" (%zu bytes)", len);
}

void prop_bytes_print(FILE *out, const void *value, void *ctx)
{
    (void)ctx;
    const gen_bytes *v = value;
    prop_print_text(out, v->data, v->len);
}

void prop_tally_fail(prop_tally *t, const char *format, ...)
{
    if (t->failed++ < 10) {
        va_list args;
        va_start(args, format);
        fprintf(stderr, "FAIL %s: ", t->name);
        vfprintf(stderr, format, args);
        fputc('\n', stderr);
        va_end(args);
    }
}

long prop_tally_report(const prop_tally *t)
{
    printf("%s: %ld cases checked, %ld failed\n", t->name, t->checked, t->failed);
    return t->failed;
}

int prop_codecs(const gbr_codec *codecs[2])
{
    codecs[0] = gbr_codec_ref();
    codecs[1] = gbr_codec_fast();
    /* Every property runs over both codecs; running over one alone would let
     * a missing or aliased optimised codec pass unnoticed. */
    if (!codecs[1] || codecs[1] == codecs[0]) {
        printf("FAIL: gbr_codec_fast() is %s; the properties need both codecs\n",
               codecs[1] ? "the reference codec" : "NULL");
        exit(1);
    }
    return 2;
}

long prop_each_codec(long (*check_codec)(const gbr_codec *c))
{
    const gbr_codec *codecs[2];
    int n = prop_codecs(codecs);
    long failed = 0;
    for (int i = 0; i < n; i++)
        failed += check_codec(codecs[i]);
    return failed;
}

prop_name prop_name_for(const char *property, const gbr_codec *c)
{
    prop_name name;
    snprintf(name.text, sizeof name.text, "%s[%s]", property, gbr_codec_name(c));
    return name;
}

long prop_run_for(const char *property, const gbr_codec *c, const prop_type *type, prop_check check,
                  long default_cases)
{
    prop_name name = prop_name_for(property, c);
    return prop_run(name.text, type, check, (void *)c, default_cases);
}

void position_print(FILE *out, const gbr_position *p)
{
    static const char letters[] = "?QRBNPK??qrbnpk?";
    for (int sq = 0; sq < 64; sq++) {
        uint8_t man = p->board[sq];
        if (man != GBR_EMPTY)
            fprintf(out, "%c%c%c ", man < 16 ? letters[man] : '?', 'a' + sq / 8, '1' + sq % 8);
    }
    fprintf(out, "indicator %u (\"%s\")", p->indicator, p->indicator < 7 ? gen_indicator_text[p->indicator] : "?");
}

void study_print(FILE *out, const gbr_study *s)
{
    const gbr_material *m = &s->material;
    fprintf(out, "{digits %u %u %u %u, pawns %u %u, stipulation %u, kings %u %u}", m->digit[0], m->digit[1],
            m->digit[2], m->digit[3], m->pawns[0], m->pawns[1], s->stipulation, s->white_king, s->black_king);
}
