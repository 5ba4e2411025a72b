/* gbr study: FEN to study code. */
#include "cli.h"

const char cmd_study_summary[] = "FEN to study code (+0116.00a7d3)";

static const char help[] =
    "study [--result win|draw] [--impl ref|fast] [FEN...]\n"
    "\n"
    "Writes the study code of each FEN: the stipulation (+ with --result win,\n"
    "= with --result draw, none without), the material code and the two kings'\n"
    "squares, e.g. \"+0116.00a7d3\". The side to move is not part of a study code.\n"
    "\n"
    "Options:\n"
    "  --result win|draw  the stipulation to write\n";

int cmd_study(int argc, char **argv)
{
    return cli_result_conversion_command(argc, argv, help, gbr_fen_to_study);
}
