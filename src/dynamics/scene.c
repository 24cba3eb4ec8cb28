#define _POSIX_C_SOURCE 200809L   /* strdup */
/* The scene: bodies, their shapes and mass properties, gravity, contact laws, states and the
 * contacts of the last step. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dynamics/dyn_internal.h"

void sn_scene_step_free(void *step);     /* moreau.c */
void sn_scene_event_free(void *event);   /* event.c */
void sn_broadphase_free(void *broad);    /* broadphase.c */

void sn_body_desc_default(sn_body_desc *d) {
  if (!d) return;
  memset(d, 0, sizeof *d);
  d->shape.kind = SN_SHAPE_SPHERE;
  d->shape.radius = 0.5;
  d->motion = SN_BODY_DYNAMIC;
  d->density = 1000.0;
  d->q[0] = 1.0;
}

int sn_scene_create(sn_scene **out) {
  if (!out) return SN_ERR_ARG;
  sn_scene *S = calloc(1, sizeof *S);
  if (!S) return SN_ERR_NOMEM;
  S->g[2] = -9.81;
  *out = S;
  return SN_OK;
}

void sn_shape_free(sn_shape *s);

void sn_scene_free(sn_scene *S) {
  if (!S) return;
  for (int i = 0; i < S->nb; i++) {
    free(S->b[i].name);
    sn_shape_free(&S->b[i].shape);
  }
  free(S->b);
  free(S->law);
  sn_contact_list_free(&S->contacts);
  sn_contact_list_free(&S->prev);
  sn_broadphase_free(S->broad);
  sn_scene_step_free(S->step);
  sn_scene_event_free(S->event);
  free(S);
}

int sn_contact_list_push(sn_contact_list *L, const sn_contact *c) {
  if (L->n == L->cap) {
    int cap = L->cap ? 2 * L->cap : 64;
    sn_contact *p = realloc(L->c, (size_t)cap * sizeof *p);
    if (!p) return SN_ERR_NOMEM;
    L->c = p;
    L->cap = cap;
  }
  L->c[L->n++] = *c;
  return SN_OK;
}

void sn_contact_list_free(sn_contact_list *L) {
  free(L->c);
  L->c = NULL;
  L->n = L->cap = 0;
}

static int finite_all(const double *x, int n) {
  for (int i = 0; i < n; i++)
    if (!isfinite(x[i])) return 0;
  return 1;
}

/* rotation matrix (row-major) to a unit quaternion (w, x, y, z) (Shepperd's method) */
static void mat_to_quat(const double R[9], double q[4]) {
  double tr = R[0] + R[4] + R[8];
  if (tr > 0) {
    double s = 2.0 * sqrt(1.0 + tr);
    q[0] = 0.25 * s; q[1] = (R[7] - R[5]) / s; q[2] = (R[2] - R[6]) / s; q[3] = (R[3] - R[1]) / s;
  } else if (R[0] > R[4] && R[0] > R[8]) {
    double s = 2.0 * sqrt(1.0 + R[0] - R[4] - R[8]);
    q[0] = (R[7] - R[5]) / s; q[1] = 0.25 * s; q[2] = (R[1] + R[3]) / s; q[3] = (R[2] + R[6]) / s;
  } else if (R[4] > R[8]) {
    double s = 2.0 * sqrt(1.0 + R[4] - R[0] - R[8]);
    q[0] = (R[2] - R[6]) / s; q[1] = (R[1] + R[3]) / s; q[2] = 0.25 * s; q[3] = (R[5] + R[7]) / s;
  } else {
    double s = 2.0 * sqrt(1.0 + R[8] - R[0] - R[4]);
    q[0] = (R[3] - R[1]) / s; q[1] = (R[2] + R[6]) / s; q[2] = (R[5] + R[7]) / s; q[3] = 0.25 * s;
  }
}

/* copy the shape description's arrays into the body's shape */
static int shape_copy(const sn_shape_desc *d, sn_shape *s) {
  memset(s, 0, sizeof *s);
  s->kind = d->kind;
  s->radius = d->radius;
  s->half_length = d->half_length;
  memcpy(s->half, d->half, sizeof s->half);
  if (d->kind == SN_SHAPE_CONVEX || d->kind == SN_SHAPE_MESH) {
    if (d->nvert <= 0 || !d->vert || !finite_all(d->vert, 3 * d->nvert)) return SN_ERR_ARG;
    s->nvert = d->nvert;
    s->vert = malloc(3 * (size_t)d->nvert * sizeof *s->vert);
    if (!s->vert) return SN_ERR_NOMEM;
    memcpy(s->vert, d->vert, 3 * (size_t)d->nvert * sizeof *s->vert);
  }
  if (d->kind == SN_SHAPE_MESH) {
    if (d->ntri <= 0 || !d->tri) return SN_ERR_ARG;
    for (int i = 0; i < 3 * d->ntri; i++)
      if (d->tri[i] < 0 || d->tri[i] >= d->nvert) return SN_ERR_ARG;
    s->ntri = d->ntri;
    s->tri = malloc(3 * (size_t)d->ntri * sizeof *s->tri);
    if (!s->tri) return SN_ERR_NOMEM;
    memcpy(s->tri, d->tri, 3 * (size_t)d->ntri * sizeof *s->tri);
  }
  return SN_OK;
}

static int shape_check(const sn_shape_desc *d) {
  double r = d->radius, h = d->half_length;
  switch (d->kind) {
  case SN_SHAPE_SPHERE: return isfinite(r) && r > 0 ? SN_OK : SN_ERR_ARG;
  case SN_SHAPE_BOX:
    return finite_all(d->half, 3) && d->half[0] > 0 && d->half[1] > 0 && d->half[2] > 0 ? SN_OK : SN_ERR_ARG;
  case SN_SHAPE_CAPSULE: return isfinite(r) && r > 0 && isfinite(h) && h >= 0 ? SN_OK : SN_ERR_ARG;
  case SN_SHAPE_CYLINDER: return isfinite(r) && r > 0 && isfinite(h) && h > 0 ? SN_OK : SN_ERR_ARG;
  case SN_SHAPE_CONVEX: return d->nvert >= 4 ? SN_OK : SN_ERR_ARG;
  case SN_SHAPE_PLANE: return SN_OK;
  case SN_SHAPE_MESH: return d->nvert >= 3 && d->ntri >= 1 ? SN_OK : SN_ERR_ARG;
  default: return SN_ERR_ARG;
  }
}

/* the bounding radius about the body origin */
static double shape_bound(const sn_shape *s) {
  switch (s->kind) {
  case SN_SHAPE_SPHERE: return s->radius;
  case SN_SHAPE_BOX: return sqrt(s->half[0] * s->half[0] + s->half[1] * s->half[1] + s->half[2] * s->half[2]);
  case SN_SHAPE_CAPSULE: return s->half_length + s->radius;
  case SN_SHAPE_CYLINDER: return sqrt(s->half_length * s->half_length + s->radius * s->radius);
  case SN_SHAPE_PLANE: return INFINITY;
  default: {
    double m = 0;
    for (int k = 0; k < s->nvert; k++) m = fmax(m, sn3_norm(s->vert + 3 * k));
    return m;
  }
  }
}

/* mass properties: primitives analytically, convex hulls by sn_convex_init (which may move the
 * body origin to the centroid and rotate to the principal axes: the state is adjusted) */
static int body_mass(sn_body *B, const sn_body_desc *d) {
  sn_shape *s = &B->shape;
  double V = 0, I[3] = {0, 0, 0};
  int st;
  if (s->kind == SN_SHAPE_CONVEX) {
    double c[3], Rp[9], qp[4], q[4];
    if ((st = sn_convex_init(s, &V, I, c, Rp)) != SN_OK) return st;
    /* the centre of mass in the world, and the orientation of the principal frame */
    double cw[3];
    sn_body_to_world(B, c, cw);
    memcpy(B->x, cw, sizeof cw);
    mat_to_quat(Rp, qp);
    sn_quat_mul(B->q, qp, q);
    memcpy(B->q, q, sizeof q);
    sn_body_sync(B);
  } else if (s->kind == SN_SHAPE_MESH) {
    if ((st = sn_mesh_init(s)) != SN_OK) return st;
  } else if (s->kind != SN_SHAPE_PLANE) {
    if ((st = sn_shape_mass_unit(s, &V, I)) != SN_OK) return st;
  }
  s->bound = shape_bound(s);
  if (s->kind != SN_SHAPE_PLANE && !isfinite(s->bound)) return SN_ERR_ARG;   /* sizes overflow a double */
  if (B->motion != SN_BODY_DYNAMIC) {
    B->mass = INFINITY;
    B->inv_mass = 0;
    B->inv_I_body[0] = B->inv_I_body[1] = B->inv_I_body[2] = 0;
    for (int i = 0; i < 3; i++) B->I_body[i] = INFINITY;
    return SN_OK;
  }
  double rho = d->mass > 0 ? d->mass / V : d->density;
  B->density = rho;
  B->mass = rho * V;
  B->inv_mass = 1.0 / B->mass;
  for (int i = 0; i < 3; i++) {
    B->I_body[i] = rho * I[i];
    B->inv_I_body[i] = B->I_body[i] > 0 ? 1.0 / B->I_body[i] : 0.0;
  }
  /* a volume that under- or overflows (radius 1e-300 or 1e308) gives no usable mass */
  if (!(B->mass > 0) || !isfinite(B->mass) || !isfinite(rho) || !finite_all(B->I_body, 3) || !finite_all(B->inv_I_body, 3) ||
      !isfinite(B->inv_mass))
    return SN_ERR_ARG;
  return SN_OK;
}

int sn_scene_add_body(sn_scene *S, const sn_body_desc *d, int *id) {
  if (!S || !d) return SN_ERR_ARG;
  if (d->motion != SN_BODY_DYNAMIC && d->motion != SN_BODY_FIXED && d->motion != SN_BODY_KINEMATIC) return SN_ERR_ARG;
  if (shape_check(&d->shape) != SN_OK) return SN_ERR_ARG;
  if ((d->shape.kind == SN_SHAPE_PLANE || d->shape.kind == SN_SHAPE_MESH) && d->motion == SN_BODY_DYNAMIC)
    return SN_ERR_ARG;
  if (d->motion == SN_BODY_DYNAMIC && !(d->mass > 0) && !(isfinite(d->density) && d->density > 0)) return SN_ERR_ARG;
  if (!isfinite(d->mass) || d->mass < 0 || d->material < 0) return SN_ERR_ARG;
  if (!finite_all(d->x, 3) || !finite_all(d->q, 4) || !finite_all(d->v, 3) || !finite_all(d->w, 3)) return SN_ERR_ARG;
  double qn = sqrt(d->q[0] * d->q[0] + d->q[1] * d->q[1] + d->q[2] * d->q[2] + d->q[3] * d->q[3]);
  if (!(qn > 0)) return SN_ERR_ARG;
  if (S->nb == S->cap) {
    int cap = S->cap ? 2 * S->cap : 16;
    sn_body *p = realloc(S->b, (size_t)cap * sizeof *p);
    if (!p) return SN_ERR_NOMEM;
    S->b = p;
    S->cap = cap;
  }
  sn_body *B = &S->b[S->nb];
  memset(B, 0, sizeof *B);
  char def[32];
  snprintf(def, sizeof def, "body%d", S->nb);
  B->name = strdup(d->name ? d->name : def);
  if (!B->name) return SN_ERR_NOMEM;
  B->motion = d->motion;
  B->material = d->material;
  memcpy(B->x, d->x, sizeof B->x);
  for (int i = 0; i < 4; i++) B->q[i] = d->q[i] / qn;
  memcpy(B->v, d->v, sizeof B->v);
  memcpy(B->w, d->w, sizeof B->w);
  if (B->motion == SN_BODY_FIXED) {
    memset(B->v, 0, sizeof B->v);
    memset(B->w, 0, sizeof B->w);
  }
  sn_body_sync(B);
  int st = shape_copy(&d->shape, &B->shape);
  if (st == SN_OK) st = body_mass(B, d);
  if (st != SN_OK) {
    free(B->name);
    sn_shape_free(&B->shape);
    return st;
  }
  /* the description as stored: arrays point into the shape, the state is the adjusted one */
  B->desc = *d;
  B->desc.name = B->name;
  B->desc.shape.vert = B->shape.vert;
  B->desc.shape.nvert = B->shape.nvert;
  B->desc.shape.tri = B->shape.tri;
  memcpy(B->desc.x, B->x, sizeof B->x);
  memcpy(B->desc.q, B->q, sizeof B->q);
  if (id) *id = S->nb;
  S->nb++;
  return SN_OK;
}

int sn_scene_nbodies(const sn_scene *S) { return S ? S->nb : 0; }

const char *sn_scene_body_name(const sn_scene *S, int body) {
  if (!S || body < 0 || body >= S->nb) return NULL;
  return S->b[body].name;
}

int sn_scene_find_body(const sn_scene *S, const char *name) {
  if (!S || !name) return -1;
  for (int i = 0; i < S->nb; i++)
    if (strcmp(S->b[i].name, name) == 0) return i;
  return -1;
}

int sn_scene_body_desc(const sn_scene *S, int body, sn_body_desc *d) {
  if (!S || !d || body < 0 || body >= S->nb) return SN_ERR_ARG;
  *d = S->b[body].desc;
  return SN_OK;
}

double sn_scene_body_mass(const sn_scene *S, int body) {
  if (!S || body < 0 || body >= S->nb) return NAN;
  return S->b[body].mass;
}

int sn_scene_set_gravity(sn_scene *S, const double g[3]) {
  if (!S || !g || !finite_all(g, 3)) return SN_ERR_ARG;
  memcpy(S->g, g, sizeof S->g);
  return SN_OK;
}

/* the law of the material pair (ma, mb) in either order, or NULL */
static sn_contact_law *law_find(const sn_scene *S, int ma, int mb) {
  int lo = ma < mb ? ma : mb, hi = ma < mb ? mb : ma;
  for (int i = 0; i < S->nlaw; i++)
    if (S->law[i].ma == lo && S->law[i].mb == hi) return &S->law[i];
  return NULL;
}

int sn_scene_set_contact_law(sn_scene *S, int ma, int mb, double mu, double e) {
  if (!S || !isfinite(mu) || mu < 0 || !isfinite(e) || e < 0 || e > 1) return SN_ERR_ARG;
  if (ma == -1 && mb == -1) {
    S->default_mu = mu;
    S->default_e = e;
    return SN_OK;
  }
  if (ma < 0 || mb < 0) return SN_ERR_ARG;
  sn_contact_law *L = law_find(S, ma, mb);
  if (L) {
    L->mu = mu;
    L->e = e;
    return SN_OK;
  }
  if (ma > mb) {
    int t = ma;
    ma = mb;
    mb = t;
  }
  if (S->nlaw == S->law_cap) {
    int cap = S->law_cap ? 2 * S->law_cap : 8;
    sn_contact_law *p = realloc(S->law, (size_t)cap * sizeof *p);
    if (!p) return SN_ERR_NOMEM;
    S->law = p;
    S->law_cap = cap;
  }
  S->law[S->nlaw++] = (sn_contact_law){ma, mb, mu, e};
  return SN_OK;
}

void sn_scene_law(const sn_scene *S, int a, int b, double *mu, double *e) {
  const sn_contact_law *L = law_find(S, S->b[a].material, S->b[b].material);
  *mu = L ? L->mu : S->default_mu;
  *e = L ? L->e : S->default_e;
}

int sn_scene_set_motion(sn_scene *S, int body, sn_motion_fn f, void *user) {
  if (!S || body < 0 || body >= S->nb || S->b[body].motion != SN_BODY_KINEMATIC) return SN_ERR_ARG;
  S->b[body].motion_fn = f;
  S->b[body].motion_user = user;
  sn_body_kinematic_state(&S->b[body], S->t);
  return SN_OK;
}

int sn_scene_body_state(const sn_scene *S, int body, sn_body_state *st) {
  if (!S || !st || body < 0 || body >= S->nb) return SN_ERR_ARG;
  const sn_body *B = &S->b[body];
  memcpy(st->x, B->x, sizeof st->x);
  memcpy(st->q, B->q, sizeof st->q);
  memcpy(st->v, B->v, sizeof st->v);
  memcpy(st->w, B->w, sizeof st->w);
  return SN_OK;
}

int sn_scene_set_body_state(sn_scene *S, int body, const sn_body_state *st) {
  if (!S || !st || body < 0 || body >= S->nb) return SN_ERR_ARG;
  if (!finite_all(st->x, 3) || !finite_all(st->q, 4) || !finite_all(st->v, 3) || !finite_all(st->w, 3)) return SN_ERR_ARG;
  double qn = sqrt(st->q[0] * st->q[0] + st->q[1] * st->q[1] + st->q[2] * st->q[2] + st->q[3] * st->q[3]);
  if (!(qn > 0)) return SN_ERR_ARG;   /* as sn_scene_add_body: no silent identity */
  sn_body *B = &S->b[body];
  /* a kinematic body's state is its prescribed motion's, recomputed at every step: a state set
   * here would be silently overwritten */
  if (B->motion != SN_BODY_DYNAMIC) return SN_ERR_ARG;
  memcpy(B->x, st->x, sizeof B->x);
  memcpy(B->q, st->q, sizeof B->q);
  memcpy(B->v, st->v, sizeof B->v);
  memcpy(B->w, st->w, sizeof B->w);
  sn_body_sync(B);
  return SN_OK;
}

double sn_scene_time(const sn_scene *S) { return S ? S->t : NAN; }

int sn_scene_ncontacts(const sn_scene *S) { return S ? S->contacts.n : 0; }

int sn_scene_contact(const sn_scene *S, int k, sn_body_contact *c) {
  if (!S || !c || k < 0 || k >= S->contacts.n) return SN_ERR_ARG;
  const sn_contact *s = &S->contacts.c[k];
  c->a = s->a;
  c->b = s->b;
  c->feature = s->feature;
  memcpy(c->point, s->p, sizeof c->point);
  memcpy(c->normal, s->n, sizeof c->normal);
  memcpy(c->t1, s->t1, sizeof c->t1);
  memcpy(c->t2, s->t2, sizeof c->t2);
  c->gap = s->gap;
  memcpy(c->impulse, s->r, sizeof c->impulse);
  memcpy(c->u, s->u, sizeof c->u);
  c->mu = s->mu;
  c->e = s->e;
  c->status = s->status;
  return SN_OK;
}
