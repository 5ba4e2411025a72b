/* gbr directory --format json: one object, the classes with their entries,
 * then the games that could not be classified. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <string.h>

#include "directory_entries.h"

static void put_member(sort_output *out, const char *name, const directory *d, directory_text t)
{
    directory_put(out, ",\"");
    directory_put(out, name);
    directory_put(out, "\":");
    directory_put_json(out, directory_str(d, t), t.len);
}

static void put_entry(sort_output *out, const directory *d, const directory_entry *e)
{
    const char *file = d->files[e->file];
    directory_put(out, "{\"file\":");
    directory_put_json(out, file, strlen(file));
    directory_put(out, ",\"game\":");
    directory_put_uint(out, e->game);
    directory_put(out, ",\"line\":");
    directory_put_uint(out, e->line);
    if (e->classified) {
        put_member(out, "study", d, e->study);
        put_member(out, "position", d, e->position);
        if (e->mismatch.len)
            put_member(out, "mismatch", d, e->mismatch);
        else
            directory_put(out, ",\"mismatch\":null");
    } else {
        directory_put(out, ",\"column\":");
        directory_put_uint(out, e->column);
        put_member(out, "problem", d, e->problem);
    }
    put_member(out, "composer", d, e->composer);
    put_member(out, "source", d, e->source);
    put_member(out, "year", d, e->year);
    directory_put(out, "}");
}

void directory_write_json(const directory *d, sort_output *out)
{
    size_t classified = directory_classified(d);
    directory_put(out, "{\"games\":");
    directory_put_uint(out, d->entries_n);
    directory_put(out, ",\"classes\":[");
    for (size_t i = 0; i < classified;) {
        directory_class c;
        directory_class_at(d, i, &c);
        directory_put(out, i ? ",\n" : "\n");
        directory_put(out, "{\"material\":");
        directory_put_json(out, c.words.code, c.words.code_len);
        directory_put(out, ",\"words\":");
        directory_put_json(out, c.words_text, strlen(c.words_text));
        directory_put(out, ",\"name\":");
        if (c.words.name_len)
            directory_put_json(out, c.words.name, c.words.name_len);
        else
            directory_put(out, "null");
        directory_put(out, ",\"count\":");
        directory_put_uint(out, c.count);
        directory_put(out, ",\"entries\":[");
        for (size_t k = c.first; k < c.first + c.count; k++) {
            directory_put(out, k > c.first ? ",\n " : "\n ");
            put_entry(out, d, &d->entries[k]);
        }
        directory_put(out, "]}");
        i += c.count;
    }
    directory_put(out, "],\n\"unclassified\":[");
    for (size_t k = classified; k < d->entries_n; k++) {
        directory_put(out, k > classified ? ",\n" : "\n");
        put_entry(out, d, &d->entries[k]);
    }
    directory_put(out, "]}\n");
}
