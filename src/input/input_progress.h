/* input_progress.h - the progress line of a long reading, on standard error
 * when it is a terminal: bytes read (and decoded, for a compressed input),
 * games, games a second, and the time left when the input's size is known
 * (a regular file: from the compressed position for a compressed one). It
 * is redrawn in place at most every INPUT_PROGRESS_INTERVAL seconds and
 * cleared at the end; nothing is written when standard error is a pipe or
 * a file, or when the command turned it off. */
#ifndef GBR_INPUT_PROGRESS_H
#define GBR_INPUT_PROGRESS_H

#include <stdint.h>

#define INPUT_PROGRESS_INTERVAL 0.25

/* Whether readings show progress (by default: when standard error is a
 * terminal). A command with a progress display of its own turns it off. */
void input_progress_enable(int on);

typedef struct input_progress {
    int on;
    const char *source;
    uint64_t size;          /* the input's bytes on disk, 0 when unknown */
    double start, shown;
    int drawn;
} input_progress;

/* A reading of fd begins (its size read when it is a regular file, from
 * its current position on). */
void input_progress_begin(input_progress *p, int fd, const char *source);
/* Redraws the line when INPUT_PROGRESS_INTERVAL has passed: raw bytes read
 * from the descriptor, bytes decoded (== raw for a plain input), games. */
void input_progress_update(input_progress *p, uint64_t raw, uint64_t decoded, unsigned long games);
/* The reading is over: the line is cleared. */
void input_progress_end(input_progress *p);

#endif /* GBR_INPUT_PROGRESS_H */
