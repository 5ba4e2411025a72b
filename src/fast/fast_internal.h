/* Private to the optimised codec: shared inline helpers over the generated
 * tables. Nothing here is visible outside src/fast. */
#ifndef GBR_FAST_INTERNAL_H
#define GBR_FAST_INTERNAL_H
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "gbr.h"
#include "fast_tables.h"

#define FAST_PRIVATE __attribute__((visibility("hidden")))

static inline gbr_result fast_error(gbr_error e, size_t column)
{
    gbr_result r = {e, (uint32_t)column, 0};
    return r;
}

static inline gbr_result fast_ok(size_t length)
{
    gbr_result r = {GBR_OK, 0, length};
    return r;
}

/* Bad (src, len) pair, or no place for the result. */
static inline int fast_bad_input(const void *src, size_t len, const void *out)
{
    return (src == NULL && len != 0) || out == NULL;
}

/* dst == NULL is allowed only with cap == 0 (a size query). */
static inline int fast_bad_output(const void *dst, size_t cap) { return dst == NULL && cap != 0; }

/* §2.4: whether a material code with these digits and pawns can exist. */
static inline int fast_material_possible(const uint8_t digit[4], unsigned white_pawns, unsigned black_pawns)
{
    unsigned cls = (unsigned)fast_queen_class[digit[0]] + fast_nine_weight[digit[1]] + fast_nine_weight[digit[2]] +
                   fast_nine_weight[digit[3]];
    return (fast_pawns_allowed[cls][white_pawns] >> black_pawns) & 1u;
}

/* Whether a gbr_material holds digits 0-9 and pawns 0-8. */
static inline int fast_material_in_range(const gbr_material *m)
{
    return (m->digit[0] | m->digit[1] | m->digit[2] | m->digit[3]) < 16 && m->digit[0] <= 9 && m->digit[1] <= 9 &&
           m->digit[2] <= 9 && m->digit[3] <= 9 && m->pawns[0] <= 8 && m->pawns[1] <= 8;
}

/* An in-range material that §2.4 allows: what a parser can produce. */
static inline int fast_material_valid(const gbr_material *m)
{
    return fast_material_in_range(m) && fast_material_possible(m->digit, m->pawns[0], m->pawns[1]);
}

/* Promoted pieces of one side's exact counts (types Q..N; pawns ignored). */
static inline unsigned fast_side_promoted(const unsigned count[5])
{
    return (unsigned)fast_promoted[0][count[0]] + fast_promoted[1][count[1]] + fast_promoted[2][count[2]] +
           fast_promoted[3][count[3]];
}

/* The material number abcdef of §8. */
static inline uint32_t fast_material_number(const gbr_material *m)
{
    return (uint32_t)m->digit[0] * 100000u + (uint32_t)m->digit[1] * 10000u + (uint32_t)m->digit[2] * 1000u +
           (uint32_t)m->digit[3] * 100u + (uint32_t)m->pawns[0] * 10u + m->pawns[1];
}

/* Writes "abcd.ef" (7 bytes) for an in-range material. */
static inline void fast_put_material(char *dst, const gbr_material *m)
{
    dst[0] = (char)('0' + m->digit[0]);
    dst[1] = (char)('0' + m->digit[1]);
    dst[2] = (char)('0' + m->digit[2]);
    dst[3] = (char)('0' + m->digit[3]);
    dst[4] = '.';
    dst[5] = (char)('0' + m->pawns[0]);
    dst[6] = (char)('0' + m->pawns[1]);
}

/* Exact counts checked the way material_from_counts does: argument (a piece
 * count above 10, queens above 9), then too-many-pawns, then promotions,
 * White before Black. GBR_OK when the counts can exist. */
FAST_PRIVATE gbr_error fast_check_counts(const gbr_counts *c);
/* Material code of counts that passed fast_check_counts. */
FAST_PRIVATE void fast_material_of_counts(const gbr_counts *c, gbr_material *out);

/* A board as occupancy masks: man[code] has bit sq set for each square
 * holding board code `code` (0-15). */
typedef struct fast_board_masks {
    uint64_t man[16];
} fast_board_masks;

FAST_PRIVATE void fast_scan_board(const gbr_position *p, fast_board_masks *out);
/* GBR_OK when the board is one a parser could produce: codes in range, one
 * king a side, no pawn on rank 1 or 8, at most 8 pawns a side, §1's
 * promotion rule; counts receives the exact counts. */
FAST_PRIVATE gbr_error fast_check_board(const gbr_position *p, const fast_board_masks *b, gbr_counts *counts);

FAST_PRIVATE gbr_result fast_parse_material(const char *src, size_t len, gbr_material *out);
FAST_PRIVATE gbr_result fast_format_material(char *dst, size_t cap, const gbr_material *m);
FAST_PRIVATE gbr_result fast_material_from_counts(const gbr_counts *c, gbr_material *out);
FAST_PRIVATE int fast_material_split(const gbr_material *m, int type, uint8_t *white, uint8_t *black);
FAST_PRIVATE uint32_t fast_material_key(const gbr_material *m);
FAST_PRIVATE gbr_result fast_parse_name(const char *src, size_t len, gbr_counts *out);
FAST_PRIVATE gbr_result fast_format_name(char *dst, size_t cap, const gbr_counts *c);
FAST_PRIVATE gbr_result fast_parse_study(const char *src, size_t len, gbr_study *out);
FAST_PRIVATE gbr_result fast_format_study(char *dst, size_t cap, const gbr_study *s);
FAST_PRIVATE uint64_t fast_study_key(const gbr_study *s);
FAST_PRIVATE gbr_result fast_parse_position(const char *src, size_t len, gbr_position *out);
FAST_PRIVATE gbr_result fast_format_position(char *dst, size_t cap, const gbr_position *p);
FAST_PRIVATE void fast_position_key(const gbr_position *p, gbr_position_key *out);
FAST_PRIVATE gbr_result fast_parse_fen(const char *src, size_t len, gbr_position *out);
FAST_PRIVATE gbr_result fast_format_fen(char *dst, size_t cap, const gbr_position *p);

#endif
