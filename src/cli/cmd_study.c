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

typedef struct study_options {
    const gbr_codec *codec;
    gbr_result_option result;
} study_options;

static int study_one(void *context, const cli_input *in)
{
    const study_options *opt = context;
    char out[GBR_STUDY_MAX];
    return cli_emit(in, gbr_fen_to_study(opt->codec, out, sizeof out, in->text, in->len, opt->result), out);
}

int cmd_study(int argc, char **argv)
{
    study_options opt = {NULL, GBR_RESULT_NONE};
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    int status = cli_result_options(&args, &opt.result);
    if (status >= 0)
        return status;
    opt.codec = args.codec;
    return cli_for_each_input(&args, study_one, &opt);
}
