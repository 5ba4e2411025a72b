/* gbr decode's output (see decode_print.h): a code or name decoded and
 * written as words, a code or JSON. The command line (src/cli/cmd_decode.c)
 * parses the options, reads the inputs and reports the errors. */
#include <string.h>

#include "decode_print.h"
#include "material_words.h"
#include "output.h"

/* Writes "CODE: White: ...; Black: ...; name NAME". */
static void put_words(const material_words *d)
{
    char words[MATERIAL_WORDS_MAX];
    size_t n = material_words_text(d, words);
    util_write(&util_stdout, d->code, d->code_len);
    util_put(&util_stdout, ": ");
    util_write(&util_stdout, words, n);
    if (d->name_len) {
        util_put(&util_stdout, "; name ");
        util_write(&util_stdout, d->name, d->name_len);
    }
}

static void put_json_side(const material_words *d, int colour)
{
    util_putc(&util_stdout, '{');
    for (int type = GBR_QUEEN; type <= GBR_PAWN; type++) {
        if (type)
            util_putc(&util_stdout, ',');
        util_putc(&util_stdout, '"');
        util_put(&util_stdout, material_type_plural[type]);
        util_put(&util_stdout, "\":");
        if (type <= GBR_KNIGHT && (d->unknown & (1u << type)))
            util_put(&util_stdout, "null");
        else
            util_put_uint(&util_stdout, d->counts.count[colour][type]);
    }
    util_putc(&util_stdout, '}');
}

static void put_json(const char *text, size_t len, const material_words *d)
{
    util_put(&util_stdout, "{\"input\":");
    util_put_json_raw(&util_stdout, text, len);
    util_put(&util_stdout, ",\"code\":");
    util_put_json_raw(&util_stdout, d->code, d->code_len);
    util_put(&util_stdout, ",\"name\":");
    if (d->name_len)
        util_put_json_raw(&util_stdout, d->name, d->name_len);
    else
        util_put(&util_stdout, "null");
    util_put(&util_stdout, ",\"white\":");
    put_json_side(d, GBR_WHITE);
    util_put(&util_stdout, ",\"black\":");
    put_json_side(d, GBR_BLACK);
    util_put(&util_stdout, ",\"overflow\":[");
    int any = 0;
    for (int type = GBR_QUEEN; type <= GBR_KNIGHT; type++) {
        if (d->unknown & (1u << type)) {
            if (any)
                util_putc(&util_stdout, ',');
            any = 1;
            util_put_json_raw(&util_stdout, material_type_plural[type], strlen(material_type_plural[type]));
        }
    }
    util_put(&util_stdout, "]}\n");
}

gbr_result decode_print(const decode_options *o, const char *text, size_t len)
{
    material_words d = {0};
    gbr_result r;
    int is_name = gbr_detect_form(text, len) == GBR_FORM_NAME;
    if (is_name) {
        r = gbr_name_to_material(o->codec, d.code, sizeof d.code, text, len);
        if (!r.error)
            r = material_words_decode(o->codec, d.code, r.length, &d);
    } else {
        r = material_words_decode(o->codec, text, len, &d);
    }
    if (r.error)
        return r;
    if (o->json) {
        put_json(text, len, &d);
    } else if (is_name) {
        util_write(&util_stdout, text, len);
        util_put(&util_stdout, ": ");
        util_write(&util_stdout, d.code, d.code_len);
        util_putc(&util_stdout, '\n');
    } else {
        put_words(&d);
        util_putc(&util_stdout, '\n');
    }
    return r;
}

void decode_print_json_error(const char *text, size_t len, gbr_result r)
{
    util_put(&util_stdout, "{\"input\":");
    util_put_json_raw(&util_stdout, text, len);
    util_put(&util_stdout, ",\"error\":\"");
    util_put(&util_stdout, gbr_error_name(r.error));
    util_put(&util_stdout, "\",\"column\":");
    util_put_uint(&util_stdout, r.column);
    util_put(&util_stdout, "}\n");
}
