/*
 * gbr conform --fuzz: differential fuzzing against the reference codec (see
 * conform_fuzz.h, spec/gbr.md section 13.3.3 and docs/implementers.md).
 *
 * Rounds of generated cases are asked of the program (batch mode when it
 * speaks it) and answered by the reference codec through conform_answer, the
 * code that computes the vectors. The cases of a round depend only on the
 * seed, never on the answers, so a seed gives the same inputs whatever the
 * program does; the time budget only decides how many rounds run.
 */
#define _POSIX_C_SOURCE 200809L

#include "conform_fuzz.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "exit_status.h"
#include "output.h"
#include "conform_batch.h"
#include "conform_fault.h"
#include "conform_process.h"
#include "conform_protocol.h"
#include "conform_shrink.h"
#include "gen.h"
#include "text.h"

/* The operations are libgbr's table (gbr_operation_at); the form the
 * generators write for each is the form it reads (for `check`, chosen per
 * case by check_form). */
static gen_form generated_form(const gbr_operation *op)
{
    switch (op->input) {
    case GBR_FORM_STUDY: return GEN_STUDY;
    case GBR_FORM_POSITION: return GEN_POSITION;
    case GBR_FORM_FEN: return GEN_FEN;
    case GBR_FORM_NAME: return GEN_NAME;
    default: return GEN_MATERIAL;
    }
}

/* The forms `check` may be given at a level: material and names from the
 * start, studies from study, positions and FENs from position (§11). */
static gen_form check_form(gen_rng *rng, int max_level)
{
    static const gen_form by_level[] = {GEN_MATERIAL, GEN_NAME, GEN_STUDY, GEN_POSITION, GEN_FEN};
    static const int forms_at[] = {2, 3, 5, 5};
    return by_level[gen_below(rng, (uint32_t)forms_at[max_level])];
}

/* One case's input: a generated text (through the reference codec, or by
 * hand), mutated or not, or a mutated vector input of the same operation. */
static void make_input(gen_rng *rng, const gbr_operation *op, int max_level, const conform_fuzz_seed *seeds,
                       const size_t *seed_index, size_t seed_count, gen_bytes *out)
{
    const gbr_codec *ref = gbr_codec_ref();
    uint32_t how = gen_below(rng, 10);
    if (how >= 8 && seed_count > 0) {
        const conform_fuzz_seed *s = &seeds[seed_index[gen_below(rng, (uint32_t)seed_count)]];
        out->len = s->input_len < GEN_BYTES_MAX ? s->input_len : GEN_BYTES_MAX;
        memcpy(out->data, s->input, out->len);
        gen_mutate(rng, out);
        return;
    }
    gen_form form = op->input == GBR_FORM_UNKNOWN ? check_form(rng, max_level) : generated_form(op);
    if (op->pair) {
        out->len = gen_order_pair(rng, ref, form, (char *)out->data);
    } else if (gen_chance(rng, 1, 3)) {
        /* Written by hand from counts that may break §1: more boundaries of
         * the promotion and pawn rules than valid texts reach. */
        gbr_counts c;
        gbr_position p;
        out->len = 0;
        gen_any_counts(rng, &c, gen_below(rng, 4) ? 6 : 14);
        switch (form) {
        case GEN_MATERIAL: gen_write_material(rng, out, &c); break;
        case GEN_STUDY: gen_write_study(rng, out, &c); break;
        case GEN_NAME: gen_write_name(out, &c); break;
        default:
            if (!gen_board(rng, &p, &c))
                break;
            if (form == GEN_FEN)
                gen_write_fen(rng, out, &p);
            else
                gen_write_position(out, &p);
            break;
        }
    } else {
        out->len = gen_valid_text(rng, ref, form, (char *)out->data);
    }
    if (how >= 4)
        gen_mutate(rng, out);
}

/* An operation's bit in a set of them: bit i for gbr_operation_at(i). */
static uint64_t operation_bit(const gbr_operation *op)
{
    for (size_t i = 0; i < 64 && gbr_operation_at(i); i++)
        if (gbr_operation_at(i) == op)
            return (uint64_t)1 << i;
    return 0;
}

/* An answer's class: "ok", the error name, or how the program failed. */
typedef struct judged {
    char expected_class[40], got_class[64];
    int agree;
} judged;

static void error_name(const char *answer, size_t len, char *out, size_t cap)
{
    /* "error NAME COLUMN" */
    size_t n = 0;
    for (size_t i = 6; i < len && answer[i] != ' ' && n + 1 < cap; i++)
        out[n++] = answer[i];
    out[n] = '\0';
}

/* The COLUMN of "error NAME COLUMN", or 0 when it is not a decimal number. */
static size_t error_column(const char *answer, size_t len)
{
    const char *space = len > 6 ? memchr(answer + 6, ' ', len - 6) : NULL;
    if (!space || (size_t)(space - answer) + 1 >= len)
        return 0;
    size_t column = 0;
    for (const char *p = space + 1; p < answer + len; p++) {
        if (*p < '0' || *p > '9' || column > 100000)
            return 0;
        column = column * 10 + (size_t)(*p - '0');
    }
    return column;
}

/* Whether an input needs the extensions level (§11): a group, or a board
 * with three or more men of a type on one side (a 9 in its material). */
static int needs_extensions(const char *op, const char *input, size_t len)
{
    if (memchr(input, '{', len))
        return 1;
    if (strncmp(op, "fen-", 4) != 0 && strcmp(op, "check") != 0)
        return 0;
    char answer[CONFORM_ANSWER_MAX + 1];
    if (conform_answer(gbr_codec_ref(), "fen-material", input, len, answer) != CONFORM_ACCEPTED)
        return 0;
    return memchr(answer, '9', 4) != NULL;
}

/* The level of a case (§13.2): its operation's, that of the form `check`
 * recognises, or extensions for an input that needs them. */
static int case_level(const char *op, const char *input, size_t len)
{
    const gbr_operation *operation = gbr_operation_by_name(op, strlen(op));
    int level = operation ? (int)operation->level : -1;
    if (operation && operation->input == GBR_FORM_UNKNOWN) {
        gbr_form form = gbr_detect_form(input, len);
        if (form == GBR_FORM_STUDY)
            level = 1;
        else if (form == GBR_FORM_POSITION || form == GBR_FORM_FEN)
            level = 2;
    }
    return needs_extensions(op, input, len) ? 3 : level;
}

/* Judges an answer against the reference's: at CONFORM_ERRORS_EXACT the
 * error line must be the same; at CONFORM_ERRORS_VALIDITY any well-formed
 * error line agrees with an error, and its class shows as "error". */
static void judge(const char *op, const char *input, size_t input_len, int max_level, int errors, int expected_status,
                  const char *expected, const conform_outcome *o, judged *j)
{
    size_t expected_len = strlen(expected);
    if (expected_status == CONFORM_ACCEPTED)
        snprintf(j->expected_class, sizeof j->expected_class, "ok");
    else
        error_name(expected, expected_len, j->expected_class, sizeof j->expected_class);
    const char *got = o->out ? o->out : "";
    int got_error = o->out_len >= 6 && memcmp(got, "error ", 6) == 0;
    j->agree = 0;
    /* A `check` of a form beyond the levels is not in the claim (§11). */
    if (strcmp(op, "check") == 0 && max_level < 2 && case_level(op, input, input_len) > max_level) {
        snprintf(j->got_class, sizeof j->got_class, "beyond the level");
        j->agree = 1;
        return;
    }
    if (o->spawn_failed || o->timed_out || o->no_answer || !o->exited || o->exit_status > 1) {
        snprintf(j->got_class, sizeof j->got_class, "crash");
    } else if (o->bad_answer || got_error != (o->exit_status == 1)) {
        snprintf(j->got_class, sizeof j->got_class, "malformed answer");
    } else if (!got_error) {
        j->agree = expected_status == CONFORM_ACCEPTED && o->out_len == expected_len && memcmp(got, expected,
                                                                                               o->out_len) == 0;
        snprintf(j->got_class, sizeof j->got_class, expected_status == CONFORM_ACCEPTED ? "ok, another output" : "ok");
    } else {
        char name[40];
        error_name(got, o->out_len, name, sizeof name);
        j->agree = expected_status == CONFORM_REJECTED && o->out_len == expected_len && memcmp(got, expected,
                                                                                               o->out_len) == 0;
        if (errors == CONFORM_ERRORS_VALIDITY) {
            j->agree = expected_status == CONFORM_REJECTED;
            snprintf(j->got_class, sizeof j->got_class, "error");
        } else if (strcmp(name, j->expected_class) == 0)
            snprintf(j->got_class, sizeof j->got_class, "%s, another column", name);
        else
            snprintf(j->got_class, sizeof j->got_class, "%s", name);
        /* Below the extensions level a program may decline their inputs
         * with any well-formed error (§11). */
        if (max_level < 3 && expected_status == CONFORM_ACCEPTED && needs_extensions(op, input, input_len))
            j->agree = 1;
    }
}

/* Asks the program n cases, by batch session or one process each, giving
 * each outcome to `each` as it comes; none after the deadline. */
typedef struct asker {
    conform_session *session;
    char **argv; /* per-case: the program's words and a slot for the operation */
    int program_argc;
    double timeout;
    unsigned long desyncs; /* form 1: asks whose checks came out of step */
} asker;

/* Returns how many requests got their outcome (n unless the deadline came). */
static size_t ask(asker *a, const conform_request *requests, size_t n, double deadline, conform_answer_fn *each,
                  void *context)
{
    if (a->session) {
        conform_ask_result result;
        conform_session_ask(a->session, requests, n, deadline, each, context, &result);
        if (!result.cut)
            conform_session_restart(a->session); /* after a crash: starts up while the answers are judged */
        if (result.unchecked) {
            util_flush_stdout();
            util_command_error("conform", "%s", result.detail);
        }
        if (result.desync) {
            a->desyncs++;
            util_flush_stdout();
            util_command_error("conform", "batch answers out of step: %s; the program was started again",
                    result.detail);
        }
        return result.answered;
    }
    for (size_t i = 0; i < n; i++) {
        conform_outcome o;
        a->argv[a->program_argc] = (char *)requests[i].operation;
        conform_run_case(a->argv, requests[i].input, requests[i].input_len, a->timeout, deadline, &o);
        if (o.cut)
            return i;
        each(context, i, &o);
    }
    return n;
}

/* The form of an operation's output, for locating where two outputs part. */
static gbr_form output_form(const char *op, const char **text, size_t *len)
{
    if (strcmp(op, "check") == 0) {
        const char *space = memchr(*text, ' ', *len);
        if (!space)
            return GBR_FORM_UNKNOWN;
        size_t word = (size_t)(space - *text);
        gbr_form form = word == 8 && memcmp(*text, "material", 8) == 0 ? GBR_FORM_MATERIAL
                        : word == 5 && memcmp(*text, "study", 5) == 0  ? GBR_FORM_STUDY
                        : word == 8 && memcmp(*text, "position", 8) == 0 ? GBR_FORM_POSITION
                        : word == 3 && memcmp(*text, "fen", 3) == 0    ? GBR_FORM_FEN
                        : word == 4 && memcmp(*text, "name", 4) == 0   ? GBR_FORM_NAME
                                                                        : GBR_FORM_UNKNOWN;
        *text += word + 1;
        *len -= word + 1;
        return form;
    }
    if (strstr(op, "-order"))
        return GBR_FORM_UNKNOWN;
    if (strcmp(op, "material-name") == 0)
        return GBR_FORM_NAME;
    if (strcmp(op, "position-fen") == 0)
        return GBR_FORM_FEN;
    if (strcmp(op, "material") == 0 || strcmp(op, "name-material") == 0 || strcmp(op, "fen-material") == 0)
        return GBR_FORM_MATERIAL;
    if (strncmp(op, "fen-study", 9) == 0 || strcmp(op, "study") == 0)
        return GBR_FORM_STUDY;
    return GBR_FORM_POSITION;
}

/* The fault of a disagreement (spec §13.3.3): the place where the two
 * readings of the input part, named by its row of the §9.4 tables: the
 * earlier of the reference's error column and the program's (when it names
 * one within the input); else, when both accept, the first byte where the
 * outputs part, in the expected output; else none (a crash, a malformed
 * answer, a rejection without a column). */
static void fault_of(const gbr_operation *op, const char *input, size_t input_len, int errors, int expected_status,
                     const char *expected, const judged *j, const conform_outcome *o, conform_fault *f)
{
    memset(f, 0, sizeof *f);
    const char *got = o->out ? o->out : "";
    size_t expected_len = strlen(expected);
    if (strcmp(j->got_class, "crash") == 0 || strcmp(j->got_class, "malformed answer") == 0 ||
        strcmp(j->got_class, "beyond the level") == 0)
        return;
    int got_error = o->out_len >= 6 && memcmp(got, "error ", 6) == 0;
    size_t ref_column = expected_status == CONFORM_REJECTED ? error_column(expected, expected_len) : 0;
    /* Judged by validity the program's column is not compared, but it still
     * places the fault of a valid input rejected: without it every such
     * rejection would be one fault, and a shrink could pass from one defect
     * to another (a rejected 9 shrunk to a rejected short form). */
    size_t got_column = got_error ? error_column(got, o->out_len) : 0;
    if (got_column > input_len + 1)
        got_column = 0;
    char got_name[40] = "";
    if (got_error)
        error_name(got, o->out_len, got_name, sizeof got_name);
    if (got_error && errors == CONFORM_ERRORS_VALIDITY)
        snprintf(got_name, sizeof got_name, "error"); /* the class is not judged */
    /* §2.4 is checked once the material is read, and reported at its start:
     * a program that stops inside the material stops before it. */
    int ref_late = ref_column && got_column && strcmp(j->expected_class, "promotions") == 0;
    if (ref_column && (!got_column || (ref_column <= got_column && !ref_late))) {
        conform_fault_locate(op->input, op->pair, input, input_len, ref_column, j->expected_class, f);
        snprintf(f->expected_here, sizeof f->expected_here, "%s", j->expected_class);
        snprintf(f->got_here, sizeof f->got_here, "%s", got_column == ref_column && got_error ? got_name : "ok");
    } else if (got_column) {
        conform_fault_locate(op->input, op->pair, input, input_len, got_column, NULL, f);
        snprintf(f->expected_here, sizeof f->expected_here, "ok");
        snprintf(f->got_here, sizeof f->got_here, "%s", got_name);
    } else if (!got_error && expected_status == CONFORM_ACCEPTED) {
        size_t k = 0;
        while (k < expected_len && k < o->out_len && expected[k] == got[k])
            k++;
        const char *text = expected;
        size_t len = expected_len;
        gbr_form form = output_form(op->name, &text, &len);
        size_t skipped = (size_t)(text - expected);
        if (form != GBR_FORM_UNKNOWN && k >= skipped) {
            conform_fault_locate(form, 0, text, len, k - skipped + 1, NULL, f);
            f->in = "output";
            snprintf(f->expected_here, sizeof f->expected_here, "ok");
            snprintf(f->got_here, sizeof f->got_here, "another output");
        }
    }
}

/* The byte classes of a text, one letter a byte: the shape that tells two
 * findings without a fault apart after shrinking. */
static void shape_of(const gen_bytes *t, char *out)
{
    for (size_t i = 0; i < t->len; i++) {
        uint8_t c = t->data[i];
        out[i] = c == '0' || c == '9' ? (char)c : c >= '1' && c <= '8' ? '1' : c >= 'a' && c <= 'h' ? 'a'
                 : c >= 0x80 ? '~' : c < 0x20 ? '^' : (char)c;
    }
    out[t->len] = '\0';
}

#define MAX_FINDINGS 64

/* A distinct disagreement, shrunk. */
typedef struct finding {
    const gbr_operation *operation;
    judged j;
    conform_fault fault;
    gen_bytes input;
    size_t original_len;
    char expected[CONFORM_ANSWER_MAX + 1];
    int expected_status;
    conform_outcome outcome;
    int shrink_cut;           /* the budget ended before the shrink did */
    int shrunk;               /* the shrink is over (or off): ready to report */
    unsigned long long seen;  /* disagreeing cases of this fault */
    uint64_t operations;      /* the operations they came through: bit i for gbr_operation_at(i) */
    const char *known_as;     /* the id of a skipped vector case of the same fault, or NULL */
} finding;

/* Whether two disagreements are one finding. With a fault in the input:
 * the same row family and byte class, what the reference does there and
 * the class got, whatever the operation (they read the form the same way)
 * and whatever the reference says further on. In an output: that and the
 * operation. Without a fault: the operation and the classes. */
static int same_fault(const finding *a, const gbr_operation *op, const judged *j, const conform_fault *f)
{
    if (!a->fault.in || !f->in)
        return !a->fault.in && !f->in && a->operation == op && strcmp(a->j.expected_class, j->expected_class) == 0 &&
               strcmp(a->j.got_class, j->got_class) == 0;
    if (strcmp(a->fault.in, f->in) != 0 || (strcmp(f->in, "output") == 0 && a->operation != op))
        return 0;
    return strcmp(a->fault.expected_here, f->expected_here) == 0 && strcmp(a->fault.got_here, f->got_here) == 0 &&
           strcmp(a->fault.family, f->family) == 0 &&
           strcmp(a->fault.byte, f->byte) == 0;
}

/* A shrink's candidates, judged as their answers come. */
typedef struct shrinking {
    finding *f;
    int max_level, errors;
    const gen_bytes *candidates;
    size_t offset; /* the asked slice's first candidate */
    int kept;      /* a candidate of this slice keeps the disagreement */
} shrinking;

static void shrink_answer(void *context, size_t index, conform_outcome *o)
{
    shrinking *sh = context;
    finding *f = sh->f;
    const gen_bytes *c = &sh->candidates[sh->offset + index];
    if (sh->kept) {
        conform_outcome_clear(o);
        return;
    }
    char expected[CONFORM_ANSWER_MAX + 1];
    int status = conform_answer(gbr_codec_ref(), f->operation->name, (const char *)c->data, c->len, expected);
    judged j;
    judge(f->operation->name, (const char *)c->data, c->len, sh->max_level, sh->errors, status, expected, o, &j);
    conform_fault fault;
    fault_of(f->operation, (const char *)c->data, c->len, sh->errors, status, expected, &j, o, &fault);
    if (!j.agree && same_fault(f, f->operation, &j, &fault)) {
        sh->kept = 1;
        f->input = *c;
        f->j = j;
        f->fault = fault;
        memcpy(f->expected, expected, sizeof expected);
        f->expected_status = status;
        conform_outcome_clear(&f->outcome);
        f->outcome = *o;
        memset(o, 0, sizeof *o);
        return;
    }
    conform_outcome_clear(o);
}

/* Shrinks f->input while the disagreement keeps its classes and its fault:
 * each round asks the candidates (conform_shrink: runs of bytes, the forms'
 * structure, plainer bytes) a slice at a time, judging them as their answers
 * come, and keeps the first that still disagrees the same way. Returns 1
 * when no candidate keeps it (the shrink is over), 0 when `until` or the
 * run's deadline came first: f->input is then the smallest so far, and a
 * later call goes on from it. */
static int shrink(asker *a, int max_level, int errors, double until, double deadline, finding *f)
{
    double started = conform_clock();
    enum { MAX_CANDIDATES = 2048 };
    static gen_bytes candidates[MAX_CANDIDATES];
    static conform_request requests[MAX_CANDIDATES];
    for (;;) {
        size_t n = conform_shrink_candidates(&f->input, candidates, MAX_CANDIDATES);
        if (n == 0)
            return 1;
        for (size_t i = 0; i < n; i++)
            requests[i] = (conform_request){f->operation->name, (const char *)candidates[i].data, candidates[i].len};
        /* Asked a slice at a time, stopping at the first that keeps the
         * disagreement: crashes restart the program, which is slow. */
        shrinking sh = {f, max_level, errors, candidates, 0, 0};
        for (size_t i = 0; i < n && !sh.kept;) {
            /* Slices of up to 16 in batch mode, so the program has
             * requests ahead; one in per-case mode, where each is a
             * process. The share's end is checked between slices, so a
             * batch program is not stopped (and started again) for it;
             * within a slice it stops at the share's end plus as much
             * again, since a slice of candidates that each crash the
             * program (a restart each) can take seconds. */
            size_t most = a->session ? 16 : 1;
            size_t slice = n - i < most ? n - i : most;
            sh.offset = i;
            double now = conform_clock(), stop = until + (until - started);
            if (stop > deadline)
                stop = deadline;
            if (now >= until || now >= deadline)
                return 0; /* its share of the budget is spent for now, or the run's end came */
            if (ask(a, requests + i, slice, stop, shrink_answer, &sh) < slice)
                return 0; /* its share of the budget is spent for now, or the run's end came */
            i += slice;
        }
        if (!sh.kept)
            return 1; /* no candidate keeps it: minimal under these steps */
    }
}

static uint32_t fnv1a(const uint8_t *bytes, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ bytes[i]) * 16777619u;
    return h;
}

/* A text escaped as in the vector files (§13.1), with a leading or trailing
 * space written \x20 so that it shows (the same bytes to the reader). */
static void escape_visible(const char *src, size_t len, char *out)
{
    size_t lead = 0, trail = 0;
    while (lead < len && src[lead] == ' ')
        lead++;
    while (trail < len - lead && src[len - 1 - trail] == ' ')
        trail++;
    for (size_t i = 0; i < lead; i++, out += 4)
        memcpy(out, "\\x20", 4);
    conform_escape(src + lead, len - lead - trail, out);
    out += strlen(out);
    for (size_t i = 0; i < trail; i++, out += 4)
        memcpy(out, "\\x20", 4);
    *out = '\0';
}

/* Lower-case letters, digits and '_' of a name, for an id. */
static size_t id_part(const char *name, char *out, size_t cap)
{
    size_t k = 0;
    for (const char *p = name; *p && k + 1 < cap; p++) {
        char c = *p;
        if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out[k++] = c;
        else if (k > 0 && out[k - 1] != '_')
            out[k++] = '_';
    }
    while (k > 0 && out[k - 1] == '_')
        k--;
    out[k] = '\0';
    return k;
}

/* The finding as a line of a case file (spec/vectors/cases/, §13.5): id,
 * level, operation, input, what the case states (an invalid case: its
 * error class), comment. An invalid case's id names its fault (§13.1). */
static void case_line(const finding *f, uint64_t seed, char *out, size_t cap)
{
    char input[4 * GEN_BYTES_MAX + 1], got[4 * 200 + 1];
    escape_visible((const char *)f->input.data, f->input.len, input);
    size_t got_len = f->outcome.out_len < 200 ? f->outcome.out_len : 200;
    conform_escape(f->outcome.out ? f->outcome.out : "", got_len, got);
    char op[32], klass[48], row[80];
    id_part(f->operation->name, op, sizeof op);
    id_part(f->expected_status == CONFORM_ACCEPTED ? "" : f->j.expected_class, klass, sizeof klass);
    id_part(f->fault.in ? f->fault.row : "", row, sizeof row);
    int level = case_level(f->operation->name, (const char *)f->input.data, f->input.len);
    const char *how = f->j.got_class;
    char where[160] = "";
    if (f->fault.in)
        snprintf(where, sizeof where, " at %s (%s) of the %s", f->fault.row, f->fault.byte, f->fault.in);
    snprintf(out, cap,
             "%s_%s_fuzz%s%s%s%s_%08x\t%s\t%s\t%s\t%s\tfound by gbr conform --fuzz (seed %llu)%s: the program gave %s (%s)",
             f->expected_status == CONFORM_ACCEPTED ? "y" : "n", op, klass[0] ? "_" : "", klass, row[0] ? "_" : "", row,
             fnv1a(f->input.data, f->input.len), gbr_level_name((gbr_level)level), f->operation->name, input,
             f->expected_status == CONFORM_ACCEPTED ? "" : f->j.expected_class, (unsigned long long)seed, where,
             strcmp(how, "crash") == 0 ? "no answer" : got, how);
}

/* The report goes through stdio here; the escaping is the shared rule. */
static void json_string(const char *s, size_t len) { util_put_json_raw(&util_stdout, s, len); }

static void json_hex(const void *bytes, size_t len)
{
    util_putc(&util_stdout, '"');
    for (size_t i = 0; i < len; i++)
        util_putf(&util_stdout, "%02x", ((const unsigned char *)bytes)[i]);
    util_putc(&util_stdout, '"');
}

static void report_finding(const finding *f, uint64_t seed, int json, int first, double timeout)
{
    char line[4 * GEN_BYTES_MAX + 8 * CONFORM_ANSWER_MAX + 1400];
    case_line(f, seed, line, sizeof line);
    char input[4 * GEN_BYTES_MAX + 1], expected[4 * CONFORM_ANSWER_MAX + 1];
    escape_visible((const char *)f->input.data, f->input.len, input);
    escape_visible(f->expected, strlen(f->expected), expected);
    const conform_outcome *o = &f->outcome;
    if (json) {
        util_putf(&util_stdout, "%s\n  {\"operation\": \"%s\", \"expected_class\": ", first ? "" : ",",
                  f->operation->name);
        json_string(f->j.expected_class, strlen(f->j.expected_class));
        util_putf(&util_stdout, ", \"got_class\": ");
        json_string(f->j.got_class, strlen(f->j.got_class));
        util_putf(&util_stdout, ", \"fault\": ");
        if (f->fault.in) {
            util_putf(&util_stdout, "{\"row\": ");
            json_string(f->fault.row, strlen(f->fault.row));
            util_putf(&util_stdout, ", \"family\": ");
            json_string(f->fault.family, strlen(f->fault.family));
            util_putf(&util_stdout, ", \"byte\": ");
            json_string(f->fault.byte, strlen(f->fault.byte));
            util_putf(&util_stdout, ", \"column\": %zu, \"in\": \"%s\", \"expected_here\": ", f->fault.column,
                      f->fault.in);
            json_string(f->fault.expected_here, strlen(f->fault.expected_here));
            util_putf(&util_stdout, ", \"got_here\": ");
            json_string(f->fault.got_here, strlen(f->fault.got_here));
            util_putf(&util_stdout, "}");
        } else {
            util_putf(&util_stdout, "null");
        }
        util_putf(&util_stdout, ", \"input\": ");
        json_string((const char *)f->input.data, f->input.len);
        util_putf(&util_stdout, ", \"input_hex\": ");
        json_hex(f->input.data, f->input.len);
        util_putf(&util_stdout, ", \"input_length\": %zu, \"original_length\": %zu, \"shrink_cut_short\": %s",
                  f->input.len,
               f->original_len, f->shrink_cut ? "true" : "false");
        util_putf(&util_stdout, ", \"expected\": ");
        json_string(f->expected, strlen(f->expected));
        util_putf(&util_stdout, ", \"got\": ");
        json_string(o->out ? o->out : "", o->out_len);
        util_putf(&util_stdout, ", \"got_hex\": ");
        json_hex(o->out ? o->out : "", o->out_len);
        util_putf(&util_stdout, ", \"exit\": ");
        if (o->exited)
            util_putf(&util_stdout, "%d", o->exit_status);
        else
            util_putf(&util_stdout, "null");
        util_putf(&util_stdout,
                  ", \"signal\": %d, \"timed_out\": %s, \"no_answer\": %s, \"spawn_failed\": %s, \"stderr\": ",
                  o->signal,
               o->timed_out ? "true" : "false", o->no_answer ? "true" : "false", o->spawn_failed ? "true" : "false");
        json_string(o->err ? o->err : "", o->err_len);
        util_putf(&util_stdout, ", \"case\": ");
        json_string(line, strlen(line));
        util_putf(&util_stdout, "}");
        return;
    }
    util_putf(&util_stdout, "DISAGREE %s: expected %s, got %s\n", f->operation->name, f->j.expected_class,
              f->j.got_class);
    if (f->fault.in)
        util_putf(&util_stdout,
                  "  fault:    %s, byte %s (column %zu of the %s): there the reference %s%s, the program %s%s\n",
               f->fault.row, f->fault.byte, f->fault.column, f->fault.in,
               strcmp(f->fault.expected_here, "ok") == 0 ? "reads on" : "reports ",
               strcmp(f->fault.expected_here, "ok") == 0 ? "" : f->fault.expected_here,
               strcmp(f->fault.got_here, "ok") == 0 ? "reads on" : "gives ",
               strcmp(f->fault.got_here, "ok") == 0 ? "" : f->fault.got_here);
    else
        util_putf(&util_stdout, "  fault:    not located (no column or output to place it by)\n");
    util_putf(&util_stdout, "  input:    %s   (%zu byte%s, shrunk from %zu%s)\n", input, f->input.len,
              f->input.len == 1 ? "" : "s",
           f->original_len, f->shrink_cut ? "; shrinking cut short by the budget" : "");
    util_putf(&util_stdout, "  expected: %s   (the reference codec)\n", expected);
    size_t len = o->out_len;
    char *shown = malloc(4 * len + 1);
    if (shown)
        escape_visible(o->out ? o->out : "", len, shown);
    conform_print_got(o, shown ? shown : "", timeout);
    free(shown);
    if (o->err_len > 0) {
        size_t show = o->err_len < 400 ? o->err_len : 400;
        util_putf(&util_stdout, "  stderr:   %.*s%s\n", (int)show, o->err, o->err_len > show ? "..." : "");
    }
    util_putf(&util_stdout, "  case:     %s\n", line);
}

/* Cases a round: up to ROUND to keep a batch session busy, fewer when the
 * program is slow (one process a case, or frequent crashes and restarts),
 * so that a round takes about a quarter of a second and the budget is kept.
 * The inputs are drawn one after the other from one generator, so the round
 * sizes never change which inputs a seed gives. */
#define ROUND 2048
#define ROUND_MIN 8
/* Findings without a fault a class triple may have, told apart after
 * shrinking by the shape of their inputs. */
#define MAX_UNPLACED 4

/* The run's findings, the known faults of the skipped vector cases, counts,
 * and the round being asked. */
typedef struct fuzz_state {
    const conform_fuzz_options *opt;
    asker *a;
    const gbr_operation *const *ops; /* the round's case i: ops[op_of[i]], inputs[i] */
    const size_t *op_of;
    const gen_bytes *inputs;
    finding *findings, *known;
    size_t finding_count, known_count;
    size_t reported; /* findings[0, reported) are shrunk and reported; the rest wait for the round's end */
    unsigned long long disagreeing, known_cases;
    double deadline;
    double generate_seconds, shrink_seconds; /* spent asking generated cases, and shrinking */
    struct tries { /* shrinks of findings without a fault, by operation and classes */
        const gbr_operation *op;
        char expected_class[40], got_class[64];
        int count;
    } tries[MAX_FINDINGS];
    size_t tries_count;
} fuzz_state;

/* One disagreeing case: counted under its finding (or a known fault), or
 * kept as a new finding, to be shrunk and reported at the round's end (the
 * program is still being asked). Takes the outcome of a new finding (the
 * caller clears it otherwise). */
static void consider(fuzz_state *st, const gbr_operation *op, const gen_bytes *input, int expected_status,
                     const char *expected, const judged *j, conform_outcome *o)
{
    const conform_fuzz_options *opt = st->opt;
    conform_fault fault;
    fault_of(op, (const char *)input->data, input->len, opt->errors, expected_status, expected, j, o, &fault);
    for (size_t k = 0; k < st->known_count; k++)
        if (same_fault(&st->known[k], op, j, &fault)) {
            st->known[k].seen++;
            st->known_cases++;
            return;
        }
    st->disagreeing++;
    finding *first_unplaced = NULL;
    for (size_t k = 0; k < st->finding_count; k++) {
        finding *f = &st->findings[k];
        if (!same_fault(f, op, j, &fault))
            continue;
        if (fault.in) {
            f->seen++;
            f->operations |= operation_bit(op);
            return;
        }
        if (!first_unplaced)
            first_unplaced = f;
    }
    if (!fault.in) {
        /* Shrunk at most MAX_UNPLACED times by operation and classes. */
        struct tries *t = NULL;
        for (size_t k = 0; k < st->tries_count && !t; k++)
            if (st->tries[k].op == op && strcmp(st->tries[k].expected_class, j->expected_class) == 0 &&
                strcmp(st->tries[k].got_class, j->got_class) == 0)
                t = &st->tries[k];
        if (!t && st->tries_count < MAX_FINDINGS) {
            t = &st->tries[st->tries_count++];
            t->op = op;
            snprintf(t->expected_class, sizeof t->expected_class, "%s", j->expected_class);
            snprintf(t->got_class, sizeof t->got_class, "%s", j->got_class);
            t->count = 0;
        }
        if (!t || t->count >= MAX_UNPLACED) {
            if (first_unplaced)
                first_unplaced->seen++;
            return;
        }
        t->count++;
    }
    if (st->finding_count >= MAX_FINDINGS)
        return;
    finding *f = &st->findings[st->finding_count];
    memset(f, 0, sizeof *f);
    f->operation = op;
    f->j = *j;
    f->fault = fault;
    f->input = *input;
    f->original_len = input->len;
    memcpy(f->expected, expected, CONFORM_ANSWER_MAX + 1);
    f->expected_status = expected_status;
    f->outcome = *o;
    f->seen = 1;
    f->operations = operation_bit(op);
    memset(o, 0, sizeof *o);
    st->finding_count++;
}

/* Judges one case of the round as its answer comes: a disagreement becomes
 * a finding (its outcome kept for the report) or is counted under one;
 * every other outcome is dropped at once. */
static void round_answer(void *context, size_t i, conform_outcome *o)
{
    fuzz_state *st = context;
    const gbr_operation *op = st->ops[st->op_of[i]];
    const gen_bytes *input = &st->inputs[i];
    char expected[CONFORM_ANSWER_MAX + 1];
    int expected_status = conform_answer(gbr_codec_ref(), op->name, (const char *)input->data, input->len, expected);
    judged j;
    judge(op->name, (const char *)input->data, input->len, st->opt->max_level, st->opt->errors, expected_status,
          expected, o, &j);
    if (!j.agree)
        consider(st, op, input, expected_status, expected, &j, o);
    conform_outcome_clear(o);
}

/* Whether finding f, without a fault and shrunk, has the shape of an earlier
 * finding of its operation and classes: then it is counted under that one. */
static int same_shape_as_earlier(fuzz_state *st, const finding *f)
{
    char shape[GEN_BYTES_MAX + 1], other[GEN_BYTES_MAX + 1];
    shape_of(&f->input, shape);
    for (size_t k = 0; k < st->reported; k++) {
        finding *g = &st->findings[k];
        shape_of(&g->input, other);
        if (!g->fault.in && same_fault(g, f->operation, &f->j, &f->fault) && strcmp(shape, other) == 0) {
            g->seen += f->seen;
            return 1;
        }
    }
    return 0;
}

/* Seconds of shrinking the run may spend now: shrinking is held to its
 * share of the time spent so far (--shrink-share PERCENT of generating and
 * shrinking together), so the search goes on whatever it finds; 100 is no
 * bound but the budget. */
static double shrink_allowance(const fuzz_state *st)
{
    int share = st->opt->shrink_share;
    if (share >= 100)
        return st->deadline - conform_clock();
    return st->generate_seconds * share / (100 - share) - st->shrink_seconds;
}

/* The findings in the order they came: each shrunk, within the share of the
 * budget shrinking has now, and reported once its shrink is over; one whose
 * shrink must wait waits for the next round (and holds back the ones after
 * it, so the report keeps their order). With `last` (the budget is spent)
 * the ones still waiting are reported as they are, cut short. Returns
 * nonzero when the report could not be written. */
static int settle(fuzz_state *st, int last)
{
    const conform_fuzz_options *opt = st->opt;
    while (st->reported < st->finding_count) {
        finding *f = &st->findings[st->reported];
        if (!f->shrunk && opt->shrink_share == 0) {
            f->shrunk = 1; /* shrinking is off: reported as found */
        } else if (!f->shrunk && last) {
            f->shrunk = f->shrink_cut = 1;
        } else if (!f->shrunk) {
            double allowance = shrink_allowance(st);
            if (allowance <= 0)
                return 0;
            double started = conform_clock();
            f->shrunk = shrink(st->a, opt->max_level, opt->errors, started + allowance, st->deadline, f);
            st->shrink_seconds += conform_clock() - started;
            if (!f->shrunk)
                return 0; /* goes on after the next round, or is cut short at the end */
        }
        if (!f->fault.in && same_shape_as_earlier(st, f)) {
            /* Without a fault, one shape of shrunk input is one finding. */
            conform_outcome_clear(&f->outcome);
            memmove(f, f + 1, (st->finding_count - st->reported - 1) * sizeof *f);
            st->finding_count--;
            memset(&st->findings[st->finding_count], 0, sizeof *f);
            continue;
        }
        report_finding(f, opt->seed, opt->json, st->reported == 0, opt->timeout);
        st->reported++;
        if (util_flush_stdout() != 0) {
            util_command_error("conform", "cannot write the report: %s", strerror(util_stdout.error));
            return 1;
        }
    }
    return 0;
}

/* ==== Faults: the findings grouped, one line each ======================== */

/* One fault of the program: the findings that show the same thing done at
 * the same place, whatever the operation and whatever the reference does
 * there (a rejected 9 is one fault, seen through material, material-name
 * and check alike). */
typedef struct fault_group {
    char key[200];
    const finding *first, *shortest;
    unsigned long long cases;
    size_t findings;
    uint64_t operations; /* bit i: gbr_operation_at(i) */
    char reference[160]; /* what the reference does there, each way once: "reads on, name-overflow" */
} fault_group;

/* The grouping key: the place and what the program does there (an error
 * class, reading on, another output); without a place, what it gave. */
static void group_key(const finding *f, char *out, size_t cap)
{
    if (!f->fault.in)
        snprintf(out, cap, "-|%s", f->j.got_class);
    else if (strcmp(f->fault.in, "output") == 0)
        snprintf(out, cap, "output|%s|%s", f->fault.family, f->fault.byte);
    else if (strcmp(f->fault.got_here, "ok") != 0)
        snprintf(out, cap, "input|%s|%s|gives %s", f->fault.family, f->fault.byte, f->fault.got_here);
    else
        snprintf(out, cap, "input|%s|%s|reads on", f->fault.family, f->fault.byte);
}

/* Groups findings[0, n) into groups (at most n), in the order of their first finding. */
static size_t group_faults(const finding *findings, size_t n, fault_group *groups)
{
    size_t count = 0;
    for (size_t k = 0; k < n; k++) {
        const finding *f = &findings[k];
        char key[sizeof groups->key];
        group_key(f, key, sizeof key);
        fault_group *g = NULL;
        for (size_t i = 0; i < count && !g; i++)
            if (strcmp(groups[i].key, key) == 0)
                g = &groups[i];
        if (!g) {
            g = &groups[count++];
            memset(g, 0, sizeof *g);
            snprintf(g->key, sizeof g->key, "%s", key);
            g->first = g->shortest = f;
        }
        g->cases += f->seen;
        g->findings++;
        if (f->input.len < g->shortest->input.len)
            g->shortest = f;
        g->operations |= f->operations;
        /* What the reference does there, each way once, joined by " or ". */
        char reference[64];
        if (!f->fault.in)
            snprintf(reference, sizeof reference, "%s", f->j.expected_class);
        else if (strcmp(f->fault.expected_here, "ok") == 0)
            snprintf(reference, sizeof reference, "reads on");
        else
            snprintf(reference, sizeof reference, "reports %s", f->fault.expected_here);
        size_t at = strlen(g->reference), len = strlen(reference);
        int listed = 0;
        for (const char *p = g->reference; !listed && (p = strstr(p, reference)) != NULL; p += len)
            listed = (p == g->reference || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0');
        if (!listed && at + len + 5 < sizeof g->reference)
            snprintf(g->reference + at, sizeof g->reference - at, "%s%s", at ? " or " : "", reference);
    }
    return count;
}

/* What a group's program does, in words: "gives expected-digit where the
 * reference reads on", "reads on where the reference reports promotions". */
static void group_words(const fault_group *g, char *out, size_t cap)
{
    const finding *f = g->first;
    if (!f->fault.in)
        snprintf(out, cap, "not located (no column or output to place it by): the program gives %s where the "
                           "reference gives %s", f->j.got_class, g->reference);
    else if (strcmp(f->fault.in, "output") == 0)
        snprintf(out, cap, "%s, byte %s of the output: the program writes another output", f->fault.family,
                 f->fault.byte);
    else if (strcmp(f->fault.got_here, "ok") != 0)
        snprintf(out, cap, "%s, byte %s of the input: the program gives %s where the reference %s", f->fault.family,
                 f->fault.byte, f->fault.got_here, g->reference);
    else
        snprintf(out, cap, "%s, byte %s of the input: the program reads on where the reference %s", f->fault.family,
                 f->fault.byte, g->reference);
}

static void print_operations(uint64_t operations)
{
    int first = 1;
    for (size_t i = 0; i < 64 && gbr_operation_at(i); i++)
        if (operations & ((uint64_t)1 << i)) {
            util_putf(&util_stdout, first ? "%s" : ", %s", gbr_operation_at(i)->name);
            first = 0;
        }
}

/* The text report's fault lines, after the findings' details. */
static void print_faults_text(const finding *findings, size_t n, const fault_group *groups, size_t count)
{
    util_putf(&util_stdout,
              "%zu fault%s, one a line (the findings above grouped by place and what the program does there):\n", count,
           count == 1 ? "" : "s");
    for (size_t i = 0; i < count; i++) {
        const fault_group *g = &groups[i];
        char words[400], input[4 * GEN_BYTES_MAX + 1];
        group_words(g, words, sizeof words);
        escape_visible((const char *)g->shortest->input.data, g->shortest->input.len, input);
        util_putf(&util_stdout, "FAULT %zu: %s; %llu case%s in ", i + 1, words, g->cases, g->cases == 1 ? "" : "s");
        print_operations(g->operations);
        util_putf(&util_stdout, " (finding%s", g->findings == 1 ? "" : "s");
        const char *sep = " ";
        for (size_t k = 0; k < n; k++) {
            char key[sizeof g->key];
            group_key(&findings[k], key, sizeof key);
            if (strcmp(key, g->key) == 0) {
                util_putf(&util_stdout, "%s%zu", sep, k + 1);
                sep = ", ";
            }
        }
        util_putf(&util_stdout, "); shortest input %s (%s)\n", input, g->shortest->operation->name);
    }
}

/* The skipped vector cases of one ask, judged as their answers come. */
typedef struct known_asking {
    fuzz_state *st;
    const conform_fuzz_seed *cases;
    const size_t *case_of; /* the request's case */
} known_asking;

static void known_answer(void *context, size_t i, conform_outcome *o)
{
    known_asking *ka = context;
    fuzz_state *st = ka->st;
    const conform_fuzz_seed *c = &ka->cases[ka->case_of[i]];
    const gbr_operation *op = gbr_operation_by_name(c->operation, strlen(c->operation));
    char expected[CONFORM_ANSWER_MAX + 1];
    int status = conform_answer(gbr_codec_ref(), op->name, c->input, c->input_len, expected);
    judged j;
    judge(op->name, c->input, c->input_len, st->opt->max_level, st->opt->errors, status, expected, o, &j);
    if (!j.agree && st->known_count < MAX_FINDINGS) {
        finding *k = &st->known[st->known_count++];
        memset(k, 0, sizeof *k);
        k->operation = op;
        k->j = j;
        fault_of(op, c->input, c->input_len, st->opt->errors, status, expected, &j, o, &k->fault);
        k->known_as = c->id;
    }
    conform_outcome_clear(o);
}

/* The skipped vector cases: asked first (ROUND a time, in requests and
 * case_of), each disagreement's fault known; within the budget. */
static void ask_known(fuzz_state *st, const conform_fuzz_seed *cases, size_t count, conform_request *requests,
                      size_t *case_of)
{
    for (size_t next = 0; next < count && st->known_count < MAX_FINDINGS;) {
        size_t n = 0;
        for (; next < count && n < ROUND; next++) {
            const gbr_operation *op = gbr_operation_by_name(cases[next].operation, strlen(cases[next].operation));
            if (!op)
                continue;
            case_of[n] = next;
            requests[n++] = (conform_request){op->name, cases[next].input, cases[next].input_len};
        }
        known_asking ka = {st, cases, case_of};
        if (n > 0 && ask(st->a, requests, n, st->deadline, known_answer, &ka) < n)
            return; /* the deadline came */
    }
}

int conform_fuzz(const conform_fuzz_options *opt, const conform_fuzz_seed *seeds, size_t seed_count,
                 const conform_fuzz_seed *skipped, size_t skipped_count, char **program, int program_argc)
{
    /* The operations in play: those of the levels, cut to --operations. */
    const gbr_operation *ops[64];
    size_t op_count = 0;
    for (size_t i = 0; gbr_operation_at(i) && op_count < sizeof ops / sizeof ops[0]; i++) {
        const gbr_operation *op = gbr_operation_at(i);
        if ((int)op->level > (opt->max_level < GBR_LEVEL_POSITION ? opt->max_level : GBR_LEVEL_POSITION))
            continue;
        if (opt->operations) {
            size_t name_len = strlen(op->name);
            int listed = 0;
            for (const char *p = opt->operations; *p;) {
                const char *comma = strchr(p, ',');
                size_t len = comma ? (size_t)(comma - p) : strlen(p);
                listed |= len == name_len && memcmp(p, op->name, len) == 0;
                p += len + (comma ? 1 : 0);
            }
            if (!listed)
                continue;
        }
        ops[op_count++] = op;
    }
    if (opt->operations) {
        for (const char *p = opt->operations; *p;) {
            const char *comma = strchr(p, ',');
            size_t len = comma ? (size_t)(comma - p) : strlen(p);
            if (!gbr_operation_by_name(p, len)) {
                util_command_error("conform", "--operations: unknown operation '%.*s'", (int)len, p);
                return UTIL_EXIT_USAGE;
            }
            p += len + (comma ? 1 : 0);
        }
    }
    if (op_count == 0) {
        util_command_error("conform", "--operations: none of them is of the chosen levels");
        return UTIL_EXIT_USAGE;
    }
    /* Each operation's vector inputs, by index into seeds. */
    size_t *seed_index = malloc((seed_count ? seed_count : 1) * sizeof *seed_index);
    size_t *seed_start = calloc(op_count + 1, sizeof *seed_start);
    gen_bytes *inputs = malloc(ROUND * sizeof *inputs);
    conform_request *requests = malloc(ROUND * sizeof *requests);
    size_t *op_of = malloc(ROUND * sizeof *op_of);
    finding *findings = calloc(MAX_FINDINGS, sizeof *findings);
    finding *known = calloc(MAX_FINDINGS, sizeof *known);
    char **argv = calloc((size_t)program_argc + 2, sizeof *argv);
    int status = UTIL_EXIT_OK;
    if (!seed_index || !seed_start || !inputs || !requests || !op_of || !findings || !known || !argv) {
        util_command_error("conform", UTIL_OUT_OF_MEMORY);
        status = UTIL_EXIT_USAGE;
        goto done;
    }
    size_t indexed = 0;
    for (size_t k = 0; k < op_count; k++) {
        seed_start[k] = indexed;
        for (size_t i = 0; i < seed_count; i++)
            if (strcmp(seeds[i].operation, ops[k]->name) == 0)
                seed_index[indexed++] = i;
    }
    seed_start[op_count] = indexed;
    memcpy(argv, program, (size_t)program_argc * sizeof *argv);

    int form = conform_batch_form(opt->mode, program, program_argc, opt->timeout);
    int batch = form > 0;
    asker a = {batch ? conform_session_new(program, program_argc, form, opt->timeout) : NULL, argv, program_argc,
               opt->timeout, 0};
    if (batch && !a.session) {
        status = UTIL_EXIT_USAGE;
        goto done;
    }
    const char *judging = opt->errors == CONFORM_ERRORS_VALIDITY ? "validity" : "exact";
    if (opt->json) {
        util_putf(&util_stdout, "{\"program\": [");
        for (int i = 0; i < program_argc; i++) {
            util_putf(&util_stdout, i ? ", " : "");
            json_string(program[i], strlen(program[i]));
        }
        util_putf(&util_stdout,
                  "], \"mode\": \"%s\", \"errors\": \"%s\", \"seed\": %llu, \"seconds_budget\": %g, \"timeout\": %g, "
               "\"level\": \"%s\", \"operations\": [",
               batch ? "batch" : "per-case", judging, (unsigned long long)opt->seed, opt->seconds, opt->timeout,
               gbr_level_name((gbr_level)opt->max_level));
        for (size_t k = 0; k < op_count; k++)
            util_putf(&util_stdout, "%s\"%s\"", k ? ", " : "", ops[k]->name);
        util_putf(&util_stdout, "], \"disagreements\": [");
    }
    util_flush_stdout();
    gen_rng rng;
    gen_seed(&rng, opt->seed);
    unsigned long long cases = 0;
    /* The budget is a budget: every wait on the program ends at the
     * deadline, so a run ends within it and one --timeout (the program's
     * last wait to exit). */
    double start = conform_clock(), deadline = start + opt->seconds;
    static fuzz_state st;
    memset(&st, 0, sizeof st);
    st.opt = opt, st.a = &a, st.findings = findings, st.known = known, st.deadline = deadline;
    st.ops = ops, st.op_of = op_of, st.inputs = inputs;
    ask_known(&st, skipped, skipped_count, requests, op_of);
    size_t round = ROUND_MIN;
    int write_failed = 0;
    while (conform_clock() < deadline && !write_failed) {
        double round_start = conform_clock();
        for (size_t i = 0; i < round; i++) {
            size_t k = gen_below(&rng, (uint32_t)op_count);
            op_of[i] = k;
            make_input(&rng, ops[k], opt->max_level, seeds, seed_index + seed_start[k],
                       seed_start[k + 1] - seed_start[k],
                       &inputs[i]);
            requests[i] = (conform_request){ops[k]->name, (const char *)inputs[i].data, inputs[i].len};
        }
        size_t answered = ask(&a, requests, round, deadline, round_answer, &st);
        double took_round = conform_clock() - round_start; /* shrinking aside */
        st.generate_seconds += took_round;
        cases += answered;
        write_failed = settle(&st, 0);
        /* At most four times the last round: one fast round (no crash in
         * it) says little of the next, and a long one holds back the
         * shrinks and reports that wait for the round's end. */
        double fits = took_round > 0 ? (double)round * 0.25 / took_round : ROUND;
        if (fits > 4.0 * (double)round)
            fits = 4.0 * (double)round;
        round = fits >= ROUND ? ROUND : fits <= ROUND_MIN ? ROUND_MIN : (size_t)fits;
    }
    if (!write_failed)
        write_failed = settle(&st, 1);
    double took = conform_clock() - start;
    conform_session_free(a.session);
    size_t finding_count = st.finding_count;
    static fault_group groups[MAX_FINDINGS];
    size_t group_count = group_faults(findings, finding_count, groups);
    if (opt->json) {
        util_putf(&util_stdout, "\n], \"known\": [");
        for (size_t k = 0; k < st.known_count; k++) {
            util_putf(&util_stdout, "%s\n  {\"id\": ", k ? "," : "");
            json_string(known[k].known_as, strlen(known[k].known_as));
            util_putf(&util_stdout, ", \"operation\": \"%s\", \"expected_class\": ", known[k].operation->name);
            json_string(known[k].j.expected_class, strlen(known[k].j.expected_class));
            util_putf(&util_stdout, ", \"got_class\": ");
            json_string(known[k].j.got_class, strlen(known[k].j.got_class));
            util_putf(&util_stdout, ", \"row\": ");
            if (known[k].fault.in)
                json_string(known[k].fault.row, strlen(known[k].fault.row));
            else
                util_putf(&util_stdout, "null");
            util_putf(&util_stdout, ", \"seen\": %llu}", known[k].seen);
        }
        util_putf(&util_stdout, "%s], \"cases_by_finding\": [", st.known_count ? "\n" : "");
        for (size_t k = 0; k < finding_count; k++)
            util_putf(&util_stdout, "%s%llu", k ? ", " : "", findings[k].seen);
        util_putf(&util_stdout, "], \"faults\": [");
        for (size_t i = 0; i < group_count; i++) {
            const fault_group *g = &groups[i];
            const finding *f = g->first;
            char words[400];
            group_words(g, words, sizeof words);
            util_putf(&util_stdout, "%s\n  {\"summary\": ", i ? "," : "");
            json_string(words, strlen(words));
            util_putf(&util_stdout, ", \"in\": ");
            if (f->fault.in)
                util_putf(&util_stdout, "\"%s\", \"family\": ", f->fault.in);
            else
                util_putf(&util_stdout, "null, \"family\": ");
            if (f->fault.in)
                json_string(f->fault.family, strlen(f->fault.family));
            else
                util_putf(&util_stdout, "null");
            util_putf(&util_stdout, ", \"byte\": ");
            if (f->fault.in)
                json_string(f->fault.byte, strlen(f->fault.byte));
            else
                util_putf(&util_stdout, "null");
            const char *program_does = !f->fault.in ? f->j.got_class
                                       : strcmp(f->fault.in, "output") == 0 ? "another output" : f->fault.got_here;
            util_putf(&util_stdout, ", \"program\": ");
            json_string(program_does, strlen(program_does));
            util_putf(&util_stdout, ", \"reference\": ");
            json_string(g->reference, strlen(g->reference));
            util_putf(&util_stdout, ", \"cases\": %llu, \"operations\": [", g->cases);
            int first = 1;
            for (size_t k = 0; k < 64 && gbr_operation_at(k); k++)
                if (g->operations & ((uint64_t)1 << k)) {
                    util_putf(&util_stdout, "%s\"%s\"", first ? "" : ", ", gbr_operation_at(k)->name);
                    first = 0;
                }
            util_putf(&util_stdout, "], \"findings\": [");
            first = 1;
            for (size_t k = 0; k < finding_count; k++) {
                char key[sizeof g->key];
                group_key(&findings[k], key, sizeof key);
                if (strcmp(key, g->key) == 0) {
                    util_putf(&util_stdout, "%s%zu", first ? "" : ", ", k);
                    first = 0;
                }
            }
            util_putf(&util_stdout, "]}");
        }
        util_putf(&util_stdout,
                  "%s], \"cases\": %llu, \"disagreeing_cases\": %llu, \"known_cases\": %llu, \"distinct\": %zu, "
               "\"seconds\": %.1f, \"shrink_share\": %d, \"shrink_seconds\": %.2f}\n",
               group_count ? "\n" : "", cases, st.disagreeing, st.known_cases, finding_count, took,
               opt->shrink_share, st.shrink_seconds);
    }
    util_flush_stdout();
    int closing_to_stderr = opt->json;
    if (finding_count > 0 && !opt->json) {
        util_putf(&util_stdout, "disagreeing cases by finding, in the order above:");
        for (size_t k = 0; k < finding_count; k++)
            util_putf(&util_stdout, " %llu", findings[k].seen);
        util_putf(&util_stdout, "\n");
        print_faults_text(findings, finding_count, groups, group_count);
    }
    if (st.known_cases > 0)
        util_text(closing_to_stderr,
                  "%llu disagreeing cases had the fault of a skipped vector case (known, not reported)\n",
                st.known_cases);
    if (!batch && took > 2 && (double)cases / took < 200)
        util_message("gbr conform: per-case mode ran %.0f cases/s (a process a case); a program that answers "
                        "batch mode (spec/gbr.md section 13.3.2) is asked many times more in the same budget\n",
                (double)cases / took);
    util_text(closing_to_stderr,
              "%llu cases, %llu disagreed, %zu distinct disagreements (seed %llu, %.1f s, %.0f cases/s, shrinking "
            "%.1f s = %.0f%% of the run (share %d%%), %s errors, %s mode)\n",
            cases, st.disagreeing, finding_count, (unsigned long long)opt->seed, took,
            took > 0 ? (double)cases / took : 0.0, st.shrink_seconds, took > 0 ? 100 * st.shrink_seconds / took : 0.0,
            opt->shrink_share, judging, batch ? "batch" : "per-case");
    if (cases == 0)
        util_message("gbr conform: no case was answered within the budget of %g s (--timeout %g): nothing was "
                        "tested\n", opt->seconds, opt->timeout);
    status = finding_count || a.desyncs || write_failed || cases == 0 ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
done:
    for (size_t f = 0; findings && f < MAX_FINDINGS; f++)
        conform_outcome_clear(&findings[f].outcome);
    free(seed_index), free(seed_start), free(inputs), free(requests), free(op_of), free(findings);
    free(known);
    free(argv);
    return status;
}
