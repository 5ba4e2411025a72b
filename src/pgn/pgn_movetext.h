/*
 * pgn_movetext.h - the movetext of one game, token by token: a walk over its
 * bytes (pgn_game's movetext_start to movetext_end) that hands the caller
 * each move as written and each variation's start and end, and passes by
 * what is no move. It knows nothing of chess: the caller plays the moves.
 *
 * Read as the streaming reader reads movetext (pgn_reader.h), so both agree
 * on where a comment or variation ends:
 * - a symbol starts with a letter or digit and goes on with letters, digits
 *   and _ + # = : - /; a symbol of digits alone is a move number (12 of
 *   "12." and "12..."), and 1-0, 0-1, 1/2-1/2 are results: neither is a
 *   move; "ep" and "e.p." after an en-passant capture are marks, not moves;
 *   every other symbol is a move (e4, Nf3, O-O, 0-0-0, e7e8q, Z0);
 * - "--", the null move of PGN writers, is a move too;
 * - '!' and '?' right after a move ("e4!?") or after white space following
 *   it ("e4 !?"), as pgn-extract reads them: the move's suffix;
 * - skipped: white space, '.', comments {...} (any bytes, any lines, ended by
 *   the first '}'), ';' comments to the end of the line, escape lines (a
 *   '%' in column 1, to the end of the line), NAGs $n, '*', and any other
 *   byte (a '[' inside a variation, a ')' without its '(');
 * - '(' opens a variation (RAV), which replaces the move before it; ')'
 *   closes it. Variations nest.
 *
 * No allocation, no output; the bytes are never read past their length.
 */
#ifndef GBR_PGN_MOVETEXT_H
#define GBR_PGN_MOVETEXT_H

#include <stddef.h>

enum pgn_movetext_kind {
    PGN_MOVETEXT_MOVE,
    PGN_MOVETEXT_VARIATION_START, /* a '(' */
    PGN_MOVETEXT_VARIATION_END    /* its ')' */
};

typedef struct pgn_movetext_token {
    enum pgn_movetext_kind kind;
    /* A move: the move as written with its check or mate mark ("Nf3+",
     * "exd6", "--"), without its suffix. A variation's start or end: its
     * parenthesis. */
    const char *text;
    size_t length;
    /* The move's suffix ("!?", "!"), written right after it or after white
     * space; length 0 when none. */
    const char *suffix;
    size_t suffix_length;
    /* Where the token starts: its byte in the movetext, its line and column
     * (columns count bytes from 1). */
    size_t offset;
    unsigned long line, column;
    /* The variations open around a move (0: the main line); for a start or
     * an end, the depth of the variation it opens or closes (1 for one of
     * the main line's). */
    unsigned long depth;
} pgn_movetext_token;

/* Called for each token in order; a non-zero return stops the walk. */
typedef int (*pgn_movetext_visitor)(void *context, const pgn_movetext_token *token);

/*
 * Walks len bytes of movetext that start at line `line`, column `column` of
 * the input (a '%' escape line is one whose '%' is in column 1). Returns 0
 * after the last byte, or the visitor's non-zero value when it stopped the
 * walk. A variation left open at the end gets no end token.
 */
int pgn_movetext_walk(const char *text, size_t len, unsigned long line, unsigned long column,
                      pgn_movetext_visitor visit, void *context);

#endif /* GBR_PGN_MOVETEXT_H */
