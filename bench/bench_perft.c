/*
 * gbr_bench_perft: perft of one FEN to one depth with src/chess (the last
 * ply counted, not played), timed by the process's CPU clock. Prints
 * "NODES SECONDS NODES_PER_SECOND" on one line; bench_perft.sh runs it.
 *
 * usage: gbr_bench_perft FEN DEPTH
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "chess.h"

int main(int argc, char **argv)
{
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
