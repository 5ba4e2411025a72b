/*
 * The movetext walk (src/pgn/pgn_movetext.h) and the replay of PGN games
 * (src/replay/replay.h) on any bytes.
 * - The walk over the whole input, given in an allocation of exactly its
 *   length: every token's text is the input at its offset and within it,
 *   lines never go back, a move has a text, a variation's start is one
 *   deeper than what came before and its end as deep as its start.
 * - The input read as PGN (fed in two pieces, split by its first byte) and
 *   replayed: every position holds one king a side and the bitboards agree
 *   with the board; it reads back from its FEN; its side not to move is in
 *   check only at the start; the start has ply 0 and no move, every other
 *   position a move as written whose canonical SAN reads back, in the
 *   position before it, to the same move; ply and depth follow the moves
 *   and variations; the outcome counts the positions handed on, and says
 *   where a refusal is.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess.h"
#include "fuzz_common.h"
#include "pgn_movetext.h"
#include "replay.h"

typedef struct walk_state {
    const char *text;
    size_t len;
    unsigned long line, depth;
} walk_state;

static int on_token(void *context, const pgn_movetext_token *t)
{
    walk_state *w = context;
    FUZZ_ASSERT(t->offset < w->len && t->length <= w->len - t->offset, "a token past the movetext");
    FUZZ_ASSERT(t->text == w->text + t->offset, "a token's text is not the movetext at its offset");
    FUZZ_ASSERT(t->line >= w->line && t->column >= 1, "a token at line %lu after line %lu", t->line, w->line);
    w->line = t->line;
    switch (t->kind) {
    case PGN_MOVETEXT_MOVE:
        FUZZ_ASSERT(t->length > 0 && t->depth == w->depth, "a move without text or at the wrong depth");
        FUZZ_ASSERT(!t->suffix_length || (t->suffix >= t->text + t->length && t->suffix + t->suffix_length <= w->text + w->len),
                    "a suffix outside the movetext");
        break;
    case PGN_MOVETEXT_VARIATION_START:
        FUZZ_ASSERT(t->depth == w->depth + 1 && t->text[0] == '(', "a variation's start at depth %lu after %lu",
                    t->depth, w->depth);
        w->depth = t->depth;
        break;
    case PGN_MOVETEXT_VARIATION_END:
        FUZZ_ASSERT(t->depth == w->depth && t->depth > 0 && t->text[0] == ')', "a variation's end at depth %lu in %lu",
                    t->depth, w->depth);
        w->depth--;
        break;
    }
    return 0;
}

typedef struct game_state {
    unsigned long positions, moves;
} game_state;

static void assert_position(const chess_position *p, int start)
{
    for (int c = 0; c < 2; c++) {
        uint64_t kings = p->by_colour[c] & p->by_type[CHESS_KING];
        FUZZ_ASSERT(kings && !(kings & (kings - 1)), "a side without exactly one king");
    }
    for (int s = 0; s < 64; s++) {
        uint8_t man = p->board[s];
        uint64_t bit = (uint64_t)1 << s;
        int held = ((p->by_colour[0] | p->by_colour[1]) & bit) != 0;
        FUZZ_ASSERT(held == (man != 0), "board and bitboards disagree on square %d", s);
        if (man)
            FUZZ_ASSERT((p->by_colour[CHESS_MAN_COLOUR(man)] & p->by_type[CHESS_MAN_TYPE(man)] & bit) != 0,
                        "square %d: another man in the bitboards", s);
    }
    FUZZ_ASSERT(start || !chess_other_in_check(p), "the side not to move is in check after a move");
    char fen[CHESS_FEN_SIZE];
    size_t n = chess_fen_write(p, 0, fen, sizeof fen);
    chess_position back;
    chess_error error;
    FUZZ_ASSERT(n > 0, "no FEN written");
    FUZZ_ASSERT(chess_fen_read_with(&back, fen, n, CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &error) == 0,
                "the FEN written does not read back: %s: %s", fen, error.message);
    back.chess960 = p->chess960; /* [Variant] may say Chess960 of a position that does not show it */
    FUZZ_ASSERT(chess_position_equal(&back, p), "the FEN written reads back another position: %s", fen);
}

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    (void)game;
    game_state *g = context;
    g->positions++;
    FUZZ_ASSERT(p->main_line == (p->depth == 0), "main_line and depth disagree");
    if (!p->before) {
        FUZZ_ASSERT(p->ply == 0 && p->depth == 0 && p->written_length == 0 && g->positions == 1,
                    "the start is not the first position, at ply 0");
        assert_position(p->position, 1);
        return 0;
    }
    g->moves++;
    FUZZ_ASSERT(p->ply >= 1 && p->written_length > 0 && p->line >= 1 && p->column >= 1,
                "a move without ply, text or place");
    assert_position(p->position, 0);
    char san[CHESS_MOVE_TEXT_SIZE];
    size_t n = replay_san(p, san);
    FUZZ_ASSERT(n > 0 && n < CHESS_MOVE_TEXT_SIZE, "no canonical SAN for a move played");
    chess_move again;
    chess_error error;
    FUZZ_ASSERT(chess_move_read(p->before, san, n, &again, &error) == 0, "SAN %s does not read back: %s", san,
                error.message);
    FUZZ_ASSERT(memcmp(&again, &p->move, sizeof again) == 0, "SAN %s reads back to another move", san);
    chess_position after = *p->before;
    chess_play(&after, p->move);
    FUZZ_ASSERT(chess_position_equal(&after, p->position), "the move played again gives another position");
    return 0;
}

static void on_game_end(void *context, const pgn_game *game, const replay_outcome *o)
{
    (void)game;
    game_state *g = context;
    FUZZ_ASSERT(o->positions == g->positions && o->moves == g->moves, "the outcome counts %lu positions, %lu handed on",
                o->positions, g->positions);
    if (o->status == REPLAY_DONE || o->status == REPLAY_REFUSED)
        FUZZ_ASSERT(o->positions == o->moves + 1, "positions are not the start and one a move");
    if (o->status == REPLAY_REFUSED)
        FUZZ_ASSERT(o->line >= 1 && o->column >= 1 && strncmp(o->message, "game ", 5) == 0,
                    "a refusal without its place or message");
    if (o->line)
        FUZZ_ASSERT(memchr(o->message, '\0', sizeof o->message) != NULL, "a message without its NUL");
    g->positions = g->moves = 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_note_input((const char *)data, size);
    char *text = malloc(size ? size : 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    walk_state w = {text, size, 1, 0};
    FUZZ_ASSERT(pgn_movetext_walk(text, size, 1, 1, on_token, &w) == 0, "the walk stopped by itself");

    game_state g = {0, 0};
    static const replay_handler handler = {NULL, NULL, on_position, on_game_end};
    replay *r = replay_new(&handler, &g);
    pgn_reader *reader = r ? pgn_reader_new(replay_pgn_handler(), r) : NULL;
    if (reader) {
        size_t split = size ? data[0] % (size + 1) : 0;
        pgn_feed(reader, text, split);
        pgn_feed(reader, text + split, size - split);
        pgn_finish(reader);
    }
    pgn_reader_free(reader);
    replay_free(r);
    free(text);
    return 0;
}
