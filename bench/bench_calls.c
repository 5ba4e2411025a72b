/*
 * bench_calls.c - the native side of bench/bench_wasm.sh: nanoseconds per call
 * of gbr_fen_to_material and gbr_fen_to_position over the lines of a file,
 * the same inputs bench/bench_wasm.mjs times in the WebAssembly module.
 *
 *   gbr_bench_calls FILE REPS CODEC
 *
 * Prints "OPERATION NS_PER_CALL CHECKSUM" a line: the median of REPS passes
 * over every line, and the sum of the answers' lengths and error classes,
 * which the module's run must reproduce (the same work was done).
 */
#define _POSIX_C_SOURCE 199309L
#include <gbr.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_REPS 31

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: gbr_bench_calls FILE REPS CODEC\n");
        return 2;
    }
    int reps = atoi(argv[2]);
    const gbr_codec *c = gbr_codec_by_name(argv[3]);
    if (reps < 1 || reps > MAX_REPS || !c) {
        fprintf(stderr, "gbr_bench_calls: REPS is 1-%d, CODEC ref or fast\n", MAX_REPS);
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 2;
    }
    size_t cap = 1 << 20, len = 0, got;
    char *text = malloc(cap);
    while (text && (got = fread(text + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            char *more = realloc(text, cap *= 2);
            if (!more)
                free(text);
            text = more;
        }
    }
    fclose(f);
    if (!text) {
        fprintf(stderr, "gbr_bench_calls: out of memory\n");
        return 2;
    }
    /* line starts: line k is text[start[k], start[k + 1] - 1) */
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        n += text[i] == '\n';
    size_t *start = malloc((n + 1) * sizeof *start);
    if (!start) {
        free(text);
        return 2;
    }
    start[0] = 0;
    for (size_t i = 0, k = 1; i < len; i++)
        if (text[i] == '\n')
            start[k++] = i + 1;
    for (int op = 0; op < 2; op++) {
        double t[MAX_REPS];
        unsigned long sum = 0;
        for (int r = 0; r < reps; r++) {
            char out[GBR_POSITION_MAX];
            unsigned long s = 0;
            double t0 = now();
            for (size_t k = 0; k < n; k++) {
                const char *src = text + start[k];
                size_t l = start[k + 1] - 1 - start[k];
                gbr_result res = op == 0 ? gbr_fen_to_material(c, out, sizeof out, src, l)
                                         : gbr_fen_to_position(c, out, sizeof out, src, l, GBR_RESULT_NONE);
                s += res.length + (unsigned)res.error;
            }
            t[r] = (now() - t0) / (double)(n ? n : 1) * 1e9;
            sum = s;
        }
        qsort(t, (size_t)reps, sizeof t[0], by_value);
        printf("%s %.2f %lu\n", op == 0 ? "materialCode" : "positionForm", t[reps / 2], sum);
    }
    free(start);
    free(text);
    return 0;
}
