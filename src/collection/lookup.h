/*
 * lookup.h - `gbr lookup`: is a position already in a study database? For
 * each new position (a FEN or position form given as text, or the start
 * position of each game of a PGN file) the database games whose start
 * position is the same (under the symmetries of duplicates_symmetry.h, by
 * the keys `gbr duplicates` groups with) and those that share its study code
 * with another position, each with composer, source and date as
 * game_tags.h reads them, oldest first.
 *
 * Unless start_only, the moves are replayed too (src/replay): a new
 * position is also looked for among the positions reached in each database
 * game's solution (main line and variations), and each position of a new
 * game's solution among every position of the database games.
 *
 * The new positions (and their solutions' positions) are read first and
 * their keys sorted; each database is then read once, a game at a time,
 * and a game is kept (its tags copied) only when one of its positions is a
 * new one's: memory grows with the new positions and what is found, not
 * with the database. When the new solutions' positions outgrow half of
 * the memory option, they go to sorted runs on disk (src/sort), and so do
 * every database position and each database game's fields; the two are
 * joined by key at the end (a merge, in time proportional to both), giving
 * the same answer.
 */
#ifndef GBR_LOOKUP_H
#define GBR_LOOKUP_H

#include <stddef.h>

#include "composer_names.h"
#include "game_tags.h"
#include "duplicates_symmetry.h"
#include "gbr.h"
#include "text_encoding.h"

/* The exit status when every input was good and nothing was found (0: some
 * database game was found; 1: an input was reported; 2: usage error). */
#define LOOKUP_EXIT_NOT_FOUND 3

typedef struct lookup_options {
    const gbr_codec *codec;
    duplicates_symmetry symmetry;
    int json; /* --format json */
    game_tag_choice tags; /* where composer, source and year are read */
    text_encoding encoding;    /* how their values become UTF-8 */
    const composer_names *names; /* --names, or NULL */
    int start_only; /* compare start positions only: no move is replayed */
    size_t memory;  /* --memory (0: SORT_RUNS_MEMORY_DEFAULT): half of it for the new solutions'
                     * positions held; beyond it they, and then the database's positions, are
                     * sorted in runs on disk and joined at the end */
} lookup_options;

typedef struct lookup lookup;

/* NULL after reporting "gbr: lookup: out of memory". */
lookup *lookup_new(const lookup_options *options);
/* A new position written as a FEN or a position form; `where` and `line`
 * name it in reports ("arg", the argument's number). 0, or 1 after
 * reporting "gbr: WHERE:LINE:COLUMN: MESSAGE" (the run goes on without it). */
int lookup_add_text(lookup *l, const char *text, size_t len, const char *where, unsigned long line);
/* Every game of an open PGN input as a new position (a game whose [FEN]
 * cannot be read is reported and left out): 0, or -1 when the input could
 * not be read whole. The shape of the command line's per-file callback. */
int lookup_add_games(void *lookup, int fd, const char *source);
/* Reads one database input (source names it in reports and output; it must
 * outlive the run): 0, or -1 when it could not be read whole. Call after
 * every new position was added. */
int lookup_read_database(void *lookup, int fd, const char *source);
/* Writes the answer to standard output, frees the run, and returns the exit
 * status; read_failed: an input could not be opened or read. */
int lookup_finish(lookup *l, int read_failed);

#endif /* GBR_LOOKUP_H */
