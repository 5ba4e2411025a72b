// bench/bench_wasm.mjs - the WebAssembly side of bench/bench_wasm.sh:
//   node bench/bench_wasm.mjs PACKAGE_DIR FILE REPS CODEC
// Nanoseconds per call of materialCode and positionForm over the lines of
// FILE: the module's call alone (every line's bytes already in the module's
// memory, the export called as C would call it); the whole string API
// (UTF-8 encoding in, decoding out, the arena), an invalid line thrown as a
// GBRError and caught; the same mix with the invalid lines answered by
// validate() instead, which does not throw (which lines are invalid is
// known from the module's run, as a caller who validates first knows it);
// and validate() alone over every line. Prints "OPERATION MODULE_NS API_NS
// CHECKED_NS VALIDATE_NS CHECKSUM" a line, the checksum as bench_calls.c's
// (answer lengths and error classes of the module's run).
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [dir, file, repsText, codecName] = process.argv.slice(2);
const pkg = await import(pathToFileURL(dir + '/index.js'));
const gbr = pkg.default.codec(codecName);
const x = gbr.exports;
const reps = Number(repsText);
const bytes = readFileSync(file);
const lines = bytes.toString('latin1').split('\n').slice(0, -1);
const strings = bytes.toString('utf8').split('\n').slice(0, -1);

const median = (a) => a.sort((p, q) => p - q)[a.length >> 1];
const codec = x.gbr_codec_by_name((() => {
  const p = x.gbrjs_alloc(8);
  new Uint8Array(x.memory.buffer).set(Buffer.from(codecName + '\0'), p);
  return p;
})());

// every line in the module's memory, once
const text = x.gbrjs_alloc(bytes.length);
new Uint8Array(x.memory.buffer).set(bytes, text);
const starts = [];
for (let i = 0, s = 0; i < bytes.length; i++) if (bytes[i] === 10) { starts.push(s, i - s); s = i + 1; }
const out = x.gbrjs_alloc(128);
const res = x.gbrjs_alloc(12);

for (const [name, call, api] of [
  ['materialCode', (s, l) => x.gbr_fen_to_material(res, codec, out, 128, text + s, l), (t) => gbr.materialCode(t)],
  ['positionForm', (s, l) => x.gbr_fen_to_position(res, codec, out, 128, text + s, l, 0), (t) => gbr.positionForm(t)],
]) {
  const mod = [];
  const whole = [];
  const checked = [];
  const alone = [];
  let sum = 0;
  const view = new Uint32Array(x.memory.buffer, res, 3);
  const invalid = new Uint8Array(strings.length);
  for (let k = 0; k < starts.length; k += 2) {
    call(starts[k], starts[k + 1]);
    invalid[k >> 1] = view[0] !== 0 ? 1 : 0;
  }
  const time = (loop) => {
    const t = process.hrtime.bigint();
    const sink = loop();
    const ns = Number(process.hrtime.bigint() - t) / lines.length;
    if (sink < 0) console.log(sink);
    return ns;
  };
  for (let r = 0; r < reps; r++) {
    let s = 0;
    mod.push(time(() => {
      for (let k = 0; k < starts.length; k += 2) {
        call(starts[k], starts[k + 1]);
        s += view[2] + view[0];
      }
      return s;
    }));
    sum = s;
    whole.push(time(() => {
      let sink = 0;
      for (const line of strings) {
        try {
          sink += api(line).length;
        } catch (e) {
          sink += e.column;
        }
      }
      return sink;
    }));
    checked.push(time(() => {
      let sink = 0;
      for (let i = 0; i < strings.length; i++)
        sink += invalid[i] ? gbr.validate(name, strings[i]).column : api(strings[i]).length;
      return sink;
    }));
    alone.push(time(() => {
      let sink = 0;
      for (const line of strings) sink += gbr.validate(name, line).column;
      return sink;
    }));
  }
  console.log(`${name} ${median(mod).toFixed(2)} ${median(whole).toFixed(2)} ${median(checked).toFixed(2)} ` +
    `${median(alone).toFixed(2)} ${sum}`);
}
