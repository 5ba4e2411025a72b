/*
 * Exhaustive: every syntactically valid material code, 10^4 digit quadruples
 * times 81 pawn pairs in the long form and the 10^4 short forms, through every
 * codec.
 *
 *  - Accepted codes format back to the same seven bytes, and the struct holds
 *    the digits written.
 *  - Rejected codes fail only with `promotions` at column 1 (the grammar holds,
 *    so §2.4 is the only rule left).
 *  - Acceptance agrees with the codec's own material_from_counts: a code is
 *    valid exactly when some exact counts encode to it. For a digit 0-8 the
 *    counts are the codec's split; for a 9 the least forcing splits are three
 *    of the type on one side and none on the other (more men never force fewer
 *    promotions), so trying both sides of every 9 decides it.
 *  - The short form `abcd` parses exactly like `abcd.00`.
 *  - With both codecs: the same acceptance, error and struct on every code.
 *  - With both codecs, every seven-byte text over ten boundary characters
 *    (10^7 texts, valid or not): the same error class and column, and *out
 *    untouched on failure.
 */
#include <stdio.h>
#include <string.h>

#include "prop.h"

static void write_code(char text[8], unsigned digits, unsigned white_pawns, unsigned black_pawns)
{
    snprintf(text, 8, "%04u.%u%u", digits, white_pawns, black_pawns);
}

static gbr_material material_of(unsigned digits, unsigned white_pawns, unsigned black_pawns)
{
    gbr_material m;
    for (int i = 3; i >= 0; i--) {
        m.digit[i] = (uint8_t)(digits % 10);
        digits /= 10;
    }
    m.pawns[0] = (uint8_t)white_pawns;
    m.pawns[1] = (uint8_t)black_pawns;
    return m;
}

/* Does some choice of exact counts encode to m through material_from_counts? */
static int some_counts_encode_to(const gbr_codec *c, const gbr_material *m)
{
    gbr_counts base;
    memset(&base, 0, sizeof base);
    base.count[GBR_WHITE][GBR_PAWN] = m->pawns[0];
    base.count[GBR_BLACK][GBR_PAWN] = m->pawns[1];
    int nines[4], nine_count = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        if (m->digit[type] == 9)
            nines[nine_count++] = type;
        else if (!gbr_material_split(c, m, type, &base.count[GBR_WHITE][type], &base.count[GBR_BLACK][type]))
            return -1; /* the split refused a digit 0-8: reported by the caller */
    }
    for (unsigned sides = 0; sides < (1u << nine_count); sides++) {
        gbr_counts counts = base;
        for (int i = 0; i < nine_count; i++)
            counts.count[(sides >> i) & 1u][nines[i]] = 3;
        gbr_material encoded;
        if (!gbr_material_from_counts(c, &counts, &encoded).error && memcmp(&encoded, m, sizeof *m) == 0)
            return 1;
    }
    return 0;
}

static void check_codec(const gbr_codec *c, prop_tally *round_trip, prop_tally *validity, prop_tally *short_form)
{
    char text[8], out[16];
    for (unsigned digits = 0; digits < 10000; digits++) {
        for (unsigned wp = 0; wp <= 8; wp++) {
            for (unsigned bp = 0; bp <= 8; bp++) {
                write_code(text, digits, wp, bp);
                gbr_material m, expected = material_of(digits, wp, bp);
                gbr_result r = gbr_parse_material(c, text, 7, &m);
                round_trip->checked++;
                if (r.error == GBR_OK) {
                    if (memcmp(&m, &expected, sizeof m) != 0)
                        prop_tally_fail(round_trip, "%s: %s parsed to other digits", gbr_codec_name(c), text);
                    gbr_result f = gbr_format_material(c, out, sizeof out, &m);
                    if (f.error || f.length != 7 || memcmp(out, text, 7) != 0)
                        prop_tally_fail(round_trip, "%s: %s formatted as \"%.*s\" (%s)", gbr_codec_name(c), text,
                                        f.error ? 0 : (int)f.length, out, gbr_error_name(f.error));
                } else if (r.error != GBR_E_PROMOTIONS || r.column != 1) {
                    prop_tally_fail(round_trip, "%s: %s rejected with %s at %u, expected only promotions at 1",
                                    gbr_codec_name(c), text, gbr_error_name(r.error), r.column);
                }
                validity->checked++;
                int encodable = some_counts_encode_to(c, &expected);
                if (encodable < 0)
                    prop_tally_fail(validity, "%s: material_split refused a digit 0-8 in %s", gbr_codec_name(c), text);
                else if (encodable != (r.error == GBR_OK))
                    prop_tally_fail(validity, "%s: %s is %s but %s counts encode to it", gbr_codec_name(c), text,
                                    r.error ? "rejected" : "accepted", encodable ? "some" : "no");
            }
        }
        /* The short form means abcd.00. */
        write_code(text, digits, 0, 0);
        gbr_material short_m, long_m;
        memset(&short_m, 0, sizeof short_m);
        memset(&long_m, 0, sizeof long_m);
        gbr_result rs = gbr_parse_material(c, text, 4, &short_m);
        gbr_result rl = gbr_parse_material(c, text, 7, &long_m);
        short_form->checked++;
        if (rs.error != rl.error || rs.column != rl.column ||
            (rs.error == GBR_OK && memcmp(&short_m, &long_m, sizeof short_m) != 0))
            prop_tally_fail(short_form, "%s: %.4s gives %s at %u, %s gives %s at %u (or other digits)",
                            gbr_codec_name(c), text, gbr_error_name(rs.error), rs.column, text,
                            gbr_error_name(rl.error), rl.column);
    }
}

static void compare_codecs(const gbr_codec *a, const gbr_codec *b, prop_tally *t)
{
    char text[8];
    for (unsigned digits = 0; digits < 10000; digits++)
        for (unsigned wp = 0; wp <= 8; wp++)
            for (unsigned bp = 0; bp <= 8; bp++)
                for (size_t len = 4; len <= 7; len += 3) {
                    write_code(text, digits, wp, bp);
                    if (len == 4 && (wp || bp))
                        continue;
                    gbr_material ma, mb;
                    gbr_result ra = gbr_parse_material(a, text, len, &ma);
                    gbr_result rb = gbr_parse_material(b, text, len, &mb);
                    t->checked++;
                    if (ra.error != rb.error || ra.column != rb.column ||
                        (ra.error == GBR_OK && memcmp(&ma, &mb, sizeof ma) != 0))
                        prop_tally_fail(t, "%.*s: %s gives %s at %u, %s gives %s at %u (or other digits)", (int)len,
                                        text, gbr_codec_name(a), gbr_error_name(ra.error), ra.column, gbr_codec_name(b),
                                        gbr_error_name(rb.error), rb.column);
                }
}

/* Every text of seven bytes from an alphabet at the edges of the byte test:
 * digits at each place's limit ('7', '8', '9'), the point, the characters
 * around the digits ('/', ':'), a letter, NUL, and 0xCF and 0xFF (which
 * carry out of their byte in a word-at-a-time scan). */
static void compare_seven_byte_texts(const gbr_codec *a, const gbr_codec *b, prop_tally *t)
{
    static const unsigned char alphabet[10] = {'0', '7', '8', '9', '.', '/', ':', 'a', 0xCF, 0xFF};
    unsigned place[7] = {0};
    for (;;) {
        char text[7];
        for (int k = 0; k < 7; k++)
            text[k] = (char)alphabet[place[k]];
        gbr_material ma, mb;
        memset(&ma, 0xA5, sizeof ma);
        memset(&mb, 0xA5, sizeof mb);
        gbr_result ra = gbr_parse_material(a, text, 7, &ma);
        gbr_result rb = gbr_parse_material(b, text, 7, &mb);
        t->checked++;
        if (ra.error != rb.error || ra.column != rb.column || ra.length != rb.length || memcmp(&ma, &mb, sizeof ma) != 0)
            prop_tally_fail(t, "%.7s: %s gives %s at %u, %s gives %s at %u (or another struct)", text,
                            gbr_codec_name(a), gbr_error_name(ra.error), ra.column, gbr_codec_name(b),
                            gbr_error_name(rb.error), rb.column);
        int k = 0;
        while (k < 7 && ++place[k] == 10)
            place[k++] = 0;
        if (k == 7)
            return;
    }
}

int main(void)
{
    const gbr_codec *codecs[2];
    int n = prop_codecs(codecs);
    long failed = 0;
    for (int i = 0; i < n; i++) {
        prop_name names[3] = {prop_name_for("material_round_trip", codecs[i]),
                              prop_name_for("material_validity_by_counts", codecs[i]),
                              prop_name_for("material_short_form", codecs[i])};
        prop_tally round_trip = {names[0].text, 0, 0}, validity = {names[1].text, 0, 0},
                   short_form = {names[2].text, 0, 0};
        check_codec(codecs[i], &round_trip, &validity, &short_form);
        failed += prop_tally_report(&round_trip) + prop_tally_report(&validity) + prop_tally_report(&short_form);
    }
    /* prop_codecs gave both codecs (it fails rather than give one). */
    prop_tally same = {"material_ref_equals_fast", 0, 0};
    compare_codecs(codecs[0], codecs[1], &same);
    failed += prop_tally_report(&same);
    prop_tally seven = {"material_seven_bytes_ref_equals_fast", 0, 0};
    compare_seven_byte_texts(codecs[0], codecs[1], &seven);
    failed += prop_tally_report(&seven);
    return failed ? 1 : 0;
}
