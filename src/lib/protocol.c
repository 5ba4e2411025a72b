/*
 * The conformance protocol's operations (spec/gbr.md §13.2): one table of
 * name, level, input and how each is answered, and the answer line. Every
 * program that speaks or checks the protocol reads this table, so a new
 * operation is added here once.
 */
#include <string.h>

#include "gbr.h"

static const char *const level_names[GBR_LEVEL_COUNT] = {"material", "study", "position", "extensions"};

const char *gbr_level_name(gbr_level level)
{
    return (unsigned)level < GBR_LEVEL_COUNT ? level_names[level] : NULL;
}

int gbr_level_by_name(const char *name, size_t len)
{
    if (name == NULL)
        return -1;
    for (int level = 0; level < GBR_LEVEL_COUNT; level++)
        if (strlen(level_names[level]) == len && memcmp(level_names[level], name, len) == 0)
            return level;
    return -1;
}

/* How an operation is answered when its input is valid, into dst (cap is
 * always GBR_ANSWER_MAX); on an error, the error and its column in the input.
 * Most are one text operation of ops.c, the FEN conversions with the
 * operation's result option; check and the orders are written here. */
typedef gbr_result (*text_fn)(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len);
typedef gbr_result (*fen_fn)(const gbr_codec *c, char *dst, size_t cap, const char *src, size_t len,
                             gbr_result_option result);
typedef gbr_result (*answer_fn)(const gbr_codec *c, const gbr_operation *op, char *dst, size_t cap, const char *src,
                                size_t len);

/* "FORM CANONICAL" (§10). */
static gbr_result check(const gbr_codec *c, const gbr_operation *op, char *dst, size_t cap, const char *src,
                        size_t len)
{
    (void)op;
    char text[GBR_POSITION_MAX];
    gbr_form form = GBR_FORM_UNKNOWN;
    gbr_result r = gbr_check(c, text, sizeof text, src, len, &form);
    if (r.error != GBR_OK)
        return r;
    const char *name = gbr_form_name(form);
    size_t name_len = strlen(name);
    if (name_len + 1 + r.length > cap) {
        r.error = GBR_E_BUFFER_TOO_SMALL;
        r.length = name_len + 1 + r.length;
        return r;
    }
    memcpy(dst, name, name_len);
    dst[name_len] = ' ';
    memcpy(dst + name_len + 1, text, r.length);
    r.length += name_len + 1;
    return r;
}

/* One text of an order input, parsed, as its key: bytes whose memcmp order
 * is the directory order of §8 (big-endian for the integer keys). */
static gbr_result order_key(const gbr_codec *c, gbr_form form, const char *src, size_t len,
                            uint8_t key[GBR_POSITION_KEY_SIZE])
{
    memset(key, 0, GBR_POSITION_KEY_SIZE);
    gbr_result r;
    uint64_t number = 0;
    if (form == GBR_FORM_MATERIAL) {
        gbr_material m;
        r = gbr_parse_material(c, src, len, &m);
        if (r.error == GBR_OK)
            number = gbr_material_key_of(c, &m);
    } else if (form == GBR_FORM_STUDY) {
        gbr_study s;
        r = gbr_parse_study(c, src, len, &s);
        if (r.error == GBR_OK)
            number = gbr_study_key_of(c, &s);
    } else {
        gbr_position p;
        gbr_position_key k;
        r = gbr_parse_position(c, src, len, &p);
        if (r.error == GBR_OK) {
            gbr_position_key_of(c, &p, &k);
            memcpy(key, k.bytes, GBR_POSITION_KEY_SIZE);
        }
        return r;
    }
    for (int i = 0; i < 8; i++)
        key[i] = (uint8_t)(number >> (56 - 8 * i));
    return r;
}

/* "A|B": '<', '=' or '>' (§13.2, "Order inputs"). A runs to the first '|'
 * or the end and is read first, so its own errors (the empty input's
 * `empty` among them) come before a missing '|'; B's columns are shifted by
 * len(A) + 1. */
static gbr_result order(const gbr_codec *c, const gbr_operation *op, char *dst, size_t cap, const char *src,
                        size_t len)
{
    (void)cap; /* one byte: GBR_ANSWER_MAX has room */
    const char *bar = len ? memchr(src, '|', len) : NULL;
    size_t first_len = bar ? (size_t)(bar - src) : len;
    uint8_t a[GBR_POSITION_KEY_SIZE], b[GBR_POSITION_KEY_SIZE];
    gbr_result r = order_key(c, op->input, src, first_len, a);
    if (r.error != GBR_OK)
        return r;
    if (!bar) {
        gbr_result missing = {GBR_E_TRUNCATED, len + 1 > UINT32_MAX ? UINT32_MAX : (uint32_t)(len + 1), 0};
        return missing;
    }
    r = order_key(c, op->input, bar + 1, len - first_len - 1, b);
    if (r.error != GBR_OK) {
        uint64_t column = (uint64_t)r.column + first_len + 1;
        r.column = column > UINT32_MAX ? UINT32_MAX : (uint32_t)column;
        return r;
    }
    int cmp = memcmp(a, b, sizeof a);
    dst[0] = cmp < 0 ? '<' : cmp > 0 ? '>' : '=';
    r.length = 1;
    return r;
}

/* One of text, fen and answer is set. */
static const struct entry {
    gbr_operation op;
    text_fn text;
    fen_fn fen;
    answer_fn answer;
} table[] = {
    {{"material", GBR_LEVEL_MATERIAL, GBR_FORM_MATERIAL, 0, GBR_RESULT_NONE}, gbr_material_canonical, NULL, NULL},
    {{"name-material", GBR_LEVEL_MATERIAL, GBR_FORM_NAME, 0, GBR_RESULT_NONE}, gbr_name_to_material, NULL, NULL},
    {{"material-name", GBR_LEVEL_MATERIAL, GBR_FORM_MATERIAL, 0, GBR_RESULT_NONE}, gbr_material_to_name, NULL, NULL},
    {{"material-order", GBR_LEVEL_MATERIAL, GBR_FORM_MATERIAL, 1, GBR_RESULT_NONE}, NULL, NULL, order},
    {{"check", GBR_LEVEL_MATERIAL, GBR_FORM_UNKNOWN, 0, GBR_RESULT_NONE}, NULL, NULL, check},
    {{"study", GBR_LEVEL_STUDY, GBR_FORM_STUDY, 0, GBR_RESULT_NONE}, gbr_study_canonical, NULL, NULL},
    {{"study-order", GBR_LEVEL_STUDY, GBR_FORM_STUDY, 1, GBR_RESULT_NONE}, NULL, NULL, order},
    {{"position", GBR_LEVEL_POSITION, GBR_FORM_POSITION, 0, GBR_RESULT_NONE}, gbr_position_canonical, NULL, NULL},
    {{"position-fen", GBR_LEVEL_POSITION, GBR_FORM_POSITION, 0, GBR_RESULT_NONE}, gbr_position_to_fen, NULL, NULL},
    {{"fen-material", GBR_LEVEL_POSITION, GBR_FORM_FEN, 0, GBR_RESULT_NONE}, gbr_fen_to_material, NULL, NULL},
    {{"fen-study", GBR_LEVEL_POSITION, GBR_FORM_FEN, 0, GBR_RESULT_NONE}, NULL, gbr_fen_to_study, NULL},
    {{"fen-study-win", GBR_LEVEL_POSITION, GBR_FORM_FEN, 0, GBR_RESULT_WIN}, NULL, gbr_fen_to_study, NULL},
    {{"fen-study-draw", GBR_LEVEL_POSITION, GBR_FORM_FEN, 0, GBR_RESULT_DRAW}, NULL, gbr_fen_to_study, NULL},
    {{"fen-position", GBR_LEVEL_POSITION, GBR_FORM_FEN, 0, GBR_RESULT_NONE}, NULL, gbr_fen_to_position, NULL},
    {{"fen-position-win", GBR_LEVEL_POSITION, GBR_FORM_FEN, 0, GBR_RESULT_WIN}, NULL, gbr_fen_to_position, NULL},
    {{"fen-position-draw", GBR_LEVEL_POSITION, GBR_FORM_FEN, 0, GBR_RESULT_DRAW}, NULL, gbr_fen_to_position, NULL},
    {{"position-order", GBR_LEVEL_POSITION, GBR_FORM_POSITION, 1, GBR_RESULT_NONE}, NULL, NULL, order},
};
#define TABLE_SIZE (sizeof table / sizeof table[0])

const gbr_operation *gbr_operation_at(size_t index)
{
    return index < TABLE_SIZE ? &table[index].op : NULL;
}

const gbr_operation *gbr_operation_by_name(const char *name, size_t len)
{
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < TABLE_SIZE; i++)
        if (strlen(table[i].op.name) == len && memcmp(table[i].op.name, name, len) == 0)
            return &table[i].op;
    return NULL;
}

/* "error NAME COLUMN" into line (cap >= the longest name + 17); its length. */
static size_t error_line(char *line, size_t cap, gbr_result r) {
    static const char head[] = "error ";
    const char *name = gbr_error_name(r.error);
    size_t n = 0;
    for (size_t i = 0; head[i] && n < cap; i++)
        line[n++] = head[i];
    for (size_t i = 0; name[i] && n < cap; i++)
        line[n++] = name[i];
    if (n < cap)
        line[n++] = ' ';
    char digits[10];
    size_t d = 0;
    uint32_t column = r.column;
    do {
        digits[d++] = (char)('0' + column % 10u);
        column /= 10u;
    } while (column != 0 && d < sizeof digits);
    while (d > 0 && n < cap)
        line[n++] = digits[--d];
    return n;
}

gbr_result gbr_protocol_answer(const gbr_codec *c, const gbr_operation *op, char *dst, size_t cap, const char *src,
                               size_t len)
{
    gbr_result refused = {GBR_E_ARGUMENT, 0, 0};
    if ((src == NULL && len != 0) || (dst == NULL && cap != 0) || op == NULL)
        return refused;
    /* Only the table's own entries: a caller's struct says nothing of how to answer. */
    const struct entry *e = NULL;
    for (size_t i = 0; i < TABLE_SIZE && !e; i++)
        if (op == &table[i].op)
            e = &table[i];
    if (e == NULL)
        return refused;
    if (c == NULL)
        c = gbr_codec_default();
    char line[GBR_ANSWER_MAX];
    gbr_result r = e->text ? e->text(c, line, sizeof line, src, len)
                   : e->fen ? e->fen(c, line, sizeof line, src, len, e->op.result)
                            : e->answer(c, &e->op, line, sizeof line, src, len);
    if (r.error != GBR_OK) {
        /* "error NAME COLUMN": a name and ten digits fit the line. Written
         * by hand, not with snprintf, so that libgbr needs no stdio (its
         * WebAssembly module, bindings/js, would otherwise carry printf). */
        r.length = error_line(line, sizeof line, r);
    }
    if (r.length > cap) {
        gbr_result small = {GBR_E_BUFFER_TOO_SMALL, 0, r.length};
        return small;
    }
    memcpy(dst, line, r.length);
    return r;
}
