/*
 * What the harnesses share: the two codecs under comparison and the one
 * differential runner that every output-writing call goes through.
 *
 * Codec A is the reference; codec B is the optimised codec. Both are always
 * present: fuzz_codec_b aborts rather than hand back the reference, so a
 * differential harness never compares a codec with itself.
 */
#ifndef GBR_FUZZ_COMMON_H
#define GBR_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "gbr.h"
#include "fuzz_assert.h"

/* Every libFuzzer/AFL++/replay entry point has this signature. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A capacity larger than any canonical text: the "enough room" run. */
#define FUZZ_FULL_CAPACITY 256

/* Option bits of the last input byte (fuzz_data.h), shared by all harnesses. */
#define FUZZ_OPTION_STRUCT_MODE 0x80u /* feed the raw bytes to the format entries as a struct */

const gbr_codec *fuzz_codec_a(void);
const gbr_codec *fuzz_codec_b(void);

/* Codec A's outcome of a compared call, for further checks by the harness. */
typedef struct fuzz_output {
    gbr_result result;
    char text[FUZZ_FULL_CAPACITY];
} fuzz_output;

/* One call that writes text: run once per codec by fuzz_compare_writers. */
typedef gbr_result (*fuzz_writer)(const gbr_codec *c, char *dst, size_t cap, const void *context);

/*
 * Runs `writer` through codec A and codec B and asserts the differential
 * rule: the same error class, column and length; identical bytes when both
 * accept. It then repeats the call with a small capacity chosen by
 * capacity_byte (0 .. the length needed, with a NULL dst for 0), in an
 * allocation of exactly that size, and asserts that a short buffer gives
 * buffer-too-small with the length needed, that a buffer that fits gives the
 * same bytes, and that a rejected input is rejected the same way whatever
 * the capacity.
 */
void fuzz_compare_writers(const char *what, fuzz_writer writer, const void *context, uint8_t capacity_byte,
                          fuzz_output *out);

/* Asserts two results are equal in error, column and length. */
void fuzz_assert_same_result(const char *what, gbr_result a, gbr_result b);

/* Asserts the invariants every result obeys (a known error class; column 0
 * and a length within the capacity on success). */
void fuzz_assert_result_sane(const char *what, gbr_result r, size_t cap);

/* A text operation of gbr.h with its input, as a fuzz_writer context. */
typedef gbr_result (*fuzz_text_op)(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option);
typedef struct fuzz_text_call {
    fuzz_text_op op;
    const char *src;
    size_t len;
    gbr_result_option option;
} fuzz_text_call;
gbr_result fuzz_run_text_call(const gbr_codec *c, char *dst, size_t cap, const void *context);

/* Compares one text operation through both codecs (fuzz_compare_writers). */
void fuzz_compare_text_op(const char *what, fuzz_text_op op, const char *src, size_t len,
                          gbr_result_option option, uint8_t capacity_byte, fuzz_output *out);

/* The gbr.h operations in fuzz_text_op form (the option is ignored where the
 * operation takes none). */
gbr_result fuzz_op_material_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                      gbr_result_option option);
gbr_result fuzz_op_study_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option);
gbr_result fuzz_op_position_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                      gbr_result_option option);
gbr_result fuzz_op_fen_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option);
gbr_result fuzz_op_fen_to_study(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                gbr_result_option option);
gbr_result fuzz_op_fen_to_position(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option);
gbr_result fuzz_op_position_to_fen(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option);
gbr_result fuzz_op_name_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                    gbr_result_option option);
gbr_result fuzz_op_material_to_name(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                    gbr_result_option option);

/* gbr_check through both codecs, also comparing the form recognised. */
void fuzz_compare_check(const char *src, size_t len, uint8_t capacity_byte);

/* The codecs' format functions (gbr_format_material ...) in fuzz_writer form; context points
 * to the struct to format. */
gbr_result fuzz_format_material(const gbr_codec *c, char *dst, size_t cap, const void *context);
gbr_result fuzz_format_study(const gbr_codec *c, char *dst, size_t cap, const void *context);
gbr_result fuzz_format_position(const gbr_codec *c, char *dst, size_t cap, const void *context);
gbr_result fuzz_format_fen(const gbr_codec *c, char *dst, size_t cap, const void *context);
gbr_result fuzz_format_name(const gbr_codec *c, char *dst, size_t cap, const void *context);

/* Raw parse entries through both codecs: same result; on success the same
 * struct, every byte of it written (the outputs start from different fill
 * patterns). Returns codec A's result; *a and *b receive the structs. */
gbr_result fuzz_compare_parse_material(const char *src, size_t len, gbr_material *a, gbr_material *b);
gbr_result fuzz_compare_parse_study(const char *src, size_t len, gbr_study *a, gbr_study *b);
gbr_result fuzz_compare_parse_position(const char *src, size_t len, gbr_position *a, gbr_position *b);
gbr_result fuzz_compare_parse_fen(const char *src, size_t len, gbr_position *a, gbr_position *b);
gbr_result fuzz_compare_parse_name(const char *src, size_t len, gbr_counts *a, gbr_counts *b);

/* material_from_counts through both codecs: same result, same material. */
gbr_result fuzz_compare_material_from_counts(const gbr_counts *counts, gbr_material *out);
/* material_split of every type and material_key through both codecs. */
void fuzz_compare_material_split_and_key(const gbr_material *m);
/* position_key through both codecs: every byte of the two keys the same (the
 * outputs start from different fill patterns). */
void fuzz_compare_position_key(const gbr_position *p);

/* Column entries (parse_material_column, parse_study_column) over the text
 * split at '\n' into at most 16 items: each codec's column equals its own
 * single entry item by item (zero bytes on failure, the error count
 * returned), and the two codecs' columns are identical. */
void fuzz_compare_text_columns(const char *text, size_t len);
/* The same for material_from_counts_column over n counts. */
void fuzz_compare_counts_column(const gbr_counts *counts, size_t n);

/* Every pointer argument of the table as NULL, through both codecs: the same
 * argument error, the same keys, no dereference. */
void fuzz_compare_null_arguments(void);
/* The order keys of raw structs, however out of range, through both codecs:
 * the same key, and 0 (all zero bytes) exactly when the format entry refused
 * the struct (accepted == 0). NULL skips one. */
void fuzz_compare_raw_keys(const gbr_material *m, const gbr_study *s, const gbr_position *p, int accepted);
/* gbr_position_counts of a raw board: argument (and *out untouched) exactly
 * when a board byte is no board code of gbr.h, else the board's counts. */
void fuzz_check_position_counts(const gbr_position *p);

/* Copies up to sizeof *value bytes of raw input into a zeroed struct. */
void fuzz_struct_from_bytes(void *value, size_t value_size, const char *src, size_t len);

#endif
