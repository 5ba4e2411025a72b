/*
 * FEN through both codecs: parse_fen, format_fen, format_position and the
 * FEN operations (to material, study and position form, with the result
 * option from the input's last byte) give the same acceptance, error class,
 * column, length, bytes and keys. In struct mode the raw bytes are a
 * gbr_position for format_fen and format_position.
 */
#include <stdlib.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size);
    gbr_result_option result = fuzz_input_result_option(&in);
    if (in.len == 0)
        fuzz_compare_null_arguments(); /* once per empty input: cheap, and the corpus has one */

    if (in.options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_position raw;
        fuzz_struct_from_bytes(&raw, sizeof raw, in.text, in.len);
        fuzz_compare_writers("format_fen(raw)", fuzz_format_fen, &raw, in.capacity, NULL);
        fuzz_output formatted;
        fuzz_compare_writers("format_position(raw)", fuzz_format_position, &raw, in.capacity, &formatted);
        fuzz_compare_raw_keys(NULL, NULL, &raw, formatted.result.error == GBR_OK);
        fuzz_check_position_counts(&raw);
    } else {
        fuzz_compare_text_op("gbr_fen_to_material", fuzz_op_fen_to_material, in.text, in.len, result,
                             in.capacity, NULL);
        fuzz_compare_text_op("gbr_fen_to_study", fuzz_op_fen_to_study, in.text, in.len, result, in.capacity, NULL);
        fuzz_compare_text_op("gbr_fen_to_position", fuzz_op_fen_to_position, in.text, in.len, result,
                             in.capacity, NULL);
        fuzz_compare_check(in.text, in.len, in.capacity);
        gbr_position a, b;
        if (fuzz_compare_parse_fen(in.text, in.len, &a, &b).error == GBR_OK) {
            fuzz_compare_writers("format_fen", fuzz_format_fen, &a, in.capacity, NULL);
            fuzz_compare_writers("format_position", fuzz_format_position, &a, in.capacity, NULL);
            fuzz_compare_position_key(&a);
        }
    }
    free(in.text);
    return 0;
}
