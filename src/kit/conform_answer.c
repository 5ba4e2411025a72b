/*
 * gbr itself answering the conformance protocol (see conform_answer.h and
 * spec/gbr.md section 13.3): one case per run, batch mode's request lines,
 * and the table of the operations that the protocol's scripts read.
 */
#define _POSIX_C_SOURCE 200809L

#include "conform_answer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "conform_protocol.h"
#include "exit_status.h"
#include "grow.h"
#include "line_limit.h"
#include "output.h"

/* ==== --list-operations =================================================== */

/* For the scripts that need the table (the seed writer, the spec's table
 * checker), so that they keep no list of their own. */
int conform_list_operations(void)
{
    static const char *const result_names[] = {"none", "win", "draw"};
    for (size_t i = 0; gbr_operation_at(i); i++) {
        const gbr_operation *op = gbr_operation_at(i);
        util_put(&util_stdout, op->name);
        util_putc(&util_stdout, '\t');
        util_put(&util_stdout, gbr_level_name(op->level));
        util_putc(&util_stdout, '\t');
        util_put(&util_stdout, op->input == GBR_FORM_UNKNOWN ? "any" : gbr_form_name(op->input));
        util_putc(&util_stdout, '\t');
        util_put_uint(&util_stdout, op->pair ? 2 : 1);
        util_putc(&util_stdout, '\t');
        util_put(&util_stdout, result_names[op->result]);
        util_putc(&util_stdout, '\n');
    }
    return util_flush() == 0 ? UTIL_EXIT_OK : UTIL_EXIT_INPUT;
}

/* ==== --answer OPERATION (per-case mode) ================================== */

/* Where byte `at` of text stands: its line (from 1) and column (from 1). */
static void place_of(const char *text, size_t at, unsigned long *line, unsigned long *column)
{
    size_t line_start = 0;
    *line = 1;
    for (const char *p = text; (p = memchr(p, '\n', at - (size_t)(p - text))) != NULL; p++) {
        (*line)++;
        line_start = (size_t)(p - text) + 1;
    }
    *column = (unsigned long)(at - line_start + 1);
}

int conform_answer_input(const gbr_codec *codec, const char *operation, int in)
{
    /* At most UTIL_LINE_MAX bytes are an input; one more byte is read to
     * tell a longer input, which is refused, so endless input costs no more. */
    size_t cap = 4096, len = 0;
    char *input = malloc(cap);
    if (!input) {
        util_command_error("conform", UTIL_OUT_OF_MEMORY);
        return CONFORM_NO_ANSWER;
    }
    for (;;) {
        char *bigger = len < cap ? input : util_grow(input, &cap, len + 1, 1);
        if (!bigger) {
            free(input);
            util_command_error("conform", UTIL_OUT_OF_MEMORY);
            return CONFORM_NO_ANSWER;
        }
        input = bigger;
        size_t room = cap - len, limit_room = UTIL_LINE_MAX + 1 - len;
        ssize_t got = read(in, input + len, room < limit_room ? room : limit_room);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            free(input);
            util_command_error("conform", "cannot read standard input: %s", strerror(errno));
            return CONFORM_NO_ANSWER;
        }
        if (got == 0)
            break;
        len += (size_t)got;
        if (len > UTIL_LINE_MAX) {
            unsigned long line, column;
            place_of(input, UTIL_LINE_MAX, &line, &column);
            free(input);
            util_report("-", line, column, "input longer than 16777216 bytes (the limit of a case's input): no answer");
            util_report_flush();
            return CONFORM_NO_ANSWER;
        }
    }
    char answer[CONFORM_ANSWER_MAX + 1];
    int status = conform_answer(codec, operation, input, len, answer);
    free(input);
    util_put(&util_stdout, answer);
    util_putc(&util_stdout, '\n');
    return status;
}

/* ==== --answer batch (spec §13.3.2) ======================================= */

/* Appends to a buffer that is written out whenever it fills and before
 * every read of the input, so an answer never waits on more input. */
typedef struct out_buffer {
    char bytes[1 << 16];
    size_t len;
    int fd;
    int failed;
} out_buffer;

static void out_flush(out_buffer *b)
{
    size_t done = 0;
    while (done < b->len && !b->failed) {
        ssize_t put = write(b->fd, b->bytes + done, b->len - done);
        if (put < 0 && errno == EINTR)
            continue;
        if (put <= 0)
            b->failed = 1;
        else
            done += (size_t)put;
    }
    b->len = 0;
}

static void out_put(out_buffer *b, const char *text, size_t len)
{
    if (b->len + len > sizeof b->bytes)
        out_flush(b);
    memcpy(b->bytes + b->len, text, len);
    b->len += len;
}

/* One request line (NUL-terminated, LF removed) to its escaped answer line:
 * form 2's NUMBER TAB OPERATION TAB INPUT, answered NUMBER TAB ANSWER; a
 * line of form 1 (no number: an operation never starts with a digit) is
 * answered without one. A line that is not a request of an operation gbr
 * knows ends the session with the status of an unknown operation in
 * per-case mode. */
static int answer_request(const gbr_codec *codec, char *line, size_t len, out_buffer *out)
{
    size_t number_len = strspn(line, "0123456789");
    if (number_len > 0 && (number_len > 19 || line[number_len] != '\t')) {
        util_command_error("conform", "batch request with a malformed sequence number");
        return CONFORM_UNKNOWN_OP;
    }
    const char *number = line;
    line += number_len ? number_len + 1 : 0;
    len -= number_len ? number_len + 1 : 0;
    char *tab = memchr(line, '\t', len);
    if (!tab) {
        util_command_error("conform", "batch request without a TAB");
        return CONFORM_UNKNOWN_OP;
    }
    *tab = '\0';
    if (!gbr_operation_by_name(line, strlen(line))) {
        util_command_error("conform", "unknown operation '%s'", line);
        return CONFORM_UNKNOWN_OP;
    }
    /* The unescaped input is never longer than its escaped text. */
    char *input = tab + 1;
    long input_len = conform_unescape(input, input);
    if (input_len < 0) {
        util_command_error("conform", "malformed escape in a batch request");
        return CONFORM_UNKNOWN_OP;
    }
    char answer[CONFORM_ANSWER_MAX + 1];
    char escaped[4 * CONFORM_ANSWER_MAX + 2];
    conform_answer(codec, line, input, (size_t)input_len, answer);
    conform_escape(answer, strlen(answer), escaped);
    size_t escaped_len = strlen(escaped);
    escaped[escaped_len++] = '\n';
    if (number_len > 0)
        out_put(out, number, number_len + 1); /* the number and its TAB, echoed */
    out_put(out, escaped, escaped_len);
    return 0;
}

int conform_answer_batch(const gbr_codec *codec, int in, int out)
{
    static out_buffer answers; /* 64 KiB: off the stack */
    answers.len = 0;
    answers.fd = out;
    answers.failed = 0;
    /* pending[0, len) is read and not yet answered: whole lines, then the
     * start of one; [0, scanned) of it is known to hold no LF, so a long
     * line is searched once, not once a read. */
    size_t cap = 1 << 16, len = 0, scanned = 0;
    unsigned long line_number = 1;
    char *pending = malloc(cap);
    if (!pending) {
        util_command_error("conform", UTIL_OUT_OF_MEMORY);
        return CONFORM_NO_ANSWER;
    }
    out_put(&answers, CONFORM_BATCH_2 "\n", strlen(CONFORM_BATCH_2 "\n"));
    int status = 0;
    for (;;) {
        out_flush(&answers);
        if (answers.failed) {
            status = CONFORM_NO_ANSWER;
            break;
        }
        char *bigger = len < cap ? pending : util_grow(pending, &cap, len + 1, 1);
        if (!bigger) {
            util_command_error("conform", UTIL_OUT_OF_MEMORY);
            status = CONFORM_NO_ANSWER;
            break;
        }
        pending = bigger;
        /* A line (its LF aside) of up to UTIL_LINE_MAX bytes, and its LF. */
        size_t room = cap - len, limit_room = UTIL_LINE_MAX + 1 - len;
        ssize_t got = read(in, pending + len, room < limit_room ? room : limit_room);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            util_command_error("conform", "cannot read standard input: %s", strerror(errno));
            status = CONFORM_NO_ANSWER;
            break;
        }
        if (got == 0) {
            if (len > 0) {
                util_command_error("conform", "batch request without a line end");
                status = CONFORM_UNKNOWN_OP;
            }
            break;
        }
        len += (size_t)got;
        size_t start = 0;
        char *end;
        while (status == 0 && (end = memchr(pending + scanned, '\n', len - scanned)) != NULL) {
            *end = '\0';
            status = answer_request(codec, pending + start, (size_t)(end - (pending + start)), &answers);
            start = scanned = (size_t)(end - pending) + 1;
            line_number++;
        }
        if (status != 0)
            break;
        memmove(pending, pending + start, len - start);
        len -= start;
        scanned = len;
        if (len > UTIL_LINE_MAX) {
            util_report("-", line_number, UTIL_LINE_MAX + 1,
                        "batch request line longer than 16777216 bytes (the limit of a line)");
            util_report_flush();
            status = CONFORM_UNKNOWN_OP;
            break;
        }
    }
    out_flush(&answers);
    free(pending);
    return status;
}
