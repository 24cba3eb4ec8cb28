/* auto's order on a dense W (src/solver/auto.c, dense_w): a local 3D problem of more than 600
 * rows with at least a quarter of W's blocks stored (a condensed finite-element problem) is tried
 * by nsgs first, capped at n / 3 sweeps; a sparse one of the same size, and a dense one of 600
 * rows or fewer, by nsn_ac first as before. W = I + v v^T / n (dense, symmetric positive
 * definite, v_i in [0, 1) from a fixed xorshift sequence), q_N = -1 - i / nc, q_T in
 * [-0.5, 0.5], mu 0.3; each result's error recomputed here (sn_fc_error <= tol).
 * A crowded W (crowded_w: more than 600 rows, at least 100 nonzeros a row on average, below a
 * quarter dense; bodies with many contacts each) is tried by apgd first: W = I + B B^T / w, B's
 * columns overlapping windows of w rows (each row in two windows: 3w/2 nonzeros a row), v_i in
 * the window; w = 120 on 900 rows gives 180 a row (20 % dense), w = 40 gives 60 (nsn_ac first). */
#include "check.h"
#include "signorini/solver.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the problem of nc contacts, W dense (dense = 1), the identity (0), or crowded with windows of
 * -dense rows (dense < 0) */
static sn_fc *make(int nc, int dense)
{
  int n = 3 * nc;
  sn_fc *P = calloc(1, sizeof *P);
  double *v = malloc(sizeof(double) * (size_t)n), *Wd = calloc((size_t)n * (size_t)n, sizeof(double));
  P->dim = 3;
  P->nc = nc;
  P->q = malloc(sizeof(double) * (size_t)n);
  P->mu = malloc(sizeof(double) * (size_t)nc);
  unsigned long long x = 88172645463325252ull;
  for (int i = 0; i < n; i++) {
    x ^= x << 13; x ^= x >> 7; x ^= x << 17;
    v[i] = (double)(x >> 11) / 9007199254740992.0;
  }
  for (int j = 0; j < n; j++)
    for (int i = 0; i < n; i++) Wd[(size_t)j * n + i] = (i == j) + (dense > 0 ? v[i] * v[j] / n : 0.0);
  if (dense < 0) {   /* windows [k w / 2, k w / 2 + w) */
    int w = -dense;
    for (int k0 = 0; k0 < n; k0 += w / 2) {
      int k1 = k0 + w < n ? k0 + w : n;
      for (int j = k0; j < k1; j++)
        for (int i = k0; i < k1; i++) Wd[(size_t)j * n + i] += v[i] * v[j] / w;
    }
  }
  for (int c = 0; c < nc; c++) {
    P->q[3 * c] = -1.0 - (double)c / nc;
    P->q[3 * c + 1] = 0.5 - (double)((c * 7) % nc) / nc;
    P->q[3 * c + 2] = (double)((c * 13) % nc) / nc - 0.5;
    P->mu[c] = 0.3;
  }
  sn_csc_from_dense(n, n, Wd, 0.0, &P->W);
  free(v);
  free(Wd);
  return P;
}

static void check(int nc, int dense, const char *first)
{
  sn_fc *P = make(nc, dense);
  int n = 3 * nc;
  double *r = calloc((size_t)n, sizeof(double)), *u = calloc((size_t)n, sizeof(double));
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  sn_info info = {0};
  CHECK_INT(sn_fc_solve(P, "auto", r, u, &s, &info), SN_OK);
  CHECK(info.ntried >= 1);
  printf("  %d rows, %s W (%d nonzeros): tried first %s (%d iterations), solved by %s, error %.2e\n", n,
         dense > 0 ? "dense" : dense < 0 ? "crowded" : "identity", P->W->colptr[n], info.ntried ? info.tried[0].name : "-", info.ntried ? info.tried[0].iterations : 0,
         info.solver ? info.solver : "-", info.error);
  CHECK(info.ntried >= 1 && info.tried[0].name && !strcmp(info.tried[0].name, first));
  if (dense > 0 && n > 600) CHECK(info.tried[0].iterations <= n / 3);
  CHECK(sn_fc_error(P, r, NULL) <= 1e-10);
  free(r);
  free(u);
  sn_fc_free(P);
}

int main(void)
{
  check(201, 1, "nsgs");     /* 603 rows, every block stored */
  check(201, 0, "nsn_ac");   /* the same size, W = I: one block per row */
  check(200, 1, "nsn_ac");   /* 600 rows: not above the threshold */
  check(300, -120, "apgd");  /* 900 rows, 180 nonzeros a row: crowded */
  check(300, -40, "nsn_ac"); /* 60 a row */
  check(200, -120, "nsn_ac");/* 600 rows: not above the threshold */
  return sn_check_report();
}
