/* The penalty Newton loop of face-to-face penalty contact (CalculiX manual, "Face-to-Face Penalty
 * Contact") where K + contact stiffness is not positive definite.
 * - A column (5 C3D20, 1 x 1 x 10, clamped at its foot) pressed through a plate (one C3D20,
 *   1 x 1 x 0.5, its top moved by -0.15, held laterally) by a frictionless LINEAR face-to-face
 *   pair (slope 1e5), NLGEOM: at 0.44 of the load and beyond the straight column has a negative
 *   eigenvalue (it would buckle sideways); ccx 2.20 on the same deck converges on the straight
 *   path (spooles factors the indefinite matrix) and prints for the column's top corner
 *   (-1.953232E-03, -1.953232E-03, -1.309257E-01) and eigenvalues -0.2708585E+05 (twice),
 *   0.2609069E+06 in its *FREQUENCY, PERTURBATION step. Here the penalty Newton loop goes on by
 *   LU where K + contact stiffness is not positive definite (a Cholesky failure used to cut the
 *   increment back until it crept up to the bifurcation, CalculiX' ringfcontact2 then jumping off
 *   its symmetric path): the same displacements (3.2e-5 of them), the same negative eigenvalue
 *   (1.5e-2: the perturbation springs differ, docs/deck.md). */
#include "fe_deck.h"
#include "signorini/contact.h"

/* the column and the plate: C3D20 nodes by coordinates (ids from 1, the plate's from 1001) */
typedef struct {
  int n;
  double x[200][3];
} nodes_t;

static int node(nodes_t *N, int base, double x, double y, double z)
{
  for (int i = 0; i < N->n; i++)
    if (fabs(N->x[i][0] - x) + fabs(N->x[i][1] - y) + fabs(N->x[i][2] - z) < 1e-12) return base + i + 1;
  N->x[N->n][0] = x, N->x[N->n][1] = y, N->x[N->n][2] = z;
  return base + ++N->n;
}

static void c3d20(fd_buf *b, nodes_t *N, int base, int id, double z0, double z1)
{
  static const int ed[12][2] = {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {4, 5}, {5, 6}, {6, 7}, {7, 4}, {0, 4}, {1, 5}, {2, 6}, {3, 7}};
  double c[8][3] = {{0, 0, z0}, {1, 0, z0}, {1, 1, z0}, {0, 1, z0}, {0, 0, z1}, {1, 0, z1}, {1, 1, z1}, {0, 1, z1}};
  int v[20];
  for (int k = 0; k < 8; k++) v[k] = node(N, base, c[k][0], c[k][1], c[k][2]);
  for (int k = 0; k < 12; k++)
    v[8 + k] = node(N, base, (c[ed[k][0]][0] + c[ed[k][1]][0]) / 2, (c[ed[k][0]][1] + c[ed[k][1]][1]) / 2,
                    (c[ed[k][0]][2] + c[ed[k][1]][2]) / 2);
  fd_print(b, "%d", id);
  for (int k = 0; k < 20; k++) fd_print(b, "%s%d", k == 15 ? ",\n" : ",", v[k]);
  fd_print(b, "\n");
}

static double lam0;

static int first_eigenvalue(const sn_model *m, const sn_fesys *S, const sn_frequency_result *res, void *user)
{
  (void)m; (void)S; (void)user;
  lam0 = res->nev > 0 ? res->eigenvalue[0] : 0;
  return 0;
}

static void column(void)
{
  fd_buf e = {0}, b = {0};
  nodes_t C = {0}, P = {0};
  fd_print(&e, "*ELEMENT,TYPE=C3D20,ELSET=COL\n");
  for (int k = 0; k < 5; k++) c3d20(&e, &C, 0, k + 1, 2 * k, 2 * k + 2);
  fd_print(&e, "*ELEMENT,TYPE=C3D20,ELSET=PLATE\n");
  c3d20(&e, &P, 1000, 6, 10, 10.5);
  fd_print(&b, "*NODE,NSET=NALL\n");
  for (int i = 0; i < C.n; i++) fd_print(&b, "%d,%g,%g,%g\n", i + 1, C.x[i][0], C.x[i][1], C.x[i][2]);
  for (int i = 0; i < P.n; i++) fd_print(&b, "%d,%g,%g,%g\n", 1001 + i, P.x[i][0], P.x[i][1], P.x[i][2]);
  fd_print(&b, "%s*NSET,NSET=BOT\n", e.s);
  free(e.s);
  for (int i = 0; i < C.n; i++)
    if (C.x[i][2] == 0) fd_print(&b, "%d\n", i + 1);
  fd_print(&b, "*NSET,NSET=TOP\n");
  for (int i = 0; i < P.n; i++)
    if (P.x[i][2] == 10.5) fd_print(&b, "%d\n", 1001 + i);
  fd_print(&b, "*MATERIAL,NAME=M\n*ELASTIC\n1.E5,0.3\n*DENSITY\n1.E-3\n*SOLID SECTION,ELSET=COL,MATERIAL=M\n"
               "*SOLID SECTION,ELSET=PLATE,MATERIAL=M\n*SURFACE,NAME=SS\n5,S2\n*SURFACE,NAME=SM\n6,S1\n"
               "*CONTACT PAIR,INTERACTION=SI,TYPE=SURFACE TO SURFACE\nSS,SM\n*SURFACE INTERACTION,NAME=SI\n"
               "*SURFACE BEHAVIOR,PRESSURE-OVERCLOSURE=LINEAR\n1.E5\n*BOUNDARY\nBOT,1,3\nTOP,1,2\n"
               "*STEP,NLGEOM\n*STATIC\n*BOUNDARY\nTOP,3,3,-0.15\n*END STEP\n*STEP,PERTURBATION\n*FREQUENCY\n2\n*END STEP\n");
  fd_result r;
  memset(&r, 0, sizeof r);
  char msg[512];
  int st = sn_inp_parse(b.s, b.n, "fp_column", NULL, &r.m, msg, sizeof msg);
  free(b.s);
  CHECK_INT(st, SN_OK);
  if (st) { fprintf(stderr, "%s\n", msg); return; }
  r.nnodes = r.m->nnodes;
  r.ndof = 3 * r.nnodes;
  for (int k = 0; k < r.m->nelems; k++) r.nip += sn_element_desc(r.m->elem_type[k])->nip;
  r.u = calloc((size_t)r.ndof, sizeof(double));
  r.rf = calloc((size_t)r.ndof, sizeof(double));
  r.snode = calloc((size_t)r.nnodes * 6, sizeof(double));
  r.sip = calloc((size_t)r.nip * 6 + 1, sizeof(double));
  sn_static_settings s;
  sn_static_settings_default(&s);
  s.on_increment = fd_on_inc;
  s.on_frequency = first_eigenvalue;
  s.user = &r;
  sn_static_info info;
  memset(&info, 0, sizeof info);
  st = sn_static_run(r.m, &s, &info, msg, sizeof msg);
  if (st) fprintf(stderr, "%s\n", msg);
  CHECK_INT(st, SN_OK);
  CHECK(info.lu_fallbacks > 0);      /* past the bifurcation: K + contact stiffness indefinite */
  CHECK(info.increments <= 6);
  int corner = 0;                    /* the column's top corner (0, 0, 10) */
  for (int i = 0; i < C.n; i++)
    if (C.x[i][0] == 0 && C.x[i][1] == 0 && C.x[i][2] == 10) corner = i + 1;
  CHECK_CLOSE(fd_u(&r, corner, 0), -1.953232e-3, 0, 5e-6);
  CHECK_CLOSE(fd_u(&r, corner, 1), -1.953232e-3, 0, 5e-6);
  CHECK_CLOSE(fd_u(&r, corner, 2), -1.309257e-1, 0, 5e-6);
  CHECK_CLOSE(lam0, -0.2708585e5, 2e-2, 0);
  fd_free(&r);
}

int main(void)
{
  column();
  return sn_check_report();
}
