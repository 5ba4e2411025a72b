// index.js - the gbr package: libgbr's codecs in WebAssembly.
//
//   import { materialCode, positionForm, GBRError } from 'gbr';
//
// The module (gbr.wasm, beside this file) is loaded once, when the package
// is imported: read from the file in Node, fetched in a browser. The API is
// api.js's, over the default (optimised) codec; gbr.codec('ref') gives the
// reference codec's. The names are docs/library.md's table "Names across
// the three languages" (CTest api_names holds them to it).
import { createGbr, GBRError } from './api.js';

const url = new URL('./gbr.wasm', import.meta.url);
const bytes =
  url.protocol === 'file:'
    ? await (await import('node:fs/promises')).readFile(url)
    : new Uint8Array(await (await fetch(url)).arrayBuffer());

const gbr = createGbr(bytes);
export default gbr;
export { GBRError, createGbr };
export const {
  codecName,
  codec,
  version,
  materialCode,
  studyCode,
  positionForm,
  toFen,
  nameToMaterial,
  materialName,
  materialCanonical,
  studyCanonical,
  positionCanonical,
  parseMaterial,
  parseStudy,
  parsePosition,
  parseFen,
  parseName,
  recognise,
  detectForm,
  scan,
  query,
  protocolAnswer,
  answer, // deprecated: the old name of protocolAnswer, the same function
} = gbr;
