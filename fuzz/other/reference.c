/*
 * reference.c - libgbr's answer to one request of the conformance protocol
 * (gbr_protocol_answer, the table every program of gbr answers with), in the
 * harness template's struct. See reference.h.
 */
#include <string.h>

#include "gbr.h"
#include "reference.h"

int gbr_other_reference_knows_operation(const char *name)
{
    return name != NULL && gbr_operation_by_name(name, strlen(name)) != NULL;
}

int gbr_other_reference_knows_error(const char *name)
{
    if (name == NULL)
        return 0;
    for (int e = GBR_E_EMPTY; e <= GBR_E_UNKNOWN_FORM; e++)
        if (strcmp(gbr_error_name((gbr_error)e), name) == 0)
            return 1;
    return 0;
}

int gbr_other_reference_answer(const char *operation, const uint8_t *src, size_t len, adapter_result *out)
{
    const gbr_operation *op = gbr_operation_by_name(operation, strlen(operation));
    if (op == NULL)
        return -1;
    char line[GBR_ANSWER_MAX];
    gbr_result r = gbr_protocol_answer(gbr_codec_ref(), op, line, sizeof line, (const char *)src, len);
    memset(out, 0, sizeof *out);
    if (r.error == GBR_OK) {
        memcpy(out->text, line, r.length);
        out->length = r.length;
        return ADAPTER_ACCEPTED;
    }
    out->error = gbr_error_name(r.error);
    out->column = r.column;
    return ADAPTER_REJECTED;
}
