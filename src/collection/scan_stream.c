/* Reading input for gbr scan and locating its matches (see scan_stream.h). */
#define _POSIX_C_SOURCE 200809L /* read(2), mmap(2), posix_madvise, sigsetjmp */

#include "input_stream.h"
#include "output.h"
#include "pgn_input.h"
#include "scan_stream.h"

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>


unsigned scan_form_bit(gbr_form form)
{
    switch (form) {
    case GBR_FORM_MATERIAL: return SCAN_MATERIAL;
    case GBR_FORM_STUDY: return SCAN_STUDY;
    case GBR_FORM_POSITION: return SCAN_POSITION;
    default: return 0;
    }
}

/* ---- Runs --------------------------------------------------------------------
 * The scanner counts the line breaks it passes; the run adds them up, so
 * the line number and line start are known at the absolute offset where
 * the search goes on. */
typedef struct scan_run {
    const gbr_codec *codec;
    unsigned forms;
    scan_report_fn report;
    void *context;
    scan_location where;
    unsigned long line;  /* line number where the search goes on */
    uint64_t line_start; /* absolute offset where that line starts */
} scan_run;

/* Adds the line breaks the scanner counted from text[0] at absolute `base`. */
static void add_lines(scan_run *r, uint64_t base, const gbr_scan_match *m)
{
    if (m->newlines) {
        r->line += (unsigned long)m->newlines;
        r->line_start = base + m->line_start;
    }
}

/* Reports the matches gbr_scan_next finds in text[0, len) from `from` on,
 * text[0] being at absolute offset base and the line state valid at `from`;
 * more_follows as for gbr_scan_next. Returns where the search goes on (len
 * when the text is done), the line state valid there. */
static size_t scan_text(scan_run *r, const char *text, uint64_t base, size_t len, size_t from, int more_follows)
{
    for (;;) {
        gbr_scan_match m;
        gbr_scan_status status = gbr_scan_next(r->codec, text, len, from, more_follows, &m);
        add_lines(r, base, &m);
        if (status != GBR_SCAN_MATCH)
            return m.resume;
        if (r->forms & scan_form_bit(m.code.form)) {
            r->where.line = r->line;
            r->where.column = (unsigned long)(base + m.start - r->line_start + 1);
            r->report(r->context, &r->where, &m);
        }
        /* A position form may be wrapped over lines. */
        for (size_t i = m.start; i < m.end; i++)
            if (text[i] == '\n') {
                r->line++;
                r->line_start = base + i + 1;
            }
        from = m.resume;
    }
}

static size_t bom_length(const char *text, size_t n)
{
    return n >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

/* The input's bytes as input_stream hands them out (plain, or decoded):
 * the block handed out last and how much of it has been copied. */
typedef struct stream_bytes {
    input_stream *stream;
    const char *block;
    size_t len, pos;
} stream_bytes;

static size_t fill(stream_bytes *in, char *buf, size_t n, size_t cap, int *eof, int *failed)
{
    while (n < cap) {
        if (in->pos == in->len) {
            int got = input_stream_next(in->stream, &in->block, &in->len);
            in->pos = 0;
            if (got <= 0) {
                in->len = 0;
                *failed = got < 0;
                *eof = 1;
                break;
            }
        }
        size_t k = in->len - in->pos < cap - n ? in->len - in->pos : cap - n;
        memcpy(buf + n, in->block + in->pos, k);
        in->pos += k;
        n += k;
    }
    return n;
}

/* A mapped file that another process truncates makes every access past
 * its new end raise SIGBUS. While a mapping is searched, SIGBUS jumps back
 * to scan_mapped, which reports the input as cut short: the search touches
 * the mapping only in code that holds no lock or stdio state (libgbr's
 * scanner, scan_text; reports copy what they print), so nothing is
 * left half-changed by the jump. */
static sigjmp_buf *volatile mapped_escape;

static void escape_mapping(int sig)
{
    if (mapped_escape)
        siglongjmp(*mapped_escape, 1);
    signal(sig, SIG_DFL); /* not ours: die of it as before */
    raise(sig);
}

/* A regular file is mapped whole and searched as one text from the
 * descriptor's offset on (standard input may be opened past the start), as
 * reading it would: no copies, and no carrying of tails; the offset is then
 * left at the end, as reading leaves it. Returns 1 when done, 0 when the
 * file cannot be mapped (the caller reads it instead), -1 when the file
 * shrank while it was searched (the matches before the cut were reported). */
static int scan_mapped(scan_run *r, int fd)
{
    struct stat st;
    off_t from = lseek(fd, 0, SEEK_CUR);
    if (from < 0 || fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= from ||
        (uint64_t)st.st_size > (uint64_t)SIZE_MAX / 2)
        return 0; /* size 0 may still have content (/proc): read it */
    unsigned char magic[4];
    ssize_t got = pread(fd, magic, sizeof magic, from);
    if (got > 0 && input_magic_format(magic, (size_t)got) != INPUT_PLAIN)
        return 0; /* compressed: read and decoded instead */
    size_t n = (size_t)st.st_size, skip = (size_t)from;
    void *map = mmap(NULL, n, PROT_READ, MAP_PRIVATE, fd, 0);
    if (map == MAP_FAILED)
        return 0;
    posix_madvise(map, n, POSIX_MADV_SEQUENTIAL);
    struct sigaction old, action;
    memset(&action, 0, sizeof action);
    action.sa_handler = escape_mapping;
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &old);
    sigjmp_buf escape;
    volatile int status = 1;
    if (sigsetjmp(escape, 1) == 0) {
        mapped_escape = &escape;
        const char *text = (const char *)map + skip;
        size_t lo = bom_length(text, n - skip);
        r->line_start = lo;
        scan_text(r, text + lo, lo, n - skip - lo, 0, 0);
    } else {
        status = -1;
    }
    mapped_escape = NULL;
    sigaction(SIGBUS, &old, NULL);
    munmap(map, n);
    if (status == 1)
        lseek(fd, (off_t)n, SEEK_SET);
    return status;
}

int scan_stream(const gbr_codec *codec, int fd, const char *source, unsigned forms, size_t buffer_size,
                scan_report_fn report, void *context)
{
    scan_run run = {codec, forms, report, context, {source, 0, 0}, 1, 0};
    if (buffer_size == 0) {
        int mapped = scan_mapped(&run, fd);
        if (mapped < 0) {
            util_error(source, "cannot read: the file shrank while it was being read");
            return -1;
        }
        if (mapped)
            return 0;
        buffer_size = SCAN_DEFAULT_BUFFER;
    }
    if (buffer_size < SCAN_MIN_BUFFER)
        buffer_size = SCAN_MIN_BUFFER;
    size_t cap = buffer_size;
    char *buf = malloc(cap);
    stream_bytes in = {input_stream_open(fd), NULL, 0, 0};
    if (!buf || !in.stream) {
        if (buf && errno != ENOMEM)
            util_error(source, "cannot start reading: %s", strerror(errno));
        else
            util_out_of_memory(source);
        free(buf);
        input_stream_close(in.stream);
        return -1;
    }
    /* The buffer holds the bytes at absolute offsets [base, base + n). When
     * the scanner asks for more, the bytes from GBR_SCAN_LOOKBEHIND before
     * where it goes on are carried to the front (at most 2 *
     * GBR_SCAN_LOOKBEHIND + GBR_SCAN_LOOKAHEAD bytes, below SCAN_MIN_BUFFER)
     * and the rest refilled, so a code straddling two reads is seen whole. */
    uint64_t base = 0;       /* absolute offset of buf[0] */
    uint64_t text_start = 0; /* after a byte-order mark */
    uint64_t next = 0;       /* absolute offset from which the search goes on */
    size_t n = 0;
    int eof = 0, failed = 0, first = 1;

    while (!eof) {
        n = fill(&in, buf, n, cap, &eof, &failed);
        if (first) {
            first = 0;
            text_start = run.line_start = next = bom_length(buf, n);
        }
        size_t lo = text_start > base ? (size_t)(text_start - base) : 0;
        const char *text = buf + lo;
        uint64_t text_base = base + lo;
        size_t resume = scan_text(&run, text, text_base, n - lo, (size_t)(next - text_base), !eof);
        next = text_base + resume;
        if (eof)
            break;
        size_t keep = lo + (resume > GBR_SCAN_LOOKBEHIND ? resume - GBR_SCAN_LOOKBEHIND : 0);
        memmove(buf, buf + keep, n - keep);
        n -= keep;
        base += keep;
    }
    free(buf);
    if (failed)
        pgn_input_report_stream_error(source, in.stream);
    input_stream_close(in.stream);
    return failed ? -1 : 0;
}
