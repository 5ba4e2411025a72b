/* pgn_input.h - what every PGN command does with one input: the PGN reader
 * (pgn_reader.h) over the bytes of a file, pipe or compressed stream
 * (input_stream.h), its reports on standard error, and a progress line on a
 * terminal (input_progress.h). */
#ifndef GBR_PGN_INPUT_H
#define GBR_PGN_INPUT_H

#include "pgn_reader.h"

/* A new reader with handler and context reads fd (plain, or zstd, gzip or
 * bzip2, chosen by its first bytes) to its end and is freed. Returns 0, or
 * -1 after reporting on standard error "gbr: SOURCE: out of memory",
 * "gbr: SOURCE: cannot read: REASON" or, for a damaged or truncated
 * compressed stream, "gbr: SOURCE: FORMAT stream damaged|cut short at
 * compressed byte OFFSET: REASON" (what was read and decoded before the
 * problem has been handled, and the reader finished). An input of no bytes
 * is said on standard error, "gbr: SOURCE: warning: the input is empty (no
 * games)", and returns 0. */
int pgn_read_input(const pgn_handler *handler, void *context, int fd, const char *source);
/* The same, the tags callback getting only the tags named in keep_tags
 * (pgn_reader_keep_tags(); NULL: every tag). */
int pgn_read_input_keeping(const pgn_handler *handler, const char *const *keep_tags, void *context, int fd,
                           const char *source);
/* The same for a command that copies its input byte for byte (audit
 * --fix): a compressed input is refused, "gbr: SOURCE: a FORMAT stream:
 * ...", before any byte is handled, and -1 returned. */
int pgn_read_input_plain(const pgn_handler *handler, void *context, int fd, const char *source);
/* The one wording of a reader's diagnostic on standard error:
 * "gbr: SOURCE:LINE:COLUMN: game N: MESSAGE", without "game N: " outside a game. */
void pgn_print_diagnostic(const char *source, const pgn_diagnostic *diagnostic);
/* The one wording of an input that could not be read or decoded past a
 * point (the problem of input_stream_next() == -1). */
struct input_stream;
void pgn_input_report_stream_error(const char *source, const struct input_stream *stream);

#endif /* GBR_PGN_INPUT_H */
