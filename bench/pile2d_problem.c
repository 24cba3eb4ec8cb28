/* The contacts of a 2D pile of discs and the local problem of one Moreau-Jean step
 * (bench/pile2d.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pile2d.h"

static int grow(contacts *C)
{
  int cap = C->cap ? 2 * C->cap : 1024;
  int *a = realloc(C->a, sizeof(int) * (size_t)cap);
  if (!a) return -1;
  C->a = a;
  int *b = realloc(C->b, sizeof(int) * (size_t)cap);
  if (!b) return -1;
  C->b = b;
  double **v[3] = {&C->nx, &C->ny, &C->gap};
  for (int i = 0; i < 3; i++) {
    double *p = realloc(*v[i], sizeof(double) * (size_t)cap);
    if (!p) return -1;
    *v[i] = p;
  }
  C->cap = cap;
  return 0;
}

static int add_contact(contacts *C, int a, int b, double nx, double ny, double gap)
{
  if (C->n == C->cap && grow(C)) return -1;
  C->a[C->n] = a;
  C->b[C->n] = b;
  C->nx[C->n] = nx;
  C->ny[C->n] = ny;
  C->gap[C->n++] = gap;
  return 0;
}

void contacts_free(contacts *C)
{
  free(C->a);
  free(C->b);
  free(C->nx);
  free(C->ny);
  free(C->gap);
  memset(C, 0, sizeof *C);
}

typedef struct { contacts *C; int k; double tol; int fail; } detect;

static int detect_visit(pile *P, int j, void *user)
{
  detect *D = user;
  int k = D->k;
  if (j <= k) return 0;
  double dx = P->x[j] - P->x[k], dy = P->y[j] - P->y[k], d = hypot(dx, dy);
  double g = d - P->rad[j] - P->rad[k];
  if (g < D->tol && add_contact(D->C, k, j, dx / d, dy / d, g)) D->fail = 1;
  return D->fail;
}

int find_contacts(pile *P, contacts *C, double tol)
{
  for (int k = 0; k < P->n; k++) {
    detect D = {C, k, tol, 0};
    double gf = P->y[k] - P->rad[k], gl = P->x[k] - P->rad[k];
    double gr = P->width - P->x[k] - P->rad[k];
    if (gf < tol && add_contact(C, FLOOR, k, 0.0, 1.0, gf)) return -1;
    if (gl < tol && add_contact(C, WALL_L, k, 1.0, 0.0, gl)) return -1;
    if (gr < tol && add_contact(C, WALL_R, k, -1.0, 0.0, gr)) return -1;
    pile_near(P, P->x[k], P->y[k], detect_visit, &D);
    if (D.fail) return -1;
  }
  return 0;
}

/* H^T row pair of contact c on disc k (side +1 for the second body b, -1 for the first a):
 * u_N = n.(v_b - v_a), u_T = t.(v_b - v_a) - R_b w_b - R_a w_a, t = (-n_y, n_x) (the velocity
 * of a contact point at p = x + R n is v + w k x (p - x)) */
static void h_rows(const pile *P, const contacts *C, int c, int k, double hn[3], double ht[3])
{
  double s = C->b[c] == k ? 1.0 : -1.0, nx = C->nx[c], ny = C->ny[c];
  hn[0] = s * nx; hn[1] = s * ny; hn[2] = 0.0;
  ht[0] = -s * ny; ht[1] = s * nx; ht[2] = -P->rad[k];
}

static void minv_of(const pile *P, int k, double minv[3])
{
  double m = PILE_RHO * PILE_PI * P->rad[k] * P->rad[k];
  minv[0] = minv[1] = 1 / m;
  minv[2] = 2 / (m * P->rad[k] * P->rad[k]);
}

/* the contacts of each disc: lst[cnt[k] .. cnt[k+1]-1] (cnt: nd + 1, lst: 2 nc ints) */
static void disc_contacts(const pile *P, const contacts *C, int *cnt, int *lst, int *pos)
{
  int nd = P->n, nc = C->n;
  memset(cnt, 0, sizeof(int) * (size_t)(nd + 1));
  for (int c = 0; c < nc; c++) {
    cnt[C->b[c] + 1]++;
    if (C->a[c] >= 0) cnt[C->a[c] + 1]++;
  }
  for (int k = 0; k < nd; k++) cnt[k + 1] += cnt[k];
  memcpy(pos, cnt, sizeof(int) * (size_t)(nd + 1));
  for (int c = 0; c < nc; c++) {
    lst[pos[C->b[c]]++] = c;
    if (C->a[c] >= 0) lst[pos[C->a[c]]++] = c;
  }
}

/* the triplets of W = H^T M^-1 H on disc k (2x2 blocks of each pair of its contacts) and its
 * share of q = H^T v_free; returns the new triplet count */
static size_t disc_blocks(const pile *P, const contacts *C, int k, const int *ks, int nk, double dt,
                          int *ti, int *tj, double *tx, size_t nz, double *q)
{
  double minv[3];
  minv_of(P, k, minv);
  double vfree[3] = {0.0, -dt * PILE_GRAV, 0.0};
  if (P->vx) {
    vfree[0] += P->vx[k];
    vfree[1] += P->vy[k];
    vfree[2] += P->w[k];
  }
  for (int x = 0; x < nk; x++) {
    int c = ks[x];
    double hn[3], ht[3];
    h_rows(P, C, c, k, hn, ht);
    for (int e = 0; e < 3; e++) {
      q[2 * c] += hn[e] * vfree[e];
      q[2 * c + 1] += ht[e] * vfree[e];
    }
    for (int y = 0; y < nk; y++) {
      int d = ks[y];
      double gn[3], gt[3];
      h_rows(P, C, d, k, gn, gt);
      const double *rows[2] = {hn, ht}, *cols[2] = {gn, gt};
      for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
          double v = 0.0;
          for (int e = 0; e < 3; e++) v += rows[i][e] * minv[e] * cols[j][e];
          ti[nz] = 2 * c + i;
          tj[nz] = 2 * d + j;
          tx[nz++] = v;
        }
    }
  }
  return nz;
}

int build_problem(const pile *P, const contacts *C, double mu, double dt, int gap_term,
                  sn_fc **out)
{
  int nc = C->n, nd = P->n, st = SN_ERR_NOMEM;
  int *cnt = malloc(sizeof(int) * 2 * ((size_t)nd + 1));
  int *lst = malloc(sizeof(int) * (2 * (size_t)nc + 1));
  int *ti = NULL, *tj = NULL;
  double *tx = NULL;
  sn_fc *F = calloc(1, sizeof *F);
  if (!cnt || !lst || !F) goto done;
  disc_contacts(P, C, cnt, lst, cnt + nd + 1);
  size_t cap = 0, nz = 0;
  for (int k = 0; k < nd; k++) {
    size_t dk = (size_t)(cnt[k + 1] - cnt[k]);
    cap += 4 * dk * dk;
  }
  ti = malloc(sizeof(int) * (cap + 1));
  tj = malloc(sizeof(int) * (cap + 1));
  tx = malloc(sizeof(double) * (cap + 1));
  F->q = calloc(2 * (size_t)nc + 1, sizeof(double));
  F->mu = malloc(sizeof(double) * ((size_t)nc + 1));
  if (!ti || !tj || !tx || !F->q || !F->mu) goto done;
  for (int k = 0; k < nd; k++)
    nz = disc_blocks(P, C, k, lst + cnt[k], cnt[k + 1] - cnt[k], dt, ti, tj, tx, nz, F->q);
  for (int c = 0; c < nc; c++) {
    F->mu[c] = mu;
    if (gap_term && C->gap[c] > 0) F->q[2 * c] += C->gap[c] / dt;
  }
  F->dim = 2;
  F->nc = nc;
  st = sn_csc_from_triplets(2 * nc, 2 * nc, (int)nz, ti, tj, tx, &F->W);
done:
  free(cnt);
  free(lst);
  free(ti);
  free(tj);
  free(tx);
  if (st) sn_fc_free(F);
  else *out = F;
  return st;
}

void apply_impulses(pile *P, const contacts *C, const double *r)
{
  for (int c = 0; c < C->n; c++) {
    int body[2] = {C->a[c], C->b[c]};
    for (int s = 0; s < 2; s++) {
      int k = body[s];
      if (k < 0) continue;
      double hn[3], ht[3], minv[3];
      h_rows(P, C, c, k, hn, ht);
      minv_of(P, k, minv);
      double *v[3] = {&P->vx[k], &P->vy[k], &P->w[k]};
      for (int e = 0; e < 3; e++) *v[e] += minv[e] * (hn[e] * r[2 * c] + ht[e] * r[2 * c + 1]);
    }
  }
}
