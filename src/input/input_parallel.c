/* input_parallel.c - one input on several threads (input_parallel.h).
 *
 * The calling thread reads and cuts, gives the workers their verdicts and
 * hands the contexts back; one mutex guards the list of chunks held. A
 * worker, once its reader has read a chunk's bytes, waits for the verdict
 * on that chunk: finish (the next chunk starts a game), read on (the next
 * chunk's bytes are given to it), or abandon (the chunk before read its
 * bytes). Reading on is decided in input order, once every chunk before is
 * finished or read on by another, so that a chunk's own reading is the one
 * pass's when it is kept; a chunk that needs no reading on is finished as
 * soon as its reader is between games, its context dropped if a chunk
 * before turns out to read on into it after all. */
#define _GNU_SOURCE /* sched_getaffinity */

#include "input_parallel.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "input_progress.h"
#include "input_stream.h"
#include "output.h"
#include "pgn_config.h"
#include "pgn_input.h"

#if PGN_SSE2
#include <emmintrin.h>
#endif

enum verdict { V_NONE, V_FINISH, V_READ_ON, V_ABANDON };

typedef struct chunk {
    struct chunk *next;         /* in input order */
    struct chunk *queue_next;   /* waiting for a worker */
    char *bytes;
    size_t len;
    uint64_t offset;
    unsigned long line;
    int candidate;              /* it starts with '[' at a line's start (and is not the first) */
    void *context;
    /* Its worker: */
    int started, fed, worker_done;
    int between;                /* its reader was between games after the bytes it fed */
    enum verdict verdict;
    struct chunk *last;         /* the last chunk whose bytes its reader has read */
    struct chunk *read_on;      /* with V_READ_ON: the chunk to read next */
    unsigned long games;
    uint64_t span;              /* bytes read by its reader */
    /* Read on by the chunk before: */
    int absorbed, fed_by_other;
    int judged;                 /* its final verdict is given (V_FINISH) */
    int oom;                    /* its reader could not be made */
} chunk;

typedef struct driver {
    const input_parallel *p;
    pthread_mutex_t lock;
    pthread_cond_t work_cv, main_cv;
    chunk *head, *tail;         /* held, in input order */
    chunk *queue, *queue_tail;
    size_t held;
    int eof, shutdown;
    char **free_buffers;
    size_t free_n;
    size_t chunk_size, buffer_size;
} driver;

static void *worker(void *arg)
{
    driver *d = arg;
    pthread_mutex_lock(&d->lock);
    for (;;) {
        while (!d->queue && !d->shutdown)
            pthread_cond_wait(&d->work_cv, &d->lock);
        if (!d->queue)
            break;
        chunk *c = d->queue;
        d->queue = c->queue_next;
        if (!d->queue)
            d->queue_tail = NULL;
        c->started = 1;
        pthread_mutex_unlock(&d->lock);
        pgn_reader *r = pgn_reader_new(d->p->handler, c->context);
        if (r && pgn_reader_keep_tags(r, d->p->keep_tags) != 0) {
            pgn_reader_free(r);
            r = NULL;
        }
        if (r) {
            if (c->offset > 0)
                pgn_reader_set_base(r, c->offset, c->line, 0);
            pgn_feed(r, c->bytes, c->len);
        }
        pthread_mutex_lock(&d->lock);
        c->last = c;
        for (;;) {
            c->between = r ? pgn_reader_at_game_boundary(r) : 1;
            c->fed = 1;
            pthread_cond_signal(&d->main_cv);
            while (c->verdict == V_NONE)
                pthread_cond_wait(&d->work_cv, &d->lock);
            if (c->verdict != V_READ_ON)
                break;
            chunk *n = c->read_on;
            c->verdict = V_NONE;
            c->fed = 0;
            pthread_mutex_unlock(&d->lock);
            if (r)
                pgn_feed(r, n->bytes, n->len);
            pthread_mutex_lock(&d->lock);
            n->fed_by_other = 1;
            c->last = n;
        }
        enum verdict v = c->verdict;
        pthread_mutex_unlock(&d->lock);
        unsigned long games = 0;
        uint64_t span = 0;
        if (r && v == V_FINISH) {
            pgn_finish(r);
            games = pgn_reader_games(r);
            span = pgn_reader_bytes_read(r) - c->offset;
        }
        pgn_reader_free(r);
        pthread_mutex_lock(&d->lock);
        c->games = games;
        c->span = span;
        c->worker_done = 1;
        c->oom = !r; /* said on the calling thread */
        pthread_cond_signal(&d->main_cv);
    }
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

/* Under the lock: verdicts in input order, and ABANDON for chunks read on. */
static int judge(driver *d)
{
    int changed = 0;
    for (chunk *c = d->head; c; c = c->next)
        if (c->absorbed && c->fed && c->verdict == V_NONE) {
            c->verdict = V_ABANDON;
            changed = 1;
        }
    chunk *c = d->head;
    while (c) {
        if (c->absorbed) {
            c = c->next;
            continue;
        }
        if (c->judged) {
            c = c->last->next;
            continue;
        }
        if (!c->fed || c->verdict != V_NONE)
            break;
        chunk *n = c->last->next;
        if (!n && !d->eof)
            break; /* the next chunk is not read yet */
        if (!n || (c->between && n->candidate)) {
            c->verdict = V_FINISH;
            c->judged = 1;
            changed = 1;
            c = n;
            continue;
        }
        n->absorbed = 1;
        if (!n->started) { /* no worker needs to see it: out of the queue, so it holds no place */
            chunk **q = &d->queue, *before = NULL;
            while (*q && *q != n) {
                before = *q;
                q = &(*q)->queue_next;
            }
            if (*q) {
                *q = n->queue_next;
                if (d->queue_tail == n)
                    d->queue_tail = before;
            }
            n->started = n->worker_done = 1;
        }
        if (n->fed && n->verdict == V_NONE)
            n->verdict = V_ABANDON;
        c->read_on = n;
        c->verdict = V_READ_ON;
        changed = 1;
        break;
    }
    /* Beyond the first chunk still to be judged, a chunk whose reader is
     * between games before a chunk that starts with '[' is finished at
     * once rather than kept waiting for the chunks before it: if one of
     * them reads on into it after all (rare), its reading is dropped then,
     * as it would have been. Reading on stays in input order. */
    for (; c; c = c->next)
        if (!c->absorbed && !c->judged && c->fed && c->verdict == V_NONE && c->last == c && c->between &&
            ((c->next && c->next->candidate) || (!c->next && d->eof))) {
            c->verdict = V_FINISH;
            c->judged = 1;
            changed = 1;
        }
    if (changed)
        pthread_cond_broadcast(&d->work_cv);
    return changed;
}

static void release_buffer(driver *d, chunk *c)
{
    if (c->bytes && d->free_n < INPUT_THREADS_MAX + 2)
        d->free_buffers[d->free_n++] = c->bytes;
    else
        free(c->bytes);
    c->bytes = NULL;
}

static void unlink_chunk(driver *d, chunk *c, chunk *prev)
{
    if (prev)
        prev->next = c->next;
    else
        d->head = c->next;
    if (d->tail == c)
        d->tail = prev;
    d->held--;
    /* a chunk read on through c now ends, as far as judge() asks, at prev */
    for (chunk *y = d->head; y; y = y->next)
        if (y->last == c)
            y->last = prev;
    release_buffer(d, c);
    free(c);
}

/* Under the lock (released around the callbacks): the head's chunks done
 * in input order, and anywhere the chunks read on that nobody reads. */
static int retire(driver *d, unsigned long *games_before, int *oom, const char *source)
{
    int changed = 0;
    chunk *prev = NULL;
    for (chunk *c = d->head; c;) {
        chunk *next = c->next;
        if (c->absorbed && c->fed_by_other && c->worker_done) {
            void *context = c->context;
            unlink_chunk(d, c, prev);
            pthread_mutex_unlock(&d->lock);
            d->p->chunk_drop(d->p->caller, context);
            pthread_mutex_lock(&d->lock);
            changed = 1;
            c = next;
            continue;
        }
        if (c == d->head && !c->absorbed && c->judged && c->worker_done) {
            int failed = c->oom;
            *oom |= failed;
            input_chunk info = {c->offset, c->span, c->line, c->games, *games_before};
            void *context = c->context;
            *games_before += c->games;
            unlink_chunk(d, c, prev);
            pthread_mutex_unlock(&d->lock);
            if (failed) {
                util_out_of_memory(source);
                d->p->chunk_drop(d->p->caller, context);
            } else {
                d->p->chunk_done(d->p->caller, context, &info);
            }
            pthread_mutex_lock(&d->lock);
            changed = 1;
            c = d->head;
            prev = NULL;
            continue;
        }
        prev = c;
        c = next;
    }
    return changed;
}

/* The line ends of a chunk, on the calling thread, which every worker waits
 * on. Lines are short (about 40 bytes), so a search from one to the next
 * pays a call a line: with SSE2, 64 bytes are compared a round and the
 * matches summed in byte lanes (4 at most a lane a round, so at most 63
 * rounds before the lanes are added up). */
static size_t count_lines(const char *b, size_t n)
{
    size_t lines = 0, i = 0;
#if PGN_SSE2
    const __m128i newline = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
    while (n - i >= 64) {
        size_t rounds = (n - i) / 64;
        if (rounds > 63)
            rounds = 63;
        __m128i lanes = zero;
        for (size_t k = 0; k < rounds; k++, i += 64) { /* a match is -1: subtracting counts it */
            const __m128i *p = (const __m128i *)(b + i);
            __m128i m = _mm_add_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(p), newline),
                                     _mm_cmpeq_epi8(_mm_loadu_si128(p + 1), newline));
            m = _mm_add_epi8(m, _mm_cmpeq_epi8(_mm_loadu_si128(p + 2), newline));
            m = _mm_add_epi8(m, _mm_cmpeq_epi8(_mm_loadu_si128(p + 3), newline));
            lanes = _mm_sub_epi8(lanes, m);
        }
        __m128i sums = _mm_sad_epu8(lanes, zero);
        lines += (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
    }
#endif
    for (; i < n; i++)
        lines += b[i] == '\n';
    return lines;
}

/* The reading and cutting, on the calling thread. Past a chunk's size the
 * input is read INPUT_CUT_READ bytes at a time until a cut is found (a
 * game's tags are usually within that): a chunk's buffer holds at most
 * 2 x chunk_size + INPUT_CUT_READ bytes. */
typedef struct cutter {
    input_stream *stream;
    char *carry;                /* the bytes after the last cut */
    size_t carry_len;
    int carry_candidate;
    uint64_t offset;
    unsigned long line;
    int ended, failed;
} cutter;

static char *take_buffer(driver *d)
{
    pthread_mutex_lock(&d->lock);
    char *b = d->free_n ? d->free_buffers[--d->free_n] : NULL;
    pthread_mutex_unlock(&d->lock);
    return b ? b : malloc(d->buffer_size);
}

/* A cut before buf[cut]: the bytes after it carried to the next chunk. */
static size_t cut_at(cutter *k, char *buf, size_t len, size_t cut, int *next_candidate)
{
    memcpy(k->carry, buf + cut, len - cut);
    k->carry_len = len - cut;
    *next_candidate = 1;
    return cut;
}

/* The next chunk's bytes into buf (the carry first): its length, the cut
 * found. 0 at the end of the input. */
static size_t next_chunk(driver *d, cutter *k, char *buf, int *next_candidate)
{
    size_t len = k->carry_len, searched = 0, S = d->chunk_size;
    memcpy(buf, k->carry, k->carry_len);
    k->carry_len = 0;
    *next_candidate = 0;
    for (;;) {
        if (len >= S) {
            /* A '[' after an empty line starts a game but for a rare
             * comment; one after a tag line is the tag section going on,
             * where a cut makes the worker before read the whole next chunk
             * on (and that chunk's reading thrown away): so the first such
             * '[' after S - 1 is the cut, else, by 2S, the first '[' at a
             * line's start. */
            size_t from = searched > S - 1 ? searched : S - 1;
            for (size_t i = from; i + 1 < len; i++)
                if (buf[i] == '\n' && buf[i + 1] == '[' && i > 0 &&
                    (buf[i - 1] == '\n' || (buf[i - 1] == '\r' && i > 1 && buf[i - 2] == '\n')))
                    return cut_at(k, buf, len, i + 1, next_candidate);
            searched = len > 0 ? len - 1 : 0;
            if (len >= 2 * S) {
                for (size_t i = S - 1; i + 1 < 2 * S; i++)
                    if (buf[i] == '\n' && buf[i + 1] == '[')
                        return cut_at(k, buf, len, i + 1, next_candidate);
                /* no '[' at a line's start: cut anyway, and read on there */
                memcpy(k->carry, buf + 2 * S, len - 2 * S);
                k->carry_len = len - 2 * S;
                return 2 * S;
            }
        }
        if (k->ended)
            return len;
        /* Up to S, then a little at a time while the cut is looked for, so
         * that few bytes are carried to the next chunk. A plain input is
         * read straight into buf. */
        size_t want = len < S ? S - len : INPUT_CUT_READ;
        size_t n;
        int got = input_stream_next_into(k->stream, buf + len, want, &n);
        if (got <= 0) {
            k->ended = 1;
            k->failed = got < 0;
            continue;
        }
        len += n;
    }
}

int input_default_threads(void)
{
    cpu_set_t set;
    if (sched_getaffinity(0, sizeof set, &set) == 0) {
        int n = CPU_COUNT(&set);
        if (n >= 1)
            return n > INPUT_THREADS_MAX ? INPUT_THREADS_MAX : n;
    }
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > INPUT_THREADS_MAX ? INPUT_THREADS_MAX : (int)n;
}

/* The chunk size of a caller that leaves it to the input layer: the
 * default, or GBR_INPUT_CHUNK_SIZE bytes (1 to INPUT_CHUNK_SIZE), with which
 * the command-line tests cut a small input into many chunks. */
static size_t default_chunk_size(void)
{
    const char *text = getenv("GBR_INPUT_CHUNK_SIZE");
    if (!text || !*text)
        return INPUT_CHUNK_SIZE;
    char *end;
    errno = 0;
    unsigned long long n = strtoull(text, &end, 10);
    if (errno || *end || n < 1 || n > INPUT_CHUNK_SIZE || text[0] == '-')
        return INPUT_CHUNK_SIZE;
    return (size_t)n;
}

int input_games_parallel(const input_parallel *p, int fd, const char *source)
{
    driver d;
    memset(&d, 0, sizeof d);
    d.p = p;
    d.chunk_size = p->chunk_size ? p->chunk_size : default_chunk_size();
    d.buffer_size = 2 * d.chunk_size + INPUT_CUT_READ;
    int threads = p->threads < 1 ? 1 : p->threads > INPUT_THREADS_MAX ? INPUT_THREADS_MAX : p->threads;
    size_t limit = (size_t)threads + 2;
    cutter k;
    memset(&k, 0, sizeof k);
    k.line = 1;
    d.free_buffers = malloc((INPUT_THREADS_MAX + 2) * sizeof *d.free_buffers);
    k.carry = malloc(d.buffer_size);
    pthread_t *ids = calloc((size_t)threads, sizeof *ids);
    if (!d.free_buffers || !k.carry || !ids) {
        free(d.free_buffers);
        free(k.carry);
        free(ids);
        util_out_of_memory(source);
        return -1;
    }
    input_progress progress;
    input_progress_begin(&progress, fd, source);
    k.stream = input_stream_open(fd);
    if (!k.stream) {
        int error = errno;
        free(d.free_buffers);
        free(k.carry);
        free(ids);
        if (error == ENOMEM)
            util_out_of_memory(source);
        else
            util_error(source, "cannot start reading: %s", strerror(error));
        return -1;
    }
    pthread_mutex_init(&d.lock, NULL);
    pthread_cond_init(&d.work_cv, NULL);
    pthread_cond_init(&d.main_cv, NULL);
    int started = 0, failed = 0, oom = 0;
    for (; started < threads; started++)
        if (pthread_create(&ids[started], NULL, worker, &d) != 0)
            break;
    if (started == 0) {
        util_error(source, "cannot start a thread");
        failed = 1;
        d.eof = 1;
    }
    unsigned long games_before = 0;
    int first = 1;
    pthread_mutex_lock(&d.lock);
    for (;;) {
        int changed = judge(&d);
        changed |= retire(&d, &games_before, &oom, source);
        if (d.eof && !d.head)
            break;
        if (!d.eof && d.held < limit) {
            pthread_mutex_unlock(&d.lock);
            char *buf = take_buffer(&d);
            chunk *c = calloc(1, sizeof *c);
            void *context = buf && c ? p->chunk_new(p->caller) : NULL;
            size_t len = 0;
            int next_candidate = 0, candidate = k.carry_candidate;
            if (context) {
                len = next_chunk(&d, &k, buf, &next_candidate);
                uint64_t decoded = k.offset + len;
                input_progress_update(&progress,
                                      input_stream_format(k.stream) == INPUT_PLAIN ? decoded
                                                                                 : input_stream_raw_read(k.stream),
                                      decoded, games_before);
            }
            pthread_mutex_lock(&d.lock);
            if (!context) {
                free(buf);
                free(c);
                util_out_of_memory(source);
                oom = 1;
                d.eof = 1;
                continue;
            }
            if (len == 0) { /* the end: nothing for this context */
                pthread_mutex_unlock(&d.lock);
                p->chunk_drop(p->caller, context);
                pthread_mutex_lock(&d.lock);
                release_buffer(&d, &(chunk){.bytes = buf});
                free(c);
                d.eof = 1;
                continue;
            }
            c->bytes = buf;
            c->len = len;
            c->offset = k.offset;
            c->line = k.line;
            c->candidate = candidate && !first;
            c->context = context;
            first = 0;
            k.offset += len;
            k.line += (unsigned long)count_lines(buf, len);
            k.carry_candidate = next_candidate;
            if (d.tail)
                d.tail->next = c;
            else
                d.head = c;
            d.tail = c;
            d.held++;
            if (d.queue_tail)
                d.queue_tail->queue_next = c;
            else
                d.queue = c;
            d.queue_tail = c;
            if (k.ended && k.carry_len == 0)
                d.eof = 1;
            pthread_cond_signal(&d.work_cv);
            continue;
        }
        if (!changed)
            pthread_cond_wait(&d.main_cv, &d.lock);
    }
    d.shutdown = 1;
    pthread_cond_broadcast(&d.work_cv);
    pthread_mutex_unlock(&d.lock);
    for (int i = 0; i < started; i++)
        pthread_join(ids[i], NULL);
    input_progress_end(&progress);
    if (k.failed) {
        pgn_input_report_stream_error(source, k.stream);
        failed = 1;
    } else if (k.offset == 0 && !oom && !failed) {
        util_error(source, "warning: the input is empty (no games)");
    }
    input_stream_close(k.stream);
    for (size_t i = 0; i < d.free_n; i++)
        free(d.free_buffers[i]);
    free(d.free_buffers);
    free(k.carry);
    free(ids);
    pthread_mutex_destroy(&d.lock);
    pthread_cond_destroy(&d.work_cv);
    pthread_cond_destroy(&d.main_cv);
    return failed || oom ? -1 : 0;
}

/* The first offset p at or after x at which a game starts by the look of
 * the bytes: a line starting with '[' after a blank line ("\n\n[" or
 * "\n\r\n["), as games are separated in PGN's export format (x itself for
 * 0 and for the file's end and past it). Whether p qualifies depends on the
 * bytes p-3 to p alone, so the cut is a function of the file and x, and
 * cuts of a split never cross. A '[' line inside a tag section has no
 * blank line before it, so a cut lands there only in a file whose games
 * are not separated so; a blank line and a '[' line inside a comment are
 * the rare cut that input_range_read reports (boundary_ok). */
static int range_cut(int fd, uint64_t x, uint64_t size, uint64_t *cut)
{
    if (x == 0 || x >= size) {
        *cut = x >= size ? size : 0;
        return 0;
    }
    char buf[1 << 16];
    uint64_t at = x >= 3 ? x - 3 : 0;
    /* The three bytes before the one looked at, the oldest first; a byte
     * before the file's start counts as a line end. */
    char last[3] = {'\n', '\n', '\n'};
    while (at < size) {
        ssize_t got = pread(fd, buf, sizeof buf, (off_t)at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return errno;
        if (got == 0)
            break;
        for (ssize_t i = 0; i < got; i++) {
            char c = buf[i];
            if (c == '[' && at + (uint64_t)i >= x && last[2] == '\n' &&
                (last[1] == '\n' || (last[1] == '\r' && last[0] == '\n'))) {
                *cut = at + (uint64_t)i;
                return 0;
            }
            last[0] = last[1];
            last[1] = last[2];
            last[2] = c;
        }
        at += (uint64_t)got;
    }
    *cut = size;
    return 0;
}

static int file_size(int fd, uint64_t *size)
{
    off_t end = lseek(fd, 0, SEEK_END);
    if (end < 0)
        return errno;
    *size = (uint64_t)end;
    return 0;
}

int input_range_bounds(int fd, uint64_t a, uint64_t b, uint64_t *start, uint64_t *end)
{
    uint64_t size = 0;
    int error = file_size(fd, &size);
    if (!error)
        error = range_cut(fd, a, size, start);
    if (!error)
        error = b <= a ? (*end = *start, 0) : range_cut(fd, b, size, end);
    return error;
}

int input_range_read(const pgn_handler *handler, void *context, int fd, uint64_t a, uint64_t b,
                     int *boundary_ok)
{
    uint64_t start, end;
    int error = input_range_bounds(fd, a, b, &start, &end);
    *boundary_ok = 1;
    if (error)
        return error;
    pgn_reader *r = pgn_reader_new(handler, context);
    if (!r)
        return ENOMEM;
    if (start > 0)
        pgn_reader_set_base(r, start, 1, 0);
    char *buf = malloc(INPUT_SLOT_SIZE);
    if (!buf) {
        pgn_reader_free(r);
        return ENOMEM;
    }
    for (uint64_t at = start; at < end && !error;) {
        size_t want = end - at < INPUT_SLOT_SIZE ? (size_t)(end - at) : INPUT_SLOT_SIZE;
        ssize_t got = pread(fd, buf, want, (off_t)at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            error = got < 0 ? errno : EIO;
            break;
        }
        pgn_feed(r, buf, (size_t)got);
        at += (uint64_t)got;
    }
    uint64_t size = 0;
    /* An empty part reads nothing: the next starts where it does. */
    if (!error && end > start && !file_size(fd, &size) && end < size)
        *boundary_ok = pgn_reader_at_game_boundary(r);
    pgn_finish(r);
    pgn_reader_free(r);
    free(buf);
    return error;
}
