/* Element library, single elements: type table and faces, shape functions and quadrature,
 * stiffness symmetry / rigid-body modes / rank, constant-strain stresses, stress
 * extrapolation, volumes, pressure and gravity loads, degenerate elements. */
#include "check.h"
#include "fem/element_internal.h"
#include "test_element_util.h"

static const double E0 = 210000, NU0 = 0.3;

static void test_table(void)
{
  CHECK(sn_element_desc(SN_EL_NONE) == NULL);
  CHECK(sn_element_desc(SN_EL_COUNT) == NULL);
  CHECK_INT(sn_element_type("c3d20r"), SN_EL_C3D20R);
  CHECK_INT(sn_element_type("C3D20"), SN_EL_C3D20);
  CHECK_INT(sn_element_type("SpringA"), SN_EL_SPRINGA);
  CHECK_INT(sn_element_type("C3D20RX"), SN_EL_NONE);
  CHECK_INT(sn_element_type("C3D2"), SN_EL_NONE);
  CHECK_INT(sn_element_type(NULL), SN_EL_NONE);
  for (int t = SN_EL_NONE + 1; t < SN_EL_COUNT; t++) {
    const sn_eldesc *d = sn_element_desc((sn_eltype)t);
    CHECK(d != NULL && d->type == (sn_eltype)t);
    CHECK_INT(sn_element_type(d->name), t);
    CHECK(d->nip <= SN_FE_MAXIP && d->nnodes <= SN_FE_MAXN);
  }
  static const struct { sn_eltype t; int nn, sdim, nip, nf; } want[] = {
    {SN_EL_T2D2, 2, 2, 1, 0},   {SN_EL_T3D2, 2, 3, 1, 0},    {SN_EL_CPE3, 3, 2, 1, 3},
    {SN_EL_CPE4, 4, 2, 4, 4},   {SN_EL_CPE6, 6, 2, 3, 3},    {SN_EL_CPE8, 8, 2, 9, 4},
    {SN_EL_CPE8R, 8, 2, 4, 4},  {SN_EL_CPS8R, 8, 2, 4, 4},   {SN_EL_CAX4, 4, 2, 4, 4},
    {SN_EL_CAX8, 8, 2, 9, 4},   {SN_EL_CAX8R, 8, 2, 4, 4},   {SN_EL_C3D4, 4, 3, 1, 4},
    {SN_EL_C3D8, 8, 3, 8, 6},   {SN_EL_C3D10, 10, 3, 4, 4},  {SN_EL_C3D20, 20, 3, 27, 6},
    {SN_EL_C3D20R, 20, 3, 8, 6}};
  for (size_t i = 0; i < sizeof want / sizeof want[0]; i++) {
    const sn_eldesc *d = sn_element_desc(want[i].t);
    CHECK_INT(d->nnodes, want[i].nn);
    CHECK_INT(d->sdim, want[i].sdim);
    CHECK_INT(d->nip, want[i].nip);
    CHECK_INT(d->nfaces, want[i].nf);
  }
  /* faces (CalculiX User's Manual, *DLOAD: hexahedra 1-2-3-4, 5-8-7-6, 1-5-6-2, 2-6-7-3,
   * 3-7-8-4, 4-8-5-1; tetrahedra 1-2-3, 1-4-2, 2-4-3, 3-4-1), 1-based here */
  static const int hex[6][8] = {{1, 2, 3, 4, 9, 10, 11, 12},   {5, 8, 7, 6, 16, 15, 14, 13},
                                {1, 5, 6, 2, 17, 13, 18, 9},   {2, 6, 7, 3, 18, 14, 19, 10},
                                {3, 7, 8, 4, 19, 15, 20, 11},  {4, 8, 5, 1, 20, 16, 17, 12}};
  static const int tet[4][6] = {{1, 2, 3, 5, 6, 7}, {1, 4, 2, 8, 9, 5}, {2, 4, 3, 9, 10, 6},
                                {3, 4, 1, 10, 8, 7}};
  int nodes[8];
  for (int f = 0; f < 6; f++) {
    CHECK_INT(sn_element_face_nodes(SN_EL_C3D20, f + 1, nodes), 8);
    for (int i = 0; i < 8; i++) CHECK_INT(nodes[i] + 1, hex[f][i]);
    CHECK_INT(sn_element_face_nodes(SN_EL_C3D8, f + 1, nodes), 4);
    for (int i = 0; i < 4; i++) CHECK_INT(nodes[i] + 1, hex[f][i]);
  }
  for (int f = 0; f < 4; f++) {
    CHECK_INT(sn_element_face_nodes(SN_EL_C3D10, f + 1, nodes), 6);
    for (int i = 0; i < 6; i++) CHECK_INT(nodes[i] + 1, tet[f][i]);
  }
  CHECK_INT(sn_element_face_nodes(SN_EL_CPE8, 4, nodes), 3);
  CHECK(nodes[0] == 3 && nodes[1] == 0 && nodes[2] == 7);
  CHECK_INT(sn_element_face_nodes(SN_EL_CPS6, 3, nodes), 3);
  CHECK(nodes[0] == 2 && nodes[1] == 0 && nodes[2] == 5);
  CHECK_INT(sn_element_face_nodes(SN_EL_CAX4, 2, nodes), 2);
  CHECK(nodes[0] == 1 && nodes[1] == 2);
  CHECK(sn_element_face_nodes(SN_EL_C3D8, 7, nodes) < 0);
  CHECK(sn_element_face_nodes(SN_EL_C3D8, 0, nodes) < 0);
  CHECK(sn_element_face_nodes(SN_EL_T3D2, 1, nodes) < 0);
  CHECK(sn_element_face_nodes(SN_EL_CPE3, 4, nodes) < 0);
}

static void test_shapes(void)
{
  const sn_fefam fams[] = {SN_FAM_LINE2, SN_FAM_LINE3, SN_FAM_TRI3, SN_FAM_TRI6, SN_FAM_QUAD4,
                           SN_FAM_QUAD8, SN_FAM_TET4, SN_FAM_TET10, SN_FAM_HEX8, SN_FAM_HEX20};
  unsigned s = 7;
  for (size_t f = 0; f < sizeof fams / sizeof fams[0]; f++) {
    sn_fefam fam = fams[f];
    int nn = sn_fe_fam_nodes(fam), dim = sn_fe_fam_dim(fam);
    double N[SN_FE_MAXN], dN[3 * SN_FE_MAXN];
    /* Kronecker delta at the nodes */
    for (int b = 0; b < nn; b++) {
      sn_fe_shape(fam, sn_fe_node_xi(fam, b), N, NULL);
      for (int a = 0; a < nn; a++) CHECK_CLOSE(N[a], a == b ? 1.0 : 0.0, 0, 1e-14);
    }
    /* partition of unity, linear completeness, derivatives by central differences */
    for (int trial = 0; trial < 5; trial++) {
      double xi[3];
      for (int k = 0; k < dim; k++) xi[k] = 0.25 * (1 + 0.9 * t_rand(&s));
      sn_fe_shape(fam, xi, N, dN);
      double sum = 0, lin[3] = {0};
      for (int a = 0; a < nn; a++) {
        sum += N[a];
        for (int k = 0; k < dim; k++) lin[k] += N[a] * sn_fe_node_xi(fam, a)[k];
      }
      CHECK_CLOSE(sum, 1.0, 0, 1e-14);
      for (int k = 0; k < dim; k++) CHECK_CLOSE(lin[k], xi[k], 0, 1e-14);
      for (int k = 0; k < dim; k++) {
        double xp[3], xm[3], Np[SN_FE_MAXN], Nm[SN_FE_MAXN], h = 1e-6;
        memcpy(xp, xi, sizeof xp), memcpy(xm, xi, sizeof xm);
        xp[k] += h, xm[k] -= h;
        sn_fe_shape(fam, xp, Np, NULL);
        sn_fe_shape(fam, xm, Nm, NULL);
        for (int a = 0; a < nn; a++) CHECK_CLOSE(dN[a * dim + k], (Np[a] - Nm[a]) / (2 * h), 0, 1e-8);
      }
    }
  }
  /* quadrature: weights and a monomial each rule must integrate exactly */
  static const struct { sn_ferule r; int n; double vol, mono; int deg; } rules[] = {
    {SN_RULE_LINE2, 2, 2, 2.0 / 3, 2}, {SN_RULE_LINE3, 3, 2, 2.0 / 5, 4},
    {SN_RULE_TRI3, 3, 0.5, 1.0 / 12, 2}, {SN_RULE_QUAD4, 4, 4, 4.0 / 9, 2},
    {SN_RULE_QUAD9, 9, 4, 4.0 / 25, 4}, {SN_RULE_TET4, 4, 1.0 / 6, 1.0 / 60, 2},
    {SN_RULE_HEX8, 8, 8, 8.0 / 27, 2}, {SN_RULE_HEX27, 27, 8, 8.0 / 125, 4}};
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
    CHECK_INT(sn_fe_rule_size(rules[i].r), rules[i].n);
    double sw = 0, sm = 0;
    for (int k = 0; k < rules[i].n; k++) {
      double xi[3] = {0, 0, 0}, w;
      sn_fe_rule_point(rules[i].r, k, xi, &w);
      sw += w;
      /* product of xi_k^deg over the dimensions for tensor rules, xi^2 for simplices */
      double m = 1;
      if (rules[i].r == SN_RULE_TRI3 || rules[i].r == SN_RULE_TET4) m = xi[0] * xi[0];
      else {
        int dim = rules[i].r == SN_RULE_LINE2 || rules[i].r == SN_RULE_LINE3 ? 1
                  : rules[i].r == SN_RULE_QUAD4 || rules[i].r == SN_RULE_QUAD9 ? 2 : 3;
        for (int d = 0; d < dim; d++) m *= pow(xi[d], rules[i].deg);
      }
      sm += w * m;
    }
    CHECK_CLOSE(sw, rules[i].vol, 1e-14, 0);
    CHECK_CLOSE(sm, rules[i].mono, 1e-13, 0);
  }
}

static int nrigid(const sn_eldesc *d)
{
  if (d->kind == SN_KIND_AXISYM) return 1;
  return d->sdim == 3 ? 6 : 3;
}

/* rigid-body displacement m of an element: translations, then rotations */
static void rigid_mode(const sn_eldesc *d, const double *X, int m, double *u)
{
  int nn = d->nnodes, sd = d->sdim;
  for (int a = 0; a < nn; a++) {
    const double *x = X + 3 * a;
    double *v = u + sd * a;
    for (int j = 0; j < sd; j++) v[j] = 0;
    if (d->kind == SN_KIND_AXISYM) v[1] = 1;   /* axial translation only */
    else if (m < sd) v[m] = 1;
    else if (sd == 2) v[0] = -x[1], v[1] = x[0];
    else {
      double w[3] = {0, 0, 0};
      w[m - 3] = 1;
      v[0] = w[1] * x[2] - w[2] * x[1];
      v[1] = w[2] * x[0] - w[0] * x[2];
      v[2] = w[0] * x[1] - w[1] * x[0];
    }
  }
}

/* expected rank of a single element's stiffness: ndof - rigid modes, less the known
 * spurious zero-energy modes of the reduced-integration quadratic elements (one for the
 * 8-node quadrilateral with 2x2 points, six for the 20-node brick with 2x2x2 points) and of
 * CalculiX' two-point C3D6 (one, measured here: 2 points x 6 strains could at best see the 12
 * deformation modes; a meshed patch has none, see test_element_patch) */
static int expected_rank(const sn_eldesc *d)
{
  int nd = d->nnodes * d->sdim;
  switch (d->type) {
  case SN_EL_CPE8R: case SN_EL_CPS8R: return nd - 3 - 1;
  case SN_EL_C3D20R: return nd - 6 - 6;
  case SN_EL_C3D6: return nd - 6 - 1;
  default: return nd - nrigid(d);
  }
}

/* displacement of a constant-strain field at x, and its exact stress */
static void linear_field(const sn_eldesc *d, const double *x, double *u)
{
  static const double G[3][3] = {{1e-3, 2e-4, -3e-4}, {-1e-4, -5e-4, 4e-4}, {2.5e-4, 1e-4, 7e-4}};
  static const double c[3] = {1e-3, -2e-3, 5e-4};
  if (d->kind == SN_KIND_AXISYM) {   /* u_r = a r, u_z = b z + c: constant strain */
    u[0] = G[0][0] * x[0];
    u[1] = G[1][1] * x[1] + c[1];
    return;
  }
  for (int i = 0; i < d->sdim; i++) {
    u[i] = c[i];
    for (int j = 0; j < d->sdim; j++) u[i] += G[i][j] * x[j];
  }
}

static void exact_stress(const sn_eldesc *d, double E, double nu, double *S)
{
  double u0[3] = {0, 0, 0}, D[6][6], eps[6] = {0}, g[3][3] = {{0}};
  /* gradient from the field by differences (it is linear: exact) */
  double x0[3] = {1, 1, 1};
  linear_field(d, x0, u0);
  for (int j = 0; j < 3; j++) {
    double x1[3] = {1, 1, 1}, u1[3] = {0, 0, 0};
    x1[j] += 1;
    linear_field(d, x1, u1);
    for (int i = 0; i < d->sdim; i++) g[i][j] = u1[i] - u0[i];
  }
  int ns = t_dmat(d->kind, E, nu, D);
  if (d->sdim == 3) {
    eps[0] = g[0][0], eps[1] = g[1][1], eps[2] = g[2][2];
    eps[3] = g[0][1] + g[1][0], eps[4] = g[0][2] + g[2][0], eps[5] = g[1][2] + g[2][1];
  } else {
    eps[0] = g[0][0], eps[1] = g[1][1], eps[3] = g[0][1] + g[1][0];
    if (d->kind == SN_KIND_AXISYM) eps[2] = g[0][0];   /* hoop u_r / r = a */
  }
  for (int i = 0; i < 6; i++) S[i] = 0;
  for (int i = 0; i < ns; i++)
    for (int j = 0; j < ns; j++) S[i] += D[i][j] * eps[j];
}

static void test_single_elements(void)
{
  sn_elprops p = {E0, NU0, 7.8e-9, 0.5, 0, 0};
  for (int it = 0; it < T_NCONT; it++) {
    sn_eltype t = t_continuum[it];
    const sn_eldesc *d = sn_element_desc(t);
    int nn = d->nnodes, sd = d->sdim, nd = nn * sd;
    double X[3 * SN_FE_MAXN], *K = malloc((size_t)nd * nd * sizeof(double));
    double quad = nn > 4 && !(sd == 3 && nn == 8) ? 0.04 : 0;   /* curved edges, quadratic */
    t_element(t, 0.1, quad, 11u + (unsigned)it, X);
    int st = sn_element_stiffness(t, X, &p, K);
    CHECK_INT(st, SN_OK);
    if (st != SN_OK) {
      fprintf(stderr, "  type %s\n", d->name);
      free(K);
      continue;
    }
    double kmax = 0;
    for (int i = 0; i < nd * nd; i++) kmax = fmax(kmax, fabs(K[i]));
    /* (c) symmetry */
    double asym = 0;
    for (int i = 0; i < nd; i++)
      for (int j = 0; j < nd; j++) asym = fmax(asym, fabs(K[i + nd * j] - K[j + nd * i]));
    CHECK(asym <= 1e-13 * kmax);
    /* (b) rigid-body modes and rank */
    for (int m = 0; m < nrigid(d); m++) {
      double u[3 * SN_FE_MAXN], umax = 0, rmax = 0;
      rigid_mode(d, X, m, u);
      for (int i = 0; i < nd; i++) umax = fmax(umax, fabs(u[i]));
      for (int i = 0; i < nd; i++) {
        double r = 0;
        for (int j = 0; j < nd; j++) r += K[i + nd * j] * u[j];
        rmax = fmax(rmax, fabs(r));
      }
      CHECK(rmax <= 1e-12 * kmax * umax * nd);
      if (rmax > 1e-12 * kmax * umax * nd) fprintf(stderr, "  %s rigid mode %d: %g\n", d->name, m, rmax / (kmax * umax));
    }
    int rank = t_rank(nd, K, 1e-10);
    CHECK_INT(rank, expected_rank(d));
    if (rank != expected_rank(d)) fprintf(stderr, "  type %s\n", d->name);
    /* constant strain: exact stresses at the integration points and the nodes */
    double u[3 * SN_FE_MAXN], Sip[6 * SN_FE_MAXIP], Sn[6 * SN_FE_MAXN], Sx[6], smax = 0;
    for (int a = 0; a < nn; a++) linear_field(d, X + 3 * a, u + sd * a);
    exact_stress(d, E0, NU0, Sx);
    for (int i = 0; i < 6; i++) smax = fmax(smax, fabs(Sx[i]));
    CHECK_INT(sn_element_stress(t, X, &p, u, Sip, Sn), SN_OK);
    double err = 0;
    for (int k = 0; k < d->nip; k++)
      for (int i = 0; i < 6; i++) err = fmax(err, fabs(Sip[6 * k + i] - Sx[i]));
    for (int a = 0; a < nn; a++)
      for (int i = 0; i < 6; i++) err = fmax(err, fabs(Sn[6 * a + i] - Sx[i]));
    CHECK(err <= 1e-10 * smax);
    if (err > 1e-10 * smax) fprintf(stderr, "  %s constant stress error %g of %g\n", d->name, err, smax);
    /* (d) gravity sums to rho g V */
    double V, g[3] = {1.5, -9.81, 2.0}, fe[3 * SN_FE_MAXN] = {0}, sum[3] = {0};
    CHECK_INT(sn_element_volume(t, X, &p, &V), SN_OK);
    CHECK(V > 0);
    CHECK_INT(sn_element_gravity_load(t, X, &p, g, fe), SN_OK);
    for (int a = 0; a < nn; a++)
      for (int j = 0; j < sd; j++) sum[j] += fe[sd * a + j];
    for (int j = 0; j < sd; j++) CHECK_CLOSE(sum[j], p.density * g[j] * V, 1e-12, 0);
    /* pressure on every face of the closed element: the resultant vanishes (plane, 3D); per
     * radian on an axisymmetric section it is -p * (section area) radially */
    double pr = 3.5, fp[3 * SN_FE_MAXN] = {0}, res[3] = {0};
    for (int f = 1; f <= d->nfaces; f++) CHECK_INT(sn_element_pressure_load(t, X, &p, f, pr, fp), SN_OK);
    for (int a = 0; a < nn; a++)
      for (int j = 0; j < sd; j++) res[j] += fp[sd * a + j];
    if (d->kind == SN_KIND_AXISYM) {
      sn_eltype plane = nn == 4 ? SN_EL_CPS4 : SN_EL_CPS8;
      double area;
      CHECK_INT(sn_element_volume(plane, X, NULL, &area), SN_OK);
      CHECK_CLOSE(res[0], -pr * area, 1e-12, 0);
      CHECK_CLOSE(res[1], 0, 0, 1e-12 * pr * area);
    } else {
      for (int j = 0; j < sd; j++) CHECK_CLOSE(res[j], 0, 0, 1e-12 * pr * pow(V, (sd - 1.0) / sd));
    }
    free(K);
  }
}

/* volumes of elements whose volume is known exactly */
static void test_volumes(void)
{
  double X[3 * 20], V;
  /* affine elements: det A times the natural volume (8, 4, 1/6, 1/2), times thickness */
  const double A[3][3] = {{0.9, 0.2, 0.1}, {-0.15, 1.1, 0.05}, {0.1, -0.1, 0.8}};
  double det3 = A[0][0] * (A[1][1] * A[2][2] - A[1][2] * A[2][1]) -
                A[0][1] * (A[1][0] * A[2][2] - A[1][2] * A[2][0]) +
                A[0][2] * (A[1][0] * A[2][1] - A[1][1] * A[2][0]);
  double det2 = A[0][0] * A[1][1] - A[0][1] * A[1][0];
  sn_elprops p = {E0, NU0, 0, 0.25, 0, 0};
  for (int it = 0; it < T_NCONT; it++) {
    sn_eltype t = t_continuum[it];
    const sn_eldesc *d = sn_element_desc(t);
    if (d->kind == SN_KIND_AXISYM) continue;
    t_element(t, 0, 0, 1, X);
    CHECK_INT(sn_element_volume(t, X, &p, &V), SN_OK);
    int wedge = d->sdim == 3 && (d->nnodes == 6 || d->nnodes == 15);   /* triangle x [-1, 1] */
    int simplex = (d->sdim == 2 && (d->nnodes == 3 || d->nnodes == 6)) || d->nnodes == 4 * (d->sdim == 3) ||
                  d->nnodes == 10;
    double want = d->sdim == 3 ? det3 * (simplex ? 1.0 / 6 : wedge ? 1 : 8) : 0.25 * det2 * (simplex ? 0.5 : 4);
    CHECK_CLOSE(V, want, 1e-13, 0);
  }
  /* trapezoid (0,0) (2,0) (1.5,1) (0.5,1): area 1.5, thickness 1 by default */
  const double trap[4][2] = {{0, 0}, {2, 0}, {1.5, 1}, {0.5, 1}};
  memset(X, 0, sizeof X);
  for (int a = 0; a < 4; a++) X[3 * a] = trap[a][0], X[3 * a + 1] = trap[a][1];
  for (int m = 0; m < 4; m++)
    for (int j = 0; j < 2; j++)
      X[3 * (4 + m) + j] = 0.5 * (X[3 * t_quad_mid[m][0] + j] + X[3 * t_quad_mid[m][1] + j]);
  CHECK_INT(sn_element_volume(SN_EL_CPE4, X, NULL, &V), SN_OK);
  CHECK_CLOSE(V, 1.5, 1e-14, 0);
  CHECK_INT(sn_element_volume(SN_EL_CPS8R, X, NULL, &V), SN_OK);
  CHECK_CLOSE(V, 1.5, 1e-14, 0);
  /* axisymmetric ring of that section, per radian: int r dA = 1.5 * r_centroid */
  double rc = (0 * 0 + 0) , Ar = 0;   /* centroid by triangles (0,1,2), (0,2,3) */
  {
    const int tri[2][3] = {{0, 1, 2}, {0, 2, 3}};
    for (int k = 0; k < 2; k++) {
      const double *a = trap[tri[k][0]], *b = trap[tri[k][1]], *c = trap[tri[k][2]];
      double ar = 0.5 * ((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]));
      Ar += ar;
      rc += ar * (a[0] + b[0] + c[0]) / 3;
    }
  }
  for (int a = 0; a < 8; a++) X[3 * a] += 1;   /* r from 1 to 3 */
  CHECK_INT(sn_element_volume(SN_EL_CAX4, X, NULL, &V), SN_OK);
  CHECK_CLOSE(V, rc + Ar, 1e-14, 0);
  CHECK_INT(sn_element_volume(SN_EL_CAX8, X, NULL, &V), SN_OK);
  CHECK_CLOSE(V, rc + Ar, 1e-14, 0);
  /* a rectangle r in [1, 3], z in [0, 2]: (r2^2 - r1^2) / 2 * h = 8 */
  const double rect[4][2] = {{1, 0}, {3, 0}, {3, 2}, {1, 2}};
  for (int a = 0; a < 4; a++) X[3 * a] = rect[a][0], X[3 * a + 1] = rect[a][1];
  for (int m = 0; m < 4; m++)
    for (int j = 0; j < 2; j++)
      X[3 * (4 + m) + j] = 0.5 * (X[3 * t_quad_mid[m][0] + j] + X[3 * t_quad_mid[m][1] + j]);
  CHECK_INT(sn_element_volume(SN_EL_CAX8R, X, NULL, &V), SN_OK);
  CHECK_CLOSE(V, 8, 1e-14, 0);
  /* frustum of a square pyramid: base 2 x 2 at z = 0, top 1 x 1 at z = 1: V = 7/3 */
  memset(X, 0, sizeof X);
  for (int a = 0; a < 8; a++) {
    double h = a < 4 ? 1.0 : 0.5;
    X[3 * a] = h * t_hex_xi[a][0];
    X[3 * a + 1] = h * t_hex_xi[a][1];
    X[3 * a + 2] = a < 4 ? 0 : 1;
  }
  for (int m = 0; m < 12; m++)
    for (int j = 0; j < 3; j++)
      X[3 * (8 + m) + j] = 0.5 * (X[3 * t_hex_mid[m][0] + j] + X[3 * t_hex_mid[m][1] + j]);
  CHECK_INT(sn_element_volume(SN_EL_C3D8, X, NULL, &V), SN_OK);
  CHECK_CLOSE(V, 7.0 / 3, 1e-14, 0);
  CHECK_INT(sn_element_volume(SN_EL_C3D20R, X, NULL, &V), SN_OK);
  CHECK_CLOSE(V, 7.0 / 3, 1e-14, 0);
}

/* unit reference elements: x = xi for simplices, x = (1 + xi) / 2 for the others */
static void unit_element(sn_eltype t, double *X)
{
  const double (*xi)[3];
  const int (*mid)[2];
  int nc, nn = t_nat(t, &xi, &mid, &nc), sd = sn_element_desc(t)->sdim;
  int simplex = xi == t_tri_xi || xi == t_tet_xi;
  for (int a = 0; a < nn; a++)
    for (int j = 0; j < 3; j++) X[3 * a + j] = j >= sd ? 0 : simplex ? xi[a][j] : 0.5 * (1 + xi[a][j]);
}

static void test_pressure(void)
{
  double X[60];
  /* every face of the unit elements: resultant p * area along the inward normal */
  for (int it = 0; it < T_NCONT; it++) {
    sn_eltype t = t_continuum[it];
    const sn_eldesc *d = sn_element_desc(t);
    int sd = d->sdim, nn = d->nnodes;
    unit_element(t, X);
    if (d->kind == SN_KIND_AXISYM)
      for (int a = 0; a < nn; a++) X[3 * a] += 1;   /* r in [1, 2] */
    double cen[3] = {0, 0, 0};
    for (int a = 0; a < nn; a++)
      for (int j = 0; j < 3; j++) cen[j] += X[3 * a + j] / nn;
    sn_elprops p = {E0, NU0, 0, 2.0, 0, 0};
    for (int f = 1; f <= d->nfaces; f++) {
      int nodes[8], fn = sn_element_face_nodes(t, f, nodes), ncf = 0;
      double fe[60] = {0}, res[3] = {0}, n[3] = {0}, fc[3] = {0}, area;
      CHECK_INT(sn_element_pressure_load(t, X, &p, f, 2.0, fe), SN_OK);
      for (int a = 0; a < nn; a++)
        for (int j = 0; j < sd; j++) res[j] += fe[sd * a + j];
      /* corner nodes of the face (first sd or 3 / 4) and the geometric normal */
      ncf = sd == 2 ? 2 : (fn == 3 || fn == 6 ? 3 : 4);
      const double *P0 = X + 3 * nodes[0], *P1 = X + 3 * nodes[1], *P2 = X + 3 * nodes[ncf - 1];
      for (int i = 0; i < ncf; i++)
        for (int j = 0; j < 3; j++) fc[j] += X[3 * nodes[i] + j] / ncf;
      if (sd == 2) {
        double tx = P1[0] - P0[0], ty = P1[1] - P0[1], L = hypot(tx, ty);
        n[0] = -ty / L, n[1] = tx / L;
        area = L * (d->kind == SN_KIND_AXISYM ? 0.5 * (P0[0] + P1[0]) : 2.0);
      } else {
        /* vector area 1/2 (P2 - P0) x (P3 - P1) (quadrilateral), 1/2 (P1 - P0) x (P2 - P0) */
        double e1[3], e2[3];
        for (int j = 0; j < 3; j++) {
          e1[j] = ncf == 3 ? P1[j] - P0[j] : X[3 * nodes[2] + j] - P0[j];
          e2[j] = ncf == 3 ? P2[j] - P0[j] : X[3 * nodes[3] + j] - P1[j];
        }
        n[0] = e1[1] * e2[2] - e1[2] * e2[1];
        n[1] = e1[2] * e2[0] - e1[0] * e2[2];
        n[2] = e1[0] * e2[1] - e1[1] * e2[0];
        double l = sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
        area = 0.5 * l;
        for (int j = 0; j < 3; j++) n[j] /= l;
      }
      /* orient n towards the element's centroid */
      double dot = 0;
      for (int j = 0; j < sd; j++) dot += n[j] * (cen[j] - fc[j]);
      if (dot < 0)
        for (int j = 0; j < 3; j++) n[j] = -n[j];
      int ok = 1;
      for (int j = 0; j < sd; j++) ok &= fabs(res[j] - 2.0 * area * n[j]) <= 1e-13 * area;
      CHECK(ok);
      if (!ok) fprintf(stderr, "  %s face %d: resultant (%g %g %g), want %g * (%g %g %g)\n", d->name, f, res[0], res[1], res[2], 2.0 * area, n[0], n[1], n[2]);
    }
  }
  /* known distributions (unit faces, p = 1): C3D8 1/4 each; C3D20 corners -1/12, midsides
   * 1/3; C3D10 corners 0, midsides 1/3 of p A (A = 1/2); 3-node edge 1/6, 2/3, 1/6 */
  double fe[60];
  int nodes[8];
  unit_element(SN_EL_C3D8, X);
  memset(fe, 0, sizeof fe);
  CHECK_INT(sn_element_pressure_load(SN_EL_C3D8, X, NULL, 1, 1.0, fe), SN_OK);
  for (int i = 0; i < 4; i++) CHECK_CLOSE(fe[3 * i + 2], 0.25, 1e-14, 0);
  unit_element(SN_EL_C3D20, X);
  memset(fe, 0, sizeof fe);
  CHECK_INT(sn_element_pressure_load(SN_EL_C3D20, X, NULL, 2, 1.0, fe), SN_OK);
  sn_element_face_nodes(SN_EL_C3D20, 2, nodes);
  for (int i = 0; i < 8; i++) CHECK_CLOSE(fe[3 * nodes[i] + 2], i < 4 ? 1.0 / 12 : -1.0 / 3, 1e-14, 0);
  unit_element(SN_EL_C3D10, X);
  memset(fe, 0, sizeof fe);
  CHECK_INT(sn_element_pressure_load(SN_EL_C3D10, X, NULL, 1, 1.0, fe), SN_OK);
  sn_element_face_nodes(SN_EL_C3D10, 1, nodes);
  for (int i = 0; i < 6; i++) CHECK_CLOSE(fe[3 * nodes[i] + 2], i < 3 ? 0 : 1.0 / 6, 1e-14, 1e-15);
  unit_element(SN_EL_CPE8, X);
  memset(fe, 0, sizeof fe);
  sn_elprops p = {E0, NU0, 0, 3.0, 0, 0};
  CHECK_INT(sn_element_pressure_load(SN_EL_CPE8, X, &p, 3, 1.0, fe), SN_OK);   /* top, y = 1 */
  sn_element_face_nodes(SN_EL_CPE8, 3, nodes);
  CHECK_CLOSE(fe[2 * nodes[0] + 1], -3.0 / 6, 1e-14, 0);
  CHECK_CLOSE(fe[2 * nodes[1] + 1], -3.0 / 6, 1e-14, 0);
  CHECK_CLOSE(fe[2 * nodes[2] + 1], -3.0 * 2 / 3, 1e-14, 0);
  /* axisymmetric bottom edge r1 = 1 .. r2 = 3 (z = 0): forces p (2 r1 + r2) L / 6 and
   * p (r1 + 2 r2) L / 6 upward (per radian) */
  const double rect[4][2] = {{1, 0}, {3, 0}, {3, 2}, {1, 2}};
  memset(X, 0, sizeof X);
  for (int a = 0; a < 4; a++) X[3 * a] = rect[a][0], X[3 * a + 1] = rect[a][1];
  memset(fe, 0, sizeof fe);
  CHECK_INT(sn_element_pressure_load(SN_EL_CAX4, X, NULL, 1, 1.0, fe), SN_OK);
  CHECK_CLOSE(fe[1], 5.0 * 2 / 6, 1e-14, 0);
  CHECK_CLOSE(fe[3], 7.0 * 2 / 6, 1e-14, 0);
  CHECK_CLOSE(fe[0], 0, 0, 1e-15);
  /* faces out of range, elements without faces */
  CHECK_INT(sn_element_pressure_load(SN_EL_CAX4, X, NULL, 5, 1.0, fe), SN_ERR_ARG);
  CHECK_INT(sn_element_pressure_load(SN_EL_CAX4, X, NULL, 0, 1.0, fe), SN_ERR_ARG);
  CHECK_INT(sn_element_pressure_load(SN_EL_T3D2, X, NULL, 1, 1.0, fe), SN_ERR_ARG);
}

/* stress extrapolation: a linear stress field (affine quadratic elements) or a bilinear one
 * (linear quadrilaterals / hexahedra) is reproduced at every node */
static void test_extrapolation(void)
{
  const sn_eltype types[] = {SN_EL_CPE4, SN_EL_CPS4, SN_EL_CPE8, SN_EL_CPE8R, SN_EL_CPS6,
                             SN_EL_C3D8, SN_EL_C3D20, SN_EL_C3D20R, SN_EL_C3D10};
  sn_elprops p = {1000, 0.25, 0, 0, 0, 0};
  for (size_t it = 0; it < sizeof types / sizeof types[0]; it++) {
    sn_eltype t = types[it];
    const sn_eldesc *d = sn_element_desc(t);
    int nn = d->nnodes, sd = d->sdim, linear = nn == 4 || nn == 8;
    double X[60], u[60], Sn[120], Sip[6 * 27], Xip[3 * 27], D[6][6];
    t_element(t, 0, 0, 3, X);
    if (linear)   /* axis-aligned box: x y (z) is then in the span of the shape functions */
      for (int a = 0; a < nn; a++)
        for (int j = 0; j < sd; j++)
          X[3 * a + j] = 0.4 + 0.3 * j + (1.0 + 0.4 * j) * (sd == 3 ? t_hex_xi : t_quad_xi)[a][j];
    int ns = t_dmat(d->kind, p.E, p.nu, D);
    /* field: linear elements u_x = x y (z), quadratic elements u = quadratic polynomial */
    for (int a = 0; a < nn; a++) {
      const double *x = X + 3 * a;
      if (linear) {
        u[sd * a] = sd == 3 ? x[0] * x[1] * x[2] : x[0] * x[1];
        for (int j = 1; j < sd; j++) u[sd * a + j] = 0;
      } else {
        u[sd * a] = x[0] * x[0] + 0.5 * x[1] * x[0];
        u[sd * a + 1] = -0.3 * x[1] * x[1] + 0.2 * x[0] * x[0];
        if (sd == 3) {
          u[sd * a] += 0.4 * x[2] * x[2];
          u[sd * a + 2] = x[2] * x[0] - 0.1 * x[2] * x[2];
        }
      }
    }
    CHECK_INT(sn_element_stress(t, X, &p, u, Sip, Sn), SN_OK);
    CHECK_INT(sn_element_ip_coords(t, X, Xip), SN_OK);
    double err = 0, smax = 0;
    for (int pass = 0; pass < 2; pass++) {
      int n = pass ? d->nip : nn;
      for (int a = 0; a < n; a++) {
        const double *x = pass ? Xip + 3 * a : X + 3 * a;
        double eps[6] = {0}, S[6] = {0};
        if (linear) {
          if (sd == 3) eps[0] = x[1] * x[2], eps[3] = x[0] * x[2], eps[4] = x[0] * x[1];
          else eps[0] = x[1], eps[3] = x[0];
        } else {
          eps[0] = 2 * x[0] + 0.5 * x[1] + 0;
          eps[1] = -0.6 * x[1];
          eps[3] = 0.5 * x[0] + 0.4 * x[0];
          if (sd == 3) {
            eps[2] = x[0] - 0.2 * x[2];
            eps[4] = 0.8 * x[2] + x[2];
          }
        }
        for (int i = 0; i < ns; i++)
          for (int j = 0; j < ns; j++) S[i] += D[i][j] * eps[j];
        const double *got = pass ? Sip + 6 * a : Sn + 6 * a;
        for (int i = 0; i < 6; i++) {
          err = fmax(err, fabs(got[i] - S[i]));
          smax = fmax(smax, fabs(S[i]));
        }
      }
    }
    CHECK(err <= 1e-10 * smax);
    if (err > 1e-10 * smax) fprintf(stderr, "  %s extrapolation error %g of %g\n", d->name, err, smax);
  }
  /* C3D20 and CPE8 (3x3x3, 3x3 points): the nodal values are the least-squares fit of the shape
   * functions (CalculiX' extrapolation; ccx 2.20's .frd of a one-element C3D20 deck agrees to
   * the 4 digits printed), which reproduces a QUADRATIC stress field at every node, where a
   * trilinear fit does not: u_x = x^2 y (in both elements' spaces) on a box gives
   * e_xx = 2 x y, gamma_xy = x^2 */
  for (int it = 0; it < 2; it++) {
    sn_eltype t = it ? SN_EL_CPE8 : SN_EL_C3D20;
    const sn_eldesc *d = sn_element_desc(t);
    int nn = d->nnodes, sd = d->sdim;
    double X[60], u[60], Sn[120], Sip[6 * 27], D[6][6];
    memset(X, 0, sizeof X);
    for (int a = 0; a < nn; a++)   /* the parent element's node positions, scaled: a box */
      for (int j = 0; j < sd; j++) X[3 * a + j] = 0.5 + 0.3 * j + 0.75 * (sd == 3 ? t_hex_xi : t_quad_xi)[a][j];
    for (int a = 0; a < nn; a++) {
      for (int j = 0; j < sd; j++) u[sd * a + j] = 0;
      u[sd * a] = X[3 * a] * X[3 * a] * X[3 * a + 1];
    }
    t_dmat(d->kind, p.E, p.nu, D);
    CHECK_INT(sn_element_stress(t, X, &p, u, Sip, Sn), SN_OK);
    double err = 0, smax = 0;
    for (int a = 0; a < nn; a++) {
      double x = X[3 * a], y = X[3 * a + 1];
      for (int i = 0; i < 4; i++) {
        double want = D[i][0] * 2 * x * y + D[i][3] * x * x;
        err = fmax(err, fabs(Sn[6 * a + i] - want));
        smax = fmax(smax, fabs(want));
      }
    }
    CHECK(err <= 1e-10 * smax);
    if (err > 1e-10 * smax) fprintf(stderr, "  %s quadratic extrapolation error %g of %g\n", d->name, err, smax);
  }
  /* integration-point order: C3D8 on the unit cube, xi fastest; C3D10 point k nearest corner k */
  double X[60], Xip[81], g = 0.5 - 0.5 / sqrt(3.0);
  unit_element(SN_EL_C3D8, X);
  CHECK_INT(sn_element_ip_coords(SN_EL_C3D8, X, Xip), SN_OK);
  CHECK_CLOSE(Xip[0], g, 1e-14, 0);
  CHECK_CLOSE(Xip[3], 1 - g, 1e-14, 0);
  CHECK_CLOSE(Xip[3 * 2 + 1], 1 - g, 1e-14, 0);
  CHECK_CLOSE(Xip[3 * 4 + 2], 1 - g, 1e-14, 0);
  CHECK_CLOSE(Xip[3 * 4 + 0], g, 1e-14, 0);
  unit_element(SN_EL_C3D10, X);
  CHECK_INT(sn_element_ip_coords(SN_EL_C3D10, X, Xip), SN_OK);
  for (int k = 0; k < 4; k++) {
    int best = -1;
    double dbest = 1e9;
    for (int a = 0; a < 4; a++) {
      double dd = 0;
      for (int j = 0; j < 3; j++) dd += pow(Xip[3 * k + j] - X[3 * a + j], 2);
      if (dd < dbest) dbest = dd, best = a;
    }
    CHECK_INT(best, k);
  }
  unit_element(SN_EL_CPE8, X);
  CHECK_INT(sn_element_ip_coords(SN_EL_CPE8, X, Xip), SN_OK);
  CHECK(Xip[0] < 0.2 && Xip[1] < 0.2 && Xip[3 * 1] > 0.4 && Xip[3 * 1] < 0.6 && Xip[3 * 3 + 1] > 0.4);
}

static void test_degenerate(void)
{
  sn_elprops p = {E0, NU0, 1, 0, 0, 0};
  double K[60 * 60], S[6 * 27], u[60] = {0}, V;
  for (int it = 0; it < T_NCONT; it++) {
    sn_eltype t = t_continuum[it];
    const sn_eldesc *d = sn_element_desc(t);
    double X[60];
    /* inverted: mirror image */
    t_element(t, 0.05, 0, 5, X);
    for (int a = 0; a < d->nnodes; a++) X[3 * a + 1] = -X[3 * a + 1];
    CHECK_INT(sn_element_stiffness(t, X, &p, K), SN_ERR_FORMAT);
    CHECK_INT(sn_element_stress(t, X, &p, u, S, NULL), SN_ERR_FORMAT);
    CHECK_INT(sn_element_volume(t, X, &p, &V), SN_ERR_FORMAT);
    double gv[3] = {0, -9.81, 0}, fe[60] = {0};
    CHECK_INT(sn_element_gravity_load(t, X, &p, gv, fe), SN_ERR_FORMAT);
    /* flat: all nodes on a line (2D) or a plane (3D) */
    t_element(t, 0.05, 0, 5, X);
    for (int a = 0; a < d->nnodes; a++) X[3 * a + d->sdim - 1] = 0.7;
    CHECK_INT(sn_element_stiffness(t, X, &p, K), SN_ERR_FORMAT);
    /* two corners merged: a simplex loses its volume (a collapsed quadrilateral or brick
     * keeps a positive det J at its integration points and is accepted, as in Abaqus) */
    int simplex = (d->sdim == 2 && (d->nnodes == 3 || d->nnodes == 6)) || d->nnodes == 10 ||
                  (d->sdim == 3 && d->nnodes == 4);   /* (a wedge with an edge collapsed keeps volume) */
    t_element(t, 0, 0, 5, X);
    const double (*xi)[3];
    const int (*mid)[2];
    int nc, nn = t_nat(t, &xi, &mid, &nc);
    for (int j = 0; j < 3; j++) X[3 * 1 + j] = X[j];
    for (int m = 0; m < nn - nc; m++)   /* straight edges again */
      for (int j = 0; j < 3; j++) X[3 * (nc + m) + j] = 0.5 * (X[3 * mid[m][0] + j] + X[3 * mid[m][1] + j]);
    if (simplex) CHECK_INT(sn_element_stiffness(t, X, &p, K), SN_ERR_FORMAT);
    /* ... and face S1 (from node 1 to node 2, or 1-2-3) has no area */
    if (simplex || d->sdim == 2) CHECK_INT(sn_element_pressure_load(t, X, &p, 1, 1.0, fe), SN_ERR_FORMAT);
    /* NaN coordinate */
    t_element(t, 0, 0, 5, X);
    X[4] = NAN;
    CHECK_INT(sn_element_stiffness(t, X, &p, K), SN_ERR_NAN);
  }
  /* axisymmetric element across the axis */
  double X[60];
  t_element(SN_EL_CAX4, 0, 0, 5, X);
  for (int a = 0; a < 4; a++) X[3 * a] -= 1.8;
  CHECK_INT(sn_element_stiffness(SN_EL_CAX4, X, &p, K), SN_ERR_FORMAT);
  /* bad material and arguments */
  t_element(SN_EL_C3D8, 0, 0, 5, X);
  sn_elprops bad = {E0, 0.5, 0, 0, 0, 0};
  CHECK_INT(sn_element_stiffness(SN_EL_C3D8, X, &bad, K), SN_ERR_ARG);
  bad.nu = 0.3, bad.E = 0;
  CHECK_INT(sn_element_stiffness(SN_EL_C3D8, X, &bad, K), SN_ERR_ARG);
  bad.E = 1, bad.thickness = -1;
  CHECK_INT(sn_element_stiffness(SN_EL_CPS4, X, &bad, K), SN_ERR_ARG);
  CHECK_INT(sn_element_stiffness(SN_EL_NONE, X, &p, K), SN_ERR_ARG);
  CHECK_INT(sn_element_stiffness(SN_EL_C3D8, NULL, &p, K), SN_ERR_ARG);
  CHECK_INT(sn_element_stiffness(SN_EL_C3D8, X, NULL, K), SN_ERR_ARG);
}

/* sn_element_stiffness against the dense triple product sum_ip B^T (D B) dv, B with all its
 * zeros (the pattern of the element's own B: 4 rows 11, 22, 33, 12 in 2D, 6 in 3D), the sums in
 * the same order: the same bits (the element skips B's structural zeros, whose products are
 * exact zeros), on distorted and curved elements of every continuum type but C3D8I */
static void test_stiffness_bits(void)
{
  for (int it = 0; it < T_NCONT; it++) {
    sn_eltype t = t_continuum[it];
    const sn_elinfo *e = sn_element_info(t);
    if (e->incompatible) continue;
    const sn_eldesc *d = &e->d;
    int nn = d->nnodes, sd = d->sdim, nd = nn * sd;
    double X[3 * 20], D[6][6], Ke[60 * 60], Kr[60 * 60], B[6 * 60], DB[6 * 60];
    sn_elprops p = {E0, NU0, 0, 0.25, 0, 0};
    t_element(t, 0.05, 0.02, 7u + (unsigned)it, X);
    CHECK_INT(sn_element_stiffness(t, X, &p, Ke), SN_OK);
    int ns = sn_fe_dmatrix(d->kind, &p, D);
    memset(Kr, 0, sizeof(double) * (size_t)nd * nd);
    for (int k = 0; k < d->nip; k++) {
      double xi[3], w, N[20], dNdx[60], detJ, x[3];
      sn_fe_rule_point(e->rule, k, xi, &w);
      CHECK_INT(sn_fe_geometry(e->fam, sd, X, xi, N, dNdx, &detJ, x), SN_OK);
      double dv = w * detJ;
      if (d->kind == SN_KIND_PLANE_STRAIN || d->kind == SN_KIND_PLANE_STRESS) dv *= 0.25;
      if (d->kind == SN_KIND_AXISYM) dv *= x[0];
      memset(B, 0, sizeof B);
      for (int a = 0; a < nn; a++) {
        const double *g = dNdx + sd * a;
        int c = sd * a;
        if (sd == 3) {
          B[0 * nd + c] = g[0], B[1 * nd + c + 1] = g[1], B[2 * nd + c + 2] = g[2];
          B[3 * nd + c] = g[1], B[3 * nd + c + 1] = g[0];
          B[4 * nd + c] = g[2], B[4 * nd + c + 2] = g[0];
          B[5 * nd + c + 1] = g[2], B[5 * nd + c + 2] = g[1];
        } else {
          B[0 * nd + c] = g[0], B[1 * nd + c + 1] = g[1];
          if (d->kind == SN_KIND_AXISYM) B[2 * nd + c] = N[a] / x[0];
          B[3 * nd + c] = g[1], B[3 * nd + c + 1] = g[0];
        }
      }
      for (int i = 0; i < ns; i++)
        for (int c = 0; c < nd; c++) {
          double s = 0;
          for (int j = 0; j < ns; j++) s += D[i][j] * B[j * nd + c];
          DB[i * nd + c] = s * dv;
        }
      for (int c2 = 0; c2 < nd; c2++)
        for (int c1 = c2; c1 < nd; c1++) {
          double s = 0;
          for (int i = 0; i < ns; i++) s += B[i * nd + c1] * DB[i * nd + c2];
          Kr[c1 + (size_t)nd * c2] += s;
        }
    }
    for (int c2 = 0; c2 < nd; c2++)
      for (int c1 = c2 + 1; c1 < nd; c1++) Kr[c2 + (size_t)nd * c1] = Kr[c1 + (size_t)nd * c2];
    int same = memcmp(Ke, Kr, sizeof(double) * (size_t)nd * nd) == 0;
    if (!same) fprintf(stderr, "%s: the stiffness differs from the dense product\n", d->name);
    CHECK(same);
  }
}

int main(void)
{
  test_table();
  test_stiffness_bits();
  test_shapes();
  test_single_elements();
  test_volumes();
  test_pressure();
  test_extrapolation();
  test_degenerate();
  return sn_check_report();
}
