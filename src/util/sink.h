/* sink.h - the one way gbr writes bytes: a buffer in front of a file
 * descriptor, and the put functions every writer shares (bytes, text,
 * numbers, JSON strings, HTML text). Large write(2) calls, retried when a
 * signal cuts them; the errno of the first failure is kept and nothing is
 * written after it, so a writer checks once, at the end. The process's
 * standard output is one sink (output.h), an output file replaced whole is
 * another (output_file.h), and so are the sort's spilled runs. A sink on
 * standard output writes the reports pending for standard error first, so
 * that both keep their order in one file (2>&1). */
#ifndef GBR_UTIL_SINK_H
#define GBR_UTIL_SINK_H

#include <stdarg.h>
#include <stddef.h>

typedef struct util_sink {
    int fd;
    char *buffer; /* cap bytes, the owner's */
    size_t cap, used;
    int error;    /* errno of the first failure, 0 while all is well */
} util_sink;

/* A sink on a new file at path (created, or emptied, mode 0666 less the
 * umask, as fopen's "w" makes it) with the caller's buffer: returns 0, or
 * -1 with errno set. util_sink_close writes out the buffer and closes the
 * file: returns 0, or -1 with errno set to the first failure. For a file
 * written in place; output_file.h replaces one whole. */
int util_sink_open(util_sink *s, const char *path, char *buffer, size_t cap);
int util_sink_close(util_sink *s);

/* Appends len bytes (bytes may be NULL when len is 0); a piece larger than
 * the buffer is written directly. */
void util_write(util_sink *s, const void *bytes, size_t len);
/* Writes out what the buffer holds. */
void util_sink_flush(util_sink *s);

/* A NUL-terminated string; one byte; a decimal number. */
void util_put(util_sink *s, const char *text);
static inline void util_putc(util_sink *s, char c)
{
    if (s->used == s->cap)
        util_sink_flush(s);
    s->buffer[s->used++] = c;
}
void util_put_uint(util_sink *s, unsigned long long value);

/* The two JSON strings (text.h's two spellings), quotes included:
 * util_put_json_text for text already in UTF-8 (its characters kept),
 * util_put_json_raw for arbitrary bytes that must come back exactly. */
void util_put_json_text(util_sink *s, const char *text, size_t len);
void util_put_json_raw(util_sink *s, const char *bytes, size_t len);
/* The same text inside a JSON string, without the quotes. */
void util_put_json_text_inside(util_sink *s, const char *text, size_t len);

/* Text in an HTML page: & < > " ' as character references. */
void util_put_html(util_sink *s, const char *text, size_t len);

/* printf's formatting into small (cap bytes), or, for longer text, into
 * memory of its own given back in *owned for the caller to free: the text
 * (*len bytes), or NULL when that memory cannot be had. */
const char *util_vformat(char *small, size_t cap, char **owned, size_t *len, const char *format, va_list ap);
/* Text formatted as printf does, to a sink (ENOMEM its failure when a long
 * text finds no memory). */
void util_vputf(util_sink *s, const char *format, va_list ap);
#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void util_putf(util_sink *s, const char *format, ...);

#endif /* GBR_UTIL_SINK_H */
