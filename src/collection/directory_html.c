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
 * The script builds the table of contents and the filter's index (the
 * folded text of each entry) from the data, and draws blocks of 48 entries,
 * board diagrams included, only when they come near the window; the blocks
 * not yet drawn are placeholders of their estimated height. The filter is
 * every word typed, each of which must occur in the entry's codes, name,
 * composers, source, reference or year, case and accents folded: a word typed without its accents finds
 * it with them.
 * The address's fragment opens the page filtered (#filter=WORDS), at a class
 * (#c0103.00) or times its own work (#bench=WORDS: parse, index, first
 * drawing, the filter, clearing it, going to the last class; the figures
 * land in the title and the root's data-bench attribute).
 *
 * With --split-by, the pages are one per part (a class, or the classes of
 * one strongest man) beside an index page that lists the parts and their
 * classes (directory_html.h). */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "directory_html.h"
#include "output.h"
#include "text.h"
#include "text_encoding.h"

/* The page's style and script, a line a string (C99 compilers need not
 * take a longer literal). */
static const char *const style[] = {
    "body{font-family:system-ui,sans-serif;margin:1.5em auto;max-width:60em;padding:0 1em;color:#222}\n",
    "h1{font-size:1.5em;margin:0 0 .3em}\n",
    "#filter{font-size:1em;padding:.35em .5em;width:24em;max-width:100%}\n",
    "#shown{color:#555;margin:.4em 0 .4em}\n",
    "#legend{font-size:.85em;color:#444;margin:.3em 0 .8em;line-height:1.5}\n",
    "#legend b{font-family:ui-monospace,monospace}\n",
    /* The ordinals are text of the item (an outside marker is clipped by the
     * box, or overlaps the column before); a long name wraps in its column. */
    ".toc ol{display:grid;grid-template-columns:repeat(auto-fill,minmax(14em,1fr));gap:0 1.2em;margin:0;padding:0 0 0 1.6em;font-family:ui-monospace,monospace;font-size:.9em}\n",
    "#toc ol{list-style:none;padding:0 .3em}\n",
    ".toc li{min-width:0;overflow-wrap:anywhere}\n",
    ".toc .n{color:#666}\n",
    "#toc{position:relative;max-height:16em;overflow:auto;border:1px solid #ddd;border-radius:4px;padding:.4em .3em}\n",
    ".count{color:#666}\n",
    "h2{font-size:1.15em;border-bottom:1px solid #bbb;margin:1.4em 0 .2em;font-family:ui-monospace,monospace;overflow-wrap:anywhere}\n",
    ".words{margin:.1em 0 .6em;color:#444}\n",
    "ol.entries{list-style:none;padding:0;margin:0 0 .8em;display:flex;flex-wrap:wrap;gap:.8em}\n",
    /* Fluid: at most 26em, never wider than the page (a phone); the text
     * goes under the board when both do not fit side by side. */
    "li.entry{display:flex;flex-wrap:wrap;gap:.6em;border:1px solid #ddd;border-radius:4px;padding:.5em;width:26em;max-width:100%;box-sizing:border-box}\n",
    ".diagram{position:relative;flex:none;align-self:flex-start;padding-right:.9em}\n",
    ".board{display:grid;grid-template-columns:repeat(8,1.45em);grid-auto-rows:1.45em;border:1px solid #555}\n",
    ".sq{display:flex;align-items:center;justify-content:center;font-size:1.2em;line-height:1;font-family:'DejaVu Sans',sans-serif}\n",
    ".sq.l{background:#f0d9b5}.sq.d{background:#b58863}\n",
    ".stm{position:absolute;right:0;width:.55em;height:.55em;border-radius:50%;border:1px solid #333}\n",
    ".stm.w{bottom:.15em;background:#fff}.stm.b{top:.15em;background:#222}\n",
    ".info{font-size:.85em;line-height:1.35;min-width:0;flex:1 1 10em;overflow-wrap:anywhere}\n",
    ".study{font-family:ui-monospace,monospace;font-weight:bold}\n",
    ".position{font-family:ui-monospace,monospace;overflow-wrap:normal}\n",
    ".where{color:#666}\n",
    ".mismatch{color:#a00;font-weight:bold}\n",
    "ul.unclassified li{margin:.3em 0}\n",
    "#list{position:relative}\n",
    "[hidden]{display:none!important}\n",
    NULL};

static const char *const script[] = {
    "(function () {\n",
    "  'use strict';\n",
    "  var started = performance.now();\n",
    "  var D = JSON.parse(document.getElementById('gbr-data').textContent);\n",
    "  var parsed = performance.now();\n",
    "  var classes = D.classes, files = D.files, bad = D.unclassified;\n",
    "  var box = document.getElementById('filter'), list = document.getElementById('list');\n",
    "  var toc = document.getElementById('toc'), shownLine = document.getElementById('shown');\n",
    "  var PER_BLOCK = 48; /* entries drawn at once; even, so rows of two stay whole */\n",
    "  var MARGIN = 800;   /* pixels drawn beyond the window, above and below */\n",
    "  var TOC_CHUNK = 120; /* classes a list of the table of contents */\n",
    "\n",
    "  /* The filter's folding: lower case, accents off (NFD, then the combining\n",
    "   * marks dropped), and the letters that have no decomposition spelled out. */\n",
    "  var SPELLED = {'\\u00df': 'ss', '\\u00e6': 'ae', '\\u0153': 'oe', '\\u00f8': 'o', '\\u0142': 'l',\n",
    "                 '\\u0111': 'd', '\\u00f0': 'd', '\\u00fe': 'th', '\\u0131': 'i'};\n",
    "  function fold(s) {\n",
    "    s = s.toLowerCase();\n",
    "    if (!/[^\\x00-\\x7f]/.test(s)) return s;\n",
    "    return s.normalize('NFD').replace(/[\\u0300-\\u036f]/g, '')\n",
    "      .replace(/[\\u00df\\u00e6\\u0153\\u00f8\\u0142\\u0111\\u00f0\\u00fe\\u0131]/g, function (c) { return SPELLED[c]; });\n",
    "  }\n",
    "  /* The filter's index: per class its code and name, per entry its codes,\n",
    "   * composer, source and year, folded once. */\n",
    "  var heads = [], texts = [], total = 0, folded = new Map();\n",
    "  function foldOnce(s) {\n",
    "    var f = folded.get(s);\n",
    "    if (f === undefined) folded.set(s, f = fold(s));\n",
    "    return f;\n",
    "  }\n",
    "  for (var k = 0; k < classes.length; k++) {\n",
    "    var c = classes[k], es = c[3], t = new Array(es.length);\n",
    "    heads.push(c[0] + ' ' + c[1].toLowerCase());\n",
    "    for (var i = 0; i < es.length; i++) {\n",
    "      var e = es[i];\n",
    "      t[i] = (e[0] + ' ' + e[1]).toLowerCase() + ' ' + foldOnce(e[2]) + ' ' + foldOnce(e[3]) + ' ' + e[4] +\n",
    "             (e.length > 10 ? ' ' + foldOnce(e[10]) : '');\n",
    "    }\n",
    "    texts.push(t);\n",
    "    total += es.length;\n",
    "  }\n",
    "  var indexed = performance.now();\n",
    "\n",
    "  function esc(s) {\n",
    "    return String(s).replace(/[&<>\"']/g, function (ch) {\n",
    "      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '\"': '&quot;', \"'\": '&#39;'}[ch];\n",
    "    });\n",
    "  }\n",
    "  function where(f, line, column, game) {\n",
    "    return esc(files[f]) + ':' + line + (column === null ? '' : ':' + column) + ' (game ' + game + ')';\n",
    "  }\n",
    "  function blackToMove(position) { return /(-[+=]| BTM)\\.$/.test(position); }\n",
    "  /* The position form with a break allowed after each square, never inside one. */\n",
    "  function positionHtml(position) {\n",
    "    return esc(position).replace(/[a-h][1-8](?=[a-h{}./]|$| )/g, '$&<wbr>');\n",
    "  }\n",
    "  var GLYPH = {K: '\\u2654', Q: '\\u2655', R: '\\u2656', B: '\\u2657', N: '\\u2658', P: '\\u2659',\n",
    "               k: '\\u265a', q: '\\u265b', r: '\\u265c', b: '\\u265d', n: '\\u265e', p: '\\u265f\\ufe0e'};\n",
    "  function board(men, position) {\n",
    "    var at = {};\n",
    "    for (var i = 0; i + 2 < men.length; i += 3) at[men.substr(i + 1, 2)] = GLYPH[men[i]];\n",
    "    var h = '<div class=\"diagram\"><div class=\"board\" role=\"img\" aria-label=\"' + esc(position) + '\">';\n",
    "    for (var rank = 8; rank >= 1; rank--) {\n",
    "      for (var file = 0; file < 8; file++) {\n",
    "        var sq = 'abcdefgh'[file] + rank;\n",
    "        h += '<span class=\"sq ' + ((file + rank) % 2 ? 'l' : 'd') + '\" data-square=\"' + sq + '\">' +\n",
    "             (at[sq] || '') + '</span>';\n",
    "      }\n",
    "    }\n",
    "    var black = blackToMove(position);\n",
    "    return h + '</div><span class=\"stm ' + (black ? 'b' : 'w') + '\" title=\"' +\n",
    "           (black ? 'Black' : 'White') + ' to move\" aria-label=\"' + (black ? 'Black' : 'White') +\n",
    "           ' to move\"></span></div>';\n",
    "  }\n",
    "  /* The fields apart by a dot: names hold commas. */\n",
    "  function reference(composer, source, year, ref) {\n",
    "    var parts = [];\n",
    "    if (composer) parts.push('<span class=\"composer\">' + esc(composer) + '</span>');\n",
    "    if (source) parts.push('<span class=\"source\">' + esc(source) + '</span>');\n",
    "    if (ref) parts.push('<span class=\"reference\">' + esc(ref) + '</span>');\n",
    "    if (year) parts.push('<span class=\"year\">' + esc(year) + '</span>');\n",
    "    return parts.join(' &middot; ');\n",
    "  }\n",
    "  function entryHtml(e) {\n",
    "    return '<li class=\"entry\">' + board(e[5], e[1]) + '<div class=\"info\"><span class=\"study\">' + esc(e[0]) +\n",
    "      '</span><br><span class=\"position\">' + positionHtml(e[1]) + '</span><br>' +\n",
    "      reference(e[2], e[3], e[4], e[10]) + '<br><span class=\"where\">' + where(e[6], e[7], null, e[8]) + '</span>' +\n",
    "      (e[9] ? '<br><span class=\"mismatch\">\\u26a0 ' + esc(e[9]) + '</span>' : '') + '</div></li>';\n",
    "  }\n",
    "  function badHtml(u) {\n",
    "    return '<li class=\"unclassified\"><span class=\"where\">' + where(u[0], u[1], u[2], u[3]) +\n",
    "      '</span>: <span class=\"problem\">' + esc(u[4]) + '</span> ' + reference(u[5], u[6], u[7], u[8]) + '</li>';\n",
    "  }\n",
    "\n",
    "  /* The view: the classes with an entry the filter keeps, each with the\n",
    "   * indexes of those entries (null: all). Cut into blocks of about\n",
    "   * PER_BLOCK entries, each a placeholder of its estimated height until it\n",
    "   * comes near the window. */\n",
    "  var view = [], blocks = [], shown = 0, firstBlockOf = {};\n",
    "  var size = {row: 210, head: 80, perRow: 2, bad: 24};\n",
    "  function apply(words) {\n",
    "    words = fold(words).split(/\\s+/).filter(Boolean);\n",
    "    view = [];\n",
    "    shown = 0;\n",
    "    for (var k = 0; k < classes.length; k++) {\n",
    "      var rest = words.filter(function (w) { return heads[k].indexOf(w) < 0; });\n",
    "      var keep = null, t = texts[k];\n",
    "      if (rest.length) {\n",
    "        keep = [];\n",
    "        for (var i = 0; i < t.length; i++) {\n",
    "          var ok = true;\n",
    "          for (var j = 0; j < rest.length && ok; j++) ok = t[i].indexOf(rest[j]) >= 0;\n",
    "          if (ok) keep.push(i);\n",
    "        }\n",
    "        if (!keep.length) continue;\n",
    "      }\n",
    "      view.push([k, keep]);\n",
    "      shown += keep ? keep.length : t.length;\n",
    "    }\n",
    "    shownLine.textContent = shown + ' of ' + total + ' entries shown';\n",
    "    drawToc();\n",
    "    cut();\n",
    "  }\n",
    "  /* The table of contents: lists of TOC_CHUNK classes, each a placeholder\n",
    "   * of its estimated height until it comes near the box's window. */\n",
    "  var tocItems = [], tocChunks = [], tocSize = {cols: 3, row: 17, learned: false};\n",
    "  function drawToc() {\n",
    "    var h = [];\n",
    "    for (var v = 0; v < view.length; v++) {\n",
    "      var c = classes[view[v][0]];\n",
    "      h.push('<li><span class=\"n\">' + (v + 1) + '.</span> <a href=\"#c' + c[0] + '\">' + c[0] + ' ' + esc(c[1] || '(no name)') +\n",
    "             '</a> <span class=\"count\">' + (view[v][1] ? view[v][1].length : c[3].length) + '</span></li>');\n",
    "    }\n",
    "    if (bad.length) h.push('<li><a href=\"#unclassified\">could not classify</a> <span class=\"count\">' +\n",
    "                           bad.length + '</span></li>');\n",
    "    tocItems = h;\n",
    "    tocChunks = [];\n",
    "    var lists = [];\n",
    "    for (var i = 0; i < h.length; i += TOC_CHUNK) {\n",
    "      var chunk = {from: i, to: Math.min(h.length, i + TOC_CHUNK), drawn: false};\n",
    "      tocChunks.push(chunk);\n",
    "      lists.push('<ol style=\"height:' + tocEstimate(chunk) + 'px\"></ol>');\n",
    "    }\n",
    "    toc.innerHTML = lists.join('');\n",
    "    for (var j = 0; j < tocChunks.length; j++) tocChunks[j].el = toc.children[j];\n",
    "    drawTocVisible();\n",
    "  }\n",
    "  function tocEstimate(chunk) { return Math.ceil((chunk.to - chunk.from) / tocSize.cols) * tocSize.row; }\n",
    "  function drawTocVisible() {\n",
    "    var top = toc.scrollTop - toc.clientHeight, bottom = toc.scrollTop + 2 * toc.clientHeight;\n",
    "    for (var i = 0; i < tocChunks.length; i++) {\n",
    "      var chunk = tocChunks[i], el = chunk.el;\n",
    "      if (chunk.drawn || el.offsetTop > bottom || el.offsetTop + el.offsetHeight < top) continue;\n",
    "      el.innerHTML = tocItems.slice(chunk.from, chunk.to).join('');\n",
    "      el.style.height = '';\n",
    "      chunk.drawn = true;\n",
    "      if (!tocSize.learned && chunk.to - chunk.from === TOC_CHUNK) {\n",
    "        var lefts = {};\n",
    "        for (var li = el.firstChild; li; li = li.nextSibling) lefts[li.offsetLeft] = true;\n",
    "        tocSize.cols = Object.keys(lefts).length;\n",
    "        tocSize.row = el.offsetHeight / Math.ceil(TOC_CHUNK / tocSize.cols);\n",
    "        tocSize.learned = true;\n",
    "        for (var j = 0; j < tocChunks.length; j++)\n",
    "          if (!tocChunks[j].drawn) tocChunks[j].el.style.height = tocEstimate(tocChunks[j]) + 'px';\n",
    "      }\n",
    "    }\n",
    "  }\n",
    "  function cut() {\n",
    "    blocks = [];\n",
    "    firstBlockOf = {};\n",
    "    var b = null;\n",
    "    function open() { b = {pieces: [], n: 0}; blocks.push(b); }\n",
    "    open();\n",
    "    for (var v = 0; v < view.length; v++) {\n",
    "      var k = view[v][0], n = view[v][1] ? view[v][1].length : classes[k][3].length;\n",
    "      for (var from = 0; from < n;) {\n",
    "        if (b.n >= PER_BLOCK) open();\n",
    "        var room = PER_BLOCK - b.n, take = n - from;\n",
    "        if (take > room) take = room > 1 ? room - room % 2 : 2;\n",
    "        if (from === 0) firstBlockOf[k] = blocks.length - 1;\n",
    "        b.pieces.push([v, from, from + take]);\n",
    "        b.n += take + (from === 0 ? 2 : 0);\n",
    "        from += take;\n",
    "      }\n",
    "    }\n",
    "    for (var u = 0; u < bad.length; u += PER_BLOCK * 2) {\n",
    "      open();\n",
    "      b.pieces.push([-1, u, Math.min(bad.length, u + PER_BLOCK * 2)]);\n",
    "      if (u === 0) firstBlockOf[-1] = blocks.length - 1;\n",
    "    }\n",
    "    var h = [];\n",
    "    for (var i = 0; i < blocks.length; i++)\n",
    "      h.push('<div class=\"block\" data-block=\"' + i + '\" style=\"height:' + estimate(blocks[i]) + 'px\"></div>');\n",
    "    list.innerHTML = h.join('');\n",
    "    var els = list.children;\n",
    "    for (var j = 0; j < blocks.length; j++) blocks[j].el = els[j];\n",
    "  }\n",
    "  function estimate(b) {\n",
    "    var h = 0;\n",
    "    b.pieces.forEach(function (p) {\n",
    "      if (p[0] < 0) h += (p[0] === -1 && p[1] === 0 ? size.head : 0) + (p[2] - p[1]) * size.bad;\n",
    "      else h += (p[1] === 0 ? size.head : 0) + Math.ceil((p[2] - p[1]) / size.perRow) * size.row;\n",
    "    });\n",
    "    return Math.round(h);\n",
    "  }\n",
    "  function draw(b) {\n",
    "    if (b.drawn) return;\n",
    "    var h = [];\n",
    "    b.pieces.forEach(function (p) {\n",
    "      if (p[0] < 0) {\n",
    "        if (p[1] === 0) h.push('<h2 id=\"unclassified\">Could not classify &middot; <span class=\"count\">' +\n",
    "                               bad.length + '</span></h2>');\n",
    "        h.push('<ul class=\"unclassified\">');\n",
    "        for (var u = p[1]; u < p[2]; u++) h.push(badHtml(bad[u]));\n",
    "        h.push('</ul>');\n",
    "        return;\n",
    "      }\n",
    "      var k = view[p[0]][0], keep = view[p[0]][1], c = classes[k], n = c[3].length;\n",
    "      h.push('<div class=\"class\" data-class=\"' + c[0] + '\">');\n",
    "      if (p[1] === 0) {\n",
    "        h.push('<h2 id=\"c' + c[0] + '\">' + c[0] + ' &middot; ' + esc(c[1] || '(no name)') +\n",
    "               ' &middot; <span class=\"count\">' + n + (n === 1 ? ' entry' : ' entries') +\n",
    "               '</span></h2><p class=\"words\">' + esc(c[2]) + '</p>');\n",
    "      }\n",
    "      h.push('<ol class=\"entries\">');\n",
    "      for (var i = p[1]; i < p[2]; i++) h.push(entryHtml(c[3][keep ? keep[i] : i]));\n",
    "      h.push('</ol></div>');\n",
    "    });\n",
    "    b.el.innerHTML = h.join('');\n",
    "    b.el.style.height = '';\n",
    "    b.drawn = true;\n",
    "    learn(b);\n",
    "  }\n",
    "  /* The first block drawn gives the sizes the estimates use. */\n",
    "  var learned = false;\n",
    "  function learn(b) {\n",
    "    if (learned) return;\n",
    "    var card = b.el.querySelector('li.entry'), head = b.el.querySelector('h2');\n",
    "    if (!card) return;\n",
    "    var cardBox = card.getBoundingClientRect(), gap = 12.8;\n",
    "    var width = list.getBoundingClientRect().width;\n",
    "    size.perRow = Math.max(1, Math.floor((width + gap) / (cardBox.width + gap)));\n",
    "    size.row = cardBox.height + gap;\n",
    "    if (head) size.head = head.nextSibling.getBoundingClientRect().bottom - head.getBoundingClientRect().top + 12;\n",
    "    learned = true;\n",
    "    for (var i = 0; i < blocks.length; i++)\n",
    "      if (!blocks[i].drawn) blocks[i].el.style.height = estimate(blocks[i]) + 'px';\n",
    "  }\n",
    "  /* Draws the blocks within MARGIN of the window: the first by a binary\n",
    "   * search on the blocks' tops, then on until past the window. */\n",
    "  function drawVisible() {\n",
    "    for (var round = 0; round < 4; round++) {\n",
    "      var top = window.scrollY - MARGIN, bottom = window.scrollY + window.innerHeight + MARGIN;\n",
    "      var base = list.getBoundingClientRect().top + window.scrollY;\n",
    "      var lo = 0, hi = blocks.length;\n",
    "      while (lo < hi) {\n",
    "        var mid = (lo + hi) >> 1, el = blocks[mid].el;\n",
    "        if (base + el.offsetTop + el.offsetHeight < top) lo = mid + 1; else hi = mid;\n",
    "      }\n",
    "      var drew = false;\n",
    "      for (var i = lo; i < blocks.length && base + blocks[i].el.offsetTop <= bottom; i++) {\n",
    "        if (!blocks[i].drawn) { draw(blocks[i]); drew = true; }\n",
    "      }\n",
    "      if (!drew) return;\n",
    "    }\n",
    "  }\n",
    "  /* Scrolls to a class's heading (its id, e.g. c0103.00, or unclassified). */\n",
    "  function goTo(id) {\n",
    "    var k = -1;\n",
    "    if (id !== 'unclassified') {\n",
    "      for (var v = 0; v < view.length; v++) if ('c' + classes[view[v][0]][0] === id) k = view[v][0];\n",
    "      if (k < 0) return false;\n",
    "    } else if (!bad.length) return false;\n",
    "    for (var round = 0; round < 4; round++) {\n",
    "      draw(blocks[firstBlockOf[k]]);\n",
    "      var el = document.getElementById(id);\n",
    "      el.scrollIntoView();\n",
    "      drawVisible();\n",
    "      if (Math.abs(el.getBoundingClientRect().top) < 1) break;\n",
    "    }\n",
    "    return true;\n",
    "  }\n",
    "  function run(words) {\n",
    "    apply(words);\n",
    "    drawVisible();\n",
    "  }\n",
    "\n",
    "  var pending = 0;\n",
    "  box.addEventListener('input', function () {\n",
    "    clearTimeout(pending);\n",
    "    pending = setTimeout(function () { run(box.value); }, 120);\n",
    "  });\n",
    "  var frame = 0;\n",
    "  window.addEventListener('scroll', function () {\n",
    "    if (!frame) frame = requestAnimationFrame(function () { frame = 0; drawVisible(); });\n",
    "  });\n",
    "  var tocFrame = 0;\n",
    "  toc.addEventListener('scroll', function () {\n",
    "    if (!tocFrame) tocFrame = requestAnimationFrame(function () { tocFrame = 0; drawTocVisible(); });\n",
    "  });\n",
    "  window.addEventListener('resize', function () { learned = tocSize.learned = false; run(box.value); });\n",
    "  toc.addEventListener('click', function (ev) {\n",
    "    var a = ev.target.closest('a');\n",
    "    if (!a) return;\n",
    "    ev.preventDefault();\n",
    "    history.replaceState(null, '', a.getAttribute('href'));\n",
    "    goTo(a.getAttribute('href').slice(1));\n",
    "  });\n",
    "  /* The fragment: #filter=WORDS, #cCODE (a class), #unclassified, or\n",
    "   * #bench=WORDS (time each step and report it). */\n",
    "  function fromFragment() {\n",
    "    var f = location.hash.slice(1);\n",
    "    try { f = decodeURIComponent(f); } catch (e) { /* a stray %: the fragment as it is */ }\n",
    "    if (f.indexOf('bench=') === 0) return bench(f.slice(6));\n",
    "    box.value = f.indexOf('filter=') === 0 ? f.slice(7) : '';\n",
    "    run(box.value);\n",
    "    if (f && f.indexOf('filter=') !== 0) goTo(f);\n",
    "  }\n",
    "  function bench(words) {\n",
    "    function layout() { return document.body.offsetHeight; }\n",
    "    var t = {load: started, parse: parsed - started, index: indexed - parsed};\n",
    "    var at = performance.now();\n",
    "    run('');\n",
    "    layout();\n",
    "    t.render = performance.now() - at;\n",
    "    at = performance.now();\n",
    "    box.value = words;\n",
    "    run(words);\n",
    "    layout();\n",
    "    t.filter = performance.now() - at;\n",
    "    t.found = shown;\n",
    "    at = performance.now();\n",
    "    box.value = '';\n",
    "    run('');\n",
    "    layout();\n",
    "    t.clear = performance.now() - at;\n",
    "    at = performance.now();\n",
    "    goTo('c' + classes[classes.length - 1][0]);\n",
    "    layout();\n",
    "    t.scroll = performance.now() - at;\n",
    "    t.work = performance.now() - started;\n",
    "    var text = Object.keys(t).map(function (key) {\n",
    "      return key + '=' + (key === 'found' ? t[key] : t[key].toFixed(1));\n",
    "    }).join(' ');\n",
    "    /* The report is read off the DOM (chromium --dump-dom): the data, read\n",
    "     * already, leaves it, so that the dump is small. */\n",
    "    document.getElementById('gbr-data').remove();\n",
    "    document.documentElement.setAttribute('data-bench', text);\n",
    "    document.title = 'bench ' + text;\n",
    "  }\n",
    "  window.addEventListener('hashchange', fromFragment);\n",
    "  fromFragment();\n",
    "})();\n",
    NULL};

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

static void put_lines(util_sink *out, const char *const *lines)
{
    for (; *lines; lines++)
        util_put(out, *lines);
}

static void page_head(util_sink *out, const char *title)
{
    util_put(out, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                       "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>");
    util_put(out, title);
    util_put(out, "</title>\n<style>\n");
    put_lines(out, style);
    util_put(out, "</style>\n</head>\n<body>\n<h1>");
    util_put(out, title);
    util_put(out, "</h1>\n");
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
                       const char *part)
{
    unsigned long long games = 0;
    for (size_t i = first; i < first + n; i++)
        games += t->classes[i] & (((uint64_t)1 << 40) - 1);
    page_head(out, "GBR directory");
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

static void page_end(util_sink *out)
{
    util_put(out, "]}\n</script>\n<script>\n");
    put_lines(out, script);
    util_put(out, "</script>\n</body>\n</html>\n");
}

/* One page. */
static void begin(util_sink *out, const directory_totals *t) { page_begin(out, t, 0, t->classes_n, NULL, NULL); }

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

static void part_close(directory_html_parts *parts)
{
    if (!parts->open)
        return;
    util_put(&parts->part.sink, "],\n\"unclassified\":[");
    page_end(&parts->part.sink);
    if (util_output_file_commit(&parts->part) != 0)
        parts->failed = 1; /* reported */
    parts->open = 0;
    free(parts->path);
    parts->path = NULL;
}

static void split_begin(util_sink *out, const directory_totals *t)
{
    directory_html_parts *parts = t->writer;
    page_head(out, "GBR directory");
    util_put(out, "<p id=\"summary\">");
    put_summary(out, t->games, t->classes_n, t->unclassified);
    util_put(out, parts->by == DIRECTORY_SPLIT_CLASS ? "; one page per class:</p>\n"
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
        } else if (i == 0) {
            util_put(out, "<nav class=\"toc\"><ol>\n");
            open_key[0] = 'c';
        }
        util_put(out, "<li><a href=\"");
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
    page_begin(&parts->part.sink, t, index, j - index, parts->index_path, key);
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
    part_close(t->writer);
    if (t->unclassified)
        util_put(out, "</ul>\n");
    util_put(out, "</body>\n</html>\n");
}

const directory_format directory_format_html_split = {
    split_begin, split_class_begin, split_entry, split_class_end, split_unclassified_begin, split_end, 1};
