/*
 * census.h - the endgame census of game files (docs/census.md): for each
 * game, the GBR classes (material codes) its main line reaches, and per
 * class the games that reach it, the plies spent in it, the games whose
 * ending it is and their results.
 *
 * A tally holds counts alone, nothing that depends on the order games come
 * in, so tallies of parts of an input merge exactly: the tally of A ++ B is
 * census_merge of A's and B's, and writes the same bytes in every format.
 * A census_reader is the reader's handler (pgn_reader.h) that replays each
 * game and adds it to a tally; one reader a chunk of input, each with its
 * own tally or a shared one read in order, then merged.
 */
#ifndef GBR_CENSUS_H
#define GBR_CENSUS_H

#include <stddef.h>
#include <stdint.h>

#include "gbr.h"
#include "pgn_reader.h"
#include "sink.h"

/* What "the ending" of a game is. */
typedef enum census_ending {
    CENSUS_ENDING_PHASE = 0, /* the first position with at most N pieces besides kings and pawns */
    CENSUS_ENDING_FINAL = 1, /* the last position's class */
    CENSUS_ENDING_EVERY = 2  /* every class reached */
} census_ending;

/* Time controls, Lichess's speeds; bits of census_options.speeds. */
enum {
    CENSUS_ULTRABULLET,
    CENSUS_BULLET,
    CENSUS_BLITZ,
    CENSUS_RAPID,
    CENSUS_CLASSICAL,
    CENSUS_CORRESPONDENCE,
    CENSUS_SPEEDS
};
extern const char *const census_speed_names[CENSUS_SPEEDS];

/* Results, in the order of a class's results array: from the side that is
 * White in the class's code (with fold, the stronger side). */
enum { CENSUS_WIN, CENSUS_DRAW, CENSUS_LOSS, CENSUS_UNFINISHED, CENSUS_UNKNOWN, CENSUS_RESULTS };

/* The options that shape a tally: two tallies merge only when these are
 * equal (the JSON writes them and --merge compares them). */
typedef struct census_options {
    census_ending ending;
    unsigned pieces;      /* N of CENSUS_ENDING_PHASE (default 6, Lichess's divider) */
    int fold;             /* a class and its colour-reversed class are one, the stronger side first */
    unsigned min_elo;     /* 0: no filter */
    unsigned speeds;      /* bits of CENSUS_*; 0: no filter */
    uint32_t date_from;   /* YYYYMMDD, 0: none */
    uint32_t date_to;     /* YYYYMMDD, 0: none */
} census_options;

void census_options_default(census_options *o);
/* Reads a date bound: YYYY, YYYY.MM or YYYY.MM.DD ('-' or '/' also
 * separate); the start of that period (to_end 0) or its end (1) as
 * YYYYMMDD. Returns 0, or -1 for text that is none. */
int census_parse_date(const char *text, int to_end, uint32_t *out);
/* "blitz,rapid" into bits; -1 for an unknown word. */
int census_parse_speeds(const char *text, unsigned *out);

/* One class's counts. */
typedef struct census_class {
    gbr_material code;
    uint64_t games;   /* games whose main line reaches it */
    uint64_t plies;   /* moves of the main line played from a position of it */
    uint64_t endings; /* games whose ending it is */
    uint64_t results[CENSUS_RESULTS]; /* of those games */
} census_class;

/* Games read and what became of them; all add up when tallies merge. */
typedef struct census_totals {
    uint64_t games;        /* read */
    uint64_t counted;      /* replayed to their end and passing the filters */
    uint64_t filtered;     /* left out by a filter (not replayed) */
    uint64_t not_replayed; /* a move refused, no start position, another variant, malformed tags */
    uint64_t no_ending;    /* counted, never reaching the ending (phase) */
    uint64_t results[CENSUS_RESULTS]; /* of the games counted, by colour */
} census_totals;

typedef struct census_tally census_tally;

census_tally *census_tally_new(const census_options *options);
void census_tally_free(census_tally *t);
/* Every count back to zero and no class, the memory kept for the next use. */
void census_tally_clear(census_tally *t);
const census_options *census_tally_options(const census_tally *t);
const census_totals *census_tally_totals(const census_tally *t);
/* Adds from's counts to into's: 0, or one of these (nothing added, but
 * after running out of memory part may be: the tally is then not to be used). */
enum { CENSUS_MERGE_OPTIONS = -1, CENSUS_MERGE_OVERFLOW = -2, CENSUS_MERGE_MEMORY = -3 };
int census_merge(census_tally *into, const census_tally *from);
/* The classes in directory order: a copy of their counts now (the array is
 * the tally's, valid until the next call); *n their number. NULL when
 * memory runs out. */
const census_class *census_tally_classes(census_tally *t, size_t *n);

/* ---- Reading games ---- */
typedef struct census_reader census_reader;
/* A reader adding to tally, naming source in its reports. NULL when out of
 * memory. */
census_reader *census_reader_new(census_tally *tally, const char *source);
void census_reader_free(census_reader *r);
/* The reader's handler: give it, with the census_reader as its context, to
 * pgn_reader_new or pgn_read_input_keeping with census_reader_keep_tags(). */
const pgn_handler *census_pgn_handler(void);
/* The tags the census reads under its options (NULL: every tag, when more
 * than the reader keeps by name). */
const char *const *census_reader_keep_tags(const census_reader *r);
/* Whether a problem was reported (a move refused, a malformed tag, ...). */
int census_reader_problems(const census_reader *r);
/* The games of fd (plain or compressed, pgn_input.h) added to t, read on
 * threads threads (input_parallel.h: one input cut at game starts, each
 * part into a tally of its own, added to t in input order); the reports
 * are the same, in the same order, for every number of threads. Returns 0,
 * or -1 after reporting an input that could not be read whole (the games
 * before the problem are in t); *problems is set when a game was reported. */
int census_read(census_tally *t, int fd, const char *source, int threads, int *problems);

/* ---- Output ---- */
typedef enum census_format { CENSUS_TEXT, CENSUS_TSV, CENSUS_JSON, CENSUS_HTML } census_format;
typedef enum census_order { CENSUS_ORDER_FREQUENCY, CENSUS_ORDER_DIRECTORY } census_order;
typedef enum census_group { CENSUS_GROUP_NONE, CENSUS_GROUP_PIECES } census_group;

/* The longest --pattern text. */
#define CENSUS_PATTERN_MAX 100

typedef struct census_output {
    census_format format;
    census_order order;
    census_group group;
    const char *title; /* the HTML page's title; NULL: "GBR census" */
    /* Rows by query instead of by class (GBR queries of material: codes
     * with wildcards, names, counts, pgn-extract descriptions): a row a
     * query, adding up the classes it matches (a class may be in several);
     * with CENSUS_ORDER_DIRECTORY in the order given. */
    const gbr_query *patterns;
    const char *const *pattern_texts; /* each at most CENSUS_PATTERN_MAX bytes */
    size_t patterns_n;
} census_output;

/* Writes the tally; 0, or -1 when memory runs out (reported). JSON is the
 * tally itself (every class in directory order, neither order nor group
 * applied), so that --merge reads it back whole. */
int census_write(census_tally *t, const census_output *out, util_sink *sink);

/* Reads a tally written by census_write's JSON: the tally (NULL after
 * reporting "SOURCE:LINE:COLUMN: ..." through util). */
census_tally *census_read_json(const char *text, size_t len, const char *source);
/* The same, writing the problem into message (cap bytes) instead of
 * reporting it: for the fuzz harness. */
census_tally *census_parse_json(const char *text, size_t len, char *message, size_t cap, unsigned long *line,
                                unsigned long *column);

#endif /* GBR_CENSUS_H */
