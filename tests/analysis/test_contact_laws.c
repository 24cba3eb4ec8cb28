/* The pressure-overclosure laws, friction changes and contact pair options under every contact
 * treatment, on one slave node: node 5 at (0.5, 0) held by a spring of stiffness k = 100 in y
 * (SPRINGA to the fixed node 6) and kx = 50 in x (to the fixed node 7), on the top face (y = 0)
 * of a fixed CPE4 block; a node surface of weight (area) A = 2. References are closed forms of
 * this 1-dof (2-dof with friction) model, written per case below (F: the load on node 5 in -y,
 * h: the overclosure = -u_y, N: the contact force):
 *  LINEAR K:        F = k h + K A h                   -> h = F / (k + K A)
 *  EXPONENTIAL:     F = k h + A p0 exp(ln(100) h / c0)  (solved here by bisection)
 *  TABULAR:         F = k h + A p(h), p piecewise linear through the table (solved by hand)
 *  TIED K (pulled): u_y = F / (k + K A) upwards, N = -K A u_y (tension)
 *  HARD:            h = 0, N = F
 * and with friction (mu, x load Fx = 2, N = 10): stick (the stick slope's spring in series,
 * u_x = Fx / (kx + kt A); exact stick, u_x = 0, with *FRICTION, LAGRANGE under LAGRANGE /
 * INTERIOR, and under AUGMENTED on HARD), slip after *CHANGE FRICTION lowers mu to 0.1:
 * kx u_x = Fx - mu N. *MODEL CHANGE, REMOVE frees the node (u_y = -F / k); ADJUST= moves the
 * node from its initial clearance onto the face (HARD: N = F exactly); *STEP, AMPLITUDE=STEP
 * applies the whole load in the first increment. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *deck_fmt =
    "*NODE\n"
    "1,0,-1\n2,1,-1\n3,1,0\n4,0,0\n5,0.5,%g\n6,0.5,1\n7,1.5,%g\n"
    "*ELEMENT, TYPE=CPE4, ELSET=BLOCK\n1,1,2,3,4\n"
    "*ELEMENT, TYPE=SPRINGA, ELSET=SY\n2,5,6\n"
    "*ELEMENT, TYPE=SPRINGA, ELSET=SX\n3,5,7\n"
    "*NSET, NSET=FIXED\n1,2,3,4,6,7\n"
    "*SURFACE, NAME=TOP\n1,S3\n"
    "*SURFACE, NAME=SN, TYPE=NODE\n5, 2.\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.3\n"
    "*SOLID SECTION, ELSET=BLOCK, MATERIAL=M\n1.\n"
    "*SPRING, ELSET=SY\n100.\n*SPRING, ELSET=SX\n50.\n"
    "*SURFACE INTERACTION, NAME=I\n%s"
    "*CONTACT PAIR, INTERACTION=I%s\nSN, TOP\n"
    "*BOUNDARY\nFIXED, 1, 2\n"
    "%s";

typedef struct {
  int n, np;
  double ux[8], uy[8], rn[8], rt[8];   /* per increment (the last 8) */
  double cdis[8];                      /* CDIS tang along x (contact_cdis.c) */
  double first_rn;
  char solver[40];                     /* the last increment's contact solver */
} result;

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  result *s = user;
  int i = s->n < 8 ? s->n : 7;
  int v = sn_model_node_index(m, 5);
  s->ux[i] = inc->u[2 * v];
  s->uy[i] = inc->u[2 * v + 1];
  s->np = inc->ncontact;
  s->rn[i] = inc->ncontact ? inc->contact_r[0] : 0.0;
  s->rt[i] = inc->ncontact ? inc->contact_r[1] * inc->contact[0].t1[0] : 0.0;
  s->cdis[i] = inc->ncontact && inc->contact_cdis ? inc->contact_cdis[1] * inc->contact[0].t1[0] : NAN;
  if (s->n == 0) s->first_rn = s->rn[0];
  snprintf(s->solver, sizeof s->solver, "%s", inc->contact_solver ? inc->contact_solver : "");
  s->n++;
  return 0;
}

static const char *const treatments[] = {"LAGRANGE", "INTERIOR", "PENALTY", "AUGMENTED"};

/* run the deck: y0 the slave node's height, law the interaction's lines, pairopt the *CONTACT
 * PAIR's extra parameters, steps the steps (%s in them: the treatment) */
static int run(double y0, const char *law, const char *pairopt, const char *steps, const char *treat, result *out)
{
  char deck[8192], st[4096], msg[512];
  snprintf(st, sizeof st, steps, treat, treat, treat);
  snprintf(deck, sizeof deck, deck_fmt, y0, y0, law, pairopt, st);
  memset(out, 0, sizeof *out);
  sn_model *m = NULL;
  int rc = sn_inp_parse(deck, strlen(deck), "laws.inp", NULL, &m, msg, sizeof msg);
  if (rc) { fprintf(stderr, "%s\n", msg); return rc; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = grab;
  s.user = out;
  rc = sn_static_run(m, &s, NULL, msg, sizeof msg);
  if (rc) fprintf(stderr, "%s: %s\n", treat, msg);
  sn_model_free(m);
  return rc;
}

/* one step pressing node 5 by F = 30 in -y (x held) */
static const char *press =
    "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*BOUNDARY\n5, 1\n*CLOAD\n5, 2, -30.\n*END STEP\n";

static double expo_h(double F, double k, double A, double c0, double p0)
{
  double lo = -10 * c0, hi = F / k;           /* F - k h - A p(h): positive at lo, negative at hi */
  for (int i = 0; i < 200; i++) {
    double h = 0.5 * (lo + hi), g = F - k * h - A * p0 * exp(log(100.0) * h / c0);
    if (g > 0) lo = h; else hi = h;
  }
  return 0.5 * (lo + hi);
}

static void laws(const char *t)
{
  result r;
  int pen = !strcmp(t, "PENALTY") || !strcmp(t, "AUGMENTED");
  double F = 30, k = 100, A = 2;
  /* LINEAR, K = 50: h = 30 / (100 + 100) = 0.15, N = 50 * 2 * 0.15 = 15 */
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n", "", press, t, &r), SN_OK);
  CHECK_CLOSE(-r.uy[r.n - 1], F / (k + 50 * A), 1e-8, 1e-12);
  CHECK_CLOSE(r.rn[r.n - 1], 50 * A * F / (k + 50 * A), 1e-8, 1e-10);
  /* LINEAR with sigma_inf = 0.5 in a node-to-surface pair: CalculiX' pressure K h - sigma_inf
     (measured on ccx 2.20, contact_law.c): 30 = 100 h + 2 (50 h - 0.5) -> h = 31 / 200 */
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50., 0.5\n", "", press, t, &r), SN_OK);
  CHECK_CLOSE(-r.uy[r.n - 1], 31.0 / 200, 1e-8, 1e-12);
  CHECK_CLOSE(r.rn[r.n - 1], F - k * 31.0 / 200, 1e-8, 1e-10);
  /* the same through the condensed route (a local solver named: W + the compliance) */
  if (!pen) {
    static const char *press_nsn =
        "*STEP, CONTACT=%s, SOLVER=nsgs\n*STATIC\n1., 1.\n*BOUNDARY\n5, 1\n*CLOAD\n5, 2, -30.\n*END STEP\n";
    CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n", "", press_nsn, t, &r), SN_OK);
    CHECK(!strcmp(r.solver, "condensed-nsgs"));
    CHECK_CLOSE(-r.uy[r.n - 1], F / (k + 50 * A), 1e-8, 1e-12);
  }
  /* EXPONENTIAL, c0 = 0.1, p0 = 1: the root of F = k h + A p0 exp(ln(100) h / c0) */
  double he = expo_h(F, k, A, 0.1, 1.0);
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=EXPONENTIAL\n0.1, 1.\n", "", press, t, &r), SN_OK);
  CHECK_CLOSE(-r.uy[r.n - 1], he, 1e-7, 1e-12);
  CHECK_CLOSE(r.rn[r.n - 1], F - k * he, 1e-7, 1e-10);
  /* TABULAR (p, h): (0, 0), (10, 0.1), (40, 0.2): with F = 30 the root lies on the second
     segment, p = 10 + 300 (h - 0.1): 30 = 100 h + 2 (10 + 300 (h - 0.1)) -> h = 70 / 700 = 0.1
     is the kink; F = 44: 44 = 100 h + 20 + 600 h - 60 -> h = 84 / 700 = 0.12, p = 16 */
  static const char *press44 = "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*BOUNDARY\n5, 1\n*CLOAD\n5, 2, -44.\n*END STEP\n";
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=TABULAR\n0., 0.\n10., 0.1\n40., 0.2\n", "", press44, t, &r),
            SN_OK);
  CHECK_CLOSE(-r.uy[r.n - 1], 0.12, 1e-7, 1e-12);
  CHECK_CLOSE(r.rn[r.n - 1], A * 16.0, 1e-7, 1e-10);
  /* TIED, K = 50, pulled up by 30: u_y = 30 / (100 + 100) = 0.15, N = -15 (tension) */
  static const char *pull = "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*BOUNDARY\n5, 1\n*CLOAD\n5, 2, 30.\n*END STEP\n";
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=TIED\n50.\n", "", pull, t, &r), SN_OK);
  CHECK_CLOSE(r.uy[r.n - 1], 0.15, 1e-8, 1e-12);
  CHECK_CLOSE(r.rn[r.n - 1], -15.0, 1e-8, 1e-10);
  /* HARD: N = F, h = 0 (penalty: h = F / k_pen, small) */
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", "", press, t, &r), SN_OK);
  CHECK_CLOSE(r.rn[r.n - 1], F, pen ? 1e-3 : 1e-8, 1e-10);
  CHECK(fabs(r.uy[r.n - 1]) <= (pen ? 1e-3 : 1e-10));
}

/* stick under mu = 0.3 (N = 10, Fx = 2), then *CHANGE FRICTION to mu = 0.1: slip,
   kx u_x = Fx - mu N = 1 */
static void friction(const char *t)
{
  result r;
  static const char *steps =
      "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*CLOAD\n5, 2, -10.\n5, 1, 2.\n*END STEP\n"
      "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*CHANGE FRICTION, INTERACTION=I\n*FRICTION\n0.1, 1000.\n*END STEP\n";
  int pen = !strcmp(t, "PENALTY") || !strcmp(t, "AUGMENTED");
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n*FRICTION\n0.3, 1000.\n", "", steps, t, &r), SN_OK);
  CHECK_INT(r.n, 2);
  /* step 1, stick: the stick slope 1000 per area in series with kx, u_x = 2 / (50 + 2000), under
     LAGRANGE / INTERIOR (a compliance, exact) and PENALTY; AUGMENTED: exact stick */
  if (!strcmp(t, "AUGMENTED")) CHECK(fabs(r.ux[0]) <= 1e-9);
  else CHECK_CLOSE(r.ux[0], 2.0 / (50 + 2000), pen ? 1e-3 : 1e-8, 1e-12);
  CHECK_CLOSE(r.rn[0], 10.0, pen ? 1e-3 : 1e-8, 1e-10);
  /* step 2, slip at mu = 0.1: the spring takes 1, the contact -1 (against the load); penalty:
     the y spring takes k h of N (h = N / k_pen: 7e-4 of N here) */
  CHECK_CLOSE(r.ux[1], 1.0 / 50, pen ? 2e-3 : 1e-6, 1e-12);
  CHECK_CLOSE(r.rt[1], -1.0, pen ? 2e-3 : 1e-6, 1e-10);
}

/* LINEAR K = 50 with friction (0.3, stick slope 1000), pressed by 30 and pulled by 2 in x from an
   exact touch: h = 30 / (100 + 50 A) = 0.15, N = 15, stick (2 < 4.5): the stick spring 1000 A in
   series with kx, u_x = 2 / (50 + 2000), under every treatment (LAGRANGE / INTERIOR: the stick
   compliance; PENALTY, and AUGMENTED on a LINEAR law: the penalty); *FRICTION, LAGRANGE: exact
   stick, u_x = 0, under LAGRANGE / INTERIOR */
static void linear_friction(const char *t)
{
  result r;
  static const char *steps = "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*CLOAD\n5, 2, -30.\n5, 1, 2.\n*END STEP\n";
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n*FRICTION\n0.3, 1000.\n", "", steps, t, &r), SN_OK);
  CHECK_CLOSE(-r.uy[r.n - 1], 0.15, 1e-8, 1e-12);
  CHECK_CLOSE(r.ux[r.n - 1], 2.0 / 2050, 1e-8, 1e-12);
  int lag = !strcmp(t, "LAGRANGE") || !strcmp(t, "INTERIOR");
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n*FRICTION, LAGRANGE\n0.3, 1000.\n", "", steps, t, &r),
            SN_OK);
  if (lag) CHECK(fabs(r.ux[r.n - 1]) <= 1e-10);
  else CHECK_CLOSE(r.ux[r.n - 1], 2.0 / 2050, 1e-8, 1e-12);
}

/* The stick compliance over increments and steps (src/analysis/contact_stick.c), LINEAR K = 50,
   mu = 0.3, stick slope 1000 (k_t = 1000 A = 2000), pressed by 30 (N = 15), by hand:
   step 1, x load 2 in four increments: stick, r_t = -k_t u_x and kx u_x = Fx + r_t at each, with
   the elastic slip carried from one increment to the next: u_x = (t / 1) 2 / (50 + 2000);
   step 2, x load removed: stick, elastic, back to u_x = 0;
   step 3, x load 6 > mu N = 4.5: slip, |r_t| = mu N, r_t = -4.5, kx u_x = 6 - 4.5: u_x = 0.03.
   CDIS tang (CalculiX': accumulated in contact) is u_x at every increment (the face is fixed).
   The same under every treatment (PENALTY's return map is exact for this law). */
static void stick_compliance(const char *t)
{
  result r;
  static const char *steps =
      "*STEP, CONTACT=%s\n*STATIC, DIRECT\n0.25, 1.\n*CLOAD\n5, 2, -30.\n5, 1, 2.\n*END STEP\n"
      "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*CLOAD\n5, 1, 0.\n*END STEP\n"
      "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*CLOAD\n5, 1, 6.\n*END STEP\n";
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n*FRICTION\n0.3, 1000.\n", "", steps, t, &r), SN_OK);
  CHECK_INT(r.n, 6);
  CHECK_CLOSE(r.ux[0], 0.25 * 2.0 / 2050, 1e-8, 1e-14);
  CHECK_CLOSE(r.ux[3], 2.0 / 2050, 1e-8, 1e-14);
  CHECK_CLOSE(r.rt[3], -2000 * 2.0 / 2050, 1e-8, 1e-12);
  CHECK(fabs(r.ux[4]) <= 1e-12);
  CHECK_CLOSE(r.ux[5], 0.03, 1e-8, 1e-14);
  CHECK_CLOSE(r.rt[5], -4.5, 1e-8, 1e-12);
  CHECK_CLOSE(r.rn[5], 15.0, 1e-8, 1e-12);
  /* CDIS tang: the tangential displacement accumulated in contact (the face is fixed: u_x) */
  CHECK_CLOSE(r.cdis[3], 2.0 / 2050, 1e-8, 1e-14);
  CHECK(fabs(r.cdis[4]) <= 1e-12);
  CHECK_CLOSE(r.cdis[5], 0.03, 1e-8, 1e-14);
}

/* *MODEL CHANGE, REMOVE: pressed onto the face (HARD), then the pair removed: u_y = -F / k */
static void model_change(const char *t)
{
  result r;
  static const char *steps =
      "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*BOUNDARY\n5, 1\n*CLOAD\n5, 2, -30.\n*END STEP\n"
      "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*MODEL CHANGE, TYPE=CONTACT PAIR, REMOVE\nSN, TOP\n*END STEP\n";
  int pen = !strcmp(t, "PENALTY") || !strcmp(t, "AUGMENTED");
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", "", steps, t, &r), SN_OK);
  CHECK_CLOSE(r.rn[0], 30.0, pen ? 1e-3 : 1e-8, 1e-10);
  CHECK_INT(r.np, 0);
  CHECK_CLOSE(r.uy[1], -0.3, 1e-9, 1e-12);
}

/* ADJUST=0.01 moves the node from y = 0.004 onto the face: HARD, N = F exactly, u_y = 0 (without
   it the spring would take k 0.004 = 0.4 first) */
static void adjust(const char *t)
{
  result r;
  CHECK_INT(run(0.004, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", ", ADJUST=0.01", press, t, &r), SN_OK);
  int pen = !strcmp(t, "PENALTY") || !strcmp(t, "AUGMENTED");
  CHECK_CLOSE(r.rn[r.n - 1], 30.0, pen ? 1e-3 : 1e-8, 1e-10);
  CHECK_INT(run(0.004, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", "", press, t, &r), SN_OK);
  CHECK_CLOSE(r.rn[r.n - 1], 30.0 - 0.4, pen ? 1e-3 : 1e-8, 1e-10);
}

/* *STEP, AMPLITUDE=STEP with two fixed increments: the whole load at the first one (LINEAR
   K = 50: N = 15 at once; RAMP: 7.5) */
static void amplitude(const char *t)
{
  result r;
  static const char *steps =
      "*STEP, CONTACT=%s, AMPLITUDE=STEP\n*STATIC, DIRECT\n0.5, 1.\n*BOUNDARY\n5, 1\n*CLOAD\n5, 2, -30.\n*END STEP\n";
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n", "", steps, t, &r), SN_OK);
  CHECK_INT(r.n, 2);
  CHECK_CLOSE(r.first_rn, 15.0, 1e-8, 1e-10);
  CHECK_INT(run(0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n", "", press, t, &r), SN_OK);
}

/* SMALL SLIDING: the pairing of the increment's start kept over the increment. Two master faces,
   a step down: face 1 (x in [0, 1]) at y = 0, face 2 (x in [1, 2]) at y = -0.1; node 5 starts on
   face 1 at x = 0.5 and, in one increment, is moved to x = 1.5 and pushed by 30 (HARD):
   paired freely it lands on face 2 (u_y = -0.1, N = 30 - 100 x 0.1 = 20); with SMALL SLIDING it
   stays paired with face 1, whose edge at (1, 0) it meets beyond the face: u_y = 0, N = 30 */
static void small_sliding(const char *t)
{
  static const char *fmt =
      "*NODE\n1,0,-1\n2,1,-1\n3,1,0\n4,0,0\n11,1,-1.1\n12,2,-1.1\n13,2,-0.1\n14,1,-0.1\n5,0.5,0\n6,0.5,1\n"
      "*ELEMENT, TYPE=CPE4, ELSET=BLOCK\n1,1,2,3,4\n2,11,12,13,14\n"
      "*ELEMENT, TYPE=SPRINGA, ELSET=SY\n3,5,6\n"
      "*NSET, NSET=FIXED\n1,2,3,4,11,12,13,14,6\n"
      "*SURFACE, NAME=TOP\n1,S3\n2,S3\n*SURFACE, NAME=SN, TYPE=NODE\n5\n"
      "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.3\n*SOLID SECTION, ELSET=BLOCK, MATERIAL=M\n1.\n*SPRING, ELSET=SY\n100.\n"
      "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n"
      "*CONTACT PAIR, INTERACTION=I%s\nSN, TOP\n*BOUNDARY\nFIXED, 1, 2\n"
      "*STEP, CONTACT=%s\n*STATIC, DIRECT\n1., 1.\n*BOUNDARY\n5, 1, 1, 1.\n*CLOAD\n5, 2, -30.\n*END STEP\n";
  int pen = !strcmp(t, "PENALTY") || !strcmp(t, "AUGMENTED");
  for (int ss = 0; ss < 2; ss++) {
    char deck[4096], msg[512];
    result r;
    memset(&r, 0, sizeof r);
    snprintf(deck, sizeof deck, fmt, ss ? ", SMALL SLIDING" : "", t);
    sn_model *m = NULL;
    CHECK_INT(sn_inp_parse(deck, strlen(deck), "ss.inp", NULL, &m, msg, sizeof msg), SN_OK);
    if (!m) { fprintf(stderr, "%s\n", msg); continue; }
    sn_static_settings s;
    sn_static_settings_default(&s);
    s.on_increment = grab;
    s.user = &r;
    int rc = sn_static_run(m, &s, NULL, msg, sizeof msg);
    CHECK_INT(rc, SN_OK);
    if (rc) fprintf(stderr, "%s\n", msg);
    sn_model_free(m);
    CHECK_CLOSE(r.ux[0], 1.0, 1e-12, 1e-12);
    if (ss) {
      CHECK_INT(r.np, 1);
      CHECK(fabs(r.uy[0]) <= (pen ? 1e-3 : 1e-9));
      CHECK_CLOSE(r.rn[0], 30.0, pen ? 1e-3 : 1e-8, 1e-10);
    } else {
      CHECK_CLOSE(r.uy[0], -0.1, pen ? 1e-2 : 1e-9, 1e-12);
      CHECK_CLOSE(r.rn[0], 20.0, pen ? 1e-2 : 1e-8, 1e-10);
    }
  }
}

/* EXPONENTIAL in a node-to-surface pair acts up to the clearance c0 only (CalculiX makes no
   contact element beyond it; detect.c): c0 = 0.1, p0 = 1, no load. Node 5 at clearance 0.12: no
   contact point, u = 0; at 0.08: pushed up by the law, k u = A p0 exp(-ln(100) (0.08 + u) / c0) */
static void exponential_reach(const char *t)
{
  result r;
  static const char *free_ =
      "*STEP, CONTACT=%s\n*STATIC\n1., 1.\n*BOUNDARY\n5, 1\n*CLOAD\n5, 2, 0.\n*END STEP\n";
  const char *law = "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=EXPONENTIAL\n0.1, 1.\n";
  CHECK_INT(run(0.12, law, "", free_, t, &r), SN_OK);
  CHECK_INT(r.np, 0);
  CHECK(fabs(r.uy[r.n - 1]) <= 1e-14);
  CHECK_INT(run(0.08, law, "", free_, t, &r), SN_OK);
  CHECK_INT(r.np, 1);
  double lo = 0, hi = 0.02;   /* k u - A p(u): negative at 0, positive at 0.02 */
  for (int i = 0; i < 200; i++) {
    double u = 0.5 * (lo + hi);
    if (100 * u - 2 * exp(-log(100.0) * (0.08 + u) / 0.1) < 0) lo = u; else hi = u;
  }
  CHECK_CLOSE(r.uy[r.n - 1], 0.5 * (lo + hi), 1e-6, 1e-12);
}

/* a C3D8 brick on a fixed one, its bottom tilted (nodes 12, 13 higher by 7e-4), node slave
   surface (a brick corner's area 0.75), EXPONENTIAL c0 = 1e-3, p0 = 1, pressed by 0.15 (x, y
   held): the law lifts it until nodes 11 and 14 carry 0.15 / (2 x 0.75) = 0.1 (clearance about
   c0 / 2); nodes 12 and 13, near 1.2 c0, are beyond c0 and carry nothing. ccx 2.20 on this deck:
   u_z = 4.979623e-4 (11, 14), 4.964141e-4 (12, 13), contact stress 0.10002 at 11 and 14 only
   (with 12 and 13 at p0 exp(-ln(100) h / c0) instead: u_z 5.69e-4, 0.072 at 11) */
static double tilt_uz[4], tilt_rn[4];
static int tilt_np;
static int grab_tilt(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S; (void)user;
  for (int k = 0; k < 4; k++) tilt_uz[k] = inc->u[3 * sn_model_node_index(m, 11 + k) + 2];
  tilt_np = inc->ncontact;
  for (int q = 0; q < inc->ncontact && q < 4; q++) tilt_rn[q] = inc->contact_r[3 * q];
  return 0;
}

static void exponential_tilt(void)
{
  static const char *deck =
      "*NODE\n1,0,0,0\n2,1,0,0\n3,1,1,0\n4,0,1,0\n5,0,0,1\n6,1,0,1\n7,1,1,1\n8,0,1,1\n"
      "11,0,0,1\n12,1,0,1.0007\n13,1,1,1.0007\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
      "*ELEMENT, TYPE=C3D8, ELSET=EBASE\n1,1,2,3,4,5,6,7,8\n*ELEMENT, TYPE=C3D8, ELSET=ETOP\n2,11,12,13,14,15,16,17,18\n"
      "*NSET, NSET=NBOT\n1,2,3,4\n*NSET, NSET=NTOP\n11,12,13,14,15,16,17,18\n*NSET, NSET=NLOAD\n15,16,17,18\n"
      "*NSET, NSET=NSLAVE\n11,12,13,14\n*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., .3\n"
      "*SOLID SECTION, ELSET=EBASE, MATERIAL=STEEL\n*SOLID SECTION, ELSET=ETOP, MATERIAL=STEEL\n"
      "*SURFACE, NAME=SSLAVE, TYPE=NODE\nNSLAVE\n*SURFACE, NAME=SMASTER\n1, S2\n"
      "*CONTACT PAIR, INTERACTION=I1, TYPE=NODE TO SURFACE\nSSLAVE, SMASTER\n"
      "*SURFACE INTERACTION, NAME=I1\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=EXPONENTIAL\n1.E-3, 1.\n"
      "*BOUNDARY\nNBOT, 1, 3\nNTOP, 1, 2\n*STEP\n*STATIC\n1., 1.\n*CLOAD\nNLOAD, 3, -0.0375\n*END STEP\n";
  char msg[512];
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(deck, strlen(deck), "tilt.inp", NULL, &m, msg, sizeof msg), SN_OK);
  if (!m) { fprintf(stderr, "%s\n", msg); return; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = grab_tilt;
  int rc = sn_static_run(m, &s, NULL, msg, sizeof msg);
  CHECK_INT(rc, SN_OK);
  if (rc) fprintf(stderr, "%s\n", msg);
  sn_model_free(m);
  CHECK_INT(tilt_np, 2);
  CHECK_CLOSE(tilt_rn[0], 0.075, 1e-4, 0);   /* 0.75 x 0.1 */
  CHECK_CLOSE(tilt_rn[1], 0.075, 1e-4, 0);
  static const double ccx[4] = {4.979623e-4, 4.964141e-4, 4.964141e-4, 4.979623e-4};
  for (int k = 0; k < 4; k++) CHECK_CLOSE(tilt_uz[k], ccx[k], 1e-4, 0);
}

/* bad input: refused with the deck line and a reason */
static void refused(const char *law, const char *steps, const char *want)
{
  char deck[8192], msg[512];
  snprintf(deck, sizeof deck, deck_fmt, 0.0, 0.0, law, "", steps);
  sn_model *m = NULL;
  int rc = sn_inp_parse(deck, strlen(deck), "laws.inp", NULL, &m, msg, sizeof msg);
  CHECK_INT(rc, SN_ERR_FORMAT);
  CHECK(strstr(msg, want) != NULL);
  if (!strstr(msg, want)) fprintf(stderr, "got: %s\n", msg);
  sn_model_free(m);
}

static void bad_input(void)
{
  {   /* *CONTACT DAMPING: read and kept (it acts in *DYNAMIC steps only) */
    char deck[8192], msg[512];
    snprintf(deck, sizeof deck, deck_fmt, 0.0, 0.0, "*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n50.\n"
             "*CONTACT DAMPING, TANGENT FRACTION=0.5\n2.5e-4\n", "", "*STEP\n*STATIC\n*END STEP\n");
    sn_model *m = NULL;
    CHECK_INT(sn_inp_parse(deck, strlen(deck), "laws.inp", NULL, &m, msg, sizeof msg), SN_OK);
    if (m) {
      CHECK_CLOSE(m->interactions[0].damping, 2.5e-4, 0, 0);
      CHECK_CLOSE(m->interactions[0].damp_tfrac, 0.5, 0, 0);
    }
    sn_model_free(m);
  }
  const char *st = "*STEP\n*STATIC\n*END STEP\n";
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=EXPONENTIAL\n0.1\n", st, "laws.inp:31: PRESSURE-OVERCLOSURE=EXPONENTIAL needs both c0 and p0");
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=TABULAR\n0., 0.1\n1., 0.1\n", st, "laws.inp:33: overclosure 0.1 does not increase");
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=TABULAR\n0., 0., 10., 0.1\n", st, "one pair per line");
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=SOFT\n", st, "PRESSURE-OVERCLOSURE=SOFT is not supported");
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", "*STEP\n*STATIC\n*FRICTION\n0.1\n*END STEP\n",
          "*FRICTION inside a step must follow *CHANGE FRICTION");
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", "*STEP\n*STATIC\n*MODEL CHANGE, TYPE=CONTACT PAIR, REMOVE\nTOP, SN\n*END STEP\n",
          "no *CONTACT PAIR with slave surface TOP and master surface SN");
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", "*STEP\n*STATIC\n*MODEL CHANGE, TYPE=ELEMENT, REMOVE\n1\n*END STEP\n",
          "only TYPE=CONTACT PAIR");
  refused("*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n", "*STEP, AMPLITUDE=SMOOTH\n*STATIC\n*END STEP\n",
          "AMPLITUDE=SMOOTH: expected RAMP or STEP");
}

int main(void)
{
  bad_input();
  for (int k = 0; k < 4; k++) {
    laws(treatments[k]);
    friction(treatments[k]);
    linear_friction(treatments[k]);
    stick_compliance(treatments[k]);
    model_change(treatments[k]);
    adjust(treatments[k]);
    amplitude(treatments[k]);
    small_sliding(treatments[k]);
    exponential_reach(treatments[k]);
  }
  exponential_tilt();
  return sn_check_report();
}
