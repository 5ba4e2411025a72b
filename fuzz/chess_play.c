/*
 * The rules of chess (src/chess/chess.h) on any bytes: the first line is a
 * FEN, the rest movetext split at white space, each word read as a move in
 * the position reached and, when it reads, played.
 * - A FEN refused gives a message (NUL-ended, not empty, with a column
 *   within the line or just past it); the moves are then read from the
 *   standard start position.
 * - Every word is handed over in an allocation of exactly its length, so a
 *   read past it is an ASan finding. A refused word gives a message; a word
 *   read gives a move chess_move_is_legal accepts, whose SAN, long algebraic
 *   and UCI read back to it.
 * - After every move played: the FEN written reads back to the same
 *   position and is written again the same; the board and the bitboards
 *   hold the same men, each side one king and at most 16 men and 8 pawns,
 *   no pawn on the first or last rank; the side not to move is not in
 *   check; the copy played from is unchanged.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "chess.h"
#include "fuzz_common.h"

static void assert_message(const chess_error *e, size_t len)
{
    size_t n = 0;
    while (n < CHESS_MESSAGE_SIZE && e->message[n])
        n++;
    FUZZ_ASSERT(n > 0 && n < CHESS_MESSAGE_SIZE, "a refusal without a NUL-ended message");
    FUZZ_ASSERT(e->column <= len + 1, "column %zu past the text's %zu bytes", e->column, len);
}

static void assert_position(const chess_position *p)
{
    uint64_t all = p->by_colour[0] | p->by_colour[1], types = 0;
    FUZZ_ASSERT(!(p->by_colour[0] & p->by_colour[1]), "a square of both colours");
    for (int t = 0; t < 6; t++) {
        FUZZ_ASSERT(!(types & p->by_type[t]), "a square of two types");
        types |= p->by_type[t];
    }
    FUZZ_ASSERT(types == all, "types and colours hold different squares");
    for (int s = 0; s < 64; s++) {
        uint8_t man = p->board[s];
        uint64_t bit = (uint64_t)1 << s;
        if (!man) {
            FUZZ_ASSERT(!(all & bit), "square %d empty on the board, not in the bitboards", s);
        } else {
            FUZZ_ASSERT(CHESS_MAN_TYPE(man) >= 0 && CHESS_MAN_TYPE(man) < 6 && CHESS_MAN_COLOUR(man) < 2,
                        "square %d holds no man (%u)", s, man);
            FUZZ_ASSERT((p->by_colour[CHESS_MAN_COLOUR(man)] & p->by_type[CHESS_MAN_TYPE(man)] & bit) != 0,
                        "square %d: board and bitboards differ", s);
        }
    }
    for (int c = 0; c < 2; c++) {
        int kings = 0, pawns = 0, men = 0;
        for (int s = 0; s < 64; s++) {
            uint8_t man = p->board[s];
            if (man && CHESS_MAN_COLOUR(man) == c) {
                men++;
                kings += CHESS_MAN_TYPE(man) == CHESS_KING;
                pawns += CHESS_MAN_TYPE(man) == CHESS_PAWN;
                FUZZ_ASSERT(CHESS_MAN_TYPE(man) != CHESS_PAWN || (s >= 8 && s < 56), "a pawn on square %d", s);
            }
        }
        FUZZ_ASSERT(kings == 1 && men <= 16 && pawns <= 8, "side %d: %d kings, %d men, %d pawns", c, kings, men,
                    pawns);
    }
    chess_position other = *p;
    other.side ^= 1;
    FUZZ_ASSERT(!chess_in_check(&other), "the side not to move is in check");

    char fen[CHESS_FEN_SIZE], again[CHESS_FEN_SIZE];
    size_t n = chess_fen_write(p, 0, fen, sizeof fen);
    FUZZ_ASSERT(n > 0, "FEN not written");
    chess_position read;
    chess_error error;
    FUZZ_ASSERT(chess_fen_read(&read, fen, n, &error) == 0, "FEN written refused: %s: %s", fen, error.message);
    FUZZ_ASSERT(chess_position_equal(p, &read), "FEN %s reads back to another position", fen);
    FUZZ_ASSERT(chess_fen_write(&read, 0, again, sizeof again) == n && memcmp(fen, again, n) == 0,
                "FEN %s written again as %s", fen, again);
}

static void assert_reads_back(const chess_position *p, chess_move m,
                              size_t (*write)(const chess_position *, chess_move, char *, size_t), const char *form)
{
    char text[CHESS_MOVE_TEXT_SIZE];
    size_t n = write(p, m, text, sizeof text);
    FUZZ_ASSERT(n > 0, "%s not written", form);
    chess_move back;
    chess_error error;
    FUZZ_ASSERT(chess_move_read(p, text, n, &back, &error) == 0, "%s %s refused: %s", form, text, error.message);
    FUZZ_ASSERT(memcmp(&back, &m, sizeof m) == 0, "%s %s reads back to another move", form, text);
}

static int is_space(uint8_t c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_note_input((const char *)data, size);
    size_t line = 0;
    while (line < size && data[line] != '\n')
        line++;
    chess_position p;
    chess_error error;
    char *fen = malloc(line ? line : 1);
    FUZZ_ASSERT(fen != NULL, "out of memory");
    memcpy(fen, data, line);
    if (chess_fen_read(&p, fen, line, &error) != 0) {
        assert_message(&error, line);
        chess_start_position(&p);
    }
    free(fen);
    assert_position(&p);

    size_t i = line;
    while (i < size) {
        while (i < size && is_space(data[i]))
            i++;
        size_t start = i;
        while (i < size && !is_space(data[i]))
            i++;
        if (i == start)
            break;
        size_t len = i - start;
        char *word = malloc(len);
        FUZZ_ASSERT(word != NULL, "out of memory");
        memcpy(word, data + start, len);
        chess_move m;
        int status = chess_move_read(&p, word, len, &m, &error);
        free(word);
        if (status != 0) {
            assert_message(&error, len);
            continue;
        }
        FUZZ_ASSERT(chess_move_is_legal(&p, m), "a move read is not legal");
        assert_reads_back(&p, m, chess_san_write, "SAN");
        assert_reads_back(&p, m, chess_lan_write, "long algebraic");
        assert_reads_back(&p, m, chess_uci_write, "UCI");
        chess_position before = p, after = p;
        chess_play(&after, m);
        FUZZ_ASSERT(memcmp(&before, &p, sizeof p) == 0, "playing on a copy changed the original");
        p = after;
        assert_position(&p);
    }
    return 0;
}
