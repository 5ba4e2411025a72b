/* gbr directory: a look-up directory of PGN studies, grouped by material
 * class in directory order (spec/gbr.md §8), as print text, TSV, JSON or a
 * self-contained HTML page. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime, isatty */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "audit_code.h"
#include "cli.h"
#include "directory_entries.h"
#include "directory_game.h"
#include "directory_store.h"
#include "pgn_reader.h"
#include "sort_output.h"
#include "sort_runs.h"

const char cmd_directory_summary[] = "look-up directory of PGN studies by material class (text, tsv, json, html)";

static const char help[] =
    "directory [--format text|tsv|json|html] [-o FILE] [--memory SIZE] [PGN...]\n"
    "\n"
    "Reads PGN databases (standard input when no PGN is given; PGN is read as\n"
    "`gbr audit` reads it) and writes one entry per game, in directory order\n"
    "(spec/gbr.md §8: by material code, then kings, then the rest of the\n"
    "position), grouped by material class. Each class's heading gives its\n"
    "material code, the material in words (as `gbr decode` says it), its name\n"
    "(KRvKN; none when a digit is 9) and its number of entries. Each entry gives\n"
    "the study code, the position form, the composer ([White]), the source\n"
    "([Event]), the year (the first four characters of [Date] when they are\n"
    "digits) and where the game is: FILE, game number (from 1 in each file) and\n"
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
    "        then its entries, two lines each (a third when flagged)\n"
    "  tsv   a header row, then one entry a line: material, name, study,\n"
    "        position, composer, source, year, file, game, line, problem,\n"
    "        mismatch\n"
    "        (tabs and line ends inside a value become spaces)\n"
    "  json  {\"games\", \"classes\": [{\"material\", \"words\", \"name\", \"count\",\n"
    "        \"entries\": [...]}], \"unclassified\": [...]}\n"
    "  html  one self-contained page (no network: its style and script are\n"
    "        inline): a table of contents by class with counts, each entry with\n"
    "        a board diagram, and a filter box that narrows the entries by code,\n"
    "        name, composer or year (every word typed must occur). The page\n"
    "        takes its first filter from the address's fragment:\n"
    "        page.html#filter=1925\n"
    "\n"
    "Options:\n"
    "  --format F  text, tsv, json or html\n"
    "  -o FILE     write to FILE atomically (a temporary file beside it, synced,\n"
    "              then renamed over it), as `gbr sort -o` does\n"
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
    "Progress (games, MB read, MB/s) is shown on standard error when it is a\n"
    "terminal.\n"
    "Exit status: 0 every game classified, 1 some game could not be classified,\n"
    "a code tag could not be read, an input could not be read or the output\n"
    "written, 2 usage error.\n";

typedef struct reader_state {
    const gbr_codec *codec;
    directory_store *store;
    size_t file;
    const char *source;
    int failed;       /* out of memory, or a temporary file could not be written */
    int bad_input;
    /* The game's mismatch text, built here, then kept with its entry. */
    char *mismatch;
    size_t mismatch_len, mismatch_cap;
    /* Progress */
    int progress;
    unsigned long long games, bytes;
    struct timespec started, shown;
} reader_state;

/* Reports running out of memory, once; the reading stops. */
static void out_of_memory(reader_state *st)
{
    if (!st->failed)
        fprintf(stderr, "gbr: directory: out of memory\n");
    st->failed = 1;
}

/* An entry's text points at its bytes where they are (the game's tags, the
 * codes written in add_game, the mismatch text) until the store copies them
 * into the entry's record: one copy. */
static directory_text text_of(const char *bytes, size_t len) { return (directory_text){len ? bytes : "", len}; }

static directory_text tag_text(const pgn_tag *tag) { return tag ? text_of(tag->value, tag->value_len) : text_of("", 0); }

static double seconds_since(const struct timespec *then)
{
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)(now.tv_sec - then->tv_sec) + (double)(now.tv_nsec - then->tv_nsec) / 1e9;
}

static void show_progress(reader_state *st, int last)
{
    double elapsed = seconds_since(&st->started);
    double mb = (double)st->bytes / 1e6;
    fprintf(stderr, "\rgbr: directory: %llu games, %.1f MB, %.1f MB/s%s", st->games, mb,
            elapsed > 0 ? mb / elapsed : 0.0, last ? "\n" : "");
    clock_gettime(CLOCK_MONOTONIC, &st->shown);
}

static void count_bytes(void *context, const char *bytes, size_t len)
{
    (void)bytes;
    ((reader_state *)context)->bytes += len;
}

/* what names the tag at fault ("FEN tag", as audit and select say it), or is NULL. */
static void report(reader_state *st, unsigned long game, unsigned long line, unsigned long column,
                   const char *what, const char *message)
{
    fprintf(stderr, "gbr: %s:%lu:%lu: game %lu: %s%s%s\n", st->source, line, column, game, what ? what : "",
            what ? ": " : "", message);
    st->bad_input = 1;
}

static void add_mismatch_text(reader_state *st, const char *bytes, size_t len)
{
    char *bigger = util_grow(st->mismatch, &st->mismatch_cap, st->mismatch_len + len, 1);
    if (!bigger) {
        out_of_memory(st);
        return;
    }
    st->mismatch = bigger;
    memcpy(st->mismatch + st->mismatch_len, bytes, len);
    st->mismatch_len += len;
}

/* The game's code tags, by the audit rule: a tag that cannot be read is
 * reported (as gbr audit reports it) and the entry kept; with a readable FEN
 * (fen not NULL) each code that disagrees with it is added to the game's
 * mismatch text. Returns the stipulation the first code that says one says,
 * GBR_RESULT_NONE when none does. */
static gbr_result_option read_code_tags(reader_state *st, const pgn_game *g, const gbr_position *fen,
                                        const audit_position_facts *facts)
{
    gbr_result_option said = GBR_RESULT_NONE;
    st->mismatch_len = 0;
    for (size_t i = 0; i < g->tags_n; i++) {
        const pgn_tag *t = &g->tags[i];
        if (!audit_is_code_tag(t))
            continue;
        gbr_scan_match code;
        audit_tag_error error;
        audit_code_status found = audit_tag_code(st->codec, t, &code, &error);
        if (found == AUDIT_CODE_ERROR) {
            fprintf(stderr, "gbr: %s:%lu:%lu: game %lu: %s: %s\n", st->source, t->value_at.line,
                    t->value_at.column + (unsigned long)error.index, g->number, error.what, error.message);
            st->bad_input = 1;
        }
        if (found != AUDIT_CODE_FOUND)
            continue;
        if (said == GBR_RESULT_NONE)
            said = audit_code_stipulation(&code);
        char expected[GBR_POSITION_MAX];
        size_t expected_len;
        int wrong;
        if (!fen ||
            audit_expected_code_of(st->codec, fen, facts, &code, expected, sizeof expected, &expected_len, &wrong) !=
                0 ||
            !wrong)
            continue;
        char sentence[AUDIT_MISMATCH_MAX];
        if (st->mismatch_len)
            add_mismatch_text(st, "; ", 2);
        add_mismatch_text(st, sentence, audit_mismatch_text(sentence, t, &code, expected, expected_len));
    }
    return said;
}

/* One entry per game, from its tags. */
static void add_game(void *context, const pgn_game *g)
{
    reader_state *st = context;
    st->bytes += g->section_len;
    st->games++;
    if (st->progress && (st->games & 255u) == 0 && seconds_since(&st->shown) >= 0.5)
        show_progress(st, 0);
    if (st->failed)
        return;
    directory_entry e;
    memset(&e, 0, sizeof e);
    e.file = st->file;
    e.game = g->number;
    e.line = g->start.line;
    e.column = g->start.column;
    directory_game_tags tags;
    directory_game_tags_of(g, &tags);
    e.composer = tag_text(tags.white);
    e.source = tag_text(tags.event);
    e.year = text_of(tags.date ? tags.date->value : "", directory_year_len(tags.date));

    const char *problem = NULL;
    char position_text[GBR_POSITION_MAX], study_text[GBR_POSITION_MAX]; /* the entry's texts point here */
    if (g->malformed) {
        problem = "malformed tag section (reported above)";
    } else {
        const char *fen;
        size_t fen_len;
        const pgn_tag *fen_tag = tags.fen;
        directory_fen_of(fen_tag, &fen, &fen_len);
        gbr_position p;
        gbr_result r = gbr_parse_fen(st->codec, fen, fen_len, &p);
        gbr_counts counts;
        audit_position_facts facts;
        memset(&facts, 0, sizeof facts);
        if (!r.error) {
            gbr_position_counts(&p, &counts);
            r = gbr_material_from_counts(st->codec, &counts, &e.material);
        }
        if (!r.error) {
            /* A parsed position has one king a side; memchr finds each
             * faster than a loop over the squares. */
            const uint8_t *white_king = memchr(p.board, GBR_WK, 64), *black_king = memchr(p.board, GBR_BK, 64);
            facts.material = e.material;
            facts.white_king = white_king ? (uint8_t)(white_king - p.board) : 0;
            facts.black_king = black_king ? (uint8_t)(black_king - p.board) : 0;
        }
        /* The stipulation a code tag says, else [Result]'s. The code tags are
         * checked with the material and kings found here (audit's rule). */
        gbr_result_option option = read_code_tags(st, g, r.error ? NULL : &p, &facts);
        if (option == GBR_RESULT_NONE) {
            option = directory_tag_is(tags.result, "1-0")       ? GBR_RESULT_WIN
                     : directory_tag_is(tags.result, "1/2-1/2") ? GBR_RESULT_DRAW
                                                   : GBR_RESULT_NONE;
        }
        if (!r.error) {
            p.indicator = (uint8_t)gbr_indicator_for(p.indicator == GBR_IND_BTM, option);
            r = gbr_format_position(st->codec, position_text, sizeof position_text, &p);
            if (!r.error)
                e.position = text_of(position_text, r.length);
        }
        if (!r.error) {
            gbr_study study = {e.material, (uint8_t)option, facts.white_king, facts.black_king};
            r = gbr_format_study(st->codec, study_text, sizeof study_text, &study);
            if (!r.error)
                e.study = text_of(study_text, r.length);
        }
        if (r.error) {
            problem = gbr_error_message(r.error);
            if (fen_tag) {
                e.line = fen_tag->value_at.line;
                e.column = fen_tag->value_at.column + (r.column ? r.column - 1 : 0);
            }
            report(st, g->number, e.line, e.column, fen_tag ? "FEN tag" : NULL, problem);
        } else {
            e.classified = 1;
            gbr_directory_key_of(st->codec, GBR_FORM_POSITION, &p, &e.key);
            e.mismatch = text_of(st->mismatch, st->mismatch_len);
        }
    }
    if (problem)
        e.problem = text_of(problem, strlen(problem));
    if (st->failed)
        return;
    if (directory_store_add(st->store, &e) != 0)
        st->failed = 1; /* reported */
}

static void report_reader(void *context, const pgn_diagnostic *diag)
{
    reader_state *st = context;
    if (diag->game)
        report(st, diag->game, diag->at.line, diag->at.column, NULL, diag->message);
    else {
        pgn_print_diagnostic(st->source, diag);
        st->bad_input = 1;
    }
}

static int read_pgn(reader_state *st, int fd)
{
    static const pgn_handler handler = {count_bytes, add_game, NULL, report_reader};
    return pgn_read_input(&handler, st, fd, st->source);
}

int cmd_directory(int argc, char **argv)
{
    const char *output_path = NULL;
    const directory_format *format = &directory_format_text;
    unsigned long long memory = SORT_RUNS_MEMORY_DEFAULT;
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    args.line_inputs = 0;
    while (cli_next_option(&args)) {
        if (cli_option_is(&args, "-o") || cli_option_is(&args, "--output")) {
            output_path = cli_option_value(&args);
            if (!output_path)
                return UTIL_EXIT_USAGE;
        } else if (cli_option_is(&args, "--format")) {
            const char *value = cli_option_value(&args);
            if (!value)
                return UTIL_EXIT_USAGE;
            if (strcmp(value, "text") == 0)
                format = &directory_format_text;
            else if (strcmp(value, "tsv") == 0)
                format = &directory_format_tsv;
            else if (strcmp(value, "json") == 0)
                format = &directory_format_json;
            else if (strcmp(value, "html") == 0)
                format = &directory_format_html;
            else
                return cli_usage_error(&args, "bad --format '%s' (text, tsv, json or html)", value);
        } else if (cli_option_is(&args, "--memory")) {
            const char *value = cli_option_value(&args);
            if (!value)
                return UTIL_EXIT_USAGE;
            if (sort_runs_parse_memory(value, &memory) != 0)
                return cli_usage_error(&args, "bad --memory '%s' (bytes with an optional K, M or G; at least 1K)",
                                       value);
        } else {
            return cli_unknown_option(&args);
        }
    }
    if (args.exit_status >= 0)
        return args.exit_status;

    int inputs;
    const char *const *files = cli_input_files(&args, &inputs);
    directory_store store;
    directory_store_init(&store, (size_t)memory);
    reader_state st;
    memset(&st, 0, sizeof st);
    st.codec = args.codec;
    st.store = &store;
    st.progress = isatty(STDERR_FILENO);
    clock_gettime(CLOCK_MONOTONIC, &st.started);
    st.shown = st.started;
    int status = UTIL_EXIT_OK;
    for (int i = 0; i < inputs && !st.failed; i++) {
        const char *name = files[i];
        int fd = cli_open_input(name);
        if (fd < 0) {
            status = UTIL_EXIT_INPUT;
            continue;
        }
        st.file = (size_t)i;
        st.source = name;
        if (read_pgn(&st, fd) != 0)
            status = UTIL_EXIT_INPUT;
        if (fd != STDIN_FILENO)
            close(fd);
    }
    if (st.progress)
        show_progress(&st, 1);
    if (st.failed) {
        status = UTIL_EXIT_INPUT; /* reported */
    } else {
        sort_output out;
        if (sort_output_open(&out, output_path) != 0) {
            status = UTIL_EXIT_INPUT;
        } else if (directory_store_write(&store, st.codec, files, format, &out) != 0) {
            sort_output_abandon(&out);
            status = UTIL_EXIT_INPUT;
        } else if (sort_output_commit(&out) != 0) {
            status = UTIL_EXIT_INPUT;
        }
        if (st.bad_input)
            status = UTIL_EXIT_INPUT;
    }
    directory_store_free(&store);
    free(st.mismatch);
    return status;
}
