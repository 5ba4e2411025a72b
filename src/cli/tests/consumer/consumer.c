/* Converts the FEN given as its argument to a position form with the result
 * "win", through the installed library's public header only, and checks it
 * against the reference codec's parse and format functions; with --version,
 * prints the linked library's version. Fails when the library linked is not
 * the version of the header it was built against. */
#include <stdio.h>
#include <string.h>

#include <gbr.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: consumer FEN | consumer --version\n");
        return 2;
    }
    if (strcmp(gbr_version(), GBR_VERSION_STRING) != 0) {
        fprintf(stderr, "consumer: libgbr %s linked, gbr.h %s included\n", gbr_version(), GBR_VERSION_STRING);
        return 1;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("%s\n", gbr_version());
        return 0;
    }
    char out[GBR_POSITION_MAX];
    gbr_result r = gbr_fen_to_position(NULL, out, sizeof out, argv[1], strlen(argv[1]), GBR_RESULT_WIN);
    if (r.error != GBR_OK) {
        fprintf(stderr, "consumer: %s at column %u\n", gbr_error_name(r.error), (unsigned)r.column);
        return 1;
    }
    /* The same answer composed from the free functions of the reference
     * codec, the codec named as gbr_codec_name says. */
    const gbr_codec *ref = gbr_codec_by_name("ref");
    gbr_position p;
    char composed[GBR_POSITION_MAX];
    gbr_result rp = gbr_parse_fen(ref, argv[1], strlen(argv[1]), &p);
    if (rp.error == GBR_OK) {
        p.indicator = (uint8_t)gbr_indicator_for(p.indicator == GBR_IND_BTM, GBR_RESULT_WIN);
        rp = gbr_format_position(ref, composed, sizeof composed, &p);
    }
    if (strcmp(gbr_codec_name(ref), "ref") != 0 || rp.error != GBR_OK || rp.length != r.length ||
        memcmp(composed, out, r.length) != 0) {
        fprintf(stderr, "consumer: codec %s: gbr_parse_fen and gbr_format_position gave %s, not %.*s\n",
                gbr_codec_name(ref), gbr_error_name(rp.error), (int)r.length, out);
        return 1;
    }
    printf("%.*s\n", (int)r.length, out);
    return 0;
}
