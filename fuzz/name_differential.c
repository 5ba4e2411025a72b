/*
 * Material names (KRPvKR) through both codecs: parse_name, format_name,
 * material_from_counts and gbr_name_to_material give the same acceptance,
 * error class, column, length and bytes. In struct mode the raw bytes are a
 * gbr_counts for format_name and material_from_counts.
 */
#include <stdlib.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

static void compare_counts(const gbr_counts *counts, uint8_t capacity)
{
    gbr_material m;
    fuzz_compare_writers("format_name", fuzz_format_name, counts, capacity, NULL);
    if (fuzz_compare_material_from_counts(counts, &m).error == GBR_OK) {
        fuzz_compare_writers("format_material(from_counts)", fuzz_format_material, &m, capacity, NULL);
        fuzz_compare_material_split_and_key(&m);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size);

    if (in.options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_counts raw;
        fuzz_struct_from_bytes(&raw, sizeof raw, in.text, in.len);
        compare_counts(&raw, in.capacity);
    } else {
        fuzz_compare_text_op("gbr_name_to_material", fuzz_op_name_to_material, in.text, in.len, GBR_RESULT_NONE,
                             in.capacity, NULL);
        fuzz_compare_check(in.text, in.len, in.capacity);
        gbr_counts a, b;
        if (fuzz_compare_parse_name(in.text, in.len, &a, &b).error == GBR_OK)
            compare_counts(&a, in.capacity);
    }
    free(in.text);
    return 0;
}
