// The package as a web application's bundler takes it (CTest js_bundlers):
// a consumer of 'gbr' bundled by esbuild and by webpack 5 (the package's
// devDependencies), each bundle loaded from a server on the loopback in
// headless Chromium, which fetches gbr.wasm as the bundle finds it and
// answers; the answers must be the native library's (`gbr conform --answer`).
// Each page first asks init() for an address that does not exist, whose
// error must name it.
//
//   node test/bundlers.mjs PACKAGE_DIR GBR_BINARY WORK_DIR
//
// Exits 77 (skipped, saying why) without the npm packages (npm ci in
// bindings/js) or without chromium.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [pkg, gbrBinary, workArg] = process.argv.slice(2).map((p) => resolve(p));
const source = dirname(dirname(fileURLToPath(import.meta.url)));
const skip = (why) => {
  console.log(`js_bundlers: skipped: ${why}`);
  process.exit(77);
};
if (!existsSync(join(pkg, 'gbr.wasm'))) skip(`${pkg}/gbr.wasm was not built`);
const fromSource = createRequire(join(source, 'package.json'));
let esbuild, webpack;
try {
  esbuild = fromSource('esbuild');
  webpack = fromSource('webpack');
} catch {
  skip('esbuild or webpack is not installed (npm ci in bindings/js)');
}
const chromium = (process.env.PATH ?? '').split(':').flatMap((d) => [join(d, 'chromium'), join(d, 'chromium-browser')])
  .find((p) => p.startsWith('/') && existsSync(p));
if (!chromium) skip('chromium is not installed (Debian: apt-get install -y chromium)');

const failures = [];
const expect = (what, got, want) => {
  if (JSON.stringify(got) !== JSON.stringify(want))
    failures.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
};

// The consumer: a folder whose node_modules/gbr is the package.
const work = workArg;
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'src'), { recursive: true });
mkdirSync(join(work, 'node_modules'));
symlinkSync(pkg, join(work, 'node_modules', 'gbr'), 'dir');

const FENS = [
  '1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1',
  '8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1',
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  '4k3/8/8/8/\u00e9/8/8/4K2R w - - 0 1',
  '8/8/8/8/8/8/8/8 w - - 0 1',
];
const LINE = '1. e4 e5 2. Nf3 (2. Qh5 Nc6) Nc6';
const TEXT = '\u00c9tude \u2116 1: +0400.10e1e8, then e1e8 0400.00 a1b8 2/2=.';
// What the page computes, and through which conformance operation the
// native library answers the same.
writeFileSync(join(work, 'src', 'checks.js'), `
import { init, materialCode, positionForm, validate, scan, replayLine, GBRError } from 'gbr';
const FENS = ${JSON.stringify(FENS)};
const TEXT = ${JSON.stringify(TEXT)};
const LINE = ${JSON.stringify(LINE)};
const answer = (f) => { try { return f(); } catch (e) { return e instanceof GBRError ? 'error ' + e.errorClass + ' ' + e.column : 'thrown ' + e; } };
export async function run(source, replayer) {
  const out = {};
  try { await init('/no-such-folder/gbr.wasm'); out.missing = 'no error'; } catch (e) { out.missing = e.message; }
  try {
    const api = await init(source, replayer);
    out.version = api.version;
    out.material = FENS.map((f) => answer(() => materialCode(f)));
    out.positionWin = FENS.map((f) => answer(() => positionForm(f, { result: 'win' })));
    out.validate = FENS.map((f) => validate('materialCode', f));
    out.scan = scan(TEXT).map((m) => [m.canonical, TEXT.slice(m.start, m.end)]);
    out.replayFetchedBefore = performance.getEntriesByType('resource').some((r) => r.name.endsWith('.wasm') && r.name.includes('replay'));
    const line = await replayLine(LINE);
    out.replay = line.map((p) => [p.san, p.fen]);
    out.refused = await replayLine('1. e4 e5 2. Ke3').then(() => 'played', (e) => e instanceof GBRError ? e.errorClass + ' ' + e.column + ' ' + e.positions.length : 'thrown ' + e);
  } catch (e) {
    out.error = String(e && e.stack || e);
  }
  const pre = document.createElement('pre');
  pre.id = 'result';
  pre.textContent = JSON.stringify(out);
  document.body.append(pre);
}
`);
// webpack follows browser.js's new URL('./gbr.wasm', import.meta.url);
// esbuild does not, and is given the address its file loader makes.
writeFileSync(join(work, 'src', 'webpack.js'), "import { run } from './checks.js';\nrun();\n");
writeFileSync(join(work, 'src', 'esbuild.js'),
  "import { run } from './checks.js';\nimport wasm from 'gbr/gbr.wasm';\nimport replayer from 'gbr/gbr_replay.wasm';\n" +
  "run(new URL(wasm, import.meta.url), new URL(replayer, import.meta.url));\n");

const page = (script, type) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>gbr bundle</title></head>` +
  `<body><script${type ? ` type="${type}"` : ''} src="${script}"></script></body></html>`;

async function bundleEsbuild() {
  const dir = join(work, 'dist-esbuild');
  await esbuild.build({
    entryPoints: [join(work, 'src', 'esbuild.js')], bundle: true, format: 'esm', platform: 'browser',
    outdir: dir, loader: { '.wasm': 'file' }, absWorkingDir: work, logLevel: 'silent', minify: true,
  });
  writeFileSync(join(dir, 'index.html'), page('esbuild.js', 'module'));
  return dir;
}

function bundleWebpack() {
  const dir = join(work, 'dist-webpack');
  return new Promise((done, fail) => {
    webpack({
      mode: 'production', target: 'web', context: work, entry: './src/webpack.js',
      output: { path: dir, filename: 'main.js' }, resolve: { modules: [join(work, 'node_modules')] },
      performance: { hints: false },
    }, (err, stats) => {
      if (err || stats.hasErrors()) fail(new Error(err?.message ?? stats.toString('errors-only')));
      else {
        writeFileSync(join(dir, 'index.html'), page('main.js'));
        done(dir);
      }
    });
  });
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.wasm': 'application/wasm' };
function serve() {
  const server = createServer((req, res) => {
    const path = normalize(join(work, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    if (!path.startsWith(work + '/') || !existsSync(path) || !extname(path)) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><p>not found</p>');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path));
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

// Headless Chromium driven over the DevTools protocol on a pipe
// (--remote-debugging-pipe: commands to its fd 3, answers from its fd 4, each
// a JSON text ended by a NUL byte). The page is polled until it has written
// its result: its wasm modules are fetched and compiled as it runs (the
// replayer's on first use), which on a loaded machine takes real time that
// no fixed delay or virtual-time budget bounds. Gives { result } (the
// result's text) or { problem }.
const PAGE_TIMEOUT = 180000;
function pageResult(url, profile) {
  const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync', '--remote-debugging-pipe', `--user-data-dir=${profile}`, 'about:blank'];
  const child = spawn(chromium, flags, { stdio: ['ignore', 'ignore', 'pipe', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err = (err + d).slice(-4000); });
  const exited = new Promise((done) => child.on('close', (code, signal) => done(signal ?? code)));
  const waiting = new Map();
  let nextId = 0;
  let buffer = Buffer.alloc(0);
  let gone = null;
  const failAll = (why) => {
    gone = why;
    for (const { fail } of waiting.values()) fail(new Error(why));
    waiting.clear();
  };
  exited.then((status) => failAll(`chromium exited (${status})`));
  child.stdio[3].on('error', () => {});
  child.stdio[4].on('data', (d) => {
    buffer = Buffer.concat([buffer, d]);
    for (let end; (end = buffer.indexOf(0)) >= 0; buffer = buffer.subarray(end + 1)) {
      const message = JSON.parse(buffer.subarray(0, end).toString('utf8'));
      const w = waiting.get(message.id);
      if (!w) continue; // an event
      waiting.delete(message.id);
      if (message.error) w.fail(new Error(`${w.method}: ${message.error.message}`));
      else w.done(message.result);
    }
  });
  const call = (method, params = {}, sessionId) => new Promise((done, fail) => {
    if (gone) return fail(new Error(gone));
    const id = ++nextId;
    waiting.set(id, { done, fail, method });
    child.stdio[3].write(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }) + '\0');
  });
  const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
  const run = async () => {
    const { targetId } = await call('Target.createTarget', { url });
    const { sessionId } = await call('Target.attachToTarget', { targetId, flatten: true }, undefined);
    // Only this page's document counts; the result appears once, when the page is done.
    const probe = `location.href === ${JSON.stringify(url)} ? ` +
      `{ result: document.getElementById('result')?.textContent ?? null, body: document.body?.innerHTML ?? '' } : null`;
    const start = Date.now();
    let last = null;
    for (;;) {
      const { result } = await call('Runtime.evaluate', { expression: probe, returnByValue: true }, sessionId);
      last = result.value ?? last;
      if (last?.result != null) return { result: last.result };
      if (Date.now() - start > PAGE_TIMEOUT)
        return { problem: `no result after ${PAGE_TIMEOUT / 1000} s; the page holds: ${(last?.body ?? '').slice(-400)}` };
      await sleep(100);
    }
  };
  return run()
    .catch((e) => ({ problem: `${e.message}; chromium said: ${err.slice(-400)}` }))
    .finally(async () => {
      if (!gone) call('Browser.close').catch(() => {});
      const killer = setTimeout(() => child.kill('SIGKILL'), 20000);
      await exited;
      clearTimeout(killer);
    });
}

const native = (operation, text) =>
  spawnSync(gbrBinary, ['conform', '--answer', operation], { input: text, encoding: 'utf8' }).stdout.trim();
const want = {
  material: FENS.map((f) => native('fen-material', f)),
  positionWin: FENS.map((f) => native('fen-position-win', f)),
};
want.validate = want.material.map((a) => {
  const e = /^error (\S+) (\d+)$/.exec(a);
  return e ? { ok: false, errorClass: e[1], column: Number(e[2]) } : { ok: true, errorClass: null, column: 0 };
});
// The line's positions (the FENs of the moves, worked out by hand; the
// en-passant square after every double step, as docs/chess.md says), and the
// refusal of a king's move two squares away: its column and the positions
// before it.
want.replay = [
  ['', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
  ['e4', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'],
  ['e5', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'],
  ['Nf3', 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2'],
  ['Qh5', 'rnbqkbnr/pppp1ppp/8/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2'],
  ['Nc6', 'r1bqkbnr/pppp1ppp/2n5/4p2Q/4P3/8/PPPP1PPP/RNB1KBNR w KQkq - 2 3'],
  ['Nc6', 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3'],
];
want.refused = 'refused-move 13 3';
want.scan = [['+0400.10e1e8', '+0400.10e1e8'], ['e1e8 0400.00 a1b8 2/2=.', 'e1e8 0400.00 a1b8 2/2=.']];
expect('native answers differ (the inputs hold valid and invalid FENs)', new Set(want.material).size, FENS.length);

const server = await serve();
const base = `http://127.0.0.1:${server.address().port}`;
try {
  for (const [name, make] of [['esbuild', bundleEsbuild], ['webpack', bundleWebpack]]) {
    let dir;
    try {
      dir = await make();
    } catch (e) {
      failures.push(`${name}: the bundle failed: ${e.message}`);
      continue;
    }
    const bundle = readFileSync(join(dir, name === 'esbuild' ? 'esbuild.js' : 'main.js'), 'utf8');
    expect(`${name}: the bundle names no Node built-in`, /node:(fs|path|module)/.test(bundle), false);
    const r = await pageResult(`${base}/${name === 'esbuild' ? 'dist-esbuild' : 'dist-webpack'}/index.html`,
      join(work, `profile-${name}`));
    if (r.problem) {
      failures.push(`${name}: the page wrote no result: ${r.problem}`);
      continue;
    }
    const got = JSON.parse(r.result);
    expect(`${name}: no error`, got.error, undefined);
    expect(`${name}: a missing module names its address`,
      /could not|HTTP 404/.test(got.missing) && got.missing.includes(`${base}/no-such-folder/gbr.wasm`), true);
    for (const key of ['material', 'positionWin', 'validate', 'scan', 'replay', 'refused'])
      expect(`${name}: ${key}`, got[key], want[key]);
    expect(`${name}: gbr_replay.wasm is fetched only when replayLine is first called`, got.replayFetchedBefore, false);
    console.log(`${name}: ${bundle.length} bytes of JavaScript, libgbr ${got.version}; ${FENS.length} FENs answered ` +
      `as the native library; missing module: ${got.missing}`);
  }
} finally {
  server.close();
}
if (failures.length) {
  for (const f of failures) console.log(`FAIL ${f}`);
  console.log(`js_bundlers: ${failures.length} failed`);
  process.exit(1);
}
console.log('js_bundlers: esbuild and webpack bundles answered in chromium as the native library');
