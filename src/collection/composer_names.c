/* A game's composers and the names file: see composer_names.h. */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "composer_names.h"
#include "grow.h"

typedef struct spelling {
    const char *text;
    size_t len;
    const char *chosen;
    size_t chosen_len;
    unsigned long line, column;
} spelling;

struct composer_names {
    char *bytes; /* the file's text: the spellings point into it */
    spelling *spellings; /* sorted by text */
    size_t n;
};

static int compare_text(const char *a, size_t a_len, const char *b, size_t b_len)
{
    int c = memcmp(a, b, a_len < b_len ? a_len : b_len);
    return c ? c : (a_len > b_len) - (a_len < b_len);
}

static int by_text(const void *x, const void *y)
{
    const spelling *a = x, *b = y;
    int c = compare_text(a->text, a->len, b->text, b->len);
    /* Equal spellings: in file order, so that the later one is reported. */
    return c ? c : (a->line > b->line) - (a->line < b->line);
}

static char *read_all(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *bytes = NULL;
    size_t cap = 0, used = 0;
    for (;;) {
        char *bigger = util_grow(bytes, &cap, used + 4096, 1);
        if (!bigger) {
            free(bytes);
            fclose(f);
            return NULL;
        }
        bytes = bigger;
        size_t got = fread(bytes + used, 1, cap - used, f);
        used += got;
        if (got == 0)
            break;
    }
    int failed = ferror(f);
    fclose(f);
    if (failed) {
        free(bytes);
        return NULL;
    }
    *len = used;
    return bytes;
}

/* The index of the first byte of s that starts no valid UTF-8 sequence, len
 * when there is none. */
static size_t utf8_stray(const char *s, size_t len)
{
    for (size_t i = 0; i < len;) {
        size_t k = 1;
        while (k <= 4 && i + k <= len && !text_encoding_is_utf8(s + i, k))
            k++;
        if (k > 4 || i + k > len)
            return i;
        i += k;
    }
    return len;
}

static void report_to_stderr(void *context, const char *path, unsigned long line, unsigned long column,
                             const char *message)
{
    (void)context;
    if (line)
        fprintf(stderr, "gbr: %s:%lu:%lu: %s\n", path, line, column, message);
    else
        fprintf(stderr, "gbr: %s: %s\n", path, message);
}

composer_names *composer_names_load(const char *path)
{
    return composer_names_read(path, report_to_stderr, NULL);
}

composer_names *composer_names_read(const char *path, composer_names_report *report, void *context)
{
    composer_names *n = calloc(1, sizeof *n);
    size_t len = 0, cap = 0;
    if (!n || !(n->bytes = read_all(path, &len))) {
        report(context, path, 0, 0, "cannot read the names file");
        free(n);
        return NULL;
    }
    int bad = 0;
    unsigned long line = 0;
    /* A byte-order mark (editors on Windows write one) is no part of a name. */
    size_t start = len >= 3 && memcmp(n->bytes, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    for (size_t at = start; at < len;) {
        const char *text = n->bytes + at;
        const char *nl = memchr(text, '\n', len - at);
        size_t line_len = nl ? (size_t)(nl - text) : len - at;
        at += line_len + (nl != NULL);
        line++;
        if (line_len && text[line_len - 1] == '\r')
            line_len--;
        size_t stray = utf8_stray(text, line_len);
        if (stray < line_len) {
            report(context, path, line, stray + 1, "not UTF-8 (a names file is UTF-8)");
            bad = 1;
            continue;
        }
        size_t skip = 0;
        while (skip < line_len && (text[skip] == ' ' || text[skip] == '\t'))
            skip++;
        if (skip == line_len || text[skip] == '#')
            continue;
        const char *chosen = NULL;
        size_t chosen_len = 0;
        for (size_t from = 0; from <= line_len;) {
            const char *bar = memchr(text + from, '|', line_len - from);
            size_t end = bar ? (size_t)(bar - text) : line_len, b = from, e = end;
            while (b < e && (text[b] == ' ' || text[b] == '\t'))
                b++;
            while (e > b && (text[e - 1] == ' ' || text[e - 1] == '\t'))
                e--;
            if (b == e) {
                report(context, path, line, b + 1, "an empty spelling (spellings are separated by '|')");
                bad = 1;
            } else {
                if (!chosen) {
                    chosen = text + b;
                    chosen_len = e - b;
                }
                spelling *bigger = util_grow(n->spellings, &cap, n->n + 1, sizeof *bigger);
                if (!bigger) {
                    report(context, path, 0, 0, "out of memory");
                    composer_names_free(n);
                    return NULL;
                }
                n->spellings = bigger;
                n->spellings[n->n++] = (spelling){text + b, e - b, chosen, chosen_len, line, b + 1};
            }
            from = end + 1;
        }
    }
    if (n->n)
        qsort(n->spellings, n->n, sizeof *n->spellings, by_text);
    for (size_t i = 1; i < n->n; i++) {
        const spelling *a = &n->spellings[i - 1], *b = &n->spellings[i];
        if (compare_text(a->text, a->len, b->text, b->len) != 0)
            continue;
        if (compare_text(a->chosen, a->chosen_len, b->chosen, b->chosen_len) == 0)
            continue; /* the same person twice over: harmless */
        char message[160];
        snprintf(message, sizeof message, "this spelling already names another person (line %lu)", a->line);
        report(context, path, b->line, b->column, message);
        bad = 1;
    }
    if (bad) {
        composer_names_free(n);
        return NULL;
    }
    return n;
}

void composer_names_free(composer_names *n)
{
    if (!n)
        return;
    free(n->spellings);
    free(n->bytes);
    free(n);
}

const char *composer_names_chosen(const composer_names *n, const char *s, size_t len, size_t *chosen_len)
{
    size_t lo = 0, hi = n->n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (compare_text(n->spellings[mid].text, n->spellings[mid].len, s, len) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == n->n || compare_text(n->spellings[lo].text, n->spellings[lo].len, s, len) != 0)
        return NULL;
    *chosen_len = n->spellings[lo].chosen_len;
    return n->spellings[lo].chosen;
}

/* Appends one composer (a tag's value) to the field in *buf at *used. */
static int append(const pgn_tag *t, text_encoding e, const composer_names *names, char **buf, size_t *cap,
                  size_t *used, unsigned long long *converted)
{
    size_t need = *used + sizeof COMPOSER_SEPARATOR + t->value_len * TEXT_ENCODING_GROWTH;
    char *bigger = util_grow(*buf, cap, need, 1);
    if (!bigger)
        return -1;
    *buf = bigger;
    if (*used) {
        memcpy(bigger + *used, COMPOSER_SEPARATOR, sizeof COMPOSER_SEPARATOR - 1);
        *used += sizeof COMPOSER_SEPARATOR - 1;
    }
    char *at = bigger + *used;
    size_t n = text_encoding_convert(e, t->value, t->value_len, at);
    if (n == TEXT_ENCODING_KEPT) {
        memcpy(at, t->value, t->value_len);
        n = t->value_len;
    } else {
        ++*converted;
    }
    size_t chosen_len;
    const char *chosen = names ? composer_names_chosen(names, at, n, &chosen_len) : NULL;
    if (chosen) {
        if (chosen_len > n) {
            bigger = util_grow(*buf, cap, *used + chosen_len, 1);
            if (!bigger)
                return -1;
            *buf = bigger;
            at = bigger + *used;
        }
        memcpy(at, chosen, chosen_len);
        n = chosen_len;
    }
    *used += n;
    return 0;
}

int composer_field(const directory_game_tags *tags, text_encoding e, const composer_names *names, char **buf,
                   size_t *cap, const char **value, size_t *len, unsigned long long *converted)
{
    const pgn_tag *composer = tags->field[DIRECTORY_TAG_COMPOSER];
    *value = "";
    *len = 0;
    if (!composer)
        return 0;
    if (!tags->coauthors_n && !names) { /* the usual case: one value, converted only when it must be */
        int how = text_encoding_value(e, composer->value, composer->value_len, buf, cap, value, len);
        if (how < 0)
            return -1;
        *converted += (unsigned)how;
        return 0;
    }
    size_t used = 0;
    /* An unknown composer ("?") beside known co-authors is left out: the
     * co-authors are the names the study is known by. */
    int unknown = tags->coauthors_n && directory_value_unknown(composer->value, composer->value_len);
    if (!unknown && append(composer, e, names, buf, cap, &used, converted) != 0)
        return -1;
    for (size_t i = 0; i < tags->coauthors_n; i++)
        if (append(tags->coauthors[i], e, names, buf, cap, &used, converted) != 0)
            return -1;
    *value = *buf;
    *len = used;
    return 0;
}
