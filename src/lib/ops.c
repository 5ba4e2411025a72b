/*
 * Text-to-text operations, composed from a codec's table. This is the only
 * place the compositions live, so both codecs run through the same glue and
 * differ only in what the table entries do. The codec is resolved once per
 * operation, so the entries are called through the table (codecs_internal.h)
 * rather than through the free functions, which would resolve it again.
 */
#include <string.h>

#include "gbr.h"
#include "codecs_internal.h"

static gbr_result make_error(gbr_error e, uint32_t column)
{
    gbr_result r = {e, column, 0};
    return r;
}

/* Shared argument check: NULL text with a length, or NULL dst with a capacity. */
static int bad_arguments(char *dst, size_t cap, const char *src, size_t len)
{
    return (src == NULL && len != 0) || (dst == NULL && cap != 0);
}

static const gbr_codec *pick(const gbr_codec *c) { return c ? c : gbr_codec_default(); }

gbr_indicator gbr_indicator_for(int black_to_move, gbr_result_option result)
{
    switch (result) {
    case GBR_RESULT_WIN: return black_to_move ? GBR_IND_BLACK_WIN : GBR_IND_WIN;
    case GBR_RESULT_DRAW: return black_to_move ? GBR_IND_BLACK_DRAW : GBR_IND_DRAW;
    case GBR_RESULT_NONE: break;
    }
    return black_to_move ? GBR_IND_BTM : GBR_IND_WTM;
}

/* One man of gbr_board_men's pass: 0, or -1 for a byte that is no man's code. */
static int count_man(unsigned piece, int sq, gbr_counts *found, int king_at[2])
{
    /* gbr.h's board codes: colour 0-1 in bit 3, type + 1 (1-6) below it;
     * anything else (16 or more, or a low part of 0 or 7) is refused. */
    unsigned colour = piece >> 3, type = (piece & 7u) - 1u;
    if (colour > GBR_BLACK || type > GBR_KING)
        return -1;
    if (type == GBR_KING)
        king_at[colour] = sq;
    else
        found->count[colour][type]++; /* at most 64: no overflow */
    return 0;
}

int gbr_board_men(const gbr_position *p, gbr_counts *counts, int kings[2])
{
    gbr_counts found;
    memset(&found, 0, sizeof found);
    int king_at[2] = {-1, -1};
    /* A study has a few men on 64 squares: a file (eight bytes) without one
     * is passed over whole, and in a file with men only the men are visited,
     * in square order (GBR_EMPTY is 0). */
    for (unsigned file = 0; file < 64; file += 8) {
        uint64_t squares;
        memcpy(&squares, p->board + file, sizeof squares);
#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        while (squares != 0) {
            unsigned at = (unsigned)__builtin_ctzll(squares) >> 3; /* the lowest square with a man */
            squares &= ~((uint64_t)0xFFu << (8u * at));
            if (count_man(p->board[file + at], (int)(file + at), &found, king_at) != 0)
                return -1;
        }
#else
        for (unsigned at = 0; squares != 0 && at < 8; at++)
            if (p->board[file + at] != GBR_EMPTY && count_man(p->board[file + at], (int)(file + at), &found, king_at) != 0)
                return -1;
#endif
    }
    *counts = found;
    kings[0] = king_at[0];
    kings[1] = king_at[1];
    return 0;
}

gbr_result gbr_position_counts(const gbr_position *p, gbr_counts *out)
{
    if (p == NULL || out == NULL)
        return make_error(GBR_E_ARGUMENT, 0);
    int kings[2];
    return make_error(gbr_board_men(p, out, kings) == 0 ? GBR_OK : GBR_E_ARGUMENT, 0);
}

gbr_result gbr_material_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len)
{
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_material m;
    gbr_result r = c->parse_material(c, src, len, &m);
    return r.error ? r : c->format_material(c, dst, cap, &m);
}

gbr_result gbr_study_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len)
{
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_study s;
    gbr_result r = c->parse_study(c, src, len, &s);
    return r.error ? r : c->format_study(c, dst, cap, &s);
}

gbr_result gbr_position_canonical(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len)
{
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_position p;
    gbr_result r = c->parse_position(c, src, len, &p);
    return r.error ? r : c->format_position(c, dst, cap, &p);
}

/* Material code of a parsed position, through the codec's 9 rule, and its
 * kings' squares from the same pass over the board. */
static gbr_result position_material(const gbr_codec *c, const gbr_position *p, gbr_material *m, int kings[2])
{
    gbr_counts counts;
    if (gbr_board_men(p, &counts, kings) != 0)
        return make_error(GBR_E_ARGUMENT, 0);
    return c->material_from_counts(c, &counts, m);
}

gbr_result gbr_fen_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len)
{
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_position p;
    gbr_material m;
    int kings[2];
    gbr_result r = c->parse_fen(c, src, len, &p);
    if (r.error)
        return r;
    r = position_material(c, &p, &m, kings);
    return r.error ? r : c->format_material(c, dst, cap, &m);
}

gbr_result gbr_fen_to_study(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                            gbr_result_option result)
{
    if (bad_arguments(dst, cap, src, len) || (unsigned)result > GBR_RESULT_DRAW)
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_position p;
    gbr_study s;
    int kings[2]; /* a parsed FEN has one king a side */
    gbr_result r = c->parse_fen(c, src, len, &p);
    if (r.error)
        return r;
    r = position_material(c, &p, &s.material, kings);
    if (r.error)
        return r;
    s.stipulation = (uint8_t)(result == GBR_RESULT_WIN ? GBR_STIP_WIN
                              : result == GBR_RESULT_DRAW ? GBR_STIP_DRAW
                                                          : GBR_STIP_NONE);
    s.white_king = (uint8_t)kings[GBR_WHITE];
    s.black_king = (uint8_t)kings[GBR_BLACK];
    return c->format_study(c, dst, cap, &s);
}

/* The compositions of the two conversions a codec may fuse, kept out of
 * line so the call of a fused entry stays a plain jump. */
#if defined(__GNUC__)
#define OPS_COMPOSED __attribute__((noinline))
#else
#define OPS_COMPOSED
#endif

static OPS_COMPOSED gbr_result fen_to_position_composed(const gbr_codec *c, char *dst, size_t cap, const char *src,
                                                        size_t len, gbr_result_option result)
{
    gbr_position p;
    gbr_result r = c->parse_fen(c, src, len, &p);
    if (r.error)
        return r;
    p.indicator = (uint8_t)gbr_indicator_for(p.indicator == GBR_IND_BTM, result);
    return c->format_position(c, dst, cap, &p);
}

/* gbr_fen_to_position with the default codec: out of line, so that the
 * call for it does not make every call save registers. */
static OPS_COMPOSED gbr_result fen_to_position_default(char *dst, size_t cap, const char *src, size_t len,
                                                       gbr_result_option result)
{
    return gbr_fen_to_position(gbr_codec_default(), dst, cap, src, len, result);
}

gbr_result gbr_fen_to_position(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                               gbr_result_option result)
{
    if (c == NULL)
        return fen_to_position_default(dst, cap, src, len, result);
    /* A fused entry checks the arguments itself (its answer is the
     * composition's, argument errors included): a plain jump to it, not a
     * second check. */
    if (c->fen_to_position)
        return c->fen_to_position(c, dst, cap, src, len, result);
    if (bad_arguments(dst, cap, src, len) || (unsigned)result > GBR_RESULT_DRAW)
        return make_error(GBR_E_ARGUMENT, 0);
    return fen_to_position_composed(c, dst, cap, src, len, result);
}

static OPS_COMPOSED gbr_result position_to_fen_composed(const gbr_codec *c, char *dst, size_t cap, const char *src,
                                                        size_t len)
{
    gbr_position p;
    gbr_result r = c->parse_position(c, src, len, &p);
    return r.error ? r : c->format_fen(c, dst, cap, &p);
}

/* gbr_position_to_fen with the default codec, out of line for the same
 * reason as fen_to_position_default. */
static OPS_COMPOSED gbr_result position_to_fen_default(char *dst, size_t cap, const char *src, size_t len)
{
    return gbr_position_to_fen(gbr_codec_default(), dst, cap, src, len);
}

gbr_result gbr_position_to_fen(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len)
{
    if (c == NULL)
        return position_to_fen_default(dst, cap, src, len);
    /* A fused entry checks the arguments itself, as in gbr_fen_to_position. */
    if (c->position_to_fen)
        return c->position_to_fen(c, dst, cap, src, len);
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    return position_to_fen_composed(c, dst, cap, src, len);
}

gbr_result gbr_name_to_material(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len)
{
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_counts counts;
    gbr_material m;
    gbr_result r = c->parse_name(c, src, len, &counts);
    if (r.error)
        return r;
    r = c->material_from_counts(c, &counts, &m);
    return r.error ? r : c->format_material(c, dst, cap, &m);
}

gbr_result gbr_material_decode(const gbr_codec *c, const gbr_material *m, gbr_counts *out, unsigned *unknown)
{
    if (m == NULL || out == NULL || unknown == NULL)
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_counts counts;
    memset(&counts, 0, sizeof counts);
    unsigned nines = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        if (m->digit[type] > 9)
            return make_error(GBR_E_ARGUMENT, 0);
        /* material_split refuses only a 9 here: the pointers and type are good. */
        if (!c->material_split(c, m, type, &counts.count[GBR_WHITE][type], &counts.count[GBR_BLACK][type])) {
            counts.count[GBR_WHITE][type] = counts.count[GBR_BLACK][type] = 0;
            nines |= 1u << type;
        }
    }
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        if (m->pawns[colour] > 8)
            return make_error(GBR_E_ARGUMENT, 0);
        counts.count[colour][GBR_PAWN] = m->pawns[colour];
    }
    *out = counts;
    *unknown = nines;
    return make_error(GBR_OK, 0);
}

gbr_result gbr_material_to_name(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len)
{
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    c = pick(c);
    gbr_material m;
    gbr_result r = c->parse_material(c, src, len, &m);
    if (r.error)
        return r;
    gbr_counts counts;
    unsigned unknown;
    r = gbr_material_decode(c, &m, &counts, &unknown);
    if (r.error)
        return r;
    /* A 9 has no single name: report the first at its digit. */
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        if (unknown & (1u << type))
            return make_error(GBR_E_NAME_OVERFLOW, (uint32_t)type + 1u);
    return c->format_name(c, dst, cap, &counts);
}

gbr_result gbr_check(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len, gbr_form *form)
{
    if (bad_arguments(dst, cap, src, len))
        return make_error(GBR_E_ARGUMENT, 0);
    gbr_recognised recognised;
    gbr_result r = gbr_recognise(c, src, len, &recognised);
    if (form)
        *form = recognised.form;
    return r.error ? r : gbr_recognised_canonical(c, dst, cap, &recognised);
}
