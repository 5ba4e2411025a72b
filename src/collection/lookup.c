/* gbr lookup: the database games with a new position's start position, or
 * its study code (see lookup.h). The keys and symmetries are `gbr
 * duplicates`' own (duplicates_symmetry.c), the tags are read as directory
 * and duplicates read them (game_tags.c), and the date order is
 * duplicates'. The command line (src/cli/cmd_lookup.c) parses the options
 * and opens the inputs. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "directory_entries.h"
#include "game_tags.h"
#include "duplicates.h"
#include "exit_status.h"
#include "grow.h"
#include "lookup.h"
#include "output.h"
#include "pgn_reader.h"
#include "output_file.h"
#include "text.h"

#define NO_TEXT SIZE_MAX

/* A new position. */
typedef struct lookup_item {
    uint8_t position[DUP_POSITION_KEY_SIZE]; /* canonical under the symmetry */
    uint8_t study[DUP_STUDY_KEY_SIZE];       /* canonical */
    uint8_t raw[DUP_POSITION_KEY_SIZE];      /* as it is: what a relation is told against */
    size_t where, form, code;                /* texts: where it was given, its position form, study code */
} lookup_item;

/* A database game found for a new position. */
typedef struct lookup_hit {
    size_t item;
    int same_position;    /* 1: the same position; 0: the same study code only */
    const char *relation; /* a transform's name (same position), static */
    uint32_t date;        /* duplicates_date_key */
    uint64_t order;       /* the database game's number over all databases */
    const char *source;
    unsigned long game, line;
    size_t composer, event, reference, date_text, form; /* texts; NO_TEXT when the tag is absent */
} lookup_hit;

struct lookup {
    const gbr_codec *codec;
    duplicates_symmetry symmetry;
    int json;
    game_tag_choice tags;
    text_encoding encoding;
    const composer_names *names;
    unsigned long long converted; /* tag values converted to UTF-8 */
    char *utf8;                   /* a value converted */
    size_t utf8_cap;
    lookup_item *items;
    size_t items_n, items_cap;
    size_t *by_study; /* item indices sorted by study key, made before the first database: the
                       * same position (canonical) has the same study key, so one index finds both */
    lookup_hit *hits;
    size_t hits_n, hits_cap;
    char *text; /* NUL-terminated texts one after another */
    size_t text_used, text_cap;
    uint64_t games; /* database games read */
    const char *source;
    int failed, bad_input;
};

static const char *text_at(const lookup *l, size_t at) { return l->text + at; }

/* Keeps bytes as a text; its offset, or NO_TEXT when memory ran out (failed set). */
static size_t keep(lookup *l, const char *bytes, size_t len)
{
    char *bigger = util_grow(l->text, &l->text_cap, l->text_used + len + 1, 1);
    if (!bigger) {
        l->failed = 1;
        return NO_TEXT;
    }
    l->text = bigger;
    memcpy(l->text + l->text_used, bytes, len);
    size_t at = l->text_used;
    l->text_used += len;
    l->text[l->text_used++] = '\0';
    return at;
}

/* A tag's value as UTF-8 (text_encoding.h), as directory and duplicates
 * write it; NO_TEXT for a tag that is absent. */
static size_t keep_tag(lookup *l, const pgn_tag *t)
{
    if (!t)
        return NO_TEXT;
    const char *value;
    size_t len;
    int how = text_encoding_value(l->encoding, t->value, t->value_len, &l->utf8, &l->utf8_cap, &value, &len);
    if (how < 0) {
        l->failed = 1;
        return NO_TEXT;
    }
    l->converted += (unsigned)how;
    return keep(l, value, len);
}

lookup *lookup_new(const lookup_options *o)
{
    lookup *l = calloc(1, sizeof *l);
    if (!l) {
        util_out_of_memory("lookup");
        return NULL;
    }
    l->codec = o->codec;
    l->symmetry = o->symmetry;
    l->json = o->json;
    l->tags = o->tags;
    l->encoding = o->encoding;
    l->names = o->names;
    return l;
}

/* The position form and the study code (no stipulation: the keys have none)
 * of a position, kept as texts. */
static void keep_forms(lookup *l, const gbr_position *p, size_t *form, size_t *code)
{
    char text[GBR_POSITION_MAX];
    gbr_result r = gbr_format_position(l->codec, text, sizeof text, p);
    *form = r.error ? keep(l, "", 0) : keep(l, text, r.length);
    if (!code)
        return;
    gbr_counts counts;
    gbr_study s;
    memset(&s, 0, sizeof s);
    gbr_position_counts(p, &counts);
    r = gbr_material_from_counts(l->codec, &counts, &s.material);
    for (uint8_t sq = 0; sq < 64; sq++) {
        if (p->board[sq] == GBR_WK)
            s.white_king = sq;
        else if (p->board[sq] == GBR_BK)
            s.black_king = sq;
    }
    if (!r.error)
        r = gbr_format_study(l->codec, text, sizeof text, &s);
    *code = r.error ? keep(l, "", 0) : keep(l, text, r.length);
}

static void add_item(lookup *l, const gbr_position *p, int castling, const char *where)
{
    lookup_item *bigger = util_grow(l->items, &l->items_cap, l->items_n + 1, sizeof *bigger);
    if (!bigger) {
        l->failed = 1;
        return;
    }
    l->items = bigger;
    lookup_item *it = &l->items[l->items_n++];
    duplicates_position_key(p, castling, it->raw);
    duplicates_canonical_keys(l->symmetry, p, castling, it->position, it->study);
    it->where = keep(l, where, strlen(where));
    keep_forms(l, p, &it->form, &it->code);
}

int lookup_add_text(lookup *l, const char *text, size_t len, const char *where, unsigned long line)
{
    gbr_recognised r;
    gbr_result res = gbr_recognise(l->codec, text, len, &r);
    if (!res.error && r.form != GBR_FORM_FEN && r.form != GBR_FORM_POSITION) {
        util_report(where, line, 1, "a FEN or a position form was required, not a %s", gbr_form_name(r.form));
        l->bad_input = 1;
        return 1;
    }
    if (res.error) {
        util_report(where, line, (unsigned long)(res.column ? res.column : 1), "%s", gbr_error_message(res.error));
        l->bad_input = 1;
        return 1;
    }
    char name[64];
    snprintf(name, sizeof name, "%s %lu", where, line);
    add_item(l, &r.value.position, r.form == GBR_FORM_FEN && duplicates_fen_castling(text, len), name);
    return 0;
}

/* A game's start position; 0, or 1 after reporting its FEN (worded as
 * duplicates, audit, select and directory word it). */
static int game_position(lookup *l, const pgn_game *g, const pgn_tag *fen_tag, gbr_position *p, int *castling)
{
    const char *fen;
    size_t fen_len;
    game_fen_of(fen_tag, &fen, &fen_len);
    gbr_result r = gbr_parse_fen(l->codec, fen, fen_len, p);
    *castling = duplicates_fen_castling(fen, fen_len);
    if (!r.error)
        return 0;
    unsigned long line = fen_tag ? fen_tag->value_at.line : g->start.line;
    unsigned long column = fen_tag ? fen_tag->value_at.column + (r.column ? r.column - 1 : 0) : g->start.column;
    util_report(l->source, line, column, "game %lu: %s%s", g->number, fen_tag ? "FEN tag: " : "",
                gbr_error_message(r.error));
    l->bad_input = 1;
    return 1;
}

static void on_diagnostic(void *context, const pgn_diagnostic *d)
{
    lookup *l = context;
    pgn_print_diagnostic(l->source, d);
    l->bad_input = 1;
}

static void new_game(void *context, const pgn_game *g)
{
    lookup *l = context;
    gbr_position p;
    int castling;
    if (g->malformed || l->failed) /* a malformed tag section is reported by the reader */
        return;
    if (game_position(l, g, game_find_tag(g, "FEN"), &p, &castling) != 0)
        return;
    /* Sized to the source's name: a long path keeps its line and game. */
    size_t cap = strlen(l->source) + 2 * UTIL_DECIMAL_MAX + sizeof ": (game )";
    char *where = malloc(cap);
    if (!where) {
        l->failed = 1;
        return;
    }
    snprintf(where, cap, "%s:%lu (game %lu)", l->source, g->start.line, g->number);
    add_item(l, &p, castling, where);
    free(where);
}

int lookup_add_games(void *context, int fd, const char *source)
{
    static const pgn_handler handler = {NULL, new_game, NULL, on_diagnostic};
    lookup *l = context;
    l->source = source;
    return pgn_read_input(&handler, l, fd, source);
}

/* ---- The databases -------------------------------------------------------- */
static const lookup *sorting; /* qsort has no context argument */

static int item_by_study(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    int c = memcmp(sorting->items[a].study, sorting->items[b].study, DUP_STUDY_KEY_SIZE);
    return c ? c : (a > b) - (a < b);
}

/* The first of `index` (sorted by the key at `offset`) whose key is not
 * less than `key`. */
static size_t lower_bound(const lookup *l, const size_t *index, size_t offset, size_t size, const uint8_t *key)
{
    size_t lo = 0, hi = l->items_n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (memcmp((const uint8_t *)&l->items[index[mid]] + offset, key, size) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int make_index(lookup *l)
{
    if (l->by_study || l->failed)
        return l->failed ? -1 : 0;
    l->by_study = malloc((l->items_n + 1) * sizeof *l->by_study);
    if (!l->by_study) {
        l->failed = 1;
        return -1;
    }
    for (size_t i = 0; i < l->items_n; i++)
        l->by_study[i] = i;
    sorting = l;
    qsort(l->by_study, l->items_n, sizeof *l->by_study, item_by_study);
    sorting = NULL;
    return 0;
}

/* How the database game's position p relates to the new position: the
 * first transform taking p to it, as duplicates tells a group's games. */
static const char *relation(const gbr_position *p, int castling, const lookup_item *it)
{
    for (unsigned t = 0; t < DUP_TRANSFORMS; t++) {
        gbr_position q;
        uint8_t key[DUP_POSITION_KEY_SIZE];
        duplicates_transform(p, t, &q);
        duplicates_position_key(&q, castling, key);
        if (memcmp(key, it->raw, sizeof key) == 0)
            return duplicates_transform_name(t);
    }
    return "?";
}

static void add_hit(lookup *l, const pgn_game *g, const game_tags *tags, const gbr_position *p,
                    int castling, size_t item, int same_position)
{
    lookup_hit *bigger = util_grow(l->hits, &l->hits_cap, l->hits_n + 1, sizeof *bigger);
    if (!bigger) {
        l->failed = 1;
        return;
    }
    l->hits = bigger;
    lookup_hit *h = &l->hits[l->hits_n++];
    memset(h, 0, sizeof *h);
    h->item = item;
    h->same_position = same_position;
    h->relation = same_position ? relation(p, castling, &l->items[item]) : NULL;
    h->date = duplicates_date_key(tags->field[GAME_TAG_YEAR]);
    h->order = l->games;
    h->source = l->source;
    h->game = g->number;
    h->line = g->start.line;
    h->composer = NO_TEXT;
    if (tags->field[GAME_TAG_COMPOSER]) {
        const char *composer;
        size_t len;
        if (composer_field(tags, l->encoding, l->names, &l->utf8, &l->utf8_cap, &composer, &len, &l->converted) != 0)
            l->failed = 1;
        else
            h->composer = keep(l, composer, len);
    }
    h->event = keep_tag(l, tags->field[GAME_TAG_SOURCE]);
    h->reference = keep_tag(l, tags->field[GAME_TAG_REFERENCE]);
    h->date_text = keep_tag(l, tags->field[GAME_TAG_YEAR]);
    keep_forms(l, p, &h->form, NULL);
}

static void database_game(void *context, const pgn_game *g)
{
    lookup *l = context;
    l->games++;
    if (g->malformed || l->failed || l->items_n == 0)
        return;
    game_tags tags;
    game_tags_of(g, &l->tags, &tags);
    gbr_position p;
    int castling;
    if (game_position(l, g, tags.fen, &p, &castling) != 0)
        return;
    uint8_t position[DUP_POSITION_KEY_SIZE], study[DUP_STUDY_KEY_SIZE];
    duplicates_canonical_keys(l->symmetry, &p, castling, position, study);
    size_t at = lower_bound(l, l->by_study, offsetof(lookup_item, study), DUP_STUDY_KEY_SIZE, study);
    for (; at < l->items_n && memcmp(l->items[l->by_study[at]].study, study, DUP_STUDY_KEY_SIZE) == 0; at++) {
        size_t item = l->by_study[at];
        add_hit(l, g, &tags, &p, castling, item, memcmp(l->items[item].position, position, sizeof position) == 0);
    }
}

int lookup_read_database(void *context, int fd, const char *source)
{
    static const pgn_handler handler = {NULL, database_game, NULL, on_diagnostic};
    lookup *l = context;
    l->source = source;
    if (make_index(l) != 0)
        return 0; /* told by lookup_finish */
    return pgn_read_input(&handler, l, fd, source);
}

/* ---- The answer ----------------------------------------------------------- */
static int hit_order(const void *x, const void *y)
{
    const lookup_hit *a = x, *b = y;
    if (a->item != b->item)
        return a->item < b->item ? -1 : 1;
    if (a->same_position != b->same_position)
        return a->same_position ? -1 : 1;
    if (a->date != b->date)
        return a->date < b->date ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order);
}

static void put_or(util_sink *out, const lookup *l, size_t text, const char *absent)
{
    if (text == NO_TEXT)
        util_put(out, absent);
    else
        util_write(out, text_at(l, text), strlen(text_at(l, text)));
}

static void put_json_text(util_sink *out, const lookup *l, size_t text)
{
    if (text == NO_TEXT)
        util_put(out, "null");
    else
        util_put_json_text(out, text_at(l, text), strlen(text_at(l, text)));
}

static void put_hit_text(util_sink *out, const lookup *l, const lookup_hit *h)
{
    util_put(out, "    ");
    put_or(out, l, h->date_text, "????.??.??");
    util_put(out, "  "); /* "?" for a missing name, as PGN writes an unknown one */
    put_or(out, l, h->composer, "?");
    util_put(out, " | "); /* a bar: names hold commas */
    put_or(out, l, h->event, "?");
    if (h->reference != NO_TEXT && text_at(l, h->reference)[0]) {
        util_put(out, " | ");
        put_or(out, l, h->reference, "");
    }
    util_put(out, " -- ");
    util_put(out, h->source);
    util_put(out, ":");
    util_put_uint(out, h->line);
    util_put(out, " (game ");
    util_put_uint(out, h->game);
    util_put(out, ") ");
    if (h->same_position)
        util_put(out, h->relation);
    else
        put_or(out, l, h->form, "");
    util_put(out, "\n");
}

static void put_hit_json(util_sink *out, const lookup *l, const lookup_hit *h, int first)
{
    util_put(out, first ? "\n      {\"composer\": " : ",\n      {\"composer\": ");
    put_json_text(out, l, h->composer);
    util_put(out, ", \"source\": ");
    put_json_text(out, l, h->event);
    util_put(out, ", \"reference\": ");
    put_json_text(out, l, h->reference);
    util_put(out, ", \"date\": ");
    put_json_text(out, l, h->date_text);
    util_put(out, ", \"year\": ");
    if (h->date == UINT32_MAX)
        util_put(out, "null");
    else
        util_put_uint(out, h->date / 10000);
    if (h->relation) {
        util_put(out, ", \"relation\": ");
        util_put_json_text(out, h->relation, strlen(h->relation));
    }
    util_put(out, ", \"position\": ");
    put_json_text(out, l, h->form);
    util_put(out, ", \"file\": ");
    directory_put_json_name(out, h->source, strlen(h->source));
    util_put(out, ", \"game\": ");
    util_put_uint(out, h->game);
    util_put(out, ", \"line\": ");
    util_put_uint(out, h->line);
    util_put(out, "}");
}

static const char *symmetry_name(duplicates_symmetry s)
{
    return s == DUP_SYMMETRY_NONE ? "none" : s == DUP_SYMMETRY_MIRROR ? "mirror" : "all";
}

/* The answer for every new position, in the order given; the number of new
 * positions something was found for in *found. -1 when it could not be written. */
static int write_answer(const lookup *l, size_t found)
{
    util_output_file file;
    if (util_output_file_open(&file, NULL) != 0)
        return -1;
    util_sink *out = &file.sink;
    if (l->json) {
        util_put(out, "{\"games\": ");
        util_put_uint(out, l->games);
        util_put(out, ", \"symmetry\": \"");
        util_put(out, symmetry_name(l->symmetry));
        util_put(out, "\", \"found\": ");
        util_put_uint(out, found);
        util_put(out, ",\n  \"positions\": [");
    } else {
        util_put(out, "GBR lookup: ");
        util_put_uint(out, l->items_n);
        util_put(out, l->items_n == 1 ? " new position, " : " new positions, ");
        util_put_uint(out, l->games);
        util_put(out, l->games == 1 ? " database game (symmetry " : " database games (symmetry ");
        util_put(out, symmetry_name(l->symmetry));
        util_put(out, "), ");
        util_put_uint(out, found);
        util_put(out, " found\n");
    }
    size_t h = 0;
    for (size_t i = 0; i < l->items_n; i++) {
        const lookup_item *it = &l->items[i];
        size_t first = h, positions = 0, studies = 0;
        for (; h < l->hits_n && l->hits[h].item == i; h++)
            l->hits[h].same_position ? positions++ : studies++;
        if (l->json) {
            util_put(out, i ? ",\n    {\"where\": " : "\n    {\"where\": ");
            directory_put_json_name(out, text_at(l, it->where), strlen(text_at(l, it->where)));
            util_put(out, ", \"position\": ");
            put_json_text(out, l, it->form);
            util_put(out, ", \"study\": ");
            put_json_text(out, l, it->code);
            util_put(out, ",\n     \"same_position\": [");
            for (size_t k = first; k < first + positions; k++)
                put_hit_json(out, l, &l->hits[k], k == first);
            util_put(out, "],\n     \"same_study\": [");
            for (size_t k = first + positions; k < h; k++)
                put_hit_json(out, l, &l->hits[k], k == first + positions);
            util_put(out, "]}");
            continue;
        }
        util_put(out, "\n");
        put_or(out, l, it->where, "");
        util_put(out, ": ");
        put_or(out, l, it->form, "");
        util_put(out, "\n");
        if (positions + studies == 0)
            util_put(out, "  not found\n");
        if (positions) {
            util_put(out, "  same position: ");
            util_put_uint(out, positions);
            util_put(out, positions == 1 ? " game\n" : " games\n");
        }
        for (size_t k = first; k < first + positions; k++)
            put_hit_text(out, l, &l->hits[k]);
        if (studies) {
            util_put(out, "  same study code ");
            put_or(out, l, it->code, "");
            util_put(out, ", other positions: ");
            util_put_uint(out, studies);
            util_put(out, studies == 1 ? " game\n" : " games\n");
        }
        for (size_t k = first + positions; k < h; k++)
            put_hit_text(out, l, &l->hits[k]);
    }
    if (l->json)
        util_put(out, "]}\n");
    return util_output_file_commit(&file);
}

int lookup_finish(lookup *l, int read_failed)
{
    int status = UTIL_EXIT_OK;
    if (!l->failed) {
        if (l->hits_n) /* (no array at all when nothing was found) */
            qsort(l->hits, l->hits_n, sizeof *l->hits, hit_order);
        if (l->converted)
            util_error("lookup", "%llu %s %s", l->converted, l->converted == 1 ? "value" : "values",
                       text_encoding_converted_how(l->encoding));
        size_t found = 0;
        for (size_t h = 0; h < l->hits_n; h++)
            found += h == 0 || l->hits[h].item != l->hits[h - 1].item;
        if (write_answer(l, found) != 0)
            status = UTIL_EXIT_INPUT;
        else if (read_failed || l->bad_input)
            status = UTIL_EXIT_INPUT;
        else if (found == 0)
            status = LOOKUP_EXIT_NOT_FOUND;
    } else {
        util_out_of_memory("lookup");
        status = UTIL_EXIT_INPUT;
    }
    free(l->items);
    free(l->by_study);
    free(l->hits);
    free(l->text);
    free(l->utf8);
    free(l);
    return status;
}
