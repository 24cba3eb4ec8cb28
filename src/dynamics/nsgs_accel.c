/* Nonsmooth nonlinear conjugate gradient (NNCG) on top of the matrix-free NSGS sweep
 * (Silcowitz, Niebe & Erleben 2010, "A nonsmooth nonlinear conjugate gradient method for
 * interactive contact force problems", The Visual Computer 26, Algorithm 2).
 *
 * The sweep r_{k+1} = GS(r_k) is read as a preconditioned residual step: g_{k+1} = r_{k+1} - r_k
 * (minus the paper's "gradient"). With the Fletcher-Reeves ratio beta = |g_{k+1}|^2 / |g_k|^2:
 *   beta > 1 (restart):  p_{k+1} = g_{k+1}, the sweep's result kept as is;
 *   else:                r_{k+1} += beta p_k,  p_{k+1} = beta p_k + g_{k+1}.
 * Matrix-free, the bodies' velocities v = v_free + M^-1 H r are linear in r, so the search
 * direction is kept twice, in impulses (3 per contact) and in velocities (6 per body, the
 * sweep's velocity change v_{k+1} - v_k): a step beta p moves both and keeps v consistent with r
 * without touching H. The step can leave r outside the cone for a sweep; the next sweep's exact
 * local solves do not read a row's own old impulse (q = u - W_ii r_i), and the stopping error
 * (nsgs_bodies.c) is that of the state actually held, so nothing claims more than it has. */
#include <stdlib.h>
#include <string.h>

#include "dynamics/moreau_internal.h"

/* the scratch of W (r_prev, p_r: 3 per row; v_prev, p_v: 6 per body), grown on demand */
int sn_nncg_begin(sn_mj_step *W, sn_nncg *G) {
  size_t need = 6 * (size_t)W->nrow + 12 * (size_t)W->nb;
  if (need > W->cg_cap) {
    double *p = realloc(W->cg, need * sizeof *p);
    if (!p) return SN_ERR_NOMEM;
    W->cg = p;
    W->cg_cap = need;
  }
  G->r_prev = W->cg;
  G->p_r = G->r_prev + 3 * (size_t)W->nrow;
  G->v_prev = G->p_r + 3 * (size_t)W->nrow;
  G->p_v = G->v_prev + 6 * (size_t)W->nb;
  G->g2 = 0;
  G->started = 0;
  sn_nncg_snapshot(W, G);
  return SN_OK;
}

/* the state before the first sweep: r_0 and v_0 (sn_nncg_update keeps them for the next ones) */
void sn_nncg_snapshot(const sn_mj_step *W, sn_nncg *G) {
  for (int i = 0; i < W->nrow; i++) memcpy(G->r_prev + 3 * (size_t)i, W->row[i].r, 3 * sizeof(double));
  for (int k = 0; k < W->nb; k++) {
    memcpy(G->v_prev + 6 * (size_t)k, W->body[k].v, 3 * sizeof(double));
    memcpy(G->v_prev + 6 * (size_t)k + 3, W->body[k].w, 3 * sizeof(double));
  }
}

/* after the sweep: g = r_{k+1} - r_k (and its velocity image), beta, the momentum step; the
 * result kept as r_k, v_k of the next sweep (one pass over the state, no separate snapshot) */
void sn_nncg_update(sn_mj_step *W, sn_nncg *G) {
  double g2 = 0;
  for (int i = 0; i < W->nrow; i++) {
    const double *r = W->row[i].r, *r0 = G->r_prev + 3 * (size_t)i;
    for (int j = 0; j < 3; j++) g2 += (r[j] - r0[j]) * (r[j] - r0[j]);
  }
  double beta = G->started && G->g2 > 0 ? g2 / G->g2 : 2;
  int restart = !(beta <= 1);
  for (int i = 0; i < W->nrow; i++) {
    double *r = W->row[i].r, *r0 = G->r_prev + 3 * (size_t)i, *p = G->p_r + 3 * (size_t)i;
    for (int j = 0; j < 3; j++) {
      double g = r[j] - r0[j];
      if (restart) {
        p[j] = g;
      } else {
        r[j] += beta * p[j];
        p[j] = beta * p[j] + g;
      }
      r0[j] = r[j];   /* r_k of the next sweep */
    }
  }
  for (int k = 0; k < W->nb; k++) {
    sn_mj_body *B = &W->body[k];
    if (!(B->im > 0)) continue;   /* fixed and kinematic bodies: impulses never move them */
    double *v0 = G->v_prev + 6 * (size_t)k, *p = G->p_v + 6 * (size_t)k;
    for (int j = 0; j < 6; j++) {
      double *x = j < 3 ? &B->v[j] : &B->w[j - 3];
      double g = *x - v0[j];
      if (restart) {
        p[j] = g;
      } else {
        *x += beta * p[j];
        p[j] = beta * p[j] + g;
      }
      v0[j] = *x;
    }
  }
  G->g2 = g2;
  G->started = 1;
}
