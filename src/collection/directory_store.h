/*
 * directory_store.h - the entries of `gbr directory` between reading and
 * writing, within --memory: each entry is a record (its directory key, where
 * it is and its texts) appended to a run in memory; when the run reaches the
 * memory it is sorted by key (stable: input order for equal keys) and spilled
 * to an unnamed temporary file, and at the end the runs are merged while the
 * format writes (sort_runs.h, as `gbr sort` does). The material classes are
 * counted as entries are added, so that the writers know every class's count
 * before its first entry.
 *
 * Memory: the records held (7/8 of --memory) and their index, 16 bytes each
 * (1/8), within --memory; an entry larger than that is held alone. Beyond
 * it: sort_runs.h's buffers, and the class counts, a hash table of 8 bytes a
 * slot kept at most half full (a few KB for a real collection; at most
 * 16 MiB, 2^21 slots, for all 810,000 material codes there are).
 */
#ifndef GBR_DIRECTORY_STORE_H
#define GBR_DIRECTORY_STORE_H

#include <stddef.h>
#include <stdint.h>

#include "directory_entries.h"
#include "sort_runs.h"

/* A record held: where it is, and the first 8 of its order bytes read as a
 * big-endian number, so that sorting compares most records without reading
 * them (records scattered over memory made each comparison a cache miss). */
typedef struct directory_held {
    uint64_t prefix;
    uint64_t offset;
} directory_held;

typedef struct directory_store {
    size_t records_share;    /* bytes of records held, at most */
    size_t index_share;      /* entries of the index, at most */
    char *records;           /* each: length (4 bytes), then the record */
    size_t records_used, records_cap;
    directory_held *index;   /* the records held, in input order */
    size_t index_n, index_cap;
    sort_runs runs;
    uint64_t *classes;       /* material number << 40 | count; 0 an empty slot */
    size_t classes_cap, classes_n;
    unsigned long long games, unclassified;
} directory_store;

void directory_store_init(directory_store *s, size_t memory);
/* Adds an entry (its texts are copied); -1 after reporting. */
int directory_store_add(directory_store *s, const directory_entry *e);
/* Writes every entry added, in directory order, through the format (tags:
 * the lists the entries' from[] index; writer: the format's state, the
 * totals' writer, or NULL); -1 after reporting (the output is then
 * incomplete). */
int directory_store_write(directory_store *s, const gbr_codec *codec, const char *const *files,
                          const game_tag_choice *tags, const directory_format *format, void *writer,
                          util_sink *out);
void directory_store_free(directory_store *s);

#endif /* GBR_DIRECTORY_STORE_H */
