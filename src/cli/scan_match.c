/* Finding GBR codes in arbitrary text (see scan_match.h and spec/gbr.md,
 * "Scanning text"). */
#define _POSIX_C_SOURCE 200809L /* read(2), mmap(2), posix_madvise, sigsetjmp */

#include "scan_match.h"

#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define SCAN_HAVE_AVX2 1
#include <immintrin.h>
#endif

/* ---- Character classes ---------------------------------------------------- */
static int is_digit(unsigned char c) { return c >= '0' && c <= '9'; }
static int is_pawn_digit(unsigned char c) { return c >= '0' && c <= '8'; }
static int is_file(unsigned char c) { return c >= 'a' && c <= 'h'; }
static int is_rank(unsigned char c) { return c >= '1' && c <= '8'; }

/* A byte that glues a code to its neighbour: ASCII letters and digits, '_',
 * '.', '/', and any byte above 0x7f (a letter of some 8-bit or UTF-8 text,
 * or a currency sign) except 0xA0, the no-break space. */
static int is_word(unsigned char c)
{
    if (c >= 0x80)
        return c != 0xA0;
    return is_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_' || c == '.' || c == '/';
}

static int is_square_at(const unsigned char *t, size_t at, size_t hi)
{
    return at + 2 <= hi && is_file(t[at]) && is_rank(t[at + 1]);
}

/* Whether a code may end just before t[end]: the text ends, or a non-word
 * byte follows, or a full stop that is not followed by a digit (the end of a
 * sentence, not "2023.11.05"). */
static int right_boundary(const unsigned char *t, size_t end, size_t hi)
{
    if (end >= hi || !is_word(t[end]))
        return 1;
    return t[end] == '.' && (end + 1 >= hi || !is_digit(t[end + 1]));
}

/* Whether a code may start at t[start]. */
static int left_boundary(const unsigned char *t, size_t start, size_t lo)
{
    return start == lo || !is_word(t[start - 1]);
}

unsigned scan_form_bit(gbr_form form)
{
    switch (form) {
    case GBR_FORM_MATERIAL: return SCAN_MATERIAL;
    case GBR_FORM_STUDY: return SCAN_STUDY;
    case GBR_FORM_POSITION: return SCAN_POSITION;
    default: return 0;
    }
}

/* ---- Anchors ----------------------------------------------------------------
 * Move numbers make '.' frequent in PGN ("12. Nf3"), so the anchor test is
 * done on 32 bytes at once rather than stopping at every '.'. */
static size_t next_anchor_scalar(const unsigned char *t, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (t[i] == '.' && is_pawn_digit(t[i + 1]) && is_digit(t[i - 1]))
            return i;
    return to;
}

#ifdef SCAN_HAVE_AVX2
/* 64 bytes a step: a '.' followed by a pawn digit is rare in any text, so
 * the digit before it is checked on the few bytes that pass. */
__attribute__((target("avx2"))) static size_t next_anchor_avx2(const unsigned char *t, size_t from, size_t to)
{
    const __m256i dot = _mm256_set1_epi8('.');
    const __m256i zero = _mm256_set1_epi8('0');
    const __m256i eight = _mm256_set1_epi8(8);
    size_t i = from;
    for (; i + 64 <= to; i += 64) {
        __m256i here0 = _mm256_loadu_si256((const __m256i *)(const void *)(t + i));
        __m256i here1 = _mm256_loadu_si256((const __m256i *)(const void *)(t + i + 32));
        __m256i after0 = _mm256_sub_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(t + i + 1)), zero);
        __m256i after1 = _mm256_sub_epi8(_mm256_loadu_si256((const __m256i *)(const void *)(t + i + 33)), zero);
        __m256i hit0 = _mm256_and_si256(_mm256_cmpeq_epi8(here0, dot),
                                        _mm256_cmpeq_epi8(_mm256_min_epu8(after0, eight), after0));
        __m256i hit1 = _mm256_and_si256(_mm256_cmpeq_epi8(here1, dot),
                                        _mm256_cmpeq_epi8(_mm256_min_epu8(after1, eight), after1));
        uint64_t mask = (uint64_t)(uint32_t)_mm256_movemask_epi8(hit0) |
                        (uint64_t)(uint32_t)_mm256_movemask_epi8(hit1) << 32;
        while (mask) {
            size_t at = i + (unsigned)__builtin_ctzll(mask);
            if (is_digit(t[at - 1]))
                return at;
            mask &= mask - 1;
        }
    }
    return next_anchor_scalar(t, i, to);
}

__attribute__((target("avx2"))) static size_t count_newlines_avx2(const unsigned char *t, size_t len, size_t *last)
{
    const __m256i newline = _mm256_set1_epi8('\n');
    size_t count = 0, i = 0;
    for (; i + 32 <= len; i += 32) {
        __m256i block = _mm256_loadu_si256((const __m256i *)(const void *)(t + i));
        unsigned mask = (unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(block, newline));
        if (mask) {
            count += (size_t)__builtin_popcount(mask);
            *last = i + 31u - (unsigned)__builtin_clz(mask);
        }
    }
    for (; i < len; i++)
        if (t[i] == '\n') {
            count++;
            *last = i;
        }
    return count;
}

static int have_avx2(void) { return __builtin_cpu_supports("avx2"); }
#endif

size_t scan_next_anchor(const char *text, size_t from, size_t to)
{
    const unsigned char *t = (const unsigned char *)text;
    if (from >= to)
        return to;
#ifdef SCAN_HAVE_AVX2
    if (have_avx2())
        return next_anchor_avx2(t, from, to);
#endif
    return next_anchor_scalar(t, from, to);
}

size_t scan_count_newlines(const char *text, size_t len, size_t *last)
{
    const unsigned char *t = (const unsigned char *)text;
#ifdef SCAN_HAVE_AVX2
    if (have_avx2())
        return count_newlines_avx2(t, len, last);
#endif
    size_t count = 0;
    const unsigned char *p = t, *end = t + len;
    while ((p = memchr(p, '\n', (size_t)(end - p))) != NULL) {
        count++;
        *last = (size_t)(p - t);
        p++;
    }
    return count;
}

/* ---- One anchor ------------------------------------------------------------- */

/* A separator inside a position form: one space, or one line break ("\n" or
 * "\r\n"), so that a position wrapped at the end of a line is still found.
 * Returns its length, 0 when there is none at t[at]. */
static size_t separator_at(const unsigned char *t, size_t at, size_t hi)
{
    if (at >= hi)
        return 0;
    if (t[at] == ' ' || t[at] == '\n')
        return 1;
    if (t[at] == '\r' && at + 1 < hi && t[at + 1] == '\n')
        return 2;
    return 0;
}

/* The position form whose material code is t[material, material + 7), with
 * the separator ending at `material`. Copies it with each separator made one
 * space and lets the codec judge it. */
static int match_position(const gbr_codec *codec, const unsigned char *t, size_t lo, size_t hi, size_t material,
                          scan_match *out)
{
    /* Before the material: a separator, then the two kings. */
    if (material < lo + 5)
        return 0;
    size_t sep = 0;
    if (t[material - 1] == ' ')
        sep = 1;
    else if (t[material - 1] == '\n')
        sep = (material >= lo + 6 && t[material - 2] == '\r') ? 2 : 1;
    if (sep == 0 || material < lo + sep + 4)
        return 0;
    size_t kings = material - sep - 4;
    if (!is_square_at(t, kings, hi) || !is_square_at(t, kings + 2, hi) || !left_boundary(t, kings, lo))
        return 0;

    char text[GBR_POSITION_MAX + 8];
    size_t len = 0;
    memcpy(text, t + kings, 4);
    text[4] = ' ';
    memcpy(text + 5, t + material, 7);
    len = 12;
    /* After the material: up to the '.' that follows the men count's '/'
     * (a '/' inside a {white/black} group does not count). */
    int depth = 0, slash_seen = 0;
    size_t at = material + 7;
    for (;;) {
        if (at >= hi || len >= GBR_POSITION_MAX)
            return 0;
        size_t s = separator_at(t, at, hi);
        if (s) {
            if (text[len - 1] == ' ')
                return 0; /* two separators in a row: not one form */
            text[len++] = ' ';
            at += s;
            continue;
        }
        unsigned char c = t[at++];
        if (c < 0x20 || c >= 0x7f)
            return 0;
        text[len++] = (char)c;
        if (c == '{')
            depth++;
        else if (c == '}')
            depth--;
        else if (c == '/' && depth == 0)
            slash_seen = 1;
        else if (c == '.' && slash_seen)
            break;
    }
    if (!right_boundary(t, at, hi))
        return 0;
    gbr_result r = gbr_parse_position(codec, text, len, &out->value.position);
    if (r.error)
        return 0;
    r = gbr_format_position(codec, out->canonical, sizeof out->canonical, &out->value.position);
    if (r.error)
        return 0;
    out->canonical_len = r.length;
    out->form = GBR_FORM_POSITION;
    out->start = kings;
    out->end = at;
    return 1;
}

int scan_match_at(const gbr_codec *codec, const char *text, size_t lo, size_t hi, size_t dot, scan_match *out)
{
    const unsigned char *t = (const unsigned char *)text;
    if (dot < lo + 4 || dot + 3 > hi)
        return 0;
    size_t material = dot - 4;
    if (!is_digit(t[material]) || !is_digit(t[material + 1]) || !is_digit(t[material + 2]) ||
        !is_digit(t[material + 3]) || !is_pawn_digit(t[dot + 1]) || !is_pawn_digit(t[dot + 2]))
        return 0;
    if (!left_boundary(t, material, lo))
        return 0;
    size_t after = dot + 3;

    /* Two squares right after the pawn digits: a study code. */
    if (after < hi && is_file(t[after])) {
        if (!is_square_at(t, after, hi) || !is_square_at(t, after + 2, hi) || !right_boundary(t, after + 4, hi))
            return 0;
        size_t start = material;
        /* A stipulation counts when it stands at a boundary itself. */
        if (material > lo && (t[material - 1] == '+' || t[material - 1] == '=') && left_boundary(t, material - 1, lo))
            start = material - 1;
        gbr_result r = gbr_parse_study(codec, text + start, after + 4 - start, &out->value.study);
        if (r.error)
            return 0;
        r = gbr_format_study(codec, out->canonical, sizeof out->canonical, &out->value.study);
        if (r.error)
            return 0;
        out->canonical_len = r.length;
        out->form = GBR_FORM_STUDY;
        out->start = start;
        out->end = after + 4;
        return 1;
    }
    if (!right_boundary(t, after, hi))
        return 0;
    if (match_position(codec, t, lo, hi, material, out))
        return 1;
    gbr_result r = gbr_parse_material(codec, text + material, 7, &out->value.material);
    if (r.error)
        return 0;
    r = gbr_format_material(codec, out->canonical, sizeof out->canonical, &out->value.material);
    if (r.error)
        return 0;
    out->canonical_len = r.length;
    out->form = GBR_FORM_MATERIAL;
    out->start = material;
    out->end = after;
    return 1;
}

int scan_first(const gbr_codec *codec, const char *text, size_t len, size_t from, scan_match *out)
{
    if (len < 7)
        return 0;
    if (from < 4)
        from = 4;
    size_t to = len - 2; /* an anchor needs two pawn digits after it */
    while (from < to) {
        size_t dot = scan_next_anchor(text, from, to);
        if (dot >= to)
            return 0;
        if (scan_match_at(codec, text, 0, len, dot, out))
            return 1;
        from = dot + 1;
    }
    return 0;
}

/* ---- Streams ---------------------------------------------------------------
 * A window of text is searched in buf[from, to), with the bytes buf[lo, hi)
 * readable around it; buf[0] is at absolute offset `base` of the input. Lines
 * are counted lazily: the line number and line start are known at offset
 * `counted`, which never passes the start of a match still to be reported
 * (a match starts at or after the end of the previous one: every match ends
 * with a word byte, and a match needs a non-word byte before it). */
typedef struct scan_run {
    const gbr_codec *codec;
    unsigned forms;
    scan_report_fn report;
    void *context;
    scan_location where;
    unsigned long line;  /* line number at offset `counted` */
    uint64_t line_start; /* absolute offset where that line starts */
    uint64_t counted;    /* newlines before this absolute offset are counted */
} scan_run;

static void count_up_to(scan_run *r, const char *buf, uint64_t base, uint64_t to)
{
    if (to <= r->counted)
        return;
    size_t last = 0;
    size_t from = (size_t)(r->counted - base);
    size_t n = scan_count_newlines(buf + from, (size_t)(to - r->counted), &last);
    if (n) {
        r->line += (unsigned long)n;
        r->line_start = r->counted + last + 1;
    }
    r->counted = to;
}

/* Reports a match whose line state has been brought to its start. */
static void report_match(scan_run *r, uint64_t start, const scan_match *match)
{
    if (!(r->forms & scan_form_bit(match->form)))
        return;
    r->where.line = r->line;
    r->where.column = (unsigned long)(start - r->line_start + 1);
    r->report(r->context, &r->where, match);
}

#ifdef SCAN_HAVE_AVX2
typedef struct block_masks {
    uint64_t anchors;  /* bit i: an anchor "dddd.pp" has its '.' at block + i */
    uint64_t newlines; /* bit i: '\n' at block + i */
} block_masks;

/* Bytes where c - '0' (wrapping) is below `limit`, as 0xFF: digits (limit 10)
 * or pawn digits (limit 9). The bias makes the unsigned test a signed one. */
__attribute__((target("avx2"))) static __m256i digits_below(__m256i bytes, int limit)
{
    const __m256i bias = _mm256_set1_epi8((char)(0x80 - '0'));
    return _mm256_cmpgt_epi8(_mm256_set1_epi8((char)(-0x80 + limit)), _mm256_add_epi8(bytes, bias));
}

__attribute__((target("avx2"))) static __m256i load32(const unsigned char *p)
{
    return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

/* The whole anchor pattern (four digits, '.', two pawn digits) is tested on
 * the bytes around each position, so every bit set is a real anchor; reads
 * at[-4] to at[65]. */
__attribute__((target("avx2"))) static uint64_t anchor_bits32(const unsigned char *at, __m256i here)
{
    __m256i hit = _mm256_cmpeq_epi8(here, _mm256_set1_epi8('.'));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 1), 10));
    hit = _mm256_and_si256(hit, digits_below(load32(at + 1), 9));
    hit = _mm256_and_si256(hit, digits_below(load32(at + 2), 9));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 2), 10));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 3), 10));
    hit = _mm256_and_si256(hit, digits_below(load32(at - 4), 10));
    return (uint32_t)_mm256_movemask_epi8(hit);
}

__attribute__((target("avx2"))) static block_masks masks_of_block(const unsigned char *at)
{
    const __m256i newline = _mm256_set1_epi8('\n');
    __m256i low = load32(at), high = load32(at + 32);
    block_masks m;
    m.anchors = anchor_bits32(at, low) | anchor_bits32(at + 32, high) << 32;
    m.newlines = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, newline)) |
                 (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, newline)) << 32;
    return m;
}

static uint64_t low_bits(size_t n) { return n >= 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1; }

/* The search in 64-byte blocks, counting lines on the way instead of in a
 * pass of its own. The newlines of the previous block stay pending (not yet
 * added to the line state) because a match found in a block may start up to
 * ten bytes before it. Handles whole blocks in [from, to) and returns where
 * the search goes on; the line state stays valid at r->counted. */
__attribute__((target("avx2"))) static size_t scan_blocks_avx2(scan_run *r, const char *buf, uint64_t base,
                                                               size_t lo, size_t hi, size_t from, size_t to)
{
    const unsigned char *t = (const unsigned char *)buf;
    size_t committed = (size_t)(r->counted - base); /* the line state is valid here */
    size_t block = committed;                       /* the block being searched */
    uint64_t pending = 0;                           /* newlines in [committed, block) */
    unsigned long line = r->line;
    uint64_t line_start = r->line_start;
    scan_match match;
    while (block + 64 <= to) {
        block_masks m;
        if (block >= 4) {
            m = masks_of_block(t + block);
        } else {
            /* The loads reach 4 bytes back: give them non-digits there. */
            unsigned char padded[4 + 4 + 64 + 2];
            memset(padded, 0, sizeof padded);
            memcpy(padded + 4 + (4 - block), t, block + 64 + 2);
            m = masks_of_block(padded + 4 + 4);
        }
        uint64_t candidates = from > block ? m.anchors & ~low_bits(from - block) : m.anchors;
        int matched = 0;
        while (candidates) {
            size_t dot = block + (unsigned)__builtin_ctzll(candidates);
            candidates &= candidates - 1;
            if (!scan_match_at(r->codec, buf, lo, hi, dot, &match))
                continue;
            /* Bring the line state to the match's start (committed <= start). */
            size_t start = match.start;
            uint64_t before = start < block ? pending & low_bits(start - committed) : pending;
            uint64_t inside = start < block ? 0 : m.newlines & low_bits(start - block);
            line += (unsigned long)(__builtin_popcountll(before) + __builtin_popcountll(inside));
            if (inside)
                line_start = base + block + 64u - (unsigned)__builtin_clzll(inside);
            else if (before)
                line_start = base + committed + 64u - (unsigned)__builtin_clzll(before);
            r->line = line;
            r->line_start = line_start;
            r->counted = base + start;
            report_match(r, base + start, &match);
            /* Go on from the start of the match: its line breaks are not
             * counted yet; anchors inside it are masked off by `from`. */
            from = match.end;
            committed = block = start;
            pending = 0;
            matched = 1;
            break;
        }
        if (matched)
            continue;
        if (pending) {
            line += (unsigned long)__builtin_popcountll(pending);
            line_start = base + committed + 64u - (unsigned)__builtin_clzll(pending);
        }
        committed = block;
        pending = m.newlines;
        block += 64;
    }
    r->line = line;
    r->line_start = line_start;
    r->counted = base + committed;
    return from > block ? from : block;
}
#endif

/* Reports every match whose anchor is in buf[from, to); returns the offset
 * where the search goes on (at least `to`). */
static size_t scan_window(scan_run *r, const char *buf, uint64_t base, size_t lo, size_t hi, size_t from, size_t to)
{
    if (from < lo + 4)
        from = lo + 4;
#ifdef SCAN_HAVE_AVX2
    if (from < to && have_avx2())
        from = scan_blocks_avx2(r, buf, base, lo, hi, from, to);
#endif
    scan_match match;
    while (from < to) {
        size_t dot = scan_next_anchor(buf, from, to);
        if (dot >= to)
            break;
        if (scan_match_at(r->codec, buf, lo, hi, dot, &match)) {
            from = match.end > dot + 1 ? match.end : dot + 1;
            count_up_to(r, buf, base, base + match.start);
            report_match(r, base + match.start, &match);
        } else {
            from = dot + 1;
        }
    }
    return from > to ? from : to;
}

static size_t bom_length(const char *text, size_t n)
{
    return n >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static size_t fill(int fd, char *buf, size_t n, size_t cap, int *eof, int *failed)
{
    while (n < cap) {
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            *failed = errno;
            *eof = 1;
            break;
        }
        if (got == 0) {
            *eof = 1;
            break;
        }
        n += (size_t)got;
    }
    return n;
}

/* A mapped file that another process truncates makes every access past
 * its new end raise SIGBUS. While a mapping is searched, SIGBUS jumps back
 * to scan_mapped, which reports the input as cut short: the search touches
 * the mapping only in its own code (scan_window and what it calls; reports
 * copy what they print), so no lock or stdio state is left half-changed
 * by the jump. */
static sigjmp_buf *volatile mapped_escape;

static void escape_mapping(int sig)
{
    if (mapped_escape)
        siglongjmp(*mapped_escape, 1);
    signal(sig, SIG_DFL); /* not ours: die of it as before */
    raise(sig);
}

/* A regular file is mapped whole and searched in one window: no copies, and
 * no carrying of tails. Returns 1 when done, 0 when the file cannot be
 * mapped (the caller reads it instead), -1 when the file shrank while it was
 * searched (the matches before the cut were reported). */
static int scan_mapped(scan_run *r, int fd)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size <= 0 ||
        (uint64_t)st.st_size > (uint64_t)SIZE_MAX / 2)
        return 0; /* size 0 may still have content (/proc): read it */
    size_t n = (size_t)st.st_size;
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
        const char *text = map;
        size_t lo = bom_length(text, n);
        r->counted = r->line_start = lo;
        scan_window(r, text, 0, lo, n, lo, n >= 2 ? n - 2 : 0);
    } else {
        status = -1;
    }
    mapped_escape = NULL;
    sigaction(SIGBUS, &old, NULL);
    munmap(map, n);
    return status;
}

int scan_stream(const gbr_codec *codec, int fd, const char *source, unsigned forms, size_t buffer_size,
                scan_report_fn report, void *context)
{
    scan_run run = {codec, forms, report, context, {source, 0, 0}, 1, 0, 0};
    if (buffer_size == 0) {
        int mapped = scan_mapped(&run, fd);
        if (mapped < 0) {
            fprintf(stderr, "gbr: %s: cannot read: the file shrank while it was being read\n", source);
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
    if (!buf) {
        fprintf(stderr, "gbr: %s: out of memory\n", source);
        return -1;
    }
    /* The buffer holds the bytes at absolute offsets [base, base + n).
     * Anchors are tried while SCAN_LOOKAHEAD bytes follow them (or the input
     * has ended); then the last bytes are carried to the front so that a code
     * straddling two reads is seen whole. */
    uint64_t base = 0;       /* absolute offset of buf[0] */
    uint64_t text_start = 0; /* after a byte-order mark */
    uint64_t next = 0;       /* absolute offset from which to look for anchors */
    size_t n = 0;
    int eof = 0, failed = 0, first = 1;

    while (!eof) {
        n = fill(fd, buf, n, cap, &eof, &failed);
        if (first) {
            first = 0;
            text_start = run.line_start = run.counted = next = bom_length(buf, n);
        }
        size_t lo = text_start > base ? (size_t)(text_start - base) : 0;
        size_t to;
        if (eof)
            to = n >= 2 ? n - 2 : 0;
        else
            to = n > SCAN_LOOKAHEAD ? n - SCAN_LOOKAHEAD : 0;
        next = base + scan_window(&run, buf, base, lo, n, (size_t)(next - base), to);
        if (eof)
            break;
        /* Carry the tail: enough before the next anchor to see its left side. */
        size_t keep = to > SCAN_LOOKBEHIND ? to - SCAN_LOOKBEHIND : 0;
        if (keep < lo)
            keep = lo;
        count_up_to(&run, buf, base, base + keep);
        memmove(buf, buf + keep, n - keep);
        n -= keep;
        base += keep;
    }
    free(buf);
    if (failed) {
        fprintf(stderr, "gbr: %s: cannot read: %s\n", source, strerror(failed));
        return -1;
    }
    return 0;
}
