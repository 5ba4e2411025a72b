/* A PGN game's tags as gbr directory and gbr duplicates read them: see directory_game.h. */
#include <string.h>

#include "directory_game.h"

const pgn_tag *directory_find_tag(const pgn_game *g, const char *name)
{
    size_t n = strlen(name);
    for (size_t i = 0; i < g->tags_n; i++)
        if (g->tags[i].name_len == n && memcmp(g->tags[i].name, name, n) == 0)
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

/* Keeps the first tag of a name. */
static void first(const pgn_tag **slot, const pgn_tag *t, const char *name, size_t len)
{
    if (!*slot && memcmp(t->name, name, len) == 0)
        *slot = t;
}

void directory_game_tags_of(const pgn_game *g, directory_game_tags *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < g->tags_n; i++) {
        const pgn_tag *t = &g->tags[i];
        switch (t->name_len) { /* the names' lengths tell them apart but for White and Event */
        case 3: first(&out->fen, t, "FEN", 3); break;
        case 4: first(&out->date, t, "Date", 4); break;
        case 5:
            first(&out->white, t, "White", 5);
            first(&out->event, t, "Event", 5);
            break;
        case 6: first(&out->result, t, "Result", 6); break;
        default: break;
        }
    }
}
