/*
 * sort_output.h - buffered output to standard output or, atomically, to a
 * file: `gbr sort -o` and `gbr audit --fix -o` write a temporary file
 * (.gbr-XXXXXX) in the target's directory, fsync it and rename it over the
 * target, so the target appears complete or not at all. An existing target
 * keeps its permission bits, owner and group (refused when they cannot be
 * kept); a symbolic link stays a link, and the file it points to is the one
 * replaced. An existing target that is not a regular file (a directory, a
 * device) or has more than one hard link is refused. Every signal that ends
 * the process and can be caught (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE,
 * timers, SIGXCPU, the real-time signals...) removes the temporary file
 * first; SIGXFSZ is ignored, so that a write past `ulimit -f` fails (EFBIG)
 * and is reported as output that cannot be written.
 */
#ifndef GBR_SORT_OUTPUT_H
#define GBR_SORT_OUTPUT_H

#include <signal.h>
#include <stddef.h>

#include "sort_writer.h"

typedef struct sort_output {
    sort_writer sink;      /* standard output or the temporary file */
    char *temp_path;       /* NULL when writing to standard output */
    char *target;          /* the file renamed onto: path, links resolved */
    const char *path;      /* the target as given (for messages), or "-" */
} sort_output;

/* Opens standard output (path NULL or "-") or a temporary file next to path.
 * Returns 0, or -1 after reporting on stderr. */
int sort_output_open(sort_output *out, const char *path);
void sort_output_write(sort_output *out, const void *bytes, size_t len);
/* Flushes; for a file also fsyncs and renames it into place. Returns 0, or -1
 * after reporting (the temporary file is then removed). Frees everything. */
int sort_output_commit(sort_output *out);
/* Gives up: removes the temporary file, frees everything. */
void sort_output_abandon(sort_output *out);

/* Blocks the signals whose handler removes temporaries (saving the previous
 * mask), and restores the mask: for a step that must not be cut by them,
 * such as creating a file and removing or registering its name. */
typedef struct sort_output_signals {
    sigset_t mask;
} sort_output_signals;
void sort_output_block_signals(sort_output_signals *saved);
/* Installs the handlers that remove a temporary on a fatal signal, and
 * ignores SIGXFSZ, each where the caller left the default action; once per
 * process. sort_output_open does it before it creates a temporary; a
 * writer of other files (spills) calls it so that `ulimit -f` is a write
 * error there too. */
void sort_output_catch_signals(void);
void sort_output_restore_signals(const sort_output_signals *saved);

#endif /* GBR_SORT_OUTPUT_H */
