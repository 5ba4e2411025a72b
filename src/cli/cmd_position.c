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

typedef struct position_options {
    const gbr_codec *codec;
    gbr_result_option result;
} position_options;

static int position_one(void *context, const cli_input *in)
{
    const position_options *opt = context;
    char out[GBR_POSITION_MAX];
    return cli_emit(in, gbr_fen_to_position(opt->codec, out, sizeof out, in->text, in->len, opt->result), out);
}

int cmd_position(int argc, char **argv)
{
    position_options opt = {NULL, GBR_RESULT_NONE};
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    int status = cli_result_options(&args, &opt.result);
    if (status >= 0)
        return status;
    opt.codec = args.codec;
    return cli_for_each_input(&args, position_one, &opt);
}
