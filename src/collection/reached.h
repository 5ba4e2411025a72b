/*
 * reached.h - positions reached by a game's moves as `gbr lookup` and
 * `gbr duplicates --reached` compare them: the position key of
 * duplicates_symmetry.h under the symmetry, then a byte of castling rights
 * (bits 0-3) and the en-passant file + 1 (bits 4-7) when a pawn of the side
 * to move can take there (FIDE's "same position", article 9.2). A position
 * with either is compared as it is, untransformed. And where in a game a
 * position is: the move that led to it.
 */
#ifndef GBR_REACHED_H
#define GBR_REACHED_H

#include <stddef.h>
#include <stdint.h>

#include "duplicates_symmetry.h"
#include "gbr.h"
#include "replay.h"
#include "text.h"

#define REACHED_KEY_SIZE (DUP_POSITION_KEY_SIZE + 1)
/* "123...Qh4xe1+" with room to spare. */
#define REACHED_MOVE_SIZE (UTIL_DECIMAL_MAX + 4 + CHESS_MOVE_TEXT_SIZE)

/* The key of a position given as gbr's board, its castling rights (bits
 * K Q k q) and en-passant file + 1 (0: none a pawn can take on). */
void reached_key(duplicates_symmetry s, const gbr_position *p, unsigned rights, unsigned ep,
                 uint8_t key[REACHED_KEY_SIZE]);
/* The keys of a position the rules give: its key as compared, and (raw, when
 * not NULL) its position key as it is; p gets it as gbr's board. */
void reached_chess_keys(duplicates_symmetry s, const chess_position *c, gbr_position *p,
                        uint8_t key[REACHED_KEY_SIZE], uint8_t raw[DUP_POSITION_KEY_SIZE]);
/* The first transform taking p to the position whose key as it is is raw
 * (its name, as duplicates tells a group's games), "?" when none does. */
const char *reached_relation(const gbr_position *p, int castling, const uint8_t raw[DUP_POSITION_KEY_SIZE]);
/* That transform's number, DUP_TRANSFORMS when none. */
unsigned reached_transform_to(const gbr_position *p, int castling, const uint8_t raw[DUP_POSITION_KEY_SIZE]);
/* gbr's board back from a position key (duplicates_position_key): its men
 * and side to move. */
void reached_position_of_key(const uint8_t key[DUP_POSITION_KEY_SIZE], gbr_position *p);
/* The key as it is of the position that transform (reached_transform_to)
 * took to the position whose key is key: what a position's canonical key and
 * the transform that made it give back, so that it need not be kept. */
void reached_key_before(const uint8_t key[DUP_POSITION_KEY_SIZE], unsigned transform,
                        uint8_t raw[DUP_POSITION_KEY_SIZE]);

/* A position's material as one number, to rule positions out before their
 * keys are made: the count of each man but the kings, 4 bits each at the
 * man's GBR code (a count past 15 carries, alike for every position).
 * swapped: with the colours exchanged, as --symmetry all may compare. */
uint64_t reached_material_of_key(const uint8_t key[REACHED_KEY_SIZE], int swapped);
uint64_t reached_material_of_chess(const chess_position *c);

/* Where in a game a position is. */
typedef struct reached_place {
    unsigned long ply, seq; /* seq: its place in the order written */
    int main_line;
    char move[REACHED_MOVE_SIZE]; /* "5...Kg7"; "" at the start */
} reached_place;

void reached_place_of(const replay_position *rp, unsigned long seq, reached_place *at);
/* A move as a place names it: "5...Kg7" (black: the move was Black's). */
void reached_move_text(unsigned long fullmove, int black, const char *san, char move[REACHED_MOVE_SIZE]);
/* Whether place a goes before b: the main line first, then the fewer plies,
 * then the order written. */
int reached_place_before(const reached_place *a, const reached_place *b);

#endif /* GBR_REACHED_H */
