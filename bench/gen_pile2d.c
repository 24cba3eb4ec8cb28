/* signorini_gen_pile2d: a 2D pile of discs at rest in a box, written as an FCLIB local problem.
 *
 *   signorini_gen_pile2d NDISCS OUT.hdf5 [--mu MU] [--seed S] [--width W] [--dt DT]
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
 * Contacts: every pair of discs, disc and floor, disc and wall with a gap below 1e-6 rmean.
 * The local problem of one Moreau-Jean step from rest (J.J. Moreau, "Numerical aspects of the
 * sweeping process", CMAME 177 (1999) 329-349): u = W r + q with W = H^T M^-1 H and
 * q = H^T v_free, v_free = dt g (gravity over the step, dt = 1e-3 s, g = 9.81 m/s^2); per contact
 * [normal, tangent], the normal from the first body to the second, the tangent its rotation by
 * +90 degrees, velocities relative to the first body, so that r_N >= 0 pushes them apart.
 * Each disc has 3 degrees of freedom (vx, vy, omega), mass m = rho pi R^2 and inertia m R^2/2.
 * Prints the number of discs and contacts. Deterministic for a given seed (xorshift64,
 * G. Marsaglia, "Xorshift RNGs", J. Stat. Softw. 8 (2003)). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "signorini/signorini.h"

static const double RMEAN = 0.01, RHO = 2500.0, GRAV = 9.81, PI = 3.14159265358979323846;
enum { FLOOR = -1, WALL_L = -2, WALL_R = -3 };

typedef struct {
  int n, cap;
  double *x, *y, *rad;
  double width, cell;      /* cell: grid spacing (the largest diameter) */
  int gx, gy;              /* grid size (gy grows) */
  int *head, *next;        /* grid linked lists */
  unsigned long long seed;
} pile;

static double uniform(pile *P)   /* xorshift64 in [0, 1) */
{
  unsigned long long x = P->seed;
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  P->seed = x;
  return (double)(x >> 11) / 9007199254740992.0;
}

static int cell_of(const pile *P, double x, double y, int *cx, int *cy)
{
  *cx = (int)floor(x / P->cell);
  *cy = (int)floor(y / P->cell);
  if (*cx < 0) *cx = 0;
  if (*cx >= P->gx) *cx = P->gx - 1;
  if (*cy < 0) *cy = 0;
  return *cy < P->gy;
}

static int grid_add(pile *P, int k)
{
  int cx, cy;
  while (!cell_of(P, P->x[k], P->y[k], &cx, &cy)) {        /* grow the grid upwards */
    int ngy = 2 * P->gy;
    int *h = realloc(P->head, sizeof(int) * (size_t)P->gx * (size_t)ngy);
    if (!h) return -1;
    for (int c = P->gx * P->gy; c < P->gx * ngy; c++) h[c] = -1;
    P->head = h;
    P->gy = ngy;
  }
  int c = cy * P->gx + cx;
  P->next[k] = P->head[c];
  P->head[c] = k;
  return 0;
}

/* calls f on every disc within one cell of (x, y); stops when f returns non-zero */
typedef int (*visit_fn)(pile *P, int k, void *user);
static int near(pile *P, double x, double y, visit_fn f, void *user)
{
  int cx, cy;
  cell_of(P, x, y, &cx, &cy);
  for (int j = cy - 2; j <= cy + 2; j++)
    for (int i = cx - 2; i <= cx + 2; i++) {
      if (i < 0 || j < 0 || i >= P->gx || j >= P->gy) continue;
      for (int k = P->head[j * P->gx + i]; k >= 0; k = P->next[k])
        if (f(P, k, user)) return 1;
    }
  return 0;
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
    if (R->dir * th < 0) th = R->dir * PI - th;
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
  near(P, P->x[s], P->y[s], roll_visit, &R);
  double best = R.best;
  int hit = R.hit;
  roll_bounds(P, &R, &best, &hit);
  double t = th + R.dir * best;
  if (!(R.dir * t < 0.5 * PI)) {                        /* off the side */
    t = R.dir * 0.5 * PI;
    hit = s;
  }
  *cx = P->x[s] + a * sin(t);
  *cy = P->y[s] + a * cos(t);
  return hit;
}

/* settle a disc of radius r dropped at abscissa x: its rest position in (*px, *py) */
static void settle(pile *P, double r, double x, double *px, double *py)
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

/* ---- contacts and the local problem ---- */
typedef struct {
  int n, cap;
  int *a, *b;              /* bodies: a the first (a disc, or FLOOR/WALL_*), b a disc */
  double *nx, *ny;         /* unit normal from a to b */
} contacts;

static int add_contact(contacts *C, int a, int b, double nx, double ny)
{
  if (C->n == C->cap) {
    int cap = C->cap ? 2 * C->cap : 1024;
    int *ia = realloc(C->a, sizeof(int) * 2 * (size_t)cap);
    if (!ia) return -1;
    C->a = ia;
    double *v = realloc(C->nx, sizeof(double) * 2 * (size_t)cap);
    if (!v) return -1;
    C->nx = v;
    memmove(C->a + cap, C->a + C->cap, sizeof(int) * (size_t)C->n);   /* b after a */
    memmove(C->nx + cap, C->nx + C->cap, sizeof(double) * (size_t)C->n);
    C->b = C->a + cap;
    C->ny = C->nx + cap;
    C->cap = cap;
  }
  C->a[C->n] = a;
  C->b[C->n] = b;
  C->nx[C->n] = nx;
  C->ny[C->n++] = ny;
  return 0;
}

typedef struct { contacts *C; int k; double tol; int fail; } detect;

static int detect_visit(pile *P, int j, void *user)
{
  detect *D = user;
  int k = D->k;
  if (j <= k) return 0;
  double dx = P->x[j] - P->x[k], dy = P->y[j] - P->y[k], d = hypot(dx, dy);
  if (d - P->rad[j] - P->rad[k] < D->tol && add_contact(D->C, k, j, dx / d, dy / d)) D->fail = 1;
  return D->fail;
}

static int find_contacts(pile *P, contacts *C)
{
  double tol = 1e-6 * RMEAN;
  for (int k = 0; k < P->n; k++) {
    detect D = {C, k, tol, 0};
    if (P->y[k] - P->rad[k] < tol && add_contact(C, FLOOR, k, 0.0, 1.0)) return -1;
    if (P->x[k] - P->rad[k] < tol && add_contact(C, WALL_L, k, 1.0, 0.0)) return -1;
    if (P->width - P->x[k] - P->rad[k] < tol && add_contact(C, WALL_R, k, -1.0, 0.0)) return -1;
    near(P, P->x[k], P->y[k], detect_visit, &D);
    if (D.fail) return -1;
  }
  return 0;
}

/* H^T row pair of contact c on disc k (side +1 for the second body b, -1 for the first a):
 * u_N = n.(v_b - v_a), u_T = t.(v_b - v_a) - R_b w_b - R_a w_a, t = (-n_y, n_x) (the velocity
 * of a contact point at p = x + R n is v + w k x (p - x)) */
static void h_rows(const pile *P, const contacts *C, int c, int k, double hn[3], double ht[3])
{
  double s = C->b[c] == k ? 1.0 : -1.0, nx = C->nx[c], ny = C->ny[c];
  hn[0] = s * nx; hn[1] = s * ny; hn[2] = 0.0;
  ht[0] = -s * ny; ht[1] = s * nx; ht[2] = -P->rad[k];
}

/* the contacts of each disc: lst[cnt[k] .. cnt[k+1]-1] (cnt: nd + 1, lst: 2 nc ints) */
static void disc_contacts(const pile *P, const contacts *C, int *cnt, int *lst, int *pos)
{
  int nd = P->n, nc = C->n;
  memset(cnt, 0, sizeof(int) * (size_t)(nd + 1));
  for (int c = 0; c < nc; c++) {
    cnt[C->b[c] + 1]++;
    if (C->a[c] >= 0) cnt[C->a[c] + 1]++;
  }
  for (int k = 0; k < nd; k++) cnt[k + 1] += cnt[k];
  memcpy(pos, cnt, sizeof(int) * (size_t)(nd + 1));
  for (int c = 0; c < nc; c++) {
    lst[pos[C->b[c]]++] = c;
    if (C->a[c] >= 0) lst[pos[C->a[c]]++] = c;
  }
}

/* the triplets of W = H^T M^-1 H on disc k (2x2 blocks of each pair of its contacts) and its
 * share of q = H^T v_free; returns the new triplet count */
static size_t disc_blocks(const pile *P, const contacts *C, int k, const int *ks, int nk, double dt,
                          int *ti, int *tj, double *tx, size_t nz, double *q)
{
  double m = RHO * PI * P->rad[k] * P->rad[k];
  double minv[3] = {1 / m, 1 / m, 2 / (m * P->rad[k] * P->rad[k])};
  double vfree[3] = {0.0, -dt * GRAV, 0.0};
  for (int x = 0; x < nk; x++) {
    int c = ks[x];
    double hn[3], ht[3];
    h_rows(P, C, c, k, hn, ht);
    for (int e = 0; e < 3; e++) {
      q[2 * c] += hn[e] * vfree[e];
      q[2 * c + 1] += ht[e] * vfree[e];
    }
    for (int y = 0; y < nk; y++) {
      int d = ks[y];
      double gn[3], gt[3];
      h_rows(P, C, d, k, gn, gt);
      const double *rows[2] = {hn, ht}, *cols[2] = {gn, gt};
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
          double v = 0.0;
          for (int e = 0; e < 3; e++) v += rows[i][e] * minv[e] * cols[j][e];
          ti[nz] = 2 * c + i;
          tj[nz] = 2 * d + j;
          tx[nz++] = v;
        }
    }
  }
  return nz;
}

/* W = H^T M^-1 H and q = H^T dt g, mu on every contact */
static int build_problem(const pile *P, const contacts *C, double mu, double dt, sn_fc **out)
{
  int nc = C->n, nd = P->n, st = SN_ERR_NOMEM;
  int *cnt = malloc(sizeof(int) * 2 * ((size_t)nd + 1));
  int *lst = malloc(sizeof(int) * (2 * (size_t)nc + 1));
  int *ti = NULL, *tj = NULL;
  double *tx = NULL;
  sn_fc *F = calloc(1, sizeof *F);
  if (!cnt || !lst || !F) goto done;
  disc_contacts(P, C, cnt, lst, cnt + nd + 1);
  size_t cap = 0, nz = 0;
  for (int k = 0; k < nd; k++) {
    size_t dk = (size_t)(cnt[k + 1] - cnt[k]);
    cap += 4 * dk * dk;
  }
  ti = malloc(sizeof(int) * (cap + 1));
  tj = malloc(sizeof(int) * (cap + 1));
  tx = malloc(sizeof(double) * (cap + 1));
  F->q = calloc(2 * (size_t)nc + 1, sizeof(double));
  F->mu = malloc(sizeof(double) * ((size_t)nc + 1));
  if (!ti || !tj || !tx || !F->q || !F->mu) goto done;
  for (int k = 0; k < nd; k++)
    nz = disc_blocks(P, C, k, lst + cnt[k], cnt[k + 1] - cnt[k], dt, ti, tj, tx, nz, F->q);
  for (int c = 0; c < nc; c++) F->mu[c] = mu;
  F->dim = 2;
  F->nc = nc;
  st = sn_csc_from_triplets(2 * nc, 2 * nc, (int)nz, ti, tj, tx, &F->W);
done:
  free(cnt);
  free(lst);
  free(ti);
  free(tj);
  free(tx);
  if (st) sn_fc_free(F);
  else *out = F;
  return st;
}

static int pile_init(pile *P, int n, double width, unsigned long long seed)
{
  memset(P, 0, sizeof *P);
  P->cap = n;
  P->width = width;
  P->cell = 2.4 * RMEAN;
  P->gx = (int)ceil(width / P->cell);
  P->gy = 16;
  P->seed = seed ? seed : 88172645463325252ULL;
  P->x = malloc(sizeof(double) * 3 * (size_t)n);
  P->next = malloc(sizeof(int) * (size_t)n);
  P->head = malloc(sizeof(int) * (size_t)P->gx * (size_t)P->gy);
  if (!P->x || !P->next || !P->head) return -1;
  P->y = P->x + n;
  P->rad = P->y + n;
  for (int c = 0; c < P->gx * P->gy; c++) P->head[c] = -1;
  return 0;
}

static void pile_free(pile *P)
{
  free(P->x);
  free(P->next);
  free(P->head);
}

static int deposit(pile *P, int n)
{
  for (int k = 0; k < n; k++) {
    double r = RMEAN * (0.8 + 0.4 * uniform(P));
    double x = r + (P->width - 2 * r) * uniform(P);
    settle(P, r, x, &P->x[k], &P->y[k]);
    P->rad[k] = r;
    P->n = k + 1;
    if (grid_add(P, k)) return -1;
  }
  return 0;
}

static int usage(void)
{
  fprintf(stderr, "usage: signorini_gen_pile2d NDISCS OUT.hdf5 [--mu MU] [--seed S] [--width W]"
                  " [--dt DT]\n");
  return 2;
}

int main(int argc, char **argv)
{
  if (argc < 3) return usage();
  int n = atoi(argv[1]);
  double mu = 0.4, width = 0.0, dt = 1e-3;
  unsigned long long seed = 1;
  for (int a = 3; a < argc; a++) {
    if (a + 1 >= argc) return usage();
    if (!strcmp(argv[a], "--mu")) mu = atof(argv[++a]);
    else if (!strcmp(argv[a], "--seed")) seed = strtoull(argv[++a], NULL, 10);
    else if (!strcmp(argv[a], "--width")) width = atof(argv[++a]);
    else if (!strcmp(argv[a], "--dt")) dt = atof(argv[++a]);
    else return usage();
  }
  if (n < 1 || !(mu >= 0) || !(dt > 0) || !(width >= 0)) return usage();
  if (width == 0.0) width = 2.0 * sqrt((double)n) * RMEAN;
  if (width < 2.4 * RMEAN) return usage();
  pile P;
  contacts C = {0};
  sn_fc *F = NULL;
  char err[256] = "";
  int st = SN_OK;
  if (pile_init(&P, n, width, seed) || deposit(&P, n) || find_contacts(&P, &C)) st = SN_ERR_NOMEM;
  if (!st) st = build_problem(&P, &C, mu, dt, &F);
  if (!st) st = sn_fclib_write(argv[2], F, NULL, NULL, err, sizeof err);
  if (st) fprintf(stderr, "signorini_gen_pile2d: %s\n", *err ? err : "out of memory");
  else printf("%d discs, %d contacts, width %g m -> %s\n", n, C.n, width, argv[2]);
  sn_fc_free(F);
  free(C.a);
  free(C.nx);
  pile_free(&P);
  return st ? 1 : 0;
}
