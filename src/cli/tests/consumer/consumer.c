/* Converts the FEN given as its argument to a position form with the result
 * "win", through the installed library's public header only. */
#include <stdio.h>
#include <string.h>

#include <gbr.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: consumer FEN\n");
        return 2;
    }
    char out[GBR_POSITION_MAX];
    gbr_result r = gbr_fen_to_position(NULL, out, sizeof out, argv[1], strlen(argv[1]), GBR_RESULT_WIN);
    if (r.error != GBR_OK) {
        fprintf(stderr, "consumer: %s at column %u\n", gbr_error_name(r.error), (unsigned)r.column);
        return 1;
    }
    printf("%.*s\n", (int)r.length, out);
    return 0;
}
