/* sort_runs.c - sorted runs spilled to disk and merged (sort_runs.h).
 * A run file holds, per record, its length (4 bytes) then its bytes, written
 * and read through buffers of their own in large write(2) and read(2) calls. */
#define _POSIX_C_SOURCE 200809L /* ssize_t, read, write, lseek */

#include "sort_runs.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "text.h"
#include "sort_spill.h"

#define LENGTH_SIZE 4

int sort_runs_parse_memory(const char *value, unsigned long long *bytes)
{
    return util_parse_count(value, 1, 1ull << 50, bytes) != 0 || *bytes < 1024 ? -1 : 0;
}

void sort_runs_init(sort_runs *r, const char *command, sort_runs_compare compare)
{
    memset(r, 0, sizeof *r);
    r->command = command;
    r->compare = compare;
}

void sort_runs_put(sort_run_writer *w, const void *head, size_t head_len, const void *body, size_t body_len)
{
    if (head_len > UINT32_MAX - body_len) {
        if (!w->error)
            w->error = EOVERFLOW;
        return;
    }
    uint32_t length = (uint32_t)(head_len + body_len);
    util_write(w, &length, sizeof length);
    util_write(w, head, head_len);
    util_write(w, body, body_len);
}

int sort_runs_begin(sort_runs *r, sort_run_writer *w)
{
    memset(w, 0, sizeof *w);
    w->cap = SORT_RUNS_WRITE_BUFFER;
    w->buffer = malloc(w->cap);
    w->fd = w->buffer ? sort_spill_temporary_file(r->command) : -1;
    if (w->fd < 0) {
        if (!w->buffer)
            util_out_of_memory(r->command);
        free(w->buffer);
        return -1;
    }
    return 0;
}

/* Flushes the run and rewinds it for reading; returns its descriptor, or -1
 * after reporting (the file is then closed). */
static int finish(sort_runs *r, sort_run_writer *w)
{
    util_sink_flush(w);
    free(w->buffer);
    if (!w->error && lseek(w->fd, 0, SEEK_SET) != 0)
        w->error = errno;
    if (w->error) {
        util_error(r->command, "cannot write a temporary file: %s", strerror(w->error));
        close(w->fd);
        return -1;
    }
    return w->fd;
}

typedef struct run_reader {
    int fd;
    char *buffer;       /* bytes [next, filled) not yet taken */
    size_t cap, next, filled;
    const char *record; /* in the buffer, until the next record is read */
    size_t length;
} run_reader;

/* Makes `need` bytes available from next on; 1 when they are, 0 at the end
 * of the run, -1 on a read error or no memory. */
static int have(run_reader *rd, size_t need)
{
    if (rd->filled - rd->next >= need)
        return 1;
    memmove(rd->buffer, rd->buffer + rd->next, rd->filled - rd->next);
    rd->filled -= rd->next;
    rd->next = 0;
    if (need > rd->cap) { /* a record longer than the buffer */
        char *bigger = realloc(rd->buffer, need);
        if (!bigger)
            return -1;
        rd->buffer = bigger;
        rd->cap = need;
    }
    while (rd->filled < need) {
        ssize_t got = read(rd->fd, rd->buffer + rd->filled, rd->cap - rd->filled);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (got == 0)
            return 0;
        rd->filled += (size_t)got;
    }
    return 1;
}

/* Reads the next record; 0 at the end of the run, -1 on a read error or a
 * truncated record. */
static int next_record(run_reader *rd)
{
    int got = have(rd, LENGTH_SIZE);
    if (got <= 0)
        return got < 0 || rd->filled > rd->next ? -1 : 0;
    uint32_t length;
    memcpy(&length, rd->buffer + rd->next, sizeof length);
    if (have(rd, LENGTH_SIZE + (size_t)length) <= 0)
        return -1;
    rd->record = rd->buffer + rd->next + LENGTH_SIZE;
    rd->length = length;
    rd->next += LENGTH_SIZE + (size_t)length;
    return 1;
}

/* Whether reader a's record goes before b's; runs are in input order, so a
 * tie goes to the earlier run. */
static int record_before(const sort_runs *r, const run_reader *readers, size_t a, size_t b)
{
    const run_reader *x = &readers[a], *y = &readers[b];
    int c = r->compare(x->record, x->length, y->record, y->length);
    return c ? c < 0 : a < b;
}

static void sift_down(const sort_runs *r, const run_reader *readers, size_t *heap, size_t n, size_t i)
{
    for (;;) {
        size_t least = i, left = 2 * i + 1, right = left + 1;
        if (left < n && record_before(r, readers, heap[left], heap[least]))
            least = left;
        if (right < n && record_before(r, readers, heap[right], heap[least]))
            least = right;
        if (least == i)
            return;
        size_t t = heap[i];
        heap[i] = heap[least];
        heap[least] = t;
        i = least;
    }
}

/* k-way merge of the runs from `first` on (k of them) into a run (into) or
 * emit; closes the runs it was given. */
static int merge(sort_runs *r, size_t first, size_t k, sort_run_writer *into, sort_runs_emit emit, void *context)
{
    run_reader *readers = calloc(k, sizeof *readers);
    size_t *heap = calloc(k, sizeof *heap);
    int status = 0;
    size_t n = 0;
    if (!readers || !heap) {
        util_out_of_memory(r->command);
        status = -2;
        goto done;
    }
    for (size_t i = 0; i < k && status == 0; i++) {
        readers[i].fd = r->runs[first + i].fd;
        readers[i].cap = SORT_RUNS_READ_BUFFER;
        readers[i].buffer = malloc(SORT_RUNS_READ_BUFFER);
        int got = readers[i].buffer ? next_record(&readers[i]) : -1;
        if (got < 0)
            status = -1;
        else if (got > 0)
            heap[n++] = i;
    }
    for (size_t i = n / 2; i-- > 0;)
        sift_down(r, readers, heap, n, i);
    while (n > 0 && status == 0) {
        run_reader *rd = &readers[heap[0]];
        if (into)
            sort_runs_put(into, rd->record, rd->length, NULL, 0);
        else
            emit(context, rd->record, rd->length);
        int got = next_record(rd);
        if (got < 0)
            status = -1;
        else if (got == 0)
            heap[0] = heap[--n];
        sift_down(r, readers, heap, n, 0);
    }
    if (status == -1)
        util_error(r->command, "cannot read a temporary file back");
done:
    if (readers)
        for (size_t i = 0; i < k; i++)
            free(readers[i].buffer);
    for (size_t i = 0; i < k; i++)
        close(r->runs[first + i].fd);
    free(readers);
    free(heap);
    return status ? -1 : 0;
}

/* Merges the top k runs of the stack into one run of the given level, which
 * takes their place: they are consecutive, so the runs stay in input order. */
static int merge_top(sort_runs *r, size_t k, unsigned level)
{
    sort_run_writer w;
    if (sort_runs_begin(r, &w) != 0)
        return -1;
    r->runs_n -= k;
    int status = merge(r, r->runs_n, k, &w, NULL, NULL); /* closes them */
    int merged = finish(r, &w);
    if (status != 0 || merged < 0) {
        if (merged >= 0)
            close(merged);
        return -1;
    }
    r->runs[r->runs_n].fd = merged;
    r->runs[r->runs_n++].level = level;
    return 0;
}

/* Pushes the new run (level 0) and merges while the top SORT_RUNS_FAN_IN runs
 * share a level (levels never rise up the stack, so they do when the lowest
 * of them has the top's level). */
int sort_runs_end(sort_runs *r, sort_run_writer *w)
{
    int run = finish(r, w);
    if (run < 0)
        return -1;
    r->runs[r->runs_n].fd = run;
    r->runs[r->runs_n++].level = 0;
    while (r->runs_n >= SORT_RUNS_FAN_IN) {
        unsigned level = r->runs[r->runs_n - 1].level;
        if (r->runs[r->runs_n - SORT_RUNS_FAN_IN].level != level)
            break;
        if (merge_top(r, SORT_RUNS_FAN_IN, level + 1 < SORT_RUNS_LEVELS ? level + 1 : level) != 0)
            return -1;
    }
    return 0;
}

/* Up to SORT_RUNS_OPEN_MAX - 1 runs may be left: first the youngest (the
 * smallest) are merged, just enough of them for the rest to be read at once. */
int sort_runs_merge(sort_runs *r, sort_runs_emit emit, void *context)
{
    while (r->runs_n > SORT_RUNS_FAN_IN) {
        size_t k = r->runs_n - SORT_RUNS_FAN_IN + 1;
        if (k > SORT_RUNS_FAN_IN)
            k = SORT_RUNS_FAN_IN;
        if (merge_top(r, k, r->runs[r->runs_n - k].level) != 0)
            return -1;
    }
    size_t k = r->runs_n;
    r->runs_n = 0; /* merge() closes them */
    return merge(r, 0, k, NULL, emit, context);
}

void sort_runs_close(sort_runs *r)
{
    for (size_t i = 0; i < r->runs_n; i++)
        close(r->runs[i].fd);
    r->runs_n = 0;
}
