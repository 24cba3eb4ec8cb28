/* A user's program built outside the tree against the installed signorini. */
#include <math.h>
#include <signorini/signorini.h>
#include <stdio.h>

int main(void)
{
  /* the seed's augmented Lagrangian example: displacement -0.1, contact force -10 */
  sn_1dof P;
  sn_1dof_seed(&P);
  sn_settings s;
  sn_settings_default(&s);
  s.tol = 1e-10;
  sn_1dof_result r;
  sn_info info = {0};
  int st = sn_1dof_al(&P, &s, NULL, &r, &info);
  /* a 2x2 SPD system through CHOLMOD: [4 1; 1 3] x = [1; 2] -> x = [1/11, 7/11] */
  int ti[] = {0, 1, 0, 1}, tj[] = {0, 0, 1, 1};
  double tx[] = {4, 1, 1, 3}, b[2] = {1, 2}, x[2];
  sn_csc *A;
  sn_chol *F;
  int st2 = sn_csc_from_triplets(2, 2, 4, ti, tj, tx, &A);
  if (!st2) st2 = sn_chol_factor(A, &F);
  if (!st2) st2 = sn_chol_solve(F, b, x);
  printf("signorini %s: AL %s after %d iterations, x = %.12g; CHOLMOD x = [%.12g, %.12g]\n",
         sn_version(), sn_strerror(st), info.iterations, r.x, x[0], x[1]);
  int ok = st == SN_OK && info.iterations == 9 && fabs(r.x + 0.1) < 1e-9 && !st2 &&
           fabs(x[0] - 1.0 / 11) < 1e-14 && fabs(x[1] - 7.0 / 11) < 1e-14;
  if (!st2) { sn_chol_free(F); sn_csc_free(A); }
  return ok ? 0 : 1;
}
