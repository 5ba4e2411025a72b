/*
 * The movetext walk: each case is movetext, where it starts, and the tokens
 * the walk must hand on, written as
 *   MOVE[/SUFFIX]@LINE:COLUMN:DEPTH   a move
 *   (@LINE:COLUMN:DEPTH               a variation's start
 *   )@LINE:COLUMN:DEPTH               its end
 * separated by spaces. Each movetext is copied into a buffer of exactly its
 * length, so that a read past it is caught under ASan; each token's offset
 * is checked against its text.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pgn_movetext.h"

typedef struct record {
    char out[4096];
    size_t n;
    const char *base;
    int bad_offset;
    int stop_after; /* stop the walk after this many tokens (0: never) */
    int seen;
} record;

static int visit(void *context, const pgn_movetext_token *t)
{
    record *r = context;
    if (t->text != r->base + t->offset)
        r->bad_offset = 1;
    char token[256];
    if (t->kind == PGN_MOVETEXT_MOVE)
        snprintf(token, sizeof token, "%.*s%s%.*s@%lu:%lu:%lu", (int)t->length, t->text,
                 t->suffix_length ? "/" : "", (int)t->suffix_length, t->suffix_length ? t->suffix : "", t->line,
                 t->column, t->depth);
    else
        snprintf(token, sizeof token, "%c@%lu:%lu:%lu", t->kind == PGN_MOVETEXT_VARIATION_START ? '(' : ')',
                 t->line, t->column, t->depth);
    r->n += (size_t)snprintf(r->out + r->n, sizeof r->out - r->n, "%s%s", r->n ? " " : "", token);
    return ++r->seen == r->stop_after ? 7 : 0;
}

static int failures;

static void check(const char *movetext, unsigned long line, unsigned long column, const char *expected)
{
    size_t len = strlen(movetext);
    char *copy = malloc(len ? len : 1);
    if (!copy)
        abort();
    memcpy(copy, movetext, len);
    record r = {.base = copy};
    int status = pgn_movetext_walk(copy, len, line, column, visit, &r);
    if (status != 0 || strcmp(r.out, expected) != 0 || r.bad_offset) {
        printf("FAIL: movetext \"%s\" at %lu:%lu\n  expected: %s\n  got:      %s%s (status %d)\n", movetext, line,
               column, expected, r.out, r.bad_offset ? " (an offset does not match its text)" : "", status);
        failures++;
    }
    free(copy);
}

int main(void)
{
    int cases = 0;
#define CHECK(text, line, column, expected) (check(text, line, column, expected), cases++)
    /* Moves, move numbers, results. */
    CHECK("1. e4 e5 2. Nf3 1-0", 1, 1, "e4@1:4:0 e5@1:7:0 Nf3@1:13:0");
    CHECK("1.e4 e5 2.Nf3 Nc6 *", 1, 1, "e4@1:3:0 e5@1:6:0 Nf3@1:11:0 Nc6@1:15:0");
    CHECK("12... Kg7 13. Rxe8+ Kxe8 0-1", 1, 1, "Kg7@1:7:0 Rxe8+@1:15:0 Kxe8@1:21:0");
    CHECK("1. e4 1/2-1/2", 1, 1, "e4@1:4:0");
    CHECK("1-0", 1, 1, "");
    CHECK("1. e4 e5 1/2", 1, 1, "e4@1:4:0 e5@1:7:0");
    CHECK("1. d4 0000 2. c4 00 0", 1, 1, "d4@1:4:0 0000@1:7:0 c4@1:15:0");
    CHECK("", 1, 1, "");
    /* Every move form is handed on as written. */
    CHECK("O-O 0-0-0 e8=Q+ e7e8q Ng1-f3 -- Z0 Qh4xe1#", 1, 1,
          "O-O@1:1:0 0-0-0@1:5:0 e8=Q+@1:11:0 e7e8q@1:17:0 Ng1-f3@1:23:0 --@1:30:0 Z0@1:33:0 Qh4xe1#@1:36:0");
    /* The en-passant marks are no moves. */
    CHECK("exd6 e.p. Nf3 exd6 ep Kh1 e5xd6 e.p Kg2", 1, 1,
          "exd6@1:1:0 Nf3@1:11:0 exd6@1:15:0 Kh1@1:23:0 e5xd6@1:27:0 Kg2@1:37:0");
    /* Suffixes, written on the move or apart from it; alone they are skipped. */
    CHECK("1. e4!? e5 ?! 2. Nf3!! Nc6?? 3. Bb5! a6 ?", 1, 1,
          "e4/!?@1:4:0 e5/?!@1:9:0 Nf3/!!@1:18:0 Nc6/??@1:24:0 Bb5/!@1:33:0 a6/?@1:38:0");
    CHECK("{x} !? e4", 1, 1, "e4@1:8:0");
    /* NAGs, '*', stray bytes. */
    CHECK("1. e4 $1 $14 e5 $ Nf3 * [ ]  . Nc6", 1, 1, "e4@1:4:0 e5@1:14:0 Nf3@1:19:0 Nc6@1:32:0");
    /* Brace comments: any bytes, ( ) ; % [ inside, several lines; the first
     * '}' ends them; a comment open at the end runs to it. */
    CHECK("e4 {a (b) ; c [%clk 0:10:00] { d} e5", 1, 1, "e4@1:1:0 e5@1:35:0");
    CHECK("e4 {one\ntwo\nthree} e5\nNf3", 1, 1, "e4@1:1:0 e5@3:8:0 Nf3@4:1:0");
    CHECK("e4 {open to the end e5", 1, 1, "e4@1:1:0");
    CHECK("e4 }e5", 1, 1, "e4@1:1:0 e5@1:5:0");
    /* ';' comments to the end of the line. */
    CHECK("e4 ; e5 (d4) {\nNf3", 1, 1, "e4@1:1:0 Nf3@2:1:0");
    CHECK("e4 ;no newline e5", 1, 1, "e4@1:1:0");
    /* Escape lines: '%' in column 1 only. */
    CHECK("e4\n%e5 {\nNf3 % Nc6", 1, 1, "e4@1:1:0 Nf3@3:1:0 Nc6@3:7:0");
    CHECK("%e4 e5", 1, 1, "");
    CHECK("%e4 e5", 1, 2, "e4@1:3:0 e5@1:6:0");
    CHECK("e4\n  %e5", 1, 1, "e4@1:1:0 e5@2:4:0");
    /* Where the movetext starts: the first line from its column, the
     * others from 1; CR is a byte of its line. */
    CHECK("e4 e5\r\nNf3", 7, 30, "e4@7:30:0 e5@7:33:0 Nf3@8:1:0");
    CHECK("\n\n  d4", 5, 9, "d4@7:3:0");
    /* Variations, nested, one after another. */
    CHECK("1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5", 1, 1,
          "e4@1:4:0 (@1:7:1 d4@1:11:1 d5@1:14:1 (@1:17:2 Nf6@1:23:2 c4@1:30:2 )@1:32:2 c4@1:37:1 )@1:39:1 "
          "(@1:41:1 c4@1:45:1 )@1:47:1 e5@1:49:0");
    CHECK("e4 (d4 (c4 (Nf3) ) ) e5", 1, 1,
          "e4@1:1:0 (@1:4:1 d4@1:5:1 (@1:8:2 c4@1:9:2 (@1:12:3 Nf3@1:13:3 )@1:16:3 )@1:18:2 )@1:20:1 e5@1:22:0");
    /* A ')' without its '(' is skipped; a variation left open has no end. */
    CHECK("e4 ) e5 (d4", 1, 1, "e4@1:1:0 e5@1:6:0 (@1:9:1 d4@1:10:1");
    /* Results inside a variation are no moves either. */
    CHECK("e4 (d4 1-0) *", 1, 1, "e4@1:1:0 (@1:4:1 d4@1:5:1 )@1:11:1");
    /* A comment and a NAG between a move and its variation. */
    CHECK("e4 {best} $1 (d4 {also; (good)}) e5", 1, 1, "e4@1:1:0 (@1:14:1 d4@1:15:1 )@1:32:1 e5@1:34:0");
    /* A symbol keeps going through the standard's continuation bytes. */
    CHECK("Nf3:e5 a1_b2 e4/e5", 1, 1, "Nf3:e5@1:1:0 a1_b2@1:8:0 e4/e5@1:14:0");

    /* The visitor stops the walk: its value comes back, no more tokens. */
    {
        const char *text = "e4 (d4) e5";
        record r = {.base = text, .stop_after = 2};
        int status = pgn_movetext_walk(text, strlen(text), 1, 1, visit, &r);
        cases++;
        if (status != 7 || strcmp(r.out, "e4@1:1:0 (@1:4:1") != 0) {
            printf("FAIL: a stopped walk gave status %d and %s\n", status, r.out);
            failures++;
        }
    }
    /* Bytes past the length are never read: the length cuts "e4 e5". */
    {
        const char *text = "e4 e5";
        record r = {.base = text};
        pgn_movetext_walk(text, 4, 1, 1, visit, &r);
        cases++;
        if (strcmp(r.out, "e4@1:1:0 e@1:4:0") != 0) {
            printf("FAIL: a cut movetext gave %s\n", r.out);
            failures++;
        }
    }
    printf("pgn_movetext_walk: %d cases, %d failures\n", cases, failures);
    return failures ? 1 : 0;
}
