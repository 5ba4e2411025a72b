/*
 * A batch-mode program (form 1) for the drain test (runner_drain_test.c):
 * its first start answers request 1 with a 200,000-byte line, then, on
 * request 2, leaves a child holding its standard output and exits without
 * answering; the child writes one byte when the runner's test hook says the
 * runner is about to read the output of an exited program (FIFO DIR/go) and
 * says it has (FIFO DIR/done). The second start answers the next request
 * with a 900,000-byte line. The check requests get their known answers.
 *
 * usage: hostile_drain DIR batch
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void answer_x(size_t n)
{
    char *line = malloc(n + 1);
    memset(line, 'x', n);
    line[n] = '\n';
    fwrite(line, 1, n + 1, stdout);
    fflush(stdout);
    free(line);
}

int main(int argc, char **argv)
{
    if (argc != 3 || strcmp(argv[2], "batch") != 0)
        return 2;
    char path[4096];
    snprintf(path, sizeof path, "%s/starts", argv[1]);
    int starts = 0;
    FILE *f = fopen(path, "r");
    if (f) {
        if (fscanf(f, "%d", &starts) != 1)
            starts = 0;
        fclose(f);
    }
    f = fopen(path, "w");
    fprintf(f, "%d\n", ++starts);
    fclose(f);
    printf("gbr-batch 1\n");
    fflush(stdout);
    char request[4096];
    int n = 0;
    while (fgets(request, sizeof request, stdin)) {
        if (strcmp(request, "material\t0000\n") == 0) {
            printf("0000.00\n");
            fflush(stdout);
        } else if (strcmp(request, "material\t\n") == 0) {
            printf("error empty 1\n");
            fflush(stdout);
        } else if (starts == 1 && ++n == 1) {
            answer_x(200000);
        } else if (starts == 1) {
            if (fork() == 0) {
                close(2);
                char go[4096], done[4096], byte;
                snprintf(go, sizeof go, "%s/go", argv[1]);
                snprintf(done, sizeof done, "%s/done", argv[1]);
                int fd = open(go, O_RDONLY);
                if (read(fd, &byte, 1) != 1)
                    _exit(1);
                if (write(1, "y", 1) != 1)
                    _exit(1);
                fd = open(done, O_WRONLY);
                if (write(fd, "d", 1) != 1)
                    _exit(1);
                pause();
                _exit(0);
            }
            _exit(0);
        } else {
            answer_x(900000);
        }
    }
    return 0;
}
