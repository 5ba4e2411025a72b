/*
 * Moves read from every form PGN writers use, written as SAN, and each
 * refusal of a move or a FEN with its exact text. Prints the failures and a
 * count; exits 1 on any.
 */
#include <stdio.h>
#include <string.h>

#include "chess.h"

#define START "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
#define TWO_KNIGHTS "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
#define PINNED_KNIGHT "4k3/8/8/3b4/8/5N2/6K1/1N6 w - - 0 1"
#define THREE_ROOKS "4k3/8/8/8/R6R/8/8/3RK3 w - - 0 1"
#define PROMOTION "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"
#define CASTLING "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
#define EN_PASSANT "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2"
#define CHESS960 "4k2r/8/8/8/8/8/8/RK5R w HAh - 0 1"

/* A move read: "=" and its UCI, or the exact refusal. */
static const struct {
    const char *fen, *text, *expected;
} reads[] = {
    /* SAN, long algebraic, UCI, suffixes. */
    {START, "e4", "=e2e4"},
    {START, "e2e4", "=e2e4"},
    {START, "e2-e4", "=e2e4"},
    {START, "Nf3", "=g1f3"},
    {START, "Ng1f3", "=g1f3"},
    {START, "Ng1-f3", "=g1f3"},
    {START, "g1f3", "=g1f3"},
    {START, "Nf3!", "=g1f3"},
    {START, "Nf3?", "=g1f3"},
    {START, "Nf3!!", "=g1f3"},
    {START, "Nf3??", "=g1f3"},
    {START, "Nf3!?", "=g1f3"},
    {START, "Nf3?!", "=g1f3"},
    {START, "Nf3+", "=g1f3"},
    {START, "Nf3#", "=g1f3"},
    {START, "Nf3++", "=g1f3"},
    {START, "--", "=0000"},
    {START, "Z0", "=0000"},
    {START, "0000", "=0000"},
    /* Disambiguation, and a pinned man that does not count. */
    {TWO_KNIGHTS, "Nd2", "Nd2 is ambiguous: b1 and f3"},
    {TWO_KNIGHTS, "Nd2+", "Nd2 is ambiguous: b1 and f3"},
    {TWO_KNIGHTS, "Nbd2", "=b1d2"},
    {TWO_KNIGHTS, "Nfd2", "=f3d2"},
    {TWO_KNIGHTS, "N1d2", "=b1d2"},
    {TWO_KNIGHTS, "N3d2", "=f3d2"},
    {TWO_KNIGHTS, "Nb1d2", "=b1d2"},
    {TWO_KNIGHTS, "Nf3xd2", "=f3d2"},
    {TWO_KNIGHTS, "Nxd2", "Nxd2 is ambiguous: b1 and f3"},
    {PINNED_KNIGHT, "Nd2", "=b1d2"},
    {PINNED_KNIGHT, "Nfd2", "Nfd2 leaves the white king in check"},
    {THREE_ROOKS, "Rd4", "Rd4 is ambiguous: d1, a4 and h4"},
    {THREE_ROOKS, "Rad4", "=a4d4"},
    {THREE_ROOKS, "R1d4", "=d1d4"},
    {THREE_ROOKS, "Rh4d4", "=h4d4"},
    {THREE_ROOKS, "R4d4", "R4d4 is ambiguous: a4 and h4"},
    /* No man can go there. */
    {START, "Ne5", "no white knight can move to e5"},
    {START, "Qh5", "no white queen can move to h5"},
    {START, "Nbd4", "no white knight on the b-file can move to d4"},
    {START, "N2c3", "no white knight on rank 2 can move to c3"},
    {START, "e5", "no white pawn can move to e5"},
    {START, "exd3", "no white pawn on the e-file can move to d3"},
    {TWO_KNIGHTS, "Ke3d2", "Ke3d2: e3 is empty"},
    /* Long algebraic and UCI: the man on the square. */
    {START, "e3e4", "e3e4: e3 is empty"},
    {START, "e7e5", "e7e5: e7 holds a black pawn, and white is to move"},
    {START, "Bg1-f3", "Bg1-f3: g1 holds a white knight, not a bishop"},
    {START, "g1g3", "no white knight on g1 can move to g3"},
    /* Promotion. */
    {PROMOTION, "a8=Q", "=a7a8q"},
    {PROMOTION, "a8Q", "=a7a8q"},
    {PROMOTION, "a8=N", "=a7a8n"},
    {PROMOTION, "a7a8q", "=a7a8q"},
    {PROMOTION, "a7-a8=R", "=a7a8r"},
    {PROMOTION, "a8", "a8: a pawn reaching the last rank is promoted (=Q, =R, =B or =N)"},
    {PROMOTION, "a7a8", "a7a8: a pawn reaching the last rank is promoted (=Q, =R, =B or =N)"},
    {PROMOTION, "a8=K", "a8=K: a pawn is promoted to a queen, rook, bishop or knight"},
    {START, "e4=Q", "e4=Q: only a pawn reaching the last rank is promoted"},
    {START, "Nf3=Q", "Nf3=Q: only a pawn reaching the last rank is promoted"},
    /* Castling. */
    {CASTLING, "O-O", "=e1g1"},
    {CASTLING, "0-0", "=e1g1"},
    {CASTLING, "O-O-O", "=e1c1"},
    {CASTLING, "0-0-0", "=e1c1"},
    {CASTLING, "O-O+", "=e1g1"},
    {CASTLING, "e1g1", "=e1g1"},
    {CASTLING, "e1h1", "=e1g1"},
    {CASTLING, "e1c1", "=e1c1"},
    {CASTLING, "Ke1-g1", "=e1g1"},
    {CASTLING, "Kf1", "=e1f1"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O", "O-O: white has no right to castle on the king's side"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "O-O-O", "O-O-O: white has no right to castle on the queen's side"},
    {"r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1", "e1c1", "e1c1: white has no right to castle on the queen's side"},
    {"r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1", "O-O", "O-O: the white king would cross f1, which black attacks"},
    {"4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "O-O: the white king would be in check on g1"},
    {"3kr3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "O-O: the white king is in check"},
    {START, "O-O", "O-O: f1 is in the way"},
    {START, "O-O-O", "O-O-O: d1 is in the way"},
    {"r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O", "O-O-O: b1 is in the way"},
    /* Chess960: the king takes its rook in UCI. */
    {CHESS960, "O-O-O", "=b1a1"},
    {CHESS960, "b1a1", "=b1a1"},
    {CHESS960, "O-O", "=b1h1"},
    {CHESS960, "b1h1", "=b1h1"},
    {CHESS960, "Kc1", "=b1c1"},
    {"4k3/8/8/8/8/8/8/R5KR w HA - 0 1", "O-O", "=g1h1"},
    {"4k3/8/8/8/8/8/8/qR3K2 w B - 0 1", "O-O-O", "O-O-O: the white king would be in check on c1"},
    /* En passant. */
    {EN_PASSANT, "exd6", "=e5d6"},
    {EN_PASSANT, "exd6e.p.", "=e5d6"},
    {EN_PASSANT, "exd6ep", "=e5d6"},
    {EN_PASSANT, "ed6", "=e5d6"},
    {EN_PASSANT, "e5xd6", "=e5d6"},
    {EN_PASSANT, "e5d6", "=e5d6"},
    {EN_PASSANT, "xd6", "=e5d6"},
    {"8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", "exd6", "exd6 leaves the white king in check"},
    /* Check. */
    {"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "Ra2", "Ra2 leaves the white king in check"},
    {"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "--", "--: a null move, and the side to move is in check"},
    {"4k3/8/8/8/8/8/8/R3K2r w Q - 0 1", "O-O-O", "O-O-O: the white king is in check"},
    {"4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", "Kxe2", "=e1e2"},
    {"4k3/8/8/8/8/8/3rr3/4K3 w - - 0 1", "Kxe2", "Kxe2 leaves the white king in check"},
    /* Not a move of any form. */
    {START, "Nf9", "'Nf9' is not a move (SAN, long algebraic or UCI)"},
    {START, "", "'' is not a move (SAN, long algebraic or UCI)"},
    {START, "+", "'+' is not a move (SAN, long algebraic or UCI)"},
    {START, "Xe4", "'Xe4' is not a move (SAN, long algebraic or UCI)"},
    {START, "e4e", "'e4e' is not a move (SAN, long algebraic or UCI)"},
    {START, "e2--e4", "'e2--e4' is not a move (SAN, long algebraic or UCI)"},
    {START, "N-f3", "'N-f3' is not a move (SAN, long algebraic or UCI)"},
    {START, "O-O-O-O", "'O-O-O-O' is not a move (SAN, long algebraic or UCI)"},
    {START, "1.e4", "'1.e4' is not a move (SAN, long algebraic or UCI)"},
    {START, "e4\x01", "'e4?' is not a move (SAN, long algebraic or UCI)"},
    {START, "Nf3 and a very long tail of words", "'Nf3 and a very long tail...' is not a move (SAN, long algebraic or UCI)"},
};

/* A move written as SAN (found by its UCI). */
static const struct {
    const char *fen, *uci, *san;
} writes[] = {
    {START, "e2e4", "e4"},
    {START, "g1f3", "Nf3"},
    {TWO_KNIGHTS, "b1d2", "Nbd2"},
    {TWO_KNIGHTS, "f3d2", "Nfd2"},
    {PINNED_KNIGHT, "b1d2", "Nd2"},
    {THREE_ROOKS, "d1d4", "Rdd4"},
    {THREE_ROOKS, "a4d4", "Rad4"},
    {"4k3/8/8/8/R7/8/8/R3K3 w - - 0 1", "a1a2", "R1a2"},
    {"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
    {PROMOTION, "a7a8q", "a8=Q+"},
    {PROMOTION, "a7a8n", "a8=N"},
    {EN_PASSANT, "e5d6", "exd6"},
    {CASTLING, "e1g1", "O-O"},
    {CASTLING, "e1c1", "O-O-O"},
    {CASTLING, "a1a8", "Rxa8+"},
    {CHESS960, "b1a1", "O-O-O"},
    {"7k/8/6K1/8/8/8/8/R7 w - - 0 1", "a1a8", "Ra8#"},
    {START, "0000", "--"},
};

/* A FEN read: "=" and the FEN written, or the exact refusal. */
static const struct {
    const char *fen, *expected;
} fens[] = {
    {START, "=" START},
    {"  " START "  ", "=" START},
    {"4k3/8/8/8/8/8/8/4K3 w - -", "=4k3/8/8/8/8/8/8/4K3 w - - 0 1"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", "=" START},
    {"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
     "=bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"},
    {"4k3/8/8/8/8/8/8/R3KR1R w FA - 0 1", "=4k3/8/8/8/8/8/8/R3KR1R w FQ - 0 1"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
     "=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
    {"", "no FEN placement"},
    {"rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 6 of the placement has more than 8 squares"},
    {"rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 of the placement has fewer than 8 squares"},
    {"rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "rank 7 of the placement has more than 8 squares"},
    {"rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "the placement has fewer than 8 ranks"},
    {"rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "the placement has more than 8 ranks"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
     "'X' is not a piece letter, a digit 1-8 or '/' of a FEN placement"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", "no side to move after the placement"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "the side to move is 'x', not 'w' or 'b'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR white KQkq - 0 1", "the side to move is 'white', not 'w' or 'b'"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", "no castling rights after the side to move"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", "no en-passant square after the castling rights"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KZkq - 0 1",
     "'Z' is not a castling right (K, Q, k, q, a file letter A-H or a-h, or '-')"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1", "castling right K: white already castles on the king's side"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KHkq - 0 1", "castling right H: white already castles on the king's side"},
    {"rnbqkbn1/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "castling right k: no black rook on its first rank for it"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqE - 0 1", "castling right E: no white rook on its first rank for it"},
    {"4k3/8/8/8/8/8/4K3/R6R w K - 0 1", "castling right K: the white king is not on its first rank"},
    {"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e3 0 1",
     "en-passant square e3: white is to move, so the square is on rank 6"},
    {START "x", "the move number is not a number from 0 to 999999999"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", "en-passant square e6: no black pawn can just have moved e7-e5"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "'e9' is not an en-passant square (a3-h3, a6-h6 or '-')"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1", "the halfmove clock is not a number from 0 to 65535"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 65536 1", "the halfmove clock is not a number from 0 to 65535"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "no move number after the halfmove clock"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x", "text after the move number, the FEN's last field"},
    {"rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", "black has no king"},
    {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR w kq - 0 1", "white has 2 kings"},
    {"rnbqkbnr/pppppppp/8/8/8/P7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "white has 9 pawns"},
    {"rnbqkbnr/pppppppp/8/8/8/N7/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "white has 17 men"},
    {"P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "a pawn on a8, on the first or last rank"},
    {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "black is in check with white to move"},
    {"4k3/8/8/8/8/8/8/3Kk3 b - - 0 1", "black has 2 kings"},
};

static int failures, checked;

static void expect(const char *what, const char *given, const char *got, const char *expected)
{
    checked++;
    if (strcmp(got, expected) != 0) {
        printf("FAIL %s '%s': got '%s', expected '%s'\n", what, given, got, expected);
        failures++;
    }
}

static int read_fen(const char *fen, chess_position *p)
{
    chess_error error;
    if (chess_fen_read(p, fen, strlen(fen), &error) != 0) {
        printf("FAIL FEN of a case refused: %s: %s\n", fen, error.message);
        failures++;
        return -1;
    }
    return 0;
}

int main(void)
{
    char got[CHESS_MESSAGE_SIZE + 1];
    for (size_t i = 0; i < sizeof reads / sizeof *reads; i++) {
        chess_position p;
        chess_move m;
        chess_error error;
        if (read_fen(reads[i].fen, &p) != 0)
            continue;
        if (chess_move_read(&p, reads[i].text, strlen(reads[i].text), &m, &error) == 0) {
            got[0] = '=';
            chess_uci_write(&p, m, got + 1, sizeof got - 1);
        } else {
            snprintf(got, sizeof got, "%s", error.message);
        }
        expect("move", reads[i].text, got, reads[i].expected);
    }
    for (size_t i = 0; i < sizeof writes / sizeof *writes; i++) {
        chess_position p;
        chess_move m;
        chess_error error;
        if (read_fen(writes[i].fen, &p) != 0)
            continue;
        if (chess_move_read(&p, writes[i].uci, strlen(writes[i].uci), &m, &error) != 0) {
            expect("SAN of", writes[i].uci, error.message, writes[i].san);
            continue;
        }
        chess_san_write(&p, m, got, sizeof got);
        expect("SAN of", writes[i].uci, got, writes[i].san);
    }
    for (size_t i = 0; i < sizeof fens / sizeof *fens; i++) {
        chess_position p;
        chess_error error;
        if (chess_fen_read(&p, fens[i].fen, strlen(fens[i].fen), &error) == 0) {
            got[0] = '=';
            chess_fen_write(&p, 0, got + 1, sizeof got - 1);
        } else {
            snprintf(got, sizeof got, "%s", error.message);
        }
        expect("FEN", fens[i].fen, got, fens[i].expected);
    }
    /* The en-passant square written only when a pawn can take there. */
    {
        chess_position p;
        if (read_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", &p) == 0) {
            chess_fen_write(&p, CHESS_FEN_EN_PASSANT_IF_CAPTURE, got, sizeof got);
            expect("FEN if capture", "e3", got, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        }
        if (read_fen(EN_PASSANT, &p) == 0) {
            chess_fen_write(&p, CHESS_FEN_EN_PASSANT_IF_CAPTURE, got, sizeof got);
            expect("FEN if capture", "d6", got, EN_PASSANT);
        }
        if (read_fen("8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 1", &p) == 0) {
            chess_fen_write(&p, CHESS_FEN_EN_PASSANT_IF_CAPTURE, got, sizeof got);
            expect("FEN if capture", "pinned", got, "8/8/8/K2pP2r/8/8/8/4k3 w - - 0 1");
        }
    }
    /* Four bytes that name no man of the side to move: nothing played, nothing written. */
    {
        static const chess_move stray[] = {
            {64, 0, 0, CHESS_MOVE_NORMAL},   {12, 255, 0, CHESS_MOVE_NORMAL}, {20, 28, 0, CHESS_MOVE_NORMAL},
            {52, 36, 0, CHESS_MOVE_NORMAL},  {12, 28, 7, CHESS_MOVE_NORMAL},  {12, 28, 0, 9},
            {6, 7, 0, CHESS_MOVE_CASTLE},    {4, 6, 0, CHESS_MOVE_CASTLE},    {12, 28, CHESS_KING, CHESS_MOVE_NORMAL},
        };
        chess_position p, before;
        if (read_fen(START, &p) == 0) {
            for (size_t i = 0; i < sizeof stray / sizeof *stray; i++) {
                char text[CHESS_MOVE_TEXT_SIZE];
                before = p;
                chess_play(&p, stray[i]);
                snprintf(got, sizeof got, "%s, SAN %zu, long %zu, UCI %zu",
                         memcmp(&before, &p, sizeof p) == 0 ? "unchanged" : "changed",
                         chess_san_write(&p, stray[i], text, sizeof text), chess_lan_write(&p, stray[i], text, sizeof text),
                         chess_uci_write(&p, stray[i], text, sizeof text));
                p = before;
                expect("stray move", "four bytes", got, "unchanged, SAN 0, long 0, UCI 0");
            }
        }
    }
    /* The side not to move in check, read on request: the position is
     * played from, and no move takes the king (black's king on e8 is in the
     * white rook's line; the kings stand side by side in the second). */
    {
        static const struct {
            const char *fen, *move, *expected;
        } lenient[] = {
            {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "Rxe8", "no white rook can move to e8"},
            {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "e1e8", "no white rook on e1 can move to e8"},
            {"4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", "Re7", "=e1e7, moves 16, FEN 4k3/4R3/8/8/8/8/8/6K1 b - - 1 1, other in check 0"},
            {"8/8/8/8/8/8/5k2/6K1 b - - 0 1", "Kxg1", "no black king can move to g1"},
            {"8/8/8/8/8/8/5k2/6K1 b - - 0 1", "Ke3", "=f2e3, moves 5, FEN 8/8/8/8/8/4k3/8/6K1 w - - 1 2, other in check 0"},
        };
        for (size_t i = 0; i < sizeof lenient / sizeof *lenient; i++) {
            chess_position p;
            chess_error error;
            chess_move m, moves[CHESS_MAX_MOVES];
            const char *fen = lenient[i].fen, *move = lenient[i].move;
            if (chess_fen_read(&p, fen, strlen(fen), &error) == 0) {
                expect("lenient FEN read strictly", fen, "accepted", "refused");
                continue;
            }
            if (chess_fen_read_with(&p, fen, strlen(fen), CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &error) != 0) {
                expect("lenient FEN", fen, error.message, "read");
                continue;
            }
            expect("lenient FEN", fen, chess_other_in_check(&p) ? "other in check" : "not", "other in check");
            size_t n = chess_legal_moves(&p, moves);
            if (chess_move_read(&p, move, strlen(move), &m, &error) != 0) {
                snprintf(got, sizeof got, "%s", error.message);
            } else {
                char uci[CHESS_MOVE_TEXT_SIZE], fen_after[CHESS_FEN_SIZE];
                chess_uci_write(&p, m, uci, sizeof uci);
                chess_play(&p, m);
                chess_fen_write(&p, 0, fen_after, sizeof fen_after);
                snprintf(got, sizeof got, "=%s, moves %zu, FEN %s, other in check %d", uci, n, fen_after,
                         chess_other_in_check(&p));
            }
            expect("lenient move", move, got, lenient[i].expected);
        }
    }
    printf("chess_move_text: %d cases, %d failure(s)\n", checked, failures);
    return failures ? 1 : 0;
}
