/*
 * duplicates_symmetry.h - the board symmetries `gbr duplicates` identifies
 * positions under, and the fixed-size keys it groups games by.
 *
 * Which symmetries are sound (a transformed position is the same study):
 * - none: only the identity.
 * - mirror: the left-right mirror (file a <-> h), for any position, since no
 *   man moves differently on the other wing; not when castling is involved.
 * - all: without pawns, every symmetry of the square (identity, left-right
 *   mirror, vertical flip, half turn, the two quarter turns and the two
 *   diagonal reflections), each also with the colours exchanged (and the side
 *   to move with them): kings, queens, rooks, bishops and knights move alike
 *   in every direction and for either colour. With pawns only the left-right
 *   mirror: a pawn's direction rules out turns and diagonal reflections.
 * A position whose FEN gives castling rights is identified with no other.
 */
#ifndef GBR_DUPLICATES_SYMMETRY_H
#define GBR_DUPLICATES_SYMMETRY_H

#include <stddef.h>
#include <stdint.h>

#include "gbr.h"

typedef enum duplicates_symmetry { DUP_SYMMETRY_NONE, DUP_SYMMETRY_MIRROR, DUP_SYMMETRY_ALL } duplicates_symmetry;
/* "none", "mirror" or "all" (the --symmetry values): 0 and *out set, or -1. */
int duplicates_symmetry_parse(const char *name, duplicates_symmetry *out);

/* Placement (a man's code a square, two to a byte), then side to move (bit 0)
 * and castling rights (bit 1: such a position is grouped only with others
 * that have them, so that no transform reaches it from outside). */
#define DUP_POSITION_KEY_SIZE 33
/* Men per colour and type Q R B N P (white then black), both kings' squares,
 * then castling rights (as in the position key). */
#define DUP_STUDY_KEY_SIZE 13

/* The transforms, 16: bit 3 exchanges the colours, bits 0-2 pick the
 * symmetry of the square (0 identity, 1 left-right mirror, ...). */
#define DUP_TRANSFORMS 16
const char *duplicates_transform_name(unsigned transform);

/* The keys of a position as it is. */
void duplicates_position_key(const gbr_position *p, int castling, uint8_t key[DUP_POSITION_KEY_SIZE]);
void duplicates_study_key(const gbr_position *p, int castling, uint8_t key[DUP_STUDY_KEY_SIZE]);
/* p under a transform. */
void duplicates_transform(const gbr_position *p, unsigned transform, gbr_position *out);
/* Whether the transform is allowed for p under the symmetry option;
 * castling: the FEN gives castling rights. */
int duplicates_transform_allowed(duplicates_symmetry s, const gbr_position *p, int castling, unsigned transform);
/* The smallest position key over the allowed transforms of p (what
 * duplicates_canonical_keys gives as `position`, without the study key). */
void duplicates_canonical_position_key(duplicates_symmetry s, const gbr_position *p, int castling,
                                       uint8_t position[DUP_POSITION_KEY_SIZE]);
/* The smallest keys over the allowed transforms of p. */
void duplicates_canonical_keys(duplicates_symmetry s, const gbr_position *p, int castling,
                               uint8_t position[DUP_POSITION_KEY_SIZE], uint8_t study[DUP_STUDY_KEY_SIZE]);
/* Whether a FEN's castling field (its third) says anything but '-'. */
int duplicates_fen_castling(const char *fen, size_t len);

#endif /* GBR_DUPLICATES_SYMMETRY_H */
