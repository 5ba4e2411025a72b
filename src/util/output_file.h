/*
 * output_file.h - buffered output to standard output or, atomically, to a
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
#ifndef GBR_UTIL_OUTPUT_FILE_H
#define GBR_UTIL_OUTPUT_FILE_H

#include <signal.h>
#include <stddef.h>

#include "sink.h"

typedef struct util_output_file {
    util_sink sink;    /* standard output or the temporary file */
    char *temp_path;   /* NULL when writing to standard output */
    char *target;      /* the file renamed onto: path, links resolved */
    const char *path;  /* the target as given (for messages), or "-" */
} util_output_file;

/* Opens standard output (path NULL or "-") or a temporary file next to path.
 * Returns 0, or -1 after reporting on stderr. */
int util_output_file_open(util_output_file *out, const char *path);
/* Flushes; for a file also fsyncs and renames it into place. Returns 0, or -1
 * after reporting (the temporary file is then removed). Frees everything. */
int util_output_file_commit(util_output_file *out);
/* As util_output_file_commit, without the fsync: for a set of files
 * written together and then made durable at once by util_sync_file_system
 * (one sync for them all; one fsync a file is most of the time of writing
 * thousands of small files). Renamed into place before the sync, a file is
 * whole to every reader at once; only a crash before the sync can lose it. */
int util_output_file_commit_unsynced(util_output_file *out);
/* Syncs the file system that holds the open file fd (syncfs on Linux, sync
 * elsewhere); path names it in a report. Returns 0, or -1 after reporting. */
int util_sync_file_system(int fd, const char *path);
/* Gives up: removes the temporary file, frees everything. */
void util_output_file_abandon(util_output_file *out);

/* Blocks the signals whose handler removes temporaries (saving the previous
 * mask), and restores the mask: for a step that must not be cut by them,
 * such as creating a file and removing or registering its name. */
typedef struct util_fatal_signals {
    sigset_t mask;
} util_fatal_signals;
void util_block_fatal_signals(util_fatal_signals *saved);
/* Installs the handlers that remove a temporary on a fatal signal, and
 * ignores SIGXFSZ, each where the caller left the default action; once per
 * process. util_output_file_open does it before it creates a temporary; a
 * writer of other files (spills) calls it so that `ulimit -f` is a write
 * error there too. */
void util_catch_fatal_signals(void);
void util_restore_fatal_signals(const util_fatal_signals *saved);

#endif /* GBR_UTIL_OUTPUT_FILE_H */
