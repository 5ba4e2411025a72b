/*
 * struct_checks: the library checks every struct and pointer it reads
 * (gbr.h, "Conventions"). One check per defect found by a hostile caller,
 * each run through both codecs with the answer gbr.h states:
 *
 *  - gbr_position_counts on a board byte that is no board code wrote outside
 *    its gbr_counts (count[piece >> 3]) and crashed on NULL; it now returns
 *    GBR_E_ARGUMENT and leaves *out alone.
 *  - The order keys of structs the formatters refuse: the optimised codec's
 *    position_key wrote non-zero keys for such boards, its study_key masked
 *    the kings with & 63 and the stipulation with & 3, and both codecs'
 *    material_key and study_key applied the formula to any bytes. Every key
 *    of such a struct is now 0 (all zero bytes), in both codecs.
 *  - gbr_position_counts and gbr_query_subject_of_position read a board in
 *    one pass that skips empty files and visits only the men: on random
 *    boards (sparse and crowded, any number of kings, a stray byte anywhere)
 *    their counts, kings and errors are those of reading every square.
 *  - material_split of a NULL pointer, a type out of range or a digit above 9
 *    returns 0 and writes nothing.
 *
 * Exits 1 on the first failures (each printed), 0 when everything held.
 */
#include <stdio.h>
#include <string.h>

#include "gbr.h"
#include "check.h"

enum { E1 = 32, E8 = 39, B2 = 9, A1 = 0, C1 = 16, A8 = 7 };

/* Kings e1 and e8, a white pawn on b2: "e1e8 0000.10 .b2 2/1." */
static gbr_position valid_position(void)
{
    gbr_position p;
    memset(&p, 0, sizeof p);
    p.board[E1] = GBR_WK;
    p.board[E8] = GBR_BK;
    p.board[B2] = GBR_WP;
    p.indicator = GBR_IND_NONE;
    return p;
}

static int all_bytes(const void *p, size_t n, unsigned char b)
{
    const unsigned char *c = p;
    for (size_t i = 0; i < n; i++)
        if (c[i] != b)
            return 0;
    return 1;
}

/* A board code per gbr.h, written from its enum (not from any codec). */
static int is_board_code(unsigned v)
{
    return v == GBR_EMPTY || (v >= GBR_WQ && v <= GBR_WK) || (v >= GBR_BQ && v <= GBR_BK);
}

static void position_counts_checks(void)
{
    /* Guard bytes after the counts: the old code's count[piece >> 3] landed
     * in them for bytes 17-22, 25-30, ... */
    struct {
        gbr_counts counts;
        unsigned char guard[512];
    } box;
    gbr_position p = valid_position();
    for (unsigned v = 0; v < 256; v++) {
        p.board[A8] = (uint8_t)v; /* a square with nothing on it */
        memset(&box, 0xA5, sizeof box);
        gbr_result r = gbr_position_counts(&p, &box.counts);
        CHECK(all_bytes(box.guard, sizeof box.guard, 0xA5), "position_counts: byte %u written past the counts", v);
        if (!is_board_code(v)) {
            CHECK(r.error == GBR_E_ARGUMENT && r.column == 0 && r.length == 0,
                  "position_counts of board byte %u: %s, not argument", v, gbr_error_name(r.error));
            CHECK(all_bytes(&box.counts, sizeof box.counts, 0xA5), "position_counts of board byte %u wrote *out", v);
            continue;
        }
        CHECK(r.error == GBR_OK, "position_counts of board byte %u: %s, not ok", v, gbr_error_name(r.error));
        gbr_counts want;
        memset(&want, 0, sizeof want);
        want.count[GBR_WHITE][GBR_PAWN] = 1; /* b2 */
        unsigned type = (v & 7u) - 1u;
        if (v != GBR_EMPTY && type != GBR_KING)
            want.count[v >> 3][type]++;
        CHECK(memcmp(&box.counts, &want, sizeof want) == 0, "position_counts of board byte %u: wrong counts", v);
    }
    p = valid_position();
    gbr_counts counts;
    memset(&counts, 0xA5, sizeof counts);
    gbr_result r = gbr_position_counts(NULL, &counts);
    CHECK(r.error == GBR_E_ARGUMENT && all_bytes(&counts, sizeof counts, 0xA5), "position_counts(NULL, out)");
    r = gbr_position_counts(&p, NULL);
    CHECK(r.error == GBR_E_ARGUMENT, "position_counts(p, NULL): %s", gbr_error_name(r.error));
}

/* The men of a board read square by square, as gbr.h states them: counts of
 * the men other than kings, the last king of each colour in square order
 * (-1 for none); 0, or -1 for a byte that is no board code. */
static int plain_reading(const gbr_position *p, gbr_counts *counts, int kings[2])
{
    memset(counts, 0, sizeof *counts);
    kings[0] = kings[1] = -1;
    for (int sq = 0; sq < 64; sq++) {
        unsigned v = p->board[sq];
        if (!is_board_code(v))
            return -1;
        if (v == GBR_WK || v == GBR_BK)
            kings[v == GBR_BK] = sq;
        else if (v != GBR_EMPTY)
            counts->count[v >> 3][(v & 7u) - 1u]++;
    }
    return 0;
}

static unsigned long long rng_state = 0x9E3779B97F4A7C15ull;
static unsigned next_random(unsigned bound)
{
    rng_state = rng_state * 6364136223846793005ull + 1442695040888963407ull;
    return (unsigned)((rng_state >> 33) % bound);
}

static void board_reading_checks(const gbr_codec *c)
{
    static const uint8_t men[] = {GBR_WQ, GBR_WR, GBR_WB, GBR_WN, GBR_WP, GBR_WK,
                                  GBR_BQ, GBR_BR, GBR_BB, GBR_BN, GBR_BP, GBR_BK};
    for (int trial = 0; trial < 20000; trial++) {
        gbr_position p;
        memset(&p, 0, sizeof p);
        unsigned placed = next_random(trial % 4 == 0 ? 65 : 12); /* mostly a study's few men */
        for (unsigned i = 0; i < placed; i++)
            p.board[next_random(64)] = men[next_random(sizeof men)];
        if (trial % 5 == 0) /* a stray byte on any square, in any file */
            p.board[next_random(64)] = (uint8_t)next_random(256);
        gbr_counts want;
        int want_kings[2];
        int want_status = plain_reading(&p, &want, want_kings);

        gbr_counts counts;
        memset(&counts, 0xA5, sizeof counts);
        gbr_result r = gbr_position_counts(&p, &counts);
        if (want_status != 0) {
            CHECK(r.error == GBR_E_ARGUMENT && all_bytes(&counts, sizeof counts, 0xA5),
                  "trial %d: position_counts of a board with a stray byte: %s", trial, gbr_error_name(r.error));
        } else {
            CHECK(r.error == GBR_OK && memcmp(&counts, &want, sizeof want) == 0, "trial %d: position_counts differs",
                  trial);
        }

        gbr_query_subject subject;
        memset(&subject, 0xA5, sizeof subject);
        r = gbr_query_subject_of_position(c, &p, GBR_STIP_DRAW, &subject);
        if (want_status != 0) {
            CHECK(r.error == GBR_E_ARGUMENT && all_bytes(&subject, sizeof subject, 0xA5),
                  "%s trial %d: subject of a board with a stray byte: %s", gbr_codec_name(c), trial,
                  gbr_error_name(r.error));
            continue;
        }
        gbr_material material;
        gbr_result mr = gbr_material_from_counts(c, &want, &material);
        CHECK(r.error == mr.error, "%s trial %d: subject %s, material_from_counts %s", gbr_codec_name(c), trial,
              gbr_error_name(r.error), gbr_error_name(mr.error));
        if (r.error || mr.error)
            continue;
        int both = want_kings[0] >= 0 && want_kings[1] >= 0;
        CHECK(memcmp(&subject.counts, &want, sizeof want) == 0 && subject.has_counts == 1 &&
                  memcmp(&subject.material, &material, sizeof material) == 0,
              "%s trial %d: subject counts or material differ", gbr_codec_name(c), trial);
        CHECK(subject.has_kings == both && subject.stipulation == GBR_STIP_DRAW,
              "%s trial %d: subject has_kings %u, want %d", gbr_codec_name(c), trial, subject.has_kings, both);
        CHECK(subject.white_king == (want_kings[0] < 0 ? 0 : want_kings[0]) &&
                  subject.black_king == (want_kings[1] < 0 ? 0 : want_kings[1]),
              "%s trial %d: subject kings %u %u, want %d %d", gbr_codec_name(c), trial, subject.white_king,
              subject.black_king, want_kings[0], want_kings[1]);
    }
}

/* A struct that format_* refuses gets the key 0 (all zero bytes). */
static void key_checks(const gbr_codec *c)
{
    char text[GBR_POSITION_MAX];
    const gbr_material valid_m = {{0, 1, 1, 6}, {0, 0}};
    CHECK(gbr_material_key_of(c, &valid_m) == 11600u, "%s material_key(0116.00) = %u", gbr_codec_name(c),
          gbr_material_key_of(c, &valid_m));
    CHECK(gbr_material_key_of(c, NULL) == 0, "%s material_key(NULL)", gbr_codec_name(c));
    const gbr_material bad_m[] = {
        {{10, 0, 0, 0}, {0, 0}},   /* digit above 9 */
        {{0, 0, 0, 255}, {0, 0}},  /* digit far above 9 */
        {{0, 0, 0, 0}, {9, 0}},    /* 9 pawns */
        {{0, 0, 0, 0}, {0, 200}},  /* pawn count far above 8 */
        {{9, 9, 9, 9}, {8, 8}},    /* §2.4: promotions */
        {{5, 0, 0, 0}, {8, 0}},    /* two white queens beside 8 pawns */
    };
    for (size_t i = 0; i < sizeof bad_m / sizeof bad_m[0]; i++) {
        gbr_result r = gbr_format_material(c, text, sizeof text, &bad_m[i]);
        CHECK(r.error == GBR_E_ARGUMENT, "%s format_material of bad material %zu: %s", gbr_codec_name(c), i,
              gbr_error_name(r.error));
        CHECK(gbr_material_key_of(c, &bad_m[i]) == 0, "%s material_key of bad material %zu: %u, not 0",
              gbr_codec_name(c), i, gbr_material_key_of(c, &bad_m[i]));
    }

    const gbr_study valid_s = {{{0, 0, 0, 0}, {0, 0}}, GBR_STIP_WIN, E1, E8};
    const uint64_t valid_key = (uint64_t)E1 << 8 | (uint64_t)E8 << 2 | GBR_STIP_WIN;
    CHECK(gbr_study_key_of(c, &valid_s) == valid_key, "%s study_key(+0000.00e1e8)", gbr_codec_name(c));
    CHECK(gbr_study_key_of(c, NULL) == 0, "%s study_key(NULL)", gbr_codec_name(c));
    gbr_study bad_s[9];
    for (size_t i = 0; i < 9; i++)
        bad_s[i] = valid_s;
    bad_s[0].white_king = 64;             /* & 63 made this a1 */
    bad_s[1].white_king = E1 + 64;        /* & 63 made this e1, the valid key */
    bad_s[2].black_king = 255;            /* & 63 made this h8 */
    bad_s[3].stipulation = 3;             /* & 3 kept it */
    bad_s[4].stipulation = 4 + GBR_STIP_WIN; /* & 3 made it '+' */
    bad_s[5].black_king = E1;             /* kings on one square */
    bad_s[6].material.digit[2] = 10;      /* material out of range */
    bad_s[7].material.pawns[1] = 9;
    bad_s[8].material = bad_m[4];         /* §2.4 */
    for (size_t i = 0; i < 9; i++) {
        gbr_result r = gbr_format_study(c, text, sizeof text, &bad_s[i]);
        CHECK(r.error == GBR_E_ARGUMENT, "%s format_study of bad study %zu: %s", gbr_codec_name(c), i,
              gbr_error_name(r.error));
        CHECK(gbr_study_key_of(c, &bad_s[i]) == 0, "%s study_key of bad study %zu: %llu, not 0", gbr_codec_name(c), i,
              (unsigned long long)gbr_study_key_of(c, &bad_s[i]));
    }

    gbr_position_key key;
    gbr_position p = valid_position();
    gbr_position_key_of(c, &p, &key);
    /* 0000.10: material number 10; kings e1, e8; no 9s; b2 + 1; no indicator. */
    static const uint8_t valid_key_bytes[GBR_POSITION_KEY_SIZE] = {0, 0, 10, E1, E8, 0, 0, 0, 0, B2 + 1};
    CHECK(memcmp(key.bytes, valid_key_bytes, sizeof key.bytes) == 0, "%s position_key of e1e8 0000.10 .b2",
          gbr_codec_name(c));
    enum { BAD_POSITIONS = 12 };
    gbr_position bad_p[BAD_POSITIONS];
    for (size_t i = 0; i < BAD_POSITIONS; i++)
        bad_p[i] = valid_position();
    bad_p[0].board[A8] = 16;          /* no board code */
    bad_p[1].board[A8] = 7;           /* colour white, type 7 */
    bad_p[2].board[A8] = 8;           /* colour black, type 0 */
    bad_p[3].board[A8] = 255;
    bad_p[4].board[A8] = GBR_WK;      /* two white kings */
    bad_p[5].board[E8] = GBR_EMPTY;   /* no black king */
    bad_p[6].board[A1] = GBR_WP;      /* a pawn on rank 1 */
    bad_p[7].board[C1 + 7] = GBR_BP;  /* a pawn on rank 8 (c8) */
    bad_p[8].indicator = GBR_IND_BTM + 1;
    bad_p[9].indicator = 255;
    for (int sq = 8; sq < 16; sq++) /* pawns b1..b8: two on the edge ranks and 7 more... */
        bad_p[10].board[sq] = GBR_WP;
    bad_p[10].board[8] = GBR_EMPTY;
    bad_p[10].board[15] = GBR_EMPTY;
    for (int sq = 17; sq < 23; sq++) /* ...c2..c7: 12 white pawns in all */
        bad_p[10].board[sq] = GBR_WP;
    for (int sq = 48; sq < 51; sq++) /* three white queens (two promoted) beside 7 pawns: b2..b7, c2 */
        bad_p[11].board[sq] = GBR_WQ;
    for (int sq = 10; sq < 15; sq++)
        bad_p[11].board[sq] = GBR_WP;
    bad_p[11].board[17] = GBR_WP;
    for (size_t i = 0; i < BAD_POSITIONS; i++) {
        gbr_result r = gbr_format_position(c, text, sizeof text, &bad_p[i]);
        CHECK(r.error == GBR_E_ARGUMENT, "%s format_position of bad board %zu: %s", gbr_codec_name(c), i,
              gbr_error_name(r.error));
        r = gbr_format_fen(c, text, sizeof text, &bad_p[i]);
        CHECK(r.error == GBR_E_ARGUMENT, "%s format_fen of bad board %zu: %s", gbr_codec_name(c), i,
              gbr_error_name(r.error));
        memset(&key, 0xA5, sizeof key);
        gbr_position_key_of(c, &bad_p[i], &key);
        CHECK(all_bytes(&key, sizeof key, 0), "%s position_key of bad board %zu: not all zero bytes", gbr_codec_name(c),
              i);
    }
    memset(&key, 0xA5, sizeof key);
    gbr_position_key_of(c, NULL, &key);
    CHECK(all_bytes(&key, sizeof key, 0), "%s position_key(NULL, out): not all zero bytes", gbr_codec_name(c));
    gbr_position_key_of(c, &p, NULL); /* nothing to write: must not crash */
}

static void split_checks(const gbr_codec *c)
{
    const gbr_material m = {{4, 9, 10, 255}, {0, 0}};
    uint8_t white = 0xA5, black = 0xA5;
    CHECK(gbr_material_split(c, &m, GBR_QUEEN, &white, &black) == 1 && white == 1 && black == 1,
          "%s material_split of digit 4", gbr_codec_name(c));
    static const struct {
        int type;
        const char *why;
    } zero[] = {{GBR_ROOK, "a 9"}, {GBR_BISHOP, "digit 10"}, {GBR_KNIGHT, "digit 255"},
                {-1, "type -1"},   {GBR_PAWN, "type 4"},     {1000, "type 1000"}};
    for (size_t i = 0; i < sizeof zero / sizeof zero[0]; i++) {
        white = black = 0xA5;
        CHECK(gbr_material_split(c, &m, zero[i].type, &white, &black) == 0 && white == 0xA5 && black == 0xA5,
              "%s material_split of %s: not 0, or wrote", gbr_codec_name(c), zero[i].why);
    }
    CHECK(gbr_material_split(c, NULL, GBR_QUEEN, &white, &black) == 0, "%s material_split(NULL m)", gbr_codec_name(c));
    CHECK(gbr_material_split(c, &m, GBR_QUEEN, NULL, &black) == 0, "%s material_split(NULL white)", gbr_codec_name(c));
    CHECK(gbr_material_split(c, &m, GBR_QUEEN, &white, NULL) == 0, "%s material_split(NULL black)", gbr_codec_name(c));
}

int main(void)
{
    const gbr_codec *codecs[2] = {gbr_codec_ref(), gbr_codec_fast()};
    position_counts_checks();
    int codecs_run = 0;
    CHECK(codecs[0] != codecs[1], "gbr_codec_fast() is the reference codec");
    for (int i = 0; i < 2; i++) {
        CHECK(codecs[i] != NULL, "gbr_codec_%s() is NULL", i ? "fast" : "ref");
        if (!codecs[i])
            continue;
        key_checks(codecs[i]);
        split_checks(codecs[i]);
        board_reading_checks(codecs[i]);
        codecs_run++;
    }
    printf("struct_checks: %d codec(s), %d failure(s)\n", codecs_run, failures);
    return failures ? 1 : 0;
}
