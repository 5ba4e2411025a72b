/*
 * sort_lines.h - the sorter of `gbr sort`: lines ordered by the first GBR
 * code each contains (found as gbr_scan_next finds it), in libgbr's directory
 * order (spec/gbr.md §8); equal lines, and lines without a code (last), keep
 * their input order. Lines are held in an arena within --memory; a larger
 * input is sorted in runs spilled to temporary files and merged (sort_runs.h).
 *
 * The command opens the inputs and the output; this file reads, sorts and
 * writes. Messages go to stderr as "gbr: sort: ..." or "gbr: SOURCE: ...".
 */
#ifndef GBR_SORT_LINES_H
#define GBR_SORT_LINES_H

#include <stddef.h>

#include "gbr.h"
#include "output_file.h"

typedef struct sort_lines_options {
    const gbr_codec *codec; /* finds each line's code and its directory key */
    size_t memory;          /* --memory: the lines held and their records */
} sort_lines_options;

typedef struct sort_lines sort_lines;

/* A sorter holding no line yet; NULL after reporting out of memory. */
sort_lines *sort_lines_new(const sort_lines_options *options);
/* Reads every line of an open input (source names it in messages); the
 * inputs read one after another are one input. A UTF-8 byte-order mark at
 * the start of each is skipped when looking for the code, and kept in the
 * line. Returns 0, or -1 after reporting: then only sort_lines_free is left. */
int sort_lines_read(sort_lines *s, int fd, const char *source);
/* Sorts every line read and writes them, each ending in "\n", to out;
 * returns 0, or -1 after reporting (out is then incomplete: abandon it). */
int sort_lines_write(sort_lines *s, util_sink *out);
/* Reports the lines without a code on stderr, when there are any: once the
 * output is complete. */
void sort_lines_report(const sort_lines *s);
/* Frees everything and closes the runs left; s may be NULL. */
void sort_lines_free(sort_lines *s);

#endif /* GBR_SORT_LINES_H */
