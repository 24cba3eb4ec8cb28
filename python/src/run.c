/* A deck's quasi-static finite-element analysis (a *DYNAMIC deck: run_dynamic.c) (sn_static_run on the model of a
 * signorini.Model, model.c), every
 * converged increment's results copied into numpy arrays (no file read back), and, when a folder
 * is given, the files of `signorini run` written as it writes them (sn_run_output_*). The GIL is
 * released during the run and taken back by the increment callback to build the arrays. */
#include "snpy.h"

#include <string.h>

typedef struct {
  PyObject *list;                   /* one dict per increment */
  sn_run_output *out;               /* NULL: no files */
  PyObject *etype, *evalue, *etb;   /* an exception raised while building the arrays */
} run_ctx;

/* a new rows x cols float64 array holding x (row-major); an empty one for NULL */
PyObject *snpy_matrix_out(int rows, int cols, const double *x)
{
  npy_intp d[2] = {x ? rows : 0, cols};
  PyObject *a = PyArray_SimpleNew(2, d, NPY_DOUBLE);
  if (a && x && rows > 0) memcpy(PyArray_DATA((PyArrayObject *)a), x, sizeof(double) * (size_t)rows * cols);
  return a;
}

/* the contact points: slave node ids and positions x (at detection), forces r and relative
 * displacements u in the local frame (normal first), gaps, tributary areas, normals */
static PyObject *contact_dict(const sn_model *m, const sn_increment *inc)
{
  int n = inc->ncontact, dim = m->ndf;
  npy_intp nn = n;
  PyObject *ids = PyArray_SimpleNew(1, &nn, NPY_INT32), *gap = PyArray_SimpleNew(1, &nn, NPY_DOUBLE);
  npy_intp d3[2] = {n, 3};
  PyObject *area = PyArray_SimpleNew(1, &nn, NPY_DOUBLE), *normal = PyArray_SimpleNew(2, d3, NPY_DOUBLE);
  PyObject *xs = PyArray_SimpleNew(2, d3, NPY_DOUBLE);
  if (!ids || !gap || !area || !normal || !xs) {
    Py_XDECREF(ids), Py_XDECREF(gap), Py_XDECREF(area), Py_XDECREF(normal), Py_XDECREF(xs);
    return NULL;
  }
  for (int k = 0; k < n; k++) {
    const sn_contact_point *p = &inc->contact[k];
    ((int *)PyArray_DATA((PyArrayObject *)ids))[k] = m->node_id[p->slave_node];
    ((double *)PyArray_DATA((PyArrayObject *)gap))[k] = p->gap;
    ((double *)PyArray_DATA((PyArrayObject *)area))[k] = p->area;
    memcpy((double *)PyArray_DATA((PyArrayObject *)normal) + 3 * k, p->normal, sizeof p->normal);
    memcpy((double *)PyArray_DATA((PyArrayObject *)xs) + 3 * k, p->x_slave, sizeof p->x_slave);
  }
  return Py_BuildValue("{sNsNsNsNsNsNsNszsisd}", "node", ids, "x", xs, "r", snpy_matrix_out(n, dim, inc->contact_r), "u",
                       snpy_matrix_out(n, dim, inc->contact_u), "gap", gap, "area", area, "normal", normal, "solver",
                       inc->contact_solver, "iterations", inc->contact_iterations, "error", inc->contact_error);
}

/* one increment as a dict of numbers and arrays (nodes in the model's order: model node_ids) */
PyObject *snpy_increment_dict(const sn_model *m, const sn_increment *inc)
{
  int nn = m->nnodes, dim = m->ndf;
  return Py_BuildValue("{sisisisdsdsdsisdsisNsNsNsN}", "step", inc->step, "increment", inc->increment,
                       "total_increment", inc->total_increment, "step_time", inc->step_time, "time", inc->total_time,
                       "load_factor", inc->load_factor, "newton_iterations", inc->newton_iterations, "residual",
                       inc->residual, "cutbacks", inc->cutbacks, "U", snpy_matrix_out(nn, dim, inc->u), "RF",
                       snpy_matrix_out(nn, dim, inc->rf), "S", snpy_matrix_out(nn, 6, inc->s_node), "contact",
                       contact_dict(m, inc));
}

/* sn_increment_fn: the files first (no GIL needed), then the arrays */
static int on_increment(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  run_ctx *c = user;
  int rc = c->out ? sn_run_output_increment(m, S, inc, c->out) : SN_OK;
  if (rc) return rc;
  PyGILState_STATE g = PyGILState_Ensure();
  PyObject *d = snpy_increment_dict(m, inc);
  if (!d || PyList_Append(c->list, d)) PyErr_Fetch(&c->etype, &c->evalue, &c->etb), rc = SN_ERR_NOMEM;
  Py_XDECREF(d);
  PyGILState_Release(g);
  return rc;
}

/* sn_increment_fn before the stresses: the charts started meanwhile, as `signorini run` does */
static int on_converged(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  run_ctx *c = user;
  return c->out ? sn_run_output_converged(m, S, inc, c->out) : SN_OK;
}

/* the analysis, without the GIL; the plots of an unfinished step drawn as `signorini run` does */
static int analyse(const sn_model *m, run_ctx *c, sn_static_info *info, char *msg, size_t len)
{
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = on_increment;
  s.on_converged = on_converged;
  s.user = c;
  s.want_strain = sn_run_output_wants_strain(c->out);   /* 0 without an output folder */
  s.checked = 1;                                        /* snpy_model_run checked m */
  int st, pst = SN_OK;
  Py_BEGIN_ALLOW_THREADS
  st = sn_static_run(m, &s, info, msg, len);
  if (c->out && !sn_run_output_error(c->out)[0]) pst = sn_run_output_finish(c->out, m);
  Py_END_ALLOW_THREADS
  if (c->out && sn_run_output_error(c->out)[0]) snprintf(msg, len, "%s", sn_run_output_error(c->out));
  return st ? st : pst;
}

/* the run's totals */
static PyObject *info_dict(const sn_model *m, const sn_static_info *I)
{
  npy_intp nn = m->nnodes;
  PyObject *ids = PyArray_SimpleNew(1, &nn, NPY_INT32);
  if (ids) memcpy(PyArray_DATA((PyArrayObject *)ids), m->node_id, sizeof(int) * (size_t)m->nnodes);
  return Py_BuildValue("{sNsNsisisisisisisdsdsdsd}", "node_ids", ids, "x", snpy_matrix_out(m->nnodes, 3, m->x), "ndf",
                       m->ndf, "increments", I->increments, "cutbacks", I->cutbacks, "newton_iterations",
                       I->newton_iterations, "contact_solves", I->contact_solves, "ndof", I->ndof, "seconds",
                       I->seconds, "assembly_seconds", I->assembly_seconds, "contact_seconds", I->contact_seconds,
                       "output_seconds", I->output_seconds);
}

/* a model's analysis (the model read by signorini.Model, unchanged: sn_static_run takes it
 * const): -> (info dict, list of increment dicts); deck names the model in messages; outdir ""
 * writes nothing */
PyObject *snpy_model_run(const sn_model *m, const char *deck, const char *outdir, const char *base, int plots,
                         int fsync)
{
  char msg[1024] = "";
  PyObject *res = NULL;
  /* what the deck asks for without effect (*CONTROLS, ...): a UserWarning per line, as
   * signorini run says it on standard error (docs/deck.md, "Output requests") */
  for (const char *p = m->notes; p && *p;) {
    const char *e = strchr(p, '\n');
    int n = e ? (int)(e - p) : (int)strlen(p);
    char line[600];
    snprintf(line, sizeof line, "%.*s", n, p);
    if (PyErr_WarnEx(PyExc_UserWarning, line, 1) < 0) return NULL;   /* warnings turned into errors */
    p += n + (e != NULL);
  }
  run_ctx c = {PyList_New(0), NULL, NULL, NULL, NULL};
  if (!c.list) return NULL;
  if (sn_model_is_dynamic(m)) {
    Py_DECREF(c.list);
    return snpy_model_run_dynamic(m, deck, outdir, base, fsync);   /* run_dynamic.c */
  }
  int st = sn_static_check(m, msg, sizeof msg);
  if (!st && outdir[0]) {
    st = sn_run_output_open(outdir, base, m, &c.out, msg, sizeof msg);
    if (!st) sn_run_output_configure(c.out, SN_VTU_RAW, (sn_plot_when)plots);
    if (!st) sn_run_output_set_fsync(c.out, fsync);
  }
  sn_static_info info = {0};
  if (!st) st = analyse(m, &c, &info, msg, sizeof msg);
  if (c.etype) PyErr_Restore(c.etype, c.evalue, c.etb);
  else if (st) snpy_raise(st, deck, msg);
  else res = Py_BuildValue("(NO)", info_dict(m, &info), c.list);
  sn_run_output_close(c.out);
  Py_DECREF(c.list);
  return res;
}
