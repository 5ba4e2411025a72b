/* Buffered, atomic output (see sort_output.h). */
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 with XSI: mkstemp, fsync, readlink; realpath (XSI in glibc) */

#include "sort_output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SORT_OUTPUT_BUFFER ((size_t)1 << 20)
#define MAX_LINK_HOPS 40 /* as the kernel's ELOOP limit */

/* The target of symbolic link `path`, as a path usable from here (a relative
 * target is relative to the link's directory); NULL with errno set. */
static char *read_link(const char *path)
{
    const char *slash = strrchr(path, '/');
    size_t dir_len = slash ? (size_t)(slash - path) + 1 : 0;
    for (size_t cap = 256;; cap *= 2) {
        char *buf = malloc(dir_len + cap);
        if (!buf)
            return NULL;
        ssize_t n = readlink(path, buf + dir_len, cap);
        if (n < 0) {
            free(buf);
            return NULL;
        }
        if ((size_t)n < cap) {
            buf[dir_len + (size_t)n] = '\0';
            if (buf[dir_len] == '/')
                memmove(buf, buf + dir_len, (size_t)n + 1);
            else
                memcpy(buf, path, dir_len);
            return buf;
        }
        free(buf); /* maybe cut short: try a larger buffer */
    }
}

/* The file to replace: `path` with its symbolic links resolved, so that a
 * link stays a link and the file it points to is rewritten. A path that does
 * not exist is used as it is, and a dangling link gives the path it names
 * (where a write through the link would create the file). Returns a malloc'ed
 * path, or NULL with errno set. */
static char *resolve_target(const char *path)
{
    char *named = NULL; /* the path the last dangling link names */
    for (int hops = 0;; hops++) {
        char *real = realpath(path, NULL);
        struct stat st;
        if (real || errno != ENOENT || lstat(path, &st) != 0 || !S_ISLNK(st.st_mode)) {
            if (!real && errno == ENOENT) /* a new file (or a directory missing: mkstemp says so) */
                real = strdup(path);
            int saved = errno;
            free(named);
            errno = saved;
            return real;
        }
        if (hops == MAX_LINK_HOPS) {
            free(named);
            errno = ELOOP;
            return NULL;
        }
        char *next = read_link(path);
        free(named);
        if (!next)
            return NULL;
        path = named = next;
    }
}

/* Opens the temporary file in the target's directory, for rename(2) to
 * replace the target in one step, under a short fixed name: any target
 * name, up to the longest the file system allows, leaves room for it. */
static int open_temporary(sort_output *out)
{
    static const char pattern[] = ".gbr-XXXXXX";
    const char *slash = strrchr(out->target, '/');
    size_t dir_len = slash ? (size_t)(slash - out->target) + 1 : 0;
    out->temp_path = malloc(dir_len + sizeof pattern);
    if (!out->temp_path)
        return -1;
    memcpy(out->temp_path, out->target, dir_len);
    memcpy(out->temp_path + dir_len, pattern, sizeof pattern);
    out->fd = mkstemp(out->temp_path);
    return out->fd;
}

static void release(sort_output *out)
{
    free(out->buffer);
    free(out->temp_path);
    free(out->target);
    out->buffer = out->temp_path = out->target = NULL;
}

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
    out->target = resolve_target(path);
    if (!out->target) {
        fprintf(stderr, "gbr: %s: cannot resolve the output file: %s\n", path, strerror(errno));
        release(out);
        return -1;
    }
    /* A target that exists keeps its permission bits; a new one gets the
     * mode a new file would get (mkstemp makes it 0600). */
    struct stat st;
    mode_t mode;
    if (stat(out->target, &st) == 0) {
        if (!S_ISREG(st.st_mode)) { /* renaming over it would replace a directory entry, not write it */
            fprintf(stderr, "gbr: %s: not a regular file, not replaced (-o - writes to standard output)\n", path);
            release(out);
            return -1;
        }
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    if (open_temporary(out) < 0) {
        fprintf(stderr, "gbr: %s: cannot create a temporary file next to it: %s\n", path, strerror(errno));
        release(out);
        return -1;
    }
    if (fchmod(out->fd, mode) != 0) {
        fprintf(stderr, "gbr: %s: cannot set the temporary file's mode: %s\n", path, strerror(errno));
        sort_output_abandon(out);
        return -1;
    }
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
        if (!out->error && rename(out->temp_path, out->target) != 0)
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
