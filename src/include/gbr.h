/*
 * gbr.h - libgbr, the GBR code (Guy-Blandford-Roycroft) library.
 *
 * The normative rules are in spec/gbr.md (GBR 1.3). This header is the one
 * public interface. Two codecs implement it independently: the reference codec
 * ("ref", src/ref/) and the optimised codec ("fast", src/fast/). They must give
 * byte-identical output and the same error class at the same column on every
 * input.
 *
 * Conventions, for every function below:
 *  - Text arguments are (src, len): len bytes, not NUL-terminated, never read
 *    past len. src may be NULL only when len is 0.
 *  - Output text arguments are (dst, cap): at most cap bytes are written, and no
 *    NUL terminator is added. When cap is too small nothing useful is written,
 *    the result is GBR_E_BUFFER_TOO_SMALL and result.length is the size needed.
 *  - The library never allocates and keeps no global mutable state. The caller
 *    owns every buffer and struct it passes; nothing is retained after return.
 *  - codec may be NULL, meaning gbr_codec_default(); any other codec is used
 *    as given (its entries are called, not checked).
 *  - Parsers write *out only on success. Columns saturate at UINT32_MAX.
 *  - Every function that reads a struct checks each field it reads, and every
 *    pointer, before it uses them: it never reads or writes outside the
 *    structs it is given, whatever their bytes. Formatters accept exactly the
 *    structs a parser can produce (digits 0-9, pawns 0-8, stipulation 0-2,
 *    squares 0-63, board bytes that are board codes, one king a side, kings on
 *    different squares, no pawn on rank 1 or 8, the promotion rule, indicator
 *    0-6) and return GBR_E_ARGUMENT for any other; the order keys give 0 for
 *    those (see gbr_material_key_of). Both codecs give the same answer for every
 *    struct, valid or not. Each codec checks in its own entries (they are
 *    reached directly through gbr_parse_material and its kind, without the
 *    text operations, and the two codecs are compared with each other, so
 *    neither borrows the other's checks).
 */
#ifndef GBR_H
#define GBR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What the shared library exports: the functions below and nothing else
 * (it is built with hidden visibility). */
#if defined(__GNUC__)
#define GBR_API __attribute__((visibility("default")))
#else
#define GBR_API
#endif

/* The versions of the header (compile time): the library's and the spec's. */
#define GBR_VERSION_STRING "1.2.0"
#define GBR_SPEC_NUMBER "1.3"
#define GBR_SPEC_VERSION "GBR " GBR_SPEC_NUMBER
/* The version of the library actually linked (run time), "MAJOR.MINOR.PATCH":
 * GBR_VERSION_STRING as it was when libgbr was built. Static storage. */
GBR_API const char *gbr_version(void);

/* Error classes (spec/gbr.md §9.2), written once: X(IDENTIFIER, NUMBER, NAME,
 * MESSAGE) per class gives the enum below, gbr_error_name (NAME, what the
 * conformance protocol prints) and gbr_error_message (MESSAGE, one line of
 * English). Numbers are pinned: they are part of the conformance protocol and
 * never change meaning; the test lib_error_classes checks this list against
 * the spec's table. */
#define GBR_ERROR_LIST(X) \
    X(GBR_OK, 0, "ok", "no error") \
    X(GBR_E_EMPTY, 1, "empty", "the input is empty") \
    X(GBR_E_TRUNCATED, 2, "truncated", "the input ended where more was required") \
    X(GBR_E_TRAILING, 3, "trailing", "unexpected characters after the end of the form") \
    X(GBR_E_EXPECTED_DIGIT, 4, "expected-digit", "expected a material digit 0-9") \
    X(GBR_E_PAWN_COUNT, 5, "pawn-count", "a pawn count must be 0-8") \
    X(GBR_E_EXPECTED_POINT, 6, "expected-point", "expected '.'") \
    X(GBR_E_EXPECTED_SPACE, 7, "expected-space", "expected a space") \
    X(GBR_E_EXPECTED_SLASH, 8, "expected-slash", "expected '/'") \
    X(GBR_E_EXPECTED_CLOSE, 9, "expected-close", "expected the closing ']' or ')'") \
    X(GBR_E_EXPECTED_SQUARE, 10, "expected-square", "expected a square (file a-h, rank 1-8)") \
    X(GBR_E_SQUARE_COUNT, 11, "square-count", "more or fewer squares than the material code says") \
    X(GBR_E_DUPLICATE_SQUARE, 12, "duplicate-square", "a square is used twice") \
    X(GBR_E_SQUARE_ORDER, 13, "square-order", "squares of one colour and type are not in ascending order") \
    X(GBR_E_PAWN_RANK, 14, "pawn-rank", "a pawn on rank 1 or 8") \
    X(GBR_E_TOO_MANY_PAWNS, 15, "too-many-pawns", "more than 8 pawns on one side") \
    X(GBR_E_PROMOTIONS, 16, "promotions", "more promoted pieces than missing pawns") \
    X(GBR_E_MEN_COUNT, 17, "men-count", "the men count W/B is malformed") \
    X(GBR_E_MEN_MISMATCH, 18, "men-mismatch", "the men count disagrees with the men listed") \
    X(GBR_E_INDICATOR, 19, "indicator", "malformed indicator (expected +, =, -+, -=, WTM or BTM)") \
    X(GBR_E_OVERFLOW_GROUP, 20, "overflow-group", "a {white/black} group is missing, misplaced or malformed") \
    X(GBR_E_FEN_PIECE, 21, "fen-piece", "not a FEN piece letter, digit 1-8 or '/'") \
    X(GBR_E_FEN_RANK, 22, "fen-rank", "a FEN rank must cover 8 files, and there must be 8 ranks") \
    X(GBR_E_FEN_KINGS, 23, "fen-kings", "a FEN needs exactly one king a side") \
    X(GBR_E_FEN_FIELD, 24, "fen-field", "malformed FEN side, castling, en passant or clock field") \
    X(GBR_E_NAME_SYNTAX, 25, "name-syntax", "malformed material name (expected e.g. KRPvKR)") \
    X(GBR_E_NAME_OVERFLOW, 26, "name-overflow", "a material code with a 9 has no single name") \
    X(GBR_E_UNKNOWN_FORM, 27, "unknown-form", "not a GBR material code, study code, position form, FEN or name") \
    X(GBR_E_BUFFER_TOO_SMALL, 28, "buffer-too-small", "the output buffer is too small") \
    X(GBR_E_ARGUMENT, 29, "argument", "invalid argument")

#define GBR_ERROR_ENUMERATOR_(identifier, number, name, message) identifier = number,
typedef enum gbr_error { GBR_ERROR_LIST(GBR_ERROR_ENUMERATOR_) } gbr_error;
#undef GBR_ERROR_ENUMERATOR_

#define GBR_ERROR_COUNT 30

/* A short stable name such as "square-count"; "unknown" for values out of range.
 * Returns a static string the caller must not free. */
GBR_API const char *gbr_error_name(gbr_error e);
/* A one-line English message such as "more or fewer squares than the material
 * code says"; a static string. */
GBR_API const char *gbr_error_message(gbr_error e);

/* The outcome of every operation. column is 1-based, counted in bytes of src,
 * and 0 when there is no error or no text (for example from counts). length
 * is the number of bytes written to dst, or the number needed when
 * error == GBR_E_BUFFER_TOO_SMALL. */
typedef struct gbr_result {
    gbr_error error;
    uint32_t column;
    size_t length;
} gbr_result;

/* Piece types in GBR digit order; GBR_PAWN follows the four digit types. */
enum { GBR_QUEEN = 0, GBR_ROOK = 1, GBR_BISHOP = 2, GBR_KNIGHT = 3, GBR_PAWN = 4, GBR_KING = 5 };
enum { GBR_WHITE = 0, GBR_BLACK = 1 };

/* A material code: four digits (queens, rooks, bishops, knights), each 0-9,
 * and the white and black pawn counts, each 0-8. */
typedef struct gbr_material {
    uint8_t digit[4];
    uint8_t pawns[2];
} gbr_material;

/* Exact counts of the men other than the kings: count[colour][type], type in
 * GBR_QUEEN..GBR_PAWN. */
typedef struct gbr_counts {
    uint8_t count[2][5];
} gbr_counts;

typedef enum gbr_stipulation {
    GBR_STIP_NONE = 0, /* no stipulation written */
    GBR_STIP_WIN = 1,  /* '+' White wins */
    GBR_STIP_DRAW = 2  /* '=' White draws */
} gbr_stipulation;

/* Squares are numbered in GBR order: index = 8 * file + rank, file a..h = 0..7,
 * rank 1..8 = 0..7, so a1 = 0, a2 = 1, ..., a8 = 7, b1 = 8, ..., h8 = 63. */
typedef struct gbr_study {
    gbr_material material;
    uint8_t stipulation; /* gbr_stipulation */
    uint8_t white_king;  /* square index 0-63 */
    uint8_t black_king;  /* square index 0-63 */
} gbr_study;

/* The position-form indicator (spec/gbr.md, "Position form"). The values
 * are also the directory order of indicators. */
typedef enum gbr_indicator {
    GBR_IND_NONE = 0,       /* nothing written: White to move assumed */
    GBR_IND_WIN = 1,        /* "+"  White to move, White wins */
    GBR_IND_DRAW = 2,       /* "="  White to move, White draws */
    GBR_IND_BLACK_WIN = 3,  /* "-+" Black to move, White wins */
    GBR_IND_BLACK_DRAW = 4, /* "-=" Black to move, White draws */
    GBR_IND_WTM = 5,        /* " WTM" White to move, result unknown */
    GBR_IND_BTM = 6         /* " BTM" Black to move, result unknown */
} gbr_indicator;

/* Board contents: 0 empty, else (colour << 3) | (type + 1). */
enum {
    GBR_EMPTY = 0,
    GBR_WQ = 1, GBR_WR = 2, GBR_WB = 3, GBR_WN = 4, GBR_WP = 5, GBR_WK = 6,
    GBR_BQ = 9, GBR_BR = 10, GBR_BB = 11, GBR_BN = 12, GBR_BP = 13, GBR_BK = 14
};

/* A placement with one king a side, plus the indicator. board[] is indexed by
 * the GBR square index above. A FEN's side to move is held in the indicator
 * (GBR_IND_WTM / GBR_IND_BTM after gbr_parse_fen). */
typedef struct gbr_position {
    uint8_t board[64];
    uint8_t indicator; /* gbr_indicator */
} gbr_position;

/* Directory-order keys (spec/gbr.md, "Order"). Material and study keys are
 * integers whose order is the directory order; position keys compare with
 * memcmp over GBR_POSITION_KEY_SIZE bytes. */
#define GBR_POSITION_KEY_SIZE 40
typedef struct gbr_position_key {
    uint8_t bytes[GBR_POSITION_KEY_SIZE];
} gbr_position_key;

/* Longest canonical texts, for sizing buffers. */
#define GBR_MATERIAL_MAX 7   /* "abcd.ef" */
#define GBR_STUDY_MAX 12     /* "+abcd.efg1h2" */
#define GBR_POSITION_MAX 128 /* kings, code, 30 squares, braces, count, indicator */
#define GBR_FEN_MAX 92       /* placement (<= 71) + " w - - 0 1" */
#define GBR_NAME_MAX 36      /* "K" + 15 men, "v", "K" + 15 men, with slack */

/* The result option of FEN conversions. */
typedef enum gbr_result_option { GBR_RESULT_NONE = 0, GBR_RESULT_WIN = 1, GBR_RESULT_DRAW = 2 } gbr_result_option;

/* ------------------------------------------------------------------------
 * Codecs. A codec is an opaque handle: its layout is private to libgbr
 * (src/codec_interface/codecs_internal.h), so entries can be added without
 * changing the ABI. Every operation below takes the codec first; NULL means
 * gbr_codec_default(). Both codecs implement every operation.
 * ------------------------------------------------------------------------ */
typedef struct gbr_codec gbr_codec;

/* The reference codec: clear, written straight from the spec. Static storage. */
GBR_API const gbr_codec *gbr_codec_ref(void);
/* The optimised table-driven codec. Always present (never NULL). Static storage. */
GBR_API const gbr_codec *gbr_codec_fast(void);
/* The default codec (fast). Static storage. */
GBR_API const gbr_codec *gbr_codec_default(void);
/* Look a codec up by name ("ref" or "fast"); NULL when unknown. */
GBR_API const gbr_codec *gbr_codec_by_name(const char *name);
/* The codec's name, "ref" or "fast" (the default's for NULL); static string. */
GBR_API const char *gbr_codec_name(const gbr_codec *c);

/* Parsers and formatters of each form: parse (src, len) into *out, or
 * format one struct as its canonical text into (dst, cap). */
GBR_API gbr_result gbr_parse_material(const gbr_codec *c, const char *src, size_t len, gbr_material *out);
GBR_API gbr_result gbr_format_material(const gbr_codec *c, char *dst, size_t cap, const gbr_material *m);
GBR_API gbr_result gbr_parse_study(const gbr_codec *c, const char *src, size_t len, gbr_study *out);
GBR_API gbr_result gbr_format_study(const gbr_codec *c, char *dst, size_t cap, const gbr_study *s);
GBR_API gbr_result gbr_parse_position(const gbr_codec *c, const char *src, size_t len, gbr_position *out);
GBR_API gbr_result gbr_format_position(const gbr_codec *c, char *dst, size_t cap, const gbr_position *p);
GBR_API gbr_result gbr_parse_fen(const gbr_codec *c, const char *src, size_t len, gbr_position *out);
GBR_API gbr_result gbr_format_fen(const gbr_codec *c, char *dst, size_t cap, const gbr_position *p);
GBR_API gbr_result gbr_parse_name(const gbr_codec *c, const char *src, size_t len, gbr_counts *out);
GBR_API gbr_result gbr_format_name(const gbr_codec *c, char *dst, size_t cap, const gbr_counts *counts);

/* Material code of exact counts (the 9 rule). Errors, all at column 0 and
 * checked in this order: argument (a queen count above 9, or a rook, bishop
 * or knight count above 10), too-many-pawns (a pawn count above 8),
 * promotions (White before Black). */
GBR_API gbr_result gbr_material_from_counts(const gbr_codec *c, const gbr_counts *counts, gbr_material *out);
/* Split digit `type` (GBR_QUEEN..GBR_KNIGHT) into counts. Returns 1 and sets
 * *white, *black for digits 0-8; returns 0 for a 9 (the overflow class:
 * one side has three or more, the split is unknown), and, writing
 * nothing, for a NULL pointer, a type out of range or a digit above 9.
 * Only m->digit[type] is read. */
GBR_API int gbr_material_split(const gbr_codec *c, const gbr_material *m, int type, uint8_t *white, uint8_t *black);

/* Keys (spec/gbr.md section 8) of the structs the matching formatter
 * accepts (gbr_format_material, gbr_format_study, gbr_format_position). For
 * a NULL struct or one that formatter refuses, the material and study keys
 * are 0 and gbr_position_key_of writes all zero bytes (nothing when out is
 * NULL). No valid study or position has the key 0; 0 is also the material
 * key of 0000.00, so a caller that must tell them apart asks
 * gbr_format_material. */
GBR_API uint32_t gbr_material_key_of(const gbr_codec *c, const gbr_material *m);
GBR_API uint64_t gbr_study_key_of(const gbr_codec *c, const gbr_study *s);
GBR_API void gbr_position_key_of(const gbr_codec *c, const gbr_position *p, gbr_position_key *out);

/* Column operations: one operation over n items in one call, for bulk work
 * such as indexing a database column of codes, where a call per item would
 * cost more than the item. Texts lie back to back: item k is
 * text[offsets[k] .. offsets[k + 1]) (offsets has n + 1 entries; a NULL
 * text means a NULL src for every item), handed to the single operation
 * exactly as (src, len). results[k] is what the single operation returns
 * for item k, an offsets[k + 1] below offsets[k] being an argument error;
 * out[k] holds the value when results[k].error is GBR_OK and all zero bytes
 * otherwise. Returns the number of items with an error, or SIZE_MAX,
 * writing nothing, when n > 0 and offsets (counts), out or results is NULL. */
GBR_API size_t gbr_parse_material_column(const gbr_codec *c, const char *text, const size_t *offsets, size_t n,
                                         gbr_material *out, gbr_result *results);
GBR_API size_t gbr_parse_study_column(const gbr_codec *c, const char *text, const size_t *offsets, size_t n,
                                      gbr_study *out, gbr_result *results);
GBR_API size_t gbr_material_from_counts_column(const gbr_codec *c, const gbr_counts *counts, size_t n,
                                               gbr_material *out, gbr_result *results);

/* ------------------------------------------------------------------------
 * Text-to-text operations built on a codec (src/lib/ops.c). Each writes one
 * canonical text to dst. They share no logic with the codecs except through
 * the operations above, so the same composition runs over both; where a
 * codec has a fused conversion of its own (the optimised codec's FEN to
 * position form and back), it answers gbr_fen_to_position and
 * gbr_position_to_fen instead, with the composition's exact result.
 * ------------------------------------------------------------------------ */


/* The position-form indicator for a side to move (0 white, any other value
 * black) and a result; a result outside GBR_RESULT_NONE..GBR_RESULT_DRAW
 * counts as GBR_RESULT_NONE. */
GBR_API gbr_indicator gbr_indicator_for(int black_to_move, gbr_result_option result);

/* Canonical text of a material code, study code, position form. */
GBR_API gbr_result gbr_material_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);
GBR_API gbr_result gbr_study_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);
GBR_API gbr_result gbr_position_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);
/* FEN to material code, study code, position form. */
GBR_API gbr_result gbr_fen_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);
GBR_API gbr_result gbr_fen_to_study(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                    gbr_result_option result);
GBR_API gbr_result gbr_fen_to_position(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                       gbr_result_option result);
/* Position form to FEN "PLACEMENT SIDE - - 0 1". */
GBR_API gbr_result gbr_position_to_fen(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);
/* Material name (KRPvKR) to material code, and material code to name. */
GBR_API gbr_result gbr_name_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);
GBR_API gbr_result gbr_material_to_name(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);

/* The forms gbr check recognises (spec/gbr.md, "Recognising a form"). */
typedef enum gbr_form {
    GBR_FORM_UNKNOWN = 0,
    GBR_FORM_MATERIAL = 1,
    GBR_FORM_STUDY = 2,
    GBR_FORM_POSITION = 3,
    GBR_FORM_FEN = 4,
    GBR_FORM_NAME = 5
} gbr_form;
GBR_API gbr_form gbr_detect_form(const char *src, size_t len);
GBR_API const char *gbr_form_name(gbr_form f); /* "material", ...; static string */
/* Validate text of whichever form it is and write its canonical text:
 * gbr_recognise, then gbr_recognised_canonical. *form receives the form
 * recognised (may be NULL; untouched on an argument error). */
GBR_API gbr_result gbr_check(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len, gbr_form *form);

/* ------------------------------------------------------------------------
 * Recognising a form and scanning text (spec/gbr.md §10 and §10.1):
 * src/lib/recognise.c, src/lib/scan.c.
 * ------------------------------------------------------------------------ */

/* A text recognised as one form (gbr_detect_form, the rule of §10) and
 * parsed by that form's parser: form says which member of value holds it
 * (position for both a position form and a FEN, counts for a name). */
typedef struct gbr_recognised {
    gbr_form form;
    union {
        gbr_material material; /* GBR_FORM_MATERIAL */
        gbr_study study;       /* GBR_FORM_STUDY */
        gbr_position position; /* GBR_FORM_POSITION, GBR_FORM_FEN */
        gbr_counts counts;     /* GBR_FORM_NAME */
    } value;
} gbr_recognised;

/* Recognises the form of src and parses it. Returns that parser's result
 * (GBR_OK, or its error class and column); for no form, GBR_E_EMPTY (len 0)
 * or GBR_E_UNKNOWN_FORM, at column 1. out->form is the form recognised
 * whatever the result (GBR_FORM_UNKNOWN for none), out->value is written
 * only on success. GBR_E_ARGUMENT (column 0) for a NULL out (nothing
 * written) or a NULL src with a length (out->form GBR_FORM_UNKNOWN). */
GBR_API gbr_result gbr_recognise(const gbr_codec *c, const char *src, size_t len, gbr_recognised *out);
/* The canonical text of a recognised value, by its form's formatter (the
 * FEN of a GBR_FORM_FEN, the name of a GBR_FORM_NAME). GBR_E_ARGUMENT for a
 * NULL r, a form outside GBR_FORM_MATERIAL..GBR_FORM_NAME, or a NULL dst
 * with a capacity; otherwise what the formatter returns. */
GBR_API gbr_result gbr_recognised_canonical(const gbr_codec *c, char *dst, size_t cap, const gbr_recognised *r);

/* Scanning text for embedded codes (§10.1). A match is a material code,
 * study code or position form around an anchor, the point of a long
 * material code "dddd.pp"; deciding one reads at most GBR_SCAN_LOOKBEHIND
 * bytes before its anchor and fewer than GBR_SCAN_LOOKAHEAD from it. */
#define GBR_SCAN_LOOKBEHIND 16
#define GBR_SCAN_LOOKAHEAD 192

typedef enum gbr_scan_status {
    GBR_SCAN_NONE = 0,     /* no match in the text (only when no more follows) */
    GBR_SCAN_MATCH = 1,    /* *out holds the next match */
    GBR_SCAN_MORE = 2,     /* the next match cannot be decided before the text
                              that follows: call again with more text */
    GBR_SCAN_ARGUMENT = 3  /* NULL out, NULL text with a length, or start > len */
} gbr_scan_status;

typedef struct gbr_scan_match {
    gbr_recognised code;   /* form (material, study or position) and value */
    size_t start;          /* the match is text[start, end): its first byte is */
    size_t end;            /* the stipulation, first digit or white king */
    size_t resume;         /* where the next call starts: end after a match */
    size_t newlines;       /* '\n' bytes in text[start argument, start), or up
                              to resume when there is no match */
    size_t line_start;     /* one past the last of them (0 when newlines is 0) */
    size_t canonical_len;
    char canonical[GBR_POSITION_MAX]; /* canonical text (single spaces) */
} gbr_scan_match;

/* Finds the first match in text[0, len) whose anchor ('.') is at offset
 * start or later, so that start = out->resume after each call goes through
 * the text match by match (a later match never begins inside an earlier
 * one). text[0] is taken as the beginning of the text; bytes before start
 * are read as context (a boundary, a stipulation, a position form's kings).
 * Never reads outside text[0, len), never allocates.
 *
 * more_follows = 0: text ends at len. Returns GBR_SCAN_MATCH, filling *out,
 * or GBR_SCAN_NONE with out->resume = len.
 * more_follows != 0: text goes on after len (a buffer of a stream). Returns
 * GBR_SCAN_MATCH only for a match the text after len cannot change, else
 * GBR_SCAN_MORE with out->resume (>= start) the offset to search from once
 * more text is there: no later match begins before it, and
 * text[resume, len) is shorter than GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD.
 * A streaming caller keeps text from resume - GBR_SCAN_LOOKBEHIND (or from
 * 0) on, appends what follows and calls again with start = resume (counted
 * from the kept text's first byte, which is then no longer the beginning of
 * the text: that is safe once resume >= GBR_SCAN_LOOKBEHIND). The matches so
 * found are those of one call over the whole text, for any cutting of it.
 *
 * Lines (§10.1 rule 5): out->newlines and out->line_start give the line
 * breaks between start and the match's first byte (none when a match begins
 * before start), or between start and resume when there is no match, so a
 * caller that knows the line at start knows it at the match, and (counting
 * the breaks inside a match, a position form may hold some) at resume.
 * On any status but GBR_SCAN_MATCH, out->code.form is GBR_FORM_UNKNOWN,
 * out->start = out->end = out->resume and canonical_len 0. c may be NULL
 * (the default codec); it checks every candidate. The result is a status,
 * not a gbr_result: text without a code is no error. */
GBR_API gbr_scan_status gbr_scan_next(const gbr_codec *c, const char *text, size_t len, size_t start, int more_follows,
                                      gbr_scan_match *out);

/* The directory key of a material code, study code or position form
 * (spec/gbr.md §8, "Across forms"): GBR_DIRECTORY_KEY_SIZE bytes whose memcmp
 * order is the directory order of all three forms together, as gbr sort and
 * gbr directory order them. value points to a gbr_material, gbr_study or
 * gbr_position as form says; c picks the codec (NULL: the default). Returns 0,
 * or -1 (and all-zero bytes) for another form or a NULL value. A value the
 * codec's formatter would refuse gets the key built from the codec's own key
 * of it, which is zero (see gbr_material_key_of and its kind). */
#define GBR_DIRECTORY_KEY_SIZE 42
typedef struct gbr_directory_key {
    uint8_t bytes[GBR_DIRECTORY_KEY_SIZE];
} gbr_directory_key;
GBR_API int gbr_directory_key_of(const gbr_codec *c, gbr_form form, const void *value, gbr_directory_key *out);

/* Counts of a position's men other than kings, into *out. GBR_E_ARGUMENT
 * (column 0, *out untouched) for a NULL pointer or a board byte that is not
 * GBR_EMPTY or a man's code (GBR_WQ..GBR_WK, GBR_BQ..GBR_BK). Nothing else is
 * judged here: gbr_material_from_counts applies the limits and the promotion
 * rule to the counts. Only p->board is read. */
GBR_API gbr_result gbr_position_counts(const gbr_position *p, gbr_counts *out);

/* A material code's counts (spec/gbr.md §2.1): out->count[colour][type] for
 * each type whose digit is 0-8 (digit = white + 3 x black) and the pawns;
 * a type whose digit is 9 (one side has three or more, the split unknown)
 * gets 0 on both sides and its bit (1u << type, type GBR_QUEEN..GBR_KNIGHT)
 * in *unknown. c picks the codec whose material_split splits the digits
 * (NULL: the default). GBR_E_ARGUMENT (column 0, nothing written) for a NULL
 * pointer, a digit above 9 or a pawn count above 8. */
GBR_API gbr_result gbr_material_decode(const gbr_codec *c, const gbr_material *m, gbr_counts *out, unsigned *unknown);

/* ------------------------------------------------------------------------
 * The conformance protocol's operations (spec/gbr.md §13.2), one table
 * (src/lib/protocol.c) for every program that speaks or checks the
 * protocol: `gbr conform --answer`, the vector generator, the spec's example
 * runner, the property tests and fuzz harnesses. Another implementation's
 * C test driver can answer the protocol with gbr_protocol_answer.
 * ------------------------------------------------------------------------ */

/* Conformance levels (spec/gbr.md §11), in order. */
typedef enum gbr_level {
    GBR_LEVEL_MATERIAL = 0,
    GBR_LEVEL_STUDY = 1,
    GBR_LEVEL_POSITION = 2,
    GBR_LEVEL_EXTENSIONS = 3
} gbr_level;
#define GBR_LEVEL_COUNT 4
/* "material", "study", "position", "extensions"; NULL for another value. */
GBR_API const char *gbr_level_name(gbr_level level);
/* The level named by (name, len), or -1 for no level's name. */
GBR_API int gbr_level_by_name(const char *name, size_t len);

/* One operation of §13.2. */
typedef struct gbr_operation {
    const char *name;         /* "material", "fen-study-win", "position-order", ... */
    gbr_level level;          /* the level it first appears at */
    gbr_form input;           /* the form it reads; GBR_FORM_UNKNOWN: any (check) */
    int pair;                 /* 1: two texts of that form joined by '|' (the orders) */
    gbr_result_option result; /* the FEN operations' -win / -draw; else NONE */
} gbr_operation;

/* The longest answer line: "position " and a position form. */
#define GBR_ANSWER_MAX (16 + GBR_POSITION_MAX)

/* The table, by level: the operation at index (0, 1, ...), NULL past the
 * last. Static storage. */
GBR_API const gbr_operation *gbr_operation_at(size_t index);
/* The operation named by (name, len), or NULL for none. */
GBR_API const gbr_operation *gbr_operation_by_name(const char *name, size_t len);
/* Answers one request of the protocol: op (from the table above) over the
 * input (src, len), through codec c. Writes the answer line, without a
 * newline, to dst: the output when the input is valid (result GBR_OK), or
 * "error NAME COLUMN" (result: that error and column, counted in the whole
 * input). dst of GBR_ANSWER_MAX bytes always has room. A call the protocol
 * cannot answer, op not from the table or a NULL pointer with a length,
 * gives GBR_E_ARGUMENT with length 0 and writes nothing. */
GBR_API gbr_result gbr_protocol_answer(const gbr_codec *c, const gbr_operation *op, char *dst, size_t cap,
                                       const char *src, size_t len);


/* ------------------------------------------------------------------------
 * Queries (spec/query.md, "GBR queries" 1.1): which material, and which
 * king squares and stipulation, a position or code must have. A query is
 * parsed once into a caller's struct and matched many times; neither call
 * allocates. src/lib/query.c.
 * ------------------------------------------------------------------------ */
#define GBR_QUERY_ANY 255 /* a pattern position, king file or rank, or a maximum without a bound */

typedef enum gbr_query_kind {
    GBR_QUERY_CODE = 1,        /* material code pattern: 04??.1?, 0400.* */
    GBR_QUERY_STUDY = 2,       /* study code pattern: +0400.10?1e8 */
    GBR_QUERY_NAME = 3,        /* material name pattern: KRP*vKR, KR...vK */
    GBR_QUERY_COUNTS = 4,      /* count conditions: white:R=1,P>=1 black:R=1 */
    GBR_QUERY_PGN_EXTRACT = 5  /* a pgn-extract material description: R+P+ R=P# */
} gbr_query_kind;

/* Relations of one side's count of a type to the other side's count
 * (pgn-extract descriptions); by is the d of d>, d<, d>=, d<=. */
typedef enum gbr_query_relation {
    GBR_REL_NONE = 0,
    GBR_REL_EQUAL = 1,       /* = */
    GBR_REL_DIFFERENT = 2,   /* # */
    GBR_REL_MORE = 3,        /* d>  at least by more */
    GBR_REL_FEWER = 4,       /* d<  at least by fewer */
    GBR_REL_EXACTLY_MORE = 5, /* d>= exactly by more */
    GBR_REL_EXACTLY_FEWER = 6 /* d<= exactly by fewer */
} gbr_query_relation;

/* A parsed query. Code and study patterns use digit[] (0-9 or GBR_QUERY_ANY;
 * queens, rooks, bishops, knights, white pawns, black pawns); study patterns
 * also king[colour][0 file, 1 rank] (0-7 or GBR_QUERY_ANY) and stipulation
 * (GBR_STIP_NONE: any). The other kinds use min/max[colour][type] (type
 * GBR_QUEEN..GBR_PAWN; max GBR_QUERY_ANY: no bound) and relation/by. */
typedef struct gbr_query {
    uint8_t kind;          /* gbr_query_kind */
    uint8_t either_colour; /* also matches with the colours exchanged */
    uint8_t digit[6];
    uint8_t stipulation;
    uint8_t king[2][2];
    uint8_t min[2][5];
    uint8_t max[2][5];
    uint8_t relation[2][5]; /* gbr_query_relation */
    uint8_t by[2][5];
} gbr_query;

/* What a query is matched against: a position (counts exact) or a code
 * (counts exact only when no digit is 9). */
typedef struct gbr_query_subject {
    gbr_material material;
    gbr_counts counts;     /* valid when has_counts */
    uint8_t has_counts;
    uint8_t has_kings;     /* white_king, black_king valid (squares 0-63) */
    uint8_t white_king;
    uint8_t black_king;
    uint8_t stipulation;   /* gbr_stipulation */
} gbr_query_subject;

/* Parses one query of any form (recognised as spec/query.md section 2 says).
 * On success returns GBR_OK with column 0 and fills *out (either_colour 0);
 * otherwise returns GBR_E_ARGUMENT for NULL arguments or GBR_E_UNKNOWN_FORM
 * with the 1-based column of the first byte that cannot be read, *message
 * (may be NULL) receiving a static English sentence, and *out unchanged. */
GBR_API gbr_result gbr_query_parse(gbr_query *out, const char *src, size_t len, const char **message);
/* Adds count conditions "R=1,P>=1" for one side (GBR_WHITE or GBR_BLACK) to a
 * GBR_QUERY_COUNTS query (gbr_query_counts_init starts one that matches
 * every position); errors as gbr_query_parse. */
GBR_API void gbr_query_counts_init(gbr_query *out);
GBR_API gbr_result gbr_query_add_conditions(gbr_query *q, int colour, const char *src, size_t len, const char **message);
/* The subject of a position (the position's own counts and kings) with a
 * stipulation; GBR_E_ARGUMENT for NULL, or the codec's error for counts no
 * material code has (never for a board gbr_parse_fen accepted). */
GBR_API gbr_result gbr_query_subject_of_position(const gbr_codec *c, const gbr_position *p, gbr_stipulation stipulation,
                                                 gbr_query_subject *out);
/* The subject of a material code or a study code (kings and stipulation from it). */
GBR_API void gbr_query_subject_of_material(const gbr_material *m, gbr_query_subject *out);
GBR_API void gbr_query_subject_of_study(const gbr_study *s, gbr_query_subject *out);
/* 1 when the subject matches the query, else 0 (also for NULL arguments). */
GBR_API int gbr_query_match(const gbr_query *q, const gbr_query_subject *s);
/* Whether a query text reads differently in GBR queries 1.1 than in 1.0
 * (spec/query.md section 4.1): valid in both, and the two readings match
 * different sets of materials (returns the 1-based column of its first '*'),
 * or valid in 1.0 and not in 1.1, as K*vK (returns the column of the 1.1
 * error); else 0 (also for NULL). Only name patterns changed. */
GBR_API size_t gbr_query_reading_changed(const char *src, size_t len);

#ifdef __cplusplus
}
#endif
#endif /* GBR_H */
