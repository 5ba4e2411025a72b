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

#define TRY(call)                                                                                                      \
    do {                                                                                                               \
        gbr_result try_result_ = (call);                                                                               \
        if (try_result_.error)                                                                                         \
            return try_result_;                                                                                        \
    } while (0)

typedef struct reader {
    const unsigned char *s;
    size_t len;
    size_t i;
    uint64_t used; /* squares already taken, kings included */
} reader;

/* The rank digit after a file letter at r->i; on success *sq is the square
 * and r->i moves past it. */
static inline gbr_result finish_square(reader *r, unsigned file, unsigned *sq)
{
    size_t at = r->i + 1;
    if (at >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned rank = fast_rank_value[r->s[at]];
    if (rank == FAST_NONE)
        return fast_error(GBR_E_EXPECTED_SQUARE, at + 1);
    *sq = file + rank;
    return fast_ok(0);
}

/* Checks of one man's square once read (§9.3 rule 2): pawn rank, already
 * used, ascending after `previous` (-1 for the first of its list). */
static inline gbr_error place_checks(const reader *r, unsigned sq, int pawn, int previous)
{
    uint64_t bit = 1ULL << sq;
    if (pawn && (bit & FAST_RANKS_1_AND_8))
        return GBR_E_PAWN_RANK;
    if (r->used & bit)
        return GBR_E_DUPLICATE_SQUARE;
    if ((int)sq <= previous)
        return GBR_E_SQUARE_ORDER;
    return GBR_OK;
}

/* One man's square, written to the board as `code`; *previous is the square
 * before it in its list (-1 for the first). */
static inline gbr_result read_square(reader *r, uint8_t code, enum square_context ctx, int *previous, uint8_t *board)
{
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned char c = r->s[r->i];
    unsigned file = fast_file_value[c];
    if (file == FAST_NONE)
        return fast_error(missing_square(c, ctx), r->i + 1);
    unsigned sq;
    gbr_result res = finish_square(r, file, &sq);
    if (res.error)
        return res;
    gbr_error e = place_checks(r, sq, ctx == PAWN_SQUARE, *previous);
    if (e != GBR_OK)
        return fast_error(e, r->i + 1);
    r->used |= 1ULL << sq;
    board[sq] = code;
    *previous = (int)sq;
    r->i += 2;
    return fast_ok(0);
}

/* `count` squares of one colour and type, written to the board as `code`. */
static inline gbr_result read_list(reader *r, unsigned count, uint8_t code, enum square_context ctx, uint8_t *board)
{
    int previous = -1;
    for (unsigned n = 0; n < count; n++) {
        gbr_result res = read_square(r, code, ctx, &previous, board);
        if (res.error)
            return res;
    }
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

/* Each man's slot byte in written order, for digits 0-8 (byte t of digits
 * is digit t; both4 the men of each type): its board code, and
 * FAST_SLOT_CONTINUES when its square must exceed the one before it (same
 * list). Each list is stored whole, the next one over its slack. Returns
 * the number of pieces (the pawns follow them). */
static inline unsigned man_slots(uint32_t digits, uint32_t both4, unsigned pw, uint8_t slots[32])
{
    unsigned at1 = both4 & 0xFFu, at2 = at1 + ((both4 >> 8) & 0xFFu), at3 = at2 + ((both4 >> 16) & 0xFFu);
    unsigned pieces = at3 + (both4 >> 24);
    uint32_t queens = fast_digit_slots[digits & 0xFFu] + 0x01010101u * GBR_WQ,
             rooks = fast_digit_slots[(digits >> 8) & 0xFFu] + 0x01010101u * GBR_WR,
             bishops = fast_digit_slots[(digits >> 16) & 0xFFu] + 0x01010101u * GBR_WB,
             knights = fast_digit_slots[digits >> 24] + 0x01010101u * GBR_WN;
    memcpy(slots, &queens, 4);
    memcpy(slots + at1, &rooks, 4);
    memcpy(slots + at2, &bishops, 4);
    memcpy(slots + at3, &knights, 4);
    const uint64_t white_pawns = FAST_BYTES(GBR_WP | FAST_SLOT_CONTINUES) ^ FAST_SLOT_CONTINUES;
    const uint64_t black_pawns = FAST_BYTES(GBR_BP | FAST_SLOT_CONTINUES) ^ FAST_SLOT_CONTINUES;
    memcpy(slots + pieces, &white_pawns, 8);
    memcpy(slots + pieces + pw, &black_pawns, 8);
    return pieces;
}

/* Men of each type of digits 0-8, all four at once (byte t of digits is
 * digit t): black = digit / 3, which is (digit * 11) >> 5 for 0-8, white =
 * digit - 3 * black, both = digit - 2 * black. */
static inline uint32_t black_of_digits(uint32_t digits) { return ((digits * 11u) >> 5) & 0x07070707u; }

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
            unsigned file = fast_file_value[c];
            if (file == FAST_NONE)
                return fast_error(GBR_E_OVERFLOW_GROUP, r->i + 1);
            unsigned sq;
            gbr_result res = finish_square(r, file, &sq);
            if (res.error)
                return res;
            gbr_error e = place_checks(r, sq, 0, previous);
            if (e != GBR_OK)
                return fast_error(e, r->i + 1);
            r->used |= 1ULL << sq;
            board[sq] = (uint8_t)(code + 8 * colour);
            previous = (int)sq;
            n[colour]++;
            r->i += 2;
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

/* Expects byte `want` at r->i, else `e`. */
static inline gbr_result expect(reader *r, unsigned char want, gbr_error e)
{
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    if (r->s[r->i] != want)
        return fast_error(e, r->i + 1);
    r->i++;
    return fast_ok(0);
}

static inline gbr_result king_square(reader *r, unsigned *sq)
{
    if (r->i >= r->len)
        return fast_error(GBR_E_TRUNCATED, r->len + 1);
    unsigned file = fast_file_value[r->s[r->i]];
    if (file == FAST_NONE)
        return fast_error(GBR_E_EXPECTED_SQUARE, r->i + 1);
    TRY(finish_square(r, file, sq));
    r->i += 2;
    return fast_ok(0);
}

/* The text after the men count's digits, as a number: its bytes (first
 * byte lowest) and its length in the top byte. Slot h of these tables is
 * the text whose number times INDICATOR_HASH has h in its top three
 * bits (a multiplier found by search: the seven texts take seven slots). */
#define INDICATOR_HASH 0xDEFC044A09325627ULL
static const uint64_t indicator_key[8] = {
    0x0200000000002E2BULL, /* "+." */
    0x010000000000002EULL, /* "." */
    UINT64_MAX,            /* no text */
    0x03000000002E3D2DULL, /* "-=." */
    0x0500002E4D545720ULL, /* " WTM." */
    0x0200000000002E3DULL, /* "=." */
    0x03000000002E2B2DULL, /* "-+." */
    0x0500002E4D544220ULL, /* " BTM." */
};
static const uint8_t indicator_value[8] = {GBR_IND_WIN,  GBR_IND_NONE, 0,           GBR_IND_BLACK_DRAW,
                                           GBR_IND_WTM, GBR_IND_DRAW, GBR_IND_BLACK_WIN, GBR_IND_BTM};

/* A men count 1-17 as text: its bytes (first byte lowest); *length 1 or 2. */
static inline uint32_t count_text(unsigned n, unsigned *length)
{
    unsigned tens = n >= 10;
    *length = 1 + tens;
    return tens ? 0x3031u + ((n - 10u) << 8) : 0x30u + n;
}

/* The square at q[0..1] as a number 0-63. *seen collects the two bytes less
 * "a1": they name a square only when both are 0-7, so (*seen & NOT_SQUARE)
 * != 0 once any of them was no square (a byte below its base borrows, which
 * sets bit 7 or the high bits). */
#define NOT_SQUARE 0xFFFFF8F8u
static inline unsigned square_at(const unsigned char *q, uint32_t *seen)
{
    uint32_t x = ((uint32_t)q[0] | (uint32_t)q[1] << 8) - 0x3161u;
    *seen |= x;
    return (x & 7u) << 3 | ((x >> 8) & 7u);
}

/* Up to 7 pawns a side with no 9 always fits §2.4 (one forced promotion at
 * most); 8 pawns leave no room for any: ask the table. */
static inline int head_pawns_fit(uint32_t digits, unsigned pw, unsigned pb)
{
    return !((pw | pb) & 8u) || ((unsigned)fast_material_allowed[digits & 0xFFu][0][pw] >> pb) & 1u;
}


#if FAST_SSE2
#include "fast_position_sse2.h"
#else
/* The head "wkbk abcd.ef " of a form the fast path takes (s has at least
 * 16 bytes), its syntax only: the kings' squares, the digits (byte t =
 * digit t) and the pawn counts. 0 for any other text, and for a digit 9
 * (groups follow: the precise scanner). The caller checks that the kings
 * differ and that the pawns fit §2.4 (head_pawns_fit). */
static inline int position_head(const unsigned char *s, unsigned *wk, unsigned *bk, uint32_t *digits, unsigned *pw,
                                unsigned *pb)
{
    if (!fast_two_squares(s, wk, bk) || s[12] != ' ')
        return 0;
    /* " abcd.ef" as one word less " 0000.00": each byte at most its limit,
     * 0 for the space and the '.', 8 for the digits and pawns (adding
     * 127 - limit sets bit 7 past it; a byte with bit 7 fails as it is). */
    uint64_t x = fast_load64(s + 4) ^ 0x30302E3030303020ULL;
    if (((x + 0x77777F777777777FULL) | x) & FAST_BYTES(0x80))
        return 0;
    *digits = (uint32_t)(x >> 8);
    *pw = (unsigned)(x >> 48) & 0xFFu;
    *pb = (unsigned)(x >> 56);
    return 1;
}

/* Without SSE2 no form is taken by the lanes: position_no_groups takes them. */
static inline int position_few_men(const unsigned char *s, size_t len, uint8_t *board)
{
    (void)s;
    (void)len;
    (void)board;
    return -1;
}
#endif

/* A valid position form without groups, accepted in one pass with no error
 * bookkeeping: returns its indicator, with the board (kings included) in
 * board[] and its occupied squares in *occupied. -1 sends the text (any
 * invalid one, every one with a 9, a few long ones) to the precise scanner
 * below, which starts again from column 1. With into_out, board[] is the
 * caller's result, written only for a valid form (*occupied may be left
 * unset); else it is scratch, built while the squares are read, so the
 * board and its occupancy are ready sooner for the FEN writer. */
static inline __attribute__((always_inline)) int position_no_groups(const unsigned char *s, size_t len, uint8_t *board,
                                                               uint64_t *occupied, int into_out)
{
    unsigned wk, bk, pw, pb;
    uint32_t digits;
    if (len < 17 || !position_head(s, &wk, &bk, &digits, &pw, &pb) || wk == bk || !head_pawns_fit(digits, pw, pb))
        return -1;
    /* Men of each type, all four digits at once. */
    uint32_t black4 = black_of_digits(digits), both4 = digits - 2u * black4;
    unsigned pawns = pw + pb;
    unsigned pieces = (both4 * 0x01010101u) >> 24, men = pieces + pawns;
    unsigned black = ((black4 * 0x01010101u) >> 24) + pb, white = men - black;

    /* The field with its '.' and closing space, then at least "w/b.". */
    size_t field = men ? 2u * men + (pawns != 0) + 1u : 0u;
    if (len - 13 < field + 4)
        return -1;

    /* The men counts and the indicator: the last r bytes of the text, read
     * as one word (len >= 17, so the 8 bytes before its end exist). */
    size_t r = len - 13 - field;
    if (r > 8)
        return -1; /* "10/12 WTM." and longer: the precise scanner */
    uint64_t tail = fast_load64(s + len - 8) >> (8 * (8 - r));
    uint64_t counts;
    unsigned l;
    if (white < 9 && black < 9) {
        counts = ('1' + white) | (unsigned)'/' << 8 | ('1' + black) << 16;
        l = 3;
    } else {
        unsigned lw, lb;
        uint32_t tw = count_text(white + 1, &lw), tb = count_text(black + 1, &lb);
        counts = tw | (uint64_t)'/' << (8 * lw) | (uint64_t)tb << (8 * (lw + 1));
        l = lw + 1 + lb; /* 3-5 bytes */
    }
    uint64_t key = (tail >> (8 * l)) | (uint64_t)(r - l) << 56;
    unsigned h = (unsigned)((key * INDICATOR_HASH) >> 61);
    if ((tail & ((1ULL << (8 * l)) - 1)) != counts || indicator_key[h] != key)
        return -1;

    const unsigned char *f = s + 13;
    uint8_t slots[32];
    man_slots(digits, both4, pw, slots);

    /* One loop over every man (one unforeseeable exit): the pawns stand one
     * byte further on, after the '.'. */
    uint8_t scratch[64];
    uint8_t *work = into_out ? scratch : board;
    memset(work, 0, 64);
    work[wk] = GBR_WK;
    work[bk] = GBR_BK;
    uint64_t used = (1ULL << wk) | (1ULL << bk), bad = 0, before_pawns = used;
    unsigned previous = 0;
    uint32_t seen = 0;
    for (unsigned k = 0; k < men; k++) {
        unsigned c = slots[k], pawn = k >= pieces;
        unsigned sq = square_at(f + 2 * k + pawn, &seen);
        uint64_t bit = 1ULL << sq;
        bad |= (bit & used) | ((c >> 7) & (sq <= previous));
        used |= bit;
        before_pawns = pawn ? before_pawns : used;
        work[sq] = (uint8_t)(c & 15u);
        previous = sq;
    }
    bad |= used & ~before_pawns & FAST_RANKS_1_AND_8;
    /* The '.' before the pawns, the space closing the field. */
    bad |= (pawns != 0) & (f[2 * pieces] != '.');
    bad |= (men != 0) & (f[field - (men != 0)] != ' ');
    if (bad | (seen & NOT_SQUARE))
        return -1;
    if (into_out)
        memcpy(board, scratch, 64);
    *occupied = used;
    return indicator_value[h];
}

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
static inline gbr_result precise_head(reader *r, unsigned *wk, unsigned *bk, uint8_t digit[4], unsigned pawns[2])
{
    TRY(king_square(r, wk));
    TRY(king_square(r, bk));
    if (*bk == *wk)
        return fast_error(GBR_E_DUPLICATE_SQUARE, 3);
    TRY(expect(r, ' ', GBR_E_EXPECTED_SPACE));
    for (unsigned k = 0; k < 4; k++, r->i++) {
        if (r->i >= r->len)
            return fast_error(GBR_E_TRUNCATED, r->len + 1);
        unsigned d = fast_digit_value[r->s[r->i]];
        if (d == FAST_NONE)
            return fast_error(GBR_E_EXPECTED_DIGIT, r->i + 1);
        digit[k] = (uint8_t)d;
    }
    TRY(expect(r, '.', GBR_E_EXPECTED_POINT));
    for (unsigned k = 0; k < 2; k++, r->i++) {
        if (r->i >= r->len)
            return fast_error(GBR_E_TRUNCATED, r->len + 1);
        unsigned p = fast_pawn_value[r->s[r->i]];
        if (p == FAST_NONE)
            return fast_error(r->s[r->i] == '9' ? GBR_E_PAWN_COUNT : GBR_E_EXPECTED_DIGIT, r->i + 1);
        pawns[k] = p;
    }
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

    unsigned wk, bk, pawns[2];
    uint8_t digit[4];
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
        if (groups) {
            /* The exact counts are known only now; saturate so the table
             * index stays in range (15 of a type already breaks §1). */
            for (unsigned side = 0; side < 2; side++) {
                unsigned n[5];
                for (unsigned type = 0; type < 5; type++)
                    n[type] = count[side][type] < 15 ? count[side][type] : 15;
                if (fast_side_promoted(n) + n[GBR_PAWN] > 8)
                    return fast_error(GBR_E_PROMOTIONS, 6);
            }
        }
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


/* Every text position_few_men did not take: position_no_groups, else the
 * precise scanner. Out of line so the common path's caller stays light. */
static __attribute__((noinline)) gbr_result position_handed_over(const char *src, size_t len, gbr_position *out)
{
    /* position_no_groups writes out->board only once the form is known
     * valid; the precise scanner builds its board in place, so on a copy. */
    uint64_t occupied;
    int indicator = position_no_groups((const unsigned char *)src, len, out->board, &occupied, 1);
    if (indicator >= 0) {
        out->indicator = (uint8_t)indicator;
        return fast_ok(0);
    }
    gbr_position p;
    gbr_result r = position_precise(src, len, &p);
    if (r.error == GBR_OK)
        *out = p;
    return r;
}

gbr_result fast_parse_position(const char *src, size_t len, gbr_position *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    int indicator = position_few_men((const unsigned char *)src, len, out->board);
    if (indicator >= 0) {
        out->indicator = (uint8_t)indicator;
        return fast_ok(0);
    }
    return position_handed_over(src, len, out);
}

static __attribute__((noinline)) gbr_result position_to_fen_precise(char *dst, size_t cap, const char *src,
                                                                     size_t len)
{
    gbr_position p;
    gbr_result r = position_precise(src, len, &p);
    return r.error ? r : fast_format_fen(dst, cap, &p);
}

/* gbr_position_to_fen fused: the board the parser proved valid is written
 * as FEN without being checked again. */
gbr_result fast_position_to_fen(char *dst, size_t cap, const char *src, size_t len)
{
    if ((src == NULL && len != 0) || fast_bad_output(dst, cap))
        return fast_error(GBR_E_ARGUMENT, 0);
    gbr_position p;
    uint64_t occupied;
    int indicator = position_no_groups((const unsigned char *)src, len, p.board, &occupied, 0);
    if (indicator < 0)
        return position_to_fen_precise(dst, cap, src, len);
    p.indicator = (uint8_t)indicator;
    return fast_put_fen(dst, cap, &p, occupied);
}


int fast_hook_position_few_men(const char *s, size_t len, gbr_position *out)
{
    int indicator = position_few_men((const unsigned char *)s, len, out->board);
    if (indicator >= 0)
        out->indicator = (uint8_t)indicator;
    return indicator >= 0;
}

int fast_hook_position_no_groups(const char *s, size_t len, gbr_position *out)
{
    uint64_t occupied;
    int indicator = position_no_groups((const unsigned char *)s, len, out->board, &occupied, 1);
    if (indicator >= 0)
        out->indicator = (uint8_t)indicator;
    return indicator >= 0;
}
