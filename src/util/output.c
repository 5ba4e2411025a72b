/* The buffered standard output and reports (see output.h). */
#include "output.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "text.h"

/* One process-wide buffer in front of stdout: batch runs write millions of
 * short lines, and stdio's per-call locking would dominate. */
static char out_buffer[1 << 16];
util_sink util_stdout = {STDOUT_FILENO, out_buffer, sizeof out_buffer, 0, 0};

static char err_buffer[1 << 14];
static size_t err_used;

void util_report_flush(void)
{
    if (err_used > 0)
        fwrite(err_buffer, 1, err_used, stderr);
    err_used = 0;
}

static void err_write(const char *bytes, size_t len)
{
    if (len > sizeof err_buffer - err_used) {
        util_report_flush();
        if (len > sizeof err_buffer) {
            fwrite(bytes, 1, len, stderr);
            return;
        }
    }
    memcpy(err_buffer + err_used, bytes, len);
    err_used += len;
}

/* A status line is up (util_status): erased before any other text. */
static int status_shown;

static void status_erase(void)
{
    if (status_shown) {
        status_shown = 0;
        err_write("\r\033[K", 4);
    }
}

static void err_put_uint(unsigned long value)
{
    char digits[UTIL_DECIMAL_MAX];
    err_write(digits, util_decimal(digits, value));
}

/* A message's text to stderr; one longer than a line goes through memory
 * of its own, and without it the message says so. */
static void err_vformat(const char *format, va_list ap)
{
    char line[512], *owned;
    size_t len;
    const char *text = util_vformat(line, sizeof line, &owned, &len, format, ap);
    if (text)
        err_write(text, len);
    else
        err_write("(" UTIL_OUT_OF_MEMORY ")", sizeof UTIL_OUT_OF_MEMORY + 1);
    free(owned);
}

void util_stdout_before_write(void)
{
    util_report_flush();
    /* What went through stdio directly goes first. */
    fflush(stdout);
}

static int stdout_reported, stdout_report_at_end;

static void report_stdout_failure(void)
{
    stdout_reported = 1;
    util_report_flush();
    status_erase();
    util_report_flush();
    fprintf(stderr, "gbr: -: cannot write the output: %s\n", strerror(util_stdout.error));
}

void util_stdout_failed(int error)
{
    util_stdout.error = error ? error : EIO;
    if (!stdout_report_at_end)
        report_stdout_failure();
}

void util_stdout_report_at_end(void) { stdout_report_at_end = 1; }

int util_flush_stdout(void)
{
    util_sink_flush(&util_stdout);
    if (!util_stdout.error) {
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout))
            util_stdout_failed(errno);
    }
    return util_stdout.error ? -1 : 0;
}

int util_flush(void)
{
    /* What went through stdio directly is checked here too, so that no
     * command ends with an unreported write error. */
    util_flush_stdout();
    if (util_stdout.error && !stdout_reported)
        report_stdout_failure();
    return util_stdout.error ? -1 : 0;
}

int util_output_failed(void) { return util_stdout.error != 0; }

/* A message's text and its line end, written at once, as stderr is: a
 * keeper watching a long run sees each report as it comes, and a run killed
 * by a signal loses none. */
static void err_finish(const char *format, va_list ap)
{
    err_vformat(format, ap);
    err_write("\n", 1);
    util_report_flush();
}

void util_report(const char *source, unsigned long line, unsigned long column, const char *format, ...)
{
    status_erase();
    /* "gbr: SOURCE:LINE:COLUMN: MESSAGE" */
    err_write("gbr: ", 5);
    err_write(source, strlen(source));
    err_write(":", 1);
    err_put_uint(line);
    err_write(":", 1);
    err_put_uint(column);
    err_write(": ", 2);
    va_list ap;
    va_start(ap, format);
    err_finish(format, ap);
    va_end(ap);
}

void util_error(const char *where, const char *format, ...)
{
    status_erase();
    err_write("gbr: ", 5);
    if (where) {
        err_write(where, strlen(where));
        err_write(": ", 2);
    }
    va_list ap;
    va_start(ap, format);
    err_finish(format, ap);
    va_end(ap);
}

void util_command_error(const char *command, const char *format, ...)
{
    status_erase();
    err_write("gbr ", 4);
    err_write(command, strlen(command));
    err_write(": ", 2);
    va_list ap;
    va_start(ap, format);
    err_finish(format, ap);
    va_end(ap);
}

void util_out_of_memory(const char *where) { util_error(where, UTIL_OUT_OF_MEMORY); }

void util_vmessage(const char *format, va_list ap)
{
    status_erase();
    err_vformat(format, ap);
    util_report_flush();
}

void util_message(const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    util_vmessage(format, ap);
    va_end(ap);
}

void util_message_bytes(const char *bytes, size_t len)
{
    status_erase();
    err_write(bytes, len);
}

void util_status(const char *format, ...)
{
    err_write("\r", 1); /* drawn over the last one in place */
    va_list ap;
    va_start(ap, format);
    err_vformat(format, ap);
    va_end(ap);
    err_write("\033[K", 3);
    util_report_flush();
    status_shown = 1;
}

void util_status_clear(void)
{
    status_erase();
    util_report_flush();
}

void util_text(int to_stderr, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    if (to_stderr) {
        util_vmessage(format, ap);
    } else {
        util_vputf(&util_stdout, format, ap);
    }
    va_end(ap);
}
