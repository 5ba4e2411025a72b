// Properties checked with fast-check (a dev dependency: `npm ci` in
// bindings/js installs it from the committed package-lock.json): for texts
// made from the vectors' inputs by random edits, and for random texts of
// the forms' bytes, the package (its API over the optimised codec) answers
// as the native reference codec (`gbr conform --impl ref --answer OP`, one
// process a text). fast-check shrinks a failing text to a small one and
// prints its seed. Skipped without fast-check or without GBR_BINARY.
// GBR_JS_SOURCE is the package's source folder (where node_modules is);
// GBR_PROP_SEED and GBR_FC_RUNS change the seed and the runs a property.
import { test } from 'node:test';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import gbr from '../index.js';
import { viaApi } from './via_api.js';

const binary = process.env.GBR_BINARY;
const source = process.env.GBR_JS_SOURCE ?? new URL('..', import.meta.url).pathname;
const dir = process.env.GBR_VECTORS_DIR ?? new URL('../../../spec/vectors/json/', import.meta.url).pathname;
const seed = Number(process.env.GBR_PROP_SEED ?? 20261128);
const numRuns = Number(process.env.GBR_FC_RUNS ?? 400);

let fc = null;
try {
  const where = createRequire(source + '/package.json').resolve('fast-check');
  const mod = await import(pathToFileURL(where));
  fc = mod.default ?? mod;
} catch {
  fc = null;
}
const skip = !fc ? 'fast-check is not installed (npm ci in bindings/js)' : !binary ? 'GBR_BINARY is not set' : false;

const native = (operation, bytes) => {
  const run = spawnSync(binary, ['conform', '--impl', 'ref', '--answer', operation], { input: bytes, encoding: 'latin1' });
  if (run.status !== 0 && run.status !== 1) throw new Error(`gbr conform --answer ${operation}: exit ${run.status}: ${run.stderr}`);
  return run.stdout.replace(/\n$/, '');
};
const mine = (operation, bytes) => Buffer.from(viaApi(gbr, operation, bytes), 'utf8').toString('latin1');

const FORM_BYTES = [...'0123456789.abcdefgh/ +=-{}()[]|KQRBNPkqrbnpvWTMBw'].map((c) => c.charCodeAt(0));

test('fast-check: edited vector inputs, the package against the native reference', { skip }, () => {
  const vectors = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
    .flatMap((f) => JSON.parse(readFileSync(dir + '/' + f, 'utf8')).tests);
  const edit = fc.record({
    kind: fc.constantFrom('replace', 'insert', 'delete'),
    at: fc.nat(),
    byte: fc.oneof(fc.constantFrom(...FORM_BYTES), fc.integer({ min: 0, max: 255 })),
  });
  fc.assert(
    fc.property(fc.constantFrom(...vectors), fc.array(edit, { maxLength: 4 }), (v, edits) => {
      const b = [...Buffer.from(v.inputHex, 'hex')];
      for (const e of edits) {
        const at = b.length ? e.at % (b.length + (e.kind === 'insert' ? 1 : 0)) : 0;
        if (e.kind === 'insert') b.splice(at, 0, e.byte);
        else if (b.length && e.kind === 'replace') b[at] = e.byte;
        else if (b.length) b.splice(at, 1);
      }
      const bytes = Uint8Array.from(b);
      const want = native(v.operation, bytes);
      const got = mine(v.operation, bytes);
      if (got !== want) throw new Error(`${v.operation} ${JSON.stringify(Buffer.from(bytes).toString('latin1'))}: package ${got}, native ${want}`);
    }),
    { seed, numRuns },
  );
});

test('fast-check: random texts of the forms\' bytes through check, the package against the native reference', { skip }, () => {
  fc.assert(
    fc.property(fc.array(fc.constantFrom(...FORM_BYTES), { maxLength: 40 }), (b) => {
      const bytes = Uint8Array.from(b);
      const want = native('check', bytes);
      const got = mine('check', bytes);
      if (got !== want) throw new Error(`check ${JSON.stringify(Buffer.from(bytes).toString('latin1'))}: package ${got}, native ${want}`);
    }),
    { seed, numRuns },
  );
});
