/* The digit runs of a text, by canonical digits: figures.number_places in C.
 *
 * figures._number_places_python is the reference; this is the same reading done in one
 * pass without a Python object per character run of text between figures. A run is what
 * the regular expression \d[\d,]*(?:\.\d+)*|\.\d+ matches, leftmost and without overlap,
 * where \d is a Unicode decimal digit (as Python's re reads \d in a str pattern). Its key
 * is the run without commas, put in canonical form (figures.canonical_digits) when it
 * starts with "0" or "." or is a decimal ending in "0". tests/test_digitruns.py holds the
 * two implementations to the same answers on random text.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static inline int
is_digit(Py_UCS4 ch)
{
    if (ch < 128) {
        return ch >= '0' && ch <= '9';
    }
    return Py_UNICODE_ISDECIMAL(ch);
}

/* Put the run t[0:*len] (no commas) in canonical form, in place; t[-1] is free for a
 * leading zero. Returns where the key now starts. Mirrors figures.canonical_digits. */
static Py_UCS4 *
canonical(Py_UCS4 *t, Py_ssize_t *len)
{
    Py_ssize_t n = *len, dots = 0;
    for (Py_ssize_t k = 0; k < n; k++) {
        dots += t[k] == '.';
    }
    if (dots == 1) {
        while (n > 0 && t[n - 1] == '0') {
            n--;
        }
        while (n > 0 && t[n - 1] == '.') {
            n--;
        }
        if (n == 0) {
            t[0] = '0';
            n = 1;
        }
    }
    if (n > 1 && t[0] == '0' && t[1] != '.') {
        while (n > 0 && t[0] == '0') {
            t++;
            n--;
        }
        if (n == 0) {
            t--; /* the last zero stripped */
            t[0] = '0';
            n = 1;
        }
    }
    if (t[0] == '.') {
        t--; /* t[-1] is free: a leading zero was stripped or the slot was reserved */
        t[0] = '0';
        n++;
    }
    *len = n;
    return t;
}

static PyObject *
number_places(PyObject *Py_UNUSED(module), PyObject *arg)
{
    if (!PyUnicode_Check(arg)) {
        PyErr_Format(PyExc_TypeError, "number_places() takes a str, not %.80s",
                     Py_TYPE(arg)->tp_name);
        return NULL;
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(arg);
    int kind = PyUnicode_KIND(arg);
    const void *data = PyUnicode_DATA(arg);
    PyObject *places = PyDict_New();
    if (places == NULL) {
        return NULL;
    }
    Py_ssize_t cap = 64;
    Py_UCS4 *buf = PyMem_Malloc(cap * sizeof(Py_UCS4));
    if (buf == NULL) {
        Py_DECREF(places);
        return PyErr_NoMemory();
    }
    Py_ssize_t i = 0;
    while (i < n) {
        Py_UCS4 ch = PyUnicode_READ(kind, data, i);
        Py_ssize_t start = i, len = 0;
        /* buf[0] stays free for a leading zero (see canonical) */
#define PUSH(c)                                                        \
    do {                                                               \
        if (len + 2 >= cap) {                                          \
            Py_UCS4 *grown = PyMem_Realloc(buf, 2 * cap * sizeof(Py_UCS4)); \
            if (grown == NULL) {                                       \
                PyErr_NoMemory();                                      \
                goto error;                                            \
            }                                                          \
            buf = grown;                                               \
            cap *= 2;                                                  \
        }                                                              \
        buf[1 + len++] = (c);                                          \
    } while (0)
        if (is_digit(ch)) {
            /* \d[\d,]* */
            while (i < n) {
                Py_UCS4 c = PyUnicode_READ(kind, data, i);
                if (is_digit(c)) {
                    PUSH(c);
                }
                else if (c != ',') {
                    break;
                }
                i++;
            }
            /* (?:\.\d+)* */
            while (i + 1 < n && PyUnicode_READ(kind, data, i) == '.' &&
                   is_digit(PyUnicode_READ(kind, data, i + 1))) {
                PUSH('.');
                i++;
                while (i < n && is_digit(PyUnicode_READ(kind, data, i))) {
                    PUSH(PyUnicode_READ(kind, data, i));
                    i++;
                }
            }
        }
        else if (ch == '.' && i + 1 < n && is_digit(PyUnicode_READ(kind, data, i + 1))) {
            /* \.\d+ */
            PUSH('.');
            i++;
            while (i < n && is_digit(PyUnicode_READ(kind, data, i))) {
                PUSH(PyUnicode_READ(kind, data, i));
                i++;
            }
        }
        else {
            i++;
            continue;
        }
#undef PUSH
        Py_UCS4 *run = buf + 1;
        Py_UCS4 first = run[0], last = run[len - 1];
        if (first == '0' || first == '.' || last == '0') {
            int decimal = 0;
            for (Py_ssize_t k = 0; k < len && !decimal; k++) {
                decimal = run[k] == '.';
            }
            if (first == '0' || first == '.' || decimal) {
                run = canonical(run, &len);
            }
        }
        PyObject *key = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, run, len);
        if (key == NULL) {
            goto error;
        }
        PyObject *at = PyLong_FromSsize_t(start);
        if (at == NULL) {
            Py_DECREF(key);
            goto error;
        }
        PyObject *bucket = PyDict_GetItemWithError(places, key); /* borrowed */
        int failed;
        if (bucket != NULL) {
            failed = PyList_Append(bucket, at);
        }
        else if (PyErr_Occurred()) {
            failed = -1;
        }
        else {
            PyObject *fresh = PyList_New(1);
            if (fresh == NULL) {
                failed = -1;
            }
            else {
                Py_INCREF(at);
                PyList_SET_ITEM(fresh, 0, at);
                failed = PyDict_SetItem(places, key, fresh);
                Py_DECREF(fresh);
            }
        }
        Py_DECREF(at);
        Py_DECREF(key);
        if (failed < 0) {
            goto error;
        }
    }
    PyMem_Free(buf);
    return places;
error:
    PyMem_Free(buf);
    Py_DECREF(places);
    return NULL;
}

static PyMethodDef methods[] = {
    {"number_places", number_places, METH_O,
     "number_places(text, /)\n--\n\n"
     "Where every digit run of text starts, by its canonical digits "
     "(what figures.number_places returns)."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    "tieout._digitruns",
    "The digit runs of a text in one pass (figures.number_places, compiled).",
    0,
    methods,
    NULL,
    NULL,
    NULL,
    NULL,
};

PyMODINIT_FUNC
PyInit__digitruns(void)
{
    return PyModule_Create(&module);
}
