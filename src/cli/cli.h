/*
 * cli.h - helpers every gbr subcommand shares: option parsing (--help,
 * --impl), the input loop (arguments, or one input per stdin line), error
 * reports, buffered output and exit codes.
 *
 * A subcommand lives in src/cli/cmd_<name>.c and defines
 *     int cmd_<name>(int argc, char **argv);   argv[0] is "<name>"
 *     const char cmd_<name>_summary[];         one line for `gbr --help`
 * The command table is generated from the files present (src/cli/CMakeLists.txt).
 */
#ifndef GBR_CLI_H
#define GBR_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "composer_names.h"
#include "game_tags.h"
#include "exit_status.h"
#include "gbr.h"
#include "grow.h"
#include "line_limit.h"
#include "output.h"
#include "text.h"
#include "text_encoding.h"

/* ---- Options ------------------------------------------------------------
 * Options come before the inputs; the first argument that is not an option,
 * or everything after "--", is input. Typical use:
 *
 *     cli_args args;
 *     cli_args_init(&args, argc, argv, help_text);
 *     while (cli_next_option(&args)) {
 *         if (cli_option_is(&args, "--json")) json = 1;
 *         else if (cli_option_is(&args, "--result")) { ... cli_option_value(&args) ... }
 *         else return cli_unknown_option(&args);
 *     }
 *     if (args.exit_status >= 0) return args.exit_status;   // --help, or a usage error
 *
 * cli_next_option itself handles --help / -h (prints help_text to stdout, exit 0)
 * and --impl ref|fast (sets args.codec). */
typedef struct cli_args {
    int argc;
    char **argv;
    int next;             /* index of the next argument not yet consumed */
    const char *help;     /* printed by --help, after "usage: gbr " */
    const char *help_more; /* printed after it, NULL for nothing: a help text
                            * longer than the 4095 bytes a C string literal may
                            * portably hold comes in two (or three) */
    const char *help_last; /* printed after help_more, NULL for nothing */
    const char *option;   /* the current option's name, e.g. "--result" */
    const char *inline_value; /* "x" of "--result=x", else NULL */
    const gbr_codec *codec; /* chosen by --impl; gbr_codec_default() otherwise */
    int exit_status;      /* -1 while parsing; 0 or 2 once parsing ended the command */
    int line_inputs;      /* 1 (the default): --help describes cli_for_each_input's
                           * inputs, output lines and exit status; a command with
                           * its own (scan, sort, ...) sets 0 and says them in help */
} cli_args;

void cli_args_init(cli_args *args, int argc, char **argv, const char *help);
/* 1 when args->option holds an option for the subcommand to handle; 0 when the
 * options are over (args->next is the first input) or parsing ended the command
 * (args->exit_status >= 0). */
int cli_next_option(cli_args *args);
/* Whether the current option is `name`. */
int cli_option_is(const cli_args *args, const char *name);
/* The current option's value ("--opt=value" or "--opt value"); NULL after
 * reporting a usage error when there is none or it is empty. */
const char *cli_option_value(cli_args *args);
/* Reports a usage error about the current option; returns UTIL_EXIT_USAGE. */
int cli_unknown_option(cli_args *args);
/* Reports `gbr <command>: <message>` and a hint to stderr, sets exit_status to
 * UTIL_EXIT_USAGE and returns it. */
int cli_usage_error(cli_args *args, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* The options of the commands that list a collection's games with their
 * composer, source, year and reference (directory, duplicates, lookup):
 * --composer-tag, --source-tag, --year-tag and --reference-tag (a
 * comma-separated list of tag names, in order), --encoding
 * auto|utf-8|latin-1|cp1252 and --names FILE. Returns 1 when the current
 * option was one of them (and is now in *tags, *encoding or *names), 0 when
 * it is none of them, -1 after a usage error. */
int cli_collection_text_option(cli_args *args, game_tag_choice *tags, text_encoding *encoding,
                               const char **names);
/* The names file of --names: the names, or NULL after reporting each error
 * as "gbr: FILE:LINE:COLUMN: MESSAGE" (or that it could not be read). */
composer_names *cli_names_load(const char *path);
/* The help text of those options, for the commands' --help. */
#define CLI_COLLECTION_TEXT_HELP                                                                                     \
    "  --composer-tag LIST  the tags the composer is read from, in order, e.g.\n"                                     \
    "              Composer,White (default Composer,Author,White)\n"                                                   \
    "              A joint study's co-authors are read from the tags named as\n"                                    \
    "              its composer's with a digit 2-9 after it (Composer2, ...).\n"                                     \
    "  --source-tag LIST    the same for the source, the publication (default\n"                                     \
    "              Event; Source,Event takes [Source] first, as gbr once did)\n"                                              \
    "  --year-tag LIST      the same for the year (default Date,EventDate,Year)\n"                                   \
    "  --reference-tag LIST the same for the reference, a note beside the source\n"                                  \
    "              such as an EG number (default Source)\n"                                                          \
    "              The first tag of the list that the game has with a known\n"                                       \
    "              value is taken: a value made only of '?' (and spaces), as\n"                                      \
    "              PGN writes an unknown name, gives way to a later tag, and\n"                                      \
    "              a year is a value's first four characters when they are\n"                                        \
    "              digits. When no tag has a known value, the first one that\n"                                     \
    "              is not empty (\"?\") is taken.\n"                                                                   \
    "  --encoding E  how tag values are read: auto (the default: a value that is\n"                                  \
    "              valid UTF-8 is kept, any other is read as Windows-1252),\n"                                      \
    "              utf-8 (each ill-formed part becomes U+FFFD), latin-1 or\n"                                       \
    "              cp1252 (every value read as that). The five bytes\n"                                             \
    "              Windows-1252 leaves undefined (0x81 0x8D 0x8F 0x90 0x9D)\n"                                       \
    "              become the control characters U+0081 ... as browsers read\n"                                      \
    "              them. Every output is UTF-8; the number of values\n"                                              \
    "              converted is said on standard error.\n"                                                        \
    "  --names FILE  one composer, several spellings: FILE (UTF-8) has a line\n"                                     \
    "              per person, the spellings that mean them joined by '|', the\n"                                     \
    "              first the name shown (e.g. \"Afek, Yochanan | Afek=Y\");\n"                                         \
    "              empty lines and lines starting with '#' are skipped.\n"

/* ---- Inputs ------------------------------------------------------------- */
typedef struct cli_input {
    const char *text;   /* the input's bytes; may contain NUL; not terminated */
    size_t len;
    const char *source; /* "arg", "-" for stdin, or a file name */
    unsigned long line; /* 1-based line, or the argument's position */
} cli_input;

/* Handles one input: returns 0 when it was good, 1 when it was bad (and reported). */
typedef int (*cli_input_fn)(void *context, const cli_input *input);

/* The whole of a command whose only option is --impl: runs fn over the
 * inputs (as cli_for_each_input) with the parsed cli_args as its context. */
int cli_plain_command(int argc, char **argv, const char *help, cli_input_fn fn);

/* The whole of a command that converts each input with one library call and
 * writes the result as cli_emit does: FEN to material code, position form to
 * FEN, and (with the option --result win|draw) FEN to study code or position
 * form. The conversions are the library's own functions, e.g.
 *     return cli_conversion_command(argc, argv, help, gbr_position_to_fen); */
typedef gbr_result (*cli_conversion)(const gbr_codec *codec, char *out, size_t cap, const char *text, size_t len);
typedef gbr_result (*cli_result_conversion)(const gbr_codec *codec, char *out, size_t cap, const char *text,
                                            size_t len, gbr_result_option result);
int cli_conversion_command(int argc, char **argv, const char *help, cli_conversion convert);
int cli_result_conversion_command(int argc, char **argv, const char *help, cli_result_conversion convert);

/* Runs fn over the arguments from args->next on, or, when there are none, over
 * stdin one line at a time. Returns UTIL_EXIT_OK, or UTIL_EXIT_INPUT when any
 * input was bad or stdin could not be read. Flushes the output. */
int cli_for_each_input(const cli_args *args, cli_input_fn fn, void *context);
/* Runs fn over each line of an open file descriptor (source names it in
 * reports): the trailing "\n" and one "\r" removed, a last line without "\n"
 * included, NUL bytes kept. A line of up to UTIL_LINE_MAX bytes (its "\n" or
 * "\r\n" not counted) is held whole; a longer one is reported and judged on
 * its first UTIL_LINE_MAX bytes, the rest skipped. Returns like the above. */
int cli_for_each_line(int fd, const char *source, cli_input_fn fn, void *context);

/* The input files named after the options (args->next on), or standard
 * input ("-") alone when none is named; *n is their number, and a NULL
 * follows the last. */
const char *const *cli_input_files(const cli_args *args, int *n);

/* The PGN files a command reads, named by argv[first] to argv[argc - 1]:
 * standard input ("-") alone when none is named; a folder is replaced by its
 * files whose names end in ".pgn" (any case), in byte order of their names,
 * and, with recursive (-r), by those of its subfolders too, each where its
 * name falls in that order. A folder without any is said on standard error
 * (a warning). Returns 0, or -1 after reporting a folder that could not be
 * read (or no memory); the names found are in *files either way, NULL after
 * the last. */
typedef struct cli_pgn_files {
    const char **names;
    int n;
    size_t cap;
    char **owned; /* the paths made here */
    size_t owned_n, owned_cap;
} cli_pgn_files;
int cli_pgn_files_of(int argc, char **argv, int first, int recursive, cli_pgn_files *files);
void cli_pgn_files_free(cli_pgn_files *files);
/* The help line of -r, for the commands that read PGN files. */
#define CLI_RECURSIVE_HELP                                                                                           \
    "  -r, --recursive  a folder named as input is read for its *.pgn files (any\n"                                 \
    "              case, in name order) and its subfolders' too (without -r,\n"                                    \
    "              its own only); an empty file or folder is said (a warning)\n"

/* Large enough for the canonical text of every form (the position form and
 * FEN are the longest). */
#define CLI_CANONICAL_MAX (GBR_POSITION_MAX > GBR_FEN_MAX ? GBR_POSITION_MAX : GBR_FEN_MAX)

/* ---- Input files (the commands that read whole files: scan, sort, audit) -- */
/* Opens an input file for reading ("-" is standard input); -1 after
 * reporting "gbr: NAME: cannot open: REASON" on stderr. */
int cli_open_input(const char *name);
/* Reads one open input file, named source in reports: returns 0, or
 * non-zero when it could not be read whole (after reporting). */
typedef int (*cli_file_fn)(void *context, int fd, const char *source);
/* Runs fn over each file named by argv[first] to argv[argc - 1], in order,
 * or over standard input (named "-") when there are none. A file that cannot
 * be opened is reported and skipped; each file opened is closed after fn.
 * Returns 0 when every file was opened and read, else -1. */
int cli_for_each_file(int argc, char **argv, int first, cli_file_fn fn, void *context);
/* The same over the PGN files cli_pgn_files_of() finds (folders read, with
 * their subfolders when recursive); -1 also when a folder could not be read. */
int cli_for_each_pgn_file(int argc, char **argv, int first, int recursive, cli_file_fn fn, void *context);

/* ---- Reports and output ------------------------------------------------- */
/* `gbr: <source>:<line>:<column>: <message>` on stderr. */
void cli_report(const cli_input *input, uint32_t column, const char *message);
/* The report for a failed library result (its column and message). */
void cli_report_result(const cli_input *input, gbr_result result);

/* The usual ending of a conversion: for success writes the len bytes of
 * text and a newline and returns 0; for an error reports it, writes the
 * stdout line "error CLASS COLUMN" and returns 1. */
int cli_emit(const cli_input *input, gbr_result result, const char *text);
/* Writes "error CLASS COLUMN" (no newline) for a failed result. */
void cli_put_error(gbr_result result);

/* ---- The subcommands ----------------------------------------------------
 * Declared from the generated table, so each cmd_<name>.c is compiled against
 * the signature main.c calls. */
#define GBR_COMMAND(name)                   \
    int cmd_##name(int argc, char **argv); \
    extern const char cmd_##name##_summary[];
#include "commands.inc"
#undef GBR_COMMAND

#endif /* GBR_CLI_H */
