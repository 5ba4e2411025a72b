/*
 * code_check.h - the audit rule, written once: the GBR code a PGN code tag
 * carries, and whether the game's FEN agrees with it. `gbr audit` reports and
 * fixes with it; `gbr directory` flags entries and takes their stipulation
 * from it.
 *
 * Code tags: [GBR "..."], whose whole value (spaces around it aside) must be
 * one material code, study code or position form (an empty value, "?" and
 * "-" say nothing), and [Black "..."] when its value starts with a code,
 * possibly wrapped: "(+0016.32d4g7) 1st Prize".
 */
#ifndef GBR_CODE_CHECK_H
#define GBR_CODE_CHECK_H

#include <stddef.h>

#include "gbr.h"
#include "pgn_reader.h"
#include "gbr.h"

/* What code_check_tag_code found. */
typedef enum { CODE_CHECK_NONE = 0, CODE_CHECK_FOUND = 1, CODE_CHECK_ERROR = -1 } code_check_status;

/* The code of a tag: form, parsed value and canonical text in `code`, and
 * code.start/code.end the byte span of the code (wrapper excluded) inside the
 * tag's raw value; that span is what a fix rewrites. */
typedef struct code_check_tag_error {
    size_t index;        /* byte of the raw value where the problem is */
    const char *what;    /* "GBR tag" */
    const char *message; /* static text */
} code_check_tag_error;

/* 1 when the tag is a code tag ([GBR] or [Black]). */
int code_check_is_code_tag(const pgn_tag *t);

/* The code the tag carries: CODE_CHECK_FOUND with *code filled, CODE_CHECK_NONE
 * when it carries none (not a code tag, a placeholder, a [Black] name), or
 * CODE_CHECK_ERROR with *error filled for a [GBR] value that is no code. */
code_check_status code_check_tag_code(const gbr_codec *codec, const pgn_tag *t, gbr_scan_match *code,
                                 code_check_tag_error *error);

/* What the FEN's position gives in the form of `code` (with its stipulation or
 * indicator, which a FEN cannot say): written to expected[0, *expected_len)
 * (capacity GBR_POSITION_MAX is enough); *wrong is 1 when it differs from the
 * tag's code. Returns 0, or -1 when the position has no code (then nothing is
 * said about the tag). */
int code_check_expected(const gbr_codec *codec, const gbr_position *fen, const gbr_scan_match *code, char *expected,
                        size_t capacity, size_t *expected_len, int *wrong);

/* What code_check_expected works out from the FEN's position before it
 * writes the code: a caller that has them already (gbr directory, which
 * needs them for its own entry) passes them to code_check_expected_of and
 * spares counting the board again. */
typedef struct code_check_position_facts {
    gbr_material material;
    uint8_t white_king, black_king; /* squares */
} code_check_position_facts;
int code_check_expected_of(const gbr_codec *codec, const gbr_position *fen, const code_check_position_facts *facts,
                           const gbr_scan_match *code, char *expected, size_t capacity, size_t *expected_len,
                           int *wrong);

/* Room for code_check_mismatch_text's sentence: a tag name that is a code tag's,
 * two codes and the words around them. */
#define CODE_CHECK_MISMATCH_MAX (8 + 2 * GBR_POSITION_MAX + 32)

/* What a wrong code tag is reported as, the one wording of gbr audit and gbr
 * directory: "Black tag says +0300.10a1a3, FEN gives +0400.10a1a3". Writes it
 * to dst (CODE_CHECK_MISMATCH_MAX bytes, not NUL-ended) and returns its length;
 * `t` is a code tag, expected_len at most GBR_POSITION_MAX. */
size_t code_check_mismatch_text(char *dst, const pgn_tag *t, const gbr_scan_match *code, const char *expected,
                           size_t expected_len);

/* The study code of a position with a stipulation (GBR_RESULT_NONE: none),
 * e.g. "+0103.00c1c3": written to out (GBR_POSITION_MAX bytes are enough);
 * its length, or 0 when the position has no code. What --add-codes writes. */
size_t code_check_study_code(const gbr_codec *codec, const gbr_position *p, gbr_result_option stipulation, char *out,
                        size_t capacity);

/* The stipulation a code says: GBR_RESULT_WIN or _DRAW from a study code's
 * '+' or '=' or a position form's indicator, else GBR_RESULT_NONE. */
gbr_result_option code_check_stipulation(const gbr_scan_match *code);

#endif /* GBR_CODE_CHECK_H */
