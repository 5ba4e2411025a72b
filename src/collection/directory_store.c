/* directory_store.c - the entries of gbr directory, in runs within --memory
 * (directory_store.h). */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include "directory_store.h"
#include "output.h"
#include "sort_radix.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A record: this head, then its texts one after another. The order bytes
 * come first, so that records compare with memcmp over them: 0 for a
 * classified entry (1 for one that is not, and a zero key), then its key.
 * Records live only in this process and its temporary files, so the head
 * is stored as the struct's bytes. */
#define ORDER_SIZE (1 + GBR_DIRECTORY_KEY_SIZE)
typedef struct record_head {
    uint8_t order[ORDER_SIZE];
    gbr_material material;
    uint64_t file, game, line, column;
    uint32_t len[DIRECTORY_TEXTS];
    uint8_t from[GAME_TAG_FIELDS];
} record_head;

#define LENGTH_SIZE 4
#define PREFIX_SIZE 8 /* directory_held's prefix */
#define AHEAD 16      /* records read in sorted order are scattered: fetched this many ahead */
#define COUNT_BITS 40 /* of a class slot: 2^40 entries a class at most (so far beyond any input) */
#define CLASSES_FIRST 256

static void out_of_memory(void) { util_out_of_memory("directory"); }

static int compare_records(const char *a, size_t a_len, const char *b, size_t b_len);

void directory_store_init(directory_store *s, size_t memory)
{
    memset(s, 0, sizeof *s);
    s->index_share = memory / 8 / sizeof *s->index;
    s->records_share = memory - s->index_share * sizeof *s->index;
    sort_runs_init(&s->runs, "directory", compare_records);
}

/* ---- Class counts ------------------------------------------------------------ */

static size_t slot_of(uint32_t number, size_t cap) { return (size_t)(number * 2654435761u) & (cap - 1); }

/* Adds count to the number's slot; 1 when the slot was empty. */
static int count_in(uint64_t *table, size_t cap, uint32_t number, uint64_t count)
{
    size_t i = slot_of(number, cap);
    while (table[i] && table[i] >> COUNT_BITS != number)
        i = (i + 1) & (cap - 1);
    int new_slot = table[i] == 0;
    table[i] = new_slot ? (uint64_t)number << COUNT_BITS | count : table[i] + count;
    return new_slot;
}

static int count_class(directory_store *s, uint32_t number)
{
    if ((s->classes_n + 1) * 2 > s->classes_cap) { /* keep it at most half full */
        size_t cap = s->classes_cap ? s->classes_cap * 2 : CLASSES_FIRST;
        uint64_t *bigger = calloc(cap, sizeof *bigger);
        if (!bigger) {
            out_of_memory();
            return -1;
        }
        for (size_t i = 0; i < s->classes_cap; i++)
            if (s->classes[i])
                count_in(bigger, cap, (uint32_t)(s->classes[i] >> COUNT_BITS),
                         s->classes[i] & (((uint64_t)1 << COUNT_BITS) - 1));
        free(s->classes);
        s->classes = bigger;
        s->classes_cap = cap;
    }
    s->classes_n += (size_t)count_in(s->classes, s->classes_cap, number, 1);
    return 0;
}

static int compare_slots(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* The table becomes the list of classes in directory order (the material
 * number's order, the high bits of each slot). */
static void list_classes(directory_store *s)
{
    size_t n = 0;
    for (size_t i = 0; i < s->classes_cap; i++)
        if (s->classes[i])
            s->classes[n++] = s->classes[i];
    if (n > 1)
        qsort(s->classes, n, sizeof *s->classes, compare_slots);
}

/* ---- Records -------------------------------------------------------------------- */

static int compare_records(const char *a, size_t a_len, const char *b, size_t b_len)
{
    (void)a_len;
    (void)b_len;
    return memcmp(a, b, ORDER_SIZE);
}

static void *grow(void *array, size_t *cap, size_t need, size_t size, size_t share)
{
    if (need <= *cap)
        return array;
    size_t n = *cap ? *cap : 1024;
    while (n < need)
        n *= 2;
    if (n > share)
        n = share > need ? share : need;
    void *bigger = realloc(array, n * size);
    if (bigger)
        *cap = n;
    return bigger;
}

/* qsort has no argument for the records the index points into. */
static const char *sorting;

static int compare_held(const void *x, const void *y)
{
    const directory_held *a = x, *b = y;
    if (a->prefix != b->prefix)
        return a->prefix < b->prefix ? -1 : 1;
    int c = memcmp(sorting + a->offset + LENGTH_SIZE + PREFIX_SIZE, sorting + b->offset + LENGTH_SIZE + PREFIX_SIZE,
                   ORDER_SIZE - PREFIX_SIZE);
    return c ? c : a->offset < b->offset ? -1 : 1; /* offsets are in input order: stable */
}

SORT_RADIX_DEFINE(radix_sort_held, directory_held, prefix)

#define FEW 16 /* a run of equal prefixes this short is sorted by insertion */

/* Sorts the index by the records' order bytes, input order for equal ones:
 * by the 8-byte prefixes first (radix, stable: equal prefixes stay in input
 * order), then each run of equal prefixes by the rest of the order bytes
 * (most such runs are short: the same material and kings). A comparison
 * sort over all of them had cost some 850 instructions an entry. */
static void sort_held(directory_store *s)
{
    if (s->index_n < 2) /* the index may be NULL */
        return;
    sorting = s->records;
    directory_held *scratch = malloc(s->index_n * sizeof *scratch);
    if (!scratch) { /* the comparison sort alone gives the same order */
        qsort(s->index, s->index_n, sizeof *s->index, compare_held);
        sorting = NULL;
        return;
    }
    radix_sort_held(s->index, scratch, s->index_n);
    free(scratch);
    for (size_t i = 0; i < s->index_n;) {
        size_t j = i + 1;
        while (j < s->index_n && s->index[j].prefix == s->index[i].prefix)
            j++;
        if (j - i > FEW) {
            qsort(s->index + i, j - i, sizeof *s->index, compare_held);
        } else {
            for (size_t k = i + 1; k < j; k++) { /* insertion: stable, as the run is in input order */
                directory_held held = s->index[k];
                size_t m = k;
                while (m > i && compare_held(&s->index[m - 1], &held) > 0) {
                    s->index[m] = s->index[m - 1];
                    m--;
                }
                s->index[m] = held;
            }
        }
        i = j;
    }
    sorting = NULL;
}

static size_t length_at(const directory_store *s, uint64_t offset)
{
    uint32_t length;
    memcpy(&length, s->records + offset, sizeof length);
    return length;
}

#define FETCH_LINES 4

/* Prefetches the record AHEAD places on in sorted order: its head and the
 * texts after it span a few cache lines (some 230 bytes for a generated
 * study), each fetched while within the records held. Written as a macro:
 * GCC takes a function that only prefetches for one without effect and
 * drops its calls. */
#define FETCH_AHEAD(s, i)                                                                                            \
    do {                                                                                                             \
        if ((i) + AHEAD < (s)->index_n) {                                                                            \
            uint64_t ahead = (s)->index[(i) + AHEAD].offset;                                                         \
            for (int line = 0; line < FETCH_LINES && ahead + 64u * (unsigned)line < (s)->records_used; line++)       \
                __builtin_prefetch((s)->records + ahead + 64u * (unsigned)line);                                     \
        }                                                                                                            \
    } while (0)

/* Sorts the records held and writes them as a run. */
static int spill(directory_store *s)
{
    sort_held(s);
    sort_run_writer w;
    if (sort_runs_begin(&s->runs, &w) != 0)
        return -1;
    for (size_t i = 0; i < s->index_n; i++) {
        FETCH_AHEAD(s, i);
        sort_runs_put(&w, s->records + s->index[i].offset + LENGTH_SIZE, length_at(s, s->index[i].offset), NULL, 0);
    }
    s->index_n = 0;
    s->records_used = 0;
    if (s->records_cap > s->records_share) { /* widened for one large entry */
        free(s->records);
        s->records = NULL;
        s->records_cap = 0;
    }
    return sort_runs_end(&s->runs, &w);
}

int directory_store_add(directory_store *s, const directory_entry *e)
{
    record_head head;
    memset(&head, 0, sizeof head);
    head.order[0] = e->classified ? 0 : 1;
    if (e->classified)
        memcpy(head.order + 1, e->key.bytes, GBR_DIRECTORY_KEY_SIZE);
    head.material = e->material;
    head.file = e->file;
    head.game = e->game;
    head.line = e->line;
    head.column = e->column;
    memcpy(head.from, e->from, sizeof head.from);
    size_t length = sizeof head;
    for (int i = 0; i < DIRECTORY_TEXTS; i++) {
        head.len[i] = (uint32_t)directory_entry_text_of(e, i)->len; /* each within a line of at most 16 MiB */
        length += head.len[i];
    }
    if (length > UINT32_MAX) {
        out_of_memory();
        return -1;
    }
    if (s->index_n > 0 &&
        (s->index_n == s->index_share || s->records_used + LENGTH_SIZE + length > s->records_share) &&
        spill(s) != 0)
        return -1;
    char *records = grow(s->records, &s->records_cap, s->records_used + LENGTH_SIZE + length, 1, s->records_share);
    if (!records) {
        out_of_memory();
        return -1;
    }
    s->records = records;
    directory_held *index = grow(s->index, &s->index_cap, s->index_n + 1, sizeof *index, s->index_share);
    if (!index) {
        out_of_memory();
        return -1;
    }
    s->index = index;
    if (e->classified && count_class(s, directory_material_number(&e->key)) != 0)
        return -1;
    s->games++;
    s->unclassified += !e->classified;

    uint64_t prefix = 0;
    for (int i = 0; i < PREFIX_SIZE; i++)
        prefix = prefix << 8 | head.order[i];
    s->index[s->index_n].prefix = prefix;
    s->index[s->index_n++].offset = s->records_used;
    char *at = s->records + s->records_used;
    uint32_t length32 = (uint32_t)length;
    memcpy(at, &length32, LENGTH_SIZE);
    memcpy(at + LENGTH_SIZE, &head, sizeof head);
    at += LENGTH_SIZE + sizeof head;
    for (int i = 0; i < DIRECTORY_TEXTS; i++) {
        const directory_text *t = directory_entry_text_of(e, i);
        if (t->len)
            memcpy(at, t->bytes, t->len);
        at += t->len;
    }
    s->records_used += LENGTH_SIZE + length;
    return 0;
}

/* ---- Writing -------------------------------------------------------------------- */

/* The entry a record holds; its texts point into the record. */
static void entry_of(const char *record, directory_entry *e)
{
    record_head head;
    memcpy(&head, record, sizeof head);
    memset(e, 0, sizeof *e);
    e->classified = head.order[0] == 0;
    memcpy(e->key.bytes, head.order + 1, GBR_DIRECTORY_KEY_SIZE);
    e->material = head.material;
    e->file = (size_t)head.file;
    e->game = (unsigned long)head.game;
    e->line = (unsigned long)head.line;
    e->column = (unsigned long)head.column;
    memcpy(e->from, head.from, sizeof e->from);
    const char *at = record + sizeof head;
    for (int i = 0; i < DIRECTORY_TEXTS; i++) {
        directory_text *t = directory_entry_text(e, i);
        t->bytes = at;
        t->len = head.len[i];
        at += head.len[i];
    }
}

static void emit(void *context, const char *record, size_t len)
{
    (void)len;
    directory_entry e;
    entry_of(record, &e);
    directory_stream_entry(context, &e);
}

int directory_store_write(directory_store *s, const gbr_codec *codec, const char *const *files,
                          const game_tag_choice *tags, const directory_format *format, void *writer,
                          util_sink *out)
{
    if (s->runs.runs_n > 0 && s->index_n > 0 && spill(s) != 0)
        return -1;
    list_classes(s);
    directory_totals totals = {codec, files, tags, s->games, s->unclassified, s->classes, s->classes_n, writer};
    directory_stream stream;
    directory_stream_begin(&stream, format, &totals, out);
    if (s->runs.runs_n > 0) {
        if (sort_runs_merge(&s->runs, emit, &stream) != 0)
            return -1;
    } else {
        sort_held(s);
        for (size_t i = 0; i < s->index_n; i++) {
            FETCH_AHEAD(s, i);
            emit(&stream, s->records + s->index[i].offset + LENGTH_SIZE, length_at(s, s->index[i].offset));
        }
    }
    directory_stream_end(&stream);
    return 0;
}

void directory_store_free(directory_store *s)
{
    sort_runs_close(&s->runs);
    free(s->records);
    free(s->index);
    free(s->classes);
}
