// Types of the gbr package (index.js, api.js). Texts are strings (UTF-8
// encoded at the boundary) or Uint8Array (their bytes); columns and
// offsets count bytes of that UTF-8 text, as spec/gbr.md does.

export type Text = string | Uint8Array;
export type Form = 'material' | 'study' | 'position' | 'fen' | 'name';
export type Piece = 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p';
export type Indicator = 'none' | 'win' | 'draw' | 'black-win' | 'black-draw' | 'wtm' | 'btm';
export interface ResultOption { result?: 'win' | 'draw' }

/** An error class of spec/gbr.md §9.2 at a 1-based byte column (0: none). */
export class GBRError extends Error {
  readonly name: 'GBRError';
  readonly errorClass: string;
  readonly column: number;
}

export interface Material { readonly digits: readonly [number, number, number, number]; readonly pawns: readonly [number, number] }
export interface Study { readonly material: Material; readonly stipulation: 'none' | 'win' | 'draw'; readonly whiteKing: string; readonly blackKing: string }
/** board: square name ("e1") to piece, FEN letters (upper case White). */
export interface Position { readonly board: Readonly<Record<string, Piece>>; readonly indicator: Indicator; readonly sideToMove: 'w' | 'b' }
export interface Side { readonly Q: number; readonly R: number; readonly B: number; readonly N: number; readonly P: number }
export interface Counts { readonly white: Side; readonly black: Side }
export interface Recognised { readonly form: Form; readonly canonical: string; readonly value: Material | Study | Position | Counts }
export interface ScanMatch { readonly form: 'material' | 'study' | 'position'; readonly canonical: string; readonly start: number; readonly end: number }
export interface Query { readonly pattern: string; matches(text: Text): boolean }

export interface Gbr {
  readonly codecName: 'fast' | 'ref';
  readonly version: string;
  codec(name: 'fast' | 'ref'): Gbr;
  materialCode(fen: Text): string;
  studyCode(fen: Text, options?: ResultOption): string;
  positionForm(fen: Text, options?: ResultOption): string;
  toFen(positionForm: Text): string;
  nameToMaterial(name: Text): string;
  materialName(code: Text): string;
  materialCanonical(code: Text): string;
  studyCanonical(code: Text): string;
  positionCanonical(form: Text): string;
  parseMaterial(code: Text): Material;
  parseStudy(code: Text): Study;
  parsePosition(form: Text): Position;
  parseFen(fen: Text): Position;
  parseName(name: Text): Counts;
  recognise(text: Text): Recognised;
  detectForm(text: Text): Form | 'unknown';
  scan(text: Text): readonly ScanMatch[];
  query(pattern: Text, options?: { eitherColour?: boolean }): Query;
  protocolAnswer(operation: string, input: Text): string;
  /** @deprecated The name of release 1.1 for {@link Gbr.protocolAnswer}, the same function; a later release removes it. */
  answer(operation: string, input: Text): string;
  readonly exports: WebAssembly.Exports;
}

/** Instantiates a gbr.wasm's bytes (api.js; index.js does it for its own). */
export function createGbr(wasmBytes: BufferSource): Gbr;
declare const gbr: Gbr;
export default gbr;
export const codecName: Gbr['codecName'], codec: Gbr['codec'], version: Gbr['version'],
  materialCode: Gbr['materialCode'], studyCode: Gbr['studyCode'], positionForm: Gbr['positionForm'], toFen: Gbr['toFen'],
  nameToMaterial: Gbr['nameToMaterial'], materialName: Gbr['materialName'], materialCanonical: Gbr['materialCanonical'],
  studyCanonical: Gbr['studyCanonical'], positionCanonical: Gbr['positionCanonical'], parseMaterial: Gbr['parseMaterial'],
  parseStudy: Gbr['parseStudy'], parsePosition: Gbr['parsePosition'], parseFen: Gbr['parseFen'], parseName: Gbr['parseName'],
  recognise: Gbr['recognise'], detectForm: Gbr['detectForm'], scan: Gbr['scan'], query: Gbr['query'],
  protocolAnswer: Gbr['protocolAnswer'];
/** @deprecated The name of release 1.1 for {@link protocolAnswer}, the same function; a later release removes it. */
export const answer: Gbr['protocolAnswer'];
