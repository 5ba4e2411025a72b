/*
 * gbr conform --fuzz: differential fuzzing against the reference codec (see
 * conform_fuzz.h and spec/gbr.md section 13.4).
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
#include "conform_child.h"
#include "conform_protocol.h"
#include "gen.h"

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

static void judge(const char *op, const char *input, size_t input_len, int max_level, int expected_status,
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
        j->agree = expected_status == CONFORM_ACCEPTED && o->out_len == expected_len && memcmp(got, expected, o->out_len) == 0;
        snprintf(j->got_class, sizeof j->got_class, expected_status == CONFORM_ACCEPTED ? "ok, another output" : "ok");
    } else {
        char name[40];
        error_name(got, o->out_len, name, sizeof name);
        j->agree = expected_status == CONFORM_REJECTED && o->out_len == expected_len && memcmp(got, expected, o->out_len) == 0;
        if (strcmp(name, j->expected_class) == 0)
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
        if (result.desync) {
            a->desyncs++;
            fflush(stdout);
            fprintf(stderr, "gbr conform: batch answers out of step: %s; the program was started again\n",
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

#define MAX_FINDINGS 64

/* A distinct disagreement, shrunk. */
typedef struct finding {
    const char *operation;
    judged j;
    gen_bytes input;
    size_t original_len;
    char expected[CONFORM_ANSWER_MAX + 1];
    int expected_status;
    conform_outcome outcome;
} finding;

/* A shrink's candidates, judged as their answers come. */
typedef struct shrinking {
    finding *f;
    int max_level;
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
    int status = conform_answer(gbr_codec_ref(), f->operation, (const char *)c->data, c->len, expected);
    judged j;
    judge(f->operation, (const char *)c->data, c->len, sh->max_level, status, expected, o, &j);
    if (!j.agree && strcmp(j.expected_class, f->j.expected_class) == 0 && strcmp(j.got_class, f->j.got_class) == 0) {
        sh->kept = 1;
        f->input = *c;
        f->j = j;
        memcpy(f->expected, expected, sizeof expected);
        f->expected_status = status;
        conform_outcome_clear(&f->outcome);
        f->outcome = *o;
        memset(o, 0, sizeof *o);
        return;
    }
    conform_outcome_clear(o);
}

/* Shrinks f->input while the disagreement keeps its classes: each round
 * asks the candidates (deletions of halves down to single bytes, then
 * bytes made plainer) a slice at a time and keeps the first that still
 * disagrees the same way. */
static void shrink(asker *a, int max_level, double deadline, finding *f)
{
    enum { MAX_CANDIDATES = 1024 };
    static gen_bytes candidates[MAX_CANDIDATES];
    static conform_request requests[MAX_CANDIDATES];
    for (int round = 0; round < 200; round++) {
        size_t n = 0;
        const gen_bytes *in = &f->input;
        for (size_t chunk = in->len; chunk >= 1 && n < MAX_CANDIDATES; chunk /= 2)
            for (size_t at = 0; at + chunk <= in->len && n < MAX_CANDIDATES; at += chunk) {
                gen_bytes *c = &candidates[n++];
                memcpy(c->data, in->data, at);
                memcpy(c->data + at, in->data + at + chunk, in->len - at - chunk);
                c->len = in->len - chunk;
            }
        static const char plainer[] = "0a ";
        for (size_t at = 0; at < in->len && n < MAX_CANDIDATES; at++)
            for (int k = 0; k < 3 && n < MAX_CANDIDATES; k++) {
                if (strchr(plainer, in->data[at]) && in->data[at] != 0)
                    break; /* already plain */
                gen_bytes *c = &candidates[n++];
                *c = *in;
                c->data[at] = (uint8_t)plainer[k];
            }
        if (n == 0)
            return;
        for (size_t i = 0; i < n; i++)
            requests[i] = (conform_request){f->operation, (const char *)candidates[i].data, candidates[i].len};
        /* Asked a slice at a time, stopping at the first that keeps the
         * disagreement: crashes restart the program, which is slow. */
        shrinking sh = {f, max_level, candidates, 0, 0};
        for (size_t i = 0; i < n && !sh.kept; i += 16) {
            if (conform_clock() >= deadline)
                return;
            size_t slice = n - i < 16 ? n - i : 16;
            sh.offset = i;
            if (ask(a, requests + i, slice, deadline, shrink_answer, &sh) < slice)
                return; /* the deadline came */
        }
        if (!sh.kept)
            return; /* no candidate keeps it: minimal under these steps */
    }
}

static uint32_t fnv1a(const uint8_t *bytes, size_t len)
{
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ bytes[i]) * 16777619u;
    return h;
}

/* The finding as a line of a vector file (§13.1), ready to commit. */
static void vector_line(const finding *f, char *out, size_t cap)
{
    char input[4 * GEN_BYTES_MAX + 1], expected[4 * CONFORM_ANSWER_MAX + 1], got[4 * 200 + 1];
    conform_escape((const char *)f->input.data, f->input.len, input);
    conform_escape(f->expected, strlen(f->expected), expected);
    size_t got_len = f->outcome.out_len < 200 ? f->outcome.out_len : 200;
    conform_escape(f->outcome.out ? f->outcome.out : "", got_len, got);
    char id_op[32];
    size_t k = 0;
    for (const char *p = f->operation; *p && k + 1 < sizeof id_op; p++)
        id_op[k++] = *p == '-' ? '_' : *p;
    id_op[k] = '\0';
    int level = case_level(f->operation, (const char *)f->input.data, f->input.len);
    const char *how = f->j.got_class;
    snprintf(out, cap, "%s_fuzz_%s_%08x\t%s\t%s\t%s\t%s\t%s\tfound by gbr conform --fuzz: the program gave %s (%s)",
             f->expected_status == CONFORM_ACCEPTED ? "y" : "n", id_op, fnv1a(f->input.data, f->input.len),
             gbr_level_name((gbr_level)level), f->expected_status == CONFORM_ACCEPTED ? "valid" : "invalid", f->operation, input,
             expected, strcmp(how, "crash") == 0 ? "no answer" : got, how);
}

/* The report goes through stdio here; the escaping is the shared rule. */
static void json_string(const char *s, size_t len) { util_fput_json_raw_string(stdout, s, len); }

static void report_finding(const finding *f, int json, int first, double timeout)
{
    char line[4 * GEN_BYTES_MAX + 8 * CONFORM_ANSWER_MAX + 1200];
    vector_line(f, line, sizeof line);
    char input[4 * GEN_BYTES_MAX + 1];
    conform_escape((const char *)f->input.data, f->input.len, input);
    if (json) {
        printf("%s\n  {\"operation\": \"%s\", \"expected_class\": ", first ? "" : ",", f->operation);
        json_string(f->j.expected_class, strlen(f->j.expected_class));
        printf(", \"got_class\": ");
        json_string(f->j.got_class, strlen(f->j.got_class));
        printf(", \"input\": ");
        json_string((const char *)f->input.data, f->input.len);
        printf(", \"expected\": ");
        json_string(f->expected, strlen(f->expected));
        printf(", \"got\": ");
        json_string(f->outcome.out ? f->outcome.out : "", f->outcome.out_len);
        printf(", \"vector\": ");
        json_string(line, strlen(line));
        printf("}");
        return;
    }
    printf("DISAGREE %s: expected %s, got %s\n", f->operation, f->j.expected_class, f->j.got_class);
    printf("  input:    %s   (shrunk from %zu bytes)\n", input, f->original_len);
    printf("  expected: %s   (the reference codec)\n", f->expected);
    size_t len = f->outcome.out_len;
    char *shown = malloc(4 * len + 1);
    if (shown)
        conform_escape(f->outcome.out ? f->outcome.out : "", len, shown);
    conform_print_got(&f->outcome, shown ? shown : "", timeout);
    free(shown);
    if (f->outcome.err_len > 0) {
        size_t show = f->outcome.err_len < 400 ? f->outcome.err_len : 400;
        printf("  stderr:   %.*s%s\n", (int)show, f->outcome.err, f->outcome.err_len > show ? "..." : "");
    }
    printf("  vector:   %s\n", line);
}

/* A round of the fuzzing: its cases, and the findings so far. */
typedef struct round_state {
    const conform_fuzz_options *opt;
    const gbr_operation *const *ops;
    const size_t *op_of;
    const gen_bytes *inputs;
    const conform_request *requests;
    finding *findings;
    size_t finding_count;
    unsigned long long disagreeing;
} round_state;

/* Judges one case of the round as its answer comes: a disagreement of a
 * new kind becomes a finding (its outcome kept for the report), every
 * other outcome is dropped at once. */
static void round_answer(void *context, size_t i, conform_outcome *o)
{
    round_state *st = context;
    char expected[CONFORM_ANSWER_MAX + 1];
    const conform_request *r = &st->requests[i];
    const char *op = st->ops[st->op_of[i]]->name;
    int expected_status = conform_answer(gbr_codec_ref(), op, r->input, r->input_len, expected);
    judged j;
    judge(op, r->input, r->input_len, st->opt->max_level, expected_status, expected, o, &j);
    if (!j.agree) {
        st->disagreeing++;
        int known = 0;
        for (size_t f = 0; f < st->finding_count && !known; f++)
            known = st->findings[f].operation == op && strcmp(st->findings[f].j.expected_class, j.expected_class) == 0 &&
                    strcmp(st->findings[f].j.got_class, j.got_class) == 0;
        if (!known && st->finding_count < MAX_FINDINGS) {
            finding *f = &st->findings[st->finding_count++];
            f->operation = op;
            f->j = j;
            f->input = st->inputs[i];
            f->original_len = st->inputs[i].len;
            memcpy(f->expected, expected, sizeof expected);
            f->expected_status = expected_status;
            f->outcome = *o;
            memset(o, 0, sizeof *o);
            return;
        }
    }
    conform_outcome_clear(o);
}

/* Cases a round: up to ROUND to keep a batch session busy, fewer when the
 * program is slow (one process a case, or frequent crashes and restarts),
 * so that a round takes about a quarter of a second and the budget is kept.
 * The inputs are drawn one after the other from one generator, so the round
 * sizes never change which inputs a seed gives. */
#define ROUND 2048
#define ROUND_MIN 8

int conform_fuzz(const conform_fuzz_options *opt, const conform_fuzz_seed *seeds, size_t seed_count, char **program,
                 int program_argc)
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
                fprintf(stderr, "gbr conform: --operations: unknown operation '%.*s'\n", (int)len, p);
                return UTIL_EXIT_USAGE;
            }
            p += len + (comma ? 1 : 0);
        }
    }
    if (op_count == 0) {
        fprintf(stderr, "gbr conform: --operations: none of them is of the chosen levels\n");
        return UTIL_EXIT_USAGE;
    }
    /* Each operation's vector inputs, by index into seeds. */
    size_t *seed_index = malloc((seed_count ? seed_count : 1) * sizeof *seed_index);
    size_t *seed_start = calloc(op_count + 1, sizeof *seed_start);
    gen_bytes *inputs = malloc(ROUND * sizeof *inputs);
    conform_request *requests = malloc(ROUND * sizeof *requests);
    size_t *op_of = malloc(ROUND * sizeof *op_of);
    finding *findings = calloc(MAX_FINDINGS, sizeof *findings);
    char **argv = calloc((size_t)program_argc + 2, sizeof *argv);
    int status = UTIL_EXIT_OK;
    if (!seed_index || !seed_start || !inputs || !requests || !op_of || !findings || !argv) {
        fprintf(stderr, "gbr conform: out of memory\n");
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

    int form = opt->mode == CONFORM_MODE_BATCH ? 1 : 0;
    if (opt->mode == CONFORM_MODE_AUTO)
        form = conform_speaks_batch(program, program_argc, opt->timeout);
    int batch = form > 0;
    asker a = {batch ? conform_session_new(program, program_argc, form, opt->timeout) : NULL, argv, program_argc,
               opt->timeout, 0};
    if (batch && !a.session) {
        status = UTIL_EXIT_USAGE;
        goto done;
    }
    if (opt->json) {
        printf("{\"program\": [");
        for (int i = 0; i < program_argc; i++) {
            printf(i ? ", " : "");
            json_string(program[i], strlen(program[i]));
        }
        printf("], \"mode\": \"%s\", \"seed\": %llu, \"level\": \"%s\", \"operations\": [", batch ? "batch" : "per-case",
               (unsigned long long)opt->seed, gbr_level_name((gbr_level)opt->max_level));
        for (size_t k = 0; k < op_count; k++)
            printf("%s\"%s\"", k ? ", " : "", ops[k]->name);
        printf("], \"disagreements\": [");
    }
    fflush(stdout);
    gen_rng rng;
    gen_seed(&rng, opt->seed);
    round_state st;
    memset(&st, 0, sizeof st);
    st.opt = opt;
    st.ops = ops;
    st.op_of = op_of;
    st.inputs = inputs;
    st.requests = requests;
    st.findings = findings;
    unsigned long long cases = 0;
    /* The budget is a budget: every wait on the program ends at the
     * deadline, so a run ends within it and one --timeout (the program's
     * last wait to exit). */
    double start = conform_clock(), deadline = start + opt->seconds;
    size_t round = ROUND_MIN, reported = 0;
    int write_failed = 0;
    while (conform_clock() < deadline && !write_failed) {
        double round_start = conform_clock();
        for (size_t i = 0; i < round; i++) {
            size_t k = gen_below(&rng, (uint32_t)op_count);
            op_of[i] = k;
            make_input(&rng, ops[k], opt->max_level, seeds, seed_index + seed_start[k], seed_start[k + 1] - seed_start[k],
                       &inputs[i]);
            requests[i] = (conform_request){ops[k]->name, (const char *)inputs[i].data, inputs[i].len};
        }
        size_t answered = ask(&a, requests, round, deadline, round_answer, &st);
        double took_round = conform_clock() - round_start; /* shrinking aside */
        cases += answered;
        /* The round's new findings, in the order they came. */
        for (; reported < st.finding_count && !write_failed; reported++) {
            finding *f = &findings[reported];
            /* Each shrink gets a share of the budget, so that a slow or
             * crashing program is still fuzzed after its first findings. */
            double share = opt->seconds / 20 > 2 ? opt->seconds / 20 : 2;
            double until = conform_clock() + share;
            shrink(&a, opt->max_level, until < deadline ? until : deadline, f);
            report_finding(f, opt->json, reported == 0, opt->timeout);
            if (fflush(stdout) != 0 || ferror(stdout)) {
                fprintf(stderr, "gbr conform: cannot write the report: %s\n", strerror(errno ? errno : EIO));
                write_failed = 1;
            }
        }
        double fits = took_round > 0 ? (double)round * 0.25 / took_round : ROUND;
        round = fits >= ROUND ? ROUND : fits <= ROUND_MIN ? ROUND_MIN : (size_t)fits;
    }
    size_t finding_count = st.finding_count;
    unsigned long long disagreeing = st.disagreeing;
    double took = conform_clock() - start;
    conform_session_free(a.session);
    if (opt->json)
        printf("\n], \"cases\": %llu, \"disagreeing_cases\": %llu, \"distinct\": %zu, \"seconds\": %.1f}\n", cases,
               disagreeing, finding_count, took);
    fflush(stdout);
    fprintf(opt->json ? stderr : stdout,
            "%llu cases, %llu disagreed, %zu distinct disagreements (seed %llu, %.1f s, %.0f cases/s, %s mode)\n", cases,
            disagreeing, finding_count, (unsigned long long)opt->seed, took, took > 0 ? (double)cases / took : 0.0,
            batch ? "batch" : "per-case");
    if (cases == 0)
        fprintf(stderr, "gbr conform: no case was answered within the budget of %g s (--timeout %g): nothing was "
                        "tested\n", opt->seconds, opt->timeout);
    status = finding_count || a.desyncs || write_failed || cases == 0 ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
done:
    for (size_t f = 0; findings && f < MAX_FINDINGS; f++)
        conform_outcome_clear(&findings[f].outcome);
    free(seed_index), free(seed_start), free(inputs), free(requests), free(op_of), free(findings);
    free(argv);
    return status;
}
