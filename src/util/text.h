/* text.h - numbers and JSON strings spelled and read the same way by every
 * gbr command. */
#ifndef GBR_UTIL_TEXT_H
#define GBR_UTIL_TEXT_H

#include <stddef.h>

/* Writes value's decimal digits at out (no NUL); returns how many. */
#define UTIL_DECIMAL_MAX 20
size_t util_decimal(char out[UTIL_DECIMAL_MAX], unsigned long long value);

/* Parses a count: decimal digits only (no blanks, sign or base prefix), then,
 * when with_unit, an optional K, M or G (k, m, g: binary units); at most max.
 * Returns 0 and sets *out, or -1. */
int util_parse_count(const char *text, int with_unit, unsigned long long max, unsigned long long *out);

/* JSON strings of arbitrary bytes (input text, file names), always ASCII:
 * '"' and '\\' backslashed, control bytes and bytes 0x7f and above as
 * \u00XX (a JSON reader sees those as the Latin-1 code points). One rule
 * for every --json output: util_json_byte writes one byte's spelling (1, 2
 * or 6 bytes) to out and returns its length. */
size_t util_json_byte(unsigned char c, char out[6]);

#endif /* GBR_UTIL_TEXT_H */
