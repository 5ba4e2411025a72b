/* A PGN game's tags as gbr directory and gbr duplicates read them: see directory_game.h. */
#include <stddef.h>
#include <string.h>

#include "directory_game.h"

const pgn_tag *directory_find_tag(const pgn_game *g, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < g->tags_n; i++) /* a repeated tag: its last pair (pgn_tag.superseded) */
        if (!g->tags[i].superseded && g->tags[i].name_len == n && memcmp(g->tags[i].name, name, n) == 0)
            return &g->tags[i];
    return NULL;
}

int directory_tag_is(const pgn_tag *t, const char *text)
{
    return t && t->value_len == strlen(text) && memcmp(t->value, text, t->value_len) == 0;
}

size_t directory_year_len(const pgn_tag *date)
{
    size_t n = 0;
    while (date && n < 4 && n < date->value_len && date->value[n] >= '0' && date->value[n] <= '9')
        n++;
    return n == 4 ? 4 : 0;
}

const pgn_tag *directory_game_fen(const pgn_game *g, const char **fen, size_t *fen_len)
{
    const pgn_tag *tag = directory_find_tag(g, "FEN");
    directory_fen_of(tag, fen, fen_len);
    return tag;
}

void directory_fen_of(const pgn_tag *fen_tag, const char **fen, size_t *fen_len)
{
    *fen = fen_tag ? fen_tag->raw_value : pgn_start_fen;
    *fen_len = fen_tag ? fen_tag->raw_value_len : strlen(pgn_start_fen);
}

void directory_tag_choice_default(directory_tag_choice *c)
{
    static const char *const defaults[DIRECTORY_TAG_FIELDS][4] = {{"Composer", "Author", "White", NULL},
                                                                  {"Event", NULL, NULL, NULL},
                                                                  {"Date", "EventDate", "Year", NULL},
                                                                  {"Source", NULL, NULL, NULL}};
    memset(c, 0, sizeof *c);
    for (int f = 0; f < DIRECTORY_TAG_FIELDS; f++) {
        directory_tag_list *l = &c->field[f];
        for (l->n = 0; defaults[f][l->n]; l->n++) {
            l->names[l->n] = defaults[f][l->n];
            l->lens[l->n] = strlen(defaults[f][l->n]);
            l->filter |= (uint64_t)1 << directory_tag_filter_bit(l->names[l->n], l->lens[l->n]);
            l->coauthors |= (uint64_t)1 << directory_tag_filter_bit(l->names[l->n], l->lens[l->n] + 1);
        }
    }
}

static int name_char(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
}

int directory_tag_list_parse(const char *text, directory_tag_list *out)
{
    directory_tag_list l;
    memset(&l, 0, sizeof l);
    for (const char *at = text;;) {
        size_t len = 0;
        while (name_char(at[len]))
            len++;
        if (len == 0 || (at[len] != ',' && at[len] != '\0') || l.n == DIRECTORY_TAG_NAMES_MAX)
            return -1;
        l.names[l.n] = at;
        l.lens[l.n++] = len;
        l.filter |= (uint64_t)1 << directory_tag_filter_bit(at, len);
        l.coauthors |= (uint64_t)1 << directory_tag_filter_bit(at, len + 1);
        if (at[len] == '\0')
            break;
        at += len + 1;
    }
    *out = l;
    return 0;
}

int directory_value_unknown(const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] != '?' && s[i] != ' ')
            return 0;
    return 1;
}

/* A tag that may be a co-author's: a composer tag's name and a digit 2-9. */
typedef struct coauthor_tag {
    const pgn_tag *tag;
    size_t list_index;
    unsigned digit;
} coauthor_tag;
#define COAUTHOR_CANDIDATES (2 * DIRECTORY_COAUTHORS_MAX)

static size_t note_coauthor(const directory_tag_list *l, const pgn_tag *t, coauthor_tag *co, size_t n)
{
    for (size_t k = 0; k < l->n && n < COAUTHOR_CANDIDATES; k++)
        if (t->name_len == l->lens[k] + 1 && memcmp(t->name, l->names[k], l->lens[k]) == 0) {
            co[n++] = (coauthor_tag){t, k, (unsigned)(t->name[l->lens[k]] - '0')};
            break;
        }
    return n;
}

/* The co-authors of the composer's tag (list index k), in digit order, the
 * first tag of each digit, those with a known value. */
static void pick_coauthors(const coauthor_tag *co, size_t n, size_t k, directory_game_tags *out)
{
    for (unsigned digit = 2; digit <= 9 && out->coauthors_n < DIRECTORY_COAUTHORS_MAX; digit++)
        for (size_t i = 0; i < n; i++)
            if (co[i].list_index == k && co[i].digit == digit) {
                if (!directory_value_unknown(co[i].tag->value, co[i].tag->value_len))
                    out->coauthors[out->coauthors_n++] = co[i].tag;
                break;
            }
}

void directory_game_tags_of(const pgn_game *g, const directory_tag_choice *c, directory_game_tags *out)
{
    const pgn_tag *found[DIRECTORY_TAG_FIELDS][DIRECTORY_TAG_NAMES_MAX];
    coauthor_tag co[COAUTHOR_CANDIDATES];
    size_t co_n = 0;
    /* Not the co-authors' array: only its first coauthors_n are read. */
    memset(out, 0, offsetof(directory_game_tags, coauthors));
    for (int f = 0; f < DIRECTORY_TAG_FIELDS; f++)
        for (size_t k = 0; k < c->field[f].n; k++)
            found[f][k] = NULL;
    const uint64_t coauthors = c->field[DIRECTORY_TAG_COMPOSER].coauthors;
    uint64_t any = coauthors;
    for (int f = 0; f < DIRECTORY_TAG_FIELDS; f++)
        any |= c->field[f].filter;
    for (size_t i = 0; i < g->tags_n; i++) {
        const pgn_tag *t = &g->tags[i];
        if (t->superseded) /* a repeated tag: its last pair is read */
            continue;
        if (t->name_len == 3 && !out->fen && memcmp(t->name, "FEN", 3) == 0)
            out->fen = t;
        else if (t->name_len == 6 && !out->result && memcmp(t->name, "Result", 6) == 0)
            out->result = t;
        if (!t->name_len)
            continue;
        unsigned bit = directory_tag_filter_bit(t->name, t->name_len);
        if (!(any >> bit & 1u)) /* most tags: none of the names */
            continue;
        char last = t->name[t->name_len - 1];
        if ((coauthors >> bit & 1u) && last >= '2' && last <= '9')
            co_n = note_coauthor(&c->field[DIRECTORY_TAG_COMPOSER], t, co, co_n);
        for (int f = 0; f < DIRECTORY_TAG_FIELDS; f++) {
            const directory_tag_list *l = &c->field[f];
            if (!(l->filter >> bit & 1u))
                continue;
            for (size_t k = 0; k < l->n; k++)
                if (t->name_len == l->lens[k] && !found[f][k] && memcmp(t->name, l->names[k], l->lens[k]) == 0)
                    found[f][k] = t;
        }
    }
    for (int f = 0; f < DIRECTORY_TAG_FIELDS; f++) {
        size_t n = c->field[f].n, fallback = n;
        for (size_t k = 0; k < n; k++) {
            const pgn_tag *t = found[f][k];
            if (!t || !t->value_len)
                continue;
            int known = f == DIRECTORY_TAG_YEAR ? directory_year_len(t) != 0
                                                : !directory_value_unknown(t->value, t->value_len);
            if (known) {
                fallback = k;
                break;
            }
            if (fallback == n)
                fallback = k;
        }
        if (fallback < n) {
            out->field[f] = found[f][fallback];
            out->from[f] = (unsigned char)(fallback + 1);
            if (f == DIRECTORY_TAG_COMPOSER && co_n)
                pick_coauthors(co, co_n, fallback, out);
        }
    }
    /* A tag read as the source is not shown again as the reference
     * (--source-tag Source,Event with the default reference). */
    const pgn_tag *reference = out->field[DIRECTORY_TAG_REFERENCE];
    if (reference && reference == out->field[DIRECTORY_TAG_SOURCE]) {
        out->field[DIRECTORY_TAG_REFERENCE] = NULL;
        out->from[DIRECTORY_TAG_REFERENCE] = 0;
    }
}

const char *directory_malformed_problem(const pgn_game *g, unsigned long *line, unsigned long *column)
{
    /* The reader counts [SetUp "1"] without [FEN] only in a section with no
     * other error, so it is the game's one error then. */
    if (g->setup_without_fen.line && g->malformed == 1) {
        *line = g->setup_without_fen.line;
        *column = g->setup_without_fen.column;
        return "SetUp tag without FEN tag";
    }
    return "malformed tag section (reported above)";
}
