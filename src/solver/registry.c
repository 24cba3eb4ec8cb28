/* The solver registry: one constant table, solvers chosen by name. */
#include "signorini/solver.h"

#include <string.h>

static const sn_solver_entry registry[] = {
    {"lemke", "lcp", 0, "Lemke's complementary pivoting (lexicographic, ray termination reported)",
     sn_lcp_lemke, NULL},
    {"pgs", "lcp", 0, "projected Gauss-Seidel / PSOR (option omega=)", sn_lcp_pgs, NULL},
    {"nsgs", "fc", 4 | 8, "nonsmooth Gauss-Seidel over contacts (local=proj|ac|hybrid, omega=, shuffle=)",
     NULL, sn_fc_nsgs},
    {"prox", "fc", 4 | 8, "accelerated proximal point, inner NSGS (inner=nsgs), or extragradient with self-adaptive step (inner=fp)", NULL, sn_fc_prox},
    {"apgd", "fc", 4 | 8, "accelerated projected gradient, Nesterov momentum, adaptive restart",
     NULL, sn_fc_apgd},
    {"lemke2d", "fc", 4, "2D frictional contact as an LCP, solved by Lemke", NULL, sn_fc2d_lemke},
    {NULL, NULL, 0, NULL, NULL, NULL}};

const sn_solver_entry *sn_solvers(void) { return registry; }

const sn_solver_entry *sn_solver_find(const char *name)
{
  if (!name) return NULL;
  for (const sn_solver_entry *e = registry; e->name; e++)
    if (!strcmp(e->name, name)) return e;
  return NULL;
}

int sn_lcp_solve(const sn_lcp *P, const char *solver, double *z, double *w, const sn_settings *s,
                 sn_info *info)
{
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!e || !e->lcp) return SN_ERR_UNKNOWN;
  return e->lcp(P, z, w, s, info);
}

int sn_fc_solve(const sn_fc *P, const char *solver, double *r, double *u, const sn_settings *s,
                sn_info *info)
{
  const sn_solver_entry *e = sn_solver_find(solver);
  if (!P || !e || !e->fc || !(e->dims & (1 << P->dim))) return SN_ERR_UNKNOWN;
  return e->fc(P, r, u, s, info);
}
