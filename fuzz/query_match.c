/*
 * Queries (spec/query.md) on any bytes: gbr_query_parse either succeeds with
 * column 0 or fails with a message at a column in 1..len+1 and leaves the
 * struct as it was; parsing is deterministic; a parsed query matches each of
 * a few subjects (positions, codes with and without a 9, a study code) with
 * 0 or 1, and marking it either colour never loses a match. The text is
 * copied to an exact-size allocation, so a read past its end is a finding.
 * The last input byte picks the subject.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "fuzz_data.h"

static const char *const fens[] = {
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "4k3/8/3n4/8/8/8/8/1NNNK3 w - - 0 1",
    "8/8/4k3/3p4/8/8/1r6/R3K3 w - - 0 1",
    "4k3/r4ppp/8/8/8/8/1r4PP/R3K2R w - - 0 1",
};
static const char *const codes[] = {"0400.10", "0109.00", "4888.88", "0009.78"};

static void subject_of(unsigned choice, gbr_query_subject *s)
{
    const gbr_codec *c = gbr_codec_ref();
    size_t n_fens = sizeof fens / sizeof fens[0], n_codes = sizeof codes / sizeof codes[0];
    choice %= (unsigned)(n_fens + n_codes + 1);
    if (choice < n_fens) {
        gbr_position p;
        FUZZ_ASSERT(!gbr_parse_fen(c, fens[choice], strlen(fens[choice]), &p).error, "subject FEN %u", choice);
        FUZZ_ASSERT(!gbr_query_subject_of_position(c, &p, (gbr_stipulation)(choice % 3), s).error, "subject");
    } else if (choice < n_fens + n_codes) {
        gbr_material m;
        const char *code = codes[choice - n_fens];
        FUZZ_ASSERT(!gbr_parse_material(c, code, strlen(code), &m).error, "subject code %s", code);
        gbr_query_subject_of_material(&m, s);
    } else {
        gbr_study st;
        FUZZ_ASSERT(!gbr_parse_study(c, "=0323.12g3g1", 12, &st).error, "subject study");
        gbr_query_subject_of_study(&st, s);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_data d = fuzz_data_init(data, size);
    uint8_t options = fuzz_data_take_byte(&d);
    char *text;
    size_t len = fuzz_data_take_text(&d, &text);
    fuzz_note_input(text, len);

    gbr_query q, again;
    memset(&q, 0x5a, sizeof q);
    gbr_query before = q;
    const char *message = NULL;
    gbr_result r = gbr_query_parse(&q, text, len, &message);
    if (r.error) {
        FUZZ_ASSERT(r.error == GBR_E_UNKNOWN_FORM, "error %s", gbr_error_name(r.error));
        FUZZ_ASSERT(r.column >= 1 && r.column <= len + 1, "column %u of %zu bytes", (unsigned)r.column, len);
        FUZZ_ASSERT(message != NULL, "no message");
        FUZZ_ASSERT(memcmp(&q, &before, sizeof q) == 0, "a failed parse wrote the query");
    } else {
        FUZZ_ASSERT(r.column == 0, "column %u on success", (unsigned)r.column);
        FUZZ_ASSERT(!gbr_query_parse(&again, text, len, NULL).error && memcmp(&q, &again, sizeof q) == 0,
                    "parsing twice differs");
        gbr_query_subject s;
        subject_of(options, &s);
        int direct = gbr_query_match(&q, &s);
        q.either_colour = 1;
        int either = gbr_query_match(&q, &s);
        FUZZ_ASSERT((direct == 0 || direct == 1) && (either == 0 || either == 1), "match %d %d", direct, either);
        FUZZ_ASSERT(either >= direct, "either colour lost a match");
    }
    free(text);
    return 0;
}
