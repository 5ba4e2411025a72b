// index.cjs - the gbr package in Node: libgbr's codecs in WebAssembly.
//
//   const { materialCode, positionForm, GBRError } = require('gbr');
//   import { materialCode } from 'gbr';   // index.js, the same objects
//
// The module (gbr.wasm, beside this file) is read and instantiated when the
// package loads, synchronously, so require() works and nothing waits on a
// top-level await. import goes through index.js, which re-exports this
// file's objects: one module instance and one GBRError class, however the
// package was loaded. Bundlers and browsers take browser.js instead. The
// API is api.js's (built as api.cjs), over the default (optimised) codec;
// gbr.codec('ref') gives the reference codec's. The names are
// docs/library.md's table "Names across the three languages".
'use strict';
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { createGbr, createReplayer, GBRError, loadModule } = require('./api.cjs');

// gbr_replay.wasm, replayLine's module, is read on replayLine's first call.
const gbr = createGbr(readFileSync(join(__dirname, 'gbr.wasm')), () => readFileSync(join(__dirname, 'gbr_replay.wasm')));

/**
 * The API, once the module is loaded: in Node it was when the package
 * loaded, so this resolves at once (code shared with a browser can await
 * it everywhere). A source argument is for browser.js and is not read here.
 */
const init = async () => gbr;

module.exports = {
  default: gbr,
  GBRError,
  createGbr,
  createReplayer,
  loadModule,
  init,
  codecName: gbr.codecName,
  codec: gbr.codec,
  version: gbr.version,
  materialCode: gbr.materialCode,
  studyCode: gbr.studyCode,
  positionForm: gbr.positionForm,
  toFen: gbr.toFen,
  nameToMaterial: gbr.nameToMaterial,
  materialName: gbr.materialName,
  materialCanonical: gbr.materialCanonical,
  studyCanonical: gbr.studyCanonical,
  positionCanonical: gbr.positionCanonical,
  parseMaterial: gbr.parseMaterial,
  parseStudy: gbr.parseStudy,
  parsePosition: gbr.parsePosition,
  parseFen: gbr.parseFen,
  parseName: gbr.parseName,
  recognise: gbr.recognise,
  detectForm: gbr.detectForm,
  validate: gbr.validate,
  scan: gbr.scan,
  query: gbr.query,
  protocolAnswer: gbr.protocolAnswer,
  replayLine: gbr.replayLine,
  answer: gbr.answer, // deprecated: the old name of protocolAnswer, the same function
};
