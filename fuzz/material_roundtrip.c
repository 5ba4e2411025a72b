/*
 * Material code and material name round trips, in each codec on its own:
 * parse -> format gives the long form of the input (".00" added to a short
 * form) and is stable; a digit splits back into counts that give the same
 * digit; a code without a 9 goes to a name and back unchanged, and a code
 * with a 9 has no name; a valid name is canonical and its material code
 * names it again.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

static void material_round_trip(const gbr_codec *c, const char *text, size_t len)
{
    gbr_material m1, m2;
    char t1[FUZZ_FULL_CAPACITY], t2[FUZZ_FULL_CAPACITY], name[FUZZ_FULL_CAPACITY];

    if (gbr_parse_material(c, text, len, &m1).error != GBR_OK)
        return;
    gbr_result r = gbr_format_material(c, t1, sizeof t1, &m1);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == 7, "%s: format_material: %s length %zu", gbr_codec_name(c),
                gbr_error_name(r.error), r.length);
    FUZZ_ASSERT((len == 7 && memcmp(t1, text, 7) == 0) ||
                    (len == 4 && memcmp(t1, text, 4) == 0 && memcmp(t1 + 4, ".00", 3) == 0),
                "%s: canonical text %.7s is not the input's long form", gbr_codec_name(c), t1);
    r = gbr_parse_material(c, t1, 7, &m2);
    FUZZ_ASSERT(r.error == GBR_OK && memcmp(&m1, &m2, sizeof m1) == 0, "%s: parse(format(m)) != m", gbr_codec_name(c));
    r = gbr_format_material(c, t2, sizeof t2, &m2);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == 7 && memcmp(t1, t2, 7) == 0, "%s: format not stable",
                gbr_codec_name(c));

    /* Digits and counts: the split of a 0-8 digit gives it back; a 9 has none. */
    gbr_counts counts;
    memset(&counts, 0, sizeof counts);
    int has_nine = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        uint8_t white = 0xff, black = 0xff;
        int exact = gbr_material_split(c, &m1, type, &white, &black);
        FUZZ_ASSERT(exact == (m1.digit[type] != 9), "%s: split of digit %u says exact=%d", gbr_codec_name(c),
                    m1.digit[type], exact);
        if (exact) {
            FUZZ_ASSERT(white <= 2 && black <= 2 && white + 3 * black == m1.digit[type],
                        "%s: digit %u split into %u and %u", gbr_codec_name(c), m1.digit[type], white, black);
            counts.count[GBR_WHITE][type] = white;
            counts.count[GBR_BLACK][type] = black;
        } else {
            has_nine = 1;
        }
    }
    uint32_t expected_key = 0;
    for (int i = 0; i < 4; i++)
        expected_key = expected_key * 10u + m1.digit[i];
    expected_key = (expected_key * 10u + m1.pawns[0]) * 10u + m1.pawns[1];
    FUZZ_ASSERT(gbr_material_key_of(c, &m1) == expected_key, "%s: material_key %lu, the number abcdef is %lu",
                gbr_codec_name(c), (unsigned long)gbr_material_key_of(c, &m1), (unsigned long)expected_key);

    /* Material -> name -> material. */
    r = gbr_material_to_name(c, name, sizeof name, text, len);
    if (has_nine) {
        FUZZ_ASSERT(r.error == GBR_E_NAME_OVERFLOW, "%s: a code with a 9 gave %s", gbr_codec_name(c),
                    gbr_error_name(r.error));
        return;
    }
    FUZZ_ASSERT(r.error == GBR_OK, "%s: gbr_material_to_name: %s", gbr_codec_name(c), gbr_error_name(r.error));
    size_t name_len = r.length;
    r = gbr_name_to_material(c, t2, sizeof t2, name, name_len);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == 7 && memcmp(t1, t2, 7) == 0,
                "%s: name %.*s gives back %s %.*s, not %.7s", gbr_codec_name(c), (int)name_len, name,
                gbr_error_name(r.error), (int)r.length, t2, t1);
    counts.count[GBR_WHITE][GBR_PAWN] = m1.pawns[GBR_WHITE];
    counts.count[GBR_BLACK][GBR_PAWN] = m1.pawns[GBR_BLACK];
    r = gbr_material_from_counts(c, &counts, &m2);
    FUZZ_ASSERT(r.error == GBR_OK && memcmp(&m1, &m2, sizeof m1) == 0,
                "%s: material_from_counts of the split does not give the code back", gbr_codec_name(c));
}

static void name_round_trip(const gbr_codec *c, const char *text, size_t len)
{
    gbr_counts c1, c2;
    gbr_material m;
    char name[FUZZ_FULL_CAPACITY], code[FUZZ_FULL_CAPACITY], again[FUZZ_FULL_CAPACITY];

    if (gbr_parse_name(c, text, len, &c1).error != GBR_OK)
        return;
    gbr_result r = gbr_format_name(c, name, sizeof name, &c1);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == len && memcmp(name, text, len) == 0,
                "%s: a valid name is not written back unchanged: %s %.*s", gbr_codec_name(c), gbr_error_name(r.error),
                (int)r.length, name);
    r = gbr_parse_name(c, name, len, &c2);
    FUZZ_ASSERT(r.error == GBR_OK && memcmp(&c1, &c2, sizeof c1) == 0, "%s: parse(format(name)) differs",
                gbr_codec_name(c));

    r = gbr_material_from_counts(c, &c1, &m);
    if (r.error != GBR_OK)
        return; /* names obey the pawn and promotion rules already; a failure here is caught by the differential */
    r = gbr_format_material(c, code, sizeof code, &m);
    FUZZ_ASSERT(r.error == GBR_OK && r.length == 7, "%s: format_material: %s", gbr_codec_name(c),
                gbr_error_name(r.error));
    r = gbr_material_to_name(c, again, sizeof again, code, 7);
    int has_nine = m.digit[0] == 9 || m.digit[1] == 9 || m.digit[2] == 9 || m.digit[3] == 9;
    if (has_nine)
        FUZZ_ASSERT(r.error == GBR_E_NAME_OVERFLOW, "%s: code %.7s with a 9 named: %s", gbr_codec_name(c), code,
                    gbr_error_name(r.error));
    else
        FUZZ_ASSERT(r.error == GBR_OK && r.length == len && memcmp(again, text, len) == 0,
                    "%s: name -> %.7s -> name gives %s %.*s", gbr_codec_name(c), code, gbr_error_name(r.error),
                    (int)r.length, again);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_input in = fuzz_input_take(data, size); /* its options and capacity bytes unused here */
    const gbr_codec *codecs[2] = {fuzz_codec_a(), fuzz_codec_b()};
    for (int i = 0; i < 2; i++) {
        material_round_trip(codecs[i], in.text, in.len);
        name_round_trip(codecs[i], in.text, in.len);
    }
    free(in.text);
    return 0;
}
