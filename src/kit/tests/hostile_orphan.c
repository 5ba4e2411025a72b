/*
 * Never answers: starts a child in its own process group, writes
 * "PID CHILD_PID" to the file FILE (whole, by a rename), and both wait for
 * ever. A runner ended by a signal must end them both.
 *
 * usage: hostile_orphan FILE OPERATION
 */
#define _POSIX_C_SOURCE 200809L
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    pid_t child = fork();
    if (child == 0) {
        for (;;)
            pause();
    }
    char temporary[4200];
    snprintf(temporary, sizeof temporary, "%s.tmp", argv[1]);
    FILE *f = fopen(temporary, "w");
    if (!f)
        return 2;
    fprintf(f, "%ld %ld\n", (long)getpid(), (long)child);
    fclose(f);
    rename(temporary, argv[1]);
    for (;;)
        pause();
}
