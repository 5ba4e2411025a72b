/*
 * conform_shrink.h - the steps `gbr conform --fuzz` shrinks a disagreeing
 * input by (docs/implementers.md, "Differential fuzzing"; a shrink keeps its
 * fault, spec/gbr.md section 13.3.3): deleting runs of bytes, then steps by
 * the structure of the GBR forms (drop a field, a group or a man; lower a
 * count; move a man towards a1; a FEN's man made an empty square), then
 * bytes made plainer. Each candidate is smaller than the input by a
 * well-founded measure (shorter, or as long and plainer), so shrinking by
 * them always ends.
 */
#ifndef GBR_CONFORM_SHRINK_H
#define GBR_CONFORM_SHRINK_H

#include <stddef.h>

#include "gen.h"

/* Writes up to cap candidates one step smaller than `in`, the biggest steps
 * first, into out; returns how many. */
size_t conform_shrink_candidates(const gen_bytes *in, gen_bytes *out, size_t cap);

/* Whether a is smaller than b by the measure: fewer bytes, or as many and a
 * lower sum of byte weights ('0' lightest, then digits and files by value,
 * other printable bytes, then bytes >= 0x80). */
int conform_shrink_smaller(const gen_bytes *a, const gen_bytes *b);

#endif /* GBR_CONFORM_SHRINK_H */
