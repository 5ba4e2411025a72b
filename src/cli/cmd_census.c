/* gbr census, the command line: the options, help and inputs. The tally,
 * its reading of games, merge and writers are src/census's. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h, read */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "census.h"
#include "cli.h"
#include "output.h"
#include "output_file.h"
#include "input_parallel.h"

const char cmd_census_summary[] = "count the endgame classes games reach and end in, with their results";

static const char help[] =
    "census [OPTIONS] [FILE...]\n"
    "       gbr census --merge [OUTPUT OPTIONS] TALLY.json...\n"
    "\n"
    "The endgame census of PGN games (docs/census.md): each game's main line\n"
    "is replayed and the GBR classes (material codes) of its positions are\n"
    "counted. Per class: the games that reach it, the plies spent in it (the\n"
    "moves played from its positions), the games whose ending it is and their\n"
    "results (1-0, 1/2-1/2, 0-1, * and unknown, with shares), and the same from\n"
    "the stronger side's point of view (by the values Q 9, R 5, B 3, N 3, P 1;\n"
    "none when they are equal). Variations are not read. A game whose move\n"
    "cannot be played is reported (FILE:LINE:COLUMN: game N: ...) and not\n"
    "counted; so are malformed tags and games of other variants.\n"
    "FILE is a PGN file, a folder of them, or \"-\" for standard input (the\n"
    "default).\n"
    "\n";

static const char help_options[] =
    "Options:\n"
    "  --ending E     what a game's ending is: phase (the default: the class of\n"
    "                 the first position with at most --pieces pieces besides\n"
    "                 kings and pawns, Lichess's endgame phase; a game that never\n"
    "                 gets there is counted apart), final (the last position's\n"
    "                 class) or every (every class reached; also: reached)\n"
    "  --pieces N     the N of --ending phase, 0 to 30 (default 6)\n"
    "  --fold         a class and its colours reversed are one row, written with\n"
    "                 the stronger side as White (equal sides: the code first in\n"
    "                 directory order); results are then that side's win, draw\n"
    "                 and loss\n"
    "  --min-elo N    only games whose WhiteElo and BlackElo are both at least N\n"
    "                 (a game without them is left out)\n"
    "  --time-control LIST  only games of these speeds, comma-separated:\n"
    "                 ultrabullet, bullet, blitz, rapid, classical, correspondence;\n"
    "                 from [TimeControl] \"base+increment\" as Lichess estimates a\n"
    "                 game (base + 40 x increment seconds: under 30, 180, 480,\n"
    "                 1500, 21600; \"-\" is correspondence), else from the words\n"
    "                 of [Event] (\"Rated Blitz game\"); a game with neither is\n"
    "                 left out\n"
    "  --from DATE    only games played on DATE or later, YYYY, YYYY.MM or\n"
    "  --to DATE      YYYY.MM.DD ('-' also separates); --to up to the end of\n"
    "                 that period; the date is [UTCDate], else [Date]; a game\n"
    "                 whose date may fall outside the range (\"2023.??.??\"\n"
    "                 against --from 2023.06) or has no year is left out\n"
    "  --order O      frequency (the default: the most endings first) or\n"
    "                 directory (GBR directory order)\n"
    "  --group G      none (the default) or pieces: the classes that differ only\n"
    "                 in pawns are one row (0400.* KRP*vKRP*)\n"
    "  --pattern QUERY  a row for the classes QUERY matches, added up (a class\n"
    "                 may be in several rows); given once a row, in place of the\n"
    "                 classes: material code patterns (04??.*), names\n"
    "                 (KR...vKR..., KRP*vKR), counts (white:R=1 black:R=1) or\n"
    "                 pgn-extract descriptions, as gbr select reads them\n"
    "                 (spec/query.md); --order directory keeps the order given.\n"
    "                 In a row of several classes (this and --group pieces) the\n"
    "                 games reaching it add up its classes': a game that reaches\n"
    "                 two of them counts twice; endings and results count each\n"
    "                 game once (with --ending every, once a class)\n"
    "  --tsv          tab-separated counts, a header line first\n"
    "  --json         the tally itself (every class, in directory order, with\n"
    "                 the options that shaped it): what --merge reads\n"
    "  --html         one HTML page: a chart of the most frequent endings (SVG\n"
    "                 bars, their results as stacked parts) and the table\n"
    "  --title TEXT   the HTML page's title (default \"GBR census\")\n"
    "  --merge        the inputs are tallies written by --json, added up\n"
    "                 exactly; tallies made under other options (ending,\n"
    "                 pieces, fold, filters) or of another version are refused,\n"
    "                 and nothing is written\n"
    "  -j, --jobs N   read each input on N threads (default: the cores this\n"
    "                 process may use), cut at game starts, the inputs one after\n"
    "                 another; the output and the reports are the same for every N\n"
    "  -o, --output FILE  write to FILE (replaced whole once written) instead of\n"
    "                 standard output\n"
    CLI_RECURSIVE_HELP
    "Exit status: 0 done, 1 a game was reported, an input could not be read to\n"
    "its end (the games before the problem are counted), an input could not be\n"
    "opened or a tally was refused (nothing is written for the last two), 2\n"
    "usage error.\n";

/* The options, for the readers of --ending etc. */
typedef struct census_command {
    census_options options;
    census_tally *tally;
    int threads;
    int problems;
} census_command;

static int parse_date_option(cli_args *args, const char *value, void *out, int to_end)
{
    (void)args;
    return census_parse_date(value, to_end, out) == 0 ? 0 : -1;
}

static int parse_from(cli_args *args, const char *value, void *out) { return parse_date_option(args, value, out, 0); }

static int parse_to(cli_args *args, const char *value, void *out) { return parse_date_option(args, value, out, 1); }

static int parse_speeds(cli_args *args, const char *value, void *out)
{
    (void)args;
    return census_parse_speeds(value, out) == 0 ? 0 : -1;
}

/* One PGN input into the tally. */
static int census_file(void *context, int fd, const char *source)
{
    census_command *c = context;
    /* An input read in part (a damaged compressed stream, a read error) is
     * reported and its games before the problem are counted: the census of
     * what could be read is written, with exit status 1. */
    if (census_read(c->tally, fd, source, c->threads, &c->problems) != 0)
        c->problems = 1;
    return 0;
}

/* The whole of a file, for --merge; NULL after reporting. */
static char *read_whole(int fd, const char *source, size_t *len)
{
    char *text = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n == cap) {
            char *grown = util_grow(text, &cap, n + 65536, 1);
            if (!grown) {
                free(text);
                util_out_of_memory(source);
                return NULL;
            }
            text = grown;
        }
        ssize_t got = read(fd, text + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            util_error(source, "cannot read: %s", strerror(errno));
            free(text);
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    *len = n;
    return text;
}

typedef struct merge_run {
    census_tally *total;
    const char *first; /* the first tally's file, named when another differs */
} merge_run;

static int merge_file(void *context, int fd, const char *source)
{
    merge_run *m = context;
    size_t len;
    char *text = read_whole(fd, source, &len);
    if (!text)
        return -1;
    census_tally *t = census_read_json(text, len, source);
    free(text);
    if (!t)
        return -1;
    int status = 0;
    if (!m->total) {
        m->total = t;
        m->first = source;
        return 0;
    }
    int merged = census_merge(m->total, t);
    if (merged == CENSUS_MERGE_OPTIONS)
        util_error(source, "a tally made under other options than %s's (ending, pieces, fold or filters): not merged",
                   m->first);
    else if (merged == CENSUS_MERGE_OVERFLOW)
        util_error(source, "its counts added to the tallies before it would pass 2^64 - 1: not merged");
    else if (merged != 0)
        util_out_of_memory(source);
    if (merged != 0)
        status = -1;
    census_tally_free(t);
    return status;
}

static int write_output(census_tally *t, const census_output *format, const char *path)
{
    util_output_file out;
    if (util_output_file_open(&out, path) != 0)
        return UTIL_EXIT_INPUT;
    if (census_write(t, format, &out.sink) != 0) {
        util_output_file_abandon(&out);
        util_out_of_memory(path ? path : "census");
        return UTIL_EXIT_INPUT;
    }
    return util_output_file_commit(&out) != 0 ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}

static int run_census(census_command *c, cli_args *args, int argc, char **argv, int merge, int recursive,
                      const census_output *format, const char *output);

/* The list of --pattern values freed on the way out. */
static int freeing(cli_option_list *list, int status)
{
    cli_option_list_free(list);
    return status;
}

int cmd_census(int argc, char **argv)
{
    census_command c;
    memset(&c, 0, sizeof c);
    census_options_default(&c.options);
    census_output format;
    memset(&format, 0, sizeof format);
    int ending = CENSUS_ENDING_PHASE, order = CENSUS_ORDER_FREQUENCY, group = CENSUS_GROUP_NONE;
    int tsv = 0, json = 0, html = 0, merge = 0, recursive = 0, fold = 0;
    unsigned long long pieces = 6, min_elo = 0, jobs = (unsigned long long)input_default_threads();
    const char *output = NULL;
    cli_option_list pattern_list = {NULL, 0, 0};
    static const cli_word endings[] = {{"phase", CENSUS_ENDING_PHASE}, {"final", CENSUS_ENDING_FINAL},
                                       {"every", CENSUS_ENDING_EVERY}, {"reached", CENSUS_ENDING_EVERY},
                                       {NULL, 0}};
    static const cli_word orders[] = {{"frequency", CENSUS_ORDER_FREQUENCY},
                                      {"directory", CENSUS_ORDER_DIRECTORY},
                                      {NULL, 0}};
    static const cli_word groups[] = {{"none", CENSUS_GROUP_NONE}, {"pieces", CENSUS_GROUP_PIECES}, {NULL, 0}};
    enum { ENDING, PIECES, FOLD, MIN_ELO, SPEEDS, FROM, TO, JOBS };
    cli_option rows[] = {
        [ENDING] = CLI_CHOICE("--ending", 0, &ending, endings, "bad --ending '%s' (phase, final or every)"),
        [PIECES] = CLI_COUNT("--pieces", 0, &pieces, 0, 30, "bad --pieces '%s' (a number of pieces, 0 to 30)"),
        [FOLD] = CLI_FLAG("--fold", 0, &fold),
        [MIN_ELO] = CLI_COUNT("--min-elo", 0, &min_elo, 1, 10000, "bad --min-elo '%s' (a rating, 1 to 10000)"),
        [SPEEDS] = CLI_CALL("--time-control", 0, parse_speeds, &c.options.speeds,
                            "bad --time-control '%s' (ultrabullet, bullet, blitz, rapid, classical or "
                            "correspondence, comma-separated)"),
        [FROM] = CLI_CALL("--from", 0, parse_from, &c.options.date_from,
                          "bad --from '%s' (a date: YYYY, YYYY.MM or YYYY.MM.DD)"),
        [TO] = CLI_CALL("--to", 0, parse_to, &c.options.date_to, "bad --to '%s' (a date: YYYY, YYYY.MM or YYYY.MM.DD)"),
        [JOBS] = CLI_COUNT("--jobs", 'j', &jobs, 1, INPUT_THREADS_MAX, "bad -j '%s' (a number of threads, 1 to 256)"),
        CLI_CHOICE("--order", 0, &order, orders, "bad --order '%s' (frequency or directory)"),
        CLI_CHOICE("--group", 0, &group, groups, "bad --group '%s' (none or pieces)"),
        CLI_LIST("--pattern", 0, &pattern_list),
        CLI_FLAG("--tsv", 0, &tsv),
        CLI_FLAG("--json", 0, &json),
        CLI_FLAG("--html", 0, &html),
        CLI_STRING("--title", 0, &format.title),
        CLI_FLAG("--merge", 0, &merge),
        CLI_OUTPUT_OPTION(&output),
        CLI_RECURSIVE_OPTION(&recursive),
    };
    static const cli_help usage = {{help, help_options}, 1};
    cli_args args;
    int parsed = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (parsed >= 0) /* --help (0), or a usage error */
        return freeing(&pattern_list, parsed);
    if (tsv + json + html > 1)
        return freeing(&pattern_list,
                       cli_usage_error(&args, "--tsv, --json and --html are one output each: give one"));
    if (format.title && !html)
        return freeing(&pattern_list, cli_usage_error(&args, "--title needs --html"));
    if (rows[PIECES].given && ending != CENSUS_ENDING_PHASE)
        return freeing(&pattern_list, cli_usage_error(&args, "--pieces needs --ending phase"));
    if (merge) {
        for (size_t i = ENDING; i <= TO; i++)
            if (rows[i].given)
                return freeing(&pattern_list,
                               cli_usage_error(&args, "%s shapes a tally: with --merge the tallies' own options hold",
                                               rows[i].name));
        if (recursive)
            return freeing(&pattern_list,
                           cli_usage_error(&args, "--merge reads tallies named one by one, not folders (-r)"));
        if (rows[JOBS].given)
            return freeing(&pattern_list, cli_usage_error(&args, "-j reads games: --merge reads tallies"));
        if (args.next >= argc)
            return freeing(&pattern_list, cli_usage_error(&args, "--merge needs the tallies to merge"));
    }
    if (pattern_list.n && group != CENSUS_GROUP_NONE)
        return freeing(&pattern_list,
                       cli_usage_error(&args, "--pattern and --group are two ways of making rows: give one"));
    if (c.options.date_from && c.options.date_to && c.options.date_from > c.options.date_to)
        return freeing(&pattern_list, cli_usage_error(&args, "--from is after --to: no game is in that range"));
    c.options.ending = (census_ending)ending;
    c.options.pieces = (unsigned)pieces;
    c.options.fold = fold;
    c.options.min_elo = (unsigned)min_elo;
    c.threads = (int)jobs;
    format.format = tsv ? CENSUS_TSV : json ? CENSUS_JSON : html ? CENSUS_HTML : CENSUS_TEXT;
    format.order = (census_order)order;
    format.group = (census_group)group;

    gbr_query *patterns = NULL;
    const char **pattern_texts = NULL;
    if (pattern_list.n) {
        patterns = calloc(pattern_list.n, sizeof *patterns);
        pattern_texts = calloc(pattern_list.n, sizeof *pattern_texts);
        if (!patterns || !pattern_texts) {
            free(patterns);
            free(pattern_texts);
            cli_option_list_free(&pattern_list);
            return cli_usage_error(&args, UTIL_OUT_OF_MEMORY);
        }
    }
    for (size_t i = 0; i < pattern_list.n; i++) {
        const char *text = pattern_list.items[i].value, *message = NULL;
        size_t len = strlen(text);
        int status = UTIL_EXIT_OK;
        int control = 0;
        for (size_t k = 0; k < len; k++)
            control |= (unsigned char)text[k] < 0x20;
        gbr_result r = gbr_query_parse(&patterns[i], text, len, &message);
        if (len > CENSUS_PATTERN_MAX || control)
            status = cli_usage_error(&args, "--pattern '%.40s': at most %d bytes, no control characters", text,
                                     CENSUS_PATTERN_MAX);
        else if (r.error)
            status = cli_usage_error(&args, "--pattern '%s' is no query: column %u: %s", text, (unsigned)r.column,
                                     message ? message : gbr_error_message(r.error));
        else if (patterns[i].kind == GBR_QUERY_STUDY)
            status = cli_usage_error(&args, "--pattern '%s' is a study pattern: the census counts materials, "
                                     "without kings", text);
        if (status != UTIL_EXIT_OK) {
            free(patterns);
            free(pattern_texts);
            cli_option_list_free(&pattern_list);
            return status;
        }
        pattern_texts[i] = text;
    }
    format.patterns = patterns;
    format.pattern_texts = pattern_texts;
    format.patterns_n = pattern_list.n;
    int status = run_census(&c, &args, argc, argv, merge, recursive, &format, output);
    free(patterns);
    free(pattern_texts);
    cli_option_list_free(&pattern_list);
    return status;
}

/* The census of the inputs, or (merge) the sum of the tallies, written. */
static int run_census(census_command *c, cli_args *args, int argc, char **argv, int merge, int recursive,
                      const census_output *format, const char *output)
{
    int status = UTIL_EXIT_OK;
    if (merge) {
        merge_run m = {NULL, NULL};
        int failed = cli_for_each_file(argc, argv, args->next, merge_file, &m) != 0;
        if (!failed && m.total)
            status = write_output(m.total, format, output);
        else
            status = UTIL_EXIT_INPUT;
        census_tally_free(m.total);
        return status;
    }
    c->tally = census_tally_new(&c->options);
    if (!c->tally) {
        util_out_of_memory("census");
        return UTIL_EXIT_INPUT;
    }
    int failed = cli_for_each_pgn_file(argc, argv, args->next, recursive, census_file, c) != 0;
    if (failed)
        status = UTIL_EXIT_INPUT; /* an input could not be opened: nothing written */
    else
        status = write_output(c->tally, format, output);
    if (c->problems && status == UTIL_EXIT_OK)
        status = UTIL_EXIT_INPUT;
    census_tally_free(c->tally);
    return status;
}
