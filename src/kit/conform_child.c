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
    if (o->spawn_failed)
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

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

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
    else if (got == 0 || errno != EINTR)
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
    pid_t pid = fork();
    if (pid < 0) {
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
        signal(SIGPIPE, SIG_DFL);
        execvp(argv[0], argv);
        int error = errno;
        if (write(exec_pipe[1], &error, sizeof error) != (ssize_t)sizeof error)
            error = 0; /* the parent then sees a plain exit 127 */
        fprintf(stderr, "gbr conform: cannot run %s: %s\n", argv[0], strerror(error));
        _exit(127);
    }
    setpgid(pid, pid); /* also here, so the group exists before any kill */
    close(in_pipe[0]), close(out_pipe[1]), close(err_pipe[1]), close(exec_pipe[1]);
    int exec_error = 0;
    ssize_t exec_got;
    while ((exec_got = read(exec_pipe[0], &exec_error, sizeof exec_error)) < 0 && errno == EINTR)
        ;
    close(exec_pipe[0]);
    if (exec_got == (ssize_t)sizeof exec_error) {
        close(in_pipe[1]), close(out_pipe[0]), close(err_pipe[0]);
        waitpid(pid, NULL, 0);
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
    waitpid(c->pid, &status, 0);
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
        if (now_seconds() >= deadline)
            return 0;
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
    return 1;
}

/* ==== Per-case mode ======================================================= */

void conform_run_case(char **argv, const char *input, size_t input_len, double timeout, conform_outcome *o)
{
    memset(o, 0, sizeof *o);
    child c;
    if (spawn(argv, &c) != 0) {
        o->spawn_failed = 1;
        return;
    }
    size_t written = 0;
    if (input_len == 0)
        close_fd(&c.in_fd);
    double deadline = now_seconds() + timeout;
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
        double left = deadline - now_seconds();
        if (left <= 0) {
            o->timed_out = 1;
            break;
        }
        /* The answer is complete when the program exits, even if something
         * it started still holds its stdout or stderr open. */
        if (has_exited(c.pid)) {
            drain(c.out_fd, &o->out, &o->out_len);
            drain(c.err_fd, &o->err, &o->err_len);
            break;
        }
        int ready = poll(fds, n, left > 0.05 ? 50 : (int)(left * 1000) + 1);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        if (in_at >= 0 && fds[in_at].revents) {
            ssize_t put = (fds[in_at].revents & POLLOUT) ? write(c.in_fd, input + written, input_len - written) : -1;
            if (put > 0)
                written += (size_t)put;
            if (put < 0 && errno == EAGAIN)
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
     * under the same deadline (has_exited leaves it a zombie). */
    if (!o->timed_out && !wait_exit(&c, deadline))
        o->timed_out = 1;
    finish(&c, o->timed_out ? NULL : o);
    /* The answer: stdout with one final "\n" removed. */
    if (o->out_len > 0 && o->out[o->out_len - 1] == '\n')
        o->out[--o->out_len] = '\0';
}

/* ==== Batch mode ========================================================== */

static const char handshake[] = "gbr-batch 1";

int conform_speaks_batch(char **program, int program_argc, double timeout)
{
    char **argv = calloc((size_t)program_argc + 2, sizeof *argv);
    if (!argv)
        return 0;
    memcpy(argv, program, (size_t)program_argc * sizeof *argv);
    argv[program_argc] = "batch";
    conform_outcome o;
    conform_run_case(argv, "", 0, timeout, &o);
    int speaks = o.exited && o.exit_status == 0 && o.out_len == strlen(handshake) && memcmp(o.out, handshake, o.out_len) == 0;
    conform_outcome_clear(&o);
    free(argv);
    return speaks;
}

struct conform_session {
    char **argv; /* the program's words and "batch", NULL-terminated */
    double timeout;
    child c;
    int greeted; /* the handshake line of this start has arrived */
    unsigned long starts;
    char *line; /* the answer line being read (at most KEEP_LIMIT kept) */
    size_t line_len, line_cap;
    int line_overlong;
    char *sending; /* request bytes serialized and not yet written */
    size_t send_start, send_len, send_cap;
};

conform_session *conform_session_new(char **program, int program_argc, double timeout)
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

/* Appends one request line (§13.3.2: OPERATION TAB escaped input LF). */
static int serialize(conform_session *s, const conform_request *r)
{
    size_t need = strlen(r->operation) + 1 + 4 * r->input_len + 2;
    if (s->send_start > 0 && s->send_start == s->send_len)
        s->send_start = s->send_len = 0;
    char *bigger = util_grow(s->sending, &s->send_cap, s->send_len + need, 1);
    if (!bigger)
        return -1;
    s->sending = bigger;
    char *p = s->sending + s->send_len;
    size_t op_len = strlen(r->operation);
    memcpy(p, r->operation, op_len);
    p[op_len] = '\t';
    conform_escape(r->input, r->input_len, p + op_len + 1);
    size_t len = op_len + 1 + strlen(p + op_len + 1);
    p[len++] = '\n';
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

void conform_session_ask(conform_session *s, const conform_request *requests, size_t n, conform_outcome *outcomes)
{
    for (size_t i = 0; i < n; i++)
        memset(&outcomes[i], 0, sizeof outcomes[i]);
    size_t answered = 0, serialized = 0;
    double progress = now_seconds(); /* the later of the last answer and the awaited request's sending */
    while (answered < n) {
        conform_outcome *o = &outcomes[answered];
        if (s->c.pid < 0) {
            serialized = answered;
            if (session_start(s) != 0) {
                o->spawn_failed = 1;
                answered++;
                continue;
            }
            progress = now_seconds();
        }
        while (serialized < n && serialized < answered + SEND_AHEAD) {
            if (serialize(s, &requests[serialized]) != 0)
                break;
            serialized++;
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
        double left = progress + s->timeout - now_seconds();
        int dead = s->c.out_fd < 0; /* its stdout closed: no answer can come */
        if (left <= 0 && !dead) {
            o->timed_out = 1;
            finish(&s->c, NULL);
            answered++;
            progress = now_seconds();
            continue;
        }
        if (dead) {
            /* Gone before answering: how it ended is the case's report. */
            if (!wait_exit(&s->c, progress + s->timeout))
                o->timed_out = 1;
            drain(s->c.err_fd, &o->err, &o->err_len);
            finish(&s->c, o->timed_out ? NULL : o);
            o->no_answer = 1; /* an exit, not an answer: never judged as one */
            answered++;
            progress = now_seconds();
            continue;
        }
        int ready = poll(fds, nfds, left > 0.05 ? 50 : (int)(left * 1000) + 1);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0) {
            /* A program that exited while something it started holds its
             * stdout open ends the session just the same. */
            if (has_exited(s->c.pid)) {
                drain(s->c.out_fd, &s->line, &s->line_len);
                close_fd(&s->c.out_fd);
            }
            continue;
        }
        if (in_at >= 0 && fds[in_at].revents) {
            ssize_t put = (fds[in_at].revents & POLLOUT)
                              ? write(s->c.in_fd, s->sending + s->send_start, s->send_len - s->send_start)
                              : -1;
            if (put > 0)
                s->send_start += (size_t)put;
            else if (put < 0 && errno != EAGAIN && errno != EINTR)
                close_fd(&s->c.in_fd); /* it closed its input: its answers decide */
        }
        char chunk[65536];
        if (err_at >= 0 && fds[err_at].revents) {
            ssize_t got = read(s->c.err_fd, chunk, sizeof chunk);
            if (got > 0)
                append(&o->err, &o->err_len, chunk, (size_t)got);
            else if (got == 0 || (errno != EINTR && errno != EAGAIN))
                close_fd(&s->c.err_fd);
        }
        if (out_at >= 0 && fds[out_at].revents) {
            ssize_t got = read(s->c.out_fd, chunk, sizeof chunk);
            if (got == 0 || (got < 0 && errno != EINTR && errno != EAGAIN)) {
                close_fd(&s->c.out_fd);
                continue;
            }
            for (ssize_t at = 0; at < got;) {
                const char *end = memchr(chunk + at, '\n', (size_t)(got - at));
                size_t take = end ? (size_t)(end - (chunk + at)) : (size_t)(got - at);
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
                    memcpy(s->line + s->line_len, chunk + at, keep);
                s->line_len += keep;
                at += (ssize_t)take;
                if (!end)
                    break;
                at++; /* the LF */
                if (!s->greeted) {
                    /* The first line of every start is the handshake. */
                    s->greeted = s->line_len == strlen(handshake) && !s->line_overlong &&
                                 memcmp(s->line, handshake, s->line_len) == 0;
                    if (!s->greeted) {
                        take_answer(s->line, s->line_len, s->line_overlong, &outcomes[answered]);
                        outcomes[answered].bad_answer = 1;
                        outcomes[answered].exited = 0;
                        outcomes[answered].exit_status = 0;
                        finish(&s->c, NULL);
                        answered++;
                        s->line_len = 0;
                        s->line_overlong = 0;
                        progress = now_seconds();
                        break;
                    }
                } else if (answered < n) {
                    take_answer(s->line, s->line_len, s->line_overlong, &outcomes[answered]);
                    answered++;
                    progress = now_seconds();
                }
                s->line_len = 0;
                s->line_overlong = 0;
            }
        }
    }
}

void conform_session_free(conform_session *s)
{
    if (!s)
        return;
    if (s->c.pid > 0) {
        close_fd(&s->c.in_fd);
        double deadline = now_seconds() + s->timeout;
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
            double left = deadline - now_seconds();
            if (left <= 0 || has_exited(s->c.pid))
                break;
            if (poll(fds, nfds, 50) <= 0)
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
