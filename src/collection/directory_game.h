/*
 * directory_game.h - what `gbr directory` and `gbr duplicates` read from a
 * PGN game's tags, written once: a tag by name, the year of [Date], and the
 * FEN that stands for the game's start position; and a tag's name as every
 * collection command (audit and select too) compares it.
 */
#ifndef GBR_DIRECTORY_GAME_H
#define GBR_DIRECTORY_GAME_H

#include <stddef.h>
#include <string.h>

#include "pgn_reader.h"

/* Whether the tag's name is `name` (as written: case counts). Inline: the
 * readers call it for every tag of every game. */
static inline int directory_tag_named(const pgn_tag *t, const char *name)
{
    size_t n = strlen(name);
    return t->name_len == n && memcmp(t->name, name, n) == 0;
}

/* The game's first tag named `name`, NULL when it has none. */
const pgn_tag *directory_find_tag(const pgn_game *g, const char *name);
/* Whether a tag is present with exactly this (unescaped) value. */
int directory_tag_is(const pgn_tag *t, const char *text);
/* The length of the year at the start of [Date]: 4 when its first four
 * characters are digits, else 0 (an unknown year). */
size_t directory_year_len(const pgn_tag *date);
/* The FEN of the game's start position as written (its columns are the
 * input's: a FEN has no escapes): its [FEN] tag's raw value, or the standard
 * start position. Returns the tag, NULL when there is none. */
const pgn_tag *directory_game_fen(const pgn_game *g, const char **fen, size_t *fen_len);
/* directory_game_fen's FEN for the game whose [FEN] tag is fen_tag (NULL:
 * it has none). */
void directory_fen_of(const pgn_tag *fen_tag, const char **fen, size_t *fen_len);

/* The tags gbr directory reads, each the game's first of its name (as
 * directory_find_tag finds it), NULL when it has none: found in one pass over
 * the tags, where a look-up per name went over them all each time. */
typedef struct directory_game_tags {
    const pgn_tag *white, *event, *date, *fen, *result;
} directory_game_tags;
void directory_game_tags_of(const pgn_game *g, directory_game_tags *out);

#endif /* GBR_DIRECTORY_GAME_H */
