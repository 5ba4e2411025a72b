/*
 * Batch mode (form 1), every answer wrong and huge: for each request line,
 * 1 MiB of standard error, then an answer line of 1 MiB. The runner keeps
 * at most 1 MiB of each a case, and must not keep them for many cases.
 *
 * usage: hostile_flood batch
 */
#include <stdio.h>
#include <string.h>

static char block[1 << 20];

int main(void)
{
    printf("gbr-batch 1\n");
    fflush(stdout);
    char request[4096];
    while (fgets(request, sizeof request, stdin)) {
        memset(block, 'e', sizeof block);
        fwrite(block, 1, sizeof block, stderr);
        memset(block, 'x', sizeof block);
        fwrite(block, 1, sizeof block, stdout);
        fputc('\n', stdout);
        fflush(stdout);
    }
    return 0;
}
