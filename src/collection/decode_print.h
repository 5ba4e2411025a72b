/*
 * decode_print.h - what `gbr decode` writes for one input on standard
 * output: a material code in words and as a name ("0116.00: White: rook,
 * bishop; Black: two knights; name KRBvKNN", material_words.h's wording), a
 * name as its code ("KRPvKR: 0400.10"), or with --json one object.
 */
#ifndef GBR_DECODE_PRINT_H
#define GBR_DECODE_PRINT_H

#include <stddef.h>

#include "gbr.h"

typedef struct decode_options {
    const gbr_codec *codec;
    int json; /* --json */
} decode_options;

/* Decodes the input (a material code, or a material name) and writes its
 * line. Returns the result; on an error nothing is written, and the caller
 * reports it. */
gbr_result decode_print(const decode_options *o, const char *text, size_t len);
/* The --json line of an input that could not be decoded: its input, error
 * class and column. */
void decode_print_json_error(const char *text, size_t len, gbr_result r);

#endif /* GBR_DECODE_PRINT_H */
