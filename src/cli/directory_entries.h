/*
 * directory_entries.h - the entries of `gbr directory` (one per PGN game) in
 * directory order, and what its format writers (directory_text.c, _tsv.c,
 * _json.c, _html.c) share: the grouping into material classes and the
 * output calls.
 */
#ifndef GBR_DIRECTORY_ENTRIES_H
#define GBR_DIRECTORY_ENTRIES_H

#include <stddef.h>
#include <stdint.h>

#include "gbr.h"
#include "material_words.h"
#include "sort_output.h"

/* A piece of text held in the directory's text store. */
typedef struct directory_text {
    size_t at, len;
} directory_text;

typedef struct directory_entry {
    gbr_directory_key key;   /* of the position form; unclassified entries sort last */
    uint64_t order;          /* input order: ties keep it */
    int classified;          /* 0: the game's FEN could not be read */
    gbr_material material;
    directory_text study;    /* study code, e.g. +0103.00a1c3 */
    directory_text position; /* position form */
    directory_text composer, source, year;
    directory_text problem;  /* why it could not be classified */
    /* Empty, or what each code tag that disagrees with the FEN says against
     * it: "Black tag says +0300.10a1a3, FEN gives +0400.10a1a3", several
     * joined by "; " (audit_code.h's rule, as gbr audit reports it). */
    directory_text mismatch;
    size_t file;             /* index into directory.files */
    unsigned long game, line, column; /* column: of the problem */
} directory_entry;

typedef struct directory {
    const gbr_codec *codec;
    directory_entry *entries;
    size_t entries_n, entries_cap;
    char *text;
    size_t text_used, text_cap;
    const char *const *files; /* input names ("-" for standard input) */
    size_t classified_n;      /* entries[0, classified_n) are classified (set once sorted) */
} directory;

/* One material class: entries[first, first + count) share a material code. */
typedef struct directory_class {
    size_t first, count;
    material_words words;
    char words_text[MATERIAL_WORDS_MAX];
} directory_class;

/* The class starting at entry `from` (a classified one). */
void directory_class_at(const directory *d, size_t from, directory_class *c);
/* The number of classified entries (they come first, in order): classified_n. */
size_t directory_classified(const directory *d);
/* The number of material classes among the classified entries. */
size_t directory_class_count(const directory *d);
/* The text of a field. */
const char *directory_str(const directory *d, directory_text t);

/* Output. */
void directory_put(sort_output *out, const char *text);
void directory_put_text(sort_output *out, const directory *d, directory_text t);
void directory_put_uint(sort_output *out, unsigned long long value);
/* A quoted JSON string (cli_json_byte's spelling: ASCII, one rule). */
void directory_put_json(sort_output *out, const char *s, size_t len);
/* Text with &, <, >, " and ' as character references. */
void directory_put_html(sort_output *out, const char *s, size_t len);

/* The formats. */
void directory_write_text(const directory *d, sort_output *out);
void directory_write_tsv(const directory *d, sort_output *out);
void directory_write_json(const directory *d, sort_output *out);
void directory_write_html(const directory *d, sort_output *out);

#endif /* GBR_DIRECTORY_ENTRIES_H */
