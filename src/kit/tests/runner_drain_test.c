/*
 * The drain after a batch program's exit, made deterministic with the
 * runner's test hook: hostile_drain grows the runner's line buffer with a
 * long answer, exits leaving a child holding its output, and that child
 * writes one byte exactly when the runner reads the output of the exited
 * program (the hook releases it and waits until it has written). The next
 * start's long answer must then be read whole into a buffer that holds it
 * (a drain that shrank the buffer behind its recorded capacity overflowed
 * it here: SIGSEGV, or heap-buffer-overflow under ASan).
 *
 * usage: runner_drain_test HOSTILE_DRAIN WORK_DIR
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conform_batch.h"
#include "conform_process.h"

static char dir[4096];
static int released;

static void hook(const char *event)
{
    if (strcmp(event, "exited") != 0 || released)
        return;
    released = 1;
    char go[4200], done[4200], byte = 'g';
    snprintf(go, sizeof go, "%s/go", dir);
    snprintf(done, sizeof done, "%s/done", dir);
    int fd = open(go, O_WRONLY);
    if (fd < 0 || write(fd, &byte, 1) != 1)
        exit(1);
    close(fd);
    fd = open(done, O_RDONLY);
    if (fd < 0 || read(fd, &byte, 1) != 1)
        exit(1);
    close(fd);
}

static size_t lengths[3];
static int no_answer[3];

static void each(void *context, size_t index, conform_outcome *o)
{
    (void)context;
    lengths[index] = o->out_len;
    no_answer[index] = o->no_answer;
    conform_outcome_clear(o);
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    snprintf(dir, sizeof dir, "%s", argv[2]);
    char path[4200];
    const char *names[] = {"starts", "go", "done"};
    mkdir(dir, 0777);
    for (int i = 0; i < 3; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        unlink(path);
        if (i > 0 && mkfifo(path, 0600) != 0)
            return 2;
    }
    conform_children_guard();
    conform_session_test_hook = hook;
    char *program[] = {argv[1], dir};
    conform_session *s = conform_session_new(program, 2, 1, 20);
    conform_request requests[3] = {{"material", "1", 1}, {"material", "2", 1}, {"material", "3", 1}};
    conform_ask_result result;
    conform_session_ask(s, requests, 3, 0, each, NULL, &result);
    unsigned long starts = conform_session_starts(s);
    conform_session_free(s);
    int ok = released && result.answered == 3 && !result.desync && lengths[0] == 200000 && no_answer[1] &&
             lengths[2] == 900000 && starts == 2;
    printf("drained after exit: %s; answers of %zu, %zu and %zu bytes (the second: %s), %lu starts, %s\n",
           released ? "yes" : "no", lengths[0], lengths[1], lengths[2], no_answer[1] ? "no answer" : "answered",
           starts, result.desync ? "out of step" : "in step");
    printf("%s\n", ok ? "drain test passed" : "drain test FAILED");
    return ok ? 0 : 1;
}
