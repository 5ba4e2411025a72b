/* The script of the pages gbr directory --format html writes (the page, and
 * with --split-by each part and the index page, which load it from a file
 * beside them), embedded into the program
 * at build time (embed.cmake writes it into directory.js.inc for
 * directory_html.c, whose top comment says what the page's data, the JSON
 * in the gbr-data element, holds).
 *
 * It builds the table of contents and the filter's index (the folded text
 * of each entry) from the data, and draws blocks of 24 entries, board
 * diagrams included, only when they come near the window; the blocks not
 * drawn are placeholders of their estimated height, or of their height
 * when last drawn. A block that leaves the window's neighbourhood is
 * emptied again (the table of contents' lists too), so the document holds
 * a few blocks wherever the reader is, at any size of collection. The
 * filter runs as typed, in slices of a few milliseconds between frames (a
 * key typed meanwhile starts it again, from the entries the last result
 * kept when the new words narrow the old ones). The filter is every
 * word typed, each of which must occur in the entry's codes, name,
 * composers, source, reference or year, case and accents folded: a word
 * typed without its accents finds it with them. The address's fragment
 * opens the page filtered (#filter=WORDS), at a class (#c0103.00) or times
 * its own work (#bench=WORDS: parse, index, first drawing, the filter,
 * clearing it, going to the last class; the figures land in the title and
 * the root's data-bench attribute).
 *
 * A comment on lines of its own that starts at column 0, like this one, is
 * a note for the reader of this file and is left out of the page; every
 * other byte goes into the page as it is (so the comments inside the
 * function are the page's own). */
(function () {
  'use strict';
  var started = performance.now();
  var box = document.getElementById('filter'), list = document.getElementById('list');
  var toc = document.getElementById('toc'), shownLine = document.getElementById('shown');
  var PER_BLOCK = 24; /* entries drawn at once (a block is about five windows tall); even, so rows of two stay whole */
  var MARGIN = 800;   /* pixels drawn beyond the window, above and below */
  var TOC_CHUNK = 120; /* classes a list of the table of contents */
  var SLICE = 6;      /* milliseconds of filtering between two frames */
  var DRAW_BUDGET = 24; /* milliseconds of drawing a frame, once the window's own blocks are drawn */
  var PRINT_MOST = 2000; /* entries drawn whole for printing; more print as far as drawn */

  /* The filter's folding: lower case, accents off (NFD, then the combining
   * marks dropped), and the letters that have no decomposition spelled out. */
  var SPELLED = {'\u00df': 'ss', '\u00e6': 'ae', '\u0153': 'oe', '\u00f8': 'o', '\u0142': 'l',
                 '\u0111': 'd', '\u00f0': 'd', '\u00fe': 'th', '\u0131': 'i'};
  function fold(s) {
    s = s.toLowerCase();
    if (!/[^\x00-\x7f]/.test(s)) return s;
    return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
      .replace(/[\u00df\u00e6\u0153\u00f8\u0142\u0111\u00f0\u00fe\u0131]/g, function (c) { return SPELLED[c]; });
  }
  /* The index page of a split directory has no data: its lists are its
   * HTML, and its filter is indexPage's. */
  var dataElement = document.getElementById('gbr-data');
  if (!dataElement) return indexPage();
  var D = JSON.parse(dataElement.textContent);
  var parsed = performance.now();
  var classes = D.classes, files = D.files, bad = D.unclassified;

  /* The filter's index: per class its code and name, per entry its codes,
   * composer, source and year, folded once. */
  var heads = [], texts = [], total = 0, folded = new Map();
  function foldOnce(s) {
    var f = folded.get(s);
    if (f === undefined) folded.set(s, f = fold(s));
    return f;
  }
  for (var k = 0; k < classes.length; k++) {
    var c = classes[k], es = c[3], t = new Array(es.length);
    heads.push(c[0] + ' ' + c[1].toLowerCase());
    for (var i = 0; i < es.length; i++) {
      var e = es[i];
      t[i] = (e[0] + ' ' + e[1]).toLowerCase() + ' ' + foldOnce(e[2]) + ' ' + foldOnce(e[3]) + ' ' + e[4] +
             (e.length > 10 ? ' ' + foldOnce(e[10]) : '');
    }
    texts.push(t);
    total += es.length;
  }
  var indexed = performance.now();

  function esc(s) {
    return String(s).replace(/[&<>"']/g, function (ch) {
      return {'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'}[ch];
    });
  }
  function where(f, line, column, game) {
    return esc(files[f]) + ':' + line + (column === null ? '' : ':' + column) + ' (game ' + game + ')';
  }
  function blackToMove(position) { return /(-[+=]| BTM)\.$/.test(position); }
  /* The position form with a break allowed after each square, never inside one. */
  function positionHtml(position) {
    return esc(position).replace(/[a-h][1-8](?=[a-h{}./]|$| )/g, '$&<wbr>');
  }
  var GLYPH = {K: '\u2654', Q: '\u2655', R: '\u2656', B: '\u2657', N: '\u2658', P: '\u2659',
               k: '\u265a', q: '\u265b', r: '\u265c', b: '\u265d', n: '\u265e', p: '\u265f\ufe0e'};
  function board(men, position) {
    var at = {};
    for (var i = 0; i + 2 < men.length; i += 3) at[men.substr(i + 1, 2)] = GLYPH[men[i]];
    var h = '<div class="diagram"><div class="board" role="img" aria-label="' + esc(position) + '">';
    for (var rank = 8; rank >= 1; rank--) {
      for (var file = 0; file < 8; file++) {
        var sq = 'abcdefgh'[file] + rank;
        /* a1 is a dark square: file a is 0, so an odd sum is dark. */
        h += '<span class="sq ' + ((file + rank) % 2 ? 'd' : 'l') + '" data-square="' + sq + '">' +
             (at[sq] || '') + '</span>';
      }
    }
    var black = blackToMove(position);
    return h + '</div><span class="stm ' + (black ? 'b' : 'w') + '" title="' +
           (black ? 'Black' : 'White') + ' to move" aria-label="' + (black ? 'Black' : 'White') +
           ' to move"></span></div>';
  }
  /* The fields apart by a dot: names hold commas. */
  function reference(composer, source, year, ref) {
    var parts = [];
    if (composer) parts.push('<span class="composer">' + esc(composer) + '</span>');
    if (source) parts.push('<span class="source">' + esc(source) + '</span>');
    if (ref) parts.push('<span class="reference">' + esc(ref) + '</span>');
    if (year) parts.push('<span class="year">' + esc(year) + '</span>');
    return parts.join(' &middot; ');
  }
  function entryHtml(e) {
    return '<li class="entry">' + board(e[5], e[1]) + '<div class="info"><span class="study">' + esc(e[0]) +
      '</span><br><span class="position">' + positionHtml(e[1]) + '</span><br>' +
      reference(e[2], e[3], e[4], e[10]) + '<br><span class="where">' + where(e[6], e[7], null, e[8]) + '</span>' +
      (e[9] ? '<br><span class="mismatch">\u26a0 ' + esc(e[9]) + '</span>' : '') + '</div></li>';
  }
  function badHtml(u) {
    return '<li class="unclassified"><span class="where">' + where(u[0], u[1], u[2], u[3]) +
      '</span>: <span class="problem">' + esc(u[4]) + '</span> ' + reference(u[5], u[6], u[7], u[8]) + '</li>';
  }

  /* The view: the classes with an entry the filter keeps, each with the
   * indexes of those entries (null: all). Cut into blocks of about
   * PER_BLOCK entries, each a placeholder of its estimated height until it
   * comes near the window. */
  var view = [], blocks = [], shown = 0, firstBlockOf = {};
  var size = {row: 210, head: 80, perRow: 2, bad: 24};
  /* The words' view of class k: null when the class has no entry they
   * keep, else [k, the indexes kept, or null for all]; among only the
   * entries `from` when given (an earlier result these words narrow). */
  function match(words, k, from) {
    var rest = words.filter(function (w) { return heads[k].indexOf(w) < 0; });
    if (!rest.length) return [k, null];
    var t = texts[k], keep = [], n = from ? from.length : t.length;
    for (var x = 0; x < n; x++) {
      var i = from ? from[x] : x, ok = true;
      for (var j = 0; j < rest.length && ok; j++) ok = t[i].indexOf(rest[j]) >= 0;
      if (ok) keep.push(i);
    }
    return keep.length ? [k, keep] : null;
  }
  /* Every entry the words keep also kept the words before when each word
   * before is part of a word now. */
  function narrows(now, before) {
    return before.every(function (w) { return now.some(function (v) { return v.indexOf(w) >= 0; }); });
  }
  /* The filter's run: the classes (of the last result, when the words
   * narrow it) matched in slices of SLICE ms, each slice a task of its own
   * so that frames and keys come between them; sync: all at once. A newer
   * run makes an older one stop at its next slice. */
  var last = null, running = null;
  function apply(text, sync, then) {
    var words = fold(text).split(/\s+/).filter(Boolean);
    var base = last && narrows(words, last.words) ? last.view : null;
    var n = base ? base.length : classes.length, at = 0, out = [], count = 0, me = running = {};
    function slice() {
      if (running !== me) return;
      var until = performance.now() + SLICE;
      while (at < n) {
        var v = base ? match(words, base[at][0], base[at][1]) : match(words, at, null);
        at++;
        if (v) {
          out.push(v);
          count += v[1] ? v[1].length : texts[v[0]].length;
        }
        if (!sync && performance.now() > until) {
          setTimeout(slice, 0);
          return;
        }
      }
      running = null;
      last = {words: words, view: out};
      view = out;
      shown = count;
      shownLine.textContent = shown + ' of ' + total + ' entries shown';
      cut();
      if (then) then();
      /* The table of contents in the next frame, unless all at once. */
      if (sync) drawToc();
      else requestAnimationFrame(function () { if (view === out) drawToc(); });
    }
    slice();
  }
  /* The table of contents: lists of TOC_CHUNK classes, each a placeholder
   * of its estimated height until it comes near the box's window. */
  var tocChunks = [], tocSize = {cols: 3, row: 17, learned: false};
  /* The table of contents' item v: the view's class v, after them the
   * unclassified games. */
  function tocItem(v) {
    if (v === view.length)
      return '<li><a href="#unclassified">could not classify</a> <span class="count">' + bad.length + '</span></li>';
    var c = classes[view[v][0]];
    return '<li><span class="n">' + (v + 1) + '.</span> <a href="#c' + c[0] + '">' + c[0] + ' ' +
           esc(c[1] || '(no name)') + '</a> <span class="count">' +
           (view[v][1] ? view[v][1].length : c[3].length) + '</span></li>';
  }
  function drawToc() {
    var items = view.length + (bad.length ? 1 : 0);
    tocChunks = [];
    var lists = [];
    for (var i = 0; i < items; i += TOC_CHUNK) {
      var chunk = {from: i, to: Math.min(items, i + TOC_CHUNK), drawn: false, height: 0};
      tocChunks.push(chunk);
      lists.push('<ol style="height:' + tocEstimate(chunk) + 'px"></ol>');
    }
    toc.innerHTML = lists.join('');
    for (var j = 0; j < tocChunks.length; j++) tocChunks[j].el = toc.children[j];
    drawTocVisible();
  }
  function tocEstimate(chunk) { return Math.ceil((chunk.to - chunk.from) / tocSize.cols) * tocSize.row; }
  function drawTocVisible() {
    var top = toc.scrollTop - toc.clientHeight, bottom = toc.scrollTop + 2 * toc.clientHeight;
    for (var i = 0; i < tocChunks.length; i++) {
      var chunk = tocChunks[i], el = chunk.el, near = !(el.offsetTop > bottom || el.offsetTop + el.offsetHeight < top);
      if (chunk.drawn && !near) {
        /* Out of reach: empty again, at the height it had. */
        chunk.height = el.offsetHeight;
        el.innerHTML = '';
        el.style.height = chunk.height + 'px';
        chunk.drawn = false;
      }
      if (chunk.drawn || !near) continue;
      var h = [];
      for (var v = chunk.from; v < chunk.to; v++) h.push(tocItem(v));
      el.innerHTML = h.join('');
      el.style.height = '';
      chunk.drawn = true;
      if (!tocSize.learned && chunk.to - chunk.from === TOC_CHUNK) {
        var lefts = {};
        for (var li = el.firstChild; li; li = li.nextSibling) lefts[li.offsetLeft] = true;
        tocSize.cols = Object.keys(lefts).length;
        tocSize.row = el.offsetHeight / Math.ceil(TOC_CHUNK / tocSize.cols);
        tocSize.learned = true;
        for (var j = 0; j < tocChunks.length; j++)
          if (!tocChunks[j].drawn && !tocChunks[j].height) tocChunks[j].el.style.height = tocEstimate(tocChunks[j]) + 'px';
      }
    }
  }
  var drawnBlocks = [];
  function cut() {
    blocks = [];
    drawnBlocks = [];
    firstBlockOf = {};
    var b = null;
    function open() { b = {pieces: [], n: 0}; blocks.push(b); }
    open();
    for (var v = 0; v < view.length; v++) {
      var k = view[v][0], n = view[v][1] ? view[v][1].length : classes[k][3].length;
      for (var from = 0; from < n;) {
        if (b.n >= PER_BLOCK) open();
        var room = PER_BLOCK - b.n, take = n - from;
        if (take > room) take = room > 1 ? room - room % 2 : 2;
        if (from === 0) firstBlockOf[k] = blocks.length - 1;
        b.pieces.push([v, from, from + take]);
        b.n += take + (from === 0 ? 2 : 0);
        from += take;
      }
    }
    for (var u = 0; u < bad.length; u += PER_BLOCK * 2) {
      open();
      b.pieces.push([-1, u, Math.min(bad.length, u + PER_BLOCK * 2)]);
      if (u === 0) firstBlockOf[-1] = blocks.length - 1;
    }
    var h = [];
    for (var i = 0; i < blocks.length; i++)
      h.push('<div class="block" data-block="' + i + '" style="height:' + estimate(blocks[i]) + 'px"></div>');
    list.innerHTML = h.join('');
    var els = list.children;
    for (var j = 0; j < blocks.length; j++) {
      blocks[j].el = els[j];
      blocks[j].index = j;
    }
  }
  function estimate(b) {
    var h = 0;
    b.pieces.forEach(function (p) {
      if (p[0] < 0) h += (p[0] === -1 && p[1] === 0 ? size.head : 0) + (p[2] - p[1]) * size.bad;
      else h += (p[1] === 0 ? size.head : 0) + Math.ceil((p[2] - p[1]) / size.perRow) * size.row;
    });
    return Math.round(h);
  }
  function draw(b) {
    if (b.drawn) return;
    var h = [];
    b.pieces.forEach(function (p) {
      if (p[0] < 0) {
        if (p[1] === 0) h.push('<h2 id="unclassified">Could not classify &middot; <span class="count">' +
                               bad.length + '</span></h2>');
        h.push('<ul class="unclassified">');
        for (var u = p[1]; u < p[2]; u++) h.push(badHtml(bad[u]));
        h.push('</ul>');
        return;
      }
      var k = view[p[0]][0], keep = view[p[0]][1], c = classes[k], n = c[3].length;
      h.push('<div class="class" data-class="' + c[0] + '">');
      if (p[1] === 0) {
        h.push('<h2 id="c' + c[0] + '">' + c[0] + ' &middot; ' + esc(c[1] || '(no name)') +
               ' &middot; <span class="count">' + n + (n === 1 ? ' entry' : ' entries') +
               '</span></h2><p class="words">' + esc(c[2]) + '</p>');
      }
      h.push('<ol class="entries">');
      for (var i = p[1]; i < p[2]; i++) h.push(entryHtml(c[3][keep ? keep[i] : i]));
      h.push('</ol></div>');
    });
    b.el.innerHTML = h.join('');
    b.el.style.height = '';
    b.drawn = true;
    drawnBlocks.push(b);
    learn(b);
  }
  /* A block out of reach: emptied, a placeholder of the height it had. */
  function undraw(b) {
    b.height = b.el.offsetHeight;
    b.el.innerHTML = '';
    b.el.style.height = b.height + 'px';
    b.drawn = false;
  }
  /* The first block drawn gives the sizes the estimates use. */
  var learned = false;
  function learn(b) {
    if (learned) return;
    var card = b.el.querySelector('li.entry'), head = b.el.querySelector('h2');
    if (!card) return;
    var cardBox = card.getBoundingClientRect(), gap = 12.8;
    var width = list.getBoundingClientRect().width;
    size.perRow = Math.max(1, Math.floor((width + gap) / (cardBox.width + gap)));
    size.row = cardBox.height + gap;
    if (head) size.head = head.nextSibling.getBoundingClientRect().bottom - head.getBoundingClientRect().top + 12;
    learned = true;
    for (var i = 0; i < blocks.length; i++)
      if (!blocks[i].drawn && !blocks[i].height) blocks[i].el.style.height = estimate(blocks[i]) + 'px';
  }
  /* The blocks [from, to) that meet the page's band [top, bottom]: the
   * first by a binary search on the blocks' tops. */
  function within(top, bottom) {
    var base = list.getBoundingClientRect().top + window.scrollY;
    var lo = 0, hi = blocks.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1, el = blocks[mid].el;
      if (base + el.offsetTop + el.offsetHeight < top) lo = mid + 1; else hi = mid;
    }
    var to = lo;
    while (to < blocks.length && base + blocks[to].el.offsetTop <= bottom) to++;
    return [lo, to];
  }
  /* Draws the blocks in the window, then those within MARGIN of it (in
   * further frames once a frame has drawn for DRAW_BUDGET ms, unless all),
   * and empties the drawn blocks beyond MARGIN. */
  var drawFrame = 0;
  function drawVisible(all) {
    var began = performance.now(), range;
    for (var round = 0; round < 4; round++) {
      var y = window.scrollY, h = window.innerHeight, drew = false;
      var bands = [[y, y + h], [y - MARGIN, y + h + MARGIN]];
      for (var s = 0; s < 2; s++) {
        range = within(bands[s][0], bands[s][1]);
        for (var i = range[0]; i < range[1]; i++) {
          if (blocks[i].drawn) continue;
          if (s && !all && performance.now() - began > DRAW_BUDGET) {
            if (!drawFrame) drawFrame = requestAnimationFrame(function () { drawFrame = 0; drawVisible(); });
            s = 2;
            break;
          }
          draw(blocks[i]);
          drew = true;
        }
      }
      if (!drew) break;
    }
    if (printing) return;
    range = within(window.scrollY - MARGIN, window.scrollY + window.innerHeight + MARGIN);
    drawnBlocks = drawnBlocks.filter(function (b) {
      if (b.index >= range[0] && b.index < range[1]) return true;
      undraw(b);
      return false;
    });
  }
  /* Scrolls to a class's heading (its id, e.g. c0103.00, or unclassified). */
  function goTo(id) {
    var k = -1;
    if (id !== 'unclassified') {
      for (var v = 0; v < view.length; v++) if ('c' + classes[view[v][0]][0] === id) k = view[v][0];
      if (k < 0) return false;
    } else if (!bad.length) return false;
    for (var round = 0; round < 4; round++) {
      draw(blocks[firstBlockOf[k]]);
      var el = document.getElementById(id);
      el.scrollIntoView();
      drawVisible(true);
      if (Math.abs(el.getBoundingClientRect().top) < 1) break;
    }
    return true;
  }
  /* The filter at once, and the window drawn. */
  function run(words) {
    apply(words, true);
    drawVisible(true);
  }

  box.addEventListener('input', function () {
    apply(box.value, false, function () { drawVisible(); });
  });
  var frame = 0;
  window.addEventListener('scroll', function () {
    if (!frame) frame = requestAnimationFrame(function () { frame = 0; drawVisible(); });
  });
  /* Printing: a view of at most PRINT_MOST entries is drawn whole for the
   * print and emptied again after it; a larger one prints the blocks drawn
   * (filter first to print a part). */
  var printing = false;
  window.addEventListener('beforeprint', function () {
    if (shown > PRINT_MOST) return;
    printing = true;
    for (var i = 0; i < blocks.length; i++) draw(blocks[i]);
  });
  window.addEventListener('afterprint', function () {
    printing = false;
    drawVisible(true);
  });
  var tocFrame = 0;
  toc.addEventListener('scroll', function () {
    if (!tocFrame) tocFrame = requestAnimationFrame(function () { tocFrame = 0; drawTocVisible(); });
  });
  window.addEventListener('resize', function () { learned = tocSize.learned = false; run(box.value); });
  toc.addEventListener('click', function (ev) {
    var a = ev.target.closest('a');
    if (!a) return;
    ev.preventDefault();
    history.replaceState(null, '', a.getAttribute('href'));
    goTo(a.getAttribute('href').slice(1));
  });
  /* The fragment: #filter=WORDS, #cCODE (a class), #unclassified, or
   * #bench=WORDS (time each step and report it). */
  function fromFragment() {
    var f = location.hash.slice(1);
    try { f = decodeURIComponent(f); } catch (e) { /* a stray %: the fragment as it is */ }
    if (f.indexOf('bench=') === 0) return bench(f.slice(6));
    box.value = f.indexOf('filter=') === 0 ? f.slice(7) : '';
    run(box.value);
    if (f && f.indexOf('filter=') !== 0) goTo(f);
  }
  function bench(words) {
    function layout() { return document.body.offsetHeight; }
    var t = {load: started, parse: parsed - started, index: indexed - parsed};
    var at = performance.now();
    run('');
    layout();
    t.render = performance.now() - at;
    at = performance.now();
    box.value = words;
    run(words);
    layout();
    t.filter = performance.now() - at;
    t.found = shown;
    at = performance.now();
    box.value = '';
    run('');
    layout();
    t.clear = performance.now() - at;
    at = performance.now();
    goTo('c' + classes[classes.length - 1][0]);
    layout();
    t.scroll = performance.now() - at;
    t.work = performance.now() - started;
    var text = Object.keys(t).map(function (key) {
      return key + '=' + (key === 'found' ? t[key] : t[key].toFixed(1));
    }).join(' ');
    /* The report is read off the DOM (chromium --dump-dom): the data, read
     * already, leaves it, so that the dump is small. */
    document.getElementById('gbr-data').remove();
    document.documentElement.setAttribute('data-bench', text);
    document.title = 'bench ' + text;
  }
  window.addEventListener('hashchange', fromFragment);
  fromFragment();

  /* The index page: the filter keeps the classes whose code or name holds
   * every word typed, folded as on the pages (#filter=WORDS opens it
   * filtered); a part's heading and list are hidden when it keeps none of
   * their classes. The games that could not be classified stay listed. */
  function indexPage() {
    var items = Array.prototype.slice.call(document.querySelectorAll('nav.toc li'));
    var navs = Array.prototype.slice.call(document.querySelectorAll('nav.toc'));
    var itemTexts = items.map(function (li) {
      var a = li.querySelector('a');
      return fold(a ? a.textContent : '');
    });
    function show(text) {
      var words = fold(text).split(/\s+/).filter(Boolean), n = 0;
      for (var i = 0; i < items.length; i++) {
        var keep = true;
        for (var j = 0; j < words.length && keep; j++) keep = itemTexts[i].indexOf(words[j]) >= 0;
        if (items[i].hidden === keep) items[i].hidden = !keep;
        if (keep) n++;
      }
      navs.forEach(function (nav) {
        var any = nav.querySelector('li:not([hidden])') !== null, head = nav.previousElementSibling;
        nav.hidden = !any;
        if (head && head.tagName === 'H2') head.hidden = !any;
      });
      shownLine.textContent = n + ' of ' + items.length + (items.length === 1 ? ' class' : ' classes') + ' shown';
    }
    box.addEventListener('input', function () { show(box.value); });
    var f = location.hash.slice(1);
    try { f = decodeURIComponent(f); } catch (e) { /* a stray %: the fragment as it is */ }
    if (f.indexOf('filter=') === 0) box.value = f.slice(7);
    show(box.value);
  }
})();
