/* text.h - numbers, messages and JSON strings spelled and read the same way
 * by every gbr command and libgbr's replayer. */
#ifndef GBR_UTIL_TEXT_H
#define GBR_UTIL_TEXT_H

#include <stddef.h>

/* Writes value's decimal digits at out (no NUL); returns how many. */
#define UTIL_DECIMAL_MAX 20
size_t util_decimal(char out[UTIL_DECIMAL_MAX], unsigned long long value);

/* A message built piece by piece in a buffer of `size` bytes, always
 * NUL-ended and cut at its end as snprintf would cut it, without stdio
 * (whose formatting would be the largest part of libgbr's WebAssembly
 * module): util_message_add appends text, util_message_add_decimal a
 * number. Start from an empty string. */
void util_message_add(char *message, size_t size, const char *text);
void util_message_add_decimal(char *message, size_t size, unsigned long long value);

/* Parses a count: decimal digits only (no blanks, sign or base prefix), then,
 * when with_unit, an optional K, M or G (k, m, g: binary units); at most max.
 * Returns 0 and sets *out, or -1. */
int util_parse_count(const char *text, int with_unit, unsigned long long max, unsigned long long *out);

/* Two spellings of a byte inside a JSON string, each writing 1, 2 or 6
 * bytes to out and returning how many; '"' and '\\' are backslashed and
 * control bytes written \u00XX by both.
 * util_json_raw_byte: for arbitrary bytes that must come back exactly (a
 *   program's input and answers, file names): every byte 0x7f and above is
 *   \u00XX too, so the string is ASCII and each code point is one byte.
 * util_json_text_byte: for text already in UTF-8 (what a reader sees, such
 *   as a collection's tags after their conversion): bytes 0x80 and above pass
 *   unchanged, so the JSON text holds the same characters. */
size_t util_json_raw_byte(unsigned char c, char out[6]);
size_t util_json_text_byte(unsigned char c, char out[6]);

#endif /* GBR_UTIL_TEXT_H */
