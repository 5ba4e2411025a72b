/*
 * Where a disagreement lies (see conform_fault.h): a walk over a text, field
 * by field as the grammar of spec/gbr.md section 9.1 lays them out, naming
 * the field a column falls in by the rows of the section 9.4 tables. The walk
 * never judges validity (the reference codec does); on an invalid text it
 * names the field the column would belong to had the text been read so far.
 */
#include "conform_fault.h"

#include <stdio.h>
#include <string.h>

static int is_digit(char c) { return c >= '0' && c <= '9'; }
static int is_file(char c) { return c >= 'a' && c <= 'h'; }

static void set_row(conform_fault *f, const char *table, const char *row)
{
    snprintf(f->row, sizeof f->row, "%s.%s", table, row);
}

/* The four piece digits, the point and the pawn digits of a material code
 * starting at `start` (0-based); the column `at` (0-based) is in it or after
 * it. Returns 1 when named, else 0 with *next the first offset after it. */
static int in_material(const char *t, size_t len, size_t start, size_t at, const char *table, conform_fault *f,
                       size_t *next, int short_form_allowed)
{
    static const char *const digits[] = {"digit-q", "digit-r", "digit-b", "digit-n"};
    if (at < start + 4) {
        set_row(f, table, digits[at - start]);
        return 1;
    }
    if (at == start + 4) {
        set_row(f, table, short_form_allowed ? "point-or-king" : "point");
        if (strcmp(table, "material") == 0)
            set_row(f, table, "point");
        return 1;
    }
    int long_form = start + 4 < len && t[start + 4] == '.';
    if (!long_form && short_form_allowed) {
        *next = start + 4;
        return 0;
    }
    if (at == start + 5 || at == start + 6) {
        set_row(f, table, at == start + 5 ? "pawn-white" : "pawn-black");
        return 1;
    }
    *next = start + 7;
    return 0;
}

static void locate_material(const char *t, size_t len, size_t at, conform_fault *f)
{
    size_t next;
    if (!in_material(t, len, 0, at, "material", f, &next, 0))
        set_row(f, "material", "end");
}

static void locate_study(const char *t, size_t len, size_t at, conform_fault *f)
{
    size_t i = 0;
    char closer = 0;
    if (len > 0 && (t[0] == '[' || t[0] == '(')) {
        closer = t[0] == '[' ? ']' : ')';
        i = 1;
    }
    if (at == 0) {
        set_row(f, "study", "start");
        return;
    }
    int stipulation = i < len && (t[i] == '+' || t[i] == '=');
    if (at == i) {
        set_row(f, "study", closer ? "after-wrapper" : "start");
        return;
    }
    if (stipulation)
        i++;
    if (at == i) {
        set_row(f, "study", stipulation ? "after-stipulation" : closer ? "after-wrapper" : "start");
        return;
    }
    size_t next;
    if (in_material(t, len, i, at, "study", f, &next, 1))
        return;
    static const char *const kings[] = {"white-king-file", "white-king-rank", "black-king-file", "black-king-rank"};
    if (at < next + 4) {
        set_row(f, "study", kings[at - next]);
        return;
    }
    if (closer && at == next + 4)
        set_row(f, "study", closer == ']' ? "close-bracket" : "close-parenthesis");
    else
        set_row(f, "study", closer ? "end-wrapped" : "end");
}

static void locate_name(const char *t, size_t len, size_t at, conform_fault *f)
{
    int side = 0;
    char last = 0;
    for (size_t i = 0; i < at && i < len; i++) {
        if (t[i] == 'v' && side == 0) {
            side = 1;
            last = 'v';
        } else {
            last = t[i];
        }
    }
    if (at == 0)
        set_row(f, "name", "white-king");
    else if (last == 'v')
        set_row(f, "name", "black-king");
    else if (side == 0)
        set_row(f, "name", last == 'P' ? "white-after-pawn" : "white-men");
    else
        set_row(f, "name", at >= 1 && t[at - 1] == 'K' ? "black-men" : "end");
}

/* A position form: kings, space, material, space, the squares (men, pawns
 * after a '.', groups in braces) and the men count with its indicator. */
static void locate_position(const char *t, size_t len, size_t at, conform_fault *f)
{
    static const char *const kings[] = {"white-king-file", "white-king-rank", "black-king-file", "black-king-rank"};
    if (at < 4) {
        set_row(f, "position", kings[at]);
        return;
    }
    if (at == 4) {
        set_row(f, "position", "space-material");
        return;
    }
    size_t next;
    if (in_material(t, len, 5, at, "position", f, &next, 0))
        return;
    if (at == next) {
        set_row(f, "position", "space-squares");
        return;
    }
    /* The squares field, unless the count follows the material at once. */
    size_t i = next + 1;
    int counts = i < len && is_digit(t[i]);
    int pawns = 0, group = 0, group_black = 0, after_group = 0;
    size_t squares_at = 0; /* squares read outside groups and pawns */
    for (; !counts && i < len && t[i] != ' ' && i < at; i++) {
        char c = t[i];
        after_group = 0;
        if (c == '{') {
            group = 1, group_black = 0;
        } else if (c == '}') {
            group = 0, after_group = 1;
        } else if (c == '/' && group) {
            group_black = 1;
        } else if (c == '.' && !group) {
            pawns = 1;
        } else if (!group && !pawns && is_file(c)) {
            squares_at++;
        }
    }
    if (!counts && i == at && (at >= len || t[at] != ' ')) {
        char c = at < len ? t[at] : 0;
        if (group) {
            int rank = at > 0 && is_file(t[at - 1]);
            if (c == '}' || c == '/')
                set_row(f, "group", group_black ? "black-next" : "white-next");
            else
                set_row(f, "group", group_black ? (rank ? "black-rank" : "black-file") : (rank ? "white-rank" : "white-file"));
        } else if (after_group) {
            set_row(f, "group", "after");
        } else if (pawns) {
            set_row(f, "position", at > 0 && t[at - 1] == '.' ? "pawn-file" : is_file(t[at - 1]) ? "pawn-rank" : "pawn-file");
        } else if (c == '{') {
            set_row(f, "group", "open");
        } else if (c == '.') {
            set_row(f, "position", at == next + 1 ? "pawn-point" : "after-pieces-pawns");
        } else if (at > 0 && is_file(t[at - 1])) {
            set_row(f, "position", "square-rank");
        } else {
            set_row(f, "position", squares_at == 0 ? "square-file" : "next-type-file");
        }
        return;
    }
    if (!counts && i == at) {
        if (after_group)
            set_row(f, "group", "after");
        else
            set_row(f, "position", pawns ? "after-pawns" : "after-pieces");
        return;
    }
    if (!counts)
        i++; /* the space before the count */
    /* The men count: white digits, '/', black digits, then the indicator:
     * a sign and '.', or a space, WTM or BTM and '.'. */
    size_t count_start = i;
    size_t s = count_start;
    while (s < len && is_digit(t[s]))
        s++;
    if (at <= s) {
        size_t k = at - count_start;
        set_row(f, "position", k == 0 ? (counts ? "count-no-squares" : "count-white")
                               : k == 1 ? "count-white-second" : "count-white-third");
        return;
    }
    size_t b = s + 1, e = b;
    while (e < len && is_digit(t[e]))
        e++;
    if (at < e || (at == e && e == b)) {
        set_row(f, "position", at == b ? "count-black" : "count-black-third");
        return;
    }
    if (at == e) {
        set_row(f, "position", e - b >= 2 ? "count-black-third" : "indicator");
        return;
    }
    int word = e < len && t[e] == ' ';
    size_t k = at - e - (size_t)word; /* offset in the indicator */
    if (word)
        set_row(f, "position", k == 0 ? "indicator-word" : k == 1 ? "indicator-t" : k == 2 ? "indicator-m"
                               : k == 3 ? "point-after-word" : "end");
    else if (t[e] == '-' && k == 1)
        set_row(f, "position", "indicator-dash");
    else if (k <= (t[e] == '-' ? 2u : 1u))
        set_row(f, "position", "point-after-sign");
    else
        set_row(f, "position", "end");
}

/* A FEN: placement, side, castling, en passant, halfmove, fullmove. */
static void locate_fen(const char *t, size_t len, size_t at, conform_fault *f)
{
    size_t field = 0, start = 0;
    for (size_t i = 0; i < at && i < len; i++)
        if (t[i] == ' ')
            field++, start = i + 1;
    int on_space = at < len && t[at] == ' ';
    size_t k = at - start;
    static const char *const ends[] = {"placement-end", "after-side", "castling-next", "after-en-passant",
                                       "halfmove-next", "fullmove-next"};
    if (field == 0) {
        if (on_space || at >= len) {
            set_row(f, "fen", "placement-end");
            return;
        }
        size_t slashes = 0;
        for (size_t i = 0; i < at; i++)
            slashes += t[i] == '/';
        if (t[at] == '/')
            set_row(f, "fen", "rank-full");
        else if (at == 0)
            set_row(f, "fen", "rank-start");
        else if (t[at - 1] == '/')
            set_row(f, "fen", slashes == 7 ? "first-rank" : "next-rank");
        else
            set_row(f, "fen", "in-rank");
        return;
    }
    if (field > 5) {
        set_row(f, "fen", "fullmove-next");
        return;
    }
    if (on_space || (k > 0 && at >= len)) {
        set_row(f, "fen", ends[field]);
        return;
    }
    switch (field) {
    case 1: set_row(f, "fen", k == 0 ? "side" : "after-side"); break;
    case 2: set_row(f, "fen", k == 0 ? "castling" : t[start] == '-' ? "castling-dash" : "castling-next"); break;
    case 3: set_row(f, "fen", k == 0 ? "en-passant" : k == 1 ? "en-passant-rank" : "after-en-passant"); break;
    case 4: set_row(f, "fen", k == 0 ? "halfmove" : k < 5 ? "halfmove-next" : "halfmove-sixth"); break;
    default: set_row(f, "fen", k == 0 ? "fullmove" : k < 5 ? "fullmove-next" : "fullmove-sixth"); break;
    }
}

static void locate_form(gbr_form form, const char *t, size_t len, size_t at, const char *error_class, conform_fault *f)
{
    if (form == GBR_FORM_UNKNOWN)
        form = gbr_detect_form(t, len);
    int promotions = error_class && strcmp(error_class, "promotions") == 0;
    switch (form) {
    case GBR_FORM_MATERIAL:
        if (promotions)
            set_row(f, "material", "end-promotions");
        else
            locate_material(t, len, at, f);
        break;
    case GBR_FORM_STUDY:
        if (promotions)
            set_row(f, "study", "after-promotions");
        else
            locate_study(t, len, at, f);
        break;
    case GBR_FORM_NAME:
        if (promotions)
            set_row(f, "name", at == 0 ? "white-end-promotions" : "black-end-promotions");
        else
            locate_name(t, len, at, f);
        break;
    case GBR_FORM_POSITION:
        if (promotions)
            set_row(f, "position", "promotions");
        else
            locate_position(t, len, at, f);
        break;
    case GBR_FORM_FEN:
        if (promotions)
            set_row(f, "fen", "placement-end-promotions");
        else
            locate_fen(t, len, at, f);
        break;
    default:
        set_row(f, "check", len == 0 ? "empty" : "unknown-form");
        break;
    }
}

void conform_fault_byte_class(const char *text, size_t len, size_t column, char *out, size_t cap)
{
    if (column == 0 || column > len) {
        snprintf(out, cap, "end");
        return;
    }
    const unsigned char *b = (const unsigned char *)text + column - 1;
    size_t left = len - (column - 1);
    unsigned char c = b[0];
    if (c == '0' || c == '9' || c == ' ' || c == '.' || c == '/' || c == '{' || c == '}' || c == '|')
        snprintf(out, cap, "%s", c == ' ' ? "space" : (const char[]){(char)c, 0});
    else if (c >= '1' && c <= '8')
        snprintf(out, cap, "1-8");
    else if (c >= 'a' && c <= 'h')
        snprintf(out, cap, "a-h");
    else if (c == '+' || c == '=' || c == '-')
        snprintf(out, cap, "+ = -");
    else if (c == 0)
        snprintf(out, cap, "NUL");
    else if (c < 0x80)
        snprintf(out, cap, "other < 0x80");
    else {
        /* The block of 64 code points of the UTF-8 character it starts:
         * look-alike spaces (U+00A0) and digits (U+FF10) fall apart. */
        unsigned long cp = 0;
        size_t n = c >= 0xf0 && c < 0xf5 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
        int ok = n > 0 && n <= left;
        for (size_t i = 1; ok && i < n; i++)
            ok = (b[i] & 0xc0) == 0x80;
        if (ok) {
            cp = n == 2 ? c & 0x1fu : n == 3 ? c & 0x0fu : c & 0x07u;
            for (size_t i = 1; i < n; i++)
                cp = cp << 6 | (b[i] & 0x3fu);
            ok = (n == 3 && cp >= 0x800) || (n == 4 && cp >= 0x10000 && cp <= 0x10ffff) || n == 2;
        }
        if (ok)
            snprintf(out, cap, ">= 0x80 (U+%04lX-U+%04lX)", cp & ~0x3ful, cp | 0x3ful);
        else
            snprintf(out, cap, ">= 0x80 (not UTF-8)");
    }
}

/* The row without what tells its piece type or side apart: the same rule
 * broken on the rook's digit or the knight's is one fault. */
static void family_of(const char *row, char *out, size_t cap)
{
    static const char *const dropped[] = {"white", "black", "q", "r", "b", "n"};
    size_t n = 0;
    const char *dot = strchr(row, '.');
    const char *p = row;
    if (dot) {
        size_t head = (size_t)(dot - row) + 1;
        if (head >= cap)
            head = cap - 1;
        memcpy(out, row, head);
        n = head;
        p = dot + 1;
    }
    int first = 1;
    while (*p && n + 1 < cap) {
        size_t w = strcspn(p, "- ");
        int drop = 0;
        for (size_t k = 0; k < sizeof dropped / sizeof dropped[0] && !drop; k++)
            drop = strlen(dropped[k]) == w && memcmp(p, dropped[k], w) == 0;
        if (!drop) {
            if (!first && n + 1 < cap)
                out[n++] = p[-1];
            for (size_t k = 0; k < w && n + 1 < cap; k++)
                out[n++] = p[k];
            first = 0;
        }
        p += w;
        if (*p == ' ')
            break; /* " of B": the same fault as in A */
        if (*p)
            p++;
    }
    out[n] = '\0';
}

void conform_fault_locate(gbr_form form, int pair, const char *text, size_t len, size_t column,
                          const char *error_class, conform_fault *f)
{
    memset(f, 0, sizeof *f);
    if (column == 0)
        return;
    f->column = column;
    f->in = "input";
    size_t at = column - 1;
    conform_fault_byte_class(text, len, column, f->byte, sizeof f->byte);
    if (!pair) {
        locate_form(form, text, len, at, error_class, f);
    } else {
        const char *bar = memchr(text, '|', len);
        size_t a_len = bar ? (size_t)(bar - text) : len;
        if (at < a_len) {
            locate_form(form, text, a_len, at, error_class, f);
        } else if (at == a_len) {
            snprintf(f->row, sizeof f->row, "order.bar");
        } else if (at == a_len + 1 && at >= len) {
            snprintf(f->row, sizeof f->row, "order.second-start");
        } else {
            conform_fault b;
            memset(&b, 0, sizeof b);
            locate_form(form, text + a_len + 1, len - a_len - 1, at - a_len - 1, error_class, &b);
            snprintf(f->row, sizeof f->row, "%.50s of B", b.row);
        }
    }
    family_of(f->row, f->family, sizeof f->family);
}
