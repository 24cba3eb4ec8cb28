/* Issue #5 verification: the static analysis (sn_inp_parse + sn_static_run) against closed-form
 * solutions, through decks written here as text.
 *
 *  (a) cantilever in plane stress (CPS4, CPS8) under an end shear load with the parabolic
 *      distribution, clamped by the exact displacements of Timoshenko & Goodier, Theory of
 *      Elasticity (3rd ed., 1970), sec. 21: tip deflection P l^3/(3EI) + P c^2 l/(2IG)
 *      (bending + shear, clamp with du/dy = 0 on the axis); error and observed order over three
 *      refinements (CPS4: 2, CPS8 better than 2.5);
 *  (b) thick cylinder under internal pressure, CAX8 ring slice in plane strain (u_z = 0):
 *      Lame, u_r(r) = (1+nu) p a^2 / (E (b^2 - a^2)) ((1 - 2 nu) r + b^2 / r) (Timoshenko &
 *      Goodier sec. 28 with eps_z = 0); error at r = a decreasing with refinement;
 *  (c) quarter plate (10 x 10) with a circular hole (radius 1) under uniaxial tension at
 *      infinity (CPS8): the outer edges carry Kirsch's infinite-plate tractions (consistent
 *      nodal forces), so the exact stress concentration sigma_xx / sigma at the top of the hole
 *      is Kirsch's 3 (Timoshenko & Goodier sec. 35) with no finite-width correction; error of
 *      the averaged nodal stress there over three refinements (observed order ~2);
 *  (d) NLGEOM truss: a bar pulled axially, St Venant-Kirchhoff, N = E A lambda (lambda^2-1)/2
 *      (Green strain, N = A S l / L); the shallow two-bar (von Mises) truss below its limit
 *      point, apex displacement from the closed-form equilibrium P = 2 N (h - w) / l;
 *  (e) nonlinear *SPRING (SPRINGA, NONLINEAR table): elongation = the table inverted.
 * Everything runs in well under a second (Release), a few seconds with the sanitizers. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double PI = 3.14159265358979323846;

/* ---- deck text ---- */
typedef struct {
  char *s;
  size_t n, cap;
} buf;

static void bp(buf *b, const char *fmt, ...)
{
  va_list ap;
  for (;;) {
    va_start(ap, fmt);
    int k = vsnprintf(b->s ? b->s + b->n : NULL, b->s ? b->cap - b->n : 0, fmt, ap);
    va_end(ap);
    if (k < 0) abort();
    if (b->s && b->n + (size_t)k < b->cap) { b->n += (size_t)k; return; }
    size_t nc = b->cap ? 2 * b->cap : 1 << 16;
    while (nc < b->n + (size_t)k + 1) nc *= 2;
    b->s = realloc(b->s, nc);
    if (!b->s) abort();
    b->cap = nc;
  }
}

/* ---- running a deck: the last increment's u, rf, nodal stresses; u at the end of each step */
typedef struct {
  sn_model *m;
  int ndof, nnodes;
  double *u, *rf, *snode;
  double *ustep;           /* nsteps x ndof: u when the step's load factor reaches 1 */
  int increments;
} result;

static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  result *r = user;
  memcpy(r->u, inc->u, (size_t)r->ndof * sizeof(double));
  memcpy(r->rf, inc->rf, (size_t)r->ndof * sizeof(double));
  memcpy(r->snode, inc->s_node, (size_t)r->nnodes * 6 * sizeof(double));
  if (inc->load_factor >= 1 - 1e-12 && inc->step >= 1 && inc->step <= m->nsteps)
    memcpy(r->ustep + (size_t)(inc->step - 1) * r->ndof, inc->u, (size_t)r->ndof * sizeof(double));
  r->increments++;
  return 0;
}

static int run(buf *deck, const char *name, result *r)
{
  char msg[512];
  memset(r, 0, sizeof *r);
  const char *keep = getenv("SN_FE_KEEP");   /* folder: keep the decks (e.g. to run ccx on them) */
  if (keep) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s.inp", keep, name);
    FILE *f = fopen(path, "w");
    if (f) { fwrite(deck->s, 1, deck->n, f); fclose(f); }
  }
  int st = sn_inp_parse(deck->s, deck->n, name, NULL, &r->m, msg, sizeof msg);
  free(deck->s);
  memset(deck, 0, sizeof *deck);
  if (st != SN_OK) { fprintf(stderr, "%s: %s\n", name, msg); CHECK_INT(st, SN_OK); return st; }
  r->nnodes = r->m->nnodes;
  r->ndof = r->m->ndf * r->nnodes;
  r->u = calloc((size_t)r->ndof, sizeof(double));
  r->rf = calloc((size_t)r->ndof, sizeof(double));
  r->snode = calloc((size_t)r->nnodes * 6, sizeof(double));
  r->ustep = calloc((size_t)r->ndof * (size_t)(r->m->nsteps > 0 ? r->m->nsteps : 1), sizeof(double));
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.tol = 1e-11;
  s.on_increment = on_inc;
  s.user = r;
  sn_static_info info;
  st = sn_static_run(r->m, &s, &info, msg, sizeof msg);
  if (st != SN_OK) fprintf(stderr, "%s: sn_static_run: %s\n", name, msg);
  CHECK_INT(st, SN_OK);
  return st;
}

static void result_free(result *r)
{
  free(r->u); free(r->rf); free(r->snode); free(r->ustep);
  sn_model_free(r->m);
  memset(r, 0, sizeof *r);
}

static double U(const result *r, int id, int c)
{
  int n = sn_model_node_index(r->m, id);
  if (n < 0) { CHECK(n >= 0); return NAN; }
  return r->u[r->m->ndf * n + c];
}

static double observed_order(double e1, double e2) { return log(e1 / e2) / log(2.0); }

/* ==== (a) cantilever: Timoshenko & Goodier sec. 21 =====================================
 * Loaded end x = 0, clamped end x = l, y in [-c, c], thickness 1; end shear P (+y) with the
 * parabolic distribution tau = P (c^2 - y^2) / (2 I); I = 2 c^3 / 3. Exact field with
 * u = v = 0 and du/dy = 0 at (l, 0):
 *   u = -P x^2 y/(2EI) - nu P y^3/(6EI) + P y^3/(6IG) + d y,  d = P l^2/(2EI)
 *   v = nu P x y^2/(2EI) + P x^3/(6EI) - e x + g,  e = P l^2/(2EI) + P c^2/(2IG),
 *   g = P l^3/(3EI) + P c^2 l/(2IG)  (= the tip deflection v(0, 0)). */
#define CL 10.0
#define CC 1.0
#define CE 1000.0
#define CNU 0.25
#define CP 1.0

static void cant_exact(double x, double y, double *u, double *v)
{
  double I = 2 * CC * CC * CC / 3, G = CE / (2 * (1 + CNU));
  double e = CP * CL * CL / (2 * CE * I) + CP * CC * CC / (2 * I * G);
  double g = CP * CL * CL * CL / (3 * CE * I) + CP * CC * CC * CL / (2 * I * G);
  double d = CP * CL * CL / (2 * CE * I);
  *u = -CP * x * x * y / (2 * CE * I) - CNU * CP * y * y * y / (6 * CE * I) + CP * y * y * y / (6 * I * G) + d * y;
  *v = CNU * CP * x * y * y / (2 * CE * I) + CP * x * x * x / (6 * CE * I) - e * x + g;
}

static double cant_tau(double y) { return CP * (CC * CC - y * y) / (2 * (2 * CC * CC * CC / 3)); }

/* nx x ny elements, quadratic: CPS8; returns the id of the node at (0, 0) in *tip */
static void cantilever_deck(buf *b, int quad, int nx, int ny, int *tip)
{
  int q = quad ? 2 : 1, NX = q * nx + 1, NY = q * ny + 1;
#define CID(i, j) (1 + (i) + NX * (j))
  bp(b, "*HEADING\ncantilever, Timoshenko & Goodier sec. 21\n*NODE, NSET=NALL\n");
  for (int j = 0; j < NY; j++)
    for (int i = 0; i < NX; i++) {
      if (quad && (i % 2) && (j % 2)) continue;   /* no centre nodes */
      bp(b, "%d, %.17g, %.17g\n", CID(i, j), CL * i / (NX - 1), -CC + 2 * CC * j / (NY - 1));
    }
  bp(b, "*ELEMENT, TYPE=%s, ELSET=EALL\n", quad ? "CPS8" : "CPS4");
  int e = 1;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++) {
      int i0 = q * i, j0 = q * j, i1 = i0 + q, j1 = j0 + q;
      if (quad)
        bp(b, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", e++, CID(i0, j0), CID(i1, j0), CID(i1, j1),
           CID(i0, j1), CID(i0 + 1, j0), CID(i1, j0 + 1), CID(i0 + 1, j1), CID(i0, j0 + 1));
      else
        bp(b, "%d, %d, %d, %d, %d\n", e++, CID(i0, j0), CID(i1, j0), CID(i1, j1), CID(i0, j1));
    }
  bp(b, "*SOLID SECTION, ELSET=EALL, MATERIAL=M\n1.\n*MATERIAL, NAME=M\n*ELASTIC\n%.17g, %.17g\n",
     CE, CNU);
  bp(b, "*STEP\n*STATIC\n*BOUNDARY\n");
  for (int j = 0; j < NY; j++) {
    if (quad && (NX - 1) % 2 && (j % 2)) continue;
    double y = -CC + 2 * CC * j / (NY - 1), u, v;
    cant_exact(CL, y, &u, &v);
    bp(b, "%d, 1, 1, %.17g\n%d, 2, 2, %.17g\n", CID(NX - 1, j), u, CID(NX - 1, j), v);
  }
  /* consistent nodal forces of the parabolic shear on the edge x = 0 (Gauss, 3 points: exact
   * for quadratic traction times quadratic shape functions) */
  double *f = calloc(NY > 0 ? (size_t)NY : 1, sizeof(double));
  const double gx[3] = {-sqrt(0.6), 0, sqrt(0.6)}, gw[3] = {5.0 / 9, 8.0 / 9, 5.0 / 9};
  for (int j = 0; j < ny; j++) {
    double ya = -CC + 2 * CC * j / ny, yb = -CC + 2 * CC * (j + 1) / ny, h = yb - ya;
    for (int k = 0; k < 3; k++) {
      double s = gx[k], y = 0.5 * (ya + yb) + 0.5 * h * s, t = cant_tau(y) * gw[k] * 0.5 * h;
      if (quad) {
        f[q * j] += t * 0.5 * s * (s - 1);
        f[q * j + 1] += t * (1 - s * s);
        f[q * j + 2] += t * 0.5 * s * (s + 1);
      } else {
        f[j] += t * 0.5 * (1 - s);
        f[j + 1] += t * 0.5 * (1 + s);
      }
    }
  }
  bp(b, "*CLOAD\n");
  for (int j = 0; j < NY; j++) bp(b, "%d, 2, %.17g\n", CID(0, j), f[j]);
  bp(b, "*END STEP\n");
  free(f);
  *tip = CID(0, (NY - 1) / 2);
#undef CID
}

static void test_cantilever(void)
{
  double I = 2 * CC * CC * CC / 3, G = CE / (2 * (1 + CNU));
  double exact = CP * CL * CL * CL / (3 * CE * I) + CP * CC * CC * CL / (2 * I * G);
  double u0, v0;
  cant_exact(0, 0, &u0, &v0);
  CHECK_CLOSE(v0, exact, 1e-14, 0);   /* the field's tip value is the formula */
  for (int quad = 0; quad <= 1; quad++) {
    int base = quad ? 4 : 8;   /* elements along the length l = 10 (depth 2c = 2) */
    double err[3];
    printf("cantilever %s, tip deflection exact %.10f (bending %.10f + shear %.10f)\n",
           quad ? "CPS8" : "CPS4", exact, CP * CL * CL * CL / (3 * CE * I), CP * CC * CC * CL / (2 * I * G));
    for (int r = 0; r < 3; r++) {
      int nx = base << r, ny = quad ? nx / 2 : nx / 4;   /* 8x2, 16x4, 32x8; 4x2, 8x4, 16x8 */
      buf b = {0};
      int tip;
      cantilever_deck(&b, quad, nx, ny, &tip);
      result R;
      if (run(&b, quad ? "cantilever_cps8" : "cantilever_cps4", &R) != SN_OK) { result_free(&R); return; }
      double v = U(&R, tip, 1);
      err[r] = fabs(v - exact) / exact;
      printf("  %3d x %2d  v_tip %.10f  rel.error %.3e", nx, ny, v, err[r]);
      if (r) printf("  order %.2f", observed_order(err[r - 1], err[r]));
      printf("\n");
      result_free(&R);
    }
    CHECK(err[1] < err[0] && err[2] < err[1]);
    if (!quad) {
      /* bilinear: displacement error O(h^2) */
      double p = observed_order(err[1], err[2]);
      CHECK(p > 1.8 && p < 2.3);
      CHECK(err[2] < 0.02);
    } else {
      double p = observed_order(err[1], err[2]);
      CHECK(p > 2.5);
      CHECK(err[2] < 1e-4);
    }
  }
}

/* ==== (b) Lame thick cylinder, CAX8, plane strain ======================================== */
static void test_lame(void)
{
  const double a = 1, bb = 2, p = 100, E = 2e5, nu = 0.3, h = 0.25;
  double exact = (1 + nu) * p * a * a / (E * (bb * bb - a * a)) * ((1 - 2 * nu) * a + bb * bb / a);
  double err[3];
  printf("thick cylinder CAX8 a = %g b = %g p = %g: u_r(a) exact %.10e (Lame, plane strain)\n", a, bb, p, exact);
  for (int r = 0; r < 3; r++) {
    int nr = 2 << r, NX = 2 * nr + 1;
    buf b = {0};
#define LID(i, j) (1 + (i) + NX * (j))
    bp(&b, "*HEADING\nLame cylinder\n*NODE, NSET=NALL\n");
    for (int j = 0; j < 3; j++)
      for (int i = 0; i < NX; i++) {
        if ((i % 2) && j == 1) continue;
        bp(&b, "%d, %.17g, %.17g\n", LID(i, j), a + (bb - a) * i / (NX - 1), h * j / 2);
      }
    bp(&b, "*ELEMENT, TYPE=CAX8, ELSET=EALL\n");
    for (int i = 0; i < nr; i++) {
      int i0 = 2 * i, i1 = i0 + 2;
      bp(&b, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", i + 1, LID(i0, 0), LID(i1, 0), LID(i1, 2),
         LID(i0, 2), LID(i0 + 1, 0), LID(i1, 1), LID(i0 + 1, 2), LID(i0, 1));
    }
#undef LID
    bp(&b, "*SOLID SECTION, ELSET=EALL, MATERIAL=M\n*MATERIAL, NAME=M\n*ELASTIC\n%.17g, %.17g\n", E, nu);
    /* face S4 = nodes 4-1: the inner surface r = a */
    bp(&b, "*STEP\n*STATIC\n*BOUNDARY\nNALL, 2, 2\n*DLOAD\n1, P4, %.17g\n*END STEP\n", p);
    result R;
    if (run(&b, "lame_cax8", &R) != SN_OK) { result_free(&R); return; }
    double ua = U(&R, 1, 0), ub = U(&R, NX, 0);
    double exb = (1 + nu) * p * a * a / (E * (bb * bb - a * a)) * ((1 - 2 * nu) * bb + bb * bb / bb);
    err[r] = fabs(ua - exact) / exact;
    printf("  %2d elements  u_r(a) %.10e  rel.error %.3e  u_r(b) rel.error %.3e", nr, ua, err[r],
           fabs(ub - exb) / exb);
    if (r) printf("  order %.2f", observed_order(err[r - 1], err[r]));
    printf("\n");
    /* tolerance tightening with refinement: 1e-3, 1e-4, 1e-5 */
    CHECK(err[r] < 1e-3 / pow(10, r));
    CHECK(fabs(ub - exb) / exb < 1e-3 / pow(10, r));
    result_free(&R);
  }
  CHECK(err[1] < err[0] && err[2] < err[1]);
  CHECK(observed_order(err[1], err[2]) > 3.5);   /* quadratic elements: ~h^4 at the nodes */
}

/* ==== (c) Kirsch: quarter plate with a hole, CPS8 ======================================== */
static void kirsch_xy(double a, double W, int nth, int nr, int i, int j, double *x, double *y)
{
  /* i: 0..2 nth along theta (0 .. pi/2), j: 0..2 nr from the hole to the plate edge with a
   * geometric grading (ratio beta); the outer point runs along x = W then y = W */
  double th = 0.5 * PI * i / (2.0 * nth), s = j / (2.0 * nr), beta = 3.0;
  double g = (exp(beta * s) - 1) / (exp(beta) - 1);
  double xo, yo;
  if (2 * i <= 2 * nth) { xo = W; yo = W * tan(th); }
  else { xo = W / tan(th); yo = W; }
  if (2 * i == 4 * nth) xo = 0;
  double xi = a * cos(th), yi = a * sin(th);
  if (2 * i == 4 * nth) xi = 0;
  *x = xi + (xo - xi) * g;
  *y = yi + (yo - yi) * g;
}

/* Kirsch's stresses around a hole of radius a in an infinite plate under sigma along x
 * (Timoshenko & Goodier sec. 35), Cartesian components */
static void kirsch_stress(double a, double sigma, double x, double y, double *sxx, double *syy,
                          double *sxy)
{
  double r = hypot(x, y), th = atan2(y, x), q = a * a / (r * r);
  double c2 = cos(2 * th), s2 = sin(2 * th), c = cos(th), s = sin(th);
  double srr = 0.5 * sigma * (1 - q) + 0.5 * sigma * (1 - 4 * q + 3 * q * q) * c2;
  double stt = 0.5 * sigma * (1 + q) - 0.5 * sigma * (1 + 3 * q * q) * c2;
  double srt = -0.5 * sigma * (1 + 2 * q - 3 * q * q) * s2;
  *sxx = srr * c * c + stt * s * s - 2 * srt * s * c;
  *syy = srr * s * s + stt * c * c + 2 * srt * s * c;
  *sxy = (srr - stt) * s * c + srt * (c * c - s * s);
}

static void test_kirsch(void)
{
  const double a = 1, W = 10, sigma = 1;
  double err[3], k[3];
  printf("plate with a hole (radius 1, quarter 10 x 10), CPS8, Kirsch tractions on the outer edges:"
         " K_t exact 3\n");
  for (int r = 0; r < 3; r++) {
    int nth = 6 << r, nr = 5 << r;   /* elements: 2 nth around the quarter hole, nr radially */
    int NI = 4 * nth + 1;
#define KID(i, j) (1 + (i) + NI * (j))
    buf b = {0};
    double *X = calloc((size_t)NI * (size_t)(2 * nr + 1) * 2, sizeof(double));
    bp(&b, "*HEADING\nKirsch plate\n*NODE, NSET=NALL\n");
    for (int j = 0; j <= 2 * nr; j++)
      for (int i = 0; i < NI; i++) {
        double x, y;
        kirsch_xy(a, W, 2 * nth, nr, i, j, &x, &y);
        X[2 * (KID(i, j) - 1)] = x;
        X[2 * (KID(i, j) - 1) + 1] = y;
        if ((i % 2) && (j % 2)) continue;
        bp(&b, "%d, %.17g, %.17g\n", KID(i, j), x, y);
      }
    bp(&b, "*ELEMENT, TYPE=CPS8, ELSET=EALL\n");
    int e = 1;
    for (int j = 0; j < nr; j++)
      for (int i = 0; i < 2 * nth; i++) {
        int i0 = 2 * i, j0 = 2 * j, i1 = i0 + 2, j1 = j0 + 2;
        /* radial first, then along theta: counter-clockwise */
        bp(&b, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", e++, KID(i0, j0), KID(i0, j1), KID(i1, j1),
           KID(i1, j0), KID(i0, j0 + 1), KID(i0 + 1, j1), KID(i1, j0 + 1), KID(i0 + 1, j0));
      }
    bp(&b, "*SOLID SECTION, ELSET=EALL, MATERIAL=M\n1.\n*MATERIAL, NAME=M\n*ELASTIC\n2e5, 0.3\n");
    bp(&b, "*STEP\n*STATIC\n*BOUNDARY\n");
    for (int j = 0; j <= 2 * nr; j++) {
      bp(&b, "%d, YSYMM\n", KID(0, j));
      bp(&b, "%d, XSYMM\n", KID(4 * nth, j));
    }
    /* the exact (infinite plate) traction on the outer edges x = W and y = W, as consistent
     * nodal forces of the quadratic edges (5-point Gauss) */
    double *f = calloc((size_t)NI * 2, sizeof(double));
    const double gx[5] = {-0.9061798459386640, -0.5384693101056831, 0, 0.5384693101056831, 0.9061798459386640};
    const double gw[5] = {0.2369268850561891, 0.4786286704993665, 0.5688888888888889, 0.4786286704993665, 0.2369268850561891};
    for (int i = 0; i < 2 * nth; i++) {
      int nd[3] = {KID(2 * i, 2 * nr), KID(2 * i + 1, 2 * nr), KID(2 * i + 2, 2 * nr)};
      for (int g = 0; g < 5; g++) {
        double t = gx[g], N[3] = {0.5 * t * (t - 1), 1 - t * t, 0.5 * t * (t + 1)};
        double dN[3] = {t - 0.5, -2 * t, t + 0.5}, x = 0, y = 0, dx = 0, dy = 0;
        for (int q = 0; q < 3; q++) {
          x += N[q] * X[2 * (nd[q] - 1)]; y += N[q] * X[2 * (nd[q] - 1) + 1];
          dx += dN[q] * X[2 * (nd[q] - 1)]; dy += dN[q] * X[2 * (nd[q] - 1) + 1];
        }
        double sxx, syy, sxy, tx, ty, ds = hypot(dx, dy) * gw[g];
        kirsch_stress(a, sigma, x, y, &sxx, &syy, &sxy);
        if (i < nth) { tx = sxx; ty = sxy; }   /* edge x = W, normal +x */
        else { tx = sxy; ty = syy; }           /* edge y = W, normal +y */
        for (int q = 0; q < 3; q++) {
          int col = 2 * i + q;
          f[2 * col] += N[q] * tx * ds;
          f[2 * col + 1] += N[q] * ty * ds;
        }
      }
    }
    bp(&b, "*CLOAD\n");
    for (int i = 0; i < NI; i++) {
      /* no force along a symmetry-constrained direction (the reactions take it) */
      if (i > 0) bp(&b, "%d, 2, %.17g\n", KID(i, 2 * nr), f[2 * i + 1]);
      if (i < NI - 1) bp(&b, "%d, 1, %.17g\n", KID(i, 2 * nr), f[2 * i]);
    }
    bp(&b, "*END STEP\n");
    free(f);
    free(X);
    int top = KID(4 * nth, 0);
#undef KID
    result R;
    if (run(&b, "kirsch_cps8", &R) != SN_OK) { result_free(&R); return; }
    int n = sn_model_node_index(R.m, top);
    CHECK(fabs(R.m->x[3 * n]) < 1e-14 && fabs(R.m->x[3 * n + 1] - a) < 1e-14);
    k[r] = R.snode[6 * n] / sigma;
    err[r] = fabs(k[r] - 3) / 3;
    printf("  %2d x %2d elements  K_t %.5f  rel.error %.3e", 2 * nth, nr, k[r], err[r]);
    if (r) printf("  order %.2f", observed_order(err[r - 1], err[r]));
    printf("\n");
    result_free(&R);
  }
  CHECK(err[1] < err[0] && err[2] < err[1]);
  CHECK(observed_order(err[1], err[2]) > 1.7);   /* extrapolated nodal stress: ~h^2 */
  CHECK(err[2] < 0.01);
}

/* ==== (d) NLGEOM trusses ================================================================ */
static double svk_force(double EA, double lambda) { return EA * lambda * (lambda * lambda - 1) / 2; }

static void test_truss_nlgeom(void)
{
  const double E = 1000, A = 0.5, L = 2, EA = E * A;
  /* a bar pulled by a force F = 0.3 E A: lambda solves E A lambda (lambda^2 - 1)/2 = F */
  double F = 0.3 * EA, lam = 1.2;
  for (int it = 0; it < 60; it++) {
    double r = svk_force(EA, lam) - F, d = EA * (3 * lam * lam - 1) / 2;
    lam -= r / d;
  }
  buf b = {0};
  bp(&b, "*NODE\n1, 0, 0\n2, %.17g, 0\n*ELEMENT, TYPE=T2D2, ELSET=BAR\n1, 1, 2\n"
         "*SOLID SECTION, ELSET=BAR, MATERIAL=M\n%.17g\n*MATERIAL, NAME=M\n*ELASTIC\n%.17g, 0.3\n"
         "*STEP, NLGEOM\n*STATIC\n0.25, 1.\n*BOUNDARY\n1, 1, 2\n2, 2, 2\n*CLOAD\n2, 1, %.17g\n*END STEP\n"
         "*STEP, NLGEOM\n*STATIC\n0.25, 1.\n*BOUNDARY\n2, 1, 1, %.17g\n*END STEP\n",
     L, A, E, F, 0.5 * L);
  result R;
  if (run(&b, "bar_nlgeom", &R) == SN_OK) {
    double u1 = R.ustep[2 * 1 + 0];   /* node 2 (index 1), x, end of step 1 */
    printf("NLGEOM bar: F = %.4f: u %.12f, exact %.12f (lambda %.12f)\n", F, u1, (lam - 1) * L, lam);
    CHECK_CLOSE(u1, (lam - 1) * L, 1e-9, 0);
    /* step 2: u = L/2 prescribed (lambda = 1.5); the load of step 1 stays (Abaqus propagation):
     * reaction at node 2 = N - F, at node 1 = -N */
    double N = svk_force(EA, 1.5);
    printf("  u = L/2: RF node 1 %.10f, exact %.10f; RF node 2 %.10f, exact %.10f\n", R.rf[0], -N,
           R.rf[2], N - F);
    CHECK_CLOSE(R.u[2], 0.5 * L, 1e-14, 0);
    CHECK_CLOSE(R.rf[0], -N, 1e-9, 0);
    CHECK_CLOSE(R.rf[2], N - F, 1e-9, 0);
  }
  result_free(&R);

  /* shallow two-bar truss: supports (+-1, 0), apex (0, h), load P down at the apex; with the
   * apex displacement w (down), l = sqrt(1 + (h - w)^2), L0 = sqrt(1 + h^2), lambda = l / L0:
   * P(w) = 2 N(lambda) (h - w) / l. Limit point: the first maximum of P(w). */
  const double h = 0.2;
  double L0 = sqrt(1 + h * h);
#define PW(w) (2 * svk_force(EA, sqrt(1 + (h - (w)) * (h - (w))) / L0) * (h - (w)) / \
               sqrt(1 + (h - (w)) * (h - (w))))
  double wl = 0, Pl = 0;
  for (int k = 1; k <= 200000; k++) {
    double w = h * k / 200000.0, P = -PW(w);   /* P(w) < 0 at first: N compressive, h - w > 0 */
    if (P < Pl) break;
    Pl = P; wl = w;
  }
  double P = 0.6 * Pl, lo = 0, hi = wl;
  for (int it = 0; it < 200; it++) {
    double mid = 0.5 * (lo + hi);
    if (-PW(mid) < P) lo = mid; else hi = mid;
  }
  double wex = 0.5 * (lo + hi);
  b = (buf){0};
  bp(&b, "*NODE\n1, -1, 0\n2, 1, 0\n3, 0, %.17g\n*ELEMENT, TYPE=T2D2, ELSET=BARS\n1, 1, 3\n2, 2, 3\n"
         "*SOLID SECTION, ELSET=BARS, MATERIAL=M\n%.17g\n*MATERIAL, NAME=M\n*ELASTIC\n%.17g, 0.3\n"
         "*STEP, NLGEOM, INC=1000\n*STATIC\n0.05, 1.\n*BOUNDARY\n1, 1, 2\n2, 1, 2\n3, 1, 1\n"
         "*CLOAD\n3, 2, %.17g\n*END STEP\n",
     h, A, E, -P);
  if (run(&b, "von_mises_truss", &R) == SN_OK) {
    double w = -R.u[2 * 2 + 1];
    printf("von Mises truss h = %g: limit load %.6f at w = %.6f; P = %.6f: w %.12f, exact %.12f\n",
           h, Pl, wl, P, w, wex);
    CHECK_CLOSE(w, wex, 1e-8, 0);
    CHECK(w < wl);
    /* the vertical reactions carry P */
    CHECK_CLOSE(R.rf[1] + R.rf[3], P, 1e-8, 0);
  }
  result_free(&R);
#undef PW
}

/* ==== (e) nonlinear spring ============================================================== */
static void test_spring(void)
{
  /* table (force, elongation): (-100, -0.1) (0, 0) (50, 0.1) (200, 0.2); step 1: F = 120
   * -> elongation 0.1 + (120 - 50) / 150 * 0.1; step 2 (OP=MOD): F = -30 -> -0.03;
   * in series with a linear spring k = 1000 (node 2 - node 3): 120 / 1000, -30 / 1000 more */
  buf b = {0};
  bp(&b, "*NODE\n1, 0, 0\n2, 1, 0\n3, 2, 0\n*ELEMENT, TYPE=SPRINGA, ELSET=S1\n1, 1, 2\n"
         "*ELEMENT, TYPE=SPRINGA, ELSET=S2\n2, 2, 3\n"
         "*SPRING, ELSET=S1, NONLINEAR\n-100., -0.1\n0., 0.\n50., 0.1\n200., 0.2\n"
         "*SPRING, ELSET=S2\n\n1000.\n"
         "*STEP\n*STATIC\n0.1, 1.\n*BOUNDARY\n1, 1, 2\n2, 2, 2\n3, 2, 2\n*CLOAD\n3, 1, 120.\n*END STEP\n"
         "*STEP\n*STATIC\n0.1, 1.\n*CLOAD, OP=MOD\n3, 1, -30.\n*END STEP\n");
  result R;
  if (run(&b, "spring_nonlinear", &R) == SN_OK) {
    double e1 = 0.1 + 70.0 / 150.0 * 0.1, e2 = -0.03;
    printf("nonlinear spring: step 1 u2 %.12f (exact %.12f), u3 %.12f (exact %.12f)\n", R.ustep[2],
           e1, R.ustep[4], e1 + 0.12);
    printf("                  step 2 u2 %.12f (exact %.12f), u3 %.12f (exact %.12f)\n",
           R.ustep[6 + 2], e2, R.ustep[6 + 4], e2 - 0.03);
    CHECK_CLOSE(R.ustep[2], e1, 1e-10, 0);
    CHECK_CLOSE(R.ustep[4], e1 + 0.12, 1e-10, 0);
    CHECK_CLOSE(R.ustep[6 + 2], e2, 1e-10, 1e-14);
    CHECK_CLOSE(R.ustep[6 + 4], e2 - 0.03, 1e-10, 1e-14);
    CHECK_CLOSE(R.rf[0], 30.0, 1e-10, 0);   /* support reaction balances the load */
  }
  result_free(&R);
}

int main(void)
{
  test_cantilever();
  test_lame();
  test_kirsch();
  test_truss_nlgeom();
  test_spring();
  return sn_check_report();
}
