// api.js - the gbr package's API over libgbr's WebAssembly module.
//
// createGbr(wasmBytes, replayer) instantiates the module (it imports
// nothing) and returns the API; the entries (index.cjs for Node, browser.js
// for bundlers and browsers) load gbr.wasm beside them and export the API of
// the default codec. replayLine plays moves in a second module,
// gbr_replay.wasm (createReplayer), loaded from `replayer` on its first
// call, so that the module every page loads holds the codecs alone. This file declares only; it does not import, so the spec
// site can load it as a classic script (site/site.py strips `export`) and
// the build makes api.cjs of it the same way (make_cjs.cmake).
//
// Strings cross the boundary UTF-8 encoded: a string argument is encoded
// with TextEncoder, a Uint8Array is passed as its bytes, and every column
// (GBRError.column) is a 1-based byte column of that UTF-8 text, as
// spec/gbr.md counts them. scan's offsets are the caller's: UTF-16 indices
// of a string (what String.prototype.slice takes), byte offsets of bytes.

/** An error class of spec/gbr.md §9.2 at a byte column of the input. */
export class GBRError extends Error {
  /**
   * @param {string} errorClass the class's name, as "square-count"
   * @param {number} column 1-based byte column of the UTF-8 input (0: none)
   * @param {string} message one line of English
   */
  constructor(errorClass, column, message) {
    super(column > 0 ? `${errorClass} at byte column ${column}: ${message}` : `${errorClass}: ${message}`);
    this.name = 'GBRError';
    this.errorClass = errorClass;
    this.column = column;
  }
}

const FILES = 'abcdefgh';
const PIECES = ' QRBNPK  qrbnpk';
const INDICATORS = ['none', 'win', 'draw', 'black-win', 'black-draw', 'wtm', 'btm'];
const STIPULATIONS = ['none', 'win', 'draw'];
const FORMS = ['unknown', 'material', 'study', 'position', 'fen', 'name'];
const TYPES = ['Q', 'R', 'B', 'N', 'P'];
const RESULT_OPTIONS = { undefined: 0, none: 0, win: 1, draw: 2 };
const QUERY_SIZE = 53;
const SUBJECT_SIZE = 21;
// sizes and offsets the package reads; glue.c's table must agree
const LAYOUT = [12, 0, 4, 8, 6, 9, 6, 7, 8, 65, 64, 10, 72, 4, 224, 72, 76, 80, 92, 96, 53, 21];
// gbr_replay_position and gbr_replay_outcome, as glue_replay.c's table gives them
const REPLAY_LAYOUT = [144, 4, 104, 116, 120, 124, 128, 132, 136, 140, 340, 0, 12, 16, 20];
const REPLAY_POSITION = { size: 144, fen: 4, san: 104, written: 116, writtenLength: 120, line: 124, column: 128,
  ply: 132, depth: 136, mainLine: 140 };
const REPLAY_OUTCOME = { size: 340, status: 0, line: 12, column: 16, message: 20 };
const REPLAY_REFUSED = 1;

// What validate() answers for a valid text: one object, never allocated again.
const VALID = Object.freeze({ ok: true, errorClass: null, column: 0 });

const squareName = (i) => FILES[i >> 3] + String((i & 7) + 1);

// Turns the byte offsets of matches in a string's UTF-8 encoding into the
// string's own (UTF-16) indices, in one walk over the string: a code point
// below U+0080 is one byte, below U+0800 two, a surrogate pair four bytes
// for two units, anything else (a lone surrogate too, which TextEncoder
// writes as U+FFFD) three.
function toUtf16Offsets(string, matches) {
  const wanted = [...new Set(matches.flatMap((m) => [m.start, m.end]))].sort((a, b) => a - b);
  const at = new Map();
  let byte = 0;
  let unit = 0;
  for (const target of wanted) {
    while (byte < target && unit < string.length) {
      const c = string.charCodeAt(unit);
      if (c < 0x80) byte += 1;
      else if (c < 0x800) byte += 2;
      else if (c >= 0xd800 && c <= 0xdbff && (string.charCodeAt(unit + 1) & 0xfc00) === 0xdc00) {
        byte += 4;
        unit++;
      } else byte += 3;
      unit++;
    }
    at.set(target, unit);
  }
  for (const m of matches) {
    m.start = at.get(m.start);
    m.end = at.get(m.end);
  }
}

function deepFreeze(value) {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * Compiles gbr.wasm from what init() is given: a URL (a string or URL,
 * fetched), a fetch Response or a promise of one, the bytes, or a compiled
 * WebAssembly.Module. A failure names the address it tried: a page whose
 * server answers 404 with an HTML page should not read as a broken module.
 * @param {*} source
 * @returns {Promise<WebAssembly.Module>}
 */
export async function loadModule(source) {
  if (source instanceof WebAssembly.Module) return source;
  let where = 'the bytes given';
  let bytes = source;
  if (typeof source === 'string' || source instanceof URL) {
    where = String(source);
    try {
      source = fetch(source);
    } catch (e) {
      throw new Error(`gbr: could not fetch the module from ${where}: ${e.message}`);
    }
  }
  if (source && typeof source.then === 'function') {
    try {
      source = await source;
    } catch (e) {
      throw new Error(`gbr: could not fetch the module from ${where}: ${e.message}`);
    }
  }
  if (source && typeof source.arrayBuffer === 'function' && !ArrayBuffer.isView(source)) {
    where = source.url || where;
    if (!source.ok) throw new Error(`gbr: fetching the module from ${where} answered HTTP ${source.status}`);
    bytes = new Uint8Array(await source.arrayBuffer());
  }
  if (bytes instanceof ArrayBuffer) bytes = new Uint8Array(bytes);
  if (!ArrayBuffer.isView(bytes))
    throw new TypeError('gbr: init() takes the module\'s URL, a Response, its bytes or a WebAssembly.Module');
  const view = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.length < 4 || view[0] !== 0 || view[1] !== 0x61 || view[2] !== 0x73 || view[3] !== 0x6d) {
    const head = Array.from(view.subarray(0, 16), (c) => (c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '.')).join('');
    throw new Error(`gbr: ${where}: not a WebAssembly module (${view.length} bytes beginning "${head}")`);
  }
  try {
    return await WebAssembly.compile(view);
  } catch (e) {
    throw new Error(`gbr: ${where}: not a valid WebAssembly module: ${e.message}`);
  }
}

// A module instantiated (gbr.wasm or gbr_replay.wasm: neither imports
// anything) with what the package reads and writes of it: views of its
// memory, its arena (arena.c, the same in both), and its struct layout
// checked against `wanted`.
function instantiate(wasm, wanted) {
  const module = wasm instanceof WebAssembly.Module ? wasm : new WebAssembly.Module(wasm);
  const x = new WebAssembly.Instance(module, {}).exports;
  // Views of the module's memory, made again when it grows (a grown
  // memory's old buffer is detached: its views have length 0).
  let m8 = new Uint8Array(x.memory.buffer);
  let dv = new DataView(x.memory.buffer);
  const u8 = () => {
    if (m8.byteLength === 0) {
      m8 = new Uint8Array(x.memory.buffer);
      dv = new DataView(x.memory.buffer);
    }
    return m8;
  };
  const u32 = (p) => {
    u8();
    return dv.getUint32(p, true);
  };

  const layout = new Uint32Array(x.memory.buffer, x.gbrjs_layout(), x.gbrjs_layout_count());
  if (layout.length !== wanted.length || layout.some((v, i) => v !== wanted[i]))
    throw new Error(`gbr: the module's struct layout is not the one this package reads (${Array.from(layout)})`);

  // The arena: every call allocates after a mark and releases to it.
  function alloc(n) {
    const p = x.gbrjs_alloc(n);
    if (p === 0 && n > 0) throw new RangeError('gbr: the module is out of memory');
    return p;
  }
  function withArena(f) {
    const mark = x.gbrjs_mark();
    try {
      return f();
    } finally {
      x.gbrjs_release(mark);
    }
  }
  function put(bytes) {
    const p = alloc(bytes.length);
    u8().set(bytes, p);
    return p;
  }
  return { x, u8, u32, alloc, withArena, put };
}

const textEncoder = new TextEncoder();
const bytesOf = (text) => {
  if (text instanceof Uint8Array) return text;
  if (typeof text !== 'string') throw new TypeError('gbr: a text is a string or a Uint8Array');
  return textEncoder.encode(text);
};

/**
 * Instantiates the replayer's module (gbr_replay.wasm: libgbr's gbr_replay.h,
 * the rules of chess and the movetext walk) and returns its one function,
 * replayLine, synchronous here; createGbr's replayLine loads this on its
 * first call.
 * @param {BufferSource | WebAssembly.Module} wasm the bytes of gbr_replay.wasm, or the module compiled
 */
export function createReplayer(wasm) {
  const { x, u8, u32, alloc, withArena, put } = instantiate(wasm, REPLAY_LAYOUT);
  const decoder = new TextDecoder();
  const text = (p, n) => decoder.decode(u8().subarray(p, p + n));
  return Object.freeze({
    /**
     * The positions of a line of moves (movetext: SAN, long algebraic or
     * UCI moves, move numbers, comments, variations) played from
     * `options.fen` (default: the standard start), the start first: each
     * `{fen, san, written, ply, depth, mainLine, line, column}` (san is
     * canonical, written as in the text; both "" at the start). A move
     * that cannot be played, or a FEN that cannot be played from, throws
     * GBRError ("refused-move" or "no-start", its column in the moves or
     * the FEN) with `positions`, those before it, and `line`.
     */
    replayLine: (moves, options) =>
      withArena(() => {
        const fen = options && options.fen !== undefined && options.fen !== null ? bytesOf(options.fen) : null;
        const movesBytes = bytesOf(moves);
        const fenAt = fen ? put(fen) : 0;
        const movesAt = put(movesBytes);
        const outcome = alloc(REPLAY_OUTCOME.size);
        const array = alloc(4);
        const n = x.gbrjs_replay_line(fenAt, fen ? fen.length : 0, movesAt, movesBytes.length, outcome, array);
        if (n === 0xffffffff) throw new RangeError('gbr: the module is out of memory');
        const cText = (p) => {
          const m = u8();
          let end = p;
          while (m[end] !== 0) end++;
          return text(p, end - p);
        };
        const positions = [];
        for (let i = 0, p = u32(array); i < n; i++, p += REPLAY_POSITION.size) {
          positions.push(Object.freeze({
            fen: cText(p + REPLAY_POSITION.fen),
            san: cText(p + REPLAY_POSITION.san),
            written: decoder.decode(u8().slice(u32(p + REPLAY_POSITION.written),
              u32(p + REPLAY_POSITION.written) + u32(p + REPLAY_POSITION.writtenLength))),
            ply: u32(p + REPLAY_POSITION.ply),
            depth: u32(p + REPLAY_POSITION.depth),
            mainLine: u32(p + REPLAY_POSITION.mainLine) !== 0,
            line: u32(p + REPLAY_POSITION.line),
            column: u32(p + REPLAY_POSITION.column),
          }));
        }
        const status = u32(outcome + REPLAY_OUTCOME.status);
        if (status !== 0) {
          const e = new GBRError(status === REPLAY_REFUSED ? 'refused-move' : 'no-start',
            u32(outcome + REPLAY_OUTCOME.column), cText(outcome + REPLAY_OUTCOME.message));
          e.line = u32(outcome + REPLAY_OUTCOME.line);
          e.positions = positions;
          throw e;
        }
        return positions;
      }),
    /** The raw module, for measuring the call alone. */
    exports: x,
  });
}

/**
 * Instantiates libgbr's module and returns the API, bound to the default
 * (optimised) codec; `.codec('ref')` gives the same API over the reference
 * codec.
 * @param {BufferSource | WebAssembly.Module} wasm the bytes of gbr.wasm, or the module compiled
 * @param replayerSource where replayLine's module, gbr_replay.wasm, is
 *   loaded from on its first call: what loadModule takes, or a function
 *   giving it (called then); without it replayLine rejects
 */
export function createGbr(wasm, replayerSource) {
  const { x, u8, u32, alloc, withArena, put } = instantiate(wasm, LAYOUT);
  // The replayer's module, loaded once, on replayLine's first call (a
  // failed load is tried again by the next call).
  let replaying = null;
  const replayer = () => {
    if (!replaying) {
      replaying = (async () => {
        if (replayerSource === undefined || replayerSource === null)
          throw new Error('gbr: replayLine needs the replayer module (gbr_replay.wasm): give createGbr its source');
        const source = typeof replayerSource === 'function' ? await replayerSource() : replayerSource;
        return createReplayer(await loadModule(source));
      })();
      replaying.catch(() => {
        replaying = null;
      });
    }
    return replaying;
  };
  const encoder = new TextEncoder();
  const decoder = new TextDecoder();
  const cString = (p) => {
    const m = u8();
    let e = p;
    while (m[e] !== 0) e++;
    return decoder.decode(m.subarray(p, e));
  };
  const errorNames = [];
  const errorMessages = [];
  for (let e = 0; e < 30; e++) {
    errorNames.push(cString(x.gbr_error_name(e)));
    errorMessages.push(cString(x.gbr_error_message(e)));
  }

  // gbr_result at p: throws its error, or gives its length
  function check(p) {
    const error = u32(p);
    if (error !== 0) {
      const column = u32(p + 4);
      throw new GBRError(errorNames[error] ?? 'unknown', column, errorMessages[error] ?? '');
    }
    return u32(p + 8);
  }
  // Answers are ASCII (canonical texts, names, "error ..."): read byte by
  // byte, which for texts this short costs less than a TextDecoder call.
  const text = (p, n) => {
    const m = u8();
    let s = '';
    for (let i = p; i < p + n; i++) {
      const c = m[i];
      if (c >= 0x80) return decoder.decode(m.subarray(p, p + n));
      s += String.fromCharCode(c);
    }
    return s;
  };

  // A scratch area taken once, below every call's mark: the input of the
  // text operations (a string of up to SCRATCH / 3 UTF-16 units is encoded
  // straight into it), their output and their result.
  const SCRATCH = 1024;
  const scratchIn = alloc(SCRATCH);
  const scratchOut = alloc(160);
  const scratchRes = alloc(16);
  let scratchView = new Uint8Array(x.memory.buffer, scratchIn, SCRATCH);
  // (src, len) of a text in the scratch area, or null when it does not fit
  function putScratch(input) {
    if (typeof input === 'string' && input.length <= SCRATCH / 3) {
      if (scratchView.byteLength === 0) scratchView = new Uint8Array(x.memory.buffer, scratchIn, SCRATCH);
      return encoder.encodeInto(input, scratchView).written;
    }
    if (input instanceof Uint8Array && input.length <= SCRATCH) {
      u8().set(input, scratchIn);
      return input.length;
    }
    return -1;
  }

  // The functions of the API that read one text, by name: the libgbr
  // function each calls and its output's size (a conversion's buffer, a
  // parser's struct). validate() takes these names.
  const conversion = (f, size) => ({ f, size, text: true });
  const parser = (f, size) => ({ f, size, text: false });
  const OPS = Object.freeze({
    __proto__: null,
    materialCode: conversion(x.gbr_fen_to_material, 7),
    studyCode: conversion(x.gbr_fen_to_study, 12),
    positionForm: conversion(x.gbr_fen_to_position, 128),
    toFen: conversion(x.gbr_position_to_fen, 92),
    nameToMaterial: conversion(x.gbr_name_to_material, 7),
    materialName: conversion(x.gbr_material_to_name, 36),
    materialCanonical: conversion(x.gbr_material_canonical, 7),
    studyCanonical: conversion(x.gbr_study_canonical, 12),
    positionCanonical: conversion(x.gbr_position_canonical, 128),
    parseMaterial: parser(x.gbr_parse_material, 6),
    parseStudy: parser(x.gbr_parse_study, 9),
    parsePosition: parser(x.gbr_parse_position, 65),
    parseFen: parser(x.gbr_parse_fen, 65),
    parseName: parser(x.gbr_parse_name, 10),
    recognise: parser(x.gbr_recognise, 72),
  });

  // The readers of libgbr's structs, into plain frozen objects.
  function readMaterial(p) {
    const m = u8();
    return {
      digits: [m[p], m[p + 1], m[p + 2], m[p + 3]],
      pawns: [m[p + 4], m[p + 5]],
    };
  }
  function readStudy(p) {
    const m = u8();
    return {
      material: readMaterial(p),
      stipulation: STIPULATIONS[m[p + 6]],
      whiteKing: squareName(m[p + 7]),
      blackKing: squareName(m[p + 8]),
    };
  }
  function readPosition(p) {
    const m = u8();
    const board = {};
    // squares in FEN order: rank 8 to 1, file a to h
    for (let rank = 7; rank >= 0; rank--)
      for (let file = 0; file < 8; file++) {
        const v = m[p + 8 * file + rank];
        if (v !== 0) board[squareName(8 * file + rank)] = PIECES[v];
      }
    const indicator = INDICATORS[m[p + 64]];
    return {
      board,
      indicator,
      sideToMove: indicator === 'black-win' || indicator === 'black-draw' || indicator === 'btm' ? 'b' : 'w',
    };
  }
  function readCounts(p) {
    const m = u8();
    const side = (c) => Object.fromEntries(TYPES.map((t, i) => [t, m[p + 5 * c + i]]));
    return { white: side(0), black: side(1) };
  }

  function api(codecName) {
    const codec = codecName === undefined ? x.gbr_codec_default() : withArena(() => {
      const name = encoder.encode(codecName + '\0');
      const c = x.gbr_codec_by_name(put(name));
      if (c === 0) throw new RangeError(`gbr: no codec "${codecName}" (ref or fast)`);
      return c;
    });
    const name = cString(x.gbr_codec_name(codec));

    // One call of a conversion or parser over the input, in the scratch
    // area when the input fits, else in the arena (released at once: libgbr
    // allocates nothing, so the output stays readable until the next
    // allocation). Gives the gbr_result's address; the output is at outAt.
    // A conversion is f(result, codec, dst, cap, src, len, more) (more: the
    // FEN conversions' result option; the others ignore it, as a
    // WebAssembly function ignores extra arguments), a parser f(result,
    // codec, src, len, out).
    let outAt = 0;
    function call(op, input, more) {
      let n = putScratch(input);
      let src = scratchIn;
      let res = scratchRes;
      outAt = scratchOut;
      const mark = n < 0 ? x.gbrjs_mark() : -1;
      try {
        if (n < 0) {
          const bytes = bytesOf(input);
          src = put(bytes);
          n = bytes.length;
          outAt = alloc(op.size);
          res = alloc(12);
        }
        if (op.text) op.f(res, codec, outAt, op.size, src, n, more);
        else op.f(res, codec, src, n, outAt);
      } finally {
        if (mark >= 0) x.gbrjs_release(mark);
      }
      return res;
    }
    function textOp(op, input, more) {
      const length = check(call(op, input, more)); // sets outAt: read it after
      return text(outAt, length);
    }
    function parseOp(op, input, read) {
      check(call(op, input, 0));
      return deepFreeze(read(outAt));
    }
    function resultOption(options) {
      const r = options?.result;
      if (!(String(r) in RESULT_OPTIONS)) throw new RangeError(`gbr: result is "win", "draw" or none, not ${r}`);
      return RESULT_OPTIONS[String(r)];
    }
    // recognise into a gbr_recognised at out; the canonical text
    function recogniseAt(bytes, out) {
      const src = put(bytes);
      const res = alloc(12);
      x.gbr_recognise(res, codec, src, bytes.length, out);
      check(res);
      const dst = alloc(128);
      x.gbr_recognised_canonical(res, codec, dst, 128, out);
      return text(dst, check(res));
    }
    function valueOf(form, p) {
      if (form === 'material') return readMaterial(p);
      if (form === 'study') return readStudy(p);
      if (form === 'name') return readCounts(p);
      return readPosition(p);
    }

    const self = {
      /** The codec's name, "fast" (the default) or "ref". */
      codecName: name,
      /** The same API over another codec, "ref" or "fast". */
      codec: (other) => api(other),
      /** The version of libgbr in the module, "MAJOR.MINOR.PATCH". */
      version: cString(x.gbr_version()),

      /** A FEN's material code, as "0130.00". */
      materialCode: (fen) => textOp(OPS.materialCode, fen, 0),
      /** A FEN's study code; options.result "win" or "draw" gives the stipulation. */
      studyCode: (fen, options) => textOp(OPS.studyCode, fen, resultOption(options)),
      /** A FEN's position form; options.result "win" or "draw" gives the indicator. */
      positionForm: (fen, options) => textOp(OPS.positionForm, fen, resultOption(options)),
      /** A position form's FEN, "PLACEMENT SIDE - - 0 1". */
      toFen: (form) => textOp(OPS.toFen, form, 0),
      /** A material name (KRPvKR) to its material code. */
      nameToMaterial: (nameText) => textOp(OPS.nameToMaterial, nameText, 0),
      /** A material code to its name (KRPvKR). */
      materialName: (code) => textOp(OPS.materialName, code, 0),
      /** Canonical texts of each form. */
      materialCanonical: (code) => textOp(OPS.materialCanonical, code, 0),
      studyCanonical: (code) => textOp(OPS.studyCanonical, code, 0),
      positionCanonical: (form) => textOp(OPS.positionCanonical, form, 0),

      /** Parsers, to plain frozen objects. */
      parseMaterial: (code) => parseOp(OPS.parseMaterial, code, readMaterial),
      parseStudy: (code) => parseOp(OPS.parseStudy, code, readStudy),
      parsePosition: (form) => parseOp(OPS.parsePosition, form, readPosition),
      parseFen: (fen) => parseOp(OPS.parseFen, fen, readPosition),
      parseName: (nameText) => parseOp(OPS.parseName, nameText, readCounts),

      /**
       * Which form a text is (spec/gbr.md §10) and its canonical text and
       * value: {form, canonical, value}; a GBRError when it is none or is
       * invalid as the form it reads as.
       */
      recognise: (input) =>
        withArena(() => {
          const out = alloc(72);
          const canonical = recogniseAt(bytesOf(input), out);
          const form = FORMS[u32(out)];
          return deepFreeze({ form, canonical, value: valueOf(form, out + 4) });
        }),
      /** The form a text reads as, without checking it: "material", ..., or "unknown". */
      detectForm: (input) =>
        withArena(() => {
          const bytes = bytesOf(input);
          return FORMS[x.gbr_detect_form(put(bytes), bytes.length)];
        }),

      /**
       * Whether a text is valid input of one of the functions above, named
       * by kind ("materialCode", "parsePosition", "recognise", ...), without
       * throwing: {ok: true, errorClass: null, column: 0}, or {ok: false,
       * errorClass, column} with what the function would throw. A thrown
       * error's stack trace costs V8 many times the call itself; a mix of
       * texts where many are invalid is checked with this.
       */
      validate: (kind, input) => {
        const op = typeof kind === 'string' ? OPS[kind] : undefined;
        if (op === undefined) throw new RangeError(`gbr: validate() checks ${Object.keys(OPS).join(', ')}, not ${kind}`);
        const res = call(op, input, 0);
        const error = u32(res);
        if (error === 0) return VALID;
        return Object.freeze({ ok: false, errorClass: errorNames[error] ?? 'unknown', column: u32(res + 4) });
      },

      /**
       * The codes embedded in a text (§10.1): [{form, canonical, start, end}],
       * end exclusive; start and end index a string as String.slice does
       * (UTF-16 units), and bytes as bytes.
       */
      scan: (input) =>
        withArena(() => {
          const bytes = bytesOf(input);
          const src = put(bytes);
          const out = alloc(224);
          const found = [];
          let start = 0;
          for (;;) {
            const status = x.gbr_scan_next(codec, src, bytes.length, start, 0, out);
            if (status !== 1) break;
            found.push({
              form: FORMS[u32(out)],
              canonical: text(out + 96, u32(out + 92)),
              start: u32(out + 72),
              end: u32(out + 76),
            });
            start = u32(out + 80);
          }
          if (typeof input === 'string' && bytes.length !== input.length) toUtf16Offsets(input, found);
          return deepFreeze(found);
        }),

      /**
       * A query of spec/query.md, parsed once: .matches(text) says whether a
       * material code, study code, position form or FEN matches it (a
       * position form's indicator gives its stipulation, as gbr select
       * reads it). options.eitherColour also matches with colours exchanged.
       */
      query: (pattern, options) => {
        const q = withArena(() => {
          const bytes = bytesOf(pattern);
          const src = put(bytes);
          const out = alloc(QUERY_SIZE);
          const res = alloc(12);
          const message = alloc(4);
          u8().fill(0, message, message + 4);
          x.gbr_query_parse(res, out, src, bytes.length, message);
          if (u32(res) !== 0) {
            const m = u32(message);
            throw new GBRError(errorNames[u32(res)], u32(res + 4), m ? cString(m) : errorMessages[u32(res)]);
          }
          const q = u8().slice(out, out + QUERY_SIZE);
          if (options?.eitherColour) q[1] = 1;
          return q;
        });
        return Object.freeze({
          pattern: typeof pattern === 'string' ? pattern : decoder.decode(bytesOf(pattern)),
          matches: (input) =>
            withArena(() => {
              const r = alloc(72);
              recogniseAt(bytesOf(input), r);
              const form = FORMS[u32(r)];
              const subject = alloc(SUBJECT_SIZE);
              if (form === 'material') x.gbr_query_subject_of_material(r + 4, subject);
              else if (form === 'study') x.gbr_query_subject_of_study(r + 4, subject);
              else if (form === 'position' || form === 'fen') {
                const ind = u8()[r + 4 + 64];
                const stip = ind === 1 || ind === 3 ? 1 : ind === 2 || ind === 4 ? 2 : 0;
                const res = alloc(12);
                x.gbr_query_subject_of_position(res, codec, r + 4, stip, subject);
                check(res);
              } else throw new GBRError('unknown-form', 1, 'a query matches a code, a position form or a FEN');
              const qp = put(q);
              return x.gbr_query_match(qp, subject) === 1;
            }),
        });
      },

      /**
       * One request of the conformance protocol (spec/gbr.md §13.2): the
       * answer line `gbr conform --answer` gives, as "0130.00" or
       * "error square-count 20".
       */
      protocolAnswer: (operation, input) =>
        withArena(() => {
          const opName = encoder.encode(String(operation));
          const op = x.gbr_operation_by_name(put(opName), opName.length);
          if (op === 0) throw new RangeError(`gbr: no operation "${operation}"`);
          const bytes = bytesOf(input);
          const src = put(bytes);
          const dst = alloc(160);
          const res = alloc(12);
          x.gbr_protocol_answer(res, codec, op, dst, 160, src, bytes.length);
          if (u32(res) === 29 && u32(res + 8) === 0) throw new RangeError('gbr: the protocol cannot answer this call');
          return text(dst, u32(res + 8));
        }),

      /**
       * The positions of a line of moves (movetext: SAN, long algebraic or
       * UCI moves, move numbers, comments, variations) played from
       * `options.fen` (default: the standard start), the start first; a
       * promise, since the first call loads the replayer's module
       * (createReplayer's replayLine, the same answers, synchronously).
       */
      replayLine: (moves, options) => replayer().then((r) => r.replayLine(moves, options)),

      /** The raw module, for measuring the call alone (bench/bench_wasm.sh). */
      exports: x,
    };
    /**
     * The name of release 1.1, the same function as protocolAnswer; a later
     * release removes it.
     * @deprecated use protocolAnswer
     */
    self.answer = self.protocolAnswer;
    return Object.freeze(self);
  }
  return api(undefined);
}
