/* FEN (spec/gbr.md §6): the placement is read and kept; side to move becomes
 * GBR_IND_WTM or GBR_IND_BTM; castling, en passant and the clocks are checked
 * for form and dropped. */
#include "ref_internal.h"

static int is_digit(char c) { return c >= '0' && c <= '9'; }

/* Castling letters in their required order K Q k q; -1 for other bytes. */
static int castling_rank(char c)
{
    switch (c) {
    case 'K': return 0;
    case 'Q': return 1;
    case 'k': return 2;
    case 'q': return 3;
    default: return -1;
    }
}

/* Ranks 8 down to 1, each covering 8 files, squares placed as they come. */
static gbr_result read_placement(ref_reader *r, gbr_position *p, int count[2][5])
{
    int kings[2] = {0, 0};
    int rank = 7, file = 0; /* where the next piece letter goes */
    for (;;) {
        int placement_complete = rank == 0 && file == 8;
        if (ref_at_end(r)) {
            if (placement_complete)
                break;
            return ref_truncated(r);
        }
        char c = ref_peek(r);
        if (c == ' ') {
            if (placement_complete)
                break;
            return ref_fail_here(r, GBR_E_FEN_RANK); /* before the eighth rank is complete */
        }
        if (c == '/') {
            if (file < 8 || rank == 0) /* a short rank, or a ninth rank */
                return ref_fail_here(r, GBR_E_FEN_RANK);
            rank--;
            file = 0;
        } else if (c >= '1' && c <= '8') {
            if (file + (c - '0') > 8)
                return ref_fail_here(r, GBR_E_FEN_RANK);
            file += c - '0';
        } else {
            /* Piece letters: upper case White, lower case Black. '0' and '9'
             * are not FEN digits at all, so they fall here as fen-piece. */
            int colour = c >= 'a' && c <= 'z' ? GBR_BLACK : GBR_WHITE;
            int type = piece_type_of_letter(colour == GBR_BLACK ? (char)(c - 'a' + 'A') : c);
            if (type < 0)
                return ref_fail_here(r, GBR_E_FEN_PIECE);
            if (file == 8)
                return ref_fail_here(r, GBR_E_FEN_RANK);
            if (type == GBR_PAWN && (rank == 0 || rank == 7))
                return ref_fail_here(r, GBR_E_PAWN_RANK);
            if (type == GBR_KING && kings[colour] == 1)
                return ref_fail_here(r, GBR_E_FEN_KINGS);
            if (type == GBR_PAWN && count[colour][GBR_PAWN] == 8)
                return ref_fail_here(r, GBR_E_TOO_MANY_PAWNS);
            p->board[ref_square_of(file, rank)] = ref_man(colour, type);
            if (type == GBR_KING)
                kings[colour]++;
            else
                count[colour][type]++;
            file++;
        }
        ref_skip(r);
    }

    /* Whole-placement checks, at column 1 (§9.3 rule 3). */
    if (kings[GBR_WHITE] == 0 || kings[GBR_BLACK] == 0)
        return ref_error(GBR_E_FEN_KINGS, 1);
    for (int colour = GBR_WHITE; colour <= GBR_BLACK; colour++)
        if (!gbr_ref_side_within_promotions(count[colour]))
            return ref_error(GBR_E_PROMOTIONS, 1);
    return ref_ok(0);
}

static gbr_result read_castling(ref_reader *r)
{
    if (ref_at_end(r))
        return ref_truncated(r);
    if (ref_peek(r) == '-') {
        ref_skip(r);
        return ref_ok(0);
    }
    int latest = -1;
    while (!ref_at_end(r) && castling_rank(ref_peek(r)) >= 0) {
        if (castling_rank(ref_peek(r)) <= latest)
            return ref_fail_here(r, GBR_E_FEN_FIELD); /* repeated or out of order */
        latest = castling_rank(ref_peek(r));
        ref_skip(r);
    }
    if (latest < 0)
        return ref_fail_here(r, GBR_E_FEN_FIELD); /* the field may not be empty */
    return ref_ok(0);
}

static gbr_result read_en_passant(ref_reader *r)
{
    if (ref_at_end(r))
        return ref_truncated(r);
    if (ref_peek(r) == '-') {
        ref_skip(r);
        return ref_ok(0);
    }
    if (!ref_is_file_letter(ref_peek(r)))
        return ref_fail_here(r, GBR_E_FEN_FIELD);
    ref_skip(r);
    if (ref_at_end(r))
        return ref_truncated(r);
    if (ref_peek(r) != '3' && ref_peek(r) != '6')
        return ref_fail_here(r, GBR_E_FEN_FIELD);
    ref_skip(r);
    return ref_ok(0);
}

/* 1 to 5 digits; a sixth digit is fen-field. What follows is the caller's. */
static gbr_result read_clock(ref_reader *r)
{
    if (ref_at_end(r))
        return ref_truncated(r);
    if (!is_digit(ref_peek(r)))
        return ref_fail_here(r, GBR_E_FEN_FIELD);
    for (int digits = 0; !ref_at_end(r) && is_digit(ref_peek(r)); digits++) {
        if (digits == 5)
            return ref_fail_here(r, GBR_E_FEN_FIELD);
        ref_skip(r);
    }
    return ref_ok(0);
}

gbr_result gbr_ref_parse_fen(const gbr_codec *codec, const char *src, size_t len, gbr_position *out)
{
    (void)codec;
    if (ref_bad_text(src, len, out))
        return ref_argument_error();
    if (len == 0)
        return ref_error(GBR_E_EMPTY, 1);

    ref_reader r = ref_reader_over(src, len);
    gbr_position p = {.indicator = GBR_IND_WTM};
    int count[2][5] = {{0, 0, 0, 0, 0}, {0, 0, 0, 0, 0}};
    gbr_result step = read_placement(&r, &p, count);
    if (!step.error)
        step = gbr_ref_expect(&r, ' ', GBR_E_FEN_RANK); /* only the end can fail here: truncated */
    if (step.error)
        return step;

    if (ref_at_end(&r))
        return ref_truncated(&r);
    if (ref_peek(&r) != 'w' && ref_peek(&r) != 'b')
        return ref_fail_here(&r, GBR_E_FEN_FIELD);
    p.indicator = ref_peek(&r) == 'b' ? GBR_IND_BTM : GBR_IND_WTM;
    ref_skip(&r);

    /* Two fields, or four, or six: the end is allowed after side and after
     * en passant; everywhere else a space is required. */
    if (!ref_at_end(&r)) {
        step = gbr_ref_expect(&r, ' ', GBR_E_FEN_FIELD);
        if (!step.error)
            step = read_castling(&r);
        if (!step.error)
            step = gbr_ref_expect(&r, ' ', GBR_E_FEN_FIELD);
        if (!step.error)
            step = read_en_passant(&r);
        if (!step.error && !ref_at_end(&r)) {
            step = gbr_ref_expect(&r, ' ', GBR_E_FEN_FIELD);
            if (!step.error)
                step = read_clock(&r);
            if (!step.error)
                step = gbr_ref_expect(&r, ' ', GBR_E_FEN_FIELD);
            if (!step.error)
                step = read_clock(&r);
            if (!step.error && !ref_at_end(&r))
                step = ref_fail_here(&r, GBR_E_TRAILING);
        }
        if (step.error)
            return step;
    }
    *out = p;
    return ref_ok(0);
}

static char fen_letter(uint8_t man)
{
    char letter = piece_letter_of_type(ref_man_type(man));
    return ref_man_colour(man) == GBR_BLACK ? (char)(letter - 'A' + 'a') : letter;
}

gbr_result gbr_ref_format_fen(const gbr_codec *codec, char *dst, size_t cap, const gbr_position *p)
{
    (void)codec;
    gbr_counts counts;
    if (p == NULL || (dst == NULL && cap != 0) || !gbr_ref_position_valid(p, &counts))
        return ref_argument_error();

    ref_writer w = {.length = 0};
    for (int rank = 7; rank >= 0; rank--) {
        int empty_run = 0; /* written as one digit, as large as possible */
        for (int file = 0; file < 8; file++) {
            uint8_t man = p->board[ref_square_of(file, rank)];
            if (man == GBR_EMPTY) {
                empty_run++;
                continue;
            }
            if (empty_run > 0)
                ref_put(&w, (char)('0' + empty_run));
            empty_run = 0;
            ref_put(&w, fen_letter(man));
        }
        if (empty_run > 0)
            ref_put(&w, (char)('0' + empty_run));
        if (rank > 0)
            ref_put(&w, '/');
    }
    int black_to_move = p->indicator == GBR_IND_BLACK_WIN || p->indicator == GBR_IND_BLACK_DRAW
                        || p->indicator == GBR_IND_BTM;
    ref_put(&w, ' ');
    ref_put(&w, black_to_move ? 'b' : 'w');
    const char *dropped = " - - 0 1"; /* castling, en passant and clocks are not carried */
    while (*dropped)
        ref_put(&w, *dropped++);
    return gbr_ref_deliver(&w, dst, cap);
}
