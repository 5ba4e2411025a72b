/*
 * text_encoding.h - a collection's tag values as UTF-8, the one conversion
 * every output of gbr directory and gbr duplicates writes (text, TSV, JSON
 * and HTML alike). PGN names no encoding; databases are written in UTF-8,
 * Latin-1 or Windows-1252. Per value:
 *   auto    (the default) a value that is valid UTF-8 is kept; any other is
 *           read as Windows-1252
 *   utf-8   valid UTF-8 is kept; each maximal ill-formed part (a byte that
 *           starts no sequence, or the valid start of a sequence cut short,
 *           Unicode's "maximal subpart" practice, as Python's
 *           decode('utf-8', 'replace') and browsers do it) becomes U+FFFD
 *   latin-1 every byte is the code point of its value (0x80-0x9F the C1
 *           controls U+0080-U+009F)
 *   cp1252  every byte read as Windows-1252: 0x80-0x9F its punctuation and
 *           letters (0x80 the euro sign U+20AC, 0x93 U+201C, ...), the rest
 *           as Latin-1.
 * The five bytes Windows-1252 leaves undefined, 0x81 0x8D 0x8F 0x90 0x9D,
 * become the C1 controls of their value (U+0081 ...), as the WHATWG Encoding
 * Standard (and so every browser) reads them: no byte is lost, and a value
 * converted by mistake can be converted back.
 * Valid UTF-8 is RFC 3629's: no overlong forms, no surrogates, nothing past
 * U+10FFFF.
 */
#ifndef GBR_TEXT_ENCODING_H
#define GBR_TEXT_ENCODING_H

#include <stddef.h>

typedef enum text_encoding {
    TEXT_ENCODING_AUTO,
    TEXT_ENCODING_UTF8,
    TEXT_ENCODING_LATIN1,
    TEXT_ENCODING_CP1252
} text_encoding;

/* "auto", "utf-8", "latin-1" or "cp1252" (the --encoding values); 0 and
 * *out set, or -1. */
int text_encoding_parse(const char *name, text_encoding *out);

/* A value's UTF-8 is at most this many times its length. */
#define TEXT_ENCODING_GROWTH 3

/* Whether s[0, len) is valid UTF-8. */
int text_encoding_is_utf8(const char *s, size_t len);

/* The UTF-8 of s[0, len) read as e, written to out (room for
 * TEXT_ENCODING_GROWTH * len bytes): returns its length, or (size_t)-1 when
 * the value is kept as it is (nothing written: out is not needed, the value
 * is its own UTF-8). */
#define TEXT_ENCODING_KEPT ((size_t)-1)
size_t text_encoding_convert(text_encoding e, const char *s, size_t len, char *out);

/* What the count on standard error says converted values were: "converted
 * from Windows-1252 to UTF-8", "converted from Latin-1 to UTF-8", "with bytes that are not
 * UTF-8 (each part replaced by U+FFFD)". */
const char *text_encoding_converted_how(text_encoding e);

/* One value made UTF-8 for a writer that keeps it: *value and *len are set
 * to s itself when it is kept, else to its conversion in *buf (grown to fit
 * with util_grow; *cap its capacity, reused from value to value). Returns 1
 * when converted (for the count on standard error), 0 when kept, -1 when
 * memory ran out (*value and *len then s's own). */
int text_encoding_value(text_encoding e, const char *s, size_t len, char **buf, size_t *cap, const char **value,
                        size_t *value_len);

#endif /* GBR_TEXT_ENCODING_H */
