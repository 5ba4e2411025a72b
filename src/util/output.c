/* The buffered standard output and reports (see output.h). */
#include "output.h"

#include <errno.h>
#include <string.h>

#include "text.h"

/* One process-wide buffer in front of stdout: batch runs write millions of
 * short lines, and stdio's per-call locking would dominate. */
static char out_buffer[1 << 16];
static size_t out_used;
static int out_failed;

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

static void err_put_uint(unsigned long value)
{
    char digits[UTIL_DECIMAL_MAX];
    err_write(digits, util_decimal(digits, value));
}

static void out_failure(int error)
{
    out_failed = 1;
    util_report_flush();
    fprintf(stderr, "gbr: -: cannot write the output: %s\n", strerror(error ? error : EIO));
}

/* Writes straight to stdout; the first failure is reported, and after it
 * nothing more is written. */
static void out_send(const char *bytes, size_t len)
{
    if (len == 0 || out_failed)
        return;
    errno = 0;
    if (fwrite(bytes, 1, len, stdout) != len || fflush(stdout) != 0)
        out_failure(errno);
}

int util_flush(void)
{
    util_report_flush();
    out_send(out_buffer, out_used);
    out_used = 0;
    /* What went through stdio directly (help texts, printf) is checked here
     * too, so that no command ends with an unreported write error. */
    if (!out_failed) {
        errno = 0;
        if (fflush(stdout) != 0 || ferror(stdout))
            out_failure(errno);
    }
    return out_failed ? -1 : 0;
}

int util_output_failed(void) { return out_failed; }

void util_write(const char *bytes, size_t len)
{
    if (len > sizeof out_buffer - out_used) {
        util_flush();
        if (len > sizeof out_buffer) {
            out_send(bytes, len);
            return;
        }
    }
    memcpy(out_buffer + out_used, bytes, len);
    out_used += len;
}

void util_puts(const char *text) { util_write(text, strlen(text)); }

void util_putc(char c)
{
    if (out_used == sizeof out_buffer)
        util_flush();
    out_buffer[out_used++] = c;
}

void util_put_uint(unsigned long value)
{
    char digits[UTIL_DECIMAL_MAX];
    util_write(digits, util_decimal(digits, value));
}

void util_put_json_raw_string(const char *s, size_t len)
{
    char spelled[6];
    util_putc('"');
    for (size_t i = 0; i < len; i++)
        util_write(spelled, util_json_raw_byte((unsigned char)s[i], spelled));
    util_putc('"');
}

void util_fput_json_raw_string(FILE *to, const char *s, size_t len)
{
    char spelled[6];
    putc('"', to);
    for (size_t i = 0; i < len; i++)
        fwrite(spelled, 1, util_json_raw_byte((unsigned char)s[i], spelled), to);
    putc('"', to);
}

void util_report(const char *source, unsigned long line, unsigned long column, const char *message)
{
    /* "gbr: SOURCE:LINE:COLUMN: MESSAGE" */
    err_write("gbr: ", 5);
    err_write(source, strlen(source));
    err_write(":", 1);
    err_put_uint(line);
    err_write(":", 1);
    err_put_uint(column);
    err_write(": ", 2);
    err_write(message, strlen(message));
    err_write("\n", 1);
}
