/*
 * directory_game.h - what `gbr directory` and `gbr duplicates` read from a
 * PGN game's tags, written once: a tag by name, the tags a collection keeps
 * its composer, source and year in, the year of a date, and the FEN that
 * stands for the game's start position; and a tag's name as every collection
 * command (audit and select too) compares it.
 */
#ifndef GBR_DIRECTORY_GAME_H
#define GBR_DIRECTORY_GAME_H

#include <stddef.h>
#include <stdint.h>
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
/* The length of the year at the start of a date ([Date], [EventDate],
 * [Year]; NULL for none): 4 when its first four characters are digits,
 * else 0 (an unknown year). */
size_t directory_year_len(const pgn_tag *date);
/* The FEN of the game's start position as written (its columns are the
 * input's: a FEN has no escapes): its [FEN] tag's raw value, or the standard
 * start position. Returns the tag, NULL when there is none. */
const pgn_tag *directory_game_fen(const pgn_game *g, const char **fen, size_t *fen_len);
/* directory_game_fen's FEN for the game whose [FEN] tag is fen_tag (NULL:
 * it has none). */
void directory_fen_of(const pgn_tag *fen_tag, const char **fen, size_t *fen_len);

/* Why a game with a malformed tag section (g->malformed) is not
 * classified, as directory and duplicates list it: "SetUp tag without FEN
 * tag" (at that tag: *line, *column) when that is its one error, else that
 * its section is malformed (reported by the reader; *line and *column
 * left as they are). */
const char *directory_malformed_problem(const pgn_game *g, unsigned long *line, unsigned long *column);

/* The tags a collection keeps its composer, source and year in: for each
 * field a list of tag names, in order of preference (--composer-tag,
 * --source-tag, --year-tag). The names point into the command line (or
 * static text); they are compared as written (case counts). */
#define DIRECTORY_TAG_NAMES_MAX 8
typedef struct directory_tag_list {
    size_t n;
    const char *names[DIRECTORY_TAG_NAMES_MAX];
    size_t lens[DIRECTORY_TAG_NAMES_MAX];
    /* Bit directory_tag_filter_bit(name) of each name: most tags of a game
     * are told apart from every name of the list by one test. coauthors: the
     * same of each name with a digit after it (its co-authors' tags). */
    uint64_t filter, coauthors;
} directory_tag_list;

/* A name's bit in a list's filter: its length and first character (the
 * factor 13 keeps the usual tags of a study, Event, Site, Date, Round,
 * White, Black, Result, SetUp, FEN, GBR, Composer, Author, Source,
 * EventDate and Year, on bits of their own). */
static inline unsigned directory_tag_filter_bit(const char *name, size_t len)
{
    return (unsigned)((len * 13u + (unsigned char)name[0]) & 63u);
}

/* The source is the publication; the reference a note beside it (an EG
 * number, a remark). */
enum {
    DIRECTORY_TAG_COMPOSER, DIRECTORY_TAG_SOURCE, DIRECTORY_TAG_YEAR, DIRECTORY_TAG_REFERENCE,
    DIRECTORY_TAG_FIELDS
};
typedef struct directory_tag_choice {
    directory_tag_list field[DIRECTORY_TAG_FIELDS];
} directory_tag_choice;

/* The defaults: composer [Composer], [Author], [White]; source [Event]
 * (study databases keep the publication there); year [Date], [EventDate],
 * [Year]; reference [Source]. */
void directory_tag_choice_default(directory_tag_choice *c);
/* A comma-separated list of tag names (each letters, digits and '_', as PGN
 * writes a tag's name; at most DIRECTORY_TAG_NAMES_MAX): 0 and *out set, or
 * -1. The names point into text. */
int directory_tag_list_parse(const char *text, directory_tag_list *out);

/* Whether a value says its field is unknown: empty, or nothing but '?'
 * (PGN's "?", "????.??.??") and spaces. */
int directory_value_unknown(const char *s, size_t len);

/* The tags gbr directory and gbr duplicates read, found in one pass over the
 * tags (a look-up per name went over them all each time). fen and result:
 * the game's first tag of that name, NULL when none. For each field
 * (DIRECTORY_TAG_COMPOSER ...), the tag whose value it takes: the first tag
 * of its list present with a known value (for the year: one starting with
 * four digits; for the others: not directory_value_unknown), else the first
 * present with a value that is not empty ("?"), else none (NULL);
 * from[field] is 1 + that tag's index in the list, 0 for none. Of several
 * tags of one name the first counts. The tag the source is taken from is
 * never the reference too.
 * The co-authors of a joint study: the tags named as the composer's tag with
 * a digit 2-9 after it ([Composer2], [Composer3], ...), in the order of
 * that digit, those with a known value. */
#define DIRECTORY_COAUTHORS_MAX 8
typedef struct directory_game_tags {
    const pgn_tag *fen, *result;
    const pgn_tag *field[DIRECTORY_TAG_FIELDS];
    unsigned char from[DIRECTORY_TAG_FIELDS];
    size_t coauthors_n;
    const pgn_tag *coauthors[DIRECTORY_COAUTHORS_MAX];
} directory_game_tags;
void directory_game_tags_of(const pgn_game *g, const directory_tag_choice *c, directory_game_tags *out);

#endif /* GBR_DIRECTORY_GAME_H */
