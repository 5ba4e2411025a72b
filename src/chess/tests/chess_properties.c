/*
 * Properties of the rules over many positions: every node of the perft tree
 * to depth 3 of the CPW suite's six positions and of Chess960 positions,
 * and the positions of random games played from them and from the start.
 * At every position:
 * - the FEN written reads back to the same position and is written again
 *   the same; with the en-passant square only when a capture is possible, it
 *   reads back to the same position but for a square no pawn can take on;
 * - the men on the board and in the bitboards agree, each side has one king,
 *   and the side not to move is not in check;
 * - the legal moves are distinct and each is chess_move_is_legal; no move
 *   outside them is (every from-to pair of the board with each promotion);
 * - the SAN written of every legal move is unique in the position and reads
 *   back to the same move; so do its long algebraic and UCI forms;
 * - playing a move on a copy leaves the position it was copied from as it
 *   was, byte for byte, and gives a position that holds the same checks;
 * - check, mate and stalemate agree with the count of legal moves.
 * Prints the count of positions and moves checked; exits 1 on a failure.
 *
 * usage: chess_properties [PLAYOUTS [DEPTH]]
 *   PLAYOUTS random games of up to 300 plies from each root (200), the
 *   tree walked to DEPTH (3; one less from the Chess960 roots).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chess.h"

static unsigned long positions_checked, moves_checked, failures;

static void fail(const chess_position *p, const char *what, const char *detail)
{
    char fen[CHESS_FEN_SIZE];
    chess_fen_write(p, 0, fen, sizeof fen);
    if (failures < 20)
        printf("FAIL %s [%s] at %s\n", what, detail, fen);
    failures++;
}

static int same_move(chess_move a, chess_move b)
{
    return a.from == b.from && a.to == b.to && a.promotion == b.promotion && a.kind == b.kind;
}

static void check_consistent(const chess_position *p)
{
    uint64_t colours = p->by_colour[0] | p->by_colour[1];
    uint64_t types = 0;
    if (p->by_colour[0] & p->by_colour[1])
        fail(p, "consistency", "a square of both colours");
    for (int t = 0; t < 6; t++) {
        if (types & p->by_type[t])
            fail(p, "consistency", "a square of two types");
        types |= p->by_type[t];
    }
    if (types != colours)
        fail(p, "consistency", "types and colours differ");
    for (int s = 0; s < 64; s++) {
        uint8_t man = p->board[s];
        uint64_t bit = (uint64_t)1 << s;
        if (!man ? (colours & bit) != 0
                 : !(p->by_colour[CHESS_MAN_COLOUR(man)] & bit) || !(p->by_type[CHESS_MAN_TYPE(man)] & bit))
            fail(p, "consistency", "board and bitboards differ");
    }
    for (int c = 0; c < 2; c++) {
        uint64_t kings = p->by_colour[c] & p->by_type[CHESS_KING];
        if (!kings || (kings & (kings - 1)))
            fail(p, "consistency", "not one king");
    }
    chess_position other = *p;
    other.side ^= 1;
    other.en_passant = CHESS_NO_SQUARE;
    if (chess_in_check(&other))
        fail(p, "legality", "the side not to move is in check");
}

static void check_fen(const chess_position *p)
{
    char fen[CHESS_FEN_SIZE], again[CHESS_FEN_SIZE];
    chess_position read;
    chess_error error;
    size_t n = chess_fen_write(p, 0, fen, sizeof fen);
    if (!n || chess_fen_read(&read, fen, n, &error) != 0) {
        fail(p, "FEN read back", n ? error.message : "not written");
        return;
    }
    if (!chess_position_equal(p, &read))
        fail(p, "FEN read back", "another position");
    if (chess_fen_write(&read, 0, again, sizeof again) != n || memcmp(fen, again, n) != 0)
        fail(p, "FEN written again", again);
    if (chess_fen_write(p, 0, fen, n) != 0)
        fail(p, "FEN", "written into a buffer without room for its NUL");
    n = chess_fen_write(p, CHESS_FEN_EN_PASSANT_IF_CAPTURE, fen, sizeof fen);
    if (!n || chess_fen_read(&read, fen, n, &error) != 0) {
        fail(p, "FEN (en passant if capture) read back", n ? error.message : "not written");
        return;
    }
    chess_position expected = *p;
    if (read.en_passant == CHESS_NO_SQUARE && p->en_passant != CHESS_NO_SQUARE) {
        /* Dropped: then no legal move takes there. */
        chess_move moves[CHESS_MAX_MOVES];
        size_t count = chess_legal_moves(p, moves);
        for (size_t i = 0; i < count; i++)
            if (moves[i].kind == CHESS_MOVE_EN_PASSANT)
                fail(p, "FEN (en passant if capture)", "square dropped though a pawn can take");
        expected.en_passant = CHESS_NO_SQUARE;
    }
    if (!chess_position_equal(&expected, &read))
        fail(p, "FEN (en passant if capture) read back", "another position");
}

typedef size_t (*writer)(const chess_position *, chess_move, char *, size_t);

static void check_text(const chess_position *p, chess_move m, writer write, const char *form, char *out)
{
    char text[CHESS_MOVE_TEXT_SIZE];
    size_t n = write(p, m, text, sizeof text);
    chess_move read;
    chess_error error;
    if (!n) {
        fail(p, form, "not written");
        return;
    }
    if (write(p, m, text, n) != 0)
        fail(p, form, "written into a buffer without room for its NUL");
    if (chess_move_read(p, text, n, &read, &error) != 0) {
        char detail[CHESS_MESSAGE_SIZE + 16];
        snprintf(detail, sizeof detail, "%s: %s", text, error.message);
        fail(p, form, detail);
    } else if (!same_move(read, m)) {
        fail(p, form, text);
    }
    if (out)
        memcpy(out, text, n + 1);
}

static void check_position(const chess_position *p)
{
    chess_move moves[CHESS_MAX_MOVES];
    char sans[CHESS_MAX_MOVES][CHESS_MOVE_TEXT_SIZE];
    size_t n = chess_legal_moves(p, moves);
    positions_checked++;
    check_consistent(p);
    check_fen(p);
    if (chess_has_legal_move(p) != (n > 0))
        fail(p, "mate and stalemate", "has_legal_move disagrees with the moves");
    for (size_t i = 0; i < n; i++) {
        moves_checked++;
        if (!chess_move_is_legal(p, moves[i]))
            fail(p, "legal moves", "a generated move is not legal");
        for (size_t j = 0; j < i; j++)
            if (same_move(moves[i], moves[j]))
                fail(p, "legal moves", "a move given twice");
        check_text(p, moves[i], chess_san_write, "SAN", sans[i]);
        check_text(p, moves[i], chess_lan_write, "long algebraic", NULL);
        check_text(p, moves[i], chess_uci_write, "UCI", NULL);
        for (size_t j = 0; j < i; j++)
            if (strcmp(sans[i], sans[j]) == 0)
                fail(p, "SAN", "two moves written the same");

        chess_position before = *p, after = *p;
        chess_play(&after, moves[i]);
        if (memcmp(&before, p, sizeof before) != 0)
            fail(p, "copy-make", "the position copied from changed");
        check_consistent(&after);
        size_t len = strlen(sans[i]);
        int check = chess_in_check(&after), mate = check && !chess_has_legal_move(&after);
        char mark = len ? sans[i][len - 1] : 0;
        if ((mark == '#') != mate || (mark == '+') != (check && !mate))
            fail(p, "check marks", sans[i]);
    }
}

/* The last check is costly (16,384 x 6 x 4 calls): done only at the roots. */
static void check_no_other_moves(const chess_position *p)
{
    chess_move moves[CHESS_MAX_MOVES];
    size_t n = chess_legal_moves(p, moves), legal = 0;
    for (int from = 0; from < 64; from++)
        for (int to = 0; to < 64; to++)
            for (int promotion = 0; promotion <= CHESS_QUEEN; promotion++)
                for (int kind = 0; kind <= CHESS_MOVE_CASTLE; kind++) {
                    chess_move m = {(uint8_t)from, (uint8_t)to, (uint8_t)promotion, (uint8_t)kind};
                    legal += (size_t)chess_move_is_legal(p, m);
                }
    if (legal != n)
        fail(p, "legal moves", "chess_move_is_legal accepts a move not generated");
}

static void walk(const chess_position *p, unsigned depth)
{
    check_position(p);
    if (!depth)
        return;
    chess_move moves[CHESS_MAX_MOVES];
    size_t n = chess_legal_moves(p, moves);
    for (size_t i = 0; i < n; i++) {
        chess_position next = *p;
        chess_play(&next, moves[i]);
        walk(&next, depth - 1);
    }
}

static uint64_t rng_state = 0x9E3779B97F4A7C15u;
static uint64_t next_random(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}

static void playout(const chess_position *start, unsigned plies)
{
    chess_position p = *start;
    for (unsigned ply = 0; ply < plies; ply++) {
        chess_move moves[CHESS_MAX_MOVES];
        size_t n = chess_legal_moves(&p, moves);
        check_position(&p);
        if (!n)
            return;
        chess_play(&p, moves[next_random() % n]);
    }
}

static const char *const roots[] = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
    "nnrkrbbq/pppp2pp/8/4pp2/4P3/P7/1PPPBPPP/NNKRR1BQ w c - 0 9",
    /* Castling by a king that stays on its square, and a rook beside it. */
    "4k3/8/8/8/8/8/8/R5KR w HA - 0 1",
    "1r2k3/8/8/8/8/8/8/RK5R w HAb - 0 1",
};

int main(int argc, char **argv)
{
    unsigned playouts = argc > 1 ? (unsigned)atoi(argv[1]) : 200;
    unsigned depth = argc > 2 ? (unsigned)atoi(argv[2]) : 3;
    size_t nroots = sizeof roots / sizeof *roots;
    for (size_t r = 0; r < nroots; r++) {
        chess_position p;
        chess_error error;
        if (chess_fen_read(&p, roots[r], strlen(roots[r]), &error) != 0) {
            printf("FAIL root %s: %s\n", roots[r], error.message);
            failures++;
            continue;
        }
        check_no_other_moves(&p);
        walk(&p, r < 6 || depth == 0 ? depth : depth - 1);
        for (unsigned i = 0; i < playouts; i++)
            playout(&p, 300);
    }
    printf("chess_properties: %lu positions, %lu moves checked, %lu failure(s)\n", positions_checked, moves_checked,
           failures);
    return failures ? 1 : 0;
}
