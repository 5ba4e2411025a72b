/* A program's own functions under names libgbr uses inside (the PGN reader,
 * the rules of chess, util's arrays): linked with libgbr.a beside
 * consumer_replay.c, they must neither clash nor be called by the library. */
int pgn_reader_new(void);
int chess_move_read(void);
int util_grow(void);
int replay_new(void);

int pgn_reader_new(void) { return -1; }
int chess_move_read(void) { return -1; }
int util_grow(void) { return -1; }
int replay_new(void) { return -1; }
