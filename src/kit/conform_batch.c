/*
 * Batch mode of spec/gbr.md section 13.3.2 (see conform_batch.h): the
 * handshake, request lines sent ahead of their answers, answer lines read
 * and judged in step, form 1's check requests, and restarts after a crash,
 * over one conform_process.
 */
#define _POSIX_C_SOURCE 200809L

#include "conform_batch.h"

#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "grow.h"
#include "output.h"
#include "conform_protocol.h"

void (*conform_session_test_hook)(const char *event);

void conform_print_got(const conform_outcome *o, const char *shown, double timeout)
{
    if (o->protocol_error[0])
        util_putf(&util_stdout, "  got:      (protocol error: %s)\n", o->protocol_error);
    else if (o->spawn_failed)
        util_putf(&util_stdout, "  got:      (the program could not be started)\n");
    else if (o->timed_out)
        util_putf(&util_stdout, "  got:      (no answer within %g s: killed)\n", timeout);
    else if (o->no_answer && o->exited)
        util_putf(&util_stdout, "  got:      (no answer: the program exited with status %d)\n", o->exit_status);
    else if (o->no_answer)
        util_putf(&util_stdout, "  got:      (no answer: the program was killed by signal %d)\n", o->signal);
    else if (o->bad_answer)
        util_putf(&util_stdout, "  got:      %s   (not an answer line of the batch protocol)\n", shown);
    else if (!o->exited)
        util_putf(&util_stdout, "  got:      %s   (killed by signal %d)\n", shown, o->signal);
    else
        util_putf(&util_stdout, "  got:      %s   (exit %d)\n", shown, o->exit_status);
}

/* The program's words and the operation "batch", NULL-terminated (the
 * array is the caller's to free, the words are not). */
static char **batch_argv(char **program, int program_argc)
{
    char **argv = calloc((size_t)program_argc + 2, sizeof *argv);
    if (!argv)
        return NULL;
    memcpy(argv, program, (size_t)program_argc * sizeof *argv);
    argv[program_argc] = "batch";
    return argv;
}

int conform_speaks_batch(char **program, int program_argc, double timeout)
{
    char **argv = batch_argv(program, program_argc);
    if (!argv)
        return 0;
    conform_outcome o;
    conform_run_case(argv, "", 0, timeout, 0, &o);
    int form = 0;
    if (o.exited && o.exit_status == 0 && o.out_len == strlen(CONFORM_BATCH_1))
        form = memcmp(o.out, CONFORM_BATCH_1, o.out_len) == 0 ? 1 : memcmp(o.out, CONFORM_BATCH_2,
                      o.out_len) == 0 ? 2 : 0;
    conform_outcome_clear(&o);
    free(argv);
    return form;
}

int conform_batch_form(int mode, char **program, int program_argc, double timeout)
{
    if (mode == CONFORM_MODE_PER_CASE)
        return 0;
    int form = conform_speaks_batch(program, program_argc, timeout);
    return mode == CONFORM_MODE_BATCH && form == 0 ? 1 : form;
}

struct conform_session {
    char **argv; /* the program's words and "batch", NULL-terminated */
    double timeout;
    int form;    /* 1 or 2 (§13.3.2) */
    const char *handshake;
    conform_process c;
    int greeted; /* the handshake line of this start has arrived */
    unsigned long starts;
    unsigned long long next_number; /* form 2: the next request's sequence number */
    /* Form 1: the program's own answers to the check requests, learned at
     * its first start before any case (when nothing can be out of step). */
    int checks_learned, checks_off;
    char check_answer[2][4 * 40 + 1];
    char *line; /* the answer line being read (at most CONFORM_KEEP_LIMIT kept) */
    size_t line_len, line_cap;
    int line_overlong;
    char *sending; /* request bytes serialized and not yet written */
    size_t send_start, send_len, send_cap;
};

conform_session *conform_session_new(char **program, int program_argc, int form, double timeout)
{
    conform_session *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->argv = batch_argv(program, program_argc);
    if (!s->argv) {
        free(s);
        return NULL;
    }
    s->timeout = timeout;
    s->form = form == 2 ? 2 : 1;
    s->handshake = s->form == 2 ? CONFORM_BATCH_2 : CONFORM_BATCH_1;
    s->next_number = 1;
    s->c = (conform_process)CONFORM_PROCESS_NONE;
    return s;
}

unsigned long conform_session_starts(const conform_session *s) { return s->starts; }

static int session_start(conform_session *s)
{
    s->greeted = 0;
    s->line_len = 0;
    s->line_overlong = 0;
    s->send_start = s->send_len = 0;
    s->starts++;
    return conform_process_start(s->argv, &s->c);
}

/* Appends one request line (§13.3.2: [NUMBER TAB] OPERATION TAB escaped
 * input LF; the number in form 2). */
static int serialize(conform_session *s, const conform_request *r, unsigned long long number)
{
    char prefix[32] = "";
    if (s->form == 2)
        snprintf(prefix, sizeof prefix, "%llu\t", number);
    size_t prefix_len = strlen(prefix), op_len = strlen(r->operation);
    size_t need = prefix_len + op_len + 1 + 4 * r->input_len + 2;
    if (s->send_start > 0 && s->send_start == s->send_len)
        s->send_start = s->send_len = 0;
    char *bigger = util_grow(s->sending, &s->send_cap, s->send_len + need, 1);
    if (!bigger)
        return -1;
    s->sending = bigger;
    char *p = s->sending + s->send_len;
    memcpy(p, prefix, prefix_len);
    memcpy(p + prefix_len, r->operation, op_len);
    p += prefix_len + op_len;
    *p++ = '\t';
    conform_escape(r->input, r->input_len, p);
    size_t len = prefix_len + op_len + 1 + strlen(p);
    s->sending[s->send_len + len++] = '\n';
    s->send_len += len;
    return 0;
}

/* Takes one complete answer line into o: unescaped, its status from its
 * first word. */
static void take_answer(const char *line, size_t len, int overlong, conform_outcome *o)
{
    char *text = malloc(len + 1);
    if (!text) {
        o->bad_answer = 1;
        return;
    }
    memcpy(text, line, len);
    text[len] = '\0';
    long got = memchr(line, '\0', len) || overlong ? -1 : conform_unescape(text, text);
    o->exited = 1;
    if (got < 0) {
        o->bad_answer = 1; /* shown as sent */
        got = (long)len;
        memcpy(text, line, len);
    }
    text[got] = '\0';
    o->out = text;
    o->out_len = (size_t)got;
    o->exit_status = got >= 6 && memcmp(text, "error ", 6) == 0 ? 1 : 0;
}

/* Requests sent ahead of the answers: enough to keep both sides busy while
 * a crash resends only a bounded amount. */
#define SEND_AHEAD 256

/* Form 1's check requests after the last request of an ask: the program's
 * answers to them are learned at its first start, before any case, and
 * must differ, so an extra answer line among the requests before them, or
 * a missing one, shows as a check answered out of step; a deterministic
 * program answers them the same way each time, right or wrong. */
#define CHECKS 2
static const conform_request check_requests[CHECKS] = {{"material", "0000", 4}, {"material", "", 0}};

/* One conform_session_ask in progress: `learn` check requests first (the
 * first ask of a session), then the n requests, then the checks. */
typedef struct asking {
    conform_session *s;
    const conform_request *requests;
    size_t learn, n, total;
    size_t answered, serialized; /* of total */
    unsigned long long first_number; /* form 2: requests[0]'s number */
    double progress; /* the later of the last answer and the awaited request's sending */
    conform_outcome o; /* the awaited request's, gathered */
    conform_answer_fn *each;
    void *context;
    conform_ask_result *result;
    char check_got[CHECKS][4 * 40 + 1];
} asking;

static const conform_request *request_at(const asking *a, size_t i)
{
    if (i < a->learn)
        return &check_requests[i];
    i -= a->learn;
    return i < a->n ? &a->requests[i] : &check_requests[i - a->n];
}

/* An answer as the checks compare it: escaped, "(a long line)" past 40
 * bytes, "" when there was none. */
static void check_text(const conform_outcome *o, char *out, size_t cap)
{
    int answered = o->exited && !o->no_answer && !o->timed_out && !o->bad_answer;
    if (answered && o->out_len <= 40)
        conform_escape(o->out, o->out_len, out);
    else
        snprintf(out, cap, "%s", answered ? "(a long line)" : "");
}

/* The awaited request's outcome is complete: to the caller (a check's is
 * learned, or compared with the learned one); the next request is awaited. */
static void deliver(asking *a)
{
    conform_session *s = a->s;
    size_t i = a->answered++;
    a->progress = conform_clock();
    if (i >= a->learn && i < a->learn + a->n) {
        a->each(a->context, i - a->learn, &a->o);
        memset(&a->o, 0, sizeof a->o);
        return;
    }
    if (i < a->learn) {
        check_text(&a->o, s->check_answer[i], sizeof s->check_answer[i]);
        conform_outcome_clear(&a->o);
        if (!s->check_answer[i][0] || (i == 1 && strcmp(s->check_answer[0], s->check_answer[1]) == 0)) {
            /* No answer, or two alike: the checks cannot tell, and the
             * user is told that out-of-step answers go unseen. */
            if (!s->checks_off) {
                a->result->unchecked = 1;
                snprintf(a->result->detail, sizeof a->result->detail,
                         "the check requests of batch mode's first form, material \"0000\" and material \"\", were "
                         "answered \"%s\" and \"%s\" at the program's start: %s, so an extra or a missing answer "
                         "line cannot be seen (the numbered form, gbr-batch 2, needs no checks)",
                         s->check_answer[0], i == 0 ? "(not read)" : s->check_answer[1],
                         s->check_answer[i][0] ? "alike" : "not at all");
            }
            s->checks_off = 1;
        }
        s->checks_learned = i + 1 == CHECKS;
        return;
    }
    /* A check: an answer other than the learned one, or none, ends the ask;
     * the program is started again so that the next ask starts in step. */
    size_t k = i - a->learn - a->n;
    check_text(&a->o, a->check_got[k], sizeof a->check_got[k]);
    int answered = a->check_got[k][0] != '\0';
    int in_step = s->checks_off || strcmp(a->check_got[k], s->check_answer[k]) == 0;
    conform_outcome_clear(&a->o);
    if (!in_step) {
        if (answered) {
            a->result->desync = 1;
            snprintf(a->result->detail, sizeof a->result->detail,
                     "the check requests after the last case, material \"0000\" and material \"\", were answered "
                     "\"%s\" and \"%s\" where the program answered them \"%s\" and \"%s\" at its start: an extra or "
                     "a missing answer line among these cases",
                     a->check_got[0], k == 0 ? "(not read)" : a->check_got[1], s->check_answer[0],
                     s->check_answer[1]);
        }
        conform_process_end(&s->c, NULL);
        a->answered = a->total;
    }
}

/* Form 2: the sequence number an answer line starts with, and where its
 * answer starts; 0 when it has none. */
static int answer_number(const char *line, size_t len, unsigned long long *number, size_t *answer_at)
{
    size_t digits = 0;
    unsigned long long value = 0;
    while (digits < len && digits < 19 && line[digits] >= '0' && line[digits] <= '9')
        value = value * 10 + (unsigned long long)(line[digits++] - '0');
    if (digits == 0 || digits >= len || line[digits] != '\t')
        return 0;
    *number = value;
    *answer_at = digits + 1;
    return 1;
}

/* One complete line from the program (s->line): the handshake, or the
 * awaited request's answer. Returns 0, or -1 when the line ended this start
 * of the program (its outcome delivered). */
static int take_line(asking *a)
{
    conform_session *s = a->s;
    const char *line = s->line;
    size_t len = s->line_len;
    if (!s->greeted) {
        /* The first line of every start is the handshake. */
        s->greeted = len == strlen(s->handshake) && !s->line_overlong && memcmp(line, s->handshake, len) == 0;
        if (s->greeted)
            return 0;
        take_answer(line, len, s->line_overlong, &a->o);
        a->o.bad_answer = 1;
        a->o.exited = 0;
        a->o.exit_status = 0;
        conform_process_end(&s->c, NULL);
        deliver(a);
        return -1;
    }
    if (a->answered >= a->total)
        return 0; /* more lines than requests: the next ask's checks see it */
    if (s->form == 2) {
        unsigned long long number = 0, due = a->first_number + a->answered;
        size_t at = 0;
        if (!answer_number(line, len, &number, &at)) {
            snprintf(a->o.protocol_error, sizeof a->o.protocol_error,
                     "an answer line without its sequence number where the answer to request %llu was due", due);
        } else if (number != due) {
            snprintf(a->o.protocol_error, sizeof a->o.protocol_error,
                     "the answer line of request %llu came where the answer to request %llu was due (%s)", number,
                     due, number < due ? "an extra answer line" : "a missing answer line");
        }
        if (a->o.protocol_error[0]) {
            conform_process_end(&s->c, NULL);
            deliver(a);
            return -1;
        }
        line += at;
        len -= at;
    }
    take_answer(line, len, s->line_overlong, &a->o);
    deliver(a);
    return 0;
}

/* Bytes the program wrote on its standard output, split into lines. */
static void take_output(asking *a, const char *bytes, size_t got)
{
    conform_session *s = a->s;
    for (size_t at = 0; at < got;) {
        const char *end = memchr(bytes + at, '\n', got - at);
        size_t take = end ? (size_t)(end - (bytes + at)) : got - at;
        size_t room = CONFORM_KEEP_LIMIT - s->line_len;
        if (take > room)
            s->line_overlong = 1;
        size_t keep = take < room ? take : room;
        if (s->line_len + keep > s->line_cap) {
            char *bigger = util_grow(s->line, &s->line_cap, s->line_len + keep, 1);
            if (!bigger) {
                s->line_overlong = 1;
                keep = 0;
            } else {
                s->line = bigger;
            }
        }
        if (keep)
            memcpy(s->line + s->line_len, bytes + at, keep);
        s->line_len += keep;
        at += take;
        if (!end)
            break;
        at++; /* the LF */
        int ended = take_line(a) != 0;
        s->line_len = 0;
        s->line_overlong = 0;
        if (ended)
            return; /* the rest was this start's: dropped */
    }
}

/* Reads the program's standard output: once when `once`, else to its
 * current end (the program has exited). The pipe is closed at its end. */
static void read_output(asking *a, int once)
{
    char chunk[65536];
    conform_session *s = a->s;
    while (s->c.out_fd >= 0) {
        ssize_t got = read(s->c.out_fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0 && errno == EAGAIN)
            return;
        if (got <= 0) {
            conform_pipe_close(&s->c.out_fd);
            return;
        }
        unsigned long starts = s->starts;
        pid_t pid = s->c.pid;
        take_output(a, chunk, (size_t)got);
        if (once || s->c.pid != pid || s->starts != starts)
            return;
    }
}

void conform_session_ask(conform_session *s, const conform_request *requests, size_t n, double deadline,
                         conform_answer_fn *each, void *context, conform_ask_result *result)
{
    memset(result, 0, sizeof *result);
    static asking a; /* the check answers make it large: off the stack */
    memset(&a, 0, sizeof a);
    a.s = s;
    a.requests = requests;
    a.n = n;
    int checking = s->form == 1 && n > 0 && !s->checks_off;
    a.learn = checking && !s->checks_learned ? CHECKS : 0;
    a.total = a.learn + n + (checking ? CHECKS : 0);
    a.each = each;
    a.context = context;
    a.result = result;
    a.first_number = s->next_number;
    s->next_number += a.total;
    a.progress = conform_clock();
    while (a.answered < a.total) {
        if (deadline > 0 && conform_clock() >= deadline) {
            /* The budget is spent: the awaited answer is not waited for. */
            conform_process_end(&s->c, NULL);
            conform_outcome_clear(&a.o);
            result->cut = 1;
            break;
        }
        conform_outcome *o = &a.o;
        if (s->c.pid < 0) {
            a.serialized = a.answered;
            if (session_start(s) != 0) {
                o->spawn_failed = 1;
                deliver(&a);
                continue;
            }
            a.progress = conform_clock();
        }
        while (a.serialized < a.total && a.serialized < a.answered + SEND_AHEAD) {
            if (serialize(s, request_at(&a, a.serialized), a.first_number + a.serialized) != 0)
                break;
            a.serialized++;
        }
        struct pollfd fds[3];
        nfds_t nfds = 0;
        int in_at = -1, out_at = -1, err_at = -1;
        if (s->c.in_fd >= 0 && s->send_start < s->send_len)
            fds[in_at = (int)nfds++] = (struct pollfd){s->c.in_fd, POLLOUT, 0};
        if (s->c.out_fd >= 0)
            fds[out_at = (int)nfds++] = (struct pollfd){s->c.out_fd, POLLIN, 0};
        if (s->c.err_fd >= 0)
            fds[err_at = (int)nfds++] = (struct pollfd){s->c.err_fd, POLLIN, 0};
        double timeout_at = a.progress + s->timeout;
        int dead = s->c.out_fd < 0; /* its stdout closed: no answer can come */
        if (conform_clock() >= timeout_at && !dead) {
            o->timed_out = 1;
            conform_process_end(&s->c, NULL);
            deliver(&a);
            continue;
        }
        if (dead) {
            /* Gone before answering: how it ended is the case's report. */
            if (!conform_process_wait_exit(&s->c, conform_earlier(timeout_at, deadline))) {
                if (deadline > 0 && conform_clock() >= deadline)
                    continue; /* cut above */
                o->timed_out = 1;
            }
            conform_pipe_drain(s->c.err_fd, &o->err, &o->err_len);
            conform_process_end(&s->c, o->timed_out ? NULL : o);
            o->no_answer = 1; /* an exit, not an answer: never judged as one */
            deliver(&a);
            continue;
        }
        int ready = poll(fds, nfds, conform_poll_ms(conform_earlier(timeout_at, deadline)));
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0) {
            /* A program that exited while something it started holds its
             * stdout open ends the session just the same: what it wrote
             * is read as any output, then no more can come. */
            if (conform_process_exited(&s->c)) {
                if (conform_session_test_hook)
                    conform_session_test_hook("exited");
                pid_t pid = s->c.pid;
                read_output(&a, 0);
                if (s->c.pid == pid)
                    conform_pipe_close(&s->c.out_fd);
            }
            continue;
        }
        if (in_at >= 0 && fds[in_at].revents) {
            ssize_t put = (fds[in_at].revents & POLLOUT)
                              ? conform_process_write(&s->c, s->sending + s->send_start, s->send_len - s->send_start)
                              : -1;
            if (put > 0)
                s->send_start += (size_t)put;
            else if (put < 0 && errno != EAGAIN && errno != EINTR)
                conform_pipe_close(&s->c.in_fd); /* it closed its input: its answers decide */
        }
        if (err_at >= 0 && fds[err_at].revents)
            conform_pipe_read(&s->c.err_fd, &o->err, &o->err_len);
        if (out_at >= 0 && fds[out_at].revents)
            read_output(&a, 1);
    }
    result->answered = a.answered <= a.learn ? 0 : a.answered - a.learn < n ? a.answered - a.learn : n;
    conform_outcome_clear(&a.o);
}

void conform_session_restart(conform_session *s)
{
    /* The handshake line this start writes is read by the next ask. */
    if (s->c.pid < 0)
        session_start(s); /* a failure shows at the next ask, as a spawn failure */
}

void conform_session_free(conform_session *s)
{
    if (!s)
        return;
    if (s->c.pid > 0) {
        conform_pipe_close(&s->c.in_fd);
        double deadline = conform_clock() + s->timeout;
        /* Its remaining output is read and dropped, so it cannot stall on a
         * full pipe while it ends. */
        while (s->c.out_fd >= 0 || s->c.err_fd >= 0) {
            struct pollfd fds[2];
            nfds_t nfds = 0;
            int *which[2];
            if (s->c.out_fd >= 0)
                which[nfds] = &s->c.out_fd, fds[nfds++] = (struct pollfd){s->c.out_fd, POLLIN, 0};
            if (s->c.err_fd >= 0)
                which[nfds] = &s->c.err_fd, fds[nfds++] = (struct pollfd){s->c.err_fd, POLLIN, 0};
            if (conform_clock() >= deadline || conform_process_exited(&s->c))
                break;
            if (poll(fds, nfds, conform_poll_ms(deadline)) <= 0)
                continue;
            char chunk[4096];
            for (nfds_t i = 0; i < nfds; i++) {
                if (!fds[i].revents)
                    continue;
                ssize_t got = read(*which[i], chunk, sizeof chunk);
                if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
                    conform_pipe_close(which[i]);
            }
        }
        conform_process_wait_exit(&s->c, deadline);
        conform_process_end(&s->c, NULL);
    }
    free(s->argv);
    free(s->line);
    free(s->sending);
    free(s);
}
