/*
 * Private to libgbr (src/lib, src/ref, src/fast): the layout of a codec, a
 * table of functions, and the tables each implementation defines. gbr.h
 * declares gbr_codec opaque and one free function per entry
 * (src/lib/codecs.c), whose comments there are each entry's contract; the
 * layout stays here so an entry can be added without changing the ABI.
 */
#ifndef GBR_CODECS_INTERNAL_H
#define GBR_CODECS_INTERNAL_H
#include "gbr.h"

/* Every entry has its free function's signature, the codec first: the
 * free function then reaches the entry with every argument already in its
 * register (a compare and a jump, codecs.c). Entries ignore the codec; a
 * call from inside a codec passes NULL. */
struct gbr_codec {
    const char *name; /* "ref" or "fast" */

    gbr_result (*parse_material)(const gbr_codec *codec, const char *src, size_t len, gbr_material *out);
    gbr_result (*format_material)(const gbr_codec *codec, char *dst, size_t cap, const gbr_material *m);
    gbr_result (*parse_study)(const gbr_codec *codec, const char *src, size_t len, gbr_study *out);
    gbr_result (*format_study)(const gbr_codec *codec, char *dst, size_t cap, const gbr_study *s);
    gbr_result (*parse_position)(const gbr_codec *codec, const char *src, size_t len, gbr_position *out);
    gbr_result (*format_position)(const gbr_codec *codec, char *dst, size_t cap, const gbr_position *p);
    gbr_result (*parse_fen)(const gbr_codec *codec, const char *src, size_t len, gbr_position *out);
    gbr_result (*format_fen)(const gbr_codec *codec, char *dst, size_t cap, const gbr_position *p);
    gbr_result (*parse_name)(const gbr_codec *codec, const char *src, size_t len, gbr_counts *out);
    gbr_result (*format_name)(const gbr_codec *codec, char *dst, size_t cap, const gbr_counts *c);

    gbr_result (*material_from_counts)(const gbr_codec *codec, const gbr_counts *c, gbr_material *out);
    int (*material_split)(const gbr_codec *codec, const gbr_material *m, int type, uint8_t *white, uint8_t *black);

    /* gbr_material_key_of, gbr_study_key_of, gbr_position_key_of */
    uint32_t (*material_key)(const gbr_codec *codec, const gbr_material *m);
    uint64_t (*study_key)(const gbr_codec *codec, const gbr_study *s);
    void (*position_key)(const gbr_codec *codec, const gbr_position *p, gbr_position_key *out);

    /* Optional fused conversions (NULL when a codec does not provide them).
     * gbr_fen_to_position and gbr_position_to_fen call an entry that is
     * present instead of composing parse and format; it must return exactly
     * what the composition returns (output bytes, length, error class and
     * column, buffer-too-small and argument errors alike), so a codec may
     * implement it directly without building the intermediate struct. The
     * reference codec leaves them NULL: its answer is the composition. They
     * have no free functions of their own: those two operations are theirs. */
    gbr_result (*fen_to_position)(const gbr_codec *codec, char *dst, size_t cap, const char *src, size_t len,
                                  gbr_result_option result);
    gbr_result (*position_to_fen)(const gbr_codec *codec, char *dst, size_t cap, const char *src, size_t len);

    /* Column entries (gbr_parse_material_column and its kind); both codecs
     * implement them. */
    size_t (*parse_material_column)(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                    gbr_material *out, gbr_result *results);
    size_t (*parse_study_column)(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                 gbr_study *out, gbr_result *results);
    size_t (*material_from_counts_column)(const gbr_codec *codec, const gbr_counts *counts, size_t n, gbr_material *out,
                                          gbr_result *results);
};

extern const gbr_codec gbr_ref_codec;
extern const gbr_codec gbr_fast_codec;

/* The default codec's entries (src/fast), which the free functions call
 * directly for NULL and for gbr_codec_fast(): a direct jump where the table
 * costs a second indirect one. Through the table, the free function layer
 * cost the optimised codec about 8% on material code parse (283 -> 260 M
 * codes/s); with the direct jump it is within the noise
 * (docs/performance.md, "Codecs"). Measured again with the entries' present signature
 * (2026-11-26, alternating runs): through the table for gbr_codec_fast(),
 * material code parse 390 -> 297 M codes/s and counts 435 -> 324 M, although
 * callgrind counts 3 instructions fewer. fast_codec.c includes these and its
 * own declarations, so the compiler holds them to each other. */
#if defined(__GNUC__)
#define GBR_LIBRARY_PRIVATE __attribute__((visibility("hidden")))
#else
#define GBR_LIBRARY_PRIVATE
#endif
/* One pass over p->board for gbr_position_counts and the query subject of a
 * position (query.c): *counts gets the men other than kings, kings[colour]
 * the square of that side's king (the last in square order; -1 for none).
 * Returns 0, or -1 for a byte that is not GBR_EMPTY or a man's code, leaving
 * *counts and kings untouched. */
GBR_LIBRARY_PRIVATE int gbr_board_men(const gbr_position *p, gbr_counts *counts, int kings[2]);
GBR_LIBRARY_PRIVATE gbr_result fast_parse_material(const gbr_codec *codec, const char *src, size_t len,
                                                   gbr_material *out);
GBR_LIBRARY_PRIVATE gbr_result fast_format_material(const gbr_codec *codec, char *dst, size_t cap,
                                                    const gbr_material *m);
GBR_LIBRARY_PRIVATE gbr_result fast_parse_study(const gbr_codec *codec, const char *src, size_t len, gbr_study *out);
GBR_LIBRARY_PRIVATE gbr_result fast_format_study(const gbr_codec *codec, char *dst, size_t cap, const gbr_study *s);
GBR_LIBRARY_PRIVATE gbr_result fast_parse_position(const gbr_codec *codec, const char *src, size_t len,
                                                   gbr_position *out);
GBR_LIBRARY_PRIVATE gbr_result fast_format_position(const gbr_codec *codec, char *dst, size_t cap,
                                                    const gbr_position *p);
GBR_LIBRARY_PRIVATE gbr_result fast_parse_fen(const gbr_codec *codec, const char *src, size_t len, gbr_position *out);
GBR_LIBRARY_PRIVATE gbr_result fast_format_fen(const gbr_codec *codec, char *dst, size_t cap, const gbr_position *p);
GBR_LIBRARY_PRIVATE gbr_result fast_parse_name(const gbr_codec *codec, const char *src, size_t len, gbr_counts *out);
GBR_LIBRARY_PRIVATE gbr_result fast_format_name(const gbr_codec *codec, char *dst, size_t cap, const gbr_counts *c);
GBR_LIBRARY_PRIVATE gbr_result fast_material_from_counts(const gbr_codec *codec, const gbr_counts *c,
                                                         gbr_material *out);
GBR_LIBRARY_PRIVATE int fast_material_split(const gbr_codec *codec, const gbr_material *m, int type, uint8_t *white,
                                            uint8_t *black);
GBR_LIBRARY_PRIVATE uint32_t fast_material_key(const gbr_codec *codec, const gbr_material *m);
GBR_LIBRARY_PRIVATE uint64_t fast_study_key(const gbr_codec *codec, const gbr_study *s);
GBR_LIBRARY_PRIVATE void fast_position_key(const gbr_codec *codec, const gbr_position *p, gbr_position_key *out);
GBR_LIBRARY_PRIVATE size_t fast_parse_material_column(const gbr_codec *codec, const char *text, const size_t *offsets,
                                                      size_t n, gbr_material *out, gbr_result *results);
GBR_LIBRARY_PRIVATE size_t fast_parse_study_column(const gbr_codec *codec, const char *text, const size_t *offsets,
                                                   size_t n, gbr_study *out, gbr_result *results);
GBR_LIBRARY_PRIVATE size_t fast_material_from_counts_column(const gbr_codec *codec, const gbr_counts *counts, size_t n,
                                                            gbr_material *out, gbr_result *results);

#endif
