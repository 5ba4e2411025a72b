/* The census's reader: each game of the PGN reader replayed (main line
 * alone) and added to a tally, its problems reported; and the JSON reader's
 * reports (see census.h). */
#include <stdio.h> /* snprintf */
#include <stdlib.h>
#include <string.h>

#include "census_internal.h"
#include "grow.h"
#include "input_parallel.h"
#include "input_reports.h"
#include "output.h"
#include "pgn_input.h"
#include "replay.h"

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
    gbr_error no_code; /* the game's men have no material code (why), else 0 */
    /* Reading a chunk of an input on a worker thread: the reports held, to
     * be written in input order by the calling thread. */
    int holding;
    input_reports held;
};

/* A report of a game (game 0: none), written or held. */
static void report(census_reader *r, unsigned long line, unsigned long column, unsigned long game, int once,
                   const char *text)
{
    if (r->holding)
        input_reports_add(&r->held, line, column, game, once, text);
    else
        input_report_write(r->source, line, column, game, text);
}

/* The replay's problem: its message says "game N: " with the number of the
 * game in this reading, which a held report counts apart. */
static void report_outcome(census_reader *r, const pgn_game *game, const replay_outcome *o)
{
    if (!r->holding) {
        replay_report(r->source, o);
        return;
    }
    char prefix[40];
    int n = snprintf(prefix, sizeof prefix, "game %lu: ", game->number);
    const char *text = o->message;
    unsigned long number = 0;
    if (n > 0 && strncmp(text, prefix, (size_t)n) == 0) {
        text += n;
        number = game->number;
    }
    /* A variant's games are said once an input, by its first. */
    report(r, o->line, o->column, number, o->status == REPLAY_VARIANT, text);
}

/* Memory ran out: said once; this game and the ones after it are not
 * counted (a tally it was being added to is not to be trusted). */
static void lost_memory(census_reader *r)
{
    if (!r->out_of_memory)
        util_out_of_memory(r->source);
    r->out_of_memory = 1;
}

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
    if (o->min_elo && !(white && census_elo_at_least(white->value, white->value_len, o->min_elo) && black &&
                        census_elo_at_least(black->value, black->value_len, o->min_elo)))
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
    r->no_code = GBR_OK;
}

/* The gbr type (queen 0 ... pawn 4) of a chess type (pawn 0 ... queen 4). */
static int gbr_type(int chess_type) { return 4 - chess_type; }

static void counts_of(const chess_position *p, gbr_counts *counts)
{
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 5; t++)
            counts->count[c][t] = (uint8_t)__builtin_popcountll(p->by_colour[c] & p->by_type[4 - t]);
}

/* The class of the current counts (with fold, *reversed says whether the
 * colours were exchanged): the game's list entry, added when new. */
static int class_now(census_reader *r, size_t *index)
{
    gbr_material m;
    int reversed = 0;
    gbr_result made = gbr_material_from_counts(NULL, &r->counts, &m);
    if (made.error) { /* a set-up position with more promoted men than pawns gone */
        r->no_code = made.error;
        return -2;
    }
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
        int found = class_now(r, &r->current);
        if (found == -1)
            lost_memory(r);
        if (found != 0)
            return 1;
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
        lost_memory(r);
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
        report_outcome(r, game, outcome);
        r->problems = 1;
    }
    if (!r->passes) {
        t->totals.filtered++;
        return;
    }
    if (r->no_code) {
        char text[200];
        snprintf(text, sizeof text, "its men have no GBR material code (%s): not counted",
                 gbr_error_message(r->no_code));
        report(r, game->start.line, game->start.column, game->number, 0, text);
        r->problems = 1;
    }
    if (outcome->status != REPLAY_DONE || game->malformed || r->out_of_memory || r->no_code || r->n == 0) {
        t->totals.not_replayed++;
        return;
    }
    t->totals.counted++;
    t->totals.results[r->result]++;
    for (size_t i = 0; i < r->n; i++) {
        census_class *c = census_class_of(t, &r->classes[i].code);
        if (!c) {
            lost_memory(r);
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
    report(r, d->at.line, d->at.column, d->game, 0, d->message);
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
    /* The census looks at the main line alone: variations are passed over. */
    replay_main_line_only(r->replay, 1);
    /* The tags read: the replay's, the result, and those of the filters in
     * use; every tag when they are more than the reader keeps by name. */
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
    input_reports_free(&r->held);
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

/* ---- One input into a tally, on one thread or several ---- */

/* The chunks' run: each chunk read into a tally of its own by a reader that
 * holds its reports; the calling thread adds the tallies up and writes the
 * reports in input order. */
typedef struct parallel_run {
    census_tally *total;
    const char *source;
    input_once said; /* the notices said once an input */
    int problems;
    /* Chunk tallies merged and cleared, for the next chunks: a tally's
     * table stays grown, and its memory warm, from one chunk to the next. */
    census_tally *spare[INPUT_THREADS_MAX + 2];
    size_t spares;
} parallel_run;

static void chunk_free(parallel_run *run, census_reader *r)
{
    if (!r)
        return;
    census_tally *t = r->tally;
    census_reader_free(r);
    if (run->spares < sizeof run->spare / sizeof run->spare[0]) {
        census_tally_clear(t);
        run->spare[run->spares++] = t;
    } else {
        census_tally_free(t);
    }
}

static void *chunk_new(void *caller)
{
    parallel_run *run = caller;
    census_tally *t = run->spares ? run->spare[--run->spares] : census_tally_new(&run->total->options);
    census_reader *r = t ? census_reader_new(t, run->source) : NULL;
    if (!r) {
        census_tally_free(t);
        util_out_of_memory(run->source);
        return NULL;
    }
    r->holding = 1;
    return r;
}

static void chunk_drop(void *caller, void *context)
{
    chunk_free(caller, context);
}

static void chunk_done(void *caller, void *context, const input_chunk *chunk)
{
    parallel_run *run = caller;
    census_reader *r = context;
    input_reports_write_once(&r->held, 0, r->held.n, run->source, chunk->games_before, &run->said);
    if (r->held.failed || r->out_of_memory) {
        util_out_of_memory(run->source);
        run->problems = 1;
    } else {
        int merged = census_merge(run->total, r->tally);
        if (merged == CENSUS_MERGE_OVERFLOW)
            util_error(run->source, "the counts would pass 2^64 - 1: not all counted");
        else if (merged != 0)
            util_out_of_memory(run->source);
        if (merged != 0)
            run->problems = 1;
    }
    run->problems |= r->problems;
    chunk_free(run, r);
}

int census_read(census_tally *t, int fd, const char *source, int threads, int *problems)
{
    int read;
    if (threads <= 1) {
        census_reader *r = census_reader_new(t, source);
        if (!r) {
            util_out_of_memory(source);
            return -1;
        }
        read = pgn_read_input_keeping(census_pgn_handler(), census_reader_keep_tags(r), r, fd, source);
        if (census_reader_problems(r))
            *problems = 1;
        census_reader_free(r);
        return read;
    }
    /* The tags kept are those of the options, the same for every chunk. */
    census_reader *probe = census_reader_new(t, source);
    if (!probe) {
        util_out_of_memory(source);
        return -1;
    }
    parallel_run run = {t, source, {{NULL}, 0}, 0, {NULL}, 0};
    input_parallel p = {census_pgn_handler(), census_reader_keep_tags(probe), chunk_new, chunk_done, chunk_drop,
                        &run, threads, 0};
    read = input_games_parallel(&p, fd, source);
    census_reader_free(probe);
    input_once_free(&run.said);
    for (size_t i = 0; i < run.spares; i++)
        census_tally_free(run.spare[i]);
    if (run.problems)
        *problems = 1;
    return read;
}

census_tally *census_read_json(const char *text, size_t len, const char *source)
{
    char message[200];
    unsigned long line = 0, column = 0;
    census_tally *t = census_parse_json(text, len, message, sizeof message, &line, &column);
    if (!t)
        util_report(source, line, column, "%s", message);
    return t;
}
