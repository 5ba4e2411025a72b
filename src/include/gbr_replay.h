/*
 * gbr_replay.h - libgbr's replayer: the moves of PGN games played, every
 * position of the main line and the variations handed to the caller with
 * the move that led to it (docs/library.md, "Replaying games").
 *
 * A game starts from its [FEN] tag, or from the standard start; moves are
 * read in every form PGN writers use (SAN with or without x, =Q or Q,
 * O-O or 0-0, long algebraic, UCI, the null moves -- and Z0), and a
 * variation (RAV) is played from the position before the move it replaces.
 * A move that cannot be played stops its game's replay, with where it is
 * and why; the next game is replayed all the same. A game of a [Variant]
 * other than standard chess and Chess960 is not replayed.
 *
 * The conventions of gbr.h hold, but for one: a replayer is the one object
 * the library allocates, explicitly (gbr_replayer_new, gbr_replayer_free),
 * since a PGN game and its nested variations have no bound. Pointers handed
 * to the callbacks are valid during the call only.
 */
#ifndef GBR_REPLAY_H_INCLUDED
#define GBR_REPLAY_H_INCLUDED

#include <stddef.h>

#include "gbr.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room for a position's FEN and its NUL (the longest FEN is 90 bytes). */
#define GBR_REPLAY_FEN_SIZE 100
/* Room for a move's canonical SAN and its NUL ("exd8=Q+" and the like). */
#define GBR_REPLAY_SAN_SIZE 12
/* Room for an outcome's message and its NUL. */
#define GBR_REPLAY_MESSAGE_SIZE 320

/* A tag pair of a game, as read (escapes undone). */
typedef struct gbr_replay_tag {
    const char *name;
    size_t name_length;
    const char *value;
    size_t value_length;
} gbr_replay_tag;

/* The game a position belongs to. */
typedef struct gbr_replay_game {
    unsigned long number;       /* 1 for the first game of the input */
    unsigned long line, column; /* its first byte in the input */
    const gbr_replay_tag *tags; /* every tag pair, in input order */
    size_t tags_count;
} gbr_replay_game;

/* One position: the game's start (ply 0, no move) or the one a move led to. */
typedef struct gbr_replay_position {
    const gbr_replay_game *game;
    /* The position, the en-passant square written after every double step
     * (as the PGN standard's FEN and pgn-extract write it); NUL-ended. */
    char fen[GBR_REPLAY_FEN_SIZE];
    /* The move that led here in canonical SAN (minimal disambiguation, x,
     * =Q, + or #), NUL-ended; "" at the start. */
    char san[GBR_REPLAY_SAN_SIZE];
    /* The move as written (its check mark kept, a "!?" suffix not), not
     * NUL-ended, and where it is in the input; length and line 0 at the start. */
    const char *written;
    size_t written_length;
    unsigned long line, column;
    /* Plies from the start along the line that leads here (a variation's
     * first move has the ply of the move it replaces), and the variations
     * open around the move: 0 on the main line. */
    unsigned long ply;
    unsigned long depth;
    int main_line;
} gbr_replay_position;

typedef enum gbr_replay_status {
    GBR_REPLAY_DONE = 0,     /* every move played */
    GBR_REPLAY_REFUSED = 1,  /* a move could not be played: the game's replay stopped there */
    GBR_REPLAY_NO_START = 2, /* no position to start from: a [FEN] refused, tags malformed */
    GBR_REPLAY_VARIANT = 3,  /* a [Variant] that is neither standard chess nor Chess960 */
    GBR_REPLAY_STOPPED = 4   /* the position callback stopped it */
} gbr_replay_status;

/* What became of a game's replay. */
typedef struct gbr_replay_outcome {
    gbr_replay_status status;
    unsigned long positions; /* handed to the position callback, the start included */
    unsigned long moves;     /* played, in every line */
    /* The problem (REFUSED, NO_START, the first game of a VARIANT): where
     * it is and what, "game N: 23. Nf3: no white knight can move to f3";
     * line 0 and "" when there is none. */
    unsigned long line, column;
    char message[GBR_REPLAY_MESSAGE_SIZE];
} gbr_replay_outcome;

/* The caller's callbacks; each may be NULL. */
typedef struct gbr_replay_visitor {
    /* Each position of a game in the order its moves are written; a
     * non-zero return stops that game's replay (GBR_REPLAY_STOPPED). */
    int (*position)(void *context, const gbr_replay_position *position);
    /* After a game's last position. */
    void (*game_end)(void *context, const gbr_replay_game *game, const gbr_replay_outcome *outcome);
} gbr_replay_visitor;

typedef struct gbr_replayer gbr_replayer;

/* A replayer calling visitor's callbacks with context; the visitor is
 * copied. NULL when visitor is NULL or memory runs out. */
GBR_API gbr_replayer *gbr_replayer_new(const gbr_replay_visitor *visitor, void *context);
/* Frees a replayer (NULL is allowed). */
GBR_API void gbr_replayer_free(gbr_replayer *replayer);

/* Reads len more bytes of a PGN input (one game or a database), replaying
 * each game as its end is seen. GBR_E_ARGUMENT for a NULL replayer, NULL
 * src with len > 0, or a call from inside one of its callbacks; else GBR_OK. */
GBR_API gbr_error gbr_replay_feed(gbr_replayer *replayer, const char *src, size_t len);
/* The input is over: replays its last game. The replayer then reads a new
 * input, its games numbered from 1 again. Errors as gbr_replay_feed. */
GBR_API gbr_error gbr_replay_finish(gbr_replayer *replayer);

/* One line of moves (movetext: moves, move numbers, comments and
 * variations) played from fen (NULL and 0: the standard start), as game 1
 * of no tags (game_end is not called: *outcome is the line's); *outcome says what became of it, a FEN that cannot be played
 * from included (GBR_REPLAY_NO_START, column counted in fen). GBR_E_ARGUMENT
 * for a NULL replayer or outcome, NULL text with a length, a call from
 * inside a callback; else GBR_OK. A feed's game in progress is kept. */
GBR_API gbr_error gbr_replay_line(gbr_replayer *replayer, const char *fen, size_t fen_len, const char *moves,
                                  size_t moves_len, gbr_replay_outcome *outcome);

#ifdef __cplusplus
}
#endif

#endif /* GBR_REPLAY_H_INCLUDED */
