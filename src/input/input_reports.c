/* The reports of a chunk, held and written in input order (input_reports.h). */
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "input_reports.h"
#include "output.h"

void input_report_write(const char *source, unsigned long line, unsigned long column, unsigned long game,
                        const char *text)
{
    if (game)
        util_report(source, line, column, "game %lu: %s", game, text);
    else if (line)
        util_report(source, line, column, "%s", text);
    else
        util_error(source, "%s", text);
}

int input_reports_add(input_reports *r, unsigned long line, unsigned long column, unsigned long game, int once,
                      const char *text)
{
    input_report *grown = util_grow(r->items, &r->cap, r->n + 1, sizeof *r->items);
    size_t len = strlen(text);
    char *copy = grown ? malloc(len + 1) : NULL;
    if (grown)
        r->items = grown;
    if (!copy) {
        r->failed = 1;
        return -1;
    }
    memcpy(copy, text, len + 1);
    r->items[r->n++] = (input_report){line, column, game, once, copy};
    return 0;
}

int input_reports_add_diagnostic(input_reports *r, const pgn_diagnostic *d)
{
    return input_reports_add(r, d->at.line, d->at.column, d->game, 0, d->message);
}

static void write_one(const input_report *x, const char *source, unsigned long games_before)
{
    input_report_write(source, x->line, x->column, x->game ? x->game + games_before : 0, x->text);
}

void input_reports_write(const input_reports *r, size_t from, size_t to, const char *source,
                         unsigned long games_before)
{
    for (size_t i = from; i < to && i < r->n; i++)
        write_one(&r->items[i], source, games_before);
}

static int same_folded(const char *a, const char *b)
{
    for (; *a && *b; a++, b++) {
        int x = (unsigned char)*a, y = (unsigned char)*b;
        if (x >= 'A' && x <= 'Z')
            x += 'a' - 'A';
        if (y >= 'A' && y <= 'Z')
            y += 'a' - 'A';
        if (x != y)
            return 0;
    }
    return *a == *b;
}

void input_reports_write_once(const input_reports *r, size_t from, size_t to, const char *source,
                              unsigned long games_before, input_once *seen)
{
    for (size_t i = from; i < to && i < r->n; i++) {
        const input_report *x = &r->items[i];
        if (x->once) {
            size_t k = 0;
            while (k < seen->n && !same_folded(seen->texts[k], x->text))
                k++;
            if (k < seen->n)
                continue;
            /* Past the limit a notice is said again, as by one reader. */
            if (seen->n < INPUT_ONCE_MAX) {
                size_t len = strlen(x->text);
                char *copy = malloc(len + 1);
                if (copy) {
                    memcpy(copy, x->text, len + 1);
                    seen->texts[seen->n++] = copy;
                }
            }
        }
        write_one(x, source, games_before);
    }
}

void input_once_free(input_once *seen)
{
    for (size_t i = 0; i < seen->n; i++)
        free(seen->texts[i]);
    seen->n = 0;
}

void input_reports_free(input_reports *r)
{
    for (size_t i = 0; i < r->n; i++)
        free(r->items[i].text);
    free(r->items);
    memset(r, 0, sizeof *r);
}
