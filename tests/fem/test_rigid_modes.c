/* sn_rigid_modes (src/fem/rigid_modes.c), the near-null space given to PETSc's multigrid. The
 * check that can fail independently of the code under test: the stiffness of an unsupported
 * elastic body annihilates its rigid-body motions, so K V = 0 (to round-off, relative to
 * |K| |V|) for K assembled by sn_fesys_internal on every unknown, in 3D (C3D8 and C3D4, nodes
 * perturbed off the grid, two nodes in a *TRANSFORM frame: K = T^T K T there, the modes in the
 * node's frame) and 2D (CPE4); the modes span 6 (3D) and 3 (2D) independent directions (the
 * Gram matrix's determinant > 0); a mode's value at one node against the formula worked out by
 * hand (rotation about x through the centroid: (0, -(z - cz), y - cy)); the block size: ndf
 * for whole nodes free, 1 when one component of a node is held, ndf again when a whole node
 * is held; bad arguments refused. */
#include "check.h"
#include "fe_deck.h"

static const double PERT = 0.01;

static int nid(int i, int j, int k, int nx, int ny) { return 1 + i + (nx + 1) * (j + (ny + 1) * k); }

static void deck3d(fd_buf *d, int nx, int ny, int nz)
{
  fd_print(d, "*NODE,NSET=NALL\n");
  for (int k = 0; k <= nz; k++)
    for (int j = 0; j <= ny; j++)
      for (int i = 0; i <= nx; i++)
        fd_print(d, "%d,%.17g,%.17g,%.17g\n", nid(i, j, k, nx, ny), 0.5 * i + PERT * sin(3.0 * j + k),
                 0.4 * j + PERT * cos(2.0 * i + k), 0.3 * k + PERT * sin(i + 2.0 * j) + 1.0);
  int e = 1;
  fd_print(d, "*ELEMENT,TYPE=C3D8,ELSET=EB\n");
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++)
      for (int i = 0; i < nx - 1; i++)
        fd_print(d, "%d,%d,%d,%d,%d,%d,%d,%d,%d\n", e++, nid(i, j, k, nx, ny), nid(i + 1, j, k, nx, ny),
                 nid(i + 1, j + 1, k, nx, ny), nid(i, j + 1, k, nx, ny), nid(i, j, k + 1, nx, ny),
                 nid(i + 1, j, k + 1, nx, ny), nid(i + 1, j + 1, k + 1, nx, ny), nid(i, j + 1, k + 1, nx, ny));
  fd_print(d, "*ELEMENT,TYPE=C3D4,ELSET=ET\n");   /* the last column of cells as tetrahedra */
  for (int k = 0; k < nz; k++)
    for (int j = 0; j < ny; j++) {
      int i = nx - 1, v[8] = {nid(i, j, k, nx, ny), nid(i + 1, j, k, nx, ny), nid(i + 1, j + 1, k, nx, ny),
                              nid(i, j + 1, k, nx, ny), nid(i, j, k + 1, nx, ny), nid(i + 1, j, k + 1, nx, ny),
                              nid(i + 1, j + 1, k + 1, nx, ny), nid(i, j + 1, k + 1, nx, ny)};
      static const int t[5][4] = {{0, 1, 3, 4}, {1, 2, 3, 6}, {1, 4, 5, 6}, {3, 4, 6, 7}, {1, 3, 4, 6}};
      for (int q = 0; q < 5; q++) fd_print(d, "%d,%d,%d,%d,%d\n", e++, v[t[q][0]], v[t[q][1]], v[t[q][2]], v[t[q][3]]);
    }
  fd_print(d, "*NSET,NSET=TR\n%d,%d\n", nid(1, 1, 1, nx, ny), nid(nx, ny, nz, nx, ny));
  fd_print(d, "*TRANSFORM,NSET=TR\n0.8,0.6,0,-0.6,0.8,0.3\n");
  fd_print(d, "*MATERIAL,NAME=A\n*ELASTIC\n210000,0.3\n*SOLID SECTION,ELSET=EB,MATERIAL=A\n"
              "*SOLID SECTION,ELSET=ET,MATERIAL=A\n*STEP\n*STATIC\n*END STEP\n");
}

static void deck2d(fd_buf *d, int nx, int ny)
{
  fd_print(d, "*NODE,NSET=NALL\n");
  for (int j = 0; j <= ny; j++)
    for (int i = 0; i <= nx; i++)
      fd_print(d, "%d,%.17g,%.17g\n", nid(i, j, 0, nx, ny), 0.5 * i + PERT * sin(3.0 * j), 0.4 * j + PERT * cos(2.0 * i));
  fd_print(d, "*ELEMENT,TYPE=CPE4,ELSET=E\n");
  int e = 1;
  for (int j = 0; j < ny; j++)
    for (int i = 0; i < nx; i++)
      fd_print(d, "%d,%d,%d,%d,%d\n", e++, nid(i, j, 0, nx, ny), nid(i + 1, j, 0, nx, ny), nid(i + 1, j + 1, 0, nx, ny),
               nid(i, j + 1, 0, nx, ny));
  fd_print(d, "*MATERIAL,NAME=A\n*ELASTIC\n70000,0.33\n*SOLID SECTION,ELSET=E,MATERIAL=A\n1.\n*STEP\n*STATIC\n*END STEP\n");
}

/* max_j |K v_j|_inf / (max |K_ij| max |v_j|): K upper triangle, applied as the full matrix */
static double annihilation(const sn_csc *Ku, int neq, int k, const double *V)
{
  sn_csc *K = NULL;
  if (sn_csc_sym_full(Ku, &K)) return INFINITY;
  double kmax = 0.0, worst = 0.0;
  for (int p = 0; p < K->nnz; p++) kmax = fmax(kmax, fabs(K->val[p]));
  double *y = malloc(sizeof(double) * (size_t)neq);
  for (int j = 0; j < k; j++) {
    const double *v = V + (size_t)neq * j;
    double vmax = 0.0, ymax = 0.0;
    for (int i = 0; i < neq; i++) vmax = fmax(vmax, fabs(v[i]));
    sn_csc_gemv(K, 1.0, v, 0.0, y);
    for (int i = 0; i < neq; i++) ymax = fmax(ymax, fabs(y[i]));
    worst = fmax(worst, ymax / (kmax * vmax));
  }
  free(y);
  sn_csc_free(K);
  return worst;
}

/* det of the k x k Gram matrix of the unit-normalized columns (Gaussian elimination) */
static double gram_det(int neq, int k, const double *V)
{
  double G[36], det = 1.0, nr[6];
  for (int a = 0; a < k; a++) {
    nr[a] = 0.0;
    for (int i = 0; i < neq; i++) nr[a] += V[(size_t)neq * a + i] * V[(size_t)neq * a + i];
    nr[a] = sqrt(nr[a]);
  }
  for (int a = 0; a < k; a++)
    for (int b = 0; b < k; b++) {
      double s = 0.0;
      for (int i = 0; i < neq; i++) s += V[(size_t)neq * a + i] * V[(size_t)neq * b + i];
      G[k * a + b] = s / (nr[a] * nr[b]);
    }
  for (int c = 0; c < k; c++) {
    det *= G[k * c + c];
    if (G[k * c + c] == 0.0) return 0.0;
    for (int r = c + 1; r < k; r++) {
      double f = G[k * r + c] / G[k * c + c];
      for (int q = c; q < k; q++) G[k * r + q] -= f * G[k * c + q];
    }
  }
  return det;
}

static void check_model(const char *name, fd_buf *d, int want_k)
{
  char msg[512] = "";
  sn_model *m = NULL;
  CHECK_INT(sn_inp_parse(d->s, d->n, name, NULL, &m, msg, sizeof msg), SN_OK);
  free(d->s);
  memset(d, 0, sizeof *d);
  if (!m) { fprintf(stderr, "%s: %s\n", name, msg); return; }
  sn_dofmap *T = NULL;
  CHECK_INT(sn_dofmap_create(m, &T, msg, sizeof msg), SN_OK);
  sn_fesys *S = NULL;
  CHECK_INT(sn_fesys_create(m, &S, msg, sizeof msg), SN_OK);
  if (!S || !T) return;
  sn_fesys_set_dofmap(S, T);
  int ndf = m->ndf, ndof = sn_fesys_ndof(S), neq = ndof;
  int *eq = malloc(sizeof(int) * (size_t)ndof);
  for (int q = 0; q < ndof; q++) eq[q] = q;                 /* unsupported: every unknown free */
  double *u = calloc((size_t)ndof, sizeof(double)), *f = calloc((size_t)ndof, sizeof(double));
  sn_csc *K = NULL;
  CHECK_INT(sn_fesys_internal(S, u, 0, f, eq, neq, 1, &K, msg, sizeof msg), SN_OK);
  double *V = NULL;
  int k = 0, bs = 0;
  CHECK_INT(sn_rigid_modes(m, T, eq, neq, &V, &k, &bs), SN_OK);
  CHECK_INT(k, want_k);
  CHECK_INT(bs, ndf);
  double ann = annihilation(K, neq, k, V), det = gram_det(neq, k, V);
  printf("%s: %d dofs, %d modes, |K V| / (|K| |V|) = %.2e, Gram det %.3e\n", name, neq, k, ann, det);
  CHECK(ann < 1e-12);   /* measured 1e-16 to 1e-15 */
  CHECK(det > 1e-3);    /* independent modes (measured 1.000: about the centroid nearly orthogonal) */
  if (ndf == 3) {
    /* rotation about x at node 1 (no transform there) against (0, -(z - cz), y - cy) */
    double c[3] = {0, 0, 0};
    for (int i = 0; i < m->nnodes; i++)
      for (int a = 0; a < 3; a++) c[a] += m->x[3 * i + a] / m->nnodes;
    int n1 = sn_model_node_index(m, 1);
    CHECK_CLOSE(V[(size_t)neq * 3 + 3 * n1 + 0], 0.0, 0, 1e-15);
    CHECK_CLOSE(V[(size_t)neq * 3 + 3 * n1 + 1], -(m->x[3 * n1 + 2] - c[2]), 0, 1e-14);
    CHECK_CLOSE(V[(size_t)neq * 3 + 3 * n1 + 2], m->x[3 * n1 + 1] - c[1], 0, 1e-14);
    CHECK_CLOSE(V[(size_t)neq * 0 + 3 * n1 + 0], 1.0, 0, 0.0);   /* translation x */
    free(V);
    /* one component of node 1 held: the block size falls to 1 and that row is gone */
    int neq2 = 0;
    for (int q = 0; q < ndof; q++) eq[q] = q == 3 * n1 + 2 ? -1 : neq2++;
    CHECK_INT(sn_rigid_modes(m, T, eq, neq2, &V, &k, &bs), SN_OK);
    CHECK_INT(bs, 1);
    CHECK_CLOSE(V[(size_t)neq2 * 5 + 3 * n1 + 1], m->x[3 * n1 + 0] - c[0], 0, 1e-14);   /* rotation z: x - cx (all nodes still move) */
    free(V);
    /* the whole node held: whole nodes again */
    neq2 = 0;
    for (int q = 0; q < ndof; q++) eq[q] = q / 3 == n1 ? -1 : neq2++;
    CHECK_INT(sn_rigid_modes(m, T, eq, neq2, &V, &k, &bs), SN_OK);
    CHECK_INT(bs, 3);
    CHECK_INT(k, 6);
    /* bad arguments */
    CHECK_INT(sn_rigid_modes(m, T, NULL, neq2, &V, &k, &bs), SN_ERR_ARG);
    CHECK_INT(sn_rigid_modes(m, T, eq, -1, &V, &k, &bs), SN_ERR_ARG);
  }
  free(V);
  sn_csc_free(K);
  free(eq);
  free(u);
  free(f);
  sn_fesys_free(S);
  sn_dofmap_free(T);
  sn_model_free(m);
}

int main(void)
{
  fd_buf d = {0};
  deck3d(&d, 4, 3, 2);
  check_model("block3d", &d, 6);
  deck2d(&d, 5, 3);
  check_model("plate2d", &d, 3);
  return sn_check_report();
}
