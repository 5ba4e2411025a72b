/*
 * material_decode: gbr_material_decode through both codecs (and the
 * default): every digit 0-9 of each type, the pawns, and the structs and
 * pointers it refuses (gbr.h). Expected counts are written from spec §2.1
 * (digit = white + 3 x black), not from any codec.
 *
 * Exits 1 on any failure (each printed), 0 when everything held.
 */
#include <stdio.h>
#include <string.h>

#include "gbr.h"
#include "check.h"

static const char *codec_name(const gbr_codec *c) { return c ? gbr_codec_name(c) : "default"; }

/* Each digit of each type, the other digits 0, pawns 3 and 5. */
static void every_digit(const gbr_codec *c)
{
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        for (unsigned digit = 0; digit <= 9; digit++) {
            gbr_material m = {{0, 0, 0, 0}, {3, 5}};
            m.digit[type] = (uint8_t)digit;
            gbr_counts counts;
            memset(&counts, 0xA5, sizeof counts);
            unsigned unknown = 0xA5;
            gbr_result r = gbr_material_decode(c, &m, &counts, &unknown);
            CHECK(r.error == GBR_OK && r.column == 0, "%s type %d digit %u: error %s", codec_name(c), type, digit,
                  gbr_error_name(r.error));
            unsigned want_unknown = digit == 9 ? 1u << type : 0u;
            CHECK(unknown == want_unknown, "%s type %d digit %u: unknown mask %#x, want %#x", codec_name(c), type,
                  digit, unknown, want_unknown);
            for (int t = GBR_QUEEN; t <= GBR_KNIGHT; t++) {
                unsigned white = 0, black = 0;
                if (t == type && digit != 9) {
                    white = digit % 3;
                    black = digit / 3;
                }
                CHECK(counts.count[GBR_WHITE][t] == white && counts.count[GBR_BLACK][t] == black,
                      "%s type %d digit %u: type %d counts %u/%u, want %u/%u", codec_name(c), type, digit, t,
                      counts.count[GBR_WHITE][t], counts.count[GBR_BLACK][t], white, black);
            }
            CHECK(counts.count[GBR_WHITE][GBR_PAWN] == 3 && counts.count[GBR_BLACK][GBR_PAWN] == 5,
                  "%s type %d digit %u: pawns %u/%u", codec_name(c), type, digit, counts.count[GBR_WHITE][GBR_PAWN],
                  counts.count[GBR_BLACK][GBR_PAWN]);
        }
    }
    /* Several 9s at once: each its bit. */
    gbr_material all = {{9, 4, 9, 8}, {8, 0}};
    gbr_counts counts;
    unsigned unknown = 0;
    gbr_result r = gbr_material_decode(c, &all, &counts, &unknown);
    CHECK(r.error == GBR_OK && unknown == ((1u << GBR_QUEEN) | (1u << GBR_BISHOP)) &&
              counts.count[GBR_WHITE][GBR_ROOK] == 1 && counts.count[GBR_BLACK][GBR_ROOK] == 1 &&
              counts.count[GBR_WHITE][GBR_KNIGHT] == 2 && counts.count[GBR_BLACK][GBR_KNIGHT] == 2 &&
              counts.count[GBR_WHITE][GBR_PAWN] == 8,
          "%s 9499.80: mask %#x", codec_name(c), unknown);
}

/* A struct no parser could produce, or a NULL: GBR_E_ARGUMENT, nothing written. */
static void refused(const gbr_codec *c)
{
    gbr_material good = {{1, 2, 3, 4}, {1, 1}};
    gbr_counts counts, untouched;
    unsigned unknown;
    memset(&untouched, 0xA5, sizeof untouched);
    struct {
        int digit_type, pawn_colour;
        uint8_t value;
    } bad[] = {{GBR_QUEEN, -1, 10}, {GBR_ROOK, -1, 10}, {GBR_BISHOP, -1, 200}, {GBR_KNIGHT, -1, 255},
               {-1, GBR_WHITE, 9},  {-1, GBR_BLACK, 9}, {-1, GBR_BLACK, 255}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        gbr_material m = good;
        if (bad[i].digit_type >= 0)
            m.digit[bad[i].digit_type] = bad[i].value;
        else
            m.pawns[bad[i].pawn_colour] = bad[i].value;
        counts = untouched;
        unknown = 0xA5;
        gbr_result r = gbr_material_decode(c, &m, &counts, &unknown);
        CHECK(r.error == GBR_E_ARGUMENT && r.column == 0, "%s bad struct %zu: error %s", codec_name(c), i,
              gbr_error_name(r.error));
        CHECK(memcmp(&counts, &untouched, sizeof counts) == 0 && unknown == 0xA5, "%s bad struct %zu: wrote",
              codec_name(c), i);
    }
    CHECK(gbr_material_decode(c, NULL, &counts, &unknown).error == GBR_E_ARGUMENT, "%s NULL material", codec_name(c));
    CHECK(gbr_material_decode(c, &good, NULL, &unknown).error == GBR_E_ARGUMENT, "%s NULL counts", codec_name(c));
    CHECK(gbr_material_decode(c, &good, &counts, NULL).error == GBR_E_ARGUMENT, "%s NULL mask", codec_name(c));
}

int main(void)
{
    const gbr_codec *codecs[] = {gbr_codec_ref(), gbr_codec_fast(), NULL};
    for (size_t i = 0; i < sizeof codecs / sizeof codecs[0]; i++) {
        every_digit(codecs[i]);
        refused(codecs[i]);
    }
    if (failures) {
        printf("%d failures\n", failures);
        return 1;
    }
    printf("gbr_material_decode: every digit of every type, pawns and refused structs through ref, fast, default\n");
    return 0;
}
