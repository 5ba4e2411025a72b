/* Position forms (spec/gbr.md §4) with the {white/black} groups for digits
 * of 9 (§5), read in the order §9.3 lays down:
 *
 *   WK BK SP material-long [SP square-field] SP W "/" B [indicator] "."
 */
#include "ref_internal.h"

/* What has been read so far: the board fills up square by square, so "is the
 * square already used" is a look at the board. */
typedef struct position_reading {
    ref_reader text;
    gbr_material material;
    uint32_t material_column;
    gbr_position position;
    int count[2][5]; /* men listed, by colour and type (kings excluded) */
} position_reading;

/* ---- Squares of the square field ---------------------------------------- */

/* §9.3 rule 2: the checks on one square, in order, at its first column. */
static gbr_result place_man(position_reading *pr, int square, uint32_t column, int colour, int type, int *previous)
{
    int rank = ref_rank_of(square);
    if (type == GBR_PAWN && (rank == 0 || rank == 7))
        return ref_error(GBR_E_PAWN_RANK, column);
    if (pr->position.board[square] != GBR_EMPTY)
        return ref_error(GBR_E_DUPLICATE_SQUARE, column);
    if (square <= *previous)
        return ref_error(GBR_E_SQUARE_ORDER, column);
    pr->position.board[square] = ref_man(colour, type);
    pr->count[colour][type]++;
    *previous = square;
    return ref_ok(0);
}

static gbr_result read_and_place(position_reading *pr, int colour, int type, int *previous)
{
    uint32_t column = ref_column(&pr->text);
    int square = 0;
    gbr_result step = gbr_ref_read_square(&pr->text, GBR_E_EXPECTED_SQUARE, &square);
    if (step.error)
        return step;
    return place_man(pr, square, column, colour, type, previous);
}

/* `wanted` squares of one colour and type, as a digit 0-8 or a pawn digit says. */
static gbr_result read_counted_squares(position_reading *pr, int colour, int type, int wanted)
{
    int previous = -1;
    for (int i = 0; i < wanted; i++) {
        if (ref_at_end(&pr->text))
            return ref_truncated(&pr->text);
        char c = ref_peek(&pr->text);
        if (c == ' ' || c == '.')
            return ref_fail_here(&pr->text, GBR_E_SQUARE_COUNT); /* fewer than the code says */
        if (c == '{') /* a group where a digit 0-8 allows none; among pawns, too few squares */
            return ref_fail_here(&pr->text, type == GBR_PAWN ? GBR_E_SQUARE_COUNT : GBR_E_OVERFLOW_GROUP);
        gbr_result step = read_and_place(pr, colour, type, &previous);
        if (step.error)
            return step;
    }
    return ref_ok(0);
}

/* §5: "{" white squares "/" black squares "}" for a type whose digit is 9. */
static gbr_result read_group(position_reading *pr, int type)
{
    uint32_t group_column = ref_column(&pr->text);
    gbr_result step = gbr_ref_expect(&pr->text, '{', GBR_E_OVERFLOW_GROUP);
    if (step.error)
        return step;
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        char list_end = colour == GBR_WHITE ? '/' : '}';
        int previous = -1;
        for (;;) {
            if (ref_at_end(&pr->text))
                return ref_truncated(&pr->text);
            char c = ref_peek(&pr->text);
            if (c == list_end) {
                ref_skip(&pr->text);
                break;
            }
            /* A file letter starts a square, whose bad rank is expected-square
             * (rule 2); any other byte has no place in a group. */
            if (!ref_is_file_letter(c))
                return ref_fail_here(&pr->text, GBR_E_OVERFLOW_GROUP);
            step = read_and_place(pr, colour, type, &previous);
            if (step.error)
                return step;
        }
    }
    if (pr->count[GBR_WHITE][type] < 3 && pr->count[GBR_BLACK][type] < 3)
        return ref_error(GBR_E_OVERFLOW_GROUP, group_column); /* its digit would not be 9 */
    return ref_ok(0);
}

/* Where the pawns' '.' or the space closing the field is expected: a file
 * letter is one square more than the code says. With `other_counts`, the
 * other separator (the space where the '.' is due, the '.' where the space
 * is due and no pawns were read) ends or starts a list the code does not
 * have: square-count as well (§9.4, so that every text the grammar of §9.1
 * derives gets past the syntax). A '{' is `on_brace`. */
static gbr_result expect_after_squares(ref_reader *r, char wanted, int other_counts, gbr_error otherwise,
                                       gbr_error on_brace)
{
    char other = wanted == '.' ? ' ' : '.';
    if (!ref_at_end(r) && (ref_is_file_letter(ref_peek(r)) || (other_counts && ref_peek(r) == other)))
        return ref_fail_here(r, GBR_E_SQUARE_COUNT);
    if (!ref_at_end(r) && ref_peek(r) == '{')
        return ref_fail_here(r, on_brace);
    return gbr_ref_expect(r, wanted, otherwise);
}

static int has_nine(const gbr_material *m)
{
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        if (m->digit[type] == 9)
            return 1;
    return 0;
}

/* Whether the square field starts with a group: the first type with men
 * has the digit 9. */
static int group_first(const gbr_material *m)
{
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++)
        if (m->digit[type] != 0)
            return m->digit[type] == 9;
    return 0;
}

/* The square field and the space after it. */
static gbr_result read_square_field(position_reading *pr)
{
    const gbr_material *m = &pr->material;
    gbr_result step;
    /* A digit where the field's first square or '.' is due starts the men
     * count: the field is missing, fewer squares than the code says (§9.4).
     * Where a group is due first, its own rule says overflow-group. */
    if (!ref_at_end(&pr->text) && ref_peek(&pr->text) >= '0' && ref_peek(&pr->text) <= '9' && !group_first(m))
        return ref_fail_here(&pr->text, GBR_E_SQUARE_COUNT);
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        int digit = m->digit[type];
        if (digit == 9) {
            step = read_group(pr, type);
        } else {
            step = read_counted_squares(pr, GBR_WHITE, type, ref_white_of_digit(digit));
            if (!step.error)
                step = read_counted_squares(pr, GBR_BLACK, type, ref_black_of_digit(digit));
        }
        if (step.error)
            return step;
    }

    int has_pawns = m->pawns[GBR_WHITE] + m->pawns[GBR_BLACK] > 0;
    if (has_pawns) {
        step = expect_after_squares(&pr->text, '.', 1, GBR_E_EXPECTED_POINT, GBR_E_OVERFLOW_GROUP);
        if (!step.error)
            step = read_counted_squares(pr, GBR_WHITE, GBR_PAWN, m->pawns[GBR_WHITE]);
        if (!step.error)
            step = read_counted_squares(pr, GBR_BLACK, GBR_PAWN, m->pawns[GBR_BLACK]);
        /* §9.3 names only the file-letter rule for the space after the
         * pawns, so a '{' there is expected-space. */
        if (!step.error)
            step = expect_after_squares(&pr->text, ' ', 0, GBR_E_EXPECTED_SPACE, GBR_E_EXPECTED_SPACE);
    } else {
        step = expect_after_squares(&pr->text, ' ', 1, GBR_E_EXPECTED_SPACE, GBR_E_OVERFLOW_GROUP);
    }
    if (step.error)
        return step;

    /* With groups the digits no longer say the counts: §1 on the exact ones. */
    if (has_nine(m))
        for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++)
            if (!gbr_ref_side_within_promotions(pr->count[colour]))
                return ref_error(GBR_E_PROMOTIONS, pr->material_column);
    return ref_ok(0);
}

/* ---- Men count and indicator --------------------------------------------- */

/* One count, W or B: 1-9 then an optional digit; it must be 1 + `listed`.
 * The comparison comes once the count has been read, i.e. before whatever
 * follows it (the '/' or the indicator) is looked at. */
static gbr_result read_men_count(ref_reader *r, int listed)
{
    uint32_t column = ref_column(r);
    if (ref_at_end(r))
        return ref_truncated(r);
    char first = ref_peek(r);
    if (first < '1' || first > '9')
        return ref_fail_here(r, GBR_E_MEN_COUNT);
    int value = first - '0';
    ref_skip(r);
    if (!ref_at_end(r) && ref_peek(r) >= '0' && ref_peek(r) <= '9') {
        value = 10 * value + (ref_peek(r) - '0');
        ref_skip(r);
        if (!ref_at_end(r) && ref_peek(r) >= '0' && ref_peek(r) <= '9')
            return ref_fail_here(r, GBR_E_MEN_COUNT); /* a third digit */
    }
    if (value != 1 + listed)
        return ref_error(GBR_E_MEN_MISMATCH, column);
    return ref_ok(0);
}

/* Reads an indicator if one starts here; '.' or any other byte is left for
 * the caller, which requires the terminating '.'. */
static gbr_result read_indicator(ref_reader *r, uint8_t *indicator)
{
    *indicator = GBR_IND_NONE;
    if (ref_at_end(r))
        return ref_truncated(r);
    char c = ref_peek(r);
    if (c == '+' || c == '=') {
        *indicator = c == '+' ? GBR_IND_WIN : GBR_IND_DRAW;
        ref_skip(r);
    } else if (c == '-') {
        ref_skip(r);
        if (ref_at_end(r))
            return ref_truncated(r);
        c = ref_peek(r);
        if (c != '+' && c != '=')
            return ref_fail_here(r, GBR_E_INDICATOR);
        *indicator = c == '+' ? GBR_IND_BLACK_WIN : GBR_IND_BLACK_DRAW;
        ref_skip(r);
    } else if (c == ' ') {
        ref_skip(r);
        if (ref_at_end(r))
            return ref_truncated(r);
        c = ref_peek(r);
        if (c != 'W' && c != 'B')
            return ref_fail_here(r, GBR_E_INDICATOR);
        *indicator = c == 'W' ? GBR_IND_WTM : GBR_IND_BTM;
        ref_skip(r);
        gbr_result step = gbr_ref_expect(r, 'T', GBR_E_INDICATOR);
        if (!step.error)
            step = gbr_ref_expect(r, 'M', GBR_E_INDICATOR);
        if (step.error)
            return step;
    }
    return ref_ok(0);
}

/* ---- The whole form ------------------------------------------------------ */

static gbr_result read_kings(position_reading *pr)
{
    int white_king = 0, black_king = 0;
    gbr_result step = gbr_ref_read_square(&pr->text, GBR_E_EXPECTED_SQUARE, &white_king);
    if (step.error)
        return step;
    uint32_t black_king_column = ref_column(&pr->text);
    step = gbr_ref_read_square(&pr->text, GBR_E_EXPECTED_SQUARE, &black_king);
    if (step.error)
        return step;
    if (black_king == white_king)
        return ref_error(GBR_E_DUPLICATE_SQUARE, black_king_column);
    pr->position.board[white_king] = GBR_WK;
    pr->position.board[black_king] = GBR_BK;
    return ref_ok(0);
}

/* The long form only: the ".ef" is obligatory. */
static gbr_result read_material(position_reading *pr)
{
    pr->material_column = ref_column(&pr->text);
    gbr_result step = gbr_ref_read_piece_digits(&pr->text, &pr->material);
    if (!step.error)
        step = gbr_ref_expect(&pr->text, '.', GBR_E_EXPECTED_POINT);
    if (!step.error)
        step = gbr_ref_read_pawn_digits(&pr->text, &pr->material);
    if (step.error)
        return step;
    if (!gbr_ref_material_possible(&pr->material))
        return ref_error(GBR_E_PROMOTIONS, pr->material_column);
    return ref_ok(0);
}

static int has_men(const gbr_material *m)
{
    return m->digit[GBR_QUEEN] + m->digit[GBR_ROOK] + m->digit[GBR_BISHOP] + m->digit[GBR_KNIGHT] + m->pawns[GBR_WHITE]
               + m->pawns[GBR_BLACK]
           > 0;
}

static int men_listed(const position_reading *pr, int colour)
{
    int men = 0;
    for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
        men += pr->count[colour][type];
    return men;
}

gbr_result gbr_ref_parse_position(const gbr_codec *codec, const char *src, size_t len, gbr_position *out)
{
    (void)codec;
    if (ref_bad_text(src, len, out))
        return ref_argument_error();
    if (len == 0)
        return ref_error(GBR_E_EMPTY, 1);

    position_reading pr = {.text = ref_reader_over(src, len)};
    ref_reader *r = &pr.text;
    gbr_result step = read_kings(&pr);
    if (!step.error)
        step = gbr_ref_expect(r, ' ', GBR_E_EXPECTED_SPACE);
    if (!step.error)
        step = read_material(&pr);
    if (!step.error)
        step = gbr_ref_expect(r, ' ', GBR_E_EXPECTED_SPACE);
    if (step.error)
        return step;

    if (has_men(&pr.material)) {
        step = read_square_field(&pr);
        if (step.error)
            return step;
    } else if (!ref_at_end(r)) {
        /* No men besides the kings, so no square field: a square or a pawn
         * field here is more squares than the code says, a '{' a group. */
        char c = ref_peek(r);
        if (ref_is_file_letter(c) || c == '.')
            return ref_fail_here(r, GBR_E_SQUARE_COUNT);
        if (c == '{')
            return ref_fail_here(r, GBR_E_OVERFLOW_GROUP);
    }

    step = read_men_count(r, men_listed(&pr, GBR_WHITE));
    if (!step.error)
        step = gbr_ref_expect(r, '/', GBR_E_EXPECTED_SLASH);
    if (!step.error)
        step = read_men_count(r, men_listed(&pr, GBR_BLACK));
    if (!step.error)
        step = read_indicator(r, &pr.position.indicator);
    if (!step.error)
        step = gbr_ref_expect(r, '.', GBR_E_EXPECTED_POINT);
    if (step.error)
        return step;
    if (!ref_at_end(r))
        return ref_fail_here(r, GBR_E_TRAILING);
    *out = pr.position;
    return ref_ok(0);
}

/* ---- Validity of a gbr_position and writing it ---------------------------- */

int gbr_ref_find_man(const gbr_position *p, uint8_t man)
{
    for (int square = 0; square < 64; square++)
        if (p->board[square] == man)
            return square;
    return -1;
}

int gbr_ref_position_valid(const gbr_position *p, gbr_counts *counts)
{
    int kings[2] = {0, 0};
    int count[2][5] = {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}};
    if (p->indicator > GBR_IND_BTM)
        return 0;
    for (int square = 0; square < 64; square++) {
        uint8_t man = p->board[square];
        if (!ref_is_board_value(man))
            return 0;
        if (man == GBR_EMPTY)
            continue;
        int colour = ref_man_colour(man), type = ref_man_type(man);
        if (type == GBR_KING) {
            kings[colour]++;
            continue;
        }
        int rank = ref_rank_of(square);
        if (type == GBR_PAWN && (rank == 0 || rank == 7))
            return 0;
        count[colour][type]++;
    }
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        if (kings[colour] != 1 || count[colour][GBR_PAWN] > 8 || !gbr_ref_side_within_promotions(count[colour]))
            return 0;
        for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
            counts->count[colour][type] = (uint8_t)count[colour][type];
    }
    return 1;
}

static void put_squares_of(ref_writer *w, const gbr_position *p, int colour, int type)
{
    for (int square = 0; square < 64; square++)
        if (p->board[square] == ref_man(colour, type))
            gbr_ref_put_square(w, square);
}

static void put_indicator(ref_writer *w, int indicator)
{
    switch (indicator) {
    case GBR_IND_WIN: ref_put(w, '+'); break;
    case GBR_IND_DRAW: ref_put(w, '='); break;
    case GBR_IND_BLACK_WIN: ref_put(w, '-'); ref_put(w, '+'); break;
    case GBR_IND_BLACK_DRAW: ref_put(w, '-'); ref_put(w, '='); break;
    case GBR_IND_WTM: ref_put(w, ' '); ref_put(w, 'W'); ref_put(w, 'T'); ref_put(w, 'M'); break;
    case GBR_IND_BTM: ref_put(w, ' '); ref_put(w, 'B'); ref_put(w, 'T'); ref_put(w, 'M'); break;
    default: break; /* GBR_IND_NONE: nothing written */
    }
}

gbr_result gbr_ref_format_position(const gbr_codec *codec, char *dst, size_t cap, const gbr_position *p)
{
    (void)codec;
    gbr_counts counts;
    gbr_material m;
    if (p == NULL || (dst == NULL && cap != 0) || !gbr_ref_position_valid(p, &counts)
        || gbr_ref_material_from_counts(NULL, &counts, &m).error)
        return ref_argument_error();

    ref_writer w = {.length = 0};
    gbr_ref_put_square(&w, gbr_ref_find_man(p, GBR_WK));
    gbr_ref_put_square(&w, gbr_ref_find_man(p, GBR_BK));
    ref_put(&w, ' ');
    gbr_ref_put_material(&w, &m);
    if (has_men(&m)) {
        ref_put(&w, ' ');
        for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
            int group = m.digit[type] == 9;
            if (group)
                ref_put(&w, '{');
            put_squares_of(&w, p, GBR_WHITE, type);
            if (group)
                ref_put(&w, '/');
            put_squares_of(&w, p, GBR_BLACK, type);
            if (group)
                ref_put(&w, '}');
        }
        if (m.pawns[GBR_WHITE] + m.pawns[GBR_BLACK] > 0) {
            ref_put(&w, '.');
            put_squares_of(&w, p, GBR_WHITE, GBR_PAWN);
            put_squares_of(&w, p, GBR_BLACK, GBR_PAWN);
        }
    }
    ref_put(&w, ' ');
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++) {
        unsigned men = 1; /* the king */
        for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
            men += counts.count[colour][type];
        if (colour == GBR_BLACK)
            ref_put(&w, '/');
        gbr_ref_put_number(&w, men);
    }
    put_indicator(&w, p->indicator);
    ref_put(&w, '.');
    return gbr_ref_deliver(&w, dst, cap);
}
