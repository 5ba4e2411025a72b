/*
 * gen.h - generators of GBR values and texts for the property tests.
 *
 * Positions are built valid by construction (one king a side, pawns on ranks
 * 2-7, at most 8 pawns and no more promoted pieces than missing pawns), with
 * extra weight on the boundaries: bare kings, no pawns, 8 pawns, and three or
 * more of a type (the §5 groups). Texts are written through a codec's format
 * entries, then optionally varied into non-canonical but valid spellings, or
 * mutated into (mostly) invalid ones.
 */
#ifndef GBR_PROPS_GEN_H
#define GBR_PROPS_GEN_H

#include "prop.h"

/* Most men of one type one side can have: the original complement plus one
 * promotion for each of the 8 pawns (queens 9, others 10, pawns 8). */
int gen_type_limit(int type);

void gen_position(prop_rng *rng, gbr_position *p);
/* A position that shares most of base (same material when possible), for
 * order tests where the tie-breakers must be exercised. */
void gen_position_near(prop_rng *rng, const gbr_position *base, gbr_position *p);
int position_equal(const gbr_position *a, const gbr_position *b);
/* Square index of the king of a colour; -1 when there is none. */
int position_king(const gbr_position *p, int colour);
/* Candidate shrinks: remove one non-king man, then drop the indicator. */
int position_shrink(const gbr_position *p, size_t index, gbr_position *candidate);
/* Test-side listing such as "Ke1 ke8 Nb1 nf6 Pe2 +" (never through a codec). */
void position_print(FILE *out, const gbr_position *p);

/* A valid study: material from a generated position's counts through the
 * codec's material_from_counts, the kings of that position, a random
 * stipulation. Returns 0 when the codec refused the counts. */
int gen_study(prop_rng *rng, const gbr_codec *c, gbr_study *s);
/* gen_study, falling back to bare kings on a1/h8 when the codec keeps
 * refusing valid counts (its own properties report that), so generators
 * always end. */
void gen_study_or_bare(prop_rng *rng, const gbr_codec *c, gbr_study *s);
void study_print(FILE *out, const gbr_study *s);

/* Random counts of men other than kings within §1 (for names). */
void gen_counts(prop_rng *rng, gbr_counts *counts);

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
 * (at least PROP_BYTES_MAX). Returns its length; 0 if the codec failed. */
size_t gen_valid_text(prop_rng *rng, const gbr_codec *c, gen_form form, char *buf);
/* Applies 1-3 random mutations (replace, insert, delete, truncate, duplicate)
 * with bytes drawn mostly from the GBR alphabet. */
void gen_mutate(prop_rng *rng, prop_bytes *text);
/* A valid text of a random form, mutated with probability mutate_pct %. */
void gen_text(prop_rng *rng, const gbr_codec *c, int mutate_pct, prop_bytes *out);

#endif
