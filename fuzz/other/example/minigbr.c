/*
 * minigbr.c - material codes and FEN to material code, from spec/gbr.md
 * (§1, §2, §6, §9.3 and the tables of §9.4). See minigbr.h; the planted
 * defect is in read_clock.
 */
#include "minigbr.h"

#define FAIL(e, col) do { *column = (col); return (e); } while (0)

/* §1: promoted pieces of a side from its exact counts (Q R B N). */
static int promoted(const int n[4])
{
    int p = 0;
    for (int t = 0; t < 4; t++) {
        int spare = n[t] - (t == 0 ? 1 : 2);
        p += spare > 0 ? spare : 0;
    }
    return p;
}

/* §2.4: some side for each 9 keeps both sides' forced promotions within
 * 8 - pawns. */
static int material_possible(const int digit[4], int white_pawns, int black_pawns)
{
    for (int choice = 0; choice < 16; choice++) {
        int forced[2] = {0, 0};
        for (int t = 0; t < 4; t++) {
            if (digit[t] == 9) {
                forced[(choice >> t) & 1] += t == 0 ? 2 : 1;
            } else if (t == 0) {
                forced[0] += digit[t] % 3 == 2;
                forced[1] += digit[t] / 3 == 2;
            }
        }
        if (forced[0] <= 8 - white_pawns && forced[1] <= 8 - black_pawns)
            return 1;
    }
    return 0;
}

static void write_code(char out[8], const int digit[4], int white_pawns, int black_pawns)
{
    for (int t = 0; t < 4; t++)
        out[t] = (char)('0' + digit[t]);
    out[4] = '.';
    out[5] = (char)('0' + white_pawns);
    out[6] = (char)('0' + black_pawns);
    out[7] = '\0';
}

enum mini_error gbr_material_canonical(const char *text, size_t len, char out[8], size_t *column)
{
    if (len == 0)
        FAIL(MINI_EMPTY, 1);
    int digit[4], pawns[2] = {0, 0};
    for (size_t i = 0; i < 4; i++) {
        if (i >= len)
            FAIL(MINI_TRUNCATED, len + 1);
        if (text[i] < '0' || text[i] > '9')
            FAIL(MINI_DIGIT, i + 1);
        digit[i] = text[i] - '0';
    }
    if (len > 4) {
        if (text[4] != '.')
            FAIL(MINI_POINT, 5);
        for (size_t i = 5; i < 7; i++) {
            if (i >= len)
                FAIL(MINI_TRUNCATED, len + 1);
            if (text[i] == '9')
                FAIL(MINI_PAWN_DIGIT, i + 1);
            if (text[i] < '0' || text[i] > '8')
                FAIL(MINI_DIGIT, i + 1);
            pawns[i - 5] = text[i] - '0';
        }
        if (len > 7)
            FAIL(MINI_TRAILING, 8);
    }
    if (!material_possible(digit, pawns[0], pawns[1]))
        FAIL(MINI_PROMOTIONS, 1);
    write_code(out, digit, pawns[0], pawns[1]);
    return MINI_OK;
}

/* One clock of 1 to 5 digits at text[*i]; last says whether it is the
 * fullmove clock (which ends the text) or the halfmove clock (a space
 * follows). */
static enum mini_error read_clock(const char *text, size_t len, size_t *i, int last, size_t *column)
{
    if (*i >= len)
        FAIL(MINI_TRUNCATED, len + 1);
    if (text[*i] < '0' || text[*i] > '9')
        FAIL(MINI_FIELD, *i + 1);
    long value = 0;
    int digits = 0;
    while (*i < len && text[*i] >= '0' && text[*i] <= '9') {
        value = value * 10 + (text[*i] - '0');
        digits++;
#ifdef MINIGBR_FIXED
        if (digits > 5)
#else
        /* The planted defect: a range check stands in for the digit count. */
        if (value > 99999)
#endif
            FAIL(MINI_FIELD, *i + 1);
        if (value > 99999)
            value = 99999; /* no overflow on a long run of zeros and digits */
        ++*i;
    }
    if (last) {
        if (*i < len)
            FAIL(MINI_TRAILING, *i + 1);
        return MINI_OK;
    }
    if (*i >= len)
        FAIL(MINI_TRUNCATED, len + 1);
    if (text[*i] != ' ')
        FAIL(MINI_FIELD, *i + 1);
    ++*i;
    return MINI_OK;
}

/* After the placement's space: side [castling en-passant [halfmove fullmove]]. */
static enum mini_error read_fields(const char *text, size_t len, size_t i, size_t *column)
{
    if (i >= len)
        FAIL(MINI_TRUNCATED, len + 1);
    if (text[i] != 'w' && text[i] != 'b')
        FAIL(MINI_FIELD, i + 1);
    if (++i == len)
        return MINI_OK;
    if (text[i] != ' ')
        FAIL(MINI_FIELD, i + 1);
    i++;
    /* castling: '-' or a non-empty subsequence of KQkq */
    static const char order[] = "KQkq";
    if (i >= len)
        FAIL(MINI_TRUNCATED, len + 1);
    if (text[i] == '-') {
        i++;
    } else {
        int next = 0, letters = 0;
        while (i < len && text[i] != ' ') {
            int k = next;
            while (k < 4 && order[k] != text[i])
                k++;
            if (k == 4)
                FAIL(MINI_FIELD, i + 1);
            next = k + 1;
            letters++;
            i++;
        }
        if (letters == 0)
            FAIL(MINI_FIELD, i + 1);
    }
    if (i >= len)
        FAIL(MINI_TRUNCATED, len + 1);
    if (text[i] != ' ')
        FAIL(MINI_FIELD, i + 1);
    i++;
    /* en passant: '-' or a square on rank 3 or 6 */
    if (i >= len)
        FAIL(MINI_TRUNCATED, len + 1);
    if (text[i] >= 'a' && text[i] <= 'h') {
        if (++i >= len)
            FAIL(MINI_TRUNCATED, len + 1);
        if (text[i] != '3' && text[i] != '6')
            FAIL(MINI_FIELD, i + 1);
    } else if (text[i] != '-') {
        FAIL(MINI_FIELD, i + 1);
    }
    if (++i == len)
        return MINI_OK;
    if (text[i] != ' ')
        FAIL(MINI_FIELD, i + 1);
    i++;
    enum mini_error e = read_clock(text, len, &i, 0, column);
    if (e != MINI_OK)
        return e;
    return read_clock(text, len, &i, 1, column);
}

enum mini_error gbr_fen_to_material(const char *text, size_t len, char out[8], size_t *column)
{
    if (len == 0)
        FAIL(MINI_EMPTY, 1);
    static const char letters[] = "QRBNPK";
    int count[2][6] = {{0}}; /* Q R B N P K a side */
    int rank = 0, files = 0;  /* rank 0 is the FEN's first (rank 8) */
    size_t i = 0;
    for (;; i++) {
        if (i == len)
            break;
        char c = text[i];
        if (c == '/' || c == ' ') {
            if (files < 8 || (c == ' ' && rank < 7) || (c == '/' && rank == 7))
                FAIL(MINI_RANK, i + 1);
            if (c == ' ')
                break;
            rank++;
            files = 0;
        } else if (c >= '1' && c <= '8') {
            if (files + (c - '0') > 8)
                FAIL(MINI_RANK, i + 1);
            files += c - '0';
        } else {
            int colour = c >= 'a' && c <= 'z';
            char upper = colour ? (char)(c - 'a' + 'A') : c;
            int type = 0;
            while (type < 6 && letters[type] != upper)
                type++;
            if (type == 6)
                FAIL(MINI_PIECE, i + 1);
            if (files == 8)
                FAIL(MINI_RANK, i + 1);
            if (type == 4 && (rank == 0 || rank == 7))
                FAIL(MINI_PAWN_RANK, i + 1);
            if (type == 5 && count[colour][5] == 1)
                FAIL(MINI_KINGS, i + 1);
            if (type == 4 && count[colour][4] == 8)
                FAIL(MINI_TOO_MANY_PAWNS, i + 1);
            count[colour][type]++;
            files++;
        }
    }
    if (rank < 7 || files < 8)
        FAIL(MINI_TRUNCATED, len + 1);
    /* The placement's end: the kings, then each side's promotions, at column 1. */
    if (count[0][5] == 0 || count[1][5] == 0)
        FAIL(MINI_KINGS, 1);
    for (int colour = 0; colour < 2; colour++)
        if (promoted(count[colour]) > 8 - count[colour][4])
            FAIL(MINI_PROMOTIONS, 1);
    if (i == len)
        FAIL(MINI_TRUNCATED, len + 1);
    enum mini_error e = read_fields(text, len, i + 1, column);
    if (e != MINI_OK)
        return e;
    int digit[4];
    for (int t = 0; t < 4; t++) {
        int w = count[0][t], b = count[1][t];
        digit[t] = w >= 3 || b >= 3 ? 9 : w + 3 * b;
    }
    write_code(out, digit, count[0][4], count[1][4]);
    return MINI_OK;
}
