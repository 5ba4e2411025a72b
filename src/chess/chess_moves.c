/*
 * Legal moves, their one test of legality, castling, making a move, check
 * and perft.
 */
#include <string.h>

#include "chess_bits.h"

int chess_attacked(const chess_position *p, int square, int by, uint64_t occ)
{
    return chess_attacked_except(p, square, by, occ, 0);
}

int chess_in_check(const chess_position *p)
{
    return chess_attacked(p, chess_king_square(p, p->side), p->side ^ 1, chess_occupied(p));
}

int chess_castle_status(const chess_position *p, int wing, int *square)
{
    int us = p->side, them = us ^ 1;
    int rook = p->castle_rook[us][wing];
    *square = CHESS_NO_SQUARE;
    if (rook == CHESS_NO_SQUARE)
        return CHESS_CASTLE_NO_RIGHT;
    int king = chess_king_square(p, us);
    int king_to = chess_castle_king_to(us, wing), rook_to = chess_castle_rook_to(us, wing);
    uint64_t occ = chess_occupied(p);
    if (chess_attacked(p, king, them, occ))
        return CHESS_CASTLE_IN_CHECK;
    /* Every square the king and the rook cross or reach is empty but for
     * the two of them; the first man in the way is named, from the king. */
    uint64_t others = occ ^ CHESS_BIT(king) ^ CHESS_BIT(rook);
    uint64_t king_path = (chess_between(king, king_to) | CHESS_BIT(king_to)) & others;
    uint64_t rook_path = (chess_between(rook, rook_to) | CHESS_BIT(rook_to)) & others;
    if (king_path | rook_path) {
        int from = king_path ? king : rook, to = king_path ? king_to : rook_to;
        uint64_t in_way = king_path ? king_path : rook_path;
        int step = to > from ? 1 : -1, s = from + step;
        while (!(in_way & CHESS_BIT(s)))
            s += step;
        *square = s;
        return CHESS_CASTLE_BLOCKED;
    }
    /* The squares the king crosses, as the board stands now. */
    if (king != king_to) {
        int step = king_to > king ? 1 : -1;
        for (int s = king + step; s != king_to; s += step) {
            if (chess_attacked(p, s, them, occ)) {
                *square = s;
                return CHESS_CASTLE_THROUGH_CHECK;
            }
        }
    }
    /* Where it stands, as the board stands after castling: the rook gone
     * from its square may open a line to it (Chess960). */
    uint64_t after = others | CHESS_BIT(king_to) | CHESS_BIT(rook_to);
    if (chess_attacked(p, king_to, them, after)) {
        *square = king_to;
        return CHESS_CASTLE_INTO_CHECK;
    }
    return CHESS_CASTLE_OK;
}

static inline chess_move make_move(int from, int to, int promotion, int kind)
{
    chess_move m = {(uint8_t)from, (uint8_t)to, (uint8_t)promotion, (uint8_t)kind};
    return m;
}

static size_t add_targets(chess_move *out, size_t n, int from, uint64_t targets)
{
    for (; targets; targets &= targets - 1)
        out[n++] = make_move(from, chess_lsb(targets), 0, CHESS_MOVE_NORMAL);
    return n;
}

static size_t add_pawn_move(chess_move *out, size_t n, int from, int to)
{
    if (to >= 56 || to < 8) {
        for (int t = CHESS_QUEEN; t >= CHESS_KNIGHT; t--)
            out[n++] = make_move(from, to, t, CHESS_MOVE_NORMAL);
    } else {
        out[n++] = make_move(from, to, 0, CHESS_MOVE_NORMAL);
    }
    return n;
}

/* The men of the side to move pinned to their king. */
static uint64_t pinned_men(const chess_position *p, int king, uint64_t occ)
{
    int us = p->side, them = us ^ 1;
    uint64_t queens = p->by_type[CHESS_QUEEN];
    uint64_t snipers = ((chess_rook_attacks(king, 0) & (p->by_type[CHESS_ROOK] | queens)) |
                        (chess_bishop_attacks(king, 0) & (p->by_type[CHESS_BISHOP] | queens))) &
                       p->by_colour[them];
    uint64_t pinned = 0;
    for (; snipers; snipers &= snipers - 1) {
        uint64_t between = chess_between(king, chess_lsb(snipers)) & occ;
        if (between && !(between & (between - 1)))
            pinned |= between & p->by_colour[us];
    }
    return pinned;
}

size_t chess_legal_moves(const chess_position *p, chess_move *out)
{
    int us = p->side, them = us ^ 1;
    uint64_t occ = chess_occupied(p), own = p->by_colour[us], enemy = p->by_colour[them];
    int king = chess_king_square(p, us);
    uint64_t checkers = chess_attackers(p, king, occ) & enemy;
    /* No move takes a king: only a position read with the side not to move
     * in check has one to take. */
    uint64_t takeable = ~own & ~(enemy & p->by_type[CHESS_KING]);
    size_t n = 0;

    /* The king, to squares not attacked once it has left its own. */
    uint64_t without_king = occ ^ CHESS_BIT(king);
    for (uint64_t t = chess_king_attacks[king] & takeable; t; t &= t - 1) {
        int to = chess_lsb(t);
        if (!chess_attacked_except(p, to, them, without_king, 0))
            out[n++] = make_move(king, to, 0, CHESS_MOVE_NORMAL);
    }
    if (checkers & (checkers - 1))
        return n;

    /* Any other man: onto the checker or between it and the king when in
     * check; a pinned man along its pin; the en-passant capture by the one
     * legality test, the rare case where two men leave the rank at once. */
    uint64_t allowed = (checkers ? (checkers | chess_between(king, chess_lsb(checkers))) : ~own) & takeable;
    uint64_t pinned = pinned_men(p, king, occ);

    for (uint64_t b = p->by_type[CHESS_KNIGHT] & own & ~pinned; b; b &= b - 1) {
        int from = chess_lsb(b);
        n = add_targets(out, n, from, chess_knight_attacks[from] & allowed & ~own);
    }
    for (uint64_t b = (p->by_type[CHESS_BISHOP] | p->by_type[CHESS_QUEEN]) & own; b; b &= b - 1) {
        int from = chess_lsb(b);
        uint64_t t = chess_bishop_attacks(from, occ) & allowed & ~own;
        if (pinned & CHESS_BIT(from))
            t &= chess_line_through(king, from);
        n = add_targets(out, n, from, t);
    }
    for (uint64_t b = (p->by_type[CHESS_ROOK] | p->by_type[CHESS_QUEEN]) & own; b; b &= b - 1) {
        int from = chess_lsb(b);
        uint64_t t = chess_rook_attacks(from, occ) & allowed & ~own;
        if (pinned & CHESS_BIT(from))
            t &= chess_line_through(king, from);
        n = add_targets(out, n, from, t);
    }

    int forward = us == CHESS_WHITE ? 8 : -8;
    uint64_t start_rank = CHESS_RANK_1 << (us == CHESS_WHITE ? 8 : 48);
    for (uint64_t b = p->by_type[CHESS_PAWN] & own; b; b &= b - 1) {
        int from = chess_lsb(b);
        uint64_t line = (pinned & CHESS_BIT(from)) ? chess_line_through(king, from) : ~UINT64_C(0);
        int one = from + forward;
        if (!(occ & CHESS_BIT(one))) {
            if (allowed & line & CHESS_BIT(one))
                n = add_pawn_move(out, n, from, one);
            int two = one + forward;
            if ((start_rank & CHESS_BIT(from)) && !(occ & CHESS_BIT(two)) && (allowed & line & CHESS_BIT(two)))
                out[n++] = make_move(from, two, 0, CHESS_MOVE_DOUBLE_STEP);
        }
        for (uint64_t t = chess_pawn_attacks[us][from] & enemy & allowed & line; t; t &= t - 1)
            n = add_pawn_move(out, n, from, chess_lsb(t));
        if (p->en_passant != CHESS_NO_SQUARE && (chess_pawn_attacks[us][from] & CHESS_BIT(p->en_passant))) {
            chess_move m = make_move(from, p->en_passant, 0, CHESS_MOVE_EN_PASSANT);
            if (chess_legal_after(p, m))
                out[n++] = m;
        }
    }

    if (!checkers) {
        for (int wing = 0; wing < 2; wing++) {
            int ignored;
            if (chess_castle_status(p, wing, &ignored) == CHESS_CASTLE_OK)
                out[n++] = make_move(king, p->castle_rook[us][wing], 0, CHESS_MOVE_CASTLE);
        }
    }
    return n;
}

int chess_move_is_legal(const chess_position *p, chess_move m)
{
    if (m.kind == CHESS_MOVE_NULL)
        return m.from == 0 && m.to == 0 && m.promotion == 0 && !chess_in_check(p);
    chess_move moves[CHESS_MAX_MOVES];
    size_t n = chess_legal_moves(p, moves);
    for (size_t i = 0; i < n; i++)
        if (moves[i].from == m.from && moves[i].to == m.to && moves[i].promotion == m.promotion &&
            moves[i].kind == m.kind)
            return 1;
    return 0;
}

int chess_has_legal_move(const chess_position *p)
{
    chess_move moves[CHESS_MAX_MOVES];
    return chess_legal_moves(p, moves) > 0;
}

static void remove_man(chess_position *p, int square)
{
    uint8_t man = p->board[square];
    p->board[square] = 0;
    p->by_colour[CHESS_MAN_COLOUR(man)] &= ~CHESS_BIT(square);
    p->by_type[CHESS_MAN_TYPE(man)] &= ~CHESS_BIT(square);
}

static void place_man(chess_position *p, int square, uint8_t man)
{
    p->board[square] = man;
    p->by_colour[CHESS_MAN_COLOUR(man)] |= CHESS_BIT(square);
    p->by_type[CHESS_MAN_TYPE(man)] |= CHESS_BIT(square);
}

/* A rook that leaves or is taken on its square takes its right with it. */
static void drop_right_of(chess_position *p, int square)
{
    for (int c = 0; c < 2; c++)
        for (int w = 0; w < 2; w++)
            if (p->castle_rook[c][w] == square)
                p->castle_rook[c][w] = CHESS_NO_SQUARE;
}

/* Whether any castling right is left: most moves of a game come after both
 * sides have lost theirs, and need not look for a rook's. */
static int any_castling_right(const chess_position *p)
{
    return (p->castle_rook[0][0] & p->castle_rook[0][1] & p->castle_rook[1][0] & p->castle_rook[1][1]) !=
           CHESS_NO_SQUARE;
}

void chess_play(chess_position *p, chess_move m)
{
    int us = p->side;
    if (!chess_move_in_bounds(p, m))
        return;
    if (m.kind == CHESS_MOVE_NULL) {
        p->halfmove_clock++;
    } else if (m.kind == CHESS_MOVE_CASTLE) {
        int wing = m.to > m.from ? 0 : 1;
        uint8_t king = p->board[m.from], rook = p->board[m.to];
        remove_man(p, m.from);
        remove_man(p, m.to);
        place_man(p, chess_castle_king_to(us, wing), king);
        place_man(p, chess_castle_rook_to(us, wing), rook);
        p->castle_rook[us][0] = p->castle_rook[us][1] = CHESS_NO_SQUARE;
        p->halfmove_clock++;
    } else {
        uint8_t man = p->board[m.from];
        int type = CHESS_MAN_TYPE(man);
        int capture = p->board[m.to] != 0;
        if (capture)
            remove_man(p, m.to);
        if (m.kind == CHESS_MOVE_EN_PASSANT)
            remove_man(p, us == CHESS_WHITE ? m.to - 8 : m.to + 8);
        /* The man leaves its square and stands on the empty one: one
         * exclusive or a bitboard. */
        uint64_t from_bit = CHESS_BIT(m.from), to_bit = CHESS_BIT(m.to);
        p->board[m.from] = 0;
        p->by_colour[us] ^= from_bit | to_bit;
        if (m.promotion) {
            p->by_type[type] ^= from_bit;
            p->by_type[m.promotion] |= to_bit;
            p->board[m.to] = CHESS_MAN(us, m.promotion);
        } else {
            p->by_type[type] ^= from_bit | to_bit;
            p->board[m.to] = man;
        }
        if (any_castling_right(p)) {
            if (type == CHESS_KING)
                p->castle_rook[us][0] = p->castle_rook[us][1] = CHESS_NO_SQUARE;
            drop_right_of(p, m.from);
            drop_right_of(p, m.to);
        }
        if (type == CHESS_PAWN || capture || m.kind == CHESS_MOVE_EN_PASSANT)
            p->halfmove_clock = 0;
        else
            p->halfmove_clock++;
    }
    p->en_passant = (uint8_t)(m.kind == CHESS_MOVE_DOUBLE_STEP ? (m.from + m.to) / 2 : CHESS_NO_SQUARE);
    if (us == CHESS_BLACK)
        p->fullmove_number++;
    p->side = (uint8_t)(us ^ 1);
}

static uint64_t perft(const chess_position *p, unsigned depth)
{
    chess_move moves[CHESS_MAX_MOVES];
    size_t n = chess_legal_moves(p, moves);
    if (depth == 1)
        return n;
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        chess_position next = *p;
        chess_play(&next, moves[i]);
        total += perft(&next, depth - 1);
    }
    return total;
}

uint64_t chess_perft(const chess_position *p, unsigned depth)
{
    return depth == 0 ? 1 : perft(p, depth);
}
