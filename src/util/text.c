#include "text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

size_t util_decimal(char out[UTIL_DECIMAL_MAX], unsigned long long value)
{
    char digits[UTIL_DECIMAL_MAX];
    size_t n = sizeof digits;
    do {
        digits[--n] = (char)('0' + value % 10u);
        value /= 10u;
    } while (value != 0);
    memcpy(out, digits + n, sizeof digits - n);
    return sizeof digits - n;
}

void util_message_add(char *message, size_t size, const char *text)
{
    if (size == 0)
        return;
    size_t n = 0;
    while (n < size - 1 && message[n])
        n++;
    while (n < size - 1 && *text)
        message[n++] = *text++;
    message[n] = '\0';
}

void util_message_add_decimal(char *message, size_t size, unsigned long long value)
{
    char digits[UTIL_DECIMAL_MAX + 1];
    digits[util_decimal(digits, value)] = '\0';
    util_message_add(message, size, digits);
}

int util_parse_count(const char *text, int with_unit, unsigned long long max, unsigned long long *out)
{
    /* strtoull alone would take leading blanks, a sign and "0x". */
    if (!(text[0] >= '0' && text[0] <= '9'))
        return -1;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (errno)
        return -1;
    unsigned long long unit = 1;
    if (with_unit && (*end == 'K' || *end == 'k'))
        unit = 1ull << 10;
    else if (with_unit && (*end == 'M' || *end == 'm'))
        unit = 1ull << 20;
    else if (with_unit && (*end == 'G' || *end == 'g'))
        unit = 1ull << 30;
    if (unit != 1)
        end++;
    if (*end || n > max / unit)
        return -1;
    *out = n * unit;
    return 0;
}

/* The spelling of c, with \u00XX for every byte from 0x7f up to `high`. */
static size_t json_byte(unsigned char c, unsigned high, char out[6])
{
    static const char hex[] = "0123456789abcdef";
    if (c == '"' || c == '\\') {
        out[0] = '\\';
        out[1] = (char)c;
        return 2;
    }
    if (c < 0x20 || (c >= 0x7f && c <= high)) {
        memcpy(out, "\\u00", 4);
        out[4] = hex[c >> 4];
        out[5] = hex[c & 15u];
        return 6;
    }
    out[0] = (char)c;
    return 1;
}

size_t util_json_raw_byte(unsigned char c, char out[6]) { return json_byte(c, 0xff, out); }

size_t util_json_text_byte(unsigned char c, char out[6]) { return json_byte(c, 0x7f, out); }
