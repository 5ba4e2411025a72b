/* gbr fen: position form to FEN. */
#include "cli.h"

const char cmd_fen_summary[] = "position form to FEN";

static const char help[] =
    "fen [--impl ref|fast] [POSITION...]\n"
    "\n"
    "Writes the FEN of each position form, as \"PLACEMENT SIDE - - 0 1\": SIDE is\n"
    "\"b\" for the indicators -+, -= and BTM, else \"w\". Castling rights, the\n"
    "en-passant square and the clocks are not carried by GBR.\n";

static int fen_one(void *context, const cli_input *in)
{
    const cli_args *args = context;
    char out[GBR_FEN_MAX];
    return cli_emit(in, gbr_position_to_fen(args->codec, out, sizeof out, in->text, in->len), out);
}

int cmd_fen(int argc, char **argv)
{
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    while (cli_next_option(&args))
        return cli_unknown_option(&args);
    if (args.exit_status >= 0)
        return args.exit_status;
    return cli_for_each_input(&args, fen_one, &args);
}
