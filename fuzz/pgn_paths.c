/* Which path the PGN reader (src/pgn/pgn_reader.c) was built with, as
 * fast_paths checks the optimised codec: "portable", the byte loops of a
 * GBR_PORTABLE build, so that its replay of pgn_roundtrip's corpus (whole
 * against byte by byte) tests them; "native", SSE2 wherever the compiler
 * offers it, so the 16-byte path is not switched off by accident either.
 * Either way, the 16-byte classes of all 256 byte values must be the byte
 * table's (the SSE2 masks are written apart from the table's rules).
 * usage: pgn_paths portable|native */
#include <stdio.h>
#include <string.h>

#include "pgn_reader.h"

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "portable") != 0 && strcmp(argv[1], "native") != 0)) {
        fprintf(stderr, "usage: pgn_paths portable|native\n");
        return 2;
    }
    int expected = 0;
#if defined(__SSE2__)
    expected = strcmp(argv[1], "native") == 0;
#endif
    printf("pgn_paths: the PGN reader was built with sse2=%d; a %s build expects sse2=%d\n", pgn_reader_sse2(), argv[1],
           expected);
    if (!pgn_reader_classes_agree()) {
        printf("pgn_paths: the 16-byte classes of some byte differ from the byte table's\n");
        return 1;
    }
    return pgn_reader_sse2() == expected ? 0 : 1;
}
