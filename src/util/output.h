/* output.h - the process's standard output (a sink) and its reports on
 * standard error, shared by every command and subsystem that writes either,
 * so that both keep their order and a write error is reported once. Every
 * message gbr writes goes through the calls below. */
#ifndef GBR_UTIL_OUTPUT_H
#define GBR_UTIL_OUTPUT_H

#include <stdarg.h>
#include <stddef.h>

#include "sink.h"

/* Buffered stdout. The buffer is flushed when full, before a reader blocks
 * on stdin, and by util_flush. After the first write error (reported once,
 * as `gbr: -: cannot write the output: ...`) nothing more is written. */
extern util_sink util_stdout;
/* Flushes stdout and the pending reports; returns 0, or -1 after reporting
 * a write error. */
int util_flush(void);
/* Writes out stdout's buffer now (a report written case by case, so that a
 * reader gone away ends the run at once); returns 0, or -1 when stdout
 * cannot be written. */
int util_flush_stdout(void);
/* From now on a failed write to stdout is reported by util_flush, at the
 * end, not at once: for a writer that says itself that its output failed
 * (the conformance runner's "cannot write the report"). */
void util_stdout_report_at_end(void);
/* Whether a write to stdout has failed (input loops stop reading then). */
int util_output_failed(void);
/* For the stdout sink (sink.c): what goes before its writes, and its first
 * failure. */
void util_stdout_before_write(void);
void util_stdout_failed(int error);

#if defined(__GNUC__) || defined(__clang__)
#define UTIL_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define UTIL_PRINTF(f, a)
#endif

/* A located problem: `gbr: SOURCE:LINE:COLUMN: MESSAGE` and a newline,
 * MESSAGE formatted as printf does. Buffered: a batch with many bad lines
 * would otherwise make one write per line. */
void util_report(const char *source, unsigned long line, unsigned long column, const char *format, ...)
    UTIL_PRINTF(4, 5);
/* A plain problem: `gbr: WHERE: MESSAGE` (`gbr: MESSAGE` when where is
 * NULL) and a newline, written at once with what is pending before it. */
void util_error(const char *where, const char *format, ...) UTIL_PRINTF(2, 3);
/* A plain problem of a command that names itself: `gbr COMMAND: MESSAGE`
 * and a newline, written at once. */
void util_command_error(const char *command, const char *format, ...) UTIL_PRINTF(2, 3);
/* The words, written once; util_out_of_memory reports them as
 * `gbr: WHERE: out of memory` (`gbr: out of memory` when where is NULL). */
#define UTIL_OUT_OF_MEMORY "out of memory"
void util_out_of_memory(const char *where);
/* Text on stderr exactly as formatted (usage errors that name the command,
 * the help text of a wrong command line), written at once with what is
 * pending before it. */
void util_message(const char *format, ...) UTIL_PRINTF(1, 2);
void util_vmessage(const char *format, va_list ap) UTIL_PRINTF(1, 0);
/* Bytes on stderr as they are, in order with the reports (a command's
 * report lines written there instead of to stdout). */
void util_message_bytes(const char *bytes, size_t len);
/* A status line on a terminal (a long reading's progress): "\r", the text,
 * erase to the line's end, written at once; the next status line is drawn
 * over it, and any other text on stderr (a report) erases it first, so
 * that no report lands on what is left of it. util_status_clear erases it. */
void util_status(const char *format, ...) UTIL_PRINTF(1, 2);
void util_status_clear(void);
/* Help, usage and report text, formatted, to stdout (to_stderr 0) or at
 * once to stderr (to_stderr 1). */
void util_text(int to_stderr, const char *format, ...) UTIL_PRINTF(2, 3);
/* Writes the pending reports; any other write to stderr calls it first, so
 * that every message keeps its order. */
void util_report_flush(void);

#endif /* GBR_UTIL_OUTPUT_H */
