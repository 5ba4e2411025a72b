// page.js - the spec site's script (site/site.py puts it in site.js after the
// package's api.js, WASM_BASE64 and CELLS). It runs libgbr's WebAssembly
// module in the page: the "try" control of every checked example, the cell
// vectors of every expectation-table row, the box that recognises any
// text, and the board editor. The address's fragment can drive the page
// (#box=TEXT, #clicks=..., #run-all), which the browser test uses.

const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
const gbr = createGbr(bytes);
const $ = (id) => document.getElementById(id);
const el = (tag, attrs, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  for (const c of children) e.append(c);
  return e;
};
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

function runExample(div) {
  const lines = div.querySelector('code').textContent.replace(/\n$/, '').split('\n');
  const dot = lines.lastIndexOf('.');
  const expected = lines.slice(dot + 1).join('\n');
  const kind = div.dataset.kind;
  let got;
  try {
    got = kind.startsWith('example-') ? gbr.protocolAnswer(kind.slice(8), lines.slice(0, dot).join('\n'))
      : queryAnswer(kind, lines.slice(0, dot));
  } catch (e) {
    got = String(e);
  }
  const span = div.querySelector('.answer');
  span.textContent = got === expected ? `libgbr: ${got}` : `libgbr: ${got} — the spec says ${expected}`;
  span.className = 'answer ' + (got === expected ? 'agree' : 'differ');
  return got === expected;
}
for (const div of document.querySelectorAll('.example'))
  div.querySelector('button.try').addEventListener('click', () => runExample(div));

// ---- expectation-table rows: their cells' vectors
function runCells(button) {
  const cases = CELLS[button.dataset.row] || [];
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
for (const b of document.querySelectorAll('button.cells')) b.addEventListener('click', () => runCells(b));

function runAll() {
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
$('any').addEventListener('input', (ev) => describe(ev.target.value));

// ---- the board editor
const PALETTE = 'KQRBNPkqrbnp';
const GLYPH = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙', k: '♚', q: '♛', r: '♜', b: '♝', n: '♞', p: '♟', '': '' };
const board = {};
let chosen = 'K';
const squares = {};
for (let rank = 8; rank >= 1; rank--)
  for (const file of 'abcdefgh') {
    const sq = file + rank;
    const d = el('div', { 'data-square': sq, class: ('abcdefgh'.indexOf(file) + rank) % 2 ? 'dark' : 'light', title: sq });
    d.addEventListener('click', () => {
      if (chosen === '' || board[sq] === chosen) delete board[sq];
      else board[sq] = chosen;
      drawBoard();
    });
    squares[sq] = d;
    $('board').append(d);
  }
for (const p of [...PALETTE, '']) {
  const b = el('button', { 'data-piece': p, title: p ? p : 'empty the square' }, p ? GLYPH[p] : '×');
  b.addEventListener('click', () => {
    chosen = p;
    for (const o of $('palette').children) o.classList.toggle('chosen', o === b);
  });
  $('palette').append(b);
}
$('palette').children[0].classList.add('chosen');
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
function drawBoard() {
  for (const [sq, d] of Object.entries(squares)) {
    d.textContent = GLYPH[board[sq] || ''];
    d.dataset.piece = board[sq] || '';
  }
  const fen = `${placement()} ${side()} - - 0 1`;
  const result = $('stipulation').value || undefined;
  const t = $('codes');
  t.replaceChildren();
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
$('clear').addEventListener('click', () => showOnBoard({ board: {}, sideToMove: 'w' }));
$('start').addEventListener('click', () => showOnBoard(gbr.parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1')));
showOnBoard({ board: {}, sideToMove: 'w' });

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
