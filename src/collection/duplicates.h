/*
 * duplicates.h - `gbr duplicates`: the PGN games whose start positions are
 * the same (up to the symmetries of duplicates_symmetry.h), and those that
 * share a study code, in groups listed oldest first, as text, TSV or JSON on
 * standard output. A first pass over the inputs keeps one fixed-size record
 * a game; a second pass reads the tags of the games listed, so every input
 * must be readable twice (duplicates_stdin). With `reached`, a pass between
 * them replays every game's moves (src/replay) and finds the games whose
 * start position another game's solution reaches.
 */
#ifndef GBR_DUPLICATES_H
#define GBR_DUPLICATES_H

#include "composer_names.h"
#include "game_tags.h"
#include "duplicates_symmetry.h"
#include "gbr.h"
#include "pgn_reader.h"
#include "text_encoding.h"

typedef enum duplicates_format { DUP_FORMAT_TEXT, DUP_FORMAT_TSV, DUP_FORMAT_JSON } duplicates_format;

typedef struct duplicates_options {
    const gbr_codec *codec;
    duplicates_symmetry symmetry;
    duplicates_format format;
    game_tag_choice tags; /* where composer, source and date are read (the date: the year's list) */
    text_encoding encoding;    /* how tag values become UTF-8 */
    const composer_names *names; /* --names, or NULL */
    int reached; /* --reached: also the start positions reached in another game's solution */
} duplicates_options;

/* One run over the inputs. */
typedef struct duplicates duplicates;

/* A run over the inputs named files[0, files_n) ("-" for standard input):
 * NULL after reporting "gbr: duplicates: out of memory". */
duplicates *duplicates_new(const duplicates_options *options, const char *const *files, int files_n);
/* The first pass over input i (0, 1, ... in turn): fd open for reading, or
 * -1 when it could not be opened (reported; the exit status becomes 1). The
 * run keeps fd for its second pass and closes it (standard input aside). */
void duplicates_read(duplicates *d, int i, int fd);
/* Groups the games, reads the listed ones again, writes the groups to
 * standard output and frees the run. Returns the exit status. */
int duplicates_finish(duplicates *d);

/* The order "oldest first" sorts by: [Date] as YYYYMMDD, 99 for an unknown
 * month or day, UINT32_MAX for an unknown year or no tag (gbr lookup too). */
uint32_t duplicates_date_key(const pgn_tag *date);

/* Standard input as a descriptor that can be read twice: itself when it is
 * a regular file, else an unnamed temporary copy. -1 after a report. */
int duplicates_stdin(void);

#endif /* GBR_DUPLICATES_H */
