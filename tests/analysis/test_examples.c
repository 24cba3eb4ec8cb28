/* The examples of examples/ run and meet their reference values (examples/README.md; the values
 * come from the .ref files of examples/, written by the generators from closed forms and from the library's
 * seed functions):
 *  - Hertz (hertz.inp, h = 0.05 mm): peak pressure within 0.5 % and half-width within 2 % of
 *    a = sqrt(4 P R / (pi E*)), p0 = 2 P / (pi a) (half-width from a least-squares fit of
 *    p^2 = p0^2 (1 - x^2 / a^2) over the nodes above 0.2 p0, reference coordinates);
 *  - Cattaneo-Mindlin (mindlin.inp): stick-zone half-width c = a sqrt(1 - Q / (mu P)) within
 *    5 % (c: on each side, midway between the last stuck and the first slipping node; the mean
 *    of both sides);
 *  - the first seed's one-degree-of-freedom problems as decks: the seed's numbers;
 *  - the seed's bar: equilibrium of the contact forces with the applied loads at every
 *    increment, Coulomb's law at every node;
 *  - the 4 x 4 truss: the support reactions equal the applied load. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EX SN_TEST_DATA "/../../examples/"

typedef struct {
  int n;                   /* increments seen */
  double x2;               /* node 2 (index 1) displacement x, last increment */
  double rn_sum, rt_sum, rn_max, cone_excess;
  double fy;               /* global y component of the contact forces */
  double xs[4096], ps[4096];
  int st[4096], np;
  double rt_sums[64], rn_sums[64];
  double fr[16][64][2];    /* forces (normal, tangential) of the first 64 points, 16 increments */
} grab_t;

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  grab_t *g = user;
  int dim = m->ndf;
  if (g->n < 64) { g->rn_sums[g->n] = 0; g->rt_sums[g->n] = 0; }
  g->rn_sum = g->rt_sum = g->rn_max = g->cone_excess = g->fy = 0;
  g->np = 0;
  for (int k = 0; k < inc->ncontact; k++) g->rn_max = fmax(g->rn_max, inc->contact_r[dim * k]);
  int i2 = sn_model_node_index(m, 2);
  if (i2 >= 0) g->x2 = inc->u[dim * i2];
  for (int k = 0; k < inc->ncontact; k++) {
    const sn_contact_point *p = &inc->contact[k];
    const double *r = inc->contact_r + dim * k, *ul = inc->contact_u + dim * k;
    double rt = dim == 3 ? hypot(r[1], r[2]) : fabs(r[1]);
    g->rn_sum += r[0];
    g->rt_sum += r[0] * p->normal[0] + r[1] * p->t1[0] + (dim == 3 ? r[2] * p->t2[0] : 0.0);   /* global x */
    g->fy += r[0] * p->normal[1] + r[1] * p->t1[1] + (dim == 3 ? r[2] * p->t2[1] : 0.0);
    g->cone_excess = fmax(g->cone_excess, rt - p->mu * r[0]);
    if (g->n < 16 && k < 64) { g->fr[g->n][k][0] = r[0]; g->fr[g->n][k][1] = r[1]; }
    if (g->np < 4096) {
      double A = p->area > 0 ? p->area : 1.0;
      g->xs[g->np] = m->x[3 * p->slave_node];
      g->ps[g->np] = r[0] / A;
      double sl = dim == 3 ? hypot(ul[1], ul[2]) : fabs(ul[1]);
      g->st[g->np] = !(r[0] > 1e-9 * g->rn_max) ? 0 : (p->mu > 0 && rt >= p->mu * r[0] * (1 - 1e-6) && sl > 0) ? 2 : 1;
      g->np++;
    }
  }
  if (g->n < 64) { g->rn_sums[g->n] = g->rn_sum; g->rt_sums[g->n] = g->rt_sum; }
  g->n++;
  return 0;
}

/* run a deck, or its text with "CONTACT=LAGRANGE" replaced by CONTACT=treat */
static int run_as(const char *deck, const char *treat, grab_t *g)
{
  char path[1024], msg[1024];
  snprintf(path, sizeof path, EX "%s", deck);
  sn_model *m = NULL;
  int st;
  if (treat) {
    FILE *f = fopen(path, "rb");
    if (!f) return SN_ERR_IO;
    static char text[1 << 20], out[1 << 20];
    size_t n = fread(text, 1, sizeof text - 1, f), o = 0;
    fclose(f);
    text[n] = '\0';
    const char *key = "CONTACT=LAGRANGE";
    for (const char *q = text; *q;) {
      const char *h = strstr(q, key);
      size_t len = h ? (size_t)(h - q) : strlen(q);
      memcpy(out + o, q, len);
      o += len;
      if (!h) break;
      o += (size_t)snprintf(out + o, sizeof out - o, "CONTACT=%s", treat);
      q = h + strlen(key);
    }
    st = sn_inp_parse(out, o, deck, NULL, &m, msg, sizeof msg);
  } else
    st = sn_inp_read(path, &m, msg, sizeof msg);
  if (st) { fprintf(stderr, "%s\n", msg); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = grab;
  s.user = g;
  memset(g, 0, sizeof *g);
  sn_static_info info;
  st = sn_static_run(m, &s, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s: %s\n", deck, msg);
  sn_model_free(m);
  return st;
}

static int run(const char *deck, grab_t *g) { return run_as(deck, NULL, g); }

/* "key = value" of a .ref file of examples/ */
static double ref(const char *file, const char *key)
{
  char path[1024], line[512];
  snprintf(path, sizeof path, EX "%s", file);
  FILE *f = fopen(path, "r");
  if (!f) return NAN;
  double v = NAN;
  size_t kl = strlen(key);
  while (fgets(line, sizeof line, f))
    if (!strncmp(line, key, kl) && (line[kl] == ' ' || line[kl] == '=')) {
      char *eq = strchr(line, '=');
      if (eq) v = strtod(eq + 1, NULL);
      break;
    }
  fclose(f);
  return v;
}

static grab_t g;

int main(void)
{
  /* Hertz */
  CHECK_INT(run("hertz.inp", &g), SN_OK);
  double p0 = 0, num = 0, den = 0;
  for (int k = 0; k < g.np; k++) p0 = fmax(p0, g.ps[k]);
  for (int k = 0; k < g.np; k++)
    if (g.ps[k] > 0.2 * p0) {
      double y = 1 - (g.ps[k] / p0) * (g.ps[k] / p0);
      num += g.xs[k] * g.xs[k] * y;
      den += y * y;
    }
  double a = sqrt(num / den);
  printf("hertz: p0 %.3f (analytic %.3f), a %.5f (analytic %.5f)\n", p0, ref("hertz.ref", "p0"), a, ref("hertz.ref", "a"));
  CHECK_CLOSE(p0, ref("hertz.ref", "p0"), 0.005, 0);
  CHECK_CLOSE(a, ref("hertz.ref", "a"), 0.02, 0);
  CHECK_CLOSE(g.rn_sum, ref("hertz.ref", "total_normal_force_quarter"), 1e-8, 0);
  /* Cattaneo-Mindlin: stick zone */
  CHECK_INT(run("mindlin.inp", &g), SN_OK);
  /* each side: midway between the last stuck and the first slipping node; c: their mean */
  double side[2];
  for (int sgn = 0; sgn < 2; sgn++) {
    double last_stick = 0, first_slip = INFINITY;
    for (int k = 0; k < g.np; k++) {
      double x = sgn ? -g.xs[k] : g.xs[k];
      if (x < 0) continue;
      if (g.st[k] == 1) last_stick = fmax(last_stick, x);
      if (g.st[k] == 2) first_slip = fmin(first_slip, x);
    }
    side[sgn] = 0.5 * (last_stick + first_slip);
  }
  double c = 0.5 * (side[0] + side[1]);
  printf("mindlin: stick zone half-width %.5f (analytic %.5f)\n", c, ref("mindlin.ref", "c"));
  CHECK_CLOSE(c, ref("mindlin.ref", "c"), 0.05, 0);
  CHECK_CLOSE(fabs(g.fy), ref("mindlin.ref", "total_normal_force"), 1e-8, 0);
  CHECK_CLOSE(fabs(g.rt_sum), ref("mindlin.ref", "total_tangential_force"), 1e-8, 0);
  CHECK(g.cone_excess <= 1e-8 * g.rn_max);
  /* the first seed's one-degree-of-freedom problems */
  const char *one[] = {"lagrange", "penalty", "al", "ip", "nonlinear"};
  for (int k = 0; k < 5; k++) {
    char deck[64], kx[64], kp[64], kt[64];
    snprintf(deck, sizeof deck, "onedof_%s.inp", one[k]);
    snprintf(kx, sizeof kx, "%s.x", one[k]);
    snprintf(kp, sizeof kp, "%s.pressure", one[k]);
    snprintf(kt, sizeof kt, "%s.tol_rel", one[k]);
    CHECK_INT(run(deck, &g), SN_OK);
    double tol = fmax(ref("onedof.ref", kt), 1e-9);
    CHECK_CLOSE(g.x2, ref("onedof.ref", kx), tol, 0);
    CHECK_CLOSE(g.rn_sum, ref("onedof.ref", kp), tol, 0);
  }
  /* with friction (augmented Lagrangian): stick, slip to the cone, stick again */
  CHECK_INT(run("onedof_friction.inp", &g), SN_OK);
  CHECK_INT(g.n, 3);
  CHECK_CLOSE(g.x2, ref("onedof.ref", "friction.step3.x"), 0, 1e-8);
  CHECK_CLOSE(fabs(g.rt_sums[1]), ref("onedof.ref", "friction.step2.friction"), 1e-8, 0);
  CHECK(fabs(g.rt_sums[0]) <= 10 + 1e-8 && fabs(g.rt_sums[2]) <= 1e-6);
  /* the seed's bar: normal forces balance 0.01 MPa x 400 mm (ramped over step 1's four
   * increments) at every increment, tangential
   * ones the side load (0 in step 1, then 0.05 MPa x 40 mm x the step's load factor) */
  CHECK_INT(run("bar_obstacle.inp", &g), SN_OK);
  CHECK_INT(g.n, 9);
  for (int i = 0; i < g.n && i < 9; i++) {
    CHECK_CLOSE(g.rn_sums[i], i < 4 ? i + 1.0 : 4.0, 1e-8, 0);
    double side = i < 4 ? 0.0 : 0.05 * 40.0 * (i - 3) / 5.0;
    CHECK_CLOSE(fabs(g.rt_sums[i]), side, 1e-8, 1e-10);
  }
  CHECK(g.cone_excess <= 1e-8 * g.rn_max);
  /* the four treatments agree on the bar's contact forces at every increment: interior point
   * and augmented Lagrangian within 1e-4 of Lagrange, penalty (the deck's 1e6) within 1e-2 */
  {
    static grab_t lg, tg;
    CHECK_INT(run_as("bar_obstacle.inp", "LAGRANGE", &lg), SN_OK);
    const char *treat[] = {"INTERIOR", "AUGMENTED", "PENALTY"};
    const double tol[] = {1e-4, 1e-4, 1e-2};
    for (int t = 0; t < 3; t++) {
      CHECK_INT(run_as("bar_obstacle.inp", treat[t], &tg), SN_OK);
      CHECK_INT(tg.n, lg.n);
      double d = 0, fm = 0;
      for (int i = 0; i < lg.n && i < 16; i++)
        for (int k = 0; k < 41; k++) {
          fm = fmax(fm, fabs(lg.fr[i][k][0]));
          d = fmax(d, fmax(fabs(tg.fr[i][k][0] - lg.fr[i][k][0]), fabs(tg.fr[i][k][1] - lg.fr[i][k][1])));
        }
      printf("bar, %s against LAGRANGE: largest force difference / largest force %.2e\n", treat[t], d / fm);
      CHECK(d <= tol[t] * fm);
    }
  }
  /* the 4 x 4 truss: the supports carry 5 f N^2 at the peak */
  CHECK_INT(run("truss4x4.inp", &g), SN_OK);
  CHECK_CLOSE(g.rn_sums[0], 5.0 * 102900.0 * 16.0, 1e-8, 0);
  CHECK(g.cone_excess <= 1e-8 * g.rn_max);
  return sn_check_report();
}
