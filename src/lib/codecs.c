/* The codec registry (which implementations exist and which is the default)
 * and the public free functions, one per entry of the codec table: each
 * calls the entry of the codec it is given, NULL meaning the default, so a
 * caller never sees the table's layout (codecs_internal.h). */
#include <string.h>

#include "gbr.h"
#include "codecs_internal.h"

/* The default codec, written once: its table, and its entries' prefix.
 * ENTRY(c, entry, args) is a direct jump to the default codec's entry for
 * that codec and for NULL, a jump through the table for any other (see
 * codecs_internal.h for what the direct jump saves); the entry takes the
 * free function's own arguments, so none is moved. The table is compared
 * first: it is what gbr_codec_default(), gbr_codec_fast() and the command
 * pass (a compare and a jump, 4 instructions; NULL 6, another codec 6). */
#define DEFAULT_TABLE gbr_fast_codec
#define DEFAULT_ENTRY(entry) fast_##entry
#define ENTRY(c, entry, ...)                                                                                           \
    ((c) == &DEFAULT_TABLE || (c) == NULL ? DEFAULT_ENTRY(entry)(c, __VA_ARGS__) : (c)->entry(c, __VA_ARGS__))

static const gbr_codec *codec_or_default(const gbr_codec *c) { return c ? c : &DEFAULT_TABLE; }

const gbr_codec *gbr_codec_ref(void) { return &gbr_ref_codec; }

/* Both codecs are always built: a caller (or a differential check) that asks
 * for the optimised codec gets it, never the reference in its place. */
const gbr_codec *gbr_codec_fast(void) { return &gbr_fast_codec; }

const gbr_codec *gbr_codec_default(void) { return codec_or_default(NULL); }

const gbr_codec *gbr_codec_by_name(const char *name)
{
    if (!name)
        return NULL;
    if (strcmp(name, "ref") == 0)
        return gbr_codec_ref();
    if (strcmp(name, "fast") == 0)
        return gbr_codec_fast();
    return NULL;
}

const char *gbr_codec_name(const gbr_codec *c) { return codec_or_default(c)->name; }

gbr_result gbr_parse_material(const gbr_codec *c, const char *src, size_t len, gbr_material *out)
{
    return ENTRY(c, parse_material, src, len, out);
}

gbr_result gbr_format_material(const gbr_codec *c, char *dst, size_t cap, const gbr_material *m)
{
    return ENTRY(c, format_material, dst, cap, m);
}

gbr_result gbr_parse_study(const gbr_codec *c, const char *src, size_t len, gbr_study *out)
{
    return ENTRY(c, parse_study, src, len, out);
}

gbr_result gbr_format_study(const gbr_codec *c, char *dst, size_t cap, const gbr_study *s)
{
    return ENTRY(c, format_study, dst, cap, s);
}

gbr_result gbr_parse_position(const gbr_codec *c, const char *src, size_t len, gbr_position *out)
{
    return ENTRY(c, parse_position, src, len, out);
}

gbr_result gbr_format_position(const gbr_codec *c, char *dst, size_t cap, const gbr_position *p)
{
    return ENTRY(c, format_position, dst, cap, p);
}

gbr_result gbr_parse_fen(const gbr_codec *c, const char *src, size_t len, gbr_position *out)
{
    return ENTRY(c, parse_fen, src, len, out);
}

gbr_result gbr_format_fen(const gbr_codec *c, char *dst, size_t cap, const gbr_position *p)
{
    return ENTRY(c, format_fen, dst, cap, p);
}

gbr_result gbr_parse_name(const gbr_codec *c, const char *src, size_t len, gbr_counts *out)
{
    return ENTRY(c, parse_name, src, len, out);
}

gbr_result gbr_format_name(const gbr_codec *c, char *dst, size_t cap, const gbr_counts *counts)
{
    return ENTRY(c, format_name, dst, cap, counts);
}

gbr_result gbr_material_from_counts(const gbr_codec *c, const gbr_counts *counts, gbr_material *out)
{
    return ENTRY(c, material_from_counts, counts, out);
}

int gbr_material_split(const gbr_codec *c, const gbr_material *m, int type, uint8_t *white, uint8_t *black)
{
    return ENTRY(c, material_split, m, type, white, black);
}

uint32_t gbr_material_key_of(const gbr_codec *c, const gbr_material *m)
{
    return ENTRY(c, material_key, m);
}

uint64_t gbr_study_key_of(const gbr_codec *c, const gbr_study *s) { return ENTRY(c, study_key, s); }

void gbr_position_key_of(const gbr_codec *c, const gbr_position *p, gbr_position_key *out)
{
    if (c == &DEFAULT_TABLE || c == NULL)
        DEFAULT_ENTRY(position_key)(c, p, out);
    else
        c->position_key(c, p, out);
}

size_t gbr_parse_material_column(const gbr_codec *c, const char *text, const size_t *offsets, size_t n,
                                 gbr_material *out, gbr_result *results)
{
    return ENTRY(c, parse_material_column, text, offsets, n, out, results);
}

size_t gbr_parse_study_column(const gbr_codec *c, const char *text, const size_t *offsets, size_t n, gbr_study *out,
                              gbr_result *results)
{
    return ENTRY(c, parse_study_column, text, offsets, n, out, results);
}

size_t gbr_material_from_counts_column(const gbr_codec *c, const gbr_counts *counts, size_t n, gbr_material *out,
                                       gbr_result *results)
{
    return ENTRY(c, material_from_counts_column, counts, n, out, results);
}
