/* The type Scene (base of signorini.Scene): a rigid-body scene file read by sn_scene_read,
 * stepped by sn_scene_step (Moreau-Jean) or sn_scene_advance_event with the GIL released, and
 * its bodies' states, contacts and energies read back as numpy arrays; or an empty scene built
 * body by body (sn_scene_add_body). A scene changes as it
 * steps: one thread at a time (a second concurrent use is refused with RuntimeError). */
#include "snpy.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  PyObject_HEAD
  sn_scene *S;
  sn_scene_run run;   /* the file's *DYNAMIC settings; run.solver backs settings.solver */
  int busy;           /* a step is running without the GIL */
} SnScene;

static void scene_dealloc(SnScene *s)
{
  sn_scene_free(s->S);
  Py_TYPE(s)->tp_free((PyObject *)s);
}

/* SceneBase(path=None, dt=1e-3): a scene file read, or an empty scene (default *DYNAMIC
 * settings, Moreau-Jean, time step dt) that add_body and the setters below fill */
static PyObject *scene_new(PyTypeObject *type, PyObject *args, PyObject *kw)
{
  static char *kwl[] = {"path", "dt", NULL};
  PyObject *pobj = Py_None, *dobj = Py_None, *path = NULL;
  double dt = 1e-3;
  if (!PyArg_ParseTupleAndKeywords(args, kw, "|OO", kwl, &pobj, &dobj)) return NULL;
  if (pobj != Py_None && dobj != Py_None)
    return PyErr_Format(PyExc_ValueError, "dt is the file's (*DYNAMIC) for a scene read from a file");
  if (dobj != Py_None && ((dt = PyFloat_AsDouble(dobj)) == -1.0 && PyErr_Occurred())) return NULL;
  if (!(dt > 0 && isfinite(dt))) return PyErr_Format(PyExc_ValueError, "dt must be > 0, got %g", dt);
  if (pobj != Py_None && !PyUnicode_FSConverter(pobj, &path)) return NULL;
  SnScene *s = (SnScene *)type->tp_alloc(type, 0);
  char msg[1024] = "";
  int st = SN_OK;
  if (s && path) st = sn_scene_read(PyBytes_AS_STRING(path), NULL, &s->S, &s->run, msg, sizeof msg);
  else if (s) {
    sn_scene_run_default(&s->run);
    s->run.dt = s->run.settings.dt = dt;   /* the step, and the output interval of the file form */
    st = sn_scene_create(&s->S);
  }
  Py_XDECREF(path);
  if (!s) return NULL;
  if (st == SN_ERR_IO) PyErr_Format(PyExc_OSError, "%s", msg);
  else if (st) snpy_raise(st, NULL, msg[0] ? msg : NULL);
  if (st) Py_CLEAR(s);
  return (PyObject *)s;
}

/* a sequence of n floats into x (NaN refused by the library) */
static int floats(PyObject *o, const char *name, int n, double *x)
{
  PyArrayObject *a = NULL;
  if (snpy_vec_view(o, name, n, &a)) return -1;
  memcpy(x, PyArray_DATA(a), sizeof(double) * (size_t)n);
  Py_DECREF(a);
  return 0;
}

/* _add_body(kind, motion, radius, half, half_length, vertices, triangles, density, mass, x, q, v,
 * w, material, name) -> index; vertices/triangles: None or n x 3 float64 / int32 arrays (copied
 * by the library) */
static PyObject *scene_add_body(SnScene *s, PyObject *args)
{
  int kind, motion, material;
  double radius, half_length, density, mass;
  PyObject *half, *vert, *tri, *x, *q, *v, *w, *name;
  if (!PyArg_ParseTuple(args, "iidOdOOddOOOOiO", &kind, &motion, &radius, &half, &half_length, &vert, &tri,
                        &density, &mass, &x, &q, &v, &w, &material, &name))
    return NULL;
  if (s->busy) return PyErr_Format(PyExc_RuntimeError, "the scene is being stepped by another thread");
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = (sn_shape_kind)kind;
  d.motion = (sn_body_motion)motion;
  d.shape.radius = radius;
  d.shape.half_length = half_length;
  d.density = density;
  d.mass = mass;
  d.material = material;
  if (floats(half, "half", 3, d.shape.half) || floats(x, "x", 3, d.x) || floats(q, "q", 4, d.q) ||
      floats(v, "v", 3, d.v) || floats(w, "w", 3, d.w))
    return NULL;
  PyArrayObject *va = NULL, *ta = NULL;
  if (vert != Py_None) {
    va = (PyArrayObject *)PyArray_FROMANY(vert, NPY_DOUBLE, 2, 2, NPY_ARRAY_IN_ARRAY);
    if (!va) return NULL;
    if (PyArray_DIM(va, 1) != 3 || PyArray_DIM(va, 0) > INT_MAX / 3) {
      Py_DECREF(va);
      return PyErr_Format(PyExc_ValueError, "vertices must be an n x 3 array");
    }
    d.shape.nvert = (int)PyArray_DIM(va, 0);
    d.shape.vert = PyArray_DATA(va);
  }
  if (tri != Py_None) {
    ta = (PyArrayObject *)PyArray_FROMANY(tri, NPY_INT32, 2, 2, NPY_ARRAY_IN_ARRAY);
    if (!ta || PyArray_DIM(ta, 1) != 3 || PyArray_DIM(ta, 0) > INT_MAX / 3) {
      Py_XDECREF(va);
      if (!ta) return NULL;
      Py_DECREF(ta);
      return PyErr_Format(PyExc_ValueError, "triangles must be an n x 3 integer array");
    }
    d.shape.ntri = (int)PyArray_DIM(ta, 0);
    d.shape.tri = PyArray_DATA(ta);
  }
  PyObject *nb = name == Py_None ? NULL : PyUnicode_AsUTF8String(name);
  int id = -1, st = (name != Py_None && !nb) ? SN_ERR_ARG : SN_OK;
  if (!PyErr_Occurred()) {
    d.name = nb ? PyBytes_AS_STRING(nb) : NULL;
    st = sn_scene_add_body(s->S, &d, &id);
  }
  Py_XDECREF(nb);
  Py_XDECREF(va);
  Py_XDECREF(ta);
  if (PyErr_Occurred()) return NULL;
  if (st) return snpy_raise(st, "add_body", st == SN_ERR_ARG ? "a bad body: a non-positive size or density, "
                            "fewer than 4 non-coplanar vertices, a plane or mesh that is not fixed or kinematic, "
                            "or a NaN" : NULL);
  return PyLong_FromLong(id);
}

/* _set_gravity(g) and _set_contact_law(ma, mb, mu, e) */
static PyObject *scene_set_gravity(SnScene *s, PyObject *g)
{
  double x[3];
  if (floats(g, "g", 3, x)) return NULL;
  int st = sn_scene_set_gravity(s->S, x);
  if (st) return snpy_raise(st, "set_gravity", NULL);
  Py_RETURN_NONE;
}

static PyObject *scene_set_contact_law(SnScene *s, PyObject *args)
{
  int ma, mb;
  double mu, e;
  if (!PyArg_ParseTuple(args, "iidd", &ma, &mb, &mu, &e)) return NULL;
  int st = sn_scene_set_contact_law(s->S, ma, mb, mu, e);
  if (st) return snpy_raise(st, "set_contact_law", "mu >= 0, 0 <= e <= 1 and materials >= 0 (both -1: every pair)");
  Py_RETURN_NONE;
}

/* step(n): n Moreau-Jean steps of the file's dt, or event-driven integration over n output
 * intervals; returns (worst status, last step's contacts, iterations, error, max penetration) */
static PyObject *scene_step(SnScene *s, PyObject *args)
{
  long n = 1;
  if (!PyArg_ParseTuple(args, "|l", &n)) return NULL;
  if (n < 0) return PyErr_Format(PyExc_ValueError, "n must be >= 0, got %ld", n);
  if (s->busy) return PyErr_Format(PyExc_RuntimeError, "the scene is being stepped by another thread");
  sn_dyn_settings set;
  sn_scene_run_settings(&s->run, &set);
  sn_dyn_info info = {0};
  int st = SN_OK, worst = SN_OK;
  s->busy = 1;
  Py_BEGIN_ALLOW_THREADS
  for (long k = 0; k < n && st >= 0; k++) {
    st = s->run.method == SN_SCENE_EVENT ? sn_scene_advance_event(s->S, sn_scene_time(s->S) + s->run.dt, &set, &info)
                                         : sn_scene_step(s->S, &set, &info);
    if (st > worst) worst = st;
  }
  Py_END_ALLOW_THREADS
  s->busy = 0;
  if (st < 0) return snpy_raise(st, "step", NULL);
  return Py_BuildValue("(iiidd)", worst, info.ncontacts, info.iterations, info.error, info.max_penetration);
}

/* states(): (x, q, v, w) arrays, one row per body */
static PyObject *scene_states(SnScene *s, PyObject *unused)
{
  (void)unused;
  int nb = sn_scene_nbodies(s->S);
  npy_intp d3[2] = {nb, 3}, d4[2] = {nb, 4};
  PyObject *x = PyArray_SimpleNew(2, d3, NPY_DOUBLE), *q = PyArray_SimpleNew(2, d4, NPY_DOUBLE);
  PyObject *v = PyArray_SimpleNew(2, d3, NPY_DOUBLE), *w = PyArray_SimpleNew(2, d3, NPY_DOUBLE);
  if (x && q && v && w)
    for (int b = 0; b < nb; b++) {
      sn_body_state st;
      sn_scene_body_state(s->S, b, &st);
      memcpy((double *)PyArray_DATA((PyArrayObject *)x) + 3 * b, st.x, sizeof st.x);
      memcpy((double *)PyArray_DATA((PyArrayObject *)q) + 4 * b, st.q, sizeof st.q);
      memcpy((double *)PyArray_DATA((PyArrayObject *)v) + 3 * b, st.v, sizeof st.v);
      memcpy((double *)PyArray_DATA((PyArrayObject *)w) + 3 * b, st.w, sizeof st.w);
    }
  return Py_BuildValue("(NNNN)", x, q, v, w);
}

/* contacts(): (a, b, status) int arrays and (point, normal, impulse, u) n x 3 arrays, gap */
static PyObject *scene_contacts(SnScene *s, PyObject *unused)
{
  (void)unused;
  int n = sn_scene_ncontacts(s->S);
  npy_intp d1 = n, d3[2] = {n, 3};
  PyObject *ab = PyArray_SimpleNew(2, d3, NPY_INT32), *gap = PyArray_SimpleNew(1, &d1, NPY_DOUBLE);
  PyObject *f[4] = {PyArray_SimpleNew(2, d3, NPY_DOUBLE), PyArray_SimpleNew(2, d3, NPY_DOUBLE),
                    PyArray_SimpleNew(2, d3, NPY_DOUBLE), PyArray_SimpleNew(2, d3, NPY_DOUBLE)};
  if (ab && gap && f[0] && f[1] && f[2] && f[3])
    for (int k = 0; k < n; k++) {
      sn_body_contact c;
      sn_scene_contact(s->S, k, &c);
      int *abk = (int *)PyArray_DATA((PyArrayObject *)ab) + 3 * k;
      abk[0] = c.a, abk[1] = c.b, abk[2] = c.status;
      ((double *)PyArray_DATA((PyArrayObject *)gap))[k] = c.gap;
      const double *src[4] = {c.point, c.normal, c.impulse, c.u};
      for (int j = 0; j < 4; j++)
        memcpy((double *)PyArray_DATA((PyArrayObject *)f[j]) + 3 * k, src[j], 3 * sizeof(double));
    }
  return Py_BuildValue("(NNNNNN)", ab, gap, f[0], f[1], f[2], f[3]);
}

/* energy(): (kinetic, potential, friction_work, impact_loss, kinematic_work) */
static PyObject *scene_energy(SnScene *s, PyObject *unused)
{
  (void)unused;
  sn_energy e;
  int st = sn_scene_energy(s->S, &e);
  if (st) return snpy_raise(st, "energy", NULL);
  return Py_BuildValue("(ddddd)", e.kinetic, e.potential, e.friction_work, e.impact_loss, e.kinematic_work);
}

/* _last_problem(FC): the last Moreau-Jean step's local problem as an instance of FC, and its r */
static PyObject *scene_last_problem(SnScene *s, PyObject *cls)
{
  if (!PyType_Check(cls) || !PyType_IsSubtype((PyTypeObject *)cls, &SnPy_FCType))
    return PyErr_Format(PyExc_TypeError, "_last_problem: expected a subclass of FCBase");
  sn_fc *P = NULL;
  double *r = NULL;
  int st = sn_scene_last_problem(s->S, &P, &r);
  if (st) return snpy_raise(st, "last_problem", st == SN_ERR_ARG ? "no Moreau-Jean step was made yet" : NULL);
  SnProblem *p = (SnProblem *)((PyTypeObject *)cls)->tp_alloc((PyTypeObject *)cls, 0);
  PyObject *ra = p ? snpy_vec_out(P->dim * P->nc, r) : NULL;
  free(r);
  if (!p || !ra) { sn_fc_free(P); Py_XDECREF(p); Py_XDECREF(ra); return NULL; }
  p->kind = SN_KIND_FC, p->fc = P;
  return Py_BuildValue("(NN)", p, ra);
}

static PyObject *scene_names(SnScene *s, void *unused)
{
  (void)unused;
  int nb = sn_scene_nbodies(s->S);
  PyObject *l = PyList_New(nb);
  for (int b = 0; l && b < nb; b++) {
    const char *name = sn_scene_body_name(s->S, b);
    PyObject *o = name ? PyUnicode_FromString(name) : (Py_INCREF(Py_None), Py_None);
    if (!o) { Py_CLEAR(l); break; }
    PyList_SET_ITEM(l, b, o);
  }
  return l;
}

static PyObject *scene_num(SnScene *s, void *which)
{
  char w = ((const char *)which)[0];
  if (w == 't') return PyFloat_FromDouble(sn_scene_time(s->S));
  if (w == 'd') return PyFloat_FromDouble(s->run.dt);
  if (w == 'p') return PyFloat_FromDouble(s->run.total);
  if (w == 'n') return PyLong_FromLong(sn_scene_nbodies(s->S));
  if (w == 'm') return PyUnicode_FromString(s->run.method == SN_SCENE_EVENT ? "event" : "moreau");
  return PyUnicode_FromString(s->run.heading);
}

static PyGetSetDef scene_getset[] = {
    {"time", (getter)scene_num, NULL, "the scene's time", "t"},
    {"dt", (getter)scene_num, NULL, "the file's time step (event-driven: the output interval)", "d"},
    {"period", (getter)scene_num, NULL, "the file's time period (*DYNAMIC)", "p"},
    {"nbodies", (getter)scene_num, NULL, "number of bodies", "n"},
    {"method", (getter)scene_num, NULL, "'moreau' or 'event'", "m"},
    {"heading", (getter)scene_num, NULL, "the *HEADING line", "h"},
    {"names", (getter)scene_names, NULL, "the bodies' names, in index order", NULL},
    {NULL}};

static PyMethodDef scene_methods[] = {
    {"_step", (PyCFunction)scene_step, METH_VARARGS, "_step(n) -> (status, ncontacts, iterations, error, penetration)"},
    {"_states", (PyCFunction)scene_states, METH_NOARGS, "_states() -> (x, q, v, w)"},
    {"_contacts", (PyCFunction)scene_contacts, METH_NOARGS, "_contacts() -> (ab, gap, point, normal, impulse, u)"},
    {"_energy", (PyCFunction)scene_energy, METH_NOARGS, "_energy() -> 5 floats"},
    {"_last_problem", (PyCFunction)scene_last_problem, METH_O, "_last_problem(FC) -> (problem, r)"},
    {"_add_body", (PyCFunction)scene_add_body, METH_VARARGS, "_add_body(kind, motion, ...) -> index"},
    {"_set_gravity", (PyCFunction)scene_set_gravity, METH_O, "_set_gravity(g)"},
    {"_set_contact_law", (PyCFunction)scene_set_contact_law, METH_VARARGS, "_set_contact_law(ma, mb, mu, e)"},
    {NULL}};

PyTypeObject SnPy_SceneType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "signorini._signorini.SceneBase", .tp_basicsize = sizeof(SnScene),
    .tp_dealloc = (destructor)scene_dealloc, .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
    .tp_doc = "SceneBase(path=None, dt=1e-3): base of signorini.Scene", .tp_methods = scene_methods, .tp_getset = scene_getset,
    .tp_new = scene_new};

int snpy_scene_type_ready(PyObject *module)
{
  if (PyType_Ready(&SnPy_SceneType) < 0) return -1;
  Py_INCREF(&SnPy_SceneType);
  if (PyModule_AddObject(module, "SceneBase", (PyObject *)&SnPy_SceneType) < 0) {
    Py_DECREF(&SnPy_SceneType);
    return -1;
  }
  return 0;
}
