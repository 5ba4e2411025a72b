/*
 * Speaks batch mode (form 1): answers the handshake, and in a session
 * never answers a request (it stops reading and waits for ever).
 *
 * usage: hostile_hang batch
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <unistd.h>

int main(void)
{
    printf("gbr-batch 1\n");
    fflush(stdout);
    int c = getchar();
    if (c == EOF)
        return 0; /* the handshake run */
    for (;;)
        pause();
}
