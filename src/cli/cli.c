/* Helpers shared by the gbr subcommands (see cli.h). */
#define _POSIX_C_SOURCE 200809L /* read(2), for a reader that does not wait to fill its buffer */

#include "cli.h"
#include "output.h"
#include "duplicates_symmetry.h"
#include "sort_runs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <strings.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- Reports ---------------------------------------------------------------- */
void cli_report(const cli_input *input, uint32_t column, const char *message)
{
    util_report(input->source, input->line, column, message);
}

void cli_report_result(const cli_input *input, gbr_result result)
{
    cli_report(input, result.column, gbr_error_message(result.error));
}

void cli_put_error(gbr_result result)
{
    util_put(&util_stdout, "error ");
    util_put(&util_stdout, gbr_error_name(result.error));
    util_putc(&util_stdout, ' ');
    util_put_uint(&util_stdout, result.column);
}

int cli_emit(const cli_input *input, gbr_result result, const char *text)
{
    if (result.error != GBR_OK) {
        cli_report_result(input, result);
        cli_put_error(result);
        util_putc(&util_stdout, '\n');
        return 1;
    }
    util_write(&util_stdout, text, result.length);
    util_putc(&util_stdout, '\n');
    return 0;
}

/* ---- Options ---------------------------------------------------------------- */
/* The walk over the arguments is cli_options.c's; what every command and the
 * shared rows need besides is here. */
static const char *command_name(const cli_args *args) { return args->argc > 0 ? args->argv[0] : "?"; }

int cli_usage_error(cli_args *args, const char *fmt, ...)
{
    va_list ap;
    util_message("gbr %s: ", command_name(args));
    va_start(ap, fmt);
    util_vmessage(fmt, ap);
    va_end(ap);
    util_message("\nTry 'gbr %s --help'.\n", command_name(args));
    args->exit_status = UTIL_EXIT_USAGE;
    return UTIL_EXIT_USAGE;
}

void cli_option_list_free(cli_option_list *list)
{
    free(list->items);
    memset(list, 0, sizeof *list);
}

static void names_report(void *context, const char *path, unsigned long line, unsigned long column,
                         const char *message)
{
    (void)context;
    if (line)
        util_report(path, line, column, "%s", message);
    else
        util_error(path, "%s", message);
}

composer_names *cli_names_load(const char *path) { return composer_names_read(path, names_report, NULL); }

/* The shared rows' values, each read by the layer that owns its words. */
int cli_parse_memory(cli_args *args, const char *value, void *bytes)
{
    (void)args;
    return sort_runs_parse_memory(value, bytes) != 0 ? -1 : 0;
}

int cli_parse_symmetry(cli_args *args, const char *value, void *symmetry)
{
    (void)args;
    return duplicates_symmetry_parse(value, symmetry) != 0 ? -1 : 0;
}

int cli_parse_tag_list(cli_args *args, const char *value, void *list)
{
    (void)args;
    return game_tag_list_parse(value, list) != 0 ? -1 : 0;
}

int cli_parse_encoding(cli_args *args, const char *value, void *encoding)
{
    (void)args;
    return text_encoding_parse(value, encoding) != 0 ? -1 : 0;
}

/* ---- Whole commands --------------------------------------------------------- */
int cli_plain_command(int argc, char **argv, const char *help, cli_input_fn fn)
{
    const cli_help usage = {{help}, 0};
    cli_args args;
    int status = cli_parse_options(&args, argc, argv, &usage, NULL, 0);
    if (status >= 0)
        return status;
    return cli_for_each_input(&args, fn, &args);
}

/* One of the two conversions is set: convert_with_result for the commands
 * that take --result. */
typedef struct conversion_run {
    const gbr_codec *codec;
    cli_conversion convert;
    cli_result_conversion convert_with_result;
    int result; /* a gbr_result_option */
} conversion_run;

static int convert_one(void *context, const cli_input *in)
{
    const conversion_run *run = context;
    char out[CLI_CANONICAL_MAX];
    gbr_result r = run->convert ? run->convert(run->codec, out, sizeof out, in->text, in->len)
                                : run->convert_with_result(run->codec, out, sizeof out, in->text, in->len,
                                                             (gbr_result_option)run->result);
    return cli_emit(in, r, out);
}

static int run_conversion(int argc, char **argv, const char *help, conversion_run *run)
{
    static const cli_word results[] = {{"win", GBR_RESULT_WIN}, {"draw", GBR_RESULT_DRAW}, {NULL, 0}};
    cli_option rows[] = {
        CLI_CHOICE("--result", 0, &run->result, results, "unknown result '%s' for --result (expected win or draw)"),
    };
    const cli_help usage = {{help}, 0};
    cli_args args;
    int status = cli_parse_options(&args, argc, argv, &usage, rows, run->convert_with_result ? CLI_ROWS(rows) : 0);
    if (status >= 0)
        return status;
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

/* UTIL_LINE_MAX (cli.h) is the longest line held whole. No GBR text comes
 * near it (the longest valid one is under 200 bytes); a longer line is
 * judged on its first UTIL_LINE_MAX bytes, so that endless input without a
 * newline cannot exhaust memory and no later line is lost. Deciding that a
 * line of exactly UTIL_LINE_MAX bytes is not too long takes two bytes more:
 * its "\r\n" ending. */
#define LINE_BUFFER_MAX (UTIL_LINE_MAX + 2)

/* Whether the line buf[0, raw) is longer than UTIL_LINE_MAX. `complete`: raw
 * bytes are the whole line (its "\n" was found, or the input ended); else
 * more may follow, and the line is too long only if it is whatever follows. */
static int line_too_long(const char *line, size_t raw, int complete)
{
    if (complete)
        return raw - (raw > 0 && line[raw - 1] == '\r') > UTIL_LINE_MAX;
    return raw > UTIL_LINE_MAX + 1 || (raw == UTIL_LINE_MAX + 1 && line[UTIL_LINE_MAX] != '\r');
}

int cli_for_each_line(int fd, const char *source, cli_input_fn fn, void *context)
{
    /* One buffer for the whole run, grown only for a line longer than it. */
    size_t cap = (size_t)1 << 20;
    char *buf = malloc(cap);
    if (!buf) {
        util_out_of_memory(source);
        return UTIL_EXIT_INPUT;
    }
    size_t start = 0, scan = 0, end = 0; /* unconsumed data is buf[start, end) */
    int any_bad = 0, at_eof = 0, skipping = 0; /* skipping: the rest of a cut line */
    cli_input input = {NULL, 0, source, 0};
    while (!util_output_failed()) {
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
                cli_report(&input, (uint32_t)UTIL_LINE_MAX + 1,
                           "line longer than 16777216 bytes: judged on its first 16777216 bytes, the rest skipped");
                run_one(fn, context, &input, buf + start, UTIL_LINE_MAX);
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
                util_report_flush();
                util_report(source, input.line + 1, 1, UTIL_OUT_OF_MEMORY " for a line of %zu bytes", end);
                any_bad = 1;
                break;
            }
            buf = bigger;
            cap = grown;
        }
        if (util_flush() != 0) /* the read may wait for an interactive user */
            break;
        ssize_t got = read(fd, buf + end, cap - end);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            util_report_flush();
            util_error(source, "cannot read: %s", strerror(errno));
            any_bad = 1;
            break;
        }
        if (got == 0)
            at_eof = 1;
        end += (size_t)got;
    }
    free(buf);
    return any_bad ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}

int cli_open_input(const char *name)
{
    if (strcmp(name, "-") == 0)
        return STDIN_FILENO;
    int fd = open(name, O_RDONLY);
    if (fd < 0) {
        util_report_flush();
        util_error(name, "cannot open: %s", strerror(errno));
    }
    return fd;
}

static int each_file(int n, const char *const *names, cli_file_fn fn, void *context)
{
    int failed = 0;
    for (int i = 0; i < n; i++) {
        int fd = cli_open_input(names[i]);
        if (fd < 0) {
            failed = 1;
            continue;
        }
        failed |= fn(context, fd, names[i]) != 0;
        if (fd != STDIN_FILENO)
            close(fd);
    }
    return failed ? -1 : 0;
}

int cli_for_each_file(int argc, char **argv, int first, cli_file_fn fn, void *context)
{
    if (first >= argc)
        return fn(context, STDIN_FILENO, "-") != 0 ? -1 : 0;
    return each_file(argc - first, (const char *const *)argv + first, fn, context);
}

int cli_for_each_pgn_file(int argc, char **argv, int first, int recursive, cli_file_fn fn, void *context)
{
    cli_pgn_files files;
    int failed = cli_pgn_files_of(argc, argv, first, recursive, &files) != 0;
    failed |= each_file(files.n, files.names, fn, context) != 0;
    cli_pgn_files_free(&files);
    return failed ? -1 : 0;
}

int cli_for_each_input(const cli_args *args, cli_input_fn fn, void *context)
{
    int any_bad = 0;
    if (args->next < args->argc) {
        cli_input input = {NULL, 0, "arg", 0};
        for (int i = args->next; i < args->argc && !util_output_failed(); i++) {
            input.line++;
            input.text = args->argv[i];
            input.len = strlen(args->argv[i]);
            any_bad |= fn(context, &input) != 0;
        }
    } else {
        any_bad = cli_for_each_line(STDIN_FILENO, "-", fn, context) != UTIL_EXIT_OK;
    }
    if (util_flush() != 0)
        any_bad = 1;
    return any_bad ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}

/* ---- PGN inputs: files and folders ---------------------------------------- */
static int add_name(cli_pgn_files *f, const char *name, int owned)
{
    const char **names = util_grow(f->names, &f->cap, (size_t)f->n + 2, sizeof *names);
    if (!names) {
        if (owned)
            free((char *)name);
        return -1;
    }
    f->names = names;
    if (owned) {
        char **own = util_grow(f->owned, &f->owned_cap, f->owned_n + 1, sizeof *own);
        if (!own) {
            free((char *)name);
            return -1;
        }
        f->owned = own;
        f->owned[f->owned_n++] = (char *)name;
    }
    f->names[f->n++] = name;
    f->names[f->n] = NULL;
    return 0;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* *.pgn, and a compressed one: *.pgn.zst, *.pgn.gz, *.pgn.bz2 (what the
 * file holds is told by its first bytes, not by this name). */
static int is_pgn_name(const char *name)
{
    static const char *const ends[] = {".pgn", ".pgn.zst", ".pgn.gz", ".pgn.bz2"};
    size_t len = strlen(name);
    for (size_t i = 0; i < sizeof ends / sizeof *ends; i++) {
        size_t n = strlen(ends[i]);
        if (len > n && strcasecmp(name + len - n, ends[i]) == 0)
            return 1;
    }
    return 0;
}

/* Adds the *.pgn files of a folder, in byte order of their names, and with
 * recursive those of its subfolders where their names fall in that order.
 * Hidden entries (a leading '.') are passed over, and a symbolic link to a
 * folder is not followed, so no folder is read twice. A folder that cannot
 * be opened is added itself, so that the command's own open reports it as
 * any input that cannot be. Returns -1 after a report. */
static int add_folder(cli_pgn_files *f, const char *folder, int recursive)
{
    DIR *dir = opendir(folder);
    if (!dir) {
        char *name = strdup(folder);
        if (name && add_name(f, name, 1) == 0)
            return 0;
        util_report_flush();
        util_out_of_memory(folder);
        return -1;
    }
    char **entries = NULL;
    size_t n = 0, cap = 0;
    int failed = 0;
    struct dirent *e;
    errno = 0;
    while (!failed && (e = readdir(dir)) != NULL) {
        if (e->d_name[0] == '.')
            continue;
        char **grown = util_grow(entries, &cap, n + 1, sizeof *entries);
        char *name = grown ? strdup(e->d_name) : NULL;
        if (grown)
            entries = grown;
        if (!name)
            failed = 1;
        else
            entries[n++] = name;
        errno = 0;
    }
    if (!failed && errno != 0) {
        util_report_flush();
        util_error(folder, "cannot read the folder: %s", strerror(errno));
        failed = -1;
    }
    closedir(dir);
    if (failed == 1) {
        util_report_flush();
        util_out_of_memory(folder);
    }
    if (n > 1) /* entries is NULL in a folder without a PGN file */
        qsort(entries, n, sizeof *entries, by_name);
    size_t folder_len = strlen(folder);
    int slash = folder_len > 0 && folder[folder_len - 1] == '/';
    for (size_t i = 0; i < n && !failed; i++) {
        size_t len = folder_len + !slash + strlen(entries[i]) + 1;
        char *path = malloc(len);
        if (!path) {
            util_report_flush();
            util_out_of_memory(folder);
            failed = 1;
            break;
        }
        snprintf(path, len, "%s%s%s", folder, slash ? "" : "/", entries[i]);
        struct stat st;
        if (lstat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (recursive && add_folder(f, path, 1) != 0)
                failed = 1;
            free(path);
        } else if (is_pgn_name(entries[i])) {
            if (add_name(f, path, 1) != 0) { /* a file, or a link the open follows */
                util_report_flush();
                util_out_of_memory(folder);
                failed = 1;
            }
        } else {
            free(path);
        }
    }
    for (size_t i = 0; i < n; i++)
        free(entries[i]);
    free(entries);
    return failed ? -1 : 0;
}

int cli_pgn_files_of(int argc, char **argv, int first, int recursive, cli_pgn_files *f)
{
    memset(f, 0, sizeof *f);
    int failed = 0;
    if (first >= argc)
        return add_name(f, "-", 0) != 0 ? -1 : 0;
    for (int i = first; i < argc; i++) {
        const char *name = argv[i];
        struct stat st;
        if (strcmp(name, "-") != 0 && stat(name, &st) == 0 && S_ISDIR(st.st_mode)) {
            int before = f->n;
            if (add_folder(f, name, recursive) != 0)
                failed = 1;
            else if (f->n == before)
                util_error(name, "warning: no *.pgn file in this folder%s",
                           recursive ? " or its subfolders" : " (-r reads its subfolders)");
        } else if (add_name(f, name, 0) != 0) {
            util_out_of_memory(NULL);
            failed = 1;
        }
    }
    return failed ? -1 : 0;
}

void cli_pgn_files_free(cli_pgn_files *f)
{
    for (size_t i = 0; i < f->owned_n; i++)
        free(f->owned[i]);
    free(f->owned);
    free(f->names);
    memset(f, 0, sizeof *f);
}

const char *const *cli_input_files(const cli_args *args, int *n)
{
    static const char *const standard_input[2] = {"-", NULL};
    int named = args->argc - args->next;
    *n = named ? named : 1;
    return named ? (const char *const *)args->argv + args->next : standard_input;
}
