/* The quasi-static driver's state (private to src/analysis): the run over the steps
 * (static_run.c: set-up, steps, increments, cutback, output) and the Newton iterations of an
 * increment (static_newton.c: assemble, residual, convergence, the Newton step on the smooth
 * part or with contact). */
#ifndef SN_ANALYSIS_STATIC_INTERNAL_H
#define SN_ANALYSIS_STATIC_INTERNAL_H

#include <stddef.h>

#include "analysis/contact_internal.h"
#include "analysis/heat_internal.h"
#include "signorini/analysis.h"

/* a load record: a nodal force (node, dof) or a distributed load (element, face; face 0 = GRAV) */
typedef struct {
  int dist, node, dof, elem, face;
  double value, start, dir[3];
  int amp, line;
} load_rec;

typedef struct {
  const sn_model *m;
  sn_fesys *S;
  int ndf, ndof;
  /* prescribed displacements, per dof */
  unsigned char *cons;      /* 1: prescribed by a *BOUNDARY */
  double *target, *ustart;
  int *bamp;
  int *eq, neq, eq_version;
  /* kinematic constraints (src/fem/dofmap.c): u = T q; cons, target, eq are over q (the
   * nodal components in each node's frame); NULL T: none */
  sn_dofmap *T;
  unsigned char *qact;      /* per q: some element moves it (through T) */
  double *q;                /* scratch, ndof */
  /* loads */
  load_rec *loads;
  int nloads, cap;
  int amp_step;             /* *STEP, AMPLITUDE=STEP: the step's loads and boundary values at once */
} run_state;

/* the temperature field over the steps (static_thermal.c); on = 0: the model has none */
typedef struct {
  int on, amp;                                 /* the step's AMPLITUDE= (-1: ramp) */
  double *T, *start, *target;                  /* per node: now, at the step's start, its end */
  unsigned char *listed;                       /* per node: given by the step's *TEMPERATURE */
} sn_thermal;

int sn_thermal_init(sn_thermal *F, const sn_model *m);
void sn_thermal_free(sn_thermal *F);
/* the step begins: start = the field now, target from the step's *TEMPERATURE */
void sn_thermal_step(sn_thermal *F, const sn_model *m, const sn_step *sp);
/* the field at step time t (F->T, NULL when off) */
const double *sn_thermal_at(sn_thermal *F, const sn_model *m, double t, double period);

/* the model split over the MPI ranks (static_split.c) */
typedef struct {
  int on;                 /* this increment assembles this rank's share of the elements */
  int off;                /* no split for the rest of the run (tied points, a failed solve) */
  int wait;               /* no contact point in the last configuration: whole assembly until
                             an increment ends with one */
  int made, rank, size;   /* the partition below made; this process' rank, the ranks */
  int *node;              /* per node: its rank */
  unsigned char *own;     /* per element: assembled by this rank */
  int nown;               /* elements assembled by this rank */
  int *owner;             /* per free dof: its rank (sp.owner), for neq_made, eq_version_made */
  int neq_made, eq_version_made;
  sn_petsc_split sp;
  int solves;             /* contact solves on the split */
} sn_static_split;

/* everything sn_static_run keeps: the run, the step, the increment and its Newton iterations */
typedef struct {
  const sn_model *m;                           /* &mm */
  sn_model mm;                                 /* the run's model: its own interactions and pairs
                                                  (changed by steps) and coordinates (ADJUST=) */
  int *pins;                                   /* SMALL SLIDING pairings (npairs x nnodes) */
  sn_static_settings s;
  sn_static_info *info;
  char *msg;
  size_t msglen;
  run_state R;
  sn_thermal th;                               /* the temperature field */
  sn_heat heat;                                /* heat conduction (heat_step.c) */
  const int *rref;                             /* rigid bodies' reference node per node */
  const unsigned char *act;                    /* active dofs */
  double *u, *usave, *fint, *fext, *rf, *rhs, *du;
  double *uwd, *duwd;                          /* watchdog */
  double *snode, *sip;                         /* stresses at nodes, integration points */
  double *enode, *eip;                         /* total strains (settings' want_strain), else NULL */
  sn_csc *K;
  double kdiag;                                /* the largest diagonal entry of K */
  sn_chol *F;                                  /* the factor of K, kept while K is */
  int K_id, F_kid, F_ok;                       /* K's assembly count, the one F was made of */
  int F_st;                                    /* the status of F's factorization (SN_OK when F_ok) */
  sn_ccache Cc;                                /* the condensed contact operator (contact_condensed.c) */
  int F_version, total_inc, cutbacks_total;
  int freq_nfree;                              /* free dofs of the last *FREQUENCY step */
  int mnev;                                    /* the modes of the last *FREQUENCY, STORAGE=YES */
  double *mlam, *mphi;                         /* step: eigenvalues, modes over all dofs (ndof x mnev) */
  double mtime;                                /* the total time at that step's start */
  int contact_missed;                          /* the trial increment's contact solve missed its tolerance */
  int contact;
  sn_cstate cs;
  double *hr, *rnc;
  /* penalty / augmented Lagrangian multipliers per node (normal; tangential as global vectors),
   * and their values at the start of the increment (restored on a cutback) */
  double *lam_n, *lam_t, *lam_n0, *lam_t0;
  sn_face_hist *fhist;     /* the face points' tangential history (penalty loop) */
  double *ctot, *cdis;                         /* CDIS: tangential displacement per node in contact
                                                  (3, global), and per point of the last increment
                                                  (contact_cdis.c) */
  sn_csc *Keff, *Kpre;
  sn_chol *Fpen;                               /* penalty Newton matrices' factor */
  sn_ptangent ptg;                             /* the penalty tangent in its parts (Schur route) */
  sn_pschur ps;                                /* the Schur route's kept factor of K */
  int kfull;                                   /* Keff holds both triangles (non-symmetric) */
  double *area0;                               /* reference slave areas per node */
  double lscale;                               /* model size, for the penetration tolerance */
  double total_time, period_prev;
  /* the step */
  int k;
  const sn_step *sp;
  int nlgeom, linear;
  int follower;                                /* NLGEOM pressures follow the deformed faces */
  int use_cg;                                  /* decided at the first solve of the step */
  int blas_decided, blas_lowered;              /* blas_by_size: done; OpenBLAS set to one thread */
  double period, dt, dtmin, dtmax, t;
  double t_last;                               /* the start of the last converged increment */
  int maxinc, inc, fast, cut_here;
  /* the increment: to time tn, its Newton iterations */
  double tn;
  int pen, aug, uzawa, lu_only;
  int predicted;                               /* the increment starts from the predictor's u */
  double kfac, ktfac;
  int it, conv, maxit;
  double res, res_prev, lstep;
  double reshist[256];                         /* the residual of every iteration */
  int nhist;
  int nup, wd_armed;                           /* residual rises let through (penalty) */
  double wd_res;
  int need_K;                                  /* the iteration assembled K */
  double ref;                                  /* the iteration's force scale */
  sn_static_split split;                       /* the model split over the MPI ranks */
} static_run;

/* static_split.c (docs/parallel.md, "The model split"). At an increment's start: whether it
 * assembles this rank's share of the elements, the partition made at the first such increment
 * (collective). After an assembly on the split: fint summed over the ranks and, when K was
 * made, kdiag from K's summed diagonal. Unsplit: whole assembly for the rest of the run. */
int sn_static_split_begin(static_run *S);
int sn_static_split_sums(static_run *S);
/* the worst of the ranks' statuses st (collective, on the split): an element that failed in one
 * rank's share stops every rank (a cutback or the error; the message is the failing rank's, or
 * says that another rank failed) */
int sn_static_split_agree(static_run *S, int st);
int sn_static_unsplit(static_run *S, int for_good);
/* whole assembly for a step of another kind (*FREQUENCY, modal, heat transfer), the split kept
 * for the next static increment that allows it */
int sn_static_split_suspend(static_run *S);
void sn_static_split_free(sn_static_split *P);

/* heat_step.c: a *HEAT TRANSFER step (step k), increment by increment */
int sn_heat_run_step(static_run *S, int k);

/* static_run.c: the external force at the iterate S->u when pressures follow the faces (NLGEOM) */
int sn_static_follower_force(static_run *S);

/* u += a du on the free dofs (du numbered by eq); with constraints u += a T du */
static inline void add_free(const run_state *R, double a, const double *du, double *u)
{
  if (R->T) {
    const sn_dofmap *T = R->T;
    for (int d = 0; d < R->ndof; d++) {
      double s = 0.0;
      for (int p = T->ptr[d]; p < T->ptr[d + 1]; p++)
        if (R->eq[T->col[p]] >= 0) s += T->val[p] * du[R->eq[T->col[p]]];
      u[d] += a * s;
    }
    return;
  }
  for (int d = 0; d < R->ndof; d++)
    if (R->eq[d] >= 0) u[d] += a * du[R->eq[d]];
}

/* the nodes of rigid bodies take their reference node's translation */
static inline void follow_rigid(const run_state *R, const int *rref, double *u)
{
  for (int i = 0; i < R->m->nnodes; i++)
    if (rref[i] >= 0)
      for (int c = 0; c < R->ndf; c++) u[R->ndf * i + c] = u[R->ndf * rref[i] + c];
}

/* penalty / augmented Lagrangian multipliers from the forces of the last contact state:
 * tangential always, normal when `normal`; only the HARD points when `hard_only` */
static inline void store_multipliers(const sn_cstate *cs, int ndf, int normal, int hard_only, double *lam_n,
                                     double *lam_t)
{
  for (int q = 0; q < cs->np; q++) {
    const sn_contact_point *pq = &cs->pts[q];
    if (hard_only && !pq->hard) continue;
    if (pq->face_point && pq->nslave > 0) continue;   /* by sn_face_history_store */
    const double *r = cs->r + ndf * q;
    if (normal && pq->hard) lam_n[pq->slave_node] = r[0];   /* LINEAR: a penalty law, never
                                                                  augmented in the normal direction */
    tangential_global(pq, r, ndf, lam_t + 3 * pq->slave_node);
  }
}

/* T^T v on the free q into out (neq), added when add, else overwritten; without constraints
 * the free entries of v (static_run.c) */
void sn_static_reduce(const run_state *R, const double *v, double *out, int add);

/* The message of an increment whose contact problem was not solved (static_run.c) */
void sn_static_contact_failure(const static_run *S, char *msg, size_t msglen);

/* A *FREQUENCY step (frequency_step.c), its constraints numbered in S->R.eq: the stiffness of
 * the base state, the mass, the eigenpairs, the caller's on_frequency. */
int sn_frequency_step(static_run *S);
/* its parts (frequency_step.c), the dofs numbered by eq (neq of them, eq_version for the
 * pattern's cache) over the nodal components: the stiffness of the base state with the
 * contact springs (upper triangle); the eigenpairs (those above the upper frequency dropped);
 * the participation factors and effective masses of the modes X (neq x nev, numbered by eq);
 * the result handed to on_frequency (step and times filled in) */
int sn_frequency_stiffness(static_run *S, int perturb, const int *eq, int neq, int eq_version, sn_csc **K, int *nspr,
                           int *nfric);
int sn_frequency_solve(static_run *S, const sn_csc *K, const sn_csc *M, int *nev, double *lambda, double *X, int *dense);
int sn_frequency_masses(const static_run *S, const sn_csc *M, const int *eq, int neq, int nev, const double *X, double *pf,
                        double *em, double *tot);
int sn_frequency_emit(static_run *S, sn_frequency_result *res);
/* a *FREQUENCY step with kinematic constraints (frequency_constrained.c): K and M over every
 * nodal component, reduced to T^T K T, T^T M T on the free independent q */
int sn_frequency_constrained(static_run *S);
/* K (upper triangle) and M (both triangles) over the nodal components numbered by eqf (nf of
 * them; dof_of their components), the step's contact springs counted */
typedef struct {
  sn_csc *K, *M;
  int *eqf, *dof_of, nf;
  int perturb, nspr, nfric;
} sn_freq_full;
/* u = T q: T's rows ncopies x ndof (copy c's component d is row c ndof + d), its columns the q
 * numbered by eq (neq free); nodal_diameter -1 without cyclic symmetry */
typedef struct {
  const sn_dofmap *T;
  int ncopies, ndof;
  const int *eq;
  int neq, nodal_diameter;
} sn_freq_map;
/* sum over the copies c of P_c^T A P_c (upper: A and the result hold their upper triangles) */
int sn_frequency_reduce(const sn_csc *A, int upper, const int *dof_of, const sn_freq_map *P, sn_csc **out);
/* the reduced eigenproblem of P solved, its modes expanded and reported */
int sn_frequency_map_solve(static_run *S, const sn_freq_full *F, const sn_freq_map *P);
/* *SELECT CYCLIC SYMMETRY MODES: one reduced problem per nodal diameter (frequency_cyclic.c) */
int sn_frequency_cyclic(static_run *S, const sn_freq_full *F);

/* A *MODAL DYNAMIC step (modal_step.c): the modes kept by the last *FREQUENCY, STORAGE=YES
 * step superposed, each modal equation integrated exactly over the increments; the caller's
 * on_increment after each. The state S->u is not changed (a perturbation step). */
int sn_modal_step(static_run *S, int k);

/* The Newton iterations of the increment to S->tn (static_newton.c): S->conv, S->it, S->res
 * tell how they ended; nonzero: an error that ends the run (the message in S->msg). */
int sn_static_newton(static_run *S);

#endif
