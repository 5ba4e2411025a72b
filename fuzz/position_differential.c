/*
 * Position forms through both codecs: parse_position, format_position,
 * format_fen, position_key, gbr_position_canonical and gbr_position_to_fen
 * give the same acceptance, error class, column, length, bytes and keys. In
 * struct mode the raw bytes are a gbr_position for format_position and
 * format_fen, however malformed the board.
 */
#include <stdlib.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

/* Returns whether the codecs accepted the position for formatting. */
static int compare_position_writers(const gbr_position *p, uint8_t capacity)
{
    fuzz_output formatted;
    fuzz_compare_writers("format_position", fuzz_format_position, p, capacity, &formatted);
    fuzz_compare_writers("format_fen", fuzz_format_fen, p, capacity, NULL);
    return formatted.result.error == GBR_OK;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size);
    if (in.len == 0)
        fuzz_compare_null_arguments(); /* once per empty input: cheap, and the corpus has one */

    if (in.options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_position raw;
        fuzz_struct_from_bytes(&raw, sizeof raw, in.text, in.len);
        fuzz_compare_raw_keys(NULL, NULL, &raw, compare_position_writers(&raw, in.capacity));
        fuzz_check_position_counts(&raw);
    } else {
        fuzz_compare_text_op("gbr_position_canonical", fuzz_op_position_canonical, in.text, in.len, GBR_RESULT_NONE,
                             in.capacity, NULL);
        fuzz_compare_text_op("gbr_position_to_fen", fuzz_op_position_to_fen, in.text, in.len, GBR_RESULT_NONE,
                             in.capacity, NULL);
        fuzz_compare_check(in.text, in.len, in.capacity);
        gbr_position a, b;
        if (fuzz_compare_parse_position(in.text, in.len, &a, &b).error == GBR_OK) {
            compare_position_writers(&a, in.capacity);
            fuzz_compare_position_key(&a);
        }
    }
    free(in.text);
    return 0;
}
