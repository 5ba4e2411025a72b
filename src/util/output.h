/* output.h - the process's buffered standard output and its reports on
 * standard error, shared by every command and subsystem that writes either,
 * so that both keep their order and a write error is reported once. */
#ifndef GBR_UTIL_OUTPUT_H
#define GBR_UTIL_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

/* Buffered stdout: bytes, a NUL-terminated string, one byte, a decimal number.
 * The buffer is flushed when full, before a reader blocks on stdin, and by
 * util_flush. After the first write error (reported once) nothing more is
 * written. */
void util_write(const char *bytes, size_t len);
void util_puts(const char *text);
void util_putc(char c);
void util_put_uint(unsigned long value);
/* Flushes stdout and the pending reports; returns 0, or -1 after reporting
 * a write error. */
int util_flush(void);
/* Whether a write to stdout has failed (input loops stop reading then). */
int util_output_failed(void);

/* A JSON string of raw bytes (util_json_raw_byte) to the buffered stdout, or to a
 * stdio stream (for reports written through stdio). */
void util_put_json_raw_string(const char *s, size_t len);
void util_fput_json_raw_string(FILE *to, const char *s, size_t len);

/* `gbr: <source>:<line>:<column>: <message>` on stderr, buffered: a batch
 * with many bad lines would otherwise make one write per line. */
void util_report(const char *source, unsigned long line, unsigned long column, const char *message);
/* Writes the pending reports; any other write to stderr calls it first, so
 * that every message keeps its order. */
void util_report_flush(void);

#endif /* GBR_UTIL_OUTPUT_H */
