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

static void put_text_field(sort_output *out, const directory *d, directory_text t)
{
    put_field(out, directory_str(d, t), t.len);
}

static void put_entry(sort_output *out, const directory *d, const directory_entry *e, const directory_class *c)
{
    if (c) {
        sort_output_write(out, c->words.code, c->words.code_len);
        directory_put(out, "\t");
        sort_output_write(out, c->words.name, c->words.name_len);
    } else {
        directory_put(out, "\t");
    }
    directory_put(out, "\t");
    put_text_field(out, d, e->study);
    directory_put(out, "\t");
    put_text_field(out, d, e->position);
    directory_put(out, "\t");
    put_text_field(out, d, e->composer);
    directory_put(out, "\t");
    put_text_field(out, d, e->source);
    directory_put(out, "\t");
    put_text_field(out, d, e->year);
    directory_put(out, "\t");
    const char *file = d->files[e->file];
    put_field(out, file, strlen(file));
    directory_put(out, "\t");
    directory_put_uint(out, e->game);
    directory_put(out, "\t");
    directory_put_uint(out, e->line);
    directory_put(out, "\t");
    put_text_field(out, d, e->problem);
    directory_put(out, "\t");
    put_text_field(out, d, e->mismatch);
    directory_put(out, "\n");
}

void directory_write_tsv(const directory *d, sort_output *out)
{
    directory_put(out, "material\tname\tstudy\tposition\tcomposer\tsource\tyear\tfile\tgame\tline\tproblem\tmismatch\n");
    size_t classified = directory_classified(d);
    for (size_t i = 0; i < classified;) {
        directory_class c;
        directory_class_at(d, i, &c);
        for (size_t k = c.first; k < c.first + c.count; k++)
            put_entry(out, d, &d->entries[k], &c);
        i += c.count;
    }
    for (size_t k = classified; k < d->entries_n; k++)
        put_entry(out, d, &d->entries[k], NULL);
}
