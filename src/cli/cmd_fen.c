/* gbr fen: position form to FEN. */
#include "cli.h"

const char cmd_fen_summary[] = "position form to FEN";

static const char help[] =
    "fen [--impl ref|fast] [POSITION...]\n"
    "\n"
    "Writes the FEN of each position form, as \"PLACEMENT SIDE - - 0 1\": SIDE is\n"
    "\"b\" for the indicators -+, -= and BTM, else \"w\". Castling rights, the\n"
    "en-passant square and the clocks are not carried by GBR.\n";

int cmd_fen(int argc, char **argv)
{
    return cli_conversion_command(argc, argv, help, gbr_position_to_fen);
}
