'use strict';
// The directory page's script (src/collection/page/directory.js) under
// node --test, without a browser: the script runs as the page runs it, one
// closure over the page's data, in a context whose document is a stand-in
// just large enough for it (elements that keep the HTML the script gives
// them and count the placeholders in it). Everything is read off that HTML
// and the count line: the filter's folding of case and accents, the index
// it searches, the entries, diagrams and headings drawn, the cutting into
// blocks, the table of contents, the fragments and the #bench report.
// Layout (sizes, scrolling) is directory_browser's, in Chromium.
//
// usage: node --test page_script.test.js  (GBR_PAGE_SCRIPT: the script)
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const SCRIPT_PATH = process.env.GBR_PAGE_SCRIPT ||
  path.join(__dirname, '..', 'page', 'directory.js');
const SCRIPT = fs.readFileSync(SCRIPT_PATH, 'utf8');

// An element: the HTML set on it is kept; the placeholders in it (the
// table of contents' lists, the list's blocks) become its children. With
// page.layout, the list's blocks are laid out one under the other from the
// page's top: a placeholder as tall as its style says, a drawn block 200
// pixels a row of two entries and 60 a heading (not the script's estimate,
// so that a height kept is told from one estimated); the list's box moves
// with the window's scroll.
function element(page, id, parent) {
  let html = '', drawnHeight = 0;
  const el = {
    id, value: '', textContent: '', style: {}, children: [], firstChild: null,
    scrollTop: 0, clientHeight: 400, listeners: {},
    addEventListener(type, f) { (this.listeners[type] = this.listeners[type] || []).push(f); },
    getBoundingClientRect() {
      const top = page.layout && id === 'list' ? -page.window.scrollY : 0;
      return {top, bottom: top, left: 0, right: 0, width: 900, height: 0};
    },
    querySelector() { return null; },
    scrollIntoView() { page.scrolledTo.push(id); },
    remove() { page.removed.push(id); delete page.elements[id]; },
  };
  Object.defineProperty(el, 'offsetHeight', {
    get() {
      if (!page.layout || !parent) return 0;
      return html ? drawnHeight : parseFloat(el.style.height) || 0;
    },
  });
  Object.defineProperty(el, 'offsetTop', {
    get() {
      let top = 0;
      if (page.layout && parent) for (const sibling of parent.children) {
        if (sibling === el) break;
        top += sibling.offsetHeight;
      }
      return top;
    },
  });
  Object.defineProperty(el, 'innerHTML', {
    get() { return html; },
    set(value) {
      html = value;
      const entries = (html.match(/<li class="entry">/g) || []).length, heads = (html.match(/<h2/g) || []).length;
      drawnHeight = Math.ceil(entries / 2) * 200 + heads * 60;
      el.children = (value.match(/<(ol|div class="block")[^>]*><\/(ol|div)>/g) || []).map(() => element(page, null, el));
    },
  });
  return el;
}

// Runs the script on a page holding DATA, at address fragment HASH (with
// layout: the list's blocks laid out, as element() says).
function open(data, hash, layout) {
  // clock: performance.now(), which moves on by tick at each reading (0:
  // time stands still, and the script never runs out of it).
  const page = {elements: {}, scrolledTo: [], removed: [], timers: [], frames: [], attributes: {}, layout: !!layout,
                clock: 0, tick: 0};
  // The tasks and frames the script asked for, until it asks for no more.
  page.settle = () => {
    while (page.timers.length || page.frames.length) {
      page.timers.splice(0).forEach(f => f());
      page.frames.splice(0).forEach(f => f());
    }
  };
  for (const id of ['filter', 'list', 'toc', 'shown', 'gbr-data']) page.elements[id] = element(page, id);
  page.elements['gbr-data'].textContent = JSON.stringify(data);
  const listeners = {};
  const window = {
    scrollY: 0, innerHeight: 800,
    addEventListener(type, f) { (listeners[type] = listeners[type] || []).push(f); },
  };
  page.window = window;
  page.location = {hash: hash || ''};
  page.document = {
    title: '',
    body: {offsetHeight: 0},
    documentElement: {setAttribute(name, value) { page.attributes[name] = value; }},
    getElementById(id) {
      if (!(id in page.elements)) page.elements[id] = element(page, id);
      return page.elements[id];
    },
  };
  const context = vm.createContext({
    window, document: page.document, location: page.location,
    history: {replaceState(state, title, url) { page.location.hash = url; }},
    performance: {now: () => (page.clock += page.tick)},
    requestAnimationFrame(f) { page.frames.push(f); return page.frames.length; },
    setTimeout(f) { page.timers.push(f); return page.timers.length; },
    clearTimeout() {},
  });
  vm.runInContext(SCRIPT, context, {filename: SCRIPT_PATH});
  page.settle();
  page.go = hash => {
    page.location.hash = hash;
    for (const f of listeners.hashchange || []) f();
  };
  page.type = words => {
    page.elements.filter.value = words;
    for (const f of page.elements.filter.listeners.input || []) f();
    page.settle();
  };
  page.scrollTo = y => {
    window.scrollY = y;
    for (const f of listeners.scroll || []) f();
    page.settle();
  };
  page.print = type => {
    for (const f of listeners[type] || []) f();
    page.settle();
  };
  page.height = () => page.elements.list.children.reduce((h, b) => h + b.offsetHeight, 0);
  page.shown = () => page.elements.shown.textContent;
  page.drawn = () => page.elements.list.children.map(b => b.innerHTML).join('');
  // The study codes of the entries drawn, in order.
  page.studies = () => Array.from(page.drawn().matchAll(/<span class="study">([^<]*)</g), m => m[1]);
  page.toc = () => page.elements.toc.children.map(c => c.innerHTML).join('');
  return page;
}

// A page's data as gbr writes it (directory_html.c says what each member is).
const DATA = {
  files: ['studies.pgn', 'odd <&> "name".pgn'],
  classes: [
    ['0000.10', 'KPvK', 'White: pawn; Black: king only', [
      ['=0000.10g6g8', 'g6g8 0000.10 .g5 2/1=.', 'Richard R\u00e9ti', 'Kagans Neueste Schachnachrichten', '1921',
       'Pg5Kg6kg8', 0, 39, 4],
      ['+0000.10a1c3', 'a1c3 0000.10 .b2 2/1+.', 'Gerhard Wei\u00df', 'Deutsche Schachzeitung', '1950', 'Ka1Pb2kc3', 0,
       50, 5],
    ]],
    ['0009.00', '', 'White: an unknown number of knights; Black: king only', [
      ['+0009.00b1b3', 'b1b3 0009.00 {d1e1f1/} 4/1+.', 'S. Jablonski', 'Northern Study Review', '2008',
       'Kb1kb3Nd1Ne1Nf1', 0, 165, 18],
    ]],
    ['0400.10', 'KRPvKR', 'White: rook, pawn; Black: rook', [
      ['+0400.10a1a3', 'a1a3 0400.10 b2d1.e2 3/2-+.', '\u0141ukasz <Kowalski> & S\u00f8ren', '\u0152uvres', '1980',
       'Ka1ka3Rb2rd1Pe2', 1, 84, 9, 'Black tag says +0300.10a1a3, FEN gives +0400.10a1a3', 'EG 123'],
      ['+0400.10b1b3', 'b1b3 0400.10 c2d1.e2 3/2+.', '\u00c6sir \u00de\u00f3rsson', '\u00d0agbla\u00f0', '2001',
       'Kb1kb3Rc2rd1Pe2', 1, 100, 12, '', 'Stra\u00dfe Prize'],
    ]],
  ],
  unclassified: [[0, 135, 26, 14, "not a FEN piece letter, digit 1-8 or '/'", 'N. Farrow', 'Three Rivers', '1995',
                  'EG 9']],
};

test('the whole page when the address has no fragment', () => {
  const page = open(DATA);
  assert.strictEqual(page.shown(), '5 of 5 entries shown');
  assert.deepStrictEqual(page.studies(),
    ['=0000.10g6g8', '+0000.10a1c3', '+0009.00b1b3', '+0400.10a1a3', '+0400.10b1b3']);
  const items = Array.from(page.toc().matchAll(/<li>(.*?)<\/li>/g), m => m[1].replace(/<[^>]*>/g, ''));
  assert.deepStrictEqual(items, ['1. 0000.10 KPvK 2', '2. 0009.00 (no name) 1', '3. 0400.10 KRPvKR 2',
                                 'could not classify 1']);
});

// Each filter typed, with the studies it must leave.
const FILTERS = [
  ['reti', ['=0000.10g6g8'], 'an accent in the data, none typed'],
  ['R\u00c9TI', ['=0000.10g6g8'], 'case and accent typed'],
  ['weiss', ['+0000.10a1c3'], 'sharp s spelled ss'],
  ['lukasz', ['+0400.10a1a3'], 'l with stroke'],
  ['soren', ['+0400.10a1a3'], 'o with stroke'],
  ['oeuvres', ['+0400.10a1a3'], 'oe ligature, in the source'],
  ['aesir thorsson', ['+0400.10b1b3'], 'ae ligature and thorn, two words'],
  ['dagblad', ['+0400.10b1b3'], 'eth and an accent'],
  ['strasse', ['+0400.10b1b3'], 'the reference is searched'],
  ['eg 123', ['+0400.10a1a3'], 'a reference of two words'],
  ['1950', ['+0000.10a1c3'], 'the year'],
  ['kagans', ['=0000.10g6g8'], 'the source'],
  ['a1c3', ['+0000.10a1c3'], 'the study code'],
  ['{d1e1f1/}', ['+0009.00b1b3'], 'the position form'],
  ['+0400.10B1B3', ['+0400.10b1b3'], 'a study code typed in capitals'],
  ['krpvkr', ['+0400.10a1a3', '+0400.10b1b3'], 'the class name keeps the whole class'],
  ['0000.10', ['=0000.10g6g8', '+0000.10a1c3'], 'the class code keeps the whole class'],
  ['krpvkr lukasz', ['+0400.10a1a3'], 'a class word and an entry word'],
  ['reti 1921', ['=0000.10g6g8'], 'every word must occur'],
  ['reti 1950', [], 'every word must occur, in one entry'],
  ['says', [], 'the mismatch is not searched'],
  ['studies.pgn', [], 'the file is not searched'],
  ['  ', ['=0000.10g6g8', '+0000.10a1c3', '+0009.00b1b3', '+0400.10a1a3', '+0400.10b1b3'], 'blanks: no filter'],
];

test('the filter folds case and accents, and searches the index', async t => {
  for (const [words, studies, why] of FILTERS) {
    await t.test(`${JSON.stringify(words)}: ${why}`, () => {
      const page = open(DATA);
      page.type(words);
      assert.deepStrictEqual(page.studies(), studies);
      assert.strictEqual(page.shown(), `${studies.length} of 5 entries shown`);
      // The unclassified games are listed under every filter.
      assert.match(page.drawn(), /<h2 id="unclassified">/);
    });
  }
});

test('the filter: d with stroke, dotless i, capital I with dot, capital letters spelled out', () => {
  const one = (composer, source) => ({files: ['f.pgn'], unclassified: [],
    classes: [['0000.10', 'KPvK', 'w', [['=0000.10g6g8', 'g6g8', composer, source, '', 'Kg6', 0, 1, 1]]]]});
  for (const [composer, source, words] of [['\u0110or\u0111e Y\u0131ld\u0131z', '\u0130stanbul', 'dorde yildiz istanbul'],
                                           ['\u00c6BLE\u0152', '\u00d8STER \u0141\u00d3D\u0179', 'aebleoe oster lodz']]) {
    const page = open(one(composer, source));
    page.type(words);
    assert.strictEqual(page.shown(), '1 of 1 entries shown', `${words} finds ${composer}, ${source}`);
    page.type(words + 'x');
    assert.strictEqual(page.shown(), '0 of 1 entries shown');
  }
});

test('the table of contents lists only the classes the filter keeps', () => {
  const page = open(DATA);
  page.type('weiss');
  const toc = page.toc();
  assert.match(toc, /<span class="n">1\.<\/span> <a href="#c0000\.10">0000\.10 KPvK<\/a> <span class="count">1<\/span>/);
  assert.doesNotMatch(toc, /0400\.10/);
  assert.match(toc, /<a href="#unclassified">could not classify<\/a>/);
});

function entryOf(page, study) {
  const entry = page.drawn().split('<li class="entry">').find(e => e.startsWith(
    '<div class="diagram">') && e.includes(`<span class="study">${study}</span>`));
  assert.ok(entry, `entry ${study} drawn`);
  return entry.slice(0, entry.indexOf('</li>'));
}

function squares(entry) {
  return Object.fromEntries(Array.from(entry.matchAll(/data-square="([a-h][1-8])">([^<]*)<\/span>/g),
                                       m => [m[1], m[2]]));
}

test('an entry: diagram, side to move, text escaped, mismatch, reference, where', () => {
  const page = open(DATA);
  const e = entryOf(page, '+0400.10a1a3');
  const board = squares(e);
  assert.strictEqual(Object.keys(board).length, 64);
  assert.strictEqual(Object.keys(board)[0], 'a8', 'rank 8 first, from the a file');
  const shade = Object.fromEntries(Array.from(e.matchAll(/class="sq ([ld])" data-square="([a-h][1-8])"/g),
                                              m => [m[2], m[1]]));
  assert.deepStrictEqual([shade.a1, shade.h1, shade.a8, shade.h8, shade.e4, shade.d4],
                         ['d', 'l', 'l', 'd', 'l', 'd'], 'a1 and h8 dark, h1 and a8 light, as on a board');
  assert.deepStrictEqual(Object.fromEntries(Object.entries(board).filter(([, man]) => man)),
                         {a1: '\u2654', a3: '\u265a', b2: '\u2656', d1: '\u265c', e2: '\u2659'});
  assert.match(e, /aria-label="a1a3 0400\.10 b2d1\.e2 3\/2-\+\."/);
  assert.match(e, /<span class="stm b" title="Black to move" aria-label="Black to move">/);
  assert.match(e, /<span class="position">a1<wbr>a3<wbr> 0400\.10 b2<wbr>d1<wbr>\.e2<wbr> 3\/2-\+\.<\/span>/);
  assert.match(e, new RegExp('<span class="composer">\u0141ukasz &lt;Kowalski&gt; &amp; S\u00f8ren</span> &middot; ' +
                             '<span class="source">\u0152uvres</span> &middot; <span class="reference">EG 123</span> ' +
                             '&middot; <span class="year">1980</span>'));
  assert.match(e, /<span class="where">odd &lt;&amp;&gt; &quot;name&quot;\.pgn:84 \(game 9\)<\/span>/);
  assert.match(e, /<span class="mismatch">\u26a0 Black tag says \+0300\.10a1a3, FEN gives \+0400\.10a1a3<\/span>/);

  const white = entryOf(page, '=0000.10g6g8');
  assert.match(white, /<span class="stm w" title="White to move" aria-label="White to move">/);
  assert.deepStrictEqual(Object.entries(squares(white)).filter(([, man]) => man),
                         [['g8', '\u265a'], ['g6', '\u2654'], ['g5', '\u2659']]);
  assert.doesNotMatch(white, /mismatch|reference/, 'no mismatch, no reference');
  const reference = entryOf(page, '+0400.10b1b3');
  assert.doesNotMatch(reference, /mismatch/, 'an empty mismatch is not shown');
  assert.match(reference, /<span class="reference">Stra\u00dfe Prize<\/span>/);
  assert.match(entryOf(page, '+0009.00b1b3'),
               /<span class="position">b1<wbr>b3<wbr> 0009\.00 \{d1<wbr>e1<wbr>f1<wbr>\/\} 4\/1\+\.<\/span>/);
});

test('Black to move: the indicators that say so', () => {
  for (const [position, black] of [['a1a3 0400.10 b2d1.e2 3/2-=.', true], ['a1a3 0400.10 b2d1.e2 3/2 BTM.', true],
                                   ['a1a3 0400.10 b2d1.e2 3/2 WTM.', false], ['a1a3 0400.10 b2d1.e2 3/2=.', false]]) {
    const data = {files: ['f.pgn'], unclassified: [],
                  classes: [['0400.10', 'KRPvKR', 'w', [['s', position, '', '', '', 'Ka1', 0, 1, 1]]]]};
    assert.match(open(data).drawn(), new RegExp(`<span class="stm ${black ? 'b' : 'w'}"`), position);
  }
});

test('headings, the unclassified list and a class without a name', () => {
  const drawn = open(DATA).drawn();
  assert.match(drawn, /<h2 id="c0400\.10">0400\.10 &middot; KRPvKR &middot; <span class="count">2 entries<\/span><\/h2>/);
  assert.match(drawn, /<p class="words">White: rook, pawn; Black: rook<\/p>/);
  assert.match(drawn, /<h2 id="c0009\.00">0009\.00 &middot; \(no name\) &middot; <span class="count">1 entry<\/span>/);
  assert.match(drawn, /<h2 id="unclassified">Could not classify &middot; <span class="count">1<\/span><\/h2>/);
  assert.match(drawn, new RegExp('<li class="unclassified"><span class="where">studies\\.pgn:135:26 \\(game 14\\)</span>: ' +
                                 '<span class="problem">not a FEN piece letter, digit 1-8 or &#39;/&#39;</span> ' +
                                 '<span class="composer">N\\. Farrow</span> &middot; <span class="source">Three Rivers' +
                                 '</span> &middot; <span class="reference">EG 9</span> &middot; <span class="year">1995' +
                                 '</span></li>'));
});

// A page of N1 + N2 entries in two classes and U unclassified games.
function bigData(n1, n2, u) {
  const entries = (code, n) => Array.from({length: n}, (_, i) => [`+${code}a1a${i}`, 'a1a3 0000.10 .b2 2/1+.',
                                                                  `C${i}`, 'S', '2000', 'Ka1', 0, i + 1, i + 1]);
  return {files: ['f.pgn'],
          classes: [['0000.10', 'KPvK', 'w', entries('0000.10', n1)], ['0000.20', 'KPPvK', 'w', entries('0000.20', n2)]],
          unclassified: Array.from({length: u}, (_, i) => [0, i + 1, 1, i + 1, 'bad', '', '', '', ''])};
}

test('blocks: at most 24 entries each, every entry drawn once and in order', () => {
  const data = bigData(101, 3, 200);
  const page = open(data);
  const blocks = page.elements.list.children.map(b => b.innerHTML);
  const per = blocks.map(b => (b.match(/<li class="entry">/g) || []).length);
  const bad = blocks.map(b => (b.match(/<li class="unclassified">/g) || []).length);
  assert.ok(per.every(n => n <= 24), `entries per block ${per}`);
  assert.ok(bad.every(n => n <= 48), `unclassified per block ${bad}`);
  assert.deepStrictEqual(bad.filter(n => n), [48, 48, 48, 48, 8]);
  assert.deepStrictEqual(page.studies(), [...data.classes[0][3], ...data.classes[1][3]].map(e => e[0]));
  // A class's heading comes once, in the block of its first entry.
  assert.strictEqual((page.drawn().match(/<h2 id="c0000\.10">/g) || []).length, 1);
  assert.ok(blocks[per.findIndex(n => n > 0)].includes('<h2 id="c0000.10">'));
  assert.strictEqual(page.shown(), '104 of 104 entries shown');
});

test('the table of contents in lists of 120 classes', () => {
  const classes = Array.from({length: 250}, (_, k) => {
    const code = `${String(k).padStart(4, '0')}.00`;
    return [code, `N${k}`, 'w', [[`+${code}a1a3`, 'a1a3', '', '', '', 'Ka1', 0, 1, 1]]];
  });
  const page = open({files: ['f.pgn'], classes, unclassified: []});
  assert.deepStrictEqual(page.elements.toc.children.map(list => (list.innerHTML.match(/<li>/g) || []).length),
                         [120, 120, 10]);
  const numbers = Array.from(page.toc().matchAll(/<span class="n">(\d+)\.<\/span>/g), m => Number(m[1]));
  assert.deepStrictEqual(numbers, Array.from({length: 250}, (_, i) => i + 1));
});

test('the fragment: #filter=, #cCODE, a stray %, and a change of it', () => {
  const page = open(DATA, '#filter=r%C3%A9ti%20richard');
  assert.strictEqual(page.elements.filter.value, 'r\u00e9ti richard');
  assert.deepStrictEqual(page.studies(), ['=0000.10g6g8']);

  page.go('#c0400.10');
  assert.strictEqual(page.elements.filter.value, '');
  assert.strictEqual(page.shown(), '5 of 5 entries shown');
  assert.deepStrictEqual(page.scrolledTo, ['c0400.10']);
  page.go('#c9999.99');
  assert.deepStrictEqual(page.scrolledTo, ['c0400.10'], 'no such class: no scroll');
  page.go('#unclassified');
  assert.deepStrictEqual(page.scrolledTo, ['c0400.10', 'unclassified']);

  page.go('#filter=100%');
  assert.strictEqual(page.elements.filter.value, '100%');
  assert.strictEqual(page.shown(), '0 of 5 entries shown');
});

test('a click in the table of contents goes to the class', () => {
  const page = open(DATA);
  let prevented = false;
  const a = {getAttribute: () => '#c0009.00'};
  for (const f of page.elements.toc.listeners.click)
    f({target: {closest: () => a}, preventDefault() { prevented = true; }});
  assert.ok(prevented);
  assert.strictEqual(page.location.hash, '#c0009.00');
  assert.deepStrictEqual(page.scrolledTo, ['c0009.00']);
});

test('#bench=WORDS: the report, and the data taken out of the page', () => {
  const page = open(DATA, '#bench=weiss');
  const report = page.attributes['data-bench'];
  assert.match(report, /^load=0\.0 parse=0\.0 index=0\.0 render=0\.0 filter=0\.0 found=1 clear=0\.0 scroll=0\.0 work=0\.0$/);
  assert.strictEqual(page.document.title, 'bench ' + report);
  assert.deepStrictEqual(page.removed, ['gbr-data']);
  assert.deepStrictEqual(page.scrolledTo, ['c0400.10'], 'the last class');
});

// The window's logic, laid out: which blocks are drawn as the window goes
// down the page and back up, and what a block left behind keeps.
test('the window: only the blocks near it drawn, those it leaves emptied, down and back up', () => {
  const data = bigData(500, 301, 0);
  const page = open(data, '', true);
  const blocks = page.elements.list.children;
  const drawn = () => blocks.map((b, i) => (b.innerHTML ? i : -1)).filter(i => i >= 0);
  // The blocks that meet the window and MARGIN (800 pixels) above and below it.
  const near = y => blocks.map((b, i) => (b.offsetTop + b.offsetHeight >= y - 800 && b.offsetTop <= y + 800 + 800 ? i : -1))
    .filter(i => i >= 0);
  assert.deepStrictEqual(drawn(), near(0), 'at the top');
  const seen = new Set(), counts = [];
  let most = 0;
  const visit = y => {
    page.scrollTo(y);
    assert.deepStrictEqual(drawn(), near(y), `drawn at ${y}`);
    most = Math.max(most, drawn().length);
    drawn().forEach(i => seen.add(i));
  };
  for (let y = 0; y <= page.height(); y += 700) visit(y);
  assert.ok(most <= 3, `at most 3 blocks drawn at once (${most})`);
  assert.strictEqual(seen.size, blocks.length, 'every block drawn on the way down');
  // A block left behind is empty, as tall as it was when drawn: 12 rows of
  // 200 pixels, and a heading in the first (the script's estimates: 12
  // rows of 210 pixels, 80 a heading).
  assert.strictEqual(blocks[0].innerHTML, '');
  assert.strictEqual(blocks[0].style.height, '2460px');
  assert.strictEqual(blocks[1].style.height, '2400px');
  // Every entry drawn in order, each once, on the way down.
  page.scrollTo(0);
  const studies = [];
  let last = -1;
  for (let y = 0; y <= page.height(); y += 700) {
    page.scrollTo(y);
    for (const i of drawn()) if (i > last) {
      studies.push(...Array.from(blocks[i].innerHTML.matchAll(/<span class="study">([^<]*)</g), m => m[1]));
      last = i;
    }
  }
  assert.deepStrictEqual(studies, [...data.classes[0][3], ...data.classes[1][3]].map(e => e[0]));
  // Back up: from the bottom to the top, the same window at each place.
  for (let y = page.height(); y >= 0; y -= 900) visit(y);
  visit(0);
  assert.deepStrictEqual(drawn(), near(0));
  assert.ok(drawn().includes(0), 'the first block drawn again at the top');
  // A jump far down (a link in the table of contents, the End key) leaves
  // nothing drawn above.
  page.scrollTo(page.height() / 2);
  assert.ok(drawn().length <= 3 && drawn()[0] > 0, `drawn after a jump: ${drawn()}`);
  // Printing: a view of at most 2,000 entries drawn whole, and emptied
  // again after the print.
  page.print('beforeprint');
  assert.strictEqual(drawn().length, blocks.length, 'every block drawn for the print');
  page.print('afterprint');
  assert.deepStrictEqual(drawn(), near(page.height() / 2), 'after the print');
});

test('the filter works in slices between frames; a key typed meanwhile stops the older run', () => {
  // 250 classes of 2 entries; each reading of the clock a millisecond.
  const classes = Array.from({length: 250}, (_, k) => {
    const code = `${String(k).padStart(4, '0')}.00`;
    return [code, `N${k}`, 'w', [[`+${code}a1a3`, 'a1a3', `C${k}`, '', '', 'Ka1', 0, 1, 1],
                                 [`+${code}b1b3`, 'b1b3', `D${k}`, '', '', 'Kb1', 0, 2, 2]]];
  });
  const page = open({files: ['f.pgn'], classes, unclassified: []});
  assert.strictEqual(page.shown(), '500 of 500 entries shown');
  page.tick = 1;
  const box = page.elements.filter, input = () => box.listeners.input.forEach(f => f());
  box.value = 'c1';
  input();
  // The first slice ran for its few milliseconds and handed on to a task of
  // its own: nothing shown yet, more work queued.
  assert.strictEqual(page.shown(), '500 of 500 entries shown', 'the result is not in after the first slice');
  assert.ok(page.timers.length >= 1, 'a further slice queued');
  const first = page.timers.splice(0);
  first.forEach(f => f());
  assert.strictEqual(page.shown(), '500 of 500 entries shown', 'nor after the second');
  // Another key: the older run stops at its next slice, and only the newer
  // result is ever shown.
  box.value = 'c12';
  input();
  const shownLines = [];
  while (page.timers.length || page.frames.length) {
    page.timers.splice(0).forEach(f => f());
    page.frames.splice(0).forEach(f => f());
    shownLines.push(page.shown());
  }
  assert.deepStrictEqual([...new Set(shownLines)].filter(l => l !== '500 of 500 entries shown'), ['11 of 500 entries shown']);
  assert.deepStrictEqual(page.studies(), open({files: ['f.pgn'], classes, unclassified: []}, '#filter=c12').studies());
  // Narrowed from the last result ("c12" after "c1"), and widened again.
  page.type('c1');
  assert.strictEqual(page.shown(), '111 of 500 entries shown');
  page.type('c');
  assert.strictEqual(page.shown(), '250 of 500 entries shown');
});
