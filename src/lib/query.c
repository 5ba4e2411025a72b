/* Queries: parser and matcher of spec/query.md ("GBR queries" 1.0). One parser
 * per form; every form but the code and study patterns compiles to bounds on
 * exact counts (min/max per colour and type) plus pgn-extract's relations, so
 * one matcher serves them all. */
#include <string.h>

#include "gbr.h"
#include "codecs_internal.h"
#include "piece_letters.h"

#define ANY GBR_QUERY_ANY
#define COUNT_LIMIT 99 /* the largest number a query may write */

static gbr_result ok(void)
{
    gbr_result r = {GBR_OK, 0, 0};
    return r;
}

/* A parse error at offset `at` (reported 1-based). */
static gbr_result fail_at(size_t at, const char *message, const char **out_message)
{
    gbr_result r = {GBR_E_UNKNOWN_FORM, at + 1 > UINT32_MAX ? UINT32_MAX : (uint32_t)(at + 1), 0};
    if (out_message)
        *out_message = message;
    return r;
}

static void clear(gbr_query *q, gbr_query_kind kind)
{
    memset(q, 0, sizeof *q);
    q->kind = (uint8_t)kind;
    memset(q->digit, ANY, sizeof q->digit);
    memset(q->king, ANY, sizeof q->king);
    memset(q->max, ANY, sizeof q->max);
}

/* A query names the five counted types (Q R B N P), never the king. */
static int type_of_letter(char c)
{
    int type = piece_type_of_letter(c);
    return type == GBR_KING ? -1 : type;
}

static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int has_prefix(const char *s, size_t len, size_t i, const char *prefix)
{
    size_t n = strlen(prefix);
    return len - i >= n && memcmp(s + i, prefix, n) == 0;
}

/* ---- Code and study patterns (spec/query.md section 3) ------------------ */
static gbr_result parse_code(gbr_query *out, const char *s, size_t len, const char **message)
{
    gbr_query q;
    clear(&q, GBR_QUERY_CODE);
    size_t i = 0;
    if (i < len && (s[i] == '+' || s[i] == '=')) {
        q.stipulation = s[i] == '+' ? GBR_STIP_WIN : GBR_STIP_DRAW;
        q.kind = GBR_QUERY_STUDY;
        i++;
    }
    /* Positions 0-3 are the piece digits, 4 the point, 5-6 the pawns. */
    for (int k = 0; k < 7; k++, i++) {
        if (i == len) {
            if (k == 4 && q.kind == GBR_QUERY_CODE) { /* the short form abcd means abcd.00 */
                q.digit[4] = q.digit[5] = 0;
                *out = q;
                return ok();
            }
            return fail_at(i, k == 4 ? "a study pattern needs the pawn digits .ef"
                                         : "the pattern ended where a digit, '?' or '*' was required", message);
        }
        char c = s[i];
        if (c == '*') {
            if (q.kind == GBR_QUERY_STUDY)
                return fail_at(i, "a study pattern has all six digits ('?' for any)", message);
            if (i + 1 != len)
                return fail_at(i + 1, "'*' ends a pattern", message);
            *out = q; /* the positions not yet read stay any */
            return ok();
        }
        if (k == 4) {
            if (c != '.')
                return fail_at(i, "'.' was required after the four piece digits", message);
            continue;
        }
        int slot = k < 4 ? k : k - 1;
        if (c == '?')
            continue;
        if (!is_digit(c) || (slot >= 4 && c == '9'))
            return fail_at(i, slot >= 4 ? "a pawn digit 0-8, '?' or '*' was required"
                                            : "a digit 0-9, '?' or '*' was required", message);
        q.digit[slot] = (uint8_t)(c - '0');
    }
    if (i == len) {
        if (q.kind == GBR_QUERY_STUDY)
            return fail_at(i, "a study pattern needs the two king squares", message);
        *out = q;
        return ok();
    }
    q.kind = GBR_QUERY_STUDY;
    for (int colour = 0; colour < 2; colour++) {
        for (int part = 0; part < 2; part++, i++) {
            if (i == len)
                return fail_at(i, "the king squares ended early", message);
            char c = s[i];
            char lo = part == 0 ? 'a' : '1', hi = part == 0 ? 'h' : '8';
            if (c == '?')
                continue;
            if (c < lo || c > hi)
                return fail_at(i, part == 0 ? "a file a-h or '?' was required" : "a rank 1-8 or '?' was required",
                               message);
            q.king[colour][part] = (uint8_t)(c - lo);
        }
    }
    if (i != len)
        return fail_at(i, "characters after the king squares", message);
    *out = q;
    return ok();
}

/* ---- Material name patterns (section 4) ---------------------------------- */
/* GBR queries 1.1: a letter alone is one man, with '+' one or more, with '*'
 * any number; letters of a type add up; "..." at the end of a side lets every
 * type have more. */
static gbr_result parse_name(gbr_query *out, const char *s, size_t len, const char **message)
{
    gbr_query q;
    clear(&q, GBR_QUERY_NAME);
    memset(q.max, 0, sizeof q.max);
    size_t i = 0;
    for (int colour = 0; colour < 2; colour++) {
        if (colour == 1) {
            if (i == len || s[i] != 'v')
                return fail_at(i, "'v' was required between the sides", message);
            i++;
        }
        if (i == len || s[i] != 'K')
            return fail_at(i, "each side starts with 'K'", message);
        i++;
        if (i < len && (s[i] == '*' || s[i] == '+'))
            return fail_at(i, "'K' is the one king and takes no '*' or '+' (any further men: '...')", message);
        int open[5] = {0, 0, 0, 0, 0}, any_more = 0;
        while (i < len && s[i] != 'v') {
            if (s[i] == '.') {
                if (len - i < 3 || s[i + 1] != '.' || s[i + 2] != '.')
                    return fail_at(len - i >= 2 && s[i + 1] == '.' ? i + 2 : i + 1,
                                   "any further men is written '...' (three dots)", message);
                i += 3;
                any_more = 1;
                if (i < len && s[i] != 'v')
                    return fail_at(i, "'...' ends a side", message);
                break;
            }
            int t = type_of_letter(s[i]);
            if (t < 0)
                return fail_at(i, s[i] == '*' || s[i] == '+' ? "'*' or '+' follows a man Q, R, B, N or P"
                                                             : "a man Q, R, B, N, P or '...' was required",
                               message);
            i++;
            char suffix = i < len ? s[i] : 0;
            if (suffix == '*' || suffix == '+') {
                open[t] = 1;
                i++;
            }
            if (suffix != '*') {
                if (q.min[colour][t] == COUNT_LIMIT)
                    return fail_at(i - 1, "too many men of one type", message);
                q.min[colour][t]++;
            }
        }
        for (int t = 0; t < 5; t++)
            q.max[colour][t] = any_more || open[t] ? ANY : q.min[colour][t];
    }
    if (i != len)
        return fail_at(i, "a name has one 'v'", message);
    *out = q;
    return ok();
}

/* GBR queries 1.0's reading (section 4.1), kept to tell when a query reads
 * differently: each letter one man; '*' anywhere in a side, any further men
 * of any type. */
static int parse_name_1_0(gbr_query *out, const char *s, size_t len)
{
    gbr_query q;
    clear(&q, GBR_QUERY_NAME);
    memset(q.max, 0, sizeof q.max);
    size_t i = 0;
    for (int colour = 0; colour < 2; colour++) {
        if (colour == 1) {
            if (i == len || s[i] != 'v')
                return -1;
            i++;
        }
        if (i == len || s[i] != 'K')
            return -1;
        int any_more = 0;
        for (i++; i < len && s[i] != 'v'; i++) {
            if (s[i] == '*') {
                any_more = 1;
                continue;
            }
            int t = type_of_letter(s[i]);
            if (t < 0 || q.min[colour][t] == COUNT_LIMIT)
                return -1;
            q.min[colour][t]++;
        }
        for (int t = 0; t < 5; t++)
            q.max[colour][t] = any_more ? ANY : q.min[colour][t];
    }
    if (i != len)
        return -1;
    *out = q;
    return 0;
}

size_t gbr_query_reading_changed(const char *src, size_t len)
{
    gbr_query now, then;
    if (!src || !memchr(src, 'v', len) || has_prefix(src, len, 0, "white:") || has_prefix(src, len, 0, "black:") ||
        parse_name_1_0(&then, src, len) != 0)
        return 0; /* only name patterns changed (section 4.1) */
    gbr_result r = gbr_query_parse(&now, src, len, NULL);
    if (r.error) /* a 1.0 pattern that is none now (K*): where 1.1 stops reading it */
        return r.column;
    /* Both readings are boxes of counts, never empty (min <= max): they hold
     * the same materials exactly when their bounds are equal. */
    if (memcmp(now.min, then.min, sizeof now.min) == 0 && memcmp(now.max, then.max, sizeof now.max) == 0)
        return 0;
    const char *star = memchr(src, '*', len);
    return star ? (size_t)(star - src) + 1 : 1;
}

/* ---- Count conditions (section 5) ---------------------------------------- */
static void bound(gbr_query *q, int colour, int type, unsigned lo, unsigned hi)
{
    if (lo > q->min[colour][type])
        q->min[colour][type] = (uint8_t)lo;
    if (hi < q->max[colour][type])
        q->max[colour][type] = (uint8_t)hi;
}

static size_t read_number(const char *s, size_t len, size_t i, unsigned *value)
{
    unsigned v = 0;
    size_t start = i;
    while (i < len && is_digit(s[i]) && i - start < 3)
        v = v * 10 + (unsigned)(s[i++] - '0');
    *value = v;
    return i - start;
}

/* Conditions T OP N, separated by commas, from s[i] up to `end`. */
static gbr_result parse_conditions(gbr_query *q, int colour, const char *s, size_t i, size_t end, const char **message)
{
    if (i == end)
        return fail_at(i, "a condition such as R=1 was required", message);
    for (;;) {
        int t = i < end ? type_of_letter(s[i]) : -1;
        if (t < 0)
            return fail_at(i, "a type Q, R, B, N or P was required", message);
        i++;
        size_t op = i;
        int less = 0, more = 0, equal = 0;
        if (i < end && s[i] == '<')
            less = 1, i++;
        else if (i < end && s[i] == '>')
            more = 1, i++;
        if (i < end && s[i] == '=')
            equal = 1, i++;
        if (!less && !more && !equal)
            return fail_at(op, "a comparison =, <, <=, > or >= was required", message);
        unsigned n;
        size_t digits = read_number(s, end, i, &n);
        if (digits == 0)
            return fail_at(i, "a count was required", message);
        if (n > COUNT_LIMIT || (i + digits < end && is_digit(s[i + digits])))
            return fail_at(i, "a count must be 0-99", message);
        i += digits;
        if (less && !equal)
            bound(q, colour, t, n == 0 ? 1 : 0, n == 0 ? 0 : n - 1); /* < 0 holds for no count */
        else if (less)
            bound(q, colour, t, 0, n);
        else if (more && !equal)
            bound(q, colour, t, n + 1, ANY);
        else if (more)
            bound(q, colour, t, n, ANY);
        else
            bound(q, colour, t, n, n);
        if (i == end)
            return ok();
        if (s[i] != ',')
            return fail_at(i, "',' or the end of the conditions was required", message);
        i++;
    }
}


static gbr_result parse_counts(gbr_query *out, const char *s, size_t len, const char **message)
{
    gbr_query q;
    gbr_query_counts_init(&q);
    size_t i = 0;
    int seen[2] = {0, 0};
    while (i < len) {
        int colour = has_prefix(s, len, i, "white:") ? GBR_WHITE : has_prefix(s, len, i, "black:") ? GBR_BLACK : -1;
        if (colour < 0 || seen[colour])
            return fail_at(i, colour < 0 ? "'white:' or 'black:' was required" : "each side is written once",
                           message);
        seen[colour] = 1;
        i += 6;
        size_t end = i;
        while (end < len && s[end] != ' ')
            end++;
        gbr_result r = parse_conditions(&q, colour, s, i, end, message);
        if (r.error)
            return r;
        i = end;
        if (i < len) {
            i++;
            if (i == len)
                return fail_at(i, "'white:' or 'black:' was required after the space", message);
        }
    }
    *out = q;
    return ok();
}

void gbr_query_counts_init(gbr_query *out)
{
    if (out)
        clear(out, GBR_QUERY_COUNTS);
}

gbr_result gbr_query_add_conditions(gbr_query *q, int colour, const char *src, size_t len, const char **message)
{
    if (!q || (!src && len) || (colour != GBR_WHITE && colour != GBR_BLACK) || q->kind != GBR_QUERY_COUNTS) {
        gbr_result r = {GBR_E_ARGUMENT, 0, 0};
        return r;
    }
    gbr_query copy = *q; /* *q changes only on success */
    gbr_result r = parse_conditions(&copy, colour, src, 0, len, message);
    if (!r.error)
        *q = copy;
    return r;
}

/* ---- pgn-extract material descriptions (section 6) ----------------------- */
static int is_space(char c) { return c == ' ' || c == '\t'; }

static int pgnx_type(char c)
{
    if (c >= 'a' && c <= 'z')
        c = (char)(c - 'a' + 'A');
    return type_of_letter(c);
}

/* One side's letters from s[i] to the next blank; the side starts with
 * every type absent, as pgn-extract reads an unlisted piece. */
static gbr_result parse_pgnx_side(gbr_query *q, int colour, const char *s, size_t len, size_t *at,
                                  const char **message)
{
    size_t i = *at;
    memset(q->max[colour], 0, sizeof q->max[colour]);
    while (i < len && !is_space(s[i])) {
        char c = s[i];
        if (c == 'k' || c == 'K') { /* kings may be written; each side has one */
            i++;
            continue;
        }
        if (c == 'l' || c == 'L')
            return fail_at(i, "the minor-piece letter L is not supported", message);
        int t = pgnx_type(c);
        if (t < 0)
            return fail_at(i, "a piece letter Q, R, B, N or P was required", message);
        i++;
        /* A later letter of the same type replaces an earlier one, as in pgn-extract. */
        unsigned lo = 1, hi = 1, by = 1;
        int relation = GBR_REL_NONE, digit = 0;
        if (i < len && is_digit(s[i]))
            by = (unsigned)(s[i++] - '0'), digit = 1;
        char m = i < len ? s[i] : ' ';
        char m2 = i + 1 < len ? s[i + 1] : ' ';
        if (m == '*' && !digit)
            lo = 0, hi = ANY, i++;
        else if (m == '+')
            lo = digit ? by : 1, hi = ANY, i++;
        else if (m == '-' && digit)
            lo = 0, hi = by, i++;
        else if ((m == '>' || m == '<') && m2 == '=')
            relation = m == '>' ? GBR_REL_EXACTLY_MORE : GBR_REL_EXACTLY_FEWER, i += 2;
        else if (m == '>' || m == '<')
            relation = m == '>' ? GBR_REL_MORE : GBR_REL_FEWER, i++;
        else if ((m == '=' || m == '#') && !digit)
            relation = m == '=' ? GBR_REL_EQUAL : GBR_REL_DIFFERENT, i++;
        else if (digit)
            lo = hi = by;
        else if (m == '-')
            return fail_at(i, "'-' needs a count before it", message);
        if (relation != GBR_REL_NONE)
            lo = 0, hi = ANY;
        q->min[colour][t] = (uint8_t)lo;
        q->max[colour][t] = (uint8_t)hi;
        q->relation[colour][t] = (uint8_t)relation;
        q->by[colour][t] = (uint8_t)(relation == GBR_REL_EQUAL || relation == GBR_REL_DIFFERENT ? 0 : by);
    }
    *at = i;
    return ok();
}

static gbr_result parse_pgnx(gbr_query *out, const char *s, size_t len, const char **message)
{
    gbr_query q;
    clear(&q, GBR_QUERY_PGN_EXTRACT);
    size_t i = 0;
    while (i < len && is_space(s[i]))
        i++;
    /* A leading number is pgn-extract's stability in half-moves; a start
     * position has no half-moves to last, so it is read and not used. */
    if (i < len && is_digit(s[i])) {
        while (i < len && is_digit(s[i]))
            i++;
        if (i == len || !is_space(s[i]))
            return fail_at(i, "a blank was required after the stability number", message);
        while (i < len && is_space(s[i]))
            i++;
    }
    if (i == len)
        return fail_at(i, "a description of White's pieces was required", message);
    gbr_result r = parse_pgnx_side(&q, GBR_WHITE, s, len, &i, message);
    if (r.error)
        return r;
    while (i < len && is_space(s[i]))
        i++;
    if (i < len) { /* without a second list Black's pieces are not restricted */
        r = parse_pgnx_side(&q, GBR_BLACK, s, len, &i, message);
        if (r.error)
            return r;
        while (i < len && is_space(s[i]))
            i++;
        if (i < len)
            return fail_at(i, "a description has two piece lists", message);
    }
    *out = q;
    return ok();
}

/* ---- Recognising the form (section 2) ------------------------------------ */
gbr_result gbr_query_parse(gbr_query *out, const char *src, size_t len, const char **message)
{
    if (!out || (!src && len)) {
        gbr_result r = {GBR_E_ARGUMENT, 0, 0};
        return r;
    }
    if (len == 0)
        return fail_at(0, "the query is empty", message);
    if (has_prefix(src, len, 0, "white:") || has_prefix(src, len, 0, "black:"))
        return parse_counts(out, src, len, message);
    if (memchr(src, 'v', len))
        return parse_name(out, src, len, message);
    char c = src[0];
    if ((is_digit(c) || c == '?' || c == '*' || c == '+' || c == '=') && !memchr(src, ' ', len) &&
        !memchr(src, '\t', len))
        return parse_code(out, src, len, message);
    return parse_pgnx(out, src, len, message);
}

/* ---- Subjects ------------------------------------------------------------ */
static void subject_counts_from_material(gbr_query_subject *s)
{
    s->has_counts = 1;
    for (int t = 0; t < 4; t++) {
        if (s->material.digit[t] > 8) {
            s->has_counts = 0;
            memset(&s->counts, 0, sizeof s->counts);
            return;
        }
        s->counts.count[GBR_WHITE][t] = (uint8_t)(s->material.digit[t] % 3);
        s->counts.count[GBR_BLACK][t] = (uint8_t)(s->material.digit[t] / 3);
    }
    s->counts.count[GBR_WHITE][GBR_PAWN] = s->material.pawns[0];
    s->counts.count[GBR_BLACK][GBR_PAWN] = s->material.pawns[1];
}

void gbr_query_subject_of_material(const gbr_material *m, gbr_query_subject *out)
{
    if (!m || !out)
        return;
    memset(out, 0, sizeof *out);
    out->material = *m;
    subject_counts_from_material(out);
}

void gbr_query_subject_of_study(const gbr_study *s, gbr_query_subject *out)
{
    if (!s || !out)
        return;
    gbr_query_subject_of_material(&s->material, out);
    out->has_kings = 1;
    out->white_king = s->white_king;
    out->black_king = s->black_king;
    out->stipulation = s->stipulation;
}

gbr_result gbr_query_subject_of_position(const gbr_codec *c, const gbr_position *p, gbr_stipulation stipulation,
                                         gbr_query_subject *out)
{
    gbr_result r = {GBR_E_ARGUMENT, 0, 0};
    if (!p || !out || stipulation > GBR_STIP_DRAW)
        return r;
    gbr_query_subject s;
    memset(&s, 0, sizeof s);
    int kings[2];
    if (gbr_board_men(p, &s.counts, kings) != 0)
        return r; /* GBR_E_ARGUMENT, as gbr_position_counts says */
    r = gbr_material_from_counts(c, &s.counts, &s.material);
    if (r.error)
        return r;
    s.white_king = (uint8_t)(kings[GBR_WHITE] < 0 ? 0 : kings[GBR_WHITE]);
    s.black_king = (uint8_t)(kings[GBR_BLACK] < 0 ? 0 : kings[GBR_BLACK]);
    s.has_counts = 1;
    s.has_kings = kings[GBR_WHITE] >= 0 && kings[GBR_BLACK] >= 0;
    s.stipulation = (uint8_t)stipulation;
    *out = s;
    return ok();
}

/* ---- Matching (section 7) ------------------------------------------------ */
static int relation_holds(int relation, unsigned by, unsigned mine, unsigned theirs)
{
    switch (relation) {
    case GBR_REL_EQUAL: return mine == theirs;
    case GBR_REL_DIFFERENT: return mine != theirs;
    case GBR_REL_MORE: return mine >= theirs + by;
    case GBR_REL_FEWER: return mine + by <= theirs;
    case GBR_REL_EXACTLY_MORE: return mine == theirs + by;
    case GBR_REL_EXACTLY_FEWER: return mine + by == theirs;
    default: return 1;
    }
}

static int king_matches(const uint8_t want[2], uint8_t square)
{
    return (want[0] == ANY || want[0] == square / 8) && (want[1] == ANY || want[1] == square % 8);
}

static int match_direct(const gbr_query *q, const gbr_query_subject *s)
{
    if (q->kind == GBR_QUERY_CODE || q->kind == GBR_QUERY_STUDY) {
        for (int k = 0; k < 6; k++) {
            uint8_t have = k < 4 ? s->material.digit[k] : s->material.pawns[k - 4];
            if (q->digit[k] != ANY && q->digit[k] != have)
                return 0;
        }
        if (q->kind == GBR_QUERY_CODE)
            return 1;
        return s->has_kings && (q->stipulation == GBR_STIP_NONE || q->stipulation == s->stipulation) &&
               king_matches(q->king[GBR_WHITE], s->white_king) && king_matches(q->king[GBR_BLACK], s->black_king);
    }
    if (!s->has_counts) /* a 9 leaves the counts unknown: nothing is selected on a guess */
        return 0;
    for (int colour = 0; colour < 2; colour++) {
        for (int t = 0; t < 5; t++) {
            unsigned n = s->counts.count[colour][t];
            if (n < q->min[colour][t] || (q->max[colour][t] != ANY && n > q->max[colour][t]))
                return 0;
            if (!relation_holds(q->relation[colour][t], q->by[colour][t], n, s->counts.count[!colour][t]))
                return 0;
        }
    }
    return 1;
}

/* The subject with the colours exchanged: the board turned over (rank r to
 * 9 - r) and every man's colour changed. A digit w + 3b becomes b + 3w; a 9
 * stays 9. */
static void exchange_colours(const gbr_query_subject *s, gbr_query_subject *out)
{
    *out = *s;
    for (int t = 0; t < 4; t++) {
        unsigned d = s->material.digit[t];
        out->material.digit[t] = (uint8_t)(d > 8 ? d : d / 3 + 3 * (d % 3));
    }
    out->material.pawns[0] = s->material.pawns[1];
    out->material.pawns[1] = s->material.pawns[0];
    for (int t = 0; t < 5; t++) {
        out->counts.count[0][t] = s->counts.count[1][t];
        out->counts.count[1][t] = s->counts.count[0][t];
    }
    out->white_king = (uint8_t)((s->black_king & ~7u) | (7u - (s->black_king & 7u)));
    out->black_king = (uint8_t)((s->white_king & ~7u) | (7u - (s->white_king & 7u)));
}

int gbr_query_match(const gbr_query *q, const gbr_query_subject *s)
{
    if (!q || !s)
        return 0;
    if (match_direct(q, s))
        return 1;
    /* A stipulation is White's result: the exchanged position has none a
     * study code can state, so a pattern with one matches only directly. */
    if (!q->either_colour || (q->kind == GBR_QUERY_STUDY && q->stipulation != GBR_STIP_NONE))
        return 0;
    gbr_query_subject swapped;
    exchange_colours(s, &swapped);
    return match_direct(q, &swapped);
}
