/*
 * conform_process.h - the program under test as a child process (spec/gbr.md
 * section 13.3): started without a shell in a process group of its own,
 * fed through pipes, held to its time limits, killed as a group and always
 * reaped, also when the runner itself is ended by a signal
 * (conform_children_guard). Per-case mode, one process a case, is here;
 * batch mode's session (conform_batch.h) keeps one process over many
 * requests through the calls below, and this file knows nothing of its
 * protocol.
 *
 * Memory stays bounded whatever the program writes: its output and its
 * stderr are kept up to CONFORM_KEEP_LIMIT bytes each.
 */
#ifndef GBR_CONFORM_PROCESS_H
#define GBR_CONFORM_PROCESS_H

#include <stddef.h>
#include <sys/types.h>

/* How much of an answer or of stderr is kept (§13.3: the first MiB), so a
 * runaway program cannot exhaust memory. */
#define CONFORM_KEEP_LIMIT ((size_t)1 << 20)

/* What the program gave for one case, the same record in both modes, so the
 * runner and `gbr conform --fuzz` judge an answer the same way whichever
 * mode carried it. In batch mode `exited` is set and exit_status is 1 for an
 * answer starting "error ", 0 otherwise (§13.3.2). */
typedef struct conform_outcome {
    char *out, *err; /* the answer (unescaped, final LF removed) and stderr */
    size_t out_len, err_len;
    int exited, exit_status, signal, timed_out, spawn_failed;
    int bad_answer; /* batch: an answer line with a malformed escape */
    int no_answer;  /* batch: the program ended or closed its output first */
    int cut;        /* the run's deadline came first: no answer, not judged */
    /* batch form 2: how the answer line broke the protocol (an answer out
     * of step with the requests, or without its number); "" when it did not */
    char protocol_error[200];
} conform_outcome;

void conform_outcome_clear(conform_outcome *o);

/* The monotonic clock deadlines are given in, in seconds. */
double conform_clock(void);
/* The earlier of two deadlines, 0 standing for none in b. */
double conform_earlier(double a, double b);
/* Milliseconds to poll for before `until`: at most 50, at least 1, so a
 * loop looks at the clock and at its child often. */
int conform_poll_ms(double until);

/* Ends the program under test with the runner: on SIGINT, SIGTERM, SIGHUP
 * and SIGPIPE (each unless ignored when the runner started), and at exit,
 * every live child's process group is killed before the runner ends the way
 * the signal says. Writes to a child's closed input never raise SIGPIPE, so
 * the signal only comes from the runner's own output. Call once before the
 * first child starts. */
void conform_children_guard(void);

/* Per-case mode: runs argv (NULL-terminated, the operation last) with
 * `input` on its standard input, closed after it. deadline (a
 * conform_clock time, 0 for none) ends it early: the outcome is then `cut`. */
void conform_run_case(char **argv, const char *input, size_t input_len, double timeout, double deadline,
                      conform_outcome *o);

/* A started program: its pid (-1 when none runs) and the parent's ends of
 * its three pipes (-1 once closed). */
typedef struct conform_process {
    pid_t pid;
    int in_fd, out_fd, err_fd;
} conform_process;

#define CONFORM_PROCESS_NONE {-1, -1, -1, -1}

/* Starts argv (NULL-terminated) in a process group of its own, all three
 * pipes non-blocking. Returns 0, or -1 when it could not be started
 * (nothing left over). */
int conform_process_start(char **argv, conform_process *p);
/* Whether it has exited; it stays a zombie until conform_process_end, so its
 * group id cannot be reused before the group is killed. */
int conform_process_exited(const conform_process *p);
/* Waits for its exit until the deadline; 1 when it exited. */
int conform_process_wait_exit(const conform_process *p, double deadline);
/* write(2) to its input: a program that closed it gives EPIPE, never a
 * SIGPIPE to the runner. */
ssize_t conform_process_write(const conform_process *p, const char *bytes, size_t len);
/* Closes its pipes, kills its whole group and reaps it; records how it
 * ended in o (exited and exit_status, or signal) when o is given and it had
 * ended by itself. */
void conform_process_end(conform_process *p, conform_outcome *o);

/* One read from a ready pipe into a buffer kept to CONFORM_KEEP_LIMIT; the
 * pipe is closed (*fd -1) at its end or on an error other than EINTR and
 * EAGAIN. */
void conform_pipe_read(int *fd, char **buf, size_t *len);
/* Reads what a pipe holds now, without waiting (the program has exited,
 * but something it started may keep the pipe open). */
void conform_pipe_drain(int fd, char **buf, size_t *len);
/* Closes *fd when open and sets it to -1. */
void conform_pipe_close(int *fd);

#endif /* GBR_CONFORM_PROCESS_H */
