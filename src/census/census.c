/* The census tally, its options and filters, and the reader that replays
 * games into it: see census.h. */
#include "census.h"

#include <stdlib.h>
#include <string.h>

#include "census_internal.h"
#include "grow.h"
#include "output.h"
#include "replay.h"

const char *const census_speed_names[CENSUS_SPEEDS] = {"ultrabullet", "bullet",    "blitz",
                                                       "rapid",       "classical", "correspondence"};

void census_options_default(census_options *o)
{
    memset(o, 0, sizeof *o);
    o->ending = CENSUS_ENDING_PHASE;
    o->pieces = 6;
}

static int digits(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9')
            return 0;
    return 1;
}

static unsigned number(const char *s, size_t n)
{
    unsigned v = 0;
    for (size_t i = 0; i < n; i++)
        v = 10 * v + (unsigned)(s[i] - '0');
    return v;
}

static int separator(char c) { return c == '.' || c == '-' || c == '/'; }

int census_parse_date(const char *text, int to_end, uint32_t *out)
{
    size_t n = strlen(text);
    unsigned year, month = to_end ? 12 : 1, day = to_end ? 31 : 1;
    if (n < 4 || !digits(text, 4))
        return -1;
    year = number(text, 4);
    if (n > 4) {
        if (n < 7 || !separator(text[4]) || !digits(text + 5, 2))
            return -1;
        month = number(text + 5, 2);
        if (n > 7) {
            if (n != 10 || !separator(text[7]) || !digits(text + 8, 2))
                return -1;
            day = number(text + 8, 2);
        }
    }
    if (month < 1 || month > 12 || day < 1 || day > 31)
        return -1;
    *out = year * 10000 + month * 100 + day;
    return 0;
}

int census_parse_speeds(const char *text, unsigned *out)
{
    unsigned bits = 0;
    while (*text) {
        size_t n = strcspn(text, ",");
        int found = 0;
        for (int s = 0; s < CENSUS_SPEEDS; s++)
            if (strlen(census_speed_names[s]) == n && strncmp(text, census_speed_names[s], n) == 0) {
                bits |= 1u << s;
                found = 1;
            }
        if (!found)
            return -1;
        text += n;
        if (*text == ',' && *++text == '\0')
            return -1;
    }
    if (!bits)
        return -1;
    *out = bits;
    return 0;
}

/* ---- The tally ---- */

/* A material code as a hash key: its six bytes, plus one so that 0 is an
 * empty slot. */
uint64_t census_key_of(const gbr_material *m)
{
    uint64_t k = 0;
    for (int i = 0; i < 4; i++)
        k = k << 8 | m->digit[i];
    k = k << 8 | m->pawns[0];
    k = k << 8 | m->pawns[1];
    return k + 1;
}

census_tally *census_tally_new(const census_options *options)
{
    census_tally *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->options = *options;
    return t;
}

void census_tally_free(census_tally *t)
{
    if (!t)
        return;
    free(t->classes);
    free(t->slots);
    free(t->sorted);
    free(t);
}

const census_options *census_tally_options(const census_tally *t) { return &t->options; }
const census_totals *census_tally_totals(const census_tally *t) { return &t->totals; }

static uint64_t slot_of(uint64_t key, size_t cap) { return (key * 0x9E3779B97F4A7C15ull) >> 7 & (cap - 1); }

static int rehash(census_tally *t, size_t cap)
{
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < t->n; i++) {
        uint64_t s = slot_of(census_key_of(&t->classes[i].code), cap);
        while (slots[s])
            s = (s + 1) & (cap - 1);
        slots[s] = (uint32_t)(i + 1);
    }
    free(t->slots);
    t->slots = slots;
    t->slots_cap = cap;
    return 0;
}

census_class *census_class_of(census_tally *t, const gbr_material *code)
{
    uint64_t key = census_key_of(code);
    if (t->slots_cap) {
        for (uint64_t s = slot_of(key, t->slots_cap);; s = (s + 1) & (t->slots_cap - 1)) {
            uint32_t i = t->slots[s];
            if (!i)
                break;
            if (census_key_of(&t->classes[i - 1].code) == key)
                return &t->classes[i - 1];
        }
    }
    /* New: kept at most half full. */
    if (2 * (t->n + 1) > t->slots_cap && rehash(t, t->slots_cap ? 2 * t->slots_cap : 64) != 0)
        return NULL;
    census_class *grown = util_grow(t->classes, &t->classes_cap, t->n + 1, sizeof *t->classes);
    if (!grown)
        return NULL;
    t->classes = grown;
    census_class *c = &t->classes[t->n++];
    memset(c, 0, sizeof *c);
    c->code = *code;
    uint64_t s = slot_of(key, t->slots_cap);
    while (t->slots[s])
        s = (s + 1) & (t->slots_cap - 1);
    t->slots[s] = (uint32_t)t->n;
    t->sorted_n = 0; /* the order is made again */
    return c;
}

int census_same_options(const census_options *a, const census_options *b)
{
    return a->ending == b->ending && (a->ending != CENSUS_ENDING_PHASE || a->pieces == b->pieces) &&
           a->fold == b->fold && a->min_elo == b->min_elo && a->speeds == b->speeds && a->date_from == b->date_from &&
           a->date_to == b->date_to;
}

static void add_totals(census_totals *into, const census_totals *from)
{
    into->games += from->games;
    into->counted += from->counted;
    into->filtered += from->filtered;
    into->not_replayed += from->not_replayed;
    into->no_ending += from->no_ending;
    for (int i = 0; i < CENSUS_RESULTS; i++)
        into->results[i] += from->results[i];
}

int census_merge(census_tally *into, const census_tally *from)
{
    if (!census_same_options(&into->options, &from->options))
        return -1;
    for (size_t i = 0; i < from->n; i++) {
        const census_class *f = &from->classes[i];
        census_class *c = census_class_of(into, &f->code);
        if (!c)
            return -1;
        c->games += f->games;
        c->plies += f->plies;
        c->endings += f->endings;
        for (int r = 0; r < CENSUS_RESULTS; r++)
            c->results[r] += f->results[r];
    }
    add_totals(&into->totals, &from->totals);
    return 0;
}

static int by_directory(const void *a, const void *b)
{
    uint32_t ka = gbr_material_key_of(NULL, &((const census_class *)a)->code);
    uint32_t kb = gbr_material_key_of(NULL, &((const census_class *)b)->code);
    return ka < kb ? -1 : ka > kb;
}

const census_class *census_tally_classes(census_tally *t, size_t *n)
{
    if (t->sorted_n != t->n || !t->sorted) {
        census_class *sorted = realloc(t->sorted, (t->n ? t->n : 1) * sizeof *sorted);
        if (!sorted)
            return NULL;
        if (t->n)
            memcpy(sorted, t->classes, t->n * sizeof *sorted);
        qsort(sorted, t->n, sizeof *sorted, by_directory);
        t->sorted = sorted;
        t->sorted_n = t->n;
    }
    *n = t->n;
    return t->sorted;
}

/* ---- Filters ---- */

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

/* Whether word occurs in text, case aside. */
static int contains_word(const char *text, size_t len, const char *word)
{
    size_t w = strlen(word);
    for (size_t i = 0; i + w <= len; i++) {
        size_t j = 0;
        while (j < w && lower(text[i + j]) == word[j])
            j++;
        if (j == w)
            return 1;
    }
    return 0;
}

/* The speed of "base+increment" seconds as Lichess estimates a game's
 * duration, base + 40 x increment; "-" (no clock) is correspondence; -1
 * when the text is neither. */
int census_speed_of_time_control(const char *v, size_t n)
{
    if (n == 1 && v[0] == '-')
        return CENSUS_CORRESPONDENCE;
    size_t plus = 0;
    while (plus < n && v[plus] != '+')
        plus++;
    if (plus == 0 || plus > 9 || !digits(v, plus))
        return -1;
    unsigned long long base = number(v, plus), increment = 0;
    if (plus < n) {
        size_t m = n - plus - 1;
        if (m == 0 || m > 9 || !digits(v + plus + 1, m))
            return -1;
        increment = number(v + plus + 1, m);
    }
    unsigned long long seconds = base + 40 * increment;
    return seconds < 30      ? CENSUS_ULTRABULLET
           : seconds < 180   ? CENSUS_BULLET
           : seconds < 480   ? CENSUS_BLITZ
           : seconds < 1500  ? CENSUS_RAPID
           : seconds < 21600 ? CENSUS_CLASSICAL
                             : CENSUS_CORRESPONDENCE;
}

int census_speed_of_event(const char *v, size_t n)
{
    /* "UltraBullet" before "Bullet", which it holds. */
    static const int order[] = {CENSUS_ULTRABULLET, CENSUS_BULLET, CENSUS_BLITZ,
                                CENSUS_RAPID,       CENSUS_CLASSICAL, CENSUS_CORRESPONDENCE};
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++)
        if (contains_word(v, n, census_speed_names[order[i]]))
            return order[i];
    return -1;
}

/* A game's date as the days it may be: [*lo, *hi] as YYYYMMDD, '?' digits
 * widening it; -1 without a known year. */
int census_date_range(const char *v, size_t n, uint32_t *lo, uint32_t *hi)
{
    if (n < 4 || !digits(v, 4))
        return -1;
    unsigned year = number(v, 4), m_lo = 1, m_hi = 12, d_lo = 1, d_hi = 31;
    if (n >= 7 && separator(v[4]) && digits(v + 5, 2)) {
        m_lo = m_hi = number(v + 5, 2);
        if (n >= 10 && separator(v[7]) && digits(v + 8, 2))
            d_lo = d_hi = number(v + 8, 2);
    }
    *lo = year * 10000 + m_lo * 100 + d_lo;
    *hi = year * 10000 + m_hi * 100 + d_hi;
    return 0;
}

static int elo_at_least(const pgn_tag *t, unsigned min)
{
    return t && t->value_len > 0 && t->value_len <= 6 && digits(t->value, t->value_len) &&
           number(t->value, t->value_len) >= min;
}

/* ---- Reading games ---- */

/* One class a game reaches. */
struct game_class {
    uint64_t key;
    gbr_material code;
    uint64_t plies;
    int reversed; /* with fold: reached with the colours exchanged (a class is
                   * reached once: men are only ever taken or promoted) */
};

struct census_reader {
    census_tally *tally;
    const char *source;
    replay *replay;
    int problems;
    const char *keep[PGN_KEEP_TAGS_MAX + 1];
    int keep_all;
    /* The game being read. */
    int passes;           /* the filters let it through */
    int result;           /* CENSUS_WIN (1-0) ... by colour */
    gbr_counts counts;
    struct game_class *classes;
    size_t n, cap;
    size_t current;       /* index of the current position's class */
    int ending_found;
    size_t ending;
    int out_of_memory;
};

static int result_of(const pgn_tag *t)
{
    if (!t)
        return CENSUS_UNKNOWN;
    const char *v = t->value;
    size_t n = t->value_len;
    if (n == 3 && memcmp(v, "1-0", 3) == 0)
        return CENSUS_WIN;
    if (n == 3 && memcmp(v, "0-1", 3) == 0)
        return CENSUS_LOSS;
    if (n == 7 && memcmp(v, "1/2-1/2", 7) == 0)
        return CENSUS_DRAW;
    if (n == 1 && v[0] == '*')
        return CENSUS_UNFINISHED;
    return CENSUS_UNKNOWN;
}

static int named(const pgn_tag *t, const char *name)
{
    return t->name_len == strlen(name) && memcmp(t->name, name, t->name_len) == 0;
}

static int passes_filters(const census_options *o, const pgn_game *game, const pgn_tag **result)
{
    const pgn_tag *white = NULL, *black = NULL, *tc = NULL, *event = NULL, *utc = NULL, *date = NULL;
    *result = NULL;
    for (size_t i = 0; i < game->tags_n; i++) {
        const pgn_tag *t = &game->tags[i];
        if (t->superseded) /* a repeated tag's last pair counts */
            continue;
        if (named(t, "Result"))
            *result = t;
        else if (named(t, "WhiteElo"))
            white = t;
        else if (named(t, "BlackElo"))
            black = t;
        else if (named(t, "TimeControl"))
            tc = t;
        else if (named(t, "Event"))
            event = t;
        else if (named(t, "UTCDate"))
            utc = t;
        else if (named(t, "Date"))
            date = t;
    }
    if (o->min_elo && !(elo_at_least(white, o->min_elo) && elo_at_least(black, o->min_elo)))
        return 0;
    if (o->speeds) {
        int speed = tc ? census_speed_of_time_control(tc->value, tc->value_len) : -1;
        if (speed < 0 && event)
            speed = census_speed_of_event(event->value, event->value_len);
        if (speed < 0 || !(o->speeds >> speed & 1))
            return 0;
    }
    if (o->date_from || o->date_to) {
        uint32_t lo = 0, hi = 0;
        int known = -1;
        if (utc)
            known = census_date_range(utc->value, utc->value_len, &lo, &hi);
        if (known < 0 && date)
            known = census_date_range(date->value, date->value_len, &lo, &hi);
        if (known < 0 || (o->date_from && lo < o->date_from) || (o->date_to && hi > o->date_to))
            return 0;
    }
    return 1;
}

static void on_tags(void *context, const pgn_game *game)
{
    census_reader *r = context;
    const pgn_tag *result;
    r->passes = passes_filters(&r->tally->options, game, &result);
    r->result = result_of(result);
    r->n = 0;
    r->ending_found = 0;
}

/* The gbr type (queen 0 ... pawn 4) of a chess type (pawn 0 ... queen 4). */
static int gbr_type(int chess_type) { return 4 - chess_type; }

static void counts_of(const chess_position *p, gbr_counts *counts)
{
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 5; t++)
            counts->count[c][t] = (uint8_t)__builtin_popcountll(p->by_colour[c] & p->by_type[4 - t]);
}

/* The usual piece values: the stronger side of counts. */
int census_value(const gbr_counts *c, int colour)
{
    return 9 * c->count[colour][GBR_QUEEN] + 5 * c->count[colour][GBR_ROOK] + 3 * c->count[colour][GBR_BISHOP] +
           3 * c->count[colour][GBR_KNIGHT] + c->count[colour][GBR_PAWN];
}

/* The class of the current counts (with fold, *reversed says whether the
 * colours were exchanged): the game's list entry, added when new. */
static int class_now(census_reader *r, size_t *index)
{
    gbr_material m;
    int reversed = 0;
    if (gbr_material_from_counts(NULL, &r->counts, &m).error)
        return -1; /* counts of a legal game always have a code */
    if (r->tally->options.fold) {
        gbr_counts swapped;
        for (int t = 0; t < 5; t++) {
            swapped.count[0][t] = r->counts.count[1][t];
            swapped.count[1][t] = r->counts.count[0][t];
        }
        gbr_material ms;
        int vw = census_value(&r->counts, 0), vb = census_value(&r->counts, 1);
        if (!gbr_material_from_counts(NULL, &swapped, &ms).error &&
            (vb > vw || (vb == vw && gbr_material_key_of(NULL, &ms) < gbr_material_key_of(NULL, &m)))) {
            m = ms;
            reversed = 1;
        }
    }
    uint64_t key = census_key_of(&m);
    for (size_t i = 0; i < r->n; i++)
        if (r->classes[i].key == key) {
            *index = i;
            return 0;
        }
    struct game_class *grown = util_grow(r->classes, &r->cap, r->n + 1, sizeof *r->classes);
    if (!grown)
        return -1;
    r->classes = grown;
    r->classes[r->n] = (struct game_class){key, m, 0, reversed};
    *index = r->n++;
    return 0;
}

static int majors_and_minors(const gbr_counts *c)
{
    int n = 0;
    for (int colour = 0; colour < 2; colour++)
        for (int t = GBR_QUEEN; t <= GBR_KNIGHT; t++)
            n += c->count[colour][t];
    return n;
}

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    (void)game;
    census_reader *r = context;
    if (!r->passes || r->out_of_memory)
        return 1; /* not counted: nothing more to replay */
    if (!p->main_line)
        return 0;
    int changed = 0;
    if (!p->before) {
        counts_of(p->position, &r->counts);
        changed = 1;
    } else {
        r->classes[r->current].plies++; /* a move played from the current class */
        if (p->move.kind != CHESS_MOVE_CASTLE && p->move.kind != CHESS_MOVE_NULL) {
            /* A capture takes a man of the side not moving; a promotion
             * turns the mover's pawn into a piece; castling takes nothing. */
            int mover = p->before->side;
            uint8_t taken = (uint8_t)(p->move.kind == CHESS_MOVE_EN_PASSANT ? CHESS_MAN(!mover, CHESS_PAWN)
                                                                            : p->before->board[p->move.to]);
            if (taken) {
                r->counts.count[!mover][gbr_type(CHESS_MAN_TYPE(taken))]--;
                changed = 1;
            }
            if (p->move.promotion) {
                r->counts.count[mover][GBR_PAWN]--;
                r->counts.count[mover][gbr_type(p->move.promotion)]++;
                changed = 1;
            }
        }
    }
    if (changed) {
        if (class_now(r, &r->current) != 0) {
            r->out_of_memory = 1;
            return 1;
        }
        const census_options *o = &r->tally->options;
        if (o->ending == CENSUS_ENDING_PHASE && !r->ending_found &&
            majors_and_minors(&r->counts) <= (int)o->pieces) {
            r->ending_found = 1;
            r->ending = r->current;
        }
    }
    return 0;
}

static void add_ending(census_reader *r, size_t index)
{
    int reversed = r->classes[index].reversed;
    census_class *c = census_class_of(r->tally, &r->classes[index].code);
    if (!c) {
        r->out_of_memory = 1;
        return;
    }
    c->endings++;
    int result = r->result;
    if (reversed && (result == CENSUS_WIN || result == CENSUS_LOSS))
        result = result == CENSUS_WIN ? CENSUS_LOSS : CENSUS_WIN;
    c->results[result]++;
}

static void on_game_end(void *context, const pgn_game *game, const replay_outcome *outcome)
{
    census_reader *r = context;
    census_tally *t = r->tally;
    t->totals.games++;
    if (outcome->line) {
        replay_report(r->source, outcome);
        r->problems = 1;
    }
    if (!r->passes) {
        t->totals.filtered++;
        return;
    }
    if (outcome->status != REPLAY_DONE || game->malformed || r->out_of_memory || r->n == 0) {
        t->totals.not_replayed++;
        return;
    }
    t->totals.counted++;
    t->totals.results[r->result]++;
    for (size_t i = 0; i < r->n; i++) {
        census_class *c = census_class_of(t, &r->classes[i].code);
        if (!c) {
            r->out_of_memory = 1;
            return;
        }
        c->games++;
        c->plies += r->classes[i].plies;
    }
    switch (t->options.ending) {
    case CENSUS_ENDING_PHASE:
        if (r->ending_found)
            add_ending(r, r->ending);
        else
            t->totals.no_ending++;
        break;
    case CENSUS_ENDING_FINAL:
        add_ending(r, r->current);
        break;
    case CENSUS_ENDING_EVERY:
        for (size_t i = 0; i < r->n; i++)
            add_ending(r, i);
        break;
    }
}

static void on_diagnostic(void *context, const pgn_diagnostic *d)
{
    census_reader *r = context;
    pgn_print_diagnostic(r->source, d);
    r->problems = 1;
}

census_reader *census_reader_new(census_tally *tally, const char *source)
{
    census_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    static const replay_handler handler = {NULL, NULL, on_position, on_game_end};
    r->tally = tally;
    r->source = source;
    r->replay = replay_new(&handler, r);
    if (!r->replay) {
        free(r);
        return NULL;
    }
    /* The replay's own tags calls come first: census's tags reading goes
     * through the wrapper below. */
    replay_main_line_only(r->replay, 1);
    size_t k = 0;
    for (const char *const *t = replay_tags; *t; t++)
        r->keep[k++] = *t;
    r->keep[k++] = "Result";
    const census_options *o = &tally->options;
    const char *more[6];
    size_t m = 0;
    if (o->min_elo) {
        more[m++] = "WhiteElo";
        more[m++] = "BlackElo";
    }
    if (o->speeds) {
        more[m++] = "TimeControl";
        more[m++] = "Event";
    }
    if (o->date_from || o->date_to) {
        more[m++] = "UTCDate";
        more[m++] = "Date";
    }
    if (k + m > PGN_KEEP_TAGS_MAX) {
        r->keep_all = 1;
    } else {
        for (size_t i = 0; i < m; i++)
            r->keep[k++] = more[i];
    }
    r->keep[k] = NULL;
    return r;
}

void census_reader_free(census_reader *r)
{
    if (!r)
        return;
    replay_free(r->replay);
    free(r->classes);
    free(r);
}

const char *const *census_reader_keep_tags(const census_reader *r) { return r->keep_all ? NULL : r->keep; }

int census_reader_problems(const census_reader *r) { return r->problems || r->out_of_memory; }

/* The reader's callbacks: the census reads the tags, the replay the rest. */
static void reader_bytes(void *context, const char *bytes, size_t len)
{
    census_reader *r = context;
    replay_pgn_handler()->bytes(r->replay, bytes, len);
}

static void reader_tags(void *context, const pgn_game *game)
{
    census_reader *r = context;
    on_tags(r, game);
    replay_pgn_handler()->tags(r->replay, game);
}

static void reader_game_end(void *context, const pgn_game *game)
{
    census_reader *r = context;
    replay_pgn_handler()->game_end(r->replay, game);
}

static void reader_diagnostic(void *context, const pgn_diagnostic *d) { on_diagnostic(context, d); }

const pgn_handler *census_pgn_handler(void)
{
    static const pgn_handler handler = {reader_bytes, reader_tags, reader_game_end, reader_diagnostic};
    return &handler;
}
