/*
 * The conformance runner (see conform_run.h and docs/implementers.md):
 * the vector files and skip lists, the selection of cases, their verdicts
 * and the report. The program runs in per-case mode (one process a case) or,
 * when it answers the handshake, in batch mode (one process, a request line
 * and an answer line a case): conform_process.c runs a case, conform_batch.c
 * a session. Exit 0 with the expected text passes; exit 1 with the expected
 * "error NAME COLUMN" passes; any other exit status, a signal or the timeout
 * is a crash.
 */
#define _POSIX_C_SOURCE 200809L

#include "conform_run.h"

#include <errno.h>
#include <fnmatch.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "conform_batch.h"
#include "conform_process.h"
#include "conform_protocol.h"
#include "exit_status.h"
#include "grow.h"
#include "output.h"

/* ==== Case selection ====================================================== */

int conform_patterns_add(conform_patterns *list, const char *pattern)
{
    char **bigger = util_grow(list->items, &list->cap, list->count + 1, sizeof *bigger);
    if (!bigger)
        return -1;
    list->items = bigger;
    if ((list->items[list->count] = strdup(pattern)) == NULL)
        return -1;
    list->count++;
    return 0;
}

void conform_patterns_free(conform_patterns *list)
{
    for (size_t i = 0; i < list->count; i++)
        free(list->items[i]);
    free(list->items);
    memset(list, 0, sizeof *list);
}

int conform_patterns_load(conform_patterns *list, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        util_command_error("conform", "cannot open %s: %s", path, strerror(errno));
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
        if (conform_patterns_add(list, line) != 0) {
            status = -1;
            break;
        }
    }
    free(line);
    fclose(f);
    return status;
}

static int matches_any(const conform_patterns *list, const char *id)
{
    for (size_t i = 0; i < list->count; i++)
        if (fnmatch(list->items[i], id, 0) == 0)
            return 1;
    return 0;
}

/* ==== The vector files ==================================================== */

typedef struct vector_case {
    char *line; /* the file's line, split in place by tabs */
    const char *id, *level, *result, *operation, *input, *expected, *comment;
} vector_case;

typedef struct case_list {
    vector_case *items;
    size_t count, cap;
} case_list;

/* Reads one vector file (section 13's format) and appends its cases. */
static int load_vector_file(const char *path, case_list *cases)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        util_command_error("conform", "cannot open %s: %s", path, strerror(errno));
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
        if (n != nfields || gbr_level_by_name(vc.level, strlen(vc.level)) < 0) {
            util_command_error("conform", "%s:%lu: not a vector line (7 tab-separated fields)", path, line_number);
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

static void free_cases(case_list *cases)
{
    for (size_t i = 0; i < cases->count; i++)
        free(cases->items[i].line);
    free(cases->items);
}

/* ==== Verdicts and reports ================================================ */

enum verdict { VERDICT_PASS, VERDICT_FAIL, VERDICT_SKIP, VERDICT_CRASH };
static const char *const verdict_names[] = {"pass", "fail", "skip", "crash"};

/* At CONFORM_ERRORS_VALIDITY an invalid case passes on any well-formed
 * error line: acceptance and canonical output are judged, not the class. */
static enum verdict judge(const vector_case *vc, const char *expected, size_t expected_len, const conform_outcome *o,
                          int errors)
{
    if (o->protocol_error[0] || o->spawn_failed || o->timed_out || o->no_answer || !o->exited || o->exit_status > 1)
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
    if (errors == CONFORM_ERRORS_VALIDITY && want_status == 1)
        return o->exit_status == 1 && len >= 6 && memcmp(got, "error ", 6) == 0 ? VERDICT_PASS : VERDICT_FAIL;
    if (o->exit_status != want_status || len != expected_len || memcmp(got, expected, len) != 0)
        return VERDICT_FAIL;
    return VERDICT_PASS;
}

/* The report goes through stdio here; the escaping is the shared rule. */
static void json_string(const char *s, size_t len) { util_put_json_raw(&util_stdout, s, len); }

static void json_cstring(const char *s) { json_string(s, strlen(s)); }

/* One failure, human-readable: what was run, expected against got. */
static void print_failure(const vector_case *vc, enum verdict v, const conform_outcome *o, double timeout)
{
    size_t len = o->out_len;
    const char *got = o->out ? o->out : "";
    char *shown = malloc(4 * len + 1);
    util_putf(&util_stdout, "%s %s (%s, %s): %s\n", v == VERDICT_CRASH ? "CRASH" : "FAIL", vc->id, vc->level,
              vc->operation,
           vc->comment);
    util_putf(&util_stdout, "  input:    %s\n", vc->input);
    util_putf(&util_stdout, "  expected: %s   (exit %d)\n", vc->expected, strcmp(vc->result, "valid") == 0 ? 0 : 1);
    if (shown)
        conform_escape(got, len, shown);
    conform_print_got(o, shown ? shown : "", timeout);
    if (o->err_len > 0) {
        size_t show = o->err_len < 400 ? o->err_len : 400;
        util_putf(&util_stdout, "  stderr:   %.*s%s\n", (int)show, o->err, o->err_len > show ? "..." : "");
    }
    free(shown);
}

/* ==== Running the cases =================================================== */

/* One case's unescaped input and expected output. */
typedef struct case_run {
    char *input, *expected;
    long input_len, expected_len;
    int selected;
} case_run;

/* Cases are run and reported a chunk at a time: the report streams, and a
 * batch session still has many requests to send ahead. Each answer is
 * judged and reported as it comes, so a chunk holds no answers. */
#define CHUNK 4096

/* The report so far, and where the chunk's cases are. */
typedef struct run_state {
    const conform_run_options *opt;
    const vector_case *cases; /* the chunk's first case */
    case_run *runs;
    size_t *case_of; /* batch: the chunk's case of each request */
    unsigned long counts[4];
    int first_json;
    int write_failed; /* the report could not be written: the run stops */
} run_state;

/* Writes the report so far out, so that a reader gone away ends the run at
 * once (by SIGPIPE, or when that is ignored by this check). */
static void report_flush(run_state *st)
{
    if (st->write_failed)
        return;
    if (util_flush_stdout() != 0) {
        st->write_failed = 1;
        util_command_error("conform", "cannot write the report: %s", strerror(util_stdout.error));
    }
}

/* Judges case k of the chunk on its outcome o and reports it; clears o. */
static void report_case(run_state *st, size_t k, conform_outcome *o)
{
    const conform_run_options *opt = st->opt;
    const vector_case *vc = &st->cases[k];
    case_run *r = &st->runs[k];
    enum verdict v = judge(vc, r->expected, (size_t)r->expected_len, o, opt->errors);
    st->counts[v]++;
    if (opt->json) {
        util_putf(&util_stdout, "%s\n  {\"id\": ", st->first_json ? "" : ",");
        st->first_json = 0;
        json_cstring(vc->id);
        util_putf(&util_stdout, ", \"level\": ");
        json_cstring(vc->level);
        util_putf(&util_stdout, ", \"operation\": ");
        json_cstring(vc->operation);
        util_putf(&util_stdout, ", \"verdict\": \"%s\", \"input\": ", verdict_names[v]);
        json_string(r->input, (size_t)r->input_len);
        util_putf(&util_stdout, ", \"expected\": ");
        json_string(r->expected, (size_t)r->expected_len);
        util_putf(&util_stdout, ", \"got\": ");
        json_string(o->out ? o->out : "", o->out_len);
        util_putf(&util_stdout, ", \"exit\": ");
        if (o->exited)
            util_putf(&util_stdout, "%d", o->exit_status);
        else
            util_putf(&util_stdout, "null");
        util_putf(&util_stdout, ", \"signal\": %d, \"timed_out\": %s, \"stderr\": ", o->signal,
                  o->timed_out ? "true" : "false");
        json_string(o->err ? o->err : "", o->err_len);
        if (o->protocol_error[0]) {
            util_putf(&util_stdout, ", \"protocol_error\": ");
            json_cstring(o->protocol_error);
        }
        util_putf(&util_stdout, "}");
        report_flush(st);
    } else if (opt->print_skip_list && (v == VERDICT_FAIL || v == VERDICT_CRASH)) {
        util_putf(&util_stdout, "%s\n", vc->id);
        report_flush(st);
    } else if (!opt->json && !opt->print_skip_list && (v == VERDICT_FAIL || v == VERDICT_CRASH)) {
        print_failure(vc, v, o, opt->timeout);
        report_flush(st);
    }
    conform_outcome_clear(o);
}

static void batch_answer(void *context, size_t index, conform_outcome *o)
{
    run_state *st = context;
    report_case(st, st->case_of[index], o);
}

/* --fuzz: the selected cases' inputs are the mutation seeds, and the
 * cases --skip and --skip-file leave out are the known faults; unescaped
 * in place (never longer than their escaped text). */
static int fuzz_from_vectors(const conform_run_options *opt, case_list *cases)
{
    conform_fuzz_options fuzz = opt->fuzz;
    fuzz.max_level = opt->max_level;
    fuzz.json = opt->json;
    fuzz.mode = opt->mode;
    fuzz.errors = opt->errors;
    fuzz.timeout = opt->timeout;
    size_t n = cases->count ? cases->count : 1, seed_count = 0, skipped_count = 0;
    conform_fuzz_seed *seeds = calloc(n, sizeof *seeds), *skipped = calloc(n, sizeof *skipped);
    for (size_t i = 0; seeds && skipped && i < cases->count; i++) {
        vector_case *vc = &cases->items[i];
        long len = conform_unescape(vc->input, (char *)vc->input);
        conform_fuzz_seed seed = {vc->id, vc->operation, vc->input, len < 0 ? 0 : (size_t)len};
        if (matches_any(&opt->skips, vc->id))
            skipped[skipped_count++] = seed;
        else if (opt->runs.count == 0 || matches_any(&opt->runs, vc->id))
            seeds[seed_count++] = seed;
    }
    int status = seeds && skipped ? conform_fuzz(&fuzz, seeds, seed_count, skipped, skipped_count, opt->program,
                                                 opt->program_argc)
                                  : UTIL_EXIT_USAGE;
    free(seeds), free(skipped);
    return status;
}

/* Why argv[0] cannot be executed, as execvp would find it: NULL when it can. */
static const char *cannot_execute(const char *name)
{
    struct stat st;
    if (strchr(name, '/')) {
        if (stat(name, &st) != 0)
            return strerror(errno);
        if (S_ISDIR(st.st_mode))
            return "is a directory";
        return access(name, X_OK) == 0 ? NULL : strerror(errno);
    }
    const char *path = getenv("PATH");
    if (!path || !*path)
        path = "/bin:/usr/bin";
    const char *found = "not found in PATH";
    for (const char *p = path;;) {
        const char *colon = strchr(p, ':');
        size_t len = colon ? (size_t)(colon - p) : strlen(p);
        char full[4096];
        snprintf(full, sizeof full, "%.*s%s%s", (int)len, p, len ? "/" : "", name);
        if (stat(full, &st) == 0 && !S_ISDIR(st.st_mode)) {
            if (access(full, X_OK) == 0)
                return NULL;
            found = strerror(errno);
        }
        if (!colon)
            break;
        p = colon + 1;
    }
    return found;
}

static double seconds_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int conform_run(const conform_run_options *opt)
{
    /* The run says itself that its report cannot be written, case by case. */
    util_stdout_report_at_end();
    char **program = opt->program;
    int program_argc = opt->program_argc;
    case_list cases = {NULL, 0, 0};
    int status = UTIL_EXIT_OK;
    for (int level = 0; level <= opt->max_level && status == UTIL_EXIT_OK; level++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.tsv", opt->vectors_dir, gbr_level_name((gbr_level)level));
        if (load_vector_file(path, &cases) != 0)
            status = UTIL_EXIT_USAGE;
    }
    /* PROGRAM ARGS... OPERATION NULL, the operation set per case. */
    char **case_argv = calloc((size_t)program_argc + 2, sizeof *case_argv);
    case_run *runs = calloc(CHUNK, sizeof *runs);
    conform_request *requests = calloc(CHUNK, sizeof *requests);
    size_t *case_of = calloc(CHUNK, sizeof *case_of);
    if (status != UTIL_EXIT_OK || !case_argv || !runs || !requests || !case_of) {
        free_cases(&cases);
        free(case_argv), free(runs), free(requests), free(case_of);
        return UTIL_EXIT_USAGE;
    }
    memcpy(case_argv, program, (size_t)program_argc * sizeof *case_argv);
    conform_children_guard();
    /* A program that cannot be started is one error, not a crash a case. */
    const char *why = cannot_execute(program[0]);
    if (!why) {
        conform_outcome probe;
        case_argv[program_argc] = "batch";
        /* Only whether it starts: a short wait, whatever it answers. */
        conform_run_case(case_argv, "", 0, opt->timeout < 0.5 ? opt->timeout : 0.5, 0, &probe);
        why = probe.spawn_failed ? "it could not be started" : NULL;
        conform_outcome_clear(&probe);
    }
    if (why) {
        util_command_error("conform", "cannot start the program under test %s: %s", program[0], why);
        free_cases(&cases);
        free(case_argv), free(runs), free(requests), free(case_of);
        return UTIL_EXIT_USAGE;
    }
    if (opt->fuzzing) {
        status = fuzz_from_vectors(opt, &cases);
        free_cases(&cases);
        free(case_argv), free(runs), free(requests), free(case_of);
        return status;
    }

    int form = conform_batch_form(opt->mode, program, program_argc, opt->timeout);
    int batch = form > 0;
    conform_session *session = batch ? conform_session_new(program, program_argc, form, opt->timeout) : NULL;
    run_state st;
    memset(&st, 0, sizeof st);
    st.opt = opt;
    st.runs = runs;
    st.case_of = case_of;
    st.first_json = 1;
    /* Form 1's chunks whose check requests were answered out of step. */
    typedef struct desync {
        size_t chunk, first_case, last_case;
        char detail[1024];
    } desync;
    enum { MAX_DESYNC = 64 };
    static desync desyncs[MAX_DESYNC];
    unsigned long desynced = 0;
    double started = seconds_now();
    const char *judging = opt->errors == CONFORM_ERRORS_VALIDITY ? "validity" : "exact";
    if (opt->errors == CONFORM_ERRORS_VALIDITY && !opt->json)
        util_text(opt->print_skip_list,
                  "judging: validity (acceptance and canonical output; error classes and columns are not compared)\n");
    if (opt->json) {
        util_putf(&util_stdout, "{\"program\": [");
        for (int i = 0; i < program_argc; i++) {
            if (i)
                util_putf(&util_stdout, ", ");
            json_cstring(program[i]);
        }
        util_putf(&util_stdout, "], \"mode\": \"%s\", \"errors\": \"%s\", \"cases\": [", batch ? "batch" : "per-case",
                  judging);
    }
    if (batch && !session)
        status = UTIL_EXIT_USAGE;
    for (size_t first = 0; first < cases.count && status == UTIL_EXIT_OK && !st.write_failed; first += CHUNK) {
        size_t count = cases.count - first < CHUNK ? cases.count - first : CHUNK;
        size_t asked = 0;
        st.cases = &cases.items[first];
        for (size_t k = 0; k < count; k++) {
            const vector_case *vc = &cases.items[first + k];
            case_run *r = &runs[k];
            memset(r, 0, sizeof *r);
            r->input = malloc(strlen(vc->input) + 1);
            r->expected = malloc(strlen(vc->expected) + 1);
            r->input_len = r->input ? conform_unescape(vc->input, r->input) : -1;
            r->expected_len = r->expected ? conform_unescape(vc->expected, r->expected) : -1;
            if (r->input_len < 0 || r->expected_len < 0) {
                util_command_error("conform", "%s: malformed escape in the vector", vc->id);
                status = UTIL_EXIT_USAGE;
                count = k + 1;
                break;
            }
            r->selected = (opt->runs.count == 0 || matches_any(&opt->runs, vc->id)) && !matches_any(&opt->skips,
                           vc->id);
            if (!r->selected)
                st.counts[VERDICT_SKIP]++;
            else if (batch) {
                case_of[asked] = k;
                requests[asked++] = (conform_request){vc->operation, r->input, (size_t)r->input_len};
            }
        }
        if (status == UTIL_EXIT_OK && batch) {
            conform_ask_result asked_result;
            conform_session_ask(session, requests, asked, 0, batch_answer, &st, &asked_result);
            if (asked_result.unchecked) {
                report_flush(&st);
                util_command_error("conform", "%s", asked_result.detail);
            }
            if (asked_result.desync) {
                /* Form 1 has no numbers: the chunk is the finest place to name. */
                desync *d = desynced < MAX_DESYNC ? &desyncs[desynced] : NULL;
                desynced++;
                if (d) {
                    d->chunk = first / CHUNK + 1, d->first_case = first + 1, d->last_case = first + count;
                    snprintf(d->detail, sizeof d->detail, "%s", asked_result.detail);
                }
                if (opt->json || opt->print_skip_list)
                    util_message("gbr conform: ");
                util_text(opt->json || opt->print_skip_list,
                          "DESYNC chunk %zu (cases %zu-%zu): %s; the verdicts of this chunk may be wrong, and the "
                        "program was started again\n",
                        first / CHUNK + 1, first + 1, first + count, asked_result.detail);
                report_flush(&st);
            }
        } else if (status == UTIL_EXIT_OK) {
            for (size_t k = 0; k < count && !st.write_failed; k++) {
                if (!runs[k].selected)
                    continue;
                conform_outcome o;
                case_argv[program_argc] = (char *)cases.items[first + k].operation;
                conform_run_case(case_argv, runs[k].input, (size_t)runs[k].input_len, opt->timeout, 0, &o);
                report_case(&st, k, &o);
            }
        }
        for (size_t k = 0; k < count; k++)
            free(runs[k].input), free(runs[k].expected);
        report_flush(&st);
    }
    conform_session_free(session);
    unsigned long *counts = st.counts;
    double took = seconds_now() - started;
    unsigned long ran = counts[VERDICT_PASS] + counts[VERDICT_FAIL] + counts[VERDICT_CRASH];
    /* A long run of many cases, not a short slice on a loaded machine. */
    if (!batch && took > 10 && ran >= 100 && (double)ran / took < 200)
        util_message("gbr conform: per-case mode ran %.0f cases/s (a process a case); a program that answers "
                        "batch mode (spec/gbr.md section 13.3.2) runs the vectors many times faster\n",
                (double)ran / took);
    int closing_to_stderr = opt->json || opt->print_skip_list;
    if (opt->json && desynced) {
        /* Only when there is one: a report in step reads as before. */
        util_putf(&util_stdout, "\n], \"desynced_chunks\": [");
        for (unsigned long i = 0; i < desynced && i < MAX_DESYNC; i++) {
            util_putf(&util_stdout, "%s\n  {\"chunk\": %zu, \"first_case\": %zu, \"last_case\": %zu, \"detail\": ",
                      i ? "," : "",
                   desyncs[i].chunk, desyncs[i].first_case, desyncs[i].last_case);
            json_cstring(desyncs[i].detail);
            util_putf(&util_stdout, "}");
        }
    }
    if (opt->json)
        util_putf(&util_stdout, "\n], \"passed\": %lu, \"failed\": %lu, \"skipped\": %lu, \"crashed\": %lu}\n",
                  counts[VERDICT_PASS],
               counts[VERDICT_FAIL], counts[VERDICT_SKIP], counts[VERDICT_CRASH]);
    util_flush_stdout();
    util_text(closing_to_stderr, "%lu passed, %lu failed, %lu skipped, %lu crashed\n", counts[VERDICT_PASS],
              counts[VERDICT_FAIL],
            counts[VERDICT_SKIP], counts[VERDICT_CRASH]);
    free_cases(&cases);
    free(case_argv), free(runs), free(requests), free(case_of);
    if (status != UTIL_EXIT_OK)
        return status;
    if (st.write_failed)
        return UTIL_EXIT_INPUT;
    return counts[VERDICT_FAIL] || counts[VERDICT_CRASH] || desynced ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}
