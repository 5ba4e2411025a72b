/*
 * Position forms through both codecs: parse_position, format_position,
 * format_fen, position_key, gbr_position_canonical and gbr_position_to_fen
 * give the same acceptance, error class, column, length, bytes and keys. In
 * struct mode the raw bytes are a gbr_position for format_position and
 * format_fen, however malformed the board.
 */
#include <stdlib.h>
#include <string.h>

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
    fuzz_data d = fuzz_data_init(data, size);
    uint8_t options = fuzz_data_take_byte(&d);
    uint8_t capacity = fuzz_data_take_byte(&d);
    char *text;
    size_t len = fuzz_data_take_text(&d, &text);
    fuzz_note_input(text, len);
    if (len == 0)
        fuzz_compare_null_arguments(); /* once per empty input: cheap, and the corpus has one */

    if (options & FUZZ_OPTION_STRUCT_MODE) {
        gbr_position raw;
        fuzz_struct_from_bytes(&raw, sizeof raw, text, len);
        fuzz_compare_raw_keys(NULL, NULL, &raw, compare_position_writers(&raw, capacity));
        fuzz_check_position_counts(&raw);
    } else {
        fuzz_compare_text_op("gbr_position_canonical", fuzz_op_position_canonical, text, len, GBR_RESULT_NONE,
                             capacity, NULL);
        fuzz_compare_text_op("gbr_position_to_fen", fuzz_op_position_to_fen, text, len, GBR_RESULT_NONE, capacity,
                             NULL);
        fuzz_compare_check(text, len, capacity);
        gbr_position a, b;
        if (fuzz_compare_parse_position(text, len, &a, &b).error == GBR_OK) {
            compare_position_writers(&a, capacity);
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
