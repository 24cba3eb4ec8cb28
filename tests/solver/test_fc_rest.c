/* Stacks at rest whatever the mass ratio (issue #13, point 5; src/solver/fc_rest.c): a 3 x 3 x 2
 * block of 1 m cubes on the floor, the lower layer 1 kg each, the upper one 1e6 kg each, mu 0.5,
 * gravity tilted to (3, 0, -9.81) m/s^2 (tan 0.306 < mu: statics says it stays at rest), the
 * local problem of its first Moreau-Jean step from rest (264 contacts, W of 792 rows with about
 * 155 nonzeros a row: crowded, src/solver/auto.c; its nonzero eigenvalues span 8 orders of
 * magnitude). Before `rest`, auto with its defaults (tol 1e-8, max_iter 1 000) ended at the
 * iteration limit with nsn_ac's 4.7e-3 after 9-16 s (apgd 6.7e-6, nsn_fb 3.1e-3, socmix 5.7e-8,
 * prox 1.6e-3; docs/solvers.md, "Stacks at rest: rest"). Now:
 *  - auto returns SN_OK, by rest after apgd; the natural-map error is recomputed here (Siconos'
 *    measure, written out below) <= 1e-8, the penetration <= 1e-4 |q| (the absolute rule), and
 *    the impulses on the floor balance the block's weight over the step (v+ = 0 from rest: sum
 *    = -(sum m) g dt) to 1e-6 relative, every reaction in its cone to 1e-12 |r|;
 *  - rest alone from zero (max_iter 5 000): SN_OK, the same checks; capped at 200 steps,
 *    SN_MAX_ITER (its iterates bounded), not SN_DIVERGED;
 *  - rest on problems with no solution at rest stops without claiming one: one contact that must
 *    slide (W = I, q = (-1, 2, 0): r = -q is outside the cone) within the 500 steps of the stall
 *    rule plus one check, W = 0 with q_N < 0 (q outside the range of W) at once, no iteration:
 *    SN_STALLED or SN_DIVERGED as the verdict labels them (measured: SN_STALLED, and SN_DIVERGED
 *    where the data certify that no reaction stops the contact), never SN_OK; above
 *    SN_REST_MAX_ROWS rows SN_ERR_ARG. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dyn_cubes.h"
#include "signorini/signorini.h"

static const double GX = 3.0, GZ = -9.81, DT = 1e-3, HEAVY = 1e6;

/* Siconos' relative natural-map error, |r - P_K(r - u_hat)| / max(|q|, |r|, |u|), u = W r + q,
 * u_hat = u + mu |u_T| e_N, P_K the projection onto the Coulomb cone; *pen = max(0, -min u_N) */
static double natmap_error(const sn_fc *P, const double *r, double *pen)
{
  int n = 3 * P->nc;
  double *u = malloc(sizeof(double) * (size_t)n), sum = 0, nq = 0, nr = 0, nu = 0;
  CHECK(u != NULL);
  memcpy(u, P->q, sizeof(double) * (size_t)n);
  for (int j = 0; j < n; j++)
    for (int p = P->W->colptr[j]; p < P->W->colptr[j + 1]; p++) u[P->W->rowind[p]] += P->W->val[p] * r[j];
  *pen = 0;
  for (int i = 0; i < P->nc; i++) {
    const double *ri = r + 3 * i, *ui = u + 3 * i;
    double mu = P->mu[i], x[3] = {ri[0] - ui[0] - mu * hypot(ui[1], ui[2]), ri[1] - ui[1], ri[2] - ui[2]};
    double t = hypot(x[1], x[2]);
    if (mu * t <= -x[0]) x[0] = x[1] = x[2] = 0;            /* polar cone */
    else if (t > mu * x[0]) {                              /* onto the boundary */
      double xn = (mu * t + x[0]) / (mu * mu + 1);
      x[1] *= mu * xn / t;
      x[2] *= mu * xn / t;
      x[0] = xn;
    }
    for (int k = 0; k < 3; k++) sum += (ri[k] - x[k]) * (ri[k] - x[k]);
    *pen = fmax(*pen, -ui[0]);
  }
  for (int j = 0; j < n; j++) {
    nq += P->q[j] * P->q[j];
    nr += r[j] * r[j];
    nu += u[j] * u[j];
  }
  free(u);
  return sqrt(sum) / fmax(sqrt(nq), fmax(sqrt(nr), sqrt(nu)));
}

/* the largest excess |r_T| - mu r_N (and -r_N) over the contacts, relative to max |r| */
static double cone_excess(const sn_fc *P, const double *r)
{
  double e = 0, rmax = 0;
  for (int i = 0; i < P->nc; i++) {
    const double *ri = r + 3 * i;
    e = fmax(e, fmax(hypot(ri[1], ri[2]) - P->mu[i] * ri[0], -ri[0]));
    for (int k = 0; k < 3; k++) rmax = fmax(rmax, fabs(ri[k]));
  }
  return rmax > 0 ? e / rmax : e;
}

static void stack(void)
{
  sn_scene *S = dyn_cubes_scene(GX, GZ);
  double mass = 0;
  for (int k = 0; k < 18; k++) {
    double m = k >= 9 ? HEAVY : 1.0;
    dyn_cubes_add(S, k % 3, (k / 3) % 3, 0.5 + k / 9, m);
    mass += m;
  }
  sn_fc *P = dyn_cubes_step_problem(S, DT);
  int n = 3 * P->nc;
  CHECK(n > 600 && P->W->colptr[n] >= 100 * n);   /* crowded: auto tries apgd, then rest */
  const char *names[] = {"auto", "rest"};
  for (int k = 0; k < 2; k++) {
    double *r, pen;
    sn_info info;
    int st = dyn_cubes_solve(P, names[k], k ? 5000 : 1000, 1e-8, &r, &info);   /* auto: its defaults */
    double e = natmap_error(P, r, &pen), b = dyn_cubes_floor_balance(S, r, P->nc, mass, GX, GZ, DT), c = cone_excess(P, r);
    printf("3 x 3 x 2 block, upper layer %g kg: %d contacts, %d nonzeros in W; %s: status %d by %s (%d attempts), %d "
           "iterations, error %.2e (recomputed), penetration %.2e, cone %.1e, floor balance %.2e\n", HEAVY, P->nc,
           P->W->colptr[n], names[k], st, info.solver ? info.solver : "-", info.ntried, info.iterations, e, pen, c, b);
    CHECK_INT(st, SN_OK);
    CHECK(info.solver && !strcmp(info.solver, "rest"));
    if (k == 0) {
      CHECK_INT(info.ntried, 2);
      CHECK(info.ntried == 2 && !strcmp(info.tried[0].name, "apgd") && !strcmp(info.tried[1].name, "rest"));
    }
    CHECK(e <= 1e-8);
    CHECK(pen <= 1e-4 * sn_nrm2(n, P->q));
    CHECK(c <= 1e-12);
    CHECK(b <= 1e-6);
    free(r);
  }
  double *r;
  sn_info info;
  int st = dyn_cubes_solve(P, "rest", 200, 1e-8, &r, &info);
  printf("rest capped at 200 steps: status %d, error %.2e\n", st, info.error);
  CHECK_INT(st, SN_MAX_ITER);
  free(r);
  sn_fc_free(P);
  sn_scene_free(S);
}

/* problems without a solution at rest: rest says so and claims nothing */
static void not_at_rest(void)
{
  double I3[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, Z[9] = {0};
  double q1[3] = {-1, 2, 0}, mu[1] = {0.5};
  sn_csc *W = NULL, *W0 = NULL;
  CHECK_INT(sn_csc_from_dense(3, 3, I3, -1.0, &W), SN_OK);
  CHECK_INT(sn_csc_from_dense(3, 3, Z, 0.0, &W0), SN_OK);
  sn_fc slide = {3, 1, W, q1, mu}, stuck = {3, 1, W0, q1, mu};
  sn_settings s;
  sn_settings_default(&s);
  s.max_iter = 100000;
  double r[3] = {0, 0, 0}, u[3];
  sn_info info = {0};
  int st = sn_fc_rest(&slide, r, u, &s, &info);
  printf("one sliding contact: status %d after %d iterations, error %.2e\n", st, info.iterations, info.error);
  CHECK(st == SN_STALLED || st == SN_DIVERGED);
  CHECK(info.iterations <= 510);
  memset(r, 0, sizeof r);
  st = sn_fc_rest(&stuck, r, u, &s, &info);
  printf("W = 0, q_N < 0: status %d after %d iterations\n", st, info.iterations);
  CHECK(st == SN_STALLED || st == SN_DIVERGED);
  CHECK_INT(info.iterations, 0);
  /* above SN_REST_MAX_ROWS rows: refused before W is formed densely */
  int nc = SN_REST_MAX_ROWS / 3 + 1, nb = 3 * nc;
  int *I = malloc(sizeof(int) * (size_t)nb);
  double *X = malloc(sizeof(double) * (size_t)nb), *q = calloc((size_t)nb, sizeof(double));
  double *mus = malloc(sizeof(double) * (size_t)nc), *rb = calloc((size_t)nb, sizeof(double));
  double *ub = calloc((size_t)nb, sizeof(double));
  CHECK(I && X && q && mus && rb && ub);
  for (int j = 0; j < nb; j++) { I[j] = j; X[j] = 1.0; q[j] = j % 3 ? 0.0 : -1.0; }
  for (int i = 0; i < nc; i++) mus[i] = 0.5;
  sn_csc *Wb = NULL;
  CHECK_INT(sn_csc_from_triplets(nb, nb, nb, I, I, X, &Wb), SN_OK);
  sn_fc big = {3, nc, Wb, q, mus};
  CHECK_INT(sn_fc_rest(&big, rb, ub, &s, &info), SN_ERR_ARG);
  sn_csc_free(Wb);
  free(I);
  free(X);
  free(q);
  free(mus);
  free(rb);
  free(ub);
  sn_csc_free(W);
  sn_csc_free(W0);
}

int main(void)
{
  stack();
  not_at_rest();
  return sn_check_report();
}
