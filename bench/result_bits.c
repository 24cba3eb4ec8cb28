/* signorini_bench_bits: a fingerprint of what solvers return, for before/after comparisons of
 * changes meant to keep every bit (diff the output of two builds). For each problem file and
 * each listed solver that applies (local problems through sn_fc_solve, global ones through
 * sn_gfc_solve), from zero, with max_iter MAXIT, no time limit, one thread: status, iterations,
 * error, absolute residual, penetration and cone violation (hexadecimal floats), and an FNV-1a
 * hash of the bytes of r and of u (v for a global problem).
 *
 *   signorini_bench_bits SOLVER[,SOLVER...] MAXIT FILE... */
#include <signorini/io.h>
#include <signorini/signorini.h>
#include <signorini/solver.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fingerprint(const char *tag, int n, const double *x)
{
  uint64_t h = 1469598103934665603ULL;   /* FNV-1a, 64 bits */
  const unsigned char *b = (const unsigned char *)x;
  for (size_t i = 0; i < sizeof(double) * (size_t)n; i++) h = (h ^ b[i]) * 1099511628211ULL;
  printf(" %s %016llx", tag, (unsigned long long)h);
}

int main(int argc, char **argv)
{
  if (argc < 4) {
    fprintf(stderr, "usage: %s SOLVER[,SOLVER...] MAXIT FILE...\n", argv[0]);
    return 2;
  }
  sn_set_blas_threads(1);
  for (int f = 3; f < argc; f++) {
    sn_file_problem *F = NULL;
    char err[512];
    if (sn_read_problem(argv[f], &F, err, sizeof err)) { printf("%s: %s\n", argv[f], err); continue; }
    char list[512];
    snprintf(list, sizeof list, "%s", argv[1]);
    for (char *t = strtok(list, ","); t; t = strtok(NULL, ",")) {
      const sn_solver_entry *e = sn_solver_find(t);
      if (!e) continue;
      const sn_fc *L = F->kind == SN_KIND_FC ? F->fc : NULL;
      const sn_gfc *G = F->kind == SN_KIND_GFC ? F->gfc : NULL;
      int dim = L ? L->dim : G ? G->dim : 0;
      if (!(L || G) || !((e->fc && (e->dims & (1 << dim))) || (G && e->gfc))) continue;
      int n = L ? L->dim * L->nc : G->dim * G->nc, nu = L ? n : G->ndof;
      double *r = calloc((size_t)n + 1, sizeof(double)), *u = calloc((size_t)nu + 1, sizeof(double));
      if (!r || !u) return 1;
      sn_settings s;
      sn_settings_default(&s);
      s.max_iter = atoi(argv[2]);
      s.time_limit = 0;
      s.threads = 1;
      sn_info info = {0};
      int st = L ? sn_fc_solve(L, t, r, u, &s, &info) : sn_gfc_solve(G, t, r, u, &s, &info);
      printf("%s %s status %d iterations %d error %a abs %a pen %a cone %a", argv[f], t, st,
             info.iterations, info.error, info.abs_residual, info.penetration, info.cone_violation);
      fingerprint("r", n, r);
      fingerprint(L ? "u" : "v", nu, u);
      printf("\n");
      fflush(stdout);
      free(r);
      free(u);
    }
    sn_file_problem_free(F);
  }
  return 0;
}
