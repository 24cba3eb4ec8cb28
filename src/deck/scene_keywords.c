/* The keywords of a scene file (docs/dynamics.md): one table entry per keyword with its allowed
 * parameters, data-line counts and handlers. A *BODY or *LATTICE is gathered with its
 * suboptions (*ORIENTATION, *VELOCITY, *VERTICES, *TRIANGLES) and added to the scene when the
 * next other keyword (or the end of the file) comes; its errors point at its *BODY line. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deck/scene_internal.h"
#include "signorini/solver.h"

#define PI 3.14159265358979323846

enum { K_SPHERE, K_BOX, K_CAPSULE, K_CYLINDER, K_CONVEX, K_PLANE, K_MESH };
static const char *const type_words = "SPHERE BOX CAPSULE CYLINDER CONVEX PLANE MESH";
static const sn_shape_kind type_kind[] = {SN_SHAPE_SPHERE, SN_SHAPE_BOX, SN_SHAPE_CAPSULE, SN_SHAPE_CYLINDER,
                                          SN_SHAPE_CONVEX, SN_SHAPE_PLANE, SN_SHAPE_MESH};

/* ------------------------------------------------------------------------------------------ */
/* *SCENE, *HEADING, *MATERIAL, *DENSITY, *CONTACT PROPERTY, *GRAVITY */

/* v written with the fewest significant digits that read back as v (a value just outside a range
 * is not shown rounded onto its bound: 1.0000001, not 1) */
static const char *shortest(double v, char num[32])
{
  for (int prec = 6; prec < 17; prec++) {
    snprintf(num, 32, "%.*g", prec, v);
    if (strtod(num, NULL) == v) return num;
  }
  snprintf(num, 32, "%.17g", v);
  return num;
}

static int k_scene_begin(sr *p)
{
  if (p->nkeywords > 1) return sr_fail(p, "*SCENE is given twice: it is the first keyword, once");
  return SN_OK;
}

static int k_heading_data(sr *p)
{
  if (p->ndata == 0) snprintf(p->run->heading, sizeof p->run->heading, "%.127s", p->rawcopy);
  return SN_OK;
}

static int find_material(const sr *p, const char *name)
{
  for (int i = 0; i < p->nmat; i++)
    if (!strcmp(p->mat[i].name, name)) return i;
  return -1;
}

static int k_material_begin(sr *p)
{
  char name[SR_MAXNAME + 1];
  int r = sr_par_name(p, "NAME", 1, name);
  if (r) return r;
  int k = find_material(p, name);
  if (k >= 0) return sr_fail(p, "material %s is defined twice (first on line %d)", name, p->mat[k].line);
  if (p->nmat == SR_MAXMAT) return sr_fail(p, "more than %d materials", SR_MAXMAT);
  sr_material *m = realloc(p->mat, (size_t)(p->nmat + 1) * sizeof *m);
  if (!m) return sr_nomem(p);
  p->mat = m;
  snprintf(m[p->nmat].name, sizeof m[p->nmat].name, "%s", name);
  m[p->nmat].density = NAN;
  m[p->nmat].line = p->line;
  p->cur_mat = p->nmat++;
  return SN_OK;
}

static int k_density_begin(sr *p)
{
  if (p->cur_mat < 0) return sr_fail(p, "*DENSITY belongs to a *MATERIAL: put it right after one");
  if (!isnan(p->mat[p->cur_mat].density)) return sr_fail(p, "*DENSITY is given twice for the material %s", p->mat[p->cur_mat].name);
  return SN_OK;
}

static int k_density_data(sr *p)
{
  double rho;
  int r = sr_fields(p, 0, 0, "*DENSITY (the density)");
  if (!r) r = sr_field_double(p, 0, "the density", &rho);
  if (r) return r;
  if (!(rho > 0)) return sr_fail(p, "the density %g is not positive", rho);
  p->mat[p->cur_mat].density = rho;
  return SN_OK;
}

/* a material named by parameter key: its scene index (materials count from 1; 0 is the
 * material of bodies without MATERIAL=), or -1 when absent */
static int material_par(sr *p, const char *key, int *idx)
{
  char name[SR_MAXNAME + 1];
  int r = sr_par_name(p, key, 0, name);
  *idx = -1;
  if (r || !name[0]) return r;
  int k = find_material(p, name);
  if (k < 0) return sr_fail(p, "%s=%s: material %s is not defined (a *MATERIAL, NAME=%s must come before)", key, name, name, name);
  *idx = k + 1;
  return SN_OK;
}

static int k_contact_data(sr *p)
{
  char num[32];
  double mu, e = 0;
  int ma, mb, r = sr_fields(p, 0, 1, "*CONTACT PROPERTY (friction coefficient, restitution coefficient)");
  if (!r) r = sr_field_double(p, 0, "the friction coefficient", &mu);
  if (!r && p->nf > 1 && p->f[1][0]) r = sr_field_double(p, 1, "the restitution coefficient", &e);
  if (!r) r = material_par(p, "MATERIAL1", &ma);
  if (!r) r = material_par(p, "MATERIAL2", &mb);
  if (r) return r;
  if (mu < 0) return sr_fail(p, "the friction coefficient %g is negative", mu);
  if (e < 0 || e > 1) return sr_fail(p, "the restitution coefficient %s is outside [0, 1]", shortest(e, num));
  if (ma < 0 && mb >= 0) return sr_fail(p, "MATERIAL2= without MATERIAL1=");
  if (ma >= 0 && mb < 0) mb = ma;            /* the law of a material with itself */
  if (ma < 0) {
    if (p->have_default_law) return sr_fail(p, "a second *CONTACT PROPERTY without materials (the default law is set once)");
    p->have_default_law = 1;
  }
  return sn_scene_set_contact_law(p->S, ma, mb, mu, e) ? sr_nomem(p) : SN_OK;
}

static int k_gravity_begin(sr *p)
{
  if (p->have_gravity) return sr_fail(p, "*GRAVITY is given twice");
  p->have_gravity = 1;
  return SN_OK;
}

static int k_gravity_data(sr *p)
{
  double g[3];
  int r = sr_fields(p, 2, 2, "*GRAVITY (gx, gy, gz)");
  for (int i = 0; i < 3 && !r; i++) r = sr_field_double(p, i, "a component of gravity", &g[i]);
  return r ? r : sn_scene_set_gravity(p->S, g);
}

/* ------------------------------------------------------------------------------------------ */
/* *BODY and *LATTICE: the shape, material and motion of the keyword line */

/* a positive size parameter; *given */
static int size_par(sr *p, const char *key, double *v, int *given, int zero_ok)
{
  int r = sr_par_double(p, key, v, given);
  if (r || !*given) return r;
  if (!(*v > 0) && !(zero_ok && *v == 0)) return sr_fail(p, "%s=%g: a size must be %s", key, *v, zero_ok ? "non-negative" : "positive");
  return SN_OK;
}

/* parameters that TYPE= does not use are refused */
static int shape_unused(sr *p, int type, int has_r, int has_h, int has_l)
{
  const char *tn[] = {"SPHERE", "BOX", "CAPSULE", "CYLINDER", "CONVEX", "PLANE", "MESH"};
  int wants_r = type == K_SPHERE || type == K_CAPSULE || type == K_CYLINDER;
  int wants_l = type == K_CAPSULE || type == K_CYLINDER;
  if (has_r && !wants_r) return sr_fail(p, "RADIUS= does not apply to TYPE=%s", tn[type]);
  if (has_l && !wants_l) return sr_fail(p, "LENGTH= does not apply to TYPE=%s", tn[type]);
  if (has_h && type != K_BOX) return sr_fail(p, "HALF= and HALF X/Y/Z= apply to TYPE=BOX only, not TYPE=%s", tn[type]);
  if (wants_r && !has_r) return sr_fail(p, "TYPE=%s needs RADIUS=", tn[type]);
  if (wants_l && !has_l) return sr_fail(p, "TYPE=%s needs LENGTH= (the length of its axis between the end centres)", tn[type]);
  return SN_OK;
}

/* HALF= (a cube), or HALF X=, HALF Y=, HALF Z= (each overriding HALF=) */
static int box_par(sr *p, double half[3])
{
  static const char *const keys[3] = {"HALFX", "HALFY", "HALFZ"};
  double h;
  int cube, given, r = size_par(p, "HALF", &h, &cube, 0);
  if (r) return r;
  for (int i = 0; i < 3; i++) {
    if (cube) half[i] = h;
    if ((r = size_par(p, keys[i], &half[i], &given, 0))) return r;
    if (!given && !cube) return sr_fail(p, "TYPE=BOX needs HALF= (half the side of a cube) or all of HALF X=, HALF Y=, HALF Z=");
  }
  return SN_OK;
}

static int shape_pars(sr *p, sn_body_desc *d, int *type)
{
  int r = sr_par_choice(p, "TYPE", type_words, type);
  if (r) return r;
  if (*type < 0) return sr_fail(p, "%s needs TYPE= (%s)", p->kw->shown, type_words);
  d->shape.kind = type_kind[*type];
  double rad = 0, len = 0;
  int has_r, has_l, has_h = 0;
  if ((r = size_par(p, "RADIUS", &rad, &has_r, 0))) return r;
  if ((r = size_par(p, "LENGTH", &len, &has_l, *type == K_CAPSULE))) return r;
  if (sr_par(p, "HALF") || sr_par(p, "HALFX") || sr_par(p, "HALFY") || sr_par(p, "HALFZ")) {
    if (*type == K_BOX && (r = box_par(p, d->shape.half))) return r;
    has_h = 1;
  }
  if ((r = shape_unused(p, *type, has_r, has_h, has_l))) return r;
  if (*type == K_BOX && !has_h) return sr_fail(p, "TYPE=BOX needs HALF= (half of the side of a cube) or HALF X=, HALF Y=, HALF Z=");
  d->shape.radius = rad;
  d->shape.half_length = 0.5 * len;
  return SN_OK;
}

static int motion_pars(sr *p, sn_body_desc *d, int type)
{
  int mo, r = sr_par_choice(p, "MOTION", "DYNAMIC FIXED KINEMATIC", &mo);
  if (r) return r;
  int flat = type == K_PLANE || type == K_MESH;
  if (mo < 0) mo = flat ? 1 : 0;
  if (flat && mo == 0) return sr_fail(p, "a %s cannot be MOTION=DYNAMIC (FIXED or KINEMATIC)", type == K_PLANE ? "plane" : "mesh");
  d->motion = mo == 0 ? SN_BODY_DYNAMIC : mo == 1 ? SN_BODY_FIXED : SN_BODY_KINEMATIC;
  if (d->motion == SN_BODY_KINEMATIC && !p->kinematic_line) {
    p->kinematic_line = p->line;
    p->kinematic_file = p->file;
  }
  int mat, given;
  if ((r = material_par(p, "MATERIAL", &mat))) return r;
  d->material = mat < 0 ? 0 : mat;
  d->density = 1000;
  if (mat > 0 && !isnan(p->mat[mat - 1].density)) d->density = p->mat[mat - 1].density;
  if ((r = size_par(p, "MASS", &d->mass, &given, 0))) return r;
  if (given && d->motion != SN_BODY_DYNAMIC) return sr_fail(p, "MASS= applies to dynamic bodies only");
  if (d->motion == SN_BODY_DYNAMIC && !given && mat > 0 && isnan(p->mat[mat - 1].density))
    return sr_fail(p, "material %s has no *DENSITY and the body no MASS=: its mass is unknown", p->mat[mat - 1].name);
  return SN_OK;
}

static int body_begin(sr *p, int lattice)
{
  char num[32];
  sr_pending *b = &p->pend;
  sr_free_pending(p);
  memset(b, 0, sizeof *b);
  b->active = 1;
  b->lattice = lattice;
  b->line = p->line;
  b->file = p->file;
  sn_body_desc_default(&b->d);
  int type, r = sr_par_name(p, "NAME", lattice, b->name);
  if (!r) r = shape_pars(p, &b->d, &type);
  if (!r) r = motion_pars(p, &b->d, type);
  if (r || !lattice) return r;
  if (type == K_CONVEX || type == K_MESH || type == K_PLANE)
    return sr_fail(p, "*LATTICE makes copies of a sphere, box, capsule or cylinder (not TYPE=%s)",
                   type == K_CONVEX ? "CONVEX" : type == K_MESH ? "MESH" : "PLANE");
  long seed = 1;
  int given;
  if ((r = sr_par_double(p, "JITTER", &b->jitter, &given))) return r;
  if (b->jitter < 0 || b->jitter > 1) return sr_fail(p, "JITTER=%s is outside [0, 1]", shortest(b->jitter, num));
  if ((r = sr_par_int(p, "SEED", 0, 2147483647L, &seed, &given))) return r;
  b->seed = (unsigned long long)seed * 2654435761ull + 0x9E3779B97F4A7C15ull;
  return SN_OK;
}

static int k_body_begin(sr *p) { return body_begin(p, 0); }
static int k_lattice_begin(sr *p) { return body_begin(p, 1); }

static int triple(sr *p, const char *what, double v[3])
{
  int r = sr_fields(p, 2, 2, what);
  for (int i = 0; i < 3 && !r; i++) r = sr_field_double(p, i, what, &v[i]);
  return r;
}

static int k_body_data(sr *p)
{
  p->pend.has_pos = 1;
  return triple(p, "the position (x, y, z)", p->pend.d.x);
}

static int k_lattice_data(sr *p)
{
  sr_pending *b = &p->pend;
  if (p->ndata == 0) return triple(p, "the lattice's first centre (x, y, z)", b->origin);
  if (p->ndata == 2) {
    int r = triple(p, "the lattice's spacing (dx, dy, dz)", b->spacing);
    for (int i = 0; i < 3 && !r; i++)
      if (!(b->spacing[i] > 0)) r = sr_fail(p, "the spacing %g is not positive", b->spacing[i]);
    return r;
  }
  int r = sr_fields(p, 2, 2, "the lattice's counts (nx, ny, nz)");
  for (int i = 0; i < 3 && !r; i++) r = sr_field_int(p, i, "a lattice count", 1, p->maxbodies, &b->count[i]);
  long room = p->maxbodies - sn_scene_nbodies(p->S);
  if (!r && (b->count[0] * b->count[1] > room / b->count[2] || room <= 0))
    r = sr_fail(p, "the lattice makes the scene hold more than %ld bodies (the reader's bound)", p->maxbodies);
  b->has_pos = 1;
  return r;
}

/* ------------------------------------------------------------------------------------------ */
/* suboptions of *BODY / *LATTICE */

/* the unit quaternion turning body +z onto the direction n */
static void quat_z_to(const double n[3], double q[4])
{
  double L = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
  double z = n[2] / L;
  if (z < -1 + 1e-15) {                     /* opposite: half a turn about x */
    q[0] = 0; q[1] = 1; q[2] = 0; q[3] = 0;
    return;
  }
  /* q = (1 + z.n, z x n) normalised (the half-way rotation) */
  q[0] = 1 + z;
  q[1] = -n[1] / L;
  q[2] = n[0] / L;
  q[3] = 0;
  double m = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2]);
  for (int i = 0; i < 4; i++) q[i] /= m;
}

static int k_orient_begin(sr *p)
{
  if (p->pend.has_orient) return sr_fail(p, "*ORIENTATION is given twice for the *BODY of line %d", p->pend.line);
  int t, r = sr_par_choice(p, "TYPE", "AXISANGLE QUATERNION NORMAL", &t);
  p->pend.has_orient = t < 0 ? 1 : t + 1;
  return r;
}

static int k_orient_data(sr *p)
{
  double v[4], *q = p->pend.d.q;
  int t = p->pend.has_orient, n = t == 3 ? 3 : 4, r;
  static const char *const what[3] = {"*ORIENTATION, TYPE=AXIS ANGLE (axis x, y, z, angle in degrees)",
                                      "*ORIENTATION, TYPE=QUATERNION (w, x, y, z)", "*ORIENTATION, TYPE=NORMAL (nx, ny, nz)"};
  if ((r = sr_fields(p, n - 1, n - 1, what[t - 1]))) return r;
  for (int i = 0; i < n; i++)
    if ((r = sr_field_double(p, i, what[t - 1], &v[i]))) return r;
  double L = sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2] + (t == 2 ? v[3] * v[3] : 0));
  if (!(L > 0)) return sr_fail(p, "%s: a zero vector gives no orientation", what[t - 1]);
  if (!isfinite(L)) return sr_fail(p, "%s: the vector's length overflows a double", what[t - 1]);
  if (t == 1) {                           /* axis-angle, degrees */
    double h = 0.5 * v[3] * PI / 180, s = sin(h) / L;
    q[0] = cos(h); q[1] = s * v[0]; q[2] = s * v[1]; q[3] = s * v[2];
  } else if (t == 2) {
    for (int i = 0; i < 4; i++) q[i] = v[i] / L;
  } else
    quat_z_to(v, q);
  return SN_OK;
}

static int k_velocity_begin(sr *p)
{
  if (p->pend.has_vel) return sr_fail(p, "*VELOCITY is given twice for the *BODY of line %d", p->pend.line);
  if (p->pend.d.motion == SN_BODY_FIXED) return sr_fail(p, "*VELOCITY of a MOTION=FIXED body (it never moves)");
  p->pend.has_vel = 1;
  return SN_OK;
}

static int k_velocity_data(sr *p)
{
  int r = sr_fields(p, 2, 5, "*VELOCITY (vx, vy, vz [, wx, wy, wz])");
  for (int i = 0; i < 3 && !r; i++) r = sr_field_double(p, i, "a velocity component", &p->pend.d.v[i]);
  if (!r && p->nf > 3) {
    if (p->nf != 6) return sr_fail(p, "*VELOCITY: the angular velocity needs three components (wx, wy, wz)");
    for (int i = 0; i < 3 && !r; i++) r = sr_field_double(p, 3 + i, "an angular velocity component", &p->pend.d.w[i]);
  }
  return r;
}

static int k_vertices_begin(sr *p)
{
  sn_shape_kind k = p->pend.d.shape.kind;
  if (p->pend.lattice || (k != SN_SHAPE_CONVEX && k != SN_SHAPE_MESH))
    return sr_fail(p, "*VERTICES belongs to a *BODY of TYPE=CONVEX or TYPE=MESH");
  if (p->pend.has_vert) return sr_fail(p, "*VERTICES is given twice for the *BODY of line %d", p->pend.line);
  p->pend.has_vert = 1;
  return SN_OK;
}

static int k_vertices_data(sr *p)
{
  sr_pending *b = &p->pend;
  if (p->nf % 3) return sr_fail(p, "*VERTICES: x, y, z per vertex (a multiple of 3 fields; %d given)", p->nf);
  for (int k = 0; k < p->nf; k += 3) {
    if (b->nvert == b->cap_vert) {
      int cap = b->cap_vert ? 2 * b->cap_vert : 64;
      if (cap > (1 << 26)) return sr_fail(p, "more than %d vertices", 1 << 26);
      double *v = realloc(b->vert, 3 * (size_t)cap * sizeof *v);
      if (!v) return sr_nomem(p);
      b->vert = v;
      b->cap_vert = cap;
    }
    for (int i = 0; i < 3; i++) {
      int r = sr_field_double(p, k + i, "a vertex coordinate", &b->vert[3 * b->nvert + i]);
      if (r) return r;
    }
    b->nvert++;
  }
  return SN_OK;
}

static int k_triangles_begin(sr *p)
{
  if (p->pend.lattice || p->pend.d.shape.kind != SN_SHAPE_MESH) return sr_fail(p, "*TRIANGLES belongs to a *BODY of TYPE=MESH");
  if (!p->pend.has_vert) return sr_fail(p, "*TRIANGLES before *VERTICES: the vertices come first");
  if (p->pend.has_tri) return sr_fail(p, "*TRIANGLES is given twice for the *BODY of line %d", p->pend.line);
  p->pend.has_tri = 1;
  return SN_OK;
}

static int k_triangles_data(sr *p)
{
  sr_pending *b = &p->pend;
  if (p->nf % 3) return sr_fail(p, "*TRIANGLES: three vertex numbers per triangle (a multiple of 3 fields; %d given)", p->nf);
  for (int k = 0; k < p->nf; k += 3) {
    if (b->ntri == b->cap_tri) {
      int cap = b->cap_tri ? 2 * b->cap_tri : 64;
      if (cap > (1 << 26)) return sr_fail(p, "more than %d triangles", 1 << 26);
      int *t = realloc(b->tri, 3 * (size_t)cap * sizeof *t);
      if (!t) return sr_nomem(p);
      b->tri = t;
      b->cap_tri = cap;
    }
    for (int i = 0; i < 3; i++) {
      long v;
      int r = sr_field_int(p, k + i, "a vertex number (1 .. the number of vertices)", 1, b->nvert, &v);
      if (r) return r;
      b->tri[3 * b->ntri + i] = (int)v - 1;
    }
    const int *t = b->tri + 3 * b->ntri;
    if (t[0] == t[1] || t[1] == t[2] || t[0] == t[2])
      return sr_fail(p, "*TRIANGLES: triangle %d repeats a vertex (%d, %d, %d)", b->ntri + 1, t[0] + 1, t[1] + 1, t[2] + 1);
    /* no area: its normal is undefined (|e1 x e2| against the longest edge squared) */
    const double *a = b->vert + 3 * t[0], *c1 = b->vert + 3 * t[1], *c2 = b->vert + 3 * t[2];
    double e1[3], e2[3], e3[3], n2 = 0.0, l2 = 0.0;
    for (int i = 0; i < 3; i++) e1[i] = c1[i] - a[i], e2[i] = c2[i] - a[i], e3[i] = c2[i] - c1[i];
    for (int i = 0; i < 3; i++) {
      double ni = e1[(i + 1) % 3] * e2[(i + 2) % 3] - e1[(i + 2) % 3] * e2[(i + 1) % 3];
      n2 += ni * ni;
    }
    double d1 = e1[0] * e1[0] + e1[1] * e1[1] + e1[2] * e1[2], d2 = e2[0] * e2[0] + e2[1] * e2[1] + e2[2] * e2[2];
    double d3 = e3[0] * e3[0] + e3[1] * e3[1] + e3[2] * e3[2];
    l2 = fmax(d1, fmax(d2, d3));
    if (!(sqrt(n2) > 1e-12 * l2))
      return sr_fail(p, "*TRIANGLES: triangle %d (vertices %d, %d, %d) has no area: its vertices are on one line", b->ntri + 1,
                     t[0] + 1, t[1] + 1, t[2] + 1);
    b->ntri++;
  }
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* the body or lattice complete: into the scene */

void sr_free_pending(sr *p)
{
  free(p->pend.vert);
  free(p->pend.tri);
  p->pend.vert = NULL;
  p->pend.tri = NULL;
  p->pend.active = 0;
}

static int add_one(sr *p, sn_body_desc *d)
{
  sr_pending *b = &p->pend;
  if (sn_scene_nbodies(p->S) >= p->maxbodies)
    return sr_fail_at(p, b->file, b->line, "the scene holds more than %ld bodies (the reader's bound)", p->maxbodies);
  int r = sn_scene_add_body(p->S, d, NULL);
  if (r == SN_ERR_NOMEM) return sr_nomem(p);
  if (r) return sr_fail_at(p, b->file, b->line, "the body %s is refused: %s", d->name ? d->name : "(unnamed)",
                           d->shape.kind == SN_SHAPE_CONVEX ? "its vertices span no volume (fewer than 4 not in one plane) or one that overflows a double"
                                                            : "its shape, size or state is invalid (a size or mass that "
                                                              "is not a finite positive number in double precision?)");
  return SN_OK;
}

/* xorshift64* (Vigna 2016): the lattice's jitter, reproducible from SEED */
static double uniform(unsigned long long *s)
{
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  return (double)((*s * 2685821657736338717ull) >> 11) / 9007199254740992.0 * 2 - 1;
}

/* a body already named NAME_k, k in [1, n] (an earlier lattice of the same NAME, or a *BODY):
 * its index, or -1; one pass over the bodies per lattice */
static int lattice_clash(const sr *p, const char *name, long n)
{
  size_t L = strlen(name);
  for (int i = 0; i < sn_scene_nbodies(p->S); i++) {
    const char *s = sn_scene_body_name(p->S, i);
    if (!s || strncmp(s, name, L) || s[L] != '_' || !(s[L + 1] >= '1' && s[L + 1] <= '9')) continue;
    char *end;
    long k = strtol(s + L + 1, &end, 10);
    if (!*end && k >= 1 && k <= n) return i;
  }
  return -1;
}

static int add_lattice(sr *p)
{
  sr_pending *b = &p->pend;
  int clash = lattice_clash(p, b->name, b->count[0] * b->count[1] * b->count[2]);
  if (clash >= 0)
    return sr_fail_at(p, b->file, b->line, "the lattice %s names its bodies %s_1, %s_2, ...: a body named %s exists already",
                      b->name, b->name, b->name, sn_scene_body_name(p->S, clash));
  sn_body_desc d = b->d;
  double reach = d.shape.kind == SN_SHAPE_SPHERE ? d.shape.radius : 0;
  for (int i = 0; i < 3; i++)
    if (b->count[i] > 1 && d.shape.kind == SN_SHAPE_SPHERE && b->spacing[i] < 2 * reach)
      return sr_fail_at(p, b->file, b->line, "the lattice's spacing %g is less than the sphere's diameter %g: the spheres would overlap",
                        b->spacing[i], 2 * reach);
  size_t nl = strlen(b->name) + 24;
  char *name = malloc(nl);
  if (!name) return sr_nomem(p);
  long k = 0;
  for (long iz = 0; iz < b->count[2]; iz++)
    for (long iy = 0; iy < b->count[1]; iy++)
      for (long ix = 0; ix < b->count[0]; ix++) {
        long ijk[3] = {ix, iy, iz};
        for (int i = 0; i < 3; i++) {
          double room = reach > 0 ? 0.5 * b->spacing[i] - reach : 0;
          d.x[i] = b->origin[i] + (double)ijk[i] * b->spacing[i] + b->jitter * room * uniform(&b->seed);
        }
        snprintf(name, nl, "%s_%ld", b->name, ++k);
        d.name = name;
        int r = add_one(p, &d);
        if (r) {
          free(name);
          return r;
        }
      }
  free(name);
  return SN_OK;
}

int sr_finish_pending(sr *p)
{
  sr_pending *b = &p->pend;
  sn_body_desc d = b->d;
  int r = SN_OK;
  if (!b->lattice && b->name[0] && sn_scene_find_body(p->S, b->name) >= 0)
    r = sr_fail_at(p, b->file, b->line, "a body named %s is defined twice", b->name);
  else if (d.shape.kind == SN_SHAPE_CONVEX && !b->has_vert)
    r = sr_fail_at(p, b->file, b->line, "TYPE=CONVEX needs *VERTICES (the hull's points, body frame)");
  else if (d.shape.kind == SN_SHAPE_MESH && (!b->has_vert || !b->has_tri))
    r = sr_fail_at(p, b->file, b->line, "TYPE=MESH needs *VERTICES and *TRIANGLES");
  else if (d.shape.kind == SN_SHAPE_CONVEX && b->nvert < 4)
    r = sr_fail_at(p, b->file, b->line, "TYPE=CONVEX needs at least 4 vertices (%d given)", b->nvert);
  else if (b->lattice)
    r = add_lattice(p);
  else {
    d.name = b->name[0] ? b->name : NULL;
    d.shape.nvert = b->nvert;
    d.shape.vert = b->vert;
    d.shape.ntri = b->ntri;
    d.shape.tri = b->tri;
    r = add_one(p, &d);
  }
  sr_free_pending(p);
  return r;
}

/* ------------------------------------------------------------------------------------------ */
/* *DYNAMIC, *OUTPUT, *FCLIB */

static int yes_no(sr *p, const char *key, int *v)
{
  int k, r = sr_par_choice(p, key, "YES NO", &k);
  if (!r && k >= 0) *v = k == 0;
  return r;
}

/* SOLVER=: the matrix-free NSGS (default), a local 3D frictional-contact solver of the
 * registry, or global:NAME (a gfc solver, or an fc one on the condensed problem) */
static int solver_par(sr *p)
{
  const sr_param *q = sr_par(p, "SOLVER");
  if (!q) return SN_OK;
  if (!q->raw || !q->raw[0]) return sr_fail(p, "parameter SOLVER of *DYNAMIC needs a value");
  char name[64];
  size_t n = strlen(q->raw);
  if (n >= sizeof name) return sr_fail(p, "SOLVER=%.40s...: no solver has so long a name", q->raw);
  for (size_t i = 0; i <= n; i++) name[i] = (char)tolower((unsigned char)q->raw[i]);
  int global = !strncmp(name, "global:", 7);
  const char *base = global ? name + 7 : name;
  const sn_solver_entry *e = sn_solver_find(base);
  int ok = !strcmp(base, "auto") ||
           (e && ((!strcmp(e->kind, "fc") && (e->dims & 8)) || (global && !strcmp(e->kind, "gfc"))));
  if (!ok)
    return sr_fail(p, "SOLVER=%s: not a solver of 3D frictional contact ('signorini solvers' lists them: nsgs, a solver "
                   "of kind fc, or global:NAME with a solver of kind gfc or fc)", q->raw);
  snprintf(p->run->solver, sizeof p->run->solver, "%s", strcmp(name, "nsgs") ? name : "");
  return SN_OK;
}

static int dynamic_pars(sr *p)
{
  char num[32];
  sn_scene_run *run = p->run;
  sn_dyn_settings *s = &run->settings;
  int m, given, r = sr_par_choice(p, "METHOD", "MOREAU EVENT", &m);
  if (r) return r;
  run->method = m == 1 ? SN_SCENE_EVENT : SN_SCENE_MOREAU;
  if ((r = sr_par_double(p, "THETA", &s->theta, &given))) return r;
  if (given && run->method == SN_SCENE_EVENT) return sr_fail(p, "THETA= applies to METHOD=MOREAU only");
  if (s->theta < 0.5 || s->theta > 1) return sr_fail(p, "THETA=%s is outside [0.5, 1]", shortest(s->theta, num));
  if ((r = sr_par_double(p, "TOL", &s->solve.tol, &given))) return r;
  if (!(s->solve.tol > 0)) return sr_fail(p, "TOL=%g is not positive", s->solve.tol);
  long it = s->solve.max_iter;
  if ((r = sr_par_int(p, "MAXIT", 1, 100000000L, &it, &given))) return r;
  s->solve.max_iter = (int)it;
  if ((r = sr_par_double(p, "MARGIN", &s->margin, &given))) return r;
  if (s->margin < 0) return sr_fail(p, "MARGIN=%g is negative", s->margin);
  if (s->margin > 1e100) return sr_fail(p, "MARGIN=%g is too large (at most 1e100: box arithmetic would overflow)", s->margin);
  if ((r = sr_par_double(p, "EVENTTOL", &s->event_tol, &given))) return r;
  if (!(s->event_tol >= 1e-15 && s->event_tol <= 1e-3))
    return sr_fail(p, "EVENT TOL=%g is outside [1e-15, 1e-3] (below, the event times cannot be resolved in double "
                   "precision; above, the ODE and the event times are too coarse to be called event-driven)", s->event_tol);
  if (given && run->method == SN_SCENE_MOREAU) return sr_fail(p, "EVENT TOL= applies to METHOD=EVENT only");
  if ((r = yes_no(p, "PROJECTION", &s->projection))) return r;
  if ((r = yes_no(p, "WARMSTART", &s->warm_start))) return r;
  return solver_par(p);
}

static int k_dynamic_begin(sr *p)
{
  if (p->have_dynamic) return sr_fail(p, "a second *DYNAMIC (a scene has one, on line %d)", p->run->line);
  p->have_dynamic = 1;
  p->run->line = p->line;
  return dynamic_pars(p);
}

static int k_dynamic_data(sr *p)
{
  sn_scene_run *run = p->run;
  double v[4] = {0, 0, 0, 0};
  int r = sr_fields(p, 1, 3, "*DYNAMIC (time increment, time period [, minimum increment, maximum increment])");
  for (int i = 0; i < p->nf && !r; i++)
    if (i < 2 || p->f[i][0]) r = sr_field_double(p, i, i == 0 ? "the time increment" : i == 1 ? "the time period" : "an increment", &v[i]);
  if (r) return r;
  if (!(v[0] > 0)) return sr_fail(p, "the time increment %g is not positive", v[0]);
  if (!(v[1] > 0)) return sr_fail(p, "the time period %g is not positive", v[1]);
  if (v[1] / v[0] > (double)SN_SCENE_MAX_STEPS) return sr_fail(p, "the time period over the increment makes more than %ld steps", SN_SCENE_MAX_STEPS);
  if (p->nf > 2 && p->f[2][0]) return sr_fail(p, "the minimum increment (field 3) is not used: Moreau-Jean steps are fixed and the event-driven scheme finds its own; leave the field empty");
  run->dt = v[0];
  run->total = v[1];
  run->settings.dt = v[0];
  if (p->nf > 3 && p->f[3][0]) {
    if (run->method == SN_SCENE_MOREAU && v[3] != v[0])
      return sr_fail(p, "the maximum increment (field 4) applies to METHOD=EVENT (its largest ODE step); Moreau-Jean steps are fixed");
    if (!(v[3] > 0)) return sr_fail(p, "the maximum increment %g is not positive", v[3]);
    if (v[1] / v[3] > (double)SN_SCENE_MAX_STEPS)   /* 1e-300 never got to the end of the period */
      return sr_fail(p, "the time period over the maximum increment makes more than %ld ODE steps", SN_SCENE_MAX_STEPS);
    run->settings.dt = v[3];
  }
  return SN_OK;
}

static int k_output_begin(sr *p)
{
  long f = p->run->frame_every;
  int given, r = sr_par_int(p, "FREQUENCY", 0, 2147483647L, &f, &given);
  if (!r) r = yes_no(p, "ENERGY", &p->run->energy);
  p->run->frame_every = (int)f;
  return r;
}

static int k_options_begin(sr *p)
{
  if (p->have_options) return sr_fail(p, "a second *SOLVER OPTIONS (a scene has one, on line %d)", p->have_options);
  p->have_options = p->line;
  p->options_file = p->file;
  return SN_OK;
}

/* "name, value": the option name=value of the step's solver, as written (the solvers' option
 * names are case-sensitive: apgd's L0); checked against the solver when the scene is read whole
 * (sr_finish) */
static int k_options_data(sr *p)
{
  sn_scene_run *run = p->run;
  int r = sr_fields(p, 1, 1, "*SOLVER OPTIONS (an option's name, its value)");
  if (r) return r;
  char kv[2][64];
  for (int k = 0; k < 2; k++) {
    const char *f = p->f[k];
    size_t n = strlen(f);
    if (!n) return sr_fail(p, "*SOLVER OPTIONS: the option's %s is empty", k ? "value" : "name");
    if (n >= sizeof kv[k]) return sr_fail(p, "*SOLVER OPTIONS: %.40s...: too long", f);
    for (size_t i = 0; i <= n; i++) {
      char c = f[i];
      if (k == 0 && c && !(isalnum((unsigned char)c) || c == '_'))
        return sr_fail(p, "*SOLVER OPTIONS: the option name %s holds letters, digits and '_' only", f);
      if (k == 1 && (c == '=' || isspace((unsigned char)c))) return sr_fail(p, "*SOLVER OPTIONS: the value %s holds '=' or a blank", f);
      kv[k][i] = c;
    }
  }
  size_t len = strlen(run->options), nk = strlen(kv[0]);
  for (const char *q = run->options; *q;) {   /* each name once */
    if (!strncmp(q, kv[0], nk) && q[nk] == '=') return sr_fail(p, "*SOLVER OPTIONS: the option %s is given twice", kv[0]);
    const char *c = strchr(q, ',');
    q = c ? c + 1 : q + strlen(q);
  }
  int w = snprintf(run->options + len, sizeof run->options - len, "%s%s=%s", len ? "," : "", kv[0], kv[1]);
  if (w < 0 || (size_t)w >= sizeof run->options - len) {
    run->options[len] = '\0';
    return sr_fail(p, "*SOLVER OPTIONS: more than %zu characters of options", sizeof run->options - 1);
  }
  return SN_OK;
}

static int k_fclib_begin(sr *p)
{
  if (!p->have_fclib) {
    p->have_fclib = p->line;
    p->fclib_file = p->file;
  }
  return SN_OK;
}

static int k_fclib_data(sr *p)
{
  sn_scene_run *run = p->run;
  for (int k = 0; k < p->nf; k++) {
    long s;
    int r = sr_field_int(p, k, "a step number", 1, SN_SCENE_MAX_STEPS, &s);
    if (r) return r;
    if (run->ndump == SN_SCENE_MAX_DUMPS) return sr_fail(p, "more than %d FCLIB dumps", SN_SCENE_MAX_DUMPS);
    run->dump[run->ndump++] = (int)s;
  }
  return SN_OK;
}

/* ------------------------------------------------------------------------------------------ */
/* the table */

#define SHAPEPARS "NAME TYPE MATERIAL MOTION RADIUS HALF HALFX HALFY HALFZ LENGTH MASS"

static const sr_kwdef keywords[] = {
  {"SCENE", "*SCENE", "", 0, 0, 0, k_scene_begin, NULL, NULL},
  {"HEADING", "*HEADING", "", 0, -1, 0, NULL, k_heading_data, NULL},
  {"MATERIAL", "*MATERIAL", "NAME", 0, 0, 0, k_material_begin, NULL, NULL},
  {"DENSITY", "*DENSITY", "", 1, 1, 0, k_density_begin, k_density_data, NULL},
  {"CONTACTPROPERTY", "*CONTACT PROPERTY", "MATERIAL1 MATERIAL2", 1, 1, 0, NULL, k_contact_data, NULL},
  {"GRAVITY", "*GRAVITY", "", 1, 1, 0, k_gravity_begin, k_gravity_data, NULL},
  {"BODY", "*BODY", SHAPEPARS, 1, 1, 0, k_body_begin, k_body_data, NULL},
  {"LATTICE", "*LATTICE", SHAPEPARS " JITTER SEED", 3, 3, 0, k_lattice_begin, k_lattice_data, NULL},
  {"ORIENTATION", "*ORIENTATION", "TYPE", 1, 1, 1, k_orient_begin, k_orient_data, NULL},
  {"VELOCITY", "*VELOCITY", "", 1, 1, 1, k_velocity_begin, k_velocity_data, NULL},
  {"VERTICES", "*VERTICES", "", 1, -1, 1, k_vertices_begin, k_vertices_data, NULL},
  {"TRIANGLES", "*TRIANGLES", "", 1, -1, 1, k_triangles_begin, k_triangles_data, NULL},
  {"DYNAMIC", "*DYNAMIC", "METHOD THETA SOLVER TOL MAXIT PROJECTION MARGIN WARMSTART EVENTTOL", 1, 1, 0, k_dynamic_begin,
   k_dynamic_data, NULL},
  {"OUTPUT", "*OUTPUT", "FREQUENCY ENERGY", 0, 0, 0, k_output_begin, NULL, NULL},
  {"FCLIB", "*FCLIB", "", 1, -1, 0, k_fclib_begin, k_fclib_data, NULL},
  {"SOLVEROPTIONS", "*SOLVER OPTIONS", "", 1, -1, 0, k_options_begin, k_options_data, NULL},
};

const sr_kwdef *sr_keyword(const char *key)
{
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (!strcmp(keywords[i].key, key)) return &keywords[i];
  return NULL;
}

/* the end of the scene: a *DYNAMIC, dumps within its steps */
int sr_finish(sr *p)
{
  sn_scene_run *run = p->run;
  if (!p->have_dynamic) return sr_fail(p, "the scene has no *DYNAMIC (the time increment and period of its run)");
  if (p->have_fclib && run->method != SN_SCENE_MOREAU)
    return sr_fail_at(p, p->fclib_file, p->have_fclib, "*FCLIB dumps Moreau-Jean steps' problems: METHOD=EVENT has none");
  if (p->kinematic_line && run->method != SN_SCENE_MOREAU)   /* as the event scheme would refuse it */
    return sr_fail_at(p, p->kinematic_file, p->kinematic_line,
                      "MOTION=KINEMATIC bodies move under METHOD=MOREAU only; METHOD=EVENT has no prescribed motions");
  if (p->have_options) {   /* the options against the step's solver, as the run will check them */
    if (run->method != SN_SCENE_MOREAU)
      return sr_fail_at(p, p->options_file, p->have_options, "*SOLVER OPTIONS apply to METHOD=MOREAU (its step solver); METHOD=EVENT has none");
    sn_dyn_settings s;
    char why[512];
    sn_scene_run_settings(run, &s);
    int r = sn_dyn_check_solver(&s, why, sizeof why);
    if (r == SN_ERR_NOMEM) return sr_nomem(p);
    if (r) return sr_fail_at(p, p->options_file, p->have_options, "*SOLVER OPTIONS: %s", why);
  }
  long n = sn_scene_run_steps(run);
  for (int k = 0; k < run->ndump; k++)
    if (run->dump[k] > n)
      return sr_fail_at(p, p->fclib_file, p->have_fclib, "*FCLIB: step %d is after the last step (%ld)", run->dump[k], n);
  return SN_OK;
}
