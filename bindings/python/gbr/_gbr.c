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
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "gbr.h"

/* gbr.GBRError, handed over by gbr/__init__.py through _set_error_class. */
static PyObject *error_class = NULL;

/* ---- texts ---- */

typedef struct text_arg {
    const char *src;
    size_t len;
    PyObject *keep; /* an owned bytes object when the text was encoded here */
} text_arg;

/* Reads a str or bytes argument. Returns 0, or -1 with TypeError set. */
static int get_text(PyObject *obj, text_arg *t)
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
        t->src = PyByteArray_AS_STRING(obj);
        t->len = (size_t)PyByteArray_GET_SIZE(obj);
        return 0;
    }
    PyErr_Format(PyExc_TypeError, "expected str or bytes, got %.80s", Py_TYPE(obj)->tp_name);
    return -1;
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

/* A new GBRError instance for r (not raised). */
static PyObject *make_error(gbr_result r)
{
    if (error_class == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "gbr._gbr: the error class is not set");
        return NULL;
    }
    return PyObject_CallFunction(error_class, "ssk", gbr_error_message(r.error), gbr_error_name(r.error),
                                 (unsigned long)r.column);
}

static PyObject *raise_result(gbr_result r)
{
    PyObject *e = make_error(r);
    if (e != NULL) {
        PyErr_SetObject(error_class, e);
        Py_DECREF(e);
    }
    return NULL;
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

/* Arguments (text, result=None) or (iterable, result=None, errors="raise")
 * of a fastcall function; want_errors adds the third. errors: 0 raise,
 * 1 none (None in place of a refused text). */
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
    CONV_CANON_POSITION
};

static gbr_result convert(enum conversion conv, gbr_result_option result, char *dst, size_t cap, const char *src,
                          size_t len)
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
    }
    gbr_result r = {GBR_E_ARGUMENT, 0, 0};
    return r;
}

#define OUT_CAP (GBR_POSITION_MAX + GBR_FEN_MAX)

static PyObject *convert_one(enum conversion conv, gbr_result_option result, PyObject *obj)
{
    char buf[OUT_CAP];
    text_arg t;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = convert(conv, result, buf, sizeof buf, t.src, t.len);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(r);
    return ascii_str(buf, r.length);
}

/* material_code(fen_or_counts): a str/bytes is a FEN; anything else is the
 * counts ((Q, R, B, N, P) of White, (Q, R, B, N, P) of Black). */
static int get_counts(PyObject *obj, gbr_counts *counts)
{
    PyObject *sides = PySequence_Fast(obj, "counts must be two sequences of five ints (Q, R, B, N, P)");
    if (sides == NULL)
        return -1;
    if (PySequence_Fast_GET_SIZE(sides) != 2) {
        Py_DECREF(sides);
        PyErr_SetString(PyExc_ValueError, "counts must be two sequences of five ints (Q, R, B, N, P)");
        return -1;
    }
    for (int colour = 0; colour < 2; colour++) {
        PyObject *side = PySequence_Fast(PySequence_Fast_GET_ITEM(sides, colour),
                                         "counts must be two sequences of five ints (Q, R, B, N, P)");
        if (side == NULL) {
            Py_DECREF(sides);
            return -1;
        }
        if (PySequence_Fast_GET_SIZE(side) != 5) {
            Py_DECREF(side);
            Py_DECREF(sides);
            PyErr_SetString(PyExc_ValueError, "counts must be two sequences of five ints (Q, R, B, N, P)");
            return -1;
        }
        for (int type = 0; type < 5; type++) {
            long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(side, type));
            if (v == -1 && PyErr_Occurred()) {
                Py_DECREF(side);
                Py_DECREF(sides);
                return -1;
            }
            if (v < 0 || v > 255) {
                Py_DECREF(side);
                Py_DECREF(sides);
                PyErr_SetString(PyExc_ValueError, "a count must be 0-255");
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
    (void)self;
    if (PyUnicode_Check(obj) || PyBytes_Check(obj) || PyByteArray_Check(obj))
        return convert_one(CONV_MATERIAL, GBR_RESULT_NONE, obj);
    gbr_counts counts;
    gbr_material m;
    char buf[GBR_MATERIAL_MAX];
    if (get_counts(obj, &counts) != 0)
        return NULL;
    gbr_result r = gbr_material_from_counts(NULL, &counts, &m);
    if (r.error != GBR_OK)
        return raise_result(r);
    r = gbr_format_material(NULL, buf, sizeof buf, &m);
    if (r.error != GBR_OK)
        return raise_result(r);
    return ascii_str(buf, r.length);
}

static PyObject *py_study_code(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *fen;
    gbr_result_option result;
    (void)self;
    if (parse_args(args, nargs, kwnames, "study_code", 1, 0, &fen, &result, NULL) != 0)
        return NULL;
    return convert_one(CONV_STUDY, result, fen);
}

static PyObject *py_position_form(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *fen;
    gbr_result_option result;
    (void)self;
    if (parse_args(args, nargs, kwnames, "position_form", 1, 0, &fen, &result, NULL) != 0)
        return NULL;
    return convert_one(CONV_POSITION, result, fen);
}

#define SIMPLE_CONVERSION(fname, conv) \
    static PyObject *py_##fname(PyObject *self, PyObject *obj) \
    { \
        (void)self; \
        return convert_one(conv, GBR_RESULT_NONE, obj); \
    }
SIMPLE_CONVERSION(to_fen, CONV_TO_FEN)
SIMPLE_CONVERSION(material_name, CONV_MATERIAL_NAME)
SIMPLE_CONVERSION(material_from_name, CONV_NAME_MATERIAL)
SIMPLE_CONVERSION(canonical_material, CONV_CANON_MATERIAL)
SIMPLE_CONVERSION(canonical_study, CONV_CANON_STUDY)
SIMPLE_CONVERSION(canonical_position, CONV_CANON_POSITION)

/* ---- column (bulk) conversions ---- */

/* Sets the error of item `index` on the exception being raised. */
static PyObject *raise_item(gbr_result r, Py_ssize_t index)
{
    PyObject *e = make_error(r);
    if (e == NULL)
        return NULL;
    PyObject *i = PyLong_FromSsize_t(index);
    if (i == NULL || PyObject_SetAttrString(e, "index", i) != 0) {
        Py_XDECREF(i);
        Py_DECREF(e);
        return NULL;
    }
    Py_DECREF(i);
    PyErr_SetObject(error_class, e);
    Py_DECREF(e);
    return NULL;
}

/* The column functions hand out one str object for equal short answers (a
 * column of FENs has few distinct material codes): a direct-mapped table of
 * the answers of up to CACHE_TEXT bytes made so far in this call. Reusing an
 * immutable str changes no result, and saves most of a million allocations,
 * which otherwise cost more than libgbr's work. */
#define CACHE_SLOTS 4096
#define CACHE_TEXT 16
typedef struct cache_slot {
    size_t len;
    char text[CACHE_TEXT];
    PyObject *obj;
} cache_slot;

static PyObject *cached_str(cache_slot *cache, const char *s, size_t n)
{
    if (cache == NULL || n > CACHE_TEXT)
        return ascii_str(s, n);
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 16777619u;
    cache_slot *slot = &cache[(h ^ (h >> 15)) % CACHE_SLOTS];
    if (slot->obj != NULL && slot->len == n && memcmp(slot->text, s, n) == 0) {
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
    memcpy(slot->text, s, n);
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

/* One conversion over every text of an iterable, into a list. A list or
 * tuple is walked in place; any other iterable item by item. */
static PyObject *convert_column(enum conversion conv, gbr_result_option result, int errors, PyObject *iterable)
{
    char buf[OUT_CAP];
    PyObject *seq = NULL, *iter = NULL, *out = NULL;
    Py_ssize_t n = -1;
    /* No table for the position forms and FENs, which are longer than it
     * holds; without memory for one, every answer is a new str. */
    cache_slot *cache = conv == CONV_POSITION || conv == CONV_TO_FEN
                            ? NULL
                            : (cache_slot *)PyMem_Calloc(CACHE_SLOTS, sizeof(cache_slot));
    if (PyList_CheckExact(iterable) || PyTuple_CheckExact(iterable)) {
        seq = iterable;
        Py_INCREF(seq);
        n = PySequence_Fast_GET_SIZE(seq);
        out = PyList_New(n);
    } else {
        iter = PyObject_GetIter(iterable);
        if (iter == NULL)
            return NULL;
        out = PyList_New(0);
    }
    if (out == NULL)
        goto fail;
    for (Py_ssize_t k = 0;; k++) {
        PyObject *item;
        if (seq != NULL) {
            if (k >= n)
                break;
            item = PySequence_Fast_GET_ITEM(seq, k);
            Py_INCREF(item);
        } else {
            item = PyIter_Next(iter);
            if (item == NULL) {
                if (PyErr_Occurred())
                    goto fail;
                break;
            }
        }
        text_arg t;
        if (get_text(item, &t) != 0) {
            Py_DECREF(item);
            goto fail;
        }
        gbr_result r = convert(conv, result, buf, sizeof buf, t.src, t.len);
        release_text(&t);
        Py_DECREF(item);
        PyObject *value;
        if (r.error == GBR_OK) {
            value = cached_str(cache, buf, r.length);
            if (value == NULL)
                goto fail;
        } else if (errors == 1) {
            value = Py_None;
            Py_INCREF(value);
        } else {
            raise_item(r, k);
            goto fail;
        }
        if (seq != NULL)
            PyList_SET_ITEM(out, k, value);
        else {
            int rc = PyList_Append(out, value);
            Py_DECREF(value);
            if (rc != 0)
                goto fail;
        }
    }
    cache_free(cache);
    Py_XDECREF(seq);
    Py_XDECREF(iter);
    return out;
fail:
    cache_free(cache);
    Py_XDECREF(seq);
    Py_XDECREF(iter);
    Py_XDECREF(out);
    return NULL;
}

#define COLUMN_CONVERSION(fname, conv, with_result) \
    static PyObject *py_##fname(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames) \
    { \
        PyObject *iterable; \
        gbr_result_option result = GBR_RESULT_NONE; \
        int errors; \
        (void)self; \
        if (parse_args(args, nargs, kwnames, #fname, with_result, 1, &iterable, with_result ? &result : NULL, \
                       &errors) != 0) \
            return NULL; \
        return convert_column(conv, result, errors, iterable); \
    }
COLUMN_CONVERSION(material_codes, CONV_MATERIAL, 0)
COLUMN_CONVERSION(study_codes, CONV_STUDY, 1)
COLUMN_CONVERSION(position_forms, CONV_POSITION, 1)
COLUMN_CONVERSION(to_fens, CONV_TO_FEN, 0)
COLUMN_CONVERSION(material_names, CONV_MATERIAL_NAME, 0)

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
static PyObject *material_info(const gbr_material *m)
{
    char buf[GBR_MATERIAL_MAX];
    gbr_counts counts;
    unsigned unknown = 0;
    gbr_result r = gbr_format_material(NULL, buf, sizeof buf, m);
    if (r.error != GBR_OK)
        return raise_result(r);
    gbr_result d = gbr_material_decode(NULL, m, &counts, &unknown);
    if (d.error != GBR_OK)
        return raise_result(d);
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
    (void)self;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_material(NULL, t.src, t.len, &m);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(r);
    return material_info(&m);
}

static void square_name(uint8_t square, char out[3])
{
    out[0] = (char)('a' + square / 8);
    out[1] = (char)('1' + square % 8);
    out[2] = '\0';
}

/* (canonical, key, material info, stipulation, white king, black king). */
static PyObject *study_info(const gbr_study *s)
{
    char buf[GBR_STUDY_MAX];
    char wk[3], bk[3];
    static const char *const stipulations[] = {"", "+", "="};
    gbr_result r = gbr_format_study(NULL, buf, sizeof buf, s);
    if (r.error != GBR_OK)
        return raise_result(r);
    PyObject *minfo = material_info(&s->material);
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
    (void)self;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_study(NULL, t.src, t.len, &s);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(r);
    return study_info(&s);
}

static const char *const indicator_names[] = {"", "+", "=", "-+", "-=", "WTM", "BTM"};

/* (canonical position form, key, material info, indicator, pieces, fen):
 * pieces maps square names to FEN letters. */
static PyObject *position_info(const gbr_position *p)
{
    char buf[GBR_POSITION_MAX];
    char fen[GBR_FEN_MAX];
    gbr_counts counts;
    gbr_material m;
    gbr_result r = gbr_format_position(NULL, buf, sizeof buf, p);
    if (r.error != GBR_OK)
        return raise_result(r);
    gbr_result f = gbr_format_fen(NULL, fen, sizeof fen, p);
    if (f.error != GBR_OK)
        return raise_result(f);
    gbr_result c = gbr_position_counts(p, &counts);
    if (c.error != GBR_OK)
        return raise_result(c);
    c = gbr_material_from_counts(NULL, &counts, &m);
    if (c.error != GBR_OK)
        return raise_result(c);
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
    PyObject *minfo = material_info(&m);
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
    (void)self;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_position(NULL, t.src, t.len, &p);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(r);
    return position_info(&p);
}

/* parse_fen(fen, result=None): the position of a FEN with the indicator of
 * its side to move and the result (as gbr_fen_to_position gives it). */
static PyObject *py_parse_fen(PyObject *self, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
    PyObject *fen;
    gbr_result_option result;
    text_arg t;
    gbr_position p;
    (void)self;
    if (parse_args(args, nargs, kwnames, "parse_fen", 1, 0, &fen, &result, NULL) != 0)
        return NULL;
    if (get_text(fen, &t) != 0)
        return NULL;
    gbr_result r = gbr_parse_fen(NULL, t.src, t.len, &p);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(r);
    p.indicator = (uint8_t)gbr_indicator_for(p.indicator == GBR_IND_BTM, result);
    return position_info(&p);
}

/* ---- recognising and scanning ---- */

static PyObject *py_recognise(PyObject *self, PyObject *obj)
{
    char buf[OUT_CAP];
    text_arg t;
    gbr_form form = GBR_FORM_UNKNOWN;
    (void)self;
    if (get_text(obj, &t) != 0)
        return NULL;
    gbr_result r = gbr_check(NULL, buf, sizeof buf, t.src, t.len, &form);
    release_text(&t);
    if (r.error != GBR_OK)
        return raise_result(r);
    return Py_BuildValue("(ss#)", gbr_form_name(form), buf, (Py_ssize_t)r.length);
}

/* scan(bytes) -> list of (form, canonical, start, end), byte offsets. */
static PyObject *py_scan(PyObject *self, PyObject *obj)
{
    text_arg t;
    gbr_scan_match m;
    (void)self;
    if (get_text(obj, &t) != 0)
        return NULL;
    PyObject *out = PyList_New(0);
    size_t start = 0;
    while (out != NULL) {
        gbr_scan_status st = gbr_scan_next(NULL, t.src, t.len, start, 0, &m);
        if (st != GBR_SCAN_MATCH)
            break;
        PyObject *item = Py_BuildValue("(ss#nn)", gbr_form_name(m.code.form), m.canonical,
                                       (Py_ssize_t)m.canonical_len, (Py_ssize_t)m.start, (Py_ssize_t)m.end);
        if (item == NULL || PyList_Append(out, item) != 0) {
            Py_XDECREF(item);
            Py_CLEAR(out);
            break;
        }
        Py_DECREF(item);
        if (m.resume <= start && m.resume < t.len)
            start++; /* cannot happen (resume = end > anchor >= start); a guard against a loop */
        else
            start = m.resume;
    }
    release_text(&t);
    return out;
}

/* ---- queries ---- */

static PyObject *py_query_parse(PyObject *self, PyObject *obj)
{
    text_arg t;
    gbr_query q;
    const char *message = NULL;
    (void)self;
    if (get_text(obj, &t) != 0)
        return NULL;
    memset(&q, 0, sizeof q);
    gbr_result r = gbr_query_parse(&q, t.src, t.len, &message);
    release_text(&t);
    if (r.error != GBR_OK) {
        PyObject *e = PyObject_CallFunction(error_class, "ssk", message != NULL ? message : gbr_error_message(r.error),
                                            gbr_error_name(r.error), (unsigned long)r.column);
        if (e != NULL) {
            PyErr_SetObject(error_class, e);
            Py_DECREF(e);
        }
        return NULL;
    }
    return PyBytes_FromStringAndSize((const char *)&q, sizeof q);
}

/* The subject of a text of any form; 0, or -1 with GBRError raised. */
static int subject_of_text(PyObject *obj, gbr_query_subject *s)
{
    text_arg t;
    gbr_recognised rec;
    if (get_text(obj, &t) != 0)
        return -1;
    gbr_result r = gbr_recognise(NULL, t.src, t.len, &rec);
    release_text(&t);
    if (r.error != GBR_OK) {
        raise_result(r);
        return -1;
    }
    memset(s, 0, sizeof *s);
    switch (rec.form) {
    case GBR_FORM_MATERIAL: gbr_query_subject_of_material(&rec.value.material, s); return 0;
    case GBR_FORM_STUDY: gbr_query_subject_of_study(&rec.value.study, s); return 0;
    case GBR_FORM_POSITION:
    case GBR_FORM_FEN: {
        uint8_t ind = rec.value.position.indicator;
        gbr_stipulation stip = (ind == GBR_IND_WIN || ind == GBR_IND_BLACK_WIN)    ? GBR_STIP_WIN
                               : (ind == GBR_IND_DRAW || ind == GBR_IND_BLACK_DRAW) ? GBR_STIP_DRAW
                                                                                    : GBR_STIP_NONE;
        r = gbr_query_subject_of_position(NULL, &rec.value.position, stip, s);
        break;
    }
    case GBR_FORM_NAME: {
        gbr_material m;
        r = gbr_material_from_counts(NULL, &rec.value.counts, &m);
        if (r.error == GBR_OK) {
            gbr_query_subject_of_material(&m, s);
            s->counts = rec.value.counts;
            s->has_counts = 1;
        }
        break;
    }
    default: r.error = GBR_E_UNKNOWN_FORM; r.column = 1; break;
    }
    if (r.error != GBR_OK) {
        raise_result(r);
        return -1;
    }
    return 0;
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
    gbr_query_subject s;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "query_match(query, text)");
        return NULL;
    }
    if (get_query(args[0], &q) != 0 || subject_of_text(args[1], &s) != 0)
        return NULL;
    return PyBool_FromLong(gbr_query_match(&q, &s));
}

/* query_match_column(query, iterable) -> list of bool. */
static PyObject *py_query_match_column(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    gbr_query q;
    (void)self;
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "query_match_column(query, iterable)");
        return NULL;
    }
    if (get_query(args[0], &q) != 0)
        return NULL;
    PyObject *iter = PyObject_GetIter(args[1]);
    if (iter == NULL)
        return NULL;
    PyObject *out = PyList_New(0);
    PyObject *item;
    while (out != NULL && (item = PyIter_Next(iter)) != NULL) {
        gbr_query_subject s;
        int rc = subject_of_text(item, &s);
        Py_DECREF(item);
        if (rc != 0 || PyList_Append(out, gbr_query_match(&q, &s) ? Py_True : Py_False) != 0)
            Py_CLEAR(out);
    }
    Py_DECREF(iter);
    if (out != NULL && PyErr_Occurred())
        Py_CLEAR(out);
    return out;
}

/* ---- the conformance protocol ---- */

/* protocol_answer(operation, input) -> the answer line of spec §13.2, as
 * `gbr conform --answer` writes it. */
static PyObject *py_protocol_answer(PyObject *self, PyObject *const *args, Py_ssize_t nargs)
{
    char buf[GBR_ANSWER_MAX];
    text_arg op, in;
    (void)self;
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
        return raise_result(r);
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

static PyObject *py_set_error_class(PyObject *self, PyObject *cls)
{
    (void)self;
    if (!PyType_Check(cls) || !PyObject_IsSubclass(cls, PyExc_ValueError)) {
        PyErr_SetString(PyExc_TypeError, "the error class must be a subclass of ValueError");
        return NULL;
    }
    Py_INCREF(cls);
    Py_XSETREF(error_class, cls);
    Py_RETURN_NONE;
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

#define FAST (METH_FASTCALL | METH_KEYWORDS)
static PyMethodDef methods[] = {
    {"material_code", (PyCFunction)py_material_code, METH_O, "material_code(fen_or_counts) -> str\n\nThe material code of a FEN (str or bytes), or of exact counts: ((Q, R, B, N, P) of White, (Q, R, B, N, P) of Black). Raises GBRError."},
    {"study_code", (PyCFunction)(void (*)(void))py_study_code, FAST, "study_code(fen, result=None) -> str\n\nThe study code of a FEN; result None, 'win' ('+') or 'draw' ('='). Raises GBRError."},
    {"position_form", (PyCFunction)(void (*)(void))py_position_form, FAST, "position_form(fen, result=None) -> str\n\nThe position form of a FEN; result None (indicator WTM/BTM), 'win' or 'draw'. Raises GBRError."},
    {"to_fen", (PyCFunction)py_to_fen, METH_O, "to_fen(position_form) -> str\n\nThe FEN 'PLACEMENT SIDE - - 0 1' of a position form. Raises GBRError."},
    {"material_name", (PyCFunction)py_material_name, METH_O, "material_name(material_code) -> str\n\nThe material name (KRPvKR) of a material code. Raises GBRError (name-overflow for a 9)."},
    {"material_from_name", (PyCFunction)py_material_from_name, METH_O, "material_from_name(name) -> str\n\nThe material code of a material name such as 'KRPvKR'. Raises GBRError."},
    {"canonical_material", (PyCFunction)py_canonical_material, METH_O, "canonical_material(text) -> str\n\nThe canonical text of a material code. Raises GBRError."},
    {"canonical_study", (PyCFunction)py_canonical_study, METH_O, "canonical_study(text) -> str\n\nThe canonical text of a study code (wrapper removed). Raises GBRError."},
    {"canonical_position", (PyCFunction)py_canonical_position, METH_O, "canonical_position(text) -> str\n\nThe canonical text of a position form. Raises GBRError."},
    {"material_codes", (PyCFunction)(void (*)(void))py_material_codes, FAST, "material_codes(fens, errors='raise') -> list[str | None]\n\nmaterial_code of every FEN of a list or iterable, in one call. errors='raise' raises GBRError (with .index) at the first refused FEN; errors='none' puts None in its place."},
    {"study_codes", (PyCFunction)(void (*)(void))py_study_codes, FAST, "study_codes(fens, result=None, errors='raise') -> list[str | None]\n\nstudy_code of every FEN of a list or iterable, in one call (errors as material_codes)."},
    {"position_forms", (PyCFunction)(void (*)(void))py_position_forms, FAST, "position_forms(fens, result=None, errors='raise') -> list[str | None]\n\nposition_form of every FEN of a list or iterable, in one call (errors as material_codes)."},
    {"to_fens", (PyCFunction)(void (*)(void))py_to_fens, FAST, "to_fens(position_forms, errors='raise') -> list[str | None]\n\nto_fen of every position form of a list or iterable, in one call."},
    {"material_names", (PyCFunction)(void (*)(void))py_material_names, FAST, "material_names(codes, errors='raise') -> list[str | None]\n\nmaterial_name of every material code of a list or iterable, in one call."},
    {"parse_material", (PyCFunction)py_parse_material, METH_O, "parse_material(text) -> (canonical, key, counts, unknown mask); behind MaterialCode.parse."},
    {"parse_study", (PyCFunction)py_parse_study, METH_O, "parse_study(text) -> (canonical, key, material info, stipulation, white king, black king); behind StudyCode.parse."},
    {"parse_position", (PyCFunction)py_parse_position, METH_O, "parse_position(text) -> (canonical, key, material info, indicator, pieces, fen); behind Position.parse."},
    {"parse_fen", (PyCFunction)(void (*)(void))py_parse_fen, FAST, "parse_fen(fen, result=None) -> as parse_position; behind Position.from_fen."},
    {"recognise", (PyCFunction)py_recognise, METH_O, "recognise(text) -> (form, canonical); behind gbr.recognise."},
    {"scan", (PyCFunction)py_scan, METH_O, "scan(text) -> list of (form, canonical, start, end), byte offsets; behind gbr.scan."},
    {"query_parse", (PyCFunction)py_query_parse, METH_O, "query_parse(text) -> bytes, the parsed query; behind gbr.Query."},
    {"query_match", (PyCFunction)(void (*)(void))py_query_match, METH_FASTCALL, "query_match(query, text) -> bool."},
    {"query_match_column", (PyCFunction)(void (*)(void))py_query_match_column, METH_FASTCALL, "query_match_column(query, texts) -> list[bool]."},
    {"protocol_answer", (PyCFunction)(void (*)(void))py_protocol_answer, METH_FASTCALL, "protocol_answer(operation, input) -> str\n\nThe answer line of the conformance protocol (spec 13.2) for one request, as `gbr conform --answer` writes it."},
    {"operations", (PyCFunction)py_operations, METH_NOARGS, "operations() -> list of (operation, level) of spec 13.2."},
    {"error_classes", (PyCFunction)py_error_classes, METH_NOARGS, "error_classes() -> list of (name, message) of spec 9.2, by number."},
    {"_set_error_class", (PyCFunction)py_set_error_class, METH_O, "_set_error_class(cls): the exception class raised (gbr.GBRError)."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "gbr._gbr",
                                    "libgbr's operations; use the gbr package, which documents them.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__gbr(void)
{
    PyObject *m = PyModule_Create(&module);
    if (m == NULL)
        return NULL;
    if (PyModule_AddStringConstant(m, "SPEC_VERSION", GBR_SPEC_VERSION) != 0 ||
        PyModule_AddStringConstant(m, "LIBGBR_VERSION", gbr_version()) != 0 ||
        PyModule_AddStringConstant(m, "HEADER_VERSION", GBR_VERSION_STRING) != 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
