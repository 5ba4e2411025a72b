/* The census tally: its options, the readings of the filters' tags, the
 * classes' counts and their exact merge (see census.h). No output, so that
 * the fuzz harness of the JSON reader builds it alone. */
#include "census.h"

#include <stdlib.h>
#include <string.h>

#include "census_internal.h"
#include "grow.h"

const char *const census_speed_names[CENSUS_SPEEDS] = {"ultrabullet", "bullet",    "blitz",
                                                       "rapid",       "classical", "correspondence"};

const char *const census_ending_names[3] = {"phase", "final", "every"};

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
    free(t->merge_at);
    free(t);
}

void census_tally_clear(census_tally *t)
{
    memset(&t->totals, 0, sizeof t->totals);
    t->n = 0;
    if (t->slots)
        memset(t->slots, 0, t->slots_cap * sizeof *t->slots);
}

const census_options *census_tally_options(const census_tally *t) { return &t->options; }
const census_totals *census_tally_totals(const census_tally *t) { return &t->totals; }

/* The product's high bits folded down: its low bits depend on the key's
 * low bits (the pawns) alone. */
static uint64_t slot_of(uint64_t key, size_t cap)
{
    uint64_t h = key * 0x9E3779B97F4A7C15ull;
    return (h ^ h >> 29 ^ h >> 47) & (cap - 1);
}

static int rehash(census_tally *t, size_t cap)
{
    census_slot *slots = calloc(cap, sizeof *slots);
    if (!slots)
        return -1;
    for (size_t i = 0; i < t->slots_cap; i++) {
        if (!t->slots[i].index)
            continue;
        uint64_t s = slot_of(t->slots[i].key, cap);
        while (slots[s].index)
            s = (s + 1) & (cap - 1);
        slots[s] = t->slots[i];
    }
    free(t->slots);
    t->slots = slots;
    t->slots_cap = cap;
    return 0;
}

/* The slot holding key, or the empty one where it would go (the table is
 * never full). */
static census_slot *slot_for(const census_tally *t, uint64_t key)
{
    uint64_t s = slot_of(key, t->slots_cap);
    while (t->slots[s].index && t->slots[s].key != key)
        s = (s + 1) & (t->slots_cap - 1);
    return &t->slots[s];
}

const census_class *census_class_find(const census_tally *t, const gbr_material *code)
{
    if (!t->slots_cap)
        return NULL;
    const census_slot *slot = slot_for(t, census_key_of(code));
    return slot->index ? &t->classes[slot->index - 1] : NULL;
}

/* A new class of key and code (not in the tally): NULL when memory runs out. */
static census_class *add_class(census_tally *t, uint64_t key, const gbr_material *code)
{
    /* Kept at most half full. */
    if (2 * (t->n + 1) > t->slots_cap && rehash(t, t->slots_cap ? 2 * t->slots_cap : 64) != 0)
        return NULL;
    census_class *grown = util_grow(t->classes, &t->classes_cap, t->n + 1, sizeof *t->classes);
    if (!grown)
        return NULL;
    t->classes = grown;
    census_class *c = &t->classes[t->n++];
    memset(c, 0, sizeof *c);
    c->code = *code;
    census_slot *slot = slot_for(t, key);
    slot->key = key;
    slot->index = (uint32_t)t->n;
    return c;
}

census_class *census_class_of(census_tally *t, const gbr_material *code)
{
    uint64_t key = census_key_of(code);
    if (t->slots_cap) {
        const census_slot *slot = slot_for(t, key);
        if (slot->index)
            return &t->classes[slot->index - 1];
    }
    return add_class(t, key, code);
}

int census_same_options(const census_options *a, const census_options *b)
{
    return a->ending == b->ending && (a->ending != CENSUS_ENDING_PHASE || a->pieces == b->pieces) &&
           a->fold == b->fold && a->min_elo == b->min_elo && a->speeds == b->speeds && a->date_from == b->date_from &&
           a->date_to == b->date_to;
}

/* *into += from, or 1 (nothing changed) when the sum would not fit. */
static int add(uint64_t *into, uint64_t from)
{
    if (*into > UINT64_MAX - from)
        return 1;
    *into += from;
    return 0;
}

static int fits(uint64_t a, uint64_t b) { return a <= UINT64_MAX - b; }

/* Whether every count of from added to into's fits in 64 bits: checked
 * before anything is added, so that a refused merge changes nothing. Each
 * class of from is looked up here once: where it is in into (index + 1, 0
 * when into has none) is kept in into->merge_at for the adding. */
static int merge_fits(census_tally *into, const census_tally *from)
{
    const census_totals *a = &into->totals, *b = &from->totals;
    int ok = fits(a->games, b->games) && fits(a->counted, b->counted) && fits(a->filtered, b->filtered) &&
             fits(a->not_replayed, b->not_replayed) && fits(a->no_ending, b->no_ending);
    for (int i = 0; i < CENSUS_RESULTS; i++)
        ok = ok && fits(a->results[i], b->results[i]);
    for (size_t i = 0; i < from->n && ok; i++) {
        const census_class *f = &from->classes[i];
        const census_class *c = census_class_find(into, &f->code);
        into->merge_at[i] = c ? (uint32_t)(c - into->classes) + 1 : 0;
        if (!c)
            continue;
        ok = fits(c->games, f->games) && fits(c->plies, f->plies) && fits(c->endings, f->endings);
        for (int r = 0; r < CENSUS_RESULTS; r++)
            ok = ok && fits(c->results[r], f->results[r]);
    }
    return ok;
}

int census_merge(census_tally *into, const census_tally *from)
{
    if (!census_same_options(&into->options, &from->options))
        return CENSUS_MERGE_OPTIONS;
    if (from->n > 0) {
        uint32_t *at = util_grow(into->merge_at, &into->merge_at_cap, from->n, sizeof *at);
        if (!at)
            return CENSUS_MERGE_MEMORY;
        into->merge_at = at;
    }
    if (!merge_fits(into, from))
        return CENSUS_MERGE_OVERFLOW;
    for (size_t i = 0; i < from->n; i++) {
        const census_class *f = &from->classes[i];
        census_class *c = into->merge_at[i] ? &into->classes[into->merge_at[i] - 1]
                                            : add_class(into, census_key_of(&f->code), &f->code);
        if (!c)
            return CENSUS_MERGE_MEMORY;
        int over = add(&c->games, f->games) | add(&c->plies, f->plies) | add(&c->endings, f->endings);
        for (int r = 0; r < CENSUS_RESULTS; r++)
            over |= add(&c->results[r], f->results[r]);
        (void)over; /* checked above */
    }
    census_totals *a = &into->totals;
    const census_totals *b = &from->totals;
    add(&a->games, b->games);
    add(&a->counted, b->counted);
    add(&a->filtered, b->filtered);
    add(&a->not_replayed, b->not_replayed);
    add(&a->no_ending, b->no_ending);
    for (int i = 0; i < CENSUS_RESULTS; i++)
        add(&a->results[i], b->results[i]);
    return 0;
}

/* The packed key (digits, then the white and black pawns, most significant
 * first) orders as the number abcdef: directory order (spec/gbr.md §8). */
static int by_directory(const void *a, const void *b)
{
    uint64_t ka = census_key_of(&((const census_class *)a)->code);
    uint64_t kb = census_key_of(&((const census_class *)b)->code);
    return ka < kb ? -1 : ka > kb;
}

const census_class *census_tally_classes(census_tally *t, size_t *n)
{
    /* A copy of the counts as they are now, sorted: made anew each call. */
    census_class *sorted = realloc(t->sorted, (t->n ? t->n : 1) * sizeof *sorted);
    if (!sorted)
        return NULL;
    if (t->n)
        memcpy(sorted, t->classes, t->n * sizeof *sorted);
    qsort(sorted, t->n, sizeof *sorted, by_directory);
    t->sorted = sorted;
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

int census_elo_at_least(const char *v, size_t n, unsigned min)
{
    return n > 0 && n <= 6 && digits(v, n) && number(v, n) >= min;
}

/* The usual piece values: the stronger side of counts. */
int census_value(const gbr_counts *c, int colour)
{
    return 9 * c->count[colour][GBR_QUEEN] + 5 * c->count[colour][GBR_ROOK] + 3 * c->count[colour][GBR_BISHOP] +
           3 * c->count[colour][GBR_KNIGHT] + c->count[colour][GBR_PAWN];
}
