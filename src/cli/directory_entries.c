/* What the directory's format writers share: see directory_entries.h. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "directory_entries.h"

const char *directory_str(const directory *d, directory_text t) { return d->text + t.at; }

size_t directory_classified(const directory *d) { return d->classified_n; }

size_t directory_class_count(const directory *d)
{
    size_t classes = 0, limit = directory_classified(d);
    for (size_t i = 0; i < limit; i++) /* a class starts where the material number (key bytes 0-2) changes */
        classes += i == 0 || memcmp(d->entries[i].key.bytes, d->entries[i - 1].key.bytes, 3) != 0;
    return classes;
}

void directory_class_at(const directory *d, size_t from, directory_class *c)
{
    size_t end = from + 1, limit = directory_classified(d);
    while (end < limit && memcmp(d->entries[end].key.bytes, d->entries[from].key.bytes, 3) == 0)
        end++; /* key bytes 0-2: the material number */
    c->first = from;
    c->count = end - from;
    material_words_of(d->codec, &d->entries[from].material, &c->words);
    material_words_text(&c->words, c->words_text);
}

void directory_put(sort_output *out, const char *text) { sort_output_write(out, text, strlen(text)); }

void directory_put_text(sort_output *out, const directory *d, directory_text t)
{
    sort_output_write(out, directory_str(d, t), t.len);
}

void directory_put_uint(sort_output *out, unsigned long long value)
{
    char digits[CLI_DECIMAL_MAX];
    sort_output_write(out, digits, cli_decimal(digits, value));
}

void directory_put_json(sort_output *out, const char *s, size_t len)
{
    char spelled[6];
    sort_output_write(out, "\"", 1);
    for (size_t i = 0; i < len; i++)
        sort_output_write(out, spelled, cli_json_byte((unsigned char)s[i], spelled));
    sort_output_write(out, "\"", 1);
}

void directory_put_html(sort_output *out, const char *s, size_t len)
{
    size_t plain = 0;
    for (size_t i = 0; i < len; i++) {
        const char *ref = NULL;
        switch (s[i]) {
        case '&': ref = "&amp;"; break;
        case '<': ref = "&lt;"; break;
        case '>': ref = "&gt;"; break;
        case '"': ref = "&quot;"; break;
        case '\'': ref = "&#39;"; break;
        default: continue;
        }
        sort_output_write(out, s + plain, i - plain);
        directory_put(out, ref);
        plain = i + 1;
    }
    sort_output_write(out, s + plain, len - plain);
}
