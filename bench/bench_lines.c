/*
 * gbr_bench_lines: libgbr's own rate of one FEN conversion over the lines of
 * a file, the figure bench/bench_python.sh sets the Python binding's column
 * functions against (the same inputs, the same call, no Python between).
 *
 *   gbr_bench_lines fen-material|fen-study|fen-study-win|fen-position FILE [REPS]
 *
 * Reads FILE whole (one FEN a line), then calls the conversion on every line
 * REPS times (default 5) into one output buffer and prints the median rate:
 * "OPERATION N items, median M items/s, E errors".
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gbr.h"

#define MAX_REPS 31

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int compare_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: gbr_bench_lines fen-material|fen-study|fen-study-win|fen-position FILE [REPS]\n");
        return 2;
    }
    const char *op = argv[1];
    int kind = strcmp(op, "fen-material") == 0 ? 0 : strcmp(op, "fen-study") == 0 ? 1
             : strcmp(op, "fen-study-win") == 0 ? 2 : strcmp(op, "fen-position") == 0 ? 3 : -1;
    long reps = argc == 4 ? strtol(argv[3], NULL, 10) : 5;
    if (kind < 0 || reps < 1 || reps > MAX_REPS) {
        fprintf(stderr, "gbr_bench_lines: unknown operation or repetitions outside 1-%d\n", MAX_REPS);
        return 2;
    }
    FILE *f = fopen(argv[2], "rb");
    if (f == NULL) {
        perror(argv[2]);
        return 1;
    }
    size_t cap = 1 << 20, len = 0, got;
    char *text = malloc(cap);
    while (text != NULL && (got = fread(text + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *bigger = realloc(text, cap * 2);
            if (bigger == NULL) {
                free(text);
                text = NULL;
                break;
            }
            text = bigger;
            cap *= 2;
        }
    }
    fclose(f);
    if (text == NULL) {
        fprintf(stderr, "gbr_bench_lines: out of memory\n");
        return 1;
    }
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    size_t *start = malloc((n + 1) * sizeof *start);
    size_t *end = malloc((n + 1) * sizeof *end);
    if (start == NULL || end == NULL) {
        fprintf(stderr, "gbr_bench_lines: out of memory\n");
        return 1;
    }
    size_t k = 0, from = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] == '\n') {
            start[k] = from;
            end[k] = i;
            k++;
            from = i + 1;
        }
    double rate[MAX_REPS];
    size_t errors = 0, total = 0;
    char out[GBR_POSITION_MAX] = {0};
    for (long r = 0; r < reps; r++) {
        errors = 0;
        double t0 = now();
        for (size_t i = 0; i < n; i++) {
            const char *line = text + start[i];
            size_t line_len = end[i] - start[i];
            gbr_result res = kind == 0   ? gbr_fen_to_material(NULL, out, sizeof out, line, line_len)
                             : kind == 3 ? gbr_fen_to_position(NULL, out, sizeof out, line, line_len, GBR_RESULT_NONE)
                                         : gbr_fen_to_study(NULL, out, sizeof out, line, line_len,
                                                            kind == 2 ? GBR_RESULT_WIN : GBR_RESULT_NONE);
            errors += res.error != GBR_OK;
            total += res.length + (unsigned char)out[0];
        }
        rate[r] = (double)n / (now() - t0);
    }
    qsort(rate, (size_t)reps, sizeof rate[0], compare_double);
    printf("%s %zu items, median %.0f items/s, %zu errors (checksum %zu)\n", op, n, rate[reps / 2], errors, total);
    free(text);
    free(start);
    free(end);
    return 0;
}
