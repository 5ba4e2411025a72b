/*
 * sort_spill.h - unnamed temporary files for the runs a command spills to disk
 * when its input does not fit in its --memory (`gbr sort`, `gbr directory` and
 * `gbr lookup`, through sort_runs.h) and for `gbr duplicates`' copy of standard
 * input: one helper, so that every command leaves nothing behind in the same
 * way.
 */
#ifndef GBR_SORT_SPILL_H
#define GBR_SORT_SPILL_H

/* A read-write temporary file in $TMPDIR (else /tmp) that has no name at any
 * moment, so that nothing is left behind whatever ends the process, SIGKILL
 * included: O_TMPFILE where the kernel and the file system have it; otherwise
 * mkstemp then unlink at once, with the fatal signals blocked in between (only
 * SIGKILL in that instant can leave the name). Returns its descriptor, or -1
 * after reporting "gbr: COMMAND: ..." on stderr. */
int sort_spill_temporary_file(const char *command);

#endif /* GBR_SORT_SPILL_H */
