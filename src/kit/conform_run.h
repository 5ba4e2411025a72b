/*
 * conform_run.h - `gbr conform -- PROGRAM ARGS...`: running a program against
 * the golden vectors (docs/implementers.md, "The runner: gbr conform";
 * spec/gbr.md section 13.3): loading the vector files of
 * the levels and the skip lists, judging each answer, and the report (text,
 * JSON or a skip list); with fuzzing chosen, the vectors' inputs seed
 * conform_fuzz instead.
 */
#ifndef GBR_CONFORM_RUN_H
#define GBR_CONFORM_RUN_H

#include <stddef.h>

#include "conform_fuzz.h"

/* Globs of case ids (fnmatch(3), no flags), each an owned copy. */
typedef struct conform_patterns {
    char **items;
    size_t count, cap;
} conform_patterns;

/* Appends a copy of pattern: 0, or -1 when out of memory. */
int conform_patterns_add(conform_patterns *list, const char *pattern);
/* Appends the ids or globs a skip file lists, one a line (trailing blanks and
 * CRs removed, '#' comment lines and empty lines skipped): 0, or -1 (after
 * saying so when the file cannot be opened). */
int conform_patterns_load(conform_patterns *list, const char *path);
void conform_patterns_free(conform_patterns *list);

typedef struct conform_run_options {
    int max_level;               /* the levels up to this gbr_level */
    conform_patterns runs;       /* none: every case; else only those matching one */
    conform_patterns skips;      /* the cases matching one are skipped */
    double timeout;              /* seconds a case */
    int json, print_skip_list;   /* the report's form; at most one of them */
    const char *vectors_dir;     /* holds <level>.tsv */
    int mode;                    /* CONFORM_MODE_* */
    int errors;                  /* CONFORM_ERRORS_*: exact (the default) or validity */
    int fuzzing;                 /* fuzz instead of running the vectors */
    conform_fuzz_options fuzz;   /* when fuzzing: its seconds, seed and operations
                                  * (the level, report, mode and timeout are the above) */
    char **program;              /* the program under test's argument vector */
    int program_argc;
} conform_run_options;

/* Runs the program against the vectors (or fuzzes it) and writes the report
 * to standard output, the closing line to standard output or (with --json
 * or --print-skip-list) standard error. Returns UTIL_EXIT_OK when nothing
 * failed or crashed, UTIL_EXIT_INPUT when something did, UTIL_EXIT_USAGE when
 * the vectors could not be read or the program cannot be started (said
 * once, with the reason). */
int conform_run(const conform_run_options *opt);

#endif /* GBR_CONFORM_RUN_H */
