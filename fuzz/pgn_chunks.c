/*
 * One PGN input on several threads (src/input/input_parallel.h) against one
 * reader over the whole input, on any bytes: the input's first byte chooses
 * 1 to 4 threads, the next two a chunk size of 1 to 4096 bytes, the rest is
 * the PGN, read from a memory file. Every callback of every chunk that is
 * handed back (a game's tags: number, first byte's offset, line and column,
 * tag count, malformed count, its section; its end: end and movetext
 * offsets, terminated; each diagnostic: where, game and message), with the
 * game numbers made whole, and the bytes handed on, in input order, must be
 * exactly one pass's; every context made is handed back or dropped.
 */
#define _GNU_SOURCE /* memfd_create */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "input_parallel.h"
#include "pgn_reader.h"

typedef struct event {
    char kind;
    unsigned long game, line, column, n, malformed;
    uint64_t a, b, c;
    uint32_t h;
} event;

typedef struct log {
    event *events;
    size_t n, cap;
    unsigned char *bytes;
    size_t bytes_n, bytes_cap;
} log_t;

static uint32_t hash(const void *p, size_t n)
{
    const unsigned char *b = p;
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 16777619u;
    return h;
}

static void add(log_t *l, event e)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 32;
        l->events = realloc(l->events, l->cap * sizeof *l->events);
        FUZZ_ASSERT(l->events, "out of memory");
    }
    l->events[l->n++] = e;
}

static void add_bytes(log_t *l, const void *b, size_t n)
{
    if (l->bytes_n + n > l->bytes_cap) {
        l->bytes_cap = 2 * (l->bytes_n + n);
        l->bytes = realloc(l->bytes, l->bytes_cap);
        FUZZ_ASSERT(l->bytes, "out of memory");
    }
    if (n)
        memcpy(l->bytes + l->bytes_n, b, n);
    l->bytes_n += n;
}

static void on_bytes(void *ctx, const char *b, size_t n) { add_bytes(ctx, b, n); }

static void on_tags(void *ctx, const pgn_game *g)
{
    add_bytes(ctx, g->section, g->section_len);
    add(ctx, (event){'T', g->number, g->start.line, g->start.column, g->tags_n, g->malformed, g->start.offset, 0, 0,
                     hash(g->section, g->section_len)});
}

static void on_end(void *ctx, const pgn_game *g)
{
    add(ctx, (event){'E', g->number, 0, 0, (unsigned long)g->terminated, 0, g->end, g->movetext_start,
                     g->movetext_end, 0});
}

static void on_diagnostic(void *ctx, const pgn_diagnostic *d)
{
    add(ctx, (event){'D', d->game, d->at.line, d->at.column, 0, 0, d->at.offset, 0, 0,
                     hash(d->message, strlen(d->message))});
}

static const pgn_handler handler = {on_bytes, on_tags, on_end, on_diagnostic};

typedef struct whole {
    log_t all;
    long live;
} whole;

static void log_free(log_t *l)
{
    free(l->events);
    free(l->bytes);
}

static void *chunk_new(void *caller)
{
    ((whole *)caller)->live++;
    return calloc(1, sizeof(log_t));
}

static void chunk_done(void *caller, void *ctx, const input_chunk *chunk)
{
    whole *w = caller;
    log_t *l = ctx;
    for (size_t i = 0; i < l->n; i++) {
        event e = l->events[i];
        if (e.game)
            e.game += chunk->games_before;
        add(&w->all, e);
    }
    add_bytes(&w->all, l->bytes, l->bytes_n);
    w->live--;
    log_free(l);
    free(l);
}

static void chunk_drop(void *caller, void *ctx)
{
    ((whole *)caller)->live--;
    log_free(ctx);
    free(ctx);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 3)
        return 0;
    int threads = 1 + data[0] % 4;
    size_t chunk_size = 1 + (size_t)(data[1] | data[2] << 8) % 4096;
    const char *pgn = (const char *)data + 3;
    size_t len = size - 3;
    fuzz_note_input(pgn, len);

    log_t want = {0};
    pgn_reader *r = pgn_reader_new(&handler, &want);
    FUZZ_ASSERT(r, "out of memory");
    pgn_feed(r, pgn, len);
    pgn_finish(r);
    pgn_reader_free(r);

    int fd = memfd_create("pgn_chunks", 0);
    FUZZ_ASSERT(fd >= 0, "no memory file");
    FUZZ_ASSERT(len == 0 || write(fd, pgn, len) == (ssize_t)len, "cannot write the memory file");
    FUZZ_ASSERT(lseek(fd, 0, SEEK_SET) == 0, "cannot rewind the memory file");
    whole got = {{0}, 0};
    input_parallel p = {&handler, NULL, chunk_new, chunk_done, chunk_drop, &got, threads, chunk_size};
    int status = input_games_parallel(&p, fd, "fuzz");
    close(fd);

    FUZZ_ASSERT(status == 0, "-j%d, chunks of %zu: status %d", threads, chunk_size, status);
    FUZZ_ASSERT(got.live == 0, "%ld contexts neither handed back nor dropped", got.live);
    FUZZ_ASSERT(got.all.bytes_n == len && (len == 0 || memcmp(got.all.bytes, pgn, len) == 0),
                "-j%d, chunks of %zu: the bytes handed on are not the input", threads, chunk_size);
    FUZZ_ASSERT(got.all.n == want.n, "-j%d, chunks of %zu: %zu callbacks, one pass %zu", threads, chunk_size,
                got.all.n, want.n);
    for (size_t i = 0; i < want.n; i++) {
        const event *a = &want.events[i], *b = &got.all.events[i];
        FUZZ_ASSERT(a->kind == b->kind && a->game == b->game && a->line == b->line && a->column == b->column &&
                    a->n == b->n && a->malformed == b->malformed && a->a == b->a && a->b == b->b && a->c == b->c &&
                    a->h == b->h,
                    "-j%d, chunks of %zu: callback %zu (%c, game %lu, offset %llu) differs from one pass's (%c, game %lu, "
                    "offset %llu)", threads, chunk_size, i, b->kind, b->game, (unsigned long long)b->a, a->kind, a->game,
                    (unsigned long long)a->a);
    }
    log_free(&want);
    log_free(&got.all);
    return 0;
}
