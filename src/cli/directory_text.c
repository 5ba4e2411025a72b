/* gbr directory --format text: a book-style index for print. Per class a
 * heading ("0103.00  KRvKN  2 entries") and the material in words, then two
 * lines per entry: the codes, then composer, source, year and where it is,
 * and a third marked with '!' when a code tag disagrees with the FEN. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include "directory_entries.h"

/* "A, B, C" of the fields that are not empty ("?" for none at all). */
static void put_reference(sort_output *out, const directory *d, const directory_entry *e)
{
    const directory_text fields[3] = {e->composer, e->source, e->year};
    int any = 0;
    for (int i = 0; i < 3; i++) {
        if (fields[i].len == 0)
            continue;
        if (any)
            directory_put(out, ", ");
        directory_put_text(out, d, fields[i]);
        any = 1;
    }
    if (!any)
        directory_put(out, "?");
}

static void put_where(sort_output *out, const directory *d, const directory_entry *e)
{
    directory_put(out, d->files[e->file]);
    directory_put(out, ":");
    directory_put_uint(out, e->line);
    if (!e->classified) {
        directory_put(out, ":");
        directory_put_uint(out, e->column);
    }
    directory_put(out, " (game ");
    directory_put_uint(out, e->game);
    directory_put(out, ")");
}

void directory_write_text(const directory *d, sort_output *out)
{
    size_t classified = directory_classified(d), classes = directory_class_count(d);
    directory_put(out, "GBR directory: ");
    directory_put_uint(out, d->entries_n);
    directory_put(out, d->entries_n == 1 ? " game, " : " games, ");
    directory_put_uint(out, classes);
    directory_put(out, classes == 1 ? " material class" : " material classes");
    if (classified < d->entries_n) {
        directory_put(out, ", ");
        directory_put_uint(out, d->entries_n - classified);
        directory_put(out, " could not be classified");
    }
    directory_put(out, "\n");
    for (size_t i = 0; i < classified;) {
        directory_class c;
        directory_class_at(d, i, &c);
        directory_put(out, "\n");
        sort_output_write(out, c.words.code, c.words.code_len);
        directory_put(out, "  ");
        if (c.words.name_len)
            sort_output_write(out, c.words.name, c.words.name_len);
        else
            directory_put(out, "(no name)");
        directory_put(out, "  ");
        directory_put_uint(out, c.count);
        directory_put(out, c.count == 1 ? " entry\n" : " entries\n");
        directory_put(out, c.words_text);
        directory_put(out, "\n\n");
        for (size_t k = c.first; k < c.first + c.count; k++) {
            const directory_entry *e = &d->entries[k];
            directory_put(out, "  ");
            directory_put_text(out, d, e->study);
            for (size_t pad = e->study.len; pad < 14; pad++)
                directory_put(out, " ");
            directory_put_text(out, d, e->position);
            directory_put(out, "\n                ");
            put_reference(out, d, e);
            directory_put(out, " -- ");
            put_where(out, d, e);
            directory_put(out, "\n");
            if (e->mismatch.len) { /* marked, so that a reader (or grep '^ *!') finds it */
                directory_put(out, "              ! ");
                directory_put_text(out, d, e->mismatch);
                directory_put(out, "\n");
            }
        }
        i += c.count;
    }
    if (classified < d->entries_n) {
        directory_put(out, "\nCould not classify  ");
        directory_put_uint(out, d->entries_n - classified);
        directory_put(out, d->entries_n - classified == 1 ? " entry\n\n" : " entries\n\n");
        for (size_t k = classified; k < d->entries_n; k++) {
            const directory_entry *e = &d->entries[k];
            directory_put(out, "  ");
            put_where(out, d, e);
            directory_put(out, ": ");
            directory_put_text(out, d, e->problem);
            directory_put(out, "\n                ");
            put_reference(out, d, e);
            directory_put(out, "\n");
        }
    }
}
