/* A collection's tag values as UTF-8: see text_encoding.h. */
#include <stdint.h>
#include <string.h>

#include "text_encoding.h"

#include "grow.h"

int text_encoding_parse(const char *name, text_encoding *out)
{
    static const struct {
        const char *name;
        text_encoding e;
    } names[] = {{"auto", TEXT_ENCODING_AUTO},
                 {"utf-8", TEXT_ENCODING_UTF8},
                 {"latin-1", TEXT_ENCODING_LATIN1},
                 {"cp1252", TEXT_ENCODING_CP1252}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i].name) == 0) {
            *out = names[i].e;
            return 0;
        }
    return -1;
}

const char *text_encoding_converted_how(text_encoding e)
{
    switch (e) {
    case TEXT_ENCODING_UTF8: return "with bytes that are not UTF-8 (each part replaced by U+FFFD)";
    case TEXT_ENCODING_LATIN1: return "converted from Latin-1 to UTF-8";
    default: return "converted from Windows-1252 to UTF-8";
    }
}

/* The length of the well-formed UTF-8 sequence at s (1 to 4 bytes), or 0
 * when there is none; then *subpart is the length of the maximal ill-formed
 * part there (at least 1): the lead byte and the continuation bytes that
 * were still possible (Unicode's table 3-7 of well-formed sequences). */
static size_t sequence_at(const unsigned char *s, size_t len, size_t *subpart)
{
    unsigned c = s[0];
    if (c < 0x80)
        return 1;
    size_t need;
    unsigned lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        need = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        need = 3;
        lo = c == 0xE0 ? 0xA0 : 0x80; /* no overlong form */
        hi = c == 0xED ? 0x9F : 0xBF; /* no surrogate */
    } else if (c >= 0xF0 && c <= 0xF4) {
        need = 4;
        lo = c == 0xF0 ? 0x90 : 0x80; /* no overlong form */
        hi = c == 0xF4 ? 0x8F : 0xBF; /* nothing past U+10FFFF */
    } else {
        *subpart = 1;
        return 0;
    }
    size_t i = 1;
    for (; i < need && i < len; i++) {
        if (s[i] < lo || s[i] > hi)
            break;
        lo = 0x80;
        hi = 0xBF;
    }
    if (i == need)
        return need;
    *subpart = i;
    return 0;
}

#define HIGHS 0x8080808080808080u

int text_encoding_is_utf8(const char *text, size_t len)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t i = 0;
    while (i < len) {
        if (len - i >= 8) { /* ASCII a word at a time: most values are */
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (!(w & HIGHS)) {
                i += 8;
                continue;
            }
        }
        if (s[i] < 0x80) {
            i++;
            continue;
        }
        size_t subpart, n = sequence_at(s + i, len - i, &subpart);
        if (!n)
            return 0;
        i += n;
    }
    return 1;
}

static int has_high_byte(const unsigned char *s, size_t len)
{
    for (size_t i = 0; i < len; i++)
        if (s[i] >= 0x80)
            return 1;
    return 0;
}

/* Windows-1252's 0x80-0x9F; the five it leaves undefined are their own C1
 * control (text_encoding.h). */
static const uint16_t cp1252_high[32] = {
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160,
    0x2039, 0x0152, 0x008D, 0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022,
    0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178};

static size_t put_code_point(char *out, unsigned cp)
{
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | cp >> 6);
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    out[0] = (char)(0xE0 | cp >> 12);
    out[1] = (char)(0x80 | (cp >> 6 & 0x3F));
    out[2] = (char)(0x80 | (cp & 0x3F));
    return 3;
}

size_t text_encoding_convert(text_encoding e, const char *text, size_t len, char *out)
{
    const unsigned char *s = (const unsigned char *)text;
    int bytewise = e == TEXT_ENCODING_LATIN1 || e == TEXT_ENCODING_CP1252;
    if (bytewise ? !has_high_byte(s, len) : text_encoding_is_utf8(text, len))
        return TEXT_ENCODING_KEPT;
    size_t n = 0;
    if (e == TEXT_ENCODING_UTF8) {
        for (size_t i = 0; i < len;) {
            size_t subpart, k = sequence_at(s + i, len - i, &subpart);
            if (k) {
                memcpy(out + n, s + i, k);
                n += k;
                i += k;
            } else {
                n += put_code_point(out + n, 0xFFFD);
                i += subpart;
            }
        }
        return n;
    }
    int cp1252 = e != TEXT_ENCODING_LATIN1; /* auto reads what is not UTF-8 as Windows-1252 */
    for (size_t i = 0; i < len; i++) {
        unsigned c = s[i];
        n += put_code_point(out + n, cp1252 && c >= 0x80 && c < 0xA0 ? cp1252_high[c - 0x80] : c);
    }
    return n;
}

int text_encoding_value(text_encoding e, const char *s, size_t len, char **buf, size_t *cap, const char **value,
                        size_t *value_len)
{
    *value = s;
    *value_len = len;
    char *bigger = util_grow(*buf, cap, len * TEXT_ENCODING_GROWTH + 1, 1);
    if (!bigger)
        return -1;
    *buf = bigger;
    size_t n = text_encoding_convert(e, s, len, bigger);
    if (n == TEXT_ENCODING_KEPT)
        return 0;
    *value = bigger;
    *value_len = n;
    return 1;
}
