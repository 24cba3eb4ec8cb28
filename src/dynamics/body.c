/* Rigid-body kinematics: rotation from the quaternion, world inertia, points and velocities,
 * kinematic (prescribed) motion, and the exponential-map update of the orientation. */
#include <math.h>
#include <string.h>

#include "dynamics/dyn_internal.h"

void sn_body_sync(sn_body *B) {
  double *q = B->q;
  double n = sqrt(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  if (n > 0) {
    for (int i = 0; i < 4; i++) q[i] /= n;
  } else {
    q[0] = 1; q[1] = q[2] = q[3] = 0;
  }
  double w = q[0], x = q[1], y = q[2], z = q[3];
  double *R = B->R;
  R[0] = 1 - 2 * (y * y + z * z); R[1] = 2 * (x * y - w * z);     R[2] = 2 * (x * z + w * y);
  R[3] = 2 * (x * y + w * z);     R[4] = 1 - 2 * (x * x + z * z); R[5] = 2 * (y * z - w * x);
  R[6] = 2 * (x * z - w * y);     R[7] = 2 * (y * z + w * x);     R[8] = 1 - 2 * (x * x + y * y);
}

void sn_body_to_world(const sn_body *B, const double pb[3], double pw[3]) {
  const double *R = B->R;
  double p0 = pb[0], p1 = pb[1], p2 = pb[2];
  for (int i = 0; i < 3; i++) pw[i] = B->x[i] + R[3 * i] * p0 + R[3 * i + 1] * p1 + R[3 * i + 2] * p2;
}

void sn_body_dir_to_body(const sn_body *B, const double dw[3], double db[3]) {
  const double *R = B->R;
  double d0 = dw[0], d1 = dw[1], d2 = dw[2];
  for (int i = 0; i < 3; i++) db[i] = R[i] * d0 + R[3 + i] * d1 + R[6 + i] * d2;
}

void sn_body_inv_inertia_apply(const sn_body *B, const double x[3], double out[3]) {
  double xb[3];
  sn_body_dir_to_body(B, x, xb);
  for (int i = 0; i < 3; i++) xb[i] *= B->inv_I_body[i];
  const double *R = B->R;
  for (int i = 0; i < 3; i++) out[i] = R[3 * i] * xb[0] + R[3 * i + 1] * xb[1] + R[3 * i + 2] * xb[2];
}

void sn_body_point_velocity(const sn_body *B, const double p[3], double vp[3]) {
  double r[3], wr[3];
  sn3_sub(p, B->x, r);
  sn3_cross(B->w, r, wr);
  for (int i = 0; i < 3; i++) vp[i] = B->v[i] + wr[i];
}

void sn_body_aabb(const sn_body *B, double margin, double lo[3], double hi[3]) {
  const sn_shape *s = &B->shape;
  if (s->kind == SN_SHAPE_PLANE) {
    /* an infinite plane: unbounded except along an axis it is normal to */
    double n[3] = {B->R[2], B->R[5], B->R[8]};
    for (int i = 0; i < 3; i++) {
      lo[i] = -INFINITY;
      hi[i] = INFINITY;
    }
    for (int i = 0; i < 3; i++) {
      if (fabs(fabs(n[i]) - 1.0) < 1e-14) {
        /* the solid is the half space below; only its side towards -n is unbounded */
        if (n[i] > 0) hi[i] = B->x[i] + margin;
        else lo[i] = B->x[i] - margin;
      }
    }
    return;
  }
  double ext[3];
  if (s->kind == SN_SHAPE_SPHERE) {
    for (int i = 0; i < 3; i++) ext[i] = s->radius;
  } else if (s->kind == SN_SHAPE_BOX) {
    for (int i = 0; i < 3; i++)
      ext[i] = fabs(B->R[3 * i]) * s->half[0] + fabs(B->R[3 * i + 1]) * s->half[1] + fabs(B->R[3 * i + 2]) * s->half[2];
  } else if (s->kind == SN_SHAPE_CAPSULE) {
    for (int i = 0; i < 3; i++) ext[i] = fabs(B->R[3 * i + 2]) * s->half_length + s->radius;
  } else if (s->kind == SN_SHAPE_CYLINDER) {
    for (int i = 0; i < 3; i++) {
      double a = B->R[3 * i + 2];   /* axis component */
      ext[i] = fabs(a) * s->half_length + s->radius * sqrt(fmax(0.0, 1.0 - a * a));
    }
  } else {
    /* convex or mesh: the world box of the vertices */
    for (int i = 0; i < 3; i++) {
      lo[i] = INFINITY;
      hi[i] = -INFINITY;
    }
    for (int k = 0; k < s->nvert; k++) {
      double p[3];
      sn_body_to_world(B, s->vert + 3 * k, p);
      for (int i = 0; i < 3; i++) {
        if (p[i] < lo[i]) lo[i] = p[i];
        if (p[i] > hi[i]) hi[i] = p[i];
      }
    }
    for (int i = 0; i < 3; i++) {
      lo[i] -= margin;
      hi[i] += margin;
    }
    return;
  }
  for (int i = 0; i < 3; i++) {
    lo[i] = B->x[i] - ext[i] - margin;
    hi[i] = B->x[i] + ext[i] + margin;
  }
}

void sn_body_kinematic_state(sn_body *B, double t) {
  if (B->motion != SN_BODY_KINEMATIC) return;
  if (B->motion_fn) {
    B->motion_fn(t, B->x, B->q, B->v, B->w, B->motion_user);
  } else {
    /* constant velocity from the description's initial state */
    for (int i = 0; i < 3; i++) B->x[i] = B->desc.x[i] + t * B->desc.v[i];
    for (int i = 0; i < 4; i++) B->q[i] = B->desc.q[i];
    sn_quat_integrate(B->q, B->desc.w, t);
    memcpy(B->v, B->desc.v, sizeof B->v);
    memcpy(B->w, B->desc.w, sizeof B->w);
  }
  sn_body_sync(B);
}

void sn_quat_mul(const double a[4], const double b[4], double r[4]) {
  r[0] = a[0] * b[0] - a[1] * b[1] - a[2] * b[2] - a[3] * b[3];
  r[1] = a[0] * b[1] + a[1] * b[0] + a[2] * b[3] - a[3] * b[2];
  r[2] = a[0] * b[2] - a[1] * b[3] + a[2] * b[0] + a[3] * b[1];
  r[3] = a[0] * b[3] + a[1] * b[2] - a[2] * b[1] + a[3] * b[0];
}

/* q <- exp(h w / 2) q with w in the world frame (left multiplication), normalised. */
void sn_quat_integrate(double q[4], const double w[3], double h) {
  double th = sn3_norm(w) * h;
  if (th == 0.0) return;
  double s = sin(0.5 * th) / (sn3_norm(w)), c = cos(0.5 * th);
  double d[4] = {c, s * w[0], s * w[1], s * w[2]};
  double r[4];
  sn_quat_mul(d, q, r);
  double n = sqrt(r[0] * r[0] + r[1] * r[1] + r[2] * r[2] + r[3] * r[3]);
  for (int i = 0; i < 4; i++) q[i] = r[i] / n;
}

/* Volume and principal moments of inertia per unit density about the centroid. */
int sn_shape_mass_unit(const sn_shape *s, double *volume, double I[3]) {
  double r = s->radius, h = s->half_length;
  switch (s->kind) {
  case SN_SHAPE_SPHERE: {
    double V = 4.0 / 3.0 * SN_PI * r * r * r;
    *volume = V;
    I[0] = I[1] = I[2] = 0.4 * V * r * r;
    return SN_OK;
  }
  case SN_SHAPE_BOX: {
    double a = 2 * s->half[0], b = 2 * s->half[1], c = 2 * s->half[2];
    double V = a * b * c;
    *volume = V;
    I[0] = V * (b * b + c * c) / 12.0;
    I[1] = V * (a * a + c * c) / 12.0;
    I[2] = V * (a * a + b * b) / 12.0;
    return SN_OK;
  }
  case SN_SHAPE_CYLINDER: {
    double L = 2 * h, V = SN_PI * r * r * L;
    *volume = V;
    I[0] = I[1] = V * (3 * r * r + L * L) / 12.0;
    I[2] = 0.5 * V * r * r;
    return SN_OK;
  }
  case SN_SHAPE_CAPSULE: {
    /* cylinder of length L plus two hemispheres (parallel-axis theorem for the caps:
     * hemisphere centroid at 3r/8 from its flat face) */
    double L = 2 * h;
    double Vc = SN_PI * r * r * L, Vs = 4.0 / 3.0 * SN_PI * r * r * r;
    *volume = Vc + Vs;
    double Ic_ax = 0.5 * Vc * r * r, Ic_tr = Vc * (3 * r * r + L * L) / 12.0;
    double Is_ax = 0.4 * Vs * r * r;
    /* each hemisphere: transverse moment about its own centroid is (83/320) m r^2, centroid at
     * h + 3r/8 from the capsule's centre */
    double mh = 0.5 * Vs, dh = h + 3.0 * r / 8.0;
    double Is_tr = 2 * (83.0 / 320.0 * mh * r * r + mh * dh * dh);
    I[0] = I[1] = Ic_tr + Is_tr;
    I[2] = Ic_ax + Is_ax;
    return SN_OK;
  }
  default:
    return SN_ERR_ARG;
  }
}
