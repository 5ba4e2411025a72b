/* gbr decode: what a material code means, in words, as a name, or as JSON. */
#include <string.h>

#include "cli.h"
#include "material_words.h"

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

/* Writes "CODE: White: ...; Black: ...; name NAME". */
static void put_words(const material_words *d)
{
    char words[MATERIAL_WORDS_MAX];
    size_t n = material_words_text(d, words);
    util_write(d->code, d->code_len);
    util_puts(": ");
    util_write(words, n);
    if (d->name_len) {
        util_puts("; name ");
        util_write(d->name, d->name_len);
    }
}

static void put_json_side(const material_words *d, int colour)
{
    util_putc('{');
    for (int type = GBR_QUEEN; type <= GBR_PAWN; type++) {
        if (type)
            util_putc(',');
        util_putc('"');
        util_puts(material_type_plural[type]);
        util_puts("\":");
        if (type <= GBR_KNIGHT && (d->unknown & (1u << type)))
            util_puts("null");
        else
            util_put_uint(d->counts.count[colour][type]);
    }
    util_putc('}');
}

static void put_json(const cli_input *in, const material_words *d)
{
    util_puts("{\"input\":");
    util_put_json_string(in->text, in->len);
    util_puts(",\"code\":");
    util_put_json_string(d->code, d->code_len);
    util_puts(",\"name\":");
    if (d->name_len)
        util_put_json_string(d->name, d->name_len);
    else
        util_puts("null");
    util_puts(",\"white\":");
    put_json_side(d, GBR_WHITE);
    util_puts(",\"black\":");
    put_json_side(d, GBR_BLACK);
    util_puts(",\"overflow\":[");
    int any = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        if (d->unknown & (1u << type)) {
            if (any)
                util_putc(',');
            any = 1;
            util_put_json_string(material_type_plural[type], strlen(material_type_plural[type]));
        }
    }
    util_puts("]}\n");
}

typedef struct decode_options {
    const gbr_codec *codec;
    int json;
} decode_options;

static int decode_one(void *context, const cli_input *in)
{
    const decode_options *opt = context;
    material_words d = {0};
    gbr_result r;
    int is_name = gbr_detect_form(in->text, in->len) == GBR_FORM_NAME;
    if (is_name) {
        r = gbr_name_to_material(opt->codec, d.code, sizeof d.code, in->text, in->len);
        if (!r.error)
            r = material_words_decode(opt->codec, d.code, r.length, &d);
    } else {
        r = material_words_decode(opt->codec, in->text, in->len, &d);
    }
    if (r.error) {
        cli_report_result(in, r);
        if (opt->json) {
            util_puts("{\"input\":");
            util_put_json_string(in->text, in->len);
            util_puts(",\"error\":\"");
            util_puts(gbr_error_name(r.error));
            util_puts("\",\"column\":");
            util_put_uint(r.column);
            util_puts("}\n");
        } else {
            cli_put_error(r);
            util_putc('\n');
        }
        return 1;
    }
    if (opt->json) {
        put_json(in, &d);
    } else if (is_name) {
        util_write(in->text, in->len);
        util_puts(": ");
        util_write(d.code, d.code_len);
        util_putc('\n');
    } else {
        put_words(&d);
        util_putc('\n');
    }
    return 0;
}

int cmd_decode(int argc, char **argv)
{
    decode_options opt = {NULL, 0};
    cli_args args;
    cli_args_init(&args, argc, argv, help);
    while (cli_next_option(&args)) {
        if (cli_option_is(&args, "--json") && !args.inline_value)
            opt.json = 1;
        else
            return cli_unknown_option(&args);
    }
    if (args.exit_status >= 0)
        return args.exit_status;
    opt.codec = args.codec;
    return cli_for_each_input(&args, decode_one, &opt);
}
