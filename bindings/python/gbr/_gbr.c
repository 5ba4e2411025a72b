/*
 * _gbr.c - the CPython extension of the gbr package: libgbr's operations
 * (src/include/gbr.h) for Python. Compiled together with libgbr's own
 * sources (setup.py lists them), so there is one implementation of every
 * rule. The package's Python layer (gbr/__init__.py) adds the value objects
 * and the error class; the conversions that must run at millions of calls a
 * second are these functions themselves.
 *
 * Texts: bytes are read as they are; a str is read as its UTF-8 encoding
 * (lone surrogates as "surrogatepass" bytes), so every column is a byte
 * column of spec/gbr.md and a non-ASCII character is an ordinary error.
 *
 * The module keeps its state (the error class) per module object and is
 * initialised in phases (PEP 489): each interpreter that imports gbr gets
 * its own module and its own GBRError, so a subinterpreter never replaces
 * the class another interpreter catches.
 *
 * The bulk functions (the column functions, scan, a query's column) release
 * the GIL while libgbr works: the texts are taken out first under the GIL
 * (each item held by a reference, a bytearray copied, scan's bytes-like
 * input held by a buffer export, which keeps its size fixed), then the C
 * loop runs without it, then the answers become Python objects under it
 * again, a chunk at a time.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "gbr.h"
#include "gbr_replay.h"

#if PY_VERSION_HEX < 0x030A0000
static inline PyObject *Py_NewRef(PyObject *o)
{
    Py_INCREF(o);
    return o;
}
#endif

typedef struct module_state {
    PyObject *error_class; /* gbr.GBRError, handed over by gbr/__init__.py */
    PyObject *value_class; /* gbr._Value: value objects a query's column reads by their _text */
    PyObject *material_type; /* MaterialBase, the C half of gbr.MaterialCode */
} module_state;

static module_state *state_of(PyObject *module)
{
    return (module_state *)PyModule_GetState(module);
}

/* "None", "int" or "chess.Board": what a script passed, for a message. A
 * new str, or NULL with an error set. */
static PyObject *type_label(PyObject *obj)
{
    if (obj == Py_None)
        return PyUnicode_FromString("None");
    PyObject *type = (PyObject *)Py_TYPE(obj);
    PyObject *mod = PyObject_GetAttrString(type, "__module__");
    PyObject *qual = PyObject_GetAttrString(type, "__qualname__");
    PyObject *out = NULL;
    if (mod != NULL && qual != NULL && PyUnicode_Check(mod) && PyUnicode_Check(qual)) {
        if (PyUnicode_CompareWithASCIIString(mod, "builtins") == 0)
            out = Py_NewRef(qual);
        else
            out = PyUnicode_FromFormat("%U.%U", mod, qual);
    } else {
        PyErr_Clear();
        out = PyUnicode_FromString(Py_TYPE(obj)->tp_name);
    }
    Py_XDECREF(mod);
    Py_XDECREF(qual);
    return out;
}

/* Raises `kind` with "<prefix>, not <type of obj>". */
static void raise_not(PyObject *kind, PyObject *obj, const char *prefix)
{
    PyObject *label = type_label(obj);
    if (label != NULL) {
        PyErr_Format(kind, "%s, not %U", prefix, label);
        Py_DECREF(label);
    }
}

/* ---- texts ---- */

typedef struct text_arg {
    const char *src;
    size_t len;
    PyObject *keep; /* an owned object holding src when it is not the argument's own memory */
} text_arg;

/* Reads a str, bytes or bytearray argument. A bytearray is read in place:
 * the caller uses it before running any Python code or releasing the GIL;
 * copy_bytearray makes an owned copy instead. Returns 0, or -1 with
 * TypeError set. */
static int get_text_as(PyObject *obj, text_arg *t, int copy_bytearray)
{
    t->keep = NULL;
    if (PyUnicode_Check(obj)) {
        Py_ssize_t n = 0;
        const char *s = PyUnicode_AsUTF8AndSize(obj, &n);
        if (s == NULL) {
            /* A lone surrogate has no UTF-8: take its surrogatepass bytes,
             * which no GBR form accepts, so the parser reports the column. */
            PyErr_Clear();
            t->keep = PyUnicode_AsEncodedString(obj, "utf-8", "surrogatepass");
            if (t->keep == NULL)
                return -1;
            t->src = PyBytes_AS_STRING(t->keep);
            t->len = (size_t)PyBytes_GET_SIZE(t->keep);
            return 0;
        }
        t->src = s;
        t->len = (size_t)n;
        return 0;
    }
    if (PyBytes_Check(obj)) {
        t->src = PyBytes_AS_STRING(obj);
        t->len = (size_t)PyBytes_GET_SIZE(obj);
        return 0;
    }
    if (PyByteArray_Check(obj)) {
        if (copy_bytearray) {
            t->keep = PyBytes_FromStringAndSize(PyByteArray_AS_STRING(obj), PyByteArray_GET_SIZE(obj));
            if (t->keep == NULL)
                return -1;
            t->src = PyBytes_AS_STRING(t->keep);
            t->len = (size_t)PyBytes_GET_SIZE(t->keep);
            return 0;
        }
        t->src = PyByteArray_AS_STRING(obj);
        t->len = (size_t)PyByteArray_GET_SIZE(obj);
        return 0;
    }
    raise_not(PyExc_TypeError, obj, "expected a text (str or bytes)");
    return -1;
}

static int get_text(PyObject *obj, text_arg *t)
{
    return get_text_as(obj, t, 0);
}

static void release_text(text_arg *t)
{
    Py_CLEAR(t->keep);
}

/* An ASCII str of (s, n): every canonical text is ASCII. */
static PyObject *ascii_str(const char *s, size_t n)
{
    PyObject *out = PyUnicode_New((Py_ssize_t)n, 127);
    if (out != NULL)
        memcpy(PyUnicode_1BYTE_DATA(out), s, n);
    return out;
}

/* ---- errors ---- */

/* A new GBRError for r (not raised): message (NULL: the spec's message of
 * the class), the text refused (NULL: none, as for counts) and the index of
 * the item of a column (-1: none). */
static PyObject *make_error(PyObject *mod, gbr_result r, const char *message, PyObject *text, Py_ssize_t index)
{
    PyObject *cls = state_of(mod)->error_class;
    if (cls == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "gbr._gbr: the error class is not set (import gbr, not gbr._gbr)");
        return NULL;
    }
    PyObject *i = index < 0 ? Py_NewRef(Py_None) : PyLong_FromSsize_t(index);
    if (i == NULL)
        return NULL;
    PyObject *e = PyObject_CallFunction(cls, "sskOO", message != NULL ? message : gbr_error_message(r.error),
                                        gbr_error_name(r.error), (unsigned long)r.column,
                                        text != NULL ? text : Py_None, i);
    Py_DECREF(i);
    return e;
}

static PyObject *raise_error(PyObject *mod, gbr_result r, const char *message, PyObject *text, Py_ssize_t index)
{
    PyObject *e = make_error(mod, r, message, text, index);
    if (e != NULL) {
        PyErr_SetObject((PyObject *)Py_TYPE(e), e);
        Py_DECREF(e);
    }
    return NULL;
}

static PyObject *raise_result(PyObject *mod, gbr_result r, PyObject *text)
{
    return raise_error(mod, r, NULL, text, -1);
}

/* ---- options ---- */

/* result=None, "win", "+", "draw" or "=" into *out; 0, or -1 with ValueError. */
static int get_result_option(PyObject *obj, gbr_result_option *out)
{
    *out = GBR_RESULT_NONE;
    if (obj == NULL || obj == Py_None)
        return 0;
    if (PyUnicode_Check(obj)) {
        if (PyUnicode_CompareWithASCIIString(obj, "win") == 0 || PyUnicode_CompareWithASCIIString(obj, "+") == 0) {
            *out = GBR_RESULT_WIN;
            return 0;
        }
        if (PyUnicode_CompareWithASCIIString(obj, "draw") == 0 || PyUnicode_CompareWithASCIIString(obj, "=") == 0) {
            *out = GBR_RESULT_DRAW;
            return 0;
        }
    }
    PyErr_SetString(PyExc_ValueError, "result must be None, 'win' ('+') or 'draw' ('=')");
    return -1;
}

/* Arguments (text, /, result=None) or (iterable, /, result=None,
 * errors="raise") of a fastcall function (the signatures in the method
 * table); want_errors adds the third. errors: 0 raise, 1 none (None in
 * place of a refused text). */
static int parse_args(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames, const char *fname,
                      int want_result, int want_errors, PyObject **first, gbr_result_option *result, int *errors)
{
    PyObject *result_obj = NULL, *errors_obj = NULL;
    Py_ssize_t max = 1 + (want_result ? 1 : 0) + (want_errors ? 1 : 0);
    if (nargs < 1 || nargs > max) {
        PyErr_Format(PyExc_TypeError, "%s() takes 1 to %zd positional arguments (%zd given)", fname, max, nargs);
        return -1;
    }
    *first = args[0];
    if (want_result && nargs > 1)
        result_obj = args[1];
    if (want_errors && nargs > 1 + (want_result ? 1 : 0))
        errors_obj = args[1 + (want_result ? 1 : 0)];
    if (kwnames != NULL) {
        Py_ssize_t nk = PyTuple_GET_SIZE(kwnames);
        for (Py_ssize_t k = 0; k < nk; k++) {
            PyObject *name = PyTuple_GET_ITEM(kwnames, k);
            PyObject *value = args[nargs + k];
            if (want_result && PyUnicode_CompareWithASCIIString(name, "result") == 0 && result_obj == NULL)
                result_obj = value;
            else if (want_errors && PyUnicode_CompareWithASCIIString(name, "errors") == 0 && errors_obj == NULL)
                errors_obj = value;
            else {
                PyErr_Format(PyExc_TypeError, "%s() got an unexpected or repeated keyword argument '%U'", fname,
                             name);
                return -1;
            }
        }
    }
    if (result != NULL && get_result_option(result_obj, result) != 0)
        return -1;
    if (errors != NULL) {
        *errors = 0;
        if (errors_obj != NULL && errors_obj != Py_None) {
            if (PyUnicode_Check(errors_obj) && PyUnicode_CompareWithASCIIString(errors_obj, "raise") == 0)
                *errors = 0;
            else if (PyUnicode_Check(errors_obj) && PyUnicode_CompareWithASCIIString(errors_obj, "none") == 0)
                *errors = 1;
            else {
                PyErr_SetString(PyExc_ValueError, "errors must be 'raise' or 'none'");
                return -1;
            }
        }
    }
    return 0;
}

/* ---- text to text conversions ---- */

enum conversion {
    CONV_MATERIAL,       /* FEN -> material code */
    CONV_STUDY,          /* FEN -> study code (result) */
    CONV_POSITION,       /* FEN -> position form (result) */
    CONV_TO_FEN,         /* position form -> FEN */
    CONV_MATERIAL_NAME,  /* material code -> name */
    CONV_NAME_MATERIAL,  /* name -> material code */
    CONV_CANON_MATERIAL, /* material code -> canonical */
    CONV_CANON_STUDY,
    CONV_CANON_POSITION,
    CONV_QUERY /* text of any form -> whether a query matches it (one byte, '0' or '1') */
};

static gbr_result query_answer(const gbr_query *q, char *dst, const char *src, size_t len);

static gbr_result convert(enum conversion conv, gbr_result_option result, const gbr_query *q, char *dst, size_t cap,
                          const char *src, size_t len)
{
    switch (conv) {
    case CONV_MATERIAL: return gbr_fen_to_material(NULL, dst, cap, src, len);
    case CONV_STUDY: return gbr_fen_to_study(NULL, dst, cap, src, len, result);
    case CONV_POSITION: return gbr_fen_to_position(NULL, dst, cap, src, len, result);
    case CONV_TO_FEN: return gbr_position_to_fen(NULL, dst, cap, src, len);
    case CONV_MATERIAL_NAME: return gbr_material_to_name(NULL, dst, cap, src, len);
    case CONV_NAME_MATERIAL: return gbr_name_to_material(NULL, dst, cap, src, len);
    case CONV_CANON_MATERIAL: return gbr_material_canonical(NULL, dst, cap, src, len);
    case CONV_CANON_STUDY: return gbr_study_canonical(NULL, dst, cap, src, len);
    case CONV_CANON_POSITION: return gbr_position_canonical(NULL, dst, cap, src, len);
    case CONV_QUERY: return query_answer(q, dst, src, len);
    }
    gbr_result r = {GBR_E_ARGUMENT, 0, 0};
    return r;
}

#define OUT_CAP (GBR_POSITION_MAX + GBR_FEN_MAX)

static PyObject *convert_one(PyObject *mod, enum conversion conv, gbr_result_option result, PyObject *obj)
{
    char buf[OUT_CAP];
    text_arg t;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = convert(conv, result, NULL, buf, sizeof buf, t.src, t.len);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(mod, r, obj);
    return ascii_str(buf, r.length);
}

#define COUNTS_EXPECTED "a FEN (str or bytes) or counts (two sequences of five ints: Q, R, B, N, P of White, then of Black)"

/* material_code(fen_or_counts) with counts: ((Q, R, B, N, P) of White,
 * (Q, R, B, N, P) of Black). Each level is copied into a tuple of our own
 * before any item is converted: an item's __index__ is Python code and may
 * change the caller's lists, which are never looked at again. */
static int get_counts(PyObject *obj, gbr_counts *counts)
{
    if (!PySequence_Check(obj) || PyDict_Check(obj)) {
        raise_not(PyExc_TypeError, obj, "material_code() takes " COUNTS_EXPECTED);
        return -1;
    }
    PyObject *sides = PySequence_Tuple(obj);
    if (sides == NULL)
        return -1;
    if (PyTuple_GET_SIZE(sides) != 2) {
        PyErr_Format(PyExc_ValueError, "counts must be two sequences (White's, Black's) of five ints, not %zd items",
                     PyTuple_GET_SIZE(sides));
        Py_DECREF(sides);
        return -1;
    }
    for (int colour = 0; colour < 2; colour++) {
        PyObject *given = PyTuple_GET_ITEM(sides, colour);
        if (!PySequence_Check(given) || PyUnicode_Check(given) || PyBytes_Check(given) || PyByteArray_Check(given)) {
            char prefix[96];
            snprintf(prefix, sizeof prefix, "counts[%d] must be a sequence of five ints (Q, R, B, N, P)", colour);
            raise_not(PyExc_TypeError, given, prefix);
            Py_DECREF(sides);
            return -1;
        }
        PyObject *side = PySequence_Tuple(given);
        if (side == NULL) {
            Py_DECREF(sides);
            return -1;
        }
        if (PyTuple_GET_SIZE(side) != 5) {
            PyErr_Format(PyExc_ValueError, "counts[%d] must have five ints (Q, R, B, N, P), not %zd", colour,
                         PyTuple_GET_SIZE(side));
            Py_DECREF(side);
            Py_DECREF(sides);
            return -1;
        }
        for (int type = 0; type < 5; type++) {
            PyObject *item = PyTuple_GET_ITEM(side, type);
            PyObject *number = PyNumber_Index(item);
            long v = -1;
            if (number == NULL) {
                if (PyErr_ExceptionMatches(PyExc_TypeError)) {
                    char prefix[64];
                    PyErr_Clear();
                    snprintf(prefix, sizeof prefix, "counts[%d][%d] must be an int", colour, type);
                    raise_not(PyExc_TypeError, item, prefix);
                }
            } else {
                v = PyLong_AsLong(number);
                Py_DECREF(number);
                if (!(v == -1 && PyErr_Occurred()) && (v < 0 || v > 255)) {
                    PyErr_Format(PyExc_ValueError, "counts[%d][%d] is %ld: a count must be 0-255", colour, type, v);
                    v = -1;
                }
            }
            if (PyErr_Occurred()) {
                Py_DECREF(side);
                Py_DECREF(sides);
                return -1;
            }
            counts->count[colour][type] = (uint8_t)v;
        }
        Py_DECREF(side);
    }
    Py_DECREF(sides);
    return 0;
}

static PyObject *py_material_code(PyObject *self, PyObject *obj)
{
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj))
        return convert_one(self, CONV_MATERIAL, GBR_RESULT_NONE, obj);
    gbr_counts counts;
    gbr_material m;
    char buf[GBR_MATERIAL_MAX];
    if (get_counts(obj, &counts) != 0)
        return NULL;
    gbr_result r = gbr_material_from_counts(NULL, &counts, &m);
    if (r.error != GBR_OK)
        return raise_result(self, r, NULL);
    r = gbr_format_material(NULL, buf, sizeof buf, &m);
    if (r.error != GBR_OK)
        return raise_result(self, r, NULL);
    return ascii_str(buf, r.length);
}

static PyObject *py_study_code(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *fen;
    gbr_result_option result;
    if (parse_args(args, nargs, kwnames, "study_code", 1, 0, &fen, &result, NULL) != 0)
        return NULL;
    return convert_one(self, CONV_STUDY, result, fen);
}

static PyObject *py_position_form(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *fen;
    gbr_result_option result;
    if (parse_args(args, nargs, kwnames, "position_form", 1, 0, &fen, &result, NULL) != 0)
        return NULL;
    return convert_one(self, CONV_POSITION, result, fen);
}

#define SIMPLE_CONVERSION(fname, conv) \
    static PyObject *py_##fname(PyObject *self, PyObject *obj) \
    { \
        return convert_one(self, conv, GBR_RESULT_NONE, obj); \
    }
SIMPLE_CONVERSION(to_fen, CONV_TO_FEN)
SIMPLE_CONVERSION(material_name, CONV_MATERIAL_NAME)
SIMPLE_CONVERSION(name_to_material, CONV_NAME_MATERIAL)
SIMPLE_CONVERSION(material_canonical, CONV_CANON_MATERIAL)
SIMPLE_CONVERSION(study_canonical, CONV_CANON_STUDY)
SIMPLE_CONVERSION(position_canonical, CONV_CANON_POSITION)

/* ---- column (bulk) conversions ---- */

/* The column functions hand out one str object for equal short answers (a
 * column of FENs has few distinct material codes): a direct-mapped table of
 * the answers of up to CACHE_TEXT bytes made so far in this call. Reusing an
 * immutable str changes no result, and saves most of a million allocations,
 * which otherwise cost more than libgbr's work. */
#define CACHE_SLOTS 4096
#define CACHE_TEXT 16
typedef struct cache_slot {
    uint64_t word[2]; /* the text, zero-padded to 16 bytes */
    size_t len;
    PyObject *obj;
} cache_slot;

static PyObject *cached_str(cache_slot *cache, const char *s, size_t n)
{
    if (cache == NULL || n > CACHE_TEXT)
        return ascii_str(s, n);
    /* Two words and a multiply for the slot: cheaper than a hash over the
     * bytes, and the codes of a column differ in their words anyway. */
    uint64_t word[2] = {0, 0};
    memcpy(word, s, n);
    uint64_t h = (word[0] * 0x9E3779B97F4A7C15u) ^ (word[1] * 0xC2B2AE3D27D4EB4Fu) ^ n;
    cache_slot *slot = &cache[(h >> 40) % CACHE_SLOTS];
    if (slot->obj != NULL && slot->len == n && slot->word[0] == word[0] && slot->word[1] == word[1]) {
        Py_INCREF(slot->obj);
        return slot->obj;
    }
    PyObject *obj = ascii_str(s, n);
    if (obj == NULL)
        return NULL;
    Py_XDECREF(slot->obj);
    Py_INCREF(obj);
    slot->obj = obj;
    slot->len = n;
    slot->word[0] = word[0];
    slot->word[1] = word[1];
    return obj;
}

static void cache_free(cache_slot *cache)
{
    if (cache == NULL)
        return;
    for (size_t i = 0; i < CACHE_SLOTS; i++)
        Py_XDECREF(cache[i].obj);
    PyMem_Free(cache);
}

/* One chunk of a column: the items taken out under the GIL (each held by a
 * reference, with what holds its bytes), converted without it. The chunk is
 * small enough to stay in cache and to let other threads in often, and
 * large enough that handing the GIL over (a wake-up of a waiting thread,
 * slow on a loaded machine) happens seldom. */
#define COLUMN_CHUNK 1024
typedef struct column_chunk {
    PyObject *item[COLUMN_CHUNK];
    PyObject *keep[COLUMN_CHUNK];
    const char *src[COLUMN_CHUNK];
    size_t len[COLUMN_CHUNK];
    gbr_result res[COLUMN_CHUNK];
    char out[COLUMN_CHUNK][OUT_CAP];
} column_chunk;

static void chunk_release(column_chunk *c, int count)
{
    for (int k = 0; k < count; k++) {
        Py_CLEAR(c->item[k]);
        Py_CLEAR(c->keep[k]);
    }
}

/* The text of item `index` of a column into chunk slot k: a str, bytes or
 * bytearray (copied: the GIL is released while it is read), or, for a
 * query, a value object (its canonical _text). */
static int column_text(PyObject *mod, column_chunk *c, int k, Py_ssize_t index, int values)
{
    PyObject *item = c->item[k];
    text_arg t;
    if (PyUnicode_CheckExact(item) && PyUnicode_IS_COMPACT_ASCII(item)) {
        /* The common case, read in place: an ASCII str's bytes are its UTF-8. */
        c->src[k] = (const char *)PyUnicode_DATA(item);
        c->len[k] = (size_t)PyUnicode_GET_LENGTH(item);
        return 0;
    }
    if (values && state_of(mod)->value_class != NULL &&
        PyObject_TypeCheck(item, (PyTypeObject *)state_of(mod)->value_class)) {
        PyObject *text = PyObject_GetAttrString(item, "_text");
        if (text == NULL)
            return -1;
        int rc = PyUnicode_Check(text) ? get_text_as(text, &t, 1) : -1;
        if (rc != 0) {
            if (!PyErr_Occurred())
                PyErr_SetString(PyExc_TypeError, "a value object without its text");
            Py_DECREF(text);
            return -1;
        }
        c->src[k] = t.src;
        c->len[k] = t.len;
        c->keep[k] = t.keep != NULL ? t.keep : text;
        if (t.keep != NULL)
            Py_DECREF(text);
        return 0;
    }
    if (!PyUnicode_Check(item) && !PyBytes_Check(item) && !PyByteArray_Check(item)) {
        PyObject *label = type_label(item);
        if (label != NULL) {
            PyErr_Format(PyExc_TypeError, "item %zd is %U, not a text (str or bytes%s)", index, label,
                         values ? " or a value object" : "");
            Py_DECREF(label);
        }
        return -1;
    }
    if (get_text_as(item, &t, 1) != 0)
        return -1;
    c->src[k] = t.src;
    c->len[k] = t.len;
    c->keep[k] = t.keep;
    return 0;
}

/* One conversion over every text of an iterable, into a list (a query's
 * column: into a list of bool). A list or tuple is walked by index, any
 * other iterable item by item. */
static PyObject *convert_column(PyObject *mod, enum conversion conv, gbr_result_option result, const gbr_query *q,
                                int errors, PyObject *iterable, const char *fname, const char *one)
{
    PyObject *seq = NULL, *iter = NULL, *out = NULL;
    column_chunk *c = NULL;
    cache_slot *cache = NULL;
    int count = 0;
    if (PyUnicode_Check(iterable) || PyBytes_Check(iterable) || PyByteArray_Check(iterable)) {
        /* A single text is an iterable of characters or ints: never what is meant. */
        PyErr_Format(PyExc_TypeError, "%s() takes an iterable of texts, not a single %s: use %s() for one text", fname,
                     Py_TYPE(iterable)->tp_name, one);
        return NULL;
    }
    if (PyList_CheckExact(iterable) || PyTuple_CheckExact(iterable)) {
        seq = Py_NewRef(iterable);
    } else {
        iter = PyObject_GetIter(iterable);
        if (iter == NULL)
            return NULL;
    }
    out = PyList_New(0);
    c = (column_chunk *)PyMem_Malloc(sizeof *c);
    /* No table for the position forms and FENs, which are longer than it
     * holds, for the study codes, nearly all distinct (their kings), where
     * it only costs, nor for bools; without memory for one, every answer is
     * a new str. */
    if (conv != CONV_POSITION && conv != CONV_TO_FEN && conv != CONV_STUDY && conv != CONV_QUERY)
        cache = (cache_slot *)PyMem_Calloc(CACHE_SLOTS, sizeof(cache_slot));
    if (out == NULL || c == NULL) {
        PyErr_NoMemory();
        goto fail;
    }
    for (Py_ssize_t base = 0;; base += count) {
        int done = 0;
        count = 0;
        while (count < COLUMN_CHUNK) {
            PyObject *item;
            if (seq != NULL) {
                if (base + count >= PySequence_Fast_GET_SIZE(seq)) {
                    done = 1;
                    break;
                }
                item = Py_NewRef(PySequence_Fast_GET_ITEM(seq, base + count));
            } else if ((item = PyIter_Next(iter)) == NULL) {
                if (PyErr_Occurred())
                    goto fail;
                done = 1;
                break;
            }
            c->item[count] = item;
            c->keep[count] = NULL;
            count++;
            if (column_text(mod, c, count - 1, base + count - 1, conv == CONV_QUERY) != 0)
                goto fail;
        }
        if (count > 0) {
            Py_BEGIN_ALLOW_THREADS
            for (int k = 0; k < count; k++)
                c->res[k] = convert(conv, result, q, c->out[k], OUT_CAP, c->src[k], c->len[k]);
            Py_END_ALLOW_THREADS
        }
        for (int k = 0; k < count; k++) {
            gbr_result r = c->res[k];
            PyObject *value;
            if (r.error == GBR_OK) {
                if (conv == CONV_QUERY)
                    value = Py_NewRef(c->out[k][0] == '1' ? Py_True : Py_False);
                else if ((value = cached_str(cache, c->out[k], r.length)) == NULL)
                    goto fail;
            } else if (errors == 1) {
                value = Py_NewRef(Py_None);
            } else {
                raise_error(mod, r, NULL, c->item[k], base + k);
                goto fail;
            }
            int rc = PyList_Append(out, value);
            Py_DECREF(value);
            if (rc != 0)
                goto fail;
        }
        chunk_release(c, count);
        if (done)
            break;
    }
    count = 0;
    cache_free(cache);
    PyMem_Free(c);
    Py_XDECREF(seq);
    Py_XDECREF(iter);
    return out;
fail:
    if (c != NULL)
        chunk_release(c, count);
    cache_free(cache);
    PyMem_Free(c);
    Py_XDECREF(seq);
    Py_XDECREF(iter);
    Py_XDECREF(out);
    return NULL;
}

#define COLUMN_CONVERSION(fname, one, conv, with_result) \
    static PyObject *py_##fname(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) \
    { \
        PyObject *iterable; \
        gbr_result_option result = GBR_RESULT_NONE; \
        int errors; \
        if (parse_args(args, nargs, kwnames, #fname, with_result, 1, &iterable, with_result ? &result : NULL, \
                       &errors) != 0) \
            return NULL; \
        return convert_column(self, conv, result, NULL, errors, iterable, #fname, #one); \
    }
COLUMN_CONVERSION(material_codes, material_code, CONV_MATERIAL, 0)
COLUMN_CONVERSION(study_codes, study_code, CONV_STUDY, 1)
COLUMN_CONVERSION(position_forms, position_form, CONV_POSITION, 1)
COLUMN_CONVERSION(to_fens, to_fen, CONV_TO_FEN, 0)
COLUMN_CONVERSION(material_names, material_name, CONV_MATERIAL_NAME, 0)

/* ---- parsing to the values behind the Python value objects ---- */

static PyObject *key_bytes(gbr_form form, const void *value)
{
    gbr_directory_key key;
    if (gbr_directory_key_of(NULL, form, value, &key) != 0) {
        PyErr_SetString(PyExc_RuntimeError, "gbr_directory_key_of refused a parsed value");
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)key.bytes, GBR_DIRECTORY_KEY_SIZE);
}

static PyObject *counts_tuple(const gbr_counts *c)
{
    return Py_BuildValue("((iiiii)(iiiii))", c->count[0][0], c->count[0][1], c->count[0][2], c->count[0][3],
                         c->count[0][4], c->count[1][0], c->count[1][1], c->count[1][2], c->count[1][3],
                         c->count[1][4]);
}

/* (canonical, key, counts, unknown types mask) of a material code. */
static PyObject *material_info(PyObject *mod, const gbr_material *m)
{
    char buf[GBR_MATERIAL_MAX];
    gbr_counts counts;
    unsigned unknown = 0;
    gbr_result r = gbr_format_material(NULL, buf, sizeof buf, m);
    if (r.error != GBR_OK)
        return raise_result(mod, r, NULL);
    gbr_result d = gbr_material_decode(NULL, m, &counts, &unknown);
    if (d.error != GBR_OK)
        return raise_result(mod, d, NULL);
    PyObject *canon = ascii_str(buf, r.length);
    PyObject *key = key_bytes(GBR_FORM_MATERIAL, m);
    PyObject *ct = counts_tuple(&counts);
    PyObject *out = NULL;
    if (canon != NULL && key != NULL && ct != NULL)
        out = Py_BuildValue("(OOOI)", canon, key, ct, unknown);
    Py_XDECREF(canon);
    Py_XDECREF(key);
    Py_XDECREF(ct);
    return out;
}

static PyObject *py_parse_material(PyObject *self, PyObject *obj)
{
    text_arg t;
    gbr_material m;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_material(NULL, t.src, t.len, &m);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(self, r, obj);
    return material_info(self, &m);
}

static void square_name(uint8_t square, char out[3])
{
    out[0] = (char)('a' + square / 8);
    out[1] = (char)('1' + square % 8);
    out[2] = '\0';
}

/* (canonical, key, material info, stipulation, white king, black king). */
static PyObject *study_info(PyObject *mod, const gbr_study *s)
{
    char buf[GBR_STUDY_MAX];
    char wk[3], bk[3];
    static const char *const stipulations[] = {"", "+", "="};
    gbr_result r = gbr_format_study(NULL, buf, sizeof buf, s);
    if (r.error != GBR_OK)
        return raise_result(mod, r, NULL);
    PyObject *minfo = material_info(mod, &s->material);
    if (minfo == NULL)
        return NULL;
    PyObject *key = key_bytes(GBR_FORM_STUDY, s);
    if (key == NULL) {
        Py_DECREF(minfo);
        return NULL;
    }
    square_name(s->white_king, wk);
    square_name(s->black_king, bk);
    PyObject *out = Py_BuildValue("(s#OOsss)", buf, (Py_ssize_t)r.length, key, minfo,
                                  stipulations[s->stipulation <= 2 ? s->stipulation : 0], wk, bk);
    Py_DECREF(minfo);
    Py_DECREF(key);
    return out;
}

static PyObject *py_parse_study(PyObject *self, PyObject *obj)
{
    text_arg t;
    gbr_study s;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_study(NULL, t.src, t.len, &s);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(self, r, obj);
    return study_info(self, &s);
}

static const char *const indicator_names[] = {"", "+", "=", "-+", "-=", "WTM", "BTM"};

/* (canonical position form, key, material info, indicator, pieces, fen):
 * pieces maps square names to FEN letters. */
static PyObject *position_info(PyObject *mod, const gbr_position *p)
{
    char buf[GBR_POSITION_MAX];
    char fen[GBR_FEN_MAX];
    gbr_counts counts;
    gbr_material m;
    gbr_result r = gbr_format_position(NULL, buf, sizeof buf, p);
    if (r.error != GBR_OK)
        return raise_result(mod, r, NULL);
    gbr_result f = gbr_format_fen(NULL, fen, sizeof fen, p);
    if (f.error != GBR_OK)
        return raise_result(mod, f, NULL);
    gbr_result c = gbr_position_counts(p, &counts);
    if (c.error != GBR_OK)
        return raise_result(mod, c, NULL);
    c = gbr_material_from_counts(NULL, &counts, &m);
    if (c.error != GBR_OK)
        return raise_result(mod, c, NULL);
    PyObject *pieces = PyDict_New();
    if (pieces == NULL)
        return NULL;
    static const char letters[] = ".QRBNPK..qrbnpk";
    for (uint8_t sq = 0; sq < 64; sq++) {
        uint8_t b = p->board[sq];
        if (b == GBR_EMPTY)
            continue;
        char name[3];
        char letter[2] = {b < sizeof letters ? letters[b] : '?', '\0'};
        square_name(sq, name);
        PyObject *v = PyUnicode_FromString(letter);
        if (v == NULL || PyDict_SetItemString(pieces, name, v) != 0) {
            Py_XDECREF(v);
            Py_DECREF(pieces);
            return NULL;
        }
        Py_DECREF(v);
    }
    PyObject *minfo = material_info(mod, &m);
    PyObject *key = key_bytes(GBR_FORM_POSITION, p);
    PyObject *out = NULL;
    if (minfo != NULL && key != NULL)
        out = Py_BuildValue("(s#OOsOs#)", buf, (Py_ssize_t)r.length, key, minfo,
                            indicator_names[p->indicator <= 6 ? p->indicator : 0], pieces, fen,
                            (Py_ssize_t)f.length);
    Py_XDECREF(minfo);
    Py_XDECREF(key);
    Py_DECREF(pieces);
    return out;
}

static PyObject *py_parse_position(PyObject *self, PyObject *obj)
{
    text_arg t;
    gbr_position p;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_position(NULL, t.src, t.len, &p);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(self, r, obj);
    return position_info(self, &p);
}

/* parse_fen(fen, result=None): the position of a FEN with the indicator of
 * its side to move and the result (as gbr_fen_to_position gives it). */
static PyObject *py_parse_fen(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *fen;
    gbr_result_option result;
    text_arg t;
    gbr_position p;
    if (parse_args(args, nargs, kwnames, "parse_fen", 1, 0, &fen, &result, NULL) != 0)
        return NULL;
    if (get_text(fen, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_fen(NULL, t.src, t.len, &p);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(self, r, fen);
    p.indicator = (uint8_t)gbr_indicator_for(p.indicator == GBR_IND_BTM, result);
    return position_info(self, &p);
}


/* ---- the material code value type ---- */

/* The C half of gbr.MaterialCode (the Python class adds the shared value
 * behaviour, gbr._Value): the parsed code and its canonical text, made in
 * one call, so that MaterialCode.parse costs about what material_canonical
 * does; the directory key, counts and overflow letters are made when read. */
typedef struct material_object {
    PyObject_HEAD
    gbr_material m;
    PyObject *text; /* the canonical str */
    PyObject *key;  /* the directory key (bytes), made at its first use */
} material_object;

static void material_dealloc(PyObject *self)
{
    material_object *o = (material_object *)self;
    PyTypeObject *tp = Py_TYPE(self);
    Py_CLEAR(o->text);
    Py_CLEAR(o->key);
    tp->tp_free(self);
    Py_DECREF(tp);
}

static int material_ready(material_object *o)
{
    if (o->text == NULL) {
        PyErr_SetString(PyExc_TypeError, "a MaterialCode made without a text: use MaterialCode.parse");
        return -1;
    }
    return 0;
}

static PyObject *material_get_text(PyObject *self, void *closure)
{
    (void)closure;
    material_object *o = (material_object *)self;
    return material_ready(o) != 0 ? NULL : Py_NewRef(o->text);
}

static PyObject *material_get_key(PyObject *self, void *closure)
{
    (void)closure;
    material_object *o = (material_object *)self;
    if (material_ready(o) != 0)
        return NULL;
    if (o->key == NULL && (o->key = key_bytes(GBR_FORM_MATERIAL, &o->m)) == NULL)
        return NULL;
    return Py_NewRef(o->key);
}

/* counts: ((Q, R, B, N, P) of White, of Black), or None when a digit is 9. */
static PyObject *material_get_counts(PyObject *self, void *closure)
{
    (void)closure;
    material_object *o = (material_object *)self;
    gbr_counts counts;
    unsigned unknown = 0;
    if (material_ready(o) != 0)
        return NULL;
    if (gbr_material_decode(NULL, &o->m, &counts, &unknown).error != GBR_OK) {
        PyErr_SetString(PyExc_RuntimeError, "gbr_material_decode refused a parsed code");
        return NULL;
    }
    return unknown != 0 ? Py_NewRef(Py_None) : counts_tuple(&counts);
}

/* overflow: the letters (QRBN) of the types whose digit is 9. */
static PyObject *material_get_overflow(PyObject *self, void *closure)
{
    (void)closure;
    material_object *o = (material_object *)self;
    gbr_counts counts;
    unsigned unknown = 0;
    char letters[4];
    Py_ssize_t n = 0;
    if (material_ready(o) != 0)
        return NULL;
    if (gbr_material_decode(NULL, &o->m, &counts, &unknown).error != GBR_OK) {
        PyErr_SetString(PyExc_RuntimeError, "gbr_material_decode refused a parsed code");
        return NULL;
    }
    for (int type = 0; type < 4; type++)
        if (unknown & (1u << type))
            letters[n++] = "QRBN"[type];
    return PyUnicode_FromStringAndSize(letters, n);
}

static PyGetSetDef material_getset[] = {
    {"_text", material_get_text, NULL, "The canonical text.", NULL},
    {"_key", material_get_key, NULL, "The directory key (bytes).", NULL},
    {"counts", material_get_counts, NULL,
     "((Q, R, B, N, P) of White, (Q, R, B, N, P) of Black), or None for a code with a digit 9.", NULL},
    {"overflow", material_get_overflow, NULL, "The letters (QRBN) of the types whose digit is 9.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyType_Slot material_slots[] = {
    {Py_tp_dealloc, (void *)material_dealloc},
    {Py_tp_getset, material_getset},
    {Py_tp_doc, (void *)"The parsed material code behind gbr.MaterialCode."},
    {0, NULL}};

static PyType_Spec material_spec = {"gbr._gbr.MaterialBase", sizeof(material_object), 0,
                                    Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, material_slots};

/* material_value(cls, text): a new cls (a subclass of MaterialBase) of a
 * material code; behind MaterialCode.parse. A text that is already
 * canonical is kept as the value's text (str is immutable). */
static PyObject *py_material_value(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    PyObject *base = state_of(self)->material_type;
    if (nargs != 2 || !PyType_Check(args[0]) || !PyType_IsSubtype((PyTypeObject *)args[0], (PyTypeObject *)base)) {
        PyErr_SetString(PyExc_TypeError, "material_value(cls, text): cls a subclass of MaterialBase");
        return NULL;
    }
    PyTypeObject *cls = (PyTypeObject *)args[0];
    PyObject *obj = args[1];
    char buf[GBR_MATERIAL_MAX];
    text_arg t;
    gbr_material m;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_material(NULL, t.src, t.len, &m);
    if (r.error == GBR_OK)
        r = gbr_format_material(NULL, buf, sizeof buf, &m);
    int same = r.error == GBR_OK && PyUnicode_CheckExact(obj) && t.keep == NULL && t.len == r.length &&
               memcmp(t.src, buf, r.length) == 0;
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(self, r, obj);
    PyObject *text = same ? Py_NewRef(obj) : ascii_str(buf, r.length);
    if (text == NULL)
        return NULL;
    material_object *o = (material_object *)cls->tp_alloc(cls, 0);
    if (o == NULL) {
        Py_DECREF(text);
        return NULL;
    }
    o->m = m;
    o->text = text;
    o->key = NULL;
    return (PyObject *)o;
}

/* directory_key_of(text): the directory key of a material code, study code
 * or position form given as text (gbr_directory_key_of), for sorted(key=). */
static PyObject *py_directory_key_of(PyObject *self, PyObject *obj)
{
    text_arg t;
    gbr_recognised rec;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_recognise(NULL, t.src, t.len, &rec);
    release_text(&t);
    if (r.error == GBR_OK && rec.form != GBR_FORM_MATERIAL && rec.form != GBR_FORM_STUDY &&
        rec.form != GBR_FORM_POSITION) {
        r.error = GBR_E_UNKNOWN_FORM;
        r.column = 1;
        return raise_error(self, r, "a FEN or a material name has no place in directory order: give a material code, study code or position form", obj, -1);
    }
    if (r.error != GBR_OK)
        return raise_result(self, r, obj);
    return key_bytes(rec.form, &rec.value);
}

/* ---- recognising and scanning ---- */

static PyObject *py_recognise(PyObject *self, PyObject *obj)
{
    char buf[OUT_CAP];
    text_arg t;
    gbr_form form = GBR_FORM_UNKNOWN;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_check(NULL, buf, sizeof buf, t.src, t.len, &form);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(self, r, obj);
    return Py_BuildValue("(ss#)", gbr_form_name(form), buf, (Py_ssize_t)r.length);
}

/* A match of scan, kept while the GIL is released; a chunk of them is found
 * per release (large, for the reason given at column_chunk). */
typedef struct scan_hit {
    gbr_form form;
    size_t start, end;
    size_t canonical_len;
    char canonical[GBR_POSITION_MAX];
} scan_hit;
#define SCAN_CHUNK 4096
#define FORM_NAMES 8

/* The characters of UTF-8 bytes s[0, n): the bytes that do not continue a
 * sequence (a surrogatepass surrogate is one such sequence too). */
static size_t utf8_chars(const char *s, size_t n)
{
    size_t chars = 0;
    for (size_t i = 0; i < n; i++)
        chars += ((unsigned char)s[i] & 0xC0) != 0x80;
    return chars;
}

/* scan(text) -> list of (form, canonical, start, end): offsets of bytes for
 * a bytes-like text, of characters for a str. The matches come in order and
 * never overlap, so one cursor maps byte offsets to characters in one pass
 * over the text. */
static PyObject *py_scan(PyObject *self, PyObject *obj)
{
    text_arg t = {NULL, 0, NULL};
    Py_buffer view;
    int have_view = 0, chars = 0;
    const char *src;
    size_t len;
    (void)self;
    if (PyUnicode_Check(obj)) {
        if (get_text(obj, &t) != 0)
            return NULL;
        src = t.src;
        len = t.len;
        chars = !PyUnicode_IS_ASCII(obj);
    } else {
        /* The export holds the buffer: a bytearray cannot be resized (by a
         * finaliser at an allocation below, or by another thread while the
         * GIL is released) until it is released. */
        if (PyObject_GetBuffer(obj, &view, PyBUF_SIMPLE) != 0) {
            PyErr_Clear();
            raise_not(PyExc_TypeError, obj, "scan() takes a str or a bytes-like object");
            return NULL;
        }
        have_view = 1;
        src = (const char *)view.buf;
        len = (size_t)view.len;
    }
    scan_hit *hits = (scan_hit *)PyMem_Malloc(SCAN_CHUNK * sizeof *hits);
    PyObject *out = PyList_New(0);
    if (hits == NULL || out == NULL) {
        Py_CLEAR(out);
        if (hits == NULL)
            PyErr_NoMemory();
    }
    size_t start = 0, byte_at = 0, char_at = 0;
    int done = 0;
    PyObject *form_names[FORM_NAMES] = {NULL}; /* one str per form for all matches */
    while (out != NULL && !done) {
        int n = 0;
        Py_BEGIN_ALLOW_THREADS
        gbr_scan_match m;
        while (n < SCAN_CHUNK) {
            if (gbr_scan_next(NULL, src, len, start, 0, &m) != GBR_SCAN_MATCH) {
                done = 1;
                break;
            }
            scan_hit *h = &hits[n++];
            h->form = m.code.form;
            h->start = m.start;
            h->end = m.end;
            h->canonical_len = m.canonical_len;
            memcpy(h->canonical, m.canonical, m.canonical_len);
            if (m.resume <= start && m.resume < len)
                start++; /* cannot happen (resume = end > anchor >= start); a guard against a loop */
            else
                start = m.resume;
        }
        Py_END_ALLOW_THREADS
        for (int k = 0; k < n; k++) {
            size_t s = hits[k].start, e = hits[k].end;
            if (chars) {
                char_at += utf8_chars(src + byte_at, s - byte_at);
                byte_at = s;
                s = char_at;
                char_at += utf8_chars(src + byte_at, e - byte_at);
                byte_at = e;
                e = char_at;
            }
            /* The tuple built directly: this is the part of a scan that
             * holds the GIL, so what it costs bounds how threads scale. */
            unsigned f = (unsigned)hits[k].form < FORM_NAMES ? (unsigned)hits[k].form : 0;
            if (form_names[f] == NULL && (form_names[f] = PyUnicode_FromString(gbr_form_name(hits[k].form))) == NULL) {
                Py_CLEAR(out);
                break;
            }
            PyObject *item = PyTuple_New(4);
            PyObject *canonical = ascii_str(hits[k].canonical, hits[k].canonical_len);
            PyObject *so = PyLong_FromSize_t(s), *eo = PyLong_FromSize_t(e);
            if (item == NULL || canonical == NULL || so == NULL || eo == NULL) {
                Py_XDECREF(item);
                Py_XDECREF(canonical);
                Py_XDECREF(so);
                Py_XDECREF(eo);
                Py_CLEAR(out);
                break;
            }
            PyTuple_SET_ITEM(item, 0, Py_NewRef(form_names[f]));
            PyTuple_SET_ITEM(item, 1, canonical);
            PyTuple_SET_ITEM(item, 2, so);
            PyTuple_SET_ITEM(item, 3, eo);
            /* Of a str and ints, the tuple can be in no cycle: the collector
             * need not walk it (CPython untracks such tuples itself, later). */
            PyObject_GC_UnTrack(item);
            int rc = PyList_Append(out, item);
            Py_DECREF(item);
            if (rc != 0) {
                Py_CLEAR(out);
                break;
            }
        }
    }
    for (int f = 0; f < FORM_NAMES; f++)
        Py_XDECREF(form_names[f]);
    PyMem_Free(hits);
    if (have_view)
        PyBuffer_Release(&view);
    release_text(&t);
    return out;
}

/* ---- queries ---- */

static PyObject *py_query_parse(PyObject *self, PyObject *obj)
{
    text_arg t;
    gbr_query q;
    const char *message = NULL;
    if (get_text(obj, &t) != 0)
        return NULL;
    memset(&q, 0, sizeof q);
    gbr_result r = gbr_query_parse(&q, t.src, t.len, &message);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_error(self, r, message, obj, -1);
    return PyBytes_FromStringAndSize((const char *)&q, sizeof q);
}

/* The subject of a text of any form: GBR_OK, or the error of the text. */
static gbr_result subject_of(const char *src, size_t len, gbr_query_subject *s)
{
    gbr_recognised rec;
    gbr_result r = gbr_recognise(NULL, src, len, &rec);
    if (r.error != GBR_OK)
        return r;
    memset(s, 0, sizeof *s);
    switch (rec.form) {
    case GBR_FORM_MATERIAL: gbr_query_subject_of_material(&rec.value.material, s); return r;
    case GBR_FORM_STUDY: gbr_query_subject_of_study(&rec.value.study, s); return r;
    case GBR_FORM_POSITION:
    case GBR_FORM_FEN: {
        uint8_t ind = rec.value.position.indicator;
        gbr_stipulation stip = (ind == GBR_IND_WIN || ind == GBR_IND_BLACK_WIN)    ? GBR_STIP_WIN
                               : (ind == GBR_IND_DRAW || ind == GBR_IND_BLACK_DRAW) ? GBR_STIP_DRAW
                                                                                    : GBR_STIP_NONE;
        return gbr_query_subject_of_position(NULL, &rec.value.position, stip, s);
    }
    case GBR_FORM_NAME: {
        gbr_material m;
        r = gbr_material_from_counts(NULL, &rec.value.counts, &m);
        if (r.error == GBR_OK) {
            gbr_query_subject_of_material(&m, s);
            s->counts = rec.value.counts;
            s->has_counts = 1;
        }
        return r;
    }
    default: break;
    }
    r.error = GBR_E_UNKNOWN_FORM;
    r.column = 1;
    r.length = 0;
    return r;
}

/* Whether q matches a text, as one byte '1' or '0' in dst (the answer of
 * CONV_QUERY), or the text's error. */
static gbr_result query_answer(const gbr_query *q, char *dst, const char *src, size_t len)
{
    gbr_query_subject s;
    gbr_result r = subject_of(src, len, &s);
    if (r.error == GBR_OK) {
        dst[0] = gbr_query_match(q, &s) ? '1' : '0';
        r.length = 1;
    }
    return r;
}

static int get_query(PyObject *qbytes, gbr_query *q)
{
    if (!PyBytes_Check(qbytes) || PyBytes_GET_SIZE(qbytes) != (Py_ssize_t)sizeof *q) {
        PyErr_SetString(PyExc_TypeError, "not a parsed query");
        return -1;
    }
    memcpy(q, PyBytes_AS_STRING(qbytes), sizeof *q);
    return 0;
}

static PyObject *py_query_match(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    gbr_query q;
    text_arg t;
    char answer[1];
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "query_match(query, text)");
        return NULL;
    }
    if (get_query(args[0], &q) != 0 || get_text(args[1], &t) != 0)
        return NULL;
    gbr_result r = query_answer(&q, answer, t.src, t.len);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(self, r, args[1]);
    return PyBool_FromLong(answer[0] == '1');
}

/* query_match_column(query, iterable, errors='raise') -> list of bool
 * (None for a refused text with errors='none'). */
static PyObject *py_query_match_column(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    gbr_query q;
    PyObject *iterable;
    int errors;
    if (nargs < 1) {
        PyErr_SetString(PyExc_TypeError, "query_match_column(query, texts, errors='raise')");
        return NULL;
    }
    if (get_query(args[0], &q) != 0)
        return NULL;
    if (parse_args(args + 1, nargs - 1, kwnames, "query_match_column", 0, 1, &iterable, NULL, &errors) != 0)
        return NULL;
    return convert_column(self, CONV_QUERY, GBR_RESULT_NONE, &q, errors, iterable, "matches_each", "matches");
}

/* ---- the conformance protocol ---- */

/* protocol_answer(operation, input) -> the answer line of spec §13.2, as
 * `gbr conform --answer` writes it. */
static PyObject *py_protocol_answer(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    char buf[GBR_ANSWER_MAX];
    text_arg op, in;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "protocol_answer(operation, input)");
        return NULL;
    }
    if (get_text(args[0], &op) != 0)
        return NULL;
    const gbr_operation *o = gbr_operation_by_name(op.src, op.len);
    release_text(&op);
    if (o == NULL) {
        PyErr_Format(PyExc_ValueError, "no operation of spec 13.2 is named %R", args[0]);
        return NULL;
    }
    if (get_text(args[1], &in) != 0)
        return NULL;
    gbr_result r = gbr_protocol_answer(NULL, o, buf, sizeof buf, in.src, in.len);
    release_text(&in);
    if (r.error == GBR_E_ARGUMENT && r.length == 0)
        return raise_result(self, r, args[1]);
    return ascii_str(buf, r.length);
}

/* operations() -> list of (name, level name) of spec §13.2, in table order. */
static PyObject *py_operations(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *out = PyList_New(0);
    for (size_t i = 0; out != NULL; i++) {
        const gbr_operation *o = gbr_operation_at(i);
        if (o == NULL)
            break;
        PyObject *item = Py_BuildValue("(ss)", o->name, gbr_level_name(o->level));
        if (item == NULL || PyList_Append(out, item) != 0)
            Py_CLEAR(out);
        Py_XDECREF(item);
    }
    return out;
}

/* _set_classes(error_class, value_class): the exception class raised
 * (gbr.GBRError) and the base of the value objects (gbr._Value), kept in
 * this module's state. */
static PyObject *py_set_classes(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyType_Check(args[0]) || !PyObject_IsSubclass(args[0], PyExc_ValueError) ||
        !PyType_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "_set_classes(error class (a ValueError), value class)");
        return NULL;
    }
    module_state *st = state_of(self);
    Py_XSETREF(st->error_class, Py_NewRef(args[0]));
    Py_XSETREF(st->value_class, Py_NewRef(args[1]));
    Py_RETURN_NONE;
}


/* ---- the replayer (gbr_replay.h) ---- */

/* A replayer in a capsule, and the events its callbacks give during one
 * call: ("p", game, tags or None, fen, san, written, line, column, ply,
 * depth, main_line) per position, tags given at a game's first position,
 * and ("e", game, status, line, column, message) per game's end. gbr.replay
 * makes values of them. */
#define REPLAYER_NAME "gbr._gbr.replayer"

typedef struct replay_events {
    gbr_replayer *replayer;
    PyObject *events; /* the list of the call in progress; NULL between calls */
    int failed;       /* a Python object could not be made: the exception is set */
} replay_events;

static PyObject *surrogate_str(const char *s, size_t n)
{
    return PyUnicode_DecodeUTF8(s, (Py_ssize_t)n, "surrogateescape");
}

static int add_event(replay_events *e, PyObject *event)
{
    if (event == NULL || PyList_Append(e->events, event) != 0) {
        Py_XDECREF(event);
        e->failed = 1;
        return 1;
    }
    Py_DECREF(event);
    return 0;
}

static int on_replay_position(void *context, const gbr_replay_position *p)
{
    replay_events *e = context;
    if (e->failed)
        return 1;
    PyObject *tags = Py_NewRef(Py_None);
    if (p->ply == 0 && p->written_length == 0 && p->depth == 0) {
        Py_DECREF(tags);
        tags = PyTuple_New((Py_ssize_t)p->game->tags_count);
        for (size_t i = 0; tags != NULL && i < p->game->tags_count; i++) {
            const gbr_replay_tag *t = &p->game->tags[i];
            PyObject *pair = Py_BuildValue("(NN)", surrogate_str(t->name, t->name_length),
                                           surrogate_str(t->value, t->value_length));
            if (pair == NULL)
                Py_CLEAR(tags);
            else
                PyTuple_SET_ITEM(tags, (Py_ssize_t)i, pair);
        }
        if (tags == NULL) {
            e->failed = 1;
            return 1;
        }
    }
    return add_event(e, Py_BuildValue("(skNssNkkkkO)", "p", p->game->number, tags, p->fen, p->san,
                                      surrogate_str(p->written, p->written_length), p->line, p->column, p->ply,
                                      p->depth, p->main_line ? Py_True : Py_False));
}

static void on_replay_end(void *context, const gbr_replay_game *game, const gbr_replay_outcome *o)
{
    replay_events *e = context;
    if (!e->failed)
        add_event(e, Py_BuildValue("(skikks)", "e", game->number, (int)o->status, o->line, o->column, o->message));
}

static void replayer_destroy(PyObject *capsule)
{
    replay_events *e = PyCapsule_GetPointer(capsule, REPLAYER_NAME);
    if (e != NULL) {
        gbr_replayer_free(e->replayer);
        PyMem_Free(e);
    }
}

static PyObject *py_replayer(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    replay_events *e = PyMem_Calloc(1, sizeof *e);
    if (e == NULL)
        return PyErr_NoMemory();
    gbr_replay_visitor visitor = {on_replay_position, on_replay_end};
    e->replayer = gbr_replayer_new(&visitor, e);
    if (e->replayer == NULL) {
        PyMem_Free(e);
        return PyErr_NoMemory();
    }
    PyObject *capsule = PyCapsule_New(e, REPLAYER_NAME, replayer_destroy);
    if (capsule == NULL) {
        gbr_replayer_free(e->replayer);
        PyMem_Free(e);
    }
    return capsule;
}

/* The replayer of a capsule, ready for a call that gathers events; NULL
 * with an exception for anything else or a replayer in a call already. */
static replay_events *replay_begin(PyObject *capsule)
{
    replay_events *e = PyCapsule_GetPointer(capsule, REPLAYER_NAME);
    if (e == NULL)
        return NULL;
    if (e->events != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "the replayer is in use");
        return NULL;
    }
    e->events = PyList_New(0);
    e->failed = 0;
    return e->events != NULL ? e : NULL;
}

static PyObject *replay_end(replay_events *e, gbr_error error)
{
    PyObject *events = e->events;
    e->events = NULL;
    if (e->failed || error != GBR_OK) {
        Py_DECREF(events);
        if (!e->failed)
            PyErr_SetString(PyExc_MemoryError, "the replayer's reader could not be made");
        return NULL;
    }
    return events;
}

static PyObject *py_replay_feed(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 2 || !PyBytes_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "replay_feed(replayer, bytes)");
        return NULL;
    }
    replay_events *e = replay_begin(args[0]);
    if (e == NULL)
        return NULL;
    gbr_error error = gbr_replay_feed(e->replayer, PyBytes_AS_STRING(args[1]), (size_t)PyBytes_GET_SIZE(args[1]));
    return replay_end(e, error);
}

static PyObject *py_replay_finish(PyObject *self, PyObject *capsule)
{
    (void)self;
    replay_events *e = replay_begin(capsule);
    if (e == NULL)
        return NULL;
    return replay_end(e, gbr_replay_finish(e->replayer));
}

static PyObject *py_replay_line(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    (void)self;
    if (nargs != 3 || (args[1] != Py_None && !PyBytes_Check(args[1])) || !PyBytes_Check(args[2])) {
        PyErr_SetString(PyExc_TypeError, "replay_line(replayer, fen bytes or None, moves bytes)");
        return NULL;
    }
    replay_events *e = replay_begin(args[0]);
    if (e == NULL)
        return NULL;
    const char *fen = args[1] == Py_None ? NULL : PyBytes_AS_STRING(args[1]);
    size_t fen_len = args[1] == Py_None ? 0 : (size_t)PyBytes_GET_SIZE(args[1]);
    gbr_replay_outcome o;
    gbr_error error = gbr_replay_line(e->replayer, fen, fen_len, PyBytes_AS_STRING(args[2]),
                                      (size_t)PyBytes_GET_SIZE(args[2]), &o);
    PyObject *events = replay_end(e, error);
    if (events == NULL)
        return NULL;
    return Py_BuildValue("(N(skikks))", events, "e", 1UL, (int)o.status, o.line, o.column, o.message);
}

static PyObject *py_error_classes(PyObject *self, PyObject *unused)
{
    (void)self;
    (void)unused;
    PyObject *out = PyList_New(0);
    for (int e = 0; out != NULL && e < GBR_ERROR_COUNT; e++) {
        PyObject *item = Py_BuildValue("(ss)", gbr_error_name((gbr_error)e), gbr_error_message((gbr_error)e));
        if (item == NULL || PyList_Append(out, item) != 0)
            Py_CLEAR(out);
        Py_XDECREF(item);
    }
    return out;
}

/* Each docstring begins with the signature inspect.signature reads
 * (__text_signature__): "name($module, ...)\n--\n\n". */
#define SIG(name, args) #name "($module, " args ")\n--\n\n"
#define FAST (METH_FASTCALL | METH_KEYWORDS)
#define COLUMN_DOC "\n\nerrors='raise' raises GBRError (with .index, the item's place) at the first refused text; errors='none' puts None in its place. A single str or bytes is refused (it is not a column). The GIL is released while libgbr converts."
static PyMethodDef methods[] = {
    {"material_code", (PyCFunction)py_material_code, METH_O, SIG(material_code, "fen_or_counts, /") "The material code of a FEN (str or bytes), or of exact counts: ((Q, R, B, N, P) of White, (Q, R, B, N, P) of Black). Raises GBRError."},
    {"study_code", (PyCFunction)(void (*)(void))py_study_code, FAST, SIG(study_code, "fen, /, result=None") "The study code of a FEN; result None, 'win' ('+') or 'draw' ('='). Raises GBRError."},
    {"position_form", (PyCFunction)(void (*)(void))py_position_form, FAST, SIG(position_form, "fen, /, result=None") "The position form of a FEN; result None (indicator WTM/BTM), 'win' or 'draw'. Raises GBRError."},
    {"to_fen", (PyCFunction)py_to_fen, METH_O, SIG(to_fen, "position_form, /") "The FEN 'PLACEMENT SIDE - - 0 1' of a position form. Raises GBRError."},
    {"material_name", (PyCFunction)py_material_name, METH_O, SIG(material_name, "material_code, /") "The material name (KRPvKR) of a material code. Raises GBRError (name-overflow for a 9)."},
    {"name_to_material", (PyCFunction)py_name_to_material, METH_O, SIG(name_to_material, "name, /") "The material code of a material name such as 'KRPvKR'. Raises GBRError."},
    {"material_canonical", (PyCFunction)py_material_canonical, METH_O, SIG(material_canonical, "text, /") "The canonical text of a material code. Raises GBRError."},
    {"study_canonical", (PyCFunction)py_study_canonical, METH_O, SIG(study_canonical, "text, /") "The canonical text of a study code (wrapper removed). Raises GBRError."},
    {"position_canonical", (PyCFunction)py_position_canonical, METH_O, SIG(position_canonical, "text, /") "The canonical text of a position form. Raises GBRError."},
    {"material_codes", (PyCFunction)(void (*)(void))py_material_codes, FAST, SIG(material_codes, "fens, /, errors='raise'") "material_code of every FEN of a list or iterable, in one call." COLUMN_DOC},
    {"study_codes", (PyCFunction)(void (*)(void))py_study_codes, FAST, SIG(study_codes, "fens, /, result=None, errors='raise'") "study_code of every FEN of a list or iterable, in one call." COLUMN_DOC},
    {"position_forms", (PyCFunction)(void (*)(void))py_position_forms, FAST, SIG(position_forms, "fens, /, result=None, errors='raise'") "position_form of every FEN of a list or iterable, in one call." COLUMN_DOC},
    {"to_fens", (PyCFunction)(void (*)(void))py_to_fens, FAST, SIG(to_fens, "position_forms, /, errors='raise'") "to_fen of every position form of a list or iterable, in one call." COLUMN_DOC},
    {"material_names", (PyCFunction)(void (*)(void))py_material_names, FAST, SIG(material_names, "codes, /, errors='raise'") "material_name of every material code of a list or iterable, in one call." COLUMN_DOC},
    {"parse_material", (PyCFunction)py_parse_material, METH_O, SIG(parse_material, "text, /") "(canonical, key, counts, unknown mask); behind MaterialCode.parse."},
    {"parse_study", (PyCFunction)py_parse_study, METH_O, SIG(parse_study, "text, /") "(canonical, key, material info, stipulation, white king, black king); behind StudyCode.parse."},
    {"parse_position", (PyCFunction)py_parse_position, METH_O, SIG(parse_position, "text, /") "(canonical, key, material info, indicator, pieces, fen); behind Position.parse."},
    {"parse_fen", (PyCFunction)(void (*)(void))py_parse_fen, FAST, SIG(parse_fen, "fen, /, result=None") "As parse_position, of a FEN; behind Position.from_fen."},
    {"material_value", (PyCFunction)(void (*)(void))py_material_value, METH_FASTCALL, SIG(material_value, "cls, text, /") "A new cls (a MaterialBase) of a material code; behind MaterialCode.parse. Raises GBRError."},
    {"directory_key_of", (PyCFunction)py_directory_key_of, METH_O, SIG(directory_key_of, "text, /") "The directory key (bytes) of a material code, study code or position form: sorted(texts, key=directory_key_of) is directory order (spec 8). Raises GBRError."},
    {"recognise", (PyCFunction)py_recognise, METH_O, SIG(recognise, "text, /") "(form, canonical); behind gbr.recognise."},
    {"scan", (PyCFunction)py_scan, METH_O, SIG(scan, "text, /") "List of (form, canonical, start, end): offsets of characters for a str, of bytes for a bytes-like text; behind gbr.scan. The GIL is released while libgbr scans."},
    {"query_parse", (PyCFunction)py_query_parse, METH_O, SIG(query_parse, "text, /") "The parsed query, as bytes; behind gbr.Query."},
    {"query_match", (PyCFunction)(void (*)(void))py_query_match, METH_FASTCALL, SIG(query_match, "query, text, /") "Whether the parsed query matches a text of any form."},
    {"query_match_column", (PyCFunction)(void (*)(void))py_query_match_column, FAST, SIG(query_match_column, "query, texts, /, errors='raise'") "query_match of every text or value object of an iterable: a list of bool." COLUMN_DOC},
    {"protocol_answer", (PyCFunction)(void (*)(void))py_protocol_answer, METH_FASTCALL, SIG(protocol_answer, "operation, input, /") "The answer line of the conformance protocol (spec 13.2) for one request, as `gbr conform --answer` writes it."},
    {"operations", (PyCFunction)py_operations, METH_NOARGS, "operations($module, /)\n--\n\nList of (operation, level) of spec 13.2."},
    {"error_classes", (PyCFunction)py_error_classes, METH_NOARGS, "error_classes($module, /)\n--\n\nList of (name, message) of spec 9.2, by number."},
    {"replayer", (PyCFunction)py_replayer, METH_NOARGS, "replayer($module, /)\n--\n\nA new replayer of PGN games (gbr_replay.h) in a capsule; behind gbr.replay."},
    {"replay_feed", (PyCFunction)(void (*)(void))py_replay_feed, METH_FASTCALL, SIG(replay_feed, "replayer, data, /") "The events of the games whose end these bytes of PGN show; behind gbr.replay."},
    {"replay_finish", (PyCFunction)py_replay_finish, METH_O, SIG(replay_finish, "replayer, /") "The events of the input's last game; the replayer then reads a new input."},
    {"replay_line", (PyCFunction)(void (*)(void))py_replay_line, METH_FASTCALL, SIG(replay_line, "replayer, fen, moves, /") "(events, outcome) of a line of moves from a FEN (None: the standard start); behind gbr.replay_line."},
    {"_set_classes", (PyCFunction)(void (*)(void))py_set_classes, METH_FASTCALL, SIG(_set_classes, "error_class, value_class, /") "The exception class raised (gbr.GBRError) and the value objects' base (gbr._Value)."},
    {NULL, NULL, 0, NULL}};

static int module_exec(PyObject *m)
{
    if (PyModule_AddStringConstant(m, "SPEC_VERSION", GBR_SPEC_VERSION) != 0 ||
        PyModule_AddStringConstant(m, "LIBGBR_VERSION", gbr_version()) != 0 ||
        PyModule_AddStringConstant(m, "HEADER_VERSION", GBR_VERSION_STRING) != 0)
        return -1;
    module_state *st = state_of(m);
    st->material_type = PyType_FromSpec(&material_spec);
    if (st->material_type == NULL)
        return -1;
    Py_INCREF(st->material_type);
    if (PyModule_AddObject(m, "MaterialBase", st->material_type) != 0) {
        Py_DECREF(st->material_type);
        return -1;
    }
    return 0;
}

static int module_traverse(PyObject *m, visitproc visit, void *arg)
{
    module_state *st = state_of(m);
    Py_VISIT(st->error_class);
    Py_VISIT(st->value_class);
    Py_VISIT(st->material_type);
    return 0;
}

static int module_clear(PyObject *m)
{
    module_state *st = state_of(m);
    Py_CLEAR(st->error_class);
    Py_CLEAR(st->value_class);
    Py_CLEAR(st->material_type);
    return 0;
}

static void module_free(void *m)
{
    module_clear((PyObject *)m);
}

static PyModuleDef_Slot module_slots[] = {{Py_mod_exec, (void *)module_exec}, {0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT,
                                    "gbr._gbr",
                                    "libgbr's operations; use the gbr package, which documents them.",
                                    sizeof(module_state),
                                    methods,
                                    module_slots,
                                    module_traverse,
                                    module_clear,
                                    module_free};

PyMODINIT_FUNC PyInit__gbr(void)
{
    return PyModuleDef_Init(&module);
}
