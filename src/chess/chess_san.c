/*
 * Moves as text: SAN, long algebraic and UCI read into the legal move they
 * name (or refused with what was asked and why), and written back.
 */
#include <string.h>

#include "chess_bits.h"
#include "chess_text.h"

/* What a move's text says, before the board is asked. */
typedef struct move_text {
    enum { TEXT_MOVE, TEXT_CASTLE, TEXT_NULL } kind;
    int wing;                 /* TEXT_CASTLE: 0 king's side, 1 queen's side */
    int type;                 /* a piece letter's type, or -1 when none was written */
    int from_file, from_rank; /* -1 when not written */
    int to;
    int promotion;            /* a type, 0 when none, -1 for a king or pawn */
    int capture;              /* 'x' or ':' written */
} move_text;

static int piece_letter_type(char c)
{
    switch (c) {
    case 'P': return CHESS_PAWN;
    case 'N': return CHESS_KNIGHT;
    case 'B': return CHESS_BISHOP;
    case 'R': return CHESS_ROOK;
    case 'Q': return CHESS_QUEEN;
    case 'K': return CHESS_KING;
    default: return -1;
    }
}

static int is_file(char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(char c) { return c >= '1' && c <= '8'; }
static int is_castle_letter(char c) { return c == 'O' || c == '0' || c == 'o'; }

/* The length of the move itself: without the check and mate marks, the
 * suffixes ! and ?, and an "e.p." or "ep" after an en-passant capture. */
static size_t core_length(const char *text, size_t len)
{
    while (len && (text[len - 1] == '+' || text[len - 1] == '#' || text[len - 1] == '!' || text[len - 1] == '?'))
        len--;
    if (len > 6 && memcmp(text + len - 4, "e.p.", 4) == 0)
        len -= 4;
    else if (len > 4 && memcmp(text + len - 2, "ep", 2) == 0)
        len -= 2;
    return len;
}

/* Reads the text's form; 0, or -1 when it is no move of any form. */
static int parse_move_text(const char *s, size_t n, move_text *t)
{
    t->kind = TEXT_MOVE;
    t->wing = t->to = t->promotion = t->capture = 0;
    t->type = t->from_file = t->from_rank = -1;
    if ((n == 2 && ((s[0] == '-' && s[1] == '-') || (s[0] == 'Z' && s[1] == '0'))) ||
        (n == 4 && memcmp(s, "0000", 4) == 0)) {
        t->kind = TEXT_NULL;
        return 0;
    }
    if ((n == 3 || n == 5) && is_castle_letter(s[0]) && s[1] == '-' && is_castle_letter(s[2]) &&
        (n == 3 || (s[3] == '-' && is_castle_letter(s[4])))) {
        t->kind = TEXT_CASTLE;
        t->wing = n == 5;
        return 0;
    }
    size_t i = 0, end = n;
    if (n && piece_letter_type(s[0]) >= 0) {
        t->type = piece_letter_type(s[0]);
        i = 1;
    }
    /* The promotion: a letter after the square (e8Q, e7e8q) or after '='. */
    if (end - i >= 3 && !is_rank(s[end - 1]) && (is_rank(s[end - 2]) || s[end - 2] == '=')) {
        char c = s[end - 1];
        char upper = (char)(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
        int type = piece_letter_type(upper);
        if (type < 0)
            return -1;
        t->promotion = type == CHESS_KING || type == CHESS_PAWN ? -1 : type;
        end--;
        if (s[end - 1] == '=')
            end--;
    }
    if (end - i < 2 || !is_file(s[end - 2]) || !is_rank(s[end - 1]))
        return -1;
    t->to = (s[end - 1] - '1') * 8 + (s[end - 2] - 'a');
    end -= 2;
    int dash = 0;
    if (end > i && (s[end - 1] == 'x' || s[end - 1] == ':' || s[end - 1] == '-')) {
        dash = s[end - 1] == '-';
        t->capture = !dash;
        end--;
    }
    if (end > i && is_file(s[i]))
        t->from_file = s[i++] - 'a';
    if (end > i && is_rank(s[i]))
        t->from_rank = s[i++] - '1';
    if (i != end || (dash && (t->from_file < 0 || t->from_rank < 0)))
        return -1;
    return 0;
}

/* The men of `type` of the side to move that can go to `to` by the way
 * they move, their king aside: a pawn pushes straight on (from_file either
 * unknown or the to-square's) and takes to the side (from_file another
 * file, or a capture without its file). */
static CHESS_ALWAYS_INLINE uint64_t origins(const chess_position *p, int type, int to, int pawn_file)
{
    int us = p->side, them = us ^ 1;
    uint64_t own = p->by_colour[us], occ = chess_occupied(p);
    uint64_t men = own & p->by_type[type];
    if ((own | (p->by_colour[them] & p->by_type[CHESS_KING])) & CHESS_BIT(to)) /* no move takes a king */
        return 0;
    switch (type) {
    case CHESS_PAWN: {
        if (pawn_file >= 0 && pawn_file != (to & 7)) {
            int takes = (p->by_colour[them] & CHESS_BIT(to)) || to == p->en_passant;
            return takes ? chess_pawn_attacks[them][to] & men & (CHESS_FILE_A << pawn_file) : 0;
        }
        int back = us == CHESS_WHITE ? -8 : 8;
        if ((occ & CHESS_BIT(to)) || to + back < 0 || to + back > 63)
            return 0;
        int one = to + back;
        if (men & CHESS_BIT(one))
            return CHESS_BIT(one);
        int two = one + back, double_rank = us == CHESS_WHITE ? 3 : 4;
        if (!(occ & CHESS_BIT(one)) && (to >> 3) == double_rank && (men & CHESS_BIT(two)))
            return CHESS_BIT(two);
        return 0;
    }
    case CHESS_KNIGHT: return chess_knight_attacks[to] & men;
    case CHESS_BISHOP: return chess_bishop_attacks(to, occ) & men;
    case CHESS_ROOK: return chess_rook_attacks(to, occ) & men;
    case CHESS_QUEEN: return (chess_bishop_attacks(to, occ) | chess_rook_attacks(to, occ)) & men;
    default: return chess_king_attacks[to] & men;
    }
}

static chess_move move_of(const chess_position *p, int from, int to, int promotion)
{
    chess_move m = {(uint8_t)from, (uint8_t)to, (uint8_t)promotion, CHESS_MOVE_NORMAL};
    if (CHESS_MAN_TYPE(p->board[from]) == CHESS_PAWN) {
        if (to - from == 16 || from - to == 16)
            m.kind = CHESS_MOVE_DOUBLE_STEP;
        else if (to == p->en_passant && ((to - from) & 7) != 0)
            m.kind = CHESS_MOVE_EN_PASSANT;
    }
    return m;
}

/* The origins whose move to `to` is legal. */
static uint64_t legal_origins(const chess_position *p, uint64_t from, int to)
{
    uint64_t legal = 0;
    for (; from; from &= from - 1) {
        int square = chess_lsb(from);
        if (chess_legal_after(p, move_of(p, square, to, 0)))
            legal |= CHESS_BIT(square);
    }
    return legal;
}

static int refuse(chess_error *error, const char *asked, size_t asked_len, const char *why)
{
    chess_error_start(error, 1);
    chess_error_add_given(error, asked, asked_len);
    chess_error_add(error, why);
    return -1;
}

static int refuse_castle(const chess_position *p, int wing, int status, int square, const char *asked,
                         size_t asked_len, chess_error *error)
{
    const char *side = chess_colour_name(p->side);
    refuse(error, asked, asked_len, ": ");
    switch (status) {
    case CHESS_CASTLE_NO_RIGHT:
        chess_error_add(error, side);
        chess_error_add(error, wing == 0 ? " has no right to castle on the king's side"
                                         : " has no right to castle on the queen's side");
        break;
    case CHESS_CASTLE_IN_CHECK:
        chess_error_add(error, "the ");
        chess_error_add(error, side);
        chess_error_add(error, " king is in check");
        break;
    case CHESS_CASTLE_BLOCKED:
        chess_error_add_square(error, square);
        chess_error_add(error, " is in the way");
        break;
    case CHESS_CASTLE_THROUGH_CHECK:
        chess_error_add(error, "the ");
        chess_error_add(error, side);
        chess_error_add(error, " king would cross ");
        chess_error_add_square(error, square);
        chess_error_add(error, ", which ");
        chess_error_add(error, chess_colour_name(p->side ^ 1));
        chess_error_add(error, " attacks");
        break;
    default:
        chess_error_add(error, "the ");
        chess_error_add(error, side);
        chess_error_add(error, " king would be in check on ");
        chess_error_add_square(error, square);
        break;
    }
    return -1;
}

static int read_castle(const chess_position *p, int wing, const char *asked, size_t asked_len, chess_move *out,
                       chess_error *error)
{
    int square;
    int status = chess_castle_status(p, wing, &square);
    if (status != CHESS_CASTLE_OK)
        return refuse_castle(p, wing, status, square, asked, asked_len, error);
    chess_move m = {(uint8_t)chess_king_square(p, p->side), p->castle_rook[p->side][wing], 0, CHESS_MOVE_CASTLE};
    *out = m;
    return 0;
}

/* "no white knight on the b-file can move to d2" */
static int refuse_no_man(const chess_position *p, const move_text *t, int type, chess_error *error)
{
    chess_error_start(error, 1);
    chess_error_add(error, "no ");
    chess_error_add(error, chess_colour_name(p->side));
    chess_error_add_char(error, ' ');
    chess_error_add(error, chess_type_name(type));
    if (t->from_file >= 0 && t->from_rank >= 0) {
        chess_error_add(error, " on ");
        chess_error_add_square(error, t->from_rank * 8 + t->from_file);
    } else if (t->from_file >= 0) {
        chess_error_add(error, " on the ");
        chess_error_add_char(error, (char)('a' + t->from_file));
        chess_error_add(error, "-file");
    } else if (t->from_rank >= 0) {
        chess_error_add(error, " on rank ");
        chess_error_add_number(error, (unsigned long)t->from_rank + 1);
    }
    chess_error_add(error, " can move to ");
    chess_error_add_square(error, t->to);
    return -1;
}

int chess_move_read(const chess_position *p, const char *text, size_t len, chess_move *out, chess_error *error)
{
    size_t n = core_length(text, len);
    move_text t;
    if (n == 0 || parse_move_text(text, n, &t) != 0) {
        chess_error_start(error, 1);
        chess_error_add_char(error, '\'');
        chess_error_add_given(error, text, len);
        chess_error_add(error, "' is not a move (SAN, long algebraic or UCI)");
        return -1;
    }
    int us = p->side;
    if (t.kind == TEXT_NULL) {
        if (chess_in_check(p))
            return refuse(error, text, n, ": a null move, and the side to move is in check");
        chess_move m = {0, 0, 0, CHESS_MOVE_NULL};
        *out = m;
        return 0;
    }
    if (t.kind == TEXT_CASTLE)
        return read_castle(p, t.wing, text, n, out, error);

    int type = t.type < 0 ? CHESS_PAWN : t.type;
    if (t.from_file >= 0 && t.from_rank >= 0) {
        /* Long algebraic and UCI: the man on the square named. */
        int from = t.from_rank * 8 + t.from_file;
        uint8_t man = p->board[from];
        chess_error_start(error, 1);
        chess_error_add_given(error, text, n);
        chess_error_add(error, ": ");
        chess_error_add_square(error, from);
        if (!man) {
            chess_error_add(error, " is empty");
            return -1;
        }
        if (CHESS_MAN_COLOUR(man) != us || (t.type >= 0 && CHESS_MAN_TYPE(man) != t.type)) {
            chess_error_add(error, " holds a ");
            chess_error_add(error, chess_colour_name(CHESS_MAN_COLOUR(man)));
            chess_error_add_char(error, ' ');
            chess_error_add(error, chess_type_name(CHESS_MAN_TYPE(man)));
            if (CHESS_MAN_COLOUR(man) != us) {
                chess_error_add(error, ", and ");
                chess_error_add(error, chess_colour_name(us));
                chess_error_add(error, " is to move");
            } else {
                chess_error_add(error, ", not a ");
                chess_error_add(error, chess_type_name(t.type));
            }
            return -1;
        }
        type = CHESS_MAN_TYPE(man);
        if (type == CHESS_KING && t.promotion == 0 && (t.to >> 3) == (from >> 3) &&
            (t.to - from == 2 || from - t.to == 2) && p->castle_rook[us][t.to > from ? 0 : 1] == CHESS_NO_SQUARE &&
            !(p->by_colour[us] & CHESS_BIT(t.to)))
            /* Two files along its rank: castling that has no right. */
            return refuse_castle(p, t.to > from ? 0 : 1, CHESS_CASTLE_NO_RIGHT, 0, text, n, error);
        if (type == CHESS_KING && t.promotion == 0) {
            /* UCI castling: the king onto its own rook (Chess960), or two
             * files over onto its castling square (e1g1). */
            for (int wing = 0; wing < 2; wing++) {
                int rook = p->castle_rook[us][wing];
                if (rook == CHESS_NO_SQUARE)
                    continue;
                int onto_rook = t.to == rook;
                int onto_square = t.to == chess_castle_king_to(us, wing) && (t.to - from > 1 || from - t.to > 1);
                if (onto_rook || onto_square)
                    return read_castle(p, wing, text, n, out, error);
            }
        }
    }

    uint64_t from;
    if (type == CHESS_PAWN && t.from_file < 0 && t.capture) {
        /* A pawn's capture written without its file ("xd5"): a pawn of
         * either file beside it. */
        from = 0;
        for (int f = (t.to & 7) - 1; f <= (t.to & 7) + 1; f += 2)
            if (f >= 0 && f < 8)
                from |= origins(p, type, t.to, f);
    } else {
        from = origins(p, type, t.to, t.from_file);
    }
    if (t.from_file >= 0)
        from &= CHESS_FILE_A << t.from_file;
    if (t.from_rank >= 0)
        from &= CHESS_RANK_1 << (8 * t.from_rank);
    if (!from)
        return refuse_no_man(p, &t, type, error);

    int last_rank = us == CHESS_WHITE ? 7 : 0;
    int promotes = type == CHESS_PAWN && (t.to >> 3) == last_rank;
    if (t.promotion < 0)
        return refuse(error, text, n, ": a pawn is promoted to a queen, rook, bishop or knight");
    if (promotes && !t.promotion)
        return refuse(error, text, n, ": a pawn reaching the last rank is promoted (=Q, =R, =B or =N)");
    if (!promotes && t.promotion)
        return refuse(error, text, n, ": only a pawn reaching the last rank is promoted");

    /* One man can go there, as in most moves: its move is the one named if
     * it is legal (move_of once, no loop). */
    if (!(from & (from - 1))) {
        chess_move m = move_of(p, chess_lsb(from), t.to, t.promotion);
        if (chess_legal_after(p, m)) {
            *out = m;
            return 0;
        }
    }
    uint64_t legal = legal_origins(p, from, t.to);
    if (!legal) {
        refuse(error, text, n, " leaves the ");
        chess_error_add(error, chess_colour_name(us));
        chess_error_add(error, " king in check");
        return -1;
    }
    if (legal & (legal - 1)) {
        refuse(error, text, n, " is ambiguous: ");
        while (legal) {
            chess_error_add_square(error, chess_lsb(legal));
            legal &= legal - 1;
            if (legal)
                chess_error_add(error, legal & (legal - 1) ? ", " : " and ");
        }
        return -1;
    }
    *out = move_of(p, chess_lsb(legal), t.to, t.promotion);
    return 0;
}

/* ---- Writing ---- */

static size_t put_square(char *s, size_t n, int square)
{
    s[n++] = (char)('a' + (square & 7));
    s[n++] = (char)('1' + (square >> 3));
    return n;
}

static size_t finish(const char *s, size_t n, char *dst, size_t cap)
{
    if (n + 1 > cap)
        return 0;
    memcpy(dst, s, n);
    dst[n] = '\0';
    return n;
}

static size_t put_check_mark(const chess_position *p, chess_move m, char *s, size_t n)
{
    chess_position after = *p;
    chess_play(&after, m);
    if (chess_in_check(&after))
        s[n++] = chess_has_legal_move(&after) ? '+' : '#';
    return n;
}

static size_t put_castle(chess_move m, char *s, size_t n)
{
    memcpy(s + n, m.to > m.from ? "O-O" : "O-O-O", m.to > m.from ? 3 : 5);
    return n + (m.to > m.from ? 3 : 5);
}

static int is_capture(const chess_position *p, chess_move m)
{
    return p->board[m.to] != 0 || m.kind == CHESS_MOVE_EN_PASSANT;
}

size_t chess_san_write(const chess_position *p, chess_move m, char *dst, size_t cap)
{
    if (!chess_move_in_bounds(p, m))
        return 0;
    char s[CHESS_MOVE_TEXT_SIZE];
    size_t n = 0;
    if (m.kind == CHESS_MOVE_NULL)
        return finish("--", 2, dst, cap);
    if (m.kind == CHESS_MOVE_CASTLE) {
        n = put_castle(m, s, n);
    } else {
        int type = CHESS_MAN_TYPE(p->board[m.from]);
        if (type == CHESS_PAWN) {
            if (is_capture(p, m)) {
                s[n++] = (char)('a' + (m.from & 7));
                s[n++] = 'x';
            }
            n = put_square(s, n, m.to);
            if (m.promotion) {
                s[n++] = '=';
                s[n++] = chess_type_letter(m.promotion);
            }
        } else {
            s[n++] = chess_type_letter(type);
            /* The file when it tells the men apart, else the rank, else both. */
            uint64_t others = legal_origins(p, origins(p, type, m.to, -1) & ~CHESS_BIT(m.from), m.to);
            if (others) {
                int same_file = (others & (CHESS_FILE_A << (m.from & 7))) != 0;
                int same_rank = (others & (CHESS_RANK_1 << (m.from & 56))) != 0;
                if (!same_file || same_rank)
                    s[n++] = (char)('a' + (m.from & 7));
                if (same_file)
                    s[n++] = (char)('1' + (m.from >> 3));
            }
            if (is_capture(p, m))
                s[n++] = 'x';
            n = put_square(s, n, m.to);
        }
    }
    n = put_check_mark(p, m, s, n);
    return finish(s, n, dst, cap);
}

size_t chess_lan_write(const chess_position *p, chess_move m, char *dst, size_t cap)
{
    if (!chess_move_in_bounds(p, m))
        return 0;
    char s[CHESS_MOVE_TEXT_SIZE];
    size_t n = 0;
    if (m.kind == CHESS_MOVE_NULL)
        return finish("--", 2, dst, cap);
    if (m.kind == CHESS_MOVE_CASTLE) {
        n = put_castle(m, s, n);
    } else {
        int type = CHESS_MAN_TYPE(p->board[m.from]);
        if (type != CHESS_PAWN)
            s[n++] = chess_type_letter(type);
        n = put_square(s, n, m.from);
        s[n++] = is_capture(p, m) ? 'x' : '-';
        n = put_square(s, n, m.to);
        if (m.promotion) {
            s[n++] = '=';
            s[n++] = chess_type_letter(m.promotion);
        }
    }
    n = put_check_mark(p, m, s, n);
    return finish(s, n, dst, cap);
}

size_t chess_uci_write(const chess_position *p, chess_move m, char *dst, size_t cap)
{
    if (!chess_move_in_bounds(p, m))
        return 0;
    char s[CHESS_MOVE_TEXT_SIZE];
    size_t n = 0;
    if (m.kind == CHESS_MOVE_NULL)
        return finish("0000", 4, dst, cap);
    n = put_square(s, n, m.from);
    if (m.kind == CHESS_MOVE_CASTLE && !p->chess960)
        n = put_square(s, n, chess_castle_king_to(p->side, m.to > m.from ? 0 : 1));
    else
        n = put_square(s, n, m.to);
    if (m.promotion)
        s[n++] = (char)(chess_type_letter(m.promotion) - 'A' + 'a');
    return finish(s, n, dst, cap);
}
