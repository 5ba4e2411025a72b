/*
 * selection.h - `gbr select`: the PGN games (or, with --lines, the text
 * lines) whose material matches a query (spec/query.md), copied byte for byte
 * as they were, in input order, or with --count how many each query matches.
 * The library parses and matches the queries (gbr_query_*); this file gathers
 * them (the command line's, and pgn-extract -y files) and reads the inputs.
 */
#ifndef GBR_SELECTION_H
#define GBR_SELECTION_H

#include <stddef.h>

#include "gbr.h"

typedef struct selection_query {
    gbr_query query;
    char *text; /* as written, for --count */
    /* In reached mode, the plies the material must be held: a pgn-extract
     * description's leading number, else SELECTION_PLIES_DEFAULT (the
     * options' plies). */
    unsigned long plies;
} selection_query;
#define SELECTION_PLIES_DEFAULT ((unsigned long)-1)

typedef struct selection_options {
    const gbr_codec *codec;
    selection_query *queries; /* in the order given; selection_free frees them */
    size_t n, cap;
    int count_only;           /* --count */
    int either_colour;        /* --either-colour: every query matches either colour */
    int lines;                /* --lines */
    /* --reached: a game is selected when positions of its main line match,
     * the material held for plies half-moves (as pgn-extract's -y/-z). */
    int reached;
    unsigned long long plies;  /* --plies: for a query that does not say (2) */
    int add_match_tag;         /* --addmatchtag: [MaterialMatch "White"] or "Black" */
    const char *mark_matches;  /* --markmatches TEXT: a comment where the match starts */
    /* -j: the threads one input's games are matched on (the start position
     * only; --reached and --lines read on one); 0 or 1: one. */
    unsigned long long threads;
} selection_options;

/* The query adders: 0 when added; -1 when memory ran out (not reported);
 * UTIL_EXIT_USAGE after reporting a text that is no query as
 * "gbr: WHERE:LINE:COLUMN: MESSAGE". */
/* A parsed query and its text. */
int selection_add(selection_options *o, const gbr_query *q, const char *text, size_t len);
/* A query's text (-e's): `where` names it in the report, at line 1. */
int selection_add_text(selection_options *o, const char *text, const char *where);
/* The counts query of --white and --black (either may be NULL). */
int selection_add_counts(selection_options *o, const char *white, const char *black);
/* Every query of a pgn-extract -y file (-z: either_colour); 0, or
 * UTIL_EXIT_USAGE after reporting (out of memory too). */
int selection_add_file(selection_options *o, const char *path, int either_colour);
/* Reports why a text is no query (r and message from gbr_query_parse);
 * returns UTIL_EXIT_USAGE. */
int selection_query_error(const char *where, unsigned long line, gbr_result r, const char *message);
void selection_free(selection_options *o);

/* The most text before an input's first game that is held (the bound of a
 * tag section, pgn_reader.h's PGN_SECTION_MAX): a longer one is reported and
 * not written. */
#define SELECTION_LEAD_MAX ((size_t)1 << 24)

/* A run over the inputs. */
typedef struct selection {
    const gbr_codec *codec;
    const selection_query *queries; /* the options' */
    size_t n;
    int count_only, lines;
    unsigned long long *counts;     /* per query */
    const char *source;
    int copying;                    /* the current game is selected: its bytes are written */
    int bad_input;
    /* A byte-order mark starting an input is written once, before the first
     * thing written, when that comes from an input that starts with one. */
    int written;                    /* a game or line has been written */
    unsigned long long input_offset; /* bytes of the current input read so far */
    unsigned char head[3];          /* its first bytes (input_offset of them, at most 3) */
    /* The text of the current input before its first game (a header
     * comment, escape lines), held until that game is matched: it is written
     * with the game when the game is selected, so that selecting every game
     * copies the input byte for byte. At most SELECTION_LEAD_MAX bytes. */
    int before_first;               /* no game of the current input has started */
    char *lead;
    size_t lead_len, lead_cap;
    int lead_dropped;               /* not held: over the bound, or out of memory */
    gbr_query_subject initial;      /* the standard start position */
    struct selection_reached *reached; /* reached mode's state; NULL without it */
    int add_match_tag;
    const char *mark_matches;
    int threads;
    /* A part of one input read on a thread of its own (selection.c): what
     * it writes and reports is held there and written in input order. */
    struct selection_chunk *chunk;
} selection;

/* Starts a run with the options' queries (which must outlive it); -1 when
 * memory runs out (not reported). */
int selection_begin(selection *s, selection_options *o);
/* Reads one open input (source names it in reports), writing what is
 * selected: 0, or -1 when it could not be read whole (reported). The shape
 * of the command line's per-file callback. */
int selection_file(void *selection, int fd, const char *source);
/* Ends the run: with --count writes the counts; flushes the output. Returns
 * the exit status; read_failed: an input could not be opened or read. */
int selection_end(selection *s, int read_failed);

#endif /* GBR_SELECTION_H */
