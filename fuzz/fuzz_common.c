/* Shared harness support: the codec pair, the differential runner, failure reports. */
#include "fuzz_common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The input of the current run, for failure reports only. */
static const char *noted_text;
static size_t noted_len;

void fuzz_note_input(const char *text, size_t len)
{
    noted_text = text;
    noted_len = len;
}

static void print_escaped(FILE *f, const char *text, size_t len)
{
    fputc('"', f);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == '"' || ch == '\\')
            fprintf(f, "\\%c", ch);
        else if (ch >= 0x20 && ch < 0x7f)
            fputc(ch, f);
        else
            fprintf(f, "\\x%02x", ch);
    }
    fputc('"', f);
}

void fuzz_fail(const char *file, int line, const char *condition, const char *format, ...)
{
    va_list args;
    fprintf(stderr, "%s:%d: fuzz assertion failed: %s\n  ", file, line, condition);
    va_start(args, format);
    vfprintf(stderr, format, args);
    va_end(args);
    fprintf(stderr, "\n  input (%zu bytes): ", noted_len);
    print_escaped(stderr, noted_text ? noted_text : "", noted_text ? noted_len : 0);
    fprintf(stderr, "\n");
    fflush(stderr);
    abort();
}

const gbr_codec *fuzz_codec_a(void) { return gbr_codec_ref(); }

/* The second codec of every differential harness is the optimised one, never
 * the reference again: a harness comparing ref with ref would find nothing. */
const gbr_codec *fuzz_codec_b(void)
{
    const gbr_codec *fast = gbr_codec_fast();
    if (!fast || fast == gbr_codec_ref()) {
        fprintf(stderr, "fuzz: gbr_codec_fast() is %s; the harnesses need both codecs\n",
                fast ? "the reference codec" : "NULL");
        abort();
    }
    return fast;
}

void fuzz_assert_result_sane(const char *what, gbr_result r, size_t cap)
{
    FUZZ_ASSERT((unsigned)r.error < GBR_ERROR_COUNT, "%s: error value %d out of range", what, (int)r.error);
    if (r.error == GBR_OK) {
        FUZZ_ASSERT(r.column == 0, "%s: success with column %u", what, (unsigned)r.column);
        FUZZ_ASSERT(r.length <= cap, "%s: length %zu beyond capacity %zu", what, r.length, cap);
    } else if (r.error == GBR_E_BUFFER_TOO_SMALL) {
        FUZZ_ASSERT(r.length > cap, "%s: buffer-too-small but %zu needed fits in %zu", what, r.length, cap);
    }
}

void fuzz_assert_same_result(const char *what, gbr_result a, gbr_result b)
{
    FUZZ_ASSERT(a.error == b.error && a.column == b.column && a.length == b.length,
                "%s: codecs differ: %s gives %s column %u length %zu, %s gives %s column %u length %zu", what,
                gbr_codec_name(fuzz_codec_a()), gbr_error_name(a.error), (unsigned)a.column, a.length,
                gbr_codec_name(fuzz_codec_b()), gbr_error_name(b.error), (unsigned)b.column, b.length);
}

/* A run with exactly `cap` bytes of heap, so any write past cap is an ASan
 * finding; a NULL dst for 0 (the size query). Returns the result and copies
 * what was written into `copy` (FUZZ_FULL_CAPACITY bytes). */
static gbr_result run_exact(fuzz_writer writer, const gbr_codec *c, const void *context, size_t cap, char *copy)
{
    char *dst = cap ? malloc(cap) : NULL;
    FUZZ_ASSERT(cap == 0 || dst != NULL, "out of memory for %zu bytes", cap);
    gbr_result r = writer(c, dst, cap, context);
    if (r.error == GBR_OK && r.length <= cap && r.length <= FUZZ_FULL_CAPACITY)
        memcpy(copy, dst, r.length);
    free(dst);
    return r;
}

void fuzz_compare_writers(const char *what, fuzz_writer writer, const void *context, uint8_t capacity_byte,
                          fuzz_output *out)
{
    static char text_a[FUZZ_FULL_CAPACITY], text_b[FUZZ_FULL_CAPACITY];
    const gbr_codec *a = fuzz_codec_a(), *b = fuzz_codec_b();

    gbr_result full_a = run_exact(writer, a, context, FUZZ_FULL_CAPACITY, text_a);
    gbr_result full_b = run_exact(writer, b, context, FUZZ_FULL_CAPACITY, text_b);
    fuzz_assert_result_sane(what, full_a, FUZZ_FULL_CAPACITY);
    fuzz_assert_result_sane(what, full_b, FUZZ_FULL_CAPACITY);
    FUZZ_ASSERT(full_a.error != GBR_E_BUFFER_TOO_SMALL, "%s: %zu bytes needed, more than any canonical text",
                what, full_a.length);
    fuzz_assert_same_result(what, full_a, full_b);
    if (full_a.error == GBR_OK)
        FUZZ_ASSERT(memcmp(text_a, text_b, full_a.length) == 0, "%s: codecs write different bytes: %.*s vs %.*s",
                    what, (int)full_a.length, text_a, (int)full_b.length, text_b);

    /* The small-capacity run: 0 .. needed when accepted, 0 .. 15 otherwise. */
    size_t cap = full_a.error == GBR_OK ? capacity_byte % (full_a.length + 1) : capacity_byte % 16u;
    char small_text[FUZZ_FULL_CAPACITY];
    const gbr_codec *codecs[2] = {a, b};
    for (int i = 0; i < 2; i++) {
        gbr_result small = run_exact(writer, codecs[i], context, cap, small_text);
        fuzz_assert_result_sane(what, small, cap);
        if (full_a.error == GBR_OK && cap < full_a.length) {
            FUZZ_ASSERT(small.error == GBR_E_BUFFER_TOO_SMALL && small.length == full_a.length,
                        "%s (%s, capacity %zu): expected buffer-too-small needing %zu, got %s column %u length %zu",
                        what, gbr_codec_name(codecs[i]), cap, full_a.length, gbr_error_name(small.error),
                        (unsigned)small.column, small.length);
            FUZZ_ASSERT(small.column == 0, "%s (%s): buffer-too-small with column %u", what, gbr_codec_name(codecs[i]),
                        (unsigned)small.column);
        } else {
            fuzz_assert_same_result(what, full_a, small);
            if (small.error == GBR_OK)
                FUZZ_ASSERT(memcmp(small_text, text_a, small.length) == 0,
                            "%s (%s, capacity %zu): bytes differ from the full-capacity run", what,
                            gbr_codec_name(codecs[i]), cap);
        }
    }

    if (out) {
        out->result = full_a;
        memcpy(out->text, text_a, full_a.error == GBR_OK ? full_a.length : 0);
    }
}

gbr_result fuzz_run_text_call(const gbr_codec *c, char *dst, size_t cap, const void *context)
{
    const fuzz_text_call *call = context;
    return call->op(c, dst, cap, call->src, call->len, call->option);
}

void fuzz_compare_text_op(const char *what, fuzz_text_op op, const char *src, size_t len,
                          gbr_result_option option, uint8_t capacity_byte, fuzz_output *out)
{
    fuzz_text_call call = {op, src, len, option};
    fuzz_compare_writers(what, fuzz_run_text_call, &call, capacity_byte, out);
}

gbr_result fuzz_op_material_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                      gbr_result_option option)
{
    (void)option;
    return gbr_material_canonical(c, dst, cap, src, len);
}

gbr_result fuzz_op_study_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option)
{
    (void)option;
    return gbr_study_canonical(c, dst, cap, src, len);
}

gbr_result fuzz_op_position_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                      gbr_result_option option)
{
    (void)option;
    return gbr_position_canonical(c, dst, cap, src, len);
}

gbr_result fuzz_op_fen_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option)
{
    (void)option;
    return gbr_fen_to_material(c, dst, cap, src, len);
}

gbr_result fuzz_op_fen_to_study(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                gbr_result_option option)
{
    return gbr_fen_to_study(c, dst, cap, src, len, option);
}

gbr_result fuzz_op_fen_to_position(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option)
{
    return gbr_fen_to_position(c, dst, cap, src, len, option);
}

gbr_result fuzz_op_position_to_fen(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                   gbr_result_option option)
{
    (void)option;
    return gbr_position_to_fen(c, dst, cap, src, len);
}

gbr_result fuzz_op_name_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                    gbr_result_option option)
{
    (void)option;
    return gbr_name_to_material(c, dst, cap, src, len);
}

gbr_result fuzz_op_material_to_name(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                                    gbr_result_option option)
{
    (void)option;
    return gbr_material_to_name(c, dst, cap, src, len);
}

/* gbr_check's form goes through a second channel; the writer records it. */
typedef struct check_call {
    const char *src;
    size_t len;
    unsigned calls; /* fuzz_compare_writers alternates codec A and codec B */
    gbr_form form[2];
} check_call;

static gbr_result run_check(const gbr_codec *c, char *dst, size_t cap, const void *context)
{
    check_call *call = (check_call *)(uintptr_t)context;
    (void)c;
    gbr_form *form = &call->form[call->calls++ & 1u];
    return gbr_check(c, dst, cap, call->src, call->len, form);
}

void fuzz_compare_check(const char *src, size_t len, uint8_t capacity_byte)
{
    check_call call = {src, len, 0, {GBR_FORM_UNKNOWN, GBR_FORM_UNKNOWN}};
    fuzz_compare_writers("gbr_check", run_check, &call, capacity_byte, NULL);
    FUZZ_ASSERT(call.form[0] == gbr_detect_form(src, len) && call.form[1] == call.form[0],
                "gbr_check: form %s / %s, detected %s", gbr_form_name(call.form[0]), gbr_form_name(call.form[1]),
                gbr_form_name(gbr_detect_form(src, len)));
}

gbr_result fuzz_format_material(const gbr_codec *c, char *dst, size_t cap, const void *context)
{
    return gbr_format_material(c, dst, cap, context);
}

gbr_result fuzz_format_study(const gbr_codec *c, char *dst, size_t cap, const void *context)
{
    return gbr_format_study(c, dst, cap, context);
}

gbr_result fuzz_format_position(const gbr_codec *c, char *dst, size_t cap, const void *context)
{
    return gbr_format_position(c, dst, cap, context);
}

gbr_result fuzz_format_fen(const gbr_codec *c, char *dst, size_t cap, const void *context)
{
    return gbr_format_fen(c, dst, cap, context);
}

gbr_result fuzz_format_name(const gbr_codec *c, char *dst, size_t cap, const void *context)
{
    return gbr_format_name(c, dst, cap, context);
}

/* Fill patterns for parse outputs: a codec that leaves a byte unwritten on
 * success shows up as a difference between the two structs, and one that
 * writes *out on failure (gbr.h: parsers write it only on success) as a
 * byte that lost its pattern. */
#define FILL_A 0xa5
#define FILL_B 0x5a

static int still_filled(const void *p, size_t n, unsigned char fill)
{
    const unsigned char *bytes = p;
    for (size_t k = 0; k < n; k++)
        if (bytes[k] != fill)
            return 0;
    return 1;
}

#define COMPARE_PARSE(entry, type, what)                                                                               \
    do {                                                                                                               \
        memset(a, FILL_A, sizeof *a);                                                                                  \
        memset(b, FILL_B, sizeof *b);                                                                                  \
        gbr_result ra = gbr_##entry(fuzz_codec_a(), src, len, a);                                                      \
        gbr_result rb = gbr_##entry(fuzz_codec_b(), src, len, b);                                                      \
        fuzz_assert_result_sane(what, ra, SIZE_MAX);                                                                   \
        fuzz_assert_result_sane(what, rb, SIZE_MAX);                                                                   \
        fuzz_assert_same_result(what, ra, rb);                                                                         \
        if (ra.error == GBR_OK)                                                                                        \
            FUZZ_ASSERT(memcmp(a, b, sizeof(type)) == 0, "%s: accepted, but the structs differ", what);                \
        else {                                                                                                         \
            FUZZ_ASSERT(ra.column >= 1 && ra.column <= len + 1, "%s: column %u outside 1..%zu", what,                  \
                        (unsigned)ra.column, len + 1);                                                                 \
            FUZZ_ASSERT(still_filled(a, sizeof(type), FILL_A), "%s: codec A wrote *out on failure", what);             \
            FUZZ_ASSERT(still_filled(b, sizeof(type), FILL_B), "%s: codec B wrote *out on failure", what);             \
        }                                                                                                              \
        return ra;                                                                                                     \
    } while (0)

gbr_result fuzz_compare_parse_material(const char *src, size_t len, gbr_material *a, gbr_material *b)
{
    COMPARE_PARSE(parse_material, gbr_material, "parse_material");
}

gbr_result fuzz_compare_parse_study(const char *src, size_t len, gbr_study *a, gbr_study *b)
{
    COMPARE_PARSE(parse_study, gbr_study, "parse_study");
}

gbr_result fuzz_compare_parse_position(const char *src, size_t len, gbr_position *a, gbr_position *b)
{
    COMPARE_PARSE(parse_position, gbr_position, "parse_position");
}

gbr_result fuzz_compare_parse_fen(const char *src, size_t len, gbr_position *a, gbr_position *b)
{
    COMPARE_PARSE(parse_fen, gbr_position, "parse_fen");
}

gbr_result fuzz_compare_parse_name(const char *src, size_t len, gbr_counts *a, gbr_counts *b)
{
    COMPARE_PARSE(parse_name, gbr_counts, "parse_name");
}

gbr_result fuzz_compare_material_from_counts(const gbr_counts *counts, gbr_material *out)
{
    gbr_material b;
    memset(out, FILL_A, sizeof *out);
    memset(&b, FILL_B, sizeof b);
    gbr_result ra = gbr_material_from_counts(fuzz_codec_a(), counts, out);
    gbr_result rb = gbr_material_from_counts(fuzz_codec_b(), counts, &b);
    fuzz_assert_result_sane("material_from_counts", ra, SIZE_MAX);
    fuzz_assert_same_result("material_from_counts", ra, rb);
    if (ra.error == GBR_OK)
        FUZZ_ASSERT(memcmp(out, &b, sizeof b) == 0, "material_from_counts: the materials differ");
    return ra;
}

void fuzz_compare_material_split_and_key(const gbr_material *m)
{
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        uint8_t white[2] = {0xff, 0xff}, black[2] = {0xff, 0xff};
        int exact_a = gbr_material_split(fuzz_codec_a(), m, type, &white[0], &black[0]);
        int exact_b = gbr_material_split(fuzz_codec_b(), m, type, &white[1], &black[1]);
        FUZZ_ASSERT(exact_a == exact_b, "material_split type %d: %d vs %d", type, exact_a, exact_b);
        if (exact_a)
            FUZZ_ASSERT(white[0] == white[1] && black[0] == black[1], "material_split type %d: %u+%u vs %u+%u",
                        type, white[0], black[0], white[1], black[1]);
    }
    uint32_t key_a = gbr_material_key_of(fuzz_codec_a(), m), key_b = gbr_material_key_of(fuzz_codec_b(), m);
    FUZZ_ASSERT(key_a == key_b, "material_key: %lu vs %lu", (unsigned long)key_a, (unsigned long)key_b);
}

void fuzz_compare_position_key(const gbr_position *p)
{
    gbr_position_key key_a, key_b;
    memset(&key_a, 0xa5, sizeof key_a);
    memset(&key_b, 0x5a, sizeof key_b);
    gbr_position_key_of(fuzz_codec_a(), p, &key_a);
    gbr_position_key_of(fuzz_codec_b(), p, &key_b);
    FUZZ_ASSERT(memcmp(&key_a, &key_b, sizeof key_a) == 0, "position_key: the keys differ");
}

void fuzz_struct_from_bytes(void *value, size_t value_size, const char *src, size_t len)
{
    memset(value, 0, value_size);
    if (len > 0)
        memcpy(value, src, len < value_size ? len : value_size);
}

/* NULL where the table takes a pointer: both codecs must refuse (argument)
 * the same way and never dereference it. */
void fuzz_compare_null_arguments(void)
{
    const gbr_codec *codecs[2] = {fuzz_codec_a(), fuzz_codec_b()};
    gbr_result r[2][16];
    uint64_t keys[2][3];
    gbr_position_key position_keys[2];
    char dst[FUZZ_FULL_CAPACITY];
    gbr_material m = {{0, 0, 0, 0}, {0, 0}};
    gbr_study s = {{{0, 0, 0, 0}, {0, 0}}, 0, 4, 7};
    gbr_position p;
    gbr_counts counts;
    uint8_t white, black;
    memset(&p, 0, sizeof p);
    memset(&counts, 0, sizeof counts);
    for (int i = 0; i < 2; i++) {
        const gbr_codec *c = codecs[i];
        int n = 0;
        r[i][n++] = gbr_parse_material(c, NULL, 7, &m);
        r[i][n++] = gbr_parse_material(c, "0000.00", 7, NULL);
        r[i][n++] = gbr_parse_study(c, NULL, 3, &s);
        r[i][n++] = gbr_parse_study(c, "0000a1h8", 8, NULL);
        r[i][n++] = gbr_parse_position(c, NULL, 3, &p);
        r[i][n++] = gbr_parse_position(c, "e1e8 0000.00 2/2.", 17, NULL);
        r[i][n++] = gbr_parse_fen(c, NULL, 3, &p);
        r[i][n++] = gbr_parse_fen(c, "4k3/8/8/8/8/8/8/4K3 w", 21, NULL);
        r[i][n++] = gbr_parse_name(c, NULL, 3, &counts);
        r[i][n++] = gbr_parse_name(c, "KvK", 3, NULL);
        r[i][n++] = gbr_format_material(c, dst, sizeof dst, NULL);
        r[i][n++] = gbr_format_study(c, dst, sizeof dst, NULL);
        r[i][n++] = gbr_format_position(c, dst, sizeof dst, NULL);
        r[i][n++] = gbr_format_fen(c, NULL, 8, &p);
        r[i][n++] = gbr_material_from_counts(c, NULL, &m);
        r[i][n++] = gbr_material_from_counts(c, &counts, NULL);
        for (int k = 0; k < n; k++)
            fuzz_assert_result_sane("NULL argument", r[i][k], SIZE_MAX);
        keys[i][0] = gbr_material_key_of(c, NULL);
        keys[i][1] = gbr_study_key_of(c, NULL);
        keys[i][2] = (uint64_t)gbr_material_split(c, NULL, GBR_QUEEN, &white, &black);
        memset(&position_keys[i], 0xa5, sizeof position_keys[i]);
        gbr_position_key_of(c, NULL, &position_keys[i]);
        gbr_position_key_of(c, &p, NULL);
    }
    /* The shared counts of a board (no codec): NULL is an argument error. */
    FUZZ_ASSERT(gbr_position_counts(NULL, &counts).error == GBR_E_ARGUMENT &&
                    gbr_position_counts(&p, NULL).error == GBR_E_ARGUMENT,
                "gbr_position_counts with a NULL pointer: not argument");
    for (int k = 0; k < 16; k++) {
        fuzz_assert_same_result("NULL argument", r[0][k], r[1][k]);
        FUZZ_ASSERT(r[0][k].error == GBR_E_ARGUMENT, "NULL argument (call %d): %s, not argument", k,
                    gbr_error_name(r[0][k].error));
    }
    for (int k = 0; k < 3; k++)
        FUZZ_ASSERT(keys[0][k] == keys[1][k], "NULL argument: key or split %d differs", k);
    FUZZ_ASSERT(memcmp(&position_keys[0], &position_keys[1], sizeof position_keys[0]) == 0,
                "NULL argument: position_key differs");

    /* Column entries: unusable pointers give SIZE_MAX and write nothing;
     * n == 0 needs no pointer; a NULL text or an item ending before its
     * start is judged item by item. */
    for (int i = 0; i < 2; i++) {
        const gbr_codec *c = codecs[i];
        size_t offsets[4] = {0, 7, 3, 3};
        gbr_material ms[3];
        gbr_study ss[3];
        gbr_result rs[3];
        memset(rs, 0xa5, sizeof rs);
        FUZZ_ASSERT(gbr_parse_material_column(c, "0000.00", NULL, 1, ms, rs) == SIZE_MAX &&
                        gbr_parse_material_column(c, "0000.00", offsets, 1, NULL, rs) == SIZE_MAX &&
                        gbr_parse_material_column(c, "0000.00", offsets, 1, ms, NULL) == SIZE_MAX &&
                        gbr_parse_study_column(c, "0000a1h8", NULL, 1, ss, rs) == SIZE_MAX &&
                        gbr_parse_study_column(c, "0000a1h8", offsets, 1, NULL, rs) == SIZE_MAX &&
                        gbr_parse_study_column(c, "0000a1h8", offsets, 1, ss, NULL) == SIZE_MAX &&
                        gbr_material_from_counts_column(c, NULL, 1, ms, rs) == SIZE_MAX &&
                        gbr_material_from_counts_column(c, &counts, 1, NULL, rs) == SIZE_MAX &&
                        gbr_material_from_counts_column(c, &counts, 1, ms, NULL) == SIZE_MAX,
                    "column with a NULL pointer: not SIZE_MAX");
        FUZZ_ASSERT(still_filled(rs, sizeof rs, 0xa5), "column with a NULL pointer wrote results");
        FUZZ_ASSERT(gbr_parse_material_column(c, NULL, NULL, 0, NULL, NULL) == 0 &&
                        gbr_parse_study_column(c, NULL, NULL, 0, NULL, NULL) == 0 &&
                        gbr_material_from_counts_column(c, NULL, 0, NULL, NULL) == 0,
                    "empty column: not 0");
        /* Items 0000.00 (good), 3..7 backwards (argument), 3..3 empty. */
        FUZZ_ASSERT(gbr_parse_material_column(c, "0000.00", offsets, 3, ms, rs) == 2, "material column: not 2 errors");
        FUZZ_ASSERT(rs[0].error == GBR_OK && rs[1].error == GBR_E_ARGUMENT && rs[1].column == 0 &&
                        rs[2].error == GBR_E_EMPTY && rs[2].column == 1,
                    "material column: wrong results for good, backwards, empty");
        /* A NULL text: an empty item is the single entry's (NULL, 0), a longer one an argument error. */
        FUZZ_ASSERT(gbr_parse_study_column(c, NULL, offsets, 3, ss, rs) == 3,
                    "study column of a NULL text: not 3 errors");
        FUZZ_ASSERT(rs[0].error == GBR_E_ARGUMENT && rs[1].error == GBR_E_ARGUMENT && rs[2].error == GBR_E_EMPTY,
                    "study column of a NULL text: wrong results");
    }
}

static int all_zero(const void *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (((const unsigned char *)p)[i] != 0)
            return 0;
    return 1;
}

void fuzz_compare_raw_keys(const gbr_material *m, const gbr_study *s, const gbr_position *p, int accepted)
{
    const gbr_codec *a = fuzz_codec_a(), *b = fuzz_codec_b();
    if (m) {
        uint32_t key = gbr_material_key_of(a, m);
        FUZZ_ASSERT(key == gbr_material_key_of(b, m), "material_key of a raw struct differs");
        FUZZ_ASSERT(accepted || key == 0, "material_key of a refused material: %lu, not 0", (unsigned long)key);
    }
    if (s) {
        uint64_t key = gbr_study_key_of(a, s);
        FUZZ_ASSERT(key == gbr_study_key_of(b, s), "study_key of a raw struct differs");
        FUZZ_ASSERT(accepted == (key != 0), "study_key %llu of a study format_study %s", (unsigned long long)key,
                    accepted ? "accepted" : "refused");
    }
    if (p) {
        gbr_position_key key_a, key_b;
        memset(&key_a, 0xa5, sizeof key_a);
        memset(&key_b, 0x5a, sizeof key_b);
        gbr_position_key_of(a, p, &key_a);
        gbr_position_key_of(b, p, &key_b);
        FUZZ_ASSERT(memcmp(&key_a, &key_b, sizeof key_a) == 0, "position_key of a raw struct differs");
        FUZZ_ASSERT(accepted == !all_zero(&key_a, sizeof key_a), "position_key %s for a board format_position %s",
                    accepted ? "all zero" : "not zero", accepted ? "accepted" : "refused");
    }
}

void fuzz_check_position_counts(const gbr_position *p)
{
    gbr_counts want, got;
    memset(&want, 0, sizeof want);
    int codes = 1;
    for (int sq = 0; sq < 64; sq++) {
        unsigned v = p->board[sq];
        if (v == GBR_EMPTY || v == GBR_WK || v == GBR_BK)
            continue;
        if ((v >= GBR_WQ && v <= GBR_WP) || (v >= GBR_BQ && v <= GBR_BP))
            want.count[v >> 3][(v & 7u) - 1u]++;
        else
            codes = 0;
    }
    memset(&got, 0xa5, sizeof got);
    gbr_result r = gbr_position_counts(p, &got);
    fuzz_assert_result_sane("gbr_position_counts", r, 0);
    if (!codes) {
        FUZZ_ASSERT(r.error == GBR_E_ARGUMENT, "gbr_position_counts of a bad board: %s", gbr_error_name(r.error));
        FUZZ_ASSERT(still_filled(&got, sizeof got, 0xa5), "gbr_position_counts wrote *out for a bad board");
    } else {
        FUZZ_ASSERT(r.error == GBR_OK && memcmp(&got, &want, sizeof got) == 0,
                    "gbr_position_counts: %s, or counts other than the board's", gbr_error_name(r.error));
    }
}

/* ---- Column entries ----------------------------------------------------- */

#define COLUMN_ITEMS_MAX 16

/* The lines of text (split at '\n', at most COLUMN_ITEMS_MAX, the rest
 * joining the last) back to back without their separators, in an
 * allocation of exactly that size (NULL when empty); offsets gets n + 1
 * entries. */
static size_t column_lines(const char *text, size_t len, char **column, size_t offsets[COLUMN_ITEMS_MAX + 1])
{
    size_t n = 0, at = 0;
    *column = len ? malloc(len) : NULL;
    FUZZ_ASSERT(len == 0 || *column != NULL, "out of memory");
    offsets[0] = 0;
    for (size_t i = 0; i < len; i++) {
        if (text[i] == '\n' && n + 1 < COLUMN_ITEMS_MAX)
            offsets[++n] = at;
        else
            (*column)[at++] = text[i];
    }
    offsets[++n] = at;
    if (at == 0) { /* only separators, or nothing */
        free(*column);
        *column = NULL;
    } else if (at < len) { /* exact size, so a read past the last item is a finding */
        char *exact = realloc(*column, at);
        FUZZ_ASSERT(exact != NULL, "out of memory");
        *column = exact;
    }
    return n;
}

/* Item k of a column against the single entry's answer for it: the same
 * result, and out[k] the single value on success, zero bytes on failure. */
static void check_column_item(const char *what, size_t k, gbr_result column, const void *value, gbr_result single,
                              const void *single_value, size_t size)
{
    fuzz_assert_same_result(what, column, single);
    static const unsigned char zero[sizeof(gbr_study) > sizeof(gbr_material) ? sizeof(gbr_study)
                                                                              : sizeof(gbr_material)];
    FUZZ_ASSERT(size <= sizeof zero, "%s: item too large", what);
    FUZZ_ASSERT(memcmp(value, single.error ? zero : single_value, size) == 0, "%s item %zu: %s", what, k,
                single.error ? "out not zeroed on failure" : "value differs from the single entry");
}

/* Exact-size allocations, filled with a pattern, let ASan see any write
 * past n and the checks see any item left unwritten. */
static void *column_array(size_t n, size_t size)
{
    void *p = malloc(n * size + 1);
    FUZZ_ASSERT(p != NULL, "out of memory");
    memset(p, 0xA5, n * size);
    return p;
}

void fuzz_compare_text_columns(const char *text, size_t len)
{
    size_t offsets[COLUMN_ITEMS_MAX + 1];
    char *lines;
    size_t n = column_lines(text, len, &lines, offsets);
    text = lines;
    const gbr_codec *codecs[2] = {fuzz_codec_a(), fuzz_codec_b()};
    gbr_material *materials[2];
    gbr_study *studies[2];
    gbr_result *material_results[2], *study_results[2];
    for (int c = 0; c < 2; c++) {
        materials[c] = column_array(n, sizeof(gbr_material));
        studies[c] = column_array(n, sizeof(gbr_study));
        material_results[c] = column_array(n, sizeof(gbr_result));
        study_results[c] = column_array(n, sizeof(gbr_result));
        size_t material_errors =
            gbr_parse_material_column(codecs[c], text, offsets, n, materials[c], material_results[c]);
        size_t study_errors = gbr_parse_study_column(codecs[c], text, offsets, n, studies[c], study_results[c]);
        size_t material_counted = 0, study_counted = 0;
        for (size_t k = 0; k < n; k++) {
            const char *src = text ? text + offsets[k] : NULL;
            size_t item_len = offsets[k + 1] - offsets[k];
            gbr_material m;
            gbr_study st;
            gbr_result r = gbr_parse_material(codecs[c], src, item_len, &m);
            check_column_item("parse_material_column", k, material_results[c][k], &materials[c][k], r, &m, sizeof m);
            material_counted += r.error != GBR_OK;
            r = gbr_parse_study(codecs[c], src, item_len, &st);
            check_column_item("parse_study_column", k, study_results[c][k], &studies[c][k], r, &st, sizeof st);
            study_counted += r.error != GBR_OK;
        }
        FUZZ_ASSERT(material_errors == material_counted && study_errors == study_counted,
                    "column error counts %zu and %zu, items have %zu and %zu", material_errors, study_errors,
                    material_counted, study_counted);
    }
    FUZZ_ASSERT(memcmp(materials[0], materials[1], n * sizeof(gbr_material)) == 0 &&
                    memcmp(studies[0], studies[1], n * sizeof(gbr_study)) == 0 &&
                    memcmp(material_results[0], material_results[1], n * sizeof(gbr_result)) == 0 &&
                    memcmp(study_results[0], study_results[1], n * sizeof(gbr_result)) == 0,
                "the codecs' text columns differ");
    for (int c = 0; c < 2; c++) {
        free(materials[c]);
        free(studies[c]);
        free(material_results[c]);
        free(study_results[c]);
    }
    free(lines);
}

void fuzz_compare_counts_column(const gbr_counts *counts, size_t n)
{
    const gbr_codec *codecs[2] = {fuzz_codec_a(), fuzz_codec_b()};
    gbr_material *materials[2];
    gbr_result *results[2];
    for (int c = 0; c < 2; c++) {
        materials[c] = column_array(n, sizeof(gbr_material));
        results[c] = column_array(n, sizeof(gbr_result));
        size_t errors = gbr_material_from_counts_column(codecs[c], counts, n, materials[c], results[c]);
        size_t counted = 0;
        for (size_t k = 0; k < n; k++) {
            gbr_material m;
            gbr_result r = gbr_material_from_counts(codecs[c], &counts[k], &m);
            check_column_item("material_from_counts_column", k, results[c][k], &materials[c][k], r, &m, sizeof m);
            counted += r.error != GBR_OK;
        }
        FUZZ_ASSERT(errors == counted, "material_from_counts_column: returned %zu errors, items have %zu", errors,
                    counted);
    }
    FUZZ_ASSERT(memcmp(materials[0], materials[1], n * sizeof(gbr_material)) == 0 &&
                    memcmp(results[0], results[1], n * sizeof(gbr_result)) == 0,
                "the codecs' counts columns differ");
    for (int c = 0; c < 2; c++) {
        free(materials[c]);
        free(results[c]);
    }
}
