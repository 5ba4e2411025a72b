/*
 * gbr conform: the conformance runner (spec/gbr.md section 13).
 *
 *   gbr conform [OPTIONS] -- PROGRAM ARGS...   runs PROGRAM against the vectors
 *   gbr conform --answer OPERATION             answers the protocol with libgbr
 *
 * The runner runs the program in per-case mode (one process a case) or, when
 * it answers the handshake, in batch mode (one process, a request line and an
 * answer line a case); conform_child.c runs it either way. Exit 0 with the
 * expected text passes; exit 1 with the expected "error NAME COLUMN" passes;
 * any other exit status, a signal or the timeout is a crash.
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "conform_child.h"
#include "conform_fuzz.h"
#include "conform_protocol.h"

const char cmd_conform_summary[] = "run a program against the golden vectors, or fuzz it against the reference codec";

static const char help[] =
    "conform [OPTIONS] -- PROGRAM [ARGS...]\n"
    "       gbr conform --fuzz SECONDS [--seed N] [--level L] [--operations LIST]\n"
    "                   [--json] [--mode M] -- PROGRAM [ARGS...]\n"
    "       gbr conform [--impl ref|fast] --answer OPERATION\n"
    "       gbr conform --list-operations\n"
    "\n"
    "Runs PROGRAM against the golden vectors through the conformance protocol of\n"
    "spec/gbr.md section 13: for each case it starts `PROGRAM ARGS... OPERATION`\n"
    "(no shell), writes the input to its standard input and closes it. The\n"
    "program answers on standard output: the canonical text and exit status 0, or\n"
    "\"error NAME COLUMN\" and exit status 1. Any other exit status, a signal or a\n"
    "timeout is a crash. Standard error is shown in reports, never judged.\n"
    "\n"
    "Batch mode (section 13.3.2): a program that answers `PROGRAM ARGS... batch`\n"
    "with the line \"gbr-batch 1\" is started once and sent one request line per\n"
    "case (OPERATION, TAB, the input escaped as in the vector files), and answers\n"
    "one line per case. A case it does not answer in time, or dies on, is a crash;\n"
    "the program is started again for the next case. The verdicts are the same\n"
    "in both modes; batch mode saves a process start per case.\n"
    "\n"
    "Options:\n"
    "  --level L         run the levels up to L: material, study, position,\n"
    "                    extensions (the default: all)\n"
    "  --run GLOB        run only the cases whose id matches GLOB (repeatable)\n"
    "  --skip GLOB       skip the cases whose id matches GLOB (repeatable)\n"
    "  --skip-file F     skip the ids or globs listed in F, one a line ('#' comments)\n"
    "  --timeout S       seconds allowed per case (default 10)\n"
    "  --mode M          auto (batch when the program answers the handshake, the\n"
    "                    default), batch or per-case\n"
    "  --json            write a JSON report on standard output\n"
    "  --print-skip-list write the ids of the failed and crashed cases, one a line\n"
    "  --vectors DIR     the vector files (default spec/vectors)\n"
    "  --fuzz S          instead of the vectors, fuzz for S seconds: generated and\n"
    "                    mutated inputs of every operation of the levels, each\n"
    "                    answer compared with the reference codec's; each distinct\n"
    "                    disagreement (operation, class expected, class got) is\n"
    "                    shrunk and printed as a vector line; exit 1 on any.\n"
    "  --seed N          the fuzzing's seed (default 0): the same seed gives the\n"
    "                    same inputs\n"
    "  --operations LIST fuzz only these operations (comma-separated); the other\n"
    "                    answers are not asked\n"
    "  --answer OP       answer the protocol for OP with libgbr (reads standard input);\n"
    "                    --answer batch answers batch mode\n"
    "  --list-operations write the protocol's operations, one a line: NAME, LEVEL,\n"
    "                    the form of the input (\"any\" for check), how many texts\n"
    "                    (2: an order's A|B) and the result (none, win, draw),\n"
    "                    tab-separated\n"
    "  (--answer and --list-operations take no other option but --impl)\n"
    "\n"
    "The closing line (standard error with --json or --print-skip-list) is\n"
    "\"N passed, N failed, N skipped, N crashed\". Exit status: 0 when nothing failed\n"
    "or crashed, 1 otherwise, 2 on a usage error or unreadable vectors.\n";

/* ==== gbr conform --list-operations ======================================= */

/* libgbr's table of the operations, for the scripts that need it (the seed
 * writer, the spec's table checker) so that they keep no list of their own. */
static int list_operations(void)
{
    static const char *const result_names[] = {"none", "win", "draw"};
    for (size_t i = 0; gbr_operation_at(i); i++) {
        const gbr_operation *op = gbr_operation_at(i);
        util_puts(op->name);
        util_putc('\t');
        util_puts(gbr_level_name(op->level));
        util_putc('\t');
        util_puts(op->input == GBR_FORM_UNKNOWN ? "any" : gbr_form_name(op->input));
        util_putc('\t');
        util_put_uint(op->pair ? 2 : 1);
        util_putc('\t');
        util_puts(result_names[op->result]);
        util_putc('\n');
    }
    return util_flush() == 0 ? UTIL_EXIT_OK : UTIL_EXIT_INPUT;
}

/* ==== gbr conform --answer OPERATION ===================================== */

static int answer_stdin(const gbr_codec *codec, const char *operation)
{
    size_t cap = 4096, len = 0;
    char *input = malloc(cap);
    if (!input) {
        fprintf(stderr, "gbr conform: out of memory\n");
        return 3;
    }
    for (;;) {
        char *bigger = util_grow(input, &cap, len + 1, 1);
        if (!bigger) {
            free(input);
            fprintf(stderr, "gbr conform: out of memory\n");
            return 3;
        }
        input = bigger;
        ssize_t got = read(STDIN_FILENO, input + len, cap - len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(input);
            fprintf(stderr, "gbr conform: cannot read standard input: %s\n", strerror(errno));
            return 3;
        }
        if (got == 0)
            break;
        len += (size_t)got;
    }
    char answer[CONFORM_ANSWER_MAX + 1];
    int status = conform_answer(codec, operation, input, len, answer);
    free(input);
    util_puts(answer);
    util_putc('\n');
    return status;
}

/* ==== gbr conform --answer batch (spec §13.3.2) ========================== */

/* Appends to a buffer that is written out whenever it fills and before
 * every read of standard input, so an answer never waits on more input. */
typedef struct out_buffer {
    char bytes[1 << 16];
    size_t len;
    int failed;
} out_buffer;

static void out_flush(out_buffer *b)
{
    size_t done = 0;
    while (done < b->len && !b->failed) {
        ssize_t put = write(STDOUT_FILENO, b->bytes + done, b->len - done);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            b->failed = 1;
        else
            done += (size_t)put;
    }
    b->len = 0;
}

static void out_put(out_buffer *b, const char *text, size_t len)
{
    if (b->len + len > sizeof b->bytes)
        out_flush(b);
    memcpy(b->bytes + b->len, text, len);
    b->len += len;
}

/* One request line (NUL-terminated, LF removed) to its escaped answer line.
 * A line that is not a request of an operation gbr knows ends the session
 * with status 2, as an unknown operation does in per-case mode. */
static int answer_request(const gbr_codec *codec, char *line, size_t len, out_buffer *out)
{
    char *tab = memchr(line, '\t', len);
    if (!tab) {
        fprintf(stderr, "gbr conform: batch request without a TAB\n");
        return 2;
    }
    *tab = '\0';
    if (!gbr_operation_by_name(line, strlen(line))) {
        fprintf(stderr, "gbr conform: unknown operation '%s'\n", line);
        return 2;
    }
    /* The unescaped input is never longer than its escaped text. */
    char *input = tab + 1;
    long input_len = conform_unescape(input, input);
    if (input_len < 0) {
        fprintf(stderr, "gbr conform: malformed escape in a batch request\n");
        return 2;
    }
    char answer[CONFORM_ANSWER_MAX + 1];
    char escaped[4 * CONFORM_ANSWER_MAX + 2];
    conform_answer(codec, line, input, (size_t)input_len, answer);
    conform_escape(answer, strlen(answer), escaped);
    size_t escaped_len = strlen(escaped);
    escaped[escaped_len++] = '\n';
    out_put(out, escaped, escaped_len);
    return 0;
}

static int answer_batch(const gbr_codec *codec)
{
    static out_buffer out;
    size_t cap = 1 << 16, len = 0;
    char *pending = malloc(cap);
    if (!pending) {
        fprintf(stderr, "gbr conform: out of memory\n");
        return 3;
    }
    out_put(&out, "gbr-batch 1\n", 12);
    int status = 0;
    for (;;) {
        out_flush(&out);
        if (out.failed) {
            status = 3;
            break;
        }
        char *bigger = util_grow(pending, &cap, len + 1, 1);
        if (!bigger) {
            fprintf(stderr, "gbr conform: out of memory\n");
            status = 3;
            break;
        }
        pending = bigger;
        ssize_t got = read(STDIN_FILENO, pending + len, cap - len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            fprintf(stderr, "gbr conform: cannot read standard input: %s\n", strerror(errno));
            status = 3;
            break;
        }
        if (got == 0) {
            if (len > 0) {
                fprintf(stderr, "gbr conform: batch request without a line end\n");
                status = 2;
            }
            break;
        }
        len += (size_t)got;
        size_t start = 0;
        char *end;
        while (status == 0 && (end = memchr(pending + start, '\n', len - start)) != NULL) {
            *end = '\0';
            status = answer_request(codec, pending + start, (size_t)(end - (pending + start)), &out);
            start = (size_t)(end - pending) + 1;
        }
        if (status != 0)
            break;
        memmove(pending, pending + start, len - start);
        len -= start;
    }
    out_flush(&out);
    free(pending);
    return status;
}

/* ==== The runner ========================================================== */

static int level_rank(const char *level)
{
    return gbr_level_by_name(level, strlen(level));
}

typedef struct vector_case {
    char *line; /* the file's line, split in place by tabs */
    const char *id, *level, *result, *operation, *input, *expected, *comment;
} vector_case;

typedef struct case_list {
    vector_case *items;
    size_t count, cap;
} case_list;

typedef struct pattern_list {
    char **items;
    size_t count, cap;
} pattern_list;

static int push_pattern(pattern_list *list, char *pattern)
{
    char **bigger = util_grow(list->items, &list->cap, list->count + 1, sizeof *bigger);
    if (!bigger)
        return -1;
    list->items = bigger;
    list->items[list->count++] = pattern;
    return 0;
}

static int matches_any(const pattern_list *list, const char *id)
{
    for (size_t i = 0; i < list->count; i++)
        if (fnmatch(list->items[i], id, 0) == 0)
            return 1;
    return 0;
}

/* Reads one vector file (section 13's format) and appends its cases. */
static int load_vector_file(const char *path, case_list *cases)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gbr conform: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t line_cap = 0;
    ssize_t got;
    unsigned long line_number = 0;
    int status = 0;
    while ((got = getline(&line, &line_cap, f)) >= 0) {
        line_number++;
        if (got > 0 && line[got - 1] == '\n')
            line[--got] = '\0';
        if (got == 0 || line[0] == '#')
            continue;
        vector_case vc;
        memset(&vc, 0, sizeof vc);
        vc.line = strdup(line);
        if (!vc.line) {
            status = -1;
            break;
        }
        const char **fields[] = {&vc.id, &vc.level, &vc.result, &vc.operation, &vc.input, &vc.expected, &vc.comment};
        size_t nfields = sizeof fields / sizeof fields[0];
        char *p = vc.line;
        size_t n = 0;
        for (; n < nfields; n++) {
            *fields[n] = p;
            char *tab = strchr(p, '\t');
            if (!tab) {
                n++;
                break;
            }
            *tab = '\0';
            p = tab + 1;
        }
        if (n != nfields || level_rank(vc.level) < 0) {
            fprintf(stderr, "gbr conform: %s:%lu: not a vector line (7 tab-separated fields)\n", path, line_number);
            free(vc.line);
            status = -1;
            break;
        }
        vector_case *bigger = util_grow(cases->items, &cases->cap, cases->count + 1, sizeof *bigger);
        if (!bigger) {
            free(vc.line);
            status = -1;
            break;
        }
        cases->items = bigger;
        cases->items[cases->count++] = vc;
    }
    free(line);
    fclose(f);
    return status;
}

static int load_skip_file(const char *path, pattern_list *skips)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "gbr conform: cannot open %s: %s\n", path, strerror(errno));
        return -1;
    }
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    int status = 0;
    while ((got = getline(&line, &cap, f)) >= 0) {
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r' || line[got - 1] == ' '))
            line[--got] = '\0';
        if (got == 0 || line[0] == '#')
            continue;
        char *copy = strdup(line);
        if (!copy || push_pattern(skips, copy) != 0) {
            free(copy);
            status = -1;
            break;
        }
    }
    free(line);
    fclose(f);
    return status;
}

enum verdict { VERDICT_PASS, VERDICT_FAIL, VERDICT_SKIP, VERDICT_CRASH };
static const char *const verdict_names[] = {"pass", "fail", "skip", "crash"};

static enum verdict judge(const vector_case *vc, const char *expected, size_t expected_len, const conform_outcome *o)
{
    if (o->spawn_failed || o->timed_out || o->no_answer || !o->exited || o->exit_status > 1)
        return VERDICT_CRASH;
    if (o->bad_answer)
        return VERDICT_FAIL;
    size_t len = o->out_len;
    const char *got = o->out ? o->out : "";
    if (strcmp(vc->result, "implementation-defined") == 0) {
        /* Either answer is allowed, but it must be a well-formed one. */
        int is_error = len >= 6 && memcmp(got, "error ", 6) == 0;
        return (o->exit_status == 1) == is_error ? VERDICT_PASS : VERDICT_FAIL;
    }
    int want_status = strcmp(vc->result, "valid") == 0 ? 0 : 1;
    if (o->exit_status != want_status || len != expected_len || memcmp(got, expected, len) != 0)
        return VERDICT_FAIL;
    return VERDICT_PASS;
}

/* The report goes through stdio here; the escaping is the shared rule. */
static void json_string(const char *s, size_t len) { util_fput_json_string(stdout, s, len); }

static void json_cstring(const char *s) { json_string(s, strlen(s)); }

/* One failure, human-readable: what was run, expected against got. */
static void print_failure(const vector_case *vc, enum verdict v, const conform_outcome *o, double timeout)
{
    size_t len = o->out_len;
    const char *got = o->out ? o->out : "";
    char *shown = malloc(4 * len + 1);
    printf("%s %s (%s, %s): %s\n", v == VERDICT_CRASH ? "CRASH" : "FAIL", vc->id, vc->level, vc->operation,
           vc->comment);
    printf("  input:    %s\n", vc->input);
    printf("  expected: %s   (exit %d)\n", vc->expected, strcmp(vc->result, "valid") == 0 ? 0 : 1);
    if (shown)
        conform_escape(got, len, shown);
    conform_print_got(o, shown ? shown : "", timeout);
    if (o->err_len > 0) {
        size_t show = o->err_len < 400 ? o->err_len : 400;
        printf("  stderr:   %.*s%s\n", (int)show, o->err, o->err_len > show ? "..." : "");
    }
    free(shown);
}

typedef struct runner_options {
    int max_level;
    pattern_list runs, skips;
    double timeout;
    int json, print_skip_list;
    const char *vectors_dir;
    int mode; /* CONFORM_MODE_* */
    int fuzzing;
    conform_fuzz_options fuzz;
} runner_options;

/* One case's unescaped input and expected output, and what the program gave. */
typedef struct case_run {
    char *input, *expected;
    long input_len, expected_len;
    int selected;
    conform_outcome outcome;
} case_run;

/* Cases are run and reported a chunk at a time: the report streams, and a
 * batch session still has many requests to send ahead. */
#define CHUNK 4096

static int run_all(const runner_options *opt, char **program, int program_argc)
{
    case_list cases = {NULL, 0, 0};
    int status = UTIL_EXIT_OK;
    for (int level = 0; level <= opt->max_level && status == UTIL_EXIT_OK; level++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.tsv", opt->vectors_dir, gbr_level_name((gbr_level)level));
        if (load_vector_file(path, &cases) != 0)
            status = UTIL_EXIT_USAGE;
    }
    char **argv = calloc((size_t)program_argc + 2, sizeof *argv);
    case_run *runs = calloc(CHUNK, sizeof *runs);
    conform_request *requests = calloc(CHUNK, sizeof *requests);
    conform_outcome *answers = calloc(CHUNK, sizeof *answers);
    if (status != UTIL_EXIT_OK || !argv || !runs || !requests || !answers) {
        for (size_t i = 0; i < cases.count; i++)
            free(cases.items[i].line);
        free(cases.items);
        free(argv), free(runs), free(requests), free(answers);
        return UTIL_EXIT_USAGE;
    }
    memcpy(argv, program, (size_t)program_argc * sizeof *argv);
    signal(SIGPIPE, SIG_IGN); /* a program that exits without reading its input */
    if (opt->fuzzing) {
        /* The vectors' inputs are the mutation seeds; unescaped in place
         * (never longer than their escaped text). */
        conform_fuzz_seed *seeds = calloc(cases.count ? cases.count : 1, sizeof *seeds);
        for (size_t i = 0; seeds && i < cases.count; i++) {
            vector_case *vc = &cases.items[i];
            long len = conform_unescape(vc->input, (char *)vc->input);
            seeds[i] = (conform_fuzz_seed){vc->operation, vc->input, len < 0 ? 0 : (size_t)len};
        }
        status = seeds ? conform_fuzz(&opt->fuzz, seeds, cases.count, program, program_argc) : UTIL_EXIT_USAGE;
        free(seeds);
        for (size_t i = 0; i < cases.count; i++)
            free(cases.items[i].line);
        free(cases.items);
        free(argv), free(runs), free(requests), free(answers);
        return status;
    }

    int batch = opt->mode == CONFORM_MODE_BATCH ||
                (opt->mode == CONFORM_MODE_AUTO && conform_speaks_batch(program, program_argc, opt->timeout));
    conform_session *session = batch ? conform_session_new(program, program_argc, opt->timeout) : NULL;
    unsigned long counts[4] = {0, 0, 0, 0};
    int first_json = 1;
    if (opt->json) {
        printf("{\"program\": [");
        for (int i = 0; i < program_argc; i++) {
            if (i)
                printf(", ");
            json_cstring(program[i]);
        }
        printf("], \"mode\": \"%s\", \"cases\": [", batch ? "batch" : "per-case");
    }
    if (batch && !session)
        status = UTIL_EXIT_USAGE;
    for (size_t first = 0; first < cases.count && status == UTIL_EXIT_OK; first += CHUNK) {
        size_t count = cases.count - first < CHUNK ? cases.count - first : CHUNK;
        size_t asked = 0;
        for (size_t k = 0; k < count; k++) {
            const vector_case *vc = &cases.items[first + k];
            case_run *r = &runs[k];
            memset(r, 0, sizeof *r);
            r->input = malloc(strlen(vc->input) + 1);
            r->expected = malloc(strlen(vc->expected) + 1);
            r->input_len = r->input ? conform_unescape(vc->input, r->input) : -1;
            r->expected_len = r->expected ? conform_unescape(vc->expected, r->expected) : -1;
            if (r->input_len < 0 || r->expected_len < 0) {
                fprintf(stderr, "gbr conform: %s: malformed escape in the vector\n", vc->id);
                status = UTIL_EXIT_USAGE;
                count = k + 1;
                break;
            }
            r->selected = (opt->runs.count == 0 || matches_any(&opt->runs, vc->id)) && !matches_any(&opt->skips, vc->id);
            if (r->selected && batch)
                requests[asked++] = (conform_request){vc->operation, r->input, (size_t)r->input_len};
        }
        if (status != UTIL_EXIT_OK) {
            for (size_t k = 0; k < count; k++)
                free(runs[k].input), free(runs[k].expected);
            break;
        }
        if (batch)
            conform_session_ask(session, requests, asked, answers);
        size_t answer_at = 0;
        for (size_t k = 0; k < count; k++) {
            const vector_case *vc = &cases.items[first + k];
            case_run *r = &runs[k];
            conform_outcome *o = &r->outcome;
            enum verdict v = VERDICT_SKIP;
            if (r->selected && batch) {
                *o = answers[answer_at];
                memset(&answers[answer_at++], 0, sizeof *answers);
            } else if (r->selected) {
                argv[program_argc] = (char *)vc->operation;
                conform_run_case(argv, r->input, (size_t)r->input_len, opt->timeout, o);
            }
            if (r->selected)
                v = judge(vc, r->expected, (size_t)r->expected_len, o);
            counts[v]++;
            if (opt->json && v != VERDICT_SKIP) {
                printf("%s\n  {\"id\": ", first_json ? "" : ",");
                first_json = 0;
                json_cstring(vc->id);
                printf(", \"level\": ");
                json_cstring(vc->level);
                printf(", \"operation\": ");
                json_cstring(vc->operation);
                printf(", \"verdict\": \"%s\", \"input\": ", verdict_names[v]);
                json_string(r->input, (size_t)r->input_len);
                printf(", \"expected\": ");
                json_string(r->expected, (size_t)r->expected_len);
                printf(", \"got\": ");
                json_string(o->out ? o->out : "", o->out_len);
                printf(", \"exit\": ");
                if (o->exited)
                    printf("%d", o->exit_status);
                else
                    printf("null");
                printf(", \"signal\": %d, \"timed_out\": %s, \"stderr\": ", o->signal, o->timed_out ? "true" : "false");
                json_string(o->err ? o->err : "", o->err_len);
                printf("}");
            } else if (opt->print_skip_list && (v == VERDICT_FAIL || v == VERDICT_CRASH)) {
                printf("%s\n", vc->id);
            } else if (!opt->json && !opt->print_skip_list && (v == VERDICT_FAIL || v == VERDICT_CRASH)) {
                print_failure(vc, v, o, opt->timeout);
            }
            conform_outcome_clear(o);
            free(r->input), free(r->expected);
        }
        fflush(stdout);
    }
    conform_session_free(session);
    FILE *closing = opt->json || opt->print_skip_list ? stderr : stdout;
    if (opt->json)
        printf("\n], \"passed\": %lu, \"failed\": %lu, \"skipped\": %lu, \"crashed\": %lu}\n", counts[VERDICT_PASS],
               counts[VERDICT_FAIL], counts[VERDICT_SKIP], counts[VERDICT_CRASH]);
    fflush(stdout);
    fprintf(closing, "%lu passed, %lu failed, %lu skipped, %lu crashed\n", counts[VERDICT_PASS], counts[VERDICT_FAIL],
            counts[VERDICT_SKIP], counts[VERDICT_CRASH]);
    for (size_t i = 0; i < cases.count; i++)
        free(cases.items[i].line);
    free(cases.items);
    free(argv), free(runs), free(requests), free(answers);
    if (status != UTIL_EXIT_OK)
        return status;
    return counts[VERDICT_FAIL] || counts[VERDICT_CRASH] ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}

/* A number of seconds, 0 < S <= max, written as digits with an optional
 * fraction: strtod alone would also take leading white space, a sign, hex
 * and "inf". */
static int parse_seconds(const char *text, double max, double *out)
{
    size_t digits = strspn(text, "0123456789"), point = text[digits] == '.';
    size_t fraction = point ? strspn(text + digits + 1, "0123456789") : 0;
    if (digits + fraction == 0 || text[digits + point + fraction] != '\0')
        return 0;
    *out = strtod(text, NULL);
    return *out > 0 && *out <= max;
}

int cmd_conform(int argc, char **argv)
{
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    args.line_inputs = 0; /* its help says what it reads and its exit status */
    runner_options opt;
    memset(&opt, 0, sizeof opt);
    opt.max_level = GBR_LEVEL_EXTENSIONS;
    opt.timeout = 10.0;
    opt.vectors_dir = "spec/vectors";
    const char *answer_operation = NULL;
    int listing = 0; /* --list-operations */
    char run_option[32] = ""; /* the first option that only a run of the kit reads */
    int status = -1;
    while (status < 0 && cli_next_option(&args)) {
        const char *value = NULL;
        if (!cli_option_is(&args, "--list-operations") && !cli_option_is(&args, "--answer") && !run_option[0])
            snprintf(run_option, sizeof run_option, "%s", args.option);
        if (cli_option_is(&args, "--json")) {
            opt.json = 1;
        } else if (cli_option_is(&args, "--print-skip-list")) {
            opt.print_skip_list = 1;
        } else if (cli_option_is(&args, "--level")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            opt.max_level = level_rank(value);
            if (opt.max_level < 0)
                status = cli_usage_error(&args, "unknown level '%s' (material, study, position or extensions)", value);
        } else if (cli_option_is(&args, "--run") || cli_option_is(&args, "--skip")) {
            pattern_list *list = cli_option_is(&args, "--run") ? &opt.runs : &opt.skips;
            if ((value = cli_option_value(&args)) == NULL)
                break;
            char *copy = strdup(value);
            if (!copy || push_pattern(list, copy) != 0) {
                free(copy);
                status = cli_usage_error(&args, "out of memory");
            }
        } else if (cli_option_is(&args, "--skip-file")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            if (load_skip_file(value, &opt.skips) != 0)
                status = UTIL_EXIT_USAGE;
        } else if (cli_option_is(&args, "--timeout")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            if (!parse_seconds(value, 86400, &opt.timeout))
                status = cli_usage_error(&args, "--timeout needs a number of seconds (0 < S <= 86400)");
        } else if (cli_option_is(&args, "--mode")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            if (strcmp(value, "auto") == 0)
                opt.mode = CONFORM_MODE_AUTO;
            else if (strcmp(value, "batch") == 0)
                opt.mode = CONFORM_MODE_BATCH;
            else if (strcmp(value, "per-case") == 0)
                opt.mode = CONFORM_MODE_PER_CASE;
            else
                status = cli_usage_error(&args, "unknown mode '%s' (auto, batch or per-case)", value);
        } else if (cli_option_is(&args, "--fuzz")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            opt.fuzzing = 1;
            if (!parse_seconds(value, 86400 * 7, &opt.fuzz.seconds))
                status = cli_usage_error(&args, "--fuzz needs a number of seconds (0 < S <= 604800)");
        } else if (cli_option_is(&args, "--seed")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            char *end;
            errno = 0;
            opt.fuzz.seed = (uint64_t)strtoull(value, &end, 0);
            if (end == value || *end != '\0' || errno != 0 || value[0] == '-')
                status = cli_usage_error(&args, "--seed needs a non-negative integer");
        } else if (cli_option_is(&args, "--operations")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            opt.fuzz.operations = value;
        } else if (cli_option_is(&args, "--vectors")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            opt.vectors_dir = value;
        } else if (cli_option_is(&args, "--list-operations") && !args.inline_value) {
            listing = 1;
        } else if (cli_option_is(&args, "--answer")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            answer_operation = value;
        } else {
            status = cli_unknown_option(&args);
        }
    }
    if (status < 0 && args.exit_status >= 0)
        status = args.exit_status;
    /* Listing and answering read none of a run's options: say so rather than ignore one. */
    if (status < 0 && (listing || answer_operation) && run_option[0])
        status = cli_usage_error(&args, "%s goes with a run of the kit, not with %s", run_option,
                                 listing ? "--list-operations" : "--answer");
    if (status < 0 && listing)
        status = args.next < args.argc || answer_operation
                     ? cli_usage_error(&args, "--list-operations takes no --answer and no program")
                     : list_operations();
    if (status < 0 && answer_operation) {
        if (args.next < args.argc)
            status = cli_usage_error(&args, "--answer reads its input from standard input, not arguments");
        else if (strcmp(answer_operation, "batch") == 0)
            status = answer_batch(args.codec);
        else if (!gbr_operation_by_name(answer_operation, strlen(answer_operation)))
            status = cli_usage_error(&args, "unknown operation '%s'", answer_operation);
        else
            status = answer_stdin(args.codec, answer_operation);
    }
    if (status < 0 && args.next >= args.argc)
        status = cli_usage_error(&args, "no program to test (give it after '--')");
    if (status < 0 && opt.json && opt.print_skip_list)
        status = cli_usage_error(&args, "--json and --print-skip-list exclude each other");
    if (status < 0 && opt.fuzzing && (opt.print_skip_list || opt.runs.count || opt.skips.count))
        status = cli_usage_error(&args, "--fuzz takes no case selection (--run, --skip, --skip-file, --print-skip-list)");
    if (status < 0 && !opt.fuzzing && opt.fuzz.operations)
        status = cli_usage_error(&args, "--operations goes with --fuzz");
    opt.fuzz.max_level = opt.max_level;
    opt.fuzz.json = opt.json;
    opt.fuzz.mode = opt.mode;
    opt.fuzz.timeout = opt.timeout;
    if (status < 0)
        status = run_all(&opt, args.argv + args.next, args.argc - args.next);
    for (size_t i = 0; i < opt.runs.count; i++)
        free(opt.runs.items[i]);
    for (size_t i = 0; i < opt.skips.count; i++)
        free(opt.skips.items[i]);
    free(opt.runs.items);
    free(opt.skips.items);
    return status;
}
