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

gbr_result fast_parse_fen(const char *src, size_t len, gbr_position *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    const unsigned char *s = (const unsigned char *)src;
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
