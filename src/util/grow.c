#include "grow.h"

#include <stdint.h>
#include <stdlib.h>

void *util_grow(void *array, size_t *cap, size_t need, size_t size)
{
    if (need == 0)
        need = 1;
    if (need <= *cap)
        return array;
    size_t n = *cap ? *cap : 64;
    while (n < need) {
        if (n > SIZE_MAX / 2)
            return NULL;
        n *= 2;
    }
    if (size != 0 && n > SIZE_MAX / size)
        return NULL;
    void *bigger = realloc(array, n * size);
    if (bigger)
        *cap = n;
    return bigger;
}
