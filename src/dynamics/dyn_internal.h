/* signorini dynamics: the internal seams between the files of src/dynamics/.
 *
 *   scene.c, body.c          the scene, bodies, mass properties, states, contact laws
 *   quat.c                   quaternion and 3-vector helpers (inline below where tiny)
 *   shape_convex.c           convex hulls (qhull), their faces and mass properties; mesh setup
 *   broadphase.c             candidate pairs (uniform grid / sweep and prune; never all pairs)
 *   narrow.c                 dispatch per pair of shape kinds, analytic pairs (sphere, plane, box
 *                            on plane, capsule, cylinder on plane, ...)
 *   gjk.c, epa.c, manifold.c support functions, GJK distance, EPA, face clipping (several points);
 *                            their seams in gjk.h
 *   narrow_mesh.c            convex shapes against static triangle meshes
 *   mesh_bvh.c               the meshes' bounding volume hierarchy and edge adjacency (mesh_bvh.h)
 *   moreau.c, nsgs_bodies.c  Moreau-Jean step, matrix-free NSGS, registry path, projection
 *   energy.c                 energies
 *   event.c                  event-driven integrator
 *   surface.c                triangulated surfaces for output (sn_scene_body_surface)
 */
#ifndef SN_DYN_INTERNAL_H
#define SN_DYN_INTERNAL_H

#include <math.h>
#include <stddef.h>

#include "signorini/dynamics.h"

/* integration steps (accepted or rejected) one call of sn_scene_advance_event may take by
 * default (sn_dyn_settings.event_max_steps): a step size that stays far below the interval
 * without falling under round-off (a right-hand side the error control cannot follow) made a
 * call run on with no sign of progress (a random campaign: two spheres, mu 1, e 0); most calls
 * take tens to thousands */
#define SN_EV_MAX_STEPS 200000

#define SN_PI 3.14159265358979323846

/* ---------------------------------------------------------------- shapes ---- */
typedef struct {
  sn_shape_kind kind;
  double radius, half[3], half_length;
  /* convex and mesh: vertices in the body frame (convex: centroid at the origin) */
  int nvert;
  double *vert;
  /* convex: hull faces (outward unit normals, offsets n.x = d, and their vertex loops, CCW from
   * outside: face f has vertices face_vert[face_start[f] .. face_start[f+1]-1]); mesh: triangles */
  int nface;
  double *face_n, *face_d;
  int *face_start, *face_vert;
  int ntri;
  int *tri;
  void *accel;          /* mesh: spatial index of the triangles (narrow_mesh.c owns it) */
  double bound;         /* radius of a sphere about the body origin enclosing the shape (INFINITY for planes) */
} sn_shape;

/* ---------------------------------------------------------------- bodies ---- */
typedef struct {
  char *name;
  sn_shape shape;
  sn_body_motion motion;
  int material;
  double density, mass, inv_mass;   /* inv_mass = 0 for fixed and kinematic bodies */
  double I_body[3];                 /* principal moments (body frame is principal for primitives;
                                       convex: the body frame is rotated to the principal axes
                                       at creation and q composed accordingly) */
  double inv_I_body[3];             /* 0 for fixed and kinematic bodies */
  double x[3], q[4], v[3], w[3];    /* state */
  double R[9];                      /* rotation matrix of q, row-major, kept in sync (sn_body_sync) */
  sn_motion_fn motion_fn;
  void *motion_user;
  sn_body_desc desc;                /* as added (pointers into shape arrays) */
} sn_body;

/* ---------------------------------------------------------------- contacts ---- */
typedef struct {
  int a, b;             /* body indices, normal from a to b */
  int feature;          /* identity within the pair: stable from step to step when the geometry
                           is (box corner index, triangle index, ...) */
  double p[3];          /* world point */
  double ra[3], rb[3];  /* p - x_a, p - x_b */
  double n[3], t1[3], t2[3];
  double gap;
  double mu, e;
  double r[3];          /* impulse (local frame) */
  double u[3];          /* relative velocity after the step (local frame) */
  double u_prev_n;      /* normal relative velocity before the step (restitution) */
  int status;
} sn_contact;

typedef struct {
  int n, cap;
  sn_contact *c;
} sn_contact_list;

int sn_contact_list_push(sn_contact_list *L, const sn_contact *c);   /* grows; SN_ERR_NOMEM */
void sn_contact_list_free(sn_contact_list *L);

/* ---------------------------------------------------------------- the scene ---- */
typedef struct {
  int ma, mb;
  double mu, e;
} sn_contact_law;

struct sn_scene {
  int nb, cap;
  sn_body *b;
  double g[3];
  double t;
  double default_mu, default_e;
  int nlaw, law_cap;
  sn_contact_law *law;
  sn_contact_list contacts, prev;   /* this step's and the previous step's contacts */
  sn_energy energy;                 /* accumulated terms (friction_work, impact_loss, kinematic_work) */
  int have_problem;                 /* a Moreau-Jean step has run (sn_scene_last_problem) */
  double last_dt, last_theta;
  /* scratch owned by the broad phase and the step (grown on demand, freed by sn_scene_free) */
  void *broad;                      /* broadphase.c */
  void *step;                       /* moreau.c */
  void *event;                      /* event.c */
};

/* the law between two bodies' materials */
void sn_scene_law(const sn_scene *S, int a, int b, double *mu, double *e);

/* ---------------------------------------------------------------- body helpers (body.c) ---- */
void sn_body_sync(sn_body *B);                       /* R from q (q normalised) */
/* world point of a body-frame point, and body-frame direction of a world direction */
void sn_body_to_world(const sn_body *B, const double pb[3], double pw[3]);
void sn_body_dir_to_body(const sn_body *B, const double dw[3], double db[3]);
/* world inverse inertia applied to a world vector: out = R inv_I_body R^T x */
void sn_body_inv_inertia_apply(const sn_body *B, const double x[3], double out[3]);
/* world axis-aligned bounding box enlarged by margin (planes: infinite in-plane extent) */
void sn_body_aabb(const sn_body *B, double margin, double lo[3], double hi[3]);
/* velocity of the body's material point at world point p */
void sn_body_point_velocity(const sn_body *B, const double p[3], double vp[3]);
/* kinematic bodies: state at time t (constant velocity, or motion_fn) */
void sn_body_kinematic_state(sn_body *B, double t);
/* free-motion integration of the orientation over h with angular velocity w (exponential map) */
/* r = a b (Hamilton product, w first) */
void sn_quat_mul(const double a[4], const double b[4], double r[4]);
void sn_quat_integrate(double q[4], const double w[3], double h);

/* ---------------------------------------------------------------- shapes (shape_convex.c) ---- */
/* Convex hull of s->vert (qhull): keeps the hull's vertices only, shifts them so the centroid
 * is the origin and rotates them to the principal axes of inertia; fills the faces, volume and
 * principal moments per unit density I[3], the centroid c[3] in the given frame and the rotation
 * Rp (row-major) with  p_given = c + Rp p_principal.  SN_ERR_ARG if degenerate (flat, < 4 points). */
int sn_convex_init(sn_shape *s, double *volume, double I[3], double c[3], double Rp[9]);
int sn_mesh_init(sn_shape *s);
void sn_shape_free(sn_shape *s);
/* Volume and principal moments per unit density of a primitive shape (sphere, box, capsule,
 * cylinder); SN_ERR_ARG for the others. */
int sn_shape_mass_unit(const sn_shape *s, double *volume, double I[3]);

/* ---------------------------------------------------------------- detection ---- */
/* Candidate pairs (i < j, at least one dynamic) whose margin-enlarged boxes overlap; pairs of
 * 2*npairs ints owned by the scene's broad-phase scratch, valid until the next call. */
int sn_broadphase(sn_scene *S, double margin, const int **pairs, int *npairs);
/* Contacts between bodies A (index ia) and B (index ib) with gap < margin, appended to L (a, b,
 * feature, p, ra, rb, n, t1, t2, gap filled; mu, e, r, status left to the caller). */
int sn_narrow(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L);
/* The same for the event-driven scheme, which follows each contact's gap as a function of time
 * and must see every point that may close: no reduction of a pair's points to a few (a plane
 * against a convex hull gives every vertex under the margin). */
int sn_narrow_watch(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L);
/* GJK/EPA-based convex pair (gjk.c, epa.c, manifold.c), used by sn_narrow for pairs without an
 * analytic routine; and convex against a static mesh (narrow_mesh.c). Same contract as sn_narrow. */
int sn_narrow_convex(const sn_body *A, int ia, const sn_body *B, int ib, double margin, sn_contact_list *L);
int sn_narrow_mesh(const sn_body *A, int ia, const sn_body *M, int im, double margin, sn_contact_list *L);
/* support point of a shape in body frame along body-frame direction d (planes and meshes: none) */
void sn_shape_support(const sn_shape *s, const double d[3], double out[3]);
/* the whole detection of a step: broad phase, narrow phase, laws; fills S->contacts */
int sn_detect(sn_scene *S, double margin);
/* tangent frame completing a unit normal n (t1 . n = t2 . n = 0, t1 x t2 = n) */
void sn_tangent_frame(const double n[3], double t1[3], double t2[3]);

/* ---------------------------------------------------------------- tiny vector helpers ---- */
static inline double sn3_dot(const double a[3], const double b[3]) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
static inline void sn3_cross(const double a[3], const double b[3], double c[3]) {
  double x = a[1] * b[2] - a[2] * b[1], y = a[2] * b[0] - a[0] * b[2], z = a[0] * b[1] - a[1] * b[0];
  c[0] = x; c[1] = y; c[2] = z;
}
static inline double sn3_norm(const double a[3]) { return sqrt(sn3_dot(a, a)); }
static inline void sn3_axpy(double s, const double x[3], double y[3]) { y[0] += s * x[0]; y[1] += s * x[1]; y[2] += s * x[2]; }
static inline void sn3_sub(const double a[3], const double b[3], double c[3]) { c[0] = a[0] - b[0]; c[1] = a[1] - b[1]; c[2] = a[2] - b[2]; }

#endif
