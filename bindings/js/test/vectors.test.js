// Every golden vector (spec/vectors/json/*.json) through the package's API,
// over both codecs: the answer equals the reference's. Each operation goes
// through the function a JavaScript user calls for it (the order
// operations, which the API has no function for, through protocolAnswer(), the
// conformance protocol), and through validate() where the operation reads
// one text; the input is given as its bytes (inputHex) and,
// when those are UTF-8, as a string as well.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import gbr from '../index.js';
import { viaApi } from './via_api.js';

const dir = process.env.GBR_VECTORS_DIR ?? new URL('../../../spec/vectors/json/', import.meta.url).pathname;
const files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();

const hexBytes = (hex) => Uint8Array.from(hex.match(/../g) ?? [], (h) => parseInt(h, 16));

// The function validate() names for each operation that reads one text.
const KINDS = {
  'fen-material': 'materialCode', 'fen-study': 'studyCode', 'fen-position': 'positionForm', material: 'materialCanonical',
  study: 'studyCanonical', position: 'positionCanonical', 'position-fen': 'toFen', 'name-material': 'nameToMaterial',
  'material-name': 'materialName', check: 'recognise',
};

let total = 0;
let validated = 0;
for (const file of files) {
  const doc = JSON.parse(readFileSync(dir + '/' + file, 'utf8'));
  test(`${file}: ${doc.tests.length} vectors through the package`, () => {
    assert.equal(doc.tests.length, doc.numberOfTests);
    for (const codec of ['fast', 'ref']) {
      const api = gbr.codec(codec);
      for (const v of doc.tests) {
        const bytes = hexBytes(v.inputHex);
        const inputs = [bytes];
        if (Buffer.from(v.input, 'utf8').equals(Buffer.from(bytes))) inputs.push(v.input);
        for (const input of inputs) {
          assert.equal(viaApi(api, v.operation, input), v.expected,
            `${codec} ${v.id} (${typeof input}): ${v.operation} ${JSON.stringify(v.input)}`);
          assert.equal(api.protocolAnswer(v.operation, input), v.expected, `${codec} ${v.id} through protocolAnswer()`);
          const kind = KINDS[v.operation.replace(/-(win|draw)$/, '')];
          if (kind) {
            const error = /^error (\S+) (\d+)$/.exec(v.expected);
            assert.deepEqual(api.validate(kind, input),
              error ? { ok: false, errorClass: error[1], column: Number(error[2]) } : { ok: true, errorClass: null, column: 0 },
              `${codec} ${v.id} through validate('${kind}')`);
            validated++;
          }
        }
      }
    }
    total += doc.tests.length;
  });
}

test('every vector file was read', () => {
  assert.deepEqual(files, ['extensions.json', 'material.json', 'position.json', 'study.json']);
  assert.ok(total > 3000, `${total} vectors`);
  assert.ok(validated > 2 * 2 * 2500, `${validated} vectors through validate()`);
});
