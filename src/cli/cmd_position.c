/* gbr position: FEN to position form. */
#include "cli.h"

const char cmd_position_summary[] = "FEN to position form (a7d3 0116.00 b2b3c6d6 3/3+.)";

static const char help[] =
    "position [--result win|draw] [--impl ref|fast] [FEN...]\n"
    "\n"
    "Writes the position form of each FEN, e.g. \"a7d3 0116.00 b2b3c6d6 3/3+.\".\n"
    "The indicator carries the side to move and the result: with --result win\n"
    "\"+\" (White to move) or \"-+\" (Black to move); with --result draw \"=\" or\n"
    "\"-=\"; without a result \" WTM\" or \" BTM\".\n"
    "\n"
    "Options:\n"
    "  --result win|draw  the result to write in the indicator\n";

int cmd_position(int argc, char **argv)
{
    return cli_result_conversion_command(argc, argv, help, gbr_fen_to_position);
}
