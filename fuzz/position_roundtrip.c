/*
 * Position form round trips, in each codec on its own: a valid position form
 * is already canonical, so parse -> format gives the input back; parsing that
 * gives the same struct and formatting it the same text again. Through FEN the
 * board and the side to move survive; the material code written in the form
 * is the one its men have, and the order key starts with that material.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

static int black_to_move(uint8_t indicator)
{
    return indicator == GBR_IND_BLACK_WIN || indicator == GBR_IND_BLACK_DRAW || indicator == GBR_IND_BTM;
}

static void round_trip(const gbr_codec *c, const char *text, size_t len)
{
    gbr_position p1, p2, p3;
    char t1[FUZZ_FULL_CAPACITY], t2[FUZZ_FULL_CAPACITY], fen[FUZZ_FULL_CAPACITY];

    if (gbr_parse_position(c, text, len, &p1).error != GBR_OK)
        return;
    gbr_result r = gbr_format_position(c, t1, sizeof t1, &p1);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: format_position of a parsed position: %s", gbr_codec_name(c),
                gbr_error_name(r.error));
    FUZZ_ASSERT(r.length == len && memcmp(t1, text, len) == 0, "%s: canonical text differs from a valid input: %.*s",
                gbr_codec_name(c), (int)r.length, t1);
    size_t len1 = r.length;

    r = gbr_parse_position(c, t1, len1, &p2);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: canonical text rejected: %s column %u", gbr_codec_name(c),
                gbr_error_name(r.error), (unsigned)r.column);
    FUZZ_ASSERT(memcmp(&p1, &p2, sizeof p1) == 0, "%s: parse(format(p)) != p", gbr_codec_name(c));
    r = gbr_format_position(c, t2, sizeof t2, &p2);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == len1 && memcmp(t1, t2, len1) == 0, "%s: format is not stable",
                gbr_codec_name(c));

    /* Through FEN: the placement and the side to move are kept. */
    r = gbr_format_fen(c, fen, sizeof fen, &p1);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: format_fen of a parsed position: %s", gbr_codec_name(c),
                gbr_error_name(r.error));
    size_t fen_len = r.length;
    r = gbr_parse_fen(c, fen, fen_len, &p3);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: written FEN rejected: %s column %u: %.*s", gbr_codec_name(c),
                gbr_error_name(r.error), (unsigned)r.column, (int)fen_len, fen);
    FUZZ_ASSERT(memcmp(p1.board, p3.board, sizeof p1.board) == 0, "%s: FEN changed the board: %.*s", gbr_codec_name(c),
                (int)fen_len, fen);
    FUZZ_ASSERT(p3.indicator == (black_to_move(p1.indicator) ? GBR_IND_BTM : GBR_IND_WTM),
                "%s: FEN lost the side to move (indicator %u became %u)", gbr_codec_name(c), p1.indicator,
                p3.indicator);

    /* The written material code is the one of the men on the board. */
    gbr_counts counts;
    gbr_material from_board, written;
    gbr_position_counts(&p1, &counts);
    r = gbr_material_from_counts(c, &counts, &from_board);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: material_from_counts of a valid position: %s", gbr_codec_name(c),
                gbr_error_name(r.error));
    FUZZ_ASSERT(len1 >= 12 && gbr_parse_material(c, t1 + 5, 7, &written).error == GBR_OK,
                "%s: no material code at columns 6-12", gbr_codec_name(c));
    FUZZ_ASSERT(memcmp(&from_board, &written, sizeof written) == 0, "%s: material code disagrees with the men",
                gbr_codec_name(c));

    gbr_position_key key1, key2;
    gbr_position_key_of(c, &p1, &key1);
    gbr_position_key_of(c, &p2, &key2);
    FUZZ_ASSERT(memcmp(&key1, &key2, sizeof key1) == 0, "%s: equal positions, different keys", gbr_codec_name(c));
    uint32_t material_number = gbr_material_key_of(c, &written);
    uint32_t key_material = (uint32_t)key1.bytes[0] << 16 | (uint32_t)key1.bytes[1] << 8 | key1.bytes[2];
    FUZZ_ASSERT(key_material == material_number, "%s: position key starts with %lu, material key is %lu",
                gbr_codec_name(c), (unsigned long)key_material, (unsigned long)material_number);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size); /* its options and capacity bytes unused here */
    round_trip(fuzz_codec_a(), in.text, in.len);
    round_trip(fuzz_codec_b(), in.text, in.len);
    free(in.text);
    return 0;
}
