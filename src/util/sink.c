/* sink.c - a buffer in front of a file descriptor and its put functions
 * (sink.h). */
#define _POSIX_C_SOURCE 200809L /* ssize_t, write */

#include "sink.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "text.h"

/* Whatever goes to standard output goes after the reports pending for
 * standard error, so that the two keep their order when they share a file
 * (2>&1). */
static void write_all(util_sink *s, const char *bytes, size_t len)
{
    int failed_before = s->error != 0;
    if (s->fd == STDOUT_FILENO)
        util_stdout_before_write();
    while (len > 0 && !s->error) {
        ssize_t put = write(s->fd, bytes, len);
        if (put < 0) {
            if (errno != EINTR)
                s->error = errno;
            continue;
        }
        if (put == 0) { /* a descriptor that takes nothing would loop for ever */
            s->error = EIO;
            break;
        }
        bytes += put;
        len -= (size_t)put;
    }
    if (s == &util_stdout && s->error && !failed_before)
        util_stdout_failed(s->error); /* reported at once, and once */
}

void util_write(util_sink *s, const void *bytes, size_t len)
{
    if (len == 0 || s->error)
        return;
    if (len > s->cap - s->used) {
        util_sink_flush(s);
        if (len > s->cap) {
            write_all(s, bytes, len);
            return;
        }
    }
    memcpy(s->buffer + s->used, bytes, len);
    s->used += len;
}

void util_sink_flush(util_sink *s)
{
    if (s->used > 0)
        write_all(s, s->buffer, s->used);
    else if (s->fd == STDOUT_FILENO)
        util_stdout_before_write();
    s->used = 0;
}

int util_sink_open(util_sink *s, const char *path, char *buffer, size_t cap)
{
    s->fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    s->buffer = buffer;
    s->cap = cap;
    s->used = 0;
    s->error = 0;
    return s->fd < 0 ? -1 : 0;
}

int util_sink_close(util_sink *s)
{
    util_sink_flush(s);
    if (close(s->fd) != 0 && !s->error)
        s->error = errno;
    s->fd = -1;
    errno = s->error;
    return s->error ? -1 : 0;
}

void util_put(util_sink *s, const char *text) { util_write(s, text, strlen(text)); }

void util_put_uint(util_sink *s, unsigned long long value)
{
    char digits[UTIL_DECIMAL_MAX];
    util_write(s, digits, util_decimal(digits, value));
}

void util_put_json_text_inside(util_sink *s, const char *text, size_t len)
{
    char spelled[6];
    size_t plain = 0; /* bytes written as they are, a run at a time */
    for (size_t i = 0; i < len; i++) {
        size_t n = util_json_text_byte((unsigned char)text[i], spelled);
        if (n == 1)
            continue;
        util_write(s, text + plain, i - plain);
        util_write(s, spelled, n);
        plain = i + 1;
    }
    util_write(s, text + plain, len - plain);
}

void util_put_json_text(util_sink *s, const char *text, size_t len)
{
    util_write(s, "\"", 1);
    util_put_json_text_inside(s, text, len);
    util_write(s, "\"", 1);
}

void util_put_json_raw(util_sink *s, const char *bytes, size_t len)
{
    char spelled[6];
    util_putc(s, '"');
    for (size_t i = 0; i < len; i++)
        util_write(s, spelled, util_json_raw_byte((unsigned char)bytes[i], spelled));
    util_putc(s, '"');
}

void util_put_html(util_sink *s, const char *text, size_t len)
{
    size_t plain = 0;
    for (size_t i = 0; i < len; i++) {
        const char *ref = NULL;
        switch (text[i]) {
        case '&': ref = "&amp;"; break;
        case '<': ref = "&lt;"; break;
        case '>': ref = "&gt;"; break;
        case '"': ref = "&quot;"; break;
        case '\'': ref = "&#39;"; break;
        default: continue;
        }
        util_write(s, text + plain, i - plain);
        util_put(s, ref);
        plain = i + 1;
    }
    util_write(s, text + plain, len - plain);
}

const char *util_vformat(char *small, size_t cap, char **owned, size_t *len, const char *format, va_list ap)
{
    *owned = NULL;
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(small, cap, format, ap);
    const char *text = small;
    if (n < 0) {
        n = 0;
        small[0] = '\0';
    } else if ((size_t)n >= cap) {
        *owned = malloc((size_t)n + 1);
        if (*owned)
            vsnprintf(*owned, (size_t)n + 1, format, again);
        text = *owned;
    }
    va_end(again);
    *len = (size_t)n;
    return text;
}

void util_vputf(util_sink *s, const char *format, va_list ap)
{
    char small[512], *owned;
    size_t len;
    const char *text = util_vformat(small, sizeof small, &owned, &len, format, ap);
    if (text)
        util_write(s, text, len);
    else if (!s->error)
        s->error = ENOMEM;
    free(owned);
}

void util_putf(util_sink *s, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    util_vputf(s, format, ap);
    va_end(ap);
}
