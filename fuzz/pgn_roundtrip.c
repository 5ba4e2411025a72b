/*
 * The PGN reader (src/pgn/pgn_reader.h) on any bytes: everything it reports
 * points at the bytes it says, checked against the input itself.
 * - The bytes handed on and the games' section texts, in call order, are the
 *   input, byte for byte.
 * - Games are numbered 1, 2, ...; each starts where the one before ended, the
 *   last ends at the end of the input; its section lies at its start, its
 *   movetext inside it after the section; its bytes arrive between its tags
 *   and game_end callbacks.
 * - Each tag: '[' at its open offset, its name at the name offset (a letter or
 *   digit, then bytes other than white space, control bytes, quotes and
 *   brackets), '"' before the raw value and '"' after it (or the ']' that ends
 *   its line, when no quote closes it), which has no newline and
 *   unescapes (\" and \\, done here again) to the value given, NUL-ended; a
 *   quote inside it not written \" is followed, past spaces and tabs, by
 *   neither ']' nor a newline (the value ends at the first quote that is);
 *   tags in increasing order, inside the section; a tag is superseded exactly
 *   when a later tag of its game has its name. Every line and column agrees
 *   with its offset (counted here from the input, a BOM aside).
 * - Fed whole, fed in small pieces (their sizes taken from the input) and
 *   byte by byte (pgn_reader_byte_by_byte: no runs of plain bytes read in one
 *   go), and fed in pieces of 1 to 64 bytes with runs on, the reader reports
 *   the same: no state is lost at a boundary, the runs read in one go are read
 *   as the one-byte path reads them, and a run cut anywhere by the end of a
 *   piece goes on as if it had not been cut. Fed in pieces of 17 bytes after
 *   a first piece of 1 to 16 (taken from the input), the pieces end at every
 *   offset modulo 16 in turn, so runs the reader classifies 16 bytes at a
 *   time are cut inside their blocks at each offset.
 * - Keeping only some tags (pgn_reader_keep_tags, a few names chosen to meet
 *   the seeds' tags: one letter, names of the same length, a prefix of a
 *   name), fed whole and byte by byte, the reader gives only tags of those
 *   names, and reports the same as fed whole with every tag once the others
 *   are left out of the account: the same bytes, games, tags kept (each one's
 *   offsets, lengths and value), malformed counts and diagnostics.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "pgn_reader.h"

/* A digest of every report, to compare the two ways of feeding. */
typedef struct run {
    const unsigned char *input;
    size_t len;
    size_t bom;                 /* 3 when the input starts with a BOM */
    size_t copied;              /* input bytes seen so far, in order */
    unsigned long games;
    uint64_t game_start;        /* of the open game */
    int in_game;                /* between its tags and game_end callbacks */
    unsigned long *line_of, *column_of; /* of each offset 0 .. len */
    const char *const *keep;    /* the tag names the reader was told to keep, or NULL */
    uint64_t digest;
    uint64_t kept_digest;       /* the same, of the tags named in `kept` only */
} run;

/* The names a reader keeps in the runs that keep some tags. */
static const char *const kept[] = {"FEN", "E", "Site", "Result", NULL};

static int is_kept(const pgn_tag *t)
{
    for (size_t k = 0; kept[k]; k++)
        if (strlen(kept[k]) == t->name_len && memcmp(kept[k], t->name, t->name_len) == 0)
            return 1;
    return 0;
}

static uint64_t mixed(uint64_t digest, uint64_t value) { return (digest ^ value) * 0x100000001b3ULL; }

static void mix(run *r, uint64_t value)
{
    r->digest = mixed(r->digest, value);
    r->kept_digest = mixed(r->kept_digest, value);
}

/* A tag's part: into kept_digest only when the tag is one of the kept names. */
static void mix_tag(run *r, const pgn_tag *t, uint64_t value)
{
    r->digest = mixed(r->digest, value);
    if (is_kept(t))
        r->kept_digest = mixed(r->kept_digest, value);
}

static void check_where(const run *r, pgn_where w, const char *what)
{
    FUZZ_ASSERT(w.offset <= r->len, "%s offset %llu beyond the input (%zu)", what, (unsigned long long)w.offset,
                r->len);
    unsigned long line = r->line_of[w.offset], column = r->column_of[w.offset];
    FUZZ_ASSERT(w.line == line && w.column == column, "%s at offset %llu: said %lu:%lu, is %lu:%lu", what,
                (unsigned long long)w.offset, w.line, w.column, line, column);
}

/* Line and column of every offset, counted from the input. */
static void count_lines(run *r)
{
    unsigned long line = 1;
    size_t line_start = 0;
    for (size_t i = 0; i <= r->len; i++) {
        r->line_of[i] = line;
        r->column_of[i] = (unsigned long)(i - line_start + 1 - (line == 1 && i >= r->bom ? r->bom : 0));
        if (i < r->len && r->input[i] == '\n')
            line++, line_start = i + 1;
    }
}

static void take(run *r, const char *bytes, size_t len)
{
    FUZZ_ASSERT(r->copied + len <= r->len && memcmp(bytes, r->input + r->copied, len) == 0,
                "bytes at %zu (%zu of them) are not the input's", r->copied, len);
    r->copied += len;
}

static void on_bytes(void *context, const char *bytes, size_t len)
{
    run *r = context;
    FUZZ_ASSERT(len > 0, "an empty bytes callback");
    FUZZ_ASSERT(!r->in_game || r->copied >= r->game_start, "game bytes before the game's start");
    take(r, bytes, len); /* how the bytes are cut into calls may differ */
}

static int is_alnum(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* A name byte after the first: the standard's (letters, digits, '_') and the
 * others the reader reads as written, with a warning. */
static int is_name_byte(unsigned char c)
{
    return c > ' ' && c != 0x7f && c != '"' && c != '[' && c != ']';
}

static void check_tag(const run *r, const pgn_game *g, const pgn_tag *t, uint64_t after)
{
    const unsigned char *in = r->input;
    uint64_t section_end = g->start.offset + g->section_len;
    check_where(r, t->open, "tag '['");
    check_where(r, t->name_at, "tag name");
    check_where(r, t->value_at, "tag value");
    FUZZ_ASSERT(t->open.offset >= after && t->open.offset < t->name_at.offset &&
                    t->name_at.offset + t->name_len < t->value_at.offset &&
                    t->value_at.offset + t->raw_value_len < section_end,
                "tag spans out of order or outside the section");
    FUZZ_ASSERT(in[t->open.offset] == '[', "no '[' at the tag's open offset");
    FUZZ_ASSERT(t->name_len > 0 && t->name == (const char *)g->section + (t->name_at.offset - g->start.offset) &&
                    memcmp(t->name, in + t->name_at.offset, t->name_len) == 0,
                "the name is not the bytes at its offset");
    FUZZ_ASSERT(is_alnum((unsigned char)t->name[0]), "a tag name starting with byte %02x", (unsigned char)t->name[0]);
    for (size_t i = 1; i < t->name_len; i++)
        FUZZ_ASSERT(is_name_byte((unsigned char)t->name[i]), "byte %02x in a tag name", (unsigned char)t->name[i]);
    /* A value without its closing quote on a line that ends with ']' runs to it. */
    FUZZ_ASSERT(in[t->value_at.offset - 1] == '"' && (in[t->value_at.offset + t->raw_value_len] == '"' ||
                                                      in[t->value_at.offset + t->raw_value_len] == ']'),
                "the raw value is not between a quote and a quote or ']'");
    FUZZ_ASSERT(t->raw_value == (const char *)g->section + (t->value_at.offset - g->start.offset) &&
                    memcmp(t->raw_value, in + t->value_at.offset, t->raw_value_len) == 0,
                "the raw value is not the bytes at its offset");
    /* Unescape the raw value here and compare. */
    size_t n = 0;
    for (size_t i = 0; i < t->raw_value_len; i++) {
        unsigned char c = (unsigned char)t->raw_value[i];
        FUZZ_ASSERT(c != '\n', "a newline in a tag value");
        if (c == '\\' && i + 1 < t->raw_value_len && (t->raw_value[i + 1] == '"' || t->raw_value[i + 1] == '\\')) {
            c = (unsigned char)t->raw_value[++i];
        } else if (c == '"') { /* a stray quote: no ']' or line end after it */
            size_t j = t->value_at.offset + i + 1;
            while (j < r->len && (in[j] == ' ' || in[j] == '\t' || in[j] == '\r' || in[j] == '\v' || in[j] == '\f'))
                j++;
            FUZZ_ASSERT(j < r->len && in[j] != ']' && in[j] != '\n', "a quote that ends a value inside it");
        }
        FUZZ_ASSERT(n < t->value_len && (unsigned char)t->value[n] == c, "value byte %zu differs from the raw's", n);
        n++;
    }
    FUZZ_ASSERT(n == t->value_len && t->value[n] == '\0', "value length %zu, unescaped raw %zu", t->value_len, n);
}

static void on_tags(void *context, const pgn_game *g)
{
    run *r = context;
    FUZZ_ASSERT(!r->in_game, "tags of a game before the last one ended");
    FUZZ_ASSERT(g->number == r->games + 1, "game %lu after game %lu", g->number, r->games);
    r->games++;
    r->in_game = 1;
    r->game_start = g->start.offset;
    check_where(r, g->start, "game start");
    FUZZ_ASSERT(g->start.offset == r->copied, "game %lu starts at %llu, the input read is %zu", g->number,
                (unsigned long long)g->start.offset, r->copied);
    if (g->section_len > 0)
        FUZZ_ASSERT(r->input[g->start.offset] == '[', "a tag section that does not start with '['");
    take(r, g->section, g->section_len);
    uint64_t after = g->start.offset;
    for (size_t i = 0; i < g->tags_n; i++) {
        const pgn_tag *t = &g->tags[i];
        check_tag(r, g, t, after);
        int later = 0; /* quadratic, but tests run on small inputs */
        for (size_t k = i + 1; k < g->tags_n && !later; k++)
            later = g->tags[k].name_len == t->name_len && memcmp(g->tags[k].name, t->name, t->name_len) == 0;
        FUZZ_ASSERT(t->superseded == later, "tag %zu superseded %d, a later one of its name %d", i, t->superseded,
                    later);
        FUZZ_ASSERT(!r->keep || is_kept(t), "a tag named %.*s, not one of those to keep", (int)t->name_len, t->name);
        after = t->value_at.offset + t->raw_value_len + 1;
        mix_tag(r, t, t->name_at.offset);
        mix_tag(r, t, t->value_len);
        mix_tag(r, t, t->name_len);
        mix_tag(r, t, t->raw_value_len);
        for (size_t k = 0; k < t->value_len; k++) /* the value kept is the value */
            mix_tag(r, t, (unsigned char)t->value[k]);
    }
    mix(r, g->section_len);
    mix(r, g->malformed);
}

static void on_game_end(void *context, const pgn_game *g)
{
    run *r = context;
    FUZZ_ASSERT(r->in_game && g->number == r->games, "game_end of game %lu without its tags", g->number);
    r->in_game = 0;
    FUZZ_ASSERT(g->end == r->copied && g->end > g->start.offset, "game %lu ends at %llu, %zu bytes were read",
                g->number, (unsigned long long)g->end, r->copied);
    FUZZ_ASSERT(g->start.offset + g->section_len <= g->movetext_start,
                "movetext inside the tag section");
    FUZZ_ASSERT(g->movetext_start <= g->movetext_end && g->movetext_end <= g->end, "movetext span out of the game");
    FUZZ_ASSERT(g->movetext_start == g->movetext_end || g->movetext_start >= g->start.offset,
                "movetext before the game");
    mix(r, g->end);
    mix(r, g->movetext_start);
    mix(r, g->movetext_end);
    mix(r, (uint64_t)g->terminated);
}

static void on_diagnostic(void *context, const pgn_diagnostic *d)
{
    run *r = context;
    check_where(r, d->at, d->message);
    FUZZ_ASSERT(d->game <= r->games + 1, "a diagnostic of game %lu with %lu read", d->game, r->games);
    mix(r, d->at.offset);
    mix(r, d->game);
    for (const char *m = d->message; *m; m++) /* some name a tag: compared by their text */
        mix(r, (unsigned char)*m);
}

/* How read_input() feeds the input. */
enum feeding { WHOLE, BYTE_BY_BYTE_PIECES, RUN_PIECES, BLOCK_CUT_PIECES, KEEPING_WHOLE, KEEPING_BYTE_BY_BYTE };

/* Reads the input as `feeding` says; returns the digest of every report, and
 * in *kept_digest the digest as if only the kept names' tags had been given. */
static uint64_t read_input(const unsigned char *data, size_t size, enum feeding feeding, uint64_t *kept_digest)
{
    static const pgn_handler handler = {on_bytes, on_tags, on_game_end, on_diagnostic};
    run r;
    memset(&r, 0, sizeof r);
    r.input = data;
    r.len = size;
    r.bom = size >= 3 && memcmp(data, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
    r.digest = r.kept_digest = 0xcbf29ce484222325ULL;
    r.keep = feeding == KEEPING_WHOLE || feeding == KEEPING_BYTE_BY_BYTE ? kept : NULL;
    r.line_of = malloc((size + 1) * sizeof *r.line_of);
    r.column_of = malloc((size + 1) * sizeof *r.column_of);
    FUZZ_ASSERT(r.line_of && r.column_of, "out of memory");
    count_lines(&r);
    pgn_reader *reader = pgn_reader_new(&handler, &r);
    FUZZ_ASSERT(reader != NULL, "out of memory");
    FUZZ_ASSERT(pgn_reader_keep_tags(reader, r.keep) == 0, "a list of 4 names refused");
    /* A list longer than PGN_KEEP_TAGS_MAX is refused and changes nothing:
     * the run still keeps what r.keep says. */
    static const char *const too_many[] = {"a", "b", "c", "d", "e", "f", "g", "h", "i", NULL};
    _Static_assert(sizeof too_many / sizeof too_many[0] - 1 > PGN_KEEP_TAGS_MAX, "too_many is too short");
    FUZZ_ASSERT(pgn_reader_keep_tags(reader, too_many) == -1, "a list of %zu names taken",
                sizeof too_many / sizeof too_many[0] - 1);
    pgn_reader_byte_by_byte(reader, feeding == BYTE_BY_BYTE_PIECES || feeding == KEEPING_BYTE_BY_BYTE);
    if (feeding == WHOLE || feeding == KEEPING_WHOLE) {
        pgn_feed(reader, (const char *)data, size);
    } else if (feeding == BLOCK_CUT_PIECES) { /* 17 is 16 + 1: each cut one byte further into a block */
        size_t at = 0, piece = size > 0 ? 1 + (data[size - 1] & 15u) : 0;
        while (at < size) {
            if (piece > size - at)
                piece = size - at;
            pgn_feed(reader, (const char *)data + at, piece);
            at += piece;
            piece = 17;
        }
    } else { /* pieces of 1 to 8 (or 64) bytes, their sizes from the input's bytes */
        size_t at = 0, k = feeding == RUN_PIECES ? 2 : 1;
        unsigned mask = feeding == RUN_PIECES ? 63u : 7u;
        while (at < size) {
            size_t piece = 1 + (data[k++ % size] & mask);
            if (piece > size - at)
                piece = size - at;
            pgn_feed(reader, (const char *)data + at, piece);
            at += piece;
        }
    }
    pgn_finish(reader);
    pgn_reader_free(reader);
    free(r.line_of);
    free(r.column_of);
    FUZZ_ASSERT(r.copied == size, "%zu of %zu input bytes handed out", r.copied, size);
    FUZZ_ASSERT(!r.in_game, "the last game never ended");
    if (kept_digest)
        *kept_digest = r.kept_digest;
    return r.digest;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_note_input((const char *)data, size);
    uint64_t whole_kept;
    uint64_t whole = read_input(data, size, WHOLE, &whole_kept);
    uint64_t pieces = read_input(data, size, BYTE_BY_BYTE_PIECES, NULL);
    FUZZ_ASSERT(whole == pieces, "fed whole and fed byte by byte in pieces, the reader reports differently");
    uint64_t run_pieces = read_input(data, size, RUN_PIECES, NULL);
    FUZZ_ASSERT(whole == run_pieces, "fed whole and fed in pieces with runs, the reader reports differently");
    uint64_t block_cuts = read_input(data, size, BLOCK_CUT_PIECES, NULL);
    FUZZ_ASSERT(whole == block_cuts, "fed whole and fed in pieces of 17 bytes, the reader reports differently");
    uint64_t keeping = read_input(data, size, KEEPING_WHOLE, NULL);
    FUZZ_ASSERT(keeping == whole_kept, "keeping some tags, the reader reports other than the others left out");
    uint64_t keeping_bytes = read_input(data, size, KEEPING_BYTE_BY_BYTE, NULL);
    FUZZ_ASSERT(keeping_bytes == whole_kept,
                "keeping some tags, byte by byte, the reader reports other than the others left out");
    return 0;
}
