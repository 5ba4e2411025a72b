/* gbr directory's reading (see directory.h): one entry per game from its
 * tags, its FEN and its code tags, into the store; progress on standard
 * error; at the end the store written through the format. The command line
 * (src/cli/cmd_directory.c) parses the options and opens the inputs. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "code_check.h"
#include "directory.h"
#include "game_tags.h"
#include "exit_status.h"
#include "grow.h"
#include "output.h"
#include "pgn_input.h"
#include "output_file.h"

/* Reports running out of memory, once; the reading stops. */
static void out_of_memory(directory_reader *st)
{
    if (!st->failed)
        util_out_of_memory("directory");
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

static void show_progress(directory_reader *st, int last)
{
    double elapsed = seconds_since(&st->started);
    double mb = (double)st->bytes / 1e6;
    /* Drawn in place while the reading goes on (a report erases it first);
     * the last, written as a message, erases it too and stays as the
     * reading's summary. */
    if (last)
        util_message("gbr: directory: %llu games, %.1f MB, %.1f MB/s\n", st->games, mb, elapsed > 0 ? mb / elapsed : 0.0);
    else
        util_status("gbr: directory: %llu games, %.1f MB, %.1f MB/s", st->games, mb, elapsed > 0 ? mb / elapsed : 0.0);
    clock_gettime(CLOCK_MONOTONIC, &st->shown);
}

static void count_bytes(void *context, const char *bytes, size_t len)
{
    (void)bytes;
    ((directory_reader *)context)->bytes += len;
}

/* what names the tag at fault ("FEN tag", as audit and select say it), or is NULL. */
static void report(directory_reader *st, unsigned long game, unsigned long line, unsigned long column,
                   const char *what, const char *message)
{
    util_report(st->source, line, column, "game %lu: %s%s%s", game, what ? what : "", what ? ": " : "", message);
    st->bad_input = 1;
}

static void add_mismatch_text(directory_reader *st, const char *bytes, size_t len)
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
static gbr_result_option read_code_tags(directory_reader *st, const pgn_game *g, const gbr_position *fen,
                                        const code_check_position_facts *facts)
{
    gbr_result_option said = GBR_RESULT_NONE;
    st->mismatch_len = 0;
    for (size_t i = 0; i < g->tags_n; i++) {
        const pgn_tag *t = &g->tags[i];
        if (!code_check_is_code_tag(t))
            continue;
        gbr_scan_match code;
        code_check_tag_error error;
        code_check_status found = code_check_tag_code(st->codec, t, &code, &error);
        if (found == CODE_CHECK_ERROR) {
            util_report(st->source, t->value_at.line, t->value_at.column + (unsigned long)error.index,
                        "game %lu: %s: %s", g->number, error.what, error.message);
            st->bad_input = 1;
        }
        if (found != CODE_CHECK_FOUND)
            continue;
        if (said == GBR_RESULT_NONE)
            said = code_check_stipulation(&code);
        char expected[GBR_POSITION_MAX];
        size_t expected_len;
        int wrong;
        if (!fen ||
            code_check_expected_of(st->codec, fen, facts, &code, expected, sizeof expected, &expected_len, &wrong) !=
                0 ||
            !wrong)
            continue;
        char sentence[CODE_CHECK_MISMATCH_MAX];
        if (st->mismatch_len)
            add_mismatch_text(st, "; ", 2);
        add_mismatch_text(st, sentence, code_check_mismatch_text(sentence, t, &code, expected, expected_len));
    }
    return said;
}

/* The entry's composer, source, year and reference from the tags found, as
 * UTF-8: a value converted is written to the reader's buffers (for this
 * game); the year is four digits or nothing. -1 when memory ran out
 * (reported). */
static int utf8_values(directory_reader *st, const game_tags *tags, directory_entry *e)
{
    const pgn_tag *source = tags->field[GAME_TAG_SOURCE], *reference = tags->field[GAME_TAG_REFERENCE];
    const pgn_tag *year = tags->field[GAME_TAG_YEAR];
    size_t year_len = game_year_len(year);
    const char *composer;
    size_t composer_len;
    if (composer_field(tags, st->encoding, st->names, &st->composers, &st->composers_cap, &composer, &composer_len,
                       &st->converted) != 0) {
        out_of_memory(st);
        return -1;
    }
    e->composer = text_of(composer, composer_len);
    e->source = tag_text(source);
    e->reference = tag_text(reference);
    e->year = text_of(year_len ? year->value : "", year_len);
    e->from[GAME_TAG_COMPOSER] = tags->from[GAME_TAG_COMPOSER];
    e->from[GAME_TAG_SOURCE] = tags->from[GAME_TAG_SOURCE];
    e->from[GAME_TAG_YEAR] = year_len ? tags->from[GAME_TAG_YEAR] : 0;
    e->from[GAME_TAG_REFERENCE] = tags->from[GAME_TAG_REFERENCE];
    size_t need = (e->source.len + e->reference.len) * TEXT_ENCODING_GROWTH;
    char *bigger = util_grow(st->utf8, &st->utf8_cap, need ? need : 1, 1);
    if (!bigger) {
        out_of_memory(st);
        return -1;
    }
    st->utf8 = bigger;
    size_t used = 0;
    directory_text *const values[2] = {&e->source, &e->reference};
    for (int i = 0; i < 2; i++) {
        if (!values[i]->len) /* most games have no reference */
            continue;
        size_t n = text_encoding_convert(st->encoding, values[i]->bytes, values[i]->len, st->utf8 + used);
        if (n == TEXT_ENCODING_KEPT)
            continue;
        *values[i] = text_of(st->utf8 + used, n);
        used += n;
        st->converted++;
    }
    return 0;
}

/* One entry per game, from its tags. */
static void add_game(void *context, const pgn_game *g)
{
    directory_reader *st = context;
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
    game_tags tags;
    game_tags_of(g, st->tags, &tags);
    if (utf8_values(st, &tags, &e) != 0)
        return;

    const char *problem = NULL;
    char position_text[GBR_POSITION_MAX], study_text[GBR_POSITION_MAX]; /* the entry's texts point here */
    if (g->malformed) {
        problem = game_malformed_problem(g, &e.line, &e.column);
    } else {
        const char *fen;
        size_t fen_len;
        const pgn_tag *fen_tag = tags.fen;
        game_fen_of(fen_tag, &fen, &fen_len);
        gbr_position p;
        gbr_result r = gbr_parse_fen(st->codec, fen, fen_len, &p);
        gbr_counts counts;
        code_check_position_facts facts;
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
            option = game_tag_is(tags.result, "1-0")       ? GBR_RESULT_WIN
                     : game_tag_is(tags.result, "1/2-1/2") ? GBR_RESULT_DRAW
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
    if (directory_store_add(&st->store, &e) != 0)
        st->failed = 1; /* reported */
}

static void report_reader(void *context, const pgn_diagnostic *diag)
{
    directory_reader *st = context;
    if (diag->game)
        report(st, diag->game, diag->at.line, diag->at.column, NULL, diag->message);
    else {
        pgn_print_diagnostic(st->source, diag);
        st->bad_input = 1;
    }
}

static int read_pgn(directory_reader *st, int fd)
{
    static const pgn_handler handler = {count_bytes, add_game, NULL, report_reader};
    return pgn_read_input(&handler, st, fd, st->source);
}

void directory_begin(directory_reader *st, const directory_options *o)
{
    memset(st, 0, sizeof *st);
    directory_store_init(&st->store, o->memory);
    st->codec = o->codec;
    st->status = UTIL_EXIT_OK;
    st->progress = o->progress;
    st->tags = &o->tags;
    st->encoding = o->encoding;
    st->names = o->names;
    clock_gettime(CLOCK_MONOTONIC, &st->started);
    st->shown = st->started;
}

void directory_read(directory_reader *st, size_t file, const char *source, int fd)
{
    if (fd < 0) {
        st->status = UTIL_EXIT_INPUT;
        return;
    }
    st->file = file;
    st->source = source;
    if (read_pgn(st, fd) != 0)
        st->status = UTIL_EXIT_INPUT;
}

int directory_end(directory_reader *st, const directory_options *o, const char *const *files)
{
    int status = st->status;
    if (st->progress)
        show_progress(st, 1);
    if (st->converted)
        util_error("directory", "%llu %s %s", st->converted, st->converted == 1 ? "value" : "values",
                   text_encoding_converted_how(o->encoding));
    if (st->failed) {
        status = UTIL_EXIT_INPUT; /* reported */
    } else {
        util_output_file out;
        if (util_output_file_open(&out, o->output) != 0) {
            status = UTIL_EXIT_INPUT;
        } else {
            /* With --split-by the output is the index page, written last:
             * it names only parts already in place. */
            directory_html_parts parts;
            memset(&parts, 0, sizeof parts);
            parts.by = o->split;
            parts.index_path = o->output;
            int split = o->split != DIRECTORY_SPLIT_NONE;
            const directory_format *format = split ? &directory_format_html_split : o->format;
            /* The page names the files as --pgn-paths says. */
            char **page_names = NULL;
            if (o->format == &directory_format_html &&
                !(page_names = directory_html_file_names(files, o->pgn_paths)))
                parts.failed = 1; /* reported */
            if (parts.failed ||
                directory_store_write(&st->store, st->codec, page_names ? (const char *const *)page_names : files,
                                      &o->tags, format, split ? &parts : NULL, &out.sink) != 0 ||
                parts.failed) {
                if (parts.open)
                    util_output_file_abandon(&parts.part);
                free(parts.path);
                util_output_file_abandon(&out);
                status = UTIL_EXIT_INPUT;
            } else if (util_output_file_commit(&out) != 0) {
                status = UTIL_EXIT_INPUT;
            }
            directory_html_file_names_free(page_names);
            free(parts.assets); /* NULL once the index is written */
        }
        if (st->bad_input)
            status = UTIL_EXIT_INPUT;
    }
    directory_store_free(&st->store);
    free(st->mismatch);
    free(st->utf8);
    free(st->composers);
    return status;
}
