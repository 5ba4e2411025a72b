/*
 * conform_answer.h - gbr itself as a program under test (spec/gbr.md section
 * 13.3): `gbr conform --answer OPERATION` answers one case read whole from
 * its input, `--answer batch` answers batch mode's request lines, and
 * `--list-operations` writes libgbr's table of the operations. The answers
 * are conform_answer's, the ones the golden vectors hold.
 */
#ifndef GBR_CONFORM_ANSWER_H
#define GBR_CONFORM_ANSWER_H

#include "gbr.h"

/* The exit status of a program under test that could give no answer (out of
 * memory, unreadable input, an unwritable output): neither 0 nor 1, so the
 * runner counts the case as a crash. */
#define CONFORM_NO_ANSWER 3

/* Per-case mode: reads descriptor `in` (the command's standard input) to its
 * end and writes the answer line of `operation` (an operation of the
 * protocol) to the buffered standard output. Returns the protocol's exit
 * status (CONFORM_ACCEPTED or CONFORM_REJECTED), or CONFORM_NO_ANSWER. */
int conform_answer_input(const gbr_codec *codec, const char *operation, int in);

/* Batch mode (section 13.3.2): the handshake line, then one answer line a
 * request line read from `in` (the command's standard input), written to
 * `out` before each read so that an answer never waits on more input.
 * Returns 0 at the end of the input, CONFORM_UNKNOWN_OP after a line that is
 * not a request (reported), or CONFORM_NO_ANSWER. */
int conform_answer_batch(const gbr_codec *codec, int in, int out);

/* libgbr's table of the operations, one a line on the buffered standard
 * output: NAME, LEVEL, the form of the input ("any" for check), how many
 * texts (2: an order's A|B) and the result (none, win, draw), tab-separated.
 * Returns UTIL_EXIT_OK, or UTIL_EXIT_INPUT when it could not be written. */
int conform_list_operations(void);

#endif /* GBR_CONFORM_ANSWER_H */
