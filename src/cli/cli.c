/* Helpers shared by the gbr subcommands (see cli.h). */
#define _POSIX_C_SOURCE 200809L /* read(2), for a reader that does not wait to fill its buffer */

#include "cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Output ----------------------------------------------------------------
 * One process-wide buffer in front of stdout: batch runs write millions of
 * short lines, and stdio's per-call locking would dominate. */
static char out_buffer[1 << 16];
static size_t out_used;
static int out_failed;

/* Reports (cli_report) are buffered too: a batch with many bad lines
 * would otherwise make one write to stderr per line. Every other write to
 * stderr in this file flushes them first, so they keep their order. */
static char err_buffer[1 << 14];
static size_t err_used;

static void err_flush(void)
{
    if (err_used > 0)
        fwrite(err_buffer, 1, err_used, stderr);
    err_used = 0;
}

static void err_write(const char *bytes, size_t len)
{
    if (len > sizeof err_buffer - err_used) {
        err_flush();
        if (len > sizeof err_buffer) {
            fwrite(bytes, 1, len, stderr);
            return;
        }
    }
    memcpy(err_buffer + err_used, bytes, len);
    err_used += len;
}

size_t cli_decimal(char out[CLI_DECIMAL_MAX], unsigned long long value)
{
    char digits[CLI_DECIMAL_MAX];
    size_t n = sizeof digits;
    do {
        digits[--n] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value != 0);
    memcpy(out, digits + n, sizeof digits - n);
    return sizeof digits - n;
}

void *cli_grow(void *array, size_t *cap, size_t need, size_t size)
{
    if (need == 0)
        need = 1;
    if (need <= *cap)
        return array;
    size_t n = *cap ? *cap : 64;
    while (n < need) {
        if (n > SIZE_MAX / 2)
            return NULL;
        n *= 2;
    }
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    void *bigger = realloc(array, n * size);
    if (bigger)
        *cap = n;
    return bigger;
}

static void err_put_uint(unsigned long value)
{
    char digits[CLI_DECIMAL_MAX];
    err_write(digits, cli_decimal(digits, value));
}

static void out_failure(int error)
{
    out_failed = 1;
    err_flush();
    fprintf(stderr, "gbr: -: cannot write the output: %s\n", strerror(error ? error : EIO));
}

/* Writes straight to stdout; the first failure is reported, and after it
 * nothing more is written (the input loops stop reading too). */
static void out_send(const char *bytes, size_t len)
{
    if (len == 0 || out_failed)
        return;
    errno = 0;
    if (fwrite(bytes, 1, len, stdout) != len || fflush(stdout) != 0)
        out_failure(errno);
}

int cli_flush(void)
{
    err_flush();
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

void cli_write(const char *bytes, size_t len)
{
    if (len > sizeof out_buffer - out_used) {
        cli_flush();
        if (len > sizeof out_buffer) {
            out_send(bytes, len);
            return;
        }
    }
    memcpy(out_buffer + out_used, bytes, len);
    out_used += len;
}

void cli_puts(const char *text) { cli_write(text, strlen(text)); }

void cli_putc(char c)
{
    if (out_used == sizeof out_buffer)
        cli_flush();
    out_buffer[out_used++] = c;
}

void cli_put_uint(unsigned long value)
{
    char digits[CLI_DECIMAL_MAX];
    cli_write(digits, cli_decimal(digits, value));
}

size_t cli_json_byte(unsigned char c, char out[6])
{
    static const char hex[] = "0123456789abcdef";
    if (c == '"' || c == '\\') {
        out[0] = '\\';
        out[1] = (char)c;
        return 2;
    }
    if (c < 0x20 || c >= 0x7f) {
        memcpy(out, "\\u00", 4);
        out[4] = hex[c >> 4];
        out[5] = hex[c & 15u];
        return 6;
    }
    out[0] = (char)c;
    return 1;
}

void cli_put_json_string(const char *s, size_t len)
{
    char spelled[6];
    cli_putc('"');
    for (size_t i = 0; i < len; i++)
        cli_write(spelled, cli_json_byte((unsigned char)s[i], spelled));
    cli_putc('"');
}

void cli_fput_json_string(FILE *to, const char *s, size_t len)
{
    char spelled[6];
    putc('"', to);
    for (size_t i = 0; i < len; i++)
        fwrite(spelled, 1, cli_json_byte((unsigned char)s[i], spelled), to);
    putc('"', to);
}

/* ---- Reports ---------------------------------------------------------------- */
void cli_report(const cli_input *input, uint32_t column, const char *message)
{
    /* "gbr: SOURCE:LINE:COLUMN: MESSAGE" */
    err_write("gbr: ", 5);
    err_write(input->source, strlen(input->source));
    err_write(":", 1);
    err_put_uint(input->line);
    err_write(":", 1);
    err_put_uint(column);
    err_write(": ", 2);
    err_write(message, strlen(message));
    err_write("\n", 1);
}

void cli_report_result(const cli_input *input, gbr_result result)
{
    cli_report(input, result.column, gbr_error_message(result.error));
}

void cli_put_error(gbr_result result)
{
    cli_puts("error ");
    cli_puts(gbr_error_name(result.error));
    cli_putc(' ');
    cli_put_uint(result.column);
}

int cli_emit(const cli_input *input, gbr_result result, const char *text)
{
    if (result.error != GBR_OK) {
        cli_report_result(input, result);
        cli_put_error(result);
        cli_putc('\n');
        return 1;
    }
    cli_write(text, result.length);
    cli_putc('\n');
    return 0;
}

/* ---- Options ---------------------------------------------------------------- */
void cli_args_init(cli_args *args, int argc, char **argv, const char *help)
{
    memset(args, 0, sizeof *args);
    args->argc = argc;
    args->argv = argv;
    args->next = 1; /* argv[0] is the subcommand's name */
    args->help = help;
    args->codec = gbr_codec_default();
    args->exit_status = -1;
    args->line_inputs = 1;
}

static const char common_help[] =
    "\n"
    "Common options:\n"
    "  --impl ref|fast  the codec: ref (reference) or fast (optimised, the default\n"
    "                   when this build has it)\n"
    "  -h, --help       show this help and exit\n";

static const char line_inputs_help[] =
    "\n"
    "Inputs are the arguments; with none, each line of standard input is one input\n"
    "(a trailing \"\\r\" is removed). Each input gives one line on standard output, in\n"
    "order; a bad input gives \"error CLASS COLUMN\" there and is reported on standard\n"
    "error as \"gbr: SOURCE:LINE:COLUMN: MESSAGE\" (SOURCE is \"arg\" with LINE the\n"
    "input argument's position, or \"-\" for standard input). A line of more than\n"
    "16 MiB (16777216 bytes, not counting its \"\\n\" or \"\\r\\n\" ending) is judged\n"
    "on its first 16 MiB. Options come before the inputs.\n"
    "Exit status: 0 every input was good, 1 some input was bad or the output\n"
    "could not be written (reading stops then), 2 usage error.\n";

static const char *command_name(const cli_args *args) { return args->argc > 0 ? args->argv[0] : "?"; }

int cli_usage_error(cli_args *args, const char *fmt, ...)
{
    va_list ap;
    err_flush();
    fprintf(stderr, "gbr %s: ", command_name(args));
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\nTry 'gbr %s --help'.\n", command_name(args));
    args->exit_status = CLI_EXIT_USAGE;
    return CLI_EXIT_USAGE;
}

int cli_option_is(const cli_args *args, const char *name)
{
    return args->option != NULL && strcmp(args->option, name) == 0;
}

int cli_unknown_option(cli_args *args)
{
    return cli_usage_error(args, "unknown option '%s'", args->argv[args->next - 1]);
}

const char *cli_option_value(cli_args *args)
{
    const char *value = args->inline_value;
    if (!value && args->next < args->argc)
        value = args->argv[args->next++];
    /* No option takes an empty value: `-o ''` is a mistake, not a file name. */
    if (value && *value)
        return value;
    cli_usage_error(args, "option '%s' needs a %svalue", args->option, value ? "non-empty " : "");
    return NULL;
}

int cli_parse_count(const char *text, int with_unit, unsigned long long max, unsigned long long *out)
{
    /* strtoull alone would take leading blanks, a sign and "0x". */
    if (!(text[0] >= '0' && text[0] <= '9'))
        return -1;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (errno)
        return -1;
    unsigned long long unit = 1;
    if (with_unit && (*end == 'K' || *end == 'k'))
        unit = 1ull << 10;
    else if (with_unit && (*end == 'M' || *end == 'm'))
        unit = 1ull << 20;
    else if (with_unit && (*end == 'G' || *end == 'g'))
        unit = 1ull << 30;
    if (unit != 1)
        end++;
    if (*end || n > max / unit)
        return -1;
    *out = n * unit;
    return 0;
}

/* The option name is kept apart from an "=value" suffix without copying argv. */
static char option_name[64];

int cli_next_option(cli_args *args)
{
    args->option = NULL;
    args->inline_value = NULL;
    if (args->exit_status >= 0 || args->next >= args->argc)
        return 0;
    const char *arg = args->argv[args->next];
    if (arg[0] != '-' || arg[1] == '\0')
        return 0; /* the first input */
    args->next++;
    if (strcmp(arg, "--") == 0)
        return 0;
    if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
        /* Through cli_write, not printf: a help text longer than stdio's
         * buffer would meet a write error inside printf, whose errno
         * cli_flush could no longer report. */
        const char *const parts[4] = {"usage: gbr ", args->help, common_help,
                                      args->line_inputs ? line_inputs_help : ""};
        for (int i = 0; i < 4; i++)
            cli_write(parts[i], strlen(parts[i]));
        args->exit_status = cli_flush() == 0 ? CLI_EXIT_OK : CLI_EXIT_INPUT;
        return 0;
    }
    const char *equals = strchr(arg, '=');
    size_t name_len = equals ? (size_t)(equals - arg) : strlen(arg);
    if (name_len >= sizeof option_name) {
        cli_usage_error(args, "unknown option '%s'", arg);
        return 0;
    }
    memcpy(option_name, arg, name_len);
    option_name[name_len] = '\0';
    args->option = option_name;
    args->inline_value = equals ? equals + 1 : NULL;

    if (cli_option_is(args, "--impl")) {
        const char *name = cli_option_value(args);
        if (!name)
            return 0;
        if (strcmp(name, "ref") == 0) {
            args->codec = gbr_codec_ref();
        } else if (strcmp(name, "fast") == 0) {
            args->codec = gbr_codec_fast();
        } else {
            cli_usage_error(args, "unknown codec '%s' for --impl (expected ref or fast)", name);
        }
        return args->exit_status < 0 ? cli_next_option(args) : 0;
    }
    return 1;
}

/* Parses a --result value ("win" or "draw"); a usage error otherwise. */
static int cli_parse_result(cli_args *args, gbr_result_option *out)
{
    const char *value = cli_option_value(args);
    if (!value)
        return CLI_EXIT_USAGE;
    if (strcmp(value, "win") == 0) {
        *out = GBR_RESULT_WIN;
    } else if (strcmp(value, "draw") == 0) {
        *out = GBR_RESULT_DRAW;
    } else {
        return cli_usage_error(args, "unknown result '%s' for --result (expected win or draw)", value);
    }
    return CLI_EXIT_OK;
}

/* ---- Whole commands --------------------------------------------------------- */
int cli_plain_command(int argc, char **argv, const char *help, cli_input_fn fn)
{
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    while (cli_next_option(&args))
        return cli_unknown_option(&args);
    if (args.exit_status >= 0)
        return args.exit_status;
    return cli_for_each_input(&args, fn, &args);
}

/* One of the two conversions is set: convert_with_result for the commands
 * that take --result. */
typedef struct conversion_run {
    const gbr_codec *codec;
    cli_conversion convert;
    cli_result_conversion convert_with_result;
    gbr_result_option result;
} conversion_run;

static int convert_one(void *context, const cli_input *in)
{
    const conversion_run *run = context;
    char out[CLI_CANONICAL_MAX];
    gbr_result r = run->convert ? run->convert(run->codec, out, sizeof out, in->text, in->len)
                                : run->convert_with_result(run->codec, out, sizeof out, in->text, in->len, run->result);
    return cli_emit(in, r, out);
}

static int run_conversion(int argc, char **argv, const char *help, conversion_run *run)
{
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    while (cli_next_option(&args)) {
        if (!run->convert_with_result || !cli_option_is(&args, "--result"))
            return cli_unknown_option(&args);
        if (cli_parse_result(&args, &run->result) != CLI_EXIT_OK)
            return CLI_EXIT_USAGE;
    }
    if (args.exit_status >= 0)
        return args.exit_status;
    run->codec = args.codec;
    return cli_for_each_input(&args, convert_one, run);
}

int cli_conversion_command(int argc, char **argv, const char *help, cli_conversion convert)
{
    conversion_run run = {NULL, convert, NULL, GBR_RESULT_NONE};
    return run_conversion(argc, argv, help, &run);
}

int cli_result_conversion_command(int argc, char **argv, const char *help, cli_result_conversion convert)
{
    conversion_run run = {NULL, NULL, convert, GBR_RESULT_NONE};
    return run_conversion(argc, argv, help, &run);
}

/* ---- Inputs ----------------------------------------------------------------- */
static int run_one(cli_input_fn fn, void *context, cli_input *input, const char *text, size_t len)
{
    if (len > 0 && text[len - 1] == '\r')
        len--;
    input->text = text;
    input->len = len;
    return fn(context, input) != 0;
}

/* CLI_LINE_MAX (cli.h) is the longest line held whole. No GBR text comes
 * near it (the longest valid one is under 200 bytes); a longer line is
 * judged on its first CLI_LINE_MAX bytes, so that endless input without a
 * newline cannot exhaust memory and no later line is lost. Deciding that a
 * line of exactly CLI_LINE_MAX bytes is not too long takes two bytes more:
 * its "\r\n" ending. */
#define LINE_BUFFER_MAX (CLI_LINE_MAX + 2)

/* Whether the line buf[0, raw) is longer than CLI_LINE_MAX. `complete`: raw
 * bytes are the whole line (its "\n" was found, or the input ended); else
 * more may follow, and the line is too long only if it is whatever follows. */
static int line_too_long(const char *line, size_t raw, int complete)
{
    if (complete)
        return raw - (raw > 0 && line[raw - 1] == '\r') > CLI_LINE_MAX;
    return raw > CLI_LINE_MAX + 1 || (raw == CLI_LINE_MAX + 1 && line[CLI_LINE_MAX] != '\r');
}

int cli_for_each_line(int fd, const char *source, cli_input_fn fn, void *context)
{
    /* One buffer for the whole run, grown only for a line longer than it. */
    size_t cap = (size_t)1 << 20;
    char *buf = malloc(cap);
    if (!buf) {
        fprintf(stderr, "gbr: %s: out of memory\n", source);
        return CLI_EXIT_INPUT;
    }
    size_t start = 0, scan = 0, end = 0; /* unconsumed data is buf[start, end) */
    int any_bad = 0, at_eof = 0, skipping = 0; /* skipping: the rest of a cut line */
    cli_input input = {NULL, 0, source, 0};
    while (!out_failed) {
        char *newline = scan < end ? memchr(buf + scan, '\n', end - scan) : NULL;
        if (skipping) {
            start = scan = newline ? (size_t)(newline - buf) + 1 : end;
            skipping = newline == NULL;
            if (newline)
                continue;
        } else {
            size_t raw = (newline ? (size_t)(newline - buf) : end) - start;
            if (line_too_long(buf + start, raw, newline || at_eof)) {
                input.line++;
                cli_report(&input, (uint32_t)CLI_LINE_MAX + 1,
                           "line longer than 16777216 bytes: judged on its first 16777216 bytes, the rest skipped");
                run_one(fn, context, &input, buf + start, CLI_LINE_MAX);
                any_bad = 1; /* bad whatever its first part says */
                start = scan = newline ? (size_t)(newline - buf) + 1 : end;
                skipping = !newline && !at_eof;
                continue;
            }
        }
        if (newline) {
            size_t at = (size_t)(newline - buf);
            input.line++;
            any_bad |= run_one(fn, context, &input, buf + start, at - start);
            start = scan = at + 1;
            continue;
        }
        if (at_eof) {
            if (start < end) { /* a last line without "\n" */
                input.line++;
                any_bad |= run_one(fn, context, &input, buf + start, end - start);
            }
            break;
        }
        /* Need more bytes: keep the partial line at the front, grow if full. */
        if (start > 0) {
            memmove(buf, buf + start, end - start);
            end -= start;
            start = 0;
        }
        scan = end;
        if (end == cap) {
            /* Grows to LINE_BUFFER_MAX at most: a line that long is cut above. */
            size_t grown = cap * 2 < LINE_BUFFER_MAX ? cap * 2 : LINE_BUFFER_MAX;
            char *bigger = realloc(buf, grown);
            if (!bigger) {
                err_flush();
                fprintf(stderr, "gbr: %s:%lu:1: out of memory for a line of %zu bytes\n", source, input.line + 1, end);
                any_bad = 1;
                break;
            }
            buf = bigger;
            cap = grown;
        }
        if (cli_flush() != 0) /* the read may wait for an interactive user */
            break;
        ssize_t got = read(fd, buf + end, cap - end);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            err_flush();
            fprintf(stderr, "gbr: %s: cannot read: %s\n", source, strerror(errno));
            any_bad = 1;
            break;
        }
        if (got == 0)
            at_eof = 1;
        end += (size_t)got;
    }
    free(buf);
    return any_bad ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}

int cli_open_input(const char *name)
{
    if (strcmp(name, "-") == 0)
        return STDIN_FILENO;
    int fd = open(name, O_RDONLY);
    if (fd < 0) {
        err_flush();
        fprintf(stderr, "gbr: %s: cannot open: %s\n", name, strerror(errno));
    }
    return fd;
}

int cli_for_each_file(int argc, char **argv, int first, cli_file_fn fn, void *context)
{
    if (first >= argc)
        return fn(context, STDIN_FILENO, "-") != 0 ? -1 : 0;
    int failed = 0;
    for (int i = first; i < argc; i++) {
        int fd = cli_open_input(argv[i]);
        if (fd < 0) {
            failed = 1;
            continue;
        }
        failed |= fn(context, fd, argv[i]) != 0;
        if (fd != STDIN_FILENO)
            close(fd);
    }
    return failed ? -1 : 0;
}

int cli_for_each_input(const cli_args *args, cli_input_fn fn, void *context)
{
    int any_bad = 0;
    if (args->next < args->argc) {
        cli_input input = {NULL, 0, "arg", 0};
        for (int i = args->next; i < args->argc && !out_failed; i++) {
            input.line++;
            input.text = args->argv[i];
            input.len = strlen(args->argv[i]);
            any_bad |= fn(context, &input) != 0;
        }
    } else {
        any_bad = cli_for_each_line(STDIN_FILENO, "-", fn, context) != CLI_EXIT_OK;
    }
    if (cli_flush() != 0)
        any_bad = 1;
    return any_bad ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}
