/*
 * chess.h - the rules of chess: a position from FEN and back, legal moves,
 * making a move, check, mate and stalemate, and moves read and written as
 * text (SAN, long algebraic, UCI), for standard chess and Chess960.
 *
 * Nothing here writes, allocates or keeps state between calls: a position
 * is a plain struct the caller owns (copy it to keep the one before a move),
 * and every text is given with its length and never read past it. Refusals
 * come back as a chess_error holding a message in words a user reads.
 *
 * A position is one that chess_fen_read or chess_start_position made, with
 * moves played on it; a struct filled by other means is not checked.
 *
 * Squares are 0 (a1) to 63 (h8): file = square % 8, rank = square / 8.
 */
#ifndef GBR_CHESS_H
#define GBR_CHESS_H

#include <stddef.h>
#include <stdint.h>

enum { CHESS_WHITE = 0, CHESS_BLACK = 1 };
enum { CHESS_PAWN = 0, CHESS_KNIGHT, CHESS_BISHOP, CHESS_ROOK, CHESS_QUEEN, CHESS_KING };
/* An en-passant square or castling rook that is not there. */
#define CHESS_NO_SQUARE 64
/* No position has more legal moves (218 is the most known). */
#define CHESS_MAX_MOVES 256
/* A message's room, its NUL included. */
#define CHESS_MESSAGE_SIZE 160
/* A FEN's room, its NUL included (the longest is 90 bytes). */
#define CHESS_FEN_SIZE 100
/* A move's room as SAN, long algebraic or UCI, its NUL included. */
#define CHESS_MOVE_TEXT_SIZE 12

/* A man on the board: 0 is an empty square, else (colour << 3) | (type + 1). */
#define CHESS_MAN(colour, type) ((uint8_t)(((colour) << 3) | ((type) + 1)))
#define CHESS_MAN_COLOUR(man) ((man) >> 3)
#define CHESS_MAN_TYPE(man) (((man) & 7) - 1)

typedef struct chess_position {
    uint64_t by_colour[2];
    uint64_t by_type[6];
    uint8_t board[64];      /* CHESS_MAN or 0, the same men as the bitboards */
    uint8_t side;           /* CHESS_WHITE or CHESS_BLACK to move */
    /* The square passed over by the double step just played, whether or not
     * a pawn can take there (CHESS_NO_SQUARE if none). */
    uint8_t en_passant;
    /* The rook each right castles with: [colour][0 king's side (the h-file
     * side), 1 queen's side], or CHESS_NO_SQUARE when the right is gone. */
    uint8_t castle_rook[2][2];
    /* Set when the castling rights or the men say Chess960 (a right written
     * as a file letter, or a king or castling rook off its standard square):
     * UCI then writes castling as the king taking its rook. */
    uint8_t chess960;
    uint16_t halfmove_clock;
    uint32_t fullmove_number;
} chess_position;

enum {
    CHESS_MOVE_NORMAL = 0,
    CHESS_MOVE_DOUBLE_STEP, /* a pawn's two-square move */
    CHESS_MOVE_EN_PASSANT,
    CHESS_MOVE_CASTLE,      /* from: the king's square; to: its rook's square */
    CHESS_MOVE_NULL         /* the side to move passes (studies' "--", "Z0") */
};

typedef struct chess_move {
    uint8_t from, to;
    uint8_t promotion; /* CHESS_KNIGHT .. CHESS_QUEEN, or 0 */
    uint8_t kind;      /* CHESS_MOVE_* */
} chess_move;

typedef struct chess_error {
    size_t column; /* 1-based byte of the text the message is about, 0 if none */
    char message[CHESS_MESSAGE_SIZE];
} chess_error;

/* ---- Positions ---- */

/* The standard start position. */
void chess_start_position(chess_position *out);

/*
 * Reads a FEN: placement, side, castling rights, en-passant square, and the
 * two clocks (which may be left out: 0 and 1). Castling rights are KQkq
 * (the outermost rook on that side of the king, as X-FEN reads them), or
 * file letters A-H / a-h naming the rook (Shredder-FEN and X-FEN), in any
 * order. A position that cannot be played from is refused with the reason:
 * a side without exactly one king, a pawn on the first or last rank, more
 * than 8 pawns or 16 men of a side, the side not to move in check, a
 * castling right without its king and rook, an en-passant square no double
 * step can have left. Returns 0, or -1 with *error filled (*out is then
 * unspecified).
 */
int chess_fen_read(chess_position *out, const char *text, size_t len, chess_error *error);

/* chess_fen_read_with's options. */
enum {
    /* Read a position whose side not to move is in check, as pgn-extract
     * plays on from it (invented study positions): no move takes the king
     * all the same, and after the first move the position is one of the
     * rules again. */
    CHESS_FEN_READ_CHECK_NOT_TO_MOVE = 1
};

/* chess_fen_read with options; chess_fen_read is options 0. */
int chess_fen_read_with(chess_position *out, const char *text, size_t len, unsigned options,
                        chess_error *error);

/* Whether the side not to move is in check (only a position read with
 * CHESS_FEN_READ_CHECK_NOT_TO_MOVE can be so). */
int chess_other_in_check(const chess_position *p);

/* FEN output options. */
enum {
    /* Write the en-passant square only when a pawn can take there legally;
     * by default it is written after every double step, as the PGN
     * standard's FEN and pgn-extract do. */
    CHESS_FEN_EN_PASSANT_IF_CAPTURE = 1
};

/* Writes the position's FEN (castling rights as X-FEN: KQkq when the rook is
 * the outermost on its side, else its file letter) and a NUL into dst;
 * returns its length (without the NUL), or 0 when cap is too small (then
 * nothing is written). CHESS_FEN_SIZE is always enough. */
size_t chess_fen_write(const chess_position *p, unsigned options, char *dst, size_t cap);

/* Whether two positions are the same: men, side, castling rights, the
 * en-passant square and the clocks. */
int chess_position_equal(const chess_position *a, const chess_position *b);

/* ---- Moves ---- */

/* Every legal move of the side to move into out (room for CHESS_MAX_MOVES);
 * returns how many. Castling is given once, in the king-takes-rook form.
 * No move takes a king. */
size_t chess_legal_moves(const chess_position *p, chess_move *out);

/* Whether the move (any four bytes) is one of the position's legal moves;
 * a null move is legal when the side to move is not in check. */
int chess_move_is_legal(const chess_position *p, chess_move m);

/* Plays a legal move: one chess_legal_moves or chess_move_read gave, or
 * that chess_move_is_legal accepts. Four bytes that name no man of the side
 * to move on a square (or a promotion to no piece) leave the position as it
 * was; any other move that is not legal is played as given and may break
 * the rules (lose a king): check such moves first. To keep the position
 * before the move, play on a copy. */
void chess_play(chess_position *p, chess_move m);

int chess_in_check(const chess_position *p);
/* Whether the side to move has a legal move: neither mated nor stalemated. */
int chess_has_legal_move(const chess_position *p);

/* The count of move sequences of `depth` plies (perft). */
uint64_t chess_perft(const chess_position *p, unsigned depth);

/* ---- Move text ---- */

/*
 * Reads one move as a PGN writer writes it and finds the legal move it
 * names: SAN (Nf3, Nbd2, R1e2, Qh4xe1, exd5, ed5, e8=Q, e8Q, O-O, 0-0-0),
 * with or without 'x', with check and mate marks (+ # ++) and the
 * suffixes ! ? !! ?? !? ?! after it; long algebraic (Ng1-f3, e2-e4, e2xd3,
 * e7-e8=Q, e7e8q); UCI (e2e4, e7e8q, e1g1 or the king taking its rook for
 * castling); null moves (--, Z0, 0000). Returns 0 and the move, or -1 with
 * the reason: what was asked and why it cannot be played, such as
 * "no white knight can move to f3" or "Nd2 is ambiguous: b1 and f3".
 * A piece pinned to its king does not make a move ambiguous.
 */
int chess_move_read(const chess_position *p, const char *text, size_t len, chess_move *out,
                    chess_error *error);

/* The writers below take a legal move; four bytes that name no man of the
 * side to move give 0 and write nothing. */

/* Canonical SAN of a legal move (minimal disambiguation, x, =Q, + or #,
 * O-O and O-O-O, "--" for a null move) and a NUL; returns its length, or 0
 * when cap is too small. CHESS_MOVE_TEXT_SIZE is always enough. */
size_t chess_san_write(const chess_position *p, chess_move m, char *dst, size_t cap);

/* Long algebraic (Ng1-f3, e5xd6, e7-e8=Q, O-O) of a legal move. */
size_t chess_lan_write(const chess_position *p, chess_move m, char *dst, size_t cap);

/* UCI (e2e4, e7e8q; castling as e1g1, or as the king taking its rook in a
 * Chess960 position; 0000 for a null move) of a legal move. */
size_t chess_uci_write(const chess_position *p, chess_move m, char *dst, size_t cap);

#endif
