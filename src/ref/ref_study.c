/* Study codes (spec/gbr.md §3): [stipulation] material white-king black-king,
 * optionally wrapped in [ ] or ( ). */
#include "ref_internal.h"

static char stipulation_letter(int stipulation)
{
    return stipulation == GBR_STIP_WIN ? '+' : '=';
}

gbr_result gbr_ref_parse_study(const gbr_codec *codec, const char *src, size_t len, gbr_study *out)
{
    (void)codec;
    if (ref_bad_text(src, len, out))
        return ref_argument_error();
    if (len == 0)
        return ref_error(GBR_E_EMPTY, 1);

    ref_reader r = ref_reader_over(src, len);
    gbr_study s = {{{0, 0, 0, 0}, {0, 0}}, GBR_STIP_NONE, 0, 0};

    char closer = '\0'; /* the wrapper's closer, remembered from its opener */
    if (ref_peek(&r) == '[')
        closer = ']';
    else if (ref_peek(&r) == '(')
        closer = ')';
    if (closer)
        ref_skip(&r);

    if (!ref_at_end(&r) && ref_peek(&r) == '+') {
        s.stipulation = GBR_STIP_WIN;
        ref_skip(&r);
    } else if (!ref_at_end(&r) && ref_peek(&r) == '=') {
        s.stipulation = GBR_STIP_DRAW;
        ref_skip(&r);
    }

    uint32_t material_column = ref_column(&r);
    gbr_result step = gbr_ref_read_piece_digits(&r, &s.material);
    if (step.error)
        return step;
    if (ref_at_end(&r))
        return ref_truncated(&r);
    if (ref_peek(&r) == '.') {
        ref_skip(&r);
        step = gbr_ref_read_pawn_digits(&r, &s.material);
        if (step.error)
            return step;
    } else if (!ref_is_file_letter(ref_peek(&r))) {
        /* Short form: the white king follows the four digits directly. */
        return ref_fail_here(&r, GBR_E_EXPECTED_SQUARE);
    }
    if (!gbr_ref_material_possible(&s.material))
        return ref_error(GBR_E_PROMOTIONS, material_column);

    int white_king = 0, black_king = 0;
    step = gbr_ref_read_square(&r, GBR_E_EXPECTED_SQUARE, &white_king);
    if (step.error)
        return step;
    uint32_t black_king_column = ref_column(&r);
    step = gbr_ref_read_square(&r, GBR_E_EXPECTED_SQUARE, &black_king);
    if (step.error)
        return step;
    if (black_king == white_king)
        return ref_error(GBR_E_DUPLICATE_SQUARE, black_king_column);
    s.white_king = (uint8_t)white_king;
    s.black_king = (uint8_t)black_king;

    if (closer) {
        step = gbr_ref_expect(&r, closer, GBR_E_EXPECTED_CLOSE);
        if (step.error)
            return step;
    }
    if (!ref_at_end(&r))
        return ref_fail_here(&r, GBR_E_TRAILING);
    *out = s;
    return ref_ok(0);
}

int gbr_ref_study_valid(const gbr_study *s)
{
    return s->stipulation <= GBR_STIP_DRAW && gbr_ref_material_valid(&s->material) && s->white_king <= 63
           && s->black_king <= 63 && s->white_king != s->black_king;
}

gbr_result gbr_ref_format_study(const gbr_codec *codec, char *dst, size_t cap, const gbr_study *s)
{
    (void)codec;
    if (s == NULL || (dst == NULL && cap != 0) || !gbr_ref_study_valid(s))
        return ref_argument_error();

    ref_writer w = {.length = 0};
    if (s->stipulation != GBR_STIP_NONE)
        ref_put(&w, stipulation_letter(s->stipulation));
    gbr_ref_put_material(&w, &s->material);
    gbr_ref_put_square(&w, s->white_king);
    gbr_ref_put_square(&w, s->black_king);
    return gbr_ref_deliver(&w, dst, cap);
}
