/*
 * directory.h - `gbr directory`: one entry per PGN game (directory_entries.h)
 * read from the inputs in turn: its codes from the game's FEN, its
 * stipulation and mismatches from its code tags (code_check.h), its composer,
 * source and year from the tags the options name (game_tags.h), as
 * UTF-8 (text_encoding.h). The entries are held in a directory_store
 * and at the end written in directory order through a format, to standard
 * output or atomically to a file.
 */
#ifndef GBR_DIRECTORY_H
#define GBR_DIRECTORY_H

#include <stddef.h>
#include <time.h>

#include "composer_names.h"
#include "directory_entries.h"
#include "directory_html.h"
#include "directory_store.h"
#include "gbr.h"
#include "text_encoding.h"

typedef struct directory_options {
    const gbr_codec *codec;
    const directory_format *format;
    const char *output; /* -o FILE, NULL for standard output */
    size_t memory;      /* --memory: for the entries held at once */
    int progress;       /* show games, MB read and MB/s on standard error */
    int split;          /* html: DIRECTORY_SPLIT_NONE, _CLASS or _LETTER (directory_html.h) */
    int pgn_paths;      /* html: DIRECTORY_PATHS_RELATIVE, _NAME or _ABSOLUTE (directory_html.h) */
    game_tag_choice tags; /* where composer, source and year are read */
    text_encoding encoding;    /* how tag values become UTF-8 */
    const composer_names *names; /* --names, or NULL */
} directory_options;

/* A run over the inputs. */
typedef struct directory_reader {
    const gbr_codec *codec;
    directory_store store;
    size_t file;
    const char *source;
    int status;       /* the exit status so far */
    int failed;       /* out of memory, or a temporary file could not be written: reading stops */
    int bad_input;
    /* The game's mismatch text, built here, then kept with its entry. */
    char *mismatch;
    size_t mismatch_len, mismatch_cap;
    /* Where to read composer, source and year, and as what. */
    const game_tag_choice *tags;
    text_encoding encoding;
    const composer_names *names;
    /* The game's source and reference converted to UTF-8, when they had to
     * be, and its composer field; the number of values converted (told on
     * standard error). */
    char *utf8, *composers;
    size_t utf8_cap, composers_cap;
    unsigned long long converted;
    /* Progress */
    int progress;
    unsigned long long games, bytes;
    struct timespec started, shown;
} directory_reader;

void directory_begin(directory_reader *r, const directory_options *o);
/* Reads input number `file` (0, 1, ... in turn; source names it): fd open
 * for reading, or -1 when it could not be opened (reported). Stop calling it
 * once r->failed is set. */
void directory_read(directory_reader *r, size_t file, const char *source, int fd);
/* Writes the directory of every entry read (unless reading failed) through
 * the options' format and frees the run. files: the input names, by number,
 * then NULL.
 * Returns the exit status. */
int directory_end(directory_reader *r, const directory_options *o, const char *const *files);

#endif /* GBR_DIRECTORY_H */
