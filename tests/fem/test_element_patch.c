/* Patch tests (Zienkiewicz-Taylor vol. 1 ch. 10, "the patch test"; Irons): for every
 * continuum type, a patch of distorted elements on the unit square / cube (interior corner
 * nodes moved at random, straight edges, midside nodes at the middle of their edge) is
 * assembled densely, a linear displacement field is imposed on the boundary nodes and the
 * interior ones are solved for: the interior displacements must be the field's and every
 * stress (integration points and extrapolated nodal values) the exact constant stress, to
 * 1e-10 relative. Axisymmetric: u_r = a r, u_z = b z + c (constant strain, hoop = a).
 * The free patch's stiffness must have exactly the rigid-body null space (this also shows
 * that the single-element spurious modes of CPE8R / C3D20R do not survive in a mesh).
 * The wedges (C3D6 with CalculiX' two points, C3D15) and C3D8I (incompatible modes condensed,
 * Taylor-Beresford-Wilson's modification, which is what makes the distorted patch pass) are
 * in the list too. */
#include "check.h"
#include "test_element_util.h"

typedef struct {
  int sd, nnodes, nelem, npe;
  double *X;             /* nnodes x 3 */
  int *conn;             /* nelem x npe */
  int *bnd;              /* per node: on the patch boundary */
} patch;

static void patch_free(patch *m)
{
  free(m->X);
  free(m->conn);
  free(m->bnd);
}

/* node at fine-grid index f (coordinates 0..2n per direction), created on first use */
static int node_at(patch *m, int *map, int n, const int *f, const double *x)
{
  int idx = 0;
  for (int j = m->sd - 1; j >= 0; j--) idx = idx * (2 * n + 1) + f[j];
  if (map[idx] < 0) {
    int a = m->nnodes++;
    map[idx] = a;
    for (int j = 0; j < 3; j++) m->X[3 * a + j] = j < m->sd ? x[j] : 0;
    m->bnd[a] = 0;
    for (int j = 0; j < m->sd; j++)
      if (f[j] == 0 || f[j] == 2 * n) m->bnd[a] = 1;
  }
  return map[idx];
}

static double tet_volume(const double *a, const double *b, const double *c, const double *d)
{
  double u[3], v[3], w[3];
  for (int j = 0; j < 3; j++) u[j] = b[j] - a[j], v[j] = c[j] - a[j], w[j] = d[j] - a[j];
  return (u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0]) +
          u[2] * (v[0] * w[1] - v[1] * w[0])) / 6;
}

/* n x n (x n) cells; quadrilaterals / bricks one per cell, triangles and wedges two (the
 * triangles of the xy square, extruded in z), tetrahedra six
 * (Kuhn's subdivision along the cell diagonal 000-111: conforming); r0 shifts x (radius). */
static void build_patch(sn_eltype t, int n, double distort, double r0, unsigned seed, patch *m)
{
  const sn_eldesc *d = sn_element_desc(t);
  const double (*xi)[3];
  const int (*mid)[2];
  int nc, npe = t_nat(t, &xi, &mid, &nc), sd = d->sdim;
  int nf = 1, ncell = 1, ncg = 1;
  for (int j = 0; j < sd; j++) nf *= 2 * n + 1, ncell *= n, ncg *= n + 1;
  int per = (nc == 3 || nc == 6) ? 2 : (sd == 3 && nc == 4) ? 6 : 1;
  m->sd = sd, m->npe = npe, m->nnodes = 0, m->nelem = 0;
  m->X = malloc(3 * (size_t)nf * sizeof(double));
  m->bnd = malloc((size_t)nf * sizeof(int));
  m->conn = malloc((size_t)ncell * per * npe * sizeof(int));
  int *map = malloc((size_t)nf * sizeof(int));
  double *P = malloc(3 * (size_t)ncg * sizeof(double));   /* coarse corner positions */
  for (int i = 0; i < nf; i++) map[i] = -1;
  unsigned s = seed;
  for (int c = 0; c < ncg; c++) {
    int ijk[3] = {c % (n + 1), (c / (n + 1)) % (n + 1), c / ((n + 1) * (n + 1))}, inner = 1;
    for (int j = 0; j < sd; j++) inner &= ijk[j] > 0 && ijk[j] < n;
    for (int j = 0; j < 3; j++) {
      P[3 * c + j] = j < sd ? (double)ijk[j] / n + (inner ? distort / n * t_rand(&s) : 0) : 0;
      if (j == 0) P[3 * c] += r0;
    }
  }
  for (int cell = 0; cell < ncell; cell++) {
    int c0[3] = {cell % n, (cell / n) % n, cell / (n * n)};
    for (int e = 0; e < per; e++) {
      int off[8][3];   /* corner offsets (0/1) within the cell */
      if (nc == 4 && sd == 2) {
        for (int a = 0; a < 4; a++)
          for (int j = 0; j < 3; j++) off[a][j] = xi[a][j] > 0;
      } else if (nc == 8) {
        for (int a = 0; a < 8; a++)
          for (int j = 0; j < 3; j++) off[a][j] = xi[a][j] > 0;
      } else if (nc == 3 || nc == 6) {
        static const int tri[2][3][3] = {{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}},
                                         {{0, 0, 0}, {1, 1, 0}, {0, 1, 0}}};
        memcpy(off, tri[e], sizeof tri[e]);
        if (nc == 6)
          for (int a = 0; a < 3; a++) {
            memcpy(off[3 + a], off[a], sizeof off[a]);
            off[3 + a][2] = 1;
          }
      } else {   /* Kuhn: 000, e_a, e_a + e_b, 111 for the permutation (a, b, c) number e */
        static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                       {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
        memset(off, 0, sizeof off);
        off[1][perm[e][0]] = 1;
        off[2][perm[e][0]] = 1, off[2][perm[e][1]] = 1;
        off[3][0] = off[3][1] = off[3][2] = 1;
      }
      double xc[8][3];
      int fc[8][3];
      for (int a = 0; a < nc; a++) {
        int g = 0;
        for (int j = sd - 1; j >= 0; j--) g = g * (n + 1) + c0[j] + off[a][j];
        for (int j = 0; j < 3; j++) {
          xc[a][j] = P[3 * g + j];
          fc[a][j] = j < sd ? 2 * (c0[j] + off[a][j]) : 0;
        }
      }
      if (sd == 3 && nc == 4 && tet_volume(xc[0], xc[1], xc[2], xc[3]) < 0) {
        double tx[3];
        int tf[3];
        memcpy(tx, xc[1], sizeof tx), memcpy(xc[1], xc[2], sizeof tx), memcpy(xc[2], tx, sizeof tx);
        memcpy(tf, fc[1], sizeof tf), memcpy(fc[1], fc[2], sizeof tf), memcpy(fc[2], tf, sizeof tf);
      }
      int *conn = m->conn + (size_t)m->nelem * npe;
      for (int a = 0; a < nc; a++) conn[a] = node_at(m, map, n, fc[a], xc[a]);
      for (int k = 0; k < npe - nc; k++) {
        int i = mid[k][0], j2 = mid[k][1], f[3];
        double x[3];
        for (int j = 0; j < 3; j++) {
          f[j] = (fc[i][j] + fc[j2][j]) / 2;
          x[j] = 0.5 * (xc[i][j] + xc[j2][j]);
        }
        conn[nc + k] = node_at(m, map, n, f, x);
      }
      m->nelem++;
    }
  }
  free(map);
  free(P);
}

static void field(const sn_eldesc *d, const double *x, double *u)
{
  static const double G[3][3] = {{1e-3, 2e-4, -3e-4}, {-1e-4, -5e-4, 4e-4}, {2.5e-4, 1e-4, 7e-4}};
  static const double c[3] = {1e-3, -2e-3, 5e-4};
  if (d->kind == SN_KIND_AXISYM) {
    u[0] = G[0][0] * x[0];
    u[1] = G[1][1] * x[1] + c[1];
    return;
  }
  for (int i = 0; i < d->sdim; i++) {
    u[i] = c[i];
    for (int j = 0; j < d->sdim; j++) u[i] += G[i][j] * x[j];
  }
}

static void exact_stress(const sn_eldesc *d, const sn_elprops *p, double *S)
{
  double g[3][3] = {{0}}, D[6][6], eps[6] = {0}, x0[3] = {1, 1, 1}, u0[3] = {0, 0, 0};
  field(d, x0, u0);
  for (int j = 0; j < d->sdim; j++) {
    double x1[3] = {1, 1, 1}, u1[3] = {0, 0, 0};
    x1[j] += 1;
    field(d, x1, u1);
    for (int i = 0; i < d->sdim; i++) g[i][j] = u1[i] - u0[i];
  }
  int ns = t_dmat(d->kind, p->E, p->nu, D);
  eps[0] = g[0][0], eps[1] = g[1][1], eps[3] = g[0][1] + g[1][0];
  if (d->sdim == 3) eps[2] = g[2][2], eps[4] = g[0][2] + g[2][0], eps[5] = g[1][2] + g[2][1];
  else if (d->kind == SN_KIND_AXISYM) eps[2] = g[0][0];
  for (int i = 0; i < 6; i++) S[i] = 0;
  for (int i = 0; i < ns; i++)
    for (int j = 0; j < ns; j++) S[i] += D[i][j] * eps[j];
}

static void patch_test(sn_eltype t, int n, double r0)
{
  const sn_eldesc *d = sn_element_desc(t);
  sn_elprops p = {1000, 0.3, 0, 0.7, 0, 0};
  patch m;
  build_patch(t, n, 0.3, r0, 17u + (unsigned)t, &m);
  int sd = m.sd, nd = m.nnodes * sd, npe = m.npe, ned = npe * sd;
  double *K = calloc((size_t)nd * nd, sizeof(double)), *Ke = malloc((size_t)ned * ned * sizeof(double));
  double *u = malloc((size_t)nd * sizeof(double)), *ux = malloc((size_t)nd * sizeof(double));
  int ok = 1;
  for (int e = 0; e < m.nelem && ok; e++) {
    double Xe[60];
    const int *c = m.conn + (size_t)e * npe;
    for (int a = 0; a < npe; a++) memcpy(Xe + 3 * a, m.X + 3 * c[a], 3 * sizeof(double));
    int st = sn_element_stiffness(t, Xe, &p, Ke);
    CHECK_INT(st, SN_OK);
    if (st != SN_OK) ok = 0;
    for (int a = 0; a < npe && ok; a++)
      for (int i = 0; i < sd; i++)
        for (int b = 0; b < npe; b++)
          for (int j = 0; j < sd; j++)
            K[(size_t)(sd * c[a] + i) + (size_t)nd * (sd * c[b] + j)] += Ke[(a * sd + i) + ned * (b * sd + j)];
  }
  if (!ok) goto done;
  /* free patch: null space = rigid-body modes */
  int nrig = d->kind == SN_KIND_AXISYM ? 1 : sd == 3 ? 6 : 3, rank = t_rank(nd, K, 1e-10);
  CHECK_INT(rank, nd - nrig);
  /* interior solve */
  int *fi = malloc((size_t)nd * sizeof(int)), ni = 0;
  for (int a = 0; a < m.nnodes; a++) {
    field(d, m.X + 3 * a, ux + sd * a);
    for (int i = 0; i < sd; i++) {
      u[sd * a + i] = m.bnd[a] ? ux[sd * a + i] : 0;
      if (!m.bnd[a]) fi[ni++] = sd * a + i;
    }
  }
  CHECK(ni > 0);
  double *A = malloc((size_t)ni * ni * sizeof(double) + 1), *b = malloc((size_t)ni * sizeof(double) + 1);
  for (int i = 0; i < ni; i++) {
    double s = 0;
    for (int j = 0; j < nd; j++) s -= K[fi[i] + (size_t)nd * j] * u[j];   /* interior u are 0 */
    b[i] = s;
    for (int j = 0; j < ni; j++) A[i + (size_t)ni * j] = K[fi[i] + (size_t)nd * fi[j]];
  }
  CHECK_INT(t_spd_solve(ni, A, b), 0);
  double umax = 0, uerr = 0;
  for (int i = 0; i < nd; i++) umax = fmax(umax, fabs(ux[i]));
  for (int i = 0; i < ni; i++) {
    u[fi[i]] = b[i];
    uerr = fmax(uerr, fabs(b[i] - ux[fi[i]]));
  }
  CHECK(uerr <= 1e-10 * umax);
  /* stresses */
  double Sx[6], smax = 0, serr = 0;
  exact_stress(d, &p, Sx);
  for (int i = 0; i < 6; i++) smax = fmax(smax, fabs(Sx[i]));
  for (int e = 0; e < m.nelem; e++) {
    double Xe[60], ue[60], Sip[6 * 27], Sn[6 * 20];
    const int *c = m.conn + (size_t)e * npe;
    for (int a = 0; a < npe; a++) {
      memcpy(Xe + 3 * a, m.X + 3 * c[a], 3 * sizeof(double));
      memcpy(ue + sd * a, u + sd * c[a], sd * sizeof(double));
    }
    CHECK_INT(sn_element_stress(t, Xe, &p, ue, Sip, Sn), SN_OK);
    for (int k = 0; k < d->nip; k++)
      for (int i = 0; i < 6; i++) serr = fmax(serr, fabs(Sip[6 * k + i] - Sx[i]));
    for (int a = 0; a < npe; a++)
      for (int i = 0; i < 6; i++) serr = fmax(serr, fabs(Sn[6 * a + i] - Sx[i]));
  }
  CHECK(serr <= 1e-10 * smax);
  printf("patch %-6s %d^%d cells, %3d elements, %4d dofs (%4d interior), r0 %.1f: |du| %.1e, "
         "|dS| %.1e (rel), rank %d of %d\n", d->name, n, sd, m.nelem, nd, ni, r0, uerr / umax,
         serr / smax, rank, nd);
  free(fi);
  free(A);
  free(b);
done:
  free(K);
  free(Ke);
  free(u);
  free(ux);
  patch_free(&m);
}

int main(void)
{
  for (int it = 0; it < T_NCONT; it++) {
    sn_eltype t = t_continuum[it];
    const sn_eldesc *d = sn_element_desc(t);
    patch_test(t, 3, d->kind == SN_KIND_AXISYM ? 0.5 : 0);
    if (d->kind == SN_KIND_AXISYM) patch_test(t, 3, 0);   /* nodes on the axis r = 0 */
  }
  return sn_check_report();
}
