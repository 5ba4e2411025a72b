/*
 * conform_fuzz.h - `gbr conform --fuzz`: differential fuzzing of another
 * implementation against the reference codec (spec/gbr.md section 13.3.3;
 * its options in docs/implementers.md, "Differential fuzzing").
 * Inputs come from the generator library (src/gen) and from the vectors'
 * inputs, mutated; each distinct disagreement is shrunk and printed as a
 * vector line.
 */
#ifndef GBR_CONFORM_FUZZ_H
#define GBR_CONFORM_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/* The share of a run's time shrinking may take when not told (--shrink-share). */
#define CONFORM_SHRINK_SHARE_DEFAULT 25

typedef struct conform_fuzz_options {
    double seconds;         /* the budget */
    uint64_t seed;          /* the run is a function of the seed and the program */
    int max_level;          /* operations of the levels up to this one (0-3) */
    const char *operations; /* comma-separated operation names, or NULL for all */
    int json;
    int mode; /* CONFORM_MODE_* */
    int errors; /* CONFORM_ERRORS_*: how answers are judged */
    double timeout;
    int shrink_share; /* percent of the run shrinking may take: 0 none, 100 no bound but the budget */
} conform_fuzz_options;

/* One vector case: an input to mutate, or a skipped case whose fault is known. */
typedef struct conform_fuzz_seed {
    const char *id;
    const char *operation;
    const char *input;
    size_t input_len;
} conform_fuzz_seed;

/* Runs the fuzzing; returns the exit status (0 no disagreement, 1 some, 2 a
 * usage error such as an unknown operation in the list). The seeds are the
 * selected vector cases; the skipped ones (--skip, --skip-file) are asked
 * first, and a disagreement with the fault of one of them is known: counted,
 * not reported. */
int conform_fuzz(const conform_fuzz_options *opt, const conform_fuzz_seed *seeds, size_t seed_count,
                 const conform_fuzz_seed *skipped, size_t skipped_count, char **program, int program_argc);

#endif /* GBR_CONFORM_FUZZ_H */
