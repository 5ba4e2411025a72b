/* gbr directory --format text: a book-style index for print. Per class a
 * heading ("0103.00  KRvKN  2 entries") and the material in words, then two
 * lines per entry: the codes, then composer, source, year (and reference)
 * and where it is, and a third marked with '!' when a code tag disagrees
 * with the FEN. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include "directory_entries.h"

/* "COMPOSER | SOURCE | YEAR", "?" for an unknown one, then " | REFERENCE"
 * when there is one: names hold commas ("Afek, Yochanan"), so the fields are
 * kept apart by a bar, each always in its place. */
static void put_reference(util_sink *out, const directory_entry *e)
{
    const directory_text fields[4] = {e->composer, e->source, e->year, e->reference};
    for (int i = 0; i < 4; i++) {
        if (i == 3 && fields[i].len == 0)
            break;
        if (i)
            util_put(out, " | ");
        if (fields[i].len)
            directory_put_text(out, fields[i]);
        else
            util_put(out, "?");
    }
}

static void begin(util_sink *out, const directory_totals *t)
{
    util_put(out, "GBR directory: ");
    directory_put_summary(out, t, ", ", ", ");
    util_put(out, "\n");
}

static void class_begin(util_sink *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)t;
    (void)index;
    util_put(out, "\n");
    util_write(out, c->words.code, c->words.code_len);
    util_put(out, "  ");
    directory_put_name(out, c);
    util_put(out, "  ");
    util_put_uint(out, c->count);
    util_put(out, c->count == 1 ? " entry\n" : " entries\n");
    util_put(out, c->words_text);
    util_put(out, "\n\n");
}

static void entry(util_sink *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    (void)index;
    if (!c) {
        util_put(out, "  ");
        directory_put_where(out, t, e, directory_put_bytes);
        util_put(out, ": ");
        directory_put_text(out, e->problem);
        util_put(out, "\n                ");
        put_reference(out, e);
        util_put(out, "\n");
        return;
    }
    util_put(out, "  ");
    directory_put_text(out, e->study);
    for (size_t pad = e->study.len; pad < 14; pad++)
        util_put(out, " ");
    directory_put_text(out, e->position);
    util_put(out, "\n                ");
    put_reference(out, e);
    util_put(out, " -- ");
    directory_put_where(out, t, e, directory_put_bytes);
    util_put(out, "\n");
    if (e->mismatch.len) { /* marked, so that a reader (or grep '^ *!') finds it */
        util_put(out, "              ! ");
        directory_put_text(out, e->mismatch);
        util_put(out, "\n");
    }
}

static void class_end(util_sink *out, const directory_totals *t, const directory_class *c)
{
    (void)out;
    (void)t;
    (void)c;
}

static void unclassified_begin(util_sink *out, const directory_totals *t)
{
    if (!t->unclassified)
        return;
    util_put(out, "\nCould not classify  ");
    util_put_uint(out, t->unclassified);
    util_put(out, t->unclassified == 1 ? " entry\n\n" : " entries\n\n");
}

static void end(util_sink *out, const directory_totals *t)
{
    (void)out;
    (void)t;
}

const directory_format directory_format_text = {begin, class_begin, entry, class_end, unclassified_begin, end, 1};
