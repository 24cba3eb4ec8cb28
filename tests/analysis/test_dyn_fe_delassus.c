/* The condensed contact problem of a dynamic step from the block of M_hat^-1 on the contact rows
 * (src/analysis/dynamic_delassus.c) against the global route, which never forms W. The mesh of
 * tests/data/inp/block4_nsn.inp (a C3D8 block of 4 x 4 x 2 elements, 45 x 45 x 16 mm, steel,
 * its 25 bottom nodes against a fixed plate, mu 0.3), HARD contact, thrown at (0.3, 0, -1) times
 * a speed under *DYNAMIC:
 *  - flat: resting on the plate, 1 000 mm/s, 12 time steps of 2e-7 s: it stays in contact and
 *    slides; the first contact step's points (every bottom node) give the block's rows once;
 *  - tilted: the block's nodes lifted by 30 x / 45 mm, 1e5 mm/s, 40 steps of 1e-5 s: it lands
 *    on an edge, its far nodes come within the detection's reach later, and the block's rows
 *    are enlarged once (a second factorization), then it bounces off.
 * Checked in each:
 *  - the default (the condensed local problem, auto) builds every contact step's W from the
 *    block (sn_dynamic_info.delassus_blocks equals the contact steps; delassus_setups as above);
 *  - *STEP, SOLVER=ADMM solves the same steps as global problems (M_hat v+ = f + H p, another
 *    algorithm on another form): displacements and velocities of every node agree within 1e-8
 *    of their largest (both solved to 1e-10; measured 2.7e-11 and 2.0e-10 flat, 8.0e-12 and
 *    1.0e-10 tilted);
 *  - the energy balance of theta = 1/2 (Acary 2016) closes to round-off;
 *  - sn_dynamic_settings.threads = 2 and 3 give the bits of one thread (the library's loops are
 *    deterministic: docs/threads.md; below 512 elements the element passes stay serial, so the
 *    larger block below checks it too). */
#include "check.h"
#include "test_util.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DECK SN_TEST_DATA "/inp/block4_nsn.inp"

typedef struct {
  int ndof;
  double *u, *v;      /* at the last call */
  double e0, dev;     /* the initial total energy, the largest |total - e0| */
  int calls;
} rec;

static int on_step(const sn_model *m, const sn_fesys *S, const sn_increment *inc, const sn_dyn_energy *e, int output,
                   void *user)
{
  (void)m; (void)output;
  rec *R = user;
  R->ndof = sn_fesys_ndof(S);
  if (!R->u) R->u = calloc((size_t)R->ndof, sizeof(double)), R->v = calloc((size_t)R->ndof, sizeof(double));
  if (!R->u || !R->v) return SN_ERR_NOMEM;
  memcpy(R->u, inc->u, sizeof(double) * (size_t)R->ndof);
  memcpy(R->v, inc->v, sizeof(double) * (size_t)R->ndof);
  if (inc->total_increment == 0) R->e0 = e->total;
  R->dev = fmax(R->dev, fabs(e->total - R->e0));
  R->calls++;
  return 0;
}

/* the block's nodes lifted by lift x / 45 (x in [0, 45] mm): tilted, one edge on the plate */
static char *tilted(const char *text, double lift)
{
  const char *p = strstr(text, "*NODE, NSET=BLOCKN\n");
  if (!p) return NULL;
  size_t cap = strlen(text) + 64 * 100 + 1, k = 0;
  char *out = malloc(cap);
  if (!out) return NULL;
  p = strchr(p, '\n') + 1;
  memcpy(out, text, (size_t)(p - text));
  k = (size_t)(p - text);
  while (*p && *p != '*') {               /* "id, x, y, z" */
    int id;
    double x, y, z;
    const char *e = strchr(p, '\n');
    if (!e || sscanf(p, "%d, %lf, %lf, %lf", &id, &x, &y, &z) != 4) { free(out); return NULL; }
    k += (size_t)snprintf(out + k, cap - k, "%d, %.17g, %.17g, %.17g\n", id, x, y, z + lift * x / 45.0);
    p = e + 1;
  }
  snprintf(out + k, cap - k, "%s", p);
  return out;
}

/* the dynamic deck: the static deck's model (its block tilted by lift), HARD contact, a
 * density, the throw, one *DYNAMIC step of steps time steps; solver "" or ", SOLVER=NAME" */
static char *deck(const char *solver, double lift, double speed, double h, int steps)
{
  char *text = sn_test_slurp(DECK);
  if (!text) return NULL;
  char *step = strstr(text, "*STEP");
  if (step) *step = '\0';
  char *tl = tilted(text, lift);
  free(text);
  text = tl;
  if (!text) return NULL;
  char *a = sn_test_replace(text, "PRESSURE-OVERCLOSURE=LINEAR\n1000000, 0.5\n", "PRESSURE-OVERCLOSURE=HARD\n");
  char *b = a ? sn_test_replace(a, "210000., 0.3\n", "210000., 0.3\n*DENSITY\n7.85e-9\n") : NULL;
  char tail[256];
  snprintf(tail, sizeof tail, "*INITIAL CONDITIONS, TYPE=VELOCITY\nBLOCKN, 1, %.17g\nBLOCKN, 3, %.17g\n"
           "*STEP%s\n*DYNAMIC\n%.17g, %.17g\n*END STEP\n", 0.3 * speed, -speed, solver, h, h * steps);
  char *c = b ? malloc(strlen(b) + strlen(tail) + 1) : NULL;
  if (c) strcat(strcpy(c, b), tail);
  free(text); free(a); free(b);
  return c;
}

/* rows: sn_dynamic_settings.delassus_max_rows, mb: condensed_max_mb (0: the defaults) */
static int run_with(const char *solver, const double *throw_, int threads, int rows, double mb, rec *R,
                    sn_dynamic_info *info);

static int run(const char *solver, const double *throw_, int threads, rec *R, sn_dynamic_info *info)
{
  return run_with(solver, throw_, threads, 0, 0.0, R, info);
}

static int run_with(const char *solver, const double *throw_, int threads, int rows, double mb, rec *R,
                    sn_dynamic_info *info)
{
  char *text = deck(solver, throw_[0], throw_[1], throw_[2], (int)throw_[3]), msg[512];
  CHECK(text != NULL);
  if (!text) return SN_ERR_IO;
  sn_model *m = NULL;
  int st = sn_inp_parse(text, strlen(text), "block4_dyn", NULL, &m, msg, sizeof msg);
  free(text);
  CHECK_INT(st, SN_OK);
  if (st) { printf("  %s\n", msg); return st; }
  sn_dynamic_settings s;
  sn_dynamic_settings_default(&s);
  s.on_step = on_step;
  s.user = R;
  s.threads = threads;
  s.delassus_max_rows = rows;
  s.condensed_max_mb = mb;
  st = sn_dynamic_run(m, &s, info, msg, sizeof msg);
  if (st) printf("  run: %s\n", msg);
  sn_model_free(m);
  return st;
}

static double maxabs(int n, const double *a)
{
  double m = 0.0;
  for (int i = 0; i < n; i++) m = fmax(m, fabs(a[i]));
  return m;
}

static double maxdiff(int n, const double *a, const double *b)
{
  double m = 0.0;
  for (int i = 0; i < n; i++) m = fmax(m, fabs(a[i] - b[i]));
  return m;
}

/* the condensed route against the global one and the thread counts on one throw; setups: the
 * factorizations made for the block that the throw must make */
static void scenario(const char *name, const double *throw_, int min_contact, int setups)
{
  rec A = {0}, G = {0}, T2 = {0}, T3 = {0};
  sn_dynamic_info ia, ig, i2, i3;
  CHECK_INT(run("", throw_, 1, &A, &ia), SN_OK);
  CHECK_INT(run(", SOLVER=ADMM", throw_, 1, &G, &ig), SN_OK);
  CHECK_INT(run("", throw_, 2, &T2, &i2), SN_OK);
  CHECK_INT(run("", throw_, 3, &T3, &i3), SN_OK);
  if (A.u && G.u && T2.u && T3.u) {
    int n = A.ndof;
    printf("%s: %d contact steps, W from the block in %d, %d factorization(s) for it; global (admm): %d contact "
           "steps, %d blocks\n", name, ia.contact_steps, ia.delassus_blocks, ia.delassus_setups, ig.contact_steps,
           ig.delassus_blocks);
    CHECK(ia.contact_steps >= min_contact);
    CHECK_INT(ia.delassus_blocks, ia.contact_steps);
    CHECK_INT(ia.delassus_setups, setups);
    CHECK_INT(ig.delassus_blocks, 0);           /* the global route forms no W */
    CHECK_INT(ig.contact_steps, ia.contact_steps);
    double du = maxdiff(n, A.u, G.u), dv = maxdiff(n, A.v, G.v), um = maxabs(n, A.u), vm = maxabs(n, A.v);
    printf("  against the global route: |du| %.2e of max |u| %.3e, |dv| %.2e of max |v| %.3e\n", du, um, dv, vm);
    CHECK(um > 0 && vm > 0);
    CHECK(du <= 1e-8 * um);
    CHECK(dv <= 1e-8 * vm);
    printf("  energy balance: |total - initial| %.2e (condensed), %.2e (global) of %.3e\n", A.dev, G.dev, A.e0);
    CHECK(A.dev <= 1e-9 * A.e0);
    CHECK(G.dev <= 1e-6 * G.e0);
    size_t b = sizeof(double) * (size_t)n;
    CHECK(memcmp(A.u, T2.u, b) == 0 && memcmp(A.v, T2.v, b) == 0);
    CHECK(memcmp(A.u, T3.u, b) == 0 && memcmp(A.v, T3.v, b) == 0);
  }
  free(A.u); free(A.v); free(G.u); free(G.v); free(T2.u); free(T2.v); free(T3.u); free(T3.v);
}

/* The routes where the block is refused (sn_dynamic_settings.delassus_max_rows = 1: the flat
 * throw's 75 rows are too many):
 *  - no SOLVER=: Z = M_hat^-1 H_a by one solve per contact unknown (the default
 *    condensed_max_mb: Z is 225 x 75 doubles): no W from the block, the same motion as the
 *    block's route within 1e-8;
 *  - Z beyond condensed_max_mb (1e-6 MiB), no SOLVER= and SOLVER=AUTO: every contact step
 *    solved in global form by ADMM (global_fallbacks = contact_steps), the bits of *STEP,
 *    SOLVER=ADMM (the same solver on the same problem from the same start);
 *  - SOLVER=NSGS (a local solver named) beyond the bound: kept on the condensed form. */
static void routes(const double *throw_)
{
  rec A = {0}, C = {0}, F = {0}, FA = {0}, N = {0}, G = {0};
  sn_dynamic_info ia, ic, iff, ifa, in, ig;
  CHECK_INT(run("", throw_, 1, &A, &ia), SN_OK);
  CHECK_INT(run_with("", throw_, 1, 1, 0.0, &C, &ic), SN_OK);
  CHECK_INT(run_with("", throw_, 1, 1, 1e-6, &F, &iff), SN_OK);
  CHECK_INT(run_with(", SOLVER=AUTO", throw_, 1, 1, 1e-6, &FA, &ifa), SN_OK);
  CHECK_INT(run_with(", SOLVER=NSGS", throw_, 1, 1, 1e-6, &N, &in), SN_OK);
  CHECK_INT(run(", SOLVER=ADMM", throw_, 1, &G, &ig), SN_OK);
  if (A.u && C.u && F.u && FA.u && N.u && G.u) {
    int n = A.ndof;
    printf("routes: %d contact steps; per column: %d blocks, %d to the global form; Z too large: %d (SOLVER=AUTO "
           "%d, SOLVER=NSGS %d) to the global form\n", ic.contact_steps, ic.delassus_blocks, ic.global_fallbacks,
           iff.global_fallbacks, ifa.global_fallbacks, in.global_fallbacks);
    CHECK(ic.contact_steps >= 10);
    CHECK_INT(ic.contact_steps, ia.contact_steps);
    CHECK_INT(ic.delassus_blocks, 0);
    CHECK_INT(ic.global_fallbacks, 0);
    CHECK_INT(ia.global_fallbacks, 0);
    CHECK_INT(iff.delassus_blocks, 0);
    CHECK_INT(iff.global_fallbacks, iff.contact_steps);
    CHECK_INT(iff.contact_steps, ia.contact_steps);
    CHECK_INT(ifa.global_fallbacks, ifa.contact_steps);
    CHECK_INT(in.global_fallbacks, 0);
    CHECK_INT(in.contact_steps, ia.contact_steps);
    CHECK_INT(ig.global_fallbacks, 0);          /* SOLVER=ADMM asked for: not counted as a fallback */
    double du = maxdiff(n, A.u, C.u), dv = maxdiff(n, A.v, C.v);
    printf("  per column against the block: |du| %.2e, |dv| %.2e\n", du, dv);
    CHECK(du <= 1e-8 * maxabs(n, A.u));
    CHECK(dv <= 1e-8 * maxabs(n, A.v));
    size_t b = sizeof(double) * (size_t)n;
    CHECK(memcmp(F.u, G.u, b) == 0 && memcmp(F.v, G.v, b) == 0);
    CHECK(memcmp(FA.u, G.u, b) == 0 && memcmp(FA.v, G.v, b) == 0);
  }
  free(A.u); free(A.v); free(C.u); free(C.v); free(F.u); free(F.v); free(FA.u); free(FA.v);
  free(N.u); free(N.v); free(G.u); free(G.v);
}

/* Two *STEPs whose *BOUNDARY renumbers the free dofs: tests/data/fe/dyn/block_slide.inp (a CPE4
 * block sliding on a wall under gravity, its 9 bottom nodes in contact), 40 time steps a *STEP.
 * grow: the top nodes 37-45 held in step 1, released in step 2 (*BOUNDARY, OP=NEW): more free
 * dofs in step 2; shrink: the bottom nodes' lines moved after the others (their dofs numbered
 * last), the top nodes held in step 2: fewer. The block's rows of step 1 are then wrong or out of
 * range in step 2 (before: a heap overflow, and a refused factorization); each *STEP starts its
 * own. Both run to the end with every contact step's W from the block, and agree with the global
 * route (SOLVER=ADMM) on the first *STEP's contact steps (counted the same). */
static const char *HOLD = "*BOUNDARY\n37, 1, 2\n38, 1, 2\n39, 1, 2\n40, 1, 2\n41, 1, 2\n42, 1, 2\n43, 1, 2\n"
                          "44, 1, 2\n45, 1, 2\n";
static const char *STEP1 = "*STEP\n*DYNAMIC\n1e-4, 0.1\n*DLOAD\nBLOCK, GRAV, 10, 0, -1, 0\n*END STEP\n";

static char *two_steps(int grow, const char *solver)
{
  char *text = sn_test_slurp(SN_TEST_DATA "/fe/dyn/block_slide.inp"), *out = NULL, s[1024];
  if (!text) return NULL;
  if (grow)
    snprintf(s, sizeof s, "*STEP%s\n*DYNAMIC\n1e-4, 0.004\n%s*DLOAD\nBLOCK, GRAV, 10, 0, -1, 0\n*END STEP\n*STEP%s\n"
             "*DYNAMIC\n1e-4, 0.004\n*BOUNDARY, OP=NEW\nWALLN, 1, 2\n*END STEP\n", solver, HOLD, solver);
  else
    snprintf(s, sizeof s, "*STEP%s\n*DYNAMIC\n1e-4, 0.004\n*DLOAD\nBLOCK, GRAV, 10, 0, -1, 0\n*END STEP\n*STEP%s\n"
             "*DYNAMIC\n1e-4, 0.004\n%s*END STEP\n", solver, solver, HOLD);
  char *a = sn_test_replace(text, STEP1, s);
  if (a && !grow) {                     /* the lines of nodes 1-9 after node 45's */
    char *p1 = strstr(a, "\n1, 0, 0\n"), *p9 = strstr(a, "\n9, 0.2, 0\n"), *p45 = strstr(a, "\n45, 0.2, 0.1\n");
    if (p1 && p9 && p45 && p1 < p9 && p9 < p45) {
      size_t n = strlen(a);
      out = malloc(n + 1);
      char *e9 = p9 + strlen("\n9, 0.2, 0"), *e45 = p45 + strlen("\n45, 0.2, 0.1");
      size_t k = (size_t)(p1 - a);
      memcpy(out, a, k);                                  /* up to node 1's line */
      memcpy(out + k, e9, (size_t)(e45 - e9));            /* nodes 10-45 */
      k += (size_t)(e45 - e9);
      memcpy(out + k, p1, (size_t)(e9 - p1));             /* nodes 1-9 */
      k += (size_t)(e9 - p1);
      strcpy(out + k, e45);
    }
    free(a);
  } else out = a;
  free(text);
  return out;
}

static void renumbered(int grow)
{
  const char *name = grow ? "grow" : "shrink";
  int st[2];
  sn_dynamic_info info[2];
  for (int g = 0; g < 2; g++) {
    char *text = two_steps(grow, g ? ", SOLVER=ADMM" : ""), msg[512];
    CHECK(text != NULL);
    if (!text) return;
    sn_model *m = NULL;
    st[g] = sn_inp_parse(text, strlen(text), name, NULL, &m, msg, sizeof msg);
    free(text);
    CHECK_INT(st[g], SN_OK);
    if (st[g]) { printf("  %s: %s\n", name, msg); return; }
    st[g] = sn_dynamic_run(m, NULL, &info[g], msg, sizeof msg);
    if (st[g]) printf("  %s: %s\n", name, msg);
    sn_model_free(m);
  }
  printf("%s: %d time steps, %d contact steps, W from the block in %d, %d factorization(s) for it (admm: %d "
         "contact steps)\n", name, info[0].steps, info[0].contact_steps, info[0].delassus_blocks,
         info[0].delassus_setups, info[1].contact_steps);
  CHECK_INT(st[0], SN_OK);
  CHECK_INT(st[1], SN_OK);
  CHECK_INT(info[0].steps, 80);
  CHECK(info[0].contact_steps >= 40);          /* the block rests on the wall in both steps */
  CHECK_INT(info[0].delassus_blocks, info[0].contact_steps);
  CHECK(info[0].delassus_setups >= 2);          /* one set for each *STEP */
}

/* threads: the block of 12 x 12 x 4 C3D8 (tests/data/inp/block12_dyn.inp, bench/gen_contact_block.py
 * 12 12 4 --law HARD --dynamic 1000 2e-7 3: 576 + 49 elements, above SN_FESYS_PAR_MIN = 512, so
 * that its element passes may run on threads; 169 contact nodes) with sn_dynamic_settings.threads
 * 1, 2 and 3, and its SOLVER=NSGS variant (the solver's threaded loops): the same bits (the
 * library's own loops; OpenBLAS' count, which the CLI's --threads also sets, is left alone here) */
static void threads(const char *solver)
{
  char *text = sn_test_slurp(SN_TEST_DATA "/inp/block12_dyn.inp"), msg[512];
  CHECK(text != NULL);
  if (!text) return;
  char *t2 = solver ? sn_test_replace(text, "*STEP\n", solver) : text;
  if (t2 != text) free(text);
  if (!t2) return;
  sn_model *m = NULL;
  int st = sn_inp_parse(t2, strlen(t2), "block12_dyn", NULL, &m, msg, sizeof msg);
  free(t2);
  CHECK_INT(st, SN_OK);
  if (st) { printf("  %s\n", msg); return; }
  rec R[3] = {{0}};
  sn_dynamic_info info[3];
  for (int k = 0; k < 3; k++) {
    sn_dynamic_settings s;
    sn_dynamic_settings_default(&s);
    s.on_step = on_step;
    s.user = &R[k];
    s.threads = k + 1;
    CHECK_INT(sn_dynamic_run(m, &s, &info[k], msg, sizeof msg), SN_OK);
  }
  printf("block 12 x 12 x 4%s: %d contact steps, %d solver iterations; threads 1, 2, 3\n", solver ? " (nsgs)" : "",
         info[0].contact_steps, info[0].contact_iterations);
  CHECK_INT(info[0].contact_steps, 3);
  if (R[0].u && R[1].u && R[2].u) {
    size_t b = sizeof(double) * (size_t)R[0].ndof;
    for (int k = 1; k < 3; k++) CHECK(memcmp(R[0].u, R[k].u, b) == 0 && memcmp(R[0].v, R[k].v, b) == 0);
  }
  for (int k = 0; k < 3; k++) free(R[k].u), free(R[k].v);
  sn_model_free(m);
}

int main(void)
{
  /* lift (mm), speed (mm/s), time step (s), time steps */
  scenario("flat", (double[]){0.0, 1000.0, 2e-7, 12}, 6, 1);
  scenario("tilted", (double[]){30.0, 1e5, 1e-5, 40}, 8, 2);
  routes((double[]){0.0, 1000.0, 2e-7, 12});
  renumbered(1);
  renumbered(0);
  threads(NULL);
  threads("*STEP, SOLVER=NSGS\n");
  return sn_check_report();
}
