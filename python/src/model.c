/* ModelBase (base of signorini.Model, _analysis.py): a deck read once with the library's reader
 * (sn_inp_read), its nodes, elements, sets and steps given out as copies, and its static analysis
 * (run.c) run as many times as asked. The model is never changed after it is read (the analysis
 * takes it const), so runs may go on in several threads at once. */
#include "snpy.h"

#include <string.h>

typedef struct {
  PyObject_HEAD
  sn_model *m;
  PyObject *deck;   /* the path as given (str), for messages */
} SnModel;

static void model_dealloc(SnModel *s)
{
  sn_model_free(s->m);
  Py_XDECREF(s->deck);
  Py_TYPE(s)->tp_free((PyObject *)s);
}

/* ModelBase(deck): OSError when the file cannot be read, signorini.Error with the reader's
 * "FILE:LINE: reason" when it is malformed */
static PyObject *model_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
  static char *kwl[] = {"deck", NULL};
  PyObject *path;
  char msg[1024] = "";
  if (!PyArg_ParseTupleAndKeywords(args, kw, "O&", kwl, PyUnicode_FSConverter, &path)) return NULL;
  sn_model *m = NULL;
  int st;
  Py_BEGIN_ALLOW_THREADS
  st = sn_inp_read(PyBytes_AS_STRING(path), &m, msg, sizeof msg);
  Py_END_ALLOW_THREADS
  SnModel *s = NULL;
  if (st == SN_ERR_IO && !m) PyErr_Format(PyExc_OSError, "%s", msg);
  else if (st) snpy_raise(st, NULL, msg);
  else if ((s = (SnModel *)type->tp_alloc(type, 0)) != NULL) {
    s->m = m, m = NULL;
    s->deck = PyUnicode_DecodeFSDefault(PyBytes_AS_STRING(path));
    if (!s->deck) Py_CLEAR(s);
  }
  sn_model_free(m);
  Py_DECREF(path);
  return (PyObject *)s;
}

/* a new int32 array of n entries: ids[idx[k]] (ids[k] when idx is NULL; 0 when ids is NULL) */
static PyObject *ids_out(int n, const int *idx, const int *ids)
{
  npy_intp len = n;
  PyObject *a = PyArray_SimpleNew(1, &len, NPY_INT32);
  if (a)
    for (int k = 0; k < n; k++) ((int *)PyArray_DATA((PyArrayObject *)a))[k] = ids ? ids[idx ? idx[k] : k] : 0;
  return a;
}

static PyObject *get_nodes(SnModel *s, void *unused)
{
  (void)unused;
  const sn_model *m = s->m;
  npy_intp d[2] = {m->nnodes, 3};
  PyObject *x = PyArray_SimpleNew(2, d, NPY_DOUBLE);
  if (x && m->nnodes) memcpy(PyArray_DATA((PyArrayObject *)x), m->x, sizeof(double) * 3 * (size_t)m->nnodes);
  return Py_BuildValue("(NN)", ids_out(m->nnodes, NULL, m->node_id), x);
}

/* (element ids, type names, connectivity pointers, node ids of the connectivity) */
static PyObject *get_elements(SnModel *s, void *unused)
{
  (void)unused;
  const sn_model *m = s->m;
  PyObject *types = PyTuple_New(m->nelems);
  for (int e = 0; types && e < m->nelems; e++) {
    const sn_eldesc *d = sn_element_desc(m->elem_type[e]);
    PyObject *name = PyUnicode_FromString(d ? d->name : "");
    if (!name) Py_CLEAR(types);
    else PyTuple_SET_ITEM(types, e, name);
  }
  if (!types) return NULL;
  int nconn = m->nelems ? m->elem_ptr[m->nelems] : 0;
  return Py_BuildValue("(NNNN)", ids_out(m->nelems, NULL, m->elem_id), types, ids_out(m->nelems + 1, NULL, m->elem_ptr),
                       ids_out(nconn, m->elem_conn, m->node_id));
}

/* [(name, "node" or "element", ids), ...] in the deck's order */
static PyObject *get_sets(SnModel *s, void *unused)
{
  (void)unused;
  const sn_model *m = s->m;
  PyObject *l = PyList_New(m->nsets);
  for (int k = 0; l && k < m->nsets; k++) {
    const sn_set *t = &m->sets[k];
    int node = t->kind == SN_SET_NODE;
    PyObject *item = Py_BuildValue("(ssN)", t->name, node ? "node" : "element",
                                   ids_out(t->n, t->items, node ? m->node_id : m->elem_id));
    if (!item) Py_CLEAR(l);
    else PyList_SET_ITEM(l, k, item);
  }
  return l;
}

/* one dict per *STEP: its kind, time data and deck line */
static PyObject *get_steps(SnModel *s, void *unused)
{
  (void)unused;
  const sn_model *m = s->m;
  PyObject *l = PyList_New(m->nsteps);
  for (int k = 0; l && k < m->nsteps; k++) {
    const sn_step *t = &m->steps[k];
    PyObject *d = Py_BuildValue("{sssisdsdsdsdsisisisisi}", "procedure", t->dynamic ? "dynamic" : "static", "nlgeom",
                                t->nlgeom, "dt0", t->dt0, "period", t->period, "dtmin", t->dtmin, "dtmax", t->dtmax,
                                "inc", t->inc, "boundaries", t->nbc, "cloads", t->ncload, "dloads", t->ndload, "line",
                                t->line);
    if (!d) Py_CLEAR(l);
    else PyList_SET_ITEM(l, k, d);
  }
  return l;
}

/* heading, ndf, units, whether a step is dynamic */
static PyObject *get_header(SnModel *s, void *unused)
{
  (void)unused;
  const sn_model *m = s->m;
  return Py_BuildValue("{sssisOs{ssssssss}}", "heading", m->heading, "ndf", m->ndf, "dynamic",
                       sn_model_is_dynamic(m) ? Py_True : Py_False, "units", "length", m->units.length, "force",
                       m->units.force, "stress", m->units.stress, "time", m->units.time);
}

static PyObject *get_deck(SnModel *s, void *unused)
{
  (void)unused;
  Py_INCREF(s->deck);
  return s->deck;
}

/* _run(outdir, base, plots, fsync) -> (info, increments): the analysis of run.c on this model */
static PyObject *model_run(SnModel *s, PyObject *args)
{
  PyObject *dir;
  const char *base;
  int plots, fsync;
  if (!PyArg_ParseTuple(args, "O&sip", PyUnicode_FSConverter, &dir, &base, &plots, &fsync)) return NULL;
  PyObject *deck = PyUnicode_EncodeFSDefault(s->deck), *res = NULL;
  if (deck) res = snpy_model_run(s->m, PyBytes_AS_STRING(deck), PyBytes_AS_STRING(dir), base, plots, fsync);
  Py_XDECREF(deck);
  Py_DECREF(dir);
  return res;
}

static PyGetSetDef model_getset[] = {
    {"deck", (getter)get_deck, NULL, "the deck's path as given", NULL},
    {"_header", (getter)get_header, NULL, "{heading, ndf, dynamic, units}", NULL},
    {"_nodes", (getter)get_nodes, NULL, "(node ids, coordinates nnodes x 3): copies", NULL},
    {"_elements", (getter)get_elements, NULL, "(element ids, type names, pointers, node ids): copies", NULL},
    {"_sets", (getter)get_sets, NULL, "[(name, 'node' or 'element', ids)]: copies", NULL},
    {"_steps", (getter)get_steps, NULL, "one dict per *STEP", NULL},
    {NULL}};

static PyMethodDef model_methods[] = {
    {"_run", (PyCFunction)model_run, METH_VARARGS, "_run(outdir, base, plots, fsync) -> (info, increments) (run.c)"},
    {NULL}};

PyTypeObject SnPy_ModelType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "signorini._signorini.ModelBase",
    .tp_basicsize = sizeof(SnModel), .tp_dealloc = (destructor)model_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE, .tp_doc = "ModelBase(deck): base of signorini.Model",
    .tp_methods = model_methods, .tp_getset = model_getset, .tp_new = model_new};

int snpy_model_type_ready(PyObject *module)
{
  if (PyType_Ready(&SnPy_ModelType) < 0) return -1;
  Py_INCREF(&SnPy_ModelType);
  if (PyModule_AddObject(module, "ModelBase", (PyObject *)&SnPy_ModelType) < 0) {
    Py_DECREF(&SnPy_ModelType);
    return -1;
  }
  return 0;
}
