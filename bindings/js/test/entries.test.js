// The package's entries as a user's code reaches them by name: require()
// and import in Node (one module instance and one GBRError class either
// way), gbr/api and gbr/gbr.wasm through "exports", and browser.js's init()
// (the entry bundlers take) with what it is given: the bytes, a response, a
// failed fetch, something that is not a module. Each consumer runs in its own
// node process from a folder whose node_modules/gbr is this package.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
const work = mkdtempSync(join(tmpdir(), 'gbr-entries-'));
mkdirSync(join(work, 'node_modules'));
symlinkSync(pkg, join(work, 'node_modules', 'gbr'), 'dir');
process.on('exit', () => rmSync(work, { recursive: true, force: true }));

const ROOKS = '1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1';

// Runs a consumer file in a fresh node; gives its stdout's JSON.
function consumer(name, source) {
  writeFileSync(join(work, name), source);
  const r = spawnSync(process.execPath, [join(work, name)], { cwd: work, encoding: 'utf8' });
  assert.equal(r.status, 0, `${name} failed:\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

test("require('gbr') in CommonJS gives the API at once", () => {
  const got = consumer('require.cjs', `
    const gbr = require('gbr');
    const { materialCode, positionForm, GBRError, init, validate } = gbr;
    let thrown;
    try { positionForm('x'); } catch (e) { thrown = [e instanceof GBRError, e.errorClass, e.column]; }
    init().then((api) => console.log(JSON.stringify({
      material: materialCode(${JSON.stringify(ROOKS)}),
      position: positionForm(${JSON.stringify(ROOKS)}, { result: 'draw' }),
      thrown,
      validate: validate('materialCode', '8/8/8/8/8/8/8/8 w - - 0 1'),
      initIsDefault: api === gbr.default,
      api: typeof require('gbr/api').createGbr,
      apiError: require('gbr/api').GBRError === GBRError,
      wasm: require.resolve('gbr/gbr.wasm'),
    })));
  `);
  assert.equal(got.material, '0400.00');
  assert.equal(got.position, 'e1e8 0400.00 a1b8 2/2=.');
  assert.deepEqual(got.thrown, [true, 'fen-piece', 1]);
  assert.deepEqual(got.validate, { ok: false, errorClass: 'fen-kings', column: 1 });
  assert.equal(got.initIsDefault, true);
  assert.equal(got.api, 'function');
  assert.equal(got.apiError, true);
  assert.equal(got.wasm, join(pkg, 'gbr.wasm'));
});

test('import and require give the same objects', () => {
  const got = consumer('import.mjs', `
    import gbr, { materialCode, GBRError, init, codecName } from 'gbr';
    import { GBRError as ApiError, createGbr } from 'gbr/api';
    import { createRequire } from 'node:module';
    const required = createRequire(import.meta.url)('gbr');
    console.log(JSON.stringify({
      material: materialCode(${JSON.stringify(ROOKS)}),
      codecName,
      sameDefault: required.default === gbr,
      sameFunction: required.materialCode === materialCode,
      sameError: required.GBRError === GBRError && ApiError === GBRError,
      createGbr: typeof createGbr,
      init: (await init()) === gbr,
      // import.meta.resolve is Node 20's; Node 18 resolves through require
      wasm: import.meta.resolve?.('gbr/gbr.wasm') ?? 'file://' + createRequire(import.meta.url).resolve('gbr/gbr.wasm'),
    }));
  `);
  assert.deepEqual(got, {
    material: '0400.00', codecName: 'fast', sameDefault: true, sameFunction: true, sameError: true,
    createGbr: 'function', init: true, wasm: 'file://' + join(pkg, 'gbr.wasm'),
  });
});

test('"exports" names the entries, gbr.wasm among them', () => {
  const exports = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).exports;
  assert.equal(exports['./gbr.wasm'], './gbr.wasm');
  assert.equal(exports['.'].browser.default, './browser.js');
  assert.equal(exports['.'].node.import.default, './index.js');
  assert.equal(exports['.'].node.require.default, './index.cjs');
});

test('browser.js: init() loads what it is given, and says which address failed', () => {
  const got = consumer('browser.mjs', `
    import { readFileSync } from 'node:fs';
    import * as entry from ${JSON.stringify(join(pkg, 'browser.js'))};
    import { init, materialCode } from ${JSON.stringify(join(pkg, 'browser.js'))};
    const out = {};
    try { materialCode('x'); } catch (e) { out.before = e.message; }
    try { entry.default.materialCode('x'); } catch (e) { out.beforeDefault = e.message; }
    try { out.beforeVersion = entry.default.version; } catch (e) { out.beforeVersion = e.message; }
    // nothing listens on port 9 of the loopback: the fetch fails
    await init('http://127.0.0.1:9/assets/gbr.wasm').catch((e) => { out.unreachable = e.message; });
    const page = new Response('<!doctype html><title>Not found</title>', { status: 200 });
    await init(page).catch((e) => { out.notModule = e.message; });
    await init(new Response('', { status: 404 })).catch((e) => { out.notFound = e.message; });
    await init(Uint8Array.of(0, 0x61, 0x73, 0x6d, 9, 9)).catch((e) => { out.broken = e.message; });
    const api = await init(readFileSync(${JSON.stringify(join(pkg, 'gbr.wasm'))}));
    // an imported name is a live binding: the API's own function now
    out.after = materialCode(${JSON.stringify(ROOKS)});
    out.same = materialCode === api.materialCode;
    out.defaultIsApi = entry.default === api && entry.version === api.version;
    out.again = (await init('http://127.0.0.1:9/other.wasm')) === api;
    console.log(JSON.stringify(out));
  `);
  assert.match(got.before, /await init\(\) first/);
  assert.match(got.beforeDefault, /await init\(\) first/);
  assert.match(got.beforeVersion, /await init\(\) first/);
  assert.match(got.unreachable, /could not fetch the module from http:\/\/127\.0\.0\.1:9\/assets\/gbr\.wasm/);
  assert.match(got.notModule, /: not a WebAssembly module \(39 bytes beginning "<!doctype html><"\)/);
  assert.match(got.notFound, /answered HTTP 404/);
  assert.match(got.broken, /^gbr: the bytes given: not a valid WebAssembly module: /);
  assert.equal(got.after, '0400.00');
  assert.equal(got.same, true);
  assert.equal(got.defaultIsApi, true);
  assert.equal(got.again, true);
});
