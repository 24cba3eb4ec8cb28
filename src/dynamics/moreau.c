/* Moreau-Jean time stepping (Moreau 1988, "Unilateral contact and dry friction in finite
 * freedom dynamics"; Jean 1999, "The non-smooth contact dynamics method"; Acary & Brogliato
 * 2008, ch. 10, "Moreau-Jean's scheme"). One step of h from t:
 *   1. kinematic bodies' velocities at t + h; detection at the start positions with a margin;
 *   2. free velocities (gravity, explicit gyroscopic term: moreau_setup.c);
 *   3. per contact: frame, Delassus block, index set and shift (restitution / open bound);
 *   4. impulses r solving  M (v+ - v_free) = H r,  u = H^T v+ + s e_N,  r in the Coulomb cone,
 *      u_hat in its dual, r . u_hat = 0 (De Saxce), warm-started by contact identity;
 *   5. positions x+ = x + h ((1 - theta) v- + theta v+), orientation by the exponential map of
 *      (1 - theta) w- + theta w+, t += h; optional projection (moreau_projection.c).
 * The contacts keep their impulses, post-step relative velocities and status in S->contacts. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/moreau_internal.h"

void sn_dyn_settings_default(sn_dyn_settings *s) {
  if (!s) return;
  memset(s, 0, sizeof *s);
  s->dt = 1e-3;
  s->theta = 0.5;
  s->margin = 0;
  s->solver = NULL;
  sn_settings_default(&s->solve);
  s->warm_start = 1;
  s->projection = 0;
  s->event_tol = 1e-10;
  s->event_max_steps = SN_EV_MAX_STEPS;
}

void sn_scene_step_free(void *step) {
  sn_mj_step *W = step;
  if (!W) return;
  free(W->body);
  free(W->v0);
  free(W->vf);
  free(W->row);
  free(W->um);
  free(W->q);
  free(W->order);
  free(W->hkey);
  free(W->ru);
  free(W->rv);
  free(W->nw);
  free(W->cg);
  sn_mj_project_free(W->proj);
  free(W);
}

static int settings_ok(const sn_dyn_settings *s) {
  return isfinite(s->dt) && s->dt > 0 && isfinite(s->theta) && s->theta >= 0.5 && s->theta <= 1 &&
         isfinite(s->margin) && s->margin >= 0 && isfinite(s->solve.tol) && s->solve.tol > 0 &&
         s->solve.max_iter >= 1 && s->threads >= 0;
}

/* a body's speed bound |v| + |w| bound (planes and meshes: |v|) */
static double body_speed(const sn_body *B) {
  double s = sn3_norm(B->v);
  if (isfinite(B->shape.bound)) s += sn3_norm(B->w) * B->shape.bound;
  return s;
}

/* the automatic margin: 2 h times the largest speed reachable in the step (speed + h |g|),
 * at least 1e-6 m */
static double auto_margin(const sn_scene *S, double h) {
  double vmax = 0;
  for (int k = 0; k < S->nb; k++)
    if (S->b[k].motion != SN_BODY_FIXED) vmax = fmax(vmax, body_speed(&S->b[k]));
  return fmax(1e-6, 2 * h * (vmax + h * sn3_norm(S->g)));
}

/* phase 5: bodies' velocities and positions from the solved velocities */
static void advance_bodies(sn_scene *S, const sn_mj_step *W, double h, double theta) {
  for (int k = 0; k < S->nb; k++) {
    sn_body *B = &S->b[k];
    if (B->motion != SN_BODY_DYNAMIC) continue;   /* kinematic: already at t + h */
    const double *v0 = W->v0 + 6 * k;
    const sn_mj_body *C = &W->body[k];
    double wm[3];
    for (int i = 0; i < 3; i++) {
      B->x[i] += h * ((1 - theta) * v0[i] + theta * C->v[i]);
      wm[i] = (1 - theta) * v0[3 + i] + theta * C->w[i];
    }
    memcpy(B->v, C->v, sizeof B->v);
    memcpy(B->w, C->w, sizeof B->w);
    sn_quat_integrate(B->q, wm, h);
    sn_body_sync(B);
  }
}

/* contacts of the step: impulses, post-step relative velocities, status; the largest
 * end-of-step penetration predicted from the linearized gaps */
static double store_contacts(sn_scene *S, const sn_mj_step *W, double h, double theta, double tol) {
  double vscale = 0, pen = 0;
  for (int i = 0; i < 3 * W->nrow; i++) vscale = fmax(vscale, fabs(W->q[i]));
  for (int i = 0; i < W->nrow; i++) {
    const sn_mj_row *c = &W->row[i];
    sn_contact *k = &S->contacts.c[i];
    memcpy(k->r, c->r, sizeof k->r);
    sn_mj_row_velocity(c, &W->body[c->a], &W->body[c->b], k->u);
    k->u_prev_n = W->um[3 * i];
    double ut = hypot(k->u[1], k->u[2]);
    if (!(c->r[0] > 0)) k->status = SN_CONTACT_OPEN;
    else if (ut <= fmax(tol * vscale, DBL_MIN)) k->status = SN_CONTACT_STICK;
    else k->status = SN_CONTACT_SLIP;
    double g1 = k->gap + h * ((1 - theta) * W->um[3 * i] + theta * k->u[0]);
    pen = fmax(pen, -g1);
  }
  return pen;
}

static int is_nsgs(const char *name) {
  return !name || strcmp(name, "nsgs") == 0;
}

/* the solver name and options checked before anything moves: the NSGS's read into W; a
 * registry solver's tried once (sn_dyn_check_solver: a solve of one contact), then remembered */
static int solver_ok(const sn_dyn_settings *s, sn_mj_step *W) {
  if (is_nsgs(s->solver)) return sn_nsgs_bodies_options(s->solve.options, W);
  char key[sizeof W->checked];
  int n = snprintf(key, sizeof key, "%s|%s", s->solver, s->solve.options ? s->solve.options : "");
  if (n > 0 && n < (int)sizeof key && strcmp(key, W->checked) == 0) return SN_OK;
  int st = sn_dyn_check_solver(s, NULL, 0);
  if (st == SN_OK && n > 0 && n < (int)sizeof key) memcpy(W->checked, key, (size_t)n + 1);
  return st;
}

/* a step that failed part way: kinematic bodies back at t (nothing else has moved) */
static int step_failed(sn_scene *S, int st) {
  for (int k = 0; k < S->nb; k++)
    if (S->b[k].motion == SN_BODY_KINEMATIC) sn_body_kinematic_state(&S->b[k], S->t);
  return st;
}

/* whether the solved velocities of the dynamic bodies are finite (an overflow in the free
 * velocities, e.g. the explicit gyroscopic term of a huge spin, must not be integrated) */
static int velocities_finite(const sn_scene *S, const sn_mj_step *W) {
  for (int k = 0; k < S->nb; k++) {
    if (S->b[k].motion != SN_BODY_DYNAMIC) continue;
    const sn_mj_body *C = &W->body[k];
    for (int i = 0; i < 3; i++)
      if (!isfinite(C->v[i]) || !isfinite(C->w[i])) return 0;
  }
  return 1;
}

static int solve_phase(sn_scene *S, sn_mj_step *W, const sn_dyn_settings *s, sn_info *si) {
  if (W->nrow == 0) {
    sn_info_reset(si);
    si->status = SN_OK;
    si->error = 0;
    return SN_OK;
  }
  W->threads = s->threads;
  if (is_nsgs(s->solver)) {
    /* a small problem keeps its warm start: should the sweeps stop short of tol (a heavy body
       on a light one: their rate falls with the mass ratio), Newton starts from there. On two
       boxes of 1 kg and 1e6 kg on an incline that must stick (docs/dynamics.md, "Mass ratios"):
       1 000 sweeps a step let them slide 0.4 m in 1 s; Newton after 30 keeps them within 18 um.
       A tower of 6 cubes on that incline: 106 of 200 steps short of 1e-8 by the sweeps alone,
       none with Newton, 18 times faster */
    int small = W->nrow <= W->newton_max;
    if (small) {
      if (sn_mj_grow((void **)&W->nw, &W->nw_cap, 6 * W->nrow, sizeof *W->nw)) return SN_ERR_NOMEM;
      for (int i = 0; i < W->nrow; i++) memcpy(W->nw + 3 * i, W->row[i].r, 3 * sizeof *W->nw);
    }
    sn_settings ss = s->solve;   /* and then SN_NSGS_NEWTON_SWEEPS sweeps are enough for them */
    if (small && ss.max_iter > SN_NSGS_NEWTON_SWEEPS) ss.max_iter = SN_NSGS_NEWTON_SWEEPS;
    int st = sn_nsgs_bodies_solve(W, &ss, si);
    if (st == SN_MAX_ITER && small) st = sn_mj_registry_finish(S, W, &s->solve, si, st);
    return st;
  }
  return sn_mj_registry_solve(S, W, s->solver, &s->solve, si);
}

static void fill_info(const sn_scene *S, sn_dyn_info *info, const sn_info *si, int nc, double pen) {
  info->status = si->status;
  info->ncontacts = nc;
  info->iterations = si->iterations;
  info->error = si->error;
  info->max_penetration = fmax(0.0, pen);
  info->max_speed = 0;
  for (int k = 0; k < S->nb; k++)
    if (S->b[k].motion == SN_BODY_DYNAMIC) info->max_speed = fmax(info->max_speed, body_speed(&S->b[k]));
  info->events = 0;
  info->last_event_time = NAN;
}

static int step_scratch(sn_scene *S, sn_mj_step **out) {
  if (!S->step) {
    S->step = calloc(1, sizeof(sn_mj_step));
    if (!S->step) return SN_ERR_NOMEM;
  }
  *out = S->step;
  return SN_OK;
}

static int step_run(sn_scene *S, const sn_dyn_settings *s, sn_dyn_info *info) {
  double t0 = sn_wtime(), h = s->dt, theta = s->theta;
  sn_mj_step *W;
  int st = step_scratch(S, &W);
  if (st != SN_OK) return st;
  if ((st = solver_ok(s, W)) != SN_OK) return st;
  double h_prev = W->have ? W->h : h;
  W->have = 0;
  /* 1. detection at the start positions (kinematic bodies at t) */
  double margin = s->margin > 0 ? s->margin : auto_margin(S, h);
  if ((st = sn_detect(S, margin)) != SN_OK) return st;
  double t1 = sn_wtime();
  /* 2-3. bodies, free velocities, rows; warm start */
  if ((st = sn_mj_reserve(W, S->nb, S->contacts.n)) != SN_OK) return st;
  sn_mj_bodies(S, W, h, theta);
  sn_mj_rows(S, W, h, theta);
  if ((st = sn_mj_warm_start(S, W, s->warm_start, h / h_prev)) != SN_OK) return step_failed(S, st);
  /* 4. impulses */
  sn_info si;
  memset(&si, 0, sizeof si);
  sn_info_reset(&si);
  st = solve_phase(S, W, s, &si);
  if (st < 0) return step_failed(S, st);
  if (!velocities_finite(S, W)) return step_failed(S, SN_ERR_NAN);
  double t2 = sn_wtime();
  W->have = 1;
  W->h = h;
  W->theta = theta;
  S->have_problem = 1;
  S->last_dt = h;
  S->last_theta = theta;
  /* 5. contacts, energy, bodies, time */
  double pen = store_contacts(S, W, h, theta, s->solve.tol);
  sn_energy_accumulate(S, W);
  advance_bodies(S, W, h, theta);
  S->t += h;
  if (s->projection) {
    if ((st = sn_mj_project(S, W, margin, &pen)) < 0) {
      fill_info(S, info, &si, W->nrow, pen);   /* the step happened; its status is the failure */
      return st;
    }
    if (st != SN_OK && si.status == SN_OK) si.status = st;
  }
  fill_info(S, info, &si, W->nrow, pen);
  info->seconds_detect = t1 - t0;
  info->seconds_solve = t2 - t1;
  info->seconds = sn_wtime() - t0;
  return info->status;
}

/* a step that fails reports its failure in info->status too (never the zeroed SN_OK) */
int sn_scene_step(sn_scene *S, const sn_dyn_settings *s, sn_dyn_info *info) {
  sn_dyn_settings def;
  if (!s) {
    sn_dyn_settings_default(&def);
    s = &def;
  }
  sn_dyn_info dummy;
  if (!info) info = &dummy;
  memset(info, 0, sizeof *info);
  if (!S || !settings_ok(s)) return info->status = SN_ERR_ARG;
  int st = step_run(S, s, info);
  if (st < 0) info->status = st;
  return st;
}

int sn_scene_last_problem(const sn_scene *S, sn_fc **P, double **r) {
  if (!S || !P || !S->step || !((const sn_mj_step *)S->step)->have) return SN_ERR_ARG;
  const sn_mj_step *W = S->step;
  int st = sn_mj_local_problem(W, P);
  if (st != SN_OK) return st;
  if (r) {
    *r = malloc((size_t)(3 * (W->nrow > 0 ? W->nrow : 1)) * sizeof **r);
    if (!*r) {
      sn_fc_free(*P);
      *P = NULL;
      return SN_ERR_NOMEM;
    }
    for (int i = 0; i < W->nrow; i++) memcpy(*r + 3 * i, W->row[i].r, 3 * sizeof **r);
  }
  return SN_OK;
}
