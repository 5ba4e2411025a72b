/* gbr audit: check the GBR codes of PGN games against their FEN tags. */
#define _POSIX_C_SOURCE 200809L /* open(2), read(2) */

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "scan_match.h"
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
    "Options:\n"
    "  --fix      write a copy of the input with the codes corrected; everything\n"
    "             else is copied byte for byte\n"
    "  -o OUT     where --fix writes (atomically: a temporary file, then renamed);\n"
    "             with -o - the copy goes to standard output, and the mismatch\n"
    "             lines and the summary to standard error\n"
    "Exit status: 0 no mismatch, 1 some mismatch or unreadable input, 2 usage error.\n";

static const char initial_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

typedef struct tag {
    size_t line;                /* index into the game's lines */
    size_t name, name_len;      /* offsets into the game's bytes */
    size_t value, value_len;
} tag;

typedef struct text_line {
    size_t offset, length;      /* the raw line, with its line end */
    size_t column_base;         /* bytes before column 1 (a BOM) */
    unsigned long number;
} text_line;

/* A code found in a tag, and its replacement when it is wrong. */
typedef struct code_site {
    const tag *in;
    size_t start, end;          /* offsets into the game's bytes */
    int wrong;
    char expected[GBR_POSITION_MAX];
    size_t expected_len;
} code_site;

typedef struct auditor {
    const gbr_codec *codec;
    sort_output *fix;           /* NULL without --fix */
    const char *source;
    /* The tag section of the current game, held until it ends. */
    char *bytes;
    size_t bytes_used, bytes_cap;
    text_line *lines;
    size_t lines_n, lines_cap;
    tag *tags;
    size_t tags_n, tags_cap;
    /* The game's codes, one per code tag, in line order. */
    code_site *sites;
    scan_match *matches;
    size_t sites_cap, matches_cap;
    int in_tags;
    unsigned long game;         /* number in the current file */
    unsigned long long games, checked, mismatches;
    int bad_input;
    /* With --fix -o - the copy owns standard output, so the mismatch lines and
     * the summary go to standard error, each line held here and written whole. */
    int report_to_stderr;
    char *text;
    size_t text_used, text_cap;
} auditor;

static void *grow(void *array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return array;
    size_t n = *cap ? *cap : 64;
    while (n < need)
        n *= 2;
    void *bigger = realloc(array, n * size);
    if (bigger)
        *cap = n;
    return bigger;
}

static int tag_is(const auditor *a, const tag *t, const char *name)
{
    size_t n = strlen(name);
    return t->name_len == n && memcmp(a->bytes + t->name, name, n) == 0;
}

static const tag *find_tag(const auditor *a, const char *name)
{
    for (size_t i = 0; i < a->tags_n; i++)
        if (tag_is(a, &a->tags[i], name))
            return &a->tags[i];
    return NULL;
}

/* Reads the tag pairs [Name "value"] of one line; returns 0 when the line is
 * no tag line. */
static int parse_tags(auditor *a, size_t line_index)
{
    const text_line *l = &a->lines[line_index];
    const char *s = a->bytes;
    size_t at = l->offset + l->column_base, end = l->offset + l->length;
    while (at < end && (s[at] == ' ' || s[at] == '\t'))
        at++;
    if (at >= end || s[at] != '[')
        return 0;
    while (at < end && s[at] == '[') {
        size_t name = ++at;
        while (at < end && s[at] != ' ' && s[at] != '"' && s[at] != ']')
            at++;
        size_t name_len = at - name;
        while (at < end && s[at] == ' ')
            at++;
        if (at >= end || s[at] != '"')
            break;
        size_t value = ++at;
        while (at < end && s[at] != '"') {
            if (s[at] == '\\' && at + 1 < end)
                at++;
            at++;
        }
        if (at >= end)
            break;
        tag *t = grow(a->tags, &a->tags_cap, a->tags_n + 1, sizeof *t);
        if (!t)
            break;
        a->tags = t;
        a->tags[a->tags_n++] = (tag){line_index, name, name_len, value, at - value};
        at++;
        while (at < end && s[at] != '[' && s[at] != '\r' && s[at] != '\n')
            at++;
    }
    return 1;
}

static const text_line *line_of(const auditor *a, const tag *t) { return &a->lines[t->line]; }

static unsigned long column_of(const auditor *a, const tag *t, size_t offset)
{
    const text_line *l = line_of(a, t);
    return (unsigned long)(offset - l->offset - l->column_base + 1);
}

static void report(auditor *a, const tag *t, size_t offset, const char *what, const char *message)
{
    fprintf(stderr, "gbr: %s:%lu:%lu: game %lu: %s: %s\n", a->source, line_of(a, t)->number,
            column_of(a, t, offset), a->game, what, message);
    a->bad_input = 1;
}

/* The code of a [GBR] tag: its whole value, spaces around it aside, must be
 * one material code, study code or position form, short forms too (spec
 * section 10.1). Scanning the value instead would take a code embedded in junk
 * ("a1h1 0001.00 2/1." gives 0001.00) and let --fix keep the junk. Returns 0
 * for a value that says nothing (empty, or PGN's placeholders "?" for unknown
 * and "-" for not applicable) and, after reporting, for one that is no such
 * form; the tag is then left as it is. */
static int gbr_tag_code(auditor *a, const tag *t, code_site *site, scan_match *m)
{
    const char *value = a->bytes + t->value;
    size_t from = 0, to = t->value_len;
    while (from < to && (value[from] == ' ' || value[from] == '\t'))
        from++;
    while (to > from && (value[to - 1] == ' ' || value[to - 1] == '\t'))
        to--;
    const char *code = value + from;
    size_t len = to - from;
    if (len == 0 || (len == 1 && (code[0] == '?' || code[0] == '-')))
        return 0;
    gbr_result r;
    m->form = gbr_detect_form(code, len);
    switch (m->form) {
    case GBR_FORM_MATERIAL:
        r = a->codec->parse_material(code, len, &m->value.material);
        break;
    case GBR_FORM_STUDY:
        r = a->codec->parse_study(code, len, &m->value.study);
        break;
    case GBR_FORM_POSITION:
        r = a->codec->parse_position(code, len, &m->value.position);
        break;
    default: /* a FEN, a material name or no form: nothing to compare */
        report(a, t, t->value + from, "GBR tag", "not a material code, study code or position form");
        return 0;
    }
    if (r.error) {
        report(a, t, t->value + from + (r.column ? r.column - 1 : 0), "GBR tag", gbr_error_message(r.error));
        return 0;
    }
    /* A wrapper belongs to the tag, not to the code we may rewrite. */
    if (m->form == GBR_FORM_STUDY && (code[0] == '(' || code[0] == '[')) {
        from++;
        to--;
    }
    if (m->form == GBR_FORM_MATERIAL)
        r = a->codec->format_material(m->canonical, sizeof m->canonical, &m->value.material);
    else if (m->form == GBR_FORM_STUDY)
        r = a->codec->format_study(m->canonical, sizeof m->canonical, &m->value.study);
    else
        r = a->codec->format_position(m->canonical, sizeof m->canonical, &m->value.position);
    if (r.error)
        return 0;
    m->canonical_len = r.length;
    site->start = t->value + from;
    site->end = t->value + to;
    return 1;
}

/* The code at the start of a [Black] tag, possibly wrapped: "(+0016.32d4g7) 1st Prize". */
static int black_tag_code(auditor *a, const tag *t, code_site *site, scan_match *m)
{
    const char *value = a->bytes + t->value;
    if (!scan_first(a->codec, value, t->value_len, 0, m))
        return 0;
    if (m->start > 1 || (m->start == 1 && value[0] != '(' && value[0] != '['))
        return 0; /* a name that happens to contain a code further on */
    site->start = t->value + m->start;
    site->end = t->value + m->end;
    return 1;
}

/* What the FEN gives, in the form (and with the stipulation or indicator) of the tag's code. */
static int expected_code(const auditor *a, const gbr_position *fen, const scan_match *m, code_site *site)
{
    gbr_counts counts;
    gbr_material material;
    gbr_position_counts(fen, &counts);
    gbr_result r = a->codec->material_from_counts(&counts, &material);
    if (r.error)
        return -1;
    if (m->form == GBR_FORM_MATERIAL) {
        r = a->codec->format_material(site->expected, sizeof site->expected, &material);
    } else if (m->form == GBR_FORM_STUDY) {
        gbr_study s = m->value.study;
        s.material = material;
        for (uint8_t sq = 0; sq < 64; sq++) {
            if (fen->board[sq] == GBR_WK)
                s.white_king = sq;
            else if (fen->board[sq] == GBR_BK)
                s.black_king = sq;
        }
        r = a->codec->format_study(site->expected, sizeof site->expected, &s);
    } else {
        gbr_position p = *fen;
        p.indicator = m->value.position.indicator;
        r = a->codec->format_position(site->expected, sizeof site->expected, &p);
    }
    if (r.error)
        return -1;
    site->expected_len = r.length;
    site->wrong = r.length != m->canonical_len || memcmp(site->expected, m->canonical, r.length) != 0;
    return 0;
}

/* Part of a report line: to the buffered standard output, or held until
 * end_line when the reports go to standard error. */
static void put(auditor *a, const char *bytes, size_t len)
{
    if (!a->report_to_stderr) {
        cli_write(bytes, len);
        return;
    }
    char *bigger = grow(a->text, &a->text_cap, a->text_used + len, 1);
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
    char digits[24];
    int n = snprintf(digits, sizeof digits, "%llu", value);
    put(a, digits, (size_t)n);
}

static void end_line(auditor *a)
{
    put(a, "\n", 1);
    if (a->report_to_stderr) {
        fwrite(a->text, 1, a->text_used, stderr);
        a->text_used = 0;
    }
}

static void put_tag_value(auditor *a, const char *name)
{
    const tag *t = find_tag(a, name);
    put_str(a, name);
    put_str(a, " \"");
    if (t)
        put(a, a->bytes + t->value, t->value_len);
    put_str(a, "\"");
}

static void print_mismatch(auditor *a, const code_site *site, const scan_match *m)
{
    put_str(a, a->source);
    put_str(a, ":");
    put_uint(a, line_of(a, site->in)->number);
    put_str(a, ":");
    put_uint(a, column_of(a, site->in, site->start));
    put_str(a, ": game ");
    put_uint(a, a->game);
    put_str(a, " (");
    put_tag_value(a, "White");
    put_str(a, ", ");
    put_tag_value(a, "Event");
    put_str(a, "): ");
    put(a, a->bytes + site->in->name, site->in->name_len);
    put_str(a, " tag says ");
    put(a, m->canonical, m->canonical_len);
    put_str(a, ", FEN gives ");
    put(a, site->expected, site->expected_len);
    end_line(a);
}

/* Writes the held tag section, with wrong codes replaced. */
static void write_tags(auditor *a, const code_site *sites, size_t n)
{
    if (!a->fix)
        return;
    size_t at = 0;
    for (size_t i = 0; i < n; i++) {
        if (!sites[i].wrong)
            continue;
        sort_output_write(a->fix, a->bytes + at, sites[i].start - at);
        sort_output_write(a->fix, sites[i].expected, sites[i].expected_len);
        at = sites[i].end;
    }
    sort_output_write(a->fix, a->bytes + at, a->bytes_used - at);
}

/* Room for one code per tag of the game; 0 when memory runs out. */
static int room_for_codes(auditor *a)
{
    if (a->tags_n == 0)
        return 1;
    code_site *sites = grow(a->sites, &a->sites_cap, a->tags_n, sizeof *sites);
    if (sites)
        a->sites = sites;
    scan_match *matches = grow(a->matches, &a->matches_cap, a->tags_n, sizeof *matches);
    if (matches)
        a->matches = matches;
    return sites && matches;
}

static void finish_game(auditor *a)
{
    size_t n = 0;
    const tag *t;
    int room = room_for_codes(a);
    if (!room) { /* the game is copied as it is */
        fprintf(stderr, "gbr: %s: out of memory\n", a->source);
        a->bad_input = 1;
    }
    code_site *sites = a->sites;
    scan_match *matches = a->matches;
    /* Every code tag, in line order, so that the fix can copy around them
     * front to back. */
    for (size_t i = 0; room && i < a->tags_n; i++) {
        t = &a->tags[i];
        memset(&sites[n], 0, sizeof sites[n]);
        if (tag_is(a, t, "GBR") && gbr_tag_code(a, t, &sites[n], &matches[n]))
            sites[n].in = t, n++;
        else if (tag_is(a, t, "Black") && black_tag_code(a, t, &sites[n], &matches[n]))
            sites[n].in = t, n++;
    }
    /* The FEN is read even when the game has no code, so that every
     * unreadable FEN is reported (it is not a mismatch). A game without one
     * starts from the initial position. */
    const tag *fen_tag = find_tag(a, "FEN");
    gbr_position position;
    memset(&position, 0, sizeof position);
    if (fen_tag) {
        gbr_result r = a->codec->parse_fen(a->bytes + fen_tag->value, fen_tag->value_len, &position);
        if (r.error) {
            report(a, fen_tag, fen_tag->value + (r.column ? r.column - 1 : 0), "FEN tag", gbr_error_message(r.error));
            n = 0; /* nothing to check against: the codes stay as they are */
        }
    } else if (n > 0) {
        a->codec->parse_fen(initial_fen, strlen(initial_fen), &position); /* cannot fail */
    }
    if (n > 0) {
        for (size_t i = 0; i < n; i++) {
            if (expected_code(a, &position, &matches[i], &sites[i]) != 0) {
                sites[i].wrong = 0;
                continue;
            }
            /* Each mismatch line counts, so a game whose [Black] and [GBR]
             * tags are both wrong counts two. */
            if (sites[i].wrong) {
                print_mismatch(a, &sites[i], &matches[i]);
                a->mismatches++;
            }
        }
        a->checked++;
    }
    write_tags(a, sites, n);
    a->bytes_used = a->lines_n = a->tags_n = 0;
    a->in_tags = 0;
}

/* One raw line of input, with its line end. */
static void audit_line(auditor *a, const char *line, size_t len, unsigned long number, size_t bom)
{
    size_t at = bom;
    while (at < len && (line[at] == ' ' || line[at] == '\t'))
        at++;
    int is_tag = at < len && line[at] == '[';
    if (!is_tag && !a->in_tags) {
        if (a->fix)
            sort_output_write(a->fix, line, len);
        return;
    }
    if (!is_tag) { /* the tag section is over */
        finish_game(a);
        if (a->fix)
            sort_output_write(a->fix, line, len);
        return;
    }
    if (!a->in_tags) {
        a->in_tags = 1;
        a->game++;
        a->games++;
    }
    char *bytes = grow(a->bytes, &a->bytes_cap, a->bytes_used + len, 1);
    text_line *lines = grow(a->lines, &a->lines_cap, a->lines_n + 1, sizeof *lines);
    if (bytes)
        a->bytes = bytes;
    if (lines)
        a->lines = lines;
    if (!bytes || !lines) {
        fprintf(stderr, "gbr: %s: out of memory\n", a->source);
        a->bad_input = 1;
        return;
    }
    memcpy(a->bytes + a->bytes_used, line, len);
    a->lines[a->lines_n] = (text_line){a->bytes_used, len, bom, number};
    a->bytes_used += len;
    parse_tags(a, a->lines_n++);
}

static int audit_stream(auditor *a, int fd)
{
    size_t cap = (size_t)1 << 20, used = 0, start = 0;
    char *buf = malloc(cap);
    if (!buf) {
        fprintf(stderr, "gbr: %s: out of memory\n", a->source);
        return -1;
    }
    unsigned long number = 0;
    int eof = 0, status = 0;
    a->game = 0;
    while (!eof) {
        if (start > 0) {
            memmove(buf, buf + start, used - start);
            used -= start;
            start = 0;
        }
        if (used == cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger) {
                fprintf(stderr, "gbr: %s: line too long to hold in memory\n", a->source);
                status = -1;
                break;
            }
            buf = bigger;
            cap *= 2;
        }
        ssize_t got = read(fd, buf + used, cap - used);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            fprintf(stderr, "gbr: %s: cannot read: %s\n", a->source, strerror(errno));
            status = -1;
            break;
        }
        if (got == 0)
            eof = 1;
        used += (size_t)got;
        for (;;) {
            const char *nl = memchr(buf + start, '\n', used - start);
            size_t end = nl ? (size_t)(nl - buf) + 1 : (eof ? used : start);
            if (end == start)
                break;
            number++;
            size_t bom = number == 1 && end - start >= 3 && memcmp(buf + start, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
            audit_line(a, buf + start, end - start, number, bom);
            start = end;
        }
    }
    if (a->in_tags)
        finish_game(a);
    free(buf);
    return status;
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
                return CLI_EXIT_USAGE;
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
            return CLI_EXIT_INPUT;
        a.fix = &out;
        a.report_to_stderr = strcmp(output_path, "-") == 0;
    }
    int read_failed = 0;
    if (args.next >= argc) {
        a.source = "-";
        read_failed |= audit_stream(&a, STDIN_FILENO) != 0;
    }
    for (int i = args.next; i < argc; i++) {
        a.source = argv[i];
        int fd = strcmp(argv[i], "-") == 0 ? STDIN_FILENO : open(argv[i], O_RDONLY);
        if (fd < 0) {
            fprintf(stderr, "gbr: %s: cannot open: %s\n", argv[i], strerror(errno));
            read_failed = 1;
            continue;
        }
        read_failed |= audit_stream(&a, fd) != 0;
        if (fd != STDIN_FILENO)
            close(fd);
    }
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
    free(a.bytes);
    free(a.lines);
    free(a.tags);
    free(a.sites);
    free(a.matches);
    free(a.text);
    if (cli_flush() != 0)
        read_failed = 1;
    return read_failed || a.bad_input || a.mismatches ? CLI_EXIT_INPUT : CLI_EXIT_OK;
}
