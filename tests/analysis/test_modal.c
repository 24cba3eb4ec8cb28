/* *MODAL DYNAMIC against closed forms. The model: one C3D8 bar (length L = 2, section 1 x 1,
 * E = 1000, nu = 0, rho = 3) held at x = 0, its tip nodes held laterally, loaded axially at the
 * tip by 4 x 5 = F = 20: in the axial mode the bar is one dof with k = E A / L = 500 and the
 * consistent mass m = rho A L / 3 = 2 (the trilinear mass of a mode linear in x, exact with
 * 2x2x2 Gauss points), omega^2 = k / m = 250; the antisymmetric tip modes take no load. A
 * single-dof oscillator from rest (e.g. Clough & Penzien, "Dynamics of Structures", ch. 4):
 *  (a) undamped step load: u = F/k (1 - cos wt), v = F/k w sin wt, at every increment;
 *  (b) *MODAL DAMPING, RAYLEIGH alpha: zeta = alpha / (2 w), under-damped
 *      u = F/k (1 - e^{-zeta w t} (cos wd t + zeta / sqrt(1 - zeta^2) sin wd t)), wd = w sqrt(1 - zeta^2);
 *  (c) over-damped (beta, zeta = beta w / 2 > 1):
 *      u = F/k (1 - e^{-zeta w t} (cosh w' t + zeta / sqrt(zeta^2 - 1) sinh w' t)), w' = w sqrt(zeta^2 - 1);
 *  (d) a ramp load F t / T (*AMPLITUDE 0 -> 1 over T) with coarse increments: exact for loads
 *      linear within an increment, u = F/k (t/T - sin(wt) / (w T));
 *  (e) a 2-element bar (two axial dofs, free dofs a = mid, b = tip; k = 2 E A / L per element,
 *      lumped nothing: consistent masses) against the modal solution computed here from the
 *      2 x 2 K, M: the step load on the tip excites both modes;
 *  (f) errors: no *FREQUENCY, STORAGE=YES before; *MODAL DAMPING without RAYLEIGH; a contact
 *      closed at the step's start (deck:line messages). */
#define _POSIX_C_SOURCE 200809L
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  int n, node;             /* increments seen; the node whose axial u, v are kept */
  double t[64], u[64], v[64];
} hist;

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  hist *h = user;
  if (inc->step != m->nsteps || h->n >= 64 || !inc->v) return 0;
  h->t[h->n] = inc->step_time;
  h->u[h->n] = inc->u[m->ndf * h->node];
  h->v[h->n] = inc->v[m->ndf * h->node];
  h->n++;
  return 0;
}

static int run(const char *deck, hist *h, int node_id, char *msg, size_t len)
{
  sn_model *m = NULL;
  memset(h, 0, sizeof *h);
  int st = sn_inp_parse(deck, strlen(deck), "modal.inp", NULL, &m, msg, len);
  if (st) { sn_model_free(m); return st; }
  for (int i = 0; i < m->nnodes; i++)
    if (m->node_id[i] == node_id) h->node = i;
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = grab;
  s.user = h;
  st = sn_static_run(m, &s, NULL, msg, len);
  sn_model_free(m);
  return st;
}

/* the one-element bar; extra: the step's loads, damping, amplitude lines */
static void bar1(char *d, size_t cap, const char *model_extra, const char *step_line, const char *step_extra)
{
  snprintf(d, cap,
           "*NODE, NSET=NALL\n1, 0, 0, 0\n2, 2, 0, 0\n3, 2, 1, 0\n4, 0, 1, 0\n5, 0, 0, 1\n6, 2, 0, 1\n7, 2, 1, 1\n8, 0, 1, 1\n"
           "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n"
           "*NSET, NSET=TIP\n2, 3, 6, 7\n*NSET, NSET=ROOT\n1, 4, 5, 8\n"
           "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*DENSITY\n3.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
           "*BOUNDARY\nROOT, 1, 3\nTIP, 2, 3\n%s"
           "*STEP\n*FREQUENCY, STORAGE=YES\n4\n*END STEP\n"
           "*STEP, INC=1000\n*MODAL DYNAMIC\n%s\n*CLOAD%s\nTIP, 1, 5.\n%s*END STEP\n",
           model_extra, step_line, strstr(model_extra, "RAMP") ? ", AMPLITUDE=RAMP" : "", step_extra);
}

static const double K = 500.0, F = 20.0, W2 = 250.0;

static void test_undamped(void)
{
  char d[4096], msg[512];
  hist h;
  bar1(d, sizeof d, "", "0.01, 0.3", "");
  CHECK_INT(run(d, &h, 2, msg, sizeof msg), SN_OK);
  CHECK_INT(h.n, 30);
  double w = sqrt(W2), worst = 0, worstv = 0;
  for (int i = 0; i < h.n; i++) {
    worst = fmax(worst, fabs(h.u[i] - F / K * (1 - cos(w * h.t[i]))));
    worstv = fmax(worstv, fabs(h.v[i] - F / K * w * sin(w * h.t[i])));
  }
  CHECK(worst < 1e-12 * F / K * 2);
  CHECK(worstv < 1e-11 * F / K * w);
  CHECK_CLOSE(h.t[h.n - 1], 0.3, 1e-12, 0);
}

static void test_damped(void)
{
  char d[4096], msg[512];
  hist h;
  double w = sqrt(W2), alpha = 6.0, z = alpha / (2 * w), wd = w * sqrt(1 - z * z);
  bar1(d, sizeof d, "", "0.02, 0.4", "*MODAL DAMPING, RAYLEIGH\n, , 6., 0.\n");
  CHECK_INT(run(d, &h, 2, msg, sizeof msg), SN_OK);
  CHECK_INT(h.n, 20);
  double worst = 0;
  for (int i = 0; i < h.n; i++) {
    double t = h.t[i], e = exp(-z * w * t);
    worst = fmax(worst, fabs(h.u[i] - F / K * (1 - e * (cos(wd * t) + z / sqrt(1 - z * z) * sin(wd * t)))));
  }
  CHECK(worst < 1e-12);
  /* over-damped: beta = 0.2, zeta = 0.1 w = 1.58 */
  double beta = 0.2;
  z = beta * w / 2;
  double wp = w * sqrt(z * z - 1);
  bar1(d, sizeof d, "", "0.02, 0.4", "*MODAL DAMPING, RAYLEIGH\n, , 0., 0.2\n");
  CHECK_INT(run(d, &h, 2, msg, sizeof msg), SN_OK);
  worst = 0;
  for (int i = 0; i < h.n; i++) {
    double t = h.t[i], e = exp(-z * w * t);
    worst = fmax(worst, fabs(h.u[i] - F / K * (1 - e * (cosh(wp * t) + z / sqrt(z * z - 1) * sinh(wp * t)))));
  }
  CHECK(worst < 1e-12);
}

static void test_ramp(void)
{
  char d[4096], msg[512];
  hist h;
  /* amplitude RAMP: 0 at t = 0, 1 at T = 0.5, increments 0.1 (about a quarter period each) */
  bar1(d, sizeof d, "*AMPLITUDE, NAME=RAMP\n0., 0., 0.5, 1.\n", "0.1, 0.5", "");
  CHECK_INT(run(d, &h, 2, msg, sizeof msg), SN_OK);
  CHECK_INT(h.n, 5);
  double w = sqrt(W2), T = 0.5, worst = 0;
  for (int i = 0; i < h.n; i++) worst = fmax(worst, fabs(h.u[i] - F / K * (h.t[i] / T - sin(w * h.t[i]) / (w * T))));
  CHECK(worst < 1e-12);
}

/* two C3D8 in a row (x = 0, 1, 2), nodes 9..12 at the tip: free axial dofs mid (a) and tip (b).
 * Per element k = E A / l = 1000, consistent axial mass rho A l / 6 [2 1; 1 2] = [1 0.5; 0.5 1].
 * K = [2000 -1000; -1000 1000], M = [2 0.5; 0.5 1] (per node group of 4; the tip load 20 in
 * all: the group's resultant), solved here by the 2 x 2 generalized eigenproblem. */
static void test_two_dof(void)
{
  char d[4096], msg[512];
  hist h;
  snprintf(d, sizeof d,
           "*NODE, NSET=NALL\n1, 0, 0, 0\n2, 1, 0, 0\n3, 1, 1, 0\n4, 0, 1, 0\n5, 0, 0, 1\n6, 1, 0, 1\n7, 1, 1, 1\n8, 0, 1, 1\n"
           "9, 2, 0, 0\n10, 2, 1, 0\n11, 2, 0, 1\n12, 2, 1, 1\n"
           "*ELEMENT, TYPE=C3D8, ELSET=EALL\n1, 1, 2, 3, 4, 5, 6, 7, 8\n2, 2, 9, 10, 3, 6, 11, 12, 7\n"
           "*NSET, NSET=TIP\n9, 10, 11, 12\n*NSET, NSET=MID\n2, 3, 6, 7\n*NSET, NSET=ROOT\n1, 4, 5, 8\n"
           "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.\n*DENSITY\n3.\n*SOLID SECTION, ELSET=EALL, MATERIAL=M\n"
           "*BOUNDARY\nROOT, 1, 3\nTIP, 2, 3\nMID, 2, 3\n"
           "*STEP\n*FREQUENCY, STORAGE=YES\n8\n*END STEP\n"
           "*STEP, INC=1000\n*MODAL DYNAMIC, DIRECT=NO, DELTMX=1.\n0.005, 0.2\n*CLOAD\nTIP, 1, 5.\n*END STEP\n");
  CHECK_INT(run(d, &h, 9, msg, sizeof msg), SN_OK);
  CHECK_INT(h.n, 40);
  /* det(K - l M) = 0: (2000 - 2l)(1000 - l) - (-1000 - 0.5 l)^2 = 1.75 l^2 - 5000 l + 1e6 */
  double A = 1.75, B = -5000, C = 1e6, disc = sqrt(B * B - 4 * A * C);
  double lam[2] = {(-B - disc) / (2 * A), (-B + disc) / (2 * A)}, worst = 0, scale = 0;
  for (int i = 0; i < h.n; i++) {
    double ub = 0;
    for (int j = 0; j < 2; j++) {
      /* mode (1, r): (2000 - 2 l) + (-1000 - 0.5 l) r = 0; M-norm^2 = 2 + r + r^2 */
      double l = lam[j], r = (2000 - 2 * l) / (1000 + 0.5 * l), nm = 2 + 2 * 0.5 * r + r * r;
      double pj = r * F / nm;            /* phi^T f / (phi^T M phi), the tip's modal load */
      ub += r * pj / l * (1 - cos(sqrt(l) * h.t[i]));
    }
    worst = fmax(worst, fabs(h.u[i] - ub));
    scale = fmax(scale, fabs(ub));
  }
  CHECK(worst < 1e-10 * scale);
}

static void test_errors(void)
{
  char d[4096], msg[512];
  hist h;
  bar1(d, sizeof d, "", "0.01, 0.1", "");
  char *p = strstr(d, ", STORAGE=YES");
  memmove(p, p + 13, strlen(p + 13) + 1);
  CHECK_INT(run(d, &h, 2, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "modal.inp:") && strstr(msg, "STORAGE=YES"));
  bar1(d, sizeof d, "", "0.01, 0.1", "*MODAL DAMPING\n, , 1., 0.\n");
  CHECK_INT(run(d, &h, 2, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "modal.inp:") && strstr(msg, "RAYLEIGH"));
  /* a contact closed at the start: the tip nodes 0.1 inside a second (held) block */
  bar1(d, sizeof d,
       "*NODE\n21, 1.9, 0, 0\n22, 3, 0, 0\n23, 3, 1, 0\n24, 1.9, 1, 0\n25, 1.9, 0, 1\n26, 3, 0, 1\n27, 3, 1, 1\n28, 1.9, 1, 1\n"
       "*ELEMENT, TYPE=C3D8, ELSET=E2\n2, 21, 22, 23, 24, 25, 26, 27, 28\n*SOLID SECTION, ELSET=E2, MATERIAL=M\n"
       "*NSET, NSET=B2\n21, 22, 23, 24, 25, 26, 27, 28\n*BOUNDARY\nB2, 1, 3\n"
       "*SURFACE, NAME=SM\n2, S6\n*SURFACE, NAME=SS, TYPE=NODE\nTIP\n*SURFACE INTERACTION, NAME=I\n"
       "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1e5\n*CONTACT PAIR, INTERACTION=I\nSS, SM\n",
       "0.01, 0.1", "");
  CHECK_INT(run(d, &h, 2, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "closed at the step's start"));
  if (!strstr(msg, "closed at the step's start")) fprintf(stderr, "message: %s\n", msg);
}

int main(void)
{
  test_undamped();
  test_damped();
  test_ramp();
  test_two_dof();
  test_errors();
  return sn_check_report();
}
