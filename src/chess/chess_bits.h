/*
 * chess_bits.h - the bitboards under the rules (private to src/chess): bit
 * operations and the attacks of each man, from constant tables
 * (chess_tables.c) and, for the sliders, the hyperbola quintessence: a
 * line's attacks are the borrow of one subtraction each way along it, the
 * way back taken on the byte-swapped board (files and diagonals) or on the
 * bit-reversed rank.
 */
#ifndef GBR_CHESS_BITS_H
#define GBR_CHESS_BITS_H

#include <stdint.h>

#include "chess.h"

extern const uint64_t chess_knight_attacks[64];
extern const uint64_t chess_king_attacks[64];
extern const uint64_t chess_pawn_attacks[2][64];
extern const uint64_t chess_diagonal_mask[64];      /* a1-h8 direction, the square left out */
extern const uint64_t chess_antidiagonal_mask[64];  /* a8-h1 direction, the square left out */
extern const uint8_t chess_reverse_byte[256];

#define CHESS_BIT(square) (UINT64_C(1) << (square))

/* Inlined even where the compiler's estimate would call: the few functions
 * every move read runs through, whose call costs as much as their body. */
#if defined(__GNUC__) || defined(__clang__)
#define CHESS_ALWAYS_INLINE __attribute__((always_inline)) inline
#else
#define CHESS_ALWAYS_INLINE inline
#endif
#define CHESS_FILE_A UINT64_C(0x0101010101010101)
#define CHESS_RANK_1 UINT64_C(0xFF)

static inline int chess_lsb(uint64_t b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(b);
#else
    int n = 0;
    while (!(b & 1)) {
        b >>= 1;
        n++;
    }
    return n;
#endif
}

static inline int chess_popcount(uint64_t b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(b);
#else
    int n = 0;
    for (; b; b &= b - 1)
        n++;
    return n;
#endif
}

static inline uint64_t chess_byteswap(uint64_t b)
{
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_bswap64(b);
#else
    b = ((b >> 8) & UINT64_C(0x00FF00FF00FF00FF)) | ((b & UINT64_C(0x00FF00FF00FF00FF)) << 8);
    b = ((b >> 16) & UINT64_C(0x0000FFFF0000FFFF)) | ((b & UINT64_C(0x0000FFFF0000FFFF)) << 16);
    return (b >> 32) | (b << 32);
#endif
}

/* The attacks along one line (mask: the line without the square) through
 * occ: each way, up to and including the first man met. */
static inline uint64_t chess_line_attacks(int square, uint64_t occ, uint64_t mask)
{
    uint64_t bit = CHESS_BIT(square);
    uint64_t forward = occ & mask;
    uint64_t reverse = chess_byteswap(forward);
    forward -= bit;
    reverse -= chess_byteswap(bit);
    return (forward ^ chess_byteswap(reverse)) & mask;
}

/* Along the rank: the same on the rank's byte, the way back bit-reversed. */
static inline uint64_t chess_rank_attacks(int square, uint64_t occ)
{
    int shift = square & 56;
    unsigned bit = 1u << (square & 7);
    unsigned o = (unsigned)(occ >> shift) & 0xFFu & ~bit;
    unsigned forward = (o - bit) & 0xFFu;
    unsigned reverse = ((unsigned)chess_reverse_byte[o] - chess_reverse_byte[bit]) & 0xFFu;
    unsigned attacks = (forward ^ chess_reverse_byte[reverse]) & ~bit & 0xFFu;
    return (uint64_t)attacks << shift;
}

static inline uint64_t chess_file_mask(int square)
{
    return (CHESS_FILE_A << (square & 7)) & ~CHESS_BIT(square);
}

static inline uint64_t chess_bishop_attacks(int square, uint64_t occ)
{
    return chess_line_attacks(square, occ, chess_diagonal_mask[square]) |
           chess_line_attacks(square, occ, chess_antidiagonal_mask[square]);
}

static inline uint64_t chess_rook_attacks(int square, uint64_t occ)
{
    return chess_line_attacks(square, occ, chess_file_mask(square)) | chess_rank_attacks(square, occ);
}

/* The squares strictly between a and b when they share a rank, file or
 * diagonal; 0 otherwise. */
static inline uint64_t chess_between(int a, int b)
{
    uint64_t line;
    if ((a & 56) == (b & 56))
        line = CHESS_RANK_1 << (a & 56);
    else if ((a & 7) == (b & 7))
        line = CHESS_FILE_A << (a & 7);
    else if (chess_diagonal_mask[a] & CHESS_BIT(b))
        line = chess_diagonal_mask[a];
    else if (chess_antidiagonal_mask[a] & CHESS_BIT(b))
        line = chess_antidiagonal_mask[a];
    else
        return 0;
    int lo = a < b ? a : b, hi = a < b ? b : a;
    uint64_t range = (CHESS_BIT(hi) - 1) & ~(CHESS_BIT(lo) - 1) & ~CHESS_BIT(lo);
    return line & range;
}

/* The whole line through a and b (both included) when they share one; 0
 * otherwise: where a man pinned on that line may still go. */
static inline uint64_t chess_line_through(int a, int b)
{
    if ((a & 56) == (b & 56))
        return CHESS_RANK_1 << (a & 56);
    if ((a & 7) == (b & 7))
        return CHESS_FILE_A << (a & 7);
    if (chess_diagonal_mask[a] & CHESS_BIT(b))
        return chess_diagonal_mask[a] | CHESS_BIT(a);
    if (chess_antidiagonal_mask[a] & CHESS_BIT(b))
        return chess_antidiagonal_mask[a] | CHESS_BIT(a);
    return 0;
}

/* The men of either colour that attack `square` with the board's men as
 * they would stand with occupancy occ. */
static inline uint64_t chess_attackers(const chess_position *p, int square, uint64_t occ)
{
    uint64_t rooks = p->by_type[CHESS_ROOK] | p->by_type[CHESS_QUEEN];
    uint64_t bishops = p->by_type[CHESS_BISHOP] | p->by_type[CHESS_QUEEN];
    return (chess_pawn_attacks[CHESS_WHITE][square] & p->by_type[CHESS_PAWN] & p->by_colour[CHESS_BLACK]) |
           (chess_pawn_attacks[CHESS_BLACK][square] & p->by_type[CHESS_PAWN] & p->by_colour[CHESS_WHITE]) |
           (chess_knight_attacks[square] & p->by_type[CHESS_KNIGHT]) |
           (chess_king_attacks[square] & p->by_type[CHESS_KING]) |
           (chess_bishop_attacks(square, occ) & bishops) | (chess_rook_attacks(square, occ) & rooks);
}

/* The lines a rook on `square` sees on an empty board. */
static inline uint64_t chess_rook_rays(int square)
{
    return (CHESS_FILE_A << (square & 7)) ^ (CHESS_RANK_1 << (square & 56));
}

/* Whether a man of colour `by`, those on `gone` left out, attacks `square`
 * with the occupancy occ. The same test as chess_attackers, cheapest first:
 * the leapers and pawns by table, a slider's line computed only when a
 * slider of `by` stands on it on an empty board. */
static CHESS_ALWAYS_INLINE int chess_attacked_except(const chess_position *p, int square, int by, uint64_t occ, uint64_t gone)
{
    uint64_t them = p->by_colour[by] & ~gone;
    if (((chess_knight_attacks[square] & p->by_type[CHESS_KNIGHT]) |
         (chess_pawn_attacks[by ^ 1][square] & p->by_type[CHESS_PAWN]) |
         (chess_king_attacks[square] & p->by_type[CHESS_KING])) & them)
        return 1;
    uint64_t queens = p->by_type[CHESS_QUEEN];
    uint64_t bishops = (p->by_type[CHESS_BISHOP] | queens) & them;
    uint64_t rooks = (p->by_type[CHESS_ROOK] | queens) & them;
    if ((bishops & (chess_diagonal_mask[square] | chess_antidiagonal_mask[square])) &&
        (chess_bishop_attacks(square, occ) & bishops))
        return 1;
    return (rooks & chess_rook_rays(square)) && (chess_rook_attacks(square, occ) & rooks);
}

static inline int chess_king_square(const chess_position *p, int colour)
{
    return chess_lsb(p->by_type[CHESS_KING] & p->by_colour[colour]);
}

static inline uint64_t chess_occupied(const chess_position *p)
{
    return p->by_colour[CHESS_WHITE] | p->by_colour[CHESS_BLACK];
}

/* Shared by the files of the folder. */
/* Whether `square` is attacked by `by` with occupancy occ. */
int chess_attacked(const chess_position *p, int square, int by, uint64_t occ);
/* Whether the king of the side to move is safe after a move that is not
 * castling or a null move and that its man can make (pseudo-legal): the one
 * test of a move's legality. Inline: every move read calls it. */
static CHESS_ALWAYS_INLINE int chess_legal_after(const chess_position *p, chess_move m)
{
    int us = p->side, them = us ^ 1;
    uint64_t occ = (chess_occupied(p) ^ CHESS_BIT(m.from)) | CHESS_BIT(m.to);
    uint64_t captured = CHESS_BIT(m.to);
    if (m.kind == CHESS_MOVE_EN_PASSANT) {
        captured = CHESS_BIT(us == CHESS_WHITE ? m.to - 8 : m.to + 8);
        occ ^= captured;
    }
    int king = chess_king_square(p, us);
    if (m.from == king)
        king = m.to;
    return !chess_attacked_except(p, king, them, occ, captured);
}

/* Whether a move names squares of the board, a man of the side to move on
 * its first (and, castling, the king and its rook), and a promotion to a
 * piece or none: what playing or writing it needs to stay on the board. */
static inline int chess_move_in_bounds(const chess_position *p, chess_move m)
{
    if (m.kind == CHESS_MOVE_NULL)
        return 1;
    if (m.from > 63 || m.to > 63 || m.kind > CHESS_MOVE_NULL ||
        (m.promotion && (m.promotion < CHESS_KNIGHT || m.promotion > CHESS_QUEEN)))
        return 0;
    uint8_t man = p->board[m.from];
    if (!man || CHESS_MAN_COLOUR(man) != p->side)
        return 0;
    if (m.kind == CHESS_MOVE_CASTLE)
        return CHESS_MAN_TYPE(man) == CHESS_KING && p->board[m.to] == CHESS_MAN(p->side, CHESS_ROOK);
    return 1;
}

/* Castling on a wing (0 the king's side, 1 the queen's side) by the side to
 * move: whether it can be played now, or why not. */
enum {
    CHESS_CASTLE_OK = 0,
    CHESS_CASTLE_NO_RIGHT,
    CHESS_CASTLE_IN_CHECK,
    CHESS_CASTLE_BLOCKED,       /* *square: the first man in the way */
    CHESS_CASTLE_THROUGH_CHECK, /* *square: the first square crossed under attack */
    CHESS_CASTLE_INTO_CHECK     /* *square: where the king would stand */
};
int chess_castle_status(const chess_position *p, int wing, int *square);
/* Where the king and the rook stand after castling on a wing. */
static inline int chess_castle_king_to(int colour, int wing) { return (colour ? 56 : 0) + (wing == 0 ? 6 : 2); }
static inline int chess_castle_rook_to(int colour, int wing) { return (colour ? 56 : 0) + (wing == 0 ? 5 : 3); }

#endif
