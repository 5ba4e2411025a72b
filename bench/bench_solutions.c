/*
 * Solutions for a generated study collection, for bench_lookup.sh: reads
 * lines "COMPOSER<TAB>SOURCE<TAB>DATE<TAB>FEN[<TAB>PLIES]" and writes each as
 * a PGN game whose movetext is a legal line of random moves from its FEN (the
 * rules of src/chess), up to PLIES plies (the line's own, else the argument), with a variation of two plies replacing its
 * third move where another move is there. A FEN the rules refuse is left out.
 * The moves are chosen by a xorshift generator from SEED: the same input and
 * seed give the same file.
 *
 * With ASK_GAME ASK_PLY FILE, the FEN of game ASK_GAME's (from 1) main line
 * after ASK_PLY plies and its composer go to FILE, "FEN<TAB>COMPOSER": a
 * position to look up.
 *
 * usage: gbr_bench_solutions PLIES SEED [ASK_GAME ASK_PLY FILE] < lines > games.pgn
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess.h"

static uint64_t state;

static uint64_t next(void)
{
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

/* Writes "N." or "N..." when due, then the move's SAN; plays it. */
static void put_move(chess_position *p, chess_move m, int *numbered)
{
    char san[CHESS_MOVE_TEXT_SIZE];
    chess_san_write(p, m, san, sizeof san);
    if (p->side == CHESS_WHITE)
        printf("%lu. ", (unsigned long)p->fullmove_number);
    else if (!*numbered)
        printf("%lu... ", (unsigned long)p->fullmove_number);
    printf("%s ", san);
    *numbered = p->side == CHESS_WHITE;
    chess_play(p, m);
}

/* A random legal move; 0 when there is none. */
static int pick(const chess_position *p, chess_move *m, size_t avoid_index, int avoid)
{
    chess_move moves[CHESS_MAX_MOVES];
    size_t n = chess_legal_moves(p, moves);
    if (n == 0 || (avoid && n < 2))
        return 0;
    size_t i = (size_t)(next() % n);
    if (avoid && i == avoid_index)
        i = (i + 1) % n;
    *m = moves[i];
    return 1;
}

/* "FEN<TAB>COMPOSER" of the asked position into path. */
static int write_asked(const chess_position *p, const char *composer, const char *path)
{
    char fen[CHESS_FEN_SIZE];
    chess_fen_write(p, CHESS_FEN_EN_PASSANT_IF_CAPTURE, fen, sizeof fen);
    FILE *f = fopen(path, "w");
    if (!f || fprintf(f, "%s\t%s\n", fen, composer) < 0 || fclose(f) != 0) {
        fprintf(stderr, "gbr_bench_solutions: cannot write %s\n", path);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc != 3 && argc != 6) {
        fprintf(stderr, "usage: gbr_bench_solutions PLIES SEED [ASK_GAME ASK_PLY FILE] < lines > games.pgn\n");
        return 2;
    }
    unsigned long ask_game = argc == 6 ? strtoul(argv[3], NULL, 10) : 0;
    unsigned long ask_ply = argc == 6 ? strtoul(argv[4], NULL, 10) : 0;
    unsigned long plies = strtoul(argv[1], NULL, 10);
    state = strtoull(argv[2], NULL, 10) * 2654435761u + 88172645463325252ull;
    char line[4096];
    unsigned long games = 0, moves = 0;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        char *field[5];
        char *at = line;
        int n = 0;
        for (; n < 5 && at; n++) {
            field[n] = at;
            at = strchr(at, '\t');
            if (at)
                *at++ = '\0';
        }
        if (n < 4)
            continue;
        unsigned long line_plies = n == 5 ? strtoul(field[4], NULL, 10) : plies;
        chess_position start;
        chess_error e;
        if (chess_fen_read_with(&start, field[3], strlen(field[3]), CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &e) != 0)
            continue;
        printf("[Event \"%s\"]\n[White \"%s\"]\n[Date \"%s\"]\n[Result \"*\"]\n[FEN \"%s\"]\n[SetUp \"1\"]\n\n",
               field[1], field[0], field[2], field[3]);
        chess_position p = start;
        int numbered = 0;
        for (unsigned long ply = 0; ply < line_plies; ply++) {
            chess_move m;
            if (!pick(&p, &m, 0, 0))
                break;
            if (ply == 2) { /* a variation replacing the third move */
                chess_move legal[CHESS_MAX_MOVES];
                size_t count = chess_legal_moves(&p, legal), chosen = 0;
                for (size_t i = 0; i < count; i++)
                    if (memcmp(&legal[i], &m, sizeof m) == 0)
                        chosen = i;
                chess_position v = p;
                chess_move first, second;
                put_move(&p, m, &numbered);
                moves++;
                if (games + 1 == ask_game && ply + 1 == ask_ply && write_asked(&p, field[0], argv[5]) != 0)
                    return 1;
                if (pick(&v, &first, chosen, 1)) {
                    int vn = 0;
                    printf("(");
                    put_move(&v, first, &vn);
                    if (pick(&v, &second, 0, 0))
                        put_move(&v, second, &vn);
                    printf(") ");
                    numbered = 0;
                    moves += 2;
                }
                continue;
            }
            put_move(&p, m, &numbered);
            moves++;
            if (games + 1 == ask_game && ply + 1 == ask_ply && write_asked(&p, field[0], argv[5]) != 0)
                return 1;
        }
        printf("*\n\n");
        games++;
    }
    fprintf(stderr, "%lu games, %lu moves\n", games, moves);
    return 0;
}
