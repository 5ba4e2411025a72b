/*
 * scan_print.h - what `gbr scan` prints for each code scan_stream.h finds,
 * on standard output: "FILE:LINE:COLUMN: FORM: CANONICAL" lines, or with
 * --json one object a line.
 */
#ifndef GBR_SCAN_PRINT_H
#define GBR_SCAN_PRINT_H

#include <stddef.h>

#include "gbr.h"

typedef struct scan_options {
    const gbr_codec *codec;
    unsigned forms;     /* scan_stream.h's SCAN_* bits */
    size_t buffer_size; /* 0: map regular files, read the rest in the default buffers */
    int json;           /* --json */
} scan_options;

/* The options, and the source whose name's length is cached: {options}
 * starts one. */
typedef struct scan_printer {
    scan_options options;
    const char *source;
    size_t source_len;
} scan_printer;

/* Scans one open input (source names it) and prints its matches: 0, or -1
 * after reporting a read error. The shape of the command line's per-file
 * callback; printer is a scan_printer. */
int scan_print_file(void *printer, int fd, const char *source);

#endif /* GBR_SCAN_PRINT_H */
