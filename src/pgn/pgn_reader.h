/*
 * pgn_reader.h - a streaming reader of PGN databases (the PGN standard,
 * "Portable Game Notation Specification and Implementation Guide", 1994,
 * sections 7 and 8), shared by every gbr command that reads PGN.
 *
 * The reader is pushed bytes (pgn_feed, pgn_finish, or pgn_read_fd for a
 * descriptor, pipe or file) and calls its handler back: one game at a time,
 * with the game's tag pairs once its tag section is complete, and every input
 * byte exactly once, in order, so that a caller can copy a database byte for
 * byte and change only what it means to (gbr audit --fix rewrites codes inside
 * tag values and nothing else).
 *
 * Tokens, as the standard says:
 * - tag pairs [Name "value"] only in a game's tag section, which is the start
 *   of a game: tokens may be separated by any white space, newlines included;
 *   a name is letters, digits and '_'; a value is a string on one line in which
 *   \" stands for " and \\ for \ (any other backslash is kept as it is);
 * - and what keepers write besides, read as pgn-extract reads it and reported
 *   (the game is not malformed): a '"' that no ']' follows (white space
 *   aside) on its line is part of the value, which ends at the last '"'
 *   before ']' ([Event "a "b" c"]); a value without its closing quote on a
 *   line that ends with ']' runs to that ']' ([Event "x \"]); a name goes on
 *   past its letters, digits and '_' to white space, a quote or a bracket
 *   ([Composer-2 "..."]);
 * - brace comments {...}: any bytes, any number of lines, never nested, ended
 *   by the first '}'; ';' comments to the end of the line; a line with '%' in
 *   its first column is an escape line and is ignored whole;
 * - in movetext: symbols (moves, move numbers), '.', NAGs $n, '(' ')' nested
 *   variations, and the game termination markers 1-0 0-1 1/2-1/2 *;
 *   no move is checked against a board.
 *
 * Games. A game starts at a '[' outside any comment and variation (its tag
 * section), or at a movetext token outside a game (a game without tags). Its
 * movetext starts at the first token after the tag section that is no tag
 * pair and no comment; a game may have none. A game ends where the next one
 * starts, or at the end of the input: text after a termination marker (white
 * space, comments, escape lines) belongs to the game before. A '[' in
 * movetext outside variations starts a new game even without a termination
 * marker; in a tag section, an empty line followed by '[' starts a new game,
 * so games of tags only stay apart. A '[' inside a variation is a stray byte,
 * so a variation left open runs, like a comment left open, to the end of the
 * input.
 *
 * Reports (the diagnostic callback, with line and column): a malformed tag
 * pair (a value without its closing quote or ']' on its line, a missing ']',
 * a name with white space, a control byte or '[', no name or no value), at
 * most one a line, each counted in the game's `malformed`; a tag section too
 * large to hold, and [SetUp "1"] without [FEN] (no start position: the game
 * cannot be classified), also counted; the tags read as pgn-extract reads
 * them (above); a name given twice or more in a section, once a name at its
 * second pair, with the place of the first (each earlier pair is
 * `superseded`: the last value is the one a game's field takes, as
 * pgn-extract takes it); a game with movetext and no termination marker
 * (pgn-extract's "Missing result": a file cut inside its moves); a variation
 * or comment still open where its game or the input ends; the first ')'
 * without '(' of a game; a line over the line limit.
 *
 * Tags kept. A caller that reads a few tags names them (pgn_reader_keep_tags)
 * and gets only those; the others are read and reported all the same.
 *
 * Bounds. Memory is one tag section (at most PGN_SECTION_MAX bytes and
 * PGN_TAGS_MAX tags), its unescaped values and a fixed read buffer; time is
 * linear in the input. A larger tag section is reported and passed through
 * unread (the game is malformed). A line longer than PGN_LINE_MAX bytes (the
 * line end aside), the limit of every gbr command, is reported at column
 * PGN_LINE_MAX + 1; since the reader holds no line, it is still read whole, so
 * a comment or variation in it keeps its extent and nothing after it is
 * misread.
 *
 * Positions. Offsets count bytes from the start of the input; lines from 1;
 * columns are bytes from 1, not counting a UTF-8 byte-order mark at the start
 * of the input.
 */
#ifndef GBR_PGN_READER_H
#define GBR_PGN_READER_H

#include <stddef.h>
#include <stdint.h>

#include "line_limit.h"

/* The standard start position, where a game without [FEN] starts (PGN
 * standard 9.7.1): the one copy every PGN command reads. */
extern const char pgn_start_fen[];

/* The longest line without a report: the line limit of every gbr command. */
#define PGN_LINE_MAX ((uint64_t)UTIL_LINE_MAX)
/* The largest tag section held, in bytes and in tags. */
#define PGN_SECTION_MAX ((size_t)1 << 24)
#define PGN_TAGS_MAX ((size_t)1 << 17)

typedef struct pgn_where {
    uint64_t offset;
    unsigned long line, column;
} pgn_where;

typedef struct pgn_tag {
    const char *name;           /* as written; in the game's section text */
    size_t name_len;
    const char *raw_value;      /* the bytes between the quotes, as written */
    size_t raw_value_len;
    const char *value;          /* escapes undone, NUL-terminated (may hold NULs) */
    size_t value_len;
    pgn_where open;             /* the '[' */
    pgn_where name_at;          /* the name's first byte */
    pgn_where value_at;         /* the byte after the opening quote */
    /* A later pair of the section has the same name (reported): the value a
     * game's field takes is its last pair's, as pgn-extract takes it; a
     * caller that reads every pair (codes to check) reads this one too. */
    int superseded;
} pgn_tag;

typedef struct pgn_game {
    unsigned long number;       /* 1 for the first game of the input */
    pgn_where start;            /* its first byte: '[' or its first movetext token */
    /* The tag section as held: the bytes from start.offset on, up to where the
     * movetext starts (or the game ends). Valid during the tags callback. */
    const char *section;
    size_t section_len;
    const pgn_tag *tags;        /* in input order; valid during the tags callback */
    size_t tags_n;
    /* Errors found in the tag section (each one reported): when non-zero the
     * tags may be incomplete or wrong and the game should be left as it is. */
    unsigned long malformed;
    /* Where its [SetUp "1"] is when it has no [FEN] (one of the errors
     * counted in malformed); line 0 otherwise. */
    pgn_where setup_without_fen;
    /* Known at the game_end callback (movetext_start as soon as the movetext
     * starts, UINT64_MAX before): */
    uint64_t end;               /* one past its last byte (the next game's start) */
    uint64_t movetext_start;    /* its first movetext token; == movetext_end == end when none */
    uint64_t movetext_end;      /* one past its last movetext token (its termination marker) */
    int terminated;             /* it had a termination marker */
} pgn_game;

typedef struct pgn_diagnostic {
    pgn_where at;
    unsigned long game;         /* the game it is in, 0 before the first */
    const char *message;        /* valid during the callback (some name a tag) */
} pgn_diagnostic;

/* Every callback may be NULL. The input is exactly the concatenation, in call
 * order, of every bytes chunk and every game's section text; the bytes of a
 * game (start to end) all arrive between its tags and game_end callbacks. */
typedef struct pgn_handler {
    void (*bytes)(void *context, const char *bytes, size_t len);
    void (*tags)(void *context, const pgn_game *game);
    void (*game_end)(void *context, const pgn_game *game);
    void (*diagnostic)(void *context, const pgn_diagnostic *diagnostic);
} pgn_handler;

typedef struct pgn_reader pgn_reader;

/* A reader for one input; NULL when out of memory. */
pgn_reader *pgn_reader_new(const pgn_handler *handler, void *context);
void pgn_reader_free(pgn_reader *reader);
/* For tests: read every byte through the one-byte path, none of the runs of
 * plain bytes (comment text, symbols, tag values) in one go. Same reports. */
void pgn_reader_byte_by_byte(pgn_reader *reader, int on);
/* For tests: 1 when runs are classified 16 bytes at a time with SSE2, 0 when
 * the portable loops were built instead (src/pgn/pgn_config.h). */
int pgn_reader_sse2(void);
/* For tests: 1 when the 16-byte classification of every byte value agrees
 * with the reader's byte table (always 1 without SSE2). */
int pgn_reader_classes_agree(void);
/* Reads len more bytes of the input. */
void pgn_feed(pgn_reader *reader, const char *bytes, size_t len);
/* The input is over: ends the last game, reports what is left open. */
void pgn_finish(pgn_reader *reader);
/* Feeds everything read from fd, then finishes. Returns 0, or the errno of a
 * failed read (what was read before it has been fed and finished). */
int pgn_read_fd(pgn_reader *reader, int fd);
/* How many bytes the reader has been fed. */
uint64_t pgn_reader_bytes_read(const pgn_reader *reader);
/* The tags a caller needs. By default the tags callback gets every tag pair
 * of a game. Given a NULL-ended list of at most PGN_KEEP_TAGS_MAX names (as
 * written, case counts; the strings must outlive the reader), it gets only the
 * tag pairs with one of these names, in input order; the others are still
 * read and checked as the standard says (their reports, the game's
 * `malformed`, the limit of PGN_TAGS_MAX tags, the section text and every
 * byte are the same as without a list), but their values are not kept, which
 * saves a command that reads two tags of ten most of the cost of the eight.
 * NULL keeps every tag again. Returns 0, or -1 (nothing changed) for a longer
 * list. Call it before the first byte is fed. */
#define PGN_KEEP_TAGS_MAX 8
int pgn_reader_keep_tags(pgn_reader *reader, const char *const *names);
/* Games started so far (the number of the current game, or of the last). */
unsigned long pgn_reader_games(const pgn_reader *reader);
/* Reading one part of an input that starts at a line's start (the parallel
 * reading of src/input): the offset, line and games before it, so that
 * positions are those of one pass over the whole input (no byte-order mark
 * is looked for). Call before the first byte is fed. */
void pgn_reader_set_base(pgn_reader *reader, uint64_t offset, unsigned long line, unsigned long games);
/* 1 when the bytes fed so far end a line and a '[' fed next would start a
 * new game, as pgn_finish() would end the current one now: no comment,
 * variation or tag section is open and nothing is pending. 0 otherwise
 * (the reader may be inside a game: a part cut here must be read on). */
int pgn_reader_at_game_boundary(const pgn_reader *reader);

#endif /* GBR_PGN_READER_H */
