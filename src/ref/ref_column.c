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

/* Item k of a text column: its bytes, or an argument error when its end
 * lies before its start. */
static int ref_column_item(const char *text, const size_t *offsets, size_t k, const char **src, size_t *len)
{
    if (offsets[k + 1] < offsets[k])
        return 0;
    *src = text == NULL ? NULL : text + offsets[k];
    *len = offsets[k + 1] - offsets[k];
    return 1;
}

size_t gbr_ref_parse_material_column(const char *text, const size_t *offsets, size_t n, gbr_material *out,
                                     gbr_result *results)
{
    if (ref_column_unusable(n, offsets, out, results))
        return SIZE_MAX;
    size_t errors = 0;
    for (size_t k = 0; k < n; k++) {
        const char *src;
        size_t len;
        memset(&out[k], 0, sizeof out[k]); /* the parser writes only on success */
        results[k] = ref_column_item(text, offsets, k, &src, &len) ? gbr_ref_parse_material(src, len, &out[k])
                                                                    : ref_argument_error();
        errors += results[k].error != GBR_OK;
    }
    return errors;
}

size_t gbr_ref_parse_study_column(const char *text, const size_t *offsets, size_t n, gbr_study *out,
                                  gbr_result *results)
{
    if (ref_column_unusable(n, offsets, out, results))
        return SIZE_MAX;
    size_t errors = 0;
    for (size_t k = 0; k < n; k++) {
        const char *src;
        size_t len;
        memset(&out[k], 0, sizeof out[k]);
        results[k] = ref_column_item(text, offsets, k, &src, &len) ? gbr_ref_parse_study(src, len, &out[k])
                                                                    : ref_argument_error();
        errors += results[k].error != GBR_OK;
    }
    return errors;
}

size_t gbr_ref_material_from_counts_column(const gbr_counts *counts, size_t n, gbr_material *out,
                                           gbr_result *results)
{
    if (ref_column_unusable(n, counts, out, results))
        return SIZE_MAX;
    size_t errors = 0;
    for (size_t k = 0; k < n; k++) {
        memset(&out[k], 0, sizeof out[k]);
        results[k] = gbr_ref_material_from_counts(&counts[k], &out[k]);
        errors += results[k].error != GBR_OK;
    }
    return errors;
}
