/* gbr audit: check the GBR codes of PGN games against their FEN tags. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit_code.h"
#include "cli.h"
#include "pgn_reader.h"
#include "sort_output.h"

const char cmd_audit_summary[] = "check PGN games' GBR codes against their FEN tags";

static const char help[] =
    "audit [--fix -o OUT] [PGN...]\n"
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
    "(a value without its closing quote, a missing ']', a bad tag name) is\n"
    "reported as \"gbr: FILE:LINE:COLUMN: game N: MESSAGE\" on standard error; the\n"
    "game is not checked and --fix copies it unchanged. A tag section over 16 MiB\n"
    "or 131072 tags is reported and its game passed through unread. Also reported\n"
    "(the game is still checked): a comment or variation left open where its game\n"
    "or the input ends, a ')' without '(', and a line longer than 16 MiB (the\n"
    "limit of every command; the reader holds no line, so it reads it whole).\n"
    "Memory stays bounded by one tag section, whatever the input.\n"
    "\n"
    "Options:\n"
    "  --fix      write a copy of the input with the codes corrected; everything\n"
    "             else is copied byte for byte\n"
    "  -o OUT     where --fix writes (atomically: a temporary file, then renamed;\n"
    "             OUT keeps its mode, owner and group, a target with more than one\n"
    "             hard link is refused, and SIGHUP, SIGINT, SIGTERM and SIGPIPE\n"
    "             remove the temporary file, as with gbr sort -o);\n"
    "             with -o - the copy goes to standard output, and the mismatch\n"
    "             lines and the summary to standard error\n"
    "Exit status: 0 no mismatch, 1 some mismatch or unreadable input, 2 usage error.\n";

/* A code found in a tag, and its replacement when it is wrong. */
typedef struct code_site {
    const pgn_tag *in;
    size_t start, end;          /* offsets into the game's section text */
    int wrong;
    char expected[GBR_POSITION_MAX];
    size_t expected_len;
} code_site;

typedef struct auditor {
    const gbr_codec *codec;
    sort_output *fix;           /* NULL without --fix */
    const char *source;
    const pgn_game *game;       /* the game whose tags are being checked */
    /* The game's codes, one per code tag, in input order. */
    code_site *sites;
    gbr_scan_match *matches;
    size_t sites_cap, matches_cap;
    unsigned long long games, checked, mismatches;
    int bad_input;
    /* With --fix -o - the copy owns standard output, so the mismatch lines and
     * the summary go to standard error, each line held here and written whole. */
    int report_to_stderr;
    char *text;
    size_t text_used, text_cap;
} auditor;

static int tag_is(const pgn_tag *t, const char *name)
{
    size_t n = strlen(name);
    return t->name_len == n && memcmp(t->name, name, n) == 0;
}

/* The offset into the game's section text of byte `index` of a tag's raw value. */
static size_t value_offset(const auditor *a, const pgn_tag *t, size_t index)
{
    return (size_t)(t->value_at.offset - a->game->start.offset) + index;
}

static void report(auditor *a, const pgn_tag *t, size_t index, const char *what, const char *message)
{
    fprintf(stderr, "gbr: %s:%lu:%lu: game %lu: %s: %s\n", a->source, t->value_at.line,
            t->value_at.column + (unsigned long)index, a->game->number, what, message);
    a->bad_input = 1;
}

/* The code of a code tag (audit_code.h), its span as offsets into the game's
 * section text; a tag that cannot be read is reported and left as it is. */
static int tag_code(auditor *a, const pgn_tag *t, code_site *site, gbr_scan_match *m)
{
    audit_tag_error error;
    audit_code_status found = audit_tag_code(a->codec, t, m, &error);
    if (found == AUDIT_CODE_ERROR)
        report(a, t, error.index, error.what, error.message);
    if (found != AUDIT_CODE_FOUND)
        return 0;
    site->in = t;
    site->start = value_offset(a, t, m->start);
    site->end = value_offset(a, t, m->end);
    return 1;
}

/* Part of a report line: to the buffered standard output, or held until
 * end_line when the reports go to standard error. */
static void put(auditor *a, const char *bytes, size_t len)
{
    if (!a->report_to_stderr) {
        util_write(bytes, len);
        return;
    }
    char *bigger = util_grow(a->text, &a->text_cap, a->text_used + len, 1);
    if (!bigger) { /* out of memory: write what we have, piece by piece */
        if (a->text_used)
            fwrite(a->text, 1, a->text_used, stderr);
        fwrite(bytes, 1, len, stderr);
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
        fwrite(a->text, 1, a->text_used, stderr);
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
    char sentence[AUDIT_MISMATCH_MAX];
    put(a, sentence, audit_mismatch_text(sentence, site->in, m, site->expected, site->expected_len));
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
        sort_output_write(a->fix, g->section + at, sites[i].start - at);
        sort_output_write(a->fix, sites[i].expected, sites[i].expected_len);
        at = sites[i].end;
    }
    sort_output_write(a->fix, g->section + at, g->section_len - at);
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
        fprintf(stderr, "gbr: %s: out of memory\n", a->source);
        a->bad_input = 1;
    }
    code_site *sites = a->sites;
    gbr_scan_match *matches = a->matches;
    /* Every code tag, in input order, so that the fix can copy around them
     * front to back; the tags each mismatch line names are looked up once. */
    const pgn_tag *white = NULL, *event = NULL, *fen_tag = NULL;
    for (size_t i = 0; i < game->tags_n; i++) {
        const pgn_tag *t = &game->tags[i];
        if (!white && tag_is(t, "White"))
            white = t;
        else if (!event && tag_is(t, "Event"))
            event = t;
        else if (!fen_tag && tag_is(t, "FEN"))
            fen_tag = t;
        if (!room)
            continue;
        memset(&sites[n], 0, sizeof sites[n]);
        if (audit_is_code_tag(t) && tag_code(a, t, &sites[n], &matches[n]))
            n++;
    }
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
        }
    } else if (n > 0) {
        gbr_parse_fen(a->codec, pgn_start_fen, strlen(pgn_start_fen), &position); /* cannot fail */
    }
    if (n > 0) {
        for (size_t i = 0; i < n; i++) {
            if (audit_expected_code(a->codec, &position, &matches[i], sites[i].expected, sizeof sites[i].expected,
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
    }
    write_section(a, sites, n);
}

/* Input outside the held tag sections: copied as it is. */
static void copy_bytes(void *context, const char *bytes, size_t len)
{
    auditor *a = context;
    if (a->fix)
        sort_output_write(a->fix, bytes, len);
}

static void report_reader(void *context, const pgn_diagnostic *d)
{
    auditor *a = context;
    pgn_print_diagnostic(a->source, d);
    a->bad_input = 1;
}

static int audit_file(void *context, int fd, const char *source)
{
    static const pgn_handler handler = {copy_bytes, audit_game, NULL, report_reader};
    auditor *a = context;
    a->source = source;
    return pgn_read_input(&handler, a, fd, source);
}

int cmd_audit(int argc, char **argv)
{
    int fix = 0;
    const char *output_path = NULL;
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    args.line_inputs = 0; /* its help says what it reads and its exit status */
    while (cli_next_option(&args)) {
        if (cli_option_is(&args, "--fix")) {
            fix = 1;
        } else if (cli_option_is(&args, "-o") || cli_option_is(&args, "--output")) {
            output_path = cli_option_value(&args);
            if (!output_path)
                return UTIL_EXIT_USAGE;
        } else {
            return cli_unknown_option(&args);
        }
    }
    if (args.exit_status >= 0)
        return args.exit_status;
    if (fix != (output_path != NULL))
        return cli_usage_error(&args, "--fix and -o OUT go together");

    auditor a;
    memset(&a, 0, sizeof a);
    a.codec = args.codec;
    sort_output out;
    if (fix) {
        if (sort_output_open(&out, output_path) != 0)
            return UTIL_EXIT_INPUT;
        a.fix = &out;
        a.report_to_stderr = strcmp(output_path, "-") == 0;
    }
    int read_failed = cli_for_each_file(argc, argv, args.next, audit_file, &a) != 0;
    put_uint(&a, a.games);
    put_str(&a, " games, ");
    put_uint(&a, a.checked);
    put_str(&a, " checked, ");
    put_uint(&a, a.mismatches);
    put_str(&a, " mismatches");
    end_line(&a);
    if (fix) {
        /* A copy of input that could not be read whole would lose games. */
        if (read_failed)
            sort_output_abandon(&out);
        else if (sort_output_commit(&out) != 0)
            read_failed = 1;
    }
    free(a.sites);
    free(a.matches);
    free(a.text);
    if (util_flush() != 0)
        read_failed = 1;
    return read_failed || a.bad_input || a.mismatches ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}
