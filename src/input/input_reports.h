/* input_reports.h - the reports of one chunk of an input read on a worker
 * thread (input_parallel.h), held until the calling thread writes them in
 * input order, with the game numbers one pass over the input gives. A
 * command reading one input on several threads writes the same reports,
 * in the same order, as on one. */
#ifndef GBR_INPUT_REPORTS_H
#define GBR_INPUT_REPORTS_H

#include <stddef.h>

#include "pgn_reader.h"

typedef struct input_report {
    unsigned long line, column; /* line 0: a report without a place */
    unsigned long game;         /* counted from the chunk's first game; 0: none */
    int once;                   /* said once an input (see input_report_once) */
    char *text;
} input_report;

typedef struct input_reports {
    input_report *items;
    size_t n, cap;
    int failed; /* out of memory while holding: a report was lost */
} input_reports;

/* The one wording of a report on standard error: "gbr: SOURCE:LINE:COLUMN:
 * game N: TEXT", without "game N: " for game 0 and without the place for
 * line 0 ("gbr: SOURCE: TEXT"). */
void input_report_write(const char *source, unsigned long line, unsigned long column, unsigned long game,
                        const char *text);

/* Holds a copy of text; on running out of memory sets failed and returns -1. */
int input_reports_add(input_reports *r, unsigned long line, unsigned long column, unsigned long game, int once,
                      const char *text);
/* A reader's diagnostic, held. */
int input_reports_add_diagnostic(input_reports *r, const pgn_diagnostic *d);

/* Writes the held reports [from, to) of a chunk after games_before games. */
void input_reports_write(const input_reports *r, size_t from, size_t to, const char *source,
                         unsigned long games_before);

void input_reports_free(input_reports *r);

/* The notices said once an input (a reader's once per reading, so once per
 * chunk when held): a report held with once is written only if no notice
 * of the same text, ASCII case folded, was written for this input. Up to
 * INPUT_ONCE_MAX texts are remembered, as the replay remembers variants. */
#define INPUT_ONCE_MAX 16
typedef struct input_once {
    char *texts[INPUT_ONCE_MAX];
    size_t n;
} input_once;

/* As input_reports_write, once-reports said before (per seen) left out. */
void input_reports_write_once(const input_reports *r, size_t from, size_t to, const char *source,
                              unsigned long games_before, input_once *seen);
void input_once_free(input_once *seen);

#endif /* GBR_INPUT_REPORTS_H */
