/*
 * scan_match.h - finding GBR codes embedded in arbitrary text, the matcher
 * behind `gbr scan`, `gbr sort` and `gbr audit` (spec/gbr.md, "Scanning text").
 *
 * Every match contains a long-form material code `abcd.ef`: its obligatory
 * point is the anchor the search looks for. Around an anchor the matcher
 * decides whether it is a material code, a study code or a position form, and
 * checks it with the codec. It reads at most SCAN_LOOKBEHIND bytes before an
 * anchor and SCAN_LOOKAHEAD bytes from it.
 */
#ifndef GBR_SCAN_MATCH_H
#define GBR_SCAN_MATCH_H

#include <stddef.h>
#include <stdint.h>

#include "gbr.h"

#define SCAN_LOOKBEHIND 16
#define SCAN_LOOKAHEAD 192

/* Which forms to report: a set of these bits. */
enum { SCAN_MATERIAL = 1u, SCAN_STUDY = 2u, SCAN_POSITION = 4u, SCAN_ALL_FORMS = 7u };

typedef struct scan_match {
    gbr_form form;  /* GBR_FORM_MATERIAL, GBR_FORM_STUDY or GBR_FORM_POSITION */
    size_t start;   /* offset of the first byte of the form's text */
    size_t end;     /* one past its last byte */
    char canonical[GBR_POSITION_MAX];
    size_t canonical_len;
    union {
        gbr_material material;
        gbr_study study;
        gbr_position position;
    } value;
} scan_match;

/* Offset of the first anchor candidate in [from, to) of text: a '.' with a
 * digit before it and a pawn digit (0-8) after it; `to` when there is none.
 * Reads text[from - 1] to text[to]: the caller guarantees they exist. */
size_t scan_next_anchor(const char *text, size_t from, size_t to);

/* Tries the anchor candidate at `dot` in text whose readable bytes are
 * [lo, hi). lo is the start of the text unless dot - lo >= SCAN_LOOKBEHIND;
 * hi is the end of the text unless hi - dot >= SCAN_LOOKAHEAD. Returns 1 and
 * fills *out with the longest form matched there (whatever `forms` says: the
 * caller filters), 0 when the anchor is no GBR code. */
int scan_match_at(const gbr_codec *codec, const char *text, size_t lo, size_t hi, size_t dot, scan_match *out);

/* The first match in a whole text (a line), searching from offset `from`. */
int scan_first(const gbr_codec *codec, const char *text, size_t len, size_t from, scan_match *out);

/* Bit of `forms` for a match's form. */
unsigned scan_form_bit(gbr_form form);

/* Number of '\n' in text[0, len); *last receives the offset of the last one
 * (unchanged when there is none). */
size_t scan_count_newlines(const char *text, size_t len, size_t *last);

/* ---- Streams ------------------------------------------------------------ */
typedef struct scan_location {
    const char *source;  /* file name, "-" for standard input */
    unsigned long line;  /* 1-based */
    unsigned long column; /* 1-based byte column; a leading BOM is not counted */
} scan_location;

typedef void (*scan_report_fn)(void *context, const scan_location *where, const scan_match *match);

/* Scans everything fd gives, calling report for each match whose form is in
 * `forms`, in text order. With buffer_size 0 a regular file is mapped whole
 * and anything else read in SCAN_DEFAULT_BUFFER-byte buffers; otherwise fd is
 * read in buffers of buffer_size bytes (a minimum is enforced). Returns 0, or
 * -1 after reporting a read error on stderr. */
int scan_stream(const gbr_codec *codec, int fd, const char *source, unsigned forms, size_t buffer_size,
                scan_report_fn report, void *context);

#define SCAN_MIN_BUFFER 512
#define SCAN_DEFAULT_BUFFER ((size_t)1 << 18)

#endif /* GBR_SCAN_MATCH_H */
