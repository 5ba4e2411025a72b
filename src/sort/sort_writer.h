/*
 * sort_writer.h - a buffer in front of a file descriptor, for what the
 * sorting commands write: their output (sort_output.h) and their spilled
 * runs (sort_runs.h). Large write(2) calls, retried when a signal cuts
 * them; the errno of the first failure is kept and nothing is written after
 * it, so the caller checks once, at the end.
 */
#ifndef GBR_SORT_WRITER_H
#define GBR_SORT_WRITER_H

#include <stddef.h>

typedef struct sort_writer {
    int fd;
    char *buffer; /* cap bytes, the caller's */
    size_t cap, used;
    int error;    /* errno of the first failure, 0 while all is well */
} sort_writer;

/* Appends len bytes (bytes may be NULL when len is 0); a piece larger than
 * the buffer is written directly. */
void sort_writer_put(sort_writer *w, const void *bytes, size_t len);
/* Writes out what the buffer holds. */
void sort_writer_flush(sort_writer *w);

#endif /* GBR_SORT_WRITER_H */
