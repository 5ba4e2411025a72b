/*
 * The golden-vectors writer (see vectors_writer.h and spec/gbr.md section
 * 13.5): the reference codec's answers to the cases vectors_cases.c
 * collects, and the files.
 *
 * The expected outputs are never written by hand: each is computed by
 * conform_answer() over gbr_codec_ref(). What a case's author states is
 * cross-checked instead: an invalid case names the one error class it tests
 * and a seed example names the output its source text gives, and generation
 * stops when the reference codec disagrees.
 */
#define _POSIX_C_SOURCE 200809L

#include "vectors_writer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "conform_protocol.h"
#include "gbr.h"
#include "exit_status.h"
#include "gen.h"
#include "output.h"
#include "vectors_cases.h"

/* ==== Computing and checking ============================================== */

static int checked_answer(const vector *v, char *answer, int *status)
{
    size_t cap = strlen(v->input) + 1;
    char *raw = malloc(cap);
    long len = raw ? conform_unescape(v->input, raw) : -1;
    if (len < 0) {
        util_command_error("vectors", "%s: malformed input escape", v->id);
        free(raw);
        return -1;
    }
    *status = conform_answer(gbr_codec_ref(), v->operation, raw, (size_t)len, answer);
    free(raw);
    if (*status == CONFORM_UNKNOWN_OP) {
        util_command_error("vectors", "%s: unknown operation %s", v->id, v->operation);
        return -1;
    }
    int invalid_id = strncmp(v->id, "n_", 2) == 0;
    if (!invalid_id && strncmp(v->id, "y_", 2) != 0) {
        util_command_error("vectors", "%s: an id starts with y_ or n_", v->id);
        return -1;
    }
    if ((v->fault != NULL) != invalid_id) {
        util_command_error("vectors", "%s: an n_ case names its fault, a y_ case none", v->id);
        return -1;
    }
    if (invalid_id != (*status == CONFORM_REJECTED)) {
        util_command_error("vectors", "%s: the reference codec %s %s (%s)", v->id,
                *status == CONFORM_REJECTED ? "rejects" : "accepts", v->input, answer);
        return -1;
    }
    if (invalid_id) {
        size_t n = strlen(v->fault);
        if (strncmp(answer + 6, v->fault, n) != 0 || answer[6 + n] != ' ') {
            util_command_error("vectors", "%s: the case tests %s, the reference codec says %s", v->id, v->fault,
                    answer);
            return -1;
        }
    }
    if (v->expect && strcmp(v->expect, answer) != 0) {
        util_command_error("vectors", "%s: the source says %s, the reference codec says %s", v->id, v->expect,
                answer);
        return -1;
    }
    return 0;
}

/* ==== The TSV form of a level (spec/gbr.md section 13.1) ================== */

static const char *const how_chosen[GBR_LEVEL_COUNT] = {
    "# How the cases were chosen: every example of the seeds' texts as they state it\n"
    "# (y_*_seed_*); every digit 0-9 on every type, encoded and decoded; every split\n"
    "# of 0-3 white against 0-3 black men of each type (the 9 rule by count); every\n"
    "# pawn count 0-8 and a 9 from either side; short and long forms; the section 2.4\n"
    "# promotion boundaries; one step in each place of the order number; and one\n"
    "# invalid case (n_) for each fault section 9.3 names for material codes and names.\n",
    "# How the cases were chosen: the seeds' study codes; each stipulation with each\n"
    "# wrapper in short and long form; kings at the corners; the study order's keys\n"
    "# one at a time; and one invalid case (n_) for each fault section 9.3 names for study\n"
    "# codes, including the characters between '+' and '=' that are no stipulation.\n",
    "# How the cases were chosen: the seeds' position forms; every digit 0-8 on every\n"
    "# type as squares and as FEN; every pawn count; every indicator both ways; each\n"
    "# side to move with each result from FEN; the FEN fields' boundaries; the\n"
    "# position order's keys one at a time; and one invalid case (n_) for each fault\n"
    "# section 9.3 names for position forms and FEN.\n",
    "# How the cases were chosen: section 5's example; a group for each type, with empty\n"
    "# lists on either side, before and after ordinary squares, two groups, with\n"
    "# pawns; FEN with three or more of a type both ways; the order of 9-types; and\n"
    "# one invalid case (n_) for each fault section 9.3 names for groups.\n",
};

/* The header lines every level shares, after its own. */
static const char how_chosen_all[] =
    "# And n_cell_*: an invalid case for each error a cell of the section 9.4 expectation\n"
    "# tables names (spec/vectors/cases/cells.tsv). And where the cases above leave a place\n"
    "# of section 13.5's coverage of the operations empty: n_OP_reports_ERROR for each\n"
    "# error an operation can report, [yn]_OP_length_N for inputs of 0-2 bytes, and\n"
    "# y_OP_TYPE_digit_D for each digit of each type through the operations giving a code.\n"
    "# Then the FEN field variants through every FEN operation, the material rule's\n"
    "# boundaries through each of its entry paths, the readings of sections 9.3 and 10,\n"
    "# square order, the promotion boundary of each type, order by Black's squares and\n"
    "# UTF-8 look-alike white space (spec/vectors/cases/coverage.tsv).\n"
    "# Last [yn]_ex_SECTION_N: the checked examples of section 12, each with the output it\n"
    "# states (spec/vectors/cases/examples.tsv).\n";

/* The buffer of the file being written (one at a time). */
static char file_buffer[1 << 16];

static int write_level(const char *dir, gbr_level level, const vector_list *list,
                       char (*answers)[CONFORM_ANSWER_MAX + 1])
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.tsv", dir, gbr_level_name(level));
    util_sink file, *f = &file;
    if (util_sink_open(f, path, file_buffer, sizeof file_buffer) != 0) {
        util_command_error("vectors", "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    unsigned long valid = 0, invalid = 0;
    for (size_t i = 0; i < list->count; i++)
        if (list->items[i].level == level)
            *(list->items[i].fault ? &invalid : &valid) += 1;
    util_putf(f,
              "# " GBR_SPEC_VERSION " golden vectors, level %s. Written by `gbr vectors` (src/kit/vectors_writer.c)\n"
               "# with the reference codec: do not edit; regenerate with `gbr vectors --out spec/vectors`.\n"
               "# Format and protocol: spec/gbr.md section 13. One case a line, 7 tab-separated fields:\n"
               "# id, level, result, operation, input, expected, comment. In input and expected, bytes\n"
               "# outside 0x20-0x7e are written \\xHH and a backslash is written \\\\.\n",
            gbr_level_name(level));
    util_put(f, how_chosen[level]);
    util_put(f, how_chosen_all);
    util_putf(f, "# Cases: %lu (valid %lu, invalid %lu, implementation-defined 0).\n", valid + invalid, valid, invalid);
    char escaped[4 * (CONFORM_ANSWER_MAX + 1) + 1];
    for (size_t i = 0; i < list->count; i++) {
        const vector *v = &list->items[i];
        if (v->level != level)
            continue;
        conform_escape(answers[i], strlen(answers[i]), escaped);
        util_putf(f, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", v->id, gbr_level_name(level), v->fault ? "invalid" : "valid",
                v->operation, v->input, escaped, v->comment);
    }
    if (util_sink_close(f) != 0) {
        util_command_error("vectors", "cannot write %s", path);
        return -1;
    }
    return 0;
}

/* ==== The JSON form of a level (spec/gbr.md section 13.1) ================= */

/* A JSON string in the one spelling every --json output uses. */
static void put_json_text(util_sink *f, const char *s) { util_put_json_raw(f, s, strlen(s)); }

/* The flags a case carries, besides its error class (spec section 13.1 lists
 * them; notes[] is their description in the file). */
static const char *const flag_notes[][2] = {
    {"order", "an order operation: two texts A|B"},
    {"empty", "the input is empty (0 bytes)"},
    {"control", "the input holds a control byte (0x00-0x1f or 0x7f)"},
    {"non-ascii", "the input holds a byte 0x80-0xff"},
    {"cell", "an n_cell_ case: an error named by a cell of the section 9.4 expectation tables"},
    {"seed", "the expected output is the one its source text states"},
};

static int has_byte(const char *raw, size_t len, int (*pick)(unsigned char))
{
    for (size_t i = 0; i < len; i++)
        if (pick((unsigned char)raw[i]))
            return 1;
    return 0;
}
static int is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }
static int is_high(unsigned char c) { return c >= 0x80; }

static int write_level_json(const char *dir, gbr_level level, const vector_list *list,
                            char (*answers)[CONFORM_ANSWER_MAX + 1], unsigned long tests)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/json/%s.json", dir, gbr_level_name(level));
    util_sink file, *f = &file;
    if (util_sink_open(f, path, file_buffer, sizeof file_buffer) != 0) {
        util_command_error("vectors", "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    util_putf(f, "{\n  \"$schema\": \"../vectors.schema.json\",\n  \"format\": \"GBR vectors\",\n"
               "  \"specVersion\": \"" GBR_SPEC_NUMBER "\",\n  \"level\": \"%s\",\n"
               "  \"generatedBy\": \"gbr vectors (src/kit/vectors_writer.c) with the reference codec, in the same run "
               "as %s.tsv: do not edit\",\n  \"numberOfTests\": %lu,\n  \"header\": [",
            gbr_level_name(level), gbr_level_name(level), tests);
    /* The TSV header's "How the cases were chosen" lines, without the "# ". */
    const char *const texts[] = {how_chosen[level], how_chosen_all};
    int first = 1;
    for (size_t t = 0; t < 2; t++)
        for (const char *line = texts[t]; *line; first = 0) {
            const char *end = strchr(line, '\n');
            util_put(f, first ? "\n    " : ",\n    ");
            util_put_json_raw(f, line + 2, (size_t)(end - line - 2));
            line = end + 1;
        }
    util_put(f, "\n  ],\n  \"notes\": {\n"
                "    \"error:NAME\": \"an invalid case: NAME is the error class of its expected output (section 9.2)\"");
    for (size_t n = 0; n < sizeof flag_notes / sizeof flag_notes[0]; n++) {
        util_putf(f, ",\n    \"%s\": ", flag_notes[n][0]);
        put_json_text(f, flag_notes[n][1]);
    }
    util_put(f, "\n  },\n  \"tests\": [");
    static const char hex[] = "0123456789abcdef";
    char escaped[4 * (CONFORM_ANSWER_MAX + 1) + 1];
    int bad = 0;
    first = 1;
    for (size_t i = 0; i < list->count; i++) {
        const vector *v = &list->items[i];
        if (v->level != level)
            continue;
        char *raw = malloc(strlen(v->input) + 1);
        long len = raw ? conform_unescape(v->input, raw) : -1;
        if (len < 0) { /* checked_answer has read every input already */
            free(raw);
            bad = 1;
            break;
        }
        util_put(f, first ? "\n    {\"id\": " : ",\n    {\"id\": ");
        first = 0;
        put_json_text(f, v->id);
        util_putf(f, ", \"result\": \"%s\", \"operation\": ", v->fault ? "invalid" : "valid");
        put_json_text(f, v->operation);
        util_put(f, ", \"input\": ");
        put_json_text(f, v->input);
        util_put(f, ", \"inputHex\": \"");
        for (long b = 0; b < len; b++)
            util_putc(f, hex[(unsigned char)raw[b] >> 4]), util_putc(f, hex[(unsigned char)raw[b] & 15u]);
        util_put(f, "\", \"expected\": ");
        conform_escape(answers[i], strlen(answers[i]), escaped);
        put_json_text(f, escaped);
        util_put(f, ", \"comment\": ");
        put_json_text(f, v->comment);
        util_put(f, ", \"flags\": [");
        const char *sep = "";
        if (v->fault) { /* "error NAME COLUMN": the class checked_answer compared with the fault */
            util_put(f, "\"error:");
            util_write(f, answers[i] + 6, strcspn(answers[i] + 6, " "));
            util_putc(f, '"');
            sep = ", ";
        }
        const int flagged[] = {
            strlen(v->operation) > 6 && strcmp(v->operation + strlen(v->operation) - 6, "-order") == 0,
            len == 0,
            has_byte(raw, (size_t)len, is_control),
            has_byte(raw, (size_t)len, is_high),
            strncmp(v->id, "n_cell_", 7) == 0,
            v->expect != NULL,
        };
        for (size_t n = 0; n < sizeof flagged / sizeof flagged[0]; n++)
            if (flagged[n]) {
                util_putf(f, "%s\"%s\"", sep, flag_notes[n][0]);
                sep = ", ";
            }
        util_put(f, "]}");
        free(raw);
    }
    util_put(f, "\n  ]\n}\n");
    if (util_sink_close(f) != 0 || bad) {
        util_command_error("vectors", "cannot write %s", path);
        return -1;
    }
    return 0;
}

/* ==== The fuzz harnesses' seed corpus ===================================== */

/* The fuzz harness surface an operation's input feeds. */
static const char *surface_of(const char *operation, const char *raw, size_t len)
{
    if (strcmp(operation, "check") == 0) {
        switch (gbr_detect_form(raw, len)) {
        case GBR_FORM_STUDY: return "study";
        case GBR_FORM_POSITION: return "position";
        case GBR_FORM_FEN: return "fen";
        case GBR_FORM_NAME: return "name";
        default: return "material";
        }
    }
    if (strncmp(operation, "fen-", 4) == 0)
        return "fen";
    if (strncmp(operation, "name-", 5) == 0)
        return "name";
    if (strncmp(operation, "study", 5) == 0)
        return "study";
    if (strncmp(operation, "position", 8) == 0)
        return "position";
    return "material";
}

static int make_dir(const char *path)
{
    if (mkdir(path, 0777) != 0 && errno != EEXIST) {
        util_command_error("vectors", "cannot create %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* A seed ends with the two option bytes every fuzz harness reads from the
 * end of its input (fuzz/fuzz_data.h): a capacity byte (0xFF: as often as
 * not room enough), then the options byte, whose low bits % 3 are the FEN
 * result option. */
static int write_seed(const char *dir, const char *surface, const char *name, const char *raw, size_t len,
                      const char *operation)
{
    const gbr_operation *op = gbr_operation_by_name(operation, strlen(operation));
    const unsigned char options[2] = {0xFF, (unsigned char)(op ? op->result : GBR_RESULT_NONE)};
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, surface);
    if (make_dir(path) != 0)
        return -1;
    snprintf(path, sizeof path, "%s/%s/%s", dir, surface, name);
    util_sink file, *f = &file;
    if (util_sink_open(f, path, file_buffer, sizeof file_buffer) != 0) {
        util_command_error("vectors", "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    util_write(f, raw, len);
    util_write(f, options, 2);
    if (util_sink_close(f) != 0) {
        util_command_error("vectors", "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

/* Generated seeds of each surface from the generator library (src/gen),
 * with a fixed seed so the files are the same on every run: half written by
 * hand from counts that may break the rules, half through the reference
 * codec (valid variants), a third of each mutated. */
#define GENERATED_SEEDS 32

static int write_generated_seeds(const char *dir)
{
    static const struct {
        const char *surface, *operation;
        gen_form form;
    } surfaces[] = {{"material", "material", GEN_MATERIAL}, {"study", "study", GEN_STUDY},
                    {"position", "position", GEN_POSITION}, {"fen", "fen-position-win", GEN_FEN},
                    {"name", "name-material", GEN_NAME}};
    gen_rng rng;
    gen_seed(&rng, 0x6762722d73656564u);
    for (size_t s = 0; s < sizeof surfaces / sizeof surfaces[0]; s++) {
        for (int k = 0; k < GENERATED_SEEDS; k++) {
            gen_bytes t = {0, {0}};
            if (k % 2 == 0) {
                gbr_counts c;
                gbr_position p;
                gen_any_counts(&rng, &c, gen_below(&rng, 4) ? 6 : 14);
                switch (surfaces[s].form) {
                case GEN_MATERIAL: gen_write_material(&rng, &t, &c); break;
                case GEN_STUDY: gen_write_study(&rng, &t, &c); break;
                case GEN_NAME: gen_write_name(&t, &c); break;
                default:
                    if (!gen_board(&rng, &p, &c))
                        break;
                    if (surfaces[s].form == GEN_FEN)
                        gen_write_fen(&rng, &t, &p);
                    else
                        gen_write_position(&t, &p);
                    break;
                }
            } else {
                t.len = gen_valid_text(&rng, gbr_codec_ref(), surfaces[s].form, (char *)t.data);
            }
            if (k % 3 == 2)
                gen_mutate(&rng, &t);
            char name[64];
            snprintf(name, sizeof name, "gen-%s-%02d", surfaces[s].surface, k);
            if (write_seed(dir, surfaces[s].surface, name, (const char *)t.data, t.len, surfaces[s].operation) != 0)
                return -1;
        }
    }
    return 0;
}

static int write_fuzz_corpus(const char *dir, const vector_list *list)
{
    if (make_dir(dir) != 0)
        return -1;
    for (size_t i = 0; i < list->count; i++) {
        const vector *v = &list->items[i];
        char *raw = malloc(strlen(v->input) + 1);
        long len = raw ? conform_unescape(v->input, raw) : -1;
        int status = len < 0 ? -1 : 0;
        const char *bar = len > 0 && strstr(v->operation, "-order") ? memchr(raw, '|', (size_t)len) : NULL;
        if (status == 0 && bar) { /* an order case: each text is a seed */
            char name[160];
            size_t first = (size_t)(bar - raw);
            const char *surface = surface_of(v->operation, raw, first);
            snprintf(name, sizeof name, "%s.1", v->id);
            status = write_seed(dir, surface, name, raw, first, v->operation);
            snprintf(name, sizeof name, "%s.2", v->id);
            if (status == 0)
                status = write_seed(dir, surface, name, bar + 1, (size_t)len - first - 1, v->operation);
        } else if (status == 0) {
            status = write_seed(dir, surface_of(v->operation, raw, (size_t)len), v->id, raw, (size_t)len, v->operation);
        }
        free(raw);
        if (status != 0)
            return -1;
    }
    return write_generated_seeds(dir);
}

/* ==== The run ============================================================= */

int vectors_write(const vectors_options *opt)
{
    const char *out_dir = opt->out_dir, *cases_dir = opt->cases_dir;
    char default_cases[4096];
    if (!cases_dir) {
        snprintf(default_cases, sizeof default_cases, "%s/cases", out_dir);
        cases_dir = default_cases;
    }
    vector_list list = {NULL, 0, 0, 0};
    if (vectors_collect_cases(&list, cases_dir) != 0) {
        vectors_free_cases(&list);
        return UTIL_EXIT_INPUT;
    }
    char (*answers)[CONFORM_ANSWER_MAX + 1] = list.failed ? NULL : calloc(list.count, sizeof *answers);
    if (!answers) {
        util_command_error("vectors", UTIL_OUT_OF_MEMORY);
        vectors_free_cases(&list);
        return UTIL_EXIT_INPUT;
    }
    int bad = 0;
    for (size_t i = 0; i < list.count; i++) {
        for (size_t j = 0; j < i; j++)
            if (strcmp(list.items[i].id, list.items[j].id) == 0) {
                util_command_error("vectors", "duplicate id %s", list.items[i].id);
                bad = 1;
            }
        int status;
        if (checked_answer(&list.items[i], answers[i], &status) != 0)
            bad = 1;
    }
    if (!bad && make_dir(out_dir) != 0)
        bad = 1;
    char json_dir[4096];
    snprintf(json_dir, sizeof json_dir, "%s/json", out_dir);
    if (!bad && make_dir(json_dir) != 0)
        bad = 1;
    /* Both forms of a level from the same cases and answers, in this run. */
    for (int level = 0; level < GBR_LEVEL_COUNT && !bad; level++) {
        unsigned long tests = 0;
        for (size_t i = 0; i < list.count; i++)
            tests += list.items[i].level == (gbr_level)level;
        if (write_level(out_dir, (gbr_level)level, &list, answers) != 0 ||
            write_level_json(out_dir, (gbr_level)level, &list, answers, tests) != 0)
            bad = 1;
    }
    if (!bad && opt->fuzz_dir && write_fuzz_corpus(opt->fuzz_dir, &list) != 0)
        bad = 1;
    free(answers);
    vectors_free_cases(&list);
    return bad ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}
