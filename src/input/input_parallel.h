/*
 * input_parallel.h - one PGN input read on several threads, with the
 * results of one pass; and the games of a byte range of a file.
 *
 * The calling thread reads the input (plain or compressed, input_stream.h)
 * and cuts it into chunks of about chunk_size bytes, each cut at the start
 * of a line that starts with '[' (one after an empty line, a game's first
 * tag, when there is one within chunk_size bytes). Each chunk is read by one of the worker
 * threads through a reader of its own (pgn_reader_set_base: offsets and
 * lines as in one pass), calling the caller's handler with a context made
 * for the chunk. A '[' at a line's start is not always a game's start (a
 * line of a multi-line comment, a tag section going on): after its bytes a
 * worker asks its reader whether it is between games (pgn_reader_at_game_
 * boundary) and the next chunk starts at a '['; when either is not so, the
 * worker reads the next chunk's bytes on with the same reader, and the next
 * chunk's own reading is thrown away (its context dropped). So every game
 * is read whole by one reader from its first byte, and the callbacks see
 * exactly what one reader over the whole input would show, but for the
 * game numbers (below).
 *
 * The chunks' contexts come back on the calling thread in input order
 * (chunk_done), where the caller merges what a chunk counted and writes
 * what it deferred. Game numbers in a chunk's callbacks count from 1 at the
 * chunk's first game; chunk_done gives the games of the chunks before it,
 * so that games_before + number is the number one pass gives (a
 * diagnostic's game 0, before any game, is only in the first chunk).
 *
 * Memory: at most threads + 2 chunks are held at a time, each at most
 * 2 x chunk_size + INPUT_CUT_READ bytes, besides the input's ring
 * (input_stream.h), one reader per worker, and the caller's contexts.
 */
#ifndef GBR_INPUT_PARALLEL_H
#define GBR_INPUT_PARALLEL_H

#include <stddef.h>
#include <stdint.h>

#include "pgn_reader.h"

#define INPUT_CHUNK_SIZE ((size_t)2 << 20)
#define INPUT_CUT_READ ((size_t)4 << 10)
#define INPUT_THREADS_MAX 256

typedef struct input_chunk {
    uint64_t offset;            /* its first byte in the input */
    uint64_t len;               /* its bytes, with those of the chunks read on */
    unsigned long line;         /* the line of its first byte */
    unsigned long games;        /* games started in it */
    unsigned long games_before; /* games of the chunks before it */
} input_chunk;

typedef struct input_parallel {
    /* Called on the worker threads, each chunk's with that chunk's context. */
    const pgn_handler *handler;
    const char *const *keep_tags;   /* pgn_reader_keep_tags(); NULL: every tag */
    /* On the calling thread: a new chunk's context (NULL: out of memory,
     * reported, and the reading stops); a chunk read, in input order; a
     * chunk whose bytes the chunk before read on (its callbacks so far are
     * to be forgotten). */
    void *(*chunk_new)(void *caller);
    void (*chunk_done)(void *caller, void *chunk_context, const input_chunk *chunk);
    void (*chunk_drop)(void *caller, void *chunk_context);
    void *caller;
    int threads;                /* worker threads, 1 to INPUT_THREADS_MAX */
    size_t chunk_size;          /* 0: INPUT_CHUNK_SIZE, or the environment's
                                 * GBR_INPUT_CHUNK_SIZE (for tests) */
} input_parallel;

/* Reads fd to its end as above. Returns 0, or -1 after reporting on
 * standard error as pgn_read_input() does (every chunk before the problem
 * has been handed back). */
int input_games_parallel(const input_parallel *p, int fd, const char *source);

/* The threads a command uses by default: the cores this process may run on. */
int input_default_threads(void);

/* The bytes of a regular file that hold the games whose first byte is in
 * [a, b), for the reading of one file in parts on several machines: from
 * input_range_cut(a) to input_range_cut(b), where input_range_cut(x) is x
 * for x == 0 or x >= the file's size, else the first offset at or after x
 * at which a line starts with '[' after a blank line ("\n\n[", or CRLF's
 * "\n\r\n["): where a game starts in PGN's export format, not a tag
 * section's next tag. So the parts of any split of [0, size) cover the file
 * exactly once. Returns 0 with *start and *end, or the errno of a failed
 * read. */
int input_range_bounds(int fd, uint64_t a, uint64_t b, uint64_t *start, uint64_t *end);

/* Reads the games of [a, b) (input_range_bounds) of a regular file with
 * handler and context: offsets as in the whole file, lines counted from 1
 * at the part's first byte, game numbers from 1 at its first game. A '[' at
 * a line's start is not always a game's start (a multi-line comment): when
 * the reader is not between games at the part's end, *boundary_ok is 0,
 * and the part and the one after it must be read as one. Returns 0, or the
 * errno of a failed read. */
int input_range_read(const pgn_handler *handler, void *context, int fd, uint64_t a, uint64_t b,
                     int *boundary_ok);

#endif /* GBR_INPUT_PARALLEL_H */
