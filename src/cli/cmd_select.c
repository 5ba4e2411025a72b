/* gbr select, the command line: the queries and options, help and the
 * inputs. Matching and copying are src/collection/selection.c's. */
#include <string.h>

#include "cli.h"
#include "input_parallel.h"
#include "output.h"
#include "selection.h"

const char cmd_select_summary[] = "write the PGN games or lines whose material matches a query";

static const char help[] =
    "select [OPTIONS] QUERY... [--] [FILE...]\n"
    "\n"
    "Writes the PGN games whose start position (the [FEN] tag, or the standard\n"
    "start position when there is none) matches any QUERY, each game's text byte\n"
    "for byte as it was, in input order; an input's leading byte-order mark is\n"
    "kept when what is selected from it starts the output (never written in\n"
    "the middle of it). The leading arguments that read as\n"
    "queries are the queries; the first that does not, or everything after \"--\",\n"
    "names the files (standard input, \"-\", when there are none).\n"
    "Only the start position is matched (what a study directory classifies),\n"
    "unless --reached is given: then the positions reached on the main line,\n"
    "as pgn-extract -y/-z match them. A game that starts with queen and rook a\n"
    "side and exchanges the queens is selected by 'QR QR', with --reached by\n"
    "'R R'.\n"
    "Queries (spec/query.md, \"GBR queries\"):\n"
    "  04??.1?  0400.*       material code patterns: '?' one digit, '*' the rest\n"
    "  +0400.10?1e8          study code patterns: kings (and '+' win, '=' draw)\n"
    "  KRP*vKR  KR...vKR...  material names: 'P*' any number of pawns, 'P+' one\n"
    "                        or more, 'P' one; '...' any further men of that side\n"
    "                        (that a query read differently in GBR queries 1.0 is\n"
    "                        told once on standard error; see --queries)\n"
    "  white:R=1,P>=1 black:R=1   counts per side and type (=, <, <=, >, >=)\n"
    "  'R+P+ R=P#'           pgn-extract material descriptions (its -y files)\n"
    "A game's stipulation, for study patterns, is its [Result]: 1-0 a win,\n"
    "1/2-1/2 a draw. A game whose [FEN] cannot be read is reported as\n"
    "FILE:LINE:COLUMN on standard error (exit status 1) and selected only by a\n"
    "query that matches every material ('*', 'K...vK...'): so select '*' writes\n"
    "every game of its inputs.\n"
    "\n";

static const char help_options[] =
    "Options:\n"
    "  --count           print only the number of games (or lines) each query\n"
    "                    matches: COUNT<TAB>QUERY, one line a query, in order\n"
    "  --either-colour   every query also matches with the colours exchanged\n"
    "  --lines           the input is text lines (a directory, a TSV): a line is\n"
    "                    matched by its first code (as gbr scan finds it, past a\n"
    "                    byte-order mark) and\n"
    "                    written with its line end; lines without one are skipped,\n"
    "                    and a line longer than 16 MiB is reported and skipped\n"
    "  -e QUERY          one more query (then no argument is read as a query)\n"
    "  --white LIST      count conditions such as R=1,P>=1 for White; with\n"
    "  --black LIST      --black for Black, one query (then no argument is a query)\n"
    "  -y FILE           the queries of a pgn-extract -y file (one a line, '%'\n"
    "                    starts a comment), read as pgn-extract reads them and\n"
    "                    matched on the start position\n"
    "  -z FILE           the same, each query matching either colour (as -z)\n"
    "  --reached         match the positions the main line reaches instead (the\n"
    "                    moves replayed): a game is selected when a query matches\n"
    "                    N + 1 positions in a row that a move is played from (the\n"
    "                    last position of a game does not count), with exchanged\n"
    "                    colours in one orientation throughout, N being a\n"
    "                    description's leading number or --plies; as pgn-extract\n"
    "                    -y/-z select. A move that cannot be played is reported\n"
    "                    and the positions before it are matched\n"
    "  --plies N         with --reached, the plies a query without its own number\n"
    "                    must hold (default 2, as pgn-extract)\n"
    "  --addmatchtag     with --reached, a tag [MaterialMatch \"White\"] after the\n"
    "                    last tag pair of a game selected (\"Black\": a query with\n"
    "                    exchanged colours met by Black), as pgn-extract writes it\n"
    "  --markmatches TEXT  with --reached, the comment {TEXT} after the move where\n"
    "                    the match starts (before the first move when it starts\n"
    "                    at the start position)\n"
    "  -j, --jobs N      match one input's games on N threads (default 1), its\n"
    "                    parts cut at game starts; the output, counts and reports\n"
    "                    are the same for every N (--reached and --lines read on\n"
    "                    one thread)\n"
    "  --queries V       the queries are written for GBR queries V, 1.1 or 1.2\n"
    "                    (which read alike): nothing is told of 1.0's reading\n"
    CLI_RECURSIVE_HELP
    "                    (without --lines)\n"
    "Exit status: 0 done, 1 a game or line was reported or an input could not be\n"
    "read, 2 usage error (a query that cannot be read: nothing is processed).\n";

/* The queries that read differently from GBR queries 1.0 (spec/query.md
 * section 4.1): the first, told once a run so that an old script's query is
 * not silently read anew (the reading of this version is the one used),
 * and how many. */
typedef struct changed_queries {
    const char *where, *text;
    unsigned long line, column, n;
} changed_queries;

static void note_if_changed(changed_queries *c, const char *where, unsigned long line, const char *text)
{
    size_t column = gbr_query_reading_changed(text, strlen(text));
    if (column && c->n++ == 0) {
        c->where = where;
        c->line = line;
        c->column = (unsigned long)column;
        c->text = text;
    }
}

static void say_changed(const changed_queries *c)
{
    if (c->n == 0)
        return;
    char more[64] = "";
    if (c->n > 1)
        snprintf(more, sizeof more, " and %lu more quer%s", c->n - 1, c->n > 2 ? "ies" : "y");
    util_report(c->where, c->line, c->column,
                "%s%s read%s differently from GBR queries 1.0: a man with '*' is any number of that type, and any "
                "further men is '...' (spec/query.md 4.1; --queries 1.2 says they are written so)",
                c->text, more, c->n > 1 ? "" : "s");
}

/* The result of a selection_add* call as the command's status: a usage
 * error already reported stays one; out of memory is reported here. */
static int added(cli_args *args, int result)
{
    return result < 0 ? cli_usage_error(args, UTIL_OUT_OF_MEMORY) : result;
}

/* What -e, -y and -z add to. */
typedef struct query_options {
    selection_options *opt;
    changed_queries *changed;
} query_options;

static int add_expression(cli_args *args, const char *value, void *context)
{
    query_options *q = context;
    int status = added(args, selection_add_text(q->opt, value, "-e"));
    if (status == UTIL_EXIT_OK)
        note_if_changed(q->changed, "-e", 1, value);
    return status;
}

static int add_file(cli_args *args, const char *value, void *context, int either_colour)
{
    (void)args;
    return selection_add_file(((query_options *)context)->opt, value, either_colour);
}

static int add_y_file(cli_args *args, const char *value, void *context) { return add_file(args, value, context, 0); }

static int add_z_file(cli_args *args, const char *value, void *context) { return add_file(args, value, context, 1); }

static int parse_queries_version(cli_args *args, const char *value, void *current)
{
    (void)args;
    if (strcmp(value, "1.1") != 0 && strcmp(value, "1.2") != 0)
        return -1;
    *(int *)current = 1;
    return 0;
}

int cmd_select(int argc, char **argv)
{
    selection_options opt;
    memset(&opt, 0, sizeof opt);
    int status = UTIL_EXIT_OK, recursive = 0, current_queries = 0;
    changed_queries changed = {NULL, NULL, 0, 0, 0};
    query_options queries = {&opt, &changed};
    const char *white = NULL, *black = NULL;
    opt.plies = 2;
    opt.threads = 1; /* matching a start position costs less than cutting and handing over parts */
    enum { EXPRESSION, Y_FILE, Z_FILE, PLIES, MATCH_TAG, MARK_MATCHES };
    cli_option rows[] = {
        [EXPRESSION] = CLI_CALL(NULL, 'e', add_expression, &queries, NULL),
        [Y_FILE] = CLI_CALL(NULL, 'y', add_y_file, &queries, NULL),
        [Z_FILE] = CLI_CALL(NULL, 'z', add_z_file, &queries, NULL),
        [PLIES] = CLI_COUNT("--plies", 0, &opt.plies, 0, 1000000, "bad --plies '%s' (a number of plies, 0 to 1000000)"),
        [MATCH_TAG] = CLI_FLAG("--addmatchtag", 0, &opt.add_match_tag),
        [MARK_MATCHES] = CLI_STRING("--markmatches", 0, &opt.mark_matches),
        CLI_COUNT("--jobs", 'j', &opt.threads, 1, INPUT_THREADS_MAX, "bad -j '%s' (a number of threads, 1 to 256)"),
        CLI_FLAG("--reached", 0, &opt.reached),
        {.name = "--white", .kind = CLI_OPTION_STRING, .to.string = &white, .once = 1},
        {.name = "--black", .kind = CLI_OPTION_STRING, .to.string = &black, .once = 1},
        CLI_FLAG("--count", 0, &opt.count_only),
        CLI_FLAG("--either-colour", 0, &opt.either_colour),
        CLI_FLAG("--lines", 0, &opt.lines),
        CLI_RECURSIVE_OPTION(&recursive),
        CLI_CALL("--queries", 0, parse_queries_version, &current_queries,
                 "unknown --queries '%s' (1.1 or 1.2, which read alike; 1.0's reading of "
                 "'*' is not available: spec/query.md 4.1)"),
    };
    static const cli_help usage = {{help, help_options}, 1};
    cli_args args;
    int parsed = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (parsed >= 0) { /* --help (0), or a usage error */
        selection_free(&opt);
        return parsed;
    }
    if (!opt.reached && (rows[PLIES].given || rows[MATCH_TAG].given || rows[MARK_MATCHES].given))
        status = cli_usage_error(&args, "%s needs --reached",
                                 rows[PLIES].given ? "--plies" : rows[MATCH_TAG].given ? "--addmatchtag" : "--markmatches");
    else if (opt.reached && opt.lines)
        status = cli_usage_error(&args, "--reached reads PGN games, not --lines");
    else if (opt.mark_matches && strpbrk(opt.mark_matches, "}\r\n"))
        status = cli_usage_error(&args, "--markmatches text cannot hold '}' or a line end (it is a {comment})");
    /* Queries given by options: then no argument is read as one. */
    int explicit_queries = white || black || rows[EXPRESSION].given || rows[Y_FILE].given || rows[Z_FILE].given;
    if (status == UTIL_EXIT_OK && (white || black))
        status = added(&args, selection_add_counts(&opt, white, black));
    int first_file = args.next;
    if (status == UTIL_EXIT_OK && !explicit_queries) {
        /* Leading arguments that read as queries are queries. */
        for (; first_file < argc; first_file++) {
            const char *arg = argv[first_file];
            if (strcmp(arg, "--") == 0) {
                first_file++;
                break;
            }
            gbr_query q;
            const char *message = NULL;
            gbr_result r = gbr_query_parse(&q, arg, strlen(arg), &message);
            if (r.error && gbr_query_reading_changed(arg, strlen(arg))) {
                /* A 1.0 query that is none now (K*vK): not a file name. */
                selection_query_error("arg", (unsigned long)(first_file - args.next + 1), r, message);
                status = cli_usage_error(&args, "%s was a query in GBR queries 1.0 (spec/query.md 4.1)", arg);
                break;
            }
            if (r.error)
                break;
            if ((status = added(&args, selection_add(&opt, &q, arg, strlen(arg)))) != UTIL_EXIT_OK)
                break;
            note_if_changed(&changed, "arg", (unsigned long)(first_file - args.next + 1), arg);
        }
    }
    if (status == UTIL_EXIT_OK && opt.n == 0) {
        if (first_file < argc) { /* say why the first argument is not a query */
            const char *message = NULL;
            gbr_result r = gbr_query_parse(&(gbr_query){0}, argv[first_file], strlen(argv[first_file]), &message);
            selection_query_error("arg", (unsigned long)(first_file - args.next + 1), r, message);
        }
        status = cli_usage_error(&args, "no query given");
    }
    if (status == UTIL_EXIT_OK && !current_queries)
        say_changed(&changed);
    opt.codec = args.codec;
    selection run;
    if (status == UTIL_EXIT_OK && selection_begin(&run, &opt) != 0)
        status = cli_usage_error(&args, UTIL_OUT_OF_MEMORY);
    if (status != UTIL_EXIT_OK) {
        selection_free(&opt);
        return status;
    }
    /* Folders are read for their PGN files; --lines reads the files named. */
    int read_failed = (opt.lines ? cli_for_each_file(argc, argv, first_file, selection_file, &run)
                                 : cli_for_each_pgn_file(argc, argv, first_file, recursive, selection_file, &run)) != 0;
    status = selection_end(&run, read_failed);
    selection_free(&opt);
    return status;
}
