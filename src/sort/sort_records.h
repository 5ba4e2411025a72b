/*
 * sort_records.h - records held in order within a memory budget: a command
 * adds opaque records one at a time; while they fit in the budget they are
 * kept in memory, and each time it fills they are sorted and written out as
 * a run (sort_runs.h, in sort_spill.h's unnamed temporary files). At the end
 * the records come back in the command's order through one callback: from
 * memory when nothing was spilled, else by merging the runs. Records that
 * compare equal keep the order they were added in.
 *
 * The budget counts the records' bytes, a 4-byte length each, and a word of
 * index each; the run buffers of sort_runs.h come on top of it.
 */
#ifndef GBR_SORT_RECORDS_H
#define GBR_SORT_RECORDS_H

#include <stddef.h>

#include "sort_runs.h"

typedef struct sort_records {
    sort_runs runs;
    size_t budget;
    char *bytes; /* records held: a length (4 bytes), then the record */
    size_t used, cap;
    size_t *index; /* their offsets in bytes, in the order added */
    size_t n, index_cap;
    size_t *scratch; /* the merge sort's other half */
    unsigned long long spilled; /* runs written */
    int failed; /* reported once: every later call fails at once */
} sort_records;

void sort_records_init(sort_records *s, const char *command, sort_runs_compare compare, size_t budget);
/* Adds one record (head then body); spills the records held first when it
 * would not fit. 0, or -1 after reporting (no memory, or a temporary file
 * that could not be written; reported once, and every later call fails). */
int sort_records_add(sort_records *s, const void *head, size_t head_len, const void *body, size_t body_len);
/* Whether any run was written so far. */
static inline int sort_records_spilled(const sort_records *s) { return s->spilled != 0; }
/* Writes the records held as a run now (nothing when none is held); -1
 * after reporting. */
int sort_records_spill(sort_records *s);
/* Gives every record, in order, to emit (a record is valid until emit
 * returns), then frees what is held. 0, or -1 after reporting. */
int sort_records_finish(sort_records *s, sort_runs_emit emit, void *context);
/* Frees everything (also after a failure); the records are dropped. */
void sort_records_free(sort_records *s);

#endif /* GBR_SORT_RECORDS_H */
