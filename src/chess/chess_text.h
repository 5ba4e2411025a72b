/*
 * chess_text.h - the words of the folder's messages (private to src/chess):
 * an error's message built piece by piece, cut at CHESS_MESSAGE_SIZE and
 * always NUL-ended; the names of colours, men and squares.
 */
#ifndef GBR_CHESS_TEXT_H
#define GBR_CHESS_TEXT_H

#include <stddef.h>

#include "chess.h"

static inline void chess_error_start(chess_error *e, size_t column)
{
    e->column = column;
    e->message[0] = '\0';
}

static inline void chess_error_add(chess_error *e, const char *s)
{
    size_t n = 0;
    while (n < CHESS_MESSAGE_SIZE - 1 && e->message[n])
        n++;
    while (n < CHESS_MESSAGE_SIZE - 1 && *s)
        e->message[n++] = *s++;
    e->message[n] = '\0';
}

static inline void chess_error_add_char(chess_error *e, char c)
{
    char s[2] = {c, '\0'};
    chess_error_add(e, s);
}

/* Text the user gave, quoted in a message: at most 24 bytes of it, a byte
 * that is no printable ASCII shown as '?'. */
static inline void chess_error_add_given(chess_error *e, const char *text, size_t len)
{
    size_t n = len < 24 ? len : 24;
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)text[i];
        chess_error_add_char(e, c >= 0x20 && c < 0x7f ? (char)c : '?');
    }
    if (len > n)
        chess_error_add(e, "...");
}

static inline void chess_error_add_number(chess_error *e, unsigned long v)
{
    char digits[24];
    size_t n = 0;
    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (n)
        chess_error_add_char(e, digits[--n]);
}

static inline void chess_error_add_square(chess_error *e, int square)
{
    chess_error_add_char(e, (char)('a' + (square & 7)));
    chess_error_add_char(e, (char)('1' + (square >> 3)));
}

static inline const char *chess_colour_name(int colour)
{
    return colour == CHESS_WHITE ? "white" : "black";
}

static inline const char *chess_type_name(int type)
{
    static const char *const names[6] = {"pawn", "knight", "bishop", "rook", "queen", "king"};
    return names[type];
}

/* SAN's letter of a man ('P' for a pawn, which SAN leaves out). */
static inline char chess_type_letter(int type)
{
    return "PNBRQK"[type];
}

#endif
