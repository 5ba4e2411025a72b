/* gbr lookup: the database games with a new position's start position, or
 * its study code (see lookup.h). The keys and symmetries are `gbr
 * duplicates`' own (duplicates_symmetry.c), the tags are read as directory
 * and duplicates read them (game_tags.c), and the date order is
 * duplicates'. The command line (src/cli/cmd_lookup.c) parses the options
 * and opens the inputs. */
#define _POSIX_C_SOURCE 200809L /* sigset_t in output_file.h */

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "directory_entries.h"
#include "game_tags.h"
#include "duplicates.h"
#include "exit_status.h"
#include "grow.h"
#include "lookup.h"
#include "lookup_internal.h"
#include "output.h"
#include "pgn_input.h"
#include "output_file.h"
#include "reached.h"
#include "replay.h"
#include "sort_records.h"
#include "text.h"

static const char *text_at(const lookup *l, size_t at) { return l->text + at; }

/* Keeps bytes as a text; its offset, or NO_TEXT when memory ran out (failed set). */
size_t lookup_keep(lookup *l, const char *bytes, size_t len)
{
    char **text = l->in_game_text ? &l->game.text : &l->text;
    size_t *used = l->in_game_text ? &l->game.used : &l->text_used;
    size_t *cap = l->in_game_text ? &l->game.cap : &l->text_cap;
    char *bigger = util_grow(*text, cap, *used + len + 1, 1);
    if (!bigger) {
        l->failed = 1;
        return NO_TEXT;
    }
    *text = bigger;
    memcpy(*text + *used, bytes, len);
    size_t at = *used;
    *used += len;
    (*text)[(*used)++] = '\0';
    return at;
}

/* A tag's value as UTF-8 (text_encoding.h), as directory and duplicates
 * write it; NO_TEXT for a tag that is absent. */
static size_t keep_tag(lookup *l, const pgn_tag *t)
{
    if (!t)
        return NO_TEXT;
    const char *value;
    size_t len;
    int how = text_encoding_value(l->encoding, t->value, t->value_len, &l->utf8, &l->utf8_cap, &value, &len);
    if (how < 0) {
        l->failed = 1;
        return NO_TEXT;
    }
    l->converted += (unsigned)how;
    return lookup_keep(l, value, len);
}

lookup *lookup_new(const lookup_options *o)
{
    lookup *l = calloc(1, sizeof *l);
    if (!l) {
        util_out_of_memory("lookup");
        return NULL;
    }
    l->codec = o->codec;
    l->symmetry = o->symmetry;
    l->json = o->json;
    l->tags = o->tags;
    l->encoding = o->encoding;
    l->names = o->names;
    l->start_only = o->start_only;
    l->memory = o->memory ? o->memory : (size_t)SORT_RUNS_MEMORY_DEFAULT;
    return l;
}

/* ---- Positions reached ------------------------------------------------------ */

static size_t material_slot(uint64_t material, size_t cap)
{
    return (size_t)((material * 0x9e3779b97f4a7c15ull) >> 32) & (cap - 1);
}

static void material_put(lookup *l, uint64_t material)
{
    if (material == 0) {
        l->materials.zero = 1;
        return;
    }
    if ((l->materials.n + 1) * 2 > l->materials.cap) { /* at most half full */
        size_t cap = l->materials.cap ? 2 * l->materials.cap : 64;
        uint64_t *slot = calloc(cap, sizeof *slot);
        if (!slot) {
            l->failed = 1;
            return;
        }
        for (size_t i = 0; i < l->materials.cap; i++) {
            uint64_t m = l->materials.slot[i];
            size_t at = material_slot(m, cap);
            while (m && slot[at])
                at = (at + 1) & (cap - 1);
            slot[at] = m;
        }
        free(l->materials.slot);
        l->materials.slot = slot;
        l->materials.cap = cap;
    }
    size_t at = material_slot(material, l->materials.cap);
    while (l->materials.slot[at] && l->materials.slot[at] != material)
        at = (at + 1) & (l->materials.cap - 1);
    l->materials.n += l->materials.slot[at] == 0;
    l->materials.slot[at] = material;
}

static int material_held(const lookup *l, uint64_t material)
{
    if (material == 0)
        return l->materials.zero;
    if (l->materials.cap == 0)
        return 0;
    size_t at = material_slot(material, l->materials.cap);
    while (l->materials.slot[at]) {
        if (l->materials.slot[at] == material)
            return 1;
        at = (at + 1) & (l->materials.cap - 1);
    }
    return 0;
}

/* A new key's material, and its colours exchanged where the symmetry may
 * compare them so. */
static void keep_material(lookup *l, const uint8_t key[REACHED_KEY_SIZE])
{
    material_put(l, reached_material_of_key(key, 0));
    if (l->symmetry == DUP_SYMMETRY_ALL)
        material_put(l, reached_material_of_key(key, 1));
}

/* The position form and the study code (no stipulation: the keys have none)
 * of a position, kept as texts. */
static void keep_forms(lookup *l, const gbr_position *p, size_t *form, size_t *code)
{
    char text[GBR_POSITION_MAX];
    gbr_result r = gbr_format_position(l->codec, text, sizeof text, p);
    *form = r.error ? lookup_keep(l, "", 0) : lookup_keep(l, text, r.length);
    if (!code)
        return;
    gbr_counts counts;
    gbr_study s;
    memset(&s, 0, sizeof s);
    gbr_position_counts(p, &counts);
    r = gbr_material_from_counts(l->codec, &counts, &s.material);
    for (uint8_t sq = 0; sq < 64; sq++) {
        if (p->board[sq] == GBR_WK)
            s.white_king = sq;
        else if (p->board[sq] == GBR_BK)
            s.black_king = sq;
    }
    if (!r.error)
        r = gbr_format_study(l->codec, text, sizeof text, &s);
    *code = r.error ? lookup_keep(l, "", 0) : lookup_keep(l, text, r.length);
}

/* start: the position as the rules read it, or NULL (then its castling
 * rights are "some" or none, and it has no en-passant square). */
static void add_item(lookup *l, const gbr_position *p, int castling, const char *where, const uint8_t *start)
{
    lookup_item *bigger = util_grow(l->items, &l->items_cap, l->items_n + 1, sizeof *bigger);
    if (!bigger) {
        l->failed = 1;
        return;
    }
    l->items = bigger;
    lookup_item *it = &l->items[l->items_n++];
    duplicates_position_key(p, castling, it->raw);
    duplicates_canonical_keys(l->symmetry, p, castling, it->position, it->study);
    if (start)
        memcpy(it->start, start, REACHED_KEY_SIZE);
    else
        reached_key(l->symmetry, p, castling ? 15 : 0, 0, it->start);
    keep_material(l, it->start);
    it->where = lookup_keep(l, where, strlen(where));
    keep_forms(l, p, &it->form, &it->code);
}

int lookup_add_text(lookup *l, const char *text, size_t len, const char *where, unsigned long line)
{
    gbr_recognised r;
    gbr_result res = gbr_recognise(l->codec, text, len, &r);
    if (!res.error && r.form != GBR_FORM_FEN && r.form != GBR_FORM_POSITION) {
        util_report(where, line, 1, "a FEN or a position form was required, not a %s", gbr_form_name(r.form));
        l->bad_input = 1;
        return 1;
    }
    if (res.error) {
        util_report(where, line, (unsigned long)(res.column ? res.column : 1), "%s", gbr_error_message(res.error));
        l->bad_input = 1;
        return 1;
    }
    char name[64];
    snprintf(name, sizeof name, "%s %lu", where, line);
    /* A FEN the rules read gives its castling rights and en-passant square. */
    chess_position c;
    chess_error e;
    uint8_t start[REACHED_KEY_SIZE];
    gbr_position q;
    int exact = r.form == GBR_FORM_FEN &&
                chess_fen_read_with(&c, text, len, CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &e) == 0;
    if (exact)
        reached_chess_keys(l->symmetry, &c, &q, start, NULL);
    add_item(l, &r.value.position, r.form == GBR_FORM_FEN && duplicates_fen_castling(text, len), name,
             exact ? start : NULL);
    return 0;
}

/* A game's start position; 0, or 1 after reporting its FEN (worded as
 * duplicates, audit, select and directory word it). */
static int game_position(lookup *l, const pgn_game *g, const pgn_tag *fen_tag, gbr_position *p, int *castling)
{
    const char *fen;
    size_t fen_len;
    game_fen_of(fen_tag, &fen, &fen_len);
    gbr_result r = gbr_parse_fen(l->codec, fen, fen_len, p);
    *castling = duplicates_fen_castling(fen, fen_len);
    if (!r.error)
        return 0;
    unsigned long line = fen_tag ? fen_tag->value_at.line : g->start.line;
    unsigned long column = fen_tag ? fen_tag->value_at.column + (r.column ? r.column - 1 : 0) : g->start.column;
    util_report(l->source, line, column, "game %lu: %s%s", g->number, fen_tag ? "FEN tag: " : "",
                gbr_error_message(r.error));
    l->bad_input = 1;
    return 1;
}

static void on_diagnostic(void *context, const pgn_diagnostic *d)
{
    lookup *l = context;
    pgn_print_diagnostic(l->source, d);
    l->bad_input = 1;
}

/* A replay's problem: a move that cannot be played, or a start the rules
 * refuse where gbr read the FEN (gbr's refusal was reported already). */
static void replay_problem(lookup *l, const replay_outcome *o, int start_read)
{
    if (o->status == REPLAY_REFUSED || (o->status == REPLAY_NO_START && start_read && o->line)) {
        replay_report(l->source, o);
        l->bad_input = 1;
    } else if (o->status == REPLAY_VARIANT) {
        replay_report(l->source, o);
    }
}

/* What a step costs in memory before the steps spill: itself and its place
 * in by_step. */
#define STEP_COST (sizeof(lookup_step) + sizeof(size_t))

/* A new study's place, its move written out. */
void lookup_step_raw(const lookup_step *st, uint8_t raw[DUP_POSITION_KEY_SIZE])
{
    reached_key_before(st->key, st->transform, raw);
}

void lookup_step_place(const lookup_step *st, reached_place *at)
{
    at->ply = st->ply;
    at->seq = st->seq;
    at->main_line = st->main_line;
    reached_move_text(st->fullmove, st->black, st->san, at->move);
}

static void keep_step(lookup *l, const lookup_step *st)
{
    keep_material(l, st->key);
    if (l->spilling) {
        lookup_spill_step(l, st);
        return;
    }
    lookup_step *bigger = util_grow(l->steps, &l->steps_cap, l->steps_n + 1, sizeof *bigger);
    if (!bigger) {
        l->failed = 1;
        return;
    }
    l->steps = bigger;
    l->steps[l->steps_n++] = *st;
    if (l->steps_n * STEP_COST > l->memory / 2)
        lookup_start_spilling(l);
}

static int new_position(void *context, const pgn_game *g, const replay_position *rp)
{
    (void)g;
    lookup *l = context;
    if (l->failed || l->spill_failed || !l->have_start)
        return 1;
    gbr_position p;
    if (!rp->before) { /* the start as the rules read it: castling rights, en passant */
        reached_chess_keys(l->symmetry, rp->position, &p, l->items[l->items_n - 1].start, NULL);
        return 0;
    }
    lookup_step st;
    uint8_t raw[DUP_POSITION_KEY_SIZE];
    reached_chess_keys(l->symmetry, rp->position, &p, st.key, raw);
    /* The transform, not the key as it is (33 bytes): most steps are never found. */
    unsigned t = memcmp(raw, st.key, sizeof raw) == 0 ? 0 : reached_transform_to(&p, raw[32] >> 1 & 1, st.key);
    st.transform = (uint8_t)(t < DUP_TRANSFORMS ? t : 0);
    st.item = (uint32_t)(l->items_n - 1);
    st.main_line = (uint8_t)rp->main_line;
    st.black = rp->before->side != CHESS_WHITE;
    st.ply = (uint32_t)rp->ply;
    st.seq = (uint32_t)l->seq++;
    st.fullmove = (uint32_t)rp->before->fullmove_number;
    replay_san(rp, st.san);
    keep_step(l, &st);
    return l->failed || l->spill_failed;
}

static void new_game(void *context, const pgn_game *g)
{
    lookup *l = context;
    gbr_position p;
    int castling;
    if (g->malformed || l->failed) /* a malformed tag section is reported by the reader */
        return;
    if (game_position(l, g, game_find_tag(g, "FEN"), &p, &castling) != 0)
        return;
    /* Sized to the source's name: a long path keeps its line and game. */
    size_t cap = strlen(l->source) + 2 * UTIL_DECIMAL_MAX + sizeof ": (game )";
    char *where = malloc(cap);
    if (!where) {
        l->failed = 1;
        return;
    }
    snprintf(where, cap, "%s:%lu (game %lu)", l->source, g->start.line, g->number);
    add_item(l, &p, castling, where, NULL);
    free(where);
}

/* A new game's tags: its item; its positions are kept for it when it was
 * made (have_start). */
static void new_tags(void *context, const pgn_game *g)
{
    lookup *l = context;
    size_t items = l->items_n;
    new_game(l, g);
    l->have_start = l->items_n > items;
    l->seq = 0;
}

static void new_game_replayed(void *context, const pgn_game *g, const replay_outcome *o)
{
    (void)g;
    lookup *l = context;
    if (l->have_start)
        replay_problem(l, o, 1);
    l->have_start = 0;
}

/* Reads an input's games: their start positions alone (start), or every
 * position their moves reach (replaying). */
static int read_games(lookup *l, const pgn_handler *start, const replay_handler *replaying, int fd,
                      const char *source)
{
    if (l->start_only)
        return pgn_read_input(start, l, fd, source);
    replay *r = replay_new(replaying, l);
    if (!r) {
        l->failed = 1;
        return 0; /* told by lookup_finish */
    }
    int status = pgn_read_input(replay_pgn_handler(), r, fd, source);
    replay_free(r);
    return status;
}

int lookup_add_games(void *context, int fd, const char *source)
{
    static const pgn_handler handler = {NULL, new_game, NULL, on_diagnostic};
    static const replay_handler replaying = {new_tags, on_diagnostic, new_position, new_game_replayed};
    lookup *l = context;
    l->source = source;
    return read_games(l, &handler, &replaying, fd, source);
}

/* ---- The databases -------------------------------------------------------- */
static const lookup *sorting; /* qsort has no context argument */

static int item_by_study(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    int c = memcmp(sorting->items[a].study, sorting->items[b].study, DUP_STUDY_KEY_SIZE);
    return c ? c : (a > b) - (a < b);
}

/* The first of `index` (sorted by the key at `offset`) whose key is not
 * less than `key`. */
static size_t lower_bound(const lookup *l, const size_t *index, size_t offset, size_t size, const uint8_t *key)
{
    size_t lo = 0, hi = l->items_n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (memcmp((const uint8_t *)&l->items[index[mid]] + offset, key, size) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int item_by_start(const void *x, const void *y)
{
    size_t a = *(const size_t *)x, b = *(const size_t *)y;
    int c = memcmp(sorting->items[a].start, sorting->items[b].start, REACHED_KEY_SIZE);
    return c ? c : (a > b) - (a < b);
}

/* By key, then the new study, then its order (main line first, plies). */
static int step_by_key(const void *x, const void *y)
{
    const lookup_step *a = &sorting->steps[*(const size_t *)x], *b = &sorting->steps[*(const size_t *)y];
    int c = memcmp(a->key, b->key, REACHED_KEY_SIZE);
    if (c)
        return c;
    if (a->item != b->item)
        return a->item < b->item ? -1 : 1;
    if (a->main_line != b->main_line)
        return a->main_line ? -1 : 1;
    if (a->ply != b->ply)
        return a->ply < b->ply ? -1 : 1;
    return (a->seq > b->seq) - (a->seq < b->seq);
}

static size_t *sorted_index(lookup *l, size_t n, int (*compare)(const void *, const void *))
{
    size_t *index = malloc((n + 1) * sizeof *index);
    if (!index) {
        l->failed = 1;
        return NULL;
    }
    for (size_t i = 0; i < n; i++)
        index[i] = i;
    sorting = l;
    qsort(index, n, sizeof *index, compare);
    sorting = NULL;
    return index;
}

static int make_index(lookup *l)
{
    if (l->by_study || l->failed)
        return l->failed ? -1 : 0;
    l->by_study = sorted_index(l, l->items_n, item_by_study);
    l->by_start = sorted_index(l, l->items_n, item_by_start);
    l->by_step = sorted_index(l, l->steps_n, step_by_key);
    return l->failed ? -1 : 0;
}

/* The first of by_step whose step's key is not less than key. */
static size_t step_lower_bound(const lookup *l, const uint8_t *key)
{
    size_t lo = 0, hi = l->steps_n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (memcmp(l->steps[l->by_step[mid]].key, key, REACHED_KEY_SIZE) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* A game's field from its texts to the run's. */
static size_t keep_game_text(lookup *l, size_t at)
{
    return at == NO_TEXT ? NO_TEXT : lookup_keep(l, game_text_at(l, at), strlen(game_text_at(l, at)));
}

/* A database game found (the game being read, l->game): p its position,
 * castling whether it has castling rights, `against` the new position's key
 * as it is (what the relation is told against), `at` and `new_at` where the
 * position is in the database game and in the new study. */
void lookup_add_hit(lookup *l, const gbr_position *p, int castling, size_t item, int kind,
                    const uint8_t against[DUP_POSITION_KEY_SIZE], const reached_place *at,
                    const reached_place *new_at)
{
    int same_position = kind != HIT_STUDY;
    lookup_hit *bigger = util_grow(l->hits, &l->hits_cap, l->hits_n + 1, sizeof *bigger);
    if (!bigger) {
        l->failed = 1;
        return;
    }
    l->hits = bigger;
    lookup_hit *h = &l->hits[l->hits_n++];
    memset(h, 0, sizeof *h);
    h->item = item;
    h->kind = kind;
    h->same_position = same_position;
    if (at)
        h->at = *at;
    if (new_at)
        h->new_at = *new_at;
    h->relation = same_position ? reached_relation(p, castling, against) : NULL;
    h->date = l->game.date;
    h->order = l->game.order;
    h->source = l->game.source;
    h->game = l->game.number;
    h->line = l->game.line;
    l->converted += l->game.converted;
    h->composer = keep_game_text(l, l->game.composer);
    h->event = keep_game_text(l, l->game.event);
    h->reference = keep_game_text(l, l->game.reference);
    h->date_text = keep_game_text(l, l->game.date_text);
    keep_forms(l, p, &h->form, NULL);
}

/* Whether hits[from, to) (a database game's) have the new study's start
 * position as the game's, or reached in its solution: then the positions of
 * its solution are not listed for that game. */
int lookup_covered(const lookup *l, size_t from, size_t to, size_t item)
{
    for (size_t h = from; h < to; h++)
        if (l->hits[h].item == item && (l->hits[h].kind == HIT_POSITION || l->hits[h].kind == HIT_REACHED))
            return 1;
    return 0;
}

/* A database game's fields, from its tags, into its texts. */
static void read_game_fields(lookup *l, const pgn_game *g, const game_tags *tags)
{
    l->game.used = 0;
    l->game.date = duplicates_date_key(tags->field[GAME_TAG_YEAR]);
    l->game.number = g->number;
    l->game.line = g->start.line;
    l->in_game_text = 1;
    unsigned long long converted = l->converted;
    l->game.composer = NO_TEXT;
    if (tags->field[GAME_TAG_COMPOSER]) {
        const char *composer;
        size_t len;
        if (composer_field(tags, l->encoding, l->names, &l->utf8, &l->utf8_cap, &composer, &len, &l->converted) != 0)
            l->failed = 1;
        else
            l->game.composer = lookup_keep(l, composer, len);
    }
    l->game.event = keep_tag(l, tags->field[GAME_TAG_SOURCE]);
    l->game.reference = keep_tag(l, tags->field[GAME_TAG_REFERENCE]);
    l->game.date_text = keep_tag(l, tags->field[GAME_TAG_YEAR]);
    l->in_game_text = 0;
    l->game.converted = l->converted - converted;
    l->converted = converted;
}

/* A database game's tags: its start position against the new ones, and
 * its fields kept for what its replay finds. */
static void database_game(void *context, const pgn_game *g)
{
    lookup *l = context;
    l->games++;
    l->game.order = l->games;
    l->game.source = l->source;
    l->pending_n = 0;
    l->seq = 0;
    l->game.read = 0;
    l->game.hits = l->hits_n;
    if (g->malformed || l->failed || l->items_n == 0)
        return;
    game_tags tags;
    game_tags_of(g, &l->tags, &tags);
    gbr_position p;
    int castling;
    if (game_position(l, g, tags.fen, &p, &castling) != 0)
        return;
    l->game.read = 1;
    /* Replayed, a position may be found after the tags are gone: the fields
     * are read now; else only for a game found. */
    int fields = !l->start_only;
    if (fields)
        read_game_fields(l, g, &tags);
    if (l->spilling && !l->spill_failed)
        lookup_spill_game(l);
    uint8_t position[DUP_POSITION_KEY_SIZE], study[DUP_STUDY_KEY_SIZE];
    duplicates_canonical_keys(l->symmetry, &p, castling, position, study);
    size_t at = lower_bound(l, l->by_study, offsetof(lookup_item, study), DUP_STUDY_KEY_SIZE, study);
    for (; at < l->items_n && memcmp(l->items[l->by_study[at]].study, study, DUP_STUDY_KEY_SIZE) == 0; at++) {
        if (!fields++)
            read_game_fields(l, g, &tags);
        size_t item = l->by_study[at];
        int same = memcmp(l->items[item].position, position, sizeof position) == 0;
        lookup_add_hit(l, &p, castling, item, same ? HIT_POSITION : HIT_STUDY, l->items[item].raw, NULL, NULL);
    }
}

/* What the database game's replay found, after its start position's hits:
 * for each new study the best place of each kind, but nothing more for a
 * new study whose start position is the game's (its solution's positions
 * would only repeat it), and no position of the solution where the new
 * start itself is reached. */
static void database_reached(lookup *l)
{
    size_t pending = l->pending_n, first = l->game.hits;
    l->pending_n = 0;
    if (!l->game.read)
        return;
    for (int kind = HIT_REACHED; kind <= HIT_SOLUTION; kind++)
        for (size_t k = 0; k < pending && !l->failed; k++) {
            const lookup_pending *e = &l->pending[k];
            if (e->kind != kind || lookup_covered(l, first, l->hits_n, e->item))
                continue;
            if (kind == HIT_REACHED) {
                const uint8_t *raw = l->items[e->item].raw;
                lookup_add_hit(l, &e->position, raw[32] >> 1 & 1, e->item, kind, raw, &e->at, NULL);
            } else {
                const lookup_step *st = &l->steps[e->step];
                reached_place new_at;
                lookup_step_place(st, &new_at);
                uint8_t raw[DUP_POSITION_KEY_SIZE];
                lookup_step_raw(st, raw);
                lookup_add_hit(l, &e->position, raw[32] >> 1 & 1, e->item, kind, raw, &e->at, &new_at);
            }
        }
}

/* Keeps what a database position matched: the best place for each new
 * study and kind in this game (for HIT_SOLUTION the new study's earliest
 * position, then the game's). */
static void pend(lookup *l, size_t item, size_t step, int kind, const gbr_position *p, const reached_place *at)
{
    for (size_t k = 0; k < l->pending_n; k++) {
        lookup_pending *e = &l->pending[k];
        if (e->item != item || e->kind != kind)
            continue;
        int better;
        if (kind == HIT_SOLUTION && step != e->step) {
            const lookup_step *a = &l->steps[step], *b = &l->steps[e->step];
            reached_place pa = {a->ply, a->seq, a->main_line, ""}, pb = {b->ply, b->seq, b->main_line, ""};
            better = reached_place_before(&pa, &pb);
        } else {
            better = reached_place_before(at, &e->at);
        }
        if (better) {
            e->step = step;
            e->position = *p;
            e->at = *at;
        }
        return;
    }
    lookup_pending *bigger = util_grow(l->pending, &l->pending_cap, l->pending_n + 1, sizeof *bigger);
    if (!bigger) {
        l->failed = 1;
        return;
    }
    l->pending = bigger;
    lookup_pending *e = &l->pending[l->pending_n++];
    e->item = item;
    e->step = step;
    e->kind = kind;
    e->position = *p;
    e->at = *at;
}

static int database_position(void *context, const pgn_game *g, const replay_position *rp)
{
    (void)g;
    lookup *l = context;
    if (l->failed || l->spill_failed || !l->game.read)
        return 1;
    unsigned long seq = l->seq++;
    if (!material_held(l, reached_material_of_chess(rp->position)))
        return 0; /* no new position has its material */
    gbr_position p;
    uint8_t key[REACHED_KEY_SIZE];
    reached_chess_keys(l->symmetry, rp->position, &p, key, NULL);
    reached_place at;
    int placed = 0;
    if (l->spilling) { /* the new solutions' positions are on disk: joined at the end */
        reached_place_of(rp, seq, &at);
        placed = 1;
        lookup_spill_database_position(l, key, &p, &at);
    }
    if (rp->before) { /* the new start positions reached here */
        size_t lo = 0, hi = l->items_n;
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (memcmp(l->items[l->by_start[mid]].start, key, REACHED_KEY_SIZE) < 0)
                lo = mid + 1;
            else
                hi = mid;
        }
        for (; lo < l->items_n && memcmp(l->items[l->by_start[lo]].start, key, REACHED_KEY_SIZE) == 0; lo++) {
            if (!placed++)
                reached_place_of(rp, seq, &at);
            pend(l, l->by_start[lo], 0, HIT_REACHED, &p, &at);
        }
    }
    /* The new solutions' positions here: a new study's first is its best. */
    for (size_t k = step_lower_bound(l, key);
         k < l->steps_n && memcmp(l->steps[l->by_step[k]].key, key, REACHED_KEY_SIZE) == 0; k++) {
        size_t step = l->by_step[k];
        if (k > 0 && l->steps[l->by_step[k - 1]].item == l->steps[step].item &&
            memcmp(l->steps[l->by_step[k - 1]].key, key, REACHED_KEY_SIZE) == 0)
            continue;
        if (!placed++)
            reached_place_of(rp, seq, &at);
        pend(l, l->steps[step].item, step, HIT_SOLUTION, &p, &at);
    }
    return 0;
}

static void database_replayed(void *context, const pgn_game *g, const replay_outcome *o)
{
    lookup *l = context;
    database_reached(l);
    /* (a FEN gbr refused was reported: the replay's refusal would repeat it) */
    if (l->items_n && !g->malformed && !l->failed)
        replay_problem(l, o, l->game.read);
}

int lookup_read_database(void *context, int fd, const char *source)
{
    static const pgn_handler handler = {NULL, database_game, NULL, on_diagnostic};
    static const replay_handler replaying = {database_game, on_diagnostic, database_position, database_replayed};
    lookup *l = context;
    l->source = source;
    if (make_index(l) != 0)
        return 0; /* told by lookup_finish */
    return read_games(l, &handler, &replaying, fd, source);
}

/* ---- The answer ----------------------------------------------------------- */
static int hit_order(const void *x, const void *y)
{
    const lookup_hit *a = x, *b = y;
    if (a->item != b->item)
        return a->item < b->item ? -1 : 1;
    if (a->kind != b->kind)
        return a->kind < b->kind ? -1 : 1;
    if (a->date != b->date)
        return a->date < b->date ? -1 : 1;
    return (a->order > b->order) - (a->order < b->order);
}

static void put_or(util_sink *out, const lookup *l, size_t text, const char *absent)
{
    if (text == NO_TEXT)
        util_put(out, absent);
    else
        util_write(out, text_at(l, text), strlen(text_at(l, text)));
}

static void put_json_text(util_sink *out, const lookup *l, size_t text)
{
    if (text == NO_TEXT)
        util_put(out, "null");
    else
        util_put_json_text(out, text_at(l, text), strlen(text_at(l, text)));
}

/* "after 5...Kg7", "(in a variation)" after it off the main line; "start". */
static void put_place(util_sink *out, const reached_place *at)
{
    if (!at->move[0]) {
        util_put(out, "start");
        return;
    }
    util_put(out, "after ");
    util_put(out, at->move);
    if (!at->main_line)
        util_put(out, " (in a variation)");
}

static void put_place_json(util_sink *out, const char *prefix, const reached_place *at)
{
    util_put(out, ", \"");
    util_put(out, prefix);
    util_put(out, "move\": ");
    if (at->move[0])
        util_put_json_text(out, at->move, strlen(at->move));
    else
        util_put(out, "null");
    util_put(out, ", \"");
    util_put(out, prefix);
    util_put(out, "ply\": ");
    util_put_uint(out, at->ply);
    util_put(out, ", \"");
    util_put(out, prefix);
    util_put(out, at->main_line ? "main_line\": true" : "main_line\": false");
}

static void put_hit_text(util_sink *out, const lookup *l, const lookup_hit *h)
{
    util_put(out, "    ");
    put_or(out, l, h->date_text, "????.??.??");
    util_put(out, "  "); /* "?" for a missing name, as PGN writes an unknown one */
    put_or(out, l, h->composer, "?");
    util_put(out, " | "); /* a bar: names hold commas */
    put_or(out, l, h->event, "?");
    if (h->reference != NO_TEXT && text_at(l, h->reference)[0]) {
        util_put(out, " | ");
        put_or(out, l, h->reference, "");
    }
    util_put(out, " -- ");
    util_put(out, h->source);
    util_put(out, ":");
    util_put_uint(out, h->line);
    util_put(out, " (game ");
    util_put_uint(out, h->game);
    util_put(out, ") ");
    if (h->kind == HIT_REACHED || h->kind == HIT_SOLUTION) {
        put_place(out, &h->at);
        util_put(out, " ");
    }
    if (h->same_position)
        util_put(out, h->relation);
    else
        put_or(out, l, h->form, "");
    if (h->kind == HIT_SOLUTION) {
        util_put(out, ", here ");
        put_place(out, &h->new_at);
    }
    util_put(out, "\n");
}

static void put_hit_json(util_sink *out, const lookup *l, const lookup_hit *h, int first)
{
    util_put(out, first ? "\n      {\"composer\": " : ",\n      {\"composer\": ");
    put_json_text(out, l, h->composer);
    util_put(out, ", \"source\": ");
    put_json_text(out, l, h->event);
    util_put(out, ", \"reference\": ");
    put_json_text(out, l, h->reference);
    util_put(out, ", \"date\": ");
    put_json_text(out, l, h->date_text);
    util_put(out, ", \"year\": ");
    if (h->date == UINT32_MAX)
        util_put(out, "null");
    else
        util_put_uint(out, h->date / 10000);
    if (h->relation) {
        util_put(out, ", \"relation\": ");
        util_put_json_text(out, h->relation, strlen(h->relation));
    }
    util_put(out, ", \"position\": ");
    put_json_text(out, l, h->form);
    util_put(out, ", \"file\": ");
    directory_put_json_name(out, h->source, strlen(h->source));
    util_put(out, ", \"game\": ");
    util_put_uint(out, h->game);
    util_put(out, ", \"line\": ");
    util_put_uint(out, h->line);
    if (h->kind == HIT_REACHED || h->kind == HIT_SOLUTION)
        put_place_json(out, "", &h->at);
    if (h->kind == HIT_SOLUTION)
        put_place_json(out, "new_", &h->new_at);
    util_put(out, "}");
}

static const char *symmetry_name(duplicates_symmetry s)
{
    return s == DUP_SYMMETRY_NONE ? "none" : s == DUP_SYMMETRY_MIRROR ? "mirror" : "all";
}

/* The answer for every new position, in the order given; the number of new
 * positions something was found for in *found. -1 when it could not be written. */
static int write_answer(const lookup *l, size_t found)
{
    util_output_file file;
    if (util_output_file_open(&file, NULL) != 0)
        return -1;
    util_sink *out = &file.sink;
    if (l->json) {
        util_put(out, "{\"games\": ");
        util_put_uint(out, l->games);
        util_put(out, ", \"symmetry\": \"");
        util_put(out, symmetry_name(l->symmetry));
        util_put(out, "\", \"found\": ");
        util_put_uint(out, found);
        util_put(out, ",\n  \"positions\": [");
    } else {
        util_put(out, "GBR lookup: ");
        util_put_uint(out, l->items_n);
        util_put(out, l->items_n == 1 ? " new position, " : " new positions, ");
        util_put_uint(out, l->games);
        util_put(out, l->games == 1 ? " database game (symmetry " : " database games (symmetry ");
        util_put(out, symmetry_name(l->symmetry));
        util_put(out, "), ");
        util_put_uint(out, found);
        util_put(out, " found\n");
    }
    size_t h = 0;
    for (size_t i = 0; i < l->items_n; i++) {
        const lookup_item *it = &l->items[i];
        size_t first = h, count[HIT_KINDS] = {0, 0, 0, 0};
        for (; h < l->hits_n && l->hits[h].item == i; h++)
            count[l->hits[h].kind]++;
        size_t positions = count[HIT_POSITION], studies = count[HIT_STUDY];
        size_t reached = first + positions + studies, solution = reached + count[HIT_REACHED];
        if (l->json) {
            util_put(out, i ? ",\n    {\"where\": " : "\n    {\"where\": ");
            directory_put_json_name(out, text_at(l, it->where), strlen(text_at(l, it->where)));
            util_put(out, ", \"position\": ");
            put_json_text(out, l, it->form);
            util_put(out, ", \"study\": ");
            put_json_text(out, l, it->code);
            util_put(out, ",\n     \"same_position\": [");
            for (size_t k = first; k < first + positions; k++)
                put_hit_json(out, l, &l->hits[k], k == first);
            util_put(out, "],\n     \"same_study\": [");
            for (size_t k = first + positions; k < reached; k++)
                put_hit_json(out, l, &l->hits[k], k == first + positions);
            if (!l->start_only) {
                util_put(out, "],\n     \"start_reached\": [");
                for (size_t k = reached; k < solution; k++)
                    put_hit_json(out, l, &l->hits[k], k == reached);
                util_put(out, "],\n     \"solution_found\": [");
                for (size_t k = solution; k < h; k++)
                    put_hit_json(out, l, &l->hits[k], k == solution);
            }
            util_put(out, "]}");
            continue;
        }
        util_put(out, "\n");
        put_or(out, l, it->where, "");
        util_put(out, ": ");
        put_or(out, l, it->form, "");
        util_put(out, "\n");
        if (h == first)
            util_put(out, "  not found\n");
        if (positions) {
            util_put(out, "  same position: ");
            util_put_uint(out, positions);
            util_put(out, positions == 1 ? " game\n" : " games\n");
        }
        for (size_t k = first; k < first + positions; k++)
            put_hit_text(out, l, &l->hits[k]);
        if (studies) {
            util_put(out, "  same study code ");
            put_or(out, l, it->code, "");
            util_put(out, ", other positions: ");
            util_put_uint(out, studies);
            util_put(out, studies == 1 ? " game\n" : " games\n");
        }
        for (size_t k = first + positions; k < reached; k++)
            put_hit_text(out, l, &l->hits[k]);
        if (solution > reached) {
            util_put(out, "  start reached in the solution of: ");
            util_put_uint(out, solution - reached);
            util_put(out, solution - reached == 1 ? " game\n" : " games\n");
        }
        for (size_t k = reached; k < solution; k++)
            put_hit_text(out, l, &l->hits[k]);
        if (h > solution) {
            util_put(out, "  a position of its solution in: ");
            util_put_uint(out, h - solution);
            util_put(out, h - solution == 1 ? " game\n" : " games\n");
        }
        for (size_t k = solution; k < h; k++)
            put_hit_text(out, l, &l->hits[k]);
    }
    if (l->json)
        util_put(out, "]}\n");
    return util_output_file_commit(&file);
}

int lookup_finish(lookup *l, int read_failed)
{
    int status = UTIL_EXIT_OK;
    if (l->spilling && !l->failed && !l->spill_failed)
        lookup_read_spilled(l);
    if (l->spill_failed) { /* reported: the answer would lack what was not compared */
        status = UTIL_EXIT_INPUT;
    } else if (!l->failed) {
        if (l->hits_n) /* (no array at all when nothing was found) */
            qsort(l->hits, l->hits_n, sizeof *l->hits, hit_order);
        if (l->converted)
            util_error("lookup", "%llu %s %s", l->converted, l->converted == 1 ? "value" : "values",
                       text_encoding_converted_how(l->encoding));
        size_t found = 0;
        for (size_t h = 0; h < l->hits_n; h++)
            found += h == 0 || l->hits[h].item != l->hits[h - 1].item;
        if (write_answer(l, found) != 0)
            status = UTIL_EXIT_INPUT;
        else if (read_failed || l->bad_input)
            status = UTIL_EXIT_INPUT;
        else if (found == 0)
            status = LOOKUP_EXIT_NOT_FOUND;
    } else {
        util_out_of_memory("lookup");
        status = UTIL_EXIT_INPUT;
    }
    free(l->items);
    free(l->by_study);
    free(l->hits);
    free(l->steps);
    free(l->by_start);
    free(l->by_step);
    free(l->pending);
    sort_records_free(&l->join);
    sort_records_free(&l->found);
    free(l->group.steps);
    free(l->materials.slot);
    free(l->text);
    free(l->game.text);
    free(l->utf8);
    free(l);
    return status;
}
_Static_assert(STEP_COST <= 76 || sizeof(void *) != 8, "docs/keepers.md and --help say a position held is 76 bytes");
