/* pgn_reader.c - the streaming PGN reader (pgn_reader.h says what it reads). */
#define _POSIX_C_SOURCE 200809L /* read(2) */

#include "pgn_reader.h"

#include "pgn_config.h"
#include "text.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if PGN_SSE2
#include <emmintrin.h>
#endif

const char pgn_start_fen[] = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#define READ_BUFFER_SIZE ((size_t)1 << 16)

/* Where the reader is, between bytes. Comments are tracked apart (a comment
 * returns to the state it interrupted). */
enum state {
    S_OUTSIDE,          /* before the first game, or after a termination marker */
    S_TAGS,             /* in a tag section, between tag pairs */
    S_TAG_OPEN,         /* after '[': white space, then the name */
    S_TAG_NAME,
    S_TAG_AFTER_NAME,   /* white space, then the value's opening quote */
    S_TAG_VALUE,
    S_TAG_ESCAPE,       /* after a backslash in the value */
    S_TAG_AFTER_VALUE,  /* white space, then ']' */
    S_TAG_RECOVER,      /* after a malformed tag pair: ignore the rest of its line */
    S_MOVETEXT,
    S_SYMBOL,           /* in a symbol token of the movetext */
    S_NAG               /* in the digits of a $n */
};

enum comment { NO_COMMENT, BRACE_COMMENT, LINE_COMMENT };

struct pgn_reader {
    pgn_handler handler;
    void *context;
    enum state state;
    enum comment comment;
    pgn_where comment_at;           /* the '{' of an open brace comment */
    int line_reported;              /* this line is over the line limit, and reported */
    /* The byte being read. */
    uint64_t offset;
    unsigned long line;
    uint64_t column_index;          /* bytes before it on its line (a BOM aside) */
    int line_has_content;           /* a byte other than white space on this line */
    /* A byte-order mark is recognised once its three bytes are in. */
    unsigned char prefix[3];
    size_t prefix_n;
    int prefix_done;
    int bom_left;                   /* BOM bytes still to pass over */
    /* The current game. */
    int in_game;
    pgn_game game;
    unsigned long games;
    int tags_emitted;
    int blank_line;                 /* an empty line in the tag section */
    unsigned long depth;            /* variations open */
    pgn_where variation_at;         /* the outermost open '(' */
    int stray_reported;             /* a ')' without '(' in this game */
    /* The held tag section: its bytes, unescaped values and tags. */
    int holding;
    int overflow;                   /* the section must be released: its message */
    pgn_where overflow_at;
    const char *overflow_message;
    char *section;
    size_t section_len, section_cap;
    char *values;
    size_t values_len, values_cap;
    pgn_tag *tags;
    size_t tags_n, tags_cap;
    size_t tags_read;               /* tag pairs of the section, kept or not (PGN_TAGS_MAX) */
    /* Every tag pair of the section, kept or not, for repeated names: a
     * record each (its name is in the section), and past LINEAR_TAGS pairs a
     * hash table of the latest record of each name (a slot is empty unless
     * its generation is the section's, so no section clears it). */
    const unsigned char *pending;   /* the run tag_pairs() reads, while it does */
    int table_built;                /* this section's pairs are in the hash table */
    uint64_t signatures;            /* a bit for each signature of the section's names, mod 64 */
    struct seen_tag {
        uint32_t signature;         /* name_signature(): most other names differ in it */
        size_t name_off, name_len;
        size_t kept;                /* its index in tags, or NOT_KEPT */
        pgn_where open;
        int repeated;               /* its name came before (reported once a name) */
    } *seen;
    size_t seen_cap;
    uint32_t *slot, *slot_generation;
    size_t slots;                   /* a power of two, or 0 */
    uint32_t generation;
    int fen_seen;                   /* a [FEN] pair in the section */
    pgn_where setup_at;             /* the last [SetUp "1"] (line 0: none, or one of another value after it) */
    char message[160];              /* a diagnostic's text that names a tag */
    /* The names of the tags kept (pgn_reader_keep_tags()), unless keep_all. */
    int keep_all;
    size_t keep_n;
    const char *keep_name[PGN_KEEP_TAGS_MAX];
    size_t keep_len[PGN_KEEP_TAGS_MAX];
    uint64_t keep_lengths;          /* bit min(length, 63) set for each name: most others fail here */
    /* The tag pair being read. */
    pgn_tag tag;
    pgn_where quote_at;
    pgn_where close_at;             /* a quote that ends the value if ']' follows */
    pgn_where stray_at;             /* the first quote read as part of the value (line 0: none) */
    pgn_where reopen_at;            /* the byte after it that made it part of the value */
    pgn_where odd_name_at;          /* the first name byte beyond the standard's (line 0: none) */
    size_t tag_values_start;
    /* The symbol being read: its first bytes and its length. */
    char symbol[8];
    uint64_t symbol_len;
    /* The chunk being fed; bytes [pass_from, chunk_at) are still to be handed
     * on (when not holding). */
    const char *chunk;
    size_t chunk_at, pass_from;
    char *read_buffer;
    int byte_by_byte;               /* no runs read in one go (for tests) */
};

/* Byte classes: the rules below say once what each class is; every test of a
 * byte reads the table they fill (one load, not a chain of comparisons). */
enum {
    SPACE = 1,          /* white space other than '\n' */
    SYMBOL_START = 2,   /* a letter or digit */
    SYMBOL = 4,         /* a symbol continuation byte */
    VALUE_STOP = 8,     /* ends the plain bytes of a tag value */
    ONE_BYTE_TOKEN = 16,
    NAME = 32,          /* a tag name byte */
    WHITE = 64,         /* white space, '\n' included */
    MOVETEXT_STOP = 128, /* ends a quiet stretch of movetext (movetext_stops) */
    COMMENT_STOP = 256, /* ends the text of a brace comment: '}' and '\n' */
    NAME_END = 512      /* no tag name byte (the complement of NAME) */
};

/* The bytes that lex_movetext() acts on, besides white space and symbols. */
static const char movetext_acts_on[] = "{;[()$*%";
/* The bytes a stretch of movetext read 16 at a time stops at: those
 * lex_movetext() acts on, the newline (step() counts lines), and the bytes
 * that every result symbol holds and no move does, '-' and '/' ("1-0", "0-1",
 * "1/2-1/2"; castling's "O-O" also stops, at its '-'). Every other byte is
 * white space, a symbol byte or a one-byte token ('.', '!', '?', '}', ...),
 * and a symbol without '-' or '/' cannot be a result, so a stretch without
 * these bytes changes nothing but the position, the movetext's end and the
 * symbol left open at its end (movetext_stretch()). */
#define MOVETEXT_STOPS "\n{;[()$*%-/"
static const char movetext_stops[] = MOVETEXT_STOPS;

static int rule_space(unsigned char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

static int rule_alnum(unsigned char c)
{
    return (c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/* The standard's symbol continuation characters, and '/' of "1/2-1/2". */
static int rule_symbol_byte(unsigned char c)
{
    return rule_alnum(c) || c == '_' || c == '+' || c == '#' || c == '=' || c == ':' || c == '-' || c == '/';
}

static unsigned short byte_class(unsigned char c)
{
    /* A byte lex_movetext() takes as a token of its own and nothing more
     * ('.', '!', '?', stray bytes): not a space or symbol, not one it acts on,
     * and not '%', which makes an escape line in column 1. */
    int acts_on = c != '\0' && strchr(movetext_acts_on, c) != NULL;
    int one_byte_token = !rule_space(c) && !rule_alnum(c) && !acts_on;
    int movetext_stop = c != '\0' && strchr(movetext_stops, c) != NULL;
    return (unsigned short)((rule_space(c) && c != '\n' ? SPACE : 0) | (rule_alnum(c) ? SYMBOL_START : 0) |
                            (rule_symbol_byte(c) ? SYMBOL : 0) |
                            (c == '"' || c == '\\' || c == '\n' ? VALUE_STOP : 0) |
                            (one_byte_token ? ONE_BYTE_TOKEN : 0) |
                            (rule_alnum(c) || c == '_' ? NAME : 0) | (rule_space(c) ? WHITE : 0) |
                            (movetext_stop ? MOVETEXT_STOP : 0) | (c == '}' || c == '\n' ? COMMENT_STOP : 0) |
                            (rule_alnum(c) || c == '_' ? 0 : NAME_END));
}

static unsigned short classes[256];
/* 0 empty, 1 being filled, 2 filled. Readers are made on several threads at
 * once (one input on N threads, Python's census with the GIL released): the
 * first fills the table, the others wait for it, and every read of the table
 * comes after the release of state 2, so no thread sees it half filled. */
static atomic_int classes_state;

static void init_classes(void)
{
    if (atomic_load_explicit(&classes_state, memory_order_acquire) == 2)
        return;
    int empty = 0;
    if (atomic_compare_exchange_strong_explicit(&classes_state, &empty, 1, memory_order_acquire,
                                                memory_order_acquire)) {
        for (int c = 0; c < 256; c++)
            classes[c] = byte_class((unsigned char)c);
        atomic_store_explicit(&classes_state, 2, memory_order_release);
        return;
    }
    while (atomic_load_explicit(&classes_state, memory_order_acquire) != 2)
        ; /* another thread fills 256 entries: a moment */
}

static int is_space(unsigned char c) { return classes[c] & WHITE; }
static int is_alnum(unsigned char c) { return classes[c] & SYMBOL_START; }
static int is_name_byte(unsigned char c) { return classes[c] & NAME; }
static int is_symbol_byte(unsigned char c) { return classes[c] & SYMBOL; }

static pgn_where here(const pgn_reader *r)
{
    pgn_where w = {r->offset, r->line, (unsigned long)(r->column_index + 1)};
    return w;
}

static void diagnose(pgn_reader *r, pgn_where at, const char *message)
{
    if (r->handler.diagnostic) {
        pgn_diagnostic d = {at, r->in_game ? r->game.number : 0, message};
        r->handler.diagnostic(r->context, &d);
    }
}

/* Hands on the bytes of the chunk read but not held, up to the current byte. */
static void flush_pass(pgn_reader *r)
{
    if (!r->holding && r->chunk && r->chunk_at > r->pass_from && r->handler.bytes)
        r->handler.bytes(r->context, r->chunk + r->pass_from, r->chunk_at - r->pass_from);
    r->pass_from = r->chunk_at;
}

/* The tags callback, once a game: with the held section, or with none. */
static void emit_tags(pgn_reader *r)
{
    if (r->tags_emitted)
        return;
    r->tags_emitted = 1;
    if (r->holding && !r->game.malformed && r->setup_at.line && !r->fen_seen) {
        /* pgn-extract: "Missing FEN Tag to accompany SetUp Tag". Not the
         * standard start position on a guess: the game cannot be classified. */
        diagnose(r, r->setup_at, "[SetUp \"1\"] without a [FEN] tag: the start position is unknown");
        r->game.malformed++;
        r->game.setup_without_fen = r->setup_at;
    }
    const char *value = r->values;
    for (size_t i = 0; i < r->tags_n; i++) {
        pgn_tag *t = &r->tags[i];
        t->name = r->section + (t->name_at.offset - r->game.start.offset);
        t->raw_value = r->section + (t->value_at.offset - r->game.start.offset);
        t->value = value;
        value += t->value_len + 1;
    }
    r->game.section = r->holding ? r->section : ""; /* never NULL: memcpy(dst, section, 0) is fine */
    r->game.section_len = r->holding ? r->section_len : 0;
    r->game.tags = r->tags_n ? r->tags : NULL;
    r->game.tags_n = r->tags_n;
    if (r->handler.tags)
        r->handler.tags(r->context, &r->game);
    r->game.section = NULL;
    r->game.tags = NULL;
}

/* Stops holding: the held bytes go out with the tags; the current byte is the
 * first one handed on. */
static void stop_holding(pgn_reader *r)
{
    emit_tags(r);
    r->holding = 0;
    r->pass_from = r->chunk_at;
}

/* A section too large to hold (or no memory for it) goes out as it is, its
 * game marked malformed, and the rest of it is passed through. */
static void release_if_needed(pgn_reader *r)
{
    if (!r->overflow)
        return;
    r->overflow = 0;
    if (!r->holding)
        return;
    diagnose(r, r->overflow_at, r->overflow_message);
    r->game.malformed++;
    stop_holding(r);
}

static void end_game(pgn_reader *r)
{
    if (!r->in_game)
        return;
    if (r->holding)
        stop_holding(r);
    else
        flush_pass(r);
    emit_tags(r);
    if (r->depth > 0)
        diagnose(r, r->variation_at, "a variation opened here is not closed where its game ends");
    if (r->game.movetext_start != UINT64_MAX && !r->game.terminated) /* pgn-extract: "Missing result" */
        diagnose(r, here(r), "the game ends here without a result (1-0, 0-1, 1/2-1/2 or *)");
    r->game.end = r->offset;
    if (r->game.movetext_start == UINT64_MAX)
        r->game.movetext_start = r->game.movetext_end = r->offset;
    if (r->handler.game_end)
        r->handler.game_end(r->context, &r->game);
    r->in_game = 0;
}

static void start_game(pgn_reader *r, int with_tags)
{
    flush_pass(r);
    end_game(r);
    r->in_game = 1;
    memset(&r->game, 0, sizeof r->game);
    r->game.number = ++r->games;
    r->game.start = here(r);
    r->game.movetext_start = UINT64_MAX;
    r->tags_emitted = 0;
    r->blank_line = 0;
    r->depth = 0;
    r->stray_reported = 0;
    r->section_len = r->values_len = r->tags_n = r->tags_read = 0;
    r->table_built = 0;
    r->signatures = 0;
    r->fen_seen = 0;
    r->setup_at.line = 0;
    if (++r->generation == 0) { /* after 2^32 sections: no slot may look current */
        if (r->slots)
            memset(r->slot_generation, 0, r->slots * sizeof *r->slot_generation);
        r->generation = 1;
    }
    r->overflow = 0;
    r->holding = with_tags;
    if (!with_tags) {
        r->game.movetext_start = r->offset;
        emit_tags(r);
    }
}

/* Grows *buffer to hold `need` elements of `size` bytes, at most `max`. */
static int reserve(void **buffer, size_t *cap, size_t need, size_t size, size_t max)
{
    if (need <= *cap)
        return 1;
    if (need > max)
        return 0;
    size_t n = *cap ? *cap : 256;
    while (n < need)
        n = n > max / 2 ? max : n * 2;
    void *bigger = realloc(*buffer, n * size);
    if (!bigger)
        return 0;
    *buffer = bigger;
    *cap = n;
    return 1;
}

static void overflow(pgn_reader *r, pgn_where at, const char *message)
{
    if (!r->overflow) {
        r->overflow = 1;
        r->overflow_at = at;
        r->overflow_message = message;
    }
}

static const char out_of_memory[] = "no memory to hold this tag section: the game is passed through unread";

/* One byte of a tag value, unescaped, for a held section. */
static void add_value_byte(pgn_reader *r, char c)
{
    if (!r->holding || r->overflow)
        return;
    if (!reserve((void **)&r->values, &r->values_cap, r->values_len + 1, 1, PGN_SECTION_MAX + PGN_TAGS_MAX))
        overflow(r, here(r), out_of_memory);
    else
        r->values[r->values_len++] = c;
}

static uint64_t length_bit(size_t len) { return (uint64_t)1 << (len < 63 ? len : 63); }

__attribute__((always_inline)) static inline int keeps_name(const pgn_reader *r, const char *name, size_t len)
{
    for (size_t k = 0; k < r->keep_n; k++) {
        if (r->keep_len[k] != len)
            continue;
        size_t i = 0; /* names are short: a loop, inlined, not a call to memcmp */
        while (i < len && r->keep_name[k][i] == name[i])
            i++;
        if (i == len)
            return 1;
    }
    return 0;
}

/* Whether the tags callback gets a tag of this name; inlined, as most names
 * are told by their length alone. */
__attribute__((always_inline)) static inline int keeps_tag(const pgn_reader *r, const char *name, size_t len)
{
    if (r->keep_all)
        return 1;
    return (r->keep_lengths & length_bit(len)) && keeps_name(r, name, len);
}

#define NOT_KEPT ((size_t)-1)

static uint32_t name_hash(const char *name, size_t len)
{
    uint32_t h = 2166136261u; /* FNV-1a: names are short */
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)name[i]) * 16777619u;
    return h;
}

/* A section offset's byte: held, or in the run tag_pairs() reads, which is
 * held from r->section_len on once it returns. */
static const char *section_at(const pgn_reader *r, size_t off)
{
    return off < r->section_len ? r->section + off : (const char *)r->pending + (off - r->section_len);
}

static int same_name(const pgn_reader *r, const struct seen_tag *e, const char *name, size_t len)
{
    if (e->name_len != len)
        return 0;
    const char *other = section_at(r, e->name_off);
    for (size_t i = 0; i < len; i++) /* names are short: a loop, not a call */
        if (other[i] != name[i])
            return 0;
    return 1;
}

/* A name's length and three of its bytes in one word: names of a section
 * that differ mostly differ here. */
static uint32_t name_signature(const char *name, size_t len)
{
    return (uint32_t)(len & 0xFF) << 24 | (uint32_t)(unsigned char)name[0] << 16 |
           (uint32_t)(unsigned char)name[len - 1] << 8 | (unsigned char)name[len / 2];
}
#define FEN_SIGNATURE (3u << 24 | 'F' << 16 | 'N' << 8 | 'E')
#define SETUP_SIGNATURE (5u << 24 | 'S' << 16 | 'p' << 8 | 't')

/* Up to this many pairs a section, a name is looked for among those before
 * it one by one (most sections: cheaper than hashing it); past it, in a hash
 * table built then, so that time stays linear in the number of pairs. */
#define LINEAR_TAGS 16

/* Room for the hash table of a section of n pairs, the pairs before moved in. */
static int build_table(pgn_reader *r, size_t n)
{
    size_t slots = r->slots ? r->slots : 64;
    while (slots < 2 * n)
        slots *= 2;
    if (slots != r->slots) { /* a slot of another generation is empty: zeroed is empty */
        uint32_t *slot = malloc(slots * sizeof *slot), *generation = calloc(slots, sizeof *generation);
        if (!slot || !generation) {
            free(slot);
            free(generation);
            return 0;
        }
        free(r->slot);
        free(r->slot_generation);
        r->slot = slot;
        r->slot_generation = generation;
        r->slots = slots;
    }
    for (size_t i = 0; i < r->tags_read; i++) {
        const struct seen_tag *e = &r->seen[i];
        const char *name = section_at(r, e->name_off);
        size_t k = name_hash(name, e->name_len) & (slots - 1);
        while (r->slot_generation[k] == r->generation && !same_name(r, &r->seen[r->slot[k]], name, e->name_len))
            k = (k + 1) & (slots - 1);
        r->slot_generation[k] = r->generation;
        r->slot[k] = (uint32_t)i; /* the later pair of a name replaces the earlier */
    }
    r->table_built = 1;
    return 1;
}

/* Room to note one more tag pair (note_tag()); 0 when there is none. */
static int reserve_seen_more(pgn_reader *r)
{
    size_t n = r->tags_read + 1;
    if (n > r->seen_cap && !reserve((void **)&r->seen, &r->seen_cap, n, sizeof *r->seen, PGN_TAGS_MAX))
        return 0;
    if (n <= LINEAR_TAGS || (r->table_built && 2 * n <= r->slots))
        return 1;
    return build_table(r, n);
}

/* Inlined: most pairs find room reserved before. */
__attribute__((always_inline)) static inline int reserve_seen(pgn_reader *r)
{
    return (r->tags_read < r->seen_cap && r->tags_read < LINEAR_TAGS) || reserve_seen_more(r);
}

/* The latest pair before of the name (its record's index), or NOT_KEPT. */
static size_t find_name(pgn_reader *r, const char *name, size_t len, uint32_t signature, size_t index)
{
    if (!r->table_built) {
        uint64_t bit = (uint64_t)1 << ((signature ^ signature >> 13) & 63);
        int maybe = (r->signatures & bit) != 0;
        r->signatures |= bit;
        if (!maybe) /* no name before has its signature: most names */
            return NOT_KEPT;
        for (size_t i = index; i-- > 0;)
            if (r->seen[i].signature == signature && same_name(r, &r->seen[i], name, len))
                return i;
        return NOT_KEPT;
    }
    size_t k = name_hash(name, len) & (r->slots - 1);
    while (r->slot_generation[k] == r->generation) {
        size_t i = r->slot[k];
        if (same_name(r, &r->seen[i], name, len)) {
            r->slot[k] = (uint32_t)index;
            return i;
        }
        k = (k + 1) & (r->slots - 1);
    }
    r->slot_generation[k] = r->generation;
    r->slot[k] = (uint32_t)index;
    return NOT_KEPT;
}

/* A name read before in the section: reported once a name, at its second
 * pair with the place of the first; the earlier pair superseded. Apart from
 * note_tag(), which is inlined into the reader's loops. */
__attribute__((noinline)) static void repeated_tag(pgn_reader *r, struct seen_tag *e, size_t found, const char *name,
                                                   size_t name_len, pgn_where open)
{
    const struct seen_tag *before = &r->seen[found];
    if (before->kept != NOT_KEPT)
        r->tags[before->kept].superseded = 1;
    e->repeated = 1;
    if (before->repeated) /* reported at its second pair: one report a name */
        return;
    /* The name shown as written, at most 40 bytes, control bytes as '?'. */
    char shown[41];
    size_t n = name_len < 40 ? name_len : 40;
    for (size_t i = 0; i < n; i++)
        shown[i] = (unsigned char)name[i] < 0x20 || name[i] == 0x7f ? '?' : name[i];
    shown[n] = '\0';
    r->message[0] = '\0';
    util_message_add(r->message, sizeof r->message, "[");
    util_message_add(r->message, sizeof r->message, shown);
    util_message_add(r->message, sizeof r->message, name_len > 40 ? "...] repeated (first at " : "] repeated (first at ");
    util_message_add_decimal(r->message, sizeof r->message, before->open.line);
    util_message_add(r->message, sizeof r->message, ":");
    util_message_add_decimal(r->message, sizeof r->message, before->open.column);
    util_message_add(r->message, sizeof r->message, "): the value of its last pair is taken");
    diagnose(r, open, r->message);
}

/* Notes a tag pair of the section (its name at section offset name_off),
 * kept (index `kept` of tags) or not, after reserve_seen() and tags_read++:
 * a [FEN], a [SetUp "1"], and a name read before in the section, which is
 * reported with both places, the earlier pair marked superseded (the last
 * value is the one taken, as pgn-extract takes it). */
__attribute__((always_inline)) static inline void note_tag(pgn_reader *r, size_t name_off, size_t name_len,
                                                          const char *value, size_t value_len, pgn_where open,
                                                          size_t kept)
{
    const char *name = section_at(r, name_off);
    uint32_t signature = name_signature(name, name_len);
    if (signature == FEN_SIGNATURE && memcmp(name, "FEN", 3) == 0)
        r->fen_seen = 1;
    else if (signature == SETUP_SIGNATURE && memcmp(name, "SetUp", 5) == 0)
        r->setup_at = value_len == 1 && value[0] == '1' ? open : (pgn_where){0, 0, 0};
    size_t index = r->tags_read - 1;
    struct seen_tag *e = &r->seen[index];
    e->signature = signature;
    e->name_off = name_off;
    e->name_len = name_len;
    e->kept = kept;
    e->open = open;
    e->repeated = 0;
    size_t found = find_name(r, name, name_len, signature, index);
    if (found != NOT_KEPT)
        repeated_tag(r, e, found, name, name_len, open);
}

static void store_tag(pgn_reader *r)
{
    if (!r->holding || r->overflow)
        return;
    if (r->tags_read == PGN_TAGS_MAX) {
        overflow(r, r->tag.open, "a tag section of more than 131072 tags: the game is passed through unread");
        return;
    }
    /* The name's bytes are held: the section holds every byte from the game's start. */
    const char *name = r->section + (r->tag.name_at.offset - r->game.start.offset);
    int keep = keeps_tag(r, name, r->tag.name_len);
    if (!reserve_seen(r) ||
        (keep && !reserve((void **)&r->tags, &r->tags_cap, r->tags_n + 1, sizeof *r->tags, PGN_TAGS_MAX))) {
        overflow(r, r->tag.open, out_of_memory);
        return;
    }
    r->tags_read++;
    size_t value_len = r->values_len - r->tag_values_start - 1; /* its NUL aside */
    note_tag(r, (size_t)(r->tag.name_at.offset - r->game.start.offset), r->tag.name_len,
             r->values + r->tag_values_start, value_len, r->tag.open, keep ? r->tags_n : NOT_KEPT);
    if (!keep) {
        r->values_len = r->tag_values_start; /* its value is not kept */
        return;
    }
    r->tag.value_len = value_len;
    r->tags[r->tags_n++] = r->tag;
}

static void open_tag(pgn_reader *r)
{
    memset(&r->tag, 0, sizeof r->tag);
    r->tag.open = here(r);
    r->stray_at.line = r->odd_name_at.line = 0;
    r->tag_values_start = r->values_len;
    r->state = S_TAG_OPEN;
}

static void open_value(pgn_reader *r)
{
    r->quote_at = here(r);
    r->tag.value_at = (pgn_where){r->offset + 1, r->line, r->quote_at.column + 1};
    r->tag_values_start = r->values_len;
    r->state = S_TAG_VALUE;
}

/* A malformed tag pair: reported, its game marked; reading goes on on the next
 * line (or at a '[' that starts this one), so a line gives one report at most. */
static void tag_error(pgn_reader *r, unsigned char c, pgn_where at, const char *message)
{
    diagnose(r, at, message);
    r->game.malformed++;
    r->values_len = r->tag_values_start;
    if (c == '[' && !r->line_has_content) /* the next tag pair, on a line of its own */
        open_tag(r);
    else
        r->state = c == '\n' ? S_TAGS : S_TAG_RECOVER;
}

static void movetext_token_end(pgn_reader *r, uint64_t end)
{
    if (r->state == S_MOVETEXT || r->state == S_SYMBOL || r->state == S_NAG)
        r->game.movetext_end = end;
}

static void terminate_game(pgn_reader *r)
{
    r->game.terminated = 1;
    r->state = S_OUTSIDE;
}

static int symbol_is_result(const pgn_reader *r)
{
    /* The results are "1-0", "0-1" and "1/2-1/2": compared at their fixed
     * lengths (a symbol keeps its first 8 bytes), so most symbols, moves and
     * move numbers, are told by their length. */
    if (r->symbol_len == 3)
        return memcmp(r->symbol, "1-0", 3) == 0 || memcmp(r->symbol, "0-1", 3) == 0;
    return r->symbol_len == 7 && memcmp(r->symbol, "1/2-1/2", 7) == 0;
}

static void end_symbol(pgn_reader *r)
{
    movetext_token_end(r, r->offset);
    if (r->depth == 0 && symbol_is_result(r))
        terminate_game(r);
    else
        r->state = S_MOVETEXT;
}

static void lex(pgn_reader *r, unsigned char c);

static void store_tag(pgn_reader *r);

/* A line (or the input) ends inside a held tag value whose line ends with
 * ']' ([Event "Tournament \"], a backslash before the closing quote): the
 * value runs to that ']', as pgn-extract reads it ("Missing closing quote"),
 * is reported and kept. Returns 0 when the line does not end so. */
static int close_at_bracket(pgn_reader *r)
{
    if (!r->holding || r->overflow)
        return 0;
    size_t value = (size_t)(r->tag.value_at.offset - r->game.start.offset);
    size_t end = (size_t)(r->offset - r->game.start.offset); /* the line end, held before it */
    if (end > r->section_len)
        return 0;
    while (end > value && (classes[(unsigned char)r->section[end - 1]] & SPACE))
        end--;
    if (end == value || r->section[end - 1] != ']')
        return 0;
    size_t raw_len = end - 1 - value;
    /* The value again from its raw bytes, as lex() unescapes them. */
    r->values_len = r->tag_values_start;
    if (!reserve((void **)&r->values, &r->values_cap, r->values_len + raw_len + 1, 1, PGN_SECTION_MAX + PGN_TAGS_MAX))
        return 0;
    const char *raw = r->section + value;
    for (size_t i = 0; i < raw_len; i++) {
        if (raw[i] == '\\' && i + 1 < raw_len && (raw[i + 1] == '"' || raw[i + 1] == '\\'))
            i++;
        r->values[r->values_len++] = raw[i];
    }
    r->values[r->values_len++] = '\0';
    r->tag.raw_value_len = raw_len;
    diagnose(r, r->quote_at, "a tag value without its closing quote: read to the ']' that ends its line");
    store_tag(r);
    r->blank_line = 0;
    r->state = S_TAGS;
    return 1;
}

/* A line ends inside a tag value: the value has no closing quote on its
 * line, or (after a quote read as part of it) no ']' after its last quote. */
static void unclosed_value(pgn_reader *r, unsigned char c)
{
    if (close_at_bracket(r))
        return;
    if (r->stray_at.line)
        tag_error(r, c, r->reopen_at, "']' must follow the tag value");
    else
        tag_error(r, c, r->quote_at, "a tag value without its closing quote on its line");
}

/* A byte other than white space and ']' after a value's closing quote, on
 * its line: that quote was part of the value ([Event "a "b" c"], as
 * pgn-extract reads it), which goes on with the quote and the white space
 * after it (held in the section), then c. */
static void reopen_value(pgn_reader *r, unsigned char c)
{
    if (!r->stray_at.line) {
        r->stray_at = r->close_at;
        r->reopen_at = here(r);
    }
    if (r->holding && !r->overflow) {
        size_t from = (size_t)(r->close_at.offset - r->game.start.offset);
        size_t n = (size_t)(r->offset - r->close_at.offset);
        r->values_len--; /* the NUL the quote ended the value with */
        if (!reserve((void **)&r->values, &r->values_cap, r->values_len + n, 1, PGN_SECTION_MAX + PGN_TAGS_MAX)) {
            overflow(r, here(r), out_of_memory);
        } else {
            memcpy(r->values + r->values_len, r->section + from, n);
            r->values_len += n;
        }
    }
    r->state = S_TAG_VALUE;
    lex(r, c);
}

static void lex_movetext(pgn_reader *r, unsigned char c)
{
    switch (c) {
    case '{':
        r->comment = BRACE_COMMENT;
        r->comment_at = here(r);
        return;
    case ';':
        r->comment = LINE_COMMENT;
        return;
    case '[':
        if (r->depth > 0) /* no tag pair in a variation: a stray byte */
            break;
        start_game(r, 1);
        open_tag(r);
        return;
    case '(':
        if (r->depth++ == 0)
            r->variation_at = here(r);
        break;
    case ')':
        if (r->depth == 0) {
            if (!r->stray_reported) /* once a game: one report, not one a byte */
                diagnose(r, here(r), "')' without a '(' before it");
            r->stray_reported = 1;
        } else {
            r->depth--;
        }
        break;
    case '$':
        r->state = S_NAG;
        break;
    default:
        if (is_space(c))
            return;
        if (is_alnum(c)) {
            r->state = S_SYMBOL;
            r->symbol_len = 0;
            r->symbol[r->symbol_len++] = (char)c;
        }
        break;
    }
    movetext_token_end(r, r->offset + 1);
    if (c == '*' && r->depth == 0)
        terminate_game(r);
}

/* One byte outside comments and escape lines. */
static void lex(pgn_reader *r, unsigned char c)
{
    switch (r->state) {
    case S_OUTSIDE:
        if (is_space(c))
            return;
        if (c == '{') {
            r->comment = BRACE_COMMENT;
            r->comment_at = here(r);
        } else if (c == ';') {
            r->comment = LINE_COMMENT;
        } else if (c == '[') {
            start_game(r, 1);
            open_tag(r);
        } else { /* a game without tags */
            start_game(r, 0);
            r->state = S_MOVETEXT;
            lex_movetext(r, c);
        }
        return;
    case S_TAGS:
        if (c == '\n' && !r->line_has_content)
            r->blank_line = 1;
        if (is_space(c))
            return;
        if (c == '{') {
            r->comment = BRACE_COMMENT;
            r->comment_at = here(r);
        } else if (c == ';') {
            r->comment = LINE_COMMENT;
        } else if (c == '[') {
            if (r->blank_line) /* tags after an empty line: the next game */
                start_game(r, 1);
            open_tag(r);
        } else { /* the movetext starts */
            r->game.movetext_start = r->offset;
            if (r->holding)
                stop_holding(r);
            r->state = S_MOVETEXT;
            lex_movetext(r, c);
        }
        return;
    case S_TAG_OPEN:
        if (is_space(c))
            return;
        if (is_alnum(c)) {
            r->tag.name_at = here(r);
            r->tag.name_len = 1;
            r->state = S_TAG_NAME;
        } else {
            tag_error(r, c, here(r), "a tag name must follow '['");
        }
        return;
    case S_TAG_NAME:
        if (is_name_byte(c)) {
            r->tag.name_len++;
            return;
        }
        if (is_space(c)) {
            r->state = S_TAG_AFTER_NAME;
            return;
        }
        if (c == '"') { /* a value right after the name */
            open_value(r);
        } else if (c == ']') { /* "[E25]": a name, then no value */
            tag_error(r, c, here(r), "a tag value in double quotes must follow the tag name");
        } else if (c == '[' || c < 0x20 || c == 0x7f) {
            tag_error(r, c, here(r), "a tag name is letters, digits and '_'");
        } else {
            /* "Foo-Bar", as keepers write: read as written, and said once
             * the pair is complete (store_tag()). */
            if (!r->odd_name_at.line)
                r->odd_name_at = here(r);
            r->tag.name_len++;
        }
        return;
    case S_TAG_AFTER_NAME:
        if (is_space(c))
            return;
        if (c == '"')
            open_value(r);
        else
            tag_error(r, c, here(r), "a tag value in double quotes must follow the tag name");
        return;
    case S_TAG_VALUE:
        if (c == '"') {
            r->tag.raw_value_len = (size_t)(r->offset - r->tag.value_at.offset);
            add_value_byte(r, '\0');
            r->close_at = here(r);
            r->state = S_TAG_AFTER_VALUE;
        } else if (c == '\\') {
            r->state = S_TAG_ESCAPE;
        } else if (c == '\n') {
            unclosed_value(r, c);
        } else {
            add_value_byte(r, (char)c);
        }
        return;
    case S_TAG_ESCAPE:
        if (c == '"' || c == '\\') {
            add_value_byte(r, (char)c);
            r->state = S_TAG_VALUE;
            return;
        }
        add_value_byte(r, '\\'); /* not an escape the standard has: kept as written */
        r->state = S_TAG_VALUE;
        lex(r, c);
        return;
    case S_TAG_AFTER_VALUE:
        if (is_space(c))
            return;
        if (c == ']') {
            if (r->odd_name_at.line)
                diagnose(r, r->odd_name_at,
                         "a tag name with a byte other than letters, digits and '_': read as written");
            if (r->stray_at.line)
                diagnose(r, r->stray_at,
                         "a '\"' inside a tag value, not written \\\": read as part of the value, which ends at the "
                         "last '\"' before ']'");
            store_tag(r);
            r->blank_line = 0;
            r->state = S_TAGS;
        } else if (r->close_at.line == r->line) {
            reopen_value(r, c);
        } else {
            tag_error(r, c, here(r), "']' must follow the tag value");
        }
        return;
    case S_TAG_RECOVER:
        if (c == '\n')
            r->state = S_TAGS;
        return;
    case S_MOVETEXT:
        lex_movetext(r, c);
        return;
    case S_SYMBOL:
        if (is_symbol_byte(c)) {
            if (r->symbol_len < sizeof r->symbol)
                r->symbol[r->symbol_len] = (char)c;
            r->symbol_len++;
            return;
        }
        end_symbol(r);
        lex(r, c);
        return;
    case S_NAG:
        if (c >= '0' && c <= '9') {
            movetext_token_end(r, r->offset + 1);
            return;
        }
        r->state = S_MOVETEXT;
        lex_movetext(r, c);
        return;
    }
}

/* Keeps a byte of a held section; a byte that cannot be held is handed on. */
static void hold(pgn_reader *r, char c)
{
    if (!r->holding)
        return;
    if (r->section_len < r->section_cap) { /* room reserved before: reserve() would say yes */
        r->section[r->section_len++] = c;
        return;
    }
    if (!reserve((void **)&r->section, &r->section_cap, r->section_len + 1, 1, PGN_SECTION_MAX)) {
        overflow(r, here(r), r->section_len == PGN_SECTION_MAX
                        ? "a tag section longer than 16777216 bytes: the game is passed through unread"
                        : out_of_memory);
        release_if_needed(r);
        return;
    }
    r->section[r->section_len++] = c;
}

static void step(pgn_reader *r, unsigned char c)
{
    if (r->overflow)
        release_if_needed(r);
    if (r->bom_left > 0) { /* white space before column 1 */
        r->bom_left--;
        hold(r, (char)c);
        r->offset++;
        return;
    }
    /* The line limit of every gbr command, reported once a line; a CR just
     * before the newline is part of the line end. */
    if (r->column_index >= PGN_LINE_MAX && c != '\n' && !r->line_reported &&
        (r->column_index > PGN_LINE_MAX || c != '\r')) {
        pgn_where at = {r->offset - (r->column_index - PGN_LINE_MAX), r->line, (unsigned long)(PGN_LINE_MAX + 1)};
        diagnose(r, at, "line longer than 16777216 bytes (read whole: no line is held)");
        r->line_reported = 1;
    }
    if (r->comment == BRACE_COMMENT) {
        if (c == '}') {
            r->comment = NO_COMMENT;
            movetext_token_end(r, r->offset + 1);
        }
    } else if (r->comment == LINE_COMMENT && c != '\n') {
        /* to the end of the line */
    } else if (r->column_index == 0 && c == '%') {
        r->comment = LINE_COMMENT; /* an escape line */
    } else {
        if (r->comment == LINE_COMMENT) {
            r->comment = NO_COMMENT;
            movetext_token_end(r, r->offset);
        }
        lex(r, c);
    }
    if (r->holding && r->section_len < r->section_cap) /* hold()'s common case, without the call */
        r->section[r->section_len++] = (char)c;
    else if (r->holding)
        hold(r, (char)c);
    r->offset++;
    if (c == '\n') {
        r->line++;
        r->column_index = 0;
        r->line_has_content = 0;
        r->line_reported = 0;
    } else {
        r->column_index++;
        if (!is_space(c))
            r->line_has_content = 1;
    }
}

/* Appends n bytes to the held section; 0 when they cannot be held (step()
 * then meets the byte that cannot and says why). */
static int hold_section_run(pgn_reader *r, const unsigned char *p, size_t n)
{
    if (!reserve((void **)&r->section, &r->section_cap, r->section_len + n, 1, PGN_SECTION_MAX))
        return 0;
    memcpy(r->section + r->section_len, p, n);
    r->section_len += n;
    return 1;
}

/* Appends n bytes of a tag value to the held section and to the values. */
static int hold_run(pgn_reader *r, const unsigned char *p, size_t n)
{
    if (!reserve((void **)&r->section, &r->section_cap, r->section_len + n, 1, PGN_SECTION_MAX) ||
        !reserve((void **)&r->values, &r->values_cap, r->values_len + n, 1, PGN_SECTION_MAX + PGN_TAGS_MAX))
        return 0;
    memcpy(r->section + r->section_len, p, n);
    memcpy(r->values + r->values_len, p, n);
    r->section_len += n;
    r->values_len += n;
    return 1;
}

/* Whether n bytes from p make their line one with content, as step() would
 * find byte by byte; once a line has content, nothing need be looked at. */
static int has_content(const pgn_reader *r, const unsigned char *p, size_t n)
{
    if (r->line_has_content)
        return 1;
    for (size_t i = 0; i < n; i++)
        if (!(classes[p[i]] & SPACE))
            return 1;
    return 0;
}

/* The first byte of p[0..n) of a class, or n: find_movetext_stop(),
 * find_comment_stop(), find_value_stop() and find_name_end(). With SSE2, 16
 * bytes are classified at once (by comparing them with each byte of the
 * class, or by ranges for NAME_END) and only whole blocks are loaded; the
 * rest, and the portable build, read the table a byte at a time. */
#if PGN_SSE2
/* Written out byte by byte from the list (a loop over it is not unrolled). */
#define MOVETEXT_HIT(k) _mm_cmpeq_epi8(v, _mm_set1_epi8(MOVETEXT_STOPS[k]))
_Static_assert(sizeof MOVETEXT_STOPS - 1 == 11, "movetext_stop_mask() compares with each of the 11 stops");
static unsigned movetext_stop_mask(__m128i v)
{
    __m128i hits = _mm_or_si128(_mm_or_si128(_mm_or_si128(MOVETEXT_HIT(0), MOVETEXT_HIT(1)),
                                             _mm_or_si128(MOVETEXT_HIT(2), MOVETEXT_HIT(3))),
                                _mm_or_si128(_mm_or_si128(MOVETEXT_HIT(4), MOVETEXT_HIT(5)),
                                             _mm_or_si128(MOVETEXT_HIT(6), MOVETEXT_HIT(7))));
    hits = _mm_or_si128(hits, _mm_or_si128(MOVETEXT_HIT(8), _mm_or_si128(MOVETEXT_HIT(9), MOVETEXT_HIT(10))));
    return (unsigned)_mm_movemask_epi8(hits);
}

static unsigned comment_stop_mask(__m128i v)
{
    __m128i hits = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('}')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n')));
    return (unsigned)_mm_movemask_epi8(hits);
}

static unsigned value_stop_mask(__m128i v)
{
    __m128i hits = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')),
                                _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\\')), _mm_cmpeq_epi8(v,
                                             _mm_set1_epi8('\n'))));
    return (unsigned)_mm_movemask_epi8(hits);
}

/* Letters are told with the case bit set (0x20 | 'A'..'Z' is 'a'..'z', and no
 * other byte lands there); compares are signed, so bytes of 0x80 and more,
 * negative, are in no range. */
static unsigned name_end_mask(__m128i v)
{
    __m128i lower = _mm_or_si128(v, _mm_set1_epi8(0x20));
    __m128i letter = _mm_and_si128(_mm_cmpgt_epi8(lower, _mm_set1_epi8('a' - 1)), _mm_cmplt_epi8(lower,
                                   _mm_set1_epi8('z' + 1)));
    __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)), _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
    __m128i name = _mm_or_si128(_mm_or_si128(letter, digit), _mm_cmpeq_epi8(v, _mm_set1_epi8('_')));
    return ~(unsigned)_mm_movemask_epi8(name) & 0xFFFFu;
}
#define BLOCKS(mask_of)                                                                                                \
    for (; n - i >= 16; i += 16) {                                                                                     \
        unsigned mask = mask_of(_mm_loadu_si128((const __m128i *)(const void *)(p + i)));                              \
        if (mask)                                                                                                      \
            return i + (size_t)__builtin_ctz(mask);                                                                    \
    }
#else
#define BLOCKS(mask_of)
#endif

/* Inlined into their few callers: a call costs about as much as finding a
 * tag name's end. */
#define FINDER(name, class, mask_of)                                                                                   \
    __attribute__((always_inline)) static inline size_t name(const unsigned char *p, size_t n)                        \
    {                                                                                                                  \
        size_t i = 0;                                                                                                  \
        BLOCKS(mask_of)                                                                                                \
        while (i < n && !(classes[p[i]] & (class)))                                                                    \
            i++;                                                                                                       \
        return i;                                                                                                      \
    }
FINDER(find_movetext_stop, MOVETEXT_STOP, movetext_stop_mask)
FINDER(find_comment_stop, COMMENT_STOP, comment_stop_mask)
FINDER(find_value_stop, VALUE_STOP, value_stop_mask)
FINDER(find_name_end, NAME_END, name_end_mask)

/* A stretch p[0..n) of movetext without a movetext stop, read from S_MOVETEXT
 * (no symbol open) at offset `at`: what lex_movetext() and the symbol state
 * would make of it byte by byte. The movetext ends after its last byte that is
 * no white space (a symbol byte or a one-byte token: each ends a token there);
 * a symbol in it that ends in it is no result (it has no '-'); the symbol left
 * open at its end, if any, starts at the first letter or digit of the last run
 * of symbol bytes (the symbol bytes before it are one-byte tokens). Returns
 * whether it holds a byte that is no white space. */
static int movetext_stretch(pgn_reader *r, const unsigned char *p, size_t n, uint64_t at)
{
    size_t last = n;
    while (last > 0 && (classes[p[last - 1]] & SPACE))
        last--;
    if (last == 0)
        return 0;
    r->game.movetext_end = at + last;
    if (last == n && (classes[p[n - 1]] & SYMBOL)) {
        size_t from = n;
        while (from > 0 && (classes[p[from - 1]] & SYMBOL))
            from--;
        while (from < n && !(classes[p[from]] & SYMBOL_START))
            from++;
        if (from < n) {
            r->state = S_SYMBOL;
            r->symbol_len = n - from;
            memcpy(r->symbol, p + from, n - from < sizeof r->symbol ? n - from : sizeof r->symbol);
        }
    }
    return 1;
}

/* Moves the position past j bytes read in a run, as step() would byte by
 * byte: `lines` newlines among them, the last at line_start - 1, and
 * `content` whether a byte after it (after the run's start when none) is no
 * white space. */
static void advance(pgn_reader *r, size_t j, unsigned long lines, size_t line_start, int content)
{
    r->offset += j;
    if (lines > 0) {
        r->line += lines;
        r->column_index = j - line_start;
        r->line_has_content = content;
        r->line_reported = 0;
    } else {
        r->column_index += j;
        if (content)
            r->line_has_content = 1;
    }
}

/* Where byte j of a run from the current position is, `lines` newlines read
 * before it in the run, the last at line_start - 1. */
static pgn_where where_in_run(const pgn_reader *r, size_t j, unsigned long lines, size_t line_start)
{
    uint64_t column_index = lines > 0 ? j - line_start : r->column_index + j;
    pgn_where w = {r->offset + j, r->line + lines, (unsigned long)(column_index + 1)};
    return w;
}

/* The text of a brace comment in a run, from p[j] on, up to its '}' or *n:
 * only '}' and the newline mean anything in it (an escape line's '%' does
 * not), and a newline only counts a line: *lines, *line_start and *content as
 * advance() takes them, and *n capped at each new line's limit. Returns the
 * index of the '}', or *n. */
static size_t comment_text(const pgn_reader *r, const unsigned char *p, size_t j, size_t *n, unsigned long *lines,
                           size_t *line_start, int *content)
{
    for (;;) {
        size_t stop = j + find_comment_stop(p + j, *n - j);
        if (!*content && (*lines > 0 || !r->line_has_content))
            for (size_t k = j; k < stop && !*content; k++)
                *content = !(classes[p[k]] & SPACE);
        j = stop;
        if (j == *n || p[j] != '\n')
            return j;
        (*lines)++;
        *line_start = ++j;
        *content = 0;
        if (*n - j > PGN_LINE_MAX)
            *n = j + (size_t)PGN_LINE_MAX;
    }
}

/* The text of a brace comment from p on, up to its '}' (step() ends the
 * comment there) or the end of p. n is capped as for movetext_run(). */
static size_t comment_run(pgn_reader *r, const unsigned char *p, size_t n)
{
    size_t line_start = 0;
    unsigned long lines = 0;
    int content = 0;
    size_t j = comment_text(r, p, 0, &n, &lines, &line_start, &content);
    advance(r, j, lines, line_start, content);
    return j;
}

/* White space between games (S_OUTSIDE), newlines counted; n is capped as
 * for movetext_run(). */
static size_t outside_run(pgn_reader *r, const unsigned char *p, size_t n)
{
    size_t j = 0, line_start = 0;
    unsigned long lines = 0;
    for (; j < n && (classes[p[j]] & WHITE); j++) {
        if (p[j] == '\n') {
            lines++;
            line_start = j + 1;
            if (n - line_start > PGN_LINE_MAX)
                n = line_start + (size_t)PGN_LINE_MAX;
        }
    }
    advance(r, j, lines, line_start, 0);
    return j;
}

/* Movetext from p on, as step() and lex() would read it byte by byte, up to a
 * byte that step() must read (a NAG, '[', '*', '%', a ')' without '(') or a
 * termination marker; returns the bytes read, its position moved past them.
 * Symbols still open are read a byte at a time to their end, where
 * end_symbol() tells a result; the stretches between stops go to
 * movetext_stretch(); '-' and '/' continue a symbol or are one-byte tokens; a
 * newline in movetext is white space, so it only counts a line (a '%' after
 * it, an escape line, stops the run); '(' and ')' open and close variations
 * as lex_movetext() does; a brace comment is read to its '}' (comment_text()),
 * or is left open at the end of the run. The caller has capped n at the line
 * limit; after a newline the cap is the limit from the new line's start. */
static size_t movetext_run(pgn_reader *r, const unsigned char *p, size_t n)
{
    size_t j = 0, line_start = 0;
    unsigned long lines = 0;
    int content = 0; /* on the line being read, since line_start */
    for (;;) {
        if (r->state == S_SYMBOL) {
            for (; j < n && (classes[p[j]] & SYMBOL); j++) {
                if (r->symbol_len < sizeof r->symbol)
                    r->symbol[r->symbol_len] = (char)p[j];
                r->symbol_len++;
            }
            if (j == n)
                break;
            r->offset += j; /* end_symbol() reads the position */
            end_symbol(r);
            r->offset -= j;
            if (r->state != S_MOVETEXT) /* a termination marker */
                break;
        }
        size_t stop = j + find_movetext_stop(p + j, n - j);
        if (movetext_stretch(r, p + j, stop - j, r->offset + j))
            content = 1;
        j = stop;
        if (j == n)
            break;
        if (p[j] == '\n') {
            if (r->state == S_SYMBOL)
                continue; /* the symbol ends first, above */
            lines++;
            line_start = ++j;
            content = 0;
            if (n - j > PGN_LINE_MAX)
                n = j + (size_t)PGN_LINE_MAX;
            continue;
        }
        if (p[j] == '{' || p[j] == '(' || (p[j] == ')' && r->depth > 0)) {
            if (r->state == S_SYMBOL)
                continue; /* the symbol ends first, above */
            content = 1;
            if (p[j] == '{') { /* as lex_movetext() and step() read a comment */
                r->comment = BRACE_COMMENT;
                r->comment_at = where_in_run(r, j, lines, line_start);
                j = comment_text(r, p, j + 1, &n, &lines, &line_start, &content);
                if (j == n)
                    break; /* still open: comment_run() reads on */
                r->comment = NO_COMMENT;
            } else if (p[j] == '(') {
                if (r->depth++ == 0)
                    r->variation_at = where_in_run(r, j, lines, line_start);
            } else {
                r->depth--;
            }
            r->game.movetext_end = r->offset + j + 1; /* a token ends here */
            content = 1; /* the '}' or the parenthesis */
            j++;
            continue;
        }
        if (p[j] != '-' && p[j] != '/')
            break;
        if (r->state == S_SYMBOL) {
            if (r->symbol_len < sizeof r->symbol)
                r->symbol[r->symbol_len] = (char)p[j];
            r->symbol_len++;
        } else {
            r->game.movetext_end = r->offset + j + 1;
        }
        content = 1;
        j++;
    }
    advance(r, j, lines, line_start, content);
    return j;
}

/* The first byte from p[i] on that is no white space other than '\n', or n. */
static size_t skip_space(const unsigned char *p, size_t i, size_t n)
{
    while (i < n && (classes[p[i]] & SPACE))
        i++;
    return i;
}

/* Plainly written tag pairs of a held section, from p on: '[', a name, a
 * value without escapes, ']' with white space other than newlines between
 * them, each pair taken with the rest of its line when only white space
 * follows it, and empty lines between and after them. Read from S_TAG_OPEN (step() read the '[') or from S_TAGS at a
 * '[' that does not start a new game, as lex() would read them byte by byte;
 * a pair is taken whole or not at all (anything else, a pair cut by the end
 * of the chunk included, is left to step()). Returns the bytes read, which
 * the caller holds (tag_pairs_run()). */
static size_t tag_pairs(pgn_reader *r, const unsigned char *p, size_t n)
{
    size_t j = 0;
    for (;;) {
        size_t i = j;
        if (r->state == S_TAGS && i < n && p[i] == '[' && !r->blank_line) {
            i++;
        } else if (r->state == S_TAGS && i < n && p[i] == '\n' && !r->line_has_content) {
            /* An empty line, as step() reads it: the tag section may end here. */
            if (!reserve((void **)&r->section, &r->section_cap, r->section_len + j + 1, 1, PGN_SECTION_MAX))
                return j;
            r->blank_line = 1;
            r->offset++;
            r->line++;
            r->column_index = 0;
            r->line_reported = 0;
            j++;
            continue;
        } else if (r->state != S_TAG_OPEN) {
            return j;
        }
        /* White space is skipped only where the byte expected is not there:
         * most pairs are written [Name "value"] with one space. */
        if (i < n && !(classes[p[i]] & SYMBOL_START))
            i = skip_space(p, i, n);
        size_t name = i;
        if (i == n || !(classes[p[i]] & SYMBOL_START))
            return j;
        i += find_name_end(p + i, n - i);
        size_t name_end = i;
        if (i + 1 < n && p[i] == ' ' && p[i + 1] == '"')
            i++;
        else
            i = skip_space(p, i, n);
        if (i == n || p[i] != '"')
            return j;
        size_t quote = i++;
        i += find_value_stop(p + i, n - i);
        if (i == n || p[i] != '"')
            return j;
        size_t close = i++;
        if (i < n && p[i] != ']')
            i = skip_space(p, i, n);
        if (i == n || p[i] != ']')
            return j;
        size_t pair_end = ++i, end = pair_end, line_bytes = end - j;
        if (i < n && p[i] != '\n')
            i = skip_space(p, i, n);
        int newline = i < n && p[i] == '\n';
        if (newline) {
            line_bytes = i - j;
            end = i + 1;
        }
        /* No byte of it reaches the line limit, which step() reports. */
        if (!r->line_reported && r->column_index + line_bytes > PGN_LINE_MAX)
            return j;
        size_t value_len = close - quote - 1;
        int keep = keeps_tag(r, (const char *)p + name, name_end - name);
        /* A tag that store_tag() could not keep (too many, no memory) is left
         * to step(), which reports it where it would byte by byte. */
        if (r->tags_read == PGN_TAGS_MAX || !reserve_seen(r) ||
            (keep && !reserve((void **)&r->tags, &r->tags_cap, r->tags_n + 1, sizeof *r->tags, PGN_TAGS_MAX)) ||
            !reserve((void **)&r->section, &r->section_cap, r->section_len + end, 1, PGN_SECTION_MAX) ||
            (keep && !reserve((void **)&r->values, &r->values_cap, r->values_len + value_len + 1, 1,
                              PGN_SECTION_MAX + PGN_TAGS_MAX)))
            return j; /* step() meets the byte that cannot be held and says why */
        r->tags_read++;
        uint64_t base = r->offset, column = r->column_index;
        pgn_where open = r->state == S_TAGS ? (pgn_where){base, r->line, (unsigned long)(column + 1)} : r->tag.open;
        /* p[0] is held at r->section_len once this run returns (r->pending). */
        note_tag(r, r->section_len + name, name_end - name, (const char *)p + quote + 1, value_len, open,
                 keep ? r->tags_n : NOT_KEPT);
        if (keep) {
            /* Written straight into its slot, positions from the line's: the
             * whole pair is on this line (no r->tag to clear and copy). */
            pgn_tag *t = &r->tags[r->tags_n++];
            t->superseded = 0;
            t->open = open;
            t->name_at = (pgn_where){base + (name - j), r->line, (unsigned long)(column + (name - j) + 1)};
            t->name_len = name_end - name;
            t->value_at = (pgn_where){base + (quote - j) + 1, r->line, (unsigned long)(column + (quote - j) + 2)};
            t->raw_value_len = t->value_len = value_len;
            memcpy(r->values + r->values_len, p + quote + 1, value_len);
            r->values_len += value_len;
            r->values[r->values_len++] = '\0';
        }
        r->blank_line = 0;
        r->state = S_TAGS;
        r->offset = base + (end - j);
        if (newline) {
            r->line++;
            r->column_index = 0;
            r->line_has_content = 0;
            r->line_reported = 0;
        } else {
            r->column_index = column + (end - j);
            r->line_has_content = 1;
        }
        j = end;
        if (!newline)
            return j;
    }
}

/* The run of tag_pairs(), its bytes held in one copy (room for them is
 * reserved pair by pair). */
static size_t tag_pairs_run(pgn_reader *r, const unsigned char *p, size_t n)
{
    r->pending = p;
    size_t j = tag_pairs(r, p, n);
    r->pending = NULL;
    if (j > 0) {
        memcpy(r->section + r->section_len, p, j);
        r->section_len += j;
    }
    return j;
}

/* The length of a run of bytes from p on read here in one go, as step()
 * would read them one by one: plainly written tag pairs of a held section
 * (tag_pairs_run()), the rest of a held tag name or the plain bytes of a held
 * tag value, the text of a comment, and movetext (movetext_run()). 0 when the
 * next byte needs step(). A run holds no newline but those of movetext and
 * comments and the one that ends a tag pair's line, and never passes the line
 * limit before the line is reported. */
static size_t quiet_run(pgn_reader *r, const unsigned char *p, size_t n)
{
    if (r->byte_by_byte || r->overflow || r->bom_left > 0)
        return 0;
    if (r->holding && r->comment == NO_COMMENT && (r->state == S_TAG_OPEN || r->state == S_TAGS)) {
        /* before the line limit's cap: a tag pair's run checks the limit itself, and may end its line */
        return tag_pairs_run(r, p, n);
    }
    if (r->holding && (r->comment != NO_COMMENT || (r->state != S_TAG_VALUE && r->state != S_TAG_NAME)))
        return 0;
    if (!r->line_reported) { /* step() reports the byte past the limit */
        if (r->column_index >= PGN_LINE_MAX)
            return 0;
        if (n > PGN_LINE_MAX - r->column_index)
            n = (size_t)(PGN_LINE_MAX - r->column_index);
    }
    size_t j = 0;
    int content = 0;
    if (r->holding) {
        if (r->state == S_TAG_VALUE) {
            j = find_value_stop(p, n);
            if (j == 0 || !hold_run(r, p, j))
                return 0;
            content = has_content(r, p, j);
        } else { /* S_TAG_NAME */
            /* lex() counts a name byte and nothing more; none is white space,
             * a newline or '%', so step()'s line and comment rules pass it by. */
            j = find_name_end(p, n);
            if (j == 0 || !hold_section_run(r, p, j))
                return 0;
            r->tag.name_len += j;
            content = 1;
        }
    } else if (r->comment == BRACE_COMMENT) {
        return comment_run(r, p, n);
    } else if (r->comment == LINE_COMMENT) {
        const unsigned char *newline = memchr(p, '\n', n);
        j = newline ? (size_t)(newline - p) : n;
        content = has_content(r, p, j);
    } else if (r->state == S_SYMBOL || r->state == S_MOVETEXT) {
        return movetext_run(r, p, n);
    } else if (r->state == S_OUTSIDE) {
        return outside_run(r, p, n);
    }
    r->offset += j;
    r->column_index += j;
    if (content)
        r->line_has_content = 1;
    return j;
}

static void feed_chunk(pgn_reader *r, const char *bytes, size_t len)
{
    r->chunk = bytes;
    r->pass_from = 0;
    for (r->chunk_at = 0; r->chunk_at < len;) {
        size_t quiet = quiet_run(r, (const unsigned char *)bytes + r->chunk_at, len - r->chunk_at);
        if (quiet > 0) {
            r->chunk_at += quiet;
            continue;
        }
        step(r, (unsigned char)bytes[r->chunk_at]);
        r->chunk_at++;
    }
    flush_pass(r);
    r->chunk = NULL;
    r->chunk_at = r->pass_from = 0;
}

pgn_reader *pgn_reader_new(const pgn_handler *handler, void *context)
{
    init_classes();
    pgn_reader *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->handler = *handler;
    r->context = context;
    r->line = 1;
    r->state = S_OUTSIDE;
    r->keep_all = 1;
    return r;
}

int pgn_reader_keep_tags(pgn_reader *r, const char *const *names)
{
    size_t n = 0;
    if (names)
        while (names[n])
            if (++n > PGN_KEEP_TAGS_MAX)
                return -1;
    r->keep_all = names == NULL;
    r->keep_n = n;
    r->keep_lengths = 0;
    for (size_t k = 0; k < n; k++) {
        r->keep_name[k] = names[k];
        r->keep_len[k] = strlen(names[k]);
        r->keep_lengths |= length_bit(r->keep_len[k]);
    }
    return 0;
}

void pgn_reader_byte_by_byte(pgn_reader *r, int on) { r->byte_by_byte = on; }

int pgn_reader_sse2(void) { return PGN_SSE2; }

int pgn_reader_classes_agree(void)
{
    init_classes();
#if PGN_SSE2
    static const struct {
        unsigned (*mask_of)(__m128i);
        unsigned short class;
    } finders[] = {{movetext_stop_mask, MOVETEXT_STOP},
                   {comment_stop_mask, COMMENT_STOP},
                   {value_stop_mask, VALUE_STOP},
                   {name_end_mask, NAME_END}};
    for (int c = 0; c < 256; c++) /* the masks are lane by lane: a block of one byte tells them */
        for (size_t k = 0; k < sizeof finders / sizeof finders[0]; k++)
            if (finders[k].mask_of(_mm_set1_epi8((char)c)) != ((classes[c] & finders[k].class) ? 0xFFFFu : 0u))
                return 0;
#endif
    return 1;
}

void pgn_reader_free(pgn_reader *r)
{
    if (!r)
        return;
    free(r->section);
    free(r->values);
    free(r->tags);
    free(r->seen);
    free(r->slot);
    free(r->slot_generation);
    free(r->read_buffer);
    free(r);
}

static const unsigned char bom[3] = {0xEF, 0xBB, 0xBF};

void pgn_feed(pgn_reader *r, const char *bytes, size_t len)
{
    /* The first bytes wait until they show whether the input starts with a BOM. */
    while (!r->prefix_done && len > 0) {
        if ((unsigned char)bytes[0] != bom[r->prefix_n]) {
            r->prefix_done = 1;
            feed_chunk(r, (const char *)r->prefix, r->prefix_n);
            break;
        }
        r->prefix[r->prefix_n++] = (unsigned char)bytes[0];
        bytes++;
        len--;
        if (r->prefix_n == sizeof bom) {
            r->prefix_done = 1;
            r->bom_left = 3;
            feed_chunk(r, (const char *)r->prefix, r->prefix_n);
        }
    }
    if (len > 0)
        feed_chunk(r, bytes, len);
}

void pgn_finish(pgn_reader *r)
{
    if (!r->prefix_done) {
        r->prefix_done = 1;
        feed_chunk(r, (const char *)r->prefix, r->prefix_n);
    }
    release_if_needed(r);
    switch (r->state) {
    case S_TAG_OPEN:
    case S_TAG_NAME:
    case S_TAG_AFTER_NAME:
    case S_TAG_AFTER_VALUE:
        diagnose(r, r->tag.open, "a tag pair not closed at the end of the input");
        r->game.malformed++;
        break;
    case S_TAG_VALUE:
    case S_TAG_ESCAPE:
        if (close_at_bracket(r))
            break;
        if (r->stray_at.line)
            diagnose(r, r->reopen_at, "']' must follow the tag value");
        else
            diagnose(r, r->quote_at, "a tag value without its closing quote on its line");
        r->game.malformed++;
        break;
    case S_SYMBOL:
        end_symbol(r);
        break;
    default:
        break;
    }
    if (r->comment == BRACE_COMMENT)
        diagnose(r, r->comment_at, "a comment opened here is not closed at the end of the input");
    end_game(r);
    r->state = S_OUTSIDE;
    r->comment = NO_COMMENT;
}

int pgn_read_fd(pgn_reader *r, int fd)
{
    if (!r->read_buffer && !(r->read_buffer = malloc(READ_BUFFER_SIZE))) {
        pgn_finish(r);
        return ENOMEM;
    }
    for (;;) {
        ssize_t got = read(fd, r->read_buffer, READ_BUFFER_SIZE);
        if (got < 0) {
            if (errno == EINTR)
                continue;
            int error = errno;
            pgn_finish(r);
            return error;
        }
        if (got == 0)
            break;
        pgn_feed(r, r->read_buffer, (size_t)got);
    }
    pgn_finish(r);
    return 0;
}

uint64_t pgn_reader_bytes_read(const pgn_reader *reader) { return reader->offset; }

unsigned long pgn_reader_games(const pgn_reader *reader) { return reader->games; }

void pgn_reader_set_base(pgn_reader *r, uint64_t offset, unsigned long line, unsigned long games)
{
    r->offset = offset;
    r->line = line;
    r->games = games;
    r->prefix_done = 1; /* a byte-order mark is only the input's first bytes */
}

int pgn_reader_at_game_boundary(const pgn_reader *r)
{
    /* The states in which lex() starts a game at '[' and nothing is pending
     * that a later byte would report: anything else may be inside a game. */
    if (!r->prefix_done || r->column_index != 0 || r->line_has_content || r->comment != NO_COMMENT || r->overflow)
        return 0;
    switch (r->state) {
    case S_OUTSIDE:
        return 1;
    case S_MOVETEXT:
        return r->depth == 0;
    case S_TAGS:
        return r->blank_line;
    default:
        return 0;
    }
}
