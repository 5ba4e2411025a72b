/* The bandwidth ceiling for `gbr scan`: read a file the way the scanner does
 * (read(2) into one fixed buffer) and memchr each buffer for a byte that does
 * not occur. Prints the bytes read; time it from outside.
 * usage: memchr_ceiling FILE [BUFFER_BYTES] */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    size_t size = argc > 2 ? (size_t)strtoull(argv[2], NULL, 10) : (size_t)1 << 18;
    char *buf = malloc(size);
    int fd = open(argv[1], O_RDONLY);
    if (!buf || fd < 0)
        return 1;
    unsigned long long total = 0, found = 0;
    ssize_t got;
    while ((got = read(fd, buf, size)) > 0) {
        total += (unsigned long long)got;
        if (memchr(buf, '\x01', (size_t)got))
            found++;
    }
    printf("%llu bytes, %llu buffers with the byte\n", total, found);
    return 0;
}
