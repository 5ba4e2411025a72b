/* pgn_input.c - the PGN reader on one input of a command, and its reports
 * (pgn_reader.h): apart from the reader, which writes nothing, so that the
 * fuzz harnesses and the Python package build the reader alone. */
#include <string.h>

#include "output.h"
#include "pgn_config.h"
#include "pgn_reader.h"

int pgn_read_input(const pgn_handler *handler, void *context, int fd, const char *source)
{
    return pgn_read_input_keeping(handler, NULL, context, fd, source);
}

int pgn_read_input_keeping(const pgn_handler *handler, const char *const *keep_tags, void *context, int fd,
                           const char *source)
{
    pgn_reader *reader = pgn_reader_new(handler, context);
    if (!reader) {
        util_out_of_memory(source);
        return -1;
    }
    if (pgn_reader_keep_tags(reader, keep_tags) != 0) { /* a caller's list too long: a defect, said plainly */
        util_error(source, "more than %d tag names to keep", PGN_KEEP_TAGS_MAX);
        pgn_reader_free(reader);
        return -1;
    }
    int error = pgn_read_fd(reader, fd);
    int empty = pgn_reader_bytes_read(reader) == 0;
    pgn_reader_free(reader);
    if (error) {
        util_error(source, "cannot read: %s", strerror(error));
        return -1;
    }
    if (empty) /* a warning: an empty database is no error, but often a mistake */
        util_error(source, "warning: the input is empty (no games)");
    return 0;
}

void pgn_print_diagnostic(const char *source, const pgn_diagnostic *d)
{
    if (d->game)
        util_report(source, d->at.line, d->at.column, "game %lu: %s", d->game, d->message);
    else
        util_report(source, d->at.line, d->at.column, "%s", d->message);
}
