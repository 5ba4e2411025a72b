/* The optimised codec's one build switch: which machine-specific paths it
 * compiles. Every file of src/fast decides through these two constants, never
 * through the compiler's macros directly, so that a portable build
 * (-DGBR_PORTABLE, the CMake option GBR_PORTABLE) takes the generic path of
 * every function and the test fast_paths can see which paths were built.
 * FAST_SSE2 decides, at file level only, whether a form's file includes its
 * fast_<form>_sse2.h or defines the portable function of the same name;
 * FAST_LITTLE_ENDIAN is read only by fast_load32/fast_load64/fast_store. */
#ifndef GBR_FAST_CONFIG_H
#define GBR_FAST_CONFIG_H

/* 1: SSE2 intrinsics (x86-64 always has them, and is little-endian); 0: the
 * generic paths. */
#if defined(__SSE2__) && !defined(GBR_PORTABLE)
#define FAST_SSE2 1
#else
#define FAST_SSE2 0
#endif

/* 1: eight bytes are read as one little-endian 64-bit word (memcpy into a
 * uint64_t); 0: the byte-order-independent path, which assembles words byte
 * by byte (or works a byte at a time) and is right on any machine. */
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
