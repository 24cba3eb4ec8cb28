/* signorini nonsmooth contact dynamics of rigid bodies (issue #12).
 *
 * A scene holds rigid bodies (6 dof: position, unit quaternion orientation, linear velocity,
 * angular velocity in the world frame, inertia tensor in the body frame) of the shapes below,
 * gravity, and a contact law (mu, e) per pair of contact materials. It is advanced either by
 * Moreau-Jean time stepping (sn_scene_step: impulses as unknowns, velocity-level Signorini with
 * Newton's restitution, exact Coulomb cone; Moreau 1988, Jean 1999) or by event-driven
 * integration (sn_scene_advance_event: smooth motion between events with the active set and
 * stick/slip modes fixed; only at each event state the acceleration-level Signorini-Coulomb
 * LCP, with a four-sided friction pyramid in place of the 3D cone; Newton's impact law with the
 * exact cone at impacts; Pfeiffer & Glocker 1996) for small systems without kinematic bodies.
 *
 * Conventions used everywhere in this header:
 *  - quaternion q = (w, x, y, z), unit; it maps body coordinates to world coordinates;
 *  - a contact joins bodies a and b; its normal points from a to b; gap >= 0 is separation;
 *  - local frame (normal, t1, t2); the impulse r = (r_N, r_T1, r_T2) acts on b, -r on a;
 *  - relative velocity u = v_b(point) - v_a(point) in the local frame (u_N > 0 separates).
 *
 * Ownership: the scene owns copies of everything passed to it; sn_scene_free releases it.
 * The library never prints; every fallible function returns an SN_* status. */
#ifndef SIGNORINI_DYNAMICS_H
#define SIGNORINI_DYNAMICS_H

#include <stddef.h>

#include "signorini/common.h"
#include "signorini/problem.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  SN_SHAPE_SPHERE = 0, /* radius */
  SN_SHAPE_BOX,        /* half[3]: half extents along body x, y, z */
  SN_SHAPE_CAPSULE,    /* radius, half_length: segment on body z from -half_length to +half_length */
  SN_SHAPE_CYLINDER,   /* radius, half_length: axis body z, flat ends at z = +-half_length */
  SN_SHAPE_CONVEX,     /* convex hull of vert (coordinates about the description's x, q); on
                          adding, the body's x moves to the hull's centroid and q turns to its
                          principal axes (the hull stays where it was): the stored vertices
                          (sn_scene_body_desc) and the state (sn_scene_body_state) are those
                          adjusted ones; v is taken as the centroid's velocity (not corrected by
                          w x shift), and a kinematic hull's constant w turns about the centroid */
  SN_SHAPE_PLANE,      /* infinite plane through the body origin, outward normal = body +z;
                          the half space z < 0 is solid. Never dynamic. */
  SN_SHAPE_MESH,       /* static triangle mesh (vert, tri), body frame; never dynamic */
  SN_SHAPE_COUNT
} sn_shape_kind;

typedef enum {
  SN_BODY_DYNAMIC = 0,  /* moves under gravity and contact */
  SN_BODY_FIXED,        /* never moves */
  SN_BODY_KINEMATIC     /* prescribed motion: constant v, w of its description, or sn_scene_set_motion */
} sn_body_motion;

typedef struct {
  sn_shape_kind kind;
  double radius;        /* sphere, capsule, cylinder */
  double half[3];       /* box */
  double half_length;   /* capsule, cylinder */
  int nvert;            /* convex, mesh: number of vertices */
  const double *vert;   /* 3*nvert coordinates in the body frame (copied) */
  int ntri;             /* mesh: number of triangles */
  const int *tri;       /* mesh: 3*ntri 0-based vertex indices, counter-clockwise seen from outside (copied) */
} sn_shape_desc;

typedef struct {
  const char *name;     /* copied; NULL gives "body<id>" */
  sn_shape_desc shape;
  sn_body_motion motion;
  double density;       /* kg/m^3: mass and inertia from the shape (default 1000) */
  double mass;          /* > 0: overrides the density (inertia scaled to it); default 0 */
  double x[3];          /* position of the body origin (centre of mass for dynamic bodies) */
  double q[4];          /* orientation (w, x, y, z), normalised on entry; default (1, 0, 0, 0) */
  double v[3];          /* linear velocity */
  double w[3];          /* angular velocity, world frame */
  int material;         /* contact material index >= 0 for the per-pair law (default 0) */
} sn_body_desc;

void sn_body_desc_default(sn_body_desc *d);

typedef struct sn_scene sn_scene;

int sn_scene_create(sn_scene **out);
void sn_scene_free(sn_scene *S);

/* Add a body; *id (may be NULL) receives its index, 0, 1, 2, ... in order of addition.
 * SN_ERR_ARG for a bad shape (non-positive size, fewer than 4 non-coplanar convex vertices,
 * a dynamic plane or mesh, non-positive density or mass, NaN anywhere). */
int sn_scene_add_body(sn_scene *S, const sn_body_desc *d, int *id);
int sn_scene_nbodies(const sn_scene *S);
const char *sn_scene_body_name(const sn_scene *S, int body);   /* NULL if out of range */
int sn_scene_find_body(const sn_scene *S, const char *name);   /* index, or -1 */
/* The description as stored: shape and material as added, arrays pointing into the scene (valid
 * until sn_scene_free), x and q the adjusted initial state (a convex hull's centroid and
 * principal axes, see SN_SHAPE_CONVEX), v and w as given; adding it again gives a body of the
 * same geometry, mass and state. */
int sn_scene_body_desc(const sn_scene *S, int body, sn_body_desc *d);
double sn_scene_body_mass(const sn_scene *S, int body);        /* INFINITY for fixed/kinematic */

int sn_scene_set_gravity(sn_scene *S, const double g[3]);      /* default (0, 0, -9.81) */
/* Contact law between materials ma and mb (symmetric). ma = mb = -1 sets the default for every
 * pair without its own law (default mu = 0, e = 0). mu >= 0, 0 <= e <= 1. */
int sn_scene_set_contact_law(sn_scene *S, int ma, int mb, double mu, double e);

/* Prescribed motion of a kinematic body: f fills its state at time t (q may be left as is). */
typedef void (*sn_motion_fn)(double t, double x[3], double q[4], double v[3], double w[3], void *user);
int sn_scene_set_motion(sn_scene *S, int body, sn_motion_fn f, void *user);

typedef struct {
  double x[3], q[4], v[3], w[3];
} sn_body_state;
int sn_scene_body_state(const sn_scene *S, int body, sn_body_state *st);
/* Dynamic bodies only: SN_ERR_ARG for a fixed or kinematic body (a kinematic body's state is
 * its prescribed motion's: sn_scene_set_motion), a NaN or a zero quaternion; q is normalised. */
int sn_scene_set_body_state(sn_scene *S, int body, const sn_body_state *st);
double sn_scene_time(const sn_scene *S);

/* ---- contacts of the last step (or event state) ---- */
enum { SN_CONTACT_OPEN = 0, SN_CONTACT_STICK = 1, SN_CONTACT_SLIP = 2 };

typedef struct {
  int a, b;             /* bodies; the normal points from a to b */
  int feature;          /* identity of the contact within the pair (for warm start) */
  double point[3];      /* contact point, world (midway between the two closest points) */
  double normal[3], t1[3], t2[3];
  double gap;           /* signed distance at the start of the step (negative: penetration) */
  double impulse[3];    /* (N, T1, T2) impulse of the last step on b (force x dt in Moreau-Jean;
                           the contact force in the event-driven scheme) */
  double u[3];          /* relative velocity after the step, local frame */
  double mu, e;
  int status;           /* SN_CONTACT_OPEN / STICK / SLIP */
} sn_body_contact;

int sn_scene_ncontacts(const sn_scene *S);
int sn_scene_contact(const sn_scene *S, int k, sn_body_contact *c);

/* ---- integration ---- */
typedef struct {
  double dt;            /* Moreau-Jean time step; event-driven: largest ODE step (default 1e-3) */
  double theta;         /* Moreau-Jean theta in [0.5, 1] (default 0.5) */
  double margin;        /* contacts with gap < margin enter the step's problem (default 0:
                           automatic, 2 dt times the largest speed, bounded below by 1e-6 m) */
  const char *solver;   /* NULL or "nsgs": matrix-free NSGS on body velocities (default);
                           any local frictional-contact solver of the registry ("auto", "nsn_ac",
                           ...): W = H^T M^-1 H assembled block-sparse; "global:NAME": the
                           global problem (M, H, f, w, mu) solved by the registry's NAME;
                           "local:NAME": the registry's NAME on the assembled W (so "local:nsgs"
                           is the registry's NSGS, "nsgs" the matrix-free one) */
  sn_settings solve;    /* the step's contact solver: tol (default 1e-8), max_iter (default 1000);
                           the matrix-free NSGS takes options "omega=W", 0 < W < 2 (relaxation,
                           default 1; about 1.5 roughly halves the sweeps on piles),
                           "accel=none|nncg" (default none; nncg: nonsmooth nonlinear conjugate
                           gradient over the sweeps, Silcowitz, Niebe & Erleben 2010: about half
                           the sweeps while a pile forms, a third more work per sweep; see
                           docs/dynamics.md) and
                           "sweep=forward|symmetric" (default forward; symmetric alternates
                           forward and backward sweeps, measured slower on piles) and
                           "newton=N" (default 100; 0: never): a step of at most N contacts
                           that 30 sweeps leave short of tol is solved by the registry's
                           "nsn_fb", then "auto" (Newton) on the assembled W from the step's
                           warm start, the best result kept: with a heavy body on a light one the sweeps'
                           rate falls with the mass ratio (docs/dynamics.md, "Mass ratios") */
  int warm_start;       /* start each step from the previous impulses matched by contact identity (default 1) */
  int projection;       /* 1: after each step, project positions onto the admissible set (default 0) */
  double event_tol;     /* event-driven: tolerance of event times and of the ODE (default 1e-10) */
  long event_max_steps; /* event-driven: integration steps (accepted or rejected) one call of
                           sn_scene_advance_event may take before it returns SN_STALLED
                           (default 200 000; <= 0: the default) */
  int threads;          /* matrix-free NSGS: 0 (default) sequential sweep in contact order; k >= 1:
                           contacts coloured (no two of a colour share a dynamic body), each colour
                           swept on min(k, processors) OpenMP threads when built with
                           SIGNORINI_OPENMP (the default) and the colours hold 256 rows or more on
                           average, else sequentially. The result does not depend on k >= 1
                           (bit for bit); it differs from k = 0 by the order of the sweep only */
} sn_dyn_settings;

void sn_dyn_settings_default(sn_dyn_settings *s);
/* The step solver of s (solver and solve.options) checked without a scene, as a step checks it
 * before anything moves: SN_OK; SN_ERR_UNKNOWN for a solver that does not solve 3D frictional
 * contact or an option name the solver does not know, SN_ERR_ARG for an option value it refuses
 * (the matrix-free NSGS reads its options; a registry solver is given a problem of one contact
 * with those options), with the reason in msg (may be NULL). */
int sn_dyn_check_solver(const sn_dyn_settings *s, char *msg, size_t msglen);

typedef struct {
  int status;           /* worst solver status of the step(s) (SN_OK, SN_MAX_ITER, ...) */
  int ncontacts;        /* contacts in the (last) step's problem */
  int iterations;       /* solver iterations of the (last) step */
  double error;         /* relative error of the (last) step's contact problem (Siconos' measure) */
  double max_speed;     /* largest body speed (|v| + |w| r_bound) after the step */
  double max_penetration; /* largest penetration (-gap) after the step, >= 0 */
  double seconds, seconds_detect, seconds_solve;
  int events;           /* event-driven: number of events (impacts, closings, openings, stick-slip) */
  double last_event_time; /* event-driven: time of the last event, or NAN */
} sn_dyn_info;

/* One Moreau-Jean step of s->dt. */
int sn_scene_step(sn_scene *S, const sn_dyn_settings *s, sn_dyn_info *info);
/* Event-driven integration from the scene's time to t_end. */
int sn_scene_advance_event(sn_scene *S, double t_end, const sn_dyn_settings *s, sn_dyn_info *info);

/* Energies: kinetic and gravity potential now; friction work, impact losses and the work done
 * by kinematic bodies accumulated since the scene was created. */
typedef struct {
  double kinetic, potential, friction_work, impact_loss, kinematic_work;
} sn_energy;
int sn_scene_energy(const sn_scene *S, sn_energy *e);

/* The last Moreau-Jean step's local frictional contact problem (W = H^T M^-1 H, q = H^T v_free
 * + restitution terms) with the impulses found (r may be NULL). Caller frees with sn_fc_free and
 * free(r). SN_ERR_ARG before any step. */
int sn_scene_last_problem(const sn_scene *S, sn_fc **P, double **r);

/* Triangulated surface of a body in the body frame (for output): nv vertices (3*nv), nt
 * triangles (3*nt). Planes are drawn as a square of side `extent` about the body origin.
 * Caller frees *v and *t. */
int sn_scene_body_surface(const sn_scene *S, int body, double extent, int *nv, double **v,
                          int *nt, int **t);

#ifdef __cplusplus
}
#endif
#endif
