/* Material names in the Syzygy style, KRPvKR (spec/gbr.md §7). */
#include "ref_internal.h"

/* One side's men after its K: piece letters in the order Q R B N P, each
 * type any number of times, up to the first byte that is not a piece letter
 * (the caller judges it). Counts stop growing at 255: so large a count already
 * breaks the promotion rule, which is reported when the side ends. */
static gbr_result read_side_men(ref_reader *r, uint8_t count[5])
{
    int latest_type = GBR_QUEEN;
    while (!ref_at_end(r)) {
        int type = piece_type_of_letter(ref_peek(r));
        if (type < GBR_QUEEN || type > GBR_PAWN)
            return ref_ok(0);
        if (type < latest_type)
            return ref_fail_here(r, GBR_E_NAME_SYNTAX); /* KRQ: a type after a later one */
        if (type == GBR_PAWN && count[GBR_PAWN] == 8)
            return ref_fail_here(r, GBR_E_TOO_MANY_PAWNS);
        if (count[type] < UINT8_MAX)
            count[type]++;
        latest_type = type;
        ref_skip(r);
    }
    return ref_ok(0);
}

static int side_possible(const uint8_t count[5])
{
    int exact[5];
    for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
        exact[type] = count[type];
    return gbr_ref_side_within_promotions(exact);
}

gbr_result gbr_ref_parse_name(const gbr_codec *codec, const char *src, size_t len, gbr_counts *out)
{
    (void)codec;
    if (ref_bad_text(src, len, out))
        return ref_argument_error();
    if (len == 0)
        return ref_error(GBR_E_EMPTY, 1);

    ref_reader r = ref_reader_over(src, len);
    gbr_counts counts = {{{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}}};
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        uint32_t king_column = ref_column(&r);
        gbr_result step = gbr_ref_expect(&r, 'K', GBR_E_NAME_SYNTAX);
        if (step.error)
            return step;
        step = read_side_men(&r, counts.count[colour]);
        if (step.error)
            return step;
        if (colour == GBR_WHITE) { /* White's men end at 'v' */
            step = gbr_ref_expect(&r, 'v', GBR_E_NAME_SYNTAX);
            if (step.error)
                return step;
        } else if (!ref_at_end(&r)) { /* Black's men end at the end of the text */
            return ref_fail_here(&r, GBR_E_NAME_SYNTAX);
        }
        if (!side_possible(counts.count[colour]))
            return ref_error(GBR_E_PROMOTIONS, king_column);
    }
    *out = counts;
    return ref_ok(0);
}

gbr_result gbr_ref_format_name(const gbr_codec *codec, char *dst, size_t cap, const gbr_counts *c)
{
    (void)codec;
    if (c == NULL || (dst == NULL && cap != 0))
        return ref_argument_error();
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++)
        if (c->count[colour][GBR_PAWN] > 8 || !side_possible(c->count[colour]))
            return ref_argument_error();

    ref_writer w = {.length = 0};
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        if (colour == GBR_BLACK)
            ref_put(&w, 'v');
        ref_put(&w, 'K');
        for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
            for (int i = 0; i < c->count[colour][type]; i++)
                ref_put(&w, piece_letter_of_type(type));
    }
    return gbr_ref_deliver(&w, dst, cap);
}
