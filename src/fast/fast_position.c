/* Reading position forms (§4) with {white/black} groups for digits of 9
 * (§5). One left-to-right pass; every check is made as soon as the text it
 * needs has been read, and the first broken rule is reported (§9.3). */
#include "fast_internal.h"
#include "fast_hooks.h"

/* What a character means where a square was expected and none starts. */
enum square_context { PIECE_SQUARE, PAWN_SQUARE };

static inline gbr_error missing_square(unsigned char c, enum square_context ctx)
{
    if (c == ' ' || c == '.')
        return GBR_E_SQUARE_COUNT;
    if (c == '{')
        return ctx == PAWN_SQUARE ? GBR_E_SQUARE_COUNT : GBR_E_OVERFLOW_GROUP;
    return GBR_E_EXPECTED_SQUARE;
}

typedef struct reader {
    const unsigned char *s;
    size_t len;
    size_t i;
    uint64_t used; /* squares already taken, kings included */
} reader;

/* One man's square, written to the board as `code`, after the checks of
 * §9.3 rule 2: pawn rank, already used, ascending after *previous (the
 * square before it in its list, -1 for the first). */
static inline gbr_result read_square(reader *r, uint8_t code, enum square_context ctx, int *previous, uint8_t *board)
{
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned char c = r->s[r->i];
    unsigned file = fast_file_value[c];
    if (file == FAST_NONE)
        return fast_error(missing_square(c, ctx), r->i + 1);
    size_t at = r->i;
    unsigned sq;
    TRY(fast_precise_square(r->s, r->len, &r->i, &sq));
    uint64_t bit = 1ULL << sq;
    if (ctx == PAWN_SQUARE && (bit & FAST_RANKS_1_AND_8))
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
static inline gbr_result read_list(reader *r, unsigned count, uint8_t code, enum square_context ctx, uint8_t *board)
{
    int previous = -1;
    for (unsigned n = 0; n < count; n++)
        TRY(read_square(r, code, ctx, &previous, board));
    return fast_ok(0);
}

/* The '.' before the pawns: a file letter there means too many squares, a
 * space that the pawns are missing (§9.4). */
static inline gbr_result pawn_point(reader *r)
{
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned char c = r->s[r->i];
    if (c != '.')
        return fast_error(fast_file_value[c] != FAST_NONE || c == ' ' ? GBR_E_SQUARE_COUNT
                          : c == '{'                                  ? GBR_E_OVERFLOW_GROUP
                                                                      : GBR_E_EXPECTED_POINT,
                          r->i + 1);
    r->i++;
    return fast_ok(0);
}

/* A group "{white/black}" of the type whose white board code is `code`. */
static gbr_result read_group(reader *r, uint8_t code, uint8_t *board, unsigned *white, unsigned *black)
{
    size_t open = r->i;
    if (open >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    if (r->s[open] != '{')
        return fast_error(GBR_E_OVERFLOW_GROUP, open + 1);
    r->i++;
    unsigned n[2] = {0, 0};
    for (unsigned colour = 0; colour < 2; colour++) {
        const unsigned char end = colour ? '}' : '/';
        int previous = -1;
        for (;;) {
            if (r->i >= r->len)
                return fast_error(GBR_E_TRUNCATED, r->len + 1);
            unsigned char c = r->s[r->i];
            if (c == end)
                break;
            if (fast_file_value[c] == FAST_NONE)
                return fast_error(GBR_E_OVERFLOW_GROUP, r->i + 1);
            TRY(read_square(r, (uint8_t)(code + 8 * colour), PIECE_SQUARE, &previous, board));
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

/* The space before the men count after a square field: a file letter means
 * too many squares, and so does a '.' while no pawns were due (pawns the
 * code does not have, §9.4); '{' is a misplaced group only while no pawns
 * were read. */
static inline gbr_result count_space(reader *r, int after_pawns)
{
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned char c = r->s[r->i];
    if (c == ' ') {
        r->i++;
        return fast_ok(0);
    }
    if (fast_file_value[c] != FAST_NONE || (c == '.' && !after_pawns))
        return fast_error(GBR_E_SQUARE_COUNT, r->i + 1);
    if (c == '{' && !after_pawns)
        return fast_error(GBR_E_OVERFLOW_GROUP, r->i + 1);
    return fast_error(GBR_E_EXPECTED_SPACE, r->i + 1);
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
    if (at >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned char c = r->s[at];
    if (c < '1' || c > '9')
        return fast_error(GBR_E_MEN_COUNT, at + 1);
    unsigned value = (unsigned)(c - '0');
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
static inline int position_few_men(const unsigned char *s, size_t len, uint8_t *board)
{
    (void)s;
    (void)len;
    (void)board;
    return -1;
}
#endif

/* The men counts "W/B" (white and black: the men of each side, kings
 * included), the indicator, the full stop and the end of the text. */
static inline gbr_result precise_tail(reader *r, unsigned white, unsigned black, uint8_t *indicator)
{
    TRY(men_count(r, white));
    TRY(expect(r, '/', GBR_E_EXPECTED_SLASH));
    TRY(men_count(r, black));

    /* The indicator, then the full stop. */
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    *indicator = GBR_IND_NONE;
    switch (r->s[r->i]) {
    case '.': break;
    case '+': *indicator = GBR_IND_WIN; r->i++; break;
    case '=': *indicator = GBR_IND_DRAW; r->i++; break;
    case '-':
        r->i++;
        if (r->i >= r->len)
            return fast_error(GBR_E_TRUNCATED, r->len + 1);
        if (r->s[r->i] != '+' && r->s[r->i] != '=')
            return fast_error(GBR_E_INDICATOR, r->i + 1);
        *indicator = r->s[r->i] == '+' ? GBR_IND_BLACK_WIN : GBR_IND_BLACK_DRAW;
        r->i++;
        break;
    case ' ':
        r->i++;
        if (r->i >= r->len)
            return fast_error(GBR_E_TRUNCATED, r->len + 1);
        if (r->s[r->i] != 'W' && r->s[r->i] != 'B')
            return fast_error(GBR_E_INDICATOR, r->i + 1);
        *indicator = r->s[r->i] == 'W' ? GBR_IND_WTM : GBR_IND_BTM;
        r->i++;
        for (const char *rest = "TM"; *rest; rest++, r->i++) {
            if (r->i >= r->len)
                return fast_error(GBR_E_TRUNCATED, r->len + 1);
            if (r->s[r->i] != (unsigned char)*rest)
                return fast_error(GBR_E_INDICATOR, r->i + 1);
        }
        break;
    default: return fast_error(GBR_E_EXPECTED_POINT, r->i + 1);
    }
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

/* The precise scanner: the first rule broken, left to right (§9.3). Kept
 * out of line so the fast path above stays light. */
static __attribute__((noinline)) gbr_result position_precise(const char *src, size_t len, gbr_position *out)
{
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    reader r = {(const unsigned char *)src, len, 0, 0};
    uint8_t *board = out->board;

    unsigned wk, bk;
    uint8_t digit[4], pawns[2];
    TRY(precise_head(&r, &wk, &bk, digit, pawns));
    memset(board, 0, 64);
    board[wk] = GBR_WK;
    board[bk] = GBR_BK;
    r.used = (1ULL << wk) | (1ULL << bk);

    unsigned count[2][5];
    count[0][GBR_PAWN] = pawns[0];
    count[1][GBR_PAWN] = pawns[1];
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
                TRY(read_list(&r, count[0][type], code, PIECE_SQUARE, board));
                TRY(read_list(&r, count[1][type], (uint8_t)(code + 8), PIECE_SQUARE, board));
            }
        }
        if (any_pawns) {
            TRY(pawn_point(&r));
            TRY(read_list(&r, pawns[0], GBR_WP, PAWN_SQUARE, board));
            TRY(read_list(&r, pawns[1], GBR_BP, PAWN_SQUARE, board));
        }
        TRY(count_space(&r, any_pawns));
        /* With groups the exact counts are known only now. */
        if (groups && (fast_side_over_promoted(count[0]) || fast_side_over_promoted(count[1])))
            return fast_error(GBR_E_PROMOTIONS, 6);
    } else {
        for (unsigned type = 0; type < 4; type++)
            count[0][type] = count[1][type] = 0;
        /* Squares or a group where the men count stands: the code said none. */
        if (r.i < len) {
            unsigned char c = r.s[r.i];
            if (fast_file_value[c] != FAST_NONE || c == '.')
                return fast_error(GBR_E_SQUARE_COUNT, r.i + 1);
            if (c == '{')
                return fast_error(GBR_E_OVERFLOW_GROUP, r.i + 1);
        }
    }

    unsigned white_men = count[0][0] + count[0][1] + count[0][2] + count[0][3] + count[0][4];
    unsigned black_men = count[1][0] + count[1][1] + count[1][2] + count[1][3] + count[1][4];
    uint8_t indicator;
    TRY(precise_tail(&r, white_men + 1, black_men + 1, &indicator));
    out->indicator = indicator;
    return fast_ok(0);
}

/* Every text position_few_men did not take. The scanner builds its board
 * in place, so on a copy: *out is written only for a valid form. */
static FAST_SLOW_PATH gbr_result position_handed_over(const gbr_codec *codec, const char *src, size_t len,
                                                      gbr_position *out)
{
    (void)codec;
    gbr_position p;
    gbr_result r = position_precise(src, len, &p);
    if (r.error == GBR_OK)
        *out = p;
    return r;
}

gbr_result fast_parse_position(const gbr_codec *codec, const char *src, size_t len, gbr_position *out)
{
    (void)codec;
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    int indicator = position_few_men((const unsigned char *)src, len, out->board);
    if (indicator >= 0) {
        out->indicator = (uint8_t)indicator;
        return fast_ok(0);
    }
    return position_handed_over(NULL, src, len, out);
}

static __attribute__((noinline)) gbr_result position_to_fen_precise(char *dst, size_t cap, const char *src,
                                                                     size_t len)
{
    gbr_position p;
    gbr_result r = position_precise(src, len, &p);
    return r.error ? r : fast_format_fen(NULL, dst, cap, &p);
}

/* gbr_position_to_fen fused: the board the parser proved valid is written
 * as FEN without being checked again. */
gbr_result fast_position_to_fen(const gbr_codec *codec, char *dst, size_t cap, const char *src, size_t len)
{
    (void)codec;
    if ((src == NULL && len != 0) || fast_bad_output(dst, cap))
        return fast_error(GBR_E_ARGUMENT, 0);
    gbr_position p;
    int indicator = position_few_men((const unsigned char *)src, len, p.board);
    if (indicator < 0)
        return position_to_fen_precise(dst, cap, src, len);
    p.indicator = (uint8_t)indicator;
    return fast_put_fen(dst, cap, &p);
}

int fast_hook_position_few_men(const char *s, size_t len, gbr_position *out)
{
    int indicator = position_few_men((const unsigned char *)s, len, out->board);
    if (indicator >= 0)
        out->indicator = (uint8_t)indicator;
    return indicator >= 0;
}
