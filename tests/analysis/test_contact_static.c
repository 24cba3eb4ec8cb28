/* Static analysis with contact (Lagrange multipliers through the solver registry), on a plane
 * strain block (2 x 1, 4 x 2 CPE4) on a rigid flat (a CPE4 rigid body held by its reference
 * node). References are exact for these loadings:
 *  (a) frictionless, uniform pressure p on the top: a uniform stress state, so every contact
 *      node carries the pressure p (CSTR = p), the gap closes (0), and the contact forces sum
 *      to p times the width;
 *  (b) the top lifted by 0.01: the block translates rigidly, every contact opens (r = 0,
 *      gap 0.01);
 *  (c) mu = 0.3, the top pressed down by 0.01 (step 1) then moved sideways by 0.05 (step 2):
 *      the whole interface slides, so the tangential forces sum to mu times the normal ones
 *      (Coulomb on the slip of the increment), against the sliding direction; in step 1 the
 *      symmetric squeeze leaves the middle node stuck. */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *deck_fmt =
    "*NODE\n"
    "1,0,0\n2,0.5,0\n3,1,0\n4,1.5,0\n5,2,0\n"
    "6,0,0.5\n7,0.5,0.5\n8,1,0.5\n9,1.5,0.5\n10,2,0.5\n"
    "11,0,1\n12,0.5,1\n13,1,1\n14,1.5,1\n15,2,1\n"
    "21,-1,-1\n22,3,-1\n23,3,0\n24,-1,0\n100,1,-1\n"
    "*ELEMENT, TYPE=CPE4, ELSET=BLOCK\n"
    "1,1,2,7,6\n2,2,3,8,7\n3,3,4,9,8\n4,4,5,10,9\n5,6,7,12,11\n6,7,8,13,12\n7,8,9,14,13\n8,9,10,15,14\n"
    "*ELEMENT, TYPE=CPE4, ELSET=FLAT\n9,21,22,23,24\n"
    "*ELSET, ELSET=TOPROW\n5,6,7,8\n"
    "*NSET, NSET=TOP\n11,12,13,14,15\n"
    "*SURFACE, NAME=BOT\n1,S1\n2,S1\n3,S1\n4,S1\n"
    "*SURFACE, NAME=FLATTOP\nFLAT,S3\n"
    "*RIGID BODY, ELSET=FLAT, REF NODE=100\n"
    "*MATERIAL, NAME=M\n*ELASTIC\n1000., 0.3\n"
    "*SOLID SECTION, ELSET=BLOCK, MATERIAL=M\n1.\n*SOLID SECTION, ELSET=FLAT, MATERIAL=M\n1.\n"
    "*SURFACE INTERACTION, NAME=I\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=HARD\n%s"
    "*CONTACT PAIR, INTERACTION=I\nBOT, FLATTOP\n"
    "%s";

typedef struct {
  int n, np;
  double sum_rn, sum_rt, min_p, max_p, max_absgap, min_gap, max_rn, max_slip;
  int nslip, nstick, nopen;
} summary;

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)m; (void)S;
  summary *s = user;
  memset(s, 0, sizeof *s);
  s->n = inc->total_increment;
  s->np = inc->ncontact;
  s->min_p = INFINITY; s->max_p = -INFINITY; s->min_gap = INFINITY;
  for (int k = 0; k < inc->ncontact; k++) {
    const double *r = inc->contact_r + 2 * k, *u = inc->contact_u + 2 * k;
    double A = inc->contact[k].area;
    s->sum_rn += r[0];
    s->sum_rt += r[1] * inc->contact[k].t1[0];     /* global x component */
    s->min_p = fmin(s->min_p, r[0] / A);
    s->max_p = fmax(s->max_p, r[0] / A);
    s->max_rn = fmax(s->max_rn, fabs(r[0]));
    s->max_absgap = fmax(s->max_absgap, fabs(u[0]));
    s->min_gap = fmin(s->min_gap, u[0]);
    s->max_slip = fmax(s->max_slip, fabs(u[1]));
    double mu = inc->contact[k].mu;
    if (r[0] <= 1e-9) s->nopen++;
    else if (mu > 0 && fabs(r[1]) >= mu * r[0] * (1 - 1e-6)) s->nslip++;
    else s->nstick++;
  }
  return 0;
}

static sn_static_info last_info;      /* of the last run */
static int use_linear;                /* run(): PRESSURE-OVERCLOSURE=LINEAR */
static int use_sparse;                /* run(): penalty steps on K_eff (sn_static_settings.penalty_schur 0) */

static int run(const char *friction, const char *steps, summary *out, char *msg, size_t len)
{
  char deck[8192];
  snprintf(deck, sizeof deck, deck_fmt, friction, steps);
  if (use_linear) {                     /* the LINEAR pressure-overclosure law instead of HARD */
    char *h = strstr(deck, "PRESSURE-OVERCLOSURE=HARD");
    if (h && strlen(deck) + 3 < sizeof deck) {
      memmove(h + 27, h + 25, strlen(h + 25) + 1);
      memcpy(h, "PRESSURE-OVERCLOSURE=LINEAR", 27);
    }
  }
  sn_model *m = NULL;
  int st = sn_inp_parse(deck, strlen(deck), "block.inp", NULL, &m, msg, len);
  if (st) { fprintf(stderr, "%s\n", msg); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = grab;
  s.user = out;
  s.penalty_schur = !use_sparse;
  sn_static_info info;
  st = sn_static_run(m, &s, &info, msg, len);
  last_info = info;
  if (st) fprintf(stderr, "%s\n", msg);
  sn_model_free(m);
  return st;
}

int main(void)
{
  char msg[512];
  summary s;
  /* (a) frictionless, p = 10 on the top edge (2 wide): every contact node carries 10 */
  CHECK_INT(run("", "*STEP\n*STATIC\n1., 1.\n*BOUNDARY\n100, 1, 2\n1, 1\n*DLOAD\nTOPROW, P3, 10.\n*END STEP\n", &s, msg, sizeof msg), SN_OK);
  CHECK_INT(s.np, 5);
  CHECK_CLOSE(s.min_p, 10.0, 1e-7, 0);
  CHECK_CLOSE(s.max_p, 10.0, 1e-7, 0);
  CHECK_CLOSE(s.sum_rn, 20.0, 1e-7, 0);
  CHECK(s.max_absgap <= 1e-9);
  /* (b) lifted by 0.01: all open, no force */
  CHECK_INT(run("", "*STEP\n*STATIC\n1., 1.\n*BOUNDARY\n100, 1, 2\nTOP, 1, 2, 0.01\n*END STEP\n", &s, msg, sizeof msg), SN_OK);
  CHECK_INT(s.nopen, 5);
  CHECK(s.max_rn <= 1e-9);
  CHECK_CLOSE(s.min_gap, 0.01, 1e-7, 0);
  /* (c) mu = 0.3: squeeze, then slide the top by 0.05 in x (the *STEP parameters: %s) */
  const char *slide_fmt =
      "*STEP%s\n*STATIC\n0.5, 1.\n*BOUNDARY\n100, 1, 2\nTOP, 2, 2, -0.01\n13, 1, 1, 0.\n*END STEP\n"
      "*STEP%s\n*STATIC\n0.5, 1.\n*BOUNDARY\nTOP, 1, 1, 0.05\n*END STEP\n";
  char steps[512], psteps[512], asteps[512];
  snprintf(steps, sizeof steps, slide_fmt, "", "");
  snprintf(psteps, sizeof psteps, slide_fmt, ", CONTACT=PENALTY", ", CONTACT=PENALTY");
  snprintf(asteps, sizeof asteps, slide_fmt, ", CONTACT=AUGMENTED", ", CONTACT=AUGMENTED");
  summary s1;
  CHECK_INT(run("*FRICTION\n0.3\n", steps, &s1, msg, sizeof msg), SN_OK);
  CHECK_INT(s1.n, 4);
  CHECK_INT(s1.nslip, 5);
  CHECK(s1.sum_rn > 0);
  /* the interface slides in +x: the friction force on the block points in -x, mu times N */
  CHECK_CLOSE(s1.sum_rt, -0.3 * s1.sum_rn, 1e-7, 0);
  CHECK(s1.max_slip > 1e-3);
  /* the same with the penalty treatment: the sliding Newton steps (non-symmetric tangent) are
   * solved on the contact rows' Schur complement of K's factor (by default), or by GMRES
   * preconditioned by the symmetric part's Cholesky factor without falling back on UMFPACK
   * (penalty_schur 0): the same answer; the tangential forces are mu times the normal ones
   * (Coulomb's law holds exactly in the penalty return map, whatever the stiffness) */
  {
    summary sp, sq;
    use_sparse = 1;
    CHECK_INT(run("1e5\n*FRICTION\n0.3\n", psteps, &sq, msg, sizeof msg), SN_OK);
    use_sparse = 0;
    CHECK(last_info.gmres_iterations > 0);
    CHECK_INT(last_info.lu_fallbacks, 0);
    CHECK_INT(last_info.penalty_schur_steps, 0);
    printf("penalty sliding, K_eff factorized: %d Newton iterations, %d GMRES products, %d UMFPACK fallbacks\n",
           last_info.newton_iterations, last_info.gmres_iterations, last_info.lu_fallbacks);
    CHECK_INT(run("1e5\n*FRICTION\n0.3\n", psteps, &sp, msg, sizeof msg), SN_OK);
    CHECK_INT(last_info.penalty_schur_steps, last_info.newton_iterations);
    CHECK_INT(last_info.penalty_schur_factors, 2);   /* one per step: step 2 frees node 13's x */
    CHECK_INT(last_info.gmres_iterations, 0);
    printf("penalty sliding, Schur complement: %d Newton iterations\n", last_info.newton_iterations);
    CHECK_CLOSE(sp.sum_rn, sq.sum_rn, 1e-9, 0);
    CHECK_CLOSE(sp.sum_rt, sq.sum_rt, 1e-9, 0);
    CHECK_INT(sp.nslip, 5);
    CHECK_CLOSE(sp.sum_rt, -0.3 * sp.sum_rn, 1e-9, 0);
    CHECK_CLOSE(sp.sum_rn, s1.sum_rn, 0.02, 0);            /* penalty: a little below exact */
    /* a LINEAR law (slope 1e5 per unit area, the nodes' areas 0.25 / 0.5) is a penalty law:
     * AUGMENTED gives exactly the penalty answer (no normal multiplier is ever augmented) */
    summary pl, al;
    use_linear = 1;
    CHECK_INT(run("1e5\n*FRICTION\n0.3\n", psteps, &pl, msg, sizeof msg), SN_OK);
    CHECK_INT(run("1e5\n*FRICTION\n0.3\n", asteps, &al, msg, sizeof msg), SN_OK);
    use_linear = 0;
    CHECK(pl.sum_rn > 0);
    CHECK_CLOSE(al.sum_rn, pl.sum_rn, 1e-9, 0);
    CHECK_CLOSE(al.sum_rt, pl.sum_rt, 1e-9, 0);
    CHECK(fabs(pl.sum_rn - sp.sum_rn) > 1e-3 * sp.sum_rn);   /* per area, not per node: differs */
  }
  CHECK(s1.max_absgap <= 1e-8);
  /* step 1 alone: symmetric squeeze, the middle node sticks, the interface is balanced */
  const char *press = "*STEP\n*STATIC\n0.5, 1.\n*BOUNDARY\n100, 1, 2\nTOP, 2, 2, -0.01\n13, 1, 1, 0.\n*END STEP\n";
  CHECK_INT(run("*FRICTION\n0.3\n", press, &s1, msg, sizeof msg), SN_OK);
  CHECK(s1.nstick >= 1);
  CHECK(fabs(s1.sum_rt) <= 1e-8 * s1.sum_rn);
  /* the four treatments on the squeeze-and-slide: the same answer (penalty: to about its
   * compliance); augmented Lagrangian and interior point to 1e-6 of Lagrange */
  const char *treat[] = {"LAGRANGE", "INTERIOR", "AUGMENTED", "PENALTY"};
  summary ref = {0};
  for (int t = 0; t < 4; t++) {
    char st2[1024];
    snprintf(st2, sizeof st2,
             "*STEP, CONTACT=%s\n*STATIC\n0.5, 1.\n*BOUNDARY\n100, 1, 2\nTOP, 2, 2, -0.01\n13, 1, 1, 0.\n*END STEP\n"
             "*STEP, CONTACT=%s\n*STATIC\n0.5, 1.\n*BOUNDARY\nTOP, 1, 1, 0.05\n*END STEP\n", treat[t], treat[t]);
    summary q;
    CHECK_INT(run("*FRICTION\n0.3\n", st2, &q, msg, sizeof msg), SN_OK);
    if (t == 0) { ref = q; continue; }
    double tol = t == 3 ? 1e-2 : 1e-6;
    if (!(fabs(q.sum_rn - ref.sum_rn) <= tol * ref.sum_rn))
      fprintf(stderr, "%s: total normal force %.10g, Lagrange %.10g\n", treat[t], q.sum_rn, ref.sum_rn);
    CHECK(fabs(q.sum_rn - ref.sum_rn) <= tol * ref.sum_rn);
    CHECK_CLOSE(q.sum_rt, -0.3 * q.sum_rn, 1e-6, 0);
  }
  /* frictionless squeeze: augmented Lagrangian (Uzawa) = Lagrange to 1e-6, and closes the gap */
  {
    const char *sq = "*STEP, CONTACT=%s\n*STATIC\n0.5, 1.\n*BOUNDARY\n100, 1, 2\nTOP, 2, 2, -0.01\n13, 1, 1, 0.\n*END STEP\n";
    char a[512], b[512];
    snprintf(a, sizeof a, sq, "LAGRANGE");
    snprintf(b, sizeof b, sq, "AUGMENTED");
    summary la, al;
    CHECK_INT(run("", a, &la, msg, sizeof msg), SN_OK);
    CHECK_INT(run("", b, &al, msg, sizeof msg), SN_OK);
    CHECK_CLOSE(al.sum_rn, la.sum_rn, 1e-6, 0);
    CHECK_CLOSE(al.max_rn, la.max_rn, 1e-6, 0);   /* forces: pressures use areas of slightly different configurations */
    CHECK(al.max_absgap <= 1e-8);
  }
  /* penalty converges to Lagrange as the stiffness grows: the error falls in proportion */
  double prev = 0;
  for (int e = 0; e < 3; e++) {
    char fr[128], st2[512];
    snprintf(fr, sizeof fr, "*FRICTION\n0.3\n");
    double kpen = 1e4 * pow(10.0, e);
    snprintf(st2, sizeof st2, "*STEP, CONTACT=PENALTY\n*STATIC\n0.5, 1.\n*BOUNDARY\n100, 1, 2\nTOP, 2, 2, -0.01\n13, 1, 1, 0.\n*END STEP\n");
    char deckfr[256];
    snprintf(deckfr, sizeof deckfr, "%s", fr);
    (void)kpen;
    summary q, l;
    /* the HARD data line is the penalty stiffness (per node) */
    char beh[256];
    snprintf(beh, sizeof beh, "%.6g\n*FRICTION\n0.3\n", kpen);
    CHECK_INT(run(beh, st2, &q, msg, sizeof msg), SN_OK);
    CHECK_INT(run("*FRICTION\n0.3\n", "*STEP\n*STATIC\n0.5, 1.\n*BOUNDARY\n100, 1, 2\nTOP, 2, 2, -0.01\n13, 1, 1, 0.\n*END STEP\n", &l, msg, sizeof msg), SN_OK);
    double err = fabs(q.sum_rn - l.sum_rn) / l.sum_rn;
    printf("penalty %g: relative error of the normal force %.3e\n", kpen, err);
    if (e > 0) CHECK(err < 0.2 * prev);
    prev = err;
  }
  /* a rigid body driven by a force on its reference node: the flat pushed up by 20 under the
   * block whose top is held; the contact forces carry the 20 */
  CHECK_INT(run("", "*STEP\n*STATIC\n*BOUNDARY\n100, 1, 1\nTOP, 1, 2\n*CLOAD\n100, 2, 20.\n*END STEP\n", &s, msg, sizeof msg), SN_OK);
  CHECK_CLOSE(s.sum_rn, 20.0, 1e-8, 0);
  CHECK(s.max_absgap <= 1e-9);
  return sn_check_report();
}
