/*
 * vectors_cases.h - the cases of the golden vectors (spec/gbr.md section
 * 13.5) as `gbr vectors` collects them: the case folder's files and the
 * computed sweeps, in the order of the vector files, each with what its
 * author states. Their expected outputs are vectors_writer's to compute.
 */
#ifndef GBR_VECTORS_CASES_H
#define GBR_VECTORS_CASES_H

#include <stddef.h>

#include "gbr.h"

/* One case. The input is escaped as in the vector files (section 13.1);
 * fault is the error class an invalid (n_) case tests, NULL for a valid one;
 * expect is the whole answer its source states, or NULL. */
typedef struct vector {
    char *id, *operation, *input, *fault, *expect, *comment;
    gbr_level level;
} vector;

typedef struct vector_list {
    vector *items;
    size_t count, cap;
    int failed; /* out of memory */
} vector_list;

/* Appends the cases of the case folder `dir` and the computed ones to list
 * (list->failed set when memory ran out). Returns 0, or -1 after reporting a
 * folder or file that cannot be read or a line that is not a case. */
int vectors_collect_cases(vector_list *list, const char *dir);
void vectors_free_cases(vector_list *list);

#endif /* GBR_VECTORS_CASES_H */
