/*
 * glue_replay.c - what the JavaScript package needs beside libgbr's
 * replayer (gbr_replay.h) in gbr_replay.wasm, the module replayLine loads
 * on its first call: the line's positions gathered into the arena
 * (arena.c), and the layout of the structs it reads, checked at load.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "gbr_replay.h"
#include "glue.h"

/* Sizes and offsets of the structs the package reads, so that it refuses a
 * module built with another layout instead of misreading. */
static const uint32_t layout[] = {
    sizeof(gbr_replay_position), offsetof(gbr_replay_position, fen), offsetof(gbr_replay_position, san),
    offsetof(gbr_replay_position, written), offsetof(gbr_replay_position, written_length),
    offsetof(gbr_replay_position, line), offsetof(gbr_replay_position, column),
    offsetof(gbr_replay_position, ply), offsetof(gbr_replay_position, depth),
    offsetof(gbr_replay_position, main_line),
    sizeof(gbr_replay_outcome), offsetof(gbr_replay_outcome, status), offsetof(gbr_replay_outcome, line),
    offsetof(gbr_replay_outcome, column), offsetof(gbr_replay_outcome, message),
};
GLUE_EXPORT(gbrjs_layout) const uint32_t *gbrjs_layout(void) { return layout; }
GLUE_EXPORT(gbrjs_layout_count) size_t gbrjs_layout_count(void) { return sizeof layout / sizeof layout[0]; }

/* The positions of a line gathered for the package: copies of the
 * replayer's, their `written` pointing into the moves in the arena. */
struct gathered {
    gbr_replay_position *positions;
    size_t n, cap;
    int failed;
};

static int gather(void *context, const gbr_replay_position *p)
{
    struct gathered *g = context;
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 64;
        gbr_replay_position *more = realloc(g->positions, cap * sizeof *more);
        if (!more) {
            g->failed = 1;
            return 1;
        }
        g->positions = more;
        g->cap = cap;
    }
    g->positions[g->n++] = *p;
    return 0;
}

/* A line of moves from a FEN (fen NULL: the standard start): *outcome
 * filled, *positions the array of the positions played; their number, or
 * SIZE_MAX when the arguments are refused or memory runs out. Everything
 * lies in the arena, released by the caller's mark. */
GLUE_EXPORT(gbrjs_replay_line) size_t gbrjs_replay_line(const char *fen, size_t fen_len, const char *moves,
                                                        size_t moves_len, gbr_replay_outcome *outcome,
                                                        gbr_replay_position **positions)
{
    struct gathered g = {NULL, 0, 0, 0};
    gbr_replay_visitor visitor = {gather, NULL};
    gbr_replayer *r = gbr_replayer_new(&visitor, &g);
    if (!r || !positions)
        return SIZE_MAX;
    gbr_error e = gbr_replay_line(r, fen, fen_len, moves, moves_len, outcome);
    gbr_replayer_free(r);
    if (e != GBR_OK || g.failed)
        return SIZE_MAX;
    *positions = g.positions;
    return g.n;
}
