/*
 * Positions: the start position, FEN read and written, and the checks that
 * a position read can be played from, each refusal with its reason.
 */
#include <string.h>

#include "chess_bits.h"
#include "chess_text.h"

static void put_man(chess_position *p, int square, int colour, int type)
{
    p->board[square] = CHESS_MAN(colour, type);
    p->by_colour[colour] |= CHESS_BIT(square);
    p->by_type[type] |= CHESS_BIT(square);
}

static void clear_position(chess_position *p)
{
    memset(p, 0, sizeof *p);
    p->en_passant = CHESS_NO_SQUARE;
    for (int c = 0; c < 2; c++)
        p->castle_rook[c][0] = p->castle_rook[c][1] = CHESS_NO_SQUARE;
    p->fullmove_number = 1;
}

void chess_start_position(chess_position *out)
{
    static const uint8_t back[8] = {CHESS_ROOK, CHESS_KNIGHT, CHESS_BISHOP, CHESS_QUEEN,
                                    CHESS_KING, CHESS_BISHOP, CHESS_KNIGHT, CHESS_ROOK};
    clear_position(out);
    for (int f = 0; f < 8; f++) {
        put_man(out, f, CHESS_WHITE, back[f]);
        put_man(out, 8 + f, CHESS_WHITE, CHESS_PAWN);
        put_man(out, 48 + f, CHESS_BLACK, CHESS_PAWN);
        put_man(out, 56 + f, CHESS_BLACK, back[f]);
    }
    out->castle_rook[CHESS_WHITE][0] = 7;
    out->castle_rook[CHESS_WHITE][1] = 0;
    out->castle_rook[CHESS_BLACK][0] = 63;
    out->castle_rook[CHESS_BLACK][1] = 56;
}

static int is_blank(char c) { return c == ' ' || c == '\t'; }

static int fail(chess_error *error, size_t column, const char *what)
{
    chess_error_start(error, column);
    chess_error_add(error, what);
    return -1;
}

/* "rank 5 of the placement has 9 squares, not 8" and the like. */
static int fail_rank(chess_error *error, size_t column, int rank, const char *what)
{
    chess_error_start(error, column);
    chess_error_add(error, "rank ");
    chess_error_add_number(error, (unsigned long)rank + 1);
    chess_error_add(error, " of the placement ");
    chess_error_add(error, what);
    return -1;
}

static int fail_byte(chess_error *error, size_t column, char c, const char *what)
{
    chess_error_start(error, column);
    chess_error_add_char(error, '\'');
    chess_error_add_given(error, &c, 1);
    chess_error_add(error, "' ");
    chess_error_add(error, what);
    return -1;
}

static int piece_of_letter(char c, int *colour, int *type)
{
    static const char letters[] = "pnbrqk";
    for (int t = 0; t < 6; t++) {
        if (c == letters[t] || c == letters[t] - 'a' + 'A') {
            *colour = c == letters[t] ? CHESS_BLACK : CHESS_WHITE;
            *type = t;
            return 1;
        }
    }
    return 0;
}

/* The placement field, from text[*i]; *i ends on the byte after it. */
static int read_placement(chess_position *p, const char *text, size_t len, size_t *i, chess_error *error)
{
    int rank = 7, file = 0;
    size_t start = *i;
    for (; *i < len && !is_blank(text[*i]); (*i)++) {
        char c = text[*i];
        int colour, type;
        if (c == '/') {
            if (file != 8)
                return fail_rank(error, *i + 1, rank, file < 8 ? "has fewer than 8 squares" : "has more than 8 squares");
            if (rank == 0)
                return fail(error, *i + 1, "the placement has more than 8 ranks");
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            file += c - '0';
            if (file > 8)
                return fail_rank(error, *i + 1, rank, "has more than 8 squares");
        } else if (piece_of_letter(c, &colour, &type)) {
            if (file >= 8)
                return fail_rank(error, *i + 1, rank, "has more than 8 squares");
            put_man(p, rank * 8 + file, colour, type);
            file++;
        } else {
            return fail_byte(error, *i + 1, c, "is not a piece letter, a digit 1-8 or '/' of a FEN placement");
        }
    }
    if (*i == start)
        return fail(error, *i + 1, "no FEN placement");
    if (file != 8)
        return fail_rank(error, *i + 1, rank, file < 8 ? "has fewer than 8 squares" : "has more than 8 squares");
    if (rank != 0)
        return fail(error, *i + 1, "the placement has fewer than 8 ranks");
    return 0;
}

/* The rook a castling right names: a file letter, or K/Q for the outermost
 * rook on that side of the king. CHESS_NO_SQUARE when there is none. */
static int castling_rook(const chess_position *p, int colour, char letter, int *wing)
{
    int back = colour == CHESS_WHITE ? 0 : 56;
    uint64_t kings = p->by_type[CHESS_KING] & p->by_colour[colour] & (CHESS_RANK_1 << back);
    uint64_t rooks = p->by_type[CHESS_ROOK] & p->by_colour[colour] & (CHESS_RANK_1 << back);
    if (!kings)
        return -1;
    int king_file = chess_lsb(kings) & 7;
    char upper = (char)(letter >= 'a' ? letter - 'a' + 'A' : letter);
    if (upper == 'K' || upper == 'Q') {
        *wing = upper == 'K' ? 0 : 1;
        for (int k = 0; k < 8; k++) {
            int f = upper == 'K' ? 7 - k : k;
            if ((upper == 'K' ? f <= king_file : f >= king_file))
                break;
            if (rooks & CHESS_BIT(back + f))
                return back + f;
        }
        return CHESS_NO_SQUARE;
    }
    int f = upper - 'A';
    if (f == king_file || !(rooks & CHESS_BIT(back + f)))
        return CHESS_NO_SQUARE;
    *wing = f > king_file ? 0 : 1;
    return back + f;
}

static int read_castling(chess_position *p, const char *text, size_t len, size_t *i, chess_error *error)
{
    if (*i < len && text[*i] == '-') {
        (*i)++;
        return 0;
    }
    size_t start = *i;
    for (; *i < len && !is_blank(text[*i]); (*i)++) {
        char c = text[*i];
        int colour = c >= 'a' ? CHESS_BLACK : CHESS_WHITE;
        char upper = (char)(c >= 'a' ? c - 'a' + 'A' : c);
        if (!c || !memchr("KQkqABCDEFGHabcdefgh", c, 20))
            return fail_byte(error, *i + 1, c, "is not a castling right (K, Q, k, q, a file letter A-H or a-h, or '-')");
        int wing = 0;
        int rook = castling_rook(p, colour, c, &wing);
        if (rook < 0 || rook == CHESS_NO_SQUARE) {
            chess_error_start(error, *i + 1);
            chess_error_add(error, "castling right ");
            chess_error_add_char(error, c);
            chess_error_add(error, rook < 0 ? ": the " : ": no ");
            chess_error_add(error, chess_colour_name(colour));
            chess_error_add(error, rook < 0 ? " king is not on its first rank" : " rook on its first rank for it");
            return -1;
        }
        if (p->castle_rook[colour][wing] != CHESS_NO_SQUARE) {
            chess_error_start(error, *i + 1);
            chess_error_add(error, "castling right ");
            chess_error_add_char(error, c);
            chess_error_add(error, ": ");
            chess_error_add(error, chess_colour_name(colour));
            chess_error_add(error, wing == 0 ? " already castles on the king's side" : " already castles on the queen's side");
            return -1;
        }
        p->castle_rook[colour][wing] = (uint8_t)rook;
        if (upper != 'K' && upper != 'Q')
            p->chess960 = 1;
    }
    if (*i == start)
        return fail(error, *i + 1, "no castling rights (write '-' for none)");
    for (int colour = 0; colour < 2; colour++) {
        int back = colour == CHESS_WHITE ? 0 : 56;
        for (int wing = 0; wing < 2; wing++) {
            int rook = p->castle_rook[colour][wing];
            if (rook != CHESS_NO_SQUARE &&
                (rook != back + (wing == 0 ? 7 : 0) || chess_king_square(p, colour) != back + 4))
                p->chess960 = 1;
        }
    }
    return 0;
}

static int read_en_passant(chess_position *p, const char *text, size_t len, size_t *i, chess_error *error)
{
    if (*i < len && text[*i] == '-') {
        (*i)++;
        return 0;
    }
    size_t column = *i + 1;
    if (len - *i < 2 || text[*i] < 'a' || text[*i] > 'h' || (text[*i + 1] != '3' && text[*i + 1] != '6') ||
        (len - *i > 2 && !is_blank(text[*i + 2]))) {
        size_t n = 0;
        while (*i + n < len && !is_blank(text[*i + n]))
            n++;
        chess_error_start(error, column);
        chess_error_add_char(error, '\'');
        chess_error_add_given(error, text + *i, n);
        chess_error_add(error, "' is not an en-passant square (a3-h3, a6-h6 or '-')");
        return -1;
    }
    int square = (text[*i + 1] - '1') * 8 + (text[*i] - 'a');
    *i += 2;
    int mover = p->side ^ 1; /* who made the double step */
    int wanted = mover == CHESS_WHITE ? 2 : 5;
    int dir = mover == CHESS_WHITE ? 8 : -8;
    chess_error_start(error, column);
    chess_error_add(error, "en-passant square ");
    chess_error_add_square(error, square);
    if ((square >> 3) != wanted) {
        chess_error_add(error, ": ");
        chess_error_add(error, chess_colour_name(p->side));
        chess_error_add(error, " is to move, so the square is on rank ");
        chess_error_add_number(error, p->side == CHESS_WHITE ? 6 : 3);
        return -1;
    }
    if (p->board[square + dir] != CHESS_MAN(mover, CHESS_PAWN) || p->board[square] || p->board[square - dir]) {
        chess_error_add(error, ": no ");
        chess_error_add(error, chess_colour_name(mover));
        chess_error_add(error, " pawn can just have moved ");
        chess_error_add_square(error, square - dir);
        chess_error_add_char(error, '-');
        chess_error_add_square(error, square + dir);
        return -1;
    }
    p->en_passant = (uint8_t)square;
    return 0;
}

/* A clock: digits up to `limit`. */
static int read_number(const char *text, size_t len, size_t *i, unsigned long limit, unsigned long *value)
{
    size_t start = *i;
    unsigned long v = 0;
    for (; *i < len && text[*i] >= '0' && text[*i] <= '9'; (*i)++) {
        v = v * 10 + (unsigned long)(text[*i] - '0');
        if (v > limit)
            return -1;
    }
    if (*i == start || (*i < len && !is_blank(text[*i])))
        return -1;
    *value = v;
    return 0;
}

static size_t skip_blanks(const char *text, size_t len, size_t i)
{
    while (i < len && is_blank(text[i]))
        i++;
    return i;
}

/* What makes a position one that cannot be played from. */
static int check_position(const chess_position *p, unsigned options, chess_error *error)
{
    for (int colour = 0; colour < 2; colour++) {
        uint64_t own = p->by_colour[colour];
        int kings = chess_popcount(own & p->by_type[CHESS_KING]);
        int pawns = chess_popcount(own & p->by_type[CHESS_PAWN]);
        int men = chess_popcount(own);
        chess_error_start(error, 1);
        chess_error_add(error, chess_colour_name(colour));
        if (kings != 1) {
            chess_error_add(error, kings ? " has " : " has no king");
            if (kings) {
                chess_error_add_number(error, (unsigned long)kings);
                chess_error_add(error, " kings");
            }
            return -1;
        }
        if (pawns > 8 || men > 16) {
            chess_error_add(error, " has ");
            chess_error_add_number(error, (unsigned long)(pawns > 8 ? pawns : men));
            chess_error_add(error, pawns > 8 ? " pawns" : " men");
            return -1;
        }
    }
    uint64_t edge_pawns = p->by_type[CHESS_PAWN] & (CHESS_RANK_1 | (CHESS_RANK_1 << 56));
    if (edge_pawns) {
        int square = chess_lsb(edge_pawns);
        chess_error_start(error, 1);
        chess_error_add(error, "a pawn on ");
        chess_error_add_square(error, square);
        chess_error_add(error, ", on the first or last rank");
        return -1;
    }
    int other = p->side ^ 1;
    if (!(options & CHESS_FEN_READ_CHECK_NOT_TO_MOVE) && chess_other_in_check(p)) {
        chess_error_start(error, 1);
        chess_error_add(error, chess_colour_name(other));
        chess_error_add(error, " is in check with ");
        chess_error_add(error, chess_colour_name(p->side));
        chess_error_add(error, " to move");
        return -1;
    }
    return 0;
}

int chess_other_in_check(const chess_position *p)
{
    return chess_attacked(p, chess_king_square(p, p->side ^ 1), p->side, chess_occupied(p));
}

int chess_fen_read(chess_position *out, const char *text, size_t len, chess_error *error)
{
    return chess_fen_read_with(out, text, len, 0, error);
}

int chess_fen_read_with(chess_position *out, const char *text, size_t len, unsigned options, chess_error *error)
{
    clear_position(out);
    size_t i = skip_blanks(text, len, 0);
    if (read_placement(out, text, len, &i, error) != 0)
        return -1;
    i = skip_blanks(text, len, i);
    if (i >= len)
        return fail(error, i + 1, "no side to move after the placement");
    if ((text[i] != 'w' && text[i] != 'b') || (i + 1 < len && !is_blank(text[i + 1]))) {
        size_t n = 0;
        while (i + n < len && !is_blank(text[i + n]))
            n++;
        chess_error_start(error, i + 1);
        chess_error_add(error, "the side to move is '");
        chess_error_add_given(error, text + i, n);
        chess_error_add(error, "', not 'w' or 'b'");
        return -1;
    }
    out->side = text[i] == 'w' ? CHESS_WHITE : CHESS_BLACK;
    i = skip_blanks(text, len, i + 1);
    if (i >= len)
        return fail(error, i + 1, "no castling rights after the side to move");
    /* The kings are counted before the castling rights look for them. */
    size_t castling_at = i;
    while (i < len && !is_blank(text[i]))
        i++;
    i = skip_blanks(text, len, i);
    if (i >= len)
        return fail(error, i + 1, "no en-passant square after the castling rights");
    if (check_position(out, options, error) != 0)
        return -1;
    size_t c = castling_at;
    if (read_castling(out, text, len, &c, error) != 0)
        return -1;
    if (read_en_passant(out, text, len, &i, error) != 0)
        return -1;
    i = skip_blanks(text, len, i);
    if (i < len) {
        unsigned long v;
        size_t at = i;
        if (read_number(text, len, &i, 65535, &v) != 0)
            return fail(error, at + 1, "the halfmove clock is not a number from 0 to 65535");
        out->halfmove_clock = (uint16_t)v;
        i = skip_blanks(text, len, i);
        at = i;
        if (i >= len)
            return fail(error, i + 1, "no move number after the halfmove clock");
        if (read_number(text, len, &i, 999999999, &v) != 0)
            return fail(error, at + 1, "the move number is not a number from 0 to 999999999");
        out->fullmove_number = (uint32_t)v;
        i = skip_blanks(text, len, i);
        if (i < len)
            return fail(error, i + 1, "text after the move number, the FEN's last field");
    }
    return 0;
}

/* Whether a pawn of the side to move can take en passant, legally. */
static int en_passant_capture_possible(const chess_position *p)
{
    if (p->en_passant == CHESS_NO_SQUARE)
        return 0;
    uint64_t takers = chess_pawn_attacks[p->side ^ 1][p->en_passant] & p->by_type[CHESS_PAWN] &
                      p->by_colour[p->side];
    for (; takers; takers &= takers - 1) {
        chess_move m = {(uint8_t)chess_lsb(takers), p->en_passant, 0, CHESS_MOVE_EN_PASSANT};
        if (chess_legal_after(p, m))
            return 1;
    }
    return 0;
}

static size_t put_number(char *dst, size_t n, unsigned long v)
{
    char digits[24];
    size_t k = 0;
    do {
        digits[k++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (k)
        dst[n++] = digits[--k];
    return n;
}

size_t chess_fen_write(const chess_position *p, unsigned options, char *dst, size_t cap)
{
    char out[CHESS_FEN_SIZE];
    size_t n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            uint8_t man = p->board[rank * 8 + file];
            if (!man) {
                empty++;
                continue;
            }
            if (empty)
                out[n++] = (char)('0' + empty);
            empty = 0;
            char letter = chess_type_letter(CHESS_MAN_TYPE(man));
            out[n++] = CHESS_MAN_COLOUR(man) == CHESS_WHITE ? letter : (char)(letter - 'A' + 'a');
        }
        if (empty)
            out[n++] = (char)('0' + empty);
        if (rank)
            out[n++] = '/';
    }
    out[n++] = ' ';
    out[n++] = p->side == CHESS_WHITE ? 'w' : 'b';
    out[n++] = ' ';
    size_t rights = n;
    for (int colour = 0; colour < 2; colour++) {
        for (int wing = 0; wing < 2; wing++) {
            int rook = p->castle_rook[colour][wing];
            if (rook == CHESS_NO_SQUARE)
                continue;
            int ignored;
            char letter = castling_rook(p, colour, wing == 0 ? 'K' : 'Q', &ignored) == rook
                              ? (wing == 0 ? 'K' : 'Q')
                              : (char)('A' + (rook & 7));
            out[n++] = colour == CHESS_WHITE ? letter : (char)(letter - 'A' + 'a');
        }
    }
    if (n == rights)
        out[n++] = '-';
    out[n++] = ' ';
    if (p->en_passant != CHESS_NO_SQUARE &&
        (!(options & CHESS_FEN_EN_PASSANT_IF_CAPTURE) || en_passant_capture_possible(p))) {
        out[n++] = (char)('a' + (p->en_passant & 7));
        out[n++] = (char)('1' + (p->en_passant >> 3));
    } else {
        out[n++] = '-';
    }
    out[n++] = ' ';
    n = put_number(out, n, p->halfmove_clock);
    out[n++] = ' ';
    n = put_number(out, n, p->fullmove_number);
    if (n + 1 > cap)
        return 0;
    memcpy(dst, out, n);
    dst[n] = '\0';
    return n;
}

int chess_position_equal(const chess_position *a, const chess_position *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 &&
           memcmp(a->by_colour, b->by_colour, sizeof a->by_colour) == 0 &&
           memcmp(a->by_type, b->by_type, sizeof a->by_type) == 0 && a->side == b->side &&
           a->en_passant == b->en_passant && memcmp(a->castle_rook, b->castle_rook, sizeof a->castle_rook) == 0 &&
           a->halfmove_clock == b->halfmove_clock && a->fullmove_number == b->fullmove_number;
}
