/*
 * The replay of PGN games (replay.h): each case is a PGN text read by the
 * streaming reader with the replay's handler, and the transcript it must
 * give, a line for each position handed to the visitor,
 *   PLY DEPTH main|var WRITTEN>SAN FEN            (the start: "- FEN")
 * and one for each game's outcome,
 *   = STATUS positions P moves M [lenient] [chess960] [LINE:COLUMN: MESSAGE]
 * The input is fed one byte at a time and whole, with the same transcript.
 */
#include <stdio.h>
#include <string.h>

#include "replay.h"

typedef struct transcript {
    char out[16384];
    size_t n;
    int stop_after; /* stop each game's replay after this many positions (0: never) */
    int seen;
} transcript;

static void add(transcript *t, const char *text)
{
    t->n += (size_t)snprintf(t->out + t->n, sizeof t->out - t->n, "%s\n", text);
}

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    (void)game;
    transcript *t = context;
    char fen[CHESS_FEN_SIZE], san[CHESS_MOVE_TEXT_SIZE], line[256];
    chess_fen_write(p->position, 0, fen, sizeof fen);
    replay_san(p, san);
    if (p->before)
        snprintf(line, sizeof line, "%lu %lu %s %.*s>%s %s", p->ply, p->depth, p->main_line ? "main" : "var",
                 (int)p->written_length, p->written, san, fen);
    else
        snprintf(line, sizeof line, "- %s", fen);
    add(t, line);
    return ++t->seen == t->stop_after;
}

static void on_game_end(void *context, const pgn_game *game, const replay_outcome *o)
{
    (void)game;
    transcript *t = context;
    static const char *const status[] = {"done", "refused", "no start", "variant", "stopped"};
    char line[512];
    int n = snprintf(line, sizeof line, "= %s positions %lu moves %lu%s%s", status[o->status], o->positions,
                     o->moves, o->lenient ? " lenient" : "", o->chess960 ? " chess960" : "");
    if (o->line)
        snprintf(line + n, sizeof line - (size_t)n, " %lu:%lu: %s", o->line, o->column, o->message);
    add(t, line);
    t->seen = 0;
}

static int failures, cases;
static int main_line_only; /* replay_main_line_only() for the cases that set it */

static void run(const char *pgn, int byte_by_byte, int stop_after, transcript *t)
{
    static const replay_handler handler = {NULL, NULL, on_position, on_game_end};
    memset(t, 0, sizeof *t);
    t->stop_after = stop_after;
    replay *r = replay_new(&handler, t);
    if (r)
        replay_main_line_only(r, main_line_only);
    pgn_reader *reader = r ? pgn_reader_new(replay_pgn_handler(), r) : NULL;
    if (!reader) {
        printf("out of memory\n");
        failures++;
        replay_free(r);
        return;
    }
    if (byte_by_byte)
        for (size_t i = 0; pgn[i]; i++)
            pgn_feed(reader, pgn + i, 1);
    else
        pgn_feed(reader, pgn, strlen(pgn));
    pgn_finish(reader);
    pgn_reader_free(reader);
    replay_free(r);
}

static void check_stopping(const char *name, const char *pgn, int stop_after, const char *expected)
{
    transcript whole, bytes;
    run(pgn, 0, stop_after, &whole);
    run(pgn, 1, stop_after, &bytes);
    cases++;
    if (strcmp(whole.out, expected) != 0 || strcmp(bytes.out, expected) != 0) {
        printf("FAIL: %s\n--- expected:\n%s--- got:\n%s", name, expected, whole.out);
        if (strcmp(whole.out, bytes.out) != 0)
            printf("--- got, fed a byte at a time:\n%s", bytes.out);
        failures++;
    }
}

static void check(const char *name, const char *pgn, const char *expected)
{
    check_stopping(name, pgn, 0, expected);
}

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

int main(void)
{
    check("the main line and nested variations, each replacing the move before it",
          "[Event \"a\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) d6) 2. Nf3 *\n",
          "- " START "\n"
          "1 0 main e4>e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
          "2 0 main e5>e5 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
          "2 1 var c5>c5 rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\n"
          "3 1 var Nf3>Nf3 rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
          "3 2 var c3>c3 rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b KQkq - 0 2\n"
          "4 2 var d5>d5 rnbqkbnr/pp2pppp/8/2pp4/4P3/2P5/PP1P1PPP/RNBQKBNR w KQkq d6 0 3\n"
          "4 1 var d6>d6 rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3\n"
          "3 0 main Nf3>Nf3 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
          "= done positions 9 moves 8\n");
    check("two variations of one move, comments, NAGs, suffixes, long algebraic and clocks",
          "1. e2-e4!? {[%clk 0:03:00]} (1. d4 $1) (1. Ng1f3) 1... e5 ?! ; a comment\n"
          "% an escape line\n"
          "2. Ng1-f3 1-0\n",
          "- " START "\n"
          "1 0 main e2-e4>e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
          "1 1 var d4>d4 rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"
          "1 1 var Ng1f3>Nf3 rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1\n"
          "2 0 main e5>e5 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
          "3 0 main Ng1-f3>Nf3 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
          "= done positions 6 moves 5\n");
    check("a move that cannot be played: the positions before it kept, the next game replayed",
          "[Event \"a\"]\n\n1. e4 e5 2. Nf4 Nc6 *\n\n[Event \"b\"]\n\n1. d4 *\n",
          "- " START "\n"
          "1 0 main e4>e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
          "2 0 main e5>e5 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
          "= refused positions 3 moves 2 3:13: game 1: 2. Nf4: no white knight can move to f4\n"
          "- " START "\n"
          "1 0 main d4>d4 rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"
          "= done positions 2 moves 1\n");
    check("black to move from a FEN, a variation, a refusal with the reason",
          "[FEN \"4k3/8/8/8/8/8/8/R3K2R b KQ - 0 30\"]\n\n30... Kd7 (30... Kf8 31. Rd1) 31. Rd1+ Ke7 32. Rhd1 *\n",
          "- 4k3/8/8/8/8/8/8/R3K2R b KQ - 0 30\n"
          "1 0 main Kd7>Kd7 8/3k4/8/8/8/8/8/R3K2R w KQ - 1 31\n"
          "1 1 var Kf8>Kf8 5k2/8/8/8/8/8/8/R3K2R w KQ - 1 31\n"
          "2 1 var Rd1>Rd1 5k2/8/8/8/8/8/8/3RK2R b K - 2 31\n"
          "2 0 main Rd1+>Rd1+ 8/3k4/8/8/8/8/8/3RK2R b K - 2 31\n"
          "3 0 main Ke7>Ke7 8/4k3/8/8/8/8/8/3RK2R w K - 3 32\n"
          "= refused positions 6 moves 5 3:48: game 1: 32. Rhd1: no white rook on the h-file can move to d1\n");
    check("a variation with no move before it",
          "1. e4 ((1. d4) 1. c4) *\n",
          "- " START "\n"
          "1 0 main e4>e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
          "= refused positions 2 moves 1 1:8: game 1: a variation with no move before it to replace\n");
    check("the side not to move in check: played from, said, and its king never taken",
          "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\"]\n\n1. Re7+ Kxe7 2. Kg2 *\n\n"
          "[FEN \"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\"]\n\n1. Rxe8 *\n",
          "- 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\n"
          "1 0 main Re7+>Re7+ 4k3/4R3/8/8/8/8/8/6K1 b - - 1 1\n"
          "2 0 main Kxe7>Kxe7 8/4k3/8/8/8/8/8/6K1 w - - 0 2\n"
          "3 0 main Kg2>Kg2 8/4k3/8/8/8/8/6K1/8 b - - 1 2\n"
          "= done positions 4 moves 3 lenient\n"
          "- 4k3/8/8/8/8/8/8/4R1K1 w - - 0 1\n"
          "= refused positions 1 moves 0 lenient 8:4: game 2: 1. Rxe8: no white rook can move to e8\n");
    check("a FEN that is no position; [SetUp \"1\"] without [FEN] (reported by the reader)",
          "[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n[SetUp \"1\"]\n\n1. e4 *\n",
          "= no start positions 0 moves 0 1:7: game 1: the [FEN] cannot be played from: white has no king\n"
          "= no start positions 0 moves 0\n");
    check("another variant, said once; Chess960 with Shredder-FEN castling",
          "[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n"
          "[Variant \"Crazyhouse\"]\n\n1. e4 *\n\n"
          "[Variant \"Chess960\"]\n[FEN \"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1\"]\n\n"
          "1. O-O *\n",
          "= variant positions 0 moves 0 1:1: game 1: [Variant \"Crazyhouse\"] is neither standard chess nor Chess960: "
          "its games are not replayed\n"
          "= variant positions 0 moves 0\n"
          "= variant positions 0 moves 0\n"
          "- 4k3/8/8/8/8/8/8/1R2K1R1 w KQ - 0 1\n"
          "1 0 main O-O>O-O 4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1\n"
          "= done positions 2 moves 1 chess960\n");
    check("null moves, promotion, castling written with zeros",
          "[FEN \"r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1\"]\n\n1. bxa8Q+ Ke7 2. -- Kd6 3. 0-0 Z0 *\n",
          "- r3k3/1P6/8/8/8/8/8/4K2R w Kq - 0 1\n"
          "1 0 main bxa8Q+>bxa8=Q+ Q3k3/8/8/8/8/8/8/4K2R b K - 0 1\n"
          "2 0 main Ke7>Ke7 Q7/4k3/8/8/8/8/8/4K2R w K - 1 2\n"
          "3 0 main -->-- Q7/4k3/8/8/8/8/8/4K2R b K - 2 2\n"
          "4 0 main Kd6>Kd6 Q7/8/3k4/8/8/8/8/4K2R w K - 3 3\n"
          "5 0 main 0-0>O-O Q7/8/3k4/8/8/8/8/5RK1 b - - 4 3\n"
          "6 0 main Z0>-- Q7/8/3k4/8/8/8/8/5RK1 w - - 5 4\n"
          "= done positions 7 moves 6\n");
    check_stopping("the visitor stops a game's replay, not the next game's",
                   "1. e4 e5 2. Nf3 *\n\n1. d4 *\n", 2,
                   "- " START "\n"
                   "1 0 main e4>e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
                   "= stopped positions 2 moves 1\n"
                   "- " START "\n"
                   "1 0 main d4>d4 rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n"
                   "= stopped positions 2 moves 1\n");
    main_line_only = 1;
    check("the main line alone: variations passed over unread, a move in one that cannot be played too",
          "[Event \"a\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 Kxe8) d6) 2. Nf3 *\n",
          "- " START "\n"
          "1 0 main e4>e4 rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n"
          "2 0 main e5>e5 rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n"
          "3 0 main Nf3>Nf3 rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2\n"
          "= done positions 4 moves 3\n");
    main_line_only = 0;
    printf("replay_games: %d cases, %d failures\n", cases, failures);
    return failures ? 1 : 0;
}
