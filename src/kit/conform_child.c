/*
 * Running the program under test: per-case and batch mode of spec/gbr.md
 * section 13.3 (see conform_child.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "conform_child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "grow.h"
#include "conform_protocol.h"

/* Kept bounded: a runaway program cannot exhaust memory (§13.3: the first MiB). */
#define KEEP_LIMIT ((size_t)1 << 20)

void conform_outcome_clear(conform_outcome *o)
{
    free(o->out);
    free(o->err);
    memset(o, 0, sizeof *o);
}

void conform_print_got(const conform_outcome *o, const char *shown, double timeout)
{
    if (o->protocol_error[0])
        printf("  got:      (protocol error: %s)\n", o->protocol_error);
    else if (o->spawn_failed)
        printf("  got:      (the program could not be started)\n");
    else if (o->timed_out)
        printf("  got:      (no answer within %g s: killed)\n", timeout);
    else if (o->no_answer && o->exited)
        printf("  got:      (no answer: the program exited with status %d)\n", o->exit_status);
    else if (o->no_answer)
        printf("  got:      (no answer: the program was killed by signal %d)\n", o->signal);
    else if (o->bad_answer)
        printf("  got:      %s   (not an answer line of the batch protocol)\n", shown);
    else if (!o->exited)
        printf("  got:      %s   (killed by signal %d)\n", shown, o->signal);
    else
        printf("  got:      %s   (exit %d)\n", shown, o->exit_status);
}

static void append(char **buf, size_t *len, const char *bytes, size_t n)
{
    if (*len >= KEEP_LIMIT)
        return;
    if (n > KEEP_LIMIT - *len)
        n = KEEP_LIMIT - *len;
    char *bigger = realloc(*buf, *len + n + 1);
    if (!bigger)
        return;
    memcpy(bigger + *len, bytes, n);
    *len += n;
    bigger[*len] = '\0';
    *buf = bigger;
}

double conform_clock(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The earlier of two deadlines, 0 standing for none. */
static double earlier(double a, double b) { return b > 0 && b < a ? b : a; }

/* Milliseconds to poll for before `until`: at most 50, at least 1. */
static int poll_ms(double until)
{
    double left = until - conform_clock();
    return left > 0.05 ? 50 : (int)(left * 1000) + 1;
}

void (*conform_child_test_hook)(const char *event);

/* ==== The live children and the signals that end the runner =============== */

/* The process groups of the children started and not yet reaped, for the
 * signal handler: a slot is 0 or a group id. */
#define LIVE_SLOTS 4
static volatile sig_atomic_t live_groups[LIVE_SLOTS];
static const int ending_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGPIPE};
#define ENDING_SIGNALS (sizeof ending_signals / sizeof ending_signals[0])
static sigset_t entry_mask; /* the signal mask a child starts with */

static void kill_live_groups(void)
{
    for (int i = 0; i < LIVE_SLOTS; i++) {
        pid_t group = (pid_t)live_groups[i];
        if (group > 0)
            kill(-group, SIGKILL);
    }
}

static void on_ending_signal(int sig)
{
    int saved = errno;
    kill_live_groups();
    /* Ended the way the signal says: it is blocked in here and delivered,
     * with its default action, on return. */
    signal(sig, SIG_DFL);
    raise(sig);
    errno = saved;
}

void conform_children_guard(void)
{
    static int guarded;
    if (guarded)
        return;
    guarded = 1;
    sigprocmask(SIG_SETMASK, NULL, &entry_mask);
    for (size_t i = 0; i < ENDING_SIGNALS; i++) {
        struct sigaction old;
        if (sigaction(ending_signals[i], NULL, &old) != 0 || old.sa_handler == SIG_IGN)
            continue; /* ignored from the start (nohup): it ends nothing */
        struct sigaction act;
        memset(&act, 0, sizeof act);
        act.sa_handler = on_ending_signal;
        sigemptyset(&act.sa_mask);
        for (size_t k = 0; k < ENDING_SIGNALS; k++)
            sigaddset(&act.sa_mask, ending_signals[k]);
        sigaction(ending_signals[i], &act, NULL);
    }
    atexit(kill_live_groups);
}

/* Blocks the ending signals while a child is started or forgotten, so that
 * the handler never misses a live group. */
static void block_ending(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    for (size_t k = 0; k < ENDING_SIGNALS; k++)
        sigaddset(&set, ending_signals[k]);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void remember_group(pid_t group)
{
    for (int i = 0; i < LIVE_SLOTS; i++)
        if (live_groups[i] == 0) {
            live_groups[i] = (sig_atomic_t)group;
            return;
        }
}

static void forget_group(pid_t group)
{
    for (int i = 0; i < LIVE_SLOTS; i++)
        if (live_groups[i] == (sig_atomic_t)group)
            live_groups[i] = 0;
}

/* write(2) to a child's input: a child that closed it gives EPIPE, never a
 * SIGPIPE to the runner (which keeps that signal for its own output). */
static ssize_t write_to_child(int fd, const char *bytes, size_t len)
{
    sigset_t pipe_only, old;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigprocmask(SIG_BLOCK, &pipe_only, &old);
    ssize_t put = write(fd, bytes, len);
    int error = errno;
    if (put < 0 && error == EPIPE) {
        const struct timespec now = {0, 0};
        while (sigtimedwait(&pipe_only, NULL, &now) < 0 && errno == EINTR)
            ;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    errno = error;
    return put;
}

/* ==== Processes and pipes =================================================== */

/* Whether the program has exited, leaving it a zombie (WNOWAIT) so its
 * process group id cannot be reused before the group is killed. */
static int has_exited(pid_t pid)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == pid;
}

/* Reads what a pipe holds now, without waiting (the program has exited,
 * but something it started may keep the pipe open). */
static void drain(int fd, char **buf, size_t *len)
{
    if (fd < 0)
        return;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    char chunk[4096];
    ssize_t got;
    while ((got = read(fd, chunk, sizeof chunk)) > 0 || (got < 0 && errno == EINTR))
        if (got > 0)
            append(buf, len, chunk, (size_t)got);
}

static void close_fd(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

/* One read from a ready pipe of the program into its buffer; the pipe is
 * closed at its end or on an error (not on an interrupted read). */
static void read_some(int *fd, char **buf, size_t *len)
{
    char chunk[4096];
    ssize_t got = read(*fd, chunk, sizeof chunk);
    if (got > 0)
        append(buf, len, chunk, (size_t)got);
    else if (got == 0 || (errno != EINTR && errno != EAGAIN))
        close_fd(fd);
}

/* A started program: its pid and the parent's ends of its three pipes. */
typedef struct child {
    pid_t pid;
    int in_fd, out_fd, err_fd;
} child;

/* Starts argv (NULL-terminated) without a shell in a process group of its
 * own. Returns 0, or -1 when it could not be started (nothing left over). */
static int spawn(char **argv, child *c)
{
    c->pid = -1;
    c->in_fd = c->out_fd = c->err_fd = -1;
    /* exec_pipe carries the child's errno when execvp fails; it closes on a
     * successful exec (close-on-exec), so reading it tells which happened. */
    int in_pipe[2], out_pipe[2], err_pipe[2], exec_pipe[2];
    if (pipe(in_pipe) != 0)
        return -1;
    if (pipe(out_pipe) != 0) {
        close(in_pipe[0]), close(in_pipe[1]);
        return -1;
    }
    if (pipe(err_pipe) != 0) {
        close(in_pipe[0]), close(in_pipe[1]), close(out_pipe[0]), close(out_pipe[1]);
        return -1;
    }
    if (pipe(exec_pipe) != 0) {
        close(in_pipe[0]), close(in_pipe[1]), close(out_pipe[0]), close(out_pipe[1]);
        close(err_pipe[0]), close(err_pipe[1]);
        return -1;
    }
    fcntl(exec_pipe[1], F_SETFD, FD_CLOEXEC);
    sigset_t old_mask;
    block_ending(&old_mask);
    pid_t pid = fork();
    if (pid < 0) {
        sigprocmask(SIG_SETMASK, &old_mask, NULL);
        close(in_pipe[0]), close(in_pipe[1]), close(out_pipe[0]), close(out_pipe[1]);
        close(err_pipe[0]), close(err_pipe[1]), close(exec_pipe[0]), close(exec_pipe[1]);
        return -1;
    }
    if (pid == 0) {
        /* Its own process group, so a timeout kills whatever it started too. */
        setpgid(0, 0);
        dup2(in_pipe[0], STDIN_FILENO);
        dup2(out_pipe[1], STDOUT_FILENO);
        dup2(err_pipe[1], STDERR_FILENO);
        close(in_pipe[0]), close(in_pipe[1]), close(out_pipe[0]), close(out_pipe[1]);
        close(err_pipe[0]), close(err_pipe[1]), close(exec_pipe[0]);
        /* The runner's handlers are not the program's; an ignored signal
         * stays ignored, as it was for the runner. */
        for (size_t k = 0; k < ENDING_SIGNALS; k++) {
            struct sigaction old;
            if (sigaction(ending_signals[k], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
                signal(ending_signals[k], SIG_DFL);
        }
        signal(SIGPIPE, SIG_DFL);
        sigprocmask(SIG_SETMASK, &entry_mask, NULL);
        execvp(argv[0], argv);
        int error = errno;
        if (write(exec_pipe[1], &error, sizeof error) != (ssize_t)sizeof error)
            error = 0; /* the parent then sees a plain exit 127 */
        fprintf(stderr, "gbr conform: cannot run %s: %s\n", argv[0], strerror(error));
        _exit(127);
    }
    setpgid(pid, pid); /* also here, so the group exists before any kill */
    remember_group(pid);
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    close(in_pipe[0]), close(out_pipe[1]), close(err_pipe[1]), close(exec_pipe[1]);
    int exec_error = 0;
    ssize_t exec_got;
    while ((exec_got = read(exec_pipe[0], &exec_error, sizeof exec_error)) < 0 && errno == EINTR)
        ;
    close(exec_pipe[0]);
    if (exec_got == (ssize_t)sizeof exec_error) {
        close(in_pipe[1]), close(out_pipe[0]), close(err_pipe[0]);
        waitpid(pid, NULL, 0);
        block_ending(&old_mask);
        forget_group(pid);
        sigprocmask(SIG_SETMASK, &old_mask, NULL);
        return -1;
    }
    c->pid = pid;
    c->in_fd = in_pipe[1];
    c->out_fd = out_pipe[0];
    c->err_fd = err_pipe[0];
    fcntl(c->in_fd, F_SETFL, fcntl(c->in_fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

/* Kills the child's whole group and reaps the child; records how it ended
 * in o when o is given and it had ended by itself. */
static void finish(child *c, conform_outcome *o)
{
    close_fd(&c->in_fd);
    close_fd(&c->out_fd);
    close_fd(&c->err_fd);
    if (c->pid <= 0)
        return;
    int ended = has_exited(c->pid);
    int status = 0;
    kill(-c->pid, SIGKILL); /* anything it left running in its group */
    sigset_t old_mask;
    block_ending(&old_mask);
    forget_group(c->pid); /* before the reaping frees its group id */
    sigprocmask(SIG_SETMASK, &old_mask, NULL);
    while (waitpid(c->pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (o && ended) {
        if (WIFEXITED(status)) {
            o->exited = 1;
            o->exit_status = WEXITSTATUS(status);
        } else if (WIFSIGNALED(status)) {
            o->signal = WTERMSIG(status);
        }
    }
    c->pid = -1;
}

/* Waits for the child's exit until the deadline; 1 when it exited. */
static int wait_exit(const child *c, double deadline)
{
    while (!has_exited(c->pid)) {
        if (conform_clock() >= deadline)
            return 0;
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
    return 1;
}

/* ==== Per-case mode ======================================================= */

void conform_run_case(char **argv, const char *input, size_t input_len, double timeout, double deadline,
                      conform_outcome *o)
{
    memset(o, 0, sizeof *o);
    if (deadline > 0 && conform_clock() >= deadline) {
        o->cut = 1;
        return;
    }
    child c;
    if (spawn(argv, &c) != 0) {
        o->spawn_failed = 1;
        return;
    }
    size_t written = 0;
    if (input_len == 0)
        close_fd(&c.in_fd);
    double timeout_at = conform_clock() + timeout, until = earlier(timeout_at, deadline);
    int late = 0; /* the timeout or the deadline came first */
    while (c.out_fd >= 0 || c.err_fd >= 0) {
        struct pollfd fds[3];
        nfds_t n = 0;
        int in_at = -1, out_at = -1, err_at = -1;
        if (c.in_fd >= 0)
            fds[in_at = (int)n++] = (struct pollfd){c.in_fd, POLLOUT, 0};
        if (c.out_fd >= 0)
            fds[out_at = (int)n++] = (struct pollfd){c.out_fd, POLLIN, 0};
        if (c.err_fd >= 0)
            fds[err_at = (int)n++] = (struct pollfd){c.err_fd, POLLIN, 0};
        if (conform_clock() >= until) {
            late = 1;
            break;
        }
        /* The answer is complete when the program exits, even if something
         * it started still holds its stdout or stderr open. */
        if (has_exited(c.pid)) {
            drain(c.out_fd, &o->out, &o->out_len);
            drain(c.err_fd, &o->err, &o->err_len);
            break;
        }
        int ready = poll(fds, n, poll_ms(until));
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        if (in_at >= 0 && fds[in_at].revents) {
            ssize_t put = (fds[in_at].revents & POLLOUT) ? write_to_child(c.in_fd, input + written, input_len - written)
                                                         : -1;
            if (put > 0)
                written += (size_t)put;
            if (put < 0 && (errno == EAGAIN || errno == EINTR))
                put = 0;
            if (put < 0 || written == input_len) /* done, or the program closed its stdin */
                close_fd(&c.in_fd);
        }
        if (out_at >= 0 && fds[out_at].revents)
            read_some(&c.out_fd, &o->out, &o->out_len);
        if (err_at >= 0 && fds[err_at].revents)
            read_some(&c.err_fd, &o->err, &o->err_len);
    }
    /* The pipes are closed or the program has exited: wait for its exit
     * under the same limits (has_exited leaves it a zombie). */
    if (!late && !wait_exit(&c, until))
        late = 1;
    if (late && deadline > 0 && deadline < timeout_at) {
        finish(&c, NULL);
        conform_outcome_clear(o);
        o->cut = 1;
        return;
    }
    o->timed_out = late;
    finish(&c, o->timed_out ? NULL : o);
    /* The answer: stdout with one final "\n" removed. */
    if (o->out_len > 0 && o->out[o->out_len - 1] == '\n')
        o->out[--o->out_len] = '\0';
}

/* ==== Batch mode ========================================================== */

int conform_speaks_batch(char **program, int program_argc, double timeout)
{
    char **argv = calloc((size_t)program_argc + 2, sizeof *argv);
    if (!argv)
        return 0;
    memcpy(argv, program, (size_t)program_argc * sizeof *argv);
    argv[program_argc] = "batch";
    conform_outcome o;
    conform_run_case(argv, "", 0, timeout, 0, &o);
    int form = 0;
    if (o.exited && o.exit_status == 0 && o.out_len == strlen(CONFORM_BATCH_1))
        form = memcmp(o.out, CONFORM_BATCH_1, o.out_len) == 0 ? 1 : memcmp(o.out, CONFORM_BATCH_2, o.out_len) == 0 ? 2 : 0;
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
    child c;
    int greeted; /* the handshake line of this start has arrived */
    unsigned long starts;
    unsigned long long next_number; /* form 2: the next request's sequence number */
    /* Form 1: the program's own answers to the check requests, learned at
     * its first start before any case (when nothing can be out of step). */
    int checks_learned, checks_off;
    char check_answer[2][4 * 40 + 1];
    char *line; /* the answer line being read (at most KEEP_LIMIT kept) */
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
    s->argv = calloc((size_t)program_argc + 2, sizeof *s->argv);
    if (!s->argv) {
        free(s);
        return NULL;
    }
    memcpy(s->argv, program, (size_t)program_argc * sizeof *s->argv);
    s->argv[program_argc] = "batch";
    s->timeout = timeout;
    s->form = form == 2 ? 2 : 1;
    s->handshake = s->form == 2 ? CONFORM_BATCH_2 : CONFORM_BATCH_1;
    s->next_number = 1;
    s->c.pid = -1;
    s->c.in_fd = s->c.out_fd = s->c.err_fd = -1;
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
    if (spawn(s->argv, &s->c) != 0)
        return -1;
    fcntl(s->c.out_fd, F_SETFL, fcntl(s->c.out_fd, F_GETFL) | O_NONBLOCK);
    fcntl(s->c.err_fd, F_SETFL, fcntl(s->c.err_fd, F_GETFL) | O_NONBLOCK);
    return 0;
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
        finish(&s->c, NULL);
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
        finish(&s->c, NULL);
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
            finish(&s->c, NULL);
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
        size_t room = KEEP_LIMIT - s->line_len;
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
            close_fd(&s->c.out_fd);
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
            finish(&s->c, NULL);
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
            finish(&s->c, NULL);
            deliver(&a);
            continue;
        }
        if (dead) {
            /* Gone before answering: how it ended is the case's report. */
            if (!wait_exit(&s->c, earlier(timeout_at, deadline))) {
                if (deadline > 0 && conform_clock() >= deadline)
                    continue; /* cut above */
                o->timed_out = 1;
            }
            drain(s->c.err_fd, &o->err, &o->err_len);
            finish(&s->c, o->timed_out ? NULL : o);
            o->no_answer = 1; /* an exit, not an answer: never judged as one */
            deliver(&a);
            continue;
        }
        int ready = poll(fds, nfds, poll_ms(earlier(timeout_at, deadline)));
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0) {
            /* A program that exited while something it started holds its
             * stdout open ends the session just the same: what it wrote
             * is read as any output, then no more can come. */
            if (has_exited(s->c.pid)) {
                if (conform_child_test_hook)
                    conform_child_test_hook("exited");
                pid_t pid = s->c.pid;
                read_output(&a, 0);
                if (s->c.pid == pid)
                    close_fd(&s->c.out_fd);
            }
            continue;
        }
        if (in_at >= 0 && fds[in_at].revents) {
            ssize_t put = (fds[in_at].revents & POLLOUT)
                              ? write_to_child(s->c.in_fd, s->sending + s->send_start, s->send_len - s->send_start)
                              : -1;
            if (put > 0)
                s->send_start += (size_t)put;
            else if (put < 0 && errno != EAGAIN && errno != EINTR)
                close_fd(&s->c.in_fd); /* it closed its input: its answers decide */
        }
        if (err_at >= 0 && fds[err_at].revents)
            read_some(&s->c.err_fd, &o->err, &o->err_len);
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
        close_fd(&s->c.in_fd);
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
            if (conform_clock() >= deadline || has_exited(s->c.pid))
                break;
            if (poll(fds, nfds, poll_ms(deadline)) <= 0)
                continue;
            char chunk[4096];
            for (nfds_t i = 0; i < nfds; i++) {
                if (!fds[i].revents)
                    continue;
                ssize_t got = read(*which[i], chunk, sizeof chunk);
                if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN))
                    close_fd(which[i]);
            }
        }
        wait_exit(&s->c, deadline);
        finish(&s->c, NULL);
    }
    free(s->argv);
    free(s->line);
    free(s->sending);
    free(s);
}
