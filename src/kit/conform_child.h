/*
 * conform_child.h - running the program under test (spec/gbr.md section 13.3):
 * one process a case (per-case mode), or one process answering many request
 * lines (batch mode), with the same outcome record for both, so the runner
 * and `gbr conform --fuzz` judge an answer the same way whichever mode
 * carried it. No shell is involved; every child runs in a process group of
 * its own, is killed as a group and is always reaped.
 */
#ifndef GBR_CONFORM_CHILD_H
#define GBR_CONFORM_CHILD_H

#include <stddef.h>

/* What the program gave for one case. In batch mode `exited` is set and
 * exit_status is 1 for an answer starting "error ", 0 otherwise (§13.3.2). */
typedef struct conform_outcome {
    char *out, *err; /* the answer (unescaped, final LF removed) and stderr */
    size_t out_len, err_len;
    int exited, exit_status, signal, timed_out, spawn_failed;
    int bad_answer; /* batch: an answer line with a malformed escape */
    int no_answer;  /* batch: the program ended or closed its output first */
} conform_outcome;

void conform_outcome_clear(conform_outcome *o);

/* Prints the report's "  got:" line: the answer (escaped, in `shown`) with
 * its exit status, or how the program failed to give one. */
void conform_print_got(const conform_outcome *o, const char *shown, double timeout);

/* How the runner talks to the program: per-case when it does not answer the
 * batch handshake (auto), or as told. */
enum { CONFORM_MODE_AUTO, CONFORM_MODE_BATCH, CONFORM_MODE_PER_CASE };

/* Per-case mode: runs argv (NULL-terminated, the operation last) with
 * `input` on its standard input, closed after it. */
void conform_run_case(char **argv, const char *input, size_t input_len, double timeout, conform_outcome *o);

/* The handshake of §13.3.2: whether `program` (program_argc words) answers
 * the operation `batch` with "gbr-batch 1" and exit status 0. */
int conform_speaks_batch(char **program, int program_argc, double timeout);

typedef struct conform_request {
    const char *operation;
    const char *input;
    size_t input_len;
} conform_request;

/* A batch session: the program started once (again after each crash). */
typedef struct conform_session conform_session;

conform_session *conform_session_new(char **program, int program_argc, double timeout);
/* Answers n requests in order into outcomes[0..n) (cleared first), sending
 * ahead of the answers; a case whose answer never comes is a crash and the
 * program is restarted for the rest. */
void conform_session_ask(conform_session *s, const conform_request *requests, size_t n, conform_outcome *outcomes);
/* How many times the program was started. */
unsigned long conform_session_starts(const conform_session *s);
/* Closes the program's input, waits for its exit (under the timeout), kills
 * its group and reaps it. */
void conform_session_free(conform_session *s);

#endif /* GBR_CONFORM_CHILD_H */
