/* sort_writer.c - a buffer in front of a file descriptor (sort_writer.h). */
#define _POSIX_C_SOURCE 200809L /* ssize_t, write */

#include "sort_writer.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static void write_all(sort_writer *w, const char *bytes, size_t len)
{
    while (len > 0 && !w->error) {
        ssize_t put = write(w->fd, bytes, len);
        if (put < 0) {
            if (errno != EINTR)
                w->error = errno;
            continue;
        }
        if (put == 0) { /* a descriptor that takes nothing would loop for ever */
            w->error = EIO;
            break;
        }
        bytes += put;
        len -= (size_t)put;
    }
}

void sort_writer_put(sort_writer *w, const void *bytes, size_t len)
{
    if (len == 0 || w->error)
        return;
    if (len > w->cap - w->used) {
        sort_writer_flush(w);
        if (len > w->cap) {
            write_all(w, bytes, len);
            return;
        }
    }
    memcpy(w->buffer + w->used, bytes, len);
    w->used += len;
}

void sort_writer_flush(sort_writer *w)
{
    write_all(w, w->buffer, w->used);
    w->used = 0;
}
