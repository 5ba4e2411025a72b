/* grow.h - the one way a gbr array grows. */
#ifndef GBR_UTIL_GROW_H
#define GBR_UTIL_GROW_H

#include <stddef.h>

/* Grows an array of `size`-byte elements to hold at least `need` of them
 * (at least one, so that NULL always means failure, even for need 0 on an
 * array not yet allocated): the array itself when *cap already holds them,
 * else the array realloc'd to a doubled capacity (*cap updated), or NULL
 * (array and *cap unchanged) when memory or size_t runs out. */
void *util_grow(void *array, size_t *cap, size_t need, size_t size);

#endif /* GBR_UTIL_GROW_H */
