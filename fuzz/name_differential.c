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
    fuzz_data d = fuzz_data_init(data, size);
    uint8_t options = fuzz_data_take_byte(&d);
    uint8_t capacity = fuzz_data_take_byte(&d);
    char *text;
    size_t len = fuzz_data_take_text(&d, &text);
    fuzz_note_input(text, len);

    if (options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_counts raw;
        fuzz_struct_from_bytes(&raw, sizeof raw, text, len);
        compare_counts(&raw, capacity);
    } else {
        fuzz_compare_text_op("gbr_name_to_material", fuzz_op_name_to_material, text, len, GBR_RESULT_NONE, capacity,
                             NULL);
        fuzz_compare_check(text, len, capacity);
        gbr_counts a, b;
        if (fuzz_compare_parse_name(text, len, &a, &b).error == GBR_OK)
            compare_counts(&a, capacity);
    }
    free(text);
    return 0;
}
