/*
 * adapter_libgbr.c - a correct adapter: libgbr's reference codec itself,
 * linked as "the other implementation" (a second copy of libgbr, with its
 * names global, beside the harness's own copy whose names fuzz/other/build.sh
 * made local). The harness must report nothing against it; it answers every
 * operation of spec/gbr.md §13.2 with exact classes and columns.
 */
#include <string.h>

#include "adapter.h"
#include "gbr.h"

const char *const *adapter_operations(void)
{
    static const char *names[64];
    if (names[0] == NULL) {
        size_t n = 0;
        for (const gbr_operation *op; n + 1 < sizeof names / sizeof names[0] && (op = gbr_operation_at(n)) != NULL; n++)
            names[n] = op->name;
    }
    return names;
}

int adapter_errors(void)
{
    return ADAPTER_ERRORS_EXACT;
}

int adapter_answer(const char *operation, const uint8_t *src, size_t len, adapter_result *out)
{
    const gbr_operation *op = gbr_operation_by_name(operation, strlen(operation));
    gbr_result r = gbr_protocol_answer(gbr_codec_ref(), op, out->text, sizeof out->text, (const char *)src, len);
    if (r.error == GBR_OK) {
        out->length = r.length;
        return ADAPTER_ACCEPTED;
    }
    out->error = gbr_error_name(r.error);
    out->column = r.column;
    return ADAPTER_REJECTED;
}
