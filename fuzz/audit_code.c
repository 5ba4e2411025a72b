/*
 * The audit rule (src/collection/code_check.h) on any tag value: the code a [GBR] or
 * [Black] tag carries, and what a FEN says of it, as gbr audit and gbr
 * directory read them.
 * - Both codecs find the same thing: status, span, canonical text, error
 *   byte and message.
 * - A code found lies inside the value (a [Black] code at its start or after
 *   one opening bracket), and its canonical text is recognised again as the
 *   same form and is its own canonical text.
 * - An error of a [GBR] value points inside the value or at its end.
 * - The expected code from a FEN (one of a few, picked by an input byte) is
 *   the same through both codecs, fits its buffer, and is "wrong" exactly when
 *   it differs from the tag's code; the mismatch sentence fits its room.
 * The value is copied to an exact-size allocation, so a read past its end is
 * a finding. The last input byte picks the tag and the FEN.
 */
#include <stdlib.h>
#include <string.h>

#include "code_check.h"
#include "fuzz_common.h"
#include "fuzz_data.h"

static const char *const fens[] = {
    "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "8/K7/2nn4/8/8/1B1k4/1R6/8 w - - 0 1",
    "4k3/8/3n4/8/8/8/8/1NNNK3 b - - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
};

typedef struct found {
    code_check_status status;
    gbr_scan_match code;
    code_check_tag_error error;
} found;

static found find(const gbr_codec *c, const pgn_tag *t)
{
    found f;
    memset(&f, 0, sizeof f);
    f.status = code_check_tag_code(c, t, &f.code, &f.error);
    return f;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_data d = fuzz_data_init(data, size);
    uint8_t choice = fuzz_data_take_byte(&d);
    char *value;
    size_t len = fuzz_data_take_text(&d, &value);
    fuzz_note_input(value, len);

    pgn_tag t;
    memset(&t, 0, sizeof t);
    t.name = (choice & 1) ? "Black" : "GBR";
    t.name_len = strlen(t.name);
    t.raw_value = value;
    t.raw_value_len = len;
    t.value = value;
    t.value_len = len;
    FUZZ_ASSERT(code_check_is_code_tag(&t), "%s is a code tag", t.name);

    found a = find(fuzz_codec_a(), &t), b = find(fuzz_codec_b(), &t);
    FUZZ_ASSERT(a.status == b.status, "%s tag: status %d against %d", t.name, a.status, b.status);
    if (a.status == CODE_CHECK_ERROR) {
        FUZZ_ASSERT(t.name[0] == 'G', "only a [GBR] value is an error, not a [%s] one", t.name);
        FUZZ_ASSERT(a.error.index <= len, "error at byte %zu of %zu", a.error.index, len); /* len: the end */
        FUZZ_ASSERT(a.error.index == b.error.index && a.error.message && b.error.message &&
                        strcmp(a.error.message, b.error.message) == 0,
                    "errors differ: %zu %s / %zu %s", a.error.index, a.error.message, b.error.index,
                    b.error.message);
    }
    if (a.status == CODE_CHECK_FOUND) {
        const gbr_scan_match *m = &a.code;
        FUZZ_ASSERT(m->start < m->end && m->end <= len, "span %zu..%zu of %zu", m->start, m->end, len);
        if (t.name[0] == 'B')
            FUZZ_ASSERT(m->start == 0 || (m->start == 1 && (value[0] == '(' || value[0] == '[')),
                        "[Black] code at byte %zu", m->start);
        FUZZ_ASSERT(m->canonical_len > 0 && m->canonical_len <= sizeof m->canonical, "canonical length %zu",
                    m->canonical_len);
        FUZZ_ASSERT(m->code.form == b.code.code.form && m->start == b.code.start && m->end == b.code.end &&
                        m->canonical_len == b.code.canonical_len &&
                        memcmp(m->canonical, b.code.canonical, m->canonical_len) == 0,
                    "codes differ: %.*s / %.*s", (int)m->canonical_len, m->canonical, (int)b.code.canonical_len,
                    b.code.canonical);
        gbr_recognised again;
        gbr_result r = gbr_recognise(fuzz_codec_a(), m->canonical, m->canonical_len, &again);
        FUZZ_ASSERT(!r.error && again.form == m->code.form, "canonical %.*s is not recognised again (%s)",
                    (int)m->canonical_len, m->canonical, gbr_error_name(r.error));
        char text[GBR_POSITION_MAX];
        r = gbr_recognised_canonical(fuzz_codec_a(), text, sizeof text, &again);
        FUZZ_ASSERT(!r.error && r.length == m->canonical_len && memcmp(text, m->canonical, r.length) == 0,
                    "canonical %.*s is not its own canonical text", (int)m->canonical_len, m->canonical);

        const char *fen = fens[(choice >> 1) % (sizeof fens / sizeof fens[0])];
        gbr_position p;
        FUZZ_ASSERT(!gbr_parse_fen(fuzz_codec_a(), fen, strlen(fen), &p).error, "FEN %s", fen);
        char expected_a[GBR_POSITION_MAX], expected_b[GBR_POSITION_MAX];
        size_t len_a = 0, len_b = 0;
        int wrong_a = -1, wrong_b = -1;
        int got_a = code_check_expected(fuzz_codec_a(), &p, m, expected_a, sizeof expected_a, &len_a, &wrong_a);
        int got_b = code_check_expected(fuzz_codec_b(), &p, &b.code, expected_b, sizeof expected_b, &len_b, &wrong_b);
        FUZZ_ASSERT(got_a == got_b, "expected code: %d against %d", got_a, got_b);
        if (got_a == 0) {
            FUZZ_ASSERT(len_a > 0 && len_a <= sizeof expected_a, "expected length %zu", len_a);
            FUZZ_ASSERT(len_a == len_b && memcmp(expected_a, expected_b, len_a) == 0 && wrong_a == wrong_b,
                        "expected codes differ: %.*s / %.*s", (int)len_a, expected_a, (int)len_b, expected_b);
            int differs = len_a != m->canonical_len || memcmp(expected_a, m->canonical, len_a) != 0;
            FUZZ_ASSERT(wrong_a == differs, "wrong is %d for %.*s against %.*s", wrong_a, (int)len_a, expected_a,
                        (int)m->canonical_len, m->canonical);
            char sentence[CODE_CHECK_MISMATCH_MAX];
            size_t n = code_check_mismatch_text(sentence, &t, m, expected_a, len_a);
            FUZZ_ASSERT(n > 0 && n <= sizeof sentence, "mismatch sentence of %zu bytes", n);
        }
    }
    free(value);
    return 0;
}
