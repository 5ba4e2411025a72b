/* The audit rule, written once: see code_check.h. */
#include <string.h>

#include "code_check.h"
#include "game_tags.h"

int code_check_is_code_tag(const pgn_tag *t) { return game_tag_named(t, "GBR") || game_tag_named(t, "Black"); }

static code_check_status fail(code_check_tag_error *error, size_t index, const char *message)
{
    error->index = index;
    error->what = "GBR tag";
    error->message = message;
    return CODE_CHECK_ERROR;
}

/* The code of a [GBR] tag: its whole value, spaces around it aside, must be
 * one material code, study code or position form, short forms too (spec
 * section 10.1). Scanning the value instead would take a code embedded in junk
 * ("a1h1 0001.00 2/1." gives 0001.00) and let a fix keep the junk. The value
 * is read as written: a code has no quote or backslash to unescape. */
static code_check_status gbr_tag_code(const gbr_codec *codec, const pgn_tag *t, gbr_scan_match *m,
                                      code_check_tag_error *error)
{
    const char *value = t->raw_value;
    size_t from = 0, to = t->raw_value_len;
    while (from < to && (value[from] == ' ' || value[from] == '\t'))
        from++;
    while (to > from && (value[to - 1] == ' ' || value[to - 1] == '\t'))
        to--;
    size_t len = to - from;
    if (len == 0) /* (before any arithmetic on value, which may be NULL then) */
        return CODE_CHECK_NONE;
    const char *code = value + from;
    if (len == 1 && (code[0] == '?' || code[0] == '-'))
        return CODE_CHECK_NONE; /* PGN's "unknown" and "not applicable" */
    gbr_result r = gbr_recognise(codec, code, len, &m->code);
    if (m->code.form != GBR_FORM_MATERIAL && m->code.form != GBR_FORM_STUDY && m->code.form != GBR_FORM_POSITION)
        return fail(error, from, "not a material code, study code or position form"); /* a FEN, a name or none */
    if (r.error)
        return fail(error, from + (r.column ? r.column - 1 : 0), gbr_error_message(r.error));
    /* A wrapper belongs to the tag, not to the code a fix may rewrite. */
    if (m->code.form == GBR_FORM_STUDY && (code[0] == '(' || code[0] == '[')) {
        from++;
        to--;
    }
    r = gbr_recognised_canonical(codec, m->canonical, sizeof m->canonical, &m->code);
    if (r.error)
        return CODE_CHECK_NONE;
    m->canonical_len = r.length;
    m->start = from;
    m->end = to;
    return CODE_CHECK_FOUND;
}

/* The code at the start of a [Black] tag, possibly wrapped: "(+0016.32d4g7) 1st Prize". */
static code_check_status black_tag_code(const gbr_codec *codec, const pgn_tag *t, gbr_scan_match *m)
{
    const char *value = t->raw_value;
    if (gbr_scan_next(codec, value, t->raw_value_len, 0, 0, m) != GBR_SCAN_MATCH)
        return CODE_CHECK_NONE;
    if (m->start > 1 || (m->start == 1 && value[0] != '(' && value[0] != '['))
        return CODE_CHECK_NONE; /* a name that happens to contain a code further on */
    return CODE_CHECK_FOUND;
}

code_check_status code_check_tag_code(const gbr_codec *codec, const pgn_tag *t, gbr_scan_match *code,
                                 code_check_tag_error *error)
{
    if (game_tag_named(t, "GBR"))
        return gbr_tag_code(codec, t, code, error);
    if (game_tag_named(t, "Black"))
        return black_tag_code(codec, t, code);
    return CODE_CHECK_NONE;
}

int code_check_expected(const gbr_codec *codec, const gbr_position *fen, const gbr_scan_match *m, char *expected,
                        size_t capacity, size_t *expected_len, int *wrong)
{
    gbr_counts counts;
    gbr_material material;
    gbr_position_counts(fen, &counts);
    if (gbr_material_from_counts(codec, &counts, &material).error)
        return -1;
    /* A position that has a material code has one king a side. */
    const uint8_t *white_king = memchr(fen->board, GBR_WK, 64), *black_king = memchr(fen->board, GBR_BK, 64);
    code_check_position_facts facts = {material, white_king ? (uint8_t)(white_king - fen->board) : 0,
                                  black_king ? (uint8_t)(black_king - fen->board) : 0};
    return code_check_expected_of(codec, fen, &facts, m, expected, capacity, expected_len, wrong);
}

int code_check_expected_of(const gbr_codec *codec, const gbr_position *fen, const code_check_position_facts *facts,
                           const gbr_scan_match *m, char *expected, size_t capacity, size_t *expected_len, int *wrong)
{
    gbr_result r;
    if (m->code.form == GBR_FORM_MATERIAL) {
        r = gbr_format_material(codec, expected, capacity, &facts->material);
    } else if (m->code.form == GBR_FORM_STUDY) {
        gbr_study s = m->code.value.study; /* the stipulation is the tag's: a FEN cannot say it */
        s.material = facts->material;
        s.white_king = facts->white_king;
        s.black_king = facts->black_king;
        r = gbr_format_study(codec, expected, capacity, &s);
    } else {
        gbr_position p = *fen;
        p.indicator = m->code.value.position.indicator;
        r = gbr_format_position(codec, expected, capacity, &p);
    }
    if (r.error)
        return -1;
    *expected_len = r.length;
    *wrong = r.length != m->canonical_len || memcmp(expected, m->canonical, r.length) != 0;
    return 0;
}

gbr_result_option code_check_stipulation(const gbr_scan_match *m)
{
    if (m->code.form == GBR_FORM_STUDY) {
        if (m->code.value.study.stipulation == GBR_STIP_WIN)
            return GBR_RESULT_WIN;
        if (m->code.value.study.stipulation == GBR_STIP_DRAW)
            return GBR_RESULT_DRAW;
    } else if (m->code.form == GBR_FORM_POSITION) {
        switch (m->code.value.position.indicator) {
        case GBR_IND_WIN:
        case GBR_IND_BLACK_WIN:
            return GBR_RESULT_WIN;
        case GBR_IND_DRAW:
        case GBR_IND_BLACK_DRAW:
            return GBR_RESULT_DRAW;
        default:
            break;
        }
    }
    return GBR_RESULT_NONE;
}

size_t code_check_mismatch_text(char *dst, const pgn_tag *t, const gbr_scan_match *code, const char *expected,
                           size_t expected_len)
{
    static const char says[] = " tag says ", gives[] = ", FEN gives ";
    const char *name = game_tag_named(t, "GBR") ? "GBR" : "Black"; /* only code tags have a code */
    size_t n = 0;
    const char *const parts[5] = {name, says, code->canonical, gives, expected};
    const size_t lens[5] = {strlen(name), sizeof says - 1, code->canonical_len, sizeof gives - 1, expected_len};
    for (int i = 0; i < 5; i++) {
        memcpy(dst + n, parts[i], lens[i]);
        n += lens[i];
    }
    return n;
}

size_t code_check_study_code(const gbr_codec *codec, const gbr_position *p, gbr_result_option stipulation, char *out,
                        size_t capacity)
{
    gbr_counts counts;
    gbr_study study;
    memset(&study, 0, sizeof study);
    gbr_position_counts(p, &counts);
    if (gbr_material_from_counts(codec, &counts, &study.material).error)
        return 0;
    /* A parsed position has one king a side. */
    const uint8_t *white_king = memchr(p->board, GBR_WK, 64), *black_king = memchr(p->board, GBR_BK, 64);
    if (!white_king || !black_king)
        return 0;
    study.stipulation = (uint8_t)stipulation;
    study.white_king = (uint8_t)(white_king - p->board);
    study.black_king = (uint8_t)(black_king - p->board);
    gbr_result r = gbr_format_study(codec, out, capacity, &study);
    return r.error ? 0 : r.length;
}
