// A property test in the manner of the project's own (props/, src/gen/
// gen.c's mutations): texts made from the vectors' inputs by replacing,
// inserting and deleting bytes and by splicing two inputs, each answered by
// the package (its API over the optimised codec, and the reference codec
// through answer(), the old name of protocolAnswer) and by the native reference codec (`gbr conform --impl
// ref --answer batch`, numbered form, one run for all of them). Every
// answer must agree. (bindings/js/test/fast_check.test.js does the same
// with fast-check's generators and shrinking, when it is installed.)
// GBR_BINARY names the gbr command (CTest sets it); GBR_PROP_SEED and
// GBR_PROP_COUNT change the seed and the number of texts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import gbr from '../index.js';
import { viaApi } from './via_api.js';

const dir = process.env.GBR_VECTORS_DIR ?? new URL('../../../spec/vectors/json/', import.meta.url).pathname;
const binary = process.env.GBR_BINARY;
const seed = Number(process.env.GBR_PROP_SEED ?? 20261128) >>> 0 || 1;
const count = Number(process.env.GBR_PROP_COUNT ?? 6000);

// xorshift32: the same texts for the same seed
let state = seed;
const next = () => {
  state ^= state << 13; state >>>= 0;
  state ^= state >>> 17;
  state ^= state << 5; state >>>= 0;
  return state;
};
const below = (n) => next() % n;

// bytes the forms are made of, and a few that no form holds
const ALPHABET = Buffer.from('0123456789.abcdefgh12345678/ +=-{}()[]|KQRBNPkqrbnpvWTMBw\t\\', 'latin1');
const ODD = [0x00, 0x0a, 0x0d, 0x7f, 0x80, 0xc3, 0xa9, 0xe2, 0x80, 0x83, 0xff];

function mutate(bytes, other) {
  const b = Array.from(bytes);
  const steps = [0, 1, 1, 2, 3][below(5)]; // a fifth left as the vector has it
  for (let s = 0; s < steps; s++) {
    const kind = below(6);
    const at = below(b.length + 1);
    const byte = below(8) === 0 ? ODD[below(ODD.length)] : ALPHABET[below(ALPHABET.length)];
    if (kind <= 1 && at < b.length) b[at] = byte;            // replace
    else if (kind === 2) b.splice(at, 0, byte);               // insert
    else if (kind === 3 && at < b.length) b.splice(at, 1);    // delete
    else if (kind === 4 && at < b.length) b.splice(at, below(4) + 1); // delete a run
    else if (kind === 5) b.splice(at, b.length - at, ...other.slice(below(other.length + 1))); // splice a tail
  }
  return Uint8Array.from(b);
}

const escape = (bytes) =>
  Array.from(bytes, (c) => (c === 0x5c ? '\\\\' : c >= 0x20 && c <= 0x7e ? String.fromCharCode(c) : '\\x' + c.toString(16).padStart(2, '0'))).join('');

test('mutated texts: the package (both codecs) answers as the native library', { skip: binary ? false : 'GBR_BINARY is not set' }, () => {
  const vectors = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .flatMap((f) => JSON.parse(readFileSync(dir + '/' + f, 'utf8')).tests);
  const cases = [];
  for (let i = 0; i < count; i++) {
    const v = vectors[below(vectors.length)];
    const w = vectors[below(vectors.length)];
    const input = mutate(Buffer.from(v.inputHex, 'hex'), Array.from(Buffer.from(w.inputHex, 'hex')));
    cases.push({ operation: v.operation, input });
  }
  const requests = cases.map((c, i) => `${i + 1}\t${c.operation}\t${escape(c.input)}\n`).join('');
  const run = spawnSync(binary, ['conform', '--impl', 'ref', '--answer', 'batch'], { input: requests, encoding: 'latin1', maxBuffer: 64 << 20 });
  assert.equal(run.status, 0, `gbr conform --answer batch: ${run.stderr}`);
  const lines = run.stdout.split('\n');
  assert.equal(lines[0], 'gbr-batch 2');
  const ref = gbr.codec('ref');
  let errors = 0;
  cases.forEach((c, i) => {
    const [number, native] = lines[i + 1].split('\t');
    assert.equal(number, String(i + 1));
    const mine = escape(Buffer.from(viaApi(gbr, c.operation, c.input), 'utf8'));
    const where = `seed ${seed} case ${i + 1}: ${c.operation} "${escape(c.input)}"`;
    assert.equal(mine, native, `${where} (package API, fast)`);
    assert.equal(escape(Buffer.from(ref.answer(c.operation, c.input), 'utf8')), native, `${where} (answer(), ref)`);
    if (native.startsWith('error ')) errors++;
  });
  // the mutations reach both sides of the line: valid texts and each kind of error
  assert.ok(errors > count / 10 && errors < count - count / 20, `${errors} errors of ${count}`);
});
