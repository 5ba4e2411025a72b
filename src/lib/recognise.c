/*
 * Recognising a form (spec/gbr.md §10): the rule (gbr_detect_form), then
 * the text parsed as the form it names and its value formatted again. gbr
 * check, the protocol's check operation (gbr_check), the scanner and gbr
 * audit's [GBR] tags all go through here, so the form a text is taken for and
 * the parser that judges it are decided in one place.
 */
#include <string.h>

#include "recognise.h"

static gbr_result make_error(gbr_error e, uint32_t column)
{
    gbr_result r = {e, column, 0};
    return r;
}

/* spec/gbr.md section 10, "Recognising a form". */
gbr_form gbr_detect_form(const char *src, size_t len)
{
    if (src == NULL || len == 0)
        return GBR_FORM_UNKNOWN;
    for (size_t i = 0; i < len && src[i] != ' '; i++)
        if (src[i] == '/')
            return GBR_FORM_FEN;
    char first = src[0];
    if (first == '[' || first == '(' || first == '+' || first == '=')
        return GBR_FORM_STUDY;
    if (first >= 'a' && first <= 'h')
        return GBR_FORM_POSITION;
    if (first == 'K')
        return GBR_FORM_NAME;
    if (first >= '0' && first <= '9') {
        for (size_t i = 0; i < len; i++)
            if (src[i] >= 'a' && src[i] <= 'h')
                return GBR_FORM_STUDY;
        return GBR_FORM_MATERIAL;
    }
    return GBR_FORM_UNKNOWN;
}

const char *gbr_form_name(gbr_form f)
{
    switch (f) {
    case GBR_FORM_MATERIAL: return "material";
    case GBR_FORM_STUDY: return "study";
    case GBR_FORM_POSITION: return "position";
    case GBR_FORM_FEN: return "fen";
    case GBR_FORM_NAME: return "name";
    case GBR_FORM_UNKNOWN: break;
    }
    return "unknown";
}

gbr_result gbr_recognise(const gbr_codec *c, const char *src, size_t len, gbr_recognised *out)
{
    if (out == NULL)
        return make_error(GBR_E_ARGUMENT, 0);
    out->form = GBR_FORM_UNKNOWN;
    if (src == NULL && len != 0)
        return make_error(GBR_E_ARGUMENT, 0);
    if (c == NULL)
        c = gbr_codec_default();
    return gbr_parse_as_form(c, gbr_detect_form(src, len), src, len, out);
}

gbr_result gbr_parse_as_form(const gbr_codec *c, gbr_form form, const char *src, size_t len, gbr_recognised *out)
{
    out->form = form;
    switch (form) {
    case GBR_FORM_MATERIAL: return gbr_parse_material(c, src, len, &out->value.material);
    case GBR_FORM_STUDY: return gbr_parse_study(c, src, len, &out->value.study);
    case GBR_FORM_POSITION: return gbr_parse_position(c, src, len, &out->value.position);
    case GBR_FORM_FEN: return gbr_parse_fen(c, src, len, &out->value.position);
    case GBR_FORM_NAME: return gbr_parse_name(c, src, len, &out->value.counts);
    case GBR_FORM_UNKNOWN: break;
    }
    return make_error(len == 0 ? GBR_E_EMPTY : GBR_E_UNKNOWN_FORM, 1);
}

gbr_result gbr_recognised_canonical(const gbr_codec *c, char *dst, size_t cap, const gbr_recognised *r)
{
    if (r == NULL || (dst == NULL && cap != 0))
        return make_error(GBR_E_ARGUMENT, 0);
    if (c == NULL)
        c = gbr_codec_default();
    switch (r->form) {
    case GBR_FORM_MATERIAL: return gbr_format_material(c, dst, cap, &r->value.material);
    case GBR_FORM_STUDY: return gbr_format_study(c, dst, cap, &r->value.study);
    case GBR_FORM_POSITION: return gbr_format_position(c, dst, cap, &r->value.position);
    case GBR_FORM_FEN: return gbr_format_fen(c, dst, cap, &r->value.position);
    case GBR_FORM_NAME: return gbr_format_name(c, dst, cap, &r->value.counts);
    case GBR_FORM_UNKNOWN: break;
    }
    return make_error(GBR_E_ARGUMENT, 0);
}
