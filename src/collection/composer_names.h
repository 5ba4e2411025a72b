/*
 * composer_names.h - the composer field of a game as every collection command
 * (directory, duplicates, lookup) shows it: the composer and the co-authors
 * of a joint study (directory_game.h), each as UTF-8 (text_encoding.h) and
 * each under the name a names file chooses for it, joined by "; " (a
 * separator no "Surname, Forename" name runs into).
 *
 * A names file: UTF-8 text, one line per person, the spellings that mean
 * them separated by '|', the first the chosen name; spaces around a
 * spelling are not part of it; an empty line or one starting with '#' is
 * skipped, and so is a byte-order mark at the start. A spelling is compared with a tag's value (as UTF-8) byte for
 * byte. E.g.
 *     Afek, Yochanan | Afek=Y | Y. Afek
 * Errors: an empty spelling, bytes that are not UTF-8, a spelling that
 * names two people.
 */
#ifndef GBR_COMPOSER_NAMES_H
#define GBR_COMPOSER_NAMES_H

#include <stddef.h>

#include "directory_game.h"
#include "text_encoding.h"

typedef struct composer_names composer_names;

/* Reads a names file: the names, or NULL after reporting each error as
 * "gbr: FILE:LINE:COLUMN: MESSAGE" (or that it could not be read). */
composer_names *composer_names_load(const char *path);
/* The same, each error given to report instead (line 0: the file as a
 * whole, e.g. it cannot be read). */
typedef void composer_names_report(void *context, const char *path, unsigned long line, unsigned long column,
                                   const char *message);
composer_names *composer_names_read(const char *path, composer_names_report *report, void *context);
void composer_names_free(composer_names *n);
/* The chosen name of a spelling, NULL when the file does not name it. */
const char *composer_names_chosen(const composer_names *n, const char *s, size_t len, size_t *chosen_len);

/* The separator of a joint study's composers. */
#define COMPOSER_SEPARATOR "; "

/* The game's composer field (tags: directory_game_tags_of's) as UTF-8, its
 * values read as e and named through names (NULL: none): *value and *len
 * the tag's own bytes when they are the field, else its text in *buf
 * (grown with util_grow, *cap its capacity, reused from game to game).
 * *converted grows by the values converted to UTF-8. 0, or -1 when memory
 * ran out. No composer: an empty value. */
int composer_field(const directory_game_tags *tags, text_encoding e, const composer_names *names, char **buf,
                   size_t *cap, const char **value, size_t *len, unsigned long long *converted);

#endif /* GBR_COMPOSER_NAMES_H */
