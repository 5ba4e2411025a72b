/* Reading position forms (§4) with {white/black} groups for digits of 9
 * (§5). One left-to-right pass; every check is made as soon as the text it
 * needs has been read, and the first broken rule is reported (§9.3). */
#include "fast_internal.h"
#include "fast_hooks.h"

typedef struct reader {
    const unsigned char *s;
    size_t len;
    size_t i;
    uint64_t used; /* squares already taken, kings included */
} reader;

/* The places of the square field where another byte may stand than the one
 * due, and the error each kind of byte gives there (§9.4): another of the
 * field's separators means too many or too few squares, a '{' a misplaced
 * group, any other byte that the one due is missing. GBR_OK: read on. */
enum field_place { AT_PIECE, AT_PAWN, AT_POINT, AT_SPACE, AT_SPACE_AFTER_PAWNS, AT_MEN_COUNT };
enum { FILE_BYTE, SPACE_BYTE, POINT_BYTE, OPEN_BYTE, OTHER_BYTE };
static const uint8_t field_error[6][5] = {
    /* columns: a file letter, space, '.', '{', any other byte */
    [AT_PIECE] = {GBR_OK, GBR_E_SQUARE_COUNT, GBR_E_SQUARE_COUNT, GBR_E_OVERFLOW_GROUP, GBR_E_EXPECTED_SQUARE},
    [AT_PAWN] = {GBR_OK, GBR_E_SQUARE_COUNT, GBR_E_SQUARE_COUNT, GBR_E_SQUARE_COUNT, GBR_E_EXPECTED_SQUARE},
    [AT_POINT] = {GBR_E_SQUARE_COUNT, GBR_E_SQUARE_COUNT, GBR_OK, GBR_E_OVERFLOW_GROUP, GBR_E_EXPECTED_POINT},
    [AT_SPACE] = {GBR_E_SQUARE_COUNT, GBR_OK, GBR_E_SQUARE_COUNT, GBR_E_OVERFLOW_GROUP, GBR_E_EXPECTED_SPACE},
    [AT_SPACE_AFTER_PAWNS] = {GBR_E_SQUARE_COUNT, GBR_OK, GBR_E_EXPECTED_SPACE, GBR_E_EXPECTED_SPACE,
                              GBR_E_EXPECTED_SPACE},
    /* No square field at all: any other byte is for men_count to judge. */
    [AT_MEN_COUNT] = {GBR_E_SQUARE_COUNT, GBR_OK, GBR_E_SQUARE_COUNT, GBR_E_OVERFLOW_GROUP, GBR_OK},
};

/* The byte at r->i against the place's row of field_error (the end of the
 * text: truncated); it is not consumed. */
static inline gbr_result field_byte(const reader *r, enum field_place place)
{
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned char c = r->s[r->i];
    unsigned kind = fast_file_value[c] != FAST_NONE ? FILE_BYTE
                    : c == ' '                      ? SPACE_BYTE
                    : c == '.'                      ? POINT_BYTE
                    : c == '{'                      ? OPEN_BYTE
                                                    : OTHER_BYTE;
    gbr_error e = (gbr_error)field_error[place][kind];
    return e == GBR_OK ? fast_ok(0) : fast_error(e, r->i + 1);
}

/* One man's square, written to the board as `code`, after the checks of
 * §9.3 rule 2: pawn rank, already used, ascending after *previous (the
 * square before it in its list, -1 for the first). */
static inline gbr_result read_square(reader *r, uint8_t code, int *previous, uint8_t *board)
{
    int pawn = (code & 7u) == GBR_WP;
    TRY(field_byte(r, pawn ? AT_PAWN : AT_PIECE));
    size_t at = r->i;
    unsigned sq;
    TRY(fast_precise_square(r->s, r->len, &r->i, &sq));
    uint64_t bit = 1ULL << sq;
    if (pawn && (bit & FAST_RANKS_1_AND_8))
        return fast_error(GBR_E_PAWN_RANK, at + 1);
    if (r->used & bit)
        return fast_error(GBR_E_DUPLICATE_SQUARE, at + 1);
    if ((int)sq <= *previous)
        return fast_error(GBR_E_SQUARE_ORDER, at + 1);
    r->used |= bit;
    board[sq] = code;
    *previous = (int)sq;
    return fast_ok(0);
}

/* `count` squares of one colour and type, written to the board as `code`. */
static inline gbr_result read_list(reader *r, unsigned count, uint8_t code, uint8_t *board)
{
    int previous = -1;
    for (unsigned n = 0; n < count; n++)
        TRY(read_square(r, code, &previous, board));
    return fast_ok(0);
}

/* A group "{white/black}" of the type whose white board code is `code`. */
static gbr_result read_group(reader *r, uint8_t code, uint8_t *board, unsigned *white, unsigned *black)
{
    size_t open = r->i;
    TRY(fast_precise_byte(r->s, r->len, &r->i, '{', GBR_E_OVERFLOW_GROUP));
    unsigned n[2] = {0, 0};
    for (unsigned colour = 0; colour < 2; colour++) {
        const unsigned char end = colour ? '}' : '/';
        int previous = -1;
        while (r->i >= r->len || r->s[r->i] != end) {
            if (r->i >= r->len || fast_file_value[r->s[r->i]] == FAST_NONE)
                return fast_error_at(r->i, r->len, GBR_E_OVERFLOW_GROUP);
            TRY(read_square(r, (uint8_t)(code + 8 * colour), &previous, board));
            n[colour]++;
        }
        r->i++;
    }
    if (n[0] < 3 && n[1] < 3)
        return fast_error(GBR_E_OVERFLOW_GROUP, open + 1);
    *white = n[0];
    *black = n[1];
    return fast_ok(0);
}

/* A digit where the square field's first square or '.' is due starts the
 * men count: the field is missing (§9.4). Where a group is due first, its
 * own rule (overflow-group) applies. */
static inline gbr_result field_present(const reader *r, const uint8_t digit[4])
{
    unsigned type = 0;
    while (type < 4 && digit[type] == 0)
        type++;
    if (r->i < r->len && fast_digit_value[r->s[r->i]] != FAST_NONE && (type == 4 || digit[type] != 9))
        return fast_error(GBR_E_SQUARE_COUNT, r->i + 1);
    return fast_ok(0);
}

/* One men count, 1-99, compared with `expected` when read (§9.3 rule 4). */
static inline gbr_result men_count(reader *r, unsigned expected)
{
    size_t at = r->i;
    if (at >= r->len || r->s[at] < '1' || r->s[at] > '9')
        return fast_error_at(at, r->len, GBR_E_MEN_COUNT);
    unsigned value = (unsigned)(r->s[at] - '0');
    r->i++;
    if (r->i < r->len && fast_digit_value[r->s[r->i]] != FAST_NONE) {
        value = value * 10 + fast_digit_value[r->s[r->i]];
        r->i++;
        if (r->i < r->len && fast_digit_value[r->s[r->i]] != FAST_NONE)
            return fast_error(GBR_E_MEN_COUNT, r->i + 1);
    }
    if (value != expected)
        return fast_error(GBR_E_MEN_MISMATCH, at + 1);
    return fast_ok(0);
}

static inline gbr_result expect(reader *r, unsigned char want, gbr_error e)
{
    return fast_precise_byte(r->s, r->len, &r->i, want, e);
}

#if FAST_SSE2
#include "fast_position_sse2.h"
#else
/* Without SSE2 every form goes to the precise scanner. */
static inline int position_few_men(const unsigned char *s FAST_UNUSED, size_t len FAST_UNUSED,
                                   uint8_t *board FAST_UNUSED)
{
    return -1;
}
#endif

/* The men counts "W/B" (white and black: the men of each side, kings
 * included), the indicator, the full stop and the end of the text. The
 * indicator is the one whose text the input follows furthest: a byte that
 * leaves every indicator is indicator, unless it is the first (then the
 * full stop was due). */
static inline gbr_result precise_tail(reader *r, unsigned white, unsigned black, uint8_t *indicator)
{
    TRY(men_count(r, white));
    TRY(expect(r, '/', GBR_E_EXPECTED_SLASH));
    TRY(men_count(r, black));
    static const char *const text[GBR_IND_BTM + 1] = {"", "+", "=", "-+", "-=", " WTM", " BTM"};
    unsigned best = GBR_IND_NONE;
    size_t matched = 0;
    for (unsigned ind = GBR_IND_WIN; ind <= GBR_IND_BTM; ind++) {
        size_t k = 0;
        while (text[ind][k] != 0 && r->i + k < r->len && r->s[r->i + k] == (unsigned char)text[ind][k])
            k++;
        if (k > matched) {
            matched = k;
            best = ind;
        }
    }
    r->i += matched;
    if (text[best][matched] != 0)
        return fast_error_at(r->i, r->len, GBR_E_INDICATOR);
    *indicator = (uint8_t)best;
    TRY(expect(r, '.', GBR_E_EXPECTED_POINT));
    if (r->i < r->len)
        return fast_error(GBR_E_TRAILING, r->i + 1);
    return fast_ok(0);
}

/* The head "wkbk abcd.ef " rule by rule: the kings, the material code
 * (long form only) and the spaces after each. */
static inline gbr_result precise_head(reader *r, unsigned *wk, unsigned *bk, uint8_t digit[4], uint8_t pawns[2])
{
    TRY(fast_precise_square(r->s, r->len, &r->i, wk));
    TRY(fast_precise_square(r->s, r->len, &r->i, bk));
    if (*bk == *wk)
        return fast_error(GBR_E_DUPLICATE_SQUARE, 3);
    TRY(expect(r, ' ', GBR_E_EXPECTED_SPACE));
    TRY(fast_precise_digits(r->s, r->len, &r->i, digit, 4, fast_digit_value));
    TRY(expect(r, '.', GBR_E_EXPECTED_POINT));
    TRY(fast_precise_digits(r->s, r->len, &r->i, pawns, 2, fast_pawn_value));
    if (!fast_material_possible(digit, pawns[0], pawns[1]))
        return fast_error(GBR_E_PROMOTIONS, 6);
    return expect(r, ' ', GBR_E_EXPECTED_SPACE);
}

/* The precise scanner: the first rule broken, left to right (§9.3); *out
 * is written only for a valid form. Kept out of line so the fast path above
 * stays light. */
static __attribute__((noinline)) gbr_result position_precise(const char *src, size_t len, gbr_position *out)
{
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    reader r = {(const unsigned char *)src, len, 0, 0};
    gbr_position p;
    uint8_t *board = p.board;

    unsigned wk, bk;
    uint8_t digit[4], pawns[2];
    TRY(precise_head(&r, &wk, &bk, digit, pawns));
    memset(board, 0, 64);
    board[wk] = GBR_WK;
    board[bk] = GBR_BK;
    r.used = (1ULL << wk) | (1ULL << bk);

    unsigned count[2][5] = {{0, 0, 0, 0, pawns[0]}, {0, 0, 0, 0, pawns[1]}};
    int has_men = (digit[0] | digit[1] | digit[2] | digit[3] | pawns[0] | pawns[1]) != 0;
    if (has_men) {
        TRY(field_present(&r, digit));
        int groups = digit[0] == 9 || digit[1] == 9 || digit[2] == 9 || digit[3] == 9;
        int any_pawns = (pawns[0] | pawns[1]) != 0;
        for (unsigned type = 0; type < 4; type++) {
            uint8_t code = (uint8_t)(GBR_WQ + type);
            if (digit[type] == 9) {
                TRY(read_group(&r, code, board, &count[0][type], &count[1][type]));
            } else {
                count[0][type] = fast_digit_split[digit[type]][0];
                count[1][type] = fast_digit_split[digit[type]][1];
                TRY(read_list(&r, count[0][type], code, board));
                TRY(read_list(&r, count[1][type], (uint8_t)(code + 8), board));
            }
        }
        if (any_pawns) {
            TRY(field_byte(&r, AT_POINT));
            r.i++;
            TRY(read_list(&r, pawns[0], GBR_WP, board));
            TRY(read_list(&r, pawns[1], GBR_BP, board));
        }
        TRY(field_byte(&r, any_pawns ? AT_SPACE_AFTER_PAWNS : AT_SPACE));
        r.i++;
        /* With groups the exact counts are known only now. */
        if (groups && (fast_side_over_promoted(count[0]) || fast_side_over_promoted(count[1])))
            return fast_error(GBR_E_PROMOTIONS, 6);
    } else {
        TRY(field_byte(&r, AT_MEN_COUNT));
    }

    unsigned white_men = count[0][0] + count[0][1] + count[0][2] + count[0][3] + count[0][4];
    unsigned black_men = count[1][0] + count[1][1] + count[1][2] + count[1][3] + count[1][4];
    TRY(precise_tail(&r, white_men + 1, black_men + 1, &p.indicator));
    *out = p;
    return fast_ok(0);
}

gbr_result fast_parse_position(FAST_CODEC, const char *src, size_t len, gbr_position *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    int indicator = position_few_men((const unsigned char *)src, len, out->board);
    if (indicator >= 0) {
        out->indicator = (uint8_t)indicator;
        return fast_ok(0);
    }
    return position_precise(src, len, out);
}

/* gbr_position_to_fen fused: the board the parser proved valid is written
 * as FEN without being checked again. */
gbr_result fast_position_to_fen(FAST_CODEC, char *dst, size_t cap, const char *src, size_t len)
{
    if ((src == NULL && len != 0) || fast_bad_output(dst, cap))
        return fast_error(GBR_E_ARGUMENT, 0);
    gbr_position p;
    int indicator = position_few_men((const unsigned char *)src, len, p.board);
    if (indicator >= 0)
        p.indicator = (uint8_t)indicator;
    else
        TRY(position_precise(src, len, &p));
    return fast_put_fen(dst, cap, &p);
}

int fast_hook_position_few_men(const char *s, size_t len, gbr_position *out)
{
    int indicator = position_few_men((const unsigned char *)s, len, out->board);
    if (indicator >= 0)
        out->indicator = (uint8_t)indicator;
    return indicator >= 0;
}
