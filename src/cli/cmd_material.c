/* gbr material: FEN to material code. */
#include "cli.h"

const char cmd_material_summary[] = "FEN to material code (0116.00)";

static const char help[] =
    "material [--impl ref|fast] [FEN...]\n"
    "\n"
    "Writes the material code of each FEN, e.g. \"0116.00\" for White rook and\n"
    "bishop against two black knights.\n";

static int material_one(void *context, const cli_input *in)
{
    const cli_args *args = context;
    char out[GBR_MATERIAL_MAX];
    return cli_emit(in, gbr_fen_to_material(args->codec, out, sizeof out, in->text, in->len), out);
}

int cmd_material(int argc, char **argv)
{
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    while (cli_next_option(&args))
        return cli_unknown_option(&args);
    if (args.exit_status >= 0)
        return args.exit_status;
    return cli_for_each_input(&args, material_one, &args);
}
