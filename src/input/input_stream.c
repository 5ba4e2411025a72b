/* input_stream.c - reading and decoding one input on a thread of its own
 * (input_stream.h). The thread fills the ring's free slots in order; the
 * caller takes the filled ones in order and gives each back at its next
 * call. One mutex and two condition variables: slots are large, so the
 * handovers are few. */
#define _POSIX_C_SOURCE 200809L

#include "input_stream.h"

#include <bzlib.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#define RAW_SIZE ((size_t)128 << 10)

struct input_stream {
    int fd;
    input_format format;
    pthread_t thread;
    int thread_running;
    pthread_mutex_t lock;
    pthread_cond_t filled_cond, free_cond;
    char *slot[INPUT_SLOTS];
    size_t slot_len[INPUT_SLOTS];
    /* Slots produced and consumed so far (the slot is the count modulo
     * INPUT_SLOTS); the caller holds slot `taken - 1` until its next call. */
    uint64_t produced, taken;
    int holding;
    int done;                       /* the producer has put its last slot */
    int stop;                       /* the caller closes: produce no more */
    /* input_stream_next_into: the caller reads a plain input itself, into
     * its own buffers, once the slots filled before are taken. */
    int direct_wanted;              /* asked by the caller */
    int handed_over;                /* the producer of a plain input stopped for it */
    int direct;                     /* the caller's reads have begun */
    const char *pending;            /* the rest of the slot taken last */
    size_t pending_len;
    int failed;
    char message[200];
    uint64_t error_at;
    int error_errno;
    /* The producer's own: compressed bytes. */
    unsigned char *raw;
    size_t raw_len, raw_pos;
    int raw_eof;
    _Atomic uint64_t raw_total;     /* read from fd so far */
    uint64_t raw_consumed_before;   /* raw bytes before raw[0] */
};

const char *input_format_name(input_format f)
{
    switch (f) {
    case INPUT_ZSTD: return "zstd";
    case INPUT_GZIP: return "gzip";
    case INPUT_BZIP2: return "bzip2";
    default: return "plain";
    }
}

/* The producer's next free slot, or NULL when the caller has closed or
 * reads a plain input itself from now on. */
static char *wait_free_slot(input_stream *s)
{
    char *slot = NULL;
    pthread_mutex_lock(&s->lock);
    int plain = s->format == INPUT_PLAIN; /* the producer's own field */
    while (!s->stop && !(plain && s->direct_wanted) &&
           s->produced - s->taken + (uint64_t)s->holding >= INPUT_SLOTS)
        pthread_cond_wait(&s->free_cond, &s->lock);
    if (!s->stop && !(plain && s->direct_wanted))
        slot = s->slot[s->produced % INPUT_SLOTS];
    pthread_mutex_unlock(&s->lock);
    return slot;
}

static void put_slot(input_stream *s, size_t len)
{
    pthread_mutex_lock(&s->lock);
    s->slot_len[s->produced % INPUT_SLOTS] = len;
    s->produced++;
    pthread_cond_signal(&s->filled_cond);
    pthread_mutex_unlock(&s->lock);
}

static void finish(input_stream *s)
{
    pthread_mutex_lock(&s->lock);
    s->done = 1;
    pthread_cond_signal(&s->filled_cond);
    pthread_mutex_unlock(&s->lock);
}

/* Called by the producer alone, before finish(), or by the caller reading
 * a plain input itself once the producer has finished: a failed read
 * (error is its errno), or a stream damaged or cut short ("damaged", "cut
 * short"). */
static void fail(input_stream *s, uint64_t at, int error, const char *what, const char *reason)
{
    s->failed = 1;
    s->error_at = at;
    s->error_errno = error;
    if (error)
        snprintf(s->message, sizeof s->message, "cannot read: %s", reason);
    else
        snprintf(s->message, sizeof s->message, "%s stream %s at compressed byte %llu: %s",
                 input_format_name(s->format), what, (unsigned long long)at, reason);
}

/* More compressed bytes into raw (what is left of it moved to its start):
 * 1, 0 at the end of the input, -1 after a failed read (recorded). */
static int read_raw(input_stream *s)
{
    if (s->raw_pos > 0) {
        memmove(s->raw, s->raw + s->raw_pos, s->raw_len - s->raw_pos);
        s->raw_len -= s->raw_pos;
        s->raw_consumed_before += s->raw_pos;
        s->raw_pos = 0;
    }
    if (s->raw_eof || s->raw_len == RAW_SIZE)
        return s->raw_len == RAW_SIZE;
    for (;;) {
        ssize_t got = read(s->fd, s->raw + s->raw_len, RAW_SIZE - s->raw_len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            fail(s, s->raw_consumed_before + s->raw_len, errno, "", strerror(errno));
            return -1;
        }
        if (got == 0) {
            s->raw_eof = 1;
            return 0;
        }
        s->raw_len += (size_t)got;
        atomic_fetch_add(&s->raw_total, (uint64_t)got);
        return 1;
    }
}

static uint64_t raw_at(const input_stream *s) { return s->raw_consumed_before + s->raw_pos; }

input_format input_magic_format(const unsigned char *b, size_t n)
{
    if (n >= 4 && b[0] == 0x28 && b[1] == 0xB5 && b[2] == 0x2F && b[3] == 0xFD)
        return INPUT_ZSTD;
    if (n >= 4 && (b[0] & 0xF0) == 0x50 && b[1] == 0x2A && b[2] == 0x4D && b[3] == 0x18)
        return INPUT_ZSTD; /* a skippable frame first */
    if (n >= 2 && b[0] == 0x1F && b[1] == 0x8B)
        return INPUT_GZIP;
    if (n >= 4 && b[0] == 'B' && b[1] == 'Z' && b[2] == 'h' && b[3] >= '1' && b[3] <= '9')
        return INPUT_BZIP2;
    return INPUT_PLAIN;
}

/* The first bytes, up to four (or the end of the input), name the format. */
static input_format sniff(input_stream *s)
{
    while (s->raw_len < 4) {
        int r = read_raw(s);
        if (r <= 0)
            break;
    }
    return input_magic_format(s->raw, s->raw_len);
}

/* A plain input's next bytes into buf, at most cap: first what sniff() read
 * and no slot holds yet, then the descriptor. 1 with *len, 0 at the end, -1
 * after a failed read (recorded). The producer's, or after the hand-over
 * the caller's. */
static int read_plain(input_stream *s, char *buf, size_t cap, size_t *len)
{
    if (s->raw_pos < s->raw_len) {
        size_t n = s->raw_len - s->raw_pos < cap ? s->raw_len - s->raw_pos : cap;
        memcpy(buf, s->raw + s->raw_pos, n);
        s->raw_pos += n;
        *len = n;
        return 1;
    }
    for (;;) {
        ssize_t got = read(s->fd, buf, cap);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            fail(s, atomic_load(&s->raw_total), errno, "", strerror(errno));
            return -1;
        }
        if (got == 0)
            return 0;
        atomic_fetch_add(&s->raw_total, (uint64_t)got);
        *len = (size_t)got;
        return 1;
    }
}

static void produce_plain(input_stream *s)
{
    /* What sniff() read goes first, then the descriptor straight into
     * slots; once the caller reads the descriptor itself, nothing more. */
    for (;;) {
        char *slot = wait_free_slot(s);
        if (!slot) {
            pthread_mutex_lock(&s->lock);
            s->handed_over = s->direct_wanted && !s->stop;
            pthread_mutex_unlock(&s->lock);
            return;
        }
        size_t len;
        if (read_plain(s, slot, INPUT_SLOT_SIZE, &len) <= 0)
            return;
        put_slot(s, len);
    }
}

static const char damaged[] = "damaged";
static const char truncated[] = "cut short";

/* A decoder's step: what it did with out[*out_pos..cap) and in[*in_pos..len). */
enum { STEP_OK, STEP_UNIT_END, STEP_ERROR };

/* One compressed format, for decode(): its stream is a sequence of units
 * (zstd's frames, gzip's members, bzip2's streams). */
typedef struct decoder {
    const char *unit;
    void *state;
    /* A unit starts (the first, or one after another's end): 0, or -1 with
     * the failure recorded (fail() or a failed read). */
    int (*start_unit)(input_stream *s, void *state);
    /* Decodes what it can, *out_pos and *in_pos moved on: STEP_OK,
     * STEP_UNIT_END at a unit's end, STEP_ERROR with *reason. With len 0 it
     * gives out what it still holds. */
    int (*step)(void *state, char *out, size_t cap, size_t *out_pos, const unsigned char *in, size_t len,
                size_t *in_pos, const char **reason);
} decoder;

/* The producer's loop for every compressed format: the slots filled with
 * decoded bytes; at the input's end, what the decoder holds, and "cut
 * short" when a unit is left open; a damaged unit reported at its offset. */
static void decode(input_stream *s, const decoder *d)
{
    int in_unit = 0;
    for (;;) {
        char *slot = wait_free_slot(s);
        if (!slot)
            break;
        size_t out_pos = 0;
        int end = 0;
        while (out_pos < INPUT_SLOT_SIZE && !end) {
            if (s->raw_pos == s->raw_len) {
                int r = read_raw(s);
                if (r < 0) {
                    end = 1;
                    break;
                }
                if (r == 0 && s->raw_pos == s->raw_len) {
                    /* the input is over: what the decoder still holds, then the verdict */
                    if (in_unit) {
                        size_t before = out_pos, none = 0;
                        const char *reason;
                        int step = d->step(d->state, slot, INPUT_SLOT_SIZE, &out_pos, s->raw, 0, &none, &reason);
                        if (step == STEP_UNIT_END)
                            in_unit = 0;
                        if (step == STEP_UNIT_END || (step == STEP_OK && out_pos > before))
                            continue;
                        char text[40];
                        snprintf(text, sizeof text, "the input ends inside a %s", d->unit);
                        fail(s, raw_at(s), 0, truncated, text);
                    }
                    end = 1;
                    break;
                }
            }
            if (!in_unit) {
                if (d->start_unit(s, d->state) != 0) {
                    end = 1;
                    break;
                }
                in_unit = 1;
            }
            const char *reason;
            int step = d->step(d->state, slot, INPUT_SLOT_SIZE, &out_pos, s->raw, s->raw_len, &s->raw_pos, &reason);
            if (step == STEP_UNIT_END) {
                in_unit = 0;
            } else if (step == STEP_ERROR) {
                fail(s, raw_at(s), 0, damaged, reason);
                end = 1;
            }
        }
        if (out_pos > 0)
            put_slot(s, out_pos);
        if (end)
            break;
    }
}

/* Zstandard: the frames follow one another within the decoder. */
static int zstd_start(input_stream *s, void *state)
{
    (void)s;
    (void)state;
    return 0;
}

static int zstd_step(void *state, char *out, size_t cap, size_t *out_pos, const unsigned char *in, size_t len,
                     size_t *in_pos, const char **reason)
{
    ZSTD_outBuffer o = {out, cap, *out_pos};
    ZSTD_inBuffer i = {in, len, *in_pos};
    /* the hint: 0 at a frame's end (with output still held, the next call writes it) */
    size_t hint = ZSTD_decompressStream(state, &o, &i);
    *out_pos = o.pos;
    *in_pos = i.pos;
    if (ZSTD_isError(hint)) {
        *reason = ZSTD_getErrorName(hint);
        return STEP_ERROR;
    }
    return hint == 0 ? STEP_UNIT_END : STEP_OK;
}

static void produce_zstd(input_stream *s)
{
    ZSTD_DCtx *z = ZSTD_createDCtx();
    if (!z || ZSTD_isError(ZSTD_DCtx_setParameter(z, ZSTD_d_windowLogMax, INPUT_ZSTD_WINDOW_LOG_MAX))) {
        fail(s, 0, ENOMEM, "", "out of memory");
        ZSTD_freeDCtx(z);
        return;
    }
    decoder d = {"frame", z, zstd_start, zstd_step};
    decode(s, &d);
    ZSTD_freeDCtx(z);
}

/* gzip: a member after another must start with the magic number. */
static int gzip_start(input_stream *s, void *state)
{
    if (s->raw_len - s->raw_pos < 2 && !s->raw_eof && read_raw(s) < 0)
        return -1;
    if (s->raw_len - s->raw_pos < 2 || s->raw[s->raw_pos] != 0x1F || s->raw[s->raw_pos + 1] != 0x8B) {
        fail(s, raw_at(s), 0, damaged, "bytes after a member that start no gzip member");
        return -1;
    }
    inflateReset(state);
    return 0;
}

static int gzip_step(void *state, char *out, size_t cap, size_t *out_pos, const unsigned char *in, size_t len,
                     size_t *in_pos, const char **reason)
{
    z_stream *z = state;
    z->next_out = (Bytef *)out + *out_pos;
    z->avail_out = (uInt)(cap - *out_pos);
    z->next_in = (Bytef *)in + *in_pos;
    z->avail_in = (uInt)(len - *in_pos);
    int status = inflate(z, Z_NO_FLUSH);
    *out_pos = cap - z->avail_out;
    *in_pos = len - z->avail_in;
    if (status == Z_STREAM_END)
        return STEP_UNIT_END;
    if (status == Z_OK || (status == Z_BUF_ERROR && len > 0)) /* Z_BUF_ERROR: more input is needed */
        return STEP_OK;
    *reason = z->msg ? z->msg : "not a gzip stream";
    return STEP_ERROR;
}

static void produce_gzip(input_stream *s)
{
    z_stream z;
    memset(&z, 0, sizeof z);
    if (inflateInit2(&z, 15 + 16) != Z_OK) {
        fail(s, 0, ENOMEM, "", "out of memory");
        return;
    }
    decoder d = {"member", &z, gzip_start, gzip_step};
    decode(s, &d);
    inflateEnd(&z);
}

static const char *bzip2_reason(int status)
{
    switch (status) {
    case BZ_DATA_ERROR: return "a block's check (CRC) does not match its data";
    case BZ_DATA_ERROR_MAGIC: return "bytes after a stream that start no bzip2 stream";
    case BZ_MEM_ERROR: return "out of memory";
    default: return "the decoder failed";
    }
}

/* bzip2: each stream of a file decoded by a decoder made for it. */
typedef struct bzip2_state {
    bz_stream b;
    int inited;
} bzip2_state;

static int bzip2_start(input_stream *s, void *state)
{
    bzip2_state *z = state;
    if (z->inited)
        BZ2_bzDecompressEnd(&z->b);
    memset(&z->b, 0, sizeof z->b);
    z->inited = BZ2_bzDecompressInit(&z->b, 0, 0) == BZ_OK;
    if (!z->inited) {
        fail(s, raw_at(s), ENOMEM, "", "out of memory");
        return -1;
    }
    return 0;
}

static int bzip2_step(void *state, char *out, size_t cap, size_t *out_pos, const unsigned char *in, size_t len,
                      size_t *in_pos, const char **reason)
{
    bz_stream *b = &((bzip2_state *)state)->b;
    b->next_out = out + *out_pos;
    b->avail_out = (unsigned)(cap - *out_pos);
    b->next_in = (char *)in + *in_pos;
    b->avail_in = (unsigned)(len - *in_pos);
    int status = BZ2_bzDecompress(b);
    *out_pos = cap - b->avail_out;
    *in_pos = len - b->avail_in;
    if (status == BZ_STREAM_END)
        return STEP_UNIT_END;
    if (status == BZ_OK)
        return STEP_OK;
    *reason = bzip2_reason(status);
    return STEP_ERROR;
}

static void produce_bzip2(input_stream *s)
{
    bzip2_state z = {{0}, 0};
    decoder d = {"stream", &z, bzip2_start, bzip2_step};
    decode(s, &d);
    if (z.inited)
        BZ2_bzDecompressEnd(&z.b);
}

static void *producer(void *arg)
{
    input_stream *s = arg;
    s->format = sniff(s);
    if (!s->failed) {
        switch (s->format) {
        case INPUT_ZSTD: produce_zstd(s); break;
        case INPUT_GZIP: produce_gzip(s); break;
        case INPUT_BZIP2: produce_bzip2(s); break;
        default: produce_plain(s); break;
        }
    }
    finish(s);
    return NULL;
}

input_stream *input_stream_open(int fd)
{
    input_stream *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->fd = fd;
    atomic_init(&s->raw_total, 0);
    int ok = (s->raw = malloc(RAW_SIZE)) != NULL;
    for (int i = 0; i < INPUT_SLOTS && ok; i++)
        ok = (s->slot[i] = malloc(INPUT_SLOT_SIZE)) != NULL;
    if (!ok) {
        input_stream_close(s);
        errno = ENOMEM;
        return NULL;
    }
    pthread_mutex_init(&s->lock, NULL);
    pthread_cond_init(&s->filled_cond, NULL);
    pthread_cond_init(&s->free_cond, NULL);
    int error = pthread_create(&s->thread, NULL, producer, s);
    if (error) {
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->filled_cond);
        pthread_cond_destroy(&s->free_cond);
        for (int i = 0; i < INPUT_SLOTS; i++)
            free(s->slot[i]);
        free(s->raw);
        free(s);
        errno = error;
        return NULL;
    }
    s->thread_running = 1;
    return s;
}

int input_stream_next(input_stream *s, const char **bytes, size_t *len)
{
    pthread_mutex_lock(&s->lock);
    if (s->holding) { /* the slot handed out last time is free again */
        s->holding = 0;
        pthread_cond_signal(&s->free_cond);
    }
    while (s->taken == s->produced && !s->done)
        pthread_cond_wait(&s->filled_cond, &s->lock);
    int result;
    if (s->taken < s->produced) {
        size_t i = (size_t)(s->taken % INPUT_SLOTS);
        *bytes = s->slot[i];
        *len = s->slot_len[i];
        s->taken++;
        s->holding = 1;
        result = 1;
    } else {
        result = s->failed ? -1 : 0;
    }
    pthread_mutex_unlock(&s->lock);
    return result;
}

int input_stream_next_into(input_stream *s, char *buf, size_t cap, size_t *len)
{
    if (cap == 0) {
        *len = 0;
        return 1;
    }
    if (s->pending_len == 0) {
        if (s->direct)
            return read_plain(s, buf, cap, len);
        if (!s->direct_wanted) {
            pthread_mutex_lock(&s->lock);
            s->direct_wanted = 1;
            pthread_cond_broadcast(&s->free_cond);
            pthread_mutex_unlock(&s->lock);
        }
        int got = input_stream_next(s, &s->pending, &s->pending_len);
        if (got == 0 && s->handed_over) { /* done, and seen under the lock */
            s->direct = 1;
            return read_plain(s, buf, cap, len);
        }
        if (got <= 0)
            return got;
    }
    size_t n = s->pending_len < cap ? s->pending_len : cap;
    memcpy(buf, s->pending, n);
    s->pending += n;
    s->pending_len -= n;
    *len = n;
    return 1;
}

const char *input_stream_error(const input_stream *s, uint64_t *at, int *errno_value)
{
    *at = s->error_at;
    *errno_value = s->error_errno;
    return s->message;
}

input_format input_stream_format(const input_stream *s) { return s->format; }

uint64_t input_stream_raw_read(input_stream *s) { return atomic_load(&s->raw_total); }

void input_stream_close(input_stream *s)
{
    if (!s)
        return;
    if (s->thread_running) {
        pthread_mutex_lock(&s->lock);
        s->stop = 1;
        pthread_cond_broadcast(&s->free_cond);
        pthread_mutex_unlock(&s->lock);
        pthread_join(s->thread, NULL);
        pthread_mutex_destroy(&s->lock);
        pthread_cond_destroy(&s->filled_cond);
        pthread_cond_destroy(&s->free_cond);
    }
    for (int i = 0; i < INPUT_SLOTS; i++)
        free(s->slot[i]);
    free(s->raw);
    free(s);
}
