/*
 * The conformance protocol's text as gbr handles it (see conform_protocol.h):
 * libgbr's answer (gbr_protocol_answer) as a NUL-terminated line, and the
 * escaping of the vector files' fields.
 */
#include "conform_protocol.h"

#include <string.h>

int conform_answer(const gbr_codec *codec, const char *operation, const char *src, size_t len, char *answer)
{
    answer[0] = '\0';
    const gbr_operation *op = gbr_operation_by_name(operation, strlen(operation));
    if (op == NULL)
        return CONFORM_UNKNOWN_OP;
    gbr_result r = gbr_protocol_answer(codec, op, answer, CONFORM_ANSWER_MAX, src, len);
    answer[r.length <= CONFORM_ANSWER_MAX ? r.length : 0] = '\0';
    return r.error == GBR_OK ? CONFORM_ACCEPTED : CONFORM_REJECTED;
}

/* ==== Escaping of vector fields ========================================== */

void conform_escape(const char *src, size_t len, char *out)
{
    static const char hex[] = "0123456789abcdef";
    for (size_t i = 0; i < len; i++) {
        unsigned char byte = (unsigned char)src[i];
        if (byte == '\\') {
            *out++ = '\\';
            *out++ = '\\';
        } else if (byte < 0x20 || byte > 0x7e) {
            *out++ = '\\';
            *out++ = 'x';
            *out++ = hex[byte >> 4];
            *out++ = hex[byte & 15];
        } else {
            *out++ = (char)byte;
        }
    }
    *out = '\0';
}

static int hex_value(char h)
{
    if (h >= '0' && h <= '9')
        return h - '0';
    if (h >= 'a' && h <= 'f')
        return h - 'a' + 10;
    return -1;
}

long conform_unescape(const char *text, char *out)
{
    long n = 0;
    for (const char *p = text; *p; p++) {
        unsigned char byte = (unsigned char)*p;
        if (byte < 0x20 || byte > 0x7e)
            return -1;
        if (byte == '\\') {
            if (p[1] == '\\') {
                p++;
            } else if (p[1] == 'x' && hex_value(p[2]) >= 0 && hex_value(p[3]) >= 0) {
                byte = (unsigned char)(hex_value(p[2]) * 16 + hex_value(p[3]));
                p += 3;
            } else {
                return -1;
            }
        }
        out[n++] = (char)byte;
    }
    return n;
}

