/* gbr directory --format text: a book-style index for print. Per class a
 * heading ("0103.00  KRvKN  2 entries") and the material in words, then two
 * lines per entry: the codes, then composer, source, year (and reference)
 * and where it is, and a third marked with '!' when a code tag disagrees
 * with the FEN. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include "directory_entries.h"

/* "COMPOSER | SOURCE | YEAR", "?" for an unknown one, then " | REFERENCE"
 * when there is one: names hold commas ("Afek, Yochanan"), so the fields are
 * kept apart by a bar, each always in its place. */
static void put_reference(sort_output *out, const directory_entry *e)
{
    const directory_text fields[4] = {e->composer, e->source, e->year, e->reference};
    for (int i = 0; i < 4; i++) {
        if (i == 3 && fields[i].len == 0)
            break;
        if (i)
            directory_put(out, " | ");
        if (fields[i].len)
            directory_put_text(out, fields[i]);
        else
            directory_put(out, "?");
    }
}

static void begin(sort_output *out, const directory_totals *t)
{
    directory_put(out, "GBR directory: ");
    directory_put_summary(out, t, ", ", ", ");
    directory_put(out, "\n");
}

static void class_begin(sort_output *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)t;
    (void)index;
    directory_put(out, "\n");
    sort_output_write(out, c->words.code, c->words.code_len);
    directory_put(out, "  ");
    directory_put_name(out, c);
    directory_put(out, "  ");
    directory_put_uint(out, c->count);
    directory_put(out, c->count == 1 ? " entry\n" : " entries\n");
    directory_put(out, c->words_text);
    directory_put(out, "\n\n");
}

static void entry(sort_output *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    (void)index;
    if (!c) {
        directory_put(out, "  ");
        directory_put_where(out, t, e, directory_put_bytes);
        directory_put(out, ": ");
        directory_put_text(out, e->problem);
        directory_put(out, "\n                ");
        put_reference(out, e);
        directory_put(out, "\n");
        return;
    }
    directory_put(out, "  ");
    directory_put_text(out, e->study);
    for (size_t pad = e->study.len; pad < 14; pad++)
        directory_put(out, " ");
    directory_put_text(out, e->position);
    directory_put(out, "\n                ");
    put_reference(out, e);
    directory_put(out, " -- ");
    directory_put_where(out, t, e, directory_put_bytes);
    directory_put(out, "\n");
    if (e->mismatch.len) { /* marked, so that a reader (or grep '^ *!') finds it */
        directory_put(out, "              ! ");
        directory_put_text(out, e->mismatch);
        directory_put(out, "\n");
    }
}

static void class_end(sort_output *out, const directory_totals *t, const directory_class *c)
{
    (void)out;
    (void)t;
    (void)c;
}

static void unclassified_begin(sort_output *out, const directory_totals *t)
{
    if (!t->unclassified)
        return;
    directory_put(out, "\nCould not classify  ");
    directory_put_uint(out, t->unclassified);
    directory_put(out, t->unclassified == 1 ? " entry\n\n" : " entries\n\n");
}

static void end(sort_output *out, const directory_totals *t)
{
    (void)out;
    (void)t;
}

const directory_format directory_format_text = {begin, class_begin, entry, class_end, unclassified_begin, end, 1};
