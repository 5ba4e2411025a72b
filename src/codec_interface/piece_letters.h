/*
 * Private to libgbr: the piece letters, Q R B N P and K, as material names
 * and FEN (in upper case) write them (spec/gbr.md) and queries too
 * (spec/query.md). One rule for the reference codec and the query parser;
 * the optimised codec keeps its own tables, as it is checked against the
 * reference and so shares none of its code.
 */
#ifndef GBR_PIECE_LETTERS_H
#define GBR_PIECE_LETTERS_H

#include "gbr.h"

/* The type of an upper-case piece letter; -1 for any other byte. */
static inline int piece_type_of_letter(char c)
{
    switch (c) {
    case 'Q': return GBR_QUEEN;
    case 'R': return GBR_ROOK;
    case 'B': return GBR_BISHOP;
    case 'N': return GBR_KNIGHT;
    case 'P': return GBR_PAWN;
    case 'K': return GBR_KING;
    default: return -1;
    }
}

/* The upper-case letter of a type (a king's for anything not Q R B N P). */
static inline char piece_letter_of_type(int type)
{
    switch (type) {
    case GBR_QUEEN: return 'Q';
    case GBR_ROOK: return 'R';
    case GBR_BISHOP: return 'B';
    case GBR_KNIGHT: return 'N';
    case GBR_PAWN: return 'P';
    default: return 'K';
    }
}

#endif /* GBR_PIECE_LETTERS_H */
