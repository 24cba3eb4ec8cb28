/* Position projection after a Moreau-Jean step (settings projection = 1), after V. Acary,
 * "Projected event-capturing time-stepping schemes for nonsmooth mechanical systems with
 * unilateral contact and Coulomb's friction", CMAME 256 (2013) 224-250: the velocity-level
 * scheme keeps the velocities right but lets positions drift by O(h) at impacts (a contact
 * closing within the step is stopped by its velocity only). The positions q~ of the step are
 * projected onto the admissible set in the metric of the mass matrix,
 *     q = q~ + M^-1 H_N lambda,   0 <= lambda  _|_  g(q~) + H_N^T M^-1 H_N lambda >= 0,
 * a normal-only LCP on the linearized gaps of every contact within the margin (open ones too,
 * so that the correction never closes them), solved by projected Gauss-Seidel on the bodies'
 * displacements (matrix-free, like the NSGS); rotations are applied by the exponential map of
 * the angular displacement. Detection is repeated and the projection redone (a Newton
 * iteration on the nonlinear gaps) until the largest penetration is below 1e-9 times the
 * smallest dynamic body's size, at most 10 times. Velocities are left as the step made them. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/moreau_internal.h"

typedef struct {
  sn_contact_list list;
  double *lam, *d;       /* multipliers; displacement (dx, dtheta) per body */
  sn_mj_body *saved;     /* the step's body cache, kept for sn_scene_last_problem */
  int lcap, dcap, scap;
} proj_scratch;

void sn_mj_project_free(void *proj) {
  proj_scratch *P = proj;
  if (!P) return;
  sn_contact_list_free(&P->list);
  free(P->lam);
  free(P->d);
  free(P->saved);
  free(P);
}

static int detect_into(sn_scene *S, double margin, sn_contact_list *L, double *pen) {
  const int *pairs;
  int np, st = sn_broadphase(S, margin, &pairs, &np);
  if (st != SN_OK) return st;
  L->n = 0;
  for (int k = 0; k < np; k++)
    if ((st = sn_narrow(&S->b[pairs[2 * k]], pairs[2 * k], &S->b[pairs[2 * k + 1]], pairs[2 * k + 1], margin, L)) != SN_OK)
      return st;
  *pen = 0;
  for (int i = 0; i < L->n; i++) *pen = fmax(*pen, -L->c[i].gap);
  return SN_OK;
}

/* n . (d_b + dth_b x rb - d_a - dth_a x ra): the linearized change of a gap */
static double gap_change(const sn_contact *c, const double *d) {
  const double *da = d + 6 * c->a, *db = d + 6 * c->b;
  double wa[3], wb[3];
  sn3_cross(da + 3, c->ra, wa);
  sn3_cross(db + 3, c->rb, wb);
  double s = 0;
  for (int i = 0; i < 3; i++) s += c->n[i] * (db[i] + wb[i] - da[i] - wa[i]);
  return s;
}

/* the normal Delassus entry and the displacement per unit multiplier of one side */
static void side_move(const sn_mj_body *B, const double r[3], const double n[3], double mv[6]) {
  double m[3];
  sn3_cross(r, n, m);
  for (int i = 0; i < 3; i++) mv[i] = B->im * n[i];
  const double *S = B->Ii;
  mv[3] = S[0] * m[0] + S[3] * m[1] + S[4] * m[2];
  mv[4] = S[3] * m[0] + S[1] * m[1] + S[5] * m[2];
  mv[5] = S[4] * m[0] + S[5] * m[1] + S[2] * m[2];
}

/* projected Gauss-Seidel on the normal LCP; returns the largest linearized violation left */
static double pgs(const sn_contact_list *L, const sn_mj_body *body, double *lam, double *d, double ptol) {
  double viol = INFINITY;
  for (int sweep = 0; sweep < 500 && viol > 0.1 * ptol; sweep++) {
    viol = 0;
    for (int i = 0; i < L->n; i++) {
      const sn_contact *c = &L->c[i];
      double ma[6], mb[6];
      side_move(&body[c->a], c->ra, c->n, ma);
      side_move(&body[c->b], c->rb, c->n, mb);
      double ca[3], cb[3];
      sn3_cross(c->ra, c->n, ca);
      sn3_cross(c->rb, c->n, cb);
      double w = sn3_dot(c->n, mb) + sn3_dot(cb, mb + 3) + sn3_dot(c->n, ma) + sn3_dot(ca, ma + 3);
      double g = c->gap + gap_change(c, d);
      viol = fmax(viol, -g);
      if (!(w > 0)) continue;
      double ln = fmax(0.0, lam[i] - g / w), dl = ln - lam[i];
      lam[i] = ln;
      for (int k = 0; k < 6; k++) {
        d[6 * c->b + k] += dl * mb[k];
        d[6 * c->a + k] -= dl * ma[k];
      }
    }
  }
  return viol;
}

static int proj_reserve(proj_scratch *P, int nb, int nc) {
  if (6 * nb > P->dcap) {
    double *d = realloc(P->d, 6 * (size_t)nb * sizeof *d);
    if (!d) return SN_ERR_NOMEM;
    P->d = d;
    P->dcap = 6 * nb;
  }
  if (nc > P->lcap) {
    double *l = realloc(P->lam, (size_t)nc * sizeof *l);
    if (!l) return SN_ERR_NOMEM;
    P->lam = l;
    P->lcap = nc;
  }
  return SN_OK;
}

/* the body cache at the current orientations (inverse mass and world inverse inertia) */
static void cache_bodies(const sn_scene *S, sn_mj_step *W) {
  for (int k = 0; k < S->nb; k++) {
    const sn_body *B = &S->b[k];
    sn_mj_body *C = &W->body[k];
    C->im = B->motion == SN_BODY_DYNAMIC ? B->inv_mass : 0;
    double M[9];
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 3; j++)
        M[3 * i + j] = C->im > 0 ? B->R[3 * i] * B->inv_I_body[0] * B->R[3 * j] + B->R[3 * i + 1] * B->inv_I_body[1] * B->R[3 * j + 1] +
                                       B->R[3 * i + 2] * B->inv_I_body[2] * B->R[3 * j + 2]
                                 : 0;
    C->Ii[0] = M[0]; C->Ii[1] = M[4]; C->Ii[2] = M[8];
    C->Ii[3] = M[1]; C->Ii[4] = M[2]; C->Ii[5] = M[5];
  }
}

static void move_bodies(sn_scene *S, const double *d) {
  for (int k = 0; k < S->nb; k++) {
    sn_body *B = &S->b[k];
    if (B->motion != SN_BODY_DYNAMIC) continue;
    for (int i = 0; i < 3; i++) B->x[i] += d[6 * k + i];
    sn_quat_integrate(B->q, d + 6 * k + 3, 1.0);
    sn_body_sync(B);
  }
}

int sn_mj_project(sn_scene *S, sn_mj_step *W, double margin, double *max_pen) {
  *max_pen = 0;
  if (S->nb == 0) return SN_OK;
  if (!W->proj && !(W->proj = calloc(1, sizeof(proj_scratch)))) return SN_ERR_NOMEM;
  proj_scratch *P = W->proj;
  double size = INFINITY;
  for (int k = 0; k < S->nb; k++)
    if (S->b[k].motion == SN_BODY_DYNAMIC) size = fmin(size, S->b[k].shape.bound);
  double ptol = isfinite(size) ? 1e-9 * size : 1e-12;
  /* the step's body cache (sn_scene_last_problem) is kept: the projection uses a copy */
  if (S->nb > P->scap) {
    sn_mj_body *p = realloc(P->saved, (size_t)S->nb * sizeof *p);
    if (!p) return SN_ERR_NOMEM;
    P->saved = p;
    P->scap = S->nb;
  }
  sn_mj_body *saved = P->saved;
  memcpy(saved, W->body, (size_t)S->nb * sizeof *saved);
  int st = SN_MAX_ITER;
  for (int it = 0; it <= 10; it++) {
    double pen;
    if ((st = detect_into(S, margin, &P->list, &pen)) != SN_OK) break;
    *max_pen = pen;
    if (pen <= ptol) { st = SN_OK; break; }
    if (it == 10) { st = SN_MAX_ITER; break; }
    if ((st = proj_reserve(P, S->nb, P->list.n)) != SN_OK) break;
    memset(P->d, 0, 6 * (size_t)S->nb * sizeof *P->d);
    memset(P->lam, 0, (size_t)P->list.n * sizeof *P->lam);
    cache_bodies(S, W);
    pgs(&P->list, W->body, P->lam, P->d, ptol);
    move_bodies(S, P->d);
  }
  memcpy(W->body, saved, (size_t)S->nb * sizeof *saved);
  return st;
}
