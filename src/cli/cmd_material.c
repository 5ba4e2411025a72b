/* gbr material: FEN to material code. */
#include "cli.h"

const char cmd_material_summary[] = "FEN to material code (0116.00)";

static const char help[] =
    "material [--impl ref|fast] [FEN...]\n"
    "\n"
    "Writes the material code of each FEN, e.g. \"0116.00\" for White rook and\n"
    "bishop against two black knights.\n";

int cmd_material(int argc, char **argv)
{
    return cli_conversion_command(argc, argv, help, gbr_fen_to_material);
}
