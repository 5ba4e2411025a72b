/* pgn_movetext.c - the movetext walk (pgn_movetext.h says what it reads). */
#include "pgn_movetext.h"

#include <string.h>

/* What a byte starts, from one table of the 256 byte values (written as
 * constant expressions, so the compiler fills it): the walk looks each byte
 * up once and branches on its kind. The byte classes are the streaming
 * reader's (pgn_reader.c), said again here; pgn_movetext_walk's tests hold
 * them to the reader's reading. */
enum {
    K_SKIP,      /* white space, '.', '*', '!' and '?' alone, any byte without a meaning */
    K_SYMBOL,    /* a letter or digit: a symbol starts */
    K_BRACE,     /* '{' */
    K_SEMICOLON, /* ';' */
    K_PERCENT,   /* '%': an escape line in column 1 */
    K_OPEN,      /* '(' */
    K_CLOSE,     /* ')' */
    K_DOLLAR,    /* '$': a NAG */
    K_DASH       /* '-': "--" is the null move */
};
#define KIND_MASK 0x0F
#define F_SYMBOL 0x10 /* goes on with a symbol: letters, digits, _ + # = : - / */
#define F_SPACE 0x20  /* white space before a suffix */

#define IS_DIGIT(c) ((c) >= '0' && (c) <= '9')
#define IS_ALNUM(c) (IS_DIGIT(c) || ((c) >= 'A' && (c) <= 'Z') || ((c) >= 'a' && (c) <= 'z'))
#define KIND(c)                                                                                         \
    (IS_ALNUM(c) ? K_SYMBOL : (c) == '{' ? K_BRACE : (c) == ';' ? K_SEMICOLON : (c) == '%' ? K_PERCENT : \
     (c) == '(' ? K_OPEN : (c) == ')' ? K_CLOSE : (c) == '$' ? K_DOLLAR : (c) == '-' ? K_DASH : K_SKIP)
#define FLAGS(c)                                                                                        \
    ((IS_ALNUM(c) || (c) == '_' || (c) == '+' || (c) == '#' || (c) == '=' || (c) == ':' || (c) == '-' ||  \
      (c) == '/') ? F_SYMBOL : 0) |                                                                      \
        ((c) == ' ' || (c) == '\t' || (c) == '\n' || (c) == '\r' || (c) == '\v' || (c) == '\f' ? F_SPACE : 0)
#define ENTRY(c) ((unsigned char)(KIND(c) | FLAGS(c)))
#define T8(b) ENTRY(b + 0), ENTRY(b + 1), ENTRY(b + 2), ENTRY(b + 3), ENTRY(b + 4), ENTRY(b + 5), ENTRY(b + 6), ENTRY(b + 7)
#define T64(b) T8(b + 0), T8(b + 8), T8(b + 16), T8(b + 24), T8(b + 32), T8(b + 40), T8(b + 48), T8(b + 56)
static const unsigned char byte_kind[256] = {T64(0), T64(64), T64(128), T64(192)};

/* The lines are counted when a token needs its line and column, not byte by
 * byte: next_newline is the first '\n' not yet counted (len when none), so
 * between newlines a token's place costs a comparison, and each newline one
 * memchr. line_begin is the byte the current line starts at, so that a
 * column is i - line_begin + base (the first line starts at the caller's
 * column, the others at 1). */
typedef struct walk {
    const char *text;
    size_t len;
    unsigned long line;
    size_t line_begin;
    unsigned long base;
    size_t next_newline;
} walk;

static size_t newline_from(const walk *w, size_t from)
{
    const char *nl = from < w->len ? memchr(w->text + from, '\n', w->len - from) : NULL;
    return nl ? (size_t)(nl - w->text) : w->len;
}

/* Counts the lines that start at or before byte i. */
static inline void lines_to(walk *w, size_t i)
{
    while (w->next_newline < i) {
        w->line++;
        w->line_begin = w->next_newline + 1;
        w->base = 1;
        w->next_newline = newline_from(w, w->line_begin);
    }
}

static unsigned long column_of(walk *w, size_t i)
{
    lines_to(w, i);
    return (unsigned long)(i - w->line_begin) + w->base;
}

/* The end of the line byte i is on (its '\n', or the end). */
static size_t line_end(const walk *w, size_t i)
{
    const char *nl = memchr(w->text + i, '\n', w->len - i);
    return nl ? (size_t)(nl - w->text) : w->len;
}

/* The standard's markers, and "1/2", which older databases write for a
 * draw: no move either way, so it is skipped rather than refused. */
static int is_result(const char *s, size_t n)
{
    return (n == 3 && (memcmp(s, "1-0", 3) == 0 || memcmp(s, "0-1", 3) == 0 || memcmp(s, "1/2", 3) == 0)) ||
           (n == 7 && memcmp(s, "1/2-1/2", 7) == 0);
}

/* UCI's null move: digits alone, but no move number (numbers start at 1). */
static int is_uci_null(const char *s, size_t n) { return n == 4 && memcmp(s, "0000", 4) == 0; }

/* The end of the en-passant mark "e.p." (its last '.' optional) that starts
 * at the symbol "e", or 0 when the bytes there are not one. */
static size_t en_passant_mark_end(const walk *w, size_t at)
{
    const char *t = w->text;
    if (at + 3 > w->len || t[at] != 'e' || t[at + 1] != '.' || t[at + 2] != 'p')
        return 0;
    if (at + 3 < w->len && (byte_kind[(unsigned char)t[at + 3]] & F_SYMBOL))
        return 0;
    return at + 3 < w->len && t[at + 3] == '.' ? at + 4 : at + 3;
}

static int is_suffix_byte(char c) { return c == '!' || c == '?'; }

static int emit(walk *w, pgn_movetext_visitor visit, void *context, enum pgn_movetext_kind kind, size_t at,
                size_t length, unsigned long depth)
{
    pgn_movetext_token token = {kind, w->text + at, length, NULL, 0, at, 0, column_of(w, at), depth};
    token.line = w->line;
    return visit(context, &token);
}

int pgn_movetext_walk(const char *text, size_t len, unsigned long line, unsigned long column,
                      pgn_movetext_visitor visit, void *context)
{
    walk w = {text, len, line, 0, column, 0};
    w.next_newline = newline_from(&w, 0);
    unsigned long depth = 0;
    size_t i = 0;
    while (i < len) {
        unsigned char c = (unsigned char)text[i];
        size_t end;
        switch (byte_kind[c] & KIND_MASK) {
        case K_SKIP: /* runs of them: spaces, the dots after a move number */
            do
                i++;
            while (i < len && (byte_kind[(unsigned char)text[i]] & KIND_MASK) == K_SKIP);
            continue;
        case K_BRACE: { /* to the first '}', or the end */
            const char *close = memchr(text + i + 1, '}', len - i - 1);
            i = close ? (size_t)(close - text) + 1 : len;
            continue;
        }
        case K_SEMICOLON:
            i = line_end(&w, i);
            continue;
        case K_PERCENT: /* an escape line when in column 1 */
            i = column_of(&w, i) == 1 ? line_end(&w, i) : i + 1;
            continue;
        case K_OPEN: {
            int stop = emit(&w, visit, context, PGN_MOVETEXT_VARIATION_START, i, 1, ++depth);
            if (stop)
                return stop;
            i++;
            continue;
        }
        case K_CLOSE:
            if (depth > 0) {
                int stop = emit(&w, visit, context, PGN_MOVETEXT_VARIATION_END, i, 1, depth--);
                if (stop)
                    return stop;
            }
            i++;
            continue;
        case K_DOLLAR: /* a NAG: '$' and its digits */
            i++;
            while (i < len && IS_DIGIT(text[i]))
                i++;
            continue;
        case K_DASH: /* the null move "--", else a stray byte */
            if (i + 1 < len && text[i + 1] == '-') {
                end = i + 2;
                break;
            }
            i++;
            continue;
        default: { /* K_SYMBOL */
            end = i + 1;
            /* Digits first: a symbol of digits alone, the commonest, is
             * told by this loop's end. */
            while (end < len && IS_DIGIT(text[end]))
                end++;
            int digits = IS_DIGIT(c);
            if (end < len && (byte_kind[(unsigned char)text[end]] & F_SYMBOL)) {
                digits = 0;
                do
                    end++;
                while (end < len && (byte_kind[(unsigned char)text[end]] & F_SYMBOL));
            }
            const char *s = text + i;
            size_t n = end - i;
            if (IS_DIGIT(c)) { /* a move number or a result ("0-0" is castling) */
                if ((digits && !is_uci_null(s, n)) || is_result(s, n)) {
                    i = end;
                    while (i < len && (byte_kind[(unsigned char)text[i]] & KIND_MASK) == K_SKIP)
                        i++; /* its dots and the space after them */
                    continue;
                }
            } else if (c == 'e' && n <= 2) { /* "ep" and "e.p." marks */
                size_t mark = n == 1 ? en_passant_mark_end(&w, i) : 0;
                if (mark || (n == 2 && s[1] == 'p')) {
                    i = mark ? mark : end;
                    continue;
                }
            }
            break;
        }
        }
        pgn_movetext_token token = {PGN_MOVETEXT_MOVE, text + i, end - i, NULL, 0, i, 0, column_of(&w, i), depth};
        token.line = w.line;
        /* The suffix: '!' and '?' right after the move or after white space. */
        size_t j = end;
        while (j < len && (byte_kind[(unsigned char)text[j]] & F_SPACE))
            j++;
        if (j < len && is_suffix_byte(text[j])) {
            token.suffix = text + j;
            while (j < len && is_suffix_byte(text[j]))
                j++;
            token.suffix_length = (size_t)(text + j - token.suffix);
        }
        int stop = visit(context, &token);
        if (stop)
            return stop;
        i = j; /* past the white space and the suffix after the move */
    }
    return 0;
}
