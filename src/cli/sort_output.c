/* Buffered, atomic output (see sort_output.h). */
#define _POSIX_C_SOURCE 200809L /* mkstemp, fsync */

#include "sort_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SORT_OUTPUT_BUFFER ((size_t)1 << 20)

int sort_output_open(sort_output *out, const char *path)
{
    memset(out, 0, sizeof *out);
    out->fd = STDOUT_FILENO;
    out->path = path ? path : "-";
    out->cap = SORT_OUTPUT_BUFFER;
    out->buffer = malloc(out->cap);
    if (!out->buffer) {
        fprintf(stderr, "gbr: %s: out of memory\n", out->path);
        return -1;
    }
    if (path == NULL || strcmp(path, "-") == 0)
        return 0;
    /* The temporary file must be in the target's directory for rename(2) to
     * replace the target in one step. */
    size_t len = strlen(path);
    out->temp_path = malloc(len + sizeof ".gbr-XXXXXX");
    if (!out->temp_path) {
        free(out->buffer);
        fprintf(stderr, "gbr: %s: out of memory\n", path);
        return -1;
    }
    memcpy(out->temp_path, path, len);
    memcpy(out->temp_path + len, ".gbr-XXXXXX", sizeof ".gbr-XXXXXX");
    out->fd = mkstemp(out->temp_path);
    if (out->fd < 0) {
        fprintf(stderr, "gbr: %s: cannot create a temporary file next to it: %s\n", path, strerror(errno));
        free(out->temp_path);
        free(out->buffer);
        out->temp_path = out->buffer = NULL;
        return -1;
    }
    /* mkstemp makes the file 0600; give it the mode a new file would get. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(out->fd, (mode_t)(0666 & ~mask));
    return 0;
}

static void write_all(sort_output *out, const char *bytes, size_t len)
{
    while (len > 0 && !out->error) {
        ssize_t put = write(out->fd, bytes, len);
        if (put < 0) {
            if (errno != EINTR)
                out->error = errno;
            continue;
        }
        bytes += put;
        len -= (size_t)put;
    }
}

void sort_output_write(sort_output *out, const void *bytes, size_t len)
{
    if (out->error)
        return;
    if (len > out->cap - out->used) {
        write_all(out, out->buffer, out->used);
        out->used = 0;
        if (len > out->cap) {
            write_all(out, bytes, len);
            return;
        }
    }
    memcpy(out->buffer + out->used, bytes, len);
    out->used += len;
}

static void release(sort_output *out)
{
    free(out->buffer);
    free(out->temp_path);
    out->buffer = out->temp_path = NULL;
}

void sort_output_abandon(sort_output *out)
{
    if (out->temp_path) {
        close(out->fd);
        unlink(out->temp_path);
    }
    release(out);
}

int sort_output_commit(sort_output *out)
{
    write_all(out, out->buffer, out->used);
    out->used = 0;
    if (out->temp_path) {
        if (!out->error && fsync(out->fd) != 0)
            out->error = errno;
        if (close(out->fd) != 0 && !out->error)
            out->error = errno;
        if (!out->error && rename(out->temp_path, out->path) != 0)
            out->error = errno;
        if (out->error)
            unlink(out->temp_path);
    }
    int failed = out->error != 0;
    if (failed)
        fprintf(stderr, "gbr: %s: cannot write the output: %s\n", out->path, strerror(out->error));
    release(out);
    return failed ? -1 : 0;
}
