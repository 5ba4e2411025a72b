// browser.js - the gbr package for bundlers (esbuild, webpack, ...)
// and browsers: no Node built-in, no top-level await. The module is fetched
// when init() is called, and the API works once its promise resolves:
//
//   import { init, materialCode } from 'gbr';
//   await init();                  // fetches gbr.wasm beside this file
//   materialCode('1r2k3/8/8/8/8/8/8/R3K3 w - - 0 1');   // '0400.00'
//
// gbr.wasm is found as new URL('./gbr.wasm', import.meta.url), which
// webpack 5 follows (it emits the file and rewrites the address);
// with esbuild, give init() the address its file loader makes of
// 'gbr/gbr.wasm', or the bytes its binary loader inlines (and the same of
// 'gbr/gbr_replay.wasm' as init's second argument, for replayLine). The exports are
// live bindings: before init() they throw, after it they are the API's own
// functions.
import { createGbr, createReplayer, loadModule, GBRError } from './api.js';

const notReady = () => {
  throw new Error('gbr: the WebAssembly module is not loaded yet: await init() first');
};
// The default export until init(): reading any member throws as the
// functions do ('then' and symbols excepted, so that it is no thenable and
// can be inspected).
const before = new Proxy(Object.freeze({}), {
  get: (_, key) => (key === 'then' || typeof key === 'symbol' ? undefined : notReady()),
});

let gbr = before;
let loading = null;
export let codecName, version;
export let codec = notReady, materialCode = notReady, studyCode = notReady, positionForm = notReady,
  toFen = notReady, nameToMaterial = notReady, materialName = notReady, materialCanonical = notReady,
  studyCanonical = notReady, positionCanonical = notReady, parseMaterial = notReady, parseStudy = notReady,
  parsePosition = notReady, parseFen = notReady, parseName = notReady, recognise = notReady,
  detectForm = notReady, validate = notReady, scan = notReady, query = notReady, protocolAnswer = notReady,
  replayLine = notReady, answer = notReady; // deprecated: the old name of protocolAnswer, the same function

/**
 * Loads the module once and resolves to the API (the default export from
 * then on). source: the module's URL (default: gbr.wasm beside this file),
 * a fetch Response or its promise, the bytes, or a WebAssembly.Module. A
 * failed load rejects with the address it tried and may be retried.
 * replayer: the same for gbr_replay.wasm, which replayLine's first call
 * loads (default: beside this file).
 */
export function init(source, replayer) {
  if (loading) return loading;
  loading = (async () => {
    const module = await loadModule(source ?? new URL('./gbr.wasm', import.meta.url));
    // Only an address until replayLine's first call fetches it.
    gbr = createGbr(module, replayer ?? new URL('./gbr_replay.wasm', import.meta.url));
    ({
      codecName, version, codec, materialCode, studyCode, positionForm, toFen, nameToMaterial, materialName,
      materialCanonical, studyCanonical, positionCanonical, parseMaterial, parseStudy, parsePosition, parseFen,
      parseName, recognise, detectForm, validate, scan, query, protocolAnswer, replayLine, answer,
    } = gbr);
    return gbr;
  })();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

export { gbr as default, GBRError, createGbr, createReplayer, loadModule };
