/* The 2D pile of discs of signorini_gen_pile2d (bench/gen_pile2d.c): its discs and their grid
 * (pile2d_grid.c), its contacts and the local problem of one Moreau-Jean step
 * (pile2d_problem.c), and the time stepping that lets it settle (pile2d_settle.c). */
#ifndef SIGNORINI_BENCH_PILE2D_H
#define SIGNORINI_BENCH_PILE2D_H

#include <stdio.h>

#include "signorini/signorini.h"

#define PILE_RMEAN 0.01               /* mean disc radius, m (radii in [0.8, 1.2] of it) */
#define PILE_RHO 2500.0               /* density per unit thickness, kg/m^3 */
#define PILE_GRAV 9.81                /* gravity, m/s^2, along -y */
#define PILE_PI 3.14159265358979323846
enum { FLOOR = -1, WALL_L = -2, WALL_R = -3 };   /* the box's bodies, as contact partners */

typedef struct {
  int n, cap;
  double *x, *y, *rad;
  double *vx, *vy, *w;     /* velocities (m/s, rad/s): NULL until the pile moves (settling) */
  double width, cell;      /* cell: grid spacing (the largest diameter) */
  int gx, gy;              /* grid size (gy grows) */
  int *head, *next;        /* grid linked lists */
  unsigned long long seed;
} pile;

typedef struct {
  int n, cap;
  int *a, *b;              /* bodies: a the first (a disc, or FLOOR/WALL_*), b a disc, a < b */
  double *nx, *ny;         /* unit normal from a to b */
  double *gap;             /* signed distance between the surfaces (m) */
} contacts;

/* ---- pile2d_grid.c ---- */
int pile_init(pile *P, int n, double width, unsigned long long seed);
void pile_free(pile *P);
int grid_add(pile *P, int k);
int grid_rebuild(pile *P);   /* every disc's cell again, after the discs moved */
/* calls f on every disc within two cells of (x, y); stops when f returns non-zero */
typedef int (*visit_fn)(pile *P, int k, void *user);
int pile_near(pile *P, double x, double y, visit_fn f, void *user);

/* ---- pile2d_problem.c ---- */
/* every pair (disc-disc, disc-floor, disc-wall) whose gap is below tol, appended to C */
int find_contacts(pile *P, contacts *C, double tol);
void contacts_free(contacts *C);
/* The local problem of one Moreau-Jean step of length dt (J.J. Moreau, "Numerical aspects of
 * the sweeping process", CMAME 177 (1999) 329-349): u = W r + q, W = H^T M^-1 H,
 * q = H^T v_free, v_free = v + dt g (v = 0 when P->vx is NULL: the pile at rest); per contact
 * [normal, tangent], the normal from the first body to the second, the tangent its rotation by
 * +90 degrees, velocities relative to the first body, so that r_N >= 0 pushes them apart.
 * gap_term: q_N += gap / dt for a gap > 0, so that u_N >= 0 keeps the gap at the end of the
 * step non-negative (a position-level constraint, as in M. Anitescu, G.D. Hart, "A constraint-
 * stabilized time-stepping approach for rigid multibody dynamics with joints, contact and
 * friction", IJNME 60 (2004) 2335-2371); a penetration is left as it is (pushing it out, even a
 * fifth of it a step, with steps solved to 1e-6 or 200 sweeps only, kept a 2 000-disc pile
 * boiling at 0.1-0.4 m/s for 1.5 s; without it the same pile is at rest after 133 steps). Each disc has 3 degrees of freedom (vx, vy, omega),
 * mass m = rho pi R^2 and inertia m R^2/2; mu on every contact. */
int build_problem(const pile *P, const contacts *C, double mu, double dt, int gap_term,
                  sn_fc **out);
/* v += M^-1 H r for the impulses r of the contacts C (after v = v_free) */
void apply_impulses(pile *P, const contacts *C, const double *r);

/* ---- pile2d_settle.c ---- */
typedef struct {
  int max_steps;           /* the most time steps */
  double v_rest;           /* at rest: every disc's largest point speed below it (m/s) ... */
  int rest_steps;          /* ... over this many consecutive steps */
  int sweeps;              /* the most NSGS sweeps per step */
  double tol;              /* NSGS tolerance per step */
  double damping;          /* velocities times exp(-damping dt) each step (1/s) */
} settle_opts;

typedef struct {
  int steps;               /* steps taken */
  double v_max;            /* largest point speed at the last step */
  int sweeps_total;        /* NSGS sweeps, all steps */
  double seconds;
} settle_info;

/* Moreau-Jean time stepping of the pile (restitution 0, friction mu, step dt, the gap term of
 * build_problem; NSGS warm-started from the last step's impulses of the same pairs; a viscous
 * damping of every velocity, which only speeds the settling: a disc rolling on the floor never
 * stops without it) until its largest point speed has stayed below v_rest for rest_steps steps,
 * or max_steps; positions and velocities (zero at first) updated in P, so that a second call
 * goes on where the first stopped. A line every 100 steps to log (if not NULL). 0, or a
 * negative status: SN_ERR_NOMEM, or the solver's when a step's solve fails outright. */
int pile_settle(pile *P, double mu, double dt, const settle_opts *o, settle_info *si, FILE *log);

#endif
