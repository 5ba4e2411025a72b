// The package's API as a JavaScript user meets it: values, frozen objects,
// GBRError with its class and byte column, UTF-8 at the boundary, options,
// scan, query, the codecs and the arena.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import gbr, {
  GBRError, createGbr, createReplayer, materialCode, studyCode, positionForm, toFen, parseMaterial, parseStudy, parsePosition, parseFen,
  parseName, recognise, detectForm, scan, query, protocolAnswer, answer, materialName, nameToMaterial,
  materialCanonical, studyCanonical, positionCanonical, validate,
} from '../index.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const ROOKS = '1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1';

test('FEN to every form, with the result option', () => {
  assert.equal(materialCode(START), '4888.88');
  assert.equal(studyCode(ROOKS), '0400.00e1e8');
  assert.equal(studyCode(ROOKS, { result: 'win' }), '+0400.00e1e8');
  assert.equal(positionForm(ROOKS, { result: 'draw' }), 'e1e8 0400.00 a1b8 2/2=.');
  assert.equal(positionForm(ROOKS), 'e1e8 0400.00 a1b8 2/2 WTM.');
  assert.equal(toFen('e1e8 0400.00 a1b8 2/2=.'), ROOKS);
  assert.equal(materialName('0400.00'), 'KRvKR');
  assert.equal(nameToMaterial('KRvKR'), '0400.00');
  assert.throws(() => studyCode(ROOKS, { result: 'lose' }), RangeError);
});

test('parsers give plain frozen objects', () => {
  const m = parseMaterial('0130.12');
  assert.deepEqual(m, { digits: [0, 1, 3, 0], pawns: [1, 2] });
  assert.ok(Object.isFrozen(m) && Object.isFrozen(m.digits));
  assert.throws(() => { m.digits[0] = 9; }, TypeError);
  assert.deepEqual(parseStudy('+0400.10e1e8'), {
    material: { digits: [0, 4, 0, 0], pawns: [1, 0] }, stipulation: 'win', whiteKing: 'e1', blackKing: 'e8',
  });
  const p = parsePosition('a7d3 0116.00 b2b3c6d6 3/3-+.');
  assert.deepEqual(p, { board: { a7: 'K', c6: 'n', d6: 'n', b3: 'B', d3: 'k', b2: 'R' }, indicator: 'black-win', sideToMove: 'b' });
  assert.ok(Object.isFrozen(p.board));
  assert.deepEqual(parseFen(ROOKS), { board: { b8: 'r', e8: 'k', a1: 'R', e1: 'K' }, indicator: 'wtm', sideToMove: 'w' });
  assert.deepEqual(parseName('KRPvKR'), { white: { Q: 0, R: 1, B: 0, N: 0, P: 1 }, black: { Q: 0, R: 1, B: 0, N: 0, P: 0 } });
});

test('GBRError carries the class and the byte column', () => {
  const e = assert.throws(() => parsePosition('a7d3 0116.00 b2b3c6 3/3+.'), (err) => {
    assert.ok(err instanceof GBRError && err instanceof Error);
    assert.equal(err.name, 'GBRError');
    assert.equal(err.errorClass, 'square-count');
    assert.equal(err.column, 20);
    assert.match(err.message, /square-count at byte column 20/);
    return true;
  });
  assert.equal(e, undefined);
  assert.throws(() => materialCode(''), { errorClass: 'empty', column: 1 });
  assert.throws(() => recognise('xyz'), { errorClass: 'unknown-form', column: 1 });
  // a file letter first reads as a position form
  assert.throws(() => recognise('hello'), { errorClass: 'expected-square', column: 2 });
});

test('error columns are bytes of the UTF-8 text', () => {
  // 'é' is two bytes, 0xc3 0xa9: the column is its first byte's
  assert.throws(() => parseMaterial('0130.0é'), { errorClass: 'expected-digit', column: 7 });
  assert.throws(() => parseMaterial('0130.00é'), { errorClass: 'trailing', column: 8 });
  assert.equal(protocolAnswer('material', '0130.00é'), 'error trailing 8');
  // a Uint8Array is its bytes: the same answers as the string
  assert.equal(materialCode(new TextEncoder().encode(START)), '4888.88');
  assert.throws(() => parseMaterial(Uint8Array.of(0x30, 0x31, 0x33, 0x30, 0x2e, 0x30, 0x30, 0xff)),
    { errorClass: 'trailing', column: 8 });
  assert.throws(() => parseMaterial(42), TypeError);
});

test('scan offsets index the text as given: UTF-16 units of a string, bytes of bytes', () => {
  // 'é' is one UTF-16 unit and two bytes
  assert.deepEqual(scan('é 0130.00'), [{ form: 'material', canonical: '0130.00', start: 2, end: 9 }]);
  assert.deepEqual(scan(new TextEncoder().encode('é 0130.00')), [{ form: 'material', canonical: '0130.00', start: 3, end: 10 }]);
  // a surrogate pair (two units, four bytes), a three-byte character, a lone
  // surrogate (one unit; TextEncoder writes U+FFFD, three bytes), Greek
  const text = 'Étude 😀 №1: +0400.10e1e8 — \ud800 then e1e8 0400.00 a1b8 2/2=. and ΚΡ 0130.00 end';
  const found = scan(text);
  assert.deepEqual(found.map((m) => text.slice(m.start, m.end)),
    ['+0400.10e1e8', 'e1e8 0400.00 a1b8 2/2=.', '0130.00']);
  assert.deepEqual(found.map((m) => m.start), [text.indexOf('+0400'), text.indexOf('e1e8 0400'), text.indexOf('0130')]);
  const bytes = new TextEncoder().encode(text);
  const inBytes = scan(bytes);
  assert.deepEqual(inBytes.map((m) => new TextDecoder().decode(bytes.subarray(m.start, m.end))),
    ['+0400.10e1e8', 'e1e8 0400.00 a1b8 2/2=.', '0130.00']);
  assert.ok(inBytes[0].start > found[0].start);
  // ASCII text: the two counts agree
  assert.deepEqual(scan('see +0400.10e1e8'), scan(new TextEncoder().encode('see +0400.10e1e8')));
});

test('validate answers as the function would, without throwing', () => {
  const fens = [START, ROOKS, 'x', '', '8/8/8/8/8/8/8/8 w - - 0 1', '1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1 é', ROOKS.repeat(30)];
  const kinds = {
    materialCode, studyCode, positionForm, parseFen, recognise,
    toFen, positionCanonical, parsePosition, materialCanonical, parseMaterial, studyCanonical, parseStudy,
    nameToMaterial, parseName, materialName,
  };
  const texts = [...fens, 'e1e8 0400.00 a1b8 2/2=.', 'a7d3 0116.00 b2b3c6 3/3+.', '0130.0x', '0130', '+0400.10e1e8',
    'KRPvKR', 'KRvKé', new TextEncoder().encode('0130.00é')];
  let valid = 0;
  let invalid = 0;
  for (const [kind, f] of Object.entries(kinds)) {
    for (const t of texts) {
      const v = validate(kind, t);
      assert.ok(Object.isFrozen(v));
      try {
        f(t);
        assert.deepEqual(v, { ok: true, errorClass: null, column: 0 }, `${kind}(${t})`);
        valid++;
      } catch (e) {
        assert.ok(e instanceof GBRError, `${kind}(${t}): ${e}`);
        assert.deepEqual(v, { ok: false, errorClass: e.errorClass, column: e.column }, `${kind}(${t})`);
        invalid++;
      }
    }
  }
  assert.ok(valid > 20 && invalid > 60, `${valid} valid, ${invalid} invalid`);
  assert.throws(() => validate('scan', ROOKS), RangeError);
  assert.throws(() => validate('toString', ROOKS), RangeError);
  assert.throws(() => validate('materialCode', 42), TypeError);
  // the arena is released, also for a text beyond the scratch area
  const mark = gbr.exports.gbrjs_mark();
  validate('materialCode', ROOKS.repeat(100));
  assert.equal(gbr.exports.gbrjs_mark(), mark);
});

test('recognise and detectForm read every form', () => {
  assert.equal(detectForm('KRvK'), 'name');
  assert.equal(detectForm('0400.00'), 'material');
  assert.equal(detectForm('xyz'), 'unknown');
  const r = recognise('KRPvKR');
  assert.equal(r.form, 'name');
  assert.equal(recognise(ROOKS).form, 'fen');
  assert.equal(recognise(ROOKS).canonical, ROOKS);
  assert.deepEqual(recognise('=0400.00e1e8'), {
    form: 'study', canonical: '=0400.00e1e8',
    value: { material: { digits: [0, 4, 0, 0], pawns: [0, 0] }, stipulation: 'draw', whiteKing: 'e1', blackKing: 'e8' },
  });
});

test('scan finds each embedded code with its byte span', () => {
  const found = scan('Study +0400.10e1e8; material 0130.00 and e1e8 0400.00 a1b8 2/2=. done');
  assert.deepEqual(found.map((m) => [m.form, m.canonical]), [
    ['study', '+0400.10e1e8'], ['material', '0130.00'], ['position', 'e1e8 0400.00 a1b8 2/2=.'],
  ]);
  assert.equal(found[0].start, 6);
  assert.equal(found[0].end, 18);
  assert.deepEqual(scan('no codes here'), []);
  assert.ok(Object.isFrozen(found) && Object.isFrozen(found[0]));
});

test('query matches codes, positions and FEN as gbr select reads them', () => {
  const q = query('04??.*');
  assert.equal(q.matches('0400.10'), true);
  assert.equal(q.pattern, '04??.*');
  assert.equal(query(new TextEncoder().encode('04??.*')).pattern, '04??.*');
  assert.equal(q.matches('0130.00'), false);
  assert.equal(q.matches(ROOKS), true);
  assert.equal(query('KR*vK').matches('4k3/8/8/8/8/8/8/4K2R b'), true);
  assert.equal(query('KvKR').matches('4k3/8/8/8/8/8/8/4K2R b'), false);
  assert.equal(query('KvKR', { eitherColour: true }).matches('4k3/8/8/8/8/8/8/4K2R b'), true);
  assert.equal(query('+0400.00e1??').matches('+0400.00e1e8'), true);
  assert.equal(query('+0400.00e1??').matches('=0400.00e1e8'), false);
  // a position form's indicator is its stipulation
  assert.equal(query('+0400.00e1??').matches('e1e8 0400.00 a1b8 2/2+.'), true);
  assert.equal(query('+0400.00e1??').matches('e1e8 0400.00 a1b8 2/2=.'), false);
  assert.throws(() => query('04?'), (e) => e instanceof GBRError && e.errorClass === 'unknown-form' && e.column > 0);
  assert.throws(() => q.matches('KRvK'), { errorClass: 'unknown-form' });
});

test('both codecs, and the conformance answer', () => {
  assert.equal(gbr.codecName, 'fast');
  const ref = gbr.codec('ref');
  assert.equal(ref.codecName, 'ref');
  assert.equal(ref.positionForm(START), positionForm(START));
  assert.throws(() => gbr.codec('slow'), RangeError);
  assert.equal(protocolAnswer('material-order', '0400.00|0130.00'), '>');
  assert.equal(protocolAnswer('check', '0130.00'), 'material 0130.00');
  assert.throws(() => protocolAnswer('no-such-operation', ''), RangeError);
  assert.equal(ref.protocolAnswer('material', '0130'), '0130.00');
  assert.match(gbr.version, /^\d+\.\d+\.\d+$/);
});

test('the canonical texts, in the C names\' word order', () => {
  assert.equal(materialCanonical('0130'), '0130.00');
  assert.equal(studyCanonical('[+0020.42c1a1]'), '+0020.42c1a1');
  assert.equal(positionCanonical('e1e8 0400.00 a1b8 2/2=.'), 'e1e8 0400.00 a1b8 2/2=.');
  assert.throws(() => materialCanonical('0130.0x'), { errorClass: 'expected-digit', column: 7 });
});

test('answer, the old name of protocolAnswer, is the same function until a later release removes it', () => {
  assert.equal(answer, protocolAnswer);
  assert.equal(gbr.answer, gbr.protocolAnswer);
  const ref = gbr.codec('ref');
  assert.equal(ref.answer, ref.protocolAnswer);
  assert.equal(ref.answer('material-order', '0400.00|0130.00'), '>');
  assert.equal(answer('check', '0130.00'), 'material 0130.00');
});

test('the arena is released after every call, also after an error', () => {
  const x = gbr.exports;
  const mark = x.gbrjs_mark();
  for (let i = 0; i < 1000; i++) {
    positionForm(START);
    assert.throws(() => positionForm('x'));
  }
  assert.equal(x.gbrjs_mark(), mark);
  // a text larger than the memory so far grows it, and is answered
  const big = '0130.00 '.repeat(200000);
  assert.equal(scan(big).length, 200000);
  assert.equal(x.gbrjs_mark(), mark);
});

test('replayLine: the positions of a line of moves, from a FEN or the start', async () => {
  const { replayLine } = await import('../index.js');
  const line = await replayLine('1. Rh3+ Kb4 (1... Ka4 2. Kb2) 2. Rh4+', { fen: '8/8/8/8/8/k7/8/K6R w - - 0 1' });
  assert.deepEqual(line.map((p) => [p.ply, p.san, p.mainLine, p.depth]),
    [[0, '', true, 0], [1, 'Rh3+', true, 0], [2, 'Kb4', true, 0], [2, 'Ka4', false, 1], [3, 'Kb2', false, 1],
      [3, 'Rh4+', true, 0]]);
  assert.equal(line[5].fen, '8/8/8/8/1k5R/8/8/K7 b - - 3 2');
  assert.equal(line[3].written, 'Ka4');
  assert.deepEqual([line[1].line, line[1].column], [1, 4]);
  assert.ok(Object.isFrozen(line[1]));
  assert.deepEqual((await replayLine(new TextEncoder().encode('e2e4 e7e5 g1f3'))).map((p) => p.san),
    ['', 'e4', 'e5', 'Nf3']);
  assert.equal((await replayLine(''))[0].fen, START);
  const refused = await replayLine('1. e4 e5 2. Ke3').then(() => null, (e) => e);
  assert.ok(refused instanceof GBRError);
  assert.equal(refused.errorClass, 'refused-move');
  assert.deepEqual([refused.line, refused.column], [1, 13]);
  assert.match(refused.message, /2\. Ke3: /);
  assert.deepEqual(refused.positions.map((p) => p.san), ['', 'e4', 'e5']);
  await assert.rejects(replayLine('e4', { fen: '8/8/8/8/8/8/8/8 w - - 0 1' }),
    (e) => e instanceof GBRError && e.errorClass === 'no-start');
});

test('replayLine runs in its own module, gbr_replay.wasm, loaded on its first call', async () => {
  const dir = dirname(fileURLToPath(import.meta.url));
  const codecs = readFileSync(join(dir, '..', 'gbr.wasm'));
  const replayerBytes = readFileSync(join(dir, '..', 'gbr_replay.wasm'));
  // Neither module imports anything; the codecs' module holds no replayer.
  for (const bytes of [codecs, replayerBytes])
    assert.deepEqual(WebAssembly.Module.imports(new WebAssembly.Module(bytes)), []);
  const names = (bytes) => WebAssembly.Module.exports(new WebAssembly.Module(bytes)).map((e) => e.name);
  assert.ok(!names(codecs).includes('gbrjs_replay_line'));
  assert.ok(names(replayerBytes).includes('gbrjs_replay_line'));
  // Loaded once, when replayLine is first called, and not before.
  let loads = 0;
  const api = createGbr(codecs, () => {
    loads++;
    return replayerBytes;
  });
  assert.equal(loads, 0);
  const [a, b] = await Promise.all([api.replayLine('1. e4'), api.codec('ref').replayLine('1. d4')]);
  assert.deepEqual([a[1].san, b[1].san, loads], ['e4', 'd4', 1]);
  // A failed load rejects, naming what it read, and the next call tries again.
  let bad = true;
  const retried = createGbr(codecs, () => (bad ? new Uint8Array([1, 2, 3, 4]) : replayerBytes));
  await assert.rejects(retried.replayLine('e4'), /not a WebAssembly module/);
  bad = false;
  assert.equal((await retried.replayLine('e4'))[1].san, 'e4');
  // Without a source, replayLine rejects and says which module it needs.
  await assert.rejects(createGbr(codecs).replayLine('e4'), /gbr_replay\.wasm/);
  // The replayer alone: synchronous, and many calls leave its arena as it
  // was (the replayer's memory is the call's).
  const replayer = createReplayer(replayerBytes);
  const mark = replayer.exports.gbrjs_mark();
  for (let i = 0; i < 200; i++) replayer.replayLine('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 (3... Nf6 4. O-O) 4. Ba4');
  assert.equal(replayer.exports.gbrjs_mark(), mark);
  assert.equal(replayer.replayLine('1. e4 e5 2. Nf3')[3].san, 'Nf3');
  assert.throws(() => replayer.replayLine('1. e4 e5 2. Ke3'), (e) => e instanceof GBRError && e.errorClass === 'refused-move');
  assert.throws(() => createReplayer(codecs), /struct layout/);
});
