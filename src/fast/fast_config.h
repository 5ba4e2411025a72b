/* The optimised codec's one build switch: src/fast decides through these
 * constants only, never the compiler's macros, so that a portable build
 * (GBR_PORTABLE) takes every generic path and fast_paths can see which. */
#ifndef GBR_FAST_CONFIG_H
#define GBR_FAST_CONFIG_H

/* 1: SSE2 intrinsics (x86-64 always has them, and is little-endian); 0: the
 * generic paths. A concern's SSE2 paths live in fast_<concern>_sse2.h, which
 * fast_<concern>.c includes when FAST_SSE2 (a header so that they inline). */
#if defined(__SSE2__) && !defined(GBR_PORTABLE)
#define FAST_SSE2 1
#else
#define FAST_SSE2 0
#endif

/* 1: words are read little-endian by memcpy; 0: assembled byte by byte. */
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ &&      \
    !defined(GBR_PORTABLE)
#define FAST_LITTLE_ENDIAN 1
#else
#define FAST_LITTLE_ENDIAN 0
#endif

/* The paths the library was built with, as bits, so that a test can check
 * that a portable build really took the generic ones (src/fast/fast_codec.c). */
#define FAST_PATH_SSE2 1u
#define FAST_PATH_LITTLE_ENDIAN 2u
#define FAST_PATHS ((FAST_SSE2 ? FAST_PATH_SSE2 : 0u) | (FAST_LITTLE_ENDIAN ? FAST_PATH_LITTLE_ENDIAN : 0u))
extern const unsigned gbr_fast_paths;

#endif
