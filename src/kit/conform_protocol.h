/*
 * conform_protocol.h - the conformance protocol's text (spec/gbr.md section
 * 13) as `gbr vectors` (which computes the golden answers with the reference
 * codec) and `gbr conform` (which runs a program against them and also
 * answers the protocol itself with --answer) handle it. The operations and
 * their answers are libgbr's (gbr_operation_by_name, gbr_protocol_answer), so
 * the vectors and gbr's own answers cannot drift apart.
 */
#ifndef GBR_CONFORM_PROTOCOL_H
#define GBR_CONFORM_PROTOCOL_H

#include <stddef.h>

#include "gbr.h"

/* The longest answer line, without its NUL. */
#define CONFORM_ANSWER_MAX GBR_ANSWER_MAX

/* The handshake lines of batch mode (spec/gbr.md section 13.3.2). Form 1:
 * a request line is OPERATION TAB INPUT, an answer line the answer. Form 2:
 * each request line starts with its sequence number and a TAB, and its
 * answer line with the same number and a TAB, so an answer out of step is
 * seen at once. */
#define CONFORM_BATCH_1 "gbr-batch 1"
#define CONFORM_BATCH_2 "gbr-batch 2"

/* How an operation ended: the protocol's exit statuses. */
enum {
    CONFORM_ACCEPTED = 0,     /* answer holds the canonical output */
    CONFORM_REJECTED = 1,     /* answer holds "error NAME COLUMN" */
    CONFORM_UNKNOWN_OP = 2    /* not an operation of the protocol */
};

/* How `gbr conform` judges an answer (spec/gbr.md section 11): exact
 * compares the whole answer line, error class and column included;
 * validity compares acceptance and the canonical output only, so that any
 * well-formed `error` line agrees with a rejection. */
enum { CONFORM_ERRORS_EXACT = 0, CONFORM_ERRORS_VALIDITY = 1 };

/* gbr_protocol_answer of the operation named `operation` over the input
 * bytes (src, len) with `codec`: the answer line, without a newline,
 * NUL-terminated, into answer (at least CONFORM_ANSWER_MAX + 1 bytes).
 * Returns CONFORM_ACCEPTED, CONFORM_REJECTED or CONFORM_UNKNOWN_OP. */
int conform_answer(const gbr_codec *codec, const char *operation, const char *src, size_t len, char *answer);

/* Escaping of the vector files' input and expected fields: bytes outside
 * 0x20-0x7E are written "\xHH" (lower-case hex) and a backslash "\\".
 * conform_escape writes at most 4 * len + 1 bytes (NUL-terminated);
 * conform_unescape writes at most strlen(text) bytes and returns the length,
 * or -1 on a malformed escape. */
void conform_escape(const char *src, size_t len, char *out);
long conform_unescape(const char *text, char *out);

#endif /* GBR_CONFORM_PROTOCOL_H */
