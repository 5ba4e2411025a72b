/*
 * conform_batch.h - batch mode (spec/gbr.md section 13.3.2): the handshake
 * that tells whether and in which form a program speaks it, and the
 * session, one program started once (again after each crash) answering
 * many request lines. The session runs its program through
 * conform_process.h and gives each case the outcome record of per-case
 * mode, so a case is judged the same way whichever mode carried it.
 *
 * Memory stays bounded whatever the program writes: an answer line is kept
 * up to CONFORM_KEEP_LIMIT bytes, and each answer is handed to the caller
 * as it arrives, one case's outcome held at a time.
 */
#ifndef GBR_CONFORM_BATCH_H
#define GBR_CONFORM_BATCH_H

#include <stddef.h>

#include "conform_process.h"

/* Prints the report's "  got:" line for a case of either mode: the answer
 * (escaped, in `shown`) with its exit status, or how the program failed to
 * give one, batch mode's ways included. */
void conform_print_got(const conform_outcome *o, const char *shown, double timeout);

/* How the runner talks to the program: per-case when it does not answer the
 * batch handshake (auto), or as told. */
enum { CONFORM_MODE_AUTO, CONFORM_MODE_BATCH, CONFORM_MODE_PER_CASE };

/* The handshake of §13.3.2: the batch form `program` (program_argc words)
 * speaks, 1 ("gbr-batch 1") or 2 ("gbr-batch 2"), answered to the operation
 * `batch` with exit status 0; 0 when it speaks neither. */
int conform_speaks_batch(char **program, int program_argc, double timeout);

/* The batch form a run uses in `mode` (CONFORM_MODE_*): per-case is 0;
 * auto is what the handshake answers (0 when nothing); batch asks the
 * handshake too, for the form, and is form 1 when it gets no answer. */
int conform_batch_form(int mode, char **program, int program_argc, double timeout);

typedef struct conform_request {
    const char *operation;
    const char *input;
    size_t input_len;
} conform_request;

/* A batch session: the program started once (again after each crash). */
typedef struct conform_session conform_session;

/* form: 1 or 2, as conform_speaks_batch says (batch mode without the
 * handshake is form 1). */
conform_session *conform_session_new(char **program, int program_argc, int form, double timeout);

/* Receives the outcome of requests[index] as soon as it is known, in the
 * order of the requests; the outcome's buffers are the callee's to keep or
 * clear (conform_outcome_clear). */
typedef void conform_answer_fn(void *context, size_t index, conform_outcome *o);

typedef struct conform_ask_result {
    size_t answered; /* outcomes given: n unless the deadline came first */
    int cut;         /* the deadline came first */
    /* form 1: the check requests sent after the last request were answered
     * out of step (an extra or missing answer line among these requests);
     * detail says what came. The program has been started again. */
    int desync;
    /* form 1: this ask learned the program's answers to the check requests
     * and they cannot tell step (alike, or none): said once a session, in
     * detail; the session goes on without the checks. */
    int unchecked;
    char detail[1024];
} conform_ask_result;

/* Asks n requests in order, sending ahead of the answers, and gives each
 * outcome to `each`; a case whose answer never comes is a crash and the
 * program is restarted for the rest. In form 2 an answer out of step is a
 * protocol error of the case awaited (a crash), and the program is
 * restarted; in form 1 two check requests with known answers follow the n
 * requests, and an answer out of step there is reported in the result.
 * deadline (a conform_clock time, 0 for none) stops the asking: the
 * program is killed and the requests not yet answered get no outcome. */
void conform_session_ask(conform_session *s, const conform_request *requests, size_t n, double deadline,
                         conform_answer_fn *each, void *context, conform_ask_result *result);
/* Starts the program again now when its last start has ended (a crash),
 * so that its start-up runs while the caller works rather than when the
 * next request is asked. */
void conform_session_restart(conform_session *s);
/* How many times the program was started. */
unsigned long conform_session_starts(const conform_session *s);
/* Closes the program's input, waits for its exit (under the timeout), kills
 * its group and reaps it. */
void conform_session_free(conform_session *s);

/* For the runner's own tests (src/kit/tests), NULL in gbr: called with
 * "exited" when a batch program has exited while something holds its
 * output open, before that output is read to its current end. */
extern void (*conform_session_test_hook)(const char *event);

#endif /* GBR_CONFORM_BATCH_H */
