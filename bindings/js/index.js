// index.js - the gbr package for import in Node: index.cjs's objects as an
// ES module (one instance of the module and of GBRError, whether the
// package is imported or required).
//
//   import { materialCode, positionForm, GBRError } from 'gbr';
import gbr from './index.cjs';

export default gbr.default;
export const {
  GBRError,
  createGbr,
  createReplayer,
  loadModule,
  init,
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
  validate,
  scan,
  query,
  protocolAnswer,
  replayLine,
  answer, // deprecated: the old name of protocolAnswer, the same function
} = gbr;
