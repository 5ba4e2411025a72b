/*
 * FEN through both codecs: parse_fen, format_fen, format_position and the
 * FEN operations (to material, study and position form, with the result
 * option from the input's last byte) give the same acceptance, error class,
 * column, length, bytes and keys. In struct mode the raw bytes are a
 * gbr_position for format_fen and format_position.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_data d = fuzz_data_init(data, size);
    uint8_t options = fuzz_data_take_byte(&d);
    uint8_t capacity = fuzz_data_take_byte(&d);
    gbr_result_option result = (gbr_result_option)((options & 0x7fu) % 3u);
    char *text;
    size_t len = fuzz_data_take_text(&d, &text);
    fuzz_note_input(text, len);
    if (len == 0)
        fuzz_compare_null_arguments(); /* once per empty input: cheap, and the corpus has one */

    if (options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_position raw;
        fuzz_struct_from_bytes(&raw, sizeof raw, text, len);
        fuzz_compare_writers("format_fen(raw)", fuzz_format_fen, &raw, capacity, NULL);
        fuzz_output formatted;
        fuzz_compare_writers("format_position(raw)", fuzz_format_position, &raw, capacity, &formatted);
        fuzz_compare_raw_keys(NULL, NULL, &raw, formatted.result.error == GBR_OK);
        fuzz_check_position_counts(&raw);
    } else {
        fuzz_compare_text_op("gbr_fen_to_material", fuzz_op_fen_to_material, text, len, result, capacity, NULL);
        fuzz_compare_text_op("gbr_fen_to_study", fuzz_op_fen_to_study, text, len, result, capacity, NULL);
        fuzz_compare_text_op("gbr_fen_to_position", fuzz_op_fen_to_position, text, len, result, capacity, NULL);
        fuzz_compare_check(text, len, capacity);
        gbr_position a, b;
        if (fuzz_compare_parse_fen(text, len, &a, &b).error == GBR_OK) {
            fuzz_compare_writers("format_fen", fuzz_format_fen, &a, capacity, NULL);
            fuzz_compare_writers("format_position", fuzz_format_position, &a, capacity, NULL);
            gbr_position_key key_a, key_b;
            memset(&key_a, 0xa5, sizeof key_a);
            memset(&key_b, 0x5a, sizeof key_b);
            gbr_position_key_of(fuzz_codec_a(), &a, &key_a);
            gbr_position_key_of(fuzz_codec_b(), &a, &key_b);
            FUZZ_ASSERT(memcmp(&key_a, &key_b, sizeof key_a) == 0, "position_key: the keys differ");
        }
    }
    free(text);
    return 0;
}
