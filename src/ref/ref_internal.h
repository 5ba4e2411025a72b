/*
 * Private helpers shared inside the reference codec (src/ref) only. The
 * optimised codec shares the interface with this one, never these helpers.
 *
 * Everything here is written the way spec/gbr.md states it: texts are read
 * left to right once, each rule is a small computation (no lookup tables),
 * nothing is allocated and nothing global is kept.
 */
#ifndef GBR_REF_INTERNAL_H
#define GBR_REF_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "gbr.h"
#include "piece_letters.h"

/* ---- Results ------------------------------------------------------------ */

static inline gbr_result ref_ok(size_t length)
{
    gbr_result r = {GBR_OK, 0, length};
    return r;
}

static inline gbr_result ref_error(gbr_error e, uint32_t column)
{
    gbr_result r = {e, column, 0};
    return r;
}

/* API misuse (a NULL pointer, an impossible struct): no text, so column 0. */
static inline gbr_result ref_argument_error(void) { return ref_error(GBR_E_ARGUMENT, 0); }

/* Columns are uint32_t; a text longer than that reports the largest column. */
static inline uint32_t ref_column_of_offset(size_t offset)
{
    return offset >= UINT32_MAX ? UINT32_MAX : (uint32_t)(offset + 1u);
}

/* ---- Reading a text left to right (§9.3) -------------------------------- */

typedef struct ref_reader {
    const char *src;
    size_t len;
    size_t pos; /* offset of the next byte to read */
} ref_reader;

static inline ref_reader ref_reader_over(const char *src, size_t len)
{
    ref_reader r = {src, len, 0};
    return r;
}

static inline int ref_at_end(const ref_reader *r) { return r->pos >= r->len; }

/* The next byte; only valid when !ref_at_end(r). */
static inline char ref_peek(const ref_reader *r) { return r->src[r->pos]; }

static inline void ref_skip(ref_reader *r) { r->pos++; }

/* Column of the next byte: length + 1 once the text is used up, which is
 * exactly where §9.3 rule 1 reports `truncated`. */
static inline uint32_t ref_column(const ref_reader *r) { return ref_column_of_offset(r->pos); }

static inline gbr_result ref_fail_here(const ref_reader *r, gbr_error e) { return ref_error(e, ref_column(r)); }

static inline gbr_result ref_truncated(const ref_reader *r) { return ref_fail_here(r, GBR_E_TRUNCATED); }

/* Requires the byte `wanted`: the end is `truncated`, any other byte is `otherwise`. */
gbr_result gbr_ref_expect(ref_reader *r, char wanted, gbr_error otherwise);

/* Common argument check of every parse entry: text (src, len) and an output. */
static inline int ref_bad_text(const char *src, size_t len, const void *out)
{
    return (src == NULL && len != 0) || out == NULL;
}

/* ---- Squares (§1) ------------------------------------------------------- */

/* GBR square order is file-major: index = 8 * file + rank, a1 = 0, h8 = 63. */
static inline int ref_square_of(int file, int rank) { return 8 * file + rank; }
static inline int ref_file_of(int square) { return square / 8; }
static inline int ref_rank_of(int square) { return square % 8; }

static inline int ref_is_file_letter(char c) { return c >= 'a' && c <= 'h'; }
static inline int ref_is_rank_digit(char c) { return c >= '1' && c <= '8'; }

/* Reads a square: a file letter not a-h is `bad` at the letter, a rank digit
 * not 1-8 is `bad` at the digit (§9.3 rule 2), the end is `truncated`. */
gbr_result gbr_ref_read_square(ref_reader *r, gbr_error bad, int *square);

/* ---- Men ---------------------------------------------------------------- */

/* Board contents per gbr.h: (colour << 3) | (type + 1). */
static inline uint8_t ref_man(int colour, int type) { return (uint8_t)((colour << 3) | (type + 1)); }
static inline int ref_man_colour(uint8_t man) { return man >> 3; }
static inline int ref_man_type(uint8_t man) { return (man & 7) - 1; }

/* A board byte is empty or a man of a known colour and type. */
static inline int ref_is_board_value(uint8_t v)
{
    return v == GBR_EMPTY || (v < 16 && (v & 7) >= 1 && (v & 7) <= 6);
}

/* Piece letters: piece_type_of_letter and piece_letter_of_type
 * (lib/piece_letters.h, included above). */

/* ---- The digit rule (§2.1, §2.3) ----------------------------------------- */

static inline int ref_white_of_digit(int digit) { return digit % 3; }
static inline int ref_black_of_digit(int digit) { return digit / 3; }

/* By count, not by sum: three or more of a type on either side is a 9. */
static inline int ref_digit_of(int white, int black)
{
    return (white >= 3 || black >= 3) ? 9 : white + 3 * black;
}

/* ---- The promotion rule (§1) -------------------------------------------- */

/* Each side starts with 1 queen, 2 rooks, 2 bishops, 2 knights, 8 pawns. */
static inline int ref_original_complement(int type)
{
    switch (type) {
    case GBR_QUEEN: return 1;
    case GBR_PAWN: return 8;
    default: return 2;
    }
}

/* 1 when one side's men (count[type], GBR_QUEEN..GBR_PAWN) have no more
 * promoted pieces than missing pawns. */
int gbr_ref_side_within_promotions(const int count[5]);

/* ---- Material code (§2) -------------------------------------------------- */

/* Four piece digits 0-9 (`expected-digit`, end `truncated`). */
gbr_result gbr_ref_read_piece_digits(ref_reader *r, gbr_material *m);
/* Two pawn digits 0-8 after the point (a 9 is `pawn-count`, another byte
 * `expected-digit`, end `truncated`). */
gbr_result gbr_ref_read_pawn_digits(ref_reader *r, gbr_material *m);
/* §2.4: some side for every 9 keeps both sides within the promotion rule. */
int gbr_ref_material_possible(const gbr_material *m);
/* Digits 0-9, pawns 0-8 and §2.4: what format_* accept. */
int gbr_ref_material_valid(const gbr_material *m);
/* The number abcdef of §8. */
uint32_t gbr_ref_material_number(const gbr_material *m);

/* ---- Study code (§3) ---------------------------------------------------- */

/* Stipulation 0-2, a valid material code, kings 0-63 on different squares:
 * what format_study and study_key accept. */
int gbr_ref_study_valid(const gbr_study *s);

/* ---- Positions ------------------------------------------------------------ */

/* What format_position, format_fen and position_key accept: board bytes
 * known, one king a side, no pawn on rank 1 or 8, at most 8 pawns a side, the
 * promotion rule, indicator 0-6. Fills the counts of the men besides kings. */
int gbr_ref_position_valid(const gbr_position *p, gbr_counts *counts);
int gbr_ref_find_man(const gbr_position *p, uint8_t man);

/* ---- Writing ------------------------------------------------------------- */

/* Texts are built here first, then copied out only when they fit, so a short
 * buffer receives nothing. GBR_POSITION_MAX is the longest text of any form. */
typedef struct ref_writer {
    char text[GBR_POSITION_MAX];
    size_t length;
} ref_writer;

static inline void ref_put(ref_writer *w, char c)
{
    if (w->length < sizeof w->text)
        w->text[w->length++] = c;
}

void gbr_ref_put_square(ref_writer *w, int square);
void gbr_ref_put_number(ref_writer *w, unsigned value);
void gbr_ref_put_material(ref_writer *w, const gbr_material *m);
/* Copies the text to (dst, cap), or reports buffer-too-small with the size. */
gbr_result gbr_ref_deliver(const ref_writer *w, char *dst, size_t cap);

/* ---- The entries of gbr_ref_codec ---------------------------------------- */

gbr_result gbr_ref_parse_material(const gbr_codec *codec, const char *src, size_t len, gbr_material *out);
gbr_result gbr_ref_format_material(const gbr_codec *codec, char *dst, size_t cap, const gbr_material *m);
gbr_result gbr_ref_parse_study(const gbr_codec *codec, const char *src, size_t len, gbr_study *out);
gbr_result gbr_ref_format_study(const gbr_codec *codec, char *dst, size_t cap, const gbr_study *s);
gbr_result gbr_ref_parse_position(const gbr_codec *codec, const char *src, size_t len, gbr_position *out);
gbr_result gbr_ref_format_position(const gbr_codec *codec, char *dst, size_t cap, const gbr_position *p);
gbr_result gbr_ref_parse_fen(const gbr_codec *codec, const char *src, size_t len, gbr_position *out);
gbr_result gbr_ref_format_fen(const gbr_codec *codec, char *dst, size_t cap, const gbr_position *p);
gbr_result gbr_ref_parse_name(const gbr_codec *codec, const char *src, size_t len, gbr_counts *out);
gbr_result gbr_ref_format_name(const gbr_codec *codec, char *dst, size_t cap, const gbr_counts *c);
gbr_result gbr_ref_material_from_counts(const gbr_codec *codec, const gbr_counts *c, gbr_material *out);
int gbr_ref_material_split(const gbr_codec *codec, const gbr_material *m, int type, uint8_t *white, uint8_t *black);
uint32_t gbr_ref_material_key(const gbr_codec *codec, const gbr_material *m);
uint64_t gbr_ref_study_key(const gbr_codec *codec, const gbr_study *s);
void gbr_ref_position_key(const gbr_codec *codec, const gbr_position *p, gbr_position_key *out);
size_t gbr_ref_parse_material_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                     gbr_material *out, gbr_result *results);
size_t gbr_ref_parse_study_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                  gbr_study *out, gbr_result *results);
size_t gbr_ref_material_from_counts_column(const gbr_codec *codec, const gbr_counts *counts, size_t n,
                                           gbr_material *out, gbr_result *results);

#endif
