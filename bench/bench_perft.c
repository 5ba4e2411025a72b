/*
 * gbr_bench_perft: perft of one FEN to one depth with src/chess (the last
 * ply counted, not played), timed by the process's CPU clock. Prints
 * "NODES SECONDS NODES_PER_SECOND" on one line; bench_perft.sh runs it.
 * With --replay GAMES: that many random games (a fixed seed, up to 160
 * plies, from the start position) written as SAN, then read back and played
 * move by move as a game's replay does; prints "MOVES SECONDS MOVES_PER_SECOND
 * GAMES_PER_SECOND" of the replay alone.
 *
 * usage: gbr_bench_perft FEN DEPTH
 *        gbr_bench_perft --replay GAMES
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chess.h"

static int replay(unsigned long games)
{
    enum { PLIES = 160 };
    char (*san)[CHESS_MOVE_TEXT_SIZE] = malloc((size_t)games * PLIES * CHESS_MOVE_TEXT_SIZE);
    unsigned char *length = malloc((size_t)games * PLIES);
    unsigned *plies = malloc(games * sizeof *plies);
    if (!san || !length || !plies)
        return 2;
    uint64_t state = 0x9E3779B97F4A7C15u;
    for (unsigned long g = 0; g < games; g++) {
        chess_position p;
        chess_start_position(&p);
        unsigned n = 0;
        for (; n < PLIES; n++) {
            chess_move moves[CHESS_MAX_MOVES];
            size_t count = chess_legal_moves(&p, moves);
            if (!count)
                break;
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            chess_move m = moves[state % count];
            size_t k = (size_t)g * PLIES + n;
            length[k] = (unsigned char)chess_san_write(&p, m, san[k], CHESS_MOVE_TEXT_SIZE);
            chess_play(&p, m);
        }
        plies[g] = n;
    }
    unsigned long long moves = 0;
    clock_t start = clock();
    for (unsigned long g = 0; g < games; g++) {
        chess_position p;
        chess_start_position(&p);
        for (unsigned n = 0; n < plies[g]; n++) {
            size_t k = (size_t)g * PLIES + n;
            chess_move m;
            chess_error error;
            if (chess_move_read(&p, san[k], length[k], &m, &error) != 0) {
                fprintf(stderr, "gbr_bench_perft: %s: %s\n", san[k], error.message);
                return 1;
            }
            chess_play(&p, m);
            moves++;
        }
    }
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("%llu %.3f %.0f %.0f\n", moves, seconds, seconds > 0 ? (double)moves / seconds : 0.0,
           seconds > 0 ? (double)games / seconds : 0.0);
    free(san);
    free(length);
    free(plies);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "--replay") == 0)
        return replay(strtoul(argv[2], NULL, 10));
    if (argc != 3) {
        fprintf(stderr, "usage: gbr_bench_perft FEN DEPTH\n");
        return 2;
    }
    chess_position p;
    chess_error error;
    if (chess_fen_read(&p, argv[1], strlen(argv[1]), &error) != 0) {
        fprintf(stderr, "gbr_bench_perft: %s\n", error.message);
        return 2;
    }
    clock_t start = clock();
    unsigned long long nodes = chess_perft(&p, (unsigned)atoi(argv[2]));
    double seconds = (double)(clock() - start) / CLOCKS_PER_SEC;
    printf("%llu %.3f %.0f\n", nodes, seconds, seconds > 0 ? (double)nodes / seconds : 0.0);
    return 0;
}
