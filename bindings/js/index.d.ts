// Types of the gbr package: index.cjs and index.js in Node, browser.js for
// bundlers and browsers (gbr/api, api.d.ts, re-exports the part api.js
// holds). Texts are strings (UTF-8 encoded at the boundary) or Uint8Array
// (their bytes); error columns count bytes of that UTF-8 text, as
// spec/gbr.md does; scan's offsets index the text as given (UTF-16 units of
// a string, bytes of a Uint8Array). The types use the ES library alone (no
// DOM, no Node types): a consumer compiles with lib ["es2022"].

export type Text = string | Uint8Array;
export type Form = 'material' | 'study' | 'position' | 'fen' | 'name';
export type Piece = 'K' | 'Q' | 'R' | 'B' | 'N' | 'P' | 'k' | 'q' | 'r' | 'b' | 'n' | 'p';
export type Indicator = 'none' | 'win' | 'draw' | 'black-win' | 'black-draw' | 'wtm' | 'btm';
export interface ResultOption { result?: 'win' | 'draw' }

/** An error class of spec/gbr.md §9.2 at a 1-based byte column of the UTF-8 text (0: none). */
export class GBRError extends Error {
  readonly name: 'GBRError';
  readonly errorClass: string;
  readonly column: number;
  /** replayLine's: the line of the move it could not play, and the positions before it. */
  readonly line?: number;
  readonly positions?: readonly ReplayPosition[];
}

export interface Material { readonly digits: readonly [number, number, number, number]; readonly pawns: readonly [number, number] }
export interface Study { readonly material: Material; readonly stipulation: 'none' | 'win' | 'draw'; readonly whiteKing: string; readonly blackKing: string }
/** board: square name ("e1") to piece, FEN letters (upper case White). */
export interface Position { readonly board: Readonly<Record<string, Piece>>; readonly indicator: Indicator; readonly sideToMove: 'w' | 'b' }
export interface Side { readonly Q: number; readonly R: number; readonly B: number; readonly N: number; readonly P: number }
export interface Counts { readonly white: Side; readonly black: Side }
/** What recognise() found: `form` tells which value it holds. */
export type Recognised =
  | { readonly form: 'material'; readonly canonical: string; readonly value: Material }
  | { readonly form: 'study'; readonly canonical: string; readonly value: Study }
  | { readonly form: 'position' | 'fen'; readonly canonical: string; readonly value: Position }
  | { readonly form: 'name'; readonly canonical: string; readonly value: Counts };
/**
 * A code found in running text. start and end (exclusive) index the text as
 * it was given: UTF-16 units of a string (String.prototype.slice takes them),
 * bytes of a Uint8Array.
 */
export interface ScanMatch { readonly form: 'material' | 'study' | 'position'; readonly canonical: string; readonly start: number; readonly end: number }
export interface Query { readonly pattern: string; matches(text: Text): boolean }
/** The functions validate() checks a text for. */
export type ValidateKind =
  | 'materialCode' | 'studyCode' | 'positionForm' | 'toFen' | 'nameToMaterial' | 'materialName'
  | 'materialCanonical' | 'studyCanonical' | 'positionCanonical'
  | 'parseMaterial' | 'parseStudy' | 'parsePosition' | 'parseFen' | 'parseName' | 'recognise';
/** validate()'s answer: ok, or the error class and byte column the function would throw. */
export type Validation =
  | { readonly ok: true; readonly errorClass: null; readonly column: 0 }
  | { readonly ok: false; readonly errorClass: string; readonly column: number };

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
  validate(kind: ValidateKind, text: Text): Validation;
  scan(text: Text): readonly ScanMatch[];
  query(pattern: Text, options?: { eitherColour?: boolean }): Query;
  protocolAnswer(operation: string, input: Text): string;
  /**
   * The positions of a line of moves played from options.fen (default: the
   * standard start), the start first. A promise: the first call loads the
   * replayer's module, gbr_replay.wasm. Rejects with GBRError
   * ("refused-move", "no-start") carrying the positions before the move it
   * could not play.
   */
  replayLine(moves: Text, options?: { fen?: Text | null }): Promise<readonly ReplayPosition[]>;
  /** @deprecated The name of release 1.1 for {@link Gbr.protocolAnswer}, the same function; a later release removes it. */
  answer(operation: string, input: Text): string;
  /** The module's own exports (libgbr's functions under their C names), for measuring a call alone. */
  readonly exports: { readonly [name: string]: unknown };
}

/** The replayer's module instantiated (createReplayer): replayLine without the promise. */
export interface Replayer {
  /** As Gbr's replayLine, synchronously: throws GBRError instead of rejecting. */
  replayLine(moves: Text, options?: { fen?: Text | null }): readonly ReplayPosition[];
  /** The module's own exports, for measuring a call alone. */
  readonly exports: { readonly [name: string]: unknown };
}

/** A position of a replayed line: its FEN, the move that led to it (canonical SAN and as written, "" at the start), where that move is, its ply, the variations open around it. */
export interface ReplayPosition {
  readonly fen: string; readonly san: string; readonly written: string; readonly ply: number; readonly depth: number;
  readonly mainLine: boolean; readonly line: number; readonly column: number;
}

/** Bytes of a gbr.wasm: an ArrayBuffer or a view of one. */
export type WasmBytes = ArrayBuffer | ArrayBufferView;
/** What init() and loadModule() fetch, or are given: an address, a response, bytes, or a compiled module. */
export type WasmSource =
  | string
  | { readonly href: string }
  | FetchedModule
  | PromiseLike<FetchedModule>
  | WasmBytes
  | CompiledModule;
/** The part of a fetch Response that is read. */
export interface FetchedModule { readonly ok: boolean; readonly status: number; readonly url: string; arrayBuffer(): Promise<ArrayBuffer> }
/** A WebAssembly.Module (declared here so that the types need no DOM library). */
export interface CompiledModule { readonly [Symbol.toStringTag]: 'WebAssembly.Module' }

/**
 * Instantiates a gbr.wasm (its bytes, or the module compiled) and gives the API over the default codec;
 * replayLine loads gbr_replay.wasm from replayer (what loadModule takes, or a function giving it) on its first call.
 */
export function createGbr(wasm: WasmBytes | CompiledModule,
  replayer?: WasmSource | (() => WasmSource | PromiseLike<WasmSource>)): Gbr;
/** Instantiates a gbr_replay.wasm (its bytes, or the module compiled): replayLine, synchronous. */
export function createReplayer(wasm: WasmBytes | CompiledModule): Replayer;
/** Compiles gbr.wasm from its address, a response, its bytes or the module; a failure names the address tried. */
export function loadModule(source: WasmSource): Promise<CompiledModule>;

/**
 * Resolves to the API once the module is loaded. In Node it is loaded with
 * the package and this resolves at once; from browser.js (bundlers,
 * browsers) it fetches gbr.wasm (source: another address, a response, the
 * bytes or the module) and the functions throw until it resolves; replayer:
 * where replayLine's first call fetches gbr_replay.wasm (default: beside
 * browser.js), read in Node from beside index.cjs whatever is given.
 */
export function init(source?: WasmSource, replayer?: WasmSource): Promise<Gbr>;
declare const gbr: Gbr;
export default gbr;
export const codecName: Gbr['codecName'], codec: Gbr['codec'], version: Gbr['version'],
  materialCode: Gbr['materialCode'], studyCode: Gbr['studyCode'], positionForm: Gbr['positionForm'], toFen: Gbr['toFen'],
  nameToMaterial: Gbr['nameToMaterial'], materialName: Gbr['materialName'], materialCanonical: Gbr['materialCanonical'],
  studyCanonical: Gbr['studyCanonical'], positionCanonical: Gbr['positionCanonical'], parseMaterial: Gbr['parseMaterial'],
  parseStudy: Gbr['parseStudy'], parsePosition: Gbr['parsePosition'], parseFen: Gbr['parseFen'], parseName: Gbr['parseName'],
  recognise: Gbr['recognise'], detectForm: Gbr['detectForm'], validate: Gbr['validate'], scan: Gbr['scan'],
  query: Gbr['query'], protocolAnswer: Gbr['protocolAnswer'], replayLine: Gbr['replayLine'];
/** @deprecated The name of release 1.1 for {@link protocolAnswer}, the same function; a later release removes it. */
export const answer: Gbr['protocolAnswer'];
