/*
 * Study starts cut from real games, for bench_lookup.sh's database at the
 * scale of a real one: reads a PGN file, replays each game's main line
 * (src/replay), keeps every position from ply MIN_PLY on, and writes STUDIES
 * lines "COMPOSER<TAB>SOURCE<TAB>DATE<TAB>FEN<TAB>PLIES" for
 * gbr_bench_solutions: a kept position chosen at random, one of 5,000
 * composers, a source naming the game and ply it was cut at, a year from
 * 1850 to 2024 (a tenth with the month and day too), and a solution length
 * of 20 to 60 plies. A xorshift generator from SEED chooses: the same file
 * and seed give the same lines.
 *
 * usage: gbr_bench_cut FILE STUDIES SEED [MIN_PLY] > lines
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess.h"
#include "pgn_reader.h"
#include "replay.h"

typedef struct kept {
    char (*fen)[CHESS_FEN_SIZE];
    unsigned long *game, *ply;
    size_t n, cap;
    unsigned long min_ply;
} kept;

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    kept *k = context;
    if (!p->main_line || p->ply < k->min_ply)
        return 0;
    if (k->n == k->cap) {
        k->cap = k->cap ? 2 * k->cap : 4096;
        k->fen = realloc(k->fen, k->cap * sizeof *k->fen);
        k->game = realloc(k->game, k->cap * sizeof *k->game);
        k->ply = realloc(k->ply, k->cap * sizeof *k->ply);
        if (!k->fen || !k->game || !k->ply) {
            fprintf(stderr, "gbr_bench_cut: out of memory\n");
            exit(2);
        }
    }
    chess_fen_write(p->position, CHESS_FEN_EN_PASSANT_IF_CAPTURE, k->fen[k->n], CHESS_FEN_SIZE);
    k->game[k->n] = game->number;
    k->ply[k->n++] = p->ply;
    return 0;
}

static uint64_t state;

static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

int main(int argc, char **argv)
{
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: gbr_bench_cut FILE STUDIES SEED [MIN_PLY] > lines\n");
        return 2;
    }
    unsigned long studies = strtoul(argv[2], NULL, 10);
    state = strtoull(argv[3], NULL, 10) * 2654435761u + 88172645463325252ull;
    kept k = {NULL, NULL, NULL, 0, 0, argc == 5 ? strtoul(argv[4], NULL, 10) : 8};
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        fprintf(stderr, "gbr_bench_cut: cannot open %s\n", argv[1]);
        return 2;
    }
    static const replay_handler handler = {NULL, NULL, on_position, NULL};
    replay *r = replay_new(&handler, &k);
    pgn_reader *reader = r ? pgn_reader_new(replay_pgn_handler(), r) : NULL;
    if (!reader)
        return 2;
    char buffer[1 << 16];
    size_t got;
    while ((got = fread(buffer, 1, sizeof buffer, f)) > 0)
        pgn_feed(reader, buffer, got);
    pgn_finish(reader);
    pgn_reader_free(reader);
    replay_free(r);
    fclose(f);
    if (k.n == 0) {
        fprintf(stderr, "gbr_bench_cut: no position at ply %lu or later in %s\n", k.min_ply, argv[1]);
        return 2;
    }
    for (unsigned long i = 0; i < studies; i++) {
        size_t at = (size_t)(next() % k.n);
        unsigned long composer = (unsigned long)(next() % 5000), year = 1850 + (unsigned long)(next() % 175);
        unsigned long plies = 20 + (unsigned long)(next() % 41);
        char date[32];
        if (next() % 10 == 0)
            snprintf(date, sizeof date, "%lu.%02u.%02u", year, (unsigned)(1 + next() % 12), (unsigned)(1 + next() % 28));
        else
            snprintf(date, sizeof date, "%lu.??.??", year);
        printf("Composer %lu\tGame %lu, ply %lu\t%s\t%s\t%lu\n", composer + 1, k.game[at], k.ply[at], date, k.fen[at],
               plies);
    }
    fprintf(stderr, "%zu positions kept\n", k.n);
    free(k.fen);
    free(k.game);
    free(k.ply);
    return 0;
}
