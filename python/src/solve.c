/* _solve: one call of the library's solve by name (sn_lcp_solve, sn_fc_solve, sn_gfc_solve)
 * with the GIL released, an optional Python progress callback (sn_settings.progress: the GIL
 * is taken back for each call), the residual history, and every field of sn_info returned as a
 * tuple that signorini.solve turns into a Result. A status that is not a solution (SN_MAX_ITER,
 * SN_DIVERGED, ...) is returned; an error (a negative status) raises signorini.Error. */
#include "snpy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define SNPY_HISTORY_MAX (1 << 20)   /* the history keeps at most this many iterations */

typedef struct {
  PyObject *fn;                  /* callback(iteration, error) -> stop? */
  PyObject *etype, *evalue, *etb;   /* an exception it raised, re-raised after the solve */
  int stopped;                   /* it asked to stop */
} progress_ctx;

/* sn_progress: runs without the GIL, takes it for the call */
static int progress(int iter, double error, void *user)
{
  progress_ctx *c = user;
  if (c->etype) return 1;
  PyGILState_STATE g = PyGILState_Ensure();
  PyObject *r = PyObject_CallFunction(c->fn, "id", iter, error);
  int stop = r ? PyObject_IsTrue(r) : -1;
  if (stop < 0) PyErr_Fetch(&c->etype, &c->evalue, &c->etb), stop = 1;
  else c->stopped |= stop;
  Py_XDECREF(r);
  PyGILState_Release(g);
  return stop;
}

/* does the named solver fit the problem? 0, or -1 and ValueError (the CLI's rule) */
static int fits(const SnProblem *p, const char *solver)
{
  if (!strcmp(solver, "auto")) return 0;
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!e) return PyErr_Format(PyExc_ValueError, "unknown solver '%s' (see signorini.solvers())", solver), -1;
  if (p->lcp) return e->lcp ? 0 : (PyErr_Format(PyExc_ValueError, "solver '%s' does not solve an LCP", solver), -1);
  int dim = p->fc ? p->fc->dim : p->gfc->dim;
  if ((e->fc && (e->dims & (1 << dim))) || (p->gfc && e->gfc)) return 0;
  PyErr_Format(PyExc_ValueError, "solver '%s' does not solve %dD %s frictional contact", solver, dim,
               p->gfc ? "global" : "local");
  return -1;
}

/* settings from the arguments: 0, or -1 and ValueError */
static int settings(sn_settings *s, double tol, int max_iter, double tlim, const char *options)
{
  sn_settings_default(s);
  if (!(tol > 0) || !isfinite(tol)) return PyErr_Format(PyExc_ValueError, "tol must be a finite number > 0"), -1;
  if (max_iter < 0) return PyErr_Format(PyExc_ValueError, "max_iter must be a positive integer, got %d", max_iter), -1;
  if (!(tlim >= 0) || !isfinite(tlim)) return PyErr_Format(PyExc_ValueError, "time_limit must be >= 0 seconds"), -1;
  s->tol = tol;
  if (max_iter > 0) s->max_iter = max_iter;
  s->time_limit = tlim;
  s->options = options;
  return 0;
}

/* the starting point: zeros, or a copy of x0 (length n) into x */
static int start(PyObject *x0, const char *name, npy_intp n, PyArrayObject *x)
{
  PyArrayObject *a;
  if (x0 == Py_None) return 0;
  if (snpy_vec_view(x0, name, n, &a)) return -1;
  memcpy(PyArray_DATA(x), PyArray_DATA(a), sizeof(double) * (size_t)n);
  Py_DECREF(a);
  return 0;
}

/* the solve itself, without the GIL */
static int run(const SnProblem *p, const char *solver, double *r, double *uv, const sn_settings *s, sn_info *info)
{
  int st;
  Py_BEGIN_ALLOW_THREADS
  if (p->lcp) st = sn_lcp_solve(p->lcp, solver, r, uv, s, info);
  else if (p->fc) st = sn_fc_solve(p->fc, solver, r, uv, s, info);
  else st = sn_gfc_solve(p->gfc, solver, r, uv, s, info);
  Py_END_ALLOW_THREADS
  return st;
}

/* the result tuple: (status, r, u, v, iterations, error, seconds, solver, history, tried,
 * abs_residual, penetration, cone_violation, stopped) */
static PyObject *result(const SnProblem *p, int st, PyArrayObject *r, PyArrayObject *uv, const sn_info *I,
                        int stopped)
{
  PyObject *u = (PyObject *)uv, *v = Py_None, *tried = PyList_New(I->ntried);
  if (p->gfc) {   /* u = H^T v + w, as `signorini solve` computes it */
    v = (PyObject *)uv;
    u = snpy_vec_out(p->gfc->dim * p->gfc->nc, p->gfc->w);
    if (u) sn_csc_gemv_t(p->gfc->H, 1.0, PyArray_DATA(uv), 1.0, PyArray_DATA((PyArrayObject *)u));
  } else Py_INCREF(u);
  for (int k = 0; tried && k < I->ntried; k++)
    PyList_SET_ITEM(tried, k, Py_BuildValue("(ziidd)", I->tried[k].name, I->tried[k].status, I->tried[k].iterations,
                                            I->tried[k].error, I->tried[k].seconds));
  PyObject *h = snpy_vec_out(I->history ? I->history_len : 0, I->history);
  return Py_BuildValue("(iONOiddzNNdddO)", st, r, u, v, I->iterations, I->error, I->seconds, I->solver, h, tried,
                       I->abs_residual, I->penetration, I->cone_violation, stopped ? Py_True : Py_False);
}

/* a negative status (or an unknown option) as an exception */
static PyObject *failure(int st, const char *solver, const char *options)
{
  if (st == SN_ERR_UNKNOWN && options)
    return PyErr_Format(PyExc_ValueError, "solver '%s' does not know an option in '%s'%s", solver, options,
                        strcmp(solver, "auto") ? "" : " (auto takes no options: name a solver)");
  char what[128];
  snprintf(what, sizeof what, "%s failed", solver);
  return snpy_raise(st, what, NULL);
}

PyObject *snpy_solve(PyObject *self, PyObject *args)
{
  (void)self;
  PyObject *po, *r0, *v0, *cb, *res = NULL;
  const char *solver, *options;
  double tol, tlim;
  int max_iter, want_history;
  if (!PyArg_ParseTuple(args, "OsdidzOOOp", &po, &solver, &tol, &max_iter, &tlim, &options, &r0, &v0, &cb,
                        &want_history))
    return NULL;
  SnProblem *p = snpy_problem_check(po);
  sn_settings s;
  if (!p || fits(p, solver) || settings(&s, tol, max_iter, tlim, options)) return NULL;
  if (!p->gfc && v0 != Py_None) return PyErr_Format(PyExc_ValueError, "v0 is for global problems only");
  int nr, nv;
  snpy_problem_size(p, &nr, &nv);
  npy_intp lr = nr, luv = p->gfc ? nv : nr;
  PyArrayObject *r = (PyArrayObject *)PyArray_ZEROS(1, &lr, NPY_DOUBLE, 0);
  PyArrayObject *uv = (PyArrayObject *)PyArray_ZEROS(1, &luv, NPY_DOUBLE, 0);
  sn_info info = {0};
  progress_ctx pc = {cb, NULL, NULL, NULL, 0};
  if (cb != Py_None) s.progress = progress, s.user = &pc;
  /* auto: one entry per iteration of every attempt, apgd's, ccp's and rest's counting 1/SN_AUTO_CHEAP_STEPS
   * of a budget step (include/signorini/solver.h) */
  long long hmax = (long long)s.max_iter * (strcmp(solver, "auto") ? 1 : SN_AUTO_CHEAP_STEPS);
  info.history_cap = want_history ? (int)(hmax < SNPY_HISTORY_MAX ? hmax : SNPY_HISTORY_MAX) : 0;
  info.history = info.history_cap > 0 ? malloc(sizeof(double) * (size_t)info.history_cap) : NULL;
  if (info.history_cap > 0 && !info.history) PyErr_NoMemory();
  else if (r && uv && !start(r0, "r0", lr, r) && !(p->gfc && start(v0, "v0", luv, uv))) {
    int st = run(p, solver, PyArray_DATA(r), PyArray_DATA(uv), &s, &info);
    if (pc.etype) PyErr_Restore(pc.etype, pc.evalue, pc.etb);
    else if (st < 0) failure(st, solver, options);
    else res = result(p, st, r, uv, &info, pc.stopped);
  }
  free(info.history);
  Py_XDECREF(r);
  Py_XDECREF(uv);
  return res;
}
