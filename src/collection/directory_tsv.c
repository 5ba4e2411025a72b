/* gbr directory --format tsv: a header row, then one entry a line. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include <stdint.h>
#include <string.h>

#include "text.h"
#include "directory_entries.h"

/* An entry's line is gathered here and handed to the output in one piece
 * (or a piece per buffer-full for a very long value): a call to the output
 * for every value and tab cost more than copying the bytes. */
typedef struct tsv_line {
    util_sink *out;
    size_t used;
    char bytes[4096];
} tsv_line;

static void flush(tsv_line *l)
{
    util_write(l->out, l->bytes, l->used);
    l->used = 0;
}

static void put_char(tsv_line *l, char c)
{
    if (l->used == sizeof l->bytes)
        flush(l);
    l->bytes[l->used++] = c;
}

static void put_bytes(tsv_line *l, const char *s, size_t len)
{
    while (len) {
        if (l->used == sizeof l->bytes)
            flush(l);
        size_t n = sizeof l->bytes - l->used < len ? sizeof l->bytes - l->used : len;
        memcpy(l->bytes + l->used, s, n);
        l->used += n;
        s += n;
        len -= n;
    }
}

#define ONES 0x0101010101010101u
#define HIGHS 0x8080808080808080u
/* Whether a word of 8 bytes holds one below 14 (tab 9, line feed 10,
 * carriage return 13, and the rarer others): values almost never do. */
static int has_low_byte(uint64_t w) { return ((w - 14 * ONES) & ~w & HIGHS) != 0; }

static void blank_line_ends(char *to, size_t n)
{
    for (size_t k = 0; k < n; k++)
        if (to[k] == '\t' || to[k] == '\n' || to[k] == '\r')
            to[k] = ' ';
}

/* A value in one field: a tab or line end inside it becomes a space. A value
 * that fits in the line is copied a word at a time, each word checked as it
 * goes (the last word overlaps the one before when the length is no multiple
 * of 8); a longer one is copied a buffer-full at a time, then checked. */
static void put_field(tsv_line *l, const char *s, size_t len)
{
    if (len <= sizeof l->bytes - l->used) {
        char *to = l->bytes + l->used;
        l->used += len;
        if (len < 8) {
            for (size_t k = 0; k < len; k++)
                to[k] = s[k] == '\t' || s[k] == '\n' || s[k] == '\r' ? ' ' : s[k];
            return;
        }
        for (size_t i = 0;; i += 8) {
            if (i + 8 > len)
                i = len - 8;
            uint64_t w;
            memcpy(&w, s + i, 8);
            memcpy(to + i, &w, 8);
            if (has_low_byte(w))
                blank_line_ends(to + i, 8);
            if (i + 8 == len)
                return;
        }
    }
    while (len) {
        if (l->used == sizeof l->bytes)
            flush(l);
        size_t n = sizeof l->bytes - l->used < len ? sizeof l->bytes - l->used : len;
        char *to = l->bytes + l->used;
        memcpy(to, s, n);
        for (size_t i = 0; i < n; i += 8) {
            size_t end = i + 8 < n ? i + 8 : n;
            uint64_t w;
            if (end - i == 8 && (memcpy(&w, to + i, 8), !has_low_byte(w)))
                continue;
            blank_line_ends(to + i, end - i);
        }
        l->used += n;
        s += n;
        len -= n;
    }
}

static void put_text_field(tsv_line *l, directory_text t) { put_field(l, t.bytes, t.len); }

static void put_uint(tsv_line *l, unsigned long long value)
{
    if (sizeof l->bytes - l->used < UTIL_DECIMAL_MAX)
        flush(l);
    l->used += util_decimal(l->bytes + l->used, value); /* straight into the line */
}

static void entry(util_sink *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    (void)index;
    tsv_line l;
    l.out = out;
    l.used = 0;
    if (c) {
        put_bytes(&l, c->words.code, c->words.code_len);
        put_char(&l, '\t');
        put_bytes(&l, c->words.name, c->words.name_len);
    } else {
        put_char(&l, '\t');
    }
    put_char(&l, '\t');
    put_text_field(&l, e->study);
    put_char(&l, '\t');
    put_text_field(&l, e->position);
    put_char(&l, '\t');
    put_text_field(&l, e->composer);
    put_char(&l, '\t');
    put_text_field(&l, e->source);
    put_char(&l, '\t');
    put_text_field(&l, e->year);
    put_char(&l, '\t');
    const char *file = t->files[e->file];
    put_field(&l, file, strlen(file));
    put_char(&l, '\t');
    put_uint(&l, e->game);
    put_char(&l, '\t');
    put_uint(&l, e->line);
    put_char(&l, '\t');
    put_text_field(&l, e->problem);
    put_char(&l, '\t');
    put_text_field(&l, e->mismatch);
    put_char(&l, '\t'); /* the reference last: the columns before it keep their numbers */
    put_text_field(&l, e->reference);
    put_char(&l, '\n');
    flush(&l);
}

static void begin(util_sink *out, const directory_totals *t)
{
    (void)t;
    util_put(out,
             "material\tname\tstudy\tposition\tcomposer\tsource\tyear\tfile\tgame\tline\tproblem\tmismatch\treference\n");
}

static void class_begin(util_sink *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)out;
    (void)t;
    (void)c;
    (void)index;
}

static void class_end(util_sink *out, const directory_totals *t, const directory_class *c)
{
    (void)out;
    (void)t;
    (void)c;
}

static void nothing(util_sink *out, const directory_totals *t)
{
    (void)out;
    (void)t;
}

const directory_format directory_format_tsv = {begin, class_begin, entry, class_end, nothing, nothing, 0};
