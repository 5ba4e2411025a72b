/* Which machine-specific paths the optimised codec in libgbr was built with
 * (gbr_fast_paths, set from src/fast/fast_config.h when the library was
 * compiled). "portable": none, so a GBR_PORTABLE build really runs the
 * generic code. "native": exactly those the compiler offers (on x86-64,
 * SSE2 and little-endian word loads), so the fast paths are not switched off
 * by accident in the normal build either. */
#include <stdio.h>
#include <string.h>

#include "fast_config.h"

static unsigned native_paths(void)
{
    unsigned paths = 0;
#if defined(__SSE2__)
    paths |= FAST_PATH_SSE2;
#endif
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    paths |= FAST_PATH_LITTLE_ENDIAN;
#endif
    return paths;
}

int main(int argc, char **argv)
{
    if (argc != 2 || (strcmp(argv[1], "portable") != 0 && strcmp(argv[1], "native") != 0)) {
        fprintf(stderr, "usage: fast_paths portable|native\n");
        return 2;
    }
    unsigned expected = strcmp(argv[1], "portable") == 0 ? 0u : native_paths();
#if defined(__x86_64__)
    if (expected != 0 && expected != (FAST_PATH_SSE2 | FAST_PATH_LITTLE_ENDIAN)) {
        fprintf(stderr, "fast_paths: an x86-64 compiler without SSE2 or little-endian order (%u)\n", expected);
        return 1;
    }
#endif
    printf("fast_paths: built with sse2=%u little-endian=%u; %s build expects sse2=%u little-endian=%u\n",
           (gbr_fast_paths & FAST_PATH_SSE2) ? 1u : 0u, (gbr_fast_paths & FAST_PATH_LITTLE_ENDIAN) ? 1u : 0u, argv[1],
           (expected & FAST_PATH_SSE2) ? 1u : 0u, (expected & FAST_PATH_LITTLE_ENDIAN) ? 1u : 0u);
    return gbr_fast_paths == expected ? 0 : 1;
}
