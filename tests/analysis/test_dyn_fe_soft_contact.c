/* LINEAR contact and *CONTACT DAMPING in *DYNAMIC steps (docs/fe-dynamics.md, "Soft contact and
 * contact damping"): the slave node is held by a spring K A and a dashpot c A, smooth forces of
 * the theta method. The model is CalculiX' contdamp1 made one-dimensional: a C3D8 unit cube
 * (rho = 1: m = 1) tied by *EQUATIONs to node 2, a SPRINGA (k = 10) from a fixed node, node 2 the
 * slave of a NODE TO SURFACE pair on the x = 1 face of a fixed cube (area A = 1: the node is on
 * no element face, it takes the master face's area), LINEAR slope 20, damping 2; F = 4 from rest.
 * The node moves into the master face: a damped oscillator m x'' + c x' + (k + K A) x = F, and
 *  - the scheme's own recurrence (theta = 1/2: (m + theta h c + theta^2 h^2 k') v+ = m v + h F -
 *    h k' u - h^2 k' theta (1 - theta) v - h c (1 - theta) v, u+ = u + h v_theta, k' = k + K A),
 *    written out here, is followed to 1e-12 at every time step, with the contact force A (K x +
 *    c v) (mean over the step);
 *  - the exact solution x = F / k' [1 - exp(-zeta w t) (cos w_d t + zeta / sqrt(1 - zeta^2)
 *    sin w_d t)] within 1e-3 of F / k' (h = 0.005: the trapezoidal rule's phase error);
 *  - an EXPONENTIAL law (below) comes to rest where the spring, the law and the load balance;
 *  - damping with HARD contact, friction with a soft law and TIED are refused with the line. */
#include "check.h"
#include "dyn_run.h"
#include "test_util.h"
#include "analysis/contact_internal.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const double KS = 10, KC = 20, C = 2, F = 4, H = 0.005, M = 1;

typedef struct {
  double u, v;          /* the recurrence's state */
  double err, err_exact, err_force, edev;
  int steps;
} record;

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *en, int output,
                   void *user)
{
  (void)S; (void)output;
  record *R = user;
  double k = KS + KC, th = 0.5, t = inc->total_time;
  if (inc->total_increment > 0) {   /* one step of the scheme from (u, v) */
    double vp = (M * R->v + H * F - H * k * R->u - H * H * k * th * (1 - th) * R->v - H * C * (1 - th) * R->v) /
                (M + th * H * C + th * th * H * H * k);
    double vt = th * vp + (1 - th) * R->v, fc = KC * (R->u + th * H * vt) + C * vt;   /* r_theta, A = 1 */
    R->u += H * vt;
    R->v = vp;
    double fn = 0;
    for (int q = 0; q < inc->ncontact; q++) fn += inc->contact_r[3 * q];
    R->err_force = fmax(R->err_force, fabs(fn - fc));
  }
  double w = sqrt(k / M), z = C / (2 * sqrt(k * M)), wd = w * sqrt(1 - z * z);
  double x = F / k * (1 - exp(-z * w * t) * (cos(wd * t) + z / sqrt(1 - z * z) * sin(wd * t)));
  double u2 = inc->u[3 * sn_model_node_index(m, 2)];
  R->err = fmax(R->err, fabs(u2 - R->u));
  R->err_exact = fmax(R->err_exact, fabs(u2 - x));
  R->edev = fmax(R->edev, fabs(en->total));
  R->steps++;
  return 0;
}

static char *deck(const char *law, const char *extra)
{
  static char b[4096];
  int n = snprintf(b, sizeof b,
                   "*NODE, NSET=NALL\n1, 0, .5, .5\n2, 1, .5, .5\n"
                   "3, 1, 0, 0\n4, 2, 0, 0\n5, 2, 1, 0\n6, 1, 1, 0\n7, 1, 0, 1\n8, 2, 0, 1\n9, 2, 1, 1\n10, 1, 1, 1\n"
                   "11, 1, 0, 0\n12, 2, 0, 0\n13, 2, 1, 0\n14, 1, 1, 0\n15, 1, 0, 1\n16, 2, 0, 1\n17, 2, 1, 1\n18, 1, 1, 1\n"
                   "*ELEMENT, TYPE=SPRINGA, ELSET=ESPRING\n1, 1, 2\n"
                   "*ELEMENT, TYPE=C3D8, ELSET=EMASS\n2, 3, 4, 5, 6, 7, 8, 9, 10\n3, 11, 12, 13, 14, 15, 16, 17, 18\n"
                   "*NSET, NSET=NMASS, GENERATE\n3, 10\n*NSET, NSET=NFIX, GENERATE\n11, 18\n"
                   "*BOUNDARY\n1, 1, 3\n2, 2, 3\nNMASS, 2, 3\nNFIX, 1, 3\n"
                   "*SPRING, ELSET=ESPRING\n\n%g\n"
                   "*SURFACE, NAME=MA\n3, S6\n*SURFACE, NAME=SL, TYPE=NODE\n2\n"
                   "*CONTACT PAIR, INTERACTION=SI, TYPE=NODE TO SURFACE\nSL, MA\n"
                   "*SURFACE INTERACTION, NAME=SI\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=%s\n%s"
                   "*MATERIAL, NAME=EL\n*ELASTIC\n210000., .3\n*DENSITY\n1.\n*SOLID SECTION, ELSET=EMASS, MATERIAL=EL\n",
                   KS, law, extra);
  for (int i = 3; i <= 10; i++) n += snprintf(b + n, sizeof b - (size_t)n, "*EQUATION\n2\n%d, 1, 1., 2, 1, -1.\n", i);
  snprintf(b + n, sizeof b - (size_t)n, "*STEP\n*DYNAMIC\n%g, 1.\n*CLOAD\n4, 1, 1.\n5, 1, 1.\n8, 1, 1.\n9, 1, 1.\n*END STEP\n", H);
  return b;
}

static void oscillator(void)
{
  char msg[512], extra[128];
  snprintf(extra, sizeof extra, "%g\n*CONTACT DAMPING\n%g\n", KC, C);
  const char *d = deck("LINEAR", extra);
  sn_model *m = NULL;
  int st = sn_inp_parse(d, strlen(d), "soft.inp", NULL, &m, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  record R;
  memset(&R, 0, sizeof R);
  CHECK_INT(sn_test_dyn_run(m, "soft.inp", on_step, &R, 1, NULL), SN_OK);
  double xs = F / (KS + KC);
  CHECK_INT(R.steps, 201);
  CHECK(R.err < 1e-12 * xs);
  CHECK(R.err_force < 1e-10 * F);
  CHECK(R.err_exact < 1e-3 * xs);
  CHECK(R.edev < 1e-10 * F * xs);
  printf("recurrence %.1e, contact force %.1e, exact solution %.1e (of F / k' = %.3f), energy total %.1e\n", R.err,
         R.err_force, R.err_exact, xs, R.edev);
  sn_model_free(m);
}

static void refused(const char *law, const char *extra, const char *want)
{
  char msg[512];
  const char *d = deck(law, extra);
  sn_model *m = NULL;
  int st = sn_inp_parse(d, strlen(d), "soft.inp", NULL, &m, msg, sizeof msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  st = sn_dynamic_check(m, msg, sizeof msg);
  CHECK(st != SN_OK);
  if (!strstr(msg, want)) fprintf(stderr, "got '%s', expected '%s'\n", msg, want);
  CHECK(strstr(msg, want) != NULL);
  sn_model_free(m);
}

/* EXPONENTIAL in a *DYNAMIC step: the law's force and slope at the step's start gap, the slope
 * taken implicitly (soft_setup), damped by the *CONTACT DAMPING dashpot: the node comes to rest
 * where the spring, the contact and the load balance, KS x + A p(x) = F (A = 1; p the law
 * sn_law_pressure evaluates, found here by bisection), after 20 s (h = 0.005) */
typedef struct {
  double u;
  int steps;
} rest;

static int on_rest(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *en, int output,
                   void *user)
{
  (void)S; (void)output; (void)en;
  rest *R = user;
  R->u = inc->u[3 * sn_model_node_index(m, 2)];
  R->steps++;
  return 0;
}

static void exponential(void)
{
  char msg[512];
  const char *d0 = deck("EXPONENTIAL", "0.05, 2\n*CONTACT DAMPING\n4\n");
  char *d = sn_test_replace(d0, "*DYNAMIC\n0.005, 1.", "*DYNAMIC\n0.005, 20.");
  CHECK(d != NULL);
  if (!d) return;
  sn_model *m = NULL;
  int st = sn_inp_parse(d, strlen(d), "exp.inp", NULL, &m, msg, sizeof msg);
  free(d);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  if (st) return;
  rest R = {0, 0};
  CHECK_INT(sn_test_dyn_run(m, "exp.inp", on_rest, &R, 1, NULL), SN_OK);
  const sn_interaction *I = &m->interactions[0];
  double lo = -0.05, hi = F / KS, pr, dp;   /* KS x + p(x) - F: negative at lo, positive at hi */
  for (int k = 0; k < 200; k++) {
    double x = 0.5 * (lo + hi);
    sn_law_pressure(I, x, &pr, &dp);
    if (KS * x + pr - F > 0) hi = x; else lo = x;
  }
  double xe = 0.5 * (lo + hi);
  sn_law_pressure(I, xe, &pr, &dp);
  printf("EXPONENTIAL: at rest at %.9g, balance at %.9g (contact pressure %.6g), %d steps\n", R.u, xe, pr, R.steps);
  CHECK_CLOSE(R.u, xe, 1e-4, 0);
  CHECK(pr > 0.5);
  sn_model_free(m);
}

/* an EXPONENTIAL law far stiffer than the time step resolves (c0 = 1e-9, the node starting 0.01
 * away and pushed at it: it crosses the law's whole range within one step, where the law's
 * force and slope overflow): the run stops with the pair's line, the node and the advice, not a
 * bare "not positive definite" */
static void crossed(void)
{
  char msg[512];
  char *d = sn_test_replace(deck("EXPONENTIAL", "1e-9, 2\n"), "\n2, 1, .5, .5\n", "\n2, .99, .5, .5\n");
  CHECK(d != NULL);
  if (!d) return;
  sn_model *m = NULL;
  int st = sn_inp_parse(d, strlen(d), "crossed.inp", NULL, &m, msg, sizeof msg);
  free(d);
  CHECK_INT(st, SN_OK);
  if (st) return;
  rest R = {0, 0};
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = on_rest;
  s.user = &R;
  sn_dynamic_info info;
  st = sn_dynamic_run(m, &s, &info, msg, sizeof msg);
  printf("crossed: status %d after %d steps: %s\n", st, R.steps, msg);
  CHECK_INT(st, SN_ERR_NOT_SPD);
  CHECK(strstr(msg, "line 42: at step time") != NULL);
  CHECK(strstr(msg, "at slave node 2 within one time step") != NULL);
  CHECK(strstr(msg, "a smaller time increment on *DYNAMIC") != NULL);
  sn_model_free(m);
}

int main(void)
{
  oscillator();
  refused("HARD", "*CONTACT DAMPING\n2\n", "line 45: *CONTACT DAMPING with HARD contact");
  refused("LINEAR", "20\n*FRICTION\n0.2, 100\n", "line 42: *FRICTION with a LINEAR, EXPONENTIAL or TABULAR");
  refused("EXPONENTIAL", "0.01, 5\n*FRICTION\n0.2, 100\n", "line 42: *FRICTION with a LINEAR, EXPONENTIAL or TABULAR");
  refused("TIED", "1e3\n", "line 42: a *DYNAMIC analysis enforces HARD (impulses) and LINEAR, EXPONENTIAL or TABULAR");
  exponential();
  crossed();
  return sn_check_report();
}
