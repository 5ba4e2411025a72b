/*
 * sort_runs.h - sorted runs spilled to disk and merged: what a command does
 * when its input does not fit in its --memory (`gbr sort`, `gbr directory`).
 * The command sorts what it holds into a run of records, each written here
 * to an unnamed temporary file (sort_spill.h); at the end the runs are merged
 * into one stream of records in order. A record is opaque bytes, ordered by
 * the command's `compare`; records that are equal keep their input order
 * (an earlier run's go first), so the merge is as stable as the runs are.
 *
 * At most SORT_RUNS_FAN_IN runs are read at once. The runs are kept in a stack
 * in input order, each with a level: a new run is level 0, and as soon as
 * SORT_RUNS_FAN_IN runs share a level they are merged into one run of the
 * next level (the top level merges into itself). So each level holds fewer
 * than SORT_RUNS_FAN_IN runs between spills: at most SORT_RUNS_OPEN_MAX (190)
 * are open whatever the input size, plus the one being written. A record is
 * rewritten once per level it reaches: once more beyond 64 runs, twice beyond
 * 4096, and again per 262144 runs beyond that.
 *
 * Buffers, outside the command's --memory: SORT_RUNS_WRITE_BUFFER (1 MiB) to
 * write a run, SORT_RUNS_READ_BUFFER (256 KiB) per run being merged (a longer
 * record widens its run's buffer).
 */
#ifndef GBR_SORT_RUNS_H
#define GBR_SORT_RUNS_H

#include <stddef.h>

#include "sink.h"

#define SORT_RUNS_FAN_IN 64
#define SORT_RUNS_LEVELS 3
#define SORT_RUNS_OPEN_MAX (SORT_RUNS_LEVELS * (SORT_RUNS_FAN_IN - 1) + 1)
#define SORT_RUNS_WRITE_BUFFER ((size_t)1 << 20)
#define SORT_RUNS_READ_BUFFER ((size_t)1 << 18)
#define SORT_RUNS_MEMORY_DEFAULT (1ull << 30) /* --memory */

/* Below, at or above 0 as record a goes before, with or after record b. */
typedef int (*sort_runs_compare)(const char *a, size_t a_len, const char *b, size_t b_len);
/* Takes the next record of the merge (valid until it returns). */
typedef void (*sort_runs_emit)(void *context, const char *record, size_t len);

typedef struct sort_runs {
    const char *command; /* names the command in messages: "gbr: COMMAND: ..." */
    sort_runs_compare compare;
    struct {
        int fd;
        unsigned level;
    } runs[SORT_RUNS_OPEN_MAX]; /* in input order; levels never rise up the stack */
    size_t runs_n;
} sort_runs;

/* A run being written: its temporary file behind SORT_RUNS_WRITE_BUFFER bytes. */
typedef util_sink sort_run_writer;

/* A --memory value: bytes with an optional K, M or G, at least 1K; -1 when
 * it is not one (the caller reports it as a usage error). */
int sort_runs_parse_memory(const char *value, unsigned long long *bytes);

void sort_runs_init(sort_runs *r, const char *command, sort_runs_compare compare);
/* Starts writing a run (records in order); -1 after reporting. */
int sort_runs_begin(sort_runs *r, sort_run_writer *w);
/* Appends one record: head then body (either may be empty), at most
 * UINT32_MAX bytes in all. */
void sort_runs_put(sort_run_writer *w, const void *head, size_t head_len, const void *body, size_t body_len);
/* Ends the run and adds it to the stack (merging runs as they pile up);
 * -1 after reporting. */
int sort_runs_end(sort_runs *r, sort_run_writer *w);
/* Merges every run, in order, into emit; closes them. -1 after reporting. */
int sort_runs_merge(sort_runs *r, sort_runs_emit emit, void *context);
/* Closes the runs left (after a failure). */
void sort_runs_close(sort_runs *r);

#endif /* GBR_SORT_RUNS_H */
