/*
 * The replay of PGN games (src/replay) over one file held in memory, read
 * REPEAT times: the reader, the movetext walk, each move read and checked
 * legal (chess_move_read) and played, every position handed to a visitor
 * that counts it. Prints "GAMES POSITIONS REFUSED CPU_SECONDS GAMES_PER_SECOND"
 * for all the repeats (CPU time of this process, one core).
 *
 * usage: gbr_bench_replay FILE [REPEAT]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "replay.h"

typedef struct counts {
    unsigned long games, positions, refused;
} counts;

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    (void)game;
    (void)p;
    ((counts *)context)->positions++;
    return 0;
}

static void on_game_end(void *context, const pgn_game *game, const replay_outcome *o)
{
    (void)game;
    counts *c = context;
    c->games++;
    c->refused += o->status != REPLAY_DONE;
}

static double cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: gbr_bench_replay FILE [REPEAT]\n");
        return 2;
    }
    long repeat = argc > 2 ? atol(argv[2]) : 1;
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 2;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *text = malloc(size > 0 ? (size_t)size : 1);
    if (!text || fread(text, 1, (size_t)size, f) != (size_t)size)
        return 2;
    fclose(f);
    counts c = {0, 0, 0};
    static const replay_handler handler = {NULL, NULL, on_position, on_game_end};
    double start = cpu_seconds();
    for (long i = 0; i < repeat; i++) {
        replay *r = replay_new(&handler, &c);
        pgn_reader *reader = r ? pgn_reader_new(replay_pgn_handler(), r) : NULL;
        if (!reader)
            return 2;
        pgn_feed(reader, text, (size_t)size);
        pgn_finish(reader);
        pgn_reader_free(reader);
        replay_free(r);
    }
    double seconds = cpu_seconds() - start;
    printf("%lu %lu %lu %.3f %.0f\n", c.games, c.positions, c.refused, seconds, (double)c.games / seconds);
    free(text);
    return 0;
}
