/*
 * gbr._collection - the PGN reader of the gbr command for Python: a
 * collection's games with their tags, the composer (with the co-authors of
 * a joint study, under a names file's chosen names: composer_names.h),
 * source, year and reference the collection's tag choice takes
 * (src/collection/directory_game.h) in its encoding (text_encoding.h), and
 * the audit rule's verdict on each code tag (audit_code.h), as gbr directory
 * and gbr audit read them. gbr/collection.py
 * makes named tuples of what this returns.
 *
 * One function, pgn_read. The module keeps no Python object between calls
 * (its state is empty), so it is the same in every interpreter that imports
 * it; it is initialised in phases (PEP 489).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <string.h>

#include "audit_code.h"
#include "composer_names.h"
#include "directory_game.h"
#include "gbr.h"
#include "pgn_reader.h"
#include "text_encoding.h"

/* The fields this module gives, by the collection layer's names: what it
 * adds to directory_tag_choice later is not read here until named. */
#define FIELDS 4
static const int field_of[FIELDS] = {DIRECTORY_TAG_COMPOSER, DIRECTORY_TAG_SOURCE, DIRECTORY_TAG_YEAR,
                                     DIRECTORY_TAG_REFERENCE};
static const char *const field_name[FIELDS] = {"composer", "source", "year", "reference"};

/* What the reader's callbacks build: the games, the diagnostics, the first
 * Python error (after which nothing more is built). */
typedef struct reading {
    PyObject *games, *diagnostics;
    int failed;
    const directory_tag_choice *choice;
    text_encoding encoding;
    const composer_names *names; /* NULL: none */
    char *buf; /* text_encoding_value's buffer, reused */
    size_t cap;
    char *composers; /* composer_field's buffer, reused */
    size_t composers_cap;
} reading;

/* A tag value as str in the collection's encoding (valid UTF-8 always comes
 * out of the conversion). */
static PyObject *value_text(reading *r, const char *s, size_t len)
{
    const char *value;
    size_t value_len;
    if (text_encoding_value(r->encoding, s, len, &r->buf, &r->cap, &value, &value_len) < 0)
        return PyErr_NoMemory();
    return PyUnicode_DecodeUTF8(value, (Py_ssize_t)value_len, "replace");
}

/* One composer's name as the directory shows it: the tag's value in the
 * collection's encoding, under the names file's chosen name. */
static PyObject *person_text(reading *r, const pgn_tag *t)
{
    const char *value;
    size_t value_len;
    if (text_encoding_value(r->encoding, t->value, t->value_len, &r->buf, &r->cap, &value, &value_len) < 0)
        return PyErr_NoMemory();
    size_t chosen_len;
    const char *chosen = r->names ? composer_names_chosen(r->names, value, value_len, &chosen_len) : NULL;
    if (chosen) {
        value = chosen;
        value_len = chosen_len;
    }
    return PyUnicode_DecodeUTF8(value, (Py_ssize_t)value_len, "replace");
}

/* The composer field, as gbr directory writes it (every composer of a joint
 * study, joined by COMPOSER_SEPARATOR), and the tuple of its composers;
 * (None, ()) for a game without one. */
static int composers_of(reading *r, const directory_game_tags *tags, PyObject **field, PyObject **each)
{
    *field = *each = NULL;
    const pgn_tag *composer = tags->field[DIRECTORY_TAG_COMPOSER];
    if (!composer) {
        Py_INCREF(Py_None);
        *field = Py_None;
        *each = PyTuple_New(0);
        return *each ? 0 : -1;
    }
    const char *value;
    size_t len;
    unsigned long long converted = 0;
    if (composer_field(tags, r->encoding, r->names, &r->composers, &r->composers_cap, &value, &len, &converted) != 0) {
        PyErr_NoMemory();
        return -1;
    }
    *field = PyUnicode_DecodeUTF8(value, (Py_ssize_t)len, "replace");
    *each = PyTuple_New((Py_ssize_t)(1 + tags->coauthors_n));
    if (!*field || !*each)
        return -1;
    for (size_t i = 0; i <= tags->coauthors_n; i++) {
        PyObject *name = person_text(r, i ? tags->coauthors[i - 1] : composer);
        if (!name)
            return -1;
        PyTuple_SET_ITEM(*each, (Py_ssize_t)i, name);
    }
    return 0;
}

static const char *stipulation_name(gbr_result_option o)
{
    return o == GBR_RESULT_WIN ? "win" : o == GBR_RESULT_DRAW ? "draw" : NULL;
}

/* (tag index, code, expected or None, wrong, line, column, stipulation, sentence or None) of a
 * code tag's code, by the audit rule against the position (NULL: no FEN to check against). */
static PyObject *code_check(size_t index, const pgn_tag *t, const gbr_scan_match *m, const gbr_position *position)
{
    char expected[GBR_POSITION_MAX];
    size_t expected_len = 0;
    int wrong = 0;
    int known = position && audit_expected_code(NULL, position, m, expected, sizeof expected, &expected_len,
                                                &wrong) == 0;
    char sentence[AUDIT_MISMATCH_MAX];
    size_t sentence_len = known && wrong ? audit_mismatch_text(sentence, t, m, expected, expected_len) : 0;
    return Py_BuildValue("(ns#z#Okkzz#)", (Py_ssize_t)index, m->canonical, (Py_ssize_t)m->canonical_len,
                         known ? expected : NULL, (Py_ssize_t)expected_len, known && wrong ? Py_True : Py_False,
                         t->value_at.line,
                         t->value_at.column + (unsigned long)m->start, stipulation_name(audit_code_stipulation(m)),
                         sentence_len ? sentence : NULL, (Py_ssize_t)sentence_len);
}

/* The audit rule over one game, as gbr audit applies it: every code tag's
 * code, the problems (a [GBR] tag that is no code, an unreadable FEN), and
 * whether its codes were checked against its FEN. */
static int audit_game(const pgn_game *g, PyObject *codes, PyObject *problems, int *checked)
{
    const pgn_tag *fen_tag = directory_find_tag(g, "FEN");
    gbr_position position;
    memset(&position, 0, sizeof position);
    int readable = 1;
    if (fen_tag) {
        gbr_result r = gbr_parse_fen(NULL, fen_tag->raw_value, fen_tag->raw_value_len, &position);
        if (r.error) {
            readable = 0;
            PyObject *p = Py_BuildValue("(kkss)", fen_tag->value_at.line,
                                        fen_tag->value_at.column + (r.column ? r.column - 1 : 0), "FEN tag",
                                        gbr_error_message(r.error));
            if (!p || PyList_Append(problems, p) != 0) {
                Py_XDECREF(p);
                return -1;
            }
            Py_DECREF(p);
        }
    } else {
        gbr_parse_fen(NULL, pgn_start_fen, strlen(pgn_start_fen), &position); /* cannot fail */
    }
    size_t found = 0;
    for (size_t i = 0; i < g->tags_n; i++) {
        const pgn_tag *t = &g->tags[i];
        if (!audit_is_code_tag(t))
            continue;
        gbr_scan_match m;
        audit_tag_error error;
        audit_code_status status = audit_tag_code(NULL, t, &m, &error);
        PyObject *item = NULL;
        if (status == AUDIT_CODE_ERROR)
            item = Py_BuildValue("(kkss)", t->value_at.line, t->value_at.column + (unsigned long)error.index,
                                 error.what, error.message);
        else if (status == AUDIT_CODE_FOUND)
            item = code_check(i, t, &m, readable ? &position : NULL);
        else
            continue;
        if (!item || PyList_Append(status == AUDIT_CODE_ERROR ? problems : codes, item) != 0) {
            Py_XDECREF(item);
            return -1;
        }
        Py_DECREF(item);
        found += status == AUDIT_CODE_FOUND;
    }
    *checked = found > 0 && readable;
    return 0;
}

/* The tuple of one game:
 * (number, line, column, tags, malformed, (composer, source, year, reference), (their tag names),
 *  composers, codes, problems, checked)
 * with tags a list of (name, value, line, column, superseded); the composer is the
 * field of all composers, composers a tuple of each. */
static PyObject *game_tuple(reading *r, const pgn_game *g)
{
    PyObject *tags = PyList_New((Py_ssize_t)g->tags_n), *codes = PyList_New(0), *problems = PyList_New(0);
    PyObject *fields = PyTuple_New(FIELDS), *from = PyTuple_New(FIELDS), *composers = NULL;
    PyObject *result = NULL;
    int checked = 0;
    if (!tags || !codes || !problems || !fields || !from)
        goto done;
    for (size_t i = 0; i < g->tags_n; i++) {
        const pgn_tag *t = &g->tags[i];
        PyObject *value = value_text(r, t->value, t->value_len);
        PyObject *tag = value ? Py_BuildValue("(s#NkkO)", t->name, (Py_ssize_t)t->name_len, value, t->name_at.line,
                                              t->name_at.column, t->superseded ? Py_True : Py_False)
                              : NULL;
        if (!tag)
            goto done;
        PyList_SET_ITEM(tags, (Py_ssize_t)i, tag);
    }
    directory_game_tags chosen;
    directory_game_tags_of(g, r->choice, &chosen);
    for (int i = 0; i < FIELDS; i++) {
        const int f = field_of[i];
        const pgn_tag *t = chosen.field[f];
        /* The year is its four digits, or none (directory_year_len). */
        size_t len = !t ? 0 : f == DIRECTORY_TAG_YEAR ? directory_year_len(t) : t->value_len;
        PyObject *value, *name;
        if (!t || (f == DIRECTORY_TAG_YEAR && !len)) {
            value = Py_None;
            name = Py_None;
            Py_INCREF(Py_None);
            Py_INCREF(Py_None);
        } else {
            /* The composer: every composer of the study, set below. */
            value = f == DIRECTORY_TAG_COMPOSER ? (Py_INCREF(Py_None), Py_None) : value_text(r, t->value, len);
            name = PyUnicode_FromStringAndSize(t->name, (Py_ssize_t)t->name_len);
        }
        if (!value || !name) {
            Py_XDECREF(value);
            Py_XDECREF(name);
            goto done;
        }
        PyTuple_SET_ITEM(fields, i, value);
        PyTuple_SET_ITEM(from, i, name);
    }
    PyObject *composer;
    if (composers_of(r, &chosen, &composer, &composers) != 0) {
        Py_XDECREF(composer);
        goto done;
    }
    Py_DECREF(PyTuple_GET_ITEM(fields, 0));
    PyTuple_SET_ITEM(fields, 0, composer);
    if (!g->malformed && audit_game(g, codes, problems, &checked) != 0)
        goto done;
    result = Py_BuildValue("(kkkOkOOOOOO)", g->number, g->start.line, g->start.column, tags, g->malformed, fields,
                           from, composers, codes, problems, checked ? Py_True : Py_False);
done:
    Py_XDECREF(composers);
    Py_XDECREF(tags);
    Py_XDECREF(codes);
    Py_XDECREF(problems);
    Py_XDECREF(fields);
    Py_XDECREF(from);
    return result;
}

static void on_tags(void *context, const pgn_game *game)
{
    reading *r = context;
    if (r->failed)
        return;
    PyObject *item = game_tuple(r, game);
    if (!item || PyList_Append(r->games, item) != 0)
        r->failed = 1;
    Py_XDECREF(item);
}

static void on_diagnostic(void *context, const pgn_diagnostic *d)
{
    reading *r = context;
    if (r->failed)
        return;
    PyObject *item = Py_BuildValue("(kkks)", d->game, d->at.line, d->at.column, d->message);
    if (!item || PyList_Append(r->diagnostics, item) != 0)
        r->failed = 1;
    Py_XDECREF(item);
}

/* A field's tag list: a comma-separated str, or None for the default. */
static int tag_list(PyObject *names, directory_tag_list *out, const char *field)
{
    if (names == Py_None)
        return 0;
    const char *text = PyUnicode_Check(names) ? PyUnicode_AsUTF8(names) : NULL;
    if (!text) {
        if (!PyErr_Occurred())
            PyErr_Format(PyExc_TypeError, "%s_tags must be a str of comma-separated tag names", field);
        return -1;
    }
    if (directory_tag_list_parse(text, out) != 0) {
        PyErr_Format(PyExc_ValueError,
                     "%s_tags: %R is not a list of 1 to %d tag names (letters, digits, '_') separated by commas", field,
                     names, DIRECTORY_TAG_NAMES_MAX);
        return -1;
    }
    return 0;
}

/* The errors of a names file, one "PATH:LINE:COLUMN: MESSAGE" line each. */
typedef struct names_errors {
    PyObject *lines; /* a list of str; NULL once memory ran out */
    int unreadable;
} names_errors;

static void names_error(void *context, const char *path, unsigned long line, unsigned long column,
                        const char *message)
{
    names_errors *e = context;
    if (!line)
        e->unreadable = 1;
    if (!e->lines)
        return;
    PyObject *text = line ? PyUnicode_FromFormat("%s:%lu:%lu: %s", path, line, column, message)
                          : PyUnicode_FromFormat("%s: %s", path, message);
    if (!text || PyList_Append(e->lines, text) != 0)
        Py_CLEAR(e->lines);
    Py_XDECREF(text);
}

/* The names file at path (str, bytes or path-like), or NULL with the
 * exception set: OSError when it cannot be read, ValueError listing its
 * errors as gbr directory reports them. */
static composer_names *names_file(PyObject *path)
{
    PyObject *bytes = NULL;
    if (!PyUnicode_FSConverter(path, &bytes))
        return NULL;
    names_errors e = {PyList_New(0), 0};
    composer_names *names = e.lines ? composer_names_read(PyBytes_AS_STRING(bytes), names_error, &e) : NULL;
    if (!names && !PyErr_Occurred()) {
        PyObject *sep = e.lines ? PyUnicode_FromString("\n") : NULL;
        PyObject *text = sep ? PyUnicode_Join(sep, e.lines) : NULL;
        if (text)
            PyErr_SetObject(e.unreadable ? PyExc_OSError : PyExc_ValueError, text);
        else if (!PyErr_Occurred())
            PyErr_NoMemory();
        Py_XDECREF(sep);
        Py_XDECREF(text);
    }
    Py_XDECREF(e.lines);
    Py_DECREF(bytes);
    return names;
}

PyDoc_STRVAR(pgn_read_doc,
             "pgn_read(data, composer_tags, source_tags, year_tags, reference_tags, encoding, names, /)\n--\n\n"
             "Reads a PGN collection (a bytes-like object) as the gbr command does: (games, diagnostics).\n"
             "The tag lists are comma-separated names or None (the defaults of gbr directory); encoding\n"
             "is \"auto\", \"utf-8\", \"latin-1\" or \"cp1252\"; names the path of a names file or None.\n"
             "gbr.collection.pgn_read wraps it.");

static PyObject *pgn_read(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    (void)module;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "pgn_read takes 7 arguments");
        return NULL;
    }
    directory_tag_choice choice;
    directory_tag_choice_default(&choice);
    for (int i = 0; i < FIELDS; i++)
        if (tag_list(args[1 + i], &choice.field[field_of[i]], field_name[i]) != 0)
            return NULL;
    text_encoding encoding;
    PyObject *encoding_arg = args[1 + FIELDS];
    const char *encoding_name = PyUnicode_Check(encoding_arg) ? PyUnicode_AsUTF8(encoding_arg) : NULL;
    if (!encoding_name || text_encoding_parse(encoding_name, &encoding) != 0) {
        if (!PyErr_Occurred() || PyErr_ExceptionMatches(PyExc_UnicodeError)) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "encoding must be \"auto\", \"utf-8\", \"latin-1\" or \"cp1252\", not %R",
                         encoding_arg);
        }
        return NULL;
    }
    composer_names *names = NULL;
    if (args[2 + FIELDS] != Py_None && !(names = names_file(args[2 + FIELDS])))
        return NULL;
    Py_buffer data;
    /* The export holds the buffer's size while the reader reads it. */
    if (PyObject_GetBuffer(args[0], &data, PyBUF_SIMPLE) != 0) {
        composer_names_free(names);
        return NULL;
    }
    reading r = {PyList_New(0), PyList_New(0), 0, &choice, encoding, names, NULL, 0, NULL, 0};
    PyObject *result = NULL;
    static const pgn_handler handler = {NULL, on_tags, NULL, on_diagnostic};
    pgn_reader *reader = r.games && r.diagnostics ? pgn_reader_new(&handler, &r) : NULL;
    if (reader) {
        pgn_feed(reader, data.buf, (size_t)data.len);
        pgn_finish(reader);
        pgn_reader_free(reader);
        if (!r.failed)
            result = PyTuple_Pack(2, r.games, r.diagnostics);
    } else if (!PyErr_Occurred()) {
        PyErr_NoMemory();
    }
    free(r.buf);
    free(r.composers);
    composer_names_free(names);
    Py_XDECREF(r.games);
    Py_XDECREF(r.diagnostics);
    PyBuffer_Release(&data);
    return result;
}

static PyMethodDef methods[] = {
    {"pgn_read", (PyCFunction)(void (*)(void))pgn_read, METH_FASTCALL, pgn_read_doc},
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module)
{
    return PyModule_AddStringConstant(module, "START_FEN", pgn_start_fen);
}

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
    {0, NULL},
};

static struct PyModuleDef definition = {
    PyModuleDef_HEAD_INIT, "gbr._collection", "The PGN reader, tag choice and audit rule of the gbr command.", 0,
    methods, slots, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__collection(void) { return PyModuleDef_Init(&definition); }
