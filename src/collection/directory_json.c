/* gbr directory --format json: one object, the classes with their entries,
 * then the games that could not be classified. Values are UTF-8 text
 * (directory_put_json); each entry says which tag its composer, source,
 * year and reference came from ("composer_tag", ...: null when none). */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include <string.h>

#include "directory_entries.h"

static void put_member(util_sink *out, const char *name, directory_text t)
{
    util_put(out, ",\"");
    util_put(out, name);
    util_put(out, "\":");
    util_put_json_text(out, t.bytes, t.len);
}

static void entry(util_sink *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    if (c)
        util_put(out, index ? ",\n " : "\n ");
    else
        util_put(out, index ? ",\n" : "\n");
    const char *file = t->files[e->file];
    util_put(out, "{\"file\":");
    directory_put_json_name(out, file, strlen(file));
    util_put(out, ",\"game\":");
    util_put_uint(out, e->game);
    util_put(out, ",\"line\":");
    util_put_uint(out, e->line);
    if (e->classified) {
        put_member(out, "study", e->study);
        put_member(out, "position", e->position);
        if (e->mismatch.len)
            put_member(out, "mismatch", e->mismatch);
        else
            util_put(out, ",\"mismatch\":null");
    } else {
        util_put(out, ",\"column\":");
        util_put_uint(out, e->column);
        put_member(out, "problem", e->problem);
    }
    put_member(out, "composer", e->composer);
    put_member(out, "source", e->source);
    put_member(out, "reference", e->reference);
    put_member(out, "year", e->year);
    static const char *const tag_members[GAME_TAG_FIELDS] = {",\"composer_tag\":", ",\"source_tag\":",
                                                                 ",\"year_tag\":", ",\"reference_tag\":"};
    for (int f = 0; f < GAME_TAG_FIELDS; f++) {
        util_put(out, tag_members[f]);
        const game_tag_list *l = &t->tags->field[f];
        if (e->from[f])
            util_put_json_text(out, l->names[e->from[f] - 1], l->lens[e->from[f] - 1]);
        else
            util_put(out, "null");
    }
    util_put(out, "}");
}

static void begin(util_sink *out, const directory_totals *t)
{
    util_put(out, "{\"games\":");
    util_put_uint(out, t->games);
    util_put(out, ",\"classes\":[");
}

static void class_begin(util_sink *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)t;
    util_put(out, index ? ",\n" : "\n");
    util_put(out, "{\"material\":");
    util_put_json_text(out, c->words.code, c->words.code_len);
    util_put(out, ",\"words\":");
    util_put_json_text(out, c->words_text, strlen(c->words_text));
    util_put(out, ",\"name\":");
    if (c->words.name_len)
        util_put_json_text(out, c->words.name, c->words.name_len);
    else
        util_put(out, "null");
    util_put(out, ",\"count\":");
    util_put_uint(out, c->count);
    util_put(out, ",\"entries\":[");
}

static void class_end(util_sink *out, const directory_totals *t, const directory_class *c)
{
    (void)t;
    (void)c;
    util_put(out, "]}");
}

static void unclassified_begin(util_sink *out, const directory_totals *t)
{
    (void)t;
    util_put(out, "],\n\"unclassified\":[");
}

static void end(util_sink *out, const directory_totals *t)
{
    (void)t;
    util_put(out, "]}\n");
}

const directory_format directory_format_json = {begin, class_begin, entry, class_end, unclassified_begin, end, 1};
