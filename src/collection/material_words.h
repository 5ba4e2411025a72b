/*
 * material_words.h - a material code in words ("White: rook, bishop; Black:
 * two knights"), the one wording of `gbr decode` and `gbr directory`.
 */
#ifndef GBR_MATERIAL_WORDS_H
#define GBR_MATERIAL_WORDS_H

#include <stddef.h>

#include "gbr.h"

/* A decoded material code: counts per colour and type, and which types are a
 * 9 (gbr_material_decode's mask: bit 1 << type). */
typedef struct material_words {
    char code[GBR_MATERIAL_MAX];
    size_t code_len;
    char name[GBR_NAME_MAX];
    size_t name_len; /* 0 when the code has a 9 */
    gbr_counts counts;
    unsigned unknown;
} material_words;

/* The longest text material_words_text writes, its NUL included. */
#define MATERIAL_WORDS_MAX 400

extern const char *const material_type_plural[5]; /* "queens" ... "pawns" */

/* Parses and decodes a material code's text. */
gbr_result material_words_decode(const gbr_codec *codec, const char *text, size_t len, material_words *d);
/* Decodes a parsed material code. */
gbr_result material_words_of(const gbr_codec *codec, const gbr_material *m, material_words *d);
/* "White: rook, bishop; Black: two knights" and, per 9, "; three or more
 * knights on one side (split unknown)"; NUL-terminated. Returns its length. */
size_t material_words_text(const material_words *d, char out[MATERIAL_WORDS_MAX]);

#endif /* GBR_MATERIAL_WORDS_H */
