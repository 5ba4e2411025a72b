/*
 * check.h - the one CHECK of the library's own tests: a failed condition is
 * printed with its place and counted in `failures`, and the test goes on, so
 * one run shows every failure. Included once per test program.
 */
#ifndef GBR_LIB_TESTS_CHECK_H
#define GBR_LIB_TESTS_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(cond, ...)                                                                                               \
    do {                                                                                                               \
        if (!(cond)) {                                                                                                 \
            failures++;                                                                                                \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                                \
            printf(__VA_ARGS__);                                                                                       \
            printf("\n");                                                                                              \
        }                                                                                                              \
    } while (0)

#endif /* GBR_LIB_TESTS_CHECK_H */
