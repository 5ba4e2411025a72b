// The package's types as a TypeScript user's compiler reads them (CTest
// js_types): tsc --strict, lib ["es2022"] alone (no DOM, no Node types) and
// libraries checked (no skipLibCheck), on a consumer that uses the API,
// narrows recognise()'s value on its form and validate()'s answer on ok, and
// imports gbr/api; under the bundler and the node16 module resolutions, and
// from CommonJS (import = require) under node16. Then
// consumers that misuse a type, each of which must fail with its error.
//
//   node test/types.mjs PACKAGE_DIR WORK_DIR
//
// Exits 77 (skipped) without typescript (npm ci in bindings/js).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [pkg, work] = process.argv.slice(2).map((p) => resolve(p));
const source = dirname(dirname(fileURLToPath(import.meta.url)));
let tsc;
try {
  tsc = createRequire(join(source, 'package.json')).resolve('typescript/bin/tsc');
} catch {
  console.log('js_types: skipped: typescript is not installed (npm ci in bindings/js)');
  process.exit(77);
}
rmSync(work, { recursive: true, force: true });
mkdirSync(join(work, 'node_modules'), { recursive: true });
symlinkSync(pkg, join(work, 'node_modules', 'gbr'), 'dir');

const GOOD = `
import gbr, { init, materialCode, positionForm, recognise, validate, scan, query, replayLine, GBRError } from 'gbr';
import type { Recognised, Validation, ScanMatch, Gbr, ReplayPosition } from 'gbr';
import { createGbr, createReplayer, loadModule, GBRError as ApiError } from 'gbr/api';

export function describe(r: Recognised): string {
  switch (r.form) {
    case 'material': return r.value.digits.join('') + r.value.pawns.join('');
    case 'study': return r.value.whiteKing + r.value.stipulation;
    case 'position':
    case 'fen': return Object.keys(r.value.board).join(',') + r.value.sideToMove;
    case 'name': return String(r.value.white.Q + r.value.black.P);
  }
}
export function column(v: Validation): number {
  if (v.ok) {
    const none: null = v.errorClass;
    return none === null ? 0 : 1;
  }
  const name: string = v.errorClass;
  return v.column + name.length;
}
export async function main(bytes: Uint8Array): Promise<string> {
  const api: Gbr = await init();
  const other: Gbr = createGbr(await loadModule(bytes), () => bytes);
  const sync: readonly ReplayPosition[] = createReplayer(bytes).replayLine('e4');
  const spans: readonly ScanMatch[] = scan('see +0400.10e1e8');
  const ok: boolean = query('04??.*').matches('0400.10');
  const played: readonly ReplayPosition[] = await replayLine('1. e4 e5', { fen: null });
  try {
    positionForm('x', { result: 'win' });
  } catch (e) {
    if (e instanceof GBRError || e instanceof ApiError) return e.errorClass + e.column;
  }
  return [materialCode('8/8/8/8/8/8/8/K6k w - - 0 1'), describe(recognise('0130.00')), column(validate('materialCode', 'x')),
    spans.length, ok, sync.length, played[2].san + played[2].ply + String(played[2].mainLine), api === gbr, other.codecName, gbr.exports['memory'] !== undefined].join(' ');
}
`;
// The same from CommonJS (require's types, index.d.cts; node16 only).
const GOOD_CJS = `
import gbr = require('gbr');
import api = require('gbr/api');
const r = gbr.recognise('0130.00');
export const digits: readonly number[] | null = r.form === 'material' ? r.value.digits : null;
const v = gbr.validate('materialCode', 'x');
export const column: number = v.ok ? 0 : v.column;
export const same: boolean = gbr.default.materialCode === gbr.materialCode && api.GBRError === gbr.GBRError;
export const make: typeof api.createGbr = api.createGbr;
`;
// Each misuse, and the error tsc must report for it.
const BAD = {
  'value used without narrowing on form': ["import { recognise } from 'gbr';\nexport const d = recognise('0130.00').value.digits;\n", 'TS2339'],
  'the wrong form narrowed': ["import { recognise } from 'gbr';\nconst r = recognise('x');\nexport const d = r.form === 'name' ? r.value.digits : [];\n", 'TS2339'],
  'errorClass of a valid answer is null': ["import { validate } from 'gbr';\nconst v = validate('materialCode', 'x');\nexport const n: string = v.ok ? v.errorClass : '';\n", 'TS2322'],
  'validate of a kind it does not check': ["import { validate } from 'gbr';\nexport const v = validate('scan', 'x');\n", 'TS2345'],
  'gbr/api does not export the API functions': ["import { materialCode } from 'gbr/api';\nexport const m = materialCode('x');\n", 'TS2305|TS2724'],
  'a number is not a text': ["import { materialCode } from 'gbr';\nexport const m = materialCode(42);\n", 'TS2345'],
  "replayLine's positions used without awaiting them": ["import { replayLine } from 'gbr';\nexport const san = replayLine('e4')[1].san;\n", 'TS7053|TS2339'],
};

const failures = [];
// One tsc run over the files given (each misuse in a file of its own, so
// that each error is found in its file): its status and output.
function compile(dir, files, resolution) {
  mkdirSync(dir, { recursive: true });
  const names = Object.entries(files).map(([name, text]) => {
    const file = name + (name.endsWith('cjs') ? '.cts' : resolution === 'node16' ? '.mts' : '.ts');
    writeFileSync(join(dir, file), text);
    return file;
  });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, target: 'es2022', lib: ['es2022'], types: [], skipLibCheck: false,
      module: resolution === 'node16' ? 'node16' : 'esnext', moduleResolution: resolution, typeRoots: [],
    },
    files: names,
  }));
  const r = spawnSync(process.execPath, [tsc, '-p', join(dir, 'tsconfig.json')], { cwd: work, encoding: 'utf8' });
  return { status: r.status, out: r.stdout + r.stderr };
}

const badFiles = Object.fromEntries(Object.keys(BAD).map((name, i) => [`bad${i}`, BAD[name][0]]));
for (const resolution of ['bundler', 'node16']) {
  const r = compile(join(work, 'good-' + resolution),
    resolution === 'node16' ? { consumer: GOOD, consumer_cjs: GOOD_CJS } : { consumer: GOOD }, resolution);
  if (r.status !== 0) failures.push(`the consumer (${resolution}) does not compile:\n${r.out}`);
  const b = compile(join(work, 'bad-' + resolution), badFiles, resolution);
  if (b.out.includes('node_modules/gbr')) failures.push(`(${resolution}) an error in the package's own types:\n${b.out}`);
  Object.entries(BAD).forEach(([name, [, code]], i) => {
    const own = b.out.split('\n').filter((line) => new RegExp(`(^|/)bad${i}\\.m?ts\\(`).test(line)).join('\n');
    if (!new RegExp(code).test(own)) failures.push(`${name} (${resolution}): not the error ${code}, and must be:\n${own || '(none)'}`);
  });
}
for (const f of failures) console.log(`FAIL ${f}`);
if (failures.length) {
  console.log(`js_types: ${failures.length} failed`);
  process.exit(1);
}
console.log(`js_types: the consumer compiles under tsc --strict with lib es2022 (bundler and node16 resolution, and CommonJS); ` +
  `${Object.keys(BAD).length} misuses each fail with their error`);
