/*
 * replay.h - the moves of PGN games played: the streaming reader (src/pgn)
 * gives each game's tags and movetext, the movetext walk (pgn_movetext.h)
 * its moves and variations, and the rules of chess (src/chess) play them.
 * Every position of a game, main line and variations, goes to one visitor
 * with the move that led to it, in the order the moves are written.
 *
 * A game starts from its [FEN] (with [SetUp "1"], or without it, as
 * pgn-extract reads it), or from the standard start. The FEN's castling
 * rights may be KQkq, X-FEN or Shredder-FEN; [Variant "Chess960"] (or
 * "fischerandom", "chess 960", "960") marks a Chess960 game. A position
 * whose side not to move is in check (invented study positions) is played
 * from, as pgn-extract does, and the game says so (`lenient`). A variation
 * (RAV) replaces the move before it: it is played from the position before
 * that move, and variations nest.
 *
 * A move that cannot be played stops the game's replay: the positions
 * before it have been handed on, and the outcome holds where the move is
 * and "game N: 23. Nf3: " followed by the reason the rules give. A game of
 * another [Variant] is not replayed; the first game of each such variant
 * says so once. Nothing is written: the caller reports outcomes
 * (replay_report() does it through util).
 */
#ifndef GBR_REPLAY_H
#define GBR_REPLAY_H

#include <stddef.h>

#include "chess.h"
#include "pgn_reader.h"

/* One position of a game: the start position (ply 0, no move), or the one a
 * move led to. Valid during the visitor's call. */
typedef struct replay_position {
    const chess_position *position;
    /* The position the move was played in; NULL at the start. */
    const chess_position *before;
    chess_move move;
    /* The move as written (its check mark kept, its suffix "!?" not), and
     * where: line and column in the input. Length 0 at the start. */
    const char *written;
    size_t written_length;
    unsigned long line, column;
    /* Plies from the start position along the line that leads here: a
     * variation's first move has the ply of the move it replaces. */
    unsigned long ply;
    /* Variations open around the move: 0 on the main line. */
    unsigned long depth;
    int main_line;
} replay_position;

/* The canonical SAN of the move that led to a position (minimal
 * disambiguation, x, =Q, + or #; "" at the start) into dst, which holds
 * CHESS_MOVE_TEXT_SIZE bytes; returns its length. Computed on request: the
 * check and mate marks cost a move generation. */
size_t replay_san(const replay_position *position, char *dst);

enum replay_status {
    REPLAY_DONE,            /* every move played */
    REPLAY_REFUSED,         /* a move could not be played: the replay stopped there */
    REPLAY_NO_START,        /* no position to start from: a [FEN] refused, tags malformed */
    REPLAY_VARIANT,         /* a [Variant] other than standard chess and Chess960 */
    REPLAY_STOPPED          /* the visitor stopped it */
};

/* What became of a game's replay. */
typedef struct replay_outcome {
    enum replay_status status;
    unsigned long positions;    /* handed to the visitor, the start included */
    unsigned long moves;        /* played, in every line */
    int lenient;                /* started with the side not to move in check */
    int chess960;
    /* A problem to report (REFUSED, NO_START, the first game of a VARIANT):
     * where it is and what, "game N: ..."; line 0 when there is none to
     * report. */
    unsigned long line, column;
    char message[CHESS_MESSAGE_SIZE + 160];
} replay_outcome;

typedef struct replay_handler {
    /* The reader's callbacks, passed on (each may be NULL). */
    void (*tags)(void *context, const pgn_game *game);
    void (*diagnostic)(void *context, const pgn_diagnostic *diagnostic);
    /* Each position of the game in order; a non-zero return stops the
     * game's replay (REPLAY_STOPPED). */
    int (*position)(void *context, const pgn_game *game, const replay_position *position);
    /* After the game's last position (game->end etc. are known). */
    void (*game_end)(void *context, const pgn_game *game, const replay_outcome *outcome);
} replay_handler;

typedef struct replay replay;

/* A replayer of one input; NULL when out of memory. */
replay *replay_new(const replay_handler *handler, void *context);
void replay_free(replay *r);
/* With on set, only the main line is played: the moves of variations are
 * passed over unread (not checked, not handed on), which spares a command
 * that looks at the main line alone their cost. Off by default. */
void replay_main_line_only(replay *r, int on);

/* The reader's handler that replays: give it, with the replayer as its
 * context, to pgn_reader_new, pgn_read_input or pgn_read_input_keeping
 * (which must keep the tags FEN, SetUp and Variant). */
const pgn_handler *replay_pgn_handler(void);
/* The tags the replay reads, NULL-ended, for pgn_read_input_keeping. */
extern const char *const replay_tags[];

/*
 * One game's movetext alone, from `start`: the walk and the play, with the
 * variations, as the reader's games are replayed. `movetext` starts at line
 * `line`, column `column` of the input; game is the game's number in
 * messages and what the visitor's game argument points to (it may be NULL).
 * Returns the outcome's status and fills *outcome.
 */
enum replay_status replay_movetext(replay *r, const chess_position *start, const char *movetext, size_t len,
                                   unsigned long line, unsigned long column, const pgn_game *game,
                                   unsigned long game_number, replay_outcome *outcome);

/* Reports an outcome's problem, if it has one, through util:
 * "gbr: SOURCE:LINE:COLUMN: game N: ...". */
void replay_report(const char *source, const replay_outcome *outcome);

#endif /* GBR_REPLAY_H */
