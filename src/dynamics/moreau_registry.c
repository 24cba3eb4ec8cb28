/* The registry path of a Moreau-Jean step: the step's contact problem handed to the solvers
 * of src/solver, either as the local problem u = W r + q with W = H^T M^-1 H assembled
 * block-sparse (3x3 blocks W_ij for every pair of contacts sharing a dynamic body; never dense),
 * or as the global problem M v = H r + f, u = H^T v + w (M block diagonal: m I and the world
 * inertia per dynamic body; f = M v_free; w the kinematic bodies' share and the shifts). */
#include <stdlib.h>
#include <string.h>

#include "dynamics/moreau_internal.h"

/* rows touching each body: CSR adjacency (start[nb + 1], item = 2 row + side, side 1 = b) */
static int adjacency(const sn_mj_step *W, int nb, int **start, int **item) {
  int *s = calloc((size_t)nb + 1, sizeof *s), *it = malloc((size_t)(2 * W->nrow + 1) * sizeof *it);
  if (!s || !it) {
    free(s);
    free(it);
    return SN_ERR_NOMEM;
  }
  for (int i = 0; i < W->nrow; i++) {
    s[W->row[i].a + 1]++;
    s[W->row[i].b + 1]++;
  }
  for (int k = 0; k < nb; k++) s[k + 1] += s[k];
  int *fill = malloc((size_t)(nb + 1) * sizeof *fill);
  if (!fill) {
    free(s);
    free(it);
    return SN_ERR_NOMEM;
  }
  memcpy(fill, s, (size_t)nb * sizeof *fill);
  for (int i = 0; i < W->nrow; i++) {
    it[fill[W->row[i].a]++] = 2 * i;
    it[fill[W->row[i].b]++] = 2 * i + 1;
  }
  free(fill);
  *start = s;
  *item = it;
  return SN_OK;
}

/* the number of bodies the rows refer to */
static int nbodies(const sn_mj_step *W) {
  int nb = 0;
  for (int i = 0; i < W->nrow; i++) {
    if (W->row[i].a + 1 > nb) nb = W->row[i].a + 1;
    if (W->row[i].b + 1 > nb) nb = W->row[i].b + 1;
  }
  return nb;
}

static int assemble_W(const sn_mj_step *W, sn_csc **out) {
  int nb = nbodies(W), *start, *item, st;
  if ((st = adjacency(W, nb, &start, &item)) != SN_OK) return st;
  long nz = 0;
  for (int k = 0; k < nb; k++)
    if (W->body[k].im > 0) nz += 9L * (start[k + 1] - start[k]) * (start[k + 1] - start[k]);
  int *I = malloc((size_t)(nz + 1) * sizeof *I), *J = malloc((size_t)(nz + 1) * sizeof *J);
  double *X = malloc((size_t)(nz + 1) * sizeof *X);
  if (!I || !J || !X) {
    st = SN_ERR_NOMEM;
    goto done;
  }
  long p = 0;
  for (int k = 0; k < nb; k++) {
    if (!(W->body[k].im > 0)) continue;
    for (int x = start[k]; x < start[k + 1]; x++)
      for (int y = start[k]; y < start[k + 1]; y++) {
        int i = item[x] / 2, j = item[y] / 2, si = item[x] & 1, sj = item[y] & 1;
        const sn_mj_row *ci = &W->row[i], *cj = &W->row[j];
        double blk[9];
        sn_mj_block(&W->body[k], ci, si ? ci->rb : ci->ra, si ? 1 : -1, cj, sj ? cj->rb : cj->ra,
                    sj ? 1 : -1, blk);
        for (int l = 0; l < 3; l++)
          for (int m = 0; m < 3; m++, p++) {
            I[p] = 3 * i + m;
            J[p] = 3 * j + l;
            X[p] = blk[3 * l + m];
          }
      }
  }
  st = sn_csc_from_triplets(3 * W->nrow, 3 * W->nrow, (int)p, I, J, X, out);
done:
  free(I);
  free(J);
  free(X);
  free(start);
  free(item);
  return st;
}

int sn_mj_local_problem(const sn_mj_step *W, sn_fc **out) {
  sn_fc *P = calloc(1, sizeof *P);
  if (!P) return SN_ERR_NOMEM;
  int n = W->nrow;
  P->dim = 3;
  P->nc = n;
  P->q = malloc((size_t)(3 * n + 1) * sizeof *P->q);
  P->mu = malloc((size_t)(n + 1) * sizeof *P->mu);
  int st = P->q && P->mu ? assemble_W(W, &P->W) : SN_ERR_NOMEM;
  if (st != SN_OK) {
    sn_fc_free(P);
    return st;
  }
  if (n > 0) memcpy(P->q, W->q, (size_t)(3 * n) * sizeof *P->q);   /* no contacts: W->q may be NULL */
  for (int i = 0; i < n; i++) P->mu[i] = W->row[i].mu;
  *out = P;
  return SN_OK;
}

/* bodies' velocities = free velocities + M^-1 H r */
static void velocities_from_impulses(sn_scene *S, sn_mj_step *W) {
  for (int k = 0; k < S->nb; k++) {
    memcpy(W->body[k].v, W->vf + 6 * k, 3 * sizeof(double));
    memcpy(W->body[k].w, W->vf + 6 * k + 3, 3 * sizeof(double));
  }
  for (int i = 0; i < W->nrow; i++) {
    sn_mj_row *c = &W->row[i];
    sn_mj_apply(c, &W->body[c->a], &W->body[c->b], c->r);
  }
}

static int solve_local(sn_scene *S, sn_mj_step *W, const char *name, const sn_settings *s, sn_info *info) {
  sn_fc *P;
  int n = 3 * W->nrow, st = sn_mj_local_problem(W, &P);
  if (st != SN_OK) return st;
  if ((st = sn_mj_grow((void **)&W->ru, &W->ru_cap, 2 * n, sizeof *W->ru)) != SN_OK) {
    sn_fc_free(P);
    return st;
  }
  double *r = W->ru, *u = W->ru + n;
  for (int i = 0; i < W->nrow; i++) memcpy(r + 3 * i, W->row[i].r, 3 * sizeof *r);
  st = sn_fc_solve(P, name, r, u, s, info);
  sn_fc_free(P);
  if (st < 0) return st;
  for (int i = 0; i < W->nrow; i++) memcpy(W->row[i].r, r + 3 * i, 3 * sizeof *r);
  velocities_from_impulses(S, W);
  return st;
}

/* info of a solve that continued an earlier one (its iterations and seconds before, the
 * caller's history buffer kept) */
static void continued(sn_info *info, const sn_info *now, int its, double secs) {
  double *h = info->history;
  int hcap = info->history_cap, hlen = info->history_len;
  *info = *now;
  info->iterations += its;
  info->seconds += secs;
  info->history = h;
  info->history_cap = hcap;
  info->history_len = hlen;
}

/* the Newton attempts of sn_mj_registry_finish, in order: the Fischer-Burmeister Newton (on
 * towers and blocks of cubes 1.6 to 4 times faster than auto's first, nsn_ac: docs/dynamics.md,
 * "Mass ratios"), then auto with what is left */
static const char *const finish_chain[] = {"nsn_fb", "auto"};

int sn_mj_registry_finish(sn_scene *S, sn_mj_step *W, const sn_settings *s, sn_info *info, int st) {
  int n = 3 * W->nrow, its = info->iterations;
  double secs = info->seconds;
  if (s->max_iter - its < 2 || (s->time_limit > 0 && s->time_limit - secs <= 0)) return st;
  const double *start = W->nw;
  double *best = W->nw + n;
  for (int i = 0; i < W->nrow; i++) memcpy(best + 3 * i, W->row[i].r, 3 * sizeof *best);
  double best_err = info->error;
  int best_st = st, sweeps_best = 1;
  sn_info bi = {0};
  for (int a = 0; a < 2; a++) {
    int rem = s->max_iter - its;
    double trem = s->time_limit > 0 ? s->time_limit - secs : 0;
    if (rem < 1 || (s->time_limit > 0 && trem <= 0)) break;
    for (int i = 0; i < W->nrow; i++) memcpy(W->row[i].r, start + 3 * i, 3 * sizeof *best);
    sn_settings as = *s;   /* no options: the sweeps' are not theirs */
    as.options = NULL;
    as.max_iter = a == 0 ? (rem + 1) / 2 : rem;
    if (s->time_limit > 0) as.time_limit = a == 0 ? trem / 2 : trem;
    sn_info ai = {0};
    sn_info_reset(&ai);
    int st2 = solve_local(S, W, finish_chain[a], &as, &ai);
    if (st2 == SN_ERR_NOMEM) return st2;
    /* charged at most its budget: auto's iterations sum its attempts' own, and an apgd step
     * counts 1/SN_AUTO_CHEAP_STEPS of a budget step there (solver.h) */
    its += ai.iterations < as.max_iter ? ai.iterations : as.max_iter;
    secs += ai.seconds;
    if (st2 == SN_OK) {
      continued(info, &ai, its - ai.iterations, secs - ai.seconds);
      return SN_OK;
    }
    /* the best result so far goes on. SN_DIVERGED here is a result that meets the relative
       tolerance better than the sweeps' and that the absolute rule refused (a heavy body on a
       light one: docs/solvers.md, "Absolute acceptance and mass ratios"); dropping it for the
       sweeps' let two such boxes slide 0.36 m in 1 s. It is kept, as not converged
       (SN_MAX_ITER): "no solution found" is not the step's verdict */
    if (st2 > 0 && ai.error < best_err) {
      for (int i = 0; i < W->nrow; i++) memcpy(best + 3 * i, W->row[i].r, 3 * sizeof *best);
      best_err = ai.error;
      best_st = st2 == SN_DIVERGED ? SN_MAX_ITER : st2;
      bi = ai;
      bi.status = best_st;
      sweeps_best = 0;
    }
  }
  for (int i = 0; i < W->nrow; i++) memcpy(W->row[i].r, best + 3 * i, 3 * sizeof *best);
  velocities_from_impulses(S, W);
  /* the rest of the budget to the sweeps, from the best result */
  sn_settings cs = *s;
  cs.max_iter = s->max_iter - its;
  if (s->time_limit > 0) cs.time_limit = s->time_limit - secs;
  if (cs.max_iter < 1 || (s->time_limit > 0 && cs.time_limit <= 0)) {
    if (!sweeps_best) continued(info, &bi, its - bi.iterations, secs - bi.seconds);
    else {
      info->iterations = its;
      info->seconds = secs;
    }
    return best_st;
  }
  sn_info ci = {0};
  sn_info_reset(&ci);
  int st3 = sn_nsgs_bodies_solve(W, &cs, &ci);
  continued(info, &ci, its, secs);
  return st3;
}

/* inverse of a symmetric 3x3 (xx, yy, zz, xy, xz, yz) into a full row-major matrix */
static void sym_inverse(const double s[6], double M[9]) {
  double a = s[0], b = s[3], c = s[4], d = s[1], e = s[5], f = s[2];
  double A = d * f - e * e, B = c * e - b * f, C = b * e - c * d;
  double det = a * A + b * B + c * C;
  double D = a * f - c * c, E = b * c - a * e, F = a * d - b * b;
  M[0] = A / det; M[1] = B / det; M[2] = C / det;
  M[3] = B / det; M[4] = D / det; M[5] = E / det;
  M[6] = C / det; M[7] = E / det; M[8] = F / det;
}

/* triplet scratch of the global problem */
typedef struct {
  int *I, *J;
  double *X;
} triplets;

/* M: m I and the world inertia per dynamic body (6x6 diagonal blocks), and f = M v_free */
static int global_mass(const sn_scene *S, const sn_mj_step *W, const int *dof, int ndof, triplets *T, sn_gfc *P) {
  int nz = 0;
  for (int k = 0; k < S->nb; k++) {
    if (dof[k] < 0) continue;
    double Iw[9], m = 1.0 / W->body[k].im;
    sym_inverse(W->body[k].Ii, Iw);
    const double *vf = W->vf + 6 * k;
    for (int i = 0; i < 3; i++) {
      T->I[nz] = T->J[nz] = dof[k] + i;
      T->X[nz++] = m;
      P->f[dof[k] + i] = m * vf[i];
      for (int j = 0; j < 3; j++) {
        T->I[nz] = dof[k] + 3 + i;
        T->J[nz] = dof[k] + 3 + j;
        T->X[nz++] = Iw[3 * i + j];
        P->f[dof[k] + 3 + i] += Iw[3 * i + j] * vf[3 + j];
      }
    }
  }
  return sn_csc_from_triplets(ndof, ndof, nz, T->I, T->J, T->X, &P->M);
}

/* H: column (i, l) holds [e_l; r x e_l] on body b and its negative on body a (dynamic ones) */
static int global_H(const sn_mj_step *W, const int *dof, int ndof, triplets *T, sn_gfc *P) {
  int p = 0, n = W->nrow;
  for (int i = 0; i < n; i++) {
    const sn_mj_row *c = &W->row[i];
    const double *e[3] = {c->n, c->t1, c->t2};
    for (int side = 0; side < 2; side++) {
      int k = side ? c->b : c->a;
      if (dof[k] < 0) continue;
      const double *r = side ? c->rb : c->ra;
      double sg = side ? 1 : -1;
      for (int l = 0; l < 3; l++) {
        double m[3];
        sn3_cross(r, e[l], m);
        for (int j = 0; j < 3; j++) {
          T->I[p] = dof[k] + j; T->J[p] = 3 * i + l; T->X[p++] = sg * e[l][j];
          T->I[p] = dof[k] + 3 + j; T->J[p] = 3 * i + l; T->X[p++] = sg * m[j];
        }
      }
    }
    P->mu[i] = c->mu;
  }
  return sn_csc_from_triplets(ndof, 3 * n, p, T->I, T->J, T->X, &P->H);
}

/* w = q - H^T v_free: the non-dynamic bodies' share of u and the shifts */
static int global_w(const sn_scene *S, const sn_mj_step *W, const int *dof, int ndof, sn_gfc *P) {
  double *vd = calloc((size_t)ndof + 1, sizeof *vd);
  if (!vd) return SN_ERR_NOMEM;
  for (int k = 0; k < S->nb; k++)
    if (dof[k] >= 0) memcpy(vd + dof[k], W->vf + 6 * k, 6 * sizeof *vd);
  memcpy(P->w, W->q, (size_t)(3 * W->nrow) * sizeof *P->w);
  sn_csc_gemv_t(P->H, -1.0, vd, 1.0, P->w);
  free(vd);
  return SN_OK;
}

/* the global problem (M, H, f, w, mu); dof[k] = first dof of body k or -1 */
static int build_global(const sn_scene *S, const sn_mj_step *W, const int *dof, int ndof, sn_gfc **out) {
  int n = W->nrow;
  sn_gfc *P = calloc(1, sizeof *P);
  if (!P) return SN_ERR_NOMEM;
  P->dim = 3;
  P->nc = n;
  P->ndof = ndof;
  P->f = calloc((size_t)ndof + 1, sizeof *P->f);
  P->w = malloc((size_t)(3 * n + 1) * sizeof *P->w);
  P->mu = malloc((size_t)(n + 1) * sizeof *P->mu);
  size_t nt = 36 * (size_t)S->nb + 36 * (size_t)n + 1;
  triplets T = {malloc(nt * sizeof(int)), malloc(nt * sizeof(int)), malloc(nt * sizeof(double))};
  int st = P->f && P->w && P->mu && T.I && T.J && T.X ? SN_OK : SN_ERR_NOMEM;
  if (st == SN_OK) st = global_mass(S, W, dof, ndof, &T, P);
  if (st == SN_OK) st = global_H(W, dof, ndof, &T, P);
  if (st == SN_OK) st = global_w(S, W, dof, ndof, P);
  free(T.I);
  free(T.J);
  free(T.X);
  if (st != SN_OK) {
    sn_gfc_free(P);
    return st;
  }
  *out = P;
  return SN_OK;
}

static int solve_global(sn_scene *S, sn_mj_step *W, const char *name, const sn_settings *s, sn_info *info) {
  int *dof = malloc((size_t)(S->nb + 1) * sizeof *dof), ndof = 0;
  if (!dof) return SN_ERR_NOMEM;
  for (int k = 0; k < S->nb; k++) {
    dof[k] = W->body[k].im > 0 ? ndof : -1;
    if (dof[k] >= 0) ndof += 6;
  }
  sn_gfc *P = NULL;
  int n = 3 * W->nrow, st = build_global(S, W, dof, ndof, &P);
  if (st == SN_OK) st = sn_mj_grow((void **)&W->ru, &W->ru_cap, n + 1, sizeof *W->ru);
  if (st == SN_OK) st = sn_mj_grow((void **)&W->rv, &W->rv_cap, ndof + 1, sizeof *W->rv);
  if (st == SN_OK) {
    double *r = W->ru, *v = W->rv;
    for (int i = 0; i < W->nrow; i++) memcpy(r + 3 * i, W->row[i].r, 3 * sizeof *r);
    for (int k = 0; k < S->nb; k++)
      if (dof[k] >= 0) {
        memcpy(v + dof[k], W->body[k].v, 3 * sizeof *v);
        memcpy(v + dof[k] + 3, W->body[k].w, 3 * sizeof *v);
      }
    st = sn_gfc_solve(P, name, r, v, s, info);
    if (st >= 0) {
      for (int i = 0; i < W->nrow; i++) memcpy(W->row[i].r, r + 3 * i, 3 * sizeof *r);
      for (int k = 0; k < S->nb; k++)
        if (dof[k] >= 0) {
          memcpy(W->body[k].v, v + dof[k], 3 * sizeof *v);
          memcpy(W->body[k].w, v + dof[k] + 3, 3 * sizeof *v);
        }
    }
  }
  sn_gfc_free(P);
  free(dof);
  return st;
}

int sn_mj_registry_solve(sn_scene *S, sn_mj_step *W, const char *solver, const sn_settings *s, sn_info *info) {
  if (strncmp(solver, "global:", 7) == 0) return solve_global(S, W, solver + 7, s, info);
  if (strncmp(solver, "local:", 6) == 0) solver += 6;   /* "local:nsgs": the registry's own NSGS on W */
  return solve_local(S, W, solver, s, info);
}
