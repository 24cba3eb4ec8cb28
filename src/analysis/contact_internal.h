/* The contact increment of the static analysis (private to src/analysis). */
#ifndef SN_ANALYSIS_CONTACT_INTERNAL_H
#define SN_ANALYSIS_CONTACT_INTERNAL_H

#include "signorini/analysis.h"
#include "signorini/contact.h"
#include "signorini/petsc.h"
#include "signorini/solver.h"

/* the contact state of the last solve: points, Jacobian (all dofs), total forces r (normal
 * first, dim per point), local relative displacements uloc = H_F^T du + w (new gap, slip
 * increment), and how the solver did */
typedef struct {
  sn_contact_point *pts;
  int np;
  sn_csc *H;
  double *r, *uloc;
  const char *solver;
  int solver_status, solver_iterations;
  double solver_error;
  int not_spd;              /* a solver of the chain found K not positive definite (a body held
                               by its contacts only: contact_diagnose.c) */
  int relaxed_ok;           /* the result missed tol but passes the relaxed test (below) */
  char tried[400];          /* the solvers tried, each with its outcome: "admm (..., error e), ..." */
  double law_err;           /* EXPONENTIAL / TABULAR points: |r_n - A p(h)| at the new gaps over
                               the largest normal force (0: the laws hold; contact_compliance.c) */
} sn_cstate;

/* Stick as a tangential compliance (contact_stick.c): the per-area stick slope of point p's
 * interaction under LAGRANGE / INTERIOR (0: exact stick: TIED, *FRICTION, LAGRANGE, no slope, or
 * mu = 0); and the point's k_t = slope x area with the shift of its tangential w (dim - 1
 * entries), -r_t0 / k_t, from lam_t (3 per node, global: the tangential forces at the start of
 * the increment; NULL: none) */
double sn_stick_slope(const sn_interaction *I, const sn_contact_point *p);
void sn_stick_point(const sn_model *m, const sn_contact_point *p, const double *lam_t, double *kt, double *wshift);

/* The soft laws, stick compliances and TIED points of an increment's global problem (contact_compliance.c):
 * the cone points (all but the tied ones) with the soft points' compliances as spring unknowns
 * (neqx = neq + soft points), Kt = K + the ties' springs (upper triangle, neqx square), f, w
 * (shifted by h0), mu of the cone points. active = 0: no soft or tied point (nothing built). */
typedef struct {
  int active, nc, neqx;
  int *cone;                /* cone point -> point */
  double *k, *h0;           /* per cone point: k A of the linearised law (0: HARD), its shift */
  double *kt;               /* per cone point: the stick slope times A (0: exact stick or no
                               friction; contact_stick.c): one spring unknown per tangential
                               direction after the point's normal one */
  double *dt;               /* per point (dim): H^T u, the tangential displacement of ties */
  sn_csc *Kt, *H;
  double *f, *w, *mu;
} sn_compliance;
int sn_compliance_build(const sn_model *m, const sn_cstate *cs, const double *u, const sn_csc *K, const sn_csc *HF,
                        const double *Rf, const double *w, const double *lam_t, int neq, sn_compliance *X);
void sn_compliance_finish(const sn_model *m, const sn_compliance *X, const sn_csc *HF, const double *w, const double *rc,
                          const double *du, sn_cstate *cs);
void sn_compliance_free(sn_compliance *X);

/* CalculiX' CDIS of the increment's points (contact_cdis.c): tot (3 per node, global) gets the
 * increment's tangential slip of the closed points (r_n > 0) added and is zeroed at the other
 * nodes; *out (reallocated, dim per point, the point's frame) the gap and tot projected on the
 * point's tangents */
int sn_contact_cdis(const sn_cstate *cs, int dim, int nnodes, double *tot, double **out);

/* The condensed (Delassus) form of the increments' contact problems, kept over a whole
 * analysis (contact_condensed.c): the Cholesky factor F of K_FF (owned by the caller, NULL
 * where K is not positive definite: the route is then skipped), and W = H_F^T K^-1 H_F for the
 * points it was made for, updated column by column (a point whose free rows of H are
 * unchanged keeps its rows and columns of W; the others are solved for in blocks of
 * right-hand sides with the same factor); the last multipliers per slave node (the warm start
 * of the next Newton iteration or increment). */
typedef struct {
  sn_chol *F;               /* borrowed factor of K_FF, NULL: none */
  int kstamp;               /* the caller's count of K's assemblies: changes with K */
  sn_csc *M;                /* both triangles of K (the global problem's M), made at m_kstamp */
  int m_kstamp;
  int w_kstamp;             /* the kstamp W was made with (-1: no W) */
  int dim, np, nl;          /* W: points, unknowns (dim np) */
  int *node;                /* slave node per point of W */
  sn_csc *HF;               /* the free rows of H W was made for */
  double *W;                /* nl x nl, column-major */
  sn_csc *Wc;               /* W as a sparse matrix (what sn_fc takes) */
  int nprev, pdim, *pnode;  /* the last multipliers (dim pdim), per slave node */
  double *rprev;
  double t_col;             /* measured seconds per column of W (0: not yet measured) */
  sn_admm_cache *admm;      /* ADMM's state between calls (the global route) */
  sn_petsc_cache *petsc;    /* the distributed ADMM's set-up between calls (petsc_admm) */
  const sn_petsc_split *split;   /* the model split over the ranks (static_split.c): K is this
                                    rank's share, the problem solved by petsc_admm alone; NULL: none */
  int split_rank;           /* this process' rank in the split (its springs: rank 0's) */
  int split_refused;        /* set by sn_contact_lagrange: this configuration needs the whole K
                               (tied points), nothing solved */
  int builds, columns, reuses;   /* W made from scratch / columns solved for / W reused whole */
  int threads;              /* the contact detection's threads (sn_static_settings.threads) */
} sn_ccache;

void sn_ccache_clear(sn_ccache *C);   /* frees what it owns (not F), zeroes */

/* The contact problem P (M = K_FF, H = H_F, f = R_F, free dofs) on the condensed form:
 * u = W r + q, q = w + H_F^T K^-1 R_F, solved by the local solver `local` (a registry name of
 * kind fc) from the last multipliers of the same slave nodes, then du = K^-1 (R_F + H_F r).
 * pts: the points (their slave nodes key the reuse). info: the local solver's; *gerr the global
 * error of (r, du) (sn_gfc_error). Returns the local solver's status, SN_STALLED when it met tol
 * but the global error did not, or an error (no factor: SN_ERR_ARG). */
int sn_contact_condensed(sn_ccache *C, const sn_gfc *P, const sn_contact_point *pts,
                         const char *local, double tol, double *r, double *du, sn_info *info,
                         double *gerr, const double *cdiag, const sn_gfc *Pext);
/* (cdiag: per contact unknown (dim per point) the compliance: 1 / (k A) of a soft law in the
 * normal entry, 1 / k_t of a stick compliance in the tangential ones, 0 for none, or NULL: the
 * local problem is u = (W + diag) r + q, P->w shifted by the laws (contact_compliance.c); the
 * result is checked on Pext, the extended problem with the spring unknowns, in the same order) */
/* remember r (dim per point) as the warm start of the points' slave nodes */
int sn_ccache_keep(sn_ccache *C, int dim, const sn_contact_point *pts, int np, const double *r);

/* The relaxed acceptance of an increment's contact result that missed the tolerance
 * (degenerate configurations, where forces and gaps vanish together, stall the relative
 * measures): only a solver that stopped at its iteration cap or stalled (SN_MAX_ITER,
 * SN_STALLED; never SN_DIVERGED or SN_RAY: no solution found), with relative error at most
 * SN_CONTACT_RELAXED_TOL, and only when the absolute measures (sn_gfc_measures) accept the
 * result at that tolerance. Otherwise the increment is cut back. */
#define SN_CONTACT_RELAXED_TOL 1e-6

/* Solve P (the increment's problem: ndof = the free dofs) by the solvers of chain
 * (NULL-terminated, a repeated name skipped), each from r = 0, du = 0, the first with at most
 * max_first iterations, the others max_next, until one returns SN_OK. Keeps the BEST result of
 * all (a success; else the lowest error among those that missed tol; else among those that
 * diverged or ended on a ray) in cs->r (dim nc) and du, its solver, status, iterations and
 * error in cs; appends every attempt to cs->tried; sets cs->not_spd when an attempt returned
 * SN_ERR_NOT_SPD and cs->relaxed_ok per the rule above. Returns the kept status (SN_OK,
 * positive), or the last error when no attempt returned a result. */
int sn_contact_solve_chain(const sn_gfc *P, const char *const *chain, int max_first, int max_next,
                           double tol, double *du, sn_cstate *cs);

/* The same with "admm" keeping its state ac between calls (sn_gfc_admm_cached; NULL: none) and
 * "petsc_admm" given the near-null space nn of M for its multigrid, keeping its set-up in pc
 * and solving on the split sp (sn_gfc_admm_petsc_split; NULL: none). */
int sn_contact_solve_chain_ws(const sn_gfc *P, const char *const *chain, int max_first, int max_next,
                              double tol, double *du, sn_cstate *cs, sn_admm_cache *ac,
                              const sn_petsc_nearnull *nn, sn_petsc_cache *pc, const sn_petsc_split *sp);

void sn_cstate_clear(sn_cstate *c);

/* When an increment's contact problem was not solved: "likely cause: ..." into out (""
 * when nothing is recognised), from the loads fext on the dofs not prescribed (cons 0) and
 * cs (its points, cs->not_spd) -- contact_diagnose.c */
void sn_contact_diagnose(const sn_model *m, const sn_cstate *cs, const double *fext, const unsigned char *cons,
                         char *out, size_t cap);

/* Detect at u, build and solve the increment's global frictional contact problem (see
 * contact_increment.c). T: the constraint map (NULL: none; H reduces to T^T H on the free q).
 * K: the tangent on the free dofs (upper triangle), Rf: the residual on
 * the free dofs, du: the correction (neq). With no contact point, cs->np = 0 and du untouched.
 * u0: the displacements at the start of the increment (the tangential w is the slip since
 * then; NULL: none). area0: per node, the slave areas of the reference configuration (or NULL: current ones).
 * lam_t: per node (3, global) the tangential contact forces at the start of the increment, from
 * which stick compliances count the elastic slip (contact_stick.c; NULL: zero).
 * solver: the step's SOLVER= ("" or "auto": the automatic order, below). C: what is kept
 * between the calls of a run (NULL: nothing; a step whose solver is a local one goes to the
 * condensed route first when C->F holds K's factor; ADMM keeps its state in C->admm; K's full
 * copy is kept while C->kstamp is unchanged). Returns SN_OK, a
 * positive status when the solver (and its fallbacks) missed tol (cs->relaxed_ok: the result
 * may still be used), or an error with msg. */
int sn_contact_lagrange(const sn_model *m, const double *u, const double *u0, const double *area0,
                        const double *lam_t, const sn_dofmap *T, const int *eq, int neq, const sn_csc *K, const double *Rf,
                        const char *solver, double tol, double *du, sn_cstate *cs, sn_ccache *C,
                        char *msg, size_t msglen);
/* replace the points' areas by the reference-configuration areas area0[slave node] (> 0) */
void sn_contact_reference_areas(sn_cstate *cs, const double *area0);

/* the tangential force of a contact point as a global vector (3 components) */
static inline void tangential_global(const sn_contact_point *p, const double *r, int ndf, double *g)
{
  for (int c = 0; c < 3; c++) g[c] = r[1] * p->t1[c] + (ndf == 3 ? r[2] * p->t2[c] : 0.0);
}

typedef struct sn_face_hist sn_face_hist;   /* the face points' history (below) */

/* Penalty / augmented-Lagrangian forces of the configuration u (contact_penalty.c): detects
 * at u, fills cs (points, H, forces r in the local frames, uloc = (gap, slip since u0)), hr =
 * H r (all dofs), and *Keff = K + sum_k H_k C_k H_k^T on the free dofs with the points' contact
 * tangents C_k: its upper triangle (symmetric: stick and frictionless points), or the whole
 * matrix with *full = 1 when a slipping point makes it non-symmetric; then *Pre (when Pre is not
 * NULL) gets the upper triangle of the same matrix without the slip tangents' normal-to-
 * tangential coupling mu k_n d n^T (symmetric positive definite where K is: the preconditioner
 * of the GMRES solve of the Newton step), else *Pre = NULL.
 * lam_n (per node) and lam_t (3 per node, global) are the multipliers: zero and the previous
 * increment's tangential forces for the penalty method; fh the face points' (NULL: none).
 * threads: the detection's (sn_contact_detect_faces_threads: the frictional soft SURFACE TO
 * SURFACE pairs at their slave faces' integration points, as CalculiX' face-to-face penalty). With tg (not NULL) the tangent is left in its parts instead:
 * *tg gets the points' C_k and H_F (for sn_pschur_step, or sn_ptangent_keff later), *Keff and
 * *Pre are freed and set to NULL, *full = 1 when C is not symmetric. */
typedef struct {
  int np, dim;
  int nonsym;               /* a slipping point's C_k is not symmetric */
  double *C;                /* per point dim x dim, row-major: row the force component, column
                               the displacement component (local frame: normal first) */
  sn_csc *HF;               /* T^T H on the free dofs (neq x dim np) */
} sn_ptangent;
void sn_ptangent_free(sn_ptangent *tg);
/* *Keff (and *Pre, *full) from the parts, as sn_contact_penalty makes them without tg */
int sn_ptangent_keff(const sn_ptangent *tg, const sn_csc *K, int neq, sn_csc **Keff, sn_csc **Pre, int *full);

/* The penalty Newton step on the contact rows' Schur complement (contact_penalty_schur.c):
 * K_eff = K + H_F C H_F^T with K kept (small strain, linear elastic) and H_F touching the
 * rows S only; K factorized once with S ordered last (sn_chol_factor_last), Z = K_SS -
 * K_Sr K_rr^-1 K_rS from the factor's trailing block, then each step solves the dense
 * (Z + C_S) du_S = b_S - K_Sr K_rr^-1 b_r (LAPACK LU, or Cholesky when C is symmetric) and
 * du = K^-1 (b - C_S du_S) with the kept factor: one solve with the factor and one dense
 * factorization of |S| per Newton step, instead of a sparse factorization of K_eff and GMRES. */
typedef struct {
  sn_chol *F;               /* K's factor, its rows S last */
  int kid, n, ns;           /* K's assembly count F was made of, its size, |S| */
  int *S, *pos;             /* S (sorted equation numbers), pos[eq]: the index in S or -1 */
  double *Z, *A;            /* ns x ns: the Schur complement, the step's matrix */
  int *piv;
  double *y, *b, *w;        /* n; ns; ns */
  int off;                  /* 1: not used for the rest of the run (K not positive definite,
                               S too large, or S grown too often) */
  int builds;               /* factorizations of K with S last */
  int fact;                 /* what A holds: 0 nothing, 1 an LU (piv), 2 a Cholesky factor */
  int factors, reuses, gmres;   /* dense factorizations; steps solved by GMRES on an earlier
                                   one, and its products */
} sn_pschur;
/* the Newton step K_eff du = rhs; it: the Newton iteration (a symmetric K_eff not positive
 * definite: SN_ERR_NOT_SPD at it = 0, LU from it = 1 on). SN_OK, SN_ERR_NOT_SPD (singular: the
 * caller cuts back), SN_ERR_NOMEM, or SN_ERR_ARG when the route does not apply (P->off set when
 * it never will in this run): the caller solves with K_eff instead. */
int sn_pschur_step(sn_pschur *P, const sn_csc *K, int kid, const sn_ptangent *tg, int it, const double *rhs,
                   double *du);
void sn_pschur_free(sn_pschur *P);

int sn_contact_penalty(const sn_model *m, const double *u, const double *u0, const double *area0,
                       const sn_dofmap *T, const int *eq,
                       int neq, const sn_csc *K, double kdiag, const double *lam_n,
                       const double *lam_t, const sn_face_hist *fh,
                       double kfac, double ktfac, int augmented, sn_cstate *cs, sn_csc **Keff,
                       sn_csc **Pre, int *full, sn_ptangent *tg, double *hr, int threads, char *msg,
                       size_t msglen);

/* The tangential history of face-to-face penalty points (contact_face_history.c): the points
 * of the last converged increment, each with its pair, slave face, natural coordinates there and
 * tangential traction. sn_face_history_force: g = the tangential force (global components) that
 * point p starts its increment from: lam_t[slave node] for a node's point; for a face point the
 * traction of the old point of its face nearest to it, times its weight (0 where its face had
 * none); with h NULL (no penalty increment since the last step on mortar rows) the nodal
 * tractions tnode (sn_face_history_nodal; NULL: none) interpolated there, times its weight.
 * sn_face_history_store: the face points of cs (forces in the local frames, ndf per point) into
 * *hp (freed and NULL when there are none), and their forces lumped to their faces' nodes into
 * lam_t (the nodal forces a step on mortar rows starts from). sn_face_history_nodal: the nodal
 * forces lam_t as tractions at the face points' nodes of cs (*tnode, 3 per node, NULL when cs
 * has no face point). SN_OK or SN_ERR_NOMEM. */
typedef struct {
  int pair, elem, side;
  double xi[2], t[3];
} sn_face_hist_pt;
void sn_face_history_force(const sn_face_hist *h, const double *tnode, const sn_contact_point *p,
                           const double *lam_t, double g[3]);
int sn_face_history_store(const sn_cstate *cs, int ndf, sn_face_hist **hp, double *lam_t);
int sn_face_history_nodal(const sn_cstate *cs, int nnodes, const double *lam_t, double **tnode);
void sn_face_hist_free(sn_face_hist *h);

/* *CONTACT PAIR, ADJUST= (contact_adjust.c): the slave nodes of the pairs with ADJUST= (within
 * the distance, or in the node set) moved onto their master surface in m->x (the caller's
 * copy), before the analysis; SN_OK or a detection error with msg */
int sn_contact_adjust(sn_model *m, char *msg, size_t msglen);

/* the pressure-overclosure laws (contact_law.c): soft = LINEAR, EXPONENTIAL, TABULAR; p(h) and
 * dp/dh at overclosure h = -gap; the law linearised at h as p = k (h' - h0) */
int sn_law_soft(const sn_interaction *I);
int sn_law_spring(const sn_interaction *I);
void sn_law_pressure(const sn_interaction *I, double h, double *p, double *dp);
void sn_law_linearise(const sn_interaction *I, double h, double *k, double *h0);
/* the overclosure shift of point p's law (CalculiX' node-to-face LINEAR with sigma_inf: sigma_inf
 * / slope; else 0): the law is evaluated at h - shift */
double sn_law_shift(const sn_model *m, const sn_contact_point *p);

#endif
