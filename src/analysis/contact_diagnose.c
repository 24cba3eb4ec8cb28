/* Why an increment's contact problem has no solution, in engineering terms, from the
 * increment's own data: the resultant of the loads on the free degrees of freedom, split
 * along the mean contact normal (n points from the master surface to the slave: a load that
 * presses the slave on the master has F . n < 0), and whether the structure without its
 * contacts is singular (a condensed solver found K not positive definite, cs->not_spd: a body
 * held by its contacts only). A heuristic over the whole model: with several bodies held only by their
 * contacts the resultants mix, and the message says "likely". */
#include "analysis/contact_internal.h"

#include <math.h>
#include <stdio.h>

/* resultant of the loads on the free dofs, and the normal / tangential split */
static void load_split(const sn_model *m, const sn_cstate *cs, const double *fext, const unsigned char *cons,
                       double *N, double *T, double *mu)
{
  int dim = m->ndf;
  double F[3] = {0, 0, 0}, n[3] = {0, 0, 0};
  for (int i = 0; i < m->nnodes; i++)
    for (int c = 0; c < dim; c++)
      if (!cons[dim * i + c]) F[c] += fext[dim * i + c];
  *mu = 0.0;
  for (int k = 0; k < cs->np; k++) {
    for (int c = 0; c < 3; c++) n[c] += cs->pts[k].normal[c];
    *mu = fmax(*mu, cs->pts[k].mu);
  }
  double nn = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]), fn = 0.0, t2 = 0.0;
  if (nn > 0)
    for (int c = 0; c < 3; c++) fn += F[c] * n[c] / nn;
  for (int c = 0; c < 3; c++) {
    double tc = F[c] - (nn > 0 ? fn * n[c] / nn : 0.0);
    t2 += tc * tc;
  }
  *N = -fn;
  *T = sqrt(t2);
}

void sn_contact_diagnose(const sn_model *m, const sn_cstate *cs, const double *fext, const unsigned char *cons,
                         char *out, size_t cap)
{
  out[0] = '\0';
  if (!cs->np || !fext || !cons) return;
  double N, T, mu;
  load_split(m, cs, fext, cons, &N, &T, &mu);
  int floating = cs->not_spd;
  double scale = fmax(fabs(N), T);
  if (floating && scale > 0 && N <= 1e-12 * scale)
    snprintf(out, cap, "likely cause: the loads do not press the body onto its contact surface (normal resultant %.4g) "
             "and nothing else holds it: no static equilibrium", -N);
  else if (scale > 0 && T > mu * N * (1 + 1e-9) && N > 0)
    snprintf(out, cap, "likely cause: the tangential load %.4g exceeds mu times the normal load (%.4g x %.4g = %.4g)%s",
             T, mu, N, mu * N, floating ? " and nothing else holds the body: rigid-body sliding, no static equilibrium"
                                        : ": the contact cannot hold it by friction");
  else if (floating)
    snprintf(out, cap, "likely cause: a body is held by its contacts only and they do not fix it in every direction "
             "(rotation about too few contact points, or a free direction): add supports or contact points");
}
