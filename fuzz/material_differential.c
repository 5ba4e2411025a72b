/*
 * Material codes and the material operations of the codecs, through both
 * codecs: the same acceptance, error class, column and length, identical
 * canonical bytes, names, splits and order keys. In struct mode the raw bytes
 * are a gbr_material for format_material and a gbr_counts for
 * material_from_counts and format_name, however out of range. The column
 * entries are compared too: the text's lines, or the bytes as counts.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size);
    if (in.len == 0)
        fuzz_compare_null_arguments(); /* once per empty input: cheap, and the corpus has one */

    if (in.options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_material raw_material;
        gbr_counts raw_counts;
        gbr_material from_counts;
        fuzz_struct_from_bytes(&raw_material, sizeof raw_material, in.text, in.len);
        fuzz_output formatted;
        fuzz_compare_writers("format_material(raw)", fuzz_format_material, &raw_material, in.capacity, &formatted);
        fuzz_compare_raw_keys(&raw_material, NULL, NULL, formatted.result.error == GBR_OK);
        fuzz_compare_material_split_and_key(&raw_material); /* whatever its digits */
        fuzz_struct_from_bytes(&raw_counts, sizeof raw_counts, in.text, in.len);
        fuzz_compare_writers("format_name(raw)", fuzz_format_name, &raw_counts, in.capacity, NULL);
        /* The bytes as a column of counts too (as many whole structs as fit, up to 8). */
        gbr_counts column[8];
        size_t items = in.len / sizeof(gbr_counts) < 8 ? in.len / sizeof(gbr_counts) : 8;
        if (items)
            memcpy(column, in.text, items * sizeof(gbr_counts));
        fuzz_compare_counts_column(column, items);
        if (fuzz_compare_material_from_counts(&raw_counts, &from_counts).error == GBR_OK) {
            fuzz_compare_writers("format_material(from_counts)", fuzz_format_material, &from_counts, in.capacity,
                                 NULL);
            fuzz_compare_material_split_and_key(&from_counts);
        }
    } else {
        fuzz_output canonical;
        fuzz_compare_text_op("gbr_material_canonical", fuzz_op_material_canonical, in.text, in.len, GBR_RESULT_NONE,
                             in.capacity, &canonical);
        fuzz_compare_text_op("gbr_material_to_name", fuzz_op_material_to_name, in.text, in.len, GBR_RESULT_NONE,
                             in.capacity, NULL);
        fuzz_compare_check(in.text, in.len, in.capacity);
        fuzz_compare_text_columns(in.text, in.len); /* the text's lines as a column */

        gbr_material a, b;
        gbr_result parsed = fuzz_compare_parse_material(in.text, in.len, &a, &b);
        FUZZ_ASSERT(parsed.error == canonical.result.error && parsed.column == canonical.result.column,
                    "parse_material and gbr_material_canonical disagree");
        if (parsed.error == GBR_OK) {
            fuzz_compare_writers("format_material", fuzz_format_material, &a, in.capacity, NULL);
            fuzz_compare_material_split_and_key(&a);
        }
    }
    free(in.text);
    return 0;
}
