/* Material codes (spec/gbr.md §2): reading, validity (§2.4), writing, and the
 * conversions between digits and exact counts. */
#include "ref_internal.h"

gbr_result gbr_ref_read_piece_digits(ref_reader *r, gbr_material *m)
{
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        if (ref_at_end(r))
            return ref_truncated(r);
        char c = ref_peek(r);
        if (c < '0' || c > '9')
            return ref_fail_here(r, GBR_E_EXPECTED_DIGIT);
        m->digit[type] = (uint8_t)(c - '0');
        ref_skip(r);
    }
    return ref_ok(0);
}

gbr_result gbr_ref_read_pawn_digits(ref_reader *r, gbr_material *m)
{
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        if (ref_at_end(r))
            return ref_truncated(r);
        char c = ref_peek(r);
        if (c == '9')
            return ref_fail_here(r, GBR_E_PAWN_COUNT);
        if (c < '0' || c > '8')
            return ref_fail_here(r, GBR_E_EXPECTED_DIGIT);
        m->pawns[colour] = (uint8_t)(c - '0');
        ref_skip(r);
    }
    return ref_ok(0);
}

static int excess_over_complement(int count, int type)
{
    int complement = ref_original_complement(type);
    return count > complement ? count - complement : 0;
}

int gbr_ref_side_within_promotions(const int count[5])
{
    int promoted = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        promoted += excess_over_complement(count[type], type);
    return promoted <= 8 - count[GBR_PAWN];
}

int gbr_ref_material_possible(const gbr_material *m)
{
    int nines = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        nines += m->digit[type] == 9;

    /* Bit i of `choice` gives the side holding the i-th 9. That side has at
     * least three of the type and the other side may have none; giving both
     * sides three only adds promotions, so one side per 9 is enough to try. */
    for (unsigned choice = 0; choice < (1u << nines); choice++) {
        int count[2][5];
        int nine_index = 0;
        for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
            int digit = m->digit[type];
            if (digit == 9) {
                int holder = (int)((choice >> nine_index) & 1u);
                nine_index++;
                count[holder][type] = 3;
                count[1 - holder][type] = 0;
            } else {
                count[GBR_WHITE][type] = ref_white_of_digit(digit);
                count[GBR_BLACK][type] = ref_black_of_digit(digit);
            }
        }
        count[GBR_WHITE][GBR_PAWN] = m->pawns[GBR_WHITE];
        count[GBR_BLACK][GBR_PAWN] = m->pawns[GBR_BLACK];
        if (gbr_ref_side_within_promotions(count[GBR_WHITE]) && gbr_ref_side_within_promotions(count[GBR_BLACK]))
            return 1;
    }
    return 0;
}

int gbr_ref_material_valid(const gbr_material *m)
{
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        if (m->digit[type] > 9)
            return 0;
    if (m->pawns[GBR_WHITE] > 8 || m->pawns[GBR_BLACK] > 8)
        return 0;
    return gbr_ref_material_possible(m);
}

uint32_t gbr_ref_material_number(const gbr_material *m)
{
    uint32_t number = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        number = number * 10u + m->digit[type];
    number = number * 10u + m->pawns[GBR_WHITE];
    number = number * 10u + m->pawns[GBR_BLACK];
    return number;
}

void gbr_ref_put_material(ref_writer *w, const gbr_material *m)
{
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        ref_put(w, (char)('0' + m->digit[type]));
    ref_put(w, '.');
    ref_put(w, (char)('0' + m->pawns[GBR_WHITE]));
    ref_put(w, (char)('0' + m->pawns[GBR_BLACK]));
}

gbr_result gbr_ref_parse_material(const gbr_codec *codec, const char *src, size_t len, gbr_material *out)
{
    (void)codec;
    if (ref_bad_text(src, len, out))
        return ref_argument_error();
    if (len == 0)
        return ref_error(GBR_E_EMPTY, 1);

    ref_reader r = ref_reader_over(src, len);
    gbr_material m = {{0, 0, 0, 0}, {0, 0}};
    gbr_result step = gbr_ref_read_piece_digits(&r, &m);
    if (step.error)
        return step;
    if (!ref_at_end(&r)) { /* at the end it is the short form abcd = abcd.00 */
        step = gbr_ref_expect(&r, '.', GBR_E_EXPECTED_POINT);
        if (step.error)
            return step;
        step = gbr_ref_read_pawn_digits(&r, &m);
        if (step.error)
            return step;
        if (!ref_at_end(&r))
            return ref_fail_here(&r, GBR_E_TRAILING);
    }
    if (!gbr_ref_material_possible(&m))
        return ref_error(GBR_E_PROMOTIONS, 1);
    *out = m;
    return ref_ok(0);
}

gbr_result gbr_ref_format_material(const gbr_codec *codec, char *dst, size_t cap, const gbr_material *m)
{
    (void)codec;
    if (m == NULL || (dst == NULL && cap != 0) || !gbr_ref_material_valid(m))
        return ref_argument_error();
    ref_writer w = {.length = 0};
    gbr_ref_put_material(&w, m);
    return gbr_ref_deliver(&w, dst, cap);
}

gbr_result gbr_ref_material_from_counts(const gbr_codec *codec, const gbr_counts *c, gbr_material *out)
{
    (void)codec;
    if (c == NULL || out == NULL)
        return ref_argument_error();
    /* A side can hold its original complement plus 8 promoted pieces at most. */
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++)
        for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
            if (c->count[colour][type] > ref_original_complement(type) + 8)
                return ref_argument_error();
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++)
        if (c->count[colour][GBR_PAWN] > 8)
            return ref_error(GBR_E_TOO_MANY_PAWNS, 0);
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        int count[5];
        for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
            count[type] = c->count[colour][type];
        if (!gbr_ref_side_within_promotions(count))
            return ref_error(GBR_E_PROMOTIONS, 0);
    }

    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        out->digit[type] = (uint8_t)ref_digit_of(c->count[GBR_WHITE][type], c->count[GBR_BLACK][type]);
    out->pawns[GBR_WHITE] = c->count[GBR_WHITE][GBR_PAWN];
    out->pawns[GBR_BLACK] = c->count[GBR_BLACK][GBR_PAWN];
    return ref_ok(0);
}

int gbr_ref_material_split(const gbr_codec *codec, const gbr_material *m, int type, uint8_t *white, uint8_t *black)
{
    (void)codec;
    /* A 9 is the overflow class (§2.3): there is no split to give. An
     * argument out of range has none either. */
    if (m == NULL || white == NULL || black == NULL || type < GBR_QUEEN || type > GBR_KNIGHT
        || m->digit[type] >= 9)
        return 0;
    *white = (uint8_t)ref_white_of_digit(m->digit[type]);
    *black = (uint8_t)ref_black_of_digit(m->digit[type]);
    return 1;
}
