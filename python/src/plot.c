/* _plot: x-y line charts (PNG, SVG, PDF) through the library's sn_plot_lines (cairo, in the plot
 * module loaded on first use), so that the examples draw their plots without matplotlib. */
#include "snpy.h"

#include <stdlib.h>

#define SNPY_PLOT_MAX_SERIES 64

/* one series (name, x or None, y, style) into s, its arrays held in a[2] (new references) */
static int series(PyObject *t, sn_series *s, PyArrayObject *a[2])
{
  PyObject *xo, *yo;
  const char *name;
  int style;
  if (!PyArg_ParseTuple(t, "zOOi", &name, &xo, &yo, &style)) return -1;
  if (snpy_vec_view(yo, "y", -1, &a[1])) return -1;
  if (xo != Py_None && snpy_vec_view(xo, "x", PyArray_DIM(a[1], 0), &a[0])) return -1;
  if (style < SN_PLOT_LINE || style > SN_PLOT_BARS) return PyErr_Format(PyExc_ValueError, "bad style %d", style), -1;
  s->name = name, s->n = (int)PyArray_DIM(a[1], 0), s->y = PyArray_DATA(a[1]), s->style = style;
  s->x = a[0] ? PyArray_DATA(a[0]) : NULL;
  return 0;
}

/* _plot(path, [(name, x, y, style), ...], title, xlabel, ylabel, logy) */
PyObject *snpy_plot(PyObject *self, PyObject *args)
{
  (void)self;
  PyObject *path, *list, *res = NULL;
  sn_plot_opts o;
  sn_plot_opts_default(&o);
  if (!PyArg_ParseTuple(args, "O&O!zzzp", PyUnicode_FSConverter, &path, &PyList_Type, &list, &o.title, &o.xlabel,
                        &o.ylabel, &o.logy))
    return NULL;
  Py_ssize_t ns = PyList_GET_SIZE(list);
  sn_series s[SNPY_PLOT_MAX_SERIES];
  PyArrayObject *a[2 * SNPY_PLOT_MAX_SERIES] = {NULL};
  Py_ssize_t k = 0;
  if (ns > SNPY_PLOT_MAX_SERIES) PyErr_Format(PyExc_ValueError, "at most %d series", SNPY_PLOT_MAX_SERIES);
  else
    for (; k < ns && !series(PyList_GET_ITEM(list, k), &s[k], &a[2 * k]); k++) {}
  if (k == ns && ns <= SNPY_PLOT_MAX_SERIES) {
    char msg[1024] = "";
    int st;
    Py_BEGIN_ALLOW_THREADS
    st = sn_plot_lines(PyBytes_AS_STRING(path), &o, s, (int)ns, msg, sizeof msg);
    Py_END_ALLOW_THREADS
    if (st == SN_ERR_IO) PyErr_Format(PyExc_OSError, "%s", msg);
    else if (st) snpy_raise(st, msg[0] ? NULL : PyBytes_AS_STRING(path), msg);
    else res = Py_None, Py_INCREF(res);
  }
  for (Py_ssize_t j = 0; j < 2 * SNPY_PLOT_MAX_SERIES; j++) Py_XDECREF(a[j]);
  Py_DECREF(path);
  return res;
}
