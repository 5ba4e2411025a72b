/*
 * gen.h - generators of GBR values and texts: one library (gbr_gen, internal,
 * not installed) for the property tests (props/) and `gbr conform --fuzz`.
 *
 * Positions are built valid by construction (one king a side, pawns on ranks
 * 2-7, at most 8 pawns and no more promoted pieces than missing pawns), with
 * extra weight on the boundaries: bare kings, no pawns, 8 pawns, and three or
 * more of a type (the §5 groups). Texts are written through a codec's format
 * entries, then optionally varied into non-canonical but valid spellings, or
 * mutated into (mostly) invalid ones.
 */
#ifndef GBR_GEN_H
#define GBR_GEN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "gbr.h"

/* xoshiro256** seeded through splitmix64: fast, good enough, reproducible. */
typedef struct gen_rng {
    uint64_t s[4];
} gen_rng;

void gen_seed(gen_rng *rng, uint64_t seed);
uint64_t gen_next(gen_rng *rng);
/* Uniform in [0, n); n > 0. */
uint32_t gen_below(gen_rng *rng, uint32_t n);
/* Uniform in [lo, hi]. */
int gen_range(gen_rng *rng, int lo, int hi);
/* 1 with probability num/den. */
int gen_chance(gen_rng *rng, uint32_t num, uint32_t den);

/* A byte string of bounded length: a generated text. */
#define GEN_BYTES_MAX 256
typedef struct gen_bytes {
    size_t len;
    uint8_t data[GEN_BYTES_MAX];
} gen_bytes;


/* Most men of one type one side can have: the original complement plus one
 * promotion for each of the 8 pawns (queens 9, others 10, pawns 8). */
int gen_type_limit(int type);

void gen_position(gen_rng *rng, gbr_position *p);
/* A position that shares most of base (same material when possible), for
 * order tests where the tie-breakers must be exercised. */
void gen_position_near(gen_rng *rng, const gbr_position *base, gbr_position *p);
int position_equal(const gbr_position *a, const gbr_position *b);
/* Square index of the king of a colour; -1 when there is none. */
int position_king(const gbr_position *p, int colour);
/* Candidate shrinks: remove one non-king man, then drop the indicator. */
int position_shrink(const gbr_position *p, size_t index, gbr_position *candidate);
/* An indicator as a position form ends with it ("", "+", ..., " BTM"). */
extern const char *const gen_indicator_text[7];

/* A valid study: material from a generated position's counts through the
 * codec's material_from_counts, the kings of that position, a random
 * stipulation. Returns 0 when the codec refused the counts. */
int gen_study(gen_rng *rng, const gbr_codec *c, gbr_study *s);
/* gen_study, falling back to bare kings on a1/h8 when the codec keeps
 * refusing valid counts (its own properties report that), so generators
 * always end. */
void gen_study_or_bare(gen_rng *rng, const gbr_codec *c, gbr_study *s);

/* Random counts of men other than kings within §1 (for names); now and then
 * a side's full original complement, so boards of up to 32 men occur. */
void gen_counts(gen_rng *rng, gbr_counts *counts);

/* The forms the text generator writes. */
typedef enum gen_form {
    GEN_MATERIAL,
    GEN_STUDY,
    GEN_POSITION,
    GEN_FEN,
    GEN_NAME,
    GEN_FORM_COUNT
} gen_form;

/* Writes a valid text of `form` (canonical or a valid variant: short form,
 * study wrappers, FEN with optional fields or split digit runs) into buf
 * (at least GEN_BYTES_MAX). Returns its length; 0 if the codec failed. */
size_t gen_valid_text(gen_rng *rng, const gbr_codec *c, gen_form form, char *buf);
/* Two valid texts of `form` (material, study or position) joined by '|', as
 * the order operations read them (spec §13.2): B is often A itself or a
 * near neighbour, so the tie-breakers are reached. Returns the length (at
 * most GEN_BYTES_MAX), 0 if the codec failed. */
size_t gen_order_pair(gen_rng *rng, const gbr_codec *c, gen_form form, char *buf);
/* Applies 1-3 random mutations (replace, insert, delete, truncate, duplicate,
 * swap two neighbours, non-ASCII look-alikes such as UTF-8 fullwidth digits, Latin-1 bytes, NUL)
 * with bytes drawn mostly from the GBR alphabet. */
void gen_mutate(gen_rng *rng, gen_bytes *text);
/* Splices the tail of another text in at a random place of t. */
void gen_splice(gen_rng *rng, gen_bytes *t, const gen_bytes *other);

/* ---- Texts written by hand, never through a codec ----
 * For checks of a codec's parsers, so no codec's writer decides which texts
 * they see. Counts may break §1 (9 pawns, too many promotions). */

/* Endgame-like counts: 0-3 of a piece type and 0-8 pawns, up to max_men men. */
void gen_any_counts(gen_rng *rng, gbr_counts *c, unsigned max_men);
/* A board of those counts with one king a side, pawns off ranks 1 and 8;
 * returns 0 when they do not fit. */
int gen_board(gen_rng *rng, gbr_position *p, const gbr_counts *c);
/* The forms of those counts or boards: the digit by the 9 rule, now and
 * then the short form, a wrapper, split FEN runs, optional FEN fields. */
void gen_write_material(gen_rng *rng, gen_bytes *t, const gbr_counts *c);
void gen_write_study(gen_rng *rng, gen_bytes *t, const gbr_counts *c);
void gen_write_position(gen_bytes *t, const gbr_position *p);
void gen_write_fen(gen_rng *rng, gen_bytes *t, const gbr_position *p);
void gen_write_name(gen_bytes *t, const gbr_counts *c);

/* A valid text of a random form, mutated with probability mutate_pct %. */
void gen_text(gen_rng *rng, const gbr_codec *c, int mutate_pct, gen_bytes *out);

#endif
