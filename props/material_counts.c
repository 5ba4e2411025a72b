/*
 * Exhaustive: every pair of counts (white, black) of each type, up to the most
 * a side can have (queens 0-9, rooks, bishops and knights 0-10), with every
 * pair of pawn counts, through material_from_counts and material_split of
 * every codec.
 *
 *  - The digit is 9 exactly when either count is 3 or more, else
 *    white + 3 * black (§2.1); the other digits are 0 and the pawns are copied.
 *  - material_split gives the pair back for digits 0-8 and reports the overflow
 *    class (returns 0) for a 9.
 *  - The counts are refused with `promotions` exactly when a side's promoted
 *    men of that type exceed its missing pawns (§1, one type at a time).
 *  - One count past the limit is `argument`; a ninth pawn is `too-many-pawns`.
 *  - Adding one man of the type to either side never lowers the digit.
 */
#include <stdio.h>
#include <string.h>

#include "gen.h"
#include "prop.h"

static const int original_complement[4] = {1, 2, 2, 2};

static gbr_counts counts_of(int type, int white, int black, int white_pawns, int black_pawns)
{
    gbr_counts c;
    memset(&c, 0, sizeof c);
    c.count[GBR_WHITE][type] = (uint8_t)white;
    c.count[GBR_BLACK][type] = (uint8_t)black;
    c.count[GBR_WHITE][GBR_PAWN] = (uint8_t)white_pawns;
    c.count[GBR_BLACK][GBR_PAWN] = (uint8_t)black_pawns;
    return c;
}

static int promoted(int type, int n) { return n > original_complement[type] ? n - original_complement[type] : 0; }

static void check_pairs(const gbr_codec *c, prop_tally *encode, prop_tally *split, prop_tally *limits,
                        prop_tally *monotone)
{
    static const char type_letter[] = "QRBN";
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        int limit = gen_type_limit(type);
        for (int w = 0; w <= limit; w++) {
            for (int b = 0; b <= limit; b++) {
                for (int wp = 0; wp <= 8; wp++) {
                    for (int bp = 0; bp <= 8; bp++) {
                        gbr_counts counts = counts_of(type, w, b, wp, bp);
                        gbr_material m;
                        memset(&m, 0xee, sizeof m);
                        gbr_result r = gbr_material_from_counts(c, &counts, &m);
                        int legal = promoted(type, w) <= 8 - wp && promoted(type, b) <= 8 - bp;
                        encode->checked++;
                        if (!legal) {
                            if (r.error != GBR_E_PROMOTIONS)
                                prop_tally_fail(encode, "%s: %c %d/%d pawns %d/%d gave %s, expected promotions",
                                                gbr_codec_name(c), type_letter[type], w, b, wp, bp,
                                                gbr_error_name(r.error));
                            continue;
                        }
                        if (r.error) {
                            prop_tally_fail(encode, "%s: %c %d/%d pawns %d/%d refused with %s", gbr_codec_name(c),
                                            type_letter[type], w, b, wp, bp, gbr_error_name(r.error));
                            continue;
                        }
                        int digit = (w >= 3 || b >= 3) ? 9 : w + 3 * b;
                        int others_zero = 1;
                        for (int t = GBR_QUEEN; t <= GBR_KNIGHT; t++)
                            if (t != type && m.digit[t] != 0)
                                others_zero = 0;
                        if (m.digit[type] != digit || !others_zero || m.pawns[0] != wp || m.pawns[1] != bp)
                            prop_tally_fail(encode,
                                            "%s: %c %d/%d pawns %d/%d encoded to %u%u%u%u.%u%u, digit should be %d",
                                            gbr_codec_name(c), type_letter[type], w, b, wp, bp, m.digit[0], m.digit[1],
                                            m.digit[2], m.digit[3], m.pawns[0], m.pawns[1], digit);
                        if (wp || bp)
                            continue; /* split and monotonicity: once per pair */
                        uint8_t sw = 0xee, sb = 0xee;
                        int exact = gbr_material_split(c, &m, type, &sw, &sb);
                        split->checked++;
                        if (digit == 9 ? exact != 0 : (exact != 1 || sw != w || sb != b))
                            prop_tally_fail(split, "%s: split of %c digit %d from %d/%d gave %d (%u/%u)",
                                            gbr_codec_name(c), type_letter[type], digit, w, b, exact, sw, sb);
                        for (int side = 0; side < 2; side++) {
                            int w2 = w + (side == 0), b2 = b + (side == 1);
                            if (w2 > limit || b2 > limit)
                                continue;
                            gbr_counts more = counts_of(type, w2, b2, 0, 0);
                            gbr_material m2;
                            gbr_result r2 = gbr_material_from_counts(c, &more, &m2);
                            monotone->checked++;
                            if (r2.error || m2.digit[type] < m.digit[type])
                                prop_tally_fail(monotone, "%s: %c %d/%d -> %d/%d lowered digit %u to %u (%s)",
                                                gbr_codec_name(c), type_letter[type], w, b, w2, b2, m.digit[type],
                                                m2.digit[type], gbr_error_name(r2.error));
                        }
                    }
                }
            }
        }
        /* One past the most a side can have, on either side, is an argument error. */
        for (int side = 0; side < 2; side++) {
            gbr_counts over = counts_of(type, side ? 0 : limit + 1, side ? limit + 1 : 0, 0, 0);
            gbr_material m;
            gbr_result r = gbr_material_from_counts(c, &over, &m);
            limits->checked++;
            if (r.error != GBR_E_ARGUMENT)
                prop_tally_fail(limits, "%s: %d %c on side %d gave %s, expected argument", gbr_codec_name(c), limit + 1,
                                type_letter[type], side, gbr_error_name(r.error));
        }
    }
    for (int side = 0; side < 2; side++) {
        gbr_counts nine_pawns = counts_of(GBR_QUEEN, 0, 0, side ? 0 : 9, side ? 9 : 0);
        gbr_material m;
        gbr_result r = gbr_material_from_counts(c, &nine_pawns, &m);
        limits->checked++;
        if (r.error != GBR_E_TOO_MANY_PAWNS)
            prop_tally_fail(limits, "%s: 9 pawns on side %d gave %s, expected too-many-pawns", gbr_codec_name(c), side,
                            gbr_error_name(r.error));
    }
}

/* Every property of this file over one codec. */
static long check_codec(const gbr_codec *c)
{
    prop_name names[4] = {prop_name_for("counts_encode_nine_rule", c), prop_name_for("counts_split_back", c),
                          prop_name_for("counts_limits", c), prop_name_for("counts_digit_monotone", c)};
    prop_tally encode = {names[0].text, 0, 0}, split = {names[1].text, 0, 0}, limits = {names[2].text, 0, 0},
               monotone = {names[3].text, 0, 0};
    check_pairs(c, &encode, &split, &limits, &monotone);
    return prop_tally_report(&encode) + prop_tally_report(&split) + prop_tally_report(&limits) +
           prop_tally_report(&monotone);
}

int main(void)
{
    return prop_each_codec(check_codec) ? 1 : 0;
}
