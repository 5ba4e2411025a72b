/* Directory order keys (spec/gbr.md §8). A NULL argument, or a struct the
 * matching format entry refuses (gbr.h), gives the key 0 (all-zero bytes):
 * each key asks the same validity rule as its formatter. */
#include <string.h>

#include "ref_internal.h"

uint32_t gbr_ref_material_key(const gbr_codec *codec, const gbr_material *m)
{
    (void)codec;
    return m != NULL && gbr_ref_material_valid(m) ? gbr_ref_material_number(m) : 0u;
}

uint64_t gbr_ref_study_key(const gbr_codec *codec, const gbr_study *s)
{
    (void)codec;
    if (s == NULL || !gbr_ref_study_valid(s))
        return 0;
    uint64_t key = gbr_ref_material_number(&s->material);
    key = key * (1u << 14) + (uint64_t)s->white_king * (1u << 8) + (uint64_t)s->black_king * (1u << 2);
    return key + s->stipulation;
}

void gbr_ref_position_key(const gbr_codec *codec, const gbr_position *p, gbr_position_key *out)
{
    (void)codec;
    if (out == NULL)
        return;
    memset(out->bytes, 0, sizeof out->bytes);
    gbr_counts counts;
    gbr_material m;
    if (p == NULL || !gbr_ref_position_valid(p, &counts) || gbr_ref_material_from_counts(NULL, &counts, &m).error)
        return;

    uint32_t number = gbr_ref_material_number(&m);
    size_t at = 0;
    out->bytes[at++] = (uint8_t)(number >> 16);
    out->bytes[at++] = (uint8_t)(number >> 8);
    out->bytes[at++] = (uint8_t)number;
    out->bytes[at++] = (uint8_t)gbr_ref_find_man(p, GBR_WK);
    out->bytes[at++] = (uint8_t)gbr_ref_find_man(p, GBR_BK);
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        out->bytes[at++] = m.digit[type] == 9 ? counts.count[GBR_WHITE][type] : 0;
    /* The squares in written order (§4): per type, white's then black's,
     * each ascending; index + 1 so that the padding 0 sorts first. A valid
     * position has at most 30 of them, 15 a side. */
    for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
        for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++)
            for (int square = 0; square < 64; square++)
                if (p->board[square] == ref_man(colour, type) && at < GBR_POSITION_KEY_SIZE - 1)
                    out->bytes[at++] = (uint8_t)(square + 1);
    out->bytes[GBR_POSITION_KEY_SIZE - 1] = p->indicator;
}
