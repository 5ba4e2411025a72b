/* gbr directory --format tsv: a header row, then one entry a line. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <string.h>

#include "directory_entries.h"

/* A value in one field: a tab or line end inside it becomes a space. */
static void put_field(sort_output *out, const char *s, size_t len)
{
    size_t plain = 0;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
            sort_output_write(out, s + plain, i - plain);
            directory_put(out, " ");
            plain = i + 1;
        }
    }
    sort_output_write(out, s + plain, len - plain);
}

static void put_text_field(sort_output *out, directory_text t) { put_field(out, t.bytes, t.len); }

static void entry(sort_output *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    (void)index;
    if (c) {
        sort_output_write(out, c->words.code, c->words.code_len);
        directory_put(out, "\t");
        sort_output_write(out, c->words.name, c->words.name_len);
    } else {
        directory_put(out, "\t");
    }
    directory_put(out, "\t");
    put_text_field(out, e->study);
    directory_put(out, "\t");
    put_text_field(out, e->position);
    directory_put(out, "\t");
    put_text_field(out, e->composer);
    directory_put(out, "\t");
    put_text_field(out, e->source);
    directory_put(out, "\t");
    put_text_field(out, e->year);
    directory_put(out, "\t");
    const char *file = t->files[e->file];
    put_field(out, file, strlen(file));
    directory_put(out, "\t");
    directory_put_uint(out, e->game);
    directory_put(out, "\t");
    directory_put_uint(out, e->line);
    directory_put(out, "\t");
    put_text_field(out, e->problem);
    directory_put(out, "\t");
    put_text_field(out, e->mismatch);
    directory_put(out, "\n");
}

static void begin(sort_output *out, const directory_totals *t)
{
    (void)t;
    directory_put(out, "material\tname\tstudy\tposition\tcomposer\tsource\tyear\tfile\tgame\tline\tproblem\tmismatch\n");
}

static void class_begin(sort_output *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)out;
    (void)t;
    (void)c;
    (void)index;
}

static void class_end(sort_output *out, const directory_totals *t, const directory_class *c)
{
    (void)out;
    (void)t;
    (void)c;
}

static void nothing(sort_output *out, const directory_totals *t)
{
    (void)out;
    (void)t;
}

const directory_format directory_format_tsv = {begin, class_begin, entry, class_end, nothing, nothing};
