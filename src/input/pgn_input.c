/* pgn_input.c - the PGN reader on one input of a command, and its reports
 * (pgn_input.h): apart from the reader, which writes nothing, so that the
 * fuzz harnesses and the Python package build the reader alone. */
#define _POSIX_C_SOURCE 200809L

#include "pgn_input.h"

#include <errno.h>
#include <string.h>

#include "input_progress.h"
#include "input_reports.h"
#include "input_stream.h"
#include "output.h"

void pgn_input_report_stream_error(const char *source, const input_stream *stream)
{
    uint64_t at;
    int error;
    util_error(source, "%s", input_stream_error(stream, &at, &error));
}

static int read_input(const pgn_handler *handler, const char *const *keep_tags, void *context, int fd,
                      const char *source, int plain_only);

int pgn_read_input(const pgn_handler *handler, void *context, int fd, const char *source)
{
    return read_input(handler, NULL, context, fd, source, 0);
}

int pgn_read_input_keeping(const pgn_handler *handler, const char *const *keep_tags, void *context, int fd,
                           const char *source)
{
    return read_input(handler, keep_tags, context, fd, source, 0);
}

int pgn_read_input_plain(const pgn_handler *handler, void *context, int fd, const char *source)
{
    return read_input(handler, NULL, context, fd, source, 1);
}

static int read_input(const pgn_handler *handler, const char *const *keep_tags, void *context, int fd,
                      const char *source, int plain_only)
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
    input_progress progress;
    input_progress_begin(&progress, fd, source);
    input_stream *stream = input_stream_open(fd);
    if (!stream) {
        int error = errno;
        pgn_reader_free(reader);
        if (error == ENOMEM)
            util_out_of_memory(source);
        else
            util_error(source, "cannot start reading: %s", strerror(error));
        return -1;
    }
    const char *bytes;
    size_t len;
    int got;
    while ((got = input_stream_next(stream, &bytes, &len)) > 0) {
        if (plain_only && input_stream_format(stream) != INPUT_PLAIN) {
            util_error(source, "a %s stream: this reading copies its input byte for byte and reads plain PGN "
                       "only (decompress it first)", input_format_name(input_stream_format(stream)));
            input_stream_close(stream);
            pgn_reader_free(reader);
            input_progress_end(&progress);
            return -1;
        }
        pgn_feed(reader, bytes, len);
        uint64_t decoded = pgn_reader_bytes_read(reader);
        /* plain: the bytes handled, not those the reading thread has read ahead */
        input_progress_update(&progress,
                              input_stream_format(stream) == INPUT_PLAIN ? decoded : input_stream_raw_read(stream),
                              decoded, pgn_reader_games(reader));
    }
    /* The games before a damaged part are ended and handled as a file cut there would be. */
    pgn_finish(reader);
    input_progress_end(&progress);
    int empty = pgn_reader_bytes_read(reader) == 0;
    pgn_reader_free(reader);
    if (got < 0) {
        pgn_input_report_stream_error(source, stream);
        input_stream_close(stream);
        return -1;
    }
    input_stream_close(stream);
    if (empty) /* a warning: an empty database is no error, but often a mistake */
        util_error(source, "warning: the input is empty (no games)");
    return 0;
}

void pgn_print_diagnostic(const char *source, const pgn_diagnostic *d)
{
    input_report_write(source, d->at.line, d->at.column, d->game, d->message);
}
