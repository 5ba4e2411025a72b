/*
 * directory_entries.h - the entries of `gbr directory` (one per PGN game) as
 * its format writers (directory_text.c, _tsv.c, _json.c, _html.c) receive
 * them: streamed one at a time in directory order (from memory or from merged
 * runs, directory_store.h), with the material classes and their counts known
 * before the first entry, so that a heading can say how many entries follow.
 * Also the output calls the writers share.
 */
#ifndef GBR_DIRECTORY_ENTRIES_H
#define GBR_DIRECTORY_ENTRIES_H

#include <stddef.h>
#include <stdint.h>

#include "game_tags.h"
#include "gbr.h"
#include "material_words.h"
#include "output_file.h"

/* A piece of an entry's text (not NUL-terminated). */
typedef struct directory_text {
    const char *bytes;
    size_t len;
} directory_text;

typedef struct directory_entry {
    gbr_directory_key key;   /* of the position form; unclassified entries sort last */
    int classified;          /* 0: the game's FEN could not be read */
    gbr_material material;
    directory_text study;    /* study code, e.g. +0103.00a1c3 */
    directory_text position; /* position form */
    /* UTF-8 (text_encoding.h); composer: every composer of a joint study
     * (composer_names.h); reference: a note beside the source */
    directory_text composer, source, year, reference;
    /* The tag each of composer, source, year and reference came from: 1 +
     * its index in the totals' tag list of that field (game_tags),
     * 0 none. */
    unsigned char from[GAME_TAG_FIELDS];
    directory_text problem;  /* why it could not be classified */
    /* Empty, or what each code tag that disagrees with the FEN says against
     * it: "Black tag says +0300.10a1a3, FEN gives +0400.10a1a3", several
     * joined by "; " (code_check.h's rule, as gbr audit reports it). */
    directory_text mismatch;
    size_t file;             /* index into the input names */
    unsigned long game, line, column; /* column: of the problem */
} directory_entry;

/* The entry's texts by number, for the code that treats them alike (the
 * reader fills them, the store copies them into its records). */
enum {
    DIRECTORY_STUDY, DIRECTORY_POSITION, DIRECTORY_COMPOSER, DIRECTORY_SOURCE, DIRECTORY_YEAR,
    DIRECTORY_REFERENCE, DIRECTORY_PROBLEM, DIRECTORY_MISMATCH, DIRECTORY_TEXTS
};
extern const size_t directory_entry_text_offset[DIRECTORY_TEXTS];
/* Inline: the reader and the store go through every text of every entry. */
static inline directory_text *directory_entry_text(directory_entry *e, int which)
{
    return (directory_text *)((char *)e + directory_entry_text_offset[which]);
}
static inline const directory_text *directory_entry_text_of(const directory_entry *e, int which)
{
    return (const directory_text *)((const char *)e + directory_entry_text_offset[which]);
}

/* One material class. */
typedef struct directory_class {
    unsigned long long count; /* its entries */
    material_words words;
    char words_text[MATERIAL_WORDS_MAX];
} directory_class;

/* What every writer knows before the first entry. */
typedef struct directory_totals {
    const gbr_codec *codec;
    const char *const *files;       /* input names ("-" for standard input), then NULL */
    const game_tag_choice *tags; /* the tags the entries' fields came from */
    unsigned long long games, unclassified;
    /* The classes in directory order, each its material number (spec §8:
     * the number abcdef, the first 3 directory key bytes) << 40 | its count
     * (directory_store.h gathers them). */
    const uint64_t *classes;
    size_t classes_n;
    void *writer; /* the format's own state (directory_html.h's split), or NULL */
} directory_totals;

/* The class classes[i] of the totals; its words_text only when with_words
 * (else empty): the words cost more than the rest of a heading. */
void directory_class_of(const directory_totals *t, size_t i, directory_class *c, int with_words);

/* A format: called in this order, begin; per class class_begin, entry per
 * entry (index: from 0 in its class), class_end; unclassified_begin (also
 * when there are none), entry per unclassified entry (class NULL); end. */
typedef struct directory_format {
    void (*begin)(util_sink *out, const directory_totals *t);
    void (*class_begin)(util_sink *out, const directory_totals *t, const directory_class *c, size_t index);
    void (*entry)(util_sink *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index);
    void (*class_end)(util_sink *out, const directory_totals *t, const directory_class *c);
    void (*unclassified_begin)(util_sink *out, const directory_totals *t);
    void (*end)(util_sink *out, const directory_totals *t);
    int with_words; /* 1: class_begin reads the class's words_text */
} directory_format;

extern const directory_format directory_format_text, directory_format_tsv, directory_format_json,
    directory_format_html;

/* Drives a format over the entries as they come, in directory order: the
 * class headings and ends fall where the material number changes. */
typedef struct directory_stream {
    const directory_format *format;
    const directory_totals *totals;
    util_sink *out;
    size_t next_class;         /* index of the next class to open */
    int in_class, unclassified_begun;
    uint32_t material_number;  /* of the open class */
    unsigned long long index;  /* of the next entry in its class or among the unclassified */
    directory_class current;
} directory_stream;

void directory_stream_begin(directory_stream *s, const directory_format *format, const directory_totals *t,
                            util_sink *out);
void directory_stream_entry(directory_stream *s, const directory_entry *e);
void directory_stream_end(directory_stream *s);

/* The material number of a directory key (its first 3 bytes, big-endian). */
uint32_t directory_material_number(const gbr_directory_key *key);

/* Output: what is the directory's own, the rest through sink.h. */
void directory_put_text(util_sink *out, directory_text t);
/* A file name as a quoted JSON string that gives its bytes back exactly: a
 * name that is valid UTF-8 as that text; in one that is not, each byte
 * outside a valid sequence as the lone surrogate \udcXX (XX the byte), the
 * convention of Python's os.fsdecode (os.fsencode gives the bytes back). */
void directory_put_json_name(util_sink *out, const char *s, size_t len);
/* A file name in a page: as text_encoding.h's auto reads it (valid UTF-8
 * kept, else Windows-1252), then as util_put_html. */
void directory_put_html_name(util_sink *out, const char *s, size_t len);
/* Bytes as they are (util_write, typed for directory_put_where's put_file). */
void directory_put_bytes(util_sink *out, const char *s, size_t len);
/* Where an entry is, as text and html print it: "FILE:LINE (game N)", the
 * column after the line for an unclassified entry; the file name through
 * put_file (html escapes it). */
void directory_put_where(util_sink *out, const directory_totals *t, const directory_entry *e,
                         void (*put_file)(util_sink *out, const char *s, size_t len));
/* "N games<between>M material classes", then "<before>K could not be
 * classified" when some could not: the summary of text and html. */
void directory_put_summary(util_sink *out, const directory_totals *t, const char *between, const char *before);
/* The class's name, "(no name)" when it has none (a digit is 9). */
void directory_put_name(util_sink *out, const directory_class *c);

#endif /* GBR_DIRECTORY_ENTRIES_H */
