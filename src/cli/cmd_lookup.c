/* gbr lookup, the command line: options, help and the inputs. The look-up
 * itself is src/collection/lookup.c's. */
#define _POSIX_C_SOURCE 200809L /* close */

#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lookup.h"
#include "sort_runs.h"

const char cmd_lookup_summary[] = "is a position already in a study database? the games with it or its study code";

static const char help[] =
    "lookup [--symmetry none|mirror|all] [--format text|json] [--start-only]\n"
    "       [--memory SIZE] [--composer-tag LIST] [--source-tag LIST] [--year-tag LIST]\n"
    "       [--reference-tag LIST] [--encoding E] [--names FILE]\n"
    "       [-r] (-p POSITION | --new PGN)... [DB...]\n"
    "\n"
    "Answers \"is my study already known?\": for each new position, the games of\n"
    "the PGN databases DB (standard input when none is named) whose start\n"
    "position (the [FEN], or the standard start position) is the same, and\n"
    "those whose position shares its study code (material and both kings'\n"
    "squares) without being the same: possible anticipations. The positions\n"
    "and codes are compared as gbr duplicates compares them. The moves are\n"
    "replayed too (main line and variations): each game that reaches a new\n"
    "position after a move (\"after 5...Kg7\") is listed, and for each new\n"
    "game the database games holding a position of its solution, each with\n"
    "the first such position (the main line before variations, then the\n"
    "fewest moves). Positions reached are compared by placement, side to\n"
    "move, castling rights and the en-passant square when a pawn can take\n"
    "there; one with either is compared without symmetry.\n"
    "  -p, --position TEXT  a new position: a FEN or a position form\n"
    "                       (repeatable)\n"
    "  --new PGN            every game of PGN is a new position (its start\n"
    "                       position; \"-\" standard input; repeatable)\n"
    "  --symmetry S         none (the default), mirror or all, as for gbr\n"
    "                       duplicates: also the mirror image (all: also the\n"
    "                       board's turns, flips and exchanged colours, for\n"
    "                       positions without pawns)\n"
    "  --format F           text (the default) or json\n"
    "  --start-only         compare start positions only: no move is replayed\n"
    "  --memory SIZE        memory for the positions of the new games'\n"
    "                       solutions (76 bytes a position held; half of SIZE,\n"
    "                       the default 1G: some 7 million positions), e.g.\n"
    "                       64K, 256M. Beyond it they and every position of\n"
    "                       the databases are sorted in runs spilled to\n"
    "                       temporary files in $TMPDIR (default /tmp; made\n"
    "                       without a name, so none is left behind, even by\n"
    "                       SIGKILL) and joined at the end, as `gbr sort`\n"
    "                       merges: the same answer, in memory bounded by\n"
    "                       SIZE (plus 1 MiB a run written, 256 KiB a run\n"
    "                       merged, the new games' start positions and what\n"
    "                       is found)\n"
    CLI_RECURSIVE_HELP
    ;

static const char help_more[] =
    "Each game found is listed with its date, composer, source and reference,\n"
    "read and written in UTF-8 as gbr directory reads them:\n"
    CLI_COLLECTION_TEXT_HELP
    "oldest first by its date as gbr duplicates orders them, where it is, and\n"
    "how its position relates to the new one (identical, mirror, ...) or, for\n"
    "the same study code, its position form.\n"
    "Text: a line for the new positions and database games read, then per new\n"
    "position a heading WHERE: POSITION-FORM and \"same position: N games\",\n"
    "\"same study code CODE, other positions: N games\", \"start reached in the\n"
    "solution of: N games\" (each game's line then says \"after 5...Kg7\"),\n"
    "\"a position of its solution in: N games\" (\"start\" or \"after 5...Kg7\",\n"
    "then \", here after 3.Rb7\": the new game's move), or \"not found\"; a\n"
    "place in a variation says \"(in a variation)\". A database game is listed\n"
    "once a kind, and not for the solution of a new game it starts with or\n"
    "whose start it reaches.\n"
    "JSON: {\"games\", \"symmetry\", \"found\", \"positions\": [{\"where\",\n"
    "\"position\", \"study\", \"same_position\": [...], \"same_study\": [...],\n"
    "\"start_reached\": [...], \"solution_found\": [...]}]} (the last two not\n"
    "with --start-only), each game {\"composer\", \"source\", \"reference\",\n"
    "\"date\", \"year\", \"relation\", \"position\", \"file\", \"game\", \"line\"}\n"
    "(null for an absent tag), with \"move\", \"ply\" and \"main_line\" where it\n"
    "is reached, and \"new_move\", \"new_ply\", \"new_main_line\" for the new\n"
    "game's position.\n"
    "A new position or database game that cannot be read is reported as\n"
    "\"gbr: WHERE:LINE:COLUMN: MESSAGE\" on standard error and left out; a move\n"
    "that cannot be played likewise, the positions before it kept.\n"
    "Exit status: 0 some database game was found, 3 nothing was found (and\n"
    "every input was read), 1 an input was reported or could not be read (the\n"
    "answer written is then for what could be read) or a temporary file could\n"
    "not be written (no answer written), 2 usage error.\n";

/* Closes an input cli_open_input opened (standard input stays open). */
static void close_input(int fd)
{
    if (fd > STDIN_FILENO)
        close(fd);
}

int cmd_lookup(int argc, char **argv)
{
    lookup_options opt;
    memset(&opt, 0, sizeof opt);
    opt.symmetry = DUP_SYMMETRY_NONE;
    game_tag_choice_default(&opt.tags);
    int recursive = 0;
    unsigned long long memory = SORT_RUNS_MEMORY_DEFAULT;
    const char *names_path = NULL;
    cli_option_list news = {NULL, 0, 0}; /* -p and --new, in the order given */
    static const cli_word formats[] = {{"text", 0}, {"json", 1}, {NULL, 0}};
    cli_option rows[] = {
        CLI_SYMMETRY_OPTION(&opt.symmetry),
        CLI_CHOICE("--format", 0, &opt.json, formats, "bad --format '%s' (text or json)"),
        CLI_FLAG("--start-only", 0, &opt.start_only),
        CLI_MEMORY_OPTION(&memory),
        CLI_COLLECTION_TEXT_OPTIONS(&opt.tags, &opt.encoding, &names_path),
        CLI_LIST("--position", 'p', &news),
        CLI_RECURSIVE_OPTION(&recursive),
        CLI_LIST("--new", 0, &news),
    };
    static const cli_help usage = {{help, help_more}, 1};
    cli_args args;
    int status = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    int new_stdin = 0;
    for (size_t i = 0; i < news.n; i++)
        new_stdin |= strcmp(news.items[i].option, "--new") == 0 && strcmp(news.items[i].value, "-") == 0;
    if (status < 0 && news.n == 0)
        status = cli_usage_error(&args, "no new position: give -p POSITION or --new PGN");
    cli_pgn_files found = {NULL, 0, 0, NULL, 0, 0};
    if (status < 0 && cli_pgn_files_of(argc, argv, args.next, recursive, &found) != 0)
        status = UTIL_EXIT_INPUT;
    for (int i = 0; status < 0 && i < found.n; i++)
        if (new_stdin && strcmp(found.names[i], "-") == 0)
            status = cli_usage_error(&args, "standard input cannot be both --new and a database");
    opt.codec = args.codec;
    opt.memory = (size_t)memory;
    composer_names *names = NULL;
    if (status < 0 && names_path && !(names = cli_names_load(names_path)))
        status = UTIL_EXIT_INPUT; /* reported */
    opt.names = names;
    lookup *run = status < 0 ? lookup_new(&opt) : NULL;
    if (status < 0 && !run)
        status = UTIL_EXIT_INPUT;
    if (status >= 0) {
        composer_names_free(names);
        cli_pgn_files_free(&found);
        cli_option_list_free(&news);
        return status;
    }

    /* The new positions first, in the order given, so that each database is
     * read once against all. */
    int read_failed = 0;
    unsigned long position_number = 0;
    for (size_t i = 0; i < news.n; i++) {
        const char *value = news.items[i].value;
        if (strcmp(news.items[i].option, "--new") != 0) {
            lookup_add_text(run, value, strlen(value), "arg", ++position_number);
            continue;
        }
        int fd = cli_open_input(value);
        if (fd < 0 || lookup_add_games(run, fd, value) != 0)
            read_failed = 1;
        close_input(fd);
    }
    int dbs_n = found.n;
    const char *const *dbs = found.names;
    for (int i = 0; i < dbs_n; i++) {
        int fd = cli_open_input(dbs[i]);
        if (fd < 0 || lookup_read_database(run, fd, dbs[i]) != 0)
            read_failed = 1;
        close_input(fd);
    }
    status = lookup_finish(run, read_failed);
    composer_names_free(names);
    cli_pgn_files_free(&found);
    cli_option_list_free(&news);
    return status;
}
