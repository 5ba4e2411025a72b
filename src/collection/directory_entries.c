/* What the directory's format writers share: see directory_entries.h. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "directory_entries.h"
#include "text.h"
#include "text_encoding.h"

#define COUNT_BITS 40

uint32_t directory_material_number(const gbr_directory_key *key)
{
    return (uint32_t)key->bytes[0] << 16 | (uint32_t)key->bytes[1] << 8 | key->bytes[2];
}

const size_t directory_entry_text_offset[DIRECTORY_TEXTS] = {
    offsetof(directory_entry, study),  offsetof(directory_entry, position), offsetof(directory_entry, composer),
    offsetof(directory_entry, source), offsetof(directory_entry, year),     offsetof(directory_entry, reference),
    offsetof(directory_entry, problem), offsetof(directory_entry, mismatch)};

void directory_class_of(const directory_totals *t, size_t i, directory_class *c, int with_words)
{
    /* The material number is the code's digits abcdef read as a decimal
     * number (spec §8, the order key): its digits give the material back. */
    uint32_t number = (uint32_t)(t->classes[i] >> COUNT_BITS);
    gbr_material m;
    m.pawns[1] = (uint8_t)(number % 10);
    number /= 10;
    m.pawns[0] = (uint8_t)(number % 10);
    number /= 10;
    for (int k = 3; k >= 0; k--, number /= 10)
        m.digit[k] = (uint8_t)(number % 10);
    c->count = t->classes[i] & (((uint64_t)1 << COUNT_BITS) - 1);
    material_words_of(t->codec, &m, &c->words);
    c->words_text[0] = '\0';
    if (with_words)
        material_words_text(&c->words, c->words_text);
}

void directory_stream_begin(directory_stream *s, const directory_format *format, const directory_totals *t,
                            sort_output *out)
{
    memset(s, 0, sizeof *s);
    s->format = format;
    s->totals = t;
    s->out = out;
    format->begin(out, t);
}

static void close_class(directory_stream *s)
{
    if (s->in_class)
        s->format->class_end(s->out, s->totals, &s->current);
    s->in_class = 0;
}

static void begin_unclassified(directory_stream *s)
{
    close_class(s);
    s->format->unclassified_begin(s->out, s->totals);
    s->unclassified_begun = 1;
    s->index = 0;
}

void directory_stream_entry(directory_stream *s, const directory_entry *e)
{
    if (!e->classified) {
        if (!s->unclassified_begun)
            begin_unclassified(s);
        s->format->entry(s->out, s->totals, NULL, e, s->index++);
        return;
    }
    uint32_t number = directory_material_number(&e->key);
    if (!s->in_class || number != s->material_number) {
        close_class(s);
        /* The classes were counted from these same entries, so the next one
         * is this entry's; a class never seen would be a fault of the store. */
        if (s->next_class < s->totals->classes_n)
            directory_class_of(s->totals, s->next_class, &s->current, s->format->with_words);
        s->format->class_begin(s->out, s->totals, &s->current, s->next_class++);
        s->in_class = 1;
        s->material_number = number;
        s->index = 0;
    }
    s->format->entry(s->out, s->totals, &s->current, e, s->index++);
}

void directory_stream_end(directory_stream *s)
{
    if (!s->unclassified_begun)
        begin_unclassified(s);
    s->format->end(s->out, s->totals);
}

void directory_put(sort_output *out, const char *text) { sort_output_write(out, text, strlen(text)); }

void directory_put_text(sort_output *out, directory_text t) { sort_output_write(out, t.bytes, t.len); }

void directory_put_uint(sort_output *out, unsigned long long value)
{
    char digits[UTIL_DECIMAL_MAX];
    sort_output_write(out, digits, util_decimal(digits, value));
}

/* UTF-8 text inside a JSON string (no quotes). */
static void put_json_text(sort_output *out, const char *s, size_t len)
{
    char spelled[6];
    size_t plain = 0; /* bytes written as they are, a run at a time */
    for (size_t i = 0; i < len; i++) {
        size_t n = util_json_text_byte((unsigned char)s[i], spelled);
        if (n == 1)
            continue;
        sort_output_write(out, s + plain, i - plain);
        sort_output_write(out, spelled, n);
        plain = i + 1;
    }
    sort_output_write(out, s + plain, len - plain);
}

void directory_put_json(sort_output *out, const char *s, size_t len)
{
    sort_output_write(out, "\"", 1);
    put_json_text(out, s, len);
    sort_output_write(out, "\"", 1);
}

void directory_put_json_name(sort_output *out, const char *s, size_t len)
{
    if (text_encoding_is_utf8(s, len)) {
        directory_put_json(out, s, len);
        return;
    }
    sort_output_write(out, "\"", 1);
    for (size_t i = 0; i < len;) {
        size_t n = 1; /* the longest valid sequence at i, 0 when none */
        while (n <= 4 && i + n <= len && !text_encoding_is_utf8(s + i, n))
            n++;
        if (n <= 4 && i + n <= len) {
            put_json_text(out, s + i, n);
            i += n;
            continue;
        }
        static const char hex[] = "0123456789abcdef";
        unsigned char c = (unsigned char)s[i++];
        char surrogate[6] = {'\\', 'u', 'd', 'c', hex[c >> 4], hex[c & 15u]};
        sort_output_write(out, surrogate, 6);
    }
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

void directory_put_html_name(sort_output *out, const char *s, size_t len)
{
    char *utf8 = malloc(len * TEXT_ENCODING_GROWTH + 1);
    size_t n = utf8 ? text_encoding_convert(TEXT_ENCODING_AUTO, s, len, utf8) : TEXT_ENCODING_KEPT;
    if (n == TEXT_ENCODING_KEPT)
        directory_put_html(out, s, len); /* out of memory: as it is */
    else
        directory_put_html(out, utf8, n);
    free(utf8);
}

void directory_put_bytes(sort_output *out, const char *s, size_t len) { sort_output_write(out, s, len); }

void directory_put_where(sort_output *out, const directory_totals *t, const directory_entry *e,
                         void (*put_file)(sort_output *out, const char *s, size_t len))
{
    const char *file = t->files[e->file];
    put_file(out, file, strlen(file));
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

void directory_put_name(sort_output *out, const directory_class *c)
{
    if (c->words.name_len)
        sort_output_write(out, c->words.name, c->words.name_len);
    else
        directory_put(out, "(no name)");
}

void directory_put_summary(sort_output *out, const directory_totals *t, const char *between, const char *before)
{
    directory_put_uint(out, t->games);
    directory_put(out, t->games == 1 ? " game" : " games");
    directory_put(out, between);
    directory_put_uint(out, t->classes_n);
    directory_put(out, t->classes_n == 1 ? " material class" : " material classes");
    if (t->unclassified) {
        directory_put(out, before);
        directory_put_uint(out, t->unclassified);
        directory_put(out, " could not be classified");
    }
}
