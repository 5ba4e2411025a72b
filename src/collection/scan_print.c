/* gbr scan's output (see scan_print.h): each match scan_stream reports,
 * written as a text or JSON line. The command line (src/cli/cmd_scan.c)
 * parses the options and opens the inputs. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h, through directory_entries.h */
#include <string.h>

#include "directory_entries.h"
#include "output.h"
#include "scan_print.h"
#include "scan_stream.h"
#include "text.h"

/* Appends the decimal digits of value at `at`; returns the new end. */
static char *put_decimal(char *at, unsigned long value)
{
    return at + util_decimal(at, value);
}

static char *put_text(char *at, const char *text, size_t len)
{
    memcpy(at, text, len);
    return at + len;
}

static void print_match(void *context, const scan_location *where, const gbr_scan_match *match)
{
    scan_printer *out = context;
    if (out->options.json) {
        util_put(&util_stdout, "{\"file\":");
        /* The file name as every command's JSON writes one: UTF-8 kept,
         * a stray byte as \udcXX, so that its bytes come back. */
        directory_put_json_name(&util_stdout, where->source, strlen(where->source));
        util_put(&util_stdout, ",\"line\":");
        util_put_uint(&util_stdout, where->line);
        util_put(&util_stdout, ",\"column\":");
        util_put_uint(&util_stdout, where->column);
        util_put(&util_stdout, ",\"form\":\"");
        util_put(&util_stdout, gbr_form_name(match->code.form));
        util_put(&util_stdout, "\",\"code\":\"");
        util_write(&util_stdout, match->canonical, match->canonical_len);
        util_put(&util_stdout, "\"}\n");
        return;
    }
    /* Text lines are the bulk of a scan's output: one write for each after
     * the file name. */
    if (where->source != out->source) {
        out->source = where->source;
        out->source_len = strlen(where->source);
    }
    util_write(&util_stdout, where->source, out->source_len);
    char line[2 * 24 + 16 + sizeof match->canonical];
    const char *form = gbr_form_name(match->code.form);
    char *at = line;
    *at++ = ':';
    at = put_decimal(at, where->line);
    *at++ = ':';
    at = put_decimal(at, where->column);
    at = put_text(at, ": ", 2);
    at = put_text(at, form, strlen(form));
    at = put_text(at, ": ", 2);
    at = put_text(at, match->canonical, match->canonical_len);
    *at++ = '\n';
    util_write(&util_stdout, line, (size_t)(at - line));
}

int scan_print_file(void *context, int fd, const char *source)
{
    scan_printer *p = context;
    return scan_stream(p->options.codec, fd, source, p->options.forms, p->options.buffer_size, print_match, p);
}
