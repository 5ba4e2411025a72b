/* pgn_movetext.c - the movetext walk (pgn_movetext.h says what it reads). */
#include "pgn_movetext.h"

#include <stdint.h>
#include <string.h>

/* Where the walk is: the next byte, its line, and the byte its line starts
 * at, so that a column is i - line_begin + base (the first line starts at
 * the caller's column, the others at 1). */
typedef struct walk {
    const char *text;
    size_t len, i;
    unsigned long line;
    size_t line_begin;
    unsigned long base;
} walk;

/* The byte classes of the streaming reader (pgn_reader.c), said again here
 * as bit sets of the 128 ASCII bytes (no other byte is in any): one shift
 * and a test a byte, as the walk runs over every byte of the movetext. */
#define BIT(c) ((uint64_t)1 << ((c) & 63))
#define RANGE(from, to) ((~(uint64_t)0 >> (63 - ((to) & 63))) & (~(uint64_t)0 << ((from) & 63)))
static const uint64_t alnum_low = RANGE('0', '9');
static const uint64_t alnum_high = RANGE('A', 'Z') | RANGE('a', 'z');
static const uint64_t symbol_low = RANGE('0', '9') | BIT('+') | BIT('#') | BIT('=') | BIT(':') | BIT('-') | BIT('/');
static const uint64_t symbol_high = RANGE('A', 'Z') | RANGE('a', 'z') | BIT('_');
static const uint64_t space_low = BIT(' ') | BIT('\t') | BIT('\n') | BIT('\r') | BIT('\v') | BIT('\f');

static int in_set(uint64_t low, uint64_t high, unsigned char c)
{
    return c < 64 ? (int)((low >> c) & 1) : c < 128 ? (int)((high >> (c - 64)) & 1) : 0;
}

static int is_alnum(unsigned char c) { return in_set(alnum_low, alnum_high, c); }
static int is_symbol_byte(unsigned char c) { return in_set(symbol_low, symbol_high, c); }
static int is_space(unsigned char c) { return c < 64 && ((space_low >> c) & 1); }

static int is_suffix_byte(char c) { return c == '!' || c == '?'; }

static unsigned long column_of(const walk *w, size_t i) { return (unsigned long)(i - w->line_begin) + w->base; }

/* Moves the walk on to byte `to`, counting the lines it passes. */
static void advance(walk *w, size_t to)
{
    const char *from = w->text + w->i, *end = w->text + to;
    for (const char *nl; from < end && (nl = memchr(from, '\n', (size_t)(end - from))) != NULL; from = nl + 1) {
        w->line++;
        w->line_begin = (size_t)(nl + 1 - w->text);
        w->base = 1;
    }
    w->i = to;
}

/* The end of the line the walk is on (its '\n', or the end). */
static size_t line_end(const walk *w)
{
    const char *nl = memchr(w->text + w->i, '\n', w->len - w->i);
    return nl ? (size_t)(nl - w->text) : w->len;
}

static int digits_only(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

static int is_result(const char *s, size_t n)
{
    return (n == 3 && (memcmp(s, "1-0", 3) == 0 || memcmp(s, "0-1", 3) == 0)) ||
           (n == 7 && memcmp(s, "1/2-1/2", 7) == 0);
}

/* The end of the en-passant mark "e.p." (its last '.' optional) that starts
 * at the symbol "e", or 0 when the bytes there are not one. */
static size_t en_passant_mark_end(const walk *w, size_t at)
{
    const char *t = w->text;
    if (at + 3 > w->len || t[at] != 'e' || t[at + 1] != '.' || t[at + 2] != 'p')
        return 0;
    if (at + 3 < w->len && is_symbol_byte((unsigned char)t[at + 3]))
        return 0;
    return at + 3 < w->len && t[at + 3] == '.' ? at + 4 : at + 3;
}

/* The suffix of a move that ends at `end`: '!' and '?' right after it, or
 * after white space. Sets *from and returns its end (== *from: none). */
static size_t suffix_after(const walk *w, size_t end, size_t *from)
{
    size_t j = end;
    while (j < w->len && is_space((unsigned char)w->text[j]))
        j++;
    if (j == w->len || !is_suffix_byte(w->text[j])) {
        *from = end;
        return end;
    }
    *from = j;
    while (j < w->len && is_suffix_byte(w->text[j]))
        j++;
    return j;
}

static int emit(walk *w, pgn_movetext_visitor visit, void *context, enum pgn_movetext_kind kind, size_t at,
                size_t length, unsigned long depth)
{
    pgn_movetext_token token = {kind, w->text + at, length, NULL, 0, at, w->line, column_of(w, at), depth};
    return visit(context, &token);
}

int pgn_movetext_walk(const char *text, size_t len, unsigned long line, unsigned long column,
                      pgn_movetext_visitor visit, void *context)
{
    walk w = {text, len, 0, line, 0, column};
    unsigned long depth = 0;
    while (w.i < len) {
        size_t i = w.i;
        unsigned char c = (unsigned char)text[i];
        if (c == ' ') { /* the commonest byte first */
            w.i = i + 1;
            continue;
        }
        if (c == '\n') {
            advance(&w, i + 1);
            continue;
        }
        if (c == '%' && column_of(&w, i) == 1) { /* an escape line */
            w.i = line_end(&w);
            continue;
        }
        if (c == '{') { /* to the first '}', or the end */
            const char *close = memchr(text + i + 1, '}', len - i - 1);
            advance(&w, close ? (size_t)(close - text) + 1 : len);
            continue;
        }
        if (c == ';') {
            w.i = line_end(&w);
            continue;
        }
        if (c == '(') {
            int stop = emit(&w, visit, context, PGN_MOVETEXT_VARIATION_START, i, 1, ++depth);
            if (stop)
                return stop;
            w.i = i + 1;
            continue;
        }
        if (c == ')') {
            if (depth > 0) {
                int stop = emit(&w, visit, context, PGN_MOVETEXT_VARIATION_END, i, 1, depth--);
                if (stop)
                    return stop;
            }
            w.i = i + 1;
            continue;
        }
        if (c == '$') { /* a NAG: '$' and its digits */
            size_t j = i + 1;
            while (j < len && text[j] >= '0' && text[j] <= '9')
                j++;
            w.i = j;
            continue;
        }
        size_t end = i;
        if (is_alnum(c)) {
            while (end < len && is_symbol_byte((unsigned char)text[end]))
                end++;
            const char *s = text + i;
            size_t n = end - i;
            size_t mark = en_passant_mark_end(&w, i);
            if (digits_only(s, n) || is_result(s, n) || (n == 2 && memcmp(s, "ep", 2) == 0) || mark) {
                w.i = mark ? mark : end;
                continue;
            }
        } else if (c == '-' && i + 1 < len && text[i + 1] == '-') { /* the null move "--" */
            end = i + 2;
        } else { /* '.', '*', a stray byte: nothing to hand on */
            w.i = i + 1;
            continue;
        }
        pgn_movetext_token token = {PGN_MOVETEXT_MOVE, text + i, end - i, NULL, 0, i, w.line, column_of(&w, i),
                                    depth};
        size_t suffix_from, suffix_end = suffix_after(&w, end, &suffix_from);
        if (suffix_end > suffix_from) {
            token.suffix = text + suffix_from;
            token.suffix_length = suffix_end - suffix_from;
        }
        int stop = visit(context, &token);
        if (stop)
            return stop;
        /* A symbol holds no newline: only white space before a suffix can. */
        w.i = end;
        if (suffix_end > end)
            advance(&w, suffix_end);
    }
    return 0;
}
