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


/* A placement as the position writer takes it: the code of each occupied
 * square (the other squares keep what they held), the men of each code and
 * the occupied squares. */
typedef struct fen_board {
    uint8_t board[256]; /* 64-255: scratch for a refused text's men (any byte index) */
    uint8_t count[16];
    uint64_t occupied;
} fen_board;

#if FAST_SSE2
/* The placement read 16 bytes at a time. Each byte adds to the GBR index
 * of the next square, 8 * file + rank: 8 per file (a man or a run), -65 for
 * a '/' (from a complete rank, index 64 + rank, to the next rank's first
 * file); the index after each byte is a prefix sum in byte lanes, started
 * at 7 (a8). A valid placement keeps it within 0-71 after every byte, and
 * within 0-6 after a '/'; checking that in every lane keeps the byte sums
 * exact (one step moves at most +64 or -65, and a wrap would leave the
 * range), so the scalar scan's argument holds: eight ranks of 8 files when
 * the index is 64 at the space. Men are the lanes that are neither digits
 * 1-8 nor '/': their square is the index before them, their code from
 * fast_fen_class (0, a scratch code, for any other byte: refused). */
typedef struct fen_piece {
    __m128i after; /* the index after each byte */
    unsigned out;  /* lanes out of range */
    unsigned bad;  /* lanes out of range, or pawns on rank 1 or 8 */
    unsigned men;  /* lanes that are men */
} fen_piece;

/* Lanes lo-15 of v (the lanes below lo were read before), the index before
 * lane lo in every lane of `index`; bad and men only cover `lanes`, the
 * bytes of the placement among lanes lo-15 (lanes past its end do not
 * change the sums below them). */
static inline fen_piece fen_read_piece(__m128i v, unsigned lo, unsigned lanes, __m128i index)
{
    /* Lane k is kept when k >= lo: loadu(keep + 16 - lo). */
    static const uint8_t keep[32] = {0,    0,    0,    0,    0,    0,    0,    0,    0,    0,    0,
                                     0,    0,    0,    0,    0,    0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
                                     0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF};
    fen_piece p;
    __m128i d = _mm_sub_epi8(v, _mm_set1_epi8('1'));
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(d, _mm_set1_epi8(7)), d);
    __m128i slash = _mm_cmpeq_epi8(v, _mm_set1_epi8('/'));
    /* Steps: (d + 1) * 8 for a digit, 8 for a man, 8 - 73 for '/'. */
    __m128i q = _mm_add_epi8(_mm_slli_epi16(_mm_and_si128(d, digit), 3), _mm_set1_epi8(8));
    q = _mm_sub_epi8(q, _mm_and_si128(slash, _mm_set1_epi8(73)));
    q = _mm_and_si128(q, _mm_loadu_si128((const __m128i *)(const void *)(keep + 16 - lo)));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 1));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 2));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 4));
    q = _mm_add_epi8(q, _mm_slli_si128(q, 8));
    p.after = _mm_add_epi8(q, index);
    /* Limits: 71 after a file, 6 after a '/'. */
    __m128i limit = _mm_sub_epi8(_mm_set1_epi8(71), _mm_and_si128(slash, _mm_set1_epi8(65)));
    __m128i within = _mm_cmpeq_epi8(_mm_min_epu8(p.after, limit), p.after);
    /* A pawn ('P' or 'p': no other byte becomes 'p' with bit 5 set) on rank
     * 1 or 8: its square's rank, after & 7, is 0 or 7, so after + 1 has
     * neither bit 1 nor bit 2. */
    __m128i pawn = _mm_cmpeq_epi8(_mm_or_si128(v, _mm_set1_epi8(0x20)), _mm_set1_epi8('p'));
    __m128i edge = _mm_cmpeq_epi8(_mm_and_si128(_mm_add_epi8(p.after, _mm_set1_epi8(1)), _mm_set1_epi8(6)),
                                  _mm_setzero_si128());
    __m128i good = _mm_andnot_si128(_mm_and_si128(pawn, edge), within);
    p.out = ~(unsigned)_mm_movemask_epi8(within) & lanes;
    p.bad = ~(unsigned)_mm_movemask_epi8(good) & lanes;
    p.men = ~(unsigned)_mm_movemask_epi8(_mm_or_si128(digit, slash)) & lanes;
    return p;
}

/* Lanes of v holding a space. */
static inline unsigned fen_spaces(__m128i v)
{
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')));
}

/* Lanes lo-15 up to the first space. */
static inline unsigned fen_lanes_to_space(unsigned spaces, unsigned lo)
{
    return (((spaces & (0u - spaces)) - 1u) & 0xFFFFu) >> lo << lo;
}

/* Lane 15 in every lane: the index the next piece starts from. */
static inline __m128i fen_last_index(__m128i after)
{
    return _mm_shuffle_epi32(_mm_shufflehi_epi16(_mm_unpackhi_epi8(after, after), 0xFF), 0xFF);
}

/* Men at bytes `men` (bit k for byte k of s) onto the board, on squares
 * at[k]. */
static inline void fen_put_men(const unsigned char *s, const uint8_t *at, uint64_t men, fen_board *b)
{
    uint64_t occupied = 0;
    for (; men; men &= men - 1) {
        size_t k = (size_t)__builtin_ctzll(men);
        /* A man's step holds its board code; any other byte (a space too:
         * the known-length path reaches them) takes 0, a scratch code,
         * refused. */
        unsigned code = (unsigned)fast_fen_step[s[k]] & 15u, sq = at[k];
        b->board[sq] = (uint8_t)code;
        b->count[code]++;
        occupied |= 1ULL << (sq & 63u);
    }
    b->occupied |= occupied;
}

/* A man's square: the index before it, 8 less than after it. */
static inline __m128i fen_squares(__m128i after) { return _mm_sub_epi8(after, _mm_set1_epi8(8)); }

/* Any placement up to 80 bytes, piece by piece. */
static __attribute__((noinline)) size_t fen_men_long(const unsigned char *s, size_t len, fen_board *b)
{
    __m128i index = _mm_set1_epi8(7);
    unsigned bad = 0;
    for (size_t off = 0; off < 80 && off < len; off += 16) {
        size_t base = off + 16 <= len ? off : len - 16;
        unsigned lo = (unsigned)(off - base);
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + base));
        unsigned spaces = fen_spaces(v);
        fen_piece p = fen_read_piece(v, lo, fen_lanes_to_space(spaces, lo), index);
        uint8_t at[16];
        _mm_storeu_si128((__m128i *)(void *)at, fen_squares(p.after));
        fen_put_men(s + base, at, p.men, b);
        bad |= p.bad;
        if (spaces) {
            /* The space is a step of 8 too: square 64 for it is index 64 before it. */
            unsigned k = (unsigned)__builtin_ctz(spaces);
            return bad || at[k] != 64 ? 0 : base + k;
        }
        index = fen_last_index(p.after);
    }
    return 0;
}

/* Returns the space's index, or 0 (no space in the first 80 bytes, or a
 * rule broken; a byte that is no man leaves count[0] non-zero). The first
 * 32 bytes (or all, when fewer) are read as two pieces with one pass over
 * their men: most placements end there. */
static inline __attribute__((always_inline)) size_t fen_men_sse2(const unsigned char *s, size_t len, fen_board *b)
{
    /* The shortest placement, Kk6/8/8/8/8/8/8/8, has 16 bytes. */
    if (len < 17)
        return 0;
    /* The second piece: bytes 16-31, or the last 16 (lanes below lo repeat
     * bytes of the first). */
    size_t base = len >= 32 ? 16 : len - 16;
    unsigned lo = (unsigned)(16 - base);
    __m128i v0 = _mm_loadu_si128((const __m128i *)(const void *)s);
    unsigned spaces0 = fen_spaces(v0);
    fen_piece p0 = fen_read_piece(v0, 0, fen_lanes_to_space(spaces0, 0), _mm_set1_epi8(7));
    if (spaces0 == 0) {
        __m128i v1 = _mm_loadu_si128((const __m128i *)(const void *)(s + base));
        unsigned spaces1 = fen_spaces(v1);
        if (spaces1 == 0)
            return len > 32 ? fen_men_long(s, len, b) : 0;
        fen_piece p1 = fen_read_piece(v1, lo, fen_lanes_to_space(spaces1, lo), fen_last_index(p0.after));
        /* Bytes 0-31 in order: the second piece's lanes below lo covered by the first. */
        uint8_t at[32];
        _mm_storeu_si128((__m128i *)(void *)(at + base), fen_squares(p1.after));
        _mm_storeu_si128((__m128i *)(void *)at, fen_squares(p0.after));
        fen_put_men(s, at, p0.men | (uint64_t)p1.men << base, b);
        unsigned k = (unsigned)__builtin_ctz(spaces1);
        return p0.bad | p1.bad || at[base + k] != 64 ? 0 : base + k;
    }
    uint8_t at[16];
    _mm_storeu_si128((__m128i *)(void *)at, fen_squares(p0.after));
    fen_put_men(s, at, p0.men, b);
    unsigned k = (unsigned)__builtin_ctz(spaces0);
    return p0.bad || at[k] != 64 ? 0 : k;
}

/* The lanes of a placement of 17-32 bytes read as two pieces, bit k for
 * byte k: what the first rule it breaks is found from. */
typedef struct fen_lanes {
    uint32_t men; /* neither a digit 1-8 nor '/' */
    uint32_t out; /* the index out of range after the byte */
    uint32_t bad; /* out, or a pawn on rank 1 or 8 */
    int complete; /* index 64 after the last byte */
} fen_lanes;

/* A placement of exactly n bytes, 17-32 (the text's first n), read as two
 * pieces: its lanes, and at[k] the square of byte k. */
static inline __attribute__((always_inline)) fen_lanes fen_read_exact(const unsigned char *s, size_t n, uint8_t at[32])
{
    size_t base = n - 16;
    unsigned lo = (unsigned)(32 - n);
    fen_piece p0 = fen_read_piece(_mm_loadu_si128((const __m128i *)(const void *)s), 0, 0xFFFFu, _mm_set1_epi8(7));
    fen_piece p1 = fen_read_piece(_mm_loadu_si128((const __m128i *)(const void *)(s + base)), lo,
                                  0xFFFFu >> lo << lo, fen_last_index(p0.after));
    _mm_storeu_si128((__m128i *)(void *)(at + base), fen_squares(p1.after));
    _mm_storeu_si128((__m128i *)(void *)at, fen_squares(p0.after));
    fen_lanes l;
    l.men = p0.men | p1.men << base;
    l.out = p0.out | p1.out << base;
    l.bad = p0.bad | p1.bad << base;
    /* Index 64 after the last byte (at[] holds the index after each byte less 8). */
    l.complete = at[n - 1] == 56;
    return l;
}

/* A placement of exactly n bytes, 17-32 (the text's first n), read onto the
 * board: 1 when it is valid as far as the lanes show (no space needed after
 * it: any byte that is no man, a space included, leaves count[0] non-zero),
 * else 0. */
static inline __attribute__((always_inline)) int fen_men_exact(const unsigned char *s, size_t n, fen_board *b)
{
    uint8_t at[32];
    fen_lanes l = fen_read_exact(s, n, at);
    fen_put_men(s, at, l.men, b);
    return !l.bad && l.complete;
}
#endif

/* The men counts of a placement read onto the board: 1 and *m its material
 * code when no byte was refused, each side has one king and the counts can
 * exist; else 0. */
static inline int fen_counts(const fen_board *b, gbr_material *m)
{
    if (b->count[0] != 0 || b->count[GBR_WK] != 1 || b->count[GBR_BK] != 1)
        return 0;
    /* Too many pawns or promoted pieces: the precise scanner reports them. */
    uint32_t w4, b4;
    memcpy(&w4, b->count + GBR_WQ, 4);
    memcpy(&b4, b->count + GBR_BQ, 4);
#if FAST_LITTLE_ENDIAN
    unsigned white_pawns = b->count[GBR_WP], black_pawns = b->count[GBR_BP];
    if (!fast_counts_to_material(w4, white_pawns, b4, black_pawns, m))
        return 0;
#else
    gbr_counts c;
    memcpy(c.count[0], b->count + GBR_WQ, 5);
    memcpy(c.count[1], b->count + GBR_BQ, 5);
    (void)w4;
    (void)b4;
    if (fast_check_counts(&c) != GBR_OK)
        return 0;
    fast_material_of_counts(&c, m);
#endif
    return 1;
}

/* A valid placement (every placement rule of §6) read with no error
 * bookkeeping, straight onto the board: returns the index of the byte after
 * it (a space), or 0 to send the text to the precise scanner (which starts
 * again from column 1 and finds the first rule broken). *m receives the
 * material code. */
static inline __attribute__((always_inline)) size_t fen_men(const unsigned char *s, size_t len, fen_board *b,
                                                            gbr_material *m)
{
    memset(b->count, 0, sizeof b->count);
    b->occupied = 0;
#if FAST_SSE2
    size_t i = fen_men_sse2(s, len, b);
    if (i == 0)
        return 0;
#else
    /* A valid placement ends at the first space, itself a stop character:
     * knowing it is there, the scan below checks no bound. */
    const unsigned char *space = len ? memchr(s, ' ', len) : NULL;
    if (space == NULL)
        return 0;
    /* sq is the GBR index of the next file's square, 8 * file + rank: every
     * man or run adds 8 per file, so sq % 8 stays the rank and the rank is
     * complete exactly when sq / 8 == 8; a '/' there (sq 65-71: not after
     * the first rank) moves it to the next rank's first file, sq - 65. A
     * refused step sets bad for good; sq may then wrap, masked below. Code 0
     * (digits, '/', refused bytes) places nothing. */
    uint64_t sq = 7, pawns = 0;
    unsigned bad = 0;
    for (const unsigned char *p = s; p < space; p++) {
        int32_t step = fast_fen_step[*p];
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
    if (bad || sq != 64 || (pawns & FAST_RANKS_1_AND_8))
        return 0;
    size_t i = (size_t)(space - s);
#endif
    return fen_counts(b, m) ? i : 0;
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

/* The side to move at s[end + 1] after a placement the fast path read:
 * 0 white, 1 black, -1 when it is not there (the precise scanner reports). */
static inline int fen_side(const unsigned char *s, size_t len, size_t end)
{
    if (end == 0 || end + 1 >= len)
        return -1;
    return s[end + 1] == 'w' ? 0 : s[end + 1] == 'b' ? 1 : -1;
}

/* The side to move when the fields after a placement the fast path read are
 * the ones most FENs carry, " w - - 0 1" or " b - - 0 1": 0 white, 1 black;
 * -1 for anything else (fen_side and fen_tail then read them). */
static inline int fen_common_tail(const unsigned char *s, size_t len, size_t end)
{
    if (end == 0 || len - end != 10 || memcmp(s + end + 2, " - - 0 1", 8) != 0)
        return -1;
    /* No branch on the side itself: it is either with even odds. */
    unsigned side = s[end + 1], black = side == 'b';
    return (int)(black | (side == 'w')) - 1 + (int)black;
}

gbr_result fast_parse_fen(const char *src, size_t len, gbr_position *out)
{
    if (fast_bad_input(src, len, out))
        return fast_error(GBR_E_ARGUMENT, 0);
    const unsigned char *s = (const unsigned char *)src;
    fen_board b;
    gbr_material m;
    memset(b.board, 0, 64);
    size_t end = fen_men(s, len, &b, &m);
    int black = fen_side(s, len, end);
    if (black < 0) {
        /* The scanner builds the board in place: *out only on success. */
        gbr_position p;
        gbr_result r = fen_precise(s, len, &p);
        if (r.error == GBR_OK)
            *out = p;
        return r;
    }
    gbr_result tail = fen_tail(s, len, end + 2);
    if (tail.error)
        return tail;
    memcpy(out->board, b.board, 64);
    out->indicator = black ? GBR_IND_BTM : GBR_IND_WTM;
    return tail;
}

/* The precise scanner's answer, as a position form when the text was a
 * FEN after all; out of line, like the scanner. */
static __attribute__((noinline)) gbr_result fen_to_position_precise(char *dst, size_t cap, const unsigned char *s,
                                                                     size_t len, const uint8_t indicator[2])
{
    gbr_position p;
    gbr_result r = fen_precise(s, len, &p);
    if (r.error)
        return r;
    p.indicator = indicator[p.indicator == GBR_IND_BTM];
    return fast_format_position(dst, cap, &p);
}

/* gbr_fen_to_position for any text: the placement read up to its space,
 * then the other fields. Out of line, so the common path below stays light. */
static __attribute__((noinline)) gbr_result fen_to_position_general(char *dst, size_t cap, const unsigned char *s,
                                                                     size_t len, const uint8_t indicator[2])
{
    fen_board b;
    gbr_material m;
    size_t end = fen_men(s, len, &b, &m);
    int black = fen_common_tail(s, len, end);
    if (black < 0) {
        black = fen_side(s, len, end);
        if (black < 0)
            return fen_to_position_precise(dst, cap, s, len, indicator);
        gbr_result tail = fen_tail(s, len, end + 2);
        if (tail.error)
            return tail;
    }
    return fast_put_position(dst, cap, b.board, b.occupied, b.count, &m, indicator[black]);
}

#if FAST_SSE2
/* Bit k set where byte k of a placement of n bytes, 17-32, read as two
 * pieces (bytes 0-15 and n-16 to n-1), is equal in eq0 or eq1. */
static inline uint32_t fen_lane_bits(__m128i eq0, __m128i eq1, size_t n)
{
    unsigned lo = (unsigned)(32 - n);
    return (uint32_t)_mm_movemask_epi8(eq0) | ((uint32_t)_mm_movemask_epi8(eq1) >> lo << lo) << (n - 16);
}

static inline __m128i fen_equal(__m128i v, char c) { return _mm_cmpeq_epi8(v, _mm_set1_epi8(c)); }

/* Lanes of v holding a piece letter: folded to lower case, no other byte
 * becomes one. */
static inline __m128i fen_letters(__m128i v)
{
    __m128i f = _mm_or_si128(v, _mm_set1_epi8(0x20));
    return _mm_or_si128(_mm_or_si128(_mm_or_si128(fen_equal(f, 'k'), fen_equal(f, 'q')),
                                     _mm_or_si128(fen_equal(f, 'r'), fen_equal(f, 'b'))),
                        _mm_or_si128(fen_equal(f, 'n'), fen_equal(f, 'p')));
}

/* The lowest 8 bits of x cleared: a side's ninth pawn. */
static inline uint32_t fen_past_eight(uint32_t x)
{
    for (unsigned k = 0; k < 8; k++)
        x &= x - 1;
    return x;
}

/* The first rule broken (§9.3) by a text of the common shape, a placement
 * of 17-32 bytes then " w - - 0 1" or " b - - 0 1" with any byte for the
 * side, which the fast path refused: from the placement's lanes, with no
 * byte loop. Every lane below the first broken one is exact (its index in
 * range), so that lane's rule is the one the scanner would report there.
 * A space among the placement's bytes may end it early: the precise
 * scanner takes those. */
static __attribute__((noinline)) gbr_result fen_exact_error(char *dst, size_t cap, const unsigned char *s, size_t len,
                                                            const fen_board *b, const uint8_t indicator[2])
{
    size_t n = len - 10;
    uint8_t at[32];
    fen_lanes l = fen_read_exact(s, n, at);
    __m128i v0 = _mm_loadu_si128((const __m128i *)(const void *)s);
    __m128i v1 = _mm_loadu_si128((const __m128i *)(const void *)(s + n - 16));
    /* Men that are no piece letter: other bytes (a space among them). */
    uint32_t refused = l.men & ~fen_lane_bits(fen_letters(v0), fen_letters(v1), n);
    uint32_t white_king = fen_lane_bits(fen_equal(v0, 'K'), fen_equal(v1, 'K'), n);
    uint32_t black_king = fen_lane_bits(fen_equal(v0, 'k'), fen_equal(v1, 'k'), n);
    uint32_t white_pawn = fen_lane_bits(fen_equal(v0, 'P'), fen_equal(v1, 'P'), n);
    uint32_t black_pawn = fen_lane_bits(fen_equal(v0, 'p'), fen_equal(v1, 'p'), n);
    uint32_t second_king = (white_king & (white_king - 1)) | (black_king & (black_king - 1));
    uint32_t first = l.bad | refused | second_king | fen_past_eight(white_pawn) | fen_past_eight(black_pawn);
    if (first) {
        unsigned i = (unsigned)__builtin_ctz(first);
        uint32_t lane = 1u << i;
        if (s[i] == ' ')
            return fen_to_position_precise(dst, cap, s, len, indicator);
        /* A man's rules in the scanner's order: the letter, the rank's
         * room, the pawn's rank, the second king, the ninth pawn. */
        gbr_error e = !(l.men & lane) ? GBR_E_FEN_RANK /* a run or '/' past its limit */
                      : refused & lane ? GBR_E_FEN_PIECE
                      : l.out & lane   ? GBR_E_FEN_RANK
                      : l.bad & lane   ? GBR_E_PAWN_RANK
                      : second_king & lane ? GBR_E_FEN_KINGS
                                           : GBR_E_TOO_MANY_PAWNS;
        return fast_error(e, i + 1);
    }
    /* The placement's space reached before its eighth rank is complete. */
    if (!l.complete)
        return fast_error(GBR_E_FEN_RANK, n + 1);
    if (white_king == 0 || black_king == 0)
        return fast_error(GBR_E_FEN_KINGS, 1);
    /* One king a side and at most 8 pawns: the counts fail only on §1's
     * promotion rule. */
    gbr_material m;
    if (!fen_counts(b, &m))
        return fast_error(GBR_E_PROMOTIONS, 1);
    /* All of the placement holds: the side is neither 'w' nor 'b'. */
    return fast_error(GBR_E_FEN_FIELD, n + 2);
}
#endif

/* gbr_fen_to_position fused: the placement goes onto a board of the
 * occupied squares only and the position form is written from it. */
gbr_result fast_fen_to_position(char *dst, size_t cap, const char *src, size_t len, gbr_result_option result)
{
    if ((src == NULL && len != 0) || fast_bad_output(dst, cap) || (unsigned)result > GBR_RESULT_DRAW)
        return fast_error(GBR_E_ARGUMENT, 0);
    /* [result][black to move] */
    static const uint8_t indicator[3][2] = {
        {GBR_IND_WTM, GBR_IND_BTM}, {GBR_IND_WIN, GBR_IND_BLACK_WIN}, {GBR_IND_DRAW, GBR_IND_BLACK_DRAW}};
    const unsigned char *s = (const unsigned char *)src;
#if FAST_SSE2
    /* Most FENs: a placement of 17-32 bytes, then " w - - 0 1" or " b - - 0 1"
     * ending the text. A FEN ending so has its placement in exactly the
     * first len - 10 bytes (the five tail fields hold no space), so when it
     * is refused there, the text is no FEN: its lanes say why. */
    if (len >= 27 && len <= 42 && memcmp(s + len - 8, " - - 0 1", 8) == 0 && s[len - 10] == ' ') {
        unsigned side = s[len - 9], black = side == 'b';
        fen_board b;
        gbr_material m;
        memset(b.count, 0, sizeof b.count);
        b.occupied = 0;
        if (fen_men_exact(s, len - 10, &b) && fen_counts(&b, &m) && (black | (side == 'w')))
            return fast_put_position(dst, cap, b.board, b.occupied, b.count, &m, indicator[result][black]);
        return fen_exact_error(dst, cap, s, len, &b, indicator[result]);
    }
#endif
    return fen_to_position_general(dst, cap, s, len, indicator[result]);
}
