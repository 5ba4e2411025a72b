/*
 * minigbr.h - a small GBR implementation written from spec/gbr.md alone
 * (§2 material codes, §6 FEN to material code, the errors of §9), standing in
 * for "another implementation" in the harness template's example. It has its
 * own error numbering, its own calling convention, and function names that
 * libgbr also defines (gbr_material_canonical, gbr_fen_to_material) with
 * other signatures: fuzz/other/build.sh keeps the two apart.
 *
 * It carries one planted defect, on unless compiled with -DMINIGBR_FIXED: a
 * FEN clock is read as a number that must not exceed 99999 instead of as 1 to
 * 5 digits (§6), so a clock of six or more digits with leading zeros
 * ("000001") is accepted where the spec says fen-field at its sixth digit.
 */
#ifndef MINIGBR_H
#define MINIGBR_H

#include <stddef.h>

enum mini_error {
    MINI_OK, MINI_EMPTY, MINI_TRUNCATED, MINI_TRAILING, MINI_DIGIT, MINI_PAWN_DIGIT, MINI_POINT, MINI_PROMOTIONS,
    MINI_TOO_MANY_PAWNS, MINI_PAWN_RANK, MINI_PIECE, MINI_RANK, MINI_KINGS, MINI_FIELD
};

/* Each writes the canonical material code "abcd.ef" (7 bytes, and a NUL)
 * to out and returns MINI_OK, or returns the error and sets *column
 * (1-based). */
enum mini_error gbr_material_canonical(const char *text, size_t len, char out[8], size_t *column);
enum mini_error gbr_fen_to_material(const char *text, size_t len, char out[8], size_t *column);

#endif
