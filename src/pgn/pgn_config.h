/* The PGN reader's one build switch for machine-specific paths, as
 * src/fast/fast_config.h is the optimised codec's: every file of src/pgn
 * decides through this constant, never through the compiler's macros, so that
 * a portable build (-DGBR_PORTABLE, the CMake option GBR_PORTABLE) takes the
 * generic path everywhere and a test can see which path was built. */
#ifndef GBR_PGN_CONFIG_H
#define GBR_PGN_CONFIG_H

/* 1: SSE2 intrinsics (x86-64 always has them); 0: the generic byte loops. */
#if defined(__SSE2__) && !defined(GBR_PORTABLE)
#define PGN_SSE2 1
#else
#define PGN_SSE2 0
#endif

#endif
