/*
 * Perft against the published counts: the six positions of the Chess
 * Programming Wiki's perft suite and Chess960 positions of its Chess960
 * list, every depth from 1 to the one given (the last ply counted, not
 * played). Prints one line a position and depth; exits 1 on any difference.
 *
 * usage: chess_perft DEPTH CHESS960_DEPTH
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess.h"

typedef struct perft_case {
    const char *name;
    const char *fen;
    unsigned long long counts[6]; /* depth 1 to 6 */
} perft_case;

static const perft_case standard[] = {
    {"initial", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     {20, 400, 8902, 197281, 4865609, 119060324}},
    {"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     {48, 2039, 97862, 4085603, 193690690, 8031647685}},
    {"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", {14, 191, 2812, 43238, 674624, 11030083}},
    {"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     {6, 264, 9467, 422333, 15833292, 706045033}},
    {"position 4 mirrored", "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     {6, 264, 9467, 422333, 15833292, 706045033}},
    {"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     {44, 1486, 62379, 2103487, 89941194, 0}},
    {"position 6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     {46, 2079, 89890, 3894594, 164075551, 6923051137}},
};

/* The first positions of the Chess960 list (Shredder-FEN castling rights),
 * and one with an en-passant square. */
static const perft_case chess960[] = {
    {"960 #1", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
     {21, 528, 12189, 326672, 8146062, 227689589}},
    {"960 #2", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
     {21, 807, 18002, 667366, 16253601, 590751109}},
    {"960 #3", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
     {20, 479, 10471, 273318, 6417013, 177654692}},
    {"960 #4", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
     {22, 593, 13440, 382958, 9183776, 274103539}},
    {"960 #5", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
     {28, 1120, 31058, 1171749, 34030312, 1250970898}},
    {"960 #18", "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9",
     {31, 984, 28677, 962591, 29032175, 1008880643}},
    {"960 #81", "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9",
     {25, 792, 19883, 636041, 16473376, 532214177}},
};

static int run(const perft_case *cases, size_t n, unsigned depth)
{
    int failures = 0;
    for (size_t i = 0; i < n; i++) {
        chess_position p;
        chess_error error;
        if (chess_fen_read(&p, cases[i].fen, strlen(cases[i].fen), &error) != 0) {
            printf("FAIL %s: FEN refused: %s\n", cases[i].name, error.message);
            failures++;
            continue;
        }
        for (unsigned d = 1; d <= depth && d <= 6; d++) {
            if (!cases[i].counts[d - 1])
                continue;
            unsigned long long got = chess_perft(&p, d);
            int ok = got == cases[i].counts[d - 1];
            printf("%s %s depth %u: %llu\n", ok ? "ok" : "FAIL", cases[i].name, d, got);
            if (!ok) {
                printf("    published %llu\n", cases[i].counts[d - 1]);
                failures++;
            }
        }
    }
    return failures;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: chess_perft DEPTH CHESS960_DEPTH\n");
        return 2;
    }
    unsigned depth = (unsigned)atoi(argv[1]), depth960 = (unsigned)atoi(argv[2]);
    int failures = run(standard, sizeof standard / sizeof *standard, depth) +
                   run(chess960, sizeof chess960 / sizeof *chess960, depth960);
    printf("chess_perft: %d failure(s)\n", failures);
    return failures ? 1 : 0;
}
