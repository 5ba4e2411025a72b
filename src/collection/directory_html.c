/* gbr directory --format html: one self-contained page (inline style and
 * script, system fonts, no address outside the page): a table of contents by
 * class with counts, each entry with a board diagram (a CSS grid of squares
 * holding Unicode chess glyphs), and a filter box. The filter is every word
 * typed, each of which must occur in the entry's codes, name, composer,
 * source or year; the page reads its first filter from the address's
 * fragment, #filter=WORDS, so a link (and a test) can open it filtered. An
 * entry whose code tag disagrees with its FEN carries a red, marked line
 * (span.mismatch) saying so. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in sort_output.h */

#include <string.h>

#include "directory_entries.h"

static const char head[] =
    "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
    "<title>GBR directory</title>\n<style>\n"
    "body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:60em;padding:0 1em;color:#222}\n"
    "h1{font-size:1.5em;margin:0 0 .3em}\n"
    "#filter{font-size:1em;padding:.35em .5em;width:24em;max-width:100%}\n"
    "#shown{color:#555;margin:.4em 0 1em}\n"
    "nav ol{columns:3 14em;padding-left:1.2em;font-family:ui-monospace,monospace;font-size:.9em}\n"
    "nav .count,h2 .count{color:#666}\n"
    "h2{font-size:1.15em;border-bottom:1px solid #bbb;margin:1.4em 0 .2em;font-family:ui-monospace,monospace}\n"
    ".words{margin:.1em 0 .6em;color:#444}\n"
    "ol.entries{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.8em}\n"
    "li.entry{display:flex;gap:.6em;border:1px solid #ddd;border-radius:4px;padding:.5em;width:26em}\n"
    ".board{display:grid;grid-template-columns:repeat(8,1.45em);grid-auto-rows:1.45em;"
    "border:1px solid #555;flex:none;align-self:flex-start}\n"
    ".sq{display:flex;align-items:center;justify-content:center;font-size:1.2em;line-height:1;"
    "font-family:'DejaVu Sans',sans-serif}\n"
    ".sq.l{background:#f0d9b5}.sq.d{background:#b58863}\n"
    ".info{font-size:.85em;line-height:1.35}\n"
    ".study{font-family:ui-monospace,monospace;font-weight:bold}\n"
    ".position{font-family:ui-monospace,monospace;word-break:break-all}\n"
    ".where{color:#666}\n"
    ".mismatch{color:#a00;font-weight:bold}\n"
    "#unclassified li{margin:.3em 0}\n"
    "[hidden]{display:none!important}\n"
    "</style>\n</head>\n<body>\n";

static const char script[] =
    "<script>\n"
    "(function () {\n"
    "  var box = document.getElementById('filter');\n"
    "  var entries = Array.prototype.slice.call(document.querySelectorAll('li.entry'));\n"
    "  var classes = Array.prototype.slice.call(document.querySelectorAll('section.class'));\n"
    "  function apply() {\n"
    "    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);\n"
    "    var shown = 0;\n"
    "    entries.forEach(function (e) {\n"
    "      var text = e.getAttribute('data-search');\n"
    "      var ok = words.every(function (w) { return text.indexOf(w) >= 0; });\n"
    "      e.hidden = !ok;\n"
    "      if (ok) shown++;\n"
    "    });\n"
    "    classes.forEach(function (c) {\n"
    "      var n = c.querySelectorAll('li.entry:not([hidden])').length;\n"
    "      c.hidden = n === 0;\n"
    "      var link = document.getElementById('toc-' + c.id);\n"
    "      if (link) link.hidden = n === 0;\n"
    "    });\n"
    "    document.getElementById('shown').textContent =\n"
    "      shown + ' of ' + entries.length + ' entries shown';\n"
    "  }\n"
    "  function fromFragment() {\n"
    "    var f = decodeURIComponent(location.hash.slice(1));\n"
    "    if (f.indexOf('filter=') === 0) box.value = f.slice(7);\n"
    "    apply();\n"
    "  }\n"
    "  box.addEventListener('input', apply);\n"
    "  window.addEventListener('hashchange', fromFragment);\n"
    "  fromFragment();\n"
    "})();\n"
    "</script>\n";

/* Glyph of a board content (GBR_WQ ... GBR_BK), UTF-8. */
static const char *glyph(unsigned man)
{
    static const char *const white[6] = {"\u2655", "\u2656", "\u2657", "\u2658", "\u2659", "\u2654"};
    static const char *const black[6] = {"\u265B", "\u265C", "\u265D", "\u265E", "\u265F\uFE0E", "\u265A"};
    unsigned type = (man & 7u) - 1u;
    if (man == GBR_EMPTY || type > 5)
        return "";
    return (man & 8u) ? black[type] : white[type];
}

static void put_board(sort_output *out, const directory_totals *t, const directory_entry *e)
{
    gbr_position p;
    if (gbr_parse_position(t->codec, e->position.bytes, e->position.len, &p).error)
        return; /* cannot happen: the text was written by the same codec */
    directory_put(out, "<div class=\"board\" role=\"img\" aria-label=\"");
    directory_put_html(out, e->position.bytes, e->position.len);
    directory_put(out, "\">");
    for (int rank = 7; rank >= 0; rank--) {
        for (int file = 0; file < 8; file++) {
            char name[3] = {(char)('a' + file), (char)('1' + rank), 0};
            directory_put(out, (file + rank) % 2 ? "<span class=\"sq l\" data-square=\"" : "<span class=\"sq d\" data-square=\"");
            directory_put(out, name);
            directory_put(out, "\">");
            directory_put(out, glyph(p.board[8 * file + rank]));
            directory_put(out, "</span>");
        }
    }
    directory_put(out, "</div>");
}

/* The words the filter looks in, lower case (ASCII letters only changed). */
static void put_search(sort_output *out, const directory_entry *e, const directory_class *c)
{
    const directory_text fields[5] = {e->study, e->position, e->composer, e->source, e->year};
    char lower[GBR_NAME_MAX];
    for (size_t i = 0; i < c->words.name_len; i++)
        lower[i] = (char)(c->words.name[i] >= 'A' && c->words.name[i] <= 'Z' ? c->words.name[i] + 32 : c->words.name[i]);
    directory_put_html(out, c->words.code, c->words.code_len);
    directory_put(out, " ");
    directory_put_html(out, lower, c->words.name_len);
    for (int f = 0; f < 5; f++) {
        const char *s = fields[f].bytes;
        directory_put(out, " ");
        for (size_t i = 0; i < fields[f].len; i++) {
            char ch = s[i] >= 'A' && s[i] <= 'Z' ? (char)(s[i] + 32) : s[i];
            directory_put_html(out, &ch, 1);
        }
    }
}

static void put_reference(sort_output *out, const directory_entry *e)
{
    const directory_text fields[3] = {e->composer, e->source, e->year};
    const char *const classes[3] = {"composer", "source", "year"};
    int any = 0;
    for (int i = 0; i < 3; i++) {
        if (fields[i].len == 0)
            continue;
        if (any)
            directory_put(out, ", ");
        directory_put(out, "<span class=\"");
        directory_put(out, classes[i]);
        directory_put(out, "\">");
        directory_put_html(out, fields[i].bytes, fields[i].len);
        directory_put(out, "</span>");
        any = 1;
    }
}

static void put_where(sort_output *out, const directory_totals *t, const directory_entry *e)
{
    directory_put(out, "<span class=\"where\">");
    directory_put_where(out, t, e, directory_put_html_name);
    directory_put(out, "</span>");
}

/* Class ids are "c" and the material code, e.g. c0103.00. */
static void put_class_id(sort_output *out, const directory_class *c)
{
    directory_put(out, "c");
    sort_output_write(out, c->words.code, c->words.code_len);
}

static void begin(sort_output *out, const directory_totals *t)
{
    directory_put(out, head);
    directory_put(out, "<h1>GBR directory</h1>\n<p id=\"summary\">");
    directory_put_summary(out, t, " in ", "; ");
    directory_put(out, "</p>\n<input id=\"filter\" type=\"search\" aria-label=\"filter\" "
                       "placeholder=\"Filter: code, name, composer, year\" autocomplete=\"off\">\n"
                       "<p id=\"shown\"></p>\n<nav id=\"toc\"><ol>\n");
    for (size_t i = 0; i < t->classes_n; i++) {
        directory_class c;
        directory_class_of(t, i, &c, 0); /* the contents give code and name */
        directory_put(out, "<li id=\"toc-");
        put_class_id(out, &c);
        directory_put(out, "\"><a href=\"#");
        put_class_id(out, &c);
        directory_put(out, "\">");
        sort_output_write(out, c.words.code, c.words.code_len);
        directory_put(out, " ");
        directory_put_name(out, &c);
        directory_put(out, "</a> <span class=\"count\">");
        directory_put_uint(out, c.count);
        directory_put(out, "</span></li>\n");
    }
    if (t->unclassified)
        directory_put(out, "<li><a href=\"#unclassified\">could not classify</a></li>\n");
    directory_put(out, "</ol></nav>\n");
}

static void class_begin(sort_output *out, const directory_totals *t, const directory_class *c, size_t index)
{
    (void)t;
    (void)index;
    directory_put(out, "<section class=\"class\" id=\"");
    put_class_id(out, c);
    directory_put(out, "\">\n<h2>");
    sort_output_write(out, c->words.code, c->words.code_len);
    directory_put(out, " &middot; ");
    directory_put_name(out, c);
    directory_put(out, " &middot; <span class=\"count\">");
    directory_put_uint(out, c->count);
    directory_put(out, c->count == 1 ? " entry" : " entries");
    directory_put(out, "</span></h2>\n<p class=\"words\">");
    directory_put_html(out, c->words_text, strlen(c->words_text));
    directory_put(out, "</p>\n<ol class=\"entries\">\n");
}

static void entry(sort_output *out, const directory_totals *t, const directory_class *c, const directory_entry *e,
                  unsigned long long index)
{
    (void)index;
    if (!c) {
        directory_put(out, "<li class=\"unclassified\">");
        put_where(out, t, e);
        directory_put(out, ": <span class=\"problem\">");
        directory_put_html(out, e->problem.bytes, e->problem.len);
        directory_put(out, "</span> ");
        put_reference(out, e);
        directory_put(out, "</li>\n");
        return;
    }
    directory_put(out, "<li class=\"entry\" data-search=\"");
    put_search(out, e, c);
    directory_put(out, "\">");
    put_board(out, t, e);
    directory_put(out, "<div class=\"info\"><span class=\"study\">");
    directory_put_html(out, e->study.bytes, e->study.len);
    directory_put(out, "</span><br><span class=\"position\">");
    directory_put_html(out, e->position.bytes, e->position.len);
    directory_put(out, "</span><br>");
    put_reference(out, e);
    directory_put(out, "<br>");
    put_where(out, t, e);
    if (e->mismatch.len) {
        directory_put(out, "<br><span class=\"mismatch\">&#9888; ");
        directory_put_html(out, e->mismatch.bytes, e->mismatch.len);
        directory_put(out, "</span>");
    }
    directory_put(out, "</div></li>\n");
}

static void class_end(sort_output *out, const directory_totals *t, const directory_class *c)
{
    (void)t;
    (void)c;
    directory_put(out, "</ol>\n</section>\n");
}

static void unclassified_begin(sort_output *out, const directory_totals *t)
{
    if (!t->unclassified)
        return;
    directory_put(out, "<section id=\"unclassified\">\n<h2>Could not classify &middot; <span class=\"count\">");
    directory_put_uint(out, t->unclassified);
    directory_put(out, "</span></h2>\n<ul>\n");
}

static void end(sort_output *out, const directory_totals *t)
{
    if (t->unclassified)
        directory_put(out, "</ul>\n</section>\n");
    directory_put(out, script);
    directory_put(out, "</body>\n</html>\n");
}

const directory_format directory_format_html = {begin, class_begin, entry, class_end, unclassified_begin, end, 1};
