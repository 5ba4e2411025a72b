/*
 * gbr conform: the command line of the conformance kit (spec/gbr.md section
 * 13): its options, checked here, and one call into src/kit.
 *
 *   gbr conform [OPTIONS] -- PROGRAM ARGS...   runs PROGRAM against the vectors (conform_run)
 *   gbr conform --answer OPERATION             answers the protocol with libgbr (conform_answer)
 */
#define _POSIX_C_SOURCE 200809L
#define _XOPEN_SOURCE 700 /* realpath */

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "conform_answer.h"
#include "conform_batch.h"
#include "conform_protocol.h"
#include "conform_run.h"

const char cmd_conform_summary[] = "run a program against the golden vectors, or fuzz it against the reference codec";

static const char help[] =
    "conform [OPTIONS] -- PROGRAM [ARGS...]\n"
    "       gbr conform --fuzz SECONDS [--seed N] [--level L] [--operations LIST]\n"
    "                   [--errors exact|validity] [--run GLOB] [--skip GLOB]\n"
    "                   [--skip-file F] [--timeout S] [--vectors DIR] [--json]\n"
    "                   [--mode M] [--shrink-share PERCENT] -- PROGRAM [ARGS...]\n"
    "       gbr conform [--impl ref|fast] --answer OPERATION\n"
    "       gbr conform --list-operations\n"
    "\n"
    "Runs PROGRAM against the golden vectors through the conformance protocol of\n"
    "spec/gbr.md section 13: for each case it starts `PROGRAM ARGS... OPERATION`\n"
    "(no shell), writes the input to its standard input and closes it. The\n"
    "program answers on standard output: the canonical text and exit status 0, or\n"
    "\"error NAME COLUMN\" and exit status 1. Any other exit status, a signal or a\n"
    "timeout is a crash. Standard error is shown in reports, never judged.\n"
    "\n"
    "Batch mode (section 13.3.2): a program that answers `PROGRAM ARGS... batch`\n"
    "with the line \"gbr-batch 1\" is started once and sent one request line per\n"
    "case (OPERATION, TAB, the input escaped as in the vector files), and answers\n"
    "one line per case; a case it does not answer in time, or dies on, is a crash\n"
    "(the program is started again). The verdicts are the same in both modes. A\n"
    "program that answers \"gbr-batch 2\" speaks the numbered form: each request\n"
    "line starts with a sequence number and a TAB, which its answer line echoes,\n"
    "so an extra or missing answer line is a protocol error of the case where it\n"
    "happened (a crash). In the unnumbered form two check requests of known\n"
    "answers end each chunk, and a chunk whose checks come back out of step is\n"
    "reported (DESYNC chunk N; exit status 1).\n"
    "\n"
    "The program's process group is killed when SIGINT, SIGTERM, SIGHUP or\n"
    "SIGPIPE ends the runner; the report is written case by case, so a reader\n"
    "that goes away ends the run; --fuzz S ends within S and one --timeout.\n"
    "\n";

/* The rest of the help (a string literal holds at most 4095 bytes portably). */
static const char help_more[] =
    "Options:\n"
    "  --level L         run the levels up to L: material, study, position,\n"
    "                    extensions (the default: all)\n"
    "  --run GLOB        run only the cases whose id matches GLOB (repeatable)\n"
    "  --skip GLOB       skip the cases whose id matches GLOB (repeatable)\n"
    "  --skip-file F     skip the ids or globs listed in F, one a line ('#' comments)\n"
    "  --timeout S       seconds allowed per case (default 10)\n"
    "  --errors J        judging: exact (the default: the whole answer line) or\n"
    "                    validity (acceptance and canonical output only)\n"
    "  --mode M          auto (batch when the program answers the handshake, the\n"
    "                    default), batch (in the form the handshake names, else\n"
    "                    the unnumbered one) or per-case\n"
    "  --json            write a JSON report on standard output\n"
    "  --print-skip-list write the ids of the failed and crashed cases, one a line\n"
    "  --vectors DIR     the vector files (default: those installed with gbr,\n"
    "                    DATADIR/gbr/vectors beside its bin directory, or in its\n"
    "                    build tree the source's; else spec/vectors)\n"
    "  --fuzz S          instead of the vectors, fuzz for S seconds: generated and\n"
    "                    mutated inputs of every operation of the levels, each\n"
    "                    answer compared with the reference codec's; each distinct\n"
    "                    disagreement is shrunk (bytes and structure, keeping its\n"
    "                    fault) and printed with its fault (the spec's table row\n"
    "                    and byte where the two readings part) and as a line of\n"
    "                    the case files, then one FAULT line a fault of the\n"
    "                    program; exit 1 on any. --run/--skip choose the\n"
    "                    vector inputs mutated; a disagreement with the fault of a\n"
    "                    case --skip/--skip-file leave out is known, not reported.\n"
    "  --seed N          the fuzzing's seed (default 0): the same seed gives the\n"
    "                    same inputs\n"
    "  --operations LIST fuzz only these operations (comma-separated); the other\n"
    "                    answers are not asked\n"
    "  --shrink-share P  the percentage of the fuzzing's time shrinking may take\n"
    "                    (default 25; 0: findings are not shrunk; 100: no bound\n"
    "                    but the budget); the rest generates new cases\n"
    "  --answer OP       answer the protocol for OP with libgbr (reads standard input,\n"
    "                    at most 16 MiB); --answer batch answers batch mode (the\n"
    "                    numbered form, request lines of at most 16 MiB)\n"
    "  --list-operations write the protocol's operations, one a line: NAME, LEVEL,\n"
    "                    the form of the input (\"any\" for check), how many texts\n"
    "                    (2: an order's A|B) and the result (none, win, draw),\n"
    "                    tab-separated\n"
    "  (--answer and --list-operations take no other option but --impl)\n"
    "\n"
    "A program that cannot be started is one error (exit 2). In per-case mode a\n"
    "slow run says that batch mode exists.\n"
    "\n"
    "The closing line (standard error with --json or --print-skip-list) is\n"
    "\"N passed, N failed, N skipped, N crashed\". Exit status: 0 when nothing failed\n"
    "or crashed, 1 otherwise, 2 on a usage error or unreadable vectors.\n";

/* The directory holding material.tsv, when it does. */
static int has_vectors(const char *dir)
{
    char path[2 * PATH_MAX];
    if ((size_t)snprintf(path, sizeof path, "%s/material.tsv", dir) >= sizeof path)
        return 0;
    return access(path, R_OK) == 0;
}

/* The vectors when --vectors names none: those installed with this gbr
 * (DATADIR/gbr/vectors, found from the binary's directory), or, for a gbr
 * run from its build tree, the source tree's; else spec/vectors under the
 * working directory (a gbr checkout). */
static const char *default_vectors(char *buf, size_t cap)
{
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            char built[PATH_MAX];
            if (realpath(GBR_BUILD_BINARY_DIR, built) && strcmp(built, exe) == 0 && has_vectors(GBR_BUILD_VECTORS_DIR))
                return GBR_BUILD_VECTORS_DIR;
            if ((size_t)snprintf(buf, cap, "%s/%s", exe, GBR_VECTORS_FROM_BINDIR) < cap && has_vectors(buf))
                return buf;
        }
    }
    return "spec/vectors";
}

/* A number of seconds, 0 < S <= max, written as digits with an optional
 * fraction: strtod alone would also take leading white space, a sign, hex
 * and "inf". */
static int parse_seconds(const char *text, double max, double *out)
{
    size_t digits = strspn(text, "0123456789"), point = text[digits] == '.';
    size_t fraction = point ? strspn(text + digits + 1, "0123456789") : 0;
    if (digits + fraction == 0 || text[digits + point + fraction] != '\0')
        return 0;
    *out = strtod(text, NULL);
    return *out > 0 && *out <= max;
}

/* The values of conform's options that its table's kinds do not read. */
static int parse_level(cli_args *args, const char *value, void *level)
{
    (void)args;
    *(int *)level = gbr_level_by_name(value, strlen(value));
    return *(int *)level < 0 ? -1 : 0;
}

static int parse_timeout(cli_args *args, const char *value, void *seconds)
{
    (void)args;
    return parse_seconds(value, 86400, seconds) ? 0 : -1;
}

static int parse_fuzz_seconds(cli_args *args, const char *value, void *seconds)
{
    (void)args;
    return parse_seconds(value, 86400 * 7, seconds) ? 0 : -1;
}

/* strtoull's reading (a base prefix, leading blanks), but no minus sign. */
static int parse_seed(cli_args *args, const char *value, void *seed)
{
    (void)args;
    char *end;
    errno = 0;
    *(uint64_t *)seed = (uint64_t)strtoull(value, &end, 0);
    return end == value || *end != '\0' || errno != 0 || value[0] == '-' ? -1 : 0;
}

static int parse_share(cli_args *args, const char *value, void *share)
{
    (void)args;
    char *end;
    errno = 0;
    long percent = strtol(value, &end, 10);
    if (end == value || *end != '\0' || errno != 0 || percent < 0 || percent > 100)
        return -1;
    *(int *)share = (int)percent;
    return 0;
}

static int add_pattern(cli_args *args, const char *value, void *list)
{
    return conform_patterns_add(list, value) != 0 ? cli_usage_error(args, UTIL_OUT_OF_MEMORY) : 0;
}

static int load_patterns(cli_args *args, const char *value, void *list)
{
    (void)args;
    return conform_patterns_load(list, value) != 0 ? UTIL_EXIT_USAGE : 0; /* reported */
}

int cmd_conform(int argc, char **argv)
{
    static const cli_help usage = {{help, help_more}, 1};
    cli_args args;
    conform_run_options opt;
    memset(&opt, 0, sizeof opt);
    opt.max_level = GBR_LEVEL_EXTENSIONS;
    opt.timeout = 10.0;
    opt.fuzz.shrink_share = CONFORM_SHRINK_SHARE_DEFAULT;
    char vectors_buf[2 * PATH_MAX];
    const char *answer_operation = NULL;
    int listing = 0; /* --list-operations */
    static const cli_word errors[] = {
        {"exact", CONFORM_ERRORS_EXACT}, {"validity", CONFORM_ERRORS_VALIDITY}, {NULL, 0}};
    static const cli_word modes[] = {
        {"auto", CONFORM_MODE_AUTO}, {"batch", CONFORM_MODE_BATCH}, {"per-case", CONFORM_MODE_PER_CASE}, {NULL, 0}};
    /* Listing and answering read none of the rows from FIRST_RUN_ROW on:
     * they configure a run of the kit. */
    enum { LISTING, ANSWER, FUZZ, SHRINK_SHARE, FIRST_RUN_ROW = FUZZ };
    cli_option rows[] = {
        [LISTING] = {.name = "--list-operations", .kind = CLI_OPTION_FLAG, .to.flag = &listing},
        [ANSWER] = CLI_STRING("--answer", 0, &answer_operation),
        [FUZZ] = CLI_CALL("--fuzz", 0, parse_fuzz_seconds, &opt.fuzz.seconds,
                          "--fuzz needs a number of seconds (0 < S <= 604800)"),
        [SHRINK_SHARE] = CLI_CALL("--shrink-share", 0, parse_share, &opt.fuzz.shrink_share,
                                  "--shrink-share needs a percentage from 0 to 100"),
        CLI_FLAG("--json", 0, &opt.json),
        CLI_FLAG("--print-skip-list", 0, &opt.print_skip_list),
        CLI_CALL("--level", 0, parse_level, &opt.max_level,
                 "unknown level '%s' (material, study, position or extensions)"),
        CLI_CALL("--run", 0, add_pattern, &opt.runs, NULL),
        CLI_CALL("--skip", 0, add_pattern, &opt.skips, NULL),
        CLI_CALL("--skip-file", 0, load_patterns, &opt.skips, NULL),
        CLI_CALL("--timeout", 0, parse_timeout, &opt.timeout, "--timeout needs a number of seconds (0 < S <= 86400)"),
        CLI_CHOICE("--errors", 0, &opt.errors, errors, "unknown judging '%s' (exact or validity)"),
        CLI_CHOICE("--mode", 0, &opt.mode, modes, "unknown mode '%s' (auto, batch or per-case)"),
        CLI_CALL("--seed", 0, parse_seed, &opt.fuzz.seed, "--seed needs a non-negative integer"),
        CLI_STRING("--operations", 0, &opt.fuzz.operations),
        CLI_STRING("--vectors", 0, &opt.vectors_dir),
    };
    int status = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    opt.fuzzing = rows[FUZZ].given != 0;
    const cli_option *run_option = NULL; /* the first option given that only a run of the kit reads */
    for (size_t i = FIRST_RUN_ROW; i < CLI_ROWS(rows); i++)
        if (rows[i].given && (!run_option || rows[i].given < run_option->given))
            run_option = &rows[i];
    /* Listing and answering read none of a run's options: say so rather than ignore one. */
    if (status < 0 && (listing || answer_operation) && run_option)
        status = cli_usage_error(&args, "%s goes with a run of the kit, not with %s", run_option->name,
                                 listing ? "--list-operations" : "--answer");
    if (status < 0 && listing)
        status = args.next < args.argc || answer_operation
                     ? cli_usage_error(&args, "--list-operations takes no --answer and no program")
                     : conform_list_operations();
    if (status < 0 && answer_operation) {
        if (args.next < args.argc)
            status = cli_usage_error(&args, "--answer reads its input from standard input, not arguments");
        else if (strcmp(answer_operation, "batch") == 0)
            status = conform_answer_batch(args.codec, STDIN_FILENO, STDOUT_FILENO);
        else if (!gbr_operation_by_name(answer_operation, strlen(answer_operation)))
            status = cli_usage_error(&args, "unknown operation '%s'", answer_operation);
        else
            status = conform_answer_input(args.codec, answer_operation, STDIN_FILENO);
    }
    if (status < 0 && args.next >= args.argc)
        status = cli_usage_error(&args, "no program to test (give it after '--')");
    if (status < 0 && opt.json && opt.print_skip_list)
        status = cli_usage_error(&args, "--json and --print-skip-list exclude each other");
    if (status < 0 && opt.fuzzing && opt.print_skip_list)
        status = cli_usage_error(&args, "--fuzz writes no skip list (--print-skip-list)");
    if (status < 0 && !opt.fuzzing && opt.fuzz.operations)
        status = cli_usage_error(&args, "--operations goes with --fuzz");
    if (status < 0 && !opt.fuzzing && rows[SHRINK_SHARE].given)
        status = cli_usage_error(&args, "--shrink-share goes with --fuzz");
    if (status < 0) {
        if (!opt.vectors_dir)
            opt.vectors_dir = default_vectors(vectors_buf, sizeof vectors_buf);
        opt.program = args.argv + args.next;
        opt.program_argc = args.argc - args.next;
        status = conform_run(&opt);
    }
    conform_patterns_free(&opt.runs);
    conform_patterns_free(&opt.skips);
    return status;
}
