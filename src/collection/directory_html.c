/* gbr directory --format html: one self-contained page (inline style and
 * script, system fonts, no address outside the page) that carries the
 * entries as data and draws them on demand, so that it stays small and
 * opens fast at any size. The data is one JSON document in a script element
 * (id gbr-data):
 *   {"files": [NAME...],
 *    "classes": [[CODE, NAME, WORDS, [ENTRY...]]...],
 *    "unclassified": [[FILE, LINE, COLUMN, GAME, PROBLEM, COMPOSER, SOURCE, YEAR, REFERENCE]...]}
 * with ENTRY = [STUDY, POSITION, COMPOSER, SOURCE, YEAR, MEN, FILE, LINE, GAME]
 * and a tenth member, the mismatch ("" for none), when a code tag disagrees
 * with the FEN or there is a reference, and then an eleventh, the reference;
 * FILE is an index into files, MEN the men as a piece letter (FEN's: upper
 * case white) and a square each ("Kc1ka3Ra1nh1"), NAME "" when the class has
 * none. Every '<' in it is written \u003c, so the data cannot end its script
 * element.
 *
 * The page's style is page/directory.css, its script page/directory.js
 * (what the script does and the address fragments it reads are written at
 * its top); both are embedded at build time (below).
 *
 * With --split-by, the pages are one per part (a class, or the classes of
 * one strongest man) beside an index page that lists the parts and their
 * classes (directory_html.h). */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "directory_html.h"
#include "text.h"
#include "text_encoding.h"

/* The page's style and script: page/directory.css and page/directory.js,
 * embedded at build time (page/embed.cmake; the notes at column 0 of those
 * files are left out), each a C string. */
static const char style[] = {
#include "directory.css.inc"
};

static const char script[] = {
#include "directory.js.inc"
};

/* A JSON string of UTF-8 text, '<' spelled \u003c. */
static void put_json(sort_output *out, const char *s, size_t len)
{
    char spelled[6];
    sort_output_write(out, "\"", 1);
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '<')
            directory_put(out, "\\u003c");
        else
            sort_output_write(out, spelled, util_json_text_byte((unsigned char)s[i], spelled));
    }
    sort_output_write(out, "\"", 1);
}

static void put_json_text(sort_output *out, directory_text t) { put_json(out, t.bytes, t.len); }

/* A file name as put_json writes it, read as text_encoding.h's auto reads a
 * value (valid UTF-8 kept, else Windows-1252), as every other place in the
 * page shows it (directory_put_html_name). */
static void put_json_name(sort_output *out, const char *s, size_t len)
{
    if (text_encoding_is_utf8(s, len)) {
        put_json(out, s, len);
        return;
    }
    char *utf8 = malloc(len * TEXT_ENCODING_GROWTH + 1);
    size_t n = utf8 ? text_encoding_convert(TEXT_ENCODING_AUTO, s, len, utf8) : TEXT_ENCODING_KEPT;
    if (n == TEXT_ENCODING_KEPT)
        put_json(out, s, len); /* out of memory: as it is */
    else
        put_json(out, utf8, n);
    free(utf8);
}

/* The men of the entry's position, as the data's MEN says them. */
static void put_men(sort_output *out, const directory_totals *t, const directory_entry *e)
{
    static const char letters[] = "?QRBNPK??qrbnpk";
    gbr_position p;
    char men[3 * 64];
    size_t n = 0;
    /* Cannot fail: the text was written by the same codec; then no men. */
    if (!gbr_parse_position(t->codec, e->position.bytes, e->position.len, &p).error) {
        for (int square = 0; square < 64; square++) {
            unsigned man = p.board[square];
            if (man == GBR_EMPTY || (man & 7u) > 6u)
                continue;
            men[n++] = letters[man & 15u];
            men[n++] = (char)('a' + square / 8);
            men[n++] = (char)('1' + square % 8);
        }
    }
    put_json(out, men, n);
}

static void put_summary(sort_output *out, unsigned long long games, size_t classes, unsigned long long unclassified)
{
    directory_put_uint(out, games);
    directory_put(out, games == 1 ? " game in " : " games in ");
    directory_put_uint(out, classes);
    directory_put(out, classes == 1 ? " material class" : " material classes");
    if (unclassified) {
        directory_put(out, "; ");
        directory_put_uint(out, unclassified);
        directory_put(out, " could not be classified");
    }
}

static void page_head(sort_output *out, const char *title)
{
    directory_put(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    directory_put(out, title);
    directory_put(out, "</title>\n<style>\n");
    sort_output_write(out, style, sizeof style - 1);
    directory_put(out, "</style>\n</head>\n<body>\n<h1>");
    directory_put(out, title);
    directory_put(out, "</h1>\n");
}

/* A link to a file beside the page: the path's last name, each byte but
 * letters, digits and -._~ percent-encoded. */
static void put_href(sort_output *out, const char *path)
{
    const char *slash = strrchr(path, '/');
    static const char hex[] = "0123456789ABCDEF";
    for (const char *p = slash ? slash + 1 : path; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~", c)) {
            sort_output_write(out, p, 1);
        } else {
            char escaped[3] = {'%', hex[c >> 4], hex[c & 15u]};
            sort_output_write(out, escaped, 3);
        }
    }
}

/* The page of the classes [first, first + n) (the part, or all of them)
 * up to the first class's data; index: the index page's path for a part. */
static void page_begin(sort_output *out, const directory_totals *t, size_t first, size_t n, const char *index,
                       const char *part)
{
    unsigned long long games = 0;
    for (size_t i = first; i < first + n; i++)
        games += t->classes[i] & (((uint64_t)1 << 40) - 1);
    page_head(out, "GBR directory");
    directory_put(out, "<p id=\"summary\">");
    if (index) {
        directory_put(out, "Part ");
        directory_put(out, part);
        directory_put(out, ": ");
        put_summary(out, games, n, 0);
        directory_put(out, " &middot; <a href=\"");
        put_href(out, index);
        directory_put(out, "\">index of the parts</a>");
    } else {
        put_summary(out, t->games, t->classes_n, t->unclassified);
    }
    directory_put(
        out,
        "</p>\n<input id=\"filter\" type=\"search\" aria-label=\"filter\" "
        "placeholder=\"Filter: code, name, composer, source, reference, year\" autocomplete=\"off\">\n"
        "<p id=\"shown\"></p>\n"
        "<p id=\"legend\">Study code: stipulation (<b>+</b> White wins, <b>=</b> draw), material, the kings. "
        "Position form's indicator: <b>+</b> White to move, White wins &middot; <b>=</b> White to move, draw "
        "&middot; <b>-+</b> Black to move, White wins &middot; <b>-=</b> Black to move, draw &middot; "
        "<b>WTM</b>, <b>BTM</b> White, Black to move, no result given. Beside a diagram, "
        "<span class=\"key w\">&#9675;</span> at the foot: White to move; "
        "<span class=\"key b\">&#9679;</span> at the head: Black to move.</p>\n"
        "<nav id=\"toc\" class=\"toc\" aria-label=\"classes\"></nav>\n"
        "<noscript><p>This page draws its entries with its script: allow scripts to read it.</p></noscript>\n"
        "<div id=\"list\"></div>\n"
        "<script type=\"application/json\" id=\"gbr-data\">{\"files\":[");
    for (size_t i = 0; t->files[i]; i++) {
        if (i)
            directory_put(out, ",");
        put_json_name(out, t->files[i], strlen(t->files[i]));
    }
    directory_put(out, "],\n\"classes\":[");
}

static void page_class_begin(sort_output *out, const directory_class *c, int first)
{
    directory_put(out, first ? "\n[" : ",\n[");
    put_json(out, c->words.code, c->words.code_len);
    directory_put(out, ",");
    put_json(out, c->words.name, c->words.name_len);
    directory_put(out, ",");
    put_json(out, c->words_text, strlen(c->words_text));
    directory_put(out, ",[");
}

static void page_entry(sort_output *out, const directory_totals *t, const directory_entry *e, int first)
{
    directory_put(out, first ? "\n[" : ",\n[");
    if (e->classified) {
        put_json_text(out, e->study);
        directory_put(out, ",");
        put_json_text(out, e->position);
        directory_put(out, ",");
    } else {
        directory_put_uint(out, e->file);
        directory_put(out, ",");
        directory_put_uint(out, e->line);
        directory_put(out, ",");
        directory_put_uint(out, e->column);
        directory_put(out, ",");
        directory_put_uint(out, e->game);
        directory_put(out, ",");
        put_json_text(out, e->problem);
        directory_put(out, ",");
    }
    put_json_text(out, e->composer);
    directory_put(out, ",");
    put_json_text(out, e->source);
    directory_put(out, ",");
    put_json_text(out, e->year);
    if (!e->classified) {
        directory_put(out, ",");
        put_json_text(out, e->reference);
    }
    if (e->classified) {
        directory_put(out, ",");
        put_men(out, t, e);
        directory_put(out, ",");
        directory_put_uint(out, e->file);
        directory_put(out, ",");
        directory_put_uint(out, e->line);
        directory_put(out, ",");
        directory_put_uint(out, e->game);
        if (e->mismatch.len || e->reference.len) {
            directory_put(out, ",");
            put_json_text(out, e->mismatch);
        }
        if (e->reference.len) {
            directory_put(out, ",");
            put_json_text(out, e->reference);
        }
    }
    directory_put(out, "]");
}

static void page_end(sort_output *out)
{
    directory_put(out, "]}\n</script>\n<script>\n");
    sort_output_write(out, script, sizeof script - 1);
    directory_put(out, "</script>\n</body>\n</html>\n");
}

/* One page. */
static void begin(sort_output *out, const directory_totals *t) { page_begin(out, t, 0, t->classes_n, NULL, NULL); }

static void class_begin(sort_output *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)t;
    page_class_begin(out, c, index == 0);
}

static void entry(sort_output *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    (void)c;
    page_entry(out, t, e, index == 0);
}

static void class_end(sort_output *out, const directory_totals *t, const directory_class *c)
{
    (void)t;
    (void)c;
    directory_put(out, "]]");
}

static void unclassified_begin(sort_output *out, const directory_totals *t)
{
    (void)t;
    directory_put(out, "],\n\"unclassified\":[");
}

static void end(sort_output *out, const directory_totals *t)
{
    (void)t;
    page_end(out);
}

const directory_format directory_format_html = {begin, class_begin, entry, class_end, unclassified_begin, end, 1};

/* Split: the parts beside the index page. */

/* The part a class belongs to: its material code, or the letter of its
 * strongest man (Q, R, B, N, P; K for bare kings). */
static void part_of(const directory_html_parts *parts, const directory_class *c, char key[GBR_MATERIAL_MAX + 1])
{
    if (parts->by == DIRECTORY_SPLIT_CLASS) {
        memcpy(key, c->words.code, c->words.code_len);
        key[c->words.code_len] = '\0';
        return;
    }
    const char *code = c->words.code; /* abcd.ef */
    char letter = 'K';
    for (int i = 0; i < 4 && letter == 'K'; i++)
        if (code[i] != '0')
            letter = "QRBN"[i];
    if (letter == 'K' && (code[5] != '0' || code[6] != '0'))
        letter = 'P';
    key[0] = letter;
    key[1] = '\0';
}

static const char *letter_words(char letter)
{
    switch (letter) {
    case 'Q': return "classes with queens";
    case 'R': return "rooks, no queens";
    case 'B': return "bishops, no queens or rooks";
    case 'N': return "knights, no queens, rooks or bishops";
    case 'P': return "pawns only";
    default: return "bare kings";
    }
}

/* The path of a part: the index's path with "-KEY" before its .html (or
 * .htm), or at its end. Returns 0, or -1 out of memory. */
static int part_path(directory_html_parts *parts, const char *key)
{
    const char *index = parts->index_path;
    size_t len = strlen(index), stem = len;
    if (len >= 5 && strcmp(index + len - 5, ".html") == 0)
        stem = len - 5;
    else if (len >= 4 && strcmp(index + len - 4, ".htm") == 0)
        stem = len - 4;
    char *path = malloc(len + strlen(key) + 2);
    if (!path) {
        fprintf(stderr, "gbr: directory: out of memory\n");
        return -1;
    }
    memcpy(path, index, stem);
    path[stem] = '-';
    strcpy(path + stem + 1, key);
    strcat(path, index + stem);
    parts->path = path;
    return 0;
}

static void part_close(directory_html_parts *parts)
{
    if (!parts->open)
        return;
    directory_put(&parts->part, "],\n\"unclassified\":[");
    page_end(&parts->part);
    if (sort_output_commit(&parts->part) != 0)
        parts->failed = 1; /* reported */
    parts->open = 0;
    free(parts->path);
    parts->path = NULL;
}

static void split_begin(sort_output *out, const directory_totals *t)
{
    directory_html_parts *parts = t->writer;
    page_head(out, "GBR directory");
    directory_put(out, "<p id=\"summary\">");
    put_summary(out, t->games, t->classes_n, t->unclassified);
    directory_put(out, parts->by == DIRECTORY_SPLIT_CLASS ? "; one page per class:</p>\n"
                                                          : "; one page per strongest man:</p>\n");
    char open_key[GBR_MATERIAL_MAX + 1] = "";
    for (size_t i = 0; i < t->classes_n; i++) {
        directory_class c;
        char key[GBR_MATERIAL_MAX + 1];
        directory_class_of(t, i, &c, 0);
        part_of(parts, &c, key);
        if (part_path(parts, key) != 0) {
            parts->failed = 1;
            return;
        }
        if (parts->by == DIRECTORY_SPLIT_LETTER && strcmp(key, open_key) != 0) {
            unsigned long long games = 0;
            size_t j = i;
            for (; j < t->classes_n; j++) {
                directory_class d;
                char its[GBR_MATERIAL_MAX + 1];
                directory_class_of(t, j, &d, 0);
                part_of(parts, &d, its);
                if (strcmp(its, key) != 0)
                    break;
                games += d.count;
            }
            directory_put(out, open_key[0] ? "</ol></nav>\n<h2><a href=\"" : "<h2><a href=\"");
            put_href(out, parts->path);
            directory_put(out, "\">");
            directory_put(out, key);
            directory_put(out, ": ");
            directory_put(out, letter_words(key[0]));
            directory_put(out, "</a> &middot; <span class=\"count\">");
            put_summary(out, games, j - i, 0);
            directory_put(out, "</span></h2>\n<nav class=\"toc\"><ol>\n");
            strcpy(open_key, key);
        } else if (i == 0) {
            directory_put(out, "<nav class=\"toc\"><ol>\n");
            open_key[0] = 'c';
        }
        directory_put(out, "<li><a href=\"");
        put_href(out, parts->path);
        directory_put(out, "#c");
        sort_output_write(out, c.words.code, c.words.code_len);
        directory_put(out, "\">");
        sort_output_write(out, c.words.code, c.words.code_len);
        directory_put(out, " ");
        directory_put_name(out, &c);
        directory_put(out, "</a> <span class=\"count\">");
        directory_put_uint(out, c.count);
        directory_put(out, "</span></li>\n");
        free(parts->path);
        parts->path = NULL;
    }
    if (open_key[0])
        directory_put(out, "</ol></nav>\n");
}

static void split_class_begin(sort_output *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)out;
    directory_html_parts *parts = t->writer;
    char key[GBR_MATERIAL_MAX + 1];
    part_of(parts, c, key);
    if (parts->open && strcmp(key, parts->key) == 0) {
        page_class_begin(&parts->part, c, 0);
        return;
    }
    part_close(parts);
    if (parts->failed)
        return;
    size_t j = index + 1;
    for (; j < t->classes_n; j++) {
        directory_class d;
        char its[GBR_MATERIAL_MAX + 1];
        directory_class_of(t, j, &d, 0);
        part_of(parts, &d, its);
        if (strcmp(its, key) != 0)
            break;
    }
    if (part_path(parts, key) != 0 || sort_output_open(&parts->part, parts->path) != 0) {
        free(parts->path);
        parts->path = NULL;
        parts->failed = 1;
        return;
    }
    parts->open = 1;
    strcpy(parts->key, key);
    page_begin(&parts->part, t, index, j - index, parts->index_path, key);
    page_class_begin(&parts->part, c, 1);
}

static void split_class_end(sort_output *out, const directory_totals *t, const directory_class *c)
{
    (void)out;
    (void)c;
    directory_html_parts *parts = t->writer;
    if (parts->open)
        directory_put(&parts->part, "]]");
}

static void split_unclassified_begin(sort_output *out, const directory_totals *t)
{
    part_close(t->writer);
    if (!t->unclassified)
        return;
    directory_put(out, "<h2 id=\"unclassified\">Could not classify &middot; <span class=\"count\">");
    directory_put_uint(out, t->unclassified);
    directory_put(out, "</span></h2>\n<ul class=\"unclassified\">\n");
}

static void put_reference(sort_output *out, const directory_entry *e)
{
    const directory_text fields[4] = {e->composer, e->source, e->reference, e->year};
    const char *const classes[4] = {"composer", "source", "reference", "year"};
    int any = 0;
    for (int i = 0; i < 4; i++) {
        if (fields[i].len == 0)
            continue;
        directory_put(out, any ? " &middot; <span class=\"" : "<span class=\"");
        directory_put(out, classes[i]);
        directory_put(out, "\">");
        directory_put_html(out, fields[i].bytes, fields[i].len);
        directory_put(out, "</span>");
        any = 1;
    }
}

static void split_entry(sort_output *out, const directory_totals *t, const directory_class *c,
                        const directory_entry *e, unsigned long long index)
{
    directory_html_parts *parts = t->writer;
    if (c) {
        if (parts->open)
            page_entry(&parts->part, t, e, index == 0);
        return;
    }
    directory_put(out, "<li class=\"unclassified\"><span class=\"where\">");
    directory_put_where(out, t, e, directory_put_html_name);
    directory_put(out, "</span>: <span class=\"problem\">");
    directory_put_html(out, e->problem.bytes, e->problem.len);
    directory_put(out, "</span> ");
    put_reference(out, e);
    directory_put(out, "</li>\n");
}

static void split_end(sort_output *out, const directory_totals *t)
{
    part_close(t->writer);
    if (t->unclassified)
        directory_put(out, "</ul>\n");
    directory_put(out, "</body>\n</html>\n");
}

const directory_format directory_format_html_split = {
    split_begin, split_class_begin, split_entry, split_class_end, split_unclassified_begin, split_end, 1};
