/* The equation solvers of the static analysis agree: CHOLMOD and Jacobi-preconditioned CG on the
 * same clamped C3D8 block under pressure (as bench/gen_block.py writes it), chosen by the
 * settings or by the deck's *STATIC, SOLVER= (CalculiX' names); a bad solver name is refused
 * with its line. Reference: the CHOLMOD solution (itself checked against CalculiX in
 * test_ccx_compare and test_cli). */
#include "check.h"
#include "signorini/analysis.h"
#include "signorini/io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { N = 6 };

static char *block_deck(const char *static_line)
{
  size_t cap = 1 << 20, len = 0;
  char *s = malloc(cap);
#define OUT(...) (len += (size_t)snprintf(s + len, cap - len, __VA_ARGS__))
  OUT("*NODE\n");
  for (int k = 0; k <= N; k++)
    for (int j = 0; j <= N; j++)
      for (int i = 0; i <= N; i++)
        OUT("%d, %g, %g, %g\n", 1 + i + (N + 1) * (j + (N + 1) * k), (double)i / N, (double)j / N, (double)k / N);
  OUT("*ELEMENT, TYPE=C3D8, ELSET=B\n");
  for (int k = 0; k < N; k++)
    for (int j = 0; j < N; j++)
      for (int i = 0; i < N; i++) {
#define ND(a, b, c) (1 + (a) + (N + 1) * ((b) + (N + 1) * (c)))
        OUT("%d, %d, %d, %d, %d, %d, %d, %d, %d\n", 1 + i + N * (j + N * k), ND(i, j, k), ND(i + 1, j, k),
            ND(i + 1, j + 1, k), ND(i, j + 1, k), ND(i, j, k + 1), ND(i + 1, j, k + 1), ND(i + 1, j + 1, k + 1),
            ND(i, j + 1, k + 1));
      }
  OUT("*NSET, NSET=BOTTOM, GENERATE\n1, %d, 1\n", (N + 1) * (N + 1));
  OUT("*ELSET, ELSET=TOP, GENERATE\n%d, %d, 1\n", 1 + N * N * (N - 1), N * N * N);
  OUT("*MATERIAL, NAME=STEEL\n*ELASTIC\n210000., 0.3\n*SOLID SECTION, ELSET=B, MATERIAL=STEEL\n");
  OUT("*BOUNDARY\nBOTTOM, 1, 3\n*STEP\n%s\n1., 1.\n*DLOAD\nTOP, P2, 100.\n*END STEP\n", static_line);
  return s;
}

typedef struct { double *u; int n; } keep;

static int grab(const sn_model *m, const sn_fesys *S, const sn_increment *inc, void *user)
{
  (void)m;
  keep *k = user;
  k->n = sn_fesys_ndof(S);
  free(k->u);
  k->u = malloc(sizeof(double) * (size_t)k->n);
  memcpy(k->u, inc->u, sizeof(double) * (size_t)k->n);
  return 0;
}

static int run(const char *static_line, int solver, keep *k, sn_static_info *info)
{
  char msg[512];
  char *text = block_deck(static_line);
  sn_model *m = NULL;
  int st = sn_inp_parse(text, strlen(text), "block.inp", NULL, &m, msg, sizeof msg);
  free(text);
  if (st) { fprintf(stderr, "%s\n", msg); return st; }
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.linear_solver = solver;
  s.on_increment = grab;
  s.user = k;
  st = sn_static_run(m, &s, info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  sn_model_free(m);
  return st;
}

static double maxdiff(const keep *a, const keep *b)
{
  double d = 0, m = 0;
  for (int i = 0; i < a->n; i++) { d = fmax(d, fabs(a->u[i] - b->u[i])); m = fmax(m, fabs(b->u[i])); }
  return d / m;
}

int main(void)
{
  keep direct = {0}, cg = {0}, deck_cg = {0}, deck_direct = {0};
  sn_static_info info;
  CHECK_INT(run("*STATIC", 1, &direct, &info), SN_OK);
  CHECK_INT(info.iterative, 0);
  CHECK_INT(run("*STATIC", 2, &cg, &info), SN_OK);
  CHECK_INT(info.iterative, 1);
  CHECK(info.cg_iterations > 10);
  CHECK(maxdiff(&cg, &direct) <= 1e-8);
  /* the deck decides over the settings */
  CHECK_INT(run("*STATIC, SOLVER=ITERATIVE SCALING", 1, &deck_cg, &info), SN_OK);
  CHECK_INT(info.iterative, 1);
  CHECK(maxdiff(&deck_cg, &direct) <= 1e-8);
  CHECK_INT(run("*STATIC, SOLVER=SPOOLES", 2, &deck_direct, &info), SN_OK);
  CHECK_INT(info.iterative, 0);
  CHECK(maxdiff(&deck_direct, &direct) <= 1e-14);
  /* automatic: a small model goes to CHOLMOD without a prediction */
  CHECK_INT(run("*STATIC", 0, &deck_direct, &info), SN_OK);
  CHECK_INT(info.iterative, 0);
  CHECK(info.predicted_factor_gb == 0.0);
  /* a solver CalculiX does not have either */
  char *text = block_deck("*STATIC, SOLVER=MAGIC");
  sn_model *m = NULL;
  char msg[512];
  CHECK_INT(sn_inp_parse(text, strlen(text), "block.inp", NULL, &m, msg, sizeof msg), SN_ERR_FORMAT);
  CHECK(strstr(msg, "block.inp:") && strstr(msg, "SOLVER=MAGIC"));
  CHECK(m == NULL);
  free(text);
  free(direct.u); free(cg.u); free(deck_cg.u); free(deck_direct.u);
  return sn_check_report();
}
