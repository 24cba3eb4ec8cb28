/* signorini_gen_pile2d: a 2D pile of discs at rest in a box, written as an FCLIB local problem.
 *
 *   signorini_gen_pile2d NDISCS OUT.hdf5 [--mu MU] [--seed S] [--width W] [--dt DT]
 *                        [--settle STEPS [--v-rest V] [--sweeps K] [--damping C]]
 *
 * The pile: NDISCS discs of radii uniform in [0.8, 1.2] rmean (rmean = 0.01 m, density 2500
 * kg/m^3 per unit thickness), deposited one by one in a box of width W (default 2 sqrt(NDISCS)
 * rmean: a pile about as high as wide) by the sequential deposition of G.C. Barker, A. Mehta,
 * "Vibrated powders: structure, correlations, and dynamics", Phys. Rev. A 45 (1992) 3435 (after
 * W.M. Visscher, M. Bolsterli, "Random packing of equal and unequal spheres in two and three
 * dimensions", Nature 239 (1972) 504): each disc falls vertically at a random abscissa until it
 * touches a disc (or the floor), then rolls downhill over its support until it touches a second
 * one; it rests where its centre lies between the two supports (a disc on the floor, or against
 * a wall, rests there), otherwise it keeps rolling over the new support.
 * Each disc rests under its own weight, not the pile under its load: in most such piles some
 * contacts must slide (bench/ccp_rest.c decides it). --settle STEPS then lets the pile move
 * (pile_settle, bench/pile2d_settle.c: Moreau-Jean time steps of DT with restitution 0 and
 * friction MU, each solved by NSGS to 1e-6 or at most K sweeps, default 200) until every
 * disc's largest point speed stays below V (default 1e-4 m/s) for 50 steps (a viscous damping
 * of C 1/s, default 10, speeds it up), then tests whether the pile is at rest (rest_check,
 * bench/rest_check.h: no contact must slide); if not, it goes on, up to STEPS steps in all, and
 * tests again when they are spent: it writes the pile when a test passes (the configuration
 * then has an all-stick solution, whatever speeds the discs had) and fails (exit 1, nothing
 * written) when the last one does not. The options are checked: a malformed number, or
 * --v-rest, --sweeps, --damping without --settle, is an error (exit 2).
 * Contacts: every pair of discs, disc and floor, disc and wall with a gap below 1e-6 rmean.
 * The problem written is the local problem of one Moreau-Jean step from rest (build_problem,
 * bench/pile2d.h; dt = DT, default 1e-3 s, g = 9.81 m/s^2): velocities zero, no gap term.
 * Prints the number of discs and contacts. Deterministic for a given seed (xorshift64,
 * G. Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8 (2003)). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pile2d.h"
#include "rest_check.h"

static double uniform(pile *P)   /* xorshift64 in [0, 1) */
{
  unsigned long long x = P->seed;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  P->seed = x;
  return (double)(x >> 11) / 9007199254740992.0;
}

/* ---- the fall: the first disc hit falling vertically at abscissa x from height ytop ---- */
typedef struct { double x, ytop, r, best; int hit; } fall;

static int fall_visit(pile *P, int k, void *user)
{
  fall *F = user;
  double dx = F->x - P->x[k], s = F->r + P->rad[k];
  if (fabs(dx) >= s) return 0;
  double y = P->y[k] + sqrt(s * s - dx * dx);             /* resting height on disc k */
  if (y > F->best && y <= F->ytop) { F->best = y; F->hit = k; }
  return 0;
}

/* the support (a disc, or FLOOR) of a disc of radius r falling at x from ytop, and its height */
static int drop(pile *P, double r, double x, double ytop, double *y)
{
  fall F = {x, ytop, r, r, FLOOR};
  for (int j = P->gy - 1; j >= 0; j--)
    for (int i = 0; i < P->gx; i++)
      for (int k = P->head[j * P->gx + i]; k >= 0; k = P->next[k]) fall_visit(P, k, &F);
  *y = F.best;
  return F.hit;
}

/* ---- the roll: over support s, direction dir (+1 right, -1 left), from angle th ---- */
typedef struct { int s, dir, hit; double r, th, best; } roll;

/* the angle (from the vertical, positive to the right) at which a disc of radius r rolling on
 * s first touches disc k; the smallest one beyond th in the rolling direction wins */
static int roll_visit(pile *P, int k, void *user)
{
  roll *R = user;
  if (k == R->s) return 0;
  double a = R->r + P->rad[R->s], b = R->r + P->rad[k];
  double dx = P->x[k] - P->x[R->s], dy = P->y[k] - P->y[R->s], d = hypot(dx, dy);
  if (d >= a + b || d <= fabs(a - b)) return 0;
  double phi = atan2(dx, dy), c = acos((a * a + d * d - b * b) / (2 * a * d));
  for (int sgn = -1; sgn <= 1; sgn += 2) {
    double th = phi + sgn * c, step = R->dir * (th - R->th);
    if (step > 1e-12 && step < R->best) { R->best = step; R->hit = k; }
  }
  return 0;
}

/* the angle where the rolling disc meets the floor or a wall (FLOOR/WALL_*), if before best */
static void roll_bounds(const pile *P, roll *R, double *best, int *hit)
{
  double a = R->r + P->rad[R->s], xs = P->x[R->s], ys = P->y[R->s];
  double cf = (R->r - ys) / a;                              /* y = ys + a cos th = r */
  if (fabs(cf) <= 1.0) {
    double th = R->dir * acos(cf), step = R->dir * (th - R->th);
    if (step > 1e-12 && step < *best) { *best = step; *hit = FLOOR; }
  }
  double xw = R->dir > 0 ? P->width - R->r : R->r, sw = (xw - xs) / a;   /* x = xs + a sin th */
  if (fabs(sw) <= 1.0) {
    double th = asin(sw);
    if (R->dir * th < 0) th = R->dir * PILE_PI - th;
    double step = R->dir * (th - R->th);
    if (step > 1e-12 && step < *best) { *best = step; *hit = R->dir > 0 ? WALL_R : WALL_L; }
  }
}

/* one roll of a disc of radius r at (*cx, *cy) over support s: to where it touches the next
 * obstacle (returned) or, past the support's equator, to the point where it falls off (returns
 * s again) */
static int roll_once(pile *P, int s, double r, double *cx, double *cy)
{
  double a = r + P->rad[s], th = atan2(*cx - P->x[s], *cy - P->y[s]);
  if (fabs(th) < 1e-9) th = uniform(P) < 0.5 ? -1e-9 : 1e-9;   /* balanced on top: a nudge */
  roll R = {s, th > 0 ? 1 : -1, -1, r, th, INFINITY};
  pile_near(P, P->x[s], P->y[s], roll_visit, &R);
  double best = R.best;
  int hit = R.hit;
  roll_bounds(P, &R, &best, &hit);
  double t = th + R.dir * best;
  if (!(R.dir * t < 0.5 * PILE_PI)) {                        /* off the side */
    t = R.dir * 0.5 * PILE_PI;
    hit = s;
  }
  *cx = P->x[s] + a * sin(t);
  *cy = P->y[s] + a * cos(t);
  return hit;
}

/* the rest position (*px, *py) of a disc of radius r dropped at abscissa x */
static void place(pile *P, double r, double x, double *px, double *py)
{
  double cx = x, cy;
  int s = drop(P, r, x, INFINITY, &cy);
  for (int it = 0; s >= 0 && it < 10000; it++) {
    int hit = roll_once(P, s, r, &cx, &cy);
    if (hit == s) {                                       /* fell off: falls again */
      s = drop(P, r, cx, cy, &cy);
      continue;
    }
    if (hit < 0) break;                                   /* floor or wall: rests */
    if ((cx - P->x[s]) * (cx - P->x[hit]) <= 0) break;   /* between its two supports: rests */
    s = hit;                                              /* rolls on over the new support */
  }
  *px = cx;
  *py = cy;
}

static int deposit(pile *P, int n)
{
  for (int k = 0; k < n; k++) {
    double r = PILE_RMEAN * (0.8 + 0.4 * uniform(P));
    double x = r + (P->width - 2 * r) * uniform(P);
    place(P, r, x, &P->x[k], &P->y[k]);
    P->rad[k] = r;
    P->n = k + 1;
    if (grid_add(P, k)) return -1;
  }
  return 0;
}

static int usage(void)
{
  fprintf(stderr, "usage: signorini_gen_pile2d NDISCS OUT.hdf5 [--mu MU] [--seed S] [--width W]"
                  " [--dt DT] [--settle STEPS [--v-rest V] [--sweeps K]\n"
                  "       [--damping C]]\n");
  return 2;
}

/* the problem written: the contacts of gap below 1e-6 rmean, one step from rest */
static int rest_problem(pile *P, double mu, double dt, contacts *C, sn_fc **F)
{
  C->n = 0;
  if (find_contacts(P, C, 1e-6 * PILE_RMEAN)) return SN_ERR_NOMEM;
  return build_problem(P, C, mu, dt, 0, F);
}

/* --settle: rounds of pile_settle, each followed by the at-rest test of the problem from rest
 * (rest_check), until the pile is at rest or the steps are spent; reports on stderr. The pile is
 * left at rest (velocities NULL). SN_OK at rest, SN_MAX_ITER when the steps ran out first. */
static int settle_pile(pile *P, double mu, double dt, const settle_opts *o)
{
  settle_opts left = *o;
  int steps = 0, sweeps = 0, st = SN_MAX_ITER;
  double seconds = 0.0;
  while (left.max_steps > 0) {
    settle_info si;
    if ((st = pile_settle(P, mu, dt, &left, &si, stderr)) != 0) return st;
    steps += si.steps;
    sweeps += si.sweeps_total;
    seconds += si.seconds;
    left.max_steps -= si.steps;
    contacts C = {0};
    sn_fc *F = NULL;
    rest_report R;
    st = rest_problem(P, mu, dt, &C, &F);
    if (!st) st = rest_check(F, "pd", 1e-10, 100000, &R);
    sn_fc_free(F);
    contacts_free(&C);
    if (st) return st;
    fprintf(stderr, "after %d steps (%.3g s of motion; %d NSGS sweeps, %.1f s): max speed %.3e m/s;"
                    " relaxation %s in %.2f s: %s (%d of %d closed contacts slide)\n", steps,
            steps * dt, sweeps, seconds, si.v_max, sn_strerror(R.status), R.seconds,
            R.at_rest ? "at rest" : "not at rest", R.slide, R.closed);
    if (R.at_rest) break;
    st = SN_MAX_ITER;
  }
  free(P->vx);                                             /* written from rest */
  P->vx = P->vy = P->w = NULL;
  return st;
}

/* the whole of text as a number (strtod), else 0 */
static int num(const char *text, double *v)
{
  char *end;
  *v = strtod(text, &end);
  return *text && !*end;
}

/* the whole of text as an integer in [lo, hi], else 0 */
static int whole(const char *text, long lo, long hi, int *v)
{
  char *end;
  long x = strtol(text, &end, 10);
  *v = (int)x;
  return *text && !*end && x >= lo && x <= hi;
}

/* the whole of text as an unsigned decimal, else 0 */
static int seed_of(const char *text, unsigned long long *v)
{
  char *end;
  errno = 0;
  *v = strtoull(text, &end, 10);
  return *text >= '0' && *text <= '9' && !*end && errno == 0;
}

int main(int argc, char **argv)
{
  if (argc < 3) return usage();
  int n, settle_only = 0, ok = whole(argv[1], 1, 100000000, &n);
  double mu = 0.4, width = 0.0, dt = 1e-3;
  unsigned long long seed = 1;
  settle_opts so = {0, 1e-4, 50, 200, 1e-6, 10.0};
  for (int a = 3; a < argc; a++) {
    if (a + 1 >= argc) return usage();
    const char *o = argv[a], *v = argv[++a];
    if (!strcmp(o, "--settle")) ok &= whole(v, 0, 100000000, &so.max_steps);
    else if (!strcmp(o, "--sweeps")) ok &= whole(v, 1, 100000000, &so.sweeps), settle_only = 1;
    else if (!strcmp(o, "--v-rest")) ok &= num(v, &so.v_rest), settle_only = 1;
    else if (!strcmp(o, "--damping")) ok &= num(v, &so.damping), settle_only = 1;
    else if (!strcmp(o, "--mu")) ok &= num(v, &mu);
    else if (!strcmp(o, "--width")) ok &= num(v, &width);
    else if (!strcmp(o, "--dt")) ok &= num(v, &dt);
    else if (!strcmp(o, "--seed")) ok &= seed_of(v, &seed);
    else return usage();
  }
  if (!ok || !(mu >= 0) || !(dt > 0) || !(width >= 0) || !(so.v_rest > 0) || !(so.damping >= 0))
    return usage();
  if (settle_only && !so.max_steps) {
    fprintf(stderr, "signorini_gen_pile2d: --v-rest, --sweeps and --damping need --settle\n");
    return 2;
  }
  if (width == 0.0) width = 2.0 * sqrt((double)n) * PILE_RMEAN;
  if (width < 2.4 * PILE_RMEAN) return usage();
  pile P;
  contacts C = {0};
  sn_fc *F = NULL;
  char err[256] = "";
  int st = SN_OK;
  if (pile_init(&P, n, width, seed) || deposit(&P, n)) st = SN_ERR_NOMEM;
  if (!st && so.max_steps && (st = settle_pile(&P, mu, dt, &so)) == SN_MAX_ITER)
    snprintf(err, sizeof err, "the pile is not at rest after %d steps (nothing written)",
             so.max_steps);
  if (!st) st = rest_problem(&P, mu, dt, &C, &F);
  if (!st) st = sn_fclib_write(argv[2], F, NULL, NULL, err, sizeof err);
  if (st) fprintf(stderr, "signorini_gen_pile2d: %s\n", *err ? err : sn_strerror(st));
  else printf("%d discs, %d contacts, width %g m -> %s\n", n, C.n, width, argv[2]);
  sn_fc_free(F);
  contacts_free(&C);
  pile_free(&P);
  return st ? 1 : 0;
}
