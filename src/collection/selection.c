/* gbr select's selection (see selection.h): the queries gathered, each game
 * or line matched against them, and what is selected copied. The command
 * line (src/cli/cmd_select.c) parses the options and opens the inputs. */
#define _POSIX_C_SOURCE 200809L /* read(2), ssize_t */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "game_tags.h"
#include "exit_status.h"
#include "grow.h"
#include "line_limit.h"
#include "output.h"
#include "input_parallel.h"
#include "input_reports.h"
#include "pgn_input.h"
#include "replay.h"
#include "selection.h"

/* Matches every query; counts them, and returns whether any matched. */
static int select_subject(selection *s, const gbr_query_subject *subject)
{
    int any = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (gbr_query_match(&s->queries[i].query, subject)) {
            s->counts[i]++;
            any = 1;
            if (!s->count_only)
                break; /* the game is written once, whichever query selected it */
        }
    }
    return any;
}

/* Whether a query matches every material, so needs no position: '*',
 * '????.??', 'K...vK...', no count condition. */
static int matches_any_material(const gbr_query *q)
{
    if (q->kind == GBR_QUERY_CODE) {
        for (int i = 0; i < 6; i++)
            if (q->digit[i] != GBR_QUERY_ANY)
                return 0;
        return 1;
    }
    if (q->kind == GBR_QUERY_STUDY) /* kings and a stipulation need a position */
        return 0;
    for (int c = 0; c < 2; c++)
        for (int t = 0; t < 5; t++)
            if (q->min[c][t] != 0 || q->max[c][t] != GBR_QUERY_ANY || q->relation[c][t] != GBR_REL_NONE)
                return 0;
    return 1;
}

/* A game whose start position cannot be read (reported) is selected by the
 * queries that match every material only: so `gbr select '*'` writes every
 * game of its input. Counts them; returns whether any did. */
static int select_unclassified(selection *s)
{
    int any = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (matches_any_material(&s->queries[i].query)) {
            s->counts[i]++;
            any = 1;
            if (!s->count_only)
                break;
        }
    }
    return any;
}

/* ---- The byte-order mark ------------------------------------------------- */
static const unsigned char utf8_bom[3] = {0xEF, 0xBB, 0xBF};

/* Notes the first bytes of the current input (every byte of it passes here,
 * in order, as the PGN reader promises). */
static void note_input(selection *s, const char *bytes, size_t len)
{
    size_t i = 0;
    for (; i < len && s->input_offset < sizeof s->head; i++)
        s->head[s->input_offset++] = (unsigned char)bytes[i];
    s->input_offset += len - i;
}

static int input_has_bom(const selection *s)
{
    return s->input_offset >= sizeof s->head && memcmp(s->head, utf8_bom, sizeof utf8_bom) == 0;
}

/* ---- One input on several threads ----------------------------------------
 * Each part of the input (input_parallel.h) is matched by a copy of the run
 * that holds what it writes and reports; the calling thread writes them in
 * input order. */
typedef struct selection_chunk {
    selection s;
    char *out;
    size_t out_n, out_cap;
    input_reports reports;
    int failed;                     /* out of memory while holding */
    /* Its first game was selected, with this many reports before: the text
     * before the input's first game, when an earlier part held it, goes
     * before it (a part other than the first starts with a game). */
    int first_taken;
    size_t first_taken_reports;
} selection_chunk;

static void chunk_hold(selection_chunk *c, const char *bytes, size_t len)
{
    if (len == 0 || c->failed)
        return;
    char *grown = util_grow(c->out, &c->out_cap, c->out_n + len, 1);
    if (!grown) {
        c->failed = 1;
        return;
    }
    c->out = grown;
    memcpy(c->out + c->out_n, bytes, len);
    c->out_n += len;
}

/* A report of the run: at once, or held by a part with its game number
 * counted from the part's first game. */
static void report_game(selection *s, unsigned long line, unsigned long column, unsigned long game, const char *text)
{
    if (!s->chunk)
        input_report_write(s->source, line, column, game, text);
    else if (input_reports_add(&s->chunk->reports, line, column, game, 0, text) != 0)
        s->chunk->failed = 1;
}

static void write_out(selection *s, const char *bytes, size_t len)
{
    if (s->chunk)
        chunk_hold(s->chunk, bytes, len);
    else
        util_write(&util_stdout, bytes, len);
}

/* Writes what is selected, the input's byte-order mark first when it is the
 * first thing written: the output starts as the input did, and a mark is
 * never written in the middle of it, where a reader would take it for text. */
static void write_selected(selection *s, const char *bytes, size_t len)
{
    if (!s->written && input_has_bom(s))
        write_out(s, (const char *)utf8_bom, sizeof utf8_bom);
    s->written = 1;
    write_out(s, bytes, len);
}

/* ---- PGN ----------------------------------------------------------------- */
static gbr_stipulation stipulation_of_result(const pgn_tag *result)
{
    if (!result)
        return GBR_STIP_NONE;
    if (result->value_len == 3 && memcmp(result->value, "1-0", 3) == 0)
        return GBR_STIP_WIN;
    if (result->value_len == 7 && memcmp(result->value, "1/2-1/2", 7) == 0)
        return GBR_STIP_DRAW;
    return GBR_STIP_NONE;
}

/* ---- The text before the first game -------------------------------------- */
enum { LEAD_TOO_LONG = 1, LEAD_NO_MEMORY = 2 }; /* why it is not held (reported once) */

static void hold_lead(selection *s, const char *bytes, size_t len)
{
    if (s->lead_dropped || len == 0)
        return;
    if (len > SELECTION_LEAD_MAX - s->lead_len) {
        s->lead_dropped = LEAD_TOO_LONG;
        return;
    }
    char *grown = util_grow(s->lead, &s->lead_cap, s->lead_len + len, 1);
    if (!grown) {
        report_game(s, 0, 0, 0, UTIL_OUT_OF_MEMORY);
        s->bad_input = 1;
        s->lead_dropped = LEAD_NO_MEMORY;
        return;
    }
    s->lead = grown;
    memcpy(s->lead + s->lead_len, bytes, len);
    s->lead_len += len;
}

/* The first game of the input is selected: the text before it goes first,
 * its byte-order mark left to write_selected (written only at the start of
 * the output). */
static void write_lead(selection *s)
{
    if (s->lead_dropped == LEAD_TOO_LONG) {
        char text[80];
        snprintf(text, sizeof text, "the text before game 1 is over %lu MiB: not written",
                 (unsigned long)(SELECTION_LEAD_MAX >> 20));
        report_game(s, 1, 1, 0, text);
        s->bad_input = 1;
    }
    if (s->lead_dropped)
        return;
    const char *text = s->lead;
    size_t len = s->lead_len;
    if (len >= sizeof utf8_bom && memcmp(text, utf8_bom, sizeof utf8_bom) == 0) {
        text += sizeof utf8_bom;
        len -= sizeof utf8_bom;
    }
    write_selected(s, text, len);
}

/* The game is selected: its tag section now, the rest as it arrives. */
static void take_game(selection *s, const pgn_game *game)
{
    if (game->number == 1 && s->chunk && !s->chunk->first_taken) {
        s->chunk->first_taken = 1;
        s->chunk->first_taken_reports = s->chunk->reports.n;
    }
    if (game->number == 1)
        write_lead(s);
    write_selected(s, game->section, game->section_len);
    s->copying = 1;
}

static void match_game(selection *s, const pgn_game *game)
{
    s->copying = 0;
    note_input(s, game->section, game->section_len);
    if (game->malformed) { /* reported by the reader: not matched on a guess */
        s->bad_input = 1;
        if (select_unclassified(s) && !s->count_only)
            take_game(s, game);
        return;
    }
    const pgn_tag *fen = NULL, *result = NULL;
    for (size_t i = 0; i < game->tags_n && !(fen && result); i++) { /* a repeated tag's last pair counts */
        if (game->tags[i].superseded)
            continue;
        if (!fen && game_tag_named(&game->tags[i], "FEN"))
            fen = &game->tags[i];
        else if (!result && game_tag_named(&game->tags[i], "Result"))
            result = &game->tags[i];
    }
    gbr_stipulation stipulation = stipulation_of_result(result);
    gbr_query_subject subject = s->initial;
    subject.stipulation = (uint8_t)stipulation;
    if (fen) {
        gbr_position position;
        gbr_result r = gbr_parse_fen(s->codec, fen->value, fen->value_len, &position);
        if (!r.error)
            r = gbr_query_subject_of_position(s->codec, &position, stipulation, &subject);
        if (r.error) {
            unsigned long column = fen->value_at.column + (r.column ? r.column - 1 : 0);
            char text[200];
            snprintf(text, sizeof text, "FEN tag: %s", gbr_error_message(r.error));
            report_game(s, fen->value_at.line, column, game->number, text);
            s->bad_input = 1;
            if (select_unclassified(s) && !s->count_only)
                take_game(s, game);
            return;
        }
    }
    if (select_subject(s, &subject) && !s->count_only)
        take_game(s, game);
}

static void on_tags(void *context, const pgn_game *game)
{
    selection *s = context;
    s->before_first = 0;
    match_game(s, game);
    s->lead_len = 0; /* written with the first game, or not selected */
    s->lead_dropped = 0;
}

static void game_bytes(void *context, const char *bytes, size_t len)
{
    selection *s = context;
    note_input(s, bytes, len);
    if (s->copying)
        write_out(s, bytes, len);
    else if (s->before_first && !s->count_only)
        hold_lead(s, bytes, len);
}

static void game_end(void *context, const pgn_game *game)
{
    (void)game;
    ((selection *)context)->copying = 0;
}

static void reader_diagnostic(void *context, const pgn_diagnostic *d)
{
    selection *s = context;
    if (s->chunk)
        report_game(s, d->at.line, d->at.column, d->game, d->message);
    else
        pgn_print_diagnostic(s->source, d);
    s->bad_input = 1;
}

static const pgn_handler pgn_selection_handler = {game_bytes, on_tags, game_end, reader_diagnostic};
/* on_tags() reads these two; the reader keeps no other tag's value. */
static const char *const start_tags[] = {"FEN", "Result", NULL};

/* The parts' run: the byte-order mark of the input, when its first part
 * wrote nothing, goes before the first thing a later part writes. */
typedef struct parallel_run {
    selection *s;
    int bom_pending;
    /* The first part ended before the input's first game: its text before
     * it, for the part that holds that game. */
    int lead_pending;
    char *lead;
    size_t lead_len;
    int lead_dropped;
} parallel_run;

static void *chunk_new(void *caller)
{
    selection *parent = ((parallel_run *)caller)->s;
    selection_chunk *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->s = *parent;
    c->s.counts = calloc(parent->n ? parent->n : 1, sizeof *c->s.counts);
    if (!c->s.counts) {
        free(c);
        return NULL;
    }
    c->s.chunk = c;
    c->s.copying = c->s.bad_input = 0;
    c->s.input_offset = 0;
    memset(c->s.head, 0, sizeof c->s.head);
    c->s.before_first = 1;
    c->s.lead = NULL;
    c->s.lead_len = c->s.lead_cap = 0;
    c->s.lead_dropped = 0;
    return &c->s;
}

static void chunk_free(selection_chunk *c)
{
    input_reports_free(&c->reports);
    free(c->out);
    free(c->s.counts);
    free(c->s.lead);
    free(c);
}

static void chunk_drop(void *caller, void *context)
{
    (void)caller;
    chunk_free(((selection *)context)->chunk);
}

static void chunk_done(void *caller, void *context, const input_chunk *chunk)
{
    parallel_run *run = caller;
    selection *s = run->s;
    selection_chunk *c = ((selection *)context)->chunk;
    if (chunk->offset == 0) /* the input's first part: it saw the byte-order mark, if any */
        run->bom_pending = input_has_bom(&c->s) && c->out_n == 0 && !s->written;
    /* The text before the first game, held by an earlier part, written with
     * that game (this part's first) when it is selected. */
    int lead_here = run->lead_pending && chunk->offset > 0;
    size_t lead_at = lead_here && c->first_taken ? c->first_taken_reports : (size_t)-1;
    size_t split = lead_at < c->reports.n ? lead_at : c->reports.n;
    input_reports_write(&c->reports, 0, split, s->source, chunk->games_before);
    if (lead_at != (size_t)-1 && run->lead_dropped == LEAD_TOO_LONG) {
        char text[80];
        snprintf(text, sizeof text, "the text before game 1 is over %lu MiB: not written",
                 (unsigned long)(SELECTION_LEAD_MAX >> 20));
        report_game(s, 1, 1, 0, text);
        s->bad_input = 1;
    }
    input_reports_write(&c->reports, split, c->reports.n, s->source, chunk->games_before);
    if (c->out_n > 0 || lead_at != (size_t)-1) {
        if (run->bom_pending)
            util_write(&util_stdout, (const char *)utf8_bom, sizeof utf8_bom);
        run->bom_pending = 0;
        if (lead_at != (size_t)-1 && !run->lead_dropped) {
            const char *text = run->lead;
            size_t len = run->lead_len;
            if (len >= sizeof utf8_bom && memcmp(text, utf8_bom, sizeof utf8_bom) == 0) {
                text += sizeof utf8_bom;
                len -= sizeof utf8_bom;
            }
            util_write(&util_stdout, text, len);
        }
        util_write(&util_stdout, c->out, c->out_n);
        s->written = 1;
    }
    if (lead_here) {
        run->lead_pending = 0;
        free(run->lead);
        run->lead = NULL;
    }
    if (chunk->offset == 0 && c->s.before_first) { /* no game in the first part */
        run->lead_pending = 1;
        run->lead = c->s.lead;
        run->lead_len = c->s.lead_len;
        run->lead_dropped = c->s.lead_dropped;
        c->s.lead = NULL;
    }
    for (size_t i = 0; i < s->n; i++)
        s->counts[i] += c->s.counts[i];
    s->bad_input |= c->s.bad_input;
    if (c->failed) {
        util_out_of_memory(s->source);
        s->bad_input = 1;
    }
    chunk_free(c);
}

static int select_pgn_parallel(selection *s, int fd)
{
    parallel_run run = {s, 0, 0, NULL, 0, 0};
    input_parallel p = {&pgn_selection_handler, start_tags, chunk_new, chunk_done, chunk_drop, &run, s->threads, 0};
    int result = input_games_parallel(&p, fd, s->source);
    free(run.lead);
    return result;
}

static int select_pgn(selection *s, int fd)
{
    if (s->threads > 1)
        return select_pgn_parallel(s, fd);
    s->copying = 0;
    s->before_first = 1; /* an input without games writes nothing */
    s->lead_len = 0;
    s->lead_dropped = 0;
    int result = pgn_read_input_keeping(&pgn_selection_handler, start_tags, s, fd, s->source);
    s->copying = 0;
    return result;
}


/* ---- Positions reached (--reached) ----------------------------------------
 * The game's main line is replayed (src/replay). As pgn-extract reads a -y
 * file, a position counts when a move of the main line is played from it
 * (the start position included, the game's last position not), and a query
 * is met when it matches plies + 1 such positions in a row, one orientation
 * throughout (with exchanged colours, the direct and the exchanged readings
 * each keep their own run). The game's bytes are held until its end, when
 * whether it is selected is known. */

/* One orientation's run of matching positions. */
struct reached_run {
    int matching;             /* the last position counted matched */
    unsigned long start_ply;  /* where the run started */
    unsigned long line, column; /* the move that led there (line 0: the start) */
    size_t move_len;
};

/* The materials' matches kept, for up to 32 queries without a study
 * pattern: 2^REACHED_CACHE_BITS materials. */
#define REACHED_CACHE_BITS 10
#define REACHED_CACHE_QUERIES 32
struct reached_cached {
    int valid;
    gbr_counts counts;
    uint64_t matches; /* bit 2 * query + orientation */
};

typedef struct selection_reached {
    replay *replay;
    /* The game being read: its bytes from its start. */
    char *game;
    size_t game_len, game_cap;
    int game_dropped;
    const pgn_game *current;
    gbr_stipulation stipulation;
    /* The last main-line position, counted when a move is played from it. */
    int pending;
    gbr_counts counts;
    uint8_t kings[2];           /* GBR squares of the white and black king */
    unsigned long ply, line, column;
    size_t move_len;
    int material_changed;       /* since the last position counted */
    unsigned long next_due;     /* the first ply at which a run can be met */
    int needs_kings;            /* a study pattern is among the queries */
    /* The subjects of the last counts evaluated, direct and exchanged. */
    int have_subject;
    gbr_counts subject_counts;
    gbr_query_subject subject[2];
    /* Per query: runs per orientation, the last match per orientation (for
     * positions of unchanged material), whether it is met in this game. */
    struct reached_run *runs;   /* 2 per query */
    unsigned char *last;        /* 2 per query */
    unsigned char *met;
    gbr_query *direct;          /* each query, matched one orientation at a time */
    struct reached_cached cache[1 << REACHED_CACHE_BITS];
    /* Where --addmatchtag writes: after the last tag pair (tag_at ==
     * tag_end), or in place of an old MaterialMatch value. */
    size_t tag_at, tag_end;
    int tag_replace, tag_crlf, has_tags;
    int all_met;                /* every query is met: nothing more to match */
    int selected;               /* a query is met: the first one's orientation and run */
    int selected_black;
    struct reached_run selected_run;
} selection_reached;

/* The GBR square (8 * file + rank) of a chess square (8 * rank + file). */
static uint8_t gbr_square(unsigned square) { return (uint8_t)(8 * (square % 8) + square / 8); }

static void counts_of(const chess_position *p, gbr_counts *counts, uint8_t kings[2])
{
    /* gbr types: queen, rook, bishop, knight, pawn */
    static const int type_of[5] = {CHESS_QUEEN, CHESS_ROOK, CHESS_BISHOP, CHESS_KNIGHT, CHESS_PAWN};
    for (int c = 0; c < 2; c++) {
        for (int t = 0; t < 5; t++)
            counts->count[c][t] = (uint8_t)__builtin_popcountll(p->by_colour[c] & p->by_type[type_of[t]]);
        uint64_t king = p->by_colour[c] & p->by_type[CHESS_KING];
        kings[c] = king ? gbr_square((unsigned)__builtin_ctzll(king)) : 0;
    }
}

/* The subject of counts and kings, and of the colours exchanged (the board
 * turned over: rank r to 9 - r, spec/query.md 7.3). */
static void subjects_of(selection *s, selection_reached *r)
{
    if (!r->have_subject || memcmp(&r->subject_counts, &r->counts, sizeof r->counts) != 0) {
        gbr_counts swapped;
        for (int t = 0; t < 5; t++) {
            swapped.count[0][t] = r->counts.count[1][t];
            swapped.count[1][t] = r->counts.count[0][t];
        }
        for (int o = 0; o < 2; o++) {
            gbr_query_subject *subject = &r->subject[o];
            memset(subject, 0, sizeof *subject);
            subject->counts = o ? swapped : r->counts;
            subject->has_counts = 1;
            gbr_material_from_counts(s->codec, &subject->counts, &subject->material); /* legal counts: no error */
            subject->has_kings = 1;
            subject->stipulation = (uint8_t)r->stipulation;
        }
        r->subject_counts = r->counts;
        r->have_subject = 1;
    }
    r->subject[0].white_king = r->kings[0];
    r->subject[0].black_king = r->kings[1];
    r->subject[1].white_king = (uint8_t)((r->kings[1] & ~7u) | (7u - (r->kings[1] & 7u)));
    r->subject[1].black_king = (uint8_t)((r->kings[0] & ~7u) | (7u - (r->kings[0] & 7u)));
}

/* The pending position counts: every query's runs go on or stop. Returns
 * whether nothing is left to decide in the game. */
/* Every query's match of the current material, both orientations, into
 * r->last: from the cache of materials seen (most recur, within a game and
 * across games) or matched anew and kept. */
static void match_material(selection *s, selection_reached *r)
{
    struct reached_cached *slot = NULL;
    if (s->n <= REACHED_CACHE_QUERIES && !r->needs_kings) {
        uint64_t key = 0;
        memcpy(&key, &r->counts, sizeof key);
        key ^= (uint64_t)r->counts.count[1][3] << 5 ^ (uint64_t)r->counts.count[1][4] << 13;
        slot = &r->cache[(key * 0x9E3779B97F4A7C15ull) >> (64 - REACHED_CACHE_BITS)];
        if (slot->valid && memcmp(&slot->counts, &r->counts, sizeof r->counts) == 0) {
            for (size_t i = 0; i < 2 * s->n; i++)
                r->last[i] = (unsigned char)(slot->matches >> i & 1);
            return;
        }
    }
    subjects_of(s, r);
    uint64_t matches = 0;
    for (size_t i = 0; i < s->n; i++)
        for (int o = 0; o < 1 + (s->queries[i].query.either_colour != 0); o++) {
            r->last[2 * i + (size_t)o] = (unsigned char)gbr_query_match(&r->direct[i], &r->subject[o]);
            matches |= (uint64_t)r->last[2 * i + (size_t)o] << (2 * i + (size_t)o);
        }
    if (slot) {
        slot->valid = 1;
        slot->counts = r->counts;
        slot->matches = matches;
    }
}

static int count_position(selection *s, selection_reached *r)
{
    /* The matches change only with the material, or with the kings for a
     * study pattern: between captures and promotions the runs only grow, and
     * nothing is looked at until the first of them is long enough. */
    int rematch = r->material_changed || !r->have_subject;
    if (!rematch && !r->needs_kings && r->ply < r->next_due)
        return 0;
    if (rematch || r->needs_kings) {
        match_material(s, r);
        r->have_subject = 1;
    }
    r->material_changed = 0;
    r->next_due = (unsigned long)-1;
    int open = 0;
    for (size_t i = 0; i < s->n; i++) {
        if (r->met[i])
            continue;
        const gbr_query *q = &s->queries[i].query;
        int orientations = 1 + (q->either_colour != 0);
        for (int o = 0; o < orientations; o++) {
            unsigned char *last = &r->last[2 * i + (size_t)o];
            struct reached_run *run = &r->runs[2 * i + (size_t)o];
            if (!*last) {
                run->matching = 0;
                continue;
            }
            if (!run->matching) {
                run->matching = 1;
                run->start_ply = r->ply;
                run->line = r->line;
                run->column = r->column;
                run->move_len = r->move_len;
            }
            /* Held for plies: positions start_ply to start_ply + plies all counted. */
            if (r->ply - run->start_ply < s->queries[i].plies) {
                unsigned long due = run->start_ply + s->queries[i].plies;
                if (due < r->next_due)
                    r->next_due = due;
                continue;
            }
            /* Met, in this orientation (the direct one first, as pgn-extract tries White first). */
            r->met[i] = 1;
            s->counts[i]++;
            if (!r->selected) {
                r->selected = 1;
                r->selected_black = o;
                r->selected_run = *run;
            }
            break;
        }
        if (!r->met[i])
            open = 1;
        else if (!s->count_only)
            return 1; /* the game is written once, whichever query selected it */
    }
    return !open;
}

/* The gbr type (queen 0 ... pawn 4) of a chess type (pawn 0 ... queen 4). */
static int gbr_type(int chess_type) { return 4 - chess_type; }

static void king_squares(const chess_position *p, uint8_t kings[2])
{
    for (int c = 0; c < 2; c++) {
        uint64_t king = p->by_colour[c] & p->by_type[CHESS_KING];
        kings[c] = king ? gbr_square((unsigned)__builtin_ctzll(king)) : 0;
    }
}

static int reached_position(void *context, const pgn_game *game, const replay_position *p)
{
    (void)game;
    selection *s = context;
    selection_reached *r = s->reached;
    if (!p->main_line)
        return 0;
    /* A move is played from the pending position: it counts. The game is
     * replayed to its end all the same, so that a move that cannot be
     * played is reported whether or not the game is selected. */
    if (r->pending && p->ply > 0 && !r->all_met)
        r->all_met = count_position(s, r);
    r->pending = 1;
    if (!p->before) { /* the start: counted whole; then kept by the moves */
        counts_of(p->position, &r->counts, r->kings);
        r->material_changed = 1;
    } else if (p->move.kind != CHESS_MOVE_CASTLE && p->move.kind != CHESS_MOVE_NULL) {
        /* A capture takes a man of the side not moving; a promotion turns
         * the mover's pawn into a piece. Castling is the king taking its own
         * rook's square, and takes nothing. */
        int mover = p->before->side;
        uint8_t taken = (uint8_t)(p->move.kind == CHESS_MOVE_EN_PASSANT ? CHESS_MAN(!mover, CHESS_PAWN)
                                                                        : p->before->board[p->move.to]);
        if (taken) {
            r->counts.count[!mover][gbr_type(CHESS_MAN_TYPE(taken))]--;
            r->material_changed = 1;
        }
        if (p->move.promotion) {
            r->counts.count[mover][gbr_type(CHESS_PAWN)]--;
            r->counts.count[mover][gbr_type(p->move.promotion)]++;
            r->material_changed = 1;
        }
    }
    if (r->needs_kings)
        king_squares(p->position, r->kings);
    r->ply = p->ply;
    r->line = p->line;
    r->column = p->column;
    r->move_len = p->written_length;
    return 0;
}

/* The offset in the held game of line:column of the input (the game starts
 * at game->start). */
static size_t held_offset(const selection_reached *r, const pgn_game *game, unsigned long line, unsigned long column)
{
    size_t at = 0;
    unsigned long l = game->start.line, c = game->start.column;
    while (at < r->game_len && (l < line || (l == line && c < column))) {
        if (r->game[at++] == '\n')
            l++, c = 1;
        else
            c++;
    }
    return at;
}

/* Writes the held game with what was asked added: the tag after its last tag
 * pair (or its value in place of an old MaterialMatch tag's), the comment
 * after the move where the match starts (before the first move when it
 * starts at the start position). */
static void write_held_game(selection *s, selection_reached *r, const pgn_game *game)
{
    const char *value = r->selected_black ? "Black" : "White";
    size_t tag_at = r->tag_at, tag_end = r->tag_end, comment_at = r->game_len;
    int tag = s->add_match_tag, replace = r->tag_replace;
    const char *newline = r->tag_crlf ? "\r\n" : "\n";
    if (s->mark_matches) {
        if (r->selected_run.line == 0) {
            comment_at = (size_t)(game->movetext_start - game->start.offset);
        } else {
            comment_at = held_offset(r, game, r->selected_run.line, r->selected_run.column) + r->selected_run.move_len;
            while (comment_at < r->game_len && (r->game[comment_at] == '!' || r->game[comment_at] == '?'))
                comment_at++;
        }
        if (comment_at > r->game_len)
            comment_at = r->game_len;
    }
    size_t at = 0;
    if (tag) {
        write_selected(s, r->game, tag_at);
        if (replace) {
            util_put(&util_stdout, value);
        } else {
            if (r->has_tags) /* after the last pair; a game without tags gets a section */
                util_put(&util_stdout, newline);
            util_put(&util_stdout, "[MaterialMatch \"");
            util_put(&util_stdout, value);
            util_put(&util_stdout, r->has_tags ? "\"]" : "\"]\n\n");
        }
        at = tag_end;
    }
    if (s->mark_matches && comment_at >= at) {
        write_selected(s, r->game + at, comment_at - at);
        int before_first = r->selected_run.line == 0;
        util_put(&util_stdout, before_first ? "{" : " {");
        util_put(&util_stdout, s->mark_matches);
        util_put(&util_stdout, before_first ? "} " : "}");
        at = comment_at;
    }
    write_selected(s, r->game + at, r->game_len - at);
}

/* Where the tag goes, found while the section is at hand (every tag is kept
 * with --addmatchtag). */
static void place_match_tag(selection_reached *r, const pgn_game *game)
{
    const pgn_tag *last = NULL;
    r->tag_replace = r->tag_crlf = 0;
    r->tag_at = r->tag_end = 0;
    for (size_t i = 0; i < game->tags_n; i++) {
        const pgn_tag *t = &game->tags[i];
        if (!t->superseded && t->name_len == 13 && memcmp(t->name, "MaterialMatch", 13) == 0) {
            r->tag_replace = 1;
            r->tag_at = (size_t)(t->raw_value - game->section);
            r->tag_end = r->tag_at + t->raw_value_len;
        }
        last = t;
    }
    r->has_tags = last != NULL;
    if (!r->tag_replace && last) {
        const char *from = last->raw_value + last->raw_value_len;
        const char *close = memchr(from, ']', game->section_len - (size_t)(from - game->section));
        r->tag_at = r->tag_end = close ? (size_t)(close - game->section) + 1 : game->section_len;
        r->tag_crlf = r->tag_at < game->section_len && game->section[r->tag_at] == '\r';
    }
}

/* Holds the game's bytes (at most REPLAY's bound; more is dropped). */
static void hold_game(selection *s, selection_reached *r, const char *bytes, size_t len)
{
    if (r->game_dropped || len == 0)
        return;
    char *grown = r->game_len + len <= ((size_t)1 << 26) ? util_grow(r->game, &r->game_cap, r->game_len + len, 1) : NULL;
    if (!grown) {
        r->game_dropped = 1;
        return;
    }
    (void)s;
    r->game = grown;
    memcpy(r->game + r->game_len, bytes, len);
    r->game_len += len;
}

static void reached_tags(void *context, const pgn_game *game)
{
    selection *s = context;
    selection_reached *r = s->reached;
    s->before_first = 0;
    note_input(s, game->section, game->section_len);
    r->current = game;
    r->game_len = 0;
    r->game_dropped = 0;
    r->pending = 0;
    r->have_subject = 0;
    r->selected = 0;
    r->all_met = 0;
    r->material_changed = 0;
    r->next_due = 0;
    memset(r->runs, 0, 2 * s->n * sizeof *r->runs);
    memset(r->met, 0, s->n);
    r->stipulation = GBR_STIP_NONE;
    for (size_t i = 0; i < game->tags_n; i++)
        if (!game->tags[i].superseded && game_tag_named(&game->tags[i], "Result"))
            r->stipulation = stipulation_of_result(&game->tags[i]);
    if (game->malformed)
        s->bad_input = 1; /* reported by the reader; not replayed */
    if (s->add_match_tag)
        place_match_tag(r, game);
    if (!s->count_only)
        hold_game(s, r, game->section, game->section_len);
}

static void reached_game_end(void *context, const pgn_game *game, const replay_outcome *o)
{
    selection *s = context;
    selection_reached *r = s->reached;
    if (o->line) {
        replay_report(s->source, o);
        if (o->status != REPLAY_VARIANT)
            s->bad_input = 1;
    }
    if (r->selected && !s->count_only) {
        if (r->game_dropped) {
            util_report(s->source, game->start.line, game->start.column,
                        "game %lu: selected, and more than memory could hold: not written", game->number);
            s->bad_input = 1;
        } else {
            if (game->number == 1)
                write_lead(s);
            write_held_game(s, r, game);
        }
    }
    s->lead_len = 0;
    s->lead_dropped = 0;
}

/* The reader's callbacks: select's own work, then the replay's. */
static void reached_reader_bytes(void *context, const char *bytes, size_t len)
{
    selection *s = context;
    note_input(s, bytes, len);
    if (s->before_first) {
        if (!s->count_only)
            hold_lead(s, bytes, len);
    } else if (!s->count_only) {
        hold_game(s, s->reached, bytes, len);
    }
    replay_pgn_handler()->bytes(s->reached->replay, bytes, len);
}

static void reached_reader_tags(void *context, const pgn_game *game)
{
    selection *s = context;
    replay_pgn_handler()->tags(s->reached->replay, game); /* calls reached_tags */
}

static void reached_reader_game_end(void *context, const pgn_game *game)
{
    selection *s = context;
    replay_pgn_handler()->game_end(s->reached->replay, game); /* replays, then reached_game_end */
}

static int select_reached(selection *s, int fd)
{
    static const pgn_handler handler = {reached_reader_bytes, reached_reader_tags, reached_reader_game_end,
                                        reader_diagnostic};
    /* The replay's tags and [Result]; every tag when one is added after them. */
    static const char *const wanted[] = {"FEN", "SetUp", "Variant", "Result", NULL};
    s->before_first = 1;
    s->lead_len = 0;
    s->lead_dropped = 0;
    return pgn_read_input_keeping(&handler, s->add_match_tag ? NULL : wanted, s, fd, s->source);
}

static int reached_begin(selection *s)
{
    selection_reached *r = calloc(1, sizeof *r);
    if (!r)
        return -1;
    s->reached = r;
    static const replay_handler handler = {reached_tags, NULL, reached_position, reached_game_end};
    r->replay = replay_new(&handler, s);
    r->runs = calloc(2 * s->n + 1, sizeof *r->runs);
    r->last = calloc(2 * s->n + 1, 1);
    r->met = calloc(s->n + 1, 1);
    r->direct = calloc(s->n + 1, sizeof *r->direct);
    if (!r->replay || !r->runs || !r->last || !r->met || !r->direct)
        return -1;
    for (size_t i = 0; i < s->n; i++) {
        r->needs_kings |= s->queries[i].query.kind == GBR_QUERY_STUDY;
        r->direct[i] = s->queries[i].query;
        r->direct[i].either_colour = 0;
    }
    return 0;
}

static void reached_end(selection *s)
{
    selection_reached *r = s->reached;
    if (!r)
        return;
    replay_free(r->replay);
    free(r->game);
    free(r->runs);
    free(r->last);
    free(r->met);
    free(r->direct);
    free(r);
    s->reached = NULL;
}

/* ---- Lines --------------------------------------------------------------- */
static void select_line(selection *s, const char *line, size_t len, size_t end_len)
{
    gbr_scan_match m;
    if (gbr_scan_next(s->codec, line, len, 0, 0, &m) != GBR_SCAN_MATCH)
        return;
    gbr_query_subject subject;
    if (m.code.form == GBR_FORM_MATERIAL) {
        gbr_query_subject_of_material(&m.code.value.material, &subject);
    } else if (m.code.form == GBR_FORM_STUDY) {
        gbr_query_subject_of_study(&m.code.value.study, &subject);
    } else {
        /* A position form's indicator carries the stipulation. */
        uint8_t ind = m.code.value.position.indicator;
        gbr_stipulation stip = ind == GBR_IND_WIN || ind == GBR_IND_BLACK_WIN     ? GBR_STIP_WIN
                               : ind == GBR_IND_DRAW || ind == GBR_IND_BLACK_DRAW ? GBR_STIP_DRAW
                                                                                  : GBR_STIP_NONE;
        if (gbr_query_subject_of_position(s->codec, &m.code.value.position, stip, &subject).error)
            return; /* not reached: the scanner accepts only valid positions */
    }
    if (select_subject(s, &subject) && !s->count_only)
        write_selected(s, line, len + end_len);
}

/* A line of the input (its line end end_len bytes after len): the first
 * line's byte-order mark is noted, and skipped when looking for the code,
 * as gbr scan skips it. */
static void select_input_line(selection *s, unsigned long line_no, const char *line, size_t len, size_t end_len)
{
    if (line_no == 1) {
        note_input(s, line, len + end_len);
        if (input_has_bom(s) && len >= sizeof utf8_bom) {
            line += sizeof utf8_bom;
            len -= sizeof utf8_bom;
        }
    }
    select_line(s, line, len, end_len);
}

static void report_long_line(selection *s, unsigned long line_no)
{
    util_report(s->source, line_no, (unsigned long)UTIL_LINE_MAX + 1, "line longer than %lu bytes",
                (unsigned long)UTIL_LINE_MAX);
    s->bad_input = 1;
}

/* Reads fd line by line, holding at most one line of UTIL_LINE_MAX bytes (its
 * line end not counted) and a read buffer. A longer line is reported at
 * column UTIL_LINE_MAX + 1 and skipped: writing a part of it would write a
 * line the input does not have. */
static int select_lines(selection *s, int fd)
{
    const size_t chunk = (size_t)1 << 16;
    size_t cap = 2 * chunk, have = 0;
    char *buf = malloc(cap);
    if (!buf) {
        util_out_of_memory(s->source);
        return -1;
    }
    unsigned long line_no = 1;
    int skipping = 0, status = 0;
    for (;;) {
        if (cap - have < chunk) {
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                util_out_of_memory(s->source);
                status = -1;
                break;
            }
            buf = grown, cap *= 2;
        }
        ssize_t got = read(fd, buf + have, cap - have);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            util_error(s->source, "cannot read: %s", strerror(errno));
            status = -1;
            break;
        }
        size_t scanned = have, start = 0;
        have += (size_t)got;
        char *nl;
        while ((nl = memchr(buf + scanned, '\n', have - scanned)) != NULL) {
            size_t end = (size_t)(nl - buf);
            size_t cr = end > start && buf[end - 1] == '\r';
            size_t len = end - start - cr;
            if (!skipping && len > UTIL_LINE_MAX)
                report_long_line(s, line_no);
            else if (!skipping)
                select_input_line(s, line_no, buf + start, len, cr + 1);
            skipping = 0;
            line_no++;
            start = scanned = end + 1;
        }
        /* The unfinished line: one byte more than the limit may be its '\r'. */
        if (!skipping && have - start > UTIL_LINE_MAX + (got > 0)) {
            report_long_line(s, line_no);
            skipping = 1;
        }
        if (skipping)
            start = have;
        if (got == 0) {
            if (start < have)
                select_input_line(s, line_no, buf + start, have - start, 0);
            break;
        }
        memmove(buf, buf + start, have - start);
        have -= start;
    }
    free(buf);
    return status;
}

/* ---- Queries from options and files -------------------------------------- */
/* A pgn-extract description's leading number (spec/query.md section 6: the
 * plies the material must last; gbr_query_parse has checked its form), else
 * SELECTION_PLIES_DEFAULT. A number past any game's length saturates. */
static unsigned long stated_plies(const gbr_query *q, const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    if (q->kind != GBR_QUERY_PGN_EXTRACT || i == len || text[i] < '0' || text[i] > '9')
        return SELECTION_PLIES_DEFAULT;
    unsigned long n = 0;
    for (; i < len && text[i] >= '0' && text[i] <= '9'; i++)
        n = n > 100000000ul ? n : n * 10 + (unsigned long)(text[i] - '0');
    return n;
}

int selection_add(selection_options *o, const gbr_query *q, const char *text, size_t len)
{
    selection_query *grown = util_grow(o->queries, &o->cap, o->n + 1, sizeof *grown);
    if (!grown)
        return -1;
    o->queries = grown;
    char *copy = malloc(len + 1);
    if (!copy)
        return -1;
    memcpy(copy, text, len);
    copy[len] = '\0';
    o->queries[o->n].query = *q;
    o->queries[o->n].text = copy;
    o->queries[o->n].plies = stated_plies(q, text, len);
    o->n++;
    return 0;
}

void selection_free(selection_options *o)
{
    for (size_t i = 0; i < o->n; i++)
        free(o->queries[i].text);
    free(o->queries);
}

int selection_query_error(const char *where, unsigned long line, gbr_result r, const char *message)
{
    util_report(where, line, (unsigned long)r.column, "%s", message ? message : gbr_error_message(r.error));
    return UTIL_EXIT_USAGE;
}

/* Reads a pgn-extract -y/-z file: every line but blank ones and '%' comments is a query. */
int selection_add_file(selection_options *o, const char *path, int either_colour)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        util_command_error("select", "%s: cannot open: %s", path, strerror(errno));
        return UTIL_EXIT_USAGE;
    }
    char line[4096];
    unsigned long line_no = 0;
    int status = 0;
    while (!status && fgets(line, sizeof line, f)) {
        line_no++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            util_report(path, line_no, 1, "line too long for a query");
            status = UTIL_EXIT_USAGE;
            break;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r' || line[len - 1] == ' ' ||
                           line[len - 1] == '\t'))
            len--;
        size_t lead = 0;
        while (lead < len && (line[lead] == ' ' || line[lead] == '\t'))
            lead++;
        if (lead == len || line[0] == '%')
            continue;
        gbr_query q;
        const char *message = NULL;
        gbr_result r = gbr_query_parse(&q, line, len, &message);
        if (!r.error && q.kind != GBR_QUERY_PGN_EXTRACT) {
            r.error = GBR_E_UNKNOWN_FORM, r.column = 1;
            message = "a -y or -z file holds pgn-extract descriptions";
        }
        if (r.error) {
            status = selection_query_error(path, line_no, r, message);
            break;
        }
        q.either_colour = (uint8_t)either_colour;
        if (selection_add(o, &q, line, len) != 0) {
            util_command_error("select", UTIL_OUT_OF_MEMORY);
            status = UTIL_EXIT_USAGE;
        }
    }
    if (!status && ferror(f)) {
        util_command_error("select", "%s: cannot read", path);
        status = UTIL_EXIT_USAGE;
    }
    fclose(f);
    return status;
}

int selection_add_text(selection_options *o, const char *text, const char *where)
{
    gbr_query q;
    const char *message = NULL;
    gbr_result r = gbr_query_parse(&q, text, strlen(text), &message);
    if (r.error)
        return selection_query_error(where, 1, r, message);
    return selection_add(o, &q, text, strlen(text));
}

int selection_add_counts(selection_options *o, const char *white, const char *black)
{
    gbr_query q;
    gbr_query_counts_init(&q);
    char text[64];
    const char *sides[2] = {white, black};
    for (int colour = 0; colour < 2; colour++) {
        if (!sides[colour])
            continue;
        const char *message = NULL;
        gbr_result r = gbr_query_add_conditions(&q, colour, sides[colour], strlen(sides[colour]), &message);
        if (r.error)
            return selection_query_error(colour ? "--black" : "--white", 1, r, message);
    }
    /* The text --count prints: the conditions, each side's cut at 24 bytes. */
    snprintf(text, sizeof text, "%s%.24s%s%s%.24s", white ? "white:" : "", white ? white : "",
             white && black ? " " : "", black ? "black:" : "", black ? black : "");
    return selection_add(o, &q, text, strlen(text));
}

/* ---- The run ------------------------------------------------------------- */
int selection_begin(selection *s, selection_options *o)
{
    memset(s, 0, sizeof *s);
    s->counts = calloc(o->n, sizeof *s->counts);
    if (!s->counts)
        return -1;
    for (size_t i = 0; i < o->n; i++)
        o->queries[i].query.either_colour |= (uint8_t)o->either_colour;
    /* Copied, so that matching a game reads them from the run itself. */
    s->codec = o->codec;
    s->queries = o->queries;
    s->n = o->n;
    s->count_only = o->count_only;
    s->lines = o->lines;
    s->add_match_tag = o->add_match_tag;
    s->mark_matches = o->mark_matches;
    s->threads = o->threads > 1 ? (int)o->threads : 1;
    for (size_t i = 0; i < o->n; i++)
        if (o->queries[i].plies == SELECTION_PLIES_DEFAULT)
            o->queries[i].plies = (unsigned long)o->plies;
    if (o->reached && reached_begin(s) != 0) {
        reached_end(s);
        free(s->counts);
        return -1;
    }
    gbr_position start;
    gbr_parse_fen(s->codec, pgn_start_fen, strlen(pgn_start_fen), &start);           /* cannot fail */
    gbr_query_subject_of_position(s->codec, &start, GBR_STIP_NONE, &s->initial); /* cannot fail */
    return 0;
}

int selection_file(void *context, int fd, const char *source)
{
    selection *s = context;
    s->source = source;
    s->input_offset = 0;
    return s->lines ? select_lines(s, fd) : s->reached ? select_reached(s, fd) : select_pgn(s, fd);
}

int selection_end(selection *s, int read_failed)
{
    if (s->count_only) {
        for (size_t i = 0; i < s->n; i++) {
            util_put_uint(&util_stdout, (unsigned long)s->counts[i]);
            util_putc(&util_stdout, '\t');
            util_put(&util_stdout, s->queries[i].text);
            util_putc(&util_stdout, '\n');
        }
    }
    if (util_flush() != 0)
        read_failed = 1;
    free(s->counts);
    free(s->lead);
    reached_end(s);
    return read_failed || s->bad_input ? UTIL_EXIT_INPUT : UTIL_EXIT_OK;
}
