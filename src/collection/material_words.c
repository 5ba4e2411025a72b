/* A material code in words: see material_words.h. */
#include <string.h>

#include "material_words.h"

static const char *const type_singular[5] = {"queen", "rook", "bishop", "knight", "pawn"};
const char *const material_type_plural[5] = {"queens", "rooks", "bishops", "knights", "pawns"};
static const char *const number_word[9] = {"no", "one", "two", "three", "four", "five", "six", "seven", "eight"};

gbr_result material_words_of(const gbr_codec *codec, const gbr_material *m, material_words *d)
{
    memset(d, 0, sizeof *d);
    gbr_result r = gbr_format_material(codec, d->code, sizeof d->code, m);
    if (r.error)
        return r;
    d->code_len = r.length;
    gbr_result decoded = gbr_material_decode(codec, m, &d->counts, &d->unknown);
    if (decoded.error) /* not reached: format_material accepted m */
        return decoded;
    gbr_result named = gbr_material_to_name(codec, d->name, sizeof d->name, d->code, d->code_len);
    d->name_len = named.error ? 0 : named.length;
    return r;
}

gbr_result material_words_decode(const gbr_codec *codec, const char *text, size_t len, material_words *d)
{
    gbr_material m;
    gbr_result r = gbr_parse_material(codec, text, len, &m);
    if (r.error)
        return r;
    return material_words_of(codec, &m, d);
}

/* Appends a NUL-terminated text; the caller sized out for the longest text. */
static void append(char *out, size_t *at, const char *text)
{
    size_t n = strlen(text);
    if (*at + n < MATERIAL_WORDS_MAX) {
        memcpy(out + *at, text, n);
        *at += n;
    }
    out[*at] = '\0';
}

static void side_words(const material_words *d, int colour, char *out, size_t *at)
{
    int any = 0;
    for (int type = GBR_QUEEN; type <= GBR_PAWN; type++) {
        int unknown = type <= GBR_KNIGHT && (d->unknown & (1u << type));
        unsigned n = unknown ? 0u : d->counts.count[colour][type];
        if (n == 0 && !unknown)
            continue;
        append(out, at, any ? ", " : " ");
        any = 1;
        if (unknown) {
            /* A 9 does not say how many this side has: it may be none. */
            append(out, at, "an unknown number of ");
            append(out, at, material_type_plural[type]);
        } else if (n == 1) {
            append(out, at, type_singular[type]);
        } else {
            append(out, at, n < 9 ? number_word[n] : "many");
            append(out, at, " ");
            append(out, at, material_type_plural[type]);
        }
    }
    if (!any)
        append(out, at, " king only");
}

size_t material_words_text(const material_words *d, char out[MATERIAL_WORDS_MAX])
{
    size_t at = 0;
    out[0] = '\0';
    append(out, &at, "White:");
    side_words(d, GBR_WHITE, out, &at);
    append(out, &at, "; Black:");
    side_words(d, GBR_BLACK, out, &at);
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        if (d->unknown & (1u << type)) {
            append(out, &at, "; three or more ");
            append(out, &at, material_type_plural[type]);
            append(out, &at, " on one side (split unknown)");
        }
    }
    return at;
}
