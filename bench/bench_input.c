/* gbr_bench_input: one PGN input (a file, or standard input as "-"; plain
 * or compressed) read on THREADS threads by input_games_parallel, every
 * game of each chunk replayed (src/replay) and its positions counted, the
 * chunks' counts added up on the calling thread in input order: the shape
 * of a census. Prints "games positions seconds games/s".
 * With SLEEP_US=N in the environment each game also sleeps N microseconds
 * (no CPU): the scaling of the pipeline itself on a machine whose cores
 * are busy with other work.
 *
 * usage: gbr_bench_input THREADS [CHUNK_BYTES] FILE */
#define _POSIX_C_SOURCE 200809L

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "input_parallel.h"
#include "replay.h"

typedef struct counts {
    unsigned long games, positions;
} counts;

typedef struct chunk_context {
    counts c;
    replay *r;
} chunk_context;

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    (void)game;
    (void)p;
    ((counts *)context)->positions++;
    return 0;
}

static long sleep_us;

static void on_game_end(void *context, const pgn_game *game, const replay_outcome *o)
{
    (void)game;
    (void)o;
    ((counts *)context)->games++;
    if (sleep_us > 0) {
        struct timespec t = {sleep_us / 1000000, (sleep_us % 1000000) * 1000};
        nanosleep(&t, NULL);
    }
}

static const replay_handler handler = {NULL, NULL, on_position, on_game_end};

/* The replay's reader handler wants the replay as its context: the chunk's
 * context is a replay whose own context is the chunk's counts, found again
 * by the replay in the few chunks held (all three callbacks run on the
 * calling thread). */
#define HELD_MAX (INPUT_THREADS_MAX + 2)
static chunk_context *held[HELD_MAX];

static void *chunk_new(void *caller)
{
    (void)caller;
    chunk_context *c = calloc(1, sizeof *c);
    if (c && !(c->r = replay_new(&handler, &c->c))) {
        free(c);
        c = NULL;
    }
    for (size_t i = 0; c && i < HELD_MAX; i++)
        if (!held[i]) {
            held[i] = c;
            return c->r;
        }
    return NULL;
}

static chunk_context *owner_of(void *r)
{
    for (size_t i = 0; i < HELD_MAX; i++)
        if (held[i] && held[i]->r == r) {
            chunk_context *c = held[i];
            held[i] = NULL;
            return c;
        }
    abort();
}

static void chunk_done(void *caller, void *context, const input_chunk *chunk)
{
    (void)chunk;
    counts *total = caller;
    chunk_context *c = owner_of(context);
    total->games += c->c.games;
    total->positions += c->c.positions;
    replay_free(c->r);
    free(c);
}

static void chunk_drop(void *caller, void *context)
{
    (void)caller;
    chunk_context *c = owner_of(context);
    replay_free(c->r);
    free(c);
}

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: gbr_bench_input THREADS [CHUNK_BYTES] FILE\n");
        return 2;
    }
    const char *sleep_text = getenv("SLEEP_US");
    sleep_us = sleep_text ? atol(sleep_text) : 0;
    int threads = atoi(argv[1]);
    size_t chunk = argc > 3 ? (size_t)strtoull(argv[2], NULL, 10) : 0;
    const char *path = argv[argc - 1];
    int fd = strcmp(path, "-") == 0 ? 0 : open(path, O_RDONLY);
    if (fd < 0) {
        perror(path);
        return 2;
    }
    counts total = {0, 0};
    input_parallel p = {replay_pgn_handler(), replay_tags, chunk_new, chunk_done, chunk_drop, &total, threads, chunk};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int status = input_games_parallel(&p, fd, path);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double seconds = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%lu %lu %.3f %.0f\n", total.games, total.positions, seconds, (double)total.games / seconds);
    return status ? 1 : 0;
}
