/* Ceilings for a PGN reader on a file, beside memchr_ceiling.c's for gbr scan:
 * read(2) into one 64 KiB buffer (as the reader does) and
 *   classify - compare every byte with the 11 bytes movetext stops at in the
 *              PGN reader ("\n{;[()$*%-/"), 16 at a time with SSE2, and count
 *              the stops (a reader must at least look at every byte so);
 *   stops    - the same, then visit each stop found (the reader's least work
 *              per stop: a branch and a bit scan);
 *   newlines - memchr from newline to newline (what a line reader pays).
 * Prints the bytes and the count; time it from outside.
 * usage: classify_ceiling classify|stops|newlines FILE */
#define _POSIX_C_SOURCE 200809L
#include <emmintrin.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* As src/pgn/pgn_reader.c's movetext_stop_mask(), written out the same way. */
#define STOPS "\n{;[()$*%-/"
#define HIT(k) _mm_cmpeq_epi8(v, _mm_set1_epi8(STOPS[k]))
static unsigned stop_mask(const char *p)
{
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i hits = _mm_or_si128(_mm_or_si128(_mm_or_si128(HIT(0), HIT(1)), _mm_or_si128(HIT(2), HIT(3))),
                                _mm_or_si128(_mm_or_si128(HIT(4), HIT(5)), _mm_or_si128(HIT(6), HIT(7))));
    hits = _mm_or_si128(hits, _mm_or_si128(HIT(8), _mm_or_si128(HIT(9), HIT(10))));
    return (unsigned)_mm_movemask_epi8(hits);
}

int main(int argc, char **argv)
{
    static char buf[1 << 16];
    if (argc != 3)
        return 2;
    int fd = open(argv[2], O_RDONLY);
    if (fd < 0)
        return 1;
    unsigned long long total = 0, count = 0;
    ssize_t got;
    while ((got = read(fd, buf, sizeof buf)) > 0) {
        size_t n = (size_t)got, i = 0;
        total += n;
        if (strcmp(argv[1], "newlines") == 0) {
            for (const char *p = buf, *end = buf + n; (p = memchr(p, '\n', (size_t)(end - p))) != NULL; p++)
                count++;
            continue;
        }
        for (; n - i >= 16; i += 16) {
            unsigned mask = stop_mask(buf + i);
            if (argv[1][0] == 's')
                for (; mask; mask &= mask - 1)
                    count += (unsigned)__builtin_ctz(mask) + 1;
            else
                count += (unsigned)__builtin_popcount(mask);
        }
    }
    printf("%llu bytes, %llu\n", total, count);
    return 0;
}
