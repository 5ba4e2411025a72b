/* replay.c - the moves of PGN games played (replay.h says how). */
#include "replay.h"

#include <stdlib.h>
#include <string.h>

#include "pgn_movetext.h"
#include "grow.h"
#include "text.h"

/* A game's bytes are held until its end (the movetext is walked whole);
 * a game longer than this is not replayed. */
#define REPLAY_GAME_MAX ((size_t)1 << 26)
/* A FEN longer than this is no position (the longest is 90 bytes). */
#define REPLAY_FEN_MAX 256
#define REPLAY_VARIANT_MAX 64
#define REPLAY_NOTICED_MAX 16

/* One line being played: the main line (level 0) or a variation. */
struct level {
    chess_position current;
    chess_position before;      /* before its last move: where a variation of that move starts */
    unsigned long ply, before_ply;
    int has_move;
};

struct replay {
    replay_handler handler;
    void *context;
    /* The game being read. */
    int in_game;
    pgn_where start;
    char *bytes;
    size_t len, cap;
    int too_long;
    /* Its tags. */
    int has_fen, fen_too_long;
    char fen[REPLAY_FEN_MAX];
    size_t fen_len;
    pgn_where fen_at;
    int has_variant;
    char variant[REPLAY_VARIANT_MAX];
    size_t variant_len;
    /* The variants said once each. */
    char noticed[REPLAY_NOTICED_MAX][REPLAY_VARIANT_MAX];
    size_t noticed_len[REPLAY_NOTICED_MAX], noticed_n;
    chess_position standard_start; /* made once: copied for each game without [FEN] */
    /* The lines being played, one a variation open. */
    struct level *levels;
    size_t levels_cap;
    /* The walk of one game's movetext. */
    const pgn_game *game;
    unsigned long game_number;
    replay_outcome *outcome;
    int main_line_only;
};

const char *const replay_tags[] = {"FEN", "SetUp", "Variant", NULL};

replay *replay_new(const replay_handler *handler, void *context)
{
    replay *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->handler = *handler;
    r->context = context;
    chess_start_position(&r->standard_start);
    r->levels = util_grow(NULL, &r->levels_cap, 4, sizeof *r->levels);
    if (!r->levels) {
        free(r);
        return NULL;
    }
    return r;
}

void replay_free(replay *r)
{
    if (!r)
        return;
    free(r->bytes);
    free(r->levels);
    free(r);
}

void replay_main_line_only(replay *r, int on) { r->main_line_only = on != 0; }

size_t replay_san(const replay_position *position, char *dst)
{
    dst[0] = '\0';
    if (!position->before)
        return 0;
    return chess_san_write(position->before, position->move, dst, CHESS_MOVE_TEXT_SIZE);
}

/* ---- One game's movetext ---- */

/* The outcome's problem at line:column: "game N: " and the three texts. */
static void problem(replay *r, unsigned long line, unsigned long column, const char *a, const char *b,
                    const char *c)
{
    replay_outcome *o = r->outcome;
    o->line = line;
    o->column = column;
    o->message[0] = '\0';
    util_message_add(o->message, sizeof o->message, "game ");
    util_message_add_decimal(o->message, sizeof o->message, r->game_number);
    util_message_add(o->message, sizeof o->message, ": ");
    util_message_add(o->message, sizeof o->message, a);
    util_message_add(o->message, sizeof o->message, b);
    util_message_add(o->message, sizeof o->message, c);
}

/* The move as a message quotes it: at most 24 bytes, a byte that is no
 * printable ASCII as '?'. */
static void quote_move(char *dst, const char *text, size_t len)
{
    size_t n = len < 24 ? len : 24;
    for (size_t i = 0; i < n; i++)
        dst[i] = text[i] >= 0x20 && text[i] < 0x7f ? text[i] : '?';
    dst[n] = '\0';
}

static int emit(replay *r, const struct level *l, const pgn_movetext_token *t, chess_move move,
                const chess_position *before, unsigned long depth)
{
    replay_position p = {&l->current, before, move, t ? t->text : "", t ? t->length : 0, 0, 0, l->ply, depth,
                         depth == 0};
    if (t) {
        p.line = t->line;
        p.column = t->column;
    }
    r->outcome->positions++;
    return r->handler.position ? r->handler.position(r->context, r->game, &p) : 0;
}

enum { WALK_REFUSED = 1, WALK_STOPPED = 2 };

static int on_token(void *context, const pgn_movetext_token *t)
{
    replay *r = context;
    /* With the main line alone, a variation's tokens are passed over. */
    if (t->kind == PGN_MOVETEXT_VARIATION_END || (t->depth > 0 && r->main_line_only))
        return 0;
    if (t->kind == PGN_MOVETEXT_VARIATION_START) {
        if (!r->levels[t->depth - 1].has_move) {
            problem(r, t->line, t->column, "a variation with no move before it to replace", "", "");
            return WALK_REFUSED;
        }
        struct level *grown = util_grow(r->levels, &r->levels_cap, t->depth + 1, sizeof *r->levels);
        if (!grown) {
            problem(r, t->line, t->column, "no memory for variations nested this deep", "", "");
            return WALK_REFUSED;
        }
        r->levels = grown;
        struct level *parent = &r->levels[t->depth - 1], *l = &r->levels[t->depth];
        l->current = parent->before;
        l->ply = parent->before_ply;
        l->has_move = 0;
        return 0;
    }
    struct level *l = &r->levels[t->depth];
    chess_move m;
    chess_error error;
    if (chess_move_read(&l->current, t->text, t->length, &m, &error) != 0) {
        char written[32];
        quote_move(written, t->text, t->length);
        char *message = r->outcome->message;
        size_t size = sizeof r->outcome->message;
        message[0] = '\0';
        util_message_add(message, size, "game ");
        util_message_add_decimal(message, size, r->game_number);
        util_message_add(message, size, ": ");
        util_message_add_decimal(message, size, l->current.fullmove_number);
        util_message_add(message, size, l->current.side == CHESS_WHITE ? ". " : "... ");
        util_message_add(message, size, written);
        util_message_add(message, size, ": ");
        util_message_add(message, size, error.message);
        r->outcome->line = t->line;
        r->outcome->column = t->column;
        return WALK_REFUSED;
    }
    l->before = l->current;
    l->before_ply = l->ply;
    chess_play(&l->current, m);
    l->ply++;
    l->has_move = 1;
    r->outcome->moves++;
    return emit(r, l, t, m, &l->before, t->depth) ? WALK_STOPPED : 0;
}

enum replay_status replay_movetext(replay *r, const chess_position *start, const char *movetext, size_t len,
                                   unsigned long line, unsigned long column, const pgn_game *game,
                                   unsigned long game_number, replay_outcome *outcome)
{
    memset(outcome, 0, sizeof *outcome);
    r->game = game;
    r->game_number = game_number;
    r->outcome = outcome;
    struct level *l = &r->levels[0];
    l->current = *start;
    l->ply = 0;
    l->has_move = 0;
    outcome->lenient = chess_other_in_check(start);
    outcome->chess960 = start->chess960;
    chess_move none = {0, 0, 0, CHESS_MOVE_NULL};
    if (emit(r, l, NULL, none, NULL, 0))
        return outcome->status = REPLAY_STOPPED;
    int walked = pgn_movetext_walk(movetext, len, line, column, on_token, r);
    outcome->status = walked == WALK_REFUSED ? REPLAY_REFUSED : walked == WALK_STOPPED ? REPLAY_STOPPED : REPLAY_DONE;
    return outcome->status;
}

/* ---- Games from the reader ---- */

static char lower(char c) { return c >= 'A' && c <= 'Z' ? (char)(c - 'A' + 'a') : c; }

static int same_case_folded(const char *a, size_t a_len, const char *b, size_t b_len)
{
    if (a_len != b_len)
        return 0;
    for (size_t i = 0; i < a_len; i++)
        if (lower(a[i]) != lower(b[i]))
            return 0;
    return 1;
}

static int same_text(const char *a, size_t a_len, const char *b) { return same_case_folded(a, a_len, b, strlen(b)); }

static int any_of(const char *text, size_t len, const char *const *names)
{
    for (; *names; names++)
        if (same_text(text, len, *names))
            return 1;
    return 0;
}

/* The [Variant] values of standard chess (Lichess writes "From Position" for
 * a game from a set position) and of Chess960, compared without case. */
static const char *const standard_names[] = {"", "standard", "chess", "normal", "from position", NULL};
static const char *const chess960_names[] = {"chess960", "chess 960", "960", "fischerandom", "fischer random",
                                             "fischer-random", "freestyle", NULL};

static void on_tags(void *context, const pgn_game *game)
{
    replay *r = context;
    if (r->handler.tags)
        r->handler.tags(r->context, game);
    r->in_game = 1;
    r->start = game->start;
    r->len = 0;
    r->too_long = 0;
    r->has_fen = r->fen_too_long = r->has_variant = 0;
    for (size_t i = 0; i < game->tags_n; i++) {
        const pgn_tag *t = &game->tags[i];
        if (t->name_len == 3 && memcmp(t->name, "FEN", 3) == 0) {
            r->has_fen = 1;
            r->fen_at = t->value_at;
            r->fen_too_long = t->value_len >= REPLAY_FEN_MAX;
            r->fen_len = r->fen_too_long ? 0 : t->value_len;
            memcpy(r->fen, t->value, r->fen_len);
        } else if (t->name_len == 7 && memcmp(t->name, "Variant", 7) == 0) {
            r->has_variant = 1;
            r->variant_len = t->value_len < REPLAY_VARIANT_MAX ? t->value_len : REPLAY_VARIANT_MAX;
            memcpy(r->variant, t->value, r->variant_len);
        }
    }
    if (game->section_len) {
        char *grown = util_grow(r->bytes, &r->cap, game->section_len, 1);
        if (!grown) {
            r->too_long = 1;
            return;
        }
        r->bytes = grown;
        memcpy(r->bytes, game->section, game->section_len);
        r->len = game->section_len;
    }
}

static void on_bytes(void *context, const char *bytes, size_t len)
{
    replay *r = context;
    if (!r->in_game || r->too_long)
        return;
    char *grown = r->len + len <= REPLAY_GAME_MAX ? util_grow(r->bytes, &r->cap, r->len + len, 1) : NULL;
    if (!grown) {
        r->too_long = 1;
        return;
    }
    r->bytes = grown;
    memcpy(r->bytes + r->len, bytes, len);
    r->len += len;
}

static void on_diagnostic(void *context, const pgn_diagnostic *diagnostic)
{
    replay *r = context;
    if (r->handler.diagnostic)
        r->handler.diagnostic(r->context, diagnostic);
}

/* A [Variant] said once: whether this is its first game. */
static int first_of_variant(replay *r)
{
    for (size_t i = 0; i < r->noticed_n; i++)
        if (same_case_folded(r->noticed[i], r->noticed_len[i], r->variant, r->variant_len))
            return 0;
    if (r->noticed_n < REPLAY_NOTICED_MAX) {
        memcpy(r->noticed[r->noticed_n], r->variant, r->variant_len);
        r->noticed_len[r->noticed_n++] = r->variant_len;
    }
    return 1;
}

/* The game's start position, or 0 with the outcome saying why not. */
static int start_position(replay *r, const pgn_game *game, chess_position *start, replay_outcome *o)
{
    r->outcome = o;
    r->game_number = game->number;
    if (r->has_variant && !any_of(r->variant, r->variant_len, standard_names) &&
        !any_of(r->variant, r->variant_len, chess960_names)) {
        o->status = REPLAY_VARIANT;
        if (first_of_variant(r)) {
            char name[REPLAY_VARIANT_MAX + 1];
            quote_move(name, r->variant, r->variant_len);
            problem(r, game->start.line, game->start.column,
                    "[Variant \"", name, "\"] is neither standard chess nor Chess960: its games are not replayed");
        }
        return 0;
    }
    o->status = REPLAY_NO_START;
    if (game->malformed) /* reported by the reader: the tags may be wrong */
        return 0;
    if (r->too_long) {
        problem(r, game->start.line, game->start.column, "a game of more than 67108864 bytes is not replayed", "", "");
        return 0;
    }
    if (!r->has_fen) {
        *start = r->standard_start;
        return 1;
    }
    chess_error error;
    if (r->fen_too_long) {
        problem(r, r->fen_at.line, r->fen_at.column, "a [FEN] of more than 255 bytes is no position", "", "");
        return 0;
    }
    if (chess_fen_read_with(start, r->fen, r->fen_len, CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &error) != 0) {
        problem(r, r->fen_at.line, r->fen_at.column + (error.column ? error.column - 1 : 0),
                "the [FEN] cannot be played from: ", error.message, "");
        return 0;
    }
    if (r->has_variant && any_of(r->variant, r->variant_len, chess960_names))
        start->chess960 = 1;
    return 1;
}

static void on_game_end(void *context, const pgn_game *game)
{
    replay *r = context;
    replay_outcome outcome;
    memset(&outcome, 0, sizeof outcome);
    chess_position start;
    if (r->in_game && start_position(r, game, &start, &outcome)) {
        /* The movetext in the bytes held from the game's start, and where
         * it starts: the lines before it counted from the game's. */
        size_t from = (size_t)(game->movetext_start - game->start.offset);
        size_t to = (size_t)(game->movetext_end - game->start.offset);
        if (to > r->len)
            to = r->len;
        if (from > to)
            from = to;
        unsigned long line = game->start.line, column = game->start.column + (unsigned long)from;
        for (const char *p = r->bytes, *end = r->bytes + from, *nl;
             p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL; p = nl + 1) {
            line++;
            column = (unsigned long)(end - nl);
        }
        replay_movetext(r, &start, r->bytes + from, to - from, line, column, game, game->number, &outcome);
    }
    r->in_game = 0;
    if (r->handler.game_end)
        r->handler.game_end(r->context, game, &outcome);
}

static const pgn_handler replay_reader_handler = {on_bytes, on_tags, on_game_end, on_diagnostic};

const pgn_handler *replay_pgn_handler(void) { return &replay_reader_handler; }
