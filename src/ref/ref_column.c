/* Column entries (gbr.h): the single entry applied to each item in turn.
 * Nothing is faster here than calling the single entry n times; the
 * column form exists for the interface, which both codecs implement. */
#include <string.h>

#include "ref_internal.h"

/* SIZE_MAX when the column's own pointers cannot be used (gbr.h). */
static int ref_column_unusable(size_t n, const void *items, const void *out, const void *results)
{
    return n > 0 && (items == NULL || out == NULL || results == NULL);
}

/* A single text entry with its output as void *, so one loop serves both. */
typedef gbr_result (*ref_item_parser)(const char *src, size_t len, void *out);

/* Each item of a text column through `parse`, out[k] zeroed first (the
 * parser writes only on success); an item ending before it starts is an
 * argument error. */
static size_t ref_text_column(const char *text, const size_t *offsets, size_t n, void *out, size_t size,
                              gbr_result *results, ref_item_parser parse)
{
    if (ref_column_unusable(n, offsets, out, results))
        return SIZE_MAX;
    size_t errors = 0;
    for (size_t k = 0; k < n; k++) {
        void *item = (unsigned char *)out + k * size;
        memset(item, 0, size);
        if (offsets[k + 1] < offsets[k])
            results[k] = ref_argument_error();
        else
            results[k] = parse(text == NULL ? NULL : text + offsets[k], offsets[k + 1] - offsets[k], item);
        errors += results[k].error != GBR_OK;
    }
    return errors;
}

static gbr_result ref_material_item(const char *src, size_t len, void *out)
{
    return gbr_ref_parse_material(NULL, src, len, out);
}

static gbr_result ref_study_item(const char *src, size_t len, void *out)
{
    return gbr_ref_parse_study(NULL, src, len, out);
}

size_t gbr_ref_parse_material_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                     gbr_material *out, gbr_result *results)
{
    (void)codec;
    return ref_text_column(text, offsets, n, out, sizeof *out, results, ref_material_item);
}

size_t gbr_ref_parse_study_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                  gbr_study *out, gbr_result *results)
{
    (void)codec;
    return ref_text_column(text, offsets, n, out, sizeof *out, results, ref_study_item);
}

size_t gbr_ref_material_from_counts_column(const gbr_codec *codec, const gbr_counts *counts, size_t n,
                                           gbr_material *out, gbr_result *results)
{
    (void)codec;
    if (ref_column_unusable(n, counts, out, results))
        return SIZE_MAX;
    size_t errors = 0;
    for (size_t k = 0; k < n; k++) {
        memset(&out[k], 0, sizeof out[k]);
        results[k] = gbr_ref_material_from_counts(NULL, &counts[k], &out[k]);
        errors += results[k].error != GBR_OK;
    }
    return errors;
}
