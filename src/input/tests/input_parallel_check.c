/* input_parallel_check: one input on 1 to 4 threads, at chunk sizes from a
 * byte to the default, against one reader over the whole input; and the
 * byte ranges of a file against the same one pass.
 *
 * usage: input_parallel_check WORK_DIR [PGN...]
 *
 * WORK_DIR is made with its parents when missing (no other test's folder
 * may be assumed), and the files and folders made there are removed after
 * a run without failures, so that every run starts without them. Any
 * failure to set up (a folder, a file, a pipe, a child, memory) is a FAIL
 * with its reason, never a crash.
 *
 * Each chunk's context logs every callback (a game's tags: its number, its
 * first byte's offset, line and column, its tag count, malformed count and
 * a hash of its section; its end: the offsets of its end and movetext and
 * whether it was terminated, and a hash of the input's bytes from its start
 * to its end; each diagnostic: offset, line, column, game and message) and
 * keeps the bytes it was given; on the calling thread, in input order, the
 * log is written out with the game numbers made whole and the bytes are
 * appended. The log must equal one pass's and the bytes the input. The
 * inputs: the files named, and generated ones that cut where a '[' starts a
 * line inside a game (multi-line comments whose lines start with '[', one
 * after a blank line,
 * variations over lines, tag sections with blank lines), games without tags,
 * garbage between games, a byte-order mark, CRLF lines and a comment left
 * open at the end. Each is read from a file, from a pipe and, when the zstd
 * program is there, from its zstd copy.
 *
 * Byte ranges: every file is split at random offsets into parts read with
 * input_range_read; a part whose end was no game boundary is read again
 * joined with the next one, as a caller must. The games' offsets and byte
 * hashes, in order, must be one pass's: every game once. */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "input_parallel.h"
#include "pgn_reader.h"

static const unsigned char *input; /* the input being read, for the games' hashes */
static const char *work_dir;
static size_t input_len;
static int failures;

/* Memory the check itself needs: without it the check cannot go on. */
static void *need(void *p)
{
    if (!p) {
        fprintf(stderr, "FAIL out of memory\n");
        exit(1);
    }
    return p;
}

static uint32_t hash(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}

typedef struct event {
    char kind;                  /* 'T' tags, 'E' end, 'D' diagnostic */
    unsigned long game, line, column;
    uint64_t a, b, c;
    unsigned long d, e;
    uint32_t h;
} event;

typedef struct context {
    event *events;
    size_t n, cap;
    char *bytes;
    size_t bytes_n, bytes_cap;
} context;

static void add(context *c, event e)
{
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 64;
        c->events = need(realloc(c->events, c->cap * sizeof *c->events));
    }
    c->events[c->n++] = e;
}

static void on_bytes(void *ctx, const char *b, size_t n)
{
    context *c = ctx;
    if (c->bytes_n + n > c->bytes_cap) {
        c->bytes_cap = (c->bytes_n + n) * 2;
        c->bytes = need(realloc(c->bytes, c->bytes_cap));
    }
    if (n)
        memcpy(c->bytes + c->bytes_n, b, n);
    c->bytes_n += n;
}

static void on_tags(void *ctx, const pgn_game *g)
{
    on_bytes(ctx, g->section, g->section_len);
    add(ctx, (event){'T', g->number, g->start.line, g->start.column, g->start.offset, g->tags_n, 0, g->malformed,
                     0, hash(g->section, g->section_len)});
}

static void on_end(void *ctx, const pgn_game *g)
{
    uint32_t h = g->end <= input_len && g->start.offset <= g->end
                     ? hash(input + g->start.offset, (size_t)(g->end - g->start.offset))
                     : 0;
    add(ctx, (event){'E', g->number, 0, 0, g->end, g->movetext_start, g->movetext_end, (unsigned long)g->terminated,
                     0, h});
}

static void on_diagnostic(void *ctx, const pgn_diagnostic *d)
{
    add(ctx, (event){'D', d->game, d->at.line, d->at.column, d->at.offset, 0, 0, 0, 0, hash(d->message, strlen(d->message))});
}

static const pgn_handler handler = {on_bytes, on_tags, on_end, on_diagnostic};

/* The log and the bytes, as the calling thread puts them together. */
typedef struct whole {
    char *log;
    size_t log_n, log_cap;
    char *bytes;
    size_t bytes_n, bytes_cap;
    size_t chunks, live, max_live;
    pthread_mutex_t lock;
} whole;

static void append(char **buf, size_t *n, size_t *cap, const char *b, size_t len)
{
    if (*n + len + 1 > *cap) {
        *cap = (*n + len + 1) * 2;
        *buf = need(realloc(*buf, *cap));
    }
    if (len)
        memcpy(*buf + *n, b, len);
    *n += len;
}

static void write_out(whole *w, context *c, unsigned long games_before)
{
    char line[256];
    for (size_t i = 0; i < c->n; i++) {
        const event *e = &c->events[i];
        unsigned long game = e->game ? e->game + games_before : 0;
        int n = snprintf(line, sizeof line, "%c game %lu at %lu:%lu %llu %llu %llu %lu %08x\n", e->kind, game, e->line,
                         e->column, (unsigned long long)e->a, (unsigned long long)e->b, (unsigned long long)e->c,
                         e->e, e->h);
        append(&w->log, &w->log_n, &w->log_cap, line, (size_t)n);
    }
    append(&w->bytes, &w->bytes_n, &w->bytes_cap, c->bytes ? c->bytes : "", c->bytes_n);
}

static void *chunk_new(void *caller)
{
    whole *w = caller;
    w->live++;
    if (w->live > w->max_live)
        w->max_live = w->live;
    return calloc(1, sizeof(context));
}

static void context_free(context *c)
{
    free(c->events);
    free(c->bytes);
    free(c);
}

static void chunk_done(void *caller, void *ctx, const input_chunk *chunk)
{
    whole *w = caller;
    write_out(w, ctx, chunk->games_before);
    w->chunks++;
    w->live--;
    context_free(ctx);
}

static void chunk_drop(void *caller, void *ctx)
{
    whole *w = caller;
    w->live--;
    context_free(ctx);
}

static void whole_free(whole *w)
{
    free(w->log);
    free(w->bytes);
}

static void one_pass(const char *data, size_t len, whole *w)
{
    memset(w, 0, sizeof *w);
    context c;
    memset(&c, 0, sizeof c);
    pgn_reader *r = need(pgn_reader_new(&handler, &c));
    pgn_feed(r, data, len);
    pgn_finish(r);
    pgn_reader_free(r);
    write_out(w, &c, 0);
    free(c.events);
    free(c.bytes);
}

/* A pipe that a child fills with the file's bytes: its reading end, or -1
 * (said). The child calls only async-signal-safe functions; its exit status
 * says whether it wrote every byte. */
static int open_pipe(const char *path, pid_t *child)
{
    int fds[2];
    if (pipe(fds) != 0) {
        fprintf(stderr, "FAIL %s: cannot make a pipe: %s\n", path, strerror(errno));
        return -1;
    }
    *child = fork();
    if (*child < 0) {
        fprintf(stderr, "FAIL %s: cannot start the pipe's writer: %s\n", path, strerror(errno));
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    if (*child == 0) {
        close(fds[0]);
        int fd = open(path, O_RDONLY);
        if (fd < 0)
            _exit(1);
        char buf[65536];
        for (;;) {
            ssize_t got = read(fd, buf, sizeof buf);
            if (got < 0 && errno == EINTR)
                continue;
            if (got < 0)
                _exit(1);
            if (got == 0)
                _exit(0);
            for (ssize_t put = 0; put < got;) {
                ssize_t n = write(fds[1], buf + put, (size_t)(got - put));
                if (n < 0 && errno == EINTR)
                    continue;
                if (n <= 0)
                    _exit(1);
                put += n;
            }
        }
    }
    close(fds[1]);
    return fds[0];
}

/* The whole file, or NULL (said, and counted as a failure). */
static char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "FAIL %s: cannot open: %s\n", path, strerror(errno));
        failures++;
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap);
    while (b) {
        size_t got = fread(b + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
        if (n == cap) {
            char *bigger = realloc(b, cap *= 2);
            if (!bigger)
                free(b);
            b = bigger;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!b || bad) {
        fprintf(stderr, "FAIL %s: cannot read: %s\n", path, b ? "read error" : "out of memory");
        failures++;
        free(b);
        return NULL;
    }
    *len = n;
    return b;
}

static void compare(const char *what, const whole *want, const whole *got)
{
    if (got->log_n != want->log_n || memcmp(got->log, want->log, want->log_n) != 0) {
        size_t i = 0;
        while (i < want->log_n && i < got->log_n && got->log[i] == want->log[i])
            i++;
        /* the logs are not NUL-terminated: print within their lengths */
        size_t from = i > 200 ? i - 200 : 0;
        int want_n = (int)(want->log_n - from < 300 ? want->log_n - from : 300);
        int got_n = (int)(got->log_n - from < 300 ? got->log_n - from : 300);
        fprintf(stderr, "FAIL %s: the log differs from one pass's at byte %zu\n  one pass: %.*s\n  parallel: %.*s\n",
                what, i, want_n, want->log ? want->log + from : "", got_n, got->log ? got->log + from : "");
        failures++;
    }
    if (got->bytes_n != input_len || memcmp(got->bytes, input, input_len) != 0) {
        fprintf(stderr, "FAIL %s: the bytes handed on are not the input's (%zu of %zu)\n", what, got->bytes_n, input_len);
        failures++;
    }
}

static void check_parallel(const char *path, const char *label)
{
    size_t len;
    char *data = read_file(path, &len);
    if (!data)
        return;
    input = (const unsigned char *)data;
    input_len = len;
    whole want;
    one_pass(data, len, &want);
    char zstd_file[PATH_MAX], command[2 * PATH_MAX + 64];
    const char *zstd_path = NULL;
    snprintf(zstd_file, sizeof zstd_file, "%s/copy.zst", work_dir);
    snprintf(command, sizeof command, "zstd -q -f -c '%s' > '%s'", path, zstd_file);
    /* without the program that part is skipped; with it, a copy not made is a failure */
    if (system("command -v zstd >/dev/null 2>&1") == 0) {
        if (system(command) == 0) {
            zstd_path = zstd_file;
        } else {
            fprintf(stderr, "FAIL %s: cannot make its zstd copy in %s\n", path, work_dir);
            failures++;
        }
    }
    static const size_t sizes[] = {1, 7, 100, 4096, 65536, 0};
    for (int threads = 1; threads <= 4; threads++)
        for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++)
            for (int piped = 0; piped <= 2; piped++) {
                /* 1: through a pipe; 2: its zstd copy (made by the zstd program), decoded as it is read */
                if (piped && sizes[s] != 100 && sizes[s] != 0)
                    continue;
                if (piped == 2 && !zstd_path)
                    continue;
                whole got;
                memset(&got, 0, sizeof got);
                input_parallel p = {&handler, NULL, chunk_new, chunk_done, chunk_drop, &got, threads, sizes[s]};
                char what[PATH_MAX + 64];
                snprintf(what, sizeof what, "%s, -j%d, chunks of %zu%s", label, threads, sizes[s],
                         piped == 1 ? ", from a pipe" : piped == 2 ? ", zstd" : "");
                pid_t child = -1;
                int fd = piped == 1 ? open_pipe(path, &child) : open(piped ? zstd_path : path, O_RDONLY);
                if (fd < 0) {
                    if (piped != 1)
                        fprintf(stderr, "FAIL %s: cannot open: %s\n", what, strerror(errno));
                    failures++;
                    continue;
                }
                int status = input_games_parallel(&p, fd, label);
                close(fd);
                if (child > 0) {
                    int child_status = 0;
                    while (waitpid(child, &child_status, 0) < 0 && errno == EINTR)
                        ;
                    if (!WIFEXITED(child_status) || WEXITSTATUS(child_status) != 0) {
                        fprintf(stderr, "FAIL %s: the pipe's writer could not copy the file\n", what);
                        failures++;
                    }
                }
                if (status != 0 && len > 0) {
                    fprintf(stderr, "FAIL %s: status %d\n", what, status);
                    failures++;
                }
                if (got.live != 0) {
                    fprintf(stderr, "FAIL %s: %zu contexts never handed back\n", what, got.live);
                    failures++;
                }
                /* bounded: threads + 2 chunks at a time */
                if (got.max_live > (size_t)threads + 2) {
                    fprintf(stderr, "FAIL %s: %zu chunks held at once\n", what, got.max_live);
                    failures++;
                }
                compare(what, &want, &got);
                whole_free(&got);
            }
    whole_free(&want);
    free(data);
}

/* Byte ranges: the games of each part, in order, are one pass's games. */
typedef struct games_log {
    char *log;
    size_t n, cap;
} games_log;

static void range_end(void *ctx, const pgn_game *g)
{
    games_log *l = ctx;
    char line[128];
    uint32_t h = g->end <= input_len && g->start.offset <= g->end
                     ? hash(input + g->start.offset, (size_t)(g->end - g->start.offset))
                     : 0;
    int n = snprintf(line, sizeof line, "%llu %llu %08x\n", (unsigned long long)g->start.offset,
                     (unsigned long long)g->end, h);
    append(&l->log, &l->n, &l->cap, line, (size_t)n);
}

static const pgn_handler range_handler = {NULL, NULL, range_end, NULL};

static void check_ranges(const char *path, const char *label, unsigned seed)
{
    size_t len;
    char *data = read_file(path, &len);
    if (!data)
        return;
    input = (const unsigned char *)data;
    input_len = len;
    games_log want = {0}, got = {0};
    pgn_reader *r = need(pgn_reader_new(&range_handler, &want));
    pgn_feed(r, data, len);
    pgn_finish(r);
    pgn_reader_free(r);
    int fd = open(path, O_RDONLY);
    if (fd < 0) {
        fprintf(stderr, "FAIL %s: cannot open: %s\n", label, strerror(errno));
        failures++;
        free(want.log);
        free(data);
        return;
    }
    for (int round = 0; round < 20; round++) {
        got.n = 0;
        int parts = 1 + round % 9;
        uint64_t cuts[12];
        cuts[0] = 0;
        for (int i = 1; i < parts; i++)
            cuts[i] = len ? (uint64_t)((size_t)rand_r(&seed) % len) : 0;
        cuts[parts] = len;
        for (int i = 1; i < parts; i++) /* in order */
            for (int j = i; j > 1 && cuts[j] < cuts[j - 1]; j--) {
                uint64_t t = cuts[j];
                cuts[j] = cuts[j - 1];
                cuts[j - 1] = t;
            }
        uint64_t covered = 0;
        for (int i = 0; i < parts;) {
            int to = i + 1, ok = 0;
            games_log part = {0};
            while (!ok) {
                part.n = 0;
                int error = input_range_read(&range_handler, &part, fd, cuts[i], cuts[to], &ok);
                if (error) {
                    fprintf(stderr, "FAIL %s: range read: %s\n", label, strerror(error));
                    failures++;
                    ok = 1;
                }
                if (!ok)
                    to++; /* read as one with the next part */
            }
            uint64_t start, end;
            input_range_bounds(fd, cuts[i], cuts[to], &start, &end);
            if (start != covered) {
                fprintf(stderr, "FAIL %s: a part starts at %llu, not where the one before ended (%llu)\n", label,
                        (unsigned long long)start, (unsigned long long)covered);
                failures++;
            }
            covered = end;
            append(&got.log, &got.n, &got.cap, part.log ? part.log : "", part.n);
            free(part.log);
            i = to;
        }
        if (covered != len || got.n != want.n || (want.n && memcmp(got.log, want.log, want.n) != 0)) {
            fprintf(stderr, "FAIL %s: %d parts: the games of the parts are not one pass's (%zu of %zu log bytes)\n",
                    label, parts, got.n, want.n);
            failures++;
        }
    }
    close(fd);
    free(want.log);
    free(got.log);
    free(data);
}

/* Generated inputs: fragments that make a chunk's cut fall inside a game. */
static const char *const fragments[] = {
    "[Event \"e\"]\n[Site \"s\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 1-0\n\n",
    "[Event \"c\"]\n\n1. d4 {a comment\n[over lines\n[that start with '['\n} d5 *\n\n",
    "1. e4 e5 1/2-1/2\n",
    "garbage between games\n",
    "[Event \"v\"]\n\n1. e4 (1. d4\n[Stray \"in a variation\"]\n d5) e5 0-1\n\n",
    "[Event \"t\"]\n[White \"w\"]\n\n[Black \"tags only, then a blank line\"]\n\n",
    "[Event \"crlf\"]\r\n\r\n1. c4 c5 1-0\r\n\r\n",
    "%escape line\n",
    "[Event \"no result\"]\n\n1. e4 e5\n",
    "; a line comment [with a bracket\n[Event \"after\"]\n\n1. f4 *\n",
    "[Event \"open tag\n[Site \"x\"]\n\n1. g4 *\n",
    "[Event \"dup\"]\n[Event \"dup\"]\n\n1. h4 ) *\n",
    "{\n[a comment between games\n}\n",
    "[Event \"b\"]\n\n1. e4 {a comment\n\n[with a blank line before\n} e5 1-0\n\n",
};

/* 0, or -1 (said) when the file could not be written. */
static int generate(const char *path, unsigned seed, int bom, int open_end)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        fprintf(stderr, "FAIL %s: cannot create: %s\n", path, strerror(errno));
        failures++;
        return -1;
    }
    if (bom)
        fputs("\xEF\xBB\xBF", f);
    int n = 200 + (int)(rand_r(&seed) % 400);
    for (int i = 0; i < n; i++)
        fputs(fragments[(size_t)rand_r(&seed) % (sizeof fragments / sizeof *fragments)], f);
    if (open_end)
        fputs("[Event \"last\"]\n\n1. e4 {left open\n[Event \"not a game\"]\n", f);
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "FAIL %s: cannot write\n", path);
        failures++;
        return -1;
    }
    return 0;
}

/* The folders made for the work folder, innermost last, to remove after. */
static char made[32][PATH_MAX];
static int made_n;

/* mkdir -p: 0, or -1 (said). */
static int make_folder(const char *path)
{
    char p[PATH_MAX];
    if (snprintf(p, sizeof p, "%s", path) >= (int)sizeof p) {
        fprintf(stderr, "FAIL %s: the work folder's name is too long\n", path);
        return -1;
    }
    for (char *at = p + 1;; at++) {
        if (*at != '/' && *at != '\0')
            continue;
        char was = *at;
        *at = '\0';
        if (mkdir(p, 0777) == 0) {
            if (made_n < (int)(sizeof made / sizeof *made))
                snprintf(made[made_n++], sizeof *made, "%s", p);
        } else if (errno != EEXIST) {
            fprintf(stderr, "FAIL %s: cannot make the work folder: %s\n", p, strerror(errno));
            return -1;
        }
        *at = was;
        if (!was)
            break;
    }
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode)) {
        fprintf(stderr, "FAIL %s: the work folder is not a folder\n", path);
        return -1;
    }
    return 0;
}

static void work_path(char *out, size_t size, const char *name)
{
    if (snprintf(out, size, "%s/%s", work_dir, name) >= (int)size) {
        fprintf(stderr, "FAIL %s: the work folder's name is too long\n", work_dir);
        exit(1);
    }
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: input_parallel_check WORK_DIR [PGN...]\n");
        return 2;
    }
    work_dir = argv[1];
    if (make_folder(work_dir) != 0)
        return 1;
    for (int i = 2; i < argc; i++) {
        check_parallel(argv[i], argv[i]);
        check_ranges(argv[i], argv[i], 17u + (unsigned)i);
    }
    static const char *const made_files[] = {"generated0.pgn", "generated1.pgn", "generated2.pgn", "generated3.pgn",
                                             "generated4.pgn", "generated5.pgn", "empty.pgn", "copy.zst"};
    char path[PATH_MAX];
    for (unsigned k = 0; k < 6; k++) {
        work_path(path, sizeof path, made_files[k]);
        if (generate(path, 1000u + k, k % 3 == 0, k % 2 == 1) != 0)
            continue;
        check_parallel(path, path);
        check_ranges(path, path, 99u + k);
    }
    work_path(path, sizeof path, "empty.pgn");
    FILE *f = fopen(path, "wb");
    if (!f || fclose(f) != 0) {
        fprintf(stderr, "FAIL %s: cannot create: %s\n", path, strerror(errno));
        failures++;
    } else {
        check_ranges(path, path, 5);
    }
    if (!failures) { /* kept for a look after a failure */
        for (size_t i = 0; i < sizeof made_files / sizeof *made_files; i++) {
            work_path(path, sizeof path, made_files[i]);
            unlink(path);
        }
        while (made_n > 0)
            rmdir(made[--made_n]);
    }
    printf("input_parallel_check: %s\n", failures ? "FAILED" : "ok");
    return failures ? 1 : 0;
}
