/* The walk over a command's options against its table of rows (cli.h):
 * the one place an option is read, its value taken and a usage error said.
 * Kept apart from cli.c so that the test cli_option_table can link the
 * commands with a parser of its own that records their tables. */
#include "cli.h"
#include "output.h"
#include "text.h"

#include <stdlib.h>
#include <string.h>

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

/* The current option as written, "=value" included. */
static int unknown_option(cli_args *args)
{
    return cli_usage_error(args, "unknown option '%s'", args->argv[args->next - 1]);
}

/* The current option's value ("--opt=value" or "--opt value"); NULL after
 * reporting a usage error when there is none or it is empty. */
static const char *option_value(cli_args *args)
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

/* The option name is kept apart from an "=value" suffix without copying argv. */
static char option_name[64];

/* 1 when args->option holds the next option; 0 when the options are over
 * (args->next is the first input) or --help or a usage error ended the
 * command (args->exit_status >= 0). */
static int next_option(cli_args *args)
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
        /* Through the util sink, not printf: a help text longer than stdio's
         * buffer would meet a write error inside printf, whose errno
         * util_flush could no longer report. */
        util_put(&util_stdout, "usage: gbr ");
        for (int i = 0; i < CLI_HELP_PARTS; i++)
            if (args->help->parts[i])
                util_write(&util_stdout, args->help->parts[i], strlen(args->help->parts[i]));
        util_put(&util_stdout, common_help);
        if (!args->help->own_inputs)
            util_put(&util_stdout, line_inputs_help);
        args->exit_status = util_flush() == 0 ? UTIL_EXIT_OK : UTIL_EXIT_INPUT;
        return 0;
    }
    const char *equals = strchr(arg, '=');
    size_t name_len = equals ? (size_t)(equals - arg) : strlen(arg);
    if (name_len >= sizeof option_name) {
        unknown_option(args);
        return 0;
    }
    memcpy(option_name, arg, name_len);
    option_name[name_len] = '\0';
    args->option = option_name;
    args->inline_value = equals ? equals + 1 : NULL;
    return 1;
}

/* The row of the option `name` ("--format" or "-o"), or NULL. */
static cli_option *find_row(cli_option *rows, size_t n, const char *name)
{
    int letter = name[1] != '-';
    for (size_t i = 0; i < n; i++) {
        if (letter ? rows[i].letter && name[1] == rows[i].letter && name[2] == '\0'
                   : rows[i].name && strcmp(rows[i].name, name) == 0)
            return &rows[i];
    }
    return NULL;
}

static int add_item(cli_args *args, cli_option_list *list, const char *option, const char *value)
{
    cli_option_item *items = util_grow(list->items, &list->cap, list->n + 1, sizeof *items);
    if (!items)
        return cli_usage_error(args, UTIL_OUT_OF_MEMORY);
    list->items = items;
    items[list->n].option = option;
    items[list->n].value = value;
    list->n++;
    return -1;
}

/* Does what row says with the current option: -1 when taken, else the exit
 * status after reporting. */
static int take(cli_args *args, const cli_option *row)
{
    if (row->kind == CLI_OPTION_FLAG) {
        *row->to.flag = 1;
        return -1;
    }
    if (row->once && *row->to.string)
        return cli_usage_error(args, "%s is given once", args->option);
    const char *value = option_value(args);
    if (!value)
        return UTIL_EXIT_USAGE;
    switch (row->kind) {
    case CLI_OPTION_STRING:
        *row->to.string = value;
        return -1;
    case CLI_OPTION_CHOICE:
        for (const cli_word *w = row->words; w->word; w++) {
            if (strcmp(w->word, value) == 0) {
                *row->to.choice = w->value;
                return -1;
            }
        }
        break;
    case CLI_OPTION_COUNT: {
        unsigned long long count;
        if (util_parse_count(value, 0, row->max, &count) == 0 && count >= row->min) {
            *row->to.count = count;
            return -1;
        }
        break;
    }
    case CLI_OPTION_LIST:
        return add_item(args, row->to.list, row->name, value);
    case CLI_OPTION_CALL: {
        int status = row->call(args, value, row->to.context);
        if (status >= 0)
            return status > 0 ? status : -1;
        break;
    }
    case CLI_OPTION_FLAG:
        break;
    }
    if (!row->bad) /* a row whose call was to report its own errors */
        return cli_usage_error(args, "bad value '%s' for %s", value, args->option);
    return cli_usage_error(args, row->bad, value);
}

int cli_parse_options(cli_args *args, int argc, char **argv, const cli_help *help, cli_option *rows, size_t n)
{
    memset(args, 0, sizeof *args);
    args->argc = argc;
    args->argv = argv;
    args->next = 1; /* argv[0] is the command's name */
    args->help = help;
    args->codec = gbr_codec_default();
    args->exit_status = -1;
    /* --impl: every command's, and not a row of any, so that no command's
     * table lists it (nor counts it among its rows given). */
    static const cli_word codecs[] = {{"ref", 0}, {"fast", 1}, {NULL, 0}};
    int fast = -1;
    cli_option common[] = {
        CLI_CHOICE("--impl", 0, &fast, codecs, "unknown codec '%s' for --impl (expected ref or fast)"),
    };
    unsigned given = 0;
    for (size_t i = 0; i < n; i++)
        rows[i].given = 0;
    while (next_option(args)) {
        cli_option *row = find_row(rows, n, args->option);
        if (!row)
            row = find_row(common, CLI_ROWS(common), args->option);
        if (!row)
            return unknown_option(args);
        if (row->kind == CLI_OPTION_FLAG && args->inline_value)
            return cli_usage_error(args, "%s takes no value", args->option);
        if (!row->given)
            row->given = ++given;
        int status = take(args, row);
        if (status >= 0)
            return status;
        if (row == common)
            args->codec = fast ? gbr_codec_fast() : gbr_codec_ref();
    }
    return args->exit_status;
}
