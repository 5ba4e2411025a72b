/* lookup_spill.c - gbr lookup beyond --memory (lookup_internal.h): the new
 * solutions' positions and the databases' positions in sorted runs on disk
 * (sort_records.h), joined by key, and what they share joined with each
 * database game's fields by game. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "lookup_internal.h"

/* ---- Writing the records ------------------------------------------------------ */
/* Records compare with memcmp over their leading bytes; numbers in them are
 * big-endian for that. A place (reached_place_key) orders as
 * reached_place_before: the main line first, then the fewer plies, then the
 * order written.
 *
 * `join`, by key: KEY (REACHED_KEY_SIZE), then 0 and a new study's position
 * (ITEM 4, PLACE, RAW, its move's text), or 1 and a database position (ORDER
 * 8, PLACE, RAW, its move's text): for a key, the new studies' positions
 * come first, by new study and place, then the database's by game and place.
 *
 * `found`, by database game: ORDER 8, then 0 and the game's fields, or 1 and
 * a position both share (ITEM 4, the new study's PLACE, the database game's
 * PLACE, the new study's RAW, the database's RAW, the new move's length (1)
 * and text, the database move's text): for a game and new study the first is
 * the best, as lookup.c's pend() keeps it. */
#define PLACE_KEY_SIZE 9
#define JOIN_ORDER (REACHED_KEY_SIZE + 1)
#define JOIN_STEP_HEAD (JOIN_ORDER + 4 + PLACE_KEY_SIZE + DUP_POSITION_KEY_SIZE)
#define JOIN_GAME_HEAD (JOIN_ORDER + 8 + PLACE_KEY_SIZE + DUP_POSITION_KEY_SIZE)
#define FOUND_ORDER 9
#define FOUND_HEAD (FOUND_ORDER + 4 + 2 * PLACE_KEY_SIZE + 2 * DUP_POSITION_KEY_SIZE + 1)

static void put_be32(uint8_t *at, uint32_t v)
{
    for (int i = 3; i >= 0; i--, v >>= 8)
        at[i] = (uint8_t)v;
}

static void put_be64(uint8_t *at, uint64_t v)
{
    for (int i = 7; i >= 0; i--, v >>= 8)
        at[i] = (uint8_t)v;
}

static uint32_t get_be32(const uint8_t *at)
{
    return (uint32_t)at[0] << 24 | (uint32_t)at[1] << 16 | (uint32_t)at[2] << 8 | at[3];
}

static uint64_t get_be64(const uint8_t *at) { return (uint64_t)get_be32(at) << 32 | get_be32(at + 4); }

static void put_place_key(uint8_t at[PLACE_KEY_SIZE], int main_line, unsigned long ply, unsigned long seq)
{
    at[0] = main_line ? 0 : 1;
    put_be32(at + 1, (uint32_t)ply);
    put_be32(at + 5, (uint32_t)seq);
}

/* A place back from its key and its move's text. */
static void place_of_key(const uint8_t at[PLACE_KEY_SIZE], const char *move, size_t move_len, reached_place *out)
{
    out->main_line = at[0] == 0;
    out->ply = get_be32(at + 1);
    out->seq = get_be32(at + 5);
    if (move_len >= sizeof out->move)
        move_len = sizeof out->move - 1;
    memcpy(out->move, move, move_len);
    out->move[move_len] = '\0';
}

static int join_compare(const char *a, size_t a_len, const char *b, size_t b_len)
{
    (void)a_len;
    (void)b_len;
    int c = memcmp(a, b, JOIN_ORDER);
    if (c)
        return c;
    return memcmp(a + JOIN_ORDER, b + JOIN_ORDER, a[JOIN_ORDER - 1] ? 8 + PLACE_KEY_SIZE : 4 + PLACE_KEY_SIZE);
}

static int found_compare(const char *a, size_t a_len, const char *b, size_t b_len)
{
    (void)a_len;
    (void)b_len;
    int c = memcmp(a, b, FOUND_ORDER);
    if (c || !a[FOUND_ORDER - 1])
        return c;
    return memcmp(a + FOUND_ORDER, b + FOUND_ORDER, 4 + 2 * PLACE_KEY_SIZE);
}

void lookup_spill_step(lookup *l, const lookup_step *st)
{
    uint8_t head[JOIN_STEP_HEAD];
    memcpy(head, st->key, REACHED_KEY_SIZE);
    head[JOIN_ORDER - 1] = 0;
    put_be32(head + JOIN_ORDER, st->item);
    put_place_key(head + JOIN_ORDER + 4, st->main_line, st->ply, st->seq);
    lookup_step_raw(st, head + JOIN_ORDER + 4 + PLACE_KEY_SIZE);
    reached_place at;
    lookup_step_place(st, &at);
    if (sort_records_add(&l->join, head, sizeof head, at.move, strlen(at.move)) != 0)
        l->spill_failed = 1;
}

/* The steps held go to `join`, and from now on every step and database
 * position: half the memory for `join`, half for `found`. */
void lookup_start_spilling(lookup *l)
{
    l->spilling = 1;
    sort_records_init(&l->join, "lookup", join_compare, l->memory / 2);
    sort_records_init(&l->found, "lookup", found_compare, l->memory / 2);
    for (size_t i = 0; i < l->steps_n && !l->spill_failed; i++)
        lookup_spill_step(l, &l->steps[i]);
    free(l->steps);
    l->steps = NULL;
    l->steps_n = l->steps_cap = 0;
}

/* A database position, for the join. */
void lookup_spill_database_position(lookup *l, const uint8_t key[REACHED_KEY_SIZE], const gbr_position *p,
                                    const reached_place *at)
{
    uint8_t head[JOIN_GAME_HEAD];
    memcpy(head, key, REACHED_KEY_SIZE);
    head[JOIN_ORDER - 1] = 1;
    put_be64(head + JOIN_ORDER, l->game.order);
    put_place_key(head + JOIN_ORDER + 8, at->main_line, at->ply, at->seq);
    duplicates_position_key(p, 0, head + JOIN_ORDER + 8 + PLACE_KEY_SIZE);
    if (sort_records_add(&l->join, head, sizeof head, at->move, strlen(at->move)) != 0)
        l->spill_failed = 1;
}

/* A database game's fields in `found` (records live only in this process
 * and its temporary files: the head is the struct's bytes), then its texts. */
typedef struct spilled_game {
    uint8_t order[FOUND_ORDER];
    uint32_t date;
    unsigned long number, line;
    unsigned long long converted;
    const char *source; /* lives as long as the run (lookup_read_database) */
    uint32_t len[4];    /* composer, event, reference, date; UINT32_MAX: absent */
} spilled_game;

/* A database game's fields (read_game_fields), for what the join finds. */
void lookup_spill_game(lookup *l)
{
    spilled_game head;
    memset(&head, 0, sizeof head);
    put_be64(head.order, l->game.order);
    head.date = l->game.date;
    head.number = l->game.number;
    head.line = l->game.line;
    head.converted = l->game.converted;
    head.source = l->game.source;
    const size_t fields[4] = {l->game.composer, l->game.event, l->game.reference, l->game.date_text};
    for (int i = 0; i < 4; i++)
        head.len[i] = fields[i] == NO_TEXT ? UINT32_MAX : (uint32_t)strlen(game_text_at(l, fields[i]));
    /* The texts follow as read_game_fields keeps them: the fields present,
     * in this order, each with its NUL. */
    if (sort_records_add(&l->found, &head, sizeof head, l->game.text, l->game.used) != 0)
        l->spill_failed = 1;
}

/* ---- Reading the records back ---------------------------------------------- */
/* A new study's position of the key being read back. */
struct join_step {
    uint8_t head[4 + PLACE_KEY_SIZE + DUP_POSITION_KEY_SIZE]; /* ITEM, PLACE, RAW as in `join` */
    char move[REACHED_MOVE_SIZE];
};

/* `join` in key order: for each database game with a position of the key
 * (its first place), a record in `found` for each new study with it (its
 * first place), as database_position pends them. */
static void join_emit(void *context, const char *record, size_t len)
{
    lookup *l = context;
    const uint8_t *r = (const uint8_t *)record;
    if (l->failed || l->spill_failed)
        return;
    if (!l->group.keyed || memcmp(l->group.key, r, REACHED_KEY_SIZE) != 0) {
        memcpy(l->group.key, r, REACHED_KEY_SIZE);
        l->group.keyed = 1;
        l->group.n = 0;
        l->group.ordered = 0;
    }
    if (!r[JOIN_ORDER - 1]) { /* a new study's position: its first place only */
        if (l->group.n && memcmp(l->group.steps[l->group.n - 1].head, r + JOIN_ORDER, 4) == 0)
            return;
        struct join_step *bigger = util_grow(l->group.steps, &l->group.cap, l->group.n + 1, sizeof *bigger);
        if (!bigger) {
            l->failed = 1;
            return;
        }
        l->group.steps = bigger;
        struct join_step *st = &l->group.steps[l->group.n++];
        memcpy(st->head, r + JOIN_ORDER, sizeof st->head);
        size_t move_len = len - JOIN_STEP_HEAD;
        if (move_len >= sizeof st->move)
            move_len = sizeof st->move - 1;
        memcpy(st->move, record + JOIN_STEP_HEAD, move_len);
        st->move[move_len] = '\0';
        return;
    }
    uint64_t order = get_be64(r + JOIN_ORDER); /* a database position: its game's first place only */
    if (l->group.ordered && l->group.order == order)
        return;
    l->group.order = order;
    l->group.ordered = 1;
    const uint8_t *place = r + JOIN_ORDER + 8, *raw = place + PLACE_KEY_SIZE;
    for (size_t i = 0; i < l->group.n && !l->spill_failed; i++) {
        const struct join_step *st = &l->group.steps[i];
        uint8_t head[FOUND_HEAD];
        uint8_t *at = head;
        put_be64(at, order);
        at[8] = 1;
        at += FOUND_ORDER;
        memcpy(at, st->head, 4 + PLACE_KEY_SIZE); /* ITEM, the new study's PLACE */
        at += 4 + PLACE_KEY_SIZE;
        memcpy(at, place, PLACE_KEY_SIZE);
        at += PLACE_KEY_SIZE;
        memcpy(at, st->head + 4 + PLACE_KEY_SIZE, DUP_POSITION_KEY_SIZE);
        at += DUP_POSITION_KEY_SIZE;
        memcpy(at, raw, DUP_POSITION_KEY_SIZE);
        at += DUP_POSITION_KEY_SIZE;
        size_t new_len = strlen(st->move);
        *at = (uint8_t)new_len;
        /* Both moves' texts after the head: the new one's, then the database's. */
        char moves[2 * REACHED_MOVE_SIZE];
        size_t db_len = len - JOIN_GAME_HEAD;
        if (db_len >= REACHED_MOVE_SIZE)
            db_len = REACHED_MOVE_SIZE - 1;
        memcpy(moves, st->move, new_len);
        memcpy(moves + new_len, record + JOIN_GAME_HEAD, db_len);
        if (sort_records_add(&l->found, head, sizeof head, moves, new_len + db_len) != 0)
            l->spill_failed = 1;
    }
}

/* `found` in game order: a game's fields, then what the join found in it,
 * each new study's best first; the hits as database_reached adds them. */
static void found_emit(void *context, const char *record, size_t len)
{
    lookup *l = context;
    const uint8_t *r = (const uint8_t *)record;
    if (l->failed || l->spill_failed)
        return;
    uint64_t order = get_be64(r);
    if (!r[FOUND_ORDER - 1]) { /* the game's fields */
        spilled_game head;
        memcpy(&head, record, sizeof head);
        l->game.order = order;
        l->game.date = head.date;
        l->game.number = head.number;
        l->game.line = head.line;
        l->game.converted = head.converted;
        l->game.source = head.source;
        l->game.used = 0;
        l->in_game_text = 1;
        size_t *fields[4] = {&l->game.composer, &l->game.event, &l->game.reference, &l->game.date_text};
        const char *text = record + sizeof head;
        for (int i = 0; i < 4; i++) {
            *fields[i] = head.len[i] == UINT32_MAX ? NO_TEXT : lookup_keep(l, text, head.len[i]);
            text += head.len[i] == UINT32_MAX ? 0 : head.len[i] + 1;
        }
        l->in_game_text = 0;
        l->game.read = 1;
        while (l->found_from < l->streamed_hits && l->hits[l->found_from].order < order)
            l->found_from++;
        for (l->found_to = l->found_from;
             l->found_to < l->streamed_hits && l->hits[l->found_to].order == order; l->found_to++)
            ;
        l->found_item = UINT64_MAX;
        return;
    }
    uint32_t item = get_be32(r + FOUND_ORDER);
    if (!l->game.read || l->game.order != order || l->found_item == item)
        return; /* (a game's fields come first) the first is the new study's best */
    l->found_item = item;
    if (lookup_covered(l, l->found_from, l->found_to, item))
        return;
    const uint8_t *new_place = r + FOUND_ORDER + 4, *place = new_place + PLACE_KEY_SIZE;
    const uint8_t *new_raw = place + PLACE_KEY_SIZE, *raw = new_raw + DUP_POSITION_KEY_SIZE;
    size_t new_len = raw[DUP_POSITION_KEY_SIZE];
    const char *moves = record + FOUND_HEAD;
    reached_place at, new_at;
    place_of_key(new_place, moves, new_len, &new_at);
    place_of_key(place, moves + new_len, len - FOUND_HEAD - new_len, &at);
    gbr_position p;
    reached_position_of_key(raw, &p);
    lookup_add_hit(l, &p, new_raw[32] >> 1 & 1, item, HIT_SOLUTION, new_raw, &at, &new_at);
}

/* The join, when the new solutions' positions were spilled: then the hits
 * it finds, with their games' fields. */
void lookup_read_spilled(lookup *l)
{
    l->streamed_hits = l->hits_n;
    l->found_from = 0;
    l->game.read = 0;
    if (sort_records_finish(&l->join, join_emit, l) != 0)
        l->spill_failed = 1;
    if (!l->spill_failed && !l->failed && sort_records_finish(&l->found, found_emit, l) != 0)
        l->spill_failed = 1;
    sort_records_free(&l->found);
    free(l->group.steps);
    l->group.steps = NULL;
}
