/*
 * conform_fault.h - where a disagreement of `gbr conform` lies (spec/gbr.md
 * sections 9.4 and 13.3.3): the place in a text named as the rows of the
 * expectation tables name it (`material.digit-r`, `study.point-or-king`,
 * `fen.side`), and the class of the byte found there as the tables' columns
 * head it (`9`, `a-h`, `>= 0x80`, `end`). `gbr conform --fuzz` tells its
 * findings apart by these, so two defects that give the same error classes
 * in different places of the table are two findings.
 */
#ifndef GBR_CONFORM_FAULT_H
#define GBR_CONFORM_FAULT_H

#include <stddef.h>

#include "gbr.h"

/* A fault: the row and the byte class at one column of a text. */
typedef struct conform_fault {
    char row[64];    /* e.g. "material.digit-r", "study.king-file of B"; "" when none */
    char family[64]; /* the row without its piece type or side: "material.digit" (the key) */
    char byte[48];   /* e.g. "9", "space", ">= 0x80 (U+FF00-U+FF3F)", "end" */
    size_t column;   /* 1-based column in the text located; 0 when none */
    const char *in;  /* what was located: "input" or "output"; NULL when no fault is known */
    char expected_here[40]; /* what the reference does at that column: its error class, or "ok" when it reads on */
    char got_here[40];      /* what the program does there: its error class, or "ok" (it accepts or reads on) */
} conform_fault;

/* Names the place of `column` (1-based; len + 1 is the end) in `text` read
 * as `form` (GBR_FORM_UNKNOWN: the form §10 recognises), and the class of
 * the byte there, into f. `error_class` (or NULL) is the reference's error
 * at that column: `promotions` is named by the row of the §2.4 check. With
 * `pair` the text is an order input A|B and the place says which text. */
void conform_fault_locate(gbr_form form, int pair, const char *text, size_t len, size_t column,
                          const char *error_class, conform_fault *f);

/* The §9.4 column heading of a byte (for >= 0x80 the block of the UTF-8
 * character it starts, when it starts one), or "end" past the text. */
void conform_fault_byte_class(const char *text, size_t len, size_t column, char *out, size_t cap);

#endif /* GBR_CONFORM_FAULT_H */
