/* gbr audit, the command line: options, help and the inputs. The audit
 * itself is src/collection/audit.c's. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h, which audit.h includes */

#include "audit.h"
#include "cli.h"

const char cmd_audit_summary[] = "check PGN games' GBR codes against their FEN tags";

static const char help[] =
    "audit [--fix [--add-codes auto|gbr|black] -o OUT] [-r] [PGN...]\n"
    "\n"
    "Reads PGN databases as a stream and checks each game's GBR code against its\n"
    "[FEN] tag (a game without one starts from the initial position). The code is\n"
    "taken from a [GBR \"...\"] tag, whose whole value (spaces around it aside) must\n"
    "be one material code, study code or position form, short forms too (an empty\n"
    "value, and PGN's \"?\" and \"-\", say nothing), and from a [Black] tag that\n"
    "starts with a code, in the style of van der Heijden's database:\n"
    "[Black \"(+0016.32d4g7) 1st Prize\"]. Material and king squares are checked\n"
    "(for a position form, the whole placement); a stipulation or indicator cannot\n"
    "be checked and is kept. Each mismatch is printed as\n"
    "  FILE:LINE:COLUMN: game N (White \"...\", Event \"...\"): TAG tag says CODE, FEN gives CODE\n"
    "and the run ends with \"N games, N checked, N mismatches\": the games read,\n"
    "those with a code and a readable FEN, and the mismatch lines printed (a game\n"
    "whose [Black] and [GBR] codes are both wrong counts two). A [FEN] or [GBR]\n"
    "tag that cannot be read is reported on standard error, in every game, and is\n"
    "no mismatch; --fix leaves it as it is. Byte-order marks, CRLF and 8-bit names\n"
    "are passed through untouched.\n"
    "\n"
    "PGN is read as its standard says: tags only in a game's tag section (its\n"
    "start), never inside {...} comments (of any number of lines), after ';', on\n"
    "a line starting with '%', or inside a (...) variation; \\\" and \\\\ in values; a\n"
    "game ends at the next game's first tag (or with the input). An empty line\n"
    "followed by '[' in a tag section starts a new game. A malformed tag section\n"
    "(a value without its closing quote or ']' on its line, a missing ']', a bad\n"
    "tag name) or [SetUp \"1\"] without [FEN] is reported as \"gbr: FILE:LINE:\n"
    "COLUMN: game N: MESSAGE\" on standard error; the game is not checked and\n"
    "--fix copies it unchanged. A tag section over 16 MiB or 131072 tags is\n"
    "reported and its game passed through unread. Also reported (the game is\n"
    "still checked): a '\"' inside a value or a '-' in a tag name (read as\n"
    "pgn-extract reads them), a tag repeated (its last value is read), a game\n"
    "without a result, a comment or variation left open where its game or the\n"
    "input ends, a ')' without '(', and a line longer than 16 MiB (the\n"
    "limit of every command; the reader holds no line, so it reads it whole).\n"
    "Memory stays bounded by one tag section, whatever the input.\n"
    "\n"
    "Options:\n"
    "  --fix      write a copy of the input with the codes corrected; everything\n"
    "             else is copied byte for byte\n"
    "  --add-codes STYLE  with --fix, also add the study code (its stipulation\n"
    "             from [Result]: 1-0 +, 1/2-1/2 =) to each game that has a\n"
    "             readable [FEN] and no code, in the collection's convention:\n"
    "             gbr, a [GBR \"...\"] tag (an empty, \"?\" or \"-\" one is filled);\n"
    "             black, the code at the start of [Black] as van der Heijden's\n"
    "             database writes it, [Black \"(+0103.00c1c3) 1st Prize\"] (a\n"
    "             value \"?\" is replaced); auto, the one more of the file's\n"
    "             games use (gbr when none; an input that cannot be read twice,\n"
    "             such as a pipe: its codes so far). A tag that is missing goes\n"
    "             on a line of its own after the last tag. The summary adds\n"
    "             \"N codes added\"; adding alone leaves the exit status 0\n"
    "  -o OUT     where --fix writes (atomically: a temporary file, then renamed;\n"
    "             OUT keeps its mode, owner and group, a target with more than one\n"
    "             hard link is refused, and every signal that ends the command\n"
    "             and can be caught, or a write past `ulimit -f`, removes the\n"
    "             temporary file, as with gbr sort -o);\n"
    "             with -o - the copy goes to standard output, and the mismatch\n"
    "             lines and the summary to standard error\n"
    CLI_RECURSIVE_HELP
    "Exit status: 0 no mismatch, 1 some mismatch or unreadable input, 2 usage error.\n";

static int parse_add_style(cli_args *args, const char *value, void *style)
{
    (void)args;
    return audit_add_style_parse(value, style) != 0 ? -1 : 0;
}

int cmd_audit(int argc, char **argv)
{
    audit_options opt = {NULL, NULL, AUDIT_ADD_NONE};
    int fix = 0, recursive = 0;
    cli_option rows[] = {
        CLI_FLAG("--fix", 0, &fix),
        CLI_CALL("--add-codes", 0, parse_add_style, &opt.add, "bad --add-codes '%s' (auto, gbr or black)"),
        CLI_RECURSIVE_OPTION(&recursive),
        CLI_OUTPUT_OPTION(&opt.fix_output),
    };
    static const cli_help usage = {{help}, 1};
    cli_args args;
    int status = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (status >= 0)
        return status;
    if (fix != (opt.fix_output != NULL))
        return cli_usage_error(&args, "--fix and -o OUT go together");
    if (opt.add != AUDIT_ADD_NONE && !fix)
        return cli_usage_error(&args, "--add-codes writes the codes into a copy: give --fix -o OUT");
    opt.codec = args.codec;

    auditor run;
    if (audit_begin(&run, &opt) != 0)
        return UTIL_EXIT_INPUT;
    int read_failed = cli_for_each_pgn_file(argc, argv, args.next, recursive, audit_file, &run) != 0;
    return audit_end(&run, read_failed);
}
