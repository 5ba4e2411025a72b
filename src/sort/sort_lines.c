/* sort_lines.c - the sorter of `gbr sort` (sort_lines.h): reading lines
 * into the arena, their keys, the radix sort of a run, spilling runs and
 * writing the sorted output. Every per-line step is a static function of
 * this file, so that the compiler can inline the hot loop whole. */
#define _GNU_SOURCE /* fstat, read beside C11 */

#include "sort_lines.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "grow.h"
#include "line_limit.h"
#include "output.h"
#include "sort_radix.h"
#include "sort_runs.h"

/* ---- Keys -------------------------------------------------------------------
 * The order is libgbr's directory key (spec §8, "Across forms"). Its first 8
 * bytes, read big-endian, are a 64-bit key that decides the order except
 * between position forms that agree on them: their full directory keys
 * decide then. Byte 6 of the key is 1 for a position form. */
#define KEY_NO_CODE UINT64_MAX /* the material number's top byte is at most 0x0F */
#define KEY_POSITION ((uint64_t)1 << 8)

typedef struct held_line {
    uint64_t key;
    uint64_t offset;   /* in the arena */
    uint32_t length;   /* without the line end */
    uint32_t position; /* 1 + index of its full key, 0 for none */
} held_line;

static int is_position_key(uint64_t key) { return key != KEY_NO_CODE && (key & KEY_POSITION) != 0; }

static uint64_t key_of(const gbr_codec *codec, const gbr_scan_match *m, gbr_directory_key *full)
{
    gbr_directory_key_of(codec, m->code.form, &m->code.value, full);
    uint64_t key = 0;
    for (int i = 0; i < 8; i++)
        key = key << 8 | full->bytes[i];
    return key;
}

/* ---- The run in memory ------------------------------------------------------ */
struct sort_lines {
    const gbr_codec *codec;
    size_t memory;          /* --memory */
    char *arena;            /* input bytes; lines point into it */
    size_t arena_cap, arena_used;
    size_t line_start;      /* start of the line being read */
    held_line *lines;
    size_t lines_n, lines_cap;
    gbr_directory_key *positions;
    size_t positions_n, positions_cap;
    sort_runs runs;         /* spilled runs (sort_runs.h) */
    int input_start;        /* the next line is an input's first: a BOM may lead it */
    unsigned long long no_code;
    unsigned long long too_long; /* lines longer than UTIL_LINE_MAX, reported */
};

/* Each failure is reported where it happens and ends the sort: -1 all the
 * way up, and only sort_lines_free is left. */
static int out_of_memory(void)
{
    util_out_of_memory("sort");
    return -1;
}

SORT_RADIX_DEFINE(radix_sort_lines, held_line, key)

static int radix_sort(held_line *a, size_t n)
{
    if (n < 2)
        return 0;
    held_line *tmp = malloc(n * sizeof *tmp);
    if (!tmp)
        return -1;
    radix_sort_lines(a, tmp, n);
    free(tmp);
    return 0;
}

static const gbr_directory_key *position_of(const sort_lines *s, const held_line *l)
{
    return &s->positions[l->position - 1];
}

static const sort_lines *compare_context; /* qsort has no context argument */

static int compare_positions(const void *x, const void *y)
{
    const held_line *a = x, *b = y;
    int c = memcmp(position_of(compare_context, a)->bytes, position_of(compare_context, b)->bytes,
                   GBR_DIRECTORY_KEY_SIZE);
    if (c)
        return c;
    return a->offset < b->offset ? -1 : a->offset > b->offset; /* input order */
}

static int sort_run(sort_lines *s)
{
    if (radix_sort(s->lines, s->lines_n) != 0)
        return out_of_memory();
    /* Position forms equal on the 64-bit key: their full keys decide. */
    compare_context = s;
    for (size_t i = 0; i < s->lines_n;) {
        size_t j = i + 1;
        while (j < s->lines_n && s->lines[j].key == s->lines[i].key)
            j++;
        if (j - i > 1 && is_position_key(s->lines[i].key))
            qsort(s->lines + i, j - i, sizeof *s->lines, compare_positions);
        i = j;
    }
    return 0;
}

/* ---- Spilled runs -------------------------------------------------------------
 * A record holds the line's key (8 bytes), the full directory key (42) for a
 * position form, then the line's bytes. */
static int compare_records(const char *a, size_t a_len, const char *b, size_t b_len)
{
    (void)a_len;
    (void)b_len;
    uint64_t x, y;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    if (x != y)
        return x < y ? -1 : 1;
    return is_position_key(x) ? memcmp(a + sizeof x, b + sizeof y, GBR_DIRECTORY_KEY_SIZE) : 0;
}

static void write_record(void *context, const char *record, size_t len)
{
    uint64_t key;
    memcpy(&key, record, sizeof key);
    size_t header = sizeof key + (is_position_key(key) ? GBR_DIRECTORY_KEY_SIZE : 0);
    util_write(context, record + header, len - header);
    util_write(context, "\n", 1);
}

/* Sorts the lines held and writes them as a run. The arena keeps its bytes
 * (lines not yet split off may follow); make_room compacts it. */
static int spill(sort_lines *s)
{
    if (sort_run(s) != 0)
        return -1;
    sort_run_writer w;
    if (sort_runs_begin(&s->runs, &w) != 0)
        return -1;
    const size_t ahead = 16; /* lines are scattered over the arena: fetch early */
    for (size_t i = 0; i < s->lines_n; i++) {
        if (i + ahead < s->lines_n)
            __builtin_prefetch(s->arena + s->lines[i + ahead].offset);
        const held_line *l = &s->lines[i];
        char header[sizeof l->key + GBR_DIRECTORY_KEY_SIZE];
        memcpy(header, &l->key, sizeof l->key);
        size_t n = sizeof l->key;
        if (is_position_key(l->key)) {
            memcpy(header + n, position_of(s, l)->bytes, GBR_DIRECTORY_KEY_SIZE);
            n += GBR_DIRECTORY_KEY_SIZE;
        }
        sort_runs_put(&w, header, n, s->arena + l->offset, l->length);
    }
    s->lines_n = s->positions_n = 0;
    if (sort_runs_end(&s->runs, &w) != 0)
        return -1;
    return 0;
}

/* ---- Reading ------------------------------------------------------------------
 * The memory budget covers the arena and, for each line, its record twice
 * (the radix sort's scratch copy) and a position form's key: about 60 bytes
 * of records for a directory line of 35 bytes. So the arena grows to 3/8 of
 * the budget, leaving the rest to the records, and a regular file gets room
 * for all of it at once when its records are likely to fit beside it.
 * Only a line longer than that share grows the arena past it: the line must
 * be held whole. The arena counts as its share then, so that the lines after
 * it still gather into runs of the usual size, and it shrinks back once the
 * long line is spilled. */
#define ARENA_SHARE(memory) ((memory) / 8 * 3)
/* The most a line needs held to be judged against the line limit. */
#define LINE_HOLD (UTIL_LINE_MAX + 2)
static size_t records_bytes(const sort_lines *s)
{
    return s->lines_n * 2 * sizeof(held_line) + s->positions_n * sizeof(gbr_directory_key);
}

static int over_budget(const sort_lines *s)
{
    size_t share = ARENA_SHARE(s->memory);
    return records_bytes(s) + (s->arena_cap < share ? s->arena_cap : share) >= s->memory;
}

static int add_line(sort_lines *s, size_t start, size_t length)
{
    if (length > UINT32_MAX) {
        util_error("sort", "a line longer than 4 GiB");
        return -1;
    }
    held_line *lines = util_grow(s->lines, &s->lines_cap, s->lines_n + 1, sizeof *lines);
    if (!lines)
        return out_of_memory();
    s->lines = lines;
    held_line *l = &s->lines[s->lines_n++];
    l->offset = start;
    l->length = (uint32_t)length;
    l->position = 0;
    /* A UTF-8 byte-order mark at the start of an input is no part of the
     * text, as for gbr scan: the search starts after it. The line keeps it. */
    size_t skip = 0;
    if (s->input_start) {
        s->input_start = 0;
        if (length >= 3 && memcmp(s->arena + start, "\xEF\xBB\xBF", 3) == 0)
            skip = 3;
    }
    gbr_scan_match m;
    if (gbr_scan_next(s->codec, s->arena + start + skip, length - skip, 0, 0, &m) != GBR_SCAN_MATCH) {
        l->key = KEY_NO_CODE;
        s->no_code++;
        return 0;
    }
    gbr_directory_key position;
    l->key = key_of(s->codec, &m, &position);
    if (m.code.form == GBR_FORM_POSITION) {
        gbr_directory_key *p = util_grow(s->positions, &s->positions_cap, s->positions_n + 1, sizeof *p);
        if (!p)
            return out_of_memory();
        s->positions = p;
        s->positions[s->positions_n++] = position;
        l->position = (uint32_t)s->positions_n;
    }
    return 0;
}

static int resize_arena(sort_lines *s, size_t want)
{
    char *bigger = realloc(s->arena, want);
    if (!bigger)
        return out_of_memory();
    s->arena = bigger;
    s->arena_cap = want;
    return 0;
}

/* Moves the line being read to the front of the arena, once no line held
 * points before it. */
static void compact(sort_lines *s)
{
    size_t partial = s->arena_used - s->line_start;
    memmove(s->arena, s->arena + s->line_start, partial);
    s->arena_used = partial;
    s->line_start = 0;
}

/* Gives back what a long line took beyond the arena's share, once the bytes
 * left (at the front, after compact) fit in the share. */
static void shrink_arena(sort_lines *s)
{
    size_t room = ARENA_SHARE(s->memory);
    if (s->arena_cap <= room || s->arena_used >= room)
        return;
    char *smaller = realloc(s->arena, room);
    if (smaller) { /* otherwise it keeps its size: no harm */
        s->arena = smaller;
        s->arena_cap = room;
    }
}

/* Makes room at the end of the full arena: drop the bytes of lines already
 * spilled, grow it within the budget, or spill the lines held. */
static int make_room(sort_lines *s)
{
    if (s->lines_n == 0 && s->line_start > 0) {
        compact(s);
        shrink_arena(s);
        return 0;
    }
    size_t room = ARENA_SHARE(s->memory);
    if (s->arena_cap < room || s->line_start == 0) {
        /* Grow (also past the budget when one line fills the whole arena,
         * but no further than a line of the limit and its "\r\n" need:
         * sort_lines_read stops holding a longer one). */
        size_t want = s->arena_cap * 2;
        if (s->line_start > 0 && want > room)
            want = room;
        else if (s->line_start == 0 && want > LINE_HOLD && s->arena_cap < LINE_HOLD)
            want = LINE_HOLD;
        return resize_arena(s, want);
    }
    if (spill(s) != 0)
        return -1;
    compact(s);
    shrink_arena(s);
    return 0;
}

/* A regular file's size is known: make room for all of it at once (from
 * the offset it is read from) when the budget allows, to spare the arena its
 * doublings and copies. */
static int reserve_for(sort_lines *s, int fd)
{
    struct stat st;
    off_t from = lseek(fd, 0, SEEK_CUR);
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || from < 0 || st.st_size <= from)
        return 0;
    uint64_t want = (uint64_t)s->arena_used + (uint64_t)(st.st_size - from) + 1;
    if (want <= s->arena_cap || want / 3 * 8 + records_bytes(s) > s->memory)
        return 0;
    return resize_arena(s, (size_t)want);
}

/* A line longer than UTIL_LINE_MAX, the line limit of every gbr command: it
 * is reported at column UTIL_LINE_MAX + 1 and its bytes are not held, so an
 * input without line ends (/dev/zero) costs no more than the limit; since
 * the output would lack it, nothing is written (sort_lines_write). The
 * lines after it are still read, so that every such line is reported. */
static void report_long_line(sort_lines *s, const char *source, unsigned long line)
{
    util_report(source, line, (unsigned long)UTIL_LINE_MAX + 1,
                "line longer than %lu bytes: not sorted, nothing is written", (unsigned long)UTIL_LINE_MAX);
    s->too_long++;
}

/* Whether the line of `raw` bytes at `line` (its "\n" not counted) is longer
 * than UTIL_LINE_MAX. complete: those bytes are the whole line; else more
 * may follow, and it is too long only if it is whatever follows (a line of
 * exactly UTIL_LINE_MAX bytes may still end in "\r\n"). */
static int line_too_long(const char *line, size_t raw, int complete)
{
    if (complete)
        return raw - (raw > 0 && line[raw - 1] == '\r') > UTIL_LINE_MAX;
    return raw > UTIL_LINE_MAX + 1 || (raw == UTIL_LINE_MAX + 1 && line[UTIL_LINE_MAX] != '\r');
}

int sort_lines_read(sort_lines *s, int fd, const char *source)
{
    if (reserve_for(s, fd) != 0)
        return -1;
    s->input_start = 1;
    size_t scanned = s->arena_used;
    unsigned long line = 1; /* of this input, for reports */
    int skipping = 0;       /* the rest of a line too long to hold: not kept */
    for (;;) {
        if (s->arena_used == s->arena_cap && make_room(s) != 0)
            return -1;
        scanned = scanned < s->line_start ? s->line_start : scanned;
        if (scanned > s->arena_used)
            scanned = s->arena_used;
        ssize_t got = read(fd, s->arena + s->arena_used, s->arena_cap - s->arena_used);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            util_error(source, "cannot read: %s", strerror(errno));
            return -1;
        }
        if (got == 0)
            break;
        s->arena_used += (size_t)got;
        const char *nl;
        while ((nl = memchr(s->arena + scanned, '\n', s->arena_used - scanned)) != NULL) {
            size_t end = (size_t)(nl - s->arena);
            if (skipping) {
                skipping = 0;
            } else if (line_too_long(s->arena + s->line_start, end - s->line_start, 1)) {
                s->input_start = 0;
                report_long_line(s, source, line);
            } else if (add_line(s, s->line_start, end - s->line_start) != 0) {
                return -1;
            }
            line++;
            s->line_start = scanned = end + 1;
            if (over_budget(s) && spill(s) != 0)
                return -1;
        }
        /* The unfinished line: judged on its first UTIL_LINE_MAX bytes. */
        if (!skipping && line_too_long(s->arena + s->line_start, s->arena_used - s->line_start, 0)) {
            s->input_start = 0;
            report_long_line(s, source, line);
            skipping = 1;
        }
        if (skipping)
            s->arena_used = s->line_start; /* its bytes are dropped as they come */
        scanned = s->arena_used;
    }
    if (s->line_start < s->arena_used) { /* a last line without "\n" */
        if (line_too_long(s->arena + s->line_start, s->arena_used - s->line_start, 1))
            report_long_line(s, source, line);
        else if (add_line(s, s->line_start, s->arena_used - s->line_start) != 0)
            return -1;
        s->line_start = s->arena_used;
    }
    return 0;
}

static void write_sorted(const sort_lines *s, util_sink *out)
{
    const size_t ahead = 16; /* lines are scattered over the arena: fetch early */
    for (size_t i = 0; i < s->lines_n; i++) {
        if (i + ahead < s->lines_n)
            __builtin_prefetch(s->arena + s->lines[i + ahead].offset);
        const held_line *l = &s->lines[i];
        util_write(out, s->arena + l->offset, l->length);
        util_write(out, "\n", 1);
    }
}

sort_lines *sort_lines_new(const sort_lines_options *options)
{
    sort_lines *s = calloc(1, sizeof *s);
    if (s) {
        s->codec = options->codec;
        sort_runs_init(&s->runs, "sort", compare_records);
        s->memory = options->memory;
        s->arena_cap = ARENA_SHARE(s->memory) < ((size_t)1 << 20) ? ARENA_SHARE(s->memory) : (size_t)1 << 20;
        s->arena = malloc(s->arena_cap);
    }
    if (!s || !s->arena) {
        out_of_memory();
        sort_lines_free(s);
        return NULL;
    }
    return s;
}

int sort_lines_write(sort_lines *s, util_sink *out)
{
    if (s->too_long > 0) { /* each reported where it was */
        util_error("sort", "%llu line%s longer than %lu bytes: nothing written", s->too_long,
                   s->too_long == 1 ? "" : "s", (unsigned long)UTIL_LINE_MAX);
        return -1;
    }
    if (s->runs.runs_n == 0) { /* everything is in memory: one run, written directly */
        if (sort_run(s) != 0)
            return -1;
        write_sorted(s, out);
        return 0;
    }
    return (s->lines_n == 0 || spill(s) == 0) && sort_runs_merge(&s->runs, write_record, out) == 0 ? 0 : -1;
}

void sort_lines_report(const sort_lines *s)
{
    if (s->no_code > 0)
        util_error("sort", "%llu line%s without a GBR code, written last in input order", s->no_code,
                   s->no_code == 1 ? "" : "s");
}

void sort_lines_free(sort_lines *s)
{
    if (!s)
        return;
    sort_runs_close(&s->runs);
    free(s->arena);
    free(s->lines);
    free(s->positions);
    free(s);
}
