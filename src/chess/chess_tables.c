/*
 * The constant tables of the attacks (chess_bits.h), written as constant
 * expressions of the square so the compiler fills them: no start-up work,
 * no state, nothing to keep in step with a generator.
 */
#include "chess_bits.h"

#define B(s) (UINT64_C(1) << (s))
#define FA UINT64_C(0x0101010101010101)
#define FB (FA << 1)
#define FG (FA << 6)
#define FH (FA << 7)

#define KNIGHT(s)                                                                                       \
    (((B(s) << 17) & ~FA) | ((B(s) << 15) & ~FH) | ((B(s) << 10) & ~(FA | FB)) | ((B(s) << 6) & ~(FG | FH)) | \
     ((B(s) >> 17) & ~FH) | ((B(s) >> 15) & ~FA) | ((B(s) >> 10) & ~(FG | FH)) | ((B(s) >> 6) & ~(FA | FB)))
#define KING(s)                                                                                         \
    ((B(s) << 8) | (B(s) >> 8) | (((B(s) << 1) | (B(s) << 9) | (B(s) >> 7)) & ~FA) |                     \
     (((B(s) >> 1) | (B(s) >> 9) | (B(s) << 7)) & ~FH))
#define WHITE_PAWN(s) ((((B(s) << 9) & ~FA) | ((B(s) << 7) & ~FH)))
#define BLACK_PAWN(s) ((((B(s) >> 7) & ~FA) | ((B(s) >> 9) & ~FH)))

/* The a1-h8 diagonal moved to the square's diagonal (file - rank), and the
 * a8-h1 one to its antidiagonal (file + rank). */
#define MAIN_DIAGONAL UINT64_C(0x8040201008040201)
#define MAIN_ANTIDIAGONAL UINT64_C(0x0102040810204080)
/* Each shift count is kept at 0 or more even in the arm not taken, which
 * compilers check all the same. */
#define NOT_BELOW_0(x) ((x) > 0 ? (x) : 0)
#define DIAG_OF(d) ((d) >= 0 ? MAIN_DIAGONAL >> (8 * NOT_BELOW_0(d)) : MAIN_DIAGONAL << (8 * NOT_BELOW_0(-(d))))
#define ANTI_OF(a)                                                                                      \
    ((a) <= 7 ? MAIN_ANTIDIAGONAL >> (8 * NOT_BELOW_0(7 - (a))) : MAIN_ANTIDIAGONAL << (8 * NOT_BELOW_0((a) - 7)))
#define DIAGONAL(s) (DIAG_OF(((s) & 7) - ((s) >> 3)) & ~B(s))
#define ANTIDIAGONAL(s) (ANTI_OF(((s) & 7) + ((s) >> 3)) & ~B(s))

#define REVERSE(x)                                                                                      \
    ((uint8_t)((((x) & 1) << 7) | (((x) & 2) << 5) | (((x) & 4) << 3) | (((x) & 8) << 1) |               \
               (((x) & 16) >> 1) | (((x) & 32) >> 3) | (((x) & 64) >> 5) | (((x) & 128) >> 7)))

#define T8(M, b) M(b + 0), M(b + 1), M(b + 2), M(b + 3), M(b + 4), M(b + 5), M(b + 6), M(b + 7)
#define T64(M, b)                                                                                       \
    T8(M, b + 0), T8(M, b + 8), T8(M, b + 16), T8(M, b + 24), T8(M, b + 32), T8(M, b + 40), T8(M, b + 48), \
        T8(M, b + 56)

const uint64_t chess_knight_attacks[64] = {T64(KNIGHT, 0)};
const uint64_t chess_king_attacks[64] = {T64(KING, 0)};
const uint64_t chess_pawn_attacks[2][64] = {{T64(WHITE_PAWN, 0)}, {T64(BLACK_PAWN, 0)}};
const uint64_t chess_diagonal_mask[64] = {T64(DIAGONAL, 0)};
const uint64_t chess_antidiagonal_mask[64] = {T64(ANTIDIAGONAL, 0)};
const uint8_t chess_reverse_byte[256] = {T64(REVERSE, 0), T64(REVERSE, 64), T64(REVERSE, 128), T64(REVERSE, 192)};
