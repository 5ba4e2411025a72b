/* Positions reached as lookup and duplicates compare them: see reached.h. */
#include <stdio.h>
#include <string.h>

#include "reached.h"

/* chess.h's man (colour << 3 | type + 1, pawn first) as gbr.h's (queen first). */
static const uint8_t gbr_man_of[16] = {0, GBR_WP, GBR_WN, GBR_WB, GBR_WR, GBR_WQ, GBR_WK, 0,
                                       0, GBR_BP, GBR_BN, GBR_BB, GBR_BR, GBR_BQ, GBR_BK, 0};

static void gbr_of_chess(const chess_position *c, gbr_position *p)
{
    for (unsigned sq = 0; sq < 64; sq++) /* GBR squares are file-major: 8 * file + rank */
        p->board[8 * (sq & 7) + (sq >> 3)] = gbr_man_of[c->board[sq] & 15];
    p->indicator = c->side == CHESS_WHITE ? GBR_IND_WTM : GBR_IND_BTM;
}

uint64_t reached_material_of_key(const uint8_t key[REACHED_KEY_SIZE], int swapped)
{
    uint64_t material = 0;
    for (unsigned i = 0; i < 64; i++) {
        unsigned man = i & 1 ? key[i / 2] & 15 : key[i / 2] >> 4;
        if (man != GBR_EMPTY && man != GBR_WK && man != GBR_BK)
            material += (uint64_t)1 << (4 * (swapped ? man ^ 8 : man));
    }
    return material;
}

uint64_t reached_material_of_chess(const chess_position *c)
{
    uint64_t material = 0;
    for (unsigned colour = 0; colour < 2; colour++)
        for (unsigned type = CHESS_PAWN; type < CHESS_KING; type++) {
            uint64_t one = (uint64_t)1 << (4 * gbr_man_of[colour << 3 | (type + 1)]);
            for (uint64_t men = c->by_colour[colour] & c->by_type[type]; men; men &= men - 1)
                material += one; /* a step a man: as few instructions as a call to popcount */
        }
    return material;
}

void reached_key(duplicates_symmetry s, const gbr_position *p, unsigned rights, unsigned ep,
                 uint8_t key[REACHED_KEY_SIZE])
{
    if (ep)
        duplicates_position_key(p, rights != 0, key);
    else
        duplicates_canonical_position_key(s, p, rights != 0, key);
    key[DUP_POSITION_KEY_SIZE] = (uint8_t)(rights | ep << 4);
}

/* The en-passant file + 1 when a pawn can take there, else 0: the FEN
 * writer holds the rule (CHESS_FEN_EN_PASSANT_IF_CAPTURE). */
static unsigned en_passant_file(const chess_position *c)
{
    if (c->en_passant == CHESS_NO_SQUARE)
        return 0;
    char fen[CHESS_FEN_SIZE];
    size_t n = chess_fen_write(c, CHESS_FEN_EN_PASSANT_IF_CAPTURE, fen, sizeof fen);
    unsigned spaces = 0;
    for (size_t i = 0; i < n; i++)
        if (fen[i] == ' ' && ++spaces == 3)
            return fen[i + 1] == '-' ? 0 : (unsigned)(fen[i + 1] - 'a') + 1;
    return 0;
}

void reached_chess_keys(duplicates_symmetry s, const chess_position *c, gbr_position *p,
                        uint8_t key[REACHED_KEY_SIZE], uint8_t raw[DUP_POSITION_KEY_SIZE])
{
    unsigned rights = 0;
    for (unsigned colour = 0; colour < 2; colour++)
        for (unsigned wing = 0; wing < 2; wing++)
            if (c->castle_rook[colour][wing] != CHESS_NO_SQUARE)
                rights |= 1u << (2 * colour + wing);
    gbr_of_chess(c, p);
    reached_key(s, p, rights, en_passant_file(c), key);
    if (raw)
        duplicates_position_key(p, rights != 0, raw);
}

/* "5...Kg7" for the move that led to a position; "" at the start. */
void reached_place_of(const replay_position *rp, unsigned long seq, reached_place *at)
{
    at->ply = rp->ply;
    at->seq = seq;
    at->main_line = rp->main_line;
    at->move[0] = '\0';
    if (!rp->before)
        return;
    char san[CHESS_MOVE_TEXT_SIZE];
    replay_san(rp, san);
    reached_move_text(rp->before->fullmove_number, rp->before->side != CHESS_WHITE, san, at->move);
}

void reached_move_text(unsigned long fullmove, int black, const char *san, char move[REACHED_MOVE_SIZE])
{
    snprintf(move, REACHED_MOVE_SIZE, "%lu%s%s", fullmove, black ? "..." : ".", san);
}

int reached_place_before(const reached_place *a, const reached_place *b)
{
    if (a->main_line != b->main_line)
        return a->main_line;
    if (a->ply != b->ply)
        return a->ply < b->ply;
    return a->seq < b->seq;
}

unsigned reached_transform_to(const gbr_position *p, int castling, const uint8_t raw[DUP_POSITION_KEY_SIZE])
{
    for (unsigned t = 0; t < DUP_TRANSFORMS; t++) {
        gbr_position q;
        uint8_t key[DUP_POSITION_KEY_SIZE];
        duplicates_transform(p, t, &q);
        duplicates_position_key(&q, castling, key);
        if (memcmp(key, raw, sizeof key) == 0)
            return t;
    }
    return DUP_TRANSFORMS;
}

const char *reached_relation(const gbr_position *p, int castling, const uint8_t raw[DUP_POSITION_KEY_SIZE])
{
    unsigned t = reached_transform_to(p, castling, raw);
    return t < DUP_TRANSFORMS ? duplicates_transform_name(t) : "?";
}

void reached_position_of_key(const uint8_t key[DUP_POSITION_KEY_SIZE], gbr_position *p)
{
    for (unsigned i = 0; i < 32; i++) {
        p->board[2 * i] = key[i] >> 4;
        p->board[2 * i + 1] = key[i] & 15;
    }
    p->indicator = key[32] & 1 ? GBR_IND_BTM : GBR_IND_WTM;
}

void reached_key_before(const uint8_t key[DUP_POSITION_KEY_SIZE], unsigned transform,
                        uint8_t raw[DUP_POSITION_KEY_SIZE])
{
    /* The symmetries of the square undo themselves but the quarter turns
     * (6 and 7, each the other's inverse); exchanging colours undoes itself. */
    unsigned g = transform & 7, inverse = (transform & 8) | (g == 6 ? 7 : g == 7 ? 6 : g);
    gbr_position p, q;
    reached_position_of_key(key, &p);
    duplicates_transform(&p, inverse, &q);
    duplicates_position_key(&q, key[32] >> 1 & 1, raw);
}
