/* Broad phase (src/dynamics/broadphase.c): on random scenes of spheres, boxes, capsules and
 * cylinders of sizes spread over two decades, fixed, kinematic and dynamic, with planes (level,
 * tilted, facing sideways) and a large fixed slab, the pair set equals the brute-force set
 * computed here independently (every pair with a dynamic body: boxes of sn_body_aabb overlap;
 * with a plane: the lowest corner of the box, enumerated, within the margin of the plane);
 * and a lattice of 100 000 touching spheres on a floor gives the lattice's analytic count of
 * neighbour pairs (26-neighbourhood, since the enlarged boxes of diagonal neighbours overlap)
 * plus the bottom layer against the floor. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check.h"
#include "dynamics/dyn_internal.h"

static unsigned long long rng_state;
static double urand(void) {   /* 64-bit LCG (Knuth MMIX constants), top 53 bits */
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (double)(rng_state >> 11) / 9007199254740992.0;
}

static void add_plane(sn_scene *S, double x, double y, double z, double angle, double ux, double uy, double uz) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = SN_SHAPE_PLANE;
  d.motion = SN_BODY_FIXED;
  d.x[0] = x; d.x[1] = y; d.x[2] = z;
  d.q[0] = cos(angle / 2); d.q[1] = sin(angle / 2) * ux; d.q[2] = sin(angle / 2) * uy; d.q[3] = sin(angle / 2) * uz;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
}

static void add_random_body(sn_scene *S) {
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.kind = (sn_shape_kind)(SN_SHAPE_SPHERE + (int)(4 * urand()));   /* sphere .. cylinder */
  double size = 0.02 * pow(50.0, urand());                                 /* 0.02 .. 1 */
  d.shape.radius = size;
  d.shape.half_length = size * (0.2 + 2 * urand());
  for (int i = 0; i < 3; i++) d.shape.half[i] = size * (0.2 + urand());
  for (int i = 0; i < 3; i++) d.x[i] = 6 * urand() - 3;
  for (int i = 0; i < 4; i++) d.q[i] = urand() - 0.5;
  double u = urand();
  d.motion = u < 0.2 ? SN_BODY_FIXED : (u < 0.25 ? SN_BODY_KINEMATIC : SN_BODY_DYNAMIC);
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
}

/* reference: plane P and a box, by enumerating the box's corners */
static int ref_plane_box(const sn_body *P, const double lo[3], const double hi[3], double margin) {
  double n[3] = {P->R[2], P->R[5], P->R[8]}, dmin = INFINITY;
  for (int k = 0; k < 8; k++) {
    double c[3] = {(k & 1) ? hi[0] : lo[0], (k & 2) ? hi[1] : lo[1], (k & 4) ? hi[2] : lo[2]}, d[3];
    sn3_sub(c, P->x, d);
    dmin = fmin(dmin, sn3_dot(n, d));
  }
  return dmin <= margin;
}

/* the brute-force pair list (i < j, sorted), returned count; pairs in *out (malloc'ed) */
static int brute_pairs(const sn_scene *S, double margin, int **out) {
  int n = 0, cap = 1024, *p = malloc(2 * (size_t)cap * sizeof *p);
  for (int i = 0; i < S->nb; i++)
    for (int j = i + 1; j < S->nb; j++) {
      const sn_body *A = &S->b[i], *B = &S->b[j];
      if (A->motion != SN_BODY_DYNAMIC && B->motion != SN_BODY_DYNAMIC) continue;
      int pa = A->shape.kind == SN_SHAPE_PLANE, pb = B->shape.kind == SN_SHAPE_PLANE, hit = 1;
      double alo[3], ahi[3], blo[3], bhi[3];
      sn_body_aabb(A, margin, alo, ahi);
      sn_body_aabb(B, margin, blo, bhi);
      if (pa && pb) hit = 0;
      else if (pa) hit = ref_plane_box(A, blo, bhi, margin);
      else if (pb) hit = ref_plane_box(B, alo, ahi, margin);
      else
        for (int k = 0; k < 3; k++)
          if (ahi[k] < blo[k] || bhi[k] < alo[k]) hit = 0;
      if (!hit) continue;
      if (n == cap) p = realloc(p, 2 * (size_t)(cap *= 2) * sizeof *p);
      p[2 * n] = i;
      p[2 * n + 1] = j;
      n++;
    }
  *out = p;
  return n;
}

static long ref_total;   /* pairs compared, over all random scenes */

static void compare(sn_scene *S, double margin) {
  const int *pairs;
  int np, *ref;
  CHECK_INT(sn_broadphase(S, margin, &pairs, &np), SN_OK);
  int nr = brute_pairs(S, margin, &ref);
  CHECK_INT(np, nr);
  CHECK(nr > 0);
  ref_total += nr;
  int same = np == nr;
  for (int k = 0; same && k < np; k++) same = pairs[2 * k] == ref[2 * k] && pairs[2 * k + 1] == ref[2 * k + 1];
  CHECK(same);
  free(ref);
}

static void random_scenes(void) {
  static const double margins[3] = {0, 0.01, 0.2};
  for (int seed = 1; seed <= 6; seed++) {
    rng_state = (unsigned long long)seed * 0x9E3779B97F4A7C15ULL;
    sn_scene *S;
    CHECK_INT(sn_scene_create(&S), SN_OK);
    add_plane(S, 0, 0, -2, 0, 1, 0, 0);                       /* level floor z = -2 */
    for (int k = 0; k < 150; k++) add_random_body(S);
    add_plane(S, 0, 0, -1, 0.4, 0.6, 0.8, 0);                 /* tilted */
    add_plane(S, 2.5, 0, 0, -SN_PI / 2, 0, 1, 0);             /* wall x = 2.5 facing -x */
    sn_body_desc d;                                           /* large fixed slab: out of the grid */
    sn_body_desc_default(&d);
    d.shape.kind = SN_SHAPE_BOX;
    d.motion = SN_BODY_FIXED;
    d.shape.half[0] = 10; d.shape.half[1] = 10; d.shape.half[2] = 0.3;
    d.x[2] = -1.5;
    CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
    sn_body_desc_default(&d);                                 /* a long dynamic pole: out too */
    d.shape.kind = SN_SHAPE_CAPSULE;
    d.shape.radius = 0.05; d.shape.half_length = 8;
    d.q[0] = 1; d.q[1] = 0.3; d.q[2] = 0.2;
    CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
    for (int k = 0; k < 150; k++) add_random_body(S);
    for (int m = 0; m < 3; m++) compare(S, margins[m]);
    /* the scene moved: the warm scratch gives the new set */
    for (int i = 0; i < S->nb; i++)
      if (S->b[i].motion == SN_BODY_DYNAMIC) S->b[i].x[2] += 0.5 * urand() - 0.25;
    compare(S, 0.05);
    sn_scene_free(S);
  }
  printf("random scenes: %ld pairs equal to the brute-force set\n", ref_total);
}

/* pairs of an n0 x n1 x n2 lattice with all 26 neighbours: 13 directions d, each giving
 * prod_k (n_k - |d_k|) pairs */
static long lattice_pairs(int n0, int n1, int n2) {
  long c = 0;
  for (int a = -1; a <= 1; a++)
    for (int b = -1; b <= 1; b++)
      for (int e = -1; e <= 1; e++) {
        if (a < 0 || (a == 0 && (b < 0 || (b == 0 && e <= 0)))) continue;   /* one of +-d */
        c += (long)(n0 - abs(a)) * (n1 - abs(b)) * (n2 - abs(e));
      }
  return c;
}

static void lattice(void) {
  int n0 = 50, n1 = 50, n2 = 40;   /* 100 000 spheres */
  if (SN_SANITIZED) n0 = n1 = n2 = 20;
  double r = 0.5, s = 1.001, margin = 0.001;   /* gap 0.001 < 2 margin: enlarged boxes overlap */
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  add_plane(S, 0, 0, -r - 0.0005, 0, 1, 0, 0);  /* the bottom layer 0.0005 above the floor */
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.radius = r;
  for (int i = 0; i < n0; i++)
    for (int j = 0; j < n1; j++)
      for (int k = 0; k < n2; k++) {
        d.x[0] = i * s; d.x[1] = j * s; d.x[2] = k * s;
        CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
      }
  const int *pairs;
  int np = 0;
  clock_t t0 = clock();
  CHECK_INT(sn_broadphase(S, margin, &pairs, &np), SN_OK);
  clock_t t1 = clock();
  CHECK_INT(sn_broadphase(S, margin, &pairs, &np), SN_OK);   /* warm */
  clock_t t2 = clock();
  CHECK_INT(np, lattice_pairs(n0, n1, n2) + (long)n0 * n1);
  int sorted = 1;
  for (int k = 1; k < np; k++)
    sorted &= pairs[2 * k - 2] < pairs[2 * k] || (pairs[2 * k - 2] == pairs[2 * k] && pairs[2 * k - 1] < pairs[2 * k + 1]);
  CHECK(sorted);
  printf("lattice of %d spheres: %d pairs, broad phase %.3f s cold, %.3f s warm (cpu)\n", n0 * n1 * n2, np,
         (double)(t1 - t0) / CLOCKS_PER_SEC, (double)(t2 - t1) / CLOCKS_PER_SEC);
  /* spaced at 1.003 (gap 0.003 > 2 margin): no sphere pairs, the floor still touches */
  for (int i = 1; i < S->nb; i++)
    for (int a = 0; a < 3; a++) S->b[i].x[a] *= 1.003 / 1.001;
  CHECK_INT(sn_broadphase(S, margin, &pairs, &np), SN_OK);
  CHECK_INT(np, (long)n0 * n1);
  sn_scene_free(S);
}

/* no bodies; overlapping static bodies only (no pair: neither moves); then one dynamic body
 * overlapping both: exactly the pairs (0, 2) and (1, 2) */
static void small_cases(void) {
  sn_scene *S;
  CHECK_INT(sn_scene_create(&S), SN_OK);
  const int *pairs;
  int np = -1;
  CHECK_INT(sn_broadphase(S, 0.1, &pairs, &np), SN_OK);
  CHECK_INT(np, 0);
  sn_body_desc d;
  sn_body_desc_default(&d);
  d.shape.radius = 1;
  d.motion = SN_BODY_FIXED;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  d.x[0] = 1.5;
  d.motion = SN_BODY_KINEMATIC;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  CHECK_INT(sn_broadphase(S, 0.1, &pairs, &np), SN_OK);
  CHECK_INT(np, 0);
  d.x[0] = 0.7; d.x[1] = 1.9;   /* boxes [-0.3, 1.7] x [0.9, 2.9]: both others' boxes reach y = 1 */
  d.motion = SN_BODY_DYNAMIC;
  CHECK_INT(sn_scene_add_body(S, &d, NULL), SN_OK);
  CHECK_INT(sn_broadphase(S, 0, &pairs, &np), SN_OK);
  CHECK_INT(np, 2);
  if (np == 2) {
    CHECK(pairs[0] == 0 && pairs[1] == 2);
    CHECK(pairs[2] == 1 && pairs[3] == 2);
  }
  /* boxes 0.1 apart along y: separate with a margin 0.04 on each, overlapping with 0.06 */
  S->b[2].x[1] = 2.1;   /* lower box face y = 1.1: 0.1 above the others' y = 1 */
  CHECK_INT(sn_broadphase(S, 0.04, &pairs, &np), SN_OK);
  CHECK_INT(np, 0);
  CHECK_INT(sn_broadphase(S, 0.06, &pairs, &np), SN_OK);
  CHECK_INT(np, 2);
  sn_scene_free(S);
}

int main(void) {
  small_cases();
  random_scenes();
  lattice();
  return sn_check_report();
}
