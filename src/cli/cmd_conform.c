/*
 * gbr conform: the conformance runner (spec/gbr.md section 13).
 *
 *   gbr conform [OPTIONS] -- PROGRAM ARGS...   runs PROGRAM against the vectors
 *   gbr conform --answer OPERATION             answers the protocol with libgbr
 *
 * The runner starts `PROGRAM ARGS... OPERATION` for each case without a shell,
 * writes the input bytes to its stdin and closes it, and reads stdout and
 * stderr together (poll) so a chatty program cannot deadlock it. Exit 0 with
 * the expected text passes; exit 1 with the expected "error NAME COLUMN"
 * passes; any other exit status, a signal or the timeout is a crash.
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
#include "conform_protocol.h"

const char cmd_conform_summary[] = "run a program against the golden vectors (conformance protocol)";

static const char help[] =
    "conform [OPTIONS] -- PROGRAM [ARGS...]\n"
    "       gbr conform [--impl ref|fast] --answer OPERATION\n"
    "\n"
    "Runs PROGRAM against the golden vectors through the conformance protocol of\n"
    "spec/gbr.md section 13: for each case it starts `PROGRAM ARGS... OPERATION`\n"
    "(no shell), writes the input to its standard input and closes it. The\n"
    "program answers on standard output: the canonical text and exit status 0, or\n"
    "\"error NAME COLUMN\" and exit status 1. Any other exit status, a signal or a\n"
    "timeout is a crash. Standard error is shown in reports, never judged.\n"
    "\n"
    "Options:\n"
    "  --level L         run the levels up to L: material, study, position,\n"
    "                    extensions (the default: all)\n"
    "  --run GLOB        run only the cases whose id matches GLOB (repeatable)\n"
    "  --skip GLOB       skip the cases whose id matches GLOB (repeatable)\n"
    "  --skip-file F     skip the ids or globs listed in F, one a line ('#' comments)\n"
    "  --timeout S       seconds allowed per case (default 10)\n"
    "  --json            write a JSON report on standard output\n"
    "  --print-skip-list write the ids of the failed and crashed cases, one a line\n"
    "  --vectors DIR     the vector files (default spec/vectors)\n"
    "  --answer OP       answer the protocol for OP with libgbr (reads standard input)\n"
    "\n"
    "The closing line (standard error with --json or --print-skip-list) is\n"
    "\"N passed, N failed, N skipped, N crashed\". Exit status: 0 when nothing failed\n"
    "or crashed, 1 otherwise, 2 on a usage error or unreadable vectors.\n";

/* ==== The protocol's operations ========================================== */

static const char *const operations[] = {
    "material",     "study",         "position",          "fen-material",     "fen-study",
    "fen-study-win", "fen-study-draw", "fen-position",     "fen-position-win", "fen-position-draw",
    "position-fen", "name-material", "material-name",     "check",            "material-order",
    "study-order",  "position-order", NULL};

int conform_operation_known(const char *operation)
{
    for (const char *const *op = operations; *op; op++)
        if (strcmp(*op, operation) == 0)
            return 1;
    return 0;
}

static int write_error(char *answer, gbr_result r, size_t column_offset)
{
    snprintf(answer, CONFORM_ANSWER_MAX + 1, "error %s %lu", gbr_error_name(r.error),
             (unsigned long)r.column + (unsigned long)column_offset);
    return CONFORM_REJECTED;
}

static int write_text(char *answer, gbr_result r, const char *text, size_t offset, size_t column_offset)
{
    if (r.error != GBR_OK)
        return write_error(answer, r, column_offset);
    memcpy(answer + offset, text, r.length);
    answer[offset + r.length] = '\0';
    return CONFORM_ACCEPTED;
}

/* Parses one text of an order operation and gives its key as bytes compared
 * with memcmp: big-endian integers for materials and studies. */
static gbr_result order_key(const gbr_codec *c, char kind, const char *src, size_t len, uint8_t key[GBR_POSITION_KEY_SIZE])
{
    memset(key, 0, GBR_POSITION_KEY_SIZE);
    gbr_result r;
    uint64_t number = 0;
    if (kind == 'm') {
        gbr_material m;
        r = c->parse_material(src, len, &m);
        if (r.error == GBR_OK)
            number = c->material_key(&m);
    } else if (kind == 's') {
        gbr_study s;
        r = c->parse_study(src, len, &s);
        if (r.error == GBR_OK)
            number = c->study_key(&s);
    } else {
        gbr_position p;
        gbr_position_key k;
        r = c->parse_position(src, len, &p);
        if (r.error == GBR_OK) {
            c->position_key(&p, &k);
            memcpy(key, k.bytes, GBR_POSITION_KEY_SIZE);
        }
        return r;
    }
    for (int i = 0; i < 8; i++)
        key[i] = (uint8_t)(number >> (56 - 8 * i));
    return r;
}

/* "A|B": '<', '=' or '>' by the directory order of section 8. A runs to the
 * first '|' or the end and is read first (§13.2), so its own errors, the
 * empty input's `empty` included, come before a missing '|'. Columns of
 * errors count in the whole input, so B's are shifted by len(A) + 1. */
static int answer_order(const gbr_codec *c, char kind, const char *src, size_t len, char *answer)
{
    const char *bar = len ? memchr(src, '|', len) : NULL;
    size_t first_len = bar ? (size_t)(bar - src) : len;
    uint8_t a[GBR_POSITION_KEY_SIZE], b[GBR_POSITION_KEY_SIZE];
    gbr_result r = order_key(c, kind, src, first_len, a);
    if (r.error != GBR_OK)
        return write_error(answer, r, 0);
    if (!bar) {
        gbr_result missing = {GBR_E_TRUNCATED, (uint32_t)(len + 1), 0};
        return write_error(answer, missing, 0);
    }
    r = order_key(c, kind, bar + 1, len - first_len - 1, b);
    if (r.error != GBR_OK)
        return write_error(answer, r, first_len + 1);
    int cmp = memcmp(a, b, sizeof a);
    answer[0] = cmp < 0 ? '<' : cmp > 0 ? '>' : '=';
    answer[1] = '\0';
    return CONFORM_ACCEPTED;
}

gbr_result_option conform_result_option(const char *operation)
{
    size_t n = strlen(operation);
    if (n >= 4 && strcmp(operation + n - 4, "-win") == 0)
        return GBR_RESULT_WIN;
    if (n >= 5 && strcmp(operation + n - 5, "-draw") == 0)
        return GBR_RESULT_DRAW;
    return GBR_RESULT_NONE;
}

int conform_answer(const gbr_codec *c, const char *op, const char *src, size_t len, char *answer)
{
    char text[CONFORM_ANSWER_MAX];
    const size_t cap = sizeof text;
    answer[0] = '\0';
    if (strcmp(op, "material") == 0)
        return write_text(answer, gbr_material_canonical(c, text, cap, src, len), text, 0, 0);
    if (strcmp(op, "study") == 0)
        return write_text(answer, gbr_study_canonical(c, text, cap, src, len), text, 0, 0);
    if (strcmp(op, "position") == 0)
        return write_text(answer, gbr_position_canonical(c, text, cap, src, len), text, 0, 0);
    if (strcmp(op, "fen-material") == 0)
        return write_text(answer, gbr_fen_to_material(c, text, cap, src, len), text, 0, 0);
    if (strncmp(op, "fen-study", 9) == 0 || strncmp(op, "fen-position", 12) == 0) {
        int study = op[4] == 's';
        const char *suffix = op + (study ? 9 : 12);
        /* [result option]: the only suffix that names it */
        static const char *const suffixes[3] = {"", "-win", "-draw"};
        gbr_result_option result = conform_result_option(suffix);
        if (strcmp(suffix, suffixes[result]) != 0)
            return CONFORM_UNKNOWN_OP;
        gbr_result r = study ? gbr_fen_to_study(c, text, cap, src, len, result)
                             : gbr_fen_to_position(c, text, cap, src, len, result);
        return write_text(answer, r, text, 0, 0);
    }
    if (strcmp(op, "position-fen") == 0)
        return write_text(answer, gbr_position_to_fen(c, text, cap, src, len), text, 0, 0);
    if (strcmp(op, "name-material") == 0)
        return write_text(answer, gbr_name_to_material(c, text, cap, src, len), text, 0, 0);
    if (strcmp(op, "material-name") == 0)
        return write_text(answer, gbr_material_to_name(c, text, cap, src, len), text, 0, 0);
    if (strcmp(op, "check") == 0) {
        gbr_form form = GBR_FORM_UNKNOWN;
        gbr_result r = gbr_check(c, text, cap, src, len, &form);
        if (r.error != GBR_OK)
            return write_error(answer, r, 0);
        size_t prefix = (size_t)snprintf(answer, CONFORM_ANSWER_MAX + 1, "%s ", gbr_form_name(form));
        return write_text(answer, r, text, prefix, 0);
    }
    if (strcmp(op, "material-order") == 0)
        return answer_order(c, 'm', src, len, answer);
    if (strcmp(op, "study-order") == 0)
        return answer_order(c, 's', src, len, answer);
    if (strcmp(op, "position-order") == 0)
        return answer_order(c, 'p', src, len, answer);
    return CONFORM_UNKNOWN_OP;
}

/* ==== Escaping of vector fields ========================================== */

void conform_escape(const char *src, size_t len, char *out)
{
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        unsigned char byte = (unsigned char)src[i];
        if (byte == '\\') {
            *out++ = '\\';
            *out++ = '\\';
        } else if (byte < 0x20 || byte > 0x7e) {
            *out++ = '\\';
            *out++ = 'x';
            *out++ = hex[byte >> 4];
            *out++ = hex[byte & 15];
        } else {
            *out++ = (char)byte;
        }
    }
    *out = '\0';
}

static int hex_value(char h)
{
    if (h >= '0' && h <= '9')
        return h - '0';
    if (h >= 'a' && h <= 'f')
        return h - 'a' + 10;
    return -1;
}

long conform_unescape(const char *text, char *out)
{
    long n = 0;
    for (const char *p = text; *p; p++) {
        unsigned char byte = (unsigned char)*p;
        if (byte < 0x20 || byte > 0x7e)
            return -1;
        if (byte == '\\') {
            if (p[1] == '\\') {
                p++;
            } else if (p[1] == 'x' && hex_value(p[2]) >= 0 && hex_value(p[3]) >= 0) {
                byte = (unsigned char)(hex_value(p[2]) * 16 + hex_value(p[3]));
                p += 3;
            } else {
                return -1;
            }
        }
        out[n++] = (char)byte;
    }
    return n;
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
        if (len == cap) {
            char *bigger = realloc(input, cap * 2);
            if (!bigger) {
                free(input);
                fprintf(stderr, "gbr conform: out of memory\n");
                return 3;
            }
            input = bigger;
            cap *= 2;
        }
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
    cli_puts(answer);
    cli_putc('\n');
    return status;
}

/* ==== The runner ========================================================== */

static const char *const levels[] = {"material", "study", "position", "extensions", NULL};

static int level_rank(const char *level)
{
    for (int i = 0; levels[i]; i++)
        if (strcmp(levels[i], level) == 0)
            return i;
    return -1;
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
    if (list->count == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 16;
        char **bigger = realloc(list->items, cap * sizeof *bigger);
        if (!bigger)
            return -1;
        list->items = bigger;
        list->cap = cap;
    }
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
        if (cases->count == cases->cap) {
            size_t cap = cases->cap ? cases->cap * 2 : 256;
            vector_case *bigger = realloc(cases->items, cap * sizeof *bigger);
            if (!bigger) {
                free(vc.line);
                status = -1;
                break;
            }
            cases->items = bigger;
            cases->cap = cap;
        }
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

/* What one run of the program produced. */
typedef struct run_outcome {
    char *out, *err;
    size_t out_len, err_len;
    int exited, exit_status, signal, timed_out, spawn_failed;
} run_outcome;

static void append(char **buf, size_t *len, const char *bytes, size_t n)
{
    /* Kept bounded: a runaway program cannot exhaust memory. */
    const size_t limit = (size_t)1 << 20;
    if (*len >= limit)
        return;
    if (n > limit - *len)
        n = limit - *len;
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

/* Runs argv (NULL-terminated, the operation last) with `input` on stdin. */
static void run_program(char **argv, const char *input, size_t input_len, double timeout, run_outcome *o)
{
    memset(o, 0, sizeof *o);
    /* exec_pipe carries the child's errno when execvp fails; it closes on a
     * successful exec (close-on-exec), so reading it tells which happened. */
    int in_pipe[2], out_pipe[2], err_pipe[2], exec_pipe[2];
    if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0 || pipe(err_pipe) != 0 || pipe(exec_pipe) != 0) {
        o->spawn_failed = 1;
        return;
    }
    fcntl(exec_pipe[1], F_SETFD, FD_CLOEXEC);
    pid_t pid = fork();
    if (pid < 0) {
        o->spawn_failed = 1;
        close(in_pipe[0]), close(in_pipe[1]), close(out_pipe[0]), close(out_pipe[1]);
        close(err_pipe[0]), close(err_pipe[1]), close(exec_pipe[0]), close(exec_pipe[1]);
        return;
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
        o->spawn_failed = 1;
        close(in_pipe[1]), close(out_pipe[0]), close(err_pipe[0]);
        waitpid(pid, NULL, 0);
        return;
    }
    int in_fd = in_pipe[1], out_fd = out_pipe[0], err_fd = err_pipe[0];
    fcntl(in_fd, F_SETFL, fcntl(in_fd, F_GETFL) | O_NONBLOCK);
    size_t written = 0;
    if (input_len == 0) {
        close(in_fd);
        in_fd = -1;
    }
    double deadline = now_seconds() + timeout;
    while (out_fd >= 0 || err_fd >= 0) {
        struct pollfd fds[3];
        nfds_t n = 0;
        int in_at = -1, out_at = -1, err_at = -1;
        if (in_fd >= 0)
            fds[in_at = (int)n++] = (struct pollfd){in_fd, POLLOUT, 0};
        if (out_fd >= 0)
            fds[out_at = (int)n++] = (struct pollfd){out_fd, POLLIN, 0};
        if (err_fd >= 0)
            fds[err_at = (int)n++] = (struct pollfd){err_fd, POLLIN, 0};
        double left = deadline - now_seconds();
        if (left <= 0) {
            o->timed_out = 1;
            break;
        }
        /* The answer is complete when the program exits, even if something
         * it started still holds its stdout or stderr open. */
        if (has_exited(pid)) {
            drain(out_fd, &o->out, &o->out_len);
            drain(err_fd, &o->err, &o->err_len);
            break;
        }
        int ready = poll(fds, n, left > 0.05 ? 50 : (int)(left * 1000) + 1);
        if (ready < 0 && errno != EINTR)
            break;
        if (ready <= 0)
            continue;
        if (in_at >= 0 && fds[in_at].revents) {
            ssize_t put = (fds[in_at].revents & POLLOUT) ? write(in_fd, input + written, input_len - written) : -1;
            if (put > 0)
                written += (size_t)put;
            if (put < 0 && errno == EAGAIN)
                put = 0;
            if (put < 0 || written == input_len) { /* done, or the program closed its stdin */
                close(in_fd);
                in_fd = -1;
            }
        }
        char chunk[4096];
        if (out_at >= 0 && fds[out_at].revents) {
            ssize_t got = read(out_fd, chunk, sizeof chunk);
            if (got > 0)
                append(&o->out, &o->out_len, chunk, (size_t)got);
            else if (got == 0 || errno != EINTR) {
                close(out_fd);
                out_fd = -1;
            }
        }
        if (err_at >= 0 && fds[err_at].revents) {
            ssize_t got = read(err_fd, chunk, sizeof chunk);
            if (got > 0)
                append(&o->err, &o->err_len, chunk, (size_t)got);
            else if (got == 0 || errno != EINTR) {
                close(err_fd);
                err_fd = -1;
            }
        }
    }
    if (in_fd >= 0)
        close(in_fd);
    if (out_fd >= 0)
        close(out_fd);
    if (err_fd >= 0)
        close(err_fd);
    int status = 0;
    if (o->timed_out) {
        kill(-pid, SIGKILL);
        waitpid(pid, &status, 0);
        return;
    }
    /* The pipes are closed or the program has exited: wait for its exit
     * under the same deadline (has_exited leaves it a zombie). */
    while (!has_exited(pid)) {
        if (now_seconds() >= deadline) {
            o->timed_out = 1;
            kill(-pid, SIGKILL);
            waitpid(pid, &status, 0);
            return;
        }
        struct timespec pause = {0, 1000000};
        nanosleep(&pause, NULL);
    }
    kill(-pid, SIGKILL); /* anything it left running in its group */
    waitpid(pid, &status, 0);
    if (WIFEXITED(status)) {
        o->exited = 1;
        o->exit_status = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        o->signal = WTERMSIG(status);
    }
}

enum verdict { VERDICT_PASS, VERDICT_FAIL, VERDICT_SKIP, VERDICT_CRASH };
static const char *const verdict_names[] = {"pass", "fail", "skip", "crash"};

/* The answer text: stdout with one final "\n" removed. */
static const char *answer_of(const run_outcome *o, size_t *len)
{
    *len = o->out_len;
    if (*len > 0 && o->out[*len - 1] == '\n')
        (*len)--;
    return o->out ? o->out : "";
}

static enum verdict judge(const vector_case *vc, const char *expected, size_t expected_len, const run_outcome *o)
{
    if (o->spawn_failed || o->timed_out || !o->exited || o->exit_status > 1)
        return VERDICT_CRASH;
    size_t len;
    const char *got = answer_of(o, &len);
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
static void json_string(const char *s, size_t len)
{
    char spelled[6];
    putchar('"');
    for (size_t i = 0; i < len; i++)
        fwrite(spelled, 1, cli_json_byte((unsigned char)s[i], spelled), stdout);
    putchar('"');
}

static void json_cstring(const char *s) { json_string(s, strlen(s)); }

/* One failure, human-readable: what was run, expected against got. */
static void print_failure(const vector_case *vc, enum verdict v, const run_outcome *o, double timeout)
{
    size_t len;
    const char *got = answer_of(o, &len);
    char *shown = malloc(4 * len + 1);
    printf("%s %s (%s, %s): %s\n", v == VERDICT_CRASH ? "CRASH" : "FAIL", vc->id, vc->level, vc->operation,
           vc->comment);
    printf("  input:    %s\n", vc->input);
    printf("  expected: %s   (exit %d)\n", vc->expected, strcmp(vc->result, "valid") == 0 ? 0 : 1);
    if (shown)
        conform_escape(got, len, shown);
    if (o->spawn_failed)
        printf("  got:      (the program could not be started)\n");
    else if (o->timed_out)
        printf("  got:      (no answer within %g s: killed)\n", timeout);
    else if (!o->exited)
        printf("  got:      %s   (killed by signal %d)\n", shown ? shown : "", o->signal);
    else
        printf("  got:      %s   (exit %d)\n", shown ? shown : "", o->exit_status);
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
} runner_options;

static int run_all(const runner_options *opt, char **program, int program_argc)
{
    case_list cases = {NULL, 0, 0};
    int status = CLI_EXIT_OK;
    for (int level = 0; level <= opt->max_level && status == CLI_EXIT_OK; level++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s.tsv", opt->vectors_dir, levels[level]);
        if (load_vector_file(path, &cases) != 0)
            status = CLI_EXIT_USAGE;
    }
    char **argv = calloc((size_t)program_argc + 2, sizeof *argv);
    if (status != CLI_EXIT_OK || !argv) {
        for (size_t i = 0; i < cases.count; i++)
            free(cases.items[i].line);
        free(cases.items);
        free(argv);
        return CLI_EXIT_USAGE;
    }
    memcpy(argv, program, (size_t)program_argc * sizeof *argv);
    signal(SIGPIPE, SIG_IGN); /* a program that exits without reading its input */

    unsigned long counts[4] = {0, 0, 0, 0};
    int first_json = 1;
    if (opt->json) {
        printf("{\"program\": [");
        for (int i = 0; i < program_argc; i++) {
            if (i)
                printf(", ");
            json_cstring(program[i]);
        }
        printf("], \"cases\": [");
    }
    for (size_t i = 0; i < cases.count; i++) {
        const vector_case *vc = &cases.items[i];
        enum verdict v;
        run_outcome o;
        memset(&o, 0, sizeof o);
        size_t input_cap = strlen(vc->input) + 1, expected_cap = strlen(vc->expected) + 1;
        char *input = malloc(input_cap), *expected = malloc(expected_cap);
        long input_len = input ? conform_unescape(vc->input, input) : -1;
        long expected_len = expected ? conform_unescape(vc->expected, expected) : -1;
        if (input_len < 0 || expected_len < 0) {
            fprintf(stderr, "gbr conform: %s: malformed escape in the vector\n", vc->id);
            free(input), free(expected);
            status = CLI_EXIT_USAGE;
            break;
        }
        int selected = opt->runs.count == 0 || matches_any(&opt->runs, vc->id);
        if (!selected || matches_any(&opt->skips, vc->id)) {
            v = VERDICT_SKIP;
        } else {
            argv[program_argc] = (char *)vc->operation;
            run_program(argv, input, (size_t)input_len, opt->timeout, &o);
            v = judge(vc, expected, (size_t)expected_len, &o);
        }
        counts[v]++;
        if (opt->json && v != VERDICT_SKIP) {
            size_t got_len;
            const char *got = answer_of(&o, &got_len);
            printf("%s\n  {\"id\": ", first_json ? "" : ",");
            first_json = 0;
            json_cstring(vc->id);
            printf(", \"level\": ");
            json_cstring(vc->level);
            printf(", \"operation\": ");
            json_cstring(vc->operation);
            printf(", \"verdict\": \"%s\", \"input\": ", verdict_names[v]);
            json_string(input, (size_t)input_len);
            printf(", \"expected\": ");
            json_string(expected, (size_t)expected_len);
            printf(", \"got\": ");
            json_string(got, got_len);
            printf(", \"exit\": ");
            if (o.exited)
                printf("%d", o.exit_status);
            else
                printf("null");
            printf(", \"signal\": %d, \"timed_out\": %s, \"stderr\": ", o.signal, o.timed_out ? "true" : "false");
            json_string(o.err ? o.err : "", o.err_len);
            printf("}");
        } else if (opt->print_skip_list && (v == VERDICT_FAIL || v == VERDICT_CRASH)) {
            printf("%s\n", vc->id);
        } else if (!opt->json && !opt->print_skip_list && (v == VERDICT_FAIL || v == VERDICT_CRASH)) {
            print_failure(vc, v, &o, opt->timeout);
        }
        fflush(stdout);
        free(o.out), free(o.err), free(input), free(expected);
    }
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
    free(argv);
    if (status != CLI_EXIT_OK)
        return status;
    return counts[VERDICT_FAIL] || counts[VERDICT_CRASH] ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}

int cmd_conform(int argc, char **argv)
{
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    args.line_inputs = 0; /* its help says what it reads and its exit status */
    runner_options opt;
    memset(&opt, 0, sizeof opt);
    opt.max_level = 3;
    opt.timeout = 10.0;
    opt.vectors_dir = "spec/vectors";
    const char *answer_operation = NULL;
    int status = -1;
    while (status < 0 && cli_next_option(&args)) {
        const char *value = NULL;
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
                status = CLI_EXIT_USAGE;
        } else if (cli_option_is(&args, "--timeout")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            char *end;
            opt.timeout = strtod(value, &end);
            if (end == value || *end != '\0' || !(opt.timeout > 0 && opt.timeout <= 86400))
                status = cli_usage_error(&args, "--timeout needs a number of seconds (0 < S <= 86400)");
        } else if (cli_option_is(&args, "--vectors")) {
            if ((value = cli_option_value(&args)) == NULL)
                break;
            opt.vectors_dir = value;
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
    if (status < 0 && answer_operation) {
        if (args.next < args.argc)
            status = cli_usage_error(&args, "--answer reads its input from standard input, not arguments");
        else if (!conform_operation_known(answer_operation))
            status = cli_usage_error(&args, "unknown operation '%s'", answer_operation);
        else
            status = answer_stdin(args.codec, answer_operation);
    }
    if (status < 0 && args.next >= args.argc)
        status = cli_usage_error(&args, "no program to test (give it after '--')");
    if (status < 0 && opt.json && opt.print_skip_list)
        status = cli_usage_error(&args, "--json and --print-skip-list exclude each other");
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
