/* gbr check: validate texts of any GBR form. */
#include "cli.h"
#include "output.h"

const char cmd_check_summary[] = "validate any form and write its canonical text";

static const char help[] =
    "check [--impl ref|fast] [TEXT...]\n"
    "\n"
    "Recognises the form of each text (material code, study code, position form,\n"
    "FEN or material name) and writes \"FORM ok CANONICAL\", or for a bad text\n"
    "\"FORM error CLASS COLUMN\" (FORM is \"unknown\" when no form matched), so that\n"
    "standard output keeps one line per input.\n";

static int check_one(void *context, const cli_input *in)
{
    const cli_args *args = context;
    char out[CLI_CANONICAL_MAX];
    gbr_form form = GBR_FORM_UNKNOWN;
    gbr_result r = gbr_check(args->codec, out, sizeof out, in->text, in->len, &form);
    util_put(&util_stdout, gbr_form_name(form));
    if (r.error != GBR_OK) {
        cli_report_result(in, r);
        util_putc(&util_stdout, ' ');
        cli_put_error(r);
        util_putc(&util_stdout, '\n');
        return 1;
    }
    util_put(&util_stdout, " ok ");
    util_write(&util_stdout, out, r.length);
    util_putc(&util_stdout, '\n');
    return 0;
}

int cmd_check(int argc, char **argv)
{
    return cli_plain_command(argc, argv, help, check_one);
}
