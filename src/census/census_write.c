/* The census's writers: text table, TSV, JSON (the tally itself) and one
 * HTML page with an SVG chart. See census.h and docs/census.md. */
#include <stdio.h> /* snprintf into a buffer: no output */
#include <stdlib.h>
#include <string.h>

#include "census_internal.h"
#include "output.h"
#include "text.h"

enum { STRONGER_NONE, STRONGER_WHITE, STRONGER_BLACK, STRONGER_UNKNOWN };
static const char *const stronger_words[] = {"-", "White", "Black", "?"};

/* One row of the output: a class, or a group of classes. */
typedef struct row {
    char code[CENSUS_PATTERN_MAX + 1]; /* a material code, a group's or a query's text */
    char name[GBR_NAME_MAX + 4];
    uint32_t key; /* directory order */
    uint64_t games, plies, endings, results[CENSUS_RESULTS];
    int stronger;
} row;

/* The stronger side of a code by the usual piece values (pawns left out
 * when pawns is 0, for a group), and its name ("-" when a digit is 9). */
static int describe(const gbr_material *code, int pawns, char *name, size_t cap)
{
    gbr_counts counts;
    unsigned unknown = 0;
    strcpy(name, "-");
    if (gbr_material_decode(NULL, code, &counts, &unknown).error || unknown)
        return STRONGER_UNKNOWN;
    if (!pawns)
        counts.count[0][GBR_PAWN] = counts.count[1][GBR_PAWN] = 0;
    gbr_result r = gbr_format_name(NULL, name, cap, &counts);
    if (r.error)
        strcpy(name, "-");
    else
        name[r.length] = '\0';
    if (!pawns && !r.error) { /* "KRvKR" as the pattern "KRP*vKRP*" */
        char *v = strchr(name, 'v');
        char tail[GBR_NAME_MAX];
        if (v && strlen(name) + 5 < cap) {
            strcpy(tail, v);
            strcpy(v, "P*");
            strcat(name, tail);
            strcat(name, "P*");
        }
    }
    int w = census_value(&counts, 0), b = census_value(&counts, 1);
    return w > b ? STRONGER_WHITE : b > w ? STRONGER_BLACK : STRONGER_NONE;
}

static void add_counts(row *r, const census_class *c)
{
    r->games += c->games;
    r->plies += c->plies;
    r->endings += c->endings;
    for (int i = 0; i < CENSUS_RESULTS; i++)
        r->results[i] += c->results[i];
}

static int by_key(const void *a, const void *b)
{
    uint32_t ka = ((const row *)a)->key, kb = ((const row *)b)->key;
    return ka < kb ? -1 : ka > kb;
}

static int by_frequency(const void *a, const void *b)
{
    const row *x = a, *y = b;
    if (x->endings != y->endings)
        return x->endings > y->endings ? -1 : 1;
    if (x->games != y->games)
        return x->games > y->games ? -1 : 1;
    return by_key(a, b);
}

/* The rows of --pattern: a query each, the classes it matches added up;
 * the stronger side is the classes' when they all have the same, else
 * unknown. */
static row *pattern_rows(const census_class *classes, size_t classes_n, const census_output *out)
{
    row *rows = calloc(out->patterns_n ? out->patterns_n : 1, sizeof *rows);
    if (!rows)
        return NULL;
    for (size_t p = 0; p < out->patterns_n; p++) {
        snprintf(rows[p].code, sizeof rows[p].code, "%s", out->pattern_texts[p]);
        strcpy(rows[p].name, "-");
        rows[p].key = (uint32_t)p;
        rows[p].stronger = -1; /* none met yet */
    }
    for (size_t i = 0; i < classes_n; i++) {
        gbr_query_subject subject;
        gbr_query_subject_of_material(&classes[i].code, &subject);
        char name[GBR_NAME_MAX + 4];
        int stronger = describe(&classes[i].code, 1, name, sizeof name);
        for (size_t p = 0; p < out->patterns_n; p++) {
            if (!gbr_query_match(&out->patterns[p], &subject))
                continue;
            add_counts(&rows[p], &classes[i]);
            rows[p].stronger = rows[p].stronger < 0 || rows[p].stronger == stronger ? stronger : STRONGER_UNKNOWN;
        }
    }
    for (size_t p = 0; p < out->patterns_n; p++)
        if (rows[p].stronger < 0)
            rows[p].stronger = STRONGER_UNKNOWN;
    return rows;
}

/* The rows of the output, in its order; NULL when memory runs out. */
static row *rows_of(census_tally *t, const census_output *out, size_t *n)
{
    size_t classes_n;
    const census_class *classes = census_tally_classes(t, &classes_n);
    if (!classes)
        return NULL;
    if (out->patterns_n) {
        row *rows = pattern_rows(classes, classes_n, out);
        if (rows && out->order == CENSUS_ORDER_FREQUENCY)
            qsort(rows, out->patterns_n, sizeof *rows, by_frequency);
        *n = out->patterns_n;
        return rows;
    }
    row *rows = calloc(classes_n ? classes_n : 1, sizeof *rows);
    if (!rows)
        return NULL;
    for (size_t i = 0; i < classes_n; i++) {
        const census_class *c = &classes[i];
        row *r = &rows[i];
        gbr_material code = c->code;
        if (out->group == CENSUS_GROUP_PIECES) {
            code.pawns[0] = code.pawns[1] = 0;
            for (int d = 0; d < 4; d++) /* digits 0-9 */
                r->code[d] = (char)('0' + code.digit[d] % 10);
            memcpy(r->code + 4, ".*", 3);
        } else {
            gbr_result f = gbr_format_material(NULL, r->code, sizeof r->code, &code);
            r->code[f.error ? 0 : f.length] = '\0';
        }
        r->key = gbr_material_key_of(NULL, &code);
        r->stronger = describe(&code, out->group != CENSUS_GROUP_PIECES, r->name, sizeof r->name);
        add_counts(r, c);
    }
    /* A group's classes brought together, then added into one row. */
    size_t k = 0;
    if (out->group == CENSUS_GROUP_PIECES) {
        qsort(rows, classes_n, sizeof *rows, by_key);
        for (size_t i = 0; i < classes_n; i++) {
            if (k && rows[k - 1].key == rows[i].key) {
                row *into = &rows[k - 1];
                into->games += rows[i].games;
                into->plies += rows[i].plies;
                into->endings += rows[i].endings;
                for (int j = 0; j < CENSUS_RESULTS; j++)
                    into->results[j] += rows[i].results[j];
            } else {
                rows[k++] = rows[i];
            }
        }
    } else {
        k = classes_n;
    }
    if (out->order == CENSUS_ORDER_FREQUENCY)
        qsort(rows, k, sizeof *rows, by_frequency);
    *n = k;
    return rows;
}

/* The stronger side's win, draw and loss. */
static void stronger_results(const row *r, uint64_t s[3])
{
    int black = r->stronger == STRONGER_BLACK;
    s[0] = r->results[black ? CENSUS_LOSS : CENSUS_WIN];
    s[1] = r->results[CENSUS_DRAW];
    s[2] = r->results[black ? CENSUS_WIN : CENSUS_LOSS];
}

/* a * b / c, rounded down, for any counts (c > 0; exact when the result
 * fits, as it does for a <= c). A product past 64 bits (hand-made tallies
 * of huge counts) is divided a bit at a time. */
static uint64_t scaled(uint64_t a, uint64_t b, uint64_t c)
{
    if (b == 0 || a <= UINT64_MAX / b)
        return a * b / c;
    uint64_t p0 = (a & 0xffffffffu) * (b & 0xffffffffu), p1 = (a & 0xffffffffu) * (b >> 32);
    uint64_t p2 = (a >> 32) * (b & 0xffffffffu), p3 = (a >> 32) * (b >> 32);
    uint64_t mid = (p0 >> 32) + (p1 & 0xffffffffu) + (p2 & 0xffffffffu);
    uint64_t lo = (p0 & 0xffffffffu) | mid << 32, hi = p3 + (p1 >> 32) + (p2 >> 32) + (mid >> 32);
    uint64_t q = 0, r = 0;
    for (int i = 127; i >= 0; i--) {
        uint64_t bit = i >= 64 ? hi >> (i - 64) & 1 : lo >> i & 1;
        int carry = (int)(r >> 63);
        r = r << 1 | bit;
        q <<= 1;
        if (carry || r >= c) {
            r -= c;
            q |= 1;
        }
    }
    return q;
}

/* part / whole as a percentage with one decimal ("12.3%"), rounded half up;
 * "-" for a whole of 0. Integers, so every machine writes the same. */
static void put_share(util_sink *s, uint64_t part, uint64_t whole, int width)
{
    char text[32];
    if (whole == 0) {
        strcpy(text, "-");
    } else {
        uint64_t tenths = scaled(part, 2000, whole);
        tenths = tenths / 2 + tenths % 2; /* rounded half up */
        snprintf(text, sizeof text, "%llu.%llu%%", (unsigned long long)(tenths / 10),
                 (unsigned long long)(tenths % 10));
    }
    for (int pad = width - (int)strlen(text); pad > 0; pad--)
        util_putc(s, ' ');
    util_put(s, text);
}

static void put_padded_uint(util_sink *s, uint64_t v, int width)
{
    char text[UTIL_DECIMAL_MAX];
    size_t n = util_decimal(text, v);
    for (int pad = width - (int)n; pad > 0; pad--)
        util_putc(s, ' ');
    util_write(s, text, n);
}

static void put_padded_text(util_sink *s, const char *text, int width)
{
    util_put(s, text);
    for (int pad = width - (int)strlen(text); pad > 0; pad--)
        util_putc(s, ' ');
}

/* What the ending is, in words. */
static void put_ending_words(util_sink *s, const census_options *o)
{
    switch (o->ending) {
    case CENSUS_ENDING_PHASE:
        util_putf(s, "the class of the first position with at most %u pieces besides kings and pawns", o->pieces);
        break;
    case CENSUS_ENDING_FINAL:
        util_put(s, "the class of the last position");
        break;
    case CENSUS_ENDING_EVERY:
        util_put(s, "every class reached");
        break;
    }
}

static void put_date(util_sink *s, uint32_t d)
{
    util_putf(s, "%04u-%02u-%02u", (unsigned)(d / 10000), (unsigned)(d / 100 % 100), (unsigned)(d % 100));
}

/* The filters in words, "" when none. */
static void put_filter_words(util_sink *s, const census_options *o)
{
    if (o->min_elo)
        util_putf(s, "; both players rated at least %u", o->min_elo);
    if (o->speeds) {
        util_put(s, "; time control ");
        const char *sep = "";
        for (int i = 0; i < CENSUS_SPEEDS; i++)
            if (o->speeds >> i & 1) {
                util_put(s, sep);
                util_put(s, census_speed_names[i]);
                sep = ", ";
            }
    }
    if (o->date_from || o->date_to) {
        util_put(s, "; played ");
        if (o->date_from) {
            util_put(s, "from ");
            put_date(s, o->date_from);
        }
        if (o->date_to) {
            util_put(s, o->date_from ? " to " : "up to ");
            put_date(s, o->date_to);
        }
    }
}

static void write_text(census_tally *t, const row *rows, size_t n, util_sink *s)
{
    const census_totals *g = &t->totals;
    const census_options *o = &t->options;
    util_putf(s, "Games: %llu read, %llu counted, %llu left out by the filters, %llu not replayed\n",
              (unsigned long long)g->games, (unsigned long long)g->counted, (unsigned long long)g->filtered,
              (unsigned long long)g->not_replayed);
    util_put(s, "Ending: ");
    put_ending_words(s, o);
    if (o->fold)
        util_put(s, "; a class and its colours reversed are one, the stronger side first");
    put_filter_words(s, o);
    util_put(s, "\n");
    if (o->ending == CENSUS_ENDING_PHASE)
        util_putf(s, "Counted games that never reach it: %llu\n", (unsigned long long)g->no_ending);
    util_put(s, "\n");
    int fold = o->fold;
    util_putf(s, "%-8s %-24s %9s %7s %9s %10s %7s %7s %7s %7s  %-8s %7s %7s %7s\n", "code", "name", "endings",
              "share", "games", "plies", fold ? "win" : "1-0", fold ? "draw" : "1/2", fold ? "loss" : "0-1", "other",
              "stronger", "s.win", "s.draw", "s.loss");
    uint64_t ended = o->ending == CENSUS_ENDING_EVERY ? g->counted : g->counted - g->no_ending;
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        put_padded_text(s, r->code, 8); /* a longer query's text pushes the row on */
        util_putc(s, ' ');
        put_padded_text(s, r->name, 24);
        util_putc(s, ' ');
        put_padded_uint(s, r->endings, 9);
        util_putc(s, ' ');
        put_share(s, r->endings, ended, 7);
        util_putc(s, ' ');
        put_padded_uint(s, r->games, 9);
        util_putc(s, ' ');
        put_padded_uint(s, r->plies, 10);
        for (int k = 0; k < 3; k++) {
            util_putc(s, ' ');
            put_share(s, r->results[k], r->endings, 7);
        }
        util_putc(s, ' ');
        put_share(s, r->results[CENSUS_UNFINISHED] + r->results[CENSUS_UNKNOWN], r->endings, 7);
        util_put(s, "  ");
        put_padded_text(s, stronger_words[r->stronger], 8);
        uint64_t sr[3];
        stronger_results(r, sr);
        for (int k = 0; k < 3; k++) {
            util_putc(s, ' ');
            if (r->stronger == STRONGER_WHITE || r->stronger == STRONGER_BLACK)
                put_share(s, sr[k], r->endings, 7);
            else
                put_padded_text(s, "      -", 7);
        }
        util_putc(s, '\n');
    }
}

static void write_tsv(const row *rows, size_t n, util_sink *s)
{
    util_put(s, "code\tname\tendings\tgames\tplies\twin\tdraw\tloss\tunfinished\tunknown\tstronger\tstronger_win\t"
                "stronger_draw\tstronger_loss\n");
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        util_put(s, r->code);
        util_putc(s, '\t');
        util_put(s, r->name);
        uint64_t values[] = {r->endings, r->games, r->plies};
        for (size_t k = 0; k < 3; k++) {
            util_putc(s, '\t');
            util_put_uint(s, values[k]);
        }
        for (int k = 0; k < CENSUS_RESULTS; k++) {
            util_putc(s, '\t');
            util_put_uint(s, r->results[k]);
        }
        util_putc(s, '\t');
        util_put(s, stronger_words[r->stronger]);
        uint64_t sr[3];
        stronger_results(r, sr);
        for (int k = 0; k < 3; k++) {
            util_putc(s, '\t');
            if (r->stronger == STRONGER_WHITE || r->stronger == STRONGER_BLACK)
                util_put_uint(s, sr[k]);
            else
                util_putc(s, '-');
        }
        util_putc(s, '\n');
    }
}

static void put_results_json(util_sink *s, const uint64_t results[CENSUS_RESULTS])
{
    util_putc(s, '[');
    for (int k = 0; k < CENSUS_RESULTS; k++) {
        if (k)
            util_put(s, ", ");
        util_put_uint(s, results[k]);
    }
    util_putc(s, ']');
}

/* The tally itself, every class in directory order: what --merge reads. */
static int write_json(census_tally *t, util_sink *s)
{
    size_t n;
    const census_class *classes = census_tally_classes(t, &n);
    if (!classes)
        return -1;
    const census_options *o = &t->options;
    const census_totals *g = &t->totals;
    util_putf(s, "{\n  \"format\": \"gbr census\",\n  \"version\": %d,\n", CENSUS_JSON_VERSION);
    util_putf(s, "  \"options\": {\"ending\": \"%s\", \"pieces\": %u, \"fold\": %s, \"min_elo\": %u, \"speeds\": [",
              census_ending_names[o->ending], o->pieces, o->fold ? "true" : "false", o->min_elo);
    const char *sep = "";
    for (int i = 0; i < CENSUS_SPEEDS; i++)
        if (o->speeds >> i & 1) {
            util_putf(s, "%s\"%s\"", sep, census_speed_names[i]);
            sep = ", ";
        }
    util_put(s, "], \"from\": ");
    if (o->date_from) {
        util_putc(s, '"');
        put_date(s, o->date_from);
        util_putc(s, '"');
    } else {
        util_put(s, "null");
    }
    util_put(s, ", \"to\": ");
    if (o->date_to) {
        util_putc(s, '"');
        put_date(s, o->date_to);
        util_putc(s, '"');
    } else {
        util_put(s, "null");
    }
    util_putf(s,
              "},\n  \"totals\": {\"games\": %llu, \"counted\": %llu, \"filtered\": %llu, \"not_replayed\": %llu, "
              "\"no_ending\": %llu, \"results\": ",
              (unsigned long long)g->games, (unsigned long long)g->counted, (unsigned long long)g->filtered,
              (unsigned long long)g->not_replayed, (unsigned long long)g->no_ending);
    put_results_json(s, g->results);
    util_put(s, "},\n  \"classes\": [");
    for (size_t i = 0; i < n; i++) {
        const census_class *c = &classes[i];
        char code[GBR_MATERIAL_MAX + 1], name[GBR_NAME_MAX + 4];
        gbr_result f = gbr_format_material(NULL, code, sizeof code, &c->code);
        code[f.error ? 0 : f.length] = '\0';
        describe(&c->code, 1, name, sizeof name);
        util_put(s, i ? ",\n    " : "\n    ");
        util_putf(s, "{\"code\": \"%s\", \"name\": \"%s\", \"games\": %llu, \"plies\": %llu, \"endings\": %llu, "
                     "\"results\": ",
                  code, name, (unsigned long long)c->games, (unsigned long long)c->plies,
                  (unsigned long long)c->endings);
        put_results_json(s, c->results);
        util_putc(s, '}');
    }
    util_put(s, n ? "\n  ]\n}\n" : "]\n}\n");
    return 0;
}

/* ---- The HTML page ---- */

/* The chart's colours: the first side's win, draw, loss, other. */
static const char *const part_colours[4] = {"#4e79a7", "#b8b0a8", "#d4543c", "#eeeeee"};
#define CHART_ROWS 40
#define CHART_LABEL 230
#define CHART_BAR 540
#define CHART_ROW 22

static void html_text(util_sink *s, const char *text) { util_put_html(s, text, strlen(text)); }

static void write_chart(const census_options *o, const row *rows, size_t n, util_sink *s)
{
    size_t shown = n < CHART_ROWS ? n : CHART_ROWS;
    uint64_t most = 0;
    for (size_t i = 0; i < shown; i++)
        if (rows[i].endings > most)
            most = rows[i].endings;
    unsigned height = (unsigned)(shown * CHART_ROW + 50);
    unsigned width = CHART_LABEL + CHART_BAR + 90;
    util_putf(s,
              "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" "
              "role=\"img\" aria-labelledby=\"chart-title\">\n<title id=\"chart-title\">Games by ending, "
              "with their results</title>\n",
              width, height, width, height);
    const char *words[4] = {o->fold ? "stronger side wins" : "1-0", o->fold ? "draw" : "1/2-1/2",
                            o->fold ? "stronger side loses" : "0-1", "unfinished or unknown"};
    for (int k = 0; k < 4; k++) {
        unsigned x = CHART_LABEL + (unsigned)k * 150;
        util_putf(s, "<rect x=\"%u\" y=\"4\" width=\"12\" height=\"12\" fill=\"%s\" stroke=\"#777\"/>", x,
                  part_colours[k]);
        util_putf(s, "<text x=\"%u\" y=\"15\">%s</text>\n", x + 16, words[k]);
    }
    for (size_t i = 0; i < shown; i++) {
        const row *r = &rows[i];
        unsigned y = (unsigned)(30 + i * CHART_ROW);
        util_putf(s, "<text x=\"%u\" y=\"%u\" text-anchor=\"end\">", CHART_LABEL - 8, y + 14);
        html_text(s, strcmp(r->name, "-") ? r->name : r->code);
        util_put(s, "</text>");
        uint64_t bar = most ? scaled(r->endings, CHART_BAR, most) : 0;
        uint64_t parts[4] = {r->results[CENSUS_WIN], r->results[CENSUS_DRAW], r->results[CENSUS_LOSS],
                             r->results[CENSUS_UNFINISHED] + r->results[CENSUS_UNKNOWN]};
        uint64_t x = CHART_LABEL, done = 0;
        for (int k = 0; k < 4; k++) {
            /* Each part ends where its running total ends, so the parts add up to the bar. */
            uint64_t end = r->endings ? scaled(done + parts[k], bar, r->endings) : 0;
            uint64_t start = r->endings ? scaled(done, bar, r->endings) : 0;
            done += parts[k];
            if (end > start) {
                util_putf(s, "<rect x=\"%llu\" y=\"%u\" width=\"%llu\" height=\"16\" fill=\"%s\"><title>",
                          (unsigned long long)(x + start), y, (unsigned long long)(end - start), part_colours[k]);
                html_text(s, r->code);
                util_putf(s, " %s: %llu</title></rect>", words[k], (unsigned long long)parts[k]);
            }
        }
        util_putf(s, "<text x=\"%llu\" y=\"%u\">%llu</text>\n", (unsigned long long)(x + bar + 6), y + 14,
                  (unsigned long long)r->endings);
    }
    util_put(s, "</svg>\n");
}

static const char page_style[] =
    "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222;background:#fff}"
    "h1{font-size:1.4em}svg{font-size:12px;max-width:100%;height:auto}svg text{fill:#222}"
    "table{border-collapse:collapse;margin-top:1em;font-size:0.9em}"
    "th,td{padding:2px 8px;border-bottom:1px solid #ddd;text-align:right}"
    "th:nth-child(-n+2),td:nth-child(-n+2){text-align:left}"
    "code{font-family:ui-monospace,monospace}";

static void write_html(census_tally *t, const census_output *out, const row *rows, size_t n, util_sink *s)
{
    const census_options *o = &t->options;
    const census_totals *g = &t->totals;
    const char *title = out->title ? out->title : "GBR census";
    util_put(s, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>");
    html_text(s, title);
    util_put(s, "</title>\n<style>");
    util_put(s, page_style);
    util_put(s, "</style>\n</head>\n<body>\n<h1>");
    html_text(s, title);
    util_putf(s, "</h1>\n<p>%llu games read, %llu counted, %llu left out by the filters, %llu not replayed",
              (unsigned long long)g->games, (unsigned long long)g->counted, (unsigned long long)g->filtered,
              (unsigned long long)g->not_replayed);
    if (o->ending == CENSUS_ENDING_PHASE)
        util_putf(s, "; %llu counted games never reach an ending", (unsigned long long)g->no_ending);
    util_put(s, ".</p>\n<p>Ending: ");
    put_ending_words(s, o);
    if (o->fold)
        util_put(s, "; a class and its colours reversed are one, the stronger side first");
    put_filter_words(s, o);
    if (n > CHART_ROWS)
        util_putf(s, ".</p>\n<p>The %d most frequent endings:</p>\n", CHART_ROWS);
    else
        util_put(s, ".</p>\n<p>The endings, the most frequent first:</p>\n");
    /* The chart shows the rows by frequency whatever the table's order. */
    row *by_frequency_rows = malloc((n ? n : 1) * sizeof *by_frequency_rows);
    if (by_frequency_rows) {
        memcpy(by_frequency_rows, rows, n * sizeof *rows);
        qsort(by_frequency_rows, n, sizeof *rows, by_frequency);
        write_chart(o, by_frequency_rows, n, s);
        free(by_frequency_rows);
    }
    util_putf(s,
              "<table>\n<thead><tr><th>code</th><th>name</th><th>endings</th><th>games reaching</th>"
              "<th>plies</th><th>%s</th><th>%s</th><th>%s</th><th>other</th><th>stronger</th>"
              "<th>stronger wins</th><th>draws</th><th>stronger loses</th></tr></thead>\n<tbody>\n",
              o->fold ? "win" : "1-0", o->fold ? "draw" : "½-½", o->fold ? "loss" : "0-1");
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        util_put(s, "<tr><td><code>");
        html_text(s, r->code);
        util_put(s, "</code></td><td>");
        html_text(s, r->name);
        util_putf(s, "</td><td>%llu</td><td>%llu</td><td>%llu</td>", (unsigned long long)r->endings,
                  (unsigned long long)r->games, (unsigned long long)r->plies);
        uint64_t other = r->results[CENSUS_UNFINISHED] + r->results[CENSUS_UNKNOWN];
        uint64_t cells[4] = {r->results[CENSUS_WIN], r->results[CENSUS_DRAW], r->results[CENSUS_LOSS], other};
        for (int k = 0; k < 4; k++) {
            util_put(s, "<td>");
            put_share(s, cells[k], r->endings, 0);
            util_put(s, "</td>");
        }
        util_putf(s, "<td>%s</td>", stronger_words[r->stronger]);
        uint64_t sr[3];
        stronger_results(r, sr);
        for (int k = 0; k < 3; k++) {
            util_put(s, "<td>");
            if (r->stronger == STRONGER_WHITE || r->stronger == STRONGER_BLACK)
                put_share(s, sr[k], r->endings, 0);
            else
                util_putc(s, '-');
            util_put(s, "</td>");
        }
        util_put(s, "</tr>\n");
    }
    util_put(s, "</tbody>\n</table>\n</body>\n</html>\n");
}

int census_write(census_tally *t, const census_output *out, util_sink *s)
{
    if (out->format == CENSUS_JSON)
        return write_json(t, s);
    size_t n;
    row *rows = rows_of(t, out, &n);
    if (!rows)
        return -1;
    if (out->format == CENSUS_TSV)
        write_tsv(rows, n, s);
    else if (out->format == CENSUS_HTML)
        write_html(t, out, rows, n, s);
    else
        write_text(t, rows, n, s);
    free(rows);
    return 0;
}
