/* gbr_replay.c - libgbr's replayer (include/gbr_replay.h): the PGN reader
 * and the replay of this folder behind the public names, positions given
 * as FEN and canonical SAN so that the caller needs no chess types. */
#include "gbr_replay.h"

#include <stdlib.h>
#include <string.h>

#include "replay.h"
#include "grow.h"
#include "text.h"

_Static_assert(GBR_REPLAY_FEN_SIZE >= CHESS_FEN_SIZE, "a FEN fits the public position");
_Static_assert(GBR_REPLAY_SAN_SIZE >= CHESS_MOVE_TEXT_SIZE, "a move's SAN fits the public position");
_Static_assert(GBR_REPLAY_MESSAGE_SIZE >= sizeof(((replay_outcome *)0)->message), "a message fits the outcome");

struct gbr_replayer {
    gbr_replay_visitor visitor;
    void *context;
    replay *replay;
    pgn_reader *reader; /* NULL until an input's first byte */
    int busy;           /* inside a callback: no feed, finish or line */
    /* The game being read: its tags copied (the reader's are valid during
     * its tags callback, the positions come at the game's end). */
    gbr_replay_game game;
    gbr_replay_tag *tags;
    size_t tags_cap;
    char *text;
    size_t text_cap;
    /* The reader's first report in the game: why it has no start. */
    unsigned long diagnostic_game, diagnostic_line, diagnostic_column;
    char diagnostic[GBR_REPLAY_MESSAGE_SIZE];
};

static void on_tags(void *context, const pgn_game *game)
{
    gbr_replayer *g = context;
    g->game.number = game->number;
    g->game.line = game->start.line;
    g->game.column = game->start.column;
    g->game.tags_count = 0;
    g->diagnostic_game = 0;
    size_t bytes = 0;
    for (size_t i = 0; i < game->tags_n; i++)
        bytes += game->tags[i].name_len + game->tags[i].value_len + 2;
    gbr_replay_tag *tags = util_grow(g->tags, &g->tags_cap, game->tags_n, sizeof *tags);
    if (tags)
        g->tags = tags;
    char *text = tags ? util_grow(g->text, &g->text_cap, bytes, 1) : NULL;
    if (!text)
        return; /* out of memory: the game's positions come without its tags */
    g->text = text;
    for (size_t i = 0; i < game->tags_n; i++) {
        const pgn_tag *t = &game->tags[i];
        gbr_replay_tag *out = &g->tags[i];
        memcpy(text, t->name, t->name_len);
        text[t->name_len] = '\0';
        out->name = text;
        out->name_length = t->name_len;
        text += t->name_len + 1;
        memcpy(text, t->value, t->value_len);
        text[t->value_len] = '\0';
        out->value = text;
        out->value_length = t->value_len;
        text += t->value_len + 1;
    }
    g->game.tags = g->tags;
    g->game.tags_count = game->tags_n;
}

static void on_diagnostic(void *context, const pgn_diagnostic *d)
{
    gbr_replayer *g = context;
    if (d->game == 0 || d->game == g->diagnostic_game)
        return;
    g->diagnostic_game = d->game;
    g->diagnostic_line = d->at.line;
    g->diagnostic_column = d->at.column;
    g->diagnostic[0] = '\0';
    util_message_add(g->diagnostic, sizeof g->diagnostic, "game ");
    util_message_add_decimal(g->diagnostic, sizeof g->diagnostic, d->game);
    util_message_add(g->diagnostic, sizeof g->diagnostic, ": ");
    util_message_add(g->diagnostic, sizeof g->diagnostic, d->message);
}

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    (void)game;
    gbr_replayer *g = context;
    if (!g->visitor.position)
        return 0;
    gbr_replay_position out;
    out.game = &g->game;
    chess_fen_write(p->position, 0, out.fen, sizeof out.fen);
    replay_san(p, out.san);
    out.written = p->written;
    out.written_length = p->written_length;
    out.line = p->line;
    out.column = p->column;
    out.ply = p->ply;
    out.depth = p->depth;
    out.main_line = p->main_line;
    return g->visitor.position(g->context, &out);
}

static void public_outcome(gbr_replay_outcome *out, const replay_outcome *o)
{
    memset(out, 0, sizeof *out);
    out->status = (gbr_replay_status)o->status;
    out->positions = o->positions;
    out->moves = o->moves;
    out->line = o->line;
    out->column = o->column;
    if (o->line)
        util_message_add(out->message, sizeof out->message, o->message);
}

static void on_game_end(void *context, const pgn_game *game, const replay_outcome *o)
{
    (void)game;
    gbr_replayer *g = context;
    gbr_replay_outcome out;
    public_outcome(&out, o);
    /* A game the reader found malformed has no start; its outcome says why
     * with the reader's first report of it. */
    if (out.status == GBR_REPLAY_NO_START && out.line == 0 && g->diagnostic_game == g->game.number) {
        out.line = g->diagnostic_line;
        out.column = g->diagnostic_column;
        out.message[0] = '\0';
        util_message_add(out.message, sizeof out.message, g->diagnostic);
    }
    if (g->visitor.game_end)
        g->visitor.game_end(g->context, &g->game, &out);
}

static const replay_handler handler = {on_tags, on_diagnostic, on_position, on_game_end};

gbr_replayer *gbr_replayer_new(const gbr_replay_visitor *visitor, void *context)
{
    if (!visitor)
        return NULL;
    gbr_replayer *g = calloc(1, sizeof *g);
    if (!g)
        return NULL;
    g->visitor = *visitor;
    g->context = context;
    g->replay = replay_new(&handler, g);
    if (!g->replay) {
        free(g);
        return NULL;
    }
    return g;
}

void gbr_replayer_free(gbr_replayer *g)
{
    if (!g)
        return;
    pgn_reader_free(g->reader);
    replay_free(g->replay);
    free(g->tags);
    free(g->text);
    free(g);
}

gbr_error gbr_replay_feed(gbr_replayer *g, const char *src, size_t len)
{
    if (!g || g->busy || (!src && len))
        return GBR_E_ARGUMENT;
    if (!g->reader) {
        g->reader = pgn_reader_new(replay_pgn_handler(), g->replay);
        if (!g->reader)
            return GBR_E_ARGUMENT; /* out of memory: the one failure a feed can have */
    }
    g->busy = 1;
    if (len)
        pgn_feed(g->reader, src, len);
    g->busy = 0;
    return GBR_OK;
}

gbr_error gbr_replay_finish(gbr_replayer *g)
{
    if (!g || g->busy)
        return GBR_E_ARGUMENT;
    if (!g->reader)
        return GBR_OK;
    g->busy = 1;
    pgn_finish(g->reader);
    g->busy = 0;
    pgn_reader_free(g->reader);
    g->reader = NULL;
    /* A new input: the variants said once are said again. */
    replay *fresh = replay_new(&handler, g);
    if (fresh) {
        replay_free(g->replay);
        g->replay = fresh;
    }
    return GBR_OK;
}

gbr_error gbr_replay_line(gbr_replayer *g, const char *fen, size_t fen_len, const char *moves, size_t moves_len,
                          gbr_replay_outcome *outcome)
{
    if (!g || g->busy || !outcome || (!fen && fen_len) || (!moves && moves_len))
        return GBR_E_ARGUMENT;
    memset(outcome, 0, sizeof *outcome);
    chess_position start;
    if (fen) {
        chess_error error;
        if (chess_fen_read_with(&start, fen, fen_len, CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &error) != 0) {
            outcome->status = GBR_REPLAY_NO_START;
            outcome->line = 1;
            outcome->column = error.column ? (unsigned long)error.column : 1;
            util_message_add(outcome->message, sizeof outcome->message, "the FEN cannot be played from: ");
            util_message_add(outcome->message, sizeof outcome->message, error.message);
            return GBR_OK;
        }
    } else {
        chess_start_position(&start);
    }
    /* The game being read by a feed keeps its number and tags. */
    gbr_replay_game kept = g->game;
    g->game = (gbr_replay_game){1, 1, 1, NULL, 0};
    replay_outcome o;
    g->busy = 1;
    replay_movetext(g->replay, &start, moves ? moves : "", moves_len, 1, 1, NULL, 1, &o);
    g->busy = 0;
    g->game = kept;
    public_outcome(outcome, &o);
    return GBR_OK;
}
