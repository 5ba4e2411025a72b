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
 * classes (directory_html.h). The style and the script are then files of
 * their own beside the index, written once, which every part and the
 * index load: with one part per class, a collection of 100,000 studies
 * makes some 20,000 pages, and each copy of them would be some 20 KB of
 * the same bytes in every page. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "directory_html.h"
#include "output.h"
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
static void put_json(util_sink *out, const char *s, size_t len)
{
    char spelled[6];
    util_write(out, "\"", 1);
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '<')
            util_put(out, "\\u003c");
        else
            util_write(out, spelled, util_json_text_byte((unsigned char)s[i], spelled));
    }
    util_write(out, "\"", 1);
}

static void put_json_text(util_sink *out, directory_text t) { put_json(out, t.bytes, t.len); }

/* A file name as put_json writes it, read as text_encoding.h's auto reads a
 * value (valid UTF-8 kept, else Windows-1252), as every other place in the
 * page shows it (directory_put_html_name). */
static void put_json_name(util_sink *out, const char *s, size_t len)
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
static void put_men(util_sink *out, const directory_totals *t, const directory_entry *e)
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

static void put_summary(util_sink *out, unsigned long long games, size_t classes, unsigned long long unclassified)
{
    util_put_uint(out, games);
    util_put(out, games == 1 ? " game in " : " games in ");
    util_put_uint(out, classes);
    util_put(out, classes == 1 ? " material class" : " material classes");
    if (unclassified) {
        util_put(out, "; ");
        util_put_uint(out, unclassified);
        util_put(out, " could not be classified");
    }
}

static void put_href(util_sink *out, const char *path);

/* The head of a page, its style inline, or linked: the file `assets` names
 * (the split pages' style and script, directory_html.h) with .css after
 * it. */
static void page_head(util_sink *out, const char *title, const char *assets)
{
    util_put(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    util_put(out, title);
    if (assets) {
        util_put(out, "</title>\n<link rel=\"stylesheet\" href=\"");
        put_href(out, assets);
        util_put(out, ".css\">\n</head>\n<body>\n<h1>");
    } else {
        util_put(out, "</title>\n<style>\n");
        util_write(out, style, sizeof style - 1);
        util_put(out, "</style>\n</head>\n<body>\n<h1>");
    }
    util_put(out, title);
    util_put(out, "</h1>\n");
}

/* The end of a page: its script inline, or linked (as page_head). */
static void page_script(util_sink *out, const char *assets)
{
    if (assets) {
        util_put(out, "<script src=\"");
        put_href(out, assets);
        util_put(out, ".js\"></script>\n</body>\n</html>\n");
    } else {
        util_put(out, "<script>\n");
        util_write(out, script, sizeof script - 1);
        util_put(out, "</script>\n</body>\n</html>\n");
    }
}

/* A link to a file beside the page: the path's last name, each byte but
 * letters, digits and -._~ percent-encoded. */
static void put_href(util_sink *out, const char *path)
{
    const char *slash = strrchr(path, '/');
    static const char hex[] = "0123456789ABCDEF";
    for (const char *p = slash ? slash + 1 : path; *p; p++) {
        unsigned char c = (unsigned char)*p;
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || strchr("-._~", c)) {
            util_write(out, p, 1);
        } else {
            char escaped[3] = {'%', hex[c >> 4], hex[c & 15u]};
            util_write(out, escaped, 3);
        }
    }
}

/* The page of the classes [first, first + n) (the part, or all of them)
 * up to the first class's data; index: the index page's path for a part. */
static void page_begin(util_sink *out, const directory_totals *t, size_t first, size_t n, const char *index,
                       const char *part, const char *assets)
{
    unsigned long long games = 0;
    for (size_t i = first; i < first + n; i++)
        games += t->classes[i] & (((uint64_t)1 << 40) - 1);
    page_head(out, "GBR directory", assets);
    util_put(out, "<p id=\"summary\">");
    if (index) {
        util_put(out, "Part ");
        util_put(out, part);
        util_put(out, ": ");
        put_summary(out, games, n, 0);
        util_put(out, " &middot; <a href=\"");
        put_href(out, index);
        util_put(out, "\">index of the parts</a>");
    } else {
        put_summary(out, t->games, t->classes_n, t->unclassified);
    }
    util_put(
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
            util_put(out, ",");
        put_json_name(out, t->files[i], strlen(t->files[i]));
    }
    util_put(out, "],\n\"classes\":[");
}

static void page_class_begin(util_sink *out, const directory_class *c, int first)
{
    util_put(out, first ? "\n[" : ",\n[");
    put_json(out, c->words.code, c->words.code_len);
    util_put(out, ",");
    put_json(out, c->words.name, c->words.name_len);
    util_put(out, ",");
    put_json(out, c->words_text, strlen(c->words_text));
    util_put(out, ",[");
}

static void page_entry(util_sink *out, const directory_totals *t, const directory_entry *e, int first)
{
    util_put(out, first ? "\n[" : ",\n[");
    if (e->classified) {
        put_json_text(out, e->study);
        util_put(out, ",");
        put_json_text(out, e->position);
        util_put(out, ",");
    } else {
        util_put_uint(out, e->file);
        util_put(out, ",");
        util_put_uint(out, e->line);
        util_put(out, ",");
        util_put_uint(out, e->column);
        util_put(out, ",");
        util_put_uint(out, e->game);
        util_put(out, ",");
        put_json_text(out, e->problem);
        util_put(out, ",");
    }
    put_json_text(out, e->composer);
    util_put(out, ",");
    put_json_text(out, e->source);
    util_put(out, ",");
    put_json_text(out, e->year);
    if (!e->classified) {
        util_put(out, ",");
        put_json_text(out, e->reference);
    }
    if (e->classified) {
        util_put(out, ",");
        put_men(out, t, e);
        util_put(out, ",");
        util_put_uint(out, e->file);
        util_put(out, ",");
        util_put_uint(out, e->line);
        util_put(out, ",");
        util_put_uint(out, e->game);
        if (e->mismatch.len || e->reference.len) {
            util_put(out, ",");
            put_json_text(out, e->mismatch);
        }
        if (e->reference.len) {
            util_put(out, ",");
            put_json_text(out, e->reference);
        }
    }
    util_put(out, "]");
}

static void page_end(util_sink *out, const char *assets)
{
    util_put(out, "]}\n</script>\n");
    page_script(out, assets);
}

/* One page. */
static void begin(util_sink *out, const directory_totals *t) { page_begin(out, t, 0, t->classes_n, NULL, NULL, NULL); }

static void class_begin(util_sink *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)t;
    page_class_begin(out, c, index == 0);
}

static void entry(util_sink *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    (void)c;
    page_entry(out, t, e, index == 0);
}

static void class_end(util_sink *out, const directory_totals *t, const directory_class *c)
{
    (void)t;
    (void)c;
    util_put(out, "]]");
}

static void unclassified_begin(util_sink *out, const directory_totals *t)
{
    (void)t;
    util_put(out, "],\n\"unclassified\":[");
}

static void end(util_sink *out, const directory_totals *t)
{
    (void)t;
    page_end(out, NULL);
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

/* The length of the index's path without its .html (or .htm). */
static size_t index_stem(const char *index)
{
    size_t len = strlen(index);
    if (len >= 5 && strcmp(index + len - 5, ".html") == 0)
        return len - 5;
    if (len >= 4 && strcmp(index + len - 4, ".htm") == 0)
        return len - 4;
    return len;
}

/* The path of a part: the index's path with "-KEY" before its .html (or
 * .htm), or at its end. Returns 0, or -1 out of memory. */
static int part_path(directory_html_parts *parts, const char *key)
{
    const char *index = parts->index_path;
    size_t len = strlen(index), stem = index_stem(index);
    char *path = malloc(len + strlen(key) + 2);
    if (!path) {
        util_out_of_memory("directory");
        return -1;
    }
    memcpy(path, index, stem);
    path[stem] = '-';
    strcpy(path + stem + 1, key);
    strcat(path, index + stem);
    parts->path = path;
    return 0;
}

/* The style and the script beside the index (its path without .html, then
 * .css and .js), each written atomically. Returns 0, or -1 (reported). */
static int write_assets(directory_html_parts *parts)
{
    size_t stem = index_stem(parts->index_path);
    parts->assets = malloc(stem + 1);
    char *path = malloc(stem + sizeof ".css"); /* the longer suffix and its NUL */
    if (!parts->assets || !path) {
        free(path);
        util_out_of_memory("directory");
        return -1;
    }
    memcpy(parts->assets, parts->index_path, stem);
    parts->assets[stem] = '\0';
    const char *const suffix[2] = {".css", ".js"};
    const char *const body[2] = {style, script};
    const size_t len[2] = {sizeof style - 1, sizeof script - 1};
    for (int i = 0; i < 2; i++) {
        util_output_file file;
        strcpy(path, parts->assets);
        strcat(path, suffix[i]);
        if (util_output_file_open(&file, path) != 0) {
            free(path);
            return -1;
        }
        util_write(&file.sink, body[i], len[i]);
        if (util_output_file_commit_unsynced(&file) != 0) {
            free(path);
            return -1;
        }
    }
    free(path);
    return 0;
}

static void part_close(directory_html_parts *parts)
{
    if (!parts->open)
        return;
    util_put(&parts->part.sink, "],\n\"unclassified\":[");
    page_end(&parts->part.sink, parts->assets);
    /* Synced together with the others before the index (split_end). */
    if (util_output_file_commit_unsynced(&parts->part) != 0)
        parts->failed = 1; /* reported */
    parts->open = 0;
    free(parts->path);
    parts->path = NULL;
}

static void split_begin(util_sink *out, const directory_totals *t)
{
    directory_html_parts *parts = t->writer;
    if (write_assets(parts) != 0) {
        parts->failed = 1;
        return;
    }
    page_head(out, "GBR directory", parts->assets);
    util_put(out, "<p id=\"summary\">");
    put_summary(out, t->games, t->classes_n, t->unclassified);
    util_put(out, parts->by == DIRECTORY_SPLIT_CLASS ? "; one page per class:</p>\n"
                                                          : "; one page per strongest man:</p>\n");
    util_put(out, "<input id=\"filter\" type=\"search\" aria-label=\"filter\" "
                  "placeholder=\"Filter: code, name\" autocomplete=\"off\">\n<p id=\"shown\"></p>\n");
    unsigned long long ordinal = 0;
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
            util_put(out, open_key[0] ? "</ol></nav>\n<h2><a href=\"" : "<h2><a href=\"");
            put_href(out, parts->path);
            util_put(out, "\">");
            util_put(out, key);
            util_put(out, ": ");
            util_put(out, letter_words(key[0]));
            util_put(out, "</a> &middot; <span class=\"count\">");
            put_summary(out, games, j - i, 0);
            util_put(out, "</span></h2>\n<nav class=\"toc\"><ol>\n");
            strcpy(open_key, key);
            ordinal = 0;
        } else if (i == 0) {
            util_put(out, "<nav class=\"toc\"><ol>\n");
            open_key[0] = 'c';
        }
        /* The ordinal is text of the item: an outside marker would stand
         * over the count at the end of the column before. */
        util_put(out, "<li><span class=\"n\">");
        util_put_uint(out, ++ordinal);
        util_put(out, ".</span> <a href=\"");
        put_href(out, parts->path);
        util_put(out, "#c");
        util_write(out, c.words.code, c.words.code_len);
        util_put(out, "\">");
        util_write(out, c.words.code, c.words.code_len);
        util_put(out, " ");
        directory_put_name(out, &c);
        util_put(out, "</a> <span class=\"count\">");
        util_put_uint(out, c.count);
        util_put(out, "</span></li>\n");
        free(parts->path);
        parts->path = NULL;
    }
    if (open_key[0])
        util_put(out, "</ol></nav>\n");
}

static void split_class_begin(util_sink *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)out;
    directory_html_parts *parts = t->writer;
    char key[GBR_MATERIAL_MAX + 1];
    part_of(parts, c, key);
    if (parts->open && strcmp(key, parts->key) == 0) {
        page_class_begin(&parts->part.sink, c, 0);
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
    if (part_path(parts, key) != 0 || util_output_file_open(&parts->part, parts->path) != 0) {
        free(parts->path);
        parts->path = NULL;
        parts->failed = 1;
        return;
    }
    parts->open = 1;
    strcpy(parts->key, key);
    page_begin(&parts->part.sink, t, index, j - index, parts->index_path, key, parts->assets);
    page_class_begin(&parts->part.sink, c, 1);
}

static void split_class_end(util_sink *out, const directory_totals *t, const directory_class *c)
{
    (void)out;
    (void)c;
    directory_html_parts *parts = t->writer;
    if (parts->open)
        util_put(&parts->part.sink, "]]");
}

static void split_unclassified_begin(util_sink *out, const directory_totals *t)
{
    part_close(t->writer);
    if (!t->unclassified)
        return;
    util_put(out, "<h2 id=\"unclassified\">Could not classify &middot; <span class=\"count\">");
    util_put_uint(out, t->unclassified);
    util_put(out, "</span></h2>\n<ul class=\"unclassified\">\n");
}

static void put_reference(util_sink *out, const directory_entry *e)
{
    const directory_text fields[4] = {e->composer, e->source, e->reference, e->year};
    const char *const classes[4] = {"composer", "source", "reference", "year"};
    int any = 0;
    for (int i = 0; i < 4; i++) {
        if (fields[i].len == 0)
            continue;
        util_put(out, any ? " &middot; <span class=\"" : "<span class=\"");
        util_put(out, classes[i]);
        util_put(out, "\">");
        util_put_html(out, fields[i].bytes, fields[i].len);
        util_put(out, "</span>");
        any = 1;
    }
}

static void split_entry(util_sink *out, const directory_totals *t, const directory_class *c,
                        const directory_entry *e, unsigned long long index)
{
    directory_html_parts *parts = t->writer;
    if (c) {
        if (parts->open)
            page_entry(&parts->part.sink, t, e, index == 0);
        return;
    }
    util_put(out, "<li class=\"unclassified\"><span class=\"where\">");
    directory_put_where(out, t, e, directory_put_html_name);
    util_put(out, "</span>: <span class=\"problem\">");
    util_put_html(out, e->problem.bytes, e->problem.len);
    util_put(out, "</span> ");
    put_reference(out, e);
    util_put(out, "</li>\n");
}

static void split_end(util_sink *out, const directory_totals *t)
{
    directory_html_parts *parts = t->writer;
    part_close(parts);
    /* Every part and the style and script on disk before the index that
     * names them: one sync of the file system for them all. */
    if (!parts->failed && util_sync_file_system(out->fd, parts->index_path) != 0)
        parts->failed = 1;
    if (t->unclassified)
        util_put(out, "</ul>\n");
    page_script(out, parts->assets);
    free(parts->assets);
    parts->assets = NULL;
}

const directory_format directory_format_html_split = {
    split_begin, split_class_begin, split_entry, split_class_end, split_unclassified_begin, split_end, 1};

/* File names as the page gives them (directory_html.h). */

/* The next component of a path from *p (skipping slashes and "."): its
 * start, and its length in *len; NULL at the end. */
static const char *next_component(const char **p, size_t *len)
{
    for (;;) {
        while (**p == '/')
            (*p)++;
        if (!**p)
            return NULL;
        const char *start = *p;
        while (**p && **p != '/')
            (*p)++;
        *len = (size_t)(*p - start);
        if (*len != 1 || start[0] != '.')
            return start;
    }
}

/* path (absolute) relative to cwd (absolute, as getcwd gives it: no "." or
 * "..", no link): their common leading components dropped, a "../" for each
 * of cwd's left. Lexical, and right because each component shared is a
 * directory of cwd's own path, so that ".." from cwd's side leads back
 * through it. */
static char *relative_to(const char *path, const char *cwd)
{
    const char *p = path, *c = cwd, *pc, *cc;
    size_t pl = 0, cl = 0;
    for (;;) {
        const char *p_at = p, *c_at = c;
        pc = next_component(&p, &pl);
        cc = next_component(&c, &cl);
        if (!pc || !cc || pl != cl || memcmp(pc, cc, pl) != 0) {
            p = p_at;
            c = c_at;
            break;
        }
    }
    size_t ups = 0;
    while (next_component(&c, &cl))
        ups++;
    while (*p == '/' || (p[0] == '.' && (p[1] == '/' || !p[1])))
        p++;
    char *out = malloc(3 * ups + strlen(p) + 1);
    if (!out)
        return NULL;
    size_t n = 0;
    for (size_t i = 0; i < ups; i++, n += 3)
        memcpy(out + n, "../", 3);
    strcpy(out + n, p);
    if (n && !*p)
        out[n - 1] = '\0'; /* the path is an ancestor of cwd: no slash after the last .. */
    return out;
}

static char *dup_string(const char *s)
{
    char *out = malloc(strlen(s) + 1);
    return out ? strcpy(out, s) : NULL;
}

static char *page_file_name(const char *path, int how, const char *cwd)
{
    const char *slash = strrchr(path, '/');
    if (strcmp(path, "-") == 0)
        return dup_string(path);
    if (how == DIRECTORY_PATHS_NAME || (!cwd && (path[0] == '/' || how == DIRECTORY_PATHS_ABSOLUTE)))
        return dup_string(slash && slash[1] ? slash + 1 : path);
    if (how == DIRECTORY_PATHS_RELATIVE)
        return path[0] == '/' ? relative_to(path, cwd) : dup_string(path);
    if (path[0] == '/')
        return dup_string(path);
    while (path[0] == '.' && path[1] == '/')
        path += 2;
    size_t cwd_len = strlen(cwd);
    char *out = malloc(cwd_len + strlen(path) + 2);
    if (!out)
        return NULL;
    memcpy(out, cwd, cwd_len);
    out[cwd_len] = '/';
    strcpy(out + cwd_len + (cwd_len > 1 || cwd[0] != '/'), path);
    return out;
}

char **directory_html_file_names(const char *const *files, int how)
{
    size_t n = 0;
    while (files[n])
        n++;
    char **names = calloc(n + 1, sizeof *names);
    char *cwd = NULL;
    /* getcwd with a growing buffer: PATH_MAX need not bound it. */
    for (size_t cap = 256; names && how != DIRECTORY_PATHS_NAME; cap *= 2) {
        char *grown = realloc(cwd, cap);
        if (!grown) {
            free(cwd);
            cwd = NULL;
            break;
        }
        cwd = grown;
        if (getcwd(cwd, cap))
            break;
        if (errno != ERANGE) { /* removed, or not readable: the names alone */
            free(cwd);
            cwd = NULL;
            break;
        }
    }
    for (size_t i = 0; names && i < n; i++) {
        if (!(names[i] = page_file_name(files[i], how, cwd))) {
            directory_html_file_names_free(names);
            names = NULL;
        }
    }
    free(cwd);
    if (!names)
        util_out_of_memory("directory");
    return names;
}

void directory_html_file_names_free(char **names)
{
    if (!names)
        return;
    for (size_t i = 0; names[i]; i++)
        free(names[i]);
    free(names);
}
