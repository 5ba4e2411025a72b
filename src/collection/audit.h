/*
 * audit.h - `gbr audit`: the GBR codes of PGN games checked against their
 * [FEN] tags by the audit rule (code_check.h), read as a stream: a line per
 * mismatch and a summary on standard output (on standard error when the fix
 * goes there), and with --fix a copy of the input with the codes corrected,
 * everything else byte for byte; with --add-codes also the missing codes
 * added, in the collection's convention.
 */
#ifndef GBR_AUDIT_H
#define GBR_AUDIT_H

#include <stddef.h>

#include "gbr.h"
#include "pgn_reader.h"
#include "output_file.h"

/* --add-codes: how a missing code is written. AUTO: as the input's codes
 * are (a [GBR] tag, or a code at the start of [Black] as van der Heijden's
 * database writes it, whichever more of its games use; a [GBR] tag when it
 * has none). */
typedef enum audit_add_style { AUDIT_ADD_NONE, AUDIT_ADD_AUTO, AUDIT_ADD_GBR, AUDIT_ADD_BLACK } audit_add_style;

/* "auto", "gbr" or "black": 0 and *out set, or -1. */
int audit_add_style_parse(const char *name, audit_add_style *out);

typedef struct audit_options {
    const gbr_codec *codec;
    const char *fix_output; /* --fix -o OUT ("-": standard output); NULL without --fix */
    audit_add_style add;    /* --add-codes (with --fix) */
} audit_options;

/* A run over the inputs. */
typedef struct auditor {
    const gbr_codec *codec;
    util_output_file *fix;           /* NULL without --fix, else &fix_out */
    util_output_file fix_out;
    const char *source;
    const pgn_game *game;       /* the game whose tags are being checked */
    /* The game's codes, one per code tag, in input order. */
    struct audit_site *sites;
    gbr_scan_match *matches;
    size_t sites_cap, matches_cap;
    unsigned long long games, checked, mismatches, added;
    /* --add-codes: the style asked for, the one taken for this input, and
     * (for AUTO on an input that cannot be read twice) the codes seen so far
     * in each convention. */
    audit_add_style add, style;
    unsigned long long seen_gbr, seen_black;
    int bad_input;
    /* With --fix -o - the copy owns standard output, so the mismatch lines and
     * the summary go to standard error, each line held here and written whole. */
    int report_to_stderr;
    char *text;
    size_t text_used, text_cap;
} auditor;

/* Starts a run; with --fix opens its output. 0, or -1 after reporting. */
int audit_begin(auditor *a, const audit_options *o);
/* Audits one open input (source names it in reports): 0, or -1 when it could
 * not be read whole (reported). The shape of the command line's per-file
 * callback. */
int audit_file(void *auditor, int fd, const char *source);
/* Ends the run: the summary line, and the fix committed (abandoned when an
 * input could not be read: read_failed). Returns the exit status. */
int audit_end(auditor *a, int read_failed);

#endif /* GBR_AUDIT_H */
