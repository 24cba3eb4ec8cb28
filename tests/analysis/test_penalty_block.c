/* The penalty Newton loop's cost on bench/gen_contact_block.py's model, small: a C3D8 block of
 * 4 x 4 x 2 elements (45 x 45 x 16 mm, steel) pressed by 0.016 mm on a fixed plate in four
 * increments, then its top slid by 0.05 mm along x in four, LINEAR pressure-overclosure (slope
 * 1e6 MPa/mm), mu = 0.3, stick slope 1e5, CONTACT=PENALTY (docs/solvers.md, "Finite-element
 * contact: what an increment costs").
 *  - the predictor (sn_static_settings.extrapolate): the pressing path is proportional (a linear
 *    law, the stick / slip pattern set in the first increment), so from the third increment on the
 *    extrapolated start is the converged state to round-off: no Newton step; the whole run takes
 *    fewer Newton iterations than from the plain start (37 without, 21 with, measured), and every
 *    increment's answer is the same to the Newton tolerance (the top's reactions per increment
 *    within 1e-7 of the largest);
 *  - the Schur route (sn_static_settings.penalty_schur, contact_penalty_schur.c): K factorized
 *    once with the contact rows last, every Newton step a dense solve on those rows (some by
 *    GMRES on an earlier step's dense LU), the same answers as K_eff's factorization and GMRES;
 *  - the physics, exactly: at the end the whole interface slides (mu p reached at a slide of
 *    0.015 mm), so every tangential contact force is mu times its normal one, nearly along -x;
 *    the contact forces balance the top's reactions. */
#include "check.h"
#include "fe_deck.h"

enum { NX = 4, NY = 4, NZ = 2, NINC = 8 };

typedef struct {
  int n;
  int iters[NINC];
  double rtop[NINC][3];    /* the top's reactions summed */
  double fn, ft[3], ftabs; /* last increment: contact forces summed (normal; tangential, global;
                              the tangential forces' magnitudes) */
  int nslip, ncontact;
} track;

static int on_inc(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)S;
  track *t = user;
  if (t->n >= NINC) return 1;
  int k = t->n++;
  t->iters[k] = inc->newton_iterations;
  memset(t->rtop[k], 0, sizeof t->rtop[k]);
  for (int id = 1; id <= (NX + 1) * (NY + 1); id++) {   /* the top layer's nodes */
    int i = sn_model_node_index(m, id);
    for (int c = 0; c < 3; c++) t->rtop[k][c] += inc->rf[3 * i + c];
  }
  t->fn = t->ftabs = 0;
  memset(t->ft, 0, sizeof t->ft);
  t->nslip = 0;
  t->ncontact = inc->ncontact;
  for (int q = 0; q < inc->ncontact; q++) {
    const sn_contact_point *p = &inc->contact[q];
    const double *r = inc->contact_r + 3 * q;
    t->fn += r[0];
    for (int c = 0; c < 3; c++) t->ft[c] += r[1] * p->t1[c] + r[2] * p->t2[c];
    t->ftabs += hypot(r[1], r[2]);
    if (r[0] > 0 && hypot(r[1], r[2]) >= 0.3 * r[0] * (1 - 1e-9)) t->nslip++;
  }
  return 0;
}

static void deck(fd_buf *b)
{
  const double lx = 45, ly = 45, lz = 16, mg = 45 / 18.0;
  fd_print(b, "*NODE, NSET=BLOCKN\n");
  for (int k = 0; k <= NZ; k++)             /* numbered top layer first: node index = id - 1 */
    for (int j = 0; j <= NY; j++)
      for (int i = 0; i <= NX; i++)
        fd_print(b, "%d, %.10g, %.10g, %.10g\n", 1 + i + (NX + 1) * (j + (NY + 1) * k), lx * i / NX, ly * j / NY,
                 lz * (NZ - k) / NZ);
  fd_print(b, "*NODE, NSET=PLATEN\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < 8; j++)
      for (int i = 0; i < 8; i++)
        fd_print(b, "%d, %.10g, %.10g, %.10g\n", 1001 + i + 8 * (j + 8 * k), -mg + (lx + 2 * mg) * i / 7,
                 -mg + (ly + 2 * mg) * j / 7, -5.0 + 5.0 * k);
  fd_print(b, "*ELEMENT, TYPE=C3D8, ELSET=BLOCK\n");
  /* layer k counted from the bottom: nodes of z level k have k' = NZ - k */
#define NID(i, j, k) (1 + (i) + (NX + 1) * ((j) + (NY + 1) * (NZ - (k))))
  for (int k = 0; k < NZ; k++)
    for (int j = 0; j < NY; j++)
      for (int i = 0; i < NX; i++)
        fd_print(b, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", 1 + i + NX * (j + NY * k), NID(i, j, k), NID(i + 1, j, k),
                 NID(i + 1, j + 1, k), NID(i, j + 1, k), NID(i, j, k + 1), NID(i + 1, j, k + 1), NID(i + 1, j + 1, k + 1),
                 NID(i, j + 1, k + 1));
#undef NID
  fd_print(b, "*ELEMENT, TYPE=C3D8, ELSET=PLATE\n");
  for (int j = 0; j < 7; j++)
    for (int i = 0; i < 7; i++) {
      int a = 1001 + i + 8 * j;
      fd_print(b, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", 101 + i + 7 * j, a, a + 1, a + 9, a + 8, a + 64, a + 65, a + 73,
               a + 72);
    }
  fd_print(b, "*NSET, NSET=TOP, GENERATE\n1, %d, 1\n", (NX + 1) * (NY + 1));
  fd_print(b, "*ELSET, ELSET=BOTTOMEL, GENERATE\n1, %d, 1\n", NX * NY);
  fd_print(b, "*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., 0.3\n"
              "*SOLID SECTION, ELSET=BLOCK, MATERIAL=STEEL\n*SOLID SECTION, ELSET=PLATE, MATERIAL=STEEL\n"
              "*SURFACE, NAME=SLAVE, TYPE=ELEMENT\nBOTTOMEL, S1\n*SURFACE, NAME=PLANE, TYPE=ELEMENT\nPLATE, S2\n"
              "*CONTACT PAIR, INTERACTION=SP, TYPE=NODE TO SURFACE\nSLAVE, PLANE\n"
              "*SURFACE INTERACTION, NAME=SP\n*SURFACE BEHAVIOR, PRESSURE-OVERCLOSURE=LINEAR\n1e6, 0.5\n"
              "*FRICTION\n0.3, 1e5\n*BOUNDARY\nPLATEN, 1, 3\n");
  for (int s = 0; s < 2; s++)
    fd_print(b, "*STEP, INC=100, CONTACT=PENALTY\n*STATIC, DIRECT\n0.25, 1.\n*BOUNDARY\nTOP, 1, 1, %g\nTOP, 2, 2, 0.\n"
                "TOP, 3, 3, -0.016\n*END STEP\n", s ? 0.05 : 0.0);
}

static int run(int extrapolate, int schur, track *t, sn_static_info *info)
{
  fd_buf b = {0};
  deck(&b);
  char msg[512];
  sn_model *m = NULL;
  int st = sn_inp_parse(b.s, b.n, "block.inp", NULL, &m, msg, sizeof msg);
  free(b.s);
  if (st) { fprintf(stderr, "%s\n", msg); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.extrapolate = extrapolate;
  s.penalty_schur = schur;
  s.on_increment = on_inc;
  s.user = t;
  memset(t, 0, sizeof *t);
  st = sn_static_run(m, &s, info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  sn_model_free(m);
  return st;
}

/* the largest difference of the top's reactions over the increments, and the largest of them */
static double reaction_diff(const track *a, const track *b, double *big)
{
  double diff = 0;
  *big = 0;
  for (int k = 0; k < NINC; k++)
    for (int c = 0; c < 3; c++) {
      *big = fmax(*big, fabs(a->rtop[k][c]));
      diff = fmax(diff, fabs(a->rtop[k][c] - b->rtop[k][c]));
    }
  return diff;
}

int main(void)
{
  track a, b, c;
  sn_static_info ia, ib, ic;
  CHECK_INT(run(0, 0, &a, &ia), SN_OK);     /* plain start, K_eff factorized at each step */
  CHECK_INT(run(1, 0, &b, &ib), SN_OK);     /* predicted start */
  CHECK_INT(run(1, 1, &c, &ic), SN_OK);     /* predicted, on the Schur complement (the default) */
  CHECK_INT(a.n, NINC);
  CHECK_INT(b.n, NINC);
  CHECK_INT(c.n, NINC);
  printf("Newton iterations per increment, plain start / predicted:");
  for (int k = 0; k < NINC; k++) printf(" %d/%d", a.iters[k], b.iters[k]);
  printf("; total %d / %d\n", ia.newton_iterations, ib.newton_iterations);
  /* the slave surface touches the plate in the deck (gap 0): its points take the LINEAR law's
   * slope as tangent from the first iteration (sigma_inf shifts the law, leaving them just open
   * at gap 0: 11 iterations, four of them halvings of a first step without contact support) */
  CHECK(a.iters[0] <= 5);
  CHECK(c.iters[0] <= 5);
  /* the predictor's start of the pressing increments 3 and 4 is converged already */
  CHECK_INT(b.iters[2], 0);
  CHECK_INT(b.iters[3], 0);
  CHECK(a.iters[2] >= 2 && a.iters[3] >= 2);
  CHECK(ib.newton_iterations + 10 <= ia.newton_iterations);
  /* the same answers to the Newton tolerance */
  double big, diff = reaction_diff(&a, &b, &big);
  printf("top reactions: largest %.6g N, largest difference %.3g N\n", big, diff);
  CHECK(big > 1e5);
  CHECK(diff <= 1e-7 * big);
  /* the Schur route: one factorization of K for the run (both steps hold the same dofs), every
   * Newton step on it, no GMRES; the same answers to the Newton tolerance (its iterates are the
   * sparse route's to round-off; the stick / slip switches of the first sliding increment may
   * take another path from there: 5 or 9 iterations measured) */
  CHECK(ib.gmres_iterations > 0);
  CHECK_INT(ib.penalty_schur_steps, 0);
  CHECK_INT(ic.penalty_schur_factors, 1);
  CHECK_INT(ic.penalty_schur_steps, ic.newton_iterations);
  CHECK_INT(ic.gmres_iterations, 0);
  CHECK(ic.penalty_schur_reuses > 0);       /* GMRES on an earlier step's dense LU */
  CHECK_INT(ic.lu_fallbacks, 0);
  diff = reaction_diff(&b, &c, &big);
  printf("Schur complement route: %d Newton iterations (%d of them by GMRES on an earlier dense LU), %d factorization "
         "of K; top reactions' largest difference %.3g N\n", ic.newton_iterations, ic.penalty_schur_reuses,
         ic.penalty_schur_factors, diff);
  CHECK(diff <= 1e-7 * big);
  /* gross sliding at the end: Coulomb exactly, against the slide; equilibrium with the top */
  CHECK_INT(c.ncontact, (NX + 1) * (NY + 1));
  CHECK_INT(c.nslip, (NX + 1) * (NY + 1));
  CHECK_CLOSE(c.ftabs, 0.3 * c.fn, 1e-9, 0);
  CHECK(c.ft[0] < -0.299 * c.fn);           /* nearly all along -x (Poisson: a little y each side) */
  CHECK(fabs(c.ft[1]) <= 1e-9 * c.fn);
  CHECK_CLOSE(c.rtop[NINC - 1][2], -c.fn, 1e-6, 0);
  CHECK_CLOSE(c.rtop[NINC - 1][0], -c.ft[0], 1e-6, 0);
  return sn_check_report();
}
