/*
 * The directory key across forms (spec/gbr.md §8, "Across forms"): one byte
 * string per material code, study code or position form whose byte order is
 * the look-up directory's order. Layout:
 *   0-2   material number abcdef, big-endian
 *   3     0 a material code alone, 1 a study code or position form
 *   4, 5  white king, black king (0 for a material code)
 *   6     0 a study code, 1 a position form
 *   7     a study code's stipulation; a position form's key bytes 5-39
 *         (9-type counts, squares, indicator) from byte 7 on
 * Built from the codec's §8 keys, so the order within a form is theirs.
 */
#include <string.h>

#include "gbr.h"

int gbr_directory_key_of(const gbr_codec *c, gbr_form form, const void *value, gbr_directory_key *out)
{
    if (out == NULL)
        return -1;
    memset(out->bytes, 0, sizeof out->bytes);
    if (value == NULL)
        return -1;
    uint8_t *k = out->bytes;
    switch (form) {
    case GBR_FORM_MATERIAL: {
        uint32_t number = gbr_material_key_of(c, value);
        k[0] = (uint8_t)(number >> 16);
        k[1] = (uint8_t)(number >> 8);
        k[2] = (uint8_t)number;
        return 0;
    }
    case GBR_FORM_STUDY: {
        uint64_t key = gbr_study_key_of(c, value); /* material << 14 | WK << 8 | BK << 2 | stipulation */
        uint64_t number = key >> 14;
        k[0] = (uint8_t)(number >> 16);
        k[1] = (uint8_t)(number >> 8);
        k[2] = (uint8_t)number;
        k[3] = 1;
        k[4] = (uint8_t)((key >> 8) & 63u);
        k[5] = (uint8_t)((key >> 2) & 63u);
        k[7] = (uint8_t)(key & 3u);
        return 0;
    }
    case GBR_FORM_POSITION: {
        gbr_position_key p;
        gbr_position_key_of(c, value, &p);
        memcpy(k, p.bytes, 3);
        k[3] = 1;
        k[4] = p.bytes[3];
        k[5] = p.bytes[4];
        k[6] = 1;
        memcpy(k + 7, p.bytes + 5, GBR_POSITION_KEY_SIZE - 5);
        return 0;
    }
    default:
        return -1;
    }
}
