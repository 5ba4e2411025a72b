/* gbr directory --format json: one object, the classes with their entries,
 * then the games that could not be classified. Values are UTF-8 text
 * (directory_put_json); each entry says which tag its composer, source,
 * year and reference came from ("composer_tag", ...: null when none). */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <string.h>

#include "directory_entries.h"

static void put_member(sort_output *out, const char *name, directory_text t)
{
    directory_put(out, ",\"");
    directory_put(out, name);
    directory_put(out, "\":");
    directory_put_json(out, t.bytes, t.len);
}

static void entry(sort_output *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    if (c)
        directory_put(out, index ? ",\n " : "\n ");
    else
        directory_put(out, index ? ",\n" : "\n");
    const char *file = t->files[e->file];
    directory_put(out, "{\"file\":");
    directory_put_json_name(out, file, strlen(file));
    directory_put(out, ",\"game\":");
    directory_put_uint(out, e->game);
    directory_put(out, ",\"line\":");
    directory_put_uint(out, e->line);
    if (e->classified) {
        put_member(out, "study", e->study);
        put_member(out, "position", e->position);
        if (e->mismatch.len)
            put_member(out, "mismatch", e->mismatch);
        else
            directory_put(out, ",\"mismatch\":null");
    } else {
        directory_put(out, ",\"column\":");
        directory_put_uint(out, e->column);
        put_member(out, "problem", e->problem);
    }
    put_member(out, "composer", e->composer);
    put_member(out, "source", e->source);
    put_member(out, "reference", e->reference);
    put_member(out, "year", e->year);
    static const char *const tag_members[DIRECTORY_TAG_FIELDS] = {",\"composer_tag\":", ",\"source_tag\":",
                                                                 ",\"year_tag\":", ",\"reference_tag\":"};
    for (int f = 0; f < DIRECTORY_TAG_FIELDS; f++) {
        directory_put(out, tag_members[f]);
        const directory_tag_list *l = &t->tags->field[f];
        if (e->from[f])
            directory_put_json(out, l->names[e->from[f] - 1], l->lens[e->from[f] - 1]);
        else
            directory_put(out, "null");
    }
    directory_put(out, "}");
}

static void begin(sort_output *out, const directory_totals *t)
{
    directory_put(out, "{\"games\":");
    directory_put_uint(out, t->games);
    directory_put(out, ",\"classes\":[");
}

static void class_begin(sort_output *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)t;
    directory_put(out, index ? ",\n" : "\n");
    directory_put(out, "{\"material\":");
    directory_put_json(out, c->words.code, c->words.code_len);
    directory_put(out, ",\"words\":");
    directory_put_json(out, c->words_text, strlen(c->words_text));
    directory_put(out, ",\"name\":");
    if (c->words.name_len)
        directory_put_json(out, c->words.name, c->words.name_len);
    else
        directory_put(out, "null");
    directory_put(out, ",\"count\":");
    directory_put_uint(out, c->count);
    directory_put(out, ",\"entries\":[");
}

static void class_end(sort_output *out, const directory_totals *t, const directory_class *c)
{
    (void)t;
    (void)c;
    directory_put(out, "]}");
}

static void unclassified_begin(sort_output *out, const directory_totals *t)
{
    (void)t;
    directory_put(out, "],\n\"unclassified\":[");
}

static void end(sort_output *out, const directory_totals *t)
{
    (void)t;
    directory_put(out, "]}\n");
}

const directory_format directory_format_json = {begin, class_begin, entry, class_end, unclassified_begin, end, 1};
