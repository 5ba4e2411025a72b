/*
 * prop.h - a small property-testing driver for the gbr property tests.
 *
 * A property is run over many generated cases. Each case has its own 64-bit
 * seed, derived from the property's base seed and the case number, so one
 * failing case can be replayed alone. On a failure the driver shrinks the
 * value greedily (trying the candidates the value's type proposes and keeping
 * any that still fails), then prints the seed, the original and the shrunk
 * value, and the command that replays it.
 *
 * Environment:
 *   GBR_PROP_CASES=N           cases per generated property (default per property)
 *   GBR_PROP_SEED=NAME:SEED    run only case SEED (hex or decimal) of property NAME;
 *                              other properties of the same binary are skipped
 *   GBR_PROP_BASE_SEED=S       another reproducible series of cases
 */
#ifndef GBR_PROP_H
#define GBR_PROP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gbr.h"
#include "gen.h"

/* Why a check failed: filled with prop_fail_why(). */
typedef struct prop_why {
    char text[512];
} prop_why;

/* Records a reason; returns 1 so a check can `return prop_fail(why, ...)`. */
int prop_fail(prop_why *why, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The type of a generated value: how to make one, what smaller values to try
 * when it fails, and how to print it. Values live in caller-sized buffers of
 * `size` bytes and are copied with memcpy. */
typedef struct prop_type {
    size_t size;
    void (*generate)(gen_rng *rng, void *value, void *ctx);
    /* Writes the index-th smaller candidate of value into candidate and returns
     * 1, or returns 0 when there are no more. Every candidate must be "smaller"
     * under some well-founded measure, so greedy shrinking ends. */
    int (*shrink)(const void *value, size_t index, void *candidate, void *ctx);
    void (*print)(FILE *out, const void *value, void *ctx);
} prop_type;

/* Returns 0 when the property holds for value, else 1 with why filled. */
typedef int (*prop_check)(const void *value, void *ctx, prop_why *why);

/* Runs a property: default_cases cases (GBR_PROP_CASES overrides). Prints one
 * summary line with the number of cases checked. Returns the number of failing
 * cases (each reported with its seed and shrunk value; at most a few are
 * shrunk and printed). */
long prop_run(const char *name, const prop_type *type, prop_check check, void *ctx, long default_cases);

/* ---- Byte strings (gen_bytes, gen.h), the most common value type ---- */
/* The index-th candidate of shrinking a string of len bytes by deleting a run:
 * runs of len/2, len/4, ..., 1 bytes, each at every position. Returns 1 with
 * the run's start and length (*index is then spent); or 0, with *index lowered
 * by the number of deletions, so that a shrinker numbers its other candidates
 * after them. */
int prop_run_deletion(size_t len, size_t *index, size_t *at, size_t *run);
/* Shrink candidates for a byte string: delete runs (halves down to single
 * bytes), then replace bytes with simpler ones. */
int prop_bytes_shrink(const void *value, size_t index, void *candidate, void *ctx);
/* Prints a byte string as a C string literal with escapes. */
void prop_bytes_print(FILE *out, const void *value, void *ctx);
void prop_print_text(FILE *out, const void *data, size_t len);

/* ---- Exhaustive checks: a failure counter that prints the first few ---- */
typedef struct prop_tally {
    const char *name;
    long checked;
    long failed;
} prop_tally;

void prop_tally_fail(prop_tally *t, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Prints "NAME: N cases checked, F failed"; returns the failure count. */
long prop_tally_report(const prop_tally *t);

/* ---- Codecs under test ---- */
/* Fills codecs[] with ref, then fast; returns 2. Exits with a failure when
 * gbr_codec_fast() is NULL or the reference codec itself, so no property
 * quietly runs over one codec alone. */
int prop_codecs(const gbr_codec *codecs[2]);

/* Runs check_codec over each codec of prop_codecs, ref then fast; returns the
 * failures summed. */
long prop_each_codec(long (*check_codec)(const gbr_codec *c));

/* The name of a property checked over one codec: "PROPERTY[codec]" (the name
 * GBR_PROP_SEED selects). */
typedef struct prop_name {
    char text[64];
} prop_name;
prop_name prop_name_for(const char *property, const gbr_codec *c);
/* prop_run named prop_name_for(property, c), with the codec as the checks'
 * context. */
long prop_run_for(const char *property, const gbr_codec *c, const prop_type *type, prop_check check,
                  long default_cases);

/* Test-side listings of generated values, for a failing case's report (never
 * through a codec): a position as "Qa1 ke8 ... indicator N (...)", a study
 * as its fields. */
void position_print(FILE *out, const gbr_position *p);
void study_print(FILE *out, const gbr_study *s);

#endif
