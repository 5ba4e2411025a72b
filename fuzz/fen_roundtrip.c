/*
 * FEN round trips, in each codec on its own: FEN -> position form -> FEN ->
 * position form is stable; the placement and the side to move are preserved;
 * the written FEN is canonical (parsing and writing it again changes
 * nothing); the FEN operations agree with the table entries they compose.
 * The result option (none, win, draw) comes from the input's last byte.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

static void round_trip(const gbr_codec *c, const char *text, size_t len, gbr_result_option option)
{
    gbr_position p1, p2, p3;
    char fen1[FUZZ_FULL_CAPACITY], fen2[FUZZ_FULL_CAPACITY], form1[FUZZ_FULL_CAPACITY], form2[FUZZ_FULL_CAPACITY];
    char op_text[FUZZ_FULL_CAPACITY];

    if (gbr_parse_fen(c, text, len, &p1).error != GBR_OK)
        return;
    FUZZ_ASSERT(p1.indicator == GBR_IND_WTM || p1.indicator == GBR_IND_BTM,
                "%s: parse_fen gave indicator %u, not WTM/BTM", gbr_codec_name(c), p1.indicator);
    int black = p1.indicator == GBR_IND_BTM;

    /* FEN -> FEN: canonical and stable, the side kept, the rest "- - 0 1". */
    gbr_result r = gbr_format_fen(c, fen1, sizeof fen1, &p1);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: format_fen of a parsed FEN: %s", gbr_codec_name(c), gbr_error_name(r.error));
    size_t fen1_len = r.length;
    const char *tail = black ? " b - - 0 1" : " w - - 0 1";
    FUZZ_ASSERT(fen1_len > 10 && memcmp(fen1 + fen1_len - 10, tail, 10) == 0, "%s: FEN written as %.*s",
                gbr_codec_name(c), (int)fen1_len, fen1);
    r = gbr_parse_fen(c, fen1, fen1_len, &p2);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: written FEN rejected: %s column %u", gbr_codec_name(c), gbr_error_name(r.error),
                (unsigned)r.column);
    FUZZ_ASSERT(memcmp(&p1, &p2, sizeof p1) == 0, "%s: FEN round trip changed the position", gbr_codec_name(c));
    r = gbr_format_fen(c, fen2, sizeof fen2, &p2);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == fen1_len && memcmp(fen1, fen2, fen1_len) == 0,
                "%s: format_fen is not stable", gbr_codec_name(c));

    /* FEN -> position form -> FEN -> position form. */
    p1.indicator = (uint8_t)gbr_indicator_for(black, option);
    r = gbr_format_position(c, form1, sizeof form1, &p1);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: format_position of a parsed FEN: %s", gbr_codec_name(c),
                gbr_error_name(r.error));
    size_t form1_len = r.length;
    r = gbr_parse_position(c, form1, form1_len, &p3);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: written position form rejected: %s column %u: %.*s", gbr_codec_name(c),
                gbr_error_name(r.error), (unsigned)r.column, (int)form1_len, form1);
    FUZZ_ASSERT(memcmp(&p1, &p3, sizeof p1) == 0, "%s: position form changed the placement or indicator: %.*s",
                gbr_codec_name(c), (int)form1_len, form1);
    r = gbr_format_fen(c, fen2, sizeof fen2, &p3);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == fen1_len && memcmp(fen1, fen2, fen1_len) == 0,
                "%s: FEN -> position form -> FEN changed the FEN: %.*s", gbr_codec_name(c), (int)r.length, fen2);
    r = gbr_parse_fen(c, fen2, fen1_len, &p2);
    FUZZ_ASSERT(r.error == GBR_OK, "%s: FEN rejected the second time", gbr_codec_name(c));
    p2.indicator = (uint8_t)gbr_indicator_for(p2.indicator == GBR_IND_BTM, option);
    r = gbr_format_position(c, form2, sizeof form2, &p2);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == form1_len && memcmp(form1, form2, form1_len) == 0,
                "%s: position form not stable through FEN", gbr_codec_name(c));

    /* The operations of ops.c agree with the entries they compose. */
    r = gbr_fen_to_position(c, op_text, sizeof op_text, text, len, option);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == form1_len && memcmp(op_text, form1, form1_len) == 0,
                "%s: gbr_fen_to_position differs from format_position", gbr_codec_name(c));
    r = gbr_fen_to_material(c, op_text, sizeof op_text, text, len);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == 7 && form1_len > 12 && memcmp(op_text, form1 + 5, 7) == 0,
                "%s: gbr_fen_to_material differs from the position form's material code", gbr_codec_name(c));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size); /* its capacity byte unused here */
    gbr_result_option option = fuzz_input_result_option(&in);
    round_trip(fuzz_codec_a(), in.text, in.len, option);
    round_trip(fuzz_codec_b(), in.text, in.len, option);
    free(in.text);
    return 0;
}
