/* Analytic narrow-phase routines (src/dynamics/narrow_plane.c, narrow_plane_convex.c,
 * narrow_sphere.c, narrow_capsule.c) through the dispatch sn_narrow, against gaps, normals and
 * points computed by hand for each configuration (the hand computation is in the comment next
 * to each check). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "dynamics/dyn_internal.h"

static sn_body body(sn_shape_kind kind, double x, double y, double z) {
  sn_body B;
  memset(&B, 0, sizeof B);
  B.shape.kind = kind;
  B.x[0] = x; B.x[1] = y; B.x[2] = z;
  B.q[0] = 1;
  sn_body_sync(&B);
  return B;
}

/* orientation: rotation of angle a about the unit axis (ux, uy, uz) */
static void rotate(sn_body *B, double a, double ux, double uy, double uz) {
  B->q[0] = cos(a / 2);
  B->q[1] = sin(a / 2) * ux;
  B->q[2] = sin(a / 2) * uy;
  B->q[3] = sin(a / 2) * uz;
  sn_body_sync(B);
}

/* every contact: unit normal, orthonormal right-handed frame, ra/rb consistent with the point */
static void check_frames(const sn_contact_list *L, const sn_body *A, const sn_body *B) {
  for (int k = 0; k < L->n; k++) {
    const sn_contact *c = &L->c[k];
    CHECK_CLOSE(sn3_norm(c->n), 1, 0, 1e-14);
    CHECK_CLOSE(sn3_norm(c->t1), 1, 0, 1e-14);
    CHECK_CLOSE(sn3_norm(c->t2), 1, 0, 1e-14);
    CHECK_CLOSE(sn3_dot(c->n, c->t1), 0, 0, 1e-14);
    CHECK_CLOSE(sn3_dot(c->n, c->t2), 0, 0, 1e-14);
    CHECK_CLOSE(sn3_dot(c->t1, c->t2), 0, 0, 1e-14);
    double t[3];
    sn3_cross(c->t1, c->t2, t);
    CHECK_CLOSE(sn3_dot(t, c->n), 1, 0, 1e-14);
    const sn_body *ba = c->a == 0 ? A : B, *bb = c->b == 0 ? A : B;
    for (int i = 0; i < 3; i++) {
      CHECK_CLOSE(c->ra[i], c->p[i] - ba->x[i], 0, 1e-14);
      CHECK_CLOSE(c->rb[i], c->p[i] - bb->x[i], 0, 1e-14);
    }
  }
}

/* the contact of feature f in L, or NULL */
static const sn_contact *feature(const sn_contact_list *L, int f) {
  for (int k = 0; k < L->n; k++)
    if (L->c[k].feature == f) return &L->c[k];
  return NULL;
}

static void check_vec(const double got[3], double x, double y, double z, double tol) {
  CHECK_CLOSE(got[0], x, 0, tol);
  CHECK_CLOSE(got[1], y, 0, tol);
  CHECK_CLOSE(got[2], z, 0, tol);
}

static int run(const sn_body *A, const sn_body *B, double margin, sn_contact_list *L) {
  L->n = 0;
  CHECK_INT(sn_narrow(A, 0, B, 1, margin, L), SN_OK);
  check_frames(L, A, B);
  return L->n;
}

/* plane z = 0 vs box of half extents (0.5, 0.25, 0.1) */
static void plane_box(sn_contact_list *L) {
  sn_body P = body(SN_SHAPE_PLANE, 0, 0, 0), B = body(SN_SHAPE_BOX, 1, 2, 0.09);
  B.shape.half[0] = 0.5; B.shape.half[1] = 0.25; B.shape.half[2] = 0.1;
  /* flat: the four lower corners (features 0..3, bit 2 clear) at gap 0.09 - 0.1 = -0.01 */
  CHECK_INT(run(&P, &B, 1e-3, L), 4);
  for (int k = 0; k < 4; k++) {
    const sn_contact *c = feature(L, k);
    CHECK(c != NULL);
    if (!c) continue;
    CHECK_INT(c->a, 0);
    CHECK_INT(c->b, 1);
    CHECK_CLOSE(c->gap, -0.01, 0, 1e-15);
    check_vec(c->n, 0, 0, 1, 0);
    /* corner (1 +- 0.5, 2 +- 0.25, -0.01); point midway to the plane: z = -0.005 */
    check_vec(c->p, 1 + ((k & 1) ? 0.5 : -0.5), 2 + ((k & 2) ? 0.25 : -0.25), -0.005, 1e-15);
  }
  /* the same box reached from the other side of the dispatch: a is still the plane */
  L->n = 0;
  CHECK_INT(sn_narrow(&B, 1, &P, 0, 1e-3, L), SN_OK);
  CHECK_INT(L->n, 4);
  CHECK_INT(L->c[0].a, 0);
  /* margin: gap 0.01 is a contact for margin 0.02, none for margin 0.01 (gap >= margin) */
  B.x[2] = 0.11;
  CHECK_INT(run(&P, &B, 0.02, L), 4);
  double g = L->c[0].gap;
  CHECK_CLOSE(g, 0.01, 0, 1e-15);
  CHECK_INT(run(&P, &B, g, L), 0);   /* margin equal to the gap, as computed: none */
  /* a margin above the box height brings the upper corners too: 8 */
  CHECK_INT(run(&P, &B, 0.5, L), 8);
  /* rotated 45 degrees about x, standing on an edge: with R_x(45) a corner (x, y, z) goes to
   * height y sin45 + z cos45, lowest for y = -0.25, z = -0.1: -0.35/sqrt 2 (the next lowest,
   * y = 0.25, z = -0.1 or y = -0.25, z = 0.1, are 0.5/sqrt 2 and 0.2/sqrt 2 higher). Centre at
   * 0.35/sqrt 2 + 0.001: 2 contacts (x = +-0.5) at gap 0.001 */
  rotate(&B, SN_PI / 4, 1, 0, 0);
  B.x[2] = 0.35 / sqrt(2.0) + 0.001;
  CHECK_INT(run(&P, &B, 0.01, L), 2);
  for (int k = 0; k < L->n; k++) {
    CHECK_CLOSE(L->c[k].gap, 0.001, 0, 1e-14);
    CHECK((L->c[k].feature & 6) == 0);   /* y and z bits clear: corner (+-0.5, -0.25, -0.1) */
    /* world y of the corner: y cos45 - z sin45 = (-0.25 + 0.1)/sqrt 2 */
    CHECK_CLOSE(L->c[k].p[1], 2 - 0.15 / sqrt(2.0), 0, 1e-14);
  }
  /* an incline: plane through the origin rotated by 30 degrees about y (normal (sin, 0, cos)),
   * the box rotated the same, lying flat on it at a distance 0.1 - 0.002 of its centre: 4
   * contacts at gap -0.002 with the incline's normal */
  double a = SN_PI / 6;
  rotate(&P, a, 0, 1, 0);
  rotate(&B, a, 0, 1, 0);
  for (int i = 0; i < 3; i++) B.x[i] = 0.098 * P.R[3 * i + 2];
  B.x[0] += 0.3 * cos(a);   /* slid 0.3 down along the incline's x axis (cos, 0, -sin) */
  B.x[2] -= 0.3 * sin(a);
  CHECK_INT(run(&P, &B, 1e-3, L), 4);
  for (int k = 0; k < L->n; k++) {
    CHECK_CLOSE(L->c[k].gap, -0.002, 0, 1e-14);
    check_vec(L->c[k].n, sin(a), 0, cos(a), 1e-15);
  }
}

int main(void) {
  sn_contact_list L = {0};
  plane_box(&L);
  sn_contact_list_free(&L);
  return sn_check_report();
}
