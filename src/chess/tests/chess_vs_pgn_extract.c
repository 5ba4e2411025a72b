/*
 * The rules against pgn-extract: reads pgn-extract's output written with
 * --fencomments (each move followed by a comment holding the FEN of the
 * position after it; no move numbers, results or variations) on standard
 * input, replays every game from its [FEN] tag or the start position, and
 * compares the FEN gbr writes after every move (placement, side, castling
 * rights, the en-passant square after every double step, clocks) with
 * pgn-extract's, byte for byte. Prints the first differences and a count;
 * exits 1 on a difference or a move refused, and when it read no move. A
 * [FEN] that gbr refuses (pgn-extract plays from positions that cannot
 * arise, such as the side not to move in check) is listed with gbr's reason
 * and its game left out.
 *
 * usage: pgn-extract --fencomments -C -N -V --nomovenumbers --noresults -s -w 100000 FILE |
 *        chess_vs_pgn_extract NAME
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "chess.h"

int main(int argc, char **argv)
{
    static char line[1 << 16];
    const char *name = argc > 1 ? argv[1] : "input";
    chess_position p;
    chess_start_position(&p);
    long games = 0, moves = 0, differences = 0, refused = 0, fens_refused = 0;
    int skip = 0;
    char last[64] = "";
    while (fgets(line, sizeof line, stdin)) {
        if (line[0] == '[') {
            if (strncmp(line, "[Event ", 7) == 0) {
                games++;
                chess_start_position(&p);
                skip = 0;
            }
            if (strncmp(line, "[FEN \"", 6) == 0) {
                char *end = strchr(line + 6, '"');
                chess_error error;
                if (!end || chess_fen_read(&p, line + 6, (size_t)(end - line - 6), &error) != 0) {
                    printf("%s: game %ld: FEN refused, game left out: %s\n", name, games,
                           end ? error.message : "no closing quote");
                    fens_refused++;
                    skip = 1;
                }
            }
            continue;
        }
        for (char *s = line; !skip;) {
            while (isspace((unsigned char)*s))
                s++;
            if (!*s)
                break;
            if (*s == '{') {
                char *end = strchr(s, '}');
                if (!end)
                    break;
                char *from = s + 1, *to = end;
                while (*from == ' ')
                    from++;
                while (to > from && to[-1] == ' ')
                    to--;
                char mine[CHESS_FEN_SIZE];
                size_t n = chess_fen_write(&p, 0, mine, sizeof mine);
                if (n != (size_t)(to - from) || memcmp(mine, from, n) != 0) {
                    if (differences < 10)
                        printf("%s: game %ld after %s: gbr %s, pgn-extract %.*s\n", name, games, last, mine,
                               (int)(to - from), from);
                    differences++;
                }
                s = end + 1;
                continue;
            }
            char *end = s;
            while (*end && !isspace((unsigned char)*end))
                end++;
            chess_move m;
            chess_error error;
            snprintf(last, sizeof last, "%.*s", (int)(end - s), s);
            if (chess_move_read(&p, s, (size_t)(end - s), &m, &error) != 0) {
                printf("%s: game %ld: %s: %s\n", name, games, last, error.message);
                refused++;
                skip = 1;
                break;
            }
            chess_play(&p, m);
            moves++;
            s = end;
        }
    }
    printf("%s: %ld games, %ld moves, %ld FEN differences, %ld moves refused, %ld games' FEN refused\n", name,
           games, moves, differences, refused, fens_refused);
    return differences || refused || !moves ? 1 : 0;
}
