/* gbr directory, the command line: options, help and the inputs. Reading
 * the games and writing the directory are src/collection/directory.c's. */
#define _POSIX_C_SOURCE 200809L /* isatty */

#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "directory.h"
#include "input_progress.h"
#include "sort_runs.h"

const char cmd_directory_summary[] = "look-up directory of PGN studies by material class (text, tsv, json, html)";

static const char help[] =
    "directory [--format text|tsv|json|html] [-o FILE] [--memory SIZE]\n"
    "          [--split-by class|letter] [--pgn-paths relative|name|absolute]\n"
    "          [--composer-tag LIST] [--source-tag LIST]\n"
    "          [--year-tag LIST] [--reference-tag LIST]\n"
    "          [--encoding auto|utf-8|latin-1|cp1252] [--names FILE] [-r] [PGN...]\n"
    "\n"
    "Reads PGN databases (standard input when no PGN is given; PGN is read as\n"
    "`gbr audit` reads it) and writes one entry per game, in directory order\n"
    "(spec/gbr.md §8: by material code, then kings, then the rest of the\n"
    "position), grouped by material class. Each class's heading gives its\n"
    "material code, the material in words (as `gbr decode` says it), its name\n"
    "(KRvKN; none when a digit is 9) and its number of entries. Each entry gives\n"
    "the study code, the position form, the composer (by default from\n"
    "[Composer], [Author] or [White], with a joint study's co-authors from\n"
    "[Composer2] ... joined by \"; \"), the source (the publication, [Event]),\n"
    "the year (the first four digits of [Date], [EventDate] or [Year]), the\n"
    "reference ([Source]: an EG number, a remark), all in UTF-8, and where the\n"
    "game is: FILE, game number (from 1 in each file) and\n"
    "line. The position is the game's [FEN], or the standard start position when\n"
    "it has none. Games that are equal in that order keep their input order.\n"
    "\n"
    "Code tags ([GBR \"...\"], and [Black] when it starts with a code) are read\n"
    "as `gbr audit` reads them. The stipulation and the position form's\n"
    "indicator come from the first code tag that says one (a study code's + or\n"
    "=, a position form's indicator), else from [Result]: 1-0 a win, 1/2-1/2 a\n"
    "draw, anything else none. An entry whose code tag disagrees with its FEN\n"
    "is flagged with what audit says, \"TAG tag says CODE, FEN gives CODE\"\n"
    "(several joined by \"; \"): in text on a third line marked '!', in the\n"
    "tsv mismatch column, the json \"mismatch\" member (null when none) and as\n"
    "a red marked line in html. That alone leaves the exit status 0.\n"
    "\n"
    "A game whose [FEN] cannot be read, or whose tag section is malformed, is\n"
    "reported as \"gbr: FILE:LINE:COLUMN: game N: MESSAGE\" on standard error and\n"
    "listed at the end under \"could not classify\" with where it is; the exit\n"
    "status is then 1. The directory is still written. A code tag that cannot\n"
    "be read is reported the same way (exit status 1) and its entry kept.\n"
    "\n"
    "Formats:\n"
    "  text  (the default) a book-style index for print: a heading per class,\n"
    "        then its entries, two lines each (a third when flagged); the\n"
    "        second COMPOSER | SOURCE | YEAR (? when unknown) [| REFERENCE]\n"
    "  tsv   a header row, then one entry a line: material, name, study,\n"
    "        position, composer, source, year, file, game, line, problem,\n"
    "        mismatch, reference\n"
    "        (tabs and line ends inside a value become spaces)\n"
    "  json  {\"games\", \"classes\": [{\"material\", \"words\", \"name\", \"count\",\n"
    "        \"entries\": [...]}], \"unclassified\": [...]}; each entry says which\n"
    "        tag its composer, source, year and reference came from\n"
    "        (\"composer_tag\", \"source_tag\", \"year_tag\", \"reference_tag\":\n"
    "        null when none); values are UTF-8 text,\n"
    "        file names give their bytes back (bytes that are not UTF-8 as\n"
    "        \\udcXX, as Python's os.fsdecode reads them)\n"
    "  html  one self-contained page (no network: its style and script are\n"
    "        inline) that carries the entries as data (about 160 bytes an\n"
    "        entry) and draws them, board diagrams included, as they come into\n"
    "        view: a table of contents by class with counts, a legend of the\n"
    "        indicators, each entry with a diagram and a side-to-move mark (at\n"
    "        the foot for White, the head for Black), and a filter box that\n"
    "        narrows the entries by code, name, composer, source, reference or\n"
    "        year (every\n"
    "        word typed must occur; case and accents do not matter: a word\n"
    "        typed without its accents finds it). The address's fragment\n"
    "        opens it filtered (page.html#filter=1925), at a class\n"
    "        (page.html#c0103.00), or timing its own work\n"
    "        (page.html#bench=WORDS: the figures in its title)\n";

/* The help's second part: the first would be longer than the 4095 bytes a
 * C string literal may portably hold. */
static const char help_more[] =
    "\n"
    "Options:\n"
    "  --format F  text, tsv, json or html\n"
    CLI_COLLECTION_TEXT_HELP
    CLI_RECURSIVE_HELP
    "  -o FILE     write to FILE atomically (a temporary file beside it, synced,\n"
    "              then renamed over it), as `gbr sort -o` does\n"
    "  --split-by class|letter  (html, with -o FILE) one page per class, or\n"
    "              per strongest man on the board (Q, R, B, N, P, K for bare\n"
    "              kings), for collections too large for one page: the parts\n"
    "              go beside FILE, named FILE with -KEY before its .html\n"
    "              (studies-0103.00.html, studies-Q.html), and FILE is an\n"
    "              index page listing the parts and their classes with links,\n"
    "              and the games that could not be classified, with a filter.\n"
    "              The pages load one style and script, FILE's stem with .css\n"
    "              and .js (studies.css, studies.js). Each file is replaced\n"
    "              whole; one sync for them all, then the index\n"
    "  --pgn-paths relative|name|absolute  (html) how the page names each\n"
    "              PGN file: relative (the default) to the working directory\n"
    "              (a relative path as given, an absolute one rewritten, with\n"
    "              ../ where it lies outside), the file name alone, or the\n"
    "              absolute path; a page is for publishing, and names no\n"
    "              absolute path unless asked\n";

/* The help's third part. */
static const char help_last[] =
    "  --memory SIZE  memory for the entries held at once (140 bytes a\n"
    "              game and its texts: codes, composer, source, year; about\n"
    "              240 bytes a game of generated studies), e.g. 64K, 256M,\n"
    "              1G (the default, some 4 million games). A larger input is\n"
    "              sorted in runs spilled to temporary files in $TMPDIR\n"
    "              (default /tmp; made without a name, so none is left\n"
    "              behind, even by SIGKILL) and merged while the directory\n"
    "              is written, as `gbr sort` does: 64 runs at a time, at\n"
    "              most 191 open whatever the input size. Memory beyond\n"
    "              SIZE: 1 MiB to write a run, 256 KiB per run being merged,\n"
    "              and the count of each material class (counted while\n"
    "              reading, for the headings): a few KB for a real\n"
    "              collection, 16 MiB at most\n"
    "File names are written as given (text, tsv, json), or in UTF-8 as\n"
    "--pgn-paths says in html.\n"
    "Progress (games, MB read, MB/s) is shown on standard error when it is a\n"
    "terminal.\n"
    "Exit status: 0 every game classified, 1 some game could not be classified,\n"
    "a code tag could not be read, an input could not be read or the output\n"
    "written, 2 usage error.\n";

int cmd_directory(int argc, char **argv)
{
    directory_options opt;
    memset(&opt, 0, sizeof opt);
    opt.encoding = TEXT_ENCODING_AUTO;
    game_tag_choice_default(&opt.tags);
    unsigned long long memory = SORT_RUNS_MEMORY_DEFAULT;
    opt.split = DIRECTORY_SPLIT_NONE;
    int recursive = 0, format = 0;
    const char *names_path = NULL;
    static const directory_format *const format_of[] = {&directory_format_text, &directory_format_tsv,
                                                        &directory_format_json, &directory_format_html};
    static const cli_word formats[] = {{"text", 0}, {"tsv", 1}, {"json", 2}, {"html", 3}, {NULL, 0}};
    static const cli_word splits[] = {
        {"class", DIRECTORY_SPLIT_CLASS}, {"letter", DIRECTORY_SPLIT_LETTER}, {NULL, 0}};
    static const cli_word pgn_paths[] = {{"relative", DIRECTORY_PATHS_RELATIVE},
                                         {"name", DIRECTORY_PATHS_NAME},
                                         {"absolute", DIRECTORY_PATHS_ABSOLUTE},
                                         {NULL, 0}};
    enum { PGN_PATHS_ROW = 0 }; /* its row is read after parsing: given or not */
    cli_option rows[] = {
        CLI_CHOICE("--pgn-paths", 0, &opt.pgn_paths, pgn_paths, "bad --pgn-paths '%s' (relative, name or absolute)"),
        CLI_CHOICE("--format", 0, &format, formats, "bad --format '%s' (text, tsv, json or html)"),
        CLI_COLLECTION_TEXT_OPTIONS(&opt.tags, &opt.encoding, &names_path),
        CLI_RECURSIVE_OPTION(&recursive),
        CLI_OUTPUT_OPTION(&opt.output),
        CLI_CHOICE("--split-by", 0, &opt.split, splits, "bad --split-by '%s' (class or letter)"),
        CLI_MEMORY_OPTION(&memory),
    };
    static const cli_help usage = {{help, help_more, help_last}, 1};
    cli_args args;
    int parsed = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (parsed >= 0)
        return parsed;
    opt.format = format_of[format];
    if (rows[PGN_PATHS_ROW].given && opt.format != &directory_format_html)
        return cli_usage_error(&args, "--pgn-paths names the files in an html page: give --format html");
    if (opt.split != DIRECTORY_SPLIT_NONE && opt.format != &directory_format_html)
        return cli_usage_error(&args, "--split-by writes html pages: give --format html");
    if (opt.split != DIRECTORY_SPLIT_NONE && (!opt.output || strcmp(opt.output, "-") == 0))
        return cli_usage_error(&args, "--split-by writes several pages: give -o FILE for the index page");
    opt.codec = args.codec;
    composer_names *names = NULL;
    if (names_path && !(names = cli_names_load(names_path)))
        return UTIL_EXIT_INPUT; /* reported */
    opt.names = names;
    opt.memory = (size_t)memory;
    opt.progress = isatty(STDERR_FILENO);
    input_progress_enable(0); /* the directory's own line says more: the entries too */

    cli_pgn_files found;
    if (cli_pgn_files_of(argc, argv, args.next, recursive, &found) != 0) {
        cli_pgn_files_free(&found);
        composer_names_free(names);
        return UTIL_EXIT_INPUT;
    }
    int inputs = found.n;
    const char *const *files = found.names;
    directory_reader run;
    directory_begin(&run, &opt);
    /* Each input is read before the next is opened, so that the reports keep
     * the order of the inputs. */
    for (int i = 0; i < inputs && !run.failed; i++) {
        int fd = cli_open_input(files[i]);
        directory_read(&run, (size_t)i, files[i], fd);
        if (fd >= 0 && fd != STDIN_FILENO)
            close(fd);
    }
    int status = directory_end(&run, &opt, files);
    composer_names_free(names);
    cli_pgn_files_free(&found);
    return status;
}
