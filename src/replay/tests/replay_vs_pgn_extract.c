/*
 * The replay against pgn-extract, main line and variations.
 *
 *   replay_vs_pgn_extract number FILE
 *     writes FILE to standard output with a tag [GbrGame "N"] before each
 *     game N (as gbr's reader reads the games), so that both programs' games
 *     can be matched: pgn-extract keeps the tag and leaves out the games it
 *     refuses.
 *   replay_vs_pgn_extract compare NUMBERED EXTRACTED NAME
 *     replays NUMBERED with gbr's replay (src/replay) and reads EXTRACTED,
 *     pgn-extract's output of NUMBERED written with --fencomments (the FEN
 *     after every move, main line and variations, in the order the moves
 *     are written); for every game pgn-extract read, every FEN gbr gives
 *     after a move must equal pgn-extract's, in number and order, byte for
 *     byte in its placement, side and en-passant square (after every double
 *     step), its castling rights naming the same rooks (X-FEN or a file
 *     letter); the clocks are not compared. A game pgn-extract refuses is listed
 *     with what gbr made of it; a game of another [Variant], which gbr does
 *     not replay and pgn-extract plays as chess, is listed apart.
 *     Exits 1 on a difference, on a game pgn-extract reads and gbr refuses,
 *     and when no position was compared.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#include "replay.h"

/* ---- number ---- */

static void put_bytes(void *context, const char *bytes, size_t len)
{
    (void)context;
    fwrite(bytes, 1, len, stdout);
}

static void put_tags(void *context, const pgn_game *game)
{
    (void)context;
    /* A game without tags gets a tag section of its own. */
    printf(game->section_len ? "[GbrGame \"%lu\"]\n" : "\n[GbrGame \"%lu\"]\n\n", game->number);
    fwrite(game->section, 1, game->section_len, stdout);
}

/* ---- compare ---- */

typedef struct game_record {
    size_t first, count; /* its FENs in fens[] */
    replay_outcome outcome;
    int seen_by_extract;
    size_t extract_first, extract_count;
} game_record;

typedef struct store {
    game_record *games;
    size_t games_n, games_cap;
    char (*fens)[CHESS_FEN_SIZE];
    size_t fens_n, fens_cap;
} store;

static void *grow(void *array, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return array;
    size_t n = *cap ? *cap * 2 : 1024;
    while (n < need)
        n *= 2;
    void *bigger = realloc(array, n * size);
    if (!bigger) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    *cap = n;
    return bigger;
}

static game_record *game_at(store *s, size_t number)
{
    if (number >= s->games_n) {
        s->games = grow(s->games, &s->games_cap, number + 1, sizeof *s->games);
        memset(s->games + s->games_n, 0, (number + 1 - s->games_n) * sizeof *s->games);
        s->games_n = number + 1;
    }
    return &s->games[number];
}

static size_t add_fen(store *s, const char *fen, size_t len)
{
    s->fens = grow(s->fens, &s->fens_cap, s->fens_n + 1, sizeof *s->fens);
    if (len >= CHESS_FEN_SIZE)
        len = CHESS_FEN_SIZE - 1;
    memcpy(s->fens[s->fens_n], fen, len);
    s->fens[s->fens_n][len] = '\0';
    return s->fens_n++;
}

static int on_position(void *context, const pgn_game *game, const replay_position *p)
{
    store *s = context;
    game_record *g = game_at(s, game->number);
    if (!p->before)
        return 0;
    char fen[CHESS_FEN_SIZE];
    size_t n = chess_fen_write(p->position, 0, fen, sizeof fen);
    size_t at = add_fen(s, fen, n);
    if (g->count++ == 0)
        g->first = at;
    return 0;
}

static void on_game_end(void *context, const pgn_game *game, const replay_outcome *outcome)
{
    store *s = context;
    game_at(s, game->number)->outcome = *outcome;
}

/* pgn-extract's output: its [GbrGame "N"] tags and, after each, the FEN
 * comments of its movetext in order. A long game's lines are wrapped, a
 * comment's too: its line ends are read as the spaces they replaced. */
static int read_extract(store *s, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    static char line[1 << 16], comment[1024];
    size_t comment_len = 0;
    int in_comment = 0;
    game_record *g = NULL;
    while (fgets(line, sizeof line, f)) {
        unsigned long number;
        if (!in_comment && line[0] == '[') {
            if (sscanf(line, "[GbrGame \"%lu\"]", &number) == 1) {
                g = game_at(s, number);
                g->seen_by_extract = 1;
                g->extract_count = 0;
            }
            continue;
        }
        for (char *c = line; *c; c++) {
            if (!in_comment) {
                if (*c == '{') {
                    in_comment = 1;
                    comment_len = 0;
                }
                continue;
            }
            if (*c != '}') {
                if (comment_len < sizeof comment - 1)
                    comment[comment_len++] = *c == '\n' ? ' ' : *c;
                continue;
            }
            in_comment = 0;
            size_t from = 0, to = comment_len;
            while (from < to && comment[from] == ' ')
                from++;
            while (to > from && comment[to - 1] == ' ')
                to--;
            if (!g)
                continue;
            size_t at = add_fen(s, comment + from, to - from);
            if (g->extract_count++ == 0)
                g->extract_first = at;
        }
    }
    fclose(f);
    return 0;
}

/* The four fields the issue names: placement, side, castling rights, the
 * en-passant square. Castling rights are compared by the rooks they name:
 * where gbr writes X-FEN (KQq), pgn-extract may write a rook's file (KQc)
 * in a Chess960 game. The clocks are left out: after a null move ("--")
 * pgn-extract leaves the halfmove clock as it was, and gbr counts the ply. */
static int same_position(const char *a, const char *b)
{
    chess_position pa, pb;
    chess_error error;
    if (chess_fen_read_with(&pa, a, strlen(a), CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &error) != 0 ||
        chess_fen_read_with(&pb, b, strlen(b), CHESS_FEN_READ_CHECK_NOT_TO_MOVE, &error) != 0)
        return strcmp(a, b) == 0;
    return memcmp(pa.board, pb.board, sizeof pa.board) == 0 && pa.side == pb.side &&
           pa.en_passant == pb.en_passant && memcmp(pa.castle_rook, pb.castle_rook, sizeof pa.castle_rook) == 0;
}

static int compare(const char *numbered, const char *extracted, const char *name)
{
    static store s;
    static const replay_handler handler = {NULL, NULL, on_position, on_game_end};
    replay *r = replay_new(&handler, &s);
    pgn_reader *reader = r ? pgn_reader_new(replay_pgn_handler(), r) : NULL;
    int fd = open(numbered, O_RDONLY);
    if (!reader || fd < 0 || pgn_read_fd(reader, fd) != 0) {
        fprintf(stderr, "%s: cannot replay %s\n", name, numbered);
        return 2;
    }
    close(fd);
    pgn_reader_free(reader);
    replay_free(r);
    if (read_extract(&s, extracted) != 0) {
        fprintf(stderr, "%s: cannot read %s\n", name, extracted);
        return 2;
    }
    unsigned long games = 0, compared = 0, positions = 0, differences = 0, refused = 0, extract_refused = 0,
                  variants = 0, lenient = 0, stopped = 0;
    for (size_t i = 1; i < s.games_n; i++) {
        game_record *g = &s.games[i];
        games++;
        const replay_outcome *o = &g->outcome;
        if (!g->seen_by_extract) {
            extract_refused++;
            printf("%s: game %zu: pgn-extract refuses it; gbr: %s\n", name, i,
                   o->status == REPLAY_DONE ? "replays every move" : o->message[0] ? o->message : "not replayed");
            continue;
        }
        if (o->status == REPLAY_VARIANT) {
            variants++;
            continue;
        }
        lenient += o->lenient != 0;
        size_t n = g->count < g->extract_count ? g->count : g->extract_count;
        for (size_t k = 0; k < n; k++) {
            const char *mine = s.fens[g->first + k], *theirs = s.fens[g->extract_first + k];
            positions++;
            if (!same_position(mine, theirs)) {
                if (differences < 10)
                    printf("%s: game %zu, position %zu after a move: gbr %s, pgn-extract %s\n", name, i, k + 1,
                           mine, theirs);
                differences++;
            }
        }
        if (g->extract_count == 0 && g->count > 0) {
            /* pgn-extract wrote the game's tags and none of its moves (a
             * move it cannot read, or a game without a result). */
            extract_refused++;
            printf("%s: game %zu: pgn-extract keeps none of its moves; gbr: %s\n", name, i,
                   o->status == REPLAY_DONE ? "replays every move" : o->message);
            continue;
        }
        if (o->status != REPLAY_DONE) {
            /* pgn-extract keeps the moves before one it cannot read, as gbr
             * keeps the positions before a refusal: the same stop is no
             * difference. */
            if (g->count == g->extract_count) {
                stopped++;
                printf("%s: game %zu: both stop after %zu positions; gbr: %lu:%lu: %s\n", name, i, g->count, o->line,
                       o->column, o->message);
                continue;
            }
            refused++;
            printf("%s: game %zu: pgn-extract reads %zu positions, gbr refuses it after %zu: %lu:%lu: %s\n", name,
                   i, g->extract_count, g->count, o->line, o->column, o->message);
            continue;
        }
        compared++;
        if (g->count != g->extract_count) {
            positions++; /* a position one of the two lacks */
            if (differences < 10)
                printf("%s: game %zu: gbr gives %zu positions after moves, pgn-extract %zu\n", name, i, g->count,
                       g->extract_count);
            differences++;
        }
    }
    printf("%s: %lu games, %lu compared (%lu from a position with the side not to move in check), %lu positions "
           "equal of %lu, %lu differences, %lu stopped by both at one move, %lu refused by gbr alone, %lu refused "
           "by pgn-extract, %lu of another variant\n",
           name, games, compared, lenient, positions - differences, positions, differences, stopped, refused,
           extract_refused, variants);
    return differences || refused || positions == 0 ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && strcmp(argv[1], "number") == 0) {
        static const pgn_handler numbering = {put_bytes, put_tags, NULL, NULL};
        pgn_reader *reader = pgn_reader_new(&numbering, NULL);
        int fd = open(argv[2], O_RDONLY);
        if (!reader || fd < 0 || pgn_read_fd(reader, fd) != 0)
            return 2;
        close(fd);
        pgn_reader_free(reader);
        return fflush(stdout) == 0 ? 0 : 2;
    }
    if (argc == 5 && strcmp(argv[1], "compare") == 0)
        return compare(argv[2], argv[3], argv[4]);
    fprintf(stderr, "usage: replay_vs_pgn_extract number FILE | compare NUMBERED EXTRACTED NAME\n");
    return 2;
}
