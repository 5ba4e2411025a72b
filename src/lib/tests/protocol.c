/*
 * protocol SPEC_FILE: libgbr's table of the protocol's operations against
 * the table of spec/gbr.md §13.2 (every operation there is in the table with
 * its level and input, and nothing else is), and gbr_protocol_answer's
 * answer lines and the calls it refuses, through both codecs.
 *
 * Exits 1 on any failure (each printed), 2 when the spec cannot be read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbr.h"
#include "check.h"

/* The input column's words to the form read and whether it is a pair. */
static void spec_input(const char *cell, gbr_form *form, int *pair)
{
    *pair = strstr(cell, "two ") != NULL;
    *form = strstr(cell, "material name")   ? GBR_FORM_NAME
            : strstr(cell, "material code") ? GBR_FORM_MATERIAL
            : strstr(cell, "study code")    ? GBR_FORM_STUDY
            : strstr(cell, "position form") ? GBR_FORM_POSITION
            : strstr(cell, "FEN")           ? GBR_FORM_FEN
                                            : GBR_FORM_UNKNOWN; /* "any text" */
}

static gbr_result_option result_of_name(const char *name)
{
    size_t n = strlen(name);
    if (n > 4 && strcmp(name + n - 4, "-win") == 0)
        return GBR_RESULT_WIN;
    if (n > 5 && strcmp(name + n - 5, "-draw") == 0)
        return GBR_RESULT_DRAW;
    return GBR_RESULT_NONE;
}

/* Reads §13.2's first table; checks each operation it names. Returns how
 * many it named. */
static size_t check_against_spec(FILE *f, size_t *seen_count, int *seen)
{
    char line[1024];
    int in_section = 0;
    size_t named = 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "### 13.2 ", 9) == 0) {
            in_section = 1;
            continue;
        }
        if (!in_section)
            continue;
        if (strncmp(line, "### ", 4) == 0 || (named && line[0] != '|'))
            break; /* the end of the first table */
        if (line[0] != '|' || line[2] != '`')
            continue;
        /* | `a`, `b` | level | input | output | */
        char *cells[4] = {NULL};
        char *p = line + 1;
        for (int k = 0; k < 4 && p; k++) {
            cells[k] = p;
            /* "\|" inside a cell is no separator */
            char *bar = p;
            while ((bar = strchr(bar, '|')) && bar[-1] == '\\')
                bar++;
            if (bar)
                *bar = '\0';
            p = bar ? bar + 1 : NULL;
        }
        if (!cells[2])
            continue;
        char level_word[32] = "";
        sscanf(cells[1], " %31s", level_word);
        /* check's level is "any": it first appears at the material level */
        int level = strcmp(level_word, "any") == 0 ? GBR_LEVEL_MATERIAL
                                                   : gbr_level_by_name(level_word, strlen(level_word));
        CHECK(level >= 0, "spec 13.2: level '%s' is no level", level_word);
        gbr_form form;
        int pair;
        spec_input(cells[2], &form, &pair);
        for (char *tick = strchr(cells[0], '`'); tick; tick = strchr(tick, '`')) {
            char *end = strchr(tick + 1, '`');
            if (!end)
                break;
            *end = '\0';
            const char *name = tick + 1;
            named++;
            const gbr_operation *op = gbr_operation_by_name(name, strlen(name));
            CHECK(op != NULL, "spec 13.2 names %s: not in libgbr's table", name);
            if (op) {
                CHECK((int)op->level == level, "%s: level %s, spec says %s", name, gbr_level_name(op->level),
                      level_word);
                CHECK(op->input == form && op->pair == pair, "%s: reads form %s%s, spec says %s", name,
                      gbr_form_name(op->input), op->pair ? " (pair)" : "", cells[2]);
                CHECK(op->result == result_of_name(name), "%s: result option %d", name, (int)op->result);
                for (size_t i = 0; gbr_operation_at(i); i++)
                    if (gbr_operation_at(i) == op)
                        seen[i] = 1;
            }
            tick = end + 1;
        }
    }
    *seen_count = named;
    return named;
}

static void answer_is(const gbr_codec *c, const char *name, const char *input, gbr_error error, const char *want)
{
    char out[GBR_ANSWER_MAX];
    const gbr_operation *op = gbr_operation_by_name(name, strlen(name));
    gbr_result r = gbr_protocol_answer(c, op, out, sizeof out, input, strlen(input));
    CHECK(r.error == error && r.length == strlen(want) && memcmp(out, want, r.length) == 0,
          "%s %s(\"%s\"): got %s \"%.*s\", want \"%s\"", c ? gbr_codec_name(c) : "default", name, input,
          gbr_error_name(r.error), (int)(r.length <= sizeof out ? r.length : 0), out, want);
}

static void answers(const gbr_codec *c)
{
    answer_is(c, "material", "0116", GBR_OK, "0116.00");
    answer_is(c, "check", "0116.00", GBR_OK, "material 0116.00");
    answer_is(c, "check", "KRPvKR", GBR_OK, "name KRPvKR");
    answer_is(c, "fen-study-draw", "6n1/8/2p4P/8/8/r1p3K1/B7/4B1k1 w - - 0 1", GBR_OK, "=0323.12g3g1");
    answer_is(c, "fen-position-win", "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1", GBR_OK, "a7d3 0116.00 b2b3c6d6 3/3+.");
    answer_is(c, "material-name", "0900.00", GBR_E_NAME_OVERFLOW, "error name-overflow 2");
    answer_is(c, "material-order", "0002.01|0002.00", GBR_OK, ">");
    answer_is(c, "material-order", "0002.00|0002.00", GBR_OK, "=");
    answer_is(c, "study-order", "+0020.42c1a1|=0020.42c1a1", GBR_OK, "<");
    /* B's columns count in the whole input; a valid A without '|' is truncated after it */
    answer_is(c, "material-order", "0002.01|0002.0x", GBR_E_EXPECTED_DIGIT, "error expected-digit 15");
    answer_is(c, "position-order", "e1e8 0000.00 1/1.", GBR_E_TRUNCATED, "error truncated 18");
    answer_is(c, "material-order", "", GBR_E_EMPTY, "error empty 1");
    answer_is(c, "check", "xyz", GBR_E_UNKNOWN_FORM, "error unknown-form 1");
}

static void refusals(void)
{
    char out[GBR_ANSWER_MAX];
    memset(out, 'Z', sizeof out);
    const gbr_operation *material = gbr_operation_by_name("material", 8);
    gbr_operation copy = *material; /* not the table's own: says nothing of how to answer */
    gbr_result r = gbr_protocol_answer(NULL, &copy, out, sizeof out, "0000.00", 7);
    CHECK(r.error == GBR_E_ARGUMENT && r.length == 0 && out[0] == 'Z', "a copy of an entry: %s",
          gbr_error_name(r.error));
    r = gbr_protocol_answer(NULL, NULL, out, sizeof out, "0000.00", 7);
    CHECK(r.error == GBR_E_ARGUMENT && r.length == 0 && out[0] == 'Z', "NULL operation: %s", gbr_error_name(r.error));
    r = gbr_protocol_answer(NULL, material, out, sizeof out, NULL, 3);
    CHECK(r.error == GBR_E_ARGUMENT && r.length == 0 && out[0] == 'Z', "NULL input: %s", gbr_error_name(r.error));
    r = gbr_protocol_answer(NULL, material, NULL, 4, "0000.00", 7);
    CHECK(r.error == GBR_E_ARGUMENT && r.length == 0, "NULL dst: %s", gbr_error_name(r.error));
    r = gbr_protocol_answer(NULL, material, out, 6, "0000.00", 7);
    CHECK(r.error == GBR_E_BUFFER_TOO_SMALL && r.length == 7 && out[0] == 'Z', "6 bytes for 0000.00: %s %zu",
          gbr_error_name(r.error), r.length);
    r = gbr_protocol_answer(NULL, material, out, 10, "0000.0x", 7);
    CHECK(r.error == GBR_E_BUFFER_TOO_SMALL && r.length == strlen("error expected-digit 7") && out[0] == 'Z',
          "10 bytes for an error line: %s %zu", gbr_error_name(r.error), r.length);
    r = gbr_protocol_answer(NULL, material, NULL, 0, "", 0);
    CHECK(r.error == GBR_E_BUFFER_TOO_SMALL && r.length == strlen("error empty 1"), "no dst: %s",
          gbr_error_name(r.error));
    CHECK(gbr_operation_by_name("material-", 9) == NULL && gbr_operation_by_name("materia", 7) == NULL &&
              gbr_operation_by_name(NULL, 0) == NULL,
          "gbr_operation_by_name takes a prefix or NULL");
    CHECK(gbr_level_name((gbr_level)GBR_LEVEL_COUNT) == NULL && gbr_level_by_name("extension", 9) == -1 &&
              gbr_level_by_name("extensions", 10) == GBR_LEVEL_EXTENSIONS && gbr_level_by_name(NULL, 0) == -1,
          "level names");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: lib_protocol SPEC_FILE\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "r");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    int seen[64] = {0};
    size_t table_size = 0;
    while (gbr_operation_at(table_size))
        table_size++;
    size_t named = 0;
    check_against_spec(f, &named, seen);
    fclose(f);
    CHECK(named > 0, "spec 13.2: no operations found");
    for (size_t i = 0; i < table_size && i < 64; i++)
        CHECK(seen[i], "libgbr's table has %s, spec 13.2 does not", gbr_operation_at(i)->name);
    answers(gbr_codec_ref());
    answers(gbr_codec_fast());
    answers(NULL);
    refusals();
    printf("%zu operations of spec 13.2 against libgbr's %zu, %d failures\n", named, table_size, failures);
    return failures ? 1 : 0;
}
