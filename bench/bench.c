/*
 * gbr_bench: throughput of the reference and the optimised codec, operation
 * by operation, on generated endgame-like inputs (fixed seed: 3-8 men,
 * random legal-looking placements, about 10% of the texts with one byte
 * changed). Both codecs and memcpy (the ceiling) are measured in the same
 * run: every repetition of an operation times ref, then fast, then a memcpy
 * the size of the largest input set, so a change of load on a shared
 * machine falls on all three. Each figure is a median; fast/ref and "of
 * memcpy" are medians of the per-repetition ratios. For the small
 * operations a fourth table, whose entries only copy their input, is timed
 * in the same loops, through the same free functions (gbr_parse_material
 * ...): "at most" is the reference's time over its time, the ratio no codec
 * reached through the public functions could pass.
 *
 *   gbr_bench [--reps N] [--scale F]     the table (bench/bench.sh runs it)
 *   gbr_bench --write-fens N FILE        N FENs, one a line, for gbr position
 *   gbr_bench --callgrind OP ref|fast N  run one operation N times (for
 *                                        bench/bench.sh --callgrind)
 * --valid, anywhere: no text has a byte changed (valid inputs only).
 */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "gbr.h"
/* Only for the floor table below: the benchmark builds a codec whose entries
 * do no work, to time the public call path (free function, then table). */
#include "codecs_internal.h"

/* ---- inputs ---- */

static uint64_t rng = 0x243F6A8885A308D3ULL;
static uint64_t next_random(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 0x2545F4914F6CDD1DULL;
}
static unsigned below(unsigned n) { return (unsigned)(next_random() % n); }

/* A placement with 3-8 men, kings included; pawns on ranks 2-7. */
static void random_position(gbr_position *p)
{
    memset(p, 0, sizeof *p);
    unsigned wk = below(64), bk;
    do
        bk = below(64);
    while (bk == wk);
    p->board[wk] = GBR_WK;
    p->board[bk] = GBR_BK;
    unsigned others = 1 + below(6);
    for (unsigned k = 0; k < others; k++) {
        unsigned side = below(2);
        unsigned type = below(2) ? GBR_PAWN : below(4);
        unsigned sq;
        do
            sq = below(64);
        while (p->board[sq] || (type == GBR_PAWN && (sq % 8 == 0 || sq % 8 == 7)));
        p->board[sq] = (uint8_t)(8 * side + type + 1);
    }
    p->indicator = (uint8_t)below(7);
}

typedef struct corpus {
    char *text;    /* all texts back to back */
    size_t *start; /* text k is text[start[k] .. start[k + 1]) */
    size_t n;
    size_t bytes;
} corpus;

static void corpus_init(corpus *c, size_t n, size_t max_bytes)
{
    c->text = malloc(n * max_bytes);
    c->start = malloc((n + 1) * sizeof *c->start);
    if (!c->text || !c->start) {
        fprintf(stderr, "gbr_bench: out of memory\n");
        exit(2);
    }
    c->n = 0;
    c->bytes = 0;
    c->start[0] = 0;
}

/* 0 with --valid: every input as generated. */
static int change_some_bytes = 1;

/* Appends a text, changing one byte in about 10% of them. */
static void corpus_add(corpus *c, const char *s, size_t len)
{
    char *d = c->text + c->bytes;
    memcpy(d, s, len);
    if (change_some_bytes && len && below(10) == 0)
        d[below((unsigned)len)] = (char)(' ' + below(95));
    c->bytes += len;
    c->start[++c->n] = c->bytes;
}

/* A "-column" operation runs the codec's column entry over the whole input
 * set in one call; the others call the single entry once per item. */
enum {
    OP_MATERIAL,
    OP_MATERIAL_COLUMN,
    OP_STUDY,
    OP_STUDY_COLUMN,
    OP_POSITION,
    OP_FEN_TO_POSITION,
    OP_POSITION_TO_FEN,
    OP_COUNTS,
    OP_COUNTS_COLUMN,
    OP_KEY,
    OP_MATERIAL_KEY,
    OP_STUDY_KEY,
    OP_COUNT
};
static const char *const op_names[OP_COUNT] = {
    "material-parse",  "material-parse-column", "study-parse",          "study-parse-column",
    "position-parse",  "fen-to-position",       "position-to-fen",      "material-from-counts",
    "material-from-counts-column", "position-key", "material-key", "study-key"};
static const char *const op_units[OP_COUNT] = {"codes", "codes", "codes",  "codes", "forms", "FENs",
                                               "forms", "counts", "counts", "keys", "keys",  "keys"};

typedef struct inputs {
    corpus material, study, position, fen;
    gbr_counts *counts;
    gbr_position *boards;
    gbr_study *keyed; /* the studies of the boards, for the material and study keys */
    size_t n;
    /* Outputs of the column entries. */
    gbr_material *materials;
    gbr_study *studies;
    gbr_result *results;
} inputs;

/* Texts are written by the reference codec through the public functions. */
static void make_inputs(inputs *in, size_t n)
{
    const gbr_codec *ref = gbr_codec_ref();
    in->n = n;
    corpus_init(&in->material, n, GBR_MATERIAL_MAX);
    corpus_init(&in->study, n, GBR_STUDY_MAX + 2);
    corpus_init(&in->position, n, GBR_POSITION_MAX);
    corpus_init(&in->fen, n, GBR_FEN_MAX);
    in->counts = malloc(n * sizeof *in->counts);
    in->boards = malloc(n * sizeof *in->boards);
    in->keyed = malloc(n * sizeof *in->keyed);
    in->materials = malloc(n * sizeof *in->materials);
    in->studies = malloc(n * sizeof *in->studies);
    in->results = malloc(n * sizeof *in->results);
    if (!in->counts || !in->boards || !in->keyed || !in->materials || !in->studies || !in->results)
        exit(2);
    for (size_t k = 0; k < n; k++) {
        gbr_position p;
        random_position(&p);
        in->boards[k] = p;
        gbr_position_counts(&p, &in->counts[k]);
        gbr_study s;
        gbr_material_from_counts(ref, &in->counts[k], &s.material);
        s.stipulation = (uint8_t)below(3);
        for (unsigned sq = 0; sq < 64; sq++) {
            if (p.board[sq] == GBR_WK)
                s.white_king = (uint8_t)sq;
            if (p.board[sq] == GBR_BK)
                s.black_king = (uint8_t)sq;
        }
        in->keyed[k] = s;
        char buf[GBR_POSITION_MAX];
        gbr_result r = gbr_format_material(ref, buf, sizeof buf, &s.material);
        corpus_add(&in->material, buf, r.length);
        r = gbr_format_study(ref, buf, sizeof buf, &s);
        corpus_add(&in->study, buf, r.length);
        r = gbr_format_position(ref, buf, sizeof buf, &p);
        corpus_add(&in->position, buf, r.length);
        r = gbr_format_fen(ref, buf, sizeof buf, &p);
        corpus_add(&in->fen, buf, r.length);
    }
}

/* ---- timed loops: one function each, so callgrind can count them alone ---- */

static volatile size_t sink;

#define NOINLINE __attribute__((noinline))

static NOINLINE void run_material(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    const corpus *t = &in->material;
    for (size_t k = 0; k < t->n; k++) {
        gbr_material m;
        gbr_result r = gbr_parse_material(c, t->text + t->start[k], t->start[k + 1] - t->start[k], &m);
        acc += r.error + m.digit[0];
    }
    sink += acc;
}

static NOINLINE void run_material_column(const gbr_codec *c, const inputs *in)
{
    const corpus *t = &in->material;
    size_t errors = gbr_parse_material_column(c, t->text, t->start, t->n, in->materials, in->results);
    sink += errors + in->materials[t->n / 2].digit[0];
}

static NOINLINE void run_study(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    const corpus *t = &in->study;
    for (size_t k = 0; k < t->n; k++) {
        gbr_study s;
        gbr_result r = gbr_parse_study(c, t->text + t->start[k], t->start[k + 1] - t->start[k], &s);
        acc += r.error + s.white_king;
    }
    sink += acc;
}

static NOINLINE void run_study_column(const gbr_codec *c, const inputs *in)
{
    const corpus *t = &in->study;
    size_t errors = gbr_parse_study_column(c, t->text, t->start, t->n, in->studies, in->results);
    sink += errors + in->studies[t->n / 2].white_king;
}

static NOINLINE void run_position(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    const corpus *t = &in->position;
    for (size_t k = 0; k < t->n; k++) {
        gbr_position p;
        gbr_result r = gbr_parse_position(c, t->text + t->start[k], t->start[k + 1] - t->start[k], &p);
        acc += r.error + p.board[k & 63];
    }
    sink += acc;
}

static NOINLINE void run_fen_to_position(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    const corpus *t = &in->fen;
    char out[GBR_POSITION_MAX];
    for (size_t k = 0; k < t->n; k++) {
        gbr_result r = gbr_fen_to_position(c, out, sizeof out, t->text + t->start[k], t->start[k + 1] - t->start[k],
                                           GBR_RESULT_NONE);
        acc += r.error + r.length + (unsigned char)out[0];
    }
    sink += acc;
}

static NOINLINE void run_position_to_fen(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    const corpus *t = &in->position;
    char out[GBR_FEN_MAX];
    for (size_t k = 0; k < t->n; k++) {
        gbr_result r = gbr_position_to_fen(c, out, sizeof out, t->text + t->start[k], t->start[k + 1] - t->start[k]);
        acc += r.error + r.length + (unsigned char)out[0];
    }
    sink += acc;
}

static NOINLINE void run_counts(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    for (size_t k = 0; k < in->n; k++) {
        gbr_material m;
        gbr_result r = gbr_material_from_counts(c, &in->counts[k], &m);
        acc += r.error + m.digit[3];
    }
    sink += acc;
}

static NOINLINE void run_counts_column(const gbr_codec *c, const inputs *in)
{
    size_t errors = gbr_material_from_counts_column(c, in->counts, in->n, in->materials, in->results);
    sink += errors + in->materials[in->n / 2].digit[3];
}

static NOINLINE void run_key(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    for (size_t k = 0; k < in->n; k++) {
        gbr_position_key key;
        gbr_position_key_of(c, &in->boards[k], &key);
        acc += key.bytes[9];
    }
    sink += acc;
}

static NOINLINE void run_material_key(const gbr_codec *c, const inputs *in)
{
    size_t acc = 0;
    for (size_t k = 0; k < in->n; k++)
        acc += gbr_material_key_of(c, &in->keyed[k].material);
    sink += acc;
}

static NOINLINE void run_study_key(const gbr_codec *c, const inputs *in)
{
    uint64_t acc = 0;
    for (size_t k = 0; k < in->n; k++)
        acc += gbr_study_key_of(c, &in->keyed[k]);
    sink += (size_t)acc;
}

/* ---- the floor of a call ---- */

/* Item functions that do no work: each copies the first bytes of its input
 * to its output and succeeds. Run by the same loops as the codecs, through
 * the free functions and a codec table, they time the loop and the call
 * alone, so the reference's time over theirs is the most fast/ref could be
 * (the free functions reach the optimised codec by a direct jump, the
 * reference and this table through the table: a few instructions more). */
static gbr_result floor_parse_material(const gbr_codec *codec, const char *src, size_t len, gbr_material *out)
{
    (void)codec;
    gbr_result r = {GBR_OK, 0, 0};
    if (len >= sizeof *out)
        memcpy(out, src, sizeof *out);
    return r;
}

static gbr_result floor_parse_study(const gbr_codec *codec, const char *src, size_t len, gbr_study *out)
{
    (void)codec;
    gbr_result r = {GBR_OK, 0, 0};
    if (len >= sizeof *out)
        memcpy(out, src, sizeof *out);
    return r;
}

static gbr_result floor_material_from_counts(const gbr_codec *codec, const gbr_counts *c, gbr_material *out)
{
    (void)codec;
    gbr_result r = {GBR_OK, 0, 0};
    memcpy(out, c, sizeof *out);
    return r;
}

/* Column entries that do no work: every item's output copied from its
 * input, every result success; what is left is the loop and the memory
 * traffic of reading the inputs and writing the outputs and results. */
/* One text column of either kind: item k's first `size` bytes copied to
 * out + k * size. */
static size_t floor_text_column(const char *text, const size_t *offsets, size_t n, void *out, size_t size,
                                gbr_result *results)
{
    static const gbr_result ok = {GBR_OK, 0, 0};
    for (size_t k = 0; k < n; k++) {
        if (offsets[k + 1] - offsets[k] >= size)
            memcpy((char *)out + k * size, text + offsets[k], size);
        results[k] = ok;
    }
    return 0;
}

static size_t floor_parse_material_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                          gbr_material *out, gbr_result *results)
{
    (void)codec;
    return floor_text_column(text, offsets, n, out, sizeof *out, results);
}

static size_t floor_parse_study_column(const gbr_codec *codec, const char *text, const size_t *offsets, size_t n,
                                       gbr_study *out, gbr_result *results)
{
    (void)codec;
    return floor_text_column(text, offsets, n, out, sizeof *out, results);
}

static size_t floor_material_from_counts_column(const gbr_codec *codec, const gbr_counts *counts, size_t n,
                                                gbr_material *out, gbr_result *results)
{
    (void)codec;
    static const gbr_result ok = {GBR_OK, 0, 0};
    for (size_t k = 0; k < n; k++) {
        memcpy(&out[k], &counts[k], sizeof *out);
        results[k] = ok;
    }
    return 0;
}

/* The fast table with its small entries replaced; NULL for an operation
 * without a floor. */
static const gbr_codec *floor_codec(const gbr_codec *fast, int op)
{
    static gbr_codec table;
    table = *fast;
    table.name = "floor";
    table.parse_material = floor_parse_material;
    table.parse_study = floor_parse_study;
    table.material_from_counts = floor_material_from_counts;
    table.parse_material_column = floor_parse_material_column;
    table.parse_study_column = floor_parse_study_column;
    table.material_from_counts_column = floor_material_from_counts_column;
    switch (op) {
    case OP_MATERIAL:
    case OP_MATERIAL_COLUMN:
    case OP_STUDY:
    case OP_STUDY_COLUMN:
    case OP_COUNTS:
    case OP_COUNTS_COLUMN: return &table;
    default: return NULL;
    }
}

typedef void (*run_fn)(const gbr_codec *, const inputs *);
static const run_fn runs[OP_COUNT] = {run_material,        run_material_column, run_study,
                                      run_study_column,    run_position,        run_fen_to_position,
                                      run_position_to_fen, run_counts,          run_counts_column,
                                      run_key,             run_material_key,    run_study_key};

static size_t op_bytes(const inputs *in, int op)
{
    switch (op) {
    case OP_MATERIAL:
    case OP_MATERIAL_COLUMN: return in->material.bytes;
    case OP_STUDY:
    case OP_STUDY_COLUMN: return in->study.bytes;
    case OP_POSITION:
    case OP_POSITION_TO_FEN: return in->position.bytes;
    case OP_FEN_TO_POSITION: return in->fen.bytes;
    case OP_COUNTS:
    case OP_COUNTS_COLUMN: return in->n * sizeof(gbr_counts);
    case OP_MATERIAL_KEY: return in->n * sizeof(gbr_material);
    case OP_STUDY_KEY: return in->n * sizeof(gbr_study);
    default: return in->n * sizeof(gbr_position);
    }
}

/* ---- timing ---- */

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define MAX_REPS 31

/* The ceiling: memcpy between two buffers the size of the largest input
 * set, timed beside every repetition; all its timings are kept for the
 * summary line. */
typedef struct ceiling {
    char *from, *to;
    size_t bytes;
    double seconds[OP_COUNT * MAX_REPS];
    int n;
} ceiling;

static void ceiling_init(ceiling *c, size_t bytes)
{
    c->from = malloc(bytes);
    c->to = malloc(bytes);
    if (!c->from || !c->to)
        exit(2);
    memset(c->from, 'x', bytes);
    memcpy(c->to, c->from, bytes); /* the pages faulted in before any timing */
    c->bytes = bytes;
    c->n = 0;
}

/* The timed copy follows an untimed one, as fast follows ref over the same
 * inputs: both find their bytes as warm as a second pass leaves them. */
static double time_memcpy(ceiling *c)
{
    memcpy(c->to, c->from, c->bytes);
    double t0 = now();
    memcpy(c->to, c->from, c->bytes);
    double t = now() - t0;
    sink += (unsigned char)c->to[c->n];
    c->from[c->n] = (char)c->n; /* a different copy each time */
    c->seconds[c->n++] = t;
    return t;
}

/* Times ref, fast and memcpy on one operation, in turn in each repetition
 * so a change of load on a shared machine falls on all three: medians of
 * ref's and fast's times, and of the per-repetition ratios fast/ref and
 * fast's bytes per second over memcpy's. With a floor table, the loop
 * through it is timed too, and *most is the median of ref/floor (else 0). */
static void time_pair(const gbr_codec *ref, const gbr_codec *fast, const gbr_codec *floor, const inputs *in,
                      int op, int reps, ceiling *copy, double *tr, double *tf, double *ratio, double *of_memcpy,
                      double *most)
{
    double a[MAX_REPS], b[MAX_REPS], q[MAX_REPS], m[MAX_REPS], f[MAX_REPS];
    double bytes = (double)op_bytes(in, op);
    runs[op](ref, in); /* warm up */
    runs[op](fast, in);
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        runs[op](ref, in);
        double t1 = now();
        runs[op](fast, in);
        double t2 = now();
        a[r] = t1 - t0;
        b[r] = t2 - t1;
        q[r] = a[r] / b[r];
        if (floor) { /* before the copy, so it finds the inputs as warm as fast did */
            runs[op](floor, in);
            f[r] = a[r] / (now() - t2);
        }
        m[r] = (bytes / b[r]) / ((double)copy->bytes / time_memcpy(copy));
    }
    *tr = median(a, reps);
    *tf = median(b, reps);
    *ratio = median(q, reps);
    *of_memcpy = median(m, reps);
    *most = floor ? median(f, reps) : 0;
}

static int write_fens(size_t n, const char *path)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 2;
    }
    const gbr_codec *ref = gbr_codec_ref();
    for (size_t k = 0; k < n; k++) {
        gbr_position p;
        random_position(&p);
        char buf[GBR_FEN_MAX + 1];
        gbr_result r = gbr_format_fen(ref, buf, sizeof buf, &p);
        if (change_some_bytes && below(10) == 0)
            buf[below((unsigned)r.length)] = (char)(' ' + below(95));
        buf[r.length] = '\n';
        fwrite(buf, 1, r.length + 1, f);
    }
    return fclose(f) == 0 ? 0 : 2;
}

static int op_by_name(const char *name)
{
    for (int op = 0; op < OP_COUNT; op++)
        if (strcmp(name, op_names[op]) == 0)
            return op;
    return -1;
}

int main(int argc, char **argv)
{
    int reps = 7;
    double scale = 1.0;
    for (int k = 1; k < argc; k++)
        if (strcmp(argv[k], "--valid") == 0) {
            change_some_bytes = 0;
            for (int j = k; j + 1 < argc; j++)
                argv[j] = argv[j + 1];
            argc--;
            break;
        }
    if (argc == 4 && strcmp(argv[1], "--write-fens") == 0)
        return write_fens(strtoul(argv[2], NULL, 10), argv[3]);
    if (argc == 5 && strcmp(argv[1], "--callgrind") == 0) {
        int op = op_by_name(argv[2]);
        const gbr_codec *c = gbr_codec_by_name(argv[3]);
        if (op < 0 || !c) {
            fprintf(stderr, "gbr_bench: unknown operation or codec\n");
            return 2;
        }
        inputs in;
        make_inputs(&in, strtoul(argv[4], NULL, 10));
        runs[op](c, &in);
        return 0;
    }
    for (int k = 1; k + 1 < argc; k += 2) {
        if (strcmp(argv[k], "--reps") == 0)
            reps = atoi(argv[k + 1]);
        else if (strcmp(argv[k], "--scale") == 0)
            scale = atof(argv[k + 1]);
    }
    if (reps < 1 || reps > MAX_REPS || scale <= 0) {
        fprintf(stderr, "usage: gbr_bench [--reps 1-%d] [--scale F]\n", MAX_REPS);
        return 2;
    }
    const gbr_codec *ref = gbr_codec_ref(), *fast = gbr_codec_fast();
    if (!fast) {
        fprintf(stderr, "gbr_bench: this build has no optimised codec\n");
        return 2;
    }
    inputs in;
    make_inputs(&in, (size_t)(400000 * scale));
    static ceiling copy; /* static: its timings array is large */
    ceiling_init(&copy, in.fen.bytes);
    printf("inputs: %zu of each form, seed fixed; medians of %d repetitions\n\n", in.n, reps);
    printf("%-27s %10s %12s %10s %12s %8s %8s %10s\n", "operation", "ref MB/s", "ref items/s", "fast MB/s",
           "fast items/s", "fast/ref", "at most", "of memcpy");
    for (int op = 0; op < OP_COUNT; op++) {
        double tr, tf, ratio, of_memcpy, most;
        time_pair(ref, fast, floor_codec(fast, op), &in, op, reps, &copy, &tr, &tf, &ratio, &of_memcpy, &most);
        double bytes = (double)op_bytes(&in, op);
        char most_text[16] = "-";
        if (most > 0)
            snprintf(most_text, sizeof most_text, "%.1fx", most);
        printf("%-27s %10.0f %11.2fM %10.0f %11.2fM %7.1fx %8s %9.3f  (%s)\n", op_names[op], bytes / tr / 1e6,
               (double)in.n / tr / 1e6, bytes / tf / 1e6, (double)in.n / tf / 1e6, ratio, most_text, of_memcpy,
               op_units[op]);
    }
    int n = copy.n;
    double middle = median(copy.seconds, n); /* sorts them */
    printf("\nmemcpy (the ceiling): %.0f MB/s median, %.0f-%.0f over its %d timings of %.1f MB, one beside each\n"
           "repetition above (\"of memcpy\" divides by the memcpy of the same repetition)\n",
           (double)copy.bytes / middle / 1e6, (double)copy.bytes / copy.seconds[n - 1] / 1e6,
           (double)copy.bytes / copy.seconds[0] / 1e6, n, (double)copy.bytes / 1e6);
    printf("\n\"at most\": the same loop through a table whose entries only copy their input (the call, the\n"
           "loop and the memory traffic, no work); the reference's time over its time, the most fast/ref\n"
           "could be (median of the per-repetition ratios)\n");
    free(copy.from);
    free(copy.to);
    return 0;
}
