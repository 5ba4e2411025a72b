// The package as npm publishes it (CTest js_pack): `npm pack` of the built
// package, and what the tarball holds: exactly the package's files, the
// licence, package.json's entries each present, sideEffects, every link of
// the README absolute or to a file inside the tarball, and the unpacked
// package answering through require() and import.
//
//   node test/pack.mjs PACKAGE_DIR WORK_DIR
//
// Exits 77 (skipped) without npm or the built module.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [pkg, work] = process.argv.slice(2).map((p) => resolve(p));
if (!existsSync(join(pkg, 'gbr.wasm'))) {
  console.log(`js_pack: skipped: ${pkg}/gbr.wasm was not built`);
  process.exit(77);
}
if (spawnSync('npm', ['--version']).status !== 0) {
  console.log('js_pack: skipped: no npm');
  process.exit(77);
}
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'unpacked'), { recursive: true });

const failures = [];
const expect = (what, got, want) => {
  if (JSON.stringify(got) !== JSON.stringify(want))
    failures.push(`${what}: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
};

const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', work], { cwd: pkg, encoding: 'utf8' });
if (packed.status !== 0) {
  console.log(`FAIL npm pack: ${packed.stderr}`);
  process.exit(1);
}
const [info] = JSON.parse(packed.stdout);
const files = info.files.map((f) => f.path).sort();
expect('the files packed', files, ['LICENSE', 'README.md', 'api.cjs', 'api.d.cts', 'api.d.ts', 'api.js', 'browser.js', 'gbr.wasm', 'gbr_replay.wasm',
  'index.cjs', 'index.d.cts', 'index.d.ts', 'index.js', 'package.json']);
const untar = spawnSync('tar', ['-xzf', join(work, info.filename), '-C', join(work, 'unpacked')], { encoding: 'utf8' });
expect('tar -x', untar.status, 0);
const root = join(work, 'unpacked', 'package');

const json = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
expect('license', json.license, 'MIT');
const license = existsSync(join(root, 'LICENSE')) ? readFileSync(join(root, 'LICENSE'), 'utf8') : '';
expect('the LICENSE file is the MIT licence', /^MIT License\n/.test(license), true);
expect('sideEffects', json.sideEffects, false);
// every file package.json points at is in the tarball
const targets = [];
const walk = (v) => (typeof v === 'string' ? targets.push(v) : v && Object.values(v).forEach(walk));
walk(json.exports);
targets.push(json.main, json.browser, json.types);
for (const t of targets) expect(`package.json names ${t}, in the tarball`, typeof t === 'string' && existsSync(join(root, t)), true);
expect('gbr.wasm is exported', json.exports['./gbr.wasm'], './gbr.wasm');
expect('gbr_replay.wasm is exported', json.exports['./gbr_replay.wasm'], './gbr_replay.wasm');

// README: [text](target) and <https://...> links
const readme = readFileSync(join(root, 'README.md'), 'utf8').replace(/```[\s\S]*?```/g, '');
const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g), ...readme.matchAll(/<([a-z]+:[^>\s]+)>/g)].map((m) => m[1]);
for (const link of links) {
  if (/^https?:\/\//.test(link)) continue;
  const path = link.split('#')[0];
  expect(`README link ${link} resolves inside the tarball`, path !== '' && existsSync(join(root, path)), true);
}
expect('README has links to check', links.length > 0, true);

// the unpacked package works as installed
const ROOKS = '1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1';
const cjs = spawnSync(process.execPath, ['-e', `console.log(require(${JSON.stringify(root)}).materialCode('${ROOKS}'))`],
  { encoding: 'utf8' });
expect('require() of the unpacked package', cjs.stdout.trim() || cjs.stderr, '0400.00');
const esm = spawnSync(process.execPath, ['--input-type=module', '-e',
  `const m = await import(${JSON.stringify(pathToFileURL(join(root, 'index.js')).href)}); console.log(m.materialCode('${ROOKS}'))`],
{ encoding: 'utf8' });
expect('import of the unpacked package', esm.stdout.trim() || esm.stderr, '0400.00');
// replayLine loads the second module from the unpacked package
const replayed = spawnSync(process.execPath, ['--input-type=module', '-e',
  `const m = await import(${JSON.stringify(pathToFileURL(join(root, 'index.js')).href)}); ` +
  `console.log((await m.replayLine('1. e4 e5 2. Nf3')).map((p) => p.san).join('|'))`],
{ encoding: 'utf8' });
expect('replayLine of the unpacked package', replayed.stdout.trim() || replayed.stderr, '|e4|e5|Nf3');

for (const f of failures) console.log(`FAIL ${f}`);
if (failures.length) {
  console.log(`js_pack: ${failures.length} failed`);
  process.exit(1);
}
console.log(`js_pack: ${info.filename}, ${info.size} bytes (${info.unpackedSize} unpacked), ${files.length} files; ` +
  `${links.length} README links resolve; require() and import answer, replayLine plays`);
