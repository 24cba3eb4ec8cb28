/* Convex bodies (sphere, box, capsule, cylinder, convex hull) against a static triangle mesh.
 * The mesh's bounding volume hierarchy is queried with the body's box; each triangle is a convex
 * object of its own (one-sided: a body whose centre is behind a triangle's plane ignores it).
 * Spheres are analytic (closest point on a triangle, Ericson 2005, 5.1.5); the other bodies go
 * through GJK/EPA (gjk.c, epa.c) and face clipping (manifold.c).
 *
 * The rule against snagging on internal edges:
 *  - a face contact (sphere: the closest point inside the triangle; other bodies: the contact
 *    normal within ~10 degrees of the triangle's normal, then the body's flat feature clipped to
 *    the triangle, or else one point strictly inside it) takes the triangle's normal, and keeps
 *    only the body's own vertices and the points clipped against boundary or creased edges:
 *    points made by clipping against an edge shared with a nearly coplanar neighbour are left out;
 *  - an edge or vertex contact is dropped when a triangle sharing one of its mesh vertices gave a
 *    face contact (the face explains the contact), and edge or vertex contacts at the same point
 *    (a sphere above a shared edge) are kept once;
 *  - the face contacts of one normal (coplanar triangles) are reduced to 4 together, like a plane's;
 *  - a body vertex found inside two nearly coplanar triangles (on their shared edge) is kept once
 *    (in a crease, it touches both faces and is kept for each);
 *  - an edge or vertex contact whose normal leaves the feature's normal cone on the mesh is a
 *    ghost and dropped (see in_feature_region below).
 * So a flat floor of any triangulation gives a sphere and a box the contacts of a plane.
 * Feature ids: triangle index * 64 + sub-index, where the triangle is the lowest of the flat
 * region (coplanar neighbours, mesh_bvh.c) for a face contact of a point of the body (a body
 * vertex, a sphere's point, a single point; an edge or vertex contact is named by its own
 * triangle): the id stays the same as the body moves from one coplanar triangle to
 * the next (the event-driven scheme follows a closed contact by its id); sub-index: a body
 * vertex inside the face: its id mod 32
 * (hulls of more than 32 vertices may repeat one); a point clipped at the triangle's side s:
 * 32 + 8 s + its edge's first vertex mod 8; a single-point contact (sphere face 0, sphere edge or
 * vertex 1, other bodies 7) is its triangle's only one. (With 8 per triangle, as before, a box
 * vertex and a point clipped on an edge from it shared an id: two contacts, one warm start.) */
#include <stdlib.h>
#include <string.h>

#include "dynamics/gjk.h"
#include "dynamics/mesh_bvh.h"

typedef struct {
  int tri, face;        /* face: 1 for a face contact */
  int v[3], nv;         /* edge/vertex contacts: the mesh vertices of the feature */
  int key;              /* face contacts: body vertex id (>= 0) for deduplication, or -1 */
  int rid;              /* the triangle that names the contact's feature id: the lowest of its
                           flat region for a face contact of a point of the body (a body vertex,
                           a sphere's or a single point), tri for an edge or vertex contact and
                           for a point clipped against a side */
  sn_manifold_point p;
} mesh_cand;

typedef struct {
  mesh_cand *c;
  int n, cap;
} cand_list;

static int cand_push(cand_list *L, const mesh_cand *c) {
  if (L->n == L->cap) {
    int cap = L->cap ? 2 * L->cap : 16;
    mesh_cand *p = realloc(L->c, (size_t)cap * sizeof *p);
    if (!p) return SN_ERR_NOMEM;
    L->c = p;
    L->cap = cap;
  }
  L->c[L->n++] = *c;
  return SN_OK;
}

/* the world triangle t of mesh M and its normal; 0 if degenerate */
static int world_triangle(const sn_body *M, int t, double P[9], double n[3]) {
  const sn_shape *s = &M->shape;
  for (int k = 0; k < 3; k++) sn_body_to_world(M, s->vert + 3 * s->tri[3 * t + k], P + 3 * k);
  const double *nb = s->face_n + 3 * t;
  if (nb[0] == 0 && nb[1] == 0 && nb[2] == 0) return 0;
  const double *R = M->R;
  for (int i = 0; i < 3; i++) n[i] = R[3 * i] * nb[0] + R[3 * i + 1] * nb[1] + R[3 * i + 2] * nb[2];
  return 1;
}

/* Ghost contacts. A body touching an edge or a vertex of triangle t gets the normal from that
 * feature to the body; where the feature is shared with neighbouring triangles that normal may
 * point over a neighbour's face (a sphere rolling along the internal edge y = 0 of a flat grid
 * met the grid's vertex (0, 0) with a normal tilted 22 degrees back, and was thrown up 14 mm).
 * On the mesh the feature is then not the closest one: the contact is a ghost. The rule is the
 * Voronoi-region test of the feature on the mesh surface (the feature Voronoi regions of
 * Mirtich 1998, "V-Clip", ACM TOG 17(3)), the usual treatment of internal edges of one-sided
 * triangle meshes (Bullet's btInternalEdgeUtility; Erleben et al. 2005, "Physics-Based
 * Animation", on contact normals at shared edges): where the mesh is flat or convex about the
 * feature, the feature's normal cone holds the directions d along which it is the extreme point
 * of its neighbourhood, d . (w - q) <= 0 for every neighbour w (the vertices across an edge; a
 * vertex's one-ring), and a contact whose normal leaves that cone by more than SN_GHOST_SIN is
 * dropped:
 * the triangle over which its normal points gives the true contact. On a flat floor the cone of
 * an inner edge or vertex is the floor's normal alone, so a body resting on it keeps the plane's
 * contacts. Where the mesh folds concavely about the feature (a valley, a funnel's apex) the
 * contact is kept. */
#define SN_GHOST_SIN 1e-6

/* 1 if w - q makes an angle with unit direction d of at least 90 degrees less SN_GHOST_SIN */
static int below(const double d[3], const double w[3], const double q[3]) {
  double e[3];
  sn3_sub(w, q, e);
  return sn3_dot(d, e) <= SN_GHOST_SIN * sn3_norm(e);
}

/* the Voronoi-region test above for a contact of triangle t of mesh M at world point q (on the
 * triangle, barycentric weights lam) with world unit normal n (mesh to body): 1 to keep it */
static int in_feature_region(const sn_body *M, const sn_mesh_accel *acc, int t, const double lam[3],
                             const double q[3], const double n[3]) {
  const sn_shape *s = &M->shape;
  int nz = (lam[0] > 0) + (lam[1] > 0) + (lam[2] > 0);
  if (nz == 3) return 1;
  double d[3], qb[3], nb[3];
  sn3_sub(q, M->x, d);
  sn_body_dir_to_body(M, d, qb);
  sn_body_dir_to_body(M, n, nb);
  const int *T = s->tri + 3 * t;
  if (nz == 2) {   /* edge (k + 1, k + 2) opposite corner k */
    int k = lam[0] > 0 ? (lam[1] > 0 ? 2 : 1) : 0, e = (k + 1) % 3, u = acc->adj[3 * t + e];
    if (!below(nb, s->vert + 3 * T[k], qb)) return 0;
    if (u < 0) return 1;   /* a boundary edge */
    int o = -1;
    for (int j = 0; j < 3; j++)
      if (s->tri[3 * u + j] != T[e] && s->tri[3 * u + j] != T[(e + 1) % 3]) o = s->tri[3 * u + j];
    if (o < 0) return 1;
    double w[3];
    sn3_sub(s->vert + 3 * o, qb, w);
    if (sn3_dot(s->face_n + 3 * t, w) > SN_MESH_FLAT_TOL * sn3_norm(w)) return 1;   /* a valley */
    return below(nb, s->vert + 3 * o, qb);
  }
  int v = T[lam[0] > 0 ? 0 : lam[1] > 0 ? 1 : 2];
  if (!acc->vconvex[v]) return 1;
  for (int j = acc->ring_start[v]; j < acc->ring_start[v + 1]; j++)
    if (!below(nb, s->vert + 3 * acc->ring[j], qb)) return 0;
  return 1;
}

/* sphere against triangle t: the closest point and its region */
static int sphere_triangle(const sn_body *S, const sn_body *M, const sn_mesh_accel *acc, int t, const double P[9],
                           const double nt[3], double margin, cand_list *L) {
  double a[3], b[3], c[3], lam[3], q[3] = {0, 0, 0}, d[3], r = S->shape.radius;
  sn3_sub(P, S->x, a);
  sn3_sub(P + 3, S->x, b);
  sn3_sub(P + 6, S->x, c);
  sn_closest_triangle_origin(a, b, c, lam);
  int nz = 0;
  mesh_cand m;
  memset(&m, 0, sizeof m);
  m.tri = t;
  m.key = -1;
  for (int k = 0; k < 3; k++) {
    sn3_axpy(lam[k], P + 3 * k, q);
    if (lam[k] > 0) m.v[nz++] = M->shape.tri[3 * t + k];
  }
  m.nv = nz;
  sn3_sub(S->x, q, d);
  double h = sn3_dot(d, nt), l = sn3_norm(d);
  if (h < 0) return SN_OK;   /* centre behind the triangle */
  if (nz == 3 || !(l > 0)) {
    m.face = 1;
    memcpy(m.p.n, nt, sizeof m.p.n);
    m.p.gap = h - r;
  } else {
    for (int i = 0; i < 3; i++) m.p.n[i] = d[i] / l;
    m.p.gap = l - r;
  }
  if (m.p.gap >= margin) return SN_OK;
  if (!m.face && !in_feature_region(M, acc, t, lam, q, m.p.n)) return SN_OK;   /* a ghost */
  if (!m.face && sn3_dot(m.p.n, nt) >= SN_MESH_SAME_N) {
    /* above an edge or vertex along the face's normal: the face's contact, named by its flat
     * region like the faces' (one id from one coplanar triangle to the next) */
    m.face = 1;
    memcpy(m.p.n, nt, sizeof m.p.n);
  }
  memcpy(m.p.pa, q, sizeof q);
  for (int i = 0; i < 3; i++) m.p.pb[i] = S->x[i] - r * m.p.n[i];
  m.p.id = m.face ? 0 : 1;
  /* a face contact is named by its flat region, an edge or vertex one by its triangle: the
   * contacts of one body on several edges of a region (a sphere sitting in a hole) are distinct */
  m.rid = m.face ? acc->region[t] : t;
  return cand_push(L, &m);
}

/* the sides of triangle t shared with a nearly coplanar neighbour (bit e: edge e) */
static int internal_sides(const sn_shape *s, const sn_mesh_accel *acc, int t) {
  int mask = 0;
  for (int e = 0; e < 3; e++) {
    int u = acc->adj[3 * t + e];
    if (u >= 0 && sn3_dot(s->face_n + 3 * t, s->face_n + 3 * u) >= SN_COS_FACE) mask |= 1 << e;
  }
  return mask;
}


/* The body's vertices under triangle t, inside its outline (sn_manifold_triangle_below), as
 * face contacts of t's flat region, named by vertex like the clipped ones: for a query of t that
 * gave no face point. A vertex can pass under a triangle while the body crosses the surface only
 * over a coplanar neighbour: a tetrahedron tipping onto its face across a floor's diagonal (its
 * vertex 1 mm across the diagonal) crossed the neighbour's surface, where clipping to the
 * neighbour's outline dropped the vertex, and did not touch the sheet of the triangle above the
 * vertex, whose GJK found it apart (gap +3.4 mm, a side normal: a ghost). Nothing watched the
 * vertex, and the event-driven scheme let it sink 7.6 mm at once, the body ending 2.4 cm inside
 * the floor (campaign scene s0101; its Moreau-Jean twin 2.7 cm). 1 if any was pushed. */
static int below_points(const sn_mesh_accel *acc, int t, const sn_support_obj *ot, const sn_support_obj *ob,
                        cand_list *L, int *st) {
  sn_manifold_point pts[32];
  int np = sn_manifold_triangle_below(ot, ob, pts, 32);
  mesh_cand m;
  memset(&m, 0, sizeof m);
  m.tri = t;
  m.face = 1;
  for (int k = 0; k < np && *st == SN_OK; k++) {
    m.p = pts[k];
    m.key = pts[k].id;
    m.rid = acc->region[t];
    *st = cand_push(L, &m);
  }
  return np > 0;
}

/* a convex body against triangle t: GJK/EPA, then face clipping or one point */
static int body_triangle(const sn_body *A, const sn_body *M, const sn_mesh_accel *acc, int t, const double P[9],
                         const double nt[3], double margin, cand_list *L) {
  double d[3];
  sn3_sub(A->x, P, d);
  if (sn3_dot(d, nt) < 0) return SN_OK;   /* centre behind the triangle */
  sn_support_obj ot, ob;
  sn_support_obj_triangle(&ot, P, P + 3, P + 6, nt);
  sn_support_obj_body(&ob, A);
  double gap, n[3], pa[3], pb[3];
  sn_convex_query(&ot, &ob, &gap, n, pa, pb);
  if (gap >= margin) return SN_OK;
  mesh_cand m;
  memset(&m, 0, sizeof m);
  m.tri = t;
  if (sn3_dot(n, nt) >= SN_COS_FACE) {
    sn_manifold_point pts[SN_MANIFOLD_MAX];
    int np = sn_manifold_triangle(&ot, &ob, margin, internal_sides(&M->shape, acc, t), pts);
    m.face = 1;
    for (int k = 0; k < np; k++) {
      m.p = pts[k];
      m.key = pts[k].id & SN_FEAT_CLIPPED ? -1 : pts[k].id;
      m.rid = m.key >= 0 ? acc->region[t] : t;
      int st = cand_push(L, &m);
      if (st != SN_OK) return st;
    }
    /* np < 0: the body touches the face with a point (a capsule's end, the rim point of a
     * cylinder tilted between the cap and side angles): its one point below. Taking np == 0 for
     * that case and falling through for rounded bodies only (ob.radius > 0) dropped a tilted
     * cylinder's rim point: no contact, and it fell through a mesh floor. */
    if (np > 0) return SN_OK;
    int st = SN_OK;
    if (np == 0 && below_points(acc, t, &ot, &ob, L, &st)) return st;
    if (np == 0 && ob.radius == 0) return SN_OK;
    m.face = 0;
  } else {
    int st = SN_OK;
    if (below_points(acc, t, &ot, &ob, L, &st)) return st;
  }
  m.key = -1;
  for (int k = 0; k < 3; k++) m.v[k] = M->shape.tri[3 * t + k];
  m.nv = 3;
  memcpy(m.p.pa, pa, sizeof pa);
  memcpy(m.p.pb, pb, sizeof pb);
  memcpy(m.p.n, n, sizeof n);
  m.p.gap = gap;
  m.p.id = 7;
  if (sn_triangle_strictly_inside(P, pa)) {   /* a point inside the face: the face's normal */
    m.face = 1;
    memcpy(m.p.n, nt, sizeof m.p.n);
  } else {   /* an edge or vertex: its region on the triangle, then the ghost test */
    double a[3], b[3], c[3], lam[3];
    sn3_sub(P, pa, a);
    sn3_sub(P + 3, pa, b);
    sn3_sub(P + 6, pa, c);
    sn_closest_triangle_origin(a, b, c, lam);
    if (!in_feature_region(M, acc, t, lam, pa, n)) return SN_OK;
  }
  m.rid = m.face ? acc->region[t] : t;   /* as sphere_triangle names its contacts */
  return cand_push(L, &m);
}

static int shares_vertex(const mesh_cand *e, const sn_shape *s, int t) {
  for (int k = 0; k < e->nv; k++)
    for (int j = 0; j < 3; j++)
      if (e->v[k] == s->tri[3 * t + j]) return 1;
  return 0;
}

/* the anti-snagging rule (see the head of the file): 1 if candidate k is kept */
static int keep_candidate(const cand_list *C, int k, const sn_shape *s, double tol) {
  const mesh_cand *c = &C->c[k];
  for (int j = 0; j < C->n; j++) {
    const mesh_cand *o = &C->c[j];
    if (j == k) continue;
    if (c->face) {
      if (j < k && o->face && c->key >= 0 && o->key == c->key && sn3_dot(c->p.n, o->p.n) >= SN_COS_FACE) return 0;
      /* a sphere's or single point's face contact from two triangles of one flat region (the
       * point on their shared edge or vertex): once */
      if (j < k && o->face && c->key < 0 && o->key < 0 && c->p.id == o->p.id && !(c->p.id & SN_FEAT_CLIPPED) &&
          c->rid == o->rid)
        return 0;
      continue;
    }
    if (o->face && shares_vertex(c, s, o->tri)) return 0;
    if (!o->face && j < k) {
      double d[3];
      sn3_sub(c->p.pa, o->p.pa, d);
      if (sn3_norm(d) <= tol) return 0;
    }
  }
  return 1;
}

/* the sub-index of a contact within its triangle (see the head of the file) */
static int mesh_sub(int id) {
  if (id & SN_FEAT_CLIPPED) return 32 + 8 * ((id >> 8) & 3) + (id & 7);
  return id & 31;
}

/* the kept candidates (anti-snagging rule), those of one face normal reduced to 4 together */
static int emit(cand_list *C, const sn_body *A, int ia, const sn_body *M, int im, sn_contact_list *L) {
  double tol = 1e-9 * (A->shape.bound + 1e-300);
  int n = 0, st = SN_OK;
  for (int k = 0; k < C->n; k++)   /* decide on the whole list, then compact */
    C->c[k].nv = keep_candidate(C, k, &M->shape, tol) ? C->c[k].nv : -1;
  for (int k = 0; k < C->n; k++)
    if (C->c[k].nv >= 0) C->c[n++] = C->c[k];
  sn_manifold_point *grp = malloc((size_t)(n + 1) * sizeof *grp);
  int *done = calloc((size_t)n + 1, sizeof *done);
  if (!grp || !done) st = SN_ERR_NOMEM;
  for (int k = 0; k < n && st == SN_OK; k++) {
    if (done[k]) continue;
    int m = 0;
    for (int j = k; j < n; j++) {   /* k's group: face contacts of the same normal, or k alone */
      if (done[j] || (j != k && !(C->c[k].face && C->c[j].face && sn3_dot(C->c[k].p.n, C->c[j].p.n) >= 1 - 1e-12)))
        continue;
      done[j] = 1;
      grp[m] = C->c[j].p;
      grp[m].id = C->c[j].rid * 64 + mesh_sub(C->c[j].p.id);
      m++;
    }
    m = sn_manifold_reduce(grp, m, grp[0].n);
    for (int j = 0; j < m && st == SN_OK; j++) {
      sn_contact ct;
      sn_contact_make(&ct, M, im, A, ia, grp[j].id, grp[j].pa, grp[j].pb, grp[j].n, grp[j].gap);
      st = sn_contact_list_push(L, &ct);
    }
  }
  free(grp);
  free(done);
  return st;
}

static int int_cmp(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

int sn_narrow_mesh(const sn_body *A, int ia, const sn_body *M, int im, double margin, sn_contact_list *L) {
  const sn_mesh_accel *acc = M->shape.accel;
  if (!acc) return SN_OK;
  double lo[3], hi[3], mlo[3] = {INFINITY, INFINITY, INFINITY}, mhi[3] = {-INFINITY, -INFINITY, -INFINITY};
  sn_body_aabb(A, margin, lo, hi);
  for (int k = 0; k < 8; k++) {   /* the body's box in the mesh frame */
    double p[3] = {k & 1 ? hi[0] : lo[0], k & 2 ? hi[1] : lo[1], k & 4 ? hi[2] : lo[2]}, d[3], pm[3];
    sn3_sub(p, M->x, d);
    sn_body_dir_to_body(M, d, pm);
    for (int i = 0; i < 3; i++) {
      mlo[i] = fmin(mlo[i], pm[i]);
      mhi[i] = fmax(mhi[i], pm[i]);
    }
  }
  int *tris = NULL, nt = 0, cap = 0, st;
  cand_list C = {NULL, 0, 0};
  if ((st = sn_mesh_accel_query(acc, &M->shape, mlo, mhi, &tris, &nt, &cap)) != SN_OK) goto done;
  /* lowest triangle first: stable ids. Not called without candidates: tris is still NULL then,
   * and qsort's first argument must not be NULL (C11 7.22.5 p1; UBSan aborted there) */
  if (nt > 1) qsort(tris, (size_t)nt, sizeof *tris, int_cmp);
  for (int k = 0; k < nt && st == SN_OK; k++) {
    double P[9], n[3];
    if (!world_triangle(M, tris[k], P, n)) continue;
    if (A->shape.kind == SN_SHAPE_SPHERE) st = sphere_triangle(A, M, acc, tris[k], P, n, margin, &C);
    else st = body_triangle(A, M, acc, tris[k], P, n, margin, &C);
  }
  if (st == SN_OK) st = emit(&C, A, ia, M, im, L);
done:
  free(tris);
  free(C.c);
  return st;
}
