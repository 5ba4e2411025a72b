/* Reading FEN (§6): the placement into a board, the other fields checked
 * for form and dropped; the side to move kept as WTM or BTM. */
#include "fast_internal.h"

/* The fields after the placement, from s[i] (just after the side letter).
 * Each malformed character is fen-field at it (§9.3, FEN). */
static gbr_result fen_tail(const unsigned char *s, size_t len, size_t i)
{
    if (i >= len)
        return fast_ok(0);
    if (s[i] != ' ')
        return fast_error(GBR_E_FEN_FIELD, i + 1);
    i++;
    /* Castling: "-" or a non-empty subsequence of KQkq. */
    if (i >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    if (s[i] == '-') {
        i++;
    } else {
        static const char order[] = "KQkq";
        unsigned next = 0, taken = 0;
        for (; i < len && s[i] != ' '; i++) {
            while (next < 4 && (unsigned char)order[next] != s[i])
                next++;
            if (next == 4)
                return fast_error(GBR_E_FEN_FIELD, i + 1);
            next++;
            taken++;
        }
        if (taken == 0)
            return fast_error(GBR_E_FEN_FIELD, i + 1);
    }
    if (i >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    if (s[i] != ' ')
        return fast_error(GBR_E_FEN_FIELD, i + 1);
    i++;
    /* En passant: "-" or a square on rank 3 or 6. */
    if (i >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    if (s[i] == '-') {
        i++;
    } else {
        if (fast_file_value[s[i]] == FAST_NONE)
            return fast_error(GBR_E_FEN_FIELD, i + 1);
        i++;
        if (i >= len)
            return fast_error(GBR_E_TRUNCATED, len + 1);
        if (s[i] != '3' && s[i] != '6')
            return fast_error(GBR_E_FEN_FIELD, i + 1);
        i++;
    }
    if (i >= len)
        return fast_ok(0);
    /* Two clocks of 1-5 digits, each after a space. */
    for (unsigned clock = 0; clock < 2; clock++) {
        if (s[i] != ' ')
            return fast_error(GBR_E_FEN_FIELD, i + 1);
        i++;
        size_t first = i;
        for (; i < len && fast_digit_value[s[i]] != FAST_NONE; i++)
            if (i - first == 5)
                return fast_error(GBR_E_FEN_FIELD, i + 1);
        if (i == first) {
            if (i >= len)
                return fast_error(GBR_E_TRUNCATED, len + 1);
            return fast_error(GBR_E_FEN_FIELD, i + 1);
        }
        if (clock == 0 && i >= len)
            return fast_error(GBR_E_TRUNCATED, len + 1);
    }
    if (i < len)
        return fast_error(GBR_E_TRAILING, i + 1);
    return fast_ok(0);
}

/* A valid placement read with no error bookkeeping: returns the index of
 * the space or end after it, or 0 to send the text to the precise scanner
 * (which starts again from column 1 and finds the first rule broken). */
static size_t placement_fast(const unsigned char *s, size_t len, uint8_t *board)
{
    uint8_t men[16] = {0};
    unsigned file = 0, rank = 7, edge = 1; /* edge: rank 8 or rank 1, no pawn there */
    size_t i = 0;
    memset(board, 0, 64);
    for (; i < len; i++) {
        unsigned cls = fast_fen_class[s[i]];
        if (cls < 16) {
            if (cls == 0 || file > 7 || (edge && (cls & 7u) == 5))
                return 0;
            board[file * 8 + rank] = (uint8_t)cls;
            men[cls]++;
            file++;
        } else if (cls > FAST_FEN_RUN) {
            file += cls - FAST_FEN_RUN; /* an overrun is caught at the separator */
        } else if (cls == FAST_FEN_SLASH) {
            if (file != 8 || rank == 0)
                return 0;
            file = 0;
            rank--;
            edge = rank == 0;
        } else {
            break;
        }
    }
    if (file != 8 || rank != 0 || men[GBR_WK] != 1 || men[GBR_BK] != 1 || men[GBR_WP] > 8 || men[GBR_BP] > 8)
        return 0;
    unsigned white[5] = {men[GBR_WQ], men[GBR_WR], men[GBR_WB], men[GBR_WN], 0};
    unsigned black[5] = {men[GBR_BQ], men[GBR_BR], men[GBR_BB], men[GBR_BN], 0};
    for (unsigned type = 0; type < 4; type++) {
        white[type] = white[type] < 15 ? white[type] : 15;
        black[type] = black[type] < 15 ? black[type] : 15;
    }
    if (fast_side_promoted(white) + men[GBR_WP] > 8 || fast_side_promoted(black) + men[GBR_BP] > 8)
        return 0;
    return i;
}

/* The precise scanner: the first rule broken, left to right (§9.3). Kept
 * out of line so the fast path stays light. */
static __attribute__((noinline)) gbr_result fen_precise(const unsigned char *s, size_t len, gbr_position *out)
{
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    uint8_t *board = out->board;
    memset(board, 0, 64);
    /* men[code]: how many of each board code were placed. */
    unsigned men[16] = {0};
    unsigned file = 0, rank = 7;
    size_t i = 0;
    for (;; i++) {
        if (i >= len) {
            if (file == 8 && rank == 0)
                break;
            return fast_error(GBR_E_TRUNCATED, len + 1);
        }
        unsigned cls = fast_fen_class[s[i]];
        if (cls != 0 && cls < 16) {
            /* A man: board code cls. */
            unsigned type = cls & 7u;
            if (file >= 8)
                return fast_error(GBR_E_FEN_RANK, i + 1);
            if (type == 5) {
                if (rank == 0 || rank == 7)
                    return fast_error(GBR_E_PAWN_RANK, i + 1);
                if (men[cls] == 8)
                    return fast_error(GBR_E_TOO_MANY_PAWNS, i + 1);
            } else if (type == 6 && men[cls] != 0) {
                return fast_error(GBR_E_FEN_KINGS, i + 1);
            }
            men[cls]++;
            board[file * 8 + rank] = (uint8_t)cls;
            file++;
        } else if (cls > FAST_FEN_RUN) {
            file += cls - FAST_FEN_RUN;
            if (file > 8)
                return fast_error(GBR_E_FEN_RANK, i + 1);
        } else if (cls == FAST_FEN_SLASH) {
            if (file != 8 || rank == 0)
                return fast_error(GBR_E_FEN_RANK, i + 1);
            file = 0;
            rank--;
        } else if (cls == FAST_FEN_SPACE) {
            if (file != 8 || rank != 0)
                return fast_error(GBR_E_FEN_RANK, i + 1);
            break;
        } else {
            return fast_error(GBR_E_FEN_PIECE, i + 1);
        }
    }
    if (men[GBR_WK] == 0 || men[GBR_BK] == 0)
        return fast_error(GBR_E_FEN_KINGS, 1);
    for (unsigned side = 0; side < 2; side++) {
        unsigned n[5] = {0};
        for (unsigned type = 0; type < 4; type++)
            n[type] = men[8 * side + 1 + type] < 15 ? men[8 * side + 1 + type] : 15;
        if (fast_side_promoted(n) + men[8 * side + GBR_WP] > 8)
            return fast_error(GBR_E_PROMOTIONS, 1);
    }
    /* s[i] is the space after the placement, or the end. */
    if (i >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    i++;
    if (i >= len)
        return fast_error(GBR_E_TRUNCATED, len + 1);
    if (s[i] != 'w' && s[i] != 'b')
        return fast_error(GBR_E_FEN_FIELD, i + 1);
    out->indicator = s[i] == 'b' ? GBR_IND_BTM : GBR_IND_WTM;
    return fen_tail(s, len, i + 1);
}

gbr_result fast_parse_fen(const char *src, size_t len, gbr_position *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    const unsigned char *s = (const unsigned char *)src;
    size_t end = placement_fast(s, len, out->board);
    if (end != 0 && end + 1 < len && (s[end + 1] == 'w' || s[end + 1] == 'b')) {
        out->indicator = s[end + 1] == 'b' ? GBR_IND_BTM : GBR_IND_WTM;
        return fen_tail(s, len, end + 2);
    }
    return fen_precise(s, len, out);
}
