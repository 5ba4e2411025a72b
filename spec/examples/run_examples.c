/*
 * run_examples - runs the checked examples of spec/gbr.md section 12.
 *
 * An example is a fenced block whose info string is `example OPERATION`:
 *
 *     ```example material
 *     0002.01          <- the input line (may be empty)
 *     .                <- a line holding a single '.'
 *     0002.01          <- the expected output: canonical text or `error NAME COLUMN`
 *     ```
 *
 * Each example is run through every available codec (ref, and fast when it
 * is available) with the protocol's answer of OPERATION (gbr_protocol_answer).
 * A malformed block, an unknown operation, an unreadable file or a file with
 * no examples is an error of the file, never a silent pass.
 *
 * Usage: run_examples [--line N] [--codec ref|fast] [--json] FILE
 *   --line N   run only the example whose block (fence to fence) holds line N
 *   --codec C  run only codec C
 *   --json     print every example as one JSON object a line and run nothing
 *   --cases    print every example as a vector case (spec section 13.5, the
 *              file spec/vectors/cases/examples.tsv) and run nothing
 * Exit status: 0 all passed; 1 some example failed or the file is malformed;
 * 2 usage error.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gbr.h"

#define MAX_LINE 1024
#define OUTPUT_CAP 512

typedef struct example {
    unsigned long line;      /* line of the opening fence: the example's id */
    unsigned long last_line; /* line of the closing fence */
    const gbr_operation *op; /* from libgbr's table of the protocol's operations */
    char *input;
    char *expected;
    char section[32];        /* number of the heading the block is under, "12.11.4" */
    unsigned position;       /* 1 for the section's first example, ... */
} example;

typedef struct example_list {
    example *items;
    size_t count;
    size_t capacity;
} example_list;

static char *copy_text(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (!p) {
        fputs("run_examples: out of memory\n", stderr);
        exit(1);
    }
    memcpy(p, s, n);
    return p;
}

static void append_example(example_list *list, example e)
{
    if (list->count == list->capacity) {
        size_t capacity = list->capacity ? 2 * list->capacity : 256;
        example *items = realloc(list->items, capacity * sizeof *items);
        if (!items) {
            fputs("run_examples: out of memory\n", stderr);
            exit(1);
        }
        list->items = items;
        list->capacity = capacity;
    }
    list->items[list->count++] = e;
}

/* Reads one line without its newline (and a CR before it). Returns 0 at the
 * end of the file, -1 on a line too long to be an example line. */
static int read_line(FILE *f, char *buf, size_t cap, unsigned long *line_no)
{
    if (!fgets(buf, (int)cap, f))
        return 0;
    ++*line_no;
    size_t n = strlen(buf);
    if (n > 0 && buf[n - 1] == '\n')
        buf[--n] = '\0';
    else if (!feof(f))
        return -1;
    if (n > 0 && buf[n - 1] == '\r')
        buf[--n] = '\0';
    return 1;
}

static int starts_with(const char *s, const char *prefix) { return strncmp(s, prefix, strlen(prefix)) == 0; }

/* Whether an example is selected: all when only_line is 0, else the one whose
 * block holds that line. */
static int selected(const example *e, unsigned long only_line)
{
    return only_line == 0 || (e->line <= only_line && only_line <= e->last_line);
}

/* Collects every example block of the file. Returns the number of malformed
 * blocks (each reported on stderr), or -1 when the file cannot be read. */
static int load_examples(const char *path, example_list *list)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "run_examples: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    char buf[MAX_LINE];
    unsigned long line_no = 0;
    int malformed = 0;
    int in_other_fence = 0;
    int status;
    char section[32] = "";
    unsigned position = 0;
    while ((status = read_line(f, buf, sizeof buf, &line_no)) != 0) {
        if (status < 0) {
            fprintf(stderr, "%s:%lu: line too long\n", path, line_no);
            malformed++;
            continue;
        }
        if (!in_other_fence && buf[0] == '#') {
            /* A numbered heading starts a section: its examples count from 1. */
            const char *h = buf + strspn(buf, "#");
            size_t n = h[0] == ' ' ? strspn(h + 1, "0123456789.") : 0;
            if (n > 0 && n < sizeof section && h[1 + n] == ' ') {
                memcpy(section, h + 1, n);
                section[n] = '\0';
                if (section[n - 1] == '.')
                    section[n - 1] = '\0';
                position = 0;
            }
            continue;
        }
        if (!starts_with(buf, "```"))
            continue;
        if (in_other_fence) {
            in_other_fence = 0;
            continue;
        }
        const char *info = buf + 3;
        if (!starts_with(info, "example")) {
            in_other_fence = 1; /* skip a non-example block up to its closing fence */
            continue;
        }
        example e;
        e.line = line_no;
        e.op = info[7] == ' ' ? gbr_operation_by_name(info + 8, strlen(info + 8)) : NULL;
        if (e.op == NULL) {
            fprintf(stderr, "%s:%lu: malformed example block: info string \"%s\" is not `example OPERATION`\n",
                    path, line_no, info);
            malformed++;
            in_other_fence = 1;
            continue;
        }
        /* The four lines of the block: input, ".", expected, closing fence. A
         * fence met early closes the block (and makes it malformed). */
        char lines[4][MAX_LINE];
        int got = 0, closed = 0;
        while (got < 4 && read_line(f, lines[got], sizeof lines[got], &line_no) > 0) {
            closed = starts_with(lines[got], "```");
            got++;
            if (closed)
                break;
        }
        if (got != 4 || !closed || strcmp(lines[3], "```") != 0 || strcmp(lines[1], ".") != 0 ||
            lines[2][0] == '\0') {
            fprintf(stderr,
                    "%s:%lu: malformed example block: expected the input line, a line \".\", a non-empty "
                    "expected line and the closing fence\n",
                    path, e.line);
            malformed++;
            in_other_fence = !closed;
            continue;
        }
        const char *input = lines[0], *expected = lines[2];
        e.last_line = line_no;
        e.input = copy_text(input);
        e.expected = copy_text(expected);
        memcpy(e.section, section, sizeof e.section);
        e.position = ++position;
        append_example(list, e);
    }
    if (ferror(f)) {
        fprintf(stderr, "run_examples: error reading %s\n", path);
        fclose(f);
        return -1;
    }
    fclose(f);
    if (in_other_fence) {
        fprintf(stderr, "%s: unclosed fenced block at the end of the file\n", path);
        malformed++;
    }
    return malformed;
}

/* Runs one example's operation (the protocol's answer, spec section 13.2);
 * writes the answer line to got. */
static void run_operation(const gbr_codec *codec, const example *e, char *got, size_t got_cap)
{
    char out[GBR_ANSWER_MAX];
    gbr_result r = gbr_protocol_answer(codec, e->op, out, sizeof out, e->input, strlen(e->input));
    snprintf(got, got_cap, "%.*s", (int)r.length, out);
}

/* Runs the selected examples through one codec; returns the failures. */
static size_t run_codec(const char *path, const gbr_codec *codec, const example_list *list, unsigned long only_line)
{
    const char *name = gbr_codec_name(codec);
    size_t run = 0, failed = 0;
    for (size_t i = 0; i < list->count; i++) {
        const example *e = &list->items[i];
        if (!selected(e, only_line))
            continue;
        run++;
        char got[2 * OUTPUT_CAP];
        run_operation(codec, e, got, sizeof got);
        if (strcmp(got, e->expected) != 0) {
            failed++;
            printf("FAIL %s:%lu [%s] %s\n  input:    \"%s\"\n  expected: %s\n  got:      %s\n", path, e->line, name,
                   e->op->name, e->input, e->expected, got);
        }
    }
    printf("%s: %lu examples, %lu passed, %lu failed\n", name, (unsigned long)run, (unsigned long)(run - failed),
           (unsigned long)failed);
    return run == 0 ? 1 : failed;
}

static void print_json_string(const char *s)
{
    putchar('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            printf("\\%c", *p);
        else if (*p < 0x20 || *p >= 0x7f)
            printf("\\u%04x", *p);
        else
            putchar(*p);
    }
    putchar('"');
}

static void dump_json(const example_list *list, unsigned long only_line)
{
    for (size_t i = 0; i < list->count; i++) {
        const example *e = &list->items[i];
        if (!selected(e, only_line))
            continue;
        printf("{\"id\":%lu,\"operation\":", e->line);
        print_json_string(e->op->name);
        printf(",\"input\":");
        print_json_string(e->input);
        printf(",\"expected\":");
        print_json_string(e->expected);
        printf("}\n");
    }
}

/* The conformance level (spec section 11) of an example: by its operation,
 * and `extensions` for an input that needs section 5 (a position form with a
 * digit 9, a FEN with three or more men of a type on one side). check goes by
 * the form its input is recognised as. */
static const char *example_level(const example *e)
{
    const char *in = e->input;
    size_t len = strlen(in);
    gbr_form form = e->op->input;
    if (form == GBR_FORM_UNKNOWN)
        form = gbr_detect_form(in, len);
    if (form == GBR_FORM_POSITION) {
        const char *digits = strchr(in, ' ');
        for (int k = 1; digits && k <= 4 && digits[k]; k++)
            if (digits[k] == '9')
                return gbr_level_name(GBR_LEVEL_EXTENSIONS);
    } else if (form == GBR_FORM_FEN) {
        int count[256] = {0};
        for (const char *p = in; *p && *p != ' '; p++)
            count[(unsigned char)*p]++;
        for (const char *t = "QRBNqrbn"; *t; t++)
            if (count[(unsigned char)*t] >= 3)
                return gbr_level_name(GBR_LEVEL_EXTENSIONS);
    }
    if (e->op->input != GBR_FORM_UNKNOWN)
        return gbr_level_name(e->op->level);
    /* check: the level of the form it recognises */
    return gbr_level_name(form == GBR_FORM_STUDY ? GBR_LEVEL_STUDY
                          : form == GBR_FORM_POSITION || form == GBR_FORM_FEN ? GBR_LEVEL_POSITION
                                                                               : GBR_LEVEL_MATERIAL);
}

/* Whether every byte is one a case file holds unescaped (spec section 13.1:
 * 0x20-0x7E, no backslash). */
static int plain_text(const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        if (*p < 0x20 || *p > 0x7e || *p == '\\')
            return 0;
    return 1;
}

/* The examples as vector cases (spec section 13.5), the lines of
 * spec/vectors/cases/examples.tsv: id y_ex_<section>_<n> or n_ex_..., the
 * section's dots as '_', n the example's place in its section; level;
 * operation; input; the stated output; comment. Returns 1 when an example
 * cannot be written as a case. */
static int dump_cases(const char *path, const example_list *list)
{
    printf("# The checked examples of spec/gbr.md section 12 as vector cases: written by\n"
           "# `run_examples --cases spec/gbr.md`, read by `gbr vectors`. Do not edit. Fields: id,\n"
           "# level, operation, input, the output the example states, comment.\n");
    int bad = 0;
    for (size_t i = 0; i < list->count; i++) {
        const example *e = &list->items[i];
        if (!e->section[0] || !plain_text(e->input) || !plain_text(e->expected)) {
            fprintf(stderr, "%s:%lu: example %s\n", path, e->line,
                    e->section[0] ? "holds a byte a case file escapes (write it without)" : "under no numbered heading");
            bad = 1;
            continue;
        }
        char id[64];
        int n = snprintf(id, sizeof id, "%c_ex_%s_%u", starts_with(e->expected, "error ") ? 'n' : 'y', e->section,
                         e->position);
        for (int k = 0; k < n && (size_t)k < sizeof id; k++)
            if (id[k] == '.')
                id[k] = '_';
        printf("%s\t%s\t%s\t%s\t%s\tsection %s, example %u\n", id, example_level(e), e->op->name,
               e->input, e->expected, e->section, e->position);
    }
    return bad;
}

static int usage(void)
{
    fputs("usage: run_examples [--line N] [--codec ref|fast] [--json | --cases] FILE\n", stderr);
    return 2;
}

int main(int argc, char **argv)
{
    unsigned long only_line = 0;
    const char *codec_name = NULL;
    const char *path = NULL;
    int json = 0, cases = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--line") == 0 && i + 1 < argc) {
            char *end;
            errno = 0;
            only_line = strtoul(argv[++i], &end, 10);
            if (errno || *end || only_line == 0)
                return usage();
        } else if (strcmp(argv[i], "--codec") == 0 && i + 1 < argc) {
            codec_name = argv[++i];
        } else if (strcmp(argv[i], "--json") == 0) {
            json = 1;
        } else if (strcmp(argv[i], "--cases") == 0) {
            cases = 1;
        } else if (argv[i][0] == '-' || path) {
            return usage();
        } else {
            path = argv[i];
        }
    }
    if (!path)
        return usage();

    example_list list = {NULL, 0, 0};
    int malformed = load_examples(path, &list);
    if (malformed < 0)
        return 1;
    int status = malformed ? 1 : 0;
    int run_nothing = 0;
    if (list.count == 0) {
        fprintf(stderr, "run_examples: %s holds no examples\n", path);
        status = 1;
    }
    if (only_line) {
        size_t found = 0;
        for (size_t i = 0; i < list.count; i++)
            found += (size_t)selected(&list.items[i], only_line);
        if (!found) {
            fprintf(stderr, "run_examples: no example block holds line %lu of %s\n", only_line, path);
            status = 1;
            run_nothing = 1;
        }
    }

    if (json) {
        dump_json(&list, only_line);
    } else if (cases) {
        if (dump_cases(path, &list) != 0)
            status = 1;
    } else if (list.count > 0 && !run_nothing) {
        const gbr_codec *codecs[2] = {gbr_codec_ref(), gbr_codec_fast()};
        size_t ran = 0;
        for (size_t i = 0; i < 2; i++) {
            if (!codecs[i] || codecs[1] == codecs[0]) {
                fprintf(stderr, "run_examples: gbr_codec_%s() is %s; the examples are checked against both codecs\n",
                        i ? "fast" : "ref", codecs[i] ? "the reference codec" : "NULL");
                status = 1;
                continue;
            }
            if (codec_name && strcmp(codec_name, gbr_codec_name(codecs[i])) != 0)
                continue;
            ran++;
            if (run_codec(path, codecs[i], &list, only_line) != 0)
                status = 1;
        }
        if (ran == 0) {
            fprintf(stderr, "run_examples: codec %s is not available\n", codec_name ? codec_name : "(any)");
            status = 1;
        }
    }

    for (size_t i = 0; i < list.count; i++) {
        free(list.items[i].input);
        free(list.items[i].expected);
    }
    free(list.items);
    if (malformed)
        fprintf(stderr, "run_examples: %s: %d malformed example block(s)\n", path, malformed);
    return status;
}
