/*
 * fast_tables_vs_rule: every entry of the optimised codec's generated tables
 * (src/fast/fast_tables.h) against the rule as the reference codec computes
 * it, through the public gbr_codec table only (parse_*, format_*,
 * material_split, material_from_counts). Prints one line per table checked.
 */
#include <stdio.h>
#include <string.h>

#include "fast_tables.h"
#include "gbr.h"

static const gbr_codec *ref;
static unsigned long failures, checks;

static void expect_true(int ok, const char *table, unsigned index, const char *detail)
{
    checks++;
    if (!ok && failures++ < 20)
        printf("FAIL %s[%u]: %s\n", table, index, detail);
}

static gbr_result parse_material_text(const char *text, gbr_material *m)
{
    return gbr_parse_material(ref, text, strlen(text), m);
}

static void check_character_tables(void)
{
    for (unsigned c = 0; c < 256; c++) {
        char text[16];
        gbr_material m;
        gbr_study st;
        gbr_counts counts;
        gbr_result r;

        memcpy(text, "X000.00", 8);
        text[0] = (char)c;
        r = gbr_parse_material(ref, text, 7, &m);
        expect_true((r.error == GBR_OK) == (fast_digit_value[c] != FAST_NONE) &&
                        (r.error != GBR_OK || m.digit[0] == fast_digit_value[c]),
                    "fast_digit_value", c, "material digit");

        memcpy(text, "0000.X0", 8);
        text[5] = (char)c;
        r = gbr_parse_material(ref, text, 7, &m);
        expect_true((r.error == GBR_OK) == (fast_pawn_value[c] != FAST_NONE) &&
                        (r.error != GBR_OK || m.pawns[0] == fast_pawn_value[c]),
                    "fast_pawn_value", c, "pawn digit");

        memcpy(text, "0000.00X1h8", 12);
        text[7] = (char)c;
        r = gbr_parse_study(ref, text, 11, &st);
        expect_true((r.error == GBR_OK) == (fast_file_value[c] != FAST_NONE) &&
                        (r.error != GBR_OK || st.white_king == fast_file_value[c]),
                    "fast_file_value", c, "file letter");

        memcpy(text, "0000.00aXh8", 12);
        text[8] = (char)c;
        r = gbr_parse_study(ref, text, 11, &st);
        expect_true((r.error == GBR_OK) == (fast_rank_value[c] != FAST_NONE) &&
                        (r.error != GBR_OK || st.white_king == fast_rank_value[c]),
                    "fast_rank_value", c, "rank digit");

        memcpy(text, "KXvK", 5);
        text[1] = (char)c;
        r = gbr_parse_name(ref, text, 4, &counts);
        expect_true((r.error == GBR_OK) == (fast_name_type[c] != FAST_NONE) &&
                        (r.error != GBR_OK || counts.count[GBR_WHITE][fast_name_type[c]] == 1),
                    "fast_name_type", c, "name letter");
    }
}

/* fast_fen_class: a man's letter is read as its board code, a digit as a
 * run, and every other character but '/' and ' ' is not a placement one. */
static void check_fen_class(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned cls = fast_fen_class[c];
        char text[64];
        gbr_position p;
        if (c == '/' || c == ' ') {
            expect_true(cls == (c == '/' ? FAST_FEN_SLASH : FAST_FEN_SPACE), "fast_fen_class", c, "separator");
            continue;
        }
        if (c >= '1' && c <= '8') {
            /* a4's rank as the digit then the rest of the rank. */
            unsigned n = c - '0';
            snprintf(text, sizeof text, "7k/8/8/8/%c%s/8/8/7K w", (char)c, n < 8 ? (char[]){(char)('0' + 8 - n), 0} : "");
            gbr_result r = gbr_parse_fen(ref, text, strlen(text), &p);
            expect_true(r.error == GBR_OK && cls == FAST_FEN_RUN + n, "fast_fen_class", c, "run digit");
            continue;
        }
        /* The character on a4; the king of its colour left out when it is one. */
        /* The length from snprintf: the character may be a NUL. */
        int n = snprintf(text, sizeof text, "%s/8/8/8/%c7/8/8/%s w", c == 'k' ? "8" : "7k", (char)c,
                         c == 'K' ? "8" : "7K");
        gbr_result r = gbr_parse_fen(ref, text, (size_t)n, &p);
        if (r.error == GBR_OK)
            expect_true(cls >= 1 && cls < 16 && p.board[3] == cls, "fast_fen_class", c, "man letter");
        else
            expect_true(cls == 0 && r.error == GBR_E_FEN_PIECE, "fast_fen_class", c, "not a placement character");
    }
}

static int material_possible_by_table(const gbr_material *m)
{
    unsigned nines = (m->digit[1] == 9) | (unsigned)(m->digit[2] == 9) << 1 | (unsigned)(m->digit[3] == 9) << 2;
    return (fast_material_allowed[m->digit[0]][nines][m->pawns[0]] >> m->pawns[1]) & 1u;
}

/* fast_material_allowed: every material code, accepted by the reference
 * exactly when the table allows it. Every table entry is reached by some
 * code (queen digit, which of R, B, N are 9, white pawns, black pawns). */
static void check_material_validity(void)
{
    unsigned long valid = 0;
    for (unsigned code = 0; code < 10000; code++)
        for (unsigned pawns = 0; pawns < 81; pawns++) {
            char text[8];
            gbr_material m = {{(uint8_t)(code / 1000), (uint8_t)(code / 100 % 10), (uint8_t)(code / 10 % 10),
                               (uint8_t)(code % 10)},
                              {(uint8_t)(pawns / 9), (uint8_t)(pawns % 9)}};
            snprintf(text, sizeof text, "%04u.%u%u", code, pawns / 9, pawns % 9);
            gbr_material parsed;
            gbr_result r = parse_material_text(text, &parsed);
            int by_table = material_possible_by_table(&m);
            valid += by_table != 0;
            expect_true((r.error == GBR_OK) == by_table && (by_table || r.error == GBR_E_PROMOTIONS),
                        "fast_material_allowed", code * 81 + pawns, text);
        }
    printf("material validity: %lu of 810000 codes valid\n", valid);
}

static void check_counts_tables(void)
{
    /* fast_digit_split against material_split, every digit and type. */
    for (unsigned d = 0; d < 10; d++)
        for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
            gbr_material m = {{0, 0, 0, 0}, {0, 0}};
            m.digit[type] = (uint8_t)d;
            uint8_t w = 0, b = 0;
            int split = gbr_material_split(ref, &m, type, &w, &b);
            expect_true(split ? fast_digit_split[d][0] == w && fast_digit_split[d][1] == b
                              : fast_digit_split[d][0] == FAST_NONE && fast_digit_split[d][1] == FAST_NONE,
                        "fast_digit_split", d, "digit split");
        }
    /* fast_pair_codes: for each of two types, the digit's white men then its
     * black men (fast_digit_split, checked above), as board codes. */
    for (unsigned p = 0; p < 2; p++)
        for (unsigned ab = 0; ab < 81; ab++) {
            unsigned digits[2] = {ab / 9, ab % 9}, n = 0;
            uint64_t want = 0;
            for (unsigned k = 0; k < 2; k++) {
                unsigned type = 2 * p + k, d = digits[k];
                for (unsigned i = 0; i < fast_digit_split[d][0]; i++)
                    want |= (uint64_t)(GBR_WQ + type) << (8 * n++);
                for (unsigned i = 0; i < fast_digit_split[d][1]; i++)
                    want |= (uint64_t)(GBR_BQ + type) << (8 * n++);
            }
            expect_true(fast_pair_codes[p][ab] == want, "fast_pair_codes", p * 81 + ab, "board codes of two digits");
        }
    /* fast_pair_men: the men of two digits (fast_digit_split), all and black. */
    for (unsigned ab = 0; ab < 81; ab++) {
        unsigned a = ab / 9, b = ab % 9;
        unsigned black = fast_digit_split[a][1] + fast_digit_split[b][1];
        unsigned all = fast_digit_split[a][0] + fast_digit_split[b][0] + black;
        expect_true(fast_pair_men[ab] == (all | black << 8), "fast_pair_men", ab, "men of two digits");
    }
    /* fast_promoted: n men of a type with p pawns is a promotions error in
     * the reference exactly when promoted + p > 8 (an argument error for a
     * count no side can have, which the table must also rule out). */
    for (unsigned type = 0; type < 4; type++)
        for (unsigned n = 0; n < 16; n++)
            for (unsigned p = 0; p <= 8; p++) {
                gbr_counts c;
                gbr_material m;
                memset(&c, 0, sizeof c);
                c.count[GBR_WHITE][type] = (uint8_t)n;
                c.count[GBR_WHITE][GBR_PAWN] = (uint8_t)p;
                gbr_result r = gbr_material_from_counts(ref, &c, &m);
                int over = fast_promoted[type][n] + p > 8;
                expect_true(r.error == GBR_E_ARGUMENT ? over : over == (r.error == GBR_E_PROMOTIONS),
                            "fast_promoted", type * 16 + n, "promoted pieces");
            }
}

static void check_writing_tables(void)
{
    /* fast_square_name: the king squares of a written study code. */
    for (unsigned sq = 0; sq < 64; sq++) {
        gbr_study s = {{{0, 0, 0, 0}, {0, 0}}, GBR_STIP_NONE, (uint8_t)sq, (uint8_t)(sq ? 0 : 1)};
        char out[GBR_STUDY_MAX];
        gbr_result r = gbr_format_study(ref, out, sizeof out, &s);
        expect_true(r.error == GBR_OK && r.length == 11 && memcmp(out + 7, fast_square_name[sq], 2) == 0,
                    "fast_square_name", sq, "square name");
    }
    /* fast_board_letter: the letter of a man on a4 in a written FEN. */
    for (unsigned code = 1; code < 16; code++) {
        gbr_position p;
        memset(&p, 0, sizeof p);
        p.board[7] = GBR_BK;  /* a8 */
        p.board[56] = GBR_WK; /* h1 */
        if (code != GBR_WK && code != GBR_BK)
            p.board[3] = (uint8_t)code;
        char out[GBR_FEN_MAX];
        gbr_result r = gbr_format_fen(ref, out, sizeof out, &p);
        if (code == GBR_WK || code == GBR_BK)
            continue;
        if (r.error != GBR_OK) {
            expect_true(fast_board_letter[code] == '?', "fast_board_letter", code, "no letter for an invalid code");
            continue;
        }
        /* "k7/8/8/8/X7/8/8/7K w - - 0 1": the man is at offset 9. */
        expect_true(out[9] == fast_board_letter[code], "fast_board_letter", code, "letter");
    }
    /* fast_fen_rank_template and _length: rank 4 holding white pawns on the
     * files of each pattern, as the reference writes it. */
    for (unsigned occ = 0; occ < 256; occ++) {
        gbr_position p;
        memset(&p, 0, sizeof p);
        p.board[7] = GBR_BK;
        p.board[56] = GBR_WK;
        for (unsigned f = 0; f < 8; f++)
            if (occ & (1u << f))
                p.board[f * 8 + 3] = GBR_WP;
        char out[GBR_FEN_MAX + 1];
        gbr_result r = gbr_format_fen(ref, out, GBR_FEN_MAX, &p);
        out[r.error == GBR_OK ? r.length : 0] = 0;
        /* The fifth rank field from the top is rank 4. */
        const char *rank4 = out;
        for (int k = 0; k < 4 && rank4; k++) {
            rank4 = strchr(rank4, '/');
            rank4 = rank4 ? rank4 + 1 : NULL;
        }
        char expected[9];
        unsigned n = fast_fen_rank_length[occ];
        for (unsigned k = 0; k < n; k++)
            expected[k] = fast_fen_rank_template[occ][k] < 8 ? 'P' : (char)fast_fen_rank_template[occ][k];
        expected[n] = 0;
        expect_true(r.error == GBR_OK && rank4 && strncmp(rank4, expected, n) == 0 && rank4[n] == '/',
                    "fast_fen_rank_template", occ, "rank text");
    }
}

/* fast_fen_step and fast_fen_slash_refused agree with fast_fen_class
 * (checked above against the reference): a man is its board code and one
 * file, a run its files, '/' the move from a complete rank to the next
 * rank's first file; every other byte is refused. */
static void check_fen_step(void)
{
    for (unsigned c = 0; c < 256; c++) {
        unsigned cls = fast_fen_class[c];
        int32_t step = fast_fen_step[c];
        int32_t want;
        if (cls >= 1 && cls < 16)
            want = (int32_t)cls + 8 * 65536;
        else if (cls > FAST_FEN_RUN)
            want = (int32_t)(cls - FAST_FEN_RUN) * 8 * 65536;
        else if (cls == FAST_FEN_SLASH)
            want = FAST_FEN_STEP_SLASH - 65 * 65536;
        else
            want = FAST_FEN_STEP_BAD;
        expect_true(step == want, "fast_fen_step", c, "step of the class");
    }
    for (unsigned x = 0; x < 128; x++) {
        unsigned complete_rank = x >= 64 + 1 && x <= 64 + 7;
        expect_true(fast_fen_slash_refused[x] == (FAST_FEN_STEP_BAD | (complete_rank ? 0 : FAST_FEN_STEP_SLASH)),
                    "fast_fen_slash_refused", x, "'/' only after a complete rank 8-2");
    }
}

int main(void)
{
    ref = gbr_codec_ref();
    check_character_tables();
    check_fen_class();
    check_fen_step();
    check_material_validity();
    check_counts_tables();
    check_writing_tables();
    printf("%lu checks, %lu failures\n", checks, failures);
    return failures != 0;
}
