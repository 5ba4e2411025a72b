/* gbr duplicates, the command line: options, help and the inputs. The
 * grouping and the output are src/collection/duplicates.c's. */
#include <string.h>

#include "cli.h"
#include "duplicates.h"

const char cmd_duplicates_summary[] = "groups PGN studies with the same start position or study code, oldest first";

static const char help[] =
    "duplicates [--symmetry none|mirror|all] [--format text|tsv|json] [--reached]\n"
    "           [--composer-tag LIST] [--source-tag LIST] [--year-tag LIST]\n"
    "           [--reference-tag LIST] [--encoding auto|utf-8|latin-1|cp1252]\n"
    "           [--names FILE] [-r] [PGN...]\n"
    "\n"
    "Reads PGN databases (standard input when no PGN is given; PGN is read as\n"
    "`gbr audit` reads it) and takes each game's start position: its [FEN], or\n"
    "the standard start position when it has none. It lists\n"
    "  - position groups: games whose positions are identical (the same\n"
    "    placement and side to move, as the position form says them), and\n"
    "  - study groups: games whose positions share a study code (material and\n"
    "    both kings' squares), listed only when they hold two or more different\n"
    "    positions: candidates a reader should compare.\n"
    "Each group lists its games oldest first, by their date (YYYY.MM.DD, from\n"
    "the year's tags: by default [Date], [EventDate] or [Year]; an unknown\n"
    "month or day counts after the known ones of its year, an unknown year\n"
    "last; equal dates in input order), so the first game is the anticipation.\n"
    "Groups come in the order of their first game's position in the input.\n"
    "\n"
    "--symmetry (default none) also identifies transformed positions:\n"
    "  none    identical positions only\n"
    "  mirror  also the left-right mirror image (files a-h reversed): the same\n"
    "          study for any men, pawns included\n"
    "  all     also, for positions without pawns, the vertical flip, the half\n"
    "          turn, both quarter turns and both diagonal reflections, each also\n"
    "          with the colours (and the side to move) exchanged: every man but\n"
    "          the pawn moves alike in every direction. With pawns only the\n"
    "          mirror applies.\n"
    "A position whose FEN gives castling rights (the start position too) is\n"
    "never identified with a transformed one. Each game of a position group\n"
    "says how its position relates to the group's first: identical, mirror,\n"
    "flip, half-turn, diagonal, anti-diagonal, quarter-turn,\n"
    "three-quarter-turn, or one of these +colours.\n"
    "\n"
    "--reached also replays every game's moves (main line and variations) and\n"
    "lists the games whose start position another game's solution reaches, a\n"
    "group a game: the game starting there (\"start\"), then the games reaching\n"
    "it, oldest first, each at its first place (the main line before the\n"
    "variations, then the fewest moves): \"after 5...Kg7\" (\"(in a variation)\")\n"
    "and the relation. Positions reached are compared as gbr lookup compares\n"
    "them; a game of the start's position group is not listed again. A move\n"
    "that cannot be played is reported, the positions before it kept.\n";

static const char help_more[] =
    "\n"
    "Formats:\n"
    "  text  (the default) a heading per group (its first game's position form\n"
    "        or study code, and its size), then a line a game:\n"
    "        DATE  COMPOSER | SOURCE [| REFERENCE] -- FILE:LINE (game N) [relation]\n"
    "        (--reached: a section \"Start positions reached in another game's\n"
    "        solution\", its relation \"start\" or \"after 5...Kg7 identical\")\n"
    "  tsv   a header row, then one game a line: kind (position, study,\n"
    "        reached or unclassified), group (from 1 per kind), relation, position,\n"
    "        study, composer, source, date, file, game, line, problem, reference\n"
    "        (tabs and line ends inside a value become spaces)\n"
    "  json  {\"games\", \"symmetry\", \"positions\": [{\"position\", \"study\",\n"
    "        \"games\": [...]}], \"studies\": [...], \"unclassified\": [...]}; each\n"
    "        (--reached: \"reached\": [...] after \"studies\", its games reaching\n"
    "        the start with \"move\", \"ply\" and \"main_line\"); each\n"
    "        game says which tag its composer, source, date and reference came\n"
    "        from (\"composer_tag\", \"source_tag\", \"date_tag\",\n"
    "        \"reference_tag\": null when none)\n"
    "Composer, source, date and reference are read, and written in UTF-8, as `gbr directory`\n"
    "reads them:\n"
    CLI_COLLECTION_TEXT_HELP
    CLI_RECURSIVE_HELP
    "\n"
    "A game whose [FEN] cannot be read, or whose tag section is malformed, is\n"
    "reported as \"gbr: FILE:LINE:COLUMN: game N: MESSAGE\" on standard error,\n"
    "listed at the end as unclassified with where it is, and the exit status is\n"
    "then 1.\n"
    "\n"
    "Memory: a fixed record of at most 144 bytes a game (its keys and where it\n"
    "is), plus the tags of the games listed, read again from the inputs in a\n"
    "second pass; standard input that is not a file is first copied to an\n"
    "unnamed temporary file in $TMPDIR (or /tmp).\n"
    "Exit status: 0 every game classified, 1 some game could not be classified\n"
    "or an input could not be read, 2 usage error.\n";

int cmd_duplicates(int argc, char **argv)
{
    duplicates_options opt;
    memset(&opt, 0, sizeof opt);
    opt.symmetry = DUP_SYMMETRY_NONE;
    opt.encoding = TEXT_ENCODING_AUTO;
    game_tag_choice_default(&opt.tags);
    const char *names_path = NULL;
    int recursive = 0, format = DUP_FORMAT_TEXT;
    static const cli_word formats[] = {
        {"text", DUP_FORMAT_TEXT}, {"tsv", DUP_FORMAT_TSV}, {"json", DUP_FORMAT_JSON}, {NULL, 0}};
    cli_option rows[] = {
        CLI_SYMMETRY_OPTION(&opt.symmetry),
        CLI_CHOICE("--format", 0, &format, formats, "bad --format '%s' (text, tsv or json)"),
        CLI_COLLECTION_TEXT_OPTIONS(&opt.tags, &opt.encoding, &names_path),
        CLI_RECURSIVE_OPTION(&recursive),
        CLI_FLAG("--reached", 0, &opt.reached),
    };
    static const cli_help usage = {{help, help_more}, 1};
    cli_args args;
    int parsed = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (parsed >= 0)
        return parsed;
    opt.format = (duplicates_format)format;
    opt.codec = args.codec;
    composer_names *names = NULL;
    if (names_path && !(names = cli_names_load(names_path)))
        return UTIL_EXIT_INPUT; /* reported */
    opt.names = names;

    cli_pgn_files found;
    if (cli_pgn_files_of(argc, argv, args.next, recursive, &found) != 0) {
        cli_pgn_files_free(&found);
        composer_names_free(names);
        return UTIL_EXIT_INPUT;
    }
    int files_n = found.n;
    const char *const *files = found.names;
    duplicates *run = duplicates_new(&opt, files, files_n);
    if (!run) {
        composer_names_free(names);
        cli_pgn_files_free(&found);
        return UTIL_EXIT_INPUT;
    }
    /* Opened one at a time, each read before the next is opened, so that the
     * reports keep the order of the inputs. */
    for (int i = 0; i < files_n; i++)
        duplicates_read(run, i, strcmp(files[i], "-") == 0 ? duplicates_stdin() : cli_open_input(files[i]));
    int status = duplicates_finish(run);
    composer_names_free(names);
    cli_pgn_files_free(&found);
    return status;
}
