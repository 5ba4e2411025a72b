/* Material names in the Syzygy style, KRPvKR (§7). */
#include "fast_internal.h"

gbr_result fast_parse_name(FAST_CODEC, const char *src, size_t len, gbr_counts *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    const unsigned char *s = (const unsigned char *)src;
    /* Counts saturate at 15: any count that large already breaks §1, and
     * the saturated value still does. */
    unsigned count[2][5] = {{0}};
    size_t i = 0;
    for (unsigned side = 0; side < 2; side++) {
        size_t king = i;
        TRY(fast_precise_byte(s, len, &i, 'K', GBR_E_NAME_SYNTAX));
        unsigned last = 0;
        for (; i < len; i++) {
            unsigned type = fast_name_type[s[i]];
            if (type == FAST_NONE)
                break;
            if (type < last)
                return fast_error(GBR_E_NAME_SYNTAX, i + 1);
            if (type == GBR_PAWN && count[side][GBR_PAWN] == 8)
                return fast_error(GBR_E_TOO_MANY_PAWNS, i + 1);
            last = type;
            count[side][type] += count[side][type] < 15;
        }
        if (side == 0)
            TRY(fast_precise_byte(s, len, &i, 'v', GBR_E_NAME_SYNTAX));
        else if (i < len)
            return fast_error(GBR_E_NAME_SYNTAX, i + 1);
        if (fast_side_over_promoted(count[side]))
            return fast_error(GBR_E_PROMOTIONS, king + 1);
    }
    for (unsigned side = 0; side < 2; side++)
        for (unsigned type = 0; type < 5; type++)
            out->count[side][type] = (uint8_t)count[side][type];
    return fast_ok(0);
}

gbr_result fast_format_name(FAST_CODEC, char *dst, size_t cap, const gbr_counts *c)
{
    if (c == NULL || fast_bad_output(dst, cap) || fast_check_counts(c) != GBR_OK)
        return fast_error(GBR_E_ARGUMENT, 0);
    size_t need = 3;
    for (int side = 0; side < 2; side++)
        for (int type = 0; type < 5; type++)
            need += c->count[side][type];
    if (cap < need)
        return fast_too_small(need);
    static const char letter[5] = {'Q', 'R', 'B', 'N', 'P'};
    size_t n = 0;
    for (int side = 0; side < 2; side++) {
        if (side)
            dst[n++] = 'v';
        dst[n++] = 'K';
        for (int type = 0; type < 5; type++) {
            memset(dst + n, letter[type], c->count[side][type]);
            n += c->count[side][type];
        }
    }
    return fast_ok(n);
}
