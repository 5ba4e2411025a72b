/* Board symmetries and grouping keys of gbr duplicates: see duplicates_symmetry.h. */
#include <string.h>

#include "duplicates_symmetry.h"

static const char *const names[DUP_TRANSFORMS] = {
    "identical",         "mirror",         "flip",         "half-turn",
    "diagonal",          "anti-diagonal",  "quarter-turn", "three-quarter-turn",
    "colours",           "mirror+colours", "flip+colours", "half-turn+colours",
    "diagonal+colours",  "anti-diagonal+colours", "quarter-turn+colours", "three-quarter-turn+colours"};

const char *duplicates_transform_name(unsigned transform) { return names[transform % DUP_TRANSFORMS]; }

/* The square a square goes to under symmetry g (0-7) of the square. */
static unsigned map_square(unsigned sq, unsigned g)
{
    unsigned f = sq / 8, r = sq % 8, nf = f, nr = r;
    switch (g) {
    case 0: break;
    case 1: nf = 7 - f; break;                 /* left-right mirror */
    case 2: nr = 7 - r; break;                 /* vertical flip */
    case 3: nf = 7 - f; nr = 7 - r; break;     /* half turn */
    case 4: nf = r; nr = f; break;             /* a1-h8 diagonal */
    case 5: nf = 7 - r; nr = 7 - f; break;     /* a8-h1 diagonal */
    case 6: nf = r; nr = 7 - f; break;         /* quarter turn */
    default: nf = 7 - r; nr = f; break;        /* three-quarter turn */
    }
    return nf * 8 + nr;
}

static int black_to_move(const gbr_position *p)
{
    return p->indicator == GBR_IND_BTM || p->indicator == GBR_IND_BLACK_WIN || p->indicator == GBR_IND_BLACK_DRAW;
}

void duplicates_position_key(const gbr_position *p, int castling, uint8_t key[DUP_POSITION_KEY_SIZE])
{
    for (unsigned i = 0; i < 32; i++)
        key[i] = (uint8_t)((p->board[2 * i] << 4) | (p->board[2 * i + 1] & 15));
    key[32] = (uint8_t)(black_to_move(p) | (castling ? 2 : 0));
}

void duplicates_study_key(const gbr_position *p, int castling, uint8_t key[DUP_STUDY_KEY_SIZE])
{
    memset(key, 0, DUP_STUDY_KEY_SIZE);
    for (unsigned sq = 0; sq < 64; sq++) {
        unsigned man = p->board[sq];
        if (man == GBR_WK)
            key[10] = (uint8_t)sq;
        else if (man == GBR_BK)
            key[11] = (uint8_t)sq;
        else if (man != GBR_EMPTY && (man & 7) >= 1 && (man & 7) <= 5)
            key[(man >> 3) * 5 + (man & 7) - 1]++;
    }
    key[12] = (uint8_t)(castling ? 1 : 0);
}

void duplicates_transform(const gbr_position *p, unsigned transform, gbr_position *out)
{
    unsigned g = transform & 7, colours = (transform >> 3) & 1;
    memset(out->board, GBR_EMPTY, sizeof out->board);
    for (unsigned sq = 0; sq < 64; sq++) {
        uint8_t man = p->board[sq];
        out->board[map_square(sq, g)] = (uint8_t)(man != GBR_EMPTY && colours ? man ^ 8 : man);
    }
    int black = black_to_move(p) ^ (int)colours;
    out->indicator = (uint8_t)(black ? GBR_IND_BTM : GBR_IND_WTM);
}

static int has_pawns(const gbr_position *p)
{
    for (unsigned sq = 0; sq < 64; sq++)
        if (p->board[sq] == GBR_WP || p->board[sq] == GBR_BP)
            return 1;
    return 0;
}

int duplicates_transform_allowed(duplicates_symmetry s, const gbr_position *p, int castling, unsigned transform)
{
    if (transform == 0)
        return 1;
    if (castling || s == DUP_SYMMETRY_NONE)
        return 0;
    if (transform == 1)
        return 1;
    return s == DUP_SYMMETRY_ALL && !has_pawns(p);
}

void duplicates_canonical_position_key(duplicates_symmetry s, const gbr_position *p, int castling,
                                       uint8_t position[DUP_POSITION_KEY_SIZE])
{
    duplicates_position_key(p, castling, position);
    if (castling || s == DUP_SYMMETRY_NONE) /* the identity alone: no transform to try */
        return;
    for (unsigned t = 1; t < DUP_TRANSFORMS; t++) {
        if (!duplicates_transform_allowed(s, p, castling, t))
            continue;
        gbr_position q;
        uint8_t pk[DUP_POSITION_KEY_SIZE];
        duplicates_transform(p, t, &q);
        duplicates_position_key(&q, castling, pk);
        if (memcmp(pk, position, sizeof pk) < 0)
            memcpy(position, pk, sizeof pk);
    }
}

void duplicates_canonical_keys(duplicates_symmetry s, const gbr_position *p, int castling,
                               uint8_t position[DUP_POSITION_KEY_SIZE], uint8_t study[DUP_STUDY_KEY_SIZE])
{
    duplicates_position_key(p, castling, position);
    duplicates_study_key(p, castling, study);
    for (unsigned t = 1; t < DUP_TRANSFORMS; t++) {
        if (!duplicates_transform_allowed(s, p, castling, t))
            continue;
        gbr_position q;
        uint8_t pk[DUP_POSITION_KEY_SIZE], sk[DUP_STUDY_KEY_SIZE];
        duplicates_transform(p, t, &q);
        duplicates_position_key(&q, castling, pk);
        duplicates_study_key(&q, castling, sk);
        if (memcmp(pk, position, sizeof pk) < 0)
            memcpy(position, pk, sizeof pk);
        if (memcmp(sk, study, sizeof sk) < 0)
            memcpy(study, sk, sizeof sk);
    }
}

int duplicates_fen_castling(const char *fen, size_t len)
{
    size_t i = 0;
    for (int field = 0; field < 2; field++) { /* skip the placement and the side */
        while (i < len && fen[i] != ' ')
            i++;
        while (i < len && fen[i] == ' ')
            i++;
    }
    return i < len && fen[i] != '-';
}

int duplicates_symmetry_parse(const char *name, duplicates_symmetry *out)
{
    static const char *const symmetry_names[] = {"none", "mirror", "all"};
    for (int s = DUP_SYMMETRY_NONE; s <= DUP_SYMMETRY_ALL; s++)
        if (strcmp(name, symmetry_names[s]) == 0) {
            *out = (duplicates_symmetry)s;
            return 0;
        }
    return -1;
}
