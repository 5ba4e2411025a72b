/* gbr select: the PGN games (or text lines) whose material matches a query
 * (spec/query.md). The queries are parsed and matched by the library
 * (gbr_query_*); this file reads the input and copies what is selected. */
#define _POSIX_C_SOURCE 200809L /* read(2), ssize_t */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "pgn_reader.h"

const char cmd_select_summary[] = "write the PGN games or lines whose material matches a query";

static const char help[] =
    "select [OPTIONS] QUERY... [--] [FILE...]\n"
    "\n"
    "Writes the PGN games whose start position (the [FEN] tag, or the standard\n"
    "start position when there is none) matches any QUERY, each game's text byte\n"
    "for byte as it was, in input order. The leading arguments that read as\n"
    "queries are the queries; the first that does not, or everything after \"--\",\n"
    "names the files (standard input, \"-\", when there are none).\n"
    "Queries (spec/query.md, \"GBR queries\"):\n"
    "  04??.1?  0400.*       material code patterns: '?' one digit, '*' the rest\n"
    "  +0400.10?1e8          study code patterns: kings (and '+' win, '=' draw)\n"
    "  KRP*vKR*              material names: '*' any further men of that side\n"
    "  white:R=1,P>=1 black:R=1   counts per side and type (=, <, <=, >, >=)\n"
    "  'R+P+ R=P#'           pgn-extract material descriptions (its -y files)\n"
    "A game's stipulation, for study patterns, is its [Result]: 1-0 a win,\n"
    "1/2-1/2 a draw. A game whose [FEN] cannot be read is reported as\n"
    "FILE:LINE:COLUMN on standard error and not selected (exit status 1).\n"
    "\n"
    "Options:\n"
    "  --count           print only the number of games (or lines) each query\n"
    "                    matches: COUNT<TAB>QUERY, one line a query, in order\n"
    "  --either-colour   every query also matches with the colours exchanged\n"
    "  --lines           the input is text lines (a directory, a TSV): a line is\n"
    "                    matched by its first code (as gbr scan finds it) and\n"
    "                    written with its line end; lines without one are skipped,\n"
    "                    and a line longer than 16 MiB is reported and skipped\n"
    "  -e QUERY          one more query (then no argument is read as a query)\n"
    "  --white LIST      count conditions such as R=1,P>=1 for White; with\n"
    "  --black LIST      --black for Black, one query (then no argument is a query)\n"
    "  -y FILE           the queries of a pgn-extract -y file (one a line, '%'\n"
    "                    starts a comment)\n"
    "  -z FILE           the same, each query matching either colour (as -z)\n"
    "Exit status: 0 done, 1 a game or line was reported or an input could not be\n"
    "read, 2 usage error (a query that cannot be read: nothing is processed).\n";

typedef struct query_entry {
    gbr_query query;
    char *text; /* as written, for --count */
} query_entry;

typedef struct selector {
    const gbr_codec *codec;
    query_entry *queries;
    size_t n, cap;
    unsigned long long *counts;
    int count_only;
    const char *source;
    int copying;     /* the current game is selected: its bytes are written */
    int bad_input;
    gbr_query_subject initial; /* the standard start position */
} selector;

static int add_query(selector *s, const gbr_query *q, const char *text, size_t len)
{
    query_entry *grown = util_grow(s->queries, &s->cap, s->n + 1, sizeof *grown);
    if (!grown)
        return -1;
    s->queries = grown;
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, text, len);
    copy[len] = '\0';
    s->queries[s->n].query = *q;
    s->queries[s->n].text = copy;
    s->n++;
    return 0;
}

static void free_queries(selector *s)
{
    for (size_t i = 0; i < s->n; i++)
        free(s->queries[i].text);
    free(s->queries);
}

/* Matches every query; counts them, and returns whether any matched. */
static int select_subject(selector *s, const gbr_query_subject *subject)
{
    int any = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (gbr_query_match(&s->queries[i].query, subject)) {
            s->counts[i]++;
            any = 1;
            if (!s->count_only)
                break; /* the game is written once, whichever query selected it */
        }
    }
    return any;
}

/* ---- PGN ----------------------------------------------------------------- */
static int tag_is(const pgn_tag *t, const char *name)
{
    size_t n = strlen(name);
    return t->name_len == n && memcmp(t->name, name, n) == 0;
}

static gbr_stipulation stipulation_of_result(const pgn_tag *result)
{
    if (!result)
        return GBR_STIP_NONE;
    if (result->value_len == 3 && memcmp(result->value, "1-0", 3) == 0)
        return GBR_STIP_WIN;
    if (result->value_len == 7 && memcmp(result->value, "1/2-1/2", 7) == 0)
        return GBR_STIP_DRAW;
    return GBR_STIP_NONE;
}

static void game_tags(void *context, const pgn_game *game)
{
    selector *s = context;
    s->copying = 0;
    if (game->malformed) { /* reported by the reader: not selected on a guess */
        s->bad_input = 1;
        return;
    }
    const pgn_tag *fen = NULL, *result = NULL;
    for (size_t i = 0; i < game->tags_n && !(fen && result); i++) { /* the first of each counts */
        if (!fen && tag_is(&game->tags[i], "FEN"))
            fen = &game->tags[i];
        else if (!result && tag_is(&game->tags[i], "Result"))
            result = &game->tags[i];
    }
    gbr_stipulation stipulation = stipulation_of_result(result);
    gbr_query_subject subject = s->initial;
    subject.stipulation = (uint8_t)stipulation;
    if (fen) {
        gbr_position position;
        gbr_result r = gbr_parse_fen(s->codec, fen->value, fen->value_len, &position);
        if (!r.error)
            r = gbr_query_subject_of_position(s->codec, &position, stipulation, &subject);
        if (r.error) {
            unsigned long column = fen->value_at.column + (r.column ? r.column - 1 : 0);
            fprintf(stderr, "gbr: %s:%lu:%lu: game %lu: FEN tag: %s\n", s->source, fen->value_at.line, column,
                    game->number, gbr_error_message(r.error));
            s->bad_input = 1;
            return;
        }
    }
    if (select_subject(s, &subject) && !s->count_only) {
        util_write(game->section, game->section_len);
        s->copying = 1;
    }
}

static void game_bytes(void *context, const char *bytes, size_t len)
{
    selector *s = context;
    if (s->copying)
        util_write(bytes, len);
}

static void game_end(void *context, const pgn_game *game)
{
    (void)game;
    ((selector *)context)->copying = 0;
}

static void reader_diagnostic(void *context, const pgn_diagnostic *d)
{
    selector *s = context;
    pgn_print_diagnostic(s->source, d);
    s->bad_input = 1;
}

static int select_pgn(selector *s, int fd)
{
    static const pgn_handler handler = {game_bytes, game_tags, game_end, reader_diagnostic};
    /* game_tags() reads these two; the reader keeps no other tag's value. */
    static const char *const wanted[] = {"FEN", "Result", NULL};
    s->copying = 0;
    int result = pgn_read_input_keeping(&handler, wanted, s, fd, s->source);
    s->copying = 0;
    return result;
}

/* ---- Lines --------------------------------------------------------------- */
static void select_line(selector *s, const char *line, size_t len, size_t end_len)
{
    gbr_scan_match m;
    if (gbr_scan_next(s->codec, line, len, 0, 0, &m) != GBR_SCAN_MATCH)
        return;
    gbr_query_subject subject;
    if (m.code.form == GBR_FORM_MATERIAL) {
        gbr_query_subject_of_material(&m.code.value.material, &subject);
    } else if (m.code.form == GBR_FORM_STUDY) {
        gbr_query_subject_of_study(&m.code.value.study, &subject);
    } else {
        /* A position form's indicator carries the stipulation. */
        uint8_t ind = m.code.value.position.indicator;
        gbr_stipulation stip = ind == GBR_IND_WIN || ind == GBR_IND_BLACK_WIN     ? GBR_STIP_WIN
                               : ind == GBR_IND_DRAW || ind == GBR_IND_BLACK_DRAW ? GBR_STIP_DRAW
                                                                                  : GBR_STIP_NONE;
        if (gbr_query_subject_of_position(s->codec, &m.code.value.position, stip, &subject).error)
            return; /* not reached: the scanner accepts only valid positions */
    }
    if (select_subject(s, &subject) && !s->count_only)
        util_write(line, len + end_len);
}

static void report_long_line(selector *s, unsigned long line_no)
{
    fprintf(stderr, "gbr: %s:%lu:%lu: line longer than %lu bytes\n", s->source, line_no,
            (unsigned long)UTIL_LINE_MAX + 1, (unsigned long)UTIL_LINE_MAX);
    s->bad_input = 1;
}

/* Reads fd line by line, holding at most one line of UTIL_LINE_MAX bytes (its
 * line end not counted) and a read buffer. A longer line is reported at
 * column UTIL_LINE_MAX + 1 and skipped: writing a part of it would write a
 * line the input does not have. */
static int select_lines(selector *s, int fd)
{
    const size_t chunk = (size_t)1 << 16;
    size_t cap = 2 * chunk, have = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fprintf(stderr, "gbr: %s: out of memory\n", s->source);
        return -1;
    }
    unsigned long line_no = 1;
    int skipping = 0, status = 0;
    for (;;) {
        if (cap - have < chunk) {
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                fprintf(stderr, "gbr: %s: out of memory\n", s->source);
                status = -1;
                break;
            }
            buf = grown, cap *= 2;
        }
        ssize_t got = read(fd, buf + have, cap - have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            fprintf(stderr, "gbr: %s: cannot read: %s\n", s->source, strerror(errno));
            status = -1;
            break;
        }
        size_t scanned = have, start = 0;
        have += (size_t)got;
        char *nl;
        while ((nl = memchr(buf + scanned, '\n', have - scanned)) != NULL) {
            size_t end = (size_t)(nl - buf);
            size_t cr = end > start && buf[end - 1] == '\r';
            size_t len = end - start - cr;
            if (!skipping && len > UTIL_LINE_MAX)
                report_long_line(s, line_no);
            else if (!skipping)
                select_line(s, buf + start, len, cr + 1);
            skipping = 0;
            line_no++;
            start = scanned = end + 1;
        }
        /* The unfinished line: one byte more than the limit may be its '\r'. */
        if (!skipping && have - start > UTIL_LINE_MAX + (got > 0)) {
            report_long_line(s, line_no);
            skipping = 1;
        }
        if (skipping)
            start = have;
        if (got == 0) {
            if (start < have)
                select_line(s, buf + start, have - start, 0);
            break;
        }
        memmove(buf, buf + start, have - start);
        have -= start;
    }
    free(buf);
    return status;
}

/* ---- Queries from options and files -------------------------------------- */
static int usage_query_error(const char *where, unsigned long line, gbr_result r, const char *message)
{
    fprintf(stderr, "gbr: %s:%lu:%lu: %s\n", where, line, (unsigned long)r.column,
            message ? message : gbr_error_message(r.error));
    return UTIL_EXIT_USAGE;
}

/* Reads a pgn-extract -y/-z file: every line but blank ones and '%' comments is a query. */
static int read_query_file(selector *s, const char *path, int either_colour)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "gbr select: %s: cannot open: %s\n", path, strerror(errno));
        return UTIL_EXIT_USAGE;
    }
    char line[4096];
    unsigned long line_no = 0;
    int status = 0;
    while (!status && fgets(line, sizeof line, f)) {
        line_no++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            fprintf(stderr, "gbr: %s:%lu:1: line too long for a query\n", path, line_no);
            status = UTIL_EXIT_USAGE;
            break;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' ||
                           line[len - 1] == '\t'))
            len--;
        size_t lead = 0;
        while (lead < len && (line[lead] == ' ' || line[lead] == '\t'))
            lead++;
        if (lead == len || line[0] == '%')
            continue;
        gbr_query q;
        const char *message = NULL;
        gbr_result r = gbr_query_parse(&q, line, len, &message);
        if (!r.error && q.kind != GBR_QUERY_PGN_EXTRACT) {
            r.error = GBR_E_UNKNOWN_FORM, r.column = 1;
            message = "a -y or -z file holds pgn-extract descriptions";
        }
        if (r.error) {
            status = usage_query_error(path, line_no, r, message);
            break;
        }
        q.either_colour = (uint8_t)either_colour;
        if (add_query(s, &q, line, len) != 0) {
            fprintf(stderr, "gbr select: out of memory\n");
            status = UTIL_EXIT_USAGE;
        }
    }
    if (!status && ferror(f)) {
        fprintf(stderr, "gbr select: %s: cannot read\n", path);
        status = UTIL_EXIT_USAGE;
    }
    fclose(f);
    return status;
}

int cmd_select(int argc, char **argv)
{
    selector s;
    memset(&s, 0, sizeof s);
    int lines = 0, either_colour = 0, explicit_queries = 0, status = UTIL_EXIT_OK;
    const char *white = NULL, *black = NULL;
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    args.line_inputs = 0; /* its help says what it reads and its exit status */
    while (status == UTIL_EXIT_OK && cli_next_option(&args)) {
        if (cli_option_is(&args, "--count")) {
            s.count_only = 1;
        } else if (cli_option_is(&args, "--either-colour")) {
            either_colour = 1;
        } else if (cli_option_is(&args, "--lines")) {
            lines = 1;
        } else if (cli_option_is(&args, "--white") || cli_option_is(&args, "--black")) {
            const char **side = cli_option_is(&args, "--white") ? &white : &black;
            if (*side)
                status = cli_usage_error(&args, "%s is given once", args.option);
            else if (!(*side = cli_option_value(&args)))
                status = UTIL_EXIT_USAGE;
            explicit_queries = 1;
        } else if (cli_option_is(&args, "-e") || cli_option_is(&args, "-y") || cli_option_is(&args, "-z")) {
            int is_e = cli_option_is(&args, "-e"), is_z = cli_option_is(&args, "-z");
            const char *value = cli_option_value(&args);
            explicit_queries = 1;
            if (!value) {
                status = UTIL_EXIT_USAGE;
            } else if (!is_e) {
                status = read_query_file(&s, value, is_z);
            } else {
                gbr_query q;
                const char *message = NULL;
                gbr_result r = gbr_query_parse(&q, value, strlen(value), &message);
                if (r.error)
                    status = usage_query_error("-e", 1, r, message);
                else if (add_query(&s, &q, value, strlen(value)) != 0)
                    status = cli_usage_error(&args, "out of memory");
            }
        } else {
            status = cli_unknown_option(&args);
        }
    }
    if (status == UTIL_EXIT_OK && args.exit_status >= 0) { /* --help (0), or a usage error */
        free_queries(&s);
        return args.exit_status;
    }
    if (status == UTIL_EXIT_OK && (white || black)) {
        gbr_query q;
        gbr_query_counts_init(&q);
        char text[64];
        const char *sides[2] = {white, black};
        for (int colour = 0; colour < 2 && status == UTIL_EXIT_OK; colour++) {
            if (!sides[colour])
                continue;
            const char *message = NULL;
            gbr_result r = gbr_query_add_conditions(&q, colour, sides[colour], strlen(sides[colour]), &message);
            if (r.error)
                status = usage_query_error(colour ? "--black" : "--white", 1, r, message);
        }
        snprintf(text, sizeof text, "%s%.24s%s%s%.24s", white ? "white:" : "", white ? white : "",
                 white && black ? " " : "", black ? "black:" : "", black ? black : "");
        if (status == UTIL_EXIT_OK && add_query(&s, &q, text, strlen(text)) != 0)
            status = cli_usage_error(&args, "out of memory");
    }
    int first_file = args.next;
    if (status == UTIL_EXIT_OK && !explicit_queries) {
        /* Leading arguments that read as queries are queries. */
        for (; first_file < argc; first_file++) {
            const char *arg = argv[first_file];
            if (strcmp(arg, "--") == 0) {
                first_file++;
                break;
            }
            gbr_query q;
            if (gbr_query_parse(&q, arg, strlen(arg), NULL).error)
                break;
            if (add_query(&s, &q, arg, strlen(arg)) != 0) {
                status = cli_usage_error(&args, "out of memory");
                break;
            }
        }
    }
    if (status == UTIL_EXIT_OK && s.n == 0) {
        if (first_file < argc) { /* say why the first argument is not a query */
            const char *message = NULL;
            gbr_result r = gbr_query_parse(&(gbr_query){0}, argv[first_file], strlen(argv[first_file]), &message);
            usage_query_error("arg", (unsigned long)(first_file - args.next + 1), r, message);
        }
        status = cli_usage_error(&args, "no query given");
    }
    if (status == UTIL_EXIT_OK) {
        s.counts = calloc(s.n, sizeof *s.counts);
        if (!s.counts)
            status = cli_usage_error(&args, "out of memory");
    }
    if (status != UTIL_EXIT_OK) {
        free_queries(&s);
        return status;
    }
    for (size_t i = 0; i < s.n; i++)
        s.queries[i].query.either_colour |= (uint8_t)either_colour;
    s.codec = args.codec;
    gbr_position start;
    gbr_parse_fen(s.codec, pgn_start_fen, strlen(pgn_start_fen), &start);           /* cannot fail */
    gbr_query_subject_of_position(s.codec, &start, GBR_STIP_NONE, &s.initial); /* cannot fail */

    int read_failed = 0;
    for (int i = first_file; i < argc || i == first_file; i++) {
        int from_stdin = i >= argc || strcmp(argv[i], "-") == 0;
        s.source = i >= argc ? "-" : argv[i];
        int fd = cli_open_input(s.source);
        if (fd < 0) {
            read_failed = 1;
            continue;
        }
        read_failed |= (lines ? select_lines(&s, fd) : select_pgn(&s, fd)) != 0;
        if (!from_stdin)
            close(fd);
        if (i >= argc)
            break;
    }
    if (s.count_only) {
        for (size_t i = 0; i < s.n; i++) {
            util_put_uint((unsigned long)s.counts[i]);
            util_putc('\t');
            util_puts(s.queries[i].text);
            util_putc('\n');
        }
    }
    if (util_flush() != 0)
        read_failed = 1;
    free_queries(&s);
    free(s.counts);
    return read_failed || s.bad_input ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}
