// page.js - the spec site's script, loaded after libgbr.js (the package's
// api.js and gbr.wasm as GBRSite); cells.js (GBRSite.CELLS, gbr.html's
// cell vectors) is loaded when a reader first runs them, replay.js (the
// replayer's module) when a line of moves is first played. It runs libgbr's WebAssembly module in the page: the
// "try" control of every checked example (an editable copy of its input),
// the cell vectors of every expectation-table row, the box that recognises
// any text, the board editor (mouse or keyboard) with a line of moves to step
// through, and, on query.html, the
// query box. The address's fragment can drive the page (#box=TEXT,
// #clicks=..., #run-all), which the browser test uses; typing in the box
// writes #box= back.
(function () {
'use strict';
const { createGbr, GBRError, WASM_BASE64 } = GBRSite;
const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
};
// A classic script of the site loaded on first need (fetch() and modules
// are refused from file://).
const loadScript = (src) =>
  new Promise((resolve, reject) => {
    const s = el('script', { src });
    s.addEventListener('load', resolve);
    s.addEventListener('error', () => reject(new Error(`${src} did not load`)));
    document.body.append(s);
  });
const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const bytes = fromBase64(WASM_BASE64);
// The replayer's module (gbr_replay.wasm) is in replay.js, loaded when a
// line of moves is first played on the board.
const gbr = createGbr(bytes, () => loadScript('replay.js').then(() => fromBase64(GBRSite.REPLAY_WASM_BASE64)));
$('status').textContent = `libgbr ${gbr.version} (${gbr.codecName} codec) running in WebAssembly, ${Math.round(bytes.length / 1024)} KB`;

const errorLine = (e) => {
  if (e instanceof GBRError) return `error ${e.errorClass} ${e.column}`;
  throw e;
};
const hexBytes = (hex) => Uint8Array.from(hex.match(/../g) || [], (h) => parseInt(h, 16));

// ---- checked examples
function queryAnswer(kind, lines) {
  const [pattern, subject] = lines;
  let q;
  try {
    q = gbr.query(pattern, { eitherColour: kind === 'query-either' });
  } catch (e) {
    if (e instanceof GBRError) return `error ${e.column}`;
    throw e;
  }
  const m = /^(fen|fen\+|fen=|code|study) (.*)$/.exec(subject || '');
  if (!m) return 'no subject line';
  const text = m[1] === 'fen+' ? gbr.positionForm(m[2], { result: 'win' })
    : m[1] === 'fen=' ? gbr.positionForm(m[2], { result: 'draw' }) : m[2];
  return q.matches(text) ? 'match' : 'no match';
}

// an example's input (the lines before its '.') and the spec's answer
function exampleParts(div) {
  const lines = div.querySelector('pre code').textContent.replace(/\n$/, '').split('\n');
  const dot = lines.lastIndexOf('.');
  return [lines.slice(0, dot).join('\n'), lines.slice(dot + 1).join('\n')];
}
function answer(kind, input) {
  try {
    return kind.startsWith('example-') ? gbr.protocolAnswer(kind.slice(8), input) : queryAnswer(kind, input.split('\n'));
  } catch (e) {
    return String(e);
  }
}
// libgbr's answer to the input, held to the spec's while the input is the example's
function showAnswer(div, input) {
  const [original, expected] = exampleParts(div);
  const got = answer(div.dataset.kind, input);
  const span = div.querySelector('.answer');
  if (input !== original) {
    span.textContent = `libgbr: ${got}`;
    span.className = 'answer';
    return true;
  }
  span.textContent = got === expected ? `libgbr: ${got}` : `libgbr: ${got} — the spec says ${expected}`;
  span.className = 'answer ' + (got === expected ? 'agree' : 'differ');
  return got === expected;
}
const runExample = (div) => showAnswer(div, exampleParts(div)[0]);
// "try": the example's answer, and its input in an editable box in place
function openExample(div) {
  const button = div.querySelector('button.try');
  let box = div.querySelector('textarea');
  if (!box) {
    const input = exampleParts(div)[0];
    box = el('textarea', { rows: String(input.split('\n').length), spellcheck: 'false', 'aria-label': `input of ${div.id}` });
    box.value = input;
    box.addEventListener('input', () => showAnswer(div, box.value));
    button.after(box);
    button.setAttribute('aria-expanded', 'true');
  }
  showAnswer(div, box.value);
  box.focus();
}
for (const div of document.querySelectorAll('.example'))
  div.querySelector('button.try').addEventListener('click', () => openExample(div));

// ---- expectation-table rows: their cells' vectors
// The cell vectors are most of the page's script and few readers run
// them: they are loaded on first use (a classic script, as from file://
// nothing else loads).
let cellsLoaded = null;
function loadCells() {
  if (!cellsLoaded)
    cellsLoaded = loadScript('cells.js');
  return cellsLoaded;
}
function runCells(button) {
  const cases = GBRSite.CELLS[button.dataset.row] || [];
  const wrong = [];
  for (const [id, op, hex, expected] of cases) {
    const got = gbr.protocolAnswer(op, hexBytes(hex));
    if (got !== expected) wrong.push(`${id}: ${got} (expected ${expected})`);
  }
  const span = button.parentElement.querySelector('.answer');
  span.textContent = `${cases.length - wrong.length}/${cases.length} agree` + (wrong.length ? ': ' + wrong.join('; ') : '');
  span.className = 'answer ' + (wrong.length ? 'differ' : 'agree');
  return [cases.length - wrong.length, cases.length];
}
for (const b of document.querySelectorAll('button.cells')) b.addEventListener('click', () => loadCells().then(() => runCells(b)));

async function runAll() {
  if (document.querySelector('button.cells')) await loadCells();
  const examples = [...document.querySelectorAll('.example')];
  const agree = examples.filter(runExample).length;
  let cellsAgree = 0;
  let cellsAll = 0;
  for (const b of document.querySelectorAll('button.cells')) {
    const [a, n] = runCells(b);
    cellsAgree += a;
    cellsAll += n;
  }
  const out = $('all-result');
  out.textContent = `${agree} of ${examples.length} examples agree; ${cellsAgree} of ${cellsAll} cell vectors agree`;
  out.className = agree === examples.length && cellsAgree === cellsAll ? 'agree' : 'differ';
  Object.assign(out.dataset, { examples: examples.length, agree, cells: cellsAll, cellsAgree });
}
$('run-all').addEventListener('click', runAll);

// ---- the box: any text
const SHOW = { material: 'material code', study: 'study code', position: 'position form', fen: 'FEN', name: 'material name' };
function row(table, name, value) {
  table.append(el('tr', {}, el('th', {}, name), el('td', {}, el('code', {}, value))));
}
function tryText(f) {
  try {
    return f();
  } catch (e) {
    return errorLine(e);
  }
}
// the FEN's every form; also the material name
function fenForms(table, fen) {
  row(table, 'material code', tryText(() => gbr.materialCode(fen)));
  row(table, 'material name', tryText(() => gbr.materialName(gbr.materialCode(fen))));
  for (const result of [undefined, 'win', 'draw']) {
    const label = result ? ` (${result})` : '';
    row(table, 'study code' + label, tryText(() => gbr.studyCode(fen, { result })));
    row(table, 'position form' + label, tryText(() => gbr.positionForm(fen, { result })));
  }
}
function describe(text) {
  const verdict = $('verdict');
  const table = $('forms');
  verdict.replaceChildren();
  table.replaceChildren();
  if (text === '') return;
  try {
    const r = gbr.recognise(text);
    verdict.append(el('span', { class: 'form', 'data-form': r.form }, `a ${SHOW[r.form]}; canonical: `),
      el('code', { class: 'canonical' }, r.canonical));
    if (r.form === 'fen') fenForms(table, r.canonical);
    if (r.form === 'position') {
      const fen = gbr.toFen(r.canonical);
      row(table, 'FEN', fen);
      row(table, 'material code', tryText(() => gbr.materialCode(fen)));
      row(table, 'material name', tryText(() => gbr.materialName(gbr.materialCode(fen))));
    }
    if (r.form === 'material') row(table, 'material name', tryText(() => gbr.materialName(r.canonical)));
    if (r.form === 'name') row(table, 'material code', gbr.nameToMaterial(r.canonical));
    if (r.form === 'fen' || r.form === 'position') showOnBoard(r.value);
    if (r.form === 'study') showOnBoard({ board: { [r.value.whiteKing]: 'K', [r.value.blackKing]: 'k' }, sideToMove: 'w' });
  } catch (e) {
    if (!(e instanceof GBRError)) throw e;
    // mark the byte at the error column (columns count UTF-8 bytes)
    const b = new TextEncoder().encode(text);
    const at = Math.max(0, e.column - 1);
    const dec = new TextDecoder();
    let end = at + 1;
    while (end < b.length && (b[end] & 0xc0) === 0x80) end++;
    const marked = at < b.length ? dec.decode(b.subarray(at, end)) : '(end)';
    verdict.append(el('span', { class: 'bad', 'data-class': e.errorClass, 'data-column': e.column },
      `${e.errorClass} at byte column ${e.column}: `),
    el('code', {}, dec.decode(b.subarray(0, at)), el('mark', {}, marked), dec.decode(b.subarray(end))));
  }
}
// the address follows what is typed, so a reader can pass it on
$('any').addEventListener('input', (ev) => {
  describe(ev.target.value);
  history.replaceState(null, '', ev.target.value === '' ? location.pathname : '#' + new URLSearchParams({ box: ev.target.value }));
});
addEventListener('hashchange', () => {
  const box = new URLSearchParams(location.hash.slice(1)).get('box');
  if (box !== null && box !== $('any').value) {
    $('any').value = box;
    describe(box);
  }
});

// ---- the board editor
const PALETTE = 'KQRBNPkqrbnp';
const GLYPH = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟', '': '' };
const KIND = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
const pieceName = (p) => (p ? `${p === p.toUpperCase() ? 'white' : 'black'} ${KIND[p.toLowerCase()]}` : 'empty');
const board = {};
let chosen = 'K';
const squares = {};
const FILES = 'abcdefgh';
// one square is in the tab order (a roving tabindex); the arrows move it
let current = 'a8';
function moveTo(sq) {
  squares[current].tabIndex = -1;
  current = sq;
  squares[sq].tabIndex = 0;
  squares[sq].focus();
}
function put(sq, piece) {
  if (piece) board[sq] = piece;
  else delete board[sq];
  forgetLine();
  drawBoard();
}
for (let rank = 8; rank >= 1; rank--) {
  const r = el('div', { role: 'row' });
  for (const file of FILES) {
    const sq = file + rank;
    const d = el('div', { role: 'gridcell', 'data-square': sq, tabindex: sq === current ? '0' : '-1',
      class: (FILES.indexOf(file) + rank) % 2 ? 'dark' : 'light', title: sq });
    d.addEventListener('click', () => {
      put(sq, chosen === '' || board[sq] === chosen ? '' : chosen);
      if (current !== sq) moveTo(sq);
    });
    squares[sq] = d;
    r.append(d);
  }
  $('board').append(r);
}
const STEP = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };
$('board').addEventListener('keydown', (e) => {
  const sq = e.target.dataset.square;
  if (!sq || e.ctrlKey || e.metaKey || e.altKey) return;
  const file = FILES.indexOf(sq[0]);
  const rank = Number(sq[1]);
  if (STEP[e.key]) {
    const [df, dr] = STEP[e.key];
    if (file + df >= 0 && file + df < 8 && rank + dr >= 1 && rank + dr <= 8) moveTo(FILES[file + df] + (rank + dr));
  } else if (e.key === 'Enter' || e.key === ' ') squares[sq].click();
  else if (e.key === 'Delete' || e.key === 'Backspace') put(sq, '');
  else if (e.key.length === 1 && PALETTE.includes(e.key)) {
    choose(e.key);
    put(sq, e.key);
  } else return;
  e.preventDefault();
});
// the palette is a radio group: one tab stop, the arrows choose
function choose(p) {
  chosen = p;
  for (const o of $('palette').children) {
    const on = o.dataset.piece === p;
    o.classList.toggle('chosen', on);
    o.setAttribute('aria-checked', String(on));
    o.tabIndex = on ? 0 : -1;
  }
  $('chosen').textContent = p ? `Chosen: ${pieceName(p)}` : 'Chosen: empty the square';
}
for (const p of [...PALETTE, '']) {
  const name = p ? pieceName(p) : 'empty the square';
  const b = el('button', { 'data-piece': p, title: name, 'aria-label': name, role: 'radio', 'aria-checked': 'false' },
    p ? GLYPH[p] : '×');
  b.addEventListener('click', () => choose(p));
  $('palette').append(b);
}
$('palette').addEventListener('keydown', (e) => {
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
  if (!step) return;
  const all = [...$('palette').children];
  const next = all[(all.findIndex((o) => o.dataset.piece === chosen) + step + all.length) % all.length];
  choose(next.dataset.piece);
  next.focus();
  e.preventDefault();
});
choose('K');
const side = () => document.querySelector('input[name=side]:checked').value;
function placement() {
  const ranks = [];
  for (let rank = 8; rank >= 1; rank--) {
    let s = '';
    let empty = 0;
    for (const file of 'abcdefgh') {
      const p = board[file + rank];
      if (!p) empty++;
      else {
        if (empty) s += empty;
        empty = 0;
        s += p;
      }
    }
    ranks.push(empty ? s + empty : s);
  }
  return ranks.join('/');
}
// what to do when the board has not one king a side (the library's
// fen-kings), instead of four rows of that error
function kingsHint() {
  const n = (k) => Object.values(board).filter((p) => p === k).length;
  const [white, black] = [n('K'), n('k')];
  if (white === 0 && black === 0) return 'Place both kings (K and k) to see the codes.';
  if (white !== 1 && black !== 1) return 'One king a side: place one white king (K) and one black king (k).';
  if (white === 0) return 'Place the white king (K) to see the codes.';
  if (black === 0) return 'Place the black king (k) to see the codes.';
  return `Take off ${white > 1 ? 'a white king' : 'a black king'}: one king a side.`;
}
function drawBoard() {
  for (const [sq, d] of Object.entries(squares)) {
    d.textContent = GLYPH[board[sq] || ''];
    d.dataset.piece = board[sq] || '';
    d.setAttribute('aria-label', `${sq} ${pieceName(board[sq] || '')}`);
  }
  const fen = `${placement()} ${side()} - - 0 1`;
  const result = $('stipulation').value || undefined;
  const t = $('codes');
  t.replaceChildren();
  const kings = tryText(() => gbr.materialCode(fen));
  if (kings.startsWith('error fen-kings ')) {
    t.append(el('tr', {}, el('td', { class: 'hint', colspan: '2' }, kingsHint())));
    row(t, 'FEN', fen);
    return;
  }
  row(t, 'material code', tryText(() => gbr.materialCode(fen)));
  row(t, 'study code', tryText(() => gbr.studyCode(fen, { result })));
  row(t, 'position form', tryText(() => gbr.positionForm(fen, { result })));
  row(t, 'material name', tryText(() => gbr.materialName(gbr.materialCode(fen))));
  row(t, 'FEN', fen);
}
function showOnBoard(position) {
  for (const sq of Object.keys(board)) delete board[sq];
  Object.assign(board, position.board);
  document.querySelector(`input[name=side][value=${position.sideToMove}]`).checked = true;
  const ind = position.indicator;
  $('stipulation').value = ind === 'win' || ind === 'black-win' ? 'win' : ind === 'draw' || ind === 'black-draw' ? 'draw' : '';
  drawBoard();
}
for (const i of document.querySelectorAll('input[name=side]')) i.addEventListener('change', drawBoard);
$('stipulation').addEventListener('change', drawBoard);
$('clear').addEventListener('click', () => {
  forgetLine();
  showOnBoard({ board: {}, sideToMove: 'w' });
});
$('start').addEventListener('click', () => {
  forgetLine();
  showOnBoard(gbr.parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1'));
});
showOnBoard({ board: {}, sideToMove: 'w' });

// ---- a line of moves played from the board's position (libgbr's
// replayer): the board steps through its positions. The position the line
// starts from is the board's when the moves were first typed; an edit of
// the board starts again from the board.
let line = null; // {from, positions, at}
function forgetLine() {
  line = null;
}
// the board's FEN, a castling right to each king and rook on their first squares
function boardFen() {
  const has = (sq, p) => board[sq] === p;
  const rights = (has('e1', 'K') && has('h1', 'R') ? 'K' : '') + (has('e1', 'K') && has('a1', 'R') ? 'Q' : '') +
    (has('e8', 'k') && has('h8', 'r') ? 'k' : '') + (has('e8', 'k') && has('a8', 'r') ? 'q' : '');
  return `${placement()} ${side()} ${rights || '-'} - 0 1`;
}
// The positions come in the order the moves are written, variations in
// place: the one before position i on its line is the last one before it a
// ply earlier and no deeper; the one after it, the first later one whose
// position before is i (the main continuation where a variation branches).
function before(i) {
  const p = line.positions[i];
  for (let j = i - 1; j >= 0; j--) {
    const q = line.positions[j];
    if (q.ply === p.ply - 1 && q.depth <= p.depth) return j;
  }
  return -1;
}
function after(i) {
  for (let j = i + 1; j < line.positions.length; j++) if (before(j) === i) return j;
  return -1;
}
function showStep(at) {
  line.at = at;
  const p = line.positions[at];
  const [placed, toMove] = p.fen.split(' ');
  const squaresOf = {};
  placed.split('/').forEach((rank, i) => {
    let file = 0;
    for (const c of rank) {
      if (c >= '1' && c <= '8') file += Number(c);
      else squaresOf[FILES[file++] + (8 - i)] = c;
    }
  });
  showOnBoard({ board: squaresOf, sideToMove: toMove, indicator: $('stipulation').value });
  $('move-at').textContent = (at === 0 ? 'the start' : `ply ${p.ply}: ${p.san}${p.mainLine ? '' : ' (variation)'}`) +
    (line.error ? `; ${line.error}` : '');
  $('back').disabled = at === 0;
  $('forward').disabled = after(at) < 0;
}
// Each edit of the moves plays them again; an answer is shown only if no
// later edit was played meanwhile (the first waits for replay.js).
let playing = 0;
async function playMoves() {
  const from = line ? line.from : boardFen();
  const played = ++playing;
  let positions, error = '';
  try {
    positions = await gbr.replayLine($('moves').value, { fen: from });
  } catch (e) {
    if (!(e instanceof GBRError)) {
      if (played === playing) $('move-at').textContent = `the replayer could not be loaded: ${e.message}`;
      return;
    }
    positions = e.positions || [];
    error = e.errorClass === 'no-start' ? `this position cannot be played from: ${e.message}`
      : `${e.message.replace(/^refused-move at byte column \d+: game 1: /, '')} (column ${e.column})`;
  }
  if (played !== playing) return;
  if (positions.length === 0) {
    $('move-at').textContent = error;
    return;
  }
  line = { from, positions, at: 0, error };
  // the last position of the main line
  let last = 0;
  positions.forEach((p, i) => { if (p.mainLine) last = i; });
  showStep(last);
}
$('moves').addEventListener('input', playMoves);
$('back').addEventListener('click', () => line && before(line.at) >= 0 && showStep(before(line.at)));
$('forward').addEventListener('click', () => line && after(line.at) >= 0 && showStep(after(line.at)));
$('moves').addEventListener('keydown', (e) => {
  if (e.key === 'ArrowUp') $('back').click();
  else if (e.key === 'ArrowDown') $('forward').click();
  else return;
  e.preventDefault();
});

// ---- the fragment: #box=TEXT&clicks=PIECE@SQUARE,...,side:b,stip:win&run-all
// Clicks are dispatched to the palette's buttons and the board's squares
// as a reader's clicks are (the same handlers run).
const fragment = new URLSearchParams(location.hash.slice(1));
if (fragment.has('clicks'))
  for (const step of fragment.get('clicks').split(',')) {
    const [what, where] = step.split(/[@:]/);
    if (what === 'side') document.querySelector(`input[name=side][value=${where}]`).click();
    else if (what === 'stip') {
      $('stipulation').value = where === 'none' ? '' : where;
      $('stipulation').dispatchEvent(new Event('change'));
    } else {
      document.querySelector(`#palette button[data-piece="${what === 'x' ? '' : what}"]`).click();
      squares[where].click();
    }
  }
if (fragment.has('box')) {
  $('any').value = fragment.get('box');
  $('any').dispatchEvent(new Event('input'));
}
if (fragment.has('run-all')) runAll();

// A table or code block wider than its column scrolls in its own box; it
// takes a tab stop then, so that a keyboard can scroll it too.
function markScrollers() {
  for (const e of document.querySelectorAll('main table, main pre')) {
    if (e.scrollWidth > e.clientWidth) e.tabIndex = 0;
    else e.removeAttribute('tabindex');
  }
}
markScrollers();
addEventListener('resize', markScrollers);

// ---- query.html: a query run against the texts a reader types
if ($('query-box')) {
  const runQuery = () => {
    const out = $('query-result');
    out.replaceChildren();
    let q;
    try {
      q = gbr.query($('query').value, { eitherColour: $('query-either').checked });
    } catch (e) {
      out.append(el('li', { class: 'differ' }, `the query: ${errorLine(e)}`));
      return;
    }
    for (const text of $('query-texts').value.split('\n')) {
      if (text.trim() === '') continue;
      let verdict;
      try {
        verdict = q.matches(text) ? 'match' : 'no match';
      } catch (e) {
        verdict = errorLine(e);
      }
      out.append(el('li', { 'data-verdict': verdict }, el('code', {}, text), ` — ${verdict}`));
    }
  };
  for (const id of ['query', 'query-either', 'query-texts']) $(id).addEventListener('input', runQuery);
  runQuery();
}
})();
