/* Reading FEN (§6): the placement into a board, the other fields checked
 * for form and dropped; the side to move kept as WTM or BTM. */
#include "fast_internal.h"

/* The fields after the placement, from s[i] (just after the side letter).
 * Each malformed character is fen-field at it (§9.3, FEN). */
static gbr_result fen_tail(const unsigned char *s, size_t len, size_t i)
{
    /* The tail most FENs carry, and the end, in one comparison each. */
    if (i >= len || (len - i == 8 && memcmp(s + i, " - - 0 1", 8) == 0))
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
    unsigned edge_pawn = 0; /* pawns on rank 8 or rank 1 */
    size_t i = 0;
    memset(board, 0, 64);
    for (unsigned rank = 8; rank-- > 0;) {
        if (i >= len)
            return 0;
        if (s[i] == '8') {
            i++; /* an empty rank, the common case */
        } else {
            unsigned file = 0;
            unsigned edge = rank == 0 || rank == 7;
            while (file < 8) {
                if (i >= len)
                    return 0;
                unsigned cls = fast_fen_class[s[i++]];
                if (cls - 1u < 15u) {
                    board[file * 8 + rank] = (uint8_t)cls;
                    men[cls]++;
                    edge_pawn |= edge & ((cls & 7u) == 5);
                    file++;
                } else if (cls > FAST_FEN_RUN) {
                    file += cls - FAST_FEN_RUN;
                } else {
                    return 0;
                }
            }
            if (file != 8)
                return 0;
        }
        if (rank && (i >= len || s[i++] != '/'))
            return 0;
    }
    if (i < len && s[i] != ' ')
        return 0;
    if (edge_pawn || men[GBR_WK] != 1 || men[GBR_BK] != 1)
        return 0;
    /* Too many pawns or promoted pieces: the precise scanner reports them. */
    uint32_t w4, b4;
    gbr_material m;
    memcpy(&w4, men + GBR_WQ, 4);
    memcpy(&b4, men + GBR_BQ, 4);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (!fast_counts_to_material(w4, men[GBR_WP], b4, men[GBR_BP], &m))
        return 0;
#else
    gbr_counts c;
    memcpy(c.count[0], men + GBR_WQ, 5);
    memcpy(c.count[1], men + GBR_BQ, 5);
    (void)w4;
    (void)b4;
    (void)m;
    if (fast_check_counts(&c) != GBR_OK)
        return 0;
#endif
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
