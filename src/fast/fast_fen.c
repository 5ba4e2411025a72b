/* Reading FEN (§6): the placement into a board, the other fields checked
 * for form and dropped; the side to move kept as WTM or BTM. */
#include "fast_internal.h"
#include "fast_hooks.h"

/* The fields after the placement, from s[i] (just after the side letter).
 * Each malformed character is fen-field at it (§9.3, FEN). */
static gbr_result fen_tail(const unsigned char *s, size_t len, size_t i)
{
    /* The tail most FENs carry, and the end, in one comparison each. */
    if (i >= len || (len - i == 8 && memcmp(s + i, " - - 0 1", 8) == 0))
        return fast_ok(0);
    TRY(fast_precise_byte(s, len, &i, ' ', GBR_E_FEN_FIELD));
    /* Castling: "-" or a non-empty subsequence of KQkq. */
    if (i < len && s[i] == '-') {
        i++;
    } else {
        static const char order[] = "KQkq";
        size_t castling = i;
        for (unsigned next = 0; i < len && s[i] != ' '; i++, next++) {
            while (next < 4 && (unsigned char)order[next] != s[i])
                next++;
            if (next == 4)
                return fast_error(GBR_E_FEN_FIELD, i + 1);
        }
        if (i == castling)
            return fast_error_at(i, len, GBR_E_FEN_FIELD);
    }
    TRY(fast_precise_byte(s, len, &i, ' ', GBR_E_FEN_FIELD));
    /* En passant: "-" or a square on rank 3 or 6. */
    if (i >= len || (s[i] != '-' && fast_file_value[s[i]] == FAST_NONE))
        return fast_error_at(i, len, GBR_E_FEN_FIELD);
    if (s[i] != '-') { /* a file: the rank follows */
        i++;
        if (i >= len || (s[i] != '3' && s[i] != '6'))
            return fast_error_at(i, len, GBR_E_FEN_FIELD);
    }
    i++;
    if (i >= len)
        return fast_ok(0);
    /* Two clocks of 1-5 digits, each after a space. */
    for (unsigned clock = 0; clock < 2; clock++) {
        TRY(fast_precise_byte(s, len, &i, ' ', GBR_E_FEN_FIELD));
        size_t first = i;
        for (; i < len && fast_digit_value[s[i]] != FAST_NONE; i++)
            if (i - first == 5)
                return fast_error(GBR_E_FEN_FIELD, i + 1);
        if (i == first)
            return fast_error_at(i, len, GBR_E_FEN_FIELD);
    }
    if (i < len)
        return fast_error(GBR_E_TRAILING, i + 1);
    return fast_ok(0);
}

/* A placement as the position writer takes it: the code of each occupied
 * square (the other squares keep what they held), the men of each code and
 * the occupied squares. */
typedef struct fen_board {
    uint8_t board[256]; /* 64-255: scratch for a refused text's men (any byte index) */
    uint8_t count[16];
    uint64_t occupied;
} fen_board;

/* A placement of exactly n bytes, s[0..n-1], read onto the board with no
 * error bookkeeping: 1 when it breaks no placement rule but the counts' (a
 * byte that is no man leaves count[0] non-zero: fen_board_read), else 0.
 *
 * sq is the GBR index of the next file's square, 8 * file + rank: every man
 * or run adds 8 per file, so sq % 8 stays the rank and the rank is complete
 * exactly when sq / 8 == 8; a '/' there (sq 65-71: not after the first rank)
 * moves it to the next rank's first file, sq - 65. A refused step sets bad
 * for good; sq may then wrap, masked below. Code 0 (digits, '/', refused
 * bytes) places nothing. */
static inline int fen_read_placement_scalar(const unsigned char *s, size_t n, fen_board *b)
{
    uint64_t sq = 7, pawns = 0;
    unsigned bad = 0;
    for (size_t k = 0; k < n; k++) {
        int32_t step = fast_fen_step[s[k]];
        unsigned code = (unsigned)step & 15u;
        if (code) {
            b->board[sq & 63u] = (uint8_t)code;
            b->count[code]++;
            b->occupied |= 1ULL << (sq & 63u);
            pawns |= (uint64_t)((code & 7u) == GBR_WP) << (sq & 63u);
        }
        bad |= (unsigned)step & fast_fen_slash_refused[sq & 127u];
        sq += (uint64_t)(int64_t)(step >> 16);
    }
    /* The eighth rank complete (sq 64: sq never drops below 0 above). */
    return !bad && sq == 64 && !(pawns & FAST_RANKS_1_AND_8);
}

#if FAST_SSE2
#include "fast_fen_sse2.h"
#else
static inline int fen_read_placement(const unsigned char *s, size_t n, fen_board *b)
{
    return fen_read_placement_scalar(s, n, b);
}
#endif

/* A valid placement (every placement rule of §6) of exactly n bytes read
 * onto the board with its men counted afresh: 1 and *m its material code
 * when no byte was refused, each side has one king and the counts can exist;
 * else 0 (too many pawns or promoted pieces: the precise scanner reports). */
static inline int fen_board_read(const unsigned char *s, size_t n, fen_board *b, gbr_material *m)
{
    memset(b->count, 0, sizeof b->count);
    b->occupied = 0;
    return fen_read_placement(s, n, b) && b->count[0] == 0 && b->count[GBR_WK] == 1 && b->count[GBR_BK] == 1 &&
           fast_counts_to_material(b->count + GBR_WQ, b->count + GBR_BQ, m);
}

/* The precise scanner: the first rule broken, left to right (§9.3); *out
 * is written only for a valid FEN. Kept out of line so the fast path stays
 * light. */
static __attribute__((noinline)) gbr_result fen_precise(const unsigned char *s, size_t len, gbr_position *out)
{
    if (len == 0)
        return fast_error(GBR_E_EMPTY, 1);
    gbr_position p;
    uint8_t *board = p.board;
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
    if (fast_side_over_promoted(men + GBR_WQ) || fast_side_over_promoted(men + GBR_BQ))
        return fast_error(GBR_E_PROMOTIONS, 1);
    TRY(fast_precise_byte(s, len, &i, ' ', GBR_E_FEN_RANK)); /* the space the loop stopped at, or the end */
    if (i >= len || (s[i] != 'w' && s[i] != 'b'))
        return fast_error_at(i, len, GBR_E_FEN_FIELD);
    p.indicator = s[i] == 'b' ? GBR_IND_BTM : GBR_IND_WTM;
    TRY(fen_tail(s, len, i + 1));
    *out = p;
    return fast_ok(0);
}

/* The fast path of both FEN readers: the placement up to its space, the
 * side, then the other fields (fen_tail, the precise scanner's own reading
 * of them, which reports their errors). Returns 1 for black to move, 0 for
 * white, with *r the tail's result and, when that is good, the board in b
 * and its material in *m; -1 hands the text to the precise scanner. */
static inline int fen_placement(const unsigned char *s, size_t len, fen_board *b, gbr_material *m, gbr_result *r)
{
    const unsigned char *space = len ? memchr(s, ' ', len) : NULL;
    size_t end = space ? (size_t)(space - s) : 0;
    if (space == NULL || !fen_board_read(s, end, b, m) || end + 1 >= len || (s[end + 1] != 'w' && s[end + 1] != 'b'))
        return -1; /* no side to move there: the precise scanner reports */
    *r = fen_tail(s, len, end + 2);
    return s[end + 1] == 'b';
}

/* A placement the fast path read, with its side to move, as *out. */
static inline void fen_board_out(const fen_board *b, int black, gbr_position *out)
{
    memcpy(out->board, b->board, 64);
    out->indicator = black ? GBR_IND_BTM : GBR_IND_WTM;
}

gbr_result fast_parse_fen(FAST_CODEC, const char *src, size_t len, gbr_position *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    fen_board b;
    gbr_material m;
    gbr_result r;
    memset(b.board, 0, 64);
    int black = fen_placement((const unsigned char *)src, len, &b, &m, &r);
    if (black < 0)
        return fen_precise((const unsigned char *)src, len, out);
    if (r.error == GBR_OK)
        fen_board_out(&b, black, out);
    return r;
}

/* gbr_fen_to_position for a text of another shape than the common one:
 * fen_placement's fast path, else (at once for a text in the common shape
 * that is no FEN) the precise scanner. Out of line, so the common path
 * below stays light. */
static __attribute__((noinline)) gbr_result fen_to_position_other(char *dst, size_t cap, const unsigned char *s,
                                                                   size_t len, const uint8_t indicator[2],
                                                                   int not_a_fen)
{
    fen_board b;
    gbr_material m;
    gbr_result r;
    int black = not_a_fen ? -1 : fen_placement(s, len, &b, &m, &r);
    if (black >= 0)
        return r.error ? r : fast_put_position(dst, cap, b.board, b.occupied, b.count, &m, indicator[black]);
    gbr_position p;
    TRY(fen_precise(s, len, &p));
    p.indicator = indicator[p.indicator == GBR_IND_BTM];
    return fast_format_position(NULL, dst, cap, &p);
}

/* The common shape, most FENs: a placement of 17-32 bytes, then " w - - 0 1"
 * or " b - - 0 1" ending the text. Returns 0 (white) or 1 (black to move)
 * with the board and *m read; FEN_OTHER_SHAPE; or FEN_NOT_A_FEN: a FEN ending
 * so has its placement in exactly the first len - 10 bytes (the five tail
 * fields hold no space), so when that is refused the text is no FEN. */
enum { FEN_OTHER_SHAPE = -1, FEN_NOT_A_FEN = -2 };
static inline int fen_common_shape(const unsigned char *s, size_t len, fen_board *b, gbr_material *m)
{
    if (len < 27 || len > 42 || memcmp(s + len - 8, " - - 0 1", 8) != 0 || s[len - 10] != ' ')
        return FEN_OTHER_SHAPE;
    unsigned side = s[len - 9], black = side == 'b';
    if (fen_board_read(s, len - 10, b, m) && (black | (side == 'w')))
        return (int)black;
    return FEN_NOT_A_FEN;
}

/* gbr_fen_to_position fused: the placement goes onto a board of the
 * occupied squares only and the position form is written from it. */
gbr_result fast_fen_to_position(FAST_CODEC, char *dst, size_t cap, const char *src, size_t len,
                                gbr_result_option result)
{
    if ((src == NULL && len != 0) || fast_bad_output(dst, cap) || (unsigned)result > GBR_RESULT_DRAW)
        return fast_error(GBR_E_ARGUMENT, 0);
    /* [result][black to move] */
    static const uint8_t indicator[3][2] = {
        {GBR_IND_WTM, GBR_IND_BTM}, {GBR_IND_WIN, GBR_IND_BLACK_WIN}, {GBR_IND_DRAW, GBR_IND_BLACK_DRAW}};
    const unsigned char *s = (const unsigned char *)src;
    fen_board b;
    gbr_material m;
    int black = fen_common_shape(s, len, &b, &m);
    if (black >= 0)
        return fast_put_position(dst, cap, b.board, b.occupied, b.count, &m, indicator[result][black]);
    return fen_to_position_other(dst, cap, s, len, indicator[result], black == FEN_NOT_A_FEN);
}

/* Both FEN hooks: one fast path on a cleared board, *out only if it accepts. */
static int fen_hook(const char *s, size_t len, gbr_position *out, int common_shape)
{
    fen_board b;
    gbr_material m;
    gbr_result r = fast_ok(0);
    memset(b.board, 0, 64);
    int black = common_shape ? fen_common_shape((const unsigned char *)s, len, &b, &m)
                             : fen_placement((const unsigned char *)s, len, &b, &m, &r);
    if (black < 0 || r.error != GBR_OK)
        return 0;
    fen_board_out(&b, black, out);
    return 1;
}

int fast_hook_fen_placement(const char *s, size_t len, gbr_position *out) { return fen_hook(s, len, out, 0); }
int fast_hook_fen_common_shape(const char *s, size_t len, gbr_position *out) { return fen_hook(s, len, out, 1); }
