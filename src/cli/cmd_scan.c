/* gbr scan: find the GBR codes embedded in text (spec/gbr.md, "Scanning text"). */
#define _POSIX_C_SOURCE 200809L /* open(2) */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "scan_match.h"

const char cmd_scan_summary[] = "find material codes, study codes and position forms in text";

static const char help[] =
    "scan [--json] [--form material,study,position] [--buffer SIZE] [FILE...]\n"
    "\n"
    "Finds every material code (long form abcd.ef only), study code and position\n"
    "form embedded in text (PGN, mail, HTML, books) and prints, for each,\n"
    "  FILE:LINE:COLUMN: FORM: CANONICAL\n"
    "or with --json one object a line:\n"
    "  {\"file\":FILE,\"line\":N,\"column\":N,\"form\":FORM,\"code\":CANONICAL}\n"
    "Reads standard input (named \"-\") when no FILE is given. Input of any size\n"
    "is read in fixed-size buffers; a leading byte-order mark is skipped (and not\n"
    "counted in columns), CRLF and non-UTF-8 bytes are fine. What counts as a\n"
    "match is defined in spec/gbr.md, \"Scanning text\".\n"
    "\n"
    "Options:\n"
    "  --json           JSON lines instead of text\n"
    "  --form LIST      report only these forms (comma-separated)\n"
    "  --buffer SIZE    read buffer in bytes (default 262144, at least 512)\n"
    "Exit status: 0 done, 1 an input could not be read, 2 usage error.\n";

typedef struct scan_output {
    int json;
} scan_output;

static void put_json_string(const char *s)
{
    cli_putc('"');
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\') {
            cli_putc('\\');
            cli_putc((char)*p);
        } else if (*p < 0x20) {
            static const char hex[] = "0123456789abcdef";
            cli_puts("\\u00");
            cli_putc(hex[*p >> 4]);
            cli_putc(hex[*p & 15]);
        } else {
            cli_putc((char)*p);
        }
    }
    cli_putc('"');
}

static void print_match(void *context, const scan_location *where, const scan_match *match)
{
    const scan_output *out = context;
    if (out->json) {
        cli_puts("{\"file\":");
        put_json_string(where->source);
        cli_puts(",\"line\":");
        cli_put_uint(where->line);
        cli_puts(",\"column\":");
        cli_put_uint(where->column);
        cli_puts(",\"form\":\"");
        cli_puts(gbr_form_name(match->form));
        cli_puts("\",\"code\":\"");
        cli_write(match->canonical, match->canonical_len);
        cli_puts("\"}\n");
    } else {
        cli_puts(where->source);
        cli_putc(':');
        cli_put_uint(where->line);
        cli_putc(':');
        cli_put_uint(where->column);
        cli_puts(": ");
        cli_puts(gbr_form_name(match->form));
        cli_puts(": ");
        cli_write(match->canonical, match->canonical_len);
        cli_putc('\n');
    }
}

/* "material,study" -> bits; 0 on an unknown name. */
static unsigned parse_forms(const char *list)
{
    unsigned forms = 0;
    while (*list) {
        size_t n = strcspn(list, ",");
        if (n == 8 && strncmp(list, "material", n) == 0)
            forms |= SCAN_MATERIAL;
        else if (n == 5 && strncmp(list, "study", n) == 0)
            forms |= SCAN_STUDY;
        else if (n == 8 && strncmp(list, "position", n) == 0)
            forms |= SCAN_POSITION;
        else
            return 0;
        list += n;
        if (*list == ',')
            list++;
    }
    return forms;
}

int cmd_scan(int argc, char **argv)
{
    scan_output out = {0};
    unsigned forms = SCAN_ALL_FORMS;
    size_t buffer_size = SCAN_DEFAULT_BUFFER;
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    while (cli_next_option(&args)) {
        if (cli_option_is(&args, "--json")) {
            out.json = 1;
        } else if (cli_option_is(&args, "--form")) {
            const char *value = cli_option_value(&args);
            if (!value)
                return CLI_EXIT_USAGE;
            forms = parse_forms(value);
            if (!forms)
                return cli_usage_error(&args, "bad --form '%s' (expected a list of material, study, position)",
                                       value);
        } else if (cli_option_is(&args, "--buffer")) {
            const char *value = cli_option_value(&args);
            if (!value)
                return CLI_EXIT_USAGE;
            char *end;
            errno = 0;
            unsigned long long size = strtoull(value, &end, 10);
            if (errno || end == value || *end || size < SCAN_MIN_BUFFER || size > ((size_t)1 << 30))
                return cli_usage_error(&args, "bad --buffer '%s' (bytes, 512 to 1073741824)", value);
            buffer_size = (size_t)size;
        } else {
            return cli_unknown_option(&args);
        }
    }
    if (args.exit_status >= 0)
        return args.exit_status;

    int status = CLI_EXIT_OK;
    if (args.next >= argc) {
        if (scan_stream(args.codec, STDIN_FILENO, "-", forms, buffer_size, print_match, &out) != 0)
            status = CLI_EXIT_INPUT;
    }
    for (int i = args.next; i < argc; i++) {
        int fd = strcmp(argv[i], "-") == 0 ? STDIN_FILENO : open(argv[i], O_RDONLY);
        if (fd < 0) {
            fprintf(stderr, "gbr: %s: cannot open: %s\n", argv[i], strerror(errno));
            status = CLI_EXIT_INPUT;
            continue;
        }
        if (scan_stream(args.codec, fd, argv[i], forms, buffer_size, print_match, &out) != 0)
            status = CLI_EXIT_INPUT;
        if (fd != STDIN_FILENO)
            close(fd);
    }
    if (cli_flush() != 0)
        status = CLI_EXIT_INPUT;
    return status;
}
