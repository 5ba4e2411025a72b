/* Generators of GBR values and texts: see gen.h. */
#include "gen.h"

#include <string.h>

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void gen_seed(gen_rng *rng, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&seed);
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t gen_next(gen_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint32_t gen_below(gen_rng *rng, uint32_t n) { return (uint32_t)((gen_next(rng) >> 32) * n >> 32); }

int gen_range(gen_rng *rng, int lo, int hi) { return lo + (int)gen_below(rng, (uint32_t)(hi - lo + 1)); }

int gen_chance(gen_rng *rng, uint32_t num, uint32_t den) { return gen_below(rng, den) < num; }


static const int original_complement[5] = {1, 2, 2, 2, 8};

int gen_type_limit(int type) { return type == GBR_PAWN ? 8 : original_complement[type] + 8; }

static int pick_pawns(gen_rng *rng)
{
    switch (gen_below(rng, 10)) {
    case 0: case 1: case 2: return 0;
    case 3: return 8;
    default: return gen_range(rng, 1, 7);
    }
}

/* One side's men: pawns first, then each type from what the missing pawns
 * still allow as promotions. */
static void pick_side(gen_rng *rng, uint8_t count[5])
{
    memset(count, 0, 5);
    if (gen_chance(rng, 1, 8))
        return; /* bare king */
    if (gen_chance(rng, 1, 16)) { /* the full complement: up to 32 men on the board */
        static const uint8_t full[5] = {1, 2, 2, 2, 8};
        memcpy(count, full, 5);
        return;
    }
    int pawns = pick_pawns(rng);
    int budget = 8 - pawns; /* promotions still allowed */
    count[GBR_PAWN] = (uint8_t)pawns;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        int orig = original_complement[type];
        int n;
        switch (gen_below(rng, 16)) {
        case 0: case 1: case 2: case 3: case 4: case 5: n = 0; break;
        case 6: /* three or more: a §5 group when the budget allows */
            n = budget >= 3 - orig ? gen_range(rng, 3, orig + budget) : orig;
            break;
        case 7: case 8: n = orig + (budget ? gen_range(rng, 0, budget) : 0); break;
        default: n = gen_range(rng, 0, orig); break;
        }
        if (n > orig)
            budget -= n - orig;
        count[type] = (uint8_t)n;
    }
}

void gen_counts(gen_rng *rng, gbr_counts *counts)
{
    pick_side(rng, counts->count[GBR_WHITE]);
    pick_side(rng, counts->count[GBR_BLACK]);
}

static int free_square(gen_rng *rng, const gbr_position *p, int pawn)
{
    for (;;) {
        int sq = (int)gen_below(rng, 64);
        int rank = sq % 8;
        if (p->board[sq] == GBR_EMPTY && (!pawn || (rank >= 1 && rank <= 6)))
            return sq;
    }
}

static void place_counts(gen_rng *rng, const gbr_counts *counts, gbr_position *p)
{
    memset(p->board, 0, sizeof p->board);
    p->board[free_square(rng, p, 0)] = GBR_WK;
    p->board[free_square(rng, p, 0)] = GBR_BK;
    for (int colour = 0; colour < 2; colour++)
        for (int type = GBR_QUEEN; type <= GBR_PAWN; type++)
            for (int i = 0; i < counts->count[colour][type]; i++)
                p->board[free_square(rng, p, type == GBR_PAWN)] = (uint8_t)((colour << 3) | (type + 1));
}

void gen_position(gen_rng *rng, gbr_position *p)
{
    gbr_counts counts;
    gen_counts(rng, &counts);
    place_counts(rng, &counts, p);
    p->indicator = (uint8_t)gen_below(rng, 7);
}

void gen_position_near(gen_rng *rng, const gbr_position *base, gbr_position *p)
{
    *p = *base;
    switch (gen_below(rng, 6)) {
    case 0: /* the same men elsewhere */ {
        gbr_counts counts;
        gbr_position_counts(base, &counts);
        place_counts(rng, &counts, p);
        break;
    }
    case 1: /* one man moved (kings included) */
    case 2: {
        int from;
        do
            from = (int)gen_below(rng, 64);
        while (p->board[from] == GBR_EMPTY);
        uint8_t man = p->board[from];
        p->board[from] = GBR_EMPTY;
        p->board[free_square(rng, p, (man & 7) == GBR_PAWN + 1)] = man;
        break;
    }
    case 3: p->indicator = (uint8_t)gen_below(rng, 7); break;
    case 4: /* one man fewer */ {
        gbr_position smaller;
        if (position_shrink(base, gen_below(rng, 32), &smaller))
            *p = smaller;
        break;
    }
    default: gen_position(rng, p); break;
    }
}

int position_equal(const gbr_position *a, const gbr_position *b)
{
    return memcmp(a->board, b->board, sizeof a->board) == 0 && a->indicator == b->indicator;
}

int position_king(const gbr_position *p, int colour)
{
    for (int sq = 0; sq < 64; sq++)
        if (p->board[sq] == (colour ? GBR_BK : GBR_WK))
            return sq;
    return -1;
}

int position_shrink(const gbr_position *p, size_t index, gbr_position *candidate)
{
    for (int sq = 0; sq < 64; sq++) {
        uint8_t man = p->board[sq];
        if (man == GBR_EMPTY || man == GBR_WK || man == GBR_BK)
            continue;
        if (index-- == 0) {
            *candidate = *p;
            candidate->board[sq] = GBR_EMPTY;
            return 1;
        }
    }
    if (p->indicator != GBR_IND_NONE && index == 0) {
        *candidate = *p;
        candidate->indicator = GBR_IND_NONE;
        return 1;
    }
    return 0;
}

const char *const gen_indicator_text[7] = {"", "+", "=", "-+", "-=", " WTM", " BTM"};

int gen_study(gen_rng *rng, const gbr_codec *c, gbr_study *s)
{
    gbr_position p;
    gbr_counts counts;
    gen_position(rng, &p);
    gbr_position_counts(&p, &counts);
    if (gbr_material_from_counts(c, &counts, &s->material).error)
        return 0;
    s->white_king = (uint8_t)position_king(&p, GBR_WHITE);
    s->black_king = (uint8_t)position_king(&p, GBR_BLACK);
    s->stipulation = (uint8_t)gen_below(rng, 3);
    return 1;
}

void gen_study_or_bare(gen_rng *rng, const gbr_codec *c, gbr_study *s)
{
    for (int attempt = 0; attempt < 100; attempt++)
        if (gen_study(rng, c, s))
            return;
    memset(s, 0, sizeof *s);
    s->black_king = 63;
}

/* Inserts text at position at of buf holding *len bytes. */
static void insert_text(char *buf, size_t *len, size_t at, const char *text)
{
    size_t n = strlen(text);
    if (*len + n > GEN_BYTES_MAX)
        return;
    memmove(buf + at + n, buf + at, *len - at);
    memcpy(buf + at, text, n);
    *len += n;
}

/* A FEN digit run d (2..8) may be written as two digits summing to d. */
static void split_fen_runs(gen_rng *rng, char *buf, size_t *len)
{
    for (size_t i = 0; i < *len && buf[i] != ' '; i++) {
        if (buf[i] >= '2' && buf[i] <= '8' && gen_chance(rng, 1, 3) && *len < GEN_BYTES_MAX) {
            int run = buf[i] - '0';
            int first = gen_range(rng, 1, run - 1);
            memmove(buf + i + 1, buf + i, *len - i);
            buf[i] = (char)('0' + first);
            buf[i + 1] = (char)('0' + run - first);
            (*len)++;
            i++;
        }
    }
}

static void vary_fen_fields(gen_rng *rng, char *buf, size_t *len)
{
    /* buf ends " - - 0 1": keep, drop all four, or rewrite them. */
    size_t side_end = *len - 8;
    switch (gen_below(rng, 3)) {
    case 0: break;
    case 1: *len = side_end; break;
    default: {
        static const char *const castling[] = {"-", "K", "Q", "k", "q", "KQ", "Kk", "KQkq", "Qq", "kq"};
        static const char *const ep[] = {"-", "e3", "a6", "h3", "d6"};
        char fields[64];
        int n = snprintf(fields, sizeof fields, " %s %s", castling[gen_below(rng, 10)], ep[gen_below(rng, 5)]);
        if (gen_chance(rng, 1, 2))
            n += snprintf(fields + n, sizeof fields - (size_t)n, " %u %u", gen_below(rng, 100000),
                          gen_below(rng, 100000));
        *len = side_end;
        insert_text(buf, len, *len, fields);
        break;
    }
    }
}

size_t gen_valid_text(gen_rng *rng, const gbr_codec *c, gen_form form, char *buf)
{
    gbr_result r = {GBR_E_ARGUMENT, 0, 0};
    size_t len = 0;
    switch (form) {
    case GEN_MATERIAL: {
        gbr_study s;
        if (!gen_study(rng, c, &s))
            return 0;
        r = gbr_format_material(c, buf, GEN_BYTES_MAX, &s.material);
        len = r.length;
        if (!r.error && s.material.pawns[0] == 0 && s.material.pawns[1] == 0 && gen_chance(rng, 1, 3))
            len = 4; /* the short form */
        break;
    }
    case GEN_STUDY: {
        gbr_study s;
        if (!gen_study(rng, c, &s))
            return 0;
        r = gbr_format_study(c, buf, GEN_BYTES_MAX, &s);
        len = r.length;
        if (r.error)
            break;
        size_t digits = s.stipulation ? 1 : 0;
        if (s.material.pawns[0] == 0 && s.material.pawns[1] == 0 && gen_chance(rng, 1, 3)) {
            memmove(buf + digits + 4, buf + digits + 7, len - digits - 7);
            len -= 3; /* the short form */
        }
        switch (gen_below(rng, 4)) {
        case 0: insert_text(buf, &len, 0, "["); insert_text(buf, &len, len, "]"); break;
        case 1: insert_text(buf, &len, 0, "("); insert_text(buf, &len, len, ")"); break;
        default: break;
        }
        break;
    }
    case GEN_POSITION: {
        gbr_position p;
        gen_position(rng, &p);
        r = gbr_format_position(c, buf, GEN_BYTES_MAX, &p);
        len = r.length;
        break;
    }
    case GEN_FEN: {
        gbr_position p;
        gen_position(rng, &p);
        r = gbr_format_fen(c, buf, GEN_BYTES_MAX, &p);
        len = r.length;
        if (!r.error && len > 8) {
            vary_fen_fields(rng, buf, &len);
            split_fen_runs(rng, buf, &len);
        }
        break;
    }
    case GEN_NAME: {
        gbr_counts counts;
        gen_counts(rng, &counts);
        r = gbr_format_name(c, buf, GEN_BYTES_MAX, &counts);
        len = r.length;
        break;
    }
    case GEN_FORM_COUNT: break;
    }
    return r.error ? 0 : len;
}

static uint8_t random_byte(gen_rng *rng)
{
    static const char alphabet[] = "0123456789abcdefghKQRBNPkqrbnpv./{}[]()+=- WTMBwxz\t";
    if (gen_chance(rng, 1, 16))
        return (uint8_t)gen_below(rng, 256);
    return (uint8_t)alphabet[gen_below(rng, sizeof alphabet - 1)];
}

/* Non-ASCII bytes that look like, or stand where, GBR characters do: UTF-8
 * fullwidth and Arabic-Indic digits, fullwidth letters, a no-break space, a
 * Latin-1 byte, NUL. Writes 1-3 bytes into out; returns how many. */
static size_t non_ascii(gen_rng *rng, uint8_t out[3])
{
    switch (gen_below(rng, 6)) {
    case 0: out[0] = 0xef, out[1] = 0xbc, out[2] = (uint8_t)(0x90 + gen_below(rng, 10)); return 3; /* U+FF10-FF19 */
    case 1: out[0] = 0xd9, out[1] = (uint8_t)(0xa0 + gen_below(rng, 10)); return 2;              /* U+0660-0669 */
    case 2: out[0] = 0xef, out[1] = 0xbd, out[2] = (uint8_t)(0x81 + gen_below(rng, 8)); return 3;  /* fullwidth a-h */
    case 3: out[0] = 0xc2, out[1] = 0xa0; return 2;                                                 /* U+00A0 */
    case 4: out[0] = (uint8_t)(0x80 + gen_below(rng, 128)); return 1;
    default: out[0] = 0; return 1;
    }
}

void gen_mutate(gen_rng *rng, gen_bytes *t)
{
    int rounds = gen_range(rng, 1, 3);
    for (int round = 0; round < rounds; round++) {
        size_t at = t->len ? gen_below(rng, (uint32_t)t->len) : 0;
        switch (gen_below(rng, 7)) {
        case 6: /* swap two neighbours */
            if (t->len > 1 && at + 1 < t->len) {
                uint8_t x = t->data[at];
                t->data[at] = t->data[at + 1];
                t->data[at + 1] = x;
            }
            break;
        case 5: /* non-ASCII in place of a byte, or between two */ {
            uint8_t bytes[3];
            size_t n = non_ascii(rng, bytes);
            size_t removed = t->len && gen_chance(rng, 1, 2) ? 1 : 0;
            if (t->len - removed + n > GEN_BYTES_MAX)
                break;
            memmove(t->data + at + n, t->data + at + removed, t->len - at - removed);
            memcpy(t->data + at, bytes, n);
            t->len = t->len - removed + n;
            break;
        }
        case 0: /* replace */
            if (t->len)
                t->data[at] = random_byte(rng);
            break;
        case 1: /* insert */
            if (t->len < GEN_BYTES_MAX) {
                at = gen_below(rng, (uint32_t)t->len + 1);
                memmove(t->data + at + 1, t->data + at, t->len - at);
                t->data[at] = random_byte(rng);
                t->len++;
            }
            break;
        case 2: /* delete */
            if (t->len) {
                memmove(t->data + at, t->data + at + 1, t->len - at - 1);
                t->len--;
            }
            break;
        case 3: /* truncate */
            t->len = gen_below(rng, (uint32_t)t->len + 1);
            break;
        default: /* duplicate a substring in place */ {
            if (!t->len)
                break;
            size_t n = (size_t)gen_range(rng, 1, (int)(t->len - at < 6 ? t->len - at : 6));
            if (t->len + n <= GEN_BYTES_MAX) {
                memmove(t->data + at + n, t->data + at, t->len - at);
                t->len += n;
            }
            break;
        }
        }
    }
}

void gen_text(gen_rng *rng, const gbr_codec *c, int mutate_pct, gen_bytes *out)
{
    if (gen_chance(rng, 1, 40)) { /* plain noise, now and then */
        out->len = gen_below(rng, 24);
        for (size_t i = 0; i < out->len; i++)
            out->data[i] = random_byte(rng);
        return;
    }
    out->len = gen_valid_text(rng, c, (gen_form)gen_below(rng, GEN_FORM_COUNT), (char *)out->data);
    if (gen_below(rng, 100) < (uint32_t)mutate_pct)
        gen_mutate(rng, out);
}

size_t gen_order_pair(gen_rng *rng, const gbr_codec *c, gen_form form, char *buf)
{
    /* A alone first; B the same text, a neighbour, or another text. */
    char second[GEN_BYTES_MAX];
    size_t a = 0, b = 0;
    if (form == GEN_POSITION) {
        gbr_position p, q;
        gen_position(rng, &p);
        gen_position_near(rng, &p, &q);
        if (gen_chance(rng, 1, 4))
            q = p;
        gbr_result r = gbr_format_position(c, buf, GEN_BYTES_MAX, &p);
        gbr_result s = gbr_format_position(c, second, GEN_BYTES_MAX, &q);
        if (r.error || s.error)
            return 0;
        a = r.length, b = s.length;
    } else {
        a = gen_valid_text(rng, c, form, buf);
        if (gen_chance(rng, 1, 4)) {
            memcpy(second, buf, a);
            b = a;
        } else {
            b = gen_valid_text(rng, c, form, second);
        }
        if (!a || !b)
            return 0;
    }
    if (a + 1 + b > GEN_BYTES_MAX)
        return 0;
    buf[a] = '|';
    memcpy(buf + a + 1, second, b);
    return a + 1 + b;
}

static void put_text(gen_bytes *t, const char *s)
{
    size_t k = strlen(s);
    if (t->len + k <= sizeof t->data) {
        memcpy(t->data + t->len, s, k);
        t->len += k;
    }
}
static void put_byte(gen_bytes *t, char c)
{
    if (t->len < sizeof t->data)
        t->data[t->len++] = (uint8_t)c;
}
static void put_square(gen_bytes *t, unsigned sq)
{
    put_byte(t, (char)('a' + sq / 8));
    put_byte(t, (char)('1' + sq % 8));
}

/* ---- Texts written by hand, never through a codec ---- */

/* Endgame-like exact counts: 0-3 of a piece type, 0-8 pawns, sometimes
 * more (three or more of a type gives a digit 9). */
void gen_any_counts(gen_rng *rng, gbr_counts *c, unsigned max_men)
{
    memset(c, 0, sizeof *c);
    unsigned men = gen_below(rng, max_men + 1);
    for (unsigned k = 0; k < men; k++) {
        unsigned side = gen_below(rng, 2), type = gen_below(rng, 5);
        if (gen_below(rng, 4) == 0)
            type = GBR_PAWN;
        if (c->count[side][type] < (type == GBR_PAWN ? 8 : 4))
            c->count[side][type]++;
    }
}

/* A random board with one king a side; pawns off ranks 1 and 8. */
int gen_board(gen_rng *rng, gbr_position *p, const gbr_counts *c)
{
    memset(p, 0, sizeof *p);
    unsigned wk = gen_below(rng, 64), bk;
    do
        bk = gen_below(rng, 64);
    while (bk == wk);
    p->board[wk] = GBR_WK;
    p->board[bk] = GBR_BK;
    for (unsigned side = 0; side < 2; side++)
        for (unsigned type = 0; type < 5; type++)
            for (unsigned n = 0; n < c->count[side][type]; n++) {
                unsigned sq, tries = 0;
                do {
                    sq = gen_below(rng, 64);
                    if (++tries > 1000)
                        return 0;
                } while (p->board[sq] || (type == GBR_PAWN && (sq % 8 == 0 || sq % 8 == 7)));
                p->board[sq] = (uint8_t)(8 * side + type + 1);
            }
    p->indicator = (uint8_t)gen_below(rng, 7);
    return 1;
}


/* A position form written by hand from the board (not by either codec). */
void gen_write_position(gen_bytes *t, const gbr_position *p)
{
    unsigned cnt[2][6] = {{0}};
    unsigned wk = 0, bk = 0;
    for (unsigned sq = 0; sq < 64; sq++) {
        unsigned v = p->board[sq];
        if (v == GBR_WK)
            wk = sq;
        else if (v == GBR_BK)
            bk = sq;
        else if (v)
            cnt[v >> 3][(v & 7) - 1]++;
    }
    t->len = 0;
    put_square(t, wk);
    put_square(t, bk);
    put_byte(t, ' ');
    char buf[16];
    unsigned digit[4], men = 0;
    for (unsigned type = 0; type < 4; type++) {
        digit[type] = cnt[0][type] >= 3 || cnt[1][type] >= 3 ? 9 : cnt[0][type] + 3 * cnt[1][type];
        men += cnt[0][type] + cnt[1][type];
    }
    men += cnt[0][4] + cnt[1][4];
    snprintf(buf, sizeof buf, "%u%u%u%u.%u%u", digit[0], digit[1], digit[2], digit[3], cnt[0][4], cnt[1][4]);
    put_text(t, buf);
    if (men) {
        put_byte(t, ' ');
        for (unsigned type = 0; type < 5; type++) {
            if (type == 4 && cnt[0][4] + cnt[1][4])
                put_byte(t, '.');
            if (type < 4 && digit[type] == 9)
                put_byte(t, '{');
            for (unsigned side = 0; side < 2; side++) {
                if (side && type < 4 && digit[type] == 9)
                    put_byte(t, '/');
                for (unsigned sq = 0; sq < 64; sq++)
                    if (p->board[sq] == 8 * side + type + 1)
                        put_square(t, sq);
            }
            if (type < 4 && digit[type] == 9)
                put_byte(t, '}');
        }
    }
    snprintf(buf, sizeof buf, " %u/%u", 1 + cnt[0][0] + cnt[0][1] + cnt[0][2] + cnt[0][3] + cnt[0][4],
             1 + cnt[1][0] + cnt[1][1] + cnt[1][2] + cnt[1][3] + cnt[1][4]);
    put_text(t, buf);
    put_text(t, gen_indicator_text[p->indicator < 7 ? p->indicator : 0]);
    put_byte(t, '.');
}

void gen_write_fen(gen_rng *rng, gen_bytes *t, const gbr_position *p)
{
    static const char letters[] = "?QRBNPK??qrbnpk?";
    t->len = 0;
    for (int rank = 7; rank >= 0; rank--) {
        unsigned run = 0;
        for (unsigned file = 0; file < 8; file++) {
            unsigned v = p->board[file * 8 + (unsigned)rank];
            /* Sometimes split a run in two digits: still a valid FEN. */
            if (v == 0 && run > 0 && gen_below(rng, 8) == 0) {
                put_byte(t, (char)('0' + run));
                run = 0;
            }
            if (v == 0) {
                run++;
                continue;
            }
            if (run)
                put_byte(t, (char)('0' + run));
            run = 0;
            put_byte(t, letters[v & 15]);
        }
        if (run)
            put_byte(t, (char)('0' + run));
        if (rank)
            put_byte(t, '/');
    }
    put_text(t, gen_below(rng, 2) ? " w" : " b");
    switch (gen_below(rng, 4)) {
    case 0: break;
    case 1: put_text(t, gen_below(rng, 2) ? " - -" : " KQkq e3"); break;
    case 2: put_text(t, gen_below(rng, 2) ? " - - 0 1" : " Kq - 12 40"); break;
    default: put_text(t, gen_below(rng, 2) ? " k h6 99999 1" : " Qk - 3 7"); break;
    }
}

void gen_write_material(gen_rng *rng, gen_bytes *t, const gbr_counts *c)
{
    char buf[16];
    unsigned d[4];
    for (unsigned type = 0; type < 4; type++)
        d[type] = c->count[0][type] >= 3 || c->count[1][type] >= 3 ? 9 : c->count[0][type] + 3u * c->count[1][type];
    t->len = 0;
    if (gen_below(rng, 8) == 0 && c->count[0][4] == 0 && c->count[1][4] == 0)
        snprintf(buf, sizeof buf, "%u%u%u%u", d[0], d[1], d[2], d[3]);
    else
        snprintf(buf, sizeof buf, "%u%u%u%u.%u%u", d[0], d[1], d[2], d[3], c->count[0][4], c->count[1][4]);
    put_text(t, buf);
}

void gen_write_study(gen_rng *rng, gen_bytes *t, const gbr_counts *c)
{
    gen_bytes m;
    gen_write_material(rng, &m, c);
    t->len = 0;
    unsigned wrap = gen_below(rng, 4);
    if (wrap == 1)
        put_byte(t, '[');
    if (wrap == 2)
        put_byte(t, '(');
    unsigned stip = gen_below(rng, 3);
    if (stip)
        put_byte(t, stip == 1 ? '+' : '=');
    for (size_t k = 0; k < m.len; k++)
        put_byte(t, (char)m.data[k]);
    unsigned wk = gen_below(rng, 64), bk = gen_below(rng, 64);
    if (bk == wk)
        bk = (bk + 1) % 64;
    put_square(t, wk);
    put_square(t, bk);
    if (wrap == 1)
        put_byte(t, ']');
    if (wrap == 2)
        put_byte(t, ')');
}

void gen_write_name(gen_bytes *t, const gbr_counts *c)
{
    static const char letters[] = "QRBNP";
    t->len = 0;
    for (unsigned side = 0; side < 2; side++) {
        if (side)
            put_byte(t, 'v');
        put_byte(t, 'K');
        for (unsigned type = 0; type < 5; type++)
            for (unsigned n = 0; n < c->count[side][type]; n++)
                put_byte(t, letters[type]);
    }
}

void gen_splice(gen_rng *rng, gen_bytes *t, const gen_bytes *other)
{
    if (!other->len)
        return;
    size_t at = t->len ? gen_below(rng, (uint32_t)t->len) : 0;
    size_t from = gen_below(rng, (uint32_t)other->len);
    size_t k = other->len - from;
    if (at + k > GEN_BYTES_MAX)
        k = GEN_BYTES_MAX - at;
    memcpy(t->data + at, other->data + from, k);
    t->len = at + k;
}
