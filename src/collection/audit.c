/* gbr audit's auditor (see audit.h): each game's code tags read by the
 * audit rule and checked against its FEN, the mismatch lines and summary
 * written, and for --fix the tag section copied with the codes corrected.
 * The command line (src/cli/cmd_audit.c) parses the options and opens the
 * inputs. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit.h"
#include "code_check.h"
#include "game_tags.h"
#include "exit_status.h"
#include "grow.h"
#include "output.h"
#include "pgn_input.h"
#include "text.h"

/* A code found in a tag, and its replacement when it is wrong. */
typedef struct audit_site {
    const pgn_tag *in;
    size_t start, end;          /* offsets into the game's section text */
    int wrong;
    char expected[GBR_POSITION_MAX];
    size_t expected_len;
} code_site;

/* The offset into the game's section text of byte `index` of a tag's raw value. */
static size_t value_offset(const auditor *a, const pgn_tag *t, size_t index)
{
    return (size_t)(t->value_at.offset - a->game->start.offset) + index;
}

static void report(auditor *a, const pgn_tag *t, size_t index, const char *what, const char *message)
{
    util_report(a->source, t->value_at.line, t->value_at.column + (unsigned long)index, "game %lu: %s: %s",
                a->game->number, what, message);
    a->bad_input = 1;
}

/* The code of a code tag (code_check.h), its span as offsets into the game's
 * section text; a tag that cannot be read is reported and left as it is. */
static code_check_status tag_code(auditor *a, const pgn_tag *t, code_site *site, gbr_scan_match *m)
{
    code_check_tag_error error;
    code_check_status found = code_check_tag_code(a->codec, t, m, &error);
    if (found == CODE_CHECK_ERROR)
        report(a, t, error.index, error.what, error.message);
    if (found != CODE_CHECK_FOUND)
        return found;
    site->in = t;
    site->start = value_offset(a, t, m->start);
    site->end = value_offset(a, t, m->end);
    if (game_tag_named(t, "GBR"))
        a->seen_gbr++;
    else
        a->seen_black++;
    return found;
}

int audit_add_style_parse(const char *name, audit_add_style *out)
{
    static const char *const names[] = {"auto", "gbr", "black"};
    static const audit_add_style styles[] = {AUDIT_ADD_AUTO, AUDIT_ADD_GBR, AUDIT_ADD_BLACK};
    for (size_t i = 0; i < 3; i++)
        if (strcmp(name, names[i]) == 0) {
            *out = styles[i];
            return 0;
        }
    return -1;
}

/* The tags of the game that --add-codes reads. */
typedef struct add_tags {
    const pgn_tag *result, *black;
    const pgn_tag *gbr_empty; /* a [GBR] tag that says nothing ("", "?", "-") */
    int code_error;           /* a [GBR] tag that cannot be read: left alone */
} add_tags;

/* The game with its missing code added (a FEN read into p, no code tag):
 * its tag section written with one insertion; 0 when nothing was added. */
static int add_code(auditor *a, const gbr_position *p, const add_tags *tags)
{
    const pgn_game *g = a->game;
    gbr_result_option stipulation = game_tag_is(tags->result, "1-0")       ? GBR_RESULT_WIN
                                    : game_tag_is(tags->result, "1/2-1/2") ? GBR_RESULT_DRAW
                                                                                : GBR_RESULT_NONE;
    char code[GBR_POSITION_MAX];
    size_t code_len = code_check_study_code(a->codec, p, stipulation, code, sizeof code);
    if (!code_len || !g->tags_n)
        return 0;
    audit_add_style style = a->style;
    if (style == AUDIT_ADD_AUTO) /* an input read once: its codes so far */
        style = a->seen_black > a->seen_gbr ? AUDIT_ADD_BLACK : AUDIT_ADD_GBR;
    /* What is written: section[0, from), before, the code, after, section[to, end). */
    size_t from, to;
    const char *before, *after;
    const pgn_tag *in = style == AUDIT_ADD_GBR ? tags->gbr_empty : tags->black;
    if (in) { /* the tag is there: the code goes into its value */
        from = value_offset(a, in, 0);
        to = value_offset(a, in, in->raw_value_len);
        /* [GBR] says nothing ("", "?", "-"): replaced; [Black "?"] too, but
         * [Black "1st Prize"] gets the code before what it says. */
        int says_nothing = style == AUDIT_ADD_GBR || game_value_unknown(in->value, in->value_len);
        before = style == AUDIT_ADD_GBR ? "" : "(";
        after = style == AUDIT_ADD_GBR ? "" : says_nothing ? ")" : ") ";
        if (!says_nothing)
            to = from;
    } else { /* a tag line of its own after the last tag's line, with its line end */
        const pgn_tag *last = &g->tags[g->tags_n - 1];
        size_t end = value_offset(a, last, last->raw_value_len);
        const char *nl = memchr(g->section + end, '\n', g->section_len - end);
        int crlf = nl && nl > g->section && nl[-1] == '\r';
        from = to = nl ? (size_t)(nl - g->section) + 1 : g->section_len;
        before = style == AUDIT_ADD_GBR ? (nl ? "[GBR \"" : "\n[GBR \"") : (nl ? "[Black \"(" : "\n[Black \"(");
        after = style == AUDIT_ADD_GBR ? (crlf ? "\"]\r\n" : nl ? "\"]\n" : "\"]")
                                       : (crlf ? ")\"]\r\n" : nl ? ")\"]\n" : ")\"]");
    }
    util_write(&a->fix->sink, g->section, from);
    util_write(&a->fix->sink, before, strlen(before));
    util_write(&a->fix->sink, code, code_len);
    util_write(&a->fix->sink, after, strlen(after));
    util_write(&a->fix->sink, g->section + to, g->section_len - to);
    a->added++;
    return 1;
}

/* Part of a report line: to the buffered standard output, or held until
 * end_line when the reports go to standard error. */
static void put(auditor *a, const char *bytes, size_t len)
{
    if (!a->report_to_stderr) {
        util_write(&util_stdout, bytes, len);
        return;
    }
    char *bigger = util_grow(a->text, &a->text_cap, a->text_used + len, 1);
    if (!bigger) { /* out of memory: write what we have, piece by piece */
        util_message_bytes(a->text, a->text_used);
        util_message_bytes(bytes, len);
        a->text_used = 0;
        return;
    }
    a->text = bigger;
    memcpy(a->text + a->text_used, bytes, len);
    a->text_used += len;
}

static void put_str(auditor *a, const char *text) { put(a, text, strlen(text)); }

static void put_uint(auditor *a, unsigned long long value)
{
    char digits[UTIL_DECIMAL_MAX];
    put(a, digits, util_decimal(digits, value));
}

static void end_line(auditor *a)
{
    put(a, "\n", 1);
    if (a->report_to_stderr) {
        util_message_bytes(a->text, a->text_used);
        a->text_used = 0;
    }
}

static void put_tag_value(auditor *a, const char *name, const pgn_tag *t)
{
    put_str(a, name);
    put_str(a, " \"");
    if (t)
        put(a, t->raw_value, t->raw_value_len);
    put_str(a, "\"");
}

static void print_mismatch(auditor *a, const code_site *site, const gbr_scan_match *m, const pgn_tag *white,
                           const pgn_tag *event)
{
    put_str(a, a->source);
    put_str(a, ":");
    put_uint(a, site->in->value_at.line);
    put_str(a, ":");
    put_uint(a, site->in->value_at.column + (site->start - value_offset(a, site->in, 0)));
    put_str(a, ": game ");
    put_uint(a, a->game->number);
    put_str(a, " (");
    put_tag_value(a, "White", white);
    put_str(a, ", ");
    put_tag_value(a, "Event", event);
    put_str(a, "): ");
    char sentence[CODE_CHECK_MISMATCH_MAX];
    put(a, sentence, code_check_mismatch_text(sentence, site->in, m, site->expected, site->expected_len));
    end_line(a);
}

/* Writes the game's tag section, with wrong codes replaced. */
static void write_section(auditor *a, const code_site *sites, size_t n)
{
    if (!a->fix)
        return;
    const pgn_game *g = a->game;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        if (!sites[i].wrong)
            continue;
        util_write(&a->fix->sink, g->section + at, sites[i].start - at);
        util_write(&a->fix->sink, sites[i].expected, sites[i].expected_len);
        at = sites[i].end;
    }
    util_write(&a->fix->sink, g->section + at, g->section_len - at);
}

/* Room for one code per tag of the game; 0 when memory runs out. */
static int room_for_codes(auditor *a, size_t tags)
{
    if (tags == 0)
        return 1;
    code_site *sites = util_grow(a->sites, &a->sites_cap, tags, sizeof *sites);
    if (sites)
        a->sites = sites;
    gbr_scan_match *matches = util_grow(a->matches, &a->matches_cap, tags, sizeof *matches);
    if (matches)
        a->matches = matches;
    return sites && matches;
}

/* A game's tag section is complete: check its codes, and for --fix write it. */
static void audit_game(void *context, const pgn_game *game)
{
    auditor *a = context;
    a->game = game;
    a->games++;
    if (game->malformed) { /* reported by the reader: the game is left as it is */
        write_section(a, NULL, 0);
        return;
    }
    size_t n = 0;
    int room = room_for_codes(a, game->tags_n);
    if (!room) { /* the game is copied as it is */
        util_out_of_memory(a->source);
        a->bad_input = 1;
    }
    code_site *sites = a->sites;
    gbr_scan_match *matches = a->matches;
    /* Every code tag, in input order, so that the fix can copy around them
     * front to back; the tags each mismatch line names are looked up once. */
    const pgn_tag *white = NULL, *event = NULL, *fen_tag = NULL;
    add_tags add;
    memset(&add, 0, sizeof add);
    for (size_t i = 0; i < game->tags_n; i++) {
        const pgn_tag *t = &game->tags[i];
        /* A repeated tag is read at its last pair; every code is checked. */
        int taken = !t->superseded;
        if (taken && !white && game_tag_named(t, "White"))
            white = t;
        else if (taken && !event && game_tag_named(t, "Event"))
            event = t;
        else if (taken && !fen_tag && game_tag_named(t, "FEN"))
            fen_tag = t;
        else if (!add.result && game_tag_named(t, "Result"))
            add.result = t;
        if (!add.black && game_tag_named(t, "Black"))
            add.black = t;
        if (!room)
            continue;
        memset(&sites[n], 0, sizeof sites[n]);
        if (!code_check_is_code_tag(t))
            continue;
        code_check_status found = tag_code(a, t, &sites[n], &matches[n]);
        if (found == CODE_CHECK_FOUND)
            n++;
        else if (found == CODE_CHECK_ERROR)
            add.code_error = 1;
        else if (!add.gbr_empty && game_tag_named(t, "GBR"))
            add.gbr_empty = t;
    }
    int fen_read = 0;
    /* The FEN is read even when the game has no code, so that every
     * unreadable FEN is reported (it is not a mismatch). A game without one
     * starts from the initial position. */
    gbr_position position;
    memset(&position, 0, sizeof position);
    if (fen_tag) {
        gbr_result r = gbr_parse_fen(a->codec, fen_tag->raw_value, fen_tag->raw_value_len, &position);
        if (r.error) {
            report(a, fen_tag, r.column ? r.column - 1 : 0, "FEN tag", gbr_error_message(r.error));
            n = 0; /* nothing to check against: the codes stay as they are */
        } else {
            fen_read = 1;
        }
    } else if (n > 0) {
        gbr_parse_fen(a->codec, pgn_start_fen, strlen(pgn_start_fen), &position); /* cannot fail */
    }
    if (n > 0) {
        for (size_t i = 0; i < n; i++) {
            if (code_check_expected(a->codec, &position, &matches[i], sites[i].expected, sizeof sites[i].expected,
                                    &sites[i].expected_len, &sites[i].wrong) != 0) {
                sites[i].wrong = 0;
                continue;
            }
            /* Each mismatch line counts, so a game whose [Black] and [GBR]
             * tags are both wrong counts two. */
            if (sites[i].wrong) {
                print_mismatch(a, &sites[i], &matches[i], white, event);
                a->mismatches++;
            }
        }
        a->checked++;
    } else if (a->add && a->fix && room && fen_read && !add.code_error && add_code(a, &position, &add)) {
        return; /* only a game with a [FEN] and no code gets one: the start position is no study */
    }
    write_section(a, sites, n);
}

/* Input outside the held tag sections: copied as it is. */
static void copy_bytes(void *context, const char *bytes, size_t len)
{
    auditor *a = context;
    if (a->fix)
        util_write(&a->fix->sink, bytes, len);
}

static void report_reader(void *context, const pgn_diagnostic *d)
{
    auditor *a = context;
    pgn_print_diagnostic(a->source, d);
    a->bad_input = 1;
}

/* --add-codes auto, first reading: which convention the input's codes use. */
static void count_codes(void *context, const pgn_game *game)
{
    auditor *a = context;
    for (size_t i = 0; i < game->tags_n && !game->malformed; i++) {
        gbr_scan_match m;
        code_check_tag_error error;
        const pgn_tag *t = &game->tags[i];
        if (code_check_is_code_tag(t) && code_check_tag_code(a->codec, t, &m, &error) == CODE_CHECK_FOUND)
            ++*(game_tag_named(t, "GBR") ? &a->seen_gbr : &a->seen_black);
    }
}

static void ignore_diagnostic(void *context, const pgn_diagnostic *d)
{
    (void)context;
    (void)d; /* told by the reading that audits */
}

int audit_file(void *context, int fd, const char *source)
{
    static const pgn_handler handler = {copy_bytes, audit_game, NULL, report_reader};
    static const pgn_handler counting = {NULL, count_codes, NULL, ignore_diagnostic};
    auditor *a = context;
    a->source = source;
    a->seen_gbr = a->seen_black = 0;
    a->style = a->add;
    struct stat st;
    off_t at;
    /* A file read twice: its convention is known before the first code is
     * added. Other input is read once: the convention of its codes so far. */
    if (a->add == AUDIT_ADD_AUTO && a->fix && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
        (at = lseek(fd, 0, SEEK_CUR)) != (off_t)-1) {
        if (pgn_read_input(&counting, a, fd, source) == 0 && lseek(fd, at, SEEK_SET) == at) {
            a->style = a->seen_black > a->seen_gbr ? AUDIT_ADD_BLACK : AUDIT_ADD_GBR;
            a->seen_gbr = a->seen_black = 0;
        } else if (lseek(fd, at, SEEK_SET) != at) {
            util_error(source, "cannot read it again");
            return -1;
        }
    }
    /* --fix copies its input byte for byte: a copy of decoded bytes is not that */
    return a->fix ? pgn_read_input_plain(&handler, a, fd, source) : pgn_read_input(&handler, a, fd, source);
}

int audit_begin(auditor *a, const audit_options *o)
{
    memset(a, 0, sizeof *a);
    a->codec = o->codec;
    a->add = o->add;
    if (o->fix_output) {
        if (util_output_file_open(&a->fix_out, o->fix_output) != 0)
            return -1;
        a->fix = &a->fix_out;
        a->report_to_stderr = strcmp(o->fix_output, "-") == 0;
    }
    return 0;
}

int audit_end(auditor *a, int read_failed)
{
    put_uint(a, a->games);
    put_str(a, " games, ");
    put_uint(a, a->checked);
    put_str(a, " checked, ");
    put_uint(a, a->mismatches);
    put_str(a, " mismatches");
    if (a->add) {
        put_str(a, ", ");
        put_uint(a, a->added);
        put_str(a, a->added == 1 ? " code added" : " codes added");
    }
    end_line(a);
    if (a->fix) {
        /* A copy of input that could not be read whole would lose games. */
        if (read_failed)
            util_output_file_abandon(a->fix);
        else if (util_output_file_commit(a->fix) != 0)
            read_failed = 1;
    }
    free(a->sites);
    free(a->matches);
    free(a->text);
    if (util_flush() != 0)
        read_failed = 1;
    return read_failed || a->bad_input || a->mismatches ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}
