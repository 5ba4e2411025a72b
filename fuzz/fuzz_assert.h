/*
 * Always-on assertions for the fuzz harnesses: unlike assert(), they do not
 * vanish under NDEBUG, so every build type (replay, libFuzzer, AFL++, MSan)
 * checks the same properties. A failure prints file, line, the condition and
 * a message, then the input being run, and aborts so every engine records it.
 */
#ifndef GBR_FUZZ_ASSERT_H
#define GBR_FUZZ_ASSERT_H

#include <stddef.h>

#if defined(__GNUC__) || defined(__clang__)
#define FUZZ_PRINTF_LIKE(fmt, first) __attribute__((format(printf, fmt, first)))
#define FUZZ_NORETURN __attribute__((noreturn))
#else
#define FUZZ_PRINTF_LIKE(fmt, first)
#define FUZZ_NORETURN
#endif

/* Records the text under test so a failure can print it (escaped). */
void fuzz_note_input(const char *text, size_t len);

FUZZ_NORETURN void fuzz_fail(const char *file, int line, const char *condition, const char *format, ...)
    FUZZ_PRINTF_LIKE(4, 5);

/* FUZZ_ASSERT(condition, printf-format, args...) */
#define FUZZ_ASSERT(condition, ...)                                        \
    do {                                                                   \
        if (!(condition))                                                  \
            fuzz_fail(__FILE__, __LINE__, #condition, __VA_ARGS__);        \
    } while (0)

#endif
