/* input_progress.c - the progress line (input_progress.h). */
#define _POSIX_C_SOURCE 200809L

#include "input_progress.h"

#include <stdio.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "output.h"

static int wanted = -1; /* -1: not decided yet, standard error is asked */

void input_progress_enable(int on) { wanted = on; }

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

void input_progress_begin(input_progress *p, int fd, const char *source)
{
    if (wanted < 0)
        wanted = isatty(STDERR_FILENO);
    p->on = wanted;
    p->source = source;
    p->size = 0;
    p->drawn = 0;
    if (!p->on)
        return;
    struct stat st;
    off_t at;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (at = lseek(fd, 0, SEEK_CUR)) >= 0 && st.st_size > at)
        p->size = (uint64_t)(st.st_size - at);
    p->start = p->shown = now();
}

void input_progress_update(input_progress *p, uint64_t raw, uint64_t decoded, unsigned long games)
{
    if (!p->on)
        return;
    double t = now();
    if (t - p->shown < INPUT_PROGRESS_INTERVAL)
        return;
    p->shown = t;
    double elapsed = t - p->start;
    double rate = elapsed > 0 ? (double)games / elapsed : 0;
    char left[40] = "";
    if (p->size && raw > 0 && raw <= p->size) {
        double seconds = elapsed * (double)(p->size - raw) / (double)raw;
        unsigned long s = (unsigned long)(seconds + 0.5);
        snprintf(left, sizeof left, ", %lu:%02lu:%02lu left", s / 3600, s / 60 % 60, s % 60);
    }
    char decoded_text[40] = "";
    if (decoded != raw)
        snprintf(decoded_text, sizeof decoded_text, " (%.1f MB decoded)", (double)decoded / 1e6);
    /* Redrawn in place; a report written after it erases it first. */
    util_status("%s: %.1f MB read%s, %lu games, %.0f games/s%s", p->source, (double)raw / 1e6, decoded_text, games,
                rate, left);
    p->drawn = 1;
}

void input_progress_end(input_progress *p)
{
    if (p->on && p->drawn)
        util_status_clear();
    p->drawn = 0;
}
