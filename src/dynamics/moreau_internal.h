/* signorini dynamics: the private seams of the Moreau-Jean step (moreau*.c, nsgs_bodies.c,
 * energy.c). One step's data live in the scene's `step` scratch (grown on demand, never freed
 * between steps: no allocation per step once warm).
 *
 *   moreau.c            settings, the step's phases in order, info, sn_scene_last_problem
 *   moreau_setup.c      body cache (inverse mass, world inverse inertia), free velocities,
 *                       contact rows (frame, lever arms, Delassus block, index set and shift)
 *   moreau_warm.c       warm start: previous impulses matched by (a, b, feature) in a hash map
 *   nsgs_bodies.c       the matrix-free NSGS on body velocities and its error
 *   moreau_registry.c   the registry path: local W = H^T M^-1 H block-sparse, or the global problem
 *   moreau_projection.c the optional position projection (Acary 2013)
 *   energy.c            energies and the per-step work of the impulses */
#ifndef SN_MOREAU_INTERNAL_H
#define SN_MOREAU_INTERNAL_H

#include "dynamics/dyn_internal.h"
#include "signorini/solver.h"

/* One body as the step sees it: the velocity being solved for, inverse mass and world inverse
 * inertia (symmetric: xx, yy, zz, xy, xz, yz) frozen at the start of the step. Fixed and
 * kinematic bodies have im = 0 and Ii = 0, so impulses never change their velocity. */
typedef struct {
  double v[3], w[3];
  double im;
  double Ii[6];
} sn_mj_body;

/* One contact row of the step's problem: u = H^T v + s e_N in the local frame, with the
 * Delassus block W (3x3, column-major) and the shift s of the index-set rule (moreau_setup.c). */
typedef struct {
  int a, b;
  int iso;               /* 1: W is diagonal with equal tangential entries (spheres): closed-form
                            local solution; 0: the local Alart-Curnier Newton of fc_local.c */
  double n[3], t1[3], t2[3];
  double ra[3], rb[3];
  double W[9];
  double s;              /* normal shift: restitution e min(U_N-, 0), or the open-contact bound */
  double mu;
  double r[3];           /* impulse (local frame) */
} sn_mj_row;

typedef struct {
  /* bodies (all of the scene's, indexed as S->b) */
  int nb_cap, nb;         /* capacity; bodies of this step (S->nb, set by sn_mj_bodies) */
  sn_mj_body *body;
  double *v0;            /* 6 per body: v-, w- (pre-step velocities) */
  double *vf;            /* 6 per body: free velocities (gravity, gyroscopic term) */
  /* contact rows */
  int nrow, row_cap;
  sn_mj_row *row;
  double *um;            /* 3 per row: pre-step relative velocity (local frame) */
  double *q;             /* 3 per row: q = H^T v_free + s e_N */
  double omega;          /* relaxation of the NSGS update (1: plain Gauss-Seidel) */
  int accel;             /* SN_NSGS_ACCEL_*: the acceleration of the sweeps (nsgs_accel.c) */
  int sym;               /* 1: sweeps alternately forward and backward (symmetric Gauss-Seidel) */
  int newton_max;        /* a step of at most this many rows that SN_NSGS_NEWTON_SWEEPS sweeps
                            leave short of tol is solved by the registry's auto (option "newton=",
                            default SN_NSGS_NEWTON_ROWS; 0: never) */
  double *cg;            /* NNCG scratch (nsgs_accel.c) */
  size_t cg_cap;
  int *order;            /* sweep order (identity; a colouring may replace it) */
  /* warm-start hash map (moreau_warm.c): open addressing, power-of-two capacity */
  int hcap;
  int *hkey;             /* index into S->prev or -1 */
  /* registry path scratch (moreau_registry.c) */
  double *ru, *rv;       /* r, u or v of the registry solvers */
  int ru_cap, rv_cap;
  /* the Newton hand-off's scratch (moreau.c, sn_mj_registry_finish), 6 per row: the step's
     warm-start impulses, then the best result so far */
  double *nw;
  int nw_cap;
  /* position projection scratch (moreau_projection.c) */
  void *proj;
  /* NSGS threads (sn_dyn_settings.threads): 0 serial in row order, >= 1 coloured sweep */
  int threads;
  /* the coloured sweep runs on its threads only when the colours hold at least this many rows on
     average (0: SN_NSGS_PAR_ROWS; negative: always, for tests): a colour ends in a barrier */
  int par_rows;
  /* the step that produced `row` (for sn_scene_last_problem) */
  int have;
  double h, theta;
  /* the registry solver and options that sn_dyn_check_solver accepted last ("NAME|OPTIONS"):
     checked once, not at every step */
  char checked[320];
} sn_mj_step;

/* ---- moreau_setup.c ---- */
/* *p of *cap elements of elem bytes grown (doubling, from 64) to hold need: the steps' scratch,
 * never shrunk (no allocation per step once warm); SN_ERR_NOMEM */
int sn_mj_grow(void **p, int *cap, int need, size_t elem);
int sn_mj_reserve(sn_mj_step *W, int nb, int nrow);
/* body cache and pre-step velocities; kinematic bodies moved to t + h; free velocities */
void sn_mj_bodies(sn_scene *S, sn_mj_step *W, double h, double theta);
/* rows from S->contacts (pre-step relative velocities, Delassus blocks, shifts, q) */
void sn_mj_rows(sn_scene *S, sn_mj_step *W, double h, double theta);
/* Delassus entry e_i^T (sum over a, b of G^T M^-1 G) e_j for frame vectors of rows ci, cj on
 * a shared body: the 3x3 block G_ci^T M^-1 G_cj (column-major) for body side signs sa, sb */
void sn_mj_block(const sn_mj_body *B, const sn_mj_row *ci, const double *ri, double si,
                 const sn_mj_row *cj, const double *rj, double sj, double blk[9]);

/* ---- moreau_warm.c ---- */
/* r of every row from S->prev matched by (a, b, feature), scaled by h / h_prev and projected
 * on the cone; 0 where unmatched or when warm = 0 */
int sn_mj_warm_start(sn_scene *S, sn_mj_step *W, int warm, double h_ratio);

/* ---- nsgs_bodies.c ---- */
/* one Gauss-Seidel sweep over the rows order[0 .. n), backwards if reverse (velocities
 * updated in place) */
void sn_nsgs_bodies_sweep(sn_mj_step *W, const int *order, int n, int reverse, double local_tol, int local_iter);
/* Siconos' relative error of the current (r, u = H^T v + s e_N), matrix-free */
double sn_nsgs_bodies_error(const sn_mj_step *W);

/* the options of the NSGS into W->omega, W->accel, W->sym, W->newton_max ("omega=" 0 < omega < 2,
 * default 1; "accel=none|nncg", default none; "sweep=forward|symmetric", default forward;
 * "newton=" a whole number of contacts >= 0, default SN_NSGS_NEWTON_ROWS): SN_ERR_UNKNOWN for
 * another key, SN_ERR_FORMAT / SN_ERR_ARG for a bad value */
#define SN_NSGS_NEWTON_ROWS 100
#define SN_NSGS_NEWTON_SWEEPS 30   /* the sweeps' cap on those problems before Newton */
int sn_nsgs_bodies_options(const char *options, sn_mj_step *W);
/* the whole solve (W->omega, W->accel, W->sym): sweeps until error <= tol or max_iter; fills info (status, iterations, error) */
int sn_nsgs_bodies_solve(sn_mj_step *W, const sn_settings *s, sn_info *info);

/* ---- nsgs_accel.c: nonsmooth nonlinear conjugate gradient over the sweep ---- */
enum { SN_NSGS_ACCEL_NONE = 0, SN_NSGS_ACCEL_NNCG = 1 };
typedef struct {
  double *r_prev, *p_r;   /* 3 per row: impulses before the sweep, search direction */
  double *v_prev, *p_v;   /* 6 per body: velocities before the sweep, search direction */
  double g2;              /* |r_k - r_{k-1}|^2 of the previous sweep */
  int started;            /* a previous sweep exists (else the first step is a restart) */
} sn_nncg;
/* point G at W's scratch (grown to the rows and bodies of the step) and keep r_0, v_0 */
int sn_nncg_begin(sn_mj_step *W, sn_nncg *G);
/* keep r, v as those before the next sweep */
void sn_nncg_snapshot(const sn_mj_step *W, sn_nncg *G);
/* after the sweep: Fletcher-Reeves beta and the step along the search direction (or a restart) */
void sn_nncg_update(sn_mj_step *W, sn_nncg *G);

/* ---- nsgs_colour.c: rows coloured so that no two rows of a colour share a dynamic body ---- */
#define SN_NSGS_PAR_ROWS 256   /* default of sn_mj_step.par_rows */
#define SN_NSGS_COLOURS 64   /* the last colour collects the rows first-fit could not place: sequential */
typedef struct {
  int *order;                       /* rows sorted by colour (row order within a colour) */
  int start[SN_NSGS_COLOURS + 1];   /* rows of colour k: order[start[k] .. start[k + 1]) */
  int ncolour;
} sn_nsgs_colouring;
int sn_nsgs_colour(const sn_mj_step *W, sn_nsgs_colouring *C);
void sn_nsgs_colour_free(sn_nsgs_colouring *C);

/* ---- moreau_registry.c ---- */
/* the local problem of the rows (W block-sparse CSC, q, mu), allocated */
int sn_mj_local_problem(const sn_mj_step *W, sn_fc **out);
/* solve the rows' problem with a registry solver: name, or "global:NAME"; velocities of the
 * bodies set from the free velocities and the impulses found */
int sn_mj_registry_solve(sn_scene *S, sn_mj_step *W, const char *solver, const sn_settings *s, sn_info *info);
/* the sweeps stopped at their cap short of s->tol (st, info theirs): the step solved again by
 * the registry's nsn_fb, then auto, on the assembled W, each from the impulses in W->nw's first
 * 3 nrow (the step's warm start, kept there before the sweeps; the second 3 nrow its scratch); s's tolerance, no options; nsn_fb half of what is left of s's
 * budgets, auto the rest); unless one succeeds, the sweeps go on with what is left from the best
 * of the results (a Newton result the verdict called diverged kept as not converged). info and
 * the returned status: the final result's, its iterations and seconds the totals */
int sn_mj_registry_finish(sn_scene *S, sn_mj_step *W, const sn_settings *s, sn_info *info, int st);

/* ---- moreau_projection.c ---- */
/* project positions onto the admissible set (normal-only LCP on the linearized gaps, repeated
 * with fresh detection); *max_pen receives the largest penetration left */
int sn_mj_project(sn_scene *S, sn_mj_step *W, double margin, double *max_pen);
void sn_mj_project_free(void *proj);

/* ---- energy.c ---- */
/* add one step's work of the impulses (pre-step relative velocities um, post-step rows) */
void sn_energy_accumulate(sn_scene *S, const sn_mj_step *W);

/* ---- the kernels of the NSGS inner loop (inline: called per contact per sweep) ---- */
/* y = S x for a symmetric 3x3 S stored as (xx, yy, zz, xy, xz, yz) */
static inline void sn_mj_sym_apply(const double S[6], const double x[3], double y[3]) {
  y[0] = S[0] * x[0] + S[3] * x[1] + S[4] * x[2];
  y[1] = S[3] * x[0] + S[1] * x[1] + S[5] * x[2];
  y[2] = S[4] * x[0] + S[5] * x[1] + S[2] * x[2];
}

/* relative velocity at a row from the bodies' current velocities (local frame, without s) */
static inline void sn_mj_row_velocity(const sn_mj_row *c, const sn_mj_body *A, const sn_mj_body *B, double u[3]) {
  double vr[3];
  vr[0] = B->v[0] + B->w[1] * c->rb[2] - B->w[2] * c->rb[1] - A->v[0] - A->w[1] * c->ra[2] + A->w[2] * c->ra[1];
  vr[1] = B->v[1] + B->w[2] * c->rb[0] - B->w[0] * c->rb[2] - A->v[1] - A->w[2] * c->ra[0] + A->w[0] * c->ra[2];
  vr[2] = B->v[2] + B->w[0] * c->rb[1] - B->w[1] * c->rb[0] - A->v[2] - A->w[0] * c->ra[1] + A->w[1] * c->ra[0];
  u[0] = sn3_dot(c->n, vr);
  u[1] = sn3_dot(c->t1, vr);
  u[2] = sn3_dot(c->t2, vr);
}

/* apply the impulse increment dr (local frame) of a row to its two bodies */
static inline void sn_mj_apply(const sn_mj_row *c, sn_mj_body *A, sn_mj_body *B, const double dr[3]) {
  double P[3], m[3], d[3];
  for (int i = 0; i < 3; i++) P[i] = dr[0] * c->n[i] + dr[1] * c->t1[i] + dr[2] * c->t2[i];
  if (B->im > 0) {
    sn3_axpy(B->im, P, B->v);
    sn3_cross(c->rb, P, m);
    sn_mj_sym_apply(B->Ii, m, d);
    for (int i = 0; i < 3; i++) B->w[i] += d[i];
  }
  if (A->im > 0) {
    sn3_axpy(-A->im, P, A->v);
    sn3_cross(c->ra, P, m);
    sn_mj_sym_apply(A->Ii, m, d);
    for (int i = 0; i < 3; i++) A->w[i] -= d[i];
  }
}

#endif
