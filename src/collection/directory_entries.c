/* What the directory's format writers share: see directory_entries.h. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

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
                            util_sink *out)
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

void directory_put_text(util_sink *out, directory_text t) { util_write(out, t.bytes, t.len); }

void directory_put_json_name(util_sink *out, const char *s, size_t len)
{
    if (text_encoding_is_utf8(s, len)) {
        util_put_json_text(out, s, len);
        return;
    }
    util_write(out, "\"", 1);
    for (size_t i = 0; i < len;) {
        size_t n = 1; /* the longest valid sequence at i, 0 when none */
        while (n <= 4 && i + n <= len && !text_encoding_is_utf8(s + i, n))
            n++;
        if (n <= 4 && i + n <= len) {
            util_put_json_text_inside(out, s + i, n);
            i += n;
            continue;
        }
        static const char hex[] = "0123456789abcdef";
        unsigned char c = (unsigned char)s[i++];
        char surrogate[6] = {'\\', 'u', 'd', 'c', hex[c >> 4], hex[c & 15u]};
        util_write(out, surrogate, 6);
    }
    util_write(out, "\"", 1);
}

void directory_put_html_name(util_sink *out, const char *s, size_t len)
{
    char *utf8 = malloc(len * TEXT_ENCODING_GROWTH + 1);
    size_t n = utf8 ? text_encoding_convert(TEXT_ENCODING_AUTO, s, len, utf8) : TEXT_ENCODING_KEPT;
    if (n == TEXT_ENCODING_KEPT)
        util_put_html(out, s, len); /* out of memory: as it is */
    else
        util_put_html(out, utf8, n);
    free(utf8);
}

void directory_put_bytes(util_sink *out, const char *s, size_t len) { util_write(out, s, len); }

void directory_put_where(util_sink *out, const directory_totals *t, const directory_entry *e,
                         void (*put_file)(util_sink *out, const char *s, size_t len))
{
    const char *file = t->files[e->file];
    put_file(out, file, strlen(file));
    util_put(out, ":");
    util_put_uint(out, e->line);
    if (!e->classified) {
        util_put(out, ":");
        util_put_uint(out, e->column);
    }
    util_put(out, " (game ");
    util_put_uint(out, e->game);
    util_put(out, ")");
}

void directory_put_name(util_sink *out, const directory_class *c)
{
    if (c->words.name_len)
        util_write(out, c->words.name, c->words.name_len);
    else
        util_put(out, "(no name)");
}

void directory_put_summary(util_sink *out, const directory_totals *t, const char *between, const char *before)
{
    util_put_uint(out, t->games);
    util_put(out, t->games == 1 ? " game" : " games");
    util_put(out, between);
    util_put_uint(out, t->classes_n);
    util_put(out, t->classes_n == 1 ? " material class" : " material classes");
    if (t->unclassified) {
        util_put(out, before);
        util_put_uint(out, t->unclassified);
        util_put(out, " could not be classified");
    }
}
