/*
 * The program under test as a child process, and per-case mode of
 * spec/gbr.md section 13.3 (see conform_process.h).
 */
#define _POSIX_C_SOURCE 200809L

#include "conform_process.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "output.h"

void conform_outcome_clear(conform_outcome *o)
{
    free(o->out);
    free(o->err);
    memset(o, 0, sizeof *o);
}

/* Appends to a buffer kept to CONFORM_KEEP_LIMIT bytes: the rest is dropped. */
static void append(char **buf, size_t *len, const char *bytes, size_t n)
{
    if (*len >= CONFORM_KEEP_LIMIT)
        return;
    if (n > CONFORM_KEEP_LIMIT - *len)
        n = CONFORM_KEEP_LIMIT - *len;
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

double conform_earlier(double a, double b) { return b > 0 && b < a ? b : a; }

int conform_poll_ms(double until)
{
    double left = until - conform_clock();
    return left > 0.05 ? 50 : (int)(left * 1000) + 1;
}

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

/* A child that closed its input gives EPIPE, never a SIGPIPE to the runner,
 * which keeps that signal for its own output. */
ssize_t conform_process_write(const conform_process *p, const char *bytes, size_t len)
{
    sigset_t pipe_only, old;
    sigemptyset(&pipe_only);
    sigaddset(&pipe_only, SIGPIPE);
    sigprocmask(SIG_BLOCK, &pipe_only, &old);
    ssize_t put = write(p->in_fd, bytes, len);
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

/* WNOWAIT leaves the program a zombie: its process group id cannot be reused
 * before the group is killed. */
int conform_process_exited(const conform_process *p)
{
    siginfo_t info;
    memset(&info, 0, sizeof info);
    return waitid(P_PID, (id_t)p->pid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == p->pid;
}

void conform_pipe_drain(int fd, char **buf, size_t *len)
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

void conform_pipe_close(int *fd)
{
    if (*fd >= 0)
        close(*fd);
    *fd = -1;
}

void conform_pipe_read(int *fd, char **buf, size_t *len)
{
    char chunk[4096];
    ssize_t got = read(*fd, chunk, sizeof chunk);
    if (got > 0)
        append(buf, len, chunk, (size_t)got);
    else if (got == 0 || (errno != EINTR && errno != EAGAIN))
        conform_pipe_close(fd);
}

/* Starts argv (NULL-terminated) without a shell in a process group of its
 * own, its input non-blocking (a write never waits on a full pipe). Returns
 * 0, or -1 when it could not be started (nothing left over). */
static int spawn(char **argv, conform_process *c)
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
    util_report_flush(); /* the child's message, if exec fails, must not repeat the pending ones */
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
        util_command_error("conform", "cannot run %s: %s", argv[0], strerror(error));
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

int conform_process_start(char **argv, conform_process *p)
{
    if (spawn(argv, p) != 0)
        return -1;
    /* A session reads whatever is there and goes back to its loop. */
    fcntl(p->out_fd, F_SETFL, fcntl(p->out_fd, F_GETFL) | O_NONBLOCK);
    fcntl(p->err_fd, F_SETFL, fcntl(p->err_fd, F_GETFL) | O_NONBLOCK);
    return 0;
}

void conform_process_end(conform_process *c, conform_outcome *o)
{
    conform_pipe_close(&c->in_fd);
    conform_pipe_close(&c->out_fd);
    conform_pipe_close(&c->err_fd);
    if (c->pid <= 0)
        return;
    int ended = conform_process_exited(c);
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

int conform_process_wait_exit(const conform_process *c, double deadline)
{
    while (!conform_process_exited(c)) {
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
    conform_process c;
    if (spawn(argv, &c) != 0) {
        o->spawn_failed = 1;
        return;
    }
    size_t written = 0;
    if (input_len == 0)
        conform_pipe_close(&c.in_fd);
    double timeout_at = conform_clock() + timeout, until = conform_earlier(timeout_at, deadline);
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
        if (conform_process_exited(&c)) {
            conform_pipe_drain(c.out_fd, &o->out, &o->out_len);
            conform_pipe_drain(c.err_fd, &o->err, &o->err_len);
            break;
        }
        int ready = poll(fds, n, conform_poll_ms(until));
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        if (in_at >= 0 && fds[in_at].revents) {
            ssize_t put = (fds[in_at].revents & POLLOUT)
                              ? conform_process_write(&c, input + written, input_len - written)
                              : -1;
            if (put > 0)
                written += (size_t)put;
            if (put < 0 && (errno == EAGAIN || errno == EINTR))
                put = 0;
            if (put < 0 || written == input_len) /* done, or the program closed its stdin */
                conform_pipe_close(&c.in_fd);
        }
        if (out_at >= 0 && fds[out_at].revents)
            conform_pipe_read(&c.out_fd, &o->out, &o->out_len);
        if (err_at >= 0 && fds[err_at].revents)
            conform_pipe_read(&c.err_fd, &o->err, &o->err_len);
    }
    /* The pipes are closed or the program has exited: wait for its exit
     * under the same limits (conform_process_exited leaves it a zombie). */
    if (!late && !conform_process_wait_exit(&c, until))
        late = 1;
    if (late && deadline > 0 && deadline < timeout_at) {
        conform_process_end(&c, NULL);
        conform_outcome_clear(o);
        o->cut = 1;
        return;
    }
    o->timed_out = late;
    conform_process_end(&c, o->timed_out ? NULL : o);
    /* The answer: stdout with one final "\n" removed. */
    if (o->out_len > 0 && o->out[o->out_len - 1] == '\n')
        o->out[--o->out_len] = '\0';
}
