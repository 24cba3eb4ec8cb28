/* A *FREQUENCY step in a model with kinematic constraints (*EQUATION, *TIE, *TRANSFORM, the
 * knots of expanded shells and beams; docs/deck.md). The constraints are eliminated as in the
 * static steps (src/fem/dofmap.c, master-slave elimination): u = T q over the free independent
 * q. The stiffness K of the step (frequency_step.c: the base state's tangent, its stress
 * stiffness and the contact springs) and the mass M are assembled over every nodal component
 * and reduced,
 *   K' = T^T K T,  M' = T^T M T,  K' q = omega^2 M' q,
 * the Rayleigh-Ritz reduction of the eigenproblem onto the constrained subspace u = T q (exact:
 * every admissible u is some T q). The modes are u = T q; their participation factors and
 * effective masses are those of the reduced problem, q^T M' r with r the rigid-body vector's
 * values at the free independent q (CalculiX 2.20 prints these: measured on a deck with an
 * *EQUATION, tests/analysis/test_frequency_constrained.c).
 * With *SELECT CYCLIC SYMMETRY MODES the cyclic ties are replaced per nodal diameter by their
 * complex form (frequency_cyclic.c): the map T then takes q to two sector copies. */
#include "analysis/static_internal.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the triplets of P^T A P, grown as needed */
typedef struct {
  int *I, *J, n, cap;
  double *X;
} trip;

static int trip_add(trip *T, int i, int j, double v)
{
  if (T->n == T->cap) {
    if (T->cap > INT_MAX / 2 - 64) return SN_ERR_NOMEM;
    int nc = 2 * T->cap + 1024;
    int *I = realloc(T->I, sizeof(int) * (size_t)nc);
    if (I) T->I = I;
    int *J = I ? realloc(T->J, sizeof(int) * (size_t)nc) : NULL;
    if (J) T->J = J;
    double *X = J ? realloc(T->X, sizeof(double) * (size_t)nc) : NULL;
    if (!X) return SN_ERR_NOMEM;
    T->X = X;
    T->cap = nc;
  }
  T->I[T->n] = i; T->J[T->n] = j; T->X[T->n++] = v;
  return SN_OK;
}

int sn_frequency_reduce(const sn_csc *A, int upper, const int *dof_of, const sn_freq_map *P, sn_csc **out)
{
  const sn_dofmap *T = P->T;
  trip tr = {NULL, NULL, 0, 0, NULL};
  int st = SN_OK;
  for (int c = 0; c < P->ncopies && !st; c++)
    for (int j = 0; j < A->n && !st; j++)
      for (int p = A->colptr[j]; p < A->colptr[j + 1] && !st; p++) {
        int i = A->rowind[p], ri = c * P->ndof + dof_of[i], rj = c * P->ndof + dof_of[j];
        double k = A->val[p];
        if (k == 0.0 || (upper && i > j)) continue;
        for (int a = T->ptr[ri]; a < T->ptr[ri + 1] && !st; a++) {
          int ea = P->eq[T->col[a]];
          if (ea < 0) continue;
          for (int b = T->ptr[rj]; b < T->ptr[rj + 1] && !st; b++) {
            int eb = P->eq[T->col[b]];
            if (eb < 0) continue;
            double v = k * T->val[a] * T->val[b];
            if (!upper) st = trip_add(&tr, ea, eb, v);
            else if (i == j) { if (ea <= eb) st = trip_add(&tr, ea, eb, v); }
            else {                             /* the stored (i, j) and its mirror (j, i) */
              st = trip_add(&tr, ea < eb ? ea : eb, ea < eb ? eb : ea, v);
              if (!st && ea == eb) st = trip_add(&tr, ea, ea, v);
            }
          }
        }
      }
  if (!st) st = sn_csc_from_triplets(P->neq, P->neq, tr.n, tr.I, tr.J, tr.X, out);
  free(tr.I); free(tr.J); free(tr.X);
  return st;
}

/* the eigenpairs of one reduced problem, expanded (the first copy of the map) and reported */
int sn_frequency_map_solve(static_run *S, const sn_freq_full *F, const sn_freq_map *P)
{
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  int neq = P->neq, nev = sp->nev < neq ? sp->nev : neq, ncol = P->ncopies * P->ndof, dense = 0;
  if (neq == 0) {
    if (S->msg) snprintf(S->msg, S->msglen, "line %d: *FREQUENCY: every degree of freedom is prescribed or dependent", sp->line);
    return SN_ERR_ARG;
  }
  sn_csc *K = NULL, *M = NULL;
  double *lambda = malloc(sizeof(double) * ((size_t)nev + 1)), *X = malloc(sizeof(double) * (size_t)neq * nev);
  double *modes = malloc(sizeof(double) * (size_t)R->ndof * nev + 1), *qv = malloc(sizeof(double) * ((size_t)ncol + 1));
  double *pf = malloc(sizeof(double) * 6 * ((size_t)nev + 1)), *em = malloc(sizeof(double) * 6 * ((size_t)nev + 1));
  double t0 = sn_wtime();
  int st = (!lambda || !X || !modes || !qv || !pf || !em) ? SN_ERR_NOMEM : SN_OK;
  if (!st) st = sn_frequency_reduce(F->K, 1, F->dof_of, P, &K);
  if (!st) st = sn_frequency_reduce(F->M, 0, F->dof_of, P, &M);
  if (S->info) S->info->assembly_seconds += sn_wtime() - t0;
  double t1 = sn_wtime();
  if (!st) st = sn_frequency_solve(S, K, M, &nev, lambda, X, &dense);
  if (S->info) S->info->factor_seconds += sn_wtime() - t1;
  sn_frequency_result res;
  memset(&res, 0, sizeof res);
  for (int k = 0; k < nev && !st; k++) {                /* u = T q on the first copy */
    double *u = modes + (size_t)R->ndof * k;
    for (int d = 0; d < ncol; d++) qv[d] = P->eq[d] >= 0 ? X[(size_t)neq * k + P->eq[d]] : 0.0;
    for (int d = 0; d < R->ndof; d++) {
      double s = 0;
      for (int p = P->T->ptr[d]; p < P->T->ptr[d + 1]; p++) s += P->T->val[p] * qv[P->T->col[p]];
      u[d] = s;
    }
    follow_rigid(R, S->rref, u);
  }
  if (!st) st = sn_frequency_masses(S, M, P->eq, neq, nev, X, pf, em, res.total_mass);
  if (!st) {
    res.nev = nev;
    res.eigenvalue = lambda;
    res.mode = modes;
    res.participation = pf;
    res.effective_mass = em;
    res.perturbation = F->perturb;
    res.contact_springs = F->nspr;
    res.frictional = F->nfric > 0;
    res.dense = dense;
    res.nodal_diameter = P->nodal_diameter;
    st = sn_frequency_emit(S, &res);
  }
  sn_csc_free(K);
  sn_csc_free(M);
  free(lambda); free(X); free(modes); free(qv); free(pf); free(em);
  return st;
}

/* K and M over every nodal component that an element moves (the dofmap set aside meanwhile) */
static int assemble_full(static_run *S, sn_freq_full *F)
{
  run_state *R = &S->R;
  const unsigned char *act = sn_fesys_active(R->S);
  F->eqf = malloc(sizeof(int) * ((size_t)R->ndof + 1));
  F->dof_of = malloc(sizeof(int) * ((size_t)R->ndof + 1));
  if (!F->eqf || !F->dof_of) return SN_ERR_NOMEM;
  F->nf = 0;
  for (int d = 0; d < R->ndof; d++) {
    F->eqf[d] = act[d] ? F->nf : -1;
    if (act[d]) F->dof_of[F->nf++] = d;
  }
  double t0 = sn_wtime();
  sn_fesys_set_dofmap(R->S, NULL);
  int st = sn_frequency_stiffness(S, F->perturb, F->eqf, F->nf, -1, &F->K, &F->nspr, &F->nfric);
  if (!st) st = sn_fesys_mass(R->S, 2, F->eqf, F->nf, &F->M);   /* CalculiX' integration of the mass */
  sn_fesys_set_dofmap(R->S, R->T);                              /* (its pattern cache reset) */
  if (S->info) S->info->assembly_seconds += sn_wtime() - t0;
  return st;
}

int sn_frequency_constrained(static_run *S)
{
  run_state *R = &S->R;
  const sn_step *sp = S->sp;
  sn_freq_full F;
  memset(&F, 0, sizeof F);
  F.perturb = sp->perturbation && S->total_inc > 0;
  int st = assemble_full(S, &F);
  if (!st && sp->cyc_line) st = sn_frequency_cyclic(S, &F);
  else if (!st) {
    sn_freq_map P = {R->T, 1, R->ndof, R->eq, R->neq, -1};
    st = sn_frequency_map_solve(S, &F, &P);
  }
  if (!st && S->info) S->info->frequency_steps++;
  sn_csc_free(F.K);
  sn_csc_free(F.M);
  free(F.eqf);
  free(F.dof_of);
  return st;
}
