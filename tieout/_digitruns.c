/* The digit runs of a text, by canonical digits: figures.number_places in C.
 *
 * figures._number_places_python is the reference; this is the same reading done in one
 * pass without a Python object per character run of text between figures. A run is what
 * the regular expression \d[\d,]*(?:\.\d+)*|\.\d+ matches, leftmost and without overlap,
 * where \d is a Unicode decimal digit (as Python's re reads \d in a str pattern), except
 * that a run ".12" after an ASCII letter is followed by the run its digits start ("Rs.12.5"
 * gives ".12" and "12.5"). Its key
 * is the run without commas, put in canonical form (figures.canonical_digits) when it
 * starts with "0" or "." or is a decimal ending in "0". tests/figures/test_digitruns.py holds the
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
        Py_ssize_t start = i, len = 0, rescan = -1;
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
            /* \.\d+; after a letter, the digits also start a run of their own ("Rs.12.5") */
            if (i > 0) {
                Py_UCS4 b = PyUnicode_READ(kind, data, i - 1);
                if ((b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z')) {
                    rescan = i + 1;
                }
            }
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
        if (rescan >= 0) {
            i = rescan;
        }
    }
    PyMem_Free(buf);
    return places;
error:
    PyMem_Free(buf);
    Py_DECREF(places);
    return NULL;
}

static const double POW10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* The value of digits with one point at most, when it has 15 significant digits or fewer
 * and 22 decimals at most: the digits are an exact integer, 10**decimals an exact power,
 * and their quotient, rounded once, is the double float() reads. 0 otherwise. */
static int
exact_double(const char *s, Py_ssize_t len, double *out)
{
    unsigned long long mantissa = 0;
    int significant = 0, decimals = 0, point = 0;
    for (Py_ssize_t k = 0; k < len; k++) {
        char c = s[k];
        if (c == '.') {
            point = 1;
            continue;
        }
        if (c < '0' || c > '9') {
            return 0;
        }
        if (significant || c != '0') {
            significant++;
        }
        if (significant > 15) {
            return 0;
        }
        mantissa = mantissa * 10 + (unsigned long long)(c - '0');
        decimals += point;
    }
    if (decimals > 22 || len == 0) {
        return 0;
    }
    *out = (double)mantissa / POW10[decimals];
    return 1;
}

static int
compare_doubles(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* sorted_values(keys): the values of the keys with one decimal point at most, as Python's
 * float() reads them, sorted and once each (figures._sorted_values_python, compiled). */
static PyObject *
sorted_values(PyObject *self, PyObject *keys)
{
    PyObject *iter = PyObject_GetIter(keys);
    if (iter == NULL) {
        return NULL;
    }
    Py_ssize_t cap = 1024, n = 0;
    double *vals = PyMem_Malloc(cap * sizeof(double));
    if (vals == NULL) {
        Py_DECREF(iter);
        return PyErr_NoMemory();
    }
    PyObject *key;
    while ((key = PyIter_Next(iter)) != NULL) {
        if (!PyUnicode_Check(key)) {
            Py_DECREF(key);
            PyErr_SetString(PyExc_TypeError, "sorted_values() takes an iterable of str");
            goto error;
        }
        int kind = PyUnicode_KIND(key);
        const void *data = PyUnicode_DATA(key);
        Py_ssize_t len = PyUnicode_GET_LENGTH(key), dots = 0;
        for (Py_ssize_t k = 0; k < len && dots < 2; k++) {
            dots += PyUnicode_READ(kind, data, k) == '.';
        }
        if (dots > 1) {
            Py_DECREF(key);
            continue;
        }
        double v;
        if (PyUnicode_IS_ASCII(key) && exact_double((const char *)data, len, &v)) {
            Py_DECREF(key); /* 15 significant digits at most: exact, as float() gives it */
        }
        else if (PyUnicode_IS_ASCII(key)) { /* parsed in place, as float() does */
            char *end;
            v = PyOS_string_to_double((const char *)data, &end, NULL);
            if (v == -1.0 && PyErr_Occurred()) {
                Py_DECREF(key);
                goto error;
            }
            if (*end != '\0') {
                PyErr_Format(PyExc_ValueError, "could not convert string to float: %R", key);
                Py_DECREF(key);
                goto error;
            }
            Py_DECREF(key);
        }
        else { /* digits of other scripts: float() reads them */
            PyObject *f = PyFloat_FromString(key);
            Py_DECREF(key);
            if (f == NULL) {
                goto error;
            }
            v = PyFloat_AS_DOUBLE(f);
            Py_DECREF(f);
        }
        if (n == cap) {
            cap *= 2;
            double *more = PyMem_Realloc(vals, cap * sizeof(double));
            if (more == NULL) {
                PyErr_NoMemory();
                goto error;
            }
            vals = more;
        }
        vals[n++] = v;
    }
    if (PyErr_Occurred()) {
        goto error;
    }
    Py_DECREF(iter);
    qsort(vals, (size_t)n, sizeof(double), compare_doubles);
    PyObject *out = PyList_New(0);
    if (out == NULL) {
        PyMem_Free(vals);
        return NULL;
    }
    for (Py_ssize_t k = 0; k < n; k++) {
        if (k > 0 && vals[k] == vals[k - 1]) {
            continue;
        }
        PyObject *f = PyFloat_FromDouble(vals[k]);
        if (f == NULL || PyList_Append(out, f) < 0) {
            Py_XDECREF(f);
            Py_DECREF(out);
            PyMem_Free(vals);
            return NULL;
        }
        Py_DECREF(f);
    }
    PyMem_Free(vals);
    return out;
error:
    Py_DECREF(iter);
    PyMem_Free(vals);
    return NULL;
}

static PyMethodDef methods[] = {
    {"number_places", number_places, METH_O,
     "number_places(text, /)\n--\n\n"
     "Where every digit run of text starts, by its canonical digits "
     "(what figures.number_places returns)."},
    {"sorted_values", sorted_values, METH_O,
     "sorted_values(keys, /)\n--\n\n"
     "The float values of the keys with one decimal point at most, sorted, once each "
     "(what figures.sorted_values returns)."},
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
