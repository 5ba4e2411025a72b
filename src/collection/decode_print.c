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

static void put_json(const char *text, size_t len, const material_words *d)
{
    util_puts("{\"input\":");
    util_put_json_raw_string(text, len);
    util_puts(",\"code\":");
    util_put_json_raw_string(d->code, d->code_len);
    util_puts(",\"name\":");
    if (d->name_len)
        util_put_json_raw_string(d->name, d->name_len);
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
            util_put_json_raw_string(material_type_plural[type], strlen(material_type_plural[type]));
        }
    }
    util_puts("]}\n");
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
        util_write(text, len);
        util_puts(": ");
        util_write(d.code, d.code_len);
        util_putc('\n');
    } else {
        put_words(&d);
        util_putc('\n');
    }
    return r;
}

void decode_print_json_error(const char *text, size_t len, gbr_result r)
{
    util_puts("{\"input\":");
    util_put_json_raw_string(text, len);
    util_puts(",\"error\":\"");
    util_puts(gbr_error_name(r.error));
    util_puts("\",\"column\":");
    util_put_uint(r.column);
    util_puts("}\n");
}
