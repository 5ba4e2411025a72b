/* The JSON reader of --merge: a tally as census_write's JSON writes it.
 * A small parser of JSON (RFC 8259) into a tree of nodes, bounded in depth,
 * then the tally read from the tree; every problem has its line and column. */
#include <stdio.h> /* snprintf into a message: no output */
#include <stdlib.h>
#include <string.h>

#include "census_internal.h"
#include "output.h" /* UTIL_OUT_OF_MEMORY alone: the reports are census_reader.c's */

/* Deeper nesting than a tally has (4) is refused, so recursion is bounded. */
#define JSON_DEPTH_MAX 16

enum { J_NULL, J_FALSE, J_TRUE, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT };

typedef struct jnode {
    int type;
    size_t at;           /* its first byte in the text */
    uint64_t number;     /* J_NUMBER: a whole number */
    int number_ok;       /* it was one (no sign, fraction, exponent, overflow) */
    size_t text, len;    /* J_STRING: its bytes in the parser's string store */
    size_t key, key_len; /* a member's name, in the string store */
    size_t first, next;  /* children and siblings: index + 1, 0 for none */
} jnode;

typedef struct jparser {
    const char *s;
    size_t n, i;
    jnode *nodes;
    size_t nodes_n, nodes_cap;
    char *strings;
    size_t strings_n, strings_cap;
    /* The first problem. */
    const char *problem;
    size_t problem_at;
    char message[160];
} jparser;

static int fail(jparser *p, size_t at, const char *message)
{
    if (!p->problem) {
        p->problem = message;
        p->problem_at = at;
    }
    return -1;
}

static void skip_space(jparser *p)
{
    while (p->i < p->n && (p->s[p->i] == ' ' || p->s[p->i] == '\t' || p->s[p->i] == '\n' || p->s[p->i] == '\r'))
        p->i++;
}

static size_t new_node(jparser *p, int type)
{
    if (p->nodes_n == p->nodes_cap) {
        size_t cap = p->nodes_cap ? 2 * p->nodes_cap : 64;
        jnode *grown = realloc(p->nodes, cap * sizeof *grown);
        if (!grown)
            return 0;
        p->nodes = grown;
        p->nodes_cap = cap;
    }
    jnode *node = &p->nodes[p->nodes_n++];
    memset(node, 0, sizeof *node);
    node->type = type;
    node->at = p->i;
    return p->nodes_n;
}

static int store_byte(jparser *p, char c)
{
    if (p->strings_n == p->strings_cap) {
        size_t cap = p->strings_cap ? 2 * p->strings_cap : 256;
        char *grown = realloc(p->strings, cap);
        if (!grown)
            return -1;
        p->strings = grown;
        p->strings_cap = cap;
    }
    p->strings[p->strings_n++] = c;
    return 0;
}

static int hex(char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); }

/* A string at p->i (its opening quote): its bytes into the store. */
static int parse_string(jparser *p, size_t *text, size_t *len)
{
    size_t start = p->i++;
    *text = p->strings_n;
    while (p->i < p->n && p->s[p->i] != '"') {
        unsigned char c = (unsigned char)p->s[p->i];
        if (c < 0x20)
            return fail(p, p->i, "a control character in a string");
        if (c == '\\') {
            if (p->i + 1 >= p->n)
                break;
            char e = p->s[p->i + 1], out;
            switch (e) {
            case '"': out = '"'; break;
            case '\\': out = '\\'; break;
            case '/': out = '/'; break;
            case 'b': out = '\b'; break;
            case 'f': out = '\f'; break;
            case 'n': out = '\n'; break;
            case 'r': out = '\r'; break;
            case 't': out = '\t'; break;
            case 'u':
                if (p->i + 6 > p->n || !hex(p->s[p->i + 2]) || !hex(p->s[p->i + 3]) || !hex(p->s[p->i + 4]) ||
                    !hex(p->s[p->i + 5]))
                    return fail(p, p->i, "a \\u escape without four hexadecimal digits");
                /* No name of a tally needs one: kept as '?'. */
                if (store_byte(p, '?') != 0)
                    return fail(p, p->i, UTIL_OUT_OF_MEMORY);
                p->i += 6;
                continue;
            default:
                return fail(p, p->i, "an unknown escape in a string");
            }
            if (store_byte(p, out) != 0)
                return fail(p, p->i, UTIL_OUT_OF_MEMORY);
            p->i += 2;
            continue;
        }
        if (store_byte(p, (char)c) != 0)
            return fail(p, p->i, UTIL_OUT_OF_MEMORY);
        p->i++;
    }
    if (p->i >= p->n)
        return fail(p, start, "a string without its closing quote");
    p->i++;
    *len = p->strings_n - *text;
    return 0;
}

static int parse_value(jparser *p, size_t *index, int depth);

static int parse_literal(jparser *p, const char *word, int type, size_t *index)
{
    size_t w = strlen(word);
    if (p->n - p->i < w || memcmp(p->s + p->i, word, w) != 0)
        return fail(p, p->i, "expected a JSON value");
    if (!(*index = new_node(p, type)))
        return fail(p, p->i, UTIL_OUT_OF_MEMORY);
    p->i += w;
    return 0;
}

static int parse_number(jparser *p, size_t *index)
{
    if (!(*index = new_node(p, J_NUMBER)))
        return fail(p, p->i, UTIL_OUT_OF_MEMORY);
    jnode *node = &p->nodes[*index - 1];
    size_t start = p->i;
    int ok = 1;
    if (p->s[p->i] == '-') {
        ok = 0;
        p->i++;
    }
    if (p->i >= p->n || p->s[p->i] < '0' || p->s[p->i] > '9')
        return fail(p, start, "expected a JSON value");
    if (p->s[p->i] == '0' && p->i + 1 < p->n && p->s[p->i + 1] >= '0' && p->s[p->i + 1] <= '9')
        return fail(p, p->i, "a number with a leading zero (JSON has none)");
    uint64_t v = 0;
    for (; p->i < p->n && p->s[p->i] >= '0' && p->s[p->i] <= '9'; p->i++) {
        unsigned d = (unsigned)(p->s[p->i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            ok = 0;
        else
            v = 10 * v + d;
    }
    /* A fraction or exponent is read over but is no count. */
    while (p->i < p->n && (p->s[p->i] == '.' || p->s[p->i] == 'e' || p->s[p->i] == 'E' || p->s[p->i] == '+' ||
                           p->s[p->i] == '-' || (p->s[p->i] >= '0' && p->s[p->i] <= '9'))) {
        ok = 0;
        p->i++;
    }
    node->number = v;
    node->number_ok = ok;
    return 0;
}

static int parse_container(jparser *p, size_t *index, int depth, int object)
{
    if (depth >= JSON_DEPTH_MAX)
        return fail(p, p->i, "nested too deep for a census tally");
    if (!(*index = new_node(p, object ? J_OBJECT : J_ARRAY)))
        return fail(p, p->i, UTIL_OUT_OF_MEMORY);
    size_t self = *index, last = 0;
    char close = object ? '}' : ']';
    p->i++;
    skip_space(p);
    if (p->i < p->n && p->s[p->i] == close) {
        p->i++;
        return 0;
    }
    for (;;) {
        size_t key = 0, key_len = 0, child;
        skip_space(p);
        if (object) {
            if (p->i >= p->n || p->s[p->i] != '"')
                return fail(p, p->i, "expected a member name in quotes");
            if (parse_string(p, &key, &key_len) != 0)
                return -1;
            skip_space(p);
            if (p->i >= p->n || p->s[p->i] != ':')
                return fail(p, p->i, "expected ':' after a member name");
            p->i++;
        }
        if (parse_value(p, &child, depth + 1) != 0)
            return -1;
        p->nodes[child - 1].key = key;
        p->nodes[child - 1].key_len = key_len;
        if (last)
            p->nodes[last - 1].next = child;
        else
            p->nodes[self - 1].first = child;
        last = child;
        skip_space(p);
        if (p->i < p->n && p->s[p->i] == ',') {
            p->i++;
            continue;
        }
        if (p->i < p->n && p->s[p->i] == close) {
            p->i++;
            return 0;
        }
        return fail(p, p->i, object ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int parse_value(jparser *p, size_t *index, int depth)
{
    skip_space(p);
    if (p->i >= p->n)
        return fail(p, p->i, "the text ends where a JSON value should be");
    switch (p->s[p->i]) {
    case '{':
        return parse_container(p, index, depth, 1);
    case '[':
        return parse_container(p, index, depth, 0);
    case '"': {
        size_t at = p->i, text, len;
        if (parse_string(p, &text, &len) != 0)
            return -1;
        if (!(*index = new_node(p, J_STRING)))
            return fail(p, at, UTIL_OUT_OF_MEMORY);
        p->nodes[*index - 1].at = at;
        p->nodes[*index - 1].text = text;
        p->nodes[*index - 1].len = len;
        return 0;
    }
    case 't':
        return parse_literal(p, "true", J_TRUE, index);
    case 'f':
        return parse_literal(p, "false", J_FALSE, index);
    case 'n':
        return parse_literal(p, "null", J_NULL, index);
    default:
        return parse_number(p, index);
    }
}

/* ---- The tally from the tree ---- */

static jnode *node(jparser *p, size_t index) { return index ? &p->nodes[index - 1] : NULL; }

/* The member name of an object, NULL when absent. */
static jnode *member(jparser *p, const jnode *object, const char *name)
{
    size_t len = strlen(name);
    jnode *found = NULL;
    for (jnode *c = node(p, object->first); c; c = node(p, c->next))
        if (c->key_len == len && memcmp(p->strings + c->key, name, len) == 0)
            found = c; /* a name given twice: the last, as most readers take it */
    return found;
}

static int string_is(jparser *p, const jnode *n, const char *text)
{
    return n->type == J_STRING && n->len == strlen(text) && memcmp(p->strings + n->text, text, n->len) == 0;
}

/* A required member that is a whole number. */
static int count_member(jparser *p, const jnode *object, const char *name, uint64_t *out)
{
    jnode *m = member(p, object, name);
    if (!m) {
        snprintf(p->message, sizeof p->message, "no \"%s\" here", name);
        return fail(p, object->at, p->message);
    }
    if (m->type != J_NUMBER || !m->number_ok) {
        snprintf(p->message, sizeof p->message, "\"%s\" is not a whole number", name);
        return fail(p, m->at, p->message);
    }
    *out = m->number;
    return 0;
}

static int results_member(jparser *p, const jnode *object, uint64_t results[CENSUS_RESULTS])
{
    jnode *m = member(p, object, "results");
    if (!m) {
        snprintf(p->message, sizeof p->message, "no \"results\" here");
        return fail(p, object->at, p->message);
    }
    size_t k = 0;
    if (m->type == J_ARRAY)
        for (jnode *c = node(p, m->first); c; c = node(p, c->next)) {
            if (k == CENSUS_RESULTS || c->type != J_NUMBER || !c->number_ok)
                break;
            results[k++] = c->number;
            if (!c->next && k == CENSUS_RESULTS)
                return 0;
        }
    return fail(p, m->at, "\"results\" is not five whole numbers (win, draw, loss, unfinished, unknown)");
}

static int date_member(jparser *p, const jnode *options, const char *name, int to_end, uint32_t *out)
{
    jnode *m = member(p, options, name);
    *out = 0;
    if (!m || m->type == J_NULL)
        return 0;
    char text[16];
    if (m->type == J_STRING && m->len < sizeof text) {
        memcpy(text, p->strings + m->text, m->len);
        text[m->len] = '\0';
        if (strlen(text) == m->len && census_parse_date(text, to_end, out) == 0)
            return 0;
    }
    snprintf(p->message, sizeof p->message, "\"%s\" is not a date (YYYY-MM-DD) or null", name);
    return fail(p, m->at, p->message);
}

static int read_options(jparser *p, const jnode *root, census_options *o)
{
    jnode *opts = member(p, root, "options");
    if (!opts || opts->type != J_OBJECT)
        return fail(p, opts ? opts->at : root->at, "no \"options\" object: not a census tally");
    census_options_default(o);
    jnode *ending = member(p, opts, "ending");
    int found = 0;
    for (int e = 0; e < 3 && ending; e++)
        if (string_is(p, ending, census_ending_names[e])) {
            o->ending = (census_ending)e;
            found = 1;
        }
    if (!found)
        return fail(p, ending ? ending->at : opts->at, "\"ending\" is not \"phase\", \"final\" or \"every\"");
    uint64_t pieces, min_elo;
    if (count_member(p, opts, "pieces", &pieces) != 0 || count_member(p, opts, "min_elo", &min_elo) != 0)
        return -1;
    if (pieces > 30 || min_elo > 10000)
        return fail(p, opts->at, "\"pieces\" or \"min_elo\" out of range (30, 10000)");
    o->pieces = (unsigned)pieces;
    o->min_elo = (unsigned)min_elo;
    jnode *fold = member(p, opts, "fold");
    if (!fold || (fold->type != J_TRUE && fold->type != J_FALSE))
        return fail(p, fold ? fold->at : opts->at, "\"fold\" is not true or false");
    o->fold = fold->type == J_TRUE;
    jnode *speeds = member(p, opts, "speeds");
    if (!speeds || speeds->type != J_ARRAY)
        return fail(p, speeds ? speeds->at : opts->at, "\"speeds\" is not a list of time controls");
    for (jnode *c = node(p, speeds->first); c; c = node(p, c->next)) {
        int known = 0;
        for (int s = 0; s < CENSUS_SPEEDS; s++)
            if (string_is(p, c, census_speed_names[s])) {
                o->speeds |= 1u << s;
                known = 1;
            }
        if (!known)
            return fail(p, c->at, "an unknown time control (ultrabullet, bullet, blitz, rapid, classical or "
                                  "correspondence)");
    }
    return date_member(p, opts, "from", 0, &o->date_from) != 0 || date_member(p, opts, "to", 1, &o->date_to) != 0
               ? -1
               : 0;
}

static census_tally *read_tally(jparser *p, const jnode *root)
{
    if (root->type != J_OBJECT)
        return fail(p, root->at, "not a census tally (a JSON object)"), NULL;
    jnode *format = member(p, root, "format");
    if (!format || !string_is(p, format, "gbr census"))
        return fail(p, format ? format->at : root->at, "not a census tally (\"format\": \"gbr census\")"), NULL;
    uint64_t version;
    if (count_member(p, root, "version", &version) != 0)
        return NULL;
    if (version != CENSUS_JSON_VERSION) {
        snprintf(p->message, sizeof p->message, "a census tally of version %llu: this gbr reads version %d",
                 (unsigned long long)version, CENSUS_JSON_VERSION);
        return fail(p, member(p, root, "version")->at, p->message), NULL;
    }
    census_options o;
    if (read_options(p, root, &o) != 0)
        return NULL;
    census_tally *t = census_tally_new(&o);
    if (!t)
        return fail(p, root->at, UTIL_OUT_OF_MEMORY), NULL;
    jnode *totals = member(p, root, "totals");
    census_totals *g = &t->totals;
    if (!totals || totals->type != J_OBJECT) {
        fail(p, totals ? totals->at : root->at, "no \"totals\" object");
        goto bad;
    }
    if (count_member(p, totals, "games", &g->games) != 0 || count_member(p, totals, "counted", &g->counted) != 0 ||
        count_member(p, totals, "filtered", &g->filtered) != 0 ||
        count_member(p, totals, "not_replayed", &g->not_replayed) != 0 ||
        count_member(p, totals, "no_ending", &g->no_ending) != 0 || results_member(p, totals, g->results) != 0)
        goto bad;
    jnode *classes = member(p, root, "classes");
    if (!classes || classes->type != J_ARRAY) {
        fail(p, classes ? classes->at : root->at, "no \"classes\" list");
        goto bad;
    }
    for (jnode *c = node(p, classes->first); c; c = node(p, c->next)) {
        if (c->type != J_OBJECT) {
            fail(p, c->at, "a class is not a JSON object");
            goto bad;
        }
        jnode *code = member(p, c, "code");
        gbr_material m;
        if (!code || code->type != J_STRING ||
            gbr_parse_material(NULL, p->strings + code->text, code->len, &m).error) {
            fail(p, code ? code->at : c->at, "a class without a material code (\"code\": \"0400.00\")");
            goto bad;
        }
        size_t before = t->n;
        census_class *k = census_class_of(t, &m);
        if (!k) {
            fail(p, c->at, UTIL_OUT_OF_MEMORY);
            goto bad;
        }
        if (t->n == before) {
            fail(p, code->at, "a class given twice");
            goto bad;
        }
        if (count_member(p, c, "games", &k->games) != 0 || count_member(p, c, "plies", &k->plies) != 0 ||
            count_member(p, c, "endings", &k->endings) != 0 || results_member(p, c, k->results) != 0)
            goto bad;
    }
    return t;
bad:
    census_tally_free(t);
    return NULL;
}

census_tally *census_parse_json(const char *text, size_t len, char *message, size_t cap, unsigned long *line,
                                unsigned long *column)
{
    jparser p;
    memset(&p, 0, sizeof p);
    p.s = text;
    p.n = len;
    size_t root = 0;
    census_tally *t = NULL;
    if (parse_value(&p, &root, 0) == 0) {
        skip_space(&p);
        if (p.i < p.n)
            fail(&p, p.i, "more text after the JSON value");
        else
            t = read_tally(&p, node(&p, root));
    }
    if (!t) {
        if (!p.problem)
            fail(&p, 0, UTIL_OUT_OF_MEMORY);
        /* Line and column (bytes from 1) of the problem. */
        unsigned long l = 1, col = 1;
        for (size_t i = 0; i < p.problem_at && i < len; i++) {
            if (text[i] == '\n')
                l++, col = 1;
            else
                col++;
        }
        *line = l;
        *column = col;
        snprintf(message, cap, "%s", p.problem);
    }
    free(p.nodes);
    free(p.strings);
    return t;
}
