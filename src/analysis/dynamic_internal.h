/* The dynamic analysis (private to src/analysis): the state of a run of *DYNAMIC steps shared by
 * dynamic_run.c (set-up, the loop over steps and time steps), dynamic_step.c (one Moreau-Jean
 * time step) and dynamic_energy.c (the energy balance). */
#ifndef SN_ANALYSIS_DYNAMIC_INTERNAL_H
#define SN_ANALYSIS_DYNAMIC_INTERNAL_H

#include "analysis/contact_internal.h"
#include "signorini/analysis.h"

/* a nodal force (node, dof 0-based) or a distributed load (element, face; face 0: GRAV) */
typedef struct {
  int dist, node, dof, elem, face;
  double value, dir[3];
  int amp;
} dyn_load;

typedef struct {
  const sn_model *m;
  sn_fesys *S;
  const sn_dynamic_settings *set;
  int ndf, ndof, neq, eq_version;
  int *eq;                   /* free dofs: active and not prescribed; with T the free
                                independent q (u = T q: *EQUATION, *TIE, *TRANSFORM) */
  sn_dofmap *T;              /* the constraints (src/fem/dofmap.c), NULL: none */
  unsigned char *qact;       /* with T: per q, moved by some element through T */
  double *qa, *qb, *qc;      /* with T: work vectors over q (ndof) */
  unsigned char *cons;       /* per dof: prescribed */
  double *target;            /* prescribed value (times its amplitude) */
  int *bamp;
  dyn_load *loads;
  int nloads, caploads;
  /* the step */
  const sn_step *sp;
  double h, theta, e, period, alpha, beta;
  int nlgeom;                /* the step's NLGEOM: f_int and K in total Lagrangian form */
  int retangent;             /* f_int nonlinear (NLGEOM, *HYPERELASTIC, *PLASTIC, nonlinear springs): K the
                                tangent at u + theta h v of every time step (dynamic_step.c) */
  double *fmid;              /* retangent: f_int(u + theta h v) of the last time step (all dofs) */
  double es_acc;             /* retangent: the strain energy, as the internal forces' work */
  int es_init;               /* es_acc set from the first state */
  sn_csc *M;                 /* free dofs, both triangles */
  sn_csc *K;                 /* free dofs, upper triangle (sn_fesys_internal) */
  sn_csc *Mhat;              /* M + h theta C + h^2 theta^2 K, both triangles */
  sn_chol *F;                /* factor of Mhat (steps without active contact) */
  /* the block of Mhat^-1 on the contact rows (dynamic_delassus.c): F made with the rows `last`
   * (sorted) eliminated last, G = (Mhat^-1) on them (nlast^2, the factor's order; NULL until a
   * condensed problem needs it), loc per free dof its position in G or -1 */
  int *last, nlast;
  double *G;
  int *loc;
  int grows;                 /* the set enlarged in this *STEP (each a new factorization) */
  int soft_on;               /* Mhat and F are the soft points' (contact_phase), not the step's */
  /* the last contact step's impulses, the next one's start (dynamic_step.c, warm_*): per node
   * the index of its kept point or -1 (wkey, nnodes), the point's pair and dim values */
  int *wkey, *wpair, nw, capw;
  int *wkey_node;            /* the kept points' nodes (in wpair's allocation, after capw pairs) */
  double *wval, wh;          /* wh: the time step they were made with */
  double *area0;             /* per node: slave areas of the reference configuration */
  double search;             /* contact search distance (0: the detection's default; with LINEAR
                                pairs the model's size, so that a penetrating spring holds on) */
  /* state, all dofs */
  double *u, *v, *u1, *v1;   /* at t and t + h */
  /* work arrays: all dofs (w1, w2, fext0, fext1), free dofs (f, a, b, c) */
  double *w1, *w2, *fext0, *fext1, *f, *a, *b, *c, *g, *vf, *vf1, *ftheta;
  /* the last step's contact: points, mean forces, local velocities */
  sn_cstate cs;
  double *pglob;             /* contact impulse H p on the free dofs */
  sn_dyn_energy en;
  sn_dynamic_info *info;
  char *msg;
  size_t msglen;
} dyn_state;

/* Mhat's factor for a *STEP, the block of the last one and its rows forgotten (the free dofs
 * may be numbered anew; dynamic_delassus.c) */
int sn_dyn_factor(dyn_state *D);
/* Mhat's factor again after its values changed (NLGEOM: a new tangent every time step), with the
 * same rows last; the block of Mhat^-1 on them made anew when next needed */
int sn_dyn_refactor(dyn_state *D);
/* Mhat = (1 + h theta alpha) M + (h theta beta + h^2 theta^2) K from D->M and D->K (dynamic_run.c) */
int sn_dyn_mhat(dyn_state *D);
/* The block route of a contact step made ready: the set of rows enlarged (a new factorization)
 * when the rows of Hall (every detected point's columns on the free dofs) reach outside it.
 * SN_OK: sn_dyn_delassus may follow; 1 when the route does not apply (soft points, a set of
 * more than sn_dynamic_settings.delassus_max_rows (default DELASSUS_MAX) rows, its GROWS_MAX
 * enlargements made in this *STEP, a factorization with the set refused, no free row): the
 * caller then solves per column, or in global form (dynamic_step.c); SN_ERR_* on failure */
int sn_dyn_delassus_prepare(dyn_state *D, const sn_csc *Hall);
/* Wd (nl x nl, column-major) = Ha^T Mhat^-1 Ha from the block of Mhat^-1 on Ha's rows, after
 * sn_dyn_delassus_prepare returned SN_OK */
int sn_dyn_delassus(dyn_state *D, const sn_csc *Ha, double *Wd);
/* the default of sn_dynamic_settings.condensed_max_mb: the largest dense Z of the per-column
 * route, in MiB, where no SOLVER= is named */
#define SN_DYN_CONDENSED_MAX_MB 512.0
void sn_dyn_delassus_free(dyn_state *D);

/* one time step from (u, v) at time t (step time) to (u1, v1) at t + h */
int sn_dyn_step(dyn_state *D, double t);
/* prescribed displacement of dof d at step time t */
double sn_dyn_prescribed(const dyn_state *D, int d, double t);
/* the external forces at step time t (all dofs) */
int sn_dyn_external(dyn_state *D, double t, double *f);
/* the nodes of rigid bodies take their reference node's values in a (all dofs) */
void sn_dyn_follow_rigid(const dyn_state *D, double *a);
/* the free (independent) q of a displacement or velocity of all dofs (with T: q = R^T u node by
 * node, uses D->qa) */
void sn_dyn_gather(dyn_state *D, const double *all, double *free_);
/* the free q's share of a force on all dofs (T^T f; without T the free dofs' values) */
void sn_dyn_reduce(const dyn_state *D, const double *f, double *free_);
/* energy terms of the state (u, v): kinetic and strain into D->en, time t */
int sn_dyn_energy_state(dyn_state *D, const double *u, const double *v, double time);
/* the increments of the step from (u, v) to (u1, v1): external work, contact and damping
 * dissipation (f_theta: the free-dof external forces of the step, pglob: the contact impulse) */
void sn_dyn_energy_step(dyn_state *D, const double *ftheta);

#endif
