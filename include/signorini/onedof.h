/* signorini: one-degree-of-freedom contact algorithms of the tutorial
 * "有限元接触解析算法（之二）" ("Finite-element contact analysis algorithms, part 2",
 * sections 3.1-3.4): a mass on a spring pushed towards a rigid wall across an initial gap,
 * and a block on a spring with Coulomb friction loaded in steps. They are the smallest
 * complete instances of the contact treatments used by the finite-element analysis
 * (penalty, Lagrange multipliers, augmented Lagrangian, primal-dual interior point) and
 * reproduce the tutorial's tables.
 *
 * Sign convention of the tutorial (kept so that its tables are reproduced digit by digit):
 * x is the displacement of the mass, the force F < 0 pushes it towards the wall, and the
 * gap is g(x) = g0 + x >= 0. The spring force is f_s(x) = (K + c x) x (c = 0: linear).
 * The contact force that the tutorial prints differs in sign between methods; every result
 * therefore also carries `pressure`, the wall's reaction on the mass (>= 0 in contact). */
#ifndef SIGNORINI_ONEDOF_H
#define SIGNORINI_ONEDOF_H

#include "signorini/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A mass on a spring against a rigid wall. */
typedef struct {
  double K;          /* spring stiffness (K0 of the nonlinear law) */
  double c;          /* nonlinear term: f_s(x) = (K + c x) x */
  double F;          /* applied force (negative: towards the wall) */
  double g0;         /* initial gap */
  double eps;        /* penalty / augmentation parameter */
  double mu0;        /* interior point: initial barrier parameter */
  double mu_factor;  /* interior point: barrier reduction per iteration */
} sn_1dof;

/* The tutorial's data for sections 3.1-3.3: K = 100, F = -20, g0 = 0.1, eps = 1000,
 * mu0 = 1, mu_factor = 0.3, c = 0 (3.1, 3.2). For section 3.3 set c = -0.1.
 * The tutorial's text states eps = 10000; its tables are reproduced by eps = 1000 only. */
void sn_1dof_seed(sn_1dof *P);

/* One printed line of an iteration table. type says which columns v[] hold:
 *  SN_ROW_ITER    outer iteration `iter`: v = method's columns (see each function)
 *  SN_ROW_INNER   Newton step `inner` inside outer iteration `iter`: v = (see function)
 *  SN_ROW_SWITCH  friction state change: v[0] = trial friction, v[1] = friction limit,
 *                 v[2] = 1 for stick -> slip, 0 for slip -> stick
 *  SN_ROW_STEP    start of load step `step`: v[0] = applied force, v[1] = friction force */
enum { SN_ROW_ITER = 0, SN_ROW_INNER = 1, SN_ROW_SWITCH = 2, SN_ROW_STEP = 3 };
typedef struct {
  int type, step, iter, inner;
  double v[3];
} sn_1dof_row;

/* Iteration trace: the caller provides row[cap]; n counts every row produced (rows past
 * cap are counted, not stored). A NULL trace records nothing. */
typedef struct {
  sn_1dof_row *row;
  int cap;
  int n;
} sn_1dof_trace;

typedef struct {
  double x;          /* final displacement of the mass */
  double gap;        /* final gap g0 + x (negative: penetration) */
  double lambda;     /* final multiplier, in the method's own sign convention */
  double force;      /* contact force as the tutorial prints it for this method */
  double pressure;   /* wall reaction on the mass, f_s(x) - F (>= 0 in contact) */
} sn_1dof_result;

/* Penalty method (closed form): (K + eps) x = F - eps g0 when in contact. Linear spring. */
int sn_1dof_penalty(const sn_1dof *P, sn_1dof_result *res);

/* Lagrange multiplier method: the saddle-point system [K 1; 1 0] [x; l] = [F; -g0]
 * solved by LAPACK when in contact (exact gap closure). Linear spring. */
int sn_1dof_lagrange(const sn_1dof *P, sn_1dof_result *res);

/* Augmented Lagrangian (Uzawa) iteration, the tutorial's section 3.1, linear spring.
 * Rows: SN_ROW_ITER v = (displacement increment from the free position, gap, multiplier).
 * Stops when |gap| <= s->tol (the tutorial: 1e-10). info->iterations = outer iterations. */
int sn_1dof_al(const sn_1dof *P, const sn_settings *s, sn_1dof_trace *tr, sn_1dof_result *res,
               sn_info *info);

/* Primal-dual interior point, the tutorial's section 3.2, linear spring.
 * Rows: SN_ROW_ITER v = (displacement, multiplier, barrier parameter).
 * Stops when the barrier parameter falls below s->tol. */
int sn_1dof_ip(const sn_1dof *P, const sn_settings *s, sn_1dof_trace *tr, sn_1dof_result *res,
               sn_info *info);

/* Nested augmented Lagrangian with a nonlinear spring, the tutorial's section 3.3: outer multiplier
 * update, inner Newton on the equilibrium with the augmented term.
 * Rows: SN_ROW_ITER v = (displacement, gap, multiplier); SN_ROW_INNER v[0] = Newton step.
 * Stops when |gap| <= s->tol. */
int sn_1dof_al_nonlinear(const sn_1dof *P, const sn_settings *s, sn_1dof_trace *tr,
                         sn_1dof_result *res, sn_info *info);

/* ---- a block on a spring with Coulomb friction, loaded in steps (the tutorial's section 3.4) ---- */
typedef struct {
  double K, c;       /* spring f_s(x) = (K + c x) x */
  double fmax;       /* friction limit mu m g */
  double eps_t;      /* tangential (stick) penalty of the augmented Lagrangian */
  int nsteps;
  const double *F;   /* applied force of each load step (total, not increment), >= 0: the
                        tutorial's stick/slip tests assume sliding in +x */
} sn_1dof_friction;

/* The tutorial's data: K = 100, c = 0.1, fmax = 10, eps_t = 1000, loads 10, 20, 10. */
void sn_1dof_friction_seed(sn_1dof_friction *P);

typedef struct {
  double x_total;    /* displacement at the end of the step */
  double x_step;     /* displacement increment of the step */
  double friction;   /* friction force */
  double spring;     /* spring force f_s(x_total) */
  double reaction;   /* spring + friction (balances the applied force) */
  int slip;          /* 1 if the step ended sliding, 0 if sticking */
  int iterations;    /* last outer iteration number of the step (counted across steps) */
} sn_1dof_friction_step;

/* Solve all load steps, path-dependently. steps[] has P->nsteps entries.
 * Rows: SN_ROW_STEP at each step start; SN_ROW_INNER v = (total displacement, step
 * displacement); SN_ROW_SWITCH on stick/slip changes; SN_ROW_ITER v = (displacement,
 * multiplier). Each step stops when the displacement changes by <= s->tol between two
 * outer iterations. */
int sn_1dof_friction_solve(const sn_1dof_friction *P, const sn_settings *s, sn_1dof_trace *tr,
                           sn_1dof_friction_step *steps, sn_info *info);

#ifdef __cplusplus
}
#endif
#endif
