/*
 * The cases of the golden vectors (see vectors_cases.h): the case folder's
 * files (spec/vectors/cases/), one case a line, and the sweeps below, which
 * compute theirs. A case keeps what its author states (an invalid case's
 * error class, a seed example's output), never an expected output: the
 * coverage sweeps ask the reference codec only to choose the cases they add,
 * and vectors_writer.c computes every expected output and checks each
 * statement against it.
 */
#define _POSIX_C_SOURCE 200809L

#include "vectors_cases.h"

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "conform_protocol.h"
#include "grow.h"
#include "output.h"

/* ==== Collecting the cases ================================================ */

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

static void add_case(vector_list *list, gbr_level level, const char *id, const char *op, const char *input,
                     const char *fault, const char *expect, const char *comment)
{
    vector *bigger = util_grow(list->items, &list->cap, list->count + 1, sizeof *bigger);
    if (!bigger) {
        list->failed = 1;
        return;
    }
    list->items = bigger;
    vector v = {strdup(id), strdup(op), strdup(input), dup_or_null(fault), dup_or_null(expect), strdup(comment), level};
    if (!v.id || !v.operation || !v.input || !v.comment)
        list->failed = 1;
    list->items[list->count++] = v;
}

/* Where a case file's line goes wrong: FILE:LINE:COLUMN (column of the byte,
 * counted from 1), as every input error of gbr is reported. */
static void case_file_error(const char *path, unsigned long line, size_t column, const char *message)
{
    util_report(path, line, column, message);
}

/* The cases of one file of the case folder (spec/vectors/cases/): one case a
 * line, six tab-separated fields (id, level, operation, escaped input, what
 * the author states, comment), '#' comment lines. `only` is the level the
 * file must hold, or GBR_LEVEL_COUNT for any. What is stated is the error class of
 * an invalid case, or the output of a valid one that its source states (else
 * empty). Returns -1 after saying what is wrong. */
static int add_case_file(vector_list *list, const char *path, gbr_level only)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        util_error(path, "cannot read: %s", strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    unsigned long number = 0;
    int bad = 0;
    ssize_t length;
    while (!bad && (length = getline(&line, &cap, f)) >= 0) {
        number++;
        if (length > 0 && line[length - 1] == '\n')
            line[--length] = '\0';
        if (strlen(line) != (size_t)length) {
            case_file_error(path, number, strlen(line) + 1, "a NUL byte (write it \\x00)");
            bad = 1;
            break;
        }
        if (line[0] == '#' || line[0] == '\0')
            continue;
        char *field[6];
        size_t column[6];
        int n = 0;
        char *at = line;
        while (at && n < 6) {
            field[n] = at;
            column[n++] = (size_t)(at - line) + 1;
            at = strchr(at, '\t');
            if (at)
                *at++ = '\0';
        }
        if (n < 6) {
            case_file_error(path, number, (size_t)length + 1, "too few fields: a case has six, tab-separated");
            bad = 1;
            break;
        }
        if (at) {
            case_file_error(path, number, (size_t)(at - line), "a seventh field: a case has six, tab-separated");
            bad = 1;
            break;
        }
        int valid = strncmp(field[0], "y_", 2) == 0 && field[0][2];
        if (!valid && !(strncmp(field[0], "n_", 2) == 0 && field[0][2])) {
            case_file_error(path, number, column[0], "an id starts with y_ (valid) or n_ (invalid)");
            bad = 1;
            break;
        }
        int level = gbr_level_by_name(field[1], strlen(field[1]));
        if (level < 0 || (only != GBR_LEVEL_COUNT && level != (int)only)) {
            case_file_error(path, number, column[1],
                            only == GBR_LEVEL_COUNT ? "not a level (material, study, position, extensions)"
                                                : "not the level this file holds");
            bad = 1;
            break;
        }
        if (!valid && !field[4][0]) {
            case_file_error(path, number, column[4], "an invalid case names the error class it tests");
            bad = 1;
            break;
        }
        const char *stated = field[4][0] ? field[4] : NULL;
        if (!valid && strncmp(field[4], "error ", 6) == 0) {
            /* A whole answer stated (a checked example of section 12): the
             * class it names is the fault, and the answer is checked too. */
            char fault[64];
            size_t class_length = strcspn(field[4] + 6, " ");
            if (class_length == 0 || class_length >= sizeof fault || field[4][6 + class_length] != ' ') {
                case_file_error(path, number, column[4] + 6 + class_length, "not `error CLASS COLUMN`");
                bad = 1;
                break;
            }
            memcpy(fault, field[4] + 6, class_length);
            fault[class_length] = '\0';
            add_case(list, level, field[0], field[2], field[3], fault, stated, field[5]);
            continue;
        }
        add_case(list, level, field[0], field[2], field[3], valid ? NULL : stated, valid ? stated : NULL, field[5]);
    }
    free(line);
    if (!bad && ferror(f)) {
        util_error(path, "cannot read: %s", strerror(errno));
        bad = 1;
    }
    fclose(f);
    return bad ? -1 : 0;
}

static const char type_letters[] = "QRBNP";
static const char *const type_words[] = {"queen", "rook", "bishop", "knight", "pawn"};

/* printf into a fixed buffer (sweeps build short texts). */
static const char *fmt(char *buf, size_t cap, const char *format, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static const char *fmt(char *buf, size_t cap, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    vsnprintf(buf, cap, format, ap);
    va_end(ap);
    return buf;
}

/* A name with `white` and `black` men of one type (and the kings). */
static void name_of(char *out, int type, int white, int black)
{
    size_t n = 0;
    out[n++] = 'K';
    for (int i = 0; i < white; i++)
        out[n++] = type_letters[type];
    out[n++] = 'v';
    out[n++] = 'K';
    for (int i = 0; i < black; i++)
        out[n++] = type_letters[type];
    out[n] = '\0';
}

/* Boundary sweeps of the material level: every digit on every type, every
 * split 0-3 against 0-3, every pawn count, a ninth pawn on either side. */
static void add_material_sweeps(vector_list *list)
{
    char id[96], input[64], comment[128];
    for (int type = 0; type < 4; type++) {
        for (int digit = 0; digit <= 9; digit++) {
            char code[8] = "0000.00";
            code[type] = (char)('0' + digit);
            add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_%s_digit_%d", type_words[type], digit),
                     "material", code, NULL, NULL,
                     fmt(comment, sizeof comment, "digit %d on %ss", digit, type_words[type]));
            if (digit < 9)
                add_case(list, GBR_LEVEL_MATERIAL,
                         fmt(id, sizeof id, "y_material_name_%s_digit_%d", type_words[type], digit), "material-name",
                         code, NULL, NULL,
                         fmt(comment, sizeof comment, "decoding: %d = %d white + 3 x %d black", digit, digit % 3,
                             digit / 3));
            else
                add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "n_material_name_%s_overflow", type_words[type]),
                         "material-name", code, "name-overflow", NULL,
                         fmt(comment, sizeof comment, "a 9 on %ss has no single split", type_words[type]));
        }
        for (int white = 0; white <= 3; white++)
            for (int black = 0; black <= 3; black++) {
                name_of(input, type, white, black);
                add_case(list, GBR_LEVEL_MATERIAL,
                         fmt(id, sizeof id, "y_name_material_%s_w%d_b%d", type_words[type], white, black),
                         "name-material", input, NULL, NULL,
                         fmt(comment, sizeof comment, "%d white and %d black %ss%s", white, black, type_words[type],
                             white >= 3 || black >= 3 ? ": the 9 rule" : ""));
            }
    }
    for (int side = 0; side < 2; side++) {
        const char *colour = side ? "black" : "white";
        for (int pawns = 0; pawns <= 9; pawns++) {
            char code[8] = "0000.00";
            code[5 + side] = (char)('0' + pawns);
            if (pawns == 9)
                add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "n_material_%s_pawns_9", colour), "material",
                         code,
                         "pawn-count", NULL, fmt(comment, sizeof comment, "a 9 as %s's pawn count", colour));
            else if (pawns > 0 || side == 0)
                add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_%s_pawns_%d", colour, pawns),
                         "material", code, NULL, NULL,
                         fmt(comment, sizeof comment, "%d %s pawns", pawns, colour));
            name_of(input, GBR_PAWN, side ? 0 : pawns, side ? pawns : 0);
            if (pawns == 9)
                add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "n_name_material_%s_ninth_pawn", colour),
                         "name-material", input, "too-many-pawns", NULL,
                         fmt(comment, sizeof comment, "a ninth %s pawn, reported at it", colour));
            else if (pawns > 0)
                add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "y_name_material_%s_pawns_%d", colour, pawns),
                         "name-material", input, NULL, NULL,
                         fmt(comment, sizeof comment, "%d %s pawns", pawns, colour));
        }
    }
    /* A count kept in 8 bits would wrap: 257 queens would read as 1. */
    char many[300];
    many[0] = 'K';
    memset(many + 1, 'Q', 257);
    memcpy(many + 258, "vK", 3);
    add_case(list, GBR_LEVEL_MATERIAL, "n_name_material_promotions_257_queens", "name-material", many, "promotions",
             NULL,
             "257 queens: a count kept in 8 bits would wrap to 1");
    /* Order: one step up in each of the six places of abcdef, both ways. */
    for (int place = 0; place < 6; place++) {
        char low[8] = "3333.33", high[8] = "3333.33";
        int at = place < 4 ? place : place + 1;
        high[at] = '4';
        add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_order_place_%d_less", place + 1),
                 "material-order", fmt(input, sizeof input, "%s|%s", low, high), NULL, NULL,
                 fmt(comment, sizeof comment, "one step up in place %d of abcdef", place + 1));
        add_case(list, GBR_LEVEL_MATERIAL, fmt(id, sizeof id, "y_material_order_place_%d_greater", place + 1),
                 "material-order", fmt(input, sizeof input, "%s|%s", high, low), NULL, NULL,
                 fmt(comment, sizeof comment, "one step down in place %d of abcdef", place + 1));
    }
}

/* Study sweeps: each stipulation with each wrapper, long and short. */
static void add_study_sweeps(vector_list *list)
{
    static const char *const stipulations[] = {"", "+", "="};
    static const char *const stipulation_words[] = {"none", "win", "draw"};
    static const char *const opens[] = {"", "[", "("}, *const closes[] = {"", "]", ")"};
    static const char *const wrapper_words[] = {"bare", "brackets", "parentheses"};
    char id[96], input[64], comment[128];
    for (int s = 0; s < 3; s++)
        for (int w = 0; w < 3; w++)
            for (int shortened = 0; shortened < 2; shortened++) {
                add_case(list, GBR_LEVEL_STUDY,
                         fmt(id, sizeof id, "y_study_%s_%s_%s", stipulation_words[s], wrapper_words[w],
                             shortened ? "short" : "long"),
                         "study",
                         fmt(input, sizeof input, "%s%s0013%sh8a1%s", opens[w], stipulations[s],
                             shortened ? "" : ".21", closes[w]),
                         NULL, NULL,
                         fmt(comment, sizeof comment, "stipulation %s, %s, %s form", stipulation_words[s],
                             wrapper_words[w], shortened ? "short" : "long"));
            }
}

/* Position sweeps: each digit 0-8 on each type as squares, each pawn count,
 * each indicator, each FEN side with each result. */
static void add_position_sweeps(vector_list *list)
{
    static const char *const files = "abcdefgh";
    char id[96], input[256], comment[128];
    for (int type = 0; type < 4; type++)
        for (int digit = 0; digit <= 8; digit++) {
            int white = digit % 3, black = digit / 3;
            char code[8] = "0000.00", field[32] = "";
            code[type] = (char)('0' + digit);
            size_t n = 0;
            for (int i = 0; i < white; i++)
                n += (size_t)snprintf(field + n, sizeof field - n, "%c3", files[i]);
            for (int i = 0; i < black; i++)
                n += (size_t)snprintf(field + n, sizeof field - n, "%c6", files[i]);
            fmt(input, sizeof input, "e1e8 %s%s%s %d/%d.", code, n ? " " : "", field, 1 + white, 1 + black);
            add_case(list, GBR_LEVEL_POSITION, fmt(id, sizeof id, "y_position_%s_digit_%d", type_words[type], digit),
                     "position", input, NULL, NULL,
                     fmt(comment, sizeof comment, "%d white and %d black %ss", white, black, type_words[type]));
            add_case(list, GBR_LEVEL_POSITION, fmt(id, sizeof id, "y_position_fen_%s_digit_%d", type_words[type],
                     digit),
                     "position-fen", input, NULL, NULL,
                     fmt(comment, sizeof comment, "%d white and %d black %ss to FEN", white, black, type_words[type]));
        }
    for (int side = 0; side < 2; side++) {
        const char *colour = side ? "black" : "white";
        for (int pawns = 1; pawns <= 8; pawns++) {
            char code[8] = "0000.00", field[40] = ".";
            code[5 + side] = (char)('0' + pawns);
            for (int i = 0; i < pawns; i++)
                snprintf(field + 1 + 2 * i, sizeof field - 1 - 2 * (size_t)i, "%c%c", files[i], side ? '7' : '2');
            fmt(input, sizeof input, "d1d8 %s %s %d/%d.", code, field, 1 + (side ? 0 : pawns), 1 + (side ? pawns : 0));
            add_case(list, GBR_LEVEL_POSITION, fmt(id, sizeof id, "y_position_%s_pawns_%d", colour, pawns), "position",
                     input, NULL, NULL, fmt(comment, sizeof comment, "%d %s pawns", pawns, colour));
        }
    }
    static const char *const indicators[] = {"", "+", "=", "-+", "-=", " WTM", " BTM"};
    static const char *const indicator_words[] = {"none", "win", "draw", "black_win", "black_draw", "wtm", "btm"};
    for (int i = 0; i < 7; i++) {
        fmt(input, sizeof input, "a7d3 0116.00 b2b3c6d6 3/3%s.", indicators[i]);
        add_case(list, GBR_LEVEL_POSITION, fmt(id, sizeof id, "y_position_indicator_%s", indicator_words[i]),
                 "position",
                 input, NULL, NULL, fmt(comment, sizeof comment, "indicator \"%s\"", indicators[i]));
        add_case(list, GBR_LEVEL_POSITION, fmt(id, sizeof id, "y_position_fen_indicator_%s", indicator_words[i]),
                 "position-fen", input, NULL, NULL,
                 fmt(comment, sizeof comment, "indicator \"%s\" gives the side to move", indicators[i]));
    }
    static const char *const results[] = {"", "-win", "-draw"};
    for (int side = 0; side < 2; side++)
        for (int r = 0; r < 3; r++) {
            fmt(input, sizeof input, "1r2k3/8/8/8/8/8/8/R3K3 %c - - 0 1", side ? 'b' : 'w');
            char op[32];
            fmt(op, sizeof op, "fen-position%s", results[r]);
            add_case(list, GBR_LEVEL_POSITION,
                     fmt(id, sizeof id, "y_fen_position_%s_%s", side ? "black" : "white", r ? results[r] + 1 : "none"),
                     op, input, NULL, NULL,
                     fmt(comment, sizeof comment, "%s to move, result %s", side ? "Black" : "White",
                         r ? results[r] + 1 : "none"));
        }
}

/* ==== The case folder ===================================================== *
 * Every .tsv file of the folder. A level's own file, <level>.tsv, holds the
 * cases written for that level and comes first, then that level's computed
 * sweeps; then the other files (such as cells.tsv, written from the spec's
 * expectation tables), in name order; then the coverage sweeps; last
 * coverage.tsv and examples.tsv, in that order. The order fixes the order of
 * the vector files. */

/* Read after the coverage sweeps, so that a case added to them never takes
 * the place of a case the sweeps compute, and adding one removes no id: the
 * cases of the rules the sweeps do not fill (FEN field variants, the material
 * rule's boundaries), then the checked examples of spec section 12, written
 * by run_examples --cases. */
#define COVERAGE_FILE "coverage.tsv"
#define EXAMPLES_FILE "examples.tsv"
static const char *const files_read_last[] = {COVERAGE_FILE, EXAMPLES_FILE};

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* dir/name/suffix into path, or -1 (said) when it does not fit. */
static int join_path(char *path, size_t cap, const char *dir, const char *name, const char *suffix)
{
    size_t d = strlen(dir), n = strlen(name), x = strlen(suffix);
    if (d + 1 + n + x + 1 > cap) {
        util_error(dir, "path too long");
        return -1;
    }
    memcpy(path, dir, d);
    path[d] = '/';
    memcpy(path + d + 1, name, n);
    memcpy(path + d + 1 + n, suffix, x + 1);
    return 0;
}

static void add_error_sweeps(vector_list *list);
static void add_length_sweeps(vector_list *list);
static void add_digit_sweeps(vector_list *list);

int vectors_collect_cases(vector_list *list, const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        util_error(dir, "cannot read the case folder: %s", strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t count = 0, cap = 0;
    int bad = 0;
    struct dirent *entry;
    while (!bad && (entry = readdir(d)) != NULL) {
        size_t n = strlen(entry->d_name);
        if (entry->d_name[0] == '.' || n < 5 || strcmp(entry->d_name + n - 4, ".tsv") != 0)
            continue;
        char **bigger = util_grow(names, &cap, count + 1, sizeof *bigger);
        if (!bigger) {
            bad = 1;
            break;
        }
        names = bigger;
        if ((names[count] = strdup(entry->d_name)) == NULL)
            bad = 1;
        else
            count++;
    }
    closedir(d);
    if (bad)
        util_command_error("vectors", UTIL_OUT_OF_MEMORY);
    if (count > 1)
        qsort(names, count, sizeof *names, by_name);
    static void (*const sweeps[GBR_LEVEL_COUNT])(vector_list *) = {add_material_sweeps, add_study_sweeps,
                                                               add_position_sweeps, NULL};
    char path[4096];
    for (int level = 0; level < GBR_LEVEL_COUNT && !bad; level++) {
        if (join_path(path, sizeof path, dir, gbr_level_name(level), ".tsv") != 0 ||
            add_case_file(list, path, (gbr_level)level) != 0)
            bad = 1;
        else if (sweeps[level])
            sweeps[level](list);
    }
    for (size_t i = 0; i < count && !bad; i++) {
        int own = 0;
        for (int level = 0; level < GBR_LEVEL_COUNT; level++) {
            const char *name = gbr_level_name((gbr_level)level);
            own |= strlen(names[i]) == strlen(name) + 4 && strncmp(names[i], name, strlen(name)) == 0;
        }
        for (size_t last = 0; last < sizeof files_read_last / sizeof files_read_last[0]; last++)
            own |= strcmp(names[i], files_read_last[last]) == 0;
        if (!own && (join_path(path, sizeof path, dir, names[i], "") != 0 ||
                     add_case_file(list, path, GBR_LEVEL_COUNT) != 0))
            bad = 1;
    }
    if (!bad) {
        add_error_sweeps(list);
        add_length_sweeps(list);
        add_digit_sweeps(list);
    }
    /* The coverage cases, then the spec's checked examples, last: neither
     * takes the place of a case the coverage sweeps compute, so adding one
     * removes no id. */
    for (size_t last = 0; last < sizeof files_read_last / sizeof files_read_last[0]; last++)
        for (size_t i = 0; i < count && !bad; i++)
            if (strcmp(names[i], files_read_last[last]) == 0 &&
                (join_path(path, sizeof path, dir, names[i], "") != 0 ||
                 add_case_file(list, path, GBR_LEVEL_COUNT) != 0))
                bad = 1;
    for (size_t i = 0; i < count; i++)
        free(names[i]);
    free(names);
    return bad ? -1 : 0;
}

/* ==== Coverage sweeps (spec/gbr.md section 13.5) ========================== *
 * Run after every other case is in: each adds a case only where the cases so
 * far leave a place of the coverage rule empty, taking its input from a case
 * that is already there, so a new case has a stable id and the cases written
 * by hand stay the ones that count. The error class and output of a new case
 * come from the reference codec, like every expected output. */

/* The reference codec's answer to op on an escaped input with a raw prefix;
 * returns the status, or -1 when the escape is malformed. */
static int reference_answer(const char *op, const char *prefix, const char *escaped, char *answer)
{
    size_t plen = strlen(prefix);
    char *raw = malloc(plen + strlen(escaped) + 1);
    long len = raw ? conform_unescape(escaped, raw + plen) : -1;
    if (len < 0) {
        free(raw);
        return -1;
    }
    memcpy(raw, prefix, plen);
    int status = conform_answer(gbr_codec_ref(), op, raw, plen + (size_t)len, answer);
    free(raw);
    return status;
}

/* The error class of an "error NAME COLUMN" answer, as a NUL-ended copy. */
static const char *fault_of(const char *answer, char *out, size_t cap)
{
    size_t n = strcspn(answer + 6, " ");
    snprintf(out, cap, "%.*s", (int)n, answer + 6);
    return out;
}

static void underscored(char *out, size_t cap, const char *text)
{
    snprintf(out, cap, "%s", text);
    for (char *c = out; *c; c++)
        if (*c == '-')
            *c = '_';
}

static int has_fault_case(const vector_list *list, const char *op, const char *fault)
{
    for (size_t i = 0; i < list->count; i++)
        if (list->items[i].fault && strcmp(list->items[i].operation, op) == 0 &&
            strcmp(list->items[i].fault, fault) == 0)
            return 1;
    return 0;
}

/* Every error class an operation can report has an invalid case (the list
 * is spec section 13.2's; here it is what the base operations' cases reach).
 * An operation borrows the inputs of a base operation that reads the same
 * forms; an order operation puts the borrowed text as B after a valid A, so
 * that A's own end (a '|') does not change the error. */
static void add_error_sweeps(vector_list *list)
{
    static const struct {
        const char *op, *base, *order_a;
    } borrow[] = {
        {"material-name", "material", ""},
        {"material-order", "material", "0002.01|"},
        {"study-order", "study", "+0020.42c1a1|"},
        {"position-fen", "position", ""},
        {"position-order", "position", "e1e8 0000.00 1/1.|"},
        {"fen-material", "fen-position", ""},
        {"fen-study", "fen-position", ""},
        {"fen-study-win", "fen-position", ""},
        {"fen-study-draw", "fen-position", ""},
        {"fen-position-win", "fen-position", ""},
        {"fen-position-draw", "fen-position", ""},
        {"check", "material", ""},
        {"check", "name-material", ""},
        {"check", "study", ""},
        {"check", "position", ""},
        {"check", "fen-position", ""},
    };
    char answer[CONFORM_ANSWER_MAX + 1], fault[64], want[64], id[160], op_id[64], fault_id[64], comment[256];
    for (size_t b = 0; b < sizeof borrow / sizeof borrow[0]; b++) {
        size_t count = list->count; /* not the cases this loop adds */
        for (size_t i = 0; i < count; i++) {
            const vector *base = &list->items[i];
            if (!base->fault || strcmp(base->operation, borrow[b].base) != 0 ||
                has_fault_case(list, borrow[b].op, base->fault))
                continue;
            snprintf(want, sizeof want, "%s", base->fault);
            /* The first case of the base operation with this fault that keeps it. */
            for (size_t j = i; j < count; j++) {
                const vector *v = &list->items[j];
                if (!v->fault || strcmp(v->operation, borrow[b].base) != 0 || strcmp(v->fault, want) != 0 ||
                    strchr(v->input, '|') ||
                    reference_answer(borrow[b].op, borrow[b].order_a, v->input, answer) != CONFORM_REJECTED ||
                    strcmp(fault_of(answer, fault, sizeof fault), want) != 0)
                    continue;
                size_t alen = strlen(borrow[b].order_a);
                char *input = malloc(alen + strlen(v->input) + 1);
                if (!input) {
                    list->failed = 1;
                    return;
                }
                memcpy(input, borrow[b].order_a, alen);
                strcpy(input + alen, v->input);
                underscored(op_id, sizeof op_id, borrow[b].op);
                underscored(fault_id, sizeof fault_id, want);
                add_case(list, v->level, fmt(id, sizeof id, "n_%s_reports_%s", op_id, fault_id), borrow[b].op,
                         input, want, NULL,
                         fmt(comment, sizeof comment, "%s reports %s: the input of %s%s", borrow[b].op, want, v->id,
                             alen ? " as B" : ""));
                free(input);
                break;
            }
        }
    }
}

static size_t raw_length(const char *escaped)
{
    size_t n = 0;
    for (const char *c = escaped; *c; n++)
        c += c[0] == '\\' ? (c[1] == 'x' ? 4 : 2) : 1;
    return n;
}

/* Inputs of 0, 1 and 2 bytes for every operation: the first bytes of a
 * valid input. */
static void add_length_sweeps(vector_list *list)
{
    static const struct {
        const char *op, *valid;
    } ops[] = {
        {"material", "0116.00"},
        {"name-material", "KRPvKR"},
        {"material-name", "0116.00"},
        {"material-order", "0002.01|0002.00"},
        {"study", "+0020.42c1a1"},
        {"study-order", "+0020.42c1a1|=0020.42c1a1"},
        {"position", "a7d3 0116.00 b2b3c6d6 3/3+."},
        {"position-fen", "a7d3 0116.00 b2b3c6d6 3/3+."},
        {"position-order", "e1e8 0000.00 1/1.|e1e8 0000.00 1/1."},
        {"fen-material", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"fen-study", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"fen-study-win", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"fen-study-draw", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"fen-position", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"fen-position-win", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"fen-position-draw", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
        {"check", "0116.00"},
    };
    char answer[CONFORM_ANSWER_MAX + 1], fault[64], id[160], op_id[64], input[4], comment[160];
    /* Every operation of the protocol has its valid input here. */
    for (size_t k = 0; gbr_operation_at(k); k++) {
        int listed = 0;
        for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
            listed |= strcmp(ops[o].op, gbr_operation_at(k)->name) == 0;
        if (!listed) {
            util_command_error("vectors", "no valid input for the length cases of %s", gbr_operation_at(k)->name);
            list->failed = 1;
        }
    }
    for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        for (size_t length = 0; length <= 2; length++) {
            int found = 0;
            for (size_t i = 0; i < list->count && !found; i++)
                found = strcmp(list->items[i].operation, ops[o].op) == 0 && raw_length(list->items[i].input) == length;
            if (found)
                continue;
            snprintf(input, sizeof input, "%.*s", (int)length, ops[o].valid);
            int status = reference_answer(ops[o].op, "", input, answer);
            underscored(op_id, sizeof op_id, ops[o].op);
            add_case(list, gbr_operation_by_name(ops[o].op, strlen(ops[o].op))->level,
                     fmt(id, sizeof id, "%c_%s_length_%zu", status == CONFORM_REJECTED ? 'n' : 'y', op_id, length),
                     ops[o].op, input, status == CONFORM_REJECTED ? fault_of(answer, fault, sizeof fault) : NULL, NULL,
                     fmt(comment, sizeof comment, "%zu bytes: the start of %s", length, ops[o].valid));
        }
}

/* Does a valid case of op have an output whose material code carries digit
 * on type? (The first "dddd.dd" of the output: the code of every form.) */
static int digit_covered(const vector_list *list, char (*answers)[CONFORM_ANSWER_MAX + 1], size_t answered,
                         const char *op, int type, int digit)
{
    for (size_t i = 0; i < answered; i++) {
        if (list->items[i].fault || strcmp(list->items[i].operation, op) != 0)
            continue;
        const char *a = answers[i];
        for (size_t k = 0; a[k]; k++) {
            size_t d = 0;
            while (d < 7 && a[k + d] && (d == 4 ? a[k + d] == '.' : a[k + d] >= '0' && a[k + d] <= '9'))
                d++;
            if (d == 7 && (k == 0 || a[k - 1] < '0' || a[k - 1] > '9')) {
                if (a[k + (size_t)type] == '0' + digit)
                    return 1;
                break;
            }
        }
    }
    return 0;
}

/* Each material digit 0-9 of each type through every operation that gives
 * a material code from another form: a name, a FEN or (check) a material
 * code with that many men (white + 3 x black, or three white for 9). */
static void add_digit_sweeps(vector_list *list)
{
    const char *ops[32];
    size_t op_count = 0;
    for (size_t k = 0; gbr_operation_at(k) && op_count < sizeof ops / sizeof ops[0]; k++) {
        const gbr_operation *op = gbr_operation_at(k);
        if (!op->pair && (op->input == GBR_FORM_NAME || op->input == GBR_FORM_FEN || op->input == GBR_FORM_UNKNOWN))
            ops[op_count++] = op->name;
    }
    /* Which digits already pass through each operation: the answers so far. */
    size_t answered = list->count;
    char (*answers)[CONFORM_ANSWER_MAX + 1] = calloc(answered ? answered : 1, sizeof *answers);
    if (!answers) {
        list->failed = 1;
        return;
    }
    for (size_t i = 0; i < answered; i++)
        if (reference_answer(list->items[i].operation, "", list->items[i].input, answers[i]) != CONFORM_ACCEPTED)
            answers[i][0] = '\0';
    char id[160], op_id[64], input[96], comment[160];
    for (size_t o = 0; o < op_count; o++)
        for (int type = 0; type < 4; type++)
            for (int digit = 0; digit <= 9; digit++) {
                if (digit_covered(list, answers, answered, ops[o], type, digit))
                    continue;
                int white = digit == 9 ? 3 : digit % 3, black = digit == 9 ? 0 : digit / 3;
                gbr_level level = GBR_LEVEL_MATERIAL;
                if (strcmp(ops[o], "name-material") == 0) {
                    name_of(input, type, white, black);
                } else if (strcmp(ops[o], "check") == 0) {
                    snprintf(input, sizeof input, "0000.00");
                    input[type] = (char)('0' + digit);
                } else { /* a FEN: white men on rank 2 from a2, black on rank 7 from a7 */
                    char rank2[9], rank7[9], upper = type_letters[type], lower = (char)(upper - 'A' + 'a');
                    snprintf(rank2, sizeof rank2, "%.*s%d", white, (char[]){upper, upper, upper, 0}, 8 - white);
                    snprintf(rank7, sizeof rank7, "%.*s%d", black, (char[]){lower, lower, lower, 0}, 8 - black);
                    snprintf(input, sizeof input, "4k3/%s/8/8/8/8/%s/4K3 w - - 0 1", rank7, rank2);
                    level = digit == 9 ? GBR_LEVEL_EXTENSIONS : GBR_LEVEL_POSITION;
                }
                underscored(op_id, sizeof op_id, ops[o]);
                add_case(list, level, fmt(id, sizeof id, "y_%s_%s_digit_%d", op_id, type_words[type], digit), ops[o],
                         input, NULL, NULL,
                         fmt(comment, sizeof comment, "digit %d on %ss: %d white, %d black", digit, type_words[type],
                             white, black));
            }
    free(answers);
}

void vectors_free_cases(vector_list *list)
{
    for (size_t i = 0; i < list->count; i++) {
        vector *v = &list->items[i];
        free(v->id), free(v->operation), free(v->input), free(v->fault), free(v->expect), free(v->comment);
    }
    free(list->items);
}
