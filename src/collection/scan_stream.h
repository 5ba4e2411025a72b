/*
 * scan_stream.h - reading a file or pipe for `gbr scan`: the bytes go to
 * libgbr's scanner (gbr_scan_next, spec/gbr.md §10.1), and each match comes
 * back with its line and column. What a match is, and the line breaks
 * before it, the library says; this file does the input (mapping, buffers,
 * a file that shrinks, a byte-order mark) and adds up the lines.
 */
#ifndef GBR_SCAN_STREAM_H
#define GBR_SCAN_STREAM_H

#include <stddef.h>

#include "gbr.h"

/* Which forms to report: a set of these bits. */
enum { SCAN_MATERIAL = 1u, SCAN_STUDY = 2u, SCAN_POSITION = 4u, SCAN_ALL_FORMS = 7u };

/* Bit of `forms` for a match's form. */
unsigned scan_form_bit(gbr_form form);

typedef struct scan_location {
    const char *source;  /* file name, "-" for standard input */
    unsigned long line;  /* 1-based */
    unsigned long column; /* 1-based byte column; a leading BOM is not counted */
} scan_location;

typedef void (*scan_report_fn)(void *context, const scan_location *where, const gbr_scan_match *match);

/* Scans everything fd gives, calling report for each match whose form is in
 * `forms`, in text order. A UTF-8 byte-order mark at the start is skipped.
 * With buffer_size 0 a regular file is mapped whole and anything else read
 * in SCAN_DEFAULT_BUFFER-byte buffers; otherwise fd is read in buffers of
 * buffer_size bytes (at least SCAN_MIN_BUFFER). Returns 0, or -1 after
 * reporting a read error on stderr. */
int scan_stream(const gbr_codec *codec, int fd, const char *source, unsigned forms, size_t buffer_size,
                scan_report_fn report, void *context);

/* Room for a kept tail (at most 2 * GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD
 * bytes, see gbr_scan_next) and new bytes after it. */
#define SCAN_MIN_BUFFER 512
#define SCAN_DEFAULT_BUFFER ((size_t)1 << 18)

#endif /* GBR_SCAN_STREAM_H */
