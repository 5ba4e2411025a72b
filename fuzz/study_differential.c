/*
 * Study codes through both codecs: parse_study, format_study, study_key and
 * gbr_study_canonical give the same acceptance, error class, column, length,
 * bytes and keys. In struct mode the raw bytes are a gbr_study for
 * format_study, however out of range. The text's lines are also compared as
 * a column (parse_study_column, parse_material_column).
 */
#include <stdlib.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size);
    if (in.len == 0)
        fuzz_compare_null_arguments(); /* once per empty input: cheap, and the corpus has one */

    if (in.options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_study raw;
        fuzz_struct_from_bytes(&raw, sizeof raw, in.text, in.len);
        fuzz_output formatted;
        fuzz_compare_writers("format_study(raw)", fuzz_format_study, &raw, in.capacity, &formatted);
        fuzz_compare_raw_keys(NULL, &raw, NULL, formatted.result.error == GBR_OK);
    } else {
        fuzz_compare_text_op("gbr_study_canonical", fuzz_op_study_canonical, in.text, in.len, GBR_RESULT_NONE,
                             in.capacity, NULL);
        fuzz_compare_check(in.text, in.len, in.capacity);
        fuzz_compare_text_columns(in.text, in.len); /* the text's lines as a column */
        gbr_study a, b;
        if (fuzz_compare_parse_study(in.text, in.len, &a, &b).error == GBR_OK) {
            fuzz_compare_writers("format_study", fuzz_format_study, &a, in.capacity, NULL);
            fuzz_compare_material_split_and_key(&a.material);
            uint64_t key_a = gbr_study_key_of(fuzz_codec_a(), &a), key_b = gbr_study_key_of(fuzz_codec_b(), &a);
            FUZZ_ASSERT(key_a == key_b, "study_key: %llu vs %llu", (unsigned long long)key_a,
                        (unsigned long long)key_b);
        }
    }
    free(in.text);
    return 0;
}
