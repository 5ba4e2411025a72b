/* gbr decode, the command line: what a material code means, in words, as a
 * name, or as JSON. Options, help and the inputs; the output is
 * src/collection/decode_print.c's. */
#include "cli.h"
#include "decode_print.h"
#include "output.h"

const char cmd_decode_summary[] = "material code in words and as a name (KRBvKNN); a name to its code";

static const char help[] =
    "decode [--json] [--impl ref|fast] [CODE...]\n"
    "\n"
    "Describes each material code, e.g.\n"
    "  0116.00: White: rook, bishop; Black: two knights; name KRBvKNN\n"
    "A digit 9 is described as \"three or more knights on one side (split\n"
    "unknown)\" and such a code has no name. A material name such as KRPvKR is\n"
    "accepted too and gives its code: \"KRPvKR: 0400.10\".\n"
    "\n"
    "Options:\n"
    "  --json  one JSON object per input with the keys input, code, name,\n"
    "          white, black and overflow (see gbr(1)), or input, error, column\n";

/* Errors are reported here, where the input's source and line are known,
 * and spelled "error CLASS COLUMN" as every line command spells them. */
static int decode_one(void *context, const cli_input *in)
{
    const decode_options *opt = context;
    gbr_result r = decode_print(opt, in->text, in->len);
    if (!r.error)
        return 0;
    cli_report_result(in, r);
    if (opt->json) {
        decode_print_json_error(in->text, in->len, r);
    } else {
        cli_put_error(r);
        util_putc(&util_stdout, '\n');
    }
    return 1;
}

int cmd_decode(int argc, char **argv)
{
    decode_options opt = {NULL, 0};
    static const cli_help usage = {{help}, 0};
    cli_args args;
    cli_option rows[] = {
        {.name = "--json", .kind = CLI_OPTION_FLAG, .to.flag = &opt.json},
    };
    int status = cli_parse_options(&args, argc, argv, &usage, rows, CLI_ROWS(rows));
    if (status >= 0)
        return status;
    opt.codec = args.codec;
    return cli_for_each_input(&args, decode_one, &opt);
}
