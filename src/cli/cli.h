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
 * or everything after "--", is input. An option is "--name", "--name VALUE",
 * "--name=VALUE", "-x" or "-x VALUE" (no short options joined in one word).
 * A command lists its options as a table, rows made by the CLI_* macros
 * below, and one call walks the arguments against it:
 *
 *     static const cli_help usage = {{help_text}, 0};
 *     int json = 0;
 *     const char *output = NULL;
 *     cli_option rows[] = {CLI_FLAG("--json", 0, &json), CLI_OUTPUT_OPTION(&output)};
 *     cli_args args;
 *     int status = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
 *     if (status >= 0)
 *         return status;   // --help (0), or a usage error (reported)
 *
 * Every command also takes --help / -h (prints its help to stdout, exit 0)
 * and --impl ref|fast (sets args.codec). */

/* What `gbr COMMAND --help` prints. */
#define CLI_HELP_PARTS 3
typedef struct cli_help {
    const char *parts[CLI_HELP_PARTS]; /* after "usage: gbr ", in order; NULL for
                                        * none: a help text longer than the 4095
                                        * bytes a C string literal may portably
                                        * hold comes in parts */
    int own_inputs;    /* 0: --help adds what cli_for_each_input's inputs,
                        * output lines and exit status are; 1: a command with
                        * its own (scan, sort, ...) says them in its text */
} cli_help;

typedef struct cli_args {
    int argc;
    char **argv;
    int next;             /* index of the next argument not yet consumed */
    const cli_help *help;
    const char *option;   /* the current option's name, e.g. "--result" */
    const char *inline_value; /* "x" of "--result=x", else NULL */
    const gbr_codec *codec; /* chosen by --impl; gbr_codec_default() otherwise */
    int exit_status;      /* -1 while parsing; 0 or 2 once parsing ended the command */
} cli_args;

/* Reports `gbr <command>: <message>` and a hint to stderr, sets exit_status to
 * UTIL_EXIT_USAGE and returns it. */
int cli_usage_error(cli_args *args, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* What a row does with its option. */
typedef enum cli_option_kind {
    CLI_OPTION_FLAG,   /* takes no value: *flag = 1 */
    CLI_OPTION_STRING, /* *string = the value (the last one given) */
    CLI_OPTION_CHOICE, /* the value is one of words: *choice = that word's value */
    CLI_OPTION_COUNT,  /* decimal digits (util_parse_count), min to max: *count */
    CLI_OPTION_LIST,   /* every value added to *list, in the order given */
    CLI_OPTION_CALL    /* call(args, value, context), for the rest */
} cli_option_kind;

/* A word of a CHOICE and the value it sets; {NULL, 0} ends the words. */
typedef struct cli_word {
    const char *word;
    int value;
} cli_word;

/* What a LIST row gathers: each value with the name of the row that took
 * it, so that several rows can share one list and keep their order. */
typedef struct cli_option_item {
    const char *option; /* the row's name ("--new") */
    const char *value;
} cli_option_item;
typedef struct cli_option_list {
    cli_option_item *items;
    size_t n, cap;
} cli_option_list;
void cli_option_list_free(cli_option_list *list);

/* A CALL row's work: 0 when the value was taken, -1 when it is not one the
 * option takes (the parser reports the row's `bad`), or an exit status
 * after reporting the problem itself. */
typedef int (*cli_option_call)(cli_args *args, const char *value, void *context);

typedef struct cli_option {
    const char *name; /* "--format"; NULL for an option with a letter alone */
    char letter;      /* 'o' for "-o"; 0 for none */
    cli_option_kind kind;
    union {
        int *flag;
        const char **string;
        int *choice;
        unsigned long long *count;
        cli_option_list *list;
        void *context; /* CALL */
    } to;
    const cli_word *words;              /* CHOICE */
    unsigned long long min, max;        /* COUNT */
    cli_option_call call;               /* CALL */
    const char *bad;   /* the usage error for a value the option does not take:
                        * a format with one %s, the value (NULL for a CALL
                        * that reports its own problems) */
    unsigned char once; /* STRING: given twice is a usage error */
    unsigned given;    /* set by cli_parse_options: 0 when not given, else
                        * the row's place among the rows given (1: the first) */
} cli_option;

#define CLI_ROWS(rows) (sizeof(rows) / sizeof(rows)[0])
#define CLI_FLAG(N, L, T) {.name = (N), .letter = (L), .kind = CLI_OPTION_FLAG, .to.flag = (T)}
#define CLI_STRING(N, L, T) {.name = (N), .letter = (L), .kind = CLI_OPTION_STRING, .to.string = (T)}
#define CLI_CHOICE(N, L, T, WORDS, BAD) \
    {.name = (N), .letter = (L), .kind = CLI_OPTION_CHOICE, .to.choice = (T), .words = (WORDS), .bad = (BAD)}
#define CLI_COUNT(N, L, T, MIN, MAX, BAD)                                                          \
    {.name = (N), .letter = (L), .kind = CLI_OPTION_COUNT, .to.count = (T), .min = (MIN), .max = (MAX), \
     .bad = (BAD)}
#define CLI_LIST(N, L, T) {.name = (N), .letter = (L), .kind = CLI_OPTION_LIST, .to.list = (T)}
#define CLI_CALL(N, L, FN, CONTEXT, BAD) \
    {.name = (N), .letter = (L), .kind = CLI_OPTION_CALL, .to.context = (CONTEXT), .call = (FN), .bad = (BAD)}

/* Walks the options of argv (argv[0] is the command's name) against the n
 * rows (and --help, --impl), and sets args for the rest of the command.
 * Returns -1 when the options are over and the command goes on (args->next
 * is its first input), else the exit status that ends the command: 0 after
 * --help, UTIL_EXIT_USAGE after a usage error, or a CALL row's status; each
 * problem is reported. */
int cli_parse_options(cli_args *args, int argc, char **argv, const cli_help *help, cli_option *rows, size_t n);

/* ---- Option rows that several commands share ---------------------------- */
/* -r, --recursive: read a folder's subfolders too. */
#define CLI_RECURSIVE_OPTION(T) CLI_FLAG("--recursive", 'r', (T))
/* -o, --output FILE. */
#define CLI_OUTPUT_OPTION(T) CLI_STRING("--output", 'o', (T))
/* --memory SIZE (sort_runs_parse_memory) into an unsigned long long. */
int cli_parse_memory(cli_args *args, const char *value, void *bytes);
#define CLI_MEMORY_OPTION(T) \
    CLI_CALL("--memory", 0, cli_parse_memory, (T), \
             "bad --memory '%s' (bytes with an optional K, M or G; at least 1K)")
/* --symmetry none|mirror|all into a duplicates_symmetry. */
int cli_parse_symmetry(cli_args *args, const char *value, void *symmetry);
#define CLI_SYMMETRY_OPTION(T) \
    CLI_CALL("--symmetry", 0, cli_parse_symmetry, (T), "bad --symmetry '%s' (none, mirror or all)")

/* The options of the commands that list a collection's games with their
 * composer, source, year and reference (directory, duplicates, lookup):
 * --composer-tag, --source-tag, --year-tag and --reference-tag (a
 * comma-separated list of tag names, in order, into tags: a
 * game_tag_choice *), --encoding auto|utf-8|latin-1|cp1252 (into encoding:
 * a text_encoding *) and --names FILE (into names: a const char **). */
int cli_parse_tag_list(cli_args *args, const char *value, void *list);
int cli_parse_encoding(cli_args *args, const char *value, void *encoding);
#define CLI_TAG_LIST_ROW(N, TAGS, FIELD) \
    CLI_CALL(N, 0, cli_parse_tag_list, &(TAGS)->field[FIELD], \
             "bad " N " '%s' (tag names, letters, digits and '_', joined by commas; at most " \
             CLI_STRINGIFY(GAME_TAG_NAMES_MAX) ")")
#define CLI_STRINGIFY(X) CLI_STRINGIFY_(X)
#define CLI_STRINGIFY_(X) #X
#define CLI_COLLECTION_TEXT_OPTIONS(TAGS, ENCODING, NAMES) \
    CLI_TAG_LIST_ROW("--composer-tag", TAGS, GAME_TAG_COMPOSER), \
    CLI_TAG_LIST_ROW("--source-tag", TAGS, GAME_TAG_SOURCE), \
    CLI_TAG_LIST_ROW("--year-tag", TAGS, GAME_TAG_YEAR), \
    CLI_TAG_LIST_ROW("--reference-tag", TAGS, GAME_TAG_REFERENCE), \
    CLI_CALL("--encoding", 0, cli_parse_encoding, (ENCODING), \
             "bad --encoding '%s' (auto, utf-8, latin-1 or cp1252)"), \
    CLI_STRING("--names", 0, (NAMES))
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
