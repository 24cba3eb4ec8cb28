/* The model split over the MPI ranks of `signorini run --petsc` (docs/parallel.md, "The model
 * split"). Every rank holds the whole mesh (each read the deck). The nodes are split into one
 * part per rank by METIS on the mesh's node graph (sn_petsc_partition; G. Karypis, V. Kumar,
 * SIAM J. Sci. Comput. 20 (1998) 359-392; the same parts in every run), an element belongs to the rank of its first node, and each rank
 * assembles its elements only: the internal force, summed over the ranks after each assembly
 * (a vector of the dofs), and its share of the stiffness K, which the distributed ADMM sums into
 * its MPIAIJ matrix (sn_gfc_admm_petsc_split, summed); a free dof's row belongs to its node's
 * rank. This is the standard non-overlapping element partition of finite-element assembly
 * (each element's matrix added once, into whichever rank's rows it touches).
 *
 * Compliant points (soft pressure-overclosure laws, stick slopes) add spring unknowns whose
 * diagonal rank 0 alone adds (contact_increment.c). Where an iteration needs the whole K, it is
 * made again with the whole model assembled on every rank (sn_static_unsplit), which is the
 * analysis without the split: with no contact point (a plain solve with K: a body that has not
 * reached its obstacle yet) until an increment ends with contact points, the split then taken
 * up again; with tied points (their springs are added into K) or a contact solve that failed
 * (its fallbacks are serial solvers), for the rest of the run. Not split: penalty contact (its Newton matrices are
 * factorized by CHOLMOD on every rank), models with constraint equations (*EQUATION, *TIE, MPCs:
 * the dof map T), *PLASTIC (its history is committed element by element) and one rank. */
#include "analysis/static_internal.h"
#include "signorini/petsc.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sn_static_split_free(sn_static_split *P)
{
  free(P->node);
  free(P->own);
  free(P->owner);
  memset(P, 0, sizeof *P);
}

/* the nodes' graph: two nodes adjacent when an element holds both (CSR, malloc'ed) */
static int node_graph(const sn_model *m, int **xadj_out, int **adj_out)
{
  int nn = m->nnodes, ne = m->nelems, st = SN_OK;
  long total = 0;
  int *nptr = calloc((size_t)nn + 1, sizeof(int)), *mark = malloc(sizeof(int) * ((size_t)nn + 1));
  int *xadj = calloc((size_t)nn + 1, sizeof(int)), *nel = NULL, *adj = NULL;
  if (!nptr || !mark || !xadj) { st = SN_ERR_NOMEM; goto done; }
  for (int e = 0; e < ne; e++)
    for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1]; a++) nptr[m->elem_conn[a] + 1]++;
  for (int i = 0; i < nn; i++) nptr[i + 1] += nptr[i];
  if (!(nel = malloc(sizeof(int) * ((size_t)nptr[nn] + 1)))) { st = SN_ERR_NOMEM; goto done; }
  for (int e = 0; e < ne; e++)          /* node -> elements, mark as the fill pointer */
    for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1]; a++) nel[nptr[m->elem_conn[a]]++] = e;
  for (int i = nn; i > 0; i--) nptr[i] = nptr[i - 1];
  nptr[0] = 0;
  for (int pass = 0; pass < 2; pass++) {   /* count, then fill */
    for (int i = 0; i < nn; i++) mark[i] = -1;
    for (int i = 0; i < nn; i++) {
      int k = pass ? xadj[i] : 0;
      mark[i] = i;
      for (int t = nptr[i]; t < nptr[i + 1]; t++) {
        int e = nel[t];
        for (int a = m->elem_ptr[e]; a < m->elem_ptr[e + 1]; a++) {
          int j = m->elem_conn[a];
          if (mark[j] == i) continue;
          mark[j] = i;
          if (pass) adj[k] = j;
          k++;
        }
      }
      if (!pass) {
        xadj[i + 1] = k;
        total += k;
      }
    }
    if (!pass && total > INT_MAX - 1) { st = SN_ERR_NOMEM; goto done; }   /* (int offsets) */
    if (!pass) {
      for (int i = 0; i < nn; i++) xadj[i + 1] += xadj[i];
      if (!(adj = malloc(sizeof(int) * ((size_t)xadj[nn] + 1)))) { st = SN_ERR_NOMEM; goto done; }
    }
  }
done:
  free(nptr);
  free(mark);
  free(nel);
  if (st) { free(xadj); free(adj); xadj = adj = NULL; }
  *xadj_out = xadj;
  *adj_out = adj;
  return st;
}

/* the nodes' ranks and the elements of this rank (collective) */
static int make_partition(static_run *S)
{
  sn_static_split *P = &S->split;
  const sn_model *m = S->m;
  int *xadj = NULL, *adj = NULL;
  int st = node_graph(m, &xadj, &adj);
  P->node = malloc(sizeof(int) * ((size_t)m->nnodes + 1));
  P->own = calloc((size_t)m->nelems + 1, 1);
  if (!st && (!P->node || !P->own)) st = SN_ERR_NOMEM;
  /* every rank agrees before the collective partition: a failure here is one rank's alone */
  double bad = st ? 1.0 : 0.0;
  int st2 = sn_petsc_allreduce(&bad, 1, SN_PETSC_MAX);
  if (!st2 && bad > 0) st2 = st ? st : SN_ERR_NOMEM;
  if (!st2) st2 = sn_petsc_partition(m->nnodes, xadj, adj, P->node);
  free(xadj);
  free(adj);
  if (st2) return st2;
  P->nown = 0;
  for (int e = 0; e < m->nelems; e++) {
    P->own[e] = P->node[m->elem_conn[m->elem_ptr[e]]] == P->rank;
    P->nown += P->own[e];
  }
  P->made = 1;
  return SN_OK;
}

/* the rank of each free dof (its node's), for the step's equations */
static int make_owner(static_run *S)
{
  sn_static_split *P = &S->split;
  const run_state *R = &S->R;
  if (P->owner && P->neq_made == R->neq && P->eq_version_made == R->eq_version) return SN_OK;
  free(P->owner);
  if (!(P->owner = calloc((size_t)R->neq + 1, sizeof(int)))) return SN_ERR_NOMEM;
  for (int d = 0; d < R->ndof; d++)
    if (R->eq[d] >= 0) P->owner[R->eq[d]] = P->node[d / R->ndf];
  P->neq_made = R->neq;
  P->eq_version_made = R->eq_version;
  P->sp.owner = P->owner;
  P->sp.summed = 1;
  return SN_OK;
}

/* whether this increment may run on the split (the same answer on every rank: the state it
 * reads is the same everywhere) */
static int eligible(const static_run *S)
{
  return S->s.petsc && !S->s.petsc_whole && !S->split.off && S->contact && !S->pen && !S->R.T && !S->s.fresh_factor;
}

/* at an increment's start (S->cs still the last configuration's): contact points again after a
 * wait */
static void wait_over(static_run *S)
{
  if (S->split.wait && S->cs.np > 0) S->split.wait = 0;
}

static void set_on(static_run *S, int on)
{
  sn_static_split *P = &S->split;
  if (P->on == on) return;
  P->on = on;
  S->Cc.split = on ? &P->sp : NULL;
  S->Cc.split_rank = P->rank;
  S->F_version = -1;                    /* K assembled again, whole or this rank's share */
}

int sn_static_split_begin(static_run *S)
{
  sn_static_split *P = &S->split;
  wait_over(S);
  int want = eligible(S) && !P->wait, st;
  if (want && !P->made) {
    char msg[160];
    if ((st = sn_petsc_start(&P->rank, &P->size, msg, sizeof msg))) {
      if (S->msg) snprintf(S->msg, S->msglen, "the model split over the MPI ranks: %s", msg);
      return st;
    }
    if (P->size < 2) {
      P->off = 1;
      return SN_OK;
    }
    if ((st = make_partition(S))) {
      if (S->msg) snprintf(S->msg, S->msglen, "the model split over the MPI ranks: the partition of the mesh's nodes "
                           "failed (%s)", sn_strerror(st));
      return st;
    }
  }
  if (want && (st = make_owner(S))) return st;
  if (want && !P->on) {
    st = sn_fesys_set_owned(S->R.S, P->own);
    if (st == SN_ERR_ARG) {             /* *PLASTIC: never split */
      P->off = 1;
      return SN_OK;
    }
    if (st) return st;
  } else if (!want && P->on && (st = sn_fesys_set_owned(S->R.S, NULL))) return st;
  set_on(S, want);
  return SN_OK;
}

int sn_static_split_agree(static_run *S, int st)
{
  double worst = -(double)st;           /* statuses are negative: the largest -st is the worst */
  int s2 = sn_petsc_allreduce(&worst, 1, SN_PETSC_MAX);
  if (s2) return s2;
  int all = -(int)worst;
  if (all != st && S->msg && S->msglen)
    snprintf(S->msg, S->msglen, "an element of another MPI rank's share of the model failed (%s)", sn_strerror(all));
  return all;
}

int sn_static_split_sums(static_run *S)
{
  sn_static_split *P = &S->split;
  if (!P->on) return SN_OK;
  run_state *R = &S->R;
  int st = sn_petsc_allreduce(S->fint, R->ndof, SN_PETSC_SUM);
  if (st || !S->need_K) return st;
  const sn_csc *K = S->K;               /* kdiag: the largest entry of the summed diagonal */
  double *d = calloc((size_t)K->n + 1, sizeof(double));
  if (!d) return SN_ERR_NOMEM;          /* (a failure on one rank: the MPI job ends, mpi_ranks.c) */
  sn_csc_diag_add(K, d);
  st = sn_petsc_allreduce(d, K->n, SN_PETSC_SUM);
  S->kdiag = 0.0;
  for (int j = 0; j < K->n && !st; j++) S->kdiag = fmax(S->kdiag, fabs(d[j]));
  free(d);
  return st;
}

int sn_static_split_suspend(static_run *S)
{
  sn_static_split *P = &S->split;
  if (!P->on) return SN_OK;
  int st = sn_fesys_set_owned(S->R.S, NULL);
  set_on(S, 0);
  return st;
}

int sn_static_unsplit(static_run *S, int for_good)
{
  sn_static_split *P = &S->split;
  if (for_good) P->off = 1;
  else P->wait = 1;
  if (!P->on) return SN_OK;
  int st = sn_fesys_set_owned(S->R.S, NULL);
  set_on(S, 0);
  return st;
}
