/* Contact detection for a slave node on the edge between two master faces (src/contact/detect.c,
 * closest_face_at): a plate of 2 x 1 C3D8 whose top is bent into a valley along x = 0.5 (z =
 * 1e-3 |x - 0.5|), under a block of 2 x 1 C3D8 whose bottom nodes at x = 0.5 lie 0.01 above the
 * valley: the two faces are equally far from them. The choice of the face must not depend on
 * rounding:
 *  - moved by dx = -1e-14 ... 1e-14 along x, each such node keeps the face it had at dx = 0
 *    (an exact comparison of the two distances picked the face on the side of dx: the model split
 *    and the whole model, whose iterates differed by 5e-14, then had normals tilted by +1.5e-4 or -1.5e-4 and
 *    results 1e-3 apart on CalculiX' friction1, where every slave node lies on master edges);
 *  - moved by dx = +-1e-6, far beyond rounding, it takes the face on its side, the closer one: the
 *    distances differ by 2e-9 there, the tie is 1e-10 of the largest face's size (7e-11). */
#include "fe_deck.h"
#include "signorini/contact.h"
#include "signorini/fem.h"

static void hex_block(fd_buf *b, double y0, double y1, double z0, double h, int nid0, int eid0, const char *elset)
{
  fd_print(b, "*NODE\n");
  for (int k = 0; k < 2; k++)
    for (int j = 0; j < 2; j++)
      for (int i = 0; i < 3; i++)
        fd_print(b, "%d, %.17g, %.17g, %.17g\n", nid0 + (k * 2 + j) * 3 + i, 0.5 * i, j ? y1 : y0, z0 + h * k);
  fd_print(b, "*ELEMENT, TYPE=C3D8, ELSET=%s\n", elset);
  for (int i = 0; i < 2; i++) {
    int n0 = nid0 + i;
    fd_print(b, "%d, %d, %d, %d, %d, %d, %d, %d, %d\n", eid0 + i, n0, n0 + 1, n0 + 4, n0 + 3, n0 + 6, n0 + 7, n0 + 10,
             n0 + 9);
  }
}

/* the master element of slave node v's point (-1: none) */
static int face_of(const sn_contact_point *p, int n, int v)
{
  for (int k = 0; k < n; k++)
    if (p[k].slave_node == v) return p[k].master_elem;
  return -1;
}

int main(void)
{
  fd_buf b = {0};
  hex_block(&b, 0.1, 0.4, 0.01, 0.1, 1, 1, "BLOCK");
  hex_block(&b, 0.0, 0.5, -0.2, 0.2, 101, 101, "PLATE");
  sn_model *m = fd_block_on_plate(&b, 0.0);
  char msg[512];
  int r;
  if (!m) return sn_check_report();
  double *u = calloc(3 * (size_t)m->nnodes, sizeof *u);
  int mid[2], nm = 0;
  for (int i = 0; i < m->nnodes; i++) {
    const double *x = m->x + 3 * i;
    if (m->node_id[i] > 100 && x[2] > -0.1) u[3 * i + 2] = 1e-3 * fabs(x[0] - 0.5);   /* the valley */
    if (m->node_id[i] < 100 && x[2] < 0.05 && x[0] == 0.5 && nm < 2) mid[nm++] = i;
  }
  CHECK_INT(nm, 2);
  sn_contact_point *p = NULL;
  int n = 0;
  r = sn_contact_detect(m, u, 0.0, &p, &n, msg, sizeof msg);
  CHECK_INT(r, SN_OK);
  int f0[2] = {face_of(p, n, mid[0]), face_of(p, n, mid[1])};
  sn_contact_points_free(p);
  CHECK(f0[0] >= 0 && f0[1] >= 0);
  const double dx[] = {-1e-14, -3e-15, 1e-15, 7e-15, 1e-14, -1e-6, 1e-6};
  int side[2] = {-1, -1};
  for (int t = 0; t < 7; t++) {
    for (int a = 0; a < 2; a++) u[3 * mid[a]] = dx[t];
    p = NULL;
    r = sn_contact_detect(m, u, 0.0, &p, &n, msg, sizeof msg);
    CHECK_INT(r, SN_OK);
    for (int a = 0; a < 2; a++) {
      int f = face_of(p, n, mid[a]);
      if (t < 5 && f != f0[a])
        fprintf(stderr, "node %d moved by %g: face %d, at rest %d\n", m->node_id[mid[a]], dx[t], f, f0[a]);
      if (t < 5) CHECK_INT(f, f0[a]);
      else side[t - 5] = a == 0 ? f : side[t - 5];
      if (t >= 5) CHECK_INT(f, side[t - 5]);   /* both nodes of one side on the same face */
    }
    sn_contact_points_free(p);
  }
  /* dx < 0: the face over x < 0.5 (element 101), dx > 0: over x > 0.5 (102); indices 0 and 1 */
  CHECK(side[0] >= 0 && side[1] >= 0 && side[0] != side[1]);
  CHECK_INT(m->elem_id[side[0]], 101);
  CHECK_INT(m->elem_id[side[1]], 102);
  free(u);
  sn_model_free(m);
  return sn_check_report();
}
