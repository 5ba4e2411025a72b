/*
 * gbr._census: the endgame census of the gbr command (src/census) over a
 * PGN file, plain or compressed (src/input), or over a byte range of a plain
 * one; the tally as a Python object, its merge, JSON reader and writers.
 * gbr/_census_api.py builds the public API (gbr.census, gbr.Census) on it.
 *
 * The games are read with the GIL released: the tally is made before, is
 * reachable from no Python object while the C code fills it, and becomes a
 * Tally object once the GIL is held again. No Python call is made while it
 * is released.
 *
 * The census's reports (a move that cannot be played, a malformed tag, an
 * input that cannot be read) are written by the shared code through util's
 * report calls (output.h). This extension does not link util's output.c,
 * which writes to the process's standard error from one buffer for the
 * whole process: it defines those calls itself, each appending the line the
 * command would write (without its "gbr: ") to the list of the census
 * running on the calling thread (thread-local, so that censuses on several
 * threads keep their reports apart; the census's reports are all made on
 * the thread that reads). Progress lines (util_status) are not written.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h> /* first; it defines _GNU_SOURCE, which memfd_create needs */

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "census.h"
#include "grow.h"
#include "input_parallel.h"
#include "input_progress.h"
#include "input_stream.h"
#include "output.h"
#include "pgn_input.h"

/* ---- util's report calls, into the running census's list ---- */

typedef struct report_list {
    char **lines;
    size_t n, cap;
    int lost; /* a line could not be kept (out of memory) */
} report_list;

static _Thread_local report_list *current_reports;

static void keep_line(char *line)
{
    report_list *l = current_reports;
    if (!l || !line) {
        if (l)
            l->lost = 1;
        free(line);
        return;
    }
    char **grown = util_grow(l->lines, &l->cap, l->n + 1, sizeof *grown);
    if (!grown) {
        l->lost = 1;
        free(line);
        return;
    }
    l->lines = grown;
    l->lines[l->n++] = line;
}

/* prefix then the formatted message, as one new string (NULL: no memory). */
static char *format_line(const char *prefix, const char *format, va_list ap)
{
    va_list again;
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, format, ap);
    size_t p = strlen(prefix);
    char *line = n < 0 ? NULL : malloc(p + (size_t)n + 1);
    if (line) {
        memcpy(line, prefix, p);
        vsnprintf(line + p, (size_t)n + 1, format, again);
    }
    va_end(again);
    return line;
}

static void keep_located(const char *where, const char *format, va_list ap)
{
    size_t len = strlen(where);
    char *prefix = malloc(len + 3);
    if (!prefix) {
        keep_line(NULL);
        return;
    }
    memcpy(prefix, where, len);
    memcpy(prefix + len, ": ", 3);
    keep_line(format_line(prefix, format, ap));
    free(prefix);
}

void util_report(const char *source, unsigned long line, unsigned long column, const char *format, ...)
{
    char where[4096];
    snprintf(where, sizeof where, "%s:%lu:%lu", source ? source : "-", line, column);
    va_list ap;
    va_start(ap, format);
    keep_located(where, format, ap);
    va_end(ap);
}

void util_error(const char *where, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    if (where)
        keep_located(where, format, ap);
    else
        keep_line(format_line("", format, ap));
    va_end(ap);
}

void util_command_error(const char *command, const char *format, ...)
{
    va_list ap;
    va_start(ap, format);
    keep_located(command, format, ap);
    va_end(ap);
}

void util_out_of_memory(const char *where) { util_error(where, UTIL_OUT_OF_MEMORY); }

/* Progress lines and other text for a terminal: not written. */
void util_vmessage(const char *format, va_list ap)
{
    (void)format;
    (void)ap;
}

void util_message(const char *format, ...) { (void)format; }

void util_message_bytes(const char *bytes, size_t len)
{
    (void)bytes;
    (void)len;
}

/* Status lines (a reading's progress; turned off here): not written. */
void util_status(const char *format, ...) { (void)format; }

void util_status_clear(void) {}

void util_report_flush(void) {}

/* sink.c asks these of the process's standard output, which this module
 * never writes: a sink of its own that no writer is given. */
static char no_buffer[1];
util_sink util_stdout = {-1, no_buffer, sizeof no_buffer, 0, 0};
void util_stdout_before_write(void) {}
void util_stdout_failed(int error) { (void)error; }
int util_output_failed(void) { return 0; }

static void reports_free(report_list *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->lines[i]);
    free(l->lines);
    l->lines = NULL;
    l->n = l->cap = 0;
}

/* The lines as a list of str (NULL with an exception). */
static PyObject *reports_list(const report_list *l)
{
    PyObject *list = PyList_New((Py_ssize_t)l->n);
    if (!list)
        return NULL;
    for (size_t i = 0; i < l->n; i++) {
        PyObject *s = PyUnicode_DecodeUTF8(l->lines[i], (Py_ssize_t)strlen(l->lines[i]), "surrogateescape");
        if (!s) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, s);
    }
    return list;
}

/* ---- the Tally type ---- */

typedef struct {
    PyObject_HEAD
    census_tally *tally;
} TallyObject;

typedef struct {
    PyTypeObject *tally_type;
} module_state;

static module_state *state_of(PyObject *module) { return (module_state *)PyModule_GetState(module); }

/* Wraps t (taken: freed on failure). */
static PyObject *tally_wrap(PyTypeObject *type, census_tally *t)
{
    TallyObject *o = PyObject_New(TallyObject, type);
    if (!o) {
        census_tally_free(t);
        return NULL;
    }
    o->tally = t;
    return (PyObject *)o;
}

static void tally_dealloc(PyObject *self)
{
    PyTypeObject *type = Py_TYPE(self);
    census_tally_free(((TallyObject *)self)->tally);
    PyObject_Free(self);
    Py_DECREF(type);
}

static PyObject *tally_options(PyObject *self, PyObject *unused)
{
    (void)unused;
    const census_options *o = census_tally_options(((TallyObject *)self)->tally);
    return Py_BuildValue("(iIiIIkk)", (int)o->ending, o->pieces, o->fold, o->min_elo, o->speeds,
                         (unsigned long)o->date_from, (unsigned long)o->date_to);
}

static PyObject *tally_totals(PyObject *self, PyObject *unused)
{
    (void)unused;
    const census_totals *t = census_tally_totals(((TallyObject *)self)->tally);
    return Py_BuildValue("(KKKKK(KKKKK))", (unsigned long long)t->games, (unsigned long long)t->counted,
                         (unsigned long long)t->filtered, (unsigned long long)t->not_replayed,
                         (unsigned long long)t->no_ending, (unsigned long long)t->results[0],
                         (unsigned long long)t->results[1], (unsigned long long)t->results[2],
                         (unsigned long long)t->results[3], (unsigned long long)t->results[4]);
}

/* Every class in directory order: (code, games, plies, endings, results). */
static PyObject *tally_classes(PyObject *self, PyObject *unused)
{
    (void)unused;
    size_t n;
    const census_class *c = census_tally_classes(((TallyObject *)self)->tally, &n);
    if (!c)
        return PyErr_NoMemory();
    PyObject *list = PyList_New((Py_ssize_t)n);
    if (!list)
        return NULL;
    for (size_t i = 0; i < n; i++) {
        char code[16];
        gbr_result r = gbr_format_material(NULL, code, sizeof code, &c[i].code);
        if (r.error) {
            Py_DECREF(list);
            return PyErr_Format(PyExc_SystemError, "a class of the tally has no code: %s", gbr_error_message(r.error));
        }
        PyObject *item = Py_BuildValue(
            "(s#KKK(KKKKK))", code, (Py_ssize_t)r.length, (unsigned long long)c[i].games,
            (unsigned long long)c[i].plies, (unsigned long long)c[i].endings, (unsigned long long)c[i].results[0],
            (unsigned long long)c[i].results[1], (unsigned long long)c[i].results[2],
            (unsigned long long)c[i].results[3], (unsigned long long)c[i].results[4]);
        if (!item) {
            Py_DECREF(list);
            return NULL;
        }
        PyList_SET_ITEM(list, (Py_ssize_t)i, item);
    }
    return list;
}

/* write(format, order, group, title): the bytes census_write writes, made
 * in an anonymous file in memory (the sink writes to a descriptor). */
static PyObject *tally_write(PyObject *self, PyObject *args)
{
    int format, order, group;
    const char *title = NULL;
    if (!PyArg_ParseTuple(args, "iiiz", &format, &order, &group, &title))
        return NULL;
    if (format < CENSUS_TEXT || format > CENSUS_HTML || order < 0 || order > 1 || group < 0 || group > 1)
        return PyErr_Format(PyExc_ValueError, "no such output");
    census_output out;
    memset(&out, 0, sizeof out);
    out.format = (census_format)format;
    out.order = (census_order)order;
    out.group = (census_group)group;
    out.title = title;
    int fd = memfd_create("gbr-census", MFD_CLOEXEC);
    if (fd < 0)
        return PyErr_SetFromErrno(PyExc_OSError);
    char buffer[1 << 16];
    util_sink sink = {fd, buffer, sizeof buffer, 0, 0};
    report_list reports = {NULL, 0, 0, 0};
    current_reports = &reports;
    int written = census_write(((TallyObject *)self)->tally, &out, &sink);
    current_reports = NULL;
    reports_free(&reports);
    if (written == 0)
        util_sink_flush(&sink);
    if (written != 0 || sink.error) {
        int error = written != 0 ? ENOMEM : sink.error;
        close(fd);
        errno = error;
        return PyErr_SetFromErrno(PyExc_OSError);
    }
    struct stat st;
    if (fstat(fd, &st) != 0) {
        PyErr_SetFromErrno(PyExc_OSError);
        close(fd);
        return NULL;
    }
    PyObject *bytes = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)st.st_size);
    if (!bytes) {
        close(fd);
        return NULL;
    }
    char *to = PyBytes_AS_STRING(bytes);
    for (off_t at = 0; at < st.st_size;) {
        ssize_t got = pread(fd, to + at, (size_t)(st.st_size - at), at);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            if (got == 0)
                errno = EIO;
            PyErr_SetFromErrno(PyExc_OSError);
            Py_DECREF(bytes);
            close(fd);
            return NULL;
        }
        at += got;
    }
    close(fd);
    return bytes;
}

static PyMethodDef tally_methods[] = {
    {"options", tally_options, METH_NOARGS, "(ending, pieces, fold, min_elo, speeds, date_from, date_to)"},
    {"totals", tally_totals, METH_NOARGS, "(games, counted, filtered, not_replayed, no_ending, results)"},
    {"classes", tally_classes, METH_NOARGS, "[(code, games, plies, endings, results)] in directory order"},
    {"write", tally_write, METH_VARARGS, "write(format, order, group, title) -> bytes"},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot tally_slots[] = {
    {Py_tp_dealloc, tally_dealloc},
    {Py_tp_methods, tally_methods},
    {Py_tp_doc, "A census tally (gbr.Census holds one)."},
    {0, NULL},
};

static PyType_Spec tally_spec = {
    "gbr._census.Tally", sizeof(TallyObject), 0, Py_TPFLAGS_DEFAULT, tally_slots,
};

/* ---- the module's functions ---- */

static int options_from(PyObject *tuple, census_options *o)
{
    int ending, fold;
    unsigned int pieces, min_elo, speeds;
    unsigned long from, to;
    if (!PyArg_ParseTuple(tuple, "iIiIIkk", &ending, &pieces, &fold, &min_elo, &speeds, &from, &to))
        return -1;
    if (ending < CENSUS_ENDING_PHASE || ending > CENSUS_ENDING_EVERY || pieces > 30 || min_elo > 10000 ||
        speeds >= 1u << CENSUS_SPEEDS || from > 99991231 || to > 99991231) {
        PyErr_SetString(PyExc_ValueError, "census options out of range");
        return -1;
    }
    census_options_default(o);
    o->ending = (census_ending)ending;
    o->pieces = pieces;
    o->fold = fold != 0;
    o->min_elo = min_elo;
    o->speeds = speeds;
    o->date_from = (uint32_t)from;
    o->date_to = (uint32_t)to;
    return 0;
}

/* read(path, options, start, end) -> (Tally, problems, failed, boundary_ok):
 * the census of the file (start and end None), or of the games whose first
 * byte is in [start, end) (input_range_read). failed: the input could not be
 * read whole (its problem is the last of problems). */
static PyObject *module_read(PyObject *module, PyObject *args)
{
    PyObject *path_object, *options_tuple, *start_object, *end_object;
    if (!PyArg_ParseTuple(args, "O&OOO", PyUnicode_FSConverter, &path_object, &options_tuple, &start_object,
                          &end_object))
        return NULL;
    census_options options;
    int ranged = start_object != Py_None || end_object != Py_None;
    unsigned long long start = 0, end = 0;
    if (options_from(options_tuple, &options) != 0 ||
        (ranged && ((start = PyLong_AsUnsignedLongLong(start_object)) == (unsigned long long)-1 ||
                    (end = PyLong_AsUnsignedLongLong(end_object)) == (unsigned long long)-1) &&
         PyErr_Occurred())) {
        Py_DECREF(path_object);
        return NULL;
    }
    const char *path = PyBytes_AS_STRING(path_object);
    census_tally *t = census_tally_new(&options);
    census_reader *r = t ? census_reader_new(t, path) : NULL;
    if (!r) {
        census_tally_free(t);
        Py_DECREF(path_object);
        return PyErr_NoMemory();
    }
    report_list reports = {NULL, 0, 0, 0};
    int failed = 0, boundary_ok = 1, open_errno = 0, compressed = -1;
    Py_BEGIN_ALLOW_THREADS
    current_reports = &reports;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        open_errno = errno;
    } else if (!ranged) {
        failed = pgn_read_input_keeping(census_pgn_handler(), census_reader_keep_tags(r), r, fd, path) != 0;
    } else {
        /* A byte range is of the bytes in the file: a compressed file has
         * no offsets of its games to cut at. */
        unsigned char magic[4];
        ssize_t got = pread(fd, magic, sizeof magic, 0);
        if (got < 0) {
            open_errno = errno;
        } else if (input_magic_format(magic, (size_t)got) != INPUT_PLAIN) {
            compressed = (int)input_magic_format(magic, (size_t)got);
        } else {
            int error = input_range_read(census_pgn_handler(), r, fd, start, end, &boundary_ok);
            if (error) {
                util_error(path, "cannot read: %s", strerror(error));
                failed = 1;
            }
        }
    }
    if (fd >= 0)
        close(fd);
    current_reports = NULL;
    Py_END_ALLOW_THREADS
    census_reader_free(r);
    if (open_errno || compressed >= 0) {
        census_tally_free(t);
        reports_free(&reports);
        if (compressed >= 0)
            PyErr_Format(PyExc_ValueError,
                         "%s: a %s stream has no byte ranges of its games: take its census whole (start=None, end=None)",
                         path, input_format_name((input_format)compressed));
        else {
            errno = open_errno;
            PyErr_SetFromErrnoWithFilenameObject(PyExc_OSError, PyTuple_GET_ITEM(args, 0));
        }
        Py_DECREF(path_object);
        return NULL;
    }
    Py_DECREF(path_object);
    PyObject *problems = reports_list(&reports);
    int lost = reports.lost;
    reports_free(&reports);
    if (!problems) {
        census_tally_free(t);
        return NULL;
    }
    if (lost) {
        Py_DECREF(problems);
        census_tally_free(t);
        return PyErr_NoMemory();
    }
    PyObject *tally = tally_wrap(state_of(module)->tally_type, t);
    if (!tally) {
        Py_DECREF(problems);
        return NULL;
    }
    return Py_BuildValue("(NNOO)", tally, problems, failed ? Py_True : Py_False, boundary_ok ? Py_True : Py_False);
}

/* from_json(bytes, source) -> Tally; ValueError "SOURCE:LINE:COLUMN: MESSAGE". */
static PyObject *census_from_json(PyObject *module, PyObject *args)
{
    Py_buffer text;
    const char *source;
    if (!PyArg_ParseTuple(args, "y*s", &text, &source))
        return NULL;
    char message[200];
    unsigned long line = 0, column = 0;
    census_tally *t = census_parse_json(text.buf, (size_t)text.len, message, sizeof message, &line, &column);
    PyBuffer_Release(&text);
    if (!t)
        return PyErr_Format(PyExc_ValueError, "%s:%lu:%lu: %s", source, line, column, message);
    return tally_wrap(state_of(module)->tally_type, t);
}

/* merged(a, b) -> a new Tally, their sum; ValueError when their options
 * differ or a count would pass 2^64 - 1. */
static PyObject *census_merged(PyObject *module, PyObject *args)
{
    PyTypeObject *type = state_of(module)->tally_type;
    PyObject *a, *b;
    if (!PyArg_ParseTuple(args, "O!O!", type, &a, type, &b))
        return NULL;
    census_tally *sum = census_tally_new(census_tally_options(((TallyObject *)a)->tally));
    if (!sum)
        return PyErr_NoMemory();
    int merged = census_merge(sum, ((TallyObject *)a)->tally);
    if (merged == 0)
        merged = census_merge(sum, ((TallyObject *)b)->tally);
    if (merged != 0) {
        census_tally_free(sum);
        if (merged == CENSUS_MERGE_OPTIONS)
            return PyErr_Format(PyExc_ValueError,
                                "tallies made under other options (ending, pieces, fold or filters) do not merge");
        if (merged == CENSUS_MERGE_OVERFLOW)
            return PyErr_Format(PyExc_OverflowError, "a count of the sum would pass 2^64 - 1");
        return PyErr_NoMemory();
    }
    return tally_wrap(type, sum);
}

/* parse_date(text, to_end) -> YYYYMMDD; parse_speeds(text) -> bits. */
static PyObject *census_parse_date_py(PyObject *module, PyObject *args)
{
    (void)module;
    const char *text;
    int to_end;
    if (!PyArg_ParseTuple(args, "sp", &text, &to_end))
        return NULL;
    uint32_t out;
    if (census_parse_date(text, to_end, &out) != 0)
        return PyErr_Format(PyExc_ValueError, "bad date '%s' (YYYY, YYYY.MM or YYYY.MM.DD)", text);
    return PyLong_FromUnsignedLong(out);
}

static PyObject *census_parse_speeds_py(PyObject *module, PyObject *args)
{
    (void)module;
    const char *text;
    if (!PyArg_ParseTuple(args, "s", &text))
        return NULL;
    unsigned out = 0;
    if (census_parse_speeds(text, &out) != 0)
        return PyErr_Format(PyExc_ValueError,
                            "bad time control '%s' (ultrabullet, bullet, blitz, rapid, classical or "
                            "correspondence, comma-separated)",
                            text);
    return PyLong_FromUnsignedLong(out);
}

static PyMethodDef methods[] = {
    {"read", module_read, METH_VARARGS, "read(path, options, start, end) -> (Tally, problems, failed, boundary_ok)"},
    {"from_json", census_from_json, METH_VARARGS, "from_json(bytes, source) -> Tally"},
    {"merged", census_merged, METH_VARARGS, "merged(a, b) -> Tally"},
    {"parse_date", census_parse_date_py, METH_VARARGS, "parse_date(text, to_end) -> YYYYMMDD"},
    {"parse_speeds", census_parse_speeds_py, METH_VARARGS, "parse_speeds(text) -> bits"},
    {NULL, NULL, 0, NULL},
};

static int exec_module(PyObject *module)
{
    /* No progress line: decided here, once, before any census runs, so
     * that censuses on several threads never ask the terminal. */
    input_progress_enable(0);
    module_state *st = state_of(module);
    st->tally_type = (PyTypeObject *)PyType_FromSpec(&tally_spec);
    if (!st->tally_type)
        return -1;
    Py_INCREF(st->tally_type);
    if (PyModule_AddObject(module, "Tally", (PyObject *)st->tally_type) < 0) {
        Py_DECREF(st->tally_type);
        return -1;
    }
    return 0;
}

static int traverse_module(PyObject *module, visitproc visit, void *arg)
{
    Py_VISIT(state_of(module)->tally_type);
    return 0;
}

static int clear_module(PyObject *module)
{
    Py_CLEAR(state_of(module)->tally_type);
    return 0;
}

static void free_module(void *module) { clear_module((PyObject *)module); }

static PyModuleDef_Slot slots[] = {
    {Py_mod_exec, (void *)exec_module},
    {0, NULL},
};

static struct PyModuleDef definition = {
    PyModuleDef_HEAD_INIT, "gbr._census", "The endgame census of the gbr command.", sizeof(module_state),
    methods, slots, traverse_module, clear_module, free_module,
};

PyMODINIT_FUNC PyInit__census(void) { return PyModuleDef_Init(&definition); }
