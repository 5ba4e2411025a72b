/* sort_records.c - records held in order within a memory budget
 * (sort_records.h). */
#include "sort_records.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

#define LENGTH_SIZE 4

void sort_records_init(sort_records *s, const char *command, sort_runs_compare compare, size_t budget)
{
    memset(s, 0, sizeof *s);
    sort_runs_init(&s->runs, command, compare);
    s->budget = budget;
}

static const char *record_at(const sort_records *s, size_t at, size_t *len)
{
    uint32_t length;
    memcpy(&length, s->bytes + at, sizeof length);
    *len = length;
    return s->bytes + at + LENGTH_SIZE;
}

static int before_or_equal(const sort_records *s, size_t a, size_t b)
{
    size_t a_len, b_len;
    const char *x = record_at(s, a, &a_len), *y = record_at(s, b, &b_len);
    return s->runs.compare(x, a_len, y, b_len) <= 0;
}

/* A stable merge sort of index[0, n), bottom up, through scratch. */
static void sort_held(sort_records *s)
{
    size_t *from = s->index, *to = s->scratch;
    for (size_t width = 1; width < s->n; width *= 2) {
        for (size_t lo = 0; lo < s->n; lo += 2 * width) {
            size_t mid = lo + width < s->n ? lo + width : s->n;
            size_t hi = mid + width < s->n ? mid + width : s->n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                to[k++] = before_or_equal(s, from[i], from[j]) ? from[i++] : from[j++];
            while (i < mid)
                to[k++] = from[i++];
            while (j < hi)
                to[k++] = from[j++];
        }
        size_t *t = from;
        from = to;
        to = t;
    }
    if (from != s->index)
        memcpy(s->index, from, s->n * sizeof *s->index);
}

static int fail(sort_records *s)
{
    s->failed = 1;
    return -1;
}

int sort_records_spill(sort_records *s)
{
    if (s->failed)
        return -1;
    if (s->n == 0)
        return 0;
    sort_held(s);
    sort_run_writer w;
    if (sort_runs_begin(&s->runs, &w) != 0)
        return fail(s);
    for (size_t i = 0; i < s->n; i++) {
        size_t len;
        const char *record = record_at(s, s->index[i], &len);
        sort_runs_put(&w, record, len, NULL, 0);
    }
    s->n = 0;
    s->used = 0;
    s->spilled++;
    return sort_runs_end(&s->runs, &w) != 0 ? fail(s) : 0;
}

/* Grows an array toward `need` bytes: doubling, but not past the budget
 * unless one record alone needs it. */
static int grow(void **array, size_t *cap, size_t need, size_t budget)
{
    if (need <= *cap)
        return 0;
    size_t want = *cap ? *cap * 2 : 4096;
    if (want > budget)
        want = budget;
    if (want < need)
        want = need;
    void *bigger = realloc(*array, want);
    if (!bigger)
        return -1;
    *array = bigger;
    *cap = want;
    return 0;
}

int sort_records_add(sort_records *s, const void *head, size_t head_len, const void *body, size_t body_len)
{
    if (s->failed)
        return -1;
    size_t len = head_len + body_len;
    if (len > UINT32_MAX) {
        util_error(s->runs.command, "a record of %zu bytes is too long to sort", len);
        return fail(s);
    }
    /* A quarter of the budget for the index and its scratch half, the rest
     * for the bytes; a record alone may exceed it. */
    size_t index_budget = s->budget / 4, bytes_budget = s->budget - index_budget;
    if (s->n && (s->used + LENGTH_SIZE + len > bytes_budget || (s->n + 1) * sizeof *s->index > index_budget / 2) &&
        sort_records_spill(s) != 0)
        return -1;
    size_t index_bytes = s->index_cap * sizeof *s->index;
    if (grow((void **)&s->bytes, &s->cap, s->used + LENGTH_SIZE + len, bytes_budget) != 0 ||
        grow((void **)&s->index, &index_bytes, (s->n + 1) * sizeof *s->index, index_budget / 2) != 0) {
        util_out_of_memory(s->runs.command);
        return fail(s);
    }
    if (index_bytes / sizeof *s->index > s->index_cap) {
        size_t *scratch = realloc(s->scratch, index_bytes);
        if (!scratch) {
            util_out_of_memory(s->runs.command);
            return fail(s);
        }
        s->scratch = scratch;
        s->index_cap = index_bytes / sizeof *s->index;
    }
    uint32_t length = (uint32_t)len;
    s->index[s->n++] = s->used;
    memcpy(s->bytes + s->used, &length, LENGTH_SIZE);
    if (head_len)
        memcpy(s->bytes + s->used + LENGTH_SIZE, head, head_len);
    if (body_len)
        memcpy(s->bytes + s->used + LENGTH_SIZE + head_len, body, body_len);
    s->used += LENGTH_SIZE + len;
    return 0;
}

int sort_records_finish(sort_records *s, sort_runs_emit emit, void *context)
{
    int status = s->failed ? -1 : 0;
    if (status == 0 && s->spilled) {
        status = sort_records_spill(s);
        free(s->bytes);
        free(s->index);
        free(s->scratch);
        s->bytes = NULL;
        s->index = s->scratch = NULL;
        s->cap = s->index_cap = 0;
        if (status == 0)
            status = sort_runs_merge(&s->runs, emit, context);
    } else if (status == 0) {
        sort_held(s);
        for (size_t i = 0; i < s->n; i++) {
            size_t len;
            const char *record = record_at(s, s->index[i], &len);
            emit(context, record, len);
        }
    }
    sort_records_free(s);
    return status;
}

void sort_records_free(sort_records *s)
{
    sort_runs_close(&s->runs);
    free(s->bytes);
    free(s->index);
    free(s->scratch);
    s->bytes = NULL;
    s->index = s->scratch = NULL;
    s->n = s->used = s->cap = s->index_cap = 0;
}
