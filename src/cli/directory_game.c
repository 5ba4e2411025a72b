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
    *fen = tag ? tag->raw_value : pgn_start_fen;
    *fen_len = tag ? tag->raw_value_len : strlen(pgn_start_fen);
    return tag;
}
